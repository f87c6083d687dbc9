"""The Dungeon Crawl computer player. It reads its own seat's view (everything there is public but the
deck's order) and plays by rule of thumb:

- it builds the suggested character (Health 6, Power 5, Speed 5);
- it walks on past fights (joining one shares its Treasure, but the hits are its own);
- Experience is worth a point where it stands and a third of one spent, so it spends only to stay
  alive, or to turn a roll that kills a Big Monster (its Treasure is worth more than the two points);
- it eats carried Food when one more hit would kill it, and eats Food found rather than carry it
  while it is hurt by at least its value;
- from a Treasure Pile it takes the most points: the highest Gold, a Weapon better than its own,
  else Food.
"""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.dungeon_crawl import UPGRADE_COST, suit_of, value_of
from tabletop_tui.rules.engine import Move


def _find(moves: list[Move], kind: str, *args: object) -> Move | None:
    for m in moves:
        if m.kind == kind and (not args or m.args == args):
            return m
    return None


class DungeonCrawlBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        me = view["heroes"][self.seat]
        pending = view.get("pending")
        if view["phase"] == "build":
            return _find(moves, "suggest") or moves[0]
        up = {k: _find(moves, "up", k) for k in "HCS"}
        eat = _find(moves, "eat")
        kind = pending["kind"] if pending else None
        if kind == "dying":
            return eat or up["H"] or moves[0]
        if kind == "duel":
            gap = pending["foe"] - pending["me"]
            lethal = me["damage"] + 1 > me["health"]
            kills = False
            if pending.get("space") is not None:
                for c in view["combats"]:
                    if c["space"] == pending["space"] and c["health"] == 1:
                        kills = True
            if up["C"] and gap * UPGRADE_COST <= me["xp"] and (kills or (lethal and not me["food"])):
                return up["C"]
            return _find(moves, "accept") or moves[0]
        if kind == "trap":
            lethal = me["damage"] + 1 > me["health"]
            gap = value_of(pending["card"]) - me["speed"]
            if up["S"] and lethal and not me["food"] and gap * UPGRADE_COST <= me["xp"]:
                return up["S"]
            return _find(moves, "accept") or moves[0]
        if kind == "food":
            new = value_of(pending["card"])
            carried = value_of(me["food"]) if me["food"] else 0
            if me["damage"] >= new or (me["damage"] > 0 and carried >= new) or carried > new:
                return _find(moves, "eat_new") or moves[0]
            return _find(moves, "carry") or moves[0]
        if kind == "share":
            return self._pick(me, pending["pile"], moves)
        if kind == "path":
            return _find(moves, "go") or moves[0]
        # the start of a turn: eat if one more hit would kill
        if eat and me["damage"] + 1 > me["health"]:
            return eat
        if eat and me["food"] and me["damage"] >= value_of(me["food"]):
            return eat
        return _find(moves, "fight") or _find(moves, "roll") or moves[0]

    def _pick(self, me: dict, pile: list[str], moves: list[Move]) -> Move:
        own = value_of(me["weapon"]) if me["weapon"] else 0
        best: Move | None = None
        best_worth = 0.0
        for m in moves:
            if m.kind != "take":
                continue
            code = pile[m.args[0]]
            suit = suit_of(code)
            v = value_of(code)
            if suit == "D":
                worth = float(v)
            elif suit == "C":
                worth = float(v - own)
            else:
                worth = 0.5 + min(v, me["damage"]) / 4
            if best is None or worth > best_worth:
                best, best_worth = m, worth
        if best is not None and (best_worth > 0 or _find(moves, "pass") is None):
            return best
        return _find(moves, "pass") or moves[0]
