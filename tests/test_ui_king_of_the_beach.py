"""King of the Beach through the screens: three people play a whole game from the launcher behind the
curtain, and no screen shown to one ever holds another's hidden cards, the fights' replay among them;
the pyramid is drawn as a pyramid and the last fights step by step on it with `f`; six players fit
80x24."""

from __future__ import annotations

import random

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.king_of_the_beach import KingOfTheBeachScreen
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen

from handoff_helpers import lift_curtain, to_the_results
from ui_helpers import (assert_fits, assert_sees_only, click, open_setup, press_for_move, screen_text, settle, shown,
                        type_into)

GAME = "king-of-the-beach"
PARTS = ("#kb-status", "#kb-pyramid", "#kb-fight", "#kb-hand", "#kb-goodies")


async def test_two_people_and_a_computer_play_a_whole_game_from_the_launcher_behind_the_curtain(make_app, store):
    app = make_app()
    rnd = random.Random(2)
    kinds: set[str] = set()
    replays = []

    async def act(screen, viewer):
        actions = screen.query_one("#actions").actions
        if not actions:
            await pilot.pause(0.01)
            return
        assert all(a.seat == viewer for a in actions)
        view = screen.session.game.view(viewer)
        if view["fights"] and not replays:
            # the replay: each fight on the pyramid, seen by whoever is at the keyboard
            for step in range(len(view["fights"]) + 2):
                await pilot.press("f")
                await settle(pilot, 1)
                assert_sees_only(app, screen.session, viewer)
                text = shown(screen.query_one("#kb-fight"))
                if step < len(view["fights"]):
                    assert f"Fight {step + 1} of 6" in text
                    replays.append(step)
            assert screen.replay is None
        action = rnd.choice(actions)
        kinds.add(action.move.kind)
        await press_for_move(pilot, screen, action.key, human=True)  # no idle waits: the loop settles

    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await click(pilot, app, "#computer-2")
        await type_into(pilot, app, "#seed", "5")
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)
        lifted = await to_the_results(pilot, app, KingOfTheBeachScreen, act, steps=2500)
        assert isinstance(app.screen, ResultsScreen)
        results = screen_text(app)
        game = app.screen.session.game
        assert game.players == ["Ada", "Bo", "Cy"] and game.outcome().summary in results
        assert app.screen.session.is_computer(2) and not app.screen.session.is_computer(1)
    assert game.outcome() is not None and game.round == 6
    assert set(lifted) == {"Ada", "Bo"}
    assert {"take", "play"} <= kinds
    assert replays == [0, 1, 2, 3, 4, 5]
    assert store.unfinished() == []


def after_fights(players: list[str], seed: int) -> Session:
    """A game of people played with the first moves up to the actions (or the next auction) of round 1."""
    session = Session.new(GAME, players, seed)
    game = session.game
    while not game.fights:
        seat = game.to_act()[0]
        session.play(seat, game.legal_moves(seat)[0])
    return session


async def test_the_pyramid_and_its_fights_step_by_step_fit_80x24_with_six(make_app, store):
    found = after_fights(["Ada", "Bo", "Cy", "Dee", "Eve", "Fay"], 3)
    session = Session.new(GAME, found.game.players, found.game.seed, store=store)
    for seat, move in found.game.history:
        session.play(seat, move)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, KingOfTheBeachScreen)
        assert_fits(screen, *PARTS)
        pyramid = shown(screen.query_one("#kb-pyramid")).splitlines()
        # four rows, one space on top, four at the bottom, each row centred under the one above
        assert pyramid[0].strip().startswith("1 ") and "10 " in pyramid[9]
        assert pyramid[0].index("1 ") > pyramid[3].index("2 ") > pyramid[6].index("4 ") > pyramid[9].index("7 ")
        assert "f: the fights of round 1" in shown(screen.query_one("#kb-status"))
        fights = screen.session.game.fights
        for i, f in enumerate(fights):
            await pilot.press("f")
            await settle(pilot, 2)
            assert_fits(screen, *PARTS)
            line = " ".join(shown(screen.query_one("#kb-fight")).split())
            assert f"Fight {i + 1} of 6" in line
            assert ("moves up" in line) == f["won"] and ("holds" in line) != f["won"]
            names = screen.session.game.names
            assert names[f["before"][f["defender"] - 1]] in line
        await pilot.press("f")
        await settle(pilot, 2)
        assert "After the fights" in shown(screen.query_one("#kb-fight"))
        await pilot.press("f")
        await settle(pilot, 2)
        assert screen.replay is None and "Fight" not in shown(screen.query_one("#kb-fight"))


async def test_f_before_any_fight_says_why(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 2, store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("f")
        await settle(pilot, 2)
        assert "No fights yet" in shown(screen.query_one("#prompt"))
        assert screen.session.game.history == []


async def test_a_move_repaints_only_the_rows_of_the_pyramid_it_changed(make_app, store):
    """The pyramid is drawn by lines: after each key, the lines Textual repaints are those whose
    content changed (none where the pyramid did not change), each drawn anew once at most; the same
    view gives the very same lines, built once."""
    from test_ui_frames import scene_app

    app = scene_app(make_app, store, GAME)
    rnd = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, KingOfTheBeachScreen)
        pyramid = screen.query_one("#kb-pyramid")
        view = screen.session.game.view(screen.viewer())
        args = (view, view["pyramid"], view["cards"], view["values"], {}, view["stone"])
        assert screen.pyramid_lines(*args) is screen.pyramid_lines(*args)
        unchanged = changed = 0
        for _ in range(12):
            if screen.session.over():
                break
            before = list(pyramid._keys)
            pyramid.painted.clear()
            drawn = pyramid.drawn
            await pilot.press(rnd.choice([a.key for a in screen.query_one("#actions").actions]))
            await settle(pilot, 2)
            after = list(pyramid._keys)
            assert len(after) == len(before)  # the same size: no line drawn again for a layout
            moved = {y for y in range(len(after)) if after[y] != before[y]}
            assert set(pyramid.painted) == moved
            assert pyramid.drawn - drawn <= len(moved)
            changed += bool(moved)
            unchanged += not moved
        assert changed and unchanged  # both kinds of keys were pressed


async def test_a_key_builds_only_the_rows_of_the_pyramid_it_changed_and_draws_only_changed_lines(make_app, store,
                                                                                                  monkeypatch):
    """Each row of the pyramid is built only when what its spaces show changed (a card laid, the space to
    play, the viewer's own space), and every part of the table is drawn by lines: after each key, the
    rows built are among those whose lines changed, and each part repaints exactly the lines that
    changed (where it kept its place), in one frame. The choices' labels read one view of the seat for
    all of them (the swaps and trades name the spaces' occupants and the goodies' owners)."""
    from test_ui_frames import Counts, quiet, scene_app

    counts = Counts(monkeypatch)
    built: list[int] = []
    draw_row = KingOfTheBeachScreen.draw_row
    monkeypatch.setattr(KingOfTheBeachScreen, "draw_row",
                        lambda screen, r, *args: built.append(r) or draw_row(screen, r, *args))
    app = scene_app(make_app, store, GAME)
    rnd = random.Random(5)
    kept = rebuilt = labelled = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, KingOfTheBeachScreen)
        game = screen.session.game
        parts = {part: screen.query_one(part) for part in PARTS}
        for _ in range(24):
            if screen.session.over():
                break
            actions = screen.query_one("#actions").actions
            if any(a.move.kind in ("swap", "trade") for a in actions):
                views: list = []
                view = game.view
                game.view = lambda seat: views.append(seat) or view(seat)
                screen.current_actions()
                del game.view
                assert len(views) == 1, f"{len(views)} views for the labels of {[a.label for a in actions]}"
                labelled += 1
            before = {part: (list(w._keys), w.region, w.display) for part, w in parts.items()}
            for widget in parts.values():
                widget.painted.clear()
            built.clear()
            counts.reset()
            await pilot.press(rnd.choice([a.key for a in actions]))
            await quiet(pilot, counts)
            assert counts.frames == 1
            for part, widget in parts.items():
                keys, region, shown = before[part]
                changed = {y for y in range(len(widget._keys)) if y >= len(keys) or widget._keys[y] != keys[y]}
                if part == "#kb-pyramid":
                    rows = {y // 3 for y in changed}
                    assert set(built) <= rows, f"rows {built} built, those changed: {rows}"
                    kept += 4 - len(rows)
                    rebuilt += len(rows)
                # (a line wider than the part wraps: the part is drawn whole then, as a Static)
                if widget.region == region and widget.display and shown and widget._fits(widget.size.width):
                    assert set(widget.painted) == changed, f"{part}: {sorted(widget.painted)} painted, {changed}"
    assert kept and rebuilt and labelled
