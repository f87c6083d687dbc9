"""A board of square cells: a cursor to move, cells to click or choose, and on a board with coordinates,
squares a person types by name (e4).

The board is drawn line by line (`ByLines`, Textual's line API): each line of it a strip kept under a
key of what it shows (the squares of its row, their styles, the cursor or the highlight on them, the
typing on the line of the files), drawn again only when one of its squares changed, and after each
change only the lines whose key moved are repainted. The keys are made once for what the board shows
(only the cursor's rows where the cursor alone moved), and a line of squares is drawn from its
squares' lines, each drawn once for what it shows and kept. `TextLines` draws a part of the table given as
lines of Text in the same way (Monster Builder's monsters)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import deque

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text
from textual._styles_cache import StylesCache
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget, _RenderCache

from tabletop_tui.rules.components.squares import FILES, square_index, square_name
from tabletop_tui.ui.widgets.common import Drawn, HeldHeight, KeptLines, LineStyles, _one_cell, measure_anew
from tabletop_tui.ui.widgets.lean_strip import LeanStrip

LINE_STYLE = "bold #8a8aaa"
LABEL_STYLE = "#8a8aaa"

#: a line is drawn as runs: a text and the styles it is drawn in, bottom first (the line's own style,
#: then its spans in their order), as Textual stacks up the spans of a Text
Run = tuple[str, tuple]


def text_runs(text: Text) -> list[Run]:
    """A Text's runs (its style, then its spans, in their order), cut where a span starts or ends, as
    Textual cuts a Text into segments."""
    plain = text.plain
    size = len(plain)
    spans = text.spans
    cuts = sorted({0, size} | {min(max(0, k), size) for span in spans for k in (span.start, span.end)})
    # each span's styles go to the pieces between the cuts it covers (found by bisection), in the
    # spans' order: the work is the pieces' styles, not every span against every piece
    stacks: list[list] = [[text.style] if text.style else [] for _ in range(len(cuts) - 1)]
    for span in spans:
        for piece in range(bisect_left(cuts, span.start), bisect_right(cuts, span.end) - 1):
            stacks[piece].append(span.style)
    return [(plain[start:end], tuple(stack)) for start, end, stack in zip(cuts, cuts[1:], stacks)]


def line_cells(line: Text) -> int:
    """A line's width in cells (`Text.cell_len`): its length where every character is a cell, as
    `_one_cell` finds at once (rich measures a line it has not seen a character at a time)."""
    plain = line.plain
    return len(plain) if _one_cell(plain) else cell_len(plain)


def split_lines(text: Text) -> list[Text]:
    """`text.split("\n", allow_blank=True)`: the same lines (their text, spans in their order, style,
    justification and overflow), each span cut to the lines it covers by one walk over the lines it
    starts on (found by bisection), where rich's `divide` searches the lines for each span's first and
    last in Python."""
    plain = text.plain
    if "\n" not in plain:
        return [text.copy()]
    pieces = plain.split("\n")
    starts = []
    at = 0
    for piece in pieces:
        starts.append(at)
        at += len(piece) + 1
    spans: list[list[Span]] = [[] for _ in pieces]
    count = len(pieces)
    for start, end, style in text.spans:
        line = bisect_right(starts, start) - 1
        while line < count and starts[line] < end:
            first = starts[line]
            cut_start, cut_end = max(0, start - first), min(end - first, len(pieces[line]))
            if cut_end > cut_start:
                spans[line].append(Span(cut_start, cut_end, style))
            line += 1
    style, justify, overflow = text.style, text.justify, text.overflow
    lines = []
    for piece, kept in zip(pieces, spans):
        line = Text(piece, style=style, justify=justify, overflow=overflow)
        line.spans = kept
        lines.append(line)
    return lines


def text_key(text: Text) -> tuple:
    """What a Text shows, as a key: two Texts with one key are drawn alike (on one line)."""
    return text.plain, tuple(text.spans), text.style, text.overflow


def drawn_style(widget, stack: tuple) -> Style:
    """The style a run of a widget's line is drawn in: its styles (names or rich styles) over the
    widget's, added up as Textual adds the spans of a Text (`Content.from_rich_text`, then
    `Content.render` and `FormattedLine.to_strip`)."""
    app = widget.app
    theme = app.ansi_theme
    get_style = app.console.get_style
    base = widget.visual_style
    styles = [base]
    for style in stack:
        styles.append(VisualStyle.from_rich_style(get_style(style) if isinstance(style, str) else style, theme))
    return (base + VisualStyle.combine(styles)).rich_style


def runs_strip(widget, runs: list[Run], finals: dict[tuple, Style], join: bool) -> Strip:
    """A line of `widget` given as runs, as a strip: a segment a run, or with `join` one to the runs of
    one style in a row; the style of each run found once (`drawn_style`, kept in `finals`). An empty
    line is one empty segment in the widget's style, as Textual draws it."""
    segments: list[Segment] = []
    text, style = "", None
    for chars, stack in runs:
        final = finals.get(stack)
        if final is None:
            final = finals[stack] = drawn_style(widget, stack)
        if join and final == style:
            text += chars
        else:
            if text:
                segments.append(Segment(text, style))
            text, style = chars, final
    if style is None:
        style = finals.get(())
        if style is None:
            style = finals[()] = drawn_style(widget, ())
    if text or not segments:
        segments.append(Segment(text, style))
    return LeanStrip(segments, sum(segment.cell_length for segment in segments))


#: (a segment's style, x, y) -> the style with its offset (placed_strip); emptied when it grows past this
PLACED_STYLES = 1 << 16
_placed_styles: dict[tuple, Style] = {}


def placed_strip(strip: Strip, y: int | None) -> Strip:
    """`strip.apply_offsets(0, y)`: each segment's style with the offset of its first cell in the
    widget (x, y), which Textual reads where the mouse starts a selection of text. Textual makes the
    offset's style anew for every segment of every line it places (its meta written out) and adds it
    to the segment's style (a new style, hashed again wherever it is looked up); here each (style, x,
    y) is made once and kept, so that a line placed again where another line of the same styles was
    (the castle scrolled, a row seen before) costs a look-up a segment."""
    styles = _placed_styles
    if len(styles) > PLACED_STYLES:
        styles.clear()
    segments = []
    x = 0
    for text, style, _ in strip._segments:
        key = (style, x, y)
        placed = styles.get(key)
        if placed is None:
            offset = Style.from_meta({"offset": (x, y)})
            placed = styles[key] = style + offset if style else offset
        segments.append(Segment(text, placed))
        x += len(text)
    out = LeanStrip(segments, strip.cell_length)
    out._render_cache = strip._render_cache
    return out


class PiecedText(Text):
    """A line joined from pieces (`pieced_line`), which keeps them: a TextLines draws a line of it that
    fits from its pieces' segments (`TextLines._pieced_strip`), each piece's kept by the piece and,
    where it is cut at both its edges, where it is placed, so that a line in which a few pieces changed
    costs a look-up for each of the others. Neither it nor its pieces are changed once made."""

    pieces: list[Text]
    piece_style: object


def pieced_line(style, pieces: list[Text]) -> PiecedText:
    """`pieces` joined on `style` (the line's own style), span for span as `Text.append_text` appends
    them to a Text of that style (a piece's style a span over it, then its spans), made at once."""
    plain = []
    spans: list[Span] = []
    offset = 0
    for piece in pieces:
        text = piece.plain
        end = offset + len(text)
        if piece.style:
            spans.append(Span(offset, end, piece.style))
        if piece.spans:
            spans.extend(Span(start + offset, stop + offset, span_style) for start, stop, span_style in piece.spans)
        plain.append(text)
        offset = end
    line = PiecedText("".join(plain), style=style or "", spans=spans)
    line.pieces, line.piece_style = pieces, style or ""
    return line


def _placed_segment(text: str, style: Style | None, x: int, y: int | None) -> Segment:
    """A segment of `style` whose first cell is at (x, y), its style with the offset as `placed_strip`
    gives it (kept in `_placed_styles`)."""
    placed = _placed_styles.get((style, x, y))
    if placed is None:
        offset = Style.from_meta({"offset": (x, y)})
        placed = _placed_styles[style, x, y] = style + offset if style else offset
    return Segment(text, placed)


class SameLines(LineStyles):
    """A widget's styled lines kept by the very line the widget drew (the strip object, which a widget
    drawn by lines keeps by what its row shows: ByLines, the castle map), not by its segments: hashing
    a line's segments costs about what styling it does. A content line of a widget styled by its
    padding alone (no border at the sides, outline, tint, hatch or opacity: `_plain`) is filled out and
    padded at once (`LineStyles._padded`), any other line styled by Textual. The same object, the same
    picture: nothing drawn for one seat is given back for another's line."""

    def render_line(self, styles, y, size, content_size, padding, base_background, background,
                    render_content_line, border_title, border_subtitle, opacity, ansi_theme, native_ansi):
        top, bottom = self._rows
        if not top <= y < bottom:
            return StylesCache.render_line(self, styles, y, size, content_size, padding, base_background,
                                           background, render_content_line, border_title, border_subtitle,
                                           opacity, ansi_theme, native_ansi)
        content = render_content_line(y - styles.gutter.top)
        key = (self._context, id(content))
        kept = self._styled.get(key)
        if kept is not None and kept[0] is content:  # (an id outlives its object: the object compared)
            return kept[1]
        plain = self._plain
        if plain is not None:
            styled = self._padded(content, content_size.width, size.width, plain)
        else:
            styled = StylesCache.render_line(self, styles, y, size, content_size, padding, base_background,
                                             background, lambda _y: content, border_title, border_subtitle,
                                             opacity, ansi_theme, native_ansi)
        self._styled[key] = (content, styled)
        return styled


class ByLines(KeptLines, Widget):
    """A widget drawn line by line (Textual's line API, `render_line`): each line a strip kept in a
    cache under a key made of what the line shows (`_line_key`), so that a line is drawn again
    (`_line_text`, then its runs as segments) only when what it shows changed, and after each change
    only the lines whose key moved are repainted (`_sync`).

    A line's segments are cut where the spans of its Text are, as Textual cuts a Text: the picture is
    the same either way, but the snapshots' SVG is written a segment at a time, so that joining the
    runs of one style into one segment (`JOIN_RUNS`) would change them. `render()` gives the whole
    widget as a Text (the same lines), for the selection of text with the mouse."""

    JOIN_RUNS = False  # one segment to a run of cells of one style (the same picture; other snapshots)
    CACHED_LINES = 600  # lines kept drawn (every line of a few pictures' worth)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._lines: dict[tuple, Strip] = {}  # a line's key -> the line drawn (without its offsets)
        self._finals: dict[tuple, Style] = {}  # a run's styles -> the one style it is drawn in
        self._base: VisualStyle | None = None  # the widget's style the lines were drawn on
        self._shown: dict[int, tuple] = {}  # the key of each line last handed to Textual
        # (a line's key, y, or None in a frame) -> the line with its offsets (`render_lines`)
        self._placed: dict[tuple, Strip] = {}
        self._framing = False  # drawing a frame (render_lines): the lines without their rows
        self.drawn = 0  # lines drawn anew (not found in the cache), for the tests
        self.painted: deque[int] = deque(maxlen=512)  # the lines Textual asked for last, for the tests
        self._styles_cache = SameLines()  # each line styled kept by the strip it styles (KeptLines)

    def _line_count(self) -> int:
        raise NotImplementedError

    def _line_key(self, y: int) -> tuple:
        """What line y shows, as a key: two lines with one key look the same; ("blank",) for none."""
        raise NotImplementedError

    def _line_text(self, y: int) -> Text:
        raise NotImplementedError

    def render(self) -> Text:
        """The whole widget as a Text (the lines `render_line` draws): for the selection of text."""
        return Text("\n").join(self._line_text(y) for y in range(self._line_count()))

    def _sync(self) -> None:
        """Ask Textual to repaint the lines whose key changed since they were last drawn (no other)."""
        if not self.is_mounted:
            return
        shown = self._shown
        if not shown:
            self.refresh()
            return
        width = self.size.width
        regions = [Region(0, y, width, 1) for y in range(max(self.size.height, self._line_count()))
                   if shown.get(y) != self._line_key(y)]
        if regions:
            self.refresh(*regions)

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        # Textual sets a new virtual size through its reactive, which asks for a second layout of the
        # whole screen after the one that gave the size; a widget that neither scrolls nor holds widgets
        # lays nothing out by its virtual size.
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    def selection_updated(self, selection) -> None:
        self._shown.clear()
        super().selection_updated(selection)

    def _settle(self) -> VisualStyle:
        """Before lines are drawn: a new style of the widget forgets every line drawn in the old one.
        The widget's style."""
        base = self.visual_style
        if base != self._base:
            self._base = base
            self._lines.clear()
            self._placed.clear()
            self._finals.clear()
            self._base_changed()
        return base

    def render_line(self, y: int) -> Strip:
        framed = self._framing
        if framed:  # (a frame's line: nothing selected, the style settled, by render_lines)
            base = self._base
        else:
            if self.text_selection is not None:  # some text selected with the mouse: drawn as a Text
                self._shown.clear()
                return super().render_line(y)
            base = self._settle()
        key = self._line_key(y)
        self._shown[y] = key
        self.painted.append(y)
        if key == ("blank",):
            return Strip.blank(self.size.width, base.rich_style)
        placed = self._placed.get((key, None if framed else y))
        if placed is not None:
            return placed
        if len(self._placed) >= self.CACHED_LINES:
            del self._placed[next(iter(self._placed))]
        placed = self._placed[key, None if framed else y] = self._place(y, key, framed)
        return placed

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines of a frame: each placed with its cells' columns but not their row, `(x, None)`, as
        CastleMap places them: Textual reads the offsets (the row too) where the mouse starts a selection
        of text from `render_line(y)` asked alone, which places them whole, never from a frame's lines.
        A line that only moved (a line more above it) is then the very strip it was, a look-up, where it
        was placed anew at its new row (its segments' styles with their offsets made again). What every
        line of the frame depends on (the selection, the widget's style) is found once for them all."""
        if self.text_selection is not None:
            return super().render_lines(crop)
        self._settle()
        self._framing = True
        try:
            return super().render_lines(crop)
        finally:
            self._framing = False

    def _place(self, y: int, key: tuple, framed: bool = False) -> Strip:
        """Line y (whose key is `key`) with its offsets: the line drawn (kept by its key, wherever it is
        shown) placed at y (with `framed`, at no row: `render_lines`)."""
        strip = self._lines.get(key)
        if strip is None:
            if len(self._lines) >= self.CACHED_LINES:
                del self._lines[next(iter(self._lines))]
            strip = self._lines[key] = self._draw(y, key)
            self.drawn += 1
        return placed_strip(strip, None if framed else y)

    def _base_changed(self) -> None:
        """The widget's style changed: what was drawn on the old one is forgotten."""

    def _draw(self, y: int, key: tuple) -> Strip:
        """Line y (whose key is `key`) drawn anew, as a strip (without its offsets)."""
        return self._strip(self._line_text(y))

    def _strip(self, line: Text) -> Strip:
        """A line as a strip, cut where its spans start and end, as Textual cuts a Text into segments (a
        segment to a run of one style with JOIN_RUNS: the same picture, other snapshots)."""
        return runs_strip(self, text_runs(line), self._finals, self.JOIN_RUNS)


class GridBoard(ByLines, can_focus=True):
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

    # (their watchers repaint the lines they change: no repaint of the whole board)
    cursor = reactive(4, repaint=False)
    typed = reactive("", repaint=False)

    class Chosen(Message):
        def __init__(self, index: int):
            super().__init__()
            self.index = index

    CELL_RUNS_KEPT = 1024  # a cell's line drawn (its runs in their styles), kept by what it shows

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
        self._choosing = False  # a square is being chosen: its lines are repainted after the screen's answer
        # every line's key, made once for what the board shows (`_keys_for`: the cells given, the
        # cursor, the typing, the focus, the geometry), and the keys last compared in `_sync`
        self._keys: list[tuple] = []
        self._keys_for: tuple | None = None
        self._looks: list[tuple] = []  # what each cell shows (its lines' keys, its style, its state)
        self._given = 0  # the cells given so far (set_cells)
        self._lines_shown: dict[int, tuple[list, list]] = {}  # id of a list of lines -> it, what it shows
        self._synced: list[tuple] | None = None
        # (what a cell's line shows, its style, its state, the cell's width) -> its line drawn (_cell_line)
        self._cell_runs: dict[tuple, tuple[list[tuple[str, Style]], bool, bool, int]] = {}
        # (a cell's line as above, x, y) -> its segments placed there, and their length (a cell cut at
        # both edges: no run of it joins its neighbours')
        self._placed_cells: dict[tuple, tuple[list[Segment], int]] = {}
        self.keyed = 0  # the times every line's key was made, for the tests
        self.cursor = (rows * cols) // 2

    def set_cells(self, cells: list[list[Text]], highlight: set[int] | None = None,
                  styles: dict[int, str] | None = None) -> None:
        """The cells' lines; `highlight` marks cells (legal destinations...) in the board's own colour,
        `styles` gives cells a style of their own (a checkerboard, a territory, the chosen piece).

        A cell's list of lines is read once and known by the list: a list given is not changed
        afterwards (other lines are given as another list, the same list may be given to many cells
        and again)."""
        self.cells = cells
        self.highlight = highlight or set()
        self.styles_of = styles or {}
        self._given += 1  # (the same lists given again may show something else)
        self._sync()

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

    # -- drawing: the keys of the lines -----------------------------------------------------------

    @property
    def _geometry(self) -> tuple:
        return (self.rows, self.cols, self.cell_width, self.cell_height, self.labels, self.lines)

    def _line_count(self) -> int:
        return self.size_with(self.cell_width, self.cell_height)[1]

    def _sync(self) -> None:
        """Ask Textual to repaint the lines whose key changed since they were last drawn: nothing at all
        when the board shows what it showed at the last call (the keys not made again)."""
        if not self.is_mounted:
            return
        keys = self._all_keys()
        shown = self._shown
        if keys is self._synced and shown:
            return
        self._synced = keys
        if not shown:
            self.refresh()
            return
        width, height = self.size
        if len(keys) < height:
            keys = keys + [("blank",)] * (height - len(keys))
        changed = [y for y, key in enumerate(keys) if shown.get(y) != key]
        if not changed:
            return
        # a region to each run of changed lines
        regions = []
        first = last = changed[0]
        for y in changed[1:]:
            if y != last + 1:
                regions.append(Region(0, first, width, last - first + 1))
                first = y
            last = y
        regions.append(Region(0, first, width, last - first + 1))
        self.refresh(*regions)

    def _all_keys(self) -> list[tuple]:
        """Every line's key (`_line_key`), made once for what the board shows: the cells given (a new
        `set_cells`), the cursor, the letters typed, the focus and the geometry. Where only the cursor,
        the focus or the typing changed, only the lines of the squares the cursor left and reached (and
        the typing's) are made again."""
        # (the reactives' values read where Textual keeps them: this is asked for every line drawn)
        state = (self._geometry, getattr(self, "_reactive_cursor", None),
                 getattr(self, "_reactive_has_focus", False), getattr(self, "_reactive_typed", ""), self._given)
        before = self._keys_for
        if state == before:
            return self._keys
        geometry, cursor, focused, typed, _ = state
        rows, cols, h = self.rows, self.cols, self.cell_height
        cells, styles_of, highlight = self.cells, self.styles_of, self.highlight
        looks = self._looks
        # a list of lines given -> (the list, what its lines show): a list given to many cells, or given
        # again (`set_cells`: a list given is not changed afterwards), is read once
        known = self._lines_shown
        shown_of: dict[int, tuple[list, list]] = {}

        def look(i: int) -> tuple:
            """What cell i shows: its lines' text_key (None below its last), its style, its state."""
            lines = cells[i]
            got = shown_of.get(id(lines))
            if got is None:
                got = known.get(id(lines))
                if got is None or got[0] is not lines or len(got[1]) != h:
                    shown = [text_key(line) for line in lines[:h]]
                    if len(shown) < h:
                        shown += [None] * (h - len(shown))
                    got = (lines, shown)
                shown_of[id(lines)] = got
            return got[1], styles_of.get(i), 2 if i == cursor and focused else 1 if i in highlight else 0

        if before is not None and before[0] == geometry and before[4] == state[4] and looks:
            # the same cells: the looks of the squares whose state may have changed, and their rows
            marked = {i for i in (before[1], cursor) if isinstance(i, int) and 0 <= i < rows * cols}
            for i in marked:
                looks[i] = look(i)
            keys = list(self._keys)
            for r in {i // cols for i in marked}:
                self._row_keys(keys, looks, r)
            if self.labels:
                keys[-1] = ("files", geometry, typed)
        else:
            looks = self._looks = [look(i) for i in range(rows * cols)]
            self._lines_shown = shown_of  # (the lists no longer given are let go)
            keys = [("top", geometry)]
            rule = ("rule", geometry)
            for r in range(rows):
                if r and self.lines:
                    keys.append(rule)
                keys.extend([()] * h)
                self._row_keys(keys, looks, r)
            keys.append(("bottom", geometry))
            if self.labels:
                keys.append(("files", geometry, typed))
        self._keys, self._keys_for = keys, state
        self.keyed += 1
        return keys

    def _row_keys(self, keys: list[tuple], looks: list[tuple], r: int) -> None:
        """The keys of the lines of row r of squares, put in `keys`."""
        geometry, rows, cols, h = self._geometry, self.rows, self.cols, self.cell_height
        row = looks[r * cols:(r + 1) * cols]
        first = 1 + r * self._step_y
        for dy in range(h):
            label = str(rows - r) if self.labels and dy == h // 2 else ""
            keys[first + dy] = ("cells", geometry, label, dy, tuple([(shown[dy], style, mark) for shown, style, mark in row]))

    def _line_key(self, y: int) -> tuple:
        """What line y of the board shows, as a key: two lines with one key look the same."""
        keys = self._all_keys()
        return keys[y] if 0 <= y < len(keys) else ("blank",)

    # -- drawing: the lines -----------------------------------------------------------------------

    def _line_text(self, y: int) -> Text:
        """Line y of the board as a Text."""
        kind = self._line_key(y)[0]
        w = self.cell_width
        margin = " " * self._margin
        inner = "─" * w

        def rule(left: str, mid: str, right: str) -> Text:
            body = mid.join([inner] * self.cols) if self.lines else "─" * (w * self.cols)
            return Text(margin) + Text(left + body + right, style=LINE_STYLE)

        if kind == "top":
            return rule("┌", "┬", "┐")
        if kind == "rule":
            return rule("├", "┼", "┤")
        if kind == "bottom":
            return rule("└", "┴", "┘")
        if kind == "files":
            files = Text(margin + " ", style=LABEL_STYLE)
            for c in range(self.cols):
                files.append(FILES[c].center(w) + (" " if self.lines else ""))
            if self.typed:
                files.append(f" typed: {self.typed}", style="bold")
            return files
        if kind == "blank":
            return Text("")
        r, dy = divmod(y - 1, self._step_y)
        label = str(self.rows - r) if self.labels and dy == self.cell_height // 2 else ""
        line = Text("", style=LINE_STYLE)  # (the whole line's base style, as cells are drawn on it)
        if self.labels:
            line.append(label.rjust(self._margin - 1) + " ", style=LABEL_STYLE)
        line.append("│")
        for c in range(self.cols):
            i = r * self.cols + c
            content = self.cells[i][dy].copy() if dy < len(self.cells[i]) else Text("")
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
        return line

    def _place(self, y: int, key: tuple, framed: bool = False) -> Strip:
        """A line of cells drawn with its offsets from its cells' lines, each drawn once for what it
        shows and kept (`_cell_line`): the strip `placed_strip` makes of `_strip(_line_text(y))`,
        segment for segment (with JOIN_RUNS, one to a run of one style across the cells), without the
        line made as a Text, cut again and placed. Any other line from its Text."""
        if key[0] != "cells":
            return super()._place(y, key, framed)
        self.drawn += 1
        row = None if framed else y  # (the row of the offsets: none in a frame)
        _, _, label, dy, looks = key
        finals = self._finals
        join = self.JOIN_RUNS
        kept = self._cell_runs
        if len(kept) > self.CELL_RUNS_KEPT:
            kept.clear()
        placed_styles = _placed_styles
        if len(placed_styles) > PLACED_STYLES:
            placed_styles.clear()
        placed_cells = self._placed_cells
        w = self.cell_width
        first = (y - 1) // self._step_y * self.cols
        cells = self.cells
        segments: list[Segment] = []
        # the run being made, where it starts and its style, and whether a span of the line's Text ends
        # after it (where Textual cuts a segment, as `text_runs` cuts the line: also between two runs
        # of one style; without a span's edge between them, two runs are of one style)
        text, start, style, cut = "", 0, None, True

        def close() -> None:
            """The run made so far, a segment (its style with the offset of its first cell)."""
            placed = placed_styles.get((style, start, row))
            if placed is None:
                offset = Style.from_meta({"offset": (start, row)})
                placed = placed_styles[style, start, row] = style + offset if style else offset
            segments.append(Segment(text, placed))

        def final(stack: tuple) -> Style:
            got = finals.get(stack)
            if got is None:
                got = finals[stack] = drawn_style(self, stack)
            return got

        x = 0  # where the next run starts (in characters, as Textual counts the offsets)
        if self.labels:  # the rank's number: a span of the line
            text = label.rjust(self._margin - 1) + " "
            style = final((LINE_STYLE, LABEL_STYLE))
            x = len(text)
        # the frame's left side: no span of its own (one run with what follows, as the Text is cut)
        frame = final((LINE_STYLE,))
        if join and frame == style:
            text += "│"
        else:
            if text:
                close()
            text, start, style = "│", x, frame
        cut = False
        x += 1
        width = x  # the line's width in cells
        side = final((LINE_STYLE, LINE_STYLE))
        last = len(looks) - 1
        ruled = self.lines
        for c, look in enumerate(looks):
            drawn = kept.get((look, w))
            if drawn is None:
                lines = cells[first + c]
                drawn = kept[look, w] = self._cell_line(lines[dy] if dy < len(lines) else None, look, w)
            runs, starts_cut, ends_cut, cell_width = drawn
            width += cell_width
            if starts_cut and ends_cut and not join:
                # a cell cut at both edges (a style of its own, the cursor, the highlight): its segments
                # are its runs, placed once where it is and kept there
                if text:
                    close()
                    text = ""
                at = (look, w, x, row)
                got_cell = placed_cells.get(at)
                if got_cell is None:
                    if len(placed_cells) > self.CELL_RUNS_KEPT:
                        placed_cells.clear()
                    got_cell = placed_cells[at] = self._cell_placed(runs, x, row)
                segments.extend(got_cell[0])
                x += got_cell[1]
                cut = True
                if ruled or c == last:
                    text, start, style = "│", x, side
                    x += 1
                    width += 1
                continue
            cut = cut or starts_cut
            for chars, got in runs:
                if not cut or (join and (got is style or got == style)):
                    text += chars
                else:
                    if text:
                        close()
                    text, start, style = chars, x, got
                x += len(chars)
                cut = True  # (between two runs of a cell: a span's edge)
            cut = ends_cut
            if ruled or c == last:  # the line between two cells: a span of the line
                if join and (side is style or side == style):
                    text += "│"
                else:
                    if text:
                        close()
                    text, start, style = "│", x, side
                cut = True
                x += 1
                width += 1
        if text or not segments:
            close()
        return LeanStrip(segments, width)

    def _base_changed(self) -> None:
        self._cell_runs.clear()
        self._placed_cells.clear()

    @staticmethod
    def _cell_placed(runs: list[tuple[str, Style]], x: int, y: int | None) -> tuple[list[Segment], int]:
        """A cell's runs as segments placed at (x, y) (their styles with their offsets, as
        `placed_strip` places them), and their length in characters."""
        styles = _placed_styles
        if len(styles) > PLACED_STYLES:
            styles.clear()
        segments = []
        start = x
        for chars, style in runs:
            placed = styles.get((style, start, y))
            if placed is None:
                offset = Style.from_meta({"offset": (start, y)})
                placed = styles[style, start, y] = style + offset if style else offset
            segments.append(Segment(chars, placed))
            start += len(chars)
        return segments, start - x

    def _cell_line(self, content: Text | None, look: tuple, w: int) -> tuple[list[tuple[str, Style]], bool, bool, int]:
        """A line of a cell drawn as `_line_text` draws it on its line (its content centred, the cell's
        own style, then the cursor or the highlight over it): its runs, cut where its spans start and end
        (with JOIN_RUNS, those of one style in a row joined), each in its style over the line's; whether
        a span of it starts at its left edge and ends at its right (where the line is cut); its width."""
        _, own, mark = look
        content = content.copy() if content is not None else Text("")
        content.truncate(w)
        pad = w - content.cell_len
        cell = Text(" " * (pad // 2)) + content + Text(" " * (pad - pad // 2))
        if own:
            cell.stylize(own)
        if mark == 2:
            cell.stylize("reverse")
        elif mark == 1:
            cell.stylize("on #3a3a20")
        size = len(cell)
        edges = {min(max(0, k), size) for span in cell.spans for k in (span.start, span.end)}
        finals = self._finals
        join = self.JOIN_RUNS
        runs: list[tuple[str, Style]] = []
        for chars, stack in text_runs(cell):
            stack = (LINE_STYLE, *stack)
            final = finals.get(stack)
            if final is None:
                final = finals[stack] = drawn_style(self, stack)
            if join and runs and runs[-1][1] == final:
                runs[-1] = (runs[-1][0] + chars, final)
            else:
                runs.append((chars, final))
        return runs, 0 in edges, size in edges, cell.cell_len

    def watch_cursor(self) -> None:
        if not self._choosing:
            self._sync()

    def watch_typed(self) -> None:
        if not self._choosing:
            self._sync()

    def on_focus(self) -> None:
        self._sync()

    def on_blur(self) -> None:
        self.typed = ""
        self._sync()

    # -- input ------------------------------------------------------------------------------------

    def action_move(self, dr: int, dc: int) -> None:
        self.typed = ""
        r, c = divmod(self.cursor, self.cols)
        self.cursor = ((r + dr) % self.rows) * self.cols + (c + dc) % self.cols

    def action_choose(self) -> None:
        if self.typed:  # Enter after a square's name: choose it if it is one
            index = square_index(self.typed, self.rows, self.cols)
            if index is None:
                self.typed = ""
                return
            self._choose(index)
            return
        self._choose(self.cursor)

    def _choose(self, index: int) -> None:
        """The square chosen: the typing is done, the cursor goes there, and the screen is told.

        On a screen, the cursor moves on the screen's turn, just before the screen has the message: so
        what the cursor's watchers draw (a square's details) and the screen's answer (the move made,
        the board set anew) are drawn in one frame, not in one frame each."""
        self._choosing = True
        try:
            self.typed = ""
        finally:
            self._choosing = False
        if not self.is_attached:
            self.cursor = index
            self.post_message(self.Chosen(index))
            return
        screen = self.screen
        screen.call_later(self._go_to, index)
        screen.post_message(self.Chosen(index))

    def _go_to(self, index: int) -> None:
        self.cursor = index
        self._sync()  # (the typing's line, where the cursor did not move)

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
        self._choose(square_index(text, self.rows, self.cols))

    def on_click(self, event) -> None:
        index = self.cell_at(event.x, event.y)
        if index is not None:
            self._choose(index)


class TextLines(ByLines):
    """A part of the table given as lines of Text (`show_lines`, or a Text of several lines, `show_text`),
    drawn by lines as the board is: a line that did not change is neither drawn again nor repainted,
    where a Static draws its whole Text anew at each change. It lays the screen out only when its number
    of lines changes. As a Static, it is as high as its lines; a line wider than the widget is wrapped
    at its spaces as a Static wraps it (rich's `Text.wrap`, each piece without the spaces it was broken
    at), into lines drawn as the others. A steady one (`steady=True`) keeps its height for fewer lines
    (HeldHeight): the rest blank until the next layout, and none asked for."""

    DEFAULT_CSS = """
    TextLines { height: auto; }
    """
    #: whether it keeps its height for fewer lines (HeldHeight)
    steady = False
    WRAPS_KEPT = 64  # lines wrapped, kept by what they show and the width
    PIECES_KEPT = 2048  # pieces of lines (show_pieced) drawn, and placed

    def __init__(self, *, steady: bool | None = None, **kwargs):
        super().__init__(**kwargs)
        if steady is not None:
            self.steady = steady
        self._held = HeldHeight()
        self._texts: list[Text] = []  # the lines given
        self._keys: list[tuple] = []  # what each shows (text_key)
        # the lines as drawn: the lines given (`_keys`, the very list) wrapped at a width
        self._wrapped_from: list[tuple] | None = None
        self._wrapped_at = 0
        self._wrapped: tuple[list[Text], list[tuple]] = ([], [])
        self._pieces: dict[tuple, list[Text]] = {}  # (a line's key, its wrapping, width) -> its pieces
        self._width = 0  # the width of its content as last laid out (Textual's size.width, kept)
        self._pieced: dict[tuple, tuple[object, list[Text]]] = {}  # a PiecedText's key -> its style, pieces
        # (id of a piece, the line's style) -> the piece, its runs, whether cut at its edges, its width
        self._piece_runs: dict[tuple, tuple] = {}
        # (id of a piece, the line's style, x, y) -> the piece, its segments placed there, their length
        self._piece_placed: dict[tuple, tuple] = {}

    def show_text(self, text: Text) -> None:
        """Show the lines of `text` (split_lines: rich's split at its line breaks)."""
        self.show_lines(split_lines(text))

    def _place(self, y: int, key: tuple, framed: bool = False) -> Strip:
        pieced = self._pieced.get(key)
        if pieced is not None:
            strip = self._pieced_strip(None if framed else y, *pieced)
            if strip is not None:
                self.drawn += 1
                return strip
        return super()._place(y, key, framed)

    def _base_changed(self) -> None:
        super()._base_changed()
        self._piece_runs.clear()
        self._piece_placed.clear()

    def _piece_runs_of(self, piece: Text, base: tuple) -> tuple:
        """A piece's runs on a line whose style is `base` (empty or the line's style), each in the style
        it is drawn in, as `text_runs` cuts the line within it; whether a span of the line starts at its
        left edge and ends at its right; its width. No runs (None) where a span of it reaches past it."""
        plain = piece.plain
        size = len(plain)
        spans = piece.spans
        edges = {k for span in spans for k in (span.start, span.end)}
        if edges and (min(edges) < 0 or max(edges) > size):
            return piece, None, False, False, 0
        finals = self._finals
        runs: list[tuple[str, Style]] = []
        for chars, stack in text_runs(piece) if size else ():
            stack = (*base, *stack)
            final = finals.get(stack)
            if final is None:
                final = finals[stack] = drawn_style(self, stack)
            runs.append((chars, final))
        styled = bool(piece.style)
        return piece, runs, styled or 0 in edges, styled or size in edges, piece.cell_len

    def _pieced_strip(self, y: int | None, style: object, pieces: list[Text]) -> Strip | None:
        """The line that is `pieces` joined on `style`, drawn and placed at y: the strip
        `placed_strip(self._strip(line), y)` makes, segment for segment, from each piece's runs (kept by
        the piece), the segments of a piece cut at both its edges kept where it is placed. None where it
        cannot be drawn so (a span past its piece, an empty line, JOIN_RUNS)."""
        if self.JOIN_RUNS:
            return None
        base = (style,) if style else ()
        runs_kept = self._piece_runs
        placed_kept = self._piece_placed
        if len(runs_kept) > self.PIECES_KEPT:
            runs_kept.clear()
        if len(placed_kept) > self.PIECES_KEPT:
            placed_kept.clear()
        styles = _placed_styles
        if len(styles) > PLACED_STYLES:
            styles.clear()
        segments: list[Segment] = []
        # the run being made (its text, where it starts, its style) and whether a span's edge is before
        # what comes next (where Textual cuts a segment)
        text, start, final, cut = "", 0, None, True
        x = width = 0
        for piece in pieces:
            got = runs_kept.get((id(piece), style))
            if got is None or got[0] is not piece:
                got = runs_kept[id(piece), style] = self._piece_runs_of(piece, base)
            _, runs, starts_cut, ends_cut, cells = got
            if runs is None:
                return None
            width += cells
            if not runs:
                cut = cut or starts_cut
                continue
            if starts_cut and ends_cut:  # its segments its runs, placed once where it is and kept there
                if text:
                    segments.append(_placed_segment(text, final, start, y))
                    text = ""
                at = (id(piece), style, x, y)
                placed = placed_kept.get(at)
                if placed is None or placed[0] is not piece:
                    placed = placed_kept[at] = (piece, *GridBoard._cell_placed(runs, x, y))
                segments.extend(placed[1])
                x += placed[2]
                cut = True
                continue
            cut = cut or starts_cut
            for chars, got_style in runs:
                if cut:
                    if text:
                        segments.append(_placed_segment(text, final, start, y))
                    text, start, final = chars, x, got_style
                else:
                    text += chars
                x += len(chars)
                cut = True  # (between two runs of a piece: a span's edge)
            cut = ends_cut
        if text:
            segments.append(_placed_segment(text, final, start, y))
        if not segments:
            return None
        return LeanStrip(segments, width)

    def show_lines(self, lines: list[Text]) -> None:
        lines = lines or [Text("")]  # (one empty line, as a Static showing nothing)
        keys = [text_key(line) for line in lines]
        if keys == self._keys:
            return
        self._pieced = {("line", key): (line.piece_style, line.pieces)
                        for line, key in zip(lines, keys) if type(line) is PiecedText}
        width = self._width
        count = len(self._at(width)[1])
        self._texts, self._keys = lines, keys
        height = len(self._at(width)[1])
        resized = height != count or not width
        if resized and self.steady and width and self._held.holds(width, height):
            resized = False  # fewer lines than it holds: the rest drawn blank
            measure_anew(self)  # (and given back at the next layout)
        if resized:
            self._shown.clear()
            self.refresh(layout=True)
        else:
            self._sync()

    def _fits(self, width: int) -> bool:
        """Whether the lines given fit `width` (none is wrapped)."""
        return bool(width) and all(line_cells(line) <= width for line in self._texts)

    def _at(self, width: int) -> tuple[list[Text], list[tuple]]:
        """The lines as drawn at `width` and their keys: the lines given, each one wider than `width`
        wrapped (none where the width is not known yet)."""
        if self._keys is self._wrapped_from and width == self._wrapped_at:
            return self._wrapped
        self._wrapped_from, self._wrapped_at = self._keys, width
        texts, keys = self._texts, self._keys
        if width and any(line_cells(line) > width for line in texts):
            pieces = self._pieces
            if len(pieces) > self.WRAPS_KEPT:
                pieces.clear()
            wrapped_texts: list[Text] = []
            wrapped_keys: list[tuple] = []
            for line, key in zip(texts, keys):
                if line_cells(line) <= width:
                    wrapped_texts.append(line)
                    wrapped_keys.append(key)
                    continue
                wrap = (key, line.justify, line.no_wrap, width)
                cut = pieces.get(wrap)
                if cut is None:
                    cut = pieces[wrap] = list(line.wrap(self.app.console, width))
                    for piece in cut:
                        piece.rstrip()
                wrapped_texts.extend(cut)
                wrapped_keys.extend(text_key(piece) for piece in cut)
            texts, keys = wrapped_texts, wrapped_keys
        self._wrapped = (texts, keys)
        return self._wrapped

    def get_content_height(self, container, viewport, width: int) -> int:
        return self._held.laid(width, len(self._at(width)[1]))

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        self._width = max(0, size.width - self.styles.gutter.width)  # (size.width, found once)
        return super()._size_updated(size, virtual_size, container_size, layout)

    def _line_count(self) -> int:
        return len(self._at(self._width)[1])

    def _line_key(self, y: int) -> tuple:
        keys = self._at(self._width)[1]
        return ("line", keys[y]) if y < len(keys) else ("blank",)

    def _line_text(self, y: int) -> Text:
        return self._at(self._width)[0][y]


class LineDrawn(Drawn):
    """A Drawn for a bar of one line that changes with most keys (the game screen's title bar and
    prompt): its Text, where it is one line that fits, is drawn by runs as a line of ByLines is (cut
    where its spans start and end, the style of each run found once and kept, the offsets placed with
    `placed_strip`), and each line drawn is kept by what it shows, so that a line shown before costs a
    look-up. Textual draws the Text through Content (made from the Text, wrapped, formatted, each
    span's style made anew, the offset's style added to every segment) at every change. A new line
    where one line is shown asks for no layout and makes no Content (only Textual's measure of the
    widget would ask for it, at the next layout). Anything else (several lines, a line wrapped, a
    selection, another alignment) is drawn as Drawn draws it: the same picture either way."""

    LINES_KEPT = 64

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._runs_kept: dict[tuple, Strip] = {}  # a line's key -> the line placed
        self._finals: dict[tuple, Style] = {}  # a run's styles -> the style it is drawn in
        self._runs_base: VisualStyle | None = None  # the widget's style the lines were drawn on
        self.drawn = 0  # lines drawn anew by runs, for the tests

    def update(self, content="", *, layout: bool = True, key: object = None) -> None:
        if (key is None and isinstance(content, Text) and self.is_mounted and self.display
                and self._size.height - self.styles.gutter.height == 1 and self._line(content) is not None):
            shown = ("line", text_key(content))  # (never equal to Drawn's key of a content)
            if shown == self._shown_key:
                return
            self._shown_key = shown
            # Static's content, its visual made when asked for (Textual measures the widget with it)
            self._Static__content = content  # type: ignore[attr-defined]
            self._Static__visual = None  # type: ignore[attr-defined]
            self.refresh()
            return
        super().update(content, layout=layout, key=key)

    def _render_content(self) -> None:
        text = self.content
        strip = self._line(text) if isinstance(text, Text) and self.text_selection is None else None
        if strip is None:
            super()._render_content()
            return
        self._render_cache = _RenderCache(self.size, [strip])
        self._dirty_regions.clear()

    def _line(self, text: Text) -> Strip | None:
        """`text` drawn by runs as the widget's line, or None where it is not one line that fits
        (drawn as Drawn draws it)."""
        width = self._size.width - self.styles.gutter.width  # (the content's: Textual's size.width)
        if width <= 0 or text.justify not in (None, "default", "left") or not text.plain.isprintable():
            return None
        styles = self.styles
        if (styles.content_align != ("left", "top") or styles.get_rule("text_align", "left") != "left"
                or styles.get_rule("line_pad", 0)):
            return None
        base = self.visual_style
        if base != self._runs_base:
            self._runs_base = base
            self._runs_kept.clear()
            self._finals.clear()
        key = text_key(text)
        strip = self._runs_kept.get(key)
        if strip is None:
            if len(self._runs_kept) >= self.LINES_KEPT:
                del self._runs_kept[next(iter(self._runs_kept))]
            strip = self._runs_kept[key] = placed_strip(runs_strip(self, text_runs(text), self._finals, False), 0)
            self.drawn += 1
        return strip if strip.cell_length <= width else None  # (wider: wrapped, as Drawn wraps it)
