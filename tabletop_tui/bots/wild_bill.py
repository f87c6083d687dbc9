"""The Wild Bill computer seat.

On this screen (the game's option "table"), it shoots (see bots/magic_hate_ball.py `table_shot`): each
trial scored by the rules' own reading for this seat (`rules.wild_bill.shot_value`: balls and caroms,
a shot worth 2 going on, a foul losing the inning's points).

On a real table, it enters plausible shots of a fair amateur (nobody brings a computer to a real table;
this is for simulations, tests and an empty seat): the cue ball touches one ball most of the time, two
on a shot in four, all three rarely; a ball drops on a shot in three; a foul is rare. Those results are
about chance, not skill."""

from __future__ import annotations

from tabletop_tui.bots.base import LEVELS, Bot
from tabletop_tui.bots.magic_hate_ball import table_shot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.pool import SCREEN
from tabletop_tui.rules.wild_bill import GOOD_SHOT, shot_value

TOUCH = ((1, 0.68), (2, 0.25), (3, 0.04))
SINK_FIRST, SINK_MORE, FOUL = 0.33, 0.08, 0.03


class WildBillBot(Bot):
    levels = LEVELS

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if view.get("table") == SCREEN:
            return table_shot(self, view, shot_value, GOOD_SHOT)
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
