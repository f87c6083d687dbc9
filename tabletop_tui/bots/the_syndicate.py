"""The Syndicate's computer player.

It sees only its own seat's view: its hand, the cards face up, the discards, how many cards each player
holds and which marks or suits a player has shown they lack since they last drew. The cards it has not
seen are somewhere in the others' hands, the face-down card or the draw pile; it deals them out at
random a few dozen times (keeping to what the others have shown they lack) and plays each guess out.

As mastermind it weighs every lead with every face-down card that would count (a face-down card that
does not count only costs a point) and no face-down card at all, against enforcers who both play their
highest card that follows. As an enforcer it weighs each card it may play against guesses at the
face-down card (a sensible mastermind's counts more often than not) and at the other enforcer's answer,
and plays the cheapest card that does the job. With no card that follows it throws away its lowest.

What a plot is worth: the points it gives, the others' counted against its own, and far more for a plot
that wins or loses the game. A card played costs a little, more for a high one, which it would rather
keep for its own plots.
"""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components.decktet import BASIC_DECK, MARKS
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.the_syndicate import TARGET, card, counts, value

SAMPLES = 40
CARD_COST = 0.03  # what playing a card costs, per point of its value
WIN = 10.0
#: how often a face-down card is guessed to be one that counts
SENSIBLE = 0.7
BY_NAME = {c.name: c for c in BASIC_DECK}


def utility(me: int, scores: list[int], points: list[int], target: int = TARGET) -> float:
    """What a plot's points are worth to seat `me`: a win or a loss of the game, or the points it
    gains less the average the others gain."""
    new = [s + p for s, p in zip(scores, points)]
    top = max(new)
    if top >= target and new.count(top) == 1:
        return WIN if new[me] == top else -WIN
    others = [p for s, p in enumerate(points) if s != me]
    return points[me] - sum(others) / len(others)


def lacks(c, voids) -> bool:
    """Whether a player who showed these voids may hold `c`."""
    for v in voids:
        if v in MARKS:
            if v in c.marks:
                return False
        elif v in c.suits:
            return False
    return True


class TheSyndicateBot(Bot):
    samples = SAMPLES

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        phase = view["phase"]
        if phase == "lead":
            lead, _ = self.plan(view, [card(m.args[0]) for m in moves])
            return Move("lead", (lead.name,))
        if phase == "face_down":
            lead = card(view["table"]["lead"])
            _, down = self.plan(view, [lead])
            return Move("face_down", (down.name,)) if down is not None else Move("no_face_down")
        return self.follow(view, moves)

    # -- what it has not seen ---------------------------------------------------------------------

    def unseen(self, view: dict) -> list:
        seen = set(view["hand"]) | set(view["discard"])
        table = view["table"]
        for name in (table["lead"], table["face_down_card"]):
            if name:
                seen.add(name)
        seen.update(n for _, n in table["plays"])
        return [c for c in BASIC_DECK if c.name not in seen]

    def deal(self, pool: list, seats: list[int], view: dict) -> dict:
        """A guess at the hands of `seats`, from `pool`, keeping to what each showed it lacks."""
        rnd = self.random
        left = list(pool)
        rnd.shuffle(left)
        hands = {}
        for s in seats:
            n = view["hand_counts"][s]
            voids = view["voids"][s]
            fits = [c for c in left if lacks(c, voids)] if voids else left
            hand = fits[:n]
            if len(hand) < n:  # what it showed cannot all be so (it drew since): fill up anyway
                hand += [c for c in left if c not in hand][: n - len(hand)]
            taken = set(id(c) for c in hand)
            left = [c for c in left if id(c) not in taken]
            hands[s] = hand
        return hands

    # -- the mastermind ------------------------------------------------------------------------------

    def plan(self, view: dict, leads: list) -> tuple:
        """The best lead of `leads` and the face-down card to go with it (None: none)."""
        me = self.seat
        hand = [card(n) for n in view["hand"]]
        scores = view["scores"]
        enforcers = view["enforcers"]
        pool = self.unseen(view)
        options = []  # (lead, face-down or None, the mastermind's total)
        for lead in leads:
            rest = [c for c in hand if c is not lead]
            options.append((lead, None, value(lead)))
            for c in rest:
                if counts(c, lead):
                    options.append((lead, c, value(lead) + value(c)))
        tallies = [[0, 0, 0] for _ in options]  # success, foiled, tied
        lead_set = {lead.name: lead for lead in leads}
        for _ in range(self.samples):
            hands = self.deal(pool, enforcers, view)
            against = {}
            for name, lead in lead_set.items():
                total = 0
                for s in enforcers:
                    best = 0
                    for c in hands[s]:
                        if counts(c, lead) and c.rank > best:
                            best = c.rank
                    total += best
                against[name] = total
            for i, (lead, _, mine) in enumerate(options):
                theirs = against[lead.name]
                tallies[i][0 if mine > theirs else 1 if theirs > mine else 2] += 1
        best, best_score = options[0], None
        for (lead, down, mine), (won, lost, tied) in zip(options, tallies):
            gain = [0, 0, 0]
            gain[me] = 1 if down is not None else 2
            foil = [1, 1, 1]
            foil[me] = 0
            n = won + lost + tied
            score = (won * utility(me, scores, gain) + lost * utility(me, scores, foil)) / n
            score -= CARD_COST * (value(lead) + (value(down) if down is not None else 0))
            if best_score is None or score > best_score + 1e-9:
                best, best_score = (lead, down, mine), score
        return best[0], best[1]

    # -- an enforcer ---------------------------------------------------------------------------------

    def follow(self, view: dict, moves: list[Move]) -> Move:
        me = self.seat
        table = view["table"]
        lead = card(table["lead"])
        mine = [card(m.args[0]) for m in moves]
        if not view["can_follow"]:  # nothing counts: throw away the lowest card
            return Move("play", (min(mine, key=lambda c: (c.rank, c.name)).name,))
        scores = view["scores"]
        mm = view["mastermind"]
        enforcers = view["enforcers"]
        other = enforcers[1] if me == enforcers[0] else enforcers[0]
        other_played = {s: card(n) for s, n in table["plays"]}.get(other)
        pool = self.unseen(view)
        rnd = self.random
        known = table["totals"][1]  # the enforcers' cards already down that count
        base = value(lead)
        tallies = [[0, 0, 0] for _ in mine]
        for _ in range(self.samples):
            left = list(pool)
            extra = 0
            if table["face_down"]:
                followers = [c for c in left if counts(c, lead)]
                guess = rnd.choice(followers) if followers and rnd.random() < SENSIBLE else rnd.choice(left)
                left.remove(guess)
                extra = value(guess) if counts(guess, lead) else 0
            answer = 0
            if other_played is None:  # the other enforcer answers after this card
                hand = self.deal(left, [other], view)[other]
                answer = max((c.rank for c in hand if counts(c, lead)), default=0)
            theirs_base = known + answer
            total = base + extra
            for i, c in enumerate(mine):
                theirs = theirs_base + value(c)
                tallies[i][0 if total > theirs else 1 if theirs > total else 2] += 1
        success = [0, 0, 0]
        success[mm] = 1 if table["face_down"] else 2
        foil = [1, 1, 1]
        foil[mm] = 0
        best, best_score = mine[0], None
        for c, (won, lost, tied) in zip(mine, tallies):
            n = won + lost + tied
            score = (won * utility(me, scores, success) + lost * utility(me, scores, foil)) / n
            score -= CARD_COST * value(c)
            if best_score is None or score > best_score + 1e-9:
                best, best_score = c, score
        return Move("play", (best.name,))
