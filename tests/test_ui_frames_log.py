"""What a key that adds several entries to the move log at once (a round's end) costs, by counts; and
the parts' heights told without wrapping them, against Textual's."""

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
