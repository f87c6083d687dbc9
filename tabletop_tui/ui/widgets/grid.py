"""A board of square cells drawn with box lines: a cursor to move, cells to click or choose."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class GridBoard(Widget, can_focus=True):
    """Cells are given as lists of Text lines (one list per cell, row-major). Arrow keys move the cursor,
    Enter or Space chooses the cell under it, a click chooses the cell clicked."""

    BINDINGS = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
        Binding("enter,space", "choose", "Mark here"),
    ]

    DEFAULT_CSS = """
    GridBoard { width: auto; height: auto; }
    """

    cursor = reactive(4)

    class Chosen(Message):
        def __init__(self, index: int):
            super().__init__()
            self.index = index

    def __init__(self, rows: int, cols: int, cell_width: int = 14, cell_height: int = 3, **kwargs):
        super().__init__(**kwargs)
        self.rows = rows
        self.cols = cols
        self.cell_width = cell_width
        self.cell_height = cell_height
        self.cells: list[list[Text]] = [[] for _ in range(rows * cols)]
        self.highlight: set[int] = set()
        self.cursor = (rows * cols) // 2

    def set_cells(self, cells: list[list[Text]], highlight: set[int] | None = None) -> None:
        self.cells = cells
        self.highlight = highlight or set()
        self.refresh()

    def get_content_width(self, container, viewport) -> int:
        return self.cols * (self.cell_width + 1) + 1

    def get_content_height(self, container, viewport, width) -> int:
        return self.rows * (self.cell_height + 1) + 1

    def render(self) -> Text:
        w, h = self.cell_width, self.cell_height
        line_style = "bold #8a8aaa"

        def rule(left: str, mid: str, right: str) -> Text:
            return Text(left + mid.join(["─" * w] * self.cols) + right, style=line_style)

        out = [rule("┏" if False else "┌", "┬", "┐")]
        for r in range(self.rows):
            for y in range(h):
                line = Text("│", style=line_style)
                for c in range(self.cols):
                    i = r * self.cols + c
                    content = self.cells[i][y].copy() if y < len(self.cells[i]) else Text("")
                    content.truncate(w)
                    pad = w - content.cell_len
                    cell = Text(" " * (pad // 2)) + content + Text(" " * (pad - pad // 2))
                    if i == self.cursor and self.has_focus:
                        cell.stylize("reverse")
                    elif i in self.highlight:
                        cell.stylize("on #3a3a20")
                    line.append_text(cell)
                    line.append("│", style=line_style)
                out.append(line)
            out.append(rule("└", "┴", "┘") if r == self.rows - 1 else rule("├", "┼", "┤"))
        return Text("\n").join(out)

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, dr: int, dc: int) -> None:
        r, c = divmod(self.cursor, self.cols)
        self.cursor = ((r + dr) % self.rows) * self.cols + (c + dc) % self.cols

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cursor))

    def on_click(self, event) -> None:
        col = event.x // (self.cell_width + 1)
        row = event.y // (self.cell_height + 1)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            self.cursor = row * self.cols + col
            self.post_message(self.Chosen(self.cursor))
