"""Break the Bank: a casino-style push-your-luck dice game with money.

Everyone starts with the same money and antes into the Bank; a random player goes first, then the
turn passes round the table in seat order. A turn is a ladder of rolls, each paid for into the Bank:
one die, then two, three, four and five. A roll with a 1 busts (the turn ends and the Kitty goes back
to the Bank); any other roll moves its total from the Bank into the Kitty, and the player either takes
the Kitty (the turn ends) or pays for the next rung. Surviving five dice breaks the Bank: the player
takes the Kitty and the whole Bank, and the game ends. So does taking a Kitty that has emptied the
Bank. Otherwise, after every player's last turn, the Bank is split evenly and most money wins.

Rulings (see the rules help): a roll worth more than the Bank holds moves only what is left; a player
who cannot pay for a roll loses a turn that has not started, or must take the Kitty mid-turn; the odd
dollars of the final split stay in the Bank (option `odd_dollars`: dealt out in turn order); equal
money shares a place.

Moves: `roll` (pay and roll the next rung's dice; the first roll of a turn is the only move) and
`take` (take the Kitty). Each roll is its own move, so a `take` can be undone until the next roll.
"""

from __future__ import annotations

from typing import Any, TypedDict

from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, View, rank_standings
from tabletop_tui.rules.words import listing

MAX_DICE = 5
ROLL = Move("roll")
TAKE = Move("take")
_MOVE_KINDS = ("roll", "take")
_LIST_STATE = ("money", "turns_taken")

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def survival(dice: int) -> float:
    """The chance that `dice` dice show no 1."""
    return (5 / 6) ** dice


def survival_percent(dice: int) -> int:
    return round(100 * survival(dice))


def dice_words(dice: int) -> str:
    return "one die" if dice == 1 else f"{NUMBER_WORDS[dice]} dice"


def split_bank(bank: int, players: int, first: int, deal_odd: bool) -> list[int]:
    """What each seat gets when the Bank is split at the end: equal shares; the odd dollars stay in the
    Bank, or are dealt one each in turn order from the first player when `deal_odd`."""
    share, odd = divmod(bank, players)
    shares = [share] * players
    if deal_odd:
        for k in range(odd):
            shares[(first + k) % players] += 1
    return shares


def _dollars(amount: int) -> str:
    return f"${amount}"


def _faces(faces: list[int]) -> str:
    """"3", "4 and 3 = 7", "2, 5 and 6 = 13"; no total when a 1 busts the roll."""
    if len(faces) == 1:
        return str(faces[0])
    listed = ", ".join(map(str, faces[:-1])) + f" and {faces[-1]}"
    return listed if 1 in faces else f"{listed} = {sum(faces)}"


def _turns(n: int) -> str:
    return "1 turn" if n == 1 else f"{n} turns"


class LastRoll(TypedDict):
    """The last roll of the dice: whose, its faces, whether a 1 busted it, and the dollars it moved into
    the Kitty (negative: the Kitty's dollars that a bust sent back to the Bank)."""

    seat: int
    faces: list[int]
    busted: bool
    moved: int


class Split(TypedDict):
    """The Bank split at the end: what it held, the even share, the odd dollars, what each seat got and
    what is left in it."""

    bank: int
    share: int
    odd: int
    shares: list[int]
    left: int


def _copy_roll(roll: LastRoll) -> LastRoll:
    return {**roll, "faces": list(roll["faces"])}


def _copy_split(split: Split) -> Split:
    return {**split, "shares": list(split["shares"])}


class BreakTheBankView(View):
    money: list[int]
    turns: int
    turns_taken: list[int]
    turns_left: list[int]
    turns_played: int
    total_turns: int
    bank: int
    kitty: int
    cost: int
    first: int
    current: int | None
    dice: int | None
    max_dice: int
    chance: int | None
    paid: int
    can_pay: bool
    last_roll: LastRoll | None
    breaker: int | None
    split: Split | None
    options: dict[str, Any]
    tiebreaks: str | None


class BreakTheBank(Game):
    id = "break-the-bank"
    title = "Break the Bank"
    score_label = "Money"
    min_players = 4
    max_players = 8
    rules_version = 1
    hidden_information = False
    #: Games end by themselves within players x turns turns of at most five rolls each.
    move_limit = 8 * 20 * (MAX_DICE + 1)
    length_unit = "turns"
    OPTIONS = (
        Option("money", "Starting money", "int", 100, help="Dollars each player starts with.", min=10, max=1000),
        Option("turns", "Turns each", "int", 5,
               help="Turns each player gets; when all are played and nobody broke the Bank, it is split.",
               min=1, max=20),
        Option("ante", "Ante", "int", 2, help="Dollars each player puts into the Bank at the start.",
               min=1, max=50),
        Option("cost", "Cost of a roll", "int", 5, help="Dollars paid into the Bank for every roll.",
               min=1, max=50),
        Option("odd_dollars", "Odd dollars of the split", "choice", "bank",
               help="When the Bank is split at the end and does not divide evenly: the odd dollars stay in "
                    "the Bank, or are dealt one each in turn order from the first player.",
               choices=(("bank", "stay in the Bank"), ("deal", "dealt in turn order"))),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        opts = self.options
        if opts["ante"] >= opts["money"]:
            raise ValueError("the ante must be smaller than the starting money")
        if opts["cost"] > opts["money"] - opts["ante"]:
            raise ValueError(f"with ${opts['money']} and an ante of ${opts['ante']}, nobody could pay "
                             f"${opts['cost']} for a first roll: make a roll cheaper or the money more")
        n = len(self.players)
        self.cost: int = opts["cost"]
        self.money: list[int] = [opts["money"] - opts["ante"]] * n
        self.bank: int = opts["ante"] * n
        self.kitty = 0
        self.turns_taken = [0] * n  # turns started or lost, the current one included
        self.first = self.rng.below(n)
        self.current: int | None = None
        self.dice = 1  # dice the next roll takes
        self.paid = 0  # paid for rolls in the current turn
        self.last_roll: LastRoll | None = None
        self.breaker: int | None = None
        self.split: Split | None = None
        self.over = False
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            f"Everyone starts with {_dollars(opts['money'])} and antes {_dollars(opts['ante'])}: the Bank holds "
            f"{_dollars(self.bank)}. Each player gets {_turns(opts['turns'])}; a roll costs "
            f"{_dollars(self.cost)}. A draw picks {self.players[self.first]} to go first.", "setup"))
        self._start_next_turn(self.log)

    # -- the flow of turns ----------------------------------------------------------------------

    @property
    def total_turns(self) -> int:
        turns: int = self.options["turns"]
        return len(self.players) * turns

    def _start_next_turn(self, events: list[Event]) -> None:
        """Hand the dice on, passing over players who cannot pay for a roll (their turn is lost), or
        split the Bank when every turn has been played."""
        names = self.players
        self.current = None
        while sum(self.turns_taken) < self.total_turns:
            seat = (self.first + sum(self.turns_taken)) % len(names)
            self.turns_taken[seat] += 1
            if self.money[seat] >= self.cost:
                self.current, self.dice, self.kitty, self.paid = seat, 1, 0, 0
                return
            events.append(self.say(
                f"{names[seat]} has only {_dollars(self.money[seat])} and cannot pay {_dollars(self.cost)} for a "
                f"roll: {names[seat]}'s turn {self.turns_taken[seat]} is lost.", "lost_turn", seat))
        self._split_the_bank(events)

    def _split_the_bank(self, events: list[Event]) -> None:
        n = len(self.players)
        bank = self.bank
        deal = self.options["odd_dollars"] == "deal"
        shares = split_bank(bank, n, self.first, deal)
        for seat, share in enumerate(shares):
            self.money[seat] += share
        self.bank -= sum(shares)
        share, odd = divmod(bank, n)
        self.split = {"bank": bank, "share": share, "odd": odd, "shares": shares, "left": self.bank}
        text = (f"Every player has had {_turns(self.options['turns'])} and nobody broke the Bank: its "
                f"{_dollars(bank)} is split, {_dollars(share)} to each of the {n} players")
        if odd and deal:
            lucky = [self.players[s] for s, got in enumerate(shares) if got > share]
            text += f"; the odd {_dollars(odd)} is dealt a dollar each to {listing(lucky)}."
        elif odd:
            text += f"; the odd {_dollars(odd)} stays in the Bank."
        else:
            text += "."
        events.append(self.say(text, "split", None, shares=shares))
        self._finish(events)

    def _finish(self, events: list[Event]) -> None:
        self.over = True
        self.current = None
        self._outcome = self._score()
        events.append(self.say(self._outcome.summary, "game_over"))

    # -- the contract ---------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.over or self.current is None else [self.current]

    def can_pay(self, seat: int) -> bool:
        return self.money[seat] >= self.cost

    def legal_moves(self, seat: int) -> list[Move]:
        if self.over or seat != self.current:
            return []
        if self.dice == 1:
            return [ROLL]
        return [TAKE, ROLL] if self.can_pay(seat) else [TAKE]

    def _apply(self, seat: int, move: Move) -> list[Event]:
        return self._roll(seat) if move.kind == "roll" else self._take(seat)

    def _roll(self, seat: int) -> list[Event]:
        me = self.players[seat]
        cost, dice = self.cost, self.dice
        self.money[seat] -= cost
        self.bank += cost
        self.paid += cost
        faces = self.rng.dice(dice)
        said = f"{me} pays {_dollars(cost)} and rolls {_faces(faces)}"
        events: list[Event] = []
        if 1 in faces:
            returned = self.kitty
            self.bank += returned
            self.kitty = 0
            self.last_roll = {"seat": seat, "faces": faces, "busted": True, "moved": -returned}
            text = f"{said}: a 1, so {me} busts"
            text += (f", and the Kitty's {_dollars(returned)} goes back to the Bank ({_dollars(self.bank)})."
                     if returned else ".")
            text += f" {me} is {_dollars(self.paid)} down this turn."
            events.append(self.say(text, "bust", seat, faces=faces))
            self._start_next_turn(events)
            return events
        wanted = sum(faces)
        moved = min(wanted, self.bank)
        self.bank -= moved
        self.kitty += moved
        self.last_roll = {"seat": seat, "faces": faces, "busted": False, "moved": moved}
        if moved < wanted:
            text = (f"{said}, but the Bank holds only {_dollars(moved)}: all of it goes into the Kitty "
                    f"({_dollars(self.kitty)}) and the Bank is empty.")
        else:
            text = f"{said}: {_dollars(moved)} goes from the Bank into the Kitty ({_dollars(self.kitty)})."
        if dice == MAX_DICE:
            events.append(self.say(f"{text} No 1 in five dice: {me} breaks the Bank!", "roll", seat, faces=faces))
            self._break(seat, events)
            return events
        self.dice = dice + 1
        events.append(self.say(f"{text} {self._standing_words(seat)} {self._question(seat)}", "roll", seat,
                               faces=faces))
        return events

    def _standing_words(self, seat: int) -> str:
        """How taking the Kitty now compares with what the turn has cost."""
        net = self.kitty - self.paid
        me = self.players[seat]
        if net == 0:
            return f"{me} has paid {_dollars(self.paid)} this turn, so taking it now breaks even."
        return f"Taking it now leaves {me} {_dollars(abs(net))} {'up' if net > 0 else 'down'} this turn."

    def _question(self, seat: int) -> str:
        take = "Take it to break the Bank" if self.bank == 0 else "Take it"
        if not self.can_pay(seat):
            return f"{self.players[seat]} cannot pay {_dollars(self.cost)} for another roll: take the Kitty."
        return f"{take}, or pay {_dollars(self.cost)} and roll {dice_words(self.dice)}?"

    def _take(self, seat: int) -> list[Event]:
        me = self.players[seat]
        kitty = self.kitty
        self.money[seat] += kitty
        self.kitty = 0
        if self.bank == 0:
            events = [self.say(f"{me} takes the Kitty ({_dollars(kitty)}) and leaves the Bank empty: {me} breaks "
                               f"the Bank!", "take", seat, amount=kitty)]
            self.breaker = seat
            self._finish(events)
            return events
        net = kitty - self.paid
        result = "breaks even" if net == 0 else f"is {_dollars(abs(net))} {'up' if net > 0 else 'down'} this turn"
        events = [self.say(f"{me} takes the Kitty: {_dollars(kitty)}, and {result} ({_dollars(self.money[seat])} "
                           "in all).", "take", seat, amount=kitty)]
        self._start_next_turn(events)
        return events

    def _break(self, seat: int, events: list[Event]) -> None:
        kitty, bank = self.kitty, self.bank
        self.money[seat] += kitty + bank
        self.kitty = self.bank = 0
        self.breaker = seat
        events.append(self.say(
            f"{self.players[seat]} takes the Kitty ({_dollars(kitty)}) and the Bank ({_dollars(bank)}): "
            f"{_dollars(kitty + bank)} in all.", "break", seat, amount=kitty + bank))
        self._finish(events)

    def turn_order(self) -> list[int]:
        n = len(self.players)
        return [(self.first + k) % n for k in range(n)]

    def length(self) -> int:
        return sum(self.turns_taken)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _score(self) -> Outcome:
        names = self.players
        money = self.money
        if self.breaker is not None:
            details = ["broke the Bank" if s == self.breaker else "" for s in range(len(names))]
        else:
            assert self.split is not None  # no breaker: the game ended with the split
            details = [f"{_dollars(share)} of it from the split" for share in self.split["shares"]]
        standings = rank_standings(names, [(m,) for m in money], list(money), details)
        winners = [st.seat for st in standings if st.place == 1]
        best = _dollars(money[winners[0]])
        if self.breaker is not None:
            b = names[self.breaker]
            start = f"{b} broke the Bank and the game is over"
        else:
            start = "The Bank has been split and the game is over"
        if len(winners) == 1:
            summary = f"{start}: {names[winners[0]]} has the most money ({best}) and wins."
        else:
            summary = f"{start}: {listing([names[s] for s in winners])} share the most money ({best}): a draw."
        ties = []
        for amount in sorted(set(money), reverse=True):
            group = [names[s] for s in range(len(names)) if money[s] == amount]
            if len(group) > 1:
                ties.append(f"{listing(group)} have {_dollars(amount)} each and share a place.")
        return Outcome(standings, summary, " ".join(ties))

    def view(self, seat: int | None = None) -> BreakTheBankView:
        over = self.over
        turns: int = self.options["turns"]
        current = self.current
        last, split = self.last_roll, self.split
        return {
            "money": list(self.money),
            "turns": turns,
            "turns_taken": list(self.turns_taken),
            "turns_left": [turns - t for t in self.turns_taken],
            "turns_played": sum(self.turns_taken),
            "total_turns": self.total_turns,
            "bank": self.bank,
            "kitty": self.kitty,
            "cost": self.cost,
            "first": self.first,
            "current": current,
            "dice": None if over else self.dice,
            "max_dice": MAX_DICE,
            "chance": None if over else survival_percent(self.dice),
            "paid": 0 if over else self.paid,
            "can_pay": (not over) and current is not None and self.can_pay(current),
            "last_roll": None if last is None else _copy_roll(last),
            "breaker": self.breaker,
            "split": None if split is None else _copy_split(split),
            "options": dict(self.options),
            "tiebreaks": self._outcome.tiebreaks if self._outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        for key in _LIST_STATE:
            state[key] = list(state[key])
        if self.last_roll is not None:
            state["last_roll"] = _copy_roll(self.last_roll)
        if self.split is not None:
            state["split"] = _copy_split(self.split)

    # -- words ----------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        me = names[seat]
        if move.kind not in _MOVE_KINDS:
            return (f"Break the Bank has no {move.kind!r} move: on your turn you roll, and after a good roll "
                    "you may take the Kitty instead.")
        if move.args:
            return f"{'A roll' if move.kind == 'roll' else 'Taking the Kitty'} takes no arguments."
        if self.current is not None and seat != self.current:
            return f"It is not {me}'s turn: {names[self.current]} is rolling."
        if move.kind == "take":
            return (f"{me} must first pay {_dollars(self.cost)} and roll one die: that first roll of a turn is not "
                    "optional, and the Kitty is still empty.")
        return (f"{me} has only {_dollars(self.money[seat])} and a roll costs {_dollars(self.cost)}: take the "
                "Kitty.")

    def describe_move(self, move: Move) -> str:
        if move.kind == "take":
            broke = ": break the Bank" if self.bank == 0 else ""
            return f"Take the Kitty ({_dollars(self.kitty)}){broke}"
        if move.kind == "roll":
            dice = self.dice
            if dice == 1:
                return f"Pay {_dollars(self.cost)}, roll one die"
            goal = ": break the Bank" if dice == MAX_DICE else ""
            return f"Pay {_dollars(self.cost)}, roll {dice} dice{goal} ({survival_percent(dice)}% safe)"
        return str(move)
