"""A computer shooter: it tries shots in the simulation and plays the one the caller's scoring function
likes best, its hand wavering by its level.

The trials: for each object ball the caller allows (`targets`, all by default) and each pocket, the
angle that sends the cue ball to the ghost ball (where it touches the object ball so as to drive it
straight at the pocket), and the angle straight at the ball; then random angles; each at a few powers.
The level sets how many trials and how much the chosen shot's aim wavers when it is played:

    easy: 10 trials, aim off by up to about 2.5 degrees (a normal spread of that much)
    normal: 28 trials, about 0.8 degrees
    hard: 70 trials, about 0.2 degrees

`choose_shot(positions, score, level, seed)` returns a `Choice`: the angle and power to play (the
wavering applied) and the outcome the shooter expected of the shot it meant. The score is
`score(outcome) -> float`, higher is better (the rules module's idea of a good shot for the seat that
shoots: balls sunk, no scratch, the called ball...). Deterministic for the same seed."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from tabletop_tui.pool.physics import POCKETS, R, normalise, simulate_shot

LEVELS: dict[str, tuple[int, float]] = {  # trials, spread of the aim (radians)
    "easy": (10, math.radians(2.5)),
    "normal": (28, math.radians(0.8)),
    "hard": (70, math.radians(0.2)),
}
POWERS = (0.3, 0.5, 0.75)


@dataclass(frozen=True)
class Choice:
    angle: float
    power: float
    expected: dict[str, Any]  # the outcome of the shot meant (before the hand wavers)
    score: float
    trials: int


def candidate_shots(positions: Mapping[Any, Any], targets: Iterable[int] | None = None) -> list[float]:
    """The angles worth a trial: for each target ball and pocket, the ghost ball's angle (when the pocket
    lies beyond the ball as seen from the cue ball), and straight at each target ball."""
    balls = normalise(positions)
    cx, cy = balls[0]
    wanted = set(balls) - {0} if targets is None else set(targets) & set(balls)
    angles: list[float] = []
    for number in sorted(wanted):
        bx, by = balls[number]
        angles.append(math.atan2(by - cy, bx - cx))
        for px, py in POCKETS.values():
            dx, dy = px - bx, py - by
            far = math.hypot(dx, dy)
            if far < 1e-6:
                continue
            gx, gy = bx - 2 * R * dx / far, by - 2 * R * dy / far  # the ghost ball
            # the cut must be under 80 degrees: the pocket ahead of the ball from the cue ball
            ax, ay = gx - cx, gy - cy
            if (ax * dx + ay * dy) <= math.hypot(ax, ay) * far * math.cos(math.radians(80)):
                continue
            angles.append(math.atan2(ay, ax))
    return angles


def choose_shot(positions: Mapping[Any, Any], score: Callable[[dict[str, Any]], float], level: str = "normal",
                seed: int = 0, targets: Iterable[int] | None = None) -> Choice:
    """The shot to play (see the module's doc)."""
    trials, spread = LEVELS[level]
    rnd = random.Random(seed)
    angles = candidate_shots(positions, targets)
    rnd.shuffle(angles)
    shots: list[tuple[float, float]] = []
    for angle in angles:
        shots.append((angle, rnd.choice(POWERS)))
    while len(shots) < trials:
        shots.append((rnd.uniform(-math.pi, math.pi), rnd.choice(POWERS)))
    shots = shots[:trials]
    best: tuple[float, float, float, dict[str, Any]] | None = None
    for angle, power in shots:
        outcome, _ = simulate_shot(positions, angle, power, sample_frames=False)
        value = score(outcome)
        if best is None or value > best[0]:
            best = (value, angle, power, outcome)
    assert best is not None
    value, angle, power, outcome = best
    played = angle + rnd.gauss(0.0, spread)
    return Choice(angle=played, power=power, expected=outcome, score=value, trials=len(shots))


def pot_score(outcome: dict[str, Any]) -> float:
    """A plain score for trying the shooter: a ball sunk is good, a scratch bad, touching a ball better
    than nothing."""
    sunk = [ball for ball, _ in outcome["sunk"]]
    value = 0.0
    if 0 in sunk:
        value -= 5
    value += 3 * sum(1 for ball in sunk if ball != 0)
    if outcome["first"] is None or isinstance(outcome["first"], str):
        value -= 1
    return value
