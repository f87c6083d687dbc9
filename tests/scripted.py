"""Helpers shared by the rules tests: a random stream that deals the dice a test chose, a way to set a
game up on it, and the check that a refused move leaves the game as it was.

    from scripted import Scripted, refused, scripted_stream

    with scripted_stream([6, 6, 5, 6]):         # the game's setup rolls these faces
        game = ThiefDice(["Ada", "Bob"], 0)
    game.rng.faces.extend([1, 2])                 # and its next roll these

    game.rng = Scripted()                         # or swap the stream of a game already set up
"""

import json
from contextlib import contextmanager

import pytest

from tabletop_tui.rules import engine
from tabletop_tui.rules.engine import IllegalMove, Stream


class Scripted(Stream):
    """A stand-in for the game's random stream (`engine.Stream`) whose dice the test chooses.

    `faces` is the queue of faces that `die` (and so `dice`) hands out, in order; a test extends it
    before the move that rolls. Rolling a die with none left fails the test with an AssertionError.

    `picks`, if given, is the queue of numbers that `below` hands out (a first player, the winner of a
    tie), and drawing with none left fails likewise. Left at None, `below` draws from the seeded stream
    underneath, as do `shuffle`, `randint`, `choice`, `coin` and `random`: for tests that accept
    whatever such a draw gives.

    Every draw counts in `draws`, as Stream's do, so that the engine still knows a move used chance
    (and cannot be undone). A copy of the game gets a plain Stream in the same state (Stream's own
    copy), which knows nothing of the script.
    """

    def __init__(self, faces=(), picks=None):
        super().__init__(0)
        self.faces = list(faces)
        self.picks = None if picks is None else list(picks)

    def die(self, sides: int = 6) -> int:
        assert self.faces, f"the game rolled a d{sides} (draw {self.draws + 1}) but the test scripted no more dice"
        self.draws += 1
        return self.faces.pop(0)

    def below(self, n: int) -> int:
        if self.picks is None:
            return super().below(n)
        assert self.picks, (f"the game drew a number below {n} (draw {self.draws + 1}) but the test "
                            "scripted no more picks")
        self.draws += 1
        return self.picks.pop(0)


@contextmanager
def scripted_stream(faces=(), picks=None):
    """Games set up inside get `Scripted(faces, picks)` as their random stream (each its own copy)."""
    original = engine.Stream
    engine.Stream = lambda seed, version=None: Scripted(faces, picks)
    try:
        yield
    finally:
        engine.Stream = original


def refused(game, seat: int, move) -> str:
    """The reason the rules give for refusing `move` by `seat`; the game, its history and log unchanged."""
    before = json.dumps(game.view(None), sort_keys=True), len(game.history), len(game.log)
    with pytest.raises(IllegalMove) as info:
        game.play(seat, move)
    after = json.dumps(game.view(None), sort_keys=True), len(game.history), len(game.log)
    # (this module's asserts are not rewritten by pytest, so they say what went wrong themselves)
    assert after == before, f"refusing {move} changed the game:\nbefore {before}\nafter  {after}"
    return info.value.reason


def play_out(game, bots, limit: int | None = None):
    """Plays a game to its end, each seat to act choosing by its bot (a dict or list by seat), at most
    `limit` moves; returns the outcome."""
    moves = 0
    while game.outcome() is None:
        assert limit is None or moves < limit, f"no end after {limit} moves"
        seat = game.to_act()[0]
        game.play(seat, bots[seat].choose(game.view(seat), game.legal_moves(seat)))
        moves += 1
    return game.outcome()
