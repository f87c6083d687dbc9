"""One Ball's referee screen: the balls on the table and those that could be spotted, the misses in a
row (four lose), the shots taken; a shot is the call (a pocket's key), then `m` if the called ball
dropped, `b` for any other ball sunk, and `d` (or a foul's key). On this screen, the table (see
`PoolScreen`), the call made before the shot with `b` (the next ball) and `p` (the next pocket), drawn on
the table; until then it follows the aim."""

from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.pool import POCKET_SHORT, POCKET_WORDS, POCKETS
from tabletop_tui.ui.screens.magic_hate_ball import PoolScreen, shoot_prompt
from tabletop_tui.ui.widgets.pool_table import PoolTable


class OneBallScreen(PoolScreen):
    def calls(self, view: dict) -> bool:
        return not view["is_break"]

    def unlisted_key(self, key: str) -> bool:
        """On this screen: `b` calls the next ball on the table, `p` the next pocket."""
        if not self.on_screen or key not in ("b", "p"):
            return False
        view = self.game.view(self.viewer())
        felt = self.query_one("#felt", PoolTable)
        if not self.calls(view) or not felt.aiming or felt.rolling or not self.may_act(0):
            return False
        balls = sorted(b for b in felt.positions if b != 0)
        if not balls:
            return False
        ball, pocket = felt.call or (balls[0], POCKETS[0])
        if key == "b":
            ball = balls[(balls.index(ball) + 1) % len(balls)] if ball in balls else balls[0]
        else:
            pocket = POCKETS[(POCKETS.index(pocket) + 1) % len(POCKETS)]
        felt.set_call((ball, pocket))
        self.refresh_table()
        return True

    def table_lines(self, view: dict) -> list[Text]:
        if self.on_screen:
            # (each part's spaces at the end of the part before: a part's leading spaces are not drawn)
            line = Text(f"{view['on_table']} balls ", style="bold")
            line.append("●" * view["misses"], style="bold red")
            line.append("·" * (4 - view["misses"]) + "  ", style="dim")
            if self.is_mounted and self.calls(view) and not view["over"]:
                call = self.query_one("#felt", PoolTable).call
                said = f"the {call[0]} in {POCKET_SHORT[call[1]]}" if call else "aim at a ball"
                line.append(f"Call: {said} (b p)", style="bold yellow")
            elif view["is_break"] and not view["over"]:
                line.append("The break: no call.", style="cyan")
            return [line]
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
        if self.on_screen:
            return shoot_prompt(self, view, 0, f"{me} {'breaks' if view['is_break'] else 'shoots'} "
                                f"(shot {view['shots'] + 1})")
        if view["is_break"]:
            return f"{me} breaks: b for each ball sunk, then d."
        if view["call"] is None:
            return f"{me}: call the shot, a pocket (4 5 6 left rail, 7 8 9 right, from the head)."
        return f"{me}: m if the called ball dropped, b for any other, then d."
