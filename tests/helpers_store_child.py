"""Run by tests/test_store.py in a separate process, to write to a store the way the app does.

    helpers_store_child.py autosave FOLDER SEED    play a game that never ends, autosaving each move;
                                                   print "save <id>", then one JSON line per move
                                                   after its commit, until killed
    helpers_store_child.py race FOLDER SEED N AT   play N moves of a new game, starting at the Unix
                                                   time AT, then print "done <id>"
    helpers_store_child.py hold FOLDER SAVE N      resume a saved game as the app does (taking it
                                                   over), play N moves, print "played N"; then for
                                                   each line read, play a move and print "saved" or
                                                   "lost <why>"
    helpers_store_child.py finish-kill FOLDER SAVE resume a game one move from its end and play that
                                                   move; print "finishing" while the finish is being
                                                   written, and wait there to be killed
"""

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_store import Counting, race_moves, retrying  # noqa: E402

from tabletop_tui.store import Store  # noqa: E402


def session_child(mode: str, folder: str, save_id: str, n: str = "0") -> None:
    from tabletop_tui.session import Session

    store = Store.open(folder)
    session = Session.resume(store, save_id)
    rnd = random.Random(99)

    def move() -> None:
        seat = session.game.to_act()[0]
        session.play(seat, rnd.choice(session.game.legal_moves(seat)))

    if mode == "finish-kill":
        def finishing(*args, **kwargs):
            print("finishing", flush=True)
            time.sleep(600)

        Store._finish = finishing
        move()
        return
    for _ in range(int(n)):
        move()
    print("played", n, flush=True)
    for _ in sys.stdin:
        move()
        print(f"lost {session.save_lost}" if session.save_lost else "saved", flush=True)


def main(mode: str, folder: str, seed: str, n: str = "0", at: str = "0") -> None:
    if mode in ("hold", "finish-kill"):
        return session_child(mode, folder, seed, n)
    store = Store.open(folder)
    if store.problems:
        sys.exit("store problems: " + "; ".join(store.problems))
    if mode == "race":
        time.sleep(max(0.0, float(at) - time.time()))
        save_id, _ = race_moves(store, Path(folder), int(seed), int(n))
        retrying(lambda: store.set_setting(f"race.{seed}", int(n)))
        store.close()
        print("done", save_id, flush=True)
        return
    rnd = random.Random(int(seed))
    game = Counting(["Ada", "Bo"], int(seed), target=10**12)
    save_id = store.new_game(game.record(), [1], "Counting")
    print("save", save_id, flush=True)
    count = 0
    while True:
        seat = game.to_act()[0]
        move = rnd.choice(game.legal_moves(seat))
        game.play(seat, move)
        store.sync(save_id, count, [[seat, move.to_json()]])
        print(json.dumps({"index": count, "seat": seat, "move": move.to_json()}), flush=True)
        count += 1


if __name__ == "__main__":
    main(*sys.argv[1:])
