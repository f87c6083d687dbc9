"""Penniless and Insane: every worked example of the original (the pool one card short, face values,
the suits breaking ties, a bid that cannot be paid, the last bid finding the pool empty, the leftovers
discarded, the Penniless and Insane bonuses, $20 each round, the goal), every ruling and option
(ties at the goal, the gambling pot), refusals, what each seat may see, undo, the computer player, and
the game's own invariants over whole random games. What every game owes (records, copies, random games
to the end, computer players, the leak check) is the catalog's contract (tests/contract)."""

import json
import random
from contextlib import contextmanager
from pathlib import Path

import pytest

from tabletop_tui.bots.base import RandomBot
from tabletop_tui.bots.penniless_and_insane import PennilessAndInsaneBot
from tabletop_tui.rules import engine
from tabletop_tui.rules.components.cards import STANDARD, card, cards
from tabletop_tui.rules.engine import Move, Stream, log_for
from tabletop_tui.rules.penniless_and_insane import (
    PennilessAndInsane, act_order, face_total, round_points, value)

from scripted import refused, play_out

NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
ADA, BOB, CY, DEE = 0, 1, 2, 3
HELP = Path(__file__).parent.parent / "tabletop_tui" / "rules_help" / "penniless_and_insane.md"


def bid(code: str) -> Move:
    return Move("bid", (code,))


def take(code: str) -> Move:
    return Move("take", (code,))


# --------------------------------------------------------------------------------------------
# a stacked deck: the test chooses the hands and the pools


class Stacked(Stream):
    """A stream whose shuffles put the deck in the orders the test chose, one a round (then real ones)."""

    def __init__(self, orders):
        super().__init__(0)
        self.orders = list(orders)

    def shuffle(self, items):
        if not self.orders:
            return super().shuffle(items)
        self.draws += 1
        order = self.orders.pop(0)
        assert sorted(items) == sorted(order)
        items[:] = order


@contextmanager
def stacked(orders):
    original = engine.Stream
    engine.Stream = lambda seed, version=None: Stacked(orders)
    try:
        yield
    finally:
        engine.Stream = original


def deck_for(hands: list[str], pools: list[str], dealer: int = 0) -> list:
    """A deck order that deals these hands (three cards each, one at a time from the dealer's left)
    and then these pools, trick by trick; the rest follows in the order of a new deck."""
    n = len(hands)
    hands_ = [cards(h) for h in hands]
    seats = [(dealer + 1 + k) % n for k in range(n)]
    top = [hands_[s][i] for i in range(3) for s in seats] + [c for p in pools for c in cards(p)]
    assert len(set(top)) == len(top), "a card stacked twice"
    rest = [c for c in STANDARD if c not in top]
    return rest + top[::-1]


def table(hands: list[str], *pools: str, later=(), **options) -> PennilessAndInsane:
    """A game whose first round deals `hands` ("KS QH 5D" each) and whose tricks offer `pools`; `later`
    stacks the next rounds' decks likewise ((hands, pools) each)."""
    n = len(hands)
    orders = [deck_for(hands, list(pools))]
    for r, (h, p) in enumerate(later, start=1):
        orders.append(deck_for(h, p, dealer=r % n))
    with stacked(orders):
        game = PennilessAndInsane(NAMES[:n], 0, **options)
    for s in range(n):
        assert sorted(game.hands[s]) == sorted(cards(hands[s]))
    return game


def bids(game, *codes: str) -> list:
    """Every seat bids, in seat order, the code given."""
    events = []
    for seat, code in enumerate(codes):
        events += game.play(seat, bid(code))
    return events


def texts(events) -> list[str]:
    return [e.text for e in events]


def held(game, seat) -> list[str]:
    return sorted(c.code for c in game.hands[seat])


# --------------------------------------------------------------------------------------------
# the game's card and the help


def test_the_class_its_players_and_options():
    assert (PennilessAndInsane.id, PennilessAndInsane.title) == ("penniless-and-insane", "Penniless and Insane")
    assert (PennilessAndInsane.min_players, PennilessAndInsane.max_players) == (3, 7)
    assert PennilessAndInsane.hidden_information
    assert [o.key for o in PennilessAndInsane.OPTIONS] == ["gambling", "tie", "goal"]
    game = PennilessAndInsane(NAMES[:3], 1)
    assert game.options == {"gambling": False, "tie": "draw", "goal": 150}
    with pytest.raises(ValueError):
        PennilessAndInsane(NAMES[:2])
    with pytest.raises(ValueError):
        PennilessAndInsane(NAMES + ["Hal"])
    with pytest.raises(ValueError):
        PennilessAndInsane(NAMES[:3], 1, tie="coin")
    with pytest.raises(ValueError):
        PennilessAndInsane(NAMES[:3], 1, hand_size=5)


def test_the_help_names_its_rulings():
    text = HELP.read_text()
    for section in ("# Penniless and Insane", "## The idea", "## Setup", "## A round", "## Scoring", "## The end",
                    "## The gambling variant (option)", "## Rulings"):
        assert section in text
    for ruling in ("Bidding together", "Ace low", "Paying exactly", "No choice, no waiting",
                   "Taking art is not optional", "Art in your hand", "What the table sees",
                   "A fresh deck each round", "The dealer", "Both bonuses at once", "Reaching 150 together",
                   "Points to win", "The gambling pot"):
        assert f"**{ruling}" in text, ruling


# --------------------------------------------------------------------------------------------
# the deal


@pytest.mark.parametrize("n", range(3, 8))
def test_each_round_deals_three_cards_and_20_dollars_each_and_a_pool_one_card_short(n):
    game = PennilessAndInsane(NAMES[:n], 7)
    assert [len(h) for h in game.hands] == [3] * n
    assert game.money == [20] * n
    assert len(game.pool) == n - 1
    assert len(game.deck) == 52 - 3 * n - (n - 1)
    view = game.view(None)
    assert (view["round"], view["trick"], view["tricks"], view["phase"]) == (1, 1, 3, "bid")
    assert view["to_act"] == list(range(n))


def test_four_players_are_offered_three_cards():
    """The original's example: with four players, three cards are dealt into the pool."""
    game = PennilessAndInsane(NAMES[:4], 3)
    assert len(game.pool) == 3


# --------------------------------------------------------------------------------------------
# values and the order of acting


def test_aces_are_worth_one_and_jacks_queens_kings_eleven_twelve_thirteen():
    assert [value(card(c)) for c in ("AS", "2C", "10H", "JD", "QC", "KS")] == [1, 2, 10, 11, 12, 13]
    assert face_total(cards("AS JD QC KS")) == 37


def test_the_lowest_bid_acts_first_and_the_suit_breaks_a_tie():
    """The original's example: the ten of clubs acts before the ten of hearts."""
    assert act_order({0: card("10H"), 1: card("10C")}) == [1, 0]
    assert act_order({0: card("KS"), 1: card("AS"), 2: card("2C"), 3: card("AC")}) == [3, 1, 2, 0]
    assert act_order({0: card("7S"), 1: card("7H"), 2: card("7D"), 3: card("7C")}) == [3, 2, 1, 0]


def test_the_ten_of_clubs_acts_before_the_ten_of_hearts_in_a_game():
    game = table(["10H 2S 3S", "10C 2D 3D", "KD 4D 5D"], "KS QS")
    events = bids(game, "10H", "10C", "KD")
    assert "The bids are revealed, lowest first: Bob 10 of clubs, Ada 10 of hearts and Cy king of diamonds." in \
        texts(events)
    assert game.to_act() == [BOB]
    game.play(BOB, take("KS"))
    assert held(game, BOB) == ["2D", "3D", "KS"]


# --------------------------------------------------------------------------------------------
# bidding together


def test_everyone_bids_together_and_no_bid_shows_before_all_are_down():
    game = table(["7S 2S 3S", "9C 2D 3D", "KD 4D 5D"], "KS QS")
    assert game.to_act() == [ADA, BOB, CY]
    events = game.play(CY, bid("KD"))
    assert game.to_act() == [ADA, BOB]
    assert log_for(events, ADA)[0].text == "Cy lays a bid face down."
    assert log_for(events, CY)[0].text == "Cy bids the king of diamonds."
    for seat in (None, ADA, BOB):
        view = game.view(seat)
        assert view["bids"] == [None, None, "down"]
        assert "KD" not in json.dumps(view)
    assert game.view(CY)["bid"] == "KD" and game.view(CY)["hand"] == ["5D", "4D"]
    assert game.view(ADA)["cards"] == [3, 3, 2]
    game.play(ADA, bid("7S"))
    assert game.phase == "bid"
    game.play(BOB, bid("9C"))
    assert game.phase == "act" and game.view(ADA)["bids"] == ["7S", "9C", "KD"]
    assert game.view(None)["order"] == [ADA, BOB, CY]


# --------------------------------------------------------------------------------------------
# acting


def test_acting_discards_the_bid_takes_any_card_of_the_pool_and_pays_the_bid():
    game = table(["7S 2S 3S", "9C 2D 3D", "KD 4D 5D", "JC 6C 8C"], "KS QS 4H")
    bids(game, "7S", "9C", "KD", "JC")
    assert game.view(None)["order"] == [ADA, BOB, DEE, CY]
    assert game.to_act() == [ADA]
    assert game.legal_moves(ADA) == [take("KS"), take("QS"), take("4H")]
    events = game.play(ADA, take("QS"))  # any card of the pool, not only the best
    assert texts(events) == ["Ada discards the 7 of spades, takes the queen of spades and pays $7: $13 left."]
    assert held(game, ADA) == ["2S", "3S", "QS"] and game.money[ADA] == 13
    assert [c.code for c in game.discard] == ["7S"]
    assert game.pot == 0  # the money leaves the game
    assert game.to_act() == [BOB]
    events = game.play(BOB, take("4H"))
    # Dee takes the last card at once; Cy's king finds the pool empty
    assert texts(events)[1:3] == [
        "Dee discards the jack of clubs, takes the king of spades, the last card of the pool, and pays $11: $9 left.",
        "The pool is empty: Cy takes back the king of diamonds and pays nothing."]
    assert game.money == [13, 11, 20, 9]
    assert held(game, DEE) == ["6C", "8C", "KS"] and held(game, CY) == ["4D", "5D", "KD"]
    assert game.trick == 2 and game.phase == "bid" and len(game.pool) == 3
    assert game.view(None)["last_trick"] == {"trick": 1, "discarded": [], "plays": [
        [ADA, "7S", "QS"], [BOB, "9C", "4H"], [DEE, "JC", "KS"], [CY, "KD", None]]}


def test_the_last_bid_finds_the_pool_empty_takes_it_back_and_pays_nothing():
    """The original's example: the pool is one card short, so the last to act may find nothing."""
    game = table(["AS 2S 3S", "2C 2D 3D", "KD 4D 5D"], "KS QS")
    bids(game, "AS", "2C", "KD")
    events = game.play(ADA, take("KS"))
    assert texts(events)[2] == "The pool is empty: Cy takes back the king of diamonds and pays nothing."
    assert game.money == [19, 18, 20]
    assert held(game, CY) == ["4D", "5D", "KD"]


def test_a_player_with_one_card_of_the_pool_to_take_takes_it_at_once():
    game = table(["AS 2S 3S", "5C 2D 3D", "KD 4D 5D"], "KS QS")
    bids(game, "AS", "5C", "KD")
    assert game.to_act() == [ADA]
    events = game.play(ADA, take("QS"))
    assert texts(events)[:2] == [
        "Ada discards the ace of spades, takes the queen of spades and pays $1: $19 left.",
        "Bob discards the 5 of clubs, takes the king of spades, the last card of the pool, and pays $5: $15 left."]


def test_art_taken_can_be_bid_in_a_later_trick():
    game = table(["AS 2S 3S", "5C 2D 3D", "KD 4D 5D"], "KS QS", "JH 10H")
    bids(game, "AS", "5C", "KD")
    game.play(ADA, take("KS"))
    assert bid("KS") in game.legal_moves(ADA)
    bids(game, "KS", "2D", "4D")
    assert game.view(None)["bids"] == ["KS", "2D", "4D"] and game.view(None)["order"] == [BOB, CY, ADA]


# hands and pools for a round of three players (B: a bid that cannot be paid, leftovers discarded)
B_HANDS = ["QH JS 3S", "KS QC 3D", "KD 4D 5D"]
B_POOLS = ("AH 2H", "3H 4H", "5H 6H")


def test_a_bid_that_cannot_be_paid_is_taken_back_and_its_art_goes_to_the_next():
    """The original's rule: without the money for your bid you get no art, take the bid back and pay
    nothing."""
    game = table(B_HANDS, *B_POOLS)
    bids(game, "QH", "KS", "KD")  # Ada (queen) first, then Cy (king of diamonds); Bob finds nothing
    game.play(ADA, take("AH"))
    assert game.money == [8, 20, 7]
    assert held(game, ADA) == ["3S", "AH", "JS"] and held(game, CY) == ["2H", "4D", "5D"]
    bids(game, "JS", "QC", "4D")  # Cy (4), Ada (jack: $11 with $8), Bob (queen)
    assert game.to_act() == [CY]
    events = game.play(CY, take("4H"))
    assert texts(events) == [
        "Cy discards the 4 of diamonds, takes the 4 of hearts and pays $4: $3 left.",
        "Ada cannot pay $11 with $8, so takes back the jack of spades and pays nothing.",
        "Bob discards the queen of clubs, takes the 3 of hearts, the last card of the pool, and pays $12: $8 left.",
        "Trick 3 of 3: the 6 of hearts and the 5 of hearts are offered in the pool."]
    assert held(game, ADA) == ["3S", "AH", "JS"] and game.money == [8, 8, 3]


def test_whatever_is_left_in_the_pool_is_discarded_and_the_round_is_scored():
    """The original's rules: leftovers are discarded; after three tricks the least money scores triple."""
    game = table(B_HANDS, *B_POOLS)
    bids(game, "QH", "KS", "KD")
    game.play(ADA, take("AH"))
    bids(game, "JS", "QC", "4D")
    game.play(CY, take("4H"))
    events = bids(game, "JS", "KS", "5D")  # nobody can pay: Cy $3, Ada $8, Bob $8
    assert texts(events)[3:7] == [
        "The bids are revealed, lowest first: Cy 5 of diamonds, Ada jack of spades and Bob king of spades.",
        "Cy cannot pay $5 with $3, so takes back the 5 of diamonds and pays nothing.",
        "Ada cannot pay $11 with $8, so takes back the jack of spades and pays nothing.",
        "Bob cannot pay $13 with $8, so takes back the king of spades and pays nothing."]
    assert "The rest of the pool is discarded: the 6 of hearts and the 5 of hearts." in texts(events)
    assert {"5H", "6H"} <= {c.code for c in game.discard}
    assert game.phase == "scored" and game.money == [8, 8, 3]
    last = game.view(ADA)["last_round"]
    assert last["hands"] == [["JS", "3S", "AH"], ["KS", "3H", "3D"], ["5D", "4H", "2H"]]
    assert (last["face"], last["times"], last["points"], last["bonus"], last["money"]) == (
        [15, 19, 11], [1, 1, 3], [15, 19, 33], ["", "", "penniless"], [8, 8, 3])
    assert (last["round"], last["winners"]) == (1, [CY])
    assert game.scores == [15, 19, 33]
    assert ("Cy shows the 5 of diamonds, the 4 of hearts and the 2 of hearts (11) with $3, the least: penniless, "
            "triple, 33 points.") in texts(events)
    assert "Ada shows the jack of spades, the 3 of spades and the ace of hearts (15) with $8: face value, 15 points." \
        in texts(events)


# --------------------------------------------------------------------------------------------
# scoring


def test_the_penniless_bonus_triples_the_least_money_and_ties_all_triple():
    hands = [cards("KS QS 5D"), cards("10C 9C 8C"), cards("AS 2C 3C")]
    assert round_points(hands, [3, 5, 9]) == ([90, 27, 6], [3, 1, 1], ["penniless", "", ""])
    assert round_points(hands, [3, 3, 9]) == ([90, 81, 6], [3, 3, 1], ["penniless", "penniless", ""])
    assert round_points(hands, [4, 4, 4]) == ([90, 81, 18], [3, 3, 3], ["penniless"] * 3)


def test_the_insane_bonus_triples_everyone_at_zero_and_nobody_with_money_scores():
    hands = [cards("KS QS 5D"), cards("10C 9C 8C"), cards("AS 2C 3C"), cards("JH 10H 4D")]
    assert round_points(hands, [0, 2, 6, 1]) == ([90, 0, 0, 0], [3, 0, 0, 0], ["insane", "", "", ""])
    assert round_points(hands, [0, 2, 0, 1]) == ([90, 0, 18, 0], [3, 0, 3, 0], ["insane", "", "insane", ""])
    assert round_points(hands, [0, 0, 0, 0])[0] == [90, 81, 18, 75]


def test_the_help_s_scoring_example():
    """The rules help's example: Ada $0 with 30, Bo $2 with 27, Cy $0 with 14, Dee $6 with 35."""
    hands = [cards("KS QH 5D"), cards("10C 9C 8C"), cards("6S 5S 3H"), cards("KD QD 10D")]
    assert [face_total(h) for h in hands] == [30, 27, 14, 35]
    assert round_points(hands, [0, 2, 0, 6])[0] == [90, 0, 42, 0]
    assert round_points(hands, [1, 2, 1, 6])[0] == [90, 27, 42, 35]


# hands and pools for a round of three players (A: Ada spends 13 and 7 and goes insane)
A_HANDS = ["KH 7S 3S", "KS 2C 3C", "QD AD 2D"]
A_POOLS = ("AH 2H", "5H 6H", "9H 10H")


def play_round_a(game):
    bids(game, "KH", "KS", "QD")  # Cy (queen) first, Ada (king of hearts) second; Bob finds nothing
    game.play(CY, take("AH"))
    bids(game, "7S", "2C", "AD")  # Cy (ace), Bob (2); Ada's 7 finds nothing
    game.play(CY, take("6H"))
    bids(game, "7S", "KS", "6H")  # Cy (6), Ada (7); Bob's king finds nothing
    return game.play(CY, take("10H"))


def test_a_played_round_with_the_insane_bonus():
    game = table(A_HANDS, *A_POOLS)
    bids(game, "KH", "KS", "QD")
    game.play(CY, take("AH"))
    assert game.money == [7, 20, 8] and held(game, ADA) == ["2H", "3S", "7S"]
    bids(game, "7S", "2C", "AD")
    game.play(CY, take("6H"))
    assert game.money == [7, 18, 7]
    bids(game, "7S", "KS", "6H")
    events = game.play(CY, take("10H"))
    assert texts(events)[1] == ("Ada discards the 7 of spades, takes the 9 of hearts, the last card of the pool, "
                                "and pays $7: $0 left.")
    assert game.money == [0, 18, 1] and game.phase == "scored"
    last = game.view(BOB)["last_round"]
    assert (last["face"], last["times"], last["points"], last["bonus"]) == (
        [14, 21, 13], [3, 0, 0], [42, 0, 0], ["insane", "", ""])
    assert game.scores == [42, 0, 0]
    shown = [e.text for e in log_for(game.log, BOB) if " shows " in e.text]
    assert shown == [
        "Ada shows the 9 of hearts, the 3 of spades and the 2 of hearts (14) with $0: insane, triple, 42 points.",
        "Bob shows the king of spades, the 5 of hearts and the 3 of clubs (21) with $18 while someone is insane: "
        "nothing, 0 points.",
        "Cy shows the 10 of hearts, the 2 of diamonds and the ace of hearts (13) with $1 while someone is insane: "
        "nothing, 0 points."]
    # every hand is shown at the end of the round, to everyone
    assert last["hands"][BOB] == ["KS", "5H", "3C"] and game.hidden_from(ADA) == {c.code for c in game.deck}
    assert texts(events)[-2:] == ["Scores: Ada 42, Bob 0, Cy 0.", "Bob deals the next round."]


# --------------------------------------------------------------------------------------------
# the next round


def _to_scored(game, rnd=None):
    rnd = rnd or random.Random(1)
    while game.phase not in ("scored", "over"):
        seat = game.to_act()[0]
        game.play(seat, rnd.choice(game.legal_moves(seat)))


def test_the_next_dealer_deals_a_fresh_deck_and_20_dollars_each():
    game = PennilessAndInsane(NAMES[:4], 11, goal=1000)
    assert game.dealer == ADA
    _to_scored(game)
    assert game.to_act() == [BOB] and game.legal_moves(BOB) == [Move("deal")]
    assert game.legal_moves(ADA) == []
    view = game.view(CY)
    assert all(len(h) == 3 for h in view["last_round"]["hands"])  # the hands lie on the table
    game.play(BOB, Move("deal"))
    assert game.round == 2 and game.dealer == BOB and game.trick == 1
    assert game.money == [20] * 4 and [len(h) for h in game.hands] == [3] * 4
    assert len(game.deck) + len(game.pool) + 12 == 52 and game.discard == []
    view = game.view(CY)
    assert view["last_round"]["hands"] is None  # the old hands are gathered up
    assert view["last_trick"] is None
    texts_ = [e.text for e in log_for(game.log, CY)]
    assert "Round 2: Bob shuffles and deals three cards to each player; everyone has $20." in texts_
    # the dealer moves round the table
    for expected in (CY, DEE, ADA):
        _to_scored(game)
        game.play(game.to_act()[0], Move("deal"))
        assert game.dealer == expected


def test_undo_takes_back_a_bid_but_never_the_reveal_or_the_deal():
    game = PennilessAndInsane(NAMES[:3], 5)
    hand = held(game, ADA)
    game.play(ADA, game.legal_moves(ADA)[0])
    assert game.undo_status() == (True, "")
    again = game.undone()
    assert again.to_act() == [ADA, BOB, CY] and held(again, ADA) == hand
    game.play(BOB, game.legal_moves(BOB)[0])
    assert game.undo_status() == (True, "")
    game.play(CY, game.legal_moves(CY)[0])
    assert game.undo_status() == (False, "Not past a deal or the bids revealed.")


def test_the_reveal_is_never_undone_even_when_every_bid_was_a_card_everyone_knew():
    """Each bid is a card everyone saw go into its hand: the reveal shows nobody a card they had not
    seen, but it shows which card each bid, and the last bidder may not take back a bid once it knows."""
    game = table(A_HANDS, *A_POOLS)
    bids(game, "KH", "KS", "QD")
    game.play(CY, take("AH"))
    assert game.view(None)["known"] == [["2H"], ["KS"], ["AH"]]
    game.play(ADA, bid("2H"))
    game.play(BOB, bid("KS"))
    hidden = [game.hidden_from(s) for s in (ADA, BOB, CY)]
    game.play(CY, bid("AH"))
    assert game.phase == "act" and game.to_act() == [CY]
    assert [game.hidden_from(s) for s in (ADA, BOB, CY)] == hidden  # no card newly seen
    assert game.undo_status() == (False, "Not past a deal or the bids revealed.")


# --------------------------------------------------------------------------------------------
# the end of the game


def _finish_round_with(game, points):
    """Score a round as if the players had made these points (the scoring itself is tested above)."""
    import tabletop_tui.rules.penniless_and_insane as rules

    original = rules.round_points
    rules.round_points = lambda hands, money: (list(points), [1] * len(points), [""] * len(points))
    try:
        _to_scored(game)
    finally:
        rules.round_points = original


def test_the_first_to_150_wins():
    game = PennilessAndInsane(NAMES[:3], 2)
    _finish_round_with(game, [100, 40, 20])
    assert game.phase == "scored" and game.outcome() is None
    game.play(game.to_act()[0], Move("deal"))
    _finish_round_with(game, [50, 40, 20])
    out = game.outcome()
    assert game.phase == "over" and out.winner == ADA
    assert out.summary == "Ada wins with 150 points."
    assert [(st.name, st.place, st.score, st.detail) for st in out.standings] == [
        ("Ada", 1, 150, "rounds 100 50"), ("Bob", 2, 80, "rounds 40 40"), ("Cy", 3, 40, "rounds 20 20")]
    assert game.to_act() == [] and all(game.legal_moves(s) == [] for s in range(3))
    assert game.view(BOB)["over"] and game.view(BOB)["result"] == out.summary


def test_two_past_the_goal_in_one_round_the_most_points_wins():
    game = PennilessAndInsane(NAMES[:3], 2)
    _finish_round_with(game, [140, 130, 20])
    game.play(game.to_act()[0], Move("deal"))
    _finish_round_with(game, [15, 40, 20])
    out = game.outcome()
    assert out.winner == BOB
    assert out.summary == "Bob wins with 170 points, the most of those who reached 150 this round (Ada 155)."


def test_a_tie_at_the_goal_is_a_draw_by_default():
    game = PennilessAndInsane(NAMES[:3], 2)
    _finish_round_with(game, [160, 160, 20])
    out = game.outcome()
    assert out.winner is None and sorted(out.drawn) == [ADA, BOB]
    assert out.summary == "A draw: Ada and Bob reach 160 points together."
    assert out.tiebreaks == "Ada and Bob have 160 points each and share a place: nothing breaks a tie."


def test_a_tie_at_the_goal_plays_another_round_with_the_option():
    game = PennilessAndInsane(NAMES[:3], 2, tie="play_on")
    _finish_round_with(game, [160, 160, 20])
    assert game.outcome() is None and game.phase == "scored"
    assert game.log[-1].text == "Ada and Bob tie at 160, at or past the goal: another round is played. Bob deals next."
    game.play(BOB, Move("deal"))
    _finish_round_with(game, [0, 0, 200])  # Cy overtakes them all
    assert game.outcome().winner == CY


def test_the_goal_is_an_option():
    game = PennilessAndInsane(NAMES[:3], 2, goal=30)
    _finish_round_with(game, [31, 10, 5])
    assert game.outcome().winner == ADA


# --------------------------------------------------------------------------------------------
# the gambling variant


def test_the_gambling_pot_takes_the_money_spent_and_the_round_s_winner_takes_it():
    """The original's variant: spent money goes into a pot instead of leaving the game, and the round's
    winner takes it."""
    game = table(A_HANDS, *A_POOLS, gambling=True)
    bids(game, "KH", "KS", "QD")
    events = game.play(CY, take("AH"))
    assert texts(events)[0] == ("Cy discards the queen of diamonds, takes the ace of hearts and pays $12 into the pot: "
                                "$8 left.")
    assert game.pot == 25 and game.net == [-13, 0, -12]
    assert game.view(BOB)["pot"] == 25 and game.view(BOB)["net"] == [-13, 0, -12]
    game = table(A_HANDS, *A_POOLS, gambling=True)
    play_round_a(game)
    assert game.phase == "scored" and game.last_round["winners"] == [ADA]
    # Ada spent 13 + 7, Bob 2, Cy 12 + 1 + 6: Ada, insane and the only one to score, takes all 41
    assert game.net == [21, -2, -19] and game.pot == 0
    assert "Ada scores the most this round and takes the pot, $41." in [e.text for e in game.log]
    assert game.money == [0, 18, 1]
    game.play(BOB, Move("deal"))
    assert game.money == [20, 20, 20] and game.pot == 0 and game.net == [21, -2, -19]


def test_a_shared_pot_splits_evenly_and_the_odd_dollars_stay():
    game = PennilessAndInsane(NAMES[:3], 2, gambling=True)
    import tabletop_tui.rules.penniless_and_insane as rules

    original = rules.round_points
    rules.round_points = lambda hands, money: ([30, 30, 10], [1, 1, 1], ["", "", ""])
    try:
        _to_scored(game)
    finally:
        rules.round_points = original
    spent = [20 - m for m in game.money]
    pot = sum(spent)
    share, odd = divmod(pot, 2)
    assert game.pot == odd
    assert game.net == [share - spent[0], share - spent[1], -spent[2]]
    assert sum(game.net) + game.pot == 0
    assert game.view(CY)["last_round"]["shares"] == [share, share, 0]


def test_without_the_gambling_variant_the_money_leaves_the_game():
    game = PennilessAndInsane(NAMES[:3], 2)
    _to_scored(game)
    assert game.pot == 0 and game.net == [0, 0, 0] and game.view(None)["net"] is None


# --------------------------------------------------------------------------------------------
# what each seat sees


def test_a_view_holds_the_own_hand_and_only_public_cards_of_the_others():
    game = table(["KS 7S 3S", "KC 2C 3C", "QD AD 2D"], "AH 2H", "5H 6H", "9H 10H")
    view = game.view(ADA)
    assert view["hand"] == ["KS", "7S", "3S"] and view["pool"] == ["2H", "AH"]
    assert view["money"] == [20, 20, 20] and view["cards"] == [3, 3, 3]
    blob = json.dumps(view)
    for code in ("KC", "2C", "3C", "QD", "AD", "2D"):
        assert code not in blob
    assert game.view(None)["hand"] is None
    assert game.hidden_from(ADA) == {c.code for c in STANDARD} - {"KS", "7S", "3S", "AH", "2H"}


def test_the_cards_seen_going_into_a_hand_are_known_to_everyone_but_a_face_down_bid_gives_nothing_away():
    game = table(A_HANDS, *A_POOLS)
    bids(game, "KH", "KS", "QD")
    game.play(CY, take("AH"))
    # Cy took the ace of hearts, Ada the 2; Bob's king came back to his hand
    assert game.view(ADA)["known"] == [["2H"], ["KS"], ["AH"]]
    game.play(BOB, bid("KS"))
    # Bob bid his known king face down: it is still listed, so nobody can tell he bid it
    for seat in (None, ADA, CY):
        view = game.view(seat)
        assert view["known"][BOB] == ["KS"] and view["bids"][BOB] == "down" and view["cards"][BOB] == 2
    assert "KS" not in game.hidden_from(ADA)
    assert game.hidden_from(ADA) == {c.code for c in STANDARD} - {
        "2H", "7S", "3S", "KH", "KS", "QD", "AH", "5H", "6H"}


def test_the_deal_is_told_to_each_player_alone():
    game = table(["KS 7S 3S", "KC 2C 3C", "QD AD 2D"], "AH 2H")
    assert [e.text for e in log_for(game.log, BOB) if "dealt" in e.text] == [
        "Bob is dealt the king of clubs, the 3 of clubs and the 2 of clubs."]
    assert [e.text for e in log_for(game.log, None) if "dealt" in e.text] == []


# --------------------------------------------------------------------------------------------
# refusals and labels


def test_refusals():
    game = table(["KS 7S 3S", "KC 2C 3C", "QD AD 2D"], "AH 2H", "5H 6H")
    assert refused(game, ADA, Move("pass")) == (
        "Penniless and Insane has no 'pass' move: players bid a card of their hand, take a card of the pool "
        "when they act, and deal a new round.")
    assert refused(game, ADA, Move("bid")) == "A bid names one card by its code (as 9S or 10H)."
    assert refused(game, ADA, Move("bid", (13,))) == refused(game, ADA, Move("bid"))
    assert refused(game, ADA, bid("ZZ")) == "'ZZ' is not a card: name one by its rank and suit, as 9S or 10H."
    assert refused(game, ADA, bid("JK1")) == "This game plays without jokers."
    assert refused(game, ADA, bid("KS.2")) == (
        "This game plays with one deck: there is one king of spades, and its code is KS.")
    assert refused(game, ADA, bid("ks")) == "Name the king of spades by its code, KS."
    assert refused(game, ADA, bid("AH")) == "The ace of hearts lies in the pool: a bid is a card of Ada's own hand."
    assert refused(game, ADA, bid("KC")) == "The king of clubs is not in Ada's hand."
    assert refused(game, ADA, take("AH")) == "Nobody takes art before the bids are revealed: waiting for Ada, Bob and Cy to bid."
    assert refused(game, ADA, Move("deal")) == (
        "The round is still being played: a new round is dealt once round 1 is scored.")
    game.play(ADA, bid("KS"))
    assert refused(game, ADA, bid("7S")) == "Ada has already laid a bid this trick; waiting for Bob and Cy to bid."
    game.play(BOB, bid("KC"))
    game.play(CY, bid("QD"))
    assert game.to_act() == [CY]
    assert refused(game, ADA, bid("7S")) == "The bids are revealed: now Cy acts, taking a card of the pool."
    assert refused(game, ADA, take("AH")) == "It is Cy's turn to act, not Ada's: the lowest bid acts first."
    assert refused(game, CY, take("KH")) == "The king of hearts is not in the pool."
    assert refused(game, CY, take("2D")) == "The 2 of diamonds is in Cy's hand: take a card of the pool."
    assert refused(game, CY, take("ah")) == "Name the ace of hearts by its code, AH."
    assert refused(game, 5, take("AH")) == "There is no seat 5 at this table."
    assert refused(game, BOB, "take") == "'take' is not a move."
    game = PennilessAndInsane(NAMES[:3], 4, goal=1000)
    _to_scored(game)
    assert refused(game, ADA, Move("deal")) == "Bob deals the next round, not Ada."
    assert refused(game, BOB, Move("deal", (2,))) == "Dealing takes nothing more: Move('deal')."
    assert refused(game, ADA, bid(game.hands[ADA][0].code)) == "Round 1 is over: Bob deals the next round."
    assert refused(game, ADA, take("AH")) == "Round 1 is over: Bob deals the next round."
    game = PennilessAndInsane(NAMES[:3], 4, goal=10)
    _to_scored(game)
    assert refused(game, ADA, bid(game.hands[ADA][0].code)) == "The game is over."


def test_describe_move():
    game = table(["KS 7S 3S", "KC 2C 3C", "QD AD 2D"], "AH 2H")
    assert game.describe_move(bid("KS")) == "Bid the king of spades ($13)"
    assert game.describe_move(bid("AD")) == "Bid the ace of diamonds ($1)"
    assert game.describe_move(take("2H")) == "Take the 2 of hearts"
    assert game.describe_move(Move("deal")) == "Deal round 2"
    assert game.describe_move(bid("ZZ")) == "bid ZZ"
    assert [game.describe_move(m) for m in game.legal_moves(ADA)] == [
        "Bid the king of spades ($13)", "Bid the 7 of spades ($7)", "Bid the 3 of spades ($3)"]


# --------------------------------------------------------------------------------------------
# the computer player


def test_the_bot_makes_legal_moves_at_a_full_table_with_the_pot():
    """The catalog's contract plays computer players at three and four seats without the gambling pot:
    here seven, with it."""
    n = 7
    game = PennilessAndInsane(NAMES[:n], 3, gambling=True)
    bots = [PennilessAndInsaneBot(s, 3) for s in range(n)]
    while game.outcome() is None:
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        move = bots[seat].choose(game.view(seat), moves)
        assert move in moves
        game.play(seat, move)


def test_the_bot_takes_the_best_art_on_the_last_trick():
    game = table(A_HANDS, *A_POOLS)
    bids(game, "KH", "KS", "QD")
    game.play(CY, take("AH"))
    bids(game, "7S", "2C", "AD")
    game.play(CY, take("6H"))
    bids(game, "7S", "KS", "6H")
    assert game.to_act() == [CY] and game.trick == 3
    # the last choice of the round: the 10 scores more than the 9, and nothing is bid after it
    assert PennilessAndInsaneBot(CY, 1).choose(game.view(CY), game.legal_moves(CY)) == take("10H")


def test_the_bot_goes_insane_when_it_can():
    game = table(A_HANDS, *A_POOLS)
    bids(game, "KH", "KS", "QD")
    game.play(CY, take("AH"))
    bids(game, "7S", "2C", "AD")
    game.play(CY, take("6H"))
    view = game.view(ADA)
    assert view["money"][ADA] == 7 and view["trick"] == 3 and view["hand"] == ["7S", "3S", "2H"]
    # the others are down to a dollar: the 7 will be paid, and Ada's $0 leaves them nothing
    view["money"] = [7, 1, 1]
    assert PennilessAndInsaneBot(ADA, 1).choose(view, game.legal_moves(ADA)) == bid("7S")


def test_the_bot_beats_random_players_most_of_the_time():
    """Better than the catalog's bar (more than a seat's fair share at three): most games, at three to
    five seats."""
    wins = 0
    games = 12
    for g in range(games):
        n = 3 + g % 3
        game = PennilessAndInsane(NAMES[:n], 700 + g)
        bots = {s: RandomBot(s, g) for s in range(n)}
        bots[g % n] = PennilessAndInsaneBot(g % n, g)
        wins += (g % n) in play_out(game, bots).winners
    assert wins >= games * 0.6


# --------------------------------------------------------------------------------------------
# whole random games


def _check(game: PennilessAndInsane) -> None:
    if game.phase == "act":  # the bids of those who acted are in the discards or back in hand
        down = [game.bids[s] for s in game.order[game.acted:]]
    else:
        down = [c for c in game.bids if c is not None]
    every = list(game.deck) + list(game.pool) + list(game.discard) + [c for h in game.hands for c in h] + down
    assert len(every) == 52 and set(every) == set(STANDARD)
    assert all(0 <= m <= 20 for m in game.money)
    if game.gambling:
        assert sum(game.net) + game.pot == 0 and game.pot >= 0
    else:
        assert game.pot == 0 and game.net == [0] * len(game.players)


def test_random_games_conserve_the_cards_never_go_below_zero_and_end_at_the_goal():
    rnd = random.Random(2025)
    endings = {"single": 0, "draw": 0}
    for g in range(200):
        n = 3 + g % 5
        options = {"gambling": g % 2 == 0, "tie": "play_on" if g % 3 == 0 else "draw"}
        game = PennilessAndInsane(NAMES[:n], 5000 + g, **options)
        moves = 0
        while game.outcome() is None:
            _check(game)
            waiting = game.to_act()
            assert waiting == [s for s in range(n) if game.legal_moves(s)]
            seat = rnd.choice(waiting)
            game.play(seat, rnd.choice(game.legal_moves(seat)))
            moves += 1
            assert moves <= 60 * (3 * (2 * n - 1) + 1)
        _check(game)
        assert game.to_act() == [] and all(game.legal_moves(s) == [] for s in range(n))
        out = game.outcome()
        best = max(game.scores)
        assert best >= 150
        assert sorted(out.first) == [s for s in range(n) if game.scores[s] == best]
        assert len(out.first) == 1 or options["tie"] == "draw"
        endings["single" if len(out.first) == 1 else "draw"] += 1
        assert sum(len(h) for h in game.history_points) == game.round * n
        assert [sum(h) for h in game.history_points] == game.scores
    assert endings["single"] > 180


def test_every_round_scores_by_the_rules():
    rnd = random.Random(7)
    for g in range(200):
        n = 3 + g % 5
        game = PennilessAndInsane(NAMES[:n], 9000 + g, goal=1000)
        _to_scored(game, rnd)
        last = game.view(None)["last_round"]
        assert last["money"] == game.money and all(0 <= m <= 20 for m in game.money)
        assert last["hands"] == [[c.code for c in sorted(h, key=lambda c: -c.order_low)] for h in game.hands]
        assert [len(h) for h in last["hands"]] == [3] * n
        for s in range(n):
            face = sum(value(card(c)) for c in last["hands"][s])
            assert last["face"][s] == face
            if 0 in game.money:
                assert last["points"][s] == (3 * face if game.money[s] == 0 else 0)
            else:
                assert last["points"][s] == (3 * face if game.money[s] == min(game.money) else face)
        assert game.scores == last["points"]
