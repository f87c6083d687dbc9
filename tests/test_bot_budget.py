"""Every searching computer player answers within the time it is given (`Bot.time_budget`), read on
its clock (`Bot.clock`), with a legal move, however little time that is; and, given time enough, the
move it always made (the moves below are those of the players before they read a clock).

The clock here is a fake one that moves on a fixed step each time it is read: what a player does in
its time is counted in readings, never measured."""

from __future__ import annotations

import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.base import Bot, Knowledge
from tabletop_tui.bots.search import SearchBot
from tabletop_tui.rules.engine import Game, Move

INFO = {info.id: info for info in catalog.GAMES}
STEP = 2**-10  # seconds the fake clock moves on at each reading (about a millisecond, exact in floats)


class StepClock:
    """A clock that moves on `step` seconds each time it is read."""

    def __init__(self, step: float = STEP):
        self.now = 100.0
        self.step = step
        self.readings: list[float] = []

    def __call__(self) -> float:
        self.now += self.step
        self.readings.append(self.now)
        return self.now


def position(game_id: str, players: int, seed: int, moves: int) -> Game:
    """A seeded game after `moves` random moves."""
    cls = INFO[game_id].rules_class()
    game = cls([f"P{i}" for i in range(players)], seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        seat = game.to_act()[0]
        game.play(seat, rnd.choice(game.legal_moves(seat)))
    return game


#: (game, players, seed, random moves first, the move its computer player (seed 7) made there)
CASES = [
    ("land-grab", 2, 4, 12, Move("move", ("b3", "b4"))),
    ("putwoodys-castle", 3, 1, 9, Move("place", ("yellow", "b2"))),
    ("nickies-castle", 2, 2, 8, Move("place", ("red", "b2"))),
    ("hermans-castle", 4, 3, 10, Move("place", ("blue", "f1"))),
    ("queensland", 2, 5, 12, Move("move", (44, 42))),
]
SEARCH_CASE = ("shipwreck", 3, 2, 6, Move("raise", ("10H",)))  # hidden hands; SearchBot, 40 deals
IDS = [case[0] for case in CASES] + ["shipwreck-searchbot"]


def player(case) -> tuple[Game, int, Bot]:
    game_id, players, seed, moves, _ = case
    game = position(game_id, players, seed, moves)
    seat = game.to_act()[0]
    if case is SEARCH_CASE:
        return game, seat, SearchBot(seat, 7, iterations=40)
    return game, seat, INFO[game_id].bot_class()(seat, 7)


@pytest.mark.parametrize("case", CASES + [SEARCH_CASE], ids=IDS)
@pytest.mark.parametrize("budget", [20 * STEP, 2 * STEP, STEP / 2])
def test_it_answers_with_a_legal_move_within_its_budget(case, budget):
    game, seat, bot = player(case)
    bot.clock = clock = StepClock()
    bot.time_budget = budget
    move = bot.decide(Knowledge(game, seat))
    assert move in game.legal_moves(seat)
    start, last = clock.readings[0], clock.readings[-1]
    # it searched until the time was up (the budget binds here: it would search on), and no longer:
    # the reading that finds the time up is the last
    assert start + budget <= last < start + budget + STEP
    assert all(r < start + budget for r in clock.readings[:-1])


@pytest.mark.parametrize("case", CASES + [SEARCH_CASE], ids=IDS)
def test_given_time_enough_it_makes_the_move_it_always_made(case):
    game, seat, bot = player(case)
    bot.clock = clock = StepClock()
    bot.time_budget = 10**9
    assert bot.decide(Knowledge(game, seat)) == case[-1]
    assert clock.readings  # it read the clock (and the time was not up)


def test_a_budget_in_between_plays_more_than_a_small_one():
    # the search does more the more time it has: the Land Grab player at three budgets, counted in
    # readings of the clock (one every few dozen positions)
    readings = []
    for budget in (5 * STEP, 50 * STEP, 500 * STEP):
        game, seat, bot = player(CASES[0])
        bot.clock = clock = StepClock()
        bot.time_budget = budget
        bot.decide(Knowledge(game, seat))
        readings.append(len(clock.readings))
    assert readings[0] < readings[1] < readings[2]


def test_players_that_do_not_search_never_read_the_clock():
    game = position("pontifuse", 2, 1, 3)
    seat = game.to_act()[0]
    bot = INFO["pontifuse"].bot_class()(seat, 7)
    bot.clock = clock = StepClock()
    assert bot.decide(Knowledge(game, seat)) in game.legal_moves(seat)
    assert clock.readings == []


def test_searchbot_stops_a_long_playout_when_the_time_is_up(monkeypatch):
    # Thief in the Night's games are long: a deal's playout is 300 moves (about 50 ms). It is played in
    # pieces of `rollout_piece` moves, the clock read between them; once a reading finds the time up no
    # move is played, and the unfinished deal counts for nothing
    game = position("thief-in-the-night", 2, 3, 10)
    seat = game.to_act()[0]
    cls = type(game)
    calls = []  # (the clock's readings so far, the moves asked for, the moves played)
    real = cls.rollout

    def rollout(self, rnd, limit):
        played = real(self, rnd, limit)
        calls.append((len(clock.readings), limit, played))
        return played

    monkeypatch.setattr(cls, "rollout", rollout)
    bot = SearchBot(seat, 7)
    bot.clock = clock = StepClock()
    bot.time_budget = 6 * STEP  # found up at the sixth reading after the deadline was set
    assert bot.decide(Knowledge(game, seat)) in game.legal_moves(seat)
    first_deal = [c for c in calls if c[0] == 1]
    assert first_deal == [(1, SearchBot.rollout_moves, SearchBot.rollout_moves)]  # played out whole
    later = calls[len(first_deal):]
    assert later and all(limit <= SearchBot.rollout_piece for _, limit, _ in later)
    # the last reading found the time up, and no piece was played after it: the time ran out mid-playout
    assert clock.readings[-1] >= clock.readings[0] + bot.time_budget
    assert later[-1][0] == len(clock.readings) - 1 and later[-1][2] == SearchBot.rollout_piece
