"""The Ten-Die Poker computer player.

Only the active player decides anything: fold, or pay half the pot and re-roll some pairs. For every
set of pairs it could re-roll (31 of them) the bot works out exactly the chance that the new hand
beats the leader and the chance that it ties: the red and the black dice are rolled independently,
so each colour's chances are a small table (the hands five dice can make when some are kept), and the
two tables combine in a few sums. It takes the set with the best chance (a tie counting as a share
of the pot) and challenges when that chance, times the pot it would win, is worth the cost.

A pot won by a challenge is not yet kept: the players still waiting (and a beaten leader) may challenge
in turn. Discounting the pot for them made the bot weaker in measured play (they must pay into the
pot too, and often fold), so it counts the pot in full.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.ten_die_poker import PAIRS, dice_hand

ROLL = Move("roll")
SUBSETS = [pairs for k in range(1, PAIRS + 1) for pairs in combinations(range(1, PAIRS + 1), k)]


@lru_cache(maxsize=None)
def distribution(kept: tuple, rolled: int) -> dict:
    """The chance of each hand key of five dice that keep `kept` (sorted) and roll `rolled` more."""
    chances: dict = {}
    share = 1 / 6 ** rolled
    for faces in product(range(1, 7), repeat=rolled):
        key = dice_hand(kept + faces)[0]
        chances[key] = chances.get(key, 0.0) + share
    return chances


def _below_at(chances: dict, low, high) -> tuple[float, float, float]:
    """P(key <= high), P(key == high), P(low <= key <= high)."""
    at_most = between = 0.0
    for key, p in chances.items():
        if key <= high:
            at_most += p
            if key >= low:
                between += p
    return at_most, chances.get(high, 0.0), between


def chances(red, black, pairs, lead) -> tuple[float, float]:
    """(beat, tie): the chances that re-rolling `pairs` (numbers 1-5) beats or ties the leader's key."""
    rolled = len(pairs)
    kept_red = tuple(sorted(v for i, v in enumerate(red, 1) if i not in pairs))
    kept_black = tuple(sorted(v for i, v in enumerate(black, 1) if i not in pairs))
    dr, db = distribution(kept_red, rolled), distribution(kept_black, rolled)
    high, low = lead
    r_most, r_high, r_between = _below_at(dr, low, high)
    b_most, b_high, b_between = _below_at(db, low, high)
    # the better hand beats the leader's better hand, or matches it with the other hand good enough
    at_least = (1 - r_most * b_most) + r_high * b_between + b_high * r_between - r_high * b_high
    if high == low:
        tie = r_high * b_high
    else:
        tie = r_high * db.get(low, 0.0) + b_high * dr.get(low, 0.0)
    return at_least - tie, tie


def best_reroll(red, black, lead, sharers: int = 1) -> tuple[tuple, float, float]:
    """The pairs to re-roll that give the best chance (a tie worth 1/(sharers+1) of a win), with the
    chances to beat and to tie."""
    best = None
    for pairs in SUBSETS:
        beat, tie = chances(red, black, pairs, lead)
        score = beat + tie / (sharers + 1)
        if best is None or score > best[0] + 1e-12:
            best = (score, pairs, beat, tie)
    return best[1], best[2], best[3]


def _key(seat: dict) -> tuple:
    a, b = tuple(seat["red_hand"]["key"]), tuple(seat["black_hand"]["key"])
    return (a, b) if a >= b else (b, a)


class TenDiePokerBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        me = view["seats"][self.seat]
        leaders = view["leaders"]
        lead = _key(view["seats"][leaders[0]])
        pairs, beat, tie = best_reroll(me["red"], me["black"], lead, len(leaders))
        if view["phase"] == "choose":
            for p in range(1, PAIRS + 1):
                if (p in pairs) != (p in view["chosen"]):
                    return Move("pair", (p,))
            return ROLL
        if Move("challenge") not in moves:
            return Move("fold")
        return Move("challenge") if self.worth(view, beat, tie) > 0 else Move("fold")

    def worth(self, view: dict, beat: float, tie: float) -> float:
        """What a challenge is worth in chips, less its cost."""
        cost = view["cost"]
        return (beat + tie / (len(view["leaders"]) + 1)) * (view["pot"] + cost) - cost
