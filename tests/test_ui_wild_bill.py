"""Wild Bill through the screens: Mike and Dave's example entered by keys (touched balls, pockets, a
carom, a foul), the respotting said, refusals, and a game to its results with a computer seat."""

from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.wild_bill import WildBillScreen

from ui_helpers import keys, log_text, settle, shown


async def test_mike_and_dave_by_keys(make_app, store):
    app = make_app(start={"game_id": "wild-bill", "players": ["Mike", "Dave"], "seed": 1, "options": {"table": "real"},
                          "computer": []})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, WildBillScreen)
        game = screen.session.game
        assert "k" in keys(app) and "1" in keys(app)  # the break's own foul
        await pilot.press("d")  # refused: touched first
        await settle(pilot)
        await pilot.press("1", "6", "d")  # the Foot Spot ball into the left foot corner
        await settle(pilot)
        assert game.scores == [1, 0] and "the Foot Spot" in log_text(screen)
        await pilot.press("2", "d")  # Dave's carom
        await settle(pilot)
        assert game.scores[1] == 2 and game.to_act() == [1]
        await pilot.press("r")
        await settle(pilot)
        assert game.scores == [1, 0] and "loses the inning's 2 points" in log_text(screen)
        assert "Mike" in shown(screen.query_one("#prompt"))


async def test_a_game_against_the_computer_ends_in_the_results(make_app, store):
    app = make_app(start={"game_id": "wild-bill", "players": ["Ada", "Bot"], "seed": 3,
                          "options": {"target": 5, "table": "real"}, "computer": [1]})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        game = app.screen.session.game
        for _ in range(200):
            if game.over:
                break
            if game.to_act() == [0]:
                await pilot.press("3" if game.touched is None else "d")
            await settle(pilot)
        await settle(pilot, 4)
        assert isinstance(app.screen, ResultsScreen)
