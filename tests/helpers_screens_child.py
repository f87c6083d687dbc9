"""Run by tests/test_several_screens.py in a separate process: one screen of a game on several
screens, played the way the game screen plays it (Session.join, poll, play), without a screen.

    helpers_screens_child.py play FOLDER SAVE SEAT [STOP]
        take SEAT and play it to the end of the game (or until it has made STOP moves, then wait to be
        killed): print "joined", then "moved <index>" after each of its moves is written, "told
        <why>" where another screen moved first, and "over <moves>" at the end
    helpers_screens_child.py race FOLDER SAVE SEAT AT
        take SEAT, wait until the Unix time AT, make the seat's first legal move, and print "won" or
        "told <why>"; then (told) choose again and print "moved <index>"
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.rules.engine import IllegalMove  # noqa: E402
from tabletop_tui.session import Session  # noqa: E402
from tabletop_tui.store import Store  # noqa: E402


def say(*words) -> None:
    print(*words, flush=True)


def main(mode: str, folder: str, save_id: str, seat_text: str, extra: str = "") -> None:
    store = Store.open(folder)
    seat = int(seat_text)
    session = Session.join(store, save_id, seat)
    say("joined")
    rnd = random.Random(seat)
    if mode == "race":
        time.sleep(max(0.0, float(extra) - time.time()))
        try:
            session.play(seat, session.game.legal_moves(seat)[0])
            say("won")
            return
        except IllegalMove as exc:
            say("told", exc.reason)
        session.poll()
        session.play(seat, session.game.legal_moves(seat)[0])
        say("moved", len(session.game.history) - 1)
        return
    stop = int(extra) if extra else None
    made = 0
    while not session.over():
        session.poll()
        if session.over():
            break
        if seat not in session.game.to_act() or (stop is not None and made >= stop):
            time.sleep(0.002)
            continue
        try:
            session.play(seat, rnd.choice(session.game.legal_moves(seat)))
        except IllegalMove as exc:
            say("told", exc.reason)
            continue
        made += 1
        say("moved", len(session.game.history) - 1)
    say("over", len(session.game.history))


if __name__ == "__main__":
    main(*sys.argv[1:])
