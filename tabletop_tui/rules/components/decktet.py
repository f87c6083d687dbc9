"""The Decktet: six suits, 36 basic cards and the nine cards of the extended deck.

Besides its rank and suits, a card may carry marks (its type): a personality (P), a location (L) or an
event (E); three cards carry two (the Origin, the Market and the End), Aces and the Excuse none. Cards
are named by their names ("the Castle", "Ace of Moons"), which are unique."""

from __future__ import annotations

from dataclasses import dataclass

SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")

#: the marks a card may carry, in this order, and their names
MARKS = ("P", "L", "E")
MARK_NAMES = {"P": "personality", "L": "location", "E": "event"}

# rank values; Pawns and Courts print no number (each game says what they are worth)
ACE, CROWN, PAWN, COURT, EXCUSE = 1, 10, "Pawn", "Court", "Excuse"


@dataclass(frozen=True, slots=True)
class Card:
    name: str  # unique: "the Castle", "Ace of Moons"
    rank: int | str  # 1 (Ace), 2-9, 10 (Crown), "Pawn", "Court" or "Excuse"
    suits: tuple[str, ...]
    marks: str = ""  # "P", "L", "E", "LE" ... ; "" for Aces and the Excuse

    @property
    def is_ace(self) -> bool:
        return self.rank == ACE

    @property
    def is_crown(self) -> bool:
        return self.rank == CROWN

    @property
    def is_number(self) -> bool:
        return isinstance(self.rank, int) and 2 <= self.rank <= 9

    @property
    def mark_names(self) -> tuple[str, ...]:
        """("location",), ("location", "event"); () for an Ace or the Excuse."""
        return tuple(MARK_NAMES[m] for m in self.marks)

    def shares_mark(self, other: "Card") -> bool:
        """True when the two cards have a mark in common (a card of two marks shares either)."""
        return any(m in other.marks for m in self.marks)

    def has_suit(self, suit: str) -> bool:
        return suit in self.suits

    @property
    def rank_label(self) -> str:
        if self.rank == ACE:
            return "Ace"
        if self.rank == CROWN:
            return "Crown"
        return str(self.rank)


def _aces() -> list[Card]:
    return [Card(f"Ace of {s}", ACE, (s,)) for s in SUITS]


_NUMBERS = [
    (2, "the Author", ("Moons", "Knots"), "P"),
    (2, "the Desert", ("Suns", "Wyrms"), "L"),
    (2, "the Origin", ("Waves", "Leaves"), "LE"),
    (3, "the Journey", ("Moons", "Waves"), "E"),
    (3, "the Painter", ("Suns", "Knots"), "P"),
    (3, "the Savage", ("Leaves", "Wyrms"), "P"),
    (4, "the Mountain", ("Moons", "Suns"), "L"),
    (4, "the Sailor", ("Waves", "Leaves"), "P"),
    (4, "the Battle", ("Wyrms", "Knots"), "E"),
    (5, "the Forest", ("Moons", "Leaves"), "L"),
    (5, "the Discovery", ("Suns", "Waves"), "E"),
    (5, "the Soldier", ("Wyrms", "Knots"), "P"),
    (6, "the Lunatic", ("Moons", "Waves"), "P"),
    (6, "the Penitent", ("Suns", "Wyrms"), "P"),
    (6, "the Market", ("Leaves", "Knots"), "LE"),
    (7, "the Chance Meeting", ("Moons", "Leaves"), "E"),
    (7, "the Castle", ("Suns", "Knots"), "L"),
    (7, "the Cave", ("Waves", "Wyrms"), "L"),
    (8, "the Diplomat", ("Moons", "Suns"), "P"),
    (8, "the Mill", ("Waves", "Leaves"), "L"),
    (8, "the Betrayal", ("Wyrms", "Knots"), "E"),
    (9, "the Pact", ("Moons", "Suns"), "E"),
    (9, "the Darkness", ("Waves", "Wyrms"), "L"),
    (9, "the Merchant", ("Leaves", "Knots"), "P"),
]

_CROWNS = [
    ("the Huntress", "Moons", "P"),
    ("the Bard", "Suns", "P"),
    ("the Sea", "Waves", "L"),
    ("the End", "Leaves", "LE"),
    ("the Calamity", "Wyrms", "E"),
    ("the Windfall", "Knots", "E"),
]

PAWNS = [
    Card("the Harvest", PAWN, ("Moons", "Suns", "Leaves"), "E"),
    Card("the Watchman", PAWN, ("Moons", "Wyrms", "Knots"), "P"),
    Card("the Light Keeper", PAWN, ("Suns", "Waves", "Knots"), "P"),
    Card("the Borderland", PAWN, ("Waves", "Leaves", "Wyrms"), "L"),
]
COURTS = [
    Card("the Consul", COURT, ("Moons", "Waves", "Knots"), "P"),
    Card("the Rite", COURT, ("Moons", "Leaves", "Wyrms"), "E"),
    Card("the Island", COURT, ("Suns", "Waves", "Wyrms"), "L"),
    Card("the Window", COURT, ("Suns", "Leaves", "Knots"), "L"),
]
THE_EXCUSE = Card("the Excuse", EXCUSE, ())

BASIC_DECK: tuple[Card, ...] = tuple(
    _aces()
    + [Card(n, r, s, m) for r, n, s, m in _NUMBERS]
    + [Card(n, CROWN, (s,), m) for n, s, m in _CROWNS]
)
ALL_CARDS: tuple[Card, ...] = BASIC_DECK + tuple(PAWNS) + tuple(COURTS) + (THE_EXCUSE,)
BY_NAME: dict[str, Card] = {c.name: c for c in ALL_CARDS}


def card(name: str) -> Card:
    """The card with this name ("the Castle", "Ace of Moons")."""
    return BY_NAME[name]


def deck(excuse: bool = False, pawns: bool = False, courts: bool = False) -> list[Card]:
    """A fresh, unshuffled deck: the basic 36 plus the chosen extended cards."""
    cards = list(BASIC_DECK)
    if pawns:
        cards += PAWNS
    if courts:
        cards += COURTS
    if excuse:
        cards.append(THE_EXCUSE)
    return cards


#: A card's place in the customary order: by rank (Ace lowest, then 2 to 9, Crowns, Pawns, Courts, the
#: Excuse last), and between cards of one rank by their first suit (Moons, Suns, Waves, Leaves, Wyrms,
#: Knots). `sorted(hand, key=order)` lays a hand out in that order.
_ORDER = {c.name: i for i, c in enumerate(
    sorted(ALL_CARDS, key=lambda c: (
        c.rank if isinstance(c.rank, int) else {PAWN: 11, COURT: 12, EXCUSE: 13}[c.rank],
        SUITS.index(c.suits[0]) if c.suits else 0)))}


def order(c: Card) -> int:
    return _ORDER[c.name]


def mark_words(marks: str, article: bool = False, joiner: str = "or") -> str:
    """"location", "location or event" (with article: "a location", "a location or an event"; with
    joiner "and": "a location and an event")."""
    words = []
    for m in marks:
        name = MARK_NAMES[m]
        if article:
            name = ("an " if name[0] in "aeiou" else "a ") + name
        words.append(name)
    return f" {joiner} ".join(words)


def describe(c: Card) -> str:
    """The card in a sentence, with what a player needs of it: "the Castle (7, a location: Suns and
    Knots)", "the Huntress (Crown, a personality: Moons)", "the Ace of Moons"."""
    if c.rank == EXCUSE:
        return "the Excuse"
    if c.is_ace:
        return "the " + c.name
    label = c.rank if isinstance(c.rank, str) else c.rank_label
    suits = " and ".join(c.suits) if len(c.suits) <= 2 else ", ".join(c.suits[:-1]) + " and " + c.suits[-1]
    return f"{c.name} ({label}, {mark_words(c.marks, True, 'and')}: {suits})"
