"""LeanStrip: a Textual Strip made of a list of segments kept as it is (the lines the shared parts, the
boards drawn by lines and the scoreboard's rows make). Its caches, as every Strip's here, are made when
first used (tabletop_tui/ui/textual_patches.py)."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip

from tabletop_tui.ui import textual_patches  # noqa: F401  (Strip's caches made when first used)


class LeanStrip(Strip):
    """A Strip of `segments`, a list kept as it is (Textual's copies it)."""

    __slots__ = ()

    def __init__(self, segments: list[Segment], cell_length: int | None = None) -> None:
        self._segments = segments
        self._cell_length = cell_length
        self._render_cache = None
        self._link_ids = None
        self._cell_count = None
