"""The application around the games: size, damaged saves, the curtain."""

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.modals import CurtainScreen, TooSmallScreen


async def settle(pilot, n=3):
    for _ in range(n):
        await pilot.pause()


async def test_a_small_terminal_says_so_and_the_game_comes_back(make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game_screen = app.screen
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "60x20" in str(app.screen.query_one("#too-small-text").render())
        await pilot.resize_terminal(70, 20)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert app.screen is game_screen
        await pilot.press("r")
        await settle(pilot)
        assert len(game_screen.session.game.history) == 1


async def test_a_damaged_save_is_reported_and_kept(make_app, store):
    good = Session.new("pontifuse", ["Ada", "Bo"], 2, {}, [], store)
    bad = Session.new("pontifuse", ["Cy", "Dee"], 2, {}, [], store)
    # a move the rules refuse: the record no longer replays
    store.add_move(bad.save_id, 0, 0, ["place", 4])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
        app.resume_save(bad.save_id)
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)  # no crash, still on the launcher
        assert any("cannot be resumed" in n.message for n in app._notifications)
        assert {r["id"] for r in store.unfinished()} == {good.save_id, bad.save_id}


async def test_curtain_when_forced_between_two_humans(make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    app = make_app(start={"save": session.save_id}, force_curtain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)  # resuming starts behind the curtain
        first = session.game.to_act()[0]
        assert app.screen.player == session.players[first]
        await pilot.press("enter")
        await settle(pilot)
        game_screen = app.screen
        await pilot.press("r")
        await settle(pilot)
        following = game_screen.session.game.to_act()[0]
        assert following != first  # this seed's first roll passes the dice on
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player == session.players[following]


async def test_no_curtain_in_open_games_by_default(make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(4):
            await pilot.press("r")
            await settle(pilot)
            assert not isinstance(app.screen, CurtainScreen)
