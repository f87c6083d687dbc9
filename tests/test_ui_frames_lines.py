"""What the shared drawing costs each line and each key, by counts: a line drawn by lines (TextLines, the
board) placed once, as Textual places it, each style with its offset made once; lines measured once per
change, a one-line part of the table not rendered to learn that it is one line high, and a line's runs
found without trying every span at every cut."""

import random

from rich.segment import ControlType, Segment
from rich.style import Style
from rich.text import Span, Text
from textual import events
from textual._compositor import Compositor
from textual.app import App
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip

from tabletop_tui.ui.widgets import grid
from tabletop_tui.ui.widgets.common import Drawn
from tabletop_tui.ui.widgets.grid import LineDrawn, TextLines, placed_strip, text_key, text_runs
from ui_helpers import settle


class LinesApp(App):
    def compose(self):
        yield TextLines(id="lines")
        yield Drawn("one line", id="part")


class MeasuredText(Text):
    """A Text that counts how often its width is measured."""

    measured = 0

    @property
    def cell_len(self) -> int:
        MeasuredText.measured += 1
        return super().cell_len


async def test_a_line_drawn_again_is_neither_placed_nor_measured_again(monkeypatch):
    placed = []
    place = grid.placed_strip

    def counted(strip, y):
        placed.append(y)
        return place(strip, y)

    monkeypatch.setattr(grid, "placed_strip", counted)
    app = LinesApp()
    async with app.run_test(size=(40, 12)) as pilot:
        part = app.query_one("#lines", TextLines)
        lines = [MeasuredText(f"line {i}", style="bold" if i % 2 else "") for i in range(6)]
        part.show_lines(lines)
        await settle(pilot)
        assert part.drawn == 6 and placed == [None] * 6  # (a frame's lines placed at no row)
        MeasuredText.measured = 0
        placed.clear()
        for _ in range(3):  # Textual asks again for lines that did not change (a scroll, the mouse)
            for y in range(6):
                assert part.render_line(y).text == f"line {y}"
        assert sorted(placed) == list(range(6))  # each line asked alone placed at its row once, and kept
        assert MeasuredText.measured == 0  # the lines' width measured at show_lines, not at each line
        measured = []
        monkeypatch.setattr(grid, "line_cells", lambda line: measured.append(line) or grid.Text.cell_len.fget(line))
        part.show_lines(lines[:5] + [MeasuredText("line five")])
        assert len(measured) == 6  # once per line of a new content
        await settle(pilot)
        assert part.render_line(5).text == "line five"
        assert len(measured) == 6


async def test_a_one_line_part_is_not_rendered_to_tell_its_height(monkeypatch):
    wraps = []
    wrap = Content._wrap_and_format

    def counted(content, *args, **kwargs):
        wraps.append(content.plain)
        return wrap(content, *args, **kwargs)

    monkeypatch.setattr(Content, "_wrap_and_format", counted)
    app = LinesApp()
    async with app.run_test(size=(40, 12)) as pilot:
        part = app.query_one("#part", Drawn)
        await settle(pilot)
        below = part.region.y + 1
        wraps.clear()
        part.update("another line")
        part.update("a third line, as short")
        assert wraps == []  # one line each, narrower than the part: as high, nothing rendered
        part.update("a line far too long for the forty columns of this part")  # (wraps: measured)
        assert wraps
        await settle(pilot)
        assert part.region.height == 2 and part.region.y + 2 == below + 1


async def test_a_line_wider_than_its_part_is_wrapped_into_lines_as_a_static_wraps_it(monkeypatch):
    from textual._compositor import Compositor
    from textual.widget import Widget

    layouts, whole = [], []
    reflow, render_line = Compositor.reflow, Widget.render_line
    monkeypatch.setattr(Compositor, "reflow", lambda c, parent, size: layouts.append(1) or reflow(c, parent, size))
    monkeypatch.setattr(Widget, "render_line",
                        lambda w, y: whole.append(w) or render_line(w, y))  # (a widget drawn whole, as a Static)

    class WrapApp(App):
        CSS = "TextLines, Drawn { width: 30; }"

        def compose(self):
            yield TextLines(id="lines")
            yield Drawn("", id="part")

    def text(words: str) -> Text:
        out = Text("Hand: ", style="bold")
        out.append(words, style="green")
        out.append("\nshort")
        return out

    app = WrapApp()
    async with app.run_test(size=(40, 12)) as pilot:
        lines, part = app.query_one("#lines", TextLines), app.query_one("#part", Drawn)
        for words in ("a few words", "the seven of cups, the queen of  swords and a long-winded joker"):
            lines.show_text(text(words))
            part.update(text(words))
            await settle(pilot)
            ours = [lines.render_line(y) for y in range(lines.size.height)]
            theirs = [render_line(part, y) for y in range(part.size.height)]
            assert [s.text.rstrip() for s in ours] == [s.text.rstrip() for s in theirs]
            assert [[(seg.text, seg.style.color, seg.style.bold) for seg in s if seg.text.strip()] for s in ours] == \
                [[(seg.text, seg.style.color, seg.style.bold) for seg in s if seg.text.strip()] for s in theirs]
        assert len(lines._at(30)[0]) == 4  # three lines wrapped, and the short one
        whole.clear()
        layouts.clear()
        lines.show_text(text("the two of cups, the king of swords and a long-winded fool"))  # as many lines
        drawn = lines.drawn
        await settle(pilot)
        assert lines.size.height == 4 and lines.drawn == drawn + 3 and not layouts  # the new lines only
        assert lines not in whole  # drawn by lines, not whole
        await pilot.resize_terminal(30, 12)  # wrapped anew at another width
        await settle(pilot)
        assert lines.render_line(0).text.startswith("Hand: the two of cups, the")


def runs_by_every_span(text: Text) -> list:
    """A Text's runs found as they were before: every span tried at every cut."""
    plain = text.plain
    cuts = sorted({0, len(plain)} | {min(max(0, k), len(plain)) for span in text.spans
                                     for k in (span.start, span.end)})
    runs = []
    for start, end in zip(cuts, cuts[1:]):
        stack = [text.style] if text.style else []
        stack += [span.style for span in text.spans if span.start <= start and end <= span.end]
        runs.append((plain[start:end], tuple(stack)))
    return runs


def test_a_lines_runs_are_those_of_every_span_at_every_cut():
    rnd = random.Random(21)
    styles = ["bold", "red", "on blue", "italic", "dim"]
    for _ in range(2000):
        size = rnd.randint(0, 30)
        text = Text("".join(rnd.choice("ab │") for _ in range(size)), style=rnd.choice(["", "green"]))
        for _ in range(rnd.randint(0, 8)):
            start = rnd.randint(-2, size + 2)
            text.spans.append(Span(start, start + rnd.randint(-1, 12), rnd.choice(styles)))
        assert text_runs(text) == runs_by_every_span(text), text.spans


class Compared(int):
    """A span's end that counts how often it is compared."""

    count = 0

    def __le__(self, other):
        Compared.count += 1
        return int(self) <= other

    def __ge__(self, other):
        Compared.count += 1
        return int(self) >= other

    def __lt__(self, other):
        Compared.count += 1
        return int(self) < other

    def __gt__(self, other):
        Compared.count += 1
        return int(self) > other


def test_a_lines_runs_do_not_try_every_span_at_every_cut():
    text = Text("x" * 400)
    for i in range(200):  # a board's line: a span to a cell
        text.spans.append(Span(2 * i, Compared(2 * i + 1), "bold"))
    Compared.count = 0
    runs = text_runs(text)
    assert len(runs) == 400 and runs[0] == ("x", ("bold",)) and runs[1] == ("x", ())
    assert Compared.count < 200 * 40  # (sorting the cuts, and a few a span; every span at every cut: 80,000)


def random_strip(rnd: random.Random) -> Strip:
    styles = [None, Style(bold=True), Style(color="red"), Style(bgcolor="#102030", underline=True),
              Style.from_meta({"@click": "app.bell()"})]
    return Strip([Segment("".join(rnd.choice("ab·│▲ ") for _ in range(rnd.randrange(1, 5))), rnd.choice(styles))
                  for _ in range(rnd.randrange(1, 12))])


def test_a_line_is_placed_as_textual_places_it_each_style_made_once(monkeypatch):
    rnd = random.Random(3)
    strips = [random_strip(rnd) for _ in range(200)]
    for strip in strips:
        for y in (0, 7):
            ours, theirs = placed_strip(strip, y), strip.apply_offsets(0, y)
            assert list(ours) == list(theirs) and ours.cell_length == theirs.cell_length
    made = []
    from_meta = Style.from_meta
    monkeypatch.setattr(Style, "from_meta", lambda meta: made.append(meta) or from_meta(meta))
    for strip in strips:
        placed_strip(strip, 7)
    assert made == []  # every (style, x, y) met before: no style made again
    grid._placed_styles.clear()
    placed_strip(strips[0], 7)
    assert len(made) == len(list(strips[0]))


class BarsApp(App):
    CSS = "#ours, #theirs { height: auto; padding: 0 1; background: $boost; }"

    def compose(self):
        yield LineDrawn(id="ours")
        yield Drawn(id="theirs")


def random_line(rnd: random.Random) -> Text:
    styles = ["bold", "dim", "italic", "bold red", "bold reverse", Style(color="green", bgcolor="#202040")]
    text = Text(style=rnd.choice(["", "bold"]))
    for _ in range(rnd.randrange(0, 6)):
        text.append("".join(rnd.choice("ab ·'…") for _ in range(rnd.randrange(0, 9))), style=rnd.choice(styles))
    return text


async def test_a_bar_of_one_line_is_drawn_as_a_drawn_draws_it_and_a_line_shown_before_is_not_drawn_again():
    rnd = random.Random(8)
    app = BarsApp()
    async with app.run_test(size=(40, 8)) as pilot:
        ours, theirs = app.query_one("#ours", LineDrawn), app.query_one("#theirs", Drawn)
        lines = [random_line(rnd) for _ in range(60)] + [Text("a line far too long for the forty columns here")]
        for index, text in enumerate(lines + lines[:5]):
            if index == len(lines):
                drawn = ours.drawn
                assert drawn == len({text_key(line) for line in lines})  # each line once
            ours.update(text)
            theirs.update(text.copy())
            await settle(pilot)
            assert ours.size == theirs.size
            width, height = ours.size
            assert [list(s) for s in ours.render_lines(Region(0, 0, width, height))] == \
                [list(s) for s in theirs.render_lines(Region(0, 0, width, height))], text
        assert ours.drawn == drawn  # lines shown before: none drawn again


class Terminal:
    """What a terminal shows after the frames the screen's compositor wrote (each cell's character and
    style, without the meta of its offset): what the updates of the changed regions draw."""

    def __init__(self, strips: list[Strip]) -> None:
        self.cells = self.cells_of(strips)

    @staticmethod
    def cells_of(strips: list[Strip]) -> list[list[tuple]]:
        return [[(char, segment.style.clear_meta_and_links() if segment.style else None)
                 for segment in strip for char in segment.text] for strip in strips]

    def write(self, update, console) -> None:
        x = y = 0
        for segment in update.__rich_console__(console, console.options):
            if segment.control:
                for code in segment.control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = code[1], code[2]
                continue
            if segment.text == "\n":
                continue
            style = segment.style.clear_meta_and_links() if segment.style else None
            for char in segment.text:
                self.cells[y][x] = (char, style)
                x += 1


async def test_a_frame_writes_what_the_whole_screen_drawn_anew_shows_asking_the_containers_no_line(
        make_app, store, monkeypatch):
    # the frames after keys that lay the screen out (King of the Beach's parts change height) and after
    # keys that do not: the changed regions drawn, the containers under them drawn only where they
    # show between their children (the table's padding, the side's border), from their lines kept
    from test_ui_frames import Counts, lines_asked, move_key, quiet, scene_app

    counts = Counts(monkeypatch)
    asked = lines_asked(monkeypatch)
    written = []
    render_update = Compositor.render_update
    monkeypatch.setattr(Compositor, "render_update",
                        lambda c, *a, **k: written.append((c, render_update(c, *a, **k))) or written[-1][1])
    app = scene_app(make_app, store, "king-of-the-beach")
    rnd = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        compositor = screen._compositor
        terminal = Terminal(compositor.render_strips())
        pressed = laid = plain = 0
        for _ in range(10):
            if screen.session.over() or not screen.session.human_to_act():
                break
            key = move_key(screen, rnd)
            counts.reset()
            asked.clear()
            written.clear()
            app.post_message(events.Key(key, key))
            await quiet(pilot, counts)
            for drawn_by, update in written:
                if drawn_by is compositor and update is not None:
                    terminal.write(update, app.console)
            if not counts.layouts and pressed:  # (from the second frame on: the containers' lines kept)
                plain += 1
                assert not {"main", "table", "side", type(screen).__name__} & set(asked), (key, sorted(asked.items()))
            laid += counts.layouts > 0
            pressed += 1
            assert terminal.cells == Terminal.cells_of(compositor.render_strips()), key
        assert laid and plain
