"""A computer seat at a pool game on this screen: it chooses a shot with the shooter (`choose_shot`),
scoring each trial by the rules' own reading of it (the game module's `shot_value(view, outcome)`),
then plays the shot it chose with its hand's waver, and gives the outcome of the shot actually played,
"rest" included: the game records that.

The stroke is rounded as the shot move keeps it (the cue ball's place to hundredths of an inch, the aim
to microradians, the power to thousandths) before it is played, so that the screen, simulating the
recorded stroke again for the animation, sees exactly the recorded outcome."""

from __future__ import annotations

import math
from typing import Any, Callable

from tabletop_tui.pool.physics import BALL_DIAMETER, HEAD_STRING, simulate_shot
from tabletop_tui.pool.shooter import POWERS, choose_shot

#: where a computer may put the cue ball in hand (behind the Head String), the first free ones tried
CUE_PLACES = ((15.0, 25.0), (15.0, 12.5), (15.0, 37.5), (20.0, 18.0), (20.0, 32.0), (8.0, 25.0))
#: the break's trials at each level (every ball moves: each trial costs the most)
BREAK_TRIALS = {"easy": 2, "normal": 3, "hard": 6}  # each scored over BREAK_SAMPLES strokes
BREAK_SAMPLES = 2
BREAK_POWERS = (0.75, 0.9, 1.0)


def view_balls(view: dict[str, Any]) -> dict[int, tuple[float, float]]:
    return {int(k): (float(v[0]), float(v[1])) for k, v in (view.get("balls") or {}).items()}


def free_places(balls: dict[int, tuple[float, float]]) -> list[tuple[float, float]]:
    """The first two places of `CUE_PLACES` where the cue ball touches no ball (behind the Head String)."""
    others = [p for b, p in balls.items() if b != 0]
    return [p for p in CUE_PLACES if p[0] < HEAD_STRING
            and all(math.dist(p, q) >= BALL_DIAMETER + 0.05 for q in others)][:2]


def stroke(angle: float, power: float, cue: tuple[float, float]) -> tuple[float, float, tuple[float, float]]:
    """The stroke as a shot move keeps it."""
    return (round((angle % math.tau) * 1_000_000) / 1_000_000, round(min(1.0, max(0.0, power)) * 1000) / 1000,
            (round(cue[0] * 100) / 100, round(cue[1] * 100) / 100))


def play_table_shot(view: dict[str, Any], value: Callable[[dict[str, Any], dict[str, Any]], float], level: str,
                    seed: int, stop: Callable[[], bool] | None = None, enough: float | None = None,
                    samples: int = 1) -> tuple[dict[str, Any], float, float, tuple[float, float], dict[str, Any]]:
    """The shot a computer plays: (the outcome actually played, angle, power, where the cue ball stood,
    the outcome it meant). `samples`: each trial scored over that many strokes (see `choose_shot`)."""
    balls = view_balls(view)
    places = (free_places(balls) or [CUE_PLACES[0]]) if view.get("cue_in_hand") else None
    trials = BREAK_TRIALS.get(level) if view.get("is_break") else None
    choice = choose_shot(balls, lambda outcome: value(view, outcome), level, seed, trials=trials, stop=stop,
                         cue_places=places or None, enough=enough,
                         powers=BREAK_POWERS if view.get("is_break") else POWERS,
                         samples=BREAK_SAMPLES if view.get("is_break") else samples)
    cue = choice.cue or balls[0]
    angle, power, cue = stroke(choice.angle, choice.power, cue)
    outcome, _ = simulate_shot({**balls, 0: cue}, angle, power, sample_frames=False)
    return outcome, angle, power, cue, choice.expected
