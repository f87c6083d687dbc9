"""A game on several screens through the screens: each screen shows only its own seat's cards and
acts only for it, the others' moves appear on it, it says whom it waits for and who left, undo says
why there is none; the setup's choice of seats; the launcher's and `join`'s lists."""

from __future__ import annotations

from textual.widgets import Checkbox, Select

from tabletop_tui import catalog
from tabletop_tui.session import Session
from tabletop_tui.store import Store
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.screens.join import JoinScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets.keybar import KeyBar

from ui_helpers import assert_sees_only, bar, settle, shown

POKER = "seven-handed-poker"


async def play_against(pilot, app, other: Session, seat: int, moves: int) -> int:
    """Play `moves` moves: the app's seat by its keys, the other seat by the session (another screen),
    each screen checked after each move. Returns how many moves the app's screen made."""
    made = 0
    for _ in range(moves):
        screen = app.screen
        if not isinstance(screen, GameScreen):
            break
        game = screen.session.game
        if seat in game.to_act():
            assert [a.seat for a in bar(app).actions] and {a.seat for a in bar(app).actions} == {seat}
            await pilot.press(bar(app).actions[0].key)
            made += 1
        else:
            assert bar(app).actions == []  # nothing to press for the other seat
            assert f"Waiting for {game.players[other.seat]}, on another screen." in shown(screen.query_one("#actions"))
            other.poll()
            other.play(other.seat, other.game.legal_moves(other.seat)[0])
            screen.watch_store()  # the next tick of its watch
        await settle(pilot, 2)
        if isinstance(app.screen, GameScreen):
            assert app.screen.session.game.record() == other.game.record() or other.poll()
            assert_sees_only(app, app.screen.session, seat)
    return made


async def test_a_joined_screen_sees_only_its_seat_and_the_hosts_moves(make_app, store, data_dir):
    # the other screen has a store of its own (the app's connection does not see its own commits change
    # the data version): as another process would
    host = Session.new(POKER, ["Ada", "Bo"], 4, store=Store.open(str(data_dir)), remote=[1])
    app = make_app(start={"join": host.save_id, "seat": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.seat == 1
        assert "Bo's screen" in shown(screen.query_one("#title-bar"))
        assert await play_against(pilot, app, host, 1, 14) > 2
        if 0 in host.game.to_act():
            assert "Waiting for Ada, on another screen." in shown(app.screen.query_one("#actions"))
        # undo: none, not offered in the key bar, and its key says why
        assert "Undo" not in shown(app.screen.query_one(KeyBar))
        await pilot.press("u")
        await settle(pilot)
        assert "cannot be taken back" in shown(app.screen.query_one("#prompt"))
        # Ada leaves: the screen says so once it looks (the host's seat waits for her)
        if 0 in host.game.to_act():
            host.release()
            app.screen.watch_seats()
            await settle(pilot)
            assert "Waiting for Ada, who left: Ada can rejoin with tabletop-tui join." in shown(
                app.screen.query_one("#actions"))


async def test_the_host_screen_plays_to_the_end_and_the_game_is_recorded_once(make_app, store, data_dir):
    made = Session.new(POKER, ["Ada", "Bo"], 4, store=store, remote=[1])
    made.release()  # the app takes the host's seat again
    bo = Session.join(Store.open(str(data_dir)), made.save_id, 1)
    app = make_app(start={"join": made.save_id, "seat": 0})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert app.screen.session.seat == 0
        await play_against(pilot, app, bo, 0, 200)
        await settle(pilot, 3)
        assert isinstance(app.screen, ResultsScreen)
        bo.poll()
        assert bo.over() and bo.finished_saved
        standings = store._conn.execute("SELECT count(*) FROM standings WHERE save_id = ?", (made.save_id,)).fetchone()
        assert standings[0] == 2 and store.waiting() == []
        # Bo's screen leaves the next game to the host's: no p or d there
        await app.push_screen(ResultsScreen(bo))
        await settle(pilot)
        assert "Ada's screen may start the next game" in shown(app.screen.query_one("#results-again"))
        assert app.screen.check_action("again", ()) is False and app.screen.check_action("same_deal", ()) is False
        app.pop_screen()
        await settle(pilot)
        # play again: the host's screen starts the next game on the same screens, Bo's seat waiting for him
        assert "on the same screens" in shown(app.screen.query_one("#results-again"))
        await pilot.press("p")
        await settle(pilot, 3)
        again = app.screen.session
        assert isinstance(app.screen, GameScreen) and again.shared and again.seat == 0 and again.save_id != made.save_id
        assert [(w["id"], [s["seat"] for s in w["seats"]]) for w in store.waiting()] == [(again.save_id, [1])]


async def test_the_setup_offers_another_screen_per_seat(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup(catalog.get("second-story"))
        await settle(pilot, 3)
        setup = app.screen
        assert not setup.query_one("#takeover-row").display
        setup.query_one("#computer-1", Checkbox).value = True
        await settle(pilot)
        setup.query_one("#remote-1", Checkbox).value = True
        await settle(pilot)
        assert not setup.query_one("#computer-1", Checkbox).value  # one of the three
        assert setup.query_one("#takeover-row").display
        setup.action_start()
        await settle(pilot, 3)
        assert isinstance(app.screen, GameScreen) and app.screen.session.seat == 0
        save_id = app.screen.session.save_id
        assert store.waiting()[0]["seats"] == [{"seat": 1, "name": "Bo", "state": "open"}]
        app.to_launcher()
        await settle(pilot, 3)
        await pilot.press("j")
        await settle(pilot, 3)
        assert isinstance(app.screen, JoinScreen)
        listing = app.screen.query_one("#join-list")
        seats = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert any("seat 2: Bo (open)" in line for line in seats)
        assert any("seat 1: Ada (left)" in line for line in seats)  # the host left its screen: it waits
    assert store.shared(save_id)["host"] == 0


async def test_the_setup_refuses_another_screen_where_it_cannot_be(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup(catalog.get("one-ball"))
        await settle(pilot, 3)
        assert not app.screen.query_one("#remote-0").display  # a game of one: one screen
        app.pop_screen()
        await settle(pilot)
        app.open_setup(catalog.get("wild-bill"))  # on a real table, refereed from one screen
        await settle(pilot, 3)
        setup = app.screen
        setup.query_one("#opt-table", Select).value = "real"
        setup.query_one("#remote-1", Checkbox).value = True
        await settle(pilot)
        setup.action_start()
        await settle(pilot, 2)
        assert "on a real table is refereed from one screen" in " ".join(shown(setup.query_one("#error-takeover")).split())
        app.pop_screen()
        await settle(pilot)
        app.open_setup(catalog.get("headless-in-seattle"))
        await settle(pilot, 3)
        setup = app.screen
        setup.query_one("#remote-1", Checkbox).value = True
        await settle(pilot)
        setup.action_start()
        await settle(pilot, 2)
        assert "in real time is played at one keyboard" in " ".join(shown(setup.query_one("#error-takeover")).split())
        assert store.waiting() == []


async def test_a_pool_game_on_two_screens_shows_the_other_screens_shot_rolling(make_app, store, data_dir, monkeypatch):
    """Magic Hate Ball on the table, Ada here and Bo on another screen: Bo's shot, made there, rolls on
    Ada's table (its stroke simulated again) and ends where the record says; Ada shoots by her keys."""
    from tabletop_tui.bots.base import Knowledge
    from tabletop_tui.ui.widgets.pool_table import PoolTable

    shown_shots = []
    replay = PoolTable.replay
    monkeypatch.setattr(PoolTable, "replay", lambda self, *a: (shown_shots.append(a), replay(self, *a))[1])
    made = Session.new("magic-hate-ball", ["Ada", "Bo"], 2, store=store, remote=[1])  # the table here: the default
    made.release()
    bo = Session.join(Store.open(str(data_dir)), made.save_id, 1)
    bo_hand = catalog.get("magic-hate-ball").bot_class()(1, 2)
    app = make_app(start={"join": made.save_id, "seat": 0})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        felt = screen.query_one("#felt", PoolTable)
        for _ in range(40):
            await app.workers.wait_for_complete()
            await settle(pilot)
            shots = {seat for seat, move in game.history if move.kind == "shot"}
            if game.over or shots == {0, 1}:
                break
            if felt.rolling:
                await pilot.press("s")
            elif 0 in game.to_act():
                await pilot.press("h" if game.view(0)["phase"] == "handicaps" else
                                  "enter" if felt.placing is not None else "space")
            else:
                if game.view(0)["phase"] != "handicaps":
                    assert "), on another screen." in shown(screen.query_one("#prompt"))
                bo.poll()
                bo.play(1, bo_hand.decide(Knowledge(bo.game, 1)))
                screen.watch_store()
        for _ in range(5):  # the shot being shown ends where its record says
            await app.workers.wait_for_complete()
            if felt.rolling:
                await pilot.press("s")
            await settle(pilot)
        assert {seat for seat, move in game.history if move.kind == "shot"} == {0, 1}
        assert shown_shots, "Bo's shot was not shown rolling on Ada's table"
        assert game.record() == bo.game.record() or bo.poll()
        if not game.over:
            assert {str(b): list(p) for b, p in felt.positions.items()} == game.view(0)["balls"]
