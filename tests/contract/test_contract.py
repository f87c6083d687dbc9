"""The rules contract, checked for every game of the catalog by its entry alone.

For each game: a record turned into JSON and back rebuilds the same game (every seat's view, log and
legal moves); a copy and its original go their own ways; seeded random games end within the game's
`move_limit`, with the seats it waits for holding moves and the others none, and once over nothing
is legal and `play` says so; the standings name every seat once; each seat's computer player
(`info.bot_class()(seat, seed)`) makes only legal moves through whole games and beats random players.
How many games each check plays is said in one place: contract_games.PLANS. The refusal of garbage
moves and the leak check, over the same catalog, are test_garbage_moves.py and test_hidden_cards.py
beside this file.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.base import Knowledge, RandomBot
from tabletop_tui.rules.engine import IllegalMove, Move, log_for

from contract_games import INTERJECTS, INVARIANTS, PLANS, options, plan, players
from hidden_game import INFO, Draw, DrawBot

GAMES = catalog.GAMES
IDS = [info.id for info in GAMES]
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hu"]


def names(n: int) -> list[str]:
    return NAMES[:n]


def everything(game) -> tuple:
    """All that anyone may learn of the game: its record, every seat's view, log and legal moves, who
    is to act, the outcome and the undo status."""
    seats = [None, *range(len(game.players))]
    return (game.record(), [game.view(s) for s in seats],
            [[(e.text, e.kind, e.seat) for e in log_for(game.log, s)] for s in seats],
            [game.legal_moves(s) for s in seats[1:]], game.to_act(), game.outcome(), game.undo_status())


def step(game, rnd: random.Random, interjects: bool) -> tuple[int, object]:
    """A random legal move: of a seat the game waits for, or now and then (where the game allows it)
    of a seat that may move without being waited for."""
    acting = game.to_act()
    if interjects and rnd.random() < 0.1:
        others = [s for s in range(len(game.players)) if s not in acting and game.legal_moves(s)]
        if others:
            seat = rnd.choice(others)
            return seat, rnd.choice(game.legal_moves(seat))
    seat = rnd.choice(acting)
    return seat, rnd.choice(game.legal_moves(seat))


def random_game(info, seed: int):
    """Random game `seed` of `info`: its table, options and the random stream of its moves."""
    cls = info.rules_class()
    game = cls(names(players(cls, seed)), seed, **options(cls, seed, plan(info.id).options))
    return game, random.Random(f"{info.id} {seed}")


def play_out(game, rnd: random.Random, interjects: bool, limit: int | None = None) -> None:
    limit = game.move_limit if limit is None else limit
    while game.outcome() is None and len(game.history) < limit:
        game.play(*step(game, rnd, interjects))


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_random_games_keep_the_contract_and_end(info):
    cls = info.rules_class()
    interjects = info.id in INTERJECTS
    check = INVARIANTS.get(info.id)
    for seed in range(plan(info.id).random_games):
        game, rnd = random_game(info, seed)
        n = len(game.players)
        where = f"{info.id} seed {seed}"
        while game.outcome() is None:
            assert len(game.history) < cls.move_limit, f"{where}: no end within {cls.move_limit} moves"
            acting = game.to_act()
            assert acting and len(set(acting)) == len(acting), f"{where}: to_act {acting}"
            for s in range(n):
                moves = game.legal_moves(s)
                if s in acting:
                    assert moves, f"{where}: seat {s} is to act and has no legal move"
                    assert len(set(moves)) == len(moves), f"{where}: seat {s} is offered a move twice"
                elif not interjects:
                    assert moves == [], f"{where}: seat {s} is not to act, yet has moves"
            seat, move = step(game, rnd, interjects)
            game.play(seat, move)
            if check:
                check(game)
        out = game.outcome()
        assert game.to_act() == [], where
        assert all(game.legal_moves(s) == [] for s in range(n)), where
        for s in range(n):
            with pytest.raises(IllegalMove, match="The game is over."):
                game.play(s, move)
        standings = out.standings
        assert sorted(st.seat for st in standings) == list(range(n)), where
        assert all(st.name == game.players[st.seat] for st in standings), where
        places = [st.place for st in standings]
        # the places start at 1, or at 2 where nobody won (a robot on top, a game that beat its one player)
        start = 2 if out.nobody_won else 1
        assert places[0] == start and places == sorted(places), where
        assert all(start <= p <= i + start for i, p in enumerate(places)), where
        assert out.winners in ([], [standings[0].seat]) and out.summary, where
        if out.nobody_won:
            assert out.first == out.winners == out.drawn == [] and out.winner is None, where


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_record_in_json_rebuilds_the_same_game(info):
    """At the start, early, half-way, at the last move and once over."""
    cls = info.rules_class()
    interjects = info.id in INTERJECTS
    for seed in range(2):
        game, rnd = random_game(info, seed)
        full = game.copy()
        play_out(full, rnd, interjects)
        moves = full.history
        stops = sorted({0, 1, 3, len(moves) // 2, len(moves) - 1, len(moves)})
        for i, (seat, move) in enumerate([*moves, (None, None)]):
            if i in stops:
                record = json.loads(json.dumps(game.record()))
                rebuilt = cls.from_record(record)
                assert everything(rebuilt) == everything(game), f"{info.id} seed {seed}, move {i}"
            if seat is not None:
                game.play(seat, move)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_copy_and_its_original_go_their_own_ways(info):
    """A copy played to the end leaves the original as it was, and the original played on leaves the
    copy; each then is the game its record rebuilds."""
    cls = info.rules_class()
    interjects = info.id in INTERJECTS
    for seed in range(2):
        game, rnd = random_game(info, seed)
        play_out(game, rnd, interjects, limit=7 + seed * 20)
        for watch in (False, True):
            before = copy.deepcopy(everything(game))
            other = game.copy(watch=watch)
            assert everything(other) == before
            play_out(other, random.Random(seed), interjects)
            assert everything(game) == before, f"{info.id} seed {seed}: the copy changed its original"
            assert everything(cls.from_record(other.record()))[:6] == everything(other)[:6]
        kept = game.copy()
        before = copy.deepcopy(everything(kept))
        play_out(game, rnd, interjects)
        assert everything(kept) == before, f"{info.id} seed {seed}: the original changed its copy"
        assert everything(cls.from_record(game.record())) == everything(game)


def computer(info, seat: int, seed: int):
    """Seat `seat`'s computer player, with the search budget of the game's plan where it names one."""
    bot = info.bot_class()(seat, seed)
    budget = plan(info.id).bot_budget
    if budget is not None:
        assert hasattr(bot, "budget"), f"{info.id}'s computer player has no budget to set"
        bot.budget = budget
    return bot


def play_bots(info, game, bots: dict, where: str) -> None:
    """Plays the game to its end by `bots` (seat -> bot), every move checked to be legal."""
    cls = type(game)
    while game.outcome() is None:
        assert len(game.history) < cls.move_limit, f"{where}: no end within {cls.move_limit} moves"
        waiting = game.to_act()
        choice = None
        for seat, bot in bots.items():  # first any move a seat makes without being waited for
            if seat not in waiting and game.legal_moves(seat):
                move = bot.interject(game.view(seat), game.legal_moves(seat))
                if move is not None:
                    choice = seat, move
                    break
        if choice is None:
            seat = waiting[0]
            choice = seat, bots[seat].decide(Knowledge(game, seat))
        seat, move = choice
        assert move in game.legal_moves(seat), f"{where}: seat {seat}'s computer player chose {move}"
        game.play(seat, move)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_computer_players_choose_only_legal_moves(info):
    cls = info.rules_class()
    for seed in range(plan(info.id).bot_games):
        n = players(cls, seed + 1)
        game = cls(names(n), seed, **options(cls, seed, plan(info.id).options))
        play_bots(info, game, {s: computer(info, s, seed) for s in range(n)}, f"{info.id} seed {seed}")


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_computer_player_beats_random_players(info):
    cls = info.rules_class()
    p = plan(info.id)
    if p.no_beat:
        pytest.skip(p.no_beat)
    n = max(cls.min_players, min(p.beat_players, cls.max_players))
    wins = 0
    for seed in range(p.beat_games):
        me = seed % n
        game = cls(names(n), seed, **p.options)
        bots = {s: computer(info, s, seed) if s == me else RandomBot(s, seed) for s in range(n)}
        play_bots(info, game, bots, f"{info.id} seed {seed}")
        wins += _alone_ahead(game.outcome(), me)
    assert wins * n > p.beat_games and wins >= p.beat_share * p.beat_games, \
        f"{info.id}: the computer player won {wins} of {p.beat_games}"


def _alone_ahead(out, seat):
    """Whether `seat` finished ahead of every other seat: the winner, or, where nobody won, the one seat
    placed best (Magic Hate Ball's last one standing, who outlasted every opponent but won nothing)."""
    best = out.standings[0]
    return best.seat == seat and sum(st.place == best.place for st in out.standings) == 1


def test_the_plans_name_games_of_the_catalog():
    assert set(PLANS) <= set(IDS)
    assert set(INVARIANTS) <= set(IDS) and INTERJECTS <= set(IDS)


# --------------------------------------------------------------------------------------------
# the contract finds what it is there to find: games built to break it, one way each


class Shallow(Draw):
    """Its copies share its hands."""

    def _copy_state(self, state):
        super()._copy_state(state)
        state["hands"] = self.hands


class Moody(Draw):
    """Its view holds a value that its record does not keep (how many tables were set before it)."""

    tables = 0

    def __init__(self, players, seed=0, **options):
        super().__init__(players, seed, **options)
        Moody.tables += 1
        self.mood = Moody.tables

    def view(self, seat):
        return dict(super().view(seat), mood=self.mood)


class Busy(Draw):
    """Offers every seat a draw, its turn or not."""

    def legal_moves(self, seat):
        return [Move("draw")] if self.draws < 6 else []


class Endless(Draw):
    """Never ends (within its move limit)."""

    move_limit = 40

    def outcome(self):
        return None


class RecklessBot(DrawBot):
    def choose(self, view, moves):
        return Move("fly")


def _broken(rules: str = "Draw", bot: str = "hidden_game:DrawBot"):
    return INFO._replace(id=f"{rules.lower()}-test", rules=f"test_contract:{rules}", bot=bot)


BROKEN = {
    "copies share state": (_broken("Shallow"), test_a_copy_and_its_original_go_their_own_ways),
    "a view its record cannot rebuild": (_broken("Moody"), test_a_record_in_json_rebuilds_the_same_game),
    "moves for a seat not to act": (_broken("Busy"), test_random_games_keep_the_contract_and_end),
    "no end": (_broken("Endless"), test_random_games_keep_the_contract_and_end),
    "a computer player's illegal move": (_broken(bot="test_contract:RecklessBot"),
                                         test_computer_players_choose_only_legal_moves),
}


@pytest.mark.parametrize("flaw", BROKEN)
def test_the_contract_finds_a_game_that_breaks_it(flaw):
    info, check = BROKEN[flaw]
    with pytest.raises(AssertionError):
        check(info)


def test_a_sound_game_keeps_the_contract():
    for check in (test_random_games_keep_the_contract_and_end, test_a_record_in_json_rebuilds_the_same_game,
                  test_a_copy_and_its_original_go_their_own_ways, test_computer_players_choose_only_legal_moves):
        check(_broken("Draw"))
