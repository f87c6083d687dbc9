"""Board Game Project #55 played through the screens with Textual's Pilot: four people at one
keyboard, squares chosen by typing their names, by the arrows and Enter, and by clicks."""

from textual import events

from tabletop_tui.bots.board_game_project_55 import BoardGameProject55Bot
from tabletop_tui.rules.board_game_project_55 import name_of, sq
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.board_game_project_55 import BoardGameProject55Screen
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets.grid import GridBoard

from ui_helpers import (assert_fits, bar, log_text, open_setup, press_for_move, settle, shown, standings_rows, start,
                        type_into)

GAME = "board-game-project-55"


async def keys_for_move(pilot, screen, keys: list[str]) -> None:
    """Post keys as the terminal sends them, then wait until they have made a move."""
    before = len(screen.session.game.history)
    for key in keys:
        screen.app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause(0)
    for _ in range(30):
        if len(screen.session.game.history) > before:
            break
        await pilot.pause(0)
    assert screen.error == "", screen.error
    assert len(screen.session.game.history) > before, f"{keys} made no move"


def arrows_to(board: GridBoard, index: int) -> list[str]:
    r, c = divmod(board.cursor, 8)
    tr, tc = divmod(index, 8)
    return (["down"] * (tr - r) if tr > r else ["up"] * (r - tr)) + (
        ["right"] * (tc - c) if tc > c else ["left"] * (c - tc)) + ["enter"]


async def test_four_people_play_a_whole_game_from_the_launcher(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#opt-target", "4")
        await type_into(pilot, app, "#seed", "12")
        screen = await start(pilot, app, BoardGameProject55Screen)
        session = screen.session
        assert session.computer == [] and session.game.options["target"] == 4
        board = screen.query_one("#board", GridBoard)
        assert board.has_focus
        assert_fits(screen, "#board", "#bg-stock", "#bg-detail")
        # the people choose what the computer player would, but press the keys themselves
        advisers = {s: BoardGameProject55Bot(s, 12) for s in range(4)}
        ways = {"typed": 0, "arrows": 0, "clicked": 0, "lit": 0}
        for step in range(2000):
            if isinstance(app.screen, ResultsScreen):
                break
            game = session.game
            if game.outcome() is not None:
                await pilot.pause(0)
                continue
            seat = game.to_act()[0]
            view = game.view(seat)
            move = advisers[seat].choose(view, game.legal_moves(seat))
            if move.kind in ("roll", "restock", "end"):
                key = {"roll": "r", "restock": "x", "end": "p"}[move.kind]
                assert [a.key for a in bar(app).actions if a.move == move] == [key]
                await press_for_move(pilot, screen, key)
            elif move.kind in ("steal", "take"):
                [action] = [a for a in bar(app).actions if a.move == move]
                assert action.key.isdigit()
                await press_for_move(pilot, screen, action.key)
            else:
                square = move.args[0]
                if move.kind == "move" and ways["lit"] < 3:
                    # choosing the pawn lights its destinations
                    await keys_for_move_or_select(pilot, screen, list(name_of(view["pawns"][seat])))
                    assert screen.selected
                    assert board.highlight == set(view["destinations"])
                    assert square in board.highlight
                    ways["lit"] += 1
                how = ("typed", "arrows", "clicked")[step % 3]
                if how == "clicked":
                    r, c = divmod(square, 8)
                    # the board's frame and rank labels come first: 2 columns of labels, 1 of frame
                    await pilot.click(board, offset=(3 + c * 4 + 1, 1 + r))
                    await pilot.pause(0)
                    assert session.game.history[-1] == (seat, move)
                elif how == "arrows":
                    await keys_for_move(pilot, screen, arrows_to(board, square))
                else:
                    await keys_for_move(pilot, screen, list(name_of(square)))
                assert session.game.history[-1] == (seat, move)
                ways[how] += 1
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        assert min(ways.values()) > 0, ways
        game = session.game
        outcome = game.outcome()
        winner = outcome.winners[0]
        assert game.scores[winner] >= 4
        rows = standings_rows(app)
        assert rows[0][:3] == ["1st", game.players[winner], str(game.scores[winner])]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
    stats = {r["player"]: r["wins"] for r in store.stats(GAME)}
    assert stats[game.players[winner]] == 1 and sum(stats.values()) == 1
    assert store.unfinished() == []


async def keys_for_move_or_select(pilot, screen, keys):
    """Keys that choose the player's own pawn (no move is made)."""
    for key in keys:
        screen.app.post_message(events.Key(key, key))
        await pilot.pause(0)
    await settle(pilot, 1)
    assert screen.error == ""


def start_game(make_app, seed=3, **extra):
    return make_app(start={"game_id": GAME, "players": ["Ada", "Bo", "Cy", "Dee"], "seed": seed, **extra})


async def test_the_square_under_the_cursor_is_told_in_full(make_app):
    app = start_game(make_app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        game.piles[sq("d4")] = [0, 4, 2]  # Yellow on Blue on Red
        board = screen.query_one("#board", GridBoard)
        board.cursor = sq("d4")
        await settle(pilot)
        detail = shown(screen.query_one("#bg-detail"))
        assert "d4, top down: Y·B·R" in detail
        screen.refresh_table()
        await settle(pilot)
        assert "Y3" in shown(board)
        board.cursor = sq("c7")
        await settle(pilot)
        assert "South's target" in shown(screen.query_one("#bg-detail"))
        board.cursor = sq("a5")
        await settle(pilot)
        assert "a5: West's start ◆ Bo" in shown(screen.query_one("#bg-detail"))


async def test_refusals_show_the_reason_and_undo_goes_back_to_the_roll(make_app):
    app = start_game(make_app, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        session = screen.session
        await pilot.press("e", "4")  # before the roll
        await settle(pilot)
        assert "Roll the die first" in screen.error
        assert "Roll the die first" in shown(screen.query_one("#prompt"))
        await press_for_move(pilot, screen, "r")
        game = session.game
        colour = game.colour
        # a stone whose top is not the rolled colour, not beside the start: with the chip in hand it
        # is a deploy; so first spend nothing and ask to walk to a light square
        await pilot.press("a", "2")
        await settle(pilot)
        assert "not a stepping stone" in screen.error
        assert len(game.history) == 1
        deploy = next(m for m in game.legal_moves(0) if m.kind == "deploy")
        await keys_for_move(pilot, screen, list(name_of(deploy.args[0])))
        assert game.piles[deploy.args[0]][-1] == colour and game.stock[0][colour] == 0
        await pilot.press("u")
        await settle(pilot)
        game = session.game
        assert len(game.history) == 1 and game.stock[0][colour] == 1
        await pilot.press("u")
        await settle(pilot)
        assert "Cannot undo" in screen.error and len(session.game.history) == 1


async def test_leave_and_resume_the_same_game(make_app, store):
    app = start_game(make_app, seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await press_for_move(pilot, screen, "r")
        await press_for_move(pilot, screen, "p")
        await press_for_move(pilot, screen, "r")
        view = screen.session.game.view(None)
        await pilot.press("s")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        assert len(store.unfinished()) == 1
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("tab", "enter")
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, BoardGameProject55Screen)
        assert screen.session.game.view(None) == view
        assert "Bo rolls" in log_text(screen)
        assert screen.session.game.to_act() == [1]


async def test_computer_seats_play_on_their_own(make_app):
    app = start_game(make_app, seed=5, computer=[1, 2, 3])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        session = screen.session
        await press_for_move(pilot, screen, "r")
        await press_for_move(pilot, screen, "p")
        for _ in range(200):
            if session.game.to_act() == [0] and session.game.phase == "roll":
                break
            await pilot.pause(0)
        assert session.game.to_act() == [0]
        seats = [s for s, _ in session.game.history]
        assert {1, 2, 3} <= set(seats)
        assert Move("roll") in [m for s, m in session.game.history if s == 3]


async def test_a_bigger_terminal_draws_bigger_squares_and_80x24_the_compact_ones(make_app):
    app = start_game(make_app, seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        board = screen.query_one("#board", GridBoard)
        assert (board.cell_width, board.cell_height) == (5, 2)
        assert_fits(screen, "#board", "#bg-stock", "#bg-detail")
        rows = shown(board).splitlines()
        assert "▲" in rows[1 + 2 * 7 + 1]  # rank 1's second line: South's pawn on e1
        await pilot.resize_terminal(80, 24)
        await settle(pilot, 3)
        assert (board.cell_width, board.cell_height) == (4, 1)
        assert_fits(screen, "#board", "#bg-stock", "#bg-detail")


async def test_lit_squares_and_targets_carry_a_mark_not_only_a_colour(make_app, store):
    from tabletop_tui import catalog, screenshots
    from tabletop_tui.session import Session

    players, seed, options, moves = catalog.get(GAME).screenshot_scene()
    session = Session.new(GAME, players, seed, options, screenshots.scene_computer(catalog.get(GAME)), store)
    session.autoplay(moves)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, BoardGameProject55Screen)
        view = screen.session.game.view(None)
        assert view["phase"] == "act" and view["destinations"]
        board = screen.query_one("#board", GridBoard)

        def cell(index: int) -> str:
            return "".join(line.plain for line in board.cells[index])

        free = [i for i in view["destinations"] if i not in view["pawns"]]
        assert free and not any("»" in cell(i) for i in free)  # nothing lit before the pawn is chosen
        targets = [i for i in view["targets"][view["turn"]] if i not in view["pawns"]]
        assert targets and all("◎" in cell(i) for i in targets)
        screen.choose_square(view["pawns"][view["turn"]])
        await settle(pilot)
        assert screen.selected and board.highlight == set(view["destinations"])
        assert all("»" in cell(i) for i in free)
        assert "»" in shown(board)
