"""What a key costs the shared parts of a game screen, by counts: the move log given several entries at
once (a round's end), the backgrounds found while a frame is drawn; and what they make without rich or
Textual's own measuring (a part's height, its lines counted, the action bar's choices), against theirs."""

import random

from textual.app import App
from textual.content import Content
from textual.widget import Widget

from tabletop_tui.rules.engine import Event
from tabletop_tui.ui.widgets.common import MoveLog, _height


class TwoLogs(App):
    CSS = "MoveLog { height: 1fr; }"

    def compose(self):
        yield MoveLog(id="log")
        yield MoveLog(id="rich")


async def test_a_round_of_entries_is_written_as_one_the_lines_those_rich_renders(monkeypatch):
    # the log's width and the console's options are found once for the entries of one change, however
    # many; the lines are those RichLog renders for each entry written alone
    rnd = random.Random(5)
    words = ["Ada", "scores", "7♥", "the", "round", "—", "café", "x" * 40, "non\xa0breaking", "  ", "end."]
    texts = [" ".join(rnd.choice(words) for _ in range(rnd.randint(1, 16))) for _ in range(13)]
    kinds = ["score", "turn", "", "chance", "error"]
    app = TwoLogs()
    async with app.run_test(size=(41, 24)) as pilot:
        log, theirs = app.query_one("#log", MoveLog), app.query_one("#rich", MoveLog)
        theirs._one_cell_lines = lambda text, room: None  # (rich renders)
        await pilot.pause()
        found = []
        region = Widget.scrollable_content_region.fget
        monkeypatch.setattr(MoveLog, "scrollable_content_region",
                            property(lambda widget: found.append(widget) or region(widget)))
        options = type(app.console).options.fget
        monkeypatch.setattr(type(app.console), "options", property(lambda c: found.append(c) or options(c)))
        log.add([Event(kinds[0], texts[0])])
        one = len(found)
        found.clear()
        log.add([Event(kinds[i % 5], text) for i, text in enumerate(texts[1:], 1)])
        assert len(found) == one  # twelve entries: the width and options found as often as for one
        monkeypatch.undo()
        for i, text in enumerate(texts):
            theirs.add([Event(kinds[i % 5], text)])
        await pilot.pause()
        assert [list(strip) for strip in log.lines] == [list(strip) for strip in theirs.lines]
        assert log.virtual_size == theirs.virtual_size
        assert log.scroll_offset.y == log.max_scroll_y == theirs.scroll_offset.y


def test_a_parts_height_told_without_wrapping_is_textuals():
    class Rules(dict):
        pass

    rnd = random.Random(3)
    pieces = ["a", "bb", " ", "  ", "\n", "\n\n", "♠", "•", "é", "漢", "\t", "x" * 12, "e\u0301", "word "]
    checked = 0
    for _ in range(3000):
        plain = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 30)))
        width = rnd.randint(3, 25)
        rules = Rules(line_pad=rnd.choice([0, 0, 1]), text_wrap=rnd.choice(["wrap", "nowrap"]),
                      text_overflow=rnd.choice(["fold", "ellipsis"]))
        try:
            want = Content(plain).get_height(rules, width)
        except (IndexError, ValueError):  # (Textual's own, for some combining characters)
            continue
        assert _height(Content(plain), rules, width) == want, (plain, width, rules)
        checked += 1
    assert checked > 2500


async def test_the_choices_set_out_as_strings_are_the_text_textual_has_from_rich(monkeypatch):
    # the action bar's choices of one-cell characters are set out as strings: the same Content (text,
    # spans, lines drawn) and the same places to click as from the rich Text it set out before
    from tabletop_tui.ui.widgets import common
    from tabletop_tui.ui.widgets.common import Action, ActionBar

    class BarApp(App):
        def compose(self):
            yield ActionBar(id="bar")
            yield ActionBar(id="rich")

    rnd = random.Random(9)
    words = ["Roll", "stop", "the 7♥", "Ada's", "—", "pass", "x" * 30, "é"]
    app = BarApp()
    async with app.run_test(size=(60, 24)) as pilot:
        bar, theirs = app.query_one("#bar", ActionBar), app.query_one("#rich", ActionBar)
        for _ in range(25):
            actions = [Action(str(i), " ".join(rnd.choice(words) for _ in range(rnd.randint(1, 4))), 0, None)
                       for i in range(1, rnd.randint(2, 12))]
            bar.set_actions(actions)
            with monkeypatch.context() as patched:
                patched.setattr(common, "_one_cell", lambda plain: False)  # (set out as rich Text)
                theirs.set_actions(actions)
            assert (bar.visual.plain, bar.visual.spans) == (theirs.visual.plain, theirs.visual.spans)
            assert bar._layout == theirs._layout
            await pilot.pause()
            width = bar.size.width
            assert ([list(s) for s in bar.visual.to_strips(bar, bar.visual, width, None, bar.visual_style)]
                    == [list(s) for s in theirs.visual.to_strips(theirs, theirs.visual, width, None,
                                                                 theirs.visual_style)])


async def test_a_frame_finds_each_parts_background_from_its_parents_once(make_app, store, monkeypatch):
    # while a frame is drawn, a part that keeps its lines finds its background colours and opacity
    # from its parent's, found once for the frame: those Textual adds up from every ancestor
    from textual.dom import DOMNode

    from tabletop_tui import catalog
    from tabletop_tui.session import Session
    from tabletop_tui.ui.widgets.common import KeptLines, drawing_frame

    players, seed, options, moves = catalog.get("hotel-transylvania").screenshot_scene()
    session = Session.new("hotel-transylvania", players, seed, options, [], store)
    session.autoplay(moves)
    session.release()
    app = make_app(start={"save": session.save_id}, force_curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        parts = [w for w in app.screen.walk_children() if isinstance(w, KeptLines)]
        assert len(parts) > 5
        textuals = DOMNode.background_colors.fget
        theirs = [textuals(w) for w in parts]
        added_up = []
        monkeypatch.setattr(DOMNode, "background_colors", property(lambda w: added_up.append(w) or textuals(w)))
        opacities = [Widget.opacity.fget(w) for w in parts]
        with drawing_frame():
            ours = [w.background_colors for w in parts]
            assert [w.opacity for w in parts] == opacities
        assert ours == theirs
        assert added_up == []  # (none added up every ancestor's)
        assert [w.background_colors for w in parts] == theirs and len(added_up) == len(parts)  # (no frame)


def test_a_part_counts_its_lines_as_rich_wraps_them():
    # a part of the table counts the lines its texts take at its width without rich's wrap where a
    # character is a cell: rich's count, for every overflow and width
    from types import SimpleNamespace

    from rich.console import Console
    from rich.text import Text

    from tabletop_tui.ui.widgets.part_lines import PartLines

    console = Console(width=100)
    rnd = random.Random(2)
    pieces = ["a", "bb", " ", "  ", "\n", "♠", "•", "é", "漢", "\t", "x" * 12, "word ", "\xa0"]
    for _ in range(2000):
        part = SimpleNamespace(_width=rnd.randint(0, 30), app=SimpleNamespace(console=console))
        lines = [Text("".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 25))),
                      overflow=rnd.choice([None, "fold", "ellipsis", "crop", "ignore"]),
                      no_wrap=rnd.choice([None, None, True])) for _ in range(rnd.randint(0, 3))]
        width = part._width
        assert PartLines.count(part, lines) == sum(  # type: ignore[arg-type]
            1 if not width or line.cell_len <= width else len(line.wrap(console, width)) for line in lines)
