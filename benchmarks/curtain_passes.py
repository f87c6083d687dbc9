"""How often the keyboard goes round the curtain: for each game that hides hands, a few seeded games
of people only (each seat's choices made by the computer player), counted as the game screen passes
the keyboard, with the setting that plays a forced move that tells nothing off and on.

    python benchmarks/curtain_passes.py [--games N] [--players K]

A curtain falls when the next decision is a person's other than the one at the keyboard (the first
curtain included); with the setting on, a person's only move of a kind the game declares open
(`open_forced_moves`) is played without a curtain. Counts, not timings: the same on every machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from tabletop_tui import catalog  # noqa: E402
from tabletop_tui.ui.screens.game import open_forced_move  # noqa: E402

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def passes(info, players: int, seed: int, forced: bool) -> tuple[int, int]:
    """(curtains, moves) of one game played to its end by the seats' computer players."""
    game = info.rules_class()(NAMES[:players], seed)
    bots = {s: info.bot_class()(s, seed) for s in range(players)}
    at_keyboard, curtains = None, 0
    for _ in range(game.move_limit):
        if game.outcome() is not None:
            break
        seat = game.to_act()[0]
        if forced and seat != at_keyboard:
            move = open_forced_move(game, seat)
            if move is not None:
                bots[seat].choose(game.view(seat), game.legal_moves(seat))  # (its random stream kept in step)
                game.play(seat, move)
                continue
        if seat != at_keyboard:
            curtains += 1
            at_keyboard = seat
        game.play(seat, bots[seat].choose(game.view(seat), game.legal_moves(seat)))
    return curtains, len(game.history)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=3, help="people at the table, within the game's range")
    parser.add_argument("--only", default="", help="one game's id")
    args = parser.parse_args()
    print(f"{'game':<22} {'players':>7} {'curtains off':>13} {'curtains on':>12} {'moves':>7}")
    for info in catalog.GAMES:
        if not info.rules_class().hidden_information or (args.only and info.id != args.only):
            continue
        n = min(max(args.players, info.min_players), info.max_players)
        off, on, moves = [], [], []
        for seed in range(1, args.games + 1):
            a, m = passes(info, n, seed, False)
            b, _ = passes(info, n, seed, True)
            off.append(a), on.append(b), moves.append(m)
        print(f"{info.id:<22} {n:>7} {statistics.mean(off):>13.1f} {statistics.mean(on):>12.1f} "
              f"{statistics.mean(moves):>7.0f}")


if __name__ == "__main__":
    main()
