"""What a key costs the castles, Board Game Project #55 and Pontifuse, by counts: the table drawn once
for a square chosen, the board's squares built only when what they show changed, the lines around a
board drawn again only where they changed, a line fewer laying nothing out."""

from rich.text import Text

from tabletop_tui.ui.screens.castles import CastleScreen
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import GridBoard, TextLines
from test_ui_frames import Counts, places, quiet, scene_app
from ui_helpers import shown


async def test_a_square_chosen_on_a_castle_draws_the_table_once_and_a_cursor_moved_tells_its_square(
        make_app, store, monkeypatch):
    counts = Counts(monkeypatch)
    drawn, built = [], []
    refresh, set_cells = GameScreen.refresh_table, GridBoard.set_cells
    monkeypatch.setattr(GameScreen, "refresh_table", lambda screen: drawn.append(1) or refresh(screen))
    monkeypatch.setattr(GridBoard, "set_cells", lambda board, *a, **k: built.append(1) or set_cells(board, *a, **k))
    app = scene_app(make_app, store, "nickies-castle")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, CastleScreen)
        view = screen.game.view(None)
        board = screen.grid
        empty = [i for i, here in enumerate(view["cells"]) if here is None and i != board.cursor]
        square = view["squares"][empty[0]]
        await pilot.press(square[0])  # its letter, then its number: the cursor goes there, a stone is placed
        await quiet(pilot, counts)
        drawn.clear(), built.clear(), counts.reset()
        await pilot.press(*square[1:])
        await quiet(pilot, counts)
        assert screen.game.view(None)["cells"][empty[0]] is not None
        assert board.cursor == empty[0]
        assert (len(drawn), len(built), counts.frames) == (1, 1, 1)
        # the cursor moved alone: the table drawn again for the prompt, the squares not built again
        drawn.clear(), built.clear()
        view = screen.game.view(None)
        spaces = [i for i, here in enumerate(view["cells"]) if here is None]
        target = next(i for i in spaces if i != board.cursor)
        board.cursor = target
        await quiet(pilot, counts)
        assert (len(drawn), len(built)) == (1, 0)
        view = screen.game.view(screen.chooser())
        gain = view["gains"][screen.colour_of(screen.chooser(), view)][target]
        assert f"({view['squares'][target]}: +{gain})" in shown(screen.query_one("#prompt"))


async def test_the_lines_around_board_game_project_55s_board_are_drawn_again_only_where_they_changed(make_app, store, monkeypatch):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "board-game-project-55")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        stock, head = screen.query_one("#bg-stock", TextLines), screen.query_one("#bg-head", TextLines)
        assert screen.game.view(None)["phase"] == "act"
        stock_drawn, head_drawn = stock.drawn, head.drawn
        turn = screen.game.view(None)["turn"]
        await pilot.press("p")  # the turn ends: the two sides whose name is bold, or no longer, drawn anew
        await quiet(pilot, counts)
        assert screen.game.view(None)["turn"] != turn
        assert stock.drawn == stock_drawn + 2 and head.drawn == head_drawn + 1
        before, stock_drawn, head_drawn = shown(stock), stock.drawn, head.drawn
        await pilot.press("r")  # a die rolled: the head tells it, the stock is as it was
        await quiet(pilot, counts)
        assert shown(stock) == before and stock.drawn == stock_drawn
        assert head.drawn == head_drawn + 1 and "rolled" in shown(head)


async def test_pontifuses_armies_keep_their_lines_for_fewer(make_app, store, monkeypatch):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "pontifuse")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        armies = screen.query_one("#pf-armies", TextLines)
        assert armies.region.height == 2  # the armies chosen wrap to a second line at this width
        where = places(screen)
        counts.reset()
        armies.show_lines([Text("Ada   Bo")])  # one line (the next board, before the armies are chosen)
        await quiet(pilot, counts)
        assert counts.layouts == 0 and places(screen) == where
        assert shown(armies).splitlines()[0].rstrip() == "Ada   Bo"
        screen.refresh(layout=True)  # a layout for something else: it keeps its two lines
        await quiet(pilot, counts)
        assert places(screen) == where
        counts.reset()
        screen.refresh_table()  # two lines again: nothing laid out
        await quiet(pilot, counts)
        assert counts.layouts == 0 and places(screen) == where
