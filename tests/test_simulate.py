"""`simulate` as a measurement: wins by seat and by turn position, draws, lengths, and what it refuses."""

from __future__ import annotations

import re

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.base import Bot
from tabletop_tui.rules.engine import Game, Move, Option, Outcome, Standing, rank_standings
from tabletop_tui.simulate import report, simulate

GO = Move("go")


class FirstMoverWins(Game):
    """A table where the first player is drawn at random and every player moves once, in seat order
    from the first. The player who moved first wins; with `draw` on, the first two share first place;
    with `nobody` on, nobody wins (the places start at 2)."""

    id = "first-mover"
    title = "First Mover"
    min_players = 2
    max_players = 5
    length_unit = "turns"
    OPTIONS = (Option("draw", "Draw", "bool", False), Option("nobody", "Nobody wins", "bool", False))

    def __init__(self, players, seed=0, **options):
        super().__init__(players, seed, **options)
        self.first = self.rng.below(len(self.players))
        self.moved = 0

    def _seat(self, k: int) -> int:
        return (self.first + k) % len(self.players)

    def to_act(self):
        return [] if self.moved == len(self.players) else [self._seat(self.moved)]

    def legal_moves(self, seat):
        return [GO] if seat in self.to_act() else []

    def _apply(self, seat, move):
        self.moved += 1
        return []

    def view(self, seat):
        return {}

    def length(self):
        return self.moved

    def outcome(self):
        if self.moved < len(self.players):
            return None
        n = len(self.players)
        keys = [(2,) if s == self.first or (self.options["draw"] and s == self._seat(1)) else (1,) for s in range(n)]
        standings = rank_standings(self.players, keys, [k[0] for k in keys])
        if self.options["nobody"]:
            standings = [Standing(st.seat, st.name, st.place + 1, st.score) for st in standings]
        return Outcome(standings, "")


class GoBot(Bot):
    def choose(self, view, moves):
        return moves[0]


@pytest.fixture
def first_mover(monkeypatch):
    info = catalog.get("pontifuse")._replace(id="first-mover", title="First Mover", min_players=2, max_players=5,
                   rules=f"{__name__}:FirstMoverWins", bot=f"{__name__}:GoBot")
    real = catalog.get
    monkeypatch.setattr(catalog, "get", lambda game_id: info if game_id == "first-mover" else real(game_id))
    return info


def test_wins_by_position_count_the_turn_order_not_the_seat(first_mover):
    result = simulate("first-mover", 60, 4, seed=5)
    assert result["finished"] == 60 and result["draws"] == 0
    assert result["wins_by_position"] == {"1": 60, "2": 0, "3": 0, "4": 0}
    assert sum(result["wins_by_seat"].values()) == 60
    assert max(result["wins_by_seat"].values()) < 60  # the first player is drawn: seats share the wins
    assert result["median_length"] == 4 and result["length_unit"] == "turns"
    text = report(result)
    assert "median length of a finished game: 4 turns" in text
    assert re.search(r"\b1st\s+60$", text, re.M) and re.search(r"\b4th\s+0$", text, re.M)


def test_a_shared_first_place_is_a_draw_and_no_win(first_mover):
    result = simulate("first-mover", 30, 3, seed=1, options={"draw": True})
    assert result["finished"] == 30 and result["draws"] == 30 and result["no_winner"] == 0
    assert sum(result["wins_by_seat"].values()) == 0
    assert sum(result["wins_by_position"].values()) == 0
    assert "(drawn 30, no winner 0)" in report(result)


def test_a_game_nobody_won_is_counted_apart_neither_a_win_nor_a_draw(first_mover):
    for draw in (False, True):  # nobody placed first: whether the best places were shared or not
        result = simulate("first-mover", 20, 3, seed=2, options={"draw": draw, "nobody": True})
        assert result["finished"] == 20 and result["no_winner"] == 20 and result["draws"] == 0
        assert sum(result["wins_by_seat"].values()) == sum(result["wins_by_position"].values()) == 0
        assert "(drawn 0, no winner 20)" in report(result)


REFEREED = {"table": "real"}  # the referee's entries: no physics to wait for (the table's are its own tests')


def test_a_lost_game_of_one_ball_has_no_winner():
    result = simulate("one-ball", 10, seed=0, options=REFEREED)
    lost = sum(1 for g in range(10) if _one_ball_lost(g))
    assert 0 < lost < 10  # the seeds hold both: a table cleared and a game lost
    assert result["finished"] == 10 and result["no_winner"] == lost and result["draws"] == 0
    assert result["wins_by_seat"] == {"1": 10 - lost}


def _one_ball_lost(seed):
    from tabletop_tui.simulate import play_one

    info = catalog.get("one-ball")
    bots = {0: info.bot_class()(0, seed)}
    bots[0].time_budget = float("inf")
    game, _ = play_one(info, ["Seat 1"], seed, dict(REFEREED), bots, info.rules_class().move_limit)
    return game.outcome().standings[0].place != 1


@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
def test_the_turn_order_of_each_game_starts_with_its_first_player(game_id):
    from tabletop_tui.bots.base import RandomBot
    from tabletop_tui.simulate import play_one

    info = catalog.get(game_id)
    rules = info.rules_class()
    n = rules.min_players
    bots = {s: RandomBot(s, 3) for s in range(n)}  # the order is the rules', whoever chooses the moves
    # options with which random play ends (as the contract's random games have)
    options = {"pontifuse": {"replay_limit": 2}, "monster-builder": {"rounds": 12}}.get(info.id, {})
    game, capped = play_one(info, [f"P{s}" for s in range(n)], 3, options, bots, rules.move_limit)
    assert not capped
    order = game.turn_order()
    assert sorted(order) == list(range(n)), info.id
    assert game.length() >= 1
    if info.id == "pontifuse":
        marks = [seat for seat, move in game.history if move.kind == "place"]
        assert order[0] == marks[-9]  # the Resonade of the last board (a full board ends it) marked first
    elif info.id == "king-of-the-beach":  # the pyramid's spaces at the start, the top first
        fresh = rules([f"P{s}" for s in range(n)], 3, **options)
        assert order == sorted(range(n), key=fresh.spaces.index)
        assert order[-1] == game.history[0][0]  # the auction starts from the lowest space
    elif info.id == "dungeon-crawl":  # the characters are built in seat order first: no turns; then the
        # first player is drawn, and the first turn is the first move after the building
        builds = ("suggest", "heart", "club", "spade")
        assert order[0] == next(seat for seat, move in game.history if move.kind not in builds)
    elif info.id != "ten-die-poker":  # poker has no seat order: the worst hand acts
        assert order[0] == game.history[0][0], info.id


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 1}, "takes 2-8 players, not 1"),
    ({"players": 0}, "not 0"),
    ({"games": 0}, "--games must be at least 1"),
    ({"limit": 0}, "--limit must be at least 1"),
    ({"options": {"nope": 1}}, "unknown option 'nope'"),
    ({"options": {"points": "lots"}}, "whole number"),
])
def test_what_cannot_be_run_is_refused_before_any_game(kwargs, words):
    args = {"games": 3, "players": 2} | kwargs
    with pytest.raises(ValueError, match=words):
        simulate("thief-dice", args.pop("games"), **args)


def test_options_that_do_not_go_together_are_refused_once():
    with pytest.raises(ValueError, match="cannot be more than the starting chips"):
        simulate("ten-die-poker", 5, 4, options={"ante": 20, "chips": 10})


def test_two_computer_players_finish_every_game_of_pontifuse():
    result = simulate("pontifuse", 200)
    assert result["finished"] == 200 and result["capped"] == 0 and result["errors"] == []
    assert result["draws"] == 200 and result["wins_by_seat"] == {"1": 0, "2": 0}
    assert result["median_length"] == 3 and result["length_unit"] == "boards"
