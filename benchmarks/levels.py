"""Decision times of the searching computer players at each level (easy / normal / hard), on the real
clock with the time budgets of the table (0.1 s, 0.5 s, 2 s) and, with --unlimited, at their own limits
alone (as `tabletop-tui simulate` plays them).

    .venv/bin/python benchmarks/levels.py [--positions 8] [--unlimited] [--only GAME]

Positions are taken from seeded random games (every third decision with a choice), the same for every
level. Each line: the game (SearchBot: the general player on that game), the level, the decisions
timed, the median, p90 and worst time in ms. How well the levels play against each other is measured
by `tabletop-tui simulate GAME --level 1=hard --level 2=easy` (and the seats swapped)."""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from tabletop_tui import catalog
from tabletop_tui.bots.base import LEVELS, Knowledge
from tabletop_tui.bots.search import SearchBot

#: (game, players, SearchBot instead of the game's own player)
PLAYERS = [
    ("land-grab", 2, False),
    ("queensland", 2, False),
    ("nickies-castle", 2, False),
    ("putwoodys-castle", 3, False),
    ("hermans-castle", 4, False),
    ("darwinian-poker", 2, True),
]


def positions(game_id: str, players: int, count: int) -> list:
    """(game, seat) at `count` decisions with a choice, from seeded random games."""
    rules = catalog.get(game_id).rules_class()
    out = []
    seed = 0
    while len(out) < count:
        game = rules([f"P{i}" for i in range(players)], seed)
        rnd = random.Random(seed)
        k = 0
        while game.outcome() is None and len(out) < count:
            seat = game.to_act()[0]
            moves = game.legal_moves(seat)
            if len(moves) > 1:
                if k % 3 == 1:
                    out.append((game.copy(), seat))
                k += 1
            game.play(seat, rnd.choice(moves))
        seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--unlimited", action="store_true", help="no time budget: each level's own limits")
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args()
    print(f"{'game':<26} {'level':<7} {'n':>3} {'median':>8} {'p90':>8} {'worst':>8}  (ms; "
          f"{'own limits only' if args.unlimited else 'time budgets 0.1 / 0.5 / 2 s'})")
    for game_id, players, search in PLAYERS:
        if args.only and args.only != game_id:
            continue
        info = catalog.get(game_id)
        at = positions(game_id, players, args.positions)
        for level in LEVELS:
            times = []
            for game, seat in at:
                bot = SearchBot(seat, 1) if search else info.bot_class()(seat, 1)
                bot.set_level(level)
                if args.unlimited:
                    bot.time_budget = math.inf
                start = time.perf_counter()
                bot.decide(Knowledge(game, seat))
                times.append(1000 * (time.perf_counter() - start))
            times.sort()
            name = f"{game_id}{' (SearchBot)' if search else ''}"
            print(f"{name:<26} {level:<7} {len(times):>3} {statistics.median(times):>8.0f} "
                  f"{times[int(0.9 * (len(times) - 1))]:>8.0f} {times[-1]:>8.0f}", flush=True)


if __name__ == "__main__":
    main()
