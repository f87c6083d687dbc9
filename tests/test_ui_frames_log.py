"""What a key costs the shared parts of a game screen, by counts: the move log given several entries at
once (a round's end), the backgrounds found while a frame is drawn; and what they make without rich or
Textual's own measuring (a part's height, its lines counted, the action bar's choices), against theirs."""

import random

from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tabletop_tui.rules.engine import Event
from tabletop_tui.ui.widgets.common import KeptLines, LineStyles, MoveLog, _height


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
    formatted = []
    wrap_and_format = Content._wrap_and_format
    monkeypatch.setattr(Content, "_wrap_and_format",
                        lambda content, *a, **k: formatted.append(content) or wrap_and_format(content, *a, **k))
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
            # drawn from its rows, without Content's wrapping and formatting where each fits: the same
            # segments (their styles and places) at the bar's width, and at any other
            formatted.clear()
            for width in (bar.size.width, rnd.randint(1, 60)):
                assert ([list(s) for s in bar.visual.to_strips(bar, bar.visual, width, None, bar.visual_style)]
                        == [list(s) for s in theirs.visual.to_strips(theirs, theirs.visual, width, None,
                                                                     theirs.visual_style)]), width
            ours = sum(content is bar.visual for content in formatted)
            assert (ours == 0) == (max(map(len, bar.visual.plain.split("\n"))) <= width), (ours, width)


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
        # and the app's ANSI theme once for the frame: the lines Textual's render_widget gives
        monkeypatch.undo()
        themes = []
        ansi_theme = type(app).ansi_theme
        monkeypatch.setattr(type(app), "ansi_theme", property(lambda a: themes.append(a) or ansi_theme.fget(a)))
        crops = [Region(0, 0, *w.region.size) for w in parts]

        def drawn(render_widget):
            for w in parts:
                w._styles_cache.clear()
            return [[list(line) for line in render_widget(w._styles_cache, w, crop)] for w, crop in zip(parts, crops)]

        theirs = drawn(StylesCache.render_widget)
        read = len(themes)  # (once for each part, and where a part's content asks for it)
        themes.clear()
        with drawing_frame():
            assert drawn(type(parts[0]._styles_cache).render_widget) == theirs
        assert read - len(themes) == len(parts) - 1


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


class Styled(App):
    CSS = """
    Static { height: auto; }
    .pad { padding: 0 2; }
    .tall { padding: 1 3 1 0; }
    .narrow { width: 9; text-wrap: nowrap; text-overflow: clip; }
    .side { border-left: solid red; }
    .tint { tint: blue 30%; }
    .faded { text-opacity: 60%; }
    .see { opacity: 70%; }
    """

    def compose(self):
        for classes in ("", "pad", "tall", "narrow pad", "side", "tint", "faded", "see"):
            yield Kept(classes=classes)
            yield Static(classes=classes)


class Kept(KeptLines, Static):
    pass


async def test_a_line_styled_by_its_padding_alone_is_textuals_made_without_it(monkeypatch):
    # a part with no border at the sides, outline, tint or opacity has each content line styled (filled
    # out and padded) without Textual's StylesCache.render_line: the same segments as Textual's; any
    # other part is styled by Textual's
    rnd = random.Random(8)
    words = ["Ada", "7♥", "café", "x" * 30, "•", "  ", "end."]
    styles = ["", "bold", "red on white", "italic green"]
    app = Styled()
    async with app.run_test(size=(50, 200)) as pilot:
        styled = []
        render_line = StylesCache.render_line
        monkeypatch.setattr(StylesCache, "render_line",
                            lambda self, styles, y, *a: styled.append((self, y)) or render_line(self, styles, y, *a))
        for _ in range(3):
            text = Text()
            for n in range(rnd.randint(4, 12)):  # (a line not styled before: its first word new)
                text.append(f"{n}{rnd.random():.6f}{rnd.choice(words)}" + rnd.choice(" \n"), style=rnd.choice(styles))
            children = list(app.screen.children)
            pairs = list(zip(children[::2], children[1::2]))
            for ours, theirs in pairs:
                ours.update(text)
                theirs.update(text)
            styled.clear()
            await pilot.pause()
            for ours, theirs in pairs:
                width, height = ours.region.size
                top, bottom = ours.styles.padding.top, height - ours.styles.padding.bottom
                # the content's lines styled by Textual in the frame
                made = sum(cache is ours._styles_cache and top <= y < bottom for cache, y in styled)
                crop = Region(0, 0, width, height)
                mine = ours.render_lines(crop)
                assert [list(line) for line in mine] == [list(line) for line in theirs.render_lines(crop)]
                assert height and [line.cell_length for line in mine] == [width] * height
                plain = not ours.classes & {"side", "tint", "faded", "see"}
                assert (made == 0) == plain and bottom > top, ours.classes
                # (its caches made when first used)
                line = mine[-1]
                assert list(line.crop(1, 5)) == list(Strip(list(line)).crop(1, 5))
                assert [list(piece) for piece in line.divide([2, 4])] == [
                    list(piece) for piece in Strip(list(line)).divide([2, 4])]


async def test_a_new_scroll_bar_of_rows_drawn_before_styles_none_and_draws_what_textual_draws(monkeypatch):
    # the log grows a line at a time: its scroll bar is a new bar each time (the thumb shorter, lower),
    # made of rows it has drawn before (track, thumb, their ends), each taken as it was drawn in those
    # columns; the lines are those Textual's StylesCache draws, segment for segment
    styled = []
    render_line = LineStyles.render_line

    def counted(cache, styles, y, *args):
        styled.append(cache)
        return render_line(cache, styles, y, *args)

    monkeypatch.setattr(LineStyles, "render_line", counted)
    app = TwoLogs()
    async with app.run_test(size=(41, 24)) as pilot:
        log = app.query_one("#log", MoveLog)
        log.add([Event("", f"move {i}") for i in range(12)])
        await pilot.pause()
        bar = log.vertical_scrollbar
        new_rows = []
        for i in range(12, 40):
            log.add([Event("", f"move {i}")])
            styled.clear()
            await pilot.pause()
            assert bar.display
            new_rows.append(styled.count(bar._styles_cache))
            crop = Region(0, 0, *bar.size)
            assert [list(line) for line in bar.render_lines(crop)] == [
                list(line) for line in StylesCache().render_widget(bar, crop)], i
        assert new_rows.count(0) > len(new_rows) // 2, new_rows  # most bars: no row styled anew
        # a bar with a row not drawn before styles that row alone (a new end of the thumb), not every row
        assert 0 < max(new_rows[1:]) <= 2, new_rows  # (the first bar: all its rows new)
