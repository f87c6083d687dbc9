"""Darwinian Poker: the original's worked example, the order of play, planting together, captures, extinction,
the end of the game and the showdown, every ruling, refusals, the view and what it hides, the computer
player, and the game's own invariants over whole random games (the catalog's contract, tests/contract/,
plays random and computer games of it too, and checks what each seat may see)."""

import json
import random
from contextlib import contextmanager
from pathlib import Path

import pytest

from tabletop_tui.bots.darwinian_poker import DarwinianPokerBot
from tabletop_tui.rules import engine
from tabletop_tui.rules.components.cards import STANDARD, card, cards
from tabletop_tui.rules.darwinian_poker import DarwinianPoker, captures, play_order, resolve
from tabletop_tui.rules.engine import Move, Stream, log_for

from scripted import refused

NAMES = ["Ada", "Bob", "Cy", "Dan", "Eve", "Fay"]
ADA, BOB, CY, DAN = 0, 1, 2, 3
HELP = Path(__file__).parent.parent / "tabletop_tui" / "rules_help" / "darwinian_poker.md"


def plant(code: str) -> Move:
    return Move("plant", (code,))


# --------------------------------------------------------------------------------------------
# a stacked deck: the test chooses the hands and the Oozes


class Stacked(Stream):
    """A stream whose one shuffle puts the deck in the order the test chose."""

    def __init__(self, order):
        super().__init__(0)
        self.order = order

    def shuffle(self, items):
        self.draws += 1
        assert sorted(items) == sorted(self.order)
        items[:] = self.order


@contextmanager
def stacked_deck(order):
    original = engine.Stream
    engine.Stream = lambda seed, version=None: Stacked(order)
    try:
        yield
    finally:
        engine.Stream = original


def table(hands: list[str], *oozes: str) -> DarwinianPoker:
    """A game whose players are dealt `hands` ("AH QC 9S 5H" each) and whose first Oozes are `oozes`;
    the rest of the deck follows in the order of a new deck, highest first."""
    n = len(hands)
    hands_ = [cards(h) for h in hands]
    top = [hands_[s][i] for i in range(4) for s in range(n)] + [c for o in oozes for c in cards(o)]
    assert len(set(top)) == len(top), "a card stacked twice"
    rest = [c for c in STANDARD if c not in top]
    with stacked_deck(rest + top[::-1]):
        game = DarwinianPoker(NAMES[:n], 0)
    for s in range(n):
        assert sorted(game.hands[s]) == sorted(hands_[s])
    return game


def round_of(game: DarwinianPoker, *codes: str) -> list:
    """Every seat still waiting plants, in seat order, the codes given (one each)."""
    events = []
    for seat, code in zip(list(game.to_act()), codes, strict=True):
        events += game.play(seat, plant(code))
    return events


def texts(events) -> list[str]:
    return [e.text for e in events]


def held(game, seat) -> list[str]:
    return sorted(c.code for c in game.hands[seat])


# --------------------------------------------------------------------------------------------
# the game's card and the help


def test_the_class_and_its_players():
    assert (DarwinianPoker.id, DarwinianPoker.title) == ("darwinian-poker", "Darwinian Poker")
    assert (DarwinianPoker.min_players, DarwinianPoker.max_players) == (2, 6)
    assert DarwinianPoker.hidden_information and DarwinianPoker.OPTIONS == ()


def test_the_help_names_its_rulings():
    text = HELP.read_text()
    for section in ("# Darwinian Poker", "## The idea", "## Setup", "## A round", "## The end", "## Rulings"):
        assert section in text
    for ruling in ("Order of play", "Fallen seeds", "Planting together", "Last card", "Extinction",
                   "The last round", "Last survivor", "Nobody left", "Short hands", "Ties", "What the table sees"):
        assert f"**{ruling}" in text, ruling


@pytest.mark.parametrize("n", range(2, 7))
def test_the_deal_four_cards_each_and_four_into_the_ooze(n):
    game = DarwinianPoker(NAMES[:n], 7)
    assert [len(h) for h in game.hands] == [4] * n
    assert len(game.ooze) == 4 and len(game.deck) == 52 - 4 * n - 4
    view = game.view(None)
    assert view["round"] == 1 and view["rounds"] == 13 - n and view["deck"] == 48 - 4 * n
    assert view["to_act"] == list(range(n))


# --------------------------------------------------------------------------------------------
# the order of play and captures


def test_seeds_play_from_the_highest_rank_then_spades_hearts_diamonds_clubs():
    assert [c.code for c in play_order(cards("2C AS 10C 9H 10S AC 10D 10H KD"))] == \
        ["AS", "AC", "KD", "10S", "10H", "10D", "10C", "9H", "2C"]
    # the whole deck: aces highest, clubs lowest within a rank
    order = play_order(STANDARD)
    assert order[0].code == "AS" and order[3].code == "AC" and order[-1].code == "2C"


def test_a_seed_captures_its_suit_and_its_rank():
    ooze = cards("QS 4S QH 7D AC")
    assert [c.code for c in captures(card("QC"), ooze)] == ["QS", "QH", "AC"]
    assert [c.code for c in captures(card("5D"), ooze)] == ["7D"]
    assert captures(card("9H"), cards("2C 3D")) == []


def test_the_seeds_example():
    """Three players; the Ooze AH QC 9S 5H; the seeds AS, 10C and 9H."""
    game = table(["AS 2C 3C 4C", "10C 2D 3D 4D", "9H 2S 3S 4S"], "AH QC 9S 5H")
    assert [c.code for c in game.ooze] == ["AH", "QC", "9S", "5H"]
    # planted in another order than they play: the order of planting changes nothing
    game.play(CY, plant("9H"))
    game.play(ADA, plant("AS"))
    events = game.play(BOB, plant("10C"))
    assert texts(events)[1:6] == [
        "The seeds are revealed, and play from the highest: Ada the ace of spades, Bob the 10 of clubs and "
        "Cy the 9 of hearts.",
        "Ada's ace of spades takes the ace of hearts and the 9 of spades, then falls into the Ooze.",
        "Bob's 10 of clubs takes the queen of clubs, then falls into the Ooze.",
        "Cy's 9 of hearts takes the 5 of hearts, then falls into the Ooze.",
        "The rest of the Ooze is discarded: the ace of spades, the 10 of clubs and the 9 of hearts.",
    ]
    assert held(game, ADA) == sorted(["2C", "3C", "4C", "AH", "9S"])
    assert held(game, BOB) == sorted(["2D", "3D", "4D", "QC"])
    assert held(game, CY) == sorted(["2S", "3S", "4S", "5H"])
    last = game.view(None)["last_round"]
    assert last == {"round": 1, "ooze": ["AH", "QC", "9S", "5H"],
                    "plays": [{"seat": ADA, "seed": "AS", "taken": ["AH", "9S"], "cards": 5},
                              {"seat": BOB, "seed": "10C", "taken": ["QC"], "cards": 4},
                              {"seat": CY, "seed": "9H", "taken": ["5H"], "cards": 4}],
                    "discarded": ["AS", "10C", "9H"], "extinct": []}
    assert game.view(None)["discard"] == ["AS", "10C", "9H"]
    assert game.round == 2 and len(game.ooze) == 4


def test_resolve_follows_the_example_step_by_step():
    plays, left = resolve({0: card("AS"), 1: card("10C"), 2: card("9H")}, cards("AH QC 9S 5H"))
    assert [(s, c.code, [t.code for t in taken]) for s, c, taken in plays] == [
        (0, "AS", ["AH", "9S"]), (1, "10C", ["QC"]), (2, "9H", ["5H"])]
    assert [c.code for c in left] == ["AS", "10C", "9H"]


def test_a_later_seed_takes_a_seed_that_fell_in_before_it():
    game = table(["KS 2C 3C 4C", "5S 2D 3D 4D"], "7H 8H 9H 10H")
    round_of(game, "KS", "5S")
    assert held(game, BOB) == sorted(["2D", "3D", "4D", "KS"])
    assert held(game, ADA) == ["2C", "3C", "4C"]
    assert [c.code for c in game.discard] == ["7H", "8H", "9H", "10H", "5S"]


def test_a_seed_can_take_by_rank_and_by_suit_at_once_and_a_seed_may_take_nothing():
    game = table(["QS 2C 3C 4C", "7D 2D 3D 4D"], "QH 5S JS 6C")
    events = round_of(game, "QS", "7D")
    assert "Ada's queen of spades takes the queen of hearts, the jack of spades and the 5 of spades, then falls" \
        in events[-4].text
    assert events[-3].text == "Bob's 7 of diamonds takes nothing and falls into the Ooze."
    assert held(game, ADA) == sorted(["2C", "3C", "4C", "QH", "JS", "5S"])


# --------------------------------------------------------------------------------------------
# planting together, and what each seat sees


def test_everyone_plants_together_and_no_seed_shows_before_all_have_planted():
    game = table(["AS 2C 3C 4C", "10C 2D 3D 4D", "9H 2S 3S 4S"], "AH QC 9S 5H")
    assert game.to_act() == [ADA, BOB, CY]
    assert all(game.legal_moves(s) for s in range(3))
    assert game.legal_moves(ADA) == [plant("AS"), plant("4C"), plant("3C"), plant("2C")]
    events = game.play(BOB, plant("10C"))
    assert game.to_act() == [ADA, CY] and game.legal_moves(BOB) == []
    assert [e.text_for(BOB) for e in events] == ["Bob plants the 10 of clubs as a seed."]
    assert [e.text_for(s) for e in events for s in (ADA, CY, None)] == ["Bob plants a seed."] * 3
    assert game.view(BOB)["seed"] == "10C" and "10C" not in game.view(BOB)["hand"]
    for seat in (ADA, CY, None):
        view = game.view(seat)
        assert view["seed"] is None and "10C" not in json.dumps(view)
        assert view["species"][BOB]["planted"] and view["species"][BOB]["cards"] == 3
        assert not view["species"][ADA]["planted"]
        assert "10C" in game.hidden_from(seat)
    assert "10C" not in game.hidden_from(BOB)
    game.play(ADA, plant("AS"))
    assert game.to_act() == [CY]
    assert "AS" not in json.dumps(game.view(CY)) and "10C" not in json.dumps(game.view(ADA))
    game.play(CY, plant("9H"))
    assert game.to_act() == [ADA, BOB, CY]
    for seat in (ADA, BOB, CY, None):
        assert {"AS", "10C", "9H"}.isdisjoint(game.hidden_from(seat))


def test_a_view_holds_the_own_hand_and_counts_for_the_others():
    game = table(["AS 2C 3C 4C", "10C 2D 3D 4D"], "AH QC 9S 5H")
    view = game.view(ADA)
    assert view["viewer"] == ADA and view["hand"] == ["AS", "4C", "3C", "2C"]
    assert view["ooze"] == ["AH", "QC", "9S", "5H"]
    assert [sp["cards"] for sp in view["species"]] == [4, 4]
    assert set(view) == {"players", "viewer", "round", "rounds", "deck", "ooze", "hand", "seed", "species",
                         "to_act", "discard", "last_round", "over", "result", "winners", "tiebreaks"}
    text = json.dumps(view)
    assert not any(code in text for code in ("10C", "2D", "3D", "4D"))
    table_view = game.view(None)
    assert table_view["hand"] is None and table_view["viewer"] is None and table_view["seed"] is None
    # the deck order never shows: what is in the deck is hidden from everyone
    deck = {c.code for c in game.deck}
    for seat in (None, ADA, BOB):
        assert deck <= game.hidden_from(seat)
    assert game.hidden_from(ADA) == deck | {"10C", "2D", "3D", "4D"}
    assert game.hidden_from(None) == deck | {"10C", "2D", "3D", "4D", "AS", "2C", "3C", "4C"}


def test_the_deal_is_told_to_each_player_alone():
    game = table(["AS 2C 3C 4C", "10C 2D 3D 4D"], "AH QC 9S 5H")
    assert [e.text for e in log_for(game.log, BOB)] == [
        "Ada and Bob are each dealt four cards; 44 cards stay in the deck, enough for 11 rounds.",
        "Bob is dealt the 10 of clubs, the 4 of diamonds, the 3 of diamonds and the 2 of diamonds.",
        "Round 1: the ace of hearts, the queen of clubs, the 9 of spades and the 5 of hearts are dealt into the "
        "Ooze (40 cards left in the deck).",
    ]
    assert len(log_for(game.log, None)) == 2


def test_captured_cards_are_seen_by_everyone():
    game = table(["AS 2C 3C 4C", "10C 2D 3D 4D"], "AH QC 9S 5H")
    round_of(game, "AS", "10C")
    for seat in (None, ADA, BOB):
        assert {"AH", "9S", "QC"}.isdisjoint(game.hidden_from(seat))
    assert {"2D", "3D", "4D"} <= game.hidden_from(ADA)


def test_undo_takes_back_a_plant_but_never_the_reveal():
    game = DarwinianPoker(NAMES[:2], 5)
    hand = held(game, ADA)
    game.play(ADA, game.legal_moves(ADA)[0])
    assert game.undo_status() == (True, "")
    again = game.undone()
    assert again.to_act() == [ADA, BOB] and held(again, ADA) == hand
    game.play(BOB, game.legal_moves(BOB)[0])
    assert game.undo_status() == (False, "Not past a card dealt or a seed revealed.")


def test_the_last_reveal_is_final_even_where_every_card_held_was_seen():
    """By the last round each hand may hold only cards everyone saw captured from the Ooze: the reveal
    then shows no card unseen, only which card each player planted, and no undo takes it back (the
    last to plant would plant again knowing the others' seeds)."""
    game = DarwinianPoker(NAMES[:2], 25)
    while game.round < 11:
        for seat in game.to_act():
            game.play(seat, game.legal_moves(seat)[0])
    assert not game.deck
    game.play(ADA, game.legal_moves(ADA)[0])
    assert game.undo_status() == (True, "")
    assert all(c.code in game.public for hand in game.hands for c in hand)
    assert game.seeds[ADA].code in game.public
    unseen = [game.hidden_from(s) for s in (None, ADA, BOB)]
    game.play(BOB, game.legal_moves(BOB)[0])
    assert [game.hidden_from(s) for s in (None, ADA, BOB)] == unseen
    assert game.outcome() is not None
    assert game.undo_status() == (False, "Not past a card dealt or a seed revealed.")


# --------------------------------------------------------------------------------------------
# extinction, the last survivor, the end of the deck


def test_planting_the_last_card_and_taking_nothing_is_extinction():
    game = table(["2C 3C 4C 5C", "KD QD JD 10D", "9H 8H 7H 6H"], "AS AD AH KS", "QS JS 10S 9S", "8S 7S 6S 2H",
                 "3H 4H 5H 10H")
    round_of(game, "2C", "KD", "9H")
    round_of(game, "3C", "QD", "8H")
    round_of(game, "4C", "JD", "7H")
    assert held(game, ADA) == ["5C"] and game.extinct_round == [None, None, None]
    assert game.legal_moves(ADA) == [plant("5C")]  # a last card must be planted too
    events = round_of(game, "5C", "10D", "AH")  # the ace of hearts takes every heart first
    assert game.extinct_round == [4, None, None] and game.hands[ADA] == []
    assert texts(events)[-2:] == ["Ada's hand is empty: Ada goes extinct.",
                                  "Round 5: the ace of clubs, the king of hearts, the king of clubs and the queen "
                                  "of hearts are dealt into the Ooze (20 cards left in the deck)."]
    assert game.last_round["extinct"] == [ADA]
    assert game.outcome() is None and game.to_act() == [BOB, CY] and game.legal_moves(ADA) == []
    view = game.view(None)
    assert view["species"][ADA]["extinct"] and view["species"][ADA]["extinct_round"] == 4
    assert view["species"][ADA]["cards"] == 0
    assert refused(game, ADA, plant("5C")) == "Ada went extinct in round 4 and plants no more seeds."
    round_of(game, "AD", "6H")
    assert game.round == 6 and game.to_act() == [BOB, CY]


def _down_to_one(last_ooze: str, *more: str) -> DarwinianPoker:
    """Two players; after three rounds Ada holds only the 5 of clubs and Bob the 10 of diamonds, the king
    and the queen of spades. The fourth Ooze is `last_ooze`; both then plant their last card and Bob his
    10 of diamonds."""
    game = table(["2C 3C 4C 5C", "KD QD JD 10D"], "AS AH KS 9H", "QS JS 10S 8H", "7S 6S 8S 7H", last_ooze, *more)
    round_of(game, "2C", "KD")
    round_of(game, "3C", "QD")
    round_of(game, "4C", "JD")
    assert held(game, ADA) == ["5C"] and held(game, BOB) == ["10D", "KS", "QS"]
    return game


def test_a_last_card_that_captures_keeps_its_player_alive():
    game = _down_to_one("5H 9S 6H 10H")
    events = round_of(game, "5C", "10D")  # the 10 of diamonds takes the 10 of hearts; the 5 of clubs the 5 of hearts
    assert "Ada's 5 of clubs takes the 5 of hearts, then falls into the Ooze." in texts(events)
    assert game.extinct_round == [None, None] and held(game, ADA) == ["5H"]
    assert game.outcome() is None and game.to_act() == [ADA, BOB]


def test_a_lone_survivor_wins_at_once_with_cards_still_in_the_deck():
    game = _down_to_one("9S 6H 10H 2S")
    events = round_of(game, "5C", "10D")
    assert game.extinct_round == [4, None]
    assert texts(events)[-4:-1] == [
        "Ada's hand is empty: Ada goes extinct.",
        "Bob is the last survivor, so the game ends at once.",
        "Bob shows 3 cards: High Card, king (king of spades, queen of spades, 10 of hearts)."]
    out = game.outcome()
    assert out.winners == [BOB]
    assert out.summary == "Bob is the last survivor and wins, holding High Card, king. Ada (round 4) went extinct."
    assert [(s.seat, s.place, s.score, s.detail) for s in out.standings] == [
        (BOB, 1, "High Card, king", "KS QS 10H (of 3 cards)"), (ADA, 2, "extinct", "extinct in round 4")]
    assert len(game.deck) == 28
    deck = {c.code for c in game.deck}
    for seat in (None, ADA, BOB):
        assert game.hidden_from(seat) == deck
        assert not any(code in json.dumps(game.view(seat)) for code in deck)


def test_when_the_last_players_die_out_together_they_share_first_place():
    game = table(["2C 3C 4C 5C", "KD QD JD 10D"], "AS AH QS QH", "JS JH 10S 10H", "9S 9H 8S 8H", "7S 7H 6S 6H")
    for a, b in (("2C", "KD"), ("3C", "QD"), ("4C", "JD")):
        round_of(game, a, b)
    events = round_of(game, "5C", "10D")
    assert game.extinct_round == [4, 4]
    out = game.outcome()
    assert out.winners == [] and out.drawn == [ADA, BOB]
    assert texts(events)[-1] == out.summary == (
        "Nobody survives: Ada and Bob lasted longest, all going extinct in round 4, and share first place: a draw.")
    assert out.tiebreaks == "Ada and Bob went extinct in the same round and share a place."
    assert game.view(None)["species"][ADA]["shown"] is None


# --------------------------------------------------------------------------------------------
# the end of the deck and the showdown


@pytest.mark.parametrize("n", range(2, 7))
def test_the_deck_runs_out_at_the_end_of_a_full_round_and_the_showdown_follows(n):
    game = DarwinianPoker(NAMES[:n], 11 + n)
    rounds = 0
    while game.outcome() is None:
        assert len(game.ooze) == 4
        rounds = game.round
        for seat in list(game.to_act()):
            game.play(seat, game.legal_moves(seat)[-1])
    assert not game.deck or len(game.alive()) <= 1
    if len(game.alive()) > 1:
        assert rounds == 13 - n
        assert "The deck is empty: showdown! Every survivor shows their hand." in texts(game.log)


def test_the_showdown_takes_the_best_five_of_all_a_player_holds():
    game = table(["2C 3C 4C 5C", "KD QD JD 10D"], "2S 3S 4S 6S")
    game.hands[ADA] = cards("AS AH AD KC KH 7C 2C 3C")
    game.hands[BOB] = cards("9D 8D 7D 6D 5D 4H")
    game.deck = []
    game._showdown([])
    out = game.outcome()
    assert out.winners == [BOB]
    assert [(s.seat, s.place, s.score) for s in out.standings] == [
        (BOB, 1, "Straight Flush, nine high"), (ADA, 2, "Full House, aces over kings")]
    assert out.standings[0].detail == "9D 8D 7D 6D 5D (of 6 cards)"
    assert out.summary == "Bob wins the showdown with Straight Flush, nine high, over Ada (Full House, aces over kings)."
    view = game.view(None)
    assert view["species"][ADA]["shown"] == {"cards": ["AS", "AH", "AD", "KH", "KC", "7C", "3C", "2C"],
                                             "best": ["AS", "AH", "AD", "KH", "KC"],
                                             "hand": "Full House, aces over kings"}


def test_a_short_hand_counts_what_it_has():
    game = table(["2C 3C 4C 5C", "KD QD JD 10D", "9H 8H 7H 6H"], "2S 3S 4S 6S")
    game.hands[ADA] = cards("KS KH")           # a pair of kings alone
    game.hands[BOB] = cards("KC KD 2D")        # a pair of kings with a kicker: better
    game.hands[CY] = cards("AS QS JS 9S 8S 7H")  # a flush beats both
    game.deck = []
    game._showdown([])
    assert [(s.seat, s.place) for s in game.outcome().standings] == [(CY, 1), (BOB, 2), (ADA, 3)]


def test_equal_hands_share_the_place_and_suits_never_break_the_tie():
    game = table(["2C 3C 4C 5C", "KD QD JD 10D", "9H 8H 7H 6H"], "2S 3S 4S 6S")
    game.hands[ADA] = cards("AS KS 9C 5D 3H")
    game.hands[BOB] = cards("AC KC 9D 5H 3S")
    game.hands[CY] = cards("AD KD 9H 5S 2C")
    game.deck = []
    game._showdown([])
    out = game.outcome()
    assert out.winners == [] and out.drawn == [ADA, BOB]
    assert [(s.seat, s.place) for s in out.standings] == [(ADA, 1), (BOB, 1), (CY, 3)]
    assert out.summary == "A draw: Ada and Bob share first place, each with High Card, ace, over Cy (High Card, ace)."
    assert out.tiebreaks == "Ada and Bob hold equal hands (High Card, ace) and share a place: suits never break a tie."


def test_extinct_players_come_last_the_later_extinct_higher():
    game = table(["2C 3C 4C 5C", "KD QD JD 10D", "9H 8H 7H 6H", "2H 3H 4H 5H"], "2S 3S 4S 6S")
    game.hands[ADA] = []
    game.extinct_round[ADA] = 3
    game.hands[BOB] = []
    game.extinct_round[BOB] = 5
    game.hands[CY] = cards("2D")
    game.hands[DAN] = cards("3D")
    game.deck = []
    game._showdown([])
    out = game.outcome()
    assert [(s.seat, s.place, s.score) for s in out.standings] == [
        (DAN, 1, "High Card, three"), (CY, 2, "High Card, two"), (BOB, 3, "extinct"), (ADA, 4, "extinct")]
    assert out.summary == ("Dan wins the showdown with High Card, three, over Cy (High Card, two). "
                           "Ada (round 3) and Bob (round 5) went extinct.")
    assert out.tiebreaks == "Extinct players come after every survivor, the later extinct placed higher."


# --------------------------------------------------------------------------------------------
# refusals and labels


def test_refusals():
    game = table(["AS 2C 3C 4C", "10C 2D 3D 4D"], "AH QC 9S 5H")
    assert refused(game, ADA, Move("draw")) == (
        "Darwinian Poker has no 'draw' move: each round every surviving player plants one card of their "
        "hand as a seed.")
    assert refused(game, ADA, Move("plant")) == "A seed is one card of your hand, named by its code (as 9S or 10H)."
    assert refused(game, ADA, Move("plant", ("AS", "2C"))) == refused(game, ADA, Move("plant"))
    assert refused(game, ADA, Move("plant", (14,))) == refused(game, ADA, Move("plant"))
    assert refused(game, ADA, plant("ZZ")) == "'ZZ' is not a card: name one by its rank and suit, as 9S or 10H."
    assert refused(game, ADA, plant("JK1")) == "This game plays without jokers."
    assert refused(game, ADA, plant("AS.2")) == (
        "This game plays with one deck: there is one ace of spades, and its code is AS.")
    assert refused(game, ADA, plant("as")) == "Name the ace of spades by its code, AS."
    assert refused(game, ADA, plant("AH")) == "The ace of hearts lies in the Ooze: a seed comes from Ada's own hand."
    assert refused(game, ADA, plant("10C")) == "The 10 of clubs is not in Ada's hand."
    assert refused(game, ADA, plant("KS")) == "The king of spades is not in Ada's hand."
    game.play(ADA, plant("AS"))
    assert refused(game, ADA, plant("2C")) == "Ada has already planted a seed this round; waiting for Bob to plant."


def test_describe_move():
    game = table(["AS 2C 3C 4C", "10C 2D 3D 4D"], "AH QC 9S 5H")
    assert game.describe_move(plant("9S")) == "Plant the 9 of spades"
    assert game.describe_move(plant("10H")) == "Plant the 10 of hearts"
    assert game.describe_move(plant("ZZ")) == "plant ZZ"
    assert [game.describe_move(m) for m in game.legal_moves(ADA)] == [
        "Plant the ace of spades", "Plant the 4 of clubs", "Plant the 3 of clubs", "Plant the 2 of clubs"]


# --------------------------------------------------------------------------------------------
# the computer player


def test_the_bot_takes_the_captures_when_it_costs_nothing():
    game = table(["AS 2C 3C 4C", "10C 2D 3D 4D"], "AH KS QS 9S")
    # the ace of spades takes four cards; any club takes nothing
    assert DarwinianPokerBot(ADA, 1).choose(game.view(ADA), game.legal_moves(ADA)) == plant("AS")


# --------------------------------------------------------------------------------------------
# whole random games


def _check_cards(game: DarwinianPoker) -> None:
    every = list(game.deck) + list(game.ooze) + list(game.discard) + [c for h in game.hands for c in h] + \
        [c for c in game.seeds if c is not None]
    assert len(every) == 52 and set(every) == set(STANDARD)


def unwatched(game: DarwinianPoker) -> DarwinianPoker:
    """The game as a look-ahead copy: the same rules, without the engine's comparison, at every move, of
    what each seat had seen before it and after (the undo floor, which whole random games do not ask
    for)."""
    return game.copy()


def test_whole_random_games_conserve_the_cards_and_rank_survivors_first():
    """The game's own invariants over seeded random games of two to six players: the 52 cards are all
    somewhere at every move, only survivors that have not planted are waited for, the game lasts at
    most its rounds, extinct players rank below every survivor and the best hand shown wins."""
    rnd = random.Random(2024)
    endings = {"showdown": 0, "survivor": 0, "nobody": 0}
    for g in range(120):
        n = 2 + g % 5
        game = unwatched(DarwinianPoker(NAMES[:n], 1000 + g))
        moves = 0
        while game.outcome() is None:
            _check_cards(game)
            waiting = game.to_act()
            assert all(game.extinct_round[s] is None and game.seeds[s] is None for s in waiting)
            seat = rnd.choice(waiting)
            view = game.view(seat)
            assert view["hand"] == [c.code for c in sorted(game.hands[seat], reverse=True)]
            assert [sp["cards"] for sp in view["species"]] == [len(h) for h in game.hands]
            game.play(seat, rnd.choice(game.legal_moves(seat)))
            moves += 1
            assert moves <= n * (13 - n)
        _check_cards(game)
        out = game.outcome()
        alive = game.alive()
        placed = {st.seat: st.place for st in out.standings}
        for a in alive:
            assert all(placed[a] < placed[b] for b in range(n) if b not in alive)
        if len(alive) > 1:
            endings["showdown"] += 1
            assert not game.deck
            best = max(game.laid_down[s]["value"] for s in alive)
            assert sorted(out.winners) == [s for s in alive if game.laid_down[s]["value"] == best]
        elif alive:
            endings["survivor"] += 1
            assert out.winners == alive
        else:
            endings["nobody"] += 1
        assert game.view(None)["ooze"] == []
    assert endings["showdown"] > 100 and endings["survivor"] >= 2


def test_copy_shares_no_mutable_state():
    game = table(["AS 2C 3C 4C", "10C 2D 3D 4D"], "AH QC 9S 5H")
    game.play(ADA, plant("AS"))
    twin = game.copy()
    twin.play(BOB, plant("10C"))
    assert game.to_act() == [BOB] and game.seeds[ADA] == card("AS") and len(game.deck) == 40
    assert held(game, ADA) == ["2C", "3C", "4C"] and game.discard == [] and "AS" not in game.public
