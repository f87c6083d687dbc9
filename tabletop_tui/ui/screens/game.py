"""The shape every game screen shares.

A game screen draws the table from the view of the seat that is looking, offers the legal moves as
actions with keys, hands the chosen move to the session and shows the events in the log. It never
decides what is legal and never computes a score: the rules do. A game's screen subclasses
`GameScreen` and fills in `compose_table`, `show_table` and, where it has more to say, `scoreboard`,
`prompt` and `actions`.
"""

from __future__ import annotations

import dis
import functools
from bisect import bisect_left, bisect_right
from fractions import Fraction

from rich.segment import Segment
from rich.text import Text
from textual._compositor import Compositor
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.css.scalar import Unit
from textual.geometry import NULL_OFFSET, NULL_SPACING, Region, Size
from textual.layout import DockArrangeResult, WidgetPlacement
from textual.layouts.vertical import VerticalLayout
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tabletop_tui.rules.engine import IllegalMove, Move, log_for
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.modals import FORCED_SETTING, ConfirmScreen, CurtainScreen, LogScreen, RulesScreen
from tabletop_tui.ui.textual_patches import idle_checks_gathered
from tabletop_tui.ui.widgets.common import (Action, ActionBar, Drawn, HeldHeight, KeptLines, MoveLog, Scoreboard,
                                            SizedScrollBars, drawing_frame)
from tabletop_tui.ui.widgets.grid import LineDrawn
from tabletop_tui.ui.widgets.keybar import KeyBar
from tabletop_tui.ui.widgets.lean_strip import LeanStrip
from tabletop_tui.ui.widgets.part_lines import PartLines

ACTION_KEYS = "123456789abcdefghijkmnoprtvwxyz"
#: the keys a curtain may ask for (never Enter, which the person before pressed to pass; not 1, the
#: commonest key of a move)
LIFT_KEYS = "23456789"
#: the names of the messages by which a widget hands the screen a person's choice (a click, a typed
#: square, a key the widget took itself): `GridBoard.Chosen`, `CardHand.Chosen`, `ActionBar.Chosen`,
#: `HandLines.Clicked`, and Textual's own `Button.Pressed`, `Input.Submitted`... A widget that takes a
#: person's choice names its message so, and the screen's one gate (`admits`) sees it.
INPUT_MESSAGES = frozenset({"Chosen", "Clicked", "Marked", "Pressed", "Selected", "Submitted"})
#: on several screens: how often (seconds) a screen asks the store whether another screen wrote (one
#: `PRAGMA data_version`; the moves are read only when it changed), and how often it looks at the
#: seats (a screen that crashed writes nothing: it is found out by asking)
WATCH_SECONDS = 0.008
SEATS_SECONDS = 1.0


def open_forced_move(game, seat: int) -> Move | None:
    """The seat's move if it is its only legal move and the game declares that such a move tells
    nothing: its kind is in the rules' `open_forced_moves` (the kinds that, when one is a seat's only
    move, everyone at the table could tell was forced from what they see). None otherwise, and for
    every game that declares nothing."""
    kinds = getattr(game, "open_forced_moves", None) or ()
    if not kinds:
        return None
    moves = game.legal_moves(seat)
    if len(moves) == 1 and moves[0].kind in kinds:
        return moves[0]
    return None


def _gathering(method):
    """`method` (of a game screen, run in one go: no await in it) with the idle checks of the widgets it
    refreshes gathered to its end (textual_patches.idle_checks_gathered)."""

    @functools.wraps(method)
    def gathering(self, *args, **kwargs):
        with idle_checks_gathered():
            return method(self, *args, **kwargs)

    return gathering


class _PartsCompositor(Compositor):
    """Textual's Compositor, whose frame after a change asks for lines only where they changed.

    Textual draws the changed regions of a frame (a part of the table, the log, the prompt) from a crop
    that surrounds them all, which on a game screen is most of the screen: every widget in it gives
    all its lines, each cut at every widget's edge, though only the lines of the changed regions are
    written to the terminal. Here a widget that no changed region touches gives no line (what it would
    give lies outside every changed region, so it is never written), and a widget that one touches
    gives only the rows from the first to the last changed row it has, over its whole width (the cuts
    of a row are at widgets' edges). The picture written is the same."""

    _changed: list[tuple[int, int, int, int]] | None = None  # the changed regions: x, y, right, bottom
    #: the widgets laid out (Textual's visible_widgets) and, for each that holds widgets, the parts of it
    #: that no widget in front of it covers (exposed_parts)
    _exposed_for: object = None
    _exposed: dict[Widget, list[Region]] = {}

    def __init__(self) -> None:
        super().__init__()
        self._held: dict[Widget, tuple[tuple, dict[int, tuple], dict[int, tuple]]] = {}  # _held_lines

    def exposed_parts(self) -> dict[Widget, list[Region]]:
        """For each widget that holds others (a container, the screen): the rectangles of it that
        none of its children covers (nor its scroll bars), where it shows itself (its padding, its
        border, the room its children leave); for the others, nothing (all of it shows, but where
        something is laid over it). Found once for each layout."""
        visible = self.visible_widgets
        if visible is self._exposed_for:
            return self._exposed
        areas = {}
        children: dict[object, list[tuple[int, int, int, int]]] = {}
        for widget, (region, clip) in visible.items():
            x, y, width, height = region.intersection(clip)
            if width > 0 and height > 0:
                areas[widget] = (x, y, x + width, y + height)
                children.setdefault(widget._parent, []).append(areas[widget])
        exposed: dict[Widget, list[Region]] = {}
        for widget, (x, y, right, bottom) in areas.items():
            inside = children.get(widget)
            if inside is not None and widget._nodes:  # (not a widget whose only children are its scroll bars)
                exposed[widget] = _uncovered(x, y, right, bottom, [
                    (fx, fy, fr, fb) for fx, fy, fr, fb in inside if fx < right and x < fr and fy < bottom and y < fb])
        self._exposed_for, self._exposed = visible, exposed
        self._held = {widget: kept for widget, kept in self._held.items() if widget in exposed}
        return exposed

    def reflow(self, parent, size):
        """Textual's reflow, after which only what looks otherwise is drawn again. Textual marks the
        whole of every widget whose place in the layout changed in any way: a container whose children
        moved (its virtual size), with every widget in it, though none of those moved; a part of the
        table whose clip changed (the table a line shorter) but not what shows of it. Here: a widget that
        came or went, all of it; one that moved or changed size, where it was and where it is (of a
        container, only what showed and shows of it between its children: they are marked themselves
        where they moved); a container whose size changed only inside it (its children's extent),
        nothing; a widget whose clip or painting order changed only, what shows of it now and showed
        then, where that differs (all of it where it may be drawn over another, or under)."""
        dirty = self._dirty_regions
        screen = self.size.region
        if not self._full_map or size != self.size or screen in dirty:
            return super().reflow(parent, size)
        before = set(dirty)
        old_map = self._full_map
        old_exposed = self.exposed_parts()
        result = super().reflow(parent, size)
        if screen in dirty:
            return result
        new_map = self._full_map
        new_exposed = self.exposed_parts()
        marked: set[Region] = set()
        for widget in {widget for widget, _ in new_map.items() ^ old_map.items()}:
            old, new = old_map.get(widget), new_map.get(widget)
            old_area = old.clip.intersection(old.region) if old is not None else None
            new_area = new.clip.intersection(new.region) if new is not None else None
            if old is None or new is None:
                marked.update(area for area in (old_area, new_area) if area)
            elif widget._nodes:
                if (old.region != new.region and old_area and new_area and old_area.x == new_area.x
                        and old_area.width == new_area.width and _uniform(widget)):
                    # every row of it alike: what showed of it and shows of it still is as it was (where a
                    # child covered it, or covers it now, the child is marked); only what shows of it
                    # now outside where it was is new
                    top, bottom = old_area.y, old_area.bottom
                    for part in new_exposed.get(widget, (new_area,)):
                        if part.y < top:
                            marked.add(Region(part.x, part.y, part.width, min(part.bottom, top) - part.y))
                        if part.bottom > bottom:
                            y = max(part.y, bottom)
                            marked.add(Region(part.x, y, part.width, part.bottom - y))
                elif old.region != new.region:
                    marked.update(old_exposed.get(widget, (old_area,)))
                    marked.update(new_exposed.get(widget, (new_area,)))
                elif old_area != new_area:
                    marked.update(area for area in (old_area, new_area) if area)
            elif (old.region != new.region or old.virtual_size != new.virtual_size
                  or old.container_size != new.container_size or old.virtual_region != new.virtual_region
                  or old.dock_gutter != new.dock_gutter or old_area != new_area
                  or (old.order != new.order and _may_overlap(widget))):
                marked.update(area for area in (old_area, new_area) if area)
        dirty.clear()
        dirty.update(before)
        dirty.update(region for region in marked if region)
        return result

    def render_update(self, *args, **kwargs):
        with drawing_frame():
            return super().render_update(*args, **kwargs)

    def render_partial_update(self):
        self._changed = _stacked(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = None

    def _render_chops(self, crop: Region, is_rendered_line):
        # Textual's, but for the cuts of a widget's line, found by bisection in the line's cuts (they
        # are sorted) where Textual tries every cut of the line (of every widget on it) for each widget
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        for region, clip, strips in self._get_renders(crop):
            render_region = region.intersection(clip)
            render_x = render_region.x
            first_cut, last_cut = render_region.column_span
            for y, strip in zip(render_region.line_range, strips):
                if not is_rendered_line(y):
                    continue
                line_cuts = cuts[y]
                start, end = bisect_left(line_cuts, first_cut), bisect_right(line_cuts, last_cut)
                chops_line = chops[y]
                if end - start == 2 and line_cuts[start + 1] - render_x == strip.cell_length:
                    # one piece, the whole line (what Strip.divide gives for it)
                    cut = line_cuts[start]
                    if chops_line.get(cut) is None:
                        chops_line[cut] = strip
                    continue
                final_cuts = line_cuts[start:end]
                get = chops_line.get
                if (render_x == final_cuts[0] and get(render_x) is None
                        and all(get(cut) is not None for cut in final_cuts[1:-1])):
                    # only the first piece is still to be given (a widget in front, its scroll bar, gave
                    # the rest): cut where that is cheap
                    piece = _first_cells(strip, final_cuts[1] - render_x)
                    if piece is not None:
                        chops_line[render_x] = piece
                        continue
                for cut, piece in zip(final_cuts, strip.divide([cut - render_x for cut in final_cuts[1:]])):
                    if get(cut) is None:
                        chops_line[cut] = piece
        return chops

    def _get_renders(self, crop: Region | None = None):
        changed = self._changed
        if changed is None or crop is None:
            yield from super()._get_renders(crop)
            return
        exposed = self.exposed_parts()
        for widget, (region, clip) in self.visible_widgets.items():
            area = region.intersection(clip)
            if not area:
                continue
            x, y, width, height = area
            right, end = x + width, y + height
            top, bottom = end, y
            for dx, dy, dr, db in changed:
                if dx < right and x < dr and dy < end and y < db:
                    top, bottom = min(top, dy), max(bottom, db)
            if top >= bottom:
                continue
            top, bottom = max(top, y), min(bottom, end)
            parts = exposed.get(widget)
            if parts is None:
                rows = Region(area.x, top, area.width, bottom - top)
                yield region, rows, widget.render_lines(rows.translate(-region.offset))
                continue
            # a widget that holds others gives only what shows of it between them (each cell of the
            # frame is written by the first widget in front that gives it)
            for part in parts:
                y, part_bottom = max(top, part.y), min(bottom, part.bottom)
                if y < part_bottom:
                    left, right = part.x - region.x, part.right - region.x
                    lines = self._held_lines(widget, region, y - region.y, part_bottom - region.y)
                    yield region, Region(part.x, y, part.width, part_bottom - y), [
                        line.crop(left, right) for line in lines]

    def _held_lines(self, widget: Widget, region: Region, top: int, bottom: int) -> list:
        """Lines top to bottom (of the widget) of a widget that holds others, over its whole width, as
        `render_lines` gives them; kept, and given again while Textual keeps the line they were made
        from (its StylesCache drops a line when the widget is refreshed, resized or restyled): what
        shows of a container (its padding, its border, its background) is the same from one frame to
        the next, but rendering it asks for its colours, its theme, its region... each time."""
        cache = widget._styles_cache
        made, dirty = cache._cache, cache._dirty_lines
        width = region.width
        key = (width, tuple(widget.get_line_filters()))
        kept = self._held.get(widget)
        if kept is not None and kept[0] == key and cache._width == width:
            found, by_line = kept[1], kept[2]
            out = []
            for y in range(top, bottom):
                entry = found.get(y)
                if entry is None or y in dirty or made.get(y) is not entry[0]:
                    # (a row Textual keeps as the very line another row was made from, filtered alike:
                    # a container whose rows are alike, given a new height, `_LaidOnce`)
                    line = made.get(y)
                    entry = by_line.get(id(line))
                    if entry is None or entry[0] is not line or y in dirty:
                        break
                    found[y] = entry
                out.append(entry[1])
            else:
                return out
        lines = widget.render_lines(Region(0, top, width, bottom - top))
        if kept is None or kept[0] != key:
            kept = self._held[widget] = (key, {}, {})
        found, by_line = kept[1], kept[2]
        for y, line in zip(range(top, bottom), lines):
            entry = found[y] = (made.get(y), line)
            if entry[0] is not None:
                by_line[id(entry[0])] = entry
        return lines


def _first_cells(strip: Strip, width: int) -> Strip | None:
    """The first `width` cells of `strip`, the piece Strip.divide gives up to that cut, where what is
    cut off lies in the last segment and that segment is of one-cell characters (a widget's padding
    under its scroll bar): cut without measuring every segment's text (a new line of the move log is
    a new text, its characters measured one by one). None otherwise."""
    segments = strip._segments
    if not segments:
        return None
    text, style, control = segments[-1]
    drop = strip.cell_length - width
    if control or drop <= 0 or len(text) < drop or not (text.isascii() and text.isprintable()):
        return None
    head = segments[:-1]
    if len(text) > drop:
        head.append(Segment(text[:-drop], style))
    return LeanStrip(head, width)


def _stacked(regions) -> list[tuple[int, int, int, int]]:
    """The regions as (x, y, right, bottom) rectangles, those of the same columns that touch or overlap
    one above the other as one (the same cells: a widget's lines refreshed one by one are one)."""
    out: list[tuple[int, int, int, int]] = []
    for x, right, y, bottom in sorted((x, x + width, y, y + height) for x, y, width, height in regions):
        if out:
            last = out[-1]
            if last[0] == x and last[2] == right and y <= last[3]:
                out[-1] = (x, last[1], right, max(bottom, last[3]))
                continue
        out.append((x, y, right, bottom))
    return out


def _uncovered(x: int, y: int, right: int, bottom: int, fronts: list[tuple[int, int, int, int]]) -> list[Region]:
    """The rectangle (x, y)-(right, bottom) less the rectangles `fronts` (x, y, right, bottom each), as
    rectangles: bands of rows, each band's uncovered columns (bands alike one above the other as one)."""
    if not fronts:
        return [Region(x, y, right - x, bottom - y)]
    rows = sorted({y, bottom} | {min(max(k, y), bottom) for f in fronts for k in (f[1], f[3])})
    out: list[Region] = []
    above: dict[tuple[int, int], Region] = {}  # the previous band's rectangles by their columns
    for top, end in zip(rows, rows[1:]):
        spans = [(x, right)]
        for fx, fy, fr, fb in fronts:
            if fy <= top and fb >= end:
                spans = [piece for sx, sr in spans
                         for piece in ((sx, min(sr, fx)), (max(sx, fr), sr)) if piece[0] < piece[1]]
        band: dict[tuple[int, int], Region] = {}
        for sx, sr in spans:
            previous = above.get((sx, sr))
            if previous is not None and previous.bottom == top:
                out.remove(previous)
                band[sx, sr] = Region(sx, previous.y, sr - sx, end - previous.y)
            else:
                band[sx, sr] = Region(sx, top, sr - sx, end - top)
            out.append(band[sx, sr])
        above = band
    return out


_NO_EDGE = ("", "none", "hidden")


def _uniform(widget: Widget) -> bool:
    """Whether every row of a widget that holds others looks alike at its width (and at any height):
    Textual's blank container, no border or outline above or below (one at the left or right is alike on
    every row), no keyline or hatch (its padding is its background)."""
    cls = type(widget)
    if (cls.render is not Widget.render or cls.render_line is not Widget.render_line
            or cls.render_lines is not Widget.render_lines):
        return False
    styles = widget.styles
    border, outline = styles.border, styles.outline
    return (border.top[0] in _NO_EDGE and border.bottom[0] in _NO_EDGE and outline.top[0] in _NO_EDGE
            and outline.bottom[0] in _NO_EDGE and styles.keyline[0] in _NO_EDGE and not styles.has_rule("hatch"))


def _rows_alike(widget: Widget) -> bool:
    """Whether every row of a widget that holds others is drawn alike, at any height: `_uniform`, with no
    padding above or below (a row of padding is the same colour as the others, but cut otherwise)."""
    if not _uniform(widget):
        return False
    padding = widget.styles.padding
    return not padding.top and not padding.bottom


def _may_overlap(widget: Widget) -> bool:
    """Whether a widget may be laid over another, or under one, than its own ancestors (a layer, an
    overlay, an offset, a place of its own): then its painting order tells what shows."""
    styles = widget.styles
    return any(styles.has_rule(rule) for rule in ("layer", "layers", "overlay", "offset", "position", "dock"))


def _cells_or_none(scalar) -> bool:
    """A height rule that does not depend on the container's height: none, auto, or cells."""
    return scalar is None or scalar.is_auto or scalar.unit is Unit.CELLS


def _fills(scalar) -> bool:
    """A height rule of one `fr`: all the room its container leaves it."""
    return scalar is not None and scalar.unit is Unit.FRACTION and scalar.value == 1


def _plain_place(styles) -> bool:
    """Placed in its container's flow and nowhere else: no dock, split, overlay, layer, offset or
    absolute position, and a width that does not depend on the container's height. (Margins are the
    same rows at every height: they take the same share of the room.)"""
    return (not any(styles.has_rule(rule) for rule in (
        "dock", "split", "overlay", "layer", "offset", "position"))
        and all(scalar is None or scalar.unit is not Unit.HEIGHT
                for scalar in (styles.width, styles.min_width, styles.max_width)))


#: for each class of widget: whether its measure of its content's height reads no more of the container
#: than its width (`_measures_by_width`)
_BY_WIDTH: dict[type, bool] = {}


def _measures_by_width(cls: type) -> bool:
    """Whether every `get_content_height` of the class (its own and those it inherits) reads of the
    container it is given its width at most (it may hand the container on as it is): a part that fills
    the room left to it (Ten-Die Poker's table) reads its height."""
    found = _BY_WIDTH.get(cls)
    if found is None:
        found = True
        for base in cls.__mro__:
            method = vars(base).get("get_content_height")
            code = getattr(method, "__code__", None)
            if code is None:
                continue
            last = None
            for instruction in dis.get_instructions(code):
                # the container loaded last (by LOAD_FAST; from Python 3.13 also by a load of two names,
                # LOAD_FAST_LOAD_FAST, whose argval is both, and from 3.14 LOAD_FAST_BORROW...), then an
                # attribute of it read
                loaded = last.argval if last is not None and last.opname.startswith("LOAD_FAST") else None
                if (loaded is not None and (loaded[-1] if isinstance(loaded, tuple) else loaded) == "container"
                        and instruction.opname in ("LOAD_ATTR", "LOAD_METHOD") and instruction.argval != "width"):
                    found = False
                last = instruction
        _BY_WIDTH[cls] = found
    return found


def _height_free(widget: Widget) -> bool:
    """Whether the height Textual lays `widget` out at does not depend on its container's height: a
    height of cells or auto (min and max the same), measured by its width (`_measures_by_width`), and,
    where it holds displayed widgets, a vertical or horizontal layout of such widgets only (an auto
    height is the height of what it holds)."""
    if not _measures_by_width(type(widget)):
        return False
    styles = widget.styles
    if not (_cells_or_none(styles.height) and _cells_or_none(styles.min_height)
            and _cells_or_none(styles.max_height)):
        return False
    if any(styles.has_rule(rule) for rule in ("dock", "split", "overlay", "offset", "position")):
        return False
    children = [child for child in widget._nodes if child.display]
    if not children:
        return True
    return styles.layout.name in ("vertical", "horizontal") and all(map(_height_free, children))


def _sized_by_styles(widget: Widget) -> bool:
    """Whether the room a widget takes in its container's flow is told by its styles and the
    container's size alone, whatever it holds: `_plain_place`, and no width or height (nor least or
    most) of `auto`."""
    styles = widget.styles
    return _plain_place(styles) and not any(
        scalar is not None and scalar.is_auto for scalar in (
            styles.width, styles.height, styles.min_width, styles.max_width, styles.min_height, styles.max_height))


def _kind_of(child: Widget) -> str:
    """What `_LaidOnce._kind` tells of `child`, found anew."""
    styles = child.styles
    if not _plain_place(styles):
        return ""
    if _fills(styles.height) and styles.min_height is None and styles.max_height is None:
        return "fills"
    return "free" if _height_free(child) else ""


def _shown_with_styles(widget: Widget) -> tuple:
    """Each child of `widget` shown, with its styles' count of changes: what an arrangement of it kept
    by its parts' styles depends on, of its parts."""
    return tuple((child, child.styles._cache_key) for child in widget._nodes if child.styles.display != "none")


def _kept_for_styles(kept: dict, widget: Widget, find):
    """`find(widget)`, kept in `kept` while the widget's styles do not change (their count of changes),
    for the last 64 widgets or so."""
    key = widget.styles._cache_key
    found = kept.get(widget)
    if found is None or found[0] != key:
        if len(kept) > 64:
            kept.clear()
        found = kept[widget] = (key, find(widget))
    return found[1]


VERTICAL = VerticalLayout()


class _LaidOnce:
    """A container of the game screen laid out once for each change of size. Textual sets a container's
    new virtual size (its children's extent) through its reactive, which asks for a second layout of
    the whole screen after the one that found it, though nothing moves in it; here it is set as found,
    and a scrolling container brings its scroll bars up to date as Textual does (a layout where one
    shows or hides).

    Arranged at less cost than Textual, with the same placements (tests compare them with Textual's
    own):

    - Given a new height only (the action bar a row higher, the table a row lower), Textual arranges
      its children anew (their box models, kept by the container's size, measured again, Fractions added
      up row by row: 9-16k Python opcodes for each container, each time), though in a vertical layout
      of parts whose heights are their own (cells or auto: `_height_free`) every part keeps its place
      and size, and a part of `1fr` (the move log), last, takes the rows the height gained or lost; in
      a horizontal layout, each child of `1fr` height is as high as the container. Here such an
      arrangement is the one made at the last height, those parts made that much higher or lower
      (`_restacked`).
    - A vertical layout of such parts only (the table) is stacked in whole numbers from each part's box
      model, asked of it as Textual asks (so the box models it keeps are found), where Textual adds
      Fractions (`_stacked_parts`); each part's box model asked at one height of the container for each
      width, so that a new height measures none again.
    - A container whose parts take the room their styles give them (the screen's two columns) keeps
      its arrangement while its parts shown and their styles stay as they are (`_by_styles_alone`),
      where Textual arranges it anew for every part shown or hidden anywhere inside it.

    Textual's contract is kept: the arrangements kept are let go whenever Textual lets its own go (a
    child asks for a layout, measure_anew, a child comes or goes: `_clear_arrangement_cache`,
    `_nodes._updates`), and what a child is (`_kind`) is found again when its styles change.
    """

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        # Textual forgets every line it drew of a widget given a new size; a container whose rows are
        # all alike (`_rows_alike`), given a new height only, keeps its one line for every row (what
        # showed of it is drawn from it, not rendered, styled and filtered again)
        old = self._size  # type: ignore[attr-defined]
        line = None
        if size != old and size.width == old.width and _rows_alike(self):  # type: ignore[arg-type]
            cache = self._styles_cache  # type: ignore[attr-defined]
            made = cache._cache
            line = next(iter(made.values()), None)
            if line is None or cache._dirty_lines or not all(kept is line for kept in made.values()):
                line = None
        changed = super()._size_updated(size, virtual_size, container_size, layout=False)  # type: ignore[misc]
        if line is not None:
            cache._cache.update(dict.fromkeys(range(size.height), line))
            cache._dirty_lines.clear()
        return changed

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._by_width: dict[tuple, tuple[int, object]] = {}
        self._kinds: dict[Widget, tuple[int, str]] = {}
        self._asked_at: dict[tuple, int] = {}  # (width, screen size): the height box models are asked at
        self._by_styles: dict[tuple, tuple[int, object]] = {}  # `_by_styles_alone` -> (height, arrangement)
        self._fixed: dict[Widget, tuple[int, bool]] = {}  # a child -> (its styles' count, sized by them alone)

    def _clear_arrangement_cache(self) -> None:
        super()._clear_arrangement_cache()  # type: ignore[misc]
        self._by_width.clear()
        self._by_styles.clear()

    def _kind(self, child: Widget) -> str:
        """"free" (placed in the flow, `_plain_place`, a height of its own, `_height_free`), "fills" (placed
        in the flow, one `fr` high, no least or most height) or "" (anything else). Kept by the child's
        styles where it holds no widgets."""
        if not child._nodes:
            return _kept_for_styles(self._kinds, child, _kind_of)
        return _kind_of(child)

    def arrange(self, size: Size, optimal: bool = False):
        updates = self._nodes._updates  # type: ignore[attr-defined]
        cached = self._arrangement_cache.get((size, updates, optimal))  # type: ignore[attr-defined]
        if cached is not None:
            return cached
        alone = self._by_styles_alone(size.width, optimal)
        arrangement = None
        if alone is not None:
            kept = self._by_styles.get(alone)
            if kept is not None:
                height, arrangement = kept
                if height != size.height:
                    arrangement = self._restacked(arrangement, size.height - height)
                if arrangement is not None:
                    self._arrangement_cache[(size, updates, optimal)] = arrangement  # type: ignore[attr-defined]
        if arrangement is None:
            arrangement = self._arranged(size, optimal, updates)
        if alone is not None:
            if len(self._by_styles) > 16:
                self._by_styles.clear()
            self._by_styles[alone] = (size.height, arrangement)
        return arrangement

    def _by_styles_alone(self, width: int, optimal: bool) -> tuple | None:
        """What the arrangement depends on, but for the height, where each part shown takes the room its
        styles give it, whatever it holds (no width or height of `auto`, none docked or laid over
        another: `_plain_place`): the width, the screen's size, the container's styles and each part
        shown with its styles (their count of changes). Textual arranges anew whenever a part is shown
        or hidden anywhere inside (the count of changes to the children it keeps, `_nodes._updates`,
        counts those of every descendant): the screen's two columns, each of `fr`, were arranged again
        for every part of the table shown or hidden. None for any other container."""
        styles = self.styles  # type: ignore[attr-defined]
        if optimal or styles.layout.name not in ("vertical", "horizontal"):
            return None
        shown = _shown_with_styles(self)  # type: ignore[arg-type]
        if not all(_kept_for_styles(self._fixed, child, _sized_by_styles) for child, _ in shown):
            return None
        return (width, self.app.viewport_size, styles._cache_key, shown)  # type: ignore[attr-defined]

    def _arranged(self, size: Size, optimal: bool, updates: int):
        key = (size.width, updates, optimal, self.screen.size)  # type: ignore[attr-defined]
        kept = self._by_width.get(key)
        arrangement = None
        if kept is not None and kept[0] != size.height:
            arrangement = self._restacked(kept[1], size.height - kept[0])
        if arrangement is None:
            arrangement = self._stacked_parts(size, optimal)
        if arrangement is None:
            arrangement = super().arrange(size, optimal)  # type: ignore[misc]
        else:
            self._arrangement_cache[(size, updates, optimal)] = arrangement  # type: ignore[attr-defined]
        self._by_width[key] = (size.height, arrangement)
        return arrangement

    def _stacked_parts(self, size: Size, optimal: bool):
        """Textual's vertical arrangement of "free" parts (`_kind`), each placed below the last at the
        height of its box model (asked of it as Textual's resolve_box_models asks, so kept box models
        are found), in whole numbers where Textual adds Fractions: the same placements. None for any
        other container, or a box model of a part not whole."""
        styles = self.styles  # type: ignore[attr-defined]
        if (styles.layout.name != "vertical" or styles.align_vertical != "top"
                or styles.align_horizontal != "left"):
            return None
        children = [child for child in self._nodes if child.display]  # type: ignore[attr-defined]
        kind = self._kind
        for child in children:
            if kind(child) != "free":
                return None
        self.pre_layout(VERTICAL)  # type: ignore[attr-defined]
        viewport = self.app.size  # type: ignore[attr-defined]
        # the box models asked at the height they were first asked at for this width: a free part's box
        # model is the same at every height of its container, and Textual keeps it by that height (a
        # part that did not change is then a look-up, where a new height measured every part anew)
        asked = self._asked_at
        at = asked.get((size.width, viewport))
        if at is None:
            if len(asked) > 8:
                asked.clear()
            at = asked[size.width, viewport] = size.height
        if at != size.height:
            size = Size(size.width, at)
        width, height = Fraction(size.width), Fraction(size.height)
        zero = Fraction(0)
        greedy = not optimal
        placements = []
        y = None
        gap = 0  # the margin between the last part and the next: the larger of its bottom and the next's top
        for child in children:
            top, right, bottom, left = child.styles.margin
            across, down = left + right, top + bottom
            box = child._get_box_model(
                size, viewport, width if not across else (zero if width - across < 0 else width - across),
                height if not down else (zero if height - down < 0 else height - down), greedy=greedy)
            content_width, content_height, box_margin = box
            if type(content_width) is not int:
                if content_width.denominator != 1:
                    return None
                content_width = content_width.numerator
            if type(content_height) is not int:
                if content_height.denominator != 1:
                    return None
                content_height = content_height.numerator
            y = box_margin.top if y is None else y + max(gap, box_margin.top)
            placements.append(WidgetPlacement(Region(box_margin.left, y, content_width, content_height),
                                              NULL_OFFSET, box_margin, child, 0, False, False, False))
            y, gap = y + content_height, box_margin.bottom
        return DockArrangeResult(self.process_layout(placements), set(children), NULL_SPACING)  # type: ignore[attr-defined]

    def _restacked(self, arrangement, delta: int):
        """`arrangement` (the one at a height `delta` rows less) at the new height, or None where that
        cannot be told without arranging anew."""
        styles = self.styles  # type: ignore[attr-defined]
        if styles.align_vertical != "top" or arrangement.scroll_spacing:
            return None
        vertical = styles.layout.name == "vertical"
        if not vertical and styles.layout.name != "horizontal":
            return None
        placements = arrangement.placements
        last = len(placements) - 1
        out = []
        for index, placement in enumerate(placements):
            if placement.order or placement.fixed or placement.overlay or placement.absolute:
                return None
            kind = self._kind(placement.widget)
            if kind == "fills":
                if vertical and index != last:
                    return None  # (the parts below it would move)
                region = placement.region
                if region.height < 1 or region.height + delta < 1:
                    return None  # (Textual gives no room below none)
                placement = placement._replace(region=region._replace(height=region.height + delta))
            elif kind != "free":
                return None
            out.append(placement)
        return DockArrangeResult(out, arrangement.widgets, arrangement.scroll_spacing)


class _Main(KeptLines, _LaidOnce, Horizontal):
    pass


class _Table(KeptLines, SizedScrollBars, _LaidOnce, VerticalScroll):
    """The table's parts, scrolled where they need more room than the screen has. Its scroll bar is
    shown or hidden in the layout that finds it needed (or not): Textual finds that only after the
    layout, from the height the parts were laid out at, and lays the screen out again (a second frame
    after the first, the parts moved in it by the bar's column)."""

    def _get_scrollable_region(self, region: Region) -> Region:
        # (asked by the compositor for the room to lay the parts out in, before it does)
        if getattr(self.screen, "_laying_out", False):
            self._decide_scroll_bar(region)
        return super()._get_scrollable_region(region)

    def _decide_scroll_bar(self, region: Region) -> None:
        """Show or hide the vertical scroll bar as the parts laid out in `region` need it: where they
        need it with the bar as it is and not the other way (or the other way round), it changes now,
        with no layout asked for. Where both ways agree with themselves (or neither does) nothing is
        decided here: Textual decides as it does."""
        styles = self.styles
        bar = styles.scrollbar_size_vertical
        if (styles.overflow_y != "auto" or styles.overflow_x == "auto" or not bar
                or styles.scrollbar_gutter == "stable" or not region or self.show_horizontal_scrollbar):
            return
        room = region.reset_offset

        def needs(shown: bool) -> bool:
            width = room.width - (bar if shown else 0)
            if width <= 0:
                return shown
            return room.union(self.arrange(Size(width, room.height)).total_region).height > room.height

        shown = self.show_vertical_scrollbar
        if needs(shown) == shown:
            return
        laid = self._as_laid()  # (as measured at the width they are laid out at, just now)
        if needs(not shown) == shown:  # the other width only looked at: the parts as laid out at this one
            for part, attributes, held in laid:
                part.__dict__.update(attributes)
                if held is not None:
                    part._held.width, part._held.height = held
            return
        self.set_reactive(Widget.show_vertical_scrollbar, not shown)
        self.vertical_scrollbar.styles.set_rule("display", "block" if not shown else "none")

    #: what a part notes of the width it was measured at (Drawn: the width and room, to tell whether new
    #: content keeps its size; MostLines: the most lines it has had)
    AS_LAID = ("_laid_width", "_laid_room", "_most")

    def _as_laid(self) -> list[tuple[Widget, dict, tuple[int | None, int] | None]]:
        """What each part notes of the width it was last measured at (`AS_LAID`, a steady part's held
        height), to be put back after the parts are measured at a width they are not laid out at, only
        to tell whether the bar is needed: Textual keeps the arrangement it made at the width laid out
        at and does not measure them there again, and a part that took the other width for its own
        (Drawn's `_keeps_size`) would tell whether new content needs a layout at the wrong width."""
        laid = []
        for part in self.walk_children(Widget):
            attributes = {name: part.__dict__[name] for name in self.AS_LAID if name in part.__dict__}
            held = getattr(part, "_held", None)
            held = (held.width, held.height) if isinstance(held, HeldHeight) else None
            if attributes or held is not None:
                laid.append((part, attributes, held))
        return laid


class _Side(KeptLines, _LaidOnce, Vertical):
    pass


class GameScreen(Screen):
    BINDINGS = [
        Binding("question_mark", "rules", "Rules"),
        Binding("u", "undo", "Undo"),
        Binding("l", "log", "Log"),
        Binding("s", "save", "Save & leave"),
        Binding("q", "quit_game", "Quit"),
    ]
    #: keys a game screen takes for itself, never handed to actions
    RESERVED_KEYS = {"?", "u", "l", "s", "q"}
    #: a wider terminal gives the scoreboard and the move log more room (screens.tcss)
    HORIZONTAL_BREAKPOINTS = [(0, "-normal"), (110, "-wide"), (150, "-very-wide")]

    def __init__(self, session: Session, resumed: bool = False, final: bool = False):
        super().__init__()
        self._compositor = _PartsCompositor()
        self.session = session
        self.resumed = resumed
        #: a table only to look at (the final table from the results, a replay): no moves are made or
        #: saved from it, and no computer moves
        self.read_only = final
        if final:  # the table of a game that is over, from its results: Escape goes back
            self._bindings.bind("escape,t", "back_to_results", "Back to the results")
        self.error: str = ""
        self._at_keyboard: int | None = None  # the person the curtain was last lifted for
        self._handoff: int | None = None  # the next person, while the one at the keyboard finishes
        self._log_viewer: int | None = None  # whose log the move log shows
        self._last_moves: dict[int, list] = {}  # each seat's last move, as its events
        self._last_person: int | None = None  # the person who moved last
        self._pending_bot = False
        self._bot_turn = 0  # counts the computer steps scheduled: an undo drops the one waiting
        self._moving_for: int | None = None  # the seat a computer (or a forced move) plays for now
        self._lift_key = ""  # the key the last curtain asked for
        self._part_keys: dict[str, object] = {}  # what each part of the table was last built from
        self._told_problem = ""  # the save problem the players were last told of
        self._asked_lost = False  # the question about a lost save is on screen

    # -- layout ---------------------------------------------------------------------------------

    _laying_out = False
    #: the screen's arrangement, and what it was made for (`arrange`)
    _kept_arrangement: tuple | None = None

    def arrange(self, size: Size, _optimal: bool = False):
        # Textual keeps the screen's arrangement by the count of changes to its children, which counts
        # every part shown or hidden anywhere on the screen (a part of the table), and the screen is
        # then arranged anew, though its own children did not change. Here it is kept by its children
        # shown and their styles, and let go as Textual lets its own go when a child asks for a layout
        # (what it holds changed: `_clear_arrangement_cache`).
        key = (size, self.maximized, self.app.viewport_size, self.styles._cache_key, _shown_with_styles(self))
        kept = self._kept_arrangement
        if kept is not None and kept[0] == key:
            return kept[1]
        arrangement = super().arrange(size, _optimal)
        self._kept_arrangement = (key, arrangement)
        return arrangement

    def _clear_arrangement_cache(self) -> None:
        super()._clear_arrangement_cache()
        self._kept_arrangement = None

    def _refresh_layout(self, size=None, scroll: bool = False) -> None:
        self._laying_out = True
        try:
            super()._refresh_layout(size, scroll)
        finally:
            self._laying_out = False

    def _compositor_refresh(self) -> None:
        # A layout gives the widgets their new sizes and then draws its frame; a widget that asks to be
        # drawn again as it is given its size (the log's scroll bar, told its new window) would be drawn
        # in a frame of its own after it. Drawn in this one: its content is rendered anew here anyway.
        if self._laying_out:
            asked = {widget for widget in self._compositor.visible_widgets if widget._repaint_required}
            if asked:
                self._compositor.update_widgets(asked)
                for widget in asked:
                    widget._repaint_required = False
        super()._compositor_refresh()

    def compose(self) -> ComposeResult:
        yield LineDrawn(id="title-bar")
        with _Main(id="main"):
            with _Table(id="table"):
                yield from self.compose_table()
            with _Side(id="side"):
                yield Scoreboard(id="scores")
                yield MoveLog(id="log")
        yield LineDrawn(id="prompt", steady=True)  # a prompt of one line after one of two: nothing moves
        yield ActionBar(id="actions")
        yield KeyBar()  # Textual's Footer's look and ways, one widget instead of one for each key

    def compose_table(self) -> ComposeResult:
        yield Drawn(id="table-view")

    # -- what a game screen fills in --------------------------------------------------------------

    def part_changed(self, part: str, key: object) -> bool:
        """Whether a part of the table is to be built anew: what it is drawn from (`key`) changed since
        it was last built. A part that did not change is not built again (nor drawn)."""
        if self._part_keys.get(part) == key:
            return False
        self._part_keys[part] = key
        return True

    def show_table(self, view: dict) -> None:
        """Draw the table from the view."""
        self.query_one("#table-view", Static).update(Text(str(view)))

    def scoreboard(self, view: dict) -> tuple[list[str], list[list]]:
        """Columns and one row per seat."""
        return [], [[] for _ in self.session.players]

    def prompt(self, view: dict) -> str:
        """One line: what the game waits for."""
        names = [self.session.players[s] for s in self.session.game.to_act()]
        return f"{' and '.join(names)} to play." if names else ""

    def status(self, view: dict) -> str:
        """The title bar's right-hand side (round, deck, ...)."""
        return ""

    def action_key(self, move: Move, index: int) -> str:
        """The key for a move; by default 1-9, then letters."""
        return ACTION_KEYS[index] if index < len(ACTION_KEYS) else ""

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        label = self.session.game.describe_move(move)
        if optional:
            label = f"{self.session.players[seat]}: {label}"
        return label

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        """Which moves appear in the action bar (a board game may take cell moves from the board)."""
        return moves

    # -- the loop ---------------------------------------------------------------------------------

    @property
    def game(self):
        return self.session.game

    def input_open(self) -> bool:
        """Whether the screen takes a person's input now: a live table (not one only to look at, not a
        game that is over), no hand-off pending (the person who moved has yet to pass the keyboard), and
        behind the curtain, someone it was lifted for. Screens ask this, never the hand-off's own state."""
        if self.read_only or self._handoff is not None or self.session.over():
            return False
        return self._at_keyboard is not None or not self.private

    def may_act(self, seat: int | None) -> bool:
        """Whether a person's input may make `seat`'s move now: input is open, the seat is a person's,
        and behind the curtain it is the seat the curtain was last lifted for (on several screens,
        this screen's seat)."""
        if seat is None or not self.input_open() or self.session.is_computer(seat):
            return False
        if self.session.shared:
            return seat == self.session.seat
        return not self.private or seat == self._at_keyboard

    # -- the one gate of a person's input ---------------------------------------------------------

    def admits(self, message: Message) -> bool:
        """Whether a message reaches the screen: a person's choice (see INPUT_MESSAGES) only while
        `input_open()`; every other message always."""
        return type(message).__name__ not in INPUT_MESSAGES or self.input_open()

    def check_message_enabled(self, message: Message) -> bool:
        # a choice posted while the keyboard is being passed is dropped here, at the screen
        return self.admits(message) and super().check_message_enabled(message)

    async def _on_message(self, message: Message) -> None:
        # and one already queued when the hand-off began is dropped when its turn comes to be handled
        # (two clicks, or a typed square, faster than the screen: the second must not reach the next
        # person's turn)
        if not self.admits(message):
            message.stop()
            return
        await super()._on_message(message)

    def forget_input(self) -> None:
        """Widgets drop what a person began to enter (a typed square's letter, marked cards): at each
        hand-off nothing of it reaches the next person."""
        for widget in self.query("*"):
            forget = getattr(widget, "forget_input", None)
            if callable(forget):
                forget()

    def viewer(self) -> int | None:
        """Whose eyes the table is drawn for. With one person among computer seats, always that
        person's; behind the curtain, the person it was last lifted for (None, the table everyone may
        see, between two people); in a game with nothing hidden, the person who must decide."""
        people = self.session.people
        if len(people) == 1:
            return people[0]
        if self.private:
            return self._at_keyboard
        humans = self.session.human_to_act()
        return humans[0] if humans else None

    def shown_log(self, events) -> list:
        """The events as the viewer may read them."""
        return log_for(events, self.viewer())

    def show_log(self) -> None:
        """The move log drawn anew for the viewer (after the keyboard passed, or an undo)."""
        log = self.query_one("#log", MoveLog)
        log.clear()
        log.add(self.shown_log(self.game.log)[-200:])
        self._log_viewer = self.viewer()

    def on_mount(self) -> None:
        self.show_log()
        self.refresh_table()
        self.report_saving()
        self.call_after_refresh(self.advance)
        self.call_after_refresh(self._freeze)
        if self.session.shared and not self.read_only:
            self.set_interval(WATCH_SECONDS, self.watch_store)
            self.set_interval(SEATS_SECONDS, self.watch_seats)

    # -- several screens --------------------------------------------------------------------------

    def watch_store(self) -> None:
        """On several screens: what another screen wrote (a move, a seat taken or left) is drawn here
        at the next frame; the store is asked only whether it changed (`Session.poll`)."""
        if self.read_only or not self.is_attached:
            return
        if self.session.poll():
            self.show_news()

    def watch_seats(self) -> None:
        if self.read_only or not self.is_attached:
            return
        before = dict(self.session.seats)
        self.session.refresh_seats()
        if self.session.seats != before or self.session.save_lost:
            self.show_news()

    def show_news(self) -> None:
        """The other screens' moves into the log and onto the table, then what comes next."""
        session = self.session
        if session.shared and session.save_lost:
            self.app.to_launcher(session.save_lost)
            return
        news, reloaded = session.take_news()
        if reloaded:
            self.show_log()
        log = self.query_one("#log", MoveLog)
        for seat, events in news:
            self._last_moves[seat] = events
            if not reloaded:
                log.add(self.shown_log(events))
            self.on_events(events)
        self.advance()
        self.refresh_table()

    _frozen = False  # whether what lived at the first frame is out of the garbage collector's sight

    def _freeze(self) -> None:
        if not self._frozen and self.is_attached:
            from tabletop_tui.ui.app import freeze_for_screen

            self._frozen = True
            freeze_for_screen()

    def on_unmount(self) -> None:
        if self._frozen:
            from tabletop_tui.ui.app import thaw_for_screen

            self._frozen = False
            thaw_for_screen()
        if not self.read_only:
            self.session.release()

    def action_back_to_results(self) -> None:
        self.app.pop_screen()

    def report_saving(self) -> None:
        """Tell the players what became of the save: once for each new problem, never silently."""
        if self.read_only:
            return
        session = self.session
        if session.notice:
            self.notify(session.notice, title="Saving", severity="warning", timeout=12)
            session.notice = ""
        if session.save_problem and session.save_problem != self._told_problem:
            self.notify(session.save_problem, title="Saving", severity="error", timeout=10)
        self._told_problem = session.save_problem
        if session.shared and session.save_lost:  # a seat taken over, a game deleted: nothing to save anew
            self.call_later(self.app.to_launcher, session.save_lost)
            return
        if session.save_lost and not self._asked_lost:
            self._asked_lost = True
            self.app.push_screen(
                ConfirmScreen("This game is no longer saved here", session.save_lost + "\n\nSave the game (every move so "
                              "far) as a new saved game? With n it goes on without being saved."),
                self._lost_answered)

    def _lost_answered(self, yes: bool | None) -> None:
        self._asked_lost = False
        if yes:
            self.session.save_as_new()
            if self.session.kept:
                self.notify("The game is saved as a new game: resume it from the launcher.", title="Saving")
            else:
                self.report_saving()
        else:
            self.session.play_unsaved()
        self.refresh_table()
        self.advance()  # a computer player waits while the question is on screen

    def on_resize(self, event) -> None:
        # the table may lay itself out by the room it has (more dice on a wide terminal): draw it
        # again once the new sizes are known
        self.call_after_refresh(self.refresh_table)

    def refresh_table(self) -> None:
        game = self.game
        view = game.view(self.viewer())
        info = self.session.info
        title = Text()
        title.append(f" {info.title} ", style="bold reverse")
        status = self.status(view)
        if status:
            title.append("  " + status)
        if not self.session.kept:
            title.append("  not saved", style="bold red")
        if self.session.shared:
            title.append(f"  {self.game.players[self.session.seat]}'s screen", style="bold")
        bar = self.query_one("#title-bar", Static)
        last = self.last_move_line(max(0, (bar.size.width or 80) - title.cell_len - 3))
        if last:
            title.append("  ")
            title.append_text(last)
        bar.update(title)
        self.show_table(view)
        columns, rows = self.scoreboard(view)
        self.query_one("#scores", Scoreboard).show(columns, rows, set(game.to_act()), game.players)
        prompt = Text()
        if self.error:
            prompt.append("✗ " + self.error, style="bold red")
        elif self._handoff is not None and not self.read_only:
            prompt.append(self.handoff_prompt(), style="bold")
        else:
            prompt.append(self.prompt(view), style="bold")
        ok, why = self.session.undo_status()
        hint = (f"  Undo: {why[:1].lower()}{why[1:]}" if not ok and game.history and not self.error
                and not self.session.shared else "")
        room = (self.query_one("#prompt", Static).size.width or 80) - 2
        if hint and prompt.cell_len + len(hint) <= room:  # never a second line for the hint
            prompt.append(hint, style="dim")
        self.query_one("#prompt", Static).update(prompt)
        self._lent_view = (self.viewer(), view)  # the labels read the view the table was drawn from
        try:
            actions = self.current_actions()
        finally:
            self._lent_view = None
        self.query_one("#actions", ActionBar).set_actions(actions, self.waiting_note())

    def last_move_line(self, room: int) -> Text | None:
        """The result of the last move of the person at the keyboard (or the one person at the table),
        kept in the title bar until that person decides again: a computer's quick reply, or the next
        turn, no longer hides it."""
        seat = self.viewer()
        if seat is None:
            people = self.session.people
            seat = self._last_person if self._last_person in people else None
        events = self._last_moves.get(seat) if seat is not None else None
        if not events or room < 24:
            return None
        text = " ".join(e.text for e in log_for(events, self.viewer()))
        label = f"{self.game.players[seat]}'s last move: " if len(self.session.people) > 1 else "Your last move: "
        if len(label) + len(text) > room:
            label = "Last: "
        if len(label) + len(text) > room:
            text = text[: max(0, room - len(label) - 1)] + "…"
        return Text.assemble((label, "dim"), (text, "italic"))

    def handoff_prompt(self) -> str:
        """The prompt line while the person at the keyboard has yet to pass it (the game's own prompt
        would still ask for the choice just made)."""
        names = self.game.players
        done = f"{names[self._at_keyboard]} is done" if self._at_keyboard is not None else "Done"
        return f"{done}: {names[self._handoff]} is next."

    def waiting_note(self) -> str:
        if self.session.over():
            return "The game is over."
        if self.session.shared:
            return self.shared_note()
        if self._handoff is not None:
            return f"Done? Press Enter, then pass the keyboard to {self.game.players[self._handoff]}."
        comp = [self.session.players[s] for s in self.game.to_act() if self.session.is_computer(s)]
        if comp:
            return f"{', '.join(comp)} (computer) is thinking..."
        return ""

    def shared_note(self) -> str:
        """On several screens: whom the table waits for, and where they are."""
        session, names = self.session, self.game.players
        host = names[session.host_seat] if session.host_seat is not None else ""
        parts = []
        for seat in self.game.to_act():
            if seat == session.seat:
                continue
            if session.is_computer(seat):
                if session.hosting:
                    parts.append(f"{names[seat]} (computer) is thinking...")
                elif session.seat_state(session.host_seat) == "open":
                    parts.append(f"{names[seat]} (computer) is thinking on {host}'s screen...")
                else:
                    parts.append(f"{names[seat]} (computer) waits for {host}, who left and whose screen plays the "
                                 f"computer: {host} can rejoin with tabletop-tui join.")
                continue
            state = session.seat_state(seat)
            if state == "left":
                parts.append(f"Waiting for {names[seat]}, who left: {names[seat]} can rejoin with tabletop-tui join.")
            elif state == "empty":
                parts.append(f"Waiting for {names[seat]} to join: tabletop-tui join, on this computer.")
            else:
                parts.append(f"Waiting for {names[seat]}, on another screen.")
        return " ".join(parts)

    #: while the choices are made (`current_actions`): the seats' views their labels read, one a seat
    _label_views: dict[int | None, dict] | None = None
    #: (seat, view) while `refresh_table` makes the choices: the view it drew the table from, lent to
    #: the labels of that seat's choices (the game has not moved since; the screens only read a view)
    _lent_view: tuple[int | None, dict] | None = None

    def label_view(self, seat: int | None) -> dict:
        """The seat's view (None: the table's) for the labels of its choices: while they are made, one
        view for all of them, not one a label; otherwise the view as it is now."""
        views = self._label_views
        if views is None:
            return self.game.view(seat)
        view = views.get(seat)
        if view is None:
            view = views[seat] = self.game.view(seat)
        return view

    def current_actions(self) -> list[Action]:
        lent = self._lent_view
        self._label_views = {lent[0]: lent[1]} if lent is not None else {}
        try:
            return self._current_actions()
        finally:
            self._label_views = None

    def _current_actions(self) -> list[Action]:
        if not self.input_open():
            return []
        actions: list[Action] = []
        game = self.game
        waiting = game.to_act()
        seats = [s for s in waiting if not self.session.is_computer(s)]
        optional = [s for s in range(len(game.players)) if s not in waiting and not self.session.is_computer(s)]
        if game.hidden_information or self.session.shared:  # another person's choices would name their cards
            seats = [s for s in seats if s == self.viewer()]
            optional = [s for s in optional if s == self.viewer()]
        index = 0
        for seat in seats + optional:
            for move in self.listed_moves(seat, game.legal_moves(seat)):
                key = self.action_key(move, index)
                index += 1
                actions.append(Action(key, self.action_label(seat, move, seat in optional), seat, move))
        return actions

    def submit(self, seat: int, move: Move) -> bool:
        """Hand a move to the rules. A refusal shows its reason and changes nothing. A person's move
        is taken only for a seat that may act now (`may_act`); a computer's comes from its own step."""
        if self.read_only:
            return False
        if seat != self._moving_for and not (self.input_open() if self.session.is_computer(seat)
                                             else self.may_act(seat)):
            # said nowhere: the next person's turn is not shown before the curtain. (A computer's
            # move a person sets going, as Shipwreck!'s "next hand", waits for open input too.)
            return False
        try:
            events = self.session.play(seat, move)
        except IllegalMove as exc:
            self.error = exc.reason
            self.app.bell()
            if self.session.shared:  # another screen moved first: its moves are shown, and the person chooses again
                self.show_news()
            self.refresh_table()
            return False
        self.error = ""
        self.report_saving()
        self._last_moves[seat] = events
        if seat != self._moving_for:
            self._last_person = seat
        self.query_one("#log", MoveLog).add(self.shown_log(events))
        self.on_events(events)
        # what comes next first (the hand-off, a computer's step), then the table: never a frame that
        # draws the next person's turn in the eyes of the one who just moved
        self.advance()
        self.refresh_table()
        return True

    def on_events(self, events) -> None:
        """A hook for a screen that animates or highlights what just happened."""

    def advance(self) -> None:
        """After every change: results, a computer's move, or the curtain for the next human."""
        if not self.is_current or self.read_only:
            return
        if self.session.over():
            self.later(self.app.bot_delay * 2, self.show_results)
            return
        if self._pending_bot:
            return
        step = self.session.computer_move() or self.forced_step()
        if step is not None:
            self._pending_bot = True
            turn = self._bot_turn
            self.later(self.app.bot_delay, lambda: self.computer_step(step, turn))
            return
        self.maybe_curtain()

    def forced_step(self) -> tuple[int, Move] | None:
        """The next person's only move, where the game declares it tells nothing and the players chose
        (in the settings) to have such moves played without passing the keyboard round the curtain."""
        if not self.private or not self.app.setting(FORCED_SETTING, False):
            return None
        humans = self.session.human_to_act()
        if not humans or humans[0] == self._at_keyboard:
            return None
        move = open_forced_move(self.game, humans[0])
        return (humans[0], move) if move is not None else None

    def later(self, delay: float, callback) -> None:
        """Run a callback after a pause (for the eye), or at the next refresh when there is none."""
        if delay > 0:
            self.set_timer(delay, callback)
        else:
            self.call_after_refresh(callback)

    def step_is_current(self, turn: int | None) -> bool:
        """Whether a computer's step scheduled as `turn` is still for this table: no undo came first, the
        screen is shown and the game goes on (for a screen that shows the step before making it)."""
        return (turn is None or turn == self._bot_turn) and self.is_attached and not self.session.over()

    @_gathering
    def computer_step(self, step, turn: int | None = None) -> None:
        if turn is not None and turn != self._bot_turn:
            return  # an undo came first: the step was for a table that is no more
        self._pending_bot = False
        if not self.is_attached or self.session.over():
            return
        seat, move = step
        self._moving_for = seat
        try:
            self.submit(seat, move)
        finally:
            self._moving_for = None

    @property
    def private(self) -> bool:
        """The curtain falls between the people at this table (the game's setting, or the app's)."""
        forced = self.app.force_curtain
        return self.session.private if forced is None else forced and len(self.session.people) >= 2

    def maybe_curtain(self) -> None:
        """Before a person decides: if another person had the keyboard, that one first presses Enter
        ("Done: pass to Bo", having seen the result of their move), then the curtain falls until the
        next person lifts it. Nothing private is on screen in between."""
        humans = self.session.human_to_act()
        if not humans or not self.private:
            return
        seat = humans[0]
        if seat == self._at_keyboard:
            return
        if self._at_keyboard is not None:
            self._handoff = seat
            self.forget_input()
            self.refresh_table()
            return
        self._handoff = None
        self.app.push_screen(CurtainScreen(self.game.players[seat], "Resuming the game." if self.resumed else "",
                                           game_screen=self, key=self.lift_key(seat)), lambda _: self.lift(seat))
        self.resumed = False

    def lift_key(self, seat: int) -> str:
        """The key the next curtain asks for: a digit (never Enter, which a held or doubled press
        brings) that changes from one curtain to the next, and none of the keys of the moves the table
        will offer `seat` where a digit is left (so that pressed twice, it makes no move; the app drops
        it anyway for a moment after the lift: `TabletopApp.LIFT_ECHO`)."""
        taken = self.move_keys(seat)
        keys = [k for k in LIFT_KEYS if k not in taken] or list(LIFT_KEYS)
        n = len(keys)
        index = (len(self.game.history) * 5 + seat * 3) % n
        if keys[index] == self._lift_key and n > 1:
            index = (index + 1) % n
        self._lift_key = keys[index]
        return self._lift_key

    def move_keys(self, seat: int) -> set[str]:
        """The keys of the moves the action bar lists for `seat` now."""
        moves = self.listed_moves(seat, self.game.legal_moves(seat))
        return {self.action_key(move, i) for i, move in enumerate(moves)}

    def clear_transients(self) -> None:
        """Nothing of one person's screen survives the curtain: the last error, notifications, a
        square half typed."""
        self.error = ""
        self.app.clear_notifications()
        self.forget_input()

    def pass_on(self) -> None:
        """The person at the keyboard is done: the table shows only what everyone may see, and the
        curtain falls for the next person."""
        self._handoff = None
        self._at_keyboard = None
        self.clear_transients()
        self.show_log()
        self.refresh_table()
        self.maybe_curtain()

    def lift(self, seat: int) -> None:
        """The curtain is lifted for `seat`: the table and the log are drawn for that person."""
        if not self.is_attached:
            return
        self._at_keyboard = seat
        self.session.looked(seat)
        self.clear_transients()
        self.show_log()
        self.refresh_table()

    def show_results(self) -> None:
        if not self.is_current or not self.session.over():
            return
        from tabletop_tui.ui.screens.results import ResultsScreen

        self.app.switch_screen(ResultsScreen(self.session))

    # -- keys -------------------------------------------------------------------------------------

    @_gathering
    def on_key(self, event) -> None:
        # The one key handler of every game screen: Textual calls a subclass's on_key and then this
        # one for the same key, so a screen that wants keys of its own overrides `unlisted_key`.
        if self.read_only:
            return
        if event.key == "enter" and self._handoff is not None:
            event.stop()
            event.prevent_default()
            self.pass_on()
            return
        if not self.input_open():
            return  # the keyboard is being passed: no key makes a move or reaches the screen's own
        key = event.character
        if key == "u" and self.session.shared:  # its key is not shown (see check_action): say why
            event.stop()
            event.prevent_default()
            self.action_undo()
            return
        if not key or key in self.RESERVED_KEYS:
            return
        action = self.query_one("#actions", ActionBar).action_for_key(key)
        if action is not None:
            self.submit(action.seat, action.move)
        elif not self.unlisted_key(key):
            return
        event.stop()
        event.prevent_default()

    def unlisted_key(self, key: str) -> bool:
        """A key the action bar does not show (a board square, a move the rules will refuse with a
        reason). True if the screen handled it."""
        return False

    @_gathering
    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        self.submit(message.action.seat, message.action.move)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "undo" and self.session.shared:
            return False  # never on several screens: the key bar does not offer it
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        ok, why = self.session.undo_status()
        if not ok:
            self.error = f"Cannot undo: {why}"
            self.refresh_table()
            return
        taken = self.session.undo()
        # a move played for a person because it was forced would be played again at once: take back
        # the move before it too, where undo may
        while self.forced_step() is not None and self.session.undo_status()[0]:
            taken += self.session.undo()
        self._handoff = None  # the move is taken back before anyone else looked: the same person decides again
        self._bot_turn += 1  # a computer's step that was waiting is for a table that is no more
        self._pending_bot = False
        self.report_saving()
        self.error = ""
        self.show_log()
        self.query_one("#log", MoveLog).note(Text(f"• Undone: {taken} move{'s' if taken != 1 else ''} taken back.", style="italic"))
        self.refresh_table()
        self.advance()  # where the undo ends on a computer's turn, the computer moves again

    def action_rules(self) -> None:
        info = self.session.info
        self.app.push_screen(RulesScreen(info.title, info.help_text() + self.keys_help()))

    def keys_help(self) -> str:
        if self.session.shared:
            from tabletop_tui.ui.screens.join import SEVERAL_SCREENS_HELP

            return (
                "\n\n## Keys\n\n"
                "- The keys shown beside each choice at the bottom make that choice (or click it).\n"
                "- `?` these rules, `l` the whole log, `s` leave (your seat waits for you), `q` quit.\n"
                "\n" + SEVERAL_SCREENS_HELP
            )
        return (
            "\n\n## Keys\n\n"
            "- The keys shown beside each choice at the bottom make that choice (or click it).\n"
            "- `?` these rules, `u` undo (back to the last roll of a die or turn of a card), `l` the whole log,\n"
            "  `s` save and go back to the games, `q` quit (the game is saved after every move).\n"
        )

    def action_log(self) -> None:
        self.app.push_screen(LogScreen(f"{self.session.info.title}: the log",
                                       [e.text for e in self.shown_log(self.game.log)]))

    def action_save(self) -> None:
        session = self.session
        session.retry_save()
        if session.kept and session.shared:
            name = self.game.players[session.seat]
            self.app.to_launcher(f"{name}'s seat waits for {name}: rejoin with tabletop-tui join (or j here).")
            return
        if session.kept:
            self.app.to_launcher(f"{session.info.title} is saved: resume it from the list of unfinished games.")
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.app.to_launcher()

        why = session.save_problem or "It is played without being saved."
        self.app.push_screen(ConfirmScreen("Leave a game that is not saved?", why + "\n\nLeaving loses the moves "
                                           "that are not saved."), done)

    def action_quit_game(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        session = self.session
        session.retry_save()
        if session.kept:
            detail = "The game is saved after every move: resume it from the launcher."
        else:
            detail = (session.save_problem or "This game is played without being saved.") + " Quitting loses it."
        self.app.push_screen(ConfirmScreen("Quit tabletop-tui?", detail), done)


class HeldParts:
    """Mixed into a game screen (ahead of GameScreen) whose table has PartLines: `show_parts` shows each
    part's lines, held at their most while a person's key (or click) is handled and the parts so held
    fit the table."""

    _keyed = 0  # while a person's key (or click) is handled: the parts keep their most lines

    async def _on_message(self, message: Message) -> None:
        keyed = isinstance(message, Key) or type(message).__name__ in INPUT_MESSAGES
        self._keyed += keyed
        try:
            await super()._on_message(message)  # type: ignore[misc]
        finally:
            self._keyed -= keyed

    def show_parts(self, parts: list[tuple[str, list[Text]]]) -> None:
        """Show each part's lines: from one person's key to the next, each part keeps its most lines
        (PartLines) while the table's parts so held fit the table; where they would not (a scroll bar,
        the last part out of sight below blank lines), and outside a key, each part is laid out at the
        lines it needs."""
        shown = [(self.query_one(part, PartLines), lines) for part, lines in parts]  # type: ignore[attr-defined]
        held = self._keyed > 0
        if held:
            table = self.query_one("#table")  # type: ignore[attr-defined]
            high = sum(widget.region.height for widget in table.children
                       if widget.display and not isinstance(widget, PartLines))
            high += sum(max(widget.counted(lines), widget.room()) for widget, lines in shown)
            held = high <= table.scrollable_content_region.height
        for widget, lines in shown:
            widget.show_lines(lines, held=held)
