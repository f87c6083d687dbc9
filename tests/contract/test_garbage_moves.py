"""Every catalog game refuses garbage moves with a reason a player can read, and stays as it was.

Over a few seeded random positions of each game: kinds it does not have, its own kinds with too few
or too many arguments, a string where an int belongs and back, numbers out of range, negative or
huge, empty and very long strings, played by every seat, those not to act too. `play` raises
IllegalMove and nothing else, and the record and every view are as before."""

from __future__ import annotations

import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.rules.engine import IllegalMove, Move

HUGE = 10**30
LONG = "x" * 40  # the longest word a game sees: the engine refuses longer ones as no move at all


def int_variants(value: int) -> list:
    return [-1, -value - 1, value + 1, value + 100, 2**31, 2**63, HUGE, -HUGE, str(value), "", "-1"]


def str_variants(value: str) -> list:
    return ["", " ", value.upper(), value + " ", value * 3, LONG, "\x1b[2J", "[b]red[/b]", "none", 0, 1, -1, HUGE]


def garbage(examples: dict[str, tuple]) -> list[Move]:
    """Moves no game should take: unknown kinds, and every kind seen with arguments cut, added, of
    the wrong type and out of range (one argument spoilt at a time)."""
    moves = [Move("fly"), Move(""), Move(" "), Move(LONG), Move("fly", (1, "a")), Move("\x1b[2J", (0,))]
    for kind, args in examples.items():
        moves += [Move(kind.upper(), args), Move(kind + " ", args), Move(kind), Move(kind, args + (0,)),
                  Move(kind, args + ("x",)), Move(kind, args + args), Move(kind, (LONG,) * (len(args) or 1))]
        if args:
            moves.append(Move(kind, args[:-1]))
        for i, a in enumerate(args):
            for spoilt in int_variants(a) if type(a) is int else str_variants(a):
                moves.append(Move(kind, args[:i] + (spoilt,) + args[i + 1:]))
    return moves


def positions(info, seed: int, stops=(0, 1, 3, 8, 20, 60, 150, -2, -1)):
    """A random game of `info` by seed, stopped at a few points (-1 is its last move, -2 the one
    before); yields (game, examples of every kind of move it offered in the whole game, to that point
    or later)."""
    cls = info.rules_class()
    names = ["Ada", "Bo", "Cy", "Di"][:max(cls.min_players, min(3, cls.max_players))]
    rnd = random.Random(seed)
    moves = []
    game = cls(names, seed)
    examples: dict[str, tuple] = {}
    while game.outcome() is None and len(moves) < 400:
        seat = game.to_act()[0]
        legal = game.legal_moves(seat)
        for m in legal:
            examples.setdefault(m.kind, m.args)
        move = legal[rnd.randrange(len(legal))]
        moves.append((seat, move))
        game.play(seat, move)
    for stop in sorted({max(0, min(s, len(moves)) if s >= 0 else len(moves) + 1 + s) for s in stops}):
        yield cls.replay(names, seed, {}, moves[:stop]), examples


def everything(game) -> tuple:
    seats = range(len(game.players))
    return game.record(), [game.view(s) for s in [None, *seats]], game.to_act(), game.outcome(), len(game.log)


@pytest.mark.parametrize("info", catalog.GAMES, ids=lambda info: info.id)
def test_garbage_moves_are_refused_with_a_reason_and_change_nothing(info):
    checked = 0
    for seed in (1, 2):
        for game, examples in positions(info, seed):
            before = everything(game)
            n = len(game.players)
            for move in garbage(examples):
                for seat in [*range(n), -1, n, HUGE]:
                    if 0 <= seat < n and move in game.legal_moves(seat):
                        continue  # a spoilt move that happens to be legal here
                    try:
                        game.play(seat, move)
                    except IllegalMove as exc:
                        reason = exc.reason
                    except Exception as exc:  # noqa: BLE001 - the point of the test
                        raise AssertionError(f"{info.id}: seat {seat} {str(move)[:80]!r} raised "
                                             f"{type(exc).__name__}: {str(exc)[:200]}") from exc
                    else:
                        raise AssertionError(f"{info.id}: seat {seat} {str(move)[:80]!r} was played")
                    assert type(reason) is str and reason.strip(), (info.id, move)
                    assert len(reason) <= 300 and "\x1b" not in reason, (info.id, str(move)[:80], reason[:400])
                    checked += 1
            assert everything(game) == before, f"{info.id}: a refused move changed the game"
    assert checked > 500


def test_hermans_castle_refuses_a_free_corner_named_with_more_than_the_corner():
    game = catalog.get("hermans-castle").rules_class()(["Ada", "Bo"], 1)
    corner = game.legal_moves(0)[0].args[0]
    for extra in (0, "x", corner):
        with pytest.raises(IllegalMove, match="its corner alone"):
            game.play(0, Move("house", (corner, extra)))
    with pytest.raises(IllegalMove, match="its corner alone"):
        game.play(0, Move("house"))
    game.play(0, Move("house", (corner,)))
    with pytest.raises(IllegalMove, match="house already"):
        game.play(1, Move("house", (corner,)))


def test_words_and_numbers_longer_than_any_move_has_are_no_move_at_all():
    """The engine refuses them before a game quotes them: a refusal stays a sentence."""
    game = catalog.get("second-story").rules_class()(["Ada", "Bo"], 1)
    seat = game.to_act()[0]
    record = game.record()
    for move in (Move("x" * 41), Move("x" * 100_000), Move("job", ("y" * 41,)), Move("job", (10**49,)),
                 Move("job", (-(10**5000),))):
        with pytest.raises(IllegalMove, match="is not a move") as info:
            game.play(seat, move)
        assert len(info.value.reason) < 80
    assert game.record() == record
