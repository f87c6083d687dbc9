"""Short Bus to Paradise: rival taxi companies load tourists (coloured stones) from the cruise ship's dock.

A deck of the 2s to 10s (36 cards) is shuffled and each player is dealt three: each card is an empty cab
of that many seats. A bag holds between 100 and 200 stones in five to ten colours; how many of each
colour, and which colours, nobody knows (drawn from the game's seed). The pot (the dock) starts with a
roll of two dice of stones from the bag, sorted into groups by colour. Who goes first is drawn.

A turn, in order:

1. Add: if stones were taken from the pot during the last turn, two dice are rolled and that many
   stones come out of the bag into the pot (done for the first turn by the setup). A group of 11 or
   more is bussed away by the cruise line at once (out of the game).
2. Play: at most one card from hand, face up, as an empty cab on the player's dock.
3. Load: whole groups of the pot into the player's own cabs, one colour to a cab, only where the whole
   group fits. A cab filled to capacity leaves at once and is scored at the end. Steal: the group
   waiting in a half-full cab (anyone's, the player's own too) together with every stone of its colour
   in the pot (at least one) into another of the player's cabs, one cab stolen from per steal.
4. Draw: one card, only on a turn with no cab played and nothing loaded; it ends the turn. Or Done.

The end: an add that the bag cannot give in full, or the last card drawn; everyone, the one who caused
it too, takes one more turn after this one. Then each colour is worth by how common it is across all
the score piles (the full cabs that left): the most common 1 a stone, the next 2 ...; a tie shares its
value and the next colour jumps on (1, 2, 2, 4).

Moves:
  Move("play", ("7H",))      the card as an empty cab
  Move("group", ("red",))    choose a group of the pot to load ...
  Move("steal", ("5C",))     ... or a half-full cab on any dock to steal from ...
  Move("into", ("8D",))      ... then the player's own cab it goes into
  Move("cancel")             drop the group or cab chosen
  Move("draw")               draw a card (ends the turn)
  Move("done")               end the turn

The view (`ShortBusView`, besides the engine's common fields): turn (the seat whose turn it is), first
(the seat that took the first turn), pot (the groups: colour and count, in the palette's order), bag
(how many stones are left in it: never their colours), deck (a count), hand (the viewer's cards; None
for the table), hands (how many cards each seat holds), docks (per seat, the cabs waiting: card,
seats, colour, load), gone (per seat, the full cabs that left: card, colour, load), piles (per seat,
stones per colour in the full cabs), bussed (stones per colour bussed away), seen (the colours seen so
far, in the palette's order), values (what a stone of each colour scored so far is worth now), points
(each seat's score as the piles stand), played (the card played this turn, or None), loaded (whether
stones were loaded this turn), took (whether stones were taken from the pot this turn), chosen (the
group or cab chosen: {"kind": "group" | "steal", "colour", "count", "card"} or None), roll (the last
add's dice, or []), last_turns (turns still to come after this one once the end has begun, else None),
ending (why the end began: "bag", "deck" or ""), tie and bus (the options).

What is hidden (`places`): the deck from everyone, a hand from all but its owner, and the bag's mix, a
`Secret` nobody sees (its name changes with each draw from it, a new bag as far as anyone can tell);
the pot, the cabs, the score piles and the bussed stones are face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, TypedDict

from tabletop_tui.rules.components.cards import SUITS, Card, card
from tabletop_tui.rules.engine import (EVERYONE, Event, Game, IllegalMove, Move, Option, Outcome, Place, Secret,
                                       View, rank_standings)
from tabletop_tui.rules.words import listing, plural, shorten

#: the colours a bag may hold, each with the letter that tells it without colour
COLOURS = ("red", "orange", "yellow", "lime", "green", "teal", "blue", "violet", "pink", "white")
LETTERS = {"red": "R", "orange": "O", "yellow": "Y", "lime": "L", "green": "G", "teal": "T", "blue": "B",
           "violet": "V", "pink": "P", "white": "W"}
HAND = 3
BUS = 11  # a group of this many or more is bussed away
BAG_MIN, BAG_MAX = 100, 200
COLOURS_MIN, COLOURS_MAX = 5, 10
#: other bags the leak test and a searching computer's samples may put in the real one's place
ALTERNATIVE_BAGS = 3
DECK = tuple(card(f"{r}{s}") for r in range(2, 11) for s in SUITS)
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
KINDS = ("play", "group", "steal", "into", "cancel", "draw", "done")
DRAW, DONE, CANCEL = Move("draw"), Move("done"), Move("cancel")


def short(c: Card) -> str:
    """"7♥"."""
    return f"{c.rank}{SUIT_SYMBOLS[c.suit]}"


def colour_word(colour: str, count: int) -> str:
    """"3 red"."""
    return f"{count} {colour}"


def make_bag(rng: Any) -> tuple[int, ...]:
    """A bag as the setup makes one: 100-200 stones of five to ten colours (indices into COLOURS),
    each colour at least one stone and weighted at random, in the order they come out (the last
    first)."""
    total = rng.randint(BAG_MIN, BAG_MAX)
    k = rng.randint(COLOURS_MIN, COLOURS_MAX)
    palette = list(range(len(COLOURS)))
    rng.shuffle(palette)
    chosen = palette[:k]
    weights = [rng.randint(1, 8) for _ in chosen]
    stones = list(chosen)  # one of each
    whole = sum(weights)
    for _ in range(total - k):
        x = rng.below(whole)
        for colour, w in zip(chosen, weights):
            if x < w:
                stones.append(colour)
                break
            x -= w
    rng.shuffle(stones)
    return tuple(stones)


def values_of(counts: dict[str, int]) -> dict[str, int]:
    """What a stone of each colour is worth, from how many of each lie in all the score piles: the most
    common 1, the next 2 ...; equal counts share a value and the next jumps on (1, 2, 2, 4)."""
    present = {c: n for c, n in counts.items() if n > 0}
    return {c: 1 + sum(1 for m in present.values() if m > n) for c, n in present.items()}


@dataclass(slots=True)
class Cab:
    """A cab on a dock: its card (the seats are its rank), the colour it carries (None: empty) and how
    many stones are in it."""

    card: Card
    colour: str | None = None
    load: int = 0

    @property
    def seats(self) -> int:
        return self.card.rank

    def copy(self) -> "Cab":
        return Cab(self.card, self.colour, self.load)


class CabView(TypedDict):
    card: str
    seats: int
    colour: str | None
    load: int


class GroupView(TypedDict):
    colour: str
    count: int


class ChosenView(TypedDict):
    kind: str
    colour: str
    count: int
    card: str | None


class ShortBusView(View, total=False):
    """The game's own fields of a view (see the module's docstring)."""

    turn: int
    first: int
    pot: list[GroupView]
    bag: int
    deck: int
    hand: list[str] | None
    hands: list[int]
    docks: list[list[CabView]]
    gone: list[list[CabView]]
    piles: list[dict[str, int]]
    bussed: dict[str, int]
    seen: list[str]
    values: dict[str, int]
    points: list[int]
    played: str | None
    loaded: bool
    took: bool
    chosen: ChosenView | None
    roll: list[int]
    last_turns: int | None
    ending: str
    tie: str
    bus: str


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class ShortBusToParadise(Game):
    id = "short-bus-to-paradise"
    title = "Short Bus to Paradise"
    score_label = "Points"
    min_players = 3
    max_players = 6
    rules_version = 1
    hidden_information = True
    chance = "a roll of the dice or a card"
    length_unit = "turns"
    move_limit = 4_000
    open_forced_moves = frozenset({"done"})
    OPTIONS = (
        Option("tie", "A tie for first place", "choice", "share",
               help="Players with equal points share their place (a draw for first), or the one who carried "
                    "more tourists (stones in full cabs) is ahead.",
               choices=(("share", "shared"), ("stones", "more stones carried")),),
        Option("bus", "The bus takes stones", "choice", "kept",
               help="Yes: a group bussed away counts as stones taken from the pot, and the next player adds.",
               choices=(("kept", "no"), ("taken", "yes")),),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        n = len(self.players)
        self.deck: list[Card] = list(DECK)
        self.rng.shuffle(self.deck)
        self.hands: list[list[Card]] = [[self.deck.pop() for _ in range(HAND)] for _ in range(n)]
        real = make_bag(self.rng)
        others = []
        for _ in range(ALTERNATIVE_BAGS):
            other = make_bag(self.rng)
            # the same number of stones as the real bag (that is no secret): cut or padded
            other = (other * 2)[: len(real)] if len(other) < len(real) else other[: len(real)]
            others.append(other)
        self.total = len(real)
        self.drawn = 0  # stones drawn from the bag so far (names the bag's Secret)
        self.bag = Secret("bag-0", real, tuple(others))
        self.pot: dict[str, int] = {}
        self.docks: list[list[Cab]] = [[] for _ in range(n)]
        self.gone: list[list[Cab]] = [[] for _ in range(n)]
        self.bussed: dict[str, int] = {}
        self.seen: set[str] = set()
        self.first = self.rng.below(n)
        self.turn = self.first
        self.turns = 1
        self.played: Card | None = None
        self.loaded = False
        self.took = False
        self.chosen: tuple[str, str] | None = None  # ("group", colour) or ("steal", card code)
        self.roll: list[int] = []
        self.last_turns: int | None = None
        self.ending = ""
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            f"{listing(self.players)} play Short Bus to Paradise. The bag holds {self.total} stones in colours "
            "and numbers nobody knows.", "setup", bag=self.total))
        for s in range(n):
            self.log.append(self.tell(s, f"{self.players[s]} is dealt {self._names(self.hands[s])}.", kind="deal",
                                      seat=s, cards=[c.code for c in self.hands[s]]))
        self.log.append(self.say(f"Each player is dealt {plural(HAND, 'card')}.", "deal"))
        self._add(self.log, setup=True)
        self.log.append(self.say(f"{self.players[self.first]} goes first.", "turn", self.first))

    # -- helpers --------------------------------------------------------------------------------------------

    @staticmethod
    def _names(cards_: list[Card]) -> str:
        return listing([c.name for c in sorted(cards_, key=lambda c: c.order)]) or "nothing"

    def _cab_name(self, owner: int, cab: Cab) -> str:
        """"Bo's 8-seat cab (8♥)"."""
        return f"{self.players[owner]}'s {cab.seats}-seat cab ({short(cab.card)})"

    def find_cab(self, code: Any) -> tuple[int, Cab] | None:
        """The owner and the cab on a dock of this card code, or None."""
        for s, dock in enumerate(self.docks):
            for cab in dock:
                if cab.card.code == code:
                    return s, cab
        return None

    def groups_text(self) -> str:
        if not self.pot:
            return "empty"
        return ", ".join(colour_word(c, self.pot[c]) for c in COLOURS if c in self.pot)

    def _add(self, events: list[Event], setup: bool = False) -> None:
        """Roll two dice and add that many stones from the bag to the pot (the game's end begins when the
        bag cannot give them all); bus away any group of 11 or more."""
        who = "The setup" if setup else self.players[self.turn]
        stones = self.bag.value
        if not stones:
            self.roll = []
            text = f"{who} would add stones, but the bag is empty."
            if self.last_turns is None:
                text += " The game is almost over: everyone, " + (
                    "" if setup else f"{who} too, ") + "takes one more turn after this one."
                self._begin_end("bag")
            events.append(self.say(text, "add", self.turn))
            return
        dice = self.rng.dice(2)
        self.roll = dice
        want = sum(dice)
        got = min(want, len(stones))
        out = stones[len(stones) - got:]
        self.drawn += got
        rest = stones[: len(stones) - got]
        self.bag = Secret(f"bag-{self.drawn}", rest, tuple(c[: len(c) - got] for c in self.bag.choices))
        counts: dict[str, int] = {}
        for i in out:
            counts[COLOURS[i]] = counts.get(COLOURS[i], 0) + 1
        for colour, k in counts.items():
            self.pot[colour] = self.pot.get(colour, 0) + k
            self.seen.add(colour)
        drawn = ", ".join(colour_word(c, counts[c]) for c in COLOURS if c in counts)
        text = f"{who} rolls {dice[0]} and {dice[1]}: {plural(got, 'stone')} from the bag ({drawn})."
        if got < want:
            text += f" The bag held only {got}"
            if self.last_turns is None:
                text += ": the game is almost over, everyone" + ("" if setup else f", {who} too,") + \
                        " takes one more turn after this one"
                self._begin_end("bag")
            text += "."
        text += f" The pot: {self.groups_text()}."
        events.append(self.say(text, "add", None if setup else self.turn, dice=list(dice), stones=counts))
        for colour in COLOURS:
            k = self.pot.get(colour, 0)
            if k >= BUS:
                del self.pot[colour]
                self.bussed[colour] = self.bussed.get(colour, 0) + k
                if self.options["bus"] == "taken" and not setup:
                    self.took = True  # (the option: the next player adds)
                events.append(self.say(f"The {k} {colour} tourists are too many for a cab: the cruise line buses "
                                       "them away.", "bus", colour=colour, count=k))

    def _begin_end(self, why: str) -> None:
        self.last_turns = len(self.players)
        self.ending = why

    def fits(self, cab: Cab, colour: str, count: int) -> bool:
        """Whether `count` stones of `colour` go into this cab: it is empty or carries that colour, and
        there is room for them all."""
        return (cab.colour is None or cab.colour == colour) and cab.load + count <= cab.seats

    def targets(self, seat: int, colour: str, count: int, besides: Cab | None = None) -> list[Cab]:
        """The seat's cabs that can take these stones (not `besides`, the cab stolen from)."""
        return [cab for cab in self.docks[seat] if cab is not besides and self.fits(cab, colour, count)]

    def steal_count(self, cab: Cab) -> int:
        """The stones a steal from this cab moves: its group and every stone of its colour in the pot."""
        assert cab.colour is not None
        return cab.load + self.pot.get(cab.colour, 0)

    def can_steal(self, seat: int, cab: Cab) -> bool:
        if cab.load == 0 or cab.colour is None or self.pot.get(cab.colour, 0) == 0:
            return False
        return bool(self.targets(seat, cab.colour, self.steal_count(cab), cab))

    def chosen_stones(self) -> tuple[str, int, Cab | None] | None:
        """The colour and count of what is chosen, and the cab stolen from (None for a group)."""
        if self.chosen is None:
            return None
        kind, what = self.chosen
        if kind == "group":
            return what, self.pot[what], None
        found = self.find_cab(what)
        assert found is not None
        cab = found[1]
        assert cab.colour is not None
        return cab.colour, self.steal_count(cab), cab

    def piles(self) -> list[dict[str, int]]:
        out = []
        for cabs in self.gone:
            pile: dict[str, int] = {}
            for cab in cabs:
                assert cab.colour is not None
                pile[cab.colour] = pile.get(cab.colour, 0) + cab.load
            out.append({c: pile[c] for c in COLOURS if c in pile})
        return out

    def values(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for pile in self.piles():
            for c, k in pile.items():
                counts[c] = counts.get(c, 0) + k
        return values_of(counts)

    def points(self) -> list[int]:
        values = self.values()
        return [sum(k * values[c] for c, k in pile.items()) for pile in self.piles()]

    # -- the turn -------------------------------------------------------------------------------------------

    def _end_turn(self, events: list[Event]) -> None:
        self.chosen = None
        if self.last_turns is not None:
            if self.last_turns == 0:
                self._finish(events)
                return
            self.last_turns -= 1
        took = self.took
        self.turn = (self.turn + 1) % len(self.players)
        self.turns += 1
        self.played = None
        self.loaded = False
        self.took = False
        name = self.players[self.turn]
        if self.last_turns is not None:
            left = self.last_turns
            events.append(self.say(f"{name}'s turn: a last turn ({'the last one' if left == 0 else plural(left, 'more') + ' after it'}).",
                                   "turn", self.turn))
        else:
            events.append(self.say(f"{name}'s turn.", "turn", self.turn))
        if took:
            self._add(events)
        else:
            self.roll = []
            events.append(self.say(f"No stones were taken last turn: {name} adds none.", "add", self.turn))

    def _finish(self, events: list[Event]) -> None:
        self.turn = -1
        values = self.values()
        piles = self.piles()
        points = self.points()
        if values:
            worth = ", ".join(f"{c} {values[c]}" for c in sorted(values, key=lambda c: (values[c], COLOURS.index(c))))
            events.append(self.say(f"The game is over. A stone is worth: {worth}.", "score", values=values))
        else:
            events.append(self.say("The game is over. No cab left the dock full: nobody scores.", "score"))
        stones = [sum(p.values()) for p in piles]
        details = []
        for s, pile in enumerate(piles):
            parts = [f"{k} {c} x{values[c]}" for c, k in pile.items()]
            details.append(", ".join(parts) or "no full cab")
        by_stones = self.options["tie"] == "stones"
        keys = [(points[s], stones[s] if by_stones else 0) for s in range(len(self.players))]
        standings = rank_standings(self.players, keys, points, details)
        first = [st for st in standings if st.place == 1]
        if len(first) == 1:
            summary = f"{first[0].name} wins with {plural(first[0].score, 'point')}."
        else:
            summary = f"{listing([st.name for st in first])} share first place with {plural(first[0].score, 'point')}."
        tiebreaks = ""
        if self.options["tie"] == "stones" and len({points[s] for s in range(len(points))}) < len(points):
            tiebreaks = "Equal points: the one who carried more tourists is ahead."
        for st in standings:
            events.append(self.say(f"{st.name}: {plural(st.score, 'point')} ({st.detail}).", "score", st.seat))
        self._outcome = Outcome(standings, summary, tiebreaks)

    # -- the contract ---------------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self._outcome is not None else [self.turn]

    def legal_moves(self, seat: int) -> list[Move]:
        if self._outcome is not None or seat != self.turn:
            return []
        picked = self.chosen_stones()
        if picked is not None:
            colour, count, source = picked
            return [Move("into", (cab.card.code,)) for cab in self.targets(seat, colour, count, source)] + [CANCEL]
        moves: list[Move] = []
        if self.played is None and not self.loaded:
            moves += [Move("play", (c.code,)) for c in sorted(self.hands[seat], key=lambda c: c.order)]
        moves += [Move("group", (c,)) for c in COLOURS if c in self.pot and self.targets(seat, c, self.pot[c])]
        for dock in self.docks:
            moves += [Move("steal", (cab.card.code,)) for cab in dock if self.can_steal(seat, cab)]
        if self.played is None and not self.loaded and self.deck:
            moves.append(DRAW)
        moves.append(DONE)
        return moves

    def _apply(self, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        me = self.players[seat]
        kind = move.kind
        if kind == "play":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            self.docks[seat].append(Cab(c))
            self.played = c
            events.append(self.say(f"{me} plays {c.name}: an empty {c.rank}-seat cab on the dock.", "play", seat,
                                   card=c.code))
        elif kind in ("group", "steal"):
            self.chosen = (kind, move.args[0])
            picked = self.chosen_stones()
            assert picked is not None
            colour, count, source = picked
            if source is None:
                text = f"{me} picks up the {plural(count, colour + ' tourist')} of the pot."
            else:
                found = self.find_cab(source.card.code)
                assert found is not None
                text = (f"{me} goes to steal the {source.load} {colour} of {self._cab_name(found[0], source)}, with "
                        f"the {self.pot[colour]} {colour} of the pot.")
            events.append(self.say(text, "choose", seat, colour=colour, count=count))
        elif kind == "cancel":
            self.chosen = None
            events.append(self.say(f"{me} puts them back.", "cancel", seat))
        elif kind == "into":
            picked = self.chosen_stones()
            assert picked is not None
            colour, count, source = picked
            found = self.find_cab(move.args[0])
            assert found is not None
            cab = found[1]
            from_pot = self.pot.pop(colour)
            if source is None:
                text = f"{me} loads the {count} {colour} into the {cab.seats}-seat cab ({short(cab.card)})"
            else:
                owner = self.find_cab(source.card.code)
                assert owner is not None
                text = (f"{me} steals the {source.load} {colour} from {self._cab_name(owner[0], source)} and, with "
                        f"the {from_pot} {colour} of the pot, loads them into the {cab.seats}-seat cab "
                        f"({short(cab.card)})")
                source.load = 0
                source.colour = None
            cab.colour = colour
            cab.load += count
            self.chosen = None
            self.loaded = True
            self.took = True
            if cab.load == cab.seats:
                self.docks[seat].remove(cab)
                self.gone[seat].append(cab)
                text += f": full, it leaves the dock with {plural(cab.load, 'tourist')}."
            else:
                text += f": {cab.load} of {cab.seats} seats taken."
            events.append(self.say(text, "load", seat, colour=colour, count=count, card=cab.card.code))
        elif kind == "draw":
            c = self.deck.pop()
            self.hands[seat].append(c)
            events.append(self.tell(seat, f"{me} draws {c.name}.", public=f"{me} draws a card.", kind="draw",
                                    seat=seat, card=c.code))
            if not self.deck and self.last_turns is None:
                self._begin_end("deck")
                events.append(self.say(f"That was the last card: the game is almost over. Everyone, {me} too, takes "
                                       "one more turn after this one.", "end", seat))
            self._end_turn(events)
        else:  # done
            what = "" if (self.played or self.loaded) else " without playing, loading or drawing"
            events.append(self.say(f"{me} ends the turn{what}.", "done", seat))
            self._end_turn(events)
        return events

    def outcome(self) -> Outcome | None:
        return self._outcome

    def length(self) -> int:
        return self.turns

    def places(self) -> Iterator[Place]:
        yield Place(self.deck)
        for s, hand in enumerate(self.hands):
            yield Place(hand, (s,))
        yield Place((self.bag,))
        table: list[Any] = [cab.card for dock in self.docks for cab in dock]
        table += [cab.card for cabs in self.gone for cab in cabs]
        yield Place(table, EVERYONE)

    @staticmethod
    def _cab_view(cab: Cab) -> CabView:
        return {"card": cab.card.code, "seats": cab.seats, "colour": cab.colour, "load": cab.load}

    def view(self, seat: int | None = None) -> ShortBusView:
        me = seat if seat is not None and 0 <= seat < len(self.players) else None
        chosen: ChosenView | None = None
        picked = self.chosen_stones()
        if picked is not None:
            colour, count, source = picked
            chosen = {"kind": "group" if source is None else "steal", "colour": colour, "count": count,
                      "card": None if source is None else source.card.code}
        values = self.values()
        return {
            "turn": self.turn,
            "first": self.first,
            "pot": [{"colour": c, "count": self.pot[c]} for c in COLOURS if c in self.pot],
            "bag": len(self.bag.value),
            "deck": len(self.deck),
            "hand": None if me is None else [c.code for c in sorted(self.hands[me], key=lambda c: c.order)],
            "hands": [len(h) for h in self.hands],
            "docks": [[self._cab_view(cab) for cab in dock] for dock in self.docks],
            "gone": [[self._cab_view(cab) for cab in cabs] for cabs in self.gone],
            "piles": self.piles(),
            "bussed": {c: self.bussed[c] for c in COLOURS if c in self.bussed},
            "seen": [c for c in COLOURS if c in self.seen],
            "values": {c: values[c] for c in COLOURS if c in values},
            "points": self.points(),
            "played": None if self.played is None else self.played.code,
            "loaded": self.loaded,
            "took": self.took,
            "chosen": chosen,
            "roll": list(self.roll),
            "last_turns": self.last_turns,
            "ending": self.ending,
            "tie": self.options["tie"],
            "bus": self.options["bus"],
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["deck"] = list(self.deck)
        state["hands"] = [list(h) for h in self.hands]
        state["pot"] = dict(self.pot)
        state["docks"] = [[cab.copy() for cab in dock] for dock in self.docks]
        state["gone"] = [[cab.copy() for cab in cabs] for cabs in self.gone]
        state["bussed"] = dict(self.bussed)
        state["seen"] = set(self.seen)
        state["roll"] = list(self.roll)

    # -- words ----------------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        me = self.players[seat]
        kind = move.kind
        if kind not in KINDS:
            return (f"Short Bus to Paradise has no {shorten(kind)} move: play a cab, choose a group or a cab to "
                    "steal from and the cab it goes into (or cancel), draw, or done.")
        waiting = self.not_your_turn(seat)
        if waiting:
            return waiting
        args = move.args
        if kind in ("cancel", "draw", "done") and args:
            return f"{_capital(kind)} takes nothing more: Move('{kind}')."
        if kind in ("play", "steal", "into") and (len(args) != 1 or type(args[0]) is not str):
            return f"A {kind} names one card by its code (as 7H)."
        if kind == "group" and (len(args) != 1 or type(args[0]) is not str):
            return "A group is named by its colour (as red)."
        picked = self.chosen_stones()
        if picked is not None and kind != "into":
            colour, count, _ = picked
            return (f"{me} has {count} {colour} in hand: put them into a cab of {me}'s, or cancel first.")
        if kind == "cancel":
            return "Nothing is chosen to cancel."
        if kind == "into":
            if picked is None:
                return "First choose a group of the pot, or a half-full cab to steal from."
            colour, count, source = picked
            found = self.find_cab(args[0])
            if found is None or found[0] != seat:
                return f"{shorten(args[0])} is not a cab on {me}'s dock."
            cab = found[1]
            if cab is source:
                return "The stolen stones go into another cab, not back into the one they came from."
            if cab.colour is not None and cab.colour != colour:
                return f"The {cab.seats}-seat cab ({short(cab.card)}) carries {cab.colour}: one colour to a cab."
            return (f"The {cab.seats}-seat cab ({short(cab.card)}) has room for {cab.seats - cab.load}, and the "
                    f"{colour} are {count}: a group is never split.")
        if kind == "play":
            try:
                c = card(args[0])
            except ValueError:
                return f"{shorten(args[0])} is not a card: name one by its rank and suit, as 7H."
            if c not in self.hands[seat]:
                return f"{_capital(c.name)} is not in {me}'s hand."
            if self.played is not None:
                return f"{me} has played a cab this turn already: one card a turn."
            return "A cab is played before loading: the steps of a turn go in order (add, play, load, draw)."
        if kind == "group":
            colour = args[0]
            if colour not in COLOURS:
                return f"{shorten(colour)} is not a colour of the stones ({', '.join(COLOURS)})."
            if colour not in self.pot:
                return f"There is no {colour} group in the pot."
            return (f"No cab of {me}'s can take the {self.pot[colour]} {colour}: a cab takes one colour, and the "
                    "whole group must fit.")
        if kind == "steal":
            found = self.find_cab(args[0])
            if found is None:
                return f"{shorten(args[0])} is not a cab waiting on a dock."
            owner, cab = found
            if cab.load == 0 or cab.colour is None:
                return f"{_capital(self._cab_name(owner, cab))} is empty: nothing to steal."
            if self.pot.get(cab.colour, 0) == 0:
                return (f"There is no {cab.colour} in the pot: a steal takes the cab's group together with the "
                        f"pot's {cab.colour}, and needs at least one.")
            return (f"No other cab of {me}'s can take the {cab.load} {cab.colour} of that cab with the "
                    f"{self.pot[cab.colour]} of the pot ({self.steal_count(cab)}).")
        if kind == "draw":
            if self.played is not None or self.loaded:
                return "No draw on a turn with a cab played or stones loaded."
            return "The deck is empty."
        return f"{kind} is not a move {me} can make now."

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        try:
            if kind == "play" and len(args) == 1:
                c = card(args[0])
                return f"Play {short(c)} (a {c.rank}-seat cab)"
            if kind == "group" and len(args) == 1 and args[0] in self.pot:
                return f"Take the {self.pot[args[0]]} {args[0]}"
            if kind in ("steal", "into") and len(args) == 1:
                found = self.find_cab(args[0])
                if found is not None:
                    owner, cab = found
                    if kind == "steal" and cab.colour is not None:
                        return (f"Steal {cab.load} {cab.colour} from {self.players[owner]}'s {short(cab.card)} "
                                f"(+{self.pot.get(cab.colour, 0)} of the pot)")
                    if kind == "into":
                        what = f"{cab.load} {cab.colour}" if cab.colour else "empty"
                        return f"Into {short(cab.card)} ({what}, {cab.seats} seats)"
        except (ValueError, IllegalMove, TypeError):
            return str(move)
        return {"draw": "Draw a card", "done": "Done: end the turn", "cancel": "Cancel"}.get(kind, str(move)) \
            if not args else str(move)
