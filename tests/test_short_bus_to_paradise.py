"""Short Bus to Paradise: the seed's worked examples (the tie for second in the scoring, the four-player
example of play as moves from a prepared state), every rule and ruling, and the refusals."""

from __future__ import annotations

import pytest

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move, Secret
from tabletop_tui.rules.short_bus_to_paradise import (BAG_MAX, BAG_MIN, COLOURS, COLOURS_MAX, COLOURS_MIN, Cab,
                                                     ShortBusToParadise, make_bag, values_of)

from scripted import Scripted, refused

DONE, DRAW, CANCEL = Move("done"), Move("draw"), Move("cancel")


def play(code: str) -> Move:
    return Move("play", (code,))


def group(colour: str) -> Move:
    return Move("group", (colour,))


def steal(code: str) -> Move:
    return Move("steal", (code,))


def into(code: str) -> Move:
    return Move("into", (code,))


def stones(*chunks: dict[str, int]) -> tuple[int, ...]:
    """A bag whose draws give these chunks in turn (a draw takes from the end), on 20 white stones."""
    out: list[int] = [COLOURS.index("white")] * 20
    for chunk in reversed(chunks):
        for colour, k in chunk.items():
            out += [COLOURS.index(colour)] * k
    return tuple(out)


def prepared(players: int = 4, *, hands: list[list[str]], pot: dict[str, int], bag: tuple[int, ...] = (),
             dice: list[int] = (), deck: list[str] | None = None, first: int = 0, **options) -> ShortBusToParadise:
    """A game set to a chosen table: the hands, the pot, the bag (drawn from the end), the dice to come,
    the deck (its top last) and the first player."""
    game = ShortBusToParadise([f"P{i + 1}" for i in range(players)], 0, **options)
    game.hands = [[card(c) for c in h] for h in hands]
    used = {c for h in hands for c in h}
    game.deck = [card(c) for c in deck] if deck is not None else [c for c in game.deck if c.code not in used][:10]
    game.pot = dict(pot)
    game.seen = set(pot)
    game.bag = Secret("bag-test", tuple(bag) or stones(), ())
    game.rng = Scripted(dice)
    game.first = game.turn = first
    return game


def pot(game) -> dict[str, int]:
    return {g["colour"]: g["count"] for g in game.view(None)["pot"]}


def dock(game, seat) -> list[tuple[str, str | None, int]]:
    return [(c["card"], c["colour"], c["load"]) for c in game.view(None)["docks"][seat]]


# -- the seed's examples -----------------------------------------------------------------------------------


def test_the_tie_for_second_most_common_colour():
    """Two colours tied for second are worth 2 each; the next is the fourth colour, worth 4."""
    assert values_of({"red": 10, "blue": 7, "green": 7, "teal": 3}) == {"red": 1, "blue": 2, "green": 2, "teal": 4}
    # and a tie for first: both 1, the next 3
    assert values_of({"red": 5, "blue": 5, "green": 2}) == {"red": 1, "blue": 1, "green": 3}
    assert values_of({"red": 0, "blue": 4}) == {"blue": 1}


def test_the_four_player_example_of_play():
    game = prepared(
        hands=[["3C", "2C", "9C"], ["8D", "2D", "9D"], ["6H", "2H", "9H"], ["4S", "5S", "9S"]],
        pot={"red": 3, "blue": 1, "green": 3},
        bag=stones({"red": 6, "orange": 4}, {"red": 1, "teal": 2}, {"teal": 2}, {"orange": 2}, {"red": 4},
                   {"yellow": 2}),
        dice=[4, 6, 1, 2, 1, 1, 1, 1, 2, 2, 1, 1],
        deck=["10S", "7C"])
    # Player 1 plays a 3 cab and loads it with the three red: full, it leaves at once
    for m in (play("3C"), group("red"), into("3C")):
        game.play(0, m)
    assert dock(game, 0) == [] and game.view(None)["piles"][0] == {"red": 3}
    game.play(0, DONE)
    # Player 2 adds ten stones: six red in the pot; he plays an 8 cab and loads the six red
    assert game.turn == 1 and game.view(None)["roll"] == [4, 6] and pot(game)["red"] == 6
    for m in (play("8D"), group("red"), into("8D")):
        game.play(1, m)
    assert dock(game, 1) == [("8D", "red", 6)]
    game.play(1, DONE)
    # Player 3 adds one more red (among others) and draws rather than playing a card
    assert pot(game)["red"] == 1
    game.play(2, DRAW)
    # so Player 4 adds nothing; he plays a 4 cab and takes the single red
    assert game.turn == 3 and game.view(None)["roll"] == [] and "adds none" in game.log[-1].text
    for m in (play("4S"), group("red"), into("4S")):
        game.play(3, m)
    assert dock(game, 3) == [("4S", "red", 1)]
    game.play(3, DONE)
    # (Player 1 loads a blue into a 2 cab)
    for m in (play("2C"), group("blue"), into("2C")):
        game.play(0, m)
    game.play(0, DONE)
    # back to Player 2: he would steal the one red off Player 4's cab, but there is no red in the pot
    assert game.turn == 1 and "red" not in pot(game)
    assert "no red in the pot" in refused(game, 1, steal("4S"))
    assert steal("4S") not in game.legal_moves(1)
    for m in (play("9D"), group("teal"), into("9D")):
        game.play(1, m)
    game.play(1, DONE)
    for m in (play("6H"), group("orange"), into("6H")):
        game.play(2, m)
    game.play(2, DONE)
    # Player 4's turn again: four red in the pot. They do not fit his 4 cab, which holds one already
    assert game.turn == 3 and pot(game)["red"] == 4
    assert "No cab of P4's can take the 4 red" in refused(game, 3, group("red"))
    # he plays a 5 cab and steals the single red off his own 4 cab, with the four of the pot
    game.play(3, play("5S"))
    assert steal("4S") in game.legal_moves(3)
    game.play(3, steal("4S"))
    assert game.legal_moves(3) == [into("5S"), CANCEL]
    game.play(3, into("5S"))
    # the 5 cab is full and leaves; the empty 4 cab stays on the table
    assert game.view(None)["piles"][3] == {"red": 5}
    assert dock(game, 3) == [("4S", None, 0)] and "red" not in pot(game)
    assert "steals the 1 red from P4's 4-seat cab" in game.log[-1].text


# -- setup ----------------------------------------------------------------------------------------------------


def test_setup_deals_three_cards_of_the_2s_to_10s_and_a_secret_bag():
    for seed in range(40):
        game = ShortBusToParadise(["A", "B", "C", "D", "E", "F"][: 3 + seed % 4], seed)
        cards = game.deck + [c for h in game.hands for c in h]
        assert len(cards) == 36 and len({c.code for c in cards}) == 36
        assert all(2 <= c.rank <= 10 for c in cards)
        assert all(len(h) == 3 for h in game.hands)
        view = game.view(0)
        total = view["bag"] + sum(g["count"] for g in view["pot"]) + sum(view["bussed"].values())
        assert BAG_MIN <= total <= BAG_MAX and total == game.total
        assert 2 <= total - view["bag"] <= 12 and view["roll"] and sum(view["roll"]) == total - view["bag"]
        assert isinstance(game.bag, Secret) and "bag" not in str(view["pot"])


def test_the_bag_mix_is_drawn_from_the_seed():
    from tabletop_tui.rules.engine import Stream
    kinds = set()
    for seed in range(60):
        bag = make_bag(Stream(seed))
        assert BAG_MIN <= len(bag) <= BAG_MAX
        colours = set(bag)
        assert COLOURS_MIN <= len(colours) <= COLOURS_MAX
        kinds.add(len(colours))
    assert len(kinds) >= 4  # the number of colours varies too
    assert ShortBusToParadise(["A", "B", "C"], 5).bag == ShortBusToParadise(["A", "B", "C"], 5).bag


def test_the_view_shows_the_bag_count_never_its_colours():
    game = ShortBusToParadise(["A", "B", "C"], 3)
    view = game.view(1)
    assert type(view["bag"]) is int
    text = str(view)
    assert str(game.bag.value[:8])[1:-1] not in text
    # the other bags the secret could be hold the same number of stones
    assert all(len(c) == len(game.bag.value) for c in game.bag.choices) and game.bag.value not in game.bag.choices


# -- the add and the bus ------------------------------------------------------------------------------------


def test_a_group_of_eleven_or_more_is_bussed_away_at_once():
    game = prepared(3, hands=[["3C"], ["4C"], ["5C"]], pot={"red": 8, "blue": 2}, bag=stones({"red": 3, "blue": 1}),
                    dice=[2, 2])
    game.play(0, play("3C"))
    game.play(0, group("blue"))
    game.play(0, into("3C"))
    game.play(0, DONE)
    assert "red" not in pot(game) and game.view(None)["bussed"] == {"red": 11}
    assert pot(game) == {"blue": 1}
    assert any("buses them away" in e.text and "11 red" in e.text for e in game.log[-3:])


def test_the_bus_is_not_stones_taken_the_next_player_adds_nothing():
    """Ruling: stones bussed away were not taken by a player: after a turn that took none, no add."""
    game = prepared(3, hands=[["3C"], ["4C"], ["5C"]], pot={"red": 9, "blue": 1}, bag=stones({"red": 2}),
                    dice=[1, 1])
    game.play(0, play("3C"))
    game.play(0, group("blue"))
    game.play(0, into("3C"))
    game.play(0, DONE)  # P2 adds two red: eleven, bussed
    assert game.view(None)["bussed"] == {"red": 11}
    game.play(1, DONE)
    assert game.turn == 2 and game.view(None)["roll"] == [] and "adds none" in game.log[-1].text


def test_the_option_counts_the_bus_as_stones_taken():
    game = prepared(3, hands=[["3C"], ["4C"], ["5C"]], pot={"red": 9, "blue": 1}, bag=stones({"red": 2}, {"teal": 3}),
                    dice=[1, 1, 1, 2], bus="taken")
    game.play(0, play("3C"))
    game.play(0, group("blue"))
    game.play(0, into("3C"))
    game.play(0, DONE)  # P2 adds two red: eleven, bussed
    game.play(1, DONE)
    assert game.turn == 2 and game.view(None)["roll"] == [1, 2] and pot(game) == {"teal": 3}


def test_no_add_after_a_turn_that_took_nothing():
    game = prepared(3, hands=[["3C"], ["4C"], ["5C"]], pot={"red": 2}, dice=[])
    game.play(0, play("3C"))  # a cab, but no stones taken
    game.play(0, DONE)
    assert game.turn == 1 and game.view(None)["roll"] == [] and pot(game) == {"red": 2}


def test_a_turn_that_only_stole_took_stones_from_the_pot():
    """Ruling: a steal always takes every stone of its colour from the pot (at least one): the next
    player adds."""
    game = prepared(3, hands=[["3C", "9C"], ["6D"], ["5C"]], pot={"red": 2, "blue": 1},
                    bag=stones({"green": 5}), dice=[2, 3])
    game.docks[1] = [Cab(card("4D"), "red", 2)]
    game.docks[0] = [Cab(card("7C"))]
    game.play(0, steal("4D"))
    game.play(0, into("7C"))
    assert dock(game, 0) == [("7C", "red", 4)] and dock(game, 1) == [("4D", None, 0)]
    game.play(0, DONE)
    assert game.view(None)["roll"] == [2, 3] and pot(game)["green"] == 5


# -- playing, loading, stealing -----------------------------------------------------------------------------


def test_one_card_a_turn_and_before_any_loading():
    game = prepared(3, hands=[["3C", "4C", "9C"], ["4D"], ["5C"]], pot={"red": 2, "blue": 3})
    game.play(0, play("9C"))
    assert "one card a turn" in refused(game, 0, play("3C"))
    assert not any(m.kind == "play" for m in game.legal_moves(0))
    game2 = prepared(3, hands=[["3C", "4C"], ["4D"], ["5C"]], pot={"red": 2, "blue": 3})
    game2.docks[0] = [Cab(card("2C"))]
    game2.play(0, group("red"))
    game2.play(0, into("2C"))
    assert "before loading" in refused(game2, 0, play("3C"))


def test_loading_a_whole_group_into_a_cab_of_its_colour_that_it_fits():
    game = prepared(3, hands=[["9C"], ["4D"], ["5C"]], pot={"red": 5, "blue": 3, "green": 1})
    game.docks[0] = [Cab(card("4C"), "blue", 2), Cab(card("6C"))]
    moves = game.legal_moves(0)
    # red (5) fits only the empty 6; blue (3) fits the 6 but not the 4 holding 2 blue; green only the 6
    assert group("red") in moves and group("blue") in moves and group("green") in moves
    game.play(0, group("blue"))
    assert game.legal_moves(0) == [into("6C"), CANCEL]
    assert "room for 2" in refused(game, 0, into("4C")) and "never split" in refused(game, 0, into("4C"))
    assert "not a cab on P1's dock" in refused(game, 0, into("4D"))
    assert "cancel first" in refused(game, 0, DONE)
    game.play(0, CANCEL)
    game.play(0, group("green"))
    game.play(0, into("6C"))
    game.docks[0].append(Cab(card("10C")))
    game.play(0, group("red"))
    assert "carries green" in refused(game, 0, into("6C"))
    assert "carries blue" in refused(game, 0, into("4C"))


def test_a_half_full_cab_is_filled_by_its_colour_in_a_later_turn():
    game = prepared(3, hands=[["4C"], ["4D"], ["5H"]], pot={"red": 2}, bag=stones({"red": 2}), dice=[1, 1])
    game.play(0, play("4C"))
    game.play(0, group("red"))
    game.play(0, into("4C"))
    game.play(0, DONE)
    game.play(1, DONE)  # P2 adds two red (P1 took stones), then passes
    game.play(2, DONE)
    assert game.turn == 0 and pot(game) == {"red": 2}
    game.play(0, group("red"))
    game.play(0, into("4C"))
    assert dock(game, 0) == [] and game.view(None)["piles"][0] == {"red": 4}
    assert "full, it leaves the dock with 4 tourists" in game.log[-1].text


def test_stealing_from_anyone_once_a_cab_any_number_a_turn():
    game = prepared(3, hands=[["9C"], ["4D"], ["5H"]], pot={"red": 1, "blue": 1})
    game.docks[1] = [Cab(card("5D"), "red", 2)]
    game.docks[2] = [Cab(card("6H"), "blue", 3)]
    game.docks[0] = [Cab(card("8C")), Cab(card("10C"))]
    assert {steal("5D"), steal("6H")} <= set(game.legal_moves(0))
    game.play(0, steal("5D"))
    assert "another cab" in refused(game, 0, into("5D")) or "not a cab" in refused(game, 0, into("5D"))
    game.play(0, into("8C"))
    game.play(0, steal("6H"))
    game.play(0, into("10C"))
    assert dock(game, 0) == [("8C", "red", 3), ("10C", "blue", 4)]
    assert dock(game, 1) == [("5D", None, 0)] and dock(game, 2) == [("6H", None, 0)] and pot(game) == {}
    # the player's own cab too, but not into itself
    game2 = prepared(3, hands=[["9C"], ["4D"], ["5H"]], pot={"red": 1})
    game2.docks[0] = [Cab(card("5C"), "red", 2), Cab(card("3C"))]
    game2.play(0, steal("5C"))
    assert game2.legal_moves(0) == [into("3C"), CANCEL]
    assert "another cab" in refused(game2, 0, into("5C"))


def test_a_steal_needs_a_stone_of_its_colour_in_the_pot_and_a_cab_that_fits():
    game = prepared(3, hands=[["9C"], ["4D"], ["5H"]], pot={"red": 3, "blue": 1})
    game.docks[1] = [Cab(card("5D"), "green", 2), Cab(card("7D"), "red", 4), Cab(card("3D"))]
    game.docks[0] = [Cab(card("4C"))]
    assert "no green in the pot" in refused(game, 0, steal("5D"))
    assert "(7)" in refused(game, 0, steal("7D"))  # 4 + 3 do not fit a 4
    assert "is empty" in refused(game, 0, steal("3D"))
    assert "not a cab waiting" in refused(game, 0, steal("9D"))


def test_draw_only_on_a_turn_with_no_cab_played_and_nothing_loaded():
    game = prepared(3, hands=[["3C"], ["4D"], ["5H"]], pot={"red": 3}, deck=["10S", "7C"])
    game.play(0, play("3C"))
    assert DRAW not in game.legal_moves(0) and "No draw" in refused(game, 0, DRAW)
    game.play(0, DONE)
    game.play(1, DRAW)  # a draw ends the turn
    assert game.turn == 2 and [c.code for c in game.hands[1]] == ["4D", "7C"]
    assert game.log[-3].text_for(0) == "P2 draws a card." and "7 of clubs" in game.log[-3].text_for(1)


def test_a_player_may_do_nothing_and_one_with_no_card_and_nothing_to_do_passes():
    """Rulings: nothing is compulsory (Done at any time); a player with no card, nothing to load or
    steal and no draw allowed has Done alone, and the game goes on."""
    game = prepared(3, hands=[["3C"], [], ["5H"]], pot={"red": 5}, deck=["10S"])
    game.play(0, DONE)
    assert game.legal_moves(1) == [DRAW, DONE]
    game.play(1, DONE)
    game.play(2, DONE)
    game.deck = []
    assert game.legal_moves(0) == [play("3C"), DONE]
    game.play(0, DONE)
    assert game.legal_moves(1) == [DONE]


# -- the end -------------------------------------------------------------------------------------------------


def test_the_bag_short_of_the_roll_ends_after_one_more_turn_each():
    game = prepared(3, hands=[["3C"], ["4D"], ["5H"]], pot={"red": 3}, bag=(COLOURS.index("blue"),) * 4,
                    dice=[3, 3])
    for m in (play("3C"), group("red"), into("3C"), DONE):
        game.play(0, m)
    # P2's add wants six: the bag gives four; P2's turn, then one more each (P2 too)
    view = game.view(None)
    assert view["bag"] == 0 and view["ending"] == "bag" and view["last_turns"] == 3 and pot(game) == {"blue": 4}
    order = []
    while game.outcome() is None:
        order.append(game.turn)
        game.play(game.turn, DONE)
    assert order == [1, 2, 0, 1]
    assert "The bag held only 4: the game is almost over, everyone, P2 too, takes one more turn" in \
        " ".join(e.text for e in game.log)


def test_the_last_card_drawn_ends_after_one_more_turn_each():
    game = prepared(4, hands=[["3C"], ["4D"], ["5H"], ["6S"]], pot={"red": 3}, deck=["7C"], first=2)
    game.play(2, DRAW)
    assert game.view(None)["ending"] == "deck"
    order = []
    while game.outcome() is None:
        order.append(game.turn)
        game.play(game.turn, DONE)
    assert order == [3, 0, 1, 2]


def test_a_second_trigger_does_not_lengthen_the_end():
    game = prepared(3, hands=[["3C"], ["4D"], ["5H"]], pot={"red": 3}, deck=["7C"],
                    bag=(COLOURS.index("blue"),) * 2, dice=[3, 3])
    game.play(0, DRAW)  # the last card: three more turns
    for m in (play("4D"), group("red"), into("4D"), DONE):
        game.play(1, m)
    # P3's add runs the bag dry: the end had begun already
    assert game.view(None)["ending"] == "deck" and game.view(None)["last_turns"] == 1
    game.play(2, DONE)
    game.play(0, DONE)
    assert game.outcome() is not None


def test_scoring_counts_the_full_cabs_by_how_rare_their_colours_are():
    game = prepared(3, hands=[["3C"], ["4D"], ["5H"]], pot={}, deck=["7C"])
    game.gone = [[Cab(card("10C"), "red", 10), Cab(card("3C"), "blue", 3)],
                 [Cab(card("7D"), "green", 7), Cab(card("2D"), "teal", 2)],
                 [Cab(card("7H"), "blue", 7), Cab(card("4H"), "orange", 4)]]
    game.docks[0] = [Cab(card("9C"), "teal", 8)]  # half full: never scored
    # red 10, blue 10 (tied first: 1), green 7 (3), orange 4 (4), teal 2 (5)
    assert game.view(None)["values"] == {"red": 1, "orange": 4, "green": 3, "teal": 5, "blue": 1}
    assert game.view(None)["points"] == [13, 31, 23]
    game.play(0, DRAW)
    for _ in range(3):
        game.play(game.turn, DONE)
    out = game.outcome()
    assert [s.name for s in out.standings] == ["P2", "P3", "P1"] and out.summary == "P2 wins with 31 points."


@pytest.mark.parametrize("tie,places", [("share", [1, 1, 3]), ("stones", [1, 2, 3])])
def test_a_tie_for_first_is_shared_or_goes_to_more_stones_carried(tie, places):
    game = prepared(3, hands=[["3C"], ["4D"], ["5H"]], pot={}, deck=["7C"], tie=tie)
    # red 6 (1), blue 3 (2), green 2 (3): P1 6, P2 3*2 = 6, P3 2*3 = 6 - no: P3 with one green
    game.gone = [[Cab(card("6C"), "red", 6)], [Cab(card("3D"), "blue", 3)], [Cab(card("2H"), "green", 2)]]
    assert game.view(None)["points"] == [6, 6, 6]
    game.gone[2] = [Cab(card("2H"), "green", 1)]  # (a made-up pile: 1 green, worth 3)
    game.play(0, DRAW)
    for _ in range(3):
        game.play(game.turn, DONE)
    out = game.outcome()
    assert [s.place for s in out.standings] == places
    if tie == "share":
        assert out.winners == [] and "share first place" in out.summary
    else:
        assert out.winners == [0] and "more tourists" in out.tiebreaks


# -- undo, refusals, words -----------------------------------------------------------------------------------


def test_loads_can_be_undone_a_card_played_or_a_roll_cannot():
    game = ShortBusToParadise(["A", "B", "C"], 11)
    seat = game.turn
    moves = game.legal_moves(seat)
    replayed = ShortBusToParadise.replay(game.players, game.seed, game.options, [])
    assert replayed.view(None) == game.view(None)
    first_play = next(m for m in moves if m.kind == "play")
    game = ShortBusToParadise.replay(game.players, game.seed, game.options, [(seat, first_play)])
    assert not game.undo_status()[0]  # a card shown to the table
    group_moves = [m for m in game.legal_moves(seat) if m.kind == "group"]
    if group_moves:
        game.play(seat, group_moves[0])
        assert game.undo_status()[0]


def test_refusals_say_why():
    game = prepared(3, hands=[["3C"], ["4D"], ["5H"]], pot={"red": 3})
    assert "not P2's turn" in refused(game, 1, DONE)
    assert "no 'fly' move" in refused(game, 0, Move("fly"))
    assert "Nothing is chosen" in refused(game, 0, CANCEL)
    assert "First choose" in refused(game, 0, into("3C"))
    assert "not in P1's hand" in refused(game, 0, play("4D"))
    assert "not a card" in refused(game, 0, play("XX"))
    assert "no blue group" in refused(game, 0, group("blue"))
    assert "not a colour" in refused(game, 0, group("purple"))
    assert "takes nothing more" in refused(game, 0, Move("done", (1,)))
    game.deck = []
    assert "deck is empty" in refused(game, 0, DRAW)


def test_labels():
    game = prepared(3, hands=[["3C"], ["4D"], ["5H"]], pot={"red": 1})
    game.docks[1] = [Cab(card("6D"), "red", 2)]
    game.docks[0] = [Cab(card("8C"))]
    labels = {game.describe_move(m) for m in game.legal_moves(0)}
    assert {"Play 3♣ (a 3-seat cab)", "Take the 1 red", "Steal 2 red from P2's 6♦ (+1 of the pot)", "Draw a card",
            "Done: end the turn"} <= labels
    game.play(0, group("red"))
    assert game.describe_move(into("8C")) == "Into 8♣ (empty, 8 seats)"


def test_a_bag_emptied_exactly_ends_the_game_at_the_next_add():
    """A roll the bag gives in full does not end the game, even if it empties the bag; the next add
    finds the bag empty (no roll) and begins the end."""
    game = prepared(3, hands=[["3C"], ["4D"], ["5H"]], pot={"red": 3, "blue": 4},
                    bag=(COLOURS.index("teal"),) * 2, dice=[1, 1])
    for m in (play("3C"), group("red"), into("3C"), DONE):
        game.play(0, m)
    assert game.view(None)["bag"] == 0 and game.view(None)["last_turns"] is None
    for m in (play("4D"), group("blue"), into("4D"), DONE):
        game.play(1, m)
    view = game.view(None)
    assert view["ending"] == "bag" and view["last_turns"] == 3 and view["roll"] == []
    assert "would add stones, but the bag is empty" in game.log[-1].text


def test_stolen_stones_may_join_a_half_full_cab_of_their_colour():
    game = prepared(3, hands=[["9C"], ["4D"], ["5H"]], pot={"red": 1})
    game.docks[1] = [Cab(card("5D"), "red", 2)]
    game.docks[0] = [Cab(card("7C"), "red", 3), Cab(card("6C"), "blue", 1)]
    game.play(0, steal("5D"))
    assert game.legal_moves(0) == [into("7C"), CANCEL]
    game.play(0, into("7C"))
    assert dock(game, 0) == [("7C", "red", 6), ("6C", "blue", 1)]
