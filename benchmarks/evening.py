"""Memory over an evening: one program open for game after game, as at a table where the players go
from one game to the next without closing it. Printed, never asserted.

    python benchmarks/evening.py [--rounds 4] [--keys 20] [--game ID ...]

One app (headless, 80x24, its store in a temporary folder) opens every game in turn from its save (each
game's screenshot scene, every seat a person, the curtain off), plays `--keys` keys a person would
press (benchmarks/run.py's), and goes back to the launcher; a round is every game once. After each
round, a full collection, then: the objects the collector knows of (those it was told to leave be
included: `gc.freeze`, done at the launcher's first frame and by a game screen while it is open, and
undone once no game screen is open), the memory Python has taken for its objects
(`sys.getallocatedblocks`, blocks) and the process's resident memory (RSS, from /proc). The first round
fills the caches each game's parts keep (lines drawn, texts wrapped); past it, what a round adds is what
an evening of games would keep adding: the goal is none (within noise: a few hundred objects).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import run  # noqa: E402  (benchmarks/run.py: its scenes, its keys)


def resident_mb() -> float:
    """The process's resident memory, in MB (Linux's /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


async def evening(rounds: int, keys: int) -> None:
    from tabletop_tui.session import Session
    from tabletop_tui.store import Store
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.screens.game import GameScreen

    games = list(run.chosen_games())
    rnd = random.Random(1)
    with tempfile.TemporaryDirectory() as data:
        store = Store.open(data)
        app = run._timed(TabletopApp)(store=store, force_curtain=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await run._quiet(pilot)
            print(f"{len(games)} games a round, {keys} keys each, one app at 80x24; after each round and a full "
                  f"collection:")
            print(f"  {'round':<7} {'objects':>9} {'blocks':>9} {'RSS MB':>7}   added since the last")
            last = None
            for number in range(rounds + 1):
                if number:
                    for info in games:
                        players, seed, options, moves = info.screenshot_scene()
                        options = {**options, **run.DRIVEN_AS.get(info.id, ({}, ""))[0]}
                        session = Session.new(info.id, players, seed, options, [], store)
                        session.autoplay(moves)
                        session.release()
                        app.resume_save(session.save_id)
                        await run._quiet(pilot)
                        pressed = 0
                        while pressed < keys and isinstance(app.screen, GameScreen):
                            sequence = run._next_keys(app.screen, rnd)
                            if not isinstance(sequence, list):
                                break  # (the game is over, or the driver cannot go on)
                            for key in sequence:
                                await run._press(app, key)
                                await run._quiet(pilot)
                                pressed += 1
                        app.to_launcher()
                        await run._quiet(pilot)
                gc.collect()
                now = (len(gc.get_objects()) + gc.get_freeze_count(), sys.getallocatedblocks(), resident_mb())
                added = "" if last is None else (f"{now[0] - last[0]:+,} objects, {now[1] - last[1]:+,} blocks, "
                                                 f"{now[2] - last[2]:+.1f} MB")
                print(f"  {number or 'start':<7} {now[0]:>9,} {now[1]:>9,} {now[2]:>7.1f}   {added}", flush=True)
                last = now
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--game", action="append", help="a game's id (repeatable; default every game)")
    args = parser.parse_args()
    run.GAME_IDS = set(args.game or ())
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    import textual.screen

    textual.screen.UPDATE_PERIOD = run.FRAME_PERIOD
    asyncio.run(evening(args.rounds, args.keys))


if __name__ == "__main__":
    main()
