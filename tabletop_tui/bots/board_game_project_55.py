"""The Board Game Project #55 computer player: it weighs every plan open to it after the roll.

The plans of a turn: restock; stand still; steal (when the roll allows nothing else); or walk to any
pile the rolled colour reaches, deploying the fewest chips that open the way (the rules' own `reach`
finds them). Each plan is played out on a copy of the board and the position after it is scored.

The score of a position is a race estimate. For each pawn, the expected number of its own turns to a
target is worked out over the board as it stands (six colours, each as likely; a pawn may also deploy
a chip of the colour it holds, at a price in turns, since every chip spent is a point lost). From
those, each player's chance of ending the round first, and so what their stockpile is likely to
bring: their points + stockpile x (chance this round + the worth of the chips in later rounds, as the
stockpile stays after scoring). The bot's own prospect counts, less a share of the best opponent's:
so it goes out when it can, spends chips only where they buy speed, and ends a round for nothing on
an enemy pawn when an opponent is about to go out rich.
"""

from __future__ import annotations

import math

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.board_game_project_55 import INTERIOR, LINKS, STARTS, TARGETS, reach
from tabletop_tui.rules.engine import Move

#: Turns a deployed chip is worth spending (a chip is a point, and a point a little less than a turn).
CHIP_TURNS = 0.6
#: How sharply a lead in expected turns turns into a chance of going out first.
SHARPNESS = 1.2
#: What a stockpile chip is worth in later rounds, on top of this round's chance.
FUTURE = 0.35
#: How much the best opponent's prospect weighs against the bot's own.
RIVALRY = 0.7
#: Deploys considered per colour when estimating a pawn's speed (a pawn rarely spends more at once).
MAX_DEPLOY = 2
ITERATIONS = 12
FAR = 12.0


def _costs(tops: dict, others: frozenset, here: int, colour: int, chips: int, targets) -> dict[int, int]:
    """Like the rules' `reach`, without paths: {square: fewest chips to deploy} for one colour."""
    best = {here: 0}
    # costs are 0 or 1 per step; a small Dijkstra by layers is enough on eighteen squares
    layers = [[here]]
    out: dict[int, int] = {}
    cost = 0
    while cost < len(layers):
        layer = layers[cost]
        i = 0
        while i < len(layer):
            square = layer[i]
            i += 1
            if best.get(square) != cost:
                continue
            for nxt in LINKS[square]:
                if nxt == here:
                    continue
                if nxt in others or tops[nxt] == colour:
                    step = 0
                elif cost < chips:
                    step = 1
                else:
                    continue
                total = cost + step
                if total < best.get(nxt, 99):
                    best[nxt] = total
                    if step:
                        while len(layers) <= total:
                            layers.append([])
                        layers[total].append(nxt)
                    else:
                        layer.append(nxt)
        cost += 1
    for square, c in best.items():
        if square == here:
            continue
        if square in others:
            if square in targets:
                out[square] = c
        else:
            out[square] = c
    return out


def expected_turns(tops: dict, pawns, seat: int, stock) -> float:
    """About how many of its own turns `seat`'s pawn needs to stop on a free target, the board
    standing still: value iteration over the eighteen piles and the start."""
    others = frozenset(p for s, p in enumerate(pawns) if s != seat)
    targets = TARGETS[seat]
    here = pawns[seat]
    places = list(INTERIOR)
    if here not in INTERIOR:
        places.append(here)
    where = {p: i for i, p in enumerate(places)}
    value = [0.0 if p in targets else FAR for p in places]
    rows = []  # (place index, per colour: [(index of a square reached, price)])
    for p in places:
        if p in targets or p in others:
            continue
        per_colour = []
        for colour in range(6):
            chips = stock[colour]
            found = _costs(tops, others, p, colour, chips if chips < MAX_DEPLOY else MAX_DEPLOY, targets)
            per_colour.append([(where[q], c * CHIP_TURNS) for q, c in found.items() if q not in others])
        rows.append((where[p], per_colour))
    for _ in range(ITERATIONS):
        change = 0.0
        for i, per_colour in rows:
            current = value[i]
            total = 0.0
            for choices in per_colour:
                best = current
                for q, price in choices:
                    v = value[q] + price
                    if v < best:
                        best = v
                total += best
            new = 1.0 + total / 6.0
            if current - new > change:
                change = current - new
            value[i] = new
        if change < 0.01:
            break
    return value[where[here]] if here in where else FAR


def tops_of(piles: dict) -> dict:
    return {s: p[-1] for s, p in piles.items()}


class Position:
    """The parts of the view a plan changes: piles, pawns, stockpiles, points."""

    __slots__ = ("piles", "pawns", "stock", "scores")

    def __init__(self, piles, pawns, stock, scores):
        self.piles = piles
        self.pawns = pawns
        self.stock = stock
        self.scores = scores

    @classmethod
    def from_view(cls, view: dict) -> "Position":
        piles = {int(s): list(p) for s, p in view["piles"].items()}
        return cls(piles, list(view["pawns"]), [list(s) for s in view["stock"]], list(view["scores"]))

    def copy(self) -> "Position":
        return Position({s: list(p) for s, p in self.piles.items()}, list(self.pawns),
                        [list(s) for s in self.stock], list(self.scores))


def prospects(pos: Position, turn_next: int | None = None, cache: dict | None = None) -> list[float]:
    """Each player's points plus what their stockpile is likely to bring. `cache` keeps the expected
    turns already worked out for a board, pawns and stockpile (a plan changes few of them)."""
    tops = tops_of(pos.piles)
    key_board = tuple(tops[s] for s in INTERIOR), tuple(pos.pawns)
    speeds = []
    for s in range(4):
        key = (key_board, s, tuple(pos.stock[s]))
        e = cache.get(key) if cache is not None else None
        if e is None:
            e = expected_turns(tops, pos.pawns, s, pos.stock[s])
            if cache is not None:
                cache[key] = e
        if turn_next is not None:
            e += ((s - turn_next) % 4) * 0.25  # the sooner a player rolls, the sooner it may go out
        speeds.append(math.exp(-e / SHARPNESS))
    total = sum(speeds) or 1.0
    return [pos.scores[s] + sum(pos.stock[s]) * (speeds[s] / total + FUTURE) for s in range(4)]


class BoardGameProject55Bot(Bot):
    def __init__(self, seat: int, seed: int = 0):
        super().__init__(seat, seed)
        self._plan: list[Move] = []
        self._plan_key = None

    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        key = (view["round"], view["turns"])
        if self._plan and self._plan_key == key and self._plan[0] in moves:
            return self._plan.pop(0)
        plan = self.plan(view, moves)
        self._plan_key = key
        self._plan = plan[1:]
        return plan[0]

    # -- planning ----------------------------------------------------------------------------------

    def plan(self, view: dict, moves: list[Move]) -> list[Move]:
        me = self.seat
        colour = view["colour"]
        target = view["target"]
        pos = Position.from_view(view)
        nxt = (me + 1) % 4
        candidates: list[tuple[list[Move], Position, bool]] = []  # (moves, position after, round over)
        kinds = {m.kind for m in moves}
        if "end" in kinds:
            candidates.append(([Move("end")], pos, False))
        if "restock" in kinds:
            after = pos.copy()
            square = after.pawns[me]
            pile = after.piles[square]
            for c in pile[:-1]:
                after.stock[me][c] += 1
            after.piles[square] = pile[-1:]
            candidates.append(([Move("restock")], after, False))
        for move in moves:
            if move.kind == "steal":
                square, level = move.args
                after = pos.copy()
                after.piles[square].pop(level)
                after.stock[me][colour] += 1
                candidates.append(([move], after, False))
            elif move.kind == "take":
                after = pos.copy()
                after.stock[move.args[0]][colour] -= 1
                after.stock[me][colour] += 1
                candidates.append(([move], after, False))
        if "move" in kinds or "deploy" in kinds:
            chips = pos.stock[me][colour] if "deploy" in kinds else 0
            for square, (cost, path) in reach(pos.piles, pos.pawns, me, colour, chips).items():
                after = pos.copy()
                steps: list[Move] = []
                for s in path:
                    if s not in pos.pawns and after.piles[s][-1] != colour:
                        after.piles[s].append(colour)
                        after.stock[me][colour] -= 1
                        steps.append(Move("deploy", (s,)))
                steps.append(Move("move", (square,)))
                victim = square in pos.pawns
                over = square in TARGETS[me]
                if over:
                    if not victim:
                        after.scores[me] += sum(after.stock[me])
                    after.pawns = list(STARTS)
                else:
                    after.pawns[me] = square
                candidates.append((steps, after, over))
        cache: dict = {}  # expected turns already worked out, by board, pawns and stockpile
        best, best_value = None, -math.inf
        for steps, after, over in candidates:
            if after.scores[me] >= target:
                value = 1e6 + after.scores[me]
            else:
                value = self.value(after, nxt, cache)
            value += self.random.random() * 1e-6
            if value > best_value:
                best, best_value = steps, value
        if best is None or any(m not in moves for m in best[:1]):
            return [self.random.choice(moves)]
        return best

    def value(self, pos: Position, nxt: int, cache: dict | None = None) -> float:
        me = self.seat
        p = prospects(pos, turn_next=nxt, cache=cache)
        rival = max(p[s] for s in range(4) if s != me)
        return p[me] - RIVALRY * rival
