"""Widgets every game screen shares: the parts of the table (Drawn), the action bar, the move log and
the scoreboard."""

from __future__ import annotations

import re
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass

from rich.cells import _SINGLE_CELLS, cell_len
from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual._styles_cache import StylesCache
from textual._context import active_app
from textual.cache import LRUCache
from textual.color import Color as TextualColor
from textual.content import Content, Span
from textual.geometry import Region, Size
from textual.message import Message
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.style import Style as TextualStyle
from textual.visual import RichVisual, Visual, visualize
from textual.widget import _RenderCache
from textual.widgets import RichLog, Static

from tabletop_tui.names import shown
from tabletop_tui.rules.engine import Event, Move
from tabletop_tui.rules.words import escaped
from tabletop_tui.ui import textual_patches  # noqa: F401  (before anything is drawn)
from tabletop_tui.ui.widgets.columns import QuickTable
from tabletop_tui.ui.widgets.lean_strip import LeanStrip
from tabletop_tui.ui.widgets.most_lines import MostLines


class LineStyles(StylesCache):
    """Textual's StylesCache (a widget's lines with its styles applied: background, padding, borders),
    which keeps each styled line by its place in the widget only, so that a line whose content is
    unchanged but drawn again (the move log after it scrolled, a scroll bar whose thumb moved, a part of
    the table drawn anew of which most lines are as they were) is styled again, and then filtered
    (Textual's colour filter) and cut (the compositor's cuts) again, both of which Strip keeps for one
    strip object. Here a content line's styled line is also kept by what the content line holds (its
    segments) and what its styling depends on, and given back as the same strip object."""

    SIZE = 1024

    def __init__(self) -> None:
        super().__init__()
        self._styled: LRUCache[tuple, Strip] = LRUCache(self.SIZE)
        self._context: tuple = ()
        self._rows = (0, 0)  # the content's rows: from, to (the rows between the top and bottom gutter)
        #: while a widget is rendered, where its content's lines are styled only by padding it (no
        #: border at the sides, no outline, tint, hatch or opacity): the padding left and right, and
        #: the content's background as a rich style (`_padded`); else None
        self._plain: tuple[int, int, Style] | None = None
        self._parts: tuple | None = None  # (the styles' count of changes, the styles, `_style_parts`)

    def forget(self) -> None:
        """Forget every styled line (the widget's styles changed)."""
        self._styled.clear()
        self._parts = None

    def _style_parts(self, styles) -> tuple:
        """What of `styles` styles a line: the gutter, the outline, (the tint, text opacity, border,
        outline and hatch), and whether a content line is styled by padding it alone (no border at the
        sides, no outline, tint, hatch or text opacity); found again only when a style changed (Textual's
        count of the changes to the styles, `_cache_key`)."""
        changes = getattr(styles, "_cache_key", None)
        kept = self._parts
        if kept is not None and kept[0] == changes and kept[1] is styles:
            return kept[2]
        outline, border, tint, text_opacity = styles.outline, styles.border, styles.tint, styles.text_opacity
        hatch = styles.hatch if styles.has_rule("hatch") else None
        plain = not (border[1][0] or border[3][0] or any(edge[0] for edge in outline) or text_opacity != 1.0
                     or tint.a or (hatch is not None and hatch != "none"))
        parts = (styles.gutter, outline, (tint, text_opacity, border, outline, hatch), plain)
        if changes is not None:
            self._parts = (changes, styles, parts)
        return parts

    def render_widget(self, widget, crop: Region) -> list[Strip]:
        """Textual's, but while a frame is drawn (`drawing_frame`) the app's ANSI theme and colours are
        found once for the frame, and the widget's region once, where Textual found them for each
        widget drawn (the region twice: for its size and its content's)."""
        found = _FRAME_BACKGROUNDS
        if found is None or widget._border_title is not None or widget._border_subtitle is not None:
            return super().render_widget(widget, crop)
        app = widget.app
        theme = found.get(("theme", app))
        if theme is None:
            theme = found[("theme", app)] = (app.ansi_theme, app.native_ansi_color)
        self._simple_strip = None
        base_background, background = widget.background_colors
        styles = widget.styles
        region = widget.region
        strips = self.render(styles, region.size, base_background, background, widget.render_line,
                             widget.get_line_filters(), None, None, content_size=region.shrink(styles.gutter).size,
                             padding=styles.padding, crop=crop, opacity=widget.opacity, ansi_theme=theme[0],
                             native_ansi=theme[1])
        if widget.auto_links:  # (as Textual does)
            hover_style = widget.hover_style
            if hover_style._link_id and hover_style._meta and "@click" in hover_style.meta:
                link_style_hover = widget.link_style_hover
                if link_style_hover:
                    strips = [strip.style_links(hover_style.link_id, link_style_hover) for strip in strips]
        return strips

    def render(self, styles, size, base_background, background, render_content_line, filters, border_title,
               border_subtitle, content_size=None, padding=None, crop=None, opacity=1.0, ansi_theme=None,
               native_ansi=False):
        gutter, outline, parts, plain = self._style_parts(styles)
        top = gutter.top
        bottom = size.height - gutter.bottom
        if outline.top[0]:
            top = max(top, 1)
        if outline.bottom[0]:
            bottom = min(bottom, size.height - 1)
        if content_size is not None:
            bottom = min(bottom, gutter.top + content_size.height)
        self._rows = (top, bottom)
        pad = padding if padding is not None else styles.padding
        # the height is not in it: a line of the content is styled alike at every height of the widget
        self._context = (size.width, content_size.width if content_size is not None else None, pad,
                         base_background, background, opacity, id(ansi_theme), native_ansi, parts)
        if plain and opacity == 1.0:
            self._plain = (pad.left, pad.right, self.get_inner_outer(base_background, background)[0].rich_style)
        else:
            self._plain = None
        kept = self._kept_rows(size, crop, filters, background)
        if kept is not None:  # (the rows not kept rendered alone, from the first to the last)
            missing = [row for row, strip in enumerate(kept) if strip is None]
            if not missing:
                return kept
            crop = Region(crop.x, crop.y + missing[0], crop.width, missing[-1] + 1 - missing[0])
        kwargs = {} if ansi_theme is None else {"ansi_theme": ansi_theme}
        strips = super().render(styles, size, base_background, background, render_content_line, filters,
                                border_title, border_subtitle, content_size=content_size, padding=padding,
                                crop=crop, opacity=opacity, native_ansi=native_ansi, **kwargs)
        self._keep_rows(size, crop, filters, background, strips)
        if kept is None:
            return strips
        kept[missing[0]:missing[-1] + 1] = strips
        return kept

    def _kept_rows(self, size, crop, filters, background) -> list[Strip | None] | None:
        """The lines of `crop` as they were given before (None for each that was not), where they can be
        told without styling them anew (after `render` found the styling, `_context`); None: all
        rendered as Textual renders them."""
        return None

    def _keep_rows(self, size, crop, filters, background, strips: list[Strip]) -> None:
        """Note the lines just rendered for `crop` (for `_kept_rows`)."""

    def render_line(self, styles, y, size, content_size, padding, base_background, background,
                    render_content_line, border_title, border_subtitle, opacity, ansi_theme, native_ansi):
        top, bottom = self._rows
        if not top <= y < bottom:
            return super().render_line(styles, y, size, content_size, padding, base_background, background,
                                       render_content_line, border_title, border_subtitle, opacity, ansi_theme,
                                       native_ansi)
        content = render_content_line(y - styles.gutter.top)
        key = (self._context, tuple(content))
        styled = self._styled.get(key)
        if styled is None:
            plain = self._plain
            if plain is not None:
                styled = self._padded(content, content_size.width, size.width, plain)
            else:
                styled = super().render_line(
                    styles, y, size, content_size, padding, base_background, background, lambda _y: content,
                    border_title, border_subtitle, opacity, ansi_theme, native_ansi)
            self._styled[key] = styled
        return styled

    @staticmethod
    def _padded(content: Strip, content_width: int, width: int, plain: tuple[int, int, Style]) -> Strip:
        """A content line styled as StylesCache.render_line styles it where the widget has no border at
        the sides, no outline, tint, hatch, text opacity or opacity (`_plain`): cut or filled out to the
        content's width in its background, then padded at the sides in it. The same segments."""
        pad_left, pad_right, inner = plain
        length = content.cell_length
        if length == content_width:
            segments = content._segments
        elif length < content_width:
            segments = [*content._segments, Segment(" " * (content_width - length), inner)]
        else:
            segments = content.adjust_cell_length(content_width, inner)._segments
        if pad_left or pad_right:
            segments = [*([Segment(" " * pad_left, inner)] if pad_left else ()), *segments,
                        *([Segment(" " * pad_right, inner)] if pad_right else ())]
        return LeanStrip(segments, width)


class _LogStyles(LineStyles):
    """The move log's styled lines, also kept by the log's line each shows (its index since the log
    began, as the log was written since it was last cleared) and the horizontal scroll, width and
    styling: when the log scrolls, or is laid out at another height, the lines it showed are taken as
    they were, without being drawn, styled or looked at again (a crop of the log, not a render)."""

    #: the most rows kept as given (`_given`) before they are let go
    GIVEN = 512

    def __init__(self, log: MoveLog) -> None:
        super().__init__()
        self._log = log
        self._by_line: LRUCache[tuple, Strip] = LRUCache(256)
        self._top = 0  # the first row of the content
        #: each line of the log as last given for a row (filtered and cut as the compositor asked), by its
        #: index since the log began, for the styling, scroll, width, filters and cut in `_given_for`
        self._given: dict[int, Strip] = {}
        self._given_for: tuple | None = None

    def forget(self) -> None:
        super().forget()
        self.forget_lines()

    def forget_lines(self) -> None:
        """Forget the lines kept by their index (the log was written anew)."""
        self._by_line.clear()
        self._given.clear()

    def _rows_shown(self, size, crop, filters, background) -> tuple[int, tuple] | None:
        """The index (since the log began) of the log's line in the first row of `crop`, and what else
        the rows given depend on, where every row of `crop` shows a line of the log; else None."""
        log = self._log
        top, bottom = self._rows
        if not log._drawing or crop is None or crop.y < top or crop.bottom > bottom or size.width != self._width:
            return None
        scroll_x, scroll_y = log._scroll_now
        first = scroll_y + crop.y - self._top
        if first + crop.height > len(log.lines):
            return None
        return first + log._start_line, (self._context, scroll_x, log._width_now, tuple(filters), background,
                                         crop.column_span)

    def _kept_rows(self, size, crop, filters, background) -> list[Strip | None] | None:
        # A log scrolled by a line or two shows the lines it showed, a row or two higher: each is given as
        # it was given before, for the same styling and cut, without a line's styling, filtering and
        # cutting looked up row by row; only the new lines are rendered.
        shown = self._rows_shown(size, crop, filters, background)
        if shown is None or shown[1] != self._given_for:
            return None
        first, _ = shown
        get = self._given.get
        # (Textual's own row cache is not brought up to date here: its rows are drawn anew next time)
        self._dirty_lines.update(crop.line_range)
        return [get(index) for index in range(first, first + crop.height)]

    def _keep_rows(self, size, crop, filters, background, strips: list[Strip]) -> None:
        shown = self._rows_shown(size, crop, filters, background)
        if shown is None:
            return
        first, given_for = shown
        if given_for != self._given_for or len(self._given) > self.GIVEN:
            self._given.clear()
            self._given_for = given_for
        self._given.update(zip(range(first, first + len(strips)), strips))

    def render(self, styles, size, *args, **kwargs):
        self._top = styles.gutter.top
        return super().render(styles, size, *args, **kwargs)

    def render_line(self, styles, y, size, content_size, padding, base_background, background,
                    render_content_line, border_title, border_subtitle, opacity, ansi_theme, native_ansi):
        log = self._log
        top, bottom = self._rows
        if log._drawing and top <= y < bottom:
            scroll_x, scroll_y = log._scroll_now
            index = scroll_y + y - self._top
            if index < len(log.lines):
                key = (self._context, index + log._start_line, scroll_x, log._width_now)
                styled = self._by_line.get(key)
                if styled is None:
                    styled = self._by_line[key] = super().render_line(
                        styles, y, size, content_size, padding, base_background, background, render_content_line,
                        border_title, border_subtitle, opacity, ansi_theme, native_ansi)
                return styled
        return super().render_line(styles, y, size, content_size, padding, base_background, background,
                                   render_content_line, border_title, border_subtitle, opacity, ansi_theme,
                                   native_ansi)


class HeldHeight:
    """The height a steady part was last laid out at (its lines, at its width), which it keeps while its
    content needs no more: content that needs fewer lines leaves the rest blank, and asks for no layout.
    Parts that change from one line to two and back (a choice more or less in the action bar, a hand of
    one line or of four) then leave the widgets around them where they are; each such change would lay
    the whole screen out and draw again every widget that moved. The next layout, for whatever else it
    comes, lays the part out at the lines its content needs: the room is given back."""

    def __init__(self) -> None:
        self.width: int | None = None
        self.height = 0

    def laid(self, width: int, height: int) -> int:
        """Note the height a layout gives the part at `width` (its content's); that height."""
        self.width, self.height = width, height
        return height

    def holds(self, width: int | None, height: int) -> bool:
        """Whether content `height` lines high fits the part as laid out at `width` (no layout needed)."""
        return width is not None and width == self.width and height <= self.height


def measure_anew(widget) -> None:
    """Forget the size a layout measured `widget` at, asking for no layout now: the next layout, for
    whatever it comes, measures it anew (a steady part that kept its height for fewer lines gives the
    room back then). Textual keeps a widget's box model until the widget asks for a layout itself, and a
    container's arrangement until one of its children does; both are let go here, as Textual does."""
    widget._box_model_cache.clear()
    for ancestor in widget.ancestors:
        if not hasattr(ancestor, "_clear_arrangement_cache"):
            break
        ancestor._clear_arrangement_cache()
        ancestor._layout_updates += 1
        if not ancestor.styles.auto_dimensions:
            break


#: while a game screen's frame is drawn (`drawing_frame`): each node's background (its own and its
#: ancestors', as DOMNode.background_colors adds them up) and opacity, found once for the frame
_FRAME_BACKGROUNDS: dict | None = None
_NO_COLOR = TextualColor(0, 0, 0, 0)


@contextmanager
def drawing_frame():
    """While a frame is drawn (nothing restyles a widget then): the widgets that keep their lines
    (KeptLines) find their background colours and opacity from their parent's, found once for the
    frame, where each widget drawn added up the backgrounds and opacities of all its ancestors."""
    global _FRAME_BACKGROUNDS
    _FRAME_BACKGROUNDS = {}
    try:
        yield
    finally:
        _FRAME_BACKGROUNDS = None


def _frame_background(node, found: dict) -> tuple:
    """`node`'s background and opacity as DOMNode.background_colors adds them up (root first)."""
    kept = found.get(node)
    if kept is None:
        parent = node._parent
        background, opacity = (_NO_COLOR, 1.0) if parent is None else _frame_background(parent, found)
        styles = node.styles
        opacity *= styles.opacity
        kept = found[node] = (background + styles.background.tint(styles.background_tint).multiply_alpha(opacity),
                              opacity)
    return kept


class KeptLines:
    """For a widget of a game screen: its styled lines kept by their content (LineStyles)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._styles_cache = LineStyles()

    @property
    def background_colors(self) -> tuple:
        found = _FRAME_BACKGROUNDS
        parent = self._parent  # type: ignore[attr-defined]
        if found is None or parent is None:
            return super().background_colors  # type: ignore[misc]
        base, opacity = _frame_background(parent, found)
        styles = self.styles  # type: ignore[attr-defined]
        return base, base + styles.background.tint(styles.background_tint).multiply_alpha(opacity * styles.opacity)

    @property
    def opacity(self) -> float:
        found = _FRAME_BACKGROUNDS
        parent = self._parent  # type: ignore[attr-defined]
        if found is None or parent is None:
            return super().opacity  # type: ignore[misc]
        return _frame_background(parent, found)[1] * self.styles.opacity  # type: ignore[attr-defined]

    def notify_style_update(self) -> None:
        super().notify_style_update()  # type: ignore[misc]
        self._styles_cache.forget()


class Drawn(KeptLines, Static):
    """A Static for what a game screen sets anew after every move: the parts of the table, the title
    bar, the prompt. Three things make a frame cheaper:

    - What it already shows is not drawn again: most parts do not change with a move.
    - What changes is drawn again in its place, without a layout of the whole screen, unless its
      size changes (`update`); and a new size costs one layout, not two (`_size_updated`).
    - A rich renderable that is not text (a Table) is rendered once for each width: Textual renders
      it anew to measure its height and again to draw it (RichVisual); _Rendered keeps the lines.
      A QuickTable's rows are kept from one table to the next: a row that did not change is not drawn
      again (_TableRows).

    A string is shown as it is, never read as markup (what a table shows holds the players' names).

    A steady part (`steady=True`, the action bar's way) keeps its height while its content needs no
    more (HeldHeight): content that needs fewer lines leaves the rest blank until the next layout.
    """

    #: whether the part keeps its height for content that needs fewer lines (HeldHeight)
    steady = False
    _rows_only: list[int] | None = None  # while a table is shown: the lines of it that changed

    def __init__(self, *args, steady: bool | None = None, **kwargs):
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)
        # no links in what a part shows (nothing is clicked by a link): none looked for in its lines
        self.auto_links = False
        if steady is not None:
            self.steady = steady
        self._shown_key: object = None  # what is shown, as compared (None: not comparable)
        self._laid_width: int | None = None  # the width the last layout measured the content at
        self._laid_room: int | None = None  # the room it measured an auto width in
        self._held = HeldHeight()
        self._rows_kept: dict[tuple, list[Strip]] = {}  # a QuickTable's rows drawn (_TableRows)

    def update(self, content="", *, layout: bool = True, key: object = None) -> None:
        """Show `content`, unless it is what is shown. `key` stands for the content where it cannot be
        compared itself (a Table): equal keys, equal content.

        The screen is laid out anew only if the new content may change the widget's size (a layout
        places every widget of the screen and draws again every one that moved): a part of the table
        whose height is set, or whose new content is as high (and, where its width is the content's,
        as wide) as the old, is only drawn again."""
        key = _key(content) if key is None else key
        if key is not None and key == self._shown_key:
            return
        self._shown_key = key
        if isinstance(content, QuickTable):
            content = _TableRows(self, content, self._rows_kept)
        elif not isinstance(content, (str, Text, Visual)):
            content = _Rendered(self, content)
        old = self.visual if layout else None
        self._rows_only = self._changed_rows(old, content) if isinstance(content, _TableRows) else None
        try:
            super().update(content, layout=False)
        finally:
            self._rows_only = None
        if layout and not self._keeps_size(old, self.visual):
            self.refresh(layout=True)
        elif layout and self.steady:
            measure_anew(self)  # (it may need fewer lines: given back at the next layout)

    def _changed_rows(self, old: Visual | None, new: _TableRows) -> list[int] | None:
        """The lines of a table drawn in place of `old`, a table of as many lines at this width, that
        are not the lines it drew (the rows kept are the same lines: _TableRows); None where that
        cannot be told."""
        if not isinstance(old, _TableRows) or not self.is_mounted or not self.region:
            return None
        width, style = self.size.width, self.visual_style
        before = old._lines.get((width, style))
        if before is None:
            return None
        after = new.render_strips(width, None, style, None)
        if len(after) != len(before):
            return None
        return [y for y, (line, was) in enumerate(zip(after, before)) if line is not was]

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose: bool = False):
        rows = self._rows_only
        if rows is not None and not regions and repaint and not layout and not recompose:
            # a new table of which only these lines changed: only they are drawn again
            if not rows:
                return self
            width = self.size.width
            regions = tuple(Region(0, y, width, 1) for y in rows)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _keeps_size(self, old: Visual | None, new: Visual) -> bool:
        """Whether the widget laid out with `new` would have the size it has with `old`, the content it
        was last laid out with: measured at the width (and in the room) of the last layout. False where
        that cannot be told (not laid out yet, not displayed)."""
        if old is None or not self.is_mounted or not self.display or not self.region:
            return False
        styles = self.styles
        if styles.width is not None and styles.width.is_auto:
            room = self._laid_room
            if room is None or old.get_optimal_width(styles, room) != new.get_optimal_width(styles, room):
                return False
        if styles.height is not None and styles.height.is_auto:
            width = self._laid_width
            if width is None:
                return False
            if _one_line(old, styles, width) and _one_line(new, styles, width):
                return True  # (one line each: nothing to render to tell)
            if self.steady and self._held.width == width:
                return self._held.holds(width, 1 if _one_line(new, styles, width) else _height(new, styles, width))
            if _height(old, styles, width) != _height(new, styles, width):
                return False
        return True

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        # Textual sets a new virtual size through its reactive, which asks for a second layout of the
        # whole screen after the one that gave the size; a part that neither scrolls nor holds widgets
        # lays nothing out by its virtual size.
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    def get_content_width(self, container, viewport) -> int:
        self._laid_room = container.width
        return super().get_content_width(container, viewport)

    def get_content_height(self, container, viewport, width: int) -> int:
        self._laid_width = width
        height = super().get_content_height(container, viewport, width)
        return self._held.laid(width, height)


def _one_line(visual: Visual, styles, width: int) -> bool:
    """Whether `visual` is a text of one line that fits `width` (so one line high), told without
    rendering it: no line break, no tab, and as wide as the room at most."""
    if not isinstance(visual, Content):
        return False
    plain = visual.plain
    return (width > 0 and "\n" not in plain and "\t" not in plain
            and visual.cell_length + styles.get("line_pad", 0) * 2 <= width)


def _height(visual: Visual, styles, width: int) -> int:
    """The height of `visual` at `width` (Visual.get_height), told without wrapping it where it is a
    text of which no line is wider than the room: one line each (each a line of Content.split, and one
    that fits is not wrapped, nor folded, nor cut)."""
    if isinstance(visual, Content):
        plain = visual.plain
        room = width - styles.get("line_pad", 0) * 2
        if room > 0 and "\t" not in plain:
            lines = plain.split("\n")
            if max(map(len, lines)) <= room and all(map(_one_cell, lines)):
                return len(lines)
    return visual.get_height(styles, width)


class _Row:
    """One row of a vertical scroll bar (a segment), as a rich renderable: a line."""

    def __init__(self, segment: Segment) -> None:
        self.segment = segment

    def __rich_console__(self, console, options):
        yield self.segment
        yield Segment.line()


class _SizedScrollBar(KeptLines, ScrollBar):
    """A scroll bar whose new size costs one layout of the screen, not two (see Drawn._size_updated):
    its virtual size lays nothing out.

    Drawn row by row: each row of a vertical bar is one segment (the track above or below the thumb,
    the thumb, its two ends), and the thumb moves with every line the move log adds. Textual renders
    the whole bar through the console at each move; here the bar's segments are found as Textual finds
    them (`ScrollBarRender.render_bar`), and each distinct row is rendered once, through Textual's own
    path (`Visual.to_strips` of that row alone), and kept.

    The bar's rows are also kept whole by what tells them apart (its size, the thumb's place and size,
    the style), and its lines as styled and filtered for the screen by those and the region drawn, the
    backgrounds and the filters: the log's bar takes a few places, one for each length of the log at a
    height, and a bar drawn again where it was before (the log added a line where it had room; another
    person's log as long) costs the look-up."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._rows: dict[tuple, Strip] = {}  # (a row's segment, the width, the style) -> the row drawn
        self._bars: LRUCache[tuple, list[Strip]] = LRUCache(64)  # what tells bars apart -> its rows
        self._shown: tuple | None = None  # that of the bar in _render_cache (None: drawn as Textual does)
        self._lines_kept: LRUCache[tuple, list[Strip]] = LRUCache(64)  # (the bar, region...) -> its lines
        #: (a row's strip in `_rows`, by its id; the columns drawn, backgrounds, filters) -> (the row's
        #: strip, its line as drawn): a new bar (its thumb moved) is mostly rows drawn before
        self._row_lines: dict[tuple, tuple[Strip, Strip]] = {}

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    def _render_content(self) -> None:
        width, height = self.size
        bar = self.render()
        self._shown = None
        if (not isinstance(bar, ScrollBarRender) or not bar.vertical or not width or not height
                or self.text_selection is not None):
            super()._render_content()
            return
        base = self.visual_style
        shown = (width, height, bar.window_size, bar.virtual_size, bar.position, bar.style, base)
        strips = self._bars.get(shown)
        if strips is None:
            strips = self._bars[shown] = self._bar_rows(bar, width, height, base)
        self._shown = shown
        self._render_cache = _RenderCache(self.size, strips)
        self._dirty_regions.clear()

    def _bar_rows(self, bar: ScrollBarRender, width: int, height: int, base) -> list[Strip]:
        style = self.app.console.get_style(bar.style)
        segments = bar.render_bar(size=height, window_size=bar.window_size, virtual_size=bar.virtual_size,
                                  position=bar.position, vertical=True, thickness=width,
                                  back_color=style.bgcolor or Color.parse("#555555"),
                                  bar_color=style.color or Color.parse("bright_magenta")).segments
        if len(self._rows) > 64:
            self._rows.clear()
        strips = []
        found: dict[int, Strip] = {}  # (the bar's rows are a few segments, each given for many rows)
        for segment in segments:
            strip = found.get(id(segment))
            if strip is None:
                key = (segment, width, base)
                strip = self._rows.get(key)
                if strip is None:
                    strip = self._rows[key] = Visual.to_strips(self, visualize(self, _Row(segment)), width, 1, base)[0]
                found[id(segment)] = strip
            strips.append(strip)
        return strips

    def render_lines(self, crop):
        if self._dirty_regions:
            self._render_content()
        if self._shown is None:
            return super().render_lines(crop)
        drawn = (crop.x, crop.width, self.background_colors, self.opacity, tuple(self.get_line_filters()))
        key = (self._shown, crop, drawn)
        lines = self._lines_kept.get(key)
        if lines is None:
            lines = self._lines_kept[key] = self._bar_lines(crop, drawn)
        return list(lines)

    def _bar_lines(self, crop: Region, drawn: tuple) -> list[Strip]:
        """The bar's lines in `crop` as Textual draws them; where the bar has no gutter (every row's line
        is drawn from the row alone), a row drawn before in the same columns, backgrounds and filters
        is taken as it was drawn, and only the others are drawn (a thumb one line lower is one new row,
        where the whole bar was drawn again)."""
        rows = self._render_cache.lines[crop.y:crop.bottom]
        kept = self._row_lines
        styles = self.styles
        plain = (not any(styles.gutter) and not any(edge[0] for edge in styles.outline)
                 and len(rows) == crop.height)
        if not plain:
            return super().render_lines(crop)
        lines: list[Strip | None] = []
        missing = []
        for y, row in enumerate(rows):
            entry = kept.get((id(row), drawn))
            if entry is None or entry[0] is not row:
                missing.append(y)
                lines.append(None)
            else:
                lines.append(entry[1])
        if not missing:
            return lines  # type: ignore[return-value]
        if len(kept) > 256:
            kept.clear()
        # only the rows not drawn before (a new end of the thumb), each run of them as one crop
        start = 0
        while start < len(missing):
            end = start
            while end + 1 < len(missing) and missing[end + 1] == missing[end] + 1:
                end += 1
            first = missing[start]
            drawn_rows = super().render_lines(Region(crop.x, crop.y + first, crop.width, missing[end] + 1 - first))
            for y, line in enumerate(drawn_rows, first):
                lines[y] = line
                kept[(id(rows[y]), drawn)] = (rows[y], line)
            start = end + 1
        return lines  # type: ignore[return-value]

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._rows.clear()
        self._bars.clear()
        self._lines_kept.clear()
        self._row_lines.clear()


class SizedScrollBars:
    """For a scrolling widget of a game screen: its vertical scroll bar is a _SizedScrollBar (made as
    Textual's Widget.vertical_scrollbar makes one)."""

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        if self._vertical_scrollbar is None:  # type: ignore[attr-defined]
            bar = _SizedScrollBar(vertical=True, name="vertical", thickness=self.scrollbar_size_vertical)  # type: ignore[attr-defined]
            bar.display = False
            self._vertical_scrollbar = bar
            self.app._start_widget(self, bar)  # type: ignore[attr-defined]
        return self._vertical_scrollbar  # type: ignore[attr-defined]


class _Rendered(RichVisual):
    """A rich renderable whose lines are kept for each width and style: measured (its height) and
    drawn from one rendering, and drawn again from it while the widget does not change."""

    def __init__(self, widget, renderable) -> None:
        super().__init__(widget, renderable)
        self._lines: dict = {}

    def render_strips(self, width: int, height: int | None, style, options) -> list:
        lines = self._lines.get((width, style))
        if lines is None:
            lines = self._lines[(width, style)] = super().render_strips(width, None, style, options)
        return lines[:height] if height is not None else list(lines)

    def get_height(self, rules, width: int) -> int:
        return len(self.render_strips(width, None, self._widget.visual_style, None))


class _TableRows(_Rendered):
    """A QuickTable drawn as `_Rendered` draws it, row by row: the lines of each row kept (by what the
    row shows, the columns' widths and the style) in `kept`, which the widget keeps from one table to
    the next, so that a new table of which a row or two changed (a score, whose turn it is) draws only
    those rows. A table that is not simple is drawn by rich (QuickTable.quick_strips)."""

    def __init__(self, widget, table: QuickTable, kept: dict) -> None:
        super().__init__(widget, table)
        self._kept = kept

    def render_strips(self, width: int, height: int | None, style, options) -> list:
        lines = self._lines.get((width, style))
        if lines is None:
            app = self._widget.app
            console_options = app.console_options.update(highlight=False, width=width, height=None)
            lines = self._renderable.quick_strips(app.console, console_options, style.rich_style, self._kept)
            if lines is None:
                return super().render_strips(width, height, style, options)
            self._lines[(width, style)] = lines
        return lines[:height] if height is not None else list(lines)


_WORD = re.compile(r"\s*\S+\s*")  # rich's word (rich._wrap)
_TRAILING_SPACE = re.compile(r"\s+$")  # (rich.text)
_ONE_CELL: dict[str, bool] = {}  # a character outside rich's table of one-cell characters -> whether it is one


def _one_cell(plain: str) -> bool:
    """Whether every character of `plain` is one cell wide and stands alone (a grapheme of its own), so
    that its length in cells is its length, and so is that of every part of it."""
    if _SINGLE_CELLS.issuperset(plain):
        return True
    for c in set(plain).difference(_SINGLE_CELLS):
        one = _ONE_CELL.get(c)
        if one is None:
            code = ord(c)  # (nothing before the Indic scripts, nor punctuation and symbols, joins a grapheme)
            one = _ONE_CELL[c] = (cell_len(c) == 1 and unicodedata.category(c)[0] in "LNPS"
                                  and (code < 0x900 or 0x2000 <= code < 0x2C00))
        if not one:
            return False
    return True


def _wrap_one_cell(plain: str, width: int) -> list[str]:
    """The lines rich's Text.wrap (justify "default", overflow "fold") cuts a line of one-cell characters
    into at `width`: rich's divide_line, rstrip_end and truncate, a character to a cell."""
    if len(plain) <= width:
        return [plain]
    if plain[0] != " " and not _NOT_SPACE_BREAK.search(plain) and max(map(len, plain.split(" "))) <= width:
        return _wrap_words(plain, width)
    breaks: list[int] = []
    offset = 0
    for match in _WORD.finditer(plain):
        start, end = match.span()
        word = match.group()
        length = len(word.rstrip())
        if width - offset >= length:
            offset += end - start
        elif length > width:  # folded across lines
            folded = [word[i:i + width] for i in range(0, len(word), width)]
            for part in folded[:-1]:
                if start:
                    breaks.append(start)
                start += len(part)
            if start:
                breaks.append(start)
            offset = len(folded[-1])
        elif offset and start:
            breaks.append(start)
            offset = end - start
    cuts = [0, *breaks, len(plain)]
    lines = []
    for start, end in zip(cuts, cuts[1:]):
        line = plain[start:end]
        if len(line) > width:
            space = _TRAILING_SPACE.search(line)
            if space is not None:
                line = line[:-min(len(space.group()), len(line) - width)]
            line = line[:width]
        lines.append(line)
    return lines


_NOT_SPACE_BREAK = re.compile(r"[^\S ]")  # a space that is not " " (a tab, a no-break space)
_SPACES = re.compile(r" *")


def _wrap_words(plain: str, width: int) -> list[str]:
    """_wrap_one_cell's lines for a text that starts with a word, whose only spaces are " " and whose
    every word fits the width (nothing folded): a line at a time, each the words whose ends (their
    trailing spaces left out) are within the width, the next line from the next word."""
    lines = []
    end = len(plain)
    start = 0
    match = _SPACES.match
    while end - start > width:
        line = plain[start:start + width + 1]  # (a space after the line's first word, as it fits)
        cut = match(plain, start + len(line[:line.rindex(" ")].rstrip(" "))).end()
        if cut == end:  # (only spaces after the last word that fits: kept on its line)
            break
        lines.append(plain[start:cut])
        start = cut
    lines.append(plain[start:])
    for i, line in enumerate(lines):
        if len(line) > width:  # (spaces past the width, at the end of a line: rstrip_end)
            lines[i] = line[:width]
    return lines


def _printable_text(text: Text) -> Text:
    """The text with every character a terminal would act on shown as an escape code, its styles kept."""
    plain = text.plain
    if plain.isprintable() or escaped(plain, keep="\n") == plain:  # (what is printable is never escaped)
        return text
    cuts = [i for i, c in enumerate(plain) for i in (i, i + 1) if escaped(c, keep="\n") != c]
    out = Text(style=text.style, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap, end=text.end)
    for part in text.divide(cuts):
        safe = escaped(part.plain, keep="\n")
        if safe != part.plain:  # one character: its escape code takes its styles
            spans = part.spans
            part = Text(safe, style=part.style)
            for span in spans:
                part.stylize(span.style, 0, len(safe))
        out.append_text(part)
    return out


def _key(content) -> object:
    """What tells two contents apart, for text and strings (None for anything else)."""
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return (content.plain, tuple(content.spans), str(content.style), content.justify, content.overflow,
                content.no_wrap, content.end)
    return None


@dataclass(frozen=True)
class Action:
    key: str  # the key that chooses it ("1", "t")
    label: str
    seat: int
    move: Move


class _Choices(Content):
    """The action bar's choices as Content (`ActionBar._choices_content`), which draws its lines from its
    rows where each fits the width (no wrap, no cut), as Textual draws them (Content.render_strips: on
    the widget's style, each run of a key or of the rest in its style with its place, for a selection)
    without wrapping, dividing or formatting each line: the same segments (tests/test_ui_frames_log.py).
    Anything else (a selection, another alignment, a row that does not fit) is drawn as Content is."""

    def __init__(self, text: str, spans: list[Span], rows: list[tuple[str, list[tuple[int, int]]]],
                 key_style: TextualStyle) -> None:
        super().__init__(text, spans, cell_length=None, strip_control_codes=False)
        self._rows = rows
        self._key_style = key_style

    def render_strips(self, width: int, height: int | None, style: TextualStyle, options) -> list[Strip]:
        get_rule = options.rules.get
        if (not width or options.selection is not None or options.post_style is not None
                or get_rule("text_align", "left") not in ("left", "start") or get_rule("line_pad", 0)
                or any(len(text) > width for text, _ in self._rows)):
            return super().render_strips(width, height, style, options)
        # (Content.render: each run's style the widget's with the run's spans over it, then that over
        # the widget's again, with the run's place)
        plain = style + TextualStyle.combine([style])
        key = style + TextualStyle.combine([style, self._key_style])
        strips = []
        for y, (text, keys_at) in enumerate(self._rows[:height] if height is not None else self._rows):
            segments = []
            x = 0
            for start, end in keys_at:
                if start > x:
                    segments.append(Segment(text[x:start], plain.rich_style_with_offset(x, y)))
                if end > start:
                    segments.append(Segment(text[start:end], key.rich_style_with_offset(start, y)))
                x = max(x, end)
            if x < len(text) or not segments:
                segments.append(Segment(text[x:], plain.rich_style_with_offset(x, y)))
            strips.append(Strip(segments, len(text)))
        return strips


class ActionBar(MostLines, Drawn):
    """The choices open to the people at the table, each with its key. Clicking one chooses it.

    As high as the most rows of choices it has had at this size of the screen, up to an eighth of the
    screen's height (3 rows at 80x24, 6 at 160x48; MostLines): fewer choices leave the rest blank, and
    where the number of rows goes up and down from one key to the next (a choice more or less), the
    screen is not laid out again each time the bar needs a row more than the last layout left it."""

    class Chosen(Message):
        def __init__(self, action: Action):
            super().__init__()
            self.action = action

    MAX_ROWS = 6
    steady = True  # fewer choices do not move the table above
    most_share = 1 / 8
    DEFAULT_CSS = f"""
    ActionBar {{ height: auto; max-height: {MAX_ROWS}; padding: 0 1; }}
    """

    def __init__(self, **kwargs):
        super().__init__("", **kwargs)
        self.actions: list[Action] = []
        self._layout: list[tuple[int, int, int, Action]] = []
        self._set_for = 0  # the width the choices were last set out for at a resize
        self._set_as: tuple | None = None  # the width and the choices (keys, labels) the text was made for
        self._key_style: tuple | None = None  # the ANSI theme, and a key's style in it as Textual has it

    def set_actions(self, actions: list[Action], note: str = "") -> None:
        self.actions = actions
        self._note = note
        self.refresh_text()

    def refresh_text(self) -> None:
        if not self.actions:
            self._set_as = None
            self.update(Text(getattr(self, "_note", "") or " ", style="dim italic"))
            return
        width = max(20, (self.size.width or 78) - 2)
        shown = (width, tuple((a.key, a.label) for a in self.actions))
        if shown == self._set_as:  # the same choices at the same width: the same text, the rows as set
            self._layout = [(row, start, end, action) for (row, start, end, _), action
                            in zip(self._layout, self.actions)]
            return
        self._set_as = shown
        keys = [f" {a.key} " for a in self.actions]
        plains = [key + " " + a.label for key, a in zip(keys, self.actions)]
        quick = all(map(_one_cell, plains))  # (a character to a cell: set out as strings, not as Text)
        lengths = [len(plain) if quick else Text(plain).cell_len for plain in plains]
        # in columns when they fit; otherwise each choice as wide as itself, so that more fit a row
        longest = max(lengths) + 2
        per_row = max(1, min(len(plains), width // longest))
        if -(-len(plains) // per_row) <= self.MAX_ROWS:
            widths = [longest] * len(plains)
            breaks = set(range(per_row, len(plains), per_row))
        else:
            widths = [min(length + 2, width) for length in lengths]
            breaks, x = set(), 0
            for i, w in enumerate(widths):
                if x and x + w > width:
                    breaks.add(i)
                    x = 0
                x += w
        self._layout = []
        row = x = 0
        for i, w in enumerate(widths):
            if i in breaks:
                row += 1
                x = 0
            self._layout.append((row, x, x + w, self.actions[i]))
            x += w
        if quick:
            self.update(self._choices_content(keys, plains, widths, breaks), key=shown)
            return
        rows = [Text()]
        for i, (key, plain, w) in enumerate(zip(keys, plains, widths)):
            if i in breaks:
                rows.append(Text())
            cell = Text()
            cell.append(key, style="bold reverse")
            cell.append(plain[len(key):])
            cell.truncate(w, pad=True)
            rows[-1].append_text(cell)
        self.update(Text("\n").join(rows), key=shown)

    def _choices_content(self, keys: list[str], plains: list[str], widths: list[int], breaks: set[int]) -> Content:
        """The choices' text as Textual has it from the rich Text of `refresh_text` (Content.from_rich_text),
        made from strings of one-cell characters: each choice cut or filled out to its width, its key
        in the key's style."""
        try:
            theme = active_app.get().ansi_theme
        except LookupError:
            theme = None
        kept = self._key_style
        if kept is None or kept[0] is not theme:
            kept = self._key_style = (theme, TextualStyle.from_rich_style(self.app.console.get_style("bold reverse"),
                                                                         theme))
        style = kept[1]
        pieces: list[str] = []
        spans: list[Span] = []
        rows: list[tuple[str, list[tuple[int, int]]]] = []  # each row's text, its keys' places in it
        row: list[str] = []
        keys_at: list[tuple[int, int]] = []
        at = x = 0
        for i, (key, plain, w) in enumerate(zip(keys, plains, widths)):
            if i in breaks:
                pieces.append("\n")
                at += 1
                rows.append(("".join(row), keys_at))
                row, keys_at, x = [], [], 0
            spans.append(Span(at, at + min(len(key), w), style))
            keys_at.append((x, x + min(len(key), w)))
            piece = plain[:w].ljust(w)
            pieces.append(piece)
            row.append(piece)
            at += w
            x += w
        rows.append(("".join(row), keys_at))
        return _Choices("".join(pieces), spans, rows, style)

    def on_resize(self) -> None:
        # The choices are set out for the width: a change of height alone (the bar's own, after new
        # choices) changes nothing in them, and costs no new layout.
        width = self.size.width
        if width == self._set_for:
            return
        self._set_for = width
        self.refresh_text()
        # The new text's height is laid out at the next refresh: asked for while Textual is sending
        # the resize, the layout keeps the height the old text had (3 rows where 2 now suffice).
        self.call_after_refresh(self.refresh, layout=True)

    def action_for_key(self, key: str) -> Action | None:
        for a in self.actions:
            if a.key == key:
                return a
        return None

    def on_click(self, event) -> None:
        x = event.x - 1  # padding
        for row, start, end, action in getattr(self, "_layout", []):
            if row == event.y and start <= x < end:
                self.post_message(self.Chosen(action))
                return


class MoveLog(KeptLines, SizedScrollBars, RichLog):
    """What happened, in sentences, newest at the bottom. Keeps its entries, so that a change of width
    (a resized terminal) wraps them anew instead of leaving them cut to the old width.

    New entries cost only their own lines. RichLog, on each write, sets its new virtual size (a layout
    of the whole screen, though the log's own size is set by the screen) and scrolls to the end after
    the next frame (a second frame, the whole log drawn again). Here the entries of one change are
    written together, the scroll bar and the position are brought up to date at once, in the same
    frame, and only the new lines are drawn: if the log scrolled, the lines already drawn are taken
    from `_drawn`. A layout comes only where the scroll bars show or hide."""

    DEFAULT_CSS = """
    MoveLog { scrollbar-size-vertical: 1; }
    """
    MAX_ENTRIES = 400
    #: while the log's lines are drawn (`render_lines`): its width, and its style once a line drawn
    #: anew needs it, found once for all the lines (Textual finds the style from every ancestor of the
    #: widget, twice for each line it draws)
    _drawing = False
    _style_now: Style | None = None
    _width_now = 0
    _scroll_now = (0, 0)
    #: while a batch is written: the log's width and the console's options, once found
    _room_now: int | None = None
    _options_now = None

    def __init__(self, **kwargs):
        super().__init__(wrap=True, markup=False, min_width=20, max_lines=self.MAX_ENTRIES * 4,
                         auto_scroll=True, **kwargs)
        self._entries: list[Text] = []
        self._wrapped_at = 0
        self._writing = 0  # how deep in `_batch`
        self._redraw = False  # while writing: the lines moved (cut at the top, or cleared)
        #: each line as drawn, by (its index since the log began, horizontal scroll, width)
        self._drawn: LRUCache[tuple[int, int, int], Strip] = LRUCache(1024)
        #: an entry's lines as RichLog renders them, by its text and the log's width: the log drawn anew
        #: for the next person at the curtain is mostly the entries it drew for the last
        self._rendered: LRUCache[tuple, tuple[list[Strip], int]] = LRUCache(self.MAX_ENTRIES * 2)
        self._segment_styles: dict = {}  # a text's style -> the style of its lines' segments
        self._styles_cache: _LogStyles = _LogStyles(self)
        self._sized = True  # whether the virtual size is set for the lines written

    def add(self, events: list[Event], players: list[str] | None = None) -> None:
        with self._batch():
            for e in events:
                style = {"error": "bold red", "score": "bold green", "turn": "bold", "chance": ""}.get(e.kind, "")
                self.note(Text("• " + e.text, style=style))

    def note(self, text: Text) -> None:
        """Add a line that is not an event (an undo, a notice). Characters a terminal would act on
        (in a name saved by an older program) are shown as escape codes."""
        text = _printable_text(text)
        self._entries.append(text)
        if len(self._entries) > self.MAX_ENTRIES:
            del self._entries[: -self.MAX_ENTRIES]
        if self._writing:
            self.write(text, scroll_end=None if not self._size_known else False)
            return
        with self._batch():
            self.write(text, scroll_end=None if not self._size_known else False)

    def write(self, content, width=None, expand=False, shrink=True, scroll_end=None, animate=False):
        """RichLog's `write`; an entry written before at this width (the same text and styles) takes the
        lines it was rendered to then, instead of being measured, rendered and split again."""
        if (not isinstance(content, Text) or not content.plain or width is not None or expand or not shrink
                or not self._size_known):
            return super().write(content, width, expand, shrink, scroll_end, animate)
        room = self._room_now
        if room is None:
            room = self.scrollable_content_region.width
            if self._writing:
                self._room_now = room  # (the log's width does not change while a batch is written)
        key = (content.plain, tuple(content.spans), content.style, content.justify, content.overflow,
               content.no_wrap, content.end, room)
        hit = self._rendered.get(key)
        if hit is None and self._writing:
            hit = self._one_cell_lines(content, room)
            if hit is not None:
                self._rendered[key] = hit
        if hit is None:
            first = self._start_line + len(self.lines)
            content.expand_tabs()  # (as RichLog does, before it measures)
            super().write(content, self._render_width(content), expand, shrink, scroll_end, animate)
            new = self.lines[first - self._start_line:] if first >= self._start_line else []
            if new:
                self._rendered[key] = (new, max(strip.cell_length for strip in new))
            return self
        # what RichLog.write does with the lines it rendered
        strips, widest = hit
        self.lines.extend(strips)
        if self.max_lines is not None and len(self.lines) > self.max_lines:
            self._start_line += len(self.lines) - self.max_lines
            self.refresh()
            self.lines = self.lines[-self.max_lines:]
        self._widest_line_width = max(self._widest_line_width, widest)
        scroll = self.auto_scroll if scroll_end is None else scroll_end
        if self._writing and not scroll:
            self._sized = False  # (the new virtual size is set once, at the end of the batch)
            return self
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        if scroll:
            self.scroll_end(animate=animate, immediate=False, x_axis=False)
        return self

    def _one_cell_lines(self, text: Text, room: int) -> tuple[list[Strip], int] | None:
        """The lines RichLog renders a text of one style to in a log `room` cells wide, and the widest,
        found without rendering it where every character is one cell wide (no span, tab or line break, wrapped as rich wraps it:
        `_wrap_one_cell`); None for any other text."""
        if (text._spans or text.justify not in (None, "default") or text.overflow not in (None, "fold")
                or text.no_wrap or text.end != "\n"):
            return None
        options = self._options_now
        if options is None:
            options = self.app.console.options
            if self._writing:
                self._options_now = options  # (the console's options, found once for a batch)
        plain = text.plain
        if (options.justify or options.overflow or options.no_wrap or options.max_width < 1
                or "\n" in plain or "\t" in plain or not _one_cell(plain)):
            return None
        width = max(min(len(plain), options.max_width, room), self.min_width)
        style = self._segment_styles.get(text.style, self)
        if style is self:  # the style rich gives a line of this text: one character's, rendered
            one = Text("x", style=text.style)
            style = next(Segment.split_lines(self.app.console.render(one, options)))[0].style
            self._segment_styles[text.style] = style
        pieces = _wrap_one_cell(plain, width)
        return ([LeanStrip([Segment(piece, style)] if piece else [], len(piece)) for piece in pieces],
                max(map(len, pieces)))

    def _render_width(self, text: Text) -> int:
        """The width RichLog renders `text` at, given no width: its widest line (as rich measures it, in
        the console's width), in the room the log has, and at least the log's least width. Found here
        without measuring every word of it too (the least measure, which RichLog does not use)."""
        lines = text.plain.splitlines()
        widest = max(map(cell_len, lines)) if lines else 0
        room = self.app.console.options.max_width
        widest = min(widest, room) if room >= 1 else 0
        return max(min(widest, self.scrollable_content_region.width), self.min_width)

    def clear(self):
        self._entries = []
        self._drawn.clear()
        self._styles_cache.forget_lines()
        with self._batch():
            return super().clear()

    @contextmanager
    def _batch(self):
        """Write lines, then show them: once for the outermost batch, and only once the log has a
        size (before, RichLog keeps the writes for its first size, and scrolls as it does)."""
        if self._writing or not self._size_known:
            self._writing += 1
            try:
                yield
            finally:
                self._writing -= 1
            return
        first = self._start_line + len(self.lines)  # the index of the first new line
        self._writing = 1
        self._redraw = False
        try:
            yield
        finally:
            if not self._sized:  # (its layout asked for, as for each write, is left to `_show_new`)
                self._sized = True
                self.virtual_size = Size(self._widest_line_width, len(self.lines))
            self._writing = 0
            self._room_now = self._options_now = None
        self._show_new(first)

    def _show_new(self, first: int) -> None:
        # the scroll bar as the new height has it: shown or hidden (a layout, by Textual's reactive
        # show_vertical_scrollbar), else its thumb drawn again
        self._scroll_update(self.virtual_size)
        before = self.scroll_offset.y
        if self.auto_scroll:
            self.scroll_to(y=self.max_scroll_y, animate=False)  # at once: no frame that has not scrolled
        if self._redraw:
            self.refresh()
        elif self.scroll_offset.y == before:  # not scrolled (which draws the log again): the new lines
            new = first - self._start_line
            if new < len(self.lines):
                self.refresh_lines(new, len(self.lines) - new)

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose: bool = False):
        if self._writing:
            # While lines are written: RichLog asks for a layout (and the whole log drawn again) with
            # each new virtual size, which `_show_new` replaces; a plain refresh means the lines moved.
            if not layout and not regions and repaint:
                self._redraw = True
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    @property
    def rich_style(self) -> Style:
        style = self._style_now
        if style is None:
            style = RichLog.rich_style.fget(self)  # type: ignore[attr-defined]
            if self._drawing:
                self._style_now = style
        return style

    def render_lines(self, crop):
        self._drawing = True
        self._width_now = self.scrollable_content_region.width
        self._scroll_now = self.scroll_offset
        try:
            return super().render_lines(crop)
        finally:
            self._drawing = False
            self._style_now = None

    def render_line(self, y: int) -> Strip:
        if self._drawing:
            scroll_x, scroll_y = self._scroll_now
            width = self._width_now
        else:
            scroll_x, scroll_y = self.scroll_offset
            width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.lines):
            return super().render_line(y)
        key = (index + self._start_line, scroll_x, width)
        strip = self._drawn.get(key)
        if strip is None:
            strip = self._drawn[key] = self._line_drawn(index, scroll_x, width)
        return strip

    def _line_drawn(self, index: int, scroll_x: int, width: int) -> Strip:
        """The log's line `index` as RichLog draws it (cut to the width from `scroll_x`, filled out to it
        and in the log's style: `crop_extend`, then `apply_style`), made at once where it is not cut."""
        line = self.lines[index]
        style = self.rich_style
        length = line.cell_length
        segments = line._segments
        if scroll_x or length > width or any(segment.control for segment in segments):
            return line.crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
        if style:
            add = style.__add__
            segments = [Segment(text, add(segment_style)) for text, segment_style, _ in segments]
            fill = add(style)
        else:
            segments = list(segments)
            fill = style
        if length < width:
            segments.append(Segment(" " * (width - length), fill))
        return LeanStrip(segments, width)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn.clear()  # drawn in the old style
        self._rendered.clear()

    def on_resize(self, event) -> None:
        width = self.scrollable_content_region.width
        if self._wrapped_at and width != self._wrapped_at and self._entries:
            entries = self._entries
            with self._batch():
                super().clear()
                self._drawn.clear()
                self._styles_cache.forget_lines()
                for text in entries:
                    self.write(text, scroll_end=False)
        self._wrapped_at = width


class Scoreboard(Drawn):
    """Players as rows: a marker for whose turn it is, then the columns a game chooses. Drawn by lines
    (_ScoreRows): the columns' widths found from the cells' lengths, and a row's lines kept by what it
    shows and the widths, so that a row that did not change is neither made nor drawn again; and a
    scoreboard shown before (the turn come back to a seat, the scores as they were) is taken as it was
    drawn, not made again. The same lines as the QuickTable it stands for (tests/test_ui_frames_scores.py)."""

    KEPT = 8  # the last scoreboards shown, kept
    ROWS_KEPT = 256  # the rows' cells made (a row's key -> its cells), at most

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._tables: LRUCache[tuple, Visual] = LRUCache(self.KEPT)  # what a scoreboard shows -> it, drawn
        self._heads: dict[tuple, QuickTable] = {}  # the headings -> a table of those columns, no rows
        self._cells: dict[tuple, tuple[list[Text], tuple[int, ...], bool]] = {}  # a row's key -> _row_cells

    def show(self, columns: list[str], rows: list[list], current: set[int] | None = None,
             names: list[str] | None = None) -> None:
        current = current or set()
        # a row's key: whether it is the seat's turn, the name shown, the cells (a cell that is not a
        # Text is shown as the Text of its string: told apart by that string)
        row_keys = tuple((seat in current, shown(names[seat]) if names else str(seat + 1),
                          tuple(_key(c) if isinstance(c, Text) else str(c) for c in row))
                         for seat, row in enumerate(rows))
        key = ("scores", tuple(columns), row_keys)
        if key == self._shown_key:
            return
        kept = self._tables.get(key)
        if kept is not None:
            self.update(kept, key=key)
            return
        cells = self._cells
        if len(cells) > self.ROWS_KEPT:
            cells.clear()
        for row_key, row in zip(row_keys, rows):
            if row_key not in cells:
                cells[row_key] = _row_cells(row_key, row)
        heads = tuple(columns)
        head = self._heads.get(heads)
        if head is None:
            if len(self._heads) > self.KEPT:
                self._heads.clear()
            head = self._heads[heads] = QuickTable(box=None, padding=(0, 1), expand=True, show_edge=False,
                                                   header_style="bold dim")
            head.cells_kept = {}
            head.add_column("", width=1, no_wrap=True)
            head.add_column("", no_wrap=True, overflow="ellipsis", ratio=1)
            for c in columns:
                head.add_column(c, justify="right", no_wrap=True)
        self.update(_ScoreRows(self, head, [cells[k] for k in row_keys], row_keys, self._rows_kept), key=key)
        self._tables[key] = self.visual


def _row_cells(row_key: tuple, row: list) -> tuple[list[Text], tuple[int, ...], bool]:
    """A scoreboard's row of key `row_key` (whose turn, the name, the cells `row`): its cells as text,
    their lengths in cells, and whether each is one line (no line break, no tab)."""
    turn, name = row_key[0], row_key[1]
    texts = [Text("▶", style="bold green") if turn else Text(" "), Text(name, style="bold" if turn else ""),
             *(c if isinstance(c, Text) else Text(str(c)) for c in row)]
    plains = [t.plain for t in texts]
    return texts, tuple(map(cell_len, plains)), not any("\n" in p or "\t" in p for p in plains)


# (a scoreboard's columns, markup) -> its headings as text, their lengths
_HEADINGS: LRUCache[tuple, tuple[list[Text], list[int]]] = LRUCache(16)


class _ScoreRows(_TableRows):
    """A scoreboard drawn by lines: the columns' widths from the lengths of the cells, as rich's Table
    finds them (QuickTable._quick_widths), and each row's lines kept in `kept` by the row's key and
    what it is drawn with (the widths, the width, the style), made (QuickTable._row_strips) only where
    a row is new. Where the table is not that simple (a cell of more lines; no room) it is drawn as
    the QuickTable it stands for (its `_renderable`, made then) is drawn."""

    def __init__(self, widget, head: QuickTable, rows: list[tuple[list[Text], tuple[int, ...], bool]],
                 row_keys: tuple, kept: dict) -> None:
        self._head = head  # the columns (no rows)
        self._rows = rows
        self._row_keys = row_keys
        self._table: QuickTable | None = None
        super().__init__(widget, head, kept)

    @property  # (RichVisual's renderable: the whole table, made where it is asked for)
    def _renderable(self) -> QuickTable:
        table = self._table
        if table is None:
            head = self._head
            table = self._table = QuickTable(box=None, padding=(0, 1), expand=True, show_edge=False,
                                             header_style=head.header_style)
            for column in head.columns:
                table.add_column(column.header, width=column.width, no_wrap=column.no_wrap,
                                 overflow=column.overflow, ratio=column.ratio, justify=column.justify)
            for texts, _, _ in self._rows:
                table.add_row(*texts)
        return table

    @_renderable.setter
    def _renderable(self, value) -> None:
        pass  # (the columns, given as `head`)

    def render_strips(self, width: int, height: int | None, style, options) -> list:
        lines = self._lines.get((width, style))
        if lines is None:
            if width < 3 or not all(simple for _, _, simple in self._rows):
                return super().render_strips(width, height, style, options)
            lines = self._strips(width, style)
            if lines is None:
                return super().render_strips(width, height, style, options)
            self._lines[(width, style)] = lines
        return lines[:height] if height is not None else list(lines)

    def _strips(self, width: int, style) -> list[Strip] | None:
        head = self._head
        console = self._widget.app.console
        console_options = self._widget.app.console_options.update(highlight=False, width=width, height=None)
        headings = _HEADINGS.get((head, console_options.markup))
        if headings is None:
            cells = [head._cells(console, console_options, column) for column in head.columns]
            if any(c is None for c in cells):  # (a heading of more lines)
                return None
            texts = [c[0] for c in cells if c]
            headings = _HEADINGS[(head, console_options.markup)] = (texts, [cell_len(t.plain) for t in texts])
        measures = list(map(max, zip(headings[1], *(lengths for _, lengths, _ in self._rows))))
        widths = head._quick_widths(measures, width)
        options = console_options.update(width=sum(widths), highlight=False, height=None)
        rich_style = style.rich_style
        drawn = (tuple(widths), width, rich_style)
        kept = self._kept
        if len(kept) > 256:
            kept.clear()
        strips: list[Strip] = []
        # (the headings' key: their strings; a player's row's: a tuple that starts with whose turn)
        rows = [(("scores", tuple(c.header for c in head.columns), console_options.markup), headings[0]),
                *((row_key, texts) for row_key, (texts, _, _) in zip(self._row_keys, self._rows))]
        for index, (row_key, texts) in enumerate(rows):
            key = ("scores", drawn, row_key)
            lines = kept.get(key)
            if lines is None:
                lines = kept[key] = head._row_strips(console, options, index, texts, widths, rich_style, width)
            strips.extend(lines)
        return strips
