"""Queensland: the 8 x 8 board with coordinates. Choose one of your checkers (type its square, or the
arrows and Enter, or a click) to see where it can go, then choose where; choose an empty square to place
a new checker; p skips the move. The open lines that score are drawn across the empty squares (v hides
them)."""

from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.board import BoardScreen
from tabletop_tui.ui.widgets.grid import GridBoard, TextLines

GLYPHS = ("●", "■", "▲", "◆", "♣", "♠")
COLORS = ("bold #ff6b6b", "bold #4aa3ff", "bold #f5d76e", "bold #5fd68a", "bold #d78cff", "bold #5fd7d7")
LINE_COLORS = ("#b05050", "#3a78b8", "#a89440", "#3f9a60", "#9a60b8", "#3f9a9a")
DARK, LIGHT = "on #22222c", "on #2e2e3a"
SELECTED = "on #6a5a10"

#: the glyph of a line across an empty square, by the direction of the line (row, column, diagonals)
LINE_GLYPH = {(0, 1): "─", (1, 0): "│", (1, 1): "╲", (1, -1): "╱"}

#: each square's own background: dark and light, as a checkerboard
SQUARE_STYLES = {i: DARK if (i // 8 + i % 8) % 2 else LIGHT for i in range(64)}

#: (cell width, cell height) of the board, largest first: the first that fits the table is used
CELL_SIZES = ((5, 2), (3, 1))


def glyph(seat: int) -> Text:
    return Text(GLYPHS[seat % len(GLYPHS)], style=COLORS[seat % len(COLORS)])


class QueenslandScreen(BoardScreen):
    DEFAULT_CSS = """
    #ql-players { height: auto; }
    #ql-notes { height: auto; color: $text-muted; }
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.show_lines = True
        self._cells: dict[tuple, list[Text]] = {}  # a square's lines by what it shows (cell_lines)

    def make_board(self) -> GridBoard:
        return GridBoard(8, 8, cell_width=3, cell_height=1, labels=True, lines=False)

    # the lines above and below the board drawn by lines (TextLines): the players' line, whose bold
    # moves to the seat to act at every move, costs a line's runs, and the notes, mostly the same from
    # one key to the next, cost nothing to draw again
    def above_board(self):
        yield TextLines(id="ql-players")

    def below_board(self):
        # steady: the line a chosen checker adds ("h8 can go to ...") leaves a blank line when it goes,
        # where the whole screen was laid out again as it went
        yield TextLines(id="ql-notes", steady=True)

    def targets(self, seat: int, index: int) -> set[int]:
        """Where the rules let the checker on `index` go now."""
        return {m.args[1] for m in self.game.legal_moves(seat) if m.kind == "move" and m.args[0] == index}

    # -- drawing ----------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        # the biggest cells the table has room for, beside the board two columns of the table, above
        # and below it the players' line and two lines of notes
        self.fit_board(CELL_SIZES, spare=(2, 3))
        names = view["players"]
        board_widget = self.grid
        mover = self.chooser()
        board = view["board"]
        if self.selected is not None and (mover is None or view["phase"] != "move" or board[self.selected] != mover):
            self.selected = None

        players = Text()
        for seat, player in enumerate(names):
            if seat:
                players.append("  ")
            players.append_text(glyph(seat))
            players.append(f" {player}", style="bold" if seat in view["to_act"] else "")
        self.query_one("#ql-players", TextLines).show_lines([players])

        w, h = board_widget.cell_width, board_widget.cell_height
        lines = self.line_glyphs(view) if self.show_lines else {}
        destinations = self.lit()
        last_move = view["last_move"] or []
        last_place, moved_to = view["last_place"], last_move[1] if last_move else None
        kept = self._cells
        cells = []
        for i, owner in enumerate(board):
            if owner is not None:
                what: tuple = ("piece", owner, "[" if i == last_place else "(" if i == moved_to else "", w, h)
            elif i in destinations:
                what = ("to", w, h)
            elif i in lines:
                what = ("line", *lines[i], w, h)
            else:
                what = ("empty", w, h)
            cell = kept.get(what)
            if cell is None:
                cell = kept[what] = self.cell_lines(what)
            cells.append(cell)
        styles = dict(SQUARE_STYLES)
        if self.selected is not None:
            styles[self.selected] = SELECTED
        board_widget.set_cells(cells, destinations, styles)

        notes = Text()
        if self.selected is not None:
            where = self.square_name(self.selected)
            notes.append(f"{where} can go to the {len(destinations)} squares marked ·; {where} again or "
                         "Escape lets go.\n", style="bold")
        elif view["over"]:
            notes.append("The board as it was scored.\n")
        if view["games"] > 1 and view["past"]:
            for number, scores in enumerate(view["past"], 1):
                notes.append(f"Game {number}: " + ", ".join(f"{names[s]} {scores[s]}" for s in range(len(names)))
                             + ".\n")
        notes.append("[x] placed last, (x) moved last; v: " + ("hide lines" if self.show_lines else "show lines"))
        self.query_one("#ql-notes", TextLines).show_text(notes)

    @staticmethod
    def cell_lines(what: tuple) -> list[Text]:
        """A square's lines: ("piece", owner, "[" placed last, "(" moved last or "", w, h), ("to", w, h)
        a square the chosen checker may go to, ("line", glyph, owner, w, h) a scoring line across it,
        ("empty", w, h). Made once for each and shared by the squares that show it (never changed: the
        board draws copies)."""
        kind, *rest, w, h = what
        if kind == "piece":
            owner, mark = rest
            content = glyph(owner)
            if mark:
                content = Text.assemble(mark, content, "]" if mark == "[" else ")")
        elif kind == "to":
            content = Text("·", style="bold")
        elif kind == "line":
            ch, owner_of_line = rest
            content = Text(ch * w if ch == "─" else ch, style=LINE_COLORS[owner_of_line % len(LINE_COLORS)]
                           if owner_of_line is not None else "#8a8a8a")
        else:
            content = Text("")
        cell = [Text("")] * h
        cell[h // 2] = content  # (the line the rank's number is drawn on)
        return cell

    def line_glyphs(self, view: dict) -> dict[int, tuple[str, int | None]]:
        """The empty squares along the scoring lines: (glyph, owner), owner None where lines cross."""
        out: dict[int, tuple[str, int | None]] = {}
        for owner, a, b, _ in view["lines"]:
            ra, ca = divmod(a, 8)
            rb, cb = divmod(b, 8)
            dr = (rb > ra) - (rb < ra)
            dc = (cb > ca) - (cb < ca)
            ch = LINE_GLYPH[(dr, dc)]
            r, c = ra + dr, ca + dc
            while (r, c) != (rb, cb):
                i = r * 8 + c
                if i in out:
                    old, old_owner = out[i]
                    cross = "┼" if {old, ch} <= {"─", "│", "┼"} else "╳" if {old, ch} <= {"╲", "╱", "╳"} else "*"
                    out[i] = (cross, old_owner if old_owner == owner else None)
                else:
                    out[i] = (ch, owner)
                r += dr
                c += dc
        return out

    def scoreboard(self, view: dict):
        """Each player's mark, checkers in hand and points as the board stands; in a match the points
        so far take the place of the checkers in hand (the title bar counts the checkers down)."""
        match = view["games"] > 1
        columns = ["", "Total" if match else "Hand", "Lines"]
        rows = []
        for seat in range(len(view["players"])):
            first = view["totals"][seat] if match else view["hands"][seat]
            rows.append([glyph(seat), first, view["scores"][seat] if not (view["over"] and match) else "-"])
        return columns, rows

    def status(self, view: dict) -> str:
        total = len(view["players"]) * view["checkers_each"]
        down = total - sum(view["hands"])
        text = f"{down} of {total} checkers down"
        if view["games"] > 1:
            text = f"game {view['game_number']} of {view['games']}, " + text
        if view["lowest"]:
            text += ", lowest score wins"
        return text

    def prompt(self, view: dict) -> str:
        names = view["players"]
        if view["over"]:
            return view["result"] or "The game is over."
        seat = view["to_act"][0]
        who = f"{names[seat]} {GLYPHS[seat % len(GLYPHS)]}"
        if view["phase"] == "move":
            if self.selected is not None:
                return f"{who}: choose where {self.square_name(self.selected)} goes, or another checker."
            return f"{who}: choose a checker to move, or an empty square to place on (p: no move)."
        if view["moved"]:
            return f"{who}: now place a new checker on an empty square (type e4, or arrows, Enter)."
        return f"{who}: place a new checker on an empty square (type e4, or arrows, Enter)."

    # -- moves ------------------------------------------------------------------------------------

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        return [m for m in moves if m.kind == "skip"]

    def action_key(self, move: Move, index: int) -> str:
        return "p" if move.kind == "skip" else super().action_key(move, index)

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        if move.kind == "skip":
            return "Skip the move, place a checker"
        return super().action_label(seat, move, optional)

    def square_chosen(self, seat: int, index: int) -> None:
        """A square chosen on the board: select a checker, send it somewhere, or place a new one."""
        view = self.game.view(seat)
        owner = view["board"][index]
        if view["phase"] == "move":
            if self.selected is not None and index == self.selected:
                self.selected = None
                self.error = ""
                self.refresh_table()
                return
            if owner == seat:
                if not self.targets(seat, index):
                    self.say(f"The checker on {self.square_name(index)} is boxed in: it has nowhere to go.", bell=True)
                    return
                self.selected = index
                self.error = ""
                self.refresh_table()
                return
            if self.selected is not None:
                self.submit(seat, Move("move", (self.selected, index)))
                return
        self.submit(seat, Move("place", (index,)))

    def unlisted_key(self, key: str) -> bool:
        if key == "v":
            self.show_lines = not self.show_lines
            self.refresh_table()
            return True
        return super().unlisted_key(key)

    def keys_help(self) -> str:
        return super().keys_help() + (
            "- On the board: type a square (e4), or the arrows and Enter, or click. Choose one of your\n"
            "  checkers to see where it can go (marked ·), then choose where; choose an empty square to\n"
            "  place a new checker (no move this turn). `p` skips the move; `v` shows or hides the lines;\n"
            "  Escape lets go of a chosen checker.\n"
        )
