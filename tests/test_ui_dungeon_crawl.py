"""Dungeon Crawl through the screens: three people build their characters and play a whole game from
the launcher by the keys of the action bar (nothing is hidden, so no curtain falls); the board and the
character sheets fit 80x24."""

from __future__ import annotations

import random

from tabletop_tui.bots.dungeon_crawl import DungeonCrawlBot
from tabletop_tui.ui.screens.dungeon_crawl import DungeonCrawlScreen
from tabletop_tui.ui.screens.results import ResultsScreen

from ui_helpers import open_setup, press_for_move, screen_text, settle, shown, type_into

GAME = "dungeon-crawl"


async def test_three_people_build_and_crawl_to_the_end_from_the_launcher(make_app, store):
    app = make_app()
    kinds: set[str] = set()
    seen: dict[str, str] = {}

    def key_for(screen) -> str:
        actions = screen.query_one("#actions").actions
        game = screen.session.game
        seat = game.to_act()[0]
        assert actions and {a.seat for a in actions} == {seat}  # only the seat to act has keys
        view = game.view(seat)
        if view["phase"] == "build" and seat == 1:
            # Bo builds by hand: Heart 7, Club 6, Spade 3
            b = view["build"]
            key = "7" if "H" not in b else "6" if "C" not in b else "3"
        else:
            move = DungeonCrawlBot(seat, 1).choose(view, game.legal_moves(seat))
            key = next(a.key for a in actions if a.move == move)
        chosen = next(a for a in actions if a.key == key)
        kinds.add(chosen.move.kind)
        if chosen.move.kind not in seen:
            seen[chosen.move.kind] = shown(screen.query_one("#dc-board")) + shown(screen.query_one("#dc-heroes"))
        return key

    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#seed", "39")  # a short game, with fights, a pile and a fight passed
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, DungeonCrawlScreen)
        assert "choose your Heart" in shown(screen.query_one("#prompt"))
        for _ in range(1000):
            if screen.session.over():
                break
            assert app.screen is screen  # no curtain: nothing is hidden
            await press_for_move(pilot, screen, key_for(screen))
        for _ in range(50):
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.pause(0.05)
        await settle(pilot, 2)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
        assert game.players == ["Ada", "Bo", "Cy"] and game.outcome().summary in screen_text(app)
    assert (game.heart[1], game.club[1], game.spade[1]) == (7, 6, 3)
    assert {"suggest", "heart", "club", "spade", "roll", "fight", "take", "go"} <= kinds
    assert "Z1" in seen["roll"] and "Z5" in seen["roll"] and "Bo" in seen["roll"]
    assert store.unfinished() == []


async def test_the_table_fits_80x24_with_six_characters(make_app, store):
    from tabletop_tui.session import Session

    session = Session.new(GAME, ["Ada", "Bo", "Cy", "Dee", "Eve", "Fay"], 3, store=store)
    game = session.game
    for _ in range(40):
        seat = game.to_act()[0]
        session.play(seat, DungeonCrawlBot(seat, 1).choose(game.view(seat), game.legal_moves(seat)))
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, DungeonCrawlScreen)
        board = screen.query_one("#dc-board")
        table = screen.query_one("#table")
        assert board.region.right <= table.region.right
        assert all(len(line) <= board.size.width for line in shown(board).splitlines())
        assert 5 <= len(shown(board).splitlines()) <= 10


async def test_a_key_builds_only_the_zones_it_changed_and_repaints_only_changed_lines(make_app, store, monkeypatch):
    """The board's zones are built only when what they show changed (their spaces, fights, pawns and
    door), and every part of the table is drawn by lines: after each key, the zones built are among
    those whose lines changed, and each part repaints exactly the lines that changed (where it kept its
    place), in one frame."""
    from test_ui_frames import Counts, quiet, scene_app

    counts = Counts(monkeypatch)
    built: list[int] = []
    zone_lines = DungeonCrawlScreen.zone_lines
    monkeypatch.setattr(DungeonCrawlScreen, "zone_lines",
                        lambda screen, z, *args: built.append(z) or zone_lines(screen, z, *args))
    app = scene_app(make_app, store, GAME)
    rnd = random.Random(3)
    kept = rebuilt = 0

    def zones(board) -> dict[int, list[tuple]]:
        """Each zone's lines (its spaces, its pawns), as their keys."""
        out: dict[int, list[tuple]] = {}
        for text, key in zip(board._texts, board._keys):
            if text.plain.startswith("Z"):
                zone = int(text.plain[1])
            out.setdefault(zone, []).append(key)
        return out

    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, DungeonCrawlScreen)
        parts = {part: screen.query_one(part) for part in ("#dc-head", "#dc-board", "#dc-now", "#dc-heroes")}
        board = parts["#dc-board"]
        for _ in range(16):
            if screen.session.over():
                break
            before = {part: (list(w._keys), w.region) for part, w in parts.items()}
            shown_zones = zones(board)
            for widget in parts.values():
                widget.painted.clear()
            built.clear()
            counts.reset()
            await pilot.press(rnd.choice([a.key for a in screen.query_one("#actions").actions]))
            await quiet(pilot, counts)
            assert counts.frames == 1
            changed_zones = {z for z, keys in zones(board).items() if keys != shown_zones.get(z)}
            assert set(built) <= changed_zones, f"zones {built} built, those changed: {changed_zones}"
            kept += 5 - len(changed_zones)
            rebuilt += len(changed_zones)
            for part, widget in parts.items():
                keys, region = before[part]
                changed = {y for y in range(len(widget._keys)) if y >= len(keys) or widget._keys[y] != keys[y]}
                if widget.region == region:
                    assert set(widget.painted) == changed, f"{part}: {sorted(widget.painted)} painted, {changed}"
    assert kept and rebuilt
