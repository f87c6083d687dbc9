"""`MostLines`: a part of the table as high as the most lines it has had at this size of the screen."""

from __future__ import annotations


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
        self._most: tuple[object, int] = (None, 0)  # (the screen's size and the width, the most lines)

    def get_content_height(self, container, viewport, width: int) -> int:
        height = super().get_content_height(container, viewport, width)  # type: ignore[misc]
        at, most = self._most
        most = max(height, most) if at == (viewport, width) else height
        self._most = ((viewport, width), most)
        if self.most_share is not None:
            most = min(most, max(1, int(viewport.height * self.most_share)))
        return self._held.laid(width, max(height, most))  # type: ignore[attr-defined]
