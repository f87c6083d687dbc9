"""What a key costs Pontifuse and Second Story, by counts: a new board (and its early bird) lays nothing
out; the house's dice and the bank's chips are built once for what they show."""

import random

from rich.text import Text

from tabletop_tui import catalog
from tabletop_tui.session import Session
from tabletop_tui.ui.screens import second_story
from tabletop_tui.ui.screens.second_story import SecondStoryScreen
from tabletop_tui.ui.widgets import things
from tabletop_tui.ui.widgets.kept import Kept
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


def test_second_storys_bank_builds_only_the_suits_it_changed_and_its_blocks_join_as_before(store, monkeypatch):
    players, seed, options, moves = catalog.get("second-story").screenshot_scene()
    session = Session.new("second-story", players, seed, options, [], store)
    session.autoplay(moves)
    view = session.game.view(None)

    def screen_showing(into: list) -> SecondStoryScreen:
        screen = SecondStoryScreen.__new__(SecondStoryScreen)
        screen._blocks, screen._cells = Kept(), Kept()
        monkeypatch.setattr(screen, "query_one", lambda *_: type("Part", (), {"show_lines": staticmethod(into.append)}))
        return screen

    shown_lines: list = []
    screen = screen_showing(shown_lines)
    built = []
    bank_cell = SecondStoryScreen.bank_cell
    monkeypatch.setattr(SecondStoryScreen, "bank_cell", staticmethod(lambda s, n: built.append(s) or bank_cell(s, n)))
    screen.show_bank(view)
    assert len(built) == 6
    suit = next(s for s, n in view["bank"].items() if n)
    after = dict(view, bank=dict(view["bank"], **{suit: view["bank"][suit] - 1}))
    built.clear()
    screen.show_bank(after)
    screen.show_bank(view)
    assert built == [suit]  # one suit taken from: its chips built, the rest kept; and back, all kept
    fresh: list = []
    screen_showing(fresh).show_bank(after)
    assert [(line.plain, line.spans, line.style) for line in shown_lines[1]] == \
        [(line.plain, line.spans, line.style) for line in fresh[0]]
    # the house's block and the dice are joined span for span as things.side_by_side joins them
    rnd = random.Random(5)
    styles = ["", "bold", "dim", "bold red", "#4aa3ff"]
    for _ in range(200):
        blocks = [[Text("x" * rnd.randrange(4), style=rnd.choice(styles)) + Text("ab"[: rnd.randrange(3)], style=rnd.choice(styles))
                   for _ in range(rnd.randrange(1, 5))] for _ in range(rnd.randrange(1, 4))]
        gap = rnd.randrange(3)
        assert [(line.plain, line.spans, line.style) for line in second_story.side_by_side(blocks, gap)] == \
            [(line.plain, line.spans, line.style) for line in things.side_by_side(blocks, gap)]
