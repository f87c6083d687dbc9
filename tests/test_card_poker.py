"""Poker with playing cards: the best hand of any number of cards, short hands, wild jokers, the
double deck, the names of hands, and the cards that make a hand."""

import random
from itertools import combinations

import pytest

from tabletop_tui.rules.components.cards import STANDARD, card, cards, deck
from tabletop_tui.rules.components.poker import (
    FIVE, FLUSH, FOUR, FULL_HOUSE, HIGH, PAIR, STRAIGHT, STRAIGHT_FLUSH, THREE, TWO_PAIR, best_hand, compare_hands,
    hand_name, hand_value, rank_hand, value_category, value_ranks)


def value(text):
    return hand_value(cards(text))


def name(text):
    return hand_name(value(text))


LADDER = [  # one hand of each category, lowest first, and its name
    ("AS KD 9H 7C 3S", HIGH, "High Card, ace"),
    ("4S 4D KH 9C 2S", PAIR, "Pair of fours"),
    ("JS JD 3H 3C 9S", TWO_PAIR, "Two Pair, jacks and threes"),
    ("6S 6D 6H KC 2S", THREE, "Three of a Kind, sixes"),
    ("9S 10D JH QC KS", STRAIGHT, "Straight, king high"),
    ("2H 7H 9H JH KH", FLUSH, "Flush, king high"),
    ("KS KD KH 4C 4S", FULL_HOUSE, "Full House, kings over fours"),
    ("9S 9D 9H 9C 2S", FOUR, "Four of a Kind, nines"),
    ("5C 6C 7C 8C 9C", STRAIGHT_FLUSH, "Straight Flush, nine high"),
    ("AS AD AH AC JK1", FIVE, "Five of a Kind, aces"),
]


@pytest.mark.parametrize("text, category, words", LADDER)
def test_every_category_and_its_name(text, category, words):
    v = value(text)
    assert value_category(v) == category and hand_name(v) == words
    assert best_hand(cards(text)).name == words
    assert hand_value(list(reversed(cards(text)))) == v  # the order of the cards does not matter


def test_the_categories_rank_in_order():
    values = [value(text) for text, _, _ in LADDER]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_royal_flush_and_ace_low_straights():
    assert name("AS KS QS JS 10S") == "Royal Flush"
    wheel, six = value("AS 2D 3H 4C 5S"), value("2D 3H 4C 5S 6S")
    assert hand_name(wheel) == "Straight, five high" and value_ranks(wheel) == [5]
    assert value("KS KD 2H 3C 4S") < wheel < six < value("10S JD QH KC AS")  # the lowest straight
    assert name("AH 2H 3H 4H 5H") == "Straight Flush, five high"
    assert value_category(value("QS KD AH 2C 3S")) == HIGH  # no straight round the corner


def test_within_a_category_the_groups_then_the_kickers_decide():
    assert value("AS AD 3H 4C 5S") > value("KS KD QH JC 9S")
    assert value("KS KD AH 4C 2S") > value("KH KC QH JC 9S")  # same pair: the kickers, one by one
    assert value("KS KD AH 4C 3S") > value("KH KC AD 4D 2S")
    assert value("KS KD 4H 4C 2S") > value("QS QD JH JC AS")  # two pair: the higher pair first
    assert value("KS KD 4H 4C 3S") > value("KH KC 4D 4S 2S")  # then the odd card
    assert value("3S 3D 3H 2C 2S") > value("2H 2C 2D AC AS")  # full house: the three first
    assert value("AS QS 9S 5S 3S") > value("AH QH 9H 5H 2H")  # flush: card by card
    assert name("KS KD KH 4C 4S") == "Full House, kings over fours"


def test_ties_are_ties():
    assert value("AS KD 9H 7C 3S") == value("AH KS 9D 7S 3C")  # suits never break a tie
    assert value("9S 10D JH QC KS") == value("9H 10H JD QS KC")
    assert compare_hands(cards("AS AD KH"), cards("AH AC KS")) == 0
    board = cards("AS KS QS JS 10S")  # the board plays for both
    assert compare_hands(board + cards("2D 3C"), board + cards("AH AD")) == 0
    assert compare_hands(cards("2C 2D"), cards("3S")) == 1 and compare_hands(cards("3S"), cards("2C 2D")) == -1


def test_seven_handed_poker_compares_hands_of_one_to_five_cards():
    # "a kicker is better than nothing"
    assert value("KS KD 2H") > value("KH KC")
    assert value("KS KD AH 2C") > value("KH KC AD")
    assert value("KH KC AD") > value("KS KD QH JC")  # but kickers compare one by one first
    assert value("AS KD QH JC 2S") > value("AH KC QD JD")
    assert value("7S") > value("6S") and value("7S 2D") > value("7D")
    assert value("") < value("2C")  # nothing at all is the least
    # the category still comes first: a lone pair beats three unmatched cards, a four beats a flush
    assert value("2S 2D") > value("AS KD QH")
    assert value("3S 3D 3H") > value("AH AC KD QD JC")
    assert value("2S 2D 2H 2C") > value("2H 7H 9H JH KH")
    # four cards make no straight or flush
    assert value_category(value("2S 3S 4S 5S")) == HIGH
    # short hands are named too
    assert name("KS KD") == "Pair of kings" and name("QS") == "High Card, queen"
    assert name("9S 9D 4H 4C") == "Two Pair, nines and fours"
    assert name("AS AD AH AC") == "Four of a Kind, aces"
    assert hand_name(hand_value([])) == "No Cards"


def test_darwinian_poker_takes_the_best_five_of_many_cards():
    # a hand evolved over the game: twenty cards, with a straight flush among them
    hand = cards("2C 5D 5S 9D KH KC KD 7H 8H 9H 10H JH 3S 3C 4D QS QD 6C 2H AD")
    best = best_hand(hand)
    assert best.name == "Straight Flush, jack high"
    assert sorted(c.code for c in best.cards) == sorted(["7H", "8H", "9H", "10H", "JH"])
    # the best five, not the most cards: a full house beats a seven-card flush
    assert name("2D 4D 6D 8D 10D QD AD 9S 9H 9C 3S 3H") == "Full House, nines over threes"
    assert name("2D 4D 6D 8D 10D QD AD 9S 9H 9C 3S") == "Flush, ace high"
    assert name("5S 5D 5H 4C 4S 4D 3S 3H") == "Full House, fives over fours"
    assert name("AS AD AH AC KS KD KH KC QS") == "Four of a Kind, aces"


def test_wild_jokers_make_the_best_hand_they_can():
    assert name("AS AD AH AC JK1") == "Five of a Kind, aces"
    assert value("AS AD AH AC JK1") > value("AS KS QS JS 10S")  # Five of a Kind on top
    assert name("KS QS JS 10S JK2") == "Royal Flush"
    assert name("9D 10S QH KC JK1") == "Straight, king high"  # fills the gap
    assert name("AD 10S QH KC JK1") == "Straight, ace high"
    assert name("7S 7D JK1 2C 3H") == "Three of a Kind, sevens"
    assert name("7S 7D 2C 2H JK1") == "Full House, sevens over twos"
    assert name("7S JK1 JK2 2C 4H") == "Three of a Kind, sevens"
    assert name("9C JK1") == "Pair of nines"
    assert name("JK1") == "High Card, ace"
    assert name("JK1 JK2") == "Pair of aces"
    assert name("2C 7D JK1 JK2") == "Three of a Kind, sevens"
    # in a flush the joker plays as the suit's ace, even beside the ace itself
    assert value("AS 9S 7S 4S JK1") > value("AS KS 9S 7S 4S")
    assert value_ranks(value("AS 9S 7S 4S JK1")) == [14, 14, 9, 7, 4]
    # a joker in seven cards
    assert name("2C 3D 4H 8S 9S JK1 KC") == "Pair of kings"
    assert name("5S 6S 8S 9S JK1 KC 2D") == "Straight Flush, nine high"


def test_two_decks():
    assert name("AS AS.2 AH AD AC") == "Five of a Kind, aces"
    assert name("KS KS.2 QS 9S 5S") == "Flush, king high"
    assert value_ranks(value("KS KS.2 QS 9S 5S")) == [13, 13, 12, 9, 5]
    assert value("KS KS.2 QS 9S 5S") > value("KH QH 10H 9H 5H")
    assert value("7S 7S.2 7H") == value("7S 7D 7H")


def test_the_best_hand_says_which_cards_make_it():
    best = best_hand(cards("2C KS 9D KH 4S KD 9C"))
    assert best.name == "Full House, kings over nines" and best.category == FULL_HOUSE
    assert [c.rank for c in best.cards] == [13, 13, 13, 9, 9] and best.plays_as == (13, 13, 13, 9, 9)
    wheel = best_hand(cards("AS 2D 3H 4C 5S KD"))
    assert [c.code for c in wheel.cards] == ["5S", "4C", "3H", "2D", "AS"] and wheel.plays_as == (5, 4, 3, 2, 1)
    wild = best_hand(cards("KS QS JK1 10S JS 2D"))
    assert wild.name == "Royal Flush" and wild.cards[0] is card("JK1") and wild.plays_as[0] == 14
    short = best_hand(cards("7S 7D 2C"))
    assert [c.code for c in short.cards] == ["7S", "7D", "2C"]


def _brute_force(hand):
    """The best of every five (or fewer) cards, each five evaluated on its own."""
    size = min(5, len(hand))
    return max(hand_value(list(five)) for five in combinations(hand, size))


def test_many_cards_agree_with_trying_every_five():
    rnd = random.Random(11)
    pool = deck(jokers=2, decks=2)
    for _ in range(400):
        hand = rnd.sample(pool, rnd.randint(6, 10))
        assert hand_value(hand) == _brute_force(hand), hand


def _joker_brute_force(hand):
    """A joker tried as each of the 52 cards (a card already there included)."""
    jokers = [i for i, c in enumerate(hand) if c.joker]
    if not jokers:
        return hand_value(hand)
    i = jokers[0]
    return max(_joker_brute_force(hand[:i] + [stand_in] + hand[i + 1:]) for stand_in in STANDARD)


def test_jokers_agree_with_trying_every_card_in_their_place():
    rnd = random.Random(12)
    pool = list(STANDARD)
    for jokers in ("JK1", "JK1 JK2"):
        for size in (1, 2, 3, 4, 5):
            for _ in range(25 if jokers == "JK1" else 6):
                wild = cards(jokers)[: size]
                hand = rnd.sample(pool, size - len(wild)) + wild
                assert hand_value(hand) == _joker_brute_force(hand), hand


def test_five_natural_cards_agree_with_the_five_value_ranking():
    """The five-value ranking (`rank_hand`, an older and simpler path) on the ranks, with the flush flag."""
    rnd = random.Random(13)
    pool = deck(decks=2)
    for _ in range(3000):
        hand = rnd.sample(pool, 5)
        flush = len({c.suit for c in hand}) == 1
        key = rank_hand([c.rank for c in hand], flush=flush, ace_low=14)[0]
        if key[0] == FLUSH:  # a flush of two decks may pair: it is compared card by card
            key = (FLUSH, *sorted((c.rank for c in hand), reverse=True))
        v = hand_value(hand)
        assert (value_category(v), *value_ranks(v)) == key, hand


def test_the_best_five_make_the_value_of_the_whole_hand():
    rnd = random.Random(14)
    pool = deck(jokers=2, decks=2)
    for _ in range(500):
        hand = rnd.sample(pool, rnd.randint(1, 20))
        best = best_hand(hand)
        assert len(best.cards) == min(5, len(hand)) and len(set(best.cards)) == len(best.cards)
        assert set(best.cards) <= set(hand)
        assert hand_value(list(best.cards)) == best.value == hand_value(hand)


def test_the_quick_count_without_jokers_agrees_with_the_one_for_jokers_on_every_count_of_ranks():
    """Up to seven cards, a rank up to eight times (two decks): every count of ranks there is."""
    from itertools import combinations_with_replacement

    from tabletop_tui.rules.components.poker import _natural_value, _wild_value

    for size in range(1, 8):
        for ranks in combinations_with_replacement(range(2, 15), size):
            counts = [ranks.count(r) for r in range(15)]
            assert _natural_value(counts) == _wild_value(counts, 0), ranks
