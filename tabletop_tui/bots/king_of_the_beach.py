"""The King of the Beach computer player.

It sees only its own seat's view: its hand, the cards on the table (the auction, the pyramid, the
goodies, the discards) and the cards everyone saw go into the other hands.

- Playing a Combat card, it plays the rest of the Aggression out for each card of its hand against a
  few dozen guesses at what the spaces below it will play (the robots from the cards it has not seen,
  the other players from their hands, the known cards and guesses for the rest) and runs the fights.
  The card whose playouts leave it highest (on top, in the last round: nothing else counts then), with
  a little for a goodie kept (more for a spade, whose action can take the top from a robot), is the one
  it plays; between equals it keeps its high cards for later.
- In the auction it takes the card that gives its hand the widest spread: a low card to move up
  beside a strong neighbour, a high one to hold a place.
- The spade takes the highest space a robot holds above its own; the heart takes the best goodie
  (spades first) and gives its least; the diamond always draws; the club puts the stone on its own
  space when it has a place to hold, else on a robot beside it that attacks with it.
"""

from __future__ import annotations


from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components.cards import STANDARD, card
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.king_of_the_beach import FIGHTS, ROUNDS, STONE, fight, row_of

SAMPLES = 40
#: what ending a round on each row is worth (top first), before the last round
HEIGHT = (10.0, 5.0, 2.0, 0.0)
ALL = tuple(c.code for c in STANDARD)


def face(code: str) -> int:
    return card(code).rank_low


class KingOfTheBeachBot(Bot):
    samples = SAMPLES

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        kind = moves[0].kind
        if kind == "play":
            return self._play(view, moves)
        if kind == "take":
            return self._take(view, moves)
        if kind == "swap":
            return self._swap(view, moves)
        if kind == "trade":
            trades = [m for m in moves if m.kind == "trade"]
            return max(trades, key=lambda m: face(m.args[0]) + (20 if card(m.args[0]).suit == "S" else 0))
        if kind == "give":
            return min(moves, key=lambda m: face(m.args[0]) + (20 if card(m.args[0]).suit == "S" else 0))
        if kind == "draw":
            return moves[0]
        if kind == "stone":
            return self._stone(view, moves)
        return moves[0]

    # -- the auction -------------------------------------------------------------------------------------

    def _take(self, view: dict, moves: list[Move]) -> Move:
        hand = [face(c) for c in view["hand"] or []]

        def spread(m: Move) -> float:
            values = sorted(hand + [face(m.args[0])])
            spade = 2.0 if m.args[0].endswith("S") else 0.0
            return (values[-1] - values[0]) + 0.3 * values[-1] + 0.1 * sum(values) + spade

        return max(moves, key=spread)

    # -- the actions -------------------------------------------------------------------------------------

    def _swap(self, view: dict, moves: list[Move]) -> Move:
        mine = view["pyramid"].index(self.seat) + 1
        best = min(moves, key=lambda m: (row_of(m.args[0]), m.args[0]) if m.kind == "swap" else (9, 99))
        if best.kind == "swap" and (row_of(best.args[0]), best.args[0]) < (row_of(mine), mine):
            return best
        return Move("pass")

    def _stone(self, view: dict, moves: list[Move]) -> Move:
        pyramid = view["pyramid"]
        n = len(view["players"])
        mine = pyramid.index(self.seat) + 1
        if view["round"] >= ROUNDS:
            return Move("pass")
        if mine <= 3:
            return Move("stone", (mine,))
        # an attacker: the robot beside it that attacks with it
        partners = [b if a == mine else a for a, b, _ in FIGHTS if mine in (a, b)]
        robots = [p for p in partners if pyramid[p - 1] >= n]
        if robots:
            return Move("stone", (robots[0],))
        return Move("stone", (mine,))

    # -- the Aggression ----------------------------------------------------------------------------------

    def _play(self, view: dict, moves: list[Move]) -> Move:
        me = self.seat
        n = len(view["players"])
        self._players = n
        pyramid = list(view["pyramid"])
        playing = view["playing"]
        rnd = self.random
        seen = set(view["hand"] or []) | set(view["auction"]) | set(view["discards"])
        seen.update(c for c in view["cards"] if c)
        for pile in view["goodies"]:
            seen.update(pile)
        for codes in view["known"]:
            seen.update(codes)
        unseen = [face(c) * 4 + "CDHS".index(c[-1]) for c in ALL if c not in seen]
        known = {s: [face(c) * 4 + "CDHS".index(c[-1]) for c in view["known"][s]] for s in range(n) if s != me}
        base_values = list(view["values"])
        base_keys = [None if c is None else face(c) * 4 + "CDHS".index(c[-1]) for c in view["cards"]]
        stone = view["stone"]
        last = view["round"] >= ROUNDS
        # the highest spade among the goodies, and whether it is this seat's
        spades = [(face(c), s) for s in range(n) for c in view["goodies"][s] if c.endswith("S")]
        self._top_spade = max(spades)[0] if spades else 0
        self._holds_spade = bool(spades) and max(spades)[1] == me
        guesses = []
        for _ in range(self.samples):
            deck = list(unseen)
            rnd.shuffle(deck)
            plays = {}
            for sp in range(playing + 1, 11):
                occ = pyramid[sp - 1]
                if occ >= n:
                    plays[sp] = deck.pop() if deck else None
                else:
                    options = list(known.get(occ, []))
                    missing = max(0, view["hands"][occ] - len(options))
                    options += [deck.pop() for _ in range(min(missing, len(deck)))]
                    plays[sp] = rnd.choice(options) if options else None
            guesses.append(plays)
        best, best_score = moves[0], None
        for move in moves:
            k = face(move.args[0]) * 4 + "CDHS".index(move.args[0][-1])
            total = 0.0
            for plays in guesses:
                keys = list(base_keys)
                values = list(base_values)
                keys[playing - 1] = k
                values[playing - 1] = (k >> 2) + (STONE if stone == playing else 0)
                for sp, key in plays.items():
                    keys[sp - 1] = key
                    values[sp - 1] = None if key is None else (key >> 2) + (STONE if stone == sp else 0)
                total += self._outcome(pyramid, keys, values, last, k)
            score = total / len(guesses) - 0.02 * (k >> 2) * (0 if last else 1)
            if best_score is None or score > best_score:
                best, best_score = move, score
        return best

    def _outcome(self, pyramid: list[int], keys: list, values: list, last: bool, mine: int) -> float:
        spaces = list(pyramid)
        keys = list(keys)
        values = list(values)
        moved = False
        for a, b, d in FIGHTS:
            ka, kb = keys[a - 1], keys[b - 1]
            va, vb, vd = values[a - 1] or 0.0, values[b - 1] or 0.0, values[d - 1] or 0.0
            ca = None if ka is None else _Card(ka)
            cb = None if kb is None else _Card(kb)
            won, lower = fight(ca, va, a, cb, vb, b, vd)  # type: ignore[arg-type]
            if won:
                if spaces[lower - 1] == self.seat:
                    moved = True
                for lst in (spaces, keys, values):
                    lst[lower - 1], lst[d - 1] = lst[d - 1], lst[lower - 1]
        at = spaces.index(self.seat) + 1
        spade = self._holds_spade or (moved and mine & 3 == 3 and (mine >> 2) > self._top_spade)
        if last:
            if at == 1:
                return 100.0
            # the highest spade switches with a robot on top, before anyone else acts
            return 90.0 if spade and spaces[0] >= self._players else 0.0
        score = HEIGHT[row_of(at)] - 0.01 * at
        if moved:
            score += 1.0 + 0.05 * (mine >> 2)
        if spade:
            score += 4.0
        return score


class _Card:
    """A card as the fights compare it: its suit (from a key, face value times four plus the suit)."""

    __slots__ = ("suit",)

    def __init__(self, key: int):
        self.suit = "CDHS"[key & 3]
