"""The Seven-Handed Poker computer player: it weighs each coin's chances and the whole row's.

It sees only its view: its own hand and face-down cards, the face-up coins, and the counts of the
other side. Hands it cannot see are judged against *typical* hands: the best hand of so many cards out
of eight dealt at random (sampled once per process, `warm_up`). From the chances of each coin it works
out the chance that each player wins three adjacent coins or four in all (coins taken as independent),
and plays for the difference.

- Laying: for each number of cards, the best hand of that many in its hand (and the lowest single
  card, to give a coin up cheaply). The opponent chooses the coin knowing only the number, so each
  candidate is judged on the coins the opponent would likely choose for a typical hand of that size,
  less a price per card spent (cards in hand are tomorrow's hands), which falls as the free coins do.
- Choosing the coin for the opponent's cards: the coin where a typical hand of the number announced
  does the least good to the opponent: against its own strong face-down hand, or away from a row.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from itertools import combinations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components.cards import card, deck
from tabletop_tui.rules.components.poker import hand_value
from tabletop_tui.rules.engine import Move

COINS = 7
#: the size of a hand judged before it is laid (a coin where a side is still free)
FUTURE = 3
SAMPLES = 300
DEALT = 8
#: the price of each card laid, in chances of winning the game, at the first coin; it falls to nothing
#: at the last (a card kept is worth less the fewer coins are left to lay it on)
CARD_PRICE = 0.2
#: how much of the opponent's coin choice is the best for the opponent (the rest is spread evenly)
SHREWD = 0.7
#: at most this many cards are tried in combinations when looking for the best hands of a big hand
WIDEST = 13

_typical: dict[int, list[int]] | None = None
_versus: dict[tuple[int, int], tuple[float, float]] = {}


def warm_up() -> None:
    """Sample the typical hands (about a tenth of a second, once per process)."""
    global _typical
    if _typical is not None:
        return
    rnd = random.Random(7)
    cards = deck()
    typical = {}
    for size in range(1, 6):
        values = []
        for _ in range(SAMPLES):
            dealt = rnd.sample(cards, DEALT)
            values.append(max(hand_value(c) for c in combinations(dealt, size)))
        typical[size] = sorted(values)
    _typical = typical
    for i in range(1, 6):
        for j in range(1, 6):
            win = lose = 0.0
            for v in typical[i]:
                w, l = _against(v, j)
                win += w
                lose += l
            _versus[i, j] = (win / SAMPLES, lose / SAMPLES)


def _against(value: int, size: int) -> tuple[float, float]:
    """(chance to take the coin, chance the other takes it) for a hand of `value` against a typical
    hand of `size` cards; a tie takes the coin for both."""
    values = _typical[size]
    below = bisect_left(values, value)
    above = len(values) - bisect_right(values, value)
    n = len(values)
    return (n - above) / n, (n - below) / n


def against(value: int, size: int) -> tuple[float, float]:
    warm_up()
    return _against(value, min(size, 5))


def typical_versus(mine: int, theirs: int) -> tuple[float, float]:
    """(chance I take the coin, chance they do) for two typical hands of these sizes."""
    warm_up()
    return _versus[min(mine, 5), min(theirs, 5)]


def chance_of_win(chances: list[float]) -> float:
    """The chance of three adjacent coins or four in all, each coin taken with its own chance."""
    states = {(0, 0): 1.0}  # (coins taken, length of the run ending here) -> chance
    done = 0.0
    for p in chances:
        nxt: dict[tuple[int, int], float] = {}
        for (count, run), q in states.items():
            if p > 0:
                if count + 1 >= 4 or run + 1 >= 3:
                    done += q * p
                else:
                    key = (count + 1, run + 1)
                    nxt[key] = nxt.get(key, 0.0) + q * p
            if p < 1:
                key = (count, 0)
                nxt[key] = nxt.get(key, 0.0) + q * (1 - p)
        states = nxt
    return done


def best_hands(hand: list) -> list[list]:
    """Candidate plays: the best hand of each size 1 to 5, and the lowest single card."""
    pool = hand
    if len(pool) > WIDEST:
        # keep the cards most likely to matter: jokers, groups, then the highest
        ranks = {}
        for c in hand:
            ranks[c.rank] = ranks.get(c.rank, 0) + 1
        suits = {}
        for c in hand:
            suits[c.suit] = suits.get(c.suit, 0) + 1
        pool = sorted(hand, key=lambda c: (c.joker > 0, ranks[c.rank], suits[c.suit] >= 5, c.rank),
                      reverse=True)[:WIDEST]
    out = []
    for size in range(1, min(5, len(hand)) + 1):
        # the best hand, keeping the higher cards where hands are equal
        best = max(combinations(pool, size), key=lambda cs: (hand_value(cs), -sum(c.order for c in cs)))
        out.append(list(best))
    low = min(hand, key=lambda c: (c.joker > 0, c.order))
    if out and [low] != out[0]:
        out.append([low])
    return out


class SevenHandedPokerBot(Bot):
    card_price = CARD_PRICE
    shrewd = SHREWD

    def __init__(self, seat: int, seed: int = 0):
        super().__init__(seat, seed)
        self._plan: list[str] = []

    # -- reading the table ----------------------------------------------------------------------

    def _chances(self, view: dict) -> tuple[list[float], list[float]]:
        """Each coin's chance of going to me and to the opponent, as the table stands."""
        me, opp = self.seat, 1 - self.seat
        mine, theirs = [], []
        for coin in view["coins"]:
            if coin["face_up"] or coin["winners"]:
                mine.append(1.0 if me in coin["winners"] else 0.0)
                theirs.append(1.0 if opp in coin["winners"] else 0.0)
                continue
            my_side, their_side = coin["sides"][me], coin["sides"][opp]
            if my_side:
                w, l = against(hand_value([card(c) for c in my_side]), FUTURE)
            elif their_side:
                w, l = typical_versus(FUTURE, len(their_side))
            else:
                w, l = typical_versus(FUTURE, FUTURE)
            mine.append(w)
            theirs.append(l)
        return mine, theirs

    @staticmethod
    def _worth(mine: list[float], theirs: list[float]) -> float:
        return chance_of_win(mine) - chance_of_win(theirs)

    def _with(self, mine, theirs, coin, w, l) -> float:
        m, t = list(mine), list(theirs)
        m[coin], t[coin] = w, l
        return self._worth(m, t)

    # -- deciding -------------------------------------------------------------------------------

    def choose(self, view: dict, moves: list[Move]) -> Move:
        kind = moves[0].kind
        if kind == "place":
            return self._place(view, moves)
        if kind == "announce":
            self._plan = self._lay_plan(view)
            wanted = Move("announce", (len(self._plan),))
            return wanted if wanted in moves else moves[0]
        return self._lay_card(view, moves)

    def _place(self, view: dict, moves: list[Move]) -> Move:
        """Put the opponent's face-down cards where a typical hand of that size does least good."""
        me = self.seat
        size = view["pending"]["announced"]
        mine, theirs = self._chances(view)
        best, best_worth = moves[0], None
        for move in moves:
            coin = move.args[0]
            my_side = view["coins"][coin]["sides"][me]
            if my_side:
                w, l = against(hand_value([card(c) for c in my_side]), size)
            else:
                l, w = typical_versus(size, FUTURE)
            worth = self._with(mine, theirs, coin, w, l)
            if best_worth is None or worth > best_worth + 1e-12:
                best, best_worth = move, worth
        return best

    def _lay_plan(self, view: dict) -> list[str]:
        me, opp = self.seat, 1 - self.seat
        hand = [card(c) for c in view["hand"]]
        free = view["free"][me]
        mine, theirs = self._chances(view)

        def coin_chances(coin: int, value: int | None, size: int) -> tuple[float, float]:
            their_side = view["coins"][coin]["sides"][opp]
            other = len(their_side) if their_side else FUTURE
            if value is None:
                return typical_versus(size, other)
            return against(value, other)

        # where the opponent is likely to put a hand of each size (it sees the size, not the cards)
        weights: dict[int, dict[int, float]] = {}
        for size in range(1, min(5, len(hand)) + 1):
            worst = min(free, key=lambda c: self._with(mine, theirs, c, *coin_chances(c, None, size)))
            weights[size] = {c: (1 - self.shrewd) / len(free) + (self.shrewd if c == worst else 0.0) for c in free}
        price = self.card_price * self.price_scale(view)
        best_plan, best_score = None, None
        for cards in best_hands(hand):
            value = hand_value(cards)
            size = len(cards)
            score = sum(w * self._with(mine, theirs, c, *coin_chances(c, value, size))
                        for c, w in weights[size].items())
            score -= price * size
            if best_score is None or score > best_score + 1e-12:
                best_plan, best_score = cards, score
        return [c.code for c in best_plan]

    def price_scale(self, view: dict) -> float:
        return (len(view["free"][self.seat]) - 1) / (COINS - 1)

    def _lay_card(self, view: dict, moves: list[Move]) -> Move:
        for code in self._plan:
            move = Move("lay", (code,))
            if move in moves:
                return move
        # no plan (a game taken up halfway through a laying): the card that makes the best hand
        down = [card(c) for c in view["pending"]["cards"]]
        return max(moves, key=lambda m: (hand_value(down + [card(m.args[0])]), -card(m.args[0]).order))
