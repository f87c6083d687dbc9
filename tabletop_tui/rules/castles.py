"""Putwoody's Castle, Nickie's Castle and Herman's Castle: coloured stones on a castle board.

The players share one supply of red, blue and yellow stones. On a turn a player places any stone of
the supply on an empty space of the castle and scores a point for each stone of the same colour that
touches it. The game ends when the castle is full or the supply is empty; the most points win, and a
tie goes to the player who went earliest. A series of games rotates the lead (or gives it to the last
game's winner) and keeps a running total.

Herman's Castle adds houses: each player claims a corner (the four spaces of a 2 x 2 corner block).
A stone placed in your own house scores nothing; the colour most common in your house (strictly) is
your primary colour, and the stones of it you score count double.

The three games differ in data alone: a board (a picture of its spaces), the stones of the supply and
whether there are houses. `Position` holds the stones on the castle and is the one place that scores
a placement; the game and the computer player both use it.

Squares are named as on a chessboard (`squares.square_name`): files a, b ... from the left, ranks 1 ...
from the bottom; cells are indexed row-major from the top row, as the board is drawn.
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterable

from tabletop_tui.rules.components.squares import square_name
from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, View, rank_standings
from tabletop_tui.rules.words import listing, plural, shorten

# --------------------------------------------------------------------------------------------
# The stones

COLOURS = ("red", "blue", "yellow")
RED, BLUE, YELLOW = 0, 1, 2
EMPTY = -1
WALL = -2  # a cell of the picture that is no space of the castle (a courtyard)
FULL = 1000  # (see Position.touch)
COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}

# --------------------------------------------------------------------------------------------
# The boards, as data: a picture per board, rows from the top. "." is a space, "#" no space (an open
# courtyard), and a letter a space of a house: N north-west, E north-east, S south-east, W south-west.

HOUSE_LETTERS = {"N": "north-west", "E": "north-east", "S": "south-east", "W": "south-west"}
#: the houses in the order they are offered
CORNERS = ("north-west", "north-east", "south-east", "south-west")


class CastleBoard:
    """A castle: its spaces, which spaces touch (orthogonally, and with diagonals), and its houses."""

    def __init__(self, name: str, picture: tuple[str, ...], found: bool):
        self.name = name
        self.picture = picture
        self.found = found  # False: our reconstruction (the original board was not available)
        self.rows = len(picture)
        self.cols = len(picture[0])
        if any(len(row) != self.cols for row in picture):
            raise ValueError(f"{name}: the rows of the picture differ in length")
        flat = "".join(picture)
        self.is_space = tuple(ch != "#" for ch in flat)
        self.spaces = tuple(i for i, ok in enumerate(self.is_space) if ok)
        self.names = tuple(square_name(i, self.rows, self.cols) for i in range(len(flat)))
        self.index = {self.names[i]: i for i in self.spaces}
        houses: dict[str, list[int]] = {}
        for i, ch in enumerate(flat):
            if ch in HOUSE_LETTERS:
                houses.setdefault(HOUSE_LETTERS[ch], []).append(i)
        self.houses = {c: tuple(houses[c]) for c in CORNERS if c in houses}
        self.orthogonal = self._neighbours(((-1, 0), (1, 0), (0, -1), (0, 1)))
        self.diagonal = self._neighbours(((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)))

    def _neighbours(self, steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
        out: list[tuple[int, ...]] = []
        for i in range(self.rows * self.cols):
            r, c = divmod(i, self.cols)
            near: list[int] = []
            if self.is_space[i]:
                for dr, dc in steps:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < self.rows and 0 <= cc < self.cols and self.is_space[rr * self.cols + cc]:
                        near.append(rr * self.cols + cc)
            out.append(tuple(sorted(near)))
        return tuple(out)

    def neighbours(self, diagonal: bool) -> tuple[tuple[int, ...], ...]:
        return self.diagonal if diagonal else self.orthogonal

    def house_squares(self, corner: str) -> str:
        return " ".join(sorted(self.names[i] for i in self.houses[corner]))


#: Putwoody's Castle as found: a 5 x 4 grid of 20 spaces.
PUTWOODY_BOARD = CastleBoard("Putwoody's Castle", (
    ".....",
    ".....",
    ".....",
    ".....",
), found=True)

#: Nickie's Castle, ours: a 5 x 5 square around an open courtyard (24 spaces).
NICKIE_BOARD = CastleBoard("Nickie's Castle", (
    ".....",
    ".....",
    "..#..",
    ".....",
    ".....",
), found=False)

#: Herman's Castle, ours: a 6 x 6 square around an open 2 x 2 courtyard (32 spaces); the four 2 x 2
#: corner blocks are the houses.
HERMAN_BOARD = CastleBoard("Herman's Castle", (
    "NN..EE",
    "NN..EE",
    "..##..",
    "..##..",
    "WW..SS",
    "WW..SS",
), found=False)


# --------------------------------------------------------------------------------------------
# The stones on the castle, and the one scoring of a placement


class Position:
    """The castle's cells (a colour, EMPTY or WALL), the supply, each seat's points in this game and,
    with houses, who owns each cell and how many stones of each colour each house holds.

    `touch[3 * cell + colour]` counts the stones of each colour touching each empty cell, kept up to
    date stone by stone; a cell with a stone (or no space) counts FULL less, below zero, so that the
    best empty cell for a colour is the largest of a slice (`touch[colour::3]`). `gain` is the whole scoring rule; `place` and `unplace` change the position (a bot
    searches with them); `put` sets a stone down without scoring it (a position seen in a view)."""

    __slots__ = ("near", "cells", "supply", "points", "owner", "house", "left", "touch")

    def __init__(self, board: CastleBoard, diagonal: bool, stones: tuple[int, int, int], seats: int):
        self.near = board.neighbours(diagonal)
        self.cells = [EMPTY if ok else WALL for ok in board.is_space]
        self.supply = list(stones)
        self.points = [0] * seats
        self.owner = [-1] * len(self.cells)  # the seat whose house a cell is in
        self.house: list[list[int] | None] = [None] * seats  # stones of each colour in a seat's house
        self.left = len(board.spaces)  # empty spaces
        self.touch = [0 if c == EMPTY else -FULL for c in self.cells for _ in range(3)]

    def copy(self) -> "Position":
        other = Position.__new__(Position)
        other.near = self.near
        other.cells = list(self.cells)
        other.supply = list(self.supply)
        other.points = list(self.points)
        other.owner = list(self.owner)
        other.house = [None if h is None else list(h) for h in self.house]
        other.left = self.left
        other.touch = list(self.touch)
        return other

    def claim(self, seat: int, cells: Iterable[int]) -> None:
        """`seat` takes these cells as its house (counting any stones already in them)."""
        counts = [0, 0, 0]
        for i in cells:
            self.owner[i] = seat
            if self.cells[i] >= 0:
                counts[self.cells[i]] += 1
        self.house[seat] = counts

    def primary(self, seat: int) -> int:
        """The seat's primary colour: the colour of strictly the most stones in its house; -1 for none
        (no house, an empty house, or a tie for the most)."""
        h = self.house[seat]
        if h is None:
            return -1
        r, b, y = h
        if r > b and r > y:
            return RED
        if b > r and b > y:
            return BLUE
        if y > r and y > b:
            return YELLOW
        return -1

    def touching(self, cell: int, colour: int) -> int:
        """The stones of `colour` touching `cell`."""
        return self.touch[3 * cell + colour]

    def gain(self, seat: int, cell: int, colour: int) -> int:
        """The points `seat` scores for a stone of `colour` on the empty `cell`: one for each touching
        stone of its colour, two each if it is the seat's primary colour, none in the seat's own house."""
        if self.owner[cell] == seat:
            return 0
        n = self.touch[3 * cell + colour]
        if n and self.house[seat] is not None and self.primary(seat) == colour:
            n += n
        return n

    def put(self, cell: int, colour: int) -> None:
        """A stone on an empty space, scoring nothing and taking nothing from the supply."""
        self.cells[cell] = colour
        self.left -= 1
        touch = self.touch
        for x in self.near[cell]:
            touch[3 * x + colour] += 1
        base = 3 * cell
        touch[base] -= FULL
        touch[base + 1] -= FULL
        touch[base + 2] -= FULL
        o = self.owner[cell]
        if o >= 0:
            house = self.house[o]
            assert house is not None  # a cell has an owner through `claim` alone
            house[colour] += 1

    def place(self, seat: int, cell: int, colour: int) -> int:
        """`seat` places a stone of the supply: returns the points it scores."""
        g = self.gain(seat, cell, colour)
        self.put(cell, colour)
        self.supply[colour] -= 1
        self.points[seat] += g
        return g

    def unplace(self, seat: int, cell: int, colour: int, g: int) -> None:
        """Take back `place` (which scored `g`)."""
        self.cells[cell] = EMPTY
        self.supply[colour] += 1
        self.points[seat] -= g
        self.left += 1
        touch = self.touch
        for x in self.near[cell]:
            touch[3 * x + colour] -= 1
        base = 3 * cell
        touch[base] += FULL
        touch[base + 1] += FULL
        touch[base + 2] += FULL
        o = self.owner[cell]
        if o >= 0:
            house = self.house[o]
            assert house is not None  # a cell has an owner through `claim` alone
            house[colour] -= 1

    @classmethod
    def from_view(cls, view: CastlesView) -> "Position":
        """The position a seat sees (`CastleGame.view`): what a computer player searches from."""
        board = GAMES[view["game_id"]].BOARD
        red, blue, yellow = (view["supply"][c] for c in COLOURS)
        pos = cls(board, view["diagonal"], (red, blue, yellow), len(view["players"]))
        for seat, corner in enumerate(view["houses"]):
            if corner is not None:
                pos.claim(seat, board.houses[corner])
        for i, c in enumerate(view["cells"]):
            if c in COLOUR_INDEX:
                pos.put(i, COLOUR_INDEX[c])
        pos.points = list(view["points"])
        return pos

    def finished(self) -> bool:
        """The castle is full or the supply is empty."""
        return self.left == 0 or not any(self.supply)

    def empties(self) -> list[int]:
        return [i for i, c in enumerate(self.cells) if c == EMPTY]


# --------------------------------------------------------------------------------------------
# Moves, built once

PLACE_MOVES: dict[tuple[str, str], Move] = {}


def place_move(colour: str, square: str) -> Move:
    move = PLACE_MOVES.get((colour, square))
    if move is None:
        move = PLACE_MOVES[(colour, square)] = Move("place", (colour, square))
    return move


HOUSE_MOVES = {c: Move("house", (c,)) for c in CORNERS}

HOUSE, PLACING, OVER = "house", "place", "over"


def _points(n: int) -> str:
    return "no points" if n == 0 else plural(n, "point")


# --------------------------------------------------------------------------------------------
# The game


class CastlesView(View):
    """What a seat sees of a castle (everything: the castles hide nothing; only `gains` is shown to the
    seat to act alone). Cells are indexed row-major from the top row; lists by seat are by seat."""

    game_id: str  # which castle: the board and the stones are its own
    phase: str  # "house", "place" or "over"
    rows: int
    cols: int
    cells: list[str | None]  # a colour, "wall" (no space) or None (an empty space), by cell
    squares: list[str]  # each cell's name ("a1" is the lower left)
    diagonal: bool  # stones meeting at a corner touch
    supply: dict[str, int]  # stones left, by colour
    stones: dict[str, int]  # the stones a game starts with, by colour
    points: list[int]  # this game's points (the last game's once over)
    totals: list[int]  # the series' points, this game's included
    past_games: list[list[int]]  # each finished game's points
    game_number: int  # the game of the series being played (from 1)
    series: int  # games in the series
    order: list[int]  # this game's turn order
    last: int | None  # the cell of the last stone
    houses: list[str | None]  # each seat's corner
    house_cells: dict[str, list[int]]  # the cells of each corner's house ({} without houses)
    house_owner: dict[str, int]  # the seat that claimed each corner
    free_corners: list[str]
    primary: list[str | None]  # each seat's primary colour
    gains: dict[str, list[int | None]]  # for the seat to act, in its own view: what a stone of each
    # colour would score on each cell (None where none can go); {} in every other view


class CastleGame(Game):
    """The rules the three castles share; a subclass gives the board, the stones and the houses."""

    BOARD: ClassVar[CastleBoard] = PUTWOODY_BOARD
    STONES: ClassVar[tuple[int, int, int]] = (5, 8, 11)
    HOUSES: ClassVar[bool] = False

    score_label = "Points"
    chance = "chance (there is none)"
    length_unit = "stones"
    move_limit = 2_000
    OPTIONS = (
        Option("diagonal", "Diagonal neighbours touch", "bool", False,
               help="Stones that meet at a corner touch too (eight neighbours instead of four)."),
        Option("series", "Games in the series", "int", 1, min=1, max=20,
               help="Play several castles and add up the points; a multiple of the number of players "
               "lets everyone lead equally often."),
        Option("lead", "Next game's leader", "choice", "rotate",
               choices=(("rotate", "rotate"), ("winner", "winner")),
               help="In a series: the next player leads each new game (rotate), or the winner of the "
               "last game does (winner: the original's rule for a game after a game)."),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        n = len(self.players)
        self._series = self.options["series"]
        self._board = self.BOARD
        self._past: list[list[int]] = []  # each finished game's points, per seat
        self._first_order = list(range(n))  # the turn order of the first game (the series tie-break)
        self._outcome: Outcome | None = None
        self._start_game(0, self.log)

    # -- a castle ---------------------------------------------------------------------------------

    def _start_game(self, leader: int, events: list[Event]) -> None:
        n = len(self.players)
        self._game_no = len(self._past) + 1
        self._order = [(leader + k) % n for k in range(n)]
        self._pos = Position(self._board, self.options["diagonal"], self.STONES, n)
        self._houses: dict[int, str] = {}  # seat -> corner
        self._step = 0  # index into the turn order
        self._last: int | None = None  # the cell of the last stone
        self._phase = HOUSE if self.HOUSES else PLACING
        self._legal_cache: list[Move] | None = None
        names = self.players
        supply = ", ".join(f"{k} {c}" for k, c in zip(self.STONES, COLOURS))
        if self._series > 1:
            text = f"Game {self._game_no} of {self._series} begins: {names[leader]} leads."
        else:
            text = f"{names[leader]} leads."
        text += f" The supply holds {sum(self.STONES)} stones: {supply}."
        if self.HOUSES:
            text += " Each player first claims a corner as a house, in turn order."
        events.append(Event(text, "turn", leader, {"game": self._game_no}))

    @property
    def _turn(self) -> int:
        return self._order[self._step % len(self._order)]

    def _apply(self, seat: int, move: Move) -> list[Event]:
        self._legal_cache = None
        if move.kind == "house":
            return self._claim(seat, move.args[0])
        colour_name, square = move.args
        colour = COLOUR_INDEX[colour_name]
        cell = self._board.index[square]
        pos = self._pos
        before = [pos.primary(s) for s in range(len(self.players))] if self.HOUSES else None
        primary = pos.primary(seat)
        touching = pos.touching(cell, colour)
        g = pos.place(seat, cell, colour)
        self._last = cell
        name = self.players[seat]
        text = f"{name} places a {colour_name} stone on {square}"
        if pos.owner[cell] == seat:
            text += f", in {name}'s own house: no points"
            if touching:
                text += f" (it touches {plural(touching, colour_name + ' stone')})"
        elif touching == 0:
            text += f", touching no {colour_name} stone: no points"
        else:
            text += f", touching {plural(touching, colour_name + ' stone')}"
            if primary == colour:
                text += f", {name}'s primary colour, twice over"
            text += f": {_points(g)}"
        text += f" ({pos.points[seat]} in all)."
        events = [Event(text, "place", seat, {"cell": cell, "colour": colour_name, "points": g})]
        owner = pos.owner[cell]
        if before is not None and owner >= 0 and pos.primary(owner) != before[owner]:
            now = pos.primary(owner)
            who = self.players[owner]
            if now >= 0:
                events.append(Event(f"{who}'s primary colour is now {COLOURS[now]}.", "info", owner))
            else:
                events.append(Event(f"{who}'s house is tied for the most common colour: "
                                    f"{who} has no primary colour now.", "info", owner))
        self._step += 1
        if pos.finished():
            self._end_game(events)
        return events

    def _claim(self, seat: int, corner: str) -> list[Event]:
        self._houses[seat] = corner
        self._pos.claim(seat, self._board.houses[corner])
        self._step += 1
        text = (f"{self.players[seat]} claims the {corner} corner "
                f"({self._board.house_squares(corner)}) as a house.")
        if self._step == len(self._order):
            self._phase = PLACING
            self._step = 0
            text += f" {self.players[self._turn]} places the first stone."
        return [Event(text, "house", seat, {"corner": corner})]

    def _end_game(self, events: list[Event]) -> None:
        pos = self._pos
        names = self.players
        points = list(pos.points)
        order = self._order
        winner = max(order, key=lambda s: (points[s], -order.index(s)))
        why = "The castle is full" if pos.left == 0 else "No stone is left"
        scores = ", ".join(f"{names[s]} {points[s]}" for s in order)
        tied = [s for s in order if points[s] == points[winner]]
        text = f"{why}: game {self._game_no} is over. {scores}."
        if len(tied) > 1:
            text += (f" {listing(names[s] for s in tied)} tie on {points[winner]}; "
                     f"{names[winner]} went earlier and wins the game.")
        else:
            text += f" {names[winner]} wins the game."
        self._past.append(points)
        totals = self.totals()
        if self._series > 1:
            text += " Totals: " + ", ".join(f"{names[s]} {totals[s]}" for s in range(len(names))) + "."
        events.append(Event(text, "score", None, {"game": self._game_no, "points": points}))
        if len(self._past) < self._series:
            if self.options["lead"] == "winner":
                leader = winner
            else:
                leader = (order[0] + 1) % len(names)
            self._start_game(leader, events)
            return
        self._phase = OVER
        self._outcome = self._final_outcome()

    def totals(self) -> list[int]:
        """Each seat's points over the series: the finished games and the one being played."""
        n = len(self.players)
        out = [sum(p[s] for p in self._past) for s in range(n)]
        if self._phase != OVER and len(self._past) < self._game_no:
            for s in range(n):
                out[s] += self._pos.points[s]
        return out

    def _final_outcome(self) -> Outcome:
        names = self.players
        n = len(names)
        totals = [sum(p[s] for p in self._past) for s in range(n)]
        first = self._first_order
        keys = [(totals[s], -first.index(s)) for s in range(n)]
        if self._series > 1:
            details = [" + ".join(str(p[s]) for p in self._past) + f" = {totals[s]}" for s in range(n)]
        else:
            details = [plural(totals[s], "point") for s in range(n)]
        standings = rank_standings(list(names), keys, totals, details)
        winner = standings[0].seat
        tied = [s for s in range(n) if totals[s] == totals[winner]]
        what = f"over {self._series} games" if self._series > 1 else ""
        summary = f"{names[winner]} wins with {plural(totals[winner], 'point')}{' ' + what if what else ''}."
        tiebreaks = ""
        tie_texts = []
        for value in sorted(set(totals), reverse=True):
            group = [s for s in first if totals[s] == value]
            if len(group) > 1:
                tie_texts.append(f"{listing(names[s] for s in group)} tie on {value}: "
                                 f"the earlier player goes ahead ({' before '.join(names[s] for s in group)})")
        if tie_texts:
            tiebreaks = "; ".join(tie_texts) + "."
            if len(tied) > 1:
                summary = (f"{names[winner]} wins: {listing(names[s] for s in tied)} tie on "
                           f"{plural(totals[winner], 'point')}{' ' + what if what else ''}, and "
                           f"{names[winner]} went earliest.")
        return Outcome(standings, summary, tiebreaks)

    # -- the contract ---------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self._phase == OVER else [self._turn]

    def legal_moves(self, seat: int) -> list[Move]:
        if self._phase == OVER or seat != self._turn:
            return []
        cached = self._legal_cache
        if cached is None:
            if self._phase == HOUSE:
                taken = set(self._houses.values())
                cached = [HOUSE_MOVES[c] for c in self._board.houses if c not in taken]
            else:
                pos = self._pos
                names = self._board.names
                empties = [names[i] for i in pos.empties()]
                cached = [place_move(c, sq) for k, c in enumerate(COLOURS) if pos.supply[k] for sq in empties]
            self._legal_cache = cached
        return cached

    def outcome(self) -> Outcome | None:
        return self._outcome

    def turn_order(self) -> list[int]:
        return list(self._first_order)

    def length(self) -> int:
        return sum(1 for _, m in self.history if m.kind == "place")

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        kind, args = move.kind, move.args
        if kind == "place":
            if len(args) != 2 or args[0] not in COLOUR_INDEX:
                return f"A stone is red, blue or yellow: say its colour and a square, like red {self._board.names[self._board.spaces[0]]}."
            colour, square = args
            if square not in self._board.index:
                if isinstance(square, str) and square in self._board.names:
                    return f"{square} is the open courtyard, not a space of the castle."
                return f"{shorten(square)} is not a square of {self.title}'s board."
            if self._phase == HOUSE:
                waiting = names[self._turn]
                return f"The houses come first: {waiting} must claim a corner before anyone places a stone."
            if seat != self._turn:
                return f"It is not {names[seat]}'s turn: {names[self._turn]} places the next stone."
            cell = self._board.index[square]
            here = self._pos.cells[cell]
            if here >= 0:
                return f"{square} already holds a {COLOURS[here]} stone: place on an empty space."
            if self._pos.supply[COLOUR_INDEX[colour]] == 0:
                left = [c for k, c in enumerate(COLOURS) if self._pos.supply[k]]
                return f"No {colour} stone is left in the supply; there are {listing(left, 'or')} stones."
            return f"{names[seat]} cannot place a {colour} stone on {square} now."
        if kind == "house":
            if not self.HOUSES:
                return f"{self.title} has no houses: only Herman's Castle does."
            if self._phase != HOUSE:
                return "Every player has claimed a house already."
            if seat != self._turn:
                return f"It is not {names[seat]}'s turn: {names[self._turn]} claims a corner next."
            if len(args) != 1:
                return f"A house is claimed by naming its corner alone: {listing(CORNERS, 'or')}."
            corner = args[0]
            if corner not in self._board.houses:
                return f"The houses are the four corners: {listing(CORNERS, 'or')}."
            owner = next((s for s, c in self._houses.items() if c == corner), None)
            if owner is None:
                return f"{names[seat]} cannot claim the {corner} corner now."
            return f"The {corner} corner is {names[owner]}'s house already: choose a free corner."
        return (f"{self.title} has no {shorten(kind)} move: place a stone"
                + (" or claim a house." if self.HOUSES else "."))

    def describe_move(self, move: Move) -> str:
        if move.kind == "house" and move.args and move.args[0] in self._board.houses:
            corner = move.args[0]
            return f"House: {corner} ({self._board.house_squares(corner)})"
        if move.kind == "place" and len(move.args) == 2:
            return f"Place a {move.args[0]} stone on {move.args[1]}"
        return str(move)

    def primaries(self) -> list[str | None]:
        return [COLOURS[p] if (p := self._pos.primary(s)) >= 0 else None for s in range(len(self.players))]

    def gains_for(self, seat: int) -> dict[str, list[int | None]]:
        """For each colour with stones left, what `seat` would score on each cell (None where no stone
        can go)."""
        pos = self._pos
        out: dict[str, list[int | None]] = {}
        for k, colour in enumerate(COLOURS):
            if pos.supply[k]:
                out[colour] = [pos.gain(seat, i, k) if c == EMPTY else None for i, c in enumerate(pos.cells)]
        return out

    def view(self, seat: int | None = None) -> CastlesView:
        pos = self._pos
        board = self._board
        n = len(self.players)
        acting = self._turn if self._phase != OVER else None
        cells = []
        for c in pos.cells:
            cells.append(None if c == EMPTY else "wall" if c == WALL else COLOURS[c])
        house_owner = {self._houses[s]: s for s in self._houses}
        # what each placement would score, for the seat to act (in its own view: nobody else needs it)
        gains = self.gains_for(acting) if acting is not None and seat == acting and self._phase == PLACING else {}
        return {
            "game_id": self.id,
            "phase": self._phase,
            "rows": board.rows,
            "cols": board.cols,
            "cells": cells,
            "squares": list(board.names),
            "diagonal": self.options["diagonal"],
            "supply": {c: pos.supply[k] for k, c in enumerate(COLOURS)},
            "stones": dict(zip(COLOURS, self.STONES)),
            "points": list(pos.points) if self._phase != OVER else list(self._past[-1]),
            "totals": self.totals(),
            "past_games": [list(p) for p in self._past],
            "game_number": min(self._game_no, self._series),
            "series": self._series,
            "order": list(self._order),
            "last": self._last,
            "houses": [self._houses.get(s) for s in range(n)],
            "house_cells": {c: list(cells_) for c, cells_ in board.houses.items()} if self.HOUSES else {},
            "house_owner": house_owner,
            "free_corners": [c for c in board.houses if c not in house_owner] if self.HOUSES else [],
            "primary": self.primaries() if self.HOUSES else [None] * n,
            "gains": gains,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["_pos"] = self._pos.copy()
        state["_past"] = [list(p) for p in self._past]
        state["_order"] = list(self._order)
        state["_houses"] = dict(self._houses)
        state["_legal_cache"] = None


class PutwoodysCastle(CastleGame):
    id = "putwoodys-castle"
    title = "Putwoody's Castle"
    min_players = 2
    max_players = 5
    BOARD = PUTWOODY_BOARD
    STONES = (5, 8, 11)


class NickiesCastle(CastleGame):
    id = "nickies-castle"
    title = "Nickie's Castle"
    min_players = 2
    max_players = 5
    BOARD = NICKIE_BOARD
    STONES = (5, 7, 13)


class HermansCastle(CastleGame):
    id = "hermans-castle"
    title = "Herman's Castle"
    min_players = 2
    max_players = 4
    BOARD = HERMAN_BOARD
    STONES = (10, 10, 10)
    HOUSES = True


GAMES = {g.id: g for g in (PutwoodysCastle, NickiesCastle, HermansCastle)}
