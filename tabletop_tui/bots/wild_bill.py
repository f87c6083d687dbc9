"""The Wild Bill computer seat: it enters plausible shots of a fair amateur (nobody brings a computer
to a real table; this is for simulations, tests and an empty seat): the cue ball touches one ball most
of the time, two on a shot in four, all three rarely; a ball drops on a shot in three; a foul is rare.
Its results are about chance, not skill."""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move

TOUCH = ((1, 0.68), (2, 0.25), (3, 0.04))
SINK_FIRST, SINK_MORE, FOUL = 0.33, 0.08, 0.03


class WildBillBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        shot = view.get("shot") or {"touched": None, "sunk": []}
        roll = self.random.random()
        if shot["touched"] is None:
            for k, p in TOUCH:
                if roll < p:
                    return Move("touched", (k,))
                roll -= p
            return Move("foul", ("scratch",))
        sinks = [m for m in moves if m.kind == "sink"]
        if sinks and roll < (SINK_FIRST if not shot["sunk"] else SINK_MORE):
            return self.random.choice(sinks)
        return Move("done")
