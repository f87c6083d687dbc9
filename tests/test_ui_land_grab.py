"""Land Grab played through the screens with Textual's Pilot, as people would: squares typed by name,
the arrows and Enter, a click; a piece's destinations marked; creation by a square and a value key;
refusals, undo, saving and resuming, a computer's reply, and the lands tinted on the board."""

from textual import events

from tabletop_tui.rules.components.squares import square_index
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.land_grab import LandGrab
from tabletop_tui.ui.screens.land_grab import LAND, LandGrabScreen
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets.grid import GridBoard

from ui_helpers import assert_fits, keys, open_setup, settle, shown, start, words

ADA_WHITE = next(s for s in range(100) if LandGrab(["Ada", "Bo"], s).seat_of[0] == 0)


def sq(name: str) -> int:
    return square_index(name, 8, 8)


def board_of(screen) -> GridBoard:
    return screen.query_one("#board", GridBoard)


def white_script() -> list[list[str]]:
    """White's 25 moves, each as the keys typed: every file's Pawn created, stepped two, then one, to a
    fence on rank 4; then the h-Pawn one more, to h5 (by the arrows and Enter): 33 squares."""
    moves = []
    for f in "abcdefgh":
        moves += [[f, "1", "0"], [f, "1", f, "3"], [f, "3", f, "4"]]
    moves.append(["h", "4", "up", "enter"])
    return moves


def black_script() -> list[list[str]]:
    """Black's 24 moves, out of White's way: eight Pawns created (the first by a click), stepped two,
    seven stepped once more, and a Rook created on a8 (the a-file holds two pieces by then)."""
    moves = [["click a8", "0"]] + [[f, "8", "0"] for f in "bcdefgh"]
    moves += [[f, "8", f, "6"] for f in "abcdefgh"]
    moves += [[f, "6", f, "5"] for f in "abcdefg"]
    moves.append(["a", "8", "2"])
    return moves


CHARACTERS = {"enter": "\r", "escape": "\x1b", "up": None, "down": None, "left": None, "right": None}


async def type_move(pilot, screen, keystrokes: list[str]) -> None:
    """Press the keys of one move, as the terminal sends them, and check that exactly one move was made,
    with no refusal. (The keys go to the app one after another without waiting for it to idle after
    each, which would make a whole game take many seconds; the move is awaited at the end.)"""
    game = screen.session.game
    before = len(game.history)
    for key in keystrokes:
        if key.startswith("click "):
            index = sq(key.split()[1])
            row, col = divmod(index, 8)
            board = board_of(screen)
            # the ranks' margin and the frame, then three columns a square (a compact board)
            await pilot.click(GridBoard, offset=(board._margin + 1 + 3 * col + 1, 1 + row))
        else:
            screen.app.post_message(events.Key(key, CHARACTERS.get(key, key)))
            await pilot.pause(0)  # one key handled (and the square it names chosen) before the next
    for _ in range(30):
        if len(screen.session.game.history) > before:
            break
        await pilot.pause(0)
    assert screen.error == "", screen.error
    assert len(screen.session.game.history) == before + 1, keystrokes


async def test_a_whole_game_from_the_launcher_to_the_results(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, "land-grab")
        screen = await start(pilot, app, LandGrabScreen)
        await settle(pilot, 2)
        game = screen.session.game
        white = game.view(None)["white"]
        assert game.to_act() == [white]
        assert_fits(screen, "#board", "#lg-info")
        whites, blacks = white_script(), black_script()
        for i, move in enumerate(whites):
            await type_move(pilot, screen, move)
            if i < len(blacks):
                await type_move(pilot, screen, blacks[i])
            if i == 23:  # a straight fence on rank 4: exactly half, the row sealed, no win yet
                view = screen.session.game.view(None)
                assert view["land_size"][white] == 32 and view["sealed"][white]
                assert "sealed" in shown(screen.query_one("#scores"))
        await settle(pilot, 6)
        assert isinstance(app.screen, ResultsScreen)
        outcome = app.screen.session.game.outcome()
        assert outcome.winners == [white]
        assert "fences off 33 squares" in outcome.summary
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        stats = {r["player"]: r["wins"] for r in store.stats("land-grab")}
        assert sorted(stats.values()) == [0, 1]
        assert store.unfinished() == []


async def test_choosing_a_piece_marks_its_destinations_and_escape_lets_go(make_app):
    app = make_app(start={"game_id": "land-grab", "players": ["Ada", "Bo"], "seed": ADA_WHITE})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("e", "1")
        await settle(pilot)
        assert keys(app) == ["0"]  # only a Pawn can enter an empty file
        assert "create on e1" in words(screen.query_one("#prompt"))
        await pilot.press("0", "d", "8", "0", "e", "1")
        await settle(pilot)
        board = board_of(screen)
        assert board.highlight == {sq("e2"), sq("e3")}
        assert [str(c[0]) for c in board.cells[sq("e2")]] == ["·"]
        assert keys(app) == ["1", "2"]
        assert "goes where" in words(screen.query_one("#prompt"))
        await pilot.press("escape")
        await settle(pilot)
        assert board.highlight == set() and screen.selected is None
        await pilot.press("e", "1", "2")  # the second destination by its key: e3
        await settle(pilot)
        assert screen.session.game.view(None)["board"][sq("e3")] == "P"


async def test_refusals_say_why_and_change_nothing(make_app):
    app = make_app(start={"game_id": "land-grab", "players": ["Ada", "Bo"], "seed": ADA_WHITE})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = lambda: screen.session.game
        await pilot.press("e", "1", "2")  # a Rook on an empty file
        await settle(pilot)
        assert screen.error == "A Rook (value 2) needs at least 2 pieces already in its file; the e-file holds 0 pieces."
        assert game().history == []
        await pilot.press("0", "d", "8", "0")
        await pilot.press("e", "1", "e", "5")  # too far for a Pawn
        await settle(pilot)
        assert screen.error.startswith("A Pawn moves straight ahead")
        assert len(game().history) == 2
        await pilot.press("escape", "d", "8")  # Black's Pawn
        await settle(pilot)
        assert screen.error == "The Pawn on d8 is Black's: choose one of your pieces, or an empty square on rank 1 to create one."
        await pilot.press("c", "4")
        await settle(pilot)
        assert screen.error.startswith("c4 is empty")
        await pilot.press("5")  # a value without a square
        await settle(pilot)
        assert screen.error.startswith("To create a piece, first choose an empty square")
        assert len(game().history) == 2


async def test_undo_takes_back_a_move(make_app):
    app = make_app(start={"game_id": "land-grab", "players": ["Ada", "Bo"], "seed": ADA_WHITE})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("c", "1", "0", "f", "8", "0", "c", "1", "c", "3")
        await settle(pilot)
        assert screen.session.game.view(None)["board"][sq("c3")] == "P"
        await pilot.press("u")
        await settle(pilot)
        view = screen.session.game.view(None)
        assert view["board"][sq("c3")] == "" and view["board"][sq("c1")] == "P"
        assert len(screen.session.game.history) == 2


async def test_save_leave_and_resume_the_same_game(make_app, store):
    app = make_app(start={"game_id": "land-grab", "players": ["Ada", "Bo"], "seed": ADA_WHITE})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("a", "1", "0", "h", "8", "0", "a", "1", "a", "3")
        await settle(pilot, 2)
        board = list(app.screen.session.game.view(None)["board"])
        await pilot.press("s")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        assert len(store.unfinished()) == 1
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("tab", "enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, LandGrabScreen)
        assert app.screen.session.game.view(None)["board"] == board
        assert app.screen.session.game.to_act() == [1]


async def test_a_computer_seat_answers(make_app):
    app = make_app(start={"game_id": "land-grab", "players": ["Ada", "Bo"], "seed": ADA_WHITE, "computer": [1]})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("d", "1", "0")
        await settle(pilot, 6)
        game = screen.session.game
        assert len(game.history) == 2 and game.to_act() == [0]
        assert game.history[1][1].kind == "create"  # only Pawns can enter: Black answered with one


async def test_the_lands_are_tinted_on_the_board(make_app, store):
    from tabletop_tui.session import Session

    session = Session.new("land-grab", ["Ada", "Bo"], ADA_WHITE, store=store)
    for f in "abcdefg":  # seven White Pawns on rank 1 and Black's on rank 8
        session.play(0, Move("create", (f"{f}1", "P")))
        session.play(1, Move("create", (f"{f}8", "P")))
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        board = board_of(screen)
        view = screen.session.game.view(None)
        assert view["land_size"] == [7, 7]
        for name in ("a1", "g1"):
            assert LAND[0][(sq(name) // 8 + sq(name) % 8) % 2] in board.styles_of[sq(name)]
        for name in ("a8", "g8"):
            assert LAND[1][(sq(name) // 8 + sq(name) % 8) % 2] in board.styles_of[sq(name)]
        assert not any(c in board.styles_of[sq("e4")] for pair in LAND for c in pair)
        info = words(screen.query_one("#lg-info"))
        assert "Ada (White): land 7, rank 1 open" in info and "in hand: P1 R2 N2 B2 Q1 K1" in info
        assert_fits(screen, "#board", "#lg-info")


async def test_a_pawn_reaching_the_far_row_is_promoted_by_the_value_key(make_app, store):
    from tabletop_tui.session import Session

    session = Session.new("land-grab", ["Ada", "Bo"], ADA_WHITE, {"promotion": True}, store=store)
    whites = [Move("create", ("a1", "P")), Move("move", ("a1", "a3"))] + [
        Move("move", (f"a{r}", f"a{r + 1}")) for r in range(3, 7)]
    for white, f in zip(whites, "hgfedc"):
        session.play(0, white)
        session.play(1, Move("create", (f"{f}8", "P")))
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("a", "7", "a", "8")
        await settle(pilot)
        assert screen.promoting == sq("a8") and len(screen.session.game.history) == 12
        assert sorted(keys(app)) == ["2", "3", "4", "5"]
        assert "what does the Pawn become on a8" in words(screen.query_one("#prompt"))
        await pilot.press("5")
        await settle(pilot)
        view = screen.session.game.view(None)
        assert view["board"][sq("a8")] == "Q" and view["hand"][0]["Q"] == 0
