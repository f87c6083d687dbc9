"""How much of each game the contract suite plays: the one place for random-game counts.

A game in the catalog takes part with `DEFAULT`; one named here plays more games where its rare paths
come late, fewer where its computer player thinks long, or options that make random play end (a game
that random moves alone could keep going past its `move_limit`). Counts are chosen so that every
guarantee holds on these seeds with room to spare, and the whole suite stays within a couple of
minutes of one core.
"""

from __future__ import annotations

import random
from typing import Callable, NamedTuple


class Plan(NamedTuple):
    #: seeded games of random legal moves played to the end (the invariants checked at every move)
    random_games: int = 12
    #: whole games with every seat a computer player, each of its moves checked to be legal
    bot_games: int = 2
    #: games of one computer player against random players (its seat turning round the table); it
    #: must win more of them than a seat's fair share
    beat_games: int = 12
    #: the players at the table in the games against random players
    beat_players: int = 3
    #: the least share of those games it must win, where more than a seat's fair share is too little
    #: to say how much better than random it plays
    beat_share: float = 0.0
    #: options of the random games (those that random play needs to end; the others are drawn)
    options: dict = {}
    #: the positions a searching computer player may look at for a move here (its `budget`), where
    #: its own full budget would make whole games slow; its play at full strength is its game's tests'
    bot_budget: int | None = None
    #: why the check against random players is left out, where it is
    no_beat: str = ""


DEFAULT = Plan()

PLANS: dict[str, Plan] = {
    "fight-the-power": Plan(beat_games=120, beat_players=4, beat_share=0.34),  # fair: a quarter
    "break-the-bank": Plan(beat_games=120, beat_players=4, beat_share=0.32),  # fair: a quarter
    "thief-dice": Plan(random_games=10, no_beat="the dice decide all but the ratting: its computer player "
                       "wins a fair share and no more (19 of 60 games at three players, 32 of 60 at two)"),
    "monster-builder": Plan(options={"rounds": 12}, beat_games=16),
    "darwinian-poker": Plan(random_games=30, beat_games=40, beat_share=0.7),
    "seven-handed-poker": Plan(random_games=30, beat_games=8, beat_players=2),
    "pontifuse": Plan(random_games=40, beat_games=6, beat_players=2),
    "thief-in-the-night": Plan(random_games=4, bot_games=1, beat_games=4, beat_players=2),
    "the-syndicate": Plan(beat_games=24, beat_share=0.6),
    "shipwreck": Plan(random_games=8),
    "board-game-project-55": Plan(random_games=3, bot_games=1, beat_games=2, beat_players=2),
    "queensland": Plan(bot_games=1, beat_games=3, beat_players=2),
    "putwoodys-castle": Plan(bot_games=1, beat_games=4, beat_players=2, bot_budget=800),
    "nickies-castle": Plan(bot_games=1, beat_games=4, beat_players=2, bot_budget=800),
    "hermans-castle": Plan(bot_games=1, beat_games=4, beat_players=2, bot_budget=800),
    "land-grab": Plan(random_games=6, bot_games=1, beat_games=4, beat_players=2, bot_budget=300),
    "caribbean-star": Plan(random_games=20, beat_games=8, beat_players=2, bot_budget=8),
    # single races (the match's deal is in its own tests and the leak check)
    "particle-stream": Plan(options={"races": 1}, bot_games=1, beat_games=16, beat_players=4, beat_share=0.3,
                            bot_budget=300),
    "king-of-the-beach": Plan(beat_games=40, beat_players=4),  # fair: a quarter, and robots win most games
    "dungeon-crawl": Plan(beat_games=30, beat_share=0.5),  # fair: a third; it wins about two in three
    "magic-hate-ball": Plan(beat_games=40, beat_share=0.5),
    "wild-bill": Plan(beat_games=20, beat_share=0.6, options={"target": 10}),  # shorter games, the shooters' too
    "one-ball": Plan(beat_players=1, no_beat="one player: no opponent to beat; its computer shooter clears the table in about one game in six (7 of 40 in simulate)"),
}


#: The leak check (test_hidden_cards.py): seeded random games per game with hidden cards, each at most
#: `leak_test_moves` moves where a game sets it (whole games take thousands of moves there), else its
#: `move_limit`; and per game without. Few games suffice where the sampler sees every kind of move
#: early; more where rare moves (a reshuffle, a tie at the top, a new round) come late.
LEAK_GAMES = {
    "darwinian-poker": 60,
    "seven-handed-poker": 60,
    "thief-in-the-night": 24,
    "the-syndicate": 40,
    "shipwreck": 40,
    "penniless-and-insane": 24,
    "king-of-the-beach": 12,
    "particle-stream": 10,  # every kind of move in the first race
    "short-bus-to-paradise": 3,  # long games: every kind of move comes in the first
    "hotel-transylvania": 3,  # every kind of move comes in each game (a surprise, a freak-out, the end)
    "graveyard-shift": 4,  # every kind of move (reveal, sing, capture, new Spirits, shift) in each game
    "headless-in-seattle": 8,  # short games, every kind of move in each (both modes among the eight)
}
GAMES_HIDDEN = 30  # a hidden-hand game not named above
GAMES_OPEN = 5
OPEN_MOVES = 300


def plan(game_id: str) -> Plan:
    return PLANS.get(game_id, DEFAULT)


#: Options the random games keep as they are, with the reason (every other choice and yes-or-no option
#: is drawn at random in every other game).
KEEP_OPTIONS = {
    # a castle built by hand takes sixty moves before a card is dealt
    "thief-in-the-night": {"castle": "random"},
}


def options(cls, seed: int, given: dict | None = None) -> dict:
    """The table's options for random game `seed`: the defaults in even games; in odd ones each choice
    and yes-or-no option drawn at random (but those in KEEP_OPTIONS); then `given` over them."""
    drawn: dict = {}
    if seed % 2:
        rnd = random.Random(f"options {seed}")
        drawn = {o.key: rnd.choice([c[0] for c in o.choices]) if o.kind == "choice" else rnd.random() < 0.5
                 for o in cls.OPTIONS if o.kind in ("choice", "bool")}
        drawn.update(KEEP_OPTIONS.get(cls.id, {}))
    return {**drawn, **(given or {})}


def players(cls, seed: int) -> int:
    """Every table size in turn."""
    return cls.min_players + seed % (cls.max_players - cls.min_players + 1)


#: Seats that may move although the game does not wait for them (a jailed thief who rats).
INTERJECTS = {"thief-dice"}

#: A game's own invariants, checked after every move of the random games (the card or chip totals
#: its rules keep): game id -> check(game), which raises AssertionError.
INVARIANTS: dict[str, Callable] = {}
