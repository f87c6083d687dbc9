"""One Ball through the screens: one player from the launcher's setup (the collection's first game for
one), the break, calls by pocket keys, a miss spotting a ball, and the results."""

from tabletop_tui.ui.screens.one_ball import OneBallScreen
from tabletop_tui.ui.screens.results import ResultsScreen

from ui_helpers import keys, log_text, open_setup, settle, shown, start


async def test_one_player_from_setup_to_results(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, "one-ball")
        assert setup.count == 1
        screen = await start(pilot, app, OneBallScreen)
        game = screen.session.game
        assert len(game.players) == 1 and "breaks" in shown(screen.query_one("#prompt"))
        await pilot.press(*["b"] * 14, "d")
        await settle(pilot)
        assert game.on_table == 1 and set("456789") <= set(keys(app))
        await pilot.press("6", "d")  # called, missed: a ball is spotted
        await settle(pilot)
        assert game.on_table == 2 and "Foot Spot" in log_text(screen)
        await pilot.press("6", "m", "b", "d")
        await settle(pilot, 4)
        assert game.outcome() is not None and "wins" in game.outcome().summary
        assert isinstance(app.screen, ResultsScreen)
