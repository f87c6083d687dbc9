"""A board of square cells: a cursor to move, cells to click or choose, and on a board with coordinates,
squares a person types by name (e4)."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tabletop_tui.rules.components.squares import FILES, square_index, square_name

LINE_STYLE = "bold #8a8aaa"
LABEL_STYLE = "#8a8aaa"


class GridBoard(Widget, can_focus=True):
    """Cells are given as lists of Text lines (one list per cell, row-major from the top row). Arrow keys
    move the cursor, Enter or Space chooses the cell under it, a click chooses the cell clicked.

    With `labels`, files (a, b, ...) run along the bottom and ranks (1 at the bottom) up the left, and
    typing a square's name (a letter, then its number) moves the cursor there and chooses it; the
    letters typed so far show beside the files, and Escape forgets them. Digits typed without a letter
    go on to the screen, so its number keys still work; the board's file letters do not.

    `lines=False` draws only the frame, for boards too big for a line between every two cells; give
    each cell a background in `styles` (a checkerboard, a territory) to tell them apart.
    """

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
    typed = reactive("")

    class Chosen(Message):
        def __init__(self, index: int):
            super().__init__()
            self.index = index

    def __init__(self, rows: int, cols: int, cell_width: int = 14, cell_height: int = 3, *, labels: bool = False,
                 lines: bool = True, **kwargs):
        super().__init__(**kwargs)
        self.rows = rows
        self.cols = cols
        self.cell_width = cell_width
        self.cell_height = cell_height
        self.labels = labels
        self.lines = lines
        self.cells: list[list[Text]] = [[] for _ in range(rows * cols)]
        self.highlight: set[int] = set()
        self.styles_of: dict[int, str] = {}
        self.cursor = (rows * cols) // 2

    def set_cells(self, cells: list[list[Text]], highlight: set[int] | None = None,
                  styles: dict[int, str] | None = None) -> None:
        """The cells' lines; `highlight` marks cells (legal destinations...) in the board's own colour,
        `styles` gives cells a style of their own (a checkerboard, a territory, the chosen piece)."""
        self.cells = cells
        self.highlight = highlight or set()
        self.styles_of = styles or {}
        self.refresh()

    def name_of(self, index: int) -> str:
        return square_name(index, self.rows, self.cols)

    # -- geometry ---------------------------------------------------------------------------------

    @property
    def _margin(self) -> int:
        """Columns left of the frame for the rank numbers."""
        return len(str(self.rows)) + 1 if self.labels else 0

    @property
    def _step_x(self) -> int:
        return self.cell_width + (1 if self.lines else 0)

    @property
    def _step_y(self) -> int:
        return self.cell_height + (1 if self.lines else 0)

    def size_with(self, cell_width: int, cell_height: int) -> tuple[int, int]:
        """The board's width and height (frame, labels and the letters typed) with cells of that size."""
        line = 1 if self.lines else 0
        width = self._margin + 1 + self.cols * (cell_width + line) + (1 - line)
        width += len(" typed: a10") if self.labels else 0
        height = 2 + self.rows * (cell_height + line) - line + (1 if self.labels else 0)
        return width, height

    def get_content_width(self, container, viewport) -> int:
        return self.size_with(self.cell_width, self.cell_height)[0]

    def get_content_height(self, container, viewport, width) -> int:
        return self.size_with(self.cell_width, self.cell_height)[1]

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell under a point of the widget, or None (the frame, a line, the labels)."""
        x -= self._margin + 1
        y -= 1
        if x < 0 or y < 0:
            return None
        col, inside_x = divmod(x, self._step_x)
        row, inside_y = divmod(y, self._step_y)
        if inside_x >= self.cell_width or inside_y >= self.cell_height:
            return None
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row * self.cols + col
        return None

    # -- drawing ----------------------------------------------------------------------------------

    def render(self) -> Text:
        w, h = self.cell_width, self.cell_height
        margin = " " * self._margin
        inner = "─" * w

        def rule(left: str, mid: str, right: str) -> Text:
            body = mid.join([inner] * self.cols) if self.lines else "─" * (w * self.cols)
            return Text(margin) + Text(left + body + right, style=LINE_STYLE)

        out = [rule("┌", "┬", "┐")]
        for r in range(self.rows):
            for y in range(h):
                label = str(self.rows - r) if self.labels and y == h // 2 else ""
                line = Text("", style=LINE_STYLE)  # (the whole line's base style, as cells are drawn on it)
                if self.labels:
                    line.append(label.rjust(self._margin - 1) + " ", style=LABEL_STYLE)
                line.append("│")
                for c in range(self.cols):
                    i = r * self.cols + c
                    content = self.cells[i][y].copy() if y < len(self.cells[i]) else Text("")
                    content.truncate(w)
                    pad = w - content.cell_len
                    cell = Text(" " * (pad // 2)) + content + Text(" " * (pad - pad // 2))
                    if i in self.styles_of:
                        cell.stylize(self.styles_of[i])
                    if i == self.cursor and self.has_focus:
                        cell.stylize("reverse")
                    elif i in self.highlight:
                        cell.stylize("on #3a3a20")
                    line.append_text(cell)
                    if self.lines or c == self.cols - 1:
                        line.append("│", style=LINE_STYLE)
                out.append(line)
            if r < self.rows - 1 and self.lines:
                out.append(rule("├", "┼", "┤"))
        out.append(rule("└", "┴", "┘"))
        if self.labels:
            files = Text(margin + " ", style=LABEL_STYLE)
            for c in range(self.cols):
                files.append(FILES[c].center(w) + (" " if self.lines else ""))
            if self.typed:
                files.append(f" typed: {self.typed}", style="bold")
            out.append(files)
        return Text("\n").join(out)

    def watch_cursor(self) -> None:
        self.refresh()

    def watch_typed(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.typed = ""
        self.refresh()

    # -- input ------------------------------------------------------------------------------------

    def action_move(self, dr: int, dc: int) -> None:
        self.typed = ""
        r, c = divmod(self.cursor, self.cols)
        self.cursor = ((r + dr) % self.rows) * self.cols + (c + dc) % self.cols

    def action_choose(self) -> None:
        if self.typed:  # Enter after a square's name: choose it if it is one
            index = square_index(self.typed, self.rows, self.cols)
            self.typed = ""
            if index is None:
                return
            self.cursor = index
        self.post_message(self.Chosen(self.cursor))

    def forget_input(self) -> None:
        """The letters typed so far are dropped (the game screen calls this when the keyboard passes)."""
        self.typed = ""

    def _input_open(self) -> bool:
        """Whether the screen takes a person's input now (a game screen says; any other screen does)."""
        ask = getattr(self.screen, "input_open", None)
        return ask() if callable(ask) else True

    def on_key(self, event) -> None:
        if not self.labels or not self._input_open():
            return  # while the keyboard is passed, no letter is kept for the next person
        key = event.character or ""
        if event.key == "escape" and self.typed:
            self.typed = ""
        elif key and key.lower() in FILES[: self.cols]:
            self.typed = key.lower()
        elif key.isdigit() and self.typed:
            self._type_digit(key)
        elif event.key == "backspace" and self.typed:
            self.typed = self.typed[:-1]
        else:
            return
        event.stop()
        event.prevent_default()

    def _type_digit(self, digit: str) -> None:
        text = self.typed + digit
        rank = text[1:]
        if rank.startswith("0") or int(rank) > self.rows:
            self.typed = text[:1]  # no such rank: start the number again
            return
        if int(rank) * 10 <= self.rows:  # a longer rank could follow (a10 on a big board): wait for it
            self.typed = text
            self.cursor = square_index(text, self.rows, self.cols)
            return
        self.typed = ""
        self.cursor = square_index(text, self.rows, self.cols)
        self.post_message(self.Chosen(self.cursor))

    def on_click(self, event) -> None:
        index = self.cell_at(event.x, event.y)
        if index is not None:
            self.typed = ""
            self.cursor = index
            self.post_message(self.Chosen(self.cursor))
