"""The castles (Putwoody's, Nickie's and Herman's): one screen for the three boards.

A colour is chosen with 1-3 (or a click in the action bar) and stays chosen from turn to turn; every
empty space then shows what a stone of that colour would score there, and choosing a square places
it: type its name (b3), or the arrows and Enter, or a click. In Herman's Castle the houses are
claimed first, with the keys shown or a click on a corner.
"""

from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.castles import COLOURS
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.board import BoardScreen
from tabletop_tui.ui.widgets.grid import GridBoard, TextLines

#: a shape for each colour, so that the stones differ without colour too
GLYPH = {"red": "●", "blue": "■", "yellow": "▲"}
STYLE = {"red": "bold #ff5f5f", "blue": "bold #5fafff", "yellow": "bold #ffd75f"}
#: the background of a space holding a stone, so that groups of a colour show at a glance
TINT = {"red": "on #5a1c1c", "blue": "on #1c355a", "yellow": "on #554a14"}
#: each seat's house, tinted (Herman's Castle)
HOUSE_TINT = ("on #3b2b45", "on #233b45", "on #45392b", "on #2b452f")
FREE_CORNER = "on #26262e"
COURTYARD = "on #1a1a1a"
CORNER_SHORT = {"north-west": "NW", "north-east": "NE", "south-east": "SE", "south-west": "SW"}


def stone(colour: str) -> Text:
    return Text(GLYPH[colour], style=STYLE[colour])


class CastleScreen(BoardScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._colour: dict[int, str] = {}  # the colour each person has chosen
        # (a square's stone or None or "wall", what a stone scores there, whether it is the last placed)
        # -> its lines (kept, never changed), for the squares' size in `_cell_size`
        self._cell_lines: dict[tuple, list[Text]] = {}
        self._cell_size: tuple[int, int] | None = None
        self._house_styles: tuple = (None, {})  # (the houses' owners and the free corners, their squares' tints)
        self._cursor_waits = False  # the cursor moved since the table was last drawn (cursor_moved)

    def make_board(self) -> GridBoard:
        board = self.session.game.BOARD
        if board.rows <= 5:
            width, height = 5, 2
        else:
            width, height = 4, 1
        return GridBoard(board.rows, board.cols, cell_width=width, cell_height=height, labels=True)

    def below_board(self):
        # drawn by lines: a line that did not change (the houses, as a stone is placed) is not drawn again
        yield TextLines(id="castle-notes")

    def first_square(self) -> int | None:
        """The board's middle, or beside it where the middle is the courtyard: a space."""
        cursor = self.grid.cursor
        return cursor - 1 if self.game.view(None)["cells"][cursor] == "wall" else None

    def cursor_moved(self) -> None:
        """The prompt tells what a stone scores under the cursor: the table is drawn again once the
        messages already waiting are handled, unless one of them draws it first. A square chosen moves
        the cursor there just before the screen has the square (GridBoard._choose), whose move draws
        the table with the cursor where it now is: one drawing of the table, not one for the cursor
        with the old position of the stones, then one for the move."""
        if not self._cursor_waits:
            self._cursor_waits = True
            self.call_later(self._show_cursor)

    def _show_cursor(self) -> None:
        if self._cursor_waits:
            self.refresh_table()

    # -- the chosen colour ------------------------------------------------------------------------

    def colour_of(self, seat: int, view: dict) -> str | None:
        """The colour `seat` has chosen, or the first with stones left once that one is gone."""
        left = [c for c in COLOURS if view["supply"][c]]
        chosen = self._colour.get(seat)
        if chosen in left:
            return chosen
        return left[0] if left else None

    # -- drawing ----------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        self._view = view  # (the action bar's labels are made after the table is drawn, from this view)
        self._cursor_waits = False  # (the prompt is made after this, with the cursor where it is)
        board = self.grid
        seat = self.chooser()
        placing = view["phase"] == "place" and seat is not None
        colour = self.colour_of(seat, view) if placing else None
        gains = view["gains"].get(colour) if colour else None
        house = view["phase"] == "house" and seat is not None
        # the board's squares are built again only when what they show changed: the cursor moved to the
        # square just chosen (which draws the table again for the prompt), a letter typed, change none
        if self.part_changed("board", (tuple(view["cells"]), view["last"], tuple(gains) if gains else None,
                                       repr(view["house_owner"]), tuple(view["free_corners"]), house,
                                       board.cell_width, board.cell_height)):
            self.set_board(view, gains, house)
        self.query_one("#castle-notes", TextLines).show_text(self.notes(view))

    def set_board(self, view: dict, gains: list | None, house: bool) -> None:
        """The board's squares: the stones, what a stone of the chosen colour scores on each empty space,
        the houses' tints. A square's lines are kept by what it shows, and the same lines given again;
        the houses' tints are found again only when a house is claimed."""
        board = self.grid
        size = (board.cell_width, board.cell_height)
        kept = self._cell_lines
        if size != self._cell_size or len(kept) > 256:
            kept.clear()
            self._cell_size = size
        houses = (repr(view["house_owner"]), tuple(view["free_corners"]))
        if self._house_styles[0] != houses:
            tints: dict[int, str] = {}
            for corner in view["free_corners"]:
                for i in view["house_cells"][corner]:
                    tints[i] = FREE_CORNER
            for corner, who in view["house_owner"].items():  # a house keeps its owner's tint, stones or not
                for i in view["house_cells"][corner]:
                    tints[i] = HOUSE_TINT[who % len(HOUSE_TINT)]
            self._house_styles = (houses, tints)
        tints = self._house_styles[1]
        last = view["last"]
        cells: list[list[Text]] = []
        styles: dict[int, str] = {}
        for i, here in enumerate(view["cells"]):
            if here is None:
                key: tuple = (None, gains[i] if gains is not None else None, False)
            else:
                key = (here, None, i == last)
                styles[i] = COURTYARD if here == "wall" else TINT[here]
            lines = kept.get(key)
            if lines is None:
                lines = kept[key] = self.cell_lines(self._shows(key))
            cells.append(lines)
        for i, tint in tints.items():
            if styles.get(i) != COURTYARD:
                styles[i] = tint
        free = {i for c in view["free_corners"] for i in view["house_cells"][c]} if house else set()
        board.set_cells(cells, free, styles)

    @staticmethod
    def _shows(key: tuple) -> tuple:
        """What a square shows (for `cell_lines`), from its key in `set_board`."""
        here, gain, last = key
        if here == "wall":
            return ("wall",)
        if here is not None:
            return ("stone", here, last)
        return ("gain", gain) if gain is not None else ("empty",)

    def cell_lines(self, shows: tuple) -> list[Text]:
        """A square's lines: the courtyard's wall, a stone (the last one placed in brackets), what a stone
        scores there, or an empty space; the content on the line of the rank's number."""
        board = self.grid
        if shows[0] == "wall":
            return [Text("░" * board.cell_width, style="#3a3a3a")] * board.cell_height
        above = [Text("")] * (board.cell_height // 2)
        if shows[0] == "stone":
            glyph = stone(shows[1])
            return above + [Text.assemble("[", glyph, "]") if shows[2] else glyph]
        if shows[0] == "gain":
            g = shows[1]
            return above + [Text(f"+{g}", style="bold green") if g else Text("·", style="dim")]
        return above + [Text("·", style="dim")]

    def notes(self, view: dict) -> Text:
        names = view["players"]
        out = Text()
        if view["house_cells"]:
            out.append("Houses: ", style="bold")
            claimed = [(s, c) for s, c in enumerate(view["houses"]) if c]
            if not claimed:
                out.append("every corner is free", style="dim")
            for k, (s, corner) in enumerate(claimed):
                if k:
                    out.append("  ")
                out.append(f" {CORNER_SHORT[corner]} ", style=HOUSE_TINT[s % len(HOUSE_TINT)])
                out.append(f" {names[s]} ")
                primary = view["primary"][s]
                if primary:
                    out.append_text(stone(primary))
                else:
                    out.append("-", style="dim")
            out.append("\n")
        touch = "orthogonally and diagonally" if view["diagonal"] else "orthogonally"
        out.append(f"Stones touch {touch}. ", style="dim")
        if not view["over"] and view["phase"] == "place":
            left = sum(view["supply"].values())
            empty = sum(1 for c in view["cells"] if c is None)
            out.append(f"{left} stones left, {empty} empty spaces.", style="dim")
        return out

    def scoreboard(self, view: dict):
        columns, rows = [], []
        houses = bool(view["house_cells"])
        series = view["series"] > 1
        if houses:
            columns += ["House", "Primary"]
        columns.append("Pts")
        if series:
            columns.append("Total")
        for s in range(len(view["players"])):
            row = []
            if houses:
                corner = view["houses"][s]
                row.append(Text(CORNER_SHORT[corner], style=HOUSE_TINT[s % len(HOUSE_TINT)]) if corner else "-")
                primary = view["primary"][s]
                row.append(stone(primary) if primary else Text("-", style="dim"))
            row.append(view["points"][s])
            if series:
                row.append(view["totals"][s])
            rows.append(row)
        return columns, rows

    def status(self, view: dict) -> str:
        if view["series"] > 1:
            return f"game {view['game_number']} of {view['series']}"
        return ""

    def prompt(self, view: dict) -> str:
        names = view["players"]
        if view["over"]:
            return view["result"] or "The game is over."
        seat = view["to_act"][0]
        if view["phase"] == "house":
            return f"{names[seat]} claims a corner as a house: the keys below, or a square of a free corner."
        me = self.chooser()
        if me is None:
            return f"{names[seat]} places a stone."
        colour = self.colour_of(me, view)
        cursor = self.grid.cursor
        where = ""
        if view["cells"][cursor] is None and colour:
            g = view["gains"][colour][cursor]
            where = f" ({view['squares'][cursor]}: {'+' + str(g)})"
        return f"{names[seat]}: a {colour} stone{where}. Type a square (b3) or arrows+Enter; 1-3: colour."

    # -- moves ------------------------------------------------------------------------------------

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        """The houses while they are claimed; then the colours (the squares are chosen on the board)."""
        if moves and moves[0].kind == "house":
            return moves
        colours = {m.args[0] for m in moves if m.kind == "place"}
        return [Move("colour", (c,)) for c in COLOURS if c in colours]

    def action_key(self, move: Move, index: int) -> str:
        if move.kind == "colour":
            return str(COLOURS.index(move.args[0]) + 1)
        return str(index + 1)

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        if move.kind != "colour":
            return super().action_label(seat, move, optional)
        colour = move.args[0]
        view = self._view
        chosen = self.colour_of(seat, view) == colour
        return f"{GLYPH[colour]} {colour} ({view['supply'][colour]} left){' ◀' if chosen else ''}"

    def submit(self, seat: int, move: Move) -> bool:
        if move.kind == "colour":  # a choice of the screen, not a move of the rules
            self._colour[seat] = move.args[0]
            self.error = ""
            self.refresh_table()
            return True
        return super().submit(seat, move)

    def square_move(self, seat: int, index: int) -> Move | None:
        """A house claimed by a square of its corner, or a stone of the chosen colour placed. (The view
        everybody sees is enough: the seat's own would work out what each placement scores, for nothing.)"""
        view = self.game.view(None)
        square = view["squares"][index]
        if view["phase"] == "house":
            corner = next((c for c, cells in view["house_cells"].items() if index in cells), None)
            if corner is None:
                self.say(f"{square} is in no corner: a house is one of the four corner blocks of four squares.",
                         bell=True)
                return None
            return Move("house", (corner,))
        colour = self.colour_of(seat, view) or COLOURS[0]
        return Move("place", (colour, square))

    def keys_help(self) -> str:
        return (
            "\n\n## Keys\n\n"
            "- `1` red, `2` blue, `3` yellow: the colour of your next stone (it stays chosen). Each empty\n"
            "  space shows what a stone of that colour scores there.\n"
            "- Type a square's name (`b3`), or move with the arrows and press Enter, or click a square, to\n"
            "  place the stone there. Escape forgets a letter typed.\n"
            "- Herman's Castle: claim a house with the keys shown, or a square of a free corner.\n"
            "- `?` these rules, `u` undo (every move can be taken back), `l` the whole log,\n"
            "  `s` save and go back to the games, `q` quit (the game is saved after every move).\n"
        )
