"""Monster Builder: mad scientists build fighting monsters of five parts (a head, two arms, two
legs), each worth 0 to 6. The first monster with five 6s wins at once.

The table shares four research dice, left as they lie between turns. By default they are not rolled
at setup, so nothing can be scavenged before the first research (`opening` "rolled" rolls them then).
A turn is one action, made as a few small moves:

  research   "research" rolls the four dice -> "die" i -> "build" slot (or "stop": build nothing)
  scavenge   "scavenge" -> "die" i -> "build" slot -> a second "die" and "build", or "stop"
  fight      "fight" -> "attack" kind -> "target" seat -> "roll" the combat dice; then the winner,
             attacker or defender, may "steal" a part of the loser at stake -> "build" it into a slot
             of their own or "discard" it (the loser's slot goes to 0 either way), or "spare" it

Building replaces a slot's value (never adds); a research die that is built turns to 1. The attacks
(ties go to the attacker):

  Head Smash  1 die + own head     vs 2 dice                          stake: the loser's head
  Punch       1 die + both arms    vs 3 dice                          stake: the head or either arm
  Trip        1 die + both legs    vs the defender's total, no dice   stake: any part

Places after the winner go by the number of 6s, then the total of the five parts. The game has no
natural end without a winner; the `rounds` option can cap it.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypedDict

from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, View, rank_standings
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.words import listing

SLOTS = ("head", "left arm", "right arm", "left leg", "right leg")
HEAD, LEFT_ARM, RIGHT_ARM, LEFT_LEG, RIGHT_LEG = range(5)
ALL_PARTS = tuple(range(5))
RESEARCH_DICE = 4
TOP = 6  # the best value of a part; five of them win
SCAVENGE_BUILDS = 2


class Attack(NamedTuple):
    key: str  # the move argument
    name: str  # "Head Smash"
    verb: str  # "Head-Smashes"
    strength: tuple[int, ...]  # the attacker's parts added to its die
    dice: int  # the defender's dice (0: the defender's whole monster instead)
    stake: tuple[int, ...]  # the loser's parts the winner may steal
    stake_words: str  # the stake, of a monster named {}
    stake_only: str  # the stake, for a refusal
    nothing_words: str  # a stake with nothing in it, of a monster named {}


ATTACKS = {
    "smash": Attack("smash", "Head Smash", "Head-Smashes", (HEAD,), 2, (HEAD,), "{}'s head",
                    "only the head", "{}'s head is 0"),
    "punch": Attack("punch", "Punch", "Punches", (LEFT_ARM, RIGHT_ARM), 3, (HEAD, LEFT_ARM, RIGHT_ARM),
                    "{}'s head or either arm", "only the head and the arms", "{}'s head and arms are all 0"),
    "trip": Attack("trip", "Trip", "Trips", (LEFT_LEG, RIGHT_LEG), 0, ALL_PARTS, "any part of {}'s monster",
                   "every part", "every part of {}'s monster is 0"),
}
ATTACK_KEYS = tuple(ATTACKS)
DICE_WORDS = {2: "two dice", 3: "three dice"}

# Phases: who decides what now.
ACT, RESEARCH, RESEARCH_SLOT, SCAVENGE, SCAVENGE_SLOT = "act", "research", "research slot", "scavenge", "scavenge slot"
ATTACK, TARGET, ROLL, STEAL, STEAL_SLOT = "attack", "target", "roll", "steal", "steal slot"
_MOVE_KINDS = ("research", "scavenge", "fight", "die", "build", "stop", "attack", "target", "roll", "steal",
               "spare", "discard")
ACTIONS = [Move("research"), Move("scavenge"), Move("fight")]


def _sum_distribution(dice: int) -> list[float]:
    """at_most[t]: the chance that `dice` six-sided dice total at most t (t from 0 to 6 * dice)."""
    counts = [1]
    for _ in range(dice):
        nxt = [0] * (len(counts) + 6)
        for total, ways in enumerate(counts):
            for face in range(1, 7):
                nxt[total + face] += ways
        counts = nxt
    at_most, running = [], 0
    for ways in counts:
        running += ways
        at_most.append(running / 6 ** dice)
    return at_most


_AT_MOST = {dice: _sum_distribution(dice) for dice in (2, 3)}


def strength(attack: Attack, parts: list[int]) -> int:
    """What the attacker adds to its die."""
    return sum(parts[p] for p in attack.strength)


def defence(attack: Attack, parts: list[int]) -> int | None:
    """The defender's fixed total for a Trip; None for an attack the defender rolls dice against."""
    return None if attack.dice else sum(parts)


def win_chance(attack: Attack, attacker: list[int], defender: list[int]) -> float:
    """The exact chance that the attacker wins (ties go to the attacker)."""
    base = strength(attack, attacker)
    fixed = defence(attack, defender)
    if fixed is not None:
        return sum(1 for die in range(1, 7) if die + base >= fixed) / 6
    at_most = _AT_MOST[attack.dice]
    return sum(at_most[min(die + base, len(at_most) - 1)] for die in range(1, 7)) / 6


class Stolen(TypedDict):
    """What the winner of a fight did with its spoils: the loser's part taken (None: nothing), the
    winner's part it was built into (None: thrown away), its value, and whether the winner spared it."""

    part: int | None
    into: int | None
    value: int
    spared: bool


class Fight(TypedDict):
    """The last fight: the attack's key, the attacker's die, the parts added to it and its total, the
    defender's dice (none for a Trip) and total, the winner, and the spoils (None until decided)."""

    attacker: int
    defender: int
    attack: str
    die: int
    added: list[int]
    total: int
    defender_dice: list[int]
    defender_total: int
    winner: int
    stolen: Stolen | None


def _copy_fight(fight: Fight) -> Fight:
    stolen = fight["stolen"]
    return {**fight, "added": list(fight["added"]), "defender_dice": list(fight["defender_dice"]),
            "stolen": None if stolen is None else Stolen(**stolen)}


class MonsterView(TypedDict):
    name: str
    parts: list[int]
    sixes: int
    total: int


class MonsterBuilderView(View):
    round: int
    rounds: int
    first: int
    current: int | None
    phase: str | None
    monsters: list[MonsterView]
    research: list[int]
    die: int | None
    built: list[int]
    attack: str | None
    target: int | None
    part: int | None
    fight: Fight | None
    winner: int | None
    tiebreaks: str | None


def _sixes(n: int) -> str:
    return f"{n} six" if n == 1 else f"{n} sixes"


def _percent(p: float) -> str:
    return f"{round(p * 100)}%"


class MonsterBuilder(Game):
    id = "monster-builder"
    title = "Monster Builder"
    score_label = "Sixes"
    min_players = 3
    max_players = 6
    #: 2: the research dice are not rolled at setup by default (version 1 rolled them: its records replay
    #: with `opening` "rolled")
    rules_version = 2
    migrations = {1: old_reading(opening="rolled")}
    hidden_information = False
    #: Nothing forces an end: fights can take parts away as fast as research builds them. Games between
    #: sensible players last about a hundred moves; the cap is for simulations of random play.
    move_limit = 3_000
    length_unit = "turns"
    OPTIONS = (
        Option("rounds", "Round limit", "int", 0,
               help="0 plays until a monster has five 6s. N ends the game after N rounds if nobody has "
                    "finished: most 6s wins, then the highest total.", min=0, max=100),
        Option("opening", "Research dice at the start", "choice", "unrolled",
               help="Not rolled: there is nothing to scavenge until someone researches. Rolled at setup: "
                    "the first player may scavenge them at once (and wins far more often).",
               choices=(("unrolled", "not rolled"), ("rolled", "rolled at setup"))),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        n = len(self.players)
        self.monsters = [[0] * 5 for _ in range(n)]
        opening = self.options["opening"]
        # the research dice as they lie; none until the first research with the "unrolled" opening
        self.research = self.rng.dice(RESEARCH_DICE) if opening == "rolled" else []
        self.first = self.rng.below(n)
        self.current = self.first
        self.round = 1
        self.phase = ACT
        self.die: int | None = None  # the research die chosen to build
        self.built: list[int] = []  # the dice built in this scavenge
        self.attack: str | None = None
        self.target: int | None = None
        self.fight: Fight | None = None  # the last fight, for the screen
        self.part: int | None = None  # the part the fight's winner steals
        self.winner: int | None = None
        self.over = False
        self._outcome: Outcome | None = None
        rounds: int = self.options["rounds"]
        self.log.append(self.say(
            "Every monster starts with a 0 in each of its five parts. "
            + (f"The research dice are rolled once to start: {self._dice_words()}. " if self.research else
               "The research dice are not rolled yet: there is nothing to scavenge until someone researches. ")
            + f"{self.players[self.first]} was drawn to play first."
            + (f" The game ends after {rounds} round{'s' if rounds != 1 else ''} if no monster is finished."
               if rounds else ""),
            "setup", self.first, research=list(self.research)))

    # -- helpers ------------------------------------------------------------------------------------

    def _dice_words(self) -> str:
        return ", ".join(str(v) for v in self.research)

    def _fought(self) -> Fight:
        """The last fight (there is one: its winner is taking the spoils, or they are described)."""
        assert self.fight is not None, "no fight yet"
        return self.fight

    def _loser(self) -> int:
        """The loser of the last fight."""
        fight = self._fought()
        return fight["defender"] if fight["winner"] == fight["attacker"] else fight["attacker"]

    def _chosen_die(self) -> int:
        """The research die chosen to build (in the phases that build one)."""
        assert self.die is not None, "no research die chosen"
        return self.die

    def _stealable(self) -> list[int]:
        """The loser's parts the fight's winner may take: those at stake that are worth something."""
        loser = self._loser()
        stake = ATTACKS[self._fought()["attack"]].stake
        return [p for p in stake if self.monsters[loser][p] > 0]

    def _build(self, seat: int, slot: int, value: int) -> int:
        """Build a value into a slot; returns what the slot held."""
        old = self.monsters[seat][slot]
        self.monsters[seat][slot] = value
        return old

    def _finished(self, seat: int, events: list[Event]) -> bool:
        """End the game if the seat's monster has five 6s."""
        if any(v != TOP for v in self.monsters[seat]):
            return False
        self.winner = seat
        self._end(events)
        return True

    def _end(self, events: list[Event]) -> None:
        self.over = True
        self.phase = ACT
        self._outcome = self._score()
        events.append(self.say(self._outcome.summary, "game_over", self.winner))

    def _end_turn(self, events: list[Event]) -> None:
        self.phase = ACT
        self.die = self.attack = self.target = self.part = None
        self.built = []
        n = len(self.players)
        self.current = (self.current + 1) % n
        if self.current == self.first:
            rounds = self.options["rounds"]
            if rounds and self.round >= rounds:
                events.append(self.say(f"Round {self.round} was the last, and no monster has five 6s.", "round"))
                self._end(events)
                return
            self.round += 1
        events.append(self.say(f"{self.players[self.current]}'s turn.", "turn", self.current, round=self.round))

    # -- the contract -------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.over:
            return []
        if self.phase in (STEAL, STEAL_SLOT):
            return [self._fought()["winner"]]
        return [self.current]

    def legal_moves(self, seat: int) -> list[Move]:
        if self.over or seat not in self.to_act():
            return []
        phase = self.phase
        if phase == ACT:
            return list(ACTIONS) if self.research else [ACTIONS[0], ACTIONS[2]]
        if phase == RESEARCH:
            return [Move("die", (i,)) for i in range(RESEARCH_DICE)] + [Move("stop")]
        if phase == SCAVENGE:
            return [Move("die", (i,)) for i in range(RESEARCH_DICE) if i not in self.built] + [Move("stop")]
        if phase in (RESEARCH_SLOT, SCAVENGE_SLOT):
            return [Move("build", (s,)) for s in ALL_PARTS]
        if phase == ATTACK:
            return [Move("attack", (k,)) for k in ATTACK_KEYS]
        if phase == TARGET:
            return [Move("target", (t,)) for t in range(len(self.players)) if t != seat]
        if phase == ROLL:
            return [Move("roll")]
        if phase == STEAL:
            return [Move("steal", (p,)) for p in self._stealable()] + [Move("spare")]
        return [Move("build", (s,)) for s in ALL_PARTS] + [Move("discard")]  # STEAL_SLOT

    def _apply(self, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        me = self.players[seat]
        events: list[Event] = []
        if kind == "research":
            self.research = self.rng.dice(RESEARCH_DICE)
            self.phase = RESEARCH
            events.append(self.say(f"{me} researches and rolls the four research dice: {self._dice_words()}.",
                                   "research", seat, research=list(self.research)))
        elif kind == "scavenge":
            self.phase = SCAVENGE
            events.append(self.say(f"{me} scavenges the research dice as they lie: {self._dice_words()}.",
                                   "scavenge", seat))
        elif kind == "fight":
            self.phase = ATTACK
            events.append(self.say(f"{me} picks a fight.", "fight", seat))
        elif kind == "die":
            self.die = move.args[0]
            self.phase = RESEARCH_SLOT if self.phase == RESEARCH else SCAVENGE_SLOT
        elif kind == "build" and self.phase in (RESEARCH_SLOT, SCAVENGE_SLOT):
            self._build_die(seat, move.args[0], events)
        elif kind == "stop":
            done = ("builds nothing from the research" if self.phase == RESEARCH
                    else "scavenges nothing" if not self.built else "stops scavenging")
            events.append(self.say(f"{me} {done}.", "stop", seat))
            self._end_turn(events)
        elif kind == "attack":
            self.attack = move.args[0]
            self.phase = TARGET
        elif kind == "target":
            self.target = move.args[0]
            self.phase = ROLL
        elif kind == "roll":
            self._roll(seat, events)
        elif kind == "steal":
            self.part = move.args[0]
            self.phase = STEAL_SLOT
        elif kind == "spare":
            loser = self._loser()
            events.append(self.say(f"{me} takes nothing from {self.players[loser]}.", "spare", seat))
            self._fought()["stolen"] = {"part": None, "into": None, "value": 0, "spared": True}
            self._end_turn(events)
        else:  # "build" or "discard" after a fight
            self._steal(seat, move.args[0] if kind == "build" else None, events)
        return events

    def _build_die(self, seat: int, slot: int, events: list[Event]) -> None:
        die = self._chosen_die()
        value = self.research[die]
        old = self._build(seat, slot, value)
        self.research[die] = 1
        self.die = None
        scavenging = self.phase == SCAVENGE_SLOT
        text = (f"{self.players[seat]} builds the {value} of research die {die + 1} into the {SLOTS[slot]} "
                f"(it was {old})" + ("" if value == 1 else "; the die turns to 1") + ".")
        events.append(self.say(text, "build", seat, die=die, slot=slot, value=value, was=old))
        if self._finished(seat, events):
            return
        if scavenging:
            self.built.append(die)
            if len(self.built) < SCAVENGE_BUILDS:
                self.phase = SCAVENGE
                return
        self._end_turn(events)

    def _roll(self, seat: int, events: list[Event]) -> None:
        assert self.attack is not None and self.target is not None, "an attack and a target are chosen"
        attack = ATTACKS[self.attack]
        target = self.target
        names = self.players
        me, them = names[seat], names[target]
        die = self.rng.die()
        added = [self.monsters[seat][p] for p in attack.strength]
        total = die + sum(added)
        fixed = defence(attack, self.monsters[target])
        if fixed is None:
            rolled = self.rng.dice(attack.dice)
            against_total = sum(rolled)
            against = f"{them}'s {DICE_WORDS[attack.dice]} {' + '.join(map(str, rolled))} = {against_total}"
        else:
            rolled = []
            against_total = fixed
            against = f"{them}'s whole monster, {fixed}"
        winner = seat if total >= against_total else target
        loser = target if winner == seat else seat
        parts_word = "head" if attack.key == "smash" else "arms" if attack.key == "punch" else "legs"
        text = (f"{me} {attack.verb} {them}: die {die} + {parts_word} {' + '.join(map(str, added))} = {total} "
                f"against {against}. ")
        text += (f"A tie goes to the attacker: {me} wins" if total == against_total else f"{names[winner]} wins")
        fight: Fight = {"attacker": seat, "defender": target, "attack": attack.key, "die": die, "added": added,
                        "total": total, "defender_dice": rolled, "defender_total": against_total,
                        "winner": winner,
                        "stolen": None}
        self.fight = fight
        self.attack = self.target = None
        stealable = self._stealable()
        if stealable:
            self.phase = STEAL
            text += f" and may steal {attack.stake_words.format(names[loser])} (or throw it away, or take nothing)."
        else:
            text += f", but {attack.nothing_words.format(names[loser])}: there is nothing to steal."
            fight["stolen"] = {"part": None, "into": None, "value": 0, "spared": False}
        events.append(self.say(text, "attack", seat, attack=attack.key, die=die, defender_dice=rolled,
                               winner=winner))
        if not stealable:
            self._end_turn(events)

    def _steal(self, seat: int, slot: int | None, events: list[Event]) -> None:
        loser, part = self._loser(), self.part
        assert part is not None, "a part is chosen to steal"
        names = self.players
        value = self.monsters[loser][part]
        self.monsters[loser][part] = 0
        self._fought()["stolen"] = {"part": part, "into": slot, "value": value, "spared": False}
        self.part = None
        what = f"{names[loser]}'s {SLOTS[part]} ({value})"
        if slot is None:
            text = f"{names[seat]} tears off {what} and throws it away; it is 0 now."
        else:
            old = self._build(seat, slot, value)
            own = "own " if part == slot else ""
            text = (f"{names[seat]} steals {what} and builds it into {names[seat]}'s {own}{SLOTS[slot]} "
                    f"(it was {old}); {names[loser]}'s {SLOTS[part]} is 0 now.")
        events.append(self.say(text, "steal", seat, part=part, into=slot, value=value))
        if slot is not None and self._finished(seat, events):
            return
        self._end_turn(events)

    # -- the end ------------------------------------------------------------------------------------

    def turn_order(self) -> list[int]:
        n = len(self.players)
        return [(self.first + k) % n for k in range(n)]

    def length(self) -> int:
        """Turns played, the one under way (or the one that won) included."""
        n = len(self.players)
        if self.over and self.winner is None:  # stopped by the round limit, after the last turn
            return self.round * n
        return (self.round - 1) * n + (self.current - self.first) % n + 1

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _score(self) -> Outcome:
        names = self.players
        sixes = [m.count(TOP) for m in self.monsters]
        totals = [sum(m) for m in self.monsters]
        keys = [(int(s == self.winner), sixes[s], totals[s]) for s in range(len(names))]
        details = [("five 6s, finished; " if s == self.winner else f"{_sixes(sixes[s])}, ") + f"total {totals[s]}"
                   for s in range(len(names))]
        standings = rank_standings(names, keys, sixes, details)
        if self.winner is not None:
            w = names[self.winner]
            summary = f"{w}'s monster has five 6s: {w} wins!"
        else:
            top = [st.seat for st in standings if st.place == 1]
            best = f"{_sixes(sixes[top[0]])} and a total of {totals[top[0]]}"
            summary = (f"After {self.round} rounds no monster is finished; {names[top[0]]} has the best, with {best}."
                       if len(top) == 1 else
                       f"After {self.round} rounds no monster is finished; {listing([names[s] for s in top])} share "
                       f"the best, with {best}: a draw.")
        return Outcome(standings, summary, self._tiebreak_words(sixes, totals))

    def _tiebreak_words(self, sixes: list[int], totals: list[int]) -> str:
        names = self.players
        rest = [s for s in range(len(names)) if s != self.winner]
        sentences = []
        for count in sorted({sixes[s] for s in rest}, reverse=True):
            group = sorted((s for s in rest if sixes[s] == count), key=lambda s: -totals[s])
            if len(group) < 2:
                continue
            shown = listing([f"{names[s]} {totals[s]}" for s in group])
            if len(set(totals[s] for s in group)) == 1:
                sentences.append(f"{listing([names[s] for s in group])} have {_sixes(count)} and the same total "
                                 f"({totals[group[0]]}), so they share a place.")
            else:
                sentences.append(f"{listing([names[s] for s in group])} have {_sixes(count)} each; the higher total "
                                 f"of all five parts places higher ({shown}).")
        rule = ("After the winner, monsters are placed by their number of 6s, then by their total."
                if self.winner is not None else "Monsters are placed by their number of 6s, then by their total.")
        return " ".join([rule, *sentences])

    # -- the view ------------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> MonsterBuilderView:
        outcome = self._outcome
        fight = self.fight
        return {
            "round": self.round,
            "rounds": self.options["rounds"],
            "first": self.first,
            "current": None if self.over else self.current,
            "phase": None if self.over else self.phase,
            "monsters": [{"name": name, "parts": list(self.monsters[s]), "sixes": self.monsters[s].count(TOP),
                          "total": sum(self.monsters[s])} for s, name in enumerate(self.players)],
            "research": list(self.research),
            "die": self.die,
            "built": list(self.built),
            "attack": self.attack,
            "target": self.target,
            "part": self.part,
            "fight": None if fight is None else _copy_fight(fight),
            "winner": self.winner,
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["monsters"] = [list(m) for m in self.monsters]
        state["research"] = list(self.research)
        state["built"] = list(self.built)
        if self.fight is not None:
            state["fight"] = _copy_fight(self.fight)

    # -- words ---------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        kind, args = move.kind, move.args
        if kind not in _MOVE_KINDS:
            return (f"Monster Builder has no {kind!r} move: a turn is research, scavenge or fight, made step "
                    "by step.")
        acting = self.to_act()
        if seat not in acting:
            who = names[acting[0]]
            if self.phase in (STEAL, STEAL_SLOT):
                return f"It is not {names[seat]}'s turn: {who} won the fight and is choosing what to steal."
            return f"It is not {names[seat]}'s turn: {who} is playing."
        me = names[seat]
        phase = self.phase
        arity = {"die": 1, "build": 1, "attack": 1, "target": 1, "steal": 1}.get(kind, 0)
        if len(args) != arity or any(isinstance(a, bool) for a in args):
            return (f"A {kind} move takes no arguments." if not arity
                    else f"A {kind} move names exactly one " + {"die": "research die", "build": "part",
                                                                 "attack": "attack (smash, punch or trip)",
                                                                 "target": "monster, by seat",
                                                                 "steal": "part"}[kind] + ".")
        expected = self._expected(phase)
        if kind in ("research", "scavenge", "fight"):
            if phase in (STEAL, STEAL_SLOT):
                return f"{me} won the fight and takes the spoils first: {expected}."
            if phase != ACT:
                return f"{me} has already chosen an action this turn: now {expected}."
            if kind == "scavenge" and not self.research:
                return ("There is nothing to scavenge yet: the research dice are not rolled until someone "
                        "researches. Research (and roll them) or fight.")
        elif kind == "die":
            die = args[0]
            if phase not in (RESEARCH, SCAVENGE):
                return f"This is not the moment to choose a research die: {expected}."
            if not isinstance(die, int) or not 0 <= die < RESEARCH_DICE:
                return "There are only four research dice."
            if die in self.built:
                return f"{me} has already built research die {die + 1} this turn: scavenge two different dice."
        elif kind == "build":
            slot = args[0]
            if phase not in (RESEARCH_SLOT, SCAVENGE_SLOT, STEAL_SLOT):
                return f"There is nothing to build yet: {expected}."
            if not isinstance(slot, int) or not 0 <= slot < 5:
                return "A monster has only five parts: a head, two arms and two legs."
        elif kind == "stop":
            if phase == RESEARCH_SLOT or phase == SCAVENGE_SLOT:
                return f"A die is chosen: {expected} (undo to choose another die)."
            if phase not in (RESEARCH, SCAVENGE):
                return f"There is nothing to stop: {expected}."
        elif kind == "attack":
            if phase != ATTACK:
                return (f"Choose Fight first to attack: now {expected}." if phase == ACT
                        else f"This is not the moment to choose an attack: {expected}.")
            if args[0] not in ATTACKS:
                return f"There is no attack called {args[0]!r}: choose smash (Head Smash), punch or trip."
        elif kind == "target":
            target = args[0]
            if phase != TARGET:
                return f"This is not the moment to choose whom to attack: {expected}."
            if target == seat:
                return "A monster cannot attack itself: choose another player's monster."
            if not isinstance(target, int) or not 0 <= target < len(names):
                return f"There are only {len(names)} monsters at this table."
        elif kind == "roll":
            if phase != ROLL:
                return (f"The research dice are rolled by choosing Research: now {expected}." if phase == ACT
                        else f"Nothing to roll yet: {expected}.")
        elif kind == "steal":
            part = args[0]
            if phase != STEAL:
                return f"There is nothing to steal now: {expected}."
            loser = self._loser()
            attack = ATTACKS[self._fought()["attack"]]
            if not isinstance(part, int) or not 0 <= part < 5:
                return "A monster has only five parts: a head, two arms and two legs."
            if part not in attack.stake:
                return (f"A {attack.name} puts {attack.stake_only} at stake: {me} may not take "
                        f"{names[loser]}'s {SLOTS[part]}.")
            if self.monsters[loser][part] == 0:
                return f"{names[loser]}'s {SLOTS[part]} is 0: there is nothing there to steal."
        elif kind == "spare" and phase != STEAL:
            return f"Taking nothing is for the winner of a fight, before choosing a part: now {expected}."
        elif kind == "discard" and phase != STEAL_SLOT:
            return f"There is no stolen part to throw away: {expected}."
        return f"{me} cannot do that now: {expected}."

    def _expected(self, phase: str) -> str:
        """What the seat to act must decide, as the end of a sentence."""
        if phase == ACT:
            return "choose research, scavenge or fight"
        if phase == RESEARCH:
            return "choose a research die to build, or build nothing"
        if phase == SCAVENGE:
            return "choose a research die to build, or stop"
        if phase in (RESEARCH_SLOT, SCAVENGE_SLOT):
            return f"choose the part to build the {self.research[self._chosen_die()]} into"
        if phase == ATTACK:
            return "choose an attack: Head Smash, Punch or Trip"
        if phase == TARGET:
            return "choose the monster to attack"
        if phase == ROLL:
            return "roll the combat dice"
        if phase == STEAL:
            return "choose the part to steal, or take nothing"
        return "build the stolen part into one of your parts, or throw it away"

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        seat = self.to_act()[0] if self.to_act() else None
        if kind == "research":
            return "Research: roll the 4 dice"
        if kind == "scavenge":
            return "Scavenge: take dice as they lie"
        if kind == "fight":
            return "Fight: attack a monster"
        if kind == "stop":
            return "Build nothing" if self.phase == RESEARCH else "Stop scavenging"
        if kind == "roll" and self.attack is not None and self.target is not None and seat is not None:
            attack = ATTACKS[self.attack]
            chance = win_chance(attack, self.monsters[seat], self.monsters[self.target])
            return f"Roll: {attack.name} on {self.players[self.target]} ({_percent(chance)} to win)"
        if kind == "spare":
            return "Take nothing"
        if kind == "discard" and self.part is not None:
            return f"Throw the {SLOTS[self.part]} away"
        if not args or seat is None:
            return str(move)
        arg = args[0]
        if kind == "die" and isinstance(arg, int) and 0 <= arg < RESEARCH_DICE:
            return f"Die {arg + 1}: a {self.research[arg]}"
        if kind == "build" and isinstance(arg, int) and 0 <= arg < 5:
            value = self.research[self.die] if self.die is not None else (
                self.monsters[self._loser()][self.part] if self.part is not None and self.fight else None)
            old = self.monsters[seat][arg]
            return f"{SLOTS[arg].capitalize()}: {old} → {value}" if value is not None else SLOTS[arg]
        if kind == "attack" and arg in ATTACKS:
            attack = ATTACKS[arg]
            base = strength(attack, self.monsters[seat])
            against = DICE_WORDS[attack.dice] if attack.dice else "their total"
            return f"{attack.name}: die + {base} vs {against}"
        if kind == "target" and isinstance(arg, int) and 0 <= arg < len(self.players) and self.attack:
            chance = win_chance(ATTACKS[self.attack], self.monsters[seat], self.monsters[arg])
            return f"{self.players[arg]} ({_percent(chance)} to win)"
        if kind == "steal" and isinstance(arg, int) and 0 <= arg < 5 and self.fight:
            return f"Steal the {SLOTS[arg]} ({self.monsters[self._loser()][arg]})"
        return str(move)
