"""Small screens laid over others: confirm, the hand-off curtain, rules help, the full log, too small."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

if TYPE_CHECKING:
    from textual.widgets import Input


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question. y/Enter says yes, n/Escape says no."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str = ""):
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question, style="bold"), classes="dialog-title")
            if self.detail:
                yield Static(Text(self.detail), classes="dialog-body")
            yield Static(Text.assemble((" y ", "bold reverse"), " yes    ", (" n ", "bold reverse"), " no"),
                         classes="dialog-keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class AskScreen(ModalScreen[str | None]):
    """Asks for one line of text (a file name). Enter accepts, Escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, value: str = ""):
        super().__init__()
        self.question = question
        self.value = value

    def compose(self) -> ComposeResult:
        from textual.widgets import Input  # loaded when first asked, not before the launcher paints

        with Vertical(classes="dialog"):
            yield Static(Text(self.question, style="bold"), classes="dialog-title")
            yield Input(value=self.value, id="answer")
            yield Static(Text("Enter to accept, Escape to cancel", style="dim"), classes="dialog-keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CurtainScreen(ModalScreen[None]):
    """Pass the keyboard: nothing private shows until the named person lifts the curtain with the key
    it shows (a digit that changes from one curtain to the next, never Enter: the person before passed
    with Enter, and a held or doubled Enter must not show the next person's hand to the one who just
    moved), or a click on that key. Every key and click is dropped until the curtain is drawn and for
    `PAUSE` seconds after; once it is lifted, the same key again (doubled or held) and a click are
    dropped for the app's `LIFT_ECHO` seconds. Rules, save-and-leave and quit work behind it."""

    BINDINGS = [
        Binding("question_mark", "behind('rules')", "Rules"),
        Binding("s", "behind('save')", "Save & leave"),
        Binding("q", "behind('quit_game')", "Quit"),
    ]
    #: seconds after it is drawn during which the curtain takes no key and no click
    PAUSE = 0.6
    #: what the pause is measured by (a test puts in a clock of its own)
    clock = staticmethod(time.monotonic)

    def __init__(self, name: str, reason: str = "", game_screen=None, key: str = "7"):
        super().__init__()
        self.player = name
        self.reason = reason
        self.game_screen = game_screen  # what the rules, save-and-leave and quit keys act on
        self.key = key  # the key that lifts it
        #: when the curtain was drawn (by `clock`); None until then
        self.drawn_at: float | None = None
        self._bindings.bind(key, "lift", "Lift the curtain")

    def action_behind(self, what: str) -> None:
        """The game's own keys, from behind the curtain: its rules, save and leave, quit (asked)."""
        if self.game_screen is not None:
            getattr(self.game_screen, f"action_{what}")()

    def compose(self) -> ComposeResult:
        with Vertical(classes="curtain"):
            yield Static(Text(f"Pass to {self.player}", style="bold"), classes="curtain-title")
            if self.reason:
                yield Static(Text(self.reason, style="italic"), classes="curtain-body")
            yield Static(Text(f"{self.player}, when the others are not looking:"), classes="curtain-body")
            yield LiftLine(Text.assemble("press ", (f" {self.key} ", "bold reverse"), " (or click here)"),
                           classes="curtain-body", id="curtain-lift")
            yield Static(Text("Not Enter: a key held down or pressed twice never lifts the curtain.",
                              style="dim"), classes="curtain-body", id="curtain-note")
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        self.drawn_at = self.clock()

    def ready(self) -> bool:
        """The curtain has been on screen for the pause: a key or a click now was meant for it."""
        return self.drawn_at is not None and self.clock() - self.drawn_at >= self.PAUSE

    def on_key(self, event) -> None:
        if event.key in ("enter", "space") and self.ready():
            # said again, plainly: Enter is not the key
            self.query_one("#curtain-note", Static).update(
                Text(f"Press {self.key} to lift the curtain (not Enter).", style="bold"))

    def action_lift(self) -> None:
        if self.ready():
            lifted = getattr(self.app, "curtain_lifted", None)
            if lifted is not None:  # the same key pressed twice, or held, must not act on the table
                lifted(self.key, self.clock)
            self.dismiss(None)


class LiftLine(Static):
    """The curtain's line that names its key: a click on it lifts the curtain too (after the pause)."""

    def on_click(self, event) -> None:
        event.stop()
        self.screen.action_lift()


class RulesScreen(ModalScreen[None]):
    """The game's rules help, in Markdown, scrollable."""

    def __init__(self, title: str, markdown: str, back: str = "Back to the game"):
        super().__init__()
        self.title_text = title
        self.markdown = markdown
        # the footer says where closing it goes back to: the game, the games, the setup
        self._bindings.bind("escape,question_mark,q", "close", back)

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # loaded on first use: it is slow to import

        with VerticalScroll(classes="sheet", id="rules-scroll"):
            yield Markdown(self.markdown)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(ModalScreen[None]):
    """The whole move log of the game."""

    BINDINGS = [Binding("escape,l,q", "close", "Back")]

    def __init__(self, title: str, lines: list[str]):
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="sheet", id="log-scroll"):
            yield Static(Text(self.title_text, style="bold"))
            if not self.lines:
                yield Static("Nothing yet.")
                return
            # numbers in a column of their own, so that a long line wraps under its text (a hanging indent)
            table = Table.grid(padding=(0, 1))
            table.add_column(justify="right", style="dim")
            table.add_column(ratio=1)
            for i, line in enumerate(self.lines):
                table.add_row(f"{i + 1}.", Text(line))
            yield Static(table, id="log-lines")
        yield Footer()

    def on_mount(self) -> None:
        scroll = self.query_one("#log-scroll")
        scroll.focus()
        scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class TooSmallScreen(ModalScreen[None]):
    """Shown instead of a broken table while the terminal is smaller than the game needs."""

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit")]

    def __init__(self, need: tuple[int, int]):
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def show_size(self, width: int, height: int) -> None:
        w, h = self.need
        self.query_one("#too-small-text", Static).update(
            Text(f"The terminal is {width}x{height}.\ntabletop-tui needs at least {w}x{h}.\n"
                 "Make the window larger:\nthe game waits as it was.\n(ctrl+q quits)",
                 justify="center")
        )

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self.app.check_size)  # the terminal may have grown meanwhile


#: the setting (`app.setting`, true or false) that plays a person's only move, where the game declares
#: that such a move tells nothing, without passing the keyboard round the curtain
FORCED_SETTING = "forced_moves"


class SettingsScreen(ModalScreen[None]):
    """Settings of the whole collection, remembered: the computer players' pace and level, and whether
    a person's forced move that tells nothing is played without passing the keyboard."""

    DEFAULT_CSS = """
    #level-line { height: 1; }
    #level-label { width: auto; margin: 0 1 0 0; }
    #level { layout: horizontal; width: auto; height: 1; }
    #level > RadioButton { width: auto; margin: 0 2 0 0; }
    """
    BINDINGS = [Binding("escape,o", "close", "Back")]
    PACES = (("slow", "Slow: 1.5 s a move"), ("normal", "Normal: 0.6 s a move"), ("fast", "Fast: 0.2 s a move"),
             ("instant", "Instant"))
    LEVELS = (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal
        from textual.widgets import Checkbox, RadioButton, RadioSet

        from tabletop_tui.session import LEVEL_SETTING

        pace = self.app.setting("pace", "normal")
        level = self.app.setting(LEVEL_SETTING, "normal")
        with Vertical(classes="dialog"):
            yield Static(Text("Settings", style="bold"), classes="dialog-title")
            yield Static("How fast the computer players move, so that you can follow them:", classes="dialog-body")
            with RadioSet(id="pace"):
                for value, label in self.PACES:
                    yield RadioButton(label, value=value == pace, id=f"pace-{value}")
            with Horizontal(id="level-line"):
                yield Static("How well they play:", id="level-label")
                with RadioSet(id="level", compact=True, tooltip=self.levelled()):
                    for value, label in self.LEVELS:
                        yield RadioButton(label, value=value == level, id=f"level-{value}", compact=True)
            yield Static("Behind the curtain, a move that is someone's only choice, where everyone can see "
                         "it is (a deal, a surrender to a King):", classes="dialog-body")
            yield Checkbox("Play it without passing the keyboard", bool(self.app.setting(FORCED_SETTING, False)),
                           id="forced")
            keys = Static(Text("Arrows and Enter to choose, Tab to the next setting; Escape to go back.",
                               style="dim"), classes="dialog-keys")
            keys.styles.margin = 0  # the level's line takes the blank line above: the dialog fits 80x24
            yield keys
        yield Footer()

    @staticmethod
    def levelled() -> str:
        """Which games the level changes: those whose computer player has more than one level."""
        from tabletop_tui import catalog

        titles: list[str] = []
        for info in catalog.GAMES:
            if len(info.bot_class().levels) > 1:
                name = "the Castles" if info.bot.endswith(":CastleBot") else info.title
                if name not in titles:
                    titles.append(name)
        shown = ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)
        return (f"The level changes how {shown} play; the other computer players play one way." if titles
                else "Every computer player plays one way.")

    def on_mount(self) -> None:
        self.query_one("#pace").focus()

    def on_radio_set_changed(self, event) -> None:
        from tabletop_tui.session import LEVEL_SETTING

        if event.radio_set.id == "level":
            self.app.remember(LEVEL_SETTING, event.pressed.id.removeprefix("level-"))
        else:
            self.app.remember("pace", event.pressed.id.removeprefix("pace-"))

    def on_checkbox_changed(self, event) -> None:
        if event.checkbox.id == "forced":
            self.app.remember(FORCED_SETTING, bool(event.value))

    def action_close(self) -> None:
        self.dismiss(None)

