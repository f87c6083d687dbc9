"""The Hotel Transylvania computer player.

It sees only its seat's view: the stacks of ghosts, the guests, the scores, how many cards each holds,
its own hand and its own standing order; never another hand, the deck or another's order.

- Its standing order stays "any guest but a 6" (a surprise scores the guest's rank and takes the room;
  a 6 would cost a new rank's worth of points on average 3.5).
- Play: the card whose haunting (the room and its chain) leaves the board best for it: every guest's
  next stop weighed by the chance of the two dice, each room worth what it would give it (its share of
  the guest's rank, or of the loss a 6 brings) less what it gives the others on average, and a little
  for every room where it is the top ghost (the tie-break, and two points of every scare).
- Move: the guest whose stop is worth most to it now by the same measure, counting its own surprise
  where it holds the card of an unhaunted room.
"""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.hotel_transylvania import (LOOP, ROOMS, chain, code_room, covers, room_code, shares)

#: the chance of each total of two dice
ROLL = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}
TOP = 0.6  # the worth of being the top ghost of a room, beyond its next scare
SIX_LOSS = 3.5  # the mean new rank of a guest who freaks out


def room_worth(stack: list[int], rank: int, me: int, n: int) -> float:
    """What a guest of `rank` stopping on a room with `stack` gives `me`, less the others' mean."""
    if not stack:
        return 0.0
    if rank < 6:
        got = shares(rank, stack, n)
        return got[me] - (sum(got) - got[me]) / max(1, n - 1)
    total = 0.0
    for new in range(1, 7):
        got = shares(-new, stack, n)
        total += got[me] - (sum(got) - got[me]) / max(1, n - 1)
    return total / 6


def board_worth(stacks: list[list[int]], guests: list[dict], loop: list[int], me: int, n: int) -> float:
    """The board's worth to `me`: every guest's next stop, by the dice, and the rooms it tops."""
    total = 0.0
    for g in guests:
        for t, p in ROLL.items():
            room = loop[(g["pos"] + t) % len(loop)]
            if room:
                total += p * room_worth(stacks[room - 1], g["rank"], me, n)
    total += TOP * sum(1 for s in stacks if s and s[-1] == me)
    return total


class HotelTransylvaniaBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        me = view["viewer"]
        n = len(view["players"])
        stacks = [list(s) for s in view["stacks"]]
        guests = view["guests"]
        loop = list(LOOP)
        plays = [m for m in moves if m.kind == "play"]
        if plays:
            best, best_worth = plays[0], float("-inf")
            for m in plays:
                room = code_room(m.args[0])
                after = [list(s) for s in stacks]
                for r in [room, *chain(stacks, room, me)]:
                    after[r - 1].append(me)
                worth = board_worth(after, guests, loop, me, n) + self.random.random() * 1e-6
                if worth > best_worth:
                    best, best_worth = m, worth
            return best
        guests_moves = [m for m in moves if m.kind == "move"]
        if guests_moves:
            hand = set(view["hand"] or [])
            order = tuple(view["order"] or (1, 0))
            best, best_worth = guests_moves[0], float("-inf")
            for m in guests_moves:
                g = next(x for x in guests if x["colour"] == m.args[0])
                worth = 0.0
                for t, p in ROLL.items():
                    room = loop[(g["pos"] + t) % len(loop)]
                    if not room:
                        continue
                    stack = stacks[room - 1]
                    if not stack and room_code(room) in hand and covers((order[0], order[1]), g["rank"]):
                        stack = [me]
                    worth += p * room_worth(stack, g["rank"], me, n)
                worth += self.random.random() * 1e-6
                if worth > best_worth:
                    best, best_worth = m, worth
            return best
        return moves[0]


__all__ = ["HotelTransylvaniaBot", "ROOMS"]
