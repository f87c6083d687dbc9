"""Pontifuse played through the screens with Textual's Pilot, as a person would."""

from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.pontifuse import PontifuseScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.setup import SetupScreen

from ui_helpers import settle, shown


async def test_whole_game_from_the_launcher_to_the_results(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("end")  # the last entry, then up to Pontifuse
        for _ in range(60):
            if getattr(app.screen.selected_game(), "id", None) == "pontifuse":  # None on a page or heading
                break
            await pilot.press("up")
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, SetupScreen) and app.screen.info.id == "pontifuse"
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, PontifuseScreen)
        await pilot.press("h")  # call heads
        await pilot.press("e")  # the Punchinade leads the English
        await settle(pilot, 3)
        view = screen.session.game.view(None)
        assert view["phase"] == "place"
        # the Resonade (X) takes the top row, the Punchinade the middle-left and bottom: X flanks the north
        for key in "1" "4" "2" "5" "3" "7" "8" "9" "6":
            await pilot.press(key)
            await settle(pilot, 1)
        await settle(pilot, 5)
        assert isinstance(app.screen, ResultsScreen)
        outcome = app.screen.session.game.outcome()
        resonade = view["resonade"]
        assert outcome.winners == [resonade]
        # the finished game counts in the records shown on the launcher
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        stats = store.stats("pontifuse")
        assert {r["player"]: r["wins"] for r in stats}[view["players"][resonade]] == 1
        assert store.unfinished() == []


async def test_refused_move_shows_the_reason_and_changes_nothing(make_app):
    app = make_app(start={"game_id": "pontifuse", "players": ["Ada", "Bo"], "seed": 3})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("5")  # a mark before the coin is called
        await settle(pilot, 3)
        assert "coin" in screen.error
        assert screen.session.game.history == []
        await pilot.press("h", "e", "5")
        await settle(pilot, 3)
        before = len(screen.session.game.history)
        await pilot.press("5")  # the centre is taken
        await settle(pilot, 3)
        assert "already" in screen.error
        assert len(screen.session.game.history) == before


async def test_undo_takes_back_a_mark_but_not_the_coin(make_app):
    app = make_app(start={"game_id": "pontifuse", "players": ["Ada", "Bo"], "seed": 3})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("t")
        await settle(pilot, 3)
        assert not screen.session.undo_status()[0]  # dimmed: the coin has landed
        await pilot.press("b", "1")
        await settle(pilot, 3)
        assert screen.session.game.view(None)["cells"][0] != ""
        await pilot.press("u")
        await settle(pilot, 3)
        assert screen.session.game.view(None)["cells"][0] == ""


async def test_save_leave_and_resume_the_same_game(make_app, store):
    app = make_app(start={"game_id": "pontifuse", "players": ["Ada", "Bo"], "seed": 8})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("h", "b", "5", "1")
        await settle(pilot, 3)
        cells = app.screen.session.game.view(None)["cells"]
        await pilot.press("s")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        assert len(store.unfinished()) == 1
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("tab")
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, PontifuseScreen)
        assert app.screen.session.game.view(None)["cells"] == cells


async def test_computer_seat_answers(make_app):
    app = make_app(start={"game_id": "pontifuse", "players": ["Ada", "Bo"], "seed": 3, "computer": [1]})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        game = app.screen.session.game
        # whoever had to call or choose first, the computer has answered and the human is to move
        assert game.to_act() == [0] or game.outcome() is not None


async def test_the_log_shows_each_event_once(make_app):
    app = make_app(start={"game_id": "pontifuse", "players": ["Ada", "Bo"], "seed": 5})
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 3)
        log = app.screen.query_one("#log")
        shown = "\n".join(strip.text for strip in log.lines)
        first = app.screen.session.game.log[0].text
        assert shown.count(first.split()[0] + " is chosen") == 1


async def test_the_board_names_every_square_once_and_never_cuts_a_name(make_app, store):
    from tabletop_tui.rules.pontifuse import ENGLISH
    from tabletop_tui.session import Session

    session = Session.new("pontifuse", ["Ada", "Bo"], 5, store=store)
    session.autoplay(6)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        board = " ".join(shown(screen.query_one("#board")).split())
        for what, _ in ENGLISH:
            assert all(word in board for word in what.split()), what
        before = shown(screen.query_one("#board"))
        await pilot.press(str([i for i, c in enumerate(screen.session.game.view(None)["cells"]) if not c][0] + 1))
        await settle(pilot, 3)
        after = shown(screen.query_one("#board"))
        names = lambda text: [w for w in text.split() if w.isalpha() and w[0].isupper()]
        assert [n for n in names(before) if n not in ("X", "O")] == [n for n in names(after) if n not in ("X", "O")]
