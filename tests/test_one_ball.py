"""One Ball: a single player; the break without a call; misses spot a ball; four misses in a row, a
miss with no ball to spot and any foul lose; stray balls stay down; a cleared table wins; the spot's
position below (or above) the Foot Spot; a table's shot read as moves."""

import pytest

from tabletop_tui.rules.engine import IllegalMove, Move
from tabletop_tui.rules.one_ball import OneBall, shot_moves
from tabletop_tui.rules.pool import FOOT_SPOT, spot_position

DONE, SINK, MADE = Move("done"), Move("sink"), Move("made")


def call(p="foot-left"):
    return Move("call", (p,))


def shot(g, *moves):
    return " ".join(e.text for m in moves for e in g.play(0, m))


def lost(g):
    return g.outcome() is not None and g.view(0)["ending"].startswith("lost") and "loses" in g.outcome().summary


def test_one_player_only():
    with pytest.raises(ValueError):
        OneBall(["A", "B"])


def test_nothing_on_the_break_then_a_miss_loses():
    g = OneBall(["Solo"])
    shot(g, DONE)  # no penalty on the break
    assert g.on_table == 15 and g.outcome() is None
    said = shot(g, call(), DONE)  # the second shot missed: no ball to spot
    assert "No ball to spot" in said and lost(g)


def test_misses_spot_and_four_in_a_row_lose():
    g = OneBall(["Solo"])
    shot(g, SINK, SINK, SINK, SINK, SINK, DONE)
    assert g.on_table == 10
    for k in range(1, 4):
        said = shot(g, call(), DONE)
        assert "Foot Spot" in said and g.on_table == 10 + k and g.misses == k
    shot(g, call(), MADE, DONE)
    assert g.misses == 0
    for _ in range(3):
        shot(g, call(), DONE)
    said = shot(g, call(), DONE)
    assert "Four misses in a row" in said and lost(g)


def test_stray_balls_stay_down_and_clearing_wins():
    g = OneBall(["Solo"])
    shot(g, *[SINK] * 13, DONE)
    assert g.on_table == 2
    shot(g, call("side-left"), MADE, SINK, DONE)
    assert g.outcome().winner == 0 and g.outcome().standings[0].score == 2


def test_a_foul_loses_and_the_break_is_not_called():
    g = OneBall(["Solo"])
    with pytest.raises(IllegalMove, match="not called"):
        g.play(0, call())
    shot(g, DONE)
    with pytest.raises(IllegalMove, match="First call"):
        g.play(0, MADE)
    shot(g, call(), Move("foul", ("scratch",)))
    assert lost(g) and "a foul" in g.outcome().summary


def test_spot_position():
    assert spot_position({}) == FOOT_SPOT
    below = spot_position({1: FOOT_SPOT})
    assert below[0] == pytest.approx(FOOT_SPOT[0] + 2.25) and below[1] == 25.0
    wall = {k: (75.0 + 2.25 * k, 25.0) for k in range(0, 11)}  # the whole way to the foot rail blocked
    assert spot_position(wall)[0] < FOOT_SPOT[0]


def test_outcome_read_as_moves():
    out = {"call": [5, "foot-left"], "first": 5, "contacts": [5], "rail_after_contact": True,
           "sunk": [[5, "foot-left"], [9, "side-left"]], "off_table": [], "foul": ""}
    assert shot_moves(out) == [call(), MADE, SINK, DONE]
    assert shot_moves({**out, "sunk": [[5, "foot-right"]]}) == [call(), SINK, DONE]


def test_a_table_miss_spots_a_ball_below_the_one_on_the_foot_spot():
    from tabletop_tui.rules.pool import rest_move

    g = OneBall(["Solo"])
    g.play(0, SINK)
    g.play(0, rest_move(1, "foot-left"))
    for b in range(2, 16):
        g.play(0, rest_move(b, (75.0, 25.0) if b == 2 else (20.0 + b, 5.0)))
    g.play(0, rest_move(0, (10.0, 25.0)))
    g.play(0, DONE)
    shot(g, call(), DONE)  # a miss: ball 1 comes back, below the ball on the Foot Spot
    assert g.view(0)["balls"]["1"] == [pytest.approx(77.25), 25.0]
