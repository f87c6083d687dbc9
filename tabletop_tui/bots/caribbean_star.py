"""The Caribbean Star computer player.

It sees only its own seat: its hand, the cards of the other hand it has seen (its old hand after an
Afternoon Nap, a card taken with an Ace), its own face-down card, the piles, the revealed cards, the
discards and the scores. For each choice open to it (a card to lay, an Ace to play or keep, a trick for
the Dinner Buffet) it plays the rest of the turn out a few dozen times in games consistent with all it
knows (`Knowledge.sample`: the cards it has not seen dealt anew, so that the opponent's hand, and
whether it holds an Ace, is a guess), with the same guesses for every choice. In those playouts the
opponent lays a card at random, nobody plays an Ace, and a Dinner Buffet takes the trick that leaves
the most. A turn's end is scored as the points won so far plus a share of what each pile would be worth
if performed now (a larger share as the deck runs out, when the Farewell Show nears) and a few points
for each Ace in hand; the choice whose playouts score best against the opponent's is the one it makes.
"""

from __future__ import annotations

import random

from tabletop_tui.bots.base import Bot, Knowledge
from tabletop_tui.rules.caribbean_star import ASK, BUFFET, LET, OVER, PLAY, CaribbeanStar, show
from tabletop_tui.rules.engine import Move

#: guessed deals per decision
SAMPLES = 32
#: what an Ace in hand is worth, in points
ACE = 2.5
#: cards in the deck after the deal
FULL_DECK = 42


def evaluate(game: CaribbeanStar, seat: int) -> float:
    """How good the table is for `seat`, in points against the opponent's."""
    other = 1 - seat
    diff = float(game.scores[seat] - game.scores[other])
    if game.phase == OVER:
        return diff
    weight = 0.5 + 0.5 * (1 - len(game.deck) / FULL_DECK)
    mine, _, _ = show(game.piles[seat])
    theirs, _, _ = show(game.piles[other])
    diff += weight * (mine - theirs)
    aces = sum(1 for c in game.hands[seat] if c.rank == 14) - sum(1 for c in game.hands[other] if c.rank == 14)
    return diff + ACE * aces


def buffet_choice(game: CaribbeanStar, seat: int, moves: list[Move]) -> Move:
    """The Dinner Buffet's move that leaves the most: half the trick now plus the pile's show without it,
    or the pile as it is."""
    weight = 0.5 + 0.5 * (1 - len(game.deck) / FULL_DECK)
    pile = game.piles[seat]
    best, best_value = moves[-1], weight * show(pile)[0]
    for move in moves:
        if move.kind != "buffet":
            continue
        code = move.args[0]
        trick = next(c for c in pile if c.code == code)
        rest = list(pile)
        rest.remove(trick)
        value = {10: 10, 11: 2, 12: 4, 13: 6}[trick.rank] // 2 + weight * show(rest)[0]
        if value > best_value:
            best, best_value = move, value
    return best


def playout(game: CaribbeanStar, seat: int, turn: int, rnd: random.Random) -> float:
    """Play to the end of `turn` by the playout's rules and score the table for `seat`."""
    for _ in range(40):
        if game.phase == OVER or (game.turn != turn and game.phase == PLAY):
            break
        waiting = game.to_act()
        if not waiting:
            break
        s = waiting[0]
        moves = game.legal_moves(s)
        if game.phase == ASK:
            move = LET
        elif game.phase == BUFFET:
            move = buffet_choice(game, s, moves)
        else:
            move = moves[int(rnd.random() * len(moves))]
        game.play(s, move)
    return evaluate(game, seat)


class CaribbeanStarBot(Bot):
    #: guessed deals it plays each choice out in (fewer where its time budget runs out first)
    budget = SAMPLES

    def decide(self, knowledge: Knowledge) -> Move:
        moves = knowledge.moves()
        if len(moves) == 1:
            return moves[0]
        view = knowledge.view()
        if view["phase"] == BUFFET:
            real = knowledge.sample(self.random)
            assert isinstance(real, CaribbeanStar)
            return buffet_choice(real, self.seat, moves)
        deadline = self.deadline()
        totals = dict.fromkeys(moves, 0.0)
        for i in range(self.budget):
            if i >= 4 and self.clock() > deadline:
                break
            sample = knowledge.sample(self.random)
            assert isinstance(sample, CaribbeanStar)
            seed = self.random.random()
            for move in moves:
                game = sample.copy()
                assert isinstance(game, CaribbeanStar)
                game.play(self.seat, move)
                totals[move] += playout(game, self.seat, sample.turn, random.Random(seed))
        return max(moves, key=lambda m: totals[m])

    def choose(self, view: dict, moves: list[Move]) -> Move:
        """Without the game to sample (a bare view): the lowest card to lay, no Ace, no buffet."""
        for kind in ("let", "decline"):
            if Move(kind) in moves:
                return Move(kind)
        return moves[0]
