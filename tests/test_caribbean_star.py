"""Caribbean Star: the seed's worked examples (a show of K K 10 6 4 3 2 scores 16; the Five that swaps
hands so that the other player holds the Ace and uses it), every card's effect, the order of effects,
the Ace question put alike to a player without an Ace, the Ace-holders option, the rulings (the Dinner
Buffet chosen when the Eight takes effect, a Showtime on an empty pile, a tie), the end, refusals and
undo."""

from __future__ import annotations

import pytest

from tabletop_tui.bots.base import Knowledge
from tabletop_tui.bots.caribbean_star import CaribbeanStarBot
from tabletop_tui.rules.caribbean_star import CaribbeanStar, show
from tabletop_tui.rules.components.cards import card, cards
from tabletop_tui.rules.engine import IllegalMove, Move, log_for

STOP, LET, DECLINE = Move("stop"), Move("let"), Move("decline")


def play(code: str) -> Move:
    return Move("play", (code,))


def rig(red: str, black: str, deck: str = "", piles: tuple[str, str] = ("", ""), **options) -> CaribbeanStar:
    """A game with these hands, deck (the last card drawn first) and piles."""
    game = CaribbeanStar(["Ada", "Bo"], 1, **options)
    game.hands = [cards(red), cards(black)]
    game.deck = cards(deck)
    game.piles = [cards(piles[0]), cards(piles[1])]
    game.seen = [{c.code for c in h} for h in game.hands]
    return game


def texts(events) -> str:
    return " ".join(e.text for e in events)


# -- shows ------------------------------------------------------------------------------------------------


def test_the_seeds_show_k_k_10_6_4_3_2_scores_16():
    points, minutes, how = show(cards("KH KD 10H 6H 4H 3H 2H"))
    assert (points, minutes) == (16, 20)
    assert "biggest trick at half" in how and "doubled" in how


@pytest.mark.parametrize("pile,points", [
    ("10H KH", 16),  # 15 minutes: full value
    ("KH QH", 7),  # 10 minutes, 5 short: the king at half (3) + 4
    ("10H", 5),  # 10 minutes, 5 short: the ten at half
    ("JH", 1),  # 5 minutes, 10 short: every trick at half
    ("10H KH QH", 15),  # 20 minutes, 5 long: the ten at half, 5 + 6 + 4
    ("10H 10D QH", 12),  # 25 minutes, 10 long: every trick at half, 5 + 5 + 2
    ("KH KD", 9),  # 10 minutes, 5 short: one of the two kings at half, 3 + 6
])
def test_tricks_are_scored_by_the_length_of_the_show(pile, points):
    assert show(cards(pile))[0] == points


def test_thirty_minutes_or_more_scores_no_tricks_but_the_mistakes_still_count():
    assert show(cards("10H 10D 10S"))[0] == 0
    assert show(cards("10H 10D 10S 3H"))[0] == -3
    assert show(cards("10H 10D 10S 3H 6H"))[0] == -6  # doubled, negative or not


def test_two_rehearsals_quadruple_and_a_comedy_show_is_zero():
    assert show(cards("10H KH 6H 6D"))[0] == 64
    assert show(cards("2H 3H 4H 6H"))[0] == 0  # no Magic Trick: a Comedy Show
    assert show([])[0] == 0
    assert show(cards("10H 4H"))[0] == 1  # 5 - 4
    assert show(cards("JH 4H"))[0] == -3  # 1 - 4


# -- the turn -----------------------------------------------------------------------------------------


def let_all(game: CaribbeanStar) -> list:
    """Answer "let it be" to every question until the turn ends or something else is asked."""
    events = []
    while game.phase == "ask":
        events += game.play(game.to_act()[0], LET)
    return events


def test_both_lay_face_down_then_the_lower_card_takes_effect_first():
    game = rig("KH 7S 2C 3C 4C", "10D 5C 2D 3D 4D", deck="9C 9D")
    assert game.to_act() == [0, 1]
    events = game.play(1, play("10D"))
    assert [e.text_for(0) for e in events] == ["Bo lays a card face down."]
    assert game.view(0)["laid"] == [None, "down"]
    game.play(0, play("KH"))
    assert game.view(None)["queue"] == [[1, "10D"], [0, "KH"]]
    let_all(game)
    assert [c.code for c in game.piles[0]] == ["10D", "KH"]  # both red: into red's pile
    assert game.phase == "play" and game.turn == 2
    assert len(game.hands[0]) == len(game.hands[1]) == 5 and not game.deck


def test_on_equal_ranks_clubs_come_before_hearts():
    game = rig("7H 2H 3H 4H 5H", "7C 2C 3C 4C 5C", piles=("KH", "KC QC"))
    game.play(0, play("7H"))
    game.play(1, play("7C"))
    assert [c for _, c in game.view(None)["queue"]] == ["7C", "7H"]
    events = let_all(game)
    said = texts(events)
    assert said.index("Bo performs") < said.index("Ada performs")
    assert game.scores == [3, 7]  # KH alone: 10 short, half; K Q: 5 short, the king at half


def test_a_card_of_the_opponents_colour_works_for_the_opponent():
    game = rig("KC 2C 3H 4H 5H", "QH 2D 3C 4C 5C")
    game.play(0, play("KC"))  # Ada lays a black trick: it goes to Bo
    game.play(1, play("QH"))  # Bo lays a red trick: it goes to Ada
    let_all(game)
    assert [c.code for c in game.piles[0]] == ["QH"] and [c.code for c in game.piles[1]] == ["KC"]


def test_a_mistake_and_a_rehearsal_go_to_the_colour_owners_pile():
    game = rig("2C 6D 3H 4H 5H", "2D 6C 3C 4C 5C")
    game.play(0, play("2C"))
    game.play(1, play("6C"))
    let_all(game)
    assert [c.code for c in game.piles[1]] == ["2C", "6C"] and game.piles[0] == []


def test_a_showtime_of_your_colour_performs_your_pile():
    game = rig("9H 2H 3H 4H 5H", "2C 3C 4C 5C 6C", piles=("10H KD", ""))
    game.play(0, play("9H"))
    game.play(1, play("2C"))
    let_all(game)
    assert game.scores == [16, 0] and game.piles[0] == []
    assert {"10H", "KD", "9H"} <= {c.code for c in game.discard}
    assert game.view(1)["last_show"]["points"] == 16


def test_ruling_a_showtime_on_an_empty_pile_scores_nothing_and_is_discarded():
    game = rig("7D 2H 3H 4H 5H", "2C 3C 4C 5C 6C")
    game.play(0, play("7D"))
    game.play(1, play("2C"))
    said = texts(let_all(game))
    assert "Ada has nothing to perform: an empty show, 0 points." in said
    assert game.scores == [0, 0] and card("7D") in game.discard


def test_an_afternoon_nap_swaps_the_hands_and_each_knows_the_other():
    game = rig("5H KH QH JH 10H", "2C 3C 4C 6C 8C")
    game.play(0, play("5H"))
    game.play(1, play("2C"))
    let_all(game)
    assert {c.code for c in game.hands[0]} == {"3C", "4C", "6C", "8C"}
    assert {c.code for c in game.hands[1]} == {"KH", "QH", "JH", "10H"}
    assert game.view(0)["known"][1] == ["10H", "JH", "QH", "KH"]
    assert game.view(1)["known"][0] == ["3C", "4C", "6C", "8C"]
    assert game.view(None)["known"] == [[], []]  # neither hand was face up


# -- the Dinner Buffet ------------------------------------------------------------------------------------


def test_ruling_the_dinner_buffet_is_chosen_by_the_colour_owner_when_the_eight_takes_effect():
    game = rig("8C 2H 3H 4H 5H", "KC 2D 3C 4C 5C", piles=("", "10C QS"))
    game.play(0, play("8C"))  # Ada lays a black Eight: Bo's buffet
    game.play(1, play("KC"))
    let_all(game)
    assert game.phase == "buffet" and game.to_act() == [1]
    assert game.legal_moves(1) == [Move("buffet", ("QS",)), Move("buffet", ("10C",)), DECLINE]
    assert game.legal_moves(0) == []
    game.play(1, Move("buffet", ("10C",)))
    assert game.scores == [0, 5] and [c.code for c in game.piles[1]] == ["QS"]
    let_all(game)  # then the king takes effect
    assert [c.code for c in game.piles[1]] == ["QS", "KC"]


def test_the_dinner_buffet_may_be_declined_and_is_skipped_without_a_trick():
    game = rig("8H 2H 3H 4H 5H", "2C 3C 4C 5C 6C", piles=("KH", ""))
    game.play(0, play("8H"))
    game.play(1, play("2C"))
    let_all(game)
    game.play(0, DECLINE)
    assert game.scores == [0, 0] and [c.code for c in game.piles[0]] == ["KH"] and game.phase == "play"
    game = rig("8H 2H 3H 4H 5H", "2C 3C 4C 5C 6C", piles=("2H 6H", ""))
    game.play(0, play("8H"))
    game.play(1, play("2C"))
    said = texts(let_all(game))
    assert "is wasted: Ada has no Magic Trick" in said and game.phase == "play"


# -- Aces ----------------------------------------------------------------------------------------------


def test_the_seeds_ace_example_the_five_swaps_so_red_now_holds_the_ace_and_stops_the_red_ten():
    # Red lays a red five, black a red ten; black holds an Ace and lets the five be.
    game = rig("5H 2H 3H 4H 6H", "10D AC 2C 3C 4C")
    game.play(0, play("5H"))
    game.play(1, play("10D"))
    assert game.phase == "ask" and game.view(None)["queue"][0] == [0, "5H"]
    assert game.legal_moves(1) in ([STOP, LET], []) and STOP not in game.legal_moves(0)
    while game.queue and game.queue[0][1] == card("5H"):
        game.play(game.to_act()[0], LET)
    # the five swapped the hands: red now holds the Ace, and is asked about the red ten
    assert card("AC") in game.hands[0]
    while game.to_act() != [0]:
        game.play(game.to_act()[0], LET)
    assert game.legal_moves(0) == [STOP, LET]
    events = game.play(0, STOP)
    assert "Ada stops the 10 of diamonds with the ace of clubs and takes it into hand." in texts(events)
    assert card("10D") in game.hands[0] and card("AC") in game.discard and game.piles[0] == []
    assert game.view(1)["known"][0] == sorted(["10D", "2C", "3C", "4C"], key=lambda c: card(c).order_low)


def test_by_default_both_are_asked_alike_whether_or_not_they_hold_an_ace():
    """The flow, the moves' count and every line of the log read by the other player are the same
    whether Bo holds an Ace or not."""

    def run(black: str):
        game = rig("KH 2H 3H 4H 6H", black)
        flow = []
        game.play(0, play("KH"))
        game.play(1, play("2C"))
        while game.phase == "ask":
            seat = game.to_act()[0]
            flow.append((seat, tuple(game.view(0)["to_act"])))
            game.play(seat, LET)
        return flow, [e.text for e in log_for(game.log, 0)][3:], game

    with_ace, log_ace, g1 = run("2C AS 3C 4C 5C")
    without, log_none, g2 = run("2C 9S 3C 4C 5C")
    assert with_ace == without and len(with_ace) == 4  # two questions for each card
    assert log_ace == log_none
    # the one without an Ace is asked the same question and can only let it be
    game = rig("KH 2H 3H 4H 6H", "2C 9S 3C 4C 5C")
    game.play(0, play("KH"))
    game.play(1, play("2C"))
    assert game.legal_moves(game.to_act()[0]) == [LET]


def test_the_ace_holders_option_asks_only_ace_holders():
    game = rig("KH 2H 3H 4H 6H", "2C AS 3C 4C 5C", ask="holders")
    game.play(0, play("KH"))
    game.play(1, play("2C"))
    assert game.phase == "ask" and game.to_act() == [1] and game.legal_moves(1) == [STOP, LET]
    game.play(1, LET)
    assert game.to_act() == [1]  # the king next: again only Bo
    game.play(1, LET)
    assert game.phase == "play"
    game = rig("KH 2H 3H 4H 6H", "2C 9S 3C 4C 5C", ask="holders")
    game.play(0, play("KH"))
    game.play(1, play("2C"))
    assert game.phase == "play" and game.turn == 2  # nobody holds an Ace: nobody is asked
    assert "shows who holds Aces" in dict(CaribbeanStar.OPTIONS[0].choices)["holders"]


def test_nobody_is_asked_once_all_four_aces_are_played():
    game = rig("KH 2H 3H 4H 6H", "2C 9S 3C 4C 5C")
    game.discard = cards("AC AD AH AS")
    game.play(0, play("KH"))
    game.play(1, play("2C"))
    assert game.phase == "play"


def test_the_first_to_stop_a_card_stops_it_and_an_ace_is_never_laid():
    game = rig("KH AH 3H 4H 6H", "2C AS 3C 4C 5C")
    assert play("AH") not in game.legal_moves(0)
    with pytest.raises(IllegalMove, match="An Ace is never laid"):
        game.play(0, play("AH"))
    game.play(0, play("KH"))
    game.play(1, play("2C"))
    first = game.to_act()[0]
    assert first == 1  # whoever moved last is asked first
    game.play(1, STOP)  # Bo stops his own 2 of clubs
    assert card("2C") in game.hands[1] and game.queue[0][1] == card("KH")
    assert game.to_act() == [1]
    game.play(1, LET)
    game.play(0, STOP)  # Ada stops her king
    assert card("KH") in game.hands[0] and game.phase == "play"
    assert len(game.hands[0]) == len(game.hands[1]) == 4


# -- the end --------------------------------------------------------------------------------------------


def test_the_game_ends_with_the_farewell_shows_when_the_hands_run_out():
    game = rig("KH", "2D", piles=("10H", "QC 4C"))
    game.scores = [3, 3]
    game.play(0, play("KH"))
    game.play(1, play("2D"))
    events = let_all(game)
    assert game.outcome() is not None
    said = texts(events)
    assert "both hands are empty: the Farewell Shows" in said
    # Ada: 10H 2D KH = 15 minutes, 16 - 2 = 14; Bo: Q alone, 10 short: 2 - 4 = -2
    assert game.scores == [17, 1]
    assert game.outcome().winner == 0 and game.view(None)["farewell"][0]["points"] == 14


def test_the_game_ends_when_a_player_holds_nothing_but_aces():
    game = rig("KH AD", "2C 3C")
    game.play(0, play("KH"))
    game.play(1, play("2C"))
    let_all(game)
    assert game.outcome() is not None
    assert "Ada holds nothing but Aces" in texts(game.log)


def test_ruling_a_tie_is_a_draw():
    game = rig("2H", "2C")
    game.play(0, play("2H"))
    game.play(1, play("2C"))
    let_all(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == [] and outcome.summary.startswith("A draw")


def test_a_whole_game_lasts_the_deck_and_then_the_hands():
    import random

    game = CaribbeanStar(["Ada", "Bo"], 7)
    rnd = random.Random(7)
    while game.outcome() is None:
        seat = game.to_act()[0]
        moves = [m for m in game.legal_moves(seat) if m.kind != "stop"]
        game.play(seat, rnd.choice(moves))
    # 21 turns draw the deck; then up to 5 more, fewer where a hand is left with Aces alone
    assert 22 <= game.length() <= 26 and not game.deck
    assert any(all(c.rank == 14 for c in h) for h in game.hands)


# -- refusals and undo ----------------------------------------------------------------------------------


def test_refusals_say_why():
    game = rig("KH AH 3H 4H 6H", "2C 9S 3C 4C 5C", piles=("", ""))
    with pytest.raises(IllegalMove, match="not in Ada's hand"):
        game.play(0, play("2C"))
    with pytest.raises(IllegalMove, match="Nothing is about to take effect"):
        game.play(0, STOP)
    with pytest.raises(IllegalMove, match="There is no Dinner Buffet now"):
        game.play(0, DECLINE)
    game.play(0, play("KH"))
    with pytest.raises(IllegalMove, match="already laid a card"):
        game.play(0, play("3H"))
    game.play(1, play("2C"))
    asked = game.to_act()[0]
    assert asked == 1
    with pytest.raises(IllegalMove, match="holds no Ace"):
        game.play(1, STOP)
    with pytest.raises(IllegalMove, match="Waiting for Bo"):
        game.play(0, STOP)
    with pytest.raises(IllegalMove, match="no .dance. move"):
        game.play(0, Move("dance"))


def test_a_card_laid_is_undone_until_the_other_lays_theirs():
    game = CaribbeanStar(["Ada", "Bo"], 3)
    seat = game.to_act()[0]
    game.play(seat, game.legal_moves(seat)[0])
    ok, _ = game.undo_status()
    assert ok
    other = game.to_act()[0]
    game.play(other, game.legal_moves(other)[0])
    ok, why = game.undo_status()
    assert not ok and "revealed" in why


# -- the computer player ----------------------------------------------------------------------------------


def test_the_computer_stops_a_ten_that_would_spoil_its_show():
    # Bo (black) has a perfect 15-minute show; Ada lays a black Ten that would make it 25 minutes long.
    game = rig("10C 2H 3H 4H 6H", "2D AS 3C 4C 5C", piles=("", "10S KC"))
    game.play(0, play("10C"))
    game.play(1, play("2D"))
    while game.queue[0][1] != card("10C"):
        game.play(game.to_act()[0], LET)
    while game.to_act() != [1]:
        game.play(game.to_act()[0], LET)
    bot = CaribbeanStarBot(1, 1)
    assert bot.decide(Knowledge(game, 1)) == STOP
