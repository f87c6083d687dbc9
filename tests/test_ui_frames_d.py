"""What a key costs Pontifuse and Second Story, by counts: a new board (and its early bird) lays nothing
out; the house's dice and the bank's chips are built once for what they show."""

from test_ui_frames import Counts, places, quiet, scene_app
from ui_helpers import shown


async def test_pontifuses_next_board_and_early_bird_lay_nothing_out(make_app, store, monkeypatch):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "pontifuse")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        game = screen.game
        view = game.view
        # the next board, its early bird: what a key that ends a board and one that flanks first show
        monkeypatch.setattr(game, "view", lambda seat: dict(view(seat), board_number=2, early_bird=1))
        where = places(screen)
        counts.reset()
        screen.refresh_table()
        await quiet(pilot, counts)
        assert counts.layouts == 0 and places(screen) == where
        assert "board 2 of at most 3 (the earlier one scoreless)" in shown(screen.query_one("#title-bar"))
        assert "Early bird: Bo." in " ".join(shown(screen.query_one("#pf-notes")).split())
