"""Text that comes from people or files is shown as text: names that read as markup, or that hold
characters a terminal acts on, never stop the program and are shown as they are."""

from __future__ import annotations

import json

from tabletop_tui.session import Session
from tabletop_tui.store import FILE_FORMAT, FILE_FORMAT_VERSION
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.modals import AskScreen, LogScreen
from tabletop_tui.ui.screens.thief_dice import ThiefDiceScreen

from textual.widgets._toast import Toast

from ui_helpers import log_text, settle, shown, words

NAMES = ["Ada[/]", "[bold]Bo"]


def notices(app) -> str:
    return " ".join(str(n.message) for n in app._notifications)


async def test_names_that_read_as_markup_are_shown_as_they_are(make_app, store):
    app = make_app(start={"game_id": "thief-dice", "players": NAMES, "seed": 3, "options": {}, "computer": []},
                   force_curtain=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, ThiefDiceScreen)
        for _ in range(4):
            await pilot.press("r")
            await settle(pilot)
        assert len(screen.session.game.history) >= 2
        assert "Ada[/]" in log_text(screen) and "[bold]Bo" in log_text(screen)
        assert "[bold]Bo" in shown(screen.query_one("#scores"))
        screen.notify(f"{NAMES[0]} and {NAMES[1]} are at the table.")  # a screen's notify: markup=True by default
        await pilot.press("l")
        await settle(pilot, 3)
        assert isinstance(app.screen, LogScreen)
        log = shown(app.screen.query_one("#log-lines"))
        assert "Ada[/]" in log and "[bold]Bo" in log
        assert "Ada[/] and [bold]Bo are at the table." in notices(app)
        assert "Ada[/] and [bold]Bo" in " ".join(words(t) for t in app.screen.query(Toast))  # drawn as it is
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and app.return_code is None


async def test_importing_a_game_of_such_names_says_them_as_they_are(make_app, store, tmp_path):
    session = Session.new("thief-dice", NAMES, 4, {}, [], store)
    session.autoplay(2)
    path = tmp_path / "game.json"
    store.export(session.save_id, path)
    store.delete(session.save_id)
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:  # the toasts drawn, as in use
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("i")
        await settle(pilot, 3)
        assert isinstance(app.screen, AskScreen)
        app.screen.query_one("Input").value = str(path)
        await pilot.press("enter")
        await settle(pilot, 4)
        assert isinstance(app.screen, LauncherScreen) and app.return_code is None
        assert "with Ada[/], [bold]Bo" in notices(app)
        toasts = " ".join(words(t) for t in app.screen.query(Toast))  # as drawn
        assert "with Ada[/]," in toasts and "[bold]Bo: resume" in toasts
        saves = shown(app.screen.query_one("#saves"))
        assert "Ada[/]" in saves and "[bold]Bo" in saves


async def test_an_import_refusal_quotes_the_file_short_and_printable(make_app, store, tmp_path):
    record = Session.new("thief-dice", ["Ada", "Bo"], 5, {}, [], None).game.record()
    record["moves"] = [[0, ["\x1b]0;owned\x07\x1b[2J[/]" + "x" * 3000]]]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": FILE_FORMAT, "format_version": FILE_FORMAT_VERSION, "record": record}))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("i")
        await settle(pilot, 3)
        app.screen.query_one("Input").value = str(path)
        await pilot.press("enter")
        await settle(pilot, 4)
        said = notices(app)
        assert "Could not import" in said and "do not replay" in said
        assert "\x1b" not in said and "\x07" not in said and "\\x1b" in said and len(said) < 600


async def test_names_with_control_characters_from_an_older_store_are_shown_escaped(make_app, store):
    """Setup and import refuse such names; an older program saved them as they were typed."""
    session = Session.new("thief-dice", ["Ada\x1b[2J", "Bo\x07"], 6, {}, [], store)
    session.autoplay(2)
    session.release()
    app = make_app(start={"save": session.save_id}, force_curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, ThiefDiceScreen)
        scores = shown(screen.query_one("#scores"))
        assert "Ada\\x1b" in scores and "Bo\\x07" in scores and "\x1b" not in scores
        await pilot.press("r")
        await settle(pilot, 3)
        assert "\x1b" not in log_text(screen) and "\x07" not in log_text(screen)
        assert "Ada\\x1b[2J" in log_text(screen) or "Bo\\x07" in log_text(screen)
