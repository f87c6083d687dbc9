"""The Darwinian Poker computer player.

It tries each card of its hand as the seed against a few dozen guesses at the others' seeds (drawn
from the cards it has not seen: not in its hand, the Ooze or the discards), plays the round out with
the real order of play, and scores the hand it would keep: the poker hand it already makes, and,
while rounds remain, what it may still become (more cards, a long suit, pairs to build on). The same
guesses serve every candidate, so that the comparison is fair. An empty hand (extinction) scores
worst of all.
"""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components.cards import STANDARD, card
from tabletop_tui.rules.components.poker import hand_value
from tabletop_tui.rules.darwinian_poker import resolve
from tabletop_tui.rules.engine import Move

#: Guesses at the others' seeds per decision.
SAMPLES = 40
EXTINCT = -100.0


def strength(value: int) -> float:
    """A hand's value (`poker.hand_value`) as a number that grows with the category and, less, with
    the ranks that decide within it."""
    category = value >> 20
    return category + ((value >> 16) & 15) / 16 + ((value >> 12) & 15) / 256


def score(hand: list, rounds_left: int, weights=None) -> float:
    """What a hand is worth to its holder with `rounds_left` rounds still to come."""
    if not hand:
        return EXTINCT
    w = weights or WEIGHTS
    value = strength(hand_value(hand))
    if rounds_left <= 0:
        return value
    suits = [0, 0, 0, 0]
    ranks: dict[int, int] = {}
    for c in hand:
        suits[c._si] += 1
        ranks[c.rank] = ranks.get(c.rank, 0) + 1
    long_suit = max(suits)
    pairs = sum(1 for n in ranks.values() if n >= 2)
    reach = min(1.0, rounds_left / 3)
    value += reach * (w["cards"] * min(len(hand), 9) + w["suit"] * min(long_suit, 5)
                      + w["pairs"] * pairs)
    if len(hand) == 1:
        value -= w["thin"] * reach
    return value


WEIGHTS = {"cards": 0.12, "suit": 0.25, "pairs": 0.1, "thin": 1.0}


class DarwinianPokerBot(Bot):
    samples = SAMPLES
    weights = None

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        hand = [card(code) for code in view["hand"]]
        ooze = [card(code) for code in view["ooze"]]
        seen = set(view["hand"]) | set(view["ooze"]) | set(view["discard"])
        if view.get("seed"):
            seen.add(view["seed"])
        pool = [c for c in STANDARD if c.code not in seen]
        others = [s for s, sp in enumerate(view["species"]) if s != self.seat and not sp["extinct"]]
        rounds_left = view["deck"] // 4
        rnd = self.random
        guesses = [rnd.sample(pool, len(others)) if len(pool) >= len(others) else [] for _ in range(self.samples)]
        best, best_score = moves[0], None
        for move in moves:
            seed = card(move.args[0])
            keep = [c for c in hand if c is not seed]
            total = 0.0
            for guess in guesses:
                seeds = {self.seat: seed}
                seeds.update(zip(others, guess))
                plays, _ = resolve(seeds, ooze)
                taken = next(t for s, _, t in plays if s == self.seat)
                total += score(keep + taken, rounds_left, self.weights)
            if best_score is None or total > best_score:
                best, best_score = move, total
        return best
