"""Chips: a bank of counted chips by kind (a suit, a colour) and piles that hold them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


class Pile(Counter[str]):
    """Chips by kind. A bank, a bag and a lair are all piles; moving chips keeps the total."""

    def total(self) -> int:  # Counter.total exists from 3.10; kept explicit for clarity
        return sum(self.values())

    def move_to(self, other: "Pile", kind: str, n: int = 1) -> int:
        """Move up to n chips of a kind; returns how many moved."""
        moved = min(n, self[kind])
        if moved:
            self[kind] -= moved
            other[kind] += moved
        return moved

    def empty_into(self, other: "Pile") -> int:
        moved = 0
        for kind, n in list(self.items()):
            if n:
                other[kind] += n
                moved += n
            self[kind] = 0
        return moved

    def as_dict(self, kinds: Iterable[str]) -> dict[str, int]:
        return {k: self[k] for k in kinds}
