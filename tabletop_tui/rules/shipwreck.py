"""Shipwreck!: pirates grab treasure on a sinking ship, then race for the lifeboats.

A hand: five cards each (with two players five more are set aside face down, unused; with six to
eight players two decks are played and eight hands are dealt, the unused ones set aside). Play starts
with the dealer and goes to the left (the next seat). At the start of a turn the player draws back up
to five cards; drawing the last card of the deck sinks the ship at once. Otherwise the player either
discards a card into the lifeboat of its suit, or picks a fight: plays a card at another player, who
surrenders or plays a higher rank, and so on in turn until one surrenders. The winner takes a random
card from the loser's hand, face up onto his board; the fight cards go to the lifeboats. Nobody may
play the last card of his hand unless it is a King, nor pick a fight with a player who holds no card.

When the ship sinks, everyone holding cards lays one face down as his Key (each with his own move, in
any order: `to_act` lists everyone still to choose); then the Keys and every hand are shown. Each Key
names a lifeboat. Alone at a lifeboat, a player scores its points; several contend by the points they
hold in its suit (hand, board and Key), then by their highest card of the suit, then the next highest
and so on (which only two decks can tie). Aces count 1, jacks 11, queens 12, kings 13. After the
showdown the next dealer (to the left) deals the next hand. The game ends after a hand in which
someone reaches the target (200): the highest score wins.

Moves:
  Move("discard", (code,))           the player on turn discards a card to its lifeboat
  Move("fight", (seat, code))        the player on turn picks a fight with `seat`, playing `code`
  Move("raise", (code,))             in a fight, play a higher card
  Move("surrender")                  in a fight, give up
  Move("key", (code,))               at the showdown, lay this card face down as the Key
  Move("deal")                       after a showdown, the next dealer deals the next hand

The view (`view(seat)`; cards are codes), `ShipwreckView` besides the engine's common fields (players,
viewer, to_act, over, result, winners): phase ("turn", "fight", "keys", "between", "over"), hand_no, dealer, turn, deck and unused (counts), decks (1 or 2), target,
scores, hand (the seat's own cards, aces low and grouped by suit; None for the table), hand_counts,
boards (every board, face up), boats ([{suit, cards, points}] spades, hearts, diamonds, clubs), fight
(None, or {attacker, defender, cards: [[seat, code]], to}), keys (per seat: None, "laid" for a Key
face down, or its code where the viewer may see it), showdown (after the ship sank, until the next
deal: {hands, keys, boats: [{suit, points, seats, holdings, boarded, gain}], gains, drowned}),
last_gains (what each seat scored in the last showdown, no cards), hands_played, tiebreaks.

What is hidden (`places`): the deck and the cards set aside from everyone, a hand and a Key laid face
down from all but their owner until the showdown shows them; the lifeboats, the boards and the fight
lie face up.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, TypedDict

from tabletop_tui.rules.components.cards import (KING, SUIT_NAMES, Card, card, deck as new_deck, names,
                                                 rank_word)
from tabletop_tui.rules.engine import EVERYONE, Event, Game, Move, Option, Outcome, Place, View, rank_standings
from tabletop_tui.rules.words import listing, plural, shorten

HAND = 5
#: the order in which the lifeboats are shown
BOATS = ("S", "H", "D", "C")
TURN, FIGHT, KEYS, BETWEEN, OVER = "turn", "fight", "keys", "between", "over"

#: what a player holds of a suit: its points, then the values from the highest
Holding = tuple[int, tuple[int, ...]]


class Fight(TypedDict):
    attacker: int
    defender: int
    cards: list[tuple[int, Card]]  # (seat, card) in the order played
    to: int  # the seat that answers now


class BoatResult(TypedDict):
    """One lifeboat at the showdown: its points, the seats that ran for it, the points of its suit each
    held, those who boarded and what each of them gained."""

    suit: str
    points: int
    seats: list[int]
    holdings: dict[int, int]
    boarded: list[int]
    gain: int


class Showdown(TypedDict):
    hands: list[list[str]]
    keys: list[str | None]
    boats: list[BoatResult]
    gains: list[int]
    drowned: list[int]


class BoatView(TypedDict):
    suit: str
    cards: list[str]
    points: int


class FightView(TypedDict):
    attacker: int
    defender: int
    to: int
    cards: list[list[int | str]]  # [seat, code]


class ShipwreckView(View, total=False):
    """The game's own fields of a view (see the module's docstring)."""

    phase: str
    hand_no: int
    dealer: int
    turn: int
    deck: int
    unused: int
    decks: int
    target: int
    scores: list[int]
    hand: list[str] | None
    hand_counts: list[int]
    boards: list[list[str]]
    boats: list[BoatView]
    fight: FightView | None
    keys: list[str | None]
    showdown: Showdown | None
    last_gains: list[int | None]
    hands_played: int
    tiebreaks: str | None


def value(c: Card) -> int:
    """A card's points: ace 1, 2-10 their face, jack 11, queen 12, king 13."""
    return c.rank_low


def sort_hand(cards_: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (spades, hearts, diamonds, clubs), each suit from the highest."""
    return sorted(cards_, key=lambda c: (BOATS.index(c.suit), -c.rank_low, c.deck))


def holding(cards_: Iterable[Card], suit: str) -> Holding:
    """What a player holds in a suit, as the showdown compares it: the points, then the values of the
    cards from the highest (the tie-break: the highest card, then the next, and so on)."""
    values = sorted((value(c) for c in cards_ if c.suit == suit), reverse=True)
    return sum(values), tuple(values)


def contest(holdings: dict[int, Holding]) -> list[int]:
    """The seats holding the best (`holding`) of those racing for one lifeboat: one seat, or several
    whose holdings are identical (two decks only)."""
    best = max(holdings.values())
    return [s for s, h in holdings.items() if h == best]


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def short(c: Card) -> str:
    """"9 of spades", "king of hearts": a card's name without its article."""
    return c.name.removeprefix("the ")


def rank_name(v: int) -> str:
    """A card's value as a word: "ace", "7", "queen"."""
    return rank_word(v) if v in (1, 11, 12, 13) else str(v)


def suit_word(suit: str) -> str:
    return SUIT_NAMES[suit]


class Shipwreck(Game):
    id = "shipwreck"
    title = "Shipwreck!"
    min_players = 2
    max_players = 8
    rules_version = 1
    hidden_information = True
    score_label = "Points"
    chance = "a card drawn, shown or taken at random"
    length_unit = "hands"
    #: a hand takes at most a few hundred moves; a game some ten hands
    move_limit = 20_000
    #: moves of each random game in the catalog's hidden-cards test (a whole game takes some 200): random
    #: players end a hand of one deck in 40-48 moves, so those games are checked through a showdown and
    #: a new deal, and games of two decks (80-90 moves a hand) through most of their first hand; whole
    #: games of both, to the end and its plank, are checked by tests/test_shipwreck.py
    leak_test_moves = 60

    @property
    def open_forced_moves(self) -> frozenset[str]:
        """The kinds of move that, when one is a seat's only move, everyone at the table can tell was
        forced (the screen may play it without passing the keyboard): the next dealer's deal, always;
        a surrender only when the card to beat is a King, which nothing beats. A seat that holds no
        higher card is also left only the surrender, but that the others cannot see: it is not here."""
        if self.phase == FIGHT and value(self._fight()["cards"][-1][1]) == 13:
            return frozenset({"deal", "surrender"})
        return frozenset({"deal"})

    OPTIONS = (
        Option("target", "Play to", "int", 200, min=25, max=1000,
               help="The game ends after the hand in which someone reaches this score (the rules: 200)."),
        Option("final_tie", "A tie at the top", "choice", "hand",
               help="Players tied at the highest score when the game would end walk the plank: play on, "
                    "another hand for everyone, until one leads alone; or a draw, the win shared.",
               choices=(("hand", "play on"), ("draw", "a draw"))),
        Option("plank", "Identical holdings", "choice", "nobody",
               help="Two decks (6-8 players) only: players racing for a lifeboat with exactly the same cards "
                    "of its suit walk the plank and nobody boards; or they share its points.",
               choices=(("nobody", "nobody"), ("share", "share"))),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        n = len(self.players)
        self.decks = 2 if n >= 6 else 1
        self.scores = [0] * n
        self.hand_no = 0
        self.dealer = n - 1  # the first deal moves it to seat 0
        self.last_gains: list[int | None] = [None] * n
        self._outcome: Outcome | None = None
        self.tiebreak_note = ""
        self._deal(self.log)

    # -- the hand -----------------------------------------------------------------------------------

    def _deal(self, events: list[Event]) -> None:
        n = len(self.players)
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % n
        cards_ = new_deck(decks=self.decks)
        self.rng.shuffle(cards_)
        self.deck = cards_
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.boards: list[list[Card]] = [[] for _ in range(n)]
        self.boats: dict[str, list[Card]] = {s: [] for s in BOATS}
        self.keys: list[Card | None] = [None] * n
        self.fight: Fight | None = None
        self.showdown: Showdown | None = None
        self.unused: list[Card] = []
        dealt = 8 if self.decks == 2 else n
        order = [(self.dealer + 1 + i) % n for i in range(n)]  # the deal starts at the dealer's left
        piles: list[list[Card]] = [[] for _ in range(dealt)]
        for _ in range(HAND):
            for p in range(dealt):
                piles[p].append(self.deck.pop())
        for i, s in enumerate(order):
            self.hands[s] = sort_hand(piles[i])
        for pile in piles[n:]:
            self.unused.extend(pile)
        if n == 2:
            self.unused = [self.deck.pop() for _ in range(HAND)]
        dealer = self.players[self.dealer]
        text = f"Hand {self.hand_no}: {dealer} deals five cards to each player"
        if n == 2:
            text += "; five more are set aside face down, unused this hand"
        elif self.decks == 2:
            text += " from two decks"
            if dealt > n:
                text += f", and {plural(dealt - n, 'more hand')} set aside face down, unused this hand"
        text += f". {plural(len(self.deck), 'card')} remain in the deck."
        events.append(self.say(text, "deal", self.dealer, hand=self.hand_no))
        for s in range(n):
            events.append(self.tell(s, f"{self.players[s]} is dealt {names(self.hands[s])}.", kind="deal", seat=s,
                                    cards=[c.code for c in self.hands[s]]))
        self.phase = TURN
        self.turn = self.dealer
        events.append(self.say(f"{dealer} plays first.", "turn", self.dealer))

    def _next_turn(self, events: list[Event]) -> None:
        """The turn passes to the left; the player draws back up to five, and the last card of the deck
        sinks the ship."""
        n = len(self.players)
        self.fight = None
        self.turn = (self.turn + 1) % n
        s = self.turn
        me = self.players[s]
        need = HAND - len(self.hands[s])
        drawn = [self.deck.pop() for _ in range(min(need, len(self.deck)))]
        if drawn:
            self.hands[s] = sort_hand(self.hands[s] + drawn)
            events.append(self.tell(s, f"{me} draws {names(drawn)}.", public=f"{me} draws {plural(len(drawn), 'card')}.",
                                    kind="draw", seat=s, cards=[c.code for c in drawn]))
        if drawn and not self.deck:
            self._sink(events)
            return
        self.phase = TURN
        events.append(self.say(f"{possessive(me)} turn.", "turn", s))

    def _sink(self, events: list[Event]) -> None:
        me = self.players[self.turn]
        self.phase = KEYS
        drowned = [s for s in range(len(self.players)) if not self.hands[s]]
        text = f"{me} draws the last card of the deck: the ship sinks! Everyone lays a Key card face down."
        if drowned:
            text += " " + listing(self.players[s] for s in drowned) + (
                " holds no cards and goes" if len(drowned) == 1 else " hold no cards and go") + " down with the ship."
        events.append(self.say(text, "sink", self.turn))
        if not self.waiting():
            self._reveal(events)

    def waiting(self) -> list[int]:
        """At the showdown: the seats holding cards that have not laid their Key yet."""
        return [s for s in range(len(self.players)) if self.hands[s] and self.keys[s] is None]

    def _reveal(self, events: list[Event]) -> None:
        names_ = self.players
        n = len(names_)
        keys = {s: k for s, k in enumerate(self.keys) if k is not None}
        keyed = list(keys)
        if keyed:
            events.append(self.say(
                "The Keys are revealed: " + listing(f"{names_[s]} {keys[s].name}" for s in keyed) + ".",
                "reveal", keys=[[s, keys[s].code] for s in keyed]))
        for s in keyed:
            if self.hands[s]:
                events.append(self.say(f"{names_[s]} shows {names(self.hands[s])}.", "show", s,
                                       cards=[c.code for c in self.hands[s]]))
            else:
                events.append(self.say(f"{names_[s]} holds nothing besides the Key.", "show", s, cards=[]))
        gains = [0] * n
        results: list[BoatResult] = []
        for suit in BOATS:
            seats = [s for s in keyed if keys[s].suit == suit]
            points = sum(value(c) for c in self.boats[suit])
            if not seats:
                continue
            holdings = {s: holding(self.hands[s] + self.boards[s] + [keys[s]], suit) for s in seats}
            best = contest(holdings)
            if len(best) == 1:
                boarded = best
            elif self.options["plank"] == "share":
                boarded = best
            else:
                boarded = []
            gain = points // len(boarded) if boarded else 0
            for s in boarded:
                gains[s] += gain
            events.append(self.say(self._contest_words(suit, points, seats, holdings, best, boarded, gain),
                                   "score", boarded[0] if len(boarded) == 1 else None, suit=suit, seats=seats,
                                   boarded=boarded, gain=gain))
            results.append({"suit": suit, "points": points, "seats": seats,
                            "holdings": {s: holdings[s][0] for s in seats}, "boarded": boarded, "gain": gain})
        drowned = [s for s in range(n) if self.keys[s] is None]
        for s in range(n):
            self.scores[s] += gains[s]
        self.last_gains = list(gains)
        self.showdown = {
            "hands": [[c.code for c in h] for h in self.hands],
            "keys": [None if k is None else k.code for k in self.keys],
            "boats": results, "gains": list(gains), "drowned": drowned,
        }
        events.append(self.say(
            f"After hand {self.hand_no}: " + ", ".join(f"{names_[s]} {self.scores[s]}" for s in range(n)) + ".",
            "scores", scores=list(self.scores)))
        self._after_hand(events)

    def _contest_words(self, suit: str, points: int, seats: list[int], holdings: dict[int, Holding],
                       best: list[int], boarded: list[int], gain: int) -> str:
        names_ = self.players
        boat = f"The {suit_word(suit)} lifeboat ({plural(points, 'point')})"
        if len(seats) == 1:
            return f"{boat}: {names_[seats[0]]} runs to it alone and scores {gain}."
        ranked = sorted(seats, key=lambda s: holdings[s], reverse=True)
        race = f"{boat}: {listing(names_[s] for s in seats)} race for it, holding " + listing(
            f"{holdings[s][0]} ({names_[s]})" for s in ranked) + f" points of {suit_word(suit)}"
        top = holdings[ranked[0]]
        level = [s for s in seats if holdings[s][0] == top[0]]
        if len(best) == 1:
            w = best[0]
            if len(level) > 1:
                race += "; " + self._tiebreak_words(w, [s for s in level if s != w], holdings)
            return f"{race}; {names_[w]} boards and scores {gain}."
        who = listing(names_[s] for s in best)
        if boarded:
            return f"{race}; {who} hold exactly the same {suit_word(suit)} and share the lifeboat, {gain} each."
        return f"{race}; {who} hold exactly the same {suit_word(suit)}: they walk the plank and nobody boards."

    def _tiebreak_words(self, winner: int, others: list[int], holdings: dict[int, Holding]) -> str:
        names_ = self.players
        mine = holdings[winner][1]
        parts = []
        for s in others:
            theirs = holdings[s][1]
            i = next(i for i in range(max(len(mine), len(theirs)))
                     if i >= len(theirs) or i >= len(mine) or mine[i] != theirs[i])
            nth = ["highest", "second highest", "third highest"][i] if i < 3 else f"number {i + 1}"
            parts.append(f"{possessive(names_[winner])} {nth} card, the {rank_name(mine[i])}, beats "
                         f"{possessive(names_[s])} {rank_name(theirs[i])}")
        return "the tie is broken by the higher card: " + "; ".join(parts)

    def _after_hand(self, events: list[Event]) -> None:
        names_ = self.players
        n = len(names_)
        target = self.options["target"]
        top = max(self.scores)
        if top >= target:
            leaders = [s for s in range(n) if self.scores[s] == top]
            if len(leaders) == 1 or self.options["final_tie"] == "draw":
                if len(leaders) > 1:
                    self.tiebreak_note = (f"{listing(names_[s] for s in leaders)} tied at {top}, the highest score, "
                                          "and share the win (the table's choice for a tie at the top).")
                self._finish(events)
                return
            note = (f"{listing(names_[s] for s in leaders)} are tied at {top}: they walk the plank, and another "
                    "hand is played.")
            self.tiebreak_note = (f"After hand {self.hand_no}, {listing(names_[s] for s in leaders)} were tied at "
                                  f"{top} and another hand was played (the plank).")
            events.append(self.say(note, "plank"))
        self.phase = BETWEEN
        nxt = (self.dealer + 1) % n
        events.append(self.say(f"{names_[nxt]} deals the next hand.", "turn", nxt))

    def _finish(self, events: list[Event]) -> None:
        self.phase = OVER
        self._outcome = self._score()
        events.append(self.say(self._outcome.summary, "game_over"))

    def _score(self) -> Outcome:
        names_ = self.players
        n = len(names_)
        standings = rank_standings(names_, [(sc,) for sc in self.scores], list(self.scores),
                                   [f"{sc} points in {plural(self.hand_no, 'hand')}" for sc in self.scores])
        first = [st.seat for st in standings if st.place == 1]
        top = self.scores[first[0]]
        if len(first) == 1:
            others = sorted((s for s in range(n) if s != first[0]), key=lambda s: -self.scores[s])
            summary = (f"{names_[first[0]]} wins with {top} points after {plural(self.hand_no, 'hand')}, "
                       f"ahead of " + listing(f"{names_[s]} ({self.scores[s]})" for s in others) + ".")
        else:
            summary = f"A draw: {listing(names_[s] for s in first)} share first place with {top} points."
        return Outcome(standings, summary, self.tiebreak_note)

    # -- the contract ------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.phase == TURN:
            return [self.turn]
        if self.phase == FIGHT:
            return [self._fight()["to"]]
        if self.phase == KEYS:
            return self.waiting()
        if self.phase == BETWEEN:
            return [(self.dealer + 1) % len(self.players)]
        return []

    def legal_moves(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == TURN:
            if seat != self.turn:
                return []
            # a turn starts with five cards (fewer only when the ship sank); the last card would be
            # playable only if it were a King
            hand = [c for c in self.hands[seat] if len(self.hands[seat]) > 1 or c.rank == KING]
            moves = [Move("discard", (c.code,)) for c in hand]
            for t in self._targets(seat):
                moves += [Move("fight", (t, c.code)) for c in hand]
            return moves
        if phase == FIGHT:
            if seat != self._fight()["to"]:
                return []
            return [Move("raise", (c.code,)) for c in self._raises(seat)] + [Move("surrender")]
        if phase == KEYS:
            if not self.hands[seat] or self.keys[seat] is not None:
                return []
            return [Move("key", (c.code,)) for c in self.hands[seat]]
        if phase == BETWEEN:
            return [Move("deal")] if seat == (self.dealer + 1) % len(self.players) else []
        return []

    def _targets(self, seat: int) -> list[int]:
        """Whom `seat` may pick a fight with: every other player holding a card, from the left."""
        n = len(self.players)
        return [t for t in ((seat + i) % n for i in range(1, n)) if self.hands[t]]

    def _raises(self, seat: int) -> list[Card]:
        """The cards `seat` may play in the fight now: higher than the last card played, and not the
        last card of the hand unless it is a King."""
        hand = self.hands[seat]
        top = value(self._fight()["cards"][-1][1])
        if len(hand) == 1 and hand[0].rank != KING:
            return []
        return [c for c in hand if value(c) > top]

    def _apply(self, seat: int, move: Move) -> list[Event]:
        names_ = self.players
        me = names_[seat]
        events: list[Event] = []
        kind = move.kind
        if kind == "discard":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            self.boats[c.suit].append(c)
            events.append(self.say(f"{me} discards {c.name} into the {suit_word(c.suit)} lifeboat.", "discard", seat,
                                   card=c.code))
            self._next_turn(events)
        elif kind == "fight":
            target, code = move.args
            c = card(code)
            self.hands[seat].remove(c)
            self.fight = {"attacker": seat, "defender": target, "cards": [(seat, c)], "to": target}
            self.phase = FIGHT
            events.append(self.say(f"{me} picks a fight with {names_[target]}, playing {c.name}.", "fight", seat,
                                   card=c.code, target=target))
        elif kind == "raise":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            fight = self._fight()
            fight["cards"].append((seat, c))
            other = fight["defender"] if seat == fight["attacker"] else fight["attacker"]
            fight["to"] = other
            events.append(self.say(f"{me} plays {c.name}.", "raise", seat, card=c.code))
        elif kind == "surrender":
            self._settle_fight(seat, events)
        elif kind == "key":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            self.keys[seat] = c
            events.append(self.tell(seat, f"{me} lays {c.name} face down as the Key.",
                                    public=f"{me} lays a Key card face down.", kind="key", seat=seat, card=c.code))
            if not self.waiting():
                self._reveal(events)
        elif kind == "deal":
            self._deal(events)
        return events

    def _fight(self) -> Fight:
        """The fight on the table (in the phase FIGHT)."""
        fight = self.fight
        assert fight is not None, "no fight on the table"
        return fight

    def _settle_fight(self, loser: int, events: list[Event]) -> None:
        names_ = self.players
        fight = self._fight()
        winner = fight["defender"] if loser == fight["attacker"] else fight["attacker"]
        hand = self.hands[loser]
        taken = hand.pop(self.rng.randint(0, len(hand) - 1))
        self.boards[winner] = sort_hand(self.boards[winner] + [taken])
        played = [c for _, c in fight["cards"]]
        for c in played:
            self.boats[c.suit].append(c)
        events.append(self.say(
            f"{names_[loser]} surrenders. {names_[winner]} wins the fight and takes {taken.name} at random from "
            f"{possessive(names_[loser])} hand, face up onto {possessive(names_[winner])} board.",
            "won", winner, card=taken.code, loser=loser))
        events.append(self.say(f"The fight's {plural(len(played), 'card')} go to the lifeboats: {names(played)}.",
                               "boats", None, cards=[c.code for c in played]))
        self.turn = fight["attacker"]
        self._next_turn(events)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def turn_order(self) -> list[int]:
        """The seats in the order of the first hand: the first dealer (seat 0) plays first."""
        return list(range(len(self.players)))

    def length(self) -> int:
        return self.hand_no

    # -- what each seat may see ---------------------------------------------------------------------

    def places(self) -> Iterator[Place]:
        shown = self.showdown is not None  # after the showdown every hand and Key lies face up
        yield Place(self.deck)
        yield Place(self.unused)
        for s, hand in enumerate(self.hands):
            yield Place(hand, EVERYONE if shown else (s,))
            key = self.keys[s]
            if key is not None:
                yield Place((key,), EVERYONE if shown else (s,))
        for board in self.boards:
            yield Place(board, EVERYONE)
        for boat in self.boats.values():
            yield Place(boat, EVERYONE)
        if self.fight is not None:
            yield Place([c for _, c in self.fight["cards"]], EVERYONE)

    def view(self, seat: int | None = None) -> ShipwreckView:
        n = len(self.players)
        me = seat if seat is not None and 0 <= seat < n else None
        outcome = self._outcome
        shown = self.showdown is not None
        keys: list[str | None] = []
        for s in range(n):
            k = self.keys[s]
            keys.append(None if k is None else k.code if shown or s == me else "laid")
        fight = self.fight
        sd = self.showdown
        return {
            "phase": self.phase,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "turn": self.turn,
            "deck": len(self.deck),
            "unused": len(self.unused),
            "decks": self.decks,
            "target": self.options["target"],
            "scores": list(self.scores),
            "hand": None if me is None else [c.code for c in self.hands[me]],
            "hand_counts": [len(h) for h in self.hands],
            "boards": [[c.code for c in b] for b in self.boards],
            "boats": [{"suit": s, "cards": [c.code for c in self.boats[s]],
                       "points": sum([c.rank_low for c in self.boats[s]])} for s in BOATS],
            "fight": None if fight is None else {
                "attacker": fight["attacker"], "defender": fight["defender"], "to": fight["to"],
                "cards": [[s, c.code] for s, c in fight["cards"]]},
            "keys": keys,
            "showdown": None if sd is None else {
                "hands": [list(h) for h in sd["hands"]], "keys": list(sd["keys"]),
                "boats": [{"suit": b["suit"], "points": b["points"], "seats": list(b["seats"]),
                           "holdings": dict(b["holdings"]), "boarded": list(b["boarded"]), "gain": b["gain"]}
                          for b in sd["boats"]],
                "gains": list(sd["gains"]), "drowned": list(sd["drowned"])},
            "last_gains": list(self.last_gains),
            "hands_played": self.hand_no - (0 if shown else 1),
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["deck"] = list(self.deck)
        state["unused"] = list(self.unused)
        state["hands"] = [list(h) for h in self.hands]
        state["boards"] = [list(b) for b in self.boards]
        state["boats"] = {s: list(b) for s, b in self.boats.items()}
        state["keys"] = list(self.keys)
        state["scores"] = list(self.scores)
        state["last_gains"] = list(self.last_gains)
        if self.fight is not None:
            state["fight"] = dict(self.fight, cards=list(self.fight["cards"]))
        # the showdown record is never changed once made: shared

    # -- words --------------------------------------------------------------------------------------

    def _card_arg(self, move: Move, index: int = 0) -> Card | str:
        """The card a move names, or a refusal (a string)."""
        if len(move.args) <= index or type(move.args[index]) is not str:
            return "Name a card by its code, as 9S or 10H."
        try:
            c = card(move.args[index])
        except ValueError:
            return f"{shorten(move.args[index])} is not a card: name one by its rank and suit, as 9S or 10H."
        if c.joker:
            return "Shipwreck! plays without jokers."
        if c.deck > self.decks:
            return f"This game plays with one deck: its {short(c)} is {c.code[:-2]}."
        return c

    def refusal(self, seat: int, move: Move) -> str:
        names_ = self.players
        me = names_[seat]
        kind = move.kind
        kinds = ("discard", "fight", "raise", "surrender", "key", "deal")
        if kind not in kinds:
            return (f"Shipwreck! has no {shorten(kind)} move: on a turn a player discards or picks a fight, in a "
                    "fight plays higher or surrenders, and when the ship sinks lays a Key card.")
        phase = self.phase
        expected = {TURN: ("discard", "fight"), FIGHT: ("raise", "surrender"), KEYS: ("key",), BETWEEN: ("deal",)}
        if kind not in expected.get(phase, ()):
            return self._out_of_phase(seat, kind)
        why = self.not_your_turn(seat)
        if why:
            if phase == KEYS and self.keys[seat] is not None:
                waiting = listing(names_[s] for s in self.waiting())
                return f"{me} has laid a Key already; waiting for {waiting}."
            if phase == KEYS and not self.hands[seat]:
                return f"{me} holds no cards and goes down with the ship: no Key to lay."
            return why
        if kind in ("surrender", "deal"):
            return f"{shorten(move.args)} is not part of a {kind} move."
        c = self._card_arg(move, 1 if kind == "fight" else 0)
        if isinstance(c, str):
            return c
        hand = self.hands[seat]
        if c not in hand:
            if any(h.name == c.name for h in hand):
                held = next(h for h in hand if h.name == c.name)
                return f"{me} holds {c.name} of the other deck: its code is {held.code}."
            return f"{c.name[0].upper()}{c.name[1:]} is not in {possessive(me)} hand."
        if kind == "fight":
            target = move.args[0]
            if type(target) is not int or not 0 <= target < len(names_):
                return f"There is no seat {shorten(target)} to pick a fight with."
            if target == seat:
                return f"{me} cannot pick a fight with {me}."
            if not self.hands[target]:
                return f"{names_[target]} holds no cards: nobody may pick a fight with a player holding none."
            if len(move.args) != 2:
                return "A fight names the player attacked and the card played."
        if kind == "raise":
            top = self._fight()["cards"][-1][1]
            if len(hand) == 1 and c.rank != KING:
                return f"{me} may not play the last card of the hand unless it is a King: play higher or surrender."
            if value(c) <= value(top):
                return (f"{c.name[0].upper()}{c.name[1:]} does not beat {top.name}: play a higher rank (the suit "
                        "does not count), or surrender.")
        return f"{kind} {shorten(move.args)} is not a move {me} can make now."

    def _out_of_phase(self, seat: int, kind: str) -> str:
        names_ = self.players
        phase = self.phase
        if phase == OVER:
            return "The game is over."
        if phase == TURN:
            return (f"It is {possessive(names_[self.turn])} turn: discard a card or pick a fight"
                    + (f" ({kind} comes later)." if kind != "deal" else "."))
        if phase == FIGHT:
            f = self._fight()
            return (f"{names_[f['attacker']]} and {names_[f['defender']]} are fighting: "
                    f"{names_[f['to']]} plays a higher card or surrenders.")
        if phase == KEYS:
            return "The ship has sunk: everyone holding cards lays a Key card face down."
        return f"The hand is over: {names_[(self.dealer + 1) % len(names_)]} deals the next one."

    def describe_move(self, move: Move) -> str:
        try:
            if move.kind == "discard":
                c = card(move.args[0])
                return f"Discard {short(c)} to the {suit_word(c.suit)} lifeboat"
            if move.kind == "fight":
                return f"Fight {self.players[move.args[0]]} with {short(card(move.args[1]))}"
            if move.kind == "raise":
                return f"Play {short(card(move.args[0]))}"
            if move.kind == "surrender":
                return "Surrender"
            if move.kind == "key":
                return f"Key: {short(card(move.args[0]))}"
            if move.kind == "deal":
                return "Deal the next hand"
        except (ValueError, IndexError, TypeError):
            pass
        return str(move)
