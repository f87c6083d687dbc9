"""Hotel Transylvania through the screens: three people play a whole game from the launcher behind the
curtain, and no screen shown to one ever holds another's cards; the standing order is set from the
action bar and shown to its owner alone; six players fit 80x24."""

from __future__ import annotations

import random

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.hotel_transylvania import HotelTransylvaniaScreen
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen

from handoff_helpers import lift_curtain, to_the_results
from ui_helpers import assert_fits, assert_sees_only, open_setup, screen_text, settle, shown, type_into

GAME = "hotel-transylvania"
PARTS = ("#ht-board", "#ht-hand")


async def test_three_people_start_from_the_launcher_and_play_behind_the_curtain(make_app, store):
    """The first turns of a new game of people, from the launcher: every curtain and every table shows
    no card hidden from whoever looks."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#seed", "41")
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        lifted = []
        for _ in range(14):
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                assert_sees_only(app, app.screen_stack[-2].session, None)
                lifted.append(screen.player)
                await lift_curtain(pilot, app)
            else:
                assert isinstance(screen, HotelTransylvaniaScreen)
                viewer = screen.viewer()
                assert viewer is not None
                assert_sees_only(app, screen.session, viewer)
                if not screen.input_open():
                    await pilot.press("enter")
                else:
                    actions = screen.query_one("#actions").actions
                    assert actions and all(a.seat == viewer for a in actions)
                    await pilot.press(next(a for a in actions if a.move.kind != "order").key)
            await settle(pilot, 2)
        game = app.screen_stack[-1].session.game if not isinstance(app.screen, CurtainScreen) \
            else app.screen_stack[-2].session.game
    assert {"Ada", "Bo", "Cy"} <= set(lifted)
    assert game.players == ["Ada", "Bo", "Cy"] and game.turns >= 2


async def test_three_people_play_a_resumed_game_to_the_results_behind_the_curtain(make_app, store):
    found = prepared(["Ada", "Bo", "Cy"], 6, 66)
    app = await resumed(make_app, store, found)
    rnd = random.Random(4)
    kinds: set[str] = set()

    async def act(screen, viewer):
        actions = screen.query_one("#actions").actions
        if not actions:
            await pilot.pause(0.01)
            return
        assert all(a.seat == viewer for a in actions)
        orders = [a for a in actions if a.move.kind == "order"]
        others = [a for a in actions if a.move.kind != "order"]
        chosen = rnd.choice(orders) if orders and "order" not in kinds else rnd.choice(others)
        kinds.add(chosen.move.kind)
        await pilot.press(chosen.key)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        lifted = await to_the_results(pilot, app, HotelTransylvaniaScreen, act, steps=3000, people=True)
        assert isinstance(app.screen, ResultsScreen)
        results = screen_text(app)
        game = app.screen.session.game
        assert game.outcome().summary in results
    assert set(lifted) == {"Ada", "Bo", "Cy"}
    assert {"move", "order"} <= kinds
    assert game.played == 52
    assert store.unfinished() == []


def prepared(players: list[str], seed: int, moves: int) -> Session:
    """A game of people with the computer's choices for its first moves."""
    from tabletop_tui.bots.hotel_transylvania import HotelTransylvaniaBot

    session = Session.new(GAME, players, seed)
    game = session.game
    for _ in range(moves):
        seat = game.to_act()[0]
        session.play(seat, HotelTransylvaniaBot(seat, 1).choose(game.view(seat), game.legal_moves(seat)))
    return session


async def resumed(make_app, store, found: Session):
    session = Session.new(GAME, found.game.players, found.game.seed, store=store)
    for seat, move in found.game.history:
        session.play(seat, move)
    session.release()
    return make_app(start={"save": session.save_id})


async def test_six_players_fit_80x24_and_the_order_dial_is_the_owners_alone(make_app, store):
    found = prepared(["Ada", "Bo", "Cy", "Dee", "Eve", "Fay"], 3, 30)
    app = await resumed(make_app, store, found)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, HotelTransylvaniaScreen)
        assert_fits(screen, *PARTS)
        game = screen.session.game
        seat = game.turn
        board = shown(screen.query_one("#ht-board"))
        for g in game.view(None)["guests"]:
            assert g["letter"] in board
        hand = " ".join(shown(screen.query_one("#ht-hand")).split())
        assert "any guest but a 6" in hand
        dial = [a for a in screen.query_one("#actions").actions if a.move.kind == "order"]
        assert [a.label for a in dial] == ["Surprise: never", "Surprise: 2-5", "Surprise: 1-6"]
        await pilot.press(dial[1].key)
        await settle(pilot, 2)
        assert game.orders[seat].value == (2, 0)
        assert "surprise rank 2 to 5" in " ".join(shown(screen.query_one("#ht-hand")).split())
        labels = [a.label for a in screen.query_one("#actions").actions if a.move.kind == "order"]
        assert labels == ["Surprise: 1-5", "Surprise: 3-5", "Surprise: 2-6"]
        # the others never read it: not in their views, nor in their log
        for other in range(6):
            if other != seat:
                assert game.view(other)["order"] == [1, 0]


async def test_a_wider_table_shows_more_of_each_stack(make_app, store):
    found = prepared(["Ada", "Bo", "Cy"], 5, 60)
    app = await resumed(make_app, store, found)
    async with app.run_test(size=(150, 40)) as pilot:
        await settle(pilot, 3)
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        screen = app.screen
        assert screen.cell_width() > 3
        assert_fits(screen, *PARTS)


async def test_a_key_builds_and_repaints_only_the_lines_of_the_board_it_changed(make_app, store, monkeypatch):
    """The board is drawn by lines, each row of rooms' ghosts and guests built only when what it shows
    changed: after each key, the lines built are among those that changed, the lines repainted are
    exactly those that changed, in one frame; the guests' labels read one view for all."""
    from test_ui_frames import Counts, quiet, scene_app

    counts = Counts(monkeypatch)
    built: list[int] = []  # the board's lines built, by their place (1: the clubs' ghosts, 2: their guests...)
    ghosts_line, guests_line = HotelTransylvaniaScreen.ghosts_line, HotelTransylvaniaScreen.guests_line
    monkeypatch.setattr(HotelTransylvaniaScreen, "ghosts_line",
                        lambda screen, suit, *args: built.append(1 + 2 * suit) or ghosts_line(screen, suit, *args))
    monkeypatch.setattr(HotelTransylvaniaScreen, "guests_line",
                        lambda screen, suit, *args: built.append(2 + 2 * suit) or guests_line(screen, suit, *args))
    app = scene_app(make_app, store, GAME)
    rnd = random.Random(4)
    kept = rebuilt = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, HotelTransylvaniaScreen)
        board = screen.query_one("#ht-board")
        game = screen.session.game
        for _ in range(12):
            if screen.session.over():
                break
            actions = screen.query_one("#actions").actions
            views: list = []
            view = game.view
            game.view = lambda seat: views.append(seat) or view(seat)
            screen.current_actions()
            del game.view
            assert len(views) <= 1, f"{len(views)} views for the labels of {[a.label for a in actions]}"
            before, region = list(board._keys), board.region
            built.clear()
            board.painted.clear()
            counts.reset()
            await pilot.press(rnd.choice([a.key for a in actions if a.move.kind != "order"]))
            await quiet(pilot, counts)
            after = list(board._keys)
            changed = {y for y in range(len(after)) if after[y] != before[y]}
            assert set(built) <= changed, f"lines {built} built, those changed: {changed}"
            assert counts.frames == 1
            if board.region == region:
                assert set(board.painted) == changed
            kept += 8 - len(changed - {0})
            rebuilt += len(built)
    assert kept and rebuilt  # lines left alone and lines built anew were both seen
