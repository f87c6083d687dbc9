"""Ten-Die Poker: a session of hands of poker with dice, chip stacks carried from hand to hand.

Each hand everyone who can pays the ante and rolls five red and five black dice, locked together as
five red-black pairs (pair i is red die i and black die i). The red dice make one five-die poker hand
and the black dice another (no flushes); a player's hand is the better of the two, and the other
breaks ties. The best hand leads. The worst hand is the active player, who folds (out of the pot) or
challenges: pays half the pot rounded up, marks pairs to re-roll (a toggle per pair, then one roll:
both dice of a marked pair are rolled, and all the marked pairs at once). A re-rolled hand that beats
the leader leads alone (beaten leaders may be challenged again, as active players); one that equals it
joins the lead; one that falls short drops out. The new worst hand acts next, until only the leaders
are left: they share the pot. Ties for the worst hand are drawn at random.

A session of a set number of hands ends after them. A session played to the end (`hands` 0) ends when
fewer than two players can pay the ante, and for that the ante doubles every `ante_doubles_every` hands:
with a fixed ante the stakes of a hand stay near the antes (half the pot at most per challenge), so once
two players are left with most of the chips their stacks drift by a chip or two a hand, a fair random
walk that takes thousands of hands (of the order of the product of the two stacks) to end.

Seat statuses within a hand: `waiting` (may still become active), `leader`, `folded`, `beaten`
(lost a challenge), `out` (could not pay the ante and sits the hand out).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, TypedDict

from tabletop_tui.rules.components.poker import describe, rank_hand
from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, View, rank_standings
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.words import listing, plural

PAIRS = 5
HIGH_NAME = "High Die"

WAITING, LEADER, FOLDED, BEATEN, OUT = "waiting", "leader", "folded", "beaten", "out"
DECIDE, CHOOSE, OVER = "decide", "choose", "over"  # the active player folds or challenges; marks pairs

FOLD = Move("fold")
CHALLENGE = Move("challenge")
ROLL = Move("roll")
_MOVE_KINDS = ("fold", "challenge", "pair", "roll")

#: A five-dice hand's key (poker.rank_hand's: bigger is better)
HandKey = tuple[int, ...]
#: A player's key: the better hand's key, then the other's
PlayerKey = tuple[HandKey, HandKey]


@lru_cache(maxsize=None)
def _ranked(values: tuple[int, ...]) -> tuple[HandKey, str]:
    key, _ = rank_hand(values, high=HIGH_NAME)
    return key, describe(key, high=HIGH_NAME)


def dice_hand(values: Iterable[int]) -> tuple[HandKey, str]:
    """(key, name) of five dice: `name` is the hand in words ("Two Pair 5s and 2s")."""
    return _ranked(tuple(sorted(values)))


def player_key(red: Iterable[int], black: Iterable[int]) -> PlayerKey:
    """A player's key: the better of the two hands, then the other."""
    a, b = dice_hand(red)[0], dice_hand(black)[0]
    return (a, b) if a >= b else (b, a)


def challenge_cost(pot: int) -> int:
    """Half the pot, rounded up."""
    return (pot + 1) // 2


def _faces(values: Iterable[int]) -> str:
    return " ".join(map(str, values))


class LastChallenge(TypedDict):
    """The last challenge: who paid what, the pairs re-rolled, "beat", "tie" or "lose", the leaders
    challenged, and the hand it was in."""

    seat: int
    cost: int
    pairs: list[int]
    result: str
    leaders: list[int]
    hand: int


def _copy_challenge(last: LastChallenge) -> LastChallenge:
    return {**last, "pairs": list(last["pairs"]), "leaders": list(last["leaders"])}


class DiceHand(TypedDict):
    name: str
    key: list[int]


class SeatView(TypedDict):
    """A seat at the table: its chips, status, pots won, dice and the hands they make (None before it
    has rolled), and which colour is the better hand ("red", "black" or "both")."""

    name: str
    chips: int
    status: str
    won: int
    red: list[int]
    black: list[int]
    red_hand: DiceHand | None
    black_hand: DiceHand | None
    better: str | None


class TenDiePokerView(View):
    hand: int
    hands: int
    ante: int
    pot: int
    cost: int
    phase: str
    active: int | None
    leaders: list[int]
    chosen: list[int]
    stake: int
    seats: list[SeatView]
    last_challenge: LastChallenge | None
    options: dict[str, Any]
    tiebreaks: str | None


class TenDiePoker(Game):
    id = "ten-die-poker"
    title = "Ten-Die Poker"
    score_label = "Chips"
    min_players = 4
    max_players = 7
    #: 2: a session played to the end doubles its ante every 10 hands by default (version 1 kept it fixed:
    #: its records replay with `ante_doubles_every` 0)
    rules_version = 2
    migrations = {1: old_reading(ante_doubles_every=0)}
    hidden_information = False
    #: a session of 0 hands with a fixed ante can run long; a hand is some 10 moves
    move_limit = 20_000
    length_unit = "hands"
    OPTIONS = (
        Option("chips", "Starting chips", "int", 40, help="Chips each player starts the session with.",
               min=1, max=1000),
        Option("ante", "Ante", "int", 1, help="What each player pays into the pot to play a hand.", min=1, max=100),
        Option("hands", "Hands", "int", 10,
               help="How many hands the session lasts; 0 plays on until only one player can pay the ante.",
               min=0, max=500),
        Option("odd_chips", "Odd chips of a split", "choice", "random",
               help="When leaders split a pot that does not divide evenly: the odd chips go one each to "
                    "leaders drawn at random, or stay in the pot for the next hand.",
               choices=(("random", "drawn at random"), ("carry", "stay in the pot"))),
        Option("ante_doubles_every", "Ante doubles every", "int", 10,
               help="In a session played to the end (hands 0), the ante doubles after every so many hands, "
                    "so that the session ends; 0 keeps it fixed, and two players left with most of the "
                    "chips may then play on for thousands of hands.", min=0, max=500),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        n = len(self.players)
        start: int = self.options["chips"]
        if self.options["ante"] > start:
            raise ValueError(f"the ante ({self.options['ante']}) cannot be more than the starting chips ({start})")
        self.chips = [start] * n
        self.pot = 0
        self.hand = 0
        self.status = [WAITING] * n
        self.red: list[list[int]] = [[] for _ in range(n)]
        self.black: list[list[int]] = [[] for _ in range(n)]
        self.phase = DECIDE
        self.active: int | None = None
        self.chosen: list[int] = []  # pair numbers (1-5) marked for the re-roll
        self.stake = 0  # what the active player paid to challenge
        self.hands_won = [0] * n
        self.last_winners: list[int] = []
        self.last_challenge: LastChallenge | None = None
        self._outcome: Outcome | None = None
        hands = self.options["hands"]
        self.log.append(self.say(
            f"Everyone starts with {plural(start, 'chip')}; the ante is {self.options['ante']}. "
            + (f"The session lasts {plural(hands, 'hand')}, or until only one player can pay the ante."
               if hands else "The session goes on until only one player can pay the ante"
               + (f", and the ante doubles every {plural(self.options['ante_doubles_every'], 'hand')}."
                  if self.options["ante_doubles_every"] else "."))
            + (" Odd chips of a split pot stay in the pot for the next hand."
               if self.options["odd_chips"] == "carry" else ""),
            "setup"))
        self._start_hand(self.log)

    # -- helpers -------------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def key(self, seat: int) -> PlayerKey:
        return player_key(self.red[seat], self.black[seat])

    def leaders(self) -> list[int]:
        return [s for s, st in enumerate(self.status) if st == LEADER]

    def cost(self) -> int:
        return challenge_cost(self.pot)

    def ante(self, hand: int | None = None) -> int:
        """The ante of a hand (by default the current one): the `ante` option, doubled every
        `ante_doubles_every` hands in a session played to the end."""
        hand = self.hand if hand is None else hand
        every: int = self.options["ante_doubles_every"]
        ante: int = self.options["ante"]
        if self.options["hands"] or not every or hand < 1:
            return ante
        return ante << ((hand - 1) // every)

    def best_name(self, seat: int) -> str:
        """The name of a player's better hand."""
        return describe(self.key(seat)[0], high=HIGH_NAME)

    def _hand_words(self, seat: int) -> str:
        """ "red 6 6 6 2 1 is Three 6s (black 5 4 4 2 1, Pair of 4s)": the better hand first."""
        red, black = self.red[seat], self.black[seat]
        (rk, rn), (bk, bn) = dice_hand(red), dice_hand(black)
        if rk >= bk:
            return f"red {_faces(red)} is {rn} (black {_faces(black)}, {bn})"
        return f"black {_faces(black)} is {bn} (red {_faces(red)}, {rn})"

    def _start_hand(self, events: list[Event]) -> None:
        ante = self.ante(self.hand + 1)
        names = self.players
        if self.hand and ante != self.ante(self.hand):
            events.append(self.say(f"After {plural(self.hand, 'hand')} the ante doubles to {ante}.", "ante",
                                   None, ante=ante))
        able = [s for s in range(len(names)) if self.chips[s] >= ante]
        if len(able) < 2:
            self._end_session(events, f"only {names[able[0]]} can still pay the ante" if able
                              else "nobody can pay the ante")
            return
        self.hand += 1
        carried = self.pot
        for s in range(len(names)):
            if s in able:
                self.chips[s] -= ante
                self.pot += ante
                self.status[s] = WAITING
                self.red[s] = []
                self.black[s] = []
                for _ in range(PAIRS):  # the dice are rolled a pair at a time
                    self.red[s].append(self.rng.die())
                    self.black[s].append(self.rng.die())
            else:
                self.status[s] = OUT
                self.red[s], self.black[s] = [], []
        hands = self.options["hands"]
        heading = f"Hand {self.hand}" + (f" of {hands}" if hands else "")
        text = (f"{heading}: {listing(names[s] for s in able)} ante {ante} each; the pot is {self.pot}"
                + (f" with the {plural(carried, 'chip')} left from the last split." if carried else "."))
        out = [s for s in range(len(names)) if s not in able]
        if out:
            text += (f" {listing(names[s] for s in out)} cannot pay the ante and "
                     + ("sits" if len(out) == 1 else "sit") + " this hand out.")
        events.append(self.say(text, "hand", None, hand=self.hand))
        for s in able:
            events.append(self.say(f"{names[s]} rolls: {self._hand_words(s)}.", "roll", s,
                                   red=list(self.red[s]), black=list(self.black[s])))
        best = max(self.key(s) for s in able)
        leaders = [s for s in able if self.key(s) == best]
        for s in leaders:
            self.status[s] = LEADER
        what = describe(best[0], high=HIGH_NAME)
        if len(leaders) == 1:
            events.append(self.say(f"{names[leaders[0]]} leads ({what}).", "lead", leaders[0]))
        else:
            events.append(self.say(f"{listing(names[s] for s in leaders)} tie for the lead: their hands "
                                   f"match ({what} each).", "lead"))
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        """The worst of the waiting hands becomes active; with nobody waiting, the leaders take the pot."""
        names = self.players
        self.phase = DECIDE
        self.chosen = []
        self.stake = 0
        waiting = [s for s, st in enumerate(self.status) if st == WAITING]
        if not waiting:
            self.active = None
            self._end_hand(events)
            return
        worst = min(self.key(s) for s in waiting)
        lows = [s for s in waiting if self.key(s) == worst]
        if len(lows) > 1:
            seat = lows[self.rng.below(len(lows))]
            events.append(self.say(f"{listing(names[s] for s in lows)} tie for the worst hand; a random draw "
                                   f"makes {names[seat]} the active player.", "draw", seat))
        else:
            seat = lows[0]
        self.active = seat
        cost = self.cost()
        leaders = self.leaders()
        target = f"{listing(names[s] for s in leaders)}'s {self.best_name(leaders[0])}"
        if self.chips[seat] >= cost:
            text = (f"{names[seat]} has the worst hand ({self.best_name(seat)}) and must fold or pay "
                    f"{cost} to challenge {target}.")
        else:
            text = (f"{names[seat]} has the worst hand ({self.best_name(seat)}) but only "
                    f"{plural(self.chips[seat], 'chip')}, less than the {cost} a challenge costs: "
                    f"{names[seat]} must fold.")
        events.append(self.say(text, "turn", seat, cost=cost))

    def _end_hand(self, events: list[Event]) -> None:
        names = self.players
        leaders = self.leaders()
        pot = self.pot
        share, odd = divmod(pot, len(leaders))
        for s in leaders:
            self.chips[s] += share
            self.hands_won[s] += 1
        self.pot = 0
        self.last_winners = leaders
        if len(leaders) == 1:
            w = leaders[0]
            text = f"{names[w]} wins the pot of {pot} ({self.best_name(w)}) and has {self.chips[w]} chips."
        else:
            text = f"{listing(names[s] for s in leaders)} split the pot of {pot}: {share} each"
            if odd and self.options["odd_chips"] == "carry":
                self.pot = odd
                text += ("; the odd chip stays" if odd == 1 else f"; the {odd} odd chips stay") + \
                    " in the pot for the next hand."
            elif odd:
                text += "; " + self._deal_odd(odd, leaders) + "."
            else:
                text += "."
        events.append(self.say(text, "win", leaders[0] if len(leaders) == 1 else None,
                               winners=list(leaders), pot=pot))
        hands = self.options["hands"]
        if hands and self.hand >= hands:
            self._end_session(events, "the session is over")
        else:
            self._start_hand(events)

    def _deal_odd(self, odd: int, winners: list[int]) -> str:
        """Give `odd` chips (fewer than the winners), one each to winners drawn at random; say so."""
        drawn = list(winners)
        self.rng.shuffle(drawn)
        lucky = sorted(drawn[:odd])
        for s in lucky:
            self.chips[s] += 1
        names = listing(self.players[s] for s in lucky)
        return (f"the odd chip goes to {names} by a random draw" if odd == 1
                else f"the {odd} odd chips go one each to {names} by a random draw")

    def _end_session(self, events: list[Event], why: str) -> None:
        if self.pot:  # odd chips still in the pot after the last hand go to its winners
            odd, self.pot = self.pot, 0
            events.append(self.say("The session is over with chips left in the pot: "
                                   + self._deal_odd(odd, self.last_winners) + ".", "win"))
        self.phase = OVER
        self.active = None
        self.chosen = []
        self._outcome = self._score(why)
        events.append(self.say(self._outcome.summary, "game_over"))

    # -- the contract ----------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.over or self.active is None else [self.active]

    def legal_moves(self, seat: int) -> list[Move]:
        if self.over or seat != self.active:
            return []
        if self.phase == DECIDE:
            return [FOLD, CHALLENGE] if self.chips[seat] >= self.cost() else [FOLD]
        moves = [Move("pair", (i,)) for i in range(1, PAIRS + 1)]
        return moves + [ROLL] if self.chosen else moves

    def _apply(self, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        names = self.players
        if move.kind == "fold":
            self.status[seat] = FOLDED
            events.append(self.say(f"{names[seat]} folds and is out of this pot.", "fold", seat))
            self._next_turn(events)
        elif move.kind == "challenge":
            cost = self.cost()
            self.chips[seat] -= cost
            self.pot += cost
            self.stake = cost
            self.phase = CHOOSE
            events.append(self.say(f"{names[seat]} pays {cost} to challenge (the pot is now {self.pot}) and "
                                   "marks the pairs to re-roll.", "challenge", seat, cost=cost))
        elif move.kind == "pair":
            pair = move.args[0]
            self.chosen = sorted(set(self.chosen) ^ {pair})
        else:
            self._roll(seat, events)
        return events

    def _roll(self, seat: int, events: list[Event]) -> None:
        names = self.players
        me = names[seat]
        pairs = list(self.chosen)
        for p in pairs:
            self.red[seat][p - 1] = self.rng.die()
            self.black[seat][p - 1] = self.rng.die()
        leaders = self.leaders()
        lead = self.key(leaders[0])
        mine = self.key(seat)
        target = f"{listing(names[s] for s in leaders)}'s {self.best_name(leaders[0])}"
        if mine[0] == lead[0] and mine != lead:
            other, theirs = describe(mine[1], high=HIGH_NAME), describe(lead[1], high=HIGH_NAME)
            target += (f" on the other hand ({other} against {theirs})" if other != theirs
                       else f" on the odd dice of the other hand (both {other})")
        elif mine[0] != lead[0] and self.best_name(seat) == self.best_name(leaders[0]):
            target += " on the odd dice"
        said = (f"{me} challenges for {plural(self.stake, 'chip')}, re-rolls "
                f"{'pair' if len(pairs) == 1 else 'pairs'} {listing(map(str, pairs))}: {self._hand_words(seat)}, ")
        if mine > lead:
            result = "beat"
            for s in leaders:
                self.status[s] = WAITING
            self.status[seat] = LEADER
            text = (said + f"beating {target}; {me} leads, and {listing(names[s] for s in leaders)} "
                    f"{'is' if len(leaders) == 1 else 'are'} back among the challengers.")
        elif mine == lead:
            result = "tie"
            self.status[seat] = LEADER
            text = said + f"tying {target}; {me} joins the lead."
        else:
            result = "lose"
            self.status[seat] = BEATEN
            text = said + f"short of {target}; {me} drops out."
        self.last_challenge = {"seat": seat, "cost": self.stake, "pairs": pairs, "result": result,
                               "leaders": leaders, "hand": self.hand}
        events.append(self.say(text, "reroll", seat, pairs=pairs, result=result))
        self._next_turn(events)

    def length(self) -> int:
        return self.hand

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _score(self, why: str) -> Outcome:
        names = self.players
        start: int = self.options["chips"]
        details = [f"{'+' if c >= start else ''}{c - start} over the session; won {plural(w, 'pot')}"
                   for c, w in zip(self.chips, self.hands_won)]
        standings = rank_standings(names, [(c,) for c in self.chips], list(self.chips), details)
        winners = [st.seat for st in standings if st.place == 1]
        top = self.chips[winners[0]]
        played = plural(self.hand, "hand")
        if len(winners) == 1:
            summary = f"After {played} {why}: {names[winners[0]]} wins with {top} chips."
        else:
            summary = (f"After {played} {why}: a draw, {listing(names[s] for s in winners)} having "
                       f"{top} chips each.")
        ties = []
        for chips in sorted(set(self.chips), reverse=True):
            group = [s for s in range(len(names)) if self.chips[s] == chips]
            if len(group) > 1:
                ties.append(f"{listing(names[s] for s in group)} have {chips} chips each and share a place.")
        return Outcome(standings, summary, " ".join(ties))

    def view(self, seat: int | None = None) -> TenDiePokerView:
        outcome = self._outcome
        seats: list[SeatView] = []
        for s, name in enumerate(self.players):
            entry: SeatView = {"name": name, "chips": self.chips[s], "status": self.status[s],
                               "won": self.hands_won[s], "red": list(self.red[s]), "black": list(self.black[s]),
                               "red_hand": None, "black_hand": None, "better": None}
            if self.red[s]:
                (rk, rn), (bk, bn) = dice_hand(self.red[s]), dice_hand(self.black[s])
                entry["red_hand"] = {"name": rn, "key": list(rk)}
                entry["black_hand"] = {"name": bn, "key": list(bk)}
                entry["better"] = "red" if rk > bk else "black" if bk > rk else "both"
            seats.append(entry)
        last = self.last_challenge
        return {
            "hand": self.hand,
            "hands": self.options["hands"],
            "ante": self.ante(max(self.hand, 1)),
            "pot": self.pot,
            "cost": self.cost(),
            "phase": self.phase,
            "active": self.active,
            "leaders": self.leaders(),
            "chosen": list(self.chosen),
            "stake": self.stake,
            "seats": seats,
            "last_challenge": None if last is None else _copy_challenge(last),
            "options": dict(self.options),
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        for key in ("chips", "status", "chosen", "hands_won", "last_winners"):
            state[key] = list(state[key])
        state["red"] = [list(d) for d in self.red]
        state["black"] = [list(d) for d in self.black]
        if self.last_challenge is not None:
            state["last_challenge"] = _copy_challenge(self.last_challenge)

    # -- words --------------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        kind, args = move.kind, move.args
        if kind not in _MOVE_KINDS:
            return (f"Ten-Die Poker has no {kind!r} move: the active player folds or challenges, then marks "
                    "pairs and rolls them.")
        me = names[seat]
        if self.active is not None and seat != self.active:
            return f"It is not {me}'s turn: {names[self.active]} has the worst hand and is to act."
        cost = self.cost()
        if kind == "pair":
            if len(args) != 1 or not isinstance(args[0], int) or isinstance(args[0], bool):
                return "Name one pair to mark, by its number from 1 to 5."
            if not 1 <= args[0] <= PAIRS:
                return f"There is no pair {args[0]}: the pairs are numbered 1 to 5."
            if self.phase == DECIDE:
                return f"{me} must first fold or pay {cost} to challenge; pairs are marked after paying."
        elif args:
            return f"{kind.capitalize()} takes no arguments."
        if kind == "challenge":
            if self.phase == CHOOSE:
                return f"{me} has already paid to challenge: mark the pairs to re-roll and roll them."
            return (f"A challenge costs half the pot rounded up, {cost}, and {me} has only "
                    f"{plural(self.chips[seat], 'chip')}: {me} must fold.")
        if kind == "fold" and self.phase == CHOOSE:
            return f"{me} has paid to challenge and cannot fold now: mark the pairs to re-roll and roll them."
        if kind == "roll":
            if self.phase == DECIDE:
                return f"{me} must first fold or pay {cost} to challenge; the roll comes after."
            return "Mark at least one pair to re-roll first: a challenger must re-roll something."
        return f"{me} cannot {kind} now."

    def describe_move(self, move: Move) -> str:
        seat = self.active
        if move.kind == "fold":
            return "Fold (out of this pot)"
        if move.kind == "challenge":
            return f"Challenge: pay {self.cost()}, then re-roll"
        if move.kind == "pair" and move.args and seat is not None and 1 <= move.args[0] <= PAIRS:
            p = move.args[0]
            faces = f"{self.red[seat][p - 1]}+{self.black[seat][p - 1]}"
            return f"{'Keep' if p in self.chosen else 'Re-roll'} pair {p} ({faces})"
        if move.kind == "roll":
            pairs = self.chosen
            return f"Roll {'pair' if len(pairs) == 1 else 'pairs'} {listing(map(str, pairs))}"
        return str(move)
