"""No seat ever reads a card it has not seen: one property test over every game of the catalog.

Each game says which cards a seat has not seen (`Game.hidden_from(seat)`); this test plays seeded
random games and, at every step and for every seat (and for the table, seat None), looks for those
cards in the seat's view and in the log the seat may read (`log_for`). A new game takes part by being
in the catalog (or in EXTRA until it is)."""

from __future__ import annotations

import functools
import json
import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.components.cards import RANK_CODES, card
from tabletop_tui.rules.engine import Event, Game, Move, log_for

#: rules classes tested before they are in the catalog: "module:Class"
EXTRA: list[str] = []
#: seeded games per game with hidden cards (each at most `leak_test_moves` moves where a game sets it,
#: for a game whose whole games take thousands of moves; else its `move_limit`), and per game without (whose test is a cheap check that
#: they claim nothing hidden and that their logs are public)
GAMES_HIDDEN, GAMES_OPEN = 1000, 20
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _rules_classes():
    for info in catalog.GAMES:
        yield info.id, info.rules_class()
    for path in EXTRA:
        cls = catalog._load(path)
        yield cls.id, cls


def _strings(value):
    """Every string in a view, keys too."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _strings(v)


def _name(code: str) -> str:
    """A card's name: a playing card's from its code; a Decktet card's name is its code."""
    return code if code in decktet.BY_NAME else card(code).name


@functools.lru_cache(maxsize=None)
def _spellings(code: str) -> tuple[str, ...]:
    """How a log line could name a card: its name ("the 7 of spades") and its short form ("7♠"); a
    Decktet card ("the Castle") by its name without the article ("Castle")."""
    if code in decktet.BY_NAME:
        return (code.removeprefix("the "),)
    c = card(code)
    if c.joker:
        return (c.name,)
    return (c.name.removeprefix("the "), f"{RANK_CODES[c.rank]}{SUIT_SYMBOLS[c.suit]}")


def leaks(game: Game, seat: int | None, read: int) -> list[str]:
    """What `seat` can read that names a card hidden from it. `read`: how many log events were checked
    already (each event is checked once)."""
    hidden = game.hidden_from(seat)
    if not hidden:
        return []
    found = []
    strings = set(_strings(game.view(seat)))
    for code in hidden:
        if code in strings:
            found.append(f"view({seat}) holds {code}")
    # names are shared by the two copies of a card: only a name whose every copy is hidden can leak
    seen_names = {card(s).name for s in strings if s not in hidden and _is_code(s)}
    events = log_for(game.log[read:], seat)
    if not events:
        return found
    spellings = [(code, s) for code in hidden if _name(code) not in seen_names for s in _spellings(code)]
    for event in events:
        for code, spelled in spellings:
            if spelled in event.text:
                found.append(f"log for {seat} names {code}: {event.text!r}")
        for value in _strings(event.data):
            if value in hidden:
                found.append(f"log data for {seat} holds {value}")
    return found


@functools.lru_cache(maxsize=4096)
def _is_code(text: str) -> bool:
    try:
        card(text)
        return True
    except (ValueError, KeyError, TypeError):
        return False


def play_checking(cls, players: int, seed: int, limit: int) -> None:
    rnd = random.Random(seed)
    game = cls([f"P{i}" for i in range(players)], seed)
    seats = [None, *range(players)]
    read = 0
    for _ in range(limit):
        for seat in seats:
            assert not leaks(game, seat, read), (cls.id, seed, len(game.history), leaks(game, seat, read))
        read = len(game.log)
        if game.outcome() is not None:
            return
        waiting = [s for s in range(players) if game.legal_moves(s)]
        seat = rnd.choice(waiting)
        game.play(seat, rnd.choice(game.legal_moves(seat)))


@pytest.mark.parametrize("game_id,cls", list(_rules_classes()), ids=lambda v: v if isinstance(v, str) else "")
def test_no_seat_reads_a_card_it_has_not_seen(game_id, cls):
    if not cls.hidden_information:
        game = cls([f"P{i}" for i in range(cls.min_players)], 1)
        assert all(not game.hidden_from(s) for s in (None, *range(cls.min_players)))
        for seed in range(GAMES_OPEN):
            play_checking(cls, cls.min_players, seed, 300)
        return
    for seed in range(GAMES_HIDDEN):
        players = cls.min_players + seed % (cls.max_players - cls.min_players + 1)
        play_checking(cls, players, seed, getattr(cls, "leak_test_moves", cls.move_limit))


class Peek(Game):
    """A game built to leak, to show that the test finds leaks: each player holds one card, and a
    careless log line names the card Ada drew to everyone."""

    id = "peek"
    title = "Peek"
    hidden_information = True

    def __init__(self, players, seed=0, careless=True, **options):
        super().__init__(players, seed, **options)
        self.hands = [None, None]
        self.turn = 0
        self.careless = careless

    def to_act(self):
        return [] if self.outcome() else [self.turn]

    def legal_moves(self, seat):
        return [Move("draw")] if seat == self.turn and not self.outcome() else []

    def _apply(self, seat, move):
        drawn = ["AS", "7H"][seat]
        self.hands[seat] = drawn
        self.turn += 1
        if self.careless:
            return [self.say(f"{self.players[seat]} draws the ace of spades." if seat == 0 else "Bo draws.")]
        return [self.tell(seat, f"You draw {card(drawn).name}.", f"{self.players[seat]} draws a card.")]

    def view(self, seat):
        return {"hand": self.hands[seat] if seat is not None else None, "turn": self.turn}

    def outcome(self):
        return None if self.turn < 2 else "over"

    def hidden_from(self, seat):
        return {h for s, h in enumerate(self.hands) if h and s != seat}


def test_the_leak_test_finds_a_leak_and_passes_a_careful_game():
    careless = Peek(["Ada", "Bo"], 1)
    careless.play(0, Move("draw"))
    assert leaks(careless, 1, 0) and leaks(careless, None, 0)
    assert not leaks(careless, 0, 0)
    careful = Peek(["Ada", "Bo"], 1, careless=False)
    careful.play(0, Move("draw"))
    careful.play(1, Move("draw"))
    for seat in (None, 0, 1):
        assert not leaks(careful, seat, 0)
    assert [e.text for e in log_for(careful.log, 1)] == ["Ada draws a card.", "You draw the 7 of hearts."]
