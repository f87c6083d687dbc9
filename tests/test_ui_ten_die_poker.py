"""Ten-Die Poker played through the screens with Textual's Pilot, as people at the table would: the
launcher, the setup form, folding and challenging with f and c, marking pairs with 1-5 and rolling
with r, undo back to the roll, a refusal, the must-fold prompt, the fit at 80x24 with seven players,
the results, and computer players alone."""

import random

import re

from textual import events

from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.ten_die_poker import TenDiePokerScreen
from tabletop_tui.ui.widgets.grid import TextLines

from ui_helpers import (assert_fits, bar, keys, log_text, open_setup, press_for_move, settle, shown, standings_rows,
                        start, type_into, words)
from test_ui_frames import Counts, move_key, quiet, scene_app

GAME = "ten-die-poker"
SEVEN = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"]


def player_rows(screen, seat: int) -> list[str]:
    """The two rows of a player: the one with the name and the next (the chip stack and black dice)."""
    lines = shown(screen.query_one("#tdp-table")).splitlines()
    name = screen.session.players[seat]
    at = next(i for i, line in enumerate(lines) if re.match(rf"^.{name}\s", line))
    return lines[at:at + 2]


async def test_a_session_from_the_launcher_to_the_results(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#opt-hands", "2")
        await type_into(pilot, app, "#seed", "31")
        screen = await start(pilot, app, TenDiePokerScreen)
        game = screen.session.game
        assert (game.players, game.seed, game.options["hands"]) == (["Ada", "Bo", "Cy", "Dee"], 31, 2)

        challenges = 0
        presses = 0
        while not isinstance(app.screen, ResultsScreen):
            assert presses < 200
            game = screen.session.game
            if game.outcome() is not None:
                await pilot.pause(0)
                continue
            view = game.view(None)
            me = view["players"][view["active"]]
            prompt = words(screen.query_one("#prompt"))
            assert_fits(screen, "#tdp-table")
            if view["phase"] == "decide":
                can_pay = "c" in keys(app)
                assert keys(app) == (["f", "c"] if can_pay else ["f"])
                if can_pay:
                    assert prompt.startswith(f"{me}: fold (f), or pay {view['cost']} to challenge")
                    rows = player_rows(screen, view["active"])
                    assert rows[0].startswith(f"▶{me}") and "♦" in rows[0] and "♠" in rows[1]
                    assert str(view["seats"][view["active"]]["chips"]) in rows[1]
                leader = view["leaders"][0]
                assert player_rows(screen, leader)[0].startswith(f"★{view['players'][leader]}")
                if can_pay and challenges % 2 == 0:
                    await press_for_move(pilot, screen, "c")
                    challenges += 1
                    assert keys(app) == ["1", "2", "3", "4", "5"]  # no roll before a pair is marked
                    assert words(screen.query_one("#prompt")).startswith(f"{me}: mark the pairs to re-roll with 1-5")
                    await press_for_move(pilot, screen, "2")
                    await press_for_move(pilot, screen, "5")
                    rows = player_rows(screen, view["active"])
                    assert all(row.count("↻") == 2 for row in rows)  # both dice of pairs 2 and 5
                    assert keys(app)[-1] == "r"
                    assert words(screen.query_one("#prompt")).startswith(f"{me}: re-roll pairs 2 and 5?")
                    await press_for_move(pilot, screen, "r")
                    assert f"{me} challenges for {view['cost']} chip" in log_text(screen)
                    assert "re-rolls pairs 2 and 5:" in log_text(screen)
                else:
                    await press_for_move(pilot, screen, "f")
                    challenges += 1
                    assert f"{me} folds and is out of this pot." in log_text(screen)
            presses += 1
        await settle(pilot)
        game = screen.session.game
        assert game.hand == 2 and any(m.kind == "roll" for _, m in game.history)
        rows = standings_rows(app)
        assert [int(r[2]) for r in rows] == sorted(game.chips, reverse=True)
        assert sum(game.chips) == 160
        assert "After 2 hands the session is over" in shown(app.screen.query_one("#results-summary"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
    assert {r["player"] for r in store.stats(GAME)} == {"Ada", "Bo", "Cy", "Dee"}
    assert store.unfinished() == []


async def test_seven_players_fit_undo_goes_back_to_the_roll_and_refusals_say_why(make_app):
    app = make_app(start={"game_id": GAME, "players": SEVEN, "seed": 4})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        game = screen.session.game
        me = game.active
        assert_fits(screen, "#tdp-table")
        table = shown(screen.query_one("#tdp-table"))
        assert "Pot" in table and "7" in table.splitlines()[0]  # the pot of seven antes
        for seat in range(7):
            red, black = player_rows(screen, seat)
            assert "♦" in red and "♠" in black
            info = game.view(None)["seats"][seat]
            assert " ".join(map(str, info["red"])) in " ".join(red.split())
            assert " ".join(map(str, info["black"])) in " ".join(black.split())
            assert "▸" in red + black  # the better hand is marked
        await press_for_move(pilot, screen, "c")
        chips = screen.session.game.chips[me]
        await press_for_move(pilot, screen, "2")
        await press_for_move(pilot, screen, "4")
        assert_fits(screen, "#tdp-table")
        assert screen.session.game.chosen == [2, 4]
        await pilot.press("u")
        await settle(pilot)
        assert screen.session.game.chosen == [2]
        await pilot.press("u", "u")
        await settle(pilot)
        game = screen.session.game
        assert game.history == [] and game.phase == "decide" and game.chips[me] == chips + game.cost()

        # moves the rules refuse (a stale click, say) show why and change nothing
        other = (me + 1) % 7
        assert not screen.submit(other, Move("fold"))
        assert screen.error == f"It is not {SEVEN[other]}'s turn: {SEVEN[me]} has the worst hand and is to act."
        assert "✗ It is not" in shown(screen.query_one("#prompt"))
        assert not screen.submit(me, Move("roll"))
        assert screen.error == f"{SEVEN[me]} must first fold or pay {game.cost()} to challenge; the roll comes after."
        assert screen.session.game.history == []

        await press_for_move(pilot, screen, "c")
        await press_for_move(pilot, screen, "1")
        await press_for_move(pilot, screen, "r")
        assert_fits(screen, "#tdp-table")
        await pilot.press("u")
        await settle(pilot)
        assert not screen.session.undo_status()[0]  # the dice have spoken, and u says so
        assert "Cannot undo: Not past a" in words(screen.query_one("#prompt"))
        assert len(screen.session.game.history) == 3


async def test_a_player_who_cannot_pay_is_offered_only_the_fold(make_app):
    app = make_app(start={"game_id": GAME, "players": SEVEN[:4], "seed": 2, "options": {"chips": 2, "hands": 1}})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        game = screen.session.game
        me = SEVEN[game.active]
        assert keys(app) == ["f"]
        assert words(screen.query_one("#prompt")) == (f"{me} has 1 chip, less than the 2 a challenge costs: "
                                                      f"{me} must fold (f).")
        assert f"{me} must fold." in log_text(screen)
        await press_for_move(pilot, screen, "f")


async def test_computer_players_play_a_whole_session_by_themselves(make_app, store):
    app = make_app(start={"game_id": GAME, "players": SEVEN[:5], "seed": 8, "computer": [0, 1, 2, 3, 4],
                          "options": {"hands": 3}})
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(600):
            if isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, TenDiePokerScreen):
                assert not bar(app).actions
            await pilot.pause(0)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
        assert game.outcome() is not None and game.hand == 3 and sum(game.chips) == 200
    assert len(store.stats(GAME)) == 5 and store.unfinished() == []


def test_the_short_names_of_hands_for_a_narrow_table():
    from tabletop_tui.rules.ten_die_poker import dice_hand
    from tabletop_tui.ui.screens.ten_die_poker import short_name

    named = {}
    for dice in ((6, 5, 3, 2, 1), (4, 4, 1, 2, 3), (5, 5, 2, 2, 1), (6, 6, 6, 1, 2), (1, 2, 3, 4, 5), (2, 3, 4, 5, 6),
                 (5, 5, 5, 2, 2), (3, 3, 3, 3, 1), (2, 2, 2, 2, 2)):
        key, name = dice_hand(dice)
        named[name] = short_name({"key": list(key), "name": name})
    assert named == {"High Die 6": "High Die 6", "Pair of 4s": "Pair of 4s", "Two Pair 5s and 2s": "Two Pair 5s 2s",
                     "Three 6s": "Three 6s", "Straight 1-5": "Straight 1-5", "Straight 2-6": "Straight 2-6",
                     "Full House 5s over 2s": "Full House 5/2", "Four 3s": "Four 3s", "Five 2s": "Five 2s"}
    assert max(len(s) for s in named.values()) <= 14


async def test_a_key_draws_and_repaints_only_the_lines_of_the_table_that_changed(make_app, store, monkeypatch):
    """Ten-Die Poker's table is drawn by lines: a key draws anew only the lines it changed (the marked pair, the dice rolled) and repaints only those where nothing moved; laid out for the room the screen gives it, it never asks for a second layout (the table drawn for the old room overflowing the new)."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    rnd = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        parts = [screen.query_one(part, TextLines) for part in ("#tdp-table",)]
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
            assert_fits(screen, "#tdp-table")
        assert pressed == 10 and quiet_keys >= 1
        # the table drawn again from the same view: nothing built, drawn or repainted
        drawn = [part.drawn for part in parts]
        for part in parts:
            part.painted.clear()
        screen.refresh_table()
        await quiet(pilot, counts)
        assert [part.drawn for part in parts] == drawn and not any(part.painted for part in parts)
