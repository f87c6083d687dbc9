"""Thief Dice played through the screens with Textual's Pilot, as people at the table would:
the launcher, the setup form, the keys shown in the action bar, jail and ratting, the results."""

import random

from textual import events

from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.thief_dice import ThiefDiceScreen
from tabletop_tui.ui.widgets.grid import TextLines

from ui_helpers import (bar, click, log_lines, log_text, open_setup, press_for_move, settle, shown, standings_rows,
                        start, type_into, words)
from test_ui_frames import Counts, move_key, quiet, scene_app

GAME = "thief-dice"


async def three_players(pilot, app, setup) -> None:
    """Open the Players list and choose 3."""
    assert not setup.query_one("#seat-2").display
    await click(pilot, app, "#count")
    await pilot.press("down", "enter")
    await settle(pilot, 1)
    assert setup.query_one("#count").value == 3
    assert setup.query_one("#seat-2").display


async def test_three_thieves_jail_ratting_and_the_end_from_the_launcher(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, GAME)
        await three_players(pilot, app, setup)
        await type_into(pilot, app, "#opt-points", "12")
        await type_into(pilot, app, "#seed", "1")
        screen = await start(pilot, app, ThiefDiceScreen)
        game = screen.session.game
        assert (game.players, game.seed, game.options["points"]) == (["Ada", "Bo", "Cy"], 1, 12)
        assert screen.session.computer == []

        rat = None
        presses = 0
        while not isinstance(app.screen, ResultsScreen):
            assert isinstance(app.screen, ThiefDiceScreen) and presses < 200
            game = screen.session.game
            if game.outcome() is not None:  # the results follow at the next refresh
                await pilot.pause(0)
                continue
            view = game.view(None)
            actions = bar(app).actions
            rats = [a for a in actions if a.move.kind == "rat"]
            if rats:
                # a jailed thief may rat while a free thief (a human here) is to roll
                await settle(pilot)  # the table laid out after the last move (a status may wrap to a new line)
                ratter = rats[0].seat
                assert view["thieves"][ratter]["jailed"] and ratter not in game.to_act()
                assert [a.seat for a in actions if a.key == "r"] == game.to_act()
                assert {a.move.args[0] for a in rats if a.seat == ratter} == set(view["order"])
                assert "JAILED (may rat)" in words(screen.query_one("#td-thieves"))
            target = max((a for a in rats), key=lambda a: view["thieves"][a.move.args[0]]["steals"], default=None)
            if rat is None and target is not None and view["thieves"][target.move.args[0]]["steals"] >= 1:
                rat = target
                await press_for_move(pilot, screen, rat.key)
                await settle(pilot)
                ratter, victim = rat.seat, rat.move.args[0]
                names = game.players
                last = game.view(None)["last_rat"]
                assert (last["seat"], last["target"]) == (ratter, victim)
                assert f"{names[ratter]}, from jail, rats on {names[victim]}" in log_text(screen)[-160:]
                assert f"{names[ratter]} ratted on {names[victim]}" in shown(screen.query_one("#td-dice"))
                assert "JAILED (ratted)" in words(screen.query_one("#td-thieves"))
                assert not [a for a in bar(app).actions if a.move.kind == "rat"]  # once a round
                assert game.to_act() == view["to_act"]  # ratting does not take the roller's turn
            else:
                assert [a.key for a in actions if a.seat in game.to_act()] == ["r"]
                await press_for_move(pilot, screen, "r")
            presses += 1
        await settle(pilot)
        assert rat is not None, "no jailed thief was offered a rat"
        assert presses == len(game.history)

        # the standings: the last thief still free first, then the jailed, later jailing first
        view = game.view(None)
        thieves = view["thieves"]
        free = [s for s, t in enumerate(thieves) if not t["jailed"]]
        assert len(free) == 1 and thieves[free[0]]["points"] == 36  # all the points of the table
        jailed = sorted((s for s, t in enumerate(thieves) if t["jailed"]),
                        key=lambda s: thieves[s]["jailed_round"], reverse=True)
        assert thieves[jailed[0]]["jailed_round"] > thieves[jailed[1]]["jailed_round"]
        rows = standings_rows(app)
        assert [row[:3] for row in rows] == [["1st", game.players[free[0]], "36"],
                                             ["2nd", game.players[jailed[0]], "0"],
                                             ["3rd", game.players[jailed[1]], "0"]]
        assert "Ideal Thief" in shown(app.screen.query_one("#results-summary"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
    stats = {r["player"]: (r["played"], r["wins"]) for r in store.stats(GAME)}
    assert stats == {name: (1, int(seat == free[0])) for seat, name in enumerate(game.players)}
    assert store.unfinished() == []


async def test_computer_thieves_play_a_whole_game_by_themselves(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, GAME)
        await three_players(pilot, app, setup)
        for seat in range(3):
            await click(pilot, app, f"#computer-{seat}")
        await type_into(pilot, app, "#opt-points", "10")
        await type_into(pilot, app, "#seed", "1403")
        await pilot.press("ctrl+s")
        for _ in range(300):  # no key is pressed: the computer thieves roll and rat on their own
            if isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, ThiefDiceScreen):
                assert not bar(app).actions
            await pilot.pause(0)
        assert isinstance(app.screen, ResultsScreen)
        await settle(pilot)
        session = app.screen.session
        assert (session.info.id, session.computer, session.players) == (GAME, [0, 1, 2], ["Ada", "Bo", "Cy"])
        game = session.game
        outcome = game.outcome()
        assert outcome is not None and len(game.history) > 20
        assert any(move.kind == "rat" for _, move in game.history)  # a jailed computer ratted
        rows = standings_rows(app)
        assert [row[:3] for row in rows] == [
            [{1: "1st", 2: "2nd", 3: "3rd"}[s.place], s.name, "(computer)"] for s in outcome.standings]
        assert rows[0][3] == "30"  # the winner holds every point of the table
    stats = {r["player"]: (r["played"], r["wins"]) for r in store.stats(GAME)}
    assert stats == {s.name: (1, int(s.place == 1)) for s in outcome.standings}
    assert store.unfinished() == []


async def test_leave_with_s_and_resume_from_the_list_of_unfinished_games(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#seed", "219")
        screen = await start(pilot, app, ThiefDiceScreen)
        for _ in range(6):
            await press_for_move(pilot, screen, "r")
        await settle(pilot)  # the table laid out after the last move (a status may wrap to a new line)
        game = screen.session.game
        view = game.view(None)
        assert view["thieves"][1]["lost_turns"] == 1  # Bo lies low after a close-call
        history, log, thieves = list(game.history), log_lines(screen), shown(screen.query_one("#td-thieves"))
        assert "Bo ●●···· 2 ◉◉◉ 30 loses 1 turn" in " ".join(thieves.split())

        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
        [row] = store.unfinished()
        assert (row["id"], row["game"], row["players"], row["moves"]) == (
            screen.session.save_id, GAME, ["Ada", "Bo"], 6)
        await pilot.press("tab")
        assert app.focused is app.screen.query_one("#saves")
        await pilot.press("enter")
        await settle(pilot)
        resumed = app.screen
        assert isinstance(resumed, ThiefDiceScreen) and resumed is not screen
        assert resumed.session.save_id == row["id"]
        assert resumed.session.game.history == history
        assert resumed.session.game.view(None) == view
        assert log_lines(resumed) == log
        assert shown(resumed.query_one("#td-thieves")) == thieves
        # and it plays on from there, saved as before: Ada rolls, and Bo's lost turn is used up
        assert resumed.session.game.to_act() == [0]
        await press_for_move(pilot, resumed, "r")
        assert resumed.session.game.history[-1] == (0, Move("roll"))
        assert resumed.session.game.to_act() == [0]
        assert resumed.session.game.view(None)["thieves"][1]["lost_turns"] == 0
        assert "Bo loses this turn." in log_text(resumed)
        assert len(store.load(row["id"])["record"]["moves"]) == 7


async def test_a_key_draws_and_repaints_only_the_lines_of_the_table_that_changed(make_app, store, monkeypatch):
    """Thief Dice's dice are drawn by lines: a roll draws anew only the lines it changed (a die that shows the face it showed is not drawn again) and repaints only those where nothing moved."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    rnd = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        parts = [screen.query_one(part, TextLines) for part in ("#td-dice",)]
        pressed = quiet_keys = 0
        while pressed < 10 and not screen.session.over():
            before = [(list(part._keys), part.drawn) for part in parts]
            for part in parts:
                part.painted.clear()
            key = move_key(screen, rnd)
            counts.reset()
            app.post_message(events.Key(key, key))
            await quiet(pilot, counts)
            pressed += 1
            quiet_keys += not counts.layouts
            assert counts.layouts <= 1, f"key {key!r}: {counts.layouts} layouts"
            for part, (keys_before, drawn) in zip(parts, before):
                changed = {y for y, line in enumerate(part._keys) if y >= len(keys_before) or keys_before[y] != line}
                assert part.drawn - drawn <= len(changed), f"{part.id}, key {key!r}: a line drawn again"
                if not counts.layouts:
                    assert set(part.painted) <= changed, f"{part.id}, key {key!r}: a line repainted"
        assert pressed == 10 and quiet_keys >= 1
        # the table drawn again from the same view: nothing built, drawn or repainted
        drawn = [part.drawn for part in parts]
        for part in parts:
            part.painted.clear()
        screen.refresh_table()
        await quiet(pilot, counts)
        assert [part.drawn for part in parts] == drawn and not any(part.painted for part in parts)
