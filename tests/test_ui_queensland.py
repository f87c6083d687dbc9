"""Queensland played through the screens with Textual's Pilot, as people would: squares typed by name,
the arrows and Enter, a click; a checker chosen shows where it can go; p skips the move; undo, save and
resume; the board fits 80x24."""

from tabletop_tui.rules.components.squares import square_index
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.queensland import EMPTY, line_scores
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.queensland import QueenslandScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets.grid import GridBoard

from ui_helpers import assert_fits, keys, open_setup, settle, shown, start

GAME = "queensland"


def sq(name: str) -> int:
    return square_index(name, 8, 8)


async def type_square(pilot, name: str) -> None:
    await pilot.press(*name)
    await settle(pilot, 2)


async def click_square(pilot, screen, name: str) -> None:
    board = screen.query_one("#board", GridBoard)
    row, col = divmod(sq(name), 8)
    x = board._margin + 1 + col * board._step_x + board.cell_width // 2
    y = 1 + row * board._step_y + board.cell_height // 2
    await pilot.click("#board", offset=(x, y))
    await settle(pilot, 2)


def board_of(screen) -> list:
    return screen.session.game.view(None)["board"]


async def test_two_people_play_a_whole_game_from_the_launcher(make_app, store):
    app = make_app()
    # Ada fills the odd files of ranks 1 and 3 and 5, Bo the even files of ranks 8, 6 and 4
    ada = ["a1", "c1", "e1", "g1", "a3", "c3", "e3", "g3", "a5", "c5", "e5", "g5"]
    bo = ["b8", "d8", "f8", "h8", "b6", "d6", "f6", "h6", "b4", "d4", "f4", "h4"]
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        screen = await start(pilot, app, QueenslandScreen)
        await settle(pilot, 2)
        assert screen.session.people == [0, 1]
        # turn 1: Ada types a1; turn 1: Bo clicks b8
        await type_square(pilot, ada[0])
        await click_square(pilot, screen, bo[0])
        assert board_of(screen)[sq("a1")] == 0 and board_of(screen)[sq("b8")] == 1
        # Ada's second turn: she skips the move with p, then places by the arrows and Enter
        assert "p" in keys(app)
        await pilot.press("p")
        await settle(pilot, 2)
        assert screen.session.game.view(None)["phase"] == "place" and "p" not in keys(app)
        board = screen.query_one("#board", GridBoard)
        (row, col), (to_row, to_col) = divmod(board.cursor, 8), divmod(sq("c1"), 8)
        await pilot.press(*["down"] * ((to_row - row) % 8), *["right"] * ((to_col - col) % 8))
        await pilot.press("enter")
        await settle(pilot, 2)
        assert board_of(screen)[sq("c1")] == 0
        # the rest by typing; on Bo's fifth turn a queen move first, h8 to h7, then a checker on h8
        for i in range(1, 12):
            if i > 1:
                await type_square(pilot, ada[i])
            if i == 4:
                await type_square(pilot, "h8")
                assert screen.selected == sq("h8")
                assert {sq("h7"), sq("h1"), sq("b2")} <= board.highlight and sq("a1") not in board.highlight
                await type_square(pilot, "h7")
                assert board_of(screen)[sq("h7")] == 1 and board_of(screen)[sq("h8")] is None
                assert screen.session.game.to_act() == [1]
                await type_square(pilot, "h8")
                continue
            await type_square(pilot, bo[i])
        await settle(pilot, 5)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
        final = [EMPTY if o is None else o for o in game.view(None)["board"]]
        scores = line_scores(final, 2)
        assert sorted(s.score for s in game.outcome().standings) == sorted(scores)
        assert final.count(0) == final.count(1) == 12 and final[sq("h7")] == final[sq("h8")] == 1
        winner = game.outcome().winner
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
    assert store.unfinished() == []
    wins = {r["player"]: r["wins"] for r in store.stats(GAME)}
    assert wins == {"Ada": int(winner == 0), "Bo": int(winner == 1)}


async def test_a_chosen_checker_shows_the_rules_destinations_and_refusals_change_nothing(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 1, store=store)
    for name in ("d4", "d6", "f4", "b2"):
        session.play(session.game.to_act()[0], Move("place", (sq(name),)))
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        board = screen.query_one("#board", GridBoard)
        await type_square(pilot, "d4")
        legal = {m.args[1] for m in screen.session.game.legal_moves(0) if m.kind == "move" and m.args[0] == sq("d4")}
        assert board.highlight == legal and len(legal) == 19
        assert "d4 can go to the 19 squares" in shown(screen.query_one("#ql-notes"))
        before = len(screen.session.game.history)
        await type_square(pilot, "d8")  # blocked by Bo's d6
        assert "blocked at d6" in screen.error and len(screen.session.game.history) == before
        assert screen.selected == sq("d4")  # still chosen
        await type_square(pilot, "d4")  # chosen again: let go
        assert screen.selected is None and board.highlight == set()
        await type_square(pilot, "d6")  # Bo's checker: not a square for a new one
        assert "holds Bo's checker" in screen.error and len(screen.session.game.history) == before
        await type_square(pilot, "f4")
        await pilot.press("escape")
        await settle(pilot, 2)
        assert screen.selected is None
        assert_fits(screen, "#ql-players", "#board", "#ql-notes")


async def test_undo_takes_back_a_move_and_a_placement(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 1, store=store)
    for name in ("d4", "e5"):
        session.play(session.game.to_act()[0], Move("place", (sq(name),)))
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await type_square(pilot, "d4")
        await type_square(pilot, "d1")
        await type_square(pilot, "a8")
        assert board_of(screen)[sq("a8")] == 0 and screen.session.game.to_act() == [1]
        await pilot.press("u")
        await settle(pilot, 2)
        assert board_of(screen)[sq("a8")] is None and screen.session.game.view(None)["phase"] == "place"
        await pilot.press("u")
        await settle(pilot, 2)
        assert board_of(screen)[sq("d4")] == 0 and board_of(screen)[sq("d1")] is None
        assert screen.session.game.view(None)["phase"] == "move"


async def test_save_leave_and_resume_the_same_game(make_app, store):
    app = make_app(start={"game_id": GAME, "players": ["Ada", "Bo"], "seed": 8, "computer": [1]})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await type_square(pilot, "e4")
        await settle(pilot, 4)
        board = list(board_of(app.screen))
        assert board[sq("e4")] == 0 and board.count(1) == 1  # the computer answered
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
        assert isinstance(app.screen, QueenslandScreen)
        assert board_of(app.screen) == board


async def test_the_lines_are_drawn_and_v_hides_them_and_the_board_grows(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 1, store=store)
    for name in ("a1", "h8", "a5"):
        session.play(session.game.to_act()[0], Move("place", (sq(name),)))
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        text = shown(screen.query_one("#board"))
        assert text.count("│") >= 2 + 3  # the frame's sides, and a1-a5's three squares
        scores = shown(screen.query_one("#scores"))
        assert "3" in scores  # Ada's line a1-a5
        await pilot.press("v")
        await settle(pilot, 2)
        assert shown(screen.query_one("#board")).count("│") < text.count("│")
        assert screen.query_one("#board", GridBoard).cell_width == 3
        assert_fits(screen, "#ql-players", "#board", "#ql-notes")
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot, 4)
        board = app.screen.query_one("#board", GridBoard)
        assert (board.cell_width, board.cell_height) == (5, 2)
        assert_fits(app.screen, "#ql-players", "#board", "#ql-notes")


async def test_a_match_shows_the_running_totals(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 2, {"games": 2}, store=store)
    for _ in range(26):  # the first game's 24 checkers, then two of the second game's
        seat = session.game.to_act()[0]
        session.play(seat, [m for m in session.game.legal_moves(seat) if m.kind == "place"][seat * 7])
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        view = screen.session.game.view(None)
        assert view["game_number"] == 2
        assert "Total" in shown(screen.query_one("#scores")) and "Hand" not in shown(screen.query_one("#scores"))
        assert "game 2 of 2" in shown(screen.query_one("#title-bar"))
        for total in view["totals"]:
            assert str(total) in shown(screen.query_one("#scores"))
