"""Run by tests/test_store.py in a separate process, to write to a store the way the app does.

    helpers_store_child.py autosave FOLDER SEED    play a game that never ends, autosaving each move;
                                                   print "save <id>", then one JSON line per move
                                                   after its commit, until killed
    helpers_store_child.py race FOLDER SEED N AT   play N moves of a new game, starting at the Unix
                                                   time AT, then print "done <id>"
"""

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_store import Counting  # noqa: E402

from tabletop_tui.store import Store  # noqa: E402


def main(mode: str, folder: str, seed: str, n: str = "0", at: str = "0") -> None:
    rnd = random.Random(int(seed))
    store = Store.open(folder)
    if store.problems:
        sys.exit("store problems: " + "; ".join(store.problems))
    game = Counting(["Ada", "Bo"], int(seed), target=10**12)
    save_id = store.new_game(game.record(), [1], "Counting")
    if mode == "autosave":
        print("save", save_id, flush=True)
    time.sleep(max(0.0, float(at) - time.time()))
    count = 0
    while mode == "autosave" or count < int(n):
        seat = game.to_act()[0]
        move = rnd.choice(game.legal_moves(seat))
        game.play(seat, move)
        store.add_move(save_id, count, seat, move.to_json())
        if mode == "autosave":
            print(json.dumps({"index": count, "seat": seat, "move": move.to_json()}), flush=True)
        count += 1
    store.set_setting(f"race.{seed}", count)
    store.close()
    print("done", save_id, flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
