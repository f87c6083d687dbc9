"""The standings at the end of a game, with the tie-breaks used, and "play again"."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from tabletop_tui.rules.engine import log_for
from tabletop_tui.rules.words import listing
from tabletop_tui.seeding import new_seed
from tabletop_tui.session import Session

#: the two ways to play a game again, said where they are offered
AGAIN = "a new deal for the same players"
SAME_DEAL = "the same deal again: the same cards and dice, which you have partly seen"


class ResultsScreen(Screen):
    BINDINGS = [
        Binding("p", "again", "Play again"),
        Binding("d", "same_deal", "Same deal"),
        Binding("enter,escape", "launcher", "Back to the games"),
        Binding("t", "table", "Final table"),
        Binding("l", "log", "Log"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, session: Session):
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        outcome = self.session.game.outcome()
        with Vertical(classes="sheet", id="results"):
            yield Static(Text(f"{self.session.info.title}: the final standings", style="bold"), id="results-title")
            if outcome.drawn:
                together = listing([self.session.players[s] for s in outcome.drawn])
                yield Static(Text(f"A draw: {together} share first place, and nobody wins.", style="bold yellow"),
                             id="results-draw")
            elif outcome.nobody_won:
                yield Static(Text("Nobody won: nobody is placed first.", style="bold yellow"), id="results-nobody")
            yield Static(Text(outcome.summary, style="bold green"), id="results-summary")
            table = Table(box=None, padding=(0, 2), header_style="bold dim")
            table.add_column("Place", justify="right")
            table.add_column("Player")
            table.add_column(self.session.game.score_label, justify="right")
            table.add_column("Details")
            # a game's screen may draw the details itself (cards as cards): `result_detail(game, standing)`
            described = getattr(self.session.info.screen_class(), "result_detail", None)
            for s in outcome.standings:
                who = s.name + (" (computer)" if self.session.is_computer(s.seat) else "")
                style = "bold" if s.place == 1 else ""
                place = "draw" if s.seat in outcome.drawn else _ordinal(s.place)
                detail = described(self.session.game, s) if described is not None else None
                table.add_row(place, Text(who, style=style), Text(str(s.score)), Text(s.detail) if detail is None else detail)
            yield Static(table, id="results-table")
            if outcome.tiebreaks:
                yield Static(Text("Tie-breaks: " + outcome.tiebreaks, style="italic"), id="results-tiebreaks")
            yield Static(self.saved_line(), id="results-moves")
            # a game with neither cards nor dice says its own words for it (its rules' `same_deal_words`)
            same = getattr(self.session.game, "same_deal_words", SAME_DEAL)
            yield Static(Text(self.again_line(same), style="dim"), id="results-again")
        yield Footer()

    def again_line(self, same: str) -> str:
        session = self.session
        if session.shared and not session.hosting:  # the host's screen starts the next one
            host = session.players[session.host_seat]
            return (f"{host}'s screen may start the next game on the same screens: join it with j in the "
                    f"launcher (or tabletop-tui join).")
        if session.shared:
            return f"p: {AGAIN}, on the same screens (the others join it).  d: {same}."
        return f"p: {AGAIN}.  d: {same}."

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("again", "same_deal") and self.session.shared and not self.session.hosting:
            return False  # a joined screen: the next game is the host's to start
        return super().check_action(action, parameters)

    def saved_line(self) -> Text:
        session = self.session
        session.retry_save()  # the last move and the finish are written together: try once more if that failed
        moves = f"{len(session.game.history)} moves."
        if session.kept:
            return Text(f"{moves} The game is kept in the statistics.", style="dim")
        return Text(f"{moves} This game is not saved: {session.save_problem or 'it was played without saving.'}",
                    style="bold red")

    def action_again(self) -> None:
        """A new game: the same game, players, seats and options, a new seed (none derived from this
        game's, which the players may have seen)."""
        self.start_with(new_seed())

    def action_same_deal(self) -> None:
        """The same game again, from the same seed: the same cards and dice."""
        self.start_with(self.session.game.seed)

    def start_with(self, seed: int) -> None:
        old = self.session
        options = dict(old.game.options)
        if old.shared:  # the same seats on the same screens: the others join the new game
            remote = [s for s in range(len(old.players)) if s not in old.computer and s != old.seat]
            try:
                new = Session.new(old.info.id, list(old.players), seed, options, list(old.computer), old.store,
                                  remote=remote, takeover=old.takeover)
            except ValueError as exc:
                self.notify(f"The next game could not be started: {exc}", severity="error")
                return
        else:
            new = Session.new(old.info.id, list(old.players), seed, options, list(old.computer), old.store, old.curtain)
        self.app.switch_screen(self.app.game_screen(new))

    def action_table(self) -> None:
        """The table as the game ended, drawn by the game's own screen; Escape comes back here."""
        self.app.push_screen(self.session.info.screen_class()(self.session, final=True))

    def action_launcher(self) -> None:
        self.app.to_launcher()

    def action_log(self) -> None:
        from tabletop_tui.ui.screens.modals import LogScreen

        people = self.session.people  # one person reads their own log; several read the table's
        viewer = people[0] if len(people) == 1 else None
        self.app.push_screen(LogScreen("The log", [e.text for e in log_for(self.session.game.log, viewer)]))

    def action_quit(self) -> None:
        self.app.exit()


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
