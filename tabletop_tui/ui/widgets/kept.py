"""`Kept`: pieces of a table (lines, a block of lines, a row's cells) kept by what they are drawn from."""

from __future__ import annotations

from typing import Callable, Generic, Hashable, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    """Pieces of a table by what they are drawn from (the key: what the piece shows, never whose it is),
    each built only when its key is new: a key changes a player's line or two, and the rest are as they
    were. Past `most` pieces all are forgotten at once, and built again as they are asked for. A piece
    is never changed once built."""

    __slots__ = ("most", "_pieces")

    def __init__(self, most: int = 64) -> None:
        self.most = most
        self._pieces: dict[Hashable, T] = {}

    def built(self, key: Hashable, build: Callable[[], T]) -> T:
        """The piece drawn from `key`: kept, or built by `build()` and kept."""
        pieces = self._pieces
        piece = pieces.get(key)
        if piece is None:
            if len(pieces) >= self.most:
                pieces.clear()
            piece = pieces[key] = build()
        return piece

    def clear(self) -> None:
        self._pieces.clear()

    def __len__(self) -> int:
        return len(self._pieces)
