"""Monster Builder played through the screens with Textual's Pilot, as people at the table would:
the launcher, the setup form, the keys shown in the action bar, refusals, undo, the results."""

import re

from tabletop_tui.bots.monster_builder import MonsterBuilderBot
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.monster_builder import MonsterBuilderScreen, body_lines, compact_line
from tabletop_tui.ui.screens.results import ResultsScreen

from ui_helpers import (assert_fits, bar, log_text, open_setup, press_for_move, settle, shown, standings_rows, start,
                        type_into)

GAME = "monster-builder"


async def press_refused(pilot, screen, key: str) -> str:
    """Press a key the rules refuse: the reason shows in the prompt and nothing changes."""
    before = len(screen.session.game.history), screen.session.game.view(None)
    await pilot.press(key)
    await settle(pilot, 1)
    assert (len(screen.session.game.history), screen.session.game.view(None)) == before
    assert screen.error and "✗ " + screen.error[:40] in shown(screen.query_one("#prompt"))
    return screen.error


def key_for(app, seat: int, move: Move) -> str:
    [action] = [a for a in bar(app).actions if a.move == move and a.seat == seat]
    return action.key


async def test_three_scientists_play_a_whole_game_with_the_keys_from_the_launcher(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#seed", "1614")
        screen = await start(pilot, app, MonsterBuilderScreen)
        game = screen.session.game
        assert (game.players, game.seed, screen.session.computer) == (["Ada", "Bo", "Cy"], 1614, [])
        assert "Research dice" in shown(screen.query_one("#mb-table"))
        assert_fits(screen, "#mb-table")

        # every seat is a person, choosing what the computer player would, with the key the bar shows
        bots = [MonsterBuilderBot(s, 1) for s in range(3)]
        seen_keys, phases = set(), set()
        presses = 0
        while not isinstance(app.screen, ResultsScreen):
            game = screen.session.game
            if game.outcome() is not None:
                await pilot.pause(0)
                continue
            assert presses < 100
            seat = game.to_act()[0]
            view = game.view(seat)
            move = bots[seat].choose(view, game.legal_moves(seat))
            key = key_for(app, seat, move)
            seen_keys.add((move.kind, key))
            phases.add(view["phase"])
            await press_for_move(pilot, screen, key)
            presses += 1
            if presses % 25 == 0:
                await settle(pilot, 1)
                assert_fits(screen, "#mb-table")
        await settle(pilot)
        game = screen.session.game
        assert presses == len(game.history)
        assert {"act", "research", "research slot", "scavenge", "scavenge slot", "attack", "target", "roll",
                "steal", "steal slot"} <= phases
        assert {("research", "r"), ("scavenge", "c"), ("fight", "f"), ("roll", "r")} <= seen_keys
        outcome = game.outcome()
        winner = game.players[outcome.winners[0]]
        assert game.monsters[outcome.winners[0]] == [6] * 5
        assert f"{winner}'s monster has five 6s: {winner} wins!" in shown(app.screen.query_one("#results-summary"))
        rows = standings_rows(app)
        assert [row[1] for row in rows] == [s.name for s in outcome.standings]
        assert rows[0][2] == "5"  # the winner's five 6s
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
    stats = {r["player"]: (r["played"], r["wins"]) for r in store.stats(GAME)}
    assert stats == {name: (1, int(name == winner)) for name in game.players}
    assert store.unfinished() == []


async def test_refusals_show_their_reason_and_undo_goes_back_to_the_roll(make_app):
    app = make_app(start={"game_id": GAME, "players": ["Ada", "Bo", "Cy"], "seed": 5})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        first = game.first
        me = game.players[first]
        assert shown(screen.query_one("#prompt")).strip().startswith(f"{me}: research")
        assert await press_refused(pilot, screen, "h") == "Choose Fight first to attack: now choose research, scavenge or fight."
        assert await press_refused(pilot, screen, "3") == "There is nothing to build yet: choose research, scavenge or fight."

        await press_for_move(pilot, screen, "r")  # research: the dice are rolled
        rolled = list(game.research)
        assert f"{me} rolled {', '.join(map(str, rolled))}" in shown(screen.query_one("#prompt"))
        assert not screen.session.undo_status()[0]  # the roll cannot be taken back
        await press_for_move(pilot, screen, "2")  # research die 2
        assert "into which part" in shown(screen.query_one("#prompt"))
        await press_for_move(pilot, screen, "1")  # into the head
        game = screen.session.game
        assert game.monsters[first][0] == rolled[1] and game.research[1] == 1
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        game = screen.session.game
        assert game.phase == "research" and game.research == rolled and game.monsters[first] == [0] * 5
        assert "Undone" in log_text(screen)
        assert not screen.session.undo_status()[0]
        await pilot.press("u")
        await settle(pilot)
        assert "Cannot undo: Not past a roll of the dice." in " ".join(shown(screen.query_one("#prompt")).split())
        await press_for_move(pilot, screen, "n")  # build nothing after all

        # the next scientist fights: Head Smash on a monster given a head, a win, then a part not at stake
        game = screen.session.game
        seat = game.to_act()[0]
        victim = next(s for s in range(3) if s != seat)
        game.monsters[victim] = [3, 4, 4, 4, 4]
        game.monsters[seat] = [6, 0, 0, 0, 0]
        for key in ("f", "h"):
            await press_for_move(pilot, screen, key)
        assert "% to win)" in shown(screen.query_one("#actions"))
        assert await press_refused(pilot, screen, str(seat + 1)) == (
            "A monster cannot attack itself: choose another player's monster.")
        await press_for_move(pilot, screen, str(victim + 1))
        await press_for_move(pilot, screen, "r")
        await settle(pilot, 1)
        table = shown(screen.query_one("#mb-table"))
        assert "Last fight: Head Smash" in table
        fight = game.fight
        assert f"{game.players[seat]} Head-Smashes {game.players[victim]}" in log_text(screen)
        winner, loser = fight["winner"], (victim if fight["winner"] == seat else seat)
        assert game.monsters[loser][0] and game.to_act() == [winner]  # both heads are worth stealing
        reason = await press_refused(pilot, screen, "2")
        assert reason == (f"A Head Smash puts only the head at stake: {game.players[winner]} may not take "
                          f"{game.players[loser]}'s left arm.")
        await press_for_move(pilot, screen, "1")
        assert await press_refused(pilot, screen, "n") == (
            "Taking nothing is for the winner of a fight, before choosing a part: now build the stolen part "
            "into one of your parts, or throw it away.")
        await press_for_move(pilot, screen, "x")
        assert game.monsters[loser][0] == 0
        assert "throws it away" in log_text(screen)


async def test_six_monsters_fit_80x24_one_big_and_five_on_a_line(make_app):
    names = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay"]
    app = make_app(start={"game_id": GAME, "players": names, "seed": 9, "computer": [0, 1, 2, 3, 4, 5]})
    app.bot_delay = 0.01
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        for _ in range(15):
            await pilot.pause(0.02)
            if isinstance(app.screen, MonsterBuilderScreen):
                assert_fits(screen, "#mb-table")
                text = shown(screen.query_one("#mb-table"))
                assert sum(1 for line in text.splitlines() if re.search(r"H\d A\d A\d L\d L\d", line)) == 5
                assert "┌───┐" in text or "╔═══╗" in text
                assert not bar(app).actions  # computer seats only: nothing for a person to press


async def test_computer_scientists_play_a_whole_game_by_themselves(make_app, store):
    app = make_app(start={"game_id": GAME, "players": ["Ada", "Bo", "Cy", "Di"], "seed": 1629,
                          "computer": [0, 1, 2, 3]})
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3000):
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.pause(0)
        assert isinstance(app.screen, ResultsScreen)
        await settle(pilot)
        game = app.screen.session.game
        outcome = game.outcome()
        assert outcome is not None and game.monsters[outcome.winners[0]] == [6] * 5
    stats = {r["player"]: (r["played"], r["wins"]) for r in store.stats(GAME)}
    assert stats == {s.name: (1, int(s.place == 1)) for s in outcome.standings}


def test_the_body_and_the_line_draw_every_part():
    lines = [line.plain for line in body_lines([6, 3, 0, 2, 6])]
    assert lines == [
        "       ╔═══╗       ",
        "       ║ 6 ║       ",
        " ┌───┐ ╚═╤═╝ ┌───┐ ",
        " │ 3 ├───┼───┤ 0 │ ",
        " └───┘ ┌─┴─┐ └───┘ ",
        "    ┌──┴┐ ╔╧══╗    ",
        "    │ 2 │ ║ 6 ║    ",
        "    └───┘ ╚═══╝    ",
    ]
    sixes = [span for span in body_lines([6, 3, 0, 2, 6])[1].spans if "yellow" in str(span.style)]
    assert sixes
    monster = {"name": "Bo", "parts": [6, 3, 0, 2, 6]}
    assert compact_line(1, monster, 3, False).plain == " 2 Bo  H6 A3 A0 L2 L6"


async def test_a_big_terminal_draws_every_monster_as_a_body_and_a_short_table_draws_lines(make_app):
    names = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay"]
    app = make_app(start={"game_id": GAME, "players": names, "seed": 9})
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert_fits(screen, "#mb-table")
        text = shown(screen.query_one("#mb-table"))
        assert text.count("───┼───") == 6 and not re.search(r"H\d A\d", text)
        for seat, name in enumerate(names):
            assert f"{seat + 1} {name}" in text
        assert "not rolled yet: nothing to scavenge until someone researches" in text
        first = screen.session.game.first
        screen.session.play(first, Move("research"))  # the four research dice are on the table now
        screen.table_size = lambda: (46, 12)  # as if the table had only 12 rows
        screen.refresh_table()
        await settle(pilot, 1)
        text = shown(screen.query_one("#mb-table"))
        assert "───┼───" not in text
        assert len(re.findall(r"\d \w+ +H\d A\d A\d L\d L\d", text)) == 6
