"""Graveyard Shift: pawns wander a 6 x 3 Graveyard of face-down Spirits (playing cards), sing chips
onto them and catch them; the Graveyard slides like a sliding puzzle at the end of every turn.

A turn is a few moves of the record, in the seed's order of steps:

- Move: `Move("move", (square,))`, one space orthogonally, onto anything (a face-down Spirit entered
  is turned face up at once: the Reveal step);
- Sing: on a Spirit, `Move("sing")` puts a chip of the mover's on it, `Move("hush")` declines; then
  the Capture step (Full or Convinced) and, after a capture, the Generate step (new face-down Spirits
  from the draw pile into the empty Open Graves) happen by themselves;
- Shift: `Move("shift", (front, count, direction, distance))` slides the `count` Spirits in a line
  that ends at `front` (the leading Spirit) `distance` spaces in `direction` (0 north, 1 east, 2 south,
  3 west; a line of two or more moves along itself only), or `Move("rest")` shifts nothing. The step
  is skipped when no Spirit can slide.

The board is ours (the original's picture was lost), kept as data (`BOARD`) so that the real one can
replace it. Squares are indices row-major from the top row; `components.squares` names them (a1 at
the lower left). Nothing is secret from one seat and not another: the face-down Spirits (and the draw
pile) are hidden from everyone (`places`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tabletop_tui.rules.components.cards import Card, card
from tabletop_tui.rules.components.squares import square_name
from tabletop_tui.rules.engine import EVERYONE, Event, Game, Move, Option, Outcome, Place, View, rank_standings
from tabletop_tui.rules.words import listing, plural


class Board(NamedTuple):
    """A Graveyard: its size, its two Start spaces (odd turn positions on the first, even on the
    second) and its Open Graves (in the order new Spirits rise into them)."""

    rows: int
    cols: int
    starts: tuple[int, int]
    graves: tuple[int, ...]


#: Ours (the seed's picture is lost): 6 x 3, the Starts the middle two of the centre row, the Open
#: Graves the four corners.
BOARD = Board(rows=3, cols=6, starts=(8, 9), graves=(0, 5, 12, 17))

#: the target score by the number of players (the seed's table)
TARGETS = {2: 40, 3: 30, 4: 20, 5: 16, 6: 14}

#: (rows, columns) steps of the four directions, and their names
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIRECTION_NAMES = ("north", "east", "south", "west")

MOVE, SING, SHIFT, OVER = "move", "sing", "shift", "over"
SING_MOVE, HUSH, REST = Move("sing"), Move("hush"), Move("rest")

#: the starting cards (dealt face down) and the draw pile
LOW = tuple(card(f"{r}{s}") for r in (2, 3, 4, 5) for s in "CDHS")
HIGH = tuple(card(f"{r}{s}") for r in ("6", "7", "8", "9", "10", "A") for s in "CDHS")


def value(c: Card) -> int:
    """A Spirit's rank and points: its face value, the ace one."""
    return c.rank_low


def step(square: int, direction: int, board: Board = BOARD) -> int | None:
    """The square next to `square` in `direction`, or None off the board."""
    r, c = divmod(square, board.cols)
    dr, dc = STEPS[direction]
    r += dr
    c += dc
    if 0 <= r < board.rows and 0 <= c < board.cols:
        return r * board.cols + c
    return None


def captures(chips: list[int], rank: int, seat: int) -> str:
    """How `seat` captures a Spirit of `rank` carrying `chips` (by seat): "full", "convinced" or ""."""
    mine = chips[seat]
    if mine * 2 > rank:
        return "convinced"
    if sum(chips) >= rank and mine and mine >= max(chips):
        return "full"
    return ""


class GraveyardShiftView(View):
    """What everyone sees (the same for every seat: the face-down Spirits are hidden from all)."""

    rows: int
    cols: int
    starts: list[int]
    graves: list[int]
    cards: list[str | None]  # the face-up Spirit's code on each square, None for none or face down
    backs: list[str | None]  # "low" (a 2-5 from the deal) or "high" (from the draw pile) for a face-down Spirit
    chips: list[list[int]]  # each square's chips, by seat
    pawns: list[int]  # each seat's square
    scores: list[int]
    won: list[list[str]]  # each seat's captured Spirits
    deck: int  # Spirits left in the draw pile
    target: int
    phase: str  # "move", "sing", "shift" or "over"
    order: list[int]  # the seats in turn order
    moved_to: int | None  # where the mover went this turn
    shifts_left: int  # shifts the mover may still make this turn
    last_shift: list[int] | None  # [front, count, direction, distance] of the last shift made
    turn: int  # turns begun


class GraveyardShift(Game):
    id = "graveyard-shift"
    title = "Graveyard Shift"
    score_label = "Points"
    min_players = 2
    max_players = 6
    chance = "a Spirit turned face up"
    length_unit = "turns"
    move_limit = 6000
    #: the face-down Spirits are hidden from everyone alike: no seat sees more than another, so the
    #: curtain is off by default (a table may turn it on)
    hidden_information = True
    hidden_alike = True
    OPTIONS = (
        Option("shifts", "Shifts a turn", "int", 1,
               help="How many times the Graveyard may be shifted in one turn (the rules say one shift of "
               "one line of Spirits; 2 or 3 lets a turn slide several).", min=1, max=3),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        n = len(self.players)
        self._n = n
        self._board = BOARD
        size = BOARD.rows * BOARD.cols
        self._target = TARGETS[n]
        self._shift_limit = self.options["shifts"]
        low = list(LOW)
        self.rng.shuffle(low)
        self._cards: list[Card | None] = [None] * size
        self._up = [False] * size
        for square in range(size):
            if square not in BOARD.starts:
                self._cards[square] = low.pop()
        deck = list(HIGH)
        self.rng.shuffle(deck)
        self._deck = deck
        self._chips = [[0] * n for _ in range(size)]
        first = self.rng.below(n)
        self._order = [(first + i) % n for i in range(n)]
        self._pawns = [0] * n
        for position, seat in enumerate(self._order):
            self._pawns[seat] = BOARD.starts[position % 2]
        self._won: list[list[Card]] = [[] for _ in range(n)]
        self._outcome: Outcome | None = None
        self._turns = 0
        self._moved_to: int | None = None
        self._last_shift: tuple[int, int, int, int] | None = None
        self._legal: list[Move] | None = None
        names = self.players
        self.log.append(Event(
            f"The Spirits are dealt face down; {names[first]} goes first, and the turns go "
            f"{listing(names[s] for s in self._order)}. First to {self._target} points wins.", "start"))
        self._begin_turn(first)

    # -- helpers ----------------------------------------------------------------------------------

    def name_of(self, square: int) -> str:
        return square_name(square, self._board.rows, self._board.cols)

    def spirit_name(self, square: int) -> str:
        c = self._cards[square]
        if c is None:
            return "nothing"
        return c.name if self._up[square] else "a face-down Spirit"

    def scores(self) -> list[int]:
        return [sum(value(c) for c in won) for won in self._won]

    def shift_moves(self) -> list[Move]:
        """Every legal shift now: a line of Spirits ending at its leading one, slid along itself (any
        way for a lone Spirit) over empty squares."""
        cards = self._cards
        out: list[Move] = []
        for front in range(len(cards)):
            if cards[front] is None:
                continue
            for d in range(4):
                ahead = step(front, d)
                if ahead is None or cards[ahead] is not None:
                    continue
                room = 0
                sq: int | None = ahead
                while sq is not None and cards[sq] is None:
                    room += 1
                    sq = step(sq, d)
                count = 0
                back: int | None = front
                while back is not None and cards[back] is not None:
                    count += 1
                    for dist in range(1, room + 1):
                        out.append(Move("shift", (front, count, d, dist)))
                    back = step(back, (d + 2) % 4)
        return out

    # -- the turn ---------------------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self._seat = seat
        self._turns += 1
        self._phase = MOVE
        self._moved_to = None
        self._shifts_left = self._shift_limit
        self._legal = None

    def _next_turn(self) -> None:
        order = self._order
        self._begin_turn(order[(order.index(self._seat) + 1) % self._n])

    def _to_shift(self, events: list[Event]) -> None:
        """The Shift step, or the next turn when no Spirit can slide (or the game has ended)."""
        if self._outcome is not None:
            return
        if not any(c is None for c in self._cards) or not self.shift_moves():
            self._next_turn()
            return
        self._phase = SHIFT
        self._legal = None

    def _apply(self, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        names = self.players
        me = names[seat]
        self._legal = None
        events: list[Event] = []
        if kind == "move":
            (square,) = move.args
            self._pawns[seat] = square
            self._moved_to = square
            c = self._cards[square]
            if c is None:
                events.append(Event(f"{me} moves to {self.name_of(square)}, an empty space.", "move", seat,
                                    {"square": square}))
                self._to_shift(events)
                return events
            if not self._up[square]:
                self._up[square] = True
                events.append(Event(f"{me} moves to {self.name_of(square)} and turns up {c.name}.", "reveal",
                                    seat, {"square": square, "card": c.code}))
            else:
                events.append(Event(f"{me} moves to {self.name_of(square)}, onto {c.name}.", "move", seat,
                                    {"square": square}))
            self._phase = SING
            return events
        if kind in ("sing", "hush"):
            square = self._pawns[seat]
            c = self._cards[square]
            assert c is not None
            chips = self._chips[square]
            if kind == "sing":
                chips[seat] += 1
                events.append(Event(f"{me} sings to {c.name} ({plural(chips[seat], 'chip')} of {me}'s on it, "
                                    f"{sum(chips)} in all).", "sing", seat, {"square": square}))
            else:
                events.append(Event(f"{me} does not sing to {c.name}.", "hush", seat, {"square": square}))
            how = captures(chips, value(c), seat)
            if how:
                self._capture(seat, square, how, events)
            self._to_shift(events)
            return events
        if kind == "rest":
            events.append(Event(f"{me} leaves the Graveyard as it is.", "rest", seat))
            self._next_turn()
            return events
        # shift
        front, count, d, dist = move.args
        events.append(self._shift(seat, front, count, d, dist))
        self._shifts_left -= 1
        if self._shifts_left > 0 and self.shift_moves():
            self._legal = None
        else:
            self._next_turn()
        return events

    def _capture(self, seat: int, square: int, how: str, events: list[Event]) -> None:
        names = self.players
        c = self._cards[square]
        assert c is not None
        chips = self._chips[square]
        back = [f"{names[s]} {chips[s]}" for s in range(self._n) if chips[s]]
        self._chips[square] = [0] * self._n
        self._cards[square] = None
        self._up[square] = False
        self._won[seat].append(c)
        score = self.scores()[seat]
        why = "it is full" if how == "full" else "it is convinced"
        events.append(Event(f"{names[seat]} captures {c.name} ({why}) for {plural(value(c), 'point')}, "
                            f"{score} in all; the chips go back ({listing(back)}).", "capture", seat,
                            {"square": square, "card": c.code}))
        if score >= self._target:
            self._phase = OVER
            self._outcome = self._make_outcome(f"{names[seat]} reaches {score} of {self._target} points")
            events.append(Event(self._outcome.summary, "end"))
            return
        risen = []
        for grave in self._board.graves:
            if self._cards[grave] is None and self._deck:
                self._cards[grave] = self._deck.pop()
                self._up[grave] = False
                risen.append(self.name_of(grave))
        if risen:
            events.append(Event(f"The applause wakes {plural(len(risen), 'new Spirit')}: face down on "
                                f"{listing(risen)}.", "generate", None, {"squares": risen}))
        elif not self._deck:
            events.append(Event("The draw pile is empty: no new Spirit rises.", "generate"))
        if not self._deck and all(c is None for c in self._cards):
            self._phase = OVER
            self._outcome = self._make_outcome("the last Spirit is caught")
            events.append(Event(self._outcome.summary, "end"))

    def _shift(self, seat: int, front: int, count: int, d: int, dist: int) -> Event:
        cards, up, chips, pawns = self._cards, self._up, self._chips, self._pawns
        back = (d + 2) % 4
        group = [front]
        for _ in range(count - 1):
            nxt = step(group[-1], back)
            assert nxt is not None
            group.append(nxt)
        path = []
        sq = front
        for _ in range(dist):
            nxt = step(sq, d)
            assert nxt is not None
            path.append(nxt)
            sq = nxt
        end = path[-1]
        names = [self.spirit_name(s) for s in group]
        carried = [p for p in range(self._n) if pawns[p] in group]
        picked = [p for p in range(self._n) if pawns[p] in path]
        where = {}
        for s in group:  # the leading Spirit first: each goes to an empty square
            target = s
            for _ in range(dist):
                nxt = step(target, d)
                assert nxt is not None
                target = nxt
            where[s] = target
            cards[target], cards[s] = cards[s], None
            up[target], up[s] = up[s], False
            chips[target], chips[s] = chips[s], [0] * self._n
        for p in range(self._n):
            if p in carried:
                pawns[p] = where[pawns[p]]
            elif p in picked:
                pawns[p] = end
        self._last_shift = (front, count, d, dist)
        what = names[0] if count == 1 else f"the line of {count} Spirits led by {names[0]}"
        text = (f"{self.players[seat]} shifts {what} from {self.name_of(front)} {plural(dist, 'space')} "
                f"{DIRECTION_NAMES[d]}, to {self.name_of(end)}")
        riders = [self.players[p] for p in carried + picked]
        if riders:
            text += f", carrying {listing(riders)}"
        return Event(text + ".", "shift", seat, {"front": front, "count": count, "direction": d, "distance": dist})

    def _make_outcome(self, why: str) -> Outcome:
        names = self.players
        scores = self.scores()
        keys = [(scores[s],) for s in range(self._n)]
        details = [plural(len(self._won[s]), "Spirit") for s in range(self._n)]
        standings = rank_standings(list(names), keys, scores, details)
        first = [st for st in standings if st.place == 1]
        if len(first) > 1:
            summary = f"A draw ({why}): {listing(st.name for st in first)} have {plural(first[0].score, 'point')}."
            return Outcome(standings, summary, "Equal scores share the place: there is no tie-break.")
        w = first[0]
        return Outcome(standings, f"{w.name} wins with {plural(w.score, 'point')} ({why}).")

    # -- the contract -----------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [self._seat] if self._outcome is None else []

    def legal_moves(self, seat: int) -> list[Move]:
        if self._outcome is not None or seat != self._seat:
            return []
        legal = self._legal
        if legal is None:
            phase = self._phase
            if phase == MOVE:
                here = self._pawns[seat]
                legal = [Move("move", (t,)) for d in range(4) if (t := step(here, d)) is not None]
            elif phase == SING:
                legal = [SING_MOVE, HUSH]
            else:
                legal = self.shift_moves() + [REST]
            self._legal = legal
        return legal

    def outcome(self) -> Outcome | None:
        return self._outcome

    def length(self) -> int:
        return self._turns

    def turn_order(self) -> list[int]:
        return list(self._order)

    def places(self) -> list[Place]:
        down = [c for c, u in zip(self._cards, self._up) if c is not None and not u]
        shown = [c for c, u in zip(self._cards, self._up) if c is not None and u]
        return [Place(down), Place(self._deck), Place(shown, EVERYONE),
                Place([c for won in self._won for c in won], EVERYONE)]

    def alike(self, item: str) -> str:
        """The dealt Spirits (2-5) and the draw pile's (6-10 and aces) are told apart by where they
        came from: each is exchanged only with its own kind."""
        return "low" if item[:-1] in ("2", "3", "4", "5") else "high"

    def view(self, seat: int | None = None) -> GraveyardShiftView:
        board = self._board
        cards = self._cards
        up = self._up
        return {
            "rows": board.rows,
            "cols": board.cols,
            "starts": list(board.starts),
            "graves": list(board.graves),
            "cards": [c.code if c is not None and u else None for c, u in zip(cards, up)],
            "backs": [None if c is None or u else self.alike(c.code) for c, u in zip(cards, up)],
            "chips": [list(ch) for ch in self._chips],
            "pawns": list(self._pawns),
            "scores": self.scores(),
            "won": [[c.code for c in won] for won in self._won],
            "deck": len(self._deck),
            "target": self._target,
            "phase": self._phase,
            "order": list(self._order),
            "moved_to": self._moved_to,
            "shifts_left": self._shifts_left,
            "last_shift": list(self._last_shift) if self._last_shift else None,
            "turn": self._turns,
        }

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        me = names[seat]
        kind, args = move.kind, move.args
        size = self._board.rows * self._board.cols
        if kind not in ("move", "sing", "hush", "shift", "rest"):
            return (f"Graveyard Shift has no {kind!r} move: a turn is a move of your pawn, a song if you wish, "
                    "then a shift of the Graveyard if you wish.")
        want = {"move": 1, "shift": 4}.get(kind, 0)
        if len(args) != want or not all(type(a) is int for a in args):
            return f"That is not a {kind} move of Graveyard Shift."
        if seat != self._seat:
            return f"It is not {me}'s turn: {names[self._seat]} is to play."
        phase = self._phase
        step_now = {MOVE: "move your pawn one space", SING: "sing to the Spirit or not",
                    SHIFT: "shift the Graveyard or leave it"}[phase]
        if kind == "move":
            if phase != MOVE:
                return f"{me} has moved this turn already: now {step_now}."
            (t,) = args
            if not 0 <= t < size:
                return "That is not a space of the Graveyard."
            here = self._pawns[seat]
            if t == here:
                return "A pawn must move: exactly one space, north, east, south or west."
            return (f"{self.name_of(t)} is not next to {self.name_of(here)}: a pawn moves exactly one space, "
                    "north, east, south or west (never diagonally).")
        if kind in ("sing", "hush"):
            if phase == MOVE:
                return f"First move: {me} sings after moving, to the Spirit on the space moved to."
            if phase == SHIFT:
                if self._cards[self._pawns[seat]] is None or self._moved_to is None:
                    return f"There is no Spirit on {me}'s space to sing to: now {step_now}."
                return f"{me} has already sung or not this turn: now {step_now}."
            return f"Now {step_now}."
        if kind == "rest":
            return f"Not yet: now {step_now}."
        if phase != SHIFT:
            return f"The Graveyard shifts at the end of the turn: now {step_now}."
        front, count, d, dist = args
        if not 0 <= front < size or self._cards[front] is None:
            return "Choose a Spirit to shift: that space holds none."
        if not 0 <= d < 4:
            return "A Spirit shifts north, east, south or west."
        if count < 1 or dist < 1:
            return "A shift moves at least one Spirit at least one space."
        back = (d + 2) % 4
        sq: int | None = front
        for _ in range(count - 1):
            sq = step(sq, back) if sq is not None else None
            if sq is None or self._cards[sq] is None:
                return (f"There are not {count} Spirits in a line behind {self.name_of(front)}: Spirits move "
                        "together only when they are joined in a straight line, and along it.")
        sq = front
        for i in range(dist):
            nxt = step(sq, d) if sq is not None else None
            if nxt is None:
                return f"The edge of the Graveyard is {plural(i, 'space')} {DIRECTION_NAMES[d]} of {self.name_of(front)}."
            if self._cards[nxt] is not None:
                return (f"{self.name_of(nxt)} holds a Spirit: Spirits never move into other Spirits, and the path "
                        "must be clear.")
            sq = nxt
        return "That shift is not possible now."

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        if kind == "move" and len(args) == 1:
            return f"Move to {self.name_of(args[0])}"
        if kind == "sing":
            return "Sing (put a chip on the Spirit)"
        if kind == "hush":
            return "Do not sing"
        if kind == "rest":
            return "No shift: end the turn"
        if kind == "shift" and len(args) == 4:
            front, count, d, dist = args
            what = "the Spirit" if count == 1 else f"{count} Spirits"
            return f"Shift {what} at {self.name_of(front)} {plural(dist, 'space')} {DIRECTION_NAMES[d]}"
        return str(move)

    # -- copy -------------------------------------------------------------------------------------

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["_cards"] = list(self._cards)
        state["_up"] = list(self._up)
        state["_deck"] = list(self._deck)
        state["_chips"] = [list(c) for c in self._chips]
        state["_pawns"] = list(self._pawns)
        state["_won"] = [list(w) for w in self._won]
        state["_order"] = list(self._order)
        state["_legal"] = None
