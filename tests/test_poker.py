"""The poker hand ranking shared by the poker games: every category, the order between and within
categories, straights (dice and cards), flushes, and the names of hands."""

from itertools import product

import pytest

from tabletop_tui.rules.components.poker import (
    CATEGORY_NAMES, DICE_CATEGORIES, FIVE, FLUSH, FOUR, FULL_HOUSE, HIGH, PAIR, STRAIGHT, STRAIGHT_FLUSH, THREE,
    TWO_PAIR, category_name, describe, rank_hand)


def key(values, **kw):
    return rank_hand(values, **kw)[0]


def name(values, **kw):
    return rank_hand(values, **kw)[1]


@pytest.mark.parametrize("values, category, label", [
    ((6, 5, 3, 2, 1), HIGH, "High Die"),
    ((4, 4, 6, 2, 1), PAIR, "Pair"),
    ((5, 5, 2, 2, 6), TWO_PAIR, "Two Pair"),
    ((6, 6, 6, 2, 1), THREE, "Three of a Kind"),
    ((1, 2, 3, 4, 5), STRAIGHT, "Straight"),
    ((6, 5, 4, 3, 2), STRAIGHT, "Straight"),
    ((3, 3, 3, 5, 5), FULL_HOUSE, "Full House"),
    ((2, 2, 2, 2, 6), FOUR, "Four of a Kind"),
    ((4, 4, 4, 4, 4), FIVE, "Five of a Kind"),
])
def test_every_dice_category(values, category, label):
    k, n = rank_hand(values, high="High Die")
    assert k[0] == category and n == label
    # the order of the dice does not matter
    assert rank_hand(tuple(reversed(values)), high="High Die") == (k, n)


def test_the_categories_rank_from_high_die_to_five_of_a_kind():
    ladder = [(6, 5, 3, 2, 1), (1, 1, 2, 3, 4), (2, 2, 3, 3, 1), (1, 1, 1, 2, 3), (1, 2, 3, 4, 5),
              (1, 1, 1, 2, 2), (1, 1, 1, 1, 2), (1, 1, 1, 1, 1)]
    keys = [key(v) for v in ladder]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert [k[0] for k in keys] == list(DICE_CATEGORIES)
    # the weakest hand of each category beats the strongest of the one below
    strongest = [(6, 5, 4, 3, 1), (6, 6, 5, 4, 3), (6, 6, 5, 5, 4), (6, 6, 6, 5, 4), (2, 3, 4, 5, 6),
                 (6, 6, 6, 5, 5), (6, 6, 6, 6, 5)]
    for weak, strong in zip(ladder[1:], strongest):
        assert key(weak) > key(strong)


def test_every_one_of_the_7776_rolls_has_a_dice_category_and_the_counts_are_right():
    counts = {}
    for roll in product(range(1, 7), repeat=5):
        k = key(roll)
        assert k[0] in DICE_CATEGORIES
        counts[k[0]] = counts.get(k[0], 0) + 1
    assert counts == {HIGH: 480, PAIR: 3600, TWO_PAIR: 1800, THREE: 1200, STRAIGHT: 240, FULL_HOUSE: 300,
                      FOUR: 150, FIVE: 6}


def test_within_a_category_the_bigger_group_then_the_kickers_decide():
    assert key((6, 6, 1, 2, 3)) > key((5, 5, 4, 3, 2))  # pair of 6s beats pair of 5s
    assert key((5, 5, 6, 3, 2)) > key((5, 5, 4, 3, 2))  # same pair: the highest odd die
    assert key((5, 5, 6, 4, 2)) > key((5, 5, 6, 3, 2))  # then the next
    assert key((6, 6, 2, 2, 1)) > key((5, 5, 4, 4, 3))  # two pair: the higher pair first
    assert key((6, 6, 3, 3, 1)) > key((6, 6, 2, 2, 5))  # then the lower pair
    assert key((6, 6, 3, 3, 2)) > key((6, 6, 3, 3, 1))  # then the odd die
    assert key((4, 4, 4, 1, 2)) > key((3, 3, 3, 6, 5))
    assert key((6, 6, 6, 2, 2)) > key((5, 5, 5, 6, 6))  # full house: the three first
    assert key((5, 5, 5, 6, 6)) > key((5, 5, 5, 4, 4))
    assert key((3, 3, 3, 3, 1)) > key((2, 2, 2, 2, 6))
    assert key((3, 3, 3, 3, 2)) > key((3, 3, 3, 3, 1))
    assert key((2, 2, 2, 2, 2)) > key((1, 1, 1, 1, 1))
    assert key((6, 5, 4, 3, 1)) > key((6, 5, 4, 2, 1))  # high die: one by one
    assert key((1, 2, 2, 3, 4)) == key((4, 3, 2, 2, 1))  # equal hands are equal


def test_dice_straights_are_1_to_5_and_2_to_6_and_the_second_is_higher():
    low, high = key((1, 2, 3, 4, 5)), key((2, 3, 4, 5, 6))
    assert low[0] == high[0] == STRAIGHT and high > low
    assert key((1, 2, 3, 4, 6))[0] == HIGH  # a gap is no straight
    assert key((1, 3, 4, 5, 6))[0] == HIGH


def test_card_straights_with_the_ace_low_or_high():
    assert key((14, 13, 12, 11, 10), ace_low=14) == (STRAIGHT, 14)
    assert key((14, 2, 3, 4, 5), ace_low=14) == (STRAIGHT, 5)  # the wheel, the lowest straight
    assert key((2, 3, 4, 5, 6), ace_low=14) > key((14, 2, 3, 4, 5), ace_low=14)
    assert key((14, 2, 3, 4, 5))[0] == HIGH  # without ace_low the Ace only plays high
    assert key((13, 14, 2, 3, 4), ace_low=14)[0] == HIGH  # no wrapping round the corner


def test_the_flush_flag_for_cards():
    assert rank_hand((2, 5, 7, 9, 13), flush=True) == ((FLUSH, 13, 9, 7, 5, 2), "Flush")
    assert rank_hand((9, 10, 11, 12, 13), flush=True) == ((STRAIGHT_FLUSH, 13), "Straight Flush")
    # a flush beats a straight and loses to a full house
    assert key((2, 5, 7, 9, 13), flush=True) > key((10, 11, 12, 13, 14))
    assert key((2, 5, 7, 9, 13), flush=True) < key((2, 2, 3, 3, 3))
    assert key((2, 2, 3, 3, 3), flush=True)[0] == FULL_HOUSE  # a flush flag does not lower a full house


def test_names_of_categories_and_hands():
    assert category_name(HIGH) == "High Card" and category_name(HIGH, high="High Die") == "High Die"
    assert name((6, 5, 3, 2, 1)) == "High Card"
    assert len(CATEGORY_NAMES) == 10
    dice = {
        (6, 5, 3, 2, 1): "High Die 6", (4, 4, 6, 2, 1): "Pair of 4s", (5, 5, 2, 2, 6): "Two Pair 5s and 2s",
        (6, 6, 6, 2, 1): "Three 6s", (1, 2, 3, 4, 5): "Straight 1-5", (6, 5, 4, 3, 2): "Straight 2-6",
        (6, 6, 6, 2, 2): "Full House 6s over 2s", (2, 2, 2, 2, 6): "Four 2s", (4, 4, 4, 4, 4): "Five 4s",
    }
    for values, words in dice.items():
        assert describe(key(values), high="High Die") == words
    faces = {14: "Ace", 13: "King", 12: "Queen", 11: "Jack", 1: "Ace"}
    label = lambda v: faces.get(v, str(v))  # noqa: E731
    assert describe(key((14, 14, 13, 13, 2)), label=label) == "Two Pair Aces and Kings"
    assert describe(key((14, 2, 3, 4, 5), ace_low=14), label=label) == "Straight Ace-5"
    assert describe(key((2, 5, 7, 9, 13), flush=True), label=label) == "Flush, King high"


def test_five_values_are_needed():
    with pytest.raises(ValueError, match="five values, not 4"):
        rank_hand((1, 2, 3, 4))
