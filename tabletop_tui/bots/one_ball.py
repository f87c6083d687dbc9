"""The One Ball computer seat: it enters plausible shots of a fair amateur (for simulations and tests:
One Ball is played alone at a real table): a few balls on the break, a called pocket, the called ball
made a little more than half the time, a stray ball now and then, a foul rarely. Its results are about
chance, not skill."""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move

MADE, STRAY, FOUL, BREAK_SINK = 0.62, 0.04, 0.01, 0.45


class OneBallBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        roll = self.random.random()
        if view.get("is_break"):
            if Move("sink") in moves and view.get("others", 0) < 4 and roll < BREAK_SINK:
                return Move("sink")
            return Move("done")
        if view.get("call") is None:
            if roll < FOUL:
                return Move("foul", ("scratch",))
            return self.random.choice([m for m in moves if m.kind == "call"])
        if Move("made") in moves and view.get("others", 0) == 0 and roll < MADE:
            return Move("made")
        if Move("sink") in moves and self.random.random() < STRAY:
            return Move("sink")
        return Move("done")
