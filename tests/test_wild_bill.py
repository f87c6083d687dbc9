"""Wild Bill: the seed's example of Mike and Dave, caroms and double caroms, respotting by pocket (the
side-pocket rule), fouls losing the inning, the break's and the cue ball in hand's fouls, refusals, and
the outcome of a table's shot read as the referee's moves."""

import pytest

from tabletop_tui.rules.engine import IllegalMove, Move
from tabletop_tui.rules.pool import respot_spot, spot_order
from tabletop_tui.rules.wild_bill import WildBill, shot_moves

DONE = Move("done")


def touched(k):
    return Move("touched", (k,))


def sink(p):
    return Move("sink", (p,))


def foul(k):
    return Move("foul", (k,))


def shoot(game, *moves):
    seat = game.to_act()[0]
    events = []
    for m in moves:
        events += game.play(seat, m)
    return " ".join(e.text for e in events)


def test_mike_and_dave():
    g = WildBill(["Mike", "Dave"], table="real")
    said = shoot(g, touched(1), sink("foot-left"), DONE)  # the break sinks the Foot Spot ball
    assert g.scores == [1, 0] and g.to_act() == [1]
    assert "inning is over" in said and "Foot Spot" in said
    said = shoot(g, touched(2), DONE)  # a 2-point carom: Dave goes on
    assert g.scores[1] == 2 and g.to_act() == [1]
    said = shoot(g, foul("no-rail"))
    assert g.scores[1] == 0 and g.to_act() == [0]
    assert "loses the inning's 2 points" in said
    # the end of the game: Mike 29 sinks one ball, 30 but no win; Dave 28 makes a carom and wins
    g.scores = [29, 28]
    said = shoot(g, touched(1), sink("side-left"), DONE)
    assert g.scores[0] == 30 and g.outcome() is None and g.to_act() == [1]
    assert "winning shot must be worth 2 or more" in said
    shoot(g, touched(2), DONE)
    assert g.outcome().winner == 1 and g.scores[1] == 30


def test_double_carom_and_points():
    g = WildBill(["A", "B"], table="real")
    shoot(g, touched(3), sink("foot-right"), DONE)
    assert g.scores[0] == 6 and g.to_act() == [0]  # 5 for the double carom and 1 for the ball


def test_respotting_nearest_empty_spot_and_side_pocket_rule():
    assert spot_order("foot-left")[0] == "foot" and spot_order("head-right")[0] == "head"
    assert spot_order("side-left") == ["center", "head", "foot"]
    center = {1: (50.0, 25.0)}
    assert respot_spot("side-right", center) == "head"  # only the Center Spot covered: the Head Spot
    assert respot_spot("side-right", {1: (50.0, 25.0), 2: (25.0, 25.0)}) == "foot"
    assert respot_spot("foot-left", {1: (75.0, 25.0)}) == "center"
    g = WildBill(["A", "B"], table="real")
    said = shoot(g, touched(1), sink("side-left"), DONE)
    assert "on the Center Spot (if covered: the Head Spot, then the Foot Spot)" in said


def test_break_foul_and_in_hand():
    g = WildBill(["A", "B"], table="real")
    assert foul("break") in g.legal_moves(0) and foul("behind") not in g.legal_moves(0)
    said = shoot(g, foul("scratch"))
    assert "Cue ball in hand" in said and g.in_hand
    assert foul("behind") in g.legal_moves(1) and foul("break") not in g.legal_moves(1)


def test_refusals():
    g = WildBill(["A", "B"], table="real")
    with pytest.raises(IllegalMove, match="First enter how many"):
        g.play(0, DONE)
    with pytest.raises(IllegalMove, match="not A's turn|not B's turn"):
        g.play(1, touched(1))
    g.play(0, touched(1))
    with pytest.raises(IllegalMove, match="already|entered"):
        g.play(0, touched(2))
    g.play(0, foul("other"))
    with pytest.raises(IllegalMove, match="break's alone"):
        g.play(1, foul("break"))


def test_outcome_of_a_table_shot():
    outcome = {"first": 3, "first_below": True, "contacts": [3, 1], "rail_after_contact": True,
               "sunk": [[3, "foot-left"]], "off_table": [], "foul": ""}
    assert shot_moves(outcome, is_break=True, foot_ball=3) == [touched(2), sink("foot-left"), DONE]
    assert shot_moves({**outcome, "first": 1}, is_break=True, foot_ball=3)[-1] == foul("break")
    scratch = {**outcome, "sunk": [[0, "side-left"]]}
    assert shot_moves(scratch)[-1] == foul("scratch")
    assert shot_moves({**outcome, "contacts": [], "first": None}) == [foul("no-hit")]


def test_a_table_shot_with_resting_places_respots_on_the_empty_spot_and_replays():
    g = WildBill(["A", "B"], table="real")
    outcome = {"first": 3, "first_below": True, "contacts": [3, 2], "rail_after_contact": True,
               "sunk": [[3, "side-left"]], "off_table": [], "foul": "",
               "rest": {"0": [60.0, 30.0], "1": [25.0, 25.0], "2": [50.0, 25.0], "3": None}}
    for m in shot_moves(outcome, is_break=True, foot_ball=3):
        g.play(0, m)
    # a side pocket's ball, the Center and Head Spots covered: the Foot Spot
    assert g.view(0)["balls"] == {"0": [60.0, 30.0], "1": [25.0, 25.0], "2": [50.0, 25.0], "3": [75.0, 25.0]}
    assert g.scores[0] == 3 and g.last_spots == ["foot"]
    again = WildBill.from_record(g.record())  # the same moves rebuild the same table, no physics
    assert again.view(0) == g.view(0)
    with pytest.raises(IllegalMove, match="resting place"):
        g.play(0, Move("rest", (2, 99999, 10)))
