"""New games' seeds: 63 bits of the operating system's randomness, wherever a game is started without
one (setup, play again, the command line), and never derived from a seed the players have seen."""

from __future__ import annotations

import pytest

from tabletop_tui import cli, seeding
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.thief_dice import ThiefDiceScreen

from ui_helpers import open_setup, settle, shown, start

SEED = 2**62 + 987654321  # a seed of 63 bits, which no 31-bit seed could be


@pytest.fixture
def fixed_seed(monkeypatch):
    calls = []

    def randbits(bits: int) -> int:
        calls.append(bits)
        return SEED

    monkeypatch.setattr(seeding.secrets, "randbits", randbits)
    return calls


def test_a_new_seed_is_63_bits_of_the_systems_randomness(fixed_seed):
    assert seeding.new_seed() == SEED and fixed_seed == [63]


def test_new_seeds_spread_over_63_bits():
    seeds = [seeding.new_seed() for _ in range(64)]
    assert all(0 <= s < 2**63 for s in seeds)
    assert max(seeds) >= 2**40 and len(set(seeds)) == 64  # all below 2**40: one chance in 2**(23*64)


def test_the_command_line_plays_with_a_new_seed(fixed_seed, monkeypatch):
    started = []
    monkeypatch.setattr(cli, "_launch", lambda start: started.append(start) or 0)
    assert cli.main(["play", "thief-dice", "--players", "Ada,Bo"]) == 0
    assert started[0]["seed"] == SEED
    assert cli.main(["play", "thief-dice", "--players", "Ada,Bo", "--seed", "12"]) == 0
    assert started[1]["seed"] == 12


async def test_setup_without_a_seed_takes_a_new_one(make_app, fixed_seed):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, "thief-dice")
        screen = await start(pilot, app, ThiefDiceScreen)
        assert screen.session.game.seed == SEED


def game_session(app) -> Session:
    """The session of the game screen on top (behind its curtain, if one is down)."""
    return [s for s in app.screen_stack if isinstance(s, GameScreen)][-1].session


def finished_game(store, seed: int) -> Session:
    session = Session.new("thief-dice", ["Ada", "Bo", "Cy"], seed, {"points": 10}, [1], store, True)
    session.autoplay(session.game.move_limit)
    assert session.over()
    session.release()
    return session


async def test_play_again_from_the_results_is_a_new_deal_and_the_same_deal_is_its_own_key(make_app, store,
                                                                                          fixed_seed):
    first = finished_game(store, 5)
    app = make_app(start={"save": first.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        results = app.screen
        assert isinstance(results, ResultsScreen)
        said = " ".join(shown(results.query_one("#results-again")).split())
        assert "p: a new deal" in said and "d: the same deal again: the same cards and dice" in said
        keys = {b.description: b.key for _, b, _, _ in results.active_bindings.values() if b.show}
        assert keys["Play again"] == "p" and keys["Same deal"] == "d"
        await pilot.press("p")
        await settle(pilot, 3)
        again = game_session(app)
        # not (5 * 7919 + 1) % 2**31: a seed nobody could work out from the one shown
        assert again.game.seed == SEED and again.save_id != first.save_id
        assert (again.players, again.computer, again.game.options, again.curtain) == (
            first.players, first.computer, first.game.options, first.curtain)
    second = finished_game(store, 6)
    app = make_app(start={"save": second.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("d")
        await settle(pilot, 3)
        same = game_session(app)
        assert same.game.seed == 6 and same.save_id != second.save_id
        assert (same.players, same.computer, same.game.options) == (second.players, second.computer,
                                                                    second.game.options)
