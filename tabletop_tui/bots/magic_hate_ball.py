"""The Magic Hate Ball computer seat.

On this screen (the game's option "table"), it shoots: the shooter (`pool.shooter.choose_shot`, at the
session's level) tries shots in the simulation, each scored by the rules' own reading of it for this
seat (`rules.magic_hate_ball.shot_value`), and the shot chosen is played with the hand's waver; its move
is the outcome of the shot actually played (`pool.seat`).

On a real table nobody brings a computer: this player then only enters plausible shots of a fair amateur
(so that simulations, tests and a table with an empty seat can run): it takes the newcomer's handicap,
sinks a ball on about two shots in five, a second one now and then, and fouls rarely. Those results are
about chance, not skill."""

from __future__ import annotations

from tabletop_tui.bots.base import LEVELS, Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.magic_hate_ball import GOOD_SHOT, shot_value
from tabletop_tui.rules.pool import SCREEN, outcome_move

SINK_FIRST, SINK_MORE, FOUL = 0.42, 0.2, 0.03


def table_shot(bot: Bot, view: dict, value, enough: float | None = None) -> Move:
    """The shot a computer seat plays on this screen, as its move (see `pool.seat`)."""
    from tabletop_tui.pool.seat import play_table_shot

    deadline = bot.deadline()
    outcome, angle, power, cue, _ = play_table_shot(view, value, bot.level, bot.random.randrange(1 << 30),
                                                    stop=lambda: bot.clock() >= deadline, enough=enough)
    return outcome_move(outcome, cue=cue, aim=angle, power=power)


class MagicHateBallBot(Bot):
    levels = LEVELS

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if view.get("phase") == "handicaps":
            return Move("handicap", (4,))
        if view.get("table") == SCREEN:
            return table_shot(self, view, shot_value, GOOD_SHOT)
        sunk = view.get("shot_sunk", 0)
        roll = self.random.random()
        if sunk == 0 and roll < FOUL:
            return Move("foul", (self.random.choice(("scratch", "no-rail")),))
        if Move("sink") in moves and self.random.random() < (SINK_FIRST if sunk == 0 else SINK_MORE):
            return Move("sink")
        return Move("done")
