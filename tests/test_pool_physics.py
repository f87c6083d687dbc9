"""The pool table's physics: a straight shot pots the ball it is aimed at into the pocket behind it, a
scratch is a scratch, a miss touches nothing, the outcome has the keys the rules read
(pool_outcome.md), and the same shot gives the same outcome and resting places; the computer shooter
picks the shot its caller's score likes best. The games on this screen: a shot is one move that keeps its
outcome (a malformed one refused), read by the rules (a straight shot sinks its ball, which Wild Bill
respots; a scratch gives the cue ball in hand), and a recorded game replays without the physics."""

from __future__ import annotations

import json
import math

from tabletop_tui.pool.physics import POCKETS, R, aim_line, rack, simulate_shot
from tabletop_tui.pool.shooter import LEVELS, RANDOM_TRIALS, candidate_shots, choose_shot

KEYS = {"first", "first_below", "contacts", "rail_after_contact", "sunk", "off_table", "foul", "rest"}


def aimed_at(ball: tuple[float, float], pocket: str, back: float) -> tuple[tuple[float, float], float]:
    """The cue ball `back` inches behind `ball` on the line from `pocket` through it, and the angle from
    the cue ball to the pocket."""
    px, py = POCKETS[pocket]
    dx, dy = ball[0] - px, ball[1] - py
    far = math.hypot(dx, dy)
    cue = (ball[0] + back * dx / far, ball[1] + back * dy / far)
    return cue, math.atan2(-dy, -dx)


def test_a_straight_shot_pots_the_ball_in_the_pocket_it_is_aimed_at() -> None:
    for pocket, ball in (("foot-left", (80.0, 15.0)), ("side-right", (50.0, 38.0)), ("head-right", (15.0, 40.0))):
        cue, angle = aimed_at(ball, pocket, 20.0)
        outcome, frames = simulate_shot({0: cue, 5: ball, 9: (60.0, 25.0) if pocket != "foot-left" else (30.0, 40.0)},
                                        angle, 0.5)
        assert outcome["first"] == 5, pocket
        assert outcome["contacts"] == [5]
        assert outcome["sunk"] == [[5, pocket]], pocket
        assert outcome["rest"]["5"] is None and outcome["rest"]["0"] is not None
        assert 5 not in frames[-1] and 0 in frames[-1]


def test_a_scratch_is_the_cue_ball_in_a_pocket() -> None:
    outcome, _ = simulate_shot({0: (50.0, 25.0), 1: (90.0, 40.0)}, -math.pi / 2, 0.4)
    assert outcome["sunk"] == [[0, "side-left"]]
    assert outcome["first"] is None and outcome["contacts"] == []
    assert outcome["rest"]["0"] is None


def test_a_miss_touches_nothing_and_the_balls_stay() -> None:
    outcome, frames = simulate_shot({0: (20.0, 25.0), 1: (90.0, 40.0)}, math.pi, 0.05)
    assert outcome["first"] is None and outcome["contacts"] == [] and outcome["sunk"] == []
    assert outcome["rail_after_contact"] is False
    assert outcome["rest"]["1"] == [90.0, 40.0]
    assert outcome["rest"]["0"][0] < 20.0  # it rolled towards the head rail and stopped short of it


def test_a_rail_first_and_the_outcome_keys() -> None:
    outcome, _ = simulate_shot({0: (20.0, 25.0), 3: (60.0, 10.0)}, math.pi, 0.6)  # off the head rail first
    assert set(outcome) == KEYS
    assert outcome["first"] == "rail:head"
    json.dumps(outcome)  # JSON-able as it is
    assert outcome["off_table"] == [] and outcome["foul"] == ""
    assert set(outcome["rest"]) == {"0", "3"}


def test_first_below_and_a_rail_after_contact() -> None:
    # a ball above the head string, hit firmly into the left rail
    outcome, _ = simulate_shot({0: (20.0, 25.0), 2: (20.0, 12.0)}, -math.pi / 2, 0.6)
    assert outcome["first"] == 2 and outcome["first_below"] is False
    assert outcome["rail_after_contact"] is True
    outcome, _ = simulate_shot({0: (40.0, 25.0), 2: (40.0 + 20, 25.0)}, 0.0, 0.2)
    assert outcome["first"] == 2 and outcome["first_below"] is True


def test_the_same_shot_replays_to_the_same_outcome_and_rest() -> None:
    balls = rack(cue=(20.0, 23.0))
    first, frames = simulate_shot(balls, math.atan2(2.0, 55.0), 1.0, seed=7)
    again, frames_again = simulate_shot({str(k): list(v) for k, v in balls.items()}, math.atan2(2.0, 55.0), 1.0, seed=7)
    assert first == again and frames == frames_again
    assert len(first["contacts"]) >= 1 and first["rail_after_contact"]
    # the last frame is where the balls rest
    resting = {k: v for k, v in first["rest"].items() if v is not None}
    assert {str(k) for k in frames[-1]} == set(resting)
    for k, (x, y) in frames[-1].items():
        assert math.isclose(x, resting[str(k)][0], abs_tol=0.006) and math.isclose(y, resting[str(k)][1], abs_tol=0.006)
    # a different seed wavers the stroke: not the same break
    other, _ = simulate_shot(balls, math.atan2(2.0, 55.0), 1.0, seed=8)
    assert other["rest"] != first["rest"]


def test_the_aim_line_stops_at_the_ghost_ball() -> None:
    (x, y), hit = aim_line({0: (20.0, 25.0), 4: (60.0, 25.0)}, 0.0)
    assert hit == 4 and math.isclose(x, 60.0 - 2 * R) and math.isclose(y, 25.0)
    (x, y), hit = aim_line({0: (20.0, 25.0), 4: (60.0, 25.0)}, math.pi)
    assert hit is None and math.isclose(x, R)


def test_the_shooter_takes_the_shot_its_score_likes() -> None:
    balls = {0: (30.0, 25.0), 1: (60.0, 12.0), 2: (70.0, 38.0)}
    assert len(candidate_shots(balls, targets=[1])) >= 2

    def pot_two(outcome: dict) -> float:
        return 10.0 * sum(1 for ball, _ in outcome["sunk"] if ball == 2) - 10.0 * any(b == 0 for b, _ in outcome["sunk"])

    choice = choose_shot(balls, pot_two, "hard", seed=3)
    assert choice.trials == min(LEVELS["hard"][0], len(candidate_shots(balls)) + RANDOM_TRIALS["hard"])
    assert choice.score == 10.0 and [2, choice.expected["sunk"][0][1]] in choice.expected["sunk"]
    assert choose_shot(balls, pot_two, "hard", seed=3) == choice  # deterministic
    assert choose_shot(balls, pot_two, "easy", seed=3).trials == min(LEVELS["easy"][0], len(candidate_shots(balls)) + RANDOM_TRIALS["easy"])
    assert choose_shot(balls, pot_two, "hard", seed=3, enough=10.0).trials < choice.trials  # the first good one


# -- the table's shots as the games' moves ---------------------------------------------------------------


def wild_bill_at(balls: dict[int, tuple[float, float]]):
    """A Wild Bill game on this screen after its break, the balls where given."""
    from tabletop_tui.rules.wild_bill import WildBill

    game = WildBill(["Mike", "Dave"])
    game.is_break = False
    game.balls = dict(balls)
    return game


def test_a_shot_move_keeps_its_outcome_and_a_malformed_one_is_refused() -> None:
    from tabletop_tui.rules.engine import IllegalMove, Move
    from tabletop_tui.rules.pool import move_outcome, outcome_move

    game = wild_bill_at({0: (30.0, 25.0), 1: (60.0, 12.0), 2: (70.0, 38.0), 3: (85.0, 30.0)})
    outcome, _ = simulate_shot(game.balls, 0.3, 0.5)
    move = outcome_move(outcome, cue=game.balls[0], aim=0.3, power=0.5)
    read = move_outcome(move, 3)
    assert read == {**outcome, "cue": (30.0, 25.0), "aim": 0.3, "power": 0.5}
    assert move in game.legal_moves(0) and move not in game.legal_moves(1)
    assert json.loads(json.dumps(move.to_json())) == move.to_json()  # a save keeps it as it is
    rest = dict(outcome["rest"])
    for bad in (Move("shot", (*move.args, "spin:3")),  # a word no shot has
                Move("shot", tuple(a for a in move.args if not a.startswith("rest:3"))),  # a ball left out
                outcome_move({**outcome, "rest": {**rest, "2": None}}),  # at rest nowhere, not sunk
                outcome_move(outcome, cue=(31.0, 25.0)),  # not from where the cue ball lies
                outcome_move({**outcome, "sunk": [[7, "foot-left"]]})):  # no such ball on the table
        assert bad not in game.legal_moves(0)
        try:
            game.play(0, bad)
        except IllegalMove as refused:
            assert "played on the table" in refused.reason
        else:
            raise AssertionError(f"{bad} was taken")


def test_on_this_screen_a_straight_shot_sinks_its_ball_and_the_rules_respot_it() -> None:
    from tabletop_tui.rules.pool import FOOT_SPOT, outcome_move

    cue, angle = aimed_at((80.0, 15.0), "foot-left", 20.0)
    game = wild_bill_at({0: cue, 1: (80.0, 15.0), 2: (50.0, 25.0), 3: (25.0, 25.0)})
    outcome, _ = simulate_shot(game.balls, angle, 0.5)
    assert outcome["sunk"] == [[1, "foot-left"]]
    game.play(0, outcome_move(outcome, cue=cue, aim=angle, power=0.5))
    assert game.scores == [1, 0] and game.current == 1  # a point, the inning over
    assert game.balls[1] == FOOT_SPOT and "on the Foot Spot" in game.log[-3].text  # back on the nearest spot
    assert game.balls[0] == tuple(outcome["rest"]["0"])


def test_on_this_screen_a_scratch_is_a_scratch_and_the_next_player_has_the_cue_ball_in_hand() -> None:
    from tabletop_tui.rules.pool import outcome_move

    game = wild_bill_at({0: (50.0, 25.0), 1: (90.0, 40.0), 2: (75.0, 25.0), 3: (25.0, 25.0)})
    outcome, _ = simulate_shot(game.balls, -math.pi / 2, 0.4)
    game.play(0, outcome_move(outcome))
    assert "Foul: a scratch" in " ".join(e.text for e in game.log[-3:])
    view = game.view(1)
    assert view["in_hand"] and view["cue_in_hand"] and "0" not in view["balls"]
    assert game.balls[3] == (25.0, 25.0)  # the cue ball is no ball to spot


def test_a_table_game_recorded_replays_to_the_same_table_without_the_physics(monkeypatch) -> None:
    from tabletop_tui.bots.base import Knowledge
    from tabletop_tui.bots.magic_hate_ball import MagicHateBallBot
    from tabletop_tui.pool import seat as seat_module
    from tabletop_tui.rules.magic_hate_ball import MagicHateBall

    game = MagicHateBall(["Ada", "Bo"], 4)
    bots = [MagicHateBallBot(s, 4) for s in range(2)]
    for bot in bots:
        bot.set_level("easy")
        bot.time_budget = math.inf  # the same choices on any machine
    while len(game.history) < 6 and game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, bots[seat].decide(Knowledge(game, seat)))
    assert [m.kind for _, m in game.history[2:]] == ["shot"] * (len(game.history) - 2)

    def no_physics(*args, **kwargs):
        raise AssertionError("the physics ran again")

    monkeypatch.setattr(seat_module, "simulate_shot", no_physics)
    import tabletop_tui.pool.physics as physics
    monkeypatch.setattr(physics, "simulate_shot", no_physics)
    again = MagicHateBall.from_record(json.loads(json.dumps(game.record())))
    assert again.view(0) == game.view(0) and again.balls == game.balls
    assert [e.text for e in again.log] == [e.text for e in game.log]
