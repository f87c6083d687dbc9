"""Pontifuse: noughts and crosses dressed as medieval intrigue, where the board always fills up.

Two merchants mark the nine territories in turn. Nothing stops at three in a row: when all nine are
marked, every territory of a player whose two neighbours on opposite sides (along a row, a column or a
diagonal) are that player's too is *flanked*. Flanked territories score 100, then 50, then 25 (halving),
and whoever first flanked a territory takes a 100-point early-bird bonus. A board where nobody scores is
a draw and is played again, coin flip and all; after `replay_limit` scoreless boards in a row (3 unless
the table says otherwise; 0 replays for ever) the game is drawn.

Cells are numbered 0 to 8, row by row from the north-west corner. Before each board a seat chosen at
random flips the coin and the other calls it; a right call goes first as the Resonade (mark X), the
other is the Punchinade (mark O), who chooses the army (English or Basque) and so the names of the
territories: the Basque names are the English ones mirrored across the north-east/south-west diagonal.

Speed: the game is meant to be played out many thousands of times per second by simulations, so the
state is two bitmasks, every legal-move list, seat list and most event objects are built once and
shared (callers must not mutate the lists they are given), and `copy()` copies by hand.
"""

from __future__ import annotations

from functools import lru_cache
from random import Random
from typing import Any

from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, View, ends_with_the_game, rank_standings
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.words import listing, plural

# --------------------------------------------------------------------------------------------
# The board as data

FULL = 0b111111111
DIRECTIONS = ("north-west", "north", "north-east", "west", "centre", "east", "south-west", "south", "south-east")
WHERE = tuple("the central territory" if d == "centre" else f"the {d} territory" for d in DIRECTIONS)

ARMIES = ("English", "Basque")

#: The English names, row by row from the north-west corner: (what it is, its name).
ENGLISH = (
    ("Merchant Family", "Pontifuse"),
    ("Princess", "Helion"),
    ("King", "Dunwoody"),
    ("Archer", "Drawbow"),
    ("Knight", "Guillaume"),
    ("Bishop", "Pontifex"),
    ("Cowardly Lion", "Zang"),
    ("Footman", "Treadwell"),
    ("Rectory", "Majestic Holiday Destination"),
)


def mirror(cell: int) -> int:
    """The cell across the north-east/south-west diagonal: (row, col) <-> (2 - col, 2 - row)."""
    r, c = divmod(cell, 3)
    return 3 * (2 - c) + (2 - r)


#: The Basque names: the English ones mirrored across the north-east/south-west diagonal.
BASQUE = tuple(ENGLISH[mirror(i)] for i in range(9))

#: Full territory names per army, cell by cell: "Archer (Drawbow)".
TERRITORIES = {
    army: tuple(f"{what} ({name})" for what, name in table)
    for army, table in (("English", ENGLISH), ("Basque", BASQUE))
}

#: Every line of three: rows, columns, diagonals. The middle one of a line is the one it can flank.
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def _flanked_of(mask: int) -> int:
    out = 0
    for a, b, c in LINES:
        if mask >> a & 1 and mask >> b & 1 and mask >> c & 1:
            out |= 1 << b
    return out


#: FLANKED[marks] = the cells among `marks` (a 9-bit mask) that are flanked; each cell counts once.
FLANKED = tuple(_flanked_of(m) for m in range(512))
#: POINTS[k] = the points for k flanked territories: 100, then 50, then 25 ... (integer halving).
POINTS = tuple(sum(100 >> i for i in range(k)) for k in range(10))
EARLY_BIRD = 100


def cells_of(mask: int) -> list[int]:
    return [i for i in range(9) if mask >> i & 1]


# --------------------------------------------------------------------------------------------
# Every move, built once (so that `move in legal_moves` usually hits by identity)

PLACE = tuple(Move("place", (i,)) for i in range(9))
CALLS = [Move("call", ("heads",)), Move("call", ("tails",))]
ARMY_MOVES = [Move("army", ("English",)), Move("army", ("Basque",))]


class _Legal(list[Move]):
    """A list of interned moves whose membership test looks for the very object first.

    `Game.play` checks `move in legal_moves(seat)`; a plain list compares the move with every element
    before it through the dataclass `__eq__` (a Python call each), which costs more than the rest of
    the move. Moves handed back from the list hit by identity here; any other equal move still
    matches through the ordinary comparison."""

    __slots__ = ("_ids",)

    def __init__(self, moves: list[Move]) -> None:
        super().__init__(moves)
        self._ids = frozenset(map(id, moves))

    def __contains__(self, move: object) -> bool:
        return id(move) in self._ids or list.__contains__(self, move)


def _legal_list(moves: list[Move]) -> list[Move]:
    # A plain list's test compares the move with each element before it (in C), a few hundred
    # machine instructions each; the Python call of `_Legal.__contains__` costs about as much as
    # four of them, and so pays from eight moves on (the mean position of the move played is half
    # the list in).
    return _Legal(moves) if len(moves) >= 8 else moves


#: PLACE_MOVES[occupied] = the placements still open on a board whose marked cells are `occupied`.
PLACE_MOVES = tuple(_legal_list([PLACE[i] for i in range(9) if not occ >> i & 1]) for occ in range(512))
_SEATS = ([0], [1])
#: _PLACED[seat][cell] = the history's entry of that placement (`Pontifuse.rollout`)
_PLACED = tuple(tuple((seat, PLACE[cell]) for cell in range(9)) for seat in (0, 1))
#: OPEN[occupied] = the cells of PLACE_MOVES[occupied], in its order
OPEN = tuple(tuple(m[1][0] for m in moves) for moves in PLACE_MOVES)
#: the bits `randrange(n)` draws at a time (`n.bit_length()`), for n up to 9
_BITS = tuple(n.bit_length() for n in range(10))
#: _STEPS[open] = the draws of a board's marks from `open` cells open: (n, the bits of randrange(n))
#: for n = open, open - 1 ... 1
_STEPS = tuple(tuple((n, _BITS[n]) for n in range(o, 0, -1)) for o in range(10))
#: whether `Random.randrange(n)` draws `getrandbits(n.bit_length())` until it is below n (as it does from
#: Python 3.2 on), which `Pontifuse.rollout` draws itself
_DRAWS_BITS = getattr(Random, "_randbelow", None) is getattr(Random, "_randbelow_with_getrandbits", False)

CALL, ARMY, PLACING, OVER = "call", "army", "place", "over"
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


# --------------------------------------------------------------------------------------------
# Events and outcomes, built once per distinct text (they are immutable and public)


def _territory(cell: int) -> str:
    """A territory as the board shows it: by its English name, whichever army marks it (the Basque
    name of a square is another square's English name, so that naming each move by its army's names
    gave two squares one name in the log)."""
    return TERRITORIES["English"][cell]


@lru_cache(maxsize=4096)
def _flanking_placement(name: str, seat: int, army: int, cell: int, new: int, early: bool) -> Event:
    flanked = cells_of(new)
    names = listing([f"the {_territory(c)}" for c in flanked])
    verb = "is" if len(flanked) == 1 else "are"
    text = (f"{name} ({ARMIES[army]}) marks the {_territory(cell)}, {WHERE[cell]}, "
            f"and {names} {verb} now flanked")
    text += f": {name} is the first to flank and earns the early bird." if early else "."
    return Event(text, "flank", seat, {"cell": cell, "flanked": flanked, "early_bird": early})


@lru_cache(maxsize=1024)
def _flip_event(flipper_name: str, caller_name: str, flipper: int, board: int) -> Event:
    prefix = "" if board == 1 else f"Board {board} begins. "
    return Event(
        f"{prefix}{flipper_name} is chosen to flip the coin; {caller_name} must call it before it lands.",
        "flip",
        flipper,
        {"board": board, "flipper": flipper, "caller": 1 - flipper},
    )


def _coin_event(caller_name: str, flipper_name: str, caller: int, call: str, landed: str) -> Event:
    if call == landed:
        first, second = caller_name, flipper_name
        resonade = caller
        verdict = "a right call"
    else:
        first, second = flipper_name, caller_name
        resonade = 1 - caller
        verdict = "a wrong call"
    return Event(
        f"{flipper_name} flips the coin and {caller_name} calls {call} in a stout voice; it lands {landed}, "
        f"{verdict}. {first} goes first as the Resonade (X); {second} is the Punchinade (O) and chooses the army.",
        "coin",
        caller,
        {"call": call, "coin": landed, "resonade": resonade},
    )


def _army_event(pun_name: str, res_name: str, pun: int, army: int) -> Event:
    return Event(
        f"{pun_name}, the Punchinade, declares for the {ARMIES[army]} army, "
        f"so {res_name}, the Resonade, leads the {ARMIES[1 - army]}.",
        "army",
        pun,
        {"army": ARMIES[army]},
    )


def _plain_placement(name: str, seat: int, army: int, cell: int) -> Event:
    return Event(
        f"{name} ({ARMIES[army]}) marks the {_territory(cell)}, {WHERE[cell]}.",
        "place",
        seat,
        {"cell": cell, "flanked": [], "early_bird": False},
    )


class _Texts:
    """The events of one pair of players that do not depend on the course of play, made once."""

    __slots__ = ("flip", "coin", "army", "plain", "calls", "armies", "names", "flanking", "results", "scoreless_ends")

    def __init__(self, names: tuple[str, ...]) -> None:
        #: flip[flipper]: the first board's flip
        self.flip = tuple(_flip_event(names[f], names[1 - f], f, 1) for f in (0, 1))
        #: coin[caller][called heads][landed heads]
        self.coin = tuple(
            tuple(
                tuple(_coin_event(names[c], names[1 - c], c, call, landed) for landed in ("tails", "heads"))
                for call in ("tails", "heads")
            )
            for c in (0, 1)
        )
        #: army[punchinade][army chosen]
        self.army = tuple(tuple(_army_event(names[p], names[1 - p], p, a) for a in (0, 1)) for p in (0, 1))
        #: plain[army of seat 0] = (seat 0's nine plain placements, seat 1's nine)
        self.plain = tuple(
            (
                tuple(_plain_placement(names[0], 0, a, cell) for cell in range(9)),
                tuple(_plain_placement(names[1], 1, 1 - a, cell) for cell in range(9)),
            )
            for a in (0, 1)
        )
        #: what a rollout reads (`Pontifuse.rollout`) of a call, by caller, the call's index in CALLS and
        #: whether the coin landed heads: (its event, the coin's (call, landing), the Resonade, the
        #: history's entry)
        self.calls = tuple(
            tuple(
                tuple(
                    (self.coin[c][call[1][0] == "heads"][heads], (call[1][0], landed), res, (c, call))
                    for heads, landed in ((False, "tails"), (True, "heads"))
                    for res in [c if call[1][0] == landed else 1 - c]
                )
                for call in CALLS
            )
            for c in (0, 1)
        )
        #: and of an army, by Punchinade and the move's index in ARMY_MOVES: (its event, the armies by
        #: seat, the plain placements by seat, the history's entry)
        self.armies = tuple(
            tuple(
                (self.army[p][a], arm, self.plain[arm[0]], (p, move))
                for move in ARMY_MOVES
                for a in [ARMIES.index(move[1][0])]
                for arm in [(a, 1 - a) if p == 0 else (1 - a, a)]
            )
            for p in (0, 1)
        )
        self.names = names
        #: the placements that flank, made as they are first met (`flanking`), by `_flank_key`
        self.flanking: dict[int, Event] = {}
        #: the scoring event and outcome of a board somebody scored on, by `_result_key`
        self.results: dict[int, tuple[Event, Outcome]] = {}
        #: the event of a scoreless board, by (board, whether it ends the game)
        self.scoreless_ends: dict[tuple[int, bool], Event] = {}

    def scoreless(self, board: int, ends: bool) -> Event:
        """The event of a scoreless board (`_board_end_event`), made once for these names."""
        event = self.scoreless_ends.get((board, ends))
        if event is None:
            if len(self.scoreless_ends) >= 1024:
                self.scoreless_ends.clear()
            event = self.scoreless_ends[board, ends] = _board_end_event(self.names, 0, 0, -1, board, (0, 0), ends)
        return event

    def flanking_placement(self, seat: int, army: int, cell: int, new: int, early: bool) -> Event:
        """`_flanking_placement` of these names, remembered here (a lookup by a number is cheaper than
        the cache of a function of six arguments)."""
        key = _flank_key(seat, army, cell, new, early)
        event = self.flanking.get(key)
        if event is None:
            if len(self.flanking) >= 4096:
                self.flanking.clear()
            event = self.flanking[key] = _flanking_placement(self.names[seat], seat, army, cell, new, early)
        return event

    def board_result(self, k0: int, k1: int, eb: int, board: int) -> tuple[Event, Outcome]:
        """`_board_result` of these names, remembered here."""
        key = _result_key(k0, k1, eb, board)
        result = self.results.get(key)
        if result is None:
            if len(self.results) >= 4096:
                self.results.clear()
            result = self.results[key] = _board_result(self.names, k0, k1, eb, board)
        return result


def _flank_key(seat: int, army: int, cell: int, new: int, early: bool) -> int:
    """One number for a flanking placement: seat, army, cell (4 bits), the new flanked cells (9) and
    whether it is the first flank."""
    return seat << 15 | army << 14 | cell << 10 | new << 1 | early


def _result_key(k0: int, k1: int, eb: int, board: int) -> int:
    """One number for a board's result: the flanked counts (0 to 9), the early bird (-1 to 1), the board."""
    return ((board * 10 + k0) * 10 + k1) * 3 + eb + 1


_TEXTS: dict[tuple[str, ...], _Texts] = {}
#: The cells of a board as `_cells_text` writes them, by X's marks and O's (`x << 9 | o`).
_CELLS_TEXT: dict[int, str] = {}


def _texts(names: tuple[str, ...]) -> _Texts:
    texts = _TEXTS.get(names)
    if texts is None:
        if len(_TEXTS) >= 256:
            _TEXTS.clear()
        texts = _TEXTS[names] = _Texts(names)
    return texts


def _points_words(k: int) -> str:
    if k == 0:
        return "flanked nothing"
    noun = "territory" if k == 1 else "territories"
    return f"flanked {_NUMBER_WORDS[k]} {noun} ({' + '.join(str(100 >> i) for i in range(k))})"


def _describe(k: int, early: bool) -> str:
    text = _points_words(k)
    if early:
        text += " and was the first to flank, for the 100-point early bird"
    return text


def _board_end_event(names: tuple[str, ...], k0: int, k1: int, eb: int, board: int, totals: tuple[int, int],
                     ends: bool) -> Event:
    if totals == (0, 0):
        if ends:
            text = (f"All nine territories are marked and nobody flanked anything: board {board} is scoreless, "
                    f"and the table's replay limit is reached, so the game is a draw.")
        else:
            text = (f"All nine territories are marked and nobody flanked anything: board {board} is a draw "
                    f"and must be replayed.")
        return Event(text, "scoreless", None, {"board": board})
    parts = [f"{names[s]} {_describe(k, eb == s)}, {totals[s]} points" for s, k in ((0, k0), (1, k1))]
    return Event(f"All nine territories are marked. {parts[0]}; {parts[1]}.", "score", None,
                 {"board": board, "scores": list(totals)})


@lru_cache(maxsize=2048)
def _board_result(names: tuple[str, ...], k0: int, k1: int, eb: int, board: int) -> tuple[Event, Outcome]:
    """The scoring event and the outcome of a board where somebody scored."""
    totals = (POINTS[k0] + (EARLY_BIRD if eb == 0 else 0), POINTS[k1] + (EARLY_BIRD if eb == 1 else 0))
    return (_board_end_event(names, k0, k1, eb, board, totals, False),
            _final_outcome(names, (k0, k1), eb, board, list(totals)))


def _final_outcome(names: tuple[str, ...], counts: tuple[int, int], eb: int, board: int, totals: list[int]) -> Outcome:
    details = [_describe(counts[s], eb == s) for s in (0, 1)]
    standings = rank_standings(list(names), [(t,) for t in totals], totals, details)
    where = ""
    if board > 1:
        where = f" on board {board} (the earlier {plural(board - 1, 'board was', 'boards were')} scoreless)"
    if totals[0] == totals[1]:
        summary = (f"A draw: {names[0]} and {names[1]} have {totals[0]} points each{where}: "
                   f"{names[0]} {details[0]}; {names[1]} {details[1]}.")
        tiebreaks = "Equal totals are a draw: Pontifuse has no tie-break."
    else:
        w = 0 if totals[0] > totals[1] else 1
        loser = 1 - w
        summary = (f"{names[w]} wins {totals[w]} to {totals[loser]}{where}: {names[w]} {details[w]}; "
                   f"{names[loser]} {details[loser]}.")
        tiebreaks = ""
    return Outcome(standings, summary, tiebreaks)


@lru_cache(maxsize=256)
def _drawn_outcome(names: tuple[str, ...], boards: int) -> Outcome:
    detail = f"no flanked territory on {plural(boards, 'board', 'boards')}"
    standings = rank_standings(list(names), [(0,), (0,)], [0, 0], [detail, detail])
    summary = (f"A draw: {plural(boards, 'board', 'boards')} in a row ended with nobody flanking anything, "
               f"and the replay limit is {boards}.")
    return Outcome(standings, summary, "")


# --------------------------------------------------------------------------------------------
# The game


class PontifuseView(View):
    """What every seat sees (the same: Pontifuse hides nothing). Lists by seat; cells 0 to 8 row by row."""

    phase: str  # "call", "army", "place" or "over"
    board_number: int  # the board being played (from 1)
    scoreless_boards: int  # boards replayed before it
    past_boards: list[str]  # each earlier, scoreless board's cells, "XO.XO...." style
    replay_limit: int  # scoreless boards in a row that draw the game (0: replayed for ever)
    flipper: int  # the seat that flips this board's coin
    caller: int  # the seat that calls it
    call: str | None  # "heads" or "tails", once called
    coin: str | None  # how it landed
    resonade: int | None  # the seat marking X and first, once the coin has landed
    punchinade: int | None
    marks: list[str | None]  # "X" or "O" by seat, once the coin has landed
    armies: list[str | None]  # "English" or "Basque" by seat, once chosen
    cells: list[str]  # the mark on each cell ("" unmarked)
    owners: list[int | None]  # the seat that marked each cell
    last: int | None  # the cell marked last on this board
    flanked: list[list[int]]  # the cells each seat flanks
    early_bird: int | None  # the seat that flanked first on this board
    scores: list[int]  # by seat, as the board stands
    territories: dict[str, list[str]]  # the names of the cells, by army
    directions: list[str]  # the cells' directions: "north-west" ... "south-east"


class Pontifuse(Game):
    id = "pontifuse"
    title = "Pontifuse"
    score_label = "Points"
    min_players = 2
    max_players = 2
    #: 2: a game is drawn after REPLAY_LIMIT scoreless boards by default (version 1 replayed them for
    #: ever: its records replay with `replay_limit` 0)
    rules_version = 2
    migrations = {1: old_reading(replay_limit=0)}
    chance = "the flip of the coin"
    OPTIONS = (
        Option(
            "replay_limit",
            "Scoreless boards before a draw",
            "int",
            3,
            help="N declares the game drawn after N scoreless boards in a row; 0 replays a scoreless "
            "board until somebody scores, as the original says (two careful players never do).",
            min=0,
            max=99,
        ),
    )
    #: With `replay_limit` 0, two perfect players draw every board for ever; simulations stop here.
    move_limit = 300
    length_unit = "boards"

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        if options:
            Game.__init__(self, players, seed, **options)
        else:  # a call without keywords to unpack costs less (a simulation's, a playout's games)
            Game.__init__(self, players, seed)
        names = tuple(self.players)
        self._texts = _TEXTS.get(names) or _texts(names)
        self._limit = self.options["replay_limit"]
        self._past: list[str] = []  # the cells of each earlier (scoreless) board, "XO.XO...." style
        self._outcome: Outcome | None = None
        self._board = 0
        self._start_board(self.log)

    # -- state changes --------------------------------------------------------------------------

    def _start_board(self, events: list[Event]) -> None:
        """Wipe the board and flip the coin: the rng chooses who flips; the other seat calls.

        Every game sets the same attributes in the same order (none is left to a class default), and
        fewer than 30 of them with the engine's: so its instances share one layout, whose attributes
        Python reads and writes fastest (from 30 on, or in another order, it looks each one up in a
        dict of its own)."""
        board = self._board + 1
        self._board = board
        self._occ = 0  # the marked cells, as a 9-bit mask
        self._eb = -1  # the seat that first flanked a territory on this board
        self._res = -1  # the Resonade (X), once the coin has landed
        #: the plain placement events of each seat, by cell, once the armies are known (none before)
        self._plain: tuple[tuple[Event, ...], tuple[Event, ...]] = ((), ())
        self._coin: tuple[str, str] | None = None  # (the call, how the coin landed), once called
        self._phase = CALL
        self._arm = (-1, -1)  # army per seat: 0 English, 1 Basque
        self._m = [0, 0]  # marks per seat, as 9-bit masks
        caller = 1 if self.rng.coin() else 0
        self._flipper = flipper = 1 - caller
        self._turn = caller
        self._toact = _SEATS[caller]
        self._legal = CALLS
        if board == 1:
            events.append(self._texts.flip[flipper])
        else:
            names = self._texts.names
            events.append(_flip_event(names[flipper], names[caller], flipper, board))

    def _apply(self, seat: int, move: Move) -> list[Event]:
        # A Move is a tuple (kind, args): read by index, which Python does for less than by field name.
        kind = move[0]
        if kind == "place":
            cell = move[1][0]
            bit = 1 << cell
            marks = self._m
            before = marks[seat]
            mine = before | bit
            marks[seat] = mine
            occ = self._occ | bit
            self._occ = occ
            new = FLANKED[mine] ^ FLANKED[before]
            if new:
                early = self._eb < 0
                if early:
                    self._eb = seat
                texts = self._texts
                event = texts.flanking.get(seat << 15 | self._arm[seat] << 14 | cell << 10 | new << 1 | early) \
                    or texts.flanking_placement(seat, self._arm[seat], cell, new, early)  # `_flank_key`
            else:
                event = self._plain[seat][cell]  # the armies are chosen before the first mark
            if occ == FULL:
                events = [event]
                self._end_board(events)
                return events
            seat = 1 - seat
            self._turn = seat
            self._toact = _SEATS[seat]
            self._legal = PLACE_MOVES[occ]
            return [event]
        if kind == "call":
            call = move[1][0]
            heads = self.rng.coin()
            landed = "heads" if heads else "tails"
            res = seat if call == landed else 1 - seat
            self._coin = (call, landed)
            self._res = res
            self._phase = ARMY
            self._turn = pun = 1 - res
            self._toact = _SEATS[pun]
            self._legal = ARMY_MOVES
            return [self._texts.coin[seat][call == "heads"][heads]]
        # "army": chosen by the Punchinade; the Resonade leads the other one
        army = 0 if move[1][0] == "English" else 1
        res = 1 - seat
        self._arm = arm = (army, 1 - army) if seat == 0 else (1 - army, army)
        texts = self._texts
        self._plain = texts.plain[arm[0]]
        self._phase = PLACING
        self._turn = res
        self._toact = _SEATS[res]
        self._legal = PLACE_MOVES[0]
        return [texts.army[seat][army]]

    def rollout(self, rnd: Any, limit: int) -> int:
        """`Game.rollout`: the same moves, history, log, outcome and draws of `rnd`, in one loop of its
        own on the bitmasks, a board at a time, each move `_apply`'s written out (its events and
        history entries from tables made once), with no call but the draws' (`randrange(n)`'s
        `getrandbits`, written out in place), the coin's and the end of a board's (`_end_board`).
        tests/test_engine_fast.py compares it with `Game.rollout` and the loop on `play_legal`."""
        if type(rnd) is not Random or not _DRAWS_BITS:  # another generator may draw otherwise
            return super().rollout(rnd, limit)
        getrandbits = rnd.getrandbits
        history = self.history
        log = self.log
        append = history.append
        push = log.append
        texts = self._texts
        open_cells, flanked, placed, steps = OPEN, FLANKED, _PLACED, _STEPS
        self._watching = False
        self._hidden_cache = None
        played = 0
        while played < limit:
            phase = self._phase
            seat = self._turn
            if phase == CALL:  # the caller calls, the coin lands
                r = getrandbits(2)  # randrange(2)
                while r >= 2:
                    r = getrandbits(2)
                event, self._coin, res, entry = texts.calls[seat][r][self.rng.coin()]
                self._res = res
                seat = 1 - res  # the Punchinade, who chooses the army
                push(event)
                append(entry)
                played += 1
                if played >= limit:
                    self._phase = ARMY
                    self._turn = seat
                    self._toact = _SEATS[seat]
                    self._legal = ARMY_MOVES
                    break
                phase = ARMY
            if phase == ARMY:  # the Punchinade chooses an army, the Resonade leads the other
                r = getrandbits(2)  # randrange(2)
                while r >= 2:
                    r = getrandbits(2)
                event, self._arm, self._plain, entry = texts.armies[seat][r]
                self._phase = PLACING
                seat = 1 - seat  # the Resonade marks first
                push(event)
                append(entry)
                played += 1
                if played >= limit:
                    self._turn = seat
                    self._toact = _SEATS[seat]
                    self._legal = PLACE_MOVES[0]
                    break
            elif phase != PLACING:  # over
                break
            # the marks, to the end of the board or the limit
            occ = self._occ
            marks = self._m
            plain = self._plain
            todo = steps[9 - occ.bit_count()]  # (n, randrange(n)'s bits) for each cell open
            if len(todo) > limit - played:
                todo = todo[:limit - played]
            for n, k in todo:
                r = getrandbits(k)  # randrange(n): k bits until they are below n
                while r >= n:
                    r = getrandbits(k)
                cell = open_cells[occ][r]  # PLACE_MOVES[occ][r]'s
                bit = 1 << cell
                before = marks[seat]
                marks[seat] = mine = before | bit
                occ |= bit
                if flanked[mine] != flanked[before]:
                    new = flanked[mine] ^ flanked[before]
                    early = self._eb < 0
                    if early:
                        self._eb = seat
                    army = self._arm[seat]
                    push(texts.flanking.get(seat << 15 | army << 14 | cell << 10 | new << 1 | early)
                         or texts.flanking_placement(seat, army, cell, new, early))  # `_flank_key`
                else:
                    push(plain[seat][cell])
                append(placed[seat][cell])
                seat = 1 - seat
            played += len(todo)
            self._occ = occ
            if occ == FULL:
                self._end_board(log)
            else:  # stopped at the limit, mid-board
                self._turn = seat
                self._toact = _SEATS[seat]
                self._legal = PLACE_MOVES[occ]
        self._undo_floor = len(history)
        return played

    def _end_board(self, events: list[Event]) -> None:
        """The board is full: its score (or the next board, or the draw), appended to `events`."""
        m0, m1 = self._m
        k0 = FLANKED[m0].bit_count()
        k1 = FLANKED[m1].bit_count()
        board = self._board
        if not (k0 or k1):  # nobody flanked (and so nobody has the early bird): no points
            ends = 0 < self._limit <= board
            events.append(self._texts.scoreless(board, ends))
            self._past.append(self._cells_text())
            if not ends:
                self._start_board(events)
                return
            self._outcome = _drawn_outcome(self._texts.names, board)
        else:
            texts = self._texts
            eb = self._eb
            event, self._outcome = (texts.results.get(((board * 10 + k0) * 10 + k1) * 3 + eb + 1)  # `_result_key`
                                    or texts.board_result(k0, k1, eb, board))
            events.append(event)
        self._phase = OVER
        self._turn = -1
        self._toact = []
        self._legal = []

    # -- the contract ---------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return self._toact

    @ends_with_the_game  # once over, nobody's turn (`_turn` -1) and no move (`_legal` [])
    def legal_moves(self, seat: int) -> list[Move]:
        if seat == self._turn:
            return self._legal
        return []

    def outcome(self) -> Outcome | None:
        return self._outcome

    def turn_order(self) -> list[int]:
        """The Resonade (who marks first) of the board being played, or of the last board."""
        res = self._res
        if res < 0:  # the coin of this board has not landed: the caller calls first
            return [1 - self._flipper, self._flipper]
        return [res, 1 - res]

    def length(self) -> int:
        return self._board

    def _mark_of(self, seat: int) -> str | None:
        if self._res < 0:
            return None
        return "X" if seat == self._res else "O"

    def _cells_text(self) -> str:
        res = self._res
        x, o = self._m[res], self._m[1 - res]
        key = x << 9 | o
        text = _CELLS_TEXT.get(key)
        if text is None:  # a full board is one of 126 (the five cells X marked)
            text = _CELLS_TEXT[key] = "".join("X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(9))
        return text

    def _last_cell(self) -> int | None:
        """The territory marked last on this board (None before its first mark)."""
        if self._occ and self.history:
            move = self.history[-1][1]
            if move.kind == "place":
                cell: int = move.args[0]
                return cell
        return None

    def view(self, seat: int | None = None) -> PontifuseView:
        m0, m1 = self._m
        res = self._res
        coin = self._coin
        marks = [self._mark_of(0), self._mark_of(1)]
        owners = [0 if m0 >> i & 1 else 1 if m1 >> i & 1 else None for i in range(9)]
        flanked = [cells_of(FLANKED[m0]), cells_of(FLANKED[m1])]
        eb = self._eb
        scores = [POINTS[len(flanked[s])] + (EARLY_BIRD if eb == s else 0) for s in (0, 1)]
        return {
            "phase": self._phase,
            "board_number": self._board,
            "scoreless_boards": len(self._past),
            "past_boards": list(self._past),
            "replay_limit": self._limit,
            "flipper": self._flipper,
            "caller": 1 - self._flipper,
            "call": coin[0] if coin is not None else None,
            "coin": coin[1] if coin is not None else None,
            "resonade": res if res >= 0 else None,
            "punchinade": 1 - res if res >= 0 else None,
            "marks": marks,
            "armies": [ARMIES[a] if a >= 0 else None for a in self._arm],
            "cells": [(marks[o] or "") if o is not None else "" for o in owners],
            "owners": owners,
            "last": self._last_cell(),
            "flanked": flanked,
            "early_bird": eb if eb >= 0 else None,
            "scores": scores,
            "territories": {army: list(names) for army, names in TERRITORIES.items()},
            "directions": list(DIRECTIONS),
        }

    def refusal(self, seat: int, move: Move) -> str:
        names = self.players
        if self._outcome is not None:
            return "The game is over."
        if not isinstance(seat, int) or not 0 <= seat < 2:
            return f"There is no seat {seat} at this table."
        kind, args = move.kind, move.args
        phase = self._phase
        caller = 1 - self._flipper
        res = self._res
        if kind == "place":
            cell = args[0] if len(args) == 1 else None
            if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < 9:
                shown = " ".join(map(str, args)) or "nothing"
                return (f"{shown} is not a territory on the board: the nine territories are numbered 0 to 8, "
                        "row by row from the north-west corner, and nothing may be marked off the board.")
            if phase == CALL:
                return (f"The coin is not settled yet: {names[caller]} must call it and see it land "
                        "before anyone marks the board.")
            if phase == ARMY:
                return (f"The armies are not chosen yet: {names[1 - res]}, the Punchinade, must declare "
                        "English or Basque before the first mark.")
            owner = 0 if self._m[0] >> cell & 1 else 1 if self._m[1] >> cell & 1 else None
            if owner is not None:
                who = "your own mark" if owner == seat else f"{names[owner]}'s mark"
                return (f"{WHERE[cell].capitalize()} already holds {who} ({self._mark_of(owner)}): "
                        "a territory occupied by either army cannot be marked again.")
            if seat != self._turn:
                return f"It is not {names[seat]}'s turn: {names[self._turn]} marks next."
            return f"{names[seat]} cannot mark {WHERE[cell]} now."
        if kind == "call":
            if phase != CALL:
                landed = self._coin[1] if self._coin is not None else None
                return f"The coin has already been called, and it landed {landed}."
            if seat != caller:
                return f"{names[self._flipper]} flips the coin, so {names[caller]} is the one who calls it."
            return "Call heads or tails: a coin has no other result worth announcing."
        if kind == "army":
            if phase == CALL:
                return "Nobody chooses an army before the coin has been called and has landed."
            if phase != ARMY:
                return (f"The armies are already chosen: {names[res]} leads the {ARMIES[self._arm[res]]}, "
                        f"{names[1 - res]} the {ARMIES[self._arm[1 - res]]}.")
            if seat == res:
                return (f"The Punchinade chooses the army, and that is {names[1 - res]}; {names[res]}, "
                        "the Resonade, leads the other one.")
            return "The armies are the English and the Basque; there is no other."
        return f"Pontifuse has no {kind!r} move: you may call the coin, choose an army or mark a territory."

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        if kind == "call" and args:
            return f"Call {args[0]}"
        if kind == "army" and args:
            return f"Lead the {args[0]} army"
        if kind == "place" and len(args) == 1 and isinstance(args[0], int) and 0 <= args[0] < 9:
            return f"Mark the {_territory(args[0])}, {DIRECTIONS[args[0]]}"
        return str(move)

    # -- copy -------------------------------------------------------------------------------------

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["_past"] = list(self._past)
        state["_m"] = list(self._m)
