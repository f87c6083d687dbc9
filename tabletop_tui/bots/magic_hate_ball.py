"""The Magic Hate Ball computer seat. Nobody brings a computer to a real pool table: this player only
enters plausible shots of a fair amateur (so that simulations, tests and a table with an empty seat can
run): it takes the newcomer's handicap, sinks a ball on about two shots in five, a second one now and
then, and fouls rarely. Its results are about chance, not skill."""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move

SINK_FIRST, SINK_MORE, FOUL = 0.42, 0.2, 0.03


class MagicHateBallBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        if view.get("phase") == "handicaps":
            return Move("handicap", (4,))
        sunk = view.get("shot_sunk", 0)
        roll = self.random.random()
        if sunk == 0 and roll < FOUL:
            return Move("foul", (self.random.choice(("scratch", "no-rail")),))
        if Move("sink") in moves and self.random.random() < (SINK_FIRST if sunk == 0 else SINK_MORE):
            return Move("sink")
        return Move("done")
