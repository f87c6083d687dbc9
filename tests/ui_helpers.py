"""Helpers shared by the Pilot tests (tests/test_ui_*.py): reading what the screens show, pressing keys
and filling in forms as a person would, and checking that a table fits its place.

A plain module, not a test file: pytest puts tests/ on sys.path, so the tests import it by name."""

import re

from textual import events
from textual.geometry import Region

from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.setup import SetupScreen
from tabletop_tui.ui.widgets.common import ActionBar, MoveLog


async def settle(pilot, n=2) -> None:
    """Let the app catch up: n pauses, each waiting for pending messages to be processed."""
    for _ in range(n):
        await pilot.pause()


def shown(widget) -> str:
    """The text a widget shows on the terminal."""
    width, height = widget.size
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, width, height)))


def words(widget) -> str:
    """What a widget shows, with the line breaks of wrapped cells taken out."""
    return " ".join(shown(widget).split())


def log_lines(screen) -> list[str]:
    """The lines of the move log as shown."""
    return [line.text for line in screen.query_one("#log", MoveLog).lines]


def log_text(screen) -> str:
    """The move log as shown, its wrapped lines joined again."""
    return " ".join(" ".join(log_lines(screen)).split())


def bar(app) -> ActionBar:
    """The action bar of the current screen."""
    return app.screen.query_one("#actions", ActionBar)


def keys(app) -> list[str]:
    """The keys the action bar shows, in order."""
    return [a.key for a in bar(app).actions]


async def click(pilot, app, selector) -> None:
    """Click a widget of the current screen, scrolling it into view first."""
    widget = app.screen.query_one(selector)
    widget.scroll_visible(animate=False)
    await pilot.pause()
    await pilot.click(widget)


async def type_into(pilot, app, selector, text: str) -> None:
    """Click an input field, replace what it holds with text by typing, and check that it took."""
    await click(pilot, app, selector)
    widget = app.screen.query_one(selector)
    assert widget.has_focus
    clear = ["end", *["backspace"] * len(widget.value)] if widget.value else []
    await pilot.press(*clear, *text)
    assert widget.value == text


async def open_setup(pilot, app, game_id: str) -> SetupScreen:
    """From the launcher: move down to the game game_id in the list of games and press Enter."""
    await settle(pilot)
    assert isinstance(app.screen, LauncherScreen)
    for _ in range(40):
        if app.screen.selected_game().id == game_id:
            break
        await pilot.press("down")
    assert app.screen.selected_game().id == game_id
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def start(pilot, app, screen_class):
    """On the setup form: press ctrl+s to start the game, and return its screen (a screen_class)."""
    await pilot.press("ctrl+s")
    await settle(pilot)
    assert isinstance(app.screen, screen_class)
    return app.screen


async def press_for_move(pilot, screen, key: str, *, human: bool = False) -> None:
    """Press a key that must make a move (no refusal).

    The key goes to the app as a key from the terminal does (bindings, focus, the screen's keys).
    Unlike `pilot.press`, this waits for the move rather than for the process to idle after each
    key, which would make a whole game take many seconds.

    With human=True the key must make the move of the human to act now, the first of the moves that
    follow (a computer player may answer at once)."""
    seat = screen.session.human_to_act()[0] if human else None
    before = len(screen.session.game.history)
    screen.app.post_message(events.Key(key, key))
    for _ in range(20):
        await pilot.pause(0)
        if len(screen.session.game.history) > before:
            break
    assert screen.error == ""
    history = screen.session.game.history
    assert len(history) > before, f"{key!r} made no move"
    if human:
        assert history[before][0] == seat, f"{key!r} made no move of seat {seat}"


def assert_fits(screen, *parts: str) -> None:
    """Nothing of the table is out of sight or cut: no scrolling needed, in either direction, and each
    of the parts (selectors of widgets on the table) lies inside the table, is no taller than it, and
    shows no line wider than itself."""
    table = screen.query_one("#table")
    assert table.max_scroll_y == 0 and table.max_scroll_x == 0
    for part in parts:
        widget = screen.query_one(part)
        assert widget.region.bottom <= table.region.bottom, part
        assert widget.region.right <= table.region.right, part
        lines = shown(widget).splitlines()
        assert len(lines) <= table.size.height, part
        assert all(len(line.rstrip()) <= widget.size.width for line in lines), part


def standings_rows(app, by_place: bool = False):
    """The rows of the results table as shown, split into cells: place, name, ... ("1st", "Ada", "36").

    A list of rows in order; with by_place=True a dict from the place ("1st", "2nd") to the rest of
    its row."""
    rows = []
    for line in shown(app.screen.query_one("#results-table")).splitlines():
        cells = line.split()
        if cells and re.fullmatch(r"\d+(st|nd|rd|th)", cells[0]):
            rows.append(cells)
    if by_place:
        return {cells[0]: cells[1:] for cells in rows}
    return rows
