"""The Land Grab computer player: an alpha-beta search over the position its view shows.

It looks four moves ahead (its move, the reply, its next move and the reply to that) where its budget
of positions allows, and three at least, deepening step by step with the best moves of the last step
searched first. It stops at whichever comes first: a budget of positions (where that comes first, the
same position always gets the same move on any machine) or its time budget (`Bot.time_budget`, read
on `Bot.clock` every few dozen positions); either way the moves searched deepest decide.

A position is judged by how near each side stands to a fence: `barrier(...)` counts the empty squares
still missing from the cheapest chain of the side's pieces, corner to corner or side by side, across
the board from the a-file to the h-file within the ranks that fence off at least half the board (rank 4
and beyond, counted from the side's own first row), and within rank 5 and beyond, where any such chain
is already a win. Enemy pieces stand in the way (only a King can remove them). The pieces the side has
brought on and how far they have come count a little; the same for the opponent counts against.
"""

from __future__ import annotations

from typing import Callable

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.land_grab import (
    CREATE, FILE, FULL, HOME_ROW, NOT_A, NOT_H, PASS, PAWN, ROW, SHIFT, WHITE, Position, public, wins,
    position_from_view,
)

WIN = 100_000
#: BAND[k][colour]: the rows at relative rank k or beyond (rank 1 is the colour's first row)
BAND = {k: tuple(sum(ROW[r] for r in range(8) if (8 - r if colour == WHITE else r + 1) >= k) for colour in (0, 1))
        for k in range(1, 9)}
LEFT, RIGHT = FILE[0], FILE[7]
IMPOSSIBLE = 9


def spread8(b: int) -> int:
    """`b` and every square touching it, side by side or corner to corner."""
    h = b | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H)
    return (h | (h << 8) | (h >> 8)) & FULL


def barrier(mine: int, blocked: int, band: int) -> int:
    """The fewest empty squares to fill for a chain of `mine` from the a-file to the h-file within
    `band`, stepping side by side or corner to corner, never through `blocked` (IMPOSSIBLE if none)."""
    own = mine & band
    free = band & ~mine & ~blocked
    reach = LEFT & own
    k = 0
    # (spread8 written out: this is where the computer player spends most of its time)
    while True:
        if own:
            while True:  # everything joined through own pieces at this cost
                h = reach | ((reach << 1) & NOT_A) | ((reach >> 1) & NOT_H)
                grown = reach | ((h | (h << 8) | (h >> 8)) & own)
                if grown == reach:
                    break
                reach = grown
        if reach & RIGHT:
            return k
        k += 1
        if k >= IMPOSSIBLE:
            return IMPOSSIBLE
        h = reach | ((reach << 1) & NOT_A) | ((reach >> 1) & NOT_H)
        new = (h | (h << 8) | (h >> 8) | LEFT) & free & ~reach
        if not new:
            return IMPOSSIBLE
        reach |= new


def in_every_file(mine: int) -> bool:
    m = mine | (mine >> 32)
    m |= m >> 16
    m |= m >> 8
    return m & 0xFF == 0xFF


def has_won(mine: int, colour: int) -> bool:
    return in_every_file(mine) and wins(mine, colour)


_scores: dict[tuple, int] = {}


def side_score(mine: int, theirs: int, colour: int) -> int:
    """How near `colour` (its pieces on `mine`, the other side's on `theirs`) stands to a winning fence,
    in points: the fewer squares missing, the pieces brought on and forward, the better."""
    key = (mine, theirs, colour)
    score = _scores.get(key)
    if score is not None:
        return score
    c4 = barrier(mine, theirs, BAND[4][colour])
    c5 = barrier(mine, theirs, BAND[5][colour])
    need = min(c4 + 1, c5)
    advance = ((mine & BAND[2][colour]).bit_count() + (mine & BAND[3][colour]).bit_count()
               + (mine & BAND[4][colour]).bit_count() + (mine & BAND[5][colour]).bit_count())
    score = -60 * need - 12 * c4 - 4 * c5 + 3 * advance + 5 * mine.bit_count()
    if len(_scores) > 100_000:
        _scores.clear()
    _scores[key] = score
    return score


def evaluate(pos: Position) -> int:
    """How good the position is for the side to move."""
    c = pos.turn
    mine, theirs = pos.occ[c], pos.occ[1 - c]
    return side_score(mine, theirs, c) - side_score(theirs, mine, 1 - c)


class _OutOfBudget(Exception):
    pass


#: the clock is read once every this many positions (a power of two)
CHECK_EVERY = 32


class Searcher:
    """Negamax with alpha-beta pruning, deepening one move at a time within a budget of positions and,
    given a `clock`, until it reads `deadline` or later."""

    def __init__(self, budget: int = 4000, max_depth: int = 3,
                 clock: Callable[[], float] | None = None, deadline: float = 0.0):
        self.budget = budget
        self.max_depth = max_depth
        self.nodes = 0
        self.clock = clock
        self.deadline = deadline

    def out_of_time(self) -> bool:
        return self.clock is not None and self.clock() >= self.deadline

    def order(self, pos: Position, moves: list[tuple]) -> list[tuple]:
        """Likely good moves first: King captures, moves into the fence's ranks, creations."""
        c = pos.turn
        band4 = BAND[4][c]
        band5 = BAND[5][c]
        theirs = pos.occ[1 - c]

        def key(m):
            k, a, b, _ = m
            if k == SHIFT:
                score = 0
                if theirs >> b & 1:
                    score += 6
                if band4 >> b & 1 and not band4 >> a & 1:
                    score += 4
                if band5 >> b & 1:
                    score += 1
                if (HOME_ROW[c] > 3) == (b < a):  # forward
                    score += 1
                return -score
            if k == CREATE:
                return -2 if b == PAWN else -1
            return 0

        return sorted(moves, key=key)

    def search(self, pos: Position, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.budget or (self.nodes & (CHECK_EVERY - 1) == 0 and self.out_of_time()):
            raise _OutOfBudget
        if depth == 0:
            return evaluate(pos)
        c = pos.turn
        moves = pos.moves()
        if depth > 1:
            moves = self.order(pos, moves)
        best = -WIN * 2
        for m in moves:
            child = pos.copy()
            child.apply(m)
            if m[0] != PASS and has_won(child.occ[c], c):
                return WIN + depth
            score = -self.search(child, depth - 1, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def best_moves(self, pos: Position) -> list[tuple]:
        """The root moves that score best at the deepest depth searched, best first."""
        c = pos.turn
        moves = self.order(pos, pos.moves())
        for m in moves:  # a win at once needs no search
            child = pos.copy()
            child.apply(m)
            if m[0] != PASS and has_won(child.occ[c], c):
                return [m]
        self.nodes = 0
        ranked = moves
        best_scores: list[tuple[int, tuple]] = []
        for depth in range(1, self.max_depth + 1):
            if depth > 1 and self.out_of_time():
                break
            scores: list[tuple[int, tuple]] = []
            alpha = -WIN * 2
            try:
                for m in ranked:
                    child = pos.copy()
                    child.apply(m)
                    # a window just below the best so far: equal moves are kept to choose among
                    score = -self.search(child, depth - 1, -WIN * 2, -(alpha - 1))
                    scores.append((score, m))
                    alpha = max(alpha, score)
            except _OutOfBudget:
                if scores:  # the moves searched deeper (the last step's best first) decide
                    best_scores = scores
                break
            scores.sort(key=lambda sm: -sm[0])
            best_scores = scores
            ranked = [m for _, m in scores]
            if scores[0][0] >= WIN:
                break
        if not best_scores:  # not one move searched: the likeliest first
            return ranked[:1]
        top = max(s for s, _ in best_scores)
        return [m for s, m in best_scores if s == top]


class LandGrabBot(Bot):
    #: four moves ahead (its move, the reply, its next, the reply to that) where 30,000 positions and
    #: its time budget do; three at least (some 3,000 positions at most) where the time allows
    budget = 30_000
    max_depth = 4
    #: easy looks two moves ahead (its move and the reply) within 3,000 positions; hard five
    #: within 80,000 (and 2 s)
    levels = ("easy", "normal", "hard")
    limits = {
        "easy": {"budget": 3_000, "max_depth": 2},
        "normal": {"budget": 30_000, "max_depth": 4},
        "hard": {"budget": 80_000, "max_depth": 5},
    }

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        pos = position_from_view(view)
        best = Searcher(self.budget, self.max_depth, self.clock, self.deadline()).best_moves(pos)
        choice = public(self.random.choice(best))
        return choice if choice in moves else self.random.choice(moves)

