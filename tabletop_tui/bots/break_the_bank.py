"""The Break the Bank computer player: an exact dynamic program over one turn.

Within a turn nothing but the dice happens, so the bot works out the whole rest of its turn: for every
rung (dice of the next roll), Kitty and Bank it compares taking the Kitty with paying for the next roll,
over the exact distribution of the sum of k dice that show no 1 (a small table). Surviving five dice is
valued as what it is: the Kitty and the whole Bank.

The yardstick is the chance to finish first (money is only the tie-break), judged where the turn
ends. When nobody, the bot included, has a turn left that they can pay for, that is exact: the final
split of the Bank is done as the rules do it, and a broken Bank ends the game with what each one holds.
Otherwise each later turn is guessed as a normal spread of `TURN_SPREAD` dollars around no change, for
the bot and for every rival who can still pay, and the bot reckons its chance to end above them all.
So it plays for money while the game is level, stops early when ahead, and pushes on (up to trying for
the Bank) when only a big Kitty can still win.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import product

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.break_the_bank import split_bank
from tabletop_tui.rules.engine import Move

#: Weight of money against the chance to win (a tie-break only).
MONEY_WEIGHT = 1e-6
#: How far one turn moves a player's money, roughly: the spread of a normal guess at the others' and
#: the bot's own later turns.
TURN_SPREAD = 5.0


@lru_cache(maxsize=None)
def safe_sums(dice: int) -> tuple[tuple[int, float], ...]:
    """(sum, probability) of `dice` dice showing no 1; the probabilities add up to (5/6)**dice."""
    counts: dict[int, int] = {}
    for faces in product(range(2, 7), repeat=dice):
        total = sum(faces)
        counts[total] = counts.get(total, 0) + 1
    return tuple((total, count / 6 ** dice) for total, count in sorted(counts.items()))


def bust_chance(dice: int) -> float:
    return 1 - (5 / 6) ** dice


class TurnPlanner:
    """The best play for the rest of one turn. `final(money_after, bank_after)` is the worth of the turn
    ending with the bot's money and the Bank as given (the game goes on); a broken Bank ends the game,
    worth `broken(money_after)`."""

    def __init__(self, cost: int, max_dice: int, final, broken):
        self.cost = cost
        self.max_dice = max_dice
        self.final = final
        self.broken = broken
        self.best = lru_cache(maxsize=None)(self._best)

    def take(self, money: int, kitty: int, bank: int) -> float:
        if bank == 0:
            return self.broken(money + kitty)
        return self.final(money + kitty, bank)

    def roll(self, dice: int, money: int, kitty: int, bank: int) -> float:
        """Worth of paying for a roll of `dice` dice now (the caller checks that it may)."""
        money -= self.cost
        bank += self.cost
        value = bust_chance(dice) * self.final(money, bank + kitty)
        for total, p in safe_sums(dice):
            moved = min(total, bank)
            if dice == self.max_dice:
                value += p * self.broken(money + kitty + bank)
            else:
                value += p * self.best(dice + 1, money, kitty + moved, bank - moved)
        return value

    def _best(self, dice: int, money: int, kitty: int, bank: int) -> float:
        value = self.take(money, kitty, bank)
        if money >= self.cost and dice <= self.max_dice:
            value = max(value, self.roll(dice, money, kitty, bank))
        return value


def _normal_cdf(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


#: A standard normal on a grid: (z, weight), the weights adding up to 1.
_GRID = [(-3 + 0.25 * i, math.exp(-((-3 + 0.25 * i) ** 2) / 2)) for i in range(25)]
_GRID = [(z, w / sum(w for _, w in _GRID)) for z, w in _GRID]


def planner_for(view: dict, seat: int) -> TurnPlanner:
    """A planner whose yardstick is the chance to finish first, with money as the tie-break."""
    money = view["money"]
    cost = view["cost"]
    n = len(money)
    others = [s for s in range(n) if s != seat]
    # turns still to come after this one, for those who can pay for them
    rivals_left = {s: view["turns_left"][s] if money[s] >= cost else 0 for s in others}
    my_left = view["turns_left"][seat]
    deal = view["options"]["odd_dollars"] == "deal"
    first = view["first"]

    def standing(mine: int, rivals: list[int]) -> float:
        best = max(rivals)
        win = 0.0 if mine < best else 1.0 / (1 + rivals.count(mine))
        return win + MONEY_WEIGHT * mine

    def beat_chance(mine: float, rival: int) -> float:
        turns = rivals_left[rival]
        if turns == 0:
            return 1.0 if mine > money[rival] else 0.5 if mine == money[rival] else 0.0
        return _normal_cdf((mine - money[rival] + 0.5) / (TURN_SPREAD * math.sqrt(turns)))

    @lru_cache(maxsize=None)
    def going_on(mine: int) -> float:
        turns = my_left if mine >= cost else 0
        futures = [(mine + TURN_SPREAD * math.sqrt(turns) * z, w) for z, w in _GRID] if turns else [(mine, 1.0)]
        chance = 0.0
        for future, weight in futures:
            for rival in others:
                weight *= beat_chance(future, rival)
            chance += weight
        return chance + MONEY_WEIGHT * mine

    def final(mine: int, bank: int) -> float:
        if (my_left and mine >= cost) or any(rivals_left.values()):
            return going_on(mine)
        shares = split_bank(bank, n, first, deal)
        return standing(mine + shares[seat], [money[s] + shares[s] for s in others])

    def broken(mine: int) -> float:
        return standing(mine, [money[s] for s in others])

    return TurnPlanner(cost, view["max_dice"], final, broken)


class BreakTheBankBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        kinds = {m.kind: m for m in moves}
        if len(kinds) == 1:
            return moves[0]
        planner = planner_for(view, self.seat)
        money, kitty, bank, dice = view["money"][self.seat], view["kitty"], view["bank"], view["dice"]
        if planner.roll(dice, money, kitty, bank) > planner.take(money, kitty, bank):
            return kinds["roll"]
        return kinds["take"]
