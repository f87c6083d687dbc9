"""Columns of text that share a width: each at least its least width, the rest to those that need it;
and QuickTable, a rich Table of such columns drawn at a fraction of rich's cost."""

from __future__ import annotations

from rich._ratio import ratio_distribute, ratio_reduce
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.table import Column, Table
from rich.text import Span, Text
from textual.strip import Strip

from tabletop_tui.ui.widgets.lean_strip import LeanStrip


def fit_columns(columns, rows: list[list[str]], width: int) -> list[int]:
    """Widths of columns ((heading, least width), ...) that share `width`: each at least its least
    width, then the room left handed out a column at a time to those whose heading or longest cell
    (and a space) needs more."""
    widths = [least for _, least in columns]
    wants = [max([len(name) + 1, least] + [len(r[i]) + 1 for r in rows]) for i, (name, least) in enumerate(columns)]
    spare = width - sum(widths)
    while spare > 0:
        growing = [i for i in range(len(columns)) if widths[i] < wants[i]]
        if not growing:
            break
        for i in growing:
            if spare == 0:
                break
            widths[i] += 1
            spare -= 1
    return widths


def cut(text: str, width: int) -> str:
    """`text` in `width` cells at most, its end an ellipsis where it was cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


class QuickTable(Table):
    """A rich Table drawn the same, segment for segment, at a fraction of the cost where it is simple:
    no box, one cell of padding either side of every cell, cells of text of one line. Rich measures
    every cell by rendering it, then renders each through a Padding and two more renderings (its
    lines split and cropped three times over): most of the cost of a scoreboard's frame. Here the
    widths are found as rich finds them (a text's measure is its length; columns too wide for the
    room are collapsed by rich's own `_collapse_widths`), and each cell is its text justified in its
    column between two spaces, as rich would draw it; a cell that does not fit its room (cut short,
    folded onto more lines) is drawn by rich, that cell alone, and its row shaped as rich shapes it.
    A table with anything else (a box, a title, row styles, cells that are not text...) is drawn by
    rich's Table itself.

    tests/test_ui_frames.py compares both drawings, segment for segment, over many random tables.

    A table drawn again and again with a few cells changed (a scoreboard) may keep each cell's segments
    (`cells_kept`, a dict: by the cell's text, its column's width and justification)."""

    #: each cell of one line's segments, by what it shows and its column (None: none kept)
    cells_kept: dict[tuple, list[Segment] | None] | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self._quick_lines(console, options) if self._simple() else None
        if lines is None:
            yield from super().__rich_console__(console, options)
            return
        new_line = Segment.line()
        for line in lines:
            yield from line
            yield new_line

    def _simple(self) -> bool:
        """Whether the table has nothing but what `_quick_lines` draws."""
        return (self.columns and self.box is None and tuple(self.padding) == (0, 1, 0, 1) and self.pad_edge
                and not self.collapse_padding and not self.show_footer and not self.title and not self.caption
                and not self.row_styles and self.width is None and self.min_width is None and self.style in ("", "none", None)
                and not self.highlight and all(
                    not c.style and c.min_width is None and c.max_width is None and not c.highlight
                    and c.justify in ("left", "right") for c in self.columns)
                and all(not row.style for row in self.rows))

    def _cells(self, console: Console, options: ConsoleOptions, column: Column) -> list[Text] | None:
        """The column's header (where shown) and cells as text, or None for one that is not one
        line of text."""
        cells: list = ([column.header] if self.show_header else []) + list(column._cells)
        out = []
        for cell in cells:
            if isinstance(cell, str):
                cell = console.render_str(cell, highlight=False, markup=options.markup)
            if not isinstance(cell, Text) or "\n" in cell.plain or "\t" in cell.plain:
                return None
            out.append(cell)
        return out

    def _quick_lines(self, console: Console, options: ConsoleOptions) -> list[list[Segment]] | None:
        """The table's lines, as `Table._render` draws them, None where it is not this simple."""
        laid = self._quick_layout(console, options)
        if laid is None:
            return None
        cells, widths, options = laid
        drawn: list[list[Segment]] = []
        for index in range(len(self.rows) + bool(self.show_header)):
            drawn.extend(self._quick_row(console, options, index, [texts[index] for texts in cells], widths))
        return drawn

    def quick_strips(self, console: Console, options: ConsoleOptions, style: Style,
                     kept: dict[tuple, list[Strip]]) -> list[Strip] | None:
        """The table's lines as Textual draws a rich renderable on `style` (a widget's: Textual's
        `_Styled`, then the lines cut to the width), each row's lines kept in `kept` by what the row
        shows and the columns' widths, so that a row that did not change is not drawn again; None
        where the table is not simple (`_quick_lines`)."""
        if not self._simple():
            return None
        width = options.max_width
        laid = self._quick_layout(console, options)
        if laid is None:
            return None
        cells, widths, options = laid
        columns = tuple((c.justify, c.no_wrap, c.overflow, c.vertical, str(c.header_style)) for c in self.columns)
        head = (str(self.header_style), columns, tuple(widths), width, style)
        if len(kept) > 256:
            kept.clear()
        strips: list[Strip] = []
        for index in range(len(self.rows) + bool(self.show_header)):
            row = [texts[index] for texts in cells]
            key = (head, index == 0 and self.show_header, tuple(
                (t.plain, tuple(t._spans), str(t.style), t.justify, t.overflow, t.no_wrap, t.end) for t in row))
            lines = kept.get(key)
            if lines is None:
                lines = kept[key] = self._row_strips(console, options, index, row, widths, style, width)
            strips.extend(lines)
        return strips

    def _row_strips(self, console: Console, options: ConsoleOptions, index: int, row: list[Text],
                    widths: list[int], style: Style, width: int) -> list[Strip]:
        """Row `index`'s lines (`_quick_row`) as Textual draws them on `style`, cut to `width`."""
        # (a row's lines are as long as its cells' widths together, where each has room for a cell)
        fits = sum(widths) <= width and min(widths, default=3) >= 3
        lines = []
        for line in self._quick_row(console, options, index, row, widths):
            if style:
                line = [Segment(text, style + segment_style, None) for text, segment_style, _ in line]
            lines.append(LeanStrip(line if fits or Segment.get_line_length(line) <= width
                                   else Segment.adjust_line_length(line, width, pad=False)))
        return lines

    def _quick_layout(self, console: Console, options: ConsoleOptions):
        """The cells of each column (as text) and the columns' widths, as rich finds them, and the
        options to draw the rows with; None where a cell is not one line of text."""
        max_width = options.max_width
        cells = [self._cells(console, options, column) for column in self.columns]
        if max_width < 3 or any(c is None for c in cells):
            return None
        widths = self._quick_widths([max([cell_len(t.plain) for t in texts], default=None) for texts in cells],
                                    max_width)
        return cells, widths, options.update(width=sum(widths), highlight=False, height=None)

    def _quick_widths(self, measures: list[int | None], max_width: int) -> list[int]:
        """The columns' widths in `max_width` (3 at least), as Table._calculate_column_widths finds them,
        each column's measure the length of its longest cell (None: a column of no cells)."""
        columns = self.columns
        ranges = [min(column.width + 2 if column.width is not None
                      else (max_width - 2 if measure is None else measure) + 2, max_width)
                  for column, measure in zip(columns, measures)]
        widths = [r or 1 for r in ranges]
        if self.expand:
            ratios = [c.ratio or 0 for c in columns if c.flexible]
            if any(ratios):
                fixed = [0 if c.flexible else r for r, c in zip(ranges, columns)]
                minimum = [(c.width or 1) + 2 for c in columns if c.flexible]
                flex = iter(ratio_distribute(max_width - sum(fixed), ratios, minimum))
                widths = [fixed[i] + next(flex) if c.flexible else widths[i] for i, c in enumerate(columns)]
        table_width = sum(widths)
        if table_width > max_width:
            widths = self._collapse_widths(widths, [c.width is None and not c.no_wrap for c in columns], max_width)
            table_width = sum(widths)
            if table_width > max_width:
                widths = ratio_reduce(table_width - max_width, [1] * len(widths), widths, widths)
                table_width = sum(widths)
            # measured again in the room each has now
            widths = [min(r, w) if w >= 1 else 0 for r, w in zip(ranges, widths)]
        if table_width < max_width and self.expand:
            widths = [w + pad for w, pad in zip(widths, ratio_distribute(max_width - table_width, widths))]
        return widths

    def _quick_row(self, console: Console, options: ConsoleOptions, index: int, texts: list[Text],
                   widths: list[int]) -> list[list[Segment]]:
        """The lines of row `index` (the header's first where shown), its cells `texts`."""
        get_style = console.get_style
        header = index == 0 and self.show_header
        header_style = get_style(self.header_style or "") if header else None
        null = Style.null()
        edge = Segment(" ", null)
        row: list[list[list[Segment]]] = []
        row_styles: list[Style] = []
        cells_kept = self.cells_kept
        if cells_kept is not None and len(cells_kept) > 1024:
            cells_kept.clear()
        for column, text, width in zip(self.columns, texts, widths):
            style = header_style + get_style(column.header_style) if header_style is not None else null
            if cells_kept is None or width < 3:
                segments = _justified(console, text, width - 2, column.justify) if width >= 3 else None
            else:
                cell_key = (text.plain, tuple(text._spans), text.style, text.justify, text.end, width,
                            column.justify, header)
                segments = cells_kept.get(cell_key, _NOT_KEPT)
                if segments is _NOT_KEPT:
                    segments = cells_kept[cell_key] = _justified(console, text, width - 2, column.justify)
            if segments is not None:
                line = [edge, *segments, edge]
                lines = [list(Segment.apply_style(line, style)) if style else line]
            else:  # as rich draws a cell: it may wrap, or have no room
                inner = options.update(width=width, justify=column.justify, no_wrap=column.no_wrap,
                                       overflow=column.overflow, height=None, highlight=False)
                lines = console.render_lines(Padding(text, (0, 1, 0, 1)), inner, style=style)
            row.append(lines)
            row_styles.append(style)
        height = max(len(lines) for lines in row)
        if height > 1 or not all(row):
            shaped = []
            for lines, width, style, column in zip(row, widths, row_styles, self.columns):
                vertical = "bottom" if header else column.vertical
                align = {"top": Segment.align_top, "middle": Segment.align_middle}.get(vertical, Segment.align_bottom)
                shaped.append(Segment.set_shape(align(lines, width, height, style), width, max(1, height)))
            row = shaped
        return [[segment for lines in row for segment in lines[line_no]] for line_no in range(len(row[0]))]


_NOT_KEPT: list[Segment] = []  # (no cell's segments kept)


def _justified(console: Console, text: Text, width: int, justify: str) -> list[Segment] | None:
    """The segments of one line of text justified left or right in `width` cells, as rich's
    `Text.__rich_console__` makes them (the line wrapped, justified and joined, then rendered), or None
    where it would do more than that (text longer than the room, other justifications, another end)."""
    justify = text.justify or justify
    plain = text.plain
    if text.end != "\n" or justify not in ("left", "right") or cell_len(plain) > width:
        return None
    spans = text._spans
    if justify == "left":
        line = plain + " " * (width - cell_len(plain))
    else:
        line = plain.rstrip()
        if len(line) < len(plain):
            end = len(line)
            spans = [span if span.end < end else Span(span.start, min(end, span.end), span.style)
                     for span in spans if span.start < end]
        count = width - cell_len(line)
        line = " " * count + line
        spans = [span.move(count) for span in spans]
    if text.style:
        spans = [Span(0, len(line), text.style), *spans]
    return list(Text(line, spans=list(spans)).render(console))
