"""One Ball's referee screen: the balls on the table and those that could be spotted, the misses in a
row (four lose), the shots taken; a shot is the call (a pocket's key), then `m` if the called ball
dropped, `b` for any other ball sunk, and `d` (or a foul's key)."""

from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.pool import POCKET_WORDS
from tabletop_tui.ui.screens.magic_hate_ball import PoolScreen


class OneBallScreen(PoolScreen):
    def table_lines(self, view: dict) -> list[Text]:
        line = Text(f"Balls on the table: {view['on_table']}   sunk (to spot): {view['to_spot']}", style="bold")
        misses = Text("Misses in a row: ", style="bold")
        misses.append("●" * view["misses"], style="bold red")
        misses.append("·" * (4 - view["misses"]), style="dim")
        misses.append(f"   shots: {view['shots']}", style="dim")
        entry = Text()
        if view["call"] is not None:
            entry.append(f"Called: {POCKET_WORDS[view['call']]}", style="bold yellow")
            if view["made"]:
                entry.append(", made", style="bold green")
            if view["others"]:
                entry.append(f", {view['others']} other sunk", style="yellow")
        elif view["is_break"] and not view["over"]:
            entry.append("The break: no call, no penalty.", style="cyan")
        return [line, misses, entry]

    def scoreboard(self, view: dict):
        return ["Left", "Shots"], [[view["on_table"], view["shots"]]]

    def prompt(self, view: dict) -> str:
        if view["over"]:
            return view["result"] or ""
        me = view["players"][0]
        if view["is_break"]:
            return f"{me} breaks: b for each ball sunk, then d."
        if view["call"] is None:
            return f"{me}: call the shot, a pocket (4 5 6 left rail, 7 8 9 right, from the head)."
        return f"{me}: m if the called ball dropped, b for any other, then d."
