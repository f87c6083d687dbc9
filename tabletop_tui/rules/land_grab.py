"""Land Grab: settlers race to fence off more than half of a chessboard with a chain of their pieces.

The board starts empty. On a turn a player either *creates* a piece on an empty square of their first
row (a piece of value v needs at least v pieces, of either colour, already in that file: Pawn 0,
Rook 2, Knight 3, Bishop 4, Queen 5, King 6; never more of a kind than a chess set holds), or *moves*
a piece as in chess, without capturing: only the King captures. A Pawn may step two squares on its
first move, and may make a *near-miss*: one square diagonally forward onto the square an enemy piece
left on the turn just before.

A player wins as soon as their *land* is more than half the board (33 squares or more) and holds
their whole first row. Land: start from the squares of the far row (the opponent's first row) that the
player's pieces do not hold and spread up, down, left and right through every square they do not
hold; what this never reaches is fenced off. The player's land is the part of it joined to their
first row: squares joined side by side, and the player's own pieces joined corner to corner too (a
line of pieces may run diagonally). The rulings are in rules_help/land_grab.md.

Squares are numbered 0 to 63 row by row from the TOP row (a8 is 0, h1 is 63), as the board is drawn;
`components.squares` names them. White's first row is rank 1 (the bottom row), Black's rank 8. The
player drawn to go first takes White and moves first.

Speed: the computer player searches thousands of positions per move, so a position (`Position`) is a
list of piece kinds and two 64-bit masks, moves inside it are small tuples of ints, and the land is
found with whole-board bit operations (`land`).
"""

from __future__ import annotations

from typing import Any, Iterable, TypedDict

from tabletop_tui.rules.components.squares import square_index, square_name
from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, View, rank_standings
from tabletop_tui.rules.words import listing, plural

# --------------------------------------------------------------------------------------------
# The board as bits

FULL = (1 << 64) - 1
ROW = tuple(0xFF << (8 * r) for r in range(8))  # ROW[0] is rank 8, ROW[7] rank 1
FILE = tuple(sum(1 << (8 * r + c) for r in range(8)) for c in range(8))  # FILE[0] is the a-file
NOT_A = FULL & ~FILE[0]
NOT_H = FULL & ~FILE[7]
HALF = 32  # more than this many squares wins

SQ = tuple(square_name(i, 8, 8) for i in range(64))
INDEX = {name: i for i, name in enumerate(SQ)}  # a square's index by its name
FILES = "abcdefgh"

WHITE, BLACK = 0, 1
COLOURS = ("White", "Black")
HOME_ROW = (7, 0)  # the row index of each colour's first row
FAR_ROW = (0, 7)
FORWARD = (-8, 8)  # a step forward, as a change of index

# Kinds of piece, in this order everywhere: P R N B Q K
PAWN, ROOK, KNIGHT, BISHOP, QUEEN, KING = range(6)
LETTERS = "PRNBQK"
NAMES = ("Pawn", "Rook", "Knight", "Bishop", "Queen", "King")
VALUES = (0, 2, 3, 4, 5, 6)
CHESS_SET = (8, 2, 2, 2, 1, 1)
PROMOTIONS = (QUEEN, ROOK, BISHOP, KNIGHT)


def flood4(seed: int, passable: int) -> int:
    """The squares of `passable` joined to `seed` (its squares within `passable`) side by side."""
    f = seed & passable
    while True:
        g = (f | (f << 8) | (f >> 8) | ((f << 1) & NOT_A) | ((f >> 1) & NOT_H)) & passable
        if g == f:
            return f
        f = g


def around4(b: int) -> int:
    return ((b << 8) | (b >> 8) | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H)) & FULL


def corners(b: int) -> int:
    """The squares touching a square of `b` corner to corner."""
    return (((b << 9) & NOT_A) | ((b << 7) & NOT_H) | ((b >> 7) & NOT_A) | ((b >> 9) & NOT_H)) & FULL


def land(mine: int, colour: int) -> tuple[int, bool]:
    """(the land of `colour` whose pieces stand on `mine`, as a mask; whether its first row is sealed,
    that is, none of it reachable from the far row)."""
    home = ROW[HOME_ROW[colour]]
    free = FULL & ~mine
    outside = flood4(ROW[FAR_ROW[colour]] & free, free)
    fenced = FULL & ~outside
    t = home & fenced
    while True:
        g = t | (around4(t) & fenced) | (corners(t & mine) & mine)
        if g == t:
            return t, not home & outside
        t = g


def wins(mine: int, colour: int) -> bool:
    t, sealed = land(mine, colour)
    return sealed and t.bit_count() > HALF


def squares_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# --------------------------------------------------------------------------------------------
# How pieces move (tables built once)


def _on(r: int, c: int) -> bool:
    return 0 <= r < 8 and 0 <= c < 8


KNIGHT_TO = tuple(
    tuple(8 * (r + dr) + c + dc for dr, dc in ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
          if _on(r + dr, c + dc))
    for r, c in (divmod(i, 8) for i in range(64)))
KING_TO = tuple(
    tuple(8 * (r + dr) + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr or dc) and _on(r + dr, c + dc))
    for r, c in (divmod(i, 8) for i in range(64)))
_ORTHO = ((-1, 0), (1, 0), (0, -1), (0, 1))
_DIAG = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def _rays(directions: Iterable[tuple[int, int]]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    out: list[tuple[tuple[int, ...], ...]] = []
    for i in range(64):
        r, c = divmod(i, 8)
        rays: list[tuple[int, ...]] = []
        for dr, dc in directions:
            ray: list[int] = []
            rr, cc = r + dr, c + dc
            while _on(rr, cc):
                ray.append(8 * rr + cc)
                rr, cc = rr + dr, cc + dc
            if ray:
                rays.append(tuple(ray))
        out.append(tuple(rays))
    return tuple(out)


RAYS = {ROOK: _rays(_ORTHO), BISHOP: _rays(_DIAG), QUEEN: _rays(_ORTHO + _DIAG)}
#: PAWN_DIAG[colour][square]: the squares diagonally forward of a pawn of that colour
PAWN_DIAG = tuple(
    tuple(tuple(8 * (r + dr) + c + dc for dc in (-1, 1) if _on(r + dr, c + dc))
          for r, c in (divmod(i, 8) for i in range(64)))
    for dr in (-1, 1))


# --------------------------------------------------------------------------------------------
# A position: what the computer player searches, and what the game keeps


#: A move inside a position: (kind, a, b, promotion). Kind 0 creates piece b on square a; kind 1
#: moves from a to b (promotion: the kind a pawn becomes, or -1); kind 2 passes.
CREATE, SHIFT, PASS = 0, 1, 2
Inner = tuple[int, int, int, int]
PASS_MOVE: Inner = (PASS, -1, -1, -1)
#: what makes two positions the same for repetition (`Position.key`)
Key = tuple[tuple[int, ...] | int, ...]


class Position:
    """The pieces on the board and in hand, whose turn it is, and what a pawn's near-miss needs.

    `kind[i]` is the kind of the piece on square i (-1 empty), `occ[colour]` the squares of each
    colour's pieces as a mask; `hand[colour][kind]` the pieces not yet created, `out[colour][kind]`
    those a King captured (out of the game, unless captured pieces go back to hand); `fresh` the pawns
    that have not moved yet; `vacated` the square the last move left (-1: the last move left none).

    `exact`: a piece needs exactly its value in pieces in its file (the other reading); `back`:
    captured pieces go back to their owner's hand; `promote`: a pawn reaching the far row becomes a
    Queen, Rook, Bishop or Knight from its owner's hand."""

    __slots__ = ("kind", "occ", "hand", "out", "fresh", "vacated", "turn", "exact", "back", "promote")

    def __init__(self, exact: bool = False, back: bool = False, promote: bool = False):
        self.kind = [-1] * 64
        self.occ = [0, 0]
        self.hand = [list(CHESS_SET), list(CHESS_SET)]
        self.out = [[0] * 6, [0] * 6]
        self.fresh = 0
        self.vacated = -1
        self.turn = WHITE
        self.exact = exact
        self.back = back
        self.promote = promote

    def copy(self) -> "Position":
        p = Position.__new__(Position)
        p.kind = self.kind[:]
        p.occ = self.occ[:]
        p.hand = [self.hand[0][:], self.hand[1][:]]
        p.out = [self.out[0][:], self.out[1][:]]
        p.fresh = self.fresh
        p.vacated = self.vacated
        p.turn = self.turn
        p.exact = self.exact
        p.back = self.back
        p.promote = self.promote
        return p

    def key(self) -> Key:
        """What makes two positions the same for repetition (the pieces, the hands, whose turn, which
        pawns may still step two, and which square a near-miss may take)."""
        return (tuple(self.kind), self.occ[0], self.turn, self.fresh, self.vacated, *self.hand[0], *self.hand[1])

    def colour_at(self, sq: int) -> int:
        bit = 1 << sq
        return WHITE if self.occ[0] & bit else BLACK if self.occ[1] & bit else -1

    def in_file(self, col: int) -> int:
        return ((self.occ[0] | self.occ[1]) & FILE[col]).bit_count()

    # -- moves ------------------------------------------------------------------------------------

    def moves(self) -> list[Inner]:
        """Every legal move of the colour to move (a pass only when there is nothing else)."""
        c = self.turn
        kind = self.kind
        mine = self.occ[c]
        every = mine | self.occ[1 - c]
        out: list[Inner] = []
        hand = self.hand[c]
        if any(hand):
            base = 8 * HOME_ROW[c]
            exact = self.exact
            for col in range(8):
                sq = base + col
                if every >> sq & 1:
                    continue
                n = (every & FILE[col]).bit_count()
                for t in range(6):
                    if hand[t] and (VALUES[t] == n if exact else VALUES[t] <= n):
                        out.append((CREATE, sq, t, -1))
        m = mine
        step = FORWARD[c]
        while m:
            low = m & -m
            fr = low.bit_length() - 1
            m ^= low
            t = kind[fr]
            if t == PAWN:
                to = fr + step
                if 0 <= to < 64:
                    if not every >> to & 1:
                        self._pawn_to(out, fr, to)
                        if self.fresh >> fr & 1:
                            two = to + step
                            if 0 <= two < 64 and not every >> two & 1:
                                self._pawn_to(out, fr, two)
                    v = self.vacated
                    if v >= 0 and v in PAWN_DIAG[c][fr] and not every >> v & 1:
                        self._pawn_to(out, fr, v)
            elif t == KNIGHT:
                for to in KNIGHT_TO[fr]:
                    if not every >> to & 1:
                        out.append((SHIFT, fr, to, -1))
            elif t == KING:
                for to in KING_TO[fr]:
                    if not mine >> to & 1:
                        out.append((SHIFT, fr, to, -1))
            else:
                for ray in RAYS[t][fr]:
                    for to in ray:
                        if every >> to & 1:
                            break
                        out.append((SHIFT, fr, to, -1))
        if not out:
            out.append(PASS_MOVE)
        return out

    def _pawn_to(self, out: list[Inner], fr: int, to: int) -> None:
        if self.promote and to >> 3 == FAR_ROW[self.turn]:
            hand = self.hand[self.turn]
            kinds = [k for k in PROMOTIONS if hand[k]]
            if kinds:
                out.extend((SHIFT, fr, to, k) for k in kinds)
                return
        out.append((SHIFT, fr, to, -1))

    def apply(self, move: Inner) -> int:
        """Make a legal move; returns the kind of piece captured (-1 for none)."""
        k, a, b, p = move
        c = self.turn
        captured = -1
        if k == CREATE:
            self.kind[a] = b
            self.occ[c] |= 1 << a
            self.hand[c][b] -= 1
            if b == PAWN:
                self.fresh |= 1 << a
            self.vacated = -1
        elif k == SHIFT:
            bit_a, bit_b = 1 << a, 1 << b
            other = self.occ[1 - c]
            if other & bit_b:
                captured = self.kind[b]
                self.occ[1 - c] = other ^ bit_b
                self.fresh &= ~bit_b
                if self.back:
                    self.hand[1 - c][captured] += 1
                else:
                    self.out[1 - c][captured] += 1
            if p >= 0:
                self.kind[b] = p
                self.hand[c][p] -= 1
                self.hand[c][PAWN] += 1
            else:
                self.kind[b] = self.kind[a]
            self.kind[a] = -1
            self.occ[c] ^= bit_a | bit_b
            self.fresh &= ~bit_a
            self.vacated = a
        else:
            self.vacated = -1
        self.turn = 1 - c
        return captured


# --------------------------------------------------------------------------------------------
# Moves as the table sees them: Move("create", ("e1", "P")), Move("move", ("e1", "e3")),
# Move("move", ("e7", "e8", "Q")) for a promotion, Move("pass")

CREATE_MOVES = tuple(tuple(Move("create", (SQ[sq], LETTERS[t])) for t in range(6)) for sq in range(64))
SHIFT_MOVES = tuple(tuple(Move("move", (SQ[a], SQ[b])) for b in range(64)) for a in range(64))
PASS_PUBLIC = Move("pass")


def public(move: Inner) -> Move:
    k, a, b, p = move
    if k == CREATE:
        return CREATE_MOVES[a][b]
    if k == SHIFT:
        return SHIFT_MOVES[a][b] if p < 0 else Move("move", (SQ[a], SQ[b], LETTERS[p]))
    return PASS_PUBLIC


def _square(value: object) -> int | None:
    return square_index(value, 8, 8) if isinstance(value, str) else None


def _piece_words(letter: str) -> str:
    return NAMES[LETTERS.index(letter)] if isinstance(letter, str) and letter in LETTERS and letter else str(letter)


# --------------------------------------------------------------------------------------------
# The game


#: The last move on the board: the square a piece left (None for a piece created) and where it went
#: ("from" is a keyword, hence the call).
LastMove = TypedDict("LastMove", {"from": str | None, "to": str})


class LandGrabView(View):
    """What a seat sees (everything: Land Grab hides nothing). Lists by seat hold each seat's own."""

    colours: list[str]  # "White" or "Black", by seat
    white: int  # the seat playing White
    turn: int  # the seat whose move it is (also once the game is over)
    board: list[str]  # by square, a8 first: "" empty, a letter (PRNBQK) White's, lower case Black's
    hand: list[dict[str, int]]  # pieces not yet created, by letter
    out: list[dict[str, int]]  # pieces a King captured, out of the game
    fresh_pawns: list[str]  # the squares of Pawns that may still step two
    near_miss: str | None  # the square a Pawn's near-miss may take now
    near_miss_pawns: list[str]  # the squares of the Pawns that may make it
    last: LastMove | None  # None before the first move and after a pass
    land: list[list[str]]  # the squares of each seat's land
    land_size: list[int]
    sealed: list[bool]  # whether each seat's first row is fenced off from the far row
    first_row: list[int]  # the row index (0 the top) of each seat's first row
    moves_played: int
    max_moves: int
    repetition: bool
    repeats: int  # how many times the position now standing has stood
    creation: str  # the options, as chosen
    captured: str
    promotion: bool
    winner: int | None


class LandGrab(Game):
    id = "land-grab"
    title = "Land Grab"
    score_label = "Land"
    min_players = 2
    max_players = 2
    chance = "the draw for who goes first"
    length_unit = "moves"
    #: simulations stop here whatever the options (with no move limit and no repetition rule, two
    #: players could shuffle for ever)
    move_limit = 1000
    OPTIONS = (
        Option("creation", "Pieces needed in the file", "choice", "at-least",
               help="at-least: a piece of value v enters a file already holding v pieces or more (the "
               "original's own example); exactly: only a file holding exactly v pieces.",
               choices=(("at-least", "at least its value"), ("exactly", "exactly its value"))),
        Option("captured", "A piece the King takes", "choice", "out",
               help="out: it leaves the game, as in chess; back: it goes back to its owner's hand, to be "
               "created again.", choices=(("out", "leaves the game"), ("back", "goes back to hand"))),
        Option("promotion", "Pawns promote", "bool", False,
               help="On: a Pawn reaching the far row becomes a Queen, Rook, Bishop or Knight from its "
               "owner's hand (the Pawn goes back to hand). Off: it stays a Pawn and cannot move on."),
        Option("repetition", "Draw on a third repetition", "bool", True,
               help="The same position (same pieces, hands and player to move) a third time draws the game."),
        Option("max_moves", "Moves before a draw", "int", 200,
               help="The game is drawn after this many moves in all (both players' together) without a "
               "winner; 0 for no limit.", min=0, max=2000),
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any) -> None:
        super().__init__(players, seed, **options)
        opts = self.options
        first = 1 if self.rng.coin() else 0
        #: seat_of[colour]: the first player takes White and moves first
        self.seat_of = (first, 1 - first)
        self.colour_of = (WHITE, BLACK) if first == 0 else (BLACK, WHITE)
        self.pos = Position(exact=opts["creation"] == "exactly", back=opts["captured"] == "back",
                            promote=bool(opts["promotion"]))
        self._seen: dict[Key, int] = {self.pos.key(): 1}
        self._legal: list[Move] | None = None
        self._inner: dict[Move, Inner] = {}
        self._outcome: Outcome | None = None
        self._passes = 0
        self._last: Inner | None = None  # the last move inside the position
        #: (land mask, sealed) of each colour, as the position stands (None: not found yet)
        self._lands: list[tuple[int, bool] | None] = [None, None]
        self.log.append(Event(
            f"The draw says {self.players[first]} goes first and takes White; {self.players[1 - first]} plays "
            f"Black. The board is empty: the first pieces to enter are Pawns.", "start", first,
            {"white": first}))

    # -- who and what -----------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self._outcome is not None:
            return []
        return [self.seat_of[self.pos.turn]]

    def legal_moves(self, seat: int) -> list[Move]:
        if self._outcome is not None or seat != self.seat_of[self.pos.turn]:
            return []
        if self._legal is None:
            inner = self.pos.moves()
            self._inner = {public(m): m for m in inner}
            self._legal = list(self._inner)
        return self._legal

    def outcome(self) -> Outcome | None:
        return self._outcome

    def turn_order(self) -> list[int]:
        return list(self.seat_of)

    def land_of(self, colour: int) -> tuple[int, bool]:
        """(the land of `colour` as a mask, whether its first row is sealed), as the position stands."""
        got = self._lands[colour]
        if got is None:
            got = self._lands[colour] = land(self.pos.occ[colour], colour)
        return got

    def lands(self) -> tuple[tuple[int, bool], tuple[int, bool]]:
        """((land mask, sealed) of White, of Black)."""
        return self.land_of(WHITE), self.land_of(BLACK)

    # -- a move -----------------------------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> list[Event]:
        inner = self._inner[move]
        pos = self.pos
        colour = pos.turn
        name = self.players[seat]
        who = f"{name} ({COLOURS[colour]})"
        was_sealed = self.land_of(colour)[1]
        k, a, b, p = inner
        if k == CREATE:
            text = f"{who} creates a {NAMES[b]} on {SQ[a]}."
        elif k == SHIFT:
            piece = NAMES[pos.kind[a]]
            target = pos.kind[b] if pos.occ[1 - colour] >> b & 1 else -1
            near = pos.kind[a] == PAWN and a % 8 != b % 8
            if target >= 0:
                fate = "goes back to its owner's hand" if pos.back else "is out of the game"
                text = (f"{who} moves the King from {SQ[a]} to {SQ[b]} and captures "
                        f"{self.players[self.seat_of[1 - colour]]}'s {NAMES[target]}, which {fate}.")
            elif near:
                text = (f"{who} makes a near-miss: the Pawn on {SQ[a]} slips diagonally to {SQ[b]}, the square "
                        f"{self.players[self.seat_of[1 - colour]]}'s piece has just left.")
            else:
                text = f"{who} moves the {piece} from {SQ[a]} to {SQ[b]}."
            if p >= 0:
                text = text[:-1] + f"; it reaches the far row and becomes a {NAMES[p]} (the Pawn goes back to hand)."
        else:
            text = f"{who} has no legal move and passes."
        captured = pos.apply(inner)
        self._legal = None
        # a move changes the mover's land; the other side's only when the King took one of its pieces
        self._lands[colour] = None
        if captured >= 0:
            self._lands[1 - colour] = None
        self._last = inner
        self._passes = self._passes + 1 if k == PASS else 0
        events = [Event(text, ("create", "move", "pass")[k], seat,
                        {"from": SQ[a] if k == SHIFT else None, "to": SQ[a] if k == CREATE else SQ[b] if k == SHIFT
                         else None})]
        mask, sealed = self.land_of(colour)
        size = mask.bit_count()
        if sealed and size > HALF:
            events.append(Event(
                f"{name}'s line fences off {size} of the 64 squares, their whole first row included: more "
                f"than half the board. {name} wins.", "win", seat, {"land": size}))
            self._finish([seat], f"{name} ({COLOURS[colour]}) fences off {size} squares of 64 and wins.")
            return events
        if sealed and not was_sealed:
            events.append(Event(f"{name}'s line now seals their first row: {plural(size, 'square')} fenced off "
                                f"(more than {HALF} wins).", "sealed", seat, {"land": size}))
        key = pos.key()
        count = self._seen.get(key, 0) + 1
        self._seen[key] = count
        moves_made = len(self.history) + 1
        limit = self.options["max_moves"]
        if count >= 3 and self.options["repetition"]:
            events.append(Event("The same position stands for the third time: the game is drawn.", "draw"))
            self._finish([], "A draw by repetition: the same position stood three times.")
        elif self._passes >= 2:
            events.append(Event("Neither player can move: the game is drawn.", "draw"))
            self._finish([], "A draw: neither player could move.")
        elif limit and moves_made >= limit:
            events.append(Event(f"{limit} moves are played and nobody has fenced off half the board: the game "
                                f"is drawn.", "draw"))
            self._finish([], f"A draw: {limit} moves without a winner.")
        return events

    def _finish(self, winners: list[int], summary: str) -> None:
        lands = self.lands()
        sizes = [lands[self.colour_of[s]][0].bit_count() for s in (0, 1)]
        sealed = [lands[self.colour_of[s]][1] for s in (0, 1)]
        keys = [(1 if s in winners else 0,) for s in (0, 1)]
        details = [f"{COLOURS[self.colour_of[s]]}, {plural(sizes[s], 'square')} of land"
                   + ("" if sealed[s] else ", first row open") for s in (0, 1)]
        standings = rank_standings(list(self.players), keys, sizes, details)
        tiebreaks = "" if winners else "Land Grab has no tie-break: only a fenced half of the board wins."
        self._outcome = Outcome(standings, summary, tiebreaks)

    # -- what a seat sees -------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> LandGrabView:
        pos = self.pos
        board = []
        for i in range(64):
            t = pos.kind[i]
            if t < 0:
                board.append("")
            else:
                letter = LETTERS[t]
                board.append(letter if pos.occ[WHITE] >> i & 1 else letter.lower())
        lands = self.lands()
        last = self._last
        seats = (0, 1)
        colour_of = self.colour_of
        outcome = self._outcome
        key = pos.key()
        return {
            "colours": [COLOURS[colour_of[s]] for s in seats],
            "white": self.seat_of[WHITE],
            "turn": self.seat_of[pos.turn],
            "board": board,
            "hand": [{LETTERS[t]: pos.hand[colour_of[s]][t] for t in range(6)} for s in seats],
            "out": [{LETTERS[t]: pos.out[colour_of[s]][t] for t in range(6)} for s in seats],
            "fresh_pawns": [SQ[i] for i in squares_of(pos.fresh)],
            "near_miss": SQ[pos.vacated] if pos.vacated >= 0 else None,
            "near_miss_pawns": self._near_miss_pawns(),
            "last": None if last is None or last[0] == PASS else
            {"from": SQ[last[1]] if last[0] == SHIFT else None, "to": SQ[last[2]] if last[0] == SHIFT else SQ[last[1]]},
            "land": [[SQ[i] for i in squares_of(lands[colour_of[s]][0])] for s in seats],
            "land_size": [lands[colour_of[s]][0].bit_count() for s in seats],
            "sealed": [lands[colour_of[s]][1] for s in seats],
            "first_row": [HOME_ROW[colour_of[s]] for s in seats],
            "moves_played": len(self.history),
            "max_moves": self.options["max_moves"],
            "repetition": self.options["repetition"],
            "repeats": self._seen.get(key, 0),
            "creation": self.options["creation"],
            "captured": self.options["captured"],
            "promotion": self.options["promotion"],
            "winner": outcome.winner if outcome is not None else None,
        }

    def _near_miss_pawns(self) -> list[str]:
        """The squares of the Pawns that may make a near-miss now."""
        pos = self.pos
        v = pos.vacated
        if v < 0 or self._outcome is not None:
            return []
        c = pos.turn
        return [SQ[fr] for fr in squares_of(pos.occ[c]) if pos.kind[fr] == PAWN and v in PAWN_DIAG[c][fr]]

    # -- words ------------------------------------------------------------------------------------

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        if kind == "create" and len(args) == 2:
            return f"Create a {_piece_words(args[1])} on {args[0]}"
        if kind == "move" and len(args) in (2, 3):
            a, b = _square(args[0]), _square(args[1])
            piece = NAMES[self.pos.kind[a]] if a is not None and self.pos.kind[a] >= 0 else "piece"
            text = f"{piece} {args[0]} to {args[1]}"
            if b is not None and a is not None and self.pos.kind[a] == KING and self.pos.colour_at(b) not in (-1, self.pos.colour_at(a)):
                text = f"King {args[0]} takes the {NAMES[self.pos.kind[b]]} on {args[1]}"
            if len(args) == 3:
                text += f", becoming a {_piece_words(args[2])}"
            return text
        if kind == "pass":
            return "Pass (no legal move)"
        return str(move)

    def refusal(self, seat: int, move: Move) -> str:
        waiting = self.not_your_turn(seat)
        if waiting:
            return waiting
        pos = self.pos
        colour = pos.turn
        kind, args = move.kind, move.args
        if kind == "create":
            return self._refuse_create(colour, args)
        if kind == "move":
            return self._refuse_move(colour, args)
        if kind == "pass":
            return "You may pass only when you have no legal move, and you have one."
        return f"Land Grab has no {kind!r} move: create a piece on your first row, or move one of your pieces."

    def _refuse_create(self, colour: int, args: tuple[Any, ...]) -> str:
        pos = self.pos
        sq = _square(args[0]) if len(args) == 2 else None
        if sq is None or not isinstance(args[1], str) or args[1] not in LETTERS or not args[1]:
            return "Name a square and a piece to create, like e1 and P (P, R, N, B, Q or K)."
        t = LETTERS.index(args[1])
        rank = "1" if colour == WHITE else "8"
        if sq >> 3 != HOME_ROW[colour]:
            return f"Pieces enter on your first row: {COLOURS[colour]} creates on rank {rank}, not on {args[0]}."
        occupant = pos.colour_at(sq)
        if occupant >= 0:
            return f"{args[0]} is taken by a {COLOURS[occupant]} {NAMES[pos.kind[sq]]}: a piece enters on an empty square."
        if not pos.hand[colour][t]:
            total, gone = CHESS_SET[t], pos.out[colour][t]
            where = [f"{total - gone} on the board" if total - gone else "", f"{gone} captured" if gone else ""]
            return (f"You have no {NAMES[t]} left in hand: a chess set has {plural(total, NAMES[t])} a side "
                    f"({listing([w for w in where if w])}).")
        n = pos.in_file(sq % 8)
        need = VALUES[t]
        held = f"the {FILES[sq % 8]}-file holds {plural(n, 'piece')}"
        if pos.exact:
            return (f"A {NAMES[t]} (value {need}) enters a file holding exactly {plural(need, 'piece')}; {held}.")
        return f"A {NAMES[t]} (value {need}) needs at least {plural(need, 'piece')} already in its file; {held}."

    def _refuse_move(self, colour: int, args: tuple[Any, ...]) -> str:
        pos = self.pos
        a = _square(args[0]) if len(args) in (2, 3) else None
        b = _square(args[1]) if a is not None else None
        if a is None or b is None:
            return "Name the square a piece leaves and the square it goes to, like e1 and e3."
        owner = pos.colour_at(a)
        if owner < 0:
            return f"There is no piece on {args[0]} to move."
        if owner != colour:
            return f"The {NAMES[pos.kind[a]]} on {args[0]} is {COLOURS[owner]}'s: move one of your own pieces."
        t = pos.kind[a]
        piece = NAMES[t]
        if a == b:
            return f"The {piece} must go somewhere: {args[0]} is where it stands."
        target = pos.colour_at(b)
        if target == colour:
            return f"{args[1]} holds one of your own pieces: nobody lands on their own piece."
        if len(args) == 3:
            legal_plain = (SHIFT, a, b, -1) in pos.moves()
            if not pos.promote:
                return "Pawns do not promote at this table: a Pawn on the far row stays a Pawn."
            if t != PAWN or b >> 3 != FAR_ROW[colour]:
                return "Only a Pawn reaching the far row becomes another piece."
            if legal_plain or not isinstance(args[2], str) or args[2] not in "QRBN" or not args[2]:
                return "A Pawn becomes a Queen, Rook, Bishop or Knight from your hand."
            return f"You have no {_piece_words(args[2])} in hand for the Pawn to become."
        if pos.promote and t == PAWN and b >> 3 == FAR_ROW[colour] and any(
                m[1] == a and m[2] == b for m in pos.moves()):
            return "Choose what the Pawn becomes on the far row: a Queen, Rook, Bishop or Knight from your hand."
        ar, ac = divmod(a, 8)
        br, bc = divmod(b, 8)
        dr, dc = br - ar, bc - ac
        if target >= 0 and t != KING:
            return (f"Only the King captures: the {piece} cannot land on the {COLOURS[target]} "
                    f"{NAMES[pos.kind[b]]} on {args[1]}.")
        if t == PAWN:
            forward = -1 if colour == WHITE else 1
            if dc == 0 and dr == 2 * forward:
                if not pos.fresh >> a & 1:
                    return "A Pawn steps two squares only on its first move, and this one has moved."
                return f"The Pawn's way to {args[1]} is blocked: both squares ahead must be empty."
            if abs(dc) == 1 and dr == forward:
                return ("A Pawn moves diagonally only for a near-miss: onto the square an enemy piece left on "
                        "the turn just before" + (f" (that is {SQ[pos.vacated]})." if pos.vacated >= 0 else
                                                  "; the last move left no square."))
            return "A Pawn moves straight ahead, one square (two on its first move), or diagonally forward for a near-miss."
        if t == KNIGHT:
            if sorted((abs(dr), abs(dc))) != [1, 2]:
                return "A Knight jumps in an L: two squares one way and one square across."
        elif t == KING:
            if max(abs(dr), abs(dc)) != 1:
                return "A King moves one square in any direction."
        else:
            straight = dr == 0 or dc == 0
            diagonal = abs(dr) == abs(dc)
            if t == ROOK and not straight:
                return "A Rook moves along its rank or its file."
            if t == BISHOP and not diagonal:
                return "A Bishop moves diagonally."
            if t == QUEEN and not (straight or diagonal):
                return "A Queen moves along a rank, a file or a diagonal."
            sr = (dr > 0) - (dr < 0)
            sc = (dc > 0) - (dc < 0)
            r, c = ar + sr, ac + sc
            while (r, c) != (br, bc):
                i = 8 * r + c
                if pos.kind[i] >= 0:
                    return f"The {piece}'s way to {args[1]} is blocked on {SQ[i]}: no piece jumps but the Knight."
                r, c = r + sr, c + sc
        return f"The {piece} on {args[0]} cannot go to {args[1]} now."

    # -- copy -------------------------------------------------------------------------------------

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["pos"] = self.pos.copy()
        state["_seen"] = dict(self._seen)
        state["_lands"] = list(self._lands)


def position_from_view(view: LandGrabView) -> Position:
    """The position a seat's view shows (everything in Land Grab is in plain sight): what the
    computer player searches from."""
    pos = Position(exact=view["creation"] == "exactly", back=view["captured"] == "back",
                   promote=bool(view["promotion"]))
    white = view["white"]
    for i, cell in enumerate(view["board"]):
        if cell:
            pos.kind[i] = LETTERS.index(cell.upper())
            pos.occ[WHITE if cell.isupper() else BLACK] |= 1 << i
    for seat in (0, 1):
        colour = WHITE if seat == white else BLACK
        pos.hand[colour] = [view["hand"][seat][letter] for letter in LETTERS]
        pos.out[colour] = [view["out"][seat][letter] for letter in LETTERS]
    for name in view["fresh_pawns"]:
        pos.fresh |= 1 << INDEX[name]
    near_miss = view["near_miss"]
    pos.vacated = INDEX[near_miss] if near_miss else -1
    pos.turn = WHITE if view["turn"] == white else BLACK
    return pos


