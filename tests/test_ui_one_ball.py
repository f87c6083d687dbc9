"""One Ball through the screens. On this screen (the default): one player from the launcher's setup (the
collection's first game for one), the cue ball placed and the break shot by keys, the call chosen with
`b` and `p` and shown, each shot one move whose outcome the rules read (one step for undo), and the
game resumed with the balls where they stopped, the physics never run again. On a real table: the break, calls by pocket keys,
a miss spotting a ball, and the results."""

from tabletop_tui.pool import physics
from tabletop_tui.rules.pool import move_outcome
from tabletop_tui.ui.screens.one_ball import OneBallScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets import pool_table
from tabletop_tui.ui.widgets.pool_table import PoolTable

from ui_helpers import keys, log_text, open_setup, settle, shown, start


async def shoot_by_keys(pilot, app, *presses: str) -> None:
    """Press the keys, the last one shooting; wait for the simulation (a thread), skip the rolling."""
    await pilot.press(*presses)
    await app.workers.wait_for_complete()
    await settle(pilot)
    if app.screen.query_one("#felt", PoolTable).rolling:
        await pilot.press("s")
    await settle(pilot)


async def test_shots_on_this_screen_by_keys_then_resumed_without_physics(make_app, store, monkeypatch):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, "one-ball")
        screen = await start(pilot, app, OneBallScreen)
        game = screen.session.game
        felt = screen.query_one("#felt", PoolTable)
        assert game.options["table"] == "screen" and felt.has_focus
        assert felt.placing is not None and "place the cue ball" in shown(screen.query_one("#prompt"))
        await pilot.press("down", "up", "enter")  # the cue ball in hand moved, and put down
        await settle(pilot)
        assert felt.placing is None and felt.positions[0] == (20.0, 25.0)
        await pilot.press("0")  # full power
        felt.pending = True  # the frame of the shooting key shows the shot rolling before it is simulated
        assert felt.status_text() == " Rolling..."
        felt.pending = False
        await shoot_by_keys(pilot, app, "space")
        assert len(game.history) == 1 and game.history[0][1].kind == "shot" and not game.is_break
        outcome = move_outcome(game.history[0][1])
        assert outcome["cue"] == (20.0, 25.0) and outcome["power"] == 1.0 and "call" not in outcome
        assert [b for b, _ in outcome["sunk"]] == [7, 10] and game.on_table == 13  # the physics is deterministic
        # a called shot
        balls = sorted(b for b in felt.positions if b)
        await pilot.press("b", "p")  # the call chosen by keys: the next ball and the next pocket
        await settle(pilot)
        called = felt.call
        assert called is not None and felt.call_fixed and called[0] in balls
        assert f"Call: the {called[0]} in" in shown(screen.query_one("#pool-table"))
        await shoot_by_keys(pilot, app, "5", "space")
        assert game.outcome() is None, game.log[-1].text
        assert len(game.history) == 2 and move_outcome(game.history[1][1])["call"] == list(called)
        on_table = {str(b): list(p) for b, p in felt.positions.items()}
        assert on_table == game.view(0)["balls"]  # the widget's resting places are the rules'
        await pilot.press("u")  # one shot is one step back: the balls where the break left them
        await settle(pilot)
        game = screen.session.game
        assert len(game.history) == 1 and felt.positions == {int(b): tuple(p) for b, p in game.view(0)["balls"].items()}
        await shoot_by_keys(pilot, app, "5", "space")  # the same stroke again: the same table
        assert {str(b): list(p) for b, p in felt.positions.items()} == on_table
        save_id = screen.session.save_id

    def no_physics(*args, **kwargs):
        raise AssertionError("the physics ran again")

    monkeypatch.setattr(physics, "simulate_shot", no_physics)
    monkeypatch.setattr(pool_table, "simulate_shot", no_physics)
    app = make_app(start={"save": save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, OneBallScreen)
        shown_balls = {str(b): list(p) for b, p in screen.query_one("#felt", PoolTable).positions.items()}
        assert shown_balls == on_table and screen.session.game.view(0)["balls"] == on_table


async def test_one_player_on_a_real_table_to_results(make_app, store):
    app = make_app(start={"game_id": "one-ball", "players": ["Ada"], "seed": 1, "options": {"table": "real"},
                          "computer": []})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, OneBallScreen) and not screen.query("#felt")
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
