"""The Short Bus to Paradise computer player.

It sees only its seat's view: the pot, every dock, the score piles, the bussed stones, the counts of
the bag and the deck, and its own hand; never the bag's mix. It guesses what a stone of each colour
will be worth at the end from how many of that colour have come out of the bag so far (the fewer, the
rarer, the more a stone is worth: the game's own rule applied to what it has seen).

At each step of its turn it plans the whole turn again: for each card it could play (or none) it
searches the sequences of loads and steals (a few deep) and values where they lead:

- a cab filled exactly leaves and scores: its stones at the colour's guessed worth;
- a cab left half full may still fill, or be stolen from: part of that worth, less the more room is
  left, and nothing in the game's last turns;
- stones stolen from another player's cab are worth a little more again (they were that player's
  hope);
- a card played and left empty is worth a little (a cab for a group to come), a card kept in hand a
  little more (a draw is lost once a cab is played); a card drawn is worth more to a small hand, less
  to a big one, and less when the pot stands still (nobody loads, nothing is added).

The plan worth most is carried out one small move at a time; when no load is worth making it draws a
card (while it may), or ends its turn.
"""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move

DEPTH = 4
#: the share of a half-full cab's worth counted now, by the room left in it (1, 2, 3, more seats)
PARTIAL = {1: 0.55, 2: 0.45, 3: 0.35}
PARTIAL_MORE = 0.25
#: the worth of stones taken from another player's half-full cab, as a share of their worth
STOLEN = 0.3
EMPTY_CAB = 0.3
DRAW = 1.2


def guessed_values(view: dict) -> dict[str, float]:
    """A stone's guessed worth by colour: how many of each came out of the bag so far, ranked as the
    scoring ranks the piles (the most common 1 ...), the piles counted twice (they are what scores)."""
    counts: dict[str, float] = {}
    for g in view["pot"]:
        counts[g["colour"]] = counts.get(g["colour"], 0) + g["count"]
    for dock in view["docks"]:
        for cab in dock:
            if cab["colour"]:
                counts[cab["colour"]] = counts.get(cab["colour"], 0) + cab["load"]
    for pile in view["piles"]:
        for c, k in pile.items():
            counts[c] = counts.get(c, 0) + 2 * k
    for c, k in view["bussed"].items():
        counts[c] = counts.get(c, 0) + k
    return {c: 1.0 + sum(1 for m in counts.values() if m > n) for c, n in counts.items()}


class _Cab:
    __slots__ = ("code", "seats", "colour", "load", "owner")

    def __init__(self, code: str, seats: int, colour: str | None, load: int, owner: int):
        self.code, self.seats, self.colour, self.load, self.owner = code, seats, colour, load, owner


class ShortBusToParadiseBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        me = self.seat
        values = guessed_values(view)
        last = view["last_turns"] is not None
        chosen = view["chosen"]
        if chosen is not None:
            return self._best_into(view, moves, values, last)
        best_worth, best_move = self._worth_of_nothing(view, moves), Move("done")
        draw = self._draw_worth(view)
        if Move("draw") in moves and draw > best_worth:
            best_worth, best_move = draw, Move("draw")
        plays = [m for m in moves if m.kind == "play"]
        for option in [None, *plays]:
            pot, cabs = self._table(view)
            if option is not None:
                code = option.args[0]
                cabs.append(_Cab(code, _seats(code), None, 0, me))
            worth, first = self._search(pot, cabs, values, last, DEPTH)
            if option is not None:
                worth -= EMPTY_CAB * 0.5  # a card out of the hand
            if worth > best_worth + 1e-9:
                best_worth = worth
                best_move = option if option is not None else first if first is not None else best_move
        if best_move not in moves:  # a plan's first load, named as its move
            best_move = Move("done")
        return best_move

    # -- the table as the bot plans on it ----------------------------------------------------------------

    def _table(self, view: dict) -> tuple[dict[str, int], list[_Cab]]:
        pot = {g["colour"]: g["count"] for g in view["pot"]}
        cabs = [_Cab(c["card"], c["seats"], c["colour"], c["load"], s)
                for s, dock in enumerate(view["docks"]) for c in dock]
        return pot, cabs

    def _draw_worth(self, view: dict) -> float:
        """A card is worth more to a small hand; less when the pot stands still (nobody took from it,
        so nothing was added: somebody must load to move the game on)."""
        hand = len(view["hand"] or [])
        worth = DRAW + (1.0 if hand <= 1 else 0.0) - 0.25 * max(0, hand - 3)
        if not view["roll"]:
            worth -= 0.5
        return worth

    def _worth_of_nothing(self, view: dict, moves: list[Move]) -> float:
        return 0.0

    def _state_worth(self, cabs: list[_Cab], values: dict[str, float], last: bool) -> float:
        """The worth of the cabs as they stand after a plan (those that left are counted as they leave)."""
        worth = 0.0
        me = self.seat
        for cab in cabs:
            if cab.colour is None:
                if cab.owner == me and not last:
                    worth += EMPTY_CAB
                continue
            v = cab.load * values.get(cab.colour, 1.0)
            if cab.owner == me:
                worth += 0.0 if last else v * PARTIAL.get(cab.seats - cab.load, PARTIAL_MORE)
            else:
                worth -= STOLEN * v
        return worth

    def _search(self, pot: dict[str, int], cabs: list[_Cab], values: dict[str, float], last: bool,
                depth: int) -> tuple[float, Move | None]:
        """The most a sequence of loads and steals (at most `depth`) is worth from here, and its first
        move (a "group" or "steal" move; None for stopping here)."""
        best = self._state_worth(cabs, values, last)
        best_move: Move | None = None
        if depth == 0:
            return best, None
        me = self.seat
        mine = [c for c in cabs if c.owner == me]
        for colour, k in list(pot.items()):
            for target in mine:
                if (target.colour is None or target.colour == colour) and target.load + k <= target.seats:
                    gain, rest = self._load(pot, cabs, target, colour, k, None, values)
                    worth = gain + self._search(*rest, values, last, depth - 1)[0]
                    if worth > best + 1e-9:
                        best, best_move = worth, Move("group", (colour,))
        for source in cabs:
            if source.load == 0 or source.colour is None or pot.get(source.colour, 0) == 0:
                continue
            k = source.load + pot[source.colour]
            for target in mine:
                if target is source:
                    continue
                if (target.colour is None or target.colour == source.colour) and target.load + k <= target.seats:
                    gain, rest = self._load(pot, cabs, target, source.colour, k, source, values)
                    worth = gain + self._search(*rest, values, last, depth - 1)[0]
                    if worth > best + 1e-9:
                        best, best_move = worth, Move("steal", (source.code,))
        return best, best_move

    def _load(self, pot: dict[str, int], cabs: list[_Cab], target: _Cab, colour: str, k: int, source: _Cab | None,
              values: dict[str, float]) -> tuple[float, tuple[dict[str, int], list[_Cab]]]:
        """The table after the load, and what a cab that left with it scores."""
        new_pot = dict(pot)
        del new_pot[colour]
        new_cabs = []
        gain = 0.0
        for cab in cabs:
            if cab is target:
                load = cab.load + k
                if load == cab.seats:
                    gain += load * values.get(colour, 1.0)
                    continue  # it leaves
                new_cabs.append(_Cab(cab.code, cab.seats, colour, load, cab.owner))
            elif cab is source:
                new_cabs.append(_Cab(cab.code, cab.seats, None, 0, cab.owner))
            else:
                new_cabs.append(cab)
        return gain, (new_pot, new_cabs)

    def _best_into(self, view: dict, moves: list[Move], values: dict[str, float], last: bool) -> Move:
        chosen = view["chosen"]
        pot, cabs = self._table(view)
        source = next((c for c in cabs if c.code == chosen["card"]), None) if chosen["kind"] == "steal" else None
        best_worth, best_move = float("-inf"), moves[-1]
        for move in moves:
            if move.kind != "into":
                continue
            target = next(c for c in cabs if c.code == move.args[0])
            gain, rest = self._load(pot, cabs, target, chosen["colour"], chosen["count"], source, values)
            worth = gain + self._search(*rest, values, last, DEPTH - 1)[0]
            if worth > best_worth:
                best_worth, best_move = worth, move
        return best_move


def _seats(code: str) -> int:
    return int(code[:-1])
