"""The Pontifuse computer player: it has read the whole game to the end.

Pontifuse is small enough to solve: at most 3^9 boards, times who holds the early bird. The solver
looks from the X side: the value of a position is X's points minus O's when the board is full, with
both sides playing perfectly (a scoreless board is worth 0, the replay being a fresh start). The bot
marks a territory of the highest value for its own side, choosing at random among equals; the coin
call and the army are mere matters of taste, so those are random too.

It has two levels: normal plays perfectly (no search could play better, so there is no hard); easy
marks a territory at random one time in three (`blunders`), and perfectly otherwise.
"""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.pontifuse import EARLY_BIRD, FLANKED, POINTS

_FULL = 0b111111111
_NOBODY, _X, _O = 0, 1, 2  # who holds the early bird

_memo: dict[int, int] = {}


def solve(x: int, o: int, early: int) -> int:
    """X's points minus O's at the end of the board, with perfect play from here.

    `x` and `o` are the marks of each side as 9-bit masks (bit i = territory i); `early` says who
    first flanked a territory: 0 nobody yet, 1 X, 2 O. X moves when both have as many marks."""
    key = x | o << 9 | early << 18
    value = _memo.get(key)
    if value is not None:
        return value
    occupied = x | o
    if occupied == _FULL:
        value = POINTS[FLANKED[x].bit_count()] - POINTS[FLANKED[o].bit_count()]
        if early == _X:
            value += EARLY_BIRD
        elif early == _O:
            value -= EARLY_BIRD
    elif x.bit_count() == o.bit_count():
        value = max(
            solve(x | 1 << i, o, early or (_X if FLANKED[x | 1 << i] else _NOBODY))
            for i in range(9)
            if not occupied >> i & 1
        )
    else:
        value = min(
            solve(x, o | 1 << i, early or (_O if FLANKED[o | 1 << i] else _NOBODY))
            for i in range(9)
            if not occupied >> i & 1
        )
    _memo[key] = value
    return value


def warm_up() -> None:
    """Solve the whole game from the empty board once per process (well under a second)."""
    solve(0, 0, _NOBODY)


class PontifuseBot(Bot):
    levels = ("easy", "normal")
    limits = {"easy": {"blunders": 1 / 3}, "normal": {"blunders": 0.0}}
    #: the share of territories marked at random instead of perfectly
    blunders = 0.0

    def choose(self, view: dict, moves: list[Move]) -> Move:
        places = [m for m in moves if m.kind == "place"]
        if not places:
            return self.random.choice(moves)  # the coin call or the army: nothing to calculate
        if self.blunders and self.random.random() < self.blunders:
            return self.random.choice(places)
        me = self.seat
        mark = view["marks"][me]
        x = o = 0
        for i, cell in enumerate(view["cells"]):
            if cell == "X":
                x |= 1 << i
            elif cell == "O":
                o |= 1 << i
        holder = view["early_bird"]
        if holder is None:
            early = _NOBODY
        else:
            early = _X if view["marks"][holder] == "X" else _O
        best: list[Move] = []
        best_value = None
        for move in places:
            bit = 1 << move.args[0]
            if mark == "X":
                nx = x | bit
                value = solve(nx, o, early or (_X if FLANKED[nx] else _NOBODY))
            else:
                no = o | bit
                value = -solve(x, no, early or (_O if FLANKED[no] else _NOBODY))
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self.random.choice(best)
