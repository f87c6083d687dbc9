"""The Decktet: six suits, 36 basic cards and the nine cards of the extended deck."""

from __future__ import annotations

from dataclasses import dataclass

SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")

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
