"""King of the Beach: a pyramid of ten places on the beach, players and robots, who fight their way up.

The pyramid: space 1 on top, then 2 and 3, then 4, 5 and 6, then 7 to 10 at the bottom. The players'
markers and robots (as many as fill the ten spaces) are shuffled into it. Each player holds three cards.

Six rounds, each of four phases:

- Auction: one card a player is dealt face up; from the player on the highest-numbered space down,
  each takes one into hand. The last (the player on top of the others) takes what is left: no choice,
  no move.
- Aggression: from space 1 down to space 10, every space plays a Combat card face up: a player from
  hand (a move), a robot the top card of the deck. Then the fights, left to right and bottom to top:
  (7, 8) attack 4, (8, 9) attack 5, (9, 10) attack 6, (4, 5) attack 2, (5, 6) attack 3, (2, 3) attack
  1. A card is worth its face value (the ace 1, the jack 11, the queen 12, the king 13), 5.5 more if
  the stone lay on its space. When the two attackers' total reaches the defender's value, the one of
  the two who played the lower card (equal values: the lower suit, clubs < diamonds < hearts < spades)
  changes places with the defender, each taking their card along.
- Goodies: every player who moved up in a fight keeps the card they played, face up in front of them;
  every other card (all the robots') is discarded.
- Action: the holder of the highest card of each suit among all the goodies may take that suit's
  action, in this order: spades (switch places with any robot), hearts (trade one goodie with another
  player, choosing both cards), diamonds (draw a card), clubs (put the stone on a space: the next
  Combat card played there is worth 5.5 more). A player takes one action a round at most.

After round 6 the player on top wins and scores the face value of their goodies; the others score
nothing. A robot on top: nobody wins (the robot is first; the players share second place).

Moves:
  Move("take", ("7H",))       an auction card into hand
  Move("play", ("KS",))       a Combat card of the player's hand onto their space
  Move("swap", (1,))          the spade: switch places with the robot on that space
  Move("trade", ("9S",))      the heart: the goodie of another player to take ...
  Move("give", ("3H",))       ... and the player's own goodie to give in exchange
  Move("draw")                the diamond: draw a card
  Move("stone", (4,))         the club: the stone onto that space
  Move("pass")                let the action go

Occupants: the seats 0 .. n-1 are the players, n .. 9 the robots ("Robot A" ...); `names` has all ten.

The view (`KingOfTheBeachView`, besides the engine's common fields): round, rounds, phase ("auction",
"aggression", "action", "over"), names (the ten occupants' names), robots (how many), pyramid (the
occupant of spaces 1 to 10), cards (the Combat card on each space this Aggression, or None), bonus
(whether each of them has the stone's 5.5), values (each space's card value, or None), stone (the
stone's space, or None), playing (the space to play next in the Aggression, or None), auction (the
auction cards on the table), order (the seats still to take an auction card, in order), hand (the
viewer's own; None for the table), hands (how many cards each seat holds), known (per seat, the cards
everyone saw go into that hand), goodies (per seat), points (each seat's goodies' total), deck (a
count), discards (the discard pile, face up), actor (the seat taking an action, or None), suit (the
suit of that action), holders (per suit letter, the seat holding its highest goodie, or None), acted
(the seats that have taken an action this round), taking (the goodie chosen in a heart trade, waiting
for the card given), moved_up (the seats that moved up in this round's fights), fights (the last
Aggression's fights, step by step: see `FightStep`; a record of what everyone saw), start (each seat's
space at the start of the game).

What is hidden (`places`): the deck from everyone, a hand from all but its owner (but the cards everyone
saw go into it from the auction); the auction, the pyramid's cards, the goodies and the discards are
face up.
"""

from __future__ import annotations

from typing import Any, Iterator, TypedDict

from tabletop_tui.rules.components.cards import STANDARD, SUITS, Card, by_order, card
from tabletop_tui.rules.engine import (EVERYONE, Event, Game, IllegalMove, Move, Option, Outcome, Place, Standing,
                                       View)
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.words import listing, plural, shorten

SPACES = 10
ROUNDS = 6
HAND = 3
STONE = 5.5
#: the fights in their order: (left attacker, right attacker, defender)
FIGHTS = ((7, 8, 4), (8, 9, 5), (9, 10, 6), (4, 5, 2), (5, 6, 3), (2, 3, 1))
#: the rows of the pyramid, top first
ROWS = ((1,), (2, 3), (4, 5, 6), (7, 8, 9, 10))
#: the actions in their order, by suit
ACTION_SUITS = ("S", "H", "D", "C")
ACTION_NAMES = {"S": "the coolest (spades)", "H": "the sneakiest (hearts)", "D": "the richest (diamonds)",
                "C": "the toughest (clubs)"}
SUIT_WORDS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
ROBOT_LETTERS = "ABCDEFGHIJ"
#: A record's key (no option of the setup screen) that keeps the reading of rules version 1: a robot on top
#: placed the players first together, a draw. The migration of a version-1 save pins it, so that the save
#: replays as it was played.
ROBOT_TOP_DRAWN = "robot_top_drawn"

AUCTION, AGGRESSION, ACTION, OVER = "auction", "aggression", "action", "over"
PASS = Move("pass")
DRAW = Move("draw")
KINDS = ("take", "play", "swap", "trade", "give", "draw", "stone", "pass")


class FightStep(TypedDict):
    """One fight as the table saw it: the attackers' and the defender's spaces, the pyramid before and
    after (occupant of spaces 1-10), the cards and values on each space before, the attackers' total,
    whether they won, and the space the winner moved up from (None when the defender held)."""

    attackers: list[int]
    defender: int
    before: list[int]
    after: list[int]
    cards: list[str | None]
    values: list[float | None]
    total: float
    won: bool
    up: int | None


class KingOfTheBeachView(View, total=False):
    """The game's own fields of a view (see the module's docstring)."""

    round: int
    rounds: int
    phase: str
    names: list[str]
    robots: int
    pyramid: list[int]
    cards: list[str | None]
    bonus: list[bool]
    values: list[float | None]
    stone: int | None
    playing: int | None
    auction: list[str]
    order: list[int]
    hand: list[str] | None
    hands: list[int]
    known: list[list[str]]
    goodies: list[list[str]]
    points: list[int]
    deck: int
    discards: list[str]
    actor: int | None
    suit: str | None
    holders: dict[str, int | None]
    acted: list[int]
    taking: str | None
    moved_up: list[int]
    fights: list[FightStep]
    start: list[int]
    ace: str


def value(c: Card) -> int:
    """A card's face value: the ace 1, 2 to 10, the jack 11, the queen 12, the king 13."""
    return c.rank_low


def fmt(v: float | None) -> str:
    """A value as the table reads it: 12, 12.5; "-" for no card."""
    if v is None:
        return "-"
    return str(int(v)) if v == int(v) else f"{v:.1f}"


def lower_key(c: Card | None, v: float, space: int) -> tuple[float, int, int]:
    """How two attackers are compared for "the lower card": the value, then the suit (clubs lowest), then
    (two spaces with no card at all) the left one."""
    return (v, -1 if c is None else SUITS.index(c.suit), space)


def fight(a_card: Card | None, a_value: float, a: int, b_card: Card | None, b_value: float, b: int,
          d_value: float) -> tuple[bool, int]:
    """(whether the attackers on spaces a and b beat the defender's value, and the space of the lower of
    the two attackers, the one who would move up)."""
    lower = a if lower_key(a_card, a_value, a) < lower_key(b_card, b_value, b) else b
    return a_value + b_value >= d_value, lower


def row_of(space: int) -> int:
    """0 for the top, 3 for the bottom row."""
    return 0 if space == 1 else 1 if space <= 3 else 2 if space <= 6 else 3


def bare(c: Card) -> str:
    """A card's name without its article: "5 of diamonds" (after "Bo's")."""
    return c.name.removeprefix("the ")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class KingOfTheBeach(Game):
    id = "king-of-the-beach"
    title = "King of the Beach"
    score_label = "Points"
    min_players = 3
    max_players = 6
    #: 2: a robot on top places the players 2nd (nobody won), no longer first together (a draw)
    rules_version = 2
    migrations = {1: old_reading(**{ROBOT_TOP_DRAWN: True})}
    hidden_information = True
    chance = "a card dealt or drawn"
    length_unit = "rounds"
    move_limit = 2_000
    #: the last Aggression's fights name cards that may since have been shuffled back into the deck:
    #: a record of what everyone saw
    view_past = ("fights",)
    OPTIONS = (
        Option("ace", "The ace for the actions", "choice", "low",
               help="Which ace is the highest card of its suit among the goodies: low, as in the fights (worth "
                    "1), or high, above the king.",
               choices=(("low", "low (1)"), ("high", "high")),),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        robot_top_drawn = bool(options.pop(ROBOT_TOP_DRAWN, False))
        super().__init__(players, seed, **options)
        if robot_top_drawn:  # kept in the options, so that the record says it again
            self.options[ROBOT_TOP_DRAWN] = True
        n = len(self.players)
        self.robots = SPACES - n
        self.names = list(self.players) + [f"Robot {ROBOT_LETTERS[k]}" for k in range(self.robots)]
        markers = list(range(SPACES))
        self.rng.shuffle(markers)
        #: the occupant of each space (index 0 unused)
        self.spaces: list[int] = [-1] + markers
        self.start = [self.spaces.index(s) for s in range(n)]
        self.deck: list[Card] = list(STANDARD)
        self.rng.shuffle(self.deck)
        self.discards: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.public: set[str] = set()  # cards in hands that everyone saw go there (from the auction)
        self.goodies: list[list[Card]] = [[] for _ in range(n)]
        self.auction: list[Card] = []
        self.order: list[int] = []  # the seats still to take an auction card, in order
        self.cards: list[Card | None] = [None] * (SPACES + 1)
        self.bonus: list[bool] = [False] * (SPACES + 1)
        self.played: list[bool] = [False] * (SPACES + 1)
        self.playing: int | None = None
        self.stone: int | None = None
        self.fights: list[FightStep] = []
        self.moved_up: list[int] = []
        self.actor: int | None = None
        self.suit_index = 0
        self.acted: list[int] = []
        self.taking: Card | None = None
        self.round = 0
        self.phase = AUCTION
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            f"{listing(self.players)} play King of the Beach with {plural(self.robots, 'robot')}. The markers are "
            "shuffled into the pyramid: " + ", ".join(f"{s} {self.names[self.spaces[s]]}" for s in range(1, 11)) + ".",
            "setup", pyramid=self.spaces[1:]))
        for _ in range(HAND):
            for s in range(n):
                c = self._draw(self.log)
                if c is not None:
                    self.hands[s].append(c)
        for s in range(n):
            self.log.append(self.tell(s, f"{self.players[s]} is dealt {self._names(self.hands[s])}.", kind="deal",
                                      seat=s, cards=[c.code for c in self.hands[s]]))
        self.log.append(self.say(f"Each player is dealt {plural(HAND, 'card')}.", "deal"))
        self._start_round(self.log)

    # -- helpers --------------------------------------------------------------------------------------------

    @staticmethod
    def _names(cards_: list[Card]) -> str:
        return listing([c.name for c in cards_]) or "nothing"

    def is_robot(self, occupant: int) -> bool:
        return occupant >= len(self.players)

    def space_of(self, occupant: int) -> int:
        return self.spaces.index(occupant)

    def _where(self, space: int) -> str:
        """"Bo (space 4)"."""
        return f"{self.names[self.spaces[space]]} (space {space})"

    def _draw(self, events: list[Event]) -> Card | None:
        """The top card of the deck; an empty deck is first made anew from the discards, shuffled. None when
        there is no card in either."""
        if not self.deck and self.discards:
            self.deck = self.discards
            self.discards = []
            self.rng.shuffle(self.deck)
            for c in self.deck:
                self.public.discard(c.code)
            events.append(self.say(f"The deck is empty: the {plural(len(self.deck), 'discarded card')} are shuffled "
                                   "into a new deck.", "reshuffle", cards=len(self.deck)))
        if not self.deck:
            return None
        return self.deck.pop()

    def card_value(self, space: int) -> float | None:
        c = self.cards[space]
        if c is None:
            return None
        return value(c) + (STONE if self.bonus[space] else 0)

    def _height(self, c: Card) -> int:
        """A goodie's rank among its suit for the actions (the ace low or high, as the option says)."""
        if c.rank == 14:
            return 14 if self.options["ace"] == "high" else 1
        return c.rank

    def holders(self) -> dict[str, int | None]:
        """Per suit, the seat holding the highest goodie of that suit (None: no goodie of the suit)."""
        best: dict[str, tuple[int, int]] = {}
        for s, pile in enumerate(self.goodies):
            for c in pile:
                h = self._height(c)
                if c.suit not in best or h > best[c.suit][0]:
                    best[c.suit] = (h, s)
        return {suit: best[suit][1] if suit in best else None for suit in ACTION_SUITS}

    # -- the round ------------------------------------------------------------------------------------------

    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        self.phase = AUCTION
        self.acted = []
        self.moved_up = []
        n = len(self.players)
        dealt: list[Card] = []
        for _ in range(n):
            c = self._draw(events)
            if c is not None:
                dealt.append(c)
        self.auction = dealt
        self.order = [self.spaces[sp] for sp in range(SPACES, 0, -1) if not self.is_robot(self.spaces[sp])]
        text = f"Round {self.round} of {ROUNDS}. The auction: {self._names(by_order(dealt, aces_low=True))}"
        if len(dealt) < n:
            text += f" (only {plural(len(dealt), 'card')}: the deck and the discards are empty)"
        events.append(self.say(text + ".", "auction", cards=[c.code for c in dealt], round=self.round))
        self._advance(events)

    def _take(self, seat: int, c: Card, events: list[Event], last: bool = False) -> None:
        self.auction.remove(c)
        self.hands[seat].append(c)
        self.public.add(c.code)
        self.order.pop(0)
        why = ", the last one," if last else ""
        events.append(self.say(f"{self.players[seat]} takes {c.name}{why} from the auction.", "take", seat,
                               card=c.code))

    def _start_aggression(self, events: list[Event]) -> None:
        self.phase = AGGRESSION
        if self.auction:  # never more cards than players; only a table of this game's making leaves some
            self.discards.extend(self.auction)
            self.auction = []
        self.cards = [None] * (SPACES + 1)
        self.bonus = [False] * (SPACES + 1)
        self.played = [False] * (SPACES + 1)
        self.playing = 1
        events.append(self.say("Aggression: each space plays a Combat card, from the top down.", "aggression"))

    def _lay(self, space: int, c: Card | None, events: list[Event], text: str) -> None:
        self.cards[space] = c
        self.played[space] = True
        if c is not None and self.stone == space:
            self.bonus[space] = True
            self.stone = None
            text += f" The stone adds {fmt(STONE)}: it is worth {fmt(self.card_value(space))}."
        events.append(self.say(text, "combat", self.spaces[space] if self.spaces[space] < len(self.players) else None,
                               space=space, card=None if c is None else c.code))
        self.playing = space + 1 if space < SPACES else None

    def _advance(self, events: list[Event]) -> None:
        """Play out all that takes no choice: the last auction card, the robots' Combat cards, the fights,
        the goodies, actions nobody can take, the next round; stop where a player must choose."""
        while True:
            if self.phase == AUCTION:
                if not self.order:
                    self._start_aggression(events)
                    continue
                seat = self.order[0]
                if not self.auction:
                    events.append(self.say(f"No auction card is left for {self.players[seat]}.", "take", seat))
                    self.order.pop(0)
                    continue
                if len(self.order) == 1 and len(self.auction) == 1:
                    self._take(seat, self.auction[0], events, last=True)
                    continue
                return
            if self.phase == AGGRESSION:
                space = self.playing
                if space is None:
                    self._fights(events)
                    continue
                occupant = self.spaces[space]
                if self.is_robot(occupant):
                    c = self._draw(events)
                    if c is None:
                        self._lay(space, None, events, f"{self._where(space)} has no card to play: the deck and "
                                                       "the discards are empty.")
                    else:
                        self._lay(space, c, events, f"{self._where(space)} plays {c.name} from the deck.")
                    continue
                if not self.hands[occupant]:
                    self._lay(space, None, events, f"{self._where(space)} has no card to play.")
                    continue
                return
            if self.phase == ACTION:
                if self.actor is not None:
                    return
                if not self._next_action(events):
                    self._end_round(events)
                    if self.phase == OVER:
                        return
                    continue
                return
            return

    def _fights(self, events: list[Event]) -> None:
        steps: list[FightStep] = []
        moved: list[int] = []
        for a, b, d in FIGHTS:
            before = self.spaces[1:]
            values = [self.card_value(sp) for sp in range(1, SPACES + 1)]
            va, vb, vd = (self.card_value(a) or 0.0), (self.card_value(b) or 0.0), (self.card_value(d) or 0.0)
            won, lower = fight(self.cards[a], va, a, self.cards[b], vb, b, vd)
            total = va + vb
            head = (f"{self._where(a)} and {self._where(b)} attack {self._where(d)}: "
                    f"{fmt(va)} + {fmt(vb)} = {fmt(total)} against {fmt(vd)}")
            step: FightStep = {"attackers": [a, b], "defender": d, "before": before, "after": before,
                               "cards": [None if c is None else c.code for c in self.cards[1:]], "values": values,
                               "total": total, "won": won, "up": lower if won else None}
            if won:
                up, down = self.spaces[lower], self.spaces[d]
                self.spaces[lower], self.spaces[d] = down, up
                self.cards[lower], self.cards[d] = self.cards[d], self.cards[lower]
                self.bonus[lower], self.bonus[d] = self.bonus[d], self.bonus[lower]
                if up not in moved:
                    moved.append(up)
                step["after"] = self.spaces[1:]
                events.append(self.say(f"{head}: {self.names[up]} moves up to space {d}, {self.names[down]} down to "
                                       f"space {lower}.", "fight", up if up < len(self.players) else None,
                                       attackers=[a, b], defender=d, won=True, up=lower))
            else:
                events.append(self.say(f"{head}: {self.names[self.spaces[d]]} holds space {d}.", "fight", None,
                                       attackers=[a, b], defender=d, won=False))
            steps.append(step)
        self.fights = steps
        # goodies: a player who moved up keeps the card played; every other card is discarded
        n = len(self.players)
        kept = []
        for sp in range(1, SPACES + 1):
            c = self.cards[sp]
            if c is None:
                continue
            occupant = self.spaces[sp]
            if occupant < n and occupant in moved:
                self.goodies[occupant].append(c)
                kept.append(f"{self.players[occupant]} {c.name}")
            else:
                self.discards.append(c)
        self.moved_up = [o for o in moved if o < n]
        self.cards = [None] * (SPACES + 1)
        self.bonus = [False] * (SPACES + 1)
        self.played = [False] * (SPACES + 1)
        self.playing = None
        events.append(self.say("Goodies: " + (listing(kept) + " kept as goodies" if kept else "nobody moved up")
                               + "; the other cards are discarded.", "goodies"))
        self.phase = ACTION
        self.suit_index = 0
        self.actor = None
        self.acted = []
        self.taking = None

    # -- actions --------------------------------------------------------------------------------------------

    def _action_moves(self, seat: int, suit: str) -> list[Move]:
        me = self.space_of(seat)
        if suit == "S":
            return [Move("swap", (sp,)) for sp in range(1, SPACES + 1) if self.is_robot(self.spaces[sp]) and sp != me]
        if suit == "H":
            if self.taking is not None:
                return [Move("give", (c.code,)) for c in self._sorted(self.goodies[seat])]
            if not self.goodies[seat]:
                return []
            return [Move("trade", (c.code,)) for s in range(len(self.players)) if s != seat
                    for c in self._sorted(self.goodies[s])]
        if suit == "D":
            return [DRAW] if self.deck or self.discards else []
        return [Move("stone", (sp,)) for sp in range(1, SPACES + 1)]

    @staticmethod
    def _sorted(cards_: list[Card]) -> list[Card]:
        return sorted(cards_, key=lambda c: (SUITS.index(c.suit), c.rank_low))

    def _next_action(self, events: list[Event]) -> bool:
        """Find the next action someone may take; False when the phase is over."""
        while self.suit_index < len(ACTION_SUITS):
            suit = ACTION_SUITS[self.suit_index]
            holder = self.holders()[suit]
            if holder is not None and holder not in self.acted:
                if self._action_moves(holder, suit):
                    self.actor = holder
                    best = max((c for c in self.goodies[holder] if c.suit == suit), key=self._height)
                    what = {"S": "may switch places with any robot",
                            "H": "may trade one goodie with another player, choosing both cards",
                            "D": "may draw a card", "C": "may put the stone on any space"}[suit]
                    events.append(self.say(f"{self.players[holder]} holds the highest {SUIT_WORDS[suit]}, {best.name}, "
                                           f"and {what}.", "action", holder, suit=suit))
                    return True
                events.append(self.say(f"{self.players[holder]} holds the highest {SUIT_WORDS[suit]} but has no "
                                       f"{SUIT_WORDS[suit]} action to take.", "action", holder, suit=suit))
            self.suit_index += 1
        return False

    def _done_action(self, seat: int, took: bool) -> None:
        if took:
            self.acted.append(seat)
        self.actor = None
        self.taking = None
        self.suit_index += 1

    def _end_round(self, events: list[Event]) -> None:
        if self.round >= ROUNDS:
            self.phase = OVER
            self._outcome = self._score()
            events.append(self.say(self._outcome.summary, "game_over"))
            return
        self._start_round(events)

    def _score(self) -> Outcome:
        n = len(self.players)
        top = self.spaces[1]
        standings: list[Standing] = []
        # a robot on top: the robot is first and nobody won, the players share second place (a save of rules
        # version 1 placed them first together, and replays so)
        place = 1 if top < n or self.options.get(ROBOT_TOP_DRAWN) else 2
        for sp in range(1, SPACES + 1):
            occupant = self.spaces[sp]
            if occupant >= n:
                continue
            pts = sum(value(c) for c in self.goodies[occupant]) if sp == 1 else 0
            detail = f"space {sp}"
            if sp == 1:
                detail += f", goodies {' '.join(c.code for c in self.goodies[occupant]) or 'none'}"
            standings.append(Standing(occupant, self.players[occupant], place, pts, detail))
            if top < n:  # (a robot on top: every player shares the same lot, and nobody wins)
                place += 1
        if top < n:
            pts = standings[0].score
            summary = (f"{self.players[top]} is King of the Beach: on top after {ROUNDS} rounds, and scores "
                       f"{plural(pts, 'point')} for the goodies.")
        else:
            summary = (f"{self.names[top]} is on top after {ROUNDS} rounds: a robot is King of the Beach and "
                       "nobody wins.")
        tiebreaks = ("The players below the top are placed by their space in the pyramid." if top < n else
                     "A robot is on top: no player wins, and all share the same place." if place == 1 else
                     "A robot is on top: it is first, no player wins, and all share second place.")
        return Outcome(standings, summary, tiebreaks)

    # -- the contract ---------------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.phase == AUCTION and self.order:
            return [self.order[0]]
        if self.phase == AGGRESSION and self.playing is not None:
            return [self.spaces[self.playing]]
        if self.phase == ACTION and self.actor is not None:
            return [self.actor]
        return []

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.to_act():
            return []
        if self.phase == AUCTION:
            return [Move("take", (c.code,)) for c in sorted(self.auction, key=lambda c: c.order_low)]
        if self.phase == AGGRESSION:
            return [Move("play", (c.code,)) for c in sorted(self.hands[seat], key=lambda c: c.order_low)]
        suit = ACTION_SUITS[self.suit_index]
        moves = self._action_moves(seat, suit)
        return moves if self.taking is not None else moves + [PASS]

    def _apply(self, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        me = self.players[seat]
        kind = move.kind
        if kind == "take":
            self._take(seat, card(move.args[0]), events)
        elif kind == "play":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            self.public.discard(c.code)
            space = self.space_of(seat)
            self._lay(space, c, events, f"{self._where(space)} plays {c.name}.")
        elif kind == "swap":
            target = int(move.args[0])
            mine = self.space_of(seat)
            robot = self.spaces[target]
            self.spaces[mine], self.spaces[target] = robot, seat
            events.append(self.say(f"{me} switches places with {self.names[robot]}: {me} to space {target}, "
                                   f"{self.names[robot]} to space {mine}.", "swap", seat, space=target))
            self._done_action(seat, True)
        elif kind == "trade":
            self.taking = card(move.args[0])
            owner = next(s for s, pile in enumerate(self.goodies) if self.taking in pile)
            events.append(self.say(f"{me} will take {self.players[owner]}'s {bare(self.taking)} and chooses a goodie to "
                                   "give for it.", "trade", seat, card=self.taking.code))
        elif kind == "give":
            give = card(move.args[0])
            take = self.taking
            assert take is not None
            owner = next(s for s, pile in enumerate(self.goodies) if take in pile)
            self.goodies[owner].remove(take)
            self.goodies[seat].remove(give)
            self.goodies[owner].append(give)
            self.goodies[seat].append(take)
            events.append(self.say(f"{me} trades {give.name} for {self.players[owner]}'s {bare(take)}.", "trade", seat,
                                   gave=give.code, took=take.code, other=owner))
            self._done_action(seat, True)
        elif kind == "draw":
            drawn = self._draw(events)
            assert drawn is not None
            self.hands[seat].append(drawn)
            events.append(self.tell(seat, f"{me} draws {drawn.name}.", public=f"{me} draws a card.", kind="draw",
                                    seat=seat, card=drawn.code))
            self._done_action(seat, True)
        elif kind == "stone":
            target = int(move.args[0])
            self.stone = target
            events.append(self.say(f"{me} puts the stone on space {target} ({self.names[self.spaces[target]]}): the "
                                   f"next Combat card there is worth {fmt(STONE)} more.", "stone", seat, space=target))
            self._done_action(seat, True)
        else:  # pass
            suit = ACTION_SUITS[self.suit_index]
            events.append(self.say(f"{me} lets the {SUIT_WORDS[suit]} action go.", "pass", seat, suit=suit))
            self._done_action(seat, False)
        self._advance(events)
        return events

    def outcome(self) -> Outcome | None:
        return self._outcome

    def turn_order(self) -> list[int]:
        """The seats by their space at the start, the top first (where a player starts is the advantage
        that matters)."""
        return sorted(range(len(self.players)), key=lambda s: self.start[s])

    def length(self) -> int:
        """The rounds played to the end."""
        return self.round if self.phase == OVER else self.round - 1

    def places(self) -> Iterator[Place]:
        yield Place(self.deck)
        for s, hand in enumerate(self.hands):
            yield Place(hand, (s,))
        # face up, in one place: the auction, the pyramid's cards, the goodies, the discards, and the cards
        # everyone saw go into a hand
        table: list[Any] = [*self.public, *self.auction, *self.discards]
        table += [c for c in self.cards if c is not None]
        for pile in self.goodies:
            table += pile
        yield Place(table, EVERYONE)

    def known(self, seat: int) -> list[str]:
        """The cards everyone saw go into this seat's hand (from the auction)."""
        return [c.code for c in sorted(self.hands[seat], key=lambda c: c.order_low) if c.code in self.public]

    def view(self, seat: int | None = None) -> KingOfTheBeachView:
        me = seat if seat is not None and 0 <= seat < len(self.players) else None
        n = len(self.players)
        holders: dict[str, int | None] = self.holders() if self.phase == ACTION else dict.fromkeys(ACTION_SUITS)
        return {
            "round": self.round,
            "rounds": ROUNDS,
            "phase": self.phase,
            "names": list(self.names),
            "robots": self.robots,
            "pyramid": self.spaces[1:],
            "cards": [None if c is None else c.code for c in self.cards[1:]],
            "bonus": self.bonus[1:],
            "values": [self.card_value(sp) for sp in range(1, SPACES + 1)],
            "stone": self.stone,
            "playing": self.playing if self.phase == AGGRESSION else None,
            "auction": [c.code for c in sorted(self.auction, key=lambda c: c.order_low)],
            "order": list(self.order),
            "hand": None if me is None else [c.code for c in sorted(self.hands[me], key=lambda c: c.order_low)],
            "hands": [len(h) for h in self.hands],
            "known": [self.known(s) for s in range(n)],
            "goodies": [[c.code for c in self._sorted(p)] for p in self.goodies],
            "points": [sum(value(c) for c in p) for p in self.goodies],
            "deck": len(self.deck),
            "discards": [c.code for c in self.discards],
            "actor": self.actor,
            "suit": ACTION_SUITS[self.suit_index] if self.actor is not None else None,
            "holders": holders,
            "acted": list(self.acted),
            "taking": None if self.taking is None else self.taking.code,
            "moved_up": list(self.moved_up),
            "fights": [{**f, "attackers": list(f["attackers"]), "before": list(f["before"]), "after": list(f["after"]),
                        "cards": list(f["cards"]), "values": list(f["values"])} for f in self.fights],
            "start": list(self.start),
            "ace": self.options["ace"],
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["deck"] = list(self.deck)
        state["discards"] = list(self.discards)
        state["hands"] = [list(h) for h in self.hands]
        state["goodies"] = [list(g) for g in self.goodies]
        state["public"] = set(self.public)
        for key in ("names", "spaces", "start", "auction", "order", "cards", "bonus", "played", "moved_up", "acted"):
            state[key] = list(state[key])
        # fights is replaced whole, never changed in place

    # -- words ----------------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names_ = self.players
        me = names_[seat]
        kind = move.kind
        if kind not in KINDS:
            return (f"King of the Beach has no {shorten(kind)} move: players take auction cards, play Combat cards "
                    "and take the actions of their goodies (swap, trade and give, draw, stone, pass).")
        waiting = listing([names_[s] for s in self.to_act()]) or "nobody"
        phase_word = {AUCTION: "the auction", AGGRESSION: "the Aggression", ACTION: "the actions"}[self.phase]
        wanted = {"take": AUCTION, "play": AGGRESSION}.get(kind, ACTION)
        if self.phase != wanted:
            what = {"take": "an auction card is taken in the auction", "play": "a Combat card is played in the Aggression"}
            return _capital(what.get(kind, f"{kind} is an action, taken after the fights")) + f": now it is {phase_word}."
        if seat not in self.to_act():
            if self.phase == AGGRESSION:
                return (f"It is {waiting}'s turn to play, on space {self.playing}: the spaces play from the top down, "
                        f"and {me} is on space {self.space_of(seat)}.")
            if self.phase == AUCTION:
                return f"It is {waiting}'s turn to take an auction card: the players choose from space 10 upwards."
            return f"It is {waiting}'s action, not {me}'s."
        if kind in ("take", "play", "trade", "give"):
            if len(move.args) != 1 or type(move.args[0]) is not str:
                return f"A {kind} names one card by its code (as 9S or 10H)."
            try:
                c = card(move.args[0])
            except ValueError:
                return f"{shorten(move.args[0])} is not a card: name one by its rank and suit, as 9S or 10H."
            if c.joker or c.deck != 1:
                return "This game plays with one deck of 52 cards and no jokers."
            if kind == "take":
                return f"{_capital(c.name)} is not among the auction cards." if c not in self.auction else \
                    f"Name {c.name} by its code, {c.code}."
            if kind == "play":
                return f"{_capital(c.name)} is not in {me}'s hand." if c not in self.hands[seat] else \
                    f"Name {c.name} by its code, {c.code}."
            suit = ACTION_SUITS[self.suit_index]
            if suit != "H":
                return f"Only the highest heart trades goodies; {me} holds the highest {SUIT_WORDS[suit]}."
            if kind == "trade":
                if self.taking is not None:
                    return f"{me} has chosen to take {self.taking.name}: now choose a goodie of {me}'s own to give."
                if c in self.goodies[seat]:
                    return f"{_capital(c.name)} is {me}'s own goodie: take one of another player's goodies."
                return f"{_capital(c.name)} is not among the other players' goodies."
            if self.taking is None:
                return f"First choose the goodie {me} takes from another player."
            return f"{_capital(c.name)} is not among {me}'s goodies."
        suit = ACTION_SUITS[self.suit_index]
        needs = {"swap": "S", "draw": "D", "stone": "C"}
        if kind == "pass":
            if move.args:
                return "Passing takes nothing more: Move('pass')."
            return f"{me} has chosen the goodie to take: the trade goes on, choose the goodie to give."
        if needs[kind] != suit:
            return (f"The {kind} is the action of the highest {SUIT_WORDS[needs[kind]]}; {me} is taking the "
                    f"{SUIT_WORDS[suit]} action now.")
        if kind == "draw":
            return "Drawing takes nothing more: Move('draw')." if move.args else "There is no card left to draw."
        if len(move.args) != 1 or type(move.args[0]) is not int or not 1 <= move.args[0] <= SPACES:
            return f"A {kind} names a space of the pyramid, 1 to 10."
        target = move.args[0]
        if kind == "swap":
            if target == self.space_of(seat):
                return f"{me} is on space {target} already."
            return f"Space {target} holds {self.names[self.spaces[target]]}, not a robot: the spade switches with a robot."
        return f"{kind} {target} is not a move {me} can make now."

    def describe_move(self, move: Move) -> str:
        try:
            if move.kind in ("take", "play", "trade", "give") and len(move.args) == 1:
                c = card(move.args[0])
                if move.kind == "take":
                    return f"Take {c.name}"
                if move.kind == "play":
                    return f"Play {c.name}"
                if move.kind == "trade":
                    owner = next((s for s, pile in enumerate(self.goodies) if c in pile), None)
                    whose = f"{self.players[owner]}'s " if owner is not None else ""
                    return f"Take {whose}{bare(c)}" if whose else f"Take {c.name}"
                return f"Give {c.name}"
            if move.kind == "swap" and len(move.args) == 1 and type(move.args[0]) is int and 1 <= move.args[0] <= SPACES:
                return f"Switch with {self.names[self.spaces[move.args[0]]]} (space {move.args[0]})"
            if move.kind == "stone" and len(move.args) == 1 and type(move.args[0]) is int and 1 <= move.args[0] <= SPACES:
                return f"Stone on space {move.args[0]} ({self.names[self.spaces[move.args[0]]]})"
        except (ValueError, IllegalMove):
            return str(move)
        if move.kind == "draw" and not move.args:
            return "Draw a card"
        if move.kind == "pass" and not move.args:
            return "Let the action go"
        return str(move)
