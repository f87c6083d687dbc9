"""Wild Bill's referee screen: the three spots and where the last sunk balls go back, every player's
points, the inning's points and the shot being entered: `1`-`3` the balls the cue ball touched, a
pocket's key for each ball sunk, then `d` (a legal shot) or the foul's key. On this screen, the table
(see `PoolScreen`)."""

from __future__ import annotations

from rich.text import Text

from tabletop_tui.rules.pool import POCKET_WORDS, SPOT_WORDS
from tabletop_tui.ui.screens.magic_hate_ball import NAME_WIDTH, PoolScreen, felt_line, marker, shoot_prompt


class WildBillScreen(PoolScreen):
    def table_lines(self, view: dict) -> list[Text]:
        if self.on_screen:
            return [felt_line(view, f"{view['target']} to win", "The break: first hit the ball on the Foot Spot.",
                              bool(view["inning_points"]))]
        shot = view["shot"]
        line = Text("Spots: Head · Center · Foot", style="bold")
        if view["last_spots"]:
            line = Text("Last respotted: " + ", ".join(SPOT_WORDS[s] for s in view["last_spots"]), style="dim")
        entry = Text()
        if shot["touched"] is not None:
            entry.append(f"This shot: touched {shot['touched']}", style="bold yellow")
            if shot["sunk"]:
                entry.append(", sunk in " + ", ".join(POCKET_WORDS[p] for p in shot["sunk"]), style="bold yellow")
            entry.append(f": {view['shot_points']} points", style="bold yellow")
        elif view["is_break"] and not view["over"]:
            entry.append("The break: first contact the ball on the Foot Spot.", style="cyan")
        elif view["in_hand"]:
            entry.append("Cue ball in hand behind the Head String: shoot below it.", style="bold red")
        return [line, entry]

    def player_lines(self, view: dict) -> list[Text]:
        lines = [Text(f"Player      Points  ({view['target']} to win)", style="bold dim")]
        for seat, name in enumerate(view["players"]):
            line = marker(seat, view)
            line.append(name[:NAME_WIDTH].ljust(NAME_WIDTH), style="bold" if seat == view["current"] else "")
            line.append(f"  {view['scores'][seat]:>6}")
            if seat == view["current"] and view["inning_points"]:
                line.append(f"  {view['inning_points']:+d} this inning", style="cyan")
            if view["winner"] == seat:
                line.append("  wins", style="bold yellow")
            lines.append(line)
        return lines

    def scoreboard(self, view: dict):
        return ["Pts"], [[s] for s in view["scores"]]

    def prompt(self, view: dict) -> str:
        if view["over"]:
            return view["result"] or ""
        me = view["players"][view["current"]]
        if self.on_screen:
            return shoot_prompt(self, view, view["current"], f"{me} {'breaks' if view['is_break'] else 'shoots'} "
                                f"({view['scores'][view['current']]} points)")
        if view["shot"]["touched"] is None:
            what = "breaks" if view["is_break"] else "shoots"
            return f"{me} {what} ({view['scores'][view['current']]} points): how many balls did the cue ball touch?"
        return f"{me}: a pocket's key per ball sunk (4-9), then d, or a foul."
