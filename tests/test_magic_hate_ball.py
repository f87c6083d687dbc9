"""Magic Hate Ball: handicaps as starting scores and the break to the lowest (a draw among ties), the
break scoring nothing, +1 a ball and -1 for nothing, ten to win and zero to lose at the end of an inning,
fouls putting the shooter out, "all opponents fouled out" changing nobody's handicap, negative
handicaps, the re-rack with one ball left, the cue ball in hand after a scratch, the option for the
players still in, refusals, and a table's shot read as moves."""

import pytest

from tabletop_tui.rules.engine import IllegalMove, Move, RecordError
from tabletop_tui.rules.magic_hate_ball import MagicHateBall, shot_moves
from tabletop_tui.rules.pool import rack_positions, rerack

DONE, SINK = Move("done"), Move("sink")


def foul(k="scratch"):
    return Move("foul", (k,))


def start(handicaps, seed=0, **options):
    g = MagicHateBall([f"P{k}" for k in range(len(handicaps))], seed, **{"table": "real", **options})
    for s, h in enumerate(handicaps):
        g.play(s, Move("handicap", (h,)))
    return g


def shot(g, *moves):
    seat = g.to_act()[0]
    return " ".join(e.text for m in moves for e in g.play(seat, m))


def test_lowest_handicap_breaks_and_ties_are_drawn():
    assert start([5, 3, 4]).to_act() == [1]
    breakers = {start([4, 4, 6], seed).to_act()[0] for seed in range(20)}
    assert breakers == {0, 1}


def test_break_scores_nothing_and_scoring():
    g = start([4, 4, 5])
    b = g.to_act()[0]
    said = shot(g, SINK, SINK, DONE)
    assert g.scores[b] == 4 and g.to_act() == [b] and "shoots again" in said
    shot(g, SINK, DONE)  # +1
    said = shot(g, DONE)  # -1: the inning is over, 0 this inning as the seed's example says
    assert g.scores[b] == 4 and "(0 this inning)" in said
    assert g.to_act() != [b]


def test_a_break_that_sinks_nothing_ends_the_inning_and_is_judged():
    # the turn passes: the breaker's inning is over; at 0 or less they lose, at 10 or more they win
    g = start([-2, 4])
    said = shot(g, DONE)  # the negative handicap breaks and sinks nothing
    assert "no points lost" in said and g.scores[0] == -2
    assert g.out[0] == "lost" and "P0 ends the inning with -2 points and loses" in said
    assert g.over and g.handicaps_after()[0] == -1
    g = start([0, 4, 5])
    said = shot(g, DONE)
    assert g.out[0] == "lost" and not g.over and g.to_act() == [1] and "drops out, handicap 1" in said
    g = start([10, 11])
    said = shot(g, DONE)
    assert g.outcome().winner == 0 and g.handicaps_after() == [9, 11] and "wins" in said
    g = start([1, 4])
    shot(g, DONE)  # a positive breaker: on to the next inning
    assert not g.out[0] and g.to_act() == [1]


def test_the_option_passes_an_empty_break_unjudged():
    g = start([-2, 4], empty_break="unjudged")
    said = shot(g, DONE)  # the negative handicap breaks and sinks nothing: still in
    assert not g.out[0] and g.to_act() == [1] and "no points lost" in said
    shot(g, SINK, DONE, DONE)  # P1 +1 -1
    shot(g, SINK, SINK, SINK, SINK, DONE, DONE)  # P0: -2 +4 -1 = 1: positive at the end of the first real inning
    assert g.scores[0] == 1 and not g.out[0]


def test_negative_handicap_stays_in_with_a_positive_first_inning():
    g = start([-1, 4])
    shot(g, SINK, DONE)  # the break sinks one: it scores nothing, and the inning goes on
    shot(g, SINK, SINK, SINK, DONE)  # +3: 2
    said = shot(g, DONE)  # -1: 1 at the end of the first inning: positive, stays in
    assert g.scores[0] == 1 and not g.out[0] and g.to_act() == [1] and "loses" not in said


def test_ten_wins_zero_loses_and_handicaps():
    g = start([9, 1, 4])
    shot(g, DONE)  # P1 breaks (lowest), nothing
    shot(g, SINK, DONE, SINK, DONE, DONE)  # P2: 4 + 2 - 1 = 5
    said = shot(g, SINK, DONE, SINK, DONE, DONE)  # P0: 9 + 2 - 1 = 10 at the end of the inning: wins
    assert g.outcome().winner == 0 and g.handicaps_after() == [8, 1, 4]
    assert "wins" in said
    g = start([9, 1, 4], others="lose")
    shot(g, DONE)
    shot(g, SINK, DONE, SINK, DONE, DONE)
    shot(g, SINK, DONE, SINK, DONE, DONE)
    assert g.handicaps_after() == [8, 2, 5]
    g = start([4, 1, 4])
    shot(g, DONE)  # P1's break
    shot(g, DONE)  # P2: 3
    shot(g, DONE)  # P0: 3
    said = shot(g, DONE)  # P1: 0: loses
    assert g.out[1] == "lost" and "drops out, handicap 2" in said


def test_foul_drops_out_and_all_opponents_fouled_out_is_no_win():
    g = start([4, 5, 6])
    said = shot(g, foul("scratch"))  # a foul on the break is a foul
    assert "Foul: a scratch" in said and "P0 drops out, handicap 5" in said
    assert g.in_hand and foul("behind") in g.legal_moves(1) and "Cue ball in hand" in said
    said = shot(g, foul("behind"))
    out = g.outcome()
    assert g.over and out.nobody_won and out.winner is None and out.first == out.drawn == []
    # the last one standing is placed best, 2nd: nobody is first; and the handicap stays
    assert [(st.seat, st.place) for st in out.standings] == [(2, 2), (1, 3), (0, 4)]
    assert g.handicaps_after() == [5, 6, 6] and "no win" in said and "nobody won" in out.summary


def test_rerack_with_one_ball_left():
    g = start([4, 4])
    said = shot(g, *[SINK] * 14, DONE)
    assert "re-rack the other fourteen with the top of the rack empty" in said and g.on_table == 15
    assert SINK in g.legal_moves(g.to_act()[0])
    # the positions: fourteen spots behind the apex; a ball in the rack goes in, a cue ball to the Head Spot
    assert len(rack_positions(14)) == 14 and rack_positions(15)[0] == (75.0, 25.0)
    moved = rerack({0: (76.0, 25.0), 7: (30.0, 10.0)}, [0, 7], list(range(1, 7)) + list(range(8, 16)))
    assert moved[0] == (25.0, 25.0) and 7 not in moved and len(moved) == 15


def test_refusals():
    g = MagicHateBall(["A", "B"], table="real")
    with pytest.raises(IllegalMove, match="handicap"):
        g.play(0, DONE)
    with pytest.raises(IllegalMove, match="whole number from"):
        g.play(0, Move("handicap", (99,)))
    g = start([4, 5])
    with pytest.raises(IllegalMove, match="after a scratch"):
        g.play(0, foul("behind"))


def test_outcome_read_as_moves():
    out = {"first": 3, "first_below": True, "contacts": [3], "rail_after_contact": False,
           "sunk": [[3, "foot-left"], [4, "side-left"]], "off_table": [], "foul": ""}
    assert shot_moves(out) == [SINK, SINK, DONE]
    assert shot_moves({**out, "sunk": []}) == [foul("no-rail")]
    assert shot_moves({**out, "first": "rail:left"}, in_hand=True) == [SINK, SINK, foul("behind")]


def test_a_table_shot_with_resting_places_reracks_them():
    from tabletop_tui.rules.pool import rest_move

    g = start([4, 4])
    seat = g.to_act()[0]
    for _ in range(14):
        g.play(seat, SINK)
    g.play(seat, rest_move(0, (76.0, 25.0)))  # the cue ball stopped inside the rack
    g.play(seat, rest_move(9, (40.0, 10.0)))
    g.play(seat, DONE)
    balls = g.view(0)["balls"]
    assert balls["0"] == [25.0, 25.0] and balls["9"] == [40.0, 10.0] and len(balls) == 16
    assert [75.0, 25.0] not in balls.values()  # the top of the rack is left empty


def test_a_save_of_rules_version_1_keeps_the_last_one_standing_first():
    """Version 1 placed the last one standing first: its saves migrate to a record that says so, replay as
    they were played, and keep saying so when saved again."""
    from tabletop_tui.store.versions import _apply_migrations

    g = start([4, 5, 6])
    shot(g, foul("scratch"))
    shot(g, foul("behind"))
    old = {**g.record(), "rules_version": 1}
    migrated = _apply_migrations(old, MagicHateBall)
    assert migrated is not None and migrated["rules_version"] == MagicHateBall.rules_version == 4
    assert migrated["options"]["table"] == "real"  # refereed, as every game before the table on this screen
    again = MagicHateBall.from_record(migrated)
    out = again.outcome()
    assert [(st.seat, st.place) for st in out.standings] == [(2, 1), (1, 2), (0, 3)] and out.winner == 2
    assert MagicHateBall.from_record(again.record()).outcome() == out
    # a new game's record names no such key
    assert g.record()["options"] == {"others": "unchanged", "empty_break": "judged", "table": "real"}


def test_a_save_of_rules_version_3_replays_its_empty_break_unjudged():
    """Before version 4 a break that sank nothing passed the turn unjudged: such a save, where the
    negative handicap broke, sank nothing and played on, migrates to a record that says so and replays."""
    from tabletop_tui.store.versions import _apply_migrations

    g = start([-1, 4], empty_break="unjudged")
    shot(g, DONE)
    shot(g, SINK, DONE, DONE)
    shot(g, SINK, SINK, SINK, DONE, DONE)
    record = g.record()
    old = {**record, "rules_version": 3, "options": {k: v for k, v in record["options"].items() if k != "empty_break"}}
    migrated = _apply_migrations(old, MagicHateBall)
    assert migrated is not None and migrated["options"]["empty_break"] == "unjudged"
    again = MagicHateBall.from_record(migrated)
    assert again.scores == g.scores == [1, 4] and not again.out[0]
    with pytest.raises(RecordError, match="is refused: The game is over"):  # read as judged: out at the break
        MagicHateBall.from_record({**old, "rules_version": 4})
