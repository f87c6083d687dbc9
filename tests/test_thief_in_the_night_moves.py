"""The captain's moves, made the short way (`_captain_moves`), are the moves the rules say, in order."""

import random

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.thief_in_the_night import CAPTAIN, CAPTAIN_TURN, N, PIECES, ThiefInTheNight, moves_for


def said_moves(g: ThiefInTheNight) -> list[Move]:
    """Each piece not moved yet, in order: a move for each card and each square it reaches (the captain's
    squares in order, a guard's by route), else "hold"."""
    out = []
    for p in range(PIECES):
        if p in g.moved:
            continue
        mine = []
        for c in g.hands[p]:
            if p == CAPTAIN:
                mine += [Move("lead", (c.code, i % N, i // N))
                         for i in sorted(g.reachable(g.piece_at(p), moves_for(c)))]
            else:
                mine += [Move("guard", (p, c.code, i % N, i // N)) for i, _ in g.guard_moves(p, c.rank > 10)]
        out += mine or [Move("hold", (p,))]
    return out


def test_the_captains_moves_are_those_the_rules_say_in_their_order():
    seen = 0
    for seed, straight in ((1, "any"), (2, "forward")):
        g = ThiefInTheNight(["A", "B"], seed, guard_straight=straight)
        rnd = random.Random(seed)
        while g.outcome() is None and seen < 12 * seed:
            seat = g.to_act()[0]
            if g.phase == CAPTAIN_TURN:
                seen += 1
                moves = g.legal_moves(seat)
                assert moves == said_moves(g) and all(type(m) is Move for m in moves)
            g.play(seat, rnd.choice(g.legal_moves(seat)))
    assert seen == 24
