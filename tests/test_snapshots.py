"""Snapshots of every screen at 80x24. Regenerate after a deliberate change with
`pytest tests/test_snapshots.py --snapshot-update` and look at the report before committing."""

import random

import pytest

from tabletop_tui import catalog, screenshots
from tabletop_tui.session import Session
from tabletop_tui.ui.screens import launcher


def scene(game_id: str):
    """The game's scene of the README's screenshots (players, seed, options, moves), here at 80x24."""
    return catalog.get(game_id).screenshot_scene()


def finish(session):
    """Play a game to its end: computer players, but a scripted Pontifuse (two perfect players
    would replay scoreless boards forever) and random moves where the computer players search."""
    if session.info.id == "pontifuse":
        from tabletop_tui.rules.engine import Move

        game = session.game
        for _ in range(2):
            seat = game.to_act()[0]
            session.play(seat, game.legal_moves(seat)[0])
        for cell in (0, 3, 1, 4, 2, 6, 5, 8, 7):
            session.play(game.to_act()[0], Move("place", (cell,)))
    elif session.info.id in SEARCHING:
        rnd = random.Random(session.game.seed)
        game = session.game
        while not session.over():
            seat = next(s for s in game.to_act() if game.legal_moves(s))
            session.play(seat, rnd.choice(game.legal_moves(seat)))
    else:
        session.autoplay(session.game.move_limit)
    assert session.over()


#: games whose computer players search: their results are shown after a game of random moves, which ends
#: as surely in a fraction of the time
SEARCHING = {"land-grab", "putwoodys-castle", "nickies-castle", "hermans-castle", "queensland",
             "board-game-project-55"}


@pytest.fixture
def fixed_clock(monkeypatch):
    monkeypatch.setattr(launcher, "_when", lambda stamp: "22 Nov 20:00")


async def settle(pilot):
    for _ in range(3):
        await pilot.pause()


def test_launcher_empty(snap_compare, make_app):
    assert snap_compare(make_app(), run_before=settle)


def test_launcher_with_saves_and_records(snap_compare, make_app, store, fixed_clock):
    finish(Session.new("pontifuse", ["Ada", "Bo"], 4, {}, [], store))
    Session.new("pontifuse", ["Ada", "Cy"], 5, {}, [1], store).autoplay(3)
    assert snap_compare(make_app(), run_before=settle)


@pytest.mark.parametrize("game_id", [g.id for g in catalog.GAMES])
def test_setup(snap_compare, make_app, game_id):
    async def open_setup(pilot):
        from textual.widgets import Input

        await settle(pilot)
        pilot.app.open_setup(catalog.get(game_id))
        await settle(pilot)
        # the focused name's cursor blinks every half second of real time: held visible, the picture does
        # not depend on how long a busy machine took to get here
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await settle(pilot)

    assert snap_compare(make_app(), run_before=open_setup)


@pytest.mark.parametrize("game_id", [g.id for g in catalog.GAMES])
def test_game_mid_play(snap_compare, make_app, store, game_id):
    players, seed, options, moves = scene(game_id)
    info = catalog.get(game_id)
    session = Session.new(game_id, players, seed, options, screenshots.scene_computer(info), store)
    session.autoplay(moves, info.scene_level)
    assert snap_compare(make_app(start={"save": session.save_id}), run_before=settle)


def test_curtain(snap_compare, make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo", "Cy"], 3, {}, [], store)
    assert snap_compare(make_app(start={"save": session.save_id}, force_curtain=True), run_before=settle)


def test_rules_help(snap_compare, make_app, store):
    session = Session.new("pontifuse", ["Ada", "Bo"], 3, {}, [], store)

    async def rules(pilot):
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    assert snap_compare(make_app(start={"save": session.save_id}), run_before=rules)


@pytest.mark.parametrize("game_id", [g.id for g in catalog.GAMES])
def test_results(snap_compare, make_app, store, game_id):
    players, seed, options, _ = scene(game_id)
    session = Session.new(game_id, players, seed, options, screenshots.scene_computer(catalog.get(game_id)), store)
    finish(session)
    assert snap_compare(make_app(start={"save": session.save_id}), run_before=settle)


def test_too_small(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=(60, 18), run_before=settle)


def test_statistics(snap_compare, make_app, store):
    for seed in range(3):
        session = Session.new("thief-dice", ["Ada", "Bo", "Cy"], seed, {}, [2], store)
        session.autoplay(session.game.move_limit)

    async def stats(pilot):
        await settle(pilot)
        from tabletop_tui.ui.screens.records import StatsScreen

        pilot.app.push_screen(StatsScreen("thief-dice"))
        await settle(pilot)

    assert snap_compare(make_app(), run_before=stats)


def test_replay(snap_compare, make_app, store):
    players, seed, options, _ = scene("thief-dice")
    session = Session.new("thief-dice", players, seed, options, [1], store)
    finish(session)

    async def replay(pilot):
        await settle(pilot)
        from tabletop_tui.ui.screens.records import open_replay

        open_replay(pilot.app, session.save_id)
        await settle(pilot)
        await pilot.press("home", "right", "right", "right")
        await settle(pilot)

    assert snap_compare(make_app(), run_before=replay)
