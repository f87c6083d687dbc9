"""What the players are told when saving fails: a store that refuses writes, a save deleted or taken
over by another copy of the program. The game always goes on."""

from __future__ import annotations


from tabletop_tui.session import Session
from tabletop_tui.store import Store
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.modals import ConfirmScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.thief_dice import ThiefDiceScreen

from test_saves_safety import locked, one_move_from_the_end
from ui_helpers import open_setup, settle, shown, start


def title_bar(app) -> str:
    return shown(app.screen.query_one("#title-bar"))


def notices(app) -> str:
    return " ".join(str(n.message) for n in app._notifications)


async def test_a_game_started_on_a_store_that_refuses_writes_is_played_and_saved_later(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, "thief-dice")
        with locked(store):
            screen = await start(pilot, app, ThiefDiceScreen)  # the names and the game: neither is written
            await settle(pilot, 3)
            assert "not saved" in title_bar(app)
            assert "Not saved yet" in notices(app)
            await pilot.press("r")
            await settle(pilot, 3)
            assert len(screen.session.game.history) == 1
        await pilot.press("r")
        await settle(pilot, 3)
        assert "not saved" not in title_bar(app)
        saved = store.load(screen.session.save_id)["record"]
        assert saved["moves"] == screen.session.game.record()["moves"]


async def test_delete_on_a_store_that_refuses_writes_says_so_and_keeps_the_game(make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    session.release()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("tab", "d")
        await settle(pilot, 3)
        with locked(store):
            await pilot.press("y")
            await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        assert "could not be deleted" in notices(app)
        assert [r["id"] for r in store.unfinished()] == [session.save_id]


async def test_play_again_on_a_store_that_refuses_writes_starts_the_game(make_app, store):
    session, last = one_move_from_the_end(store)
    session.play(*last)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, ResultsScreen)
        assert "kept in the statistics" in shown(app.screen.query_one("#results-moves"))
        with locked(store):
            await pilot.press("p")
            await settle(pilot, 4)
            assert isinstance(app.screen, ThiefDiceScreen)
            assert "not saved" in title_bar(app)


async def test_a_save_deleted_elsewhere_is_said_once_and_saved_again_as_new(make_app, store, data_dir):
    session = Session.new("thief-dice", ["Ada", "Bo"], 3, {}, [], store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        other = Store.open(str(data_dir))
        other.delete(session.save_id)  # from the launcher of another copy
        await pilot.press("r")
        await settle(pilot, 3)
        assert isinstance(app.screen, ConfirmScreen)
        assert "deleted" in shown(app.screen.query_one(".dialog-body"))
        await pilot.press("y")
        await settle(pilot, 3)
        assert app.screen is screen and screen.session.kept
        assert "not saved" not in title_bar(app)
        await pilot.press("r")
        await settle(pilot, 3)
        assert not isinstance(app.screen, ConfirmScreen)
        rows = store.unfinished()
        assert [r["id"] for r in rows] == [screen.session.save_id] and rows[0]["moves"] == 2


async def test_a_save_taken_over_elsewhere_can_be_left_unsaved_and_leaving_asks_first(make_app, store, data_dir):
    session = Session.new("thief-dice", ["Ada", "Bo"], 4, {}, [], store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        Session.resume(Store.open(str(data_dir)), session.save_id)  # another copy opens the game
        await pilot.press("r")
        await settle(pilot, 3)
        assert "opened in another copy" in shown(app.screen.query_one(".dialog-body"))
        await pilot.press("n")
        await settle(pilot, 3)
        assert app.screen is screen and "not saved" in title_bar(app)
        await pilot.press("s")
        await settle(pilot, 3)
        assert isinstance(app.screen, ConfirmScreen)
        assert "not saved" in shown(app.screen.query_one(".dialog-title"))
        await pilot.press("n")
        await settle(pilot, 3)
        assert app.screen is screen
    assert store.load(session.save_id)["record"]["moves"] == []  # the other copy's game, untouched


async def test_a_store_that_cannot_be_written_is_said_at_start_and_no_game_is_called_saved(data_dir, monkeypatch):
    """A read-only save folder: the store fell back to memory, the title never said "not saved" and
    s said the game was saved; all of it was lost at quit."""
    from tabletop_tui.ui.app import TabletopApp
    from test_saves_safety import _read_only_connect

    _read_only_connect(monkeypatch, data_dir, exists=False)
    store = Store.open(str(data_dir))
    app = TabletopApp(store=store, bot_delay=0, force_curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        assert "cannot be written" in notices(app) and "not saved" in notices(app)
        await open_setup(pilot, app, "thief-dice")
        screen = await start(pilot, app, ThiefDiceScreen)
        await pilot.press("r")
        await settle(pilot, 3)
        assert len(screen.session.game.history) == 1
        assert "not saved" in title_bar(app) and not screen.session.kept
        await pilot.press("s")
        await settle(pilot, 3)
        assert isinstance(app.screen, ConfirmScreen)  # never "saved": leaving is asked first
        assert "not saved" in shown(app.screen.query_one(".dialog-title"))
        await pilot.press("n")
        await settle(pilot, 3)
        monkeypatch.undo()  # the folder can be written again: the next move saves the game
        await pilot.press("r")
        await settle(pilot, 3)
        assert screen.session.kept and "not saved" not in title_bar(app)
        assert [r["id"] for r in store.unfinished()] == [screen.session.save_id]
    store.close()
