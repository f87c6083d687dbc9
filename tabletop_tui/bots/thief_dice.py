"""The Thief Dice computer player.

A free thief has no choice but to roll. The only decision is a jailed thief's rat, once a round: it
is saved for the thief most likely to win the round (most steals; then most points; then whoever
rolls soonest) and spent only when that thief is close to winning: at 4 steals or more, or at 3 when
that thief is about to roll. A thief with no steal has nothing to lose, so is never ratted on.
"""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move

#: Rat on the leader from this many steals on...
RAT_AT = 4
#: ...or from this many when the leader is the thief about to roll.
RAT_AT_ON_TURN = 3


def round_leader(view: dict, candidates: list[int]) -> int | None:
    """The free thief most likely to win the round: most steals, then most points, then rolling soonest."""
    if not candidates:
        return None
    thieves = view["thieves"]
    order = view.get("order") or []
    current = view.get("current")
    start = order.index(current) if current in order else 0

    def soon(seat: int) -> int:
        return (order.index(seat) - start) % len(order) if seat in order else len(order)

    return max(candidates, key=lambda s: (thieves[s]["steals"], thieves[s]["points"], -soon(s)))


class ThiefDiceBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        for move in moves:
            if move.kind == "roll":
                return move
        return moves[0]

    def interject(self, view: dict, moves: list[Move]) -> Move | None:
        rats = {m.args[0]: m for m in moves if m.kind == "rat" and m.args}
        leader = round_leader(view, list(rats))
        if leader is None:
            return None
        steals = view["thieves"][leader]["steals"]
        if steals <= 0:
            return None
        if steals >= RAT_AT or (steals >= RAT_AT_ON_TURN and view.get("current") == leader):
            return rats[leader]
        return None
