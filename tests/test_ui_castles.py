"""The castles played through the screen with Textual's Pilot, as people would: colours by key, squares
typed by name, arrows and Enter, clicks; Herman's houses; refusals, undo, saving and resuming; the
table at 80x24."""

import pytest

from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens import castles
from tabletop_tui.ui.screens.castles import CastleScreen
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets.grid import GridBoard

from ui_helpers import assert_fits, keys, open_setup, settle, shown, standings_rows, start, words

#: a whole game of Putwoody's Castle for two people: (colour key, square) in turn order. The first
#: row is all yellow, the second and third blue and red, the top row yellow and blue again.
WHOLE_GAME = [
    ("3", "a1"), ("3", "b1"), ("3", "c1"), ("3", "d1"), ("3", "e1"),
    ("2", "a2"), ("2", "b2"), ("2", "c2"), ("2", "d2"), ("2", "e2"),
    ("1", "a3"), ("1", "b3"), ("1", "c3"), ("1", "d3"), ("1", "e3"),
    ("3", "a4"), ("3", "b4"), ("3", "c4"), ("2", "d4"), ("2", "e4"),
]
COLOUR = {"1": "red", "2": "blue", "3": "yellow"}


async def test_a_whole_game_from_the_launcher_to_the_results(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, "putwoodys-castle")
        screen = await start(pilot, app, CastleScreen)
        await settle(pilot, 2)
        assert keys(app) == ["1", "2", "3"]
        for colour_key, square in WHOLE_GAME:
            await pilot.press(colour_key, square[0], square[1])
            await settle(pilot, 1)
            assert screen.error == "" or isinstance(app.screen, ResultsScreen)
        await settle(pilot, 5)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
        assert [m for _, m in game.history] == [Move("place", (COLOUR[k], sq)) for k, sq in WHOLE_GAME]
        # rows 1 to 3 score 0 1 1 1 1 each, turn by turn (Ada, Bo, Ada ...: 2 each a row); on row 4
        # b4 (Ada) and c4 (Bo) touch a yellow, d4 (Ada) touches no blue, e4 (Bo) touches d4
        assert game.view(None)["points"] == [7, 8]
        assert game.outcome().winner == 1
        rows = standings_rows(app)
        assert rows[0][1:3] == ["Bo", "8"] and rows[1][1:3] == ["Ada", "7"]
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        assert store.unfinished() == []


async def test_the_colour_stays_chosen_and_the_board_shows_what_it_scores(make_app):
    app = make_app(start={"game_id": "putwoodys-castle", "players": ["Ada", "Bo"], "seed": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        board = screen.query_one("#board", GridBoard)
        await pilot.press("2", "a", "1")  # Ada: blue on a1
        await settle(pilot, 2)
        await pilot.press("2")  # Bo chooses blue too: b1 and a2 now show +1
        await settle(pilot, 2)
        assert "(2 left)" not in words(screen.query_one("#actions"))
        assert "blue (7 left) ◀" in words(screen.query_one("#actions"))
        text = shown(board)
        assert text.count("+1") == 2
        await pilot.press("b", "1")
        await settle(pilot, 2)
        assert screen.session.game.view(None)["points"] == [0, 1]
        # Ada's colour is still the blue she chose
        await pilot.press("c", "1")
        await settle(pilot, 2)
        assert screen.session.game.history[-1][1] == Move("place", ("blue", "c1"))
        assert "Ada places a blue stone on c1" in screen.session.game.log[-1].text


async def test_arrows_and_enter_and_a_click_place_stones(make_app):
    app = make_app(start={"game_id": "nickies-castle", "players": ["Ada", "Bo"], "seed": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        board = screen.query_one("#board", GridBoard)
        assert board.has_focus
        assert screen.session.game.view(None)["cells"][board.cursor] != "wall"  # not on the courtyard
        start_square = board.name_of(board.cursor)
        await pilot.press("up", "enter")
        await settle(pilot, 2)
        placed = screen.session.game.history[-1][1]
        assert placed.args[0] == "red" and placed.args[1] != start_square
        assert placed.args[1] == board.name_of(board.cursor)
        # a click on e5: the top right cell (frame, margin of the ranks, and cells 5 wide with lines)
        x = 2 + 1 + 4 * 6 + 2
        await pilot.click(GridBoard, offset=(x, 2))
        await settle(pilot, 2)
        assert screen.session.game.history[-1][1] == Move("place", ("red", "e5"))


async def test_refusals_show_the_reason_and_change_nothing(make_app):
    app = make_app(start={"game_id": "nickies-castle", "players": ["Ada", "Bo"], "seed": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("a", "1")
        await settle(pilot, 2)
        await pilot.press("a", "1")
        await settle(pilot, 2)
        assert "already holds a red stone" in screen.error
        assert "already holds" in shown(screen.query_one("#prompt"))
        await pilot.press("c", "3")
        await settle(pilot, 2)
        assert "courtyard" in screen.error
        assert len(screen.session.game.history) == 1
        await pilot.press("b", "1")  # a good move clears the message
        await settle(pilot, 2)
        assert screen.error == "" and len(screen.session.game.history) == 2


async def test_hermans_houses_by_key_and_by_click_then_primary_colours(make_app):
    app = make_app(start={"game_id": "hermans-castle", "players": ["Ada", "Bo"], "seed": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        assert keys(app) == ["1", "2", "3", "4"]
        await pilot.press("3")  # Ada: the south-east corner
        await settle(pilot, 2)
        # Bo clicks a1, in the south-west corner: row 6 of the drawing, column 1
        await pilot.click(GridBoard, offset=(2 + 1 + 1, 1 + 5 * 2))
        await settle(pilot, 2)
        assert game.view(None)["houses"] == ["south-east", "south-west"]
        assert keys(app) == ["1", "2", "3"]
        await pilot.press("1", "f", "1")  # Ada: red in her own house
        await settle(pilot, 2)
        scores = words(screen.query_one("#scores"))
        assert "SE" in scores and "SW" in scores
        assert game.view(None)["primary"] == ["red", None]
        assert "House" in scores and "Primary" in scores
        assert "own house: no points" in game.log[-2].text
        assert game.log[-1].text == "Ada's primary colour is now red."
        notes = words(screen.query_one("#castle-notes"))
        assert "SE Ada" in notes and "SW Bo" in notes


async def test_undo_takes_back_stones_and_houses(make_app):
    app = make_app(start={"game_id": "hermans-castle", "players": ["Ada", "Bo"], "seed": 2})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("1", "1")  # Ada north-west, Bo the next free one (north-east)
        await settle(pilot, 2)
        await pilot.press("2", "c", "1")
        await settle(pilot, 2)
        assert screen.session.game.view(None)["cells"][screen.session.game.BOARD.index["c1"]] == "blue"
        await pilot.press("u")
        await settle(pilot, 2)
        game = screen.session.game
        assert game.view(None)["cells"][game.BOARD.index["c1"]] is None
        await pilot.press("u")
        await settle(pilot, 2)
        game = screen.session.game
        assert game.view(None)["houses"] == ["north-west", None]


async def test_save_leave_and_resume_the_same_game(make_app, store):
    app = make_app(start={"game_id": "putwoodys-castle", "players": ["Ada", "Bo"], "seed": 8,
                          "options": {"series": 2, "diagonal": True}})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("1", "c", "2", "2", "d", "2")
        await settle(pilot, 3)
        cells = app.screen.session.game.view(None)["cells"]
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
        assert isinstance(screen, CastleScreen)
        assert screen.session.game.view(None)["cells"] == cells
        assert screen.session.game.options["series"] == 2
        assert "game 1 of 2" in shown(screen.query_one("#title-bar"))


async def test_a_computer_seat_answers_at_once(make_app):
    app = make_app(start={"game_id": "nickies-castle", "players": ["Ada", "Bo"], "seed": 3, "computer": [1]})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("3", "a", "1")
        for _ in range(20):
            await settle(pilot, 1)
            if len(screen.session.game.history) == 2:
                break
        assert len(screen.session.game.history) == 2
        assert screen.session.game.to_act() == [0]


@pytest.mark.parametrize("game_id, players, moves", [
    ("putwoodys-castle", ["Ada", "Bo", "Cy", "Dee", "Eve"], 12),
    ("nickies-castle", ["Ada", "Bo", "Cy", "Dee", "Eve"], 15),
    ("hermans-castle", ["Ada", "Bo", "Cy", "Dee"], 20),
])
async def test_the_table_fits_at_80x24(make_app, store, game_id, players, moves):
    from tabletop_tui.session import Session

    session = Session.new(game_id, players, 5, {"series": 3}, [], store)
    for k in range(moves):  # (quicker than the computer players, and as good for a picture)
        seat = session.game.to_act()[0]
        legal = session.game.legal_moves(seat)
        session.play(seat, legal[(7 * k) % len(legal)])
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert_fits(screen, "#board", "#castle-notes")
        board = shown(screen.query_one("#board"))
        lines = board.splitlines()
        assert lines[-1].split()[:2] == ["a", "b"] and any(line.startswith("1 │") for line in lines)
        # every stone on the castle is drawn
        view = screen.session.game.view(None)
        drawn = sum(board.count(g) for g in "●■▲")
        assert drawn == sum(1 for c in view["cells"] if c in ("red", "blue", "yellow"))


async def test_hermans_board_tints_houses_over_stones_and_finds_them_again_only_when_a_house_is_claimed(make_app):
    app = make_app(start={"game_id": "hermans-castle", "players": ["Ada", "Bo"], "seed": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        board = screen.query_one("#board", GridBoard)
        view = screen.session.game.view(None)
        corners = view["house_cells"]
        # every corner free: its squares in the free corners' tint, and lit up for the choice
        assert all(board.styles_of[i] == castles.FREE_CORNER for c in corners for i in corners[c])
        assert board.highlight == {i for c in corners for i in corners[c]}
        assert all(board.styles_of[i] == castles.COURTYARD for i, c in enumerate(view["cells"]) if c == "wall")
        await pilot.press("3")  # Ada: the south-east corner
        await settle(pilot, 2)
        await pilot.press("3")  # Bo: the south-west corner (the third of those left)
        await settle(pilot, 2)
        assert screen.session.game.view(None)["houses"] == ["south-east", "south-west"]
        tints = screen._house_styles[1]
        await pilot.press("1", "f", "1", "2", "a", "3")  # Ada red in her own house, Bo blue outside his
        await settle(pilot, 2)
        view = screen.session.game.view(None)
        f1, a3 = view["squares"].index("f1"), view["squares"].index("a3")
        assert view["cells"][f1] == "red" and view["cells"][a3] == "blue"
        assert board.styles_of[f1] == castles.HOUSE_TINT[0]  # the house keeps its owner's tint, stone or not
        assert board.styles_of[a3] == castles.TINT["blue"]
        assert all(board.styles_of[i] == castles.FREE_CORNER for c in view["free_corners"] for i in corners[c])
        assert board.highlight == set()
        assert screen._house_styles[1] is tints  # no house claimed since: the tints not found again
