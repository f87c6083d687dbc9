"""Computer players play whole games with the real rules and no screen: for balance and speed."""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter

from tabletop_tui import catalog
from tabletop_tui.bots.base import RandomBot, level_problem
from tabletop_tui.bots.search import SearchBot
from tabletop_tui.rules.words import score_number
from tabletop_tui.session import next_computer_move


def play_one(info, players: list[str], seed: int, options: dict, bots: dict, limit: int):
    """Play one game to the end (or the move limit). Returns (game, capped)."""
    game = info.rules_class()(players, seed, **options)
    moves = 0
    while game.outcome() is None:
        if moves >= limit:
            return game, True
        step = next_computer_move(game, bots)
        if step is None:
            raise RuntimeError(f"nobody can move in {info.id} (seed {seed}) but the game is not over")
        game.play(*step)
        moves += 1
    return game, False


def simulate(game_id: str, games: int, players: int | None = None, seed: int = 0, options: dict | None = None,
             random_seats: list[int] | None = None, limit: int | None = None, levels: dict[int, str] | None = None,
             search_seats: list[int] | None = None) -> dict:
    """Play `games` whole games with computer players (random players in `random_seats`, SearchBot, the
    general searching player, in `search_seats`), each at its level (`levels`: seat -> level, normal
    where none is given; a player takes the nearest level it has). Searches stop at their own limits,
    never at the time, so that a seed plays the same games on any machine.

    What cannot be run raises ValueError before any game is played: an unknown game, a number of
    players the game does not take, fewer than one game, a move limit below 1, an option the game
    refuses (checked once, on a table set up with it), a level that is none, a seat given two players."""
    info = catalog.get(game_id)
    rules = info.rules_class()
    n = rules.min_players if players is None else players
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(f"{info.title} takes {info.players_label}, not {n}")
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if limit is not None and limit < 1:
        raise ValueError(f"--limit must be at least 1 move, not {limit}")
    names = [f"Seat {i + 1}" for i in range(n)]
    options = dict(options or {})
    try:
        rules(names, seed, **options)  # the options, and how they go together, are checked here once
    except ValueError as exc:
        raise ValueError(f"{info.title} refuses these options: {exc}") from None
    levels = dict(levels or {})
    for seat, level in levels.items():
        if not 0 <= seat < n:
            raise ValueError(f"there is no seat {seat + 1}: seats are 1 to {n}")
        if level_problem(level):
            raise ValueError(f"seat {seat + 1}: {level_problem(level)}")
    bot_class = info.bot_class()
    random_seats = set(random_seats or [])
    search_seats = set(search_seats or [])
    if random_seats & search_seats:
        raise ValueError(f"seat {min(random_seats & search_seats) + 1} cannot be both random and SearchBot")
    limit = limit or rules.move_limit
    wins = Counter()
    wins_by_position = Counter()
    score_sum = Counter()
    score_count = Counter()
    lengths: list[int] = []
    errors: list[str] = []
    finished = capped = draws = no_winner = total_moves = 0
    taken: dict[int, str] = {}
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        bots = {s: (RandomBot if s in random_seats else SearchBot if s in search_seats else bot_class)(s, game_seed)
                for s in range(n)}
        for s, bot in bots.items():
            taken[s] = bot.set_level(levels.get(s, "normal"))
            bot.time_budget = math.inf  # a seed plays the same games on any machine: searches stop at their own limits
        try:
            game, was_capped = play_one(info, names, game_seed, options, bots, limit)
        except Exception as exc:  # reported, not raised: a simulation is a measurement
            errors.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
            continue
        total_moves += len(game.history)
        if was_capped:
            capped += 1
            continue
        finished += 1
        lengths.append(game.length())
        outcome = game.outcome()
        winner = outcome.winner
        if outcome.nobody_won:  # nobody placed first (a robot on top, a game that beat its one player)
            no_winner += 1
        elif winner is None:
            draws += 1
        else:
            wins[winner] += 1
            wins_by_position[game.turn_order().index(winner)] += 1
        for st in outcome.standings:
            score = score_number(st.score)
            if score is not None:
                score_sum[st.seat] += score
                score_count[st.seat] += 1
    seconds = time.perf_counter() - start
    played = finished + capped
    return {
        "game": game_id,
        "players": n,
        "games": games,
        "finished": finished,
        "capped": capped,
        "draws": draws,
        #: games that ended with nobody placed first: neither won nor drawn
        "no_winner": no_winner,
        "errors": errors,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "moves_per_game": round(total_moves / played, 2) if played else 0,
        "wins_by_seat": {str(s + 1): wins[s] for s in range(n)},
        "wins_by_position": {str(p + 1): wins_by_position[p] for p in range(n)},
        "median_length": statistics.median(lengths) if lengths else None,
        "length_unit": rules.length_unit,
        "mean_score_by_seat": {
            str(s + 1): (round(score_sum[s] / score_count[s], 3) if score_count[s] else None) for s in range(n)
        },
        "random_seats": sorted(s + 1 for s in random_seats),
        "search_seats": sorted(s + 1 for s in search_seats),
        "levels": {str(s + 1): levels.get(s, "normal") for s in range(n)},
        #: the level each seat's player plays at (the nearest it has): "normal" for a one-level player
        "levels_played": {str(s + 1): taken[s] for s in range(n)},
        "move_limit": limit,
    }


def report(result: dict) -> str:
    lines = [
        f"{result['game']}: {result['games']} games of {result['players']} players in {result['seconds']:.2f} s "
        f"({result['games_per_second']} games/s), {result['moves_per_game']} moves per game",
        f"finished {result['finished']} (drawn {result['draws']}, no winner {result['no_winner']}), stopped at the move limit "
        f"({result['move_limit']}) {result['capped']}, errors {len(result['errors'])}",
    ]
    if result["median_length"] is not None:
        lines.append(f"median length of a finished game: {result['median_length']:g} {result['length_unit']}")
    if result["random_seats"]:
        lines.append(f"random players in seats {', '.join(map(str, result['random_seats']))}")
    if result["search_seats"]:
        lines.append(f"SearchBot in seats {', '.join(map(str, result['search_seats']))}")
    if set(result["levels"].values()) != {"normal"}:
        shown = []
        for seat, level in result["levels"].items():
            played = result["levels_played"].get(seat, level)
            shown.append(f"seat {seat} {level}" + ("" if played == level else f" (plays {played}, the nearest it has)"))
        lines.append("levels: " + ", ".join(shown))
    lines.append("seat  wins  mean score   |  turn position  wins")
    for (seat, w), (position, pw) in zip(result["wins_by_seat"].items(), result["wins_by_position"].items()):
        mean = result["mean_score_by_seat"][seat]
        lines.append(f"{seat:>4}  {w:>4}  {'' if mean is None else mean:<10}   |  {_ordinal(int(position)):>13}  {pw:>4}")
    lines.append("(wins count sole first places; a first place shared is a draw; a game with no first place "
                 "has no winner. The turn position is the order in which the players took their first turns.)")
    for e in result["errors"][:10]:
        lines.append("error: " + e)
    return "\n".join(lines)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")  # a table seats at most eight
