"""Magic Hate Ball's referee screen: each player's handicap and points (who is in, who dropped out), the
balls on the table and the shot being entered. Before the break, each person's handicap is proposed
from the store (4 for a newcomer) and confirmed with `h` (`+` and `-` change it). Then a shot is a few
keys: `b` for each ball sunk, then `d` (a legal shot) or the foul's key.

`PoolScreen` (used by the Wild Bill and One Ball screens too): the keys of the referee's moves, and on
this screen (the game's option "table"), the pool table in the terminal: the balls where the rules say
they are (the view's "balls"), the person to shoot aiming and shooting with the table's keys (the cue
ball in hand placed first, behind the Head String), the shot's outcome (the table's `Shot`) made the
game's one move of the shot; a computer's shot is shown by simulating its recorded stroke again (the
recorded outcome at its end), at once where the computer does not wait (pace 0)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.magic_hate_ball import HANDICAP_RANGE, START_HANDICAP
from tabletop_tui.rules.pool import POCKETS, SCREEN, SHOT, move_outcome, outcome_move
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.pool_table import PoolTable

#: the referee's keys, the same in the three games
FOUL_KEYS = {"scratch": "x", "no-hit": "n", "no-rail": "r", "behind": "h", "break": "k", "other": "o"}
#: the pockets as the table lies: head corners 4 and 7, side pockets 5 and 8, foot corners 6 and 9
POCKET_KEYS = dict(zip(POCKETS, ("4", "7", "5", "8", "6", "9")))
MOVE_KEYS = {"sink": "b", "done": "d", "made": "m"}
NAME_WIDTH = 10


class PoolScreen(GameScreen):
    """What the three pool screens share: a key per referee's move; on this screen, the table."""

    DEFAULT_CSS = """
    PoolScreen #felt { height: 1fr; min-height: 8; }
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._computer_shot: tuple[int, Move, int | None] | None = None  # the computer's shot being shown
        self._news_shot = False  # another screen's shot being shown (made there)
        self._aiming_at = -1  # the number of moves when the person's aim began (a shot after an undo is not theirs)
        self._hand_at = -1  # the number of moves when the cue ball in hand was last given

    @property
    def on_screen(self) -> bool:
        """The balls roll on this screen (the game's option), not on a real table."""
        return self.game.options.get("table") == SCREEN

    def compose_table(self) -> ComposeResult:
        yield TextLines(id="pool-table")
        if self.on_screen:
            yield PoolTable(id="felt", aiming=False)
        else:
            yield TextLines(id="pool-players")

    def on_mount(self) -> None:  # (Textual calls GameScreen's own on_mount too)
        if self.on_screen:
            self.query_one("#felt", PoolTable).focus()

    def show_table(self, view: dict) -> None:
        if self.on_screen:
            self.show_felt(view)  # first: the call it follows is said above it
        self.query_one("#pool-table", TextLines).show_lines(self.table_lines(view))
        if not self.on_screen:
            self.query_one("#pool-players", TextLines).show_lines(self.player_lines(view))

    # -- the table on this screen ------------------------------------------------------------------

    def shooter(self, view: dict) -> int | None:
        """The seat to shoot now (None before the shots: Magic Hate Ball's handicaps)."""
        return view["to_act"][0] if view["to_act"] else None

    def show_felt(self, view: dict) -> None:
        felt = self.query_one("#felt", PoolTable)
        if felt.rolling:
            return  # the shot shown ends where the rules then put the balls
        moves = len(self.game.history)
        if self.part_changed("felt", (moves, str(view.get("balls")))):
            felt.set_positions(view.get("balls") or {})
        seat = self.shooter(view)
        person = seat is not None and self.may_act(seat) and self._computer_shot is None
        felt.aiming = person
        felt.calling = person and self.calls(view)
        if not person:
            felt.placing = None
        elif self._aiming_at != moves:
            self._aiming_at = moves
            felt.set_call(None, fixed=False)
            felt.follow_aim()
            if view.get("cue_in_hand") and self._hand_at != moves:
                self._hand_at = moves
                felt.place_cue(True)
        felt._changed(status=True)

    def calls(self, view: dict) -> bool:
        """Whether the shot is called before it is played (One Ball after the break)."""
        return False

    def on_pool_table_shot(self, message: PoolTable.Shot) -> None:
        message.stop()
        if self._computer_shot is not None:
            seat, move, turn = self._computer_shot
            self._computer_shot = None
            GameScreen.computer_step(self, (seat, move), turn)
            return
        if self._news_shot:  # another screen's shot, made there: shown, now the balls as the rules say
            self._news_shot = False
            self._part_keys.pop("felt", None)
            self.refresh_table()
            return
        felt = self.query_one("#felt", PoolTable)
        view = self.game.view(self.viewer())
        seat = self.shooter(view)
        if seat is None or not self.may_act(seat) or self._aiming_at != len(self.game.history) or felt.stroke is None:
            self._part_keys.pop("felt", None)  # a shot for a table that is no more: the balls as the rules say
            self.refresh_table()
            return
        cue, angle, power = felt.stroke
        outcome: dict[str, Any] = dict(message.outcome)
        if self.calls(view) and felt.call is not None:
            outcome["call"] = list(felt.call)
        if not self.submit(seat, outcome_move(outcome, cue=cue, aim=angle, power=power)):
            self._part_keys.pop("felt", None)
            self._aiming_at = -1
            self.refresh_table()

    def on_pool_table_placed(self, message: PoolTable.Placed) -> None:
        message.stop()
        self.refresh_table()  # the prompt: now aim

    def computer_step(self, step, turn: int | None = None) -> None:
        """A computer's shot is shown before it is made: its recorded stroke simulated again for the frames,
        the recorded outcome at the end (where the computer waits at all: at pace 0 it is made at once)."""
        seat, move = step
        outcome = move_outcome(move) if self.on_screen and move.kind == SHOT else None
        if (outcome is None or self.app.bot_delay <= 0 or "aim" not in outcome or "power" not in outcome
                or not self.step_is_current(turn)):
            super().computer_step(step, turn)
            return
        self._computer_shot = (seat, move, turn)
        self.show_shot(outcome)

    def show_shot(self, outcome: dict[str, Any]) -> None:
        """A shot made elsewhere (a computer's, another screen's) rolled on the table: its recorded stroke
        simulated again for the frames, its recorded outcome at the end."""
        felt = self.query_one("#felt", PoolTable)
        felt.aiming = False
        felt.placing = None
        recorded = {k: v for k, v in outcome.items() if k not in ("cue", "aim", "power")}
        felt.replay(recorded, outcome["aim"], outcome["power"], outcome.get("cue"))

    def show_news(self) -> None:
        """On several screens: another screen's shot is shown rolling here, as a computer's is (one shot
        come alone: after several, the balls are put where the rules say)."""
        session = self.session
        if self.on_screen and len(session.news) == 1 and not session.reloaded and self.game.history:
            move = self.game.history[-1][1]
            outcome = move_outcome(move) if move.kind == SHOT else None
            felt = self.query_one("#felt", PoolTable)
            if outcome is not None and "aim" in outcome and "power" in outcome and not felt.rolling:
                self._news_shot = True
                self.show_shot(outcome)
        super().show_news()

    def action_undo(self) -> None:
        if self.on_screen:
            felt = self.query_one("#felt", PoolTable)
            self._computer_shot = None
            felt.skip()
            self._part_keys.pop("felt", None)
            self._aiming_at = self._hand_at = -1
        super().action_undo()

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        if self.on_screen:  # a shot is played on the table, not chosen from a list
            return [m for m in moves if m.kind != SHOT]
        return moves

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
        if self.on_screen:
            return (super().keys_help() + "- The table: `←` `→` turn the aim (2 degrees; with shift or ctrl a "
                    "quarter of a degree), `↑` `↓` (or `+` `-`) the power by a tenth, `1`-`9` and `0` set it "
                    "(10%-100%), Space or Enter shoots; while the balls roll, Space, Enter or `s` skips to where "
                    "they stop. Cue ball in hand: the arrows move it (shift: finely), Enter puts it down. One "
                    "Ball's call: `b` the next ball, `p` the next pocket (it follows the aim until you choose).\n")
        return (super().keys_help() + "- The referee's keys: `b` a ball sunk, `d` the shot is over (legal), `m` the "
                "called ball made (One Ball), `1`-`3` the balls the cue ball touched (Wild Bill); the pockets "
                "as the table lies, `4` `5` `6` along the left rail from the head, `7` `8` `9` along the right; "
                "fouls: `x` scratch, `n` no ball hit, `r` no rail after the contact, `h` not below the Head "
                "String from the hand, `k` the break missed the Foot Spot ball, `o` another foul.\n")


def felt_line(view: dict, lead: str, on_the_break: str, inning: bool) -> Text:
    """The line above the table on this screen: `lead` (the balls left, the points to win), then the
    break's words, the cue ball in hand, or (where `inning`) the inning's points so far."""
    line = Text(f"{lead}   ", style="bold")  # (a part's leading spaces are not drawn)
    if view["over"]:
        pass
    elif view["is_break"]:
        line.append(on_the_break, style="cyan")
    elif view["in_hand"]:
        line.append("Cue ball in hand: shoot below the Head String.", style="bold red")
    elif inning:
        line.append(f"This inning: {view['inning_points']:+d}", style="cyan")
    return line


def marker(seat: int, view: dict) -> Text:
    """A line's start: an arrow for the player who shoots (styled alone, not the whole line)."""
    line = Text()
    line.append("▶ " if seat == view.get("current") else "  ", style="bold green")
    return line


class MagicHateBallScreen(PoolScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._proposed: dict[int, int] = {}

    def shooter(self, view: dict) -> int | None:
        return None if view["phase"] == "handicaps" else super().shooter(view)

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
        return super().listed_moves(seat, moves)

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
        if self.on_screen:
            return [felt_line(view, f"{view['on_table']} balls", "The break: it scores nothing.",
                              view["current"] is not None)]
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
        if self.on_screen:
            return shoot_prompt(self, view, seat, f"{me} {'breaks' if view['is_break'] else 'shoots'} "
                                f"({view['scores'][seat]} points)")
        if view["is_break"]:
            return f"{me} breaks: b for each ball sunk, then d, or a foul's key."
        sunk = view["shot_sunk"]
        return (f"{me} shoots ({view['scores'][seat]} points, {view['inning_points']:+d} this inning): "
                f"b per ball sunk{f' ({sunk} so far)' if sunk else ''}, then d, or a foul.")


def shoot_prompt(screen: PoolScreen, view: dict, seat: int, who: str) -> str:
    """The prompt on this screen: who shoots, and how (or that the computer does)."""
    if screen.session.is_computer(seat):
        return f"{who}: the computer shoots."
    if not screen.may_act(seat):  # on several screens: another screen's seat
        return f"{who}, on another screen."
    if view.get("cue_in_hand") and screen.query_one("#felt", PoolTable).placing is not None:
        return f"{who}: place the cue ball behind the Head String (arrows), Enter puts it down."
    return f"{who}: aim with ← →, power ↑ ↓, Space shoots."
