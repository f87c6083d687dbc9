"""Monster Builder: setup, research, scavenging, the three attacks and their stakes, stealing (by an
attacker or a defender), throwing a part away, the win at five 6s, places and tie-breaks, the round
limit, refusals, the view, undo, the computer player, and a property test over 200 seeded games."""

import json
import random
from itertools import product

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.base import RandomBot
from tabletop_tui.bots.monster_builder import (
    MonsterBuilderBot, best_slot, monster_worth, research_worth, scavenge_plan)
from tabletop_tui.rules.engine import Move, RecordError, Stream
from tabletop_tui.rules.monster_builder import ATTACKS, MonsterBuilder, MonsterBuilderView, win_chance

from scripted import Scripted, refused, play_out

NAMES = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay"]
ADA, BO, CY, DI = 0, 1, 2, 3
HEAD, LARM, RARM, LLEG, RLEG = range(5)

RESEARCH, SCAVENGE, FIGHT, STOP, ROLL = Move("research"), Move("scavenge"), Move("fight"), Move("stop"), Move("roll")
SPARE, DISCARD = Move("spare"), Move("discard")


def die(i):
    return Move("die", (i,))


def build(slot):
    return Move("build", (slot,))


def attack(key):
    return Move("attack", (key,))


def target(seat):
    return Move("target", (seat,))


def steal(part):
    return Move("steal", (part,))


# --------------------------------------------------------------------------------------------
# helpers: a table whose dice are scripted


def table(n=3, research=(6, 5, 4, 3), first=ADA, parts=None, **options) -> MonsterBuilder:
    """A game of n monsters, `first` to play, the research dice showing `research`, and the monsters'
    parts set from `parts` (seat -> five values); every later die is scripted."""
    game = MonsterBuilder(NAMES[:n], 0, **options)
    game.rng = Scripted()
    game.research = list(research)
    game.first = game.current = first
    for seat, values in (parts or {}).items():
        game.monsters[seat] = list(values)
    return game


def play(game, *moves, dice=()):
    """The seat to act makes each move in turn; `dice` are the faces the moves roll."""
    game.rng.faces.extend(dice)
    events = []
    for move in moves:
        events += game.play(game.to_act()[0], move)
    assert not game.rng.faces, "unused scripted dice"
    return events


def texts(events) -> list[str]:
    return [e.text for e in events]


# --------------------------------------------------------------------------------------------
# the catalog, the help, setup


def test_catalog_entry_loads_this_game_bot_and_help():
    info = catalog.get("monster-builder")
    assert info.rules_class() is MonsterBuilder
    assert info.bot_class() is MonsterBuilderBot
    text = info.help_text()
    for section in ("# Monster Builder", "## The idea", "## Setup", "## A turn", "## Winning and places",
                    "## Options", "## Rulings", "`rounds`", "Head Smash", "Punch", "Trip"):
        assert section in text
    assert (MonsterBuilder.id, MonsterBuilder.min_players, MonsterBuilder.max_players) == ("monster-builder", 3, 6)
    for n in (2, 7):
        with pytest.raises(ValueError):
            MonsterBuilder(NAMES[:n] + ["Gus"] * (n > 6))
    with pytest.raises(ValueError):
        MonsterBuilder(NAMES[:3], 1, rounds=-1)
    with pytest.raises(ValueError):
        MonsterBuilder(NAMES[:3], 1, attacks=3)


def test_setup_draws_the_first_player_and_leaves_the_research_dice_unrolled():
    firsts = set()
    for seed in range(40):
        game = MonsterBuilder(NAMES[:4], seed)
        assert game.options["opening"] == "unrolled"
        assert game.monsters == [[0] * 5 for _ in range(4)]
        assert game.research == [] and game.view(None)["research"] == []
        assert game.rng.draws == 1  # the draw for the first player
        assert game.to_act() == [game.first] == [game.current]
        firsts.add(game.first)
        assert f"{game.players[game.first]} was drawn to play first" in game.log[0].text
        assert "The research dice are not rolled yet: there is nothing to scavenge" in game.log[0].text
    assert firsts == {0, 1, 2, 3}
    assert MonsterBuilder(NAMES[:4], 7).view(None) == MonsterBuilder(NAMES[:4], 7).view(None)


def test_nothing_can_be_scavenged_before_the_first_research():
    game = MonsterBuilder(NAMES[:3], 11)
    first = game.first
    assert game.legal_moves(first) == [RESEARCH, FIGHT]
    assert refused(game, first, SCAVENGE) == ("There is nothing to scavenge yet: the research dice are not "
                                              "rolled until someone researches. Research (and roll them) or fight.")
    game.play(first, RESEARCH)
    rolled = list(game.research)
    assert len(rolled) == 4 and game.phase == "research"
    game.play(first, Move("stop"))
    nxt = game.current
    assert game.legal_moves(nxt) == [RESEARCH, SCAVENGE, FIGHT] and game.view(nxt)["research"] == rolled


def test_with_the_dice_rolled_at_setup_the_first_player_may_scavenge_them():
    game = MonsterBuilder(NAMES[:4], 3, opening="rolled")
    assert len(game.research) == 4 and all(1 <= v <= 6 for v in game.research)
    assert game.rng.draws == 5  # four research dice and the draw for the first player
    assert ", ".join(map(str, game.research)) in game.log[0].text
    game = MonsterBuilder(NAMES[:3], 11, opening="rolled")
    first, dice = game.first, list(game.research)
    assert game.legal_moves(first) == [RESEARCH, SCAVENGE, FIGHT]
    game.play(first, SCAVENGE)
    game.play(first, die(2))
    game.play(first, build(HEAD))
    assert game.monsters[first][HEAD] == dice[2] and game.research[2] == 1
    assert game.rng.draws == 5  # no roll


def test_with_the_dice_unrolled_the_first_player_wins_far_less_often():
    # With the dice rolled at setup the first player scavenges the two best of them before anyone else has
    # a turn, and between computer players wins nearly two games in three (a fair share is one in four).
    from tabletop_tui.simulate import simulate

    games = 80
    rolled = simulate("monster-builder", games, 4, 1, {"opening": "rolled"})
    unrolled = simulate("monster-builder", games, 4, 1)
    assert rolled["wins_by_position"]["1"] > games * 0.55
    assert unrolled["wins_by_position"]["1"] < games * 0.5


def test_a_record_of_rules_version_1_keeps_the_dice_rolled_at_setup(store):
    played = MonsterBuilder(NAMES[:3], 4, opening="rolled")
    bots = [MonsterBuilderBot(s, 4) for s in range(3)]
    while played.outcome() is None:
        seat = played.to_act()[0]
        played.play(seat, bots[seat].choose(played.view(seat), played.legal_moves(seat)))
    old = played.record()
    old["rules_version"] = 1
    del old["options"]["opening"]  # version 1 had no such option
    try:
        differs = MonsterBuilder.from_record(old).view(None) != played.view(None)
    except RecordError:
        differs = True
    assert differs
    save_id = store.new_game(old, [], "Monster Builder")
    record = store.load(save_id)["record"]
    assert record["rules_version"] == 2 and record["options"]["opening"] == "rolled"
    assert MonsterBuilder.from_record(record).view(None) == played.view(None)


# --------------------------------------------------------------------------------------------
# research


def test_research_rolls_all_four_dice_and_the_die_built_turns_to_1():
    game = table(parts={ADA: [2, 0, 0, 0, 0]})
    events = play(game, RESEARCH, dice=[4, 6, 2, 5])
    assert game.research == [4, 6, 2, 5]
    assert events[0].text == "Ada researches and rolls the four research dice: 4, 6, 2, 5."
    assert game.legal_moves(ADA) == [die(0), die(1), die(2), die(3), STOP]
    events = play(game, die(0), build(HEAD))
    assert game.monsters[ADA] == [4, 0, 0, 0, 0]  # replaced, not 2 + 4
    assert game.research == [1, 6, 2, 5]  # the die used turns to 1, the others stay as rolled
    assert events[0].text == "Ada builds the 4 of research die 1 into the head (it was 2); the die turns to 1."
    assert game.to_act() == [BO] and game.phase == "act"


def test_building_after_research_is_optional():
    game = table()
    events = play(game, RESEARCH, STOP, dice=[3, 3, 2, 1])
    assert game.monsters[ADA] == [0] * 5 and game.research == [3, 3, 2, 1]
    assert "Ada builds nothing from the research." in texts(events)
    assert game.to_act() == [BO]


def test_a_1_may_be_built_even_over_a_6():
    game = table(parts={ADA: [6, 6, 6, 6, 0]})
    play(game, RESEARCH, die(3), build(HEAD), dice=[6, 6, 6, 1])
    assert game.monsters[ADA][HEAD] == 1 and game.research == [6, 6, 6, 1]


def test_research_may_not_stop_once_a_die_is_chosen():
    game = table()
    play(game, RESEARCH, die(1), dice=[3, 3, 2, 1])
    assert game.legal_moves(ADA) == [build(s) for s in range(5)]
    assert refused(game, ADA, STOP) == "A die is chosen: choose the part to build the 3 into (undo to choose another die)."


# --------------------------------------------------------------------------------------------
# scavenging


def test_scavenge_builds_two_dice_as_they_lie_even_1s():
    game = table(research=(1, 5, 6, 1))
    events = play(game, SCAVENGE)
    assert events[0].text == "Ada scavenges the research dice as they lie: 1, 5, 6, 1."
    play(game, die(0), build(LLEG))
    assert game.monsters[ADA] == [0, 0, 0, 1, 0] and game.research == [1, 5, 6, 1]
    assert game.legal_moves(ADA) == [die(1), die(2), die(3), STOP]  # die 1 is used
    assert refused(game, ADA, die(0)) == "Ada has already built research die 1 this turn: scavenge two different dice."
    events = play(game, die(2), build(HEAD))
    assert game.monsters[ADA] == [6, 0, 0, 1, 0] and game.research == [1, 5, 1, 1]
    assert game.to_act() == [BO]  # two builds end the turn
    assert game.rng.draws == 0  # scavenging rolls nothing
    assert "Bo's turn." in texts(events)


def test_scavenge_may_stop_after_one_die_or_build_none():
    game = table(research=(2, 5, 6, 3))
    events = play(game, SCAVENGE, die(2), build(RARM), STOP)
    assert game.monsters[ADA][RARM] == 6 and game.research == [2, 5, 1, 3]
    assert "Ada stops scavenging." in texts(events)
    events = play(game, SCAVENGE, STOP)
    assert "Bo scavenges nothing." in texts(events)
    assert game.monsters[BO] == [0] * 5 and game.to_act() == [CY]


def test_two_scavenged_dice_may_go_into_the_same_part():
    game = table(research=(2, 5, 6, 3))
    play(game, SCAVENGE, die(2), build(HEAD), die(1), build(HEAD))
    assert game.monsters[ADA][HEAD] == 5 and game.research == [2, 1, 1, 3]


# --------------------------------------------------------------------------------------------
# fights


def fight(game, key, defender, dice):
    return play(game, FIGHT, attack(key), target(defender), ROLL, dice=dice)


def test_head_smash_is_one_die_and_the_head_against_two_dice_for_the_head():
    game = table(parts={ADA: [4, 1, 1, 1, 1], BO: [5, 6, 6, 6, 6]})
    events = fight(game, "smash", BO, [3, 4, 2])
    text = events[-1].text
    assert text.startswith("Ada Head-Smashes Bo: die 3 + head 4 = 7 against Bo's two dice 4 + 2 = 6. Ada wins")
    assert "may steal Bo's head" in text
    assert game.to_act() == [ADA] and game.legal_moves(ADA) == [steal(HEAD), SPARE]  # the head only
    assert refused(game, ADA, steal(LARM)) == "A Head Smash puts only the head at stake: Ada may not take Bo's left arm."
    view = game.view(None)["fight"]
    assert view == {"attacker": ADA, "defender": BO, "attack": "smash", "die": 3, "added": [4], "total": 7,
                    "defender_dice": [4, 2], "defender_total": 6, "winner": ADA, "stolen": None}
    events = play(game, steal(HEAD), build(LLEG))
    assert game.monsters[ADA] == [4, 1, 1, 5, 1] and game.monsters[BO] == [0, 6, 6, 6, 6]
    assert events[0].text == ("Ada steals Bo's head (5) and builds it into Ada's left leg (it was 1); "
                              "Bo's head is 0 now.")
    assert game.to_act() == [BO]


def test_punch_is_one_die_and_both_arms_against_three_dice_for_the_head_or_an_arm():
    game = table(parts={ADA: [0, 5, 3, 0, 0], BO: [2, 4, 6, 3, 3]})
    events = fight(game, "punch", BO, [4, 6, 2, 1])
    assert events[-1].text.startswith(
        "Ada Punches Bo: die 4 + arms 5 + 3 = 12 against Bo's three dice 6 + 2 + 1 = 9. Ada wins and may steal "
        "Bo's head or either arm")
    assert game.legal_moves(ADA) == [steal(HEAD), steal(LARM), steal(RARM), SPARE]
    assert refused(game, ADA, steal(RLEG)) == ("A Punch puts only the head and the arms at stake: Ada may not take "
                                              "Bo's right leg.")
    events = play(game, steal(LARM), build(HEAD))
    assert game.monsters[ADA] == [4, 5, 3, 0, 0] and game.monsters[BO] == [2, 0, 6, 3, 3]
    assert "Ada steals Bo's left arm (4) and builds it into Ada's head (it was 0)" in events[0].text


def test_trip_is_one_die_and_both_legs_against_the_defenders_whole_monster_for_any_part():
    game = table(parts={ADA: [0, 0, 0, 5, 4], BO: [1, 2, 3, 2, 4]})
    before = game.rng.draws
    events = fight(game, "trip", BO, [3])
    assert game.rng.draws == before + 1  # the defender rolls nothing
    assert events[-1].text.startswith(
        "Ada Trips Bo: die 3 + legs 5 + 4 = 12 against Bo's whole monster, 12. A tie goes to the attacker: Ada wins "
        "and may steal any part of Bo's monster")
    assert game.legal_moves(ADA) == [steal(p) for p in range(5)] + [SPARE]
    play(game, steal(RLEG), build(HEAD))
    assert game.monsters[ADA][HEAD] == 4 and game.monsters[BO] == [1, 2, 3, 2, 0]


@pytest.mark.parametrize("key,mine,dice,winner", [
    ("smash", [5, 0, 0, 0, 0], [2, 4, 3], ADA),  # 2 + 5 = 7 against 4 + 3 = 7: a tie
    ("smash", [5, 0, 0, 0, 0], [1, 4, 3], BO),  # 6 against 7
    ("punch", [0, 2, 3, 0, 0], [5, 4, 3, 3], ADA),  # 10 against 10
    ("punch", [0, 2, 3, 0, 0], [4, 4, 3, 3], BO),  # 9 against 10
    ("trip", [0, 0, 0, 2, 1], [2], ADA),  # 5 against Bo's total 5
    ("trip", [0, 0, 0, 2, 1], [1], BO),  # 4 against 5
])
def test_higher_wins_and_ties_go_to_the_attacker(key, mine, dice, winner):
    game = table(parts={ADA: mine, BO: [1, 1, 1, 1, 1]})
    events = fight(game, key, BO, dice)
    assert game.fight["winner"] == winner
    assert ("A tie goes to the attacker: Ada wins" in events[-1].text) == (winner == ADA)


def test_a_defender_who_wins_steals_from_the_attacker_on_the_attackers_turn():
    game = table(parts={ADA: [3, 4, 4, 0, 0], BO: [2, 1, 1, 1, 1]})
    events = fight(game, "punch", BO, [1, 6, 6, 1])  # 1 + 8 = 9 against 13
    assert events[-1].text.endswith("Bo wins and may steal Ada's head or either arm (or throw it away, or take nothing).")
    assert game.to_act() == [BO] and game.current == ADA
    assert game.legal_moves(ADA) == []
    assert refused(game, ADA, STOP) == "It is not Ada's turn: Bo won the fight and is choosing what to steal."
    assert refused(game, CY, steal(HEAD)) == "It is not Cy's turn: Bo won the fight and is choosing what to steal."
    play(game, steal(LARM), build(LARM))
    assert game.monsters[BO] == [2, 4, 1, 1, 1] and game.monsters[ADA] == [3, 0, 4, 0, 0]
    assert game.log[-2].text == "Bo steals Ada's left arm (4) and builds it into Bo's own left arm (it was 1); Ada's left arm is 0 now."
    assert game.to_act() == [BO] and game.current == BO  # the turn after Ada's: Bo's own


def test_throwing_a_stolen_part_away():
    game = table(parts={ADA: [6, 6, 6, 6, 0], BO: [5, 3, 3, 3, 3]})
    fight(game, "smash", BO, [2, 1, 1])
    assert game.legal_moves(ADA) == [steal(HEAD), SPARE]
    play(game, steal(HEAD))
    assert game.legal_moves(ADA) == [build(s) for s in range(5)] + [DISCARD]
    events = play(game, DISCARD)
    assert game.monsters[ADA] == [6, 6, 6, 6, 0] and game.monsters[BO] == [0, 3, 3, 3, 3]
    assert events[0].text == "Ada tears off Bo's head (5) and throws it away; it is 0 now."
    assert game.view(None)["fight"]["stolen"] == {"part": HEAD, "into": None, "value": 5, "spared": False}


def test_the_winner_may_take_nothing():
    game = table(parts={ADA: [6, 0, 0, 0, 0], BO: [5, 3, 3, 3, 3]})
    events = fight(game, "smash", BO, [2, 1, 1]) + play(game, SPARE)
    assert game.monsters[BO] == [5, 3, 3, 3, 3] and game.monsters[ADA] == [6, 0, 0, 0, 0]
    assert "Ada takes nothing from Bo." in texts(events) and game.to_act() == [BO]
    assert game.fight["stolen"] == {"part": None, "into": None, "value": 0, "spared": True}


def test_parts_at_0_cannot_be_stolen_and_an_empty_stake_ends_the_fight():
    game = table(parts={ADA: [0, 4, 4, 0, 0], BO: [0, 0, 3, 6, 6]})
    fight(game, "punch", BO, [6, 1, 1, 1])
    assert game.legal_moves(ADA) == [steal(RARM), SPARE]
    assert refused(game, ADA, steal(HEAD)) == "Bo's head is 0: there is nothing there to steal."
    game = table(parts={ADA: [6, 0, 0, 0, 0], BO: [0, 4, 4, 4, 4]})
    events = fight(game, "smash", BO, [1, 1, 1])
    assert events[-2].text.endswith("Ada wins, but Bo's head is 0: there is nothing to steal.")
    assert game.to_act() == [BO] and game.fight["stolen"] == {"part": None, "into": None, "value": 0, "spared": False}


def test_a_fight_never_touches_the_research_dice():
    game = table(research=(6, 6, 2, 2), parts={ADA: [3, 0, 0, 0, 0], BO: [1, 1, 1, 1, 1]})
    fight(game, "smash", BO, [5, 1, 1])
    assert game.research == [6, 6, 2, 2]


# --------------------------------------------------------------------------------------------
# the odds


def brute_chance(key, mine, theirs):
    a = ATTACKS[key]
    base = sum(mine[p] for p in a.strength)
    if not a.dice:
        return sum(d + base >= sum(theirs) for d in range(1, 7)) / 6
    wins = sum(rolls[0] + base >= sum(rolls[1:]) for rolls in product(range(1, 7), repeat=1 + a.dice))
    return wins / 6 ** (1 + a.dice)


def test_win_chances_are_exact():
    assert win_chance(ATTACKS["smash"], [0] * 5, [0] * 5) == pytest.approx(35 / 216)
    assert win_chance(ATTACKS["trip"], [0, 0, 0, 3, 2], [1, 2, 3, 2, 1]) == pytest.approx(3 / 6)
    assert win_chance(ATTACKS["trip"], [0, 0, 0, 6, 6], [6] * 5) == 0
    assert win_chance(ATTACKS["trip"], [0, 0, 0, 1, 0], [0] * 5) == 1
    assert win_chance(ATTACKS["smash"], [6] * 5, [0] * 5) == pytest.approx(181 / 216)  # 12 beats 7 + 6 only
    rnd = random.Random(3)
    for _ in range(60):
        mine, theirs = [rnd.randint(0, 6) for _ in range(5)], [rnd.randint(0, 6) for _ in range(5)]
        for key in ATTACKS:
            assert win_chance(ATTACKS[key], mine, theirs) == pytest.approx(brute_chance(key, mine, theirs))


# --------------------------------------------------------------------------------------------
# winning and places


def test_five_6s_win_at_once_by_research():
    game = table(3, parts={ADA: [6, 6, 6, 6, 2], BO: [6, 6, 3, 0, 0], CY: [6, 6, 5, 5, 0]})
    events = play(game, RESEARCH, die(1), build(RLEG), dice=[2, 6, 1, 1])
    assert game.over and game.winner == ADA and game.to_act() == []
    assert all(game.legal_moves(s) == [] for s in range(3))
    assert events[-1].text == "Ada's monster has five 6s: Ada wins!"
    out = game.outcome()
    assert out.winners == [ADA] and out.summary == events[-1].text
    # equal 6s: Cy's total 22 beats Bo's 15
    assert [(s.name, s.place, s.score) for s in out.standings] == [("Ada", 1, 5), ("Cy", 2, 2), ("Bo", 3, 2)]
    assert out.tiebreaks == ("After the winner, monsters are placed by their number of 6s, then by their total. "
                             "Cy and Bo have 2 sixes each; the higher total of all five parts places higher "
                             "(Cy 22 and Bo 15).")
    assert refused(game, BO, RESEARCH) == "The game is over."


def test_five_6s_win_in_the_middle_of_a_scavenge():
    game = table(research=(6, 6, 1, 1), parts={ADA: [6, 6, 6, 6, 0]})
    play(game, SCAVENGE, die(0), build(RLEG))
    assert game.over and game.winner == ADA and game.research == [1, 6, 1, 1]


def test_a_defender_wins_the_game_by_stealing_a_6():
    game = table(parts={ADA: [6, 2, 2, 0, 0], BO: [6, 6, 6, 6, 1]})
    fight(game, "smash", BO, [1, 6, 6])
    assert game.to_act() == [BO]
    events = play(game, steal(HEAD), build(RLEG))
    assert game.over and game.winner == BO and game.monsters[ADA][HEAD] == 0
    assert events[-1].text == "Bo's monster has five 6s: Bo wins!"


def test_equal_6s_and_totals_share_a_place():
    game = table(4, parts={ADA: [6, 6, 6, 6, 5], BO: [6, 1, 1, 1, 1], CY: [6, 2, 1, 1, 0], DI: [5, 5, 5, 5, 5]})
    play(game, RESEARCH, die(0), build(RLEG), dice=[6, 1, 1, 1])
    out = game.outcome()
    assert [(s.name, s.place) for s in out.standings] == [("Ada", 1), ("Bo", 2), ("Cy", 2), ("Di", 4)]
    assert "Bo and Cy have 1 six and the same total (10), so they share a place." in out.tiebreaks
    assert out.standings[1].detail == "1 six, total 10"


def test_the_round_limit_ends_the_game_with_places_by_6s_then_total():
    game = table(3, rounds=2, parts={BO: [6, 6, 0, 0, 0], CY: [6, 6, 1, 0, 0]})
    for _ in range(5):
        play(game, SCAVENGE, STOP)
    assert not game.over and game.round == 2
    events = play(game, SCAVENGE, STOP)
    assert game.over and game.winner is None
    assert "Round 2 was the last, and no monster has five 6s." in texts(events)
    out = game.outcome()
    assert [(s.name, s.place) for s in out.standings] == [("Cy", 1), ("Bo", 2), ("Ada", 3)]
    assert out.summary == "After 2 rounds no monster is finished; Cy has the best, with 2 sixes and a total of 13."
    assert out.tiebreaks == ("Monsters are placed by their number of 6s, then by their total. Cy and Bo have 2 sixes "
                             "each; the higher total of all five parts places higher (Cy 13 and Bo 12).")


def test_rounds_count_from_the_first_player():
    game = table(3, first=CY)
    play(game, SCAVENGE, STOP, SCAVENGE, STOP)
    assert game.round == 1 and game.to_act() == [BO]
    play(game, SCAVENGE, STOP)
    assert game.round == 2 and game.to_act() == [CY]


# --------------------------------------------------------------------------------------------
# refusals, in every phase


def test_refusals_say_why():
    game = table(parts={BO: [3, 0, 0, 0, 0]})
    assert refused(game, BO, RESEARCH) == "It is not Bo's turn: Ada is playing."
    assert refused(game, ADA, Move("dance")).startswith("Monster Builder has no 'dance' move")
    assert refused(game, ADA, build(HEAD)) == "There is nothing to build yet: choose research, scavenge or fight."
    assert refused(game, ADA, die(0)) == "This is not the moment to choose a research die: choose research, scavenge or fight."
    assert refused(game, ADA, attack("punch")) == "Choose Fight first to attack: now choose research, scavenge or fight."
    assert refused(game, ADA, ROLL) == "The research dice are rolled by choosing Research: now choose research, scavenge or fight."
    assert refused(game, ADA, SPARE).startswith("Taking nothing is for the winner of a fight")
    assert refused(game, ADA, DISCARD).startswith("There is no stolen part to throw away")
    assert refused(game, ADA, Move("research", (1,))) == "A research move takes no arguments."
    assert refused(game, ADA, Move("die")) == "A die move names exactly one research die."
    play(game, SCAVENGE)
    assert refused(game, ADA, die(4)) == "There are only four research dice."
    assert refused(game, ADA, FIGHT) == "Ada has already chosen an action this turn: now choose a research die to build, or stop."
    play(game, die(0))
    assert refused(game, ADA, build(5)) == "A monster has only five parts: a head, two arms and two legs."
    assert refused(game, ADA, build("head")) == "A monster has only five parts: a head, two arms and two legs."
    play(game, build(HEAD), STOP)
    play(game, FIGHT)
    assert refused(game, BO, attack("kick")) == "There is no attack called 'kick': choose smash (Head Smash), punch or trip."
    assert refused(game, BO, target(ADA)) == "This is not the moment to choose whom to attack: choose an attack: Head Smash, Punch or Trip."
    play(game, attack("trip"))
    assert refused(game, BO, target(BO)) == "A monster cannot attack itself: choose another player's monster."
    assert refused(game, BO, target(3)) == "There are only 3 monsters at this table."
    assert refused(game, BO, ROLL) == "Nothing to roll yet: choose the monster to attack."
    play(game, target(ADA))
    assert refused(game, BO, steal(HEAD)) == "There is nothing to steal now: roll the combat dice."
    assert refused(game, BO, STOP) == "There is nothing to stop: roll the combat dice."
    assert refused(game, 5, ROLL) == "There is no seat 5 at this table."
    assert refused(game, BO, "roll") == "'roll' is not a move."


def test_a_defender_who_won_is_told_to_take_the_spoils_not_that_an_action_was_chosen():
    game = table(4, parts={ADA: [3, 4, 4, 0, 0], BO: [2, 1, 1, 6, 1]})
    fight(game, "punch", BO, [1, 6, 6, 1])
    assert game.to_act() == [BO]
    said = refused(game, BO, RESEARCH)
    assert said.startswith("Bo won the fight and takes the spoils first: ")
    assert refused(game, BO, FIGHT) == said


# --------------------------------------------------------------------------------------------
# the view, undo


VIEW_KEYS = {"players", "viewer", "round", "rounds", "first", "current", "to_act", "phase", "monsters", "research",
             "die", "built", "attack", "target", "part", "fight", "over", "winner", "winners", "result", "tiebreaks"}


def test_the_view_is_public_complete_and_plain():
    game = table(4, parts={ADA: [3, 4, 4, 0, 0], BO: [2, 1, 1, 6, 1]})
    fight(game, "punch", BO, [1, 6, 6, 1])
    play(game, steal(LARM))
    view = game.view(CY)
    assert set(view) == VIEW_KEYS and json.loads(json.dumps(view)) == view
    assert VIEW_KEYS == MonsterBuilderView.__required_keys__ | MonsterBuilderView.__optional_keys__  # as declared
    for seat in (ADA, BO, DI, None):
        assert dict(game.view(seat), viewer=CY) == view
    assert view["phase"] == "steal slot" and view["to_act"] == [BO] and view["current"] == ADA
    assert view["part"] == LARM and view["fight"]["winner"] == BO
    assert view["monsters"][BO] == {"name": "Bo", "parts": [2, 1, 1, 6, 1], "sixes": 1, "total": 11}
    assert view["research"] == [6, 5, 4, 3] and not view["over"] and view["result"] is None


def test_the_view_tells_nothing_of_dice_still_to_come():
    game = MonsterBuilder(NAMES[:4], 77)
    other = game.copy()
    other.rng = Stream(12345)
    assert other.view(None) == game.view(None)
    assert "seed" not in json.dumps(game.view(None))


def test_describe_move():
    game = table(parts={ADA: [2, 3, 4, 5, 1], BO: [1, 1, 1, 1, 1]})
    assert [game.describe_move(m) for m in game.legal_moves(ADA)] == [
        "Research: roll the 4 dice", "Scavenge: take dice as they lie", "Fight: attack a monster"]
    play(game, FIGHT)
    assert game.describe_move(attack("punch")) == "Punch: die + 7 vs three dice"
    assert game.describe_move(attack("trip")) == "Trip: die + 6 vs their total"
    play(game, attack("trip"))
    assert game.describe_move(target(BO)) == "Bo (100% to win)"
    play(game, target(BO))
    assert game.describe_move(ROLL) == "Roll: Trip on Bo (100% to win)"
    play(game, ROLL, steal(HEAD), dice=[2])
    assert game.describe_move(build(LLEG)) == "Left leg: 5 → 1"
    assert game.describe_move(DISCARD) == "Throw the head away"
    game = table(research=(1, 5, 6, 1))
    play(game, SCAVENGE)
    assert game.describe_move(die(2)) == "Die 3: a 6" and game.describe_move(STOP) == "Stop scavenging"


def test_undo_goes_back_to_the_last_roll():
    fresh = MonsterBuilder(NAMES[:3], 5)
    seat = fresh.first
    fresh.play(seat, RESEARCH)
    assert fresh.undo_status() == (False, "Not past a roll of the dice.")  # the roll stands
    rolled = list(fresh.research)
    fresh.play(seat, die(0))
    fresh.play(seat, build(HEAD))
    assert fresh.undo_status()[0]
    back = fresh.undone().undone()  # the build and the choice of die are taken back; the roll is not
    assert back.phase == "research" and back.research == rolled and back.monsters[seat] == [0] * 5
    back.play(seat, STOP)
    assert back.monsters[seat] == [0] * 5 and back.research == rolled

    fighter = MonsterBuilder(NAMES[:3], 8)
    seat = fighter.first
    for move in (FIGHT, attack("punch"), target((seat + 1) % 3)):
        fighter.play(seat, move)
    assert [fighter.undone().phase, fighter.undone().undone().phase] == ["target", "attack"]  # choices go back...
    fighter.play(seat, ROLL)
    assert not fighter.undo_status()[0]  # ...but not the combat dice


# --------------------------------------------------------------------------------------------
# the computer player


def bot_move(game, seat=None):
    seat = game.to_act()[0] if seat is None else seat
    return MonsterBuilderBot(seat, 1).choose(game.view(seat), game.legal_moves(seat))


def test_the_bot_helpers():
    assert best_slot([6, 2, 0, 5, 5], 4) == (2, 4)  # into the empty part
    assert best_slot([6, 6, 6, 6, 5], 6)[0] == 4
    assert best_slot([6, 6, 6, 6, 6], 3)[1] < 0
    assert monster_worth([6] * 5) >= 1000
    assert scavenge_plan([0, 3, 6, 6, 6], [1, 5, 6, 2]) == [(2, 0, 24), (1, 1, 2)]  # a fourth 6 is worth 6 + 18
    assert scavenge_plan([6, 6, 6, 6, 6], [1, 5, 6, 2]) == []
    assert research_worth([6, 6, 6, 6, 1]) > research_worth([0] * 5) > research_worth([5, 5, 5, 5, 5]) > 0


def test_the_bot_scavenges_a_6_that_finishes_its_monster():
    game = table(research=(1, 2, 6, 1), parts={ADA: [6, 6, 6, 6, 3], BO: [6, 6, 6, 6, 0]})
    assert bot_move(game) == SCAVENGE
    play(game, SCAVENGE)
    assert bot_move(game) == die(2)
    play(game, die(2))
    assert bot_move(game) == build(RLEG)


def test_the_bot_researches_when_the_dice_lie_poor_and_builds_the_best_die():
    game = table(research=(1, 1, 2, 1), parts={ADA: [3, 3, 3, 3, 3], BO: [3, 3, 3, 3, 3], CY: [3, 3, 3, 3, 3]})
    assert bot_move(game) == RESEARCH
    play(game, RESEARCH, dice=[2, 5, 1, 4])
    assert bot_move(game) == die(1)
    play(game, die(1))
    assert bot_move(game) in [build(s) for s in range(5)]
    game = table(research=(1, 1, 2, 1), parts={ADA: [6, 6, 6, 5, 5]})
    play(game, RESEARCH, dice=[2, 1, 1, 1])
    assert bot_move(game) == STOP  # a 2 would only spoil a part


def test_the_bot_fights_to_steal_a_6_from_the_leader_and_builds_it():
    # Cy leads with four 6s; Ada's arms are strong, so a Punch on Cy wins most of the time
    game = table(research=(1, 1, 1, 1), parts={ADA: [0, 5, 5, 0, 0], BO: [1, 1, 1, 1, 1], CY: [6, 6, 6, 6, 0]})
    assert bot_move(game) == FIGHT
    play(game, FIGHT)
    assert bot_move(game) == attack("punch")
    play(game, attack("punch"))
    assert bot_move(game) == target(CY)
    play(game, target(CY), ROLL, dice=[4, 1, 2, 3])
    assert bot_move(game) in (steal(HEAD), steal(LARM), steal(RARM))
    play(game, bot_move(game))
    assert bot_move(game) in (build(HEAD), build(LLEG), build(RLEG))  # into a part at 0


def test_the_bot_does_not_risk_handing_the_leader_its_fifth_6():
    # the same Punch would mostly win, but a loss lets Cy steal a 6 of Ada's arms and finish
    game = table(research=(1, 1, 1, 1), parts={ADA: [0, 6, 6, 0, 0], BO: [1, 1, 1, 1, 1], CY: [6, 6, 6, 6, 0]})
    assert win_chance(ATTACKS["punch"], game.monsters[ADA], game.monsters[CY]) > 0.9
    assert bot_move(game) == RESEARCH


def test_the_bot_throws_away_a_part_it_cannot_use_and_steals_as_a_defender():
    game = table(parts={ADA: [6, 6, 6, 6, 5], BO: [3, 6, 6, 6, 6]})
    fight(game, "smash", BO, [6, 1, 1])
    assert bot_move(game) == steal(HEAD)
    play(game, steal(HEAD))
    assert bot_move(game) == DISCARD  # a 3 would spoil any of Ada's parts; throwing it away still hurts Bo
    game = table(parts={ADA: [6, 1, 1, 1, 1], BO: [0, 6, 6, 6, 6]})
    fight(game, "smash", BO, [1, 6, 6])  # Bo defends and wins
    assert game.to_act() == [BO]
    assert bot_move(game) == steal(HEAD)
    play(game, steal(HEAD))
    assert bot_move(game) == build(HEAD)  # the fifth 6: Bo wins


def test_bots_finish_games_and_beat_random_players():
    wins = 0
    for seed in range(30):
        n = 3 + seed % 4
        game = MonsterBuilder(NAMES[:n], seed)
        bots = [MonsterBuilderBot(0, seed)] + [RandomBot(s, seed) for s in range(1, n)]
        wins += play_out(game, bots, limit=1000).winners == [0]
    assert wins >= 28


# --------------------------------------------------------------------------------------------
# the property test: many whole games with random legal moves


def _check(game, view):
    for m in view["monsters"]:
        assert len(m["parts"]) == 5 and all(0 <= v <= 6 for v in m["parts"])
        assert m["sixes"] == m["parts"].count(6) and m["total"] == sum(m["parts"])
    researched = any(move.kind == "research" for _, move in game.history)
    if researched or game.options["opening"] == "rolled":
        assert len(view["research"]) == 4 and all(1 <= v <= 6 for v in view["research"])
    else:  # not rolled yet: nothing to scavenge
        assert view["research"] == [] and Move("scavenge") not in game.legal_moves(game.to_act()[0])
    if view["over"]:
        return
    acting = game.to_act()
    assert len(acting) == 1 and len(game.legal_moves(acting[0])) <= 8
    assert set(view["built"]) <= {0, 1, 2, 3} and len(view["built"]) <= 1
    if view["phase"] in ("steal", "steal slot"):
        assert acting == [view["fight"]["winner"]]
    else:
        assert acting == [view["current"]]


def test_random_games_keep_the_invariants():
    rnd = random.Random(20240601)
    games, limit = 200, 400
    finished = capped = won = by_defender = 0
    for g in range(games):
        n = rnd.randint(3, 6)
        rounds = rnd.choice((0, 0, 3, 8, 20))
        game = MonsterBuilder(NAMES[:n], rnd.randrange(1 << 30), rounds=rounds,
                              opening=rnd.choice(("unrolled", "rolled")))
        smart = {s for s in range(n) if rnd.random() < 0.4}  # some seats play to win, so that games end
        bots = {s: MonsterBuilderBot(s, g) for s in smart}
        moves = 0
        while game.outcome() is None and moves < limit:
            seat = game.to_act()[0]
            view = game.view(None)
            if moves % 7 == 0:
                _check(game, view)
            legal = game.legal_moves(seat)
            move = bots[seat].choose(game.view(seat), legal) if seat in bots else rnd.choice(legal)
            before = [list(m) for m in game.monsters], list(game.research)
            game.play(seat, move)
            if move.kind == "build" and view["phase"] in ("research slot", "scavenge slot"):  # replaced, die to 1
                assert game.monsters[seat][move.args[0]] == before[1][view["die"]]
                assert game.research[view["die"]] == 1 and game.research.count(1) >= before[1].count(1)
            moves += 1
        _check(game, game.view(None))
        out = game.outcome()
        if out is None:
            capped += 1
            assert moves == limit
            continue
        finished += 1
        placed = sorted(st.seat for st in out.standings)
        assert placed == list(range(n))
        if game.winner is not None:
            won += 1
            assert game.monsters[game.winner] == [6] * 5 and out.winners == [game.winner]
            assert sum(m == [6] * 5 for m in game.monsters) == 1
            if game.history[-1][0] != game.current:
                by_defender += 1
        else:
            assert rounds and game.round == rounds
        keys = {s: (int(s == game.winner), game.monsters[s].count(6), sum(game.monsters[s])) for s in range(n)}
        for a in out.standings:
            for b in out.standings:
                assert (a.place < b.place) == (keys[a.seat] > keys[b.seat])
    assert finished + capped == games
    assert won > 120 and finished - won > 30 and capped < 30 and by_defender >= 1
