"""The Monster Builder computer player: it weighs every action by what it is worth, exactly.

A monster is worth the sum of its parts plus a bonus that grows with its number of 6s (five 6s win,
and are worth more than anything). A position is worth, to a seat, its own monster minus half the
best of the others: so that a stolen 6 counts twice when it is taken from the leader.

On its turn the bot compares the expected worth of
  research  - the best build of the four dice, averaged over all 1,296 rolls (only the highest die
              matters: it goes into the weakest slot);
  scavenge  - the two best dice as they lie built into the two weakest slots;
  each attack on each opponent - the exact chance to win (1 die + parts against 2d6, 3d6 or a
              fixed total), times the best steal it would make, plus the chance to lose times the
              steal the defender would then make (judged by the same measure from the defender's side).
It then plays the chosen action's small moves consistently, and as a fight's winner it takes the
part, into the slot, that leaves the position worth most to it (throwing a part away when building
it would not help).
"""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.monster_builder import ATTACKS, TOP, win_chance

#: Worth of a monster by its number of 6s, on top of the sum of its parts (five 6s: the game is won).
SIX_BONUS = (0, 6, 14, 26, 44, 1000)
#: How much the best other monster counts against one's own.
RIVAL_WEIGHT = 0.5
#: The chance that the highest of four dice is at most m, for m = 0 .. 6.
_MAX_AT_MOST = [(m / 6) ** 4 for m in range(7)]


def monster_worth(parts: list[int]) -> float:
    return sum(parts) + SIX_BONUS[parts.count(TOP)]


def position_worth(monsters: list[list[int]], seat: int) -> float:
    rivals = max(monster_worth(m) for s, m in enumerate(monsters) if s != seat)
    return monster_worth(monsters[seat]) - RIVAL_WEIGHT * rivals


def _with(parts: list[int], slot: int, value: int) -> list[int]:
    changed = list(parts)
    changed[slot] = value
    return changed


def best_slot(parts: list[int], value: int) -> tuple[int, float]:
    """The slot to build a value into and what it adds to the monster's worth (may be <= 0)."""
    sixes = parts.count(TOP)
    bonus = SIX_BONUS[sixes]
    gain, _, slot = max((value - old + SIX_BONUS[sixes - (old == TOP) + (value == TOP)] - bonus, -old, s)
                        for s, old in enumerate(parts))
    return slot, gain


def research_worth(parts: list[int]) -> float:
    """The expected gain of researching: the highest die built into the best slot, if it helps."""
    expected = 0.0
    for high in range(1, 7):
        chance = _MAX_AT_MOST[high] - _MAX_AT_MOST[high - 1]
        expected += chance * max(0.0, best_slot(parts, high)[1])
    return expected


def scavenge_plan(parts: list[int], dice: list[int], used=()) -> list[tuple[int, int, float]]:
    """Up to two (die, slot, gain) builds from the dice as they lie, each improving the monster."""
    plan = []
    parts = list(parts)
    free = [i for i in range(len(dice)) if i not in used]
    for _ in range(2 - len(used)):
        options = []
        for die in free:
            slot, gain = best_slot(parts, dice[die])
            options.append((gain, dice[die], die, slot))
        if not options:
            break
        gain, _, die, slot = max(options)
        if gain <= 0:
            break
        plan.append((die, slot, gain))
        parts[slot] = dice[die]
        free.remove(die)
    return plan


def best_steal(monsters: list[list[int]], winner: int, loser: int, stake) -> tuple[float, int | None, int | None]:
    """(worth to the winner, part, slot or None to throw it away) of the winner's best steal; part is
    None when taking nothing is best (or nothing is at stake)."""
    mine = monsters[winner]
    own = monster_worth(mine)
    bystanders = max((monster_worth(m) for s, m in enumerate(monsters) if s not in (winner, loser)), default=0)
    best = (own - RIVAL_WEIGHT * max(bystanders, monster_worth(monsters[loser])), None, None)
    for part in stake:
        value = monsters[loser][part]
        if value == 0:
            continue
        rival = RIVAL_WEIGHT * max(bystanders, monster_worth(_with(monsters[loser], part, 0)))
        slot, gain = best_slot(mine, value)
        options = [(own - rival, part, None), (own + gain - rival, part, slot)]
        best = max([*options, best], key=lambda o: o[0])  # on a tie, hurting the loser is better
    return best


def after_steal(monsters, winner, loser, stake) -> list[list[int]]:
    """The monsters after the winner makes its best steal."""
    _, part, slot = best_steal(monsters, winner, loser, stake)
    result = [list(m) for m in monsters]
    if part is not None:
        value = result[loser][part]
        result[loser][part] = 0
        if slot is not None:
            result[winner][slot] = value
    return result


def attack_worth(monsters, seat: int, key: str, target: int) -> tuple[float, float]:
    """(expected gain in worth for the attacker, chance to win) of an attack."""
    attack = ATTACKS[key]
    chance = win_chance(attack, monsters[seat], monsters[target])
    now = position_worth(monsters, seat)
    won = position_worth(after_steal(monsters, seat, target, attack.stake), seat)
    lost = position_worth(after_steal(monsters, target, seat, attack.stake), seat)
    return chance * won + (1 - chance) * lost - now, chance


class MonsterBuilderBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        seat = self.seat
        monsters = [m["parts"] for m in view["monsters"]]
        mine = monsters[seat]
        phase = view["phase"]
        dice = view["research"]
        if phase == "act":
            return Move(self.plan_turn(view, [m.kind for m in moves]))
        if phase == "research":  # the highest die, if it improves the monster
            die = max(range(len(dice)), key=lambda i: dice[i])
            return Move("die", (die,)) if best_slot(mine, dice[die])[1] > 0 else Move("stop")
        if phase == "scavenge":
            plan = scavenge_plan(mine, dice, view["built"])
            return Move("die", (plan[0][0],)) if plan else Move("stop")
        if phase in ("research slot", "scavenge slot"):
            return Move("build", (best_slot(mine, dice[view["die"]])[0],))
        if phase == "attack":
            return Move("attack", (self.best_attack(monsters)[1],))
        if phase == "target":
            targets = [m.args[0] for m in moves]
            return Move("target", (max(targets, key=lambda t: attack_worth(monsters, seat, view["attack"], t)),))
        if phase in ("steal", "steal slot"):
            fight = view["fight"]
            loser = fight["defender"] if fight["winner"] == fight["attacker"] else fight["attacker"]
            stake = [m.args[0] for m in moves if m.kind == "steal"] if phase == "steal" else [view["part"]]
            _, part, slot = best_steal(monsters, seat, loser, stake)
            if phase == "steal":
                return Move("spare") if part is None else Move("steal", (part,))
            return Move("discard") if slot is None else Move("build", (slot,))
        return moves[0]

    def plan_turn(self, view: dict, actions=("research", "scavenge", "fight")) -> str:
        """The action worth most now among `actions`: research, scavenge or fight (there is nothing to
        scavenge before the research dice are first rolled)."""
        monsters = [m["parts"] for m in view["monsters"]]
        mine = monsters[self.seat]
        options = [(research_worth(mine), "research")]
        if "scavenge" in actions:
            options.append((sum(gain for _, _, gain in scavenge_plan(mine, view["research"])), "scavenge"))
        options.append((self.best_attack(monsters)[0], "fight"))
        return max(options, key=lambda o: o[0])[1]

    def best_attack(self, monsters: list[list[int]]) -> tuple[float, str, int]:
        """(expected gain, attack, target) of the best attack."""
        seat = self.seat
        return max(((attack_worth(monsters, seat, key, target)[0], key, target)
                    for key in ATTACKS for target in range(len(monsters)) if target != seat),
                   key=lambda o: o[0])
