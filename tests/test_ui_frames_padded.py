"""Parts drawn by lines (ByLines: the boards, TextLines) have their lines styled as the shared parts
have: a content line of a part styled by its padding alone filled out and padded at once, without
Textual's StylesCache.render_line, into the segments Textual's makes; a line the part hands again (the
same strip) is the styled line kept; any other part is styled by Textual."""

from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App
from textual.geometry import Region

from tabletop_tui.ui.widgets.common import LineStyles
from tabletop_tui.ui.widgets.grid import GridBoard, TextLines


class Parts(App):
    CSS = """
    .pad { padding: 0 2; }
    .tall { padding: 1 3 1 0; }
    .narrow { width: 9; }
    .side { border-left: solid red; }
    .tint { tint: blue 30%; }
    """

    def compose(self):
        for classes in ("", "pad", "tall", "narrow pad", "side", "tint"):
            yield GridBoard(2, 3, cell_width=4, cell_height=1, labels=True, classes=classes)
            yield TextLines(classes=classes)


def show(app: Parts, marks: str) -> None:
    for part in app.query(GridBoard):
        part.set_cells([[Text(mark, style="bold red" if i % 2 else "")] for i, mark in enumerate(marks)],
                       highlight={1}, styles={2: "on #202040"})
    for part in app.query(TextLines):
        part.show_lines([Text.assemble((marks, "italic"), " café •"), Text(""), Text(marks * 9, style="green")])


async def test_a_line_by_lines_styled_by_its_padding_alone_is_textuals_made_without_it(monkeypatch):
    styled, padded = [], []
    render_line, pad = StylesCache.render_line, LineStyles._padded
    monkeypatch.setattr(StylesCache, "render_line",
                        lambda self, styles, y, *a: styled.append((self, y)) or render_line(self, styles, y, *a))
    monkeypatch.setattr(LineStyles, "_padded", staticmethod(lambda *a: padded.append(a[0]) or pad(*a)))
    app = Parts()
    counts = []
    async with app.run_test(size=(40, 90)) as pilot:
        for again, marks in ((False, "abcdef"), (False, "abXdef"), (True, "abcdef")):  # (the first picture again)
            show(app, marks)
            styled.clear()
            padded.clear()
            await pilot.pause()
            parts = list(app.screen.children)
            for part in parts:
                width, height = part.size
                top, bottom = part.styles.gutter.top, height - part.styles.gutter.bottom
                crop = Region(0, 0, width, height)
                mine = part.render_lines(crop)  # (as a frame asks for them: kept since the frame)
                part._framing = True  # (Textual's, from the very lines the part hands for a frame)
                try:
                    theirs = StylesCache().render_widget(part, crop)
                finally:
                    part._framing = False
                assert [list(line) for line in mine] == [list(line) for line in theirs], (marks, part.classes)
                assert height > 2 and [line.cell_length for line in mine] == [width] * height
                made = sum(cache is part._styles_cache and top <= y < bottom for cache, y in styled)
                # (a part that is not: each new line styled by Textual; none of a picture shown before)
                plain = again or not part.classes & {"side", "tint"}
                assert (made == 0) == plain, (marks, part.classes)
            counts.append(len(padded))
        # the plain parts' new lines padded (every line of the first picture, the changed marks' lines
        # of the second), and none of the third (the first picture again: each line the one kept)
        assert counts[0] > counts[1] > 0 and counts[2] == 0, counts
