"""`MostLines`: a part of the table as high as the most lines it has had at this size of the screen."""

from __future__ import annotations

from textual.content import Content


class MostLines:
    """Mixed into a steady part drawn by lines (`Drawn`, `TextLines`, `RowsDrawn`, ahead of it): as high as
    the most lines it has had at this size of the screen, a steady part that a layout does not shrink.
    A part whose lines wrap to one more or fewer from one key to the next (a hand as cards are played
    or as the viewer changes, a fight's result, the last round's line) leaves the rest blank and moves
    nothing, where each such change laid the whole screen out, and the action bar, given its room back
    by that layout, laid it out again at the next key. A new size of the screen counts anew.

    `most_share`, where set, bounds the lines kept to that share of the screen's height (at least one):
    a part that once needed more is laid out at what it needs while it does, and gives back the rest
    down to that share at the next layout."""

    steady = True  # fewer lines ask for no layout
    most_share: float | None = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: (the screen's size, the most lines): kept by the screen's size alone, not the part's width as
        #: well, which the table's scroll bar changes by a column: kept by both, the most was counted
        #: anew at each, and a hand that had needed the bar at the one width fitted without it at the
        #: other, so that the bar was shown at one layout and hidden at the next, a layout every frame
        self._most: tuple[object, int] = (None, 0)

    def get_content_height(self, container, viewport, width: int) -> int:
        self._measure_lines(width)
        height = super().get_content_height(container, viewport, width)  # type: ignore[misc]
        at, most = self._most
        most = max(height, most) if at == viewport else height
        self._most = (viewport, most)
        if self.most_share is not None:
            most = min(most, max(1, int(viewport.height * self.most_share)))
        return self._held.laid(width, max(height, most))  # type: ignore[attr-defined]

    def _measure_lines(self, width: int) -> None:
        """Textual measures a part (a Static: the action bar, a status line) the first time a layout asks
        its height at a width after its content changed, by wrapping the content at the width
        (Visual.get_height, 3-8k Python opcodes for the action bar at each layout). A text whose every
        line fits the width, a character to a cell, is as many lines high as it has lines: told so
        (`_height`, as Drawn tells whether a change needs a layout), that height is put where Textual
        keeps the height it measured for the width (its content height cache), where it is found. Any
        other content is measured by Textual as before."""
        if self._content_height_cache[0] == width or not _is_static(self):  # type: ignore[attr-defined]
            return
        visual = self._render()  # type: ignore[attr-defined]
        if isinstance(visual, Content):
            height = _lines_high(visual, self.styles, width)  # type: ignore[attr-defined]
            if height is not None:
                self._content_height_cache = (width, height)


_STATIC: dict[type, bool] = {}


def _is_static(widget) -> bool:
    """Whether Textual measures `widget` by its content: a Drawn (a Static) whose height below MostLines
    is Drawn's, Textual's measure of its content (not a part drawn by lines of its own)."""
    cls = type(widget)
    found = _STATIC.get(cls)
    if found is None:
        found = _STATIC[cls] = _textual_height(cls)
    return found


def _textual_height(cls) -> bool:
    """Whether the class's height below MostLines is Textual's own measure of its content."""
    from tabletop_tui.ui.widgets.common import Drawn
    return issubclass(cls, Drawn) and not any(
        "get_content_height" in vars(base) for base in cls.__mro__[cls.__mro__.index(MostLines) + 1:cls.__mro__.index(Drawn)])


def _lines_high(visual: Content, styles, width: int) -> int | None:
    """The lines `visual` takes at `width` where each of its lines fits the width, a character to a cell
    (no tab); None otherwise."""
    from tabletop_tui.ui.widgets.common import _one_cell
    plain = visual.plain
    room = width - styles.get("line_pad", 0) * 2
    if room <= 0 or "\t" in plain:
        return None
    lines = plain.split("\n")
    if max(map(len, lines)) <= room and all(map(_one_cell, lines)):
        return len(lines)
    return None

