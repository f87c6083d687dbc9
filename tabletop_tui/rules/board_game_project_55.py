"""Board Game Project #55: four pawns race across a checkerboard on stepping stones of poker chips.

The board is our reconstruction (the original was not available): a checkerboard with a1 dark; the
eighteen dark squares of the inner 6 x 6 carry the piles of chips and are the only places a pawn may
stand during a round. Dark squares touch only diagonally, so the stepping stones are linked
diagonally. Each player's start is the middle dark square of their own edge (South e1, West a5, North
d8, East h4); their three targets are the interior dark squares of the far row or column.

Six colours of chips, seven of each; the die's faces are the colours. Every player starts with one
chip of each colour (their stockpile, at their start); the other eighteen are dealt at random, one on
each interior dark square.

A turn: roll the die. Then either restock (take every chip beneath the top of your pile into your
stockpile), or deploy chips of the rolled colour from your stockpile onto piles and walk as far as you
like over piles whose top is the rolled colour (other pawns count as any colour, but you never stop on
one), or, when nothing of that is possible, steal a chip of the rolled colour (a buried one first,
else from another stockpile). Stopping on a target ends the round and scores your stockpile; stopping
on an enemy pawn that stands on one of your targets ends it for nothing. First to eleven wins.

Squares are indices of the 8 x 8 board, row-major from the top row (rank 8), as the grid widget
draws them; rules/components/squares.py names them (a1 is the lower-left). Colours are 0 to 5, die
faces 1 to 6. A pile is a list of colours from the bottom up; its last chip is the top.

The functions `reach` and `stuck` work on plain data (piles and pawn squares), so that the computer
player plans from the view with the very rules the game enforces.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Mapping, Sequence, TypedDict

from tabletop_tui.rules.components.squares import square_index, square_name
from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, View, rank_standings
from tabletop_tui.rules.words import listing, plural

# --------------------------------------------------------------------------------------------
# The board as data (our reconstruction: the original was not available)

ROWS = COLS = 8

#: The six colours, die face 1 to 6 in order; their initials tell them apart without colour.
COLOURS = ("Red", "Orange", "Yellow", "Green", "Blue", "Purple")
LETTERS = tuple(c[0] for c in COLOURS)
CHIPS_PER_COLOUR = 7
TOTAL_CHIPS = CHIPS_PER_COLOUR * len(COLOURS)

#: The seats' sides, in turn order (the turn passes to the left: South, West, North, East).
SIDES = ("South", "West", "North", "East")

#: The interior dark squares: the stepping stones, each carrying one pile.
INTERIOR_NAMES = ("b2", "d2", "f2", "c3", "e3", "g3", "b4", "d4", "f4",
                  "c5", "e5", "g5", "b6", "d6", "f6", "c7", "e7", "g7")
#: Each side's start (a dotted circle of the outer ring): the middle dark square of its own edge.
START_NAMES = ("e1", "a5", "d8", "h4")
#: Each side's three targets: the interior dark squares of the far row or column.
TARGET_NAMES = (("c7", "e7", "g7"), ("g3", "g5", "g7"), ("b2", "d2", "f2"), ("b2", "b4", "b6"))


def sq(name: str) -> int:
    index = square_index(name, ROWS, COLS)
    assert index is not None, name
    return index


def name_of(index: int) -> str:
    return square_name(index, ROWS, COLS)


INTERIOR = tuple(sq(n) for n in INTERIOR_NAMES)
INTERIOR_SET = frozenset(INTERIOR)
STARTS = tuple(sq(n) for n in START_NAMES)
TARGETS = tuple(frozenset(sq(n) for n in names) for names in TARGET_NAMES)


def _diagonal_neighbours(index: int) -> list[int]:
    r, c = divmod(index, COLS)
    out = []
    for dr in (-1, 1):
        for dc in (-1, 1):
            rr, cc = r + dr, c + dc
            if 0 <= rr < ROWS and 0 <= cc < COLS:
                out.append(rr * COLS + cc)
    return out


#: Where a pawn may step from a square: the diagonally touching interior dark squares (from a start,
#: the two interior squares beside it). Nothing leads back to the outer ring.
LINKS = {i: tuple(n for n in _diagonal_neighbours(i) if n in INTERIOR_SET) for i in INTERIOR + STARTS}

POINTS_TO_WIN = 11

ROLL = Move("roll")
#: every deploy and walk, made once (legal moves are listed after every move of every game)
DEPLOY = {s: Move("deploy", (s,)) for s in INTERIOR}
WALK = {s: Move("move", (s,)) for s in INTERIOR}
RESTOCK = Move("restock")
END = Move("end")

ROLL_PHASE, ACT_PHASE, OVER = "roll", "act", "over"


def a_colour(colour: int) -> str:
    """'a Red', 'an Orange'."""
    name = COLOURS[colour]
    return ("an " if name[0] in "AEIOU" else "a ") + name


# --------------------------------------------------------------------------------------------
# Movement, on plain data


#: The squares a walk steps on, the last being the square stopped on
Path = tuple[int, ...]
#: An interior square -> its pile of colours, bottom first (the game's, or a view's read back)
Piles = Mapping[int, Sequence[int]]


def reach(piles: Piles, pawns: Sequence[int], seat: int, colour: int, chips: int = 0) -> dict[int, tuple[int, Path]]:
    """Where `seat`'s pawn can stop this turn on `colour`: {square: (chips to deploy, path)}.

    `piles` maps an interior square to its pile (bottom first); `pawns` lists every seat's square.
    A pile may be walked on if its top is `colour` or another pawn stands on it (a wild space); with
    `chips` in hand, a free pile of another top may be walked on too, at the cost of one chip deployed
    on it. A pawn stops on a pile whose top is `colour` (or becomes so) with no other pawn on it, or on
    another pawn that stands on one of `seat`'s targets (the round then ends for nothing). The path
    is the squares stepped on, the last being the square stopped on. `chips` 0 gives the moves the
    board allows as it stands; the fewest chips needed are found for each square."""
    here = pawns[seat]
    others = {p for s, p in enumerate(pawns) if s != seat}
    targets = TARGETS[seat]
    best: dict[int, int] = {here: 0}
    path_to: dict[int, Path] = {here: ()}
    out: dict[int, tuple[int, Path]] = {}
    # 0-1 breadth first: a step onto a pile of the colour or a pawn costs nothing, a deployed chip one
    queue = deque([(0, here)])
    while queue:
        cost, square = queue.popleft()
        if cost > best.get(square, 1 << 30):
            continue
        for nxt in LINKS[square]:
            if nxt == here:
                continue
            if nxt in others:
                step = 0
            elif piles[nxt][-1] == colour:
                step = 0
            elif cost < chips:
                step = 1
            else:
                continue
            total = cost + step
            if total < best.get(nxt, 1 << 30):
                best[nxt] = total
                path_to[nxt] = path_to[square] + (nxt,)
                if step:
                    queue.append((total, nxt))
                else:
                    queue.appendleft((total, nxt))
    for square, cost in best.items():
        if square == here:
            continue
        if square in others:
            if square in targets:
                out[square] = (cost, path_to[square])
        else:
            out[square] = (cost, path_to[square])
    return out


def can_move(piles: Piles, pawns: Sequence[int], seat: int, colour: int, chips: int) -> bool:
    """Whether `seat` can move to another space on `colour`, deploying up to `chips` chips first."""
    return bool(reach(piles, pawns, seat, colour, min(chips, 1)))


def buried(piles: Piles, colour: int) -> list[tuple[int, int]]:
    """Every buried chip of `colour` (any chip but a top one): (square, level from the bottom)."""
    out = []
    for square in INTERIOR:
        pile = piles[square]
        for level in range(len(pile) - 1):
            if pile[level] == colour:
                out.append((square, level))
    return out


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class RoundResult(TypedDict):
    """How a round ended: the seat that stopped on a target, the points it scored, the square, and the
    seat whose pawn stood there (None: a free target, scored)."""

    round: int
    seat: int
    points: int
    square: int
    blocked: int | None


class BoardGameProject55View(View):
    sides: list[str]
    colours: list[str]
    letters: list[str]
    rows: int
    cols: int
    interior: list[int]
    starts: list[int]
    targets: list[list[int]]
    #: an interior square, as a string (a JSON key) -> its pile, bottom first
    piles: dict[str, list[int]]
    pawns: list[int]
    stock: list[list[int]]
    scores: list[int]
    target: int
    round: int
    turn: int
    turns: int
    phase: str
    colour: int | None
    deployed: list[int]
    steal: bool
    can_restock: bool
    destinations: list[int]
    deploy_to: list[int]
    round_results: list[RoundResult]
    restock_after_deploy: bool
    winner: int | None


# --------------------------------------------------------------------------------------------
# The game


class BoardGameProject55(Game):
    id = "board-game-project-55"
    title = "Board Game Project #55"
    score_label = "Points"
    min_players = 4
    max_players = 4
    rules_version = 1
    hidden_information = False
    chance = "a roll of the die"
    length_unit = "rounds"
    #: a game of careless players can wander for a long time; simulations stop here
    move_limit = 20_000
    OPTIONS = (
        Option("target", "Points to win", "int", POINTS_TO_WIN,
               help="The first player whose points reach this wins (eleven in the original).", min=1, max=99),
        Option("restock_after_deploy", "Restock after deploying", "bool", False,
               help="Off: restocking takes the place of deploying and moving, so it is chosen before any "
                    "chip is deployed. On: a player may deploy chips and then restock instead of moving."),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        self.target: int = self.options["target"]
        chips = [c for c in range(len(COLOURS)) for _ in range(CHIPS_PER_COLOUR - len(SIDES))]
        self.rng.shuffle(chips)
        #: square -> pile (bottom first); only the interior squares have piles
        self.piles: dict[int, list[int]] = {square: [chips[i]] for i, square in enumerate(INTERIOR)}
        #: chips per colour in each seat's stockpile
        self.stock: list[list[int]] = [[1] * len(COLOURS) for _ in SIDES]
        self.pawns: list[int] = list(STARTS)
        self.scores = [0] * 4
        self.round = 1
        self.round_results: list[RoundResult] = []
        self.turn = 0
        self.phase = ROLL_PHASE
        self.colour: int | None = None
        self.deployed: list[int] = []  # squares deployed on this turn
        self.steal_ok = False  # the roll left no move and no restock: a steal is allowed
        self.winner: int | None = None
        self.turns = 0
        names = self.players
        self.log.append(self.say(
            "The chips are dealt, one on each of the eighteen stepping stones; every player holds one chip "
            "of each colour. " + ", ".join(f"{names[s]} starts at {START_NAMES[s]} ({SIDES[s]})" for s in range(4))
            + f". First to {plural(self.target, 'point')} wins.", "setup"))
        self.log.append(self.say(f"Round 1 begins. {names[0]} rolls first.", "round", 0, round=1))

    # -- reading the state --------------------------------------------------------------------------

    def rolled(self) -> int:
        """The colour rolled this turn (once the die is rolled)."""
        assert self.colour is not None, "the die is not rolled yet"
        return self.colour

    def top(self, square: int) -> int:
        return self.piles[square][-1]

    def occupant(self, square: int, besides: int | None = None) -> int | None:
        for s, p in enumerate(self.pawns):
            if p == square and s != besides:
                return s
        return None

    def on_pile(self, seat: int) -> bool:
        return self.pawns[seat] in INTERIOR_SET

    def can_restock(self, seat: int) -> bool:
        if self.phase != ACT_PHASE or seat != self.turn:
            return False
        if self.deployed and not self.options["restock_after_deploy"]:
            return False
        return self.on_pile(seat) and len(self.piles[self.pawns[seat]]) >= 2

    def destinations(self, seat: int) -> dict[int, tuple[int, Path]]:
        """Where the seat to act can stop now, as the board stands (deployed chips included)."""
        if self.phase != ACT_PHASE or seat != self.turn:
            return {}
        return reach(self.piles, self.pawns, seat, self.rolled(), 0)

    def deploy_squares(self, seat: int) -> list[int]:
        if self.phase != ACT_PHASE or seat != self.turn or not self.stock[seat][self.rolled()]:
            return []
        colour = self.rolled()
        piles = self.piles
        others = {p for s, p in enumerate(self.pawns) if s != seat}
        return [s for s in INTERIOR if piles[s][-1] != colour and s not in others]

    def steal_sources(self) -> tuple[list[tuple[int, int]], list[int]]:
        """(buried chips of the rolled colour, the other seats holding one): the second only when the
        first is empty, as the rules take from the board first."""
        colour = self.rolled()
        chips = buried(self.piles, colour)
        if chips:
            return chips, []
        return [], [s for s in range(4) if s != self.turn and self.stock[s][colour]]

    # -- the contract ---------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.phase == OVER else [self.turn]

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase == OVER or seat != self.turn:
            return []
        if self.phase == ROLL_PHASE:
            return [ROLL]
        moves: list[Move] = []
        if self.can_restock(seat):
            moves.append(RESTOCK)
        if self.steal_ok and not self.deployed:
            chips, seats = self.steal_sources()
            moves.extend(Move("steal", (square, level)) for square, level in chips)
            moves.extend(Move("take", (s,)) for s in seats)
        moves.extend(DEPLOY[s] for s in self.deploy_squares(seat))
        moves.extend(WALK[s] for s in sorted(self.destinations(seat)))
        moves.append(END)
        return moves

    def _apply(self, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        names = self.players
        name = names[seat]
        if kind == "roll":
            face = self.rng.die(6)
            self.colour = colour = face - 1
            self.phase = ACT_PHASE
            self.deployed = []
            restock = self.on_pile(seat) and len(self.piles[self.pawns[seat]]) >= 2
            self.steal_ok = not restock and not can_move(self.piles, self.pawns, seat, colour,
                                                         self.stock[seat][colour])
            text = f"{name} rolls {COLOURS[colour]}."
            if self.steal_ok:
                text += (f" With no way to move on {COLOURS[colour]} and nothing to restock, "
                         f"{name} may steal {a_colour(colour)} chip.")
            return [self.say(text, "roll", seat, face=face, colour=colour)]
        if kind == "deploy":
            square = move.args[0]
            colour = self.rolled()
            self.stock[seat][colour] -= 1
            self.piles[square].append(colour)
            self.deployed.append(square)
            height = len(self.piles[square])
            return [self.say(f"{name} stacks {a_colour(colour)} chip on {name_of(square)} "
                             f"({plural(height, 'chip')} high now).", "deploy", seat, square=square, colour=colour)]
        if kind == "move":
            return self._move(seat, move.args[0])
        if kind == "restock":
            square = self.pawns[seat]
            pile = self.piles[square]
            taken, self.piles[square] = pile[:-1], pile[-1:]
            for c in taken:
                self.stock[seat][c] += 1
            verb = "goes" if len(taken) == 1 else "go"
            colours = listing([COLOURS[c] for c in reversed(taken)])
            events = [self.say(
                f"{name} restocks on {name_of(square)}: {plural(len(taken), 'chip')} from under the "
                f"{COLOURS[pile[-1]]} top {verb} into the stockpile ({colours}).",
                "restock", seat, square=square, taken=list(taken))]
            self._next_turn(events)
            return events
        if kind == "steal":
            square, level = move.args
            colour = self.piles[square].pop(level)
            self.stock[seat][colour] += 1
            events = [self.say(f"{name} steals a buried {COLOURS[colour]} chip from {name_of(square)} "
                               "into the stockpile.", "steal", seat, square=square, colour=colour)]
            self._next_turn(events)
            return events
        if kind == "take":
            victim = move.args[0]
            colour = self.rolled()
            self.stock[victim][colour] -= 1
            self.stock[seat][colour] += 1
            events = [self.say(f"No {COLOURS[colour]} chip lies buried, so {name} steals one from "
                               f"{names[victim]}'s stockpile.", "steal", seat, victim=victim, colour=colour)]
            self._next_turn(events)
            return events
        # "end"
        where = name_of(self.pawns[seat])
        if self.steal_ok and not self.deployed:
            chips, seats = self.steal_sources()
            if not chips and not seats:
                text = f"{name} finds no {COLOURS[self.rolled()]} chip to steal anywhere and stays on {where}."
            else:
                text = f"{name} steals nothing and stays on {where}."
        else:
            text = f"{name} stays on {where}."
        events = [self.say(text, "end", seat)]
        self._next_turn(events)
        return events

    def _move(self, seat: int, square: int) -> list[Event]:
        names = self.players
        name = names[seat]
        start = self.pawns[seat]
        colour = self.rolled()
        _, path = reach(self.piles, self.pawns, seat, colour, 0)[square]
        victim = self.occupant(square, seat)
        self.pawns[seat] = square
        via = [name_of(s) for s in path[:-1]]
        walk = (f"{name} walks the {COLOURS[colour]} stones from {name_of(start)} to {name_of(square)}"
                + (f" (by {', '.join(via)})" if via else "") + ".")
        events = [self.say(walk, "move", seat, start=start, square=square, path=list(path))]
        if square in TARGETS[seat]:
            if victim is not None:
                points = 0
                text = (f"{name} stops on {names[victim]}'s pawn on {name_of(square)}, one of {name}'s targets: "
                        f"the round ends and nobody scores.")
            else:
                points = sum(self.stock[seat])
                self.scores[seat] += points
                text = (f"{name} reaches {name_of(square)}, a target, and ends round {self.round}: "
                        f"{plural(points, 'point')} for the chips in the stockpile, "
                        f"{plural(self.scores[seat], 'point')} in all.")
            events.append(self.say(text, "score", seat, points=points, round=self.round))
            self.round_results.append({"round": self.round, "seat": seat, "points": points,
                                       "square": square, "blocked": victim})
            self._end_round(seat, events)
        else:
            self._next_turn(events)
        return events

    def _end_round(self, seat: int, events: list[Event]) -> None:
        names = self.players
        if self.scores[seat] >= self.target:
            self.winner = seat
            self.phase = OVER
            self.colour = None
            self.deployed = []
            self.steal_ok = False
            events.append(self.say(f"{names[seat]} has {plural(self.scores[seat], 'point')} and wins the game.",
                                   "win", seat))
            return
        self.pawns = list(STARTS)
        self.round += 1
        nxt = (seat + 1) % 4
        events.append(self.say(f"Every pawn goes back to its start. Round {self.round} begins; "
                               f"{names[nxt]} rolls first.", "round", nxt, round=self.round))
        self._next_turn(events, nxt)

    def _next_turn(self, events: list[Event], seat: int | None = None) -> None:
        self.turn = (self.turn + 1) % 4 if seat is None else seat
        self.turns += 1
        self.phase = ROLL_PHASE
        self.colour = None
        self.deployed = []
        self.steal_ok = False

    # -- outcome and length -----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        names = self.players
        w = self.winner
        keys = [(1 if s == w else 0, self.scores[s], sum(self.stock[s])) for s in range(4)]
        details = [f"{plural(self.scores[s], 'point')}, {plural(sum(self.stock[s]), 'chip')} in the stockpile"
                   for s in range(4)]
        standings = rank_standings(names, keys, list(self.scores), details)
        summary = (f"{names[w]} reaches {plural(self.scores[w], 'point')} in round {self.round} and wins.")
        others = [self.scores[s] for s in range(4) if s != w]
        tiebreaks = ("Players equal on points are placed by the chips in their stockpiles."
                     if len(set(others)) < len(others) else "")
        return Outcome(standings, summary, tiebreaks)

    def length(self) -> int:
        return self.round

    # -- the view ------------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> BoardGameProject55View:
        acting = self.turn if self.phase == ACT_PHASE else None
        return {
            "sides": list(SIDES),
            "colours": list(COLOURS),
            "letters": list(LETTERS),
            "rows": ROWS,
            "cols": COLS,
            "interior": list(INTERIOR),
            "starts": list(STARTS),
            "targets": [sorted(t) for t in TARGETS],
            "piles": {str(s): list(p) for s, p in self.piles.items()},
            "pawns": list(self.pawns),
            "stock": [list(s) for s in self.stock],
            "scores": list(self.scores),
            "target": self.target,
            "round": self.round,
            "turn": self.turn,
            "turns": self.turns,
            "phase": self.phase,
            "colour": self.colour,
            "deployed": list(self.deployed),
            "steal": self.steal_ok and not self.deployed,
            "can_restock": self.can_restock(self.turn) if acting is not None else False,
            "destinations": sorted(self.destinations(acting)) if acting is not None else [],
            "deploy_to": self.deploy_squares(acting) if acting is not None else [],
            "round_results": [RoundResult(**r) for r in self.round_results],
            "restock_after_deploy": self.options["restock_after_deploy"],
            "winner": self.winner,
        }

    # -- words -----------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        if seat != self.turn:
            return f"It is {names[self.turn]}'s turn, not {names[seat]}'s."
        kind, args = move.kind, move.args
        name = names[seat]
        colour = COLOURS[self.colour] if self.colour is not None else None
        if kind == "roll":
            return f"{name} has rolled {colour} already: deploy, move, restock or end the turn."
        if kind in ("deploy", "move", "steal", "take", "restock", "end") and self.phase == ROLL_PHASE:
            return f"Roll the die first, {name}: it says which colour you may use this turn."
        square_kinds = ("deploy", "move")
        if kind in square_kinds:
            if len(args) != 1 or type(args[0]) is not int or not 0 <= args[0] < ROWS * COLS:
                return "Name a square of the board, from a1 to h8."
            square = args[0]
            where = name_of(square)
            if square not in INTERIOR_SET:
                if square in STARTS:
                    return f"{where} is a start: no chip is stacked there and no pawn may walk onto it."
                return (f"{where} is not a stepping stone: only the eighteen dark squares inside the outer "
                        "ring carry piles.")
            occupant = self.occupant(square, seat)
            if kind == "deploy":
                if not self.stock[seat][self.rolled()]:
                    return f"{name} has no {colour} chip left in the stockpile to deploy."
                if occupant is not None:
                    return f"{names[occupant]}'s pawn stands on {where}: no chip may be added to an occupied pile."
                if self.top(square) == self.colour:
                    return f"{where} already has {colour} on top: a chip may not go on its own colour."
                return f"{name} cannot deploy on {where} now."
            if square == self.pawns[seat]:
                return f"{name} is on {where} already: a move goes to another space."
            if occupant is not None:
                if square in TARGETS[seat]:
                    return (f"{names[occupant]}'s pawn on {where} (one of your targets) cannot be reached "
                            f"over {colour} stones and pawns.")
                return (f"{names[occupant]}'s pawn stands on {where}: pawns may be walked over like any "
                        "colour, but never stopped on (except an enemy on one of your own targets).")
            if self.top(square) != self.colour:
                return (f"{where} has {COLOURS[self.top(square)]} on top; this turn {name} walks only on "
                        f"{colour} (deploy {a_colour(self.rolled())} chip there first, if you have one).")
            return (f"No path of {colour} stones (or pawns) leads from {name_of(self.pawns[seat])} "
                    f"to {where}.")
        if kind == "restock":
            if not self.on_pile(seat):
                return f"{name} stands on the start: there is no pile beneath to restock from."
            if len(self.piles[self.pawns[seat]]) < 2:
                return f"{name}'s pile on {name_of(self.pawns[seat])} is a single chip: nothing lies beneath it."
            if self.deployed:
                return ("Restocking takes the place of deploying and moving: it is chosen before any chip is "
                        "deployed (see the option).")
        if kind in ("steal", "take"):
            if not self.steal_ok:
                if self.can_restock(seat) or (self.on_pile(seat) and len(self.piles[self.pawns[seat]]) >= 2):
                    return f"{name} may restock, so there is no stealing this turn."
                return f"{name} can move on {colour} (deploying if need be), so there is no stealing this turn."
            if self.deployed:
                return "Stealing takes the whole turn: not after deploying."
            chips, seats = self.steal_sources()
            if kind == "take" and chips:
                article = a_colour(self.rolled())
                return (f"{article[0].upper()}{article[1:]} chip lies buried on the board: a steal takes one "
                        "of those before touching anyone's stockpile.")
            if kind == "steal":
                return f"Steal a buried {colour} chip: one that is not on top of its pile."
            return f"Steal from a player who holds {a_colour(self.rolled())} chip."
        return (f"{self.title} has no {kind!r} move: roll, deploy, move, restock, steal or end the turn.")

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        if kind == "roll":
            return "Roll the die"
        if kind == "restock":
            return "Restock from the pile beneath"
        if kind == "end":
            return "End the turn here"
        if kind == "deploy" and args:
            return f"Stack {a_colour(self.colour) if self.colour is not None else 'a'} chip on {name_of(args[0])}"
        if kind == "move" and args:
            return f"Walk to {name_of(args[0])}"
        if kind == "steal" and len(args) == 2:
            square, level = args
            pile = self.piles.get(square, [])
            depth = len(pile) - level
            return f"Steal from {name_of(square)} ({ordinal(depth)} from the top)"
        if kind == "take" and args and 0 <= args[0] < 4:
            return f"Steal from {self.players[args[0]]}'s stock"
        return str(move)

    # -- copy ------------------------------------------------------------------------------------------

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["piles"] = {s: list(p) for s, p in self.piles.items()}
        state["stock"] = [list(s) for s in self.stock]
        state["pawns"] = list(self.pawns)
        state["scores"] = list(self.scores)
        state["deployed"] = list(self.deployed)
        state["round_results"] = [RoundResult(**r) for r in self.round_results]
