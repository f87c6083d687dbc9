"""The rules contract itself: moves, options, the seeded stream, undo floors, records."""

import pytest

from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.engine import (
    Game, IllegalMove, Move, Option, Outcome, RecordError, Stream, rank_standings, resolve_options,
)


class Race(Game):
    """A tiny game for the contract: add 1 or 2, or roll a die; first to 10 or more wins."""

    id = "race"
    title = "Race"
    min_players = 2
    max_players = 3
    OPTIONS = (Option("goal", "Goal", "int", 10, min=3, max=50),)

    def __init__(self, players, seed=0, **options):
        super().__init__(players, seed, **options)
        self.totals = [0] * len(players)
        self.turn = 0

    def to_act(self):
        return [] if self.outcome() else [self.turn]

    def legal_moves(self, seat):
        if self.outcome() or seat != self.turn:
            return []
        return [Move("add", (1,)), Move("add", (2,)), Move("roll")]

    def _apply(self, seat, move):
        n = self.rng.die() if move.kind == "roll" else move.args[0]
        self.totals[seat] += n
        self.turn = (self.turn + 1) % len(self.players)
        return [self.say(f"{self.players[seat]} adds {n}.")]

    def refusal(self, seat, move):
        return self.not_your_turn(seat) or "You may add 1 or 2, or roll."

    def view(self, seat):
        return {"totals": list(self.totals), "turn": self.turn}

    def outcome(self):
        goal = self.options["goal"]
        if max(self.totals) < goal:
            return None
        from tabletop_tui.rules.engine import Outcome

        return Outcome(rank_standings(self.players, [(t,) for t in self.totals], self.totals), "done")


def test_move_json_round_trip():
    for m in (Move("roll"), Move("place", (4,)), Move("take", ("Moons", "Suns"))):
        assert Move.from_json(m.to_json()) == m
    with pytest.raises(RecordError):
        Move.from_json([1, 2])
    with pytest.raises(RecordError):
        Move.from_json(["x", 1.5])


def test_options_parse_and_refuse():
    opts = (Option("n", "N", "int", 3, min=1, max=5), Option("b", "B", "bool", False),
            Option("c", "C", "choice", "a", choices=(("a", "A"), ("b", "B"))))
    assert resolve_options(opts, {"n": "4", "b": "yes", "c": "B"}) == {"n": 4, "b": True, "c": "b"}
    for bad in ({"n": "9"}, {"n": "x"}, {"b": "maybe"}, {"c": "z"}, {"zz": 1}):
        with pytest.raises(ValueError):
            resolve_options(opts, bad)


def test_stream_is_seeded_and_counts_draws():
    a, b = Stream(5), Stream(5)
    assert [a.die() for _ in range(20)] == [b.die() for _ in range(20)]
    assert a.draws == 20


class _ReferenceStream:
    """SplitMix64 as written plainly: each draw is one step of the state through `_scramble`, the
    reading `Stream` writes out in place in each of its draws."""

    def __init__(self, seed, version):
        from tabletop_tui.rules.engine import _GOLDEN, _MASK, _scramble

        self.golden, self.mask, self.scramble = _GOLDEN, _MASK, _scramble
        state = (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK
        self.state = _scramble(state) if version >= 2 else state

    def next(self):
        self.state = (self.state + self.golden) & self.mask
        return self.scramble(self.state)


@pytest.mark.parametrize("version", [1, 2])
def test_every_draw_of_the_stream_is_splitmix64_step_by_step(version):
    """below, die, dice, randint, choice, shuffle, coin and random each draw what one step (one for
    each die, one for each card a shuffle places) of the plain SplitMix64 gives, from any seed, and
    count one draw each (a die of `dice` each): the saved games' dice and decks depend on it."""
    import random

    rnd = random.Random(version)
    for seed in (0, 1, -1, 12345, 2**63 - 1, -(2**63 - 1), rnd.randrange(2**63)):
        ours, ref = Stream(seed, version), _ReferenceStream(seed, version)
        draws = 0
        for _ in range(400):
            kind = rnd.randrange(8)
            n = rnd.randrange(1, 12)
            if kind == 0:
                got, want, used = ours.below(n), ref.next() % n, 1
            elif kind == 1:
                got, want, used = ours.die(n), ref.next() % n + 1, 1
            elif kind == 2:
                got, want, used = ours.dice(n, 4), [ref.next() % 4 + 1 for _ in range(n)], n
            elif kind == 3:
                got, want, used = ours.randint(-3, n), -3 + ref.next() % (n + 4), 1
            elif kind == 4:
                got, want, used = ours.choice("abcdefghijk"[:n]), "abcdefghijk"[ref.next() % n], 1
            elif kind == 5:
                got, want, used = list(range(n)), list(range(n)), 1
                ours.shuffle(got)
                for i in range(n - 1, 0, -1):
                    j = ref.next() % (i + 1)
                    want[i], want[j] = want[j], want[i]
            elif kind == 6:
                got, want, used = ours.coin(), bool(ref.next() >> 63), 1
            else:
                got, want, used = ours.random(), (ref.next() >> 11) * (1.0 / (1 << 53)), 1
            draws += used
            assert got == want and type(got) is type(want), (seed, kind, got, want)
            assert ours.draws == draws
        assert ours._next() == ref.next()  # and the two states are still in step


def test_a_shuffle_cut_short_keeps_the_draws_it_made():
    """A shuffle that fails part way (a tuple has no place to swap into) leaves the stream where the
    draws one by one would have left it."""
    a, b = Stream(3), Stream(3)
    with pytest.raises(TypeError):
        a.shuffle((1, 2, 3))
    b.draws += 1
    b._next()
    assert a.draws == b.draws and a._next() == b._next()


def test_illegal_moves_leave_state_untouched_and_say_why():
    g = Race(["Ada", "Bo"], seed=1)
    with pytest.raises(IllegalMove, match="not Bo's turn"):
        g.play(1, Move("add", (1,)))
    with pytest.raises(IllegalMove, match="add 1 or 2"):
        g.play(0, Move("add", (3,)))
    with pytest.raises(IllegalMove, match="no seat 7"):
        g.play(7, Move("roll"))
    assert g.history == [] and g.totals == [0, 0]


def test_undo_stops_at_chance():
    g = Race(["Ada", "Bo"], seed=1)
    assert g.undo_status() == (False, "Nothing to undo yet.")
    g.play(0, Move("add", (2,)))
    assert g.undo_status()[0]
    g = g.undone()
    assert g.totals == [0, 0] and g.turn == 0
    g.play(0, Move("roll"))
    ok, why = g.undo_status()
    assert not ok and "roll of the dice" in why
    g.play(1, Move("add", (1,)))
    assert g.undo_status()[0]
    g = g.undone()
    assert len(g.history) == 1 and not g.undo_status()[0]


def test_record_replays_the_same_game():
    g = Race(["Ada", "Bo", "Cy"], seed=42, goal=12)
    while g.outcome() is None:
        g.play(g.turn, Move("roll"))
    again = Race.from_record(g.record())
    assert again.view(None) == g.view(None)
    newer = dict(g.record(), rules_version=99)
    with pytest.raises(RecordError, match="version 99"):
        Race.from_record(newer)
    broken = dict(g.record(), moves=[[0, ["add", 7]]])
    with pytest.raises(RecordError, match="move 1"):
        Race.from_record(broken)


def test_player_count_is_checked():
    with pytest.raises(ValueError, match="2 to 3 players"):
        Race(["solo"])


def test_rank_standings_shares_places():
    st = rank_standings(["a", "b", "c"], [(2,), (5,), (2,)], [2, 5, 2])
    assert [(s.name, s.place) for s in st] == [("b", 1), ("a", 2), ("c", 2)]


def test_a_first_place_shared_is_a_draw_not_a_win():
    won = Outcome(rank_standings(["a", "b", "c"], [(2,), (5,), (2,)], [2, 5, 2]), "b wins")
    assert (won.first, won.winners, won.winner, won.drawn) == ([1], [1], 1, [])
    drawn = Outcome(rank_standings(["a", "b", "c"], [(5,), (1,), (5,)], [5, 1, 5]), "a draw")
    assert (drawn.first, drawn.winners, drawn.winner, drawn.drawn) == ([0, 2], [], None, [0, 2])
    shared_second = Outcome(rank_standings(["a", "b", "c"], [(9,), (1,), (1,)], [9, 1, 1]), "a wins")
    assert (shared_second.winners, shared_second.drawn) == ([0], [])


def test_decktet_matches_the_reference():
    basic = decktet.BASIC_DECK
    assert len(basic) == 36 and len(set(c.name for c in basic)) == 36
    for suit in decktet.SUITS:
        cards = [c for c in basic if suit in c.suits]
        assert len(cards) == 10
        assert sorted(c.rank for c in cards) == list(range(1, 11))
    for mark in "PLE":
        assert sum(mark in c.marks for c in basic) == 11
    full = decktet.deck(excuse=True, pawns=True, courts=True)
    assert len(full) == 45


def test_stream_is_fair_enough_for_dice_and_decks():
    s = Stream(2026)
    counts = [0] * 6
    for _ in range(60_000):
        counts[s.die() - 1] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    first = [0] * 5
    for _ in range(5_000):
        deck = list(range(5))
        s.shuffle(deck)
        first[deck[0]] += 1
    assert all(850 < c < 1_150 for c in first)
    assert Stream(1).die() != Stream(2).die() or Stream(1).die(1000) != Stream(2).die(1000)


def test_stream_copies_are_independent():
    import copy

    a = Stream(9)
    a.die()
    b = copy.deepcopy(a)
    assert [a.die() for _ in range(10)] == [b.die() for _ in range(10)]


def test_copy_is_independent_of_the_original():
    g = Race(["Ada", "Bo"], seed=3)
    g.play(0, Move("roll"))
    c = g.copy()
    c.play(1, Move("add", (2,)))
    assert len(g.history) == 1 and g.totals[1] == 0 and len(g.log) == 1
    assert c.totals[1] == 2 and len(c.history) == 2
    # the copy's stream goes on from the same point, independently
    assert g.copy().rng.die() == g.copy().rng.die()


def draws(stream, n=40):
    return [stream.die(1 << 30) for _ in range(n)]


def test_neighbouring_seeds_give_unrelated_streams():
    # version 1 put seed n + 1 one draw behind seed n: neighbouring games replayed each other's dice
    old = Stream(7, version=1)
    old.die()
    assert draws(old) == draws(Stream(8, version=1))
    for seed in range(50):
        a, b = draws(Stream(seed)), draws(Stream(seed + 1))
        assert not set(a) & set(b)  # no draw of one (out of 2^30 values) turns up in the other
    # 1,000 neighbouring seeds: the first die of each is spread as a fair die's would be
    firsts = [Stream(seed).die() for seed in range(6_000)]
    assert all(850 < firsts.count(face) < 1_150 for face in range(1, 7))


def test_a_new_record_names_its_stream_and_replays_with_it():
    g = Race(["Ada", "Bo"], seed=11)
    for _ in range(4):
        g.play(g.turn, Move("roll"))
    record = g.record()
    assert record["stream"] == 2
    again = Race.from_record(record)
    assert again.totals == g.totals and again.stream == 2


def test_a_record_from_before_stream_versions_replays_exactly_as_it_was_played():
    old = Race(["Ada", "Bo"], seed=11, stream=1)
    for _ in range(4):
        old.play(old.turn, Move("roll"))
    record = old.record()
    del record["stream"]  # as records were written before the versions existed
    again = Race.from_record(record)
    assert again.stream == 1 and again.totals == old.totals
    assert again.totals != Race.from_record(dict(record, stream=2)).totals
    again.play(again.turn, Move("add", (1,)))
    assert again.undone().stream == 1  # undo replays with the record's own stream


@pytest.mark.parametrize("stream", [3, "2", True, None])
def test_an_unknown_stream_version_is_refused_with_a_reason(stream):
    record = Race(["Ada", "Bo"], seed=1).record()
    record["stream"] = stream
    with pytest.raises(RecordError, match="random stream version"):
        Race.from_record(record)


def _first_legal(game):
    seat = game.to_act()[0]
    return seat, game.legal_moves(seat)


def _catalog_games():
    from tabletop_tui import catalog

    for info in catalog.GAMES:
        rules = info.rules_class()
        yield info.id, rules([f"P{i}" for i in range(rules.min_players)], 3)


@pytest.mark.parametrize("game_id,game", list(_catalog_games()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_game_refuses_what_is_not_a_seat_or_a_move(game_id, game):
    """The engine checks types once for every game: a bool is not a seat or an int argument, a tuple
    is not a Move, and a Move with arguments that are not ints and strings is refused, never raised."""
    seat, legal = _first_legal(game)
    record = game.record()
    with pytest.raises(IllegalMove, match="no seat (True|False) "):
        game.play(True if seat == 1 else False, legal[0])
    with_int = [m for m in legal if any(type(a) is int for a in m.args)]
    for move in with_int[:3]:
        posing = Move(move.kind, tuple(bool(a) if type(a) is int and a in (0, 1) else float(a) if type(a) is int
                                       else a for a in move.args))
        with pytest.raises(IllegalMove, match="is not a move"):
            game.play(seat, posing)
    for bad in (Move(legal[0].kind, None), Move(legal[0].kind, ([1],)), Move(legal[0].kind, ({"a": 1},)),
                Move(None), Move(legal[0].kind, [*legal[0].args]), tuple(legal[0]), legal[0].to_json()):
        with pytest.raises(IllegalMove, match="is not a move"):
            game.play(seat, bad)
    assert game.record() == record  # nothing was played


def test_a_long_value_is_quoted_short_in_a_refusal():
    g = Race(["Ada", "Bo"])
    with pytest.raises(IllegalMove) as info:
        g.play(10**5000, Move("roll"))
    assert info.value.reason == "There is no seat a number too long to show at this table."
    with pytest.raises(IllegalMove) as info:
        g.play(0, ["x" * 500])
    assert len(info.value.reason) < 60 and info.value.reason.endswith("… is not a move.")


class Overrun(Race):
    """A careless game whose own list of moves goes on after the end."""

    def legal_moves(self, seat):
        return [Move("add", (1,))] if seat == self.turn else []

    def to_act(self):
        return [self.turn]


def test_once_over_no_seat_has_a_legal_move_and_play_refuses_whatever_the_game_lists():
    g = Overrun(["Ada", "Bo"], seed=1, goal=3)
    for seat in (0, 1, 0, 1, 0):
        g.play(seat, Move("add", (1,)))
    assert g.outcome() is not None and g.turn == 1
    assert g.legal_moves(0) == [] and g.legal_moves(1) == []
    with pytest.raises(IllegalMove, match="The game is over."):
        g.play(1, Move("add", (1,)))
    assert len(g.history) == 5 and g.totals == [3, 2]
    # a subclass that asks its parent's list is checked once more, and the same
    class Later(Overrun):
        def legal_moves(self, seat):
            return super().legal_moves(seat)

    h = Later.from_record(dict(g.record(), game=Later.id))
    assert h.legal_moves(1) == [] and h.record() == g.record()


@pytest.mark.parametrize("hook", ["to_act", "legal_moves", "view", "outcome", "_apply"])
def test_a_game_that_forgets_a_hook_cannot_be_set_up(hook):
    forgetful = type("Forgetful", (Game,), {name: (lambda self, *args: None) for name in
                                            {"to_act", "legal_moves", "view", "outcome", "_apply"} - {hook}})
    with pytest.raises(TypeError, match=f"abstract.*{hook}"):
        forgetful(["Ada", "Bo"])
    whole = type("Whole", (forgetful,), {hook: lambda self, *args: None})
    assert whole(["Ada", "Bo"]).players == ["Ada", "Bo"]


def test_a_move_checked_once_vouches_for_itself_alone(monkeypatch):
    """`play` remembers the very moves that passed the check (by identity, kept alive while listed),
    so a game's interned moves are checked once: an equal move that is not one (a bool for the int)
    is still refused, the memory is emptied when full, and a move is checked again after that."""
    from tabletop_tui.rules import engine

    monkeypatch.setattr(engine, "_CHECKED", {})
    monkeypatch.setattr(engine, "_CHECKED_MOST", 3)
    checks = []
    real = engine.is_move
    monkeypatch.setattr(engine, "is_move", lambda m: checks.append(m) or real(m))
    add1 = Move("add", (1,))
    g = Race(["Ada", "Bo"], goal=50)
    g.play(0, add1)
    g.play(1, add1)  # the same object: not checked again
    assert checks == [add1] and engine._CHECKED == {id(add1): add1}
    posing = Move("add", (True,))
    assert posing == add1
    with pytest.raises(IllegalMove, match="is not a move"):
        g.play(0, posing)
    assert engine._CHECKED == {id(add1): add1}
    others = [Move("add", (2,)), Move("add", (1,)), Move("add", (2,))]  # equal, not the same objects
    for seat, move in zip((0, 1, 0), others):
        g.play(seat, move)
    assert len(engine._CHECKED) == 1 and engine._CHECKED[id(others[-1])] is others[-1]  # emptied once full
    checks.clear()
    g.play(1, add1)
    assert checks == [add1]  # forgotten with the rest, so checked anew
