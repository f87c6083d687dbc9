"""A computer shooter: it tries shots in the simulation and plays the one the caller's scoring function
likes best, its hand wavering by its level.

The trials: for each object ball the caller allows (`targets`, all by default) and each pocket, the
angle that sends the cue ball to the ghost ball (where it touches the object ball so as to drive it
straight at the pocket), the clear and easy ones first, and the angle straight at each ball; then a few
random angles; each at one of a few powers.
The level sets how many trials and how much the chosen shot's aim wavers when it is played:

    easy: 10 trials, aim off by up to about 2.5 degrees (a normal spread of that much)
    normal: 28 trials, about 0.4 degrees
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

from tabletop_tui.pool.physics import POCKETS, R, aim_line, normalise, simulate_shot

LEVELS: dict[str, tuple[int, float]] = {  # trials, spread of the aim (radians)
    "easy": (10, math.radians(2.5)),
    "normal": (28, math.radians(0.4)),
    "hard": (70, math.radians(0.2)),
}
POWERS = (0.4, 0.6, 0.8)
#: the random angles tried at most besides the aimed ones (a table of few balls has few aimed shots:
#: random ones rarely pot, and each costs a simulation)
RANDOM_TRIALS = {"easy": 2, "normal": 3, "hard": 20}


@dataclass(frozen=True)
class Choice:
    angle: float
    power: float
    expected: dict[str, Any]  # the outcome of the shot meant (before the hand wavers)
    score: float
    trials: int
    cue: tuple[float, float] | None = None  # where the cue ball was put (in hand), else None


def candidate_shots(positions: Mapping[Any, Any], targets: Iterable[int] | None = None) -> list[float]:
    """The angles worth a trial, the likeliest to pot first: for each target ball and pocket, the ghost
    ball's angle (when the pocket lies beyond the ball as seen from the cue ball, the cut under 80
    degrees), those whose way to the ghost ball is clear before those blocked, each group the easiest
    first (the smaller cut, the shorter ways); then straight at each target ball."""
    balls = normalise(positions)
    cx, cy = balls[0]
    wanted = set(balls) - {0} if targets is None else set(targets) & set(balls)
    ranked: list[tuple[bool, float, float]] = []  # (blocked, difficulty, angle)
    straight: list[float] = []
    for number in sorted(wanted):
        bx, by = balls[number]
        straight.append(math.atan2(by - cy, bx - cx))
        for px, py in POCKETS.values():
            dx, dy = px - bx, py - by
            far = math.hypot(dx, dy)
            if far < 1e-6:
                continue
            gx, gy = bx - 2 * R * dx / far, by - 2 * R * dy / far  # the ghost ball
            # the cut must be under 80 degrees: the pocket ahead of the ball from the cue ball
            ax, ay = gx - cx, gy - cy
            near = math.hypot(ax, ay)
            if near < 1e-6 or (ax * dx + ay * dy) <= near * far * math.cos(math.radians(80)):
                continue
            angle = math.atan2(ay, ax)
            cut = math.degrees(math.acos(max(-1.0, min(1.0, (ax * dx + ay * dy) / (near * far)))))
            _, hit = aim_line(balls, angle)
            ranked.append((hit != number, cut + (near + far) / 5, angle))
    ranked.sort()
    return [angle for _, _, angle in ranked] + straight


def choose_shot(positions: Mapping[Any, Any], score: Callable[[dict[str, Any]], float], level: str = "normal",
                seed: int = 0, targets: Iterable[int] | None = None, trials: int | None = None,
                stop: Callable[[], bool] | None = None,
                cue_places: Iterable[tuple[float, float]] | None = None, enough: float | None = None,
                powers: tuple[float, ...] = POWERS, samples: int = 1) -> Choice:
    """The shot to play (see the module's doc). `trials`: how many, instead of the level's; `stop`: asked
    after each trial (a deadline), the best so far is played once it says so; `cue_places`: the cue ball in
    hand, put at one of these places (the trials are shared among them, in turn); `enough`: a score that
    needs no better (the first trial that reaches it is played: the shots likeliest to pot come first);
    `powers`: those the trials take (a break wants harder ones); `samples`: above 1, each trial is scored as
    the mean of that many strokes wavering as the hand does (where the outcome is chaos, as on a break, a
    shot is as good as it is on average)."""
    count, spread = LEVELS[level]
    count = count if trials is None else max(1, trials)
    rnd = random.Random(seed)
    balls = normalise(positions)
    places: list[tuple[float, float] | None] = list(cue_places) if cue_places else [None]
    per_place: list[list[tuple[tuple[float, float] | None, float, float]]] = []
    for place in places:
        at = balls if place is None else {**balls, 0: place}
        angles = candidate_shots(at, targets)  # the likeliest first
        per_place.append([(place, angle, rnd.choice(powers)) for angle in angles])
    shots: list[tuple[tuple[float, float] | None, float, float]] = []
    for k in range(max((len(p) for p in per_place), default=0)):  # the places in turn
        shots.extend(p[k] for p in per_place if k < len(p))
    count = min(count, len(shots) + RANDOM_TRIALS[level])
    while len(shots) < count:
        shots.append((places[len(shots) % len(places)], rnd.uniform(-math.pi, math.pi), rnd.choice(powers)))
    shots = shots[:count]
    best: tuple[float, tuple[float, float] | None, float, float, dict[str, Any]] | None = None
    tried = 0
    for place, angle, power in shots:
        at = balls if place is None else {**balls, 0: place}
        outcome, _ = simulate_shot(at, angle, power, sample_frames=False)
        tried += 1
        value = score(outcome)
        if samples > 1:
            for _ in range(samples - 1):
                other, _ = simulate_shot(at, angle + rnd.gauss(0.0, spread), power, sample_frames=False)
                value += score(other)
            value /= samples
        if best is None or value > best[0]:
            best = (value, place, angle, power, outcome)
        if (enough is not None and value >= enough) or (stop is not None and stop()):
            break
    assert best is not None
    value, place, angle, power, outcome = best
    played = angle + rnd.gauss(0.0, spread)
    return Choice(angle=played, power=power, expected=outcome, score=value, trials=tried, cue=place)


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
