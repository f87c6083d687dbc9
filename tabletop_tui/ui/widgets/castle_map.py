"""A castle of square cells with walls on their edges, drawn two terminal cells to a square so that a
24-square castle is 49 columns wide: the first cell of a square is its west edge (│ a wall, ┆ a door),
the second what stands on it; a wall on its south edge underlines both cells, a door only the first. As
many rows as there is room for are shown, the window following the cursor. `m` swaps in the whole castle
at half height (two squares to a cell, walls left out, drawn in colours only), for finding one's way.

The widget draws what it is given (`show(view-like data)`); it decides nothing. The cursor moves with
the arrow keys (and Home/End/PageUp/PageDown); Enter or a click chooses the square under it; a square's
name (e20, a1 is the south-west corner) and Enter go to that square and choose it, with or without a `:`
(or `/`) before it. Typing shows in the map's first line; Escape forgets it.

A letter a-x typed on the map is the start of a square's name, so a square typed never sets off the key
of the same letter (`s20` never saves and leaves, `l14` never opens the log): the letter waits for the
next key. A digit makes it a square's name; Enter or Space makes it the key it is, and so does any other
key, which then counts as typed after it (`w` then an arrow marks a wall, then moves). Escape or
Backspace forgets it. The key is handed on as a key press of its own, through the screen's one gate.
`describe_key`, when the screen gives it, says in a few words what a letter does, for the first line.

Shapes as well as colours: a square a piece sees shows `░` where it is empty (its west side too where no
wall or door stands there), `▒` where it is the piece asked about (`v`) that sees it; an empty square a
move may go to shows `+`; a wall is a solid line (│, or the whole square underlined for its south side)
and a door a broken one (┆, or only the west half underlined).

Drawn line by line (Textual's line API, `render_line`): each line of the map is a strip kept in a cache
under a key made of what the line shows (the squares of its castle row, the cursor when it is on it, the
typing), so that a line is drawn again only when one of its squares changed; after each change the map
asks Textual to repaint only the lines whose key moved. A line's styles are added up once for each set
of them (not once a cell), and its segments are cut where the spans of the map's Text were (a segment a
cell): the picture is the same either way, but the snapshots' SVG is written a segment at a time, so that
joining the runs of cells of one style into one segment (`JOIN_RUNS`) changes them. `render()` still
gives the whole map as a Text (the same lines), for the selection of text with the mouse."""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from tabletop_tui.rules.components.squares import FILES, square_index
from tabletop_tui.ui.widgets.grid import Run, drawn_style, placed_strip, runs_strip, text_runs

N = 24
LETTERS = FILES[:N]  # the files of the castle: a letter typed alone may start a square's name
SEEN_MARK = "░"  # an empty square a piece sees (the tint says it too, for those who tell it)
CHOSEN_MARK = "▒"  # an empty square the piece asked about (v) sees
TARGET_MARK = "+"  # an empty square the move being made may go to (green besides)
ARROWS = {"thief": "▲▶▼◀", "captain": "⇑⇒⇓⇐", "guard": "↑→↓←"}
COLOURS = {"thief": "bold #ffd75f", "captain": "bold #ff5fd7", "guard": "bold #5fd7ff", "gem": "bold #ffaf00",
           "trap": "#d75f5f", "floor": "#4e4e4e", "wall": "bold #e4e4e4", "door": "#8a8a8a"}
SEEN_BG = "#1c2f4a"
CHOSEN_BG = "#2f5f8f"
TARGET_BG = "#2f5f2f"
OVERVIEW = {"floor": "#262626", "trap": "#5f2f2f", "seen": "#1c3a5f", "thief": "#ffd75f", "captain": "#ff5fd7",
            "guard": "#5fd7ff", "gem": "#ffaf00", "target": "#3f7f3f"}
HEADING = {0: "overline bold #00ff00", 1: "bold #00ff00", 2: "underline bold #00ff00"}  # the edge marked
CACHED_LINES = 400  # lines kept drawn (a whole castle, both maps, and the cursor's rows besides)
CACHED_CELLS = 1 << 14  # segments of the frame's lines kept (by text, styles and column)

# A line is a list of runs (grid.Run): a text and the styles it is drawn in, bottom first (the line's
# own style, then the cell's, then a mark over it), as the spans of a Text stack up.


@lru_cache(maxsize=4096)
def _square(w: str, mark: str, south: str, bg: str | None, edge_marked: bool, char: str, style: str,
            held: bool, cursor: bool | None) -> tuple[str, Style, Style]:
    """A square's west edge (its character and style) and the style of what stands on it.

    w: its west edge ("1" a wall, "2" a door); mark: what an empty cell shows (seen, chosen or " "); south:
    its south edge; bg: its tint; edge_marked: the cursor's west edge is the one marked (green); char and
    style: what stands on it, held if a piece or the gem; cursor: None off the cursor, else whether the map
    has the focus."""
    edge_char = "│" if w == "1" else "┆" if w == "2" else mark
    edge_style = COLOURS["wall"] if w == "1" else COLOURS["door"] if w == "2" else COLOURS["floor"]
    if edge_marked:
        edge_char, edge_style = "┃", "bold #00ff00"
    under_style = COLOURS["wall"] if south == "1" else COLOURS["door"]
    s_edge = Style.parse(edge_style)
    s_char = Style.parse(style)
    if south != "0":
        # a wall underlines the whole square, a door only its west half: a broken line
        if south == "1":
            u = Style(underline=True, color=Style.parse(under_style).color) \
                if char in "·^+" + SEEN_MARK + CHOSEN_MARK and not held else Style(underline=True)
            s_char = s_char + u
        bare = edge_char in (" ", SEEN_MARK, CHOSEN_MARK)
        s_edge = Style(color=Style.parse(under_style).color, underline=True) if bare \
            else s_edge + Style(underline=True)
    if bg:
        s_char = s_char + Style(bgcolor=bg)
        s_edge = s_edge + Style(bgcolor=bg)
    if cursor is not None:
        s_char = s_char + Style(reverse=cursor, bold=True, underline=south == "1" or None)
    return edge_char, s_edge, s_char


#: a square's two runs by what it shows (_square_runs' arguments); emptied when it grows past CACHED_SQUARES
_SQUARES: dict[tuple, tuple[Run, Run]] = {}
CACHED_SQUARES = 1 << 13
SPAN = 6  # squares of a row kept together in a frame's line (where none has a piece, a mark or the cursor)


def _square_runs(base: str, w: str, south: str, watched: bool, trap: str, what: tuple[str, str] | None,
                 target: bool, chosen: bool, at: tuple[bool, bool] | None) -> tuple[Run, Run]:
    """A square of a castle row as two runs, its west edge and what stands on it, drawn over the row's
    style `base`. w, south: its west and south edges; watched: a piece sees it; trap: "1" for a trap;
    what: the piece or the gem on it (character, style); target: a move may go there; chosen: the piece
    asked about sees it; at: on the cursor, (whether the map has the focus, whether its west edge is
    the one marked), else None."""
    bg = TARGET_BG if target else CHOSEN_BG if chosen else SEEN_BG if watched else None
    mark = CHOSEN_MARK if chosen else SEEN_MARK if watched else " "
    if what is not None:
        char, style = what
    elif trap == "1":
        char, style = "^", COLOURS["trap"]
    elif target:
        char, style = TARGET_MARK, "bold #87d787"
    elif mark != " ":
        char, style = mark, COLOURS["floor"]
    else:
        char, style = "·", COLOURS["floor"]
    edge_char, s_edge, s_char = _square(w, mark, south, bg, at is not None and at[1], char, style,
                                        what is not None, at[0] if at is not None else None)
    return (edge_char, (base, s_edge)), (char, (base, s_char))


@lru_cache(maxsize=1024)
def _halves(top: str, bottom: str) -> Style:
    return Style(color=top, bgcolor=bottom)


def _text_of(runs: list[Run]) -> Text:
    """The runs of a line as a Text: the first style of every run (the line's own) as the Text's style,
    the others as spans, as the map was written before it was drawn by lines."""
    base = runs[0][1][0] if runs and runs[0][1] else ""
    line = Text(style=base if all(stack[:1] == (base,) for _, stack in runs) else "")
    skip = 1 if line.style else 0
    for text, stack in runs:
        start = len(line)
        line.append(text)
        for style in stack[skip:]:
            line.stylize(style, start, start + len(text))
    return line


class CastleMap(Widget, can_focus=True):
    BINDINGS = [
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("pageup", "move(0, -6)", show=False),
        Binding("pagedown", "move(0, 6)", show=False),
        Binding("enter", "choose", "Choose", show=False),
    ]
    JOIN_RUNS = False  # one segment to a run of cells of one style (the same picture; other snapshots)
    # as high as the room allows up to the whole castle and its first line (N + 1 lines): where the
    # castle fits, what changes height below it (the hands) leaves the map's size alone, and so a new
    # size does not draw the whole map again
    DEFAULT_CSS = """
    CastleMap { width: 52; height: 1fr; min-height: 6; max-height: 25; }
    """

    class Chosen(Message):
        def __init__(self, square: int):
            super().__init__()
            self.square = square

    class Moved(Message):
        def __init__(self, square: int):
            super().__init__()
            self.square = square

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cursor = 12 * N + 12
        self.heading = 0  # the side the cursor last moved toward (0 N, 1 E, 2 S, 3 W): the edge to mark
        self.top = 0
        self._overview = False
        self.data: dict | None = None
        self.targets: set[int] = set()
        self.chosen_sight: set[int] = set()
        self.marked_edge = True  # show the edge in front of the cursor (while building)
        self.typed: str | None = None  # a square's name being typed, or None
        self.prefixed = False  # the name was begun with ":" (else with its letter: which may yet be a key)
        self.letter = ""  # the letter typed alone, as it was typed
        self._released: list[str] = []  # letters handed on as keys, to let through when they come back
        self.describe_key = None  # the screen's words for what a key does (str -> str | None)
        # drawing by lines
        self._rows: list[tuple | None] = []  # what each castle row shows (_row), as far as made
        self._row_data: tuple = ()  # what the rows are made from
        self._held: dict[int, tuple[str, str]] = {}  # square -> (character, style) of a piece or the gem
        self._seen = "0" * (N * N)
        self._lines: dict[tuple, Strip] = {}  # a line's key -> the line drawn (without its offsets)
        self._finals: dict[tuple, Style] = {}  # a run's styles -> the one style it is drawn in
        self._base: VisualStyle | None = None  # the widget's style the lines were drawn on
        self._shown: dict[int, tuple] = {}  # the key of each line last handed to Textual
        self._placed: dict[tuple, Strip] = {}  # (a line's key, y) -> the line with its offsets
        self._framing = False  # drawing a frame (render_lines): the lines without their rows (_framed)
        self._frame_rows: int | None = None  # the rows shown, while the lines' keys are found
        self._framed: dict[tuple, Strip] = {}  # a line's key -> the line with its columns for offsets
        self._cells: dict[tuple, tuple[Segment, int, int]] = {}  # (run, x) -> its segment, cells, characters
        self._square_cells: dict[tuple, tuple[Segment, Segment, int]] = {}  # (square, column) -> its segments, cells
        self._square_spans: dict[tuple, tuple[list[Segment], int]] = {}  # SPAN squares of a row -> segments, cells

    @property
    def overview(self) -> bool:
        return self._overview

    @overview.setter
    def overview(self, value: bool) -> None:
        self._overview = value
        self._sync()

    # -- data ------------------------------------------------------------------------------------

    def show(self, data: dict, targets=(), chosen_sight=(), marked_edge: bool = False,
             cursor: int | None = None) -> None:
        """data: north, west, traps (576-character strings), gem, pieces [[square, facing]|None]*6,
        thief [square, facing]|None, sight (576 characters: chr(48 + bits of the watchers)). With
        `cursor`, the cursor goes there too (`follow`), in the same repaint."""
        self.data = data
        self.targets = set(targets)
        self.chosen_sight = set(chosen_sight)
        self.marked_edge = marked_edge
        if cursor is not None:
            self.cursor = cursor
        self._held = self._contents()
        self._seen = data.get("sight") or "0" * (N * N)
        held: list[list] = [[] for _ in range(N)]
        for i, what in sorted(self._held.items()):
            held[i // N].append((i, what))
        targets_by_row: list[list[int]] = [[] for _ in range(N)]
        for i in sorted(self.targets):
            if 0 <= i < N * N:
                targets_by_row[i // N].append(i)
        chosen_by_row: list[list[int]] = [[] for _ in range(N)]
        for i in sorted(self.chosen_sight):
            if 0 <= i < N * N:
                chosen_by_row[i // N].append(i)
        row_data = (data["north"], data["west"], data["traps"], self._seen, held, targets_by_row, chosen_by_row)
        if row_data != self._row_data:  # (the rows made from the same data are kept: most keys move nothing)
            self._row_data = row_data
            self._rows = [None] * N  # (each made when a line asks for it: the rows shown, where the castle does not fit)
        self._sync()

    def _row(self, y: int) -> tuple:
        """What castle row y shows (a part of its lines' keys): its squares' edges, traps, sight, what
        stands on them, the targets and the squares the piece asked about sees."""
        row = self._rows[y]
        if row is None:
            north, west, traps, seen, held, targets, chosen = self._row_data
            row = self._rows[y] = (north[(y + 1) * N:(y + 2) * N], west[y * N:(y + 1) * N],
                                   traps[y * N:(y + 1) * N], seen[y * N:(y + 1) * N], tuple(held[y]),
                                   tuple(targets[y]), tuple(chosen[y]))
        return row

    def follow(self, square: int) -> None:
        self.cursor = square
        self._scroll()
        self._sync()

    # -- geometry --------------------------------------------------------------------------------

    def rows_shown(self) -> int:
        if self._frame_rows is not None:  # (found once for all the lines' keys)
            return self._frame_rows
        return max(1, min(N, (self.size.height or 14) - 1))

    def _scroll(self) -> None:
        rows = self.rows_shown()
        y = self.cursor // N
        if y < self.top:
            self.top = y
        elif y >= self.top + rows:
            self.top = y - rows + 1
        self.top = max(0, min(self.top, N - rows))

    def on_resize(self) -> None:
        self._scroll()
        self._shown.clear()  # Textual draws every line again

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        # Textual sets a new virtual size through its reactive, which asks for a second layout of the
        # whole screen after the one that gave the size; a widget that neither scrolls nor holds widgets
        # lays nothing out by its virtual size.
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    # -- drawing: the keys of the lines ------------------------------------------------------------

    def _line_count(self) -> int:
        if self.data is None:
            return 1
        return 1 + (N // 2 if self._overview else self.rows_shown())

    def _line_key(self, y: int) -> tuple:
        """What line y shows, as a key: two lines with one key look the same."""
        if self.data is None:
            return ("empty",) if y == 0 else ("blank",)
        cy, cx = divmod(self.cursor, N)
        if y == 0:
            if self.typed is not None:
                return ("typing", self._typing_line().markup, self.size.width)
            return ("whole",) if self._overview else ("head", cx)
        if self._overview:
            r = y - 1
            if r >= N // 2:
                return ("blank",)
            here = (cy - 2 * r, cx) if cy in (2 * r, 2 * r + 1) else None
            return ("half", r, self._row(2 * r), self._row(2 * r + 1), here)
        if y > self.rows_shown():
            return ("blank",)
        row = self.top + y - 1
        here = (cx, self.has_focus, self.heading if self.marked_edge else None) if row == cy else None
        return ("row", row, self._row(row), here)

    def _sync(self) -> None:
        """Ask Textual to repaint the lines whose key changed since they were last drawn (no other)."""
        if not self.is_mounted:
            return
        self._scroll()
        shown = self._shown
        if not shown:
            self.refresh()
            return
        width, height = self.size
        self._frame_rows = self.rows_shown()  # (found once for every line's key)
        try:
            regions = [Region(0, y, width, 1) for y in range(max(height, self._line_count()))
                       if shown.get(y) != self._line_key(y)]
        finally:
            self._frame_rows = None
        if regions:
            self.refresh(*regions)

    # -- drawing: the lines ---------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        if self._framing:  # a frame's line (render_lines: nothing selected, the window and style settled)
            key = self._line_key(y)
            self._shown[y] = key
            framed = self._framed.get(key)
            if framed is None:
                if key == ("blank",):
                    return Strip.blank(self.size.width, self.visual_style.rich_style)
                if len(self._framed) >= CACHED_LINES:
                    del self._framed[next(iter(self._framed))]
                framed = self._framed[key] = self._framed_row(key[1]) if key[0] == "row" \
                    else self._framed_strip(self._runs(y))
            return framed
        if self.text_selection is not None:  # some text selected with the mouse: drawn as a Text
            self._shown.clear()
            return super().render_line(y)
        base = self._settle()
        key = self._line_key(y)
        self._shown[y] = key
        if key == ("blank",):
            return Strip.blank(self.size.width, base.rich_style)
        placed = self._placed.get((key, y))
        if placed is not None:
            return placed
        strip = self._lines.get(key)
        if strip is None:
            if len(self._lines) >= CACHED_LINES:
                del self._lines[next(iter(self._lines))]
            strip = self._lines[key] = self._strip(self._runs(y))
        if len(self._placed) >= CACHED_LINES:
            del self._placed[next(iter(self._placed))]
        placed = self._placed[key, y] = placed_strip(strip, y)
        return placed

    def _settle(self) -> VisualStyle:
        """Before lines are drawn: the window follows the cursor at the height the map has now, and a
        new style of the widget forgets every line drawn in the old one. The widget's style."""
        self._scroll()
        base = self.visual_style
        if base != self._base:
            self._base = base
            self._lines.clear()
            self._placed.clear()
            self._framed.clear()
            self._cells.clear()
            self._square_cells.clear()
            self._square_spans.clear()
            self._finals.clear()
        return base

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines of a frame: each the very strip kept for what it shows, its cells' offsets given
        their column but not their row, `(x, None)`. Textual reads the offsets (the row too) from
        `render_line(y)` asked alone, which gives them whole, under the mouse where a selection of text
        starts, never from a frame's lines; a line placed at its row for the frame would be a new strip
        of new styles at every row it is shown at (the window scrolled, a row shown again), styled,
        filtered (Textual's colour filter keeps its styles by style) and cut anew, where one strip for
        every row is all of that once. (Its segments keep a style each, as offsets gave them: the
        snapshots join cells of one style into one, and did not join these.) What every line of the
        frame depends on (the selection, the style, the rows shown) is found once for them all."""
        if self.text_selection is not None:
            return super().render_lines(crop)
        self._settle()
        self._frame_rows = self.rows_shown()
        self._framing = True
        try:
            return super().render_lines(crop)
        finally:
            self._framing = False
            self._frame_rows = None

    def _framed_strip(self, runs: list[Run]) -> Strip:
        """A line's runs as a frame shows them: `placed_strip(self._strip(runs), None)` (a segment a run,
        its style with the offset of its first cell's column), made in one pass, each segment kept by
        its text, styles and column: a cell drawn alike in another row, or in another line of the same
        row, is a look-up."""
        if self.JOIN_RUNS:
            return placed_strip(self._strip(runs), None)
        cells = self._cells
        if len(cells) > CACHED_CELLS:
            cells.clear()
        get = cells.get
        segments = []
        append = segments.append
        x = width = 0
        for run in runs:
            cell = get((run, x))
            if cell is None:
                if not run[0]:  # (an empty line: one empty segment in the widget's style, as Textual draws it)
                    return placed_strip(self._strip(runs), None)
                cell = self._cell(run, x)
            append(cell[0])
            width += cell[1]
            x += cell[2]
        return Strip(segments, width)

    def _cell(self, run: Run, x: int) -> tuple[Segment, int, int]:
        """A run at character x of a line as a frame shows it (`_framed_strip`): its segment, cells, characters."""
        cell = self._cells.get((run, x))
        if cell is None:
            text, stack = run
            final = self._finals.get(stack)
            if final is None:
                final = self._finals[stack] = drawn_style(self, stack)
            offset = Style.from_meta({"offset": (x, None)})
            cell = self._cells[run, x] = (Segment(text, final + offset if final else offset), cell_len(text), len(text))
        return cell

    def _framed_row(self, y: int) -> Strip:
        """Castle row y as a frame shows it: `_framed_strip(_castle_row(y))`, made a square at a time, each
        square's two segments kept by what the square shows and its column (`_castle_row`'s keys, which
        hash as plain data, where its runs' keys hash their styles a run at a time): a row in which one
        square changed costs a look-up for each of the others. The cursor's row while building marks
        an edge across squares: made by its runs."""
        if self.JOIN_RUNS or (self.marked_edge and self.heading in HEADING and y == self.cursor // N):
            return self._framed_strip(self._castle_row(y))
        south_row, west_row, trap_row, seen_row, held_row, target_row, chosen_row = self._row(y)
        if y == N - 1:
            south_row = "1" * N
        cursor = self.cursor
        cy = cursor // N
        base = "bold" if y == cy else "dim"
        at = (self.has_focus, self.marked_edge and self.heading == 3) if y == cy else None
        first = y * N
        # the squares with a piece, the gem, a target, the sight asked about or the cursor on them (few)
        special = {i - first for i, _ in held_row} | {i - first for i in target_row + chosen_row}
        if y == cy:
            special.add(cursor - first)
        held, targets, chosen = self._held, self.targets, self.chosen_sight
        cells = self._square_cells
        if len(cells) > CACHED_CELLS:
            cells.clear()
        get = cells.get
        squares = _SQUARES
        if len(squares) > CACHED_SQUARES:
            squares.clear()
        head = self._cell((f"{N - y:>2} ", (base,)), 0)
        segments = [head[0]]
        width = head[1]

        def squares_into(out: list[Segment], a: int, b: int) -> int:
            """Squares a to b of the row as segments, added to `out`; their cells."""
            append = out.append
            width = 0
            for x, w, south, sight, trap in zip(range(a, b), west_row[a:b], south_row[a:b], seen_row[a:b],
                                                 trap_row[a:b]):
                if x in special:
                    i = first + x
                    square = (base, w if x else "1", south, sight != "0", trap, held.get(i), i in targets,
                              i in chosen, at if i == cursor else None)
                else:
                    square = (base, w if x else "1", south, sight != "0", trap, None, False, False, None)
                pair = get((square, x))
                if pair is None:
                    runs = squares.get(square)
                    if runs is None:
                        runs = squares[square] = _square_runs(*square)
                    edge, char = self._cell(runs[0], 3 + 2 * x), self._cell(runs[1], 4 + 2 * x)
                    pair = cells[square, x] = (edge[0], char[0], edge[1] + char[1])
                append(pair[0])
                append(pair[1])
                width += pair[2]
            return width

        # SPAN squares at a time where none of them is special, kept by their edges, sight and traps
        spans = self._square_spans
        if len(spans) > CACHED_LINES * 4:
            spans.clear()
        special_spans = {x // SPAN for x in special}
        for a in range(0, N, SPAN):
            b = a + SPAN
            if a // SPAN in special_spans:
                width += squares_into(segments, a, b)
                continue
            key = (base, a, west_row[a:b], south_row[a:b], seen_row[a:b], trap_row[a:b])
            span = spans.get(key)
            if span is None:
                part: list[Segment] = []
                span = spans[key] = (part, squares_into(part, a, b))
            segments += span[0]
            width += span[1]
        wall = self._cell(("│", (base, COLOURS["wall"])), 3 + 2 * N)
        segments.append(wall[0])
        return Strip(segments, width + wall[1])

    def _strip(self, runs: list[Run]) -> Strip:
        """A line's runs as a strip: a segment a run (with JOIN_RUNS, one to the runs of one style in a row)."""
        return runs_strip(self, runs, self._finals, self.JOIN_RUNS)

    def _runs(self, y: int) -> list[Run]:
        """Line y of the map as runs."""
        if self.data is None:
            return [("", ())]
        if y == 0:
            if self.typed is not None:
                return text_runs(self._typing_line())
            if self._overview:
                return [("   whole castle (m: the detailed map)", ("dim italic",))]
            cx = self.cursor % N
            return [("   ", ("dim",))] + [(" " + chr(97 + x), ("dim", "bold" if x == cx else "dim"))
                                         for x in range(N)]
        if self._overview:
            return self._half_rows(y - 1)
        return self._castle_row(self.top + y - 1)

    def _contents(self) -> dict[int, tuple[str, str]]:
        d = self.data
        out = {}
        if d.get("gem") is not None:
            out[d["gem"]] = ("◆", COLOURS["gem"])
        for p, piece in enumerate(d.get("pieces") or []):
            if piece is not None:
                kind = "captain" if p == 0 else "guard"
                out[piece[0]] = (ARROWS[kind][piece[1]], COLOURS[kind])
        if d.get("thief") is not None:
            sq, f = d["thief"]
            out[sq] = (ARROWS["thief"][f], COLOURS["thief"] + (" underline2" if d.get("carrying") else ""))
        return out

    def _castle_row(self, y: int) -> list[Run]:
        """Row y of the castle (0 the north row): its number, then each square's west edge and what stands
        on it, then the east wall; the edge in front of the cursor marked while building."""
        d = self.data
        north, west, traps, seen = d["north"], d["west"], d["traps"], self._seen
        held, targets, chosen = self._held, self.targets, self.chosen_sight
        cursor = self.cursor
        cy, cx = divmod(cursor, N)
        base = "bold" if y == cy else "dim"
        # the cursor's square: whether the map has the focus, whether its west edge is the one marked
        at = (self.has_focus, self.marked_edge and self.heading == 3) if y == cy else None
        runs: list[Run] = [(f"{N - y:>2} ", (base,))]
        first = y * N
        south = north[first + N:first + 2 * N] if y < N - 1 else "1" * N
        squares = _SQUARES
        if len(squares) > CACHED_SQUARES:
            squares.clear()
        for x in range(N):
            i = first + x
            square = (base, west[i] if x else "1", south[x], seen[i] != "0", traps[i], held.get(i), i in targets,
                      i in chosen, at if i == cursor else None)
            pair = squares.get(square)
            if pair is None:
                pair = squares[square] = _square_runs(*square)
            runs += pair
        runs.append(("│", (base, COLOURS["wall"])))
        if y == cy and self.marked_edge and self.heading in HEADING:
            # the edge in front of the cursor in green: north or south the square, east the next edge
            marked = (3 + 2 * cx,) if self.heading == 1 else (1 + 2 * cx, 2 + 2 * cx)
            for k in marked:
                chars, stack = runs[k]
                runs[k] = (chars, stack + (HEADING[self.heading],))
        return runs

    def _half_rows(self, r: int) -> list[Run]:
        """Rows 2r and 2r + 1 of the whole castle in one line, a square a half cell in colour."""
        d = self.data
        traps, seen = d["traps"], self._seen
        contents = {}
        if d.get("gem") is not None:
            contents[d["gem"]] = OVERVIEW["gem"]
        for p, piece in enumerate(d.get("pieces") or []):
            if piece is not None:
                contents[piece[0]] = OVERVIEW["captain" if p == 0 else "guard"]
        if d.get("thief") is not None:
            contents[d["thief"][0]] = OVERVIEW["thief"]

        def colour(i: int) -> str:
            if i in contents:
                return contents[i]
            if i in self.targets:
                return OVERVIEW["target"]
            if traps[i] == "1":
                return OVERVIEW["trap"]
            if seen[i] != "0" or i in self.chosen_sight:
                return OVERVIEW["seen"]
            return OVERVIEW["floor"]

        cy, cx = divmod(self.cursor, N)
        runs: list[Run] = [(f"{N - 2 * r:>2} ", ("dim",))]
        for x in range(N):
            top, bottom = (2 * r) * N + x, (2 * r + 1) * N + x
            if cx == x and cy in (2 * r, 2 * r + 1):
                runs.append(("▀▄" if cy == 2 * r else "▄▀", ("dim", _halves("#ffffff", colour(bottom)))))
            else:
                runs.append(("▀▀", ("dim", _halves(colour(top), colour(bottom)))))
        return runs

    # -- drawing: the whole map as a Text -----------------------------------------------------------

    def render(self) -> Text:
        """The whole map as a Text (the lines `render_line` draws): for the selection of text."""
        if self.data is None:
            return Text("")
        return self.render_overview() if self._overview else self.render_detail()

    def render_detail(self) -> Text:
        self._scroll()
        lines = [self._detail_head()]
        lines += [self._castle_row(y) for y in range(self.top, self.top + self.rows_shown())]
        return Text("\n").join(_text_of(runs) for runs in lines)

    def _detail_head(self) -> list[Run]:
        overview, self._overview = self._overview, False
        try:
            return self._runs(0)
        finally:
            self._overview = overview

    def render_overview(self) -> Text:
        overview, self._overview = self._overview, True
        try:
            lines = [self._runs(0)] + [self._half_rows(r) for r in range(N // 2)]
        finally:
            self._overview = overview
        return Text("\n").join(_text_of(runs) for runs in lines)

    def selection_updated(self, selection) -> None:
        self._shown.clear()
        super().selection_updated(selection)

    # -- keys and mouse ------------------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        y, x = divmod(self.cursor, N)
        x, y = max(0, min(N - 1, x + dx)), max(0, min(N - 1, y + dy))
        if abs(dx) + abs(dy) == 1:
            self.heading = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}[(dx, dy)]
        self.cursor = y * N + x
        self._sync()
        self.post_message(self.Moved(self.cursor))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cursor))

    def _typing_line(self) -> Text:
        width = max(10, self.size.width or 52)
        if not self.prefixed and len(self.typed or "") == 1:  # a letter alone: a square's name, or its key
            line = Text("   ")
            line.append(self.typed, style="bold reverse")
            line.append("  digit: a square", style="bold")
            meaning = self.describe_key(self.letter) if self.describe_key else None
            line.append(f" · Enter: {meaning}" if meaning else " · Esc forgets", style="dim")
        else:
            line = Text("   Go to square: ", style="bold")
            line.append(self.typed or "", style="bold reverse")
            line.append("  (a square like e20, then Enter; Escape forgets it)", style="dim")
        line.truncate(width)
        return line

    def forget_typing(self) -> None:
        """Drop a square's name half typed (the screen calls it when the person at the keyboard changes)."""
        if self.typed is not None:
            self.typed = None
            self._sync()

    def forget_input(self) -> None:
        """What the game screen calls on every widget at each hand-off and lift of the curtain."""
        self.forget_typing()

    def _release(self, letter: str, then: events.Key | None = None) -> None:
        """Hand a letter typed alone on as the key it is, and then the key typed after it (as typed anew:
        it may start a square's name itself)."""
        self.typed = None
        self._released.append(letter)
        self.app.post_message(events.Key(letter, letter))
        if then is not None:
            self.app.post_message(events.Key(then.key, then.character))

    def on_key(self, event) -> None:
        key, char = event.key, event.character or ""
        if self._released and char and char == self._released[0]:
            self._released.pop(0)  # a letter handed on: it goes on to the screen as a key
            return
        if self.typed is None:
            if char in (":", "/"):
                self.typed, self.prefixed = "", True
            elif len(char) == 1 and char.lower() in LETTERS:
                self.typed, self.prefixed, self.letter = char.lower(), False, char
            else:
                return
        elif not self.prefixed and len(self.typed) == 1 and not char.isdigit():
            # a letter alone, and the next key is no digit: the letter was a key
            if key in ("escape", "backspace"):
                self.typed = None
            elif key in ("enter", "space"):
                self._release(self.letter)
            else:
                self._release(self.letter, event)
        elif key == "escape":
            self.typed = None
        elif key == "backspace":
            self.typed = self.typed[:-1]
        elif key == "enter":
            square = square_index(self.typed, N, N)
            self.typed = None
            if square is not None:
                self.follow(square)
                self.post_message(self.Moved(square))
                self.post_message(self.Chosen(square))
            else:
                self.app.bell()
        elif char.isalnum() and len(self.typed) < 3:
            self.typed += char.lower()
            self.prefixed = True  # a name now: backspaced to its letter, it is no key again
        else:
            self.app.bell()
        event.stop()
        event.prevent_default()
        self._sync()

    def on_click(self, event) -> None:
        if self._overview:
            x, y = (event.x - 3) // 2, (event.y - 1) * 2
        else:
            x, y = (event.x - 3) // 2, event.y - 1 + self.top
        if 0 <= x < N and 0 <= y < N and event.y >= 1:
            self.typed = None  # a click chooses: a name or a letter half typed is dropped
            self.cursor = y * N + x
            self._sync()
            self.post_message(self.Moved(self.cursor))
            self.post_message(self.Chosen(self.cursor))

    def on_focus(self) -> None:
        self._sync()

    def on_blur(self) -> None:
        self._sync()
