"""The Particle Stream computer player.

It sees only its seat's view: the track (every card on it), everyone's face-up cards, how many cards
each player holds face down, and its own face-down cards. For each choice open to it (a card with what
it will then do: stay or swap with one of that card's targets; or, once the card is down, stay or
swap) it runs the rest of the race many times against guesses at what it cannot see: the others'
face-down cards drawn from the cards it has not seen. In those runs every player, itself included,
plays by a rule of thumb: in the last round the card and swap that put them furthest forward; before
it, a card at random, and then most often the target furthest forward if it is ahead, else stay or any
target alike. The
choice whose runs end with the most race points for it (a place's points, the winner's extra) is the
one it makes; the same guesses serve every choice, so that the comparison is fair.

Between races it deals (its only move). It stops at a count of runs (`budget`), so that the same view
and seed always get the same move, or earlier where its time budget (`Bot.time_budget`, read on
`Bot.clock` after each deal of the hidden cards) is spent.
"""

from __future__ import annotations

import random

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components.cards import STANDARD
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.particle_stream import ROUNDS, race_points

#: Runs of the rest of the race over all the choices of one decision (fewer where the time budget,
#: read after each deal of the hidden cards, is spent first).
RUNS = 600
#: The least runs of each choice.
LEAST = 10
#: How often a player in a run makes a random choice before the last round.
WILD = 0.6

ALL = tuple(c.code for c in STANDARD)
RANK = {c.code: c.rank_low for c in STANDARD}


def targets_of(ranks: list[int], here: int, played: int) -> list[int]:
    best_above = 99
    lowest = 99
    for p, r in enumerate(ranks):
        if p == here:
            continue
        if played < r < best_above:
            best_above = r
        if r < lowest:
            lowest = r
    goal = best_above if best_above != 99 else lowest
    return [p for p, r in enumerate(ranks) if p != here and r == goal]


def rollout(ranks: list[int], at: list[int], hands: list[list[int]], round_: int, order: list[int], acted: int,
            rnd: random.Random) -> list[int]:
    """Play the race out by the rule of thumb (see the module); the seats at each place at the end.
    Changes the lists it is given. (The targets are found inline: this is the bot's inner loop.)"""
    n = len(at)
    rand = rnd.random
    places = range(n)
    while True:
        last = round_ == ROUNDS
        for k in range(acted, n):
            s = order[k]
            here = at.index(s)
            hand = hands[s]
            if last:  # the card whose target lies furthest forward, and the swap if it is ahead
                best, best_to = 0, n
                for i, c in enumerate(hand):
                    above = lowest = 99
                    to_above = to_lowest = n
                    for p in places:
                        if p != here:
                            r = ranks[p]
                            if c < r < above:
                                above, to_above = r, p
                            if r < lowest:
                                lowest, to_lowest = r, p
                    to = to_above if above != 99 else to_lowest
                    if to < best_to:
                        best, best_to = i, to
                c = hand.pop(best)
                ranks[here] = c
                to = best_to if best_to < here else here
            else:
                c = hand.pop(int(rand() * len(hand)))
                ranks[here] = c
                above = lowest = 99
                for p in places:
                    if p != here:
                        r = ranks[p]
                        if c < r < above:
                            above = r
                        if r < lowest:
                            lowest = r
                goal = above if above != 99 else lowest
                if rand() < WILD:  # stay or any target, alike
                    targets = [p for p in places if p != here and ranks[p] == goal]
                    pick = int(rand() * (len(targets) + 1))
                    to = targets[pick] if pick < len(targets) else here
                else:  # the target furthest forward, if it is ahead
                    to = here
                    for p in range(here):
                        if ranks[p] == goal:
                            to = p
                            break
            if to != here and to != n:
                other = at[to]
                at[here], at[to] = other, s
        if last:
            return at
        round_ += 1
        order = list(at)
        acted = 0


def targets_of_played(ranks: list[int], here: int, c: int) -> list[int]:
    """The targets of a card about to be played at `here` (it becomes that pile's rank)."""
    old = ranks[here]
    ranks[here] = c
    goal = targets_of(ranks, here, c)
    ranks[here] = old
    return goal


class ParticleStreamBot(Bot):
    budget = RUNS

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        deadline = self.deadline()
        me = self.seat
        n = len(view["players"])
        ranks = list(view["ranks"])
        at = list(view["at"])
        here = at.index(me)
        seen = {c for pile in view["piles"] for c in pile}
        for h in view["up"]:
            seen.update(h)
        own = view["hidden"] or []
        seen.update(own)
        unseen = [c for c in ALL if c not in seen]
        # the choices: (card or None when the card is down, the place to go to)
        choices: list[tuple[str | None, int, Move]] = []
        if view["phase"] == "move":
            for m in moves:
                choices.append((None, here if m.kind == "stay" else m.args[0], m))
        else:
            for m in moves:
                c = RANK[m.args[0]]
                goal = targets_of_played(ranks, here, c)
                for to in [here] + goal:
                    choices.append((m.args[0], to, m))
        runs = max(LEAST, self.budget // len(choices))
        points = race_points(n)
        totals = [0.0] * len(choices)
        rnd = self.random
        base_hands = [[RANK[c] for c in view["up"][s]] for s in range(n)]
        base_hands[me] += [RANK[c] for c in own]
        order = view["order"]
        acted = order.index(me)
        for run in range(runs):
            if run and self.clock() > deadline:
                break
            rnd.shuffle(unseen)
            k = 0
            hands = [list(h) for h in base_hands]
            for s in range(n):
                if s != me:
                    d = view["down"][s]
                    hands[s] += [RANK[c] for c in unseen[k:k + d]]
                    k += d
            state = rnd.getstate()
            for i, (code, to, _) in enumerate(choices):
                rnd.setstate(state)  # the same runs of chance for every choice
                hs = [list(h) for h in hands]
                rs = list(ranks)
                where = list(at)
                if code is not None:
                    hs[me].remove(RANK[code])
                    rs[here] = RANK[code]
                if to != here:
                    other = where[to]
                    where[here], where[to] = other, me
                end = rollout(rs, where, hs, view["round"], list(order), acted + 1, rnd)
                totals[i] += points[end.index(me)]
        best = max(range(len(choices)), key=lambda i: totals[i])
        return choices[best][2]
