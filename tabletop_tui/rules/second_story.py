"""Second Story: push-your-luck burgling with the Decktet and two ten-sided dice.

Each turn is one night. The top card of the deck is the house; its rank is the security and its suits
are the loot. A thorough job rolls one die against the rank for a chip of each suit; a quick job rolls
both dice and needs either one to make it, for one chip. A failed roll drops the bag (its chips go
back to the bank) and ends the night. After a success the thief ends the night (the bag goes home to
the lair) or goes on to another house. When a turn ends with a suit gone from the bank, everyone gets
one last turn. A lair scores its second most numerous suit; the third, fourth ... break ties.

Dice: `self.rng.die(10)` gives 1-10; 10 is the die's "0" face (shown as 0, counts 10, always makes it).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, TypedDict

from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.components.chips import Pile
from tabletop_tui.rules.components.decktet import SUITS, Card
from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, Standing, View, rank_standings
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.words import listing

CHIPS_PER_SUIT = 10

# phases: what the game waits for
JOB, TAKE, CONTINUE, FAILED, OVER = "job", "take", "continue", "failed", "over"

#: Jobs: the move kind -> (dice rolled, label). Numbers and Crowns use thorough/quick; tenements use flats.
NUMBER_JOBS = ("thorough", "quick")
FLAT_JOBS = ("one_flat", "several_flats", "all_flats")
JOBS = NUMBER_JOBS + FLAT_JOBS
#: what a tenement job needs on its one die, and how many chips it gives
FLAT_TARGET = {"one_flat": 3, "several_flats": 6, "all_flats": 9}
FLAT_CHIPS = {"one_flat": 1, "several_flats": 2, "all_flats": 3}
JOB_WORDS = {
    "thorough": "a thorough job",
    "quick": "a quick job",
    "one_flat": "one flat",
    "several_flats": "several flats",
    "all_flats": "all the flats",
}

END_NIGHT = Move("end_night")
GO_ON = Move("go_on")
EXCUSE = Move("excuse")
SECOND_CHANCE = Move("second_chance")
BUST = Move("bust")
JOB_MOVES = {k: Move(k) for k in JOBS}

_CARD_ORDER = {c.name: i for i, c in enumerate(decktet.ALL_CARDS)}
ORDINALS = ("most numerous", "second", "third", "fourth", "fifth", "sixth")
_MOVE_KINDS = set(JOBS) | {"take", "end_night", "go_on", "excuse", "second_chance", "bust"}


# --------------------------------------------------------------------------------------------
# Plain helpers (also used by the computer player through the view)


def face(value: int) -> int:
    """The face a d10 shows: 10 is the '0' face."""
    return value % 10


def single_die_odds(target: int) -> float:
    """Chance that one d10 (1-10, the 0 face counting 10) meets `target`."""
    target = max(1, min(10, target))
    return (11 - target) / 10


def either_die_odds(target: int) -> float:
    """Chance that at least one of two d10 meets `target`."""
    miss = 1 - single_die_odds(target)
    return 1 - miss * miss


def score_chain(counts: Mapping[str, int]) -> list[int]:
    """The six suit counts of a lair, most numerous first. chain[1] is the score."""
    return sorted((counts.get(s, 0) for s in SUITS), reverse=True)


def card_kind(card: Card) -> str:
    if card.rank == decktet.EXCUSE:
        return "excuse"
    if card.rank == decktet.PAWN:
        return "pawn"
    if card.rank == decktet.COURT:
        return "court"
    if card.is_ace:
        return "ace"
    if card.is_crown:
        return "crown"
    return "number"


class CardData(TypedDict):
    """A card as the view shows it."""

    name: str
    rank: str  # "Ace", "2".."9", "Crown", "Pawn", "Court", "Excuse"
    kind: str  # "ace", "number", "crown", "pawn", "court", "excuse"
    security: int | None  # the rank a roll must meet (None for a tenement or the Excuse)
    suits: list[str]


class Roll(TypedDict):
    """The last roll of the dice."""

    seat: int  # who rolled
    job: str
    card: str
    target: int
    faces: list[int]  # as the dice show them (0 for 10)
    values: list[int]  # 1-10
    hits: list[bool]
    success: bool
    reroll: str | None  # None, "excuse" or "second_chance"


def card_dict(card: Card) -> CardData:
    kind = card_kind(card)
    rank = card.rank
    return {
        "name": card.name,
        "rank": rank if isinstance(rank, str) else card.rank_label,
        "kind": kind,
        "security": rank if isinstance(rank, int) and kind in ("ace", "number", "crown") else None,
        "suits": list(card.suits),
    }


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_card(card: Card) -> str:
    """'the Castle (7: Suns and Knots)', 'the Huntress (Crown: Moons)'."""
    if card.rank == decktet.EXCUSE:
        return "the Excuse"
    if card.is_ace:
        return card.name
    label = card.rank if isinstance(card.rank, str) else card.rank_label
    return f"{card.name} ({label}: {listing(list(card.suits))})"


def describe_chips(chips: Mapping[str, int]) -> str:
    """'a Suns chip', 'a Suns chip and 2 Knots chips'."""
    parts = []
    for s in SUITS:
        n = chips.get(s, 0)
        if n == 1:
            parts.append(f"a {s} chip")
        elif n > 1:
            parts.append(f"{n} {s} chips")
    return listing(parts) if parts else "nothing"


# --------------------------------------------------------------------------------------------
# The game


class SecondStoryView(View):
    current: int
    first_player: int
    phase: str
    night: int
    house: CardData | None
    revealed: list[CardData]  # the cards turned tonight (Aces and houses), the house last
    job: str | None
    take_count: int
    odds: dict[str, float]
    last_roll: Roll | None
    bag: dict[str, int]
    lairs: list[dict[str, int]]
    bank: dict[str, int]
    excuse_in_game: bool
    excuse_where: str | None
    excuse_holder: int | None
    excuse_beside_bag: bool
    deck_size: int
    deck_count: int
    discard_count: int
    discard: list[str]
    last_night: bool
    final_turns: list[int]
    scores: list[int]
    chains: list[list[int]]
    options: dict[str, Any]
    tiebreaks: str | None


class SecondStory(Game):
    id = "second-story"
    title = "Second Story"
    score_label = "Second suit"
    min_players = 2
    max_players = 5
    #: 2: a missed second chance drops the bag at once (version 1 kept it while another second chance
    #: was open: its records replay with `second_chance_miss` "keep")
    rules_version = 2
    migrations = {1: old_reading(second_chance_miss="keep")}
    chance = "a roll of the dice or a turned card"
    hidden_information = False
    move_limit = 5000
    length_unit = "turns"
    OPTIONS = (
        Option("excuse", "The Excuse", "bool", False,
               help="Shuffle in the Excuse: kept beside the bag, taken home on a chosen end of night, "
                    "then discarded on a later night to reroll a failed roll."),
        Option("pawns", "The Pawns", "bool", False,
               help="Shuffle in the four Pawns: tenements robbed one flat (3+), several (6+) or all (9+)."),
        Option("courts", "The Courts", "bool", False,
               help="Shuffle in the four Courts: tenements like the Pawns."),
        Option("second_chance_miss", "A missed second chance", "choice", "drop",
               help="A second chance on a Crown that misses loses the whole bag, the risked chip with it, "
                    "at once: a further second chance risks only its own chip. Or the bag is kept while "
                    "another second chance is open, and a later success saves every chip risked.",
               choices=(("drop", "drops the bag at once"), ("keep", "keeps it while another chance is open"))),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        opts = self.options
        n = len(self.players)
        self.deck: list[Card] = decktet.deck(excuse=opts["excuse"], pawns=opts["pawns"], courts=opts["courts"])
        self.deck_size = len(self.deck)
        self.discard: list[Card] = []
        self.table: list[Card] = []  # cards revealed tonight (Aces and houses), the house last
        self.bank = Pile({s: CHIPS_PER_SUIT for s in SUITS})
        self.bag = Pile()
        self.lairs = [Pile() for _ in range(n)]
        # the Excuse: "out" (not in this game), "deck", "discard", "beside" (beside tonight's bag), "lair"
        self.excuse_where = "deck" if opts["excuse"] else "out"
        self.excuse_holder: int | None = None
        self.phase = JOB
        self.job: str | None = None  # the job being tried on the house
        self.take_count = 0  # chips still to choose in the TAKE phase
        self.last_roll: Roll | None = None
        self.night = 0  # turns begun
        self.last_night = False
        self.final_turns: list[int] = []  # seats whose final turn has not ended (the current one first)
        self._outcome: Outcome | None = None

        self.first_player = self.rng.randint(0, n - 1)
        self.current = self.first_player
        self.rng.shuffle(self.deck)
        extras = [w for w, on in (("the Excuse", opts["excuse"]), ("the Pawns", opts["pawns"]),
                                  ("the Courts", opts["courts"])) if on]
        deck_words = f"The {self.deck_size}-card deck"
        if extras:
            deck_words += f" (with {listing(extras)})"
        self.log.append(self.say(
            f"{deck_words} is shuffled and the bank holds {CHIPS_PER_SUIT} chips of each suit. "
            f"{self.players[self.first_player]} is drawn at random to burgle first.",
            "setup", self.first_player, first=self.first_player))
        self._start_turn(self.log)

    # -- the flow of a night -------------------------------------------------------------------------

    @property
    def house(self) -> Card | None:
        if self.phase in (JOB, TAKE, CONTINUE, FAILED) and self.table:
            return self.table[-1]
        return None

    def _start_turn(self, events: list[Event]) -> None:
        self.night += 1
        self.phase = JOB
        self.job = None
        name = self.players[self.current]
        if self.last_night:
            events.append(self.say(f"{name}'s final night begins.", "turn", self.current))
        else:
            events.append(self.say(f"{name}'s night begins.", "turn", self.current))
        self._flip(events)

    def _draw(self, events: list[Event]) -> Card | None:
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            if self.excuse_where == "discard":
                self.excuse_where = "deck"
            self.rng.shuffle(self.deck)
            events.append(self.say(
                f"The deck is spent: the discard pile ({len(self.deck)} cards) is shuffled into a new deck.",
                "reshuffle"))
        card = self.deck.pop()
        self.revealed()
        return card

    def _flip(self, events: list[Event]) -> None:
        """Flip cards until a house stands (Aces and the Excuse flip another)."""
        seat = self.current
        name = self.players[seat]
        while True:
            card = self._draw(events)
            if card is None:
                events.append(self.say(
                    "Every card is on the table and there is no house left to visit tonight, "
                    f"so {name} takes the bag home.", "exhausted", seat))
                self._end_turn(events, by_choice=True)
                return
            if card.rank == decktet.EXCUSE:
                self.excuse_where = "beside"
                events.append(self.say(
                    f"{name} flips the Excuse and sets it beside the bag; another card is flipped.",
                    "excuse_found", seat, card=card.name))
                continue
            self.table.append(card)
            if card.is_ace:
                suit = card.suits[0]
                if self.bag[suit]:
                    self.bag.move_to(self.bank, suit)
                    text = (f"{name} flips the {card.name}: bad luck, a {suit} chip falls out of the bag "
                            "and goes back to the bank. Another card is flipped.")
                    effect = "lose"
                elif self.bank[suit]:
                    self.bank.move_to(self.bag, suit)
                    text = (f"{name} flips the {card.name}: good luck, {name} bags a {suit} chip. "
                            "Another card is flipped.")
                    effect = "gain"
                else:
                    text = (f"{name} flips the {card.name}, but the bank has no {suit} left: nothing happens. "
                            "Another card is flipped.")
                    effect = "none"
                events.append(self.say(text, "ace", seat, card=card.name, effect=effect))
                continue
            self.phase = JOB
            self.job = None
            events.append(self.say(f"{name} comes to {describe_card(card)}.", "house", seat, card=card.name))
            return

    def _target(self, job: str, card: Card) -> int:
        if job in FLAT_TARGET:
            return FLAT_TARGET[job]
        rank = card.rank
        assert isinstance(rank, int), "numbers, Aces and Crowns are guarded at their rank"
        return rank

    def _roll(self, seat: int, job: str, events: list[Event], reroll: str | None) -> None:
        card = self.table[-1]
        target = self._target(job, card)
        ndice = 2 if job == "quick" else 1
        values = [self.rng.die(10) for _ in range(ndice)]
        hits = [v >= target for v in values]
        success = any(hits)
        self.job = job
        self.last_roll = {
            "seat": seat,
            "job": job,
            "card": card.name,
            "target": target,
            "faces": [face(v) for v in values],
            "values": values,
            "hits": hits,
            "success": success,
            "reroll": reroll,
        }
        name = self.players[seat]
        rolled = listing([str(face(v)) for v in values])
        need = "a 0" if target >= 10 else f"{target}+"
        if ndice == 2:
            need += " on either die"
        if reroll is None:
            lead = f"{name} tries {JOB_WORDS[job]} at {card.name} (needs {need}) and rolls {rolled}"
        else:
            lead = f"{name} rerolls (needs {need}) and rolls {rolled}"
        if success:
            events.append(Event(f"{lead}: in and out unseen.", "roll", seat, dict(self.last_roll)))
            self._reward(seat, job, card, events)
            return
        events.append(Event(f"{lead}: the guard notices!", "roll", seat, dict(self.last_roll)))
        if reroll == "second_chance" and self.options["second_chance_miss"] == "drop":
            lost = Counter({s: n for s, n in self.bag.items() if n})
            self.bag.empty_into(self.bank)
            verb = "goes" if sum(lost.values()) == 1 else "go"
            events.append(self.say(
                f"The second chance is missed: {name} loses the bag, the risked {card.suits[0]} chip with it; "
                f"{describe_chips(lost)} {verb} back to the bank.", "bag_lost", seat, chips=dict(lost)))
        rerolls = self._rerolls(seat)
        if rerolls:
            self.phase = FAILED
            ways = []
            if EXCUSE in rerolls:
                ways.append("discard the Excuse")
            if SECOND_CHANCE in rerolls:
                ways.append(f"risk a {card.suits[0]} chip from the lair for a second chance")
            events.append(self.say(
                f"{name} may {listing(ways, 'or')} to reroll, or accept the bust.", "reroll_offer", seat))
            return
        self._bust(seat, events)

    def _rerolls(self, seat: int) -> list[Move]:
        out = []
        if self.excuse_where == "lair" and self.excuse_holder == seat:
            out.append(EXCUSE)
        card = self.table[-1]
        if card.is_crown and self.lairs[seat][card.suits[0]] > 0:
            out.append(SECOND_CHANCE)
        return out

    def _available(self, card: Card) -> list[str]:
        return [s for s in card.suits if self.bank[s] > 0]

    def _reward(self, seat: int, job: str, card: Card, events: list[Event]) -> None:
        avail = self._available(card)
        if job in ("thorough", "all_flats"):
            wanted = len(card.suits)
        else:
            wanted = min(FLAT_CHIPS.get(job, 1), len(card.suits))
        name = self.players[seat]
        if len(avail) > wanted:
            self.phase = TAKE
            self.take_count = wanted
            which = "one chip" if wanted == 1 else f"{wanted} chips of different suits"
            events.append(self.say(f"{name} may take {which} from {listing(avail, 'or')}.", "choose", seat))
            return
        self._give(seat, avail, card, events)

    def _give(self, seat: int, suits: list[str], card: Card, events: list[Event]) -> None:
        name = self.players[seat]
        missing = [s for s in card.suits if self.bank[s] == 0]
        got: Counter[str] = Counter()
        for s in suits:
            self.bank.move_to(self.bag, s)
            got[s] += 1
        if got:
            text = f"{name} bags {describe_chips(got)}."
        else:
            text = f"{name} finds nothing to take."
        if missing:
            text += f" The bank has no {listing(missing, 'or')} left."
        events.append(self.say(text, "loot", seat, chips=dict(got)))
        self.phase = CONTINUE
        self.take_count = 0

    def _end_turn(self, events: list[Event], by_choice: bool) -> None:
        seat = self.current
        name = self.players[seat]
        if by_choice:
            carried = Counter({s: n for s, n in self.bag.items() if n})
            self.bag.empty_into(self.lairs[seat])
            text = f"{name} ends the night and carries {describe_chips(carried)} home to the lair"
            if self.excuse_where == "beside":
                self.excuse_where = "lair"
                self.excuse_holder = seat
                text += ", with the Excuse"
            events.append(self.say(text + ".", "home", seat, chips=dict(carried)))
        self.bag = Pile()
        self.discard.extend(self.table)
        self.table = []
        if not self.last_night:
            empty = [s for s in SUITS if self.bank[s] == 0]
            if empty:
                self.last_night = True
                n = len(self.players)
                self.final_turns = [(seat + 1 + i) % n for i in range(n)]
                order = [self.players[s] for s in self.final_turns]
                events.append(self.say(
                    f"The bank has run out of {listing(empty)}: the last night begins. Everyone gets one "
                    f"final turn, in the order {listing(order)}, so {name} plays last.",
                    "last_night", seat, empty=empty))
                self._advance(events)
                return
        else:
            if self.final_turns and self.final_turns[0] == seat:
                self.final_turns.pop(0)
            if not self.final_turns:
                self._finish(events)
                return
        self._advance(events)

    def _advance(self, events: list[Event]) -> None:
        self.current = (self.current + 1) % len(self.players)
        self._start_turn(events)

    def _bust(self, seat: int, events: list[Event]) -> None:
        name = self.players[seat]
        lost = Counter({s: n for s, n in self.bag.items() if n})
        self.bag.empty_into(self.bank)
        if lost:
            verb = "goes" if sum(lost.values()) == 1 else "go"
            text = f"{name} drops the bag and flees: {describe_chips(lost)} {verb} back to the bank."
        else:
            text = f"{name} flees empty-handed."
        if self.excuse_where == "beside":
            self.excuse_where = "discard"
            self.discard.append(decktet.THE_EXCUSE)
            text += " The Excuse found tonight is lost to the discard pile."
        events.append(self.say(text, "bust", seat, chips=dict(lost)))
        self._end_turn(events, by_choice=False)

    def _finish(self, events: list[Event]) -> None:
        self.phase = OVER
        self.job = None
        self._outcome = self._score()
        events.append(self.say(f"The last night is over. {self._outcome.summary}", "over", None))
        if self._outcome.tiebreaks:
            events.append(self.say(self._outcome.tiebreaks, "tiebreak", None))

    # -- scoring -----------------------------------------------------------------------------------------

    def chains(self) -> list[list[int]]:
        return [score_chain(l) for l in self.lairs]

    def _score(self) -> Outcome:
        names = self.players
        chains = self.chains()
        keys = [tuple(c[1:]) for c in chains]
        scores = [c[1] for c in chains]
        details = [f"{c[1]} in the second suit; then {', '.join(map(str, c[2:]))} "
                   f"(the top suit of {c[0]} does not count)" for c in chains]
        standings = rank_standings(names, keys, scores, details)
        tiebreaks, broke = _tiebreak_words(names, chains, standings)
        winners = [st.seat for st in standings if st.place == 1]
        if len(winners) == 1:
            w = winners[0]
            summary = (f"{names[w]} wins with {scores[w]} chip{'s' if scores[w] != 1 else ''} in the second "
                       "most numerous suit of the lair")
            if w in broke:
                summary += ", ahead on the tie-break"
            else:
                runner = standings[1].seat
                summary += f", against {scores[runner]} for {names[runner]}"
            summary += "."
        else:
            summary = (f"A draw: the lairs of {listing([names[w] for w in winners])} are level on every "
                       f"suit that counts ({', '.join(map(str, chains[winners[0]][1:]))}).")
        return Outcome(standings, summary, tiebreaks)

    # -- the contract ------------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.phase == OVER else [self.current]

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase == OVER or seat != self.current:
            return []
        phase = self.phase
        if phase == JOB:
            card = self.table[-1]
            kind = card_kind(card)
            if kind == "crown":
                return [JOB_MOVES["quick"]]
            if kind in ("pawn", "court"):
                return [JOB_MOVES[k] for k in FLAT_JOBS]
            return [JOB_MOVES["thorough"], JOB_MOVES["quick"]]
        if phase == TAKE:
            avail = self._available(self.table[-1])
            if self.take_count == 1:
                return [Move("take", (s,)) for s in avail]
            return [Move("take", (a, b)) for i, a in enumerate(avail) for b in avail[i + 1:]]
        if phase == CONTINUE:
            return [END_NIGHT, GO_ON] if (self.deck or self.discard) else [END_NIGHT]
        if phase == FAILED:
            return self._rerolls(seat) + [BUST]
        return []

    def _apply(self, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        kind = move.kind
        name = self.players[seat]
        if kind in JOB_MOVES:
            self._roll(seat, kind, events, None)
        elif kind == "take":
            self._give(seat, list(move.args), self.table[-1], events)
        elif kind == "end_night":
            self._end_turn(events, by_choice=True)
        elif kind == "go_on":
            events.append(self.say(f"{name} pushes on to another house.", "go_on", seat))
            self._flip(events)
        elif kind == "excuse":
            self.excuse_where = "discard"
            self.excuse_holder = None
            self.discard.append(decktet.THE_EXCUSE)
            events.append(self.say(f"{name} discards the Excuse to talk out of trouble.", "excuse_used", seat))
            assert self.job is not None  # a reroll follows a failed job
            self._roll(seat, self.job, events, "excuse")
        elif kind == "second_chance":
            suit = self.table[-1].suits[0]
            self.lairs[seat].move_to(self.bag, suit)
            events.append(self.say(
                f"{name} risks a {suit} chip from the lair, moving it into the bag, for a second chance.",
                "second_chance", seat, suit=suit))
            assert self.job is not None
            self._roll(seat, self.job, events, "second_chance")
        elif kind == "bust":
            self._bust(seat, events)
        return events

    def turn_order(self) -> list[int]:
        n = len(self.players)
        return [(self.first_player + k) % n for k in range(n)]

    def length(self) -> int:
        return self.night

    def outcome(self) -> Outcome | None:
        return self._outcome

    def odds(self) -> dict[str, float]:
        """The chance each job open on the current house succeeds in one roll."""
        card = self.house
        if card is None:
            return {}
        kind = card_kind(card)
        if kind in ("pawn", "court"):
            return {k: single_die_odds(t) for k, t in FLAT_TARGET.items()}
        rank = card.rank
        assert isinstance(rank, int)
        if kind == "crown":
            return {"quick": either_die_odds(rank)}
        return {"thorough": single_die_odds(rank), "quick": either_die_odds(rank)}

    def view(self, seat: int | None = None) -> SecondStoryView:
        house = self.house
        chains = self.chains()
        outcome = self._outcome
        roll = self.last_roll
        return {
            "current": self.current,
            "first_player": self.first_player,
            "phase": self.phase,
            "night": self.night,
            "house": card_dict(house) if house else None,
            "revealed": [card_dict(c) for c in self.table],
            "job": self.job,
            "take_count": self.take_count if self.phase == TAKE else 0,
            "odds": self.odds(),
            "last_roll": {**roll, "faces": list(roll["faces"]), "values": list(roll["values"]),
                          "hits": list(roll["hits"])} if roll else None,
            "bag": self.bag.as_dict(SUITS),
            "lairs": [l.as_dict(SUITS) for l in self.lairs],
            "bank": self.bank.as_dict(SUITS),
            "excuse_in_game": self.excuse_where != "out",
            "excuse_where": None if self.excuse_where == "out" else self.excuse_where,
            "excuse_holder": self.excuse_holder,
            "excuse_beside_bag": self.excuse_where == "beside",
            "deck_size": self.deck_size,
            "deck_count": len(self.deck),
            "discard_count": len(self.discard),
            "discard": sorted((c.name for c in self.discard), key=_CARD_ORDER.__getitem__),
            "last_night": self.last_night,
            "final_turns": list(self.final_turns),
            "scores": [c[1] for c in chains],
            "chains": chains,
            "options": dict(self.options),
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    # -- words ----------------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        if self._outcome is not None:
            return "The game is over."
        kind, args = move.kind, move.args
        if kind not in _MOVE_KINDS:
            return (f"Second Story has no {kind!r} move: you choose a job, take chips, end the night or go on, "
                    "and after a failed roll reroll or accept the bust.")
        if seat != self.current:
            return f"It is not {self.players[seat]}'s night: {self.players[self.current]} is burgling."
        phase = self.phase
        card = self.table[-1]  # a house stands while the game goes on
        if kind in JOB_MOVES:
            if args:
                return f"A job takes no arguments: just choose {JOB_WORDS[kind]}."
            if phase == TAKE:
                return "The house is already robbed: choose your chips first."
            if phase == CONTINUE:
                return f"{_cap(card.name)} is already robbed: end the night or go on to another house."
            if phase == FAILED:
                return "The guard has noticed you: reroll if you can, or accept the bust."
            ck = card_kind(card)
            if ck == "crown":
                return (f"{_cap(card.name)} is a Crown, guarded at rank 10 with a single suit: only the quick job, "
                        "rolling both dice, is allowed.")
            if ck in ("pawn", "court") and kind in NUMBER_JOBS:
                return (f"{_cap(card.name)} is a tenement ({card.rank}): choose one flat, several flats or "
                        "all the flats.")
            if ck == "number" and kind in FLAT_JOBS:
                return (f"Only Pawns and Courts are tenements with flats; {card.name} is a number card: "
                        "do a thorough job or a quick one.")
            return f"{JOB_WORDS[kind]} is not open on {card.name}."
        if kind == "take":
            if phase != TAKE:
                if phase == JOB:
                    return f"Nothing is robbed yet: choose a job at {card.name} first."
                return "There is no chip to choose now."
            suits = list(args)
            for s in suits:
                if s not in SUITS:
                    return f"{s!r} is not a suit: the suits are {listing(list(SUITS))}."
            for s in suits:
                if s not in card.suits:
                    return f"{_cap(card.name)} holds {listing(list(card.suits))}, not {s}."
            for s in suits:
                if self.bank[s] == 0:
                    return f"The bank has no {s} left to take."
            if len(suits) != self.take_count:
                if self.take_count == 1:
                    return "This job gives one chip: name one suit."
                return f"This job gives {self.take_count} chips of different suits: name {self.take_count} suits."
            if len(set(suits)) != len(suits):
                return "The chips must be of different suits."
            return "Choose among the suits on the card that the bank still has."
        if kind in ("end_night", "go_on"):
            if args:
                return "That move takes no arguments."
            if phase == JOB:
                return (f"You are already inside {card.name}: once a house is flipped you cannot back down; "
                        "choose a job.")
            if phase == TAKE:
                return "Choose your chips first."
            if phase == FAILED:
                return ("The guard has noticed you: you cannot walk away with the bag now; reroll if you can, "
                        "or accept the bust.")
            if kind == "go_on":
                return "Every card is on the table tonight: there is no other house to visit, so end the night."
            return "You cannot end the night now."
        # the reroll and bust moves
        if args:
            return "That move takes no arguments."
        if phase != FAILED:
            if kind == "bust":
                return "Nobody has noticed you: there is no bust to accept."
            return "A reroll only helps after a failed roll."
        if kind == "excuse":
            if self.excuse_where == "beside":
                return "The Excuse found tonight only goes home at the end of the night; it helps on a later night."
            if self.excuse_where == "lair" and self.excuse_holder is not None:
                return f"The Excuse is in {self.players[self.excuse_holder]}'s lair, not yours."
            return "You do not hold the Excuse."
        if kind == "second_chance":
            if not card.is_crown:
                return "A second chance is only for Crowns."
            return f"You have no {card.suits[0]} chip in your lair to risk on a second chance."
        return "You cannot do that now."

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        card = self.table[-1] if self.table else None
        if kind in ("thorough", "quick") and card is not None and isinstance(card.rank, int):
            r = card.rank
            if kind == "thorough":
                return f"Thorough job: one die, {r}+ ({single_die_odds(r):.0%}), a chip of each suit"
            return f"Quick job: two dice, {r}+ on either ({either_die_odds(r):.0%}), one chip"
        if kind in FLAT_JOBS:
            t, n = FLAT_TARGET[kind], FLAT_CHIPS[kind]
            return f"{_cap(JOB_WORDS[kind])}: one die, {t}+ ({single_die_odds(t):.0%}), {n} chip{'s' if n > 1 else ''}"
        if kind == "take" and args:
            if len(args) == 1:
                return f"Take a {args[0]} chip"
            return f"Take {listing([str(a) for a in args])}"
        if kind == "end_night":
            return "End the night: take the bag home"
        if kind == "go_on":
            return "Go on to another house"
        if kind == "excuse":
            return "Discard the Excuse and reroll"
        if kind == "second_chance" and card is not None and card.suits:
            return f"Second chance: risk a {card.suits[0]} chip from the lair and reroll"
        if kind == "bust":
            return "Accept the bust: drop the bag"
        return str(move)

    # -- copy --------------------------------------------------------------------------------------------

    def _copy_state(self, state: dict[str, Any]) -> None:
        import copy as _copy

        state["deck"] = list(self.deck)
        state["discard"] = list(self.discard)
        state["table"] = list(self.table)
        state["bank"] = Pile(self.bank)
        state["bag"] = Pile(self.bag)
        state["lairs"] = [Pile(l) for l in self.lairs]
        state["final_turns"] = list(self.final_turns)
        state["last_roll"] = _copy.deepcopy(self.last_roll)


def _tiebreak_words(names: list[str], chains: list[list[int]], standings: list[Standing]) -> tuple[str, set[int]]:
    """Sentences saying which suit decided each tie on the score, and the seats placed by a tie-break."""
    sentences = []
    broke: set[int] = set()
    by_score: dict[int, list[int]] = {}
    for st in standings:
        by_score.setdefault(chains[st.seat][1], []).append(st.seat)
    for score in sorted(by_score, reverse=True):
        group = by_score[score]
        if len(group) < 2:
            continue
        for a, b in zip(group, group[1:]):
            ca, cb = chains[a], chains[b]
            d = next((i for i in range(2, 6) if ca[i] != cb[i]), None)
            if d is None:
                sentences.append(f"{names[a]} and {names[b]} are level on every suit that counts "
                                 f"({', '.join(map(str, ca[1:]))}) and share a place.")
                continue
            broke.update((a, b))
            sentences.append(f"{names[a]} and {names[b]} tied on {listing([str(x) for x in ca[1:d]])}; "
                             f"{names[a]}'s {ORDINALS[d]} suit ({ca[d]} against {cb[d]}) decided.")
    return " ".join(sentences), broke
