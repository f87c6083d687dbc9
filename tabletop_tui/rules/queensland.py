"""Queensland: checkers placed one a turn on an 8 x 8 board, each turn after an optional queen's move;
when the last checker is down, every open line between two of a player's checkers scores the empty
squares along it.

A turn is one or two moves of the record:

- in the *move* phase, `Move("move", (from, to))` slides one of the mover's checkers like a chess
  queen over empty squares (never capturing), `Move("skip")` declines, and `Move("place", (square,))`
  places at once (the move is declined by placing);
- in the *place* phase (after a move or a skip) only `Move("place", (square,))`.

A turn starts in the place phase when the mover has no checker that can move (the first turn always).
Squares are indices row-major from the top row, as `components.squares` names them (a1 is the lower
left). Two players have 12 checkers each; more players share 24 (25 with five). The option `games`
plays a match of several games, each new game passing the first turn to the next seat, on running
totals; `lowest` makes the lowest score win.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from tabletop_tui.rules.components.squares import square_name
from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, View, rank_standings
from tabletop_tui.rules.words import listing, plural

SIZE = 8
SQUARES = SIZE * SIZE
EMPTY = -1

#: the eight directions as (rows, columns) steps, rows counted down from the top
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
#: the four directions that score a line once: east, south-east, south, south-west
FORWARD = (4, 7, 6, 5)


@lru_cache(maxsize=8)
def rays_of(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """rays_of(size)[square][direction] = the squares from `square` outwards, nearest first, on a
    size x size board."""
    rays: list[tuple[tuple[int, ...], ...]] = []
    for s in range(size * size):
        r, c = divmod(s, size)
        per: list[tuple[int, ...]] = []
        for dr, dc in DIRECTIONS:
            ray: list[int] = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < size and 0 <= cc < size:
                ray.append(rr * size + cc)
                rr += dr
                cc += dc
            per.append(tuple(ray))
        rays.append(tuple(per))
    return tuple(rays)


#: RAYS[square][direction] = the squares from `square` outwards, nearest first, on the 8 x 8 board
RAYS = rays_of(SIZE)
NAMES = tuple(square_name(s, SIZE, SIZE) for s in range(SQUARES))

PLACE = tuple(Move("place", (s,)) for s in range(SQUARES))
SKIP = Move("skip")
MOVE, PLACING, OVER = "move", "place", "over"


def checkers_each(players: int) -> int:
    """Twelve each for two; more players share 24 (25 with five, five each)."""
    return 5 if players == 5 else 24 // players


def name(square: int) -> str:
    return NAMES[square]


def lines_of(board: Sequence[int], size: int = SIZE) -> list[tuple[int, int, int, int]]:
    """Every scoring line: (owner, one end, the other end, empty squares between), each line once.

    A line runs along a row, a column or a diagonal between two checkers of one owner with only empty
    squares between them, at least one; two checkers side by side score nothing. `board` holds an
    owner (0, 1 ...) or EMPTY per square, row-major from the top row of a size x size board."""
    out: list[tuple[int, int, int, int]] = []
    all_rays = rays_of(size)
    for s in range(size * size):
        owner = board[s]
        if owner == EMPTY:
            continue
        rays = all_rays[s]
        for d in FORWARD:
            gap = 0
            for t in rays[d]:
                other = board[t]
                if other == EMPTY:
                    gap += 1
                    continue
                if other == owner and gap:
                    out.append((owner, s, t, gap))
                break
    return out


def line_scores(board: Sequence[int], players: int, size: int = SIZE) -> list[int]:
    """Each owner's points: the empty squares along each of their lines, added up."""
    scores = [0] * players
    for owner, _, _, gap in lines_of(board, size):
        scores[owner] += gap
    return scores


def between(a: int, b: int) -> list[int]:
    """The squares strictly between two squares on one row, column or diagonal ([] if none or not in line)."""
    for ray in RAYS[a]:
        if b in ray:
            return list(ray[: ray.index(b)])
    return []


def queen_moves(board: Sequence[int], seat: int) -> list[tuple[int, int]]:
    """Every (from, to) slide of one of `seat`'s checkers over empty squares, in a straight line."""
    out: list[tuple[int, int]] = []
    for s in range(SQUARES):
        if board[s] != seat:
            continue
        for ray in RAYS[s]:
            for t in ray:
                if board[t] != EMPTY:
                    break
                out.append((s, t))
    return out


class QueenslandView(View):
    """What every seat sees (the same: Queensland hides nothing). Squares row-major from the top row."""

    size: int  # the board's side
    board: list[int | None]  # the seat whose checker stands on each square (the last game's once over)
    hands: list[int]  # checkers left to place, by seat
    checkers_each: int
    phase: str  # "move", "place" or "over"
    order: list[int]  # the seats in this game's turn order
    moved: list[int] | None  # [from, to] of this turn's move, once made
    last_place: int | None  # the square of the last checker placed in this game
    last_move: list[int] | None  # [from, to] of the latest turn's move (None: it made none)
    scores: list[int]  # each seat's points on the board as it stands
    lines: list[list[int]]  # every scoring line: [owner, one end, the other end, empty squares between]
    game_number: int  # the game of the match being played (from 1)
    games: int  # games in the match
    past: list[list[int]]  # each finished game's points, by seat
    totals: list[int]  # the finished games' points added up, by seat
    lowest: bool  # the lowest score wins


class Queensland(Game):
    id = "queensland"
    title = "Queensland"
    score_label = "Points"
    min_players = 2
    max_players = 6
    chance = "the first move"  # (Queensland has no chance: every move can be taken back)
    length_unit = "turns"
    OPTIONS = (
        Option("lowest", "Lowest score wins", "bool", False,
               help="The variant: the player with the fewest points wins."),
        Option("games", "Games played", "int", 1,
               help="2 plays the two-game match: the first player swaps. Each new game passes the first "
               "turn on to the next seat, and the totals decide.",
               min=1, max=6),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        n = len(self.players)
        self._n = n
        self._per = checkers_each(n)
        self._games = self.options["games"]
        self._lowest = self.options["lowest"]
        self._past: list[list[int]] = []  # the points of each finished game of the match
        self._outcome: Outcome | None = None
        self._legal: list[Move] | None = None
        self._turns = 0
        self._start_game(self.log)

    # -- state changes ----------------------------------------------------------------------------

    def _start_game(self, events: list[Event]) -> None:
        n = self._n
        number = len(self._past) + 1
        first = (number - 1) % n
        self._number = number
        self._order = [(first + i) % n for i in range(n)]
        self._board = [EMPTY] * SQUARES
        self._hand = [self._per] * n
        self._placed = 0
        self._moved: tuple[int, int] | None = None
        self._last_place: int | None = None
        self._last_move: tuple[int, int] | None = None
        self._turn = 0  # turns begun in this game
        names = self.players
        who = listing([names[s] for s in self._order])
        if number == 1:
            text = (f"Each player has {plural(self._per, 'checker')} to place; the turns go {who}.")
            if self._games > 1:
                text = f"Game 1 of {self._games}. " + text
        else:
            text = f"Game {number} of {self._games} begins on a clear board: the turns go {who}."
        events.append(Event(text, "start", None, {"game": number}))
        self._begin_turn(self._order[0])

    def _begin_turn(self, seat: int) -> None:
        self._seat = seat
        self._turn += 1
        self._turns += 1
        self._moved = None
        self._legal = None
        self._phase = MOVE if self._can_move(seat) else PLACING

    def _can_move(self, seat: int) -> bool:
        board = self._board
        for s in range(SQUARES):
            if board[s] == seat:
                for ray in RAYS[s]:
                    if ray and board[ray[0]] == EMPTY:
                        return True
        return False

    def _apply(self, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        names = self.players
        self._legal = None
        if kind == "skip":
            self._phase = PLACING
            return [Event(f"{names[seat]} does not move a checker this turn.", "skip", seat)]
        board = self._board
        before = line_scores(board, self._n)
        if kind == "move":
            a, b = move.args
            board[a] = EMPTY
            board[b] = seat
            self._moved = self._last_move = (a, b)
            self._phase = PLACING
            text = f"{names[seat]} moves a checker from {NAMES[a]} to {NAMES[b]}"
            return [Event(text + self._changes(before) + ".", "move", seat, {"from": a, "to": b})]
        # place
        square = move.args[0]
        board[square] = seat
        self._hand[seat] -= 1
        self._placed += 1
        self._last_place = square
        if self._moved is None:
            self._last_move = None
        left = self._hand[seat]
        text = (f"{names[seat]} places a checker on {NAMES[square]} "
                f"({names[seat] + chr(39) + 's last' if not left else str(left) + ' left in hand'})")
        events = [Event(text + self._changes(before) + ".", "place", seat, {"square": square})]
        if self._placed == self._n * self._per:
            self._end_game(events)
        else:
            order = self._order
            self._begin_turn(order[(order.index(seat) + 1) % self._n])
        return events

    def _changes(self, before: list[int]) -> str:
        after = line_scores(self._board, self._n)
        parts = []
        for s in range(self._n):
            if after[s] != before[s]:
                diff = after[s] - before[s]
                parts.append(f"{self.players[s]} {after[s]} ({'+' if diff > 0 else '−'}{abs(diff)})")
        return ": lines " + ", ".join(parts) if parts else ""

    def _end_game(self, events: list[Event]) -> None:
        scores = line_scores(self._board, self._n)
        names = self.players
        self._final_board = list(self._board)
        lines = [f"{names[s]} {plural(scores[s], 'point')}" for s in range(self._n)]
        self._past.append(scores)
        number = self._number
        if self._games > 1:
            head = f"The last checker is down: game {number} of {self._games} scores {listing(lines)}."
        else:
            head = f"The last checker is down: {listing(lines)}."
        events.append(Event(head, "score", None, {"game": number, "scores": list(scores)}))
        if number < self._games:
            totals = self.totals()
            events.append(Event("Running totals: " + listing(f"{names[s]} {totals[s]}" for s in range(self._n)) + ".",
                                "totals", None, {"totals": totals}))
            self._start_game(events)
            return
        self._phase = OVER
        self._seat = -1
        self._outcome = self._make_outcome()

    def totals(self) -> list[int]:
        """Each seat's points over the finished games of the match."""
        return [sum(g[s] for g in self._past) for s in range(self._n)]

    def _make_outcome(self) -> Outcome:
        names = self.players
        n = self._n
        totals = self.totals()
        sign = -1 if self._lowest else 1
        if len(self._past) > 1:
            details = [", ".join(f"game {i + 1}: {g[s]}" for i, g in enumerate(self._past)) for s in range(n)]
        else:
            counts = [0] * n
            for owner, *_ in lines_of(self._final_board):
                counts[owner] += 1
            details = [plural(counts[s], "line") for s in range(n)]
        standings = rank_standings(list(names), [(sign * t,) for t in totals], totals, details)
        first = [st for st in standings if st.place == 1]
        what = "the match" if len(self._past) > 1 else "the game"
        low = " (the lowest score wins)" if self._lowest else ""
        if len(first) > 1:
            summary = f"A draw: {listing(st.name for st in first)} have {plural(first[0].score, 'point')} each{low}."
            tiebreaks = "Equal scores share the place: Queensland has no tie-break."
        else:
            w = first[0]
            others = listing(f"{st.name} {st.score}" for st in standings[1:])
            summary = f"{w.name} wins {what} with {plural(w.score, 'point')}{low}: {others}."
            tiebreaks = ""
        return Outcome(standings, summary, tiebreaks)

    # -- the contract -----------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [self._seat] if self._outcome is None else []

    def legal_moves(self, seat: int) -> list[Move]:
        if self._outcome is not None or seat != self._seat:
            return []
        legal = self._legal
        if legal is None:
            board = self._board
            places = [PLACE[s] for s in range(SQUARES) if board[s] == EMPTY]
            if self._phase == MOVE:
                legal = [Move("move", m) for m in queen_moves(board, seat)] + [SKIP] + places
            else:
                legal = places
            self._legal = legal
        return legal

    def outcome(self) -> Outcome | None:
        return self._outcome

    def length(self) -> int:
        """Turns begun, over every game of the match."""
        return self._turns

    def turn_order(self) -> list[int]:
        """The order of the first game's turns."""
        return list(range(self._n))

    def view(self, seat: int | None = None) -> QueenslandView:
        board = self._board if self._outcome is None else self._final_board
        return {
            "size": SIZE,
            "board": [None if o == EMPTY else o for o in board],
            "hands": list(self._hand),
            "checkers_each": self._per,
            "phase": self._phase,
            "order": list(self._order),
            "moved": list(self._moved) if self._moved else None,
            "last_place": self._last_place,
            "last_move": list(self._last_move) if self._last_move else None,
            "scores": line_scores(board, self._n),
            "lines": [list(line) for line in lines_of(board)],
            "game_number": self._number,
            "games": self._games,
            "past": [list(g) for g in self._past],
            "totals": self.totals(),
            "lowest": self._lowest,
        }

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        me = names[seat]
        kind, args = move.kind, move.args
        board = self._board
        if kind not in ("move", "place", "skip"):
            return (f"Queensland has no {kind!r} move: a turn is an optional move of one of your checkers, "
                    "then a new checker placed.")
        if kind in ("move", "place"):
            want = 2 if kind == "move" else 1
            if len(args) != want or not all(type(a) is int and 0 <= a < SQUARES for a in args):
                return "That is not a square of the board: the squares run from a1 to h8."
        if seat != self._seat:
            return f"It is not {me}'s turn: {names[self._seat]} is to play."
        if kind == "skip":
            if args:
                return "Skipping the move takes nothing more: no square, no checker."
            if self._moved is not None:
                return f"{me} has moved a checker this turn already: now place a new one."
            return f"{me} has no checker that can move: place a new one."
        if kind == "place":
            (square,) = args
            owner = board[square]
            if owner == seat:
                return (f"{NAMES[square]} already holds one of {me}'s checkers: a new checker goes on an empty "
                        "square (to move that one, choose it and then where it goes).")
            return (f"{NAMES[square]} holds {names[owner]}'s checker: a new checker goes on an empty square, "
                    "and nobody moves another player's checkers.")
        a, b = args
        if self._phase == PLACING:
            if self._moved is not None:
                return f"{me} has moved a checker this turn already: one move a turn, then place a new checker."
            if self._turn_has_no_checkers(seat):
                return f"{me} has no checker on the board to move yet: place one."
            return f"None of {me}'s checkers can move (each is boxed in): place a new checker."
        if board[a] == EMPTY:
            return f"{NAMES[a]} is empty: choose one of {me}'s checkers to move."
        if board[a] != seat:
            return f"{NAMES[a]} holds {names[board[a]]}'s checker: {me} may move only {me}'s own."
        if a == b:
            return "A move must leave its square: choose another square for the checker."
        path = between(a, b)
        if not any(b in ray for ray in RAYS[a]):
            return (f"{NAMES[a]} to {NAMES[b]} is not a straight line: a checker moves like a chess queen, "
                    "along a row, a column or a diagonal.")
        if board[b] != EMPTY:
            return (f"{NAMES[b]} holds {'a checker of ' + me if board[b] == seat else names[board[b]] + chr(39) + 's checker'}: "
                    "a checker stops on an empty square (nothing is captured in Queensland).")
        blocked = [t for t in path if board[t] != EMPTY]
        if blocked:
            return (f"The way from {NAMES[a]} to {NAMES[b]} is blocked at {NAMES[blocked[0]]}: a checker never "
                    "jumps over another.")
        return f"{me} cannot move from {NAMES[a]} to {NAMES[b]} now."

    def _turn_has_no_checkers(self, seat: int) -> bool:
        return seat not in self._board

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        if kind == "skip":
            return "Skip the move: place a new checker"
        if kind == "place" and len(args) == 1:
            return f"Place a checker on {NAMES[args[0]]}"
        if kind == "move" and len(args) == 2:
            return f"Move {NAMES[args[0]]} to {NAMES[args[1]]}"
        return str(move)

    # -- copy -------------------------------------------------------------------------------------

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["_board"] = list(self._board)
        state["_hand"] = list(self._hand)
        state["_order"] = list(self._order)
        state["_past"] = [list(g) for g in self._past]
        state["_legal"] = None
        if "_final_board" in state:
            state["_final_board"] = list(self._final_board)
