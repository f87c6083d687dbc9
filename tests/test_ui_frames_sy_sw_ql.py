"""What a key draws on the screens of Shipwreck! and Queensland, by counts: the parts of their tables
around the cards and the board are drawn by lines (TextLines), and a key paints the lines that changed
and no other."""

import random

import pytest
from textual import events

from tabletop_tui import catalog
from tabletop_tui.session import Session
from tabletop_tui.ui.widgets.grid import ByLines, TextLines

from test_ui_frames import Counts, quiet, scene_app


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
