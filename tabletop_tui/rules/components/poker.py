"""Poker hands of five values: which category a hand is, a key to compare hands, and its name.

Values are plain numbers, bigger is better: dice 1-6, cards 2-14 with the Ace as 14. `rank_hand`
returns `(key, name)`: `key` is a tuple that compares the way the hands do (the category first, then
the values that decide within it: the largest group first, then the kickers), and `name` is the
category's name ("Full House").

Straights are five values in a row. `ace_low`, when given, is a value that may also play below the
lowest (14 for the Ace of a deck: A-2-3-4-5 is then the lowest straight, worth 5). Dice have no
such value: a die's straights are 1-2-3-4-5 and 2-3-4-5-6, the second the higher. Flushes exist
only where the caller says the five share a suit (`flush=True`); dice never do.
"""

from __future__ import annotations

from collections import Counter

HIGH, PAIR, TWO_PAIR, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH, FIVE = range(10)
CATEGORY_NAMES = ("High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
                  "Four of a Kind", "Straight Flush", "Five of a Kind")
#: The categories a hand of dice can be, lowest first (no flushes).
DICE_CATEGORIES = (HIGH, PAIR, TWO_PAIR, THREE, STRAIGHT, FULL_HOUSE, FOUR, FIVE)


def category_name(category: int, high: str = "High Card") -> str:
    """The name of a category; `high` names the lowest ("High Die" for dice)."""
    return high if category == HIGH else CATEGORY_NAMES[category]


def _straight_top(values: list[int], ace_low: int | None) -> int | None:
    """The top value of a straight, or None. `values` are five distinct values, highest first."""
    if values[0] - values[4] == 4:
        return values[0]
    if ace_low is not None and values[0] == ace_low and values[1:] == [5, 4, 3, 2]:
        return 5
    return None


def rank_hand(values, flush: bool = False, ace_low: int | None = None, high: str = "High Card") -> tuple[tuple, str]:
    """The key and the category name of five values (see the module's docstring)."""
    values = list(values)
    if len(values) != 5:
        raise ValueError(f"a poker hand has five values, not {len(values)}")
    counts = Counter(values)
    # the values in the order that decides: the largest group first, higher values first among equals
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    top = _straight_top(sorted(values, reverse=True), ace_low) if len(counts) == 5 else None
    if shape[0] == 5:
        category = FIVE
    elif top is not None:
        category = STRAIGHT_FLUSH if flush else STRAIGHT
    elif shape[0] == 4:
        category = FOUR
    elif shape[:2] == [3, 2]:
        category = FULL_HOUSE
    elif flush:
        category = FLUSH
    elif shape[0] == 3:
        category = THREE
    elif shape[:2] == [2, 2]:
        category = TWO_PAIR
    elif shape[0] == 2:
        category = PAIR
    else:
        category = HIGH
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        key = (category, top)
    else:
        key = (category, *order)
    return key, category_name(category, high)


def describe(key, high: str = "High Card", label=str) -> str:
    """A hand's name with the values that matter: "Two Pair 5s and 2s", "Three 6s", "Straight 2-6",
    "Full House 6s over 2s", "High Die 6". `label` names a value (a card game passes "Ace", "King"...;
    the lowest straight with `ace_low` runs from the value 1)."""
    category, *values = key
    first = label(values[0])
    many = f"{first}s"
    if category == HIGH:
        return f"{category_name(HIGH, high)} {first}"
    if category == PAIR:
        return f"Pair of {many}"
    if category == TWO_PAIR:
        return f"Two Pair {many} and {label(values[1])}s"
    if category == THREE:
        return f"Three {many}"
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        return f"{category_name(category)} {label(values[0] - 4)}-{first}"
    if category == FULL_HOUSE:
        return f"Full House {many} over {label(values[1])}s"
    if category == FLUSH:
        return f"Flush, {first} high"
    if category == FOUR:
        return f"Four {many}"
    return f"Five {many}"
