"""The Shipwreck! computer player.

It sees only its seat's view: its own hand, the boards and lifeboats (face up), how many cards each
player holds, and the fight on the table. The cards it has not seen (the others' hands, the deck, the
cards set aside) are a pool it reasons about.

- **Its prospects.** For each suit it holds, what the lifeboat of that suit is worth to it: the
  lifeboat's points times its chance to board it, which falls with each rival that might run for the
  same lifeboat holding more of the suit (what that rival shows on his board, plus what his hidden
  cards hold of the suit on average).
- **On its turn** it gives up its lowest card (high cards win fights and races; between equal ones,
  the one whose loss leaves its prospects best): it picks a fight with it when the rival (the one
  holding the most cards) is unlikely to beat it, or when it holds a King to finish the fight with, and
  otherwise discards it.
- **In a fight** it plays the lowest card that beats the last one, and surrenders only when it has
  none: a fight given up costs a card of the hand, which weighs more than the card played.
- **At the showdown** it lays a Key of the suit with the best prospect, weighing a few dozen guesses
  at the others' hands and at where they will run.
"""

from __future__ import annotations

import math

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components.cards import KING, card, deck
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.shipwreck import BOATS, value

#: guesses at the others' hands for a Key
SAMPLES = 40
#: the highest chance of being beaten at which it opens a fight
RISK = 0.35
_DECKS = {1: tuple(deck()), 2: tuple(deck(decks=2))}


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


class Table:
    """What the bot knows, as numbers: the lifeboats' points, what each seat shows in each suit, how
    many hidden cards each holds, and the pool of cards it has not seen."""

    def __init__(self, view: dict, seat: int):
        self.seat = seat
        self.n = len(view["players"])
        self.hand = [card(c) for c in view["hand"] or []]
        self.boats = {b["suit"]: b["points"] for b in view["boats"]}
        self.board = [{s: 0 for s in BOATS} for _ in range(self.n)]
        seen = {c.code for c in self.hand}
        for s, b in enumerate(view["boards"]):
            for code in b:
                c = card(code)
                self.board[s][c.suit] += value(c)
                seen.add(code)
        for b in view["boats"]:
            seen.update(b["cards"])
        if view["fight"]:
            seen.update(code for _, code in view["fight"]["cards"])
        key = view["keys"][seat]
        if key not in (None, "laid"):
            seen.add(key)
        self.pool = [c for c in _DECKS[view["decks"]] if c.code not in seen]
        self.counts = list(view["hand_counts"])
        pool_points = {s: 0 for s in BOATS}
        for c in self.pool:
            pool_points[c.suit] += value(c)
        size = max(1, len(self.pool))
        #: what one hidden card holds of each suit, on average
        self.per_card = {s: pool_points[s] / size for s in BOATS}
        self.high = sorted((value(c) for c in self.pool), reverse=True)

    def rivals(self) -> list[int]:
        return [s for s in range(self.n) if s != self.seat and (self.counts[s] or self.board[s])]

    def prospect(self, hand, boats=None, board=None) -> tuple[float, str | None]:
        """(worth, suit): the best lifeboat this hand may run to, by its points times the chance to
        board it."""
        boats = boats or self.boats
        board = board or self.board[self.seat]
        best, best_suit = 0.0, None
        suits = {c.suit for c in hand}
        for suit in suits:
            mine = board[suit] + sum(value(c) for c in hand if c.suit == suit)
            chance = 1.0
            for o in self.rivals():
                if not self.counts[o]:
                    continue
                theirs = self.board[o][suit] + self.counts[o] * self.per_card[suit]
                # a rival runs to the richer lifeboats more often, and only with a card of the suit
                runs = min(0.9, 0.25 + boats[suit] / (1 + sum(boats.values())))
                chance *= 1 - runs * _sigmoid((theirs - mine) / 5)
            worth = boats[suit] * chance
            if worth > best or best_suit is None:
                best, best_suit = worth, suit
        return best, best_suit

    def beaten_chance(self, v: int, seat: int) -> float:
        """The chance that `seat` holds a card higher than `v` among its hidden cards."""
        k = self.counts[seat]
        if k <= 0 or not self.pool:
            return 0.0
        higher = sum(1 for h in self.high if h > v)
        miss = 1.0
        size = len(self.pool)
        for i in range(min(k, size)):
            miss *= max(0.0, (size - higher - i) / (size - i))
        return 1 - miss


class ShipwreckBot(Bot):
    samples = SAMPLES

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        kind = moves[0].kind
        if kind == "key":
            return self.key(view, moves)
        if kind in ("raise", "surrender"):
            return self.answer(view, moves)
        if kind in ("discard", "fight"):
            return self.turn(view, moves)
        return moves[0]

    # -- the showdown ------------------------------------------------------------------------------

    def key(self, view: dict, moves: list[Move]) -> Move:
        t = Table(view, self.seat)
        hand = t.hand
        suits = sorted({c.suit for c in hand}, key=BOATS.index)
        if len(suits) == 1:
            return moves[0]
        # a rival's Key laid face down is one more card of his, unseen
        held_by = {o: t.counts[o] + (view["keys"][o] is not None) for o in range(t.n) if o != self.seat}
        rivals = [o for o, k in held_by.items() if k]
        mine = {s: t.board[self.seat][s] + sum(value(c) for c in hand if c.suit == s) for s in suits}
        top = {s: max((value(c) for c in hand if c.suit == s), default=0) for s in suits}
        totals = {s: 0.0 for s in suits}
        rnd = self.random
        pool = list(t.pool)
        for _ in range(self.samples):
            rnd.shuffle(pool)
            at = 0
            runs: dict[str, list[tuple[int, int]]] = {s: [] for s in BOATS}
            for o in rivals:
                their = pool[at:at + held_by[o]]
                at += held_by[o]
                held = {}
                for c in their:
                    held[c.suit] = held.get(c.suit, 0) + value(c)
                if not held:
                    continue
                # where a rival runs: a rich lifeboat he holds much of, chosen with some noise
                weights = [(s, (t.boats[s] + 2) * (held[s] + t.board[o][s] + 4)) for s in held]
                total = sum(w for _, w in weights)
                r = rnd.random() * total
                for s, w in weights:
                    r -= w
                    if r <= 0:
                        break
                high = max(value(c) for c in their if c.suit == s)
                runs[s].append((held[s] + t.board[o][s], high))
            for s in suits:
                if all((mine[s], top[s]) > h for h in runs[s]):
                    totals[s] += t.boats[s]
        best = max(suits, key=lambda s: (totals[s], t.boats[s], mine[s]))
        # the lowest card of the suit: every card of it counts anyway
        choice = min((c for c in hand if c.suit == best), key=value)
        return Move("key", (choice.code,))

    # -- a turn ------------------------------------------------------------------------------------

    def turn(self, view: dict, moves: list[Move]) -> Move:
        t = Table(view, self.seat)
        hand = t.hand
        discards = [m for m in moves if m.kind == "discard"]
        lowest = min(value(card(m.args[0])) for m in discards)
        best_move, best_score = None, None
        # the lowest card goes (high cards win fights and races); between equal ones, the one whose
        # loss leaves the best prospect
        for move in discards:
            c = card(move.args[0])
            if value(c) != lowest:
                continue
            rest = [h for h in hand if h is not c]
            boats = dict(t.boats)
            boats[c.suit] += value(c)
            score, _ = t.prospect(rest, boats)
            if best_score is None or score > best_score:
                best_move, best_score = move, score
        # a fight with that same card: against someone unlikely to beat it, or with a King in reserve to
        # finish it; the rival holding the most cards first
        opener = card(best_move.args[0])
        fights = [m for m in moves if m.kind == "fight" and m.args[1] == opener.code]
        if fights and view["deck"] > 2:
            kings = any(c.rank == KING and c is not opener for c in hand)
            for m in sorted(fights, key=lambda m: (-t.counts[m.args[0]], -view["scores"][m.args[0]], m.args[0])):
                target = m.args[0]
                risk = 0.0 if kings else t.beaten_chance(value(opener), target)
                if t.counts[target] >= 2 and risk < RISK:
                    return m
        return best_move

    # -- a fight -------------------------------------------------------------------------------------

    def answer(self, view: dict, moves: list[Move]) -> Move:
        """The lowest card that beats the last one: a fight won is a card taken, and one given up a card
        lost, which costs more than the card played."""
        raises = [card(m.args[0]) for m in moves if m.kind == "raise"]
        if not raises:
            return Move("surrender")
        return Move("raise", (min(raises, key=value).code,))
