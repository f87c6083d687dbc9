"""New-game setup: how many players, their names, human or computer, the game's options, a seed."""

from __future__ import annotations

from rich.text import Text
from textual import _time, events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Select, Static

from tabletop_tui.names import MAX_NAME, name_problem
from tabletop_tui.rules.engine import MAX_SEED, seed_problem
from tabletop_tui.catalog import GameInfo
from tabletop_tui.seeding import new_seed

DEFAULT_NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


class SetupScreen(Screen):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
        Binding("question_mark", "rules", "Rules", show=False),
    ]

    def __init__(self, info: GameInfo):
        super().__init__()
        self.info = info
        self.rules = info.rules_class()
        remembered = self.app_settings("names", [])
        self.names = [*remembered, *[n for n in DEFAULT_NAMES if n not in remembered]]
        self.computer = set(self.app_settings("computer", []))
        self.count = max(info.min_players, min(info.max_players, len(remembered) or info.min_players))

    def app_settings(self, key: str, default):
        try:
            from textual import active_app

            store = active_app.get().store
            value = store.get_setting(f"setup.{self.info.id}.{key}") if store else None
        except Exception:
            value = None
        return value if value is not None else default

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble((f" New game: {self.info.title} ", "bold reverse"), f"  {self.info.players_label}"),
                     id="title-bar")
        with VerticalScroll(id="setup-form"):
            if self.info.min_players != self.info.max_players:
                with Horizontal(classes="field"):
                    yield Static("Players", classes="field-label")
                    yield Select(
                        [(str(n), n) for n in range(self.info.min_players, self.info.max_players + 1)],
                        value=self.count, allow_blank=False, id="count", compact=True,
                    )
            for seat in range(self.info.max_players):
                with Vertical(classes="seat", id=f"seat-{seat}"):
                    with Horizontal(classes="field"):
                        yield Static(f"Seat {seat + 1}", classes="field-label")
                        yield NameInput(value=self.names[seat], id=f"name-{seat}", max_length=MAX_NAME, classes="name",
                                        compact=True)
                        yield Mark("Computer", value=seat in self.computer, id=f"computer-{seat}", compact=True)
                        remote = Mark("Other screen", value=False, id=f"remote-{seat}", compact=True)
                        remote.display = self.several_screens()
                        yield remote
                    yield Static(classes="field-error", id=f"error-name-{seat}")
            remembered = self.app_settings("options", {})
            for option in self.rules.OPTIONS:
                value = _remembered(option, remembered)
                with Horizontal(classes="field"):
                    yield Static(option.label, classes="field-label")
                    if option.kind == "bool":
                        yield Switch(value, id=f"opt-{option.key}")
                    elif option.kind == "choice":
                        yield Select([(label, value) for value, label in option.choices], value=value,
                                     allow_blank=False, id=f"opt-{option.key}", compact=True)
                    else:
                        yield Input(value=str(value), id=f"opt-{option.key}", type="integer", classes="number",
                                    compact=True)
                    if option.help:
                        yield Static(Text(option.help, style="dim"), classes="field-help")
                yield Static(classes="field-error", id=f"error-opt-{option.key}")
            with Horizontal(classes="field") as curtain_row:
                curtain_row.display = self.rules.max_players > 1  # one player: nobody to hide from
                yield Static("Curtain", classes="field-label")
                yield Switch(self.rules.curtain_by_default(), id="curtain")
                why = ("" if self.rules.curtain_by_default() else
                       " (what this game hides, it hides from everyone alike: off unless you want it)"
                       if self.rules.hidden_information else " (this game hides nothing: off unless you want it)")
                yield Static(Text("hide the table between people's turns, so that each sees only their own "
                                  "cards" + why, style="dim"), classes="field-help")
            with Horizontal(classes="field", id="takeover-row") as takeover_row:
                takeover_row.display = False  # shown once a seat is marked "other screen"
                yield Static("Other screens", classes="field-label")
                yield Switch(False, id="takeover")
                yield Static(Text("others may take a seat over while its screen is still open (a seat whose screen "
                                  "left is always free to rejoin); each joins with tabletop-tui join", style="dim"),
                             classes="field-help")
            yield Static(classes="field-error", id="error-takeover")
            with Horizontal(classes="field"):
                yield Static("Seed", classes="field-label")
                yield Input(placeholder="random", id="seed", type="integer", classes="number", compact=True)
                yield Static(Text("the same seed deals the same game", style="dim"), classes="field-help")
            yield Static(classes="field-error", id="error-seed")
            yield Static(classes="field-error", id="error-start")
            yield Button("Start the game", id="start", variant="success")
        yield Footer()

    #: when the form was first on the screen (the clock of Textual's events); None before
    opened_at: float | None = None

    def on_mount(self) -> None:
        self.show_seats()
        self.query_one("#name-0", Input).focus()
        self.call_after_refresh(self._painted)

    def _painted(self) -> None:
        self.opened_at = _time.get_time()

    def typed_early(self, event: events.Key) -> bool:
        """Whether a key was typed before the form was on the screen (pressed as the setup opened, a
        doubled Enter from the launcher): such keys are dropped, not typed over the name chosen."""
        return self.opened_at is None or event.time < self.opened_at

    def several_screens(self) -> bool:
        """Whether seats may be played on other screens: not in a game of one (what the options allow
        is said at the start: a pool referee, real time, see `shared_problem`)."""
        return self.info.max_players > 1

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        # a seat is this screen's, the computer's or another screen's: one of the three
        kind, _, seat = (event.checkbox.id or "").partition("-")
        if kind in ("computer", "remote") and event.value:
            other = self.query_one(f"#{'remote' if kind == 'computer' else 'computer'}-{seat}", Checkbox)
            if other.value:
                other.value = False
        if kind in ("computer", "remote"):
            self.show_takeover()

    def show_takeover(self) -> None:
        remote = any(self.query_one(f"#remote-{seat}", Checkbox).value for seat in range(self.count))
        self.query_one("#takeover-row").display = remote
        curtain = self.query_one("#curtain").parent
        if curtain is not None and self.rules.max_players > 1:
            curtain.display = not remote  # each screen shows its own seat: no curtain

    def show_seats(self) -> None:
        for seat in range(self.info.max_players):
            self.query_one(f"#seat-{seat}").display = seat < self.count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" and isinstance(event.value, int):
            self.count = event.value
            self.show_seats()
            self.show_takeover()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rules(self) -> None:
        from tabletop_tui.ui.screens.modals import RulesScreen

        from tabletop_tui.ui.screens.join import SEVERAL_SCREENS_HELP

        extra = "\n\n" + SEVERAL_SCREENS_HELP if self.several_screens() else ""
        self.app.push_screen(RulesScreen(self.info.title, self.info.help_text() + extra, back="Back to the setup"))

    def read_form(self) -> tuple[list[str], list[int], dict, int]:
        """The form's values, or FormError naming the field that is wrong and why."""
        names = []
        computer = []
        self.remote = []
        for seat in range(self.count):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}"
            problem = name_problem(name) or (f"{name} is the name of seat {names.index(name) + 1} too: each player "
                                             "needs a different name" if name in names else "")
            if problem:
                raise FormError(f"name-{seat}", f"Seat {seat + 1}: {problem}.")
            names.append(name)
            if self.query_one(f"#computer-{seat}", Checkbox).value:
                computer.append(seat)
            elif self.query_one(f"#remote-{seat}", Checkbox).value:
                self.remote.append(seat)
        options = {}
        for option in self.rules.OPTIONS:
            try:
                options[option.key] = option.parse(self.query_one(f"#opt-{option.key}").value, option.label)
            except ValueError as exc:
                raise FormError(f"opt-{option.key}", f"{exc}.") from None
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text:
            try:
                seed = int(seed_text) if len(seed_text) <= 20 else None
            except ValueError:
                raise FormError("seed", "Seed: a whole number, or empty for a random one.") from None
            if seed is None or seed_problem(seed):
                raise FormError("seed", f"Seed: at most {len(str(MAX_SEED))} digits, or empty for a random one.")
        else:
            seed = new_seed()
        try:
            self.rules(names, seed, **options)  # the options together (an ante the chips cannot pay)
        except ValueError as exc:
            raise FormError("start", f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None
        if self.remote:
            from tabletop_tui.session import shared_problem

            problem = shared_problem(self.info, options, self.remote, computer, len(names))
            if problem:
                raise FormError("takeover", f"{problem[:1].upper()}{problem[1:]}.")
        return names, computer, options, seed

    def show_error(self, field: str, message: str) -> None:
        """The message below its field, the field in sight and focused; every other message cleared."""
        for widget in self.query(".field-error"):
            widget.update("")
            widget.remove_class("shown")
        error = self.query_one(f"#error-{field}", Static)
        error.update(Text("✗ " + message, style="bold red"))
        error.add_class("shown")
        error.scroll_visible(animate=False)
        target = self.query_one(f"#{field}")
        if target.focusable:
            target.focus()

    def action_start(self) -> None:
        try:
            names, computer, options, seed = self.read_form()
        except FormError as exc:
            self.show_error(exc.field, str(exc))
            self.app.bell()
            return
        self.app.remember(f"setup.{self.info.id}.names", names)
        self.app.remember(f"setup.{self.info.id}.computer", computer)
        self.app.remember(f"setup.{self.info.id}.options", options)
        self.app.start_game(self.info.id, names, seed, options, computer, replace=True,
                            curtain=self.query_one("#curtain", Switch).value, remote=self.remote or None,
                            takeover=self.query_one("#takeover", Switch).value)

    #: the seats marked "other screen" at the last start
    remote: list[int] = []


class FormError(ValueError):
    """What is wrong with the form, and the id of the field it is about."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


class NameInput(Input):
    """A player's name. Keys typed before the form was shown never reach it (see `typed_early`)."""

    def _on_key(self, event: events.Key) -> None:
        # called before Input's own handler of the key (Textual calls each class's in turn, unless
        # one prevents the default): a key dropped here goes neither to Input nor to the bindings
        typed_early = getattr(self.screen, "typed_early", None)
        if typed_early is not None and typed_early(event) and (event.is_printable or event.key in ("enter", "backspace",
                                                                                                    "delete")):
            event.prevent_default()
            event.stop()


class Mark(Checkbox):
    """A checkbox whose state shows without colour: an X in the box when it is ticked, the box empty
    when not."""

    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 (Textual's name)
        return "X" if self.value else " "


class Switch(Mark):
    """A yes/no setting that says which it is: "on" or "off" (and the box ticked or empty)."""

    def __init__(self, value: bool, id: str):
        super().__init__("on" if value else "off", value=bool(value), id=id, compact=True)

    def watch_value(self) -> None:
        super().watch_value()
        self.label = "on" if self.value else "off"


def _remembered(option, remembered) -> object:
    """The value this option had at the last setup of the game, if it is still a valid one."""
    if isinstance(remembered, dict) and option.key in remembered:
        try:
            return option.parse(remembered[option.key])
        except ValueError:
            pass
    return option.default
