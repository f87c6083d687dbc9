"""The Syndicate: the deal, a plot step by step, the seed's two worked examples, following and counting
(with every ruling of our reconstruction), scoring, the turnabout, the draw and the rebuilt draw pile,
the end at 12 and a shared twelfth point, refusals, what each seat sees, undo, the Decktet's marks, the
computer player, and seeded random games that keep the cards and the points."""

import json
import random
from pathlib import Path

import pytest

from tabletop_tui.bots.the_syndicate import TheSyndicateBot, utility
from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.components.decktet import BASIC_DECK, SUITS
from tabletop_tui.rules.engine import Event, Move, log_for
from tabletop_tui.rules.the_syndicate import (
    ALL_NAMES, NO_FACE_DOWN, LastPlot, PlotTable, TheSyndicate, TheSyndicateView, card, counts, follow_words,
    sorted_cards, totals,
)

from scripted import refused

NAMES = ["Ada", "Bo", "Cy"]
ADA, BO, CY = 0, 1, 2
HELP = Path(__file__).parent.parent / "tabletop_tui" / "rules_help" / "the_syndicate.md"


def lead(name):
    return Move("lead", (name,))


def down(name):
    return Move("face_down", (name,))


def play(name):
    return Move("play", (name,))


def texts(events, viewer=None) -> list[str]:
    """What `viewer` (the table, by default) reads of the events."""
    return [t for t in (e.text_for(viewer) for e in events) if t]


def held(game, seat) -> list[str]:
    return sorted(c.name for c in game.hands[seat])


def table(ada, bo, cy, top=(), scores=None) -> TheSyndicate:
    """A game in which Ada is the first mastermind (Bo on her left, then Cy), the hands are these card
    names, and the draw pile gives the cards of `top` first (the rest after, in the deck's order)."""
    game = TheSyndicate(NAMES, 0, first="seat")
    hands = [[card(n) for n in h] for h in (ada, bo, cy)]
    chosen = [c for h in hands for c in h] + [card(n) for n in top]
    assert len(set(chosen)) == len(chosen), "a card stacked twice"
    game.hands = [sorted_cards(h) for h in hands]
    rest = [c for c in BASIC_DECK if c not in chosen]
    game.pile = rest + [card(n) for n in reversed(top)]  # drawn from the end
    if scores:
        game.scores = list(scores)
    return game


def plot(game, lead_name, down_name, first, second) -> list:
    """One whole plot: the lead, the face-down card (None: none), the two enforcers' cards."""
    mm = game.mastermind
    left, other = game.enforcers
    events = game.play(mm, lead(lead_name))
    events += game.play(mm, down(down_name) if down_name else NO_FACE_DOWN)
    events += game.play(left, play(first))
    events += game.play(other, play(second))
    return events


def give(game, seat, names) -> None:
    """Put these cards in `seat`'s hand, in place of what it holds (which goes to the discards), taking
    each from wherever it is: the cards stay the 36."""
    wanted = [card(n) for n in names]
    for pile in [game.pile, game.discard, *game.hands]:
        for c in wanted:
            if c in pile:
                pile.remove(c)
    game.discard.extend(game.hands[seat])
    game.hands[seat] = sorted_cards(wanted)


def first_moves(game) -> list:
    """Play the first legal move of whoever acts until the plot under way is settled."""
    events = []
    number = game.plot
    while game.plot == number and game.outcome() is None:
        seat = game.to_act()[0]
        events += game.play(seat, game.legal_moves(seat)[0])
    return events


def cards_everywhere(game) -> list[str]:
    names = [c.name for h in game.hands for c in h] + [c.name for c in game.pile + game.discard]
    names += [c.name for c in (game.lead, game.face_down) if c is not None]
    names += [c.name for _, c in game.plays]
    return names


# --------------------------------------------------------------------------------------------
# the class, the help and the deck


def test_the_class_takes_exactly_three_players():
    assert (TheSyndicate.id, TheSyndicate.title) == ("the-syndicate", "The Syndicate")
    assert TheSyndicate.hidden_information and TheSyndicate.score_label == "Points"
    assert (TheSyndicate.min_players, TheSyndicate.max_players) == (3, 3)
    with pytest.raises(ValueError):
        TheSyndicate(NAMES, 1, first="last")


def test_the_help_names_every_ruling_and_says_the_reconstruction_is_ours():
    text = HELP.read_text()
    for section in ("# The Syndicate", "## The cards", "## Setup", "## A plot", "## Scoring", "## The end",
                    "## Rulings"):
        assert section in text, section
    rulings = text[text.index("## Rulings"):]
    assert "our reconstruction" in rulings
    for ruling in ("Our reconstruction: the marks", "Our reconstruction: following a marked lead",
                   "Our reconstruction: two marks", "Our reconstruction: Aces after a marked lead",
                   "Our reconstruction: Crowns count 10", "Our reconstruction: an Ace lead",
                   "The first mastermind", "The face-down card", "The draw pile", "A shared twelfth point",
                   "What the table sees", "Undo"):
        assert f"**{ruling}" in rulings, ruling


def test_the_basic_decktet_as_the_reference_describes_it():
    assert len(BASIC_DECK) == 36 and len(ALL_NAMES) == 36
    for s in SUITS:
        ranks = sorted(c.rank for c in BASIC_DECK if s in c.suits)
        assert ranks == list(range(1, 11)), s
    for m in "PLE":
        assert sum(1 for c in BASIC_DECK if m in c.marks) == 11, m
    assert sorted(c.name for c in BASIC_DECK if len(c.marks) == 2) == ["the End", "the Market", "the Origin"]
    assert all(c.marks == "" for c in BASIC_DECK if c.is_ace)


def test_the_decktet_knows_marks_order_and_words():
    castle, market, ace = decktet.card("the Castle"), decktet.card("the Market"), decktet.card("Ace of Moons")
    assert castle.mark_names == ("location",) and market.mark_names == ("location", "event")
    assert castle.shares_mark(market) and market.shares_mark(decktet.card("the Pact"))
    assert not ace.shares_mark(castle) and not castle.shares_mark(ace)
    assert decktet.describe(castle) == "the Castle (7, a location: Suns and Knots)"
    assert decktet.describe(decktet.card("the End")) == "the End (Crown, a location and an event: Leaves)"
    assert decktet.describe(ace) == "the Ace of Moons"
    assert decktet.mark_words("LE", article=True) == "a location or an event"
    hand = sorted_cards([castle, ace, decktet.card("the Huntress"), decktet.card("the Desert"),
                         decktet.card("the Author")])
    assert [c.name for c in hand] == ["Ace of Moons", "the Author", "the Desert", "the Castle", "the Huntress"]


# --------------------------------------------------------------------------------------------
# the deal


@pytest.mark.parametrize("seed", range(6))
def test_five_four_three_from_the_first_player_to_the_left(seed):
    game = TheSyndicate(NAMES, seed)
    first = game.first
    assert game.mastermind == first and game.enforcers == [(first + 1) % 3, (first + 2) % 3]
    assert [len(game.hands[(first + i) % 3]) for i in range(3)] == [5, 4, 3]
    assert len(game.pile) == 24 and game.discard == []
    assert sorted(cards_everywhere(game)) == sorted(ALL_NAMES)
    assert game.to_act() == [first] and game.phase == "lead"


def test_the_first_mastermind_is_drawn_by_lot_or_is_the_first_seat():
    assert {TheSyndicate(NAMES, seed).first for seed in range(30)} == {0, 1, 2}
    assert {TheSyndicate(NAMES, seed, first="seat").first for seed in range(10)} == {0}
    game = TheSyndicate(NAMES, 3, first="seat")
    assert game.log[0].text.startswith("Ada sits first and is the first mastermind.")
    assert "is drawn by lot to be the first mastermind" in TheSyndicate(NAMES, 3).log[0].text


def test_each_player_is_told_their_own_deal_alone():
    game = TheSyndicate(NAMES, 8, first="seat")
    for seat in range(3):
        mine = [e.text for e in log_for(game.log, seat) if e.text.startswith("You are dealt")]
        assert len(mine) == 1
        for c in game.hands[seat]:
            assert c.name.removeprefix("the ") in mine[0]
    assert not [e for e in log_for(game.log, None) if "dealt the" in e.text]


# --------------------------------------------------------------------------------------------
# the seed's worked examples


def test_example_one_a_personality_plot_with_a_face_down_card_succeeds_for_one_point():
    """The mastermind leads 8 (the Diplomat) with 2 (the Author) face down; the first enforcer plays 9
    (the Merchant); the second has no personality and plays another card: 8 + 2 = 10 beats 9."""
    game = table(["the Diplomat", "the Author", "the Castle", "the Pact", "Ace of Suns"],
                 ["the Merchant", "the Soldier", "the Mill", "the Cave"],
                 ["the Forest", "the Battle", "the Sea"])
    game.play(ADA, lead("the Diplomat"))
    game.play(ADA, down("the Author"))
    # Bo holds two personalities: he must play one of them
    assert game.legal_moves(BO) == [play("the Soldier"), play("the Merchant")]
    game.play(BO, play("the Merchant"))
    # Cy holds none: any card of his may be played
    assert sorted(m.args[0] for m in game.legal_moves(CY)) == ["the Battle", "the Forest", "the Sea"]
    events = game.play(CY, play("the Sea"))
    assert texts(events) == [
        "Cy has no personality and plays the Sea (Crown, a location: Waves), which does not count.",
        "Ada reveals the face-down card: the Author (2, a personality: Moons and Knots), and counts.",
        "Ada's plot: 8 + 2 = 10 against the enforcers' 9. The plot succeeds: Ada scores one point.",
        "Plot 2: Bo is the mastermind; Cy (on the left) and Ada are the enforcers.",
        "Bo draws two cards.",
    ]
    assert game.scores == [1, 0, 0]
    assert game.last_plot["totals"] == [10, 9] and game.last_plot["result"] == "succeeded"


def test_example_two_an_ace_lead_without_a_face_down_card_is_foiled():
    """The mastermind leads an Ace and nothing face down; the enforcers play a 4 and a 3 of its suit:
    4 + 3 = 7 beats 1, and each enforcer scores a point."""
    game = table(["Ace of Moons", "the Castle", "the Pact", "the Sea", "the Bard"],
                 ["the Mountain", "the Cave", "the Battle", "the Calamity"],
                 ["the Journey", "the Windfall", "the Betrayal"])
    events = plot(game, "Ace of Moons", None, "the Mountain", "the Journey")
    assert "Ada leads the Ace of Moons: the enforcers must follow with a Moons card if they can." in texts(events)
    assert "Ada plays no card face down: the plot is worth two points." in texts(events)
    assert ("Ada's plot: 1 against the enforcers' 4 + 3 = 7. The plot is foiled: Bo and Cy score a point each."
            in texts(events))
    assert game.scores == [0, 1, 1]


# --------------------------------------------------------------------------------------------
# following and counting


def test_an_enforcer_must_follow_a_marked_lead_with_any_card_sharing_a_mark():
    game = table(["the Castle", "the Author", "the Pact", "the Bard", "Ace of Suns"],
                 ["the Cave", "the Sea", "the Soldier", "the Battle"],
                 ["the Journey", "Ace of Waves", "the Betrayal"])
    game.play(ADA, lead("the Castle"))
    game.play(ADA, NO_FACE_DOWN)
    assert game.legal_moves(BO) == [play("the Cave"), play("the Sea")]
    reason = refused(game, BO, play("the Soldier"))
    assert reason == "You must follow with a location while you hold one: the Cave or the Sea."
    game.play(BO, play("the Cave"))
    # Cy has no location: anything goes, an Ace too, and it does not count
    assert len(game.legal_moves(CY)) == 3
    events = game.play(CY, play("Ace of Waves"))
    assert events[0].text == "Cy has no location and plays the Ace of Waves, which does not count."
    assert game.last_plot["totals"] == [7, 7] and game.last_plot["result"] == "tied"
    assert "The totals are equal: nobody scores." in events[1].text
    assert game.scores == [0, 0, 0]


def test_a_card_with_two_marks_follows_and_counts_for_either():
    castle, pact, market = card("the Castle"), card("the Pact"), card("the Market")
    assert counts(market, castle) and counts(market, pact)
    assert counts(castle, market) and counts(pact, market)  # a two-mark lead is followed by either
    assert not counts(card("the Author"), market)
    game = table(["the Market", "the Author", "the Diplomat", "the Bard", "Ace of Suns"],
                 ["the Castle", "the Soldier", "the Lunatic", "Ace of Moons"],
                 ["the Pact", "the Merchant", "the Huntress"])
    game.play(ADA, lead("the Market"))
    game.play(ADA, NO_FACE_DOWN)
    assert game.legal_moves(BO) == [play("the Castle")]
    game.play(BO, play("the Castle"))
    assert game.legal_moves(CY) == [play("the Pact")]
    assert follow_words(market) == "a location or an event"
    game.play(CY, play("the Pact"))
    assert game.last_plot["totals"] == [6, 16] and game.scores == [0, 1, 1]


def test_an_ace_never_follows_nor_counts_after_a_marked_lead():
    ace = card("Ace of Knots")
    for name in ("the Castle", "the Pact", "the Author", "the End"):
        assert not counts(ace, card(name))
    assert totals(card("the Castle"), ace, [card("Ace of Moons"), card("the Sea")]) == (7, 10)


def test_after_an_ace_lead_the_suit_is_followed_and_counts_and_a_crown_counts_ten():
    game = table(["Ace of Waves", "the Sea", "the Author", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Merchant", "the Windfall"],
                 ["the Desert", "the Cave", "the Forest"])
    game.play(ADA, lead("Ace of Waves"))
    game.play(ADA, down("the Sea"))
    assert game.legal_moves(BO) == [play("the Journey")]  # a Waves card, whatever its mark
    game.play(BO, play("the Journey"))
    assert game.legal_moves(CY) == [play("the Cave")]
    events = game.play(CY, play("the Cave"))
    assert "Ada reveals the face-down card: the Sea (Crown, a location: Waves), and counts." in texts(events)
    assert "Ada's plot: 1 + 10 = 11 against the enforcers' 3 + 7 = 10. The plot succeeds: Ada scores one point." \
        in texts(events)
    assert game.scores == [1, 0, 0]


def test_the_enforcer_on_the_left_plays_first_after_an_ace_lead_too():
    game = table(["Ace of Moons", "the Sea", "the Author", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Merchant", "the Windfall"],
                 ["the Desert", "the Cave", "the Forest"])
    game.play(ADA, lead("Ace of Moons"))
    game.play(ADA, NO_FACE_DOWN)
    assert game.to_act() == [BO]
    assert refused(game, CY, play("the Forest")) == "It is not Cy's turn: waiting for Bo."
    game.play(BO, play("the Journey"))
    assert game.to_act() == [CY]
    assert game.legal_moves(CY) == [play("the Forest")]


def test_a_face_down_card_that_does_not_count_still_makes_a_success_worth_one_point():
    game = table(["the Huntress", "the Desert", "the Author", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Merchant", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"])
    events = plot(game, "the Huntress", "the Desert", "the Merchant", "the Savage")
    assert "Ada reveals the face-down card: the Desert (2, a location: Suns and Wyrms), which does not count." \
        in texts(events)
    assert game.last_plot["totals"] == [10, 12] and game.scores == [0, 1, 1]
    game = table(["the Huntress", "the Desert", "the Author", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"])
    plot(game, "the Huntress", "the Desert", "the Sailor", "the Savage")
    assert game.last_plot["totals"] == [10, 7] and game.scores == [1, 0, 0]  # the lead alone won: one point


def test_a_success_without_a_face_down_card_scores_two():
    game = table(["the Huntress", "the Desert", "the Author", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"])
    events = plot(game, "the Huntress", None, "the Sailor", "the Savage")
    assert "Ada's plot: 10 against the enforcers' 4 + 3 = 7. The plot succeeds: Ada scores two points." \
        in texts(events)
    assert game.scores == [2, 0, 0] and game.stats[ADA][:5] == [1, 1, 0, 0, 2]


# --------------------------------------------------------------------------------------------
# the turnabout, the draw and the draw pile


def test_the_mastermind_passes_to_the_left_and_draws_up_to_five():
    game = table(["the Huntress", "the Desert", "the Author", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"],
                 top=["the Mill", "the Sea", "Ace of Knots"])
    plot(game, "the Huntress", "the Desert", "the Sailor", "the Savage")
    assert game.mastermind == BO and game.enforcers == [CY, ADA] and game.plot == 2
    assert held(game, BO) == sorted(["the Journey", "the Castle", "the Windfall", "the Mill", "the Sea"])
    assert [e.text for e in log_for(game.log, BO)][-1] == "You draw the Mill and the Sea."
    assert [e.text for e in log_for(game.log, ADA)][-1] == "Bo draws two cards."
    assert len(game.pile) == 36 - 12 - 2 and len(game.discard) == 4
    plot(game, "the Castle", None, "the Cave", "the Bard")
    assert game.mastermind == CY and len(game.hands[CY]) == 5
    first_moves(game)
    assert game.mastermind == ADA and len(game.hands[ADA]) == 5


def test_the_draw_pile_is_rebuilt_from_the_discards_the_moment_it_runs_out():
    game = table(["the Huntress", "the Desert", "the Author", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"])
    game.discard = [c for c in game.pile[:-1]]
    game.pile = game.pile[-1:]  # one card left: Bo needs two
    last = game.pile[0]
    events = plot(game, "the Huntress", None, "the Sailor", "the Savage")
    # 23 discards, and the lead and the two enforcers' cards of this plot
    assert "The draw pile is used up: the 26 discarded cards are shuffled into a new draw pile." in texts(events)
    assert last in game.hands[BO] and len(game.hands[BO]) == 5
    assert len(game.pile) == 25 and game.discard == []
    assert sorted(cards_everywhere(game)) == sorted(ALL_NAMES)
    # the plot's cards went back face down: hidden from everyone again, while the table still shows the plot
    back = {c.name for c in game.pile} & {"the Huntress", "the Sailor", "the Savage"}
    assert back and all(back <= game.hidden_from(s) for s in (ADA, BO, CY, None))
    assert game.view(None)["last_plot"]["plays"] == [[BO, "the Sailor"], [CY, "the Savage"]]


def test_a_pile_emptied_by_the_last_card_drawn_is_rebuilt_at_once():
    game = table(["the Huntress", "the Desert", "the Author", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"])
    game.discard = [c for c in game.pile[:-2]]
    game.pile = game.pile[-2:]
    plot(game, "the Huntress", None, "the Sailor", "the Savage")
    assert len(game.hands[BO]) == 5 and len(game.pile) == 22 + 3 and game.discard == []


def test_what_an_enforcer_showed_it_lacks_lasts_until_it_draws():
    game = table(["the Castle", "the Author", "the Pact", "the Bard", "Ace of Suns"],
                 ["the Soldier", "the Battle", "the Sailor", "the Merchant"],
                 ["Ace of Moons", "the Journey", "the Diplomat"])
    game.play(ADA, lead("the Castle"))
    game.play(ADA, NO_FACE_DOWN)
    game.play(BO, play("the Soldier"))
    assert game.view(ADA)["voids"] == [[], ["L"], []]
    game.play(CY, play("Ace of Moons"))
    # Bo, the next mastermind, has drawn: he may hold a location again; Cy has not
    assert game.view(ADA)["voids"] == [[], [], ["L"]]
    game.play(BO, lead("the Battle"))
    game.play(BO, NO_FACE_DOWN)
    game.play(CY, play("the Journey"))
    game.play(ADA, game.legal_moves(ADA)[0])
    assert game.mastermind == CY and game.view(None)["voids"][CY] == []


# --------------------------------------------------------------------------------------------
# the end


def test_the_first_to_twelve_wins_at_once():
    game = table(["the Huntress", "the Desert", "the Author", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"], scores=[10, 11, 9])
    events = plot(game, "the Huntress", None, "the Sailor", "the Savage")
    assert game.scores == [12, 11, 9] and game.phase == "over"
    out = game.outcome()
    assert out.winner == ADA and out.summary == "Ada wins with 12 points (Bo 11, Cy 9)."
    assert texts(events)[-1] == out.summary
    assert [s.seat for s in out.standings] == [ADA, BO, CY] and [s.place for s in out.standings] == [1, 2, 3]
    assert out.standings[0].detail == "1 of 1 own plots succeeded"
    assert out.standings[1].detail == "0 of 0 own plots succeeded"
    assert game.to_act() == [] and all(game.legal_moves(s) == [] for s in range(3))
    assert refused(game, BO, lead("the Journey")) == "The game is over."


def test_a_twelfth_point_reached_together_plays_on_until_one_score_stands_alone():
    game = table(["the Author", "the Desert", "the Huntress", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"], scores=[5, 11, 11])
    events = plot(game, "the Author", None, "the Sailor", "the Savage")  # 2 against 4 + 3: foiled
    assert game.scores == [5, 12, 12] and game.outcome() is None and game.overtime
    assert ("Bo and Cy reach 12 points together: the game goes on until one player alone has the highest score."
            in texts(events))
    assert game.view(None)["overtime"] and game.mastermind == BO
    # Bo's plot is foiled too: Cy and Ada score, and Cy alone has the highest score
    give(game, BO, ["the Desert", "the Journey", "the Windfall", "the Mill", "the Sea"])
    give(game, CY, ["the Cave", "the Forest"])
    give(game, ADA, ["the Bard", "the Pact"])
    assert sorted(cards_everywhere(game)) == sorted(ALL_NAMES)
    events = plot(game, "the Desert", None, "the Cave", "the Bard")  # 2 against 7
    assert game.scores == [6, 12, 13]
    out = game.outcome()
    assert out.winner == CY
    assert out.summary == "Cy wins with 13 points (Bo 12, Ada 6), after a shared twelfth point."
    assert texts(events)[-1] == out.summary


def test_the_third_player_can_overtake_a_shared_twelve():
    game = table(["the Author", "the Desert", "the Huntress", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"], scores=[12, 12, 11])
    game.overtime = True
    game.mastermind = CY
    give(game, CY, ["the Forest", "the Cave", "the Savage", "the Mill", "the Sea"])
    assert game.enforcers == [ADA, BO]
    plot(game, "the Sea", None, "the Desert", "the Castle")  # 10 against 2 + 7 = 9
    assert game.scores == [12, 12, 13] and game.outcome().winner == CY


def test_three_equal_scores_over_twelve_play_on():
    game = table(["the Author", "the Desert", "the Huntress", "the Bard", "the Pact"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"], scores=[11, 12, 12])
    game.overtime = True
    events = plot(game, "the Huntress", "the Pact", "the Sailor", "the Savage")  # succeeds: one point
    assert game.scores == [12, 12, 12] and game.outcome() is None
    assert "Ada, Bo and Cy share the highest score, 12: the game goes on." in texts(events)


# --------------------------------------------------------------------------------------------
# refusals


def test_every_illegal_move_is_refused_with_a_reason():
    game = table(["the Castle", "the Author", "the Pact", "the Bard", "Ace of Suns"],
                 ["the Cave", "the Sea", "the Soldier", "the Battle"],
                 ["the Journey", "Ace of Waves", "the Betrayal"])
    assert "has no 'steal' move" in refused(game, ADA, Move("steal"))
    assert refused(game, BO, lead("the Cave")) == \
        "Only the mastermind, Ada, leads and plays face down; Bo is an enforcer this plot."
    assert refused(game, ADA, play("the Castle")) == \
        "Ada is the mastermind this plot: the enforcers play, the mastermind leads."
    assert refused(game, BO, play("the Cave")) == "It is not Bo's turn: waiting for Ada."
    assert refused(game, ADA, down("the Author")) == "Lead a card face up first; then you may add one face down."
    assert refused(game, ADA, NO_FACE_DOWN) == "Lead a card face up first; then you may add one face down."
    assert refused(game, ADA, lead("the Sea")) == "You do not hold the Sea."
    assert "not a card of the basic Decktet" in refused(game, ADA, lead("the Harvest"))
    assert "not a card of the basic Decktet" in refused(game, ADA, lead("Castle"))
    assert refused(game, ADA, Move("lead", (7,))).startswith("Name the card by its name")
    assert refused(game, ADA, Move("lead")).startswith("Name the card by its name")
    assert refused(game, 5, lead("the Castle")) == "There is no seat 5 at this table."
    game.play(ADA, lead("the Castle"))
    assert refused(game, ADA, lead("the Pact")).startswith("You have led the Castle already")
    assert refused(game, ADA, down("the Castle")) == "You do not hold the Castle."
    game.play(ADA, down("the Author"))
    assert refused(game, ADA, down("the Pact")) == "It is not Ada's turn: waiting for Bo."
    assert refused(game, BO, play("the Soldier")) == \
        "You must follow with a location while you hold one: the Cave or the Sea."
    assert refused(game, BO, play("the Journey")) == "You do not hold the Journey."
    assert refused(game, CY, play("the Journey")) == "It is not Cy's turn: waiting for Bo."


def test_describe_move_labels_every_move():
    game = TheSyndicate(NAMES, 1)
    assert game.describe_move(lead("the Castle")) == "Lead Castle"
    assert game.describe_move(down("Ace of Moons")) == "Face down: Ace of Moons"
    assert game.describe_move(NO_FACE_DOWN) == "No face-down card"
    assert game.describe_move(play("the Chance Meeting")) == "Play Chance Meeting"
    assert game.describe_move(Move("play", ("nonsense",))) == "play nonsense"


# --------------------------------------------------------------------------------------------
# what each seat sees


def test_the_view_shows_a_seat_its_own_hand_and_the_face_down_card_to_its_owner_alone():
    game = table(["the Castle", "the Author", "the Pact", "the Bard", "Ace of Suns"],
                 ["the Cave", "the Sea", "the Soldier", "the Battle"],
                 ["the Journey", "Ace of Waves", "the Betrayal"])
    game.play(ADA, lead("the Castle"))
    game.play(ADA, down("the Pact"))
    for seat in (None, ADA, BO, CY):
        view = game.view(seat)
        text = json.dumps(view)
        assert view["hand"] == ([] if seat is None else [c.name for c in game.hands[seat]])
        for other in range(3):
            if other != seat:
                for c in game.hands[other]:
                    assert c.name not in text, (seat, c.name)
        assert view["table"]["face_down"] is True
        assert set(view) == set(TheSyndicateView.__annotations__)
        assert set(view["table"]) == set(PlotTable.__annotations__)
        assert ("the Pact" in text) == (seat == ADA)
        assert view["hand_counts"] == [3, 4, 3]
    assert game.view(ADA)["table"]["totals"] == [7, 0] and not game.view(ADA)["table"]["unknown"]
    assert game.view(BO)["table"]["unknown"] and game.view(BO)["table"]["totals"] == [7, 0]
    assert game.view(BO)["playable"] == ["the Cave", "the Sea"] and game.view(BO)["can_follow"]
    assert game.view(CY)["playable"] == [] and not game.view(CY)["can_follow"]
    assert "the Pact" in game.hidden_from(BO) and "the Pact" not in game.hidden_from(ADA)
    assert "the Castle" not in game.hidden_from(None)
    assert [e.text for e in log_for(game.log, BO)][-1] == \
        "Ada adds a second card face down: a success now scores one point."
    assert [e.text for e in log_for(game.log, ADA)][-1] == \
        "You add the Pact face down: a success now scores one point."
    game.play(BO, play("the Cave"))
    game.play(CY, play("the Journey"))
    # revealed: public for good
    assert "the Pact" not in game.hidden_from(BO) and "the Pact" in json.dumps(game.view(None)["last_plot"])
    assert game.view(None)["discard"][-4:] == ["the Castle", "the Pact", "the Cave", "the Journey"]
    assert set(game.view(BO)["last_plot"]) == set(LastPlot.__annotations__)


def test_hidden_from_is_every_card_the_seat_has_not_seen():
    game = TheSyndicate(NAMES, 4)
    for seat in range(3):
        assert game.hidden_from(seat) == ALL_NAMES - {c.name for c in game.hands[seat]}
    assert game.hidden_from(None) == ALL_NAMES


def test_the_leak_test_catches_a_decktet_card_named_to_the_wrong_seat():
    from leak_helpers import leaks

    game = TheSyndicate(NAMES, 4, first="seat")
    assert not leaks(game, BO, 0)
    secret = game.hands[ADA][0]
    game.log.append(Event(f"Ada holds {secret.name}."))
    assert leaks(game, BO, 0) and leaks(game, None, 0)
    assert not leaks(game, ADA, 0)


# --------------------------------------------------------------------------------------------
# undo, copies and records


def test_a_face_down_card_can_be_taken_back_but_not_a_lead_a_play_or_a_draw():
    game = TheSyndicate(NAMES, 2)
    mm = game.mastermind
    assert not game.undo_status()[0]
    game.play(mm, game.legal_moves(mm)[0])  # the lead, face up: the enforcers saw it
    assert game.undo_status() == (False, "Not past a card drawn, played face up or revealed.")
    game.play(mm, game.legal_moves(mm)[0])  # a face-down card
    assert game.undo_status() == (True, "")
    back = game.undone()
    assert len(back.history) == 1 and back.face_down is None
    left = game.to_act()[0]
    game.play(left, game.legal_moves(left)[0])  # played face up
    assert not game.undo_status()[0]


# --------------------------------------------------------------------------------------------
# the computer player


def test_the_utility_of_points_and_of_the_end():
    assert utility(0, [0, 0, 0], [2, 0, 0]) == 2
    assert utility(0, [0, 0, 0], [0, 1, 1]) == -1
    assert utility(1, [0, 0, 0], [0, 1, 1]) == 0.5
    assert utility(0, [11, 3, 3], [1, 0, 0]) == 10
    assert utility(0, [3, 11, 3], [0, 1, 1]) == -10
    assert utility(0, [3, 11, 11], [0, 1, 1]) == -1  # a shared twelve wins nothing yet


def test_the_bot_follows_high_to_foil_and_low_when_it_cannot_help():
    game = table(["the Huntress", "the Desert", "the Author", "the Bard", "the Pact"],
                 ["the Painter", "the Soldier", "the Merchant", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"])
    game.play(ADA, lead("the Desert"))  # 2, a location, nothing face down
    game.play(ADA, NO_FACE_DOWN)
    bo = TheSyndicateBot(BO, 1)
    assert bo.choose(game.view(BO), game.legal_moves(BO)) == play("the Painter")  # no location: the lowest
    game.play(BO, play("the Painter"))
    cy = TheSyndicateBot(CY, 1)
    # Cy must beat 2 with locations: the Forest (5) or the Cave (7) both do; the cheaper one
    assert cy.choose(game.view(CY), game.legal_moves(CY)) == play("the Forest")


def test_the_bot_as_mastermind_leads_a_strong_card():
    game = table(["the Huntress", "the Desert", "the Author", "Ace of Suns", "the Painter"],
                 ["the Journey", "the Castle", "the Sailor", "the Windfall"],
                 ["the Savage", "the Cave", "the Forest"])
    ada = TheSyndicateBot(ADA, 1)
    move = ada.choose(game.view(ADA), game.legal_moves(ADA))
    assert move.kind == "lead" and card(move.args[0]).rank >= 3


# --------------------------------------------------------------------------------------------
# random games: the cards and the points kept, a shared twelfth point played out


def test_random_games_conserve_the_cards_and_end_with_one_score_alone_on_top():
    lengths = []
    overtime = reshuffled = 0
    for seed in range(150):
        rnd = random.Random(seed)
        game = TheSyndicate(NAMES, seed, first="lot" if seed % 2 else "seat")
        points = 0
        while game.outcome() is None:
            assert len(game.history) < 1500, seed
            seat = game.to_act()[0]
            moves = game.legal_moves(seat)
            assert moves, (seed, game.phase)
            if game.phase == "lead":
                assert len(game.hands[seat]) == 5 or len(game.history) == 0 or not game.pile
            before = list(game.scores)
            events = game.play(seat, rnd.choice(moves))
            reshuffled += any(e.kind == "reshuffle" for e in events)
            gained = sum(game.scores) - sum(before)
            assert gained in (0, 1, 2)
            points += gained
            names = cards_everywhere(game)
            assert len(names) == 36 and set(names) == ALL_NAMES, seed
        out = game.outcome()
        top = max(game.scores)
        assert top >= 12 and game.scores.count(top) == 1 and out.winner == game.scores.index(top)
        assert points == sum(game.scores)
        assert sum(s[0] for s in game.stats) == game.length()
        overtime += game.overtime
        lengths.append(game.length())
    # these seeds pass through the rare paths: a rebuilt draw pile and a shared twelfth point
    assert reshuffled >= 150 and overtime >= 5
    assert 5 < sorted(lengths)[75] < 40
