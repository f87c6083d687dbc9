"""Penniless and Insane: an auction of art where the lowest bid takes the best piece, but the aim is to
end each round with no money left.

A round: everyone has exactly $20 and is dealt three cards from a freshly shuffled deck. Then three
tricks. A trick deals one card fewer than there are players face up into the pool. Every player lays
one card of their hand face down as a bid (each with their own move, in any order: `to_act` lists
everyone still to bid); when the last bid is down they are all revealed and act from the lowest
(ace 1 ... king 13, then clubs < diamonds < hearts < spades). Acting: discard the bid, take any card
of the pool and pay the bid's face value. A bid the player cannot afford, or an empty pool, takes the
bid back and pays nothing. What is left of the pool is discarded.

After the third trick the hands are shown and scored at face value: if anyone has $0, each of them
scores triple and nobody with money scores; otherwise those with the least money score triple and
the others face value. The first to 150 points (an option) wins; the round is dealt again by the
next dealer (a move of theirs, once everyone has seen the scores).

Moves:
  Move("bid", ("9S",))    a card of the bidder's own hand, laid face down
  Move("take", ("KH",))   the acting player takes a card of the pool (only when there is a choice:
                          a bid that cannot be paid, an empty pool or a pool of one card act at once)
  Move("deal")            the next dealer deals the next round, once the last one is scored

Option `gambling`: money spent goes into a pot, and the round's top scorers share it (the odd dollars
stay in the pot); each player's `net` says what they have won or lost over the game. Option `tie`:
two or more players at the top with the goal reached either share first place ("draw") or play
another round ("play_on"). Option `goal`: the points that end the game.

The view (`view(seat)`; None for the table; cards are codes, sorted highest first), `PennilessView`
besides the engine's common fields (players, viewer, to_act, over, result, winners):
  round, trick, tricks, dealer, phase ("bid", "act", "scored", "over"), goal, gambling,
  pot, net (a list, or None without the gambling variant), money, scores, deck (a count), pool,
  hand (the seat's own; None for the table), bid (the seat's own face-down bid, or None),
  bids (per seat: None before they bid, "down" while face down, the code once revealed),
  order (the seats in acting order, once revealed), acting (the seat to act, or None),
  cards (how many cards each seat holds), known (per seat, the cards everyone has seen go into that
  hand this round: taken from the pool, or a bid taken back), discard (this round's, face up),
  plays (what this trick's actors did so far, in order: [seat, bid, the card taken or None for a bid
  taken back]), last_trick (the previous trick of this round: {trick, plays, discarded}),
  last_round (the last scoring, a list per seat for each of hands (the codes while the round's hands
  lie on the table, else None), face, times, points, money and bonus; with round, winners, shares
  and carried), tiebreaks.

What is hidden (`places`): the deck from everyone, a hand and a face-down bid from all but their owner;
the pool, the discards and every card everyone has seen this round (`public`) from nobody.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, TypedDict

from tabletop_tui.rules.components.cards import STANDARD, Card, card, names
from tabletop_tui.rules.engine import (EVERYONE, Event, Game, Move, Option, Outcome, Place, Standing, View,
                                       rank_standings)
from tabletop_tui.rules.words import listing, plural, shorten

HAND_SIZE = 3
TRICKS = 3
STAKE = 20
GOAL = 150

BID, ACT, SCORED, OVER = "bid", "act", "scored", "over"
DEAL = Move("deal")

#: what an actor did in a trick: (seat, the bid's code, the code of the card taken or None for a bid
#: taken back)
Play = tuple[int, str, str | None]


class TrickRecord(TypedDict):
    """The last trick of the round, as the table saw it."""

    trick: int
    plays: list[Play]
    discarded: list[str]


class TrickView(TypedDict):
    trick: int
    plays: list[list[int | str | None]]  # [seat, bid, took]
    discarded: list[str]


class RoundView(TypedDict):
    """The last scoring, a list per seat for each of hands (the codes while the round's hands lie on the
    table, else None), face, times, points, money and bonus."""

    round: int
    winners: list[int]
    shares: list[int]
    carried: int
    hands: list[list[str]] | None
    face: list[int]
    times: list[int]
    points: list[int]
    money: list[int]
    bonus: list[str]


class PennilessView(View, total=False):
    """The game's own fields of a view (see the module's docstring)."""

    round: int
    trick: int
    tricks: int
    dealer: int
    phase: str
    goal: int
    gambling: bool
    pot: int
    net: list[int] | None
    money: list[int]
    scores: list[int]
    deck: int
    pool: list[str]
    hand: list[str] | None
    bid: str | None
    bids: list[str | None]
    order: list[int]
    acting: int | None
    cards: list[int]
    known: list[list[str]]
    discard: list[str]
    plays: list[list[int | str | None]]
    last_trick: TrickView | None
    last_round: RoundView | None
    tiebreaks: str | None


def value(c: Card) -> int:
    """A card's face value: the ace 1, 2 to 10, the jack 11, the queen 12, the king 13."""
    return c.rank_low


def act_order(bids: dict[int, Card]) -> list[int]:
    """The seats ({seat: bid card}) in the order they act: the lowest bid first (face value, then clubs,
    diamonds, hearts, spades)."""
    return sorted(bids, key=lambda s: bids[s].order_low)


def high_first(cards_: Iterable[Card]) -> list[Card]:
    """Cards from the highest to the lowest (the ace low), as a hand is shown."""
    return sorted(cards_, key=lambda c: c.order_low, reverse=True)


def face_total(hand: Iterable[Card]) -> int:
    return sum(value(c) for c in hand)


def round_points(hands: list[list[Card]], money: list[int]) -> tuple[list[int], list[int], list[str]]:
    """Each seat's points for a round, with its multiplier (0, 1 or 3) and its bonus ("insane",
    "penniless", "" or "broke nobody": money while someone went insane).

    Anyone at $0 is insane: each of them scores triple and nobody with money scores. Otherwise those
    with the least money are penniless and score triple, the others their face value."""
    insane = [s for s, m in enumerate(money) if m == 0]
    least = min(money)
    times: list[int] = []
    bonus: list[str] = []
    for s, m in enumerate(money):
        if insane:
            times.append(3 if m == 0 else 0)
            bonus.append("insane" if m == 0 else "")
        else:
            times.append(3 if m == least else 1)
            bonus.append("penniless" if m == least else "")
    return [face_total(h) * t for h, t in zip(hands, times)], times, bonus


def dollars(n: int) -> str:
    return f"${n}"


def short_name(c: Card) -> str:
    return c.name.removeprefix("the ")


class PennilessAndInsane(Game):
    id = "penniless-and-insane"
    title = "Penniless and Insane"
    score_label = "Points"
    min_players = 3
    max_players = 7
    rules_version = 1
    hidden_information = True
    chance = "a deal or the bids revealed"
    length_unit = "rounds"
    #: A round is at most 3 x (7 bids + 6 takes) + a deal; every round gives someone at least 9 points.
    move_limit = 8_000
    #: the kinds of move that, when one is a seat's only move, everyone can tell was forced (the screen
    #: may play it without passing the keyboard): the next dealer's deal, and a bid from a hand of one
    #: card (how many cards each holds is on the table; the bid stays face down)
    open_forced_moves = frozenset({"deal", "bid"})
    OPTIONS = (
        Option("gambling", "Gambling variant", "bool", False,
               help="Money spent goes into a pot instead of leaving the game; the round's top scorers "
                    "share the pot."),
        Option("tie", "A tie at the goal", "choice", "draw",
               help="Two or more players reach the goal with the same top score: they share first place, "
                    "or everyone plays another round until one leads alone.",
               choices=(("draw", "a draw"), ("play_on", "play on"))),
        Option("goal", "Points to win", "int", GOAL, help="The game ends after the round in which "
               "someone reaches this score.", min=10, max=1000),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        n = len(self.players)
        self.goal: int = self.options["goal"]
        self.gambling: bool = self.options["gambling"]
        self.scores = [0] * n
        self.net = [0] * n  # the gambling variant: dollars won from pots less dollars spent
        self.pot = 0
        self.history_points: list[list[int]] = [[] for _ in range(n)]  # each seat's points, round by round
        self.round = 0
        self.trick = 0
        self.dealer = 0
        self.deck: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.money = [STAKE] * n
        self.pool: list[Card] = []
        self.bids: list[Card | None] = [None] * n
        self.revealed_bids = False
        self.order: list[int] = []
        self.acted = 0  # how many of `order` have acted this trick
        self.plays: list[Play] = []
        self.last_trick: TrickRecord | None = None
        self.last_round: RoundView | None = None
        self.discard: list[Card] = []
        self.public: set[str] = set()  # every card face up for the whole table this round
        self.phase = BID
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            f"{listing(self.players)} play Penniless and Insane to {self.goal} points"
            + (", with the gambling pot" if self.gambling else "") + ".", "setup"))
        self._start_round(self.log)

    # -- the round ----------------------------------------------------------------------------------

    def _start_round(self, events: list[Event]) -> None:
        n = len(self.players)
        self.round += 1
        self.dealer = (self.round - 1) % n
        self.deck = list(STANDARD)
        self.rng.shuffle(self.deck)
        self.money = [STAKE] * n
        self.hands = [[] for _ in range(n)]
        self.discard = []
        self.public = set()
        self.trick = 0
        self.last_trick = None
        if self.last_round is not None:
            self.last_round = self.last_round.copy()
            self.last_round["hands"] = None
        order = [(self.dealer + 1 + k) % n for k in range(n)]
        for _ in range(HAND_SIZE):
            for s in order:
                self.hands[s].append(self.deck.pop())
        events.append(self.say(
            f"Round {self.round}: {self.players[self.dealer]} shuffles and deals three cards to each player; "
            f"everyone has {dollars(STAKE)}.", "deal", self.dealer, round=self.round))
        for s in range(n):
            hand = high_first(self.hands[s])
            events.append(self.tell(s, f"{self.players[s]} is dealt {names(hand)}.", kind="deal", seat=s,
                                    cards=[c.code for c in hand]))
        self._start_trick(events)

    def _start_trick(self, events: list[Event]) -> None:
        n = len(self.players)
        self.trick += 1
        self.pool = [self.deck.pop() for _ in range(n - 1)]
        self.public.update(c.code for c in self.pool)
        self.bids = [None] * n
        self.revealed_bids = False
        self.order = []
        self.acted = 0
        self.plays = []
        self.phase = BID
        events.append(self.say(
            f"Trick {self.trick} of {TRICKS}: {names(high_first(self.pool))} "
            f"{'is' if len(self.pool) == 1 else 'are'} offered in the pool.", "pool", None,
            cards=[c.code for c in self.pool]))

    def _bid(self, seat: int) -> Card:
        """The seat's bid, laid this trick."""
        bid = self.bids[seat]
        assert bid is not None, f"seat {seat} has laid no bid"
        return bid

    def _reveal(self, events: list[Event]) -> None:
        bids = {s: self._bid(s) for s in range(len(self.players))}
        self.public.update(c.code for c in bids.values())
        # Which card each seat bid is news even where every bid was a card everyone knew was in its
        # hand (the places then show nobody a card they had not seen): the reveal is never undone.
        self.revealed()
        self.revealed_bids = True
        self.order = act_order(bids)
        self.acted = 0
        self.phase = ACT
        events.append(self.say(
            "The bids are revealed, lowest first: "
            + listing(f"{self.players[s]} {short_name(bids[s])}" for s in self.order) + ".",
            "reveal", None, bids=[[s, bids[s].code] for s in self.order]))
        self._run(events)

    def _run(self, events: list[Event]) -> None:
        """Act for every player in turn who has no choice; stop at one who has."""
        names_ = self.players
        while self.acted < len(self.order):
            s = self.order[self.acted]
            bid = self._bid(s)
            cost = value(bid)
            if cost > self.money[s]:
                self._back(s, "money", events,
                           f"{names_[s]} cannot pay {dollars(cost)} with {dollars(self.money[s])}, so takes back "
                           f"{bid.name} and pays nothing.")
                continue
            if not self.pool:
                self._back(s, "empty", events,
                           f"The pool is empty: {names_[s]} takes back {bid.name} and pays nothing.")
                continue
            if len(self.pool) == 1:
                self._take(s, self.pool[0], events, last=True)
                continue
            return
        self._end_trick(events)

    def _back(self, seat: int, why: str, events: list[Event], text: str) -> None:
        bid = self._bid(seat)
        self.hands[seat].append(bid)
        self.plays.append((seat, bid.code, None))
        self.acted += 1
        events.append(self.say(text, "back", seat, bid=bid.code, why=why))

    def _take(self, seat: int, art: Card, events: list[Event], last: bool = False) -> None:
        bid = self._bid(seat)
        cost = value(bid)
        self.pool.remove(art)
        self.discard.append(bid)
        self.hands[seat].append(art)
        self.money[seat] -= cost
        if self.gambling:
            self.pot += cost
            self.net[seat] -= cost
        self.plays.append((seat, bid.code, art.code))
        self.acted += 1
        where = "into the pot" if self.gambling else ""
        events.append(self.say(
            f"{self.players[seat]} discards {bid.name}, takes {art.name}"
            + (", the last card of the pool," if last else "")
            + f" and pays {dollars(cost)}{' ' + where if where else ''}: {dollars(self.money[seat])} left.",
            "take", seat, bid=bid.code, took=art.code, paid=cost))

    def _end_trick(self, events: list[Event]) -> None:
        left = high_first(self.pool)
        if left:
            self.discard.extend(left)
            events.append(self.say(f"The rest of the pool is discarded: {names(left)}.", "discard", None,
                                   cards=[c.code for c in left]))
        self.pool = []
        self.last_trick = {"trick": self.trick, "plays": self.plays, "discarded": [c.code for c in left]}
        self.plays = []
        self.bids = [None] * len(self.players)
        self.order = []
        self.acted = 0
        if self.trick < TRICKS:
            self._start_trick(events)
        else:
            self._score_round(events)

    def _score_round(self, events: list[Event]) -> None:
        names_ = self.players
        n = len(names_)
        hands = [high_first(h) for h in self.hands]
        for h in hands:
            self.public.update(c.code for c in h)
        points, times, bonus = round_points(hands, self.money)
        insane = [s for s in range(n) if bonus[s] == "insane"]
        events.append(self.say(f"Round {self.round} is over: the hands are shown and scored.", "score_round"))
        for s in range(n):
            face = face_total(hands[s])
            money = dollars(self.money[s])
            if bonus[s] == "insane":
                why = f"with {money}: insane, triple"
            elif bonus[s] == "penniless":
                why = f"with {money}, the least: penniless, triple"
            elif insane:
                why = f"with {money} while someone is insane: nothing"
            else:
                why = f"with {money}: face value"
            events.append(self.say(
                f"{names_[s]} shows {names(hands[s])} ({face}) {why}, {plural(points[s], 'point')}.",
                "show", s, cards=[c.code for c in hands[s]], points=points[s]))
            self.scores[s] += points[s]
            self.history_points[s].append(points[s])
        top = max(points)
        winners = [s for s in range(n) if points[s] == top]
        shares, carried = [0] * n, 0
        if self.gambling:
            pot = self.pot
            share, carried = divmod(pot, len(winners))
            for s in winners:
                shares[s] = share
                self.net[s] += share
            self.pot = carried
            if len(winners) == 1:
                text = f"{names_[winners[0]]} scores the most this round and takes the pot, {dollars(pot)}."
            else:
                text = (f"{listing(names_[s] for s in winners)} share the top score of the round and the pot: "
                        f"{dollars(share)} each")
                text += f"; {dollars(carried)} stays in the pot." if carried else "."
            events.append(self.say(text, "pot", None, winners=winners, share=share, carried=carried))
        self.last_round = {"round": self.round, "winners": winners, "shares": shares, "carried": carried,
                           "hands": [[c.code for c in h] for h in hands], "face": [face_total(h) for h in hands],
                           "times": times, "points": points, "money": list(self.money), "bonus": bonus}
        events.append(self.say(
            "Scores: " + ", ".join(f"{names_[s]} {self.scores[s]}" for s in range(n)) + ".", "score"))
        best = max(self.scores)
        leaders = [s for s in range(n) if self.scores[s] == best]
        if best >= self.goal and (len(leaders) == 1 or self.options["tie"] == "draw"):
            self.phase = OVER
            self._outcome = self._score()
            events.append(self.say(self._outcome.summary, "game_over"))
            return
        self.phase = SCORED
        nxt = self.round % n
        if best >= self.goal:
            events.append(self.say(
                f"{listing(names_[s] for s in leaders)} tie at {best}, at or past the goal: another round is "
                f"played. {names_[nxt]} deals next.", "tie"))
        else:
            events.append(self.say(f"{names_[nxt]} deals the next round.", "next"))

    def _score(self) -> Outcome:
        names_ = self.players
        n = len(names_)
        details = []
        for s in range(n):
            detail = "rounds " + " ".join(map(str, self.history_points[s]))
            if self.gambling:
                net = self.net[s]
                detail += f"; {'+' if net > 0 else '-' if net < 0 else ''}{dollars(abs(net))} from the pots"
            details.append(detail)
        standings = rank_standings(names_, [(p,) for p in self.scores], list(self.scores), details)
        winners = [st.seat for st in standings if st.place == 1]
        best = self.scores[winners[0]]
        reached = [s for s in range(n) if self.scores[s] >= self.goal]
        if len(winners) == 1:
            w = winners[0]
            summary = f"{names_[w]} wins with {plural(best, 'point')}"
            others = [s for s in reached if s != w]
            if others:
                summary += (", the most of those who reached " + str(self.goal) + " this round ("
                            + listing(f"{names_[s]} {self.scores[s]}" for s in others) + ")")
            summary += "."
        else:
            summary = f"A draw: {listing(names_[s] for s in winners)} reach {best} points together."
        if self.gambling:
            summary += " Pots: " + ", ".join(
                f"{names_[s]} {'+' if self.net[s] > 0 else '-' if self.net[s] < 0 else ''}{dollars(abs(self.net[s]))}"
                for s in range(n)) + "."
        return Outcome(standings, summary, self._tiebreak_words(standings))

    def _tiebreak_words(self, standings: list[Standing]) -> str:
        by_place: dict[int, list[int]] = {}
        for st in standings:
            by_place.setdefault(st.place, []).append(st.seat)
        out = []
        for place, group in sorted(by_place.items()):
            if len(group) > 1:
                out.append(f"{listing(self.players[s] for s in group)} have {self.scores[group[0]]} points each "
                           "and share a place: nothing breaks a tie.")
        return " ".join(out)

    # -- the contract ----------------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.phase == BID:
            return [s for s in range(len(self.players)) if self.bids[s] is None]
        if self.phase == ACT:
            return [self.order[self.acted]]
        if self.phase == SCORED:
            return [self.round % len(self.players)]
        return []

    def legal_moves(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == BID:
            if self.bids[seat] is not None:
                return []
            return [Move("bid", (c.code,)) for c in high_first(self.hands[seat])]
        if phase == ACT:
            if self.order[self.acted] != seat:
                return []
            return [Move("take", (c.code,)) for c in high_first(self.pool)]
        if phase == SCORED and seat == self.round % len(self.players):
            return [DEAL]
        return []

    def _apply(self, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        me = self.players[seat]
        if move.kind == "bid":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            self.bids[seat] = c
            events.append(self.tell(seat, f"{me} bids {c.name}.", public=f"{me} lays a bid face down.", kind="bid",
                                    seat=seat, card=c.code))
            if all(b is not None for b in self.bids):
                self._reveal(events)
        elif move.kind == "take":
            self._take(seat, card(move.args[0]), events)
            self._run(events)
        else:  # deal
            self._start_round(events)
        return events

    def outcome(self) -> Outcome | None:
        return self._outcome

    def turn_order(self) -> list[int]:
        """Nobody moves first: the bids are laid together and their order decides who acts first. The
        seats in order (the first dealer first)."""
        return list(range(len(self.players)))

    def length(self) -> int:
        """The rounds played to the end."""
        return self.round if self.phase in (SCORED, OVER) else self.round - 1

    def places(self) -> Iterator[Place]:
        yield Place(self.deck)
        for s, hand in enumerate(self.hands):
            yield Place(hand, (s,))
            bid = self.bids[s]
            if bid is not None:
                yield Place((bid,), (s,))  # face down until revealed; then in `public` too
        yield Place(self.pool, EVERYONE)
        yield Place(self.discard, EVERYONE)
        yield Place(self.public, EVERYONE)

    def known(self, seat: int) -> list[str]:
        """The cards everyone has seen go into this seat's hand this round (a face-down bid among them
        may be one of them: nobody but its owner knows which card was bid)."""
        held = list(self.hands[seat])
        bid = self.bids[seat]
        if bid is not None and not self.revealed_bids:
            held.append(bid)
        return [c.code for c in high_first(held) if c.code in self.public]

    def view(self, seat: int | None = None) -> PennilessView:
        me = seat if seat is not None and 0 <= seat < len(self.players) else None
        outcome = self._outcome
        n = len(self.players)
        bids: list[str | None] = []
        for s in range(n):
            b = self.bids[s]
            bids.append(None if b is None else b.code if self.revealed_bids else "down")
        own = None if me is None else self.bids[me]
        last_trick = self.last_trick
        last = self.last_round
        return {
            "round": self.round,
            "trick": self.trick,
            "tricks": TRICKS,
            "dealer": self.dealer,
            "phase": self.phase,
            "goal": self.goal,
            "gambling": self.gambling,
            "pot": self.pot,
            "net": list(self.net) if self.gambling else None,
            "money": list(self.money),
            "scores": list(self.scores),
            "deck": len(self.deck),
            "pool": [c.code for c in high_first(self.pool)],
            "hand": None if me is None else [c.code for c in high_first(self.hands[me])],
            "bid": None if own is None or self.revealed_bids else own.code,
            "bids": bids,
            "order": list(self.order),
            "acting": self.order[self.acted] if self.phase == ACT else None,
            "cards": [len(h) for h in self.hands],
            "known": [self.known(s) for s in range(n)],
            "discard": [c.code for c in self.discard],
            "plays": [list(p) for p in self.plays],
            "last_trick": None if last_trick is None else {
                "trick": last_trick["trick"], "plays": [list(p) for p in last_trick["plays"]],
                "discarded": list(last_trick["discarded"])},
            "last_round": None if last is None else {
                "round": last["round"], "winners": list(last["winners"]), "shares": list(last["shares"]),
                "carried": last["carried"],
                "hands": None if last["hands"] is None else [list(h) for h in last["hands"]],
                "face": list(last["face"]), "times": list(last["times"]), "points": list(last["points"]),
                "money": list(last["money"]), "bonus": list(last["bonus"])},
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["deck"] = list(self.deck)
        state["hands"] = [list(h) for h in self.hands]
        for key in ("scores", "net", "money", "pool", "bids", "order", "discard"):
            state[key] = list(state[key])
        state["history_points"] = [list(h) for h in self.history_points]
        state["plays"] = list(self.plays)
        state["public"] = set(self.public)
        # last_trick and last_round are replaced whole, never changed in place

    # -- words -----------------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names_ = self.players
        me = names_[seat]
        kind = move.kind
        if kind not in ("bid", "take", "deal"):
            return (f"Penniless and Insane has no {shorten(kind)} move: players bid a card of their hand, "
                    "take a card of the pool when they act, and deal a new round.")
        waiting = listing([names_[s] for s in self.to_act()])
        if kind == "deal":
            if self.phase != SCORED:
                return f"The round is still being played: a new round is dealt once round {self.round} is scored."
            if move.args:
                return "Dealing takes nothing more: Move('deal')."
            return f"{waiting} deals the next round, not {me}."
        if len(move.args) != 1 or type(move.args[0]) is not str:
            return (f"A {kind} names one card by its code (as 9S or 10H).")
        try:
            c = card(move.args[0])
        except ValueError:
            return f"{shorten(move.args[0])} is not a card: name one by its rank and suit, as 9S or 10H."
        if c.joker:
            return "This game plays without jokers."
        if c.deck != 1:
            return f"This game plays with one deck: there is one {short_name(c)}, and its code is {c.code[:-2]}."
        if kind == "bid":
            if self.phase == ACT:
                return f"The bids are revealed: now {waiting} acts, taking a card of the pool."
            if self.phase == SCORED:
                return f"Round {self.round} is over: {waiting} deals the next round."
            if self.bids[seat] is not None:
                return f"{me} has already laid a bid this trick; waiting for {waiting} to bid."
            if c in self.hands[seat]:
                return f"Name {c.name} by its code, {c.code}."
            if c in self.pool:
                return f"{_capital(c.name)} lies in the pool: a bid is a card of {me}'s own hand."
            return f"{_capital(c.name)} is not in {me}'s hand."
        # take
        if self.phase == BID:
            return (f"Nobody takes art before the bids are revealed: waiting for {waiting} to bid.")
        if self.phase == SCORED:
            return f"Round {self.round} is over: {waiting} deals the next round."
        if self.order[self.acted] != seat:
            return f"It is {waiting}'s turn to act, not {me}'s: the lowest bid acts first."
        if c in self.pool:
            return f"Name {c.name} by its code, {c.code}."
        if c in self.hands[seat]:
            return f"{_capital(c.name)} is in {me}'s hand: take a card of the pool."
        return f"{_capital(c.name)} is not in the pool."

    def describe_move(self, move: Move) -> str:
        if move.kind == "deal" and not move.args:
            return f"Deal round {self.round + 1}"
        if move.kind in ("bid", "take") and len(move.args) == 1:
            try:
                c = card(move.args[0])
            except ValueError:
                return str(move)
            if move.kind == "bid":
                return f"Bid {c.name} ({dollars(value(c))})"
            return f"Take {c.name}"
        return str(move)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
