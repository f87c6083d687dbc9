"""`Game.play_legal(seat, index)`, the fast path of a move just taken from `legal_moves`, against
`play(seat, move)`: seeded random games of every game of the catalog played both ways, the same
choices, compared at every move (the events returned, the undo status, who is to act and the legal
moves) and at the end (the record, every seat's view and log, the outcome); and its refusals.

Long games are played to a number of moves (a budget per game of the catalog), not to their end, so
that the whole file stays within seconds; Pontifuse, short, is played to the end thousands of times.
"""

from __future__ import annotations

import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.rules import engine
from tabletop_tui.rules.engine import (Game, IllegalMove, Move, Outcome, Stream, ends_with_the_game, log_for,
                                       rank_standings)
from tabletop_tui.rules.pontifuse import Pontifuse

GAMES = catalog.GAMES
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hu", "Ib", "Jo"]
#: moves each way per game of the catalog (over as many seeded games as they take, at least three and
#: at most `MOST`)
BUDGET = 400
MOST = 40
#: the longest game played (a longer one is compared where it stopped)
LONGEST = 250


def everything(game: Game) -> tuple:
    seats = [None, *range(len(game.players))]
    outcome = game.outcome()
    return (game.record(), [game.view(s) for s in seats],
            [[(e.text, e.kind, e.seat, e.data, e.to, e.public) for e in log_for(game.log, s)] for s in seats],
            [game.legal_moves(s) for s in seats[1:]], game.to_act(), outcome and outcome.to_json(),
            game.undo_status(), game._undo_floor)


def both_ways(cls: type[Game], players: int, seed: int, longest: int, interjects: bool = True) -> int:
    """Game `seed` played by `play` and by `play_legal`, the same random choices; compared at every move
    and at the end. The moves played."""
    names = NAMES[:players]
    slow, fast = cls(names, seed), cls(names, seed)
    rnd = random.Random(seed)
    moves = 0
    while slow.outcome() is None and moves < longest:
        acting = slow.to_act()
        assert fast.to_act() == acting
        seat = rnd.choice(acting)
        if interjects and rnd.random() < 0.05:  # now and then a seat the game does not wait for, if it may
            seat = rnd.randrange(players)
        legal = slow.legal_moves(seat)
        assert fast.legal_moves(seat) == legal
        if not legal:
            with pytest.raises(IllegalMove) as refused:
                fast.play_legal(seat, 0)
            assert refused.value.reason == slow.not_your_turn(seat)
            continue
        index = rnd.randrange(len(legal))
        events = slow.play(seat, legal[index])
        assert fast.play_legal(seat, index) == events
        assert fast.undo_status() == slow.undo_status() and fast._undo_floor == slow._undo_floor
        moves += 1
    assert everything(fast) == everything(slow)
    if fast.outcome() is not None:
        for seat in range(players):
            with pytest.raises(IllegalMove, match="The game is over."):
                fast.play_legal(seat, 0)
    return moves


@pytest.mark.parametrize("info", GAMES, ids=[info.id for info in GAMES])
def test_play_legal_is_play_in_every_game_of_the_catalog(info):
    cls = info.rules_class()
    played = seed = 0
    while (played < BUDGET or seed < 3) and seed < MOST:
        span = cls.max_players - cls.min_players + 1
        played += both_ways(cls, cls.min_players + seed % span, seed, LONGEST)
        seed += 1


def test_play_legal_is_play_in_thousands_of_pontifuse_games():
    for seed in range(2000):
        both_ways(Pontifuse, 2, seed, 1000, interjects=seed % 2 == 1)


def over(game: Game) -> Outcome:
    return Outcome(rank_standings(game.players, [(0,)] * len(game.players), [0] * len(game.players)), "Over.")


class Whisper(Game):
    """Each seat in turn whispers a number to the next one, or says it aloud: no chance, no hidden cards
    declared, and yet a private event (which no undo passes)."""

    id = "whisper"
    max_players = 3

    def __init__(self, players, seed=0, **options):
        super().__init__(players, seed, **options)
        self.said = 0

    def to_act(self):
        return [] if self.said >= 12 else [self.said % len(self.players)]

    def legal_moves(self, seat):
        if self.said >= 12 or seat != self.said % len(self.players):
            return []
        return [Move(kind, (n,)) for kind in ("whisper", "say") for n in range(3)]

    def view(self, seat=None):
        return {"said": self.said}

    def outcome(self):
        return None if self.said < 12 else over(self)

    def _apply(self, seat, move):
        self.said += 1
        to = (seat + 1) % len(self.players)
        if move.kind == "whisper":
            return [self.tell(to, f"{move.args[0]}", public="A whisper.")]
        return [self.say(f"{move.args[0]}")]


def test_play_legal_is_play_where_a_private_event_sets_the_undo_floor():
    for seed in range(40):
        both_ways(Whisper, 2 + seed % 2, seed, 100)


def test_a_move_the_index_does_not_name_is_refused_and_the_game_left_alone():
    game = Pontifuse(["Ada", "Bo"], seed=4)
    seat = game.to_act()[0]
    before = everything(game)
    count = len(game.legal_moves(seat))
    for index in (count, -1, 99, True, 1.0, "0", None):
        with pytest.raises(IllegalMove) as refused:
            game.play_legal(seat, index)
        assert "names none of the 2 moves" in refused.value.reason and "from 0 to 1" in refused.value.reason
    for bad_seat in (2, -1, True, "0", None):
        with pytest.raises(IllegalMove, match="There is no seat"):
            game.play_legal(bad_seat, 0)
    with pytest.raises(IllegalMove, match="It is not Bo's turn|It is not Ada's turn"):
        game.play_legal(1 - seat, 0)
    assert everything(game) == before
    game.play_legal(seat, 1)
    assert game.history == [(seat, game.history[0][1])] and game.history[0][1] == Move("call", ("tails",))


class Count(Game):
    """Counts to three by turns; its `legal_moves` ends with the game by itself."""

    id = "count"

    def __init__(self, players, seed=0, **options):
        super().__init__(players, seed, **options)
        self.total = 0

    def to_act(self):
        return [] if self.total >= 3 else [self.total % 2]

    @ends_with_the_game
    def legal_moves(self, seat):
        return [Move("one")] if self.total < 3 and seat == self.total % 2 else []

    def view(self, seat=None):
        return {"total": self.total}

    def outcome(self):
        return None if self.total < 3 else over(self)

    def _apply(self, seat, move):
        self.total += 1
        return []


def test_a_list_that_ends_with_the_game_is_offered_as_it_is_and_play_asks_no_outcome():
    asked = []

    class Watched(Count):
        def outcome(self):
            asked.append(self.total)
            return super().outcome()

    plain = Count(["Ada", "Bo"])
    assert Count.legal_moves is Count._own_legal_moves and Count._moves_end
    plain.play(0, Move("one"))
    plain.play_legal(1, 0)
    assert plain.total == 2
    # a subclass with an outcome of its own is wrapped again: the end is checked by the engine
    assert not Watched._moves_end and Watched.legal_moves is not Count.legal_moves
    watched = Watched(["Ada", "Bo"])
    watched.play(0, Move("one"))
    watched.play_legal(1, 0)
    assert asked  # play asked whether the game is over
    # and a subclass that lists moves of its own without the mark, too
    class Lister(Count):
        def legal_moves(self, seat):
            return [Move("one")]

    lister = Lister(["Ada", "Bo"])
    for seat in (0, 1, 0):
        lister.play_legal(seat, 0)
    assert lister.legal_moves(1) == []
    with pytest.raises(IllegalMove, match="The game is over."):
        lister.play(1, Move("one"))
    with pytest.raises(IllegalMove, match="The game is over."):
        lister.play_legal(1, 0)


def step_by_step(game: Game, rnd: random.Random, limit: int) -> int:
    """A random playout written outside the engine on `play_legal`, the seat chosen as `rollout` says."""
    played = 0
    while played < limit and game.outcome() is None:
        waiting = [s for s in game.to_act() if game.legal_moves(s)]
        if not waiting:
            break
        seat = rnd.choice(waiting) if len(waiting) > 1 else waiting[0]
        game.play_legal(seat, rnd.randrange(len(game.legal_moves(seat))))
        played += 1
    return played


@pytest.mark.parametrize("info", GAMES, ids=[info.id for info in GAMES])
def test_rollout_plays_the_moves_of_the_loop_on_play_legal(info):
    """`rollout` against that loop, from positions met in seeded games (a copy, a game made anew, one
    rebuilt from its record): the same moves, events, outcome and random draws, and nothing to undo."""
    cls = info.rules_class()
    for seed in range(3):
        players = cls.min_players + seed % (cls.max_players - cls.min_players + 1)
        start = cls(NAMES[:players], seed)
        rnd = random.Random(seed)
        step_by_step(start, rnd, (0, 5, 30)[seed])
        made = (start.copy(), start.copy(watch=True), cls.from_record(start.record()))
        for i, game in enumerate(made):
            slow = start.copy()
            mine, theirs = random.Random(i), random.Random(i)
            played = game.rollout(mine, 60)
            assert played == step_by_step(slow, theirs, 60) and mine.getstate() == theirs.getstate()
            assert game.history == slow.history
            assert [(e.text, e.to, e.data) for e in game.log] == [(e.text, e.to, e.data) for e in slow.log]
            assert game.to_act() == slow.to_act() and (game.outcome() is None) == (slow.outcome() is None)
            assert (game.outcome() and game.outcome().to_json()) == (slow.outcome() and slow.outcome().to_json())
            if played:
                assert game.undo_status()[0] is False and game._undo_floor == len(game.history)


def test_a_rollout_stops_at_its_limit_and_at_the_end():
    game = Pontifuse(["Ada", "Bo"], seed=3)
    assert game.rollout(random.Random(1), 4) == 4 and len(game.history) == 4
    rest = game.rollout(random.Random(2), 10_000)
    assert game.outcome() is not None and len(game.history) == 4 + rest
    assert game.rollout(random.Random(3), 10) == 0 and len(game.history) == 4 + rest
    assert Whisper(["Ada", "Bo"]).rollout(random.Random(1), 100) == 12


def test_pontifuses_own_rollout_is_the_engines_loop():
    """Pontifuse plays its rollouts in a loop of its own (`Pontifuse.rollout`): against the engine's
    (`Game.rollout`), from positions at every stage of a board (the coin, the army, each mark, the
    game's end), replay limits 0, 1 and 3, rollout limits that stop it anywhere (at 0, mid-board, at a
    board's end), a game made anew and a copy: the same moves played, history, log, views, outcome,
    undo floor and draws of the generator; then both games played on alike (the state it left is the
    loop's). A generator of another class goes through the engine's loop."""
    class Other(random.Random):
        pass

    for seed in range(600):
        limit = (0, 1, 3)[seed % 3]
        start = Pontifuse(["Ada", "Bo"], seed, replay_limit=limit)
        step_by_step(start, random.Random(seed), seed % 23)
        games = (start, start.copy())
        rollout_limit = (0, 1, 2, 3, 5, 8, 11, 12, 13, 300)[seed % 10]
        fast, slow = games[seed % 2], start.copy()
        layout = list(vars(fast))
        mine, theirs = (Other if seed % 50 == 0 else random.Random)(seed), random.Random(seed)
        played = fast.rollout(mine, rollout_limit)
        assert played == Game.rollout(slow, theirs, rollout_limit) and mine.getstate() == theirs.getstate()
        assert everything(fast) == everything(slow) and list(vars(fast)) == layout
        assert [e.kind for e in fast.log] == [e.kind for e in slow.log]
        assert played == rollout_limit or fast.outcome() is not None
        step_by_step(fast, random.Random(seed + 1), 1000)
        step_by_step(slow, random.Random(seed + 1), 1000)
        assert everything(fast) == everything(slow)


def test_a_game_seeds_its_stream_as_stream_does(monkeypatch):
    """Game() seeds its stream of version 2 in place (without Stream's calls): the same state as
    `Stream(seed, version)` for every seed, of either version; an unknown version is refused as ever,
    and a stand-in put in the engine's `Stream` (as tests/scripted.py does) is still what a game calls."""
    rnd = random.Random(3)
    seeds = [0, 1, -1, 2**63 - 1, -(2**63 - 1), *(rnd.randint(-2**63, 2**63) for _ in range(200))]
    for seed in seeds:
        for version in (1, 2):
            game, stream = Count(["Ada", "Bo"], seed, stream=version), Stream(seed, version)
            assert type(game.rng) is Stream and (game.rng._state, game.rng.draws) == (stream._state, 0)
            assert game.rng.below(1000) == stream.below(1000) and game.rng.draws == 1
    with pytest.raises(ValueError, match="there is no random stream version 3"):
        Count(["Ada", "Bo"], 1, stream=3)
    made = []
    monkeypatch.setattr(engine, "Stream", lambda seed, version=2: made.append((seed, version)) or Stream(7))
    assert Count(["Ada", "Bo"], 5).rng._state == Stream(7)._state and made == [(5, 2)]
