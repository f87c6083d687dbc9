"""The collection's records: statistics per person and game, the finished games, and a replay of one.

Everything here reads the store (`Store.records`, `Store.finished_games`, `Store.load`) and never
writes to it; a replay rebuilds the game from its record, move by move, and draws it with the game's
own screen in a mode that makes no moves.
"""

from __future__ import annotations

from datetime import datetime

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui import catalog
from tabletop_tui.rules.engine import log_for
from tabletop_tui.names import shown
from tabletop_tui.rules.words import quote
from tabletop_tui.seeding import new_seed
from tabletop_tui.store.statistics import HANDICAP_GAMES
from tabletop_tui.ui.widgets.columns import cut, fit_columns

#: the colours of the chart's lines, one a player (plotext's named colours)
CHART_COLOURS = ("cyan", "orange", "green", "magenta", "yellow", "red", "blue", "white")


def _title(game_id: str) -> str:
    try:
        return catalog.get(game_id).title
    except KeyError:
        return game_id


def _number(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.1f}"
    return str(int(value))


def _form(results: list) -> Text:
    """Recent results as W (won), D (a first place shared) or the place, oldest first."""
    text = Text()
    for i, r in enumerate(results):
        if i:
            text.append(" ")
        if r == "W":
            text.append("W", style="bold green")
        elif r == "D":
            text.append("D", style="bold yellow")
        else:
            text.append(str(r), style="dim")
    return text


def _when(stamp) -> str:
    try:
        return datetime.fromtimestamp(float(stamp)).strftime("%d %b %H:%M")
    except (TypeError, ValueError, OverflowError, OSError):
        return ""


def _who(name: str, computer: bool) -> str:
    return shown(name) + ("*" if computer else "")


class StatsScreen(Screen):
    """Per person and game: played, won, drawn, best place, highest, lowest and average score (which end
    is better depends on the game and its options), recent form;
    over all games, per person; a chart of a game's scores over its finished games."""

    BINDINGS = [
        Binding("left,p", "step(-1)", "Previous game", key_display="←"),
        Binding("right,n", "step(1)", "Next game", key_display="→"),
        Binding("f,g", "finished", "Finished games"),
        Binding("escape,t,q", "close", "Back"),
    ]

    def __init__(self, game_id: str | None = None):
        super().__init__()
        self.choices: list[str | None] = [None]  # None: all games
        self.index = 0
        self.wanted = game_id

    def compose(self) -> ComposeResult:
        yield Static(id="title-bar")
        with VerticalScroll(id="stats-scroll"):
            yield Static(id="stats-table")
        yield Static(id="stats-note")
        yield Vertical(id="stats-chart-box")
        yield Footer()

    def on_mount(self) -> None:
        store = self.app.store
        played = []
        if store is not None:
            try:
                played = sorted({r["game"] for r in store.records()}, key=_title)
            except Exception as exc:  # a damaged statistics table must not stop the program
                self.notify(f"The records cannot be read: {exc}", severity="error")
        self.choices = [None, *played]
        if self.wanted in self.choices:
            self.index = self.choices.index(self.wanted)
        self.show()

    @property
    def game_id(self) -> str | None:
        return self.choices[self.index]

    def action_step(self, by: int) -> None:
        self.index = (self.index + by) % len(self.choices)
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_finished(self) -> None:
        self.app.push_screen(FinishedGamesScreen(self.game_id))

    def show(self) -> None:
        game_id = self.game_id
        title = Text()
        title.append(" Statistics ", style="bold reverse")
        title.append("  ◀ ")
        title.append(_title(game_id) if game_id else "All games", style="bold")
        title.append(" ▶")
        if len(self.choices) > 1:
            title.append(f"  ({self.index + 1} of {len(self.choices)}: left and right to change)", style="dim")
        self.query_one("#title-bar", Static).update(title)
        store = self.app.store
        rows = []
        if store is not None:
            try:
                rows = store.records(game_id) if game_id else store.records(by_game=False)
            except Exception as exc:
                self.notify(f"The records cannot be read: {exc}", severity="error")
        shown_table = self.table(rows, game_id)
        handicaps = self.handicap_table(game_id)
        if handicaps is not None:
            shown_table = Group(shown_table, Text(""), handicaps)
        self.query_one("#stats-table", Static).update(shown_table)
        self.query_one("#stats-note", Static).update(Text(self.note(game_id), style="dim") if rows else "")
        self.show_chart(game_id)

    @staticmethod
    def note(game_id: str | None) -> str:
        """What the columns count."""
        if game_id is None:
            counts = "Games: the different games finished; Played: the finished games in all"
        else:
            counts = f"Played: the finished games of {_title(game_id)}"
        return (counts + "; Won: first alone; Drawn: first place shared.  * the computer.  "
                "Form: the last five, oldest first (W won, D drawn, else the place).")

    def table(self, rows: list[dict], game_id: str | None):
        if not rows:
            return Text("No finished games yet: the records fill in as games end.", style="dim")
        table = Table(box=None, padding=(0, 1), header_style="bold dim", expand=False)
        table.add_column("Player", no_wrap=True, max_width=18)
        if game_id is None:
            table.add_column("Games", justify="right")
        table.add_column("Played", justify="right")
        table.add_column("Won", justify="right")
        table.add_column("Drawn", justify="right")
        table.add_column("Best", justify="right")
        if game_id is not None:
            table.add_column("High", justify="right")
            table.add_column("Low", justify="right")
            table.add_column("Average", justify="right")
        table.add_column("Form", no_wrap=True)
        if game_id is None:
            rows = sorted(rows, key=lambda r: (-r["wins"], -r["drawn"], -r["played"], r["player"], r["computer"]))
        for r in rows:
            cells = [Text(_who(r["player"], r["computer"]), style="bold" if r["wins"] else "")]
            if game_id is None:
                cells.append(str(r["games"]))
            cells += [str(r["played"]), str(r["wins"]), str(r["drawn"]), _place(r["best"])]
            if game_id is not None:
                cells += [_number(r["high_score"]), _number(r["low_score"]), _number(r["average"])]
            cells.append(_form(r["form"]))
            table.add_row(*cells)
        return table

    def handicap_table(self, game_id: str | None):
        """A handicap game's handicaps per person, lowest (best) first, with their history (oldest first,
        the last ten changes): None for other games or where the store keeps none."""
        store = self.app.store
        if game_id not in HANDICAP_GAMES or store is None:
            return None
        try:
            history = store.handicap_history(game_id)
        except Exception:  # a store that cannot be read shows no handicaps
            return None
        if not history:
            return None
        table = Table(box=None, padding=(0, 1), header_style="bold dim", expand=False,
                      title="Handicaps (kept per person; the lowest is the best)", title_justify="left",
                      title_style="bold")
        table.add_column("Player", no_wrap=True, max_width=18)
        table.add_column("Now", justify="right")
        table.add_column("After each game, oldest first", no_wrap=True)
        for name, changes in sorted(history.items(), key=lambda item: (item[1][-1]["value"], item[0])):
            steps = " → ".join(str(c["value"]) for c in changes[-10:])
            if len(changes) > 10:
                steps = "… " + steps
            table.add_row(Text(shown(name), style="bold"), str(changes[-1]["value"]), steps)
        return table

    def show_chart(self, game_id: str | None) -> None:
        """Each player's score in the game's finished games, oldest first, where scores are numbers."""
        box = self.query_one("#stats-chart-box", Vertical)
        box.remove_children()
        series = self.series(game_id) if game_id else {}
        if not series:
            box.display = False
            return
        box.display = True
        from textual_plotext import PlotextPlot  # loaded when a chart is first drawn

        plot = PlotextPlot(id="stats-chart")
        box.mount(plot)
        plt = plot.plt
        plt.title(f"Scores in the last {self.games_charted} games")
        for i, ((name, computer), points) in enumerate(series.items()):
            xs = [x for x, _ in points]
            ys = [y for _, y in points]
            plt.plot(xs, ys, marker="dot", color=CHART_COLOURS[i % len(CHART_COLOURS)], label=_who(name, computer))
        plt.xticks(sorted({x for points in series.values() for x, _ in points}))
        plt.xlabel("game")

    games_charted = 0

    def series(self, game_id: str, last: int = 20) -> dict:
        """(name, computer) -> [(game number, score)], over the last `last` finished games of a game."""
        try:
            games = list(reversed(self.app.store.finished_games(game_id)[:last]))
        except Exception:
            return {}
        self.games_charted = len(games)
        series: dict[tuple, list] = {}
        for x, g in enumerate(games, 1):
            for s in (g.get("outcome") or {}).get("standings", []):
                score = s.get("score") if isinstance(s, dict) else None
                if isinstance(score, (int, float)) and not isinstance(score, bool):
                    key = (s.get("name"), s.get("seat") in g["computer"])
                    series.setdefault(key, []).append((x, score))
        if len(games) < 2:
            return {}
        return dict(list(series.items())[: len(CHART_COLOURS)])


def _place(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


class FinishedGamesScreen(Screen):
    """The finished games, newest first: Enter replays one, a plays it again (a new deal), d deals it
    again (the same seed)."""

    BINDINGS = [
        # before the list's own Enter, which would hide it from the footer
        Binding("enter", "replay", "Replay", show=True, priority=True),
        Binding("a", "again", "Play again"),
        Binding("d", "same_deal", "Same deal"),
        Binding("t", "stats", "Statistics"),
        Binding("escape,q", "close", "Back"),
    ]
    #: each column's heading and least width; what is left of the screen's width goes to the columns
    #: whose cells are longer (names are cut only where the screen is too narrow for them)
    COLUMNS = (("Finished", 13), ("Game", 12), ("Players (*computer)", 20), ("Result", 14))

    def __init__(self, game_id: str | None = None):
        super().__init__()
        self.game_id = game_id
        self.rows: list[dict] = []
        self._widths: list[int] = []

    def compose(self) -> ComposeResult:
        yield Static(id="title-bar")
        yield Static(id="finished-header")
        yield OptionList(id="finished")
        yield Static(id="finished-detail")
        yield Footer()

    def on_mount(self) -> None:
        title = Text.assemble((" Finished games ", "bold reverse"),
                              f"  {_title(self.game_id)}" if self.game_id else "  all games")
        self.query_one("#title-bar", Static).update(title)
        store = self.app.store
        try:
            self.rows = store.finished_games(self.game_id) if store is not None else []
        except Exception as exc:
            self.notify(f"The finished games cannot be read: {exc}", severity="error")
            self.rows = []
        self.list_rows(self.app.size.width)
        listing = self.query_one("#finished", OptionList)
        if self.rows:
            listing.highlighted = 0
        listing.focus()

    def on_resize(self, event) -> None:
        self.list_rows(event.size.width)

    def list_rows(self, width: int) -> None:
        """The rows, their columns as wide as the screen allows (its width less the list's margins)."""
        cells = [[str(c) for c in self.cells(row)] for row in self.rows]
        widths = fit_columns(self.COLUMNS, cells, max(40, width - 3))
        if widths == self._widths and self.query_one("#finished", OptionList).option_count:
            return
        self._widths = widths
        self.query_one("#finished-header", Static).update(
            Text("".join(name.ljust(w) for (name, _), w in zip(self.COLUMNS, widths)), style="bold dim"))
        listing = self.query_one("#finished", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        for row, row_cells in zip(self.rows, cells):
            line = Text(no_wrap=True, overflow="crop")
            for w, cell in zip(widths, row_cells):
                line.append(cut(cell, w - 1).ljust(w))
            listing.add_option(Option(line, id=row["id"]))
        if not self.rows:
            listing.add_option(Option(Text("No finished games yet.", style="dim"), disabled=True))
        elif highlighted is not None:
            listing.highlighted = min(highlighted, len(self.rows) - 1)
        self.show_detail()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_detail()

    def show_detail(self) -> None:
        """The highlighted game in full, below the list: players, result, moves, seed."""
        row = self.selected()
        detail = self.query_one("#finished-detail", Static)
        if row is None:
            detail.update("")
            return
        _, title, players, result = self.cells(row)
        text = Text()
        text.append(f" {title}", style="bold")
        text.append(f": {players}")
        if result:
            text.append(f"; {result}")
        text.append(f"; {row.get('moves', 0)} moves; seed {row['seed']}", style="dim")
        detail.update(text)

    def cells(self, row: dict) -> tuple:
        players = ", ".join(_who(n, s in row["computer"]) for s, n in enumerate(row["players"]))
        standings = (row.get("outcome") or {}).get("standings") or []
        firsts = [s.get("name", "?") for s in standings if isinstance(s, dict) and s.get("place") == 1]
        # nobody placed first: a game nobody won (a robot on top, a game that beat its one player)
        result = ("draw: " + ", ".join(firsts) if len(firsts) > 1 else f"{firsts[0]} won" if firsts
                  else "nobody won" if standings else "")
        return (_when(row["finished"]), _title(row["game"]), players, result)

    def selected(self) -> dict | None:
        listing = self.query_one("#finished", OptionList)
        if not self.rows or listing.highlighted is None:
            return None
        return self.rows[listing.highlighted]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_replay()

    def action_replay(self) -> None:
        row = self.selected()
        if row is not None:
            open_replay(self.app, row["id"])

    def action_again(self) -> None:
        row = self.selected()
        if row is not None:
            play_again(self.app, row["id"])

    def action_same_deal(self) -> None:
        row = self.selected()
        if row is not None:
            play_again(self.app, row["id"], same_deal=True)

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen(self.game_id))

    def action_close(self) -> None:
        self.dismiss(None)


def _saved_record(app, save_id: str):
    """(the save as loaded, its catalog entry), or None after telling why it cannot be read."""
    try:
        saved = app.store.load(save_id)
        info = catalog.get(saved["record"]["game"])
    except Exception as exc:
        reason = getattr(exc, "reason", None) or str(exc)
        app.notify(f"This game cannot be replayed: {reason}", severity="error", timeout=10)
        return None
    return saved, info


def play_again(app, save_id: str, same_deal: bool = False) -> None:
    """A new game with the same game, seats (people and computer) and options: a new seed (never one
    derived from the seed shown), or with `same_deal` the same seed, which deals the same cards."""
    found = _saved_record(app, save_id)
    if found is None:
        return
    saved, info = found
    start_again(app, info.id, saved, same_deal)


def start_again(app, game_id: str, saved: dict, same_deal: bool) -> None:
    record = saved["record"]
    seed = record["seed"] if same_deal else new_seed()
    app.start_game(game_id, list(record["players"]), seed, dict(record["options"]), list(saved["computer"]))


def open_replay(app, save_id: str) -> None:
    found = _saved_record(app, save_id)
    if found is None:
        return
    saved, info = found
    try:
        screen = replay_screen(info, saved)
    except Exception as exc:  # a record that does not replay
        app.notify(f"This game cannot be replayed: {quote(exc, 120)}", severity="error", timeout=10)
        return
    app.push_screen(screen)


def replay_screen(info, saved: dict):
    """The game's own screen, in a replay mode: no moves, the table everyone may see, keys to step."""
    import types

    base = info.screen_class()
    # a replay's keys are its own: none of the game's (undo, save, its moves) reach the footer
    cls = types.new_class(f"Replay{base.__name__}", (ReplayMixin, base), {"inherit_bindings": False},
                          lambda ns: ns.update(BINDINGS=ReplayMixin.REPLAY_BINDINGS))
    return cls(info, saved)


class ReplayMixin:
    """Put before a GameScreen subclass: it draws the game after the first `step` moves of a record,
    from the spectator's view, and makes no moves."""

    REPLAY_BINDINGS = [
        Binding("left,p", "step(-1)", "Back", priority=True, key_display="←"),
        Binding("right,n", "step(1)", "On", priority=True, key_display="→"),
        # (said on the line above the footer, which has no room for them at 80 columns)
        Binding("home", "go(0)", "Start", priority=True, show=False),
        Binding("end", "go(-1)", "End", priority=True, show=False),
        Binding("a", "again", "Play again"),
        Binding("d", "same_deal", "Same deal"),
        Binding("question_mark", "rules", "Rules"),
        Binding("l", "log", "Log"),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, info, saved: dict):
        from tabletop_tui.rules.engine import Move
        from tabletop_tui.session import Session

        record = saved["record"]
        self.saved = saved
        self.moves = [(int(seat), Move.from_json(move)) for seat, move in record["moves"]]
        rules = info.rules_class()
        start = rules.replay(record["players"], record["seed"], record["options"], [], record.get("stream", 1))
        self._states = {0: start}
        last = self.game_at(len(self.moves))  # checks that the whole record replays, before anything is drawn
        self.step = len(self.moves)
        session = Session(info, last.copy(), list(saved["computer"]), None)
        super().__init__(session)
        self.read_only = True  # no moves, no computer players, nothing saved

    def game_at(self, step: int):
        """The game after the first `step` moves (states are kept as they are reached)."""
        known = max(k for k in self._states if k <= step)
        if known == step:
            return self._states[step]
        game = self._states[known].copy()
        for seat, move in self.moves[known:step]:
            game.play(seat, move)
            self._states[known + 1] = game.copy()
            known += 1
        return game

    # -- what a replay does instead ----------------------------------------------------------------

    def viewer(self):
        return None

    def waiting_note(self) -> str:
        return "← → (or p n): a move back or on    Home End: the start or the end"

    def keys_help(self) -> str:
        return ("\n\n## Keys of the replay\n\n"
                "- Left and right (or `p` and `n`) a move back and on, Home and End the start and the end.\n"
                "- `a` plays the game again: a new deal for the same players and seats. `d` deals the same "
                "game again: the same seed, so the same cards and dice, which you have partly seen.\n"
                "- `l` the log so far, Escape back to the list.\n")

    def action_save(self) -> None:
        self.action_close()

    def action_quit_game(self) -> None:
        self.action_close()

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_again(self) -> None:
        start_again(self.app, self.session.info.id, self.saved, same_deal=False)

    def action_same_deal(self) -> None:
        start_again(self.app, self.session.info.id, self.saved, same_deal=True)

    def action_step(self, by: int) -> None:
        self.go_to(self.step + by)

    def action_go(self, where: int) -> None:
        self.go_to(len(self.moves) if where < 0 else where)

    def go_to(self, step: int) -> None:
        step = max(0, min(len(self.moves), step))
        if step == self.step:
            self.app.bell()
            return
        self.step = step
        self.session.game = self.game_at(step).copy()
        self.show_log()
        self.refresh_table()

    def prompt(self, view: dict) -> str:
        game = self.session.game
        if self.step == 0:
            return "The table before the first move."
        seat, _ = self.moves[self.step - 1]
        # what the table saw of the move (a face-down choice is not named): its public events
        before = len(self.game_at(self.step - 1).log)
        public = " ".join(e.text for e in log_for(game.log[before:], None)) or "a move"
        said = f"Move {self.step}, {game.players[seat]}: {public}"
        outcome = game.outcome()
        if outcome is not None and self.step == len(self.moves):
            said += ". " + outcome.summary
        return said

    def refresh_table(self) -> None:
        super().refresh_table()
        record = self.saved["record"]
        title = Text()
        title.append(f" {self.session.info.title} ", style="bold reverse")
        title.append(" replay ", style="bold")
        title.append(f" move {self.step} of {len(self.moves)}   seed {record['seed']}", style="")
        self.query_one("#title-bar", Static).update(title)
        self.query_one("#prompt", Static).update(Text(self.prompt({}), style="bold"))
