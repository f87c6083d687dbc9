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
    out = g.outcome()
    return (out is not None and g.view(0)["ending"].startswith("lost") and "loses" in out.summary
            and out.nobody_won and out.standings[0].place == 2 and out.winner is None and out.drawn == [])


def test_one_player_only():
    with pytest.raises(ValueError):
        OneBall(["A", "B"], table="real")


def test_nothing_on_the_break_then_a_miss_loses():
    g = OneBall(["Solo"], table="real")
    shot(g, DONE)  # no penalty on the break
    assert g.on_table == 15 and g.outcome() is None
    said = shot(g, call(), DONE)  # the second shot missed: no ball to spot
    assert "No ball to spot" in said and lost(g)


def test_misses_spot_and_four_in_a_row_lose():
    g = OneBall(["Solo"], table="real")
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
    g = OneBall(["Solo"], table="real")
    shot(g, *[SINK] * 13, DONE)
    assert g.on_table == 2
    shot(g, call("side-left"), MADE, SINK, DONE)
    assert g.outcome().winner == 0 and g.outcome().standings[0].score == 2 and not g.outcome().nobody_won


def test_a_foul_loses_and_the_break_is_not_called():
    g = OneBall(["Solo"], table="real")
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

    g = OneBall(["Solo"], table="real")
    g.play(0, SINK)
    g.play(0, rest_move(1, "foot-left"))
    for b in range(2, 16):
        g.play(0, rest_move(b, (75.0, 25.0) if b == 2 else (20.0 + b, 5.0)))
    g.play(0, rest_move(0, (10.0, 25.0)))
    g.play(0, DONE)
    shot(g, call(), DONE)  # a miss: ball 1 comes back, below the ball on the Foot Spot
    assert g.view(0)["balls"]["1"] == [pytest.approx(77.25), 25.0]


def test_a_save_of_rules_version_1_keeps_a_loss_first_of_one():
    """Version 1 placed a lost game first of one: its saves migrate to a record that says so, replay as
    they were played, and keep saying so when saved again."""
    from tabletop_tui.store.versions import _apply_migrations

    g = OneBall(["Solo"], table="real")
    shot(g, DONE)
    shot(g, call(), Move("foul", ("scratch",)))
    assert g.record()["options"] == {"table": "real"}  # a new game's record names no such key
    migrated = _apply_migrations({**g.record(), "rules_version": 1}, OneBall)
    assert migrated is not None and migrated["rules_version"] == OneBall.rules_version == 3
    again = OneBall.from_record(migrated)
    assert again.outcome().standings[0].place == 1 and not again.outcome().nobody_won
    assert OneBall.from_record(again.record()).outcome() == again.outcome()


async def test_a_lost_game_reads_nobody_won_in_the_results_and_the_finished_games(make_app, store):
    from tabletop_tui.session import Session
    from tabletop_tui.ui.screens.records import FinishedGamesScreen
    from tabletop_tui.ui.screens.results import ResultsScreen
    from ui_helpers import settle, shown, words

    session = Session.new("one-ball", ["Solo"], 3, {"table": "real"}, [], store)
    for move in (DONE, call(), Move("foul", ("scratch",))):
        session.play(0, move)
    assert session.over()
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, ResultsScreen)
        assert "Nobody won" in words(app.screen.query_one("#results-nobody"))
        assert not app.screen.query("#results-draw")
        rows = shown(app.screen.query_one("#results-table")).splitlines()
        assert [row.split()[0] for row in rows if "Solo" in row] == ["2nd"]
        app.push_screen(FinishedGamesScreen("one-ball"))
        await settle(pilot, 3)
        detail = words(app.screen.query_one("#finished-detail"))
        assert "nobody won" in detail and "Solo won" not in detail


def test_a_break_on_the_table_says_once_how_many_it_sank():
    """On the table a break is one move: its line says how many balls it sank, not a line a ball."""
    from tabletop_tui.pool.physics import simulate_shot
    from tabletop_tui.rules.pool import outcome_move

    g = OneBall(["Solo"])  # on this screen
    balls = g.view(0)["balls"]
    outcome, _ = simulate_shot(balls, 0.0, 1.0, seed=10)  # sinks the 10 and the 7
    assert [ball for ball, _pocket in outcome["sunk"]] == [10, 7]
    text = shot(g, outcome_move(outcome, cue=balls.get("0", balls.get(0)), aim=0.0, power=1.0))
    assert "sinks a ball" not in text and "sinks 2 balls on the break" in text
