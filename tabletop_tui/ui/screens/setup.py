"""New-game setup: how many players, their names, human or computer, the game's options, a seed."""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Select, Static

from tabletop_tui.names import names_problem
from tabletop_tui.rules.engine import MAX_SEED, seed_problem
from tabletop_tui.catalog import GameInfo

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

    def curtain_setting(self) -> bool:
        try:
            from textual import active_app

            return bool(active_app.get().force_curtain)
        except Exception:
            return False

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
                with Horizontal(classes="field seat", id=f"seat-{seat}"):
                    yield Static(f"Seat {seat + 1}", classes="field-label")
                    yield Input(value=self.names[seat], id=f"name-{seat}", max_length=16, classes="name", compact=True)
                    yield Checkbox("Computer", value=seat in self.computer, id=f"computer-{seat}", compact=True)
            for option in self.rules.OPTIONS:
                with Horizontal(classes="field"):
                    yield Static(option.label, classes="field-label")
                    if option.kind == "bool":
                        yield Checkbox("on", value=bool(option.default), id=f"opt-{option.key}", compact=True)
                    elif option.kind == "choice":
                        yield Select([(label, value) for value, label in option.choices], value=option.default,
                                     allow_blank=False, id=f"opt-{option.key}", compact=True)
                    else:
                        yield Input(value=str(option.default), id=f"opt-{option.key}", type="integer", classes="number",
                                    compact=True)
                    if option.help:
                        yield Static(Text(option.help, style="dim"), classes="field-help")
            with Horizontal(classes="field"):
                yield Static("Curtain", classes="field-label")
                yield Checkbox("on", value=self.curtain_setting(), id="curtain", compact=True)
                yield Static(Text("hide the table between players' turns (this game has nothing hidden, "
                                  "so it is off unless you want it)" if not self.rules.hidden_information else
                                  "always on: this game has hidden cards", style="dim"), classes="field-help")
            with Horizontal(classes="field"):
                yield Static("Seed", classes="field-label")
                yield Input(placeholder="random", id="seed", type="integer", classes="number", compact=True)
                yield Static(Text("the same seed deals the same game", style="dim"), classes="field-help")
            yield Static(id="setup-error")
            yield Button("Start the game", id="start", variant="success")
        yield Footer()

    def on_mount(self) -> None:
        self.show_seats()
        self.query_one(f"#name-0", Input).focus()

    def show_seats(self) -> None:
        for seat in range(self.info.max_players):
            self.query_one(f"#seat-{seat}").display = seat < self.count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" and isinstance(event.value, int):
            self.count = event.value
            self.show_seats()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rules(self) -> None:
        from tabletop_tui.ui.screens.modals import RulesScreen

        self.app.push_screen(RulesScreen(self.info.title, self.info.help_text()))

    def read_form(self) -> tuple[list[str], list[int], dict, int]:
        """The form's values, or ValueError with what is wrong."""
        names = []
        computer = []
        for seat in range(self.count):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}"
            names.append(name)
            if self.query_one(f"#computer-{seat}", Checkbox).value:
                computer.append(seat)
        problem = names_problem(names)
        if problem:
            raise ValueError(problem[0].upper() + problem[1:] + ".")
        options = {}
        for option in self.rules.OPTIONS:
            widget = self.query_one(f"#opt-{option.key}")
            value = widget.value
            options[option.key] = option.parse(value)
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise ValueError("The seed must be a whole number (or empty for a random one).") from None
            if seed_problem(seed):
                raise ValueError(f"The seed must have at most {len(str(MAX_SEED))} digits (or be empty for a random one).")
        else:
            seed = random.SystemRandom().randrange(2**31)
        return names, computer, options, seed

    def action_start(self) -> None:
        try:
            names, computer, options, seed = self.read_form()
        except ValueError as exc:
            self.query_one("#setup-error", Static).update(Text("✗ " + str(exc), style="bold red"))
            self.app.bell()
            return
        self.app.remember(f"setup.{self.info.id}.names", names)
        self.app.remember(f"setup.{self.info.id}.computer", computer)
        self.app.set_force_curtain(self.query_one("#curtain", Checkbox).value)
        self.app.start_game(self.info.id, names, seed, options, computer, replace=True)
