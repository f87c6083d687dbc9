"""Graveyard Shift: the Graveyard as a 6 x 3 grid of card-sized spaces (a1 at the lower left). Each space
shows its Spirit (face up, or its back: 2-5 from the deal, 6-A from the draw pile), the chips sung onto
it by colour, and the pawns on it; an empty Open Grave and the Start spaces are marked.

Move: choose a space next to your pawn (type it, arrows and Enter, a click, or the keys 1-4 shown at
the bottom). Sing: y or n. Shift: choose a Spirit (Enter on it), choose another in line with it to take
the whole line between, then push the line with the arrows one space at a time (each step drawn on the
board, the opposite arrow takes a step back) and press Enter to make the shift, or Escape to let go;
r leaves the Graveyard as it is."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.graveyard_shift import DIRECTION_NAMES, STEPS
from tabletop_tui.ui.screens.board import BoardScreen
from tabletop_tui.ui.widgets.common import Drawn
from tabletop_tui.rules.components.squares import FILES
from tabletop_tui.ui.widgets.grid import LABEL_STYLE, GridBoard
from tabletop_tui.ui.widgets.most_lines import MostLines

GLYPHS = ("●", "■", "▲", "◆", "♣", "♠")
COLORS = ("bold #ff6b6b", "bold #4aa3ff", "bold #f5d76e", "bold #5fd68a", "bold #d78cff", "bold #5fd7d7")
SUIT_GLYPH = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
GROUND = "on #1e2420"
GRAVE = "on #2c2236"
START = "on #22303a"
CHOSEN = "on #6a5a10"
MOVED = "on #3a4a20"

#: (cell width, cell height), largest first: the first that fits the table is used
CELL_SIZES = ((9, 4), (7, 3), (5, 4), (5, 3), (5, 2))

#: arrow key -> direction (0 north, 1 east, 2 south, 3 west)
ARROWS = {(-1, 0): 0, (0, 1): 1, (1, 0): 2, (0, -1): 3}


def glyph(seat: int) -> Text:
    return Text(GLYPHS[seat % len(GLYPHS)], style=COLORS[seat % len(COLORS)])


def card_text(code: str) -> Text:
    rank, suit = code[:-1], code[-1]
    return Text(f"{rank}{SUIT_GLYPH[suit]}", style="bold #ff7070" if suit in "DH" else "bold #f0f0f0")


class GraveBoard(GridBoard):
    """The grid board whose arrows push the chosen Spirits while a shift is being set up. A file letter
    typed is shown by lighting its letter under the board (no room is kept beside it for "typed: c":
    the Graveyard's six wide spaces need it)."""

    BINDINGS = [Binding("enter,space", "choose", "Choose space")]

    def size_with(self, cell_width: int, cell_height: int) -> tuple[int, int]:
        width, height = super().size_with(cell_width, cell_height)
        return width - (len(" typed: a10") if self.labels else 0), height

    def _line_text(self, y: int) -> Text:
        if self._line_key(y)[0] != "files":
            return super()._line_text(y)
        w = self.cell_width
        files = Text(" " * self._margin + " ", style=LABEL_STYLE)
        for c in range(self.cols):
            letter = FILES[c]
            files.append(letter.center(w), style="bold reverse" if self.typed == letter else "")
            files.append(" " if self.lines else "")
        return files

    def action_move(self, dr: int, dc: int) -> None:
        push = getattr(self.screen, "push_spirits", None)
        if callable(push) and push(dr, dc):
            return
        super().action_move(dr, dc)


class Notes(MostLines, Drawn):
    """The notes under the board: the shift being set up in place of the legend while it is (one line,
    no more than the legend: `shift_note`), as high as the most lines they have had at this size of the
    screen, the rest blank. Choosing a Spirit, pushing it and letting go lay nothing out, where each
    laid the whole screen out (the shift's lines above the legend, then gone again)."""


class GraveyardShiftScreen(BoardScreen):
    DEFAULT_CSS = """
    #gs-players { height: auto; }
    #gs-notes { height: auto; color: $text-muted; }
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: the Spirits chosen to shift (squares, in line), their direction and the distance pushed so far
        self.group: list[int] = []
        self.direction: int | None = None
        self.distance = 0

    def make_board(self) -> GridBoard:
        return GraveBoard(3, 6, cell_width=8, cell_height=3, labels=True, lines=True)

    def above_board(self):
        yield Drawn(id="gs-players")

    def below_board(self):
        yield Notes(id="gs-notes")

    def first_square(self) -> int | None:
        humans = self.session.human_to_act() or self.session.people
        if not humans:
            return None
        return self.game.view(None)["pawns"][humans[0]]

    # -- the shift being set up ---------------------------------------------------------------------

    def holding(self) -> bool:
        return bool(self.group)

    def let_go(self) -> None:
        self.selected = None
        self.group = []
        self.direction = None
        self.distance = 0

    def shift_move(self, distance: int | None = None) -> Move | None:
        """The shift the chosen Spirits make, pushed `distance` spaces (by default as far as pushed)."""
        if not self.group or self.direction is None:
            return None
        d = self.direction
        dist = self.distance if distance is None else distance
        cols = self.grid.cols
        dr, dc = STEPS[d]
        key = (lambda s: (s // cols) * dr + (s % cols) * dc)
        front = max(self.group, key=key)
        return Move("shift", (front, len(self.group), d, dist))

    def push_spirits(self, dr: int, dc: int) -> bool:
        """An arrow while Spirits are chosen: one step of the shift that way (or one step back)."""
        if not self.group or not self.input_open():
            return False
        seat = self.chooser()
        if seat is None:
            return False
        d = ARROWS[(dr, dc)]
        self.error = ""
        if self.direction is not None and self.distance and d == (self.direction + 2) % 4:
            self.distance -= 1
            if not self.distance and len(self.group) == 1:
                self.direction = None
            self.refresh_table()
            return True
        if self.direction is not None and self.distance and d != self.direction:
            self.say(f"The Spirits go {DIRECTION_NAMES[self.direction]}: press the opposite arrow to take steps "
                     "back, Escape to start again.", bell=True)
            return True
        if len(self.group) > 1 and d % 2 != self._line_axis():
            self.say("A line of Spirits moves only along itself: "
                     + ("east or west." if self._line_axis() == 1 else "north or south."), bell=True)
            return True
        old = self.direction
        self.direction = d
        move = self.shift_move(self.distance + 1)
        game = self.game
        if move is None or move not in game.legal_moves(seat):
            self.direction = old if self.distance else (None if len(self.group) == 1 else old)
            self.say(game.refusal(seat, move) if move is not None else "That is not a shift.", bell=True)
            return True
        self.distance += 1
        self.refresh_table()
        return True

    def _line_axis(self) -> int:
        """1 for a line along a row (east-west), 0 along a column."""
        cols = self.grid.cols
        return 1 if self.group[0] // cols == self.group[1] // cols else 0

    def _line_between(self, a: int, b: int, cards: list[bool]) -> list[int] | None:
        """The squares from a to b on one row or column, if every one holds a Spirit."""
        cols = self.grid.cols
        ra, ca = divmod(a, cols)
        rb, cb = divmod(b, cols)
        if ra == rb:
            squares = [ra * cols + c for c in range(min(ca, cb), max(ca, cb) + 1)]
        elif ca == cb:
            squares = [r * cols + ca for r in range(min(ra, rb), max(ra, rb) + 1)]
        else:
            return None
        return squares if all(cards[s] for s in squares) else None

    # -- drawing ----------------------------------------------------------------------------------

    def shown_view(self, view: dict) -> dict:
        """The view, or while a shift is pushed, the view after it (as the rules would make it)."""
        seat = self.chooser()
        move = self.shift_move() if self.distance else None
        if move is None or seat is None:
            return view
        game = self.game
        if move not in game.legal_moves(seat):
            self.let_go()
            return view
        ahead = game.copy()
        ahead.play(seat, move)
        preview = ahead.view(self.viewer())
        preview["phase"] = view["phase"]
        preview["to_act"] = view["to_act"]
        return preview

    def show_table(self, view: dict) -> None:
        if self.chooser() is None or view["phase"] != "shift":
            self.let_go()
        self.fit_board(CELL_SIZES, spare=(1, 2))
        board = self.grid
        w, h = board.cell_width, board.cell_height
        shown = self.shown_view(view)
        names = view["players"]
        n = len(names)

        players = Text()
        for seat, player in enumerate(names):
            if seat:
                players.append("  ")
            players.append_text(glyph(seat))
            players.append(f" {player} {view['scores'][seat]}", style="bold" if seat in view["to_act"] else "")
        players.append(f"   (target {view['target']})", style="dim")
        self.query_one("#gs-players", Static).update(players)

        moved = set()
        if self.distance and self.group:
            d = self.direction or 0
            dr, dc = STEPS[d]
            delta = dr * board.cols + dc
            moved = {s + self.distance * delta for s in self.group}
        lit = set()
        seat = self.chooser()
        if seat is not None and view["phase"] == "move":
            lit = {m.args[0] for m in self.game.legal_moves(seat) if m.kind == "move"}
        cells = []
        styles = {}
        graves, starts = set(view["graves"]), set(view["starts"])
        for i in range(view["rows"] * view["cols"]):
            code, back = shown["cards"][i], shown["backs"][i]
            if code:
                top = card_text(code)
            elif back:
                top = Text("▒2-5▒" if back == "low" else "▒6-A▒", style="#9a9aa8")
            elif i in graves:
                top = Text("grave", style="italic #8a7a9a")
            elif i in starts:
                top = Text("start", style="italic #6a8aa0")
            else:
                top = Text("")
            units = []
            for s in range(n):
                k = shown["chips"][i][s]
                if k:
                    units.append(Text.assemble(glyph(s), (str(k), COLORS[s % len(COLORS)])))
            pawns = Text()
            for s in range(n):
                if shown["pawns"][s] == i:
                    pawns.append_text(glyph(s))
            rows: list[Text] = [Text()]
            for unit in units:  # the chips, as many to a line as fit
                if rows[-1].cell_len and rows[-1].cell_len + unit.cell_len > w:
                    rows.append(Text())
                rows[-1].append_text(unit)
            if h <= 2:
                cell = [Text.assemble(top, " ", pawns), rows[0]][:h]
            else:
                cell = [top] + rows[: h - 2]
                while len(cell) < h - 1:
                    cell.append(Text())
                cell.append(pawns)
            cells.append(cell)
            styles[i] = GRAVE if i in graves else START if i in starts else GROUND
        for s in self.group if not self.distance else ():
            styles[s] = CHOSEN
        for s in moved:
            styles[s] = CHOSEN
        if view["phase"] != "move" and view["moved_to"] is not None and not self.group:
            styles[view["moved_to"]] = MOVED
        board.set_cells(cells, lit, styles)

        notes = Text()
        if self.group:  # the shift being set up, in place of the legend (the pile is in the title bar)
            notes.append(self.shift_note(), style="bold")
        else:
            if view["over"]:
                notes.append("The Graveyard as the game ended.\n")
            notes.append(f"Pile {view['deck']} · ▒2-5▒ dealt, ▒6-A▒ risen · our board")
        self.query_one("#gs-notes", Static).update(notes)

    def shift_note(self) -> str:
        """The shift being set up, on one line: in full where the notes have the room, else without the
        keys (the prompt names them), so that the notes take no more lines than the legend they stand in
        for, and choosing a Spirit, pushing it or letting go lays nothing out."""
        what = "the Spirit" if len(self.group) == 1 else f"the line of {len(self.group)} Spirits"
        if self.distance:
            pushed = f"{what.capitalize()} {self.distance} {DIRECTION_NAMES[self.direction or 0]}"
            full, short = pushed + ": Enter shifts, Esc lets go.", pushed + "."
        else:
            short = f"Chosen: {what}."
            full = f"Chosen: {what}. Arrows push it" + (", or choose one in line." if len(self.group) == 1 else ".")
        width = self.query_one("#gs-notes").size.width
        return full if not width or len(full) <= width else short

    def scoreboard(self, view: dict):
        columns = ["", "Points", "Spirits"]
        rows = [[glyph(s), view["scores"][s], len(view["won"][s])] for s in range(len(view["players"]))]
        return columns, rows

    def status(self, view: dict) -> str:
        return f"turn {view['turn']}, first to {view['target']}, draw pile {view['deck']}"

    def prompt(self, view: dict) -> str:
        names = view["players"]
        if view["over"]:
            return view["result"] or "The game is over."
        seat = view["to_act"][0]
        who = f"{names[seat]} {GLYPHS[seat % len(GLYPHS)]}"
        phase = view["phase"]
        if phase == "move":
            return f"{who}: move your pawn one space (1-4, or choose a space next to it)."
        if phase == "sing":
            return f"{who}: sing to this Spirit (y) or not (n)?"
        if self.group:
            return f"{who}: push the Spirits with the arrows, Enter to shift."
        return f"{who}: choose a Spirit to shift, or r for no shift."

    # -- moves ------------------------------------------------------------------------------------

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        if self.group:
            move = self.shift_move()
            return [move] if move is not None and self.distance and move in moves else []
        return [m for m in moves if m.kind != "shift"]

    def action_key(self, move: Move, index: int) -> str:
        kind = move.kind
        if kind == "sing":
            return "y"
        if kind == "hush":
            return "n"
        if kind == "rest":
            return "r"
        if kind == "shift":
            return "x"
        return super().action_key(move, index)

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        if move.kind == "move":
            view = self.label_view(seat)
            here = view["pawns"][seat]
            t = move.args[0]
            cols = view["cols"]
            d = next(k for k, (dr, dc) in enumerate(STEPS) if here + dr * cols + dc == t
                     and abs(here % cols - t % cols) + abs(here // cols - t // cols) == 1)
            return f"{DIRECTION_NAMES[d]} to {self.square_name(t)}"
        if move.kind == "shift":
            return "Make this shift"
        return super().action_label(seat, move, optional)

    def square_chosen(self, seat: int, index: int) -> None:
        view = self.game.view(seat)
        phase = view["phase"]
        self.error = ""
        if phase == "move":
            self.submit(seat, Move("move", (index,)))
            return
        if phase == "sing":
            self.say("Sing to the Spirit (y) or not (n) first.", bell=True)
            return
        # shift
        has = [c is not None or b is not None for c, b in zip(view["cards"], view["backs"])]
        if self.distance:
            move = self.shift_move()
            if move is not None:
                self.let_go()
                self.submit(seat, move)
            return
        if not has[index]:
            self.say(f"{self.square_name(index)} holds no Spirit: choose a Spirit to shift (r: no shift).", bell=True)
            return
        if not self.group or index in self.group and len(self.group) == 1:
            if self.group and index == self.group[0]:
                self.let_go()
            else:
                self.group = [index]
                self.direction = None
            self.refresh_table()
            return
        line = self._line_between(self.group[0], index, has)
        if line is None:
            self.group = [index]
            self.direction = None
            self.refresh_table()
            return
        self.group = line
        self.direction = None
        self.refresh_table()

    def keys_help(self) -> str:
        return super().keys_help() + (
            "- Move: press 1-4 as shown at the bottom, or choose a space next to your pawn (type b2, or the\n"
            "  arrows and Enter, or click). Sing: `y` sings, `n` does not.\n"
            "- Shift: choose a Spirit (Enter on it); choose another Spirit in the same row or column to take\n"
            "  the whole line between them. Then each arrow pushes it one space (drawn on the board; the\n"
            "  opposite arrow takes the step back), Enter or `x` makes the shift, Escape lets go. `r`: no shift.\n"
        )
