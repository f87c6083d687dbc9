"""The Syndicate: three secret masters with the basic Decktet; one hatches a plot, two try to foil it.

Setup: the first mastermind is drawn by lot (or is the first seat, by option); play goes to the left,
which is the next seat (seat 0, 1, 2, 0 ...). The 36-card deck is shuffled; the first player is dealt
five cards, the next four and the third three; the rest is the draw pile.

A plot (a turn): the mastermind (after the first plot) draws up to five cards, leads one face up and
may add one face down. The enforcer on the mastermind's left, then the other, each play one card face
up, following the lead when they can: a card sharing a mark with a marked lead, or of the Ace's suit
after an Ace. Then the face-down card is revealed. Only cards that follow the lead count; the totals
decide: the enforcers' higher, the plot is foiled and each enforcer scores one point; the mastermind's
higher, the plot succeeds for two points (one if a card was played face down); equal, nobody scores.
The played cards go to the discard pile; whenever the draw pile runs out, the discards are shuffled
into a new one. The first player to 12 points wins; a twelfth point reached by two at once plays on
until one score stands alone at the top. The mastermind role passes to the left.

Moves (cards are named by their names, as in `components.decktet`):

  lead NAME          the mastermind leads a card face up (`Move("lead", ("the Castle",))`)
  face_down NAME     the mastermind adds a second card face down
  no_face_down       the mastermind plays no second card (the plot is worth two points)
  play NAME          the enforcer to act plays a card face up

The view (`view(seat)`; None for the table): players, viewer, first, mastermind, enforcers (the
enforcer on the mastermind's left first), phase ("lead", "face_down", "follow", "over"), to_act, plot
(its number), target, scores, hand (the viewer's own card names, in order; [] for the table),
hand_counts, pile (a count), discard (the discarded cards, face up, oldest first), table (this plot:
{lead, face_down (played: bool), face_down_card (the name, for its owner, else None), declined (the
mastermind chose no face-down card), plays: [[seat, name], ...], counting (the cards the viewer sees
that count), totals ([the mastermind's, the enforcers'] of those), unknown (a face-down card the viewer
has not seen)}), follow (what follows the lead: {kind "marks" or "suit", marks, suit, words} or None),
playable (the cards the viewer may play now), can_follow (the viewer is the enforcer to play and holds
a card that follows), last_plot (the plot just settled, its face-down card face up, or None), voids
(per seat, the marks and suits that seat showed it lacks since it last drew), overtime (the target was
reached by a tie), stats (per seat: plots, succeeded, foiled, tied, points as mastermind and as
enforcer), over, result, winners.

Rulings (see the rules help): the seed lost its mark icons; `counts` is our reading of them (a card of
two marks follows and counts for either; an Ace never follows a marked lead; Crowns count 10; the same
order of play after an Ace lead). The draw pile is rebuilt the moment it runs out. The face-down card
is always revealed, and makes the plot worth one point whether or not it counts.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, TypedDict

from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.components.decktet import BASIC_DECK, Card, describe, mark_words
from tabletop_tui.rules.engine import EVERYONE, Event, Game, Move, Option, Outcome, Place, View, rank_standings
from tabletop_tui.rules.words import listing, plural, shorten

HAND = 5  # the mastermind draws up to this
DEAL = (5, 4, 3)  # the first player, the next on the left, the third
TARGET = 12

LEAD, FACE_DOWN, FOLLOW, OVER = "lead", "face_down", "follow", "over"
NO_FACE_DOWN = Move("no_face_down")
_KINDS = ("lead", "face_down", "no_face_down", "play")
ALL_NAMES = frozenset(c.name for c in BASIC_DECK)
_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def card(name: str) -> Card:
    """The basic-deck card of that name; ValueError for anything else."""
    if not isinstance(name, str) or name not in ALL_NAMES:
        raise ValueError(f"{shorten(name)} is not a card of the basic Decktet")
    return decktet.card(name)


def value(c: Card) -> int:
    """What a card adds to a total: an Ace 1, a number its number, a Crown 10."""
    rank = c.rank
    assert isinstance(rank, int), "the basic deck has no Pawns, Courts nor Excuse"
    return rank


def counts(c: Card, lead: Card) -> bool:
    """Whether `c` follows `lead`, and so counts in the plot: a card sharing a mark with a marked
    lead (an Ace, with no mark, never does), or a card of the Ace's suit after an Ace."""
    if lead.is_ace:
        return lead.suits[0] in c.suits
    return c.shares_mark(lead)


def follow_words(lead: Card, article: bool = True) -> str:
    """What follows the lead: "a location", "a location or an event", "a Moons card" (without the
    article: "location", "location or event", "Moons card")."""
    if lead.is_ace:
        return f"a {lead.suits[0]} card" if article else f"{lead.suits[0]} card"
    return mark_words(lead.marks, article=article)


def totals(lead: Card, face_down: Card | None, plays: list[Card]) -> tuple[int, int]:
    """(the mastermind's total, the enforcers' total): the cards that follow the lead, the lead too."""
    mine = value(lead) + (value(face_down) if face_down is not None and counts(face_down, lead) else 0)
    theirs = sum(value(c) for c in plays if counts(c, lead))
    return mine, theirs


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=decktet.order)


def names(cards: Iterable[Card]) -> list[str]:
    return [c.name for c in cards]


def _short(c: Card) -> str:
    """The card's name in a sentence: "the Castle", "the Ace of Moons"."""
    return "the " + c.name if c.is_ace else c.name


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class LastPlot(TypedDict):
    """The plot just settled, as the table saw it (its face-down card face up)."""

    plot: int
    mastermind: int
    lead: str
    face_down: str | None
    plays: list[list[int | str]]  # [seat, card name], in order
    counting: list[str]
    totals: list[int]  # [the mastermind's, the enforcers']
    result: str  # "succeeded", "foiled" or "tied"
    points: list[int]


class PlotTable(TypedDict):
    """This plot on the table, as the viewer sees it."""

    lead: str | None
    face_down: bool  # a card was played face down
    face_down_card: str | None  # its name, for its owner alone
    declined: bool  # the mastermind chose no face-down card
    plays: list[list[int | str]]
    counting: list[str]  # the cards the viewer sees that count
    totals: list[int]  # [the mastermind's, the enforcers'] of those
    unknown: bool  # a face-down card the viewer has not seen


class Follow(TypedDict):
    """What follows the lead."""

    kind: str  # "marks" or "suit"
    marks: str
    suit: str | None
    words: str


class TheSyndicateView(View):
    first: int
    mastermind: int
    enforcers: list[int]
    phase: str
    plot: int
    target: int
    scores: list[int]
    hand: list[str]
    hand_counts: list[int]
    pile: int
    discard: list[str]
    table: PlotTable
    follow: Follow | None
    playable: list[str]
    can_follow: bool
    last_plot: LastPlot | None
    voids: list[list[str]]
    overtime: bool
    stats: list[list[int]]


class TheSyndicate(Game):
    id = "the-syndicate"
    title = "The Syndicate"
    score_label = "Points"
    min_players = 3
    max_players = 3
    rules_version = 1
    hidden_information = True
    # the plot just settled, as the table saw it: when the draw pile runs out right after it, its cards
    # are shuffled into the new pile at once, while the table still shows the plot
    view_past = ("last_plot",)
    chance = "a card drawn, played face up or revealed"
    length_unit = "plots"
    #: A game lasts some twenty plots of four moves; the shared twelfth point could in principle go
    #: on and on, so simulations stop far beyond any real game.
    move_limit = 4000
    OPTIONS = (
        Option("first", "First mastermind", "choice", "lot",
               help="Who hatches the first plot (and is dealt five cards): drawn by lot, or the first seat. "
                    "Play then goes to the left, in seat order.",
               choices=(("lot", "by lot"), ("seat", "seat 1"))),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        self.first = self.rng.below(3) if self.options["first"] == "lot" else 0
        self.mastermind = self.first
        self.pile: list[Card] = list(BASIC_DECK)
        self.rng.shuffle(self.pile)  # drawn from the end
        self.discard: list[Card] = []
        self.hands: list[list[Card]] = [[], [], []]
        self.scores = [0, 0, 0]
        self.phase = LEAD
        self.plot = 1
        self.lead: Card | None = None
        self.face_down: Card | None = None
        self.declined = False  # the mastermind chose to play no face-down card
        self.plays: list[tuple[int, Card]] = []  # the enforcers' cards, in order
        self.voids: list[set[str]] = [set(), set(), set()]
        self.last_plot: LastPlot | None = None
        self.overtime = False
        #: per seat: [plots led, succeeded, foiled, tied, points as mastermind, points as enforcer]
        self.stats = [[0] * 6 for _ in range(3)]
        self._outcome: Outcome | None = None
        for i, n in enumerate(DEAL):
            seat = (self.first + i) % 3
            self.hands[seat] = sorted_cards(self.pile.pop() for _ in range(n))
        p = self.players
        order = [(self.first + i) % 3 for i in range(3)]
        how = "is drawn by lot to be" if self.options["first"] == "lot" else "sits first and is"
        self.log.append(self.say(
            f"{p[self.first]} {how} the first mastermind. The 36 cards are shuffled: {p[order[0]]} is dealt five, "
            f"{p[order[1]]} four and {p[order[2]]} three; {len(self.pile)} cards form the draw pile.",
            "deal", self.first, first=self.first))
        for seat in range(3):
            self.log.append(self.tell(seat, f"You are dealt {listing(_short(c) for c in self.hands[seat])}.",
                                      kind="deal", seat=seat))
        self.log.append(self._plot_begins())

    # -- helpers --------------------------------------------------------------------------------

    def left_of(self, seat: int) -> int:
        return (seat + 1) % 3

    @property
    def enforcers(self) -> list[int]:
        """The enforcer on the mastermind's left (who plays first), then the other."""
        left = self.left_of(self.mastermind)
        return [left, self.left_of(left)]

    def enforcer_to_play(self) -> int | None:
        if self.phase != FOLLOW:
            return None
        return self.enforcers[len(self.plays)]

    def followers(self, seat: int) -> list[Card]:
        """The cards of `seat`'s hand that follow this plot's lead."""
        lead = self.lead
        return [c for c in self.hands[seat] if counts(c, lead)] if lead is not None else []

    def _plot_begins(self) -> Event:
        p = self.players
        left, other = self.enforcers
        return self.say(f"Plot {self.plot}: {p[self.mastermind]} is the mastermind; {p[left]} (on the left) and "
                        f"{p[other]} are the enforcers.", "plot", self.mastermind, plot=self.plot)

    # -- the contract ---------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.phase in (LEAD, FACE_DOWN):
            return [self.mastermind]
        if self.phase == FOLLOW:
            return [self.enforcers[len(self.plays)]]
        return []

    def legal_moves(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == LEAD and seat == self.mastermind:
            return [Move("lead", (c.name,)) for c in self.hands[seat]]
        if phase == FACE_DOWN and seat == self.mastermind:
            return [Move("face_down", (c.name,)) for c in self.hands[seat]] + [NO_FACE_DOWN]
        if phase == FOLLOW and seat == self.enforcer_to_play():
            cards = self.followers(seat) or self.hands[seat]
            return [Move("play", (c.name,)) for c in cards]
        return []

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _apply(self, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        p = self.players
        name = p[seat]
        if kind == "lead":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            self.lead = c
            self.phase = FACE_DOWN
            return [self.say(f"{name} leads {describe(c)}: the enforcers must follow with {follow_words(c)} "
                             "if they can.", "lead", seat, card=c.name)]
        if kind == "face_down":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            self.face_down = c
            self.phase = FOLLOW
            return [self.tell(seat, f"You add {_short(c)} face down: a success now scores one point.",
                              public=f"{name} adds a second card face down: a success now scores one point.",
                              kind="face_down", seat=seat, card=c.name)]
        if kind == "no_face_down":
            self.declined = True
            self.phase = FOLLOW
            return [self.say(f"{name} plays no card face down: the plot is worth two points.", "alone", seat)]
        # play: an enforcer
        c = card(move.args[0])
        lead = self.lead
        assert lead is not None  # an enforcer plays after the lead
        followed = counts(c, lead)
        if not followed:
            self.voids[seat].update(lead.suits[:1] if lead.is_ace else lead.marks)
        self.hands[seat].remove(c)
        self.plays.append((seat, c))
        if followed:
            text = f"{name} plays {describe(c)}."
        else:
            text = f"{name} has no {follow_words(lead, False)} and plays {describe(c)}, which does not count."
        events = [self.say(text, "play", seat, card=c.name, counts=followed)]
        if len(self.plays) == 2:
            self._settle(events)
        return events

    def _settle(self, events: list[Event]) -> None:
        """Both enforcers have played: the face-down card turns up and the totals decide the plot."""
        p = self.players
        mm = self.mastermind
        lead, hidden = self.lead, self.face_down
        assert lead is not None
        plays = [c for _, c in self.plays]
        if hidden is not None:
            verdict = "and counts" if counts(hidden, lead) else "which does not count"
            events.append(self.say(f"{p[mm]} reveals the face-down card: {describe(hidden)}, {verdict}.",
                                   "reveal", mm, card=hidden.name, counts=counts(hidden, lead)))
        mine, theirs = totals(lead, hidden, plays)
        stats = self.stats[mm]
        stats[0] += 1
        points = [0, 0, 0]
        mine_sum = " + ".join(str(value(c)) for c in [lead, hidden] if c is not None and counts(c, lead))
        theirs_sum = " + ".join(str(value(c)) for c in plays if counts(c, lead)) or "0"
        if mine_sum.count("+"):
            mine_sum += f" = {mine}"
        if theirs_sum.count("+"):
            theirs_sum += f" = {theirs}"
        head = f"{p[mm]}'s plot: {mine_sum} against the enforcers' {theirs_sum}"
        if mine > theirs:
            result = "succeeded"
            gain = 1 if hidden is not None else 2
            points[mm] = gain
            stats[1] += 1
            stats[4] += gain
            events.append(self.say(f"{head}. The plot succeeds: {p[mm]} scores {_WORDS[gain]} "
                                   f"{'point' if gain == 1 else 'points'}.",
                                   "success", mm, points=points))
        elif theirs > mine:
            result = "foiled"
            left, other = self.enforcers
            for s in (left, other):
                points[s] = 1
                self.stats[s][5] += 1
            stats[2] += 1
            events.append(self.say(f"{head}. The plot is foiled: {p[left]} and {p[other]} score a point each.",
                                   "foiled", mm, points=points))
        else:
            result = "tied"
            stats[3] += 1
            events.append(self.say(f"{head}. The totals are equal: nobody scores.", "tied", mm, points=points))
        for s in range(3):
            self.scores[s] += points[s]
        self.last_plot = {
            "plot": self.plot, "mastermind": mm, "lead": lead.name,
            "face_down": hidden.name if hidden is not None else None,
            "plays": [[s, c.name] for s, c in self.plays],
            "counting": [c.name for c in [lead, hidden, *plays] if c is not None and counts(c, lead)],
            "totals": [mine, theirs], "result": result, "points": points,
        }
        self.discard.extend(c for c in [lead, hidden, *plays] if c is not None)
        self.lead = self.face_down = None
        self.declined = False
        self.plays = []
        if self._check_end(events, points):
            return
        self.mastermind = self.left_of(mm)
        self.plot += 1
        self.phase = LEAD
        self.voids[self.mastermind] = set()
        events.append(self._plot_begins())
        self._draw_up(events)

    def _check_end(self, events: list[Event], points: list[int]) -> bool:
        p = self.players
        top = max(self.scores)
        leaders = [s for s in range(3) if self.scores[s] == top]
        if top < TARGET:
            return False
        if len(leaders) > 1:
            if not self.overtime:
                self.overtime = True
                events.append(self.say(
                    f"{listing(p[s] for s in leaders)} reach {top} points together: the game goes on until one "
                    "player alone has the highest score.", "overtime", None, leaders=leaders))
            else:
                events.append(self.say(f"{listing(p[s] for s in leaders)} share the highest score, {top}: "
                                       "the game goes on.", "overtime", None, leaders=leaders))
            return False
        w = leaders[0]
        self.phase = OVER
        others = [s for s in range(3) if s != w]
        others.sort(key=lambda s: -self.scores[s])
        summary = (f"{p[w]} wins with {plural(top, 'point')} ("
                   + ", ".join(f"{p[s]} {self.scores[s]}" for s in others) + ").")
        if self.overtime:
            summary = summary[:-1] + ", after a shared twelfth point."
        details = []
        for s in range(3):
            led, won, foiled, tied, as_mm, as_enf = self.stats[s]
            details.append(f"{won} of {led} own plots succeeded")
        standings = rank_standings(list(p), [(self.scores[s],) for s in range(3)], list(self.scores), details)
        ties = [st for st in standings if st.place != 1 and sum(1 for o in standings if o.place == st.place) > 1]
        tiebreaks = "Equal scores behind the winner share a place." if ties else ""
        self._outcome = Outcome(standings, summary, tiebreaks)
        events.append(self.say(summary, "over", w, winners=[w]))
        return True

    def _draw_up(self, events: list[Event]) -> None:
        """The new mastermind draws up to five cards; a draw pile used up is rebuilt from the discards
        at once."""
        seat = self.mastermind
        drawn: list[Card] = []
        while len(self.hands[seat]) + len(drawn) < HAND and self.pile:
            drawn.append(self.pile.pop())
            if not self.pile:
                self._rebuild(events, drawn, seat)
        if not drawn:
            return
        self.hands[seat] = sorted_cards(self.hands[seat] + drawn)
        name = self.players[seat]
        n = len(drawn)
        short = "" if len(self.hands[seat]) == HAND else " (all there were)"
        events.append(self.tell(seat, f"You draw {listing(_short(c) for c in drawn)}{short}.",
                                public=f"{name} draws {_WORDS[n] if n < len(_WORDS) else n} "
                                f"{'card' if n == 1 else 'cards'}{short}.",
                                kind="draw", seat=seat, count=n, cards=names(drawn)))

    def _rebuild(self, events: list[Event], drawn: list[Card], seat: int) -> None:
        if not self.discard:
            return
        self.pile, self.discard = self.discard, []
        self.rng.shuffle(self.pile)
        events.append(self.say(f"The draw pile is used up: the {len(self.pile)} discarded cards are shuffled "
                               "into a new draw pile.", "reshuffle", seat, count=len(self.pile)))

    # -- what a seat sees -----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> TheSyndicateView:
        me = seat if seat in (0, 1, 2) else None
        lead = self.lead
        hidden = self.face_down
        mine = hidden is not None and me == self.mastermind
        counting: list[str] = []
        table_totals = [0, 0]
        unknown = False
        follow: Follow | None = None
        if lead is not None:  # the totals so far, of the cards this viewer sees
            seen_down = hidden if mine else None
            plays = [c for _, c in self.plays]
            counting = [c.name for c in [lead, seen_down, *plays] if c is not None and counts(c, lead)]
            table_totals = list(totals(lead, seen_down, plays))
            unknown = hidden is not None and seen_down is None  # a face-down card still to come
            follow = {"kind": "suit" if lead.is_ace else "marks", "marks": lead.marks,
                      "suit": lead.suits[0] if lead.is_ace else None, "words": follow_words(lead)}
        table: PlotTable = {
            "lead": lead.name if lead is not None else None,
            "face_down": hidden is not None,
            "face_down_card": hidden.name if hidden is not None and mine else None,
            "declined": self.declined,
            "plays": [[s, c.name] for s, c in self.plays],
            "counting": counting,
            "totals": table_totals,
            "unknown": unknown,
        }
        playable: list[str] = []
        if me is not None:
            for m in self.legal_moves(me):
                if m.args:
                    playable.append(m.args[0])
        last = self.last_plot
        last_plot: LastPlot | None = None
        if last is not None:
            last_plot = {**last, "plays": [list(x) for x in last["plays"]], "counting": list(last["counting"]),
                         "totals": list(last["totals"]), "points": list(last["points"])}
        return {
            "first": self.first,
            "mastermind": self.mastermind,
            "enforcers": self.enforcers,
            "phase": self.phase,
            "plot": self.plot,
            "target": TARGET,
            "scores": list(self.scores),
            "hand": names(self.hands[me]) if me is not None else [],
            "hand_counts": [len(h) for h in self.hands],
            "pile": len(self.pile),
            "discard": names(self.discard),
            "table": table,
            "follow": follow,
            "playable": playable,
            "can_follow": me is not None and me == self.enforcer_to_play() and bool(self.followers(me)),
            "last_plot": last_plot,
            "voids": [sorted(v, key=lambda x: (len(x) > 1, x)) for v in self.voids],
            "overtime": self.overtime,
            "stats": [list(s) for s in self.stats],
        }

    def places(self) -> Iterator[Place]:
        """Each hand is its owner's; the draw pile nobody's; the discards and this plot's cards face up
        everyone's; the face-down card the mastermind's who laid it. A card once face up is hidden
        again when the discards are shuffled into a new draw pile (the pile is nobody's)."""
        for s, hand in enumerate(self.hands):
            yield Place(hand, (s,))
        yield Place(self.pile)
        yield Place(self.discard, EVERYONE)
        face_up = [c for _, c in self.plays]
        if self.lead is not None:
            face_up.append(self.lead)
        yield Place(face_up, EVERYONE)
        if self.face_down is not None:
            yield Place((self.face_down,), (self.mastermind,))

    def length(self) -> int:
        """Plots settled (the one under way counts once it is settled)."""
        return sum(s[0] for s in self.stats)

    # -- words ----------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        p = self.players
        kind, args = move.kind, move.args
        if kind not in _KINDS:
            return (f"The Syndicate has no {shorten(kind)} move: the mastermind leads a card and may add one "
                    "face down, then each enforcer plays a card.")
        phase = self.phase
        mm = self.mastermind
        if seat != mm and kind in ("lead", "face_down", "no_face_down"):
            return f"Only the mastermind, {p[mm]}, leads and plays face down; {p[seat]} is an enforcer this plot."
        if kind == "play" and seat == mm:
            return f"{p[mm]} is the mastermind this plot: the enforcers play, the mastermind leads."
        waiting = self.not_your_turn(seat)
        if waiting:
            return waiting
        if kind == "lead" and phase != LEAD and self.lead is not None:
            return (f"You have led {_short(self.lead)} already: add a card face down or play none "
                    "(undo takes the lead back).")
        if kind in ("face_down", "no_face_down") and phase == LEAD:
            return "Lead a card face up first; then you may add one face down."
        if kind == "no_face_down":  # only refused above
            return "You may play no face-down card only right after your lead."
        name = args[0] if len(args) == 1 else None
        if not isinstance(name, str):
            return "Name the card by its name, as \"the Castle\" or \"Ace of Moons\"."
        try:
            c = card(name)
        except ValueError:
            return f"{shorten(name)} is not a card of the basic Decktet (name one as \"the Castle\" or \"Ace of Moons\")."
        if c not in self.hands[seat]:
            return f"You do not hold {_short(c)}."
        if kind == "play" and self.lead is not None:
            follow = self.followers(seat)
            return (f"You must follow with {follow_words(self.lead)} while you hold one: "
                    f"{listing((_short(f) for f in follow), 'or')}.")
        return f"{_short(c)} cannot be played now."

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        if kind == "no_face_down":
            return "No face-down card"
        arg = args[0] if len(args) == 1 else None
        if not isinstance(arg, str):
            return str(move)
        try:
            c = card(arg)
        except ValueError:
            return str(move)
        label = c.name.removeprefix("the ")
        if kind == "lead":
            return f"Lead {label}"
        if kind == "face_down":
            return f"Face down: {label}"
        if kind == "play":
            return f"Play {label}"
        return str(move)

    # -- copy -----------------------------------------------------------------------------------

    def _copy_state(self, state: dict[str, object]) -> None:
        state["pile"] = list(self.pile)
        state["discard"] = list(self.discard)
        state["hands"] = [list(h) for h in self.hands]
        state["scores"] = list(self.scores)
        state["plays"] = list(self.plays)
        state["voids"] = [set(v) for v in self.voids]
        state["stats"] = [list(s) for s in self.stats]
