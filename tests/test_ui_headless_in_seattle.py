"""Headless in Seattle through the screens: a real-time game of two people and two computer seats
played by key presses in the two people's zones to the results, the computers moved by the screen's
clock (`tick`, called here: no timer runs in these tests, so nothing depends on the machine's speed);
the countdown and the pause; a game in turns through the curtain, every screen read for the other
person's card in hand; more people than zones play one at a time."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.headless_in_seattle import COUNTDOWN, PAUSED, RUNNING, ZONES, HeadlessInSeattleScreen
from tabletop_tui.ui.screens.modals import RulesScreen
from tabletop_tui.ui.screens.results import ResultsScreen

from handoff_helpers import play_through_the_curtain
from ui_helpers import assert_fits, assert_sees_only, log_text, open_setup, screen_text, settle, shown, standings_rows

GAME = "headless-in-seattle"


@pytest.fixture(autouse=True)
def no_timer(monkeypatch):
    """The clock moves only when a test calls `tick`, and the computers think for the same times in
    every run (their pace's jitter seeded), so that the same keys play the same game."""
    monkeypatch.setattr(HeadlessInSeattleScreen, "TICK", None)
    monkeypatch.setattr(HeadlessInSeattleScreen, "PACE_SEED", 1)


def arena(screen) -> list[str]:
    return [line for line in shown(screen.query_one("#hs-arena")).split("\n") if line.strip()]


def head_text(screen) -> str:
    return arena(screen)[0]


def seat_text(screen, seat: int) -> str:
    return "\n".join(arena(screen)[1 + 2 * seat: 3 + 2 * seat])


def live_app(make_app, store, seed: int = 3, players=("Ada", "Bo", "Cy", "Dee"), computer=(2, 3), **options):
    session = Session.new(GAME, list(players), seed, {"pace": "fast", **options}, computer=list(computer),
                          store=store)
    session.release()
    return make_app(start={"save": session.save_id})


async def test_the_setup_offers_real_time_and_turns_and_the_pace(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, GAME)
        text = screen_text(app)
        assert "How to play" in text and "Computer pace" in text
        assert setup.query_one("#opt-mode").value == "realtime"


async def test_two_people_and_two_computers_play_in_real_time_by_their_zones_to_the_results(make_app, store):
    app = live_app(make_app, store)
    rnd = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, HeadlessInSeattleScreen) and screen.live
        assert_fits(screen, "#hs-arena")
        game = screen.session.game
        # each person's zone drawn beside their seat; the computers' seats say so
        assert screen.zones == {0: ZONES[0], 1: ZONES[1]}
        ada, bo = seat_text(screen, 0), seat_text(screen, 1)
        assert "z◀ x▶" in ada and "cJ vQ bK" in ada and "n◀ m▶" in bo and ",J .Q /K" in bo
        assert "(computer)" in seat_text(screen, 2)
        # the card in every hand is on the shared screen
        for seat in range(4):
            assert game.hands[seat].code[:-1] in seat_text(screen, seat)
        assert_sees_only(app, screen.session, None)  # the order of every deck, from everyone
        # opened from its save, the game waits for space
        assert screen.state == PAUSED and "space starts the fight" in head_text(screen)
        await pilot.press("c")
        screen.tick(5.0)
        assert game.history == []
        await pilot.press("space")
        await settle(pilot)
        # the countdown: the zones wait, the computers too
        assert screen.state == COUNTDOWN and "Get ready: 3" in head_text(screen)
        await pilot.press("c", "/")
        screen.tick(1.0)
        await settle(pilot)
        assert "Get ready: 2" in head_text(screen) and game.history == []
        screen.tick(2.0)
        await settle(pilot)
        assert screen.state == RUNNING and "Fight!" in head_text(screen)
        # Ada aims at Bo (the next seat) and plays on his King; Bo aims back at himself and defends
        await pilot.press("b")
        assert game.history[-1] == (0, game.history[-1][1]) and game.history[-1][1].args == (1, "K")
        assert "on Bo's K" in head_text(screen)
        await pilot.press("n", "/")
        assert game.history[-1][0] == 1 and game.history[-1][1].args == (1, "K")
        # defending twice is refused, with the person's name and the reason
        await pilot.press("/")
        await settle(pilot)
        assert "Bo: Your King already has its Defense card" in head_text(screen)
        assert len(game.history) == 2
        # the computers play when their time comes, one card each at most for a tick
        screen.tick(5.0)
        await settle(pilot)
        assert {s for s, _ in game.history[2:]} == {2, 3} and len(game.history) == 4
        assert_sees_only(app, screen.session, None)
        # then everyone as fast as they like, to the end
        for _ in range(200):
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.press(rnd.choice("zxcvbcvbcvb"), rnd.choice("nm,./,./,./"))
            if rnd.random() < 0.3:
                screen.tick(1.0)
            await pilot.pause()
        await settle(pilot, 3)
        assert isinstance(app.screen, ResultsScreen)
        rows = standings_rows(app)
        assert {r[1].split(" (")[0] for r in rows} == {"Ada", "Bo", "Cy", "Dee"}
        assert game.outcome() is not None and max(game.played) == 10
        assert {s for s, _ in game.history} == {0, 1, 2, 3}
    # the record is the order of the plays: it replays to the same end
    again = type(game).from_record(game.record())
    assert again.outcome().standings == game.outcome().standings
    assert store.unfinished() == []


async def test_the_pause_freezes_everybody_and_gives_the_usual_keys_back(make_app, store):
    app = live_app(make_app, store, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        await pilot.press("space")
        screen.tick(3.0)
        await settle(pilot)
        assert screen.state == RUNNING
        # while the fight runs the usual keys do nothing (the zones and space are all there is)
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen is screen
        assert "Pause" in screen_text(app) and "Rules" not in shown(app.screen.query_one("KeyBar"))
        await pilot.press("space")
        await settle(pilot)
        assert screen.state == PAUSED and "space starts the fight" in head_text(screen)  # nothing played yet
        # paused: no zone plays, no computer plays
        await pilot.press("c", "v", "/", ".")
        screen.tick(10.0)
        await settle(pilot)
        assert game.history == []
        # the usual keys are back
        assert "Rules" in shown(app.screen.query_one("KeyBar"))
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen) and "zone 1: z x aim" in " ".join(screen_text(app).split())
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and screen.state == PAUSED
        # space resumes, after a countdown
        await pilot.press("space")
        await settle(pilot)
        assert screen.state == COUNTDOWN
        await pilot.press("c")
        assert game.history == []
        screen.tick(3.0)
        await pilot.press("c")
        await settle(pilot)
        assert screen.state == RUNNING and game.history[0][0] == 0


async def test_a_game_in_turns_goes_round_the_curtain_and_shows_nobody_the_other_s_card(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 5, {"mode": "turns"}, store=store)
    session.autoplay(12)  # the last eight cards through the screen
    session.release()
    app = make_app(start={"save": session.save_id})
    rnd = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        lifted = await play_through_the_curtain(pilot, app, HeadlessInSeattleScreen,
                                                lambda screen, actions: rnd.choice(actions), steps=400)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
        assert game.played == [10, 10] and len(game.history) == 20
    assert set(lifted) == {"Ada", "Bo"}


async def test_more_people_than_zones_play_one_at_a_time_in_the_clock_s_order(make_app, store):
    app = live_app(make_app, store, seed=6, players=("Ada", "Bo", "Cy", "Dee", "Eve"), computer=())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, HeadlessInSeattleScreen) and not screen.live
        game = screen.session.game
        first = game.to_act()[0]
        actions = screen.query_one("#actions").actions
        assert actions and {a.seat for a in actions} == {first}
        assert "Defend your Jack" in [a.label for a in actions]
        await pilot.press(actions[-1].key)
        await settle(pilot)
        assert game.history[0][0] == first
        assert "Attack" in log_text(screen) or "attacks" in log_text(screen)
