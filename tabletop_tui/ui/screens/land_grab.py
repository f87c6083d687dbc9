"""Land Grab: a chessboard with coordinates, each side's land tinted, pieces chosen and moved by typing
squares (e2 then e4), the arrows and Enter, or the mouse; a piece is created by choosing an empty
square of one's first row, then pressing the piece's value (0 Pawn, 2 Rook ... 6 King)."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from tabletop_tui.rules.components.squares import square_index, square_name
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.board import BoardScreen
from tabletop_tui.ui.widgets.grid import GridBoard, TextLines

LETTERS = "PRNBQK"
NAMES = dict(zip(LETTERS, ("Pawn", "Rook", "Knight", "Bishop", "Queen", "King")))
VALUES = dict(zip(LETTERS, (0, 2, 3, 4, 5, 6)))
#: keys for a chosen piece's destinations: never a file letter (the board takes a-h) nor a reserved key
MOVE_KEYS = "123456789ijkmnoprtvwxyz"

PIECE_STYLE = ("bold #ffffff", "bold #141414")  # White's pieces, Black's
#: square backgrounds: (light square, dark square) for nobody's land, White's, Black's, both
PLAIN = ("#b29c7a", "#8e7759")
LAND = (("#94b4dc", "#7294c0"), ("#dca094", "#c07a72"), ("#b8a0d4", "#977fb8"))
CHOSEN = "on #e8c84a"
LAST = "underline"


def _sq(index: int) -> str:
    return square_name(index, 8, 8)


class Chessboard(GridBoard):
    """The grid board, its Enter named for what it does here (a square is chosen, not marked)."""

    BINDINGS = [Binding("enter,space", "choose", "Choose square")]


class LandGrabScreen(BoardScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # (`selected`: the square of the piece chosen to move)
        self.making: int | None = None  # the empty first-row square chosen to create a piece on
        self.promoting: int | None = None  # the far-row square a chosen pawn goes to (promotion)
        self._cells: dict[tuple, list[Text]] = {}  # (letter, ink) -> a square's lines (kept, never changed)

    def make_board(self) -> GridBoard:
        return Chessboard(8, 8, cell_width=3, cell_height=1, labels=True, lines=False)

    def below_board(self):
        # drawn by lines: a move changes a line or two of it (a side's land, its hand), and the others
        # are neither drawn again nor repainted, where a Static measured and drew all six anew
        yield TextLines(id="lg-info")

    def first_square(self) -> int | None:
        """The middle of the first row of the person to play."""
        humans = self.session.human_to_act() or self.session.people
        if not humans:
            return None
        white = self.game.view(None)["white"]
        return square_index("e1" if humans[0] == white else "e8", 8, 8)

    # -- whose turn -------------------------------------------------------------------------------

    def _colour(self, view: dict, seat: int) -> int:
        return 0 if view["white"] == seat else 1

    def _own(self, view: dict, seat: int, index: int) -> bool:
        piece = view["board"][index]
        return bool(piece) and piece.isupper() == (self._colour(view, seat) == 0)

    def holding(self) -> bool:
        return self.selected is not None or self.making is not None

    def let_go(self) -> None:
        self.selected = self.making = self.promoting = None

    def targets(self, seat: int, index: int) -> set[int]:
        origin = _sq(index)
        return {square_index(m.args[1], 8, 8) for m in self.game.legal_moves(seat)
                if m.kind == "move" and m.args[0] == origin}

    # -- drawing ----------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        self._view = view  # what the action bar's labels are drawn from, next
        seat = self.chooser()
        if seat is None or view["over"]:
            self.let_go()
        elif self.selected is not None and not self._own(view, seat, self.selected):
            self.let_go()
        elif self.making is not None and view["board"][self.making]:
            self.let_go()
        white = view["white"]
        land = [set(view["land"][white]), set(view["land"][1 - white])]  # by colour
        targets = self.lit()
        last = view["last"] or {}
        marked = {square_index(s, 8, 8) for s in (last.get("from"), last.get("to")) if s}
        letters, inks, styles = [], [], {}
        for i, piece in enumerate(view["board"]):
            name = _sq(i)
            if piece:
                letter, ink = piece, PIECE_STYLE[0 if piece.isupper() else 1]
            elif i in targets:
                letter, ink = "·", "bold #ffffff"
            else:
                letter, ink = "", ""
            letters.append(letter)
            dark = (i // 8 + i % 8) % 2
            owner = (name in land[0]) + 2 * (name in land[1])
            style = "on " + (PLAIN[dark] if owner == 0 else LAND[owner - 1][dark])
            if i in (self.selected, self.making):
                style = CHOSEN
            if i in marked:
                style += " " + LAST
            styles[i] = style
            inks.append(ink)
        drawn = (tuple(letters), tuple(inks), frozenset(targets), tuple(styles.values()))
        if drawn != getattr(self, "_drawn", None):  # the board is drawn again only when it changed
            self._drawn = drawn
            # a square's lines kept by what it shows (never changed): the board reads a list given
            # before by the list, where 64 new lines were each read again
            kept = self._cells
            cells = []
            for shows in zip(letters, inks):
                lines = kept.get(shows)
                if lines is None:
                    lines = kept[shows] = [Text(shows[0], style=shows[1])]
                cells.append(lines)
            self.grid.set_cells(cells, targets, styles)
        # the notes, built again only when what they say changed (a move, not a square chosen)
        said = repr([view[k] for k in ("players", "white", "land_size", "sealed", "hand", "out", "near_miss_pawns",
                                       "near_miss")])
        if self.part_changed("lg-info", said):
            self.query_one("#lg-info", TextLines).show_text(self.info_text(view))

    def info_text(self, view: dict) -> Text:
        names = view["players"]
        white = view["white"]
        out = Text()
        for colour, seat in enumerate((white, 1 - white)):
            swatch = LAND[colour][0]
            out.append("██", style=swatch)
            out.append(f" {names[seat]}", style="bold")
            side = ("White", "Black")[colour]
            row = "rank 1" if colour == 0 else "rank 8"
            land = view["land_size"][seat]
            state = "row sealed" if view["sealed"][seat] else f"{row} open"
            out.append(f" ({side}): land {land}, {state}\n")
            hand = view["hand"][seat]
            shown = " ".join(f"{letter if colour == 0 else letter.lower()}{hand[letter]}"
                             for letter in LETTERS if hand[letter])
            out.append(f"   in hand: {shown or 'nothing'}", style="dim")
            gone = [f"{NAMES[letter]}{'s' if n > 1 else ''}" + (f" x{n}" if n > 1 else "")
                    for letter, n in view["out"][seat].items() if n]
            if gone:
                out.append(f"; out: {', '.join(gone)}", style="dim")
            out.append("\n")
        rule = "33+ squares of land, the whole first row in it, wins."
        if view["near_miss_pawns"]:
            pawns = " or ".join(view["near_miss_pawns"])
            rule += f" Near-miss: the Pawn on {pawns} may slip to {view['near_miss']}."
        out.append(rule, style="italic")
        return out

    def scoreboard(self, view: dict):
        rows = []
        for seat in (0, 1):
            colour = self._colour(view, seat)
            rows.append([Text(view["colours"][seat], style="bold" if colour == 0 else "bold dim"),
                         view["land_size"][seat],
                         Text("sealed", style="green") if view["sealed"][seat] else Text("open", style="dim")])
        return ["Side", "Land", "Row"], rows

    def status(self, view: dict) -> str:
        played = view["moves_played"]
        limit = view["max_moves"]
        text = f"move {played + 1}" + (f" of {limit}" if limit else "")
        if view["repetition"] and view["repeats"] >= 2:
            text += ", position seen twice"
        return text

    def prompt(self, view: dict) -> str:
        if view["over"]:
            return view["result"] or "The game is over."
        names = view["players"]
        seat = self.chooser()
        if seat is None:
            turn = view["turn"]
            return f"{names[turn]} ({view['colours'][turn]}) to move."
        who = f"{names[seat]} ({view['colours'][seat]})"
        row = "1" if self._colour(view, seat) == 0 else "8"
        if self.promoting is not None:
            return f"{who}: what does the Pawn become on {_sq(self.promoting)}? Press its value."
        if self.making is not None:
            return f"{who}: create on {_sq(self.making)}: press the value of a piece below (Esc: cancel)."
        if self.selected is not None:
            piece = NAMES[view["board"][self.selected].upper()]
            return f"{who}: the {piece} on {_sq(self.selected)} goes where? Choose a marked square (Esc: cancel)."
        if any(m.kind == "pass" for m in self.game.legal_moves(seat)):
            return f"{who} has no legal move and must pass."
        return f"{who}: type a square (e{row}) or use arrows+Enter: a piece to move, or an empty rank {row} square to create."

    # -- moves ------------------------------------------------------------------------------------

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        if self.making is not None:
            name = _sq(self.making)
            return [m for m in moves if m.kind == "create" and m.args[0] == name]
        if self.selected is not None:
            name = _sq(self.selected)
            if self.promoting is not None:
                to = _sq(self.promoting)
                return [m for m in moves if m.kind == "move" and m.args[:2] == (name, to)]
            return [m for m in moves if m.kind == "move" and m.args[0] == name]
        return [m for m in moves if m.kind == "pass"]

    def action_key(self, move: Move, index: int) -> str:
        if move.kind == "create":
            return str(VALUES[move.args[1]])
        if move.kind == "move" and len(move.args) == 3:
            return str(VALUES[move.args[2]])
        if move.kind == "pass":
            return "p"
        return MOVE_KEYS[index] if index < len(MOVE_KEYS) else ""

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        if move.kind == "create":
            return NAMES[move.args[1]]
        if move.kind == "move":
            if len(move.args) == 3:
                return NAMES[move.args[2]]
            target = square_index(move.args[1], 8, 8)
            view = getattr(self, "_view", None) or self.game.view(None)
            piece = view["board"][target]
            return f"takes {move.args[1]}" if piece else f"to {move.args[1]}"
        return self.game.describe_move(move)

    def square_chosen(self, seat: int, index: int) -> None:
        """A piece to move, where it goes, or an empty first-row square to create a piece on."""
        game = self.game
        view = game.view(seat)
        name = _sq(index)
        moves = game.legal_moves(seat)
        self.error = ""
        if self.selected is not None and index != self.selected:
            origin = _sq(self.selected)
            there = [m for m in moves if m.kind == "move" and m.args[:2] == (origin, name)]
            if len(there) == 1:
                self.let_go()
                self.submit(seat, there[0])
                return
            if there:  # a promotion: the piece is chosen in the action bar
                self.promoting = index
                self.refresh_table()
                return
            home = index // 8 == (7 if self._colour(view, seat) == 0 else 0)
            if not self._own(view, seat, index) and (view["board"][index] or not home):
                self.submit(seat, Move("move", (origin, name)))  # the rules say why not
                return
        self.promoting = None
        colour = self._colour(view, seat)
        if self._own(view, seat, index):
            self.making = None
            if self.selected == index:  # chosen again: let go of it
                self.selected = None
            else:
                self.selected = index
                if not any(m.kind == "move" and m.args[0] == name for m in moves):
                    piece = NAMES[view["board"][index].upper()]
                    self.error = f"The {piece} on {name} has nowhere to go now: every way is blocked."
            self.refresh_table()
            return
        self.selected = None
        piece = view["board"][index]
        if not piece and index // 8 == (7 if colour == 0 else 0):
            self.making = None if self.making == index else index
            if self.making is not None and not any(m.kind == "create" and m.args[0] == name for m in moves):
                self.error = "Nothing can be created on " + name + " now: " + game.refusal(
                    seat, Move("create", (name, "P")))
            self.refresh_table()
            return
        self.making = None
        row = "1" if colour == 0 else "8"
        if piece:
            owner = "White" if piece.isupper() else "Black"
            self.error = (f"The {NAMES[piece.upper()]} on {name} is {owner}'s: choose one of your pieces, or an "
                          f"empty square on rank {row} to create one.")
        else:
            self.error = f"{name} is empty: choose one of your pieces, or an empty square on rank {row} to create one."
        self.refresh_table()

    def unlisted_key(self, key: str) -> bool:
        seat = self.chooser()
        if key in "0123456" and seat is not None:
            if self.making is None:
                self.say("To create a piece, first choose an empty square on your first row, then press its value.")
            else:
                letter = next(l for l in LETTERS if str(VALUES[l]) == key)
                self.submit(seat, Move("create", (_sq(self.making), letter)))  # refused: the reason
            return True
        return super().unlisted_key(key)

    def keys_help(self) -> str:
        return (
            "\n\n## Keys\n\n"
            "- Type a square's name (`e2`), or move the cursor with the arrows and press Enter, or click a "
            "square.\n"
            "- Choose one of your pieces: its legal destinations are marked with a dot; choose one of them "
            "(or press the key shown beside it at the bottom). Choose the piece again, or press Escape, to "
            "let go of it.\n"
            "- Choose an empty square of your first row to create a piece there, then press the piece's "
            "value: `0` Pawn, `2` Rook, `3` Knight, `4` Bishop, `5` Queen, `6` King (only those you may "
            "create are shown).\n"
            "- The tinted squares are each side's land: blue White's, red Black's, violet both. The last "
            "move's squares are underlined.\n"
            "- `?` these rules, `u` undo (every move can be taken back), `l` the whole log, `s` save and go "
            "back to the games, `q` quit (the game is saved after every move).\n"
        )
