"""Headless in Seattle: every seat's Fighters, its card in hand and what is left of its deck; in real
time, every person at the keyboard playing at once with a zone of keys of their own.

Two ways through the screen:

- **Live** (real time, one to four people at the keyboard): no curtain (nothing is hidden at the
  table but the order of the decks). Each person gets a zone of five keys (`ZONES`), drawn beside
  their seat: the first two move their aim from one player to the next, the other three play their
  card on the aimed player's Jack, Queen or King. The computer seats play on a Textual timer at the
  table's pace (the `pace` option), each deciding from its own seat's view when its time comes. A
  countdown (3, 2, 1) starts the fight, and again after a pause; `space` pauses everybody (zone keys
  dropped, the computers' clock stopped) and gives the usual keys back (rules, log, save, quit), which
  no zone uses. The game's end goes to the results.
- **In turns** (the `turns` mode; or real-time rules with more people than zones, or a table that
  forces the curtain): the shared screen's own flow, the action bar and the curtain. With real-time
  rules, the next to play is the first the rules list (a clock of even speeds).

The table is a column of seats, two lines each, each a `Drawn` of fixed height drawn again only when
what it shows changed: a play redraws the player's line and its target's, and no layout.
"""

from __future__ import annotations

import random
import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from tabletop_tui.rules.engine import IllegalMove, Move
from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.headless_in_seattle import FIGHTER_NAME, FIGHTERS, REALTIME, points
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import chip
from tabletop_tui.ui.widgets.common import Action, ActionBar, Drawn
from tabletop_tui.ui.widgets.grid import TextLines

#: the key zones, one for each person at the keyboard, on a common QWERTY keyboard: aim at the
#: previous player, at the next, play on the Jack, the Queen, the King. None of them is a key the
#: screen keeps for itself (? u l s q, space).
ZONES = ("zxcvb", "nm,./", "12345", "67890")
#: the computer's seconds between two cards, by pace (each varies by a third either way)
PACE_SECONDS = {"slow": 3.0, "normal": 1.8, "fast": 0.9}
NAME_WIDTH = 9

COUNTDOWN, RUNNING, PAUSED, OVER = "countdown", "running", "paused", "over"
USUAL_ACTIONS = frozenset({"rules", "undo", "log", "save", "quit_game"})


def short(name: str, width: int = NAME_WIDTH) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def fighter_cell(f: dict, names: list[str]) -> Text:
    """A Fighter in 12 cells: its rank, its Defense card, the total Attack, who takes it as it stands."""
    out = Text()
    out.append(f["rank"], style="bold")
    out.append(" ")
    if f["defense"]:
        out.append(*chip(f["defense"]))
    else:
        out.append(" - ", style="dim")
    attack = f["attack"]
    out.append(f" {attack:>2}", style="bold red" if not f["survives"] else ("dim" if not attack else ""))
    killers = f["killers"]
    if killers:
        lead = names[killers[0]][:3] if len(killers) == 1 else "tie"
        out.append(" " + lead.ljust(3), style="bold")
    else:
        out.append("    ")
    return out


class HeadlessInSeattleScreen(GameScreen):
    DEFAULT_CSS = """
    #hs-arena { height: auto; }
    """
    BINDINGS = [Binding("space", "pause", "Pause/resume")]
    #: seconds of the countdown before the fight starts and after each pause
    COUNTDOWN_SECONDS = 3.0
    #: seconds between two ticks of the clock (None: no timer; a test then calls `tick`)
    TICK: float | None = 0.05
    #: what the real clock is read from
    clock = staticmethod(time.monotonic)
    #: the seed of the computers' thinking times (None: drawn afresh each game; a test fixes it, so
    #: that the same keys play the same game)
    PACE_SEED: int | None = None

    def __init__(self, session, resumed: bool = False, final: bool = False):
        super().__init__(session, resumed, final)
        game = session.game
        people = session.people
        #: the live flow: real time, one to four people at the keyboard (see the module)
        try:
            forced = self.app.force_curtain  # a table made to pass the keyboard behind the curtain
        except Exception:  # no app yet (a screen made outside one)
            forced = None
        self.live = game.mode == REALTIME and len(people) <= len(ZONES) and not final and forced is not True
        self.zones: dict[int, str] = {seat: ZONES[i] for i, seat in enumerate(people)} if self.live else {}
        n = len(game.players)
        self.aims: dict[int, int] = {seat: (seat + 1) % n for seat in self.zones}
        # a game opened from its save waits for space (everyone's hands on their keys first)
        self.state = (PAUSED if resumed else COUNTDOWN) if self.live else RUNNING
        self.remaining = self.COUNTDOWN_SECONDS
        self.elapsed = 0.0  # seconds of fight (the countdown and pauses not counted)
        self._rng = random.Random(self.PACE_SEED)
        self.due: dict[int, float] = {}
        self._timer = None
        self._last_read: float | None = None
        self._seen_view: dict | None = None

    # -- layout ---------------------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        yield TextLines(id="hs-arena")

    def on_mount(self) -> None:
        # (Textual calls GameScreen's on_mount after this one, for the same message)
        if self.live:
            # the fight is on the table alone, the width of the terminal: the last play is in the title
            # bar, the points on each seat's line, the whole log a pause away (l)
            self.query_one("#actions", ActionBar).display = False
            self.query_one("#side").display = False
            self.query_one("#prompt").display = False  # the head line above the seats says it
            pace = PACE_SECONDS[self.game.options["pace"]]
            for seat in self.session.computer:
                self.due[seat] = self._think(pace)
            if self.COUNTDOWN_SECONDS <= 0 and self.state == COUNTDOWN:
                self.state = RUNNING
            if self.TICK is not None:
                self._last_read = self.clock()
                self._timer = self.set_interval(self.TICK, self._on_tick)
            self.refresh_bindings()

    def _think(self, pace: float) -> float:
        return self.elapsed + pace * self._rng.uniform(0.67, 1.33)

    # -- the clock ------------------------------------------------------------------------------------

    def _on_tick(self) -> None:
        now = self.clock()
        last, self._last_read = self._last_read, now
        if last is not None:
            self.tick(now - last)

    def tick(self, seconds: float) -> None:
        """The clock moves on by `seconds` (the timer's, or a test's): the countdown runs down, and
        every computer seat whose time has come plays its card (one each at most)."""
        if not self.live or self.state in (PAUSED, OVER) or not self.is_current:
            return
        if self.state == COUNTDOWN:
            self.remaining -= seconds
            if self.remaining > 0:
                self.show_head()
                return
            self.state = RUNNING
            self.refresh_bindings()
            seconds = -self.remaining
            self.show_head()
        self.elapsed += seconds
        pace = PACE_SECONDS[self.game.options["pace"]]
        for seat in sorted(self.due, key=lambda s: self.due[s]):
            if self.session.over():
                break
            if self.due[seat] <= self.elapsed and self.game.legal_moves(seat):
                move = self.session.bots[seat].decide(_knowledge(self.game, seat))
                self._moving_for = seat
                try:
                    self.submit(seat, move)
                finally:
                    self._moving_for = None
                self.due[seat] = self._think(pace)

    def action_pause(self) -> None:
        """Space: pause everybody, or resume (after a countdown)."""
        if not self.live or self.state == OVER or self.session.over():
            return
        if self.state == PAUSED:
            self.state = COUNTDOWN
            self.remaining = self.COUNTDOWN_SECONDS
            if self.remaining <= 0:
                self.state = RUNNING
        else:
            self.state = PAUSED
        self._last_read = self.clock()
        self.refresh_bindings()
        self.show_head()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "pause":
            return self.live and not self.read_only
        if self.live and action == "undo":
            return False  # no undo in real time: every card played stays played
        if self.live and action in USUAL_ACTIONS and self.state != PAUSED and not self.session.over():
            return False  # while the fight runs, the keys are the zones' and space's alone
        return super().check_action(action, parameters)

    # -- the flow -------------------------------------------------------------------------------------

    @property
    def private(self) -> bool:
        if self.game.mode == REALTIME:
            # nothing at the table is hidden but the order of the decks: the curtain falls only where
            # the table forces it
            return self.app.force_curtain is True and len(self.session.people) >= 2
        return super().private

    def input_open(self) -> bool:
        if self.live:
            return self.state == RUNNING and not self.read_only and not self.session.over()
        return super().input_open()

    def viewer(self) -> int | None:
        if self.live:
            people = self.session.people
            return people[0] if len(people) == 1 else None
        return super().viewer()

    def advance(self) -> None:
        if not self.is_current or self.read_only:
            return
        if self.live:
            if self.session.over():
                self.state = OVER
                if self._timer is not None:
                    self._timer.stop()
                self.refresh_bindings()
                self.later(self.app.bot_delay * 2, self.show_results)
            return
        if self.game.mode == REALTIME and not self.session.over() and not self._pending_bot:
            # real-time rules played one at a time: the next is the first the rules list, a computer
            # or a person
            first = self.game.to_act()[0]
            if self.session.is_computer(first):
                step = (first, self.session.bots[first].decide(_knowledge(self.game, first)))
                self._pending_bot = True
                turn = self._bot_turn
                self.later(self.app.bot_delay, lambda: self.computer_step(step, turn))
                return
            self.maybe_curtain()
            return
        super().advance()

    def maybe_curtain(self) -> None:
        if self.game.mode == REALTIME and not self.live:
            humans = self.session.human_to_act()
            first = self.game.to_act()[0] if self.game.to_act() else None
            if first is None or first not in humans:
                return
        super().maybe_curtain()

    def current_actions(self) -> list[Action]:
        actions = super().current_actions()
        if self.game.mode == REALTIME and not self.live:
            first = self.game.to_act()[0] if self.game.to_act() else None
            return [a for a in actions if a.seat == first]
        return actions

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        return self.game.label(seat, move)

    def action_key(self, move: Move, index: int) -> str:
        return super().action_key(move, index)

    def on_key(self, event) -> None:
        if not self.live or self.read_only:
            return
        key = event.character
        if not key or key == " ":
            return
        for seat, zone in self.zones.items():
            index = zone.find(key)
            if index < 0:
                continue
            event.stop()
            event.prevent_default()
            if not self.input_open():
                return  # counting down, paused, over: the zones wait
            self.zone_key(seat, index)
            return

    def zone_key(self, seat: int, index: int) -> None:
        """One of a zone's five keys: aim back, aim on, play on the aimed Jack, Queen, King."""
        n = len(self.game.players)
        if index < 2:
            self.aims[seat] = (self.aims[seat] + (1 if index else -1)) % n
            self.show_seat(seat, self.game.view(self.viewer()))
            return
        move = Move("play", (self.aims[seat], FIGHTERS[index - 2]))
        if not self.submit(seat, move):
            return

    def submit(self, seat: int, move: Move) -> bool:
        if not self.live:
            return super().submit(seat, move)
        if self.read_only or self.session.over():
            return False
        if seat != self._moving_for and not self.may_act(seat):
            return False
        try:
            events = self.session.play(seat, move)
        except IllegalMove as exc:
            self.error = f"{self.game.players[seat]}: {exc.reason}"
            self.app.bell()
            self.show_head()
            return False
        self.error = ""
        self.report_saving()
        self._last_moves[seat] = events
        self.advance()
        self.refresh_table()
        return True

    # -- drawing --------------------------------------------------------------------------------------

    def refresh_table(self) -> None:
        if not self.live:
            super().refresh_table()
            return
        view = self.game.view(self.viewer())
        self.show_title(view)
        self.show_table(view)
        # the zones' play keys, as actions (for a reader of the action bar: it is not shown)
        bar = self.query_one("#actions", ActionBar)
        bar.actions = self.zone_actions() if self.input_open() else []

    def zone_actions(self) -> list[Action]:
        out = []
        for seat, zone in self.zones.items():
            for i, rank in enumerate(FIGHTERS):
                move = Move("play", (self.aims[seat], rank))
                out.append(Action(zone[2 + i], self.game.label(seat, move), seat, move))
        return out

    def show_title(self, view: dict) -> None:
        """The title bar of the live table: what does not change with a play (the last play is on the
        line above the seats)."""
        title = Text()
        title.append(f" {self.session.info.title} ", style="bold reverse")
        title.append("  real time, " + view["pace"] + " computers", style="dim")
        if not self.session.kept:
            title.append("  not saved", style="bold red")
        self.query_one("#title-bar", Drawn).update(title)

    def head_line(self, view: dict) -> Text:
        """The line above the seats (live): the countdown, the fight and the last play, the pause, or a
        refusal."""
        head = Text()
        if self.error:
            head.append("✗ " + self.error, style="bold red")
            return head
        if self.state == COUNTDOWN:
            head.append(f"Get ready: {max(1, int(self.remaining + 0.999))}", style="bold yellow")
        elif self.state == PAUSED:
            head.append("Paused: space resumes (after a countdown).", style="bold yellow")
            if not self.game.history:
                head = Text("Ready? space starts the fight (after a countdown).", style="bold yellow")
        elif self.session.over():
            head.append(view["result"] or "", style="bold green")
            return head
        else:
            head.append("Fight! ", style="bold green")
            head.append("space pauses", style="dim")
        last = view["last"]
        if last is not None:
            seat, code, owner, rank = last
            names = view["players"]
            head.append("   last: ", style="dim")
            head.append(f"{short(names[seat], 8)} ")
            head.append(*chip(code))
            head.append(f" on {short(names[owner], 8)}'s {rank}")
        return head

    def show_head(self) -> None:
        """The head line drawn again (the countdown, a pause, a refusal)."""
        self.show_table(self.game.view(self.viewer()))

    def status(self, view: dict) -> str:
        return f"{sum(view['played'])} cards played"

    def show_table(self, view: dict) -> None:
        lines = [self.head_line(view)] if self.live else []
        n = len(view["players"])
        room = self.query_one("#table").size.height
        spaced = room >= len(lines) + 3 * n  # a blank line between seats where there is room
        for seat in range(n):
            if spaced and (seat or lines):
                lines.append(Text(""))
            lines.extend(self.seat_lines(seat, view))
        self.query_one("#hs-arena", TextLines).show_lines(lines)

    def show_seat(self, seat: int, view: dict) -> None:
        self.show_table(view)

    def seat_lines(self, seat: int, view: dict) -> list[Text]:
        """A seat in two lines: its name, its card in hand, the cards left, its points as they stand
        (live) and its zone of keys with whom it aims at; then its three Fighters."""
        names = view["players"]
        line = Text()
        acting = seat in view["to_act"] and not self.live
        line.append("▶" if acting else " ", style="bold green")
        line.append(short(names[seat]).ljust(NAME_WIDTH), style="bold")
        hand = view["hands"][seat]
        if hand is not None:
            line.append(*chip(hand))
        elif view["holding"][seat]:
            line.append(*chip(None))
        else:
            line.append(" · ", style="dim")
        left = view["decks"][seat] + (1 if view["holding"][seat] else 0)
        line.append(f" {left:>2} left", style="dim")
        if self.live:
            points = view["scores"][seat]
            line.append(f"  {points:>6} pts", style="bold" if points != "0" else "dim")
        zone = self.zones.get(seat)
        if zone is not None:
            aim = self.aims[seat]
            line.append(" ")
            for key, label in zip(zone, "◀▶"):
                line.append(" ")
                line.append(key, style="bold reverse")
                line.append(label)
            line.append(f" {short(names[aim], 6):<6}", style="bold cyan")
            for key, label in zip(zone[2:], FIGHTERS):
                line.append(" ")
                line.append(key, style="bold reverse")
                line.append(label, style="bold")
        elif self.session.is_computer(seat):
            line.append("  (computer)", style="dim")
        fighters = Text("  ")
        for i, f in enumerate(view["fighters"][seat]):
            if i:
                fighters.append("  ")
            fighters.append_text(fighter_cell(f, names))
        return [line, fighters]

    def scoreboard(self, view: dict) -> tuple[list[str], list[list]]:
        rows = []
        for seat in range(len(view["players"])):
            left = view["decks"][seat] + (1 if view["holding"][seat] else 0)
            rows.append([str(left), view["scores"][seat]])
        return ["Left", "Pts"], rows

    def prompt(self, view: dict) -> str:
        if view["over"]:
            return view["result"] or ""
        names = view["players"]
        viewer = self.viewer()
        if viewer is not None and viewer in view["to_act"]:
            hand = view["hands"][viewer]
            what = f"your {card(hand).name[4:]}" if hand else "your card"
            return f"{names[viewer]}: play {what} on a Fighter."
        return super().prompt(view)

    def keys_help(self) -> str:
        zones = "\n".join(f"- zone {i + 1}: `{z[0]}` `{z[1]}` aim, `{z[2]}` `{z[3]}` `{z[4]}` Jack, Queen, King"
                          for i, z in enumerate(ZONES))
        return (
            "\n\n## Keys\n\n"
            "In real time each person at the keyboard has a zone (the first person the first zone, and so on):\n\n"
            f"{zones}\n\n"
            "- `space` pauses everybody and resumes after a countdown; while paused: `?` these rules, `l` the\n"
            "  log, `s` save and go back to the games, `q` quit.\n"
            "- In turns: the keys shown beside each choice at the bottom play it.\n"
        )

    @staticmethod
    def result_detail(game, standing) -> Text:
        """The seat's kills and its shares (the standing's detail), then how each of its own Fighters
        fared: its Defense, the total Attack on it, and who took it or "safe"."""
        out = Text(standing.detail)
        view = game.view(None)
        names = view["players"]
        fights = []
        for f in view["fighters"][standing.seat]:
            defense = str(points_of(f["defense"])) if f["defense"] else "-"
            fate = "safe" if f["survives"] else "+".join(short(names[s], 6) for s in f["killers"])
            if len(f["killers"]) > 1:
                fate += f" {f['share']} each"
            fights.append(f"{f['rank']} {defense}/{f['attack']} {fate}")
        out.append("\nown: " + ", ".join(fights), style="dim")
        return out


def points_of(code: str) -> int:
    return points(card(code))


def _knowledge(game, seat: int):
    from tabletop_tui.bots.base import Knowledge

    return Knowledge(game, seat)


__all__ = ["HeadlessInSeattleScreen", "ZONES", "FIGHTER_NAME"]
