"""The Graveyard Shift computer player: a greedy player that reads only its view (the face-down
Spirits are a back to it, "low" for a 2-5 of the deal, "high" for one from the draw pile).

- Move: to the neighbouring space worth most now: a Spirit it catches by singing (its points), then one
  its chips already lean on, a face-down Spirit to turn up (a dealt one is small and soon caught), and
  last an empty space; a space next to where it could catch something next turn adds a little.
- Sing: when the song catches the Spirit, or when no other pawn within one step could catch it next
  turn thanks to the chip (and, now and then, all the same: two players guarding each other would
  otherwise wait for ever).
- Shift: every shift and none are weighed by what the position then offers it next turn (the best
  Spirit within its reach) less what it offers the best placed other player, the next to move counted
  twice.
"""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.graveyard_shift import STEPS, captures

RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
#: what a face-down Spirit is worth to turn up, by its back
BACK_WORTH = {"low": 1.2, "high": 0.6}


class Table:
    """The board as the bot reasons about it: ranks (0 for no Spirit, -1 a face-down low, -2 a
    face-down high), chips by square and seat, pawns."""

    __slots__ = ("rows", "cols", "ranks", "chips", "pawns")

    def __init__(self, rows: int, cols: int, ranks: list[int], chips: list[list[int]], pawns: list[int]):
        self.rows, self.cols, self.ranks, self.chips, self.pawns = rows, cols, ranks, chips, pawns

    @classmethod
    def of(cls, view: dict) -> "Table":
        ranks = []
        for code, back in zip(view["cards"], view["backs"]):
            if code:
                ranks.append(RANKS[code[:-1]])
            elif back:
                ranks.append(-1 if back == "low" else -2)
            else:
                ranks.append(0)
        return cls(view["rows"], view["cols"], ranks, [list(c) for c in view["chips"]], list(view["pawns"]))

    def near(self, square: int) -> list[int]:
        r, c = divmod(square, self.cols)
        out = []
        for dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.rows and 0 <= cc < self.cols:
                out.append(rr * self.cols + cc)
        return out

    def worth(self, seat: int, square: int) -> float:
        """What moving onto `square` is worth to `seat` at once (a catch counts its points)."""
        rank = self.ranks[square]
        if rank == 0:
            return 0.0
        if rank < 0:
            return BACK_WORTH["low" if rank == -1 else "high"]
        chips = self.chips[square]
        sung = list(chips)
        sung[seat] += 1
        if captures(sung, rank, seat) or captures(chips, rank, seat):
            return float(rank) + 2.0
        mine = chips[seat]
        # a step towards convincing it: the nearer, the better
        need = rank // 2 + 1 - mine
        return max(0.0, 1.0 - 0.15 * need) + 0.1 * mine

    def reach(self, seat: int) -> float:
        """The best `worth` within one step of `seat`'s pawn."""
        return max((self.worth(seat, t) for t in self.near(self.pawns[seat])), default=0.0)

    def shifted(self, front: int, count: int, d: int, dist: int) -> "Table":
        cols = self.cols
        ranks, chips, pawns = list(self.ranks), [list(c) for c in self.chips], list(self.pawns)
        dr, dc = STEPS[d]
        delta = dr * cols + dc
        group = [front - k * delta for k in range(count)]
        path = [front + k * delta for k in range(1, dist + 1)]
        moved = {}
        for s in group:
            t = s + dist * delta
            moved[s] = t
            ranks[t], ranks[s] = ranks[s], 0
            chips[t], chips[s] = chips[s], [0] * len(pawns)
        for p, sq in enumerate(pawns):
            if sq in moved:
                pawns[p] = moved[sq]
            elif sq in path:
                pawns[p] = path[-1]
        return Table(self.rows, cols, ranks, chips, pawns)


class GraveyardShiftBot(Bot):
    def choose(self, view: dict, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        table = Table.of(view)
        me = self.seat
        phase = view["phase"]
        if phase == "move":
            return max(moves, key=lambda m: (self._move_value(table, m.args[0]), self.random.random()))
        if phase == "sing":
            return Move("sing") if self._sing(view, table) else Move("hush")
        order = view["order"]
        nxt = order[(order.index(me) + 1) % len(order)]
        best, best_value = moves[-1], self._position(table, nxt)
        for m in moves:
            if m.kind != "shift":
                continue
            v = self._position(table.shifted(*m.args), nxt)
            if v > best_value + 1e-9:
                best, best_value = m, v
        return best

    def _move_value(self, table: Table, square: int) -> float:
        me = self.seat
        here = table.worth(me, square)
        after = max((table.worth(me, t) for t in table.near(square)), default=0.0)
        return here + 0.2 * after

    def _sing(self, view: dict, table: Table) -> bool:
        me = self.seat
        square = table.pawns[me]
        rank = table.ranks[square]
        chips = list(table.chips[square])
        chips[me] += 1
        if captures(chips, rank, me):
            return True
        before = table.chips[square]
        for other, where in enumerate(table.pawns):
            if other == me or (where not in table.near(square) and where != square):
                continue
            theirs, now = list(chips), list(before)
            theirs[other] += 1
            now[other] += 1
            enabled = captures(theirs, rank, other) or captures(chips, rank, other)
            if enabled and not (captures(now, rank, other) or captures(before, rank, other)):
                # the chip would hand it to them: keep quiet, but now and then sing all the same, so
                # that two players standing guard over each other do not wait for ever
                return self.random.random() < 0.15
        return True

    def _position(self, table: Table, nxt: int) -> float:
        me = self.seat
        value = table.reach(me)
        threat = 0.0
        for other in range(len(table.pawns)):
            if other == me:
                continue
            r = table.reach(other) * (2.0 if other == nxt else 1.0)
            threat = max(threat, r)
        return value - 0.5 * threat
