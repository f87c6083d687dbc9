"""How well the computer players play: easy, normal or hard (`Bot.set_level`).

A level is a time budget (0.1 s, 0.5 s, 2 s) and the limits of the player's own search, so that where
the time does not bind (simulations, every test here but the clock's) the levels still differ. Work is
counted (positions, deals, turns searched), never timed; the clock is a fake one."""

from __future__ import annotations

import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots import castles, land_grab, queensland
from tabletop_tui.bots.base import LEVELS, TIME_BUDGET, Bot, Knowledge, RandomBot
from tabletop_tui.bots.pontifuse import PontifuseBot
from tabletop_tui.bots.search import SearchBot
from tabletop_tui.rules.engine import Game
from tabletop_tui.session import LEVEL_SETTING, Session
from tabletop_tui.simulate import simulate

INFO = {info.id: info for info in catalog.GAMES}


class StepClock:
    """A clock that moves on `step` seconds each time it is read."""

    def __init__(self, step: float):
        self.now = 100.0
        self.step = step
        self.readings: list[float] = []

    def __call__(self) -> float:
        self.now += self.step
        self.readings.append(self.now)
        return self.now


def position(game_id: str, players: int, seed: int, moves: int) -> Game:
    """A seeded game after `moves` random moves."""
    game = INFO[game_id].rules_class()([f"P{i}" for i in range(players)], seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        seat = game.to_act()[0]
        game.play(seat, rnd.choice(game.legal_moves(seat)))
    return game


#: (game, players, seed, random moves first, searching with SearchBot): positions in the middle of a game
SEARCHERS = {
    "land-grab": ("land-grab", 2, 4, 12, False),
    "castles": ("putwoodys-castle", 3, 1, 9, False),
    "queensland": ("queensland", 2, 5, 12, False),
    "searchbot": ("shipwreck", 3, 2, 6, True),
}


def player(name: str) -> tuple[Game, int, Bot]:
    game_id, players, seed, moves, search = SEARCHERS[name]
    game = position(game_id, players, seed, moves)
    seat = game.to_act()[0]
    bot = SearchBot(seat, 7) if search else INFO[game_id].bot_class()(seat, 7)
    return game, seat, bot


def test_the_levels_are_the_time_budgets_of_the_issue(monkeypatch):
    monkeypatch.setattr(Bot, "time_budget", TIME_BUDGET)  # the table's budget (tests lift it)
    seconds = {}
    for level in LEVELS:
        bot = INFO["land-grab"].bot_class()(0, 1)
        assert bot.set_level(level) == level
        seconds[level] = bot.time_budget
    assert seconds == {"easy": 0.1, "normal": 0.5, "hard": 2.0}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", list(SEARCHERS))
def test_each_level_answers_within_its_own_budget(monkeypatch, name, level):
    monkeypatch.setattr(Bot, "time_budget", TIME_BUDGET)
    game, seat, bot = player(name)
    bot.set_level(level)
    budget = bot.time_budget
    bot.clock = clock = StepClock(budget / 2)  # two readings after the first and the level's time is up
    move = bot.decide(Knowledge(game, seat))
    assert move in game.legal_moves(seat)
    start, last = clock.readings[0], clock.readings[-1]
    up = start + budget - 1e-9  # (the level's seconds are not exact in binary)
    # the budget bound (the search would have gone on), and the reading that found it spent was the last
    assert up <= last < up + clock.step
    assert all(r < up for r in clock.readings[:-1])


def work_counter(monkeypatch, name: str) -> list[int]:
    """Counts the work of one decision of the player `name`: positions searched (Land Grab, Queensland,
    the Castles) or games dealt (SearchBot)."""
    count = [0]

    def counting(cls, method):
        real = getattr(cls, method)

        def counted(self, *args, **kwargs):
            count[0] += 1
            return real(self, *args, **kwargs)

        monkeypatch.setattr(cls, method, counted)

    if name == "land-grab":
        counting(land_grab.Searcher, "search")
    elif name == "queensland":
        counting(queensland.Search, "search")
    elif name == "castles":
        real_best = castles.CastleSearch.best

        def best(self, *args, **kwargs):
            try:
                return real_best(self, *args, **kwargs)
            finally:
                count[0] += self.nodes

        monkeypatch.setattr(castles.CastleSearch, "best", best)
    else:
        counting(Knowledge, "sample")
    return count


@pytest.mark.parametrize("name", list(SEARCHERS))
def test_hard_searches_more_than_normal_and_normal_more_than_easy(monkeypatch, name):
    work = {}
    for level in LEVELS:
        monkeypatch.undo()
        count = work_counter(monkeypatch, name)
        game, seat, bot = player(name)
        bot.set_level(level)  # the time is unlimited here (conftest): only the level's own limits bind
        bot.decide(Knowledge(game, seat))
        work[level] = count[0]
    assert 0 < work["easy"] < work["normal"] < work["hard"], work


def test_a_level_a_player_lacks_is_the_nearest_it_has():
    pontifuse = PontifuseBot(0, 1)
    assert PontifuseBot.levels == ("easy", "normal")  # it plays perfectly: there is no harder
    assert pontifuse.set_level("hard") == "normal" and pontifuse.blunders == 0
    assert pontifuse.set_level("easy") == "easy" and pontifuse.blunders > 0
    one = INFO["thief-dice"].bot_class()(0, 1)
    assert len(one.levels) == 1
    assert [one.set_level(level) for level in LEVELS] == ["normal"] * 3
    with pytest.raises(ValueError, match="easy, normal, hard"):
        RandomBot(0, 1).set_level("expert")


def test_searchbot_given_its_deals_keeps_them_at_every_level():
    bot = SearchBot(0, 1, iterations=40)
    for level in LEVELS:
        bot.set_level(level)
        assert bot.iterations == 40
    assert SearchBot(0, 1).set_level("hard") == "hard"


def pontifuse_choices(level: str, seeds: range) -> list[bool]:
    """Whether each Pontifuse player (one per seed) marked a territory of the best value, from a board
    where some territories are worse than others."""
    game = position("pontifuse", 2, 3, 0)
    while game.view(None)["phase"] != "place":
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])
    rnd = random.Random(4)
    for _ in range(3):
        seat = game.to_act()[0]
        game.play(seat, rnd.choice(game.legal_moves(seat)))
    seat = game.to_act()[0]
    view, moves = game.view(seat), game.legal_moves(seat)
    best = {PontifuseBot(seat, s).choose(view, moves) for s in range(200)}  # the best, among equals
    assert len(best) < len(moves), "the board has no worse territory to tell a blunder by"
    out = []
    for s in seeds:
        bot = PontifuseBot(seat, s)
        bot.set_level(level)
        out.append(bot.choose(view, moves) in best)
    return out


def test_pontifuse_at_easy_marks_a_territory_at_random_a_third_of_the_time():
    assert all(pontifuse_choices("normal", range(300)))
    easy = pontifuse_choices("easy", range(300))
    blunders = easy.count(False) / len(easy)
    assert 0.1 < blunders < 1 / 3  # a random territory is sometimes a best one too


def test_pontifuse_easy_loses_to_normal_in_simulate():
    figures = [simulate("pontifuse", 40, seed=1, levels={seat: "easy"}) for seat in (0, 1)]
    # easy in seat 1, then in seat 2: normal wins more in both
    assert figures[0]["wins_by_seat"]["2"] > figures[0]["wins_by_seat"]["1"]
    assert figures[1]["wins_by_seat"]["1"] > figures[1]["wins_by_seat"]["2"]
    assert figures[0]["levels"] == {"1": "easy", "2": "normal"}


def test_simulate_levels_differ_by_their_limits_and_replay_the_same():
    # the time is unlimited in simulate: the levels differ by their own limits, and a seed plays alike
    easy = simulate("queensland", 2, seed=3, levels={0: "easy", 1: "easy"})
    again = simulate("queensland", 2, seed=3, levels={0: "easy", 1: "easy"})
    normal = simulate("queensland", 2, seed=3)
    assert easy["mean_score_by_seat"] == again["mean_score_by_seat"]
    assert easy["moves_per_game"] == again["moves_per_game"]
    assert (easy["mean_score_by_seat"], easy["moves_per_game"]) != (normal["mean_score_by_seat"],
                                                                    normal["moves_per_game"])
    assert easy["levels_played"] == {"1": "easy", "2": "easy"}


def test_simulate_says_which_level_a_one_level_player_plays():
    result = simulate("thief-dice", 1, seed=1, levels={0: "hard"})
    assert result["levels"] == {"1": "hard", "2": "normal"}
    assert result["levels_played"] == {"1": "normal", "2": "normal"}


@pytest.mark.parametrize("levels, message", [
    ({0: "expert"}, "seat 1: the levels are easy, normal, hard"),
    ({2: "hard"}, "there is no seat 3"),
])
def test_simulate_refuses_a_level_that_is_none(levels, message):
    with pytest.raises(ValueError, match=message):
        simulate("pontifuse", 1, levels=levels)


# -- the setting reaches the bots -----------------------------------------------------------------


def test_a_new_game_takes_the_level_of_the_settings(store):
    session = Session.new("land-grab", ["Ada", "Bo"], 3, {}, [1], store)
    assert session.level == "normal" and session.bots[1].level == "normal"
    store.set_setting(LEVEL_SETTING, "hard")
    session = Session.new("land-grab", ["Ada", "Bo"], 3, {}, [1], store)
    bot = session.bots[1]
    assert session.level == "hard" and bot.level == "hard"
    assert (bot.budget, bot.max_depth) == (land_grab.LandGrabBot.limits["hard"]["budget"], 5)
    assert Session.new("land-grab", ["Ada", "Bo"], 3, {}, [1], store, level="easy").bots[1].level == "easy"
    assert Session.new("land-grab", ["Ada", "Bo"], 3, {}, [1], None).bots[1].level == "normal"


def test_a_resumed_game_takes_the_level_of_the_settings_now(store):
    session = Session.new("queensland", ["Ada", "Bo"], 3, {}, [0, 1], store)
    for _ in range(4):
        session.play(*session.computer_move())
    store.set_setting(LEVEL_SETTING, "easy")
    resumed = Session.resume(store, session.save_id)
    assert resumed.level == "easy"
    assert {seat: (bot.level, bot.depth) for seat, bot in resumed.bots.items()} == {0: ("easy", 1), 1: ("easy", 1)}


def test_a_level_the_store_does_not_know_is_normal(store):
    store.set_setting(LEVEL_SETTING, "impossible")
    assert Session.new("land-grab", ["Ada", "Bo"], 3, {}, [1], store).bots[1].level == "normal"


async def test_the_level_is_chosen_in_the_settings_and_reaches_the_next_game(store):
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.screens.modals import SettingsScreen

    from ui_helpers import settle

    app = TabletopApp(store=store, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("o")
        await settle(pilot, 3)
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#level-normal").value
        await pilot.press("tab")  # from the pace to the level
        await settle(pilot, 2)
        assert app.focused is app.screen.query_one("#level")
        await pilot.press("right", "right", "enter")  # the cursor starts on the first, as in the pace
        await settle(pilot, 3)
        assert store.get_setting(LEVEL_SETTING) == "hard"
        assert store.get_setting("pace") is None  # the pace is its own setting
        tip = str(app.screen.query_one("#level").tooltip)
        assert "Land Grab" in tip and "Queensland" in tip and "the Castles" in tip
        assert "Thief Dice" not in tip
        await pilot.press("escape")
        await settle(pilot, 3)
    assert Session.new("nickies-castle", ["Ada", "Bo"], 3, {}, [1], store).bots[1].level == "hard"
