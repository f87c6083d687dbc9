"""Particle Stream: a race through hyperspace on a track of card piles, where acting late is worth more
than standing in front, until the last round.

A race: every card is shuffled and each player is dealt a start card face up. Cards that share a rank
with another start card are set aside and their players dealt new ones, until every rank differs. The
start cards are the track, one pile per player, the lowest at the front (the ace is 1, the king 13);
each player stands beside their own. The rest of the deck, the cards set aside among it, is shuffled
and each player is dealt five cards: two face down (their owner's alone) and three face up.

Five rounds. At the start of a round the play order is fixed by the places on the track, the front
first. In turn each player plays a card of their hand onto the pile they stand beside *now* (they may
have been swapped since the round began), which gives that pile its rank (its top card's). The target
is the other pile, or piles, of the nearest rank above the card played; with none above, the lowest
rank of the other piles. The player swaps places with the player on a target pile of their choice, or
stays. After the fifth round the player at the front wins the race.

Scoring a race: the last place 0 points, the next 1, and so on up the track, the winner one extra. A
match is a number of races (the `races` option); after each but the last, the player who came last
deals the next (a move, so that everyone sees the race's end). The most points wins the match; a tie
is broken by the races won, and is otherwise shared.

Moves:
  Move("play", ("7H",))   a card of the acting player's hand, face up or face down
  Move("swap", (2,))      swap with the player on the pile at place 2 (0 is the front), a target
  Move("stay")            stay beside the pile
  Move("deal")            the last of a race deals the next race

The view (`ParticleView`, besides the engine's common fields): race, races, round, rounds, phase
("play", "move", "scored", "over"), piles (front first, each bottom to top), ranks (each pile's),
at (the seat at each place), place (each seat's place), order (this round's), acting, played (the card
just played, in "move"), targets (the places the acting player may swap with), up (each seat's face-up
cards), down (how many face-down cards each seat holds), hidden (the viewer's own face-down cards; None
for the table), plays (this round: [seat, card, place played at, place swapped to or None]), scores,
race_points (each seat's, race by race), wins, last_race ({race, places: the seats front first,
points}), dealer (who deals the next race, between races), deck (a count), tiebreaks.

What is hidden (`places`): the deck from everyone, a face-down card from all but its owner; the track
and the face-up cards from nobody.
"""

from __future__ import annotations

from typing import Any, Iterator, TypedDict

from tabletop_tui.rules.components.cards import STANDARD, Card, by_order, card
from tabletop_tui.rules.engine import (EVERYONE, Event, Game, Move, Option, Outcome, Place, View,
                                       rank_standings)
from tabletop_tui.rules.words import listing, plural, shorten

ROUNDS = 5
DOWN = 2
UP = 3
RACES = 3

PLAY, MOVE, SCORED, OVER = "play", "move", "scored", "over"
STAY = Move("stay")
DEAL = Move("deal")
_KINDS = ("play", "swap", "stay", "deal")

#: a play of this round: (seat, card code, the place played at, the place swapped to or None)
Play = tuple[int, str, int, int | None]


class RaceView(TypedDict):
    race: int
    places: list[int]  # the seats, front first
    points: list[int]  # by seat


class ParticleView(View, total=False):
    """The game's own fields of a view (see the module's docstring)."""

    race: int
    races: int
    round: int
    rounds: int
    phase: str
    piles: list[list[str]]
    ranks: list[int]
    at: list[int]
    place: list[int]
    order: list[int]
    acting: int | None
    played: str | None
    targets: list[int]
    up: list[list[str]]
    down: list[int]
    hidden: list[str] | None
    plays: list[list[int | str | None]]
    scores: list[int]
    race_points: list[list[int]]
    wins: list[int]
    last_race: RaceView | None
    dealer: int | None
    deck: int
    tiebreaks: str | None


def rank(c: Card) -> int:
    """A card's rank on the track: the ace 1, the 2 to 10 their number, the jack 11 ... the king 13."""
    return c.rank_low


def targets(ranks: list[int], here: int, played: int) -> list[int]:
    """The places a player at `here` who played a card of rank `played` may swap with: the other piles of
    the nearest rank above it; with none above, the other piles of the lowest rank."""
    others = [p for p in range(len(ranks)) if p != here]
    above = [ranks[p] for p in others if ranks[p] > played]
    goal = min(above) if above else min(ranks[p] for p in others)
    return [p for p in others if ranks[p] == goal]


def race_points(n: int) -> list[int]:
    """The points of each place of a race, the front first: the last 0, the next 1 ..., the winner one
    extra (4 players: 4, 2, 1, 0)."""
    return [n - 1 - i + (1 if i == 0 else 0) for i in range(n)]


def ordinal(i: int) -> str:
    """A place (0 the front) in words: "1st", "2nd", "3rd", "4th"."""
    n = i + 1
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th") if not 10 < n % 100 < 14 else "th"
    return f"{n}{suffix}"


def short(c: Card) -> str:
    return c.name.removeprefix("the ")


class ParticleStream(Game):
    id = "particle-stream"
    title = "Particle Stream"
    score_label = "Points"
    min_players = 4
    max_players = 6
    rules_version = 1
    hidden_information = True
    chance = "a deal or a face-down card played"
    length_unit = "rounds"
    #: the leak check plays two races or so of each game (a race is 41 to 61 moves), the deal between
    #: them among them
    leak_test_moves = 140
    #: the kinds of move that, when one is a seat's only move, everyone can tell was forced: the next
    #: race's deal, and the last card of a hand (everyone sees that it is the last)
    open_forced_moves = frozenset({"deal", "play"})
    OPTIONS = (
        Option("races", "Races in the match", "int", RACES,
               help="Points are added up over this many races; the most points wins the match.", min=1, max=10),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        n = len(self.players)
        self.races: int = self.options["races"]
        self.race = 0
        self.round = 0
        self.deck: list[Card] = []
        self.piles: list[list[Card]] = []
        self.at: list[int] = []  # the seat at each place, the front first
        self.up: list[list[Card]] = [[] for _ in range(n)]
        self.down: list[list[Card]] = [[] for _ in range(n)]
        self.order: list[int] = []
        self.acted = 0
        self.played: Card | None = None
        self.plays: list[Play] = []
        self.scores = [0] * n
        self.race_points: list[list[int]] = [[] for _ in range(n)]
        self.wins = [0] * n
        self.last_race: RaceView | None = None
        self.dealer: int | None = None
        self.phase = PLAY
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            f"{listing(self.players)} race in Particle Stream: {plural(self.races, 'race')} of {ROUNDS} rounds.",
            "setup"))
        self._start_race(self.log)

    # -- a race -------------------------------------------------------------------------------------

    def _start_race(self, events: list[Event]) -> None:
        n = len(self.players)
        names_ = self.players
        self.race += 1
        self.dealer = None
        deck = list(STANDARD)
        self.rng.shuffle(deck)
        start: list[Card | None] = [None] * n
        aside: list[Card] = []
        need = list(range(n))
        first = True
        # The log names the start cards dealt by their ranks alone (the suits play no part): those set
        # aside go back into the deck, where nobody knows which of its cards they are.
        while need:
            for s in need:
                if not deck:  # (never in practice: 46 cards set aside) they are shuffled back at once
                    deck, aside = aside, []
                    self.rng.shuffle(deck)
                start[s] = deck.pop()
            dealt = listing(f"{names_[s]} {rank_name(rank(self._start(start, s)))}" for s in need)
            events.append(self.say(
                (f"Race {self.race} of {self.races}. Start cards, face up: " if first else "New start cards: ")
                + dealt + ".", "start", None, ranks=[[s, rank(self._start(start, s))] for s in need]))
            first = False
            counts: dict[int, int] = {}
            for c in start:
                assert c is not None
                counts[rank(c)] = counts.get(rank(c), 0) + 1
            need = [s for s in range(n) if counts[rank(self._start(start, s))] > 1]
            if need:
                aside.extend(self._start(start, s) for s in need)
                tied = sorted({rank(self._start(start, s)) for s in need})
                events.append(self.say(
                    f"{listing(names_[s] for s in need)} have start cards of the same rank "
                    f"({listing(rank_words(r) for r in tied)}): those are set aside and new ones dealt.",
                    "tie", None, seats=list(need)))
        self.at = sorted(range(n), key=lambda s: rank(self._start(start, s)))
        self.piles = [[self._start(start, s)] for s in self.at]
        events.append(self.say(
            "The track, front first: " + ", ".join(
                f"{names_[s]} ({short(self.piles[p][0])})" for p, s in enumerate(self.at)) + ".",
            "track", None, at=list(self.at)))
        deck.extend(aside)
        self.rng.shuffle(deck)
        self.deck = deck
        events.append(self.say(
            ("The cards set aside go back into the deck, which" if aside else "The rest of the deck")
            + " is shuffled and the hands dealt: two cards face down and three face up each.", "shuffle"))
        self.up = [[] for _ in range(n)]
        self.down = [[] for _ in range(n)]
        for s in self.at:
            self.down[s] = by_order([self.deck.pop() for _ in range(DOWN)], aces_low=True)
            self.up[s] = by_order([self.deck.pop() for _ in range(UP)], aces_low=True)
        for s in self.at:
            ups = listing(short(c) for c in self.up[s])
            events.append(self.tell(
                s, f"{names_[s]} is dealt {listing(short(c) for c in self.down[s])} face down, and {ups} face up.",
                public=f"{names_[s]} is dealt two cards face down, and {ups} face up.", kind="deal", seat=s))
        self.round = 0
        self._start_round(events)

    @staticmethod
    def _start(start: list[Card | None], seat: int) -> Card:
        c = start[seat]
        assert c is not None
        return c

    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        self.order = list(self.at)
        self.acted = 0
        self.plays = []
        self.played = None
        self.phase = PLAY
        events.append(self.say(
            f"Round {self.round} of {ROUNDS}, front first: {', '.join(self.players[s] for s in self.order)}.",
            "round", None, round=self.round, order=list(self.order)))

    def acting(self) -> int:
        return self.order[self.acted]

    def place_of(self, seat: int) -> int:
        return self.at.index(seat)

    def ranks(self) -> list[int]:
        return [rank(pile[-1]) for pile in self.piles]

    def targets(self) -> list[int]:
        """The places the acting player may swap with, once their card is played."""
        if self.phase != MOVE or self.played is None:
            return []
        return targets(self.ranks(), self.place_of(self.acting()), rank(self.played))

    def _play(self, seat: int, c: Card, events: list[Event]) -> None:
        me = self.players[seat]
        face_down = c in self.down[seat]
        (self.down if face_down else self.up)[seat].remove(c)
        here = self.place_of(seat)
        self.piles[here].append(c)
        self.played = c
        self.phase = MOVE
        goal = self.targets()
        events.append(self.say(
            f"{me} plays {c.name}{' from face down' if face_down else ''} on the {ordinal(here)} pile: "
            + self.target_words(goal) + ".",
            "play", seat, card=c.code, place=here, targets=goal, face_down=face_down))

    def target_words(self, goal: list[int]) -> str:
        """"the target is Bo's pile of 9s, 2nd", "the targets are the piles of 2s of Bo, 1st, and Cy, 2nd"."""
        of = rank_words(self.ranks()[goal[0]])
        if len(goal) == 1:
            return f"the target is {self.players[self.at[goal[0]]]}'s pile of {of}, {ordinal(goal[0])}"
        return f"the targets are the piles of {of} of " + listing(
            f"{self.players[self.at[p]]} ({ordinal(p)})" for p in goal)

    def _move(self, seat: int, to: int | None, events: list[Event]) -> None:
        me = self.players[seat]
        here = self.place_of(seat)
        assert self.played is not None
        self.plays.append((seat, self.played.code, here, to))
        if to is None:
            events.append(self.say(f"{me} stays {ordinal(here)}.", "stay", seat, place=here))
        else:
            other = self.at[to]
            self.at[here], self.at[to] = other, seat
            events.append(self.say(
                f"{me} swaps with {self.players[other]}: {me} is now {ordinal(to)}, {self.players[other]} "
                f"{ordinal(here)}.", "swap", seat, place=here, to=to, other=other))
        self.played = None
        self.acted += 1
        if self.acted < len(self.order):
            self.phase = PLAY
        elif self.round < ROUNDS:
            self._start_round(events)
        else:
            self._end_race(events)

    def _end_race(self, events: list[Event]) -> None:
        names_ = self.players
        n = len(names_)
        points_by_place = race_points(n)
        points = [0] * n
        for p, s in enumerate(self.at):
            points[s] = points_by_place[p]
            self.scores[s] += points[s]
            self.race_points[s].append(points[s])
        winner = self.at[0]
        self.wins[winner] += 1
        self.last_race = {"race": self.race, "places": list(self.at), "points": points}
        self.order = []
        self.acted = 0
        events.append(self.say(
            f"Race {self.race} is over: {names_[winner]} leads and wins it. "
            + ", ".join(f"{names_[s]} {points[s]}" for s in self.at) + ".",
            "race", None, places=list(self.at), points=points))
        if self.race >= self.races:
            self.phase = OVER
            self._outcome = self._score()
            events.append(self.say(self._outcome.summary, "game_over"))
            return
        self.phase = SCORED
        self.dealer = self.at[-1]
        events.append(self.say(
            "Points: " + ", ".join(f"{names_[s]} {self.scores[s]}" for s in range(n))
            + f". {names_[self.dealer]}, last, deals race {self.race + 1}.", "score"))

    def _score(self) -> Outcome:
        names_ = self.players
        n = len(names_)
        keys = [(self.scores[s], self.wins[s]) for s in range(n)]
        details = [("races " + " ".join(map(str, self.race_points[s])) + f"; {plural(self.wins[s], 'race')} won")
                   for s in range(n)]
        standings = rank_standings(names_, keys, list(self.scores), details)
        first = [st.seat for st in standings if st.place == 1]
        best = self.scores[first[0]]
        tied = [s for s in range(n) if self.scores[s] == best]
        tiebreaks = ""
        if len(first) == 1:
            w = first[0]
            if self.races == 1:
                summary = f"{names_[w]} wins the race."
            else:
                summary = f"{names_[w]} wins the match with {plural(best, 'point')}"
                if len(tied) > 1:
                    summary += f", tied with {listing(names_[s] for s in tied if s != w)} but with more races won"
                    tiebreaks = (f"{listing(names_[s] for s in tied)} have {best} points: the most races won "
                                 f"breaks the tie ({', '.join(f'{names_[s]} {self.wins[s]}' for s in tied)}).")
                summary += "."
        else:
            summary = (f"A draw: {listing(names_[s] for s in first)} have {plural(best, 'point')} and "
                       f"{plural(self.wins[first[0]], 'race')} won each.")
            tiebreaks = "Equal points and races won: nothing else breaks the tie."
        return Outcome(standings, summary, tiebreaks)

    # -- the contract ------------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.phase in (PLAY, MOVE):
            return [self.order[self.acted]]
        if self.phase == SCORED and self.dealer is not None:
            return [self.dealer]
        return []

    def legal_moves(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == PLAY:
            if self.order[self.acted] != seat:
                return []
            return [Move("play", (c.code,)) for c in by_order(self.up[seat] + self.down[seat], aces_low=True)]
        if phase == MOVE:
            if self.order[self.acted] != seat:
                return []
            return [STAY] + [Move("swap", (p,)) for p in self.targets()]
        if phase == SCORED and seat == self.dealer:
            return [DEAL]
        return []

    def _apply(self, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        kind = move.kind
        if kind == "play":
            self._play(seat, card(move.args[0]), events)
        elif kind == "swap":
            self._move(seat, move.args[0], events)
        elif kind == "stay":
            self._move(seat, None, events)
        else:  # deal
            self._start_race(events)
        return events

    def outcome(self) -> Outcome | None:
        return self._outcome

    def length(self) -> int:
        """The rounds played to the end, over every race."""
        done = (self.race - 1) * ROUNDS + self.round - 1
        return done + 1 if self.phase in (SCORED, OVER) else done

    def places(self) -> Iterator[Place]:
        yield Place(self.deck)
        for s in range(len(self.players)):
            yield Place(self.down[s], (s,))
            yield Place(self.up[s], EVERYONE)
        for pile in self.piles:
            yield Place(pile, EVERYONE)

    def view(self, seat: int | None = None) -> ParticleView:
        n = len(self.players)
        me = seat if seat is not None and 0 <= seat < n else None
        outcome = self._outcome
        last = self.last_race
        live = self.phase in (PLAY, MOVE)
        return {
            "race": self.race,
            "races": self.races,
            "round": self.round,
            "rounds": ROUNDS,
            "phase": self.phase,
            "piles": [[c.code for c in pile] for pile in self.piles],
            "ranks": self.ranks(),
            "at": list(self.at),
            "place": [self.place_of(s) for s in range(n)],
            "order": list(self.order),
            "acting": self.acting() if live else None,
            "played": self.played.code if self.played is not None else None,
            "targets": self.targets(),
            "up": [[c.code for c in h] for h in self.up],
            "down": [len(h) for h in self.down],
            "hidden": None if me is None else [c.code for c in self.down[me]],
            "plays": [list(p) for p in self.plays],
            "scores": list(self.scores),
            "race_points": [list(r) for r in self.race_points],
            "wins": list(self.wins),
            "last_race": None if last is None else {
                "race": last["race"], "places": list(last["places"]), "points": list(last["points"])},
            "dealer": self.dealer,
            "deck": len(self.deck),
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["deck"] = list(self.deck)
        state["piles"] = [list(p) for p in self.piles]
        state["up"] = [list(h) for h in self.up]
        state["down"] = [list(h) for h in self.down]
        state["race_points"] = [list(r) for r in self.race_points]
        for key in ("at", "order", "plays", "scores", "wins"):
            state[key] = list(state[key])
        # last_race is replaced whole, never changed in place

    # -- words ----------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names_ = self.players
        me = names_[seat]
        kind = move.kind
        if kind not in _KINDS:
            return (f"Particle Stream has no {shorten(kind)} move: a player plays a card, then swaps with the "
                    "target or stays; the last of a race deals the next.")
        waiting = listing(names_[s] for s in self.to_act())
        if kind == "deal":
            if self.phase != SCORED:
                return f"Race {self.race} is still being run: the next race is dealt once it is over."
            if move.args:
                return "Dealing takes nothing more: Move('deal')."
            return f"{waiting}, last in race {self.race}, deals the next race, not {me}."
        if self.phase == SCORED:
            return f"Race {self.race} is over: {waiting} deals the next race."
        if self.acting() != seat:
            return (f"It is {waiting}'s turn, not {me}'s: this round the players act front first "
                    f"({', '.join(names_[s] for s in self.order)}).")
        if kind == "play":
            if self.phase == MOVE:
                return f"{me} has played a card this round: now swap with the target or stay."
            if len(move.args) != 1 or type(move.args[0]) is not str:
                return "A play names one card by its code (as 9S or 10H)."
            try:
                c = card(move.args[0])
            except ValueError:
                return f"{shorten(move.args[0])} is not a card: name one by its rank and suit, as 9S or 10H."
            if c.joker or c.deck != 1:
                return "This game plays with one deck and no jokers."
            if c in self.up[seat] or c in self.down[seat]:
                return f"Name {c.name} by its code, {c.code}."
            if any(c in pile for pile in self.piles):
                return f"{_capital(c.name)} lies on the track: play a card of {me}'s hand."
            return f"{_capital(c.name)} is not in {me}'s hand."
        if self.phase == PLAY:
            return f"{me} plays a card first: the card played decides the target."
        if kind == "stay":
            return "Staying takes nothing more: Move('stay')."
        if len(move.args) != 1 or type(move.args[0]) is not int:
            return "A swap names the place of the pile to swap with (0 is the front)."
        to = move.args[0]
        n = len(self.players)
        if not 0 <= to < n:
            return f"There is no place {shorten(to)} on the track: the places are 0 (the front) to {n - 1}."
        goal = self.targets()
        assert self.played is not None
        if to == self.place_of(seat):
            return f"{me} stands beside the {ordinal(to)} pile already: swap with a target or stay."
        return (f"The {ordinal(to)} pile ({names_[self.at[to]]}'s, {rank_words(self.ranks()[to])}) is no target: "
                f"after {self.played.name} the target is the pile{'s' if len(goal) > 1 else ''} of "
                f"{rank_words(self.ranks()[goal[0]])} ({listing(ordinal(p) for p in goal)}).")

    def describe_move(self, move: Move) -> str:
        kind = move.kind
        if kind == "deal" and not move.args:
            return f"Deal race {self.race + 1}"
        if kind == "stay" and not move.args:
            return "Stay"
        if kind == "play" and len(move.args) == 1:
            try:
                c = card(move.args[0])
            except ValueError:
                return str(move)
            return f"Play {short(c)}"
        if kind == "swap" and len(move.args) == 1 and type(move.args[0]) is int and 0 <= move.args[0] < len(self.at):
            p = move.args[0]
            return f"Swap with {self.players[self.at[p]]} ({ordinal(p)})"
        return str(move)


_RANK_PLURALS = {1: "aces", 2: "2s", 3: "3s", 4: "4s", 5: "5s", 6: "6s", 7: "7s", 8: "8s", 9: "9s",
                 10: "10s", 11: "jacks", 12: "queens", 13: "kings"}


def rank_name(r: int) -> str:
    """A rank on the track: "ace", "7", "king"."""
    return {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(r, str(r))


def rank_words(r: int) -> str:
    """A rank on the track, in the plural: "aces", "7s", "kings"."""
    return _RANK_PLURALS[r]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
