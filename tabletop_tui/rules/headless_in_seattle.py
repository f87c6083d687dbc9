"""Headless in Seattle: chainsaw duels, everyone playing at once.

Each seat has three Fighters face up (its Jack, Queen and King) and a Combat deck of its suit's Ace to
Ten, shuffled; the top card is its card in hand. A move plays the card in hand on a Fighter, then the
next card is drawn: on one of the seat's own Fighters it is that Fighter's Defense (one each), on
anyone else's an Attack (any number). The game ends the moment a seat has played its last card. Then
each Fighter survives if its Defense is at least the total Attack on it; otherwise whoever played the
most Attack points on it kills it and scores its value (Jack 2, Queen 3, King 4), tied attackers
dividing the value (scores are `fractions.Fraction`s, shown as "1 1/3").

Seats, suits and decks: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs; seats 4 to 7 the same suits of a
second deck (its own backs: "7S.2").

Option `mode`:
- "realtime" (the default): every seat plays whenever it likes, so `to_act` lists every seat. The
  record is the order of the plays, never their times, so a game replays exactly. The card in each
  hand is on the shared screen, so it is public. The list's order is that of a simulated clock (each
  seat's think time for each card drawn from the game's stream at the deal), the seat whose play comes
  first listed first: what `simulate` and the screenshot's scene play, as a table of equal speeds would.
- "turns": rounds in which each seat plays one card in turn, seat 0 first in the first round, the
  next seat first in the next, until every card is played (so that everyone plays all ten, and the
  last word goes round); the card in hand is its owner's alone.

Option `pace` (slow, normal, fast): how quickly the computer seats play in real time. The rules do not
read it; it is kept with the game so that a resumed game keeps its pace.

Moves: `Move("play", (owner, "J" | "Q" | "K"))`: the card in hand on that seat's Fighter.

The view (`HeadlessView`, besides the engine's common fields): mode, pace, suits (per seat), hands (per
seat: the card in hand as the viewer sees it, None where it is hidden or there is none), holding (per
seat: whether it holds a card), decks (cards left in each deck, the hand not counted), played (cards
played by each seat), fighters (per seat, J Q K: `FighterView`), scores (per seat, as the Fighters
stand now, in words), turn (turns mode: the seat to play; None in real time), ended_by (the seat whose
last card ended the game), last (the last play: [seat, card, owner, rank] or None).

What is hidden (`places`): every deck's order from everyone, its owner too; in turns mode the card in
hand from all but its owner. Every card played is face up.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterator, TypedDict

from tabletop_tui.rules.components.cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_NAMES, Card, card
from tabletop_tui.rules.engine import EVERYONE, Event, Game, Move, Option, Outcome, Place, View, rank_standings
from tabletop_tui.rules.words import fraction_text, listing, plural

REALTIME, TURNS = "realtime", "turns"
PACES = ("slow", "normal", "fast")
FIGHTERS = ("J", "Q", "K")
VALUE = {"J": 2, "Q": 3, "K": 4}
FIGHTER_NAME = {"J": "Jack", "Q": "Queen", "K": "King"}
SEAT_SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
COMBAT_RANKS = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10)  # Ace to Ten
DECK_SIZE = len(COMBAT_RANKS)
#: the think times of the simulated clock (real time's `to_act` order), in ticks, for each card
THINK = (2, 6)

MOVES = {(owner, rank): Move("play", (owner, rank)) for owner in range(8) for rank in FIGHTERS}


def points(c: Card) -> int:
    """A Combat card's points: Ace 1, then the face value."""
    return c.rank_low


def seat_suit(seat: int) -> str:
    return SEAT_SUITS[seat % 4]


def seat_deck(seat: int) -> int:
    return 1 + seat // 4


def combat_cards(seat: int) -> list[Card]:
    """The seat's Combat cards, Ace to Ten, in order."""
    suffix = "" if seat_deck(seat) == 1 else f".{seat_deck(seat)}"
    return [card(("A" if r == 14 else str(r)) + seat_suit(seat) + suffix) for r in COMBAT_RANKS]


class FighterView(TypedDict):
    owner: int
    rank: str  # "J", "Q", "K"
    value: int
    defense: str | None  # the Defense card's code
    attacks: list[list[int | str]]  # [attacker, card code] in the order played
    totals: list[int]  # Attack points by each seat
    attack: int  # the total Attack
    survives: bool  # as it stands (Defense at least the total Attack)
    killers: list[int]  # the seats that take it as it stands ([] while it survives)
    share: str  # each killer's share of its value, in words ("" while it survives)


class HeadlessView(View, total=False):
    mode: str
    pace: str
    suits: list[str]
    hands: list[str | None]
    holding: list[bool]
    decks: list[int]
    played: list[int]
    fighters: list[list[FighterView]]
    scores: list[str]
    turn: int | None
    ended_by: int | None
    last: list[int | str] | None


class Fighter:
    """One Fighter on the table: its Defense card and the Attack cards on it."""

    __slots__ = ("owner", "rank", "defense", "attacks")

    def __init__(self, owner: int, rank: str):
        self.owner = owner
        self.rank = rank
        self.defense: Card | None = None
        self.attacks: list[tuple[int, Card]] = []

    def copy(self) -> "Fighter":
        other = Fighter(self.owner, self.rank)
        other.defense = self.defense
        other.attacks = list(self.attacks)
        return other

    @property
    def value(self) -> int:
        return VALUE[self.rank]

    def totals(self, seats: int) -> list[int]:
        out = [0] * seats
        for seat, c in self.attacks:
            out[seat] += points(c)
        return out

    def attack(self) -> int:
        return sum(points(c) for _, c in self.attacks)

    def survives(self) -> bool:
        return (points(self.defense) if self.defense is not None else 0) >= self.attack()

    def killers(self, seats: int) -> list[int]:
        """The seats that take it: those that played the most Attack points ([] if it survives)."""
        if self.survives():
            return []
        totals = self.totals(seats)
        most = max(totals)
        return [s for s in range(seats) if totals[s] == most]


class HeadlessInSeattle(Game):
    id = "headless-in-seattle"
    title = "Headless in Seattle"
    min_players = 2
    max_players = 8
    hidden_information = True
    score_label = "Points"
    chance = "a card drawn"
    length_unit = "cards played"
    OPTIONS = (
        Option("mode", "How to play", "choice", REALTIME,
               "real time: everyone plays at once, each person with a zone of keys (at most four people; any "
               "number of computer seats); turns: one card each in turn, behind the curtain",
               choices=((TURNS, "in turns"), (REALTIME, "real time"))),
        Option("pace", "Computer pace (real time)", "choice", "normal",
               "how quickly the computer seats play their cards in real time",
               choices=(("slow", "slow"), ("normal", "normal"), ("fast", "fast"))),
    )

    def __init__(self, players: list[str], seed: int = 0, stream: int = 2, **options: object):
        super().__init__(players, seed, stream, **options)
        n = len(self.players)
        self.mode: str = self.options["mode"]
        self.decks: list[list[Card]] = []
        for seat in range(n):
            deck = combat_cards(seat)
            self.rng.shuffle(deck)
            self.decks.append(deck)
        # the card in hand: the top card of the deck (the deck's last)
        self.hands: list[Card | None] = [deck.pop() for deck in self.decks]
        self.fighters: list[list[Fighter]] = [[Fighter(s, r) for r in FIGHTERS] for s in range(n)]
        self.played: list[int] = [0] * n
        self.turn = 0
        self.ended_by: int | None = None
        self.last: tuple[int, Card, int, str] | None = None
        # the simulated clock of real time: each seat's think time for each of its cards
        self.think: list[list[int]] = [[self.rng.randint(*THINK) for _ in range(DECK_SIZE)] for _ in range(n)]
        self.clock: list[int] = [self.think[s][0] for s in range(n)]
        self._outcome: Outcome | None = None
        suits = ", ".join(f"{p} {SUIT_NAMES[seat_suit(s)]}" for s, p in enumerate(self.players))
        how = "everyone plays at once" if self.mode == REALTIME else "one card each in turn"
        self.log.append(self.say(f"The Fighters face each other ({suits}); {how}."))

    def _copy_state(self, state: dict[str, object]) -> None:
        state["decks"] = [list(d) for d in self.decks]
        state["hands"] = list(self.hands)
        state["fighters"] = [[f.copy() for f in row] for row in self.fighters]
        state["played"] = list(self.played)
        state["clock"] = list(self.clock)
        # think: never changed after the deal, shared

    # -- whose move --------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self._outcome is not None:
            return []
        if self.mode == TURNS:
            return [self.turn]
        clock = self.clock
        return sorted((s for s in range(len(self.players)) if self.hands[s] is not None),
                      key=lambda s: (clock[s], s))

    def legal_moves(self, seat: int) -> list[Move]:
        if self._outcome is not None or self.hands[seat] is None:
            return []
        if self.mode == TURNS and seat != self.turn:
            return []
        moves = []
        for owner, row in enumerate(self.fighters):
            for f in row:
                if owner != seat or f.defense is None:
                    moves.append(MOVES[(owner, f.rank)])
        return moves

    def refusal(self, seat: int, move: Move) -> str:
        if self.mode == TURNS and seat != self.turn:
            return f"It is not {self.players[seat]}'s turn: waiting for {self.players[self.turn]}."
        if move.kind != "play" or len(move.args) != 2:
            return "That is not a move here: a card is played on a Fighter."
        owner, rank = move.args
        if type(owner) is not int or not 0 <= owner < len(self.players) or rank not in FIGHTERS:
            return "There is no such Fighter at this table."
        if owner == seat:
            f = self.fighters[owner][FIGHTERS.index(rank)]
            if f.defense is not None:
                return (f"Your {FIGHTER_NAME[rank]} already has its Defense card: one each. "
                        "Play this card on another Fighter.")
        return super().refusal(seat, move)

    def describe_move(self, move: Move) -> str:
        owner, rank = move.args
        return f"{self.players[owner]}'s {FIGHTER_NAME[rank]}"

    def label(self, seat: int, move: Move) -> str:
        """The move as `seat` would say it: "Defend your King", "Attack Bo's Queen"."""
        owner, rank = move.args
        if owner == seat:
            return f"Defend your {FIGHTER_NAME[rank]}"
        return f"Attack {self.players[owner]}'s {FIGHTER_NAME[rank]}"

    # -- a play ------------------------------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> list[Event]:
        owner, rank = move.args
        played = self.hands[seat]
        assert played is not None
        fighter = self.fighters[owner][FIGHTERS.index(rank)]
        name = self.players[seat]
        whose = "own" if owner == seat else f"{self.players[owner]}'s"
        if owner == seat:
            fighter.defense = played
            text = f"{name} defends their {FIGHTER_NAME[rank]} with the {played.name[4:]} ({points(played)})."
        else:
            fighter.attacks.append((seat, played))
            total = fighter.totals(len(self.players))[seat]
            text = (f"{name} attacks {whose} {FIGHTER_NAME[rank]} with the {played.name[4:]} ({points(played)}; "
                    f"{total} from {name} in all).")
        events = [Event(text, "play", seat, {"card": played.code, "owner": owner, "rank": rank})]
        self.last = (seat, played, owner, rank)
        self.played[seat] += 1
        deck = self.decks[seat]
        if deck:
            drawn = deck.pop()
            self.hands[seat] = drawn
            if self.mode == TURNS:
                events.append(self.tell(seat, f"{name} draws the {drawn.name[4:]}.", kind="draw", seat=seat))
        else:
            self.hands[seat] = None
        if self.played[seat] < DECK_SIZE:
            self.clock[seat] += self.think[seat][self.played[seat]]
        if self.mode == TURNS:
            # in turns every round is played to its end: everyone plays all ten cards (the first
            # seat's tenth would otherwise end it with a card more than the others)
            if all(h is None for h in self.hands):
                self.ended_by = seat
                events.extend(self._finish(seat))
            elif len(set(self.played)) == 1:  # a round is over: the next begins one seat further on
                self.turn = self.played[0] % len(self.players)
            else:
                self.turn = (self.turn + 1) % len(self.players)
        elif self.hands[seat] is None:
            self.ended_by = seat
            events.extend(self._finish(seat))
        return events

    def _finish(self, seat: int) -> list[Event]:
        n = len(self.players)
        last = "the last card" if self.mode == TURNS else "their last card"
        events = [self.say(f"{self.players[seat]} has played {last}: the fight is over.", "turn")]
        for row in self.fighters:
            for f in row:
                events.append(self.say(self.fight_text(f), "score"))
        scores = self.scores()
        keys = [(scores[s],) for s in range(n)]
        shown = [fraction_text(scores[s]) for s in range(n)]
        details = [self.kills_text(s) for s in range(n)]
        standings = rank_standings(self.players, keys, shown, details)
        first = [st.seat for st in standings if st.place == 1]
        best = fraction_text(scores[first[0]])
        unit = "point" if scores[first[0]] == 1 else "points"
        if len(first) == 1:
            summary = f"{self.players[first[0]]} wins with {best} {unit}."
        else:
            summary = f"{listing([self.players[s] for s in first])} share first place with {best} {unit} each."
        self._outcome = Outcome(standings, summary)
        events.append(self.say(summary, "score"))
        return events

    # -- scoring -----------------------------------------------------------------------------------

    def scores(self) -> list[Fraction]:
        """Each seat's points, the Fighters scored as they stand."""
        n = len(self.players)
        out = [Fraction(0)] * n
        for row in self.fighters:
            for f in row:
                killers = f.killers(n)
                for s in killers:
                    out[s] += Fraction(f.value, len(killers))
        return out

    def fight_text(self, f: Fighter) -> str:
        """A Fighter's fight in words: its Defense, the Attack by each attacker, who takes it."""
        n = len(self.players)
        head = f"{self.players[f.owner]}'s {FIGHTER_NAME[f.rank]} ({f.value})"
        defense = f"Defense {points(f.defense)}" if f.defense is not None else "no Defense"
        totals = f.totals(n)
        by = [f"{self.players[s]} {totals[s]}" for s in range(n) if totals[s]]
        attack = f"Attack {f.attack()}" + (f" ({', '.join(by)})" if len(by) > 1 else f" ({by[0]})" if by else "")
        if f.survives():
            return f"{head}: {defense}, {attack}: survives."
        killers = f.killers(n)
        share = Fraction(f.value, len(killers))
        if len(killers) == 1:
            return f"{head}: {defense}, {attack}: {self.players[killers[0]]} takes it, {plural(f.value, 'point')}."
        return (f"{head}: {defense}, {attack}: {listing([self.players[s] for s in killers])} tie and share it, "
                f"{fraction_text(share)} each.")

    def kills_text(self, seat: int) -> str:
        """What a seat scored, Fighter by Fighter ("Bo's K 4, Cy's J 1/2")."""
        n = len(self.players)
        parts = []
        for row in self.fighters:
            for f in row:
                killers = f.killers(n)
                if seat in killers:
                    parts.append(f"{self.players[f.owner]}'s {f.rank} {fraction_text(Fraction(f.value, len(killers)))}")
        return ", ".join(parts) or "no kills"

    # -- the view ----------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> HeadlessView:
        n = len(self.players)
        hands = self.shown(seat, [h for h in self.hands if h is not None])
        it = iter(hands)
        shown_hands = [next(it) if h is not None else None for h in self.hands]
        fighters: list[list[FighterView]] = []
        for row in self.fighters:
            out: list[FighterView] = []
            for f in row:
                killers = f.killers(n)
                out.append(FighterView(
                    owner=f.owner, rank=f.rank, value=f.value,
                    defense=f.defense.code if f.defense is not None else None,
                    attacks=[[s, c.code] for s, c in f.attacks], totals=f.totals(n), attack=f.attack(),
                    survives=not killers, killers=killers,
                    share=fraction_text(Fraction(f.value, len(killers))) if killers else ""))
            fighters.append(out)
        last = self.last
        return HeadlessView(
            mode=self.mode, pace=self.options["pace"], suits=[seat_suit(s) for s in range(n)],
            hands=shown_hands, holding=[h is not None for h in self.hands],
            decks=[len(d) for d in self.decks], played=list(self.played), fighters=fighters,
            scores=[fraction_text(x) for x in self.scores()],
            turn=self.turn if self.mode == TURNS and self._outcome is None else None,
            ended_by=self.ended_by,
            last=[last[0], last[1].code, last[2], last[3]] if last is not None else None)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def length(self) -> int:
        return len(self.history)

    def turn_order(self) -> list[int]:
        if self.mode == TURNS:
            return list(range(len(self.players)))
        return super().turn_order()

    def undo_status(self) -> tuple[bool, str]:
        if self.mode == REALTIME and self.history:
            return False, "No undo in real time: every card played stays played."
        return super().undo_status()

    # -- what is hidden ----------------------------------------------------------------------------

    def places(self) -> Iterator[Place]:
        turns = self.mode == TURNS
        for s, deck in enumerate(self.decks):
            yield Place(deck)
            hand = self.hands[s]
            if hand is not None:
                yield Place((hand,), (s,) if turns else EVERYONE)
        yield Place([f.defense for row in self.fighters for f in row if f.defense is not None], EVERYONE)
        yield Place([c for row in self.fighters for f in row for _, c in f.attacks], EVERYONE)

    def alike(self, item: str) -> str:
        """Each seat's deck has its own backs (its suit, and which of two decks): hidden cards are
        exchanged only within one seat's cards."""
        return item[-1] if "." not in item else item.split(".")[0][-1] + item.split(".")[1]
