"""Shipwreck!: the deal (two players, two decks), turns and the sinking, discards, fights and their
restrictions, the random card, the showdown with the seed's own example and every tie-break, the end
of the game and the plank, refusals, what each seat may see, undo, the computer player, and seeded
property tests over whole random games."""

import copy
import json
import random
from pathlib import Path

import pytest

from tabletop_tui.bots.base import RandomBot
from tabletop_tui.bots.shipwreck import ShipwreckBot
from tabletop_tui.rules.components.cards import card, cards, deck
from tabletop_tui.rules.engine import Move, log_for
from tabletop_tui.rules.shipwreck import (BETWEEN, FIGHT, KEYS, OVER, TURN, Shipwreck, contest, holding,
                                          sort_hand, value)

from scripted import refused

NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
HELP = Path(__file__).parent.parent / "tabletop_tui" / "rules_help" / "shipwreck.md"


def discard(code):
    return Move("discard", (code,))


def fight(seat, code):
    return Move("fight", (seat, code))


def raise_(code):
    return Move("raise", (code,))


def key(code):
    return Move("key", (code,))


SURRENDER = Move("surrender")


def arrange(game, hands=None, boards=None, boats=None, deck=None, turn=None):
    """Put the cards where a test wants them (hands and boards by seat, lifeboats by suit, the deck with
    its next card last)."""
    if hands is not None:
        game.hands = [sort_hand(cards(h)) for h in hands]
    if boards is not None:
        game.boards = [sort_hand(cards(b)) for b in boards]
    if boats is not None:
        game.boats = {s: cards(boats.get(s, "")) for s in "SHDC"}
    if deck is not None:
        game.deck = cards(deck)
    if turn is not None:
        game.turn = turn
    return game


def held(game, seat):
    return sorted(c.code for c in game.hands[seat])


def total_cards(game) -> int:
    fight_cards = len(game.fight["cards"]) if game.fight else 0
    return (len(game.deck) + len(game.unused) + sum(map(len, game.hands)) + sum(map(len, game.boards))
            + sum(map(len, game.boats.values())) + sum(1 for k in game.keys if k is not None) + fight_cards)


def texts(events):
    return [e.text for e in events]


# --------------------------------------------------------------------------------------------
# the game's card and the help


def test_the_class_its_players_and_options():
    assert (Shipwreck.id, Shipwreck.title) == ("shipwreck", "Shipwreck!")
    assert (Shipwreck.min_players, Shipwreck.max_players) == (2, 8)
    assert Shipwreck.hidden_information
    assert {o.key: o.default for o in Shipwreck.OPTIONS} == {"target": 200, "final_tie": "hand", "plank": "nobody"}
    with pytest.raises(ValueError):
        Shipwreck(["Ada"])
    with pytest.raises(ValueError):
        Shipwreck(NAMES + ["Ivy"])
    with pytest.raises(ValueError):
        Shipwreck(NAMES[:3], 1, target=10)
    with pytest.raises(ValueError):
        Shipwreck(NAMES[:3], 1, plank="coin")


def test_the_help_names_its_rulings():
    text = HELP.read_text()
    for section in ("# Shipwreck!", "## The idea", "## Setup", "## A turn", "## The showdown", "## Winning",
                    "## Rulings"):
        assert section in text
    for ruling in ("Seats and the first deal", "Drawing", "Higher rank", "The last card", "The random card",
                   "Fight cards", "Answers behind the curtain", "Laying the Keys", "Cards set aside",
                   "The tie-break with two decks", "Identical holdings: the plank", "A tie at the top: the plank",
                   "Play to", "An empty lifeboat", "What the table sees", "Undo"):
        assert f"**{ruling}" in text, ruling


# --------------------------------------------------------------------------------------------
# the deal


@pytest.mark.parametrize("n", range(2, 9))
def test_the_deal_five_cards_each(n):
    game = Shipwreck(NAMES[:n], 3)
    assert [len(h) for h in game.hands] == [5] * n
    if n == 2:
        assert (len(game.unused), len(game.deck), game.decks) == (5, 52 - 15, 1)
    elif n <= 5:
        assert (len(game.unused), len(game.deck), game.decks) == (0, 52 - 5 * n, 1)
    else:  # eight hands from two decks, the unused set aside
        assert (len(game.unused), len(game.deck), game.decks) == (40 - 5 * n, 64, 2)
        assert "from two decks" in game.log[0].text
        assert ("set aside face down" in game.log[0].text) == (n < 8)
    assert total_cards(game) == (52 if n <= 5 else 104)
    codes = [c.code for h in game.hands for c in h] + [c.code for c in game.unused + game.deck]
    assert len(set(codes)) == len(codes)
    assert game.dealer == 0 and game.turn == 0 and game.to_act() == [0] and game.phase == TURN


def test_two_players_set_five_cards_aside_unseen_even_at_the_showdown():
    game = Shipwreck(NAMES[:2], 5)
    aside = {c.code for c in game.unused}
    for seat in (None, 0, 1):
        assert aside <= game.hidden_from(seat)
    assert "five more are set aside face down" in game.log[0].text
    play_to_showdown(game)
    assert game.phase in (BETWEEN, OVER)
    for seat in (None, 0, 1):
        assert game.hidden_from(seat) == aside


def test_the_deal_moves_left_each_hand_and_the_dealer_plays_first():
    game = Shipwreck(NAMES[:3], 2)
    dealers = []
    for _ in range(3):
        dealers.append((game.dealer, game.turn))
        play_to_showdown(game)
        if game.phase != BETWEEN:
            break
        assert game.to_act() == [(game.dealer + 1) % 3]
        game.play(game.to_act()[0], Move("deal"))
    assert dealers[:2] == [(0, 0), (1, 1)]


def play_to_showdown(game, rnd=None):
    """Random moves until the ship has sunk and every Key is down (or the game is over)."""
    rnd = rnd or random.Random(0)
    while game.phase in (TURN, FIGHT, KEYS):
        seat = game.to_act()[0]
        game.play(seat, rnd.choice(game.legal_moves(seat)))


# --------------------------------------------------------------------------------------------
# a turn: drawing, discarding, the sinking


def test_a_discard_goes_to_its_lifeboat_and_the_next_player_draws_back_to_five():
    game = arrange(Shipwreck(NAMES[:3], 1), hands=["AS 2S 3H 4D 5C", "6S 7H 8D", "9C 10C JC QC KC"],
                   deck="2C 3C 4C 5C 6C 7C 8C 9H")
    events = game.play(0, discard("3H"))
    assert [c.code for c in game.boats["H"]] == ["3H"]
    assert held(game, 0) == ["2S", "4D", "5C", "AS"]
    assert game.turn == 1 and held(game, 1) == sorted(["6S", "7H", "8D", "9H", "8C"])
    assert texts(events)[0] == "Ada discards the 3 of hearts into the hearts lifeboat."
    assert [e.text_for(2) for e in events[1:]] == ["Bob draws 2 cards.", "Bob's turn."]
    assert events[1].text_for(1) == "Bob draws the 9 of hearts and the 8 of clubs."


def test_drawing_the_last_card_sinks_the_ship_at_once():
    game = arrange(Shipwreck(NAMES[:3], 1), hands=["AS 2S 3H 4D 5C", "6S 7H 8D", "9C 10C JC QC KC"], deck="9H")
    events = game.play(0, discard("AS"))
    assert game.phase == KEYS and not game.deck
    assert held(game, 1) == ["6S", "7H", "8D", "9H"]
    assert "Bob draws the last card of the deck: the ship sinks!" in texts(events)[-1]
    assert game.to_act() == [0, 1, 2]
    assert all(m.kind == "key" for m in game.legal_moves(1))  # no turn for Bob


def test_a_player_with_five_cards_draws_nothing_even_from_the_last_card():
    game = arrange(Shipwreck(NAMES[:3], 1), hands=["AS 2S 3H 4D 5C", "6S 7H 8D 9D 10D", "9C 10C JC QC KC"],
                   deck="9H")
    game.play(0, discard("AS"))
    assert game.phase == TURN and game.turn == 1 and len(game.deck) == 1


# --------------------------------------------------------------------------------------------
# fights


def test_a_fight_goes_higher_in_turn_until_one_surrenders():
    game = arrange(Shipwreck(NAMES[:3], 4), hands=["2S 5H 9C QD KC", "3S 6H 10D JS 4C", "AC 2C 3C 4H 5D"],
                   deck="6C 7C 8C 9H 10H 2D 3D")
    events = game.play(0, fight(1, "2S"))
    assert game.phase == FIGHT and game.to_act() == [1]
    assert texts(events) == ["Ada picks a fight with Bob, playing the 2 of spades."]
    # anything higher, whatever its suit, or surrender
    assert game.legal_moves(1) == [raise_(c) for c in ("JS", "3S", "6H", "10D", "4C")] + [SURRENDER]
    game.play(1, raise_("6H"))
    assert game.to_act() == [0]
    assert game.legal_moves(0) == [raise_("QD"), raise_("KC"), raise_("9C"), SURRENDER]
    game.play(0, raise_("9C"))
    assert game.legal_moves(1) == [raise_("JS"), raise_("10D"), SURRENDER]
    before = held(game, 1)
    pick = copy.copy(game.rng).randint(0, len(game.hands[1]) - 1)
    expected = game.hands[1][pick].code
    events = game.play(1, SURRENDER)
    # Ada wins: a random card of Bob's hand goes face up to her board, the fight cards to the lifeboats
    assert [c.code for c in game.boards[0]] == [expected] and expected in before
    assert set(before) - {expected} < set(held(game, 1)) and expected not in held(game, 1)  # Bob drew since
    assert [c.code for c in game.boats["S"]] == ["2S"] and [c.code for c in game.boats["H"]] == ["6H"]
    assert [c.code for c in game.boats["C"]] == ["9C"]
    won = events[0]
    assert won.to is None and card(expected).name in won.text  # the board is face up: everyone sees it
    assert won.text.startswith("Bob surrenders. Ada wins the fight and takes")
    assert texts(events)[1] == "The fight's 3 cards go to the lifeboats: the 2 of spades, the 6 of hearts and the 9 of clubs."
    # the turn passes to the attacker's left
    assert game.phase == TURN and game.turn == 1


def test_the_defender_who_wins_takes_from_the_attacker_and_the_turn_still_passes_from_the_attacker():
    game = arrange(Shipwreck(NAMES[:3], 4), hands=["2S 5H 9C QD KC", "3S 6H 10D JS 4C", "AC 2C 3C 4H 5D"],
                   deck="6C 7C 8C 9H 10H 2D 3D")
    game.play(0, fight(2, "QD"))
    assert game.legal_moves(2) == [SURRENDER]  # nothing of Cy's beats a queen
    game.play(2, SURRENDER)
    assert len(game.boards[0]) == 1 and game.turn == 1
    game = arrange(Shipwreck(NAMES[:3], 4), hands=["2S 5H 9C QD KC", "3S 6H 10D JS 4C", "AC 2C 3C 4H 5D"],
                   deck="6C 7C 8C 9H 10H 2D 3D")
    game.play(0, fight(2, "2S"))
    game.play(2, raise_("5D"))
    game.play(0, SURRENDER)
    assert len(game.boards[2]) == 1 and len(game.hands[0]) == 3 and game.turn == 1


def test_a_king_cannot_be_beaten_and_equal_ranks_do_not_beat():
    game = arrange(Shipwreck(NAMES[:2], 4), hands=["9S KD 2C 3C 4C", "9H KH QS 5D 6D"], deck="6C 7C 8C")
    game.play(0, fight(1, "9S"))
    assert raise_("9H") not in game.legal_moves(1)
    assert "does not beat the 9 of spades" in refused(game, 1, raise_("9H"))
    game.play(1, raise_("KH"))
    assert game.legal_moves(0) == [SURRENDER]
    assert "does not beat the king of hearts" in refused(game, 0, raise_("KD"))


def test_the_last_card_of_a_hand_is_played_only_if_it_is_a_king():
    game = arrange(Shipwreck(NAMES[:3], 4), hands=["2S 3S 4S 5S 6S", "QH", "KH"], deck="6C 7C 8C 9C")
    game.play(0, fight(1, "2S"))
    assert game.legal_moves(1) == [SURRENDER]
    assert "may not play the last card of the hand unless it is a King" in refused(game, 1, raise_("QH"))
    game.play(1, SURRENDER)
    assert [c.code for c in game.boards[0]] == ["QH"]
    assert held(game, 1) == ["6C", "7C", "8C", "9C"]  # Bob's hand was empty: he draws what the deck has
    game = arrange(Shipwreck(NAMES[:3], 4), hands=["2S 3S 4S 5S 6S", "QH", "KH"], deck="6C 7C 8C 9C")
    game.play(0, fight(2, "6S"))
    assert game.legal_moves(2) == [raise_("KH"), SURRENDER]
    game.play(2, raise_("KH"))
    game.play(0, SURRENDER)
    assert game.hands[2] == [] and len(game.boards[2]) == 1


def test_no_fight_with_a_player_holding_no_cards():
    game = arrange(Shipwreck(NAMES[:3], 4), hands=["2S 3S 4S 5S 6S", "", "KH 2H"], deck="6C 7C 8C 9C")
    moves = game.legal_moves(0)
    assert not any(m.kind == "fight" and m.args[0] == 1 for m in moves)
    assert fight(2, "2S") in moves
    assert refused(game, 0, fight(1, "2S")) == "Bob holds no cards: nobody may pick a fight with a player holding none."


# --------------------------------------------------------------------------------------------
# the showdown


def sunk(n, hands, boards=None, boats=None, plank="nobody", seed=1, **options):
    """A game whose ship has just sunk: the last card (a club nobody will race for in these tests) is
    drawn by seat 1, who holds four cards and so draws it."""
    game = Shipwreck(NAMES[:n], seed, plank=plank, **options)
    first = "AS 2S 3S 4S 5S" if game.decks == 1 else "AS.2 2S.2 3S.2 4S.2 5S.2"
    hands = [first] + list(hands[1:])
    arrange(game, hands=hands, boards=boards or [""] * n, boats=boats or {}, deck="JC" if game.decks == 1 else "JC.2",
            turn=0)
    game.unused = []
    game.play(0, discard(game.hands[0][-1].code))
    assert game.phase == KEYS
    return game


def test_the_scoring_example_of_the_rules():
    # Player 1 runs for spades, players 2 and 3 for hearts, player 4 holds nothing
    game = sunk(4, ["", "QH 5C 9D", "2H 3H 7H 4C", ""], boards=["", "6H", "", ""],
                boats={"S": "10S 4S", "H": "KH 9H"})
    assert game.to_act() == [0, 1, 2]  # the fourth holds no cards: down with the ship
    assert "Dee holds no cards and goes down with the ship." in game.log[-1].text
    game.play(0, key("2S"))
    game.play(1, key("QH"))
    events = game.play(2, key("2H"))
    spades = sum(value(c) for c in game.boats["S"])
    assert game.last_gains == [spades, 22, 0, 0] and game.scores == [spades, 22, 0, 0]
    said = " ".join(texts(events))
    assert f"The spades lifeboat ({spades} points): Ada runs to it alone and scores {spades}." in said
    assert ("The hearts lifeboat (22 points): Bob and Cy race for it, holding 18 (Bob) and 12 (Cy) points of "
            "hearts; Bob boards and scores 22.") in said
    assert game.showdown["drowned"] == [3]
    race = next(b for b in game.showdown["boats"] if b["suit"] == "H")
    assert race["holdings"] == {1: 18, 2: 12} and race["boarded"] == [1]


def test_keys_are_laid_face_down_and_revealed_together():
    game = sunk(3, ["", "QH 5C 9D", "2H 3H 7H 4C"], boats={"H": "KH"})
    events = game.play(1, key("QH"))
    assert events[0].text_for(1) == "Bob lays the queen of hearts face down as the Key."
    assert events[0].text_for(0) == events[0].text_for(None) == "Bob lays a Key card face down."
    assert game.view(0)["keys"] == [None, "laid", None] and game.view(1)["keys"] == [None, "QH", None]
    assert "QH" in game.hidden_from(0) and "QH" not in game.hidden_from(1)
    assert refused(game, 1, key("5C")).startswith("Bob has laid a Key already")
    game.play(0, key("2S"))
    events = game.play(2, key("7H"))
    assert texts(events)[1] == ("The Keys are revealed: Ada the 2 of spades, Bob the queen of hearts and Cy the "
                                "7 of hearts.")
    assert "Cy shows the 3 of hearts, the 2 of hearts and the 4 of clubs." in texts(events)
    view = game.view(None)
    assert view["keys"] == ["2S", "QH", "7H"] and view["showdown"]["hands"][2] == ["3H", "2H", "4C"]
    shown = {"2S", "QH", "7H", "3H", "2H", "4C", "AS", "3S", "4S", "5C", "9D"}
    assert not shown & game.hidden_from(None)


def test_equal_points_go_to_the_highest_card_of_the_suit():
    # Bob: 9H + 3H = 12; Cy: 8H + 4H = 12; Bob's 9 is the single highest heart
    game = sunk(3, ["", "9H 3H 5C", "8H 4H 6C"], boats={"H": "KH"})
    game.play(0, key("2S"))
    game.play(1, key("3H"))
    events = game.play(2, key("4H"))
    assert game.last_gains[1:] == [13, 0]
    assert ("holding 12 (Bob) and 12 (Cy) points of hearts; the tie is broken by the higher card: Bob's highest "
            "card, the 9, beats Cy's 8; Bob boards and scores 13.") in " ".join(texts(events))


def test_with_two_decks_the_tie_goes_to_the_next_highest_card_and_so_on():
    # Bob: QH QH.2 5H 2H = 31; Cy: QH ... no: Cy QH.2? The copies: Bob QH 6H 2H; Cy QH.2 5H 3H (20 each)
    hands = ["", "QH 6H 2H", "QH.2 5H 3H"] + [""] * 3
    game = sunk(6, hands, boats={"H": "KH 10H"})
    game.play(0, key("2S.2"))
    game.play(1, key("2H"))
    events = game.play(2, key("3H"))
    assert game.last_gains[:3] == [sum(value(c) for c in game.boats["S"]), 23, 0]
    assert "Bob's second highest card, the 6, beats Cy's 5" in " ".join(texts(events))


def test_identical_holdings_walk_the_plank_or_share_as_the_table_chooses():
    hands = ["", "QH 6H 2C", "QH.2 6H.2 3C"] + [""] * 4
    game = sunk(7, hands, boats={"H": "KH 10H"})
    game.play(0, key("2S.2"))
    game.play(1, key("6H"))
    events = game.play(2, key("QH.2"))
    assert game.last_gains[1:3] == [0, 0]
    assert "Bob and Cy hold exactly the same hearts: they walk the plank and nobody boards." in " ".join(texts(events))
    game = sunk(7, hands, boats={"H": "KH 10H"}, plank="share")
    game.play(0, key("2S.2"))
    game.play(1, key("6H"))
    events = game.play(2, key("QH.2"))
    assert game.last_gains[1:3] == [11, 11]  # 23 points, shared and rounded down
    assert "share the lifeboat, 11 each" in " ".join(texts(events))


def test_a_lone_lifeboat_with_nothing_in_it_scores_nothing_and_boards_are_not_scored():
    game = sunk(3, ["", "QD 5C 9C", "2H 3H 7H 4C"], boards=["", "KD KH", ""], boats={"H": "5H"})
    game.play(0, key("2S"))
    game.play(1, key("QD"))
    game.play(2, key("7H"))
    assert game.last_gains[1:] == [0, 5]


def test_the_holding_and_the_contest():
    assert holding(cards("QH 6H 2S KH"), "H") == (31, (13, 12, 6))
    assert holding(cards("2S"), "H") == (0, ())
    assert contest({1: (18, (12, 6)), 2: (12, (7, 3, 2))}) == [1]
    assert contest({1: (12, (9, 3)), 2: (12, (8, 4))}) == [1]
    assert contest({1: (12, (9, 3)), 2: (12, (9, 3)), 3: (5, (5,))}) == [1, 2]


# --------------------------------------------------------------------------------------------
# the end of the game and the plank


def finishing(scores, final_tie="hand", target=200):
    """Three players about to score the showdown of a hand: Ada alone at spades (the lifeboat holds
    10), Bob alone at hearts (5), Cy at diamonds (nothing)."""
    game = sunk(3, ["", "5C 9H", "2D 3C"], boats={"S": "9S", "H": "5H"}, final_tie=final_tie, target=target)
    game.scores = list(scores)
    game.play(0, key("2S"))
    game.play(1, key("9H"))
    return game, game.play(2, key("2D"))


def test_the_game_ends_after_the_hand_that_reaches_the_target_and_the_highest_score_wins():
    game, events = finishing([190, 199, 0])
    assert game.scores == [200, 204, 0]  # both pass 200: the higher wins
    outcome = game.outcome()
    assert outcome.winner == 1 and [s.seat for s in outcome.standings] == [1, 0, 2]
    assert outcome.summary == "Bob wins with 204 points after 1 hand, ahead of Ada (200) and Cy (0)."
    assert game.legal_moves(0) == [] and game.to_act() == [] and game.phase == OVER
    game, _ = finishing([100, 100, 0])
    assert game.outcome() is None and game.phase == BETWEEN and game.to_act() == [1]


def test_a_tie_at_the_top_plays_another_hand_by_default():
    game, events = finishing([190, 195, 0])
    assert game.scores == [200, 200, 0] and game.outcome() is None
    assert "Ada and Bob are tied at 200: they walk the plank, and another hand is played." in texts(events)
    game.play(1, Move("deal"))
    assert game.hand_no == 2 and game.phase == TURN and game.turn == 1
    # the next showdown ends it, here with Ada ahead
    for s, h in enumerate(["AS 2S 3S 4S 5S", "5C 9H", "2D 3C"]):
        game.hands[s] = sort_hand(cards(h))
    arrange(game, boards=["", "", ""], boats={"S": "KS"}, deck="JC", turn=2)
    game.hands[0] = sort_hand(cards("AS 2S 3S 4S"))
    game.hands[2] = sort_hand(cards("2D 3C 4D 5D 6D"))
    game.play(2, discard("6D"))
    assert game.phase == KEYS
    game.play(0, key("2S"))
    game.play(1, key("9H"))
    game.play(2, key("2D"))
    outcome = game.outcome()
    assert outcome.winner == 0 and "another hand was played (the plank)" in outcome.tiebreaks


def test_a_tie_at_the_top_may_be_shared_as_a_draw():
    game, _ = finishing([190, 195, 0], final_tie="draw")
    outcome = game.outcome()
    assert outcome.winner is None and outcome.drawn == [0, 1]
    assert outcome.summary == "A draw: Ada and Bob share first place with 200 points."
    assert "share the win" in outcome.tiebreaks


def test_the_target_is_an_option():
    game, _ = finishing([20, 0, 0], target=25)
    assert game.outcome().winner == 0


# --------------------------------------------------------------------------------------------
# refusals


def test_every_illegal_move_is_refused_with_a_reason():
    game = arrange(Shipwreck(NAMES[:3], 4), hands=["2S 5H 9C QD KC", "3S 6H 10D JS 4C", "AC 2C 3C 4H 5D"],
                   deck="6C 7C 8C")
    assert refused(game, 1, discard("3S")).startswith("It is not Bob's turn")
    assert refused(game, 0, Move("steal")).startswith("Shipwreck! has no 'steal' move")
    assert refused(game, 0, discard("3S")) == "The 3 of spades is not in Ada's hand."
    assert refused(game, 0, discard("XX")).startswith("'XX' is not a card")
    assert refused(game, 0, discard("JK1")) == "Shipwreck! plays without jokers."
    assert refused(game, 0, discard("2S.2")) == "This game plays with one deck: its 2 of spades is 2S."
    assert refused(game, 0, fight(0, "2S")) == "Ada cannot pick a fight with Ada."
    assert refused(game, 0, fight(5, "2S")) == "There is no seat 5 to pick a fight with."
    assert refused(game, 0, raise_("2S")).startswith("It is Ada's turn: discard a card or pick a fight")
    assert refused(game, 0, key("2S")).startswith("It is Ada's turn")
    assert refused(game, 0, Move("deal")).startswith("It is Ada's turn")
    game.play(0, fight(1, "9C"))
    assert refused(game, 0, raise_("KC")) == "It is not Ada's turn: waiting for Bob."
    assert refused(game, 1, discard("3S")).startswith("Ada and Bob are fighting")
    assert refused(game, 1, raise_("QD")) == "The queen of diamonds is not in Bob's hand."
    assert refused(game, 2, SURRENDER).startswith("It is not Cy's turn")


def test_refusals_at_the_showdown_and_between_hands():
    game = sunk(4, ["", "QH 5C 9D", "2H 3H 7H 4C", ""])
    assert refused(game, 3, key("2H")) == "Dee holds no cards and goes down with the ship: no Key to lay."
    assert refused(game, 0, discard("2S")) == "The ship has sunk: everyone holding cards lays a Key card face down."
    assert refused(game, 1, key("2H")) == "The 2 of hearts is not in Bob's hand."
    for s, c in ((0, "2S"), (1, "QH"), (2, "2H")):
        game.play(s, key(c))
    assert game.phase == BETWEEN
    assert refused(game, 0, discard("2S")) == "The hand is over: Bob deals the next one."
    assert refused(game, 0, Move("deal")).startswith("It is not Ada's turn")


def test_a_card_of_the_other_deck_is_named_by_its_code():
    game = arrange(Shipwreck(NAMES[:6], 4), hands=["2S.2 5H 9C QD KC"] + ["3S 4S 5S 6S 7S"] * 5,
                   deck="6C 7C 8C")
    assert refused(game, 0, discard("2S")) == "Ada holds the 2 of spades of the other deck: its code is 2S.2."
    game.play(0, discard("2S.2"))


# --------------------------------------------------------------------------------------------
# what each seat sees


def test_the_view_shows_a_seat_its_own_hand_and_counts_of_the_others():
    game = Shipwreck(NAMES[:4], 9)
    for seat in range(4):
        view = game.view(seat)
        assert view["hand"] == [c.code for c in game.hands[seat]]
        assert view["hand_counts"] == [5, 5, 5, 5]
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                for c in game.hands[other]:
                    assert f'"{c.code}"' not in text
        assert game.hidden_from(seat) == {c.code for c in deck()} - {c.code for c in game.hands[seat]}
    assert game.view(None)["hand"] is None
    # the deal is told to each player alone
    for seat in range(4):
        assert [e.text for e in log_for(game.log, seat) if e.kind == "deal"][1:] == [
            f"{NAMES[seat]} is dealt " + ", ".join(c.name for c in game.hands[seat][:-1])
            + f" and {game.hands[seat][-1].name}."]


def test_the_random_card_the_fight_and_the_boards_are_public():
    game = arrange(Shipwreck(NAMES[:3], 4), hands=["2S 5H 9C QD KC", "3S 6H 10D JS 4C", "AC 2C 3C 4H 5D"],
                   deck="6C 7C 8C 9H 10H 2D 3D")
    game.play(0, fight(1, "2S"))
    assert game.view(2)["fight"]["cards"] == [[0, "2S"]]
    assert "2S" not in game.hidden_from(2)
    game.play(1, SURRENDER)
    taken = game.boards[0][0].code
    assert game.view(2)["boards"][0] == [taken] and taken not in game.hidden_from(2)


# --------------------------------------------------------------------------------------------
# undo, replay, copy


def test_a_key_can_be_taken_back_but_not_a_card_drawn():
    game = Shipwreck(NAMES[:3], 8)
    rnd = random.Random(1)
    while game.phase != KEYS:
        seat = game.to_act()[0]
        game.play(seat, rnd.choice(game.legal_moves(seat)))
    assert game.undo_status() == (False, "Not past a card drawn, shown or taken at random.")
    seat = game.to_act()[0]
    game.play(seat, game.legal_moves(seat)[0])
    assert game.undo_status() == (True, "")
    back = game.undone()
    assert back.keys[seat] is None and back.phase == KEYS
    assert len(back.hands[seat]) == len(game.hands[seat]) + 1
    # a discard the next player's draw follows cannot be taken back
    game = Shipwreck(NAMES[:3], 8)
    for _ in range(3):
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])  # discards: the third seat then draws
    assert game.undo_status() == (False, "Not past a card drawn, shown or taken at random.")


# --------------------------------------------------------------------------------------------
# the computer player


def test_the_bot_answers_every_situation_with_a_legal_move():
    """At every table size, one deck and two (the catalog's contract plays three and four seats)."""
    for seed in range(7):
        n = 2 + seed % 7
        game = Shipwreck(NAMES[:n], seed, target=60)
        bots = [ShipwreckBot(s, seed) for s in range(n)]
        while game.outcome() is None:
            seat = game.to_act()[0]
            move = bots[seat].choose(game.view(seat), game.legal_moves(seat))
            assert move in game.legal_moves(seat)
            game.play(seat, move)


def test_the_bot_runs_alone_for_the_richest_lifeboat_it_holds():
    # Ada holds only spades and Cy nothing: whatever Bob holds, nobody races him but at spades
    game = sunk(3, ["", "2H 9D 3C", ""], boats={"H": "10H 9H 8H", "D": "7D 6D", "C": "KC QC JC 10C"})
    assert ShipwreckBot(1, 0).choose(game.view(1), game.legal_moves(1)) == key("3C")
    game = sunk(3, ["", "2H 9D 3C", ""], boats={"H": "10H 9H 8H", "D": "7D 6D", "C": "2C"})
    assert ShipwreckBot(1, 0).choose(game.view(1), game.legal_moves(1)) == key("2H")


def test_the_bot_keeps_away_from_a_lifeboat_a_rival_shows_he_would_win():
    # hearts hold 20, diamonds 18; Cy shows 46 points of hearts on his board and holds four cards;
    # Bob's diamonds are strong
    game = sunk(3, ["", "KD QD JD 2H", "4C 5C 6C 7C"], boards=["", "", "KH QH JH 10H"],
                boats={"H": "9H 8H 3H", "D": "10D 8D"})
    assert ShipwreckBot(1, 0).choose(game.view(1), game.legal_moves(1)).args[0].endswith("D")


def test_the_bot_fights_back_with_its_lowest_card_that_beats_the_last():
    game = arrange(Shipwreck(NAMES[:3], 4), hands=["2S 5H 9C QD KC", "3S 6H 10D JS 4C", "AC 2C 3C 4H 5D"],
                   deck="6C 7C 8C 9H 10H 2D 3D")
    game.play(0, fight(1, "5H"))
    assert ShipwreckBot(1, 0).choose(game.view(1), game.legal_moves(1)) == raise_("6H")
    game.play(1, raise_("JS"))
    assert ShipwreckBot(0, 0).choose(game.view(0), game.legal_moves(0)) == raise_("QD")
    game.play(0, raise_("KC"))
    assert ShipwreckBot(1, 0).choose(game.view(1), game.legal_moves(1)) == SURRENDER


def test_the_bot_beats_random_players():
    wins = 0
    for seed in range(40):
        game = Shipwreck(NAMES[:3], seed, target=100)
        bots = [ShipwreckBot(0, seed), RandomBot(1, seed), RandomBot(2, seed)]
        while game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, bots[seat].choose(game.view(seat), game.legal_moves(seat)))
        wins += game.outcome().winner == 0
    assert wins >= 24  # a third would be chance (simulate: 80% over 300 games to 200)


# --------------------------------------------------------------------------------------------
# whole random games


def random_game(seed: int, **options):
    rnd = random.Random(seed)
    n = 2 + seed % 7
    game = Shipwreck(NAMES[:n], seed, **options)
    size = 52 if n <= 5 else 104
    gained = [0] * n
    hands = 1
    while True:
        assert total_cards(game) == size
        if game.outcome() is not None:
            break
        waiting = game.to_act()
        assert waiting
        seat = rnd.choice(waiting)
        moves = game.legal_moves(seat)
        assert moves
        before = game.phase
        game.play(seat, rnd.choice(moves))
        if before == KEYS and game.phase in (BETWEEN, OVER):
            gained = [g + x for g, x in zip(gained, game.last_gains)]
            assert gained == game.scores
            assert all(len(h) < 5 for h in game.hands) or n > 5
        if game.phase == TURN:
            assert len(game.hands[game.turn]) == 5
        if before == BETWEEN:
            hands += 1
            assert game.hand_no == hands and game.dealer == (hands - 1) % n
        assert len(game.history) < 3000
    return game


def test_random_games_conserve_the_cards_and_end_at_the_target():
    ends = {"hands": 0, "draws": 0}
    for seed in range(200):
        game = random_game(seed, target=50 if seed % 4 else 200, final_tie="draw" if seed % 3 == 0 else "hand",
                           plank="share" if seed % 2 else "nobody")
        outcome = game.outcome()
        top = max(game.scores)
        assert top >= game.options["target"]
        assert [s.seat for s in outcome.standings if s.place == 1] == [s for s in range(len(game.players))
                                                                         if game.scores[s] == top]
        ends["hands"] += game.hand_no
        ends["draws"] += outcome.winner is None
    assert ends["hands"] > 300


def _random_game_to_the_end(seed: int, players: int, **options) -> Shipwreck:
    """The game `leak_check.findings` plays: its random choices, its players' names."""
    rnd = random.Random(seed)
    game = Shipwreck([f"P{i}" for i in range(players)], seed, **options)
    while game.outcome() is None:
        waiting = [s for s in range(players) if game.legal_moves(s)]
        mover = rnd.choice(waiting)
        game.play(mover, rnd.choice(game.legal_moves(mover)))
    return game


#: short games (to 50) whose random moves take the rare paths: (seed, players, options, a line of the
#: log that shows the path)
RARE = [
    (183, 3, {"final_tie": "hand"}, "they walk the plank, and another hand is played"),
    (222, 7, {"final_tie": "hand"}, "they walk the plank, and another hand is played"),
    (858, 6, {"plank": "nobody"}, "walk the plank and nobody boards"),
    (719, 7, {"plank": "share"}, "and share the lifeboat"),
    (599, 6, {"final_tie": "draw"}, "A draw:"),
]


def test_whole_games_hide_every_card_a_seat_has_not_seen():
    """The catalog's leak test checks the first 60 moves of 40 games (with one deck a showdown and
    a new deal); here a whole game to 200 at every table size, through every hand of one deck and of
    two and the end, and short games to 50 that walk the plank, share a lifeboat and end in a draw."""
    from leak_check import Sampler
    from leak_helpers import play_checking

    def checked(seed, players, sampler=None, **options):
        class Table(Shipwreck):
            def __init__(self, names, seed_, **given):
                super().__init__(names, seed_, **{**options, **given})
        play_checking(Table, players, seed, Shipwreck.move_limit, sampler)

    for seed in range(7):
        checked(seed, 2 + seed)
    for seed, players, options, line in RARE:
        options = {"target": 50, **options}
        game = _random_game_to_the_end(seed, players, **options)
        assert any(line in e.text for e in game.log), (seed, line)
        # a sampler of its own: every kind of move of this game is checked, the rare one among them
        checked(seed, players, Sampler(per_kind=1, every=100, seed=seed), **options)
