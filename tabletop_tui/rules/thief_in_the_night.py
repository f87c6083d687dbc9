"""Thief in the Night: a thief, a guard captain and five guards on a castle of 24 x 24 squares.

The castle (walls and doors on the edges of squares, traps in squares, the gem in one of the four
centre squares) is either generated from the seed (option castle=random, the default) or built by the
two players in turns before the roles are known (castle=built): a turn marks up to ten edges (each a
wall or a door) or up to six traps, then ends with "done". Marks that would make the castle illegal
(a room without a 4 x 4 space, part of the castle shut off by walls) are refused at once, so the
castle is always legal but for its size: building ends with the first turn after which there are at
least seven rooms and sixty traps. Then the roles are drawn; the captain places his six pieces, the
thief enters on an edge square (any free one, as in the original, or with entry=unseen one that no piece
sees); the two decks are shuffled and dealt. Entering is placing, not moving: a thief who enters where a
piece sees him meets no showdown until he steps or a piece moves.

Squares: x (column, 0-23, named a-x) and y (row, 0-23 from the top, named 1-24); square index
y * 24 + x. Facings: 0 north (up), 1 east, 2 south, 3 west. Pieces: 0 is the captain, 1-5 the guards.
Cards: the thief's deck is the first deck ("7S"), the captain's the second ("7S.2").

Moves:
  gem X Y                      (built castle) the first builder puts the gem on a centre square
  wall X Y SIDE, door X Y SIDE mark the north (SIDE "N") or west ("W") edge of square (X, Y)
  trap X Y                     put a trap in a square
  done                         end a building turn
  post X Y F                   the captain places the captain, then guards 1-5
  enter X Y F                  the thief enters on a free edge square (entry=unseen: one no piece sees)
  stay CODE / go CODE / pass   the thief's turn: discard to stay, discard to move, or (no card) pass
  step D / stop                one square of movement (D: N NE E SE S SW W NW), or stop
  chain CODE                   on a trap, discard a card one rank from the last one to go on
  face F                       the thief's facing at the end of a move (F: N E S W)
  shed CODE                    after an escape, discard one of the escape hand's cards (three times)
  guard P CODE X Y             the captain moves guard P (1-5) with a card to (X, Y)
  lead CODE X Y                the captain moves the captain piece; then "face F" for it
  hold P                       a piece that cannot move at all stays where it is

Everything on the board is public (the original plays on an open table); cards in hands and the order
of the decks are hidden; discards are public, and so are cards shown in a showdown while they stay in
a hand.
"""

from __future__ import annotations

from functools import partial
from itertools import combinations, repeat
from typing import Any, Callable, Iterator, TypedDict

from tabletop_tui.rules.components import squares
from tabletop_tui.rules.components.cards import STANDARD, Card, card, codes, names
from tabletop_tui.rules.components.poker import best_hand, hand_name, hand_value
from tabletop_tui.rules.engine import (EVERYONE, Event, Game, Move, Option, Outcome, Place, Stream, View,
                                       rank_standings)
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.words import listing, plural, shorten

N = 24
AREA = N * N
FACINGS = ("N", "E", "S", "W")
FACING_WORDS = ("north", "east", "south", "west")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
STEPS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0),
         "NW": (-1, -1)}
STEP_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
              "SW": "south-west", "W": "west", "NW": "north-west"}
NONE, WALL, DOOR = 0, 1, 2
EDGES_A_TURN = 10
TRAPS_A_TURN = 6
MIN_ROOMS = 7
MIN_TRAPS = 60
ROOM = 4  # every room holds a ROOM x ROOM block
CENTRE = tuple(y * N + x for y in (11, 12) for x in (11, 12))
GUARD_HAND = 5
CAPTAIN_HAND = 10
THIEF_HAND = 10
PIECES = 6
CAPTAIN = 0
FULL = [CAPTAIN_HAND] + [GUARD_HAND] * 5

THIEF_DECK = tuple(STANDARD)
CAPTAIN_DECK = tuple(card(c.code + ".2") for c in STANDARD)
ALL_CARDS = THIEF_DECK + CAPTAIN_DECK

#: the squares a square's eight steps reach (in the order of STEPS), None through a wall or off the board
Steps = tuple[int | None, ...]
#: a move's arguments (ints and strings, as the move kind has them)
Args = tuple[Any, ...]


def square_name(i: int) -> str:
    """"a1" for the bottom-left square (the south-west corner), "x24" for the top-right, as on every
    board of the collection."""
    return squares.square_name(i, N, N)


def parse_square(text: str) -> int | None:
    """The square named "d7" (None if it is not one)."""
    return squares.square_index(text, N, N)


def piece_name(p: int) -> str:
    return "the captain" if p == CAPTAIN else f"guard {p}"


def moves_for(c: Card) -> int:
    """Squares a card moves the thief or the captain: 3 for 2-10, 4 for a face card or an ace."""
    return 3 if c.rank <= 10 else 4


def neighbours(a: Card, b: Card) -> bool:
    """One rank apart, the ace next to both the king and the 2."""
    d: int = abs(a.rank - b.rank)
    return d == 1 or d == 12


def on_board(x: int, y: int) -> bool:
    return 0 <= x < N and 0 <= y < N


def is_edge_square(i: int) -> bool:
    y, x = divmod(i, N)
    return x == 0 or y == 0 or x == N - 1 or y == N - 1


# --------------------------------------------------------------------------------------------
# The castle


class Castle:
    """Walls, doors and traps. `north[i]` and `west[i]` are the kinds (NONE, WALL, DOOR) of the north and
    west edges of square i; the outer edges of the board are the castle's outer wall."""

    __slots__ = ("north", "west", "traps", "gem", "_table", "_sights")

    def __init__(self) -> None:
        self.north = bytearray(AREA)
        self.west = bytearray(AREA)
        self.traps = bytearray(AREA)
        self.gem: int | None = None
        # the steps from every square, worked out once the walls stand
        self._table: list[Steps] | None = None
        self._sights: dict[tuple[int, int, int], list[int]] = {}

    def copy(self) -> "Castle":
        other = Castle.__new__(Castle)
        other.north = bytearray(self.north)
        other.west = bytearray(self.west)
        other.traps = bytearray(self.traps)
        other.gem = self.gem
        other._table = self._table
        other._sights = self._sights
        return other

    def changed(self) -> None:
        """An edge was marked: forget the steps and sights worked out."""
        self._table = None
        self._sights = {}

    def steps(self) -> list[Steps]:
        """`steps_from` for every square (a list by square)."""
        table = self._table
        if table is None:
            table = self._table = self._build_table()
        return table

    def steps_from(self, a: int) -> Steps:
        """For each of the eight steps (in the order of STEPS), the square it reaches from a, or None."""
        table = self._table
        if table is None:
            table = self._table = self._build_table()
        return table[a]

    def _build_table(self) -> list[Steps]:
        north, west = self.north, self.west
        none: list[int | None] = [None] * AREA
        n_, e_, s_, w_ = list(none), list(none), list(none), list(none)
        for i in range(AREA):
            y, x = divmod(i, N)
            if y > 0 and north[i] != WALL:
                n_[i] = i - N
            if y < N - 1 and north[i + N] != WALL:
                s_[i] = i + N
            if x > 0 and west[i] != WALL:
                w_[i] = i - 1
            if x < N - 1 and west[i + 1] != WALL:
                e_[i] = i + 1

        def diagonal(i: int, first: list[int | None], second: list[int | None]) -> int | None:
            a = first[i]
            if a is not None and second[a] is not None:
                return second[a]
            b = second[i]
            if b is not None and first[b] is not None:
                return first[b]
            return None

        # in the order of STEPS: N NE E SE S SW W NW
        return [(n_[i], diagonal(i, e_, n_), e_[i], diagonal(i, e_, s_), s_[i], diagonal(i, w_, s_), w_[i],
                 diagonal(i, w_, n_)) for i in range(AREA)]

    @classmethod
    def from_view(cls, view: ThiefInTheNightView) -> "Castle":
        c = cls()
        c.north = bytearray(int(ch) for ch in view["north"])
        c.west = bytearray(int(ch) for ch in view["west"])
        c.traps = bytearray(ch == "1" for ch in view["traps"])
        c.gem = view["gem"]
        c._table = None
        c._sights = {}
        return c

    # -- edges -----------------------------------------------------------------------------------

    def between(self, a: int, b: int) -> int:
        """The kind of the edge between orthogonal neighbours a and b."""
        if b == a - N:
            return self.north[a]
        if b == a + N:
            return self.north[b]
        if b == a - 1:
            return self.west[a]
        return self.west[b]

    def walled(self, a: int, b: int) -> bool:
        return self.between(a, b) == WALL

    def step_to(self, a: int, dx: int, dy: int) -> int | None:
        """The square one step (dx, dy) from a, or None off the board or through a wall. A diagonal
        step needs one of the two ways round its corner free of walls."""
        y, x = divmod(a, N)
        nx, ny = x + dx, y + dy
        if not (0 <= nx < N and 0 <= ny < N):
            return None
        b = ny * N + nx
        if dx == 0 or dy == 0:
            return None if self.walled(a, b) else b
        side, ahead = y * N + nx, ny * N + x
        if not self.walled(a, side) and not self.walled(side, b):
            return b
        if not self.walled(a, ahead) and not self.walled(ahead, b):
            return b
        return None

    def open_neighbours(self, a: int, through_doors: bool = True) -> Iterator[int]:
        y, x = divmod(a, N)
        for d in range(4):
            nx, ny = x + DX[d], y + DY[d]
            if 0 <= nx < N and 0 <= ny < N:
                b = ny * N + nx
                k = self.between(a, b)
                if k == NONE or (k == DOOR and through_doors):
                    yield b

    # -- rooms -----------------------------------------------------------------------------------

    def regions(self, through_doors: bool) -> list[int]:
        """A region number for every square: the squares joined by edges that are not marked (and by
        doors, with through_doors). Without doors these are the rooms."""
        region = [-1] * AREA
        count = 0
        for start in range(AREA):
            if region[start] >= 0:
                continue
            region[start] = count
            stack = [start]
            while stack:
                a = stack.pop()
                for b in self.open_neighbours(a, through_doors):
                    if region[b] < 0:
                        region[b] = count
                        stack.append(b)
            count += 1
        return region

    def rooms(self) -> list[int]:
        return self.regions(False)

    def trap_count(self) -> int:
        return sum(self.traps)

    def problems(self) -> list[str]:
        """What keeps this castle from being a legal one, in words ([] for a legal castle)."""
        out: list[str] = []
        if self.gem not in CENTRE:
            out.append("the gem must lie on one of the four centre squares")
        rooms = self.rooms()
        count = max(rooms) + 1
        small = [r for r in range(count) if not has_block(rooms, r)]
        if small:
            out.append(f"{plural(len(small), 'room')} without a {ROOM} x {ROOM} space")
        if count < MIN_ROOMS:
            out.append(f"{plural(MIN_ROOMS - count, 'more room')} (there {'is' if count == 1 else 'are'} {count})")
        reach = self.regions(True)
        if max(reach) > 0:
            out.append("part of the castle is shut off by walls: every room must be reachable")
        traps = self.trap_count()
        if traps < MIN_TRAPS:
            out.append(f"{plural(MIN_TRAPS - traps, 'more trap')} (there {'is' if traps == 1 else 'are'} {traps})")
        if self.gem is not None and self.traps[self.gem]:
            out.append("a trap on the gem's square")
        return out


def has_block(region: list[int], r: int) -> bool:
    """Whether region r holds a ROOM x ROOM block of squares."""
    for y in range(N - ROOM + 1):
        row = y * N
        for x in range(N - ROOM + 1):
            if region[row + x] != r:
                continue
            if all(region[(y + j) * N + x + i] == r for j in range(ROOM) for i in range(ROOM)):
                return True
    return False


def edge_points(x: int, y: int, side: str) -> tuple[int, int]:
    """The two corner points (of the 25 x 25 lattice) an edge joins."""
    P = N + 1
    if side == "N":
        return y * P + x, y * P + x + 1
    return y * P + x, (y + 1) * P + x


class _Points:
    """Union-find over the corners of the squares: which corners the marked edges join to the outer
    wall or to each other. A new edge between two corners already joined closes a region."""

    __slots__ = ("parent",)

    def __init__(self) -> None:
        P = N + 1
        self.parent = list(range(P * P))
        border = [i for i in range(P * P) if i % P in (0, N) or i // P in (0, N)]
        for p in border[1:]:
            self.union(border[0], p)

    def copy(self) -> "_Points":
        other = _Points.__new__(_Points)
        other.parent = list(self.parent)
        return other

    def find(self, p: int) -> int:
        parent = self.parent
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


def edge_squares(x: int, y: int, side: str) -> tuple[int, int]:
    """The two squares an edge lies between."""
    i = y * N + x
    return (i - N, i) if side == "N" else (i - 1, i)


def is_inner_edge(x: int, y: int, side: str) -> bool:
    if not on_board(x, y) or side not in ("N", "W"):
        return False
    return y > 0 if side == "N" else x > 0


def generate_castle(rng: Stream) -> Castle:
    """A legal castle from the seeded stream: rooms by splitting the area in two again and again (each
    part at least 5 squares wide, so that it holds a 4 x 4 block), the walls of every split holding one
    or two doors, traps scattered, the gem on a centre square."""
    c = Castle()
    rects = [(0, 0, N, N)]
    target = 8 + rng.below(4)  # 8 to 11 rooms
    rooms: list[tuple[int, int, int, int]] = []
    while rects:
        rects.sort(key=lambda r: r[2] * r[3])
        x, y, w, h = rects.pop()
        splittable = w >= 10 or h >= 10
        if not splittable or len(rooms) + len(rects) + 1 >= target and w * h < 150:
            rooms.append((x, y, w, h))
            continue
        vertical = w > h if w != h else rng.coin()
        if vertical and w < 10:
            vertical = False
        if not vertical and h < 10:
            vertical = True
        if vertical:
            cut = x + 5 + rng.below(w - 9)
            doors = sorted({y + rng.below(h) for _ in range(1 + (h > 8))})
            for j in range(y, y + h):
                c.west[j * N + cut] = DOOR if j in doors else WALL
            rects += [(x, y, cut - x, h), (cut, y, x + w - cut, h)]
        else:
            cut = y + 5 + rng.below(h - 9)
            doors = sorted({x + rng.below(w) for _ in range(1 + (w > 8))})
            for i in range(x, x + w):
                c.north[cut * N + i] = DOOR if i in doors else WALL
            rects += [(x, y, w, cut - y), (x, cut, w, y + h - cut)]
    c.gem = CENTRE[rng.below(4)]
    want = MIN_TRAPS + rng.below(13)
    free = [i for i in range(AREA) if i != c.gem]
    rng.shuffle(free)
    for i in free[:want]:
        c.traps[i] = 1
    return c


# --------------------------------------------------------------------------------------------
# Sight


def sight(castle: Castle, at: int, facing: int, reach: int) -> list[int]:
    """The squares a piece on `at` facing `facing` sees: reach 1 for a guard (3 x 3 ahead), 2 for the
    captain (5 x 5). In the watcher's own frame a square is (s, f), s squares to the right and f ahead.
    A square further ahead than aside is seen when the square before it in its column is seen (or is
    the watcher) and no wall lies between them; a square further aside than ahead, when the square
    toward the watcher's column is seen and no wall lies between them; a square on the diagonal, when
    neither of its two near edges is a wall and one of its two near neighbours is seen. So a wall hides
    the square behind it and, through it, all the squares behind that. Doors and traps hide nothing."""
    cached = castle._sights.get((at, facing, reach))
    if cached is not None:
        return cached
    y0, x0 = divmod(at, N)
    fx, fy = DX[facing], DY[facing]
    rx, ry = DX[(facing + 1) % 4], DY[(facing + 1) % 4]
    depth = 2 * reach + 1
    seen: dict[tuple[int, int], int | None] = {(0, 0): at}  # (s, f) -> square, or None if unseen

    def square(s: int, f: int) -> int | None:
        x, y = x0 + s * rx + f * fx, y0 + s * ry + f * fy
        return y * N + x if 0 <= x < N and 0 <= y < N else None

    def vis(s: int, f: int) -> int | None:
        key = (s, f)
        if key in seen:
            return seen[key]
        seen[key] = None
        sq = square(s, f)
        if sq is None:
            return None
        a = abs(s)
        sg = 1 if s > 0 else -1
        out = None
        if a < f:
            back = vis(s, f - 1)
            if back is not None and not castle.walled(sq, back):
                out = sq
        elif a > f:
            inner = vis(s - sg, f)
            if inner is not None and not castle.walled(sq, inner):
                out = sq
        else:
            back_sq, inner_sq = square(s, f - 1), square(s - sg, f)
            if back_sq is not None and inner_sq is not None and not castle.walled(sq, back_sq) \
                    and not castle.walled(sq, inner_sq):
                if vis(s, f - 1) is not None or vis(s - sg, f) is not None:
                    out = sq
        seen[key] = out
        return out

    out = []
    for f in range(1, depth + 1):
        for s in range(-reach, reach + 1):
            sq = vis(s, f)
            if sq is not None:
                out.append(sq)
    castle._sights[(at, facing, reach)] = out
    return out


def is_behind(thief: int, facing: int, other: int) -> bool:
    """Whether the square `other` lies behind a thief on `thief` facing `facing`: in the wedge opposite
    his facing, d >= 1 squares back and at most d across."""
    ty, tx = divmod(thief, N)
    oy, ox = divmod(other, N)
    dx, dy = ox - tx, oy - ty
    fwd = dx * DX[facing] + dy * DY[facing]
    side = dx * DX[(facing + 1) % 4] + dy * DY[(facing + 1) % 4]
    return fwd <= -1 and abs(side) <= -fwd


def reach_of(piece: int) -> int:
    return 2 if piece == CAPTAIN else 1


def best_with(hand: list[Card], forced: list[Card]) -> list[Card]:
    """The best poker hand of at most five cards from `hand` that holds every card of `forced`."""
    if not forced:
        return list(best_hand(hand).cards) if hand else []
    forced = forced[:5]
    rest = [c for c in hand if c not in forced]
    need = 5 - len(forced)
    if len(rest) <= need:
        return forced + rest
    best, best_v = forced, -1
    for combo in combinations(rest, need):
        v = hand_value(forced + list(combo))
        if v > best_v:
            best, best_v = forced + list(combo), v
    return best


# --------------------------------------------------------------------------------------------
# The game


class Showdown(TypedDict):
    """The last showdown, as everyone saw it (cards by their codes)."""

    square: int
    watchers: list[int]
    forced: list[str]
    escape: list[str]
    capture: list[str]
    escape_name: str
    capture_name: str
    result: str  # "capture", "escape" or "tie"


class BuildingStatus(TypedDict):
    """The castle being built: its rooms and traps so far, the turn's marks and what is missing."""

    rooms: int
    traps: int
    marks: int
    kind: str | None
    missing: list[str]
    edges_left: int
    traps_left: int


class ThiefInTheNightView(View, total=False):
    """The open table (castle, pieces, sight, discards, the last showdown) and the viewer's own hand."""

    phase: str
    thief_seat: int
    captain_seat: int
    north: str  # one digit a square: the kind of its north edge (0 none, 1 wall, 2 door)
    west: str
    traps: str  # "1" where a square holds a trap
    gem: int | None  # None while the thief carries it
    carrying: bool
    pieces: list[list[int] | None]  # [square, facing] by piece, None before it is placed
    thief: list[int] | None  # [square, facing]
    sight: str  # see `sight_mask`
    moved: list[int]
    thief_hand: list[str] | None  # the thief's seat only
    thief_count: int
    guard_hands: list[list[str]] | None  # the captain's seat only
    guard_counts: list[int]
    shown: list[str]
    thief_discards: list[str]
    captain_discards: list[str]
    decks: list[int]
    round: int
    dawn: int
    entry: str
    steps_left: int
    last_card: str | None
    escape_hand: list[str]
    shed_left: int
    showdown: Showdown | None
    builder: int | None
    building: BuildingStatus | None


GEM, BUILD, POST, ENTER, THIEF, STEPS_, TRAP, FACE, SHED, DASH, CAPTAIN_TURN, CFACE, OVER = (
    "gem", "build", "post", "enter", "thief", "steps", "trap", "face", "shed", "dash", "captain", "cface", "over")
THIEF_PHASES = (ENTER, THIEF, STEPS_, TRAP, FACE, SHED, DASH)
_BEFORE_THE_DEAL = frozenset((GEM, BUILD, POST, ENTER))
_KINDS = ("gem", "wall", "door", "trap", "done", "post", "enter", "stay", "go", "pass", "step", "stop", "chain",
          "face", "shed", "guard", "lead", "hold")


class ThiefInTheNight(Game):
    id = "thief-in-the-night"
    title = "Thief in the Night"
    score_label = "Role"
    min_players = 2
    max_players = 2
    #: 2: the thief may enter on any free edge square (version 1: only on one no piece sees)
    #: 3: a thief with the gem who steps onto the edge and is not caught in the showdown there escapes
    #: (version 2 played on: option "edge_showdown")
    rules_version = 3
    migrations = {1: old_reading(entry="unseen"), 2: old_reading(edge_showdown="play on")}
    hidden_information = True
    chance = "a card dealt, drawn or picked at random from the thief's hand"
    length_unit = "turns of the thief"
    move_limit = 4_000
    #: moves of each random game in the catalog's hidden-cards test (a whole game takes thousands)
    leak_test_moves = 60
    OPTIONS = (
        Option("castle", "Castle", "choice", "random",
               help="Generated from the seed, or built by the two players in turns (the original's setup: "
                    "walls and doors ten edges a turn or traps six a turn, until seven rooms and sixty traps).",
               choices=(("random", "generated"), ("built", "built by the players"))),
        Option("guard_straight", "Guards' straight move", "choice", "any",
               help="A guard's 2-10 move of two squares in a straight line: in any of the four directions "
                    "(the letter of the rules), or forward only.",
               choices=(("any", "any direction"), ("forward", "forward only"))),
        Option("behind", "Forced cards", "choice", "mover",
               help="When the thief must use random cards in his escape hand: when the guard that moves "
                    "into sight is behind him (the original), or whenever any watcher is behind him.",
               choices=(("mover", "the mover behind"), ("any", "any watcher behind"))),
        Option("entry", "Where the thief enters", "choice", "edge",
               help="Any free square along the edge of the castle (the original), or only an edge square "
                    "that no guard and not the captain can see.",
               choices=(("edge", "any edge square"), ("unseen", "an edge square nobody watches"))),
        Option("edge_showdown", "A showdown on the edge with the gem", "choice", "escapes",
               help="The thief with the gem who steps onto an edge square in sight of a piece meets it in a "
                    "showdown there; not caught, he has reached the edge with the gem, and escapes. Or the "
                    "game plays on, and he escapes only by a later step onto the edge.",
               choices=(("escapes", "not caught, he escapes"), ("play on", "the game plays on"))),
        Option("escape_move", "Escape move", "int", 4, min=0, max=8,
               help="Squares the thief may move unseen after winning a showdown (4 in the original).",
               ),
        Option("thief_hand", "Thief's hand", "int", THIEF_HAND, min=5, max=10,
               help="Cards in the thief's hand (10 in the original)."),
        Option("dawn", "Dawn", "int", 0, min=0, max=500,
               help="The guards win when the thief has had this many turns (0: the night never ends, as "
                    "in the original)."),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        o = self.options
        self.built = o["castle"] == "built"
        if self.built:  # what undo never passes, in words (the hint under the prompt)
            # this table's chance depends on its castle option
            self.chance = "a card dealt, drawn or picked at random from the thief's hand, or a building turn ended"
        self.castle = Castle()
        self._points = _Points()  # walls and doors
        self._wall_points = _Points()  # walls only
        self.builder = 0
        self.turn_kind: str | None = None  # "edges" or "traps" once the building turn has marked
        self.marks = 0
        self.passes = 0  # building turns in a row that could mark nothing
        self.thief_seat = self.captain_seat = -1
        self.pos: list[int | None] = [None] * PIECES
        self.facing = [0] * PIECES
        self.tpos: int | None = None
        self.tface = 0
        self.carrying = False
        self.tdeck: list[Card] = []
        self.cdeck: list[Card] = []
        self.tdisc: list[Card] = []
        self.cdisc: list[Card] = []
        self.thand: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(PIECES)]
        self.known: set[Card] = set()  # cards shown in a showdown, still in a hand
        self._fresh: set[Card] = set()  # cards discarded by the move being made: never shuffled back by it
        self.round = 0
        self.moved: set[int] = set()
        self.steps_left = 0
        self.last_card: Card | None = None
        self.context = "thief"  # whose turn a facing or an escape belongs to
        self.escape_hand: list[Card] = []
        self.shed_left = self.shed_count = 0
        self.showdown: Showdown | None = None
        self.showdowns = 0
        self._outcome: Outcome | None = None
        self._cache: tuple[tuple[int, int], list[Move]] | None = None  # (moves made, seat) and its moves
        # (pieces, facings, moves made while building) and each piece's sight, and `sight_mask`
        self._sight_cache: tuple[tuple[object, ...], list[list[int]], str] | None = None
        p = self.players
        if self.built:
            self.phase = GEM
            self.log.append(self.say(
                f"{p[0]} and {p[1]} build the castle in turns, {p[0]} first; the roles are drawn when it is "
                f"done. {p[0]} puts the gem on a centre square.", "setup"))
        else:
            self.castle = castle = generate_castle(self.rng)
            rooms = max(castle.rooms()) + 1
            gem = castle.gem
            assert gem is not None  # a castle generated has its gem
            self.log.append(self.say(
                f"The castle is generated: {rooms} rooms and {castle.trap_count()} traps; the gem lies on "
                f"{square_name(gem)}.", "setup"))
            self._draw_roles(self.log)

    # -- setup ----------------------------------------------------------------------------------

    def _draw_roles(self, events: list[Event]) -> None:
        self.thief_seat = self.rng.below(2)
        self.captain_seat = 1 - self.thief_seat
        self.phase = POST
        p = self.players
        events.append(self.say(f"The lot makes {p[self.thief_seat]} the thief and {p[self.captain_seat]} the "
                               f"captain of the guard. {p[self.captain_seat]} places the captain and five guards.",
                               "roles", self.thief_seat, thief=self.thief_seat))

    def _deal(self, events: list[Event]) -> None:
        self.tdeck = list(THIEF_DECK)
        self.cdeck = list(CAPTAIN_DECK)
        self.rng.shuffle(self.tdeck)
        self.rng.shuffle(self.cdeck)
        self.thand = sorted(self.tdeck.pop() for _ in range(self.options["thief_hand"]))
        for piece in range(PIECES):
            self.hands[piece] = sorted(self.cdeck.pop() for _ in range(FULL[piece]))
        t, c = self.thief_seat, self.captain_seat
        p = self.players
        events.append(self.say(f"The decks are shuffled: {p[t]} deals {plural(len(self.thand), 'card')} to the "
                               f"thief, {p[c]} ten to the captain and five to each guard.", "deal"))
        events.append(self.tell(t, f"You are dealt {names(self.thand)}.", kind="deal", seat=t))
        for piece in range(PIECES):
            events.append(self.tell(c, f"{piece_name(piece).capitalize()} is dealt {names(self.hands[piece])}.",
                                    kind="deal", seat=c))

    # -- cards ------------------------------------------------------------------------------------

    def _draw(self, thief: bool, n: int, events: list[Event]) -> list[Card]:
        deck, disc = (self.tdeck, self.tdisc) if thief else (self.cdeck, self.cdisc)
        out = []
        for _ in range(n):
            if not deck:
                old = [c for c in disc if c not in self._fresh]
                if not old:
                    break
                deck.extend(old)
                disc[:] = [c for c in disc if c in self._fresh]
                self.showdown = None  # its cards may go back into a deck
                self.rng.shuffle(deck)
                who = "the thief's" if thief else "the captain's"
                events.append(self.say(f"{who.capitalize()} deck is spent: its discards are shuffled into a new "
                                       "deck.", "reshuffle"))
            out.append(deck.pop())
        return out

    def _discard(self, owner: int | None, c: Card) -> None:
        """owner None: the thief; else a piece."""
        if owner is None:
            self.thand.remove(c)
            self.tdisc.append(c)
        else:
            self.hands[owner].remove(c)
            self.cdisc.append(c)
        self.known.discard(c)
        self._fresh.add(c)

    def _thief_draws(self, n: int, events: list[Event]) -> None:
        got = self._draw(True, n, events)
        self.thand.extend(got)
        self.thand.sort()
        t = self.thief_seat
        who = self.players[t]
        if got:
            events.append(self.tell(t, f"You draw {names(got)}.", public=f"{who} draws {plural(len(got), 'card')}.",
                                    kind="draw", seat=t, cards=codes(got)))
        else:
            events.append(self.say(f"{who} has no card to draw.", "draw", t))

    def _piece_draws(self, piece: int, n: int, events: list[Event]) -> None:
        got = self._draw(False, n, events)
        self.hands[piece].extend(got)
        self.hands[piece].sort()
        c = self.captain_seat
        who = piece_name(piece).capitalize()
        if got:
            events.append(self.tell(c, f"{who} draws {names(got)}.", public=f"{who} draws {plural(len(got), 'card')}.",
                                    kind="draw", seat=c, cards=codes(got)))

    # -- the board ----------------------------------------------------------------------------------

    def occupied(self) -> set[int]:
        out = {p for p in self.pos if p is not None}
        if self.tpos is not None:
            out.add(self.tpos)
        return out

    def sights(self) -> list[list[int]]:
        """The squares each piece sees (pieces not yet placed see nothing)."""
        key = (tuple(self.pos), tuple(self.facing), len(self.history) if self.phase in (GEM, BUILD) else -1)
        if self._sight_cache is not None and self._sight_cache[0] == key:
            return self._sight_cache[1]
        out = [sight(self.castle, at, self.facing[p], reach_of(p)) if at is not None else []
               for p, at in enumerate(self.pos)]
        mask = bytearray(b"0" * AREA)
        for p, seen in enumerate(out):
            bit = 1 << p
            for sq in seen:
                mask[sq] += bit
        self._sight_cache = (key, out, mask.decode())
        return out

    def sight_mask(self) -> str:
        """576 characters, one a square: chr(48 + the bits of the pieces that see it)."""
        self.sights()
        cache = self._sight_cache
        assert cache is not None  # set by sights()
        return cache[2]

    def watchers(self) -> list[int]:
        at = self.tpos
        if at is None:
            return []
        return [p for p, seen in enumerate(self.sights()) if at in seen]

    def piece_at(self, piece: int) -> int:
        """The square of a piece placed."""
        at = self.pos[piece]
        assert at is not None, "the piece is not placed yet"
        return at

    def thief_at(self) -> int:
        """The thief's square, once he has entered."""
        at = self.tpos
        assert at is not None, "the thief has not entered yet"
        return at

    def guard_moves(self, piece: int, face_card: bool, busy: set[int] | None = None) -> list[tuple[int, int]]:
        """(destination, facing) for each way a guard may move with a 2-10 card or a face card (`busy`:
        the squares occupied, if known)."""
        at = self.piece_at(piece)
        routes = _GUARD_ROUTES[self.facing[piece], face_card, self.options["guard_straight"] == "forward"]
        if busy is None:
            busy = self.occupied()
        out: list[tuple[int, int]] = []
        table = self.castle.steps()
        for route, facing in routes:
            here = at
            for k in route:
                ahead = table[here][k]
                if ahead is None or ahead in busy:
                    break
                here = ahead
            else:
                out.append((here, facing))
        return out

    def reachable(self, start: int, steps: int) -> dict[int, int]:
        """Squares a captain reaches in 1..steps steps (diagonals allowed, no walls, no pieces), with the
        number of steps."""
        return self._reach(start, steps, self.occupied())

    def _reach(self, start: int, steps: int, busy: set[int]) -> dict[int, int]:
        """`reachable`, the squares occupied given."""
        dist = {start: 0}
        frontier = [start]
        table = self.castle.steps()
        for n in range(1, steps + 1):
            nxt = []
            for a in frontier:
                for b in table[a]:
                    if b is not None and b not in dist and b not in busy:
                        dist[b] = n
                        nxt.append(b)
            frontier = nxt
        del dist[start]
        return dist

    def thief_step(self, d: str) -> int | None:
        b = self.castle.steps_from(self.thief_at())[_STEP_INDEX[d]]
        if b is None or b in self.occupied():
            return None
        return b

    # -- the contract ---------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        phase = self.phase
        if phase in (GEM, BUILD):
            return [self.builder]
        if phase in (POST, CAPTAIN_TURN, CFACE):
            return [self.captain_seat]
        if phase == OVER:
            return []
        return [self.thief_seat]

    def legal_moves(self, seat: int) -> list[Move]:
        key = (len(self.history), seat)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        moves = self._legal(seat) if seat in self.to_act() else []
        self._cache = (key, moves)
        return moves

    def _legal(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == GEM:
            return [Move("gem", (i % N, i // N)) for i in CENTRE]
        if phase == BUILD:
            return self._building_moves()
        if phase == POST:
            busy = self.occupied()
            return [m for i, four in enumerate(_POST_MOVES) if i not in busy for m in four]
        if phase == ENTER:
            return [m for i in self.entry_squares() for m in _ENTER_MOVES[i]]
        if phase == THIEF:
            if not self.thand:
                return [Move("pass")]
            return [Move(k, (c.code,)) for k in ("stay", "go") for c in self.thand]
        if phase in (STEPS_, DASH):
            out = [Move("step", (d,)) for d in STEPS if self.thief_step(d) is not None]
            return out + [Move("stop")]
        if phase == TRAP:
            last = self.last_card
            assert last is not None  # the card that moved the thief onto the trap
            return [Move("chain", (c.code,)) for c in self.thand if neighbours(c, last)] + [Move("stop")]
        if phase in (FACE, CFACE):
            return [Move("face", (f,)) for f in FACINGS]
        if phase == SHED:
            return [Move("shed", (c.code,)) for c in self.escape_hand if c in self.thand]
        if phase == CAPTAIN_TURN:
            return self._captain_moves()
        return []

    def entry_squares(self) -> list[int]:
        """The free edge squares (with entry=unseen, those no piece sees)."""
        busy = self.occupied()
        if self.options["entry"] == "unseen":
            busy = busy.union(*self.sights())
        return [i for i in range(AREA) if is_edge_square(i) and i not in busy]

    def _captain_moves(self) -> list[Move]:
        """Each piece not moved yet this turn, in order: its moves card by card (the captain's to each
        square he reaches, in the squares' order; a guard's by each route), or "hold" if it has none.
        The squares are found once a piece (for every card of a number of steps, or of a kind); the
        moves are made in C (`_MAKE_MOVE` over the squares), each (x, y) from `_XY`."""
        out: list[Move] = []
        make = _MAKE_MOVE
        xy = _XY
        busy = self.occupied()
        moved, hands, pos = self.moved, self.hands, self.pos
        for p in range(PIECES):
            if p in moved:
                continue
            hand = hands[p]
            before = len(out)
            if p == CAPTAIN:
                at = pos[p]
                assert at is not None, "the piece is not placed yet"
                dests: dict[int, list[tuple[int, int]]] = {}  # by the squares a card moves him
                for c in hand:
                    n = 3 if c.rank <= 10 else 4  # moves_for(c)
                    squares = dests.get(n)
                    if squares is None:
                        squares = dests[n] = [xy[i] for i in sorted(self._reach(at, n, busy))]
                    out += map(make, zip(repeat("lead"), map((c.code,).__add__, squares)))
            else:
                routes: dict[bool, list[tuple[int, int]]] = {}  # for a number card and a face card
                for c in hand:
                    face: bool = c.rank > 10
                    ends = routes.get(face)
                    if ends is None:
                        ends = routes[face] = [xy[i] for i, _ in self.guard_moves(p, face, busy)]
                    out += map(make, zip(repeat("guard"), map((p, c.code).__add__, ends)))
            if len(out) == before:
                out.append(Move("hold", (p,)))
        return out

    def _building_moves(self) -> list[Move]:
        out = []
        kind = self.turn_kind
        if kind in (None, "edges") and self.marks < EDGES_A_TURN:
            for y in range(N):
                for x in range(N):
                    for side in ("N", "W"):
                        if not is_inner_edge(x, y, side):
                            continue
                        for mark in ("wall", "door"):
                            if not self._edge_problem(x, y, side, mark):
                                out.append(Move(mark, (x, y, side)))
        if kind in (None, "traps") and self.marks < TRAPS_A_TURN:
            traps, gem = self.castle.traps, self.castle.gem
            out += [Move("trap", (i % N, i // N)) for i in range(AREA) if not traps[i] and i != gem]
        if self.marks or not out:
            out.append(Move("done"))
        return out

    def _edge_problem(self, x: int, y: int, side: str, mark: str) -> str:
        """Why this edge may not be marked now ("" if it may)."""
        i = y * N + x
        if (self.castle.north if side == "N" else self.castle.west)[i]:
            return "That edge is already marked."
        p, q = edge_points(x, y, side)
        if mark == "wall" and self._wall_points.find(p) == self._wall_points.find(q):
            return "That wall would shut part of the castle off: every room must be reachable (a door would not)."
        if self._points.find(p) == self._points.find(q):
            a, b = edge_squares(x, y, side)
            arr = self.castle.north if side == "N" else self.castle.west
            arr[i] = DOOR
            region = self.castle.regions(False)
            arr[i] = NONE
            for sq in (a, b):
                if not has_block(region, region[sq]):
                    return (f"That edge would close a room with no {ROOM} x {ROOM} space (around "
                            f"{square_name(sq)}).")
        return ""

    def outcome(self) -> Outcome | None:
        return self._outcome

    def turn_order(self) -> list[int]:
        """The captain first (he places his pieces first), then the thief; so `simulate`'s wins of the
        second position are the thief's. Before the roles are drawn: the builders in turn."""
        if self.thief_seat < 0:
            return [0, 1]
        if self.built:
            return super().turn_order()
        return [self.captain_seat, self.thief_seat]

    def length(self) -> int:
        return self.round

    # -- applying moves ---------------------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> list[Event]:
        self._cache = None
        self._fresh = set()
        kind, args = move.kind, move.args
        events: list[Event] = []
        handler = getattr(self, "_do_" + kind)
        handler(seat, args, events)
        return events

    # building

    def _do_gem(self, seat: int, args: Args, events: list[Event]) -> None:
        x, y = args
        self.castle.gem = y * N + x
        self.phase = BUILD
        events.append(self.say(f"{self.players[seat]} puts the gem on {square_name(y * N + x)}.", "gem", seat))

    def _do_wall(self, seat: int, args: Args, events: list[Event]) -> None:
        self._mark_edge(seat, args, WALL, events)

    def _do_door(self, seat: int, args: Args, events: list[Event]) -> None:
        self._mark_edge(seat, args, DOOR, events)

    def _mark_edge(self, seat: int, args: Args, kind: int, events: list[Event]) -> None:
        x, y, side = args
        i = y * N + x
        (self.castle.north if side == "N" else self.castle.west)[i] = kind
        self.castle.changed()
        p, q = edge_points(x, y, side)
        self._points.union(p, q)
        if kind == WALL:
            self._wall_points.union(p, q)
        self.turn_kind = "edges"
        self.marks += 1
        a, b = edge_squares(x, y, side)
        what = "a wall" if kind == WALL else "a door"
        events.append(self.say(f"{self.players[seat]} marks {what} between {square_name(a)} and {square_name(b)} "
                               f"({self.marks} of {EDGES_A_TURN}).", "edge", seat))

    def _do_trap(self, seat: int, args: Args, events: list[Event]) -> None:
        x, y = args
        self.castle.traps[y * N + x] = 1
        self.turn_kind = "traps"
        self.marks += 1
        events.append(self.say(f"{self.players[seat]} sets a trap on {square_name(y * N + x)} ({self.marks} of "
                               f"{TRAPS_A_TURN}).", "trap", seat))

    def _do_done(self, seat: int, args: Args, events: list[Event]) -> None:
        p = self.players
        if self.marks == 0:
            self.passes += 1
            events.append(self.say(f"{p[seat]} can mark nothing more.", "done", seat))
        else:
            self.passes = 0
            events.append(self.say(f"{p[seat]} ends the building turn.", "done", seat))
        self.marks = 0
        self.turn_kind = None
        self.revealed()  # the other builder sees the turn: undo stops here
        rooms = max(self.castle.rooms()) + 1
        traps = self.castle.trap_count()
        if (rooms >= MIN_ROOMS and traps >= MIN_TRAPS) or self.passes >= 2:
            how = "" if rooms >= MIN_ROOMS and traps >= MIN_TRAPS else " as it stands (no mark is possible)"
            events.append(self.say(f"The castle is finished{how}: {plural(rooms, 'room')} and "
                                   f"{plural(traps, 'trap')}.", "castle"))
            self._draw_roles(events)
            return
        self.builder = 1 - seat

    # placing

    def _do_post(self, seat: int, args: Args, events: list[Event]) -> None:
        x, y, f = args
        piece = next(p for p in range(PIECES) if self.pos[p] is None)
        self.pos[piece] = y * N + x
        self.facing[piece] = FACINGS.index(f)
        events.append(self.say(f"{self.players[seat]} places {piece_name(piece)} on {square_name(y * N + x)}, facing "
                               f"{FACING_WORDS[FACINGS.index(f)]}.", "post", seat, piece=piece))
        if piece == PIECES - 1:
            self.phase = ENTER

    def _do_enter(self, seat: int, args: Args, events: list[Event]) -> None:
        x, y, f = args
        self.tpos = y * N + x
        self.tface = FACINGS.index(f)
        events.append(self.say(f"{self.players[seat]}, the thief, slips in on {square_name(self.tpos)}, facing "
                               f"{FACING_WORDS[self.tface]}.", "enter", seat))
        self._deal(events)
        self._thief_turn(events)

    # the thief's turn

    def _thief_turn(self, events: list[Event]) -> None:
        self.round += 1
        dawn = self.options["dawn"]
        if dawn and self.round > dawn:
            self.round = dawn
            self._finish(False, f"Dawn breaks after {plural(dawn, 'turn')} of the thief: "
                                f"{self.players[self.captain_seat]}'s guards win.", events)
            return
        self.phase = THIEF
        self.context = "thief"
        self.steps_left = 0
        self.last_card = None

    def _do_stay(self, seat: int, args: Args, events: list[Event]) -> None:
        c = card(args[0])
        self._discard(None, c)
        self.phase = FACE
        events.append(self.say(f"{self.players[seat]} discards {c.name} and stays on {square_name(self.thief_at())}.",
                               "stay", seat, card=c.code))

    def _do_pass(self, seat: int, args: Args, events: list[Event]) -> None:
        self.phase = FACE
        events.append(self.say(f"{self.players[seat]} has no card and stays.", "stay", seat))

    def _do_go(self, seat: int, args: Args, events: list[Event]) -> None:
        c = card(args[0])
        self._discard(None, c)
        self.last_card = c
        self.steps_left = moves_for(c)
        self.phase = STEPS_
        events.append(self.say(f"{self.players[seat]} discards {c.name} to move up to {self.steps_left} squares.",
                               "go", seat, card=c.code))

    def _do_step(self, seat: int, args: Args, events: list[Event]) -> None:
        d = args[0]
        b = self.thief_step(d)
        assert b is not None  # a legal step
        self.tpos = b
        self.steps_left -= 1
        dash = self.phase == DASH
        who = self.players[seat]
        events.append(self.say(f"{who} steps {STEP_WORDS[d]} to {square_name(b)}.", "step", seat, square=b))
        if b == self.castle.gem and not self.carrying:
            self.carrying = True
            events.append(self.say(f"{who} picks up the gem!", "gem", seat))
        if not dash:
            watchers = self.watchers()
            if watchers:
                self._showdown(watchers, None, events)
                if self.phase == OVER:
                    return
                if self.phase in (SHED, DASH, FACE):  # not caught: on the edge with the gem, he is out
                    if self.options["edge_showdown"] == "escapes":
                        self._escaped(events)
                    return
        if self._escaped(events):
            return
        if self.castle.traps[b] and self.steps_left > 0:
            if dash:
                events.append(self.say(f"A trap on {square_name(b)} ends {who}'s escape.", "trap", seat))
                self.phase = FACE
            else:
                self.phase = TRAP
            return
        if self.steps_left <= 0:
            self.phase = FACE

    def _escaped(self, events: list[Event]) -> bool:
        at = self.thief_at()
        if self.carrying and is_edge_square(at):
            t = self.thief_seat
            self._finish(True, f"{self.players[t]} escapes the castle with the gem on {square_name(at)}!",
                         events)
            return True
        return False

    def _do_stop(self, seat: int, args: Args, events: list[Event]) -> None:
        self.phase = FACE
        self.steps_left = 0
        events.append(self.say(f"{self.players[seat]} stops on {square_name(self.thief_at())}.", "stop", seat))

    def _do_chain(self, seat: int, args: Args, events: list[Event]) -> None:
        c = card(args[0])
        self._discard(None, c)
        self.last_card = c
        self.phase = STEPS_
        events.append(self.say(f"{self.players[seat]} discards {c.name} to slip past the trap.", "chain", seat,
                               card=c.code))

    def _do_face(self, seat: int, args: Args, events: list[Event]) -> None:
        f = FACINGS.index(args[0])
        who = self.players[seat]
        if self.phase == CFACE:
            self.facing[CAPTAIN] = f
            events.append(self.say(f"The captain turns {FACING_WORDS[f]}.", "face", seat))
            self.moved.add(CAPTAIN)
            self.phase = CAPTAIN_TURN
            if CAPTAIN in self.watchers():
                self._showdown(self.watchers(), CAPTAIN, events)
                if self.phase != CAPTAIN_TURN:
                    return
            self._captain_next(events)
            return
        self.tface = f
        events.append(self.say(f"{who} faces {FACING_WORDS[f]}.", "face", seat))
        if self.context == "thief":
            self._thief_draws(1, events)
            self._captain_turn(events)
        else:
            self.phase = CAPTAIN_TURN
            self._captain_next(events)

    def _do_shed(self, seat: int, args: Args, events: list[Event]) -> None:
        c = card(args[0])
        self._discard(None, c)
        self.escape_hand.remove(c)
        self.shed_left -= 1
        events.append(self.say(f"{self.players[seat]} discards {c.name} from the escape hand.", "shed", seat,
                               card=c.code))
        if self.shed_left <= 0 or not self.escape_hand:
            self._thief_draws(self.shed_count - self.shed_left, events)
            self.escape_hand = []
            self.steps_left = self.options["escape_move"]
            self.phase = DASH if self.steps_left else FACE

    # the captain's turn

    def _captain_turn(self, events: list[Event]) -> None:
        self.moved = set()
        self.phase = CAPTAIN_TURN
        self.context = "captain"

    def _captain_next(self, events: list[Event]) -> None:
        if self.phase == CAPTAIN_TURN and len(self.moved) == PIECES:
            self._thief_turn(events)

    def _do_guard(self, seat: int, args: Args, events: list[Event]) -> None:
        p, code, x, y = args
        c = card(code)
        dest = y * N + x
        facing = next(f for sq, f in self.guard_moves(p, c.rank > 10) if sq == dest)
        self._discard(p, c)
        self.pos[p] = dest
        self.facing[p] = facing
        self.moved.add(p)
        events.append(self.say(f"Guard {p} plays {c.name} and moves to {square_name(dest)}, facing "
                               f"{FACING_WORDS[facing]}.", "guard", seat, piece=p, card=c.code))
        self._piece_draws(p, 1, events)
        if p in self.watchers():
            self._showdown(self.watchers(), p, events)
            if self.phase != CAPTAIN_TURN:
                return
        self._captain_next(events)

    def _do_lead(self, seat: int, args: Args, events: list[Event]) -> None:
        code, x, y = args
        c = card(code)
        dest = y * N + x
        self._discard(CAPTAIN, c)
        self.pos[CAPTAIN] = dest
        events.append(self.say(f"The captain plays {c.name} and moves to {square_name(dest)}.", "lead", seat,
                               piece=CAPTAIN, card=c.code))
        self._piece_draws(CAPTAIN, 1, events)
        self.phase = CFACE

    def _do_hold(self, seat: int, args: Args, events: list[Event]) -> None:
        p = args[0]
        self.moved.add(p)
        events.append(self.say(f"{piece_name(p).capitalize()} is hemmed in and cannot move.", "hold", seat, piece=p))
        self._captain_next(events)

    # showdowns

    def _showdown(self, watchers: list[int], mover: int | None, events: list[Event]) -> None:
        self.showdowns += 1
        pl = self.players
        thief, captain = pl[self.thief_seat], pl[self.captain_seat]
        at = self.thief_at()
        if self.options["behind"] == "any":
            behind = any(is_behind(at, self.tface, self.piece_at(w)) for w in watchers)
        else:
            behind = mover is not None and is_behind(at, self.tface, self.piece_at(mover))
        forced: list[Card] = []
        if behind and self.thand:
            pool = list(self.thand)
            for _ in range(min(len(watchers), len(pool), 5)):
                forced.append(pool.pop(self.rng.below(len(pool))))
        escape = best_with(self.thand, forced)
        everyone = [c for w in watchers for c in self.hands[w]]
        capture = list(best_hand(everyone).cards) if everyone else []
        ev, cv = hand_value(escape), hand_value(capture)
        who = listing([piece_name(w) for w in watchers])
        cause = (f"{piece_name(mover).capitalize()} moves and sees {thief}" if mover is not None
                 else f"{thief} steps into sight of {who}")
        text = f"{cause} on {square_name(at)}: a showdown"
        if mover is not None and len(watchers) > 1:
            text += f" ({who} see him)"
        text += "."
        if forced:
            text += f" A watcher is behind the thief: {names(forced)} must be in his hand."
        text += (f" {thief} shows {hand_name(ev)} ({names(escape) or 'no cards'}); the guards show {hand_name(cv)} "
                 f"({names(capture)}).")
        result = "capture" if cv > ev else "escape" if ev > cv else "tie"
        self.showdown = {"square": at, "watchers": list(watchers), "forced": codes(forced),
                         "escape": codes(escape), "capture": codes(capture), "escape_name": hand_name(ev),
                         "capture_name": hand_name(cv), "result": result}
        if result == "capture":
            self.known.update(escape)
            self.known.update(capture)
            events.append(self.say(text, "showdown", self.captain_seat, result=result))
            self._finish(False, f"{captain}'s guards catch {thief} on {square_name(at)}.", events)
            return
        if result == "tie":
            self.known.update(escape)
            self.known.update(capture)
            events.append(self.say(text + " The hands are equal: nothing happens.", "showdown", None, result=result))
            return
        self.known.update(escape)
        events.append(self.say(text + f" {thief} escapes!", "showdown", self.thief_seat, result=result))
        used: dict[int, int] = {}
        for c in capture:
            owner = next(w for w in watchers if c in self.hands[w])
            self._discard(owner, c)
            used[owner] = used.get(owner, 0) + 1
        for owner in sorted(used):
            self._piece_draws(owner, used[owner], events)
        self.escape_hand = list(escape)
        self.shed_left = self.shed_count = min(3, len(escape))
        if self.shed_left:
            self.phase = SHED
        else:
            self.steps_left = self.options["escape_move"]
            self.phase = DASH if self.steps_left else FACE

    def _finish(self, thief_wins: bool, summary: str, events: list[Event]) -> None:
        self.phase = OVER
        t, c = self.thief_seat, self.captain_seat
        keys = [(0,), (0,)]
        keys[t if thief_wins else c] = (1,)
        scores = ["", ""]
        scores[t], scores[c] = "Thief", "Captain"
        details = ["", ""]
        details[t] = f"the gem {'escaped' if thief_wins else 'not taken out'} after {plural(self.round, 'turn')}"
        details[c] = f"{plural(self.showdowns, 'showdown')}"
        self._outcome = Outcome(rank_standings(list(self.players), keys, scores, details), summary)
        events.append(self.say(summary, "over", t if thief_wins else c, thief_wins=thief_wins))

    # -- what a seat sees -----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> ThiefInTheNightView:
        castle = self.castle
        thief_view = seat is not None and seat == self.thief_seat
        captain_view = seat is not None and seat == self.captain_seat
        building = None
        if self.phase in (GEM, BUILD):
            building = self.building_status()
        return {
            "phase": self.phase,
            "thief_seat": self.thief_seat,
            "captain_seat": self.captain_seat,
            "north": castle.north.translate(_DIGITS).decode(),
            "west": castle.west.translate(_DIGITS).decode(),
            "traps": castle.traps.translate(_DIGITS).decode(),
            "gem": None if self.carrying else castle.gem,
            "carrying": self.carrying,
            "pieces": [[p, self.facing[i]] if p is not None else None for i, p in enumerate(self.pos)],
            "thief": [self.tpos, self.tface] if self.tpos is not None else None,
            "sight": self.sight_mask(),
            "moved": sorted(self.moved) if self.phase in (CAPTAIN_TURN, CFACE) else [],
            "thief_hand": codes(self.thand) if thief_view else None,
            "thief_count": len(self.thand),
            "guard_hands": [codes(h) for h in self.hands] if captain_view else None,
            "guard_counts": [len(h) for h in self.hands],
            "shown": sorted(c.code for c in self.known),
            "thief_discards": codes(self.tdisc),
            "captain_discards": codes(self.cdisc),
            "decks": [len(self.tdeck), len(self.cdeck)],
            "round": self.round,
            "dawn": self.options["dawn"],
            "entry": self.options["entry"],
            "steps_left": self.steps_left,
            "last_card": self.last_card.code if self.last_card is not None and self.phase == TRAP else None,
            "escape_hand": codes(self.escape_hand),
            "shed_left": self.shed_left if self.phase == SHED else 0,
            "showdown": self.showdown,
            "builder": self.builder if building else None,
            "building": building,
        }

    def building_status(self) -> BuildingStatus:
        """The castle so far: rooms, traps and what is still missing, in words."""
        castle = self.castle
        rooms = max(castle.rooms()) + 1
        traps = castle.trap_count()
        missing = []
        if castle.gem is None:
            missing.append("the gem on a centre square")
        if rooms < MIN_ROOMS:
            missing.append(f"{plural(MIN_ROOMS - rooms, 'more room')}")
        if traps < MIN_TRAPS:
            missing.append(f"{plural(MIN_TRAPS - traps, 'more trap')}")
        return {"rooms": rooms, "traps": traps, "marks": self.marks, "kind": self.turn_kind, "missing": missing,
                "edges_left": EDGES_A_TURN - self.marks if self.turn_kind != "traps" else 0,
                "traps_left": TRAPS_A_TURN - self.marks if self.turn_kind != "edges" else 0}

    def alike(self, item: str) -> str:
        """The thief's cards are the first deck's and the captain's the second's: a card's back says
        whose deck it is, so a hidden card of one deck never stands for one of the other."""
        return "second" if item.endswith(".2") else "first"

    def places(self) -> Iterator[Place]:
        """Before the deal every card lies unseen in its deck's box; then the decks are face down, the
        thief's hand is his, the pieces' hands the captain's, the discards face up, and the cards shown
        in a showdown are known to both while they stay in a hand."""
        if self.phase in _BEFORE_THE_DEAL:
            yield Place(ALL_CARDS)
            return
        yield Place(self.tdeck)
        yield Place(self.cdeck)
        yield Place(self.thand, (self.thief_seat,))
        for hand in self.hands:
            yield Place(hand, (self.captain_seat,))
        yield Place(self.tdisc, EVERYONE)
        yield Place(self.cdisc, EVERYONE)
        yield Place(self.known, EVERYONE)

    # -- words ----------------------------------------------------------------------------------

    def describe_move(self, move: Move) -> str:
        kind, a = move.kind, move.args
        try:
            if kind == "gem":
                return f"Gem on {square_name(a[1] * N + a[0])}"
            if kind in ("wall", "door"):
                s1, s2 = edge_squares(*a)
                return f"{kind.capitalize()} {square_name(s1)}|{square_name(s2)}"
            if kind == "trap":
                return f"Trap on {square_name(a[1] * N + a[0])}"
            if kind == "done":
                return "End the turn"
            if kind in ("post", "enter"):
                return f"{square_name(a[1] * N + a[0])} facing {FACING_WORDS[FACINGS.index(a[2])]}"
            if kind == "stay":
                return f"Stay: {_short(a[0])}"
            if kind == "go":
                return f"Move {moves_for(card(a[0]))}: {_short(a[0])}"
            if kind == "pass":
                return "Stay (no card)"
            if kind == "step":
                return f"Step {STEP_WORDS[a[0]]}"
            if kind == "stop":
                return "Stop here"
            if kind == "chain":
                return f"Past the trap: {_short(a[0])}"
            if kind == "face":
                return f"Face {FACING_WORDS[FACINGS.index(a[0])]}"
            if kind == "shed":
                return f"Discard {_short(a[0])}"
            if kind == "guard":
                return f"Guard {a[0]}: {_short(a[1])} to {square_name(a[3] * N + a[2])}"
            if kind == "lead":
                return f"Captain: {_short(a[0])} to {square_name(a[2] * N + a[1])}"
            if kind == "hold":
                return f"{piece_name(a[0]).capitalize()} cannot move"
        except (ValueError, IndexError, TypeError, KeyError):
            pass
        return str(move)

    def refusal(self, seat: int, move: Move) -> str:
        waiting = self.not_your_turn(seat)
        if waiting:
            return waiting
        kind, a = move.kind, move.args
        phase = self.phase
        if kind not in _KINDS:
            return f"Thief in the Night has no {kind!r} move."
        expected = {GEM: ("gem",), BUILD: ("wall", "door", "trap", "done"), POST: ("post",), ENTER: ("enter",),
                    THIEF: ("stay", "go", "pass"), STEPS_: ("step", "stop"), TRAP: ("chain", "stop"),
                    FACE: ("face",), CFACE: ("face",), SHED: ("shed",), DASH: ("step", "stop"),
                    CAPTAIN_TURN: ("guard", "lead", "hold")}[phase]
        if kind not in expected:
            return _PHASE_HINTS[phase]
        try:
            return self._refusal(kind, a) or f"{self.describe_move(move)} is not allowed now."
        except (ValueError, IndexError, TypeError, KeyError):
            return f"{shorten(str(move))} is not a well-formed move."

    def _square_arg(self, x: object, y: object) -> int | None:
        if type(x) is not int or type(y) is not int or not on_board(x, y):
            return None
        return y * N + x

    def _refusal(self, kind: str, a: Args) -> str:
        if kind == "gem":
            return "The gem goes on one of the four centre squares (l12, m12, l13, m13)."
        if kind in ("wall", "door"):
            x, y, side = a
            if self._square_arg(x, y) is None or side not in ("N", "W"):
                return "Name an edge by a square and its north (N) or west (W) side."
            if not is_inner_edge(x, y, side):
                return "That edge is the castle's outer wall already."
            if self.turn_kind == "traps":
                return "This turn sets traps: a turn marks edges or traps, not both."
            if self.marks >= EDGES_A_TURN:
                return f"You have marked {EDGES_A_TURN} edges this turn: end the turn."
            return self._edge_problem(x, y, side, kind)
        if kind == "trap":
            sq = self._square_arg(*a)
            if sq is None:
                return "Name a square of the castle."
            if self.turn_kind == "edges":
                return "This turn marks edges: a turn marks edges or traps, not both."
            if self.marks >= TRAPS_A_TURN:
                return f"You have set {TRAPS_A_TURN} traps this turn: end the turn."
            if sq == self.castle.gem:
                return "The gem's square cannot hold a trap."
            return "That square already holds a trap."
        if kind == "done":
            return "Mark at least one edge or trap before ending the turn."
        if kind == "post":
            sq = self._square_arg(a[0], a[1])
            if sq is None or a[2] not in FACINGS:
                return "Name a square and a facing (N, E, S or W)."
            return "Another piece stands there."
        if kind == "enter":
            sq = self._square_arg(a[0], a[1])
            if sq is None or a[2] not in FACINGS:
                return "Name a square and a facing (N, E, S or W)."
            if not is_edge_square(sq):
                return "The thief enters on a square along the edge of the castle."
            if sq in self.occupied():
                return "A guard stands there."
            return ("A guard sees that square, and in this game the thief enters only where nobody watches "
                    "(the option Where the thief enters).")
        if kind in ("stay", "go", "chain", "shed"):
            c = card(a[0])
            if c not in self.thand:
                return f"You do not hold {c.name}."
            if kind == "chain":
                last = self.last_card.name if self.last_card is not None else "the last one"
                return (f"To go on past a trap, discard a card one rank from {last} (the ace is next to "
                        "both the king and the 2).")
            if kind == "shed":
                return "Discard a card of the escape hand."
            return ""
        if kind == "pass":
            return "You hold cards: discard one to stay or to move."
        if kind == "step":
            d = a[0]
            if d not in STEPS:
                return "Step N, NE, E, SE, S, SW, W or NW."
            if self.steps_left <= 0:
                return "No steps are left: stop."
            y, x = divmod(self.thief_at(), N)
            dx, dy = STEPS[d]
            if not on_board(x + dx, y + dy):
                return "That step leaves the castle's area."
            b = (y + dy) * N + x + dx
            if b in self.occupied():
                return "A guard stands there."
            return "A wall is in the way."
        if kind == "face":
            return "Face N, E, S or W."
        if kind in ("guard", "lead", "hold"):
            p = CAPTAIN if kind == "lead" else a[0]
            if type(p) is not int or not 0 <= p < PIECES or (kind == "guard" and p == CAPTAIN):
                return "Guards are numbered 1 to 5."
            if p in self.moved:
                return f"{piece_name(p).capitalize()} has moved this turn."
            if kind == "hold":
                return f"{piece_name(p).capitalize()} can move, so it must."
            code = a[1] if kind == "guard" else a[0]
            c = card(code)
            if c not in self.hands[p]:
                return f"{piece_name(p).capitalize()} does not hold {c.name}."
            who = piece_name(p).capitalize()
            if kind == "guard":
                face = c.rank > 10
                if not self.guard_moves(p, face):
                    how = ("three squares forward or one forward and two to a side" if face
                           else "two squares straight or one forward and one to a side")
                    return (f"{who} has nowhere to go with {c.name}: with it a guard moves {how}, and walls or "
                            "pieces stand in every way. Play another of its cards.")
                return ("A guard moves two squares straight, or one forward and one to a side (a face card: three "
                        "forward, or one forward and two to a side), never through walls or pieces.")
            if not self.reachable(self.piece_at(p), moves_for(c)):
                return f"{who} has nowhere to go with {c.name}: walls or pieces stand all round."
            return (f"The captain moves up to {moves_for(c)} squares with that card (diagonals too), never through "
                    "walls or pieces, and must move.")
        return ""

    # -- copy -----------------------------------------------------------------------------------

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["castle"] = self.castle.copy()
        state["_points"] = self._points.copy()
        state["_wall_points"] = self._wall_points.copy()
        state["pos"] = list(self.pos)
        state["facing"] = list(self.facing)
        for key in ("tdeck", "cdeck", "tdisc", "cdisc", "thand", "escape_hand"):
            state[key] = list(getattr(self, key))
        state["hands"] = [list(h) for h in self.hands]
        state["known"] = set(self.known)
        state["moved"] = set(self.moved)
        state["showdown"] = dict(self.showdown) if self.showdown else None


_POST_MOVES = [tuple(Move("post", (i % N, i // N, f)) for f in FACINGS) for i in range(AREA)]
_ENTER_MOVES = [tuple(Move("enter", (i % N, i // N, f)) for f in FACINGS) for i in range(AREA)]
_STEP_INDEX = {d: i for i, d in enumerate(STEPS)}
_FACING_STEP = (_STEP_INDEX["N"], _STEP_INDEX["E"], _STEP_INDEX["S"], _STEP_INDEX["W"])
_XY = [(i % N, i // N) for i in range(AREA)]  # each square's (x, y), as moves give it
#: a Move from (kind, args), as `Move(kind, args)` gives it, without a call of Python (for `map`)
_MAKE_MOVE: Callable[[tuple[str, tuple[Any, ...]]], Move] = partial(tuple.__new__, Move)


def _guard_routes(d: int, face_card: bool, forward: bool) -> list[tuple[tuple[int, ...], int]]:
    """A guard's routes facing d (with a face card or a number card; straight only forward, or any
    way): each as the steps it takes (indices in STEPS) and the way he faces at its end."""
    left, right = (d + 3) % 4, (d + 1) % 4
    routes: list[tuple[int, ...]]
    if face_card:
        routes = [(d, d, d), (d, left, left), (d, right, right)]
    else:
        routes = [(e, e) for e in ([d] if forward else [0, 1, 2, 3])]
        routes += [(d, left), (d, right)]
    return [(tuple(_FACING_STEP[e] for e in route), route[-1]) for route in routes]


_GUARD_ROUTES = {(d, face, forward): _guard_routes(d, face, forward)
                 for d in range(4) for face in (False, True) for forward in (False, True)}
_DIGITS = bytes.maketrans(bytes(range(10)), b"0123456789")

_PHASE_HINTS = {
    GEM: "First the gem goes on a centre square.",
    BUILD: "Building: mark a wall, a door or a trap, or end the turn.",
    POST: "The captain places his pieces: a square and a facing.",
    ENTER: "The thief enters: an edge square and a facing.",
    THIEF: "The thief's turn: discard a card to stay or to move.",
    STEPS_: "Moving: step to a neighbouring square, or stop.",
    TRAP: "A trap: discard a card one rank from the last one to go on, or stop.",
    FACE: "Choose the thief's facing.",
    CFACE: "Choose the captain's facing.",
    SHED: "The thief escaped: discard three cards of the escape hand.",
    DASH: "The escape: step unseen, or stop.",
    CAPTAIN_TURN: "The captain's turn: move each guard and the captain.",
}


def _short(code: str) -> str:
    c = card(code)
    return c.name.removeprefix("the ")
