"""Magic Hate Ball's referee screen: each player's handicap and points (who is in, who dropped out), the
balls on the table and the shot being entered. Before the break, each person's handicap is proposed
from the store (4 for a newcomer) and confirmed with `h` (`+` and `-` change it). Then a shot is a few
keys: `b` for each ball sunk, then `d` (a legal shot) or the foul's key.

`PoolScreen` (used by the Wild Bill and One Ball screens too): the keys of the referee's moves."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.magic_hate_ball import HANDICAP_RANGE, START_HANDICAP
from tabletop_tui.rules.pool import POCKETS
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import TextLines

#: the referee's keys, the same in the three games
FOUL_KEYS = {"scratch": "x", "no-hit": "n", "no-rail": "r", "behind": "h", "break": "k", "other": "o"}
#: the pockets as the table lies: head corners 4 and 7, side pockets 5 and 8, foot corners 6 and 9
POCKET_KEYS = dict(zip(POCKETS, ("4", "7", "5", "8", "6", "9")))
MOVE_KEYS = {"sink": "b", "done": "d", "made": "m"}
NAME_WIDTH = 10


class PoolScreen(GameScreen):
    """What the three referee screens share: a key per move."""

    def compose_table(self) -> ComposeResult:
        yield TextLines(id="pool-table")
        yield TextLines(id="pool-players")

    def show_table(self, view: dict) -> None:
        self.query_one("#pool-table", TextLines).show_lines(self.table_lines(view))
        self.query_one("#pool-players", TextLines).show_lines(self.player_lines(view))

    def table_lines(self, view: dict) -> list[Text]:
        return []

    def player_lines(self, view: dict) -> list[Text]:
        return []

    def action_key(self, move: Move, index: int) -> str:
        if move.kind == "foul":
            return FOUL_KEYS.get(str(move.args[0]), "")
        if move.kind in ("sink", "call") and move.args:
            return POCKET_KEYS.get(str(move.args[0]), "")
        if move.kind == "touched":
            return str(move.args[0])
        if move.kind == "handicap":
            return "h"
        return MOVE_KEYS.get(move.kind, "")

    def keys_help(self) -> str:
        return (super().keys_help() + "- The referee's keys: `b` a ball sunk, `d` the shot is over (legal), `m` the "
                "called ball made (One Ball), `1`-`3` the balls the cue ball touched (Wild Bill); the pockets "
                "as the table lies, `4` `5` `6` along the left rail from the head, `7` `8` `9` along the right; "
                "fouls: `x` scratch, `n` no ball hit, `r` no rail after the contact, `h` not below the Head "
                "String from the hand, `k` the break missed the Foot Spot ball, `o` another foul.\n")


def marker(seat: int, view: dict) -> Text:
    """A line's start: an arrow for the player who shoots (styled alone, not the whole line)."""
    line = Text()
    line.append("▶ " if seat == view.get("current") else "  ", style="bold green")
    return line


class MagicHateBallScreen(PoolScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._proposed: dict[int, int] = {}

    def stored_handicap(self, seat: int) -> int | None:
        store = getattr(self.app, "store", None)
        if store is None:
            return None
        try:
            return store.handicaps().get(self.game.players[seat])
        except Exception:  # a store that cannot be read proposes the newcomer's handicap
            return None

    def proposed(self, seat: int) -> int:
        if seat not in self._proposed:
            stored = self.stored_handicap(seat)
            self._proposed[seat] = START_HANDICAP if stored is None else stored
        return self._proposed[seat]

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        if moves and moves[0].kind == "handicap":
            return [Move("handicap", (self.proposed(seat),))]
        return moves

    def unlisted_key(self, key: str) -> bool:
        waiting = self.game.to_act()
        if key not in "+-" or not waiting or self.game.phase != "handicaps" or not self.may_act(waiting[0]):
            return False
        seat = waiting[0]
        value = self.proposed(seat) + (1 if key == "+" else -1)
        if value in HANDICAP_RANGE:
            self._proposed[seat] = value
        self.refresh_table()
        return True

    def table_lines(self, view: dict) -> list[Text]:
        if view["phase"] == "handicaps":
            return [Text("Handicaps: each player's starting score. The lowest breaks.", style="bold")]
        line = Text(f"Balls on the table: {view['on_table']}", style="bold")
        if view["shot_sunk"]:
            line.append(f"   this shot: {view['shot_sunk']} sunk", style="bold yellow")
        second = Text()
        if view["is_break"] and not view["over"]:
            second.append("The break: from behind the Head String; it scores nothing.", style="cyan")
        elif view["in_hand"]:
            second.append("Cue ball in hand behind the Head String: shoot below it.", style="bold red")
        elif view["current"] is not None:
            second.append(f"This inning: {view['inning_points']:+d}", style="cyan")
        return [line, second]

    def player_lines(self, view: dict) -> list[Text]:
        lines = [Text("Player      Handicap  Points", style="bold dim")]
        for seat, name in enumerate(view["players"]):
            line = marker(seat, view)
            h = view["handicaps"][seat]
            line.append(name[:NAME_WIDTH].ljust(NAME_WIDTH), style="bold" if seat == view["current"] else "")
            line.append(f"  {'?' if h is None else h:>8}  {view['scores'][seat] if h is not None else '':>6}")
            out = view["out"][seat]
            if out:
                line.append("  fouled out" if out == "foul" else "  lost", style="red")
            elif view["winner"] == seat:
                line.append("  wins", style="bold yellow")
            if view["over"] and view["changes"][seat]:
                line.append(f"  handicap {h + view['changes'][seat]}", style="dim")
            lines.append(line)
        return lines

    def scoreboard(self, view: dict):
        return ["Hcp", "Pts"], [["" if h is None else h, s if h is not None else ""]
                                for h, s in zip(view["handicaps"], view["scores"])]

    def status(self, view: dict) -> str:
        return f"{view['on_table']} balls on the table" if view["phase"] == "play" else "handicaps"

    def prompt(self, view: dict) -> str:
        if view["over"]:
            return view["result"] or ""
        names = view["players"]
        seat = view["to_act"][0] if view["to_act"] else None
        if seat is None:
            return ""
        me = names[seat]
        if view["phase"] == "handicaps":
            value = self.proposed(seat)
            stored = self.stored_handicap(seat)
            origin = "kept from earlier games" if stored is not None else "a newcomer's"
            return f"{me}'s handicap: {value} ({origin}). h to confirm, + or - to change."
        if view["is_break"]:
            return f"{me} breaks: b for each ball sunk, then d, or a foul's key."
        sunk = view["shot_sunk"]
        return (f"{me} shoots ({view['scores'][seat]} points, {view['inning_points']:+d} this inning): "
                f"b per ball sunk{f' ({sunk} so far)' if sunk else ''}, then d, or a foul.")
