"""No seat can tell apart two cards it has not seen: one property test over every game of the catalog.

For each game with hidden cards this plays seeded random games (every other one with its options drawn
at random) and, at states chosen to cover every kind of move (tests/leak_check.py, `Sampler`),
exchanges two cards hidden from a seat (or from the table, seat None) and requires that nothing the
seat learns changes: its view, its log, its legal moves and their labels, the rules' refusals of its
moves and the undo status, then and after the next move. At every move the log lines each seat may read name no card hidden from it. A game that hides
nothing must say so (`hidden_from` empty), write no private log line, and show each seat what it
shows the table. A new game takes part by being in the catalog (or in EXTRA until it is); games built
to leak (tests/hidden_game.py, `LEAKY`) show that the check finds each kind of leak."""

from __future__ import annotations

import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.rules.engine import Game, Move, Outcome, log_for, rank_standings

from contract_games import GAMES_HIDDEN, GAMES_OPEN, LEAK_GAMES, OPEN_MOVES, options, players
from hidden_game import LEAKS, LEAKY, Draw, Reshuffle
from leak_check import Sampler, findings, name_of
from leak_helpers import leaks

#: rules classes tested before they are in the catalog: "module:Class"
EXTRA: list[str] = []


def _rules_classes():
    for info in catalog.GAMES:
        yield info.id, info.rules_class()
    for path in EXTRA:
        cls = catalog._load(path)
        yield cls.id, cls


_players = players
_options = options


HIDDEN = [(i, cls) for i, cls in _rules_classes() if cls.hidden_information]
OPEN = [(i, cls) for i, cls in _rules_classes() if not cls.hidden_information]


@pytest.mark.parametrize("game_id,cls", HIDDEN, ids=[i for i, _ in HIDDEN])
def test_no_seat_can_tell_apart_two_cards_it_has_not_seen(game_id, cls):
    sampler = Sampler(seed=len(game_id))
    limit = getattr(cls, "leak_test_moves", cls.move_limit)
    found = []
    for seed in range(LEAK_GAMES.get(game_id, GAMES_HIDDEN)):
        found += findings(cls, _players(cls, seed), seed, limit, sampler, **_options(cls, seed))
        assert not found, found[:5]
    # every kind of move was checked: the first few of each kind always are
    assert sum(min(n, sampler.per_kind) for n in sampler.counts.values()) >= 20


def open_findings(cls, players: int, seed: int, moves: int = OPEN_MOVES) -> list[str]:
    """One seeded random game of a game that hides nothing: it must say so (`hidden_from` empty), tell no
    seat a line the others may not read, and show each seat what it shows the table (more only where
    the table's view says nothing, as the gains of the seat to act). What it did not, in words."""
    game = cls([f"P{i}" for i in range(players)], seed)
    rnd = random.Random(seed)
    seats = range(players)
    out = []
    for step in range(moves):
        out += [f"move {step}: hidden_from({s}) holds cards" for s in (None, *seats) if game.hidden_from(s)]
        out += [f"move {step}: a private line: {e.text!r}" for e in game.log if e.to is not None]
        if step % 10 == 0 or game.outcome() is not None:
            table = game.view(None)
            for s in seats:
                view = game.view(s)
                out += [f"move {step}: view({s})[{k!r}] is not the table's" for k in set(view) | set(table)
                        if table.get(k) and view.get(k) != table.get(k)]
                if log_for(game.log, s) != game.log:
                    out.append(f"move {step}: the log for {s} is not the table's")
        if out or game.outcome() is not None:
            break
        mover = rnd.choice([s for s in seats if game.legal_moves(s)])
        game.play(mover, rnd.choice(game.legal_moves(mover)))
    return [f"{cls.id} seed {seed}, {players} players, {f}" for f in out]


@pytest.mark.parametrize("game_id,cls", OPEN, ids=[i for i, _ in OPEN])
def test_a_game_without_hidden_cards_shows_everyone_the_same(game_id, cls):
    for seed in range(GAMES_OPEN):
        found = open_findings(cls, _players(cls, seed), seed)
        assert not found, found[:3]


def test_the_open_check_finds_a_private_line_and_a_view_for_one_seat():
    from tabletop_tui.rules.queensland import Queensland

    class Whisper(Queensland):
        def _apply(self, seat, move):
            return [*super()._apply(seat, move), self.tell(seat, "Only you read this.")]

    class Squint(Queensland):
        def view(self, seat):
            return dict(super().view(seat), note="for P0's eyes" if seat == 0 else "for the table")

    assert "a private line" in " ".join(open_findings(Whisper, 2, 1))
    assert "view(0)['note'] is not the table's" in " ".join(open_findings(Squint, 2, 1))
    assert open_findings(Queensland, 2, 1) == []


def test_a_careful_game_passes():
    found = []
    for seed in range(8):
        found += findings(Draw, _players(Draw, seed), seed, 100)
    assert found == []


@pytest.mark.parametrize("leak", LEAKS)
def test_the_check_finds_each_kind_of_leak(leak):
    """A card's name in a view; a count or an order that depends on hidden cards; a log line, a refusal,
    a move's label or the undo status that does: the check that runs over the catalog finds each."""
    where = {"name": ("view.note",), "count": ("view.red",), "order": ("view.highest",),
             "told": ("names ", "log[0]"), "log": ("log[0]",), "refusal": ("refusals[",), "label": ("labels[0]",),
             "undo": ("undo: ",)}[leak]
    found = []
    for seed in range(4):
        found += findings(LEAKY[leak], _players(Draw, seed), seed, 100)
    assert any(where[0] in f for f in found), found[:3]
    assert all(any(w in f for w in where) for f in found), found[:3]


def test_a_card_face_up_once_and_shuffled_back_is_hidden_again():
    """A game that counts a card as seen for ever, though it went back into the deck, is caught: no view
    shows the card, so some seat must not have seen it where it lies now."""

    class Forgetful(Reshuffle):
        """Counts a card shown as seen for good."""

        def __init__(self, players, seed=0, **options):
            super().__init__(players, seed, **options)
            self.ever_shown: set[str] = set()

        def _apply(self, seat, move):
            if move.kind == "show":
                self.ever_shown.update(self.hands[seat])
            return super()._apply(seat, move)

        def hidden_from(self, seat):
            return super().hidden_from(seat) - self.ever_shown

    assert all(findings(Reshuffle, _players(Draw, seed), seed, 100) == [] for seed in range(6))
    found = []
    for seed in range(6):
        found += findings(Forgetful, _players(Draw, seed), seed, 100)
    assert any("is in no view, yet hidden_from" in f for f in found)


def test_the_syndicate_hides_again_the_cards_shuffled_into_a_new_draw_pile():
    from tabletop_tui.rules.the_syndicate import TheSyndicate

    for seed in range(20):
        game = TheSyndicate(["Ada", "Bo", "Cy"], seed)
        rnd = random.Random(seed)
        while game.outcome() is None and not any(e.kind == "reshuffle" for e in game.log):
            seat = game.to_act()[0]
            game.play(seat, rnd.choice(game.legal_moves(seat)))
        if game.outcome() is None:
            break
    pile = {c.name for c in game.pile}
    assert len(pile) > 12
    for seat in (None, 0, 1, 2):
        assert pile <= game.hidden_from(seat)


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
        return [self.tell(seat, f"You draw {name_of(drawn)}.", public=f"{self.players[seat]} draws a card.")]

    def view(self, seat):
        return {"hand": self.hands[seat] if seat is not None else None, "turn": self.turn}

    def outcome(self):
        if self.turn < 2:
            return None
        return Outcome(rank_standings(self.players, [(0,), (0,)], [0, 0]), "Nobody wins.")

    def hidden_from(self, seat):
        return {h for s, h in enumerate(self.hands) if h and s != seat}


def test_the_quick_look_by_names_finds_a_card_named_in_the_log():
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


def test_the_check_finds_a_hidden_value_that_is_not_a_card():
    """A bid made face down (a `Secret`) shown only through a total in the view: the check tries the
    bid's other values and sees the view change."""
    from hidden_game import Bids, LeakyBids

    assert all(findings(Bids, _players(Bids, seed), seed, 20) == [] for seed in range(4))
    found = []
    for seed in range(4):
        found += findings(LeakyBids, _players(Bids, seed), seed, 20)
    assert any("tells bid " in f and "view.total" in f for f in found), found[:3]
