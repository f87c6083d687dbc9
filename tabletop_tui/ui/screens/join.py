"""Games on several screens waiting for a seat: pick one and join it (`tabletop-tui join`, or j in
the launcher). Also the rulings of such games, shown with ? here and in their game screens."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.names import shown
from tabletop_tui.ui.widgets.keybar import KeyBar

SEVERAL_SCREENS_HELP = """## On several screens

One person starts the game and marks, in the setup, each other person's seat "other screen"; each of
them joins from their own terminal (or browser tab of `tabletop-tui serve`) on the same computer, with
`tabletop-tui join` or `j` in the launcher, and plays that seat. The games meet in the save store: the
same computer, the same store.

- Each screen shows only its own seat's cards: there is no curtain.
- No undo: a move seen on another screen cannot be taken back.
- Two screens making the same move at once: one is taken, the other is told and chooses again.
- A screen that leaves (or crashes) loses nothing: its seat waits, and it can rejoin. Another screen
  takes a seat whose screen is still open only if the host allowed it in the setup.
- The computer seats are played by the screen that started the game. If it leaves, they wait for it
  to come back (anyone may rejoin its seat).
- Not on several screens: a pool game refereed at a real table (one screen beside it; on the table
  here it can be shared), and Headless in Seattle in real time (play it in turns).
- At the end each screen shows the results and its own seat's final table; the game is recorded once.
"""


class JoinScreen(Screen):
    """The games on several screens with a seat to take (of one game, where `save_id` is given)."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("question_mark", "rules", "How it works"),
        Binding("r", "refresh", "Refresh"),
    ]

    def __init__(self, save_id: str | None = None):
        super().__init__()
        self.save_id = save_id

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble((" Join a game on several screens ", "bold reverse"),
                                   "  take a seat of a game started on another screen"), id="title-bar")
        with Vertical(id="join-box"):
            yield Static(id="join-title")
            yield OptionList(id="join-list")
        yield KeyBar()

    def on_mount(self) -> None:
        self.action_refresh()
        self.set_interval(1.0, self.action_refresh)

    def rows(self) -> list[dict]:
        store = self.app.store
        if store is None:
            return []
        rows = store.waiting()
        return [r for r in rows if self.save_id is None or r["id"] == self.save_id]

    def action_refresh(self) -> None:
        options = []
        for row in self.rows():
            players = ", ".join(shown(p) + ("*" if i in row["computer"] else "") for i, p in enumerate(row["players"]))
            for seat in row["seats"]:
                line = Text(no_wrap=True, overflow="ellipsis")
                line.append(f"{row['title']}", style="bold")
                line.append(f"  seat {seat['seat'] + 1}: {shown(seat['name'])} ({seat['state']})")
                line.append(f"  · {players} · started by {shown(row['players'][row['host']])}", style="dim")
                options.append(Option(line, id=f"{row['id']}:{seat['seat']}"))
        listing = self.query_one("#join-list", OptionList)
        highlighted = listing.highlighted
        listing.set_options(options)
        if options:
            listing.highlighted = min(highlighted or 0, len(options) - 1)
        title = (Text.assemble(("Seats waiting for a screen", "bold"), ("   Enter: take the seat  ?: how it works", "dim"))
                 if options else
                 Text("No game on several screens is waiting for a seat. One is started from the setup of a game, "
                      "marking a seat \"other screen\".", style="dim"))
        self.query_one("#join-title", Static).update(title)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        save_id, _, seat = (event.option.id or "").partition(":")
        if save_id and seat.isdigit():
            self.app.join_game(save_id, int(seat), replace=True)

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.to_launcher()

    def action_rules(self) -> None:
        from tabletop_tui.ui.screens.modals import RulesScreen

        self.app.push_screen(RulesScreen("Several screens", SEVERAL_SCREENS_HELP, back="Back"))
