"""The launcher as a newcomer meets it: what it says of unfinished games that hide hands, how a game
is found among many (typing its name, folding families, the games last played first), and the sign
that the list goes on beyond what is in sight."""

from __future__ import annotations

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.modals import AskScreen, ConfirmScreen

from test_ui_curtain import screen_text
from ui_helpers import settle, shown

HIDDEN_SEED = 4_242_424_242_424_242_424


async def test_an_unfinished_game_that_hides_hands_shows_no_seed_and_export_warns_first(make_app, store,
                                                                                      tmp_path):
    hidden = Session.new("darwinian-poker", ["Ada", "Bo"], HIDDEN_SEED, {}, [], store)
    hidden.autoplay(1)
    hidden.release()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        # the seed would deal every hand: nowhere on the launcher, its list or its questions
        assert str(HIDDEN_SEED) not in screen_text(app)
        await pilot.press("tab")
        await settle(pilot, 3)
        assert app.screen.selected_save() == hidden.save_id
        await pilot.press("d")
        await settle(pilot, 3)
        assert str(HIDDEN_SEED) not in screen_text(app)
        await pilot.press("n")
        await settle(pilot, 3)
        # export: before any file is named, it says the file holds every hand
        await pilot.press("x")
        await settle(pilot, 3)
        assert isinstance(app.screen, ConfirmScreen)
        said = " ".join(shown(app.screen.query_one(".dialog-title")).split())
        assert "every hand" in said
        assert str(HIDDEN_SEED) not in screen_text(app)
        await pilot.press("n")  # not now
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("x")
        await settle(pilot, 3)
        await pilot.press("y")
        await settle(pilot, 3)
        assert isinstance(app.screen, AskScreen)
        target = tmp_path / "hands.json"
        app.screen.query_one("#answer").value = str(target)
        await pilot.press("enter")
        await settle(pilot, 3)
        assert target.exists() and "darwinian-poker" in target.read_text()


async def test_a_game_that_hides_nothing_is_exported_without_the_warning(make_app, store):
    Session.new("pontifuse", ["Ada", "Bo"], 2, {}, [], store).release()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("tab", "x")
        await settle(pilot, 3)
        assert isinstance(app.screen, AskScreen)
