"""Thief Dice: thieves take turns rolling two dice for steals; six steals win the round, and the
others pay the winner. A thief with no points left is jailed and may only rat on the others.

The table of a roll (`classify`):
  double 1        backstab: the next free thief loses a turn and hands over a steal, if they have one
  double 6        close-call: the roller loses their next turn; steals unchanged
  other doubles   one steal (double 3 too)
  1 and 3         two steals
  1 or 3 with 6   nothing (they cancel)
  6 with 2, 4, 5  bust: lose a steal, if any
  1 or 3 with 2, 4 or 5: one steal; any other pair: nothing

Lost turns stack as a count per thief, used up when that thief's turn comes, and cleared at the end of
a round. With the `close_call_fix` option a close-call forgives the turns the others were due to lose,
so that the next thief plays at once.
"""

from __future__ import annotations

import copy as _copy
from typing import Any, TypedDict

from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, Standing, View, rank_standings
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.words import listing, plural

STEALS_TO_WIN = 6
PAY_FACTOR = 3
RAT_TOTALS = (7, 11)

# What a roll means, one short word each (the view's last_roll["result"]).
STEAL, TWO_STEALS, BUST, BACKSTAB, CLOSE_CALL, NOTHING = (
    "steal", "two steals", "bust", "backstab", "close-call", "nothing")
RESULTS = (STEAL, TWO_STEALS, BUST, BACKSTAB, CLOSE_CALL, NOTHING)

ROLL = Move("roll")
_LIST_STATE = ("points", "steals", "lost_turns", "jailed", "ratted", "round_wins", "jail_round",
               "jail_paid", "jail_order", "order")
_MOVE_KINDS = ("roll", "rat")


def classify(a: int, b: int) -> str:
    """What two faces mean, by the table above."""
    if a == b:
        if a == 1:
            return BACKSTAB
        if a == 6:
            return CLOSE_CALL
        return STEAL
    pair = {a, b}
    if pair == {1, 3}:
        return TWO_STEALS
    if 6 in pair:
        return NOTHING if pair & {1, 3} else BUST
    if pair & {1, 3}:
        return STEAL
    return NOTHING


def rat_succeeds(a: int, b: int) -> bool:
    return a + b in RAT_TOTALS


class LastRoll(TypedDict):
    seat: int
    faces: list[int]
    result: str  # one of RESULTS
    change: int  # the roller's steals gained (or lost, negative)
    victim: int | None  # who a backstab struck
    round: int


class LastRat(TypedDict):
    seat: int  # the jailed thief who ratted
    target: int
    faces: list[int]
    total: int
    busted: bool
    lost_steal: bool
    round: int


class Payment(TypedDict):
    seat: int  # who paid
    faces: list[int]
    total: int
    owed: int
    paid: int
    jailed: bool


class LastPayments(TypedDict):
    round: int
    winner: int
    payments: list[Payment]
    collected: int


class Thief(TypedDict):
    name: str
    steals: int
    points: int
    jailed: bool
    jailed_round: int | None
    lost_turns: int
    ratted: bool
    can_rat: bool
    round_wins: int
    order_rolls: list[int]


class ThiefDiceView(View):
    round: int
    rounds: int
    current: int | None
    order: list[int]
    thieves: list[Thief]
    steals_to_win: int
    jail_order: list[int]
    last_roll: LastRoll | None
    last_rat: LastRat | None
    last_payments: LastPayments | None
    options: dict[str, Any]
    tiebreaks: str | None


class ThiefDice(Game):
    id = "thief-dice"
    title = "Thief Dice"
    score_label = "Points"
    min_players = 2
    max_players = 8
    #: 2: a payment is capped at the starting points (version 1 had no ceiling but the payer's points:
    #: its records replay with `payment_ceiling` "none")
    rules_version = 2
    migrations = {1: old_reading(payment_ceiling="none")}
    hidden_information = False
    #: Default games last tens of moves; games of many players with many points can run to thousands.
    move_limit = 20_000
    length_unit = "rounds"
    OPTIONS = (
        Option("points", "Starting points", "int", 30,
               help="Points each thief starts with. Few points make a short game (perhaps one round), "
                    "many a long one.", min=1, max=1000),
        Option("rounds", "Rounds", "int", 0,
               help="0 plays until one thief is left free; N ends the game after N rounds, most points "
                    "winning (equal points share the place).", min=0, max=100),
        Option("close_call_fix", "Close-call fix", "bool", False,
               help="A close-call hands the dice straight to the next thief: turns the others were due to "
                    "lose are forgiven, so the roller keeps no free turns.", ),
        Option("payment_ceiling", "Most a loser pays", "choice", "points",
               help="What a loser pays the round's winner, three times his roll, is capped at the starting "
                    "points (as the original says) and at what he has; or only at what he has.",
               choices=(("points", "the starting points"), ("none", "all he has"))),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        n = len(self.players)
        start = self.options["points"]
        self.points = [start] * n
        self.steals = [0] * n
        self.lost_turns = [0] * n
        self.jailed = [False] * n
        self.ratted = [False] * n
        self.round_wins = [0] * n
        self.jail_round: list[int | None] = [None] * n  # the round at whose end the thief was jailed
        self.jail_paid = [0] * n  # what the thief paid in that last payment (all they had)
        self.jail_order: list[int] = []
        self.round = 0
        self.order: list[int] = []  # this round's turn order: the free thieves
        self.pos = 0  # index in order of the thief to roll
        self.order_rolls: list[list[int]] = [[] for _ in range(n)]  # totals rolled for this round's order
        self.last_roll: LastRoll | None = None
        self.last_rat: LastRat | None = None
        self.last_payments: LastPayments | None = None
        self.over = False
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            f"Every thief starts with {plural(start, 'point')}. "
            + (f"The game lasts {plural(self.options['rounds'], 'round')}, or until one thief is left free."
               if self.options["rounds"] else "The game goes on until only one thief is left free.")
            + (" Close-call fix: a close-call passes the dice straight to the next thief."
               if self.options["close_call_fix"] else ""),
            "setup"))
        self._start_round(self.log, None)

    # -- helpers -------------------------------------------------------------------------------------

    @property
    def current(self) -> int | None:
        return None if self.over else self.order[self.pos]

    def free(self) -> list[int]:
        return [s for s in range(len(self.players)) if not self.jailed[s]]

    def _roll_for_order(self, seats: list[int], events: list[Event], depth: int = 0) -> list[int]:
        """Everyone in `seats` rolls two dice; higher totals go earlier; equal totals roll again among
        themselves. Returns the seats in order."""
        names = self.players
        totals: dict[int, int] = {}
        parts = []
        for s in seats:
            a, b = self.rng.dice(2)
            totals[s] = a + b
            self.order_rolls[s].append(a + b)
            parts.append(f"{names[s]} {a}+{b}={a + b}")
        events.append(self.say(
            ("Rolling again: " if depth else "Rolling for the turn order: ") + ", ".join(parts) + ".",
            "order", None, rolls={str(s): totals[s] for s in seats}))
        result = []
        for total in sorted(set(totals.values()), reverse=True):
            group = [s for s in seats if totals[s] == total]
            if len(group) == 1:
                result.append(group[0])
            else:
                events.append(self.say(f"{listing([names[s] for s in group])} tie on {total} and roll again "
                                       "among themselves.", "order"))
                result.extend(self._roll_for_order(group, events, depth + 1))
        return result

    def _start_round(self, events: list[Event], first: int | None) -> None:
        self.round += 1
        n = len(self.players)
        self.steals = [0] * n
        self.lost_turns = [0] * n
        self.ratted = [False] * n
        self.order_rolls = [[] for _ in range(n)]
        names = self.players
        heading = f"Round {self.round}" + (f" of {self.options['rounds']}" if self.options["rounds"] else "")
        if first is None:
            events.append(self.say(f"{heading} begins.", "round", None, round=self.round))
            order = self._roll_for_order(self.free(), events)
        else:
            others = [s for s in self.free() if s != first]
            if len(others) > 1:
                events.append(self.say(f"{heading}: {names[first]} won the last round and starts; the others "
                                       "roll for their places.", "round", first, round=self.round))
                order = [first] + self._roll_for_order(others, events)
            else:
                events.append(self.say(f"{heading}: {names[first]} won the last round and starts.",
                                       "round", first, round=self.round))
                order = [first] + others
        self.order = order
        if self.round == 1:
            self.first_order = list(order)  # never changed afterwards: a copy may share it
        self.pos = 0
        events.append(self.say(f"Turn order for round {self.round}: {listing([names[s] for s in order])}. "
                               f"{names[order[0]]} rolls first.", "order", order[0], order=list(order)))

    def _advance(self, events: list[Event]) -> None:
        """Pass the dice on, skipping (and using up) the turns thieves are due to lose."""
        order = self.order
        pos = (self.pos + 1) % len(order)
        while self.lost_turns[order[pos]] > 0:
            s = order[pos]
            self.lost_turns[s] -= 1
            left = self.lost_turns[s]
            events.append(self.say(
                f"{self.players[s]} loses this turn" + (f" ({plural(left, 'more turn')} to lose)." if left else "."),
                "skip", s, lost_turns=left))
            pos = (pos + 1) % len(order)
        self.pos = pos

    def _end_round(self, winner: int, events: list[Event]) -> None:
        names = self.players
        ceiling = self.options["points"] if self.options["payment_ceiling"] == "points" else None
        self.round_wins[winner] += 1
        events.append(self.say(
            f"{names[winner]} has {self.steals[winner]} steals and wins round {self.round}! Every other free "
            f"thief rolls two dice and pays {names[winner]} {PAY_FACTOR} times the total"
            + (f", at most {plural(ceiling, 'point')}" if ceiling else "") + ", or all they have.",
            "round_won", winner, round=self.round))
        k = self.order.index(winner)
        payers = self.order[k + 1:] + self.order[:k]
        payments: list[Payment] = []
        for p in payers:
            a, b = self.rng.dice(2)
            owed = PAY_FACTOR * (a + b)
            due = owed if ceiling is None else min(owed, ceiling)
            have = self.points[p]
            paid = min(due, have)
            self.points[p] -= paid
            self.points[winner] += paid
            jailed = self.points[p] == 0
            if jailed:
                self.jailed[p] = True
                self.jail_round[p] = self.round
                self.jail_paid[p] = paid
                self.jail_order.append(p)
                text = (f"{names[p]} rolls {a} and {b}: {PAY_FACTOR} x {a + b} = {owed} owed; {names[p]} pays "
                        f"{names[winner]} all {plural(paid, 'point')} left and is jailed.")
            elif due < owed:
                text = (f"{names[p]} rolls {a} and {b}: {PAY_FACTOR} x {a + b} = {owed}, but nobody pays more "
                        f"than the {ceiling} starting points; {names[p]} pays {names[winner]} "
                        f"{plural(paid, 'point')} and keeps {self.points[p]}.")
            else:
                text = (f"{names[p]} rolls {a} and {b}: {PAY_FACTOR} x {a + b} = {owed}; {names[p]} pays "
                        f"{names[winner]} {plural(paid, 'point')} and keeps {self.points[p]}.")
            events.append(self.say(text, "payment", p, faces=[a, b], owed=owed, paid=paid, jailed=jailed))
            payments.append({"seat": p, "faces": [a, b], "total": a + b, "owed": owed, "paid": paid,
                             "jailed": jailed})
        self.last_payments = {"round": self.round, "winner": winner, "payments": payments,
                              "collected": sum(x["paid"] for x in payments)}
        free = self.free()
        rounds = self.options["rounds"]
        if len(free) <= 1 or (rounds and self.round >= rounds):
            self.over = True
            self._outcome = self._score()
            events.append(self.say(self._outcome.summary, "game_over", winner))
        else:
            self._start_round(events, winner)

    # -- the contract ----------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.over else [self.order[self.pos]]

    def legal_moves(self, seat: int) -> list[Move]:
        if self.over:
            return []
        if seat == self.order[self.pos]:
            return [ROLL]
        if 0 <= seat < len(self.players) and self.jailed[seat] and not self.ratted[seat]:
            return [Move("rat", (t,)) for t in sorted(self.order)]
        return []

    def _apply(self, seat: int, move: Move) -> list[Event]:
        if move.kind == "rat":
            return self._rat(seat, move.args[0])
        return self._roll(seat)

    def _roll(self, seat: int) -> list[Event]:
        names = self.players
        me = names[seat]
        a, b = self.rng.dice(2)
        result = classify(a, b)
        events: list[Event] = []
        said = f"{me} rolled {a} and {b}"
        victim = None
        change = 0
        if result == BACKSTAB:
            k = self.order.index(seat)
            victim = self.order[(k + 1) % len(self.order)]
            self.lost_turns[victim] += 1
            v = names[victim]
            if self.steals[victim] > 0:
                self.steals[victim] -= 1
                self.steals[seat] += 1
                change = 1
                text = (f"{said}: a backstab! {v} loses a turn and hands {me} a steal "
                        f"({me} {self.steals[seat]}, {v} {self.steals[victim]}).")
            else:
                text = f"{said}: a backstab! {v} loses a turn, but has no steal to hand over."
        elif result == CLOSE_CALL:
            self.lost_turns[seat] += 1
            text = f"{said}: a close-call! {me} lies low and loses the next turn; steals stay at {self.steals[seat]}."
            if self.options["close_call_fix"]:
                forgiven = [(s, self.lost_turns[s]) for s in self.order if s != seat and self.lost_turns[s]]
                for s, _ in forgiven:
                    self.lost_turns[s] = 0
                if forgiven:
                    text += (" The dice pass straight on: "
                             + listing([f"{names[s]} is forgiven {plural(k, 'lost turn')}" for s, k in forgiven]) + ".")
        elif result == BUST:
            if self.steals[seat] > 0:
                self.steals[seat] -= 1
                change = -1
                text = f"{said}: busted! {me} loses a steal ({self.steals[seat]} left)."
            else:
                text = f"{said}: busted, but {me} has no steal to lose."
        elif result == NOTHING:
            if 6 in (a, b):
                text = f"{said}: the 6 cancels the {min(a, b)}; nothing happens."
            else:
                text = f"{said}: nothing happens."
        else:
            change = 2 if result == TWO_STEALS else 1
            self.steals[seat] += change
            what = "two steals" if change == 2 else ("a double: one steal" if a == b else "a steal")
            text = f"{said}: {what}. {me} has {plural(self.steals[seat], 'steal')}."
        self.last_roll = {"seat": seat, "faces": [a, b], "result": result, "change": change,
                          "victim": victim, "round": self.round}
        events.append(self.say(text, "roll", seat, faces=[a, b], result=result, victim=victim))
        if self.steals[seat] >= STEALS_TO_WIN:
            self._end_round(seat, events)
        else:
            self._advance(events)
        return events

    def _rat(self, seat: int, target: int) -> list[Event]:
        names = self.players
        a, b = self.rng.dice(2)
        self.ratted[seat] = True
        busted = rat_succeeds(a, b)
        lost = busted and self.steals[target] > 0
        if lost:
            self.steals[target] -= 1
        said = f"{names[seat]}, from jail, rats on {names[target]} and rolls {a} and {b} = {a + b}"
        if lost:
            text = f"{said}: {names[target]} is busted and loses a steal ({self.steals[target]} left)."
        elif busted:
            text = f"{said}: {names[target]} is busted, but has no steal to lose."
        else:
            text = f"{said}: not 7 or 11, so the rat fails."
        self.last_rat = {"seat": seat, "target": target, "faces": [a, b], "total": a + b, "busted": busted,
                         "lost_steal": lost, "round": self.round}
        return [self.say(text, "rat", seat, target=target, faces=[a, b], busted=busted)]

    def turn_order(self) -> list[int]:
        """The order of the first round (everyone is free then)."""
        return list(self.first_order)

    def length(self) -> int:
        return self.round

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _score(self) -> Outcome:
        names = self.players
        n = len(names)
        keys, details = [], []
        for s in range(n):
            wins = plural(self.round_wins[s], "round") + " won"
            if self.jailed[s]:
                keys.append((0, 0, self.jail_round[s], self.jail_paid[s]))
                details.append(f"jailed at the end of round {self.jail_round[s]}, paying the last "
                               f"{plural(self.jail_paid[s], 'point')}; {wins}")
            else:
                keys.append((1, self.points[s], 0, 0))
                details.append(f"free with {plural(self.points[s], 'point')}; {wins}")
        standings = rank_standings(names, keys, list(self.points), details)
        free = self.free()
        winners = [st.seat for st in standings if st.place == 1]
        played = plural(self.round, "round")
        if len(free) == 1:
            w = free[0]
            summary = (f"{names[w]} is the last thief still free after {played}, with "
                       f"{plural(self.points[w], 'point')}: {names[w]} is the Ideal Thief!")
        elif len(winners) == 1:
            w = winners[0]
            summary = (f"After {played}, {names[w]} has the most points ({self.points[w]}) and is the "
                       "Ideal Thief!")
        else:
            summary = (f"After {played}, {listing([names[w] for w in winners])} share the most points "
                       f"({self.points[winners[0]]}): the game is a draw, and nobody is the Ideal Thief.")
        return Outcome(standings, summary, self._tiebreak_words(standings))

    def _tiebreak_words(self, standings: list[Standing]) -> str:
        names = self.players
        sentences = []
        free = self.free()
        by_points: dict[int, list[int]] = {}
        for s in free:
            by_points.setdefault(self.points[s], []).append(s)
        for pts in sorted(by_points, reverse=True):
            group = by_points[pts]
            if len(group) > 1:
                sentences.append(f"{listing([names[s] for s in group])} have {pts} points each and share a place.")
        if self.jail_order:
            rows = sorted(self.jail_order, key=lambda s: (self.jail_round[s], self.jail_paid[s]), reverse=True)
            sentences.append("Jailed thieves, all at 0 points, are placed below the free ones by when they were "
                             "jailed, later first: "
                             + listing([f"{names[s]} (round {self.jail_round[s]})" for s in rows]) + ".")
            by_round: dict[int, list[int]] = {}
            for s in self.jail_order:
                jailed = self.jail_round[s]
                assert jailed is not None  # set when the thief was jailed
                by_round.setdefault(jailed, []).append(s)
            for r in sorted(by_round, reverse=True):
                group = by_round[r]
                if len(group) < 2:
                    continue
                group = sorted(group, key=lambda s: self.jail_paid[s], reverse=True)
                paid = [self.jail_paid[s] for s in group]
                if len(set(paid)) == len(paid):
                    sentences.append(f"{listing([names[s] for s in group])} were jailed together in round {r}; "
                                     "more points held before that payment places higher ("
                                     + ", ".join(f"{names[s]} {self.jail_paid[s]}" for s in group) + ").")
                else:
                    sentences.append(f"{listing([names[s] for s in group])} were jailed together in round {r}; "
                                     "the points each held before that payment ("
                                     + ", ".join(f"{names[s]} {self.jail_paid[s]}" for s in group)
                                     + ") decide, and equal ones share a place.")
        return " ".join(sentences)

    def view(self, seat: int | None = None) -> ThiefDiceView:
        rounds = self.options["rounds"]
        outcome = self._outcome
        over = self.over
        order = self.order
        current = None if over else order[self.pos]
        thieves: list[Thief] = []
        for s, name in enumerate(self.players):
            thieves.append({
                "name": name,
                "steals": self.steals[s],
                "points": self.points[s],
                "jailed": self.jailed[s],
                "jailed_round": self.jail_round[s],
                "lost_turns": self.lost_turns[s],
                "ratted": self.ratted[s],
                "can_rat": (not over) and self.jailed[s] and not self.ratted[s],
                "round_wins": self.round_wins[s],
                "order_rolls": list(self.order_rolls[s]),
            })
        roll, rat, paid = self.last_roll, self.last_rat, self.last_payments
        return {
            "round": self.round,
            "rounds": rounds,
            "current": current,
            "order": list(order),
            "thieves": thieves,
            "steals_to_win": STEALS_TO_WIN,
            "jail_order": list(self.jail_order),
            "last_roll": None if roll is None else {**roll, "faces": list(roll["faces"])},
            "last_rat": None if rat is None else {**rat, "faces": list(rat["faces"])},
            "last_payments": None if paid is None else {
                **paid, "payments": [{**p, "faces": list(p["faces"])} for p in paid["payments"]]},
            "options": dict(self.options),
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        for key in _LIST_STATE:
            state[key] = list(state[key])
        state["order_rolls"] = [list(r) for r in self.order_rolls]
        for key in ("last_roll", "last_rat", "last_payments"):
            state[key] = _copy.deepcopy(state[key])

    # -- words --------------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        if self.over:
            return "The game is over."
        if not (isinstance(seat, int) and 0 <= seat < len(names)):
            return f"There is no seat {seat} at this table."
        me = names[seat]
        current = self.order[self.pos]
        kind, args = move.kind, move.args
        if kind not in _MOVE_KINDS:
            return (f"Thief Dice has no {kind!r} move: a free thief rolls on their turn, and a jailed thief "
                    "may rat on a free one.")
        if kind == "roll":
            if args:
                return "A roll takes no arguments: just roll the two dice."
            if self.jailed[seat]:
                return (f"{me} is jailed and never rolls for steals again; once a round {me} may rat on a free "
                        "thief instead.")
            if seat != current:
                return f"It is not {me}'s turn: {names[current]} is rolling."
            return f"{me} cannot roll now."
        # rat
        if len(args) != 1 or not isinstance(args[0], int) or isinstance(args[0], bool):
            return "A rat names one thief, by seat number: rat on whom?"
        if not self.jailed[seat]:
            return (f"Only a jailed thief can rat, and {me} is still free"
                    + (": roll the dice." if seat == current else "."))
        if self.ratted[seat]:
            return f"{me} has already ratted this round: a jailed thief rats once a round."
        target = args[0]
        if target == seat:
            return "A thief cannot rat on themselves."
        if not 0 <= target < len(names):
            return f"There is no seat {target} at this table."
        if self.jailed[target]:
            return f"{names[target]} is jailed too: rat on a thief who is still free."
        return f"{me} cannot rat on {names[target]} now."

    def describe_move(self, move: Move) -> str:
        if move.kind == "roll":
            return "Roll the dice"
        if move.kind == "rat" and move.args and isinstance(move.args[0], int) and 0 <= move.args[0] < len(self.players):
            t = move.args[0]
            return f"Rat on {self.players[t]} ({self.steals[t]} steals): 7 or 11 busts, 2 in 9"
        return str(move)
