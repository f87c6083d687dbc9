"""King of the Beach: the seed's fights (7 and 8 on 4 first; a card knocked down attacks again), the
rules of each phase, every ruling of the help, refusals with their reasons."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop_tui.rules.components.cards import card, cards
from tabletop_tui.rules.engine import IllegalMove, Move
from tabletop_tui.rules.king_of_the_beach import ACTION, AGGRESSION, AUCTION, FIGHTS, OVER, SPACES, KingOfTheBeach

HELP = (Path(__file__).parent.parent / "tabletop_tui" / "rules_help" / "king_of_the_beach.md").read_text()
RULINGS = HELP.split("## Rulings")[1]
NAMES = ["Ada", "Bo", "Cy"]


def table(pyramid: list[int], n: int = 3, **options) -> KingOfTheBeach:
    """A game of n players whose pyramid (occupants of spaces 1-10) is set by hand."""
    game = KingOfTheBeach(NAMES[:n] + ["Dee", "Eve", "Fay"][: max(0, n - 3)], 1, **options)
    game.spaces = [-1] + list(pyramid)
    return game


def fights_with(game: KingOfTheBeach, codes: str, stone_on: int | None = None) -> list:
    """Lay the cards (spaces 1-10, "-" for none) and run the fights."""
    for sp, code in enumerate(codes.split(), start=1):
        game.cards[sp] = None if code == "-" else card(code)
        game.bonus[sp] = sp == stone_on
    game._fights(game.log)
    return game.fights


def test_setup_fills_the_pyramid_with_robots_and_deals_three_cards():
    game = KingOfTheBeach(NAMES, 3)
    assert sorted(game.spaces[1:]) == list(range(10)) and game.robots == 7
    assert game.names[3:] == [f"Robot {x}" for x in "ABCDEFG"]
    assert all(len(h) == 3 for h in game.hands[:2])
    assert game.phase == AUCTION and game.round == 1
    # the auction goes from space 10 upwards, players only
    order = [s for s in game.spaces[::-1] if 0 <= s < 3]
    assert game.to_act() == [order[0]]
    assert len(game.auction) == 3


def test_the_player_on_top_takes_the_last_auction_card_without_a_move():
    game = KingOfTheBeach(NAMES, 3)
    order = [s for s in game.spaces[::-1] if 0 <= s < 3]
    left = {c.code for c in game.auction}
    game.play(order[0], game.legal_moves(order[0])[0])
    game.play(order[1], game.legal_moves(order[1])[0])
    assert game.phase == AGGRESSION
    assert len(game.hands[order[2]]) == 4 and {c.code for c in game.hands[order[2]]} & left
    assert "**The last auction card.**" in RULINGS


def test_the_fights_in_the_seeds_order_and_a_knocked_down_card_attacks_again():
    # players: Ada 0 on 7, Bo 1 on 8; robots elsewhere
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    steps = fights_with(game, "KS KH KD 9C AC 2C 3C 6D 4H 5H")
    assert [(f["attackers"], f["defender"]) for f in steps] == [([a, b], d) for a, b, d in FIGHTS]
    assert steps[0]["attackers"] == [7, 8] and steps[0]["defender"] == 4  # the first fight: 7 and 8 on 4
    # 3 + 6 = 9 >= 9: Ada (the 3, the lower) moves up to 4, Robot D (the 9) down to 7
    assert steps[0]["won"] and steps[0]["up"] == 7
    assert next(e for e in game.log if e.kind == "fight").text.startswith("Ada (space 7) and Bo (space 8) attack Robot D (space 4): 3 + 6 = 9 against 9")
    # then 8 and 9 attack 5: Bo's 6 and the 4 against the ace: the 4 moves up
    assert steps[1]["before"][3] == 0 and steps[1]["won"] and steps[1]["up"] == 9


def test_the_card_knocked_out_of_4_attacks_from_8():
    # Bo on 4 holds a 2; 7 and 8 (robots) knock him down to 8 with 6 + 9; then Bo's 2 attacks 5 from 8
    game = table([3, 4, 5, 1, 6, 7, 8, 9, 0, 2])
    steps = fights_with(game, "KS KH KD 2C 5D 4C 9H 6D 4H 5H")
    assert steps[0]["won"] and steps[0]["up"] == 8 and steps[0]["after"][7] == 1  # Bo on 8 now
    second = steps[1]
    assert second["before"][7] == 1 and second["cards"][7] == "2C"  # his 2 of clubs attacks from 8
    # 2 + 4 (Ada's 4 of hearts on 9) = 6 >= 5: Bo, the lower, moves up to 5 and keeps the 2 as a goodie
    assert second["won"] and second["up"] == 8 and second["after"][4] == 1
    assert card("2C") in game.goodies[1]
    assert 1 in game.moved_up


def test_a_total_below_the_defender_holds_and_equal_values_go_by_suit():
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    steps = fights_with(game, "KS KH KD QC AC 2C 5H 5C 4H 5D")
    assert not steps[0]["won"]  # 5 + 5 = 10 < 12
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    steps = fights_with(game, "KS KH KD 9C AC 2C 5H 5C 4H 5D")
    assert steps[0]["won"] and steps[0]["up"] == 8  # 5 of clubs is lower than the 5 of hearts
    assert steps[0]["after"][3] == 1


def test_the_stone_adds_five_and_a_half_and_goes_with_its_card():
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    steps = fights_with(game, "KS KH KD QC AC 2C 6H 3C 4H 5D", stone_on=7)
    # 6 + 5.5 + 3 = 14.5 >= 12: Bo's 3 is the lower and moves up
    assert steps[0]["values"][6] == 11.5 and steps[0]["total"] == 14.5 and steps[0]["up"] == 8
    # the stone's card, on 7, is still worth 11.5 when Ada... (a robot's card here) stays; a card
    # with the stone that moves up keeps it
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    steps = fights_with(game, "KS KH KD QC AC 2C 3H 9C 4H 5D", stone_on=7)
    # 3 + 5.5 = 8.5 is lower than 9: Ada moves up with it to 4, and it attacks 2 worth 8.5
    assert steps[0]["up"] == 7 and steps[3]["values"][3] == 8.5
    assert "**The stone's card.**" in RULINGS


def test_the_stone_is_used_by_the_next_combat_card_on_its_space():
    game = KingOfTheBeach(NAMES, 4)
    game.stone = 1
    while game.phase == AUCTION:
        s = game.to_act()[0]
        game.play(s, game.legal_moves(s)[0])
    # space 1 has played by now (a robot, or the player there is to play)
    if game.played[1]:
        assert game.bonus[1] and game.stone is None
    else:
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])
        assert game.bonus[1] and game.stone is None


def test_goodies_go_to_players_who_moved_up_even_if_knocked_down_again():
    # Ada on 7 moves up to 4 with an ace (1 + 9 against 9), Bo's 9 does not move
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    fights_with(game, "KS 5H KD 9C QC 2C AC 9D 4H 5D")
    assert card("AC") in game.goodies[0]
    assert all(card("9D") not in g for g in game.goodies)  # Bo did not move up: discarded
    assert card("9D") in game.discards
    # a robot's card is discarded, whether it moved up or not
    assert card("9C") in game.discards and card("4H") in game.discards  # the 4 of hearts moved up to 5


def test_action_order_one_action_a_player_and_optional():
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    game.goodies = [cards("KS KH"), cards("QH 2D"), []]
    game.phase, game.suit_index, game.actor, game.acted = ACTION, 0, None, []
    game._advance(game.log)
    assert game.to_act() == [0] and Move("pass") in game.legal_moves(0)
    assert all(m.kind in ("swap", "pass") for m in game.legal_moves(0))
    game.play(0, Move("swap", (1,)))
    assert game.spaces[1] == 0 and game.spaces[7] == 3  # Ada on top, Robot A on her old space
    # Ada holds the highest heart too, but has taken her action: Bo's diamond comes next
    assert game.to_act() == [1] and game.legal_moves(1) == [Move("draw"), Move("pass")]
    hand = len(game.hands[1])
    events = game.play(1, Move("draw"))
    assert len(game.hands[1]) == hand + 1
    drawn = game.hands[1][-1]
    assert any(e.text == f"Bo draws {drawn.name}." and e.to == (1,) and e.public == "Bo draws a card." for e in events)
    assert game.phase == AUCTION and game.round == 2  # no club among the goodies: the round is over
    assert "**Actions are optional.**" in RULINGS


def test_passing_keeps_a_later_action():
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    game.goodies = [cards("KS KC"), cards("QH"), []]
    game.phase, game.suit_index, game.actor, game.acted = ACTION, 0, None, []
    game._advance(game.log)
    game.play(0, Move("pass"))
    assert game.to_act() == [1]  # Bo's heart
    game.play(1, Move("pass"))
    assert game.to_act() == [0] and Move("stone", (4,)) in game.legal_moves(0)  # Ada's club
    game.play(0, Move("stone", (4,)))
    assert game.stone == 4


def test_heart_trade_chooses_both_cards():
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    game.goodies = [cards("2C"), cards("KH 3D"), cards("JS")]
    game.phase, game.suit_index, game.actor, game.acted = ACTION, 0, None, []
    game._advance(game.log)
    # Cy holds the only spade: pass it
    assert game.to_act() == [2]
    game.play(2, Move("pass"))
    assert game.to_act() == [1]
    assert set(game.legal_moves(1)) == {Move("trade", ("2C",)), Move("trade", ("JS",)), Move("pass")}
    game.play(1, Move("trade", ("JS",)))
    assert game.legal_moves(1) == [Move("give", ("3D",)), Move("give", ("KH",))]
    with pytest.raises(IllegalMove, match="choose a goodie of Bo's own to give"):
        game.play(1, Move("trade", ("2C",)))
    events = game.play(1, Move("give", ("KH",)))  # the heart itself may be given
    assert "Bo trades the king of hearts for Cy's jack of spades." in [e.text for e in events]
    assert game.goodies[1] == cards("3D JS") and game.goodies[2] == cards("KH")


def test_the_holder_of_a_suit_is_found_when_its_action_comes():
    # Bo's heart trade takes Ada's highest diamond: Bo has acted, so nobody draws (Ada has no diamond left)
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    game.goodies = [cards("9D"), cards("KH 2D"), []]
    game.phase, game.suit_index, game.actor, game.acted = ACTION, 0, None, []
    game._advance(game.log)
    game.play(1, Move("trade", ("9D",)))
    game.play(1, Move("give", ("KH",)))
    # Ada now holds the king of hearts, Bo the 9 and 2 of diamonds: Bo has acted, the diamond is lost
    assert game.phase == AUCTION and game.round == 2
    assert "**The highest card of a suit.**" in RULINGS


def test_the_ace_is_low_for_the_actions_unless_the_option_says_high():
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    game.goodies = [cards("AS"), cards("2S"), []]
    assert game.holders()["S"] == 1
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2], ace="high")
    game.goodies = [cards("AS"), cards("KS"), []]
    assert game.holders()["S"] == 0


def test_the_deck_runs_out_in_the_middle_of_the_aggression():
    game = KingOfTheBeach(NAMES, 7)
    while game.phase == AUCTION:
        s = game.to_act()[0]
        game.play(s, game.legal_moves(s)[0])
    on_table = [c for c in game.cards if c is not None]
    game.discards = list(game.deck[1:]) + game.discards
    game.deck = game.deck[:1]
    moves = 0
    while game.phase == AGGRESSION:
        s = game.to_act()[0]
        game.play(s, game.legal_moves(s)[0])
        moves += 1
    texts = [e.text for e in game.log]
    assert any("The deck is empty" in t for t in texts)
    reshuffle = next(e for e in game.log if e.kind == "reshuffle")
    assert "shuffled into a new deck" in reshuffle.text
    # cards already on the pyramid were not shuffled in
    for c in on_table:
        assert c not in game.deck
    assert "**The deck runs out.**" in RULINGS


def test_no_card_at_all_counts_as_nothing():
    game = KingOfTheBeach(NAMES, 8)
    while game.phase == AUCTION:
        s = game.to_act()[0]
        game.play(s, game.legal_moves(s)[0])
    game.deck, game.discards = [], []
    while game.phase == AGGRESSION:
        s = game.to_act()[0]
        game.play(s, game.legal_moves(s)[0])
    assert any("has no card to play: the deck and the discards are empty" in e.text for e in game.log)
    assert any(v is None for f in game.fights for v in f["values"])
    assert "**No card.**" in RULINGS


def test_a_player_on_top_after_round_six_wins_and_scores_the_goodies():
    game = table([1, 4, 5, 6, 7, 8, 0, 3, 9, 2])
    game.goodies = [cards("2C"), cards("KD 5H AS"), []]
    game.round = 6
    game._end_round(game.log)
    out = game.outcome()
    assert game.phase == OVER and out.winners == [1]
    first = out.standings[0]
    assert first.seat == 1 and first.score == 13 + 5 + 1 and first.place == 1
    assert [s.score for s in out.standings[1:]] == [0, 0]
    assert [s.seat for s in out.standings] == [1, 0, 2]  # Ada on 7, Cy on 10


def test_a_robot_on_top_means_nobody_wins():
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    game.round = 6
    game._end_round(game.log)
    out = game.outcome()
    # the robot is first: nobody won, the players share second place (no draw either)
    assert out.nobody_won and out.winners == out.first == out.drawn == []
    assert {s.place for s in out.standings} == {2} and len(out.standings) == 3
    assert "nobody wins" in out.summary or "no player wins" in out.summary
    assert "**A robot on top.**" in RULINGS


def test_round_six_has_its_actions_and_the_spade_can_take_the_top():
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    game.goodies = [cards("QS"), [], []]
    game.round = 6
    game.phase, game.suit_index, game.actor, game.acted = ACTION, 0, None, []
    game._advance(game.log)
    game.play(0, Move("swap", (1,)))
    assert game.outcome() is not None and game.outcome().winners == [0]
    assert "**Round 6 has its actions.**" in RULINGS


def test_refusals_say_why():
    game = KingOfTheBeach(NAMES, 3)
    first = game.to_act()[0]
    other = next(s for s in range(3) if s != first)
    with pytest.raises(IllegalMove, match="turn to take an auction card"):
        game.play(other, game.legal_moves(first)[0])
    with pytest.raises(IllegalMove, match="played in the Aggression"):
        game.play(first, Move("play", (game.hands[first][0].code,)))
    with pytest.raises(IllegalMove, match="not among the auction cards"):
        game.play(first, Move("take", (next(c for c in game.deck).code,)))
    with pytest.raises(IllegalMove, match="is not a card"):
        game.play(first, Move("take", ("ZZ",)))
    with pytest.raises(IllegalMove, match="has no 'dance' move"):
        game.play(first, Move("dance"))
    game = table([3, 4, 5, 6, 7, 8, 0, 1, 9, 2])
    game.goodies = [cards("KS"), [], []]
    game.phase, game.suit_index, game.actor, game.acted = ACTION, 0, None, []
    game._advance(game.log)
    with pytest.raises(IllegalMove, match="not a robot"):
        game.play(0, Move("swap", (8,)))
    with pytest.raises(IllegalMove, match="action of the highest club"):
        game.play(0, Move("stone", (3,)))
    with pytest.raises(IllegalMove, match="space of the pyramid, 1 to 10"):
        game.play(0, Move("swap", (11,)))


def test_a_hand_is_its_owners_and_auction_cards_taken_are_known():
    game = KingOfTheBeach(NAMES, 3)
    first = game.to_act()[0]
    other = next(s for s in range(3) if s != first)
    taken = game.legal_moves(first)[0]
    game.play(first, taken)
    view = game.view(other)
    assert view["hand"] != view["known"][first]
    assert view["known"][first] == [taken.args[0]]
    assert all(c in game.view(first)["hand"] for c in [c.code for c in game.hands[first]])
    hidden = game.hidden_from(other)
    assert taken.args[0] not in hidden
    assert all(c.code in hidden for c in game.hands[first] if c.code != taken.args[0])
    assert "**What the table sees.**" in RULINGS


def test_every_space_plays_from_the_top_down():
    game = KingOfTheBeach(NAMES, 3)
    while game.phase == AUCTION:
        s = game.to_act()[0]
        game.play(s, game.legal_moves(s)[0])
    played = []
    while game.phase == AGGRESSION:
        s = game.to_act()[0]
        played.append(game.space_of(s))
        game.play(s, game.legal_moves(s)[0])
    assert played == sorted(played) and len(played) == 3
    combat = [e.data["space"] for e in game.log if e.kind == "combat"]
    assert combat == list(range(1, SPACES + 1))


def test_a_save_of_rules_version_1_keeps_the_robot_on_top_a_draw():
    """Version 1 placed the players first together under a robot on top: its saves migrate to a record
    that says so, replay as they were played, and keep saying so when saved again."""
    from tabletop_tui.store.versions import _apply_migrations

    record = {"game": KingOfTheBeach.id, "rules_version": 1, "players": NAMES, "seed": 1, "stream": 2,
              "options": {"ace": "low"}, "moves": []}
    migrated = _apply_migrations(record, KingOfTheBeach)
    assert migrated is not None and migrated["rules_version"] == KingOfTheBeach.rules_version == 2
    game = KingOfTheBeach.from_record(migrated)
    assert KingOfTheBeach.from_record(game.record()).options == game.options
    game.spaces = [-1, 3, 4, 5, 6, 7, 8, 0, 1, 9, 2]
    game.round = 6
    game._end_round(game.log)
    out = game.outcome()
    assert {s.place for s in out.standings} == {1} and out.drawn == [0, 1, 2] and not out.nobody_won
