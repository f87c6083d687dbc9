"""A computer player for any game: information-set Monte Carlo tree search.

It knows no rules of its own. Each of its `iterations` deals a game consistent with what its seat knows
(`Knowledge.sample`: the hidden cards dealt anew, the dice to come unknown), walks down one shared tree
of moves (a move's statistics gathered over every deal in which it was legal, the choice by UCB1 over
the moves legal in this deal), adds one move, plays the rest of the game at random (at most
`rollout_moves` moves) and credits each move on the way with the result for the seat that made it: a
win 1, a first place shared among k seats 1/k, anything else 0; a game stopped unfinished counts as a
share for everyone. It then makes the move it tried most. It stops dealing early when its time budget
is spent (`Bot.time_budget`, read on `Bot.clock` after each deal, and within a long playout every
`rollout_piece` moves: a deal whose playout the budget cut short counts for nothing); where the
iterations run out first, the same view and seed always get the same move.

Strong enough to beat random play everywhere and to be a new game's first computer player; a game
written with care deserves a bot that knows its strategy.
"""

from __future__ import annotations

import math

from tabletop_tui.bots.base import Bot, Knowledge
from tabletop_tui.rules.engine import Game, Move


class _Node:
    __slots__ = ("seat", "visits", "total", "avail", "children")

    def __init__(self, seat: int):
        self.seat = seat  # the seat whose move led here
        self.visits = 0
        self.total = 0.0
        self.avail = 1  # the iterations in which this move was legal where it was asked
        self.children: dict[Move, _Node] = {}


def _mover(game: Game) -> int | None:
    """The seat to move next: the first the game waits for that has a move."""
    acting = game.to_act()
    if len(acting) == 1:  # most games wait for one seat at a time
        seat = acting[0]
        return seat if game.legal_moves(seat) else None
    return next((s for s in acting if game.legal_moves(s)), None)


def rewards(game: Game) -> list[float]:
    """What the game's end gives each seat: 1 to the winner, 1/k to each of k seats sharing first place,
    0 to the others; an equal share each while the game is unfinished."""
    n = len(game.players)
    outcome = game.outcome()
    if outcome is None:
        return [1.0 / n] * n
    first = outcome.first
    return [1.0 / len(first) if s in first else 0.0 for s in range(n)]


class SearchBot(Bot):
    """Information-set Monte Carlo tree search (see the module). At most `iterations` deals per
    decision, fewer if the time budget is spent first (one at least)."""

    iterations = 120
    rollout_moves = 300
    #: the moves of a playout between two readings of the clock (a whole playout of a long game, 300
    #: moves of Thief in the Night, takes about 50 ms)
    rollout_piece = 50
    exploration = 0.7
    #: deals per decision at each level (and its time: 0.1 s, 0.5 s, 2 s)
    levels = ("easy", "normal", "hard")
    limits = {"easy": {"iterations": 30}, "normal": {"iterations": 120}, "hard": {"iterations": 480}}

    def __init__(self, seat: int, seed: int = 0, iterations: int | None = None):
        super().__init__(seat, seed)
        self.fixed = iterations  # deals set by the caller: a level changes the time only
        if iterations is not None:
            self.iterations = iterations

    def set_level(self, level: str) -> str:
        taken = super().set_level(level)
        if self.fixed is not None:
            self.iterations = self.fixed
        return taken

    def choose(self, view: dict, moves: list[Move]) -> Move:
        raise TypeError("SearchBot decides from a seat's Knowledge (bot.decide), not from a view alone")

    def decide(self, knowledge: Knowledge) -> Move:
        moves = knowledge.moves()
        if len(moves) == 1:
            return moves[0]
        rnd = self.random
        root = _Node(self.seat)
        c = self.exploration
        clock = self.clock
        deadline = self.deadline()
        for i in range(self.iterations):
            if i and clock() >= deadline:
                break
            game = knowledge.sample(rnd)
            node = root
            path = []
            while game.outcome() is None:
                seat = self.seat if node is root else _mover(game)
                if seat is None:
                    break
                legal = game.legal_moves(seat)
                children = node.children
                untried = [m for m in legal if m not in children]
                if untried:
                    move = rnd.choice(untried)
                    child = children[move] = _Node(seat)
                    game.play(seat, move)
                    path.append(child)
                    break
                for m in legal:
                    children[m].avail += 1
                move = max(legal, key=lambda m: children[m].total / children[m].visits
                           + c * math.sqrt(math.log(children[m].avail) / children[m].visits))
                game.play(seat, move)
                node = children[move]
                path.append(node)
            if i == 0:  # the first deal is played out whole: there is always a move tried
                game.rollout(rnd, self.rollout_moves)  # the engine's loop: the moves `_mover` would choose
            elif not self._played_out(game, rnd, clock, deadline):
                break  # the time is up: this deal's playout is unfinished, and counts for nothing
            result = rewards(game)
            for n in path:
                n.visits += 1
                n.total += result[n.seat]
        tried = root.children
        return max(moves, key=lambda m: (tried[m].visits, tried[m].total) if m in tried else (-1, 0.0))

    def _played_out(self, game: Game, rnd, clock, deadline: float) -> bool:
        """Play `game` out as one `rollout` of `rollout_moves` moves would (the same moves, the same
        draws), in pieces of `rollout_piece` moves with the clock read after each piece that leaves the game
        going on; False as soon as a reading finds the time up."""
        piece, left = self.rollout_piece, self.rollout_moves
        while left > 0:
            played = game.rollout(rnd, min(piece, left))
            left -= played
            if played < piece or left <= 0:  # the game ended, or waits for no seat with a move
                return True
            if clock() >= deadline:
                return False
        return True
