"""Hotel Transylvania: the seed's worked examples (the shares of a scare), the chain and its exception,
surprises by the standing order (and what the table learns of them), freak-outs, the end after the
last card, the tie-break, refusals and undo."""

from __future__ import annotations

import pytest

from tabletop_tui.bots.base import RandomBot
from tabletop_tui.rules.engine import IllegalMove, Move, log_for
from tabletop_tui.rules.hotel_transylvania import (DOORS, HotelTransylvania, LOOP, chain, code_room, neighbour,
                                                   room_code, room_name, split)


class Dice:
    """The game's stream with the next dice set by the test (and counted, as the engine counts)."""

    def __init__(self, *values: int):
        self.values = list(values)
        self.draws = 0

    def die(self, sides: int = 6) -> int:
        self.draws += 1
        return self.values.pop(0)

    def dice(self, n: int, sides: int = 6) -> list[int]:
        return [self.die() for _ in range(n)]

    def __copy__(self):
        other = Dice(*self.values)
        other.draws = self.draws
        return other


def table(players: int = 3, seed: int = 1) -> HotelTransylvania:
    return HotelTransylvania([f"P{i}" for i in range(players)], seed)


def at_move(game: HotelTransylvania) -> int:
    """Play the first player's card (whatever it is), so that the game waits for a guest's move."""
    seat = game.turn
    game.play(seat, next(m for m in game.legal_moves(seat) if m.kind == "play"))
    return seat


def place_guest(game: HotelTransylvania, colour: str, room: int, rank: int, roll: int) -> None:
    """Put a guest `roll` spaces before `room`, at `rank`."""
    from tabletop_tui.rules.hotel_transylvania import COLOURS
    target = LOOP.index(room)
    game.guests[COLOURS.index(colour)] = [(target - roll) % len(LOOP), rank]


# -- the seed's worked examples: the shares ------------------------------------------------------------------


@pytest.mark.parametrize("ghosts,expected", [
    (1, [5]),
    (2, [3, 2]),  # two to the top, one to the bottom, one to the top, one to the bottom
    (3, [3, 1, 1]),  # two to the top, one to each under it, one more to the top
    (4, [2, 1, 1, 1]),
    (5, [2, 1, 1, 1, 0]),  # the fifth ghost and below get nothing
    (6, [2, 1, 1, 1, 0, 0]),
])
def test_five_points_are_shared_as_the_seed_shows(ghosts, expected):
    stack = list(range(ghosts))  # bottom to top
    assert split(5, stack)[::-1] == expected  # top first


def test_a_level_4_guest_gives_its_room_4_points_and_becomes_a_5():
    game = table()
    seat = at_move(game)
    other = (seat + 1) % 3
    room = 30
    game.stacks[room - 1] = [other, seat]
    place_guest(game, "red", room, 4, 7)
    game.rng = Dice(3, 4)
    before = list(game.scores)
    game.play(seat, Move("move", ("red",)))
    assert game.guests[0] == [LOOP.index(room), 5]
    assert game.scores[seat] - before[seat] == 2 + 1 and game.scores[other] - before[other] == 1


def test_points_go_round_the_stack_again_and_one_player_may_own_two_chips():
    assert split(6, [0, 1]) == [2, 4]
    assert split(1, [0, 1, 2]) == [0, 0, 1]
    assert split(-3, [0, 1]) == [-1, -2]
    from tabletop_tui.rules.hotel_transylvania import shares
    assert shares(5, [0, 1, 0], 2) == [3 + 1, 1]


# -- the board and the chain -------------------------------------------------------------------------------


def test_our_board_52_rooms_in_card_order_and_six_doors_before_1_9_18_27_35_44():
    assert len(LOOP) == 58 and sorted(r for r in LOOP if r) == list(range(1, 53))
    assert [LOOP[d + 1] for d in DOORS] == [1, 9, 18, 27, 35, 44]
    assert room_code(1) == "AC" and room_code(13) == "KC" and room_code(14) == "AD" and room_code(52) == "KS"
    assert all(code_room(room_code(r)) == r for r in range(1, 53))
    assert neighbour(8, 1) == 0 and neighbour(9, -1) == 0 and neighbour(10, 1) == 11
    assert neighbour(52, 1) == 0 and neighbour(1, -1) == 0
    assert room_name(39) == "♥K"


def test_the_chain_haunts_both_ways_to_an_empty_room_or_a_door_and_skips_where_the_player_is_on_top():
    stacks: list[list[int]] = [[] for _ in range(52)]
    for r in (3, 4, 6, 7, 8, 9, 10):
        stacks[r - 1] = [1]
    stacks[6] = [1, 0]  # room 7: seat 0 is already on top
    # room 5 played by seat 0: down to 4, 3 (2 is empty); up to 6, 7 (skipped), 8 (the door before 9 stops it)
    assert chain(stacks, 5, 0) == [4, 3, 6, 8]


def test_playing_a_card_haunts_the_room_and_the_chain():
    game = table()
    seat = game.turn
    code = game.hands[seat][0]
    room = code_room(code)
    side = neighbour(room, 1) or neighbour(room, -1)
    other = (seat + 1) % 3
    game.stacks[side - 1] = [other]
    game.play(seat, Move("play", (code,)))
    assert game.stacks[room - 1] == [seat] and game.stacks[side - 1] == [other, seat]
    assert game.phase == "move" and len(game.hands[seat]) == 4
    assert room_name(side) in game.log[-1].text


# -- surprises ---------------------------------------------------------------------------------------------


def surprise_table(order: tuple[int, int] | None, rank: int, dice=(3, 4)):
    """The first player moves the red guest onto the unhaunted room of a card the next player holds."""
    game = table()
    seat = at_move(game)
    holder = (seat + 1) % 3
    code = game.hands[holder][0]
    room = code_room(code)
    if order is not None:
        game.orders[holder] = game.orders[holder].with_value(order)
    place_guest(game, "red", room, rank, sum(dice[:2]))
    game.rng = Dice(*dice)
    since = len(game.log)
    game.play(seat, Move("move", ("red",)))
    return game, seat, holder, code, room, since


def test_a_surprise_by_the_standing_order_plays_the_card_without_a_chain_and_scores_the_rank():
    game, seat, holder, code, room, since = surprise_table(None, 3)  # the default: any guest but a 6
    assert code not in game.hands[holder] and game.stacks[room - 1] == [holder]
    assert game.scores[holder] == 3 and game.guests[0][1] == 4
    assert any(e.kind == "surprise" and e.to is None for e in game.log[since:])
    assert game.last is not None and game.last["surprise"] == holder


def test_a_surprise_never_chains():
    game = table()
    seat = at_move(game)
    holder = (seat + 1) % 3
    code = next(c for c in game.hands[holder] if neighbour(code_room(c), 1))
    room = code_room(code)
    side = neighbour(room, 1)
    game.stacks[side - 1] = [seat]
    place_guest(game, "red", room, 2, 7)
    game.rng = Dice(3, 4)
    game.play(seat, Move("move", ("red",)))
    assert game.stacks[room - 1] == [holder] and game.stacks[side - 1] == [seat]


def test_an_order_that_does_not_cover_the_rank_lets_the_guest_pass_and_the_table_reads_only_that():
    game, seat, holder, code, room, since = surprise_table((4, 0), 3)
    assert code in game.hands[holder] and game.stacks[room - 1] == []
    assert game.guests[0][1] == 4 and game.scores == [0, 0, 0]
    lines = [e.text for e in log_for(game.log[since:], seat)]
    assert any("nobody surprises" in t for t in lines)
    assert not any(game.players[holder] in t for t in lines if "surprise" in t)


def test_a_six_freaks_out_on_an_unhaunted_room_and_a_surprise_of_a_six_loses_the_new_rank():
    game, seat, holder, code, room, since = surprise_table((4, 1), 6, dice=(3, 4, 5))
    assert game.stacks[room - 1] == [holder] and game.scores[holder] == -5 and game.guests[0][1] == 5
    game, seat, holder, code, room, since = surprise_table(None, 6, dice=(3, 4, 2))  # the default spares 6s
    assert game.stacks[room - 1] == [] and game.scores == [0, 0, 0] and game.guests[0][1] == 2


def test_a_freak_out_in_a_haunted_room_shares_the_new_rank_lost():
    game = table()
    seat = at_move(game)
    room = 20
    game.stacks[room - 1] = [0, 1, 2]
    place_guest(game, "blue", room, 6, 5)
    game.rng = Dice(2, 3, 6)
    game.play(seat, Move("move", ("blue",)))
    assert game.scores == [-1, -2, -3] and game.guests[4][1] == 6  # 6 lost: 2, 1, 1 from the top, then 1, 1 again


def test_a_door_stop_neither_scares_nor_scores():
    game = table()
    seat = at_move(game)
    game.guests[0] = [DOORS[1] - 5, 3]
    game.rng = Dice(2, 3)
    game.play(seat, Move("move", ("red",)))
    assert game.guests[0] == [DOORS[1], 3] and game.scores == [0, 0, 0]


# -- hidden: the standing order --------------------------------------------------------------------------


def test_the_standing_order_is_seen_by_its_owner_alone_set_on_its_turn_and_can_be_undone():
    game = HotelTransylvania(["A", "B", "C"], 5)
    seat = game.turn
    other = (seat + 1) % 3
    assert game.view(seat)["order"] == [1, 0] and game.view(other)["order"] == [1, 0]
    game.play(seat, Move("order", (3, 0)))
    assert game.orders[seat].value == (3, 0)
    assert game.view(other)["order"] == [1, 0] and game.view(None)["order"] is None
    assert log_for(game.log, other) == log_for(game.log[:-1], other)  # nothing said to the others
    assert game.undo_status()[0]
    assert game.undone().orders[seat].value == (1, 0)
    with pytest.raises(IllegalMove, match="already"):
        game.play(seat, Move("order", (3, 0)))
    with pytest.raises(IllegalMove, match="turn"):
        game.play(other, Move("order", (2, 0)))
    with pytest.raises(IllegalMove, match="two numbers"):
        game.play(seat, Move("order", (0, 1)))


def test_the_orders_are_named_anew_after_every_guest_move():
    game = table()
    names = [o.name for o in game.orders]
    seat = at_move(game)
    game.play(seat, Move("move", ("red",)))
    assert all(a != b for a, b in zip(names, [o.name for o in game.orders]))


# -- turns, refusals, the end --------------------------------------------------------------------------------


def test_draw_to_five_play_is_compulsory_then_move():
    game = table()
    seat = game.turn
    assert len(game.hands[seat]) == 5 and all(len(game.hands[s]) == 4 for s in range(3) if s != seat)
    assert {m.kind for m in game.legal_moves(seat)} == {"play", "order"}
    with pytest.raises(IllegalMove, match="plays a card first"):
        game.play(seat, Move("move", ("red",)))
    other = (seat + 1) % 3
    code = game.hands[other][0]
    with pytest.raises(IllegalMove) as refused:
        game.play(seat, Move("play", (code,)))
    assert refused.value.reason == f"{room_name(code_room(code))} is not in {game.players[seat]}'s hand."
    with pytest.raises(IllegalMove, match="not a card"):
        game.play(seat, Move("play", ("ZZ",)))
    at_move(game)
    with pytest.raises(IllegalMove, match="has played a card"):
        game.play(seat, Move("play", (game.hands[seat][0],)))
    with pytest.raises(IllegalMove, match="colour"):
        game.play(seat, Move("move", ("pink",)))
    with pytest.raises(IllegalMove, match="has no 'fly' move"):
        game.play(seat, Move("fly"))


def last_card_played():
    """A game whose last card the seat to move has just played (the 2♣): its turn is yet to finish."""
    game = table()
    for s in range(3):
        game.hands[s] = []
    game.deck = []
    seat = game.turn
    game.hands[seat] = ["2C"]
    game.played = 51
    game.play(seat, Move("play", ("2C",)))
    return game, seat


def test_the_game_ends_after_the_turn_of_the_last_card_and_the_tie_goes_to_the_top_ghost_of_the_highest_room():
    game, seat = last_card_played()
    assert game.outcome() is None and game.legal_moves(seat)  # the turn is finished first
    game.stacks = [[] for _ in range(52)]
    game.stacks[51] = [seat, (seat + 1) % 3]  # K♠: the next seat on top
    game.stacks[0] = [seat]
    game.scores = [7, 7, 7]
    game.scores[(seat + 2) % 3] = 3
    game.play(seat, Move("move", ("red",)))
    out = game.outcome()
    assert out is not None and out.winners == [(seat + 1) % 3]
    assert [st.seat for st in out.standings][:2] == [(seat + 1) % 3, seat]
    assert "♠K" in out.tiebreaks


def test_in_a_tie_the_ace_of_spades_room_is_above_the_king_of_hearts_room():
    # the Ruling: rooms rank suit first (as they run around the loop), then by rank
    game, seat = last_card_played()
    game.stacks = [[] for _ in range(52)]
    assert (room_code(39), room_code(40)) == ("KH", "AS")
    game.stacks[38] = [(seat + 1) % 3]  # the K♥ room
    game.stacks[39] = [seat]  # the A♠ room
    game.scores = [7, 7, 7]
    game.play(seat, Move("move", ("red",)))
    out = game.outcome()
    assert out is not None and out.winners == [seat]
    assert [st.seat for st in out.standings][:2] == [seat, (seat + 1) % 3]


def test_a_tie_where_nobody_tops_a_room_is_shared():
    game = table()
    game.scores = [4, 4, 1]
    game.stacks = [[] for _ in range(52)]
    game.stacks[10] = [2]
    out = game._score()
    assert out.winners == [] and set(out.first) == {0, 1} and "howl" in out.summary


def test_an_empty_hand_moves_at_once():
    game = table()
    seat = game.turn
    nxt = (seat + 1) % 3
    game.hands[nxt] = []
    game.deck = []
    at_move(game)
    game.play(seat, Move("move", ("red",)))
    assert game.turn == nxt and game.phase == "move"
    assert {m.kind for m in game.legal_moves(nxt)} == {"move", "order"}


def test_random_games_end_with_every_card_played():
    for seed in range(2):
        game = HotelTransylvania(["A", "B", "C", "D"], seed)
        bots = [RandomBot(s, seed) for s in range(4)]
        while game.outcome() is None:
            s = game.to_act()[0]
            game.play(s, bots[s].choose(game.view(s), game.legal_moves(s)))
        assert game.played == 52 and all(game.stacks) and not game.deck and not any(game.hands)


def test_several_guests_may_stand_on_one_space_and_each_is_scared_there():
    game = table()
    seat = at_move(game)
    room = 33
    game.stacks[room - 1] = [seat]
    place_guest(game, "red", room, 2, 6)
    place_guest(game, "orange", room, 3, 0)  # already there
    game.rng = Dice(2, 4)
    game.play(seat, Move("move", ("red",)))
    assert game.guests[0] == game.guests[1][:1] + [3] and game.guests[1][1] == 3
    assert game.scores[seat] == 2


def test_a_tie_of_three_ranks_by_the_highest_room_each_tops():
    game = table(4)
    game.scores = [5, 5, 5, 2]
    game.stacks = [[] for _ in range(52)]
    game.stacks[40] = [0]  # ♠2
    game.stacks[20] = [1]  # ♦8
    game.stacks[51] = [3]  # ♠K, but seat 3 is not tied
    out = game._score()
    assert [st.seat for st in out.standings] == [0, 1, 2, 3]
    assert [st.place for st in out.standings] == [1, 2, 3, 4]


def test_the_last_card_played_by_a_surprise_ends_the_game_with_that_turn():
    game = table()
    seat = at_move(game)
    holder = (seat + 1) % 3
    for s in range(3):
        game.hands[s] = []
    game.deck = []
    game.hands[holder] = ["7D"]
    game.played = 51
    place_guest(game, "red", code_room("7D"), 3, 7)
    game.rng = Dice(3, 4)
    game.play(seat, Move("move", ("red",)))
    assert game.played == 52 and game.outcome() is not None and game.scores[holder] == 3


def test_a_move_counts_the_doors_it_passes():
    game = table()
    seat = at_move(game)
    game.guests[0] = [LOOP.index(8), 2]  # ♣8, the door before ♣9 next
    game.rng = Dice(1, 1)
    game.play(seat, Move("move", ("red",)))
    assert LOOP[game.guests[0][0]] == 9
