"""A Fight the Power faction that aims for eight dice or for none, whichever is nearer.

Every choice is a one-move look-ahead over the dice counts. A position is worth 1 if this faction has
won, 0 if another has, and otherwise this faction's share of the table's "strength", where a faction's
strength grows sharply as it nears eight dice or none (`STRENGTH`, by its number of dice), and more
still for a faction one die from a win whose turn is next. So the bot grows when it is big, shrinks
when it is small, and keeps the others from the brink: it never takes the last die of a one-die
faction (that faction would win), and it will pick a fight with it to lose on purpose.

The two goals are not equally near. Shrinking is much the easier: a faction loses dice on purpose by
attacking with low dice, and every recruit and every won fight of the others pushes it down, while
growing takes won fights against defenders who roll all their dice. So a faction of 3 dice is far
stronger than one of 5, and `STRENGTH` says so, with odds measured in games between these players (a
faction of 3 at the start of its turn went on to win 3 games in 10, one of 5 about 1 in 8). An earlier
table counted the distance from eight and from none alike: every opening recruit then looked as good
as any other move, and the first player's habitual recruit from the next one handed him a die's start
towards none; the first player won 17% of four-player games and the second 37%. Equally good moves
are chosen at random.

A recruit moves one die for certain. A fight is weighed by its exact odds: for each opponent and each
choice of dice to keep (the top k or the bottom k of its sorted dice: keeping high dice helps to win,
keeping low ones helps to lose), the chance to win, draw and lose is counted over every way the dice
can fall (`fight_odds`, cached). With the round limit on, the last turn is judged by the closing rule.

After a win it takes the loser's highest die when growing (a kept 6 wins fights) and the lowest when
shrinking (a kept 1 loses them).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.fight_the_power import GROW_TO, distance

#: a faction's strength by its number of dice (1 to 7): the odds of going on to win, relative to four
#: dice, measured in games between these players (one die from a win is set apart by `NEXT_BOOST`)
STRENGTH = {1: 12.0, 2: 5.0, 3: 2.0, 4: 1.0, 5: 1.0, 6: 1.6, 7: 12.0}
#: how much stronger a faction one die from a win is when its turn comes next
NEXT_BOOST = 4.0


@lru_cache(maxsize=None)
def rolls(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every way n dice can fall, as (faces highest first, probability)."""
    out = []
    for hand in combinations_with_replacement(range(6, 0, -1), n):
        ways = factorial(n)
        for face in set(hand):
            ways //= factorial(hand.count(face))
        out.append((hand, ways / 6 ** n))
    return tuple(out)


@lru_cache(maxsize=None)
def _defence(dice: int, compared: int):
    """The defender's top `compared` dice: the hands in order, the chance of a hand below each, and
    the chance of each hand."""
    chance: dict[tuple[int, ...], float] = {}
    for hand, p in rolls(dice):
        top = hand[:compared]
        chance[top] = chance.get(top, 0.0) + p
    hands = sorted(chance)
    below, total = [], 0.0
    for hand in hands:
        below.append(total)
        total += chance[hand]
    below.append(total)
    return hands, below, chance


@lru_cache(maxsize=65536)
def fight_odds(kept: tuple[int, ...], rolled: int, defenders: int, extra_dice_win: bool = False):
    """(win, draw, lose) for an attacker keeping `kept` and rolling `rolled` dice against a defender
    rolling `defenders` dice."""
    attackers = len(kept) + rolled
    compared = min(attackers, defenders)
    hands, below, chance = _defence(defenders, compared)
    win = draw = 0.0
    for roll, p in rolls(rolled):
        hand = tuple(sorted(kept + roll, reverse=True)[:compared])
        win += p * below[bisect_left(hands, hand)]
        draw += p * chance.get(hand, 0.0)
    if extra_dice_win and attackers != defenders:
        if attackers > defenders:
            win += draw
        draw = 0.0
    return win, draw, max(0.0, 1.0 - win - draw)


def keep_choices(dice: list[int]) -> list[tuple[int, ...]]:
    """The dice worth keeping: the top k or the bottom k, for every k (as the indexes kept)."""
    n = len(dice)
    seen, choices = set(), []
    for k in range(n + 1):
        for kept in (tuple(range(k)), tuple(range(n - k, n))):
            faces = tuple(dice[i] for i in kept)
            if faces not in seen:
                seen.add(faces)
                choices.append(kept)
    return choices


class FightThePowerBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        if view["phase"] == "take":
            return self._take(view, moves)
        if view["phase"] == "aim":
            return self._aim(view, moves)
        values = []
        for move in moves:
            if move.kind == "recruit":
                value = self._after(view, move.args[0], +1)
            else:
                value = max(self._fight_value(view, move.args[0], kept)
                            for kept in keep_choices(view["dice"][self.seat]))
            values.append(value)
        best = max(values)
        return self.random.choice([m for m, v in zip(moves, values) if v > best - 1e-9])

    # -- a fight ---------------------------------------------------------------------------------------

    def _fight_value(self, view: dict, target: int, kept: tuple[int, ...]) -> float:
        dice = view["dice"][self.seat]
        win, draw, lose = fight_odds(tuple(dice[i] for i in kept), len(dice) - len(kept),
                                     len(view["dice"][target]), view["options"]["extra_dice_win"])
        return (win * self._after(view, target, +1) + draw * self._after(view, target, 0)
                + lose * self._after(view, target, -1))

    def _aim(self, view: dict, moves: list[Move]) -> Move:
        target = view["target"]
        best = max(keep_choices(view["dice"][self.seat]), key=lambda kept: self._fight_value(view, target, kept))
        for i, rolling in enumerate(view["rolling"]):
            if rolling == (i in best):
                return Move("toggle", (i,))
        return Move("roll")

    def _take(self, view: dict, moves: list[Move]) -> Move:
        faces = [m.args[0] for m in moves]
        growing = len(view["dice"][self.seat]) + 1 >= GROW_TO // 2
        face = max(faces) if growing else min(faces)
        return Move("take", (face,))

    # -- judging a position --------------------------------------------------------------------------

    def _after(self, view: dict, other: int, gain: int) -> float:
        """What this faction's turn is worth if it ends with `gain` dice moved from `other` to us."""
        me = self.seat
        counts = [len(d) for d in view["dice"]]
        counts[me] += gain
        counts[other] -= gain
        reached = [s for s in (me, other) if distance(counts[s]) == 0]
        if reached:
            return 1.0 if me in reached else 0.0  # both at once: the active player (we) wins
        n = len(counts)
        rounds = view["rounds"]
        if rounds and view["turns"] + 1 >= rounds * n:  # the closing rule decides
            closest = min(distance(c) for c in counts)
            tied = [s for s in range(n) if distance(counts[s]) == closest]
            return 1.0 / len(tied) if me in tied else 0.0
        upcoming = (me + 1) % n
        strength = [STRENGTH[c] * (NEXT_BOOST if s == upcoming and distance(c) == 1 else 1.0)
                    for s, c in enumerate(counts)]
        return strength[me] / sum(strength)
