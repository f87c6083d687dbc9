"""Helpers shared by the Pilot tests (tests/test_ui_*.py): reading what the screens show, pressing keys
and filling in forms as a person would, checking that a table fits its place, and that a screen shows
nobody a card hidden from them (`assert_sees_only`).

A plain module, not a test file: pytest puts tests/ on sys.path, so the tests import it by name."""

import re

from textual import events
from textual.geometry import Region

from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.hidden import token
from tabletop_tui.rules.engine import log_for
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.modals import LogScreen
from tabletop_tui.ui.screens.setup import SetupScreen
from tabletop_tui.ui.widgets.cards import chip_text
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
    for _ in range(60):
        if getattr(app.screen.selected_game(), "id", None) == game_id:  # None on a page to read
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
        if cells and re.fullmatch(r"\d+(st|nd|rd|th)|draw", cells[0]):  # a place, or shared first place
            rows.append(cells)
    if by_place:
        return {cells[0]: cells[1:] for cells in rows}
    return rows


def screen_text(app) -> str:
    """Everything the terminal shows now, each widget's wrapped lines joined again (and widgets kept
    apart, so that a phrase is never made of the end of one and the start of another)."""
    return " ¦ ".join(" ".join(shown(w).split()) for w in app.screen.query("*") if w.display and w.size.area)


def spellings(code: str) -> list[str]:
    """How a screen could show a card: a playing card by its name and its short form ("6♦"); a Decktet
    card (its name is its code) by its name without the article ("Castle", "Ace of Moons"). A `Secret`
    (a value that is not a card: a bid, a bag's mix) has no spelling on a screen: its name is a label."""
    if code in decktet.BY_NAME:
        return [code.removeprefix("the ")]
    try:
        c = card(code)
    except ValueError:
        return []
    return [c.name.removeprefix("the "), chip_text(code).plain.strip()]


def _flat(text: str) -> str:
    return " ".join(text.split())


def log_entries(widget: MoveLog) -> list[str]:
    """The entries of a move log as drawn (all of them, scrolled out of sight too), each entry's wrapped
    lines joined again, without its bullet."""
    text = _flat(" ".join(strip.text for strip in widget.lines))
    return [entry.strip() for entry in text.split("• ") if entry.strip()]


def _without_last_move(title: str, history: str) -> str:
    """The title bar's text, less the last move it repeats where that is a line of the log the viewer
    may read (cut short with "…" where it does not fit)."""
    for label in ("last move: ", "Last: "):
        if label in title:
            head, last = title.split(label, 1)
            if last.rstrip("…").strip() in history:
                return head
    return title


def assert_sees_only(app, session, seat) -> None:
    """The screen shows `seat` (None: the table everyone may see) no card hidden from it: neither its
    name nor its short form ("6♦").

    A card is hidden "since it was last seen": one named in a line of the log that `seat` may read (a
    card of an earlier round, which a new deal put back among the hidden; a card shown, then shuffled
    back) is no leak there. So the move log, the last move in the title bar and the whole log's screen
    are read line by line: a line `seat` may read (`log_for`) is history, any other line (a note, or a
    line meant for someone else) must name no hidden card, like everything else on the screen. Where
    nobody may see where a card lies now (shuffled into a deck), a record of the past that `seat` saw
    (the plot just settled, shown while its cards are shuffled back) may name it anywhere: the log
    names it to `seat` too, and no view of any seat holds it."""
    game = session.game
    hidden = game.hidden_from(seat)
    if not hidden:
        return
    hidden_all = set(hidden)
    universe = {token(item) for place in game.places() for item in place.items}
    readable = [_flat(e.text) for e in log_for(game.log, seat)]
    lines = set(readable)
    history = " ".join(readable)
    lost = set(hidden)
    for other in range(len(game.players)):
        lost &= game.hidden_from(other)
    hidden = {code for code in hidden if code not in lost or not any(s in history for s in spellings(code))}
    screen = app.screen
    parts = []
    for widget in screen.query("*"):
        if not (widget.display and widget.size.area):
            continue
        if isinstance(widget, MoveLog):
            parts += [entry for entry in log_entries(widget) if entry not in lines]
        elif widget.id == "title-bar":
            parts.append(_without_last_move(_flat(shown(widget)), history))
        elif widget.id == "log-lines" and isinstance(screen, LogScreen):
            parts += [line for line in screen.lines if _flat(line) not in lines]
        else:
            parts.append(_flat(shown(widget)))
    text = " ¦ ".join(parts)
    for code in hidden:
        twin = code[:-2] if code.endswith(".2") else code + ".2"
        if twin in universe and twin not in hidden_all:
            continue  # the other deck's copy, in sight, is spelled the same
        for spelled in spellings(code):
            assert spelled not in text, (seat, code, spelled)


def side_by_side_appended(blocks, gap: int = 1):
    """Blocks of lines joined side by side as rich's own calls join them (each line a copy, padded to
    its block's width, appended piece by piece): what things.side_by_side must make, span for span."""
    from rich.text import Text

    if not blocks:
        return []
    height = max(len(b) for b in blocks)
    widths = [max((ln.cell_len for ln in b), default=0) for b in blocks]
    out = []
    for i in range(height):
        line = Text()
        for j, b in enumerate(blocks):
            part = b[i].copy() if i < len(b) else Text("")
            part.pad_right(widths[j] - part.cell_len)
            if j:
                line.append(" " * gap)
            line.append_text(part)
        out.append(line)
    return out
