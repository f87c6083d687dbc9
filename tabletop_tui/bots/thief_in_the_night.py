"""A computer player for Thief in the Night, for either role. It sees only its seat's view: the open
board, its own cards and the public discards.

The builder copies a castle of the generator's, edge by edge, then sets its traps. The thief enters on
an edge square near the gem that no piece watches (whichever reading of the entry is played), and walks the
shortest way to the gem and then to the nearest edge, keeping out of the squares the pieces watch unless
his hand is likely to win the showdown, and off the squares they could watch after their next move; he
faces the nearest piece, so that none comes at him from behind. The captain moves every piece toward
the thief (or, with no thief to chase, toward the gem), into sight of him only where the pooled hands of
the watchers are likely to win, and otherwise to watch the squares the thief could reach; a card spent
is the one its hand misses least.
"""

from __future__ import annotations

import random as _random
from collections import deque

from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.components.cards import STANDARD, card
from tabletop_tui.rules.components.poker import hand_value
from tabletop_tui.rules.engine import Move, Stream
from tabletop_tui.rules.thief_in_the_night import (
    AREA, CAPTAIN, DX, DY, FACINGS, N, STEPS, Castle, generate_castle, is_behind, is_edge_square, reach_of, sight)

_SAMPLES: dict[int, list[int]] = {}


def strength_samples(n: int) -> list[int]:
    """Sorted values of the best hand in n random cards (a few hundred draws, kept)."""
    n = max(0, min(n, 30))
    if n not in _SAMPLES:
        rnd = _random.Random(n)
        deck = list(STANDARD)
        values = []
        for _ in range(300):
            values.append(hand_value(rnd.sample(deck, n)) if n else 0)
        _SAMPLES[n] = sorted(values)
    return _SAMPLES[n]


def chance_above(value: int, n: int) -> float:
    """The chance that `value` beats the best hand of n random cards."""
    samples = strength_samples(n)
    lo, hi = 0, len(samples)
    while lo < hi:
        mid = (lo + hi) // 2
        if samples[mid] < value:
            lo = mid + 1
        else:
            hi = mid
    return lo / len(samples)


def least_useful(cards: list, keep_rank_for_move: bool = False) -> object:
    """The card whose loss hurts the best hand of the rest least."""
    best, best_v = None, -1
    for c in cards:
        rest = [d for d in cards if d is not c]
        v = hand_value(rest) if rest else 0
        if v > best_v or (v == best_v and best is not None and c.rank < best.rank):
            best, best_v = c, v
    return best


class ThiefInTheNightBot(Bot):
    def __init__(self, seat: int, seed: int = 0):
        super().__init__(seat, seed)
        self._castle_key = None
        self._castle: Castle | None = None
        self._dist: dict = {}
        self._plan: Castle | None = None

    # -- the castle ------------------------------------------------------------------------------

    def castle(self, view: dict) -> Castle:
        key = (view["north"], view["west"], view["traps"], view["gem"])
        if key != self._castle_key:
            self._castle_key = key
            self._castle = Castle.from_view(view)
            self._dist = {}
        return self._castle

    def distances(self, castle: Castle, targets: tuple) -> list[int]:
        """Steps (diagonals allowed, through doors, round walls) from every square to the nearest target;
        a trap counts two steps."""
        if targets in self._dist:
            return self._dist[targets]
        INF = 10_000
        dist = [INF] * AREA
        queue = deque()
        for t in targets:
            dist[t] = 0
            queue.append(t)
        # a simple label-correcting search (traps cost two)
        while queue:
            a = queue.popleft()
            for b in castle.steps_from(a):
                if b is None:
                    continue
                cost = dist[a] + (2 if castle.traps[a] else 1)
                if cost < dist[b]:
                    dist[b] = cost
                    queue.append(b)
        self._dist[targets] = dist
        return dist

    # -- choosing --------------------------------------------------------------------------------

    def choose(self, view: dict, moves: list[Move]) -> Move:
        phase = view["phase"]
        try:
            if phase == "gem":
                return moves[0]
            if phase == "build":
                return self.build(view, moves)
            if phase == "post":
                return self.post(view, moves)
            if phase == "enter":
                return self.enter(view, moves)
            if phase in ("thief", "steps", "trap", "face", "shed", "dash"):
                return self.thief(view, moves)
            if phase in ("captain", "cface"):
                return self.captain(view, moves)
        except (KeyError, ValueError, IndexError):
            pass
        return self.random.choice(moves)

    # building: copy a generated castle

    def build(self, view: dict, moves: list[Move]) -> Move:
        if self._plan is None:
            self._plan = generate_castle(Stream(self.random.randrange(1 << 30)))
        plan = self._plan
        legal = set(moves)
        building = view["building"]
        rooms_ok = building["rooms"] >= 7
        if not rooms_ok and building["kind"] != "traps":
            for i in range(AREA):
                x, y = i % N, i // N
                for side, arr in (("N", plan.north), ("W", plan.west)):
                    if arr[i] and (view["north"] if side == "N" else view["west"])[i] == "0":
                        m = Move("wall" if arr[i] == 1 else "door", (x, y, side))
                        if m in legal:
                            return m
        if building["kind"] != "edges":
            for i in range(AREA):
                if plan.traps[i] and view["traps"][i] == "0":
                    m = Move("trap", (i % N, i // N))
                    if m in legal:
                        return m
            traps = [m for m in moves if m.kind == "trap"]
            if traps and building["traps"] < 60:
                return self.random.choice(traps)
        if Move("done") in legal:
            return Move("done")
        marks = [m for m in moves if m.kind in ("wall", "door", "trap")]
        return self.random.choice(marks or moves)

    # the captain's placing

    def post(self, view: dict, moves: list[Move]) -> Move:
        castle = self.castle(view)
        gem = view["gem"]
        placed = [p[0] for p in view["pieces"] if p is not None]
        gy, gx = divmod(gem, N)
        best, best_score = None, None
        for m in moves:
            x, y, f = m.args
            i = y * N + x
            d = max(abs(x - gx), abs(y - gy))
            if d < 2 or d > 9:
                continue
            spread = min((max(abs(x - p % N), abs(y - p // N)) for p in placed), default=9)
            # facing away from the gem, where a thief comes from
            away = (x - gx) * DX[FACINGS.index(f)] + (y - gy) * DY[FACINGS.index(f)]
            score = min(spread, 6) * 3 - abs(d - 5) + (2 if away > 0 else 0) + self.random.random()
            if castle.traps[i]:
                score -= 1
            if best_score is None or score > best_score:
                best, best_score = m, score
        return best or self.random.choice(moves)

    def enter(self, view: dict, moves: list[Move]) -> Move:
        castle = self.castle(view)
        dist = self.distances(castle, (view["gem"],))
        pieces = [p[0] for p in view["pieces"] if p is not None]
        threat = self.threat(view, castle)
        best, best_score = None, None
        for m in moves:
            x, y, f = m.args
            i = y * N + x
            near = min(max(abs(x - p % N), abs(y - p // N)) for p in pieces)
            score = -dist[i] + min(near, 6) + self.random.random()
            # the squares the pieces watch are open too where the thief may enter anywhere (the
            # original): there he would meet a showdown as soon as a watcher moves, with no card seen yet
            if view["sight"][i] != "0":
                score -= 40
            elif i in threat:
                score -= 3
            if best_score is None or score > best_score:
                best, best_score = m, score
        x, y, _ = best.args
        return Move("enter", (x, y, self.face_toward(view, y * N + x)))

    # the thief

    def target(self, view: dict) -> tuple:
        if view["carrying"]:
            return tuple(i for i in range(AREA) if is_edge_square(i))
        return (view["gem"],)

    def my_value(self, view: dict) -> int:
        hand = [card(c) for c in view["thief_hand"] or []]
        return hand_value(hand) if hand else 0

    def watchers_of(self, view: dict, sq: int) -> list[int]:
        bits = ord(view["sight"][sq]) - 48
        return [p for p in range(6) if bits >> p & 1]

    def risk(self, view: dict, sq: int, value: int) -> float:
        """The chance of being caught in a showdown on entering sq (0 where nobody watches)."""
        watchers = self.watchers_of(view, sq)
        if not watchers:
            return 0.0
        n = sum(view["guard_counts"][p] for p in watchers)
        return 1.0 - chance_above(value, n)

    def threat(self, view: dict, castle: Castle) -> set[int]:
        """Squares a piece could watch after its next move (roughly: from where it could stand)."""
        key = ("threat", view["sight"], tuple(tuple(p) for p in view["pieces"]))
        if key in self._dist:
            return self._dist[key]
        out = set()
        for p, piece in enumerate(view["pieces"]):
            at, f = piece
            spots = {at}
            frontier = [at]
            for _ in range(2 if p else 3):
                nxt = []
                for a in frontier:
                    for b in castle.steps_from(a):
                        if b is not None and b not in spots:
                            spots.add(b)
                            nxt.append(b)
                frontier = nxt
            for s in spots:
                for face in range(4):
                    out.update(sight(castle, s, face, reach_of(p)))
        self._dist[key] = out
        return out

    def face_toward(self, view: dict, at: int) -> str:
        """Face the nearest piece, so that it cannot come from behind."""
        ay, ax = divmod(at, N)
        pieces = [p[0] for p in view["pieces"] if p is not None]
        if not pieces:
            return "N"
        near = min(pieces, key=lambda p: max(abs(p % N - ax), abs(p // N - ay)))
        best = max(range(4), key=lambda f: -is_behind(at, f, near) * 10 + ((near % N - ax) * DX[f] + (near // N - ay) * DY[f]))
        return FACINGS[best]

    def square_score(self, view, castle, sq, dist, threat, value) -> float:
        score = -dist[sq] * 1.0
        risk = self.risk(view, sq, value)
        score -= risk * 40
        if sq in threat:
            score -= 3
        if sq == view["gem"]:
            score += 20
        if view["carrying"] and is_edge_square(sq):
            score += 100
        return score

    def best_path(self, view, castle, start, steps, dist, threat, value, busy):
        """The best square within `steps` steps (walking round watched squares and traps on the way) and
        the first step there (None to stay)."""
        best = (self.square_score(view, castle, start, dist, threat, value), None)
        seen = {start: None}
        frontier = [(start, None)]
        for _ in range(steps):
            nxt = []
            for a, first in frontier:
                for d, b in zip(STEPS, castle.steps_from(a)):
                    if b is None or b in seen or b in busy:
                        continue
                    f = first or d
                    seen[b] = f
                    s = self.square_score(view, castle, b, dist, threat, value)
                    if s > best[0]:
                        best = (s, f)
                    if not castle.traps[b] and self.risk(view, b, value) < 0.5:
                        nxt.append((b, f))
            frontier = nxt
        return best

    def thief(self, view: dict, moves: list[Move]) -> Move:
        castle = self.castle(view)
        phase = view["phase"]
        me = view["thief"][0]
        hand = [card(c) for c in view["thief_hand"] or []]
        if phase == "face":
            return Move("face", (self.face_toward(view, me),))
        if phase == "shed":
            escape = [card(c) for c in view["escape_hand"] if card(c) in hand]
            rest = [c for c in hand if c not in escape]
            worst = min(escape, key=lambda c: (hand_value(rest + [d for d in escape if d is not c]) * -1, c.rank))
            worst = least_useful(escape) if len(escape) > 1 else escape[0]
            m = Move("shed", (worst.code,))
            return m if m in moves else moves[0]
        dist = self.distances(castle, self.target(view))
        threat = self.threat(view, castle)
        value = hand_value(hand) if hand else 0
        busy = {p[0] for p in view["pieces"] if p is not None}
        if phase == "thief":
            if not hand:
                return moves[0]
            spare = least_useful(hand)
            best4 = self.best_path(view, castle, me, 4, dist, threat, value, busy)
            best3 = self.best_path(view, castle, me, 3, dist, threat, value, busy)
            stay = self.square_score(view, castle, me, dist, threat, value)
            faces = [c for c in hand if c.rank > 10]
            if best4[0] > best3[0] + 0.5 and faces:
                c = min(faces, key=lambda c: hand_value([d for d in hand if d is not c]) * -1)
                return Move("go", (c.code,))
            if best3[1] is None and best3[0] <= stay:
                return Move("stay", (spare.code,))
            return Move("go", (spare.code,))
        if phase in ("steps", "dash"):
            left = view["steps_left"]
            best = self.best_path(view, castle, me, left, dist, threat, 10**9 if phase == "dash" else value, busy)
            if best[1] is None:
                return Move("stop")
            m = Move("step", (best[1],))
            return m if m in moves else Move("stop")
        if phase == "trap":
            chains = [m for m in moves if m.kind == "chain"]
            if chains and len(hand) >= 7 and view["steps_left"] >= 2:
                return min(chains, key=lambda m: -hand_value([d for d in hand if d.code != m.args[0]]))
            return Move("stop")
        return self.random.choice(moves)

    # the captain

    def captain(self, view: dict, moves: list[Move]) -> Move:
        castle = self.castle(view)
        thief_at = view["thief"][0]
        hands = [[card(c) for c in h] for h in view["guard_hands"]]
        pieces = [p[0] for p in view["pieces"]]
        facing = [p[1] for p in view["pieces"]]
        chase = self.distances(castle, (thief_at,))
        thief_reach = self.thief_reach(castle, thief_at, pieces)
        n_thief = view["thief_count"]

        def capture_chance(watchers: list[int], hands_now) -> float:
            pool = [c for w in watchers for c in hands_now[w]]
            return chance_above(hand_value(pool), n_thief) if pool else 0.0

        if view["phase"] == "cface":
            at = pieces[CAPTAIN]
            best, best_s = None, None
            for m in moves:
                f = FACINGS.index(m.args[0])
                seen = sight(castle, at, f, 2)
                s = len(thief_reach & set(seen)) * 0.5
                if thief_at in seen:
                    watchers = [p for p in range(6) if p == CAPTAIN or thief_at in
                                sight(castle, pieces[p], facing[p], reach_of(p))]
                    s += (capture_chance(watchers, hands) - 0.45) * 60
                if best_s is None or s > best_s:
                    best, best_s = m, s
            return best
        # every move of every piece: score its square, spend the card its hand misses least
        spare = {}
        for p in range(6):
            if hands[p]:
                spare[p] = least_useful(hands[p])
        best, best_s = None, None
        for m in moves:
            if m.kind == "hold":
                s = -50
            else:
                if m.kind == "guard":
                    p, code, x, y = m.args
                else:
                    p, (code, x, y) = CAPTAIN, m.args
                dest = y * N + x
                c = card(code)
                s = -chase[dest] * 0.6
                if m.kind == "guard":
                    # the facing after the move: the last leg's direction
                    seen = self.guard_sight(castle, pieces[p], facing[p], dest)
                    s += len(thief_reach & seen) * 0.4
                    if thief_at in seen:
                        watchers = [q for q in range(6) if q != p and thief_at in
                                    sight(castle, pieces[q], facing[q], reach_of(q))] + [p]
                        after = [list(h) for h in hands]
                        after[p] = [d for d in after[p] if d is not c]
                        s += (capture_chance(watchers, after) - 0.45) * 60
                else:
                    s += 1.0  # the captain's facing comes next: he turns to see
                s -= hand_value([d for d in hands[p] if d is not c]) * 0 if c is spare.get(p) else 0.8
                if p in view["moved"]:
                    continue
            s += self.random.random() * 0.1
            if best_s is None or s > best_s:
                best, best_s = m, s
        return best or self.random.choice(moves)

    def guard_sight(self, castle: Castle, at: int, facing: int, dest: int) -> set[int]:
        y0, x0 = divmod(at, N)
        y1, x1 = divmod(dest, N)
        # the facing after a move is the direction of its last leg: guess it from the offset
        dx, dy = x1 - x0, y1 - y0
        fx, fy = DX[facing], DY[facing]
        fwd = dx * fx + dy * fy
        side = dx * DX[(facing + 1) % 4] + dy * DY[(facing + 1) % 4]
        if side == 0:
            f = facing if fwd > 0 else (facing + 2) % 4
        else:
            f = (facing + 1) % 4 if side > 0 else (facing + 3) % 4
        return set(sight(castle, dest, f, 1))

    def thief_reach(self, castle: Castle, at: int, pieces: list[int]) -> set[int]:
        seen = {at}
        frontier = [at]
        for _ in range(4):
            nxt = []
            for a in frontier:
                for b in castle.steps_from(a):
                    if b is not None and b not in seen and b not in pieces:
                        seen.add(b)
                        if not castle.traps[b]:
                            nxt.append(b)
            frontier = nxt
        return seen
