"""What a key costs the castles, Board Game Project #55 and Pontifuse, by counts: the table drawn once
for a square chosen, the board's squares built only when what they show changed, the lines around a
board drawn again only where they changed, a line fewer laying nothing out."""

from rich.text import Text

from tabletop_tui.ui.widgets.grid import TextLines
from test_ui_frames import Counts, places, quiet, scene_app
from ui_helpers import shown


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
