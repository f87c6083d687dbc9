"""Ten-Die Poker: a player's two hands, the lead and the worst hand, folding and challenging (the cost,
the marked pairs, beating, tying and losing), split pots and odd chips, ties for the worst hand, the
ante and the end of the session, refusals, the view, undo, the computer player, and a seeded property
test over whole random sessions."""

import json
import random
from collections import Counter
from itertools import product

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.ten_die_poker import TenDiePokerBot, best_reroll, chances
from tabletop_tui.rules.engine import IllegalMove, Move, RecordError, Stream
from tabletop_tui.rules.ten_die_poker import (
    BEATEN, FOLDED, LEADER, OUT, WAITING, TenDiePoker, TenDiePokerView, challenge_cost, dice_hand, player_key)

from scripted import scripted_stream

FOLD, CHALLENGE, ROLL = Move("fold"), Move("challenge"), Move("roll")
NAMES = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"]
ADA, BO, CY, DI = 0, 1, 2, 3

# hands for a table of four, best first: Ada leads, Di is the worst
THREE_SIXES = ([6, 6, 6, 2, 1], [5, 4, 4, 2, 1])  # Three 6s / Pair of 4s
TWO_PAIR = ([5, 5, 2, 2, 3], [1, 2, 3, 4, 6])  # Two Pair 5s and 2s / High Die 6
PAIR_OF_4S = ([4, 4, 1, 2, 6], [1, 3, 5, 6, 2])  # Pair of 4s / High Die 6
HIGH_6 = ([6, 5, 3, 2, 1], [1, 2, 4, 5, 6])  # High Die 6 5 3 2 1 / High Die 6 5 4 2 1


# --------------------------------------------------------------------------------------------
# helpers: a game whose dice are scripted


def deal(*hands) -> list[int]:
    """The dice a hand's setup rolls: each player in seat order, a red-black pair at a time."""
    return [face for red, black in hands for pair in zip(red, black) for face in pair]


def table(*hands, **options) -> TenDiePoker:
    """A game whose first hand is dealt as given (a player sitting out takes None)."""
    with scripted_stream(deal(*[h for h in hands if h is not None])):
        game = TenDiePoker(NAMES[:len(hands)], 0, **options)
    assert not game.rng.faces, "unused setup dice"
    return game


def four(**options) -> TenDiePoker:
    options.setdefault("hands", 1)
    return table(THREE_SIXES, TWO_PAIR, PAIR_OF_4S, HIGH_6, **options)


def challenge(game: TenDiePoker, seat: int, pairs, red=(), black=()):
    """`seat` challenges, marks `pairs` and rolls them: the new faces come in pairs, red then black."""
    assert game.to_act() == [seat]
    game.play(seat, CHALLENGE)
    for p in pairs:
        game.play(seat, Move("pair", (p,)))
    game.rng.faces.extend(f for pair in zip(red, black) for f in pair)
    return game.play(seat, ROLL)


def refused(game: TenDiePoker, seat: int, move) -> str:
    with pytest.raises(IllegalMove) as info:
        game.play(seat, move)
    return info.value.reason


def texts(events) -> str:
    return " | ".join(e.text for e in events)


# --------------------------------------------------------------------------------------------
# the table


def test_catalog_entry_loads_this_game_bot_and_help():
    info = catalog.get("ten-die-poker")
    assert info.rules_class() is TenDiePoker and info.bot_class() is TenDiePokerBot
    assert (info.min_players, info.max_players) == (TenDiePoker.min_players, TenDiePoker.max_players) == (4, 7)
    text = info.help_text()
    assert "## Rulings" in text and "Straight" in text and "odd_chips" in text


def test_options_and_their_defaults():
    game = TenDiePoker(NAMES[:4], 1)
    assert game.options == {"chips": 40, "ante": 1, "hands": 10, "odd_chips": "random", "ante_doubles_every": 10}
    assert game.chips == [39] * 4 and game.pot == 4 and game.hand == 1
    with pytest.raises(ValueError, match="cannot be more than the starting chips"):
        TenDiePoker(NAMES[:4], 1, chips=3, ante=4)
    with pytest.raises(ValueError, match="4 to 7 players"):
        TenDiePoker(NAMES[:3], 1)
    with pytest.raises(ValueError, match="odd_chips"):
        TenDiePoker(NAMES[:4], 1, odd_chips="keep")


def play_hand(game: TenDiePoker) -> None:
    """Everyone still waiting folds: the leaders take the pot and the next hand is dealt."""
    hand = game.hand
    while game.hand == hand and game.outcome() is None:
        game.play(game.to_act()[0], FOLD)


def test_a_session_played_to_the_end_doubles_its_ante_every_ten_hands():
    game = TenDiePoker(NAMES[:4], 5, hands=0, chips=100)
    assert "the ante doubles every 10 hands" in game.log[0].text
    antes = []
    while game.hand <= 25:
        antes.append(game.view(None)["ante"])
        assert game.pot == 4 * antes[-1]  # everyone paid this hand's ante
        play_hand(game)
    assert antes == [1] * 10 + [2] * 10 + [4] * 5
    assert "After 10 hands the ante doubles to 2." in [e.text for e in game.log]
    assert "After 20 hands the ante doubles to 4." in [e.text for e in game.log]
    assert sum(game.chips) + game.pot == 400


def test_the_ante_stays_fixed_in_a_set_session_or_when_the_table_says_so():
    for options in ({"hands": 30}, {"hands": 0, "ante_doubles_every": 0}):
        game = TenDiePoker(NAMES[:4], 5, chips=100, **options)
        for _ in range(25):
            play_hand(game)
        assert game.hand == 26 and game.view(None)["ante"] == 1
        assert not any(e.kind == "ante" for e in game.log)


def test_sessions_that_ran_for_ever_end():
    # With a fixed ante these five sessions (five computer players, played to the end, odd chips carried)
    # went on past 3,000 hands: two players were left with most of the chips, a chip or two changing
    # hands each time. The doubling ante ends them.
    from tabletop_tui.simulate import simulate

    for seed in (13, 18, 29, 35, 46):
        result = simulate("ten-die-poker", 1, 5, seed, {"hands": 0, "odd_chips": "carry"})
        assert result["finished"] == 1 and result["capped"] == 0 and result["errors"] == []
        assert result["median_length"] <= 80  # the ante is 128 by hand 71: more than half the 200 chips


def test_a_record_of_rules_version_1_keeps_its_ante_fixed(store):
    played = TenDiePoker(NAMES[:4], 3, hands=0, ante_doubles_every=0)
    bots = [TenDiePokerBot(s, 3) for s in range(4)]
    while played.hand <= 15:
        seat = played.to_act()[0]
        played.play(seat, bots[seat].choose(played.view(seat), played.legal_moves(seat)))
    old = played.record()
    old["rules_version"] = 1
    del old["options"]["ante_doubles_every"]  # version 1 had no such option
    try:
        differs = TenDiePoker.from_record(old).view(None) != played.view(None)
    except RecordError:
        differs = True
    assert differs  # read as version 2, hand 11 would cost 2
    save_id = store.new_game(old, [], "Ten-Die Poker")
    record = store.load(save_id)["record"]
    assert record["rules_version"] == 2 and record["options"]["ante_doubles_every"] == 0
    again = TenDiePoker.from_record(record)
    assert again.view(None) == played.view(None) and again.view(None)["ante"] == 1


def test_the_dice_are_rolled_a_pair_at_a_time_and_make_two_hands():
    game = four()
    assert game.red[ADA] == [6, 6, 6, 2, 1] and game.black[ADA] == [5, 4, 4, 2, 1]
    assert dice_hand(game.red[ADA]) == ((3, 6, 2, 1), "Three 6s")
    assert dice_hand(game.black[ADA])[1] == "Pair of 4s"
    assert "Ada rolls: red 6 6 6 2 1 is Three 6s (black 5 4 4 2 1, Pair of 4s)." in texts(game.log)


def test_the_seed_example_a_red_pair_and_a_black_straight_is_a_straight():
    hand = ([3, 3, 1, 5, 6], [1, 2, 3, 4, 5])
    assert player_key(*hand)[0] == dice_hand([1, 2, 3, 4, 5])[0]
    game = table(hand, THREE_SIXES, TWO_PAIR, HIGH_6, hands=1)
    view = game.view(None)["seats"][ADA]
    assert view["better"] == "black" and view["black_hand"]["name"] == "Straight 1-5"
    assert view["red_hand"]["name"] == "Pair of 3s"
    assert game.status[ADA] == LEADER  # a Straight beats Three 6s
    assert "Ada rolls: black 1 2 3 4 5 is Straight 1-5 (red 3 3 1 5 6, Pair of 3s)." in texts(game.log)


def test_the_other_hand_breaks_ties_and_both_equal_is_a_tie():
    a = ([6, 6, 6, 2, 1], [5, 5, 2, 3, 4])
    b = ([1, 2, 6, 6, 6], [5, 5, 1, 3, 4])
    assert player_key(*a)[0] == player_key(*b)[0] and player_key(*a) > player_key(*b)
    assert player_key(*a) == player_key(a[1], a[0])  # which colour holds which hand does not matter
    assert player_key([6, 6, 6, 1, 2], [4, 3, 5, 5, 2]) == player_key(*a)


def test_the_best_hand_leads_and_the_worst_acts():
    game = four()
    assert game.status == [LEADER, WAITING, WAITING, WAITING]
    assert game.to_act() == [DI] and game.legal_moves(DI) == [FOLD, CHALLENGE]
    assert all(game.legal_moves(s) == [] for s in (ADA, BO, CY))
    log = texts(game.log)
    assert "Hand 1 of 1: Ada, Bo, Cy and Di ante 1 each; the pot is 4." in log
    assert "Ada leads (Three 6s)." in log
    assert "Di has the worst hand (High Die 6) and must fold or pay 2 to challenge Ada's Three 6s." in log


def test_half_the_pot_rounded_up():
    assert [challenge_cost(p) for p in (1, 2, 4, 5, 6, 7)] == [1, 1, 2, 3, 3, 4]
    game = four()
    game.pot = 5  # the seed's example: $5 in the pot costs $3
    assert game.describe_move(CHALLENGE) == "Challenge: pay 3, then re-roll"
    events = game.play(DI, CHALLENGE)
    assert game.chips[DI] == 36 and game.pot == 8
    assert texts(events) == "Di pays 3 to challenge (the pot is now 8) and marks the pairs to re-roll."


# --------------------------------------------------------------------------------------------
# folding and challenging


def test_folding_leaves_the_pot_and_the_next_worst_acts():
    game = four()
    events = game.play(DI, FOLD)
    assert game.status[DI] == FOLDED and game.to_act() == [CY]
    assert texts(events).startswith("Di folds and is out of this pot. | Cy has the worst hand (Pair of 4s)")


def test_the_pairs_are_marked_with_toggles_and_rolled_together():
    game = four()
    game.play(DI, CHALLENGE)
    assert game.legal_moves(DI) == [Move("pair", (p,)) for p in range(1, 6)]  # no roll before a mark
    game.play(DI, Move("pair", (4,)))
    game.play(DI, Move("pair", (2,)))
    game.play(DI, Move("pair", (4,)))  # changed her mind
    game.play(DI, Move("pair", (5,)))
    assert game.chosen == [2, 5] and ROLL in game.legal_moves(DI)
    assert game.describe_move(ROLL) == "Roll pairs 2 and 5"
    assert game.describe_move(Move("pair", (2,))) == "Keep pair 2 (5+2)"
    assert game.describe_move(Move("pair", (3,))) == "Re-roll pair 3 (3+4)"
    game.rng.faces.extend([6, 6, 6, 6])  # pair 2 then pair 5, red before black
    game.play(DI, ROLL)
    assert game.red[DI] == [6, 6, 3, 2, 6] and game.black[DI] == [1, 6, 4, 5, 6]
    # only the marked pairs changed, both dice of each


def test_a_challenger_who_beats_the_leader_leads_and_the_leader_may_act_again():
    game = four()
    events = challenge(game, DI, [2, 5], red=[6, 6], black=[6, 6])
    assert game.key(DI) > game.key(ADA)  # Three 6s with 3 and 2 beat Three 6s with 2 and 1
    assert game.status == [WAITING, WAITING, WAITING, LEADER]
    assert texts(events) == (
        "Di challenges for 2 chips, re-rolls pairs 2 and 5: red 6 6 3 2 6 is Three 6s (black 1 6 4 5 6, "
        "Pair of 6s), beating Ada's Three 6s on the odd dice; Di leads, and Ada is back among the challengers. | "
        "Cy has the worst hand (Pair of 4s) and must fold or pay 3 to challenge Di's Three 6s.")
    assert game.to_act() == [CY]  # the worst of Ada, Bo and Cy
    game.play(CY, FOLD)
    game.play(BO, FOLD)
    assert game.to_act() == [ADA] and game.legal_moves(ADA) == [FOLD, CHALLENGE]  # the beaten leader acts


def test_equal_better_hands_are_decided_by_the_other_hand():
    game = four()
    events = challenge(game, DI, [1, 2, 3], red=[6, 6, 6], black=[5, 5, 3])
    assert game.red[DI] == [6, 6, 6, 2, 1] and game.black[DI] == [5, 5, 3, 5, 6]
    assert "red 6 6 6 2 1 is Three 6s (black 5 5 3 5 6, Three 5s), beating Ada's Three 6s on the other hand " \
           "(Three 5s against Pair of 4s); Di leads" in texts(events)


def test_other_hands_of_the_same_name_are_decided_by_their_odd_dice_and_the_log_says_so():
    game = four()
    events = challenge(game, DI, [1, 2, 3], red=[6, 6, 6], black=[4, 4, 3])
    assert game.black[DI] == [4, 4, 3, 5, 6] and game.key(DI) > game.key(ADA)  # 4 4 with 6 5 3 beat 4 4 with 5 2 1
    assert ("beating Ada's Three 6s on the odd dice of the other hand (both Pair of 4s); Di leads"
            in texts(events))


def test_the_sentence_of_a_challenge_as_in_the_brief():
    game = table(TWO_PAIR, ([6, 6, 5, 4, 3], [1, 2, 3, 5, 1]), ([6, 3, 6, 2, 4], [1, 3, 4, 5, 1]),
                 ([6, 6, 5, 4, 2], [1, 3, 2, 5, 1]), hands=1)
    assert game.to_act() == [CY]
    game.pot, game.chips[DI] = 5, game.chips[DI] - 1  # a pot of 5: the challenge costs 3
    events = challenge(game, CY, [2, 5], red=[6, 1], black=[2, 6])
    assert texts(events).startswith(
        "Cy challenges for 3 chips, re-rolls pairs 2 and 5: red 6 6 6 2 1 is Three 6s (black 1 2 4 5 6, "
        "High Die 6), beating Ada's Two Pair 5s and 2s; Cy leads, and Ada is back among the challengers.")
    assert game.pot == 8 and game.chips[CY] == 36



def test_a_challenger_who_ties_joins_the_lead():
    game = four()
    # Di re-rolls everything into Ada's exact hands: Three 6s over 2 1 and Pair of 4s over 5 2 1
    events = challenge(game, DI, [1, 2, 3, 4, 5], red=[6, 6, 6, 2, 1], black=[5, 4, 4, 2, 1])
    assert game.key(DI) == game.key(ADA)
    assert game.status[ADA] == game.status[DI] == LEADER
    assert "tying Ada's Three 6s; Di joins the lead." in texts(events)


def test_a_challenger_who_falls_short_drops_out():
    game = four()
    events = challenge(game, DI, [1], red=[1], black=[1])
    assert game.status[DI] == BEATEN and game.chips[DI] == 37 and game.pot == 6
    assert texts(events).startswith("Di challenges for 2 chips, re-rolls pair 1: red 1 5 3 2 1 is Pair of 1s "
                                    "(black 1 2 4 5 6, High Die 6), short of Ada's Three 6s; Di drops out.")
    assert game.to_act() == [CY] and game.cost() == 3


def test_beating_several_leaders_sends_them_all_back():
    game = table(THREE_SIXES, THREE_SIXES, PAIR_OF_4S, HIGH_6, hands=1)
    assert game.leaders() == [ADA, BO]
    assert "Ada and Bo tie for the lead: their hands match (Three 6s each)." in texts(game.log)
    # to tie means to match them both, as they are equal; to beat one is to beat both
    events = challenge(game, DI, [1, 2, 3, 4, 5], red=[5, 5, 5, 5, 1], black=[1, 2, 3, 4, 6])
    assert game.status == [WAITING, WAITING, WAITING, LEADER]
    assert "beating Ada and Bo's Three 6s; Di leads, and Ada and Bo are back among the challengers." in texts(events)


def test_the_hand_goes_on_until_only_the_leaders_are_left():
    game = four()
    game.play(DI, FOLD)
    game.play(CY, FOLD)
    events = game.play(BO, FOLD)
    assert "Ada wins the pot of 4 (Three 6s) and has 43 chips." in texts(events)
    assert game.chips == [43, 39, 39, 39] and game.pot == 0 and game.hands_won == [1, 0, 0, 0]
    assert game.over


def test_a_player_who_cannot_pay_must_fold():
    game = four()
    game.chips[DI] = 1
    game.pot = 3  # a challenge costs 2
    assert game.legal_moves(DI) == [FOLD]
    assert refused(game, DI, CHALLENGE) == ("A challenge costs half the pot rounded up, 2, and Di has only "
                                           "1 chip: Di must fold.")
    game.chips[DI] = 2
    assert game.legal_moves(DI) == [FOLD, CHALLENGE]  # exactly enough is enough


def test_the_turn_sentence_says_when_a_player_must_fold():
    game = table(THREE_SIXES, TWO_PAIR, PAIR_OF_4S, HIGH_6, chips=3, ante=1, hands=1)
    game.play(DI, FOLD)
    events = challenge(game, CY, [1], red=[1], black=[1])  # Cy pays 2 and drops out: pot 6, cost 3
    assert game.chips[CY] == 0 and game.pot == 6
    assert ("Bo has the worst hand (Two Pair 5s and 2s) but only 2 chips, less than the 3 a challenge costs: "
            "Bo must fold.") in texts(events)
    assert game.legal_moves(BO) == [FOLD]


def test_a_challenger_must_re_roll_at_least_one_pair():
    game = four()
    game.play(DI, CHALLENGE)
    assert ROLL not in game.legal_moves(DI)
    assert refused(game, DI, ROLL) == "Mark at least one pair to re-roll first: a challenger must re-roll something."
    game.play(DI, Move("pair", (3,)))
    game.play(DI, Move("pair", (3,)))
    assert refused(game, DI, ROLL).startswith("Mark at least one pair")


# --------------------------------------------------------------------------------------------
# ties, split pots and odd chips


def test_a_tie_for_the_worst_hand_is_drawn_at_random_and_said():
    drawn = set()
    for pick in (0, 1):
        with scripted_stream(deal(THREE_SIXES, TWO_PAIR, HIGH_6, HIGH_6), picks=[pick]):
            game = TenDiePoker(NAMES[:4], 0, hands=1)
        active = game.to_act()[0]
        drawn.add(active)
        assert (f"Cy and Di tie for the worst hand; a random draw makes {NAMES[active]} the active player."
                in texts(game.log))
    assert drawn == {CY, DI}


def test_a_split_pot_with_no_odd_chip():
    game = table(THREE_SIXES, THREE_SIXES, PAIR_OF_4S, HIGH_6, hands=1)
    game.play(DI, FOLD)
    events = game.play(CY, FOLD)
    assert "Ada and Bo split the pot of 4: 2 each." in texts(events)
    assert game.chips == [41, 41, 39, 39]


def test_the_odd_chips_of_a_split_go_to_a_random_leader():
    game = table(THREE_SIXES, THREE_SIXES, PAIR_OF_4S, HIGH_6, hands=1)
    game.pot, game.chips[CY] = 7, game.chips[CY] - 3
    game.play(DI, FOLD)
    events = game.play(CY, FOLD)
    lucky = ADA if game.chips[ADA] == 43 else BO
    assert sorted(game.chips[:2]) == [42, 43] and sum(game.chips) == 160
    assert (f"Ada and Bo split the pot of 7: 3 each; the odd chip goes to {NAMES[lucky]} by a random draw."
            in texts(events))
    assert game.undo_status()[0] is False  # the draw used chance


def test_carry_keeps_the_odd_chip_and_the_last_hand_draws_it():
    game = table(THREE_SIXES, THREE_SIXES, PAIR_OF_4S, HIGH_6, hands=2, odd_chips="carry")
    game.pot = 5
    game.chips[CY] -= 1
    game.play(DI, FOLD)
    game.rng.faces.extend(deal(THREE_SIXES, TWO_PAIR, TWO_PAIR, TWO_PAIR))
    events = game.play(CY, FOLD)
    text = texts(events)
    assert "Ada and Bo split the pot of 5: 2 each; the odd chip stays in the pot for the next hand." in text
    assert "Hand 2 of 2: Ada, Bo, Cy and Di ante 1 each; the pot is 5 with the 1 chip left from the last split." in text
    assert game.pot == 5 and sum(game.chips) + game.pot == 160
    # hand 2: Bo, Cy and Di tie for the worst hand; all fold and Ada takes the pot with the carried chip
    while not game.over:
        game.play(game.to_act()[0], FOLD)
    assert game.pot == 0 and sum(game.chips) == 160
    assert "Ada wins the pot of 5" in texts(game.log)


def test_carried_chips_left_after_the_last_hand_go_to_its_winners():
    game = table(THREE_SIXES, THREE_SIXES, PAIR_OF_4S, HIGH_6, hands=1, odd_chips="carry")
    game.pot = 5
    game.chips[CY] -= 1
    game.play(DI, FOLD)
    events = game.play(CY, FOLD)
    text = texts(events)
    assert "the odd chip stays in the pot for the next hand." in text
    assert "The session is over with chips left in the pot: the odd chip goes to " in text
    assert game.pot == 0 and sorted(game.chips[:2]) == [41, 42] and sum(game.chips) == 160


def test_when_every_hand_matches_the_pot_is_split_at_once():
    game = table(THREE_SIXES, THREE_SIXES, THREE_SIXES, THREE_SIXES, hands=1)
    assert game.over and game.chips == [40] * 4
    assert "Ada, Bo, Cy and Di split the pot of 4: 1 each." in texts(game.log)


# --------------------------------------------------------------------------------------------
# the ante and the end of the session


def test_players_without_the_ante_sit_the_hand_out():
    game = table(THREE_SIXES, TWO_PAIR, PAIR_OF_4S, HIGH_6, chips=3, ante=2, hands=0)
    assert game.chips == [1, 1, 1, 1] and game.pot == 8
    game.play(DI, FOLD)
    game.play(CY, FOLD)
    events = game.play(BO, FOLD)
    # Ada has 9, the others 1: only Ada can pay the ante, so the session ends at once
    assert game.over and game.chips == [9, 1, 1, 1]
    assert "After 1 hand only Ada can still pay the ante: Ada wins with 9 chips." in texts(events)


def test_a_player_sits_out_while_the_others_play_on():
    game = table(THREE_SIXES, TWO_PAIR, PAIR_OF_4S, HIGH_6, chips=4, ante=2, hands=3)
    game.play(DI, FOLD)
    game.play(CY, FOLD)
    game.rng.faces.extend(deal(TWO_PAIR, HIGH_6, PAIR_OF_4S))  # Ada, Cy and Di ante again
    game.chips[BO] -= 1  # Bo, down to 1 chip, cannot pay the ante of 2
    game.chips[ADA] += 1
    events = game.play(BO, FOLD)
    assert game.status[BO] == OUT and game.red[BO] == [] and game.legal_moves(BO) == []
    assert "Hand 2 of 3: Ada, Cy and Di ante 2 each; the pot is 6. Bo cannot pay the ante and sits this " \
           "hand out." in texts(events)
    assert game.view(None)["seats"][BO]["red_hand"] is None
    assert game.to_act() == [CY]  # the worst of the three


def test_the_session_ends_after_the_last_hand_with_standings_by_chips():
    game = four(hands=1)
    game.play(DI, FOLD)
    game.play(CY, FOLD)
    game.play(BO, FOLD)
    out = game.outcome()
    assert out.summary == "After 1 hand the session is over: Ada wins with 43 chips."
    assert [(s.name, s.place, s.score) for s in out.standings] == [
        ("Ada", 1, 43), ("Bo", 2, 39), ("Cy", 2, 39), ("Di", 2, 39)]
    assert out.standings[0].detail == "+3 over the session; won 1 pot"
    assert out.standings[1].detail == "-1 over the session; won 0 pots"
    assert out.tiebreaks == "Bo, Cy and Di have 39 chips each and share a place."
    assert game.to_act() == [] and all(game.legal_moves(s) == [] for s in range(4))
    assert refused(game, ADA, FOLD) == "The game is over."


def test_equal_chips_at_the_top_are_a_draw():
    game = table(THREE_SIXES, THREE_SIXES, PAIR_OF_4S, HIGH_6, hands=1)
    game.play(DI, FOLD)
    game.play(CY, FOLD)
    assert game.outcome().summary == "After 1 hand the session is over: a draw, Ada and Bo having 41 chips each."
    assert game.outcome().drawn == [ADA, BO] and game.outcome().winners == []


# --------------------------------------------------------------------------------------------
# refusals, the view, undo


def test_refusals():
    game = four()
    assert refused(game, ADA, FOLD) == "It is not Ada's turn: Di has the worst hand and is to act."
    assert refused(game, DI, Move("raise")).startswith("Ten-Die Poker has no 'raise' move")
    assert refused(game, DI, Move("pair", (2,))) == ("Di must first fold or pay 2 to challenge; pairs are "
                                                     "marked after paying.")
    assert refused(game, DI, ROLL) == "Di must first fold or pay 2 to challenge; the roll comes after."
    assert refused(game, DI, Move("fold", (1,))) == "Fold takes no arguments."
    assert refused(game, 9, FOLD) == "There is no seat 9 at this table."
    assert refused(game, DI, "fold") == "'fold' is not a move."
    game.play(DI, CHALLENGE)
    assert refused(game, DI, FOLD) == ("Di has paid to challenge and cannot fold now: mark the pairs to re-roll "
                                       "and roll them.")
    assert refused(game, DI, CHALLENGE) == ("Di has already paid to challenge: mark the pairs to re-roll and "
                                            "roll them.")
    assert refused(game, DI, Move("pair", (6,))) == "There is no pair 6: the pairs are numbered 1 to 5."
    assert refused(game, DI, Move("pair", ("a",))) == "Name one pair to mark, by its number from 1 to 5."
    assert refused(game, DI, Move("pair")) == "Name one pair to mark, by its number from 1 to 5."


VIEW_KEYS = {"players", "viewer", "hand", "hands", "ante", "pot", "cost", "phase", "active", "to_act", "leaders",
             "chosen", "stake", "seats", "last_challenge", "options", "over", "result", "winners", "tiebreaks"}
SEAT_KEYS = {"name", "chips", "status", "won", "red", "black", "red_hand", "black_hand", "better"}


def test_the_view_is_public_complete_and_plain():
    game = four(hands=3)
    challenge(game, DI, [1], red=[1], black=[1])
    game.play(CY, CHALLENGE)
    game.play(CY, Move("pair", (4,)))
    view = game.view(CY)
    assert set(view) == VIEW_KEYS and all(set(s) == SEAT_KEYS for s in view["seats"])
    assert VIEW_KEYS == TenDiePokerView.__required_keys__ | TenDiePokerView.__optional_keys__  # as declared
    assert json.loads(json.dumps(view)) == view
    for seat in (ADA, BO, DI, None):
        assert dict(game.view(seat), viewer=CY) == view
    assert (view["hand"], view["hands"], view["ante"], view["pot"], view["cost"]) == (1, 3, 1, 9, 5)
    assert (view["phase"], view["active"], view["to_act"], view["leaders"]) == ("choose", CY, [CY], [ADA])
    assert view["chosen"] == [4] and view["stake"] == 3
    assert view["seats"][ADA] == {
        "name": "Ada", "chips": 39, "status": "leader", "won": 0, "red": [6, 6, 6, 2, 1], "black": [5, 4, 4, 2, 1],
        "red_hand": {"name": "Three 6s", "key": [3, 6, 2, 1]},
        "black_hand": {"name": "Pair of 4s", "key": [1, 4, 5, 2, 1]}, "better": "red"}
    assert view["seats"][DI]["status"] == "beaten" and view["seats"][DI]["chips"] == 37
    assert view["last_challenge"] == {"seat": DI, "cost": 2, "pairs": [1], "result": "lose", "leaders": [ADA],
                                      "hand": 1}
    assert not view["over"] and view["result"] is None
    both = table(([1, 1, 2, 3, 4], [4, 3, 2, 1, 1]), THREE_SIXES, TWO_PAIR, HIGH_6).view(None)
    assert both["seats"][ADA]["better"] == "both"


def test_the_view_tells_nothing_of_dice_still_to_come():
    game = TenDiePoker(NAMES[:5], 77)
    other = game.copy()
    other.rng = Stream(12345)
    assert other.view(None) == game.view(None)
    assert "seed" not in json.dumps(game.view(None))


def test_undo_goes_back_to_the_last_roll():
    game = TenDiePoker(NAMES[:4], 8)
    assert game.undo_status() == (False, "Nothing to undo yet.")
    seat = game.to_act()[0]
    before = game.view(None)
    assert game.legal_moves(seat) == [FOLD, CHALLENGE]  # everyone can pay the first challenge
    game.play(seat, CHALLENGE)
    game.play(seat, Move("pair", (1,)))
    game.play(seat, Move("pair", (3,)))
    assert game.undo_status() == (True, "")
    back = game.undone()
    assert back.chosen == [1] and back.view(None)["phase"] == "choose"
    back = back.undone().undone()
    assert back.view(None) == before  # the challenge's chips are back too
    game.play(seat, ROLL)
    assert game.undo_status() == (False, "Not past a roll of the dice.")


# --------------------------------------------------------------------------------------------
# the computer player


def brute(red, black, pairs, lead):
    """Every outcome of the re-roll, counted."""
    beat = tie = 0
    rolled = len(pairs)
    for reds in product(range(1, 7), repeat=rolled):
        r = list(red)
        for p, v in zip(pairs, reds):
            r[p - 1] = v
        for blacks in product(range(1, 7), repeat=rolled):
            b = list(black)
            for p, v in zip(pairs, blacks):
                b[p - 1] = v
            k = player_key(r, b)
            beat += k > lead
            tie += k == lead
    total = 36 ** rolled
    return beat / total, tie / total


@pytest.mark.parametrize("pairs", [(1,), (2, 5), (1, 3, 4)])
def test_the_bot_computes_the_chances_exactly(pairs):
    red, black = [6, 6, 3, 2, 1], [5, 4, 4, 2, 1]
    for lead in (player_key([5, 5, 2, 2, 3], [1, 2, 3, 4, 6]), player_key([6, 6, 6, 2, 1], [5, 4, 4, 2, 1]),
                 player_key([6, 6, 3, 2, 1], [6, 6, 3, 2, 1])):
        assert chances(red, black, pairs, lead) == pytest.approx(brute(red, black, pairs, lead))


def bot_move(game, seat=None):
    seat = game.to_act()[0] if seat is None else seat
    return TenDiePokerBot(seat, 0).choose(game.view(seat), game.legal_moves(seat))


def test_the_bot_challenges_a_good_chance_and_folds_a_hopeless_one():
    game = table(TWO_PAIR, PAIR_OF_4S, PAIR_OF_4S, HIGH_6, hands=1)
    assert bot_move(game) == CHALLENGE  # pot 4, cost 2: High Die beats Two Pair 61% of the time
    # against Three 6s, only a straight will do: 11 in 36 by re-rolling pair 1, worth 6 x 11/36 < 2
    game = four()
    assert best_reroll(game.red[DI], game.black[DI], game.key(ADA))[:2] == ((1,), pytest.approx(11 / 36))
    assert bot_move(game) == FOLD
    hopeless = table(([6, 6, 6, 6, 6], [6, 6, 6, 6, 5]), TWO_PAIR, PAIR_OF_4S, HIGH_6, hands=1)
    assert bot_move(hopeless) == FOLD  # only Five 6s and more would do
    poor = four()
    poor.chips[DI] = 1
    poor.pot = 3
    assert bot_move(poor) == FOLD



def test_the_bot_marks_pairs_then_rolls():
    game = four()
    game.play(DI, CHALLENGE)
    target, beat, _ = best_reroll(game.red[DI], game.black[DI], game.key(ADA))
    assert 0 < beat < 1
    marked = []
    while True:
        move = bot_move(game)
        if move == ROLL:
            break
        assert move.kind == "pair"
        marked.append(move.args[0])
        game.play(DI, move)
    assert sorted(marked) == list(target) and game.chosen == list(target)


def test_random_sessions_keep_the_invariants():
    rnd = random.Random(20240611)
    endings = Counter()
    kinds = Counter()
    for _ in range(300):
        n = rnd.randint(4, 7)
        hands = rnd.choice((0, 1, 2, 3))
        options = {"chips": rnd.choice((2, 3, 8) if hands == 0 else (2, 3, 5, 40)), "ante": rnd.choice((1, 1, 2)),
                   "hands": hands, "odd_chips": rnd.choice(("random", "carry")),
                   "ante_doubles_every": rnd.choice((0, 1, 3, 10))}
        game = TenDiePoker(NAMES[:n], rnd.randrange(1 << 30), **options)
        total = n * options["chips"]
        moves = 0
        hand = game.hand
        while game.outcome() is None:
            assert moves < TenDiePoker.move_limit, "the session did not end"
            assert sum(game.chips) + game.pot == total and min(game.chips) >= 0
            acting = game.to_act()
            assert len(acting) == 1
            seat = acting[0]
            legal = game.legal_moves(seat)
            assert legal and all(game.legal_moves(s) == [] for s in range(n) if s != seat)
            assert game.status[seat] == WAITING
            leaders = game.leaders()
            assert leaders and len({game.key(s) for s in leaders}) == 1
            assert all(game.key(s) < game.key(leaders[0]) for s, st in enumerate(game.status) if st == WAITING)
            if game.phase == "decide":
                assert (CHALLENGE in legal) == (game.chips[seat] >= (game.pot + 1) // 2)
            move = rnd.choice(legal)
            kinds[move.kind] += 1
            game.play(seat, move)
            moves += 1
            assert game.hand >= hand
            hand = game.hand
        assert sum(game.chips) == total and game.pot == 0
        out = game.outcome()
        best = max(game.chips)
        assert sorted(out.first) == [s for s in range(n) if game.chips[s] == best]
        able = sum(c >= game.ante(game.hand + 1) for c in game.chips)
        every = options["ante_doubles_every"]
        if not options["hands"] and every:
            # the ante passes half the chips on the table within this many doublings: then one at most can pay
            assert game.hand <= every * (total // options["ante"]).bit_length()
        if options["hands"] and game.hand == options["hands"] and able >= 2:
            endings["hands"] += 1
        else:
            assert able <= 1
            endings["ante"] += 1
    assert endings["hands"] > 120 and endings["ante"] > 80
    assert min(kinds[k] for k in ("fold", "challenge", "pair", "roll")) > 500
