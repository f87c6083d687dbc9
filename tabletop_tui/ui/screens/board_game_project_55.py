"""Board Game Project #55: the checkerboard with its piles of chips, four pawns, the stockpiles.

Each stepping stone shows its pile as the top chip's colour (its initial, in that colour) and the
pile's height; a pawn stands in front of it as its side's shape; where no pawn stands, » marks a square
the chosen pawn can walk to and ◎ a target of the side to act (their colours say it too). The square under the cursor is told
in full below the board (every chip of the pile, top first). On a turn: r rolls; then choose your
own pawn to see where it can walk (those squares light up), choose a lit square to walk there, or
any other free pile to stack a chip of the rolled colour on it; x restocks, p ends the turn, digits
steal. Squares are chosen with the arrows and Enter, a click, or by typing their name (e4).
"""

from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.board_game_project_55 import (COLOURS, INTERIOR_SET, LETTERS, SIDES, STARTS, TARGETS,
                                                     name_of)
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.board import BoardScreen
from tabletop_tui.ui.widgets.grid import GridBoard, TextLines

#: The chips' colours on the screen, die face 1 to 6; their initials tell them apart without colour.
CHIP_STYLE = ("bold #ff5f5f", "bold #ffa030", "bold #f2e250", "bold #4cd97b", "bold #5aa9ff", "bold #c98bff")
#: The pawns, by side: a shape each, so that they differ without colour too.
PAWNS = ("▲", "◆", "▼", "■")
PAWN_STYLE = "bold #ffffff"
#: marks in the pawn's place, so that lit squares are told by a shape too, not by their colour alone:
#: a square the chosen pawn can walk to, and a target of the side to act
LIT_MARK = "»"
TARGET_MARK = "◎"
LIGHT = "on #4a463c"
DARK_RING = "on #23283a"
DARK = "on #1b2d44"
TARGET = "on #1d4a2e"
SELECTED = "on #7a4a10"
#: what each square is (a pile, a start or none) and its own style, a1 (the lower left, row 7 column 0) dark
SQUARE_KINDS = tuple("pile" if i in INTERIOR_SET else "start" if i in STARTS else "none" for i in range(64))
SQUARE_STYLES = {i: DARK if kind == "pile" else DARK_RING if kind == "start" or (i // 8 + i % 8) % 2 else LIGHT
                 for i, kind in enumerate(SQUARE_KINDS)}
KEYS = {"roll": "r", "restock": "x", "end": "p"}


def chip(colour: int, text: str | None = None) -> Text:
    return Text(LETTERS[colour] if text is None else text, style=CHIP_STYLE[colour])


class BoardGameProject55Screen(BoardScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # (`selected`: the square of the pawn of the player to act, once chosen: its destinations are lit)
        self._turn_key = None  # the turn the cursor was last put on the pawn for
        self._board_key: tuple | None = None  # what the board's cells were last built from
        self._cells: dict[tuple, list[Text]] = {}  # what a square shows -> its lines (kept, never changed)
        self._cursor_waits = False  # the cursor moved since the detail was last drawn (cursor_moved)

    def make_board(self) -> GridBoard:
        board = GridBoard(8, 8, cell_width=4, cell_height=1, labels=True, lines=False)
        # the board keeps room right of it for the letters typed (" typed: a10" on the biggest boards);
        # here a letter and one digit at most: at 80 columns the last empty column gives way
        board.styles.max_width = "100%"
        return board

    # the lines around the board are drawn by lines (TextLines): a line that did not change (the stock
    # of the three sides not to act, the head while a square is chosen) is neither drawn nor styled
    # again, where a Static drew and styled its whole text anew at each change (the stock's four lines
    # cost about as much as the board's)
    def above_board(self):
        yield TextLines(id="bg-head")

    def below_board(self):
        yield TextLines(id="bg-detail")
        yield TextLines(id="bg-stock")

    def cursor_moved(self) -> None:
        """The square under the cursor is told of once the messages already waiting are handled, unless
        the table is drawn first (with the detail, where the cursor is then): a square chosen moves the
        cursor just before the screen has the square (GridBoard._choose), and a new turn puts it on the
        pawn while the table is drawn; each told of the square again from a view made anew."""
        if not self._cursor_waits:
            self._cursor_waits = True
            self.call_later(self._show_cursor)

    def _show_cursor(self) -> None:
        if self._cursor_waits:
            self._cursor_waits = False
            self.show_detail(self.game.view(self.viewer()))

    # -- drawing ------------------------------------------------------------------------------------

    def acting(self, view: dict) -> int | None:
        return view["turn"] if view["phase"] == "act" else None

    def show_table(self, view: dict) -> None:
        names = view["players"]
        board = self.grid
        turn = view["turn"]
        key = (view["round"], view["turns"], view["phase"])
        if key != self._turn_key:  # a new turn or phase: nothing chosen; the cursor on the pawn to move
            self._turn_key = key
            self.let_go()
            if not view["over"] and not self.session.is_computer(turn):
                board.cursor = view["pawns"][turn]

        head = Text()
        head.append(f"Round {view['round']}", style="bold")
        if view["over"]:
            head.append("  the game is over", style="italic")
        else:
            head.append(f"  {PAWNS[turn]} {names[turn]}", style="bold")
            if view["colour"] is None:
                head.append(" to roll", style="dim")
            else:
                colour = view["colour"]
                head.append(" rolled ")
                head.append_text(chip(colour, f"{colour + 1} {COLOURS[colour]}"))
                if view["deployed"]:
                    head.append(f", {len(view['deployed'])} deployed", style="dim")
        self.query_one("#bg-head", TextLines).show_lines([head])

        pawns = view["pawns"]
        piles = view["piles"]
        acting = self.acting(view)
        # squares of 5 x 2 where the table has the room (a terminal of about 100 x 30), else 4 x 1; the
        # board may give way two columns of the letters typed, and leaves six lines for the rest
        tall = self.fit_board(((5, 2), (4, 1)), spare=(-2, 6))
        focus_seat = turn if not view["over"] else None
        targets = set(view["targets"][focus_seat]) if focus_seat is not None else set()
        highlight: set[int] = set()
        if acting is not None and self.selected is not None:
            highlight = set(view["destinations"])
        # the board's cells are built again only when what they show changed (a letter typed, a cursor
        # moved, a die rolled change none of it): 64 cells of Text each time were most of a key's work
        board_key = (tall, tuple(pawns), tuple(tuple(piles[str(i)]) for i in sorted(INTERIOR_SET)),
                     frozenset(targets), frozenset(highlight), pawns[acting] if highlight else None)
        if board_key != self._board_key:
            self._board_key = board_key
            self.set_board(pawns, piles, tall, targets, highlight, acting)
        self.show_detail(view)
        self._cursor_waits = False  # (the detail drawn with the cursor where it is now)

        if not self.part_changed("stock", (tuple(names), turn, view["over"], repr(view["stock"]))):
            return
        stock = []
        for seat in range(4):
            line = Text()
            stock.append(line)
            line.append(f"{PAWNS[seat]} ", style=PAWN_STYLE)
            line.append(f"{names[seat][:9]:<9}", style="bold" if seat == turn and not view["over"] else "")
            for colour, n in enumerate(view["stock"][seat]):
                line.append(" ")
                line.append_text(chip(colour, f"{LETTERS[colour]}{n}") if n else Text(f"{LETTERS[colour]}0",
                                                                                     style="dim"))
        self.query_one("#bg-stock", TextLines).show_lines(stock)

    def set_board(self, pawns: list, piles: dict, tall: bool, targets: set[int], highlight: set[int],
                  acting: int | None) -> None:
        """The board's 64 cells: the pawns, the piles' tops and heights, the squares lit."""
        cells = []
        styles = dict(SQUARE_STYLES)
        kept = self._cells
        if len(kept) > 1024:
            kept.clear()
        at = {square: seat for seat, square in reversed(list(enumerate(pawns)))}  # (the first seat there)
        for index, kind in enumerate(SQUARE_KINDS):
            if kind == "none":
                shows: tuple = ("none",)
            else:
                who = at.get(index)
                mark = "pawn" if who is not None else "lit" if index in highlight else "target" if index in targets else ""
                if kind == "pile":
                    pile = piles[str(index)]
                    shows = ("pile", tall, who, mark, pile[-1], len(pile))
                else:
                    shows = ("start", tall, who, mark)
            lines = kept.get(shows)
            if lines is None:
                lines = kept[shows] = self.cell_lines(shows)
            cells.append(lines)
        for t in targets:
            styles[t] = TARGET
        if highlight:
            styles[pawns[acting]] = SELECTED
        self.grid.set_cells(cells, highlight, styles)

    @staticmethod
    def cell_lines(shows: tuple) -> list[Text]:
        """A square's lines, from what it shows (`set_board`): a pile (its top chip's initial and its
        height) with the pawn in front of it or beneath it, a start, or nothing."""
        kind = shows[0]
        if kind == "none":
            return []
        tall, who, mark = shows[1:4]
        if mark == "pawn":
            pawn = Text(PAWNS[who], style=PAWN_STYLE)
        elif mark == "lit":
            pawn = Text(LIT_MARK, style="bold")
        elif mark == "target":
            pawn = Text(TARGET_MARK, style="dim")
        else:
            pawn = Text(" ")
        if kind == "pile":
            stack = chip(shows[4])
            stack.append(str(shows[5]), style="#d0d0d0")
            # small: the pawn in front of the pile ("▲R3"); tall: the pile, the pawn beneath it
            return [stack, pawn] if tall else [pawn + stack]
        mark_text = pawn if who is not None else Text("○", style="dim")
        return [Text(""), mark_text] if tall else [mark_text]

    def show_detail(self, view: dict) -> None:
        """The square under the cursor, in full."""
        index = self.grid.cursor
        names = view["players"]
        text = Text()
        text.append(name_of(index), style="bold")
        who = [s for s, p in enumerate(view["pawns"]) if p == index]
        if index in INTERIOR_SET:
            pile = view["piles"][str(index)]
            text.append(", top down: " if len(pile) > 1 else ": ", style="dim")
            for i, colour in enumerate(reversed(pile)):
                if i:
                    text.append("·", style="dim")
                text.append_text(chip(colour))
        elif index in STARTS:
            text.append(f": {SIDES[STARTS.index(index)]}'s start", style="dim")
        else:
            text.append(": no stepping stone", style="dim")
        for s in who:
            text.append(f" {PAWNS[s]} {names[s]}", style="bold")
        owners = [SIDES[s] for s in range(4) if index in TARGETS[s]]
        if owners:
            text.append(f" · {' & '.join(owners)}'s target", style="dim")
        self.query_one("#bg-detail", TextLines).show_lines([text])

    def scoreboard(self, view: dict):
        rows = []
        for seat in range(4):
            rows.append([Text(f"{PAWNS[seat]} {SIDES[seat][0]}", style=PAWN_STYLE), view["scores"][seat],
                         sum(view["stock"][seat])])
        return ["Pawn", "Pts", "Chips"], rows

    def status(self, view: dict) -> str:
        return f"round {view['round']}, first to {view['target']}"

    def prompt(self, view: dict) -> str:
        names = view["players"]
        if view["over"]:
            return view["result"] or "The game is over."
        seat = view["turn"]
        name = names[seat]
        if view["phase"] == "roll":
            return f"{name} ({SIDES[seat]}) to roll the die: r."
        colour = COLOURS[view["colour"]]
        held = view["stock"][seat][view["colour"]]
        if view["steal"]:
            return f"{name}, {colour}: no way to move nor restock. Steal one (digits), or p."
        if view["destinations"]:
            text = f"{name}, {colour}: pick your pawn, then a lit square"
            return text + (f"; or a pile to stack {colour}." if held else " to walk there.")
        if held:
            return f"{name}, {colour}: no {colour} way yet. Stack {colour} on a pile, or p to end."
        return (f"{name}, {colour}: no {colour} way and none held: "
                + ("x restocks, " if view["can_restock"] else "") + "p ends the turn.")

    # -- moves ----------------------------------------------------------------------------------------

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        return [m for m in moves if m.kind not in ("deploy", "move")]

    def action_key(self, move: Move, index: int) -> str:
        if move.kind in KEYS:
            return KEYS[move.kind]
        return str(index + 1) if index < 9 else ""

    def current_actions(self):
        # steals are numbered from 1 whatever comes before them in the bar
        actions = super().current_actions()
        number = 0
        out = []
        for action in actions:
            if action.move.kind in ("steal", "take"):
                number += 1
                action = type(action)(str(number) if number <= 9 else "", action.label, action.seat, action.move)
            out.append(action)
        return out

    def keys_help(self) -> str:
        return super().keys_help() + (
            "\n## Keys of the board\n\n"
            "- `r` rolls the die. `x` restocks, `p` ends the turn where you stand, digits steal.\n"
            "- Choose a square by typing its name (`e4`), with the arrows and Enter, or with a click:\n"
            "  your own pawn lights the squares it can walk to (marked »); a lit square walks there; any other\n"
            "  free pile gets a chip of the rolled colour from your stockpile.\n"
            "- ◎ marks the targets of the side to act. The line under the board tells the square under the\n"
            "  cursor: its pile from the top down.\n")

    def on_events(self, events) -> None:
        """The chosen pawn stays chosen while the turn lasts (a chip stacked may open it a way); a new
        turn or phase lets go of it (`show_table`)."""

    def square_chosen(self, seat: int, index: int) -> None:
        """A square chosen on the board: your pawn (to see its way), a lit square (to walk there), a
        pile (to stack a chip on it). Anything else is handed to the rules, which say why not."""
        view = self.game.view(seat)
        if view["phase"] == "act" and index == view["pawns"][seat]:
            self.selected = None if self.selected is not None else index
            self.error = ""
            self.refresh_table()
            return
        super().square_chosen(seat, index)

    def square_move(self, seat: int, index: int) -> Move:
        view = self.game.view(seat)
        if view["phase"] == "act" and index in view["deploy_to"] and index not in view["destinations"]:
            return Move("deploy", (index,))
        return Move("move", (index,))
