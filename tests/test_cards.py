"""The French deck: codes and JSON, orders, names, jokers, the double deck and seeded shuffles."""

import copy
import json
import pickle

import pytest

from tabletop_tui.rules.components import cards as C
from tabletop_tui.rules.components.cards import Card, by_order, card, cards, codes, deck, names, shuffled
from tabletop_tui.rules.engine import Move, Stream


def test_codes_name_each_card_once_and_parse_leniently():
    assert card("AS") is card("as") is Card("AS")
    assert card("10H") is card("TH") is card("th") is card(" 10h ")
    assert card("JK1").joker == 1 and card("JK2").joker == 2
    assert card("QC.2") is not card("QC") and card("QC.2").deck == 2
    for bad in ("", "1S", "11H", "AX", "S", "JK3", "AS.3", None, 14):
        with pytest.raises(ValueError, match="not a card"):
            card(bad)


def test_cards_turn_into_json_and_back():
    every = deck(jokers=2, decks=2)
    text = json.dumps(codes(every))
    assert cards(json.loads(text)) == every
    for c in every:
        assert Card.from_json(json.loads(json.dumps(c.to_json()))) is c
        assert str(c) == c.code
    assert cards("AS 10H qc") == [card("AS"), card("10H"), card("QC")]
    # a move names a card by its code
    move = Move("play", (card("7S").code,))
    assert Move.from_json(json.loads(json.dumps(move.to_json()))) == move


def test_cards_are_immutable_and_copies_are_the_same_card():
    c = card("7S")
    with pytest.raises(AttributeError):
        c.rank = 8
    with pytest.raises(AttributeError):
        del c.rank
    assert copy.copy(c) is c and copy.deepcopy([c])[0] is c
    assert pickle.loads(pickle.dumps([c, card("JK2.2")])) == [c, card("JK2.2")]
    assert all(pickle.loads(pickle.dumps(c, protocol)) is c for protocol in range(pickle.HIGHEST_PROTOCOL + 1))
    assert {card("7S"): 1}[card("7s")] == 1


def test_attributes():
    ace = card("AH")
    assert (ace.rank, ace.rank_low, ace.suit, ace.red, ace.joker, ace.deck) == (14, 1, "H", True, 0, 1)
    ten = card("10C")
    assert (ten.rank, ten.rank_low, ten.red, ten.is_face) == (10, 10, False, False)
    assert [card(x).rank_low for x in ("JD", "QD", "KD")] == [11, 12, 13]  # face values of Penniless and Shipwreck!
    assert card("KD").is_face and not card("AD").is_face
    assert card("JK1").red is False and card("JK2").red is True
    assert card("JK1").rank == 0 and card("JK1").suit == ""


def test_names_for_the_log():
    assert card("7S").name == "the 7 of spades"
    assert card("AH").name == "the ace of hearts"
    assert card("10D").name == "the 10 of diamonds"
    assert card("QC").name == "the queen of clubs"
    assert card("QC.2").name == "the queen of clubs"  # the copies look alike
    assert card("JK1").name == "the black joker" and card("JK2").name == "the red joker"
    assert names(cards("7S AH JK2")) == "the 7 of spades, the ace of hearts and the red joker"
    assert C.rank_plural(6) == "sixes" and C.rank_plural(14) == "aces" and C.rank_word(1) == "ace"


def test_suits_order_clubs_diamonds_hearts_spades_within_a_rank():
    assert C.SUITS == ("C", "D", "H", "S")
    tens = cards("10S 10C 10H 10D")
    assert [c.code for c in sorted(tens)] == ["10C", "10D", "10H", "10S"]
    assert card("10C").order < card("10H").order  # Penniless: the ten of clubs acts before the ten of hearts
    # Darwinian Poker's example: seeds AS, 10C and 9H play in descending order
    seeds = cards("9H AS 10C")
    assert [c.code for c in sorted(seeds, key=lambda c: c.order, reverse=True)] == ["AS", "10C", "9H"]


def test_aces_high_or_low():
    hand = cards("AS 2C KD JK1 10H")
    assert codes(by_order(hand)) == ["2C", "10H", "KD", "AS", "JK1"]
    assert codes(by_order(hand, aces_low=True)) == ["AS", "2C", "10H", "KD", "JK1"]
    assert card("AC").order_low < card("2C").order_low < card("2S").order_low
    assert card("KS").order < card("AC").order
    # every card has its own place in each order; jokers above every card
    every = deck(jokers=2)
    assert len({c.order for c in every}) == len({c.order_low for c in every}) == 54
    assert max(every, key=lambda c: c.order).joker and max(every, key=lambda c: c.order_low).joker


def test_deck_sizes():
    assert len(deck()) == 52 and len(set(deck())) == 52
    assert len(deck(jokers=1)) == 53 and len(deck(jokers=2)) == 54
    assert len(deck(decks=2)) == 104 and len(set(deck(decks=2))) == 104
    assert len(deck(jokers=2, decks=2)) == 108
    assert deck() == list(C.STANDARD) and deck() == sorted(deck())
    with pytest.raises(ValueError):
        deck(jokers=3)
    with pytest.raises(ValueError):
        deck(decks=3)


def test_the_double_deck_holds_two_distinguishable_copies_of_each_card():
    both = deck(decks=2)
    first, second = both[:52], both[52:]
    assert all(c.deck == 1 for c in first) and all(c.deck == 2 for c in second)
    for a, b in zip(first, second):
        assert a is not b and a != b and b.code == a.code + ".2"
        assert (a.rank, a.suit, a.name, a.order, a.order_low) == (b.rank, b.suit, b.name, b.order, b.order_low)
        assert a < b  # sorted() puts the first deck's copy first
    assert codes(sorted(cards("AS.2 KD AS"))) == ["KD", "AS", "AS.2"]


def test_shuffles_follow_the_seed():
    one = shuffled(Stream(7))
    assert one == shuffled(Stream(7))
    assert one != shuffled(Stream(8))
    assert sorted(one) == deck()
    two = shuffled(Stream(7), jokers=2, decks=2)
    assert sorted(two) == sorted(deck(jokers=2, decks=2)) and two == shuffled(Stream(7), jokers=2, decks=2)
    # the game's stream, never the random module: a copied stream deals the same
    stream = Stream(3)
    stream.below(5)
    twin = copy.copy(stream)
    assert shuffled(stream) == shuffled(twin)
