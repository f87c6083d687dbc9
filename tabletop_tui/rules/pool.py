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

from tabletop_tui.rules.engine import Move, Option, View

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


# -- where the balls roll: on this screen (a table in the terminal) or on a real table -----------------

SCREEN, REAL = "screen", "real"


class PoolView(View):
    """What every pool game's view says of the table (`TableShots.table_view` and the balls)."""

    balls: dict[str, list[float]] | None  # where each ball lies (on this screen), by its number
    table: str  # SCREEN (a table in the terminal) or REAL (the referee)
    cue_in_hand: bool  # on this screen: the shooter places the cue ball first


TABLE_OPTION = Option(
    "table", "Where the balls roll", "choice", SCREEN,
    help="On this screen: a pool table in the terminal; each player aims and shoots with the keys, the computer "
         "shoots too, and the physics decides what happens. On a real table: this program is the referee, "
         "and each shot is entered as what happened.",
    choices=((SCREEN, "on this screen"), (REAL, "on a real table")))
#: the results' second way to play again, in the three games' words (they deal no cards, roll no dice)
SAME_GAME = "the same game again: the same players, seats and options, from the same seed"

#: A table in the terminal plays each shot as ONE move, `shot`, whose arguments are the outcome (and the
#: stroke that made it), word by word: "cue:X:Y" where the cue ball stood (hundredths of an inch),
#: "aim:MICRORADIANS", "power:THOUSANDTHS", "first:3" | "first:rail:foot" | "first:-", "below:1", "hit:3"
#: (each ball the cue ball touched, in order), "rail:1", "sunk:3:foot-left" (in order), "off:5",
#: "foul:WORDS", "call:3:foot-left" (One Ball), "rest:3:X:Y" | "rest:3:-".
SHOT = "shot"
RAILS = ("head", "foot", "left", "right")
IN_HAND_AT = (20.0, 25.0)  # where the rules put the cue ball in hand until the shooter places it


def _hundredths(value: str) -> int | None:
    return int(value) if value.isdigit() and len(value) <= 6 else None


def outcome_move(outcome: dict[str, Any], cue: Any = None, aim: float | None = None,
                 power: float | None = None) -> Move:
    """A shot's outcome (pool_outcome.md) as the one move that records it; `cue`, `aim`, `power`: the
    stroke (where the cue ball stood, the angle in radians, the power 0..1), kept so that the shot can be
    shown again (never needed to read it)."""
    words: list[str] = []
    if cue is not None:
        words.append(f"cue:{round(float(cue[0]) * SCALE)}:{round(float(cue[1]) * SCALE)}")
    if aim is not None:
        words.append(f"aim:{round((float(aim) % math.tau) * 1_000_000)}")
    if power is not None:
        words.append(f"power:{round(min(1.0, max(0.0, float(power))) * 1000)}")
    first = outcome.get("first")
    words.append(f"first:{'-' if first is None else first}")
    words.append(f"below:{1 if outcome.get('first_below') else 0}")
    words.extend(f"hit:{int(b)}" for b in outcome.get("contacts") or [])
    words.append(f"rail:{1 if outcome.get('rail_after_contact') else 0}")
    words.extend(f"sunk:{int(b)}:{p}" for b, p in outcome.get("sunk") or [])
    words.extend(f"off:{int(b)}" for b in outcome.get("off_table") or [])
    if outcome.get("foul"):
        words.append("foul:" + str(outcome["foul"]).replace("\n", " ")[:34])
    call = outcome.get("call")
    if call:
        words.append(f"call:{int(call[0])}:{call[1]}")
    for key, where in sorted((outcome.get("rest") or {}).items(), key=lambda kv: int(kv[0])):
        if where is None:
            words.append(f"rest:{int(key)}:-")
        else:
            words.append(f"rest:{int(key)}:{round(float(where[0]) * SCALE)}:{round(float(where[1]) * SCALE)}")
    return Move(SHOT, tuple(words))


def move_outcome(move: Any, balls: int = 15) -> dict[str, Any] | None:
    """A shot move read back into its outcome (with "cue", "aim", "power" where the move gives them), or
    None if it is not a well-formed shot (a word it does not know, a ball outside 0..balls, a pocket or a
    rail that is none, a place off the table, a ball named twice where once is all it can be)."""
    if type(move) is not Move or move.kind != SHOT:
        return None
    out: dict[str, Any] = {"first": None, "first_below": False, "contacts": [], "rail_after_contact": False,
                           "sunk": [], "off_table": [], "foul": ""}
    rest: dict[str, Any] = {}
    seen: set[str] = set()

    def ball(text: str) -> int | None:
        number = _hundredths(text)
        return number if number is not None and number <= balls else None

    for word in move.args:
        if type(word) is not str:
            return None
        key, _, value = word.partition(":")
        parts = value.split(":")
        if key in ("cue", "aim", "power", "first", "below", "rail", "foul", "call") and key in seen:
            return None
        seen.add(key)
        if key == "cue" and len(parts) == 2:
            x, y = _hundredths(parts[0]), _hundredths(parts[1])
            if x is None or y is None or x > LENGTH * SCALE or y > WIDTH * SCALE:
                return None
            out["cue"] = (x / SCALE, y / SCALE)
        elif key == "aim" and value.isdigit() and len(value) <= 8:
            out["aim"] = int(parts[0]) / 1_000_000
        elif key == "power" and len(parts) == 1 and _hundredths(parts[0]) is not None and int(parts[0]) <= 1000:
            out["power"] = int(parts[0]) / 1000
        elif key == "first":
            if value == "-":
                out["first"] = None
            elif len(parts) == 2 and parts[0] == "rail" and parts[1] in RAILS:
                out["first"] = value
            elif len(parts) == 1 and ball(value) not in (None, 0):
                out["first"] = ball(value)
            else:
                return None
        elif key in ("below", "rail") and value in ("0", "1"):
            out["first_below" if key == "below" else "rail_after_contact"] = value == "1"
        elif key == "hit" and len(parts) == 1 and ball(value) not in (None, 0):
            if ball(value) in out["contacts"]:
                return None
            out["contacts"].append(ball(value))
        elif key == "sunk" and len(parts) == 2 and ball(parts[0]) is not None and parts[1] in POCKETS:
            if any(b == ball(parts[0]) for b, _ in out["sunk"]):
                return None
            out["sunk"].append([ball(parts[0]), parts[1]])
        elif key == "off" and len(parts) == 1 and ball(value) is not None:
            if ball(value) in out["off_table"]:
                return None
            out["off_table"].append(ball(value))
        elif key == "foul" and value:
            out["foul"] = value
        elif key == "call" and len(parts) == 2 and ball(parts[0]) not in (None, 0) and parts[1] in POCKETS:
            out["call"] = [ball(parts[0]), parts[1]]
        elif key == "rest" and len(parts) in (2, 3) and ball(parts[0]) is not None and parts[0] not in rest:
            if len(parts) == 2:
                if parts[1] != "-":
                    return None
                rest[str(ball(parts[0]))] = None
            else:
                x, y = _hundredths(parts[1]), _hundredths(parts[2])
                if x is None or y is None or x > LENGTH * SCALE or y > WIDTH * SCALE:
                    return None
                rest[str(ball(parts[0]))] = [x / SCALE, y / SCALE]
        else:
            return None
    if "first" not in seen:
        return None
    if rest:
        out["rest"] = rest
    return out


def table_consistent(outcome: dict[str, Any], balls: Positions | None, cue_placed: bool) -> bool:
    """Whether a table's outcome fits the balls the rules know: every ball it names is on the table (the
    cue ball too, unless it is in hand: then the shot places it), its resting places name exactly those
    balls, and a ball is at rest nowhere if and only if it was sunk or left the table."""
    rest = outcome.get("rest")
    if balls is None or not rest:
        return False
    on = set(balls) | ({0} if cue_placed else set())
    if 0 not in on:
        return False
    gone = {int(b) for b, _ in outcome["sunk"]} | {int(b) for b in outcome["off_table"]}
    named = set(outcome["contacts"]) | gone | ({outcome["first"]} if isinstance(outcome["first"], int) else set())
    if not named <= on or {int(k) for k in rest} != on:
        return False
    return all((rest[str(b)] is None) == (b in gone) for b in on)


def in_hand_place(balls: Positions) -> tuple[float, float]:
    """A free place behind the Head String for a cue ball in hand (the rules' own, until the shooter
    places it): `IN_HAND_AT`, or the first free place on a grid behind the string."""
    others = [p for b, p in balls.items() if b != 0]
    for x in (IN_HAND_AT[0], 15.0, 10.0, 5.0):
        for y in (IN_HAND_AT[1], 12.5, 37.5, 5.0, 45.0):
            if all(distance((x, y), p) >= BALL for p in others):
                return (x, y)
    return IN_HAND_AT


def sample_outcomes(balls: Positions, target: int, cue: tuple[float, float], call: bool = False) -> list[dict[str, Any]]:
    """A few well-formed outcomes of a shot at `target` from `cue` (the rules list them as the table's
    representative moves: a table's shot is any well-formed outcome, too many to list): it sinks the target
    in its nearest pocket, it reaches a rail and sinks nothing, it scratches, it misses every ball; the
    balls not moved, the ones sunk at rest nowhere. `call`: One Ball's, the target in that pocket."""
    start = {**balls, 0: cue}
    at = start[target]
    pocket = min(POCKETS, key=lambda p: distance(POCKET_AT[p], at))
    below = at[0] > HEAD_STRING

    def rest(gone: tuple[int, ...]) -> dict[str, Any]:
        return {str(b): (None if b in gone else [round(x, 2), round(y, 2)]) for b, (x, y) in sorted(start.items())}

    hit = {"first": target, "first_below": below, "contacts": [target], "off_table": [], "foul": ""}
    outcomes: list[dict[str, Any]] = [
        {**hit, "rail_after_contact": True, "sunk": [[target, pocket]], "rest": rest((target,))},
        {**hit, "rail_after_contact": True, "sunk": [], "rest": rest(())},
        {**hit, "rail_after_contact": True, "sunk": [[0, "head-left"]], "rest": rest((0,))},
        {"first": None, "first_below": False, "contacts": [], "rail_after_contact": False, "sunk": [],
         "off_table": [], "foul": "", "rest": rest(())},
    ]
    if call:
        for outcome in outcomes:
            outcome["call"] = [target, pocket]
    return outcomes


class TableShots:
    """What a pool game does on this screen (its option "table" is SCREEN): the balls' places are known
    from the start (the rack, the spots), and each shot is one move, `shot`, its outcome read by the
    game's own `shot_moves` (the referee's moves, applied in turn). The game sets `shot_reader`: its
    module's function from (view, outcome) to those moves."""

    options: dict[str, Any]
    balls: Positions | None
    ball_count: int

    @property
    def on_screen(self) -> bool:
        return bool(self.options.get("table") == SCREEN)

    def cue_in_hand(self) -> bool:
        """Whether the shooter places the cue ball before the shot (behind the Head String)."""
        raise NotImplementedError

    def shot_target(self) -> int:
        """The object ball the representative shots aim at."""
        balls = self.balls or {}
        cue = balls.get(0, IN_HAND_AT)
        objects = [b for b in balls if b != 0]
        return min(objects, key=lambda b: (distance(balls[b], cue), b))

    def shot_samples(self) -> list[Move]:
        balls = self.balls or {}
        cue = in_hand_place(balls) if self.cue_in_hand() else balls[0]
        return [outcome_move(o, cue=cue) for o in sample_outcomes(balls, self.shot_target(), cue, self.calls())]

    def calls(self) -> bool:
        return False

    def shot_fits(self, outcome: dict[str, Any]) -> bool:
        """Whether a well-formed outcome fits the table as the rules know it (see `table_consistent`), its
        stroke from where the cue ball lies (or, in hand, from behind the Head String)."""
        hand = self.cue_in_hand()
        if not table_consistent(outcome, self.balls, hand):
            return False
        cue = outcome.get("cue")
        if cue is None or self.balls is None:
            return True
        if hand:
            return bool(cue[0] < HEAD_STRING)
        at = self.balls.get(0)
        return at is not None and distance(cue, at) < 0.05

    def accept_shot(self, move: object) -> bool:
        outcome = move_outcome(move, self.ball_count)
        return outcome is not None and self.shot_fits(outcome)

    def table_view(self) -> dict[str, Any]:
        return {"table": self.options.get("table", REAL), "cue_in_hand": self.on_screen and self.cue_in_hand()}
