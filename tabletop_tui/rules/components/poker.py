"""Poker hands: of five values (dice), and of any number of playing cards.

Five values (`rank_hand`, `describe`): which category a hand is, a key to compare hands, and its
name. Values are plain numbers, bigger is better: dice 1-6, cards 2-14 with the Ace as 14. `rank_hand`
returns `(key, name)`: `key` is a tuple that compares the way the hands do (the category first, then
the values that decide within it: the largest group first, then the kickers), and `name` is the
category's name ("Full House").

Straights are five values in a row. `ace_low`, when given, is a value that may also play below the
lowest (14 for the Ace of a deck: A-2-3-4-5 is then the lowest straight, worth 5). Dice have no
such value: a die's straights are 1-2-3-4-5 and 2-3-4-5-6, the second the higher. Flushes exist
only where the caller says the five share a suit (`flush=True`); dice never do.

Playing cards (`components.cards`):
`hand_value(cards)` is the best poker hand that can be made from any number of cards (one card, five,
seven, twenty), as a whole number: the bigger number is the better hand, equal numbers are equal
hands, whatever the numbers of cards. `best_hand(cards)` says which cards make it and names it.

The value packs the category and five ranks, four bits each: `category << 20 | r1 << 16 | r2 << 12 |
r3 << 8 | r4 << 4 | r5`, the ranks in the order that decides (the largest group first, then the
kickers, highest first; a straight by its top card). Aces are high (14) and play low only in the
lowest straight, A-2-3-4-5, worth a straight to the 5.

Fewer than five cards: a hand is made of what there is. Straights and flushes (and a full house) need
five cards; four cards can be Four of a Kind, Two Pair, Three of a Kind with one kicker, and so on. A
missing kicker counts below any card ("a kicker is better than nothing", as Seven-Handed Poker says):
a pair of kings with a 2 beats a pair of kings alone, and two hands of a lone pair of kings tie.

Jokers are wild. A joker stands for any card at all, even one already in the hand, and makes the best
hand it can: four aces and a joker are Five of a Kind, the best hand there is; in a flush a joker plays
as that suit's ace. A game that plays without wild cards deals no jokers. The same reading covers two
decks (Five of a Kind without jokers; a flush may hold a card twice, compared card by card).

The counts of ranks and suits decide, never a trial of every five: a hand of twenty cards costs little
more than one of seven, and the answers for a count of ranks are kept once worked out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from tabletop_tui.rules.components.cards import Card, rank_plural as _plural, rank_word as _word

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


def rank_hand(values: Iterable[int], flush: bool = False, ace_low: int | None = None,
              high: str = "High Card") -> tuple[tuple[int, ...], str]:
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
    key: tuple[int, ...]
    if top is not None:  # five different values in a row: a straight or a straight flush
        key = (category, top)
    else:
        key = (category, *order)
    return key, category_name(category, high)


def describe(key: Sequence[int], high: str = "High Card", label: Callable[[int], str] = str) -> str:
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


# ------------------------------------------------------------------------------------------------
# Playing cards: the best hand of any number of cards, as one whole number


_CARD_FLUSH_CATEGORIES = (FLUSH, STRAIGHT_FLUSH)
_DESC = range(14, 1, -1)
#: the windows of a straight by their top card, highest first; the lowest is A-2-3-4-5
_WINDOWS = tuple((top, (14, 2, 3, 4, 5) if top == 5 else tuple(range(top - 4, top + 1))) for top in _DESC if top >= 5)
_MEMO_LIMIT = 400_000
_JOKER = 1 << 52  # a joker in a count of ranks
_NONFLUSH: dict[int, int] = {}  # ranks counted (4 bits a rank, jokers above) -> the best hand but flushes
_SUITED: dict[int, int] = {}  # the same for the cards of one suit -> the best flush (0: none)


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category << 20
    shift = 16
    for r in ranks[:5]:
        value |= r << shift
        shift -= 4
    return value


def _counts(counted: int) -> tuple[list[int], int]:
    """Cards per rank (indexed 2-14) and the number of jokers, from a count of ranks."""
    return [0, 0] + [(counted >> (4 * i)) & 15 for i in range(13)], counted >> 52


def _kickers(counts: list[int], jokers: int, n: int) -> list[int]:
    """The n highest of the cards left; a joker left over plays as an ace."""
    out = [14] * min(jokers, n)
    for r in _DESC:
        if len(out) >= n:
            break
        out += [r] * min(counts[r], n - len(out))
    return out


def _card_straight_top(counts: list[int], jokers: int) -> int:
    for top, window in _WINDOWS:
        if sum(1 for r in window if not counts[r]) <= jokers:
            return top
    return 0


def _without(counts: list[int], rank: int, n: int) -> list[int]:
    rest = counts.copy()
    rest[rank] = max(0, rest[rank] - n)
    return rest


def _natural_value(c: list[int]) -> int:
    """`_nonflush_value` without jokers: the groups and the straights straight from the counts."""
    present = [r for r in _DESC if c[r]]
    if not present:
        return 0
    size = min(5, sum(c))
    pairs = [r for r in present if c[r] >= 2]
    if pairs:
        top = pairs[0]
        most = max(c[r] for r in pairs)
        if most >= 4:
            group = [r for r in pairs if c[r] >= 4]
            if size == 5 and c[group[0]] >= 5:
                return _pack(FIVE, [group[0]])
            return _pack(FOUR, [group[0]] + [r for r in present if r != group[0]][: size - 4])
        if most == 3:
            top = [r for r in pairs if c[r] >= 3][0]
            if size == 5:
                for r in pairs:
                    if r != top:
                        return _pack(FULL_HOUSE, [top, r])
    if size == 5 and len(present) >= 5:
        mask = 0
        for r in present:
            mask |= 1 << r
        for high in present:
            if high < 6:
                break
            if (mask >> (high - 4)) & 31 == 31:
                return _pack(STRAIGHT, [high])
        if mask & 0b100000000111100 == 0b100000000111100:  # A-2-3-4-5
            return _pack(STRAIGHT, [5])
    if not pairs:
        return _pack(HIGH, present[:size])
    if c[top] == 3:
        return _pack(THREE, [top] + [r for r in present if r != top][: size - 3])
    if len(pairs) >= 2 and size >= 4:
        high, low = pairs[0], pairs[1]
        return _pack(TWO_PAIR, [high, low] + [r for r in present if r != high and r != low][: size - 4])
    return _pack(PAIR, [top] + [r for r in present if r != top][: size - 2])


def _nonflush_value(counted: int) -> int:
    """The best hand but flushes and straight flushes, from a count of ranks."""
    c, jokers = _counts(counted)
    return _wild_value(c, jokers) if jokers else _natural_value(c)


def _wild_value(c: list[int], jokers: int) -> int:
    """`_nonflush_value` with jokers: each category, best first, tried with the jokers where they help."""
    size = min(5, sum(c) + jokers)
    if size == 5:
        for r in _DESC:
            if c[r] + jokers >= 5:
                return _pack(FIVE, [r])
    if size >= 4:
        for r in _DESC:
            if c[r] + jokers >= 4:
                used = max(0, 4 - c[r])
                return _pack(FOUR, [r] + _kickers(_without(c, r, 4), jokers - used, size - 4))
    if size == 5:
        for t in _DESC:
            need = max(0, 3 - c[t])
            if need > jokers:
                continue
            for p in _DESC:
                if p != t and need + max(0, 2 - c[p]) <= jokers:
                    return _pack(FULL_HOUSE, [t, p])
        top = _card_straight_top(c, jokers)
        if top:
            return _pack(STRAIGHT, [top])
    if size >= 3:
        for r in _DESC:
            if c[r] + jokers >= 3:
                used = max(0, 3 - c[r])
                return _pack(THREE, [r] + _kickers(_without(c, r, 3), jokers - used, size - 3))
    if size >= 4:
        for high in _DESC:
            need = max(0, 2 - c[high])
            if need > jokers:
                continue
            for low in range(high - 1, 1, -1):
                more = max(0, 2 - c[low])
                if need + more <= jokers:
                    rest = _without(_without(c, high, 2), low, 2)
                    return _pack(TWO_PAIR, [high, low] + _kickers(rest, jokers - need - more, size - 4))
    if size >= 2:
        for r in _DESC:
            if c[r] + jokers >= 2:
                used = max(0, 2 - c[r])
                return _pack(PAIR, [r] + _kickers(_without(c, r, 2), jokers - used, size - 2))
    return _pack(HIGH, _kickers(c, jokers, size))


def _suited_value(counted: int) -> int:
    """The best flush or straight flush from the cards of one suit and the jokers (0: none)."""
    c, jokers = _counts(counted)
    if sum(c) + jokers < 5:
        return 0
    top = _card_straight_top(c, jokers)
    if top:
        return _pack(STRAIGHT_FLUSH, [top])
    return _pack(FLUSH, _kickers(c, jokers, 5))


def _remember(memo: dict[int, int], counted: int, work: Callable[[int], int]) -> int:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    value = memo[counted] = work(counted)
    return value


def hand_value(cards: Sequence[Card]) -> int:
    """The best poker hand in these cards (any number of them; jokers wild) as a whole number: bigger
    is better, equal is a tie (see above). Cards are `components.cards.Card`s."""
    if len(cards) == 5:
        a, b, c, d, e = cards
        counted = a._rc + b._rc + c._rc + d._rc + e._rc
        if a._si == b._si == c._si == d._si == e._si:
            try:
                return _SUITED[counted]
            except KeyError:
                return _remember(_SUITED, counted, _suited_value)
        if counted < _JOKER:  # (with a joker, any four of a suit may make a flush: see below)
            try:
                return _NONFLUSH[counted]
            except KeyError:
                return _remember(_NONFLUSH, counted, _nonflush_value)
    counted = 0
    suits = [0, 0, 0, 0, 0]
    for card in cards:
        counted += card._rc
        suits[card._si] += 1
    try:
        value = _NONFLUSH[counted]
    except KeyError:
        value = _remember(_NONFLUSH, counted, _nonflush_value)
    need = 5 - suits[4]  # the jokers help every suit
    if suits[0] >= need or suits[1] >= need or suits[2] >= need or suits[3] >= need:
        for si in range(4):
            if suits[si] >= need:
                counted_suit = sum(card._rc for card in cards if card._si == si) + (suits[4] << 52)
                flush = _SUITED.get(counted_suit)
                if flush is None:
                    flush = _remember(_SUITED, counted_suit, _suited_value)
                if flush > value:
                    value = flush
    return value


def value_category(value: int) -> int:
    """The category of a hand's value (HIGH ... FIVE)."""
    return value >> 20


def value_ranks(value: int) -> list[int]:
    """The ranks that decide within the category, in order (no zeros: a short hand gives fewer)."""
    ranks = [(value >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    while ranks and not ranks[-1]:
        ranks.pop()
    return ranks




def hand_name(value: int) -> str:
    """A hand in words for the log: "Full House, kings over fours", "Pair of aces", "Straight, five
    high" (A-2-3-4-5), "Royal Flush", "High Card, queen"; "No Cards" for an empty hand."""
    category, ranks = value_category(value), value_ranks(value)
    if not ranks:
        return "No Cards"
    first = ranks[0]
    if category == HIGH:
        return f"High Card, {_word(first)}"
    if category == PAIR:
        return f"Pair of {_plural(first)}"
    if category == TWO_PAIR:
        return f"Two Pair, {_plural(first)} and {_plural(ranks[1])}"
    if category == THREE:
        return f"Three of a Kind, {_plural(first)}"
    if category == STRAIGHT:
        return f"Straight, {_word(first)} high"
    if category == FLUSH:
        return f"Flush, {_word(first)} high"
    if category == FULL_HOUSE:
        return f"Full House, {_plural(first)} over {_plural(ranks[1])}"
    if category == FOUR:
        return f"Four of a Kind, {_plural(first)}"
    if category == STRAIGHT_FLUSH:
        return "Royal Flush" if first == 14 else f"Straight Flush, {_word(first)} high"
    return f"Five of a Kind, {_plural(first)}"


class PokerHand(NamedTuple):
    """`best_hand`'s answer: `value` (as `hand_value`), `category`, `name` (as `hand_name`),
    `cards` (the cards that make the hand, the deciding ones first: at most five) and `plays_as`
    (the rank each of those cards counts as: a joker's rank is the one it stands for; the ace of
    A-2-3-4-5 counts as 1)."""

    value: int
    cards: tuple[Card, ...]
    plays_as: tuple[int, ...]

    @property
    def category(self) -> int:
        return self.value >> 20

    @property
    def name(self) -> str:
        return hand_name(self.value)

    def __repr__(self) -> str:
        return f"PokerHand({self.name!r}, {[c.code for c in self.cards]})"


def best_hand(hand: Iterable[Card]) -> PokerHand:
    """The best poker hand in these cards (see `hand_value`), with the cards that make it."""
    cards = list(hand)
    value = hand_value(cards)
    category, ranks = value_category(value), value_ranks(value)
    suit = None
    if category in _CARD_FLUSH_CATEGORIES:
        wild = sum(1 for c in cards if c.joker) << 52
        for si in range(4):
            if _suited_value(sum(c._rc for c in cards if c._si == si) + wild) == value:
                suit = si
                break
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = ranks[0]
        wanted = [5, 4, 3, 2, 14] if top == 5 else list(range(top, top - 5, -1))
    elif category == FULL_HOUSE:
        wanted = [ranks[0]] * 3 + [ranks[1]] * 2
    else:
        group = {FIVE: 5, FOUR: 4, THREE: 3, PAIR: 2, TWO_PAIR: 2}.get(category, 1)
        wanted = [ranks[0]] * group + ranks[1:]
        if category == TWO_PAIR:
            wanted = [ranks[0]] * 2 + [ranks[1]] * 2 + ranks[2:]
    # natural cards first, rank by rank; the jokers fill what is missing
    pool = sorted((c for c in cards if not c.joker and (suit is None or c._si == suit)), reverse=True)
    jokers = [c for c in cards if c.joker]
    chosen: list[Card | None] = [None] * len(wanted)
    for i, rank in enumerate(wanted):
        for j, c in enumerate(pool):
            if c.rank == rank:
                chosen[i] = pool.pop(j)
                break
    made = tuple(c if c is not None else jokers.pop() for c in chosen)
    plays = tuple(1 if (r == 14 and category in (STRAIGHT, STRAIGHT_FLUSH) and ranks[0] == 5) else r for r in wanted)
    return PokerHand(value, made, plays)


def compare_hands(a: Sequence[Card], b: Sequence[Card]) -> int:
    """1 if the cards `a` make the better hand, -1 if `b` do, 0 for a tie."""
    va, vb = hand_value(a), hand_value(b)
    return (va > vb) - (va < vb)
