"""The launcher: the games by family, the selected game's details and records, unfinished games."""

from __future__ import annotations

import os
from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui import catalog
from tabletop_tui.names import shown
from tabletop_tui.ui.widgets.keybar import KeyBar
from tabletop_tui.ui.widgets.picklist import Pick, PickList

# The dialogs (ui.screens.modals) are imported when first opened, not before the launcher is painted.


class LauncherScreen(Screen):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("question_mark", "rules", "Rules"),
        # shown beside the unfinished games, which they act on (the footer has no room for them at 80)
        Binding("d", "delete", "Delete save", show=False),
        Binding("x", "export", "Export save", show=False),
        Binding("i", "import_file", "Import"),
        Binding("j", "join", "Join", show=False),  # said beside the unfinished games when one waits for a seat
        Binding("t", "stats", "Stats"),
        Binding("g", "finished", "Finished"),
        Binding("o", "settings", "Settings"),
        Binding("tab", "app.focus_next", "Switch list", show=False),
        Binding("q", "quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        # Everything the first frame shows is built here, once: the lists with their options, the
        # first game's details and the saves, so that no widget is filled and redrawn after it mounts.
        yield Static(Text.assemble((" tabletop-tui ", "bold reverse"), "  table games for one computer and a few friends"),
                     id="title-bar")
        rows = self.unfinished()
        # the games last played: the unfinished ones and those remembered from the last visit (the
        # finished games are read after the first paint: a collection of hundreds takes a while)
        self._recent = self.recent_games(rows + self.remembered_recent())
        with Horizontal(id="launcher-top"):
            games = PickList(self.game_picks(self._recent), id="games",
                             folded=self.app.setting("launcher.folded", []) or [])
            games.border_title = "Games"
            self._games = games
            yield games  # the first game is highlighted (the last played, if any)
            details = Static(id="game-details")
            first = games.picks[games.highlighted] if games.highlighted is not None else None
            self.show_details(catalog.get(first.id) if first and first.id else catalog.GAMES[0], details)
            yield details
        with Vertical(id="saves-box"):
            options = self.save_options(rows, turns=False) if rows else []  # (the columns' widths first)
            yield Static(self.saves_title(bool(rows)), id="saves-title")
            if rows:  # the list is made when there is a first game to list (the box has its colour)
                yield OptionList(*options, id="saves")
        yield KeyBar()  # Textual's Footer's look and ways, at a fraction of its cost

    #: how many of the games last played head the list
    RECENT = 3
    RECENT_GROUP = "Recently played"

    def game_picks(self, recent: list[str] = ()) -> list[Pick]:
        """The games by family, each family a group that folds; first, the games last played."""
        picks = []
        if recent:
            picks.append(Pick(Text(self.RECENT_GROUP, style="bold"), fold=self.RECENT_GROUP))
            for game_id in recent:
                picks.append(Pick(Text("  " + catalog.get(game_id).title), game_id, group=self.RECENT_GROUP))
        families: dict[str, list] = {}
        for info in catalog.GAMES:
            families.setdefault(info.family, []).append(info)
        for page in catalog.PAGES:  # pages to read, listed after the games
            families.setdefault(page.family, []).append(page)
        for family, infos in families.items():
            picks.append(Pick(Text(family, style="bold"), fold=family))
            for info in infos:
                picks.append(Pick(Text("  " + getattr(info, "label", info.title)), info.id, group=family))
        return picks

    def remembered_recent(self) -> list[dict]:
        remembered = self.app.setting("launcher.recent", [])
        if not isinstance(remembered, list):
            return []
        return [r for r in remembered if isinstance(r, dict) and isinstance(r.get("updated"), (int, float))]

    def recent_games(self, rows: list[dict]) -> list[str]:
        """The games played last (finished or not), the latest first, each once. `rows`: dicts with
        "game" and "updated" (when last played)."""
        recent: list[str] = []
        for row in sorted(rows, key=lambda r: r.get("updated") or 0, reverse=True):
            if row.get("game") in catalog.BY_ID and row["game"] not in recent:
                recent.append(row["game"])
                if len(recent) == self.RECENT:
                    break
        return recent

    def refresh_recent(self) -> None:
        """The games last played, from the unfinished and the finished games; remembered for the
        first paint of the next launcher."""
        store = self.app.store
        if store is None:
            return
        try:
            rows = [{"game": r["game"], "updated": r["updated"]} for r in store.unfinished()]
            rows += [{"game": r["game"], "updated": r["finished"]} for r in store.finished_games()]
        except Exception:  # the lists say what is wrong; the games are listed as they are
            return
        recent = self.recent_games(rows)
        latest = {}
        for row in sorted(rows, key=lambda r: r.get("updated") or 0, reverse=True):
            latest.setdefault(row["game"], row["updated"])
        remembered = [{"game": g, "updated": latest[g]} for g in recent]
        if remembered != self.remembered_recent():
            self.app.remember("launcher.recent", remembered)
        if recent != self._recent:
            self._recent = recent
            self.query_one("#games", PickList).set_picks(self.game_picks(recent))

    def on_pick_list_folded(self, event: PickList.Folded) -> None:
        self.app.remember("launcher.folded", sorted(event.pick_list.folded))
        self.refresh_bindings()

    def on_mount(self) -> None:
        self._fresh = True  # the first resume comes right after: nothing to draw again
        self.query_one("#games", PickList).focus()
        if self.query("#saves"):
            # whose turn it is takes a replay of each game: filled in right after the first paint
            self.call_after_refresh(self.refresh_saves)
        self.call_after_refresh(self.refresh_recent)

    def on_screen_resume(self) -> None:
        self.query_one("#games", PickList).focus()  # back from a game or a save: the games, not the saves
        if getattr(self, "_fresh", False):
            self._fresh = False
            return
        self.refresh_saves()
        self.refresh_recent()
        highlighted = self.selected_game()
        if highlighted:
            self.show_details(highlighted)

    # -- games -----------------------------------------------------------------------------------

    def selected_game(self):
        games = self.query_one("#games", PickList)
        if games.highlighted is None:
            return None
        pick = games.picks[games.highlighted]
        return catalog.BY_ID.get(pick.id) if pick.id else None

    def selected_page(self) -> catalog.PageInfo | None:
        """The page highlighted in the list of games, if it is one (a page is read, not played)."""
        games = self.query_one("#games", PickList)
        if games.highlighted is None:
            return None
        return catalog.PAGE_BY_ID.get(games.picks[games.highlighted].id or "")

    def on_pick_list_highlighted(self, event: PickList.Highlighted) -> None:
        if event.pick.id in catalog.PAGE_BY_ID:
            if event.pick.id != self._details_of:
                self.show_page_details(catalog.PAGE_BY_ID[event.pick.id])
        elif event.pick.id and event.pick.id != self._details_of:
            self.show_details(catalog.get(event.pick.id))
        elif event.pick.fold:
            self.show_group(event.pick.fold)

    def show_group(self, group: str) -> None:
        """The details of a folded heading: the games it holds."""
        games = self.query_one("#games", PickList)
        text = Text()
        text.append(group + "\n", style="bold")
        titles = [p.label.plain.strip() for p in games.picks if p.group == group]
        text.append(f"{len(titles)} game{'s' if len(titles) != 1 else ''}, folded: " + ", ".join(titles) + "\n\n")
        text.append("Enter or →: unfold", style="dim")
        details = self.query_one("#game-details", Static)
        details.border_title = group
        details.update(text)
        self._details_of = None

    def check_action(self, action: str, parameters) -> bool | None:
        # while a game is being found by its name, letters are the name's: the commands wait
        if action in self.COMMANDS and self.finding():
            return False
        return True

    COMMANDS = {"new_game", "rules", "delete", "export", "import_file", "stats", "finished", "settings", "quit",
                "join"}

    def finding(self) -> bool:
        # asked for every command each time the key bar lists the keys: the list kept, not queried
        games = self._games
        return games is not None and games.finding is not None

    _games: PickList | None = None  # the list of games, once composed

    def on_pick_list_selected(self, event: PickList.Selected) -> None:
        if event.pick.id in catalog.PAGE_BY_ID:
            self.action_rules()
        elif event.pick.id:
            self.app.open_setup(catalog.get(event.pick.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "saves":
            self.app.resume_save(event.option.id)

    _details_of: str | None = None  # the game whose details are shown

    def show_details(self, info, details: Static | None = None) -> None:
        text = Text()
        text.append(info.title + "\n", style="bold")
        text.append(f"{info.players_label} · about {info.minutes} minutes · {info.family}\n\n", style="dim")
        text.append(info.pitch + "\n\n")
        records = []
        store = self.app.store
        if store is not None:
            try:
                records = store.stats(info.id)
            except Exception as exc:  # a damaged statistics table must not stop the launcher
                text.append(f"(records unavailable: {exc})\n", style="dim")
        if records:
            text.append("Records\n", style="bold")
            for r in records[:5]:
                drawn = f", {r['drawn']} drawn" if r.get("drawn") else ""
                text.append(f"  {r['player']}: {r['played']} played, {r['wins']} won{drawn}\n")
        else:
            text.append("No finished games yet.\n", style="dim")
        text.append("\nEnter: new game    ?: rules    ←: fold", style="dim")
        if details is None:
            details = self.query_one("#game-details", Static)
        details.border_title = info.title
        details.update(text)
        self._details_of = info.id

    def show_page_details(self, page: catalog.PageInfo) -> None:
        text = Text()
        text.append(page.title + "\n", style="bold")
        text.append(f"a page to read · {page.family.lower()}\n\n", style="dim")
        text.append(page.pitch + "\n\n")
        text.append("No seats and no new game: there is nothing here to play.\n", style="dim")
        text.append("\nEnter or ?: read it    ←: fold", style="dim")
        details = self.query_one("#game-details", Static)
        details.border_title = page.title
        details.update(text)
        self._details_of = page.id

    def action_new_game(self) -> None:
        info = self.selected_game()
        if info:
            self.app.open_setup(info)
        elif self.selected_page():
            self.notify("That is a page to read, not a game: there is nothing to set up.", severity="warning")

    def action_rules(self) -> None:
        from tabletop_tui.ui.screens.modals import RulesScreen

        info = self.selected_game() or self.selected_page()
        if info:
            self.app.push_screen(RulesScreen(info.title, info.help_text(), back="Back to the games"))

    def action_quit(self) -> None:
        self.app.exit()

    def action_join(self) -> None:
        """The games on several screens waiting for a seat (as `tabletop-tui join` lists them)."""
        self.app.join_game(None, None)

    def action_settings(self) -> None:
        from tabletop_tui.ui.screens.modals import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_stats(self) -> None:
        from tabletop_tui.ui.screens.records import StatsScreen

        info = self.selected_game()
        self.app.push_screen(StatsScreen(info.id if info else None))

    def action_finished(self) -> None:
        from tabletop_tui.ui.screens.records import FinishedGamesScreen

        self.app.push_screen(FinishedGamesScreen())

    # -- saves ------------------------------------------------------------------------------------

    #: each column's heading and least width; what the screen has more goes to the longer cells
    SAVE_COLUMNS = (("Game", 14), ("Players (*computer)", 22), ("Turn", 12), ("Last played", 13))
    _save_widths: list[int] = [14, 26, 14, 14]

    def unfinished(self) -> list[dict]:
        store = self.app.store
        return store.unfinished() if store is not None else []

    def refresh_saves(self, turns: bool = True) -> None:
        """List the unfinished games. Whose turn it is takes a replay of each game: the first paint
        leaves it out and fills it in right after."""
        rows = self.unfinished()
        saves = self.saves_list()
        if saves is None and rows:
            saves = OptionList(id="saves")
            self.query_one("#saves-box", Vertical).mount(saves)
        if saves is not None:
            highlighted = saves.highlighted
            saves.set_options(self.save_options(rows, turns))
            if rows:
                saves.highlighted = min(highlighted or 0, len(rows) - 1)
        self.query_one("#saves-title", Static).update(self.saves_title(bool(rows)))

    def saves_list(self) -> OptionList | None:
        found = self.query("#saves")
        return found.first(OptionList) if found else None

    def save_options(self, rows: list[dict], turns: bool) -> list[Option]:
        from tabletop_tui.ui.widgets.columns import cut, fit_columns

        cells = [[str(c) for c in self.save_cells(row, turns)] for row in rows]
        self._save_widths = fit_columns(self.SAVE_COLUMNS, cells, max(60, self.app.size.width - 2))
        options = []
        for row, row_cells in zip(rows, cells):
            line = Text(no_wrap=True, overflow="crop")
            for width, cell in zip(self._save_widths, row_cells):
                line.append(cut(cell, width - 1).ljust(width))
            options.append(Option(line, id=row["id"]))
        return options

    def saves_title(self, any_rows: bool) -> Text:
        if any_rows:
            header = Text("".join(name.ljust(width) for (name, _), width in zip(self.SAVE_COLUMNS, self._save_widths)),
                          style="bold dim")
            join = "  j: join" if self.some_waiting() else ""
            return Text.assemble((" Unfinished games", "bold"), (f"   Enter: resume  d: delete  x: export{join}\n", "dim"),
                                 header)
        return Text.assemble((" Unfinished games", "bold"), ("   none yet: a game you leave is kept here", "dim"))

    def some_waiting(self) -> bool:
        """Whether a game on several screens waits for a seat (j joins it)."""
        try:
            return bool(self.app.store.waiting()) if self.app.store is not None else False
        except Exception:
            return False

    def save_cells(self, row: dict, turns: bool = True) -> tuple:
        try:
            title = catalog.get(row["game"]).title
        except KeyError:
            title = str(row.get("game"))
        if row.get("broken"):
            return (title, "(damaged)", row.get("broken", "")[:30], _when(row.get("updated")))
        players = []
        for seat, name in enumerate(row.get("players", [])):
            players.append(shown(name) + ("*" if seat in row.get("computer", []) else ""))
        turn = self.app.turn_label(row) if turns else "..."
        return (title, ", ".join(players), turn, _when(row.get("updated")))

    def selected_save(self) -> str | None:
        saves = self.saves_list()
        if saves is None or saves.option_count == 0 or saves.highlighted is None:
            return None
        return saves.get_option_at_index(saves.highlighted).id

    def action_delete(self) -> None:
        from tabletop_tui.ui.screens.modals import ConfirmScreen

        save_id = self.selected_save()
        if save_id is None:
            self.notify("No unfinished game is selected.", severity="warning")
            return

        def done(yes: bool | None) -> None:
            from tabletop_tui.store import StoreError

            if not yes:
                return
            try:
                self.app.store.delete(save_id)
            except StoreError as exc:
                self.notify(f"The saved game could not be deleted ({exc}); it is kept.", severity="error")
                return
            self.refresh_saves()
            self.notify("The saved game was deleted.")

        row = next((r for r in self.app.store.unfinished() if r["id"] == save_id), {})
        title, players, turn, when = self.save_cells(row, turns=False) if row else ("this game", "", "", "")
        what = f"{title} with {players}" if players else title
        self.app.push_screen(ConfirmScreen(f"Delete {what}?", f"Last played {when}, {row.get('moves', 0)} moves. "
                                           "A deleted game cannot be brought back."), done)

    def action_export(self) -> None:
        from tabletop_tui.ui.screens.modals import AskScreen, ConfirmScreen

        save_id = self.selected_save()
        if save_id is None:
            self.notify("No unfinished game is selected.", severity="warning")
            return
        default = os.path.join(os.path.expanduser("~"), f"tabletop-tui-{save_id[:8]}.json")

        def download() -> None:
            # In a browser (`tabletop-tui serve`), the file is the browser's download: no path of the host
            # is asked for, read or written (the record goes from memory to the page's download link).
            import io

            from tabletop_tui.store import StoreError

            try:
                text = self.app.store.export_text(save_id)
            except StoreError as exc:
                self.notify(f"Could not export: {exc}", severity="error")
                return
            name = f"tabletop-tui-{save_id[:8]}.json"
            self.app.deliver_text(io.StringIO(text), save_filename=name, mime_type="application/json",
                                  encoding="utf-8")
            self.notify(f"Exported as the download {name}")

        def write(path: str, replace: bool) -> None:
            from tabletop_tui.store import FileExists, StoreError

            try:
                self.app.store.export(save_id, os.path.expanduser(path), replace=replace)
            except FileExists:
                self.app.push_screen(ConfirmScreen("Replace the file?", f"{path} already exists."),
                                     lambda yes: write(path, True) if yes else None)
            except StoreError as exc:
                self.notify(f"Could not export: {exc}", severity="error")
            else:
                self.notify(f"Exported to {path}")

        def ask() -> None:
            if _in_browser(self.app):
                download()
                return
            self.app.push_screen(AskScreen("Export the game to the file:", default),
                                 lambda path: write(path, False) if path else None)

        row = next((r for r in self.unfinished() if r["id"] == save_id), {})
        if not _hides_hands(row.get("game")):
            ask()
            return
        title, players, _, _ = self.save_cells(row, turns=False)
        self.app.push_screen(ConfirmScreen(
            "The file will hold every hand. Export?",
            f"{title} with {players} is not over, and an exported game is its whole record: every hand, "
            "every hidden card and the order of the deck, in plain text. Whoever reads the file sees them "
            "all; do not let a player read it before the game is over."), lambda yes: ask() if yes else None)

    def action_import_file(self) -> None:
        if _in_browser(self.app):
            # Textual has no upload, and a path typed at the browser would name a file of the host
            self.notify("Import is not offered in a browser: it would read a file of the computer that serves "
                        "the games. Import on that computer: tabletop-tui import FILE", severity="warning",
                        timeout=10)
            return

        def read(path: str | None) -> None:
            from tabletop_tui.store import StoreError

            if not path:
                return
            if self.app.store is None:
                self.notify("There is no save store to import into.", severity="error")
                return
            try:
                save_id = self.app.store.import_file(os.path.expanduser(path))
            except StoreError as exc:
                self.notify(f"Could not import: {exc}", severity="error", timeout=10)
                return
            except Exception as exc:  # whatever a strange file does, the launcher goes on
                self.notify(f"Could not import {path}: {exc}", severity="error", timeout=10)
                return
            saved = next((r for r in self.app.store.all_saves() if r["id"] == save_id), {})
            title, players = saved.get("title", "The game"), ", ".join(map(shown, saved.get("players", [])))
            if saved.get("finished"):
                self.notify(f"Imported {title} with {players}: it is over, and is among the finished games (g).")
            else:
                self.notify(f"Imported {title} with {players}: resume it from the unfinished games.")
            self.refresh_saves()
            info = self.selected_game()
            if info:
                self.show_details(info)

        from tabletop_tui.ui.screens.modals import AskScreen

        default = os.path.join(os.path.expanduser("~"), "")
        self.app.push_screen(AskScreen("Import a game from the file:", default), read)


def _in_browser(app) -> bool:
    """Whether the app is served to a web browser (`tabletop-tui serve`): the person at the keys is
    not at the host, whose files are then never named by them."""
    return bool(getattr(app, "is_web", False))


def _hides_hands(game_id) -> bool:
    """Whether a game keeps things hidden from some players (hands, a deck); True when unknown."""
    try:
        return bool(catalog.get(game_id).rules_class().hidden_information)
    except Exception:
        return True


def _when(stamp) -> str:
    if not stamp:
        return ""
    try:
        when = datetime.fromtimestamp(float(stamp)) if not isinstance(stamp, str) else datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp)
    return when.strftime("%d %b %H:%M")
