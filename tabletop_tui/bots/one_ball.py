"""The One Ball computer seat.

On this screen (the game's option "table"), it shoots (see bots/magic_hate_ball.py): each trial scored
by the rules' own reading (`rules.one_ball.shot_value`, a trial read as called on the first ball it sank);
the shot chosen is called before it is played (the ball and pocket the shot meant to make), and played
with the hand's waver, so that a shot meant may be missed.

On a real table (for simulations and tests: One Ball is played alone at a real table), it enters
plausible shots of a fair amateur: a few balls on the break, a called pocket, the called ball made a
little more than half the time, a stray ball now and then, a foul rarely. Those results are about chance,
not skill."""

from __future__ import annotations

import math

from tabletop_tui.bots.base import LEVELS, Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.one_ball import GOOD_SHOT, shot_value
from tabletop_tui.rules.pool import POCKET_AT, POCKETS, SCREEN, outcome_move

MADE, STRAY, FOUL, BREAK_SINK = 0.62, 0.04, 0.01, 0.45
#: on this screen, each trial is scored over two strokes as the hand wavers: a miss costs the most in this
#: game, so the surer shot is worth the time
SAMPLES = 2


def the_call(view: dict, meant: dict, cue: tuple[float, float]) -> list:
    """What the shot meant is called: the first object ball it sank, in its pocket; if it meant to sink
    none, the ball it meant to hit first (or the nearest) in the pocket nearest that ball."""
    sunk = [(b, p) for b, p in meant.get("sunk") or [] if b != 0]
    if sunk:
        return [sunk[0][0], sunk[0][1]]
    balls = {int(k): v for k, v in (view.get("balls") or {}).items() if int(k) != 0}
    first = meant.get("first")
    ball = first if isinstance(first, int) and first in balls else min(balls, key=lambda b: math.dist(balls[b], cue))
    return [ball, min(POCKETS, key=lambda p: math.dist(POCKET_AT[p], balls[ball]))]


class OneBallBot(Bot):
    levels = LEVELS

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if view.get("table") == SCREEN:
            return self.table_shot(view)
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

    def table_shot(self, view: dict) -> Move:
        from tabletop_tui.pool.seat import play_table_shot

        deadline = self.deadline()
        outcome, angle, power, cue, meant = play_table_shot(view, shot_value, self.level,
                                                            self.random.randrange(1 << 30),
                                                            stop=lambda: self.clock() >= deadline,
                                                            enough=GOOD_SHOT, samples=SAMPLES)
        if not view.get("is_break"):
            outcome = {**outcome, "call": the_call(view, meant, cue)}
        return outcome_move(outcome, cue=cue, aim=angle, power=power)
