"""Darwinian Poker: hands of four cards evolve by capturing from a face-up Ooze; after the deck runs
out, the best poker hand wins.

A round: four cards are dealt face up into the Ooze. Every surviving player plants one card of their
hand face down as a seed (each with their own move, in any order: `to_act` lists everyone still to
plant). When the last seed is planted they are all revealed and played from the highest (rank, aces
high, then clubs < diamonds < hearts < spades): each seed takes every Ooze card of its suit or its
rank into its owner's hand, then falls into the Ooze itself, where a later seed may take it. What is
left of the Ooze is discarded face up. A player whose hand is then empty goes extinct.

The round whose Ooze takes the last cards of the deck is the last (52 cards less four a player
always leave a whole number of Oozes). Then the survivors show their hands and the best poker hand,
the best five of all a player holds, wins. The game also ends as soon as one player or none survives.

Moves: `Move("plant", ("9S",))`, a card of the planter's hand by its code; the only kind there is.

The view (`view(seat)`, `DarwinianPokerView`; cards are codes, hands sorted highest first as the
seeds would play), besides the engine's common fields (players, viewer, to_act: the seats still to
plant, over, result, winners):
  round, rounds (all the deck holds), deck (cards left: a count),
  ooze (this round's face-up cards, [] once the game is over), hand (the viewer's own; None for the table),
  seed (the viewer's own planted seed this round, or None),
  species: one per seat {name, cards (a count), planted, extinct, extinct_round, shown (None, or at the
  end {cards, best (the five that count), hand (its name)})},
  discard (every discarded card, face up, oldest first),
  last_round (None, or the last reveal: {round, ooze, plays: [{seat, seed, taken, cards}] in the order
  played, discarded, extinct (seats)}), tiebreaks (None while the game goes on).

Who sees what (`places`): each hand and each planted seed by its owner; the deck by nobody; the Ooze,
the discards and every card that has once lain face up before everyone (`public`: a captured card, a
revealed seed, a hand shown at the end) by everyone.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, TypedDict

from tabletop_tui.rules.components.cards import STANDARD, Card, by_order, card, names
from tabletop_tui.rules.components.poker import best_hand
from tabletop_tui.rules.engine import EVERYONE, Event, Game, Move, Outcome, Place, Standing, View, rank_standings
from tabletop_tui.rules.words import listing, plural, shorten

HAND_SIZE = 4
OOZE_SIZE = 4

#: One seed's play: (seat, seed, the Ooze cards it took).
Play = tuple[int, Card, list[Card]]


class ShownHand(TypedDict):
    """A hand laid down at the end, as the view shows it."""

    cards: list[str]  # all the cards held, highest first
    best: list[str]  # the five (or fewer) that count
    hand: str  # its name ("Full House, aces over kings")


class LaidDown(ShownHand):
    """A hand laid down at the end, as the game keeps it: with its value (`poker.hand_value`)."""

    value: int


class SpeciesView(TypedDict):
    name: str
    cards: int
    planted: bool
    extinct: bool
    extinct_round: int | None
    shown: ShownHand | None


class PlayRecord(TypedDict):
    seat: int
    seed: str
    taken: list[str]
    cards: int  # the cards the seat then holds


class LastRound(TypedDict):
    round: int
    ooze: list[str]
    plays: list[PlayRecord]
    discarded: list[str]
    extinct: list[int]


class DarwinianPokerView(View):
    round: int
    rounds: int
    deck: int
    ooze: list[str]
    hand: list[str] | None
    seed: str | None
    species: list[SpeciesView]
    discard: list[str]
    last_round: LastRound | None
    tiebreaks: str | None


def play_order(seeds: Iterable[Card]) -> list[Card]:
    """Seeds (cards) in the order they are played: highest rank first (aces high), and between cards
    of one rank spades, hearts, diamonds, clubs."""
    return sorted(seeds, reverse=True)


def captures(seed: Card, ooze: Iterable[Card]) -> list[Card]:
    """The Ooze cards a seed takes: those of its suit or of its rank."""
    return [c for c in ooze if c.suit == seed.suit or c.rank == seed.rank]


def resolve(seeds: dict[int, Card], ooze: list[Card]) -> tuple[list[Play], list[Card]]:
    """Play the seeds ({seat: card}) into the Ooze, highest first. Returns the plays, (seat, seed,
    cards taken) in order, and what is left of the Ooze (the discards)."""
    pool = list(ooze)
    plays: list[Play] = []
    by_card = {c: s for s, c in seeds.items()}
    for seed in play_order(seeds.values()):
        taken = captures(seed, pool)
        if taken:
            pool = [c for c in pool if c not in taken]
        pool.append(seed)
        plays.append((by_card[seed], seed, taken))
    return plays, pool


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def short_name(c: Card) -> str:
    """"9 of spades", "ace of hearts" (a card's name without its article)."""
    return c.name.removeprefix("the ")


class DarwinianPoker(Game):
    id = "darwinian-poker"
    title = "Darwinian Poker"
    score_label = "Hand"
    min_players = 2
    max_players = 6
    rules_version = 1
    hidden_information = True
    chance = "a card dealt or a seed revealed"
    #: At most 13 - n rounds of n seeds: 42 moves with six players.
    move_limit = 200

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        n = len(self.players)
        self.deck: list[Card] = list(STANDARD)
        self.rng.shuffle(self.deck)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.seeds: list[Card | None] = [None] * n  # this round's planted seeds (face down)
        self.extinct_round: list[int | None] = [None] * n
        self.ooze: list[Card] = []
        self.discard: list[Card] = []
        self.public: set[str] = set()  # every card that has been face up for the whole table
        self.round = 0
        self.last_round: LastRound | None = None
        self.laid_down: list[LaidDown | None] = [None] * n  # the hands laid down at the end
        self.over = False
        self._outcome: Outcome | None = None
        for _ in range(HAND_SIZE):
            for s in range(n):
                self.hands[s].append(self.deck.pop())
        self.log.append(self.say(
            f"{listing(self.players)} are each dealt four cards; {plural(len(self.deck), 'card')} stay in the "
            f"deck, enough for {plural(len(self.deck) // OOZE_SIZE, 'round')}.", "deal"))
        for s in range(n):
            hand = by_order(self.hands[s])[::-1]
            self.log.append(self.tell(s, f"{self.players[s]} is dealt {names(hand)}.", kind="deal", seat=s,
                                      cards=[c.code for c in hand]))
        self._start_round(self.log)

    # -- helpers -------------------------------------------------------------------------------------

    def alive(self) -> list[int]:
        return [s for s in range(len(self.players)) if self.extinct_round[s] is None]

    def waiting(self) -> list[int]:
        """The surviving seats that have not planted yet this round."""
        if self.over:
            return []
        return [s for s in range(len(self.players)) if self.extinct_round[s] is None and self.seeds[s] is None]

    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        count = min(OOZE_SIZE, len(self.deck))
        self.ooze = [self.deck.pop() for _ in range(count)]
        self.public.update(c.code for c in self.ooze)
        left = len(self.deck)
        tail = ("this is the last round" if not left
                else f"{plural(left, 'card')} left in the deck")
        events.append(self.say(
            f"Round {self.round}: {names(self.ooze)} are dealt into the Ooze ({tail}).",
            "ooze", None, round=self.round, ooze=[c.code for c in self.ooze]))

    def _resolve(self, events: list[Event]) -> None:
        names_ = self.players
        seeds = {s: self._seed(s) for s in self.alive()}
        self.public.update(c.code for c in seeds.values())
        # The reveal is final even where no seed was a card unseen: a seat whose cards were all
        # captured from the Ooze holds only cards everyone saw, and which of them it planted is what the
        # reveal shows (the places say where each card may be, not which of a hand's cards is the seed).
        self.revealed()
        ooze = list(self.ooze)
        plays, left = resolve(seeds, ooze)
        order = [(s, c) for s, c, _ in plays]
        events.append(self.say(
            "The seeds are revealed, and play from the highest: "
            + listing(f"{names_[s]} {c.name}" for s, c in order) + ".",
            "reveal", None, seeds=[[s, c.code] for s, c in order]))
        record: list[PlayRecord] = []
        for s, seed, taken in plays:
            self.hands[s].extend(taken)
            if taken:
                text = (f"{possessive(names_[s])} {short_name(seed)} takes {names(by_order(taken)[::-1])}"
                        ", then falls into the Ooze.")
            else:
                text = f"{possessive(names_[s])} {short_name(seed)} takes nothing and falls into the Ooze."
            events.append(self.say(text, "capture", s, seed=seed.code, taken=[c.code for c in taken]))
            record.append({"seat": s, "seed": seed.code, "taken": [c.code for c in taken],
                           "cards": len(self.hands[s])})
        self.discard.extend(left)
        self.ooze = []
        events.append(self.say(f"The rest of the Ooze is discarded: {names(left)}.", "discard", None,
                               cards=[c.code for c in left]))
        died = []
        for s in seeds:
            self.seeds[s] = None
            if not self.hands[s]:
                self.extinct_round[s] = self.round
                died.append(s)
                events.append(self.say(f"{possessive(names_[s])} hand is empty: {names_[s]} goes extinct.",
                                       "extinct", s))
        self.last_round = {"round": self.round, "ooze": [c.code for c in ooze], "plays": record,
                           "discarded": [c.code for c in left], "extinct": died}
        alive = self.alive()
        if not self.deck or len(alive) <= 1:
            self._showdown(events)
        else:
            self._start_round(events)

    def _showdown(self, events: list[Event]) -> None:
        names_ = self.players
        alive = self.alive()
        if len(alive) > 1:
            events.append(self.say("The deck is empty: showdown! Every survivor shows their hand.", "showdown"))
        elif alive and self.deck:
            events.append(self.say(f"{names_[alive[0]]} is the last survivor, so the game ends at once.",
                                   "showdown"))
        elif alive:
            events.append(self.say("The deck is empty and only one player survives.", "showdown"))
        for s in alive:
            hand = by_order(self.hands[s])[::-1]
            best = best_hand(hand)
            self.laid_down[s] = {"cards": [c.code for c in hand], "best": [c.code for c in best.cards],
                                 "hand": best.name, "value": best.value}
            self.public.update(c.code for c in hand)
            events.append(self.say(
                f"{names_[s]} shows {plural(len(hand), 'card')}: {best.name} ("
                + ", ".join(short_name(c) for c in best.cards) + ").",
                "show", s, cards=[c.code for c in hand], best=[c.code for c in best.cards], hand=best.name))
        self.over = True
        self._outcome = self._score()
        events.append(self.say(self._outcome.summary, "game_over"))

    def _laid(self, seat: int) -> LaidDown:
        """The hand `seat` laid down at the showdown (a survivor's, once the game is over)."""
        laid = self.laid_down[seat]
        assert laid is not None, f"seat {seat} laid no hand down"
        return laid

    def _seed(self, seat: int) -> Card:
        """The seed `seat` planted this round (one that has planted)."""
        seed = self.seeds[seat]
        assert seed is not None, f"seat {seat} planted no seed"
        return seed

    def _score(self) -> Outcome:
        names_ = self.players
        n = len(names_)
        keys: list[tuple[int, int]] = []
        scores: list[str] = []
        details: list[str] = []
        for s in range(n):
            laid = self.laid_down[s]
            if laid is not None:
                keys.append((1, laid["value"]))
                scores.append(laid["hand"])
                details.append(" ".join(laid["best"]) + f" (of {plural(len(laid['cards']), 'card')})")
            else:
                r = self.extinct_round[s]
                assert r is not None  # a seat with no hand laid down went extinct
                keys.append((0, r))
                scores.append("extinct")
                details.append(f"extinct in round {r}")
        standings = rank_standings(names_, keys, scores, details)
        winners = [st.seat for st in standings if st.place == 1]
        alive = self.alive()
        extinct = [s for s in range(n) if s not in alive]
        if not alive:
            r_first = self.extinct_round[winners[0]]
            summary = (f"Nobody survives: {listing(names_[s] for s in winners)} "
                       + ("lasted longest, going extinct in round" if len(winners) == 1
                          else "lasted longest, all going extinct in round")
                       + f" {r_first}, and {'wins' if len(winners) == 1 else 'share first place: a draw'}.")
        elif len(alive) == 1:
            w = alive[0]
            summary = f"{names_[w]} is the last survivor and wins, holding {self._laid(w)['hand']}."
        else:
            hand = self._laid(winners[0])["hand"]
            if len(winners) == 1:
                summary = f"{names_[winners[0]]} wins the showdown with {hand}"
            else:
                summary = f"A draw: {listing(names_[s] for s in winners)} share first place, each with {hand}"
            beaten = [s for s in alive if s not in winners]
            beaten.sort(key=lambda s: -self._laid(s)["value"])
            if beaten:
                summary += ", over " + listing(f"{names_[s]} ({self._laid(s)['hand']})" for s in beaten)
            summary += "."
        if extinct and alive:
            summary += " " + listing(f"{names_[s]} (round {self.extinct_round[s]})" for s in extinct) + " went extinct."
        return Outcome(standings, summary, self._tiebreak_words(standings))

    def _tiebreak_words(self, standings: list[Standing]) -> str:
        names_ = self.players
        sentences = []
        by_place: dict[int, list[int]] = {}
        for st in standings:
            by_place.setdefault(st.place, []).append(st.seat)
        for place, group in sorted(by_place.items()):
            if len(group) < 2:
                continue
            laid = self.laid_down[group[0]]
            if laid is not None:
                sentences.append(f"{listing(names_[s] for s in group)} hold equal hands "
                                 f"({laid['hand']}) and share a place: suits never break a tie.")
            else:
                sentences.append(f"{listing(names_[s] for s in group)} went extinct in the same round and "
                                 "share a place.")
        if any(r is not None for r in self.extinct_round) and self.alive():
            sentences.append("Extinct players come after every survivor, the later extinct placed higher.")
        return " ".join(sentences)

    # -- the contract ------------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return self.waiting()

    def legal_moves(self, seat: int) -> list[Move]:
        if self.over or self.extinct_round[seat] is not None or self.seeds[seat] is not None:
            return []
        return [Move("plant", (c.code,)) for c in by_order(self.hands[seat])[::-1]]

    def _apply(self, seat: int, move: Move) -> list[Event]:
        c = card(move.args[0])
        self.hands[seat].remove(c)
        self.seeds[seat] = c
        me = self.players[seat]
        events = [self.tell(seat, f"{me} plants {c.name} as a seed.", public=f"{me} plants a seed.", kind="plant",
                            seat=seat, card=c.code)]
        if not self.waiting():
            self._resolve(events)
        return events

    def outcome(self) -> Outcome | None:
        return self._outcome

    def places(self) -> Iterator[Place]:
        for s, hand in enumerate(self.hands):
            yield Place(hand, (s,))
            seed = self.seeds[s]
            if seed is not None:
                yield Place((seed,), (s,))  # face down: its planter's alone until the reveal
        yield Place(self.deck)
        yield Place(self.ooze, EVERYONE)
        yield Place(self.discard, EVERYONE)
        yield Place(self.public, EVERYONE)  # captured cards, revealed seeds, hands shown: wherever they lie

    def view(self, seat: int | None = None) -> DarwinianPokerView:
        me = seat if seat is not None and 0 <= seat < len(self.players) else None
        outcome = self._outcome
        species: list[SpeciesView] = []
        for s, name in enumerate(self.players):
            laid = self.laid_down[s]
            species.append({
                "name": name,
                "cards": len(self.hands[s]),
                "planted": self.seeds[s] is not None,
                "extinct": self.extinct_round[s] is not None,
                "extinct_round": self.extinct_round[s],
                "shown": None if laid is None else {
                    "cards": list(laid["cards"]), "best": list(laid["best"]), "hand": laid["hand"]},
            })
        last = self.last_round
        seed = None if me is None else self.seeds[me]
        return {
            "round": self.round,
            "rounds": self.round + len(self.deck) // OOZE_SIZE,
            "deck": len(self.deck),
            "ooze": [c.code for c in self.ooze],
            "hand": None if me is None else [c.code for c in by_order(self.hands[me])[::-1]],
            "seed": None if seed is None else seed.code,
            "species": species,
            "discard": [c.code for c in self.discard],
            "last_round": None if last is None else {
                "round": last["round"], "ooze": list(last["ooze"]),
                "plays": [{"seat": p["seat"], "seed": p["seed"], "taken": list(p["taken"]), "cards": p["cards"]}
                          for p in last["plays"]],
                "discarded": list(last["discarded"]), "extinct": list(last["extinct"])},
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["deck"] = list(self.deck)
        state["hands"] = [list(h) for h in self.hands]
        for key in ("seeds", "extinct_round", "ooze", "discard", "laid_down"):
            state[key] = list(state[key])
        state["public"] = set(self.public)

    # -- words ----------------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names_ = self.players
        me = names_[seat]
        if move.kind != "plant":
            return (f"Darwinian Poker has no {shorten(move.kind)} move: each round every surviving player "
                    "plants one card of their hand as a seed.")
        if self.extinct_round[seat] is not None:
            return f"{me} went extinct in round {self.extinct_round[seat]} and plants no more seeds."
        if self.seeds[seat] is not None:
            others = [names_[s] for s in self.waiting()]
            return (f"{me} has already planted a seed this round; waiting for {listing(others)} to plant.")
        if len(move.args) != 1 or type(move.args[0]) is not str:
            return "A seed is one card of your hand, named by its code (as 9S or 10H)."
        try:
            c = card(move.args[0])
        except ValueError:
            return f"{shorten(move.args[0])} is not a card: name one by its rank and suit, as 9S or 10H."
        if c.joker:
            return "This game plays without jokers."
        if c.deck != 1:
            return f"This game plays with one deck: there is one {short_name(c)}, and its code is {c.code[:-2]}."
        if c in self.hands[seat]:
            return f"Name {c.name} by its code, {c.code}."
        if c in self.ooze:
            return f"{c.name[0].upper()}{c.name[1:]} lies in the Ooze: a seed comes from {possessive(me)} own hand."
        return f"{c.name[0].upper()}{c.name[1:]} is not in {possessive(me)} hand."

    def describe_move(self, move: Move) -> str:
        if move.kind == "plant" and len(move.args) == 1:
            try:
                return f"Plant {card(move.args[0]).name}"
            except ValueError:
                pass
        return str(move)
