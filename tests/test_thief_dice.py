"""Thief Dice: the table of rolls (all 36 pairs), backstabs, close-calls and the fix, order rolls, payments,
jail, ratting, the end of the game, refusals, the view, the computer player, and a seeded property test
over whole random games."""

import json
import random
from collections import Counter

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.thief_dice import ThiefDiceBot, round_leader
from tabletop_tui.rules.engine import COMMON_VIEW, Move, Stream
from tabletop_tui.rules.thief_dice import (
    BACKSTAB, BUST, CLOSE_CALL, NOTHING, RESULTS, STEAL, TWO_STEALS, LastPayments, LastRat, LastRoll, Payment, Thief,
    ThiefDice, ThiefDiceView, classify, rat_succeeds)

from scripted import refused, scripted_stream

ROLL = Move("roll")
NAMES = ["Ada", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal"]
ADA, BOB, CY, DAN = 0, 1, 2, 3

# The table of the rules, written out pair by pair (smaller face first).
TABLE = {
    (1, 1): BACKSTAB, (1, 2): STEAL, (1, 3): TWO_STEALS, (1, 4): STEAL, (1, 5): STEAL, (1, 6): NOTHING,
    (2, 2): STEAL, (2, 3): STEAL, (2, 4): NOTHING, (2, 5): NOTHING, (2, 6): BUST,
    (3, 3): STEAL, (3, 4): STEAL, (3, 5): STEAL, (3, 6): NOTHING,
    (4, 4): STEAL, (4, 5): NOTHING, (4, 6): BUST,
    (5, 5): STEAL, (5, 6): BUST,
    (6, 6): CLOSE_CALL,
}
PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


# --------------------------------------------------------------------------------------------
# helpers: a game whose dice are scripted


def faces_for_total(total: int) -> list[int]:
    a = min(6, total - 1)
    return [a, total - a]


def table(n: int = 2, setup: list[int] | None = None, **options) -> ThiefDice:
    """A game of n thieves whose dice are scripted. By default the order rolls are 12, 11, 10 ... so that
    the turn order is Ada, Bob, Cy ..."""
    if setup is None:
        setup = [f for i in range(n) for f in faces_for_total(12 - i)]
    options.setdefault("points", 10)  # the worked examples below count from 10 points each
    with scripted_stream(setup):
        game = ThiefDice(NAMES[:n], 0, **options)
    assert not game.rng.faces, "unused setup dice"
    return game


def push(game: ThiefDice, *faces: int) -> None:
    game.rng.faces.extend(faces)


def roll(game: ThiefDice, a: int, b: int, *more: int):
    """The thief to act rolls a and b (`more`: dice for what follows, e.g. payments). Returns (seat, events)."""
    seat = game.to_act()[0]
    push(game, a, b, *more)
    events = game.play(seat, ROLL)
    assert not game.rng.faces, "unused scripted dice"
    return seat, events


def rat(game: ThiefDice, seat: int, target: int, a: int, b: int):
    push(game, a, b)
    return game.play(seat, Move("rat", (target,)))


def win_round(game: ThiefDice, *payment_faces: int):
    """The thief to act, put at 5 steals, rolls 1 and 2 for the sixth; `payment_faces` pay and reorder."""
    seat = game.to_act()[0]
    game.steals[seat] = 5
    return roll(game, 1, 2, *payment_faces)


def three_with_bob_jailed(**options) -> ThiefDice:
    """Ada wins round 1 of three; Bob pays all his 10 points and is jailed, Cy pays 9 and keeps 1.
    Round 2: Ada then Cy (one other free thief: no roll for places)."""
    game = table(3, **options)
    win_round(game, 6, 6, 1, 2)  # Bob 12 -> owes 36, pays 10; Cy 3 -> pays 9, keeps 1
    return game


# --------------------------------------------------------------------------------------------
# the catalog and the help


def test_catalog_entry_loads_this_game_bot_and_help():
    info = catalog.get("thief-dice")
    assert info.rules_class() is ThiefDice
    assert info.bot_class() is ThiefDiceBot
    text = info.help_text()
    for section in ("# Thief Dice", "## The idea", "## Setup", "## A turn", "## Winning and scoring",
                    "## Options", "## Rulings", "`points`", "`rounds`", "`close_call_fix`"):
        assert section in text
    assert (ThiefDice.id, ThiefDice.min_players, ThiefDice.max_players) == ("thief-dice", 2, 8)


def test_options_are_checked():
    game = ThiefDice(["Ada", "Bob"], 1)
    assert game.options == {"points": 30, "rounds": 0, "close_call_fix": False, "payment_ceiling": "points"}
    for bad in ({"points": 0}, {"points": 1001}, {"rounds": -1}, {"close_call_fix": "maybe"}, {"stakes": 5},
                {"payment_ceiling": "half"}):
        with pytest.raises(ValueError):
            ThiefDice(["Ada", "Bob"], 1, **bad)
    game = ThiefDice(["Ada", "Bob"], 1, points="25", rounds="3", close_call_fix="yes", payment_ceiling="none")
    assert game.options == {"points": 25, "rounds": 3, "close_call_fix": True, "payment_ceiling": "none"}
    assert game.points == [25, 25]


# --------------------------------------------------------------------------------------------
# the table of rolls


def test_the_table_covers_the_36_pairs_as_the_rules_say():
    counts = Counter(classify(a, b) for a, b in PAIRS)
    assert counts == {STEAL: 16, TWO_STEALS: 2, NOTHING: 10, BUST: 6, BACKSTAB: 1, CLOSE_CALL: 1}
    for a, b in PAIRS:
        assert classify(a, b) == classify(b, a) == TABLE[min(a, b), max(a, b)]


@pytest.mark.parametrize("a,b", PAIRS)
def test_every_pair_played(a, b):
    """Ada (2 steals) rolls a and b in a game of three; Bob, next, holds 1 steal."""
    game = table(3)
    game.steals[ADA], game.steals[BOB] = 2, 1
    seat, events = roll(game, a, b)
    assert seat == ADA
    result = TABLE[min(a, b), max(a, b)]
    view = game.view(None)
    assert view["last_roll"] == {"seat": ADA, "faces": [a, b], "result": result,
                                 "change": {STEAL: 1, TWO_STEALS: 2, BUST: -1, BACKSTAB: 1}.get(result, 0),
                                 "victim": BOB if result == BACKSTAB else None, "round": 1}
    steals = [t["steals"] for t in view["thieves"]]
    lost = [t["lost_turns"] for t in view["thieves"]]
    assert events[0].kind == "roll" and events[0].text.startswith(f"Ada rolled {a} and {b}")
    if result == STEAL:
        assert steals == [3, 1, 0] and view["current"] == BOB
    elif result == TWO_STEALS:
        assert steals == [4, 1, 0] and "two steals" in events[0].text
    elif result == BUST:
        assert steals == [1, 1, 0] and "bust" in events[0].text
    elif result == NOTHING:
        assert steals == [2, 1, 0] and "nothing happens" in events[0].text
    elif result == BACKSTAB:
        # Bob hands Ada a steal and loses his turn: Cy rolls next
        assert steals == [3, 0, 0] and lost == [0, 0, 0] and view["current"] == CY
        assert events[1].kind == "skip" and events[1].text == "Bob loses this turn."
    else:  # close-call: no steal lost, Ada owes a turn
        assert steals == [2, 1, 0] and lost == [1, 0, 0] and view["current"] == BOB
    if result != BACKSTAB:
        assert view["current"] == BOB


def test_a_bust_with_no_steal_loses_nothing():
    game = table(2)
    _, events = roll(game, 6, 4)
    assert game.steals == [0, 0]
    assert "no steal to lose" in events[0].text


# --------------------------------------------------------------------------------------------
# backstabs


def test_the_backstab_takes_a_steal_from_the_next_thief_who_loses_a_turn():
    game = table(3)
    game.steals[BOB] = 3
    _, events = roll(game, 1, 1)
    assert game.steals == [1, 2, 0]
    assert events[0].text == ("Ada rolled 1 and 1: a backstab! Bob loses a turn and hands Ada a steal "
                              "(Ada 1, Bob 2).")
    assert game.to_act() == [CY]
    roll(game, 2, 4)
    assert game.to_act() == [ADA]
    roll(game, 2, 4)
    assert game.to_act() == [BOB]  # the lost turn was used up once


def test_a_backstab_of_a_thief_with_no_steal_only_costs_a_turn():
    game = table(2)
    _, events = roll(game, 1, 1)
    assert game.steals == [0, 0]
    assert "has no steal to hand over" in events[0].text
    assert game.to_act() == [ADA]  # in two, Bob's turn is skipped: Ada rolls again


def test_a_thief_already_due_to_lose_a_turn_loses_one_more():
    game = table(3)
    roll(game, 1, 1)  # Ada backstabs Bob: Bob skipped, Cy to roll
    assert game.to_act() == [CY]
    roll(game, 6, 6)  # Cy: close-call (Cy owes 1)
    roll(game, 1, 1)  # Ada backstabs Bob again (Bob owes 1), Bob skipped, Cy skipped, Ada again
    assert game.to_act() == [ADA] and game.lost_turns == [0, 0, 0]
    game2 = table(3)
    game2.lost_turns[BOB] = 1
    roll(game2, 1, 1)
    assert game2.to_act() == [CY] and game2.lost_turns[BOB] == 1  # one used, one still owed


def test_a_backstab_skips_jailed_thieves():
    game = three_with_bob_jailed()
    assert game.to_act() == [ADA] and game.order == [ADA, CY]
    game.steals[CY] = 2
    roll(game, 1, 1)
    assert game.steals[CY] == 1 and game.steals[ADA] == 1 and game.steals[BOB] == 0
    assert game.to_act() == [ADA]


def test_the_steal_taken_in_a_backstab_can_win_the_round():
    game = table(2)
    game.steals[ADA], game.steals[BOB] = 5, 2
    _, events = roll(game, 1, 1, 1, 2)  # Bob pays 3 x 3
    assert any(e.kind == "round_won" and e.text.startswith("Ada has 6 steals and wins round 1") for e in events)
    assert game.points == [19, 1] and game.round == 2


def test_a_backstab_of_a_thief_with_no_steal_cannot_win():
    game = table(2)
    game.steals[ADA] = 5
    roll(game, 1, 1)
    assert game.round == 1 and game.steals == [5, 0]


# --------------------------------------------------------------------------------------------
# close-calls


def test_a_close_call_loses_the_rollers_next_turn_and_keeps_the_steals():
    game = table(3)
    game.steals[ADA] = 4
    _, events = roll(game, 6, 6)
    assert game.steals[ADA] == 4 and game.lost_turns[ADA] == 1
    assert "close-call" in events[0].text
    roll(game, 2, 4)  # Bob
    seat, events = roll(game, 2, 4)  # Cy; then Ada is skipped
    assert seat == CY and events[-1].text == "Ada loses this turn." and game.to_act() == [BOB]


def test_lost_turns_stack():
    game = table(3)
    roll(game, 6, 6)  # Ada owes 1
    roll(game, 2, 4)  # Bob
    roll(game, 1, 1)  # Cy backstabs Ada: Ada owes 2 -> skipped once now
    assert game.lost_turns[ADA] == 1 and game.to_act() == [BOB]
    roll(game, 2, 4)  # Bob
    roll(game, 2, 4)  # Cy; Ada skipped again
    assert game.lost_turns[ADA] == 0 and game.to_act() == [BOB]


def _seed_scenario(fix: bool) -> tuple[ThiefDice, list[int]]:
    """The two-thief case from the original: Ada rolls a close-call, Bob backstabs, then Bob rolls a
    close-call. Returns the game and who rolls the next four times."""
    game = table(2, close_call_fix=fix)
    assert roll(game, 6, 6)[0] == ADA
    assert roll(game, 1, 1)[0] == BOB  # Ada now owes two turns; one is used at once
    assert game.lost_turns == [1, 0] and game.to_act() == [BOB]
    assert roll(game, 6, 6)[0] == BOB
    rollers = []
    for _ in range(4):
        rollers.append(roll(game, 2, 4)[0])
    return game, rollers


def test_the_two_thief_close_call_case_without_the_fix():
    # Ada's second lost turn and Bob's lost turn both go in one pass; then they alternate as before.
    game, rollers = _seed_scenario(False)
    assert rollers == [ADA, BOB, ADA, BOB]


def test_the_two_thief_close_call_case_with_the_fix():
    # Bob's close-call forgives Ada's remaining lost turn: Ada rolls at once, Bob's lost turn comes next.
    game, rollers = _seed_scenario(True)
    assert rollers == [ADA, ADA, BOB, ADA]
    assert any("Ada is forgiven 1 lost turn" in e.text for e in game.log)


def test_the_fix_forgives_every_other_thiefs_lost_turns():
    game = table(4, close_call_fix=True)
    game.lost_turns[CY], game.lost_turns[DAN] = 2, 1
    roll(game, 6, 6)  # Ada
    assert game.lost_turns == [1, 0, 0, 0] and game.to_act() == [BOB]
    plain = table(4)
    plain.lost_turns[CY], plain.lost_turns[DAN] = 2, 1
    roll(plain, 6, 6)
    assert plain.lost_turns == [1, 0, 2, 1]


def test_lost_turns_are_cleared_at_the_end_of_a_round():
    game = table(3, points=100)
    roll(game, 6, 6)  # Ada owes a turn
    game.lost_turns[CY] = 3
    win_round(game, 1, 1, 1, 1, 1, 1, 6, 6)  # Bob wins; Cy and Ada pay 6; for places Ada rolls 2, Cy 12
    assert game.round == 2 and game.lost_turns == [0, 0, 0] and game.steals == [0, 0, 0]
    assert game.order == [BOB, CY, ADA]


# --------------------------------------------------------------------------------------------
# winning a round, payments, jail


def test_six_steals_win_the_round_and_the_others_pay_three_times_their_total():
    game = table(3, points=50)
    game.steals[BOB] = 4
    _, events = win_round(game, 4, 5, 2, 2, 6, 1, 1, 1)  # Bob pays 27, Cy 12; then places: Bob 7, Cy 2
    assert game.points == [50 + 27 + 12, 23, 38] and sum(game.points) == 150
    payments = game.view(None)["last_payments"]
    assert payments == {"round": 1, "winner": ADA, "collected": 39, "payments": [
        {"seat": BOB, "faces": [4, 5], "total": 9, "owed": 27, "paid": 27, "jailed": False},
        {"seat": CY, "faces": [2, 2], "total": 4, "owed": 12, "paid": 12, "jailed": False},
    ]}
    texts = [e.text for e in events]
    assert "Bob rolls 4 and 5: 3 x 9 = 27; Bob pays Ada 27 points and keeps 23." in texts
    assert game.round == 2 and game.order == [ADA, BOB, CY] and game.steals == [0, 0, 0]
    assert game.round_wins == [1, 0, 0]


def test_two_steals_from_five_make_seven_and_win():
    game = table(2)
    game.steals[ADA] = 5
    _, events = roll(game, 3, 1, 1, 1)
    assert any(e.text.startswith("Ada has 7 steals and wins round 1") for e in events)


def test_payers_roll_in_turn_order_after_the_winner():
    game = table(4, points=100)
    roll(game, 2, 4)  # Ada
    game.steals[BOB] = 5
    _, events = roll(game, 1, 2, 1, 1, 1, 2, 1, 3, 1, 1, 6, 6, 2, 2)
    assert [e.seat for e in events if e.kind == "payment"] == [CY, DAN, ADA]
    assert game.points == [88, 100 + 6 + 9 + 12, 94, 91]
    assert game.order == [BOB, CY, DAN, ADA]  # Bob won; Ada, Cy and Dan rolled 2, 12 and 4 for places


def test_payment_is_capped_at_what_the_payer_has_and_empty_means_jail():
    game = three_with_bob_jailed()
    assert game.points == [10 + 10 + 9, 0, 1]
    assert game.jailed == [False, True, False] and game.jail_order == [BOB]
    assert game.jail_round == [None, 1, None] and game.jail_paid[BOB] == 10
    text = [e.text for e in game.log if e.kind == "payment"][0]
    assert text == "Bob rolls 6 and 6: 3 x 12 = 36 owed; Bob pays Ada all 10 points left and is jailed."
    assert game.order == [ADA, CY] and game.round == 2
    assert BOB not in game.to_act()


def test_a_rich_thief_pays_no_more_than_the_starting_points():
    # The seed: "if points are set at 10 then thieves can only pay up to 10 points".
    game = table(2, points=10)
    game.points = [18, 2]  # Ada grew rich in earlier rounds (the table still holds 20)
    roll(game, 2, 4)
    _, events = win_round(game, 2, 3)  # Ada owes 3 x 5 = 15: more than the 10 she started with
    assert game.points == [8, 12] and not game.jailed[ADA]
    assert game.last_payments["payments"][0] == {"seat": ADA, "faces": [2, 3], "total": 5, "owed": 15, "paid": 10,
                                                 "jailed": False}
    texts = [e.text for e in events]
    assert "Bob has 6 steals and wins round 1! Every other free thief rolls two dice and pays Bob 3 times the " \
           "total, at most 10 points, or all they have." in texts
    assert ("Ada rolls 2 and 3: 3 x 5 = 15, but nobody pays more than the 10 starting points; Ada pays Bob "
            "10 points and keeps 8.") in texts


def test_the_ceiling_and_what_the_payer_has_both_cap_a_payment():
    game = table(3, points=10)
    game.points = [16, 7, 7]
    _, events = win_round(game, 6, 5, 6, 6)  # Bob owes 33 and has 7: jailed; Cy owes 36 and has 7: jailed
    assert game.points == [30, 0, 0] and game.jailed == [False, True, True] and game.over
    game = table(2, points=10)
    game.points = [12, 8]
    roll(game, 2, 4)
    win_round(game, 6, 6)  # Ada owes 36: the ceiling (10) is less than what she has (12)
    assert game.points == [2, 18]


def test_without_the_ceiling_a_rich_thief_pays_the_full_amount():
    game = table(2, points=10, payment_ceiling="none")
    game.points = [18, 2]
    roll(game, 2, 4)
    _, events = win_round(game, 2, 3)  # Ada owes 3 x 5 = 15: more than the 10 she started with, and pays it
    assert game.points == [3, 17] and not game.jailed[ADA]
    assert game.last_payments["payments"][0]["paid"] == 15
    assert "Ada rolls 2 and 3: 3 x 5 = 15; Ada pays Bob 15 points and keeps 3." in [e.text for e in events]


def _game_where_a_payment_passes_the_starting_points() -> ThiefDice:
    """A whole game of three computer thieves with no payment ceiling (the reading of rules version 1) in
    which some loser paid more than the starting points."""
    for seed in range(200):
        game = ThiefDice(["Ada", "Bob", "Cy"], seed, points=12, payment_ceiling="none")
        bots = {s: ThiefDiceBot(s, seed) for s in range(3)}
        over_the_top = False
        while game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, bots[seat].choose(game.view(seat), game.legal_moves(seat)))
            payments = game.last_payments["payments"] if game.last_payments else []
            over_the_top |= any(p["paid"] > 12 for p in payments)
        if over_the_top:
            return game
    raise AssertionError("no game paid more than the starting points")


def test_a_record_of_rules_version_1_replays_without_the_ceiling(store, tmp_path):
    played = _game_where_a_payment_passes_the_starting_points()
    old = played.record()
    old["rules_version"] = 1
    del old["options"]["payment_ceiling"]  # version 1 had no such option
    assert ThiefDice.from_record(old).points != played.points  # read as version 2 it goes otherwise
    save_id = store.new_game(old, [], "Thief Dice")
    record = store.load(save_id)["record"]
    assert record["rules_version"] == 2 and record["options"]["payment_ceiling"] == "none"
    again = ThiefDice.from_record(record)
    assert again.points == played.points and again.outcome().to_json() == played.outcome().to_json()
    # and so does an exported file of version 1
    path = tmp_path / "old.json"
    store.export(save_id, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["record"] = old
    path.write_text(json.dumps(doc), encoding="utf-8")
    store.delete(save_id)  # else the file is the game already saved
    imported = store.load(store.import_file(path))["record"]
    assert ThiefDice.from_record(imported).points == played.points


# --------------------------------------------------------------------------------------------
# the turn order


def test_the_first_order_roll_with_a_tie_rerolled_among_the_tied_only():
    game = table(3, setup=[2, 5, 5, 2, 3, 5, 4, 6, 5, 1])
    assert game.order == [CY, ADA, BOB] and game.to_act() == [CY]
    assert game.rng.draws == 10
    texts = [e.text for e in game.log]
    assert "Rolling for the turn order: Ada 2+5=7, Bob 5+2=7, Cy 3+5=8." in texts
    assert "Ada and Bob tie on 7 and roll again among themselves." in texts
    assert "Rolling again: Ada 4+6=10, Bob 5+1=6." in texts
    assert "Turn order for round 1: Cy, Ada and Bob. Cy rolls first." in texts
    assert [t["order_rolls"] for t in game.view(None)["thieves"]] == [[7, 10], [7, 6], [8]]


def test_ties_for_the_later_places_are_rerolled_too():
    # Ada 9; Bob, Cy and Dan 5 -> they roll 4, 4, 3 -> Bob and Cy roll 2 and 12
    game = table(4, setup=[3, 6, 1, 4, 2, 3, 4, 1, 1, 3, 2, 2, 1, 2, 1, 1, 6, 6])
    assert game.order == [ADA, CY, BOB, DAN]


def test_order_rolls_highest_first():
    game = table(3, setup=[1, 2, 5, 6, 3, 3])
    assert game.order == [BOB, CY, ADA]


def test_later_rounds_start_with_the_winner_and_the_others_roll_for_places():
    game = table(3, points=50)
    # Ada wins; Bob and Cy pay 6 each, then tie on 7 and roll again: Bob 2, Cy 4
    win_round(game, 1, 1, 1, 1, 3, 4, 2, 5, 1, 1, 2, 2)
    assert game.round == 2 and game.order == [ADA, CY, BOB]
    texts = [e.text for e in game.log]
    assert "Round 2: Ada won the last round and starts; the others roll for their places." in texts
    assert "Bob and Cy tie on 7 and roll again among themselves." in texts


def test_with_one_other_free_thief_no_roll_for_places_is_needed():
    game = table(2, points=50)
    win_round(game, 1, 1)  # Bob pays 6; round 2 starts with Ada, no dice for places
    assert game.order == [ADA, BOB] and game.to_act() == [ADA]
    game = table(2, points=50)
    roll(game, 2, 4)
    win_round(game, 1, 1)
    assert game.order == [BOB, ADA] and game.to_act() == [BOB]


# --------------------------------------------------------------------------------------------
# jail and ratting


def test_only_a_jailed_thief_may_rat_and_only_on_free_thieves():
    game = three_with_bob_jailed()
    assert game.to_act() == [ADA]
    assert game.legal_moves(ADA) == [ROLL]
    assert game.legal_moves(BOB) == [Move("rat", (ADA,)), Move("rat", (CY,))]
    assert game.legal_moves(CY) == []
    view = game.view(None)
    assert [t["can_rat"] for t in view["thieves"]] == [False, True, False]


def test_nobody_can_rat_in_the_first_round():
    game = table(4)
    assert all(game.legal_moves(s) == [] for s in (BOB, CY, DAN))


def test_a_rat_busts_on_7_or_11_only():
    busts = 0
    for a, b in PAIRS:
        game = three_with_bob_jailed()
        game.steals[CY] = 2
        events = rat(game, BOB, CY, a, b)
        assert rat_succeeds(a, b) == (a + b in (7, 11))
        if a + b in (7, 11):
            busts += 1
            assert game.steals[CY] == 1
            assert events[0].text == (f"Bob, from jail, rats on Cy and rolls {a} and {b} = {a + b}: Cy is busted "
                                      "and loses a steal (1 left).")
        else:
            assert game.steals[CY] == 2
            assert events[0].text.endswith("not 7 or 11, so the rat fails.")
        assert game.view(None)["last_rat"] == {"seat": BOB, "target": CY, "faces": [a, b], "total": a + b,
                                               "busted": a + b in (7, 11), "lost_steal": a + b in (7, 11),
                                               "round": 2}
    assert busts == 8  # 8 chances in 36


def test_ratting_on_a_thief_with_no_steal_does_nothing():
    game = three_with_bob_jailed()
    events = rat(game, BOB, ADA, 5, 6)
    assert game.steals == [0, 0, 0]
    assert "Ada is busted, but has no steal to lose." in events[0].text


def test_ratting_is_once_a_round_and_does_not_change_turns():
    game = table(3, points=10)
    win_round(game, 6, 6, 1, 1)  # Bob jailed; Cy pays 6, keeps 4. Round 2: Ada, Cy
    assert game.jailed == [False, True, False] and game.order == [ADA, CY]
    roll(game, 2, 4)  # Ada: nothing; Cy to roll
    game.steals[CY] = 3
    rat(game, BOB, CY, 3, 4)
    assert game.steals[CY] == 2 and game.to_act() == [CY] and game.ratted[BOB]
    assert game.legal_moves(BOB) == []
    assert refused(game, BOB, Move("rat", (CY,))) == (
        "Bob has already ratted this round: a jailed thief rats once a round.")
    win_round(game, 1, 1)  # Cy wins round 2; Ada pays 6
    assert game.round == 3 and game.order == [CY, ADA]
    assert game.legal_moves(BOB) == [Move("rat", (ADA,)), Move("rat", (CY,))]  # a new round, a new rat
    assert game.view(None)["thieves"][BOB]["ratted"] is False


# --------------------------------------------------------------------------------------------
# the end of the game


def test_the_last_free_thief_wins_and_the_jailed_are_placed_later_first():
    game = three_with_bob_jailed()
    win_round(game, 1, 1)  # Ada wins round 2; Cy owes 6, pays his last 1 and is jailed
    out = game.outcome()
    assert out is not None and game.over
    assert [(s.seat, s.place, s.score) for s in out.standings] == [(ADA, 1, 30), (CY, 2, 0), (BOB, 3, 0)]
    assert out.summary == "Ada is the last thief still free after 2 rounds, with 30 points: Ada is the Ideal Thief!"
    assert "later first: Cy (round 2) and Bob (round 1)" in out.tiebreaks
    assert game.to_act() == [] and all(game.legal_moves(s) == [] for s in range(3))
    assert refused(game, BOB, Move("rat", (ADA,))) == "The game is over."
    assert refused(game, ADA, ROLL) == "The game is over."
    assert game.log[-1].kind == "game_over" and game.log[-1].text == out.summary


def test_thieves_jailed_at_the_same_payment_are_placed_by_what_they_held():
    game = table(3, points=10)
    game.points = [14, 6, 10]
    win_round(game, 6, 6, 6, 6)
    out = game.outcome()
    assert [(s.seat, s.place) for s in out.standings] == [(ADA, 1), (CY, 2), (BOB, 3)]
    assert "Bob and Cy" in out.tiebreaks or "Cy and Bob" in out.tiebreaks
    assert "more points held before that payment places higher (Cy 10, Bob 6)" in out.tiebreaks


def test_thieves_jailed_together_with_equal_points_share_a_place():
    game = table(3, points=10)
    win_round(game, 6, 6, 6, 6)
    out = game.outcome()
    assert [(s.seat, s.place) for s in out.standings] == [(ADA, 1), (BOB, 2), (CY, 2)]
    assert "equal ones share a place" in out.tiebreaks
    assert game.round == 1


def test_a_fixed_number_of_rounds_most_points_wins():
    game = table(2, points=50, rounds=2)
    assert "The game lasts 2 rounds" in game.log[0].text
    win_round(game, 1, 1)  # Ada +6
    assert game.points == [56, 44] and game.outcome() is None
    roll(game, 2, 4)
    win_round(game, 1, 2)  # Bob +9
    out = game.outcome()
    assert game.points == [47, 53] and game.round == 2
    assert [(s.seat, s.place, s.score) for s in out.standings] == [(BOB, 1, 53), (ADA, 2, 47)]
    assert out.summary == "After 2 rounds, Bob has the most points (53) and is the Ideal Thief!"
    assert out.tiebreaks == ""


def test_equal_points_after_the_last_round_are_a_draw():
    game = table(2, points=50, rounds=2)
    win_round(game, 1, 1)
    roll(game, 2, 4)
    win_round(game, 1, 1)
    out = game.outcome()
    assert [(s.seat, s.place) for s in out.standings] == [(ADA, 1), (BOB, 1)]
    assert out.drawn == [ADA, BOB] and out.winners == [] and out.winner is None
    assert out.summary == ("After 2 rounds, Ada and Bob share the most points (50): the game is a draw, and nobody "
                           "is the Ideal Thief.")
    assert out.tiebreaks == "Ada and Bob have 50 points each and share a place."


def test_a_fixed_round_game_ranks_the_jailed_last_and_ends_early_with_one_free_thief():
    game = table(3, points=10, rounds=1)
    win_round(game, 6, 6, 1, 1)  # Bob jailed, Cy keeps 4: the single round is over
    out = game.outcome()
    assert [(s.seat, s.place, s.score) for s in out.standings] == [(ADA, 1, 26), (CY, 2, 4), (BOB, 3, 0)]
    game = table(2, points=10, rounds=5)
    win_round(game, 6, 6)
    assert game.outcome() is not None and game.round == 1
    assert game.outcome().summary.startswith("Ada is the last thief still free after 1 round")


# --------------------------------------------------------------------------------------------
# refusals


def test_refusals():
    game = table(4, points=10)
    win_round(game, 6, 6, 6, 6, 1, 1)  # Bob and Cy jailed; Dan keeps 4. Round 2: Ada, Dan
    assert game.jailed == [False, True, True, False] and game.order == [ADA, DAN]
    assert refused(game, ADA, Move("pass")).startswith("Thief Dice has no 'pass' move")
    assert refused(game, ADA, Move("roll", (3,))) == "A roll takes no arguments: just roll the two dice."
    assert refused(game, BOB, ROLL) == ("Bob is jailed and never rolls for steals again; once a round Bob may "
                                        "rat on a free thief instead.")
    assert refused(game, DAN, ROLL) == "It is not Dan's turn: Ada is rolling."
    assert refused(game, ADA, Move("rat", (DAN,))) == (
        "Only a jailed thief can rat, and Ada is still free: roll the dice.")
    assert refused(game, DAN, Move("rat", (ADA,))) == "Only a jailed thief can rat, and Dan is still free."
    assert refused(game, BOB, Move("rat")) == "A rat names one thief, by seat number: rat on whom?"
    assert refused(game, BOB, Move("rat", ("Ada",))) == "A rat names one thief, by seat number: rat on whom?"
    assert refused(game, BOB, Move("rat", (ADA, DAN))) == "A rat names one thief, by seat number: rat on whom?"
    assert refused(game, BOB, Move("rat", (BOB,))) == "A thief cannot rat on themselves."
    assert refused(game, BOB, Move("rat", (CY,))) == "Cy is jailed too: rat on a thief who is still free."
    assert refused(game, BOB, Move("rat", (9,))) == "There is no seat 9 at this table."
    assert refused(game, 7, ROLL) == "There is no seat 7 at this table."
    assert refused(game, ADA, "roll") == "'roll' is not a move."


# --------------------------------------------------------------------------------------------
# the view, the record, undo


VIEW_KEYS = COMMON_VIEW | {"round", "rounds", "current", "order", "thieves", "steals_to_win", "jail_order",
                           "last_roll", "last_rat", "last_payments", "options", "tiebreaks"}
THIEF_KEYS = {"name", "steals", "points", "jailed", "jailed_round", "lost_turns", "ratted", "can_rat",
              "round_wins", "order_rolls"}


def test_the_view_is_public_complete_and_plain():
    game = three_with_bob_jailed(rounds=4)
    roll(game, 1, 3)
    rat(game, BOB, ADA, 1, 2)
    view = game.view(ADA)
    assert set(view) == VIEW_KEYS == set(ThiefDiceView.__annotations__)
    assert all(set(t) == THIEF_KEYS == set(Thief.__annotations__) for t in view["thieves"])
    assert set(view["last_roll"]) == set(LastRoll.__annotations__)
    assert set(view["last_rat"]) == set(LastRat.__annotations__)
    assert set(view["last_payments"]) == set(LastPayments.__annotations__)
    assert all(set(p) == set(Payment.__annotations__) for p in view["last_payments"]["payments"])
    assert json.loads(json.dumps(view)) == view
    for seat in (BOB, CY, None):
        other = game.view(seat)
        assert other["viewer"] == seat
        assert dict(other, viewer=ADA) == view
    assert view["round"] == 2 and view["rounds"] == 4 and view["current"] == CY and view["to_act"] == [CY]
    assert view["order"] == [ADA, CY] and view["jail_order"] == [BOB]
    assert view["thieves"][ADA] == {"name": "Ada", "steals": 2, "points": 29, "jailed": False, "jailed_round": None,
                                    "lost_turns": 0, "ratted": False, "can_rat": False, "round_wins": 1,
                                    "order_rolls": []}
    assert view["thieves"][BOB]["jailed"] and view["thieves"][BOB]["jailed_round"] == 1
    assert view["thieves"][BOB]["ratted"] and not view["thieves"][BOB]["can_rat"]
    assert view["last_roll"]["result"] == TWO_STEALS and view["last_rat"]["busted"] is False
    assert view["last_payments"]["winner"] == ADA and not view["over"] and view["result"] is None
    assert set(RESULTS) == {"steal", "two steals", "bust", "backstab", "close-call", "nothing"}


def test_the_view_tells_nothing_of_dice_still_to_come():
    game = ThiefDice(NAMES[:5], 77)
    for _ in range(10):
        game.play(game.to_act()[0], ROLL)
    other = game.copy()
    other.rng = Stream(12345)
    assert other.view(None) == game.view(None)
    assert "seed" not in json.dumps(game.view(None))


def test_describe_move():
    game = three_with_bob_jailed()
    game.steals[CY] = 3
    assert game.describe_move(ROLL) == "Roll the dice"
    assert game.describe_move(Move("rat", (CY,))) == "Rat on Cy (3 steals): 7 or 11 busts, 2 in 9"


def test_no_undo_after_the_dice():
    fresh = ThiefDice(NAMES[:2], 5)
    fresh.play(fresh.to_act()[0], ROLL)
    assert fresh.undo_status()[0] is False  # the dice have spoken


# --------------------------------------------------------------------------------------------
# the computer player


def _bot_table():
    """Four thieves: Bob jailed after round 1; round 2 order Ada, Cy, Dan; Ada to roll."""
    game = table(4, points=10)
    win_round(game, 6, 6, 1, 1, 1, 1, 6, 6, 1, 1)  # Bob jailed; Cy and Dan pay 6; places: Cy 12, Dan 2
    assert game.order == [ADA, CY, DAN] and game.jailed[BOB]
    return game


def _bot_says(game):
    bot = ThiefDiceBot(BOB, 1)
    return bot.interject(game.view(BOB), game.legal_moves(BOB))


def test_the_bot_rolls():
    game = table(2)
    assert ThiefDiceBot(ADA, 0).choose(game.view(ADA), game.legal_moves(ADA)) == ROLL


def test_the_bot_rats_the_leader_when_close_to_winning():
    game = _bot_table()
    game.steals = [1, 0, 4, 2]
    assert _bot_says(game) == Move("rat", (CY,))
    game.steals = [1, 0, 2, 5]
    assert _bot_says(game) == Move("rat", (DAN,))


def test_the_bot_breaks_ties_by_points_then_by_who_rolls_sooner():
    game = _bot_table()
    game.steals = [0, 0, 4, 4]
    assert game.points[CY] == game.points[DAN]
    assert _bot_says(game) == Move("rat", (CY,))  # Cy rolls before Dan
    game.points[DAN] += 1
    game.points[ADA] -= 1
    assert _bot_says(game) == Move("rat", (DAN,))
    assert round_leader(game.view(BOB), []) is None


def test_the_bot_keeps_its_rat_while_nobody_threatens():
    game = _bot_table()
    game.steals = [2, 0, 3, 3]  # Cy and Dan lead with 3 but Ada is the one rolling
    assert _bot_says(game) is None
    game.steals = [0, 0, 0, 0]
    assert _bot_says(game) is None
    game.steals = [3, 0, 2, 1]  # 3 steals and about to roll: close enough
    assert _bot_says(game) == Move("rat", (ADA,))
    game.steals = [0, 0, 3, 1]  # Cy has 3 but is not rolling next
    assert _bot_says(game) is None


def test_the_bot_does_not_rat_twice_and_never_when_free():
    game = _bot_table()
    game.steals = [0, 0, 5, 0]
    rat(game, BOB, CY, 1, 1)
    assert _bot_says(game) is None
    assert ThiefDiceBot(CY, 0).interject(game.view(CY), game.legal_moves(CY)) is None


def test_bots_play_whole_games_and_rat_only_on_a_close_leader():
    rats = 0
    for seed in range(20):
        n = 2 + seed % 7
        bots = [ThiefDiceBot(s, seed) for s in range(n)]
        game = ThiefDice(NAMES[:n], seed, points=20)
        moves = 0
        while game.outcome() is None:
            assert moves < ThiefDice.move_limit
            roller = game.to_act()[0]
            for s in range(n):
                legal = game.legal_moves(s)
                if s != roller and legal:
                    move = bots[s].interject(game.view(s), legal)
                    if move is not None:
                        target = move.args[0]
                        steals = game.steals[target]
                        assert steals >= 4 or (steals >= 3 and target == roller)
                        assert steals == max(game.steals[t] for t in game.order)
                        game.play(s, move)
                        rats += 1
            game.play(roller, bots[roller].choose(game.view(roller), game.legal_moves(roller)))
            moves += 1
    assert rats > 20


# --------------------------------------------------------------------------------------------
# the property test: many whole games with random legal moves


def _check_view(view: dict, total: int, rounds: int, over: bool) -> None:
    thieves = view["thieves"]
    assert sum(t["points"] for t in thieves) == total
    free = [s for s, t in enumerate(thieves) if not t["jailed"]]
    for s, t in enumerate(thieves):
        assert t["lost_turns"] >= 0
        assert t["steals"] >= 0
        assert t["steals"] <= (7 if over else 5)
        if t["jailed"]:
            assert t["points"] == 0
            if not over:  # jailed at a round's end: nothing of that round is carried into the next
                assert t["steals"] == 0 and t["lost_turns"] == 0
            assert t["jailed_round"] is not None and t["jailed_round"] < view["round"] + (1 if over else 0)
            assert t["can_rat"] == (not over and not t["ratted"])
        else:
            assert t["points"] > 0 and not t["can_rat"]
    assert sorted(view["jail_order"]) == [s for s, t in enumerate(thieves) if t["jailed"]]
    if rounds:
        assert view["round"] <= rounds
    if not over:
        assert sorted(view["order"]) == free and len(free) >= 2
        assert view["current"] in free and view["to_act"] == [view["current"]]
        assert thieves[view["current"]]["lost_turns"] == 0


def test_random_games_keep_the_invariants():
    rnd = random.Random(20111122)
    games = 300
    longest = 0
    endings = Counter()
    for g in range(games):
        n = rnd.randint(2, 8)
        options = {"points": rnd.choice((1, 4, 10, 10, 15, 25)), "rounds": rnd.choice((0, 0, 0, 1, 2, 4)),
                   "close_call_fix": rnd.random() < 0.5, "payment_ceiling": rnd.choice(("points", "none"))}
        ceiling = options["points"] if options["payment_ceiling"] == "points" else 10**9
        game = ThiefDice(NAMES[:n], rnd.randrange(1 << 30), **options)
        total = n * options["points"]
        rats = Counter()
        moves = 0
        while game.outcome() is None:
            assert moves < ThiefDice.move_limit, "the game did not end within the move limit"
            acting = game.to_act()
            assert len(acting) == 1
            roller = acting[0]
            assert game.legal_moves(roller) == [ROLL] and not game.jailed[roller]
            view = game.view(None)
            _check_view(view, total, options["rounds"], False)
            if moves % 20 == 0:
                text = json.dumps(view, sort_keys=True)
                assert json.loads(text) == view and "seed" not in text
                for s in range(n):
                    assert dict(game.view(s), viewer=None) == view
                # the view does not depend on the dice still to come
                stream, game.rng = game.rng, Stream(rnd.randrange(1 << 30))
                assert game.view(None) == view
                game.rng = stream
            ratters = [s for s in range(n) if s != roller and game.legal_moves(s)]
            for s in range(n):
                if s != roller and s not in ratters:
                    assert game.legal_moves(s) == []
            if ratters and rnd.random() < 0.2:
                seat = rnd.choice(ratters)
                move = rnd.choice(game.legal_moves(seat))
                assert game.jailed[seat] and not game.jailed[move.args[0]]
                rats[seat, game.round] += 1
            else:
                seat, move = roller, ROLL
            before, payments = list(game.points), game.last_payments
            game.play(seat, move)
            moves += 1
            if game.last_payments is not payments:  # this move ended a round: the losers paid
                for p in game.last_payments["payments"]:
                    assert p["paid"] == min(p["owed"], ceiling, before[p["seat"]])
        longest = max(longest, moves)
        assert max(rats.values(), default=0) <= 1
        out = game.outcome()
        view = game.view(None)
        _check_view(view, total, options["rounds"], True)
        assert view["current"] is None
        free = [s for s in range(n) if not game.jailed[s]]
        assert len(free) >= 1
        if len(free) == 1:
            endings["last free"] += 1
            assert out.winners == free
        else:
            endings["rounds"] += 1
            assert options["rounds"] and game.round == options["rounds"]
            best = max(game.points)
            assert sorted(out.first) == [s for s in range(n) if game.points[s] == best]
        placed = {st.seat: st.place for st in out.standings}
        assert sorted(placed) == list(range(n))
        for a in range(n):
            for b in range(n):
                if not game.jailed[a] and game.jailed[b]:
                    assert placed[a] < placed[b]
                if game.jailed[a] and game.jailed[b] and game.jail_round[a] > game.jail_round[b]:
                    assert placed[a] < placed[b]
    assert longest < ThiefDice.move_limit // 5
    assert endings["last free"] > 200 and endings["rounds"] > 15


def test_copy_shares_no_mutable_state():
    game = three_with_bob_jailed()
    twin = game.copy()
    twin.points[ADA] += 1
    twin.steals[CY] += 1
    twin.order.append(BOB)
    twin.order_rolls[ADA].append(3)
    twin.last_payments["payments"][0]["paid"] = 0
    twin.options["points"] = 99
    twin.log.append(None)
    assert game.points == [29, 0, 1] and game.steals == [0, 0, 0] and game.order == [ADA, CY]
    assert game.order_rolls[ADA] == [] and game.last_payments["payments"][0]["paid"] == 10
    assert game.options["points"] == 10 and game.log[-1] is not None
