"""The Queensland computer player: an alpha-beta search over whole turns.

A turn is an optional queen's move and a placement; the bot weighs them together. Every square's
lines are kept up to date as checkers come and go (a placement changes only the lines through its
square: the nearest checker each way along each of the four lines through it), so that a position's
score is always at hand and a turn is made and taken back in a few dozen steps.

At each turn of the search the candidates are the best placements alone and the best queen moves,
each with the best placements after it, ranked by what they gain at once (own lines made, other
players' lines cut). The search looks `DEPTH` turns ahead (the bot's own and the replies), among the
best `WIDTH` candidates of each turn, with alpha-beta pruning; with more than two players the others
are taken to play against it together (a "paranoid" search). The value of a position is the bot's
points less the best of the others' (with the lowest-score variant, the other way round). Near the
end the search runs to the last checker, where that value is the final score.

Given a clock and a time by which to answer (`Bot.time_budget`, read on `Bot.clock` at every turn
searched), the search deepens one turn at a time up to that depth, and when the time is up makes the
best turn of the deepest search finished, or of the one cut short if it had weighed that turn.
"""

from __future__ import annotations

from typing import Callable

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.queensland import PLACE, RAYS, SQUARES

#: AXES[s] = the four lines through s as pairs of opposite rays
AXES = tuple(tuple((RAYS[s][d], RAYS[s][7 - d]) for d in range(4)) for s in range(SQUARES))
#: every ray from s that has at least one square, for queen moves
OUT = tuple(tuple(r for r in RAYS[s] if r) for s in range(SQUARES))

DEPTH = 3  # turns searched ahead
WIDTH = 10  # candidate turns per turn searched
ROOT_WIDTH = 14  # candidate turns of the bot's own turn
MOVES_TRIED = 8  # queen moves paired with placements when the candidates are made
PLACES_AFTER = 5  # placements tried after each of those moves
END_DEPTH = 3  # when this many turns or fewer remain, search to the end
#: how much of its longest lines a player is expected to lose, one line for each turn another player
#: has left (they cut lines); 0 leaves it out
CUT_WEIGHT = 0.5


def place(board: list, scores: list, s: int, p: int) -> None:
    """Put p's checker on the empty square s, keeping `scores` (each owner's line points) right."""
    for r1, r2 in AXES[s]:
        a = 0
        q1 = -1
        for t in r1:
            q = board[t]
            if q < 0:
                a += 1
            else:
                q1 = q
                break
        b = 0
        q2 = -1
        for t in r2:
            q = board[t]
            if q < 0:
                b += 1
            else:
                q2 = q
                break
        if q1 >= 0 and q1 == q2:
            scores[q1] -= a + b + 1
        if q1 == p:
            scores[p] += a
        if q2 == p:
            scores[p] += b
    board[s] = p


def lift(board: list, scores: list, s: int) -> None:
    """Take the checker off s (the exact reverse of `place`)."""
    p = board[s]
    board[s] = -1
    for r1, r2 in AXES[s]:
        a = 0
        q1 = -1
        for t in r1:
            q = board[t]
            if q < 0:
                a += 1
            else:
                q1 = q
                break
        b = 0
        q2 = -1
        for t in r2:
            q = board[t]
            if q < 0:
                b += 1
            else:
                q2 = q
                break
        if q1 >= 0 and q1 == q2:
            scores[q1] += a + b + 1
        if q1 == p:
            scores[p] -= a
        if q2 == p:
            scores[p] -= b


def gain_of_place(board: list, s: int, p: int, weight: list) -> int:
    """What placing p's checker on s is worth to `weight` (points per owner), without placing it."""
    v = 0
    for r1, r2 in AXES[s]:
        a = 0
        q1 = -1
        for t in r1:
            q = board[t]
            if q < 0:
                a += 1
            else:
                q1 = q
                break
        b = 0
        q2 = -1
        for t in r2:
            q = board[t]
            if q < 0:
                b += 1
            else:
                q2 = q
                break
        if q1 >= 0 and q1 == q2:
            v -= weight[q1] * (a + b + 1)
        if q1 == p:
            v += weight[p] * a
        if q2 == p:
            v += weight[p] * b
    return v


def all_scores(board: list, n: int) -> list[int]:
    scores = [0] * n
    copy = [-1] * SQUARES
    for s in range(SQUARES):
        if board[s] >= 0:
            place(copy, scores, s, board[s])
    return scores


class _Out(Exception):
    """The time is up: the depth being searched is abandoned."""


class Search:
    """One decision's search: the board, the points, whose turns come and how many checkers are left."""

    def __init__(self, board: list, hands: list, order: list, me: int, lowest: bool,
                 clock: Callable[[], float] | None = None, deadline: float = 0.0, width: int = WIDTH):
        self.board = board
        self.width = width
        self.n = len(hands)
        self.scores = all_scores(board, self.n)
        self.hands = hands
        self.order = order
        self.me = me
        self.sign = -1 if lowest else 1
        self.lowest = lowest
        self.nodes = 0
        self.clock = clock
        self.deadline = deadline
        # weight[p] = what a point of each owner is worth to p, turning to the gains p looks for
        self.weights = []
        for p in range(self.n):
            w = [-self.sign] * self.n
            w[p] = self.sign
            self.weights.append(w)

    def next_seat(self, p: int) -> int:
        order = self.order
        return order[(order.index(p) + 1) % len(order)]

    def value(self) -> int:
        """The position for the bot: its points less the best of the others' (the variant: reversed)."""
        scores = self.scores
        if CUT_WEIGHT and not self.lowest and sum(self.hands):
            scores = self.expected()
        me = self.me
        others = [scores[s] for s in range(self.n) if s != me]
        if self.lowest:
            return min(others) - scores[me]
        return scores[me] - max(others)

    def expected(self) -> list[float]:
        """Each player's points less CUT_WEIGHT times their longest lines, as many as the others have
        turns left."""
        board = self.board
        n = self.n
        per: list[list[int]] = [[] for _ in range(n)]
        for s in range(SQUARES):
            owner = board[s]
            if owner < 0:
                continue
            for d in (4, 5, 6, 7):
                gap = 0
                for t in RAYS[s][d]:
                    q = board[t]
                    if q < 0:
                        gap += 1
                        continue
                    if q == owner and gap:
                        per[owner].append(gap)
                    break
        hands = self.hands
        total = sum(hands)
        out = []
        for p in range(n):
            lines = sorted(per[p], reverse=True)
            k = total - hands[p]
            out.append(sum(lines) - CUT_WEIGHT * sum(lines[:k]))
        return out

    def candidates(self, p: int, may_move: bool, width: int, full: bool = False) -> list[tuple[int, int, int, int]]:
        """The most promising turns of p: (gain, from, to, placed) with from = to = -1 for no move.
        `full` weighs every move with every placement (for the last turn of the game)."""
        board = self.board
        weight = self.weights[p]
        empties = [s for s in range(SQUARES) if board[s] < 0]
        places = sorted(((gain_of_place(board, s, p, weight), s) for s in empties), reverse=True)
        out = [(g, -1, -1, s) for g, s in places[:width]]
        if not may_move:
            return out
        scores = self.scores
        best_place = places[0][0] if places else 0
        moves = []
        for s in range(SQUARES):
            if board[s] != p:
                continue
            before = scores[:]
            lift(board, scores, s)
            off = sum(weight[q] * (scores[q] - before[q]) for q in range(self.n))
            for ray in OUT[s]:
                for t in ray:
                    if board[t] >= 0:
                        break
                    moves.append((off + gain_of_place(board, t, p, weight), s, t))
            place(board, scores, s, p)
            scores[:] = before
        if not moves:
            return out
        moves.sort(reverse=True)
        tried_moves = len(moves) if full else MOVES_TRIED
        after = len(places) if full else PLACES_AFTER
        tops = [s for _, s in places[:after + 2]]
        for g, s, t in moves[:tried_moves]:
            if not full and g + best_place <= out[-1][0] and len(out) >= width:
                break
            before = scores[:]
            lift(board, scores, s)
            place(board, scores, t, p)
            tried = 0
            for u in tops:
                if u == t or u == s:
                    continue
                out.append((g + gain_of_place(board, u, p, weight), s, t, u))
                tried += 1
                if tried == after:
                    break
            lift(board, scores, t)
            place(board, scores, s, p)
            scores[:] = before
        out.sort(reverse=True)
        # one turn per placement square and move: keep the best `width`
        return out[:width]

    def may_move(self, p: int) -> bool:
        board = self.board
        for s in range(SQUARES):
            if board[s] == p:
                for ray in OUT[s]:
                    if board[ray[0]] < 0:
                        return True
        return False

    def play_turn(self, p: int, a: int, b: int, u: int) -> tuple:
        board, scores = self.board, self.scores
        before = scores[:]
        if a >= 0:
            lift(board, scores, a)
            place(board, scores, b, p)
        place(board, scores, u, p)
        self.hands[p] -= 1
        return before

    def take_back(self, p: int, a: int, b: int, u: int, before: list) -> None:
        board = self.board
        board[u] = -1
        if a >= 0:
            board[b] = -1
            board[a] = p
        self.hands[p] += 1
        self.scores[:] = before

    def search(self, p: int, depth: int, alpha: int, beta: int) -> int:
        """The value of the position with p to begin a turn, searched `depth` turns on."""
        self.nodes += 1
        if self.clock is not None and self.clock() >= self.deadline:
            raise _Out
        if depth == 0 or self.hands[p] == 0:
            return self.value()
        maximizing = p == self.me
        nxt = self.next_seat(p)
        best = -10**9 if maximizing else 10**9
        for _, a, b, u in self.candidates(p, self.may_move(p), self.width):
            before = self.play_turn(p, a, b, u)
            try:
                v = self.search(nxt, depth - 1, alpha, beta)
            finally:
                self.take_back(p, a, b, u, before)
            if maximizing:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best


def decide(board: list, hands: list, order: list, me: int, may_move: bool, lowest: bool,
           tie_break=None, clock: Callable[[], float] | None = None,
           deadline: float = 0.0, depth: int = DEPTH, width: int = WIDTH, root_width: int = ROOT_WIDTH,
           end_depth: int = END_DEPTH) -> tuple[int, int, int]:
    """The bot's turn: (from, to, placed), from = to = -1 for no move. With a `clock`, deepening one
    turn at a time until it reads `deadline`; without, at once as deep as it goes. `depth` turns ahead
    (to the end where `end_depth` turns or fewer remain), among `width` candidates a turn
    (`root_width` of its own)."""
    search = Search(board, list(hands), order, me, lowest, clock, deadline, width)
    turns_left = sum(hands)
    depth = turns_left if turns_left <= end_depth else depth
    nxt = search.next_seat(me)
    turns = search.candidates(me, may_move, root_width, full=turns_left == 1)
    best: list[tuple[int, int, int]] = [turns[0][1:]]
    for d in range(1 if clock is not None else depth, depth + 1):
        best_value = None
        found: list[tuple[int, int, int]] = []
        weighed: list[tuple[int, int, int]] = []
        alpha = -10**9
        try:
            for _, a, b, u in turns:
                before = search.play_turn(me, a, b, u)
                try:
                    v = search.search(nxt, d - 1, alpha, 10**9)
                finally:
                    search.take_back(me, a, b, u, before)
                weighed.append((a, b, u))
                if best_value is None or v > best_value:
                    best_value, found = v, [(a, b, u)]
                    alpha = v
                elif v == best_value:
                    found.append((a, b, u))
        except _Out:
            # the depth cut short decides if it weighed again the best turn of the last one
            if any(t in best for t in weighed):
                best = found
            break
        best = found
    if tie_break is not None and len(best) > 1:
        return tie_break(best)
    return best[0]


class QueenslandBot(Bot):
    """Easy looks one turn ahead (its own, by what it makes at once) among fewer candidates and never
    searches to the end; normal three turns; hard four, among more candidates."""

    levels = ("easy", "normal", "hard")
    limits = {
        "easy": {"depth": 1, "width": 6, "root_width": 8, "end_depth": 1},
        "normal": {"depth": DEPTH, "width": WIDTH, "root_width": ROOT_WIDTH, "end_depth": END_DEPTH},
        "hard": {"depth": 4, "width": WIDTH, "root_width": ROOT_WIDTH, "end_depth": 4},
    }
    depth, width, root_width, end_depth = DEPTH, WIDTH, ROOT_WIDTH, END_DEPTH

    def choose(self, view: dict, moves: list[Move]) -> Move:
        me = self.seat
        board = [-1 if o is None else o for o in view["board"]]
        may_move = view["phase"] == "move"
        a, b, u = decide(board, view["hands"], view["order"], me, may_move, view["lowest"],
                         self.random.choice, self.clock, self.deadline(), self.depth, self.width,
                         self.root_width, self.end_depth)
        if a >= 0:
            move = Move("move", (a, b))
        else:
            move = PLACE[u]
        return move if move in moves else self.random.choice(moves)
