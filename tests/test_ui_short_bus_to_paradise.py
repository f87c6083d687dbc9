"""Short Bus to Paradise through the screens: three people play a whole game from the launcher behind
the curtain, and no screen shown to one ever holds another's hidden cards; loading is two keys (the
group, then the cab, marked on the dock); six players fit 80x24."""

from __future__ import annotations

import random


from tabletop_tui.session import Session
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.short_bus_to_paradise import ShortBusToParadiseScreen

from handoff_helpers import lift_curtain, to_the_results
from ui_helpers import assert_fits, open_setup, press_for_move, screen_text, settle, shown, type_into

GAME = "short-bus-to-paradise"
PARTS = ("#sb-pot", "#sb-docks", "#sb-hand")


async def test_three_people_play_a_whole_game_from_the_launcher_behind_the_curtain(make_app, store):
    app = make_app()
    rnd = random.Random(4)
    kinds: set[str] = set()

    async def act(screen, viewer):
        actions = screen.query_one("#actions").actions
        if not actions:
            await pilot.pause(0.01)
            return
        assert all(a.seat == viewer for a in actions)
        by_kind = {}
        for a in actions:
            by_kind.setdefault(a.move.kind, []).append(a)
        # loads first, so that the bag (a small one, of 103 stones) runs out soon: a short game
        for kind in ("into", "group", "play", "draw", "done"):
            if kind in by_kind and (kind != "draw" or "draw" not in kinds or rnd.random() < 0.3):
                chosen = rnd.choice(by_kind[kind])
                break
        else:
            chosen = by_kind["done"][0]
        kinds.add(chosen.move.kind)
        await press_for_move(pilot, screen, chosen.key, human=True)  # no idle waits: the loop settles

    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#seed", "25")
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)
        lifted = await to_the_results(pilot, app, ShortBusToParadiseScreen, act, steps=3000, people=True)
        assert isinstance(app.screen, ResultsScreen)
        results = screen_text(app)
        game = app.screen.session.game
        assert game.players == ["Ada", "Bo", "Cy"] and game.outcome().summary in results
    assert set(lifted) == {"Ada", "Bo", "Cy"}
    assert {"play", "group", "into", "draw", "done"} <= kinds
    assert game.ending == "bag"
    assert store.unfinished() == []


def prepared(players: list[str], seed: int, moves: int) -> Session:
    """A game of people with the computer's choices for its first moves."""
    from tabletop_tui.bots.short_bus_to_paradise import ShortBusToParadiseBot

    session = Session.new(GAME, players, seed)
    game = session.game
    for _ in range(moves):
        seat = game.to_act()[0]
        session.play(seat, ShortBusToParadiseBot(seat, 1).choose(game.view(seat), game.legal_moves(seat)))
    return session


async def resumed(make_app, store, found: Session):
    session = Session.new(GAME, found.game.players, found.game.seed, store=store)
    for seat, move in found.game.history:
        session.play(seat, move)
    session.release()
    return make_app(start={"save": session.save_id})


async def test_six_players_fit_80x24_and_a_load_is_a_group_then_a_cab(make_app, store):
    found = prepared(["Ada", "Bo", "Cy", "Dee", "Eve", "Fay"], 3, 60)
    app = await resumed(make_app, store, found)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, ShortBusToParadiseScreen)
        assert_fits(screen, *PARTS)
        game = screen.session.game
        seat = game.turn
        view = game.view(seat)
        pot = shown(screen.query_one("#sb-pot"))
        # each group by its letter, its colour's name and its count; the bag by its count alone
        for g in view["pot"]:
            from tabletop_tui.rules.short_bus_to_paradise import LETTERS
            assert f"{LETTERS[g['colour']]} {g['colour']} {g['count']}" in " ".join(pot.split())
        assert f"Bag {view['bag']} stones" in pot
        docks = shown(screen.query_one("#sb-docks"))
        for name in game.players:
            assert name in docks
        # a load: the group's key, then the cab's, the cabs that can take it marked on the dock
        actions = screen.query_one("#actions").actions
        play = next((a for a in actions if a.move.kind == "play"), None)
        if play is not None and not any(a.move.kind == "group" for a in actions):
            await pilot.press(play.key)
            await settle(pilot, 2)
        actions = screen.query_one("#actions").actions
        group = next((a for a in actions if a.move.kind == "group"), None)
        if group is not None:
            await pilot.press(group.key)
            await settle(pilot, 2)
            assert "→ choose a cab (◂)" in shown(screen.query_one("#sb-hand"))
            assert "◂" in shown(screen.query_one("#sb-docks"))
            keys = [a.move.kind for a in screen.query_one("#actions").actions]
            assert keys[-1] == "cancel" and set(keys[:-1]) == {"into"}
            assert_fits(screen, *PARTS)
            into = screen.query_one("#actions").actions[0]
            await pilot.press(into.key)
            await settle(pilot, 2)
            assert game.history[-1][1] == into.move and "◂" not in shown(screen.query_one("#sb-docks"))


async def test_a_refused_key_says_why(make_app, store):
    found = prepared(["Ada", "Bo", "Cy"], 2, 0)
    app = await resumed(make_app, store, found)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        screen = app.screen
        seat = screen.session.game.turn
        from tabletop_tui.rules.engine import Move
        assert not screen.submit(seat, Move("cancel"))
        assert "Nothing is chosen to cancel" in shown(screen.query_one("#prompt"))


async def test_a_key_repaints_only_the_lines_of_the_table_it_changed(make_app, store, monkeypatch):
    """The pot, the docks and the hand are drawn by lines: after each key, each part repaints exactly
    the lines whose content changed (where it kept its place), in one frame, and draws anew only lines
    it had not drawn before."""
    from test_ui_frames import Counts, quiet, scene_app

    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    rnd = random.Random(2)
    still = moved = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, ShortBusToParadiseScreen)
        parts = {part: screen.query_one(part) for part in PARTS}
        for _ in range(16):
            if screen.session.over():
                break
            before = {part: (list(w._keys), w.region, w.drawn) for part, w in parts.items()}
            for widget in parts.values():
                widget.painted.clear()
            counts.reset()
            await pilot.press(rnd.choice([a.key for a in screen.query_one("#actions").actions]))
            await quiet(pilot, counts)
            assert counts.frames == 1
            for part, widget in parts.items():
                keys, region, drawn = before[part]
                changed = {y for y in range(len(widget._keys)) if y >= len(keys) or widget._keys[y] != keys[y]}
                assert widget.drawn - drawn <= len(changed), part
                if widget.region == region:
                    assert set(widget.painted) == changed, f"{part}: {sorted(widget.painted)} painted, {changed}"
                    still += len(widget._keys) - len(changed)
                    moved += len(changed)
    assert still and moved
