"""The Penniless and Insane computer player.

It sees only its own seat's view: its hand and money, the pool, the revealed bids, the discards and
the cards everyone has seen go into the other hands this round. For each choice open to it (a card to
bid, or a card of the pool to take) it plays the rest of the round out a few dozen times against
guesses at what it cannot see: the other hands (the cards known to be in them, the rest drawn from the
cards it has not seen) and the pools still to come. In those playouts everyone, itself included, bids
by a simple rule of thumb (a card worth exactly the money left first, since $0 is what scores; then
mostly the cards that leave a way to spend down to nothing) and takes the highest card of the pool.
The choice whose playouts score best, its own points against the others', is the one it makes. The
same guesses serve every choice, so that the comparison is fair.

Cards are small whole numbers in the playouts: face value times four plus the suit (clubs 0 ...
spades 3), so that the face value is `k >> 2` and sorting them sorts the bids into acting order.
"""

from __future__ import annotations

import random

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components.cards import STANDARD, card
from tabletop_tui.rules.engine import Move

#: Playouts per decision.
SAMPLES = 48
TRICKS = 3
#: How much the others' points weigh against its own.
OTHERS = 0.6

ALL_KEYS = tuple(c.order_low for c in STANDARD)


def key(code: str) -> int:
    return card(code).order_low


def round_points(hands, money) -> list[int]:
    """Each seat's points for the round, as the rules score them."""
    least = min(money)
    if least == 0:
        return [3 * sum(k >> 2 for k in h) if m == 0 else 0 for h, m in zip(hands, money)]
    return [sum(k >> 2 for k in h) * (3 if m == least else 1) for h, m in zip(hands, money)]


def rule_of_thumb(hand: list[int], money: int, tricks_left: int, rnd: random.Random) -> int:
    """A quick bid for the playouts: a card worth exactly the money left if there is one; otherwise
    most often one that leaves a way down to $0 (another card of the hand worth what would be left),
    then on the last trick the dearest it can pay; otherwise a card at random."""
    r = rnd.random()
    exact = [k for k in hand if k >> 2 == money]
    if exact and r < 0.9:
        return exact[0]
    if tricks_left > 1 and r < 0.75:
        paths = [k for k in hand if (k >> 2) < money and any(o != k and (o >> 2) == money - (k >> 2) for o in hand)]
        if paths:
            return paths[int(rnd.random() * len(paths))]
    if tricks_left == 1 and r < 0.7:
        payable = [k for k in hand if k >> 2 <= money]
        if payable:
            return max(payable)
    return hand[int(rnd.random() * len(hand))]


def play_trick(hands, money, bids, pool) -> None:
    """Resolve a trick whose bids ({seat: card}) are down: the lowest acts first and takes the highest
    card of the pool; a bid it cannot pay, or an empty pool, goes back to its hand."""
    pool = sorted(pool)
    for s in sorted(bids, key=bids.__getitem__):
        b = bids[s]
        cost = b >> 2
        if cost > money[s] or not pool:
            hands[s].append(b)
        else:
            money[s] -= cost
            hands[s].append(pool.pop())


class PennilessAndInsaneBot(Bot):
    samples = SAMPLES
    others = OTHERS

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        me = self.seat
        n = len(view["players"])
        rnd = self.random
        seen = set(view["hand"]) | set(view["pool"]) | set(view["discard"])
        if view["bid"]:
            seen.add(view["bid"])
        for codes in view["known"]:
            seen.update(codes)
        for b in view["bids"]:
            if b and b != "down":
                seen.add(b)
        unseen = [c.order_low for c in STANDARD if c.code not in seen]
        # what each other player holds: the cards known to be there, and how many are not known
        known, missing = {}, {}
        for s in range(n):
            if s == me:
                continue
            k = [key(c) for c in view["known"][s]]
            held = view["cards"][s] + (1 if view["bids"][s] == "down" else 0)
            known[s] = k
            missing[s] = max(0, held - len(k))
        mine = [key(c) for c in view["hand"]]
        money = list(view["money"])
        tricks_after = TRICKS - view["trick"]
        pool = [key(c) for c in view["pool"]]
        guesses = []
        for _ in range(self.samples):
            deck = list(unseen)
            rnd.shuffle(deck)
            hands = {}
            for s in known:
                take = missing[s]
                hands[s] = known[s] + deck[:take]
                del deck[:take]
            guesses.append((hands, deck, rnd.random()))
        best, best_score = moves[0], None
        for move in moves:
            total = 0.0
            for hands, deck, seed in guesses:
                total += self._playout(view, move, me, n, mine, money, pool, hands, deck, tricks_after,
                                       random.Random(seed))
            if best_score is None or total > best_score:
                best, best_score = move, total
        return best

    def _playout(self, view, move, me, n, mine, money, pool, guessed, deck, tricks_after, rnd) -> float:
        hands = [None] * n
        for s, h in guessed.items():
            hands[s] = list(h)
        hands[me] = list(mine)
        money = list(money)
        k = key(move.args[0])
        if move.kind == "bid":
            bids = {me: k}
            hands[me].remove(k)
            for s in range(n):
                if s != me:
                    b = rule_of_thumb(hands[s], money[s], tricks_after + 1, rnd)
                    hands[s].remove(b)
                    bids[s] = b
            play_trick(hands, money, bids, pool)
        else:  # take: this seat acts now; the others still to act follow
            order = view["order"]
            at = order.index(me)
            rest_pool = sorted(pool)
            rest_pool.remove(k)
            hands[me].append(k)
            money[me] -= key(view["bids"][me]) >> 2
            bids = {s: key(view["bids"][s]) for s in order[at + 1:]}
            play_trick(hands, money, bids, rest_pool)
        position = 0
        for left in range(tricks_after, 0, -1):
            offered = deck[position:position + n - 1]
            position += n - 1
            bids = {}
            for s in range(n):
                b = rule_of_thumb(hands[s], money[s], left, rnd)
                hands[s].remove(b)
                bids[s] = b
            play_trick(hands, money, bids, offered)
        points = round_points(hands, money)
        mine_ = points[me]
        others = (sum(points) - mine_) / (n - 1)
        return mine_ - self.others * others
