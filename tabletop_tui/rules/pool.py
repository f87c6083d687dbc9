"""What the three pocket-billiards games share: the table's geometry, the spots, the pockets, the fouls,
the reading of a shot's outcome, the rack and re-rack, and where a spotted ball goes.

The games serve people at a real table: a referee (the person at the keyboard) enters each shot as a
short sequence of small moves (what was sunk, the foul if any, ...), and the rules say what comes next.
A table in the terminal gives the same shots as an *outcome* (a dict, see `read_outcome`), which
`shot_moves` of each game turns into the very same moves: replay and resume never rerun the physics.

Coordinates are inches of a 9-foot table's playing surface: x along the length (0 at the head rail,
100 at the foot rail), y across (0 to 50). Ball 0 is the cue ball; object balls are 1-15.
Standard library only.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from tabletop_tui.rules.engine import Move

LENGTH, WIDTH = 100.0, 50.0
BALL = 2.25  # a ball's diameter
HEAD_STRING = 25.0
HEAD_SPOT = (25.0, 25.0)
CENTER_SPOT = (50.0, 25.0)
FOOT_SPOT = (75.0, 25.0)
SPOTS = {"head": HEAD_SPOT, "center": CENTER_SPOT, "foot": FOOT_SPOT}
SPOT_WORDS = {"head": "the Head Spot", "center": "the Center Spot", "foot": "the Foot Spot"}

POCKETS = ("head-left", "head-right", "side-left", "side-right", "foot-left", "foot-right")
POCKET_AT = {
    "head-left": (0.0, 0.0), "head-right": (0.0, WIDTH),
    "side-left": (50.0, 0.0), "side-right": (50.0, WIDTH),
    "foot-left": (LENGTH, 0.0), "foot-right": (LENGTH, WIDTH),
}
POCKET_WORDS = {
    "head-left": "the left head corner", "head-right": "the right head corner",
    "side-left": "the left side pocket", "side-right": "the right side pocket",
    "foot-left": "the left foot corner", "foot-right": "the right foot corner",
}
#: a short name for a key or a button
POCKET_SHORT = {"head-left": "HL", "head-right": "HR", "side-left": "SL", "side-right": "SR",
                "foot-left": "FL", "foot-right": "FR"}

#: The fouls a referee may enter, with their words. "behind": with the cue ball in hand behind the
#: Head String, the first contact was neither an object ball below it nor the Foot Rail; "break":
#: Wild Bill's break did not first hit the ball on the Foot Spot.
FOULS = ("scratch", "no-hit", "no-rail", "behind", "break", "other")
FOUL_WORDS = {
    "scratch": "a scratch (the cue ball went into a pocket or off the table)",
    "no-hit": "the cue ball hit no ball",
    "no-rail": "after the contact no ball reached a rail or a pocket",
    "behind": "from behind the Head String, the first contact was not below it",
    "break": "the break did not first hit the ball on the Foot Spot",
    "other": "a foul",
}
FOUL_SHORT = {"scratch": "scratch", "no-hit": "missed every ball", "no-rail": "no rail after contact",
              "behind": "not below the Head String", "break": "not the Foot Spot ball first", "other": "other foul"}

IN_HAND = ("cue ball in hand: place it anywhere behind the Head String; the first contact must be an "
           "object ball below the Head String or the Foot Rail")


def foul_words(kind: str) -> str:
    return FOUL_WORDS.get(kind, "a foul")


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


# -- Wild Bill's spots --------------------------------------------------------------------------

def spot_order(pocket: str) -> list[str]:
    """The spots nearest a pocket first. The side pockets are as far from the Head Spot as from the
    Foot Spot: the seed puts the ball on the Head Spot when only the Center Spot is covered, so the
    Head Spot comes before the Foot Spot."""
    if pocket.startswith("side"):
        return ["center", "head", "foot"]
    at = POCKET_AT[pocket]
    return sorted(SPOTS, key=lambda s: distance(SPOTS[s], at))


def covered(spot: str, rest: dict[int, tuple[float, float]]) -> bool:
    """Whether a ball at rest covers a spot (lies on it, or so close that a ball could not be put there)."""
    where = SPOTS[spot]
    return any(distance(where, p) < BALL for p in rest.values())


def respot_spot(pocket: str, rest: dict[int, tuple[float, float]] | None) -> str | None:
    """The empty spot nearest the pocket, given where the balls lie (None if every spot is covered);
    without positions, the nearest spot (the referee then reads `spot_order`)."""
    order = spot_order(pocket)
    if rest is None:
        return order[0]
    for spot in order:
        if not covered(spot, rest):
            return spot
    return None


def respot_words(pocket: str) -> str:
    first, second, third = (SPOT_WORDS[s] for s in spot_order(pocket))
    return f"{first} (if covered: {second}, then {third})"


# -- the rack -----------------------------------------------------------------------------------

def rack_positions(balls: int = 15) -> list[tuple[float, float]]:
    """Where the rack puts its balls: a triangle of five rows, its top (the apex) on the Foot Spot and
    its base toward the foot rail; `balls` 14 leaves the top empty."""
    row_step = BALL * math.sqrt(3) / 2
    spots: list[tuple[float, float]] = []
    for row in range(5):
        x = FOOT_SPOT[0] + row * row_step
        for k in range(row + 1):
            y = FOOT_SPOT[1] + (k - row / 2) * BALL
            spots.append((round(x, 3), round(y, 3)))
    return spots[15 - balls:] if balls < 15 else spots


def in_rack(point: tuple[float, float]) -> bool:
    """Whether a ball at `point` lies inside the triangle of the rack (where a re-rack must move it)."""
    for p in rack_positions(15):
        if distance(p, point) < BALL:
            return True
    return False


def rerack(rest: dict[int, tuple[float, float]], on_table: list[int], pocketed: list[int]) -> dict[int, Any]:
    """Magic Hate Ball's re-rack with one object ball left: the pocketed balls, and any ball inside the
    rack, go into the rack with the top left empty; a cue ball inside the rack goes to the Head Spot.
    Returns the new positions of the balls it moved."""
    moved: dict[int, Any] = {}
    into = list(pocketed)
    for ball in on_table:
        if ball != 0 and ball in rest and in_rack(rest[ball]):
            into.append(ball)
    places = rack_positions(14 if len(into) <= 14 else 15)
    for ball, where in zip(sorted(into), places):
        moved[ball] = where
    if 0 in rest and in_rack(rest[0]):
        moved[0] = HEAD_SPOT
    return moved


# -- One Ball's spotting ------------------------------------------------------------------------

def spot_position(rest: dict[int, tuple[float, float]]) -> tuple[float, float]:
    """Where One Ball spots a ball: on the Foot Spot; if a ball is there, as close as possible directly
    below it (toward the foot rail, on the long string), touching the ball in the way if need be; if
    the whole way to the foot rail is blocked, above the Foot Spot."""
    x, y = FOOT_SPOT
    others = list(rest.values())

    def free(px: float) -> bool:
        return all(distance((px, y), p) >= BALL - 1e-6 for p in others)

    if free(x):
        return (x, y)
    candidates = [x] + [p[0] + math.sqrt(max(0.0, BALL**2 - (p[1] - y) ** 2)) for p in others
                        if abs(p[1] - y) < BALL]
    for px in sorted(c for c in candidates if x <= c <= LENGTH - BALL / 2):
        if free(px):
            return (round(px, 3), y)
    candidates = [p[0] - math.sqrt(max(0.0, BALL**2 - (p[1] - y) ** 2)) for p in others if abs(p[1] - y) < BALL]
    for px in sorted((c for c in candidates if BALL / 2 <= c < x), reverse=True):
        if free(px):
            return (round(px, 3), y)
    return (x, y)


ONE_BALL_SPOTTING = ("spot a ball on the Foot Spot (if a ball is there, as close as possible directly "
                     "below it, touching it if need be; if the way to the foot rail is blocked, above it)")


# -- the outcome of a shot ----------------------------------------------------------------------

class Reading(NamedTuple):
    """A shot's outcome as the rules read it."""

    sunk: list[tuple[int, str]]  # object balls, in order, with their pockets
    contacts: list[int]  # distinct object balls the cue ball touched
    foul: str  # "" or one of FOULS


def read_outcome(outcome: dict[str, Any], in_hand: bool = False, must_first: int | None = None) -> Reading:
    """Read a shot's outcome (a dict: "first", "first_below", "contacts", "rail_after_contact", "sunk",
    "off_table", "foul", "rest"): which object balls went down where, which the cue ball touched, and the
    foul if any (a scratch first, then a shot that hit nothing, then one from the hand that did not
    start below the Head String, a break that did not hit `must_first` first, then no rail)."""
    sunk_all = [(int(b), str(p)) for b, p in outcome.get("sunk") or []]
    sunk = [(b, p) for b, p in sunk_all if b != 0]
    contacts: list[int] = []
    for b in outcome.get("contacts") or []:
        if int(b) not in contacts and int(b) != 0:
            contacts.append(int(b))
    off = [int(b) for b in outcome.get("off_table") or []]
    first = outcome.get("first")
    foul = ""
    if any(b == 0 for b, _ in sunk_all) or 0 in off:
        foul = "scratch"
    elif not contacts:
        foul = "no-hit"
    elif in_hand and not ((isinstance(first, int) and outcome.get("first_below", True)) or first == "rail:foot"):
        foul = "behind"
    elif must_first is not None and first != must_first:
        foul = "break"
    elif not (outcome.get("rail_after_contact") or sunk):
        foul = "no-rail"
    elif outcome.get("foul"):
        foul = "other"
    return Reading(sunk, contacts, foul)


# -- where the balls rest (a table in the terminal gives them) --------------------------------------

#: Positions travel in moves as whole hundredths of an inch.
SCALE = 100
REST = "rest"


def rest_move(ball: int, where: Any) -> Move:
    """The move that says where a ball stopped: `("rest", ball, x, y)` in hundredths of an inch, or
    `("rest", ball, POCKET)` for a ball sunk there, `("rest", ball, "off")` for one off the table."""
    if where is None:
        return Move(REST, (ball, "off"))
    if isinstance(where, str):
        return Move(REST, (ball, where))
    return Move(REST, (ball, round(float(where[0]) * SCALE), round(float(where[1]) * SCALE)))


def rest_of(move: Move, balls: int) -> tuple[int, Any] | None:
    """A rest move read: (ball, (x, y) in inches) or (ball, pocket or "off"); None if it is not one
    (a ball outside 0..balls, a place off the playing surface, a pocket that is none)."""
    args = move.args
    if move.kind != REST or not args or type(args[0]) is not int or not 0 <= args[0] <= balls:
        return None
    if len(args) == 2 and isinstance(args[1], str) and (args[1] in POCKETS or args[1] == "off"):
        return args[0], args[1]
    if len(args) == 3 and all(type(a) is int for a in args[1:]):
        x, y = args[1], args[2]
        if 0 <= x <= LENGTH * SCALE and 0 <= y <= WIDTH * SCALE:
            return args[0], (x / SCALE, y / SCALE)
    return None


REST_REFUSAL = ("A ball's resting place is its number, then x and y in hundredths of an inch (0-10000 along, "
                "0-5000 across), or the pocket it went into, or \"off\"; once a shot.")


class OpenMoves(list):  # type: ignore[type-arg]
    """The moves listed, and besides them every move `accept` takes (a ball's resting place: too many
    to list, any of them legal). `play` asks `move in legal_moves(seat)`, which asks this."""

    def __init__(self, moves: Any, accept: Any):
        super().__init__(moves)
        self.accept = accept

    def __contains__(self, move: object) -> bool:
        return list.__contains__(self, move) or bool(self.accept(move))


def outcome_rests(outcome: dict[str, Any]) -> list[Move]:
    """The rest moves of an outcome's "rest" (none if it has none): a ball's place, or for a ball that
    stopped nowhere on the table, the pocket the outcome says it went into ("off" otherwise)."""
    rest = outcome.get("rest")
    if not rest:
        return []
    pockets = {int(b): str(p) for b, p in outcome.get("sunk") or []}
    moves = []
    for key in sorted(rest, key=lambda k: int(k)):
        ball = int(key)
        where = rest[key]
        moves.append(rest_move(ball, pockets.get(ball, "off") if where is None else where))
    return moves


Positions = dict[int, tuple[float, float]]


class RestKeeper:
    """What a pool game keeps of the balls' places, for a table that gives them: `balls` (None until a
    shot says where the balls stopped), and the current shot's rests as they come (`shot_rest`)."""

    balls: Positions | None
    shot_rest: dict[int, Any]
    ball_count: int = 15

    def accept_rest(self, move: object) -> bool:
        if type(move) is not Move:
            return False
        read = rest_of(move, self.ball_count)
        return read is not None and read[0] not in self.shot_rest

    def take_rest(self, move: Move) -> None:
        read = rest_of(move, self.ball_count)
        assert read is not None
        self.shot_rest[read[0]] = read[1]

    def settle(self) -> list[tuple[int, str]]:
        """The shot is over: the balls' places become those its rests gave (when it gave any). Returns
        the balls sunk with their pockets, in the order the rests named them."""
        rest, self.shot_rest = self.shot_rest, {}
        if not rest:
            return []
        self.balls = {b: w for b, w in rest.items() if isinstance(w, tuple)}
        return [(b, w) for b, w in rest.items() if isinstance(w, str) and w in POCKETS]

    def balls_view(self) -> dict[str, list[float]] | None:
        if self.balls is None:
            return None
        return {str(b): [x, y] for b, (x, y) in sorted(self.balls.items())}
