"""The Syndicate, Shipwreck! and Queensland: what a key draws, by counts. The parts of their tables
around the board or the cards are drawn by lines (TextLines): a key paints the lines that changed and
no other; The Syndicate's rows of card boxes are drawn from their boxes' lines, each drawn once, into
the segments the whole row's runs give."""

import random

import pytest
from textual import events

from tabletop_tui import catalog
from tabletop_tui.rules.components import decktet
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.the_syndicate import card_box, row_of
from tabletop_tui.ui.widgets.grid import ByLines, TextLines

from test_ui_frames import Counts, quiet, scene_app


async def test_a_row_of_card_boxes_is_drawn_from_its_boxes_lines_as_the_whole_row(make_app, store, monkeypatch):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "the-syndicate")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        plot = app.screen.query_one("#sy-plot", TextLines)
        drawn: list = []
        part_strip = type(plot)._part_strip
        monkeypatch.setattr(type(plot), "_part_strip", lambda self, part: drawn.append(part) or part_strip(self, part))
        boxes = [card_box("the Origin", "up", True), card_box(None, "down"), card_box(None, "wait"),
                 card_box("the Pact", "up", False)]
        rows = [row_of([box[i] for box in boxes], [1, 3, 1]) for i in range(5)]
        for row in rows:
            plot._strip(row)
        assert len(drawn) == 20
        moved = [row_of([box[i] for box in (boxes[0], boxes[1], boxes[2], card_box("the Pact", "up", True))],
                        [1, 3, 1]) for i in range(5)]
        drawn.clear()
        for row in moved + rows:
            plot._strip(row)
        assert len(drawn) == 5  # the box that changed: its five lines, the other boxes' kept
        rnd = random.Random(2)
        names = [c.name for c in decktet.deck()]
        for _ in range(40):
            boxes = [card_box(rnd.choice(names + [None]), rnd.choice(["up", "down", "wait", "none"]),
                              rnd.choice([True, False, None])) for _ in range(4)]
            gap = rnd.choice([0, 1])
            gaps = [gap, gap + rnd.choice([0, 2]), gap]
            for i in range(len(boxes[0])):
                row = row_of([box[i] for box in boxes], gaps)
                whole = ByLines._strip(plot, row)  # the whole row's runs
                assert list(plot._strip(row)) == list(whole) and plot._strip(row).cell_length == whole.cell_length


def quick_scene_app(make_app, store, game_id: str):
    """The app opening the game's screenshot scene, every seat a person; Queensland's reached by random
    moves (its computer players search: seconds for the scene's moves)."""
    if game_id != "queensland":
        return scene_app(make_app, store, game_id)
    players, seed, options, moves = catalog.get(game_id).screenshot_scene()
    session = Session.new(game_id, players, seed, options, [], store)
    rnd = random.Random(seed)
    for _ in range(moves):
        seat = session.game.to_act()[0]
        session.play(seat, rnd.choice(session.game.legal_moves(seat)))
    session.release()
    return make_app(start={"save": session.save_id}, force_curtain=False)


@pytest.mark.parametrize("game_id", ["shipwreck", "queensland"])
async def test_a_move_paints_only_the_lines_of_the_table_that_changed(make_app, store, monkeypatch, game_id):
    counts = Counts(monkeypatch)
    app = quick_scene_app(make_app, store, game_id)
    rnd = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        parts = [w for w in screen.query("#table *") if isinstance(w, ByLines)]
        assert len([w for w in parts if isinstance(w, TextLines)]) >= 2
        seen_some = 0
        for _ in range(3):
            seat = screen.session.human_to_act()[0]
            if game_id == "queensland":
                index = rnd.choice([m.args[0] for m in screen.game.legal_moves(seat) if m.kind == "place"])
                keys = list(screen.square_name(index))
            else:
                keys = [rnd.choice([a.key for a in screen.query_one("#actions").actions if a.key])]
            moves = len(screen.game.history)
            for key in keys:
                before = {part: [part._line_key(y) for y in range(part.size.height)] for part in parts}
                for part in parts:
                    part.painted.clear()
                app.post_message(events.Key(key, key))
                await quiet(pilot, counts)
                for part in parts:
                    if not part.display:
                        continue
                    changed = {y for y, line in enumerate(before[part]) if part._line_key(y) != line}
                    assert set(part.painted) == changed, (part.id, key)
                    seen_some += 0 < len(changed) < part.size.height
            assert len(screen.game.history) > moves or getattr(screen, "_picked", None) is not None
        assert seen_some  # a part of which some lines changed and others not was seen
