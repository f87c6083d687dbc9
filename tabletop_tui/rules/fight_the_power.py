"""Fight the Power: factions of elf dice recruit and brawl; the first to hold eight dice, or none, wins.

Every faction starts with four dice, rolled once and kept face up (a faction's dice are kept sorted,
highest first). The first player is drawn at random and play passes to the next seat. A turn is one
of two things:

  recruit  with more dice of one rank than an opponent who has at least one of it, take one of those
           (`Move("recruit", (opponent, rank))`, offered only where legal);
  fight    pick an opponent (`Move("fight", (opponent,))`), choose which of your dice to roll
           (`Move("toggle", (index,))` flips one die between rolled and kept; all are rolled at first),
           then `Move("roll")`: your chosen dice and all of the defender's are rolled. The sorted dice
           are compared highest first, the first difference deciding; the winner (attacker or
           defender) then takes one die of the loser's, face kept (`Move("take", (face,))`).

If every comparable die is tied the fight is a draw; with the `extra_dice_win` option the side with
more dice wins that case. A faction reaching eight dice or none wins at once; when both sides of a
transfer reach a goal together, the player whose turn it is wins. With the `rounds` option the game
also ends after that many rounds, the faction closest to eight or none winning.
"""

from __future__ import annotations

from typing import Any, Iterable, TypedDict

from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, Standing, View, rank_standings
from tabletop_tui.rules.words import listing, plural

START_DICE = 4
GROW_TO = 8
ROLL = Move("roll")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
_MOVE_KINDS = ("recruit", "fight", "toggle", "roll", "take")


def compare(a: list[int], b: list[int], extra_dice_win: bool = False) -> tuple[int, int | None]:
    """Two sorted (highest first) hands: (1 if a wins, -1 if b wins, 0 for a draw; the index of the die
    that decided, or None when every comparable die was tied)."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return (1 if x > y else -1), i
    if extra_dice_win and len(a) != len(b):
        return (1 if len(a) > len(b) else -1), None
    return 0, None


def distance(count: int) -> int:
    """How many dice a faction is from a win (eight dice or none)."""
    return min(count, GROW_TO - count)


def faces(dice: Iterable[int]) -> str:
    return " ".join(map(str, dice)) or "no dice"


def _dice(n: int) -> str:
    return plural(n, "die", "dice")


def _plural_face(face: int, count: int) -> str:
    return f"{NUMBER_WORDS[count]} {face}s" if count != 1 else f"one {face}"


class LastFight(TypedDict):
    """The last fight: who attacked whom, the attacker's dice after the roll (`rerolled` says which of
    them were rolled), the defender's, the winner (None: a draw), the index of the die that decided
    (None: every comparable die tied), whether more dice won it, the face the winner took, and the turn."""

    attacker: int
    defender: int
    attack: list[int]
    rerolled: list[bool]
    defence: list[int]
    winner: int | None
    decided_at: int | None
    by_more_dice: bool
    taken: int | None
    turn: int


#: The last recruit: who took a die (`seat`) from whom (`from`), its face, how many of it each had
#: before, and the turn.
LastRecruit = TypedDict("LastRecruit", {"seat": int, "from": int, "face": int, "mine": int, "theirs": int,
                                        "turn": int})


def _copy_fight(fight: LastFight) -> LastFight:
    return {**fight, "attack": list(fight["attack"]), "rerolled": list(fight["rerolled"]),
            "defence": list(fight["defence"])}


class FightThePowerView(View):
    phase: str
    current: int | None
    first: int
    target: int | None
    taker: int | None
    rolling: list[bool]
    dice: list[list[int]]
    round: int
    rounds: int
    turns: int
    goal: int
    last_fight: LastFight | None
    last_recruit: LastRecruit | None
    options: dict[str, Any]
    tiebreaks: str | None


class FightThePower(Game):
    id = "fight-the-power"
    title = "Fight the Power"
    score_label = "Dice"
    min_players = 3
    max_players = 7
    rules_version = 1
    hidden_information = False
    #: Dice can trade hands for ever. A bot game takes some tens of moves; random seats that toggle
    #: dice at random take a few hundred; this stops the rare endless one.
    move_limit = 4_000
    length_unit = "turns"
    OPTIONS = (
        Option("rounds", "Round limit", "int", 0,
               help="0 plays until a faction has eight dice or none. N ends the game after N rounds: the "
                    "faction fewest dice away from eight or none wins (equal ones draw).",
               min=0, max=200),
        Option("extra_dice_win", "More dice break a tie", "bool", False,
               help="When every die both sides can compare is tied, the side with more dice wins the fight "
                    "instead of it being a draw.", ),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        n = len(self.players)
        self.dice: list[list[int]] = [sorted(self.rng.dice(START_DICE), reverse=True) for _ in range(n)]
        self.first = self.rng.below(n)
        self.current = self.first
        self.phase = "turn"  # "turn", "aim" (choosing dice to roll), "take" (the winner takes), "over"
        self.target: int | None = None
        self.rolling: list[bool] = []
        self.taker: int | None = None
        self.turns = 0  # turns completed
        self.last_fight: LastFight | None = None
        self.last_recruit: LastRecruit | None = None
        self.winner_reason = ""
        self._outcome: Outcome | None = None
        names = self.players
        self.log.append(self.say(
            "Every faction rolls its four dice and keeps them face up: "
            + "; ".join(f"{names[s]} {faces(self.dice[s])}" for s in range(n)) + ".", "setup"))
        rounds = self.options["rounds"]
        self.log.append(self.say(
            f"{names[self.first]} is drawn to go first; play passes to the left ({names[(self.first + 1) % n]} "
            "is next). Reach eight dice or none to win"
            + (f", or be closest to it after {plural(rounds, 'round')}." if rounds else "."),
            "turn", self.first))

    # -- helpers -------------------------------------------------------------------------------------

    def count(self, seat: int, face: int) -> int:
        return self.dice[seat].count(face)

    def can_recruit(self, seat: int, opponent: int, face: int) -> bool:
        theirs = self.count(opponent, face)
        return theirs >= 1 and self.count(seat, face) > theirs

    def _recruits(self, seat: int) -> list[Move]:
        n = len(self.players)
        moves = []
        for k in range(1, n):
            opponent = (seat + k) % n
            for face in sorted(set(self.dice[opponent]), reverse=True):
                if self.can_recruit(seat, opponent, face):
                    moves.append(Move("recruit", (opponent, face)))
        return moves

    def _defender(self) -> int:
        """The seat attacked in the fight under way."""
        assert self.target is not None, "no fight under way"
        return self.target

    def _loser(self, winner: int) -> int:
        """The other side of the fight that `winner` won."""
        return self._defender() if winner == self.current else self.current

    def _move_die(self, giver: int, taker: int, face: int) -> None:
        self.dice[giver].remove(face)
        self.dice[taker].append(face)
        self.dice[taker].sort(reverse=True)

    def _end_turn(self, events: list[Event], a: int, b: int) -> None:
        """After dice changed hands between a and b (or a draw: a == b): a win, the round limit, or the
        next player's turn."""
        names = self.players
        reached = [s for s in (a, b) if distance(len(self.dice[s])) == 0]
        if reached:
            winner = self.current if len(set(reached)) > 1 else reached[0]
            if len(set(reached)) > 1:
                other = a if winner == b else b
                goal = {s: "eight dice" if self.dice[s] else "no dice left" for s in (a, b)}
                self.winner_reason = (f"{names[winner]} and {names[other]} reached a goal at the same moment "
                                      f"({names[winner]} with {goal[winner]}, {names[other]} with "
                                      f"{goal[other]}): the player whose turn it was, {names[winner]}, wins.")
            self._finish(winner, events)
            return
        self.turns += 1
        n = len(self.players)
        rounds: int = self.options["rounds"]
        if rounds and self.turns >= rounds * n:
            self._finish(None, events)
            return
        self.current = (self.current + 1) % n
        self.phase = "turn"
        self.target = self.taker = None
        self.rolling = []
        if self.turns % n == 0:
            events.append(self.say(f"Round {self.turns // n + 1} begins: {names[self.current]} to play.",
                                   "turn", self.current))

    def _finish(self, winner: int | None, events: list[Event]) -> None:
        self.phase = "over"
        self.target = self.taker = None
        self.rolling = []
        self._outcome = self._score(winner)
        events.append(self.say(self._outcome.summary, "score", winner))

    # -- the contract ----------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "take":
            assert self.taker is not None, "a fight won has its winner"
            return [self.taker]
        return [self.current]

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase == "over" or seat not in self.to_act():
            return []
        if self.phase == "turn":
            n = len(self.players)
            fights = [Move("fight", ((seat + k) % n,)) for k in range(1, n)]
            return fights + self._recruits(seat)
        if self.phase == "aim":
            return [Move("toggle", (i,)) for i in range(len(self.dice[seat]))] + [ROLL]
        loser = self._loser(seat)
        return [Move("take", (face,)) for face in sorted(set(self.dice[loser]), reverse=True)]

    def _apply(self, seat: int, move: Move) -> list[Event]:
        kind, args = move.kind, move.args
        if kind == "recruit":
            return self._recruit(seat, *args)
        if kind == "fight":
            self.phase = "aim"
            self.target = args[0]
            self.rolling = [True] * len(self.dice[seat])
            return [self.say(f"{self.players[seat]} picks a fight with {self.players[args[0]]} and chooses "
                             "which dice to roll.", "fight", seat, target=args[0])]
        if kind == "toggle":
            i = args[0]
            self.rolling[i] = not self.rolling[i]
            return []
        if kind == "roll":
            return self._fight(seat)
        return self._take(seat, args[0])

    def _recruit(self, seat: int, opponent: int, face: int) -> list[Event]:
        names = self.players
        mine, theirs = self.count(seat, face), self.count(opponent, face)
        self._move_die(opponent, seat, face)
        self.last_recruit = {"seat": seat, "from": opponent, "face": face, "mine": mine, "theirs": theirs,
                             "turn": self.turns}
        events = [self.say(
            f"{names[seat]} has {_plural_face(face, mine)} to {names[opponent]}'s {_plural_face(face, theirs)} "
            f"and recruits one of {names[opponent]}'s {face}s: {names[seat]} now has {_dice(len(self.dice[seat]))}, "
            f"{names[opponent]} {_dice(len(self.dice[opponent]))}.", "recruit", seat, target=opponent, face=face)]
        self._end_turn(events, seat, opponent)
        return events

    def _fight(self, seat: int) -> list[Event]:
        names = self.players
        defender = self._defender()
        mine = self.dice[seat]
        kept = [f for f, r in zip(mine, self.rolling) if not r]
        rolled = self.rng.dice(sum(self.rolling))
        theirs = sorted(self.rng.dice(len(self.dice[defender])), reverse=True)
        pairs = sorted([(f, False) for f in kept] + [(f, True) for f in rolled], reverse=True)
        attack = [f for f, _ in pairs]
        self.dice[seat] = list(attack)
        self.dice[defender] = list(theirs)
        result, at = compare(attack, theirs, self.options["extra_dice_win"])
        winner = {1: seat, -1: defender, 0: None}[result]
        self.last_fight = {
            "attacker": seat, "defender": defender, "attack": attack, "rerolled": [r for _, r in pairs],
            "defence": theirs, "winner": winner, "decided_at": at, "by_more_dice": result != 0 and at is None,
            "taken": None, "turn": self.turns,
        }
        if not rolled:
            how = f"rolling none of {names[seat]}'s dice and standing on {faces(kept)}"
        elif not kept:
            how = f"rolling all {_dice(len(rolled))}"
        else:
            how = f"rolling {_dice(len(rolled))} and keeping {faces(kept)}"
        text = (f"{names[seat]} attacks {names[defender]}, {how}; {names[defender]} rolls "
                f"{'the one die it has' if len(theirs) == 1 else f'all {len(theirs)} dice'}. ")
        a_text, d_text = f"{names[seat]}'s {faces(attack)}", f"{names[defender]}'s {faces(theirs)}"
        if winner is None:
            text += (f"{a_text} and {d_text} tie on every die they can compare: a draw, and every die stays where it is.")
        else:
            w_text, l_text = (a_text, d_text) if winner == seat else (d_text, a_text)
            loser = defender if winner == seat else seat
            if at is None:
                text += (f"{w_text} and {l_text} tie on every die they can compare, and {names[winner]} has "
                         f"more dice, so {names[winner]} wins.")
            else:
                hi, lo = (attack[at], theirs[at]) if winner == seat else (theirs[at], attack[at])
                text += f"{w_text} beat {l_text} at the {ORDINALS[at]} die: {hi} against {lo}."
            text += (f" {names[winner]}{', the defender,' if winner == defender else ''} takes one of "
                     f"{names[loser]}'s dice.")
        events = [self.say(text, "fight", seat, target=defender, attack=attack, defence=theirs, winner=winner)]
        if winner is None:
            self._end_turn(events, seat, seat)
        else:
            self.phase = "take"
            self.taker = winner
        return events

    def _take(self, seat: int, face: int) -> list[Event]:
        names = self.players
        loser = self._loser(seat)
        self._move_die(loser, seat, face)
        assert self.last_fight is not None, "a die is taken after a fight"
        self.last_fight["taken"] = face
        events = [self.say(f"{names[seat]} takes {names[loser]}'s {face}: {names[seat]} now has "
                           f"{_dice(len(self.dice[seat]))}, {names[loser]} {_dice(len(self.dice[loser]))}.",
                           "take", seat, target=loser, face=face)]
        self._end_turn(events, seat, loser)
        return events

    # -- the end -------------------------------------------------------------------------------------

    def turn_order(self) -> list[int]:
        n = len(self.players)
        return [(self.first + k) % n for k in range(n)]

    def length(self) -> int:
        """Turns played, the one under way (or the one that won) included."""
        rounds: int = self.options["rounds"]
        if self.phase == "over" and rounds and self.turns >= rounds * len(self.players):
            return self.turns
        return self.turns + 1

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _score(self, winner: int | None) -> Outcome:
        names = self.players
        n = len(names)
        counts = [len(d) for d in self.dice]
        keys, details = [], []
        for s in range(n):
            away = distance(counts[s])
            keys.append((s == winner, -away))
            if s == winner:
                details.append("grew to eight dice" if counts[s] else "shrank to no dice")
            else:
                details.append(f"{_dice(counts[s])}, {_dice(away)} from a win")
        standings = rank_standings(names, keys, counts, details)
        if winner is not None:
            how = ("grows to eight elves, enough to take on Santa," if counts[winner]
                   else "has no elves left, rats out the others")
            summary = f"{names[winner]} {how} and wins!"
        else:
            best = [st.seat for st in standings if st.place == 1]
            played = plural(self.options["rounds"], "round")
            if len(best) == 1:
                summary = (f"After {played} nobody has reached eight dice or none; {names[best[0]]}, "
                           f"{_dice(distance(counts[best[0]]))} from a win, comes closest and wins.")
            else:
                summary = (f"After {played} nobody has reached eight dice or none; {listing([names[s] for s in best])}"
                           f" come equally close ({_dice(distance(counts[best[0]]))} from a win): a draw.")
        return Outcome(standings, summary, self._tiebreak_words(standings, winner))

    def _tiebreak_words(self, standings: list[Standing], winner: int | None) -> str:
        names = self.players
        sentences = []
        if self.winner_reason:
            sentences.append(self.winner_reason)
        sentences.append(("The others are" if winner is not None else "Every faction is")
                         + " placed by how close each came to a win: fewest dice away from eight or from none.")
        by_place: dict[int, list[int]] = {}
        for st in standings:
            if st.seat != winner:
                by_place.setdefault(st.place, []).append(st.seat)
        for group in by_place.values():
            if len(group) > 1:
                away = distance(len(self.dice[group[0]]))
                sentences.append(f"{listing([f'{names[s]} ({_dice(len(self.dice[s]))})' for s in group])} are "
                                 f"each {_dice(away)} from a win and share a place.")
        return " ".join(sentences)

    # -- what everyone sees ------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> FightThePowerView:
        outcome = self._outcome
        over = self.phase == "over"
        n = len(self.players)
        rounds: int = self.options["rounds"]
        fight, recruit = self.last_fight, self.last_recruit
        return {
            "phase": self.phase,
            "current": None if over else self.current,
            "first": self.first,
            "target": self.target,
            "taker": self.taker,
            "rolling": list(self.rolling),
            "dice": [list(d) for d in self.dice],
            "round": min(self.turns // n + 1, rounds) if rounds else self.turns // n + 1,
            "rounds": rounds,
            "turns": self.turns,
            "goal": GROW_TO,
            "last_fight": None if fight is None else _copy_fight(fight),
            "last_recruit": None if recruit is None else LastRecruit(**recruit),
            "options": dict(self.options),
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["dice"] = [list(d) for d in self.dice]
        state["rolling"] = list(self.rolling)
        if self.last_fight is not None:
            state["last_fight"] = _copy_fight(self.last_fight)
        if self.last_recruit is not None:
            state["last_recruit"] = LastRecruit(**self.last_recruit)

    # -- words ---------------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        kind, args = move.kind, move.args
        if kind not in _MOVE_KINDS:
            return (f"Fight the Power has no {kind!r} move: on a turn a faction recruits or fights; in a fight "
                    "the attacker toggles dice and rolls, and the winner takes a die.")
        me = names[seat]
        acting = self.to_act()[0]
        if seat != acting:
            if self.phase == "take":
                return f"It is not {me}'s move: {names[acting]} won the fight and takes one of the loser's dice."
            return f"It is not {me}'s turn: {names[acting]} is playing."
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
            return f"A {kind} move takes whole numbers only."
        if self.phase == "take":
            if kind != "take":
                return f"{me} won the fight: first take one of the loser's dice."
            loser = self._loser(seat)
            if len(args) != 1:
                return "Take which face? Name one face of the loser's dice."
            return (f"{names[loser]} has no {args[0]} to take: {names[loser]}'s dice show "
                    f"{faces(self.dice[loser])}.")
        if self.phase == "aim":
            if kind in ("recruit", "fight"):
                return (f"{me} is already fighting {names[self._defender()]}: choose the dice to roll and roll "
                        "(undo to change your mind).")
            if kind == "take":
                return "Nobody has won a fight yet: roll first."
            if kind == "toggle":
                return f"There is no such die to toggle: {me} has {_dice(len(self.dice[seat]))}."
            return "A roll takes no arguments."
        # the start of a turn
        if kind in ("toggle", "roll"):
            return f"{me} has not picked a fight yet: choose whom to fight first."
        if kind == "take":
            return "There is no fight to take a die from: recruit or fight."
        if not args:
            return ("A fight names one opponent by seat number." if kind == "fight"
                    else "A recruit names an opponent and a rank: recruit which die from whom?")
        if not 0 <= args[0] < len(names):
            return f"There is no seat {args[0]} at this table."
        if args[0] == seat:
            return f"{me} cannot {kind} against {me}'s own faction."
        if kind == "fight":
            return "A fight names one opponent by seat number."
        if len(args) != 2:
            return "A recruit names an opponent and a rank: recruit which die from whom?"
        opponent, face = args
        if not 1 <= face <= 6:
            return f"There is no rank {face} on a six-sided die."
        other = names[opponent]
        theirs, mine = self.count(opponent, face), self.count(seat, face)
        if theirs == 0:
            return f"{other} has no {face} to recruit."
        return (f"{me} has {_plural_face(face, mine)} to {other}'s {_plural_face(face, theirs)}: recruiting "
                f"needs more dice of that rank than {other} has.")

    def describe_move(self, move: Move) -> str:
        names = self.players
        kind, args = move.kind, move.args
        try:
            if kind == "fight":
                return f"Fight {names[args[0]]} ({_dice(len(self.dice[args[0]]))})"
            if kind == "recruit":
                return f"Recruit {names[args[0]]}'s {args[1]}"
            if kind == "toggle":
                die = self.dice[self.current][args[0]]
                return f"{'Keep' if self.rolling[args[0]] else 'Roll'} the {die}"
            if kind == "roll":
                n = sum(self.rolling)
                return "Fight! " + (f"roll {_dice(n)}" if n else "roll none")
            if kind == "take":
                return f"Take the {args[0]}"
        except (IndexError, TypeError):
            pass
        return str(move)
