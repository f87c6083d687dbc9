"""How often the Seven-Handed Poker computer player beats the random player, seats alternated, and
how long it takes to decide.

    python benchmarks/seven_handed_poker_bot.py [GAMES]

Prints, for the standard game, five-card hands and jokers: wins, draws and losses, the wins when it
went first and when it went second, and its slowest decision.
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tabletop_tui.bots.base import RandomBot  # noqa: E402
from tabletop_tui.bots.seven_handed_poker import SevenHandedPokerBot, warm_up  # noqa: E402
from tabletop_tui.rules.seven_handed_poker import SevenHandedPoker  # noqa: E402


def duel(games: int, **options) -> dict:
    warm_up()
    tally = {"win": 0, "draw": 0, "loss": 0, "first": [0, 0], "second": [0, 0], "slowest": 0.0}
    for g in range(games):
        seat = g % 2
        bots = {seat: SevenHandedPokerBot(seat, g), 1 - seat: RandomBot(1 - seat, g)}
        game = SevenHandedPoker(["Bot", "Random"] if seat == 0 else ["Random", "Bot"], g, **options)
        while game.outcome() is None:
            s = game.to_act()[0]
            start = time.perf_counter()
            move = bots[s].choose(game.view(s), game.legal_moves(s))
            if s == seat:
                tally["slowest"] = max(tally["slowest"], time.perf_counter() - start)
            game.play(s, move)
        winners = game.outcome().winners
        result = "draw" if len(winners) == 2 else "win" if winners == [seat] else "loss"
        tally[result] += 1
        order = tally["first" if game.first == seat else "second"]
        order[0] += result == "win"
        order[1] += 1
    return tally


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    for label, options in (("standard", {}), ("five-card hands", {"hand_size": 5}), ("jokers", {"jokers": True})):
        t = duel(games, **options)
        print(f"{label:16} wins {t['win'] / games:6.1%} (draws {t['draw']}, losses {t['loss']}); "
              f"first {t['first'][0]}/{t['first'][1]}, second {t['second'][0]}/{t['second'][1]}; "
              f"slowest decision {t['slowest'] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
