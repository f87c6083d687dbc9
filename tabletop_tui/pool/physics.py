"""The physics of a shot on a 9-foot table, by pymunk: balls are circles, the cushions segments that
stop at the six pockets' mouths (with short jaws angled into each pocket), and a shot is the cue ball
sent along an angle at a speed; what follows is simulated at a fixed time step until every ball is
still. No wall clock, no global random state: the same shot from the same positions gives the same
outcome and the same resting places.

Coordinates are those of the shot outcome (inches of the playing surface): x along the length, 0 at the
head rail to 100 at the foot rail; y across, 0 (the left rail) to 50 (the right rail). An angle is in
radians, 0 towards the foot rail, pi/2 towards the right rail (y grows). Power is 0..1 of the hardest
stroke (`MAX_SPEED`).

pymunk has no rolling resistance: each step a moving ball loses a share of its speed (the cloth's drag,
`DAMPING` a second, the space's damping) and, every frame, a constant amount (`ROLL_DECEL`), and stops below `STOP_SPEED`. Ball on ball
and ball on cushion are elastic collisions without friction (no spin, no throw). A ball whose centre
passes the line of the cushions (which only a pocket's mouth lets it do) or comes near a pocket's centre
drops into the nearest pocket.

`simulate_shot(positions, aim_angle, power, seed=None)` gives `(outcome, frames)`: the outcome as
pool_outcome.md describes it, and the balls' positions sampled every `FRAME_DT` seconds for the
animation (a frame: {ball: (x, y)} of the balls still on the table)."""

from __future__ import annotations

import math
import random
from typing import Any, Iterable, Mapping

import pymunk
from pymunk import _chipmunk

LENGTH, WIDTH = 100.0, 50.0
BALL_DIAMETER = 2.25
R = BALL_DIAMETER / 2
HEAD_STRING = 25.0
HEAD_SPOT, CENTER_SPOT, FOOT_SPOT = (25.0, 25.0), (50.0, 25.0), (75.0, 25.0)
CORNER_MOUTH = 3.4  # a cushion stops this far from its corner: the corner pocket's mouth along each rail
SIDE_MOUTH = 2.9  # half the side pocket's mouth along the long rail
JAW = 1.6  # how far a jaw reaches into its pocket
POCKETS: dict[str, tuple[float, float]] = {
    "head-left": (0.0, 0.0), "head-right": (0.0, WIDTH), "side-left": (LENGTH / 2, 0.0),
    "side-right": (LENGTH / 2, WIDTH), "foot-left": (LENGTH, 0.0), "foot-right": (LENGTH, WIDTH)}
DROP_RADIUS = {"head-left": 2.2, "head-right": 2.2, "side-left": 1.6, "side-right": 1.6,
               "foot-left": 2.2, "foot-right": 2.2}  # a ball whose centre comes this near drops

MAX_SPEED = 240.0  # inches a second at full power
DT = 1 / 240  # the fixed time step
FRAME_DT = 1 / 60  # frames for the animation, every 4 steps
STEPS_PER_FRAME = round(FRAME_DT / DT)
DAMPING = 0.5  # share of its speed a rolling ball keeps after a second, besides...
ROLL_DECEL = 8.0  # ...a constant loss (inches a second, each second)
STOP_SPEED = 0.6  # below this a ball stops
MAX_TIME = 20.0  # no shot runs longer than this (simulated seconds)
BALL_ELASTICITY = 0.95
CUSHION_ELASTICITY = 0.75
STROKE_NOISE = math.radians(0.05)  # with a seed: the stroke's aim wavers by up to this much

BALL, CUSHION = 1, 2


def cushions() -> list[tuple[str, tuple[float, float], tuple[float, float]]]:
    """The cushions as segments (rail, start, end): each rail's cushion between its pockets' mouths,
    and the jaws angled from each mouth's ends into the pocket."""
    c, s, j = CORNER_MOUTH, SIDE_MOUTH, JAW
    half = LENGTH / 2
    parts: list[tuple[str, tuple[float, float], tuple[float, float]]] = [
        ("head", (0.0, c), (0.0, WIDTH - c)), ("foot", (LENGTH, c), (LENGTH, WIDTH - c)),
        ("left", (c, 0.0), (half - s, 0.0)), ("left", (half + s, 0.0), (LENGTH - c, 0.0)),
        ("right", (c, WIDTH), (half - s, WIDTH)), ("right", (half + s, WIDTH), (LENGTH - c, WIDTH)),
    ]
    # corner jaws: from the cushion's end, out of the table and towards the corner (45 degrees)
    for (cx, cy) in ((0.0, 0.0), (0.0, WIDTH), (LENGTH, 0.0), (LENGTH, WIDTH)):
        sx = 1.0 if cx == 0 else -1.0  # into the table along x
        sy = 1.0 if cy == 0 else -1.0
        end_rail = "head" if cx == 0 else "foot"
        long_rail = "left" if cy == 0 else "right"
        parts.append((end_rail, (cx, cy + sy * c), (cx - sx * j, cy + sy * (c - j * 0.7))))
        parts.append((long_rail, (cx + sx * c, cy), (cx + sx * (c - j * 0.7), cy - sy * j)))
    # side jaws: nearly straight out, the mouth narrowing slightly
    for cy in (0.0, WIDTH):
        sy = 1.0 if cy == 0 else -1.0
        rail = "left" if cy == 0 else "right"
        parts.append((rail, (half - s, cy), (half - s + 0.4, cy - sy * j)))
        parts.append((rail, (half + s, cy), (half + s - 0.4, cy - sy * j)))
    return parts


def _ball_key(key: Any) -> int:
    return int(key)


def normalise(positions: Mapping[Any, Any]) -> dict[int, tuple[float, float]]:
    """{ball: (x, y)} from a mapping whose keys may be numbers or strings ("rest" of an outcome) and
    whose values may be lists or None (a ball off the table: left out)."""
    out: dict[int, tuple[float, float]] = {}
    for key, where in positions.items():
        if where is not None:
            out[_ball_key(key)] = (float(where[0]), float(where[1]))
    return dict(sorted(out.items()))


_SAFE_LOW = max(DROP_RADIUS.values())


def nearest_pocket(x: float, y: float) -> str:
    return min(POCKETS, key=lambda name: (POCKETS[name][0] - x) ** 2 + (POCKETS[name][1] - y) ** 2)


def _dropped(x: float, y: float) -> str | None:
    """The pocket a ball at (x, y) drops into, or None."""
    if _SAFE_LOW <= x <= LENGTH - _SAFE_LOW and _SAFE_LOW <= y <= WIDTH - _SAFE_LOW:
        return None  # farther from every pocket than its drop radius (the common case, asked at every step)
    if x < 0 or x > LENGTH or y < 0 or y > WIDTH:
        return nearest_pocket(x, y)
    for name, (px, py) in POCKETS.items():
        if (px - x) ** 2 + (py - y) ** 2 < DROP_RADIUS[name] ** 2:
            return name
    return None


class _Recorder:
    """What happens during a shot, noted by the collision handlers."""

    def __init__(self) -> None:
        self.first: int | str | None = None
        self.first_below = False
        self.contacts: list[int] = []
        self.hit_ball = False
        self.rail_after_contact = False
        self.moving: set[int] = set()  # the balls that may move: the cue ball and those hit

    def balls(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        a, b = arbiter.shapes
        na, nb = a.ball, b.ball  # type: ignore[attr-defined]
        self.moving.add(na)
        self.moving.add(nb)
        if na != 0 and nb != 0:
            return
        other = b if na == 0 else a
        number = other.ball  # type: ignore[attr-defined]
        if self.first is None:
            self.first = number
            self.first_below = other.body.position.x > HEAD_STRING
        self.hit_ball = True
        if number not in self.contacts:
            self.contacts.append(number)

    def cushion(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        a, b = arbiter.shapes
        ball, rail = (a, b) if a.collision_type == BALL else (b, a)
        if ball.ball == 0 and self.first is None:  # type: ignore[attr-defined]
            self.first = f"rail:{rail.rail}"  # type: ignore[attr-defined]
        if self.hit_ball:
            self.rail_after_contact = True


def _space(balls: Mapping[int, tuple[float, float]]) -> tuple[pymunk.Space, dict[int, pymunk.Body], _Recorder]:
    space = pymunk.Space()
    space.iterations = 20
    space.collision_slop = 0.01
    space.damping = DAMPING
    for rail, start, end in cushions():
        segment = pymunk.Segment(space.static_body, start, end, 0.0)
        segment.elasticity = CUSHION_ELASTICITY
        segment.friction = 0.0
        segment.collision_type = CUSHION
        segment.rail = rail  # type: ignore[attr-defined]
        space.add(segment)
    bodies: dict[int, pymunk.Body] = {}
    for number, (x, y) in balls.items():
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, R))
        body.position = (x, y)
        shape = pymunk.Circle(body, R)
        shape.elasticity = BALL_ELASTICITY
        shape.friction = 0.0
        shape.collision_type = BALL
        shape.ball = number  # type: ignore[attr-defined]
        space.add(body, shape)
        bodies[number] = body
    recorder = _Recorder()
    space.on_collision(BALL, BALL, begin=recorder.balls)
    space.on_collision(BALL, CUSHION, begin=recorder.cushion)
    return space, bodies, recorder


def _roll(c_body: Any, loss: float, get_velocity: Any, set_velocity: Any) -> bool:
    """Slow a ball (chipmunk's body, read and set by chipmunk's own calls) by the cloth's constant part
    (the space's damping does the rest); whether it still moves."""
    v = get_velocity(c_body)
    vx, vy = v.x, v.y
    speed = math.hypot(vx, vy)
    if speed == 0.0:
        return False
    slower = speed - loss
    if slower < STOP_SPEED:
        set_velocity(c_body, (0.0, 0.0))
        return False
    scale = slower / speed
    set_velocity(c_body, (vx * scale, vy * scale))
    return True


def simulate_shot(positions: Mapping[Any, Any], aim_angle: float, power: float, seed: int | None = None,
                  sample_frames: bool = True) -> tuple[dict[str, Any], list[dict[int, tuple[float, float]]]]:
    """The outcome of striking the cue ball (ball 0) at `aim_angle` with `power` (0..1), and the frames
    of the animation (none when `sample_frames` is False: the computer's trials need only outcomes).
    With a seed, the stroke's aim wavers a little (`STROKE_NOISE`), the same for the same seed."""
    balls = normalise(positions)
    if 0 not in balls:
        raise ValueError("the cue ball (0) is not on the table")
    if seed is not None:
        aim_angle += random.Random(seed).uniform(-STROKE_NOISE, STROKE_NOISE)
    power = min(1.0, max(0.0, power))
    space, bodies, recorder = _space(balls)
    speed = power * MAX_SPEED
    bodies[0].velocity = (speed * math.cos(aim_angle), speed * math.sin(aim_angle))
    moving = recorder.moving
    if speed > STOP_SPEED:
        moving.add(0)
    loss = ROLL_DECEL * DT * STEPS_PER_FRAME
    sunk: list[list[Any]] = []
    frames: list[dict[int, tuple[float, float]]] = []
    if sample_frames:
        frames.append({n: (round(x, 3), round(y, 3)) for n, (x, y) in balls.items()})
    step = 0
    stopped: list[int] = []  # balls that stopped since the last frame
    # The steps call chipmunk (pymunk's `lib`) straight, where pymunk's Python wrappers (Space.step,
    # Body.position and .velocity) would: the same C calls in the same order, so the same outcome to the
    # last bit, in about half the time (no shape or body is added or removed during a step, and the
    # wrappers' checks are for those). pymunk is pinned (pyproject.toml): these are its 7.3 names.
    lib = _chipmunk.lib
    space_step, get_position = lib.cpSpaceStep, lib.cpBodyGetPosition
    get_velocity, set_velocity = lib.cpBodyGetVelocity, lib.cpBodySetVelocity
    c_space = space._space
    c_bodies = {number: body._body for number, body in bodies.items()}
    while moving and step * DT < MAX_TIME:
        space._locked = True
        try:
            space_step(c_space, DT)
        finally:
            space._locked = False
        step += 1
        slow = step % STEPS_PER_FRAME == 0
        for number in sorted(moving):
            c_body = c_bodies[number]
            where = get_position(c_body)
            pocket = _dropped(where.x, where.y)
            if pocket is not None:
                sunk.append([number, pocket])
                body = bodies.pop(number)
                del c_bodies[number]
                space.remove(body, *body.shapes)
                moving.discard(number)
            elif slow and not _roll(c_body, loss, get_velocity, set_velocity):
                moving.discard(number)
                if sample_frames:
                    stopped.append(number)
        if sample_frames and (slow or not moving):
            frame = {n: where for n, where in frames[-1].items() if n in bodies}
            for number in (*moving, *stopped):
                if number not in bodies:
                    continue
                where = get_position(c_bodies[number])
                frame[number] = (round(where.x, 3), round(where.y, 3))
            frames.append(frame)
            stopped.clear()
    rest: dict[str, list[float] | None] = {str(n): None for n in balls}
    for number, body in bodies.items():
        rest[str(number)] = [round(body.position.x, 2), round(body.position.y, 2)]
    outcome: dict[str, Any] = {
        "first": recorder.first,
        "first_below": recorder.first_below if isinstance(recorder.first, int) else False,
        "contacts": recorder.contacts,
        "rail_after_contact": recorder.rail_after_contact,
        "sunk": sunk,
        "off_table": [],
        "foul": "",
        "rest": rest,
    }
    return outcome, frames


def aim_line(positions: Mapping[Any, Any], aim_angle: float) -> tuple[tuple[float, float], int | None]:
    """Where the cue ball's centre goes along `aim_angle` before it meets a ball (then that ball's
    number: the point is the ghost ball, where the cue ball touches it) or the cushions' line (None)."""
    balls = normalise(positions)
    cx, cy = balls[0]
    dx, dy = math.cos(aim_angle), math.sin(aim_angle)
    best, hit = math.inf, None
    for number, (bx, by) in balls.items():
        if number == 0:
            continue
        # |c + t d - b| = 2R, smallest t > 0
        fx, fy = cx - bx, cy - by
        b = fx * dx + fy * dy
        c = fx * fx + fy * fy - (2 * R) ** 2
        disc = b * b - c
        if disc < 0:
            continue
        t = -b - math.sqrt(disc)
        if 0 <= t < best:
            best, hit = t, number
    # the cushions' line for a ball's centre: the surface inset by a radius
    for d, low, high, at in ((dx, R, LENGTH - R, cx), (dy, R, WIDTH - R, cy)):
        if d > 1e-12:
            t = (high - at) / d
        elif d < -1e-12:
            t = (low - at) / d
        else:
            continue
        if 0 <= t < best:
            best, hit = t, None
    best = max(best, 0.0)
    return (cx + best * dx, cy + best * dy), hit


def rack(balls: Iterable[int] = range(1, 16), cue: tuple[float, float] = (20.0, 24.0)) -> dict[int, tuple[float, float]]:
    """A triangle racked with its apex on the Foot Spot (the balls in the order given, row by row), and
    the cue ball where given: for the demo and the tests."""
    out: dict[int, tuple[float, float]] = {0: cue}
    numbers = list(balls)
    step = BALL_DIAMETER * math.sqrt(3) / 2 + 0.01
    index = 0
    row = 0
    while index < len(numbers):
        for k in range(row + 1):
            if index >= len(numbers):
                break
            out[numbers[index]] = (FOOT_SPOT[0] + row * step, FOOT_SPOT[1] + (k - row / 2) * (BALL_DIAMETER + 0.01))
            index += 1
        row += 1
    return out
