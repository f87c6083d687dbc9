"""Pontifuse: the nine territories as a board; 1-9 or the arrows and Enter to mark."""

from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.board import BoardScreen
from tabletop_tui.ui.widgets.common import Drawn
from tabletop_tui.ui.widgets.grid import GridBoard, TextLines
from tabletop_tui.ui.widgets.most_lines import MostLines

MARK_STYLE = {"X": "bold #ff6b6b", "O": "bold #4aa3ff"}
KEYS = {"heads": "h", "tails": "t", "English": "e", "Basque": "b"}


class Armies(MostLines, TextLines):
    """The armies above the board, drawn by lines: as high as the most lines it has had at this size of
    the screen (they wrap to a second line once chosen, and fit one when the next board starts, until
    they are chosen again), the rest blank, so that a line fewer lays nothing out and the line more,
    at the next choice, none either. A new size of the screen counts anew."""


class Notes(MostLines, Drawn):
    """The notes below the board (a Static: its last line keeps the space its text ends with), as high
    as the most lines it has had at this size of the screen."""


class PontifuseScreen(BoardScreen):
    def make_board(self) -> GridBoard:
        return GridBoard(3, 3, cell_width=13, cell_height=3)

    def above_board(self):
        yield Armies(id="pf-armies")

    def below_board(self):
        yield Notes(id="pf-notes")

    # -- drawing ----------------------------------------------------------------------------------

    def looking_army(self, view: dict) -> str:
        """Territory names are drawn as the English know them, the whole game long, and the log names
        them so too (the Basque names are the same ones mirrored), so that one name is one square."""
        return "English"

    def show_table(self, view: dict) -> None:
        names = view["players"]
        armies = Text()
        for seat in (0, 1):
            mark = view["marks"][seat]
            if seat:
                armies.append("   ")
            armies.append(names[seat], style="bold")
            if mark:
                armies.append(" ")
                armies.append(mark, style=MARK_STYLE.get(mark, ""))
            role = ("Resonade" if view["resonade"] == seat else "Punchinade") if view["resonade"] is not None else ""
            details = ", ".join(x for x in (view["armies"][seat], role) if x)
            if details:
                armies.append(f" ({details})", style="dim")
        self.query_one("#pf-armies", Armies).show_lines([armies])

        army = self.looking_army(view)
        territories = view["territories"][army]
        # the squares are built again only when what they show changed
        if self.part_changed("board", repr((view["cells"], view["flanked"], view["last"], territories,
                                            view["directions"], self.grid.cell_width))):
            self.set_board(view, territories)

        # (the board's number, and that the earlier boards were scoreless, in the title bar's status:
        # in the notes they wrapped them to a line more at the next board, which laid the screen out)
        notes = Text()
        notes.append("Names as the English know them; the Basque mirror them. ", style="dim")
        if view["early_bird"] is not None:
            notes.append(f"Early bird: {names[view['early_bird']]}.", style="yellow")
        self.query_one("#pf-notes", Notes).update(notes)

    def set_board(self, view: dict, territories: list[str]) -> None:
        """The nine territories: the marks, the flanked ones, the names and their directions."""
        flanked = set(view["flanked"][0]) | set(view["flanked"][1])
        cells = []
        for i in range(9):
            mark = view["cells"][i]
            short = territories[i].split(" (")[0]
            if mark:
                top = Text(mark, style=MARK_STYLE.get(mark, "bold"))
                if i in flanked:
                    top.append(" flanked", style="italic yellow")
            else:
                top = Text(str(i + 1), style="dim")
            style = "bold" if mark else ""
            width = self.grid.cell_width
            if len(short) <= width:
                cells.append([top, Text(short, style=style), Text(view["directions"][i], style="dim")])
            else:  # a long name on two lines, never cut: its place on the grid says its direction
                first, _, rest = short.rpartition(" ")
                cells.append([top, Text(first, style=style), Text(rest, style=style)])
        highlight = set(flanked)
        if view["last"] is not None:
            highlight.add(view["last"])
        self.grid.set_cells(cells, highlight)

    def scoreboard(self, view: dict):
        rows = []
        for seat in (0, 1):
            rows.append([Text(view["marks"][seat] or "-", style=MARK_STYLE.get(view["marks"][seat], "")),
                         len(view["flanked"][seat]), view["scores"][seat]])
        return ["Mark", "Flanked", "Points"], rows

    def status(self, view: dict) -> str:
        number = view["board_number"]
        return (f"board {number}" + (f" of at most {view['replay_limit']}" if view["replay_limit"] else "")
                + (f" (the earlier {'one' if number == 2 else number - 1} scoreless)" if number > 1 else ""))

    def prompt(self, view: dict) -> str:
        names = view["players"]
        if view["over"]:
            return view["result"] or "The game is over."
        seat = view["to_act"][0]
        if view["phase"] == "call":
            return f"{names[view['flipper']]} flips the coin: {names[seat]}, call it in a stout voice."
        if view["phase"] == "army":
            return f"{names[seat]}, the Punchinade, chooses an army (the hoop is yours either way)."
        mark = view["marks"][seat]
        return f"{names[seat]} ({mark}) to mark a territory: 1-9, or the arrows and Enter."

    # -- moves ------------------------------------------------------------------------------------

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        return [m for m in moves if m.kind != "place"]

    def action_key(self, move: Move, index: int) -> str:
        return KEYS.get(move.args[0], str(index + 1)) if move.args else str(index + 1)

    def key_square(self, key: str) -> int | None:
        return int(key) - 1 if key in "123456789" else None

    def square_move(self, seat: int, index: int) -> Move:
        """Mark the territory; the rules say why if they refuse it."""
        return Move("place", (index,))
