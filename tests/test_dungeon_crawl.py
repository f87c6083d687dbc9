"""Dungeon Crawl: the seed's worked examples, every rule and ruling, the refusals."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from tabletop_tui.bots.dungeon_crawl import DungeonCrawlBot
from tabletop_tui.rules import dungeon_crawl as dc
from tabletop_tui.rules.dungeon_crawl import DungeonCrawl
from tabletop_tui.rules.engine import IllegalMove, Move

M = Move


class Loaded:
    """A random stream that gives the dice it is told, in order, and draws the cards at the indices
    `picks` says (the last card left, once they run out)."""

    def __init__(self, *values: int, picks=()):
        self.values = list(values)
        self.picks = list(picks)
        self.draws = 0

    def _next(self) -> int:
        self.draws += 1
        return self.values.pop(0)

    def die(self, sides: int = 6) -> int:
        return self._next()

    def dice(self, n: int, sides: int = 6) -> list[int]:
        return [self._next() for _ in range(n)]

    def below(self, n: int) -> int:
        self.draws += 1
        return self.picks.pop(0) if self.picks else n - 1

    def __copy__(self):
        other = Loaded(*self.values, picks=self.picks)
        other.draws = self.draws
        return other


def built(n: int = 3, builds=((6, 5, 5), (6, 5, 5), (6, 5, 5)), seed: int = 1, **options) -> DungeonCrawl:
    game = DungeonCrawl([f"P{i}" for i in range(n)], seed, **options)
    for s in range(n):
        h, c, sp = builds[s] if s < len(builds) else (6, 5, 5)
        game.play(s, M("heart", (h,)))
        game.play(s, M("club", (c,)))
        game.play(s, M("spade", (sp,)))
    return game


def ready(n: int = 3, first: int = 0, **kw) -> DungeonCrawl:
    """A built game whose turn is `first`'s, everyone on Start."""
    game = built(n, **kw)
    game.current = first
    return game


def texts(events) -> str:
    return " ".join(e.text for e in events)


# -- building --------------------------------------------------------------------------------------


def test_a_character_is_a_heart_a_club_and_a_spade_of_2_to_10_totalling_16_at_most():
    game = DungeonCrawl(["A", "B", "C"], 1)
    assert game.to_act() == [0]
    moves = game.legal_moves(0)
    assert moves[0] == M("suggest")
    assert [m.args[0] for m in moves if m.kind == "heart"] == list(range(2, 11))
    game.play(0, M("heart", (10,)))
    assert [m.args[0] for m in game.legal_moves(0) if m.kind == "club"] == [2, 3, 4]
    with pytest.raises(IllegalMove) as refused:
        game.play(0, M("club", (5,)))
    assert "16 or less" in refused.value.reason
    game.play(0, M("club", (4,)))
    assert [m.args[0] for m in game.legal_moves(0)[1:]] == [2]
    game.play(0, M("spade", (2,)))
    assert game.to_act() == [1] and (game.heart[0], game.club[0], game.spade[0]) == (10, 4, 2)
    game.play(1, M("suggest"))
    assert (game.heart[1], game.club[1], game.spade[1]) == dc.SUGGESTED
    assert game.legal_moves(2)[0] == M("suggest")
    assert sum(dc.SUGGESTED) <= dc.MAX_CHARACTER


def test_the_character_cards_leave_the_six_decks_and_building_can_be_undone():
    game = DungeonCrawl(["A", "B", "C"], 1)
    game.play(0, M("heart", (6,)))
    assert game.undo_status()[0]  # no chance yet
    game = built()
    assert len(game.deck) == 6 * 52 - 9
    assert game.character[0] == ["6H", "5C", "5S"] and game.character[1] == ["6H.2", "5C.2", "5S.2"]
    assert game.phase == "play" and game.current == game.first
    assert not game.undo_status()[0]  # the first player was drawn


# -- the worked examples ------------------------------------------------------------------------------


def test_speed_4_against_a_7_of_spades_takes_1_damage():
    game = ready(builds=((6, 6, 4),))
    game.deck = ["7S"]
    game.rng = Loaded(1)  # to space 1, a card space
    events = game.play(0, M("roll"))
    assert game.damage[0] == 1 and game.xp[0] == 0
    assert "hits P0 for 1 damage" in texts(events)
    assert game.current == 1


def test_a_trap_at_or_below_speed_is_disarmed_for_an_experience_point():
    game = ready(builds=((6, 6, 4),))
    game.deck = ["4S.3"]
    game.rng = Loaded(1)
    game.play(0, M("roll"))
    assert game.damage[0] == 0 and game.xp[0] == 1


def test_the_ten_food_kept_and_the_two_eaten_from_a_treasure_pile():
    """The seed's example: carrying a 10 Food with 4 damage, a 2 Food found in a Treasure Pile is eaten
    and the 10 kept."""
    game = ready()
    game.food[0] = "10H"
    game.damage[0] = 4
    game.xp[0] = 2  # (so that the Jack's last Health is its last)
    game.pos[0] = 5
    game.combats[6] = {"space": 6, "card": "JS", "monster": "J", "health": 1, "power": 7, "treasure": 2,
                       "fighters": [0]}
    game.deck = ["2H", "3D"]
    game.rng = Loaded(6, 6, 6, 1, 1, 1, picks=[1, 0])  # the win, then draw the 3D (index 1) and the 2H
    game.pos[0] = 6
    events = game.play(0, M("fight"))
    assert "kills the Jack" in texts(events)
    p = game.stack[-1]
    assert p["kind"] == "share" and p["pile"] == ["3D", "2H"] and game.to_act() == [0]
    game.play(0, M("take", (1,)))  # the 2 Food
    assert game.stack[-1]["kind"] == "food"
    assert M("eat_new") in game.legal_moves(0) and M("carry") in game.legal_moves(0)
    game.play(0, M("eat_new"))
    assert game.damage[0] == 2 and game.food[0] == "10H"


# -- moving ---------------------------------------------------------------------------------------------


def test_a_locked_door_sends_you_down_the_dotted_path_with_the_rest_of_your_roll():
    game = ready()
    game.pos = [8, 3, 0]  # P2 still on Start: zone 1's door is locked
    game.deck = ["2D"] * 1
    game.rng = Loaded(6)
    events = game.play(0, M("roll"))  # 9, 10, then back to 1, 2, 3, 4
    assert game.pos[0] == 4 and game.deferred == ["2D"]
    assert "takes the dotted path back" in texts(events)


def test_the_door_opens_once_every_living_character_is_in_the_zone():
    game = ready()
    game.pos = [8, 3, 1]
    assert game.door_open(1) and game.step(10) == 11
    game.pos = [8, 3, 0]
    assert game.step(10) == 1
    game.alive[2] = False  # the dead are not waited for
    assert game.step(10) == 11


def test_zone_5_has_no_door_and_walking_into_the_end_ends_the_game():
    game = ready()
    game.pos = [49, 45, 45]
    game.gold[1] = ["9D"]
    game.rng = Loaded(3)
    game.play(0, M("roll"))
    assert game.pos[0] == dc.END and game.outcome() is not None
    assert game.outcome().winners == [1] and "P0 leaves the dungeon" in game.outcome().summary


def test_the_false_exit_sends_you_back_to_fight_the_printed_monster():
    game = ready()
    game.pos = [47, 45, 45]
    assert dc.space_kind(49) == "false exit" and dc.space_kind(dc.FALSE_EXIT_TO).startswith("monster")
    game.rng = Loaded(2, 6, 6, 6, 1, 1, 1)
    events = game.play(0, M("roll"))
    assert game.pos[0] == dc.FALSE_EXIT_TO
    assert "False Exit" in texts(events) and "kills the Monster" in texts(events)


def test_walking_past_a_fight_you_may_stop_and_join_it_and_draw_no_card():
    game = ready()
    game.pos = [0, 3, 3]
    game.combats[3] = {"space": 3, "card": "QS", "monster": "J", "health": 3, "power": 7, "treasure": 2,
                       "fighters": [1, 2]}
    game.rng = Loaded(5)
    game.play(0, M("roll"))
    assert game.legal_moves(0)[:2] == [M("stop", (3,)), M("go")]
    assert "fight the Jack" in game.describe_move(M("stop", (3,)))
    deck = len(game.deck)
    game.play(0, M("stop", (3,)))
    assert game.pos[0] == 3 and game.combats[3]["fighters"] == [1, 2, 0] and len(game.deck) == deck
    assert game.current == 1


def test_a_fighter_cannot_move_away():
    game = ready()
    game.combats[4] = {"space": 4, "card": "QS", "monster": "J", "health": 3, "power": 7, "treasure": 2,
                       "fighters": [0]}
    game.pos[0] = 4
    assert M("roll") not in game.legal_moves(0) and M("fight") in game.legal_moves(0)
    with pytest.raises(IllegalMove) as refused:
        game.play(0, M("roll"))
    assert "cannot move away" in refused.value.reason


# -- cards ----------------------------------------------------------------------------------------------


def test_face_cards_by_zone():
    assert [dc.ZONE_MONSTERS[0][r] for r in "JQK"] == ["J", "J", "J"]  # the seed: zone 1 all Jacks
    assert [dc.ZONE_MONSTERS[2][r] for r in "JQK"] == ["J", "Q", "K"]  # the seed: zone 3 normal
    assert [dc.ZONE_MONSTERS[4][r] for r in "JQK"] == ["K", "K", "K"]
    assert {k: v[2] for k, v in dc.MONSTERS.items()} == {"J": 2, "Q": 3, "K": 4}  # the seed's Treasure


def test_a_king_in_zone_1_is_a_jack_and_everyone_on_its_space_is_in_the_fight():
    game = ready()
    game.pos = [0, 1, 0]
    game.deck = ["KH.4"]
    game.rng = Loaded(1, 1, 1, 1, 6, 6, 6)  # to space 1; a lost round
    game.xp[0] = 0
    events = game.play(0, M("roll"))
    c = game.combats[1]
    assert (c["monster"], c["health"], c["power"]) == ("J", 3, 7)
    assert c["fighters"] == [0, 1] and "in the fight too" in texts(events)
    assert game.damage[0] == 1


def test_gold_in_the_open_is_deferred_to_the_next_treasure_pile():
    game = ready()
    game.deck = ["7D"]
    game.rng = Loaded(1)
    game.play(0, M("roll"))
    assert game.deferred == ["7D"] and game.gold[0] == []


def test_a_small_club_is_a_monster_and_a_tie_goes_to_the_player():
    game = ready()
    game.deck = ["8C"]
    game.rng = Loaded(1, 3, 3, 3, 2, 2, 2)  # 9 + 5 = 14 against 6 + 8 = 14
    game.play(0, M("roll"))
    assert game.xp[0] == 1 and game.damage[0] == 0 and "8C" in game.discard


def test_the_treasure_pile_replaces_face_cards_and_its_traps_hit_the_killer():
    game = ready()
    game.deferred = ["4D"]
    game.pos[0] = 6
    game.combats[6] = {"space": 6, "card": "JS", "monster": "J", "health": 1, "power": 7, "treasure": 2,
                       "fighters": [0, 1]}
    game.deck = ["9S", "QH", "5C"]  # drawn: the 5C (last), the QH (replaced), the 9S (a trap)
    game.rng = Loaded(6, 6, 6, 1, 1, 1, picks=[2, 1, 0])
    events = game.play(0, M("fight"))
    said = texts(events)
    assert "Queen of hearts is discarded and replaced" in said
    assert "Trap (9 against Speed 5) hits P0" in said and game.damage[0] == 1
    p = game.stack[-1]
    assert p["pile"] == ["4D", "5C"] and p["order"] == [0, 1]
    game.play(0, M("take", (0,)))
    assert game.to_act() == [1]
    assert "Weapon" in game.describe_move(M("take", (0,)))
    game.play(1, M("take", (0,)))
    assert game.gold[0] == ["4D"] and game.weapon[1] == "5C" and not game.stack


def test_a_weapon_above_your_speed_cannot_be_taken_and_weapons_left_may_be_left():
    game = ready(builds=((6, 5, 5), (6, 7, 3)))
    game.stack.append({"kind": "share", "seat": 1, "pile": ["9C", "2C"], "order": [1, 2], "at": 0, "passes": 0})
    game.acted = True
    assert game.legal_moves(1)[:2] == [M("take", (1,)), M("pass")]
    with pytest.raises(IllegalMove) as refused:
        game.play(1, M("take", (0,)))
    assert "no higher than Speed 3" in refused.value.reason
    game.play(1, M("pass"))
    assert game.to_act() == [2]
    game.play(2, M("pass"))
    assert "9C" in game.discard and "2C" in game.discard and not game.stack


def test_a_weapon_is_added_to_fight_rolls_and_scores_its_value():
    game = ready()
    game.weapon[0] = "4C"
    game.deck = ["10C"]
    game.rng = Loaded(1, 2, 2, 2, 3, 3, 3)  # 6 + 5 + 4 = 15 against 9 + 10 = 19: lost
    game.play(0, M("roll"))
    assert game.damage[0] == 1 and game.score(0) == 4


# -- experience, food, death ----------------------------------------------------------------------------------


def test_experience_spent_after_the_dice_turns_a_fight():
    game = ready()
    game.xp[0] = 7
    game.deck = ["9C"]
    game.rng = Loaded(1, 3, 3, 3, 3, 3, 3)  # 9 + 5 = 14 against 9 + 9 = 18: 4 short, 2 upgrades affordable
    game.play(0, M("roll"))
    assert not game.stack and game.damage[0] == 1  # cannot be turned: settled at once
    game = ready()
    game.xp[0] = 7
    game.deck = ["7C"]
    game.rng = Loaded(1, 3, 3, 3, 3, 3, 3)  # 14 against 16: 2 short
    game.play(0, M("roll"))
    assert game.stack[-1]["kind"] == "duel" and game.to_act() == [0]
    assert set(game.legal_moves(0)) == {M("accept"), M("up", ("S",)), M("up", ("C",)), M("up", ("H",))}
    game.play(0, M("up", ("C",)))
    assert game.stack and game.stack[-1]["me"] == 15
    game.play(0, M("up", ("C",)))
    assert not game.stack and game.xp[0] == 2 and game.damage[0] == 0 and game.power(0) == 7
    assert game.current == 1 and game.score(0) == 2 + 2


def test_experience_can_be_spent_at_the_start_of_a_turn_and_scores_a_third():
    game = ready()
    game.xp[0] = 3
    assert M("up", ("S",)) in game.legal_moves(0)
    game.play(0, M("up", ("S",)))
    assert game.speed(0) == 6 and game.current == 0 and game.score(0) == 1
    with pytest.raises(IllegalMove) as refused:
        game.play(0, M("up", ("S",)))
    assert "needs 3 Experience" in refused.value.reason


def test_food_eaten_at_need_saves_a_dying_character():
    game = ready(builds=((2, 7, 7),))
    game.damage[0] = 2
    game.food[0] = "3H"
    game.deck = ["10C"]
    game.rng = Loaded(1, 1, 1, 1, 6, 6, 6)
    events = game.play(0, M("roll"))
    assert "is dying" in texts(events) and game.legal_moves(0) == [M("die"), M("eat")]
    game.play(0, M("eat"))
    assert game.alive[0] and game.damage[0] == 0 and game.food[0] is None and game.current == 1


def test_the_dead_leave_the_game_score_nothing_and_a_fight_with_nobody_left_goes_away():
    game = ready(builds=((2, 7, 7),))
    game.damage[0] = 2
    game.gold[0] = ["10D"]
    game.pos[0] = 6
    game.combats[6] = {"space": 6, "card": "JS", "monster": "J", "health": 3, "power": 7, "treasure": 2,
                       "fighters": [0]}
    game.rng = Loaded(1, 1, 1, 6, 6, 6)
    events = game.play(0, M("fight"))
    assert "dies and leaves the game" in texts(events) and "goes away" in texts(events)
    assert not game.alive[0] and game.score(0) == 0 and 6 not in game.combats
    assert game.current == 1
    game.current = 2
    game.rng = Loaded(1)
    game.deck = ["2D"]
    game.play(2, M("roll"))
    assert game.current == 1  # the dead are skipped


def test_everyone_dead_ends_the_game_in_a_draw():
    game = ready(builds=((2, 7, 7),))
    game.alive[1] = game.alive[2] = False
    game.damage[0] = 2
    game.deck = ["10C"]
    game.rng = Loaded(1, 1, 1, 1, 6, 6, 6)
    game.play(0, M("roll"))
    assert game.outcome() is not None and game.outcome().winners == []
    assert "Everyone is dead" in game.outcome().summary


def test_die_and_continue_strips_the_character_and_keeps_it_in_the_fight():
    game = ready(builds=((2, 7, 7),), die_and_continue=True)
    game.damage[0] = 2
    game.xp[0] = 2
    game.ups[0]["C"] = 1
    game.weapon[0] = "3C"
    game.pos[0] = 6
    game.combats[6] = {"space": 6, "card": "JS", "monster": "J", "health": 3, "power": 7, "treasure": 2,
                       "fighters": [0]}
    game.rng = Loaded(1, 1, 1, 6, 6, 6)
    game.play(0, M("fight"))
    assert game.alive[0] and game.damage[0] == 0 and game.xp[0] == 0 and game.weapon[0] is None
    assert game.ups[0] == {"H": 0, "C": 0, "S": 0} and game.pos[0] == 6 and game.combats[6]["fighters"] == [0]
    assert game.deaths[0] == 1


def test_found_food_is_carried_without_asking_when_unhurt():
    game = ready()
    game.deck = ["5H"]
    game.rng = Loaded(1)
    game.play(0, M("roll"))
    assert game.food[0] == "5H" and game.current == 1


def test_scoring_counts_gold_weapon_experience_and_upgrades():
    game = ready()
    game.gold[0] = ["AD", "10D"]
    game.weapon[0] = "5C"
    game.xp[0] = 4
    game.ups[0] = {"H": 1, "C": 2, "S": 0}
    assert game.score(0) == 11 + 5 + 4 + 3


def test_the_jack_is_tuned_to_about_70_percent_for_a_fresh_character():
    """A Health 6 / Power 5 character alone against a zone-1 Jack, worked out exactly from the dice."""
    sums = [0] * 19
    for a, b, c in product(range(1, 7), repeat=3):
        sums[a + b + c] += 1
    health, power, _ = dc.MONSTERS["J"]
    diff = 5 - power
    win = Fraction(sum(sums[x] * sums[y] for x in range(3, 19) for y in range(3, 19) if x + diff >= y), 216 ** 2)
    memo: dict = {}

    def beat(mh: int, dmg: int) -> Fraction:
        if mh == 0:
            return Fraction(1)
        if dmg > 6:
            return Fraction(0)
        if (mh, dmg) not in memo:
            memo[mh, dmg] = win * beat(mh - 1, dmg) + (1 - win) * beat(mh, dmg + 1)
        return memo[mh, dmg]

    assert 0.65 <= float(beat(health, 0)) <= 0.75


def test_refusals_say_why():
    game = ready()
    with pytest.raises(IllegalMove) as refused:
        game.play(1, M("roll"))
    assert "not P1's turn" in refused.value.reason
    with pytest.raises(IllegalMove) as refused:
        game.play(0, M("eat"))
    assert "carries no Food" in refused.value.reason
    with pytest.raises(IllegalMove) as refused:
        game.play(0, M("pass"))
    assert "Only a pile of nothing but Weapons" in refused.value.reason


def test_the_computer_builds_its_choice_and_eats_rather_than_die():
    game = DungeonCrawl(["A", "B", "C"], 3)
    bot = DungeonCrawlBot(0, 1)
    assert bot.choose(game.view(0), game.legal_moves(0)) == M("suggest")
    game = ready(builds=((2, 7, 7),))
    game.damage[0] = 2
    game.food[0] = "3H"
    game.deck = ["10C"]
    game.rng = Loaded(1, 1, 1, 1, 6, 6, 6)
    game.play(0, M("roll"))
    assert bot.choose(game.view(0), game.legal_moves(0)) == M("eat")


def test_equal_scores_share_the_place():
    game = ready()
    game.pos = [49, 45, 45]
    game.gold[1] = ["5D"]
    game.gold[2] = ["5D.2"]
    game.rng = Loaded(3)
    game.play(0, M("roll"))
    outcome = game.outcome()
    assert outcome.winners == [] and sorted(outcome.first) == [1, 2] and "share first place" in outcome.summary


def test_an_empty_deck_takes_the_discards():
    game = ready()
    game.deck = []
    game.discard = ["3D", "2D"]
    game.rng = Loaded(1, picks=[0])
    events = game.play(0, M("roll"))
    assert "shuffled into a new one" in texts(events)
    assert game.deferred == ["2D"] and game.deck == ["3D"] and game.discard == []
    game.deck = []
    game.current = 1
    game.rng = Loaded(1)
    events = game.play(1, M("roll"))
    assert "no card left" in texts(events)
