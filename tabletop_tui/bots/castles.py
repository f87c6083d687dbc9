"""The castles' computer player: a paranoid alpha-beta search over the stones to come.

From the position its seat sees, the bot looks ahead through the turns of every player in order. It
maximises its own points minus the best of the others' (points of the series so far included); every
other player is assumed to play against it (the paranoid view, exact minimax with two players). A
position where the search stops is worth that difference plus a share of the best placement open to
the player to move, who is about to take it.

The search deepens one turn at a time (each depth with the best move of the last one first, the
others by what they score at once) until a budget of positions is spent (where that comes first, the
same position always gets the same answer) or its time budget (`Bot.time_budget`, read on `Bot.clock`
every few hundred positions), whichever comes first; a depth cut short still counts for the moves it
finished. Near the end it sees every stone to the last one. One turn from the end of the
search the placements are valued without being made (`frontier`), which is most of the work.
Houses (Herman's Castle) are claimed at random: the corners are alike.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Callable

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.castles import COLOURS, EMPTY, FULL, Position
from tabletop_tui.rules.engine import Move

#: the share of the best placement open to the player to move, counted at the end of the search
TEMPO = 0.5
#: positions visited per decision (the deepest search that fits, the last depth perhaps cut short)
BUDGET = 30000
#: the clock is read once every this many positions or so
CHECK_EVERY = 256


class _Out(Exception):
    """The budget is spent: the depth being searched is abandoned."""


class CastleSearch:
    def __init__(self, pos: Position, me: int, order: list[int], step: int, base: list[int],
                 budget: int = BUDGET, clock: Callable[[], float] | None = None, deadline: float = 0.0):
        self.pos = pos
        self.me = me
        self.order = order
        self.n = len(order)
        self.step0 = step
        self.base = base  # points of earlier games of the series, per seat
        self.budget = budget
        self.nodes = 0
        self.clock = clock
        self.deadline = deadline
        self.late = False
        self.next_check = CHECK_EVERY
        self.others = [s for s in range(len(base)) if s != me]
        #: per seat with a house: for each colour, the touch counts of the cells outside it, and
        #: those cells (None for a seat without a house: every cell)
        self.outside = []
        self.outside_cells = []
        for s in range(len(base)):
            if pos.house[s] is None:
                self.outside.append(None)
                self.outside_cells.append(None)
            else:
                cells = [i for i in range(len(pos.cells)) if pos.owner[i] != s]
                self.outside.append([itemgetter(*[3 * i + k for i in cells]) for k in (0, 1, 2)])
                self.outside_cells.append(cells)
        self.quick = True  # `frontier` one turn from the end (False: every leaf played out)

    def out_of_time(self) -> bool:
        """Whether the clock reads the deadline or later (once it has, without reading it again)."""
        if not self.late and self.clock is not None and self.clock() >= self.deadline:
            self.late = True
        return self.late

    def spent(self) -> bool:
        """Whether the budget of positions, or of time (read every CHECK_EVERY positions), is spent."""
        if self.nodes > self.budget:
            return True
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + CHECK_EVERY
            return self.out_of_time()
        return False

    # -- values -------------------------------------------------------------------------------------

    def value(self) -> float:
        pts = self.pos.points
        base = self.base
        mine = base[self.me] + pts[self.me]
        best_other = max(base[s] + pts[s] for s in self.others)
        return mine - best_other

    def moves(self, seat: int) -> list[tuple[int, int, int]]:
        """(gain, cell, colour) of every placement open to `seat`, the best first."""
        pos = self.pos
        touch = pos.touch
        supply = pos.supply
        colours = [k for k in (0, 1, 2) if supply[k]]
        owner = pos.owner
        primary = pos.primary(seat) if pos.house[seat] is not None else -1
        out = []
        for i, c in enumerate(pos.cells):
            if c != EMPTY:
                continue
            if owner[i] == seat:
                out.extend((0, i, k) for k in colours)
                continue
            base = 3 * i
            for k in colours:
                g = touch[base + k]
                out.append((g + g if k == primary else g, i, k))
        out.sort(reverse=True)
        return out

    def best_gain(self, seat: int) -> int:
        """What the best placement open to `seat` scores at once (`Position.touch` keeps the cells
        with stones below zero, so that this is the largest of a slice, or of the cells outside the
        seat's house)."""
        pos = self.pos
        touch = pos.touch
        supply = pos.supply
        outside = self.outside[seat]
        best = 0
        for k in (0, 1, 2):
            if supply[k]:
                top = max(touch[k::3]) if outside is None else max(outside[k](touch))
                if top > best:
                    best = top
        if pos.house[seat] is not None:
            p = pos.primary(seat)
            if p >= 0 and supply[p]:
                top = max(outside[p](touch))
                if top + top > best:
                    best = top + top
        return best

    # -- the search ----------------------------------------------------------------------------------

    def search(self, depth: int, alpha: float, beta: float, step: int) -> float:
        pos = self.pos
        if pos.finished():
            return self.value()
        if depth == 1 and self.quick:
            return self.frontier(alpha, beta, step)
        seat = self.order[step % self.n]
        self.nodes += 1
        if self.spent():
            raise _Out
        if depth == 0:
            v = self.value()
            bg = self.best_gain(seat)
            return v + TEMPO * bg if seat == self.me else v - TEMPO * bg
        maximise = seat == self.me
        for g, cell, colour in self.moves(seat):
            pos.place(seat, cell, colour)
            try:
                v = self.search(depth - 1, alpha, beta, step + 1)
            finally:
                pos.unplace(seat, cell, colour, g)
            if maximise:
                if v > alpha:
                    alpha = v
            elif v < beta:
                beta = v
            if alpha >= beta:
                break
        return alpha if maximise else beta

    def frontier(self, alpha: float, beta: float, step: int) -> float:
        """`search` one turn from the end: the value of each placement without making it. After a
        placement the next player's best placement is the best of before, except on the square just
        taken, or one next to it (now touching one stone more of that colour); each colour's two
        best squares tell it. (A stone in the next player's house may change their primary colour:
        that placement is made and counted afresh.)"""
        pos = self.pos
        seat = self.order[step % self.n]
        nxt = self.order[(step + 1) % self.n]
        moves = self.moves(seat)
        self.nodes += len(moves) + 1
        if self.spent():
            raise _Out
        touch = pos.touch
        supply = pos.supply
        cells = pos.cells
        owner = pos.owner
        near = pos.near
        points = pos.points
        outside = self.outside[nxt]
        where = self.outside_cells[nxt]
        tops = []  # per colour: the best touch count outside nxt's house, its cell, the second best
        for k in (0, 1, 2):
            values = touch[k::3] if outside is None else list(outside[k](touch))
            m1 = max(values)
            j = values.index(m1)
            values[j] = -FULL
            tops.append((m1, j if where is None else where[j], max(values)))
        housed = pos.house[nxt] is not None
        primary = pos.primary(nxt) if housed else -1
        terminal = pos.left == 1 or sum(supply) == 1
        tempo = TEMPO if nxt == self.me else -TEMPO
        maximise = seat == self.me
        # the value after each placement (`value` with the mover's points raised by its gain): the
        # mover's gain moves only its own total
        base = self.base
        me = self.me
        mine = base[me] + points[me]
        if seat == me:
            flat = mine - max(base[s] + points[s] for s in self.others)
        else:
            rest = [base[s] + points[s] for s in self.others if s != seat]
            rest_best = max(rest) if rest else None
            own = base[seat] + points[seat]
        for g, cell, colour in moves:
            if seat == me:
                v = flat + g
            else:
                t = own + g
                v = mine - (t if rest_best is None or t > rest_best else rest_best)
            if not terminal:
                if housed and owner[cell] == nxt:
                    pos.place(seat, cell, colour)
                    bg = self.best_gain(nxt)
                    pos.unplace(seat, cell, colour, g)
                else:
                    bg = 0
                    for k in (0, 1, 2):
                        if supply[k] - (k == colour) <= 0:
                            continue
                        m1, c1, m2 = tops[k]
                        top = m2 if c1 == cell else m1
                        if k == colour:
                            for x in near[cell]:
                                if cells[x] == EMPTY and owner[x] != nxt:
                                    t = touch[3 * x + k] + 1
                                    if t > top:
                                        top = t
                        if k == primary:
                            top += top
                        if top > bg:
                            bg = top
                v += tempo * bg
            if maximise:
                if v > alpha:
                    alpha = v
            elif v < beta:
                beta = v
            if alpha >= beta:
                break
        return alpha if maximise else beta

    def root(self, depth: int, first: list[tuple[int, int, int]]) -> tuple[int, int, int]:
        """The best of the moves `first` searched `depth` turns deep, the first of them first. When
        the budget runs out, the best of the moves searched so far if the first was one of them
        (values of one depth compare), else _Out."""
        pos = self.pos
        me = self.me
        best, best_v = None, float("-inf")
        for move in first:
            g, cell, colour = move
            pos.place(me, cell, colour)
            try:
                v = self.search(depth - 1, best_v, float("inf"), self.step0 + 1)
            except _Out:
                if best is None:
                    raise
                return best
            finally:
                pos.unplace(me, cell, colour, g)
            if v > best_v:
                best, best_v = move, v
        return best

    def best(self, shuffle=None) -> tuple[int, int]:
        """(cell, colour) of the best placement found."""
        moves = self.moves(self.me)
        if shuffle is not None:  # equal moves in a random order (the sort below is stable)
            shuffle(moves)
            moves.sort(key=lambda m: -m[0])
        remaining = min(self.pos.left, sum(self.pos.supply))
        best = moves[0]
        depth = 1
        while depth <= remaining and self.nodes <= self.budget and not (depth > 1 and self.out_of_time()):
            try:
                best = self.root(depth, moves)
            except _Out:
                break
            moves.remove(best)
            moves.insert(0, best)
            depth += 1
        self.depth = depth - 1
        return best[1], best[2]


class CastleBot(Bot):
    budget = BUDGET
    #: the positions searched at each level (and its time: 0.1 s, 0.5 s, 2 s)
    levels = ("easy", "normal", "hard")
    limits = {"easy": {"budget": 3_000}, "normal": {"budget": BUDGET}, "hard": {"budget": 120_000}}

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if view["phase"] == "house":
            return self.random.choice(moves)
        pos = Position.from_view(view)
        me = self.seat
        order = view["order"]
        points = view["points"]
        base = [t - p for t, p in zip(view["totals"], points)]
        search = CastleSearch(pos, me, order, order.index(me), base, self.budget, self.clock, self.deadline())
        cell, colour = search.best(self.random.shuffle)
        return Move("place", (COLOURS[colour], view["squares"][cell]))
