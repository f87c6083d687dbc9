"""Seven-Handed Poker: the deal, a turn (announce, lay, the opponent's coin, the draw), settling coins
as the seed describes (a kicker beats nothing, a tie counts for both), three adjacent or four, the tie
game, every ruling, refusals, what each seat sees, undo, the computer player, and the game's own
invariants over whole random games. The catalog's contract (tests/contract/) plays random and computer
games of it too, and its hidden-card check runs in tests/contract/test_hidden_cards.py."""

from __future__ import annotations

import json
import random

import pytest

from tabletop_tui.bots.base import RandomBot
from tabletop_tui.bots.seven_handed_poker import SevenHandedPokerBot, chance_of_win
from tabletop_tui.rules.components.cards import card, cards as parse
from tabletop_tui.rules.components.poker import hand_value
from tabletop_tui.rules.engine import IllegalMove, Move, log_for
from tabletop_tui.rules.seven_handed_poker import COINS, SevenHandedPoker, winning_line

ADA, BO = 0, 1


# --------------------------------------------------------------------------------------------
# helpers


def rigged(hands=("", ""), top="", first=ADA, **options) -> SevenHandedPoker:
    """A game whose hands are exactly `hands` (codes separated by spaces) and whose deck gives the
    cards of `top` first, in that order; `first` plays first. The rest of the deck follows."""
    game = SevenHandedPoker(["Ada", "Bo"], seed=1, **options)
    held = [parse(h) for h in hands]
    upper = parse(top)
    chosen = set(held[0]) | set(held[1]) | set(upper)
    assert len(chosen) == len(held[0]) + len(held[1]) + len(upper), "a card is given twice"
    rest = [c for c in game.full_deck if c not in chosen]
    game.hands = [sorted(held[0]), sorted(held[1])]
    game.deck = rest + list(reversed(upper))  # drawn from the end
    game.first = game.turn = first
    return game


def lay(game, codes: str) -> list:
    """The player whose turn it is announces and lays these cards; returns the events of the last."""
    seat = game.to_act()[0]
    chosen = codes.split()
    events = game.play(seat, Move("announce", (len(chosen),)))
    for code in chosen:
        events = game.play(seat, Move("lay", (code,)))
    return events


def turn(game, codes: str, coin: int) -> list:
    """A whole turn: lay these cards; the opponent puts them on `coin` (numbered from 1)."""
    lay(game, codes)
    return game.play(game.to_act()[0], Move("place", (coin - 1,)))


def texts(events) -> list[str]:
    return [e.text for e in events]


def state(game):
    return (json.dumps([game.view(s) for s in (None, 0, 1)], sort_keys=True), len(game.history),
            len(game.log), game.to_act())


def refused(game, seat, move, text):
    before = state(game)
    with pytest.raises(IllegalMove) as exc:
        game.play(seat, move)
    assert text in exc.value.reason, exc.value.reason
    assert state(game) == before
    return exc.value.reason


def unwatched(game: SevenHandedPoker) -> SevenHandedPoker:
    """The game as a look-ahead copy: the same rules, without the engine's comparison, at every move, of
    what each seat had seen before it and after (the undo floor, which whole random games do not ask
    for, and three quarters of the time a move takes)."""
    return game.copy()


def conserved(game) -> bool:
    on_coins = [c for sides in game.sides for side in sides for c in side]
    every = list(game.deck) + game.hands[0] + game.hands[1] + game.pending + on_coins
    return sorted(every) == sorted(game.full_deck)


# --------------------------------------------------------------------------------------------
# the table


def test_the_game_is_described_for_the_catalog():
    assert SevenHandedPoker.id == "seven-handed-poker"
    assert SevenHandedPoker.title == "Seven-Handed Poker"
    assert SevenHandedPoker.min_players == SevenHandedPoker.max_players == 2
    assert SevenHandedPoker.hidden_information
    assert {o.key for o in SevenHandedPoker.OPTIONS} == {"hand_size", "jokers"}


@pytest.mark.parametrize("size", [7, 6, 5])
@pytest.mark.parametrize("jokers", [False, True])
def test_the_deal(size, jokers):
    game = SevenHandedPoker(["Ada", "Bo"], seed=3, hand_size=size, jokers=jokers)
    total = 54 if jokers else 52
    assert len(game.full_deck) == total
    assert [len(h) for h in game.hands] == [size, size]
    assert len(game.deck) == total - 2 * size
    assert conserved(game)
    assert game.view(None)["hand_counts"] == [size, size] and game.view(None)["deck"] == total - 2 * size
    assert all(not side for sides in game.sides for side in sides)
    assert game.to_act() == [game.first] and game.view(None)["phase"] == "announce"
    words = {7: "seven", 6: "six", 5: "five"}[size]
    assert game.log[0].text.startswith(f"Seven coins lie in a row. Ada and Bo are dealt {words} cards each")
    assert f"{game.players[game.first]} is drawn by lot to go first." in game.log[0].text
    # each player reads the own hand and nothing of the other's
    for seat in (ADA, BO):
        mine = [e.text for e in log_for(game.log, seat)]
        assert len(mine) == 2 and mine[1].startswith("You are dealt ")
        assert all(card(c).name in mine[1] for c in game.view(seat)["hand"])
    assert len(log_for(game.log, None)) == 1


def test_the_first_player_is_drawn_at_random():
    firsts = {SevenHandedPoker(["Ada", "Bo"], seed=s).first for s in range(30)}
    assert firsts == {0, 1}


# --------------------------------------------------------------------------------------------
# a turn


def test_a_turn_announce_lay_the_opponent_chooses_draw_three():
    game = rigged(("2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"), top="AS KS QS")
    assert game.legal_moves(ADA) == [Move("announce", (n,)) for n in range(1, 6)]
    assert game.legal_moves(BO) == []
    events = game.play(ADA, Move("announce", (2,)))
    assert texts(events) == ["Ada announces two cards."]
    assert game.view(None)["phase"] == "lay" and game.to_act() == [ADA]
    assert game.legal_moves(ADA) == [Move("lay", (c,)) for c in "2C 3C 4C 5C 6C 7C 8C".split()]
    assert game.play(ADA, Move("lay", ("7C",))) == []
    assert game.view(BO)["pending"] == {"seat": ADA, "announced": 2, "cards": [None]}
    events = game.play(ADA, Move("lay", ("8C",)))
    assert [e.text_for(ADA) for e in events] == [
        "You lay the 7 of clubs and the 8 of clubs face down; Bo chooses the coin."]
    assert [e.text_for(BO) for e in events] == ["Ada lays two cards face down; Bo chooses the coin."]
    # the opponent decides, seeing the count and never the cards
    assert game.to_act() == [BO] and game.legal_moves(ADA) == []
    assert game.legal_moves(BO) == [Move("place", (i,)) for i in range(COINS)]
    assert game.view(BO)["pending"]["cards"] == [None, None]
    assert game.view(ADA)["pending"]["cards"] == ["7C", "8C"]
    events = game.play(BO, Move("place", (3,)))
    assert events[0].text == "Bo puts Ada's two cards on Ada's side of coin 4."
    assert events[1].text_for(BO) == "Ada draws three cards."
    assert events[1].text_for(ADA) == "You draw the ace of spades, the king of spades and the queen of spades."
    assert game.view(ADA)["hand"] == ["2C", "3C", "4C", "5C", "6C", "QS", "KS", "AS"]
    assert game.view(None)["hand_counts"] == [8, 7]
    assert game.view(ADA)["coins"][3]["sides"] == [["7C", "8C"], []]
    assert game.view(BO)["coins"][3]["sides"] == [[None, None], []]
    assert game.view(None)["free"] == [[0, 1, 2, 4, 5, 6], list(range(7))]
    # Bo's turn now; Ada chooses Bo's coin, anywhere on Bo's free side (coin 4 too)
    assert game.to_act() == [BO] and game.view(None)["phase"] == "announce" and game.view(None)["turn"] == BO
    lay(game, "2D")
    assert game.legal_moves(ADA) == [Move("place", (i,)) for i in range(COINS)]


def test_no_more_than_five_cards_and_no_more_than_the_hand():
    game = rigged(("2C 3C 4C 5C 6C 7C 8C", "2D 3D"), first=BO)
    assert game.legal_moves(BO) == [Move("announce", (1,)), Move("announce", (2,))]
    turn(game, "2D 3D", 1)  # Bo lays all, draws three
    assert len(game.hands[BO]) == 3
    assert game.legal_moves(ADA)[-1] == Move("announce", (5,))


def test_the_opponent_may_choose_only_a_free_coin_on_the_players_side():
    game = rigged(("2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"))
    turn(game, "2C", 1)   # Ada on 1
    turn(game, "2D", 2)   # Bo on 2
    lay(game, "3C")
    # Ada's side of coin 1 is taken; coin 2 (Bo's cards on the other side) is free for her
    assert game.legal_moves(BO) == [Move("place", (i,)) for i in (1, 2, 3, 4, 5, 6)]
    game.play(BO, Move("place", (1,)))  # coin 2 turns up
    assert game.face_up[1]
    lay(game, "3D")
    assert game.legal_moves(ADA) == [Move("place", (i,)) for i in (0, 2, 3, 4, 5, 6)]


# --------------------------------------------------------------------------------------------
# settling coins: the seed's examples


def test_both_sides_filled_turn_up_at_once_and_the_better_hand_takes_the_coin():
    game = rigged(("KS KH 2C 9D 9C 4H 5H", "QS QH 3D 8D 8C 4S 5S"))
    turn(game, "KS KH", 5)
    assert not game.face_up[4]
    events = turn(game, "QS QH", 5)
    reveal = [e for e in events if e.kind == "reveal"][0]
    assert reveal.text == ("Coin 5 turns up: Ada's Pair of kings (the king of hearts and the king of spades) "
                           "against Bo's Pair of queens (the queen of hearts and the queen of spades). "
                           "Ada wins coin 5.")
    assert reveal.data["winners"] == [ADA] and reveal.to is None
    view = game.view(None)
    assert view["coins"][4] == {"sides": [["KH", "KS"], ["QH", "QS"]], "face_up": True, "winners": [ADA],
                                "hands": ["Pair of kings", "Pair of queens"]}
    assert view["won"] == [[4], []]


def test_a_kicker_beats_nothing():
    game = rigged(("KS KH 2C 9D 9C 4H 5H", "KD KC 3D 8D 8C 4S 5S"))
    turn(game, "KS KH 2C", 3)
    events = turn(game, "KD KC", 3)
    reveal = [e for e in events if e.kind == "reveal"][0]
    assert "Ada wins coin 3 on the kickers." in reveal.text
    assert game.winners[2] == (ADA,)


def test_equal_hands_stay_in_the_middle_and_count_for_both():
    game = rigged(("KS 2C 3C 4C 5C 6C 7C", "KH 2D 3D 4D 5D 6D 7D"))
    turn(game, "KS", 3)
    events = turn(game, "KH", 3)
    reveal = [e for e in events if e.kind == "reveal"][0]
    assert reveal.text.endswith("The hands are equal: coin 3 stays in the middle and counts for both.")
    assert game.winners[2] == (ADA, BO)
    assert game.view(None)["won"] == [[2], [2]]
    assert game.view(None)["coins"][2]["winners"] == [ADA, BO]


def test_suits_never_decide():
    game = rigged(("AS KS QS JS 9S 2C 3C", "AH KH QH JH 9H 2D 3D"))
    turn(game, "AS KS QS JS 9S", 1)
    turn(game, "AH KH QH JH 9H", 1)
    assert game.winners[0] == (ADA, BO)


def test_jokers_are_wild():
    game = rigged(("AS AH AD AC JK1 2C 3C", "KS KH KD KC JK2 2D 3D"), jokers=True)
    turn(game, "AS AH AD AC JK1", 6)
    events = turn(game, "KS KH KD KC JK2", 6)
    reveal = [e for e in events if e.kind == "reveal"][0]
    assert "Ada's Five of a Kind, aces" in reveal.text and "Bo's Five of a Kind, kings" in reveal.text
    assert game.winners[5] == (ADA,)


# --------------------------------------------------------------------------------------------
# winning


def test_winning_lines():
    assert winning_line([False, True, True, True, False, False, False]) == ("row", [1, 2, 3])
    assert winning_line([True, False, True, False, True, False, True]) == ("four", [0, 2, 4, 6])
    assert winning_line([True, True, False, True, True, False, False]) == ("four", [0, 1, 3, 4])
    assert winning_line([True, True, False, True, True, False, True])[0] == "four"
    assert winning_line([True, False, True, True, False, True, False]) == ("four", [0, 2, 3, 5])
    assert winning_line([True, True, False, True, False, True, False]) == ("four", [0, 1, 3, 5])
    assert winning_line([True, True, False, False, True, True, False]) == ("four", [0, 1, 4, 5])
    assert winning_line([True, True, False, True, False, False, True]) == ("four", [0, 1, 3, 6])
    assert winning_line([True, False, True, False, True, False, False]) == ("", [])
    assert winning_line([False] * 7) == ("", [])


def play_out(game, plays):
    """plays: (cards, coin) per turn, in turn order. Returns the events of the last."""
    events = []
    for codes, coin in plays:
        events = turn(game, codes, coin)
    return events


def test_three_adjacent_coins_win_at_once_and_nobody_draws_after():
    # Ada lays aces, Bo lays low cards, on coins 2, 3 and 4
    game = rigged(("AS AH AD AC KS KH KD", "2C 3D 4C 5D 6C 7D 8C"))
    deck_before = len(game.deck)
    events = play_out(game, [("AS", 2), ("2C", 2), ("AH", 3), ("3D", 3), ("AD", 4), ("4C", 4)])
    assert game.outcome() is not None and game.view(None)["phase"] == "over"
    assert events[-1].text == "Ada wins with three adjacent coins (2, 3 and 4)."
    assert not any(e.kind == "draw" for e in events)
    assert len(game.deck) == deck_before - 5 * 3  # five draws before the last turn
    outcome = game.outcome()
    assert outcome.winners == [ADA] and outcome.summary == "Ada wins with three adjacent coins (2, 3 and 4)."
    assert [(s.seat, s.place, s.score) for s in outcome.standings] == [(ADA, 1, 3), (BO, 2, 0)]
    assert outcome.standings[0].detail == "won 3 coins (2, 3 and 4)"
    assert outcome.tiebreaks == ""
    assert game.to_act() == [] and game.legal_moves(ADA) == game.legal_moves(BO) == []
    refused(game, ADA, Move("announce", (1,)), "The game is over.")
    assert game.view(None)["winners"] == [ADA] and game.view(None)["result"] == outcome.summary


def test_four_coins_anywhere_win():
    game = rigged(("2C 3D 4C 5D 6C 7D 8C", "AS AH AD AC KS KH KD"))
    play_out(game, [("2C", 1), ("AS", 1), ("3D", 3), ("AH", 3), ("4C", 5), ("AD", 5)])
    assert game.outcome() is None  # three coins, none adjacent
    play_out(game, [("5D", 7), ("AC", 7)])
    assert game.outcome().summary == "Bo wins with four coins (1, 3, 5 and 7)."
    assert game.outcome().winners == [BO]


def test_a_tied_coin_counts_for_both_in_a_row():
    # Ada wins 1 and 2, Bo wins 4 and 5; coin 3 ties: both have three adjacent at once, a tie game
    game = rigged(("AS AH 2C 3C KS 8C 9C", "2D 3D AD AC KH 8D 9D"))
    play_out(game, [("AS", 1), ("2D", 1), ("AH", 2), ("3D", 2), ("2C", 4), ("AD", 4), ("3C", 5), ("AC", 5)])
    assert game.outcome() is None
    events = play_out(game, [("KS", 3), ("KH", 3)])
    outcome = game.outcome()
    assert outcome.winners == [] and sorted(outcome.drawn) == [ADA, BO]
    assert [s.place for s in outcome.standings] == [1, 1]
    assert outcome.summary == ("A tie game, a draw: the tie on coin 3 counts for both, and so Ada has three adjacent "
                               "coins (1, 2 and 3) and Bo has three adjacent coins (3, 4 and 5) at once.")
    assert "no tie-break" in outcome.tiebreaks
    assert events[-1].text == outcome.summary and events[-1].data["winners"] == [ADA, BO]


def test_a_tied_coin_can_win_for_one_player_only():
    game = rigged(("AS AH 2C 3C KS 8C 9C", "2D 3D QD QC KH 8D 9D"))
    play_out(game, [("AS", 1), ("2D", 1), ("AH", 2), ("3D", 2)])
    play_out(game, [("KS", 3), ("KH", 3)])
    assert game.outcome().winners == [ADA]
    assert game.outcome().summary == "Ada wins with three adjacent coins (1, 2 and 3)."


def test_seven_settled_coins_always_give_somebody_four():
    # whatever the seven results (one player, the other or both), somebody has a winning line
    import itertools

    for results in itertools.product(((0,), (1,), (0, 1)), repeat=7):
        lines = [winning_line([s in r for r in results])[0] for s in (0, 1)]
        assert any(lines)


# --------------------------------------------------------------------------------------------
# rulings


def test_a_short_deck_gives_what_it_has_and_then_nothing():
    game = rigged(("2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"))
    keep = parse("AS KS")
    game.deck = list(reversed(keep))  # two cards left (the rest set aside for this test)
    events = turn(game, "2C", 1)
    draw = [e for e in events if e.kind == "draw"][0]
    assert draw.text_for(BO) == "Ada draws the last 2 cards; the deck is empty."
    assert draw.text_for(ADA) == ("You draw the last 2 cards: the ace of spades and the king of spades. "
                                  "The deck is empty.")
    events = turn(game, "2D", 2)
    draw = [e for e in events if e.kind == "draw"][0]
    assert draw.text == "The deck is empty: Bo draws nothing." and draw.to is None
    assert len(game.hands[BO]) == 6


def test_a_player_who_cannot_play_passes_and_the_other_plays_on():
    # the deck is empty and Bo has laid his last card: Ada plays on alone
    game = rigged(("2C 3C 4C 5C 6C 7C 8C", "AS"), first=BO)
    game.deck = []
    events = turn(game, "AS", 1)
    assert texts(events)[-1] == "The deck is empty: Bo draws nothing."
    assert game.to_act() == [ADA]
    events = turn(game, "2C", 2)  # Bo's turn would come now: he passes for good
    assert texts(events)[-2:] == ["Bo has no cards left and can play no more.", "Ada plays again."]
    assert game.to_act() == [ADA] and game.view(None)["out"] == [False, True]
    events = turn(game, "3C", 3)
    assert texts(events)[-1] == "Ada plays again."  # said again, the pass only once
    assert sum(t.startswith("Bo has no cards") for t in texts(game.log)) == 1


def test_when_neither_can_play_lone_hands_win_their_coins():
    game = rigged(("2C 3C", "AS KS"))
    game.deck = []
    play_out(game, [("2C", 1), ("AS", 2), ("3C", 3)])
    assert game.outcome() is None and game.to_act() == [BO]
    events = turn(game, "KS", 4)  # both hands are empty now
    assert "Ada has no cards left and can play no more." in texts(events)
    assert "Bo has no cards left and can play no more." in texts(events)
    lone = [e.text for e in events if e.kind == "lone"]
    assert lone == [
        "Ada's one card on coin 1 face no cards: a hand beats no hand, and Ada wins coin 1.",
        "Bo's one card on coin 2 face no cards: a hand beats no hand, and Bo wins coin 2.",
        "Ada's one card on coin 3 face no cards: a hand beats no hand, and Ada wins coin 3.",
        "Bo's one card on coin 4 face no cards: a hand beats no hand, and Bo wins coin 4.",
    ]
    outcome = game.outcome()
    assert outcome.winners == [] and sorted(outcome.drawn) == [ADA, BO]
    assert outcome.summary == ("A tie game, a draw: the cards ran out before either player won three adjacent coins "
                               "or four in all (Ada 2, Bo 2).")
    # the lone hands stay face down
    assert game.view(BO)["coins"][0]["sides"] == [[None], []]


def test_lone_hands_can_decide_the_game():
    game = rigged(("2C 3C 4C", "AS"))
    game.deck = []
    play_out(game, [("2C", 3), ("AS", 1), ("3C", 4), ("4C", 5)])
    assert game.outcome().winners == [ADA]
    assert game.outcome().summary == "The cards ran out. Ada wins with three adjacent coins (3, 4 and 5)."


def test_lone_hands_can_give_both_players_the_win():
    game = rigged(("2C 3C 4C", "2D 3D 4D"))
    game.deck = []
    play_out(game, [("2C", 1), ("2D", 5), ("3C", 2), ("3D", 6), ("4C", 3), ("4D", 7)])
    outcome = game.outcome()
    assert outcome.winners == [] and sorted(outcome.drawn) == [ADA, BO]
    assert outcome.summary == ("A tie game, a draw: when the cards ran out, Ada had three adjacent coins (1, 2 and 3) "
                               "and Bo had three adjacent coins (5, 6 and 7).")


def test_in_real_games_nobody_ever_runs_out():
    """The ruling's arithmetic: every turn finds three cards or more in hand, and a free coin."""
    rnd = random.Random(5)
    for seed in range(200):
        game = unwatched(SevenHandedPoker(["Ada", "Bo"], seed, hand_size=rnd.choice([5, 6, 7]),
                                          jokers=rnd.random() < 0.5))
        while game.outcome() is None:
            seat = game.to_act()[0]
            if game.phase == "announce":
                assert len(game.hands[seat]) >= 3 and game.free_coins(seat)
                # lay as many as possible, the hardest case for the ruling
                move = game.legal_moves(seat)[-1] if rnd.random() < 0.8 else rnd.choice(game.legal_moves(seat))
            else:
                move = rnd.choice(game.legal_moves(seat))
            game.play(seat, move)
        assert game.passed == [False, False]
        assert "ran out" not in game.outcome().summary


# --------------------------------------------------------------------------------------------
# refusals


def test_refusals_of_the_turn():
    game = rigged(("2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"))
    refused(game, ADA, Move("fold"), "Seven-Handed Poker has no 'fold' move")
    refused(game, BO, Move("announce", (2,)), "It is not Bo's turn: Ada is laying cards.")
    refused(game, ADA, Move("announce", (0,)), "Announce a number of cards from 1 to 5.")
    refused(game, ADA, Move("announce", (6,)), "Announce a number of cards from 1 to 5.")
    refused(game, ADA, Move("announce", ("two",)), "Announce a number of cards from 1 to 5.")
    refused(game, ADA, Move("lay", ("2C",)), "First announce how many cards you lay (1 to 5)")
    refused(game, ADA, Move("place", (0,)), "Nothing waits for a coin")
    refused(game, BO, Move("place", (0,)), "Ada has not laid the cards yet: there is nothing to place.")
    game.play(ADA, Move("announce", (2,)))
    refused(game, ADA, Move("announce", (3,)), "You announced 2 cards: lay them (0 down so far).")
    refused(game, ADA, Move("lay", ("AS",)), "You do not hold the ace of spades.")
    refused(game, ADA, Move("lay", ("2D",)), "You do not hold the 2 of diamonds.")
    refused(game, ADA, Move("lay", ("ZZ",)), "'ZZ' is not a card")
    refused(game, ADA, Move("lay", (7,)), "Name the card to lay by its code")
    refused(game, ADA, Move("lay"), "Name the card to lay by its code")
    refused(game, BO, Move("lay", ("2D",)), "It is not Bo's turn: Ada is laying cards.")
    game.play(ADA, Move("lay", ("2C",)))
    refused(game, ADA, Move("lay", ("2C",)), "The 2 of clubs is already face down on the table.")
    game.play(ADA, Move("lay", ("3C",)))
    refused(game, ADA, Move("lay", ("4C",)), "Your cards are down: Bo chooses their coin")
    refused(game, ADA, Move("announce", (1,)), "Your cards are down")
    refused(game, ADA, Move("place", (0,)), "Bo chooses the coin your cards go to, not you.")
    refused(game, BO, Move("announce", (1,)), "Ada's cards are down and wait for you to choose their coin.")
    refused(game, BO, Move("place", (7,)), "Choose one of the seven coins, 1 to 7.")
    refused(game, BO, Move("place", (-1,)), "Choose one of the seven coins, 1 to 7.")
    refused(game, BO, Move("place", ("one",)), "Choose one of the seven coins, 1 to 7.")
    game.play(BO, Move("place", (0,)))
    turn(game, "2D", 2)
    lay(game, "4C")
    refused(game, BO, Move("place", (0,)), "Ada already has cards on that side of coin 1")
    game.play(BO, Move("place", (1,)))  # coin 2 turns up
    lay(game, "3D")
    lay_coin = game.to_act()[0]
    assert lay_coin == ADA
    refused(game, ADA, Move("place", (1,)), "Coin 2 is settled: both its hands are face up.")


def test_announcing_more_than_the_hand_is_refused_with_the_count():
    game = rigged(("2C 3C", "2D 3D 4D 5D 6D 7D 8D"))
    refused(game, ADA, Move("announce", (3,)), "You hold only 2 cards: you cannot lay 3.")


def test_button_labels():
    game = rigged(("2C 3C 4C 5C 6C 7C 10H", "2D 3D 4D 5D 6D 7D 8D"))
    assert game.describe_move(Move("announce", (1,))) == "Announce 1 card"
    assert game.describe_move(Move("announce", (3,))) == "Announce 3 cards"
    assert game.describe_move(Move("lay", ("10H",))) == "Lay 10 of hearts"
    assert game.describe_move(Move("lay", ("QS",))) == "Lay queen of spades"
    assert game.describe_move(Move("place", (0,))) == "Coin 1"
    assert game.describe_move(Move("place", (6,))) == "Coin 7"
    assert game.describe_move(Move("lay", ("ZZ",))) == "lay ZZ"
    assert game.describe_move(Move("dance")) == "dance"


# --------------------------------------------------------------------------------------------
# what each seat sees


def test_views_hold_the_own_cards_and_only_counts_of_the_others():
    game = rigged(("2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"), top="AS KS QS")
    turn(game, "2C 3C", 1)
    lay(game, "2D")
    ada, bo, table = game.view(ADA), game.view(BO), game.view(None)
    assert ada["hand"] == ["4C", "5C", "6C", "7C", "8C", "QS", "KS", "AS"]
    assert bo["hand"] == ["3D", "4D", "5D", "6D", "7D", "8D"]
    assert table["hand"] == [] and table["viewer"] is None
    assert ada["hand_counts"] == bo["hand_counts"] == table["hand_counts"] == [8, 6]
    assert ada["coins"][0]["sides"] == [["2C", "3C"], []]
    assert bo["coins"][0]["sides"] == table["coins"][0]["sides"] == [[None, None], []]
    assert bo["pending"] == {"seat": BO, "announced": 1, "cards": ["2D"]}
    assert ada["pending"] == table["pending"] == {"seat": BO, "announced": 1, "cards": [None]}
    assert ada["to_act"] == [ADA] and ada["phase"] == "place" and ada["turn"] == BO


def test_hidden_from_names_every_card_a_seat_has_not_seen():
    game = rigged(("2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"))
    every = {c.code for c in game.full_deck}
    assert game.hidden_from(None) == every
    assert game.hidden_from(ADA) == every - set("2C 3C 4C 5C 6C 7C 8C".split())
    turn(game, "2C", 1)
    lay(game, "2D")
    # Ada's card on coin 1 and Bo's card waiting for its coin stay with their owners
    assert "2C" in game.hidden_from(BO) and "2C" not in game.hidden_from(ADA)
    assert "2D" in game.hidden_from(ADA) and "2D" not in game.hidden_from(BO)
    game.play(ADA, Move("place", (0,)))  # coin 1 turns up
    for seat in (None, ADA, BO):
        assert not {"2C", "2D"} & game.hidden_from(seat)
    assert game.hidden_from(None) == every - {"2C", "2D"}


# --------------------------------------------------------------------------------------------
# undo


def test_undo_takes_back_the_number_and_cards_but_not_the_last_card():
    game = rigged(("2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"))
    game.play(ADA, Move("announce", (2,)))
    assert game.undo_status() == (True, "")
    game.play(ADA, Move("lay", ("2C",)))
    assert game.undo_status() == (True, "")
    game.play(ADA, Move("lay", ("3C",)))
    assert game.undo_status()[0] is False  # the last card is down: final
    game.play(BO, Move("place", (0,)))
    assert game.undo_status()[0] is False  # cards drawn
    game.play(BO, Move("announce", (1,)))
    assert game.undo_status()[0] is True


# --------------------------------------------------------------------------------------------
# whole random games


def test_random_games_keep_the_invariants():
    """Over seeded random games of every hand size, with and without jokers: every card is somewhere
    at every move, a coin is face up once both its sides hold cards and goes to the better hand as it
    turns, a game has at most fourteen turns, and the winners are those with a winning line (both on a
    tie game)."""
    for seed in range(120):
        rnd = random.Random(seed)
        options = {"hand_size": rnd.choice([7, 6, 5]), "jokers": rnd.random() < 0.4}
        game = unwatched(SevenHandedPoker(["Ada", "Bo"], seed, **options))
        turns = 0
        settled: list[tuple] = [()] * COINS  # each coin's winners as it turned up
        while game.outcome() is None:
            seat = game.to_act()[0]
            move = rnd.choice(game.legal_moves(seat))
            turns += move.kind == "place"
            events = game.play(seat, move)
            assert conserved(game), (seed, len(game.history))
            for e in events:
                assert e.text
                if e.kind == "reveal":
                    sides = game.sides[e.data["coin"]]
                    v = [hand_value(sides[0]), hand_value(sides[1])]
                    settled[e.data["coin"]] = (0, 1) if v[0] == v[1] else ((0,) if v[0] > v[1] else (1,))
            assert game.face_up == [bool(a and b) for a, b in game.sides]
            assert game.winners == settled  # only a coin turned up is won, by the better hand
        assert turns <= 14
        outcome = game.outcome()
        lines = [winning_line(game.coins_won(s))[0] for s in (0, 1)]
        assert sorted(outcome.winners) == ([s for s in (0, 1) if lines[s]] or [0, 1])
        if len(outcome.winners) == 2:
            assert "tie game" in outcome.summary


# --------------------------------------------------------------------------------------------
# the computer player


def test_chance_of_win():
    assert chance_of_win([1, 1, 1, 0, 0, 0, 0]) == 1.0
    assert chance_of_win([1, 0, 1, 0, 1, 0, 1]) == 1.0
    assert chance_of_win([1, 0, 1, 0, 1, 0, 0]) == 0.0
    assert chance_of_win([0.5] * 7) == pytest.approx(
        sum(1 for m in range(128) if winning_line([m >> i & 1 == 1 for i in range(7)])[0]) / 128)


def test_the_bot_plays_legal_whole_turns_from_its_view():
    for seed in range(6):  # every hand size, with jokers and without
        game = unwatched(SevenHandedPoker(["Ada", "Bo"], seed, hand_size=[7, 6, 5][seed % 3], jokers=seed % 2 == 1))
        bots = [SevenHandedPokerBot(0, seed), SevenHandedPokerBot(1, seed)]
        while game.outcome() is None:
            seat = game.to_act()[0]
            view = json.loads(json.dumps(game.view(seat)))  # nothing but what the seat may see
            move = bots[seat].choose(view, game.legal_moves(seat))
            game.play(seat, move)
        assert game.outcome() is not None


def test_the_bot_finishes_a_laying_it_did_not_start():
    game = rigged(("KS KH 2C 9D 9C 4H 5H", "2D 3D 4D 5D 6D 7D 8D"))
    game.play(ADA, Move("announce", (2,)))
    game.play(ADA, Move("lay", ("KS",)))
    bot = SevenHandedPokerBot(ADA, 0)
    move = bot.choose(game.view(ADA), game.legal_moves(ADA))
    assert move == Move("lay", ("KH",))  # the card that makes the pair


def test_the_bot_beats_the_random_player():
    wins = 0
    games = 50
    for g in range(games):
        seat = g % 2
        players = {seat: SevenHandedPokerBot(seat, g), 1 - seat: RandomBot(1 - seat, g)}
        game = unwatched(SevenHandedPoker(["Ada", "Bo"], g))
        while game.outcome() is None:
            s = game.to_act()[0]
            game.play(s, players[s].choose(game.view(s), game.legal_moves(s)))
        wins += game.outcome().winners == [seat]
    assert wins >= 45  # nine games in ten
