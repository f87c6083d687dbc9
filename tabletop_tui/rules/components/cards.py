"""The French deck of 52 playing cards, with jokers if a game wants them and a second deck for games
that play with two.

A card is a small immutable value, one object per card: `card("7S")` is `card("7S")`, so cards compare
and hash as fast as anything can, and copying a game that holds them copies no card.

Codes (what a card is in JSON, in a move, in a view): the rank then the suit letter.

    ranks  2 3 4 5 6 7 8 9 10 J Q K A      (parsing also takes T for 10, and lower case)
    suits  C D H S                         clubs, diamonds, hearts, spades
    jokers JK1 JK2                         the black joker and the red joker

    "AS" the ace of spades, "10H" the 10 of hearts, "QC" the queen of clubs.

Two decks: the second deck's cards carry ".2" ("AS.2", "10H.2", "JK1.2"), so that a move can name
one of two otherwise identical cards and a game can tell which deck a card came from (Thief in the
Night deals from two). A game that does not care treats the two copies alike: they have the same rank,
suit, name and orders; only `code` and `deck` differ.

Orders: `rank` is 2-14 with the ace high (14); `rank_low` is the same with the ace low (1), which is
also the card's face value in games that count the ace as 1 and the J, Q, K as 11, 12, 13. Between
cards of one rank the suit decides, clubs < diamonds < hearts < spades: `order` (aces high) and
`order_low` (aces low) are whole numbers that sort the deck so. Jokers sort above every card. Two
copies of a card have the same orders; `sorted()` puts the first deck's copy first.

Names for the log: `card.name` is "the 7 of spades", "the ace of hearts", "the black joker".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from tabletop_tui.rules.words import listing

CLUBS, DIAMONDS, HEARTS, SPADES = "C", "D", "H", "S"
#: The suits, lowest first (the order that breaks ties between cards of one rank).
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_NAMES = {CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades"}
RED_SUITS = frozenset((DIAMONDS, HEARTS))

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
#: The ranks with the ace high, lowest first.
RANKS = tuple(range(2, 15))
RANK_CODES = {r: str(r) for r in range(2, 11)} | {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
               10: "ten", JACK: "jack", QUEEN: "queen", KING: "king", ACE: "ace", 1: "ace"}
_RANK_PLURALS = {r: w + "s" for r, w in _RANK_WORDS.items()} | {6: "sixes"}
JOKER_NAMES = {1: "the black joker", 2: "the red joker"}


def rank_word(rank: int) -> str:
    """"seven", "king", "ace" (for 1 or 14)."""
    return _RANK_WORDS[rank]


def rank_plural(rank: int) -> str:
    """"sevens", "sixes", "aces"."""
    return _RANK_PLURALS[rank]


@dataclass(frozen=True, slots=True, eq=False, init=False, repr=False, match_args=False)
class Card:
    """One playing card. Do not build one directly: use `card(code)` or the decks below (`Card(code)`
    is `card(code)`).

    Attributes: `code` ("10H"), `rank` (2-14, ace high; 0 for a joker), `rank_low` (the ace 1),
    `suit` ("C", "D", "H", "S"; "" for a joker), `joker` (0, or 1 and 2 for the black and the red
    joker), `deck` (1, or 2 for the second deck's copy), `order` and `order_low` (see the module),
    `red` (hearts, diamonds and the red joker), `name` ("the 10 of hearts").

    One object per card: frozen, compared and hashed by identity (`eq=False`), ordered by `_sort`;
    copying and pickling give back the same object.
    """

    code: str
    rank: int
    rank_low: int
    suit: str
    joker: int
    deck: int
    order: int
    order_low: int
    red: bool
    name: str
    _rc: int  # the card in a count of ranks (4 bits a rank, jokers above): see `poker.hand_value`
    _si: int  # the suit's index in SUITS (4 for a joker)
    _sort: int  # the order of `sorted()`: order, then the deck

    def __new__(cls, code: str) -> Card:
        return card(code)

    @classmethod
    def _make(cls, rank: int, suit: str, joker: int, deck: int) -> Card:
        self = object.__new__(cls)
        if joker:
            code, name, order = f"JK{joker}", JOKER_NAMES[joker], 60 + joker
            rank_low, red, si, rc = 0, joker == 2, 4, 1 << 52
        else:
            code, name = RANK_CODES[rank] + suit, f"the {_card_rank_name(rank)} of {SUIT_NAMES[suit]}"
            si = SUITS.index(suit)
            order = rank * 4 + si
            rank_low, red, rc = 1 if rank == ACE else rank, suit in RED_SUITS, 1 << (4 * (rank - 2))
        if deck > 1:
            code += f".{deck}"
        values: dict[str, object] = {
            "code": code, "rank": rank, "rank_low": rank_low, "suit": suit, "joker": joker, "deck": deck,
            "order": order, "order_low": order if joker else rank_low * 4 + si, "red": red, "name": name,
            "_rc": rc, "_si": si, "_sort": order * 4 + deck}
        for attr, value in values.items():
            object.__setattr__(self, attr, value)  # frozen: set once, here
        return self

    # one object per card: copying and pickling keep to it
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return card, (self.code,)

    def __lt__(self, other: Card) -> bool:
        return self._sort < other._sort

    def __le__(self, other: Card) -> bool:
        return self._sort <= other._sort

    def __gt__(self, other: Card) -> bool:
        return self._sort > other._sort

    def __ge__(self, other: Card) -> bool:
        return self._sort >= other._sort

    def __repr__(self) -> str:
        return f"card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def to_json(self) -> str:
        return self.code

    @staticmethod
    def from_json(data: str) -> Card:
        return card(data)

    @property
    def is_face(self) -> bool:
        """A jack, queen or king."""
        return JACK <= self.rank <= KING


def _card_rank_name(rank: int) -> str:
    return str(rank) if rank <= 10 else _RANK_WORDS[rank]


_BY_CODE: dict[str, Card] = {}
for _deck in (1, 2):
    for _rank in RANKS:
        for _suit in SUITS:
            _c = Card._make(_rank, _suit, 0, _deck)
            _BY_CODE[_c.code] = _c
    for _joker in (1, 2):
        _c = Card._make(0, "", _joker, _deck)
        _BY_CODE[_c.code] = _c
del _deck, _rank, _suit, _joker, _c


def card(code: str | Card) -> Card:
    """The card with this code: "AS", "10H", "th" (the 10 of hearts), "JK1", "QC.2" (the second deck's).
    Raises ValueError with a readable reason for anything else."""
    if isinstance(code, str):
        found = _BY_CODE.get(code)
        if found is not None:
            return found
    elif isinstance(code, Card):
        return code
    else:
        raise ValueError(f"not a card: {code!r}")
    text = code.strip().upper()
    if text.startswith("T"):
        text = "10" + text[1:]
    found = _BY_CODE.get(text)
    if found is None:
        raise ValueError(f"not a card: {code!r} (a card is a rank and a suit, as AS, 10H, QC, or JK1)")
    return found


def cards(codes: str | Iterable[str | Card]) -> list[Card]:
    """Cards from codes: a list of codes, or one string of codes separated by spaces ("AS KD 10H")."""
    if isinstance(codes, str):
        codes = codes.split()
    return [card(c) for c in codes]


def codes(cards_: Iterable[Card]) -> list[str]:
    """The codes of cards, for JSON, a view or a move."""
    return [c.code for c in cards_]


#: The 52 cards of one deck in order (ranks from 2 to ace, clubs to spades within a rank).
STANDARD = tuple(_BY_CODE[RANK_CODES[r] + s] for r in RANKS for s in SUITS)
JOKERS = (_BY_CODE["JK1"], _BY_CODE["JK2"])


def deck(jokers: int = 0, decks: int = 1) -> list[Card]:
    """A fresh, unshuffled deck: 52 cards and `jokers` jokers (0, 1 or 2) for each of `decks` decks
    (1 or 2). The second deck's cards are its own copies ("AS.2")."""
    if jokers not in (0, 1, 2):
        raise ValueError(f"a deck has 0, 1 or 2 jokers, not {jokers!r}")
    if decks not in (1, 2):
        raise ValueError(f"a game plays with one deck or two, not {decks!r}")
    out = list(STANDARD) + list(JOKERS[:jokers])
    if decks == 2:
        out += [_BY_CODE[c.code + ".2"] for c in out]
    return out


class _Shuffler(Protocol):
    """What `shuffled` needs of a random stream (`engine.Stream` is one)."""

    def shuffle(self, items: list[Card]) -> None: ...


def shuffled(stream: _Shuffler, jokers: int = 0, decks: int = 1) -> list[Card]:
    """A deck shuffled by the game's seeded random stream (`engine.Stream`): the same seed deals the
    same cards. Deal from the end (`pop()`) or from the front, as the game likes."""
    out = deck(jokers, decks)
    stream.shuffle(out)
    return out


def by_order(hand: Iterable[Card], aces_low: bool = False) -> list[Card]:
    """The cards from lowest to highest (rank, then suit; jokers last), aces high or low."""
    if aces_low:
        return sorted(hand, key=lambda c: (c.order_low, c.deck))
    return sorted(hand)


def names(hand: Iterable[Card]) -> str:
    """"the 7 of spades, the ace of hearts and the black joker"."""
    return listing([c.name for c in hand])
