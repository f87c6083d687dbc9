"""Thief Dice: the two dice, every thief's steals and points, jail and ratting.

The dice are drawn by lines (TextLines), built again only when the roll or the rat they show changed;
the table of thieves only when a thief, the order or the turn changed."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.columns import QuickTable
from tabletop_tui.ui.widgets.common import Drawn
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.things import amount_stack, chip_stack, die_lines, side_by_side

RESULT_STYLE = {
    "steal": "bold green", "two steals": "bold green", "bust": "bold red", "backstab": "bold magenta",
    "close-call": "bold yellow", "nothing": "dim",
}


class ThiefDiceScreen(GameScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._dice_shown: object = None  # what the dice were last drawn from
        self._thieves_shown: object = None  # what the table of thieves was last drawn from

    def compose_table(self) -> ComposeResult:
        yield TextLines(id="td-dice")
        yield Drawn(id="td-thieves", steady=True)  # a line more or less: the notes below stay
        yield Drawn(id="td-notes")

    def show_table(self, view: dict) -> None:
        names = view["players"]
        rat = view.get("last_rat")
        rat = rat if rat and rat.get("round") == view["round"] else None
        drawn_from = repr((names, view["last_roll"], rat))
        if drawn_from != self._dice_shown:
            self._dice_shown = drawn_from
            self.query_one("#td-dice", TextLines).show_lines(self.dice_lines(view, rat))
        drawn_from = repr((names, view["order"], view["current"], view["thieves"], view["steals_to_win"]))
        if drawn_from != self._thieves_shown:
            self._thieves_shown = drawn_from
            self.query_one("#td-thieves", Drawn).update(self.thieves_table(view), key=drawn_from)
        self.query_one("#td-notes", Static).update(self.notes_text(view))

    def dice_lines(self, view: dict, rat: dict | None) -> list[Text]:
        """The two dice of the last roll and what it did; the rat of this round below."""
        names = view["players"]
        roll = view["last_roll"]
        if roll:
            style = RESULT_STYLE.get(roll["result"], "bold")
            dice = [die_lines(f, 6, style=style) for f in roll["faces"]]
            said = [Text(""), Text(f"{names[roll['seat']]} rolled", style="bold"),
                    Text(roll["result"].upper(), style=style)]
            if roll.get("victim") is not None:
                said.append(Text(f"on {names[roll['victim']]}", style="dim"))
        else:
            dice = [die_lines(None), die_lines(None)]
            said = [Text(""), Text("No roll yet this round", style="dim")]
        if rat:
            hit = rat.get("busted")
            said.append(Text(f"{names[rat['seat']]} ratted on {names[rat['target']]}: "
                             + ("busted!" if hit else "no luck"), style="bold red" if hit else "dim"))
        return side_by_side([*dice, said], gap=2)

    def thieves_table(self, view: dict) -> QuickTable:
        names = view["players"]
        table = QuickTable(box=None, padding=(0, 1), show_edge=False, header_style="bold dim")
        table.add_column("", width=1)
        table.add_column("Thief", no_wrap=True)
        table.add_column(f"Steals (of {view['steals_to_win']})", no_wrap=True)
        table.add_column("Points", no_wrap=True)
        # the status may wrap onto a second line: at 80 columns a one-line "JAILED (may rat)" pushed
        # the table past its width, and every column (the points too) was cut short with "…"
        table.add_column("", overflow="fold")
        current = view["current"]
        for seat in view["order"] + [s for s in range(len(names)) if s not in view["order"]]:
            t = view["thieves"][seat]
            marker = Text("▶", style="bold green") if seat == current else Text(" ")
            if t["jailed"]:
                status = Text("JAILED", style="bold red")
                status.append(" (ratted)" if t["ratted"] else " (may rat)", style="dim")
                steals = Text("-", style="dim")
            else:
                status = Text("")
                if t["lost_turns"]:
                    status.append(f"loses {t['lost_turns']} turn{'s' if t['lost_turns'] > 1 else ''}", style="yellow")
                steals = chip_stack(t["steals"], "bold green", full=view["steals_to_win"])
                steals.append(f" {t['steals']}")
            table.add_row(marker, Text(t["name"], style="bold" if seat == current else ""), steals,
                          amount_stack(t["points"], unit=10, width=6), status)
        return table

    def notes_text(self, view: dict) -> Text:
        names = view["players"]
        notes = Text()
        pay = view.get("last_payments")
        if pay:
            notes.append(f"Round {pay['round']} went to {names[pay['winner']]}: ", style="bold")
            notes.append(", ".join(f"{names[p['seat']]} paid {p['paid']}" for p in pay["payments"]) or "nobody paid")
            notes.append(f" ({pay['collected']} in all).")
        return notes

    def scoreboard(self, view: dict):
        rows = []
        for t in view["thieves"]:
            rows.append([t["steals"] if not t["jailed"] else "-", t["points"], t["round_wins"]])
        return ["Steals", "Pts", "Won"], rows

    def status(self, view: dict) -> str:
        rounds = f" of {view['rounds']}" if view["rounds"] else ""
        return f"round {view['round']}{rounds}"

    def prompt(self, view: dict) -> str:
        if view.get("result"):
            return view["result"]
        if view["current"] is None:
            return ""
        return f"{view['players'][view['current']]}, roll the dice."

    def action_key(self, move: Move, index: int) -> str:
        return "r" if move.kind == "roll" else str(index) if index < 10 else ""
