"""Games consistent with what a seat knows (`Game.determinized`), and the one computer player that
searches them (`bots/search.py`), over every game of the catalog.

A sample must look, to its seat, exactly like the real game (its view, its moves); it must not depend
on which of the seat's hidden cards lies where (two games the seat cannot tell apart give the same
sample: the searching player cannot peek); it must deal the hidden cards anew and reseed the dice to
come. The searching player must choose legal moves in every game and beat random players."""

from __future__ import annotations

import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.base import Knowledge, RandomBot
from tabletop_tui.bots.search import SearchBot
from tabletop_tui.rules.engine import Game
from tabletop_tui.rules.hidden import token
from tabletop_tui.session import next_computer_move

from contract_games import options, players
from leak_check import pairs_for, places, swapped

CLASSES = {info.id: info.rules_class() for info in catalog.GAMES}
HIDDEN = sorted(i for i, cls in CLASSES.items() if cls.hidden_information)


def states(cls, seed: int, every: int = 7, most: int = 8):
    """Some states of one seeded random game: every `every`-th move, at most `most` of them."""
    rnd = random.Random(seed)
    game = cls([f"P{i}" for i in range(players(cls, seed))], seed, **options(cls, seed))
    found = 0
    for step in range(2000):
        if game.outcome() is not None or found >= most:
            return
        if step % every == every - 1:
            found += 1
            yield game
        waiting = [s for s in range(len(game.players)) if game.legal_moves(s)]
        mover = rnd.choice(waiting)
        game.play(mover, rnd.choice(game.legal_moves(mover)))


def lying(game: Game) -> list[list[str]]:
    """Where each item lies (the places' tokens in order): a sample of a game whose hidden cards nobody
    sees (face-down Spirits) deals them elsewhere without changing any seat's view."""
    return [[token(i) for i in place.items] for place in game.places()]


def seen(game: Game, seat: int) -> tuple:
    return game.view(seat), game.legal_moves(seat), [game.describe_move(m) for m in game.legal_moves(seat)]


@pytest.mark.parametrize("game_id", sorted(CLASSES))
def test_a_sample_looks_to_its_seat_like_the_real_game(game_id):
    cls = CLASSES[game_id]
    for seed in range(2):
        for game in states(cls, seed):
            for seat in range(len(game.players)):
                sample = game.determinized(seat, random.Random(seed))
                assert seen(sample, seat) == seen(game, seat)
                assert sample.rng._state != game.rng._state  # the dice to come are not foreseen


def test_every_hidden_hand_game_declares_its_places():
    """`places` is the one declaration: a game that still wrote `hidden_from` itself would give its
    computer player samples that peek."""
    for game_id in HIDDEN:
        cls = CLASSES[game_id]
        assert cls.places is not Game.places and cls.hidden_from is Game.hidden_from, game_id


@pytest.mark.parametrize("game_id", HIDDEN)
def test_a_sample_deals_the_hidden_cards_anew_and_never_peeks(game_id):
    """Two games that differ by two cards the seat has not seen give the same sample; over a few samples
    the hidden cards lie elsewhere than in the real game."""
    cls = CLASSES[game_id]
    rnd = random.Random(1)
    compared = moved = 0
    for seed in range(3):
        for game in states(cls, seed, every=5):
            for seat in range(len(game.players)):
                hidden = game.hidden_from(seat)
                alike = None if type(game).alike is Game.alike else lambda a, b: game.alike(a) == game.alike(b)
                for a, b in pairs_for(hidden, places(game, type(game).view_past), alike, rnd, 1):
                    other = swapped(game, a, b, type(game).view_past)
                    one, two = game.determinized(seat, random.Random(7)), other.determinized(seat, random.Random(7))
                    for s in range(len(game.players)):
                        assert seen(one, s) == seen(two, s), (seed, seat, a, b, s)
                    compared += 1
                    moved += any(seen(one, s) != seen(game, s) for s in range(len(game.players)) if s != seat) \
                        or lying(one) != lying(game)
    assert compared >= 5 and moved >= 1, (compared, moved)


@pytest.mark.parametrize("game_id", sorted(CLASSES))
def test_the_searching_player_chooses_legal_moves(game_id):
    cls = CLASSES[game_id]
    game = cls([f"P{i}" for i in range(cls.min_players)], 3, **options(cls, 0))
    bots = {s: SearchBot(s, 3, iterations=6) for s in range(len(game.players))}
    for bot in bots.values():
        bot.rollout_moves = 30  # legal choices need no long look ahead
    for _ in range(6):
        if game.outcome() is not None:
            break
        step = next_computer_move(game, bots)
        assert step is not None
        seat, move = step
        assert move in game.legal_moves(seat)
        game.play(seat, move)


@pytest.mark.parametrize("game_id,games,iterations", [("darwinian-poker", 6, 16), ("pontifuse", 6, 16)])
def test_the_searching_player_beats_random_players(game_id, games, iterations):
    cls = CLASSES[game_id]
    wins = 0.0
    for k in range(games):
        me = k % 2
        game = cls(["P0", "P1"], 100 + k)
        bots = {s: SearchBot(s, k, iterations) if s == me else RandomBot(s, k) for s in (0, 1)}
        while game.outcome() is None:
            game.play(*next_computer_move(game, bots))
        first = game.outcome().first
        wins += 1 / len(first) if me in first else 0
    assert wins >= games - 1.5, wins


def test_the_searching_player_needs_what_its_seat_knows():
    game = CLASSES["darwinian-poker"](["Ada", "Bo"], 1)
    seat = game.to_act()[0]
    bot = SearchBot(seat, iterations=4)
    with pytest.raises(TypeError):
        bot.choose(game.view(seat), game.legal_moves(seat))
    assert bot.decide(Knowledge(game, seat)) in game.legal_moves(seat)
