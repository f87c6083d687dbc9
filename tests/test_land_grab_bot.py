"""The Land Grab computer player: it searches (it takes a win at once and, at its full budget, blocks
the opponent's) and it is the same on the same view. That it beats random play is the contract suite's
(tests/contract), at a smaller budget. Here its time is unlimited (`time_budget`), so that its budget
of positions alone bounds the search, the same on any machine (its time budget: tests/test_bot_budget.py)."""

import math

from tabletop_tui.bots.land_grab import BAND, LandGrabBot, Searcher, barrier, evaluate, has_won
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.land_grab import BLACK, WHITE, LandGrab, position_from_view

from test_land_grab import ADA, BO, table


def bot(seat: int, seed: int = 0) -> LandGrabBot:
    player = LandGrabBot(seat, seed)
    player.time_budget = math.inf
    return player


def choice(game: LandGrab, seed: int = 0) -> Move:
    seat = game.to_act()[0]
    return bot(seat, seed).choose(game.view(seat), game.legal_moves(seat))


def test_it_takes_a_win_at_once():
    game = table("""
    ........
    ........
    ........
    ...N....
    PPPPPPP.
    .......P
    ........
    ........
    """)
    assert choice(game) == Move("move", ("h3", "h4"))


THREAT = """
.......r
........
R.......
........
ppppppp.
........
........
........
"""


def test_it_blocks_a_win_the_opponent_has_in_one():
    # Black's Rook on h8 wins by going to h5, h4 or h3 (the fence a4-g4 then reaches the h-file);
    # only White's Rook to h6 shuts the h-file in time
    game = table(THREAT)
    for square in ("h5", "h4", "h3"):
        trial = game.copy()
        trial.play(ADA, Move("create", ("a1", "P")))
        trial.play(BO, Move("move", ("h8", square)))
        assert trial.outcome().winners == [BO]
    move = choice(game)
    assert move == Move("move", ("a6", "h6"))
    game.play(ADA, move)
    for reply in game.legal_moves(BO):
        trial = game.copy()
        trial.play(BO, reply)
        assert trial.outcome() is None


def test_the_search_looks_beyond_one_move():
    searcher = Searcher(budget=100_000, max_depth=3)
    pos = table(THREAT).pos
    searcher.best_moves(pos)
    assert searcher.nodes > len(pos.moves())  # more than the moves at the root: replies were searched


def test_the_barrier_counts_the_missing_squares():
    game = table("""
    ........
    ........
    ........
    ........
    PPP.P.PP
    ...p....
    ........
    ........
    """)
    occ = game.pos.occ
    # d4 and f4 are missing on rank 4; d3 is Black's, so d4 it must be (or around through d5)
    assert barrier(occ[WHITE], occ[BLACK], BAND[4][WHITE]) == 2
    assert barrier(occ[WHITE], occ[BLACK], BAND[5][WHITE]) == 8
    assert not has_won(occ[WHITE], WHITE)
    # the side to move is better off where it stands nearer a fence
    assert evaluate(game.pos) > 0


def test_the_same_view_gets_the_same_move():
    # a small budget: the search runs out of it (the case where a choice could depend on what was cut)
    game = LandGrab(["Ada", "Bo"], 4)
    for move in ("a1 P", "h8 P", "a1 a3", "h8 h6"):
        a, b = move.split()
        game.play(game.to_act()[0], Move("create", (a, b)) if b == "P" else Move("move", (a, b)))
    seat = game.to_act()[0]
    view = game.view(seat)
    assert position_from_view(view).key() == game.pos.key()
    bots = [bot(seat, 9) for _ in range(3)]
    for player in bots:
        player.budget = 1500
    first = bots[0].choose(view, game.legal_moves(seat))
    assert all(other.choose(view, game.legal_moves(seat)) == first for other in bots[1:])

