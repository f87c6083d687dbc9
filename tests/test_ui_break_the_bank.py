"""Break the Bank played through the screens with Textual's Pilot, as people at the table would: the
launcher, the setup form, r to roll and t to take the Kitty, a refusal, undo, eight players at 80x24,
computer players, the results."""

import random

from textual import events

from tabletop_tui.rules.break_the_bank import NUMBER_WORDS
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.break_the_bank import BreakTheBankScreen
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets.common import Action, ActionBar
from tabletop_tui.ui.widgets.grid import TextLines

from ui_helpers import (assert_fits, bar, keys, log_text, open_setup, press_for_move, settle, shown, standings_rows,
                        start, type_into, words)
from test_ui_frames import Counts, move_key, quiet, scene_app

GAME = "break-the-bank"
ROLL, TAKE = Move("roll"), Move("take")
EIGHT = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
PARTS = ("#btb-middle", "#btb-dice", "#btb-ladder", "#btb-players")


def fits(screen) -> None:
    """The table is drawn within its area (see assert_fits), and no line of its parts wraps."""
    assert_fits(screen, *PARTS)
    table = screen.query_one("#table")
    assert table.virtual_size.height <= table.size.height, (table.virtual_size, table.size)
    assert table.virtual_size.width <= table.size.width
    for part in PARTS:
        widget = screen.query_one(part)
        lines = widget.render().plain.splitlines()
        assert widget.size.height == len(lines), f"{part} wraps"  # no line wraps, so none is too wide
        assert max(len(line) for line in lines) <= widget.size.width, part


def begin(players=("Ada", "Bo", "Cy", "Di"), seed=7, computer=(), **options) -> dict:
    """What make_app is given to start a game of Break the Bank at once, without the launcher."""
    return {"game_id": GAME, "players": list(players), "seed": seed, "options": options, "computer": list(computer)}


async def test_four_players_play_a_game_of_one_turn_each_from_the_launcher(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, GAME)
        assert setup.query_one("#count").value == 4
        await type_into(pilot, app, "#opt-turns", "1")
        await type_into(pilot, app, "#seed", "2024")
        screen = await start(pilot, app, BreakTheBankScreen)
        game = screen.session.game
        assert (len(game.players), game.options["turns"], game.seed) == (4, 1, 2024)
        first = game.players[game.to_act()[0]]
        assert f"A draw picks {first} to go first." in log_text(screen)
        assert words(screen.query_one("#btb-middle")).startswith("Bank ◉◉ 8 Kitty 0")
        assert shown(screen.query_one("#prompt")).strip() == (
            f"{first}: pay $5 and roll one die (83% to get through). Turn 1 of 1.")
        assert keys(app) == ["r"]
        fits(screen)

        presses = 0
        while not isinstance(app.screen, ResultsScreen):
            assert presses < 40
            if game.outcome() is not None:
                await pilot.pause(0)
                continue
            view = game.view(None)
            me = game.players[view["current"]]
            if view["dice"] == 1:
                assert keys(app) == ["r"]
                await press_for_move(pilot, screen, "r")
            else:
                assert keys(app) == ["t", "r"]
                dice = f"{NUMBER_WORDS[view['dice']]} dice"
                assert shown(screen.query_one("#prompt")).strip().startswith(
                    f"{me}: take the Kitty (${view['kitty']}), or pay $5 and roll {dice}")
                assert f"Next: {dice} for $5" in words(screen.query_one("#btb-ladder"))
                await press_for_move(pilot, screen, "t" if view["kitty"] >= 6 else "r")
            presses += 1
            after = game.view(None)
            roll = after["last_roll"]
            if game.history[-1][1] == ROLL and after["breaker"] is None:
                dice = words(screen.query_one("#btb-dice"))
                assert (f"{me} rolled a 1: bust" if roll["busted"] else f"{me} rolled") in dice
                assert f"{me} pays $5 and rolls" in log_text(screen)[-400:]
            if game.history[-1][1] == TAKE:
                assert f"{me} takes the Kitty" in log_text(screen)[-300:]
            if game.outcome() is None:
                fits(screen)
            assert sum(after["money"]) + after["bank"] + after["kitty"] == 400
        await settle(pilot)
        assert presses == len(game.history)
        outcome = game.outcome()
        rows = standings_rows(app)
        assert [row[1] for row in rows] == [s.name for s in outcome.standings]
        assert "the game is over" in shown(app.screen.query_one("#results-summary"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
    stats = {r["player"]: (r["played"], r["wins"]) for r in store.stats(GAME)}
    assert stats == {s.name: (1, int(s.place == 1)) for s in outcome.standings}
    assert store.unfinished() == []


async def test_a_refused_move_shows_its_reason_and_changes_nothing(make_app, store):
    app = make_app(start=begin(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        game = screen.session.game
        seat = game.to_act()[0]
        before = (list(game.history), game.view(None))
        # a click on "take" that arrives before the first roll of the turn
        bar(app).post_message(ActionBar.Chosen(Action("t", "Take the Kitty", seat, TAKE)))
        await settle(pilot)
        name = game.players[seat]
        assert screen.error.startswith(f"{name} must first pay $5 and roll one die")
        assert shown(screen.query_one("#prompt")).strip().startswith(f"✗ {name} must first pay $5")
        assert (list(game.history), game.view(None)) == before
        await pilot.press("t")  # not in the action bar: nothing happens
        await settle(pilot, 1)
        assert list(game.history) == before[0]
        await press_for_move(pilot, screen, "r")
        assert "✗" not in shown(screen.query_one("#prompt"))


async def test_undo_takes_back_taking_the_kitty_but_not_a_roll(make_app, store):
    app = make_app(start=begin(seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        while screen.session.game.view(None)["dice"] == 1:  # until a roll gets through
            await press_for_move(pilot, screen, "r")
        await settle(pilot)
        assert not screen.session.undo_status()[0]
        assert len(shown(screen.query_one("#prompt")).strip().splitlines()) == 1  # no room for the hint here
        await pilot.press("u")
        await settle(pilot, 1)
        assert "Cannot undo: Not past a roll of the dice." in words(screen.query_one("#prompt"))
        view = screen.session.game.view(None)
        moves = len(screen.session.game.history)
        await press_for_move(pilot, screen, "t")
        assert screen.session.game.view(None)["current"] != view["current"]
        assert screen.session.undo_status()[0]
        await pilot.press("u")
        await settle(pilot, 1)
        game = screen.session.game
        assert len(game.history) == moves and game.view(None) == view
        assert "Undone: 1 move taken back" in log_text(screen)
        assert keys(app) == ["t", "r"]
        await press_for_move(pilot, screen, "r")
        assert not screen.session.undo_status()[0]
        assert len(store.load(screen.session.save_id)["record"]["moves"]) == moves + 1


async def test_eight_players_fit_80x24_with_five_dice_on_the_table(make_app, store):
    app = make_app(start=begin(EIGHT, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        game = screen.session.game
        fits(screen)
        players = words(screen.query_one("#btb-players"))
        for name in EIGHT:
            assert name in players
        assert "◉◉◉◉ 98 ●●●●●" in players
        # a big Bank and a fifth roll about to be made, drawn on the table
        game.bank = 610
        game.kitty = 42
        game.dice = 5
        game.last_roll = {"seat": game.current, "faces": [6, 5, 4, 3, 2], "busted": False, "moved": 20}
        screen.refresh_table()
        await settle(pilot)
        fits(screen)
        assert "Next: five dice for $5, 40% to break the Bank" in words(screen.query_one("#btb-ladder"))
        assert "rolled 20: +$20 to the Kitty" in words(screen.query_one("#btb-dice"))
        assert "◉" * 24 + " 610" in words(screen.query_one("#btb-middle"))
        assert keys(app) == ["t", "r"]
        assert "Pay $5, roll 5 dice: break the Bank (40% safe)" in words(bar(app))


async def test_computer_players_play_a_whole_game_by_themselves(make_app, store):
    app = make_app(start=begin(EIGHT[:5], seed=99, computer=range(5), turns=2))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, BreakTheBankScreen):
                assert not bar(app).actions
            await pilot.pause(0)
        assert isinstance(app.screen, ResultsScreen)
        await settle(pilot)
        game = app.screen.session.game
        assert game.outcome() is not None and len(game.history) >= 10
        assert sum(game.money) + game.bank == 500
        assert len(standings_rows(app)) == 5


async def test_a_key_draws_and_repaints_only_the_lines_of_the_table_that_changed(make_app, store, monkeypatch):
    """The four parts of Break the Bank's table are drawn by lines, each built only when what it shows changed: a roll or a take draws anew only the lines it changed, and repaints only those where nothing moved."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    rnd = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        parts = [screen.query_one(part, TextLines) for part in PARTS]
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
