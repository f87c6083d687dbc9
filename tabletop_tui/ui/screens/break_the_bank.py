"""Break the Bank: the Bank and the Kitty as chip stacks, the dice of the last roll, the ladder of rolls
(one die to five) with the chance of getting through each, and every player's money and turns left.

Each of the four parts is drawn by lines (TextLines) from the part of the view it shows, and built
again only when that changed: a line that did not change is neither drawn again nor repainted."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.break_the_bank import dice_words, survival_percent
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.kept import Kept
from tabletop_tui.ui.widgets.things import amount_stack, die_lines, side_by_side

#: Dollars per chip in the Bank and Kitty stacks, and the most chips drawn.
STACK_UNIT, STACK_WIDTH = 5, 24
#: Dollars per chip beside each player, and the most chips drawn.
PLAYER_UNIT, PLAYER_WIDTH = 25, 4
NAME_WIDTH = 6


class BreakTheBankScreen(GameScreen):
    DEFAULT_CSS = """
    #btb-middle, #btb-dice {
        margin-bottom: 1;
    }
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._parts_shown: dict[str, object] = {}  # what each part was last built from
        self._cells: Kept[Text] = Kept(256)  # a player's line by what it shows
        self._dice_kept: dict[tuple, list[Text]] = {}  # a die's lines by its face and style (kept)

    def compose_table(self) -> ComposeResult:
        yield TextLines(id="btb-middle")
        yield TextLines(id="btb-dice")
        yield TextLines(id="btb-ladder")
        yield TextLines(id="btb-players")

    def show_table(self, view: dict) -> None:
        names = view["players"]
        self._part("btb-middle", (view["bank"], view["kitty"], view["breaker"], view["paid"]), self._middle, view)
        self._part("btb-dice", (names, view["last_roll"], view["breaker"]), self._dice, view)
        self._part("btb-ladder", (view["dice"], view["max_dice"], view["over"], view["cost"], view["chance"]),
                   self._ladder, view)
        self._part("btb-players", (names, view["turns"], view["current"], view["money"], view["turns_left"]),
                   self._players, view)

    def _part(self, part: str, drawn_from: tuple, lines, view: dict) -> None:
        """Show a part's lines, built from the view only when what it is drawn from changed."""
        key = repr(drawn_from)
        if self._parts_shown.get(part) != key:
            self._parts_shown[part] = key
            self.query_one(f"#{part}", TextLines).show_lines(lines(view))

    def _middle(self, view: dict) -> list[Text]:
        bank = Text("Bank  ", style="bold")
        bank.append_text(amount_stack(view["bank"], unit=STACK_UNIT, width=STACK_WIDTH))
        if view["breaker"] is not None:
            bank.append("  broken!", style="bold red")
        elif view["bank"] == 0:
            bank.append("  empty", style="bold red")
        kitty = Text("Kitty ", style="bold")
        kitty.append_text(amount_stack(view["kitty"], unit=STACK_UNIT, width=STACK_WIDTH, style="bold green"))
        if view["paid"]:
            kitty.append(f"  paid ${view['paid']}", style="dim")
        return [bank, kitty]

    def _dice(self, view: dict) -> list[Text]:
        names = view["players"]
        roll = view["last_roll"]
        if roll is None:
            return [*die_lines(None, style="dim"), Text("No roll yet.", style="dim")]
        faces = roll["faces"]
        if roll["busted"]:
            dice = [self.die(f, "bold red" if f == 1 else "dim") for f in faces]
        else:
            dice = [self.die(f, "bold green") for f in faces]
        who = names[roll["seat"]]
        if roll["busted"]:
            caption = Text(f"{who} rolled a 1: bust", style="bold red")
            if roll["moved"]:
                caption.append(f", ${-roll['moved']} back to the Bank", style="red")
        else:
            total = sum(faces)
            caption = Text(f"{who} rolled {total}: ", style="bold")
            caption.append(f"+${roll['moved']} to the Kitty", style="bold green")
            if roll["moved"] < total:
                caption.append(", all the Bank had", style="bold red")
        if view["breaker"] is not None:
            caption = Text(f"{names[view['breaker']]} broke the Bank!", style="bold yellow")
        return [*side_by_side(dice, gap=1), caption]

    def die(self, face: int, style: str) -> list[Text]:
        """A die's lines, drawn once for each face and style (side_by_side joins copies of them)."""
        lines = self._dice_kept.get((face, style))
        if lines is None:
            lines = self._dice_kept[face, style] = die_lines(face, style=style)
        return lines

    def _ladder(self, view: dict) -> list[Text]:
        """The five rolls of a turn: those behind in green, the next one highlighted, the rest dim."""
        dice = view["dice"]
        ladder = Text("Dice ", style="bold")
        for k in range(1, view["max_dice"] + 1):
            rung = f"{k}:{survival_percent(k)}%"
            if dice is None or k > dice:
                style = "dim"
            elif k == dice:
                style = "bold reverse"
            else:
                style = "green"
            ladder.append(f" {rung} ", style=style)
        ladder.append("Bank", style="bold yellow" if dice == view["max_dice"] else "dim")
        line = Text()
        if view["over"]:
            line.append("The game is over.", style="bold")
        else:
            goal = "break the Bank" if dice == view["max_dice"] else "get through"
            line.append(f"Next: {dice_words(dice)} for ${view['cost']}, ", style="bold")
            line.append(f"{view['chance']}% to {goal}", style="bold yellow")
        return [ladder, line]

    def _players(self, view: dict) -> list[Text]:
        """Each player's money as chips and turns left as pips; in two columns for more than four."""
        names = view["players"]
        n = len(names)
        turns = view["turns"]
        cells = []
        kept = self._cells
        for seat in range(n):
            # a player's line built only when it shows something new: a key changes one player's money
            # or turns, and whose turn it is, and leaves the other lines as they were
            key = (names[seat], seat == view["current"], view["money"][seat], view["turns_left"][seat], turns)
            cells.append(kept.built(key, lambda: self._player(view, seat)))
        heading = Text("Money and turns left", style="bold dim")
        if n <= 4:
            return [heading, *cells]
        rows = (n + 1) // 2
        return [heading, *side_by_side([cells[:rows], cells[rows:]], gap=1)]

    def _player(self, view: dict, seat: int) -> Text:
        """A player's line: the turn's marker, the name, the money as chips, the turns left as pips."""
        names = view["players"]
        turns = view["turns"]
        cell = Text("▶" if seat == view["current"] else " ", style="bold green")
        cell.append(names[seat][:NAME_WIDTH].ljust(NAME_WIDTH), style="bold" if seat == view["current"] else "")
        cell.append(" ")
        stack = amount_stack(view["money"][seat], unit=PLAYER_UNIT, width=PLAYER_WIDTH)
        stack.pad_right(PLAYER_WIDTH + 5 - stack.cell_len)
        cell.append_text(stack)
        left = view["turns_left"][seat]
        if turns <= 5:
            cell.append("●" * left, style="cyan")
            cell.append("·" * (turns - left), style="dim")
        else:
            cell.append(f"{left:>2} left", style="cyan")
        return cell

    def scoreboard(self, view: dict):
        return ["$", "Turns"], [[m, t] for m, t in zip(view["money"], view["turns_left"])]

    def status(self, view: dict) -> str:
        return f"turn {min(view['turns_played'], view['total_turns'])} of {view['total_turns']}"

    def prompt(self, view: dict) -> str:
        if view["over"]:
            return view["result"] or ""
        me = view["players"][view["current"]]
        cost, dice, chance = view["cost"], view["dice"], view["chance"]
        roll = f"pay ${cost} and roll {dice_words(dice)} ({chance}% to get through)"
        if dice == 1:
            taken = view["turns"] - view["turns_left"][view["current"]]
            return f"{me}: {roll}. Turn {taken} of {view['turns']}."
        take = f"take the Kitty (${view['kitty']})"
        if view["bank"] == 0:
            take += " and break the Bank"
        if not view["can_pay"]:
            return f"{me} cannot pay ${cost} for another roll: {take}."
        return f"{me}: {take}, or {roll}?"

    def action_key(self, move: Move, index: int) -> str:
        return {"roll": "r", "take": "t"}.get(move.kind, "")
