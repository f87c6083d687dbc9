"""Particle Stream through the screens: four people play a whole race from the launcher behind the
curtain, and no screen shown to one ever holds another's face-down cards; two people with two computer
players go through a match of two races (the deal between them); six players fit 80x24 in every
phase of a race, the track showing each place, who stands there and each pile's rank."""

from __future__ import annotations

import random

from tabletop_tui.bots.particle_stream import ParticleStreamBot
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.particle_stream import ParticleStreamScreen
from tabletop_tui.ui.screens.results import ResultsScreen

from handoff_helpers import play_through_the_curtain, to_the_results
from ui_helpers import assert_fits, open_setup, press_for_move, settle, shown, standings_rows, type_into

GAME = "particle-stream"
PARTS = ("#ps-track", "#ps-order", "#ps-hands")


async def test_four_people_race_from_the_launcher_to_the_results_behind_the_curtain(make_app, store):
    app = make_app()
    rnd = random.Random(3)
    kinds = set()

    async def act(screen, viewer):
        """The person at the keyboard presses one of their actions, each a move (press_for_move sends
        the key as the terminal does and waits for the move, not for the process to idle: the loop
        settles after every step)."""
        actions = screen.query_one("#actions").actions
        if not actions:
            await pilot.pause(0.01)
            return
        assert all(a.seat == viewer for a in actions)
        kinds.add(actions[0].move.kind)
        assert_fits(screen, *PARTS)
        game = screen.session.game
        track = shown(screen.query_one("#ps-track"))
        assert f"{'▶ ' if game.to_act() == [viewer] else ''}" in track
        hands = shown(screen.query_one("#ps-hands"))
        if game.down[viewer]:
            assert "yours alone" in hands
        await press_for_move(pilot, screen, rnd.choice(actions).key, human=True)

    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#opt-races", "1")
        await type_into(pilot, app, "#seed", "12")
        await pilot.press("ctrl+s")
        await settle(pilot, 4)
        assert isinstance(app.screen, CurtainScreen)
        lifted = await to_the_results(pilot, app, ParticleStreamScreen, act, steps=400, people=True)
        assert isinstance(app.screen, ResultsScreen)
        rows = standings_rows(app)
        game = app.screen.session.game
    assert {r[1] for r in rows} == set(game.players) and len(game.players) == 4
    assert game.outcome() is not None and game.race == 1
    assert set(lifted) == set(game.players)
    assert {"play", "stay"} <= kinds or {"play", "swap"} <= kinds
    assert store.unfinished() == []


async def test_two_people_and_two_computers_run_a_match_of_two_races(make_app, store, monkeypatch):
    monkeypatch.setattr(ParticleStreamBot, "budget", 60)  # its play at full strength is the rules tests'
    session = Session.new(GAME, ["Ada", "Bo", "Cy", "Dee"], 8, {"races": 2}, computer=[2, 3], store=store)
    assert session.curtain
    rnd = random.Random(8)
    game = session.game
    # race 1 played as the screens would up to its last play; that play, the deal and race 2 through them
    while (game.round, len(game.plays)) < (5, 3):
        seat = game.to_act()[0]
        session.play(seat, rnd.choice(game.legal_moves(seat)))
    session.release()
    app = make_app(start={"save": session.save_id})
    kinds = set()

    def choose(screen, actions):
        kinds.add(actions[0].move.kind)
        return rnd.choice(actions)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await play_through_the_curtain(pilot, app, ParticleStreamScreen, choose, steps=600)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
    assert game.race == 2 and all(len(r) == 2 for r in game.race_points)
    dealer = next(seat for seat, move in game.history if move.kind == "deal")  # race 1's last
    assert "play" in kinds and ("deal" in kinds) == (dealer in (0, 1))


async def test_six_players_fit_80x24_in_every_phase(make_app, store):
    names = ["Ada", "Bo", "Cy", "Dee", "Eve", "Fay"]
    session = Session.new(GAME, names, 3, {"races": 2}, store=store, curtain=False)
    session.release()
    app = make_app(start={"save": session.save_id})
    phases = set()

    def check(screen, game):
        view = game.view(None)
        phases.add(view["phase"])
        assert_fits(screen, *PARTS)
        track = shown(screen.query_one("#ps-track")).splitlines()
        assert len(track) == 7 and track[0].startswith("Track")
        for p, line in enumerate(track[1:]):
            assert line[2:].startswith(f"{p + 1}") and names[view["at"][p]] in line
            assert f"{view['ranks'][p]}" in line

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, ParticleStreamScreen)
        game = screen.session.game
        while game.round == 1:  # the first round by the keys
            check(screen, game)
            await pilot.press(screen.query_one("#actions").actions[0].key)
            await settle(pilot, 2)
        while game.phase != "scored":  # then to the end of the race
            seat = game.to_act()[0]
            screen.session.play(seat, game.legal_moves(seat)[-1])
        screen.refresh_table()
        await settle(pilot, 2)
        check(screen, game)
        assert "deals race 2" in shown(screen.query_one("#ps-race"))
    assert phases == {"play", "move", "scored"}


async def test_a_card_played_repaints_only_the_lines_of_the_track_and_hands_it_changed(make_app, store):
    """The track and the hands are drawn by lines: after each key, the lines repainted are those whose
    content changed, never the whole part (a card changes a place or two and one hand)."""
    from test_ui_frames import scene_app

    app = scene_app(make_app, store, GAME)
    rnd = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, ParticleStreamScreen)
        parts = [screen.query_one(part) for part in ("#ps-track", "#ps-hands")]
        kept = 0
        for _ in range(10):
            if screen.session.over():
                break
            before = [list(part._keys) for part in parts]
            for part in parts:
                part.painted.clear()
            await pilot.press(rnd.choice([a.key for a in screen.query_one("#actions").actions]))
            await settle(pilot, 2)
            for part, keys in zip(parts, before):
                after = part._keys
                if len(after) != len(keys):
                    continue  # another number of lines: laid out and drawn anew
                moved = {y for y in range(len(after)) if after[y] != keys[y]}
                assert set(part.painted) == moved
                kept += len(after) - len(moved)
        assert kept  # lines that did not change were not repainted


async def test_the_choices_are_labelled_from_one_view_of_the_seat(make_app, store, monkeypatch):
    """The action bar's labels (a card's face, a target's place and top card) read the seat's view once
    for all its choices, not once for each; the labels are those of a view read for each."""
    from test_ui_frames import scene_app

    app = scene_app(make_app, store, GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, ParticleStreamScreen)
        game = screen.session.game
        for _ in range(6):
            seat = game.to_act()[0]
            moves = screen.listed_moves(seat, game.legal_moves(seat))
            assert len(moves) >= 2
            one_by_one = [screen.action_label(seat, move, False) for move in moves]
            views = []
            view = type(game).view

            def counted(game_, seat_=None):
                views.append(seat_)
                return view(game_, seat_)

            monkeypatch.setattr(type(game), "view", counted)
            actions = screen.current_actions()
            monkeypatch.undo()
            assert [a.label for a in actions] == one_by_one
            assert views == [seat]
            await pilot.press(actions[0].key)
            await settle(pilot, 3)
