"""Dice helpers shared by the games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


def d10_value(face: int) -> int:
    """A ten-sided die shows 0-9; the 0 face counts as 10."""
    return 10 if face in (0, 10) else face


def counts(dice: Iterable[int]) -> Counter[int]:
    return Counter(dice)
