"""The castles' computer player: a paranoid alpha-beta search over the stones to come.

From the position its seat sees, the bot looks ahead through the turns of every player in order. It
maximises its own points minus the best of the others' (points of the series so far included); every
other player is assumed to play against it (the paranoid view, exact minimax with two players). A
position where the search stops is worth that difference plus a share of the best placement open to
the player to move, who is about to take it.

The search deepens one turn at a time (each depth with the best move of the last one first, the
others by what they score at once) until a budget of positions is spent, so its time per move is
bounded and the same position always gets the same answer; near the end it sees every stone to the
last one. Houses (Herman's Castle) are claimed at random: the corners are alike.
"""

from __future__ import annotations

from operator import itemgetter

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.castles import COLOURS, EMPTY, Position
from tabletop_tui.rules.engine import Move

#: the share of the best placement open to the player to move, counted at the end of the search
TEMPO = 0.5
#: positions visited per decision (the search stops at the first depth it cannot finish in this)
BUDGET = 20000


class _Out(Exception):
    """The budget is spent: the depth being searched is abandoned."""


class CastleSearch:
    def __init__(self, pos: Position, me: int, order: list[int], step: int, base: list[int],
                 budget: int = BUDGET):
        self.pos = pos
        self.me = me
        self.order = order
        self.n = len(order)
        self.step0 = step
        self.base = base  # points of earlier games of the series, per seat
        self.budget = budget
        self.nodes = 0
        self.others = [s for s in range(len(base)) if s != me]
        #: per seat with a house: for each colour, the touch counts of the cells outside it
        self.outside = []
        for s in range(len(base)):
            if pos.house[s] is None:
                self.outside.append(None)
            else:
                cells = [i for i in range(len(pos.cells)) if pos.owner[i] != s]
                self.outside.append([itemgetter(*[3 * i + k for i in cells]) for k in (0, 1, 2)])

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
        seat = self.order[step % self.n]
        self.nodes += 1
        if self.nodes > self.budget:
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

    def root(self, depth: int, first: list[tuple[int, int, int]]) -> tuple[tuple[int, int, int], float]:
        pos = self.pos
        me = self.me
        best, best_v = first[0], float("-inf")
        alpha = float("-inf")
        for move in first:
            g, cell, colour = move
            pos.place(me, cell, colour)
            try:
                v = self.search(depth - 1, alpha, float("inf"), self.step0 + 1)
            finally:
                pos.unplace(me, cell, colour, g)
            if v > best_v:
                best, best_v = move, v
                alpha = v
        return best, best_v

    def best(self, shuffle=None) -> tuple[int, int]:
        """(cell, colour) of the best placement found."""
        moves = self.moves(self.me)
        if shuffle is not None:  # equal moves in a random order (the sort below is stable)
            shuffle(moves)
            moves.sort(key=lambda m: -m[0])
        remaining = min(self.pos.left, sum(self.pos.supply))
        best = moves[0]
        depth = 1
        while depth <= remaining:
            try:
                found, _ = self.root(depth, moves)
            except _Out:
                break
            best = found
            moves.remove(found)
            moves.insert(0, found)
            depth += 1
        return best[1], best[2]


class CastleBot(Bot):
    budget = BUDGET

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if view["phase"] == "house":
            return self.random.choice(moves)
        pos = Position.from_view(view)
        me = self.seat
        order = view["order"]
        points = view["points"]
        base = [t - p for t, p in zip(view["totals"], points)]
        search = CastleSearch(pos, me, order, order.index(me), base, self.budget)
        cell, colour = search.best(self.random.shuffle)
        return Move("place", (COLOURS[colour], view["squares"][cell]))
