"""Caribbean Star: two magicians on one cruise ship, each practising an act in a pile of cards and
performing it when a Showtime comes.

Seat 0 owns the red cards (hearts, diamonds), seat 1 the black (clubs, spades). Hands of five from one
deck of 52. Each turn both players lay one card face down (each with their own move, in any order:
`to_act` lists both until both are down). Then both are revealed and take effect from the lowest to the
highest (2 low, king high; on equal ranks clubs < diamonds < hearts < spades). Aces are never laid:
just before each revealed card takes effect, the players are asked in turn whether to stop it with an
Ace (the Ace is discarded and the stopped card goes into the stopper's hand).

A card's effect goes to the owner of its colour, whoever laid it:
  10, J, Q, K   Magic Tricks: into the owner's Practice pile (10 minutes and 10 points a 10; 5 minutes
                and 2, 4, 6 points a jack, queen, king)
  7, 9          Showtime: the owner performs the pile (scored, see `show`), which is discarded
  8             Dinner Buffet: the owner may perform one Magic Trick of the pile for half its points
  6             Rehearsal: into the owner's pile (each one doubles the show)
  5             Afternoon Nap: the hands are swapped (whatever the colour)
  2, 3, 4       Mistakes: into the owner's pile (minus their face value)
At the end of a turn each player draws a card while the deck lasts. Once the deck is out, the game ends
when a hand is empty or holds nothing but Aces: each pile is performed in a Farewell Show and the most
points win (equal points: a draw).

Moves:
  Move("play", ("9H",))    a card of the seat's hand, not an Ace, laid face down
  Move("stop")             stop the card about to take effect with an Ace of the seat's hand
  Move("let")              let it take effect
  Move("buffet", ("KH",))  perform that Magic Trick of the seat's pile at the Dinner Buffet
  Move("decline")          leave the Dinner Buffet alone

Option `ask`: "everyone" (the default) asks both players about every card while an Ace may be in a hand,
holding one or not, so that the questions tell nobody who holds Aces; "holders" asks only those holding
an Ace, which is quicker and shows who holds Aces.

The view (`CaribbeanView` besides the engine's common fields): turn, phase ("play", "ask", "buffet",
"over"), ask ("everyone" or "holders"), colours, deck (a count), hand (the seat's own, sorted; None for
the table), laid (per seat: None, "down", or the seat's own card), counts (cards in each hand), known
(per seat: the cards of that hand the viewer has seen, such as its old hand after an Afternoon Nap),
queue ([seat, card] revealed and still to take effect, the next first), asking (the seat asked about
the next card, or None), buffet (the seat choosing at the Dinner Buffet, or None), piles, shows (per
pile: [points, minutes] if performed now), scores, discard, aces_out, done (this turn's cards: [seat,
card, what became of it]), last_show, farewell.

What is hidden (`places`): the deck from everyone; a hand and a card laid face down from all but their
owner (and the cards of a hand its opponent has seen, to that opponent); the revealed cards, the piles
and the discards from nobody.
"""

from __future__ import annotations

from typing import Any, Iterator, TypedDict

from tabletop_tui.rules.components.cards import STANDARD, Card, by_order, card, names
from tabletop_tui.rules.engine import EVERYONE, Event, Game, Move, Option, Outcome, Place, View, rank_standings
from tabletop_tui.rules.words import plural, shorten

HAND_SIZE = 5
PERFECT = 15  # minutes
COLOURS = ("red", "black")

PLAY, ASK, BUFFET, OVER = "play", "ask", "buffet", "over"
STOP, LET, DECLINE = Move("stop"), Move("let"), Move("decline")
EVERYONE_ASKED, HOLDERS = "everyone", "holders"

#: a Magic Trick's points
TRICK_POINTS = {10: 10, 11: 2, 12: 4, 13: 6}


class ShowRecord(TypedDict):
    seat: int
    cards: list[str]
    points: int
    minutes: int
    how: str  # the show in words
    kind: str  # "showtime", "farewell", "buffet"


class CaribbeanView(View, total=False):
    turn: int
    phase: str
    ask: str
    colours: list[str]
    deck: int
    hand: list[str] | None
    laid: list[str | None]
    counts: list[int]
    known: list[list[str]]
    queue: list[list[int | str]]
    asking: int | None
    buffet: int | None
    piles: list[list[str]]
    shows: list[list[int]]
    scores: list[int]
    discard: list[str]
    aces_out: int
    done: list[list[int | str]]
    last_show: ShowRecord | None
    farewell: list[ShowRecord]


def owner(c: Card) -> int:
    """The seat that owns the card's colour: 0 red, 1 black."""
    return 0 if c.red else 1


def is_trick(c: Card) -> bool:
    return 10 <= c.rank <= 13


def is_mistake(c: Card) -> bool:
    return 2 <= c.rank <= 4


def function(c: Card) -> str:
    """What the card does, in a word."""
    r = c.rank
    if r == 14:
        return "Ace"
    if r >= 10:
        return "Magic Trick"
    if r in (7, 9):
        return "Showtime"
    if r == 8:
        return "Dinner Buffet"
    if r == 6:
        return "Rehearsal"
    if r == 5:
        return "Afternoon Nap"
    return "Mistake"


def resolve_order(c: Card) -> int:
    """The order cards take effect in: 2 first, king last; clubs, diamonds, hearts, spades."""
    return c.order_low


def show(cards: list[Card]) -> tuple[int, int, str]:
    """(points, minutes, how) of a Practice pile performed.

    Magic Tricks are scored by the show's length (15 minutes perfect: full points; 5 minutes off: the
    biggest trick at half; 10 off: every trick at half; 15 or more too long: none); then the Mistakes
    are subtracted; then each Rehearsal doubles the result. No Magic Trick at all: a Comedy Show, 0."""
    tricks = sorted((TRICK_POINTS[c.rank] for c in cards if is_trick(c)), reverse=True)
    if not tricks:
        return 0, 0, "a Comedy Show" if cards else "an empty show"
    minutes = sum(10 if c.rank == 10 else 5 for c in cards if is_trick(c))
    off = abs(minutes - PERFECT)
    if off == 0:
        base, how = sum(tricks), "15 minutes, perfect"
    elif off == 5:
        base = tricks[0] // 2 + sum(tricks[1:])
        how = f"{minutes} minutes, 5 {'long' if minutes > PERFECT else 'short'}: the biggest trick at half"
    elif off == 10:
        base = sum(t // 2 for t in tricks)
        how = f"{minutes} minutes, 10 {'long' if minutes > PERFECT else 'short'}: every trick at half"
    else:
        base, how = 0, f"{minutes} minutes, {off} too long: no points for the tricks"
    total = base
    mistakes = sum(c.rank for c in cards if is_mistake(c))
    if mistakes:
        total -= mistakes
        how += f", {base} less {mistakes} for the Mistakes"
    sixes = sum(1 for c in cards if c.rank == 6)
    if sixes:
        total *= 2 ** sixes
        how += ", doubled" if sixes == 1 else ", doubled twice" if sixes == 2 else f", doubled {sixes} times"
    return total, minutes, how


class CaribbeanStar(Game):
    id = "caribbean-star"
    title = "Caribbean Star"
    score_label = "Points"
    min_players = 2
    max_players = 2
    rules_version = 1
    hidden_information = True
    chance = "a draw or the cards revealed"
    length_unit = "turns"
    move_limit = 2_000
    OPTIONS = (
        Option("ask", "Ask to stop with an Ace", "choice", EVERYONE_ASKED,
               help="Before each revealed card takes effect, ask both players whether to stop it with an "
                    "Ace, holding one or not (nobody learns who holds Aces), or only those holding an Ace: "
                    "quicker, but it shows who holds Aces.",
               choices=((EVERYONE_ASKED, "both players, always"),
                        (HOLDERS, "only Ace holders (shows who holds Aces)"))),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        self.ask_mode: str = self.options["ask"]
        self.deck: list[Card] = list(STANDARD)
        self.rng.shuffle(self.deck)
        self.hands: list[list[Card]] = [[], []]
        for _ in range(HAND_SIZE):
            for s in (0, 1):
                self.hands[s].append(self.deck.pop())
        self.seen: list[set[str]] = [{c.code for c in h} for h in self.hands]
        self.public: set[str] = set()  # every card that was face up on the table
        self.laid: list[Card | None] = [None, None]
        self.queue: list[tuple[int, Card]] = []  # revealed, still to take effect: (who laid it, card)
        self.asking: list[int] = []  # the seats still to be asked about queue[0]
        self.buffet_seat: int | None = None
        self.piles: list[list[Card]] = [[], []]
        self.discard: list[Card] = []
        self.scores = [0, 0]
        self.turn = 1
        self.phase = PLAY
        self.last_mover: int | None = None
        self.done: list[tuple[int, str, str]] = []  # this turn: (who laid it, card, what became of it)
        self.last_show: ShowRecord | None = None
        self.farewell: list[ShowRecord] = []
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            f"{self.players[0]} owns the red cards and {self.players[1]} the black. Five cards each"
            + ("; only players holding an Ace are asked to stop a card." if self.ask_mode == HOLDERS else "."),
            "setup"))
        for s in (0, 1):
            hand = by_order(self.hands[s], aces_low=True)
            self.log.append(self.tell(s, f"{self.players[s]} is dealt {names(hand)}.", kind="deal", seat=s,
                                      cards=[c.code for c in hand]))

    # -- the turn ------------------------------------------------------------------------------------

    def _reveal(self, events: list[Event]) -> None:
        laid = [(s, self._laid(s)) for s in (0, 1)]
        for s, c in laid:
            self.public.add(c.code)
            for seen in self.seen:
                seen.add(c.code)
        self.laid = [None, None]
        self.revealed()  # which card each laid is news, even where both were known to be in the hands
        self.queue = sorted(laid, key=lambda p: resolve_order(p[1]))
        self.done = []
        events.append(self.say(
            f"Turn {self.turn}: {self.players[0]} laid {laid[0][1].name} and {self.players[1]} "
            f"{laid[1][1].name}; lowest first.", "reveal", None,
            cards=[[s, c.code] for s, c in self.queue]))
        self._next_card(events)

    def _laid(self, seat: int) -> Card:
        c = self.laid[seat]
        assert c is not None, f"seat {seat} has laid no card"
        return c

    def aces_possible(self) -> bool:
        """Whether an Ace may be in a hand, from what everyone sees: not all four are discarded."""
        return sum(1 for c in self.discard if c.rank == 14) < 4

    def holds_ace(self, seat: int) -> bool:
        return any(c.rank == 14 for c in self.hands[seat])

    def _next_card(self, events: list[Event]) -> None:
        """Ask about the next card of the queue, or let it take effect; the turn ends when none is left."""
        while self.queue:
            seat, c = self.queue[0]
            first = self.last_mover if self.last_mover is not None else seat
            order = [first, 1 - first]
            if not self.aces_possible():
                order = []
            elif self.ask_mode == HOLDERS:
                order = [s for s in order if self.holds_ace(s)]
            if order:
                self.asking = order
                self.phase = ASK
                return
            if self._take_effect(events):
                return
        self._end_turn(events)

    def _take_effect(self, events: list[Event]) -> bool:
        """The next card takes effect; True if it waits for a Dinner Buffet choice."""
        seat, c = self.queue.pop(0)
        self.asking = []
        names_ = self.players
        own = owner(c)
        r = c.rank
        if r >= 10 or r == 6 or r <= 4:
            self.piles[own].append(c)
            kind = "Rehearsal" if r == 6 else "Mistake" if r <= 4 else "Magic Trick"
            self.done.append((seat, c.code, f"to {names_[own]}'s pile"))
            events.append(self.say(f"{_capital(c.name)}, a {kind}, goes into {names_[own]}'s Practice pile.",
                                   "pile", own, card=c.code))
            return False
        if r in (7, 9):
            self.discard.append(c)
            points = self._perform(own, "showtime", events, c)
            self.done.append((seat, c.code, f"{names_[own]}'s show: {points:+d}"))
            return False
        if r == 5:
            self.discard.append(c)
            self.hands = [self.hands[1], self.hands[0]]
            for s in (0, 1):
                self.seen[s].update(x.code for x in self.hands[s])
            self.done.append((seat, c.code, "hands swapped"))
            events.append(self.say(f"{_capital(c.name)}, an Afternoon Nap: {names_[0]} and {names_[1]} swap hands.",
                                   "swap", None, card=c.code))
            for s in (0, 1):
                hand = by_order(self.hands[s], aces_low=True)
                if hand:
                    events.append(self.tell(s, f"{names_[s]} now holds {names(hand)}.", kind="hand", seat=s,
                                            cards=[x.code for x in hand]))
            return False
        # an Eight
        self.discard.append(c)
        if any(is_trick(x) for x in self.piles[own]):
            self.buffet_seat = own
            self.phase = BUFFET
            self.done.append((seat, c.code, f"{names_[own]}'s Dinner Buffet"))
            events.append(self.say(f"{_capital(c.name)}, a Dinner Buffet: {names_[own]} may perform one Magic "
                                   "Trick for half its points.", "buffet", own, card=c.code))
            return True
        self.done.append((seat, c.code, "Dinner Buffet, no trick"))
        events.append(self.say(f"{_capital(c.name)}, a Dinner Buffet, is wasted: {names_[own]} has no Magic Trick "
                               "to perform.", "buffet", own, card=c.code))
        return False

    def _perform(self, seat: int, kind: str, events: list[Event], by: Card | None = None) -> int:
        pile = self.piles[seat]
        points, minutes, how = show(pile)
        self.scores[seat] += points
        record: ShowRecord = {"seat": seat, "cards": [c.code for c in pile], "points": points, "minutes": minutes,
                              "how": how, "kind": kind}
        self.discard.extend(pile)
        self.piles[seat] = []
        name = self.players[seat]
        what = "a Farewell Show" if kind == "farewell" else "a show"
        lead = f"{_capital(by.name)}, a Showtime: " if by is not None else ""
        if pile:
            text = f"{lead}{name} performs {what} of {names(pile)}: {how}, {plural(points, 'point')}."
        else:
            text = f"{lead}{name} has nothing to perform: an empty show, 0 points."
        events.append(self.say(text, "show", seat, points=points, cards=record["cards"]))
        if kind == "farewell":
            self.farewell.append(record)
        else:
            self.last_show = record
        return points

    def _end_turn(self, events: list[Event]) -> None:
        self.queue = []
        self.asking = []
        for s in (0, 1):
            if self.deck:
                c = self.deck.pop()
                self.hands[s].append(c)
                self.seen[s].add(c.code)
                events.append(self.tell(s, f"{self.players[s]} draws {c.name}.", public=f"{self.players[s]} draws a card.",
                                        kind="draw", seat=s, card=c.code))
        if not self.deck and any(all(c.rank == 14 for c in h) for h in self.hands):
            self._finish(events)
            return
        self.turn += 1
        self.phase = PLAY

    def _finish(self, events: list[Event]) -> None:
        empty = [s for s in (0, 1) if not self.hands[s]]
        if len(empty) == 2:
            why = "The deck is out and both hands are empty"
        elif empty:
            why = f"The deck is out and {self.players[empty[0]]}'s hand is empty"
        else:
            only = [s for s in (0, 1) if all(c.rank == 14 for c in self.hands[s])]
            why = f"The deck is out and {self.players[only[0]]} holds nothing but Aces"
        events.append(self.say(f"{why}: the Farewell Shows.", "end"))
        for s in (0, 1):
            self._perform(s, "farewell", events)
        self.phase = OVER
        standings = rank_standings(self.players, [(p,) for p in self.scores], list(self.scores))
        first = [st.seat for st in standings if st.place == 1]
        if len(first) == 1:
            w = first[0]
            summary = (f"{self.players[w]} wins with {plural(self.scores[w], 'point')} to "
                       f"{self.scores[1 - w]}.")
        else:
            summary = f"A draw: {self.players[0]} and {self.players[1]} have {plural(self.scores[0], 'point')} each."
        self._outcome = Outcome(standings, summary, "" if len(first) == 1 else "Nothing breaks a tie.")
        events.append(self.say(summary, "game_over"))

    # -- the contract --------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.phase == PLAY:
            waiting = [s for s in (0, 1) if self.laid[s] is None]
            if self.last_mover in waiting and waiting[0] != self.last_mover:
                waiting.reverse()
            return waiting
        if self.phase == ASK:
            return [self.asking[0]]
        if self.phase == BUFFET and self.buffet_seat is not None:
            return [self.buffet_seat]
        return []

    def legal_moves(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == PLAY:
            if self.laid[seat] is not None:
                return []
            return [Move("play", (c.code,)) for c in by_order(self.hands[seat], aces_low=True) if c.rank != 14]
        if phase == ASK:
            if self.asking[0] != seat:
                return []
            return [STOP, LET] if self.holds_ace(seat) else [LET]
        if phase == BUFFET and seat == self.buffet_seat:
            tricks = {c.code: c for c in self.piles[seat] if is_trick(c)}
            return [Move("buffet", (code,)) for code in sorted(tricks, key=lambda k: -card(k).order_low)] + [DECLINE]
        return []

    def _apply(self, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        me = self.players[seat]
        self.last_mover = seat
        kind = move.kind
        if kind == "play":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            self.laid[seat] = c
            events.append(self.tell(seat, f"{me} lays {c.name} face down.", public=f"{me} lays a card face down.",
                                    kind="lay", seat=seat, card=c.code))
            if all(x is not None for x in self.laid):
                self._reveal(events)
        elif kind == "stop":
            laid_by, c = self.queue.pop(0)
            ace = min((x for x in self.hands[seat] if x.rank == 14), key=lambda x: x.order_low)
            self.hands[seat].remove(ace)
            self.discard.append(ace)
            self.hands[seat].append(c)
            self.asking = []
            self.done.append((laid_by, c.code, f"stopped by {me}"))
            events.append(self.say(f"{me} stops {c.name} with {ace.name} and takes it into hand.", "stop", seat,
                                   card=c.code, ace=ace.code))
            self._next_card(events)
        elif kind == "let":
            c = self.queue[0][1]
            self.asking.pop(0)
            events.append(self.say(f"{me} lets {c.name} take effect." if not self.asking
                                   else f"{me} lets {c.name} be.", "let", seat, card=c.code))
            if not self.asking:
                if not self._take_effect(events):
                    self._next_card(events)
        elif kind == "buffet":
            c = card(move.args[0])
            self.piles[seat].remove(c)
            self.discard.append(c)
            points = TRICK_POINTS[c.rank] // 2
            self.scores[seat] += points
            self.last_show = {"seat": seat, "cards": [c.code], "points": points, "minutes": 0,
                              "how": "half its points at the Dinner Buffet", "kind": "buffet"}
            self.done[-1] = (self.done[-1][0], self.done[-1][1], f"{me} performs {_short(c)} for {points}")
            events.append(self.say(f"{me} performs {c.name} at the Dinner Buffet for {plural(points, 'point')}.",
                                   "buffet_show", seat, card=c.code, points=points))
            self.buffet_seat = None
            self._next_card(events)
        else:  # decline
            self.done[-1] = (self.done[-1][0], self.done[-1][1], f"{me} skips the Dinner Buffet")
            events.append(self.say(f"{me} leaves the Dinner Buffet alone.", "buffet_show", seat))
            self.buffet_seat = None
            self._next_card(events)
        return events

    def outcome(self) -> Outcome | None:
        return self._outcome

    def turn_order(self) -> list[int]:
        """Nobody moves first: the cards are laid together. The seats in order (red first)."""
        return [0, 1]

    def length(self) -> int:
        return self.turn if self.phase == OVER else self.turn - 1

    def alike(self, item: str) -> str:
        """Where only Ace holders are asked, the questions show where Aces lie: an Ace is told apart
        from the other cards (hidden cards are exchanged only Ace for Ace, other for other)."""
        if self.ask_mode == HOLDERS:
            return "ace" if item.startswith("A") else ""
        return ""

    def places(self) -> Iterator[Place]:
        yield Place(self.deck)
        for s in (0, 1):
            hand = self.hands[s]
            yield Place(hand, (s,))
            other = self.seen[1 - s]
            yield Place([c for c in hand if c.code in other], (1 - s,))
            yield Place([c for c in hand if c.code in self.public], EVERYONE)
            laid = self.laid[s]
            if laid is not None:
                yield Place((laid,), (s,))
            yield Place(self.piles[s], EVERYONE)
        yield Place([c for _, c in self.queue], EVERYONE)
        yield Place(self.discard, EVERYONE)

    def known(self, viewer: int | None, seat: int) -> list[str]:
        """The cards of `seat`'s hand that `viewer` has seen (the table: those that were face up)."""
        seen = self.public if viewer is None else self.seen[viewer]
        return [c.code for c in by_order(self.hands[seat], aces_low=True) if c.code in seen]

    def view(self, seat: int | None = None) -> CaribbeanView:
        me = seat if seat in (0, 1) else None
        laid: list[str | None] = []
        for s in (0, 1):
            c = self.laid[s]
            laid.append(None if c is None else c.code if s == me else "down")
        shows = []
        for p in self.piles:
            points, minutes, _ = show(p)
            shows.append([points, minutes])
        return {
            "turn": self.turn,
            "phase": self.phase,
            "ask": self.ask_mode,
            "colours": list(COLOURS),
            "deck": len(self.deck),
            "hand": None if me is None else [c.code for c in by_order(self.hands[me], aces_low=True)],
            "laid": laid,
            "counts": [len(h) for h in self.hands],
            "known": [self.known(me, s) if s != me else [] for s in (0, 1)],
            "queue": [[s, c.code] for s, c in self.queue],
            "asking": self.asking[0] if self.phase == ASK else None,
            "buffet": self.buffet_seat if self.phase == BUFFET else None,
            "piles": [[c.code for c in p] for p in self.piles],
            "shows": shows,
            "scores": list(self.scores),
            "discard": [c.code for c in self.discard],
            "aces_out": sum(1 for c in self.discard if c.rank == 14),
            "done": [list(d) for d in self.done],
            "last_show": None if self.last_show is None else dict(self.last_show),  # type: ignore[typeddict-item]
            "farewell": [dict(f) for f in self.farewell],  # type: ignore[misc]
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["deck"] = list(self.deck)
        state["hands"] = [list(h) for h in self.hands]
        state["seen"] = [set(x) for x in self.seen]
        state["public"] = set(self.public)
        state["piles"] = [list(p) for p in self.piles]
        for key in ("laid", "queue", "asking", "discard", "scores", "done", "farewell"):
            state[key] = list(state[key])
        # last_show and the records in farewell are replaced whole, never changed in place

    # -- words ---------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        me = self.players[seat]
        kind = move.kind
        if kind not in ("play", "stop", "let", "buffet", "decline"):
            return (f"Caribbean Star has no {shorten(kind)} move: players lay a card face down, stop a card with "
                    "an Ace or let it be, and choose at a Dinner Buffet.")
        waiting = " and ".join(self.players[s] for s in self.to_act())
        if kind in ("stop", "let", "decline") and move.args:
            return f"{_capital(kind)} takes nothing more: Move({kind!r})."
        if kind in ("play", "buffet"):
            if len(move.args) != 1 or type(move.args[0]) is not str:
                return f"A {kind} names one card by its code (as 9S or 10H)."
            try:
                c = card(move.args[0])
            except ValueError:
                return f"{shorten(move.args[0])} is not a card: name one by its rank and suit, as 9S or 10H."
            if c.joker or c.deck != 1:
                return "This game plays with one deck of 52 cards, without jokers."
        if kind == "play":
            if self.phase != PLAY:
                return f"The cards of turn {self.turn} are revealed: waiting for {waiting}."
            if self.laid[seat] is not None:
                return f"{me} has already laid a card this turn; waiting for {waiting}."
            if c.rank == 14:
                return "An Ace is never laid: it stops a revealed card just before it takes effect."
            if c in self.hands[seat] and move.args[0] != c.code:
                return f"Name {c.name} by its code, {c.code}."
            return f"{_capital(c.name)} is not in {me}'s hand."
        if kind in ("stop", "let"):
            if self.phase != ASK:
                return "Nothing is about to take effect: a card is stopped or let be once the cards are revealed."
            if self.asking[0] != seat:
                return f"Waiting for {waiting} to answer."
            return f"{me} holds no Ace to stop {self.queue[0][1].name} with."
        # buffet, decline
        if self.phase != BUFFET:
            return "There is no Dinner Buffet now: an Eight brings one when it takes effect."
        if self.buffet_seat != seat:
            return f"The Dinner Buffet is {waiting}'s: only the owner of the Eight's colour chooses."
        if kind == "buffet":
            if c in self.piles[seat] and not is_trick(c):
                return f"{_capital(c.name)} is not a Magic Trick: only a 10 or a face card is performed at the buffet."
            if c in self.piles[seat]:
                return f"Name {c.name} by its code, {c.code}."
            return f"{_capital(c.name)} is not in {me}'s Practice pile."
        return f"{kind} is not a move {me} can make now."

    def describe_move(self, move: Move) -> str:
        if move.kind in ("play", "buffet") and len(move.args) == 1:
            try:
                c = card(move.args[0])
            except ValueError:
                return str(move)
            if move.kind == "play":
                return f"Lay {_short(c)} ({function(c)}, {COLOURS[owner(c)]})"
            return f"Buffet: perform {_short(c)} for {TRICK_POINTS.get(c.rank, 0) // 2}"
        if move.kind in ("stop", "let") and self.phase == ASK and self.queue:
            c = self.queue[0][1]
            return f"Stop {_short(c)} with an Ace" if move.kind == "stop" else f"Let {_short(c)} be"
        if move.kind == "decline":
            return "Skip the Dinner Buffet"
        return str(move)


def _short(c: Card) -> str:
    return c.name.removeprefix("the ")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
