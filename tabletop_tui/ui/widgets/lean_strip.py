"""LeanStrip: a Textual Strip that makes its caches only when first used (the lines the shared parts,
the boards drawn by lines and the scoreboard's rows make)."""

from __future__ import annotations

from rich.segment import Segment
from textual.cache import FIFOCache
from textual.strip import Strip

#: Strip's caches (each made as Textual makes it, when first used) and their sizes
_STRIP_CACHES = {"_divide_cache": 4, "_crop_cache": 16, "_style_cache": 16, "_filter_cache": 4,
                 "_line_length_cache": 4, "_crop_extend_cache": 4, "_offsets_cache": 4}


class LeanStrip(Strip):
    """A Strip that makes each of its caches (of its crops, its filtered copies...) when it is first
    used, where Textual makes all seven with every strip: a styled line is mostly filtered once and
    then only kept. `segments` is a list, kept as it is."""

    __slots__ = ()

    def __init__(self, segments: list[Segment], cell_length: int | None = None) -> None:
        self._segments = segments
        self._cell_length = cell_length
        self._render_cache = None
        self._link_ids = None
        self._cell_count = None

    def __getattr__(self, name: str):
        size = _STRIP_CACHES.get(name)
        if size is None:
            raise AttributeError(name)
        cache: FIFOCache = FIFOCache(size)
        setattr(self, name, cache)
        return cache
