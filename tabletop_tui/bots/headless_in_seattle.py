"""A computer player for Headless in Seattle, from its seat's view alone.

It weighs each Fighter it could play its card on by the standings if the game ended right after the
play (its own points less the best of the others'), and adds what a card does for the plays to come:
a Defense keeps its Fighter safe in proportion to its height (a 10 on the King is worth keeping for),
an Attack short of a kill counts as a step towards one, the more so the closer it brings the kill.
A low card is better spent as an Attack than as a Fighter's only Defense."""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move

#: how much a Defense of d points on a Fighter of value v is worth for the plays to come: v * d / 10 *
DEFENSE_WEIGHT = 0.4
#: how much an Attack that does not yet kill is worth: the Fighter's value * the share of the way *
PROGRESS_WEIGHT = 0.8


def _points(code: str) -> int:
    return card(code).rank_low


class HeadlessInSeattleBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        me = self.seat
        hand = view["hands"][me]
        if hand is None or len(moves) == 1:
            return moves[0]
        value = _points(hand)
        n = len(view["players"])
        fighters = view["fighters"]
        best: list[Move] = []
        best_score = -1e9
        for move in moves:
            owner, rank = move.args
            score = self._worth(fighters, n, me, owner, "JQK".index(rank), value)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif abs(score - best_score) <= 1e-9:
                best.append(move)
        return self.random.choice(best)

    def _worth(self, fighters: list, n: int, me: int, owner: int, index: int, card_points: int) -> float:
        """The standing after the play (my points less the best other's) and what it leaves for later."""
        scores = [0.0] * n
        later = 0.0
        for row in fighters:
            for f in row:
                defense = _points(f["defense"]) if f["defense"] else 0
                totals = list(f["totals"])
                if f["owner"] == owner and "JQK".index(f["rank"]) == index:
                    if owner == me:
                        defense = card_points
                        # a Defense stands for the rest of the game: the taller, the safer
                        later += f["value"] * card_points / 10 * DEFENSE_WEIGHT
                    else:
                        totals[me] += card_points
                attack = sum(totals)
                if defense >= attack:
                    if f["owner"] != me and totals[me]:
                        # on the way to a kill: the nearer the Defense, the more it is worth
                        need = defense + 1
                        later += f["value"] * min(1.0, totals[me] / need) * PROGRESS_WEIGHT
                    continue
                most = max(totals)
                killers = [s for s in range(n) if totals[s] == most]
                for s in killers:
                    scores[s] += f["value"] / len(killers)
        others = max(scores[s] for s in range(n) if s != me)
        return scores[me] - others + later
