"""Dungeon Crawl: a party crawls a track of five zones, drawing cards from six decks: Traps, small
Monsters, Gold, Food and Big Monsters that drop Treasure Piles. The first one out ends the game; the
most Gold, Weapon, Experience and upgrades wins.

The board is ours (the seed's picture is lost): `ZONES` holds it as data, a list of ten spaces per
zone, so that the real one can replace it. Spaces: "card" (draw a card), "monster N" (a printed small
Monster of Power N), "blank", and "false exit" (jump back to `FALSE_EXIT_TO`, a printed Monster).

Track positions: 0 is Start, 1..50 the spaces of zones 1-5 (ten each), 51 is End.

The deck is kept as the cards left in it, and each card is drawn at random from them: the same as
drawing the top card of a shuffled deck, with no order that anyone could know (so nothing on the
table is hidden, and the game declares no places).

Every decision is a small move: a character is built card by card (or with the computer's choice);
a turn is a roll; a fight is a roll, then Experience spent if it could turn the result, then the
blow taken; Food found is eaten or carried; a Treasure Pile is shared a card at a time. Experience
(three for +1 on a skill) and carried Food may be used whenever their owner is the one to act.
"""

from __future__ import annotations

from typing import Any, TypedDict

from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, View, rank_standings
from tabletop_tui.rules.words import listing, plural

# -- the board (ours: replace with the real one when it is found) -------------------------------------

ZONES: tuple[tuple[str, ...], ...] = (
    ("card", "card", "monster 2", "card", "blank", "card", "monster 3", "card", "card", "card"),
    ("card", "monster 4", "card", "card", "blank", "card", "monster 5", "card", "card", "card"),
    ("card", "card", "monster 6", "card", "card", "blank", "card", "monster 7", "card", "card"),
    ("monster 8", "card", "card", "card", "blank", "card", "card", "monster 8", "card", "card"),
    ("card", "card", "monster 9", "card", "card", "monster 10", "card", "blank", "false exit", "card"),
)
ZONE_SIZE = 10
START = 0
END = len(ZONES) * ZONE_SIZE + 1
#: where the False Exit's arrow leads: the printed Monster of zone 5 (its third space)
FALSE_EXIT_TO = 4 * ZONE_SIZE + 3

#: How each zone treats a face card (J, Q, K -> the Monster fought). Zones 1 and 3 are the seed's;
#: 2, 4 and 5 are ours.
ZONE_MONSTERS: tuple[dict[str, str], ...] = (
    {"J": "J", "Q": "J", "K": "J"},
    {"J": "J", "Q": "J", "K": "Q"},
    {"J": "J", "Q": "Q", "K": "K"},
    {"J": "Q", "Q": "Q", "K": "K"},
    {"J": "K", "Q": "K", "K": "K"},
)
#: Big Monsters: (Health, Power, Treasure cards). Treasure is the seed's; Health and Power are ours,
#: tuned so that a fresh Heart 6 / Club 5 / Spade 5 character alone beats a Jack 69% of the time (a
#: Queen 52%, a King 17%), and so that most games of three computer players end with one out.
MONSTERS: dict[str, tuple[int, int, int]] = {"J": (3, 7, 2), "Q": (4, 7, 3), "K": (5, 8, 4)}
MONSTER_NAMES = {"J": "Jack", "Q": "Queen", "K": "King"}

MAX_CHARACTER = 16
LOW, HIGH = 2, 10
#: the computer's choice of character (what the "computer's choice" key builds)
SUGGESTED = (4, 10, 2)
UPGRADE_COST = 3
DECKS = 6

SUITS = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
SKILLS = {"H": "Health", "C": "Power", "S": "Speed"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_WORDS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


def space_kind(pos: int) -> str:
    if pos <= START:
        return "start"
    if pos >= END:
        return "end"
    return ZONES[(pos - 1) // ZONE_SIZE][(pos - 1) % ZONE_SIZE]


def zone_of(pos: int) -> int:
    """The zone (1-5) of a position; Start counts as zone 1, End as zone 5."""
    if pos <= START:
        return 1
    if pos >= END:
        return len(ZONES)
    return (pos - 1) // ZONE_SIZE + 1


def zone_start(zone: int) -> int:
    return (zone - 1) * ZONE_SIZE + 1


def zone_end(zone: int) -> int:
    return zone * ZONE_SIZE


# -- cards (six decks: codes "7H", "7H.2" ... "7H.6") ---------------------------------------------


def make_code(rank: str, suit: str, deck: int) -> str:
    return f"{rank}{suit}" + (f".{deck}" if deck > 1 else "")


def rank_of(code: str) -> str:
    return code.split(".")[0][:-1]


def suit_of(code: str) -> str:
    return code.split(".")[0][-1]


def value_of(code: str) -> int:
    r = rank_of(code)
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(r) or int(r)


def is_face(code: str) -> bool:
    return rank_of(code) in ("J", "Q", "K")


def card_name(code: str) -> str:
    r = rank_of(code)
    return f"{RANK_WORDS.get(r, r)} of {SUITS[suit_of(code)]}"


def all_cards() -> list[str]:
    return [make_code(r, s, d) for d in range(1, DECKS + 1) for s in "CDHS" for r in RANKS]


# -- the view --------------------------------------------------------------------------------------


class Hero(TypedDict):
    name: str
    built: bool
    heart: int
    club: int
    spade: int
    ups: dict[str, int]  # upgrades bought per skill (H, C, S)
    health: int
    power: int
    speed: int
    damage: int
    xp: int
    weapon: str | None
    food: str | None
    gold: list[str]
    alive: bool
    deaths: int
    pos: int
    zone: int
    score: int
    turns: int


class Combat(TypedDict):
    space: int
    card: str
    monster: str  # J, Q or K: the Monster fought (by the zone's rule)
    health: int
    power: int
    treasure: int
    fighters: list[int]


class DungeonCrawlView(View):
    phase: str  # "build", "play", "over"
    board: list[str]  # the kind of every position, Start to End
    heroes: list[Hero]
    combats: list[Combat]
    current: int | None
    building: int | None
    build: dict[str, int]  # the builder's choices so far
    pending: dict[str, Any] | None  # the decision the game waits for
    deck: int
    discard: int
    deferred: list[str]
    last: dict[str, Any] | None  # the last roll of dice (for the screen)
    first: int | None
    options: dict[str, Any]
    monsters: dict[str, list[int]]


# -- the game --------------------------------------------------------------------------------------

ROLL = Move("roll")
FIGHT = Move("fight")
GO = Move("go")
ACCEPT = Move("accept")
DIE = Move("die")
EAT = Move("eat")
EAT_NEW = Move("eat_new")
CARRY = Move("carry")
PASS = Move("pass")
SUGGEST = Move("suggest")
UPGRADES = {k: Move("up", (k,)) for k in "HCS"}
KNOWN_KINDS = frozenset(("roll", "fight", "go", "accept", "die", "eat", "eat_new", "carry", "pass", "suggest"))


class DungeonCrawl(Game):
    id = "dungeon-crawl"
    title = "Dungeon Crawl"
    score_label = "Points"
    min_players = 3
    max_players = 6
    hidden_information = False
    chance = "a roll of the dice or a card drawn"
    length_unit = "turns"
    move_limit = 20_000
    OPTIONS = (
        Option("die_and_continue", "Die and Continue", "bool", False,
               help="A character who dies loses all Experience, upgrades and cards, and carries on from "
                    "the same space with its first three cards, unhurt."),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        n = len(self.players)
        self.heart = [0] * n
        self.club = [0] * n
        self.spade = [0] * n
        self.ups: list[dict[str, int]] = [{"H": 0, "C": 0, "S": 0} for _ in range(n)]
        self.damage = [0] * n
        self.xp = [0] * n
        self.weapon: list[str | None] = [None] * n
        self.food: list[str | None] = [None] * n
        self.gold: list[list[str]] = [[] for _ in range(n)]
        self.alive = [True] * n
        self.deaths = [0] * n
        self.pos = [START] * n
        self.turns = [0] * n
        self.character: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.deferred: list[str] = []
        self.combats: dict[int, dict[str, Any]] = {}
        self.phase = "build"
        self.building: int | None = 0
        self.build: dict[str, int] = {}
        self.current: int | None = None
        self.first: int | None = None
        self.stack: list[dict[str, Any]] = []  # decisions waiting, the last one first
        self.last: dict[str, Any] | None = None
        self.finisher: int | None = None
        self.acted = False  # whether the current seat has rolled (or fought) this turn
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            "Everyone builds a character from a Heart (Health), a Club (Power) and a Spade (Speed), each "
            f"from {LOW} to {HIGH}, {MAX_CHARACTER} or less in all."
            + (" Die and Continue: the dead carry on, stripped of all they won." if self.options["die_and_continue"]
               else ""), "setup"))

    # -- characters ---------------------------------------------------------------------------------

    def health(self, s: int) -> int:
        return self.heart[s] + self.ups[s]["H"]

    def power(self, s: int) -> int:
        return self.club[s] + self.ups[s]["C"]

    def speed(self, s: int) -> int:
        return self.spade[s] + self.ups[s]["S"]

    def weapon_value(self, s: int) -> int:
        w = self.weapon[s]
        return value_of(w) if w else 0

    def score(self, s: int) -> int:
        if not self.alive[s]:
            return 0
        return (sum(value_of(c) for c in self.gold[s]) + self.weapon_value(s) + self.xp[s]
                + sum(self.ups[s].values()))

    def living(self) -> list[int]:
        return [s for s in range(len(self.players)) if self.alive[s]]

    def combat_of(self, s: int) -> int | None:
        for space, c in self.combats.items():
            if s in c["fighters"]:
                return space
        return None

    # -- setup --------------------------------------------------------------------------------------

    def _build_choices(self) -> list[Move]:
        b = self.build
        if "H" not in b:
            return [Move("heart", (v,)) for v in range(LOW, HIGH + 1) if v + 2 * LOW <= MAX_CHARACTER]
        if "C" not in b:
            return [Move("club", (v,)) for v in range(LOW, HIGH + 1) if b["H"] + v + LOW <= MAX_CHARACTER]
        return [Move("spade", (v,)) for v in range(LOW, HIGH + 1) if b["H"] + b["C"] + v <= MAX_CHARACTER]

    def _apply_build(self, seat: int, move: Move) -> list[Event]:
        me = self.players[seat]
        if move.kind == "suggest":
            self.build = {"H": SUGGESTED[0], "C": SUGGESTED[1], "S": SUGGESTED[2]}
            events = [self.say(f"{me} takes the computer's choice.", "build", seat)]
        else:
            key = {"heart": "H", "club": "C", "spade": "S"}[move.kind]
            self.build[key] = move.args[0]
            events = [self.say(f"{me} takes the {move.args[0]} of {SUITS[key]} for {SKILLS[key]}.", "build",
                               seat)]
        if len(self.build) < 3:
            return events
        h, c, s = self.build["H"], self.build["C"], self.build["S"]
        self.heart[seat], self.club[seat], self.spade[seat] = h, c, s
        self.build = {}
        events.append(self.say(f"{me} is built: Health {h}, Power {c}, Speed {s} ({h + c + s} of "
                               f"{MAX_CHARACTER}).", "built", seat))
        if seat + 1 < len(self.players):
            self.building = seat + 1
            return events
        self.building = None
        self._start(events)
        return events

    def _start(self, events: list[Event]) -> None:
        cards = all_cards()
        for s in range(len(self.players)):
            for value, suit in ((self.heart[s], "H"), (self.club[s], "C"), (self.spade[s], "S")):
                for d in range(1, DECKS + 1):
                    code = make_code(str(value), suit, d)
                    if code in cards:
                        cards.remove(code)
                        self.character[s].append(code)
                        break
        self.deck = cards  # drawn at random (`_draw`): no order to hide
        self.first = self.rng.below(len(self.players))
        self.current = self.first
        self.phase = "play"
        self.turns[self.first] = 1
        events.append(self.say(f"The rest of the six decks are shuffled. Everyone stands on Start; "
                               f"{self.players[self.first]} goes first.", "start", self.first))

    # -- the contract -------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self._outcome is not None:
            return []
        if self.phase == "build":
            return [self.building] if self.building is not None else []
        if self.stack:
            return [self.stack[-1]["seat"]]
        return [self.current] if self.current is not None else []

    def _spending(self, seat: int) -> list[Move]:
        moves = []
        if self.xp[seat] >= UPGRADE_COST:
            moves += [UPGRADES["S"], UPGRADES["C"], UPGRADES["H"]]
        if self.food[seat] is not None and self.damage[seat] > 0:
            moves.append(EAT)
        return moves

    def legal_moves(self, seat: int) -> list[Move]:
        if self._outcome is not None or seat not in self.to_act():
            return []
        if self.phase == "build":
            return [SUGGEST, *self._build_choices()]
        if self.stack:
            p = self.stack[-1]
            kind = p["kind"]
            if kind == "path":
                return [*(Move("stop", (sp,)) for sp in p["stops"]), GO, *self._spending(seat)]
            if kind in ("duel", "trap"):
                return [ACCEPT, *self._spending(seat)]
            if kind == "food":
                return [EAT_NEW, CARRY, *self._spending(seat)]
            if kind == "dying":
                return [DIE, *self._spending(seat)]
            if kind == "share":
                takes = [Move("take", (i,)) for i, c in enumerate(p["pile"]) if self._may_take(seat, c)]
                only_weapons = all(suit_of(c) == "C" for c in p["pile"])
                return takes + ([PASS] if only_weapons else []) + self._spending(seat)
            return []
        if self.combat_of(seat) is not None:
            return [FIGHT, *self._spending(seat)]
        return [ROLL, *self._spending(seat)]

    def _may_take(self, seat: int, code: str) -> bool:
        return suit_of(code) != "C" or value_of(code) <= self.speed(seat)

    def refusal(self, seat: int, move: Move) -> str:
        name = self.players[seat]
        if self.phase == "build" and seat == self.building:
            if move.kind in ("heart", "club", "spade"):
                return (f"A character's cards are each {LOW} to {HIGH}, {MAX_CHARACTER} or less in all, chosen "
                        "Heart, then Club, then Spade.")
        if move.kind == "up" and seat in self.to_act():
            return f"{name} needs {UPGRADE_COST} Experience for an upgrade, and has {self.xp[seat]}."
        if move.kind == "eat" and seat in self.to_act():
            return (f"{name} carries no Food." if self.food[seat] is None
                    else f"{name} has no damage to heal.")
        if move.kind == "take" and self.stack and self.stack[-1]["kind"] == "share" and seat in self.to_act():
            return (f"{name} may take only a Weapon no higher than Speed {self.speed(seat)}, and only a card "
                    "that is in the pile.")
        if move.kind == "roll" and seat == self.current and self.combat_of(seat) is not None:
            return f"{name} is in a fight and cannot move away: fight instead."
        if move.kind == "pass" and seat in self.to_act():
            return "Only a pile of nothing but Weapons may be passed."
        return self.not_your_turn(seat) or (f"{name} cannot {self.describe_move(move).lower()} now."
                                            if move.kind in KNOWN_KINDS else f"That is not a move {name} can make now.")

    def describe_move(self, move: Move) -> str:
        k = move.kind
        if k in ("heart", "club", "spade"):
            return f"{SKILLS[k[0].upper()]} {move.args[0]}"
        if k == "suggest":
            return f"Computer's choice ({SUGGESTED[0]}/{SUGGESTED[1]}/{SUGGESTED[2]})"
        if k == "up":
            return f"+1 {SKILLS[move.args[0]]} ({UPGRADE_COST} XP)"
        if k == "stop":
            c = self.combats.get(move.args[0])
            return f"Stop at {move.args[0]}: fight the " + (MONSTER_NAMES[c["monster"]] if c else "Monster")
        labels = {"roll": "Roll and move", "fight": "Fight a round", "go": "Go on", "accept": "Take it",
                  "die": "Die", "eat": "Eat carried Food", "eat_new": "Eat it now", "carry": "Carry it",
                  "pass": "Leave the Weapons"}
        if k == "take":
            p = self.stack[-1] if self.stack else {}
            pile = p.get("pile", [])
            if 0 <= move.args[0] < len(pile):
                code = pile[move.args[0]]
                use = {"D": "Gold", "C": "Weapon", "H": "Food"}.get(suit_of(code), "")
                return f"Take the {card_name(code)} ({use})"
            return f"Take card {move.args[0] + 1}"
        return labels.get(k, str(move))

    def length(self) -> int:
        return max(self.turns) if self.turns else 0

    def turn_order(self) -> list[int]:
        n = len(self.players)
        first = self.first or 0
        return [(first + i) % n for i in range(n)]

    # -- moves --------------------------------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> list[Event]:
        if self.phase == "build":
            return self._apply_build(seat, move)
        events: list[Event] = []
        k = move.kind
        if k == "up":
            self._upgrade(seat, move.args[0], events)
        elif k == "eat":
            code = self.food[seat]
            assert code is not None
            self.food[seat] = None
            self._heal(seat, code, events, "carried ")
        elif k == "roll":
            self.acted = True
            self._roll(seat, events)
        elif k == "fight":
            self.acted = True
            space = self.combat_of(seat)
            assert space is not None
            self._big_round(seat, space, events)
        else:
            p = self.stack.pop()
            if k in ("stop", "go"):
                dest = move.args[0] if k == "stop" else p["dest"]
                self._land(seat, dest, events)
            elif k == "accept":
                if p["kind"] == "trap":
                    self._trap_result(seat, p, False, events)
                else:
                    self._duel_result(seat, p, False, events)
            elif k in ("eat_new", "carry"):
                self._food_choice(seat, p["card"], k == "eat_new", events)
            elif k == "die":
                self._die(seat, events)
            elif k in ("take", "pass"):
                self._share(seat, p, move, events)
        self._settle(events)
        return events

    def _upgrade(self, seat: int, skill: str, events: list[Event]) -> None:
        self.xp[seat] -= UPGRADE_COST
        self.ups[seat][skill] += 1
        value = {"H": self.health, "C": self.power, "S": self.speed}[skill](seat)
        events.append(self.say(f"{self.players[seat]} spends {UPGRADE_COST} Experience: {SKILLS[skill]} is now "
                               f"{value}.", "upgrade", seat))
        if self.stack:
            p = self.stack[-1]
            if p["kind"] == "duel" and skill == "C":
                p["me"] += 1

    def _heal(self, seat: int, code: str, events: list[Event], how: str = "") -> None:
        healed = min(value_of(code), self.damage[seat])
        self.damage[seat] -= healed
        self.discard.append(code)
        events.append(self.say(f"{self.players[seat]} eats the {how}{card_name(code)} and heals "
                               f"{plural(healed, 'damage', 'damage')} ({self.damage[seat]} left).", "eat", seat))

    # -- moving -------------------------------------------------------------------------------------

    def door_open(self, zone: int) -> bool:
        start = zone_start(zone)
        return all(self.pos[s] >= start for s in self.living())

    def step(self, pos: int) -> int:
        if pos >= END:
            return END
        zone = zone_of(pos)
        if pos == zone_end(zone) and zone < len(ZONES) and not self.door_open(zone):
            return zone_start(zone)  # the dotted path back
        return pos + 1

    def path(self, pos: int, steps: int) -> list[int]:
        out = []
        for _ in range(steps):
            pos = self.step(pos)
            out.append(pos)
            if pos >= END:
                break
        return out

    def _roll(self, seat: int, events: list[Event]) -> None:
        d = self.rng.die()
        self.last = {"seat": seat, "kind": "move", "dice": [d]}
        route = self.path(self.pos[seat], d)
        looped = any(b < a for a, b in zip([self.pos[seat], *route], route))
        events.append(self.say(f"{self.players[seat]} rolls {d}"
                               + (" and takes the dotted path back: the door is locked" if looped else "")
                               + ".", "roll", seat, dice=[d]))
        stops = sorted({sp for sp in route[:-1] if sp in self.combats}, key=route.index)
        if stops:
            self.stack.append({"kind": "path", "seat": seat, "stops": stops, "dest": route[-1]})
        else:
            self._land(seat, route[-1], events)

    def _land(self, seat: int, space: int, events: list[Event]) -> None:
        me = self.players[seat]
        self.pos[seat] = space
        kind = space_kind(space)
        if space in self.combats:
            self.combats[space]["fighters"].append(seat)
            c = self.combats[space]
            events.append(self.say(f"{me} stops at space {space} and joins the fight against the "
                                   f"{MONSTER_NAMES[c['monster']]}.", "join", seat))
            return
        if kind == "end":
            self.finisher = seat
            events.append(self.say(f"{me} reaches the End and leaves the dungeon!", "exit", seat))
            return
        if kind == "false exit":
            events.append(self.say(f"{me} lands on the False Exit and is sent back to space {FALSE_EXIT_TO}.",
                                   "false_exit", seat))
            self._land(seat, FALSE_EXIT_TO, events)
            return
        if kind.startswith("monster"):
            power = int(kind.split()[1])
            events.append(self.say(f"{me} lands on space {space}: a Monster of Power {power}.", "land", seat))
            self._small_fight(seat, power, None, events)
            return
        if kind == "card":
            code = self._draw(events)
            if code is None:
                events.append(self.say(f"{me} lands on space {space}, but there is no card left.", "land", seat))
                return
            events.append(self.say(f"{me} lands on space {space} and draws the {card_name(code)}.", "draw", seat,
                                   card=code))
            self._open_card(seat, space, code, events)
            return
        events.append(self.say(f"{me} lands on space {space}" + (", an empty space." if kind == "blank" else "."),
                               "land", seat))

    def _draw(self, events: list[Event]) -> str | None:
        if not self.deck:
            if not self.discard:
                return None
            self.deck = sorted(self.discard, key=all_cards().index)
            self.discard = []
            events.append(self.say("The deck ran out: the discards are shuffled into a new one.", "shuffle"))
        return self.deck.pop(self.rng.below(len(self.deck)))

    def _open_card(self, seat: int, space: int, code: str, events: list[Event]) -> None:
        me = self.players[seat]
        suit = suit_of(code)
        if is_face(code):
            monster = ZONE_MONSTERS[zone_of(space) - 1][rank_of(code)]
            health, power, treasure = MONSTERS[monster]
            self.combats[space] = {"space": space, "card": code, "monster": monster, "health": health,
                                   "power": power, "treasure": treasure, "fighters": [seat]}
            here = [o for o in self.living() if o != seat and self.pos[o] == space and self.combat_of(o) is None]
            self.combats[space]["fighters"] += here
            events.append(self.say(f"A Big Monster: in zone {zone_of(space)} it is a {MONSTER_NAMES[monster]} "
                                   f"(Health {health}, Power {power}). {me} fights the first round"
                                   + (f"; {listing([self.players[o] for o in here])}, on the same space, "
                                      "are in the fight too." if here else "."), "monster", seat))
            self._big_round(seat, space, events)
        elif suit == "S":
            self._trap(seat, code, events)
        elif suit == "C":
            self.discard.append(code)
            self._small_fight(seat, value_of(code), code, events)
        elif suit == "D":
            self.deferred.append(code)
            events.append(self.say("Gold in the open is set aside for the next Treasure Pile.", "gold", seat))
        else:
            self._found_food(seat, code, events)

    # -- fights, traps, food ------------------------------------------------------------------------

    def _attack(self, seat: int) -> tuple[list[int], int]:
        dice = self.rng.dice(3)
        return dice, sum(dice) + self.power(seat) + self.weapon_value(seat)

    def _small_fight(self, seat: int, power: int, code: str | None, events: list[Event]) -> None:
        mine, me = self._attack(seat)
        theirs = self.rng.dice(3)
        foe = sum(theirs) + power
        self.last = {"seat": seat, "kind": "fight", "dice": mine, "foe_dice": theirs, "me": me, "foe": foe,
                     "bonus": me - sum(mine), "foe_bonus": foe - sum(theirs)}
        events.append(self.say(f"{self.players[seat]} rolls {'+'.join(map(str, mine))}+{me - sum(mine)} = {me} against the "
                               f"Monster's {'+'.join(map(str, theirs))}+{power} = {foe}.", "fight", seat,
                               dice=mine, foe_dice=theirs))
        p = {"kind": "duel", "seat": seat, "me": me, "foe": foe, "space": None, "power": power}
        self._duel_or_decide(seat, p, events)

    def _big_round(self, seat: int, space: int, events: list[Event]) -> None:
        c = self.combats[space]
        mine, me = self._attack(seat)
        theirs = self.rng.dice(3)
        foe = sum(theirs) + c["power"]
        self.last = {"seat": seat, "kind": "fight", "dice": mine, "foe_dice": theirs, "me": me, "foe": foe,
                     "bonus": me - sum(mine), "foe_bonus": foe - sum(theirs)}
        events.append(self.say(f"{self.players[seat]} swings at the {MONSTER_NAMES[c['monster']]}: "
                               f"{'+'.join(map(str, mine))}+{me - sum(mine)} = {me} against "
                               f"{'+'.join(map(str, theirs))}+{c['power']} "
                               f"= {foe}.", "fight", seat, dice=mine, foe_dice=theirs))
        p = {"kind": "duel", "seat": seat, "me": me, "foe": foe, "space": space, "power": c["power"]}
        self._duel_or_decide(seat, p, events)

    def _duel_or_decide(self, seat: int, p: dict[str, Any], events: list[Event]) -> None:
        if p["me"] >= p["foe"] or (p["foe"] - p["me"]) * UPGRADE_COST > self.xp[seat]:
            self._duel_result(seat, p, p["me"] >= p["foe"], events)
        else:
            self.stack.append(p)

    def _duel_result(self, seat: int, p: dict[str, Any], won: bool, events: list[Event]) -> None:
        me = self.players[seat]
        won = won or p["me"] >= p["foe"]
        space = p["space"]
        if space is None:  # a small Monster
            if won:
                self.xp[seat] += 1
                events.append(self.say(f"{me} kills the Monster and earns an Experience point.", "kill", seat))
            else:
                events.append(self.say(f"The Monster hits {me} for 1 damage and disappears.", "hit", seat))
                self._hurt(seat, events)
            return
        c = self.combats.get(space)
        if c is None:
            return
        name = MONSTER_NAMES[c["monster"]]
        if won:
            c["health"] -= 1
            self.xp[seat] += 1
            if c["health"] > 0:
                events.append(self.say(f"{me} wounds the {name} ({c['health']} Health left) and earns an "
                                       "Experience point.", "wound", seat))
                return
            events.append(self.say(f"{me} kills the {name} and earns an Experience point!", "kill", seat))
            del self.combats[space]
            self.discard.append(c["card"])
            self._treasure(seat, c, events)
        else:
            events.append(self.say(f"The {name} hits {me} for 1 damage.", "hit", seat))
            self._hurt(seat, events)

    def _trap(self, seat: int, code: str, events: list[Event]) -> None:
        p = {"kind": "trap", "seat": seat, "card": code}
        gap = value_of(code) - self.speed(seat)
        if gap <= 0 or gap * UPGRADE_COST > self.xp[seat]:
            self._trap_result(seat, p, gap <= 0, events)
        else:
            self.stack.append(p)

    def _trap_result(self, seat: int, p: dict[str, Any], _: bool, events: list[Event]) -> None:
        code = p["card"]
        self.discard.append(code)
        me = self.players[seat]
        if value_of(code) <= self.speed(seat):
            self.xp[seat] += 1
            events.append(self.say(f"{me} disarms the Trap ({value_of(code)} against Speed {self.speed(seat)}) "
                                   "and earns an Experience point.", "disarm", seat))
        else:
            events.append(self.say(f"The Trap ({value_of(code)} against Speed {self.speed(seat)}) hits {me} for 1 "
                                   "damage.", "hit", seat))
            self._hurt(seat, events)

    def _found_food(self, seat: int, code: str, events: list[Event]) -> None:
        if self.damage[seat] == 0 and self.food[seat] is None:
            self._food_choice(seat, code, False, events)
        else:
            self.stack.append({"kind": "food", "seat": seat, "card": code})

    def _food_choice(self, seat: int, code: str, eat: bool, events: list[Event]) -> None:
        if eat:
            self._heal(seat, code, events)
            return
        old = self.food[seat]
        self.food[seat] = code
        if old is not None:
            self.discard.append(old)
        events.append(self.say(f"{self.players[seat]} carries the {card_name(code)}"
                               + (f", leaving the {card_name(old)}." if old else "."), "carry", seat))

    def _hurt(self, seat: int, events: list[Event]) -> None:
        self.damage[seat] += 1
        if self.damage[seat] <= self.health(seat):
            return
        if self.food[seat] is not None or self.xp[seat] >= UPGRADE_COST:
            events.append(self.say(f"{self.players[seat]} is dying: {self.damage[seat]} damage against Health "
                                   f"{self.health(seat)}. Eat or upgrade Health, or die.", "dying", seat))
            self.stack.append({"kind": "dying", "seat": seat})
        else:
            self._die(seat, events)

    def _die(self, seat: int, events: list[Event]) -> None:
        me = self.players[seat]
        space = self.combat_of(seat)
        lost = [c for c in (self.weapon[seat], self.food[seat]) if c] + self.gold[seat]
        self.discard.extend(lost)
        self.weapon[seat] = None
        self.food[seat] = None
        self.gold[seat] = []
        self.deaths[seat] += 1
        if self.options["die_and_continue"]:
            self.xp[seat] = 0
            self.ups[seat] = {"H": 0, "C": 0, "S": 0}
            self.damage[seat] = 0
            events.append(self.say(f"{me} dies, loses everything won, and carries on from space {self.pos[seat]} "
                                   "as new.", "death", seat))
        else:
            self.alive[seat] = False
            events.append(self.say(f"{me} dies and leaves the game.", "death", seat))
        if space is not None and not self.alive[seat]:
            c = self.combats[space]
            c["fighters"].remove(seat)
            if not c["fighters"]:
                del self.combats[space]
                self.discard.append(c["card"])
                events.append(self.say(f"Nobody is left fighting the {MONSTER_NAMES[c['monster']]}: it goes away.",
                                       "monster_gone", seat))
        # what the dead one was yet to decide is dropped (and the dead take no share)
        self.stack = [p for p in self.stack if p["seat"] != seat or p["kind"] == "share"]
        if not self.alive[seat]:
            for p in self.stack:
                if p["kind"] == "share" and seat in p["order"]:
                    self._drop_from_share(p, seat)

    # -- Treasure Piles -------------------------------------------------------------------------------

    def _treasure(self, seat: int, c: dict[str, Any], events: list[Event]) -> None:
        deferred = list(self.deferred)
        self.deferred = []
        pile = list(deferred)
        drawn: list[str] = []
        traps: list[str] = []
        wanted = c["treasure"]
        while wanted:
            code = self._draw(events)
            if code is None:
                break
            if is_face(code):
                self.discard.append(code)
                events.append(self.say(f"The Treasure Pile's {card_name(code)} is discarded and replaced.",
                                       "replace", seat))
                continue
            wanted -= 1
            drawn.append(code)
            (traps if suit_of(code) == "S" else pile).append(code)
        events.append(self.say(f"The Treasure Pile: {listing([card_name(x) for x in drawn]) or 'no card'} from the "
                               "deck" + (f", with the deferred Gold: {listing([card_name(x) for x in deferred])}"
                                         if deferred else "") + ".", "treasure", seat, cards=drawn))
        n = len(self.players)
        order = [(seat + i) % n for i in range(n) if (seat + i) % n in c["fighters"]]
        if pile:
            self.stack.append({"kind": "share", "seat": seat, "pile": pile, "order": order, "at": 0, "passes": 0})
        for code in reversed(traps):  # the traps hit the killer first, in the order drawn
            self.stack.append({"kind": "trap_later", "seat": seat, "card": code})

    def _drop_from_share(self, p: dict[str, Any], seat: int) -> None:
        order = p["order"]
        at = order.index(seat)
        order.remove(seat)
        if not order:
            return
        if p["at"] > at or p["at"] >= len(order):
            p["at"] = (p["at"] - 1) % len(order) if p["at"] > at else 0
        p["seat"] = order[p["at"]]

    def _share(self, seat: int, p: dict[str, Any], move: Move, events: list[Event]) -> None:
        """A card taken from the pile (or the Weapons left); `p` is off the stack and goes back on."""
        me = self.players[seat]
        food = None
        if move.kind == "pass":
            p["passes"] += 1
            events.append(self.say(f"{me} leaves the Weapons.", "pass", seat))
        else:
            p["passes"] = 0
            code = p["pile"].pop(move.args[0])
            suit = suit_of(code)
            if suit == "D":
                self.gold[seat].append(code)
                events.append(self.say(f"{me} takes the {card_name(code)}: Gold.", "take", seat, card=code))
            elif suit == "C":
                old = self.weapon[seat]
                self.weapon[seat] = code
                if old:
                    self.discard.append(old)
                events.append(self.say(f"{me} takes the {card_name(code)} as a Weapon"
                                       + (f", dropping the {card_name(old)}." if old else "."), "take", seat,
                                       card=code))
            else:
                events.append(self.say(f"{me} takes the {card_name(code)}: Food.", "take", seat, card=code))
                food = code
        self._next_share(p)
        self.stack.append(p)
        if food is not None:
            self._found_food(seat, food, events)

    def _next_share(self, p: dict[str, Any]) -> None:
        if p["order"]:
            p["at"] = (p["at"] + 1) % len(p["order"])
            p["seat"] = p["order"][p["at"]]

    def _share_goes_on(self, p: dict[str, Any], events: list[Event]) -> bool:
        """Whether the share waits for someone (skipping whoever can take nothing); else what is left
        of the pile is discarded."""
        pile = p["pile"]
        order = p["order"]
        while pile and order and p["passes"] < len(order):
            if not any(self._may_take(s, c) for s in order for c in pile):
                break
            if any(self._may_take(p["seat"], c) for c in pile):
                return True
            p["passes"] += 1
            self._next_share(p)
        if pile:
            self.discard.extend(pile)
            events.append(self.say(f"Nobody takes the {listing([card_name(c) for c in pile])}: discarded.",
                                   "discard"))
            p["pile"] = []
        return False

    def _settle(self, events: list[Event]) -> None:
        """Settle what needs no decision; then, with nothing waiting, pass the turn."""
        while self.stack:
            p = self.stack[-1]
            kind = p["kind"]
            seat = p["seat"]
            if kind != "share" and not self.alive[seat]:
                self.stack.pop()
            elif kind == "trap_later":
                self.stack.pop()
                self._trap(seat, p["card"], events)
            elif kind == "share":
                if self._share_goes_on(p, events):
                    return
                self.stack.pop()
            elif kind == "dying":
                if self.damage[seat] <= self.health(seat):
                    self.stack.pop()
                else:
                    return
            elif kind == "duel" and (p["me"] >= p["foe"] or (p["foe"] - p["me"]) * UPGRADE_COST > self.xp[seat]):
                self.stack.pop()
                self._duel_result(seat, p, False, events)
            elif kind == "trap" and (value_of(p["card"]) <= self.speed(seat)
                                     or (value_of(p["card"]) - self.speed(seat)) * UPGRADE_COST > self.xp[seat]):
                self.stack.pop()
                self._trap_result(seat, p, False, events)
            else:
                return
        if self.finisher is not None or not self.living():
            self._finish(events)
            return
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        if self.current is None or not self.acted:
            return
        self.acted = False
        n = len(self.players)
        s = self.current
        for _ in range(n):
            s = (s + 1) % n
            if self.alive[s]:
                break
        self.current = s
        self.turns[s] += 1

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        self.current = None
        self.stack = []
        scores = [self.score(s) for s in range(len(self.players))]
        keys = [(scores[s], 1 if self.alive[s] else 0) for s in range(len(self.players))]
        details = [("dead" if not self.alive[s] else
                    f"Gold {sum(value_of(c) for c in self.gold[s])}, Weapon {self.weapon_value(s)}, "
                    f"XP {self.xp[s]}, upgrades {sum(self.ups[s].values())}") for s in range(len(self.players))]
        standings = rank_standings(self.players, keys, scores, details)
        best = [st for st in standings if st.place == 1]
        how = (f"{self.players[self.finisher]} leaves the dungeon" if self.finisher is not None
               else "Everyone is dead")
        if len(best) == 1:
            summary = f"{how}: {best[0].name} wins with {plural(best[0].score, 'point')}."
        else:
            summary = f"{how}: {listing([b.name for b in best])} share first place with {plural(best[0].score, 'point')}."
        self._outcome = Outcome(standings, summary)
        events.append(self.say(summary, "game_over"))

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- the view -----------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> DungeonCrawlView:
        heroes: list[Hero] = []
        for s, name in enumerate(self.players):
            heroes.append({
                "name": name, "built": self.heart[s] > 0, "heart": self.heart[s], "club": self.club[s],
                "spade": self.spade[s], "ups": dict(self.ups[s]), "health": self.health(s), "power": self.power(s),
                "speed": self.speed(s), "damage": self.damage[s], "xp": self.xp[s], "weapon": self.weapon[s],
                "food": self.food[s], "gold": list(self.gold[s]), "alive": self.alive[s], "deaths": self.deaths[s],
                "pos": self.pos[s], "zone": zone_of(self.pos[s]), "score": self.score(s), "turns": self.turns[s],
            })
        combats: list[Combat] = [{"space": sp, "card": c["card"], "monster": c["monster"], "health": c["health"],
                                  "power": c["power"], "treasure": c["treasure"], "fighters": list(c["fighters"])}
                                 for sp, c in sorted(self.combats.items())]
        pending = None
        if self.stack:
            p = self.stack[-1]
            pending = {k: (list(v) if isinstance(v, list) else v) for k, v in p.items()}
        return {
            "phase": self.phase,
            "board": [space_kind(i) for i in range(END + 1)],
            "heroes": heroes,
            "combats": combats,
            "current": self.current,
            "building": self.building,
            "build": dict(self.build),
            "pending": pending,
            "deck": len(self.deck),
            "discard": len(self.discard),
            "deferred": list(self.deferred),
            "last": dict(self.last) if self.last else None,
            "first": self.first,
            "options": dict(self.options),
            "monsters": {k: list(v) for k, v in MONSTERS.items()},
        }
