"""Thief in the Night: movement, traps, sight (each case of our reading of the lost diagram), behind the
thief, showdowns, the castle's validation, the generator, and seeded random games."""

from __future__ import annotations

import random

import pytest

from tabletop_tui.rules.components.cards import card, cards
from tabletop_tui.rules.engine import IllegalMove, Move
from tabletop_tui.rules.thief_in_the_night import (
    ALL_CARDS, AREA, CENTRE, DOOR, N, WALL, Castle, ThiefInTheNight, generate_castle, is_behind, sight)
from tabletop_tui.rules.engine import Stream


def sq(x: int, y: int) -> int:
    return y * N + x


def wall(castle: Castle, a: int, b: int, kind: int = WALL) -> None:
    """A wall (or door) between orthogonal neighbours a and b."""
    if b == a - N:
        castle.north[a] = kind
    elif b == a + N:
        castle.north[b] = kind
    elif b == a - 1:
        castle.west[a] = kind
    else:
        castle.west[b] = kind
    castle.changed()


def open_castle() -> Castle:
    c = Castle()
    c.gem = CENTRE[0]
    return c


def table(thief=(sq(5, 20), 0), pieces=None, thief_hand="2C 3C 4D 7H 9S JD QS KH AC 5S", hands=None, **options):
    """A game in the thief's turn on an empty castle, with the pieces, hands and cards given."""
    g = ThiefInTheNight(["Tess", "Cato"], 1, **options)
    g.castle = open_castle()
    g.thief_seat, g.captain_seat = 0, 1
    g.pos = list(pieces or [sq(20, 2), sq(22, 2), sq(18, 2), sq(16, 2), sq(14, 2), sq(12, 2)])
    g.facing = [0] * 6
    g.tpos, g.tface = thief
    g.tdeck = [c for c in ALL_CARDS[:52]]
    g.cdeck = [c for c in ALL_CARDS[52:]]
    g.thand = sorted(cards(thief_hand))
    for c in g.thand:
        g.tdeck.remove(c)
    default = ["2C.2 3D.2 4H.2 5S.2 6C.2 7D.2 8H.2 9S.2 10C.2 JD.2", "2D.2 3H.2 4S.2 5C.2 6D.2",
               "2H.2 3S.2 4C.2 5D.2 6H.2", "2S.2 3C.2 4D.2 5H.2 6S.2", "7C.2 8D.2 9H.2 10S.2 JC.2",
               "7H.2 8S.2 9C.2 10D.2 QC.2"]
    g.hands = [sorted(cards(h)) for h in (hands or default)]
    for h in g.hands:
        for c in h:
            if c in g.cdeck:
                g.cdeck.remove(c)
    g.phase = "thief"
    g.round = 1
    g._cache = None
    g._sight_cache = None
    return g


def play(g, *moves):
    events = []
    for m in moves:
        seat = g.to_act()[0]
        events += g.play(seat, m if isinstance(m, Move) else Move(*m))
    return events


def local(at, facing, s, f):
    """The square s to the right and f ahead of a watcher."""
    from tabletop_tui.rules.thief_in_the_night import DX, DY
    y, x = divmod(at, N)
    r = (facing + 1) % 4
    return (y + s * DY[r] + f * DY[facing]) * N + x + s * DX[r] + f * DX[facing]


# -- movement --------------------------------------------------------------------------------------


def test_a_number_card_moves_three_squares_a_face_card_four_diagonals_allowed():
    g = table()
    play(g, ("go", ("7H",)))
    assert g.steps_left == 3
    play(g, ("step", ("NE",)), ("step", ("NE",)), ("step", ("N",)))
    assert g.tpos == sq(7, 17) and g.phase == "face"
    g = table()
    play(g, ("go", ("KH",)))
    assert g.steps_left == 4
    g = table()
    play(g, ("go", ("AC",)))
    assert g.steps_left == 4


def test_walls_block_steps_and_a_diagonal_needs_a_way_round_its_corner():
    g = table(thief=(sq(5, 20), 0))
    wall(g.castle, sq(5, 20), sq(5, 19))
    play(g, ("go", ("7H",)))
    with pytest.raises(IllegalMove, match="wall"):
        play(g, ("step", ("N",)))
    play(g, ("step", ("NE",)))  # round the east side: (6,20) then (6,19)
    assert g.tpos == sq(6, 19)
    g = table(thief=(sq(5, 20), 0))
    wall(g.castle, sq(5, 20), sq(5, 19))
    wall(g.castle, sq(5, 20), sq(6, 20))
    play(g, ("go", ("7H",)))
    assert Move("step", ("NE",)) not in g.legal_moves(0)


def test_pieces_block_squares_and_the_thief_draws_one_card_at_the_end():
    g = table(pieces=[sq(5, 19), sq(22, 2), sq(18, 2), sq(16, 2), sq(14, 2), sq(12, 2)])
    g.facing[0] = 2  # the captain looks south, at the thief? he is right in front of him
    play(g, ("stay", ("2C",)))
    assert g.phase == "face"
    play(g, ("face", ("E",)))
    assert len(g.thand) == 10 and g.tface == 1 and g.phase == "captain"
    g = table(pieces=[sq(5, 19), sq(22, 2), sq(18, 2), sq(16, 2), sq(14, 2), sq(12, 2)])
    g.facing[0] = 0
    play(g, ("go", ("7H",)))
    with pytest.raises(IllegalMove, match="guard stands there"):
        play(g, ("step", ("N",)))


# -- traps -----------------------------------------------------------------------------------------


def test_a_trap_stops_the_thief_unless_he_discards_a_neighbouring_rank_chain_after_chain():
    g = table(thief_hand="2C 3C 4D 7H 9S JD QS KH AC 5S")
    g.castle.traps[sq(5, 19)] = 1
    g.castle.traps[sq(5, 18)] = 1
    play(g, ("go", ("JD",)), ("step", ("N",)))
    assert g.phase == "trap"
    chains = {m.args[0] for m in g.legal_moves(0) if m.kind == "chain"}
    assert chains == {"QS"}  # one rank from the jack: 10 or queen
    play(g, ("chain", ("QS",)), ("step", ("N",)))
    assert g.phase == "trap"
    assert {m.args[0] for m in g.legal_moves(0) if m.kind == "chain"} == {"KH"}  # J is gone
    with pytest.raises(IllegalMove, match="one rank from the queen"):
        play(g, ("chain", ("2C",)))
    play(g, ("stop",))
    assert g.tpos == sq(5, 18) and g.phase == "face"
    play(g, ("face", ("N",)))
    assert len(g.thand) == 9  # two discarded, one drawn


def test_the_ace_neighbours_the_king_and_the_two():
    g = table(thief_hand="2C 3C 4D 7H 9S JD QS KH AC 5S")
    g.castle.traps[sq(5, 19)] = 1
    play(g, ("go", ("AC",)), ("step", ("N",)))
    assert {m.args[0] for m in g.legal_moves(0) if m.kind == "chain"} == {"2C", "KH"}


def test_a_trap_on_the_last_step_just_ends_the_move():
    g = table()
    g.castle.traps[sq(5, 17)] = 1
    play(g, ("go", ("7H",)), ("step", ("N",)), ("step", ("N",)), ("step", ("N",)))
    assert g.phase == "face"


# -- sight -----------------------------------------------------------------------------------------

W = sq(12, 12)


@pytest.mark.parametrize("facing", [0, 1, 2, 3])
def test_a_guard_sees_the_three_by_three_ahead_and_the_captain_five_by_five(facing):
    c = open_castle()
    guard = set(sight(c, W, facing, 1))
    assert guard == {local(W, facing, s, f) for s in (-1, 0, 1) for f in (1, 2, 3)}
    captain = set(sight(c, W, facing, 2))
    assert captain == {local(W, facing, s, f) for s in range(-2, 3) for f in range(1, 6)}


@pytest.mark.parametrize("facing", [0, 1, 2, 3])
def test_a_wall_on_the_near_side_hides_the_square_and_its_column_behind(facing):
    c = open_castle()
    wall(c, local(W, facing, 0, 2), local(W, facing, 0, 1))
    seen = set(sight(c, W, facing, 1))
    assert local(W, facing, 0, 1) in seen
    assert local(W, facing, 0, 2) not in seen and local(W, facing, 0, 3) not in seen
    assert local(W, facing, 1, 2) in seen and local(W, facing, -1, 3) in seen


def test_a_near_wall_in_a_side_column_hides_that_column_only():
    c = open_castle()
    wall(c, local(W, 0, 1, 2), local(W, 0, 1, 1))
    seen = set(sight(c, W, 0, 2))
    assert local(W, 0, 1, 2) not in seen and local(W, 0, 1, 3) not in seen and local(W, 0, 1, 5) not in seen
    assert local(W, 0, 2, 2) in seen and local(W, 0, 2, 3) in seen and local(W, 0, 0, 3) in seen


def test_a_wall_facing_the_watchers_column_hides_the_squares_further_out_in_that_row():
    c = open_castle()
    wall(c, local(W, 0, 1, 1), local(W, 0, 0, 1))  # the inner side of the diagonal square (1, 1)
    seen = set(sight(c, W, 0, 2))
    assert local(W, 0, 1, 1) not in seen and local(W, 0, 2, 1) not in seen
    assert local(W, 0, -1, 1) in seen and local(W, 0, 0, 2) in seen
    c = open_castle()
    wall(c, local(W, 0, 2, 1), local(W, 0, 1, 1))  # the inner side of (2, 1), aside more than ahead
    seen = set(sight(c, W, 0, 2))
    assert local(W, 0, 2, 1) not in seen
    assert local(W, 0, 1, 1) in seen and local(W, 0, 2, 2) in seen


def test_walls_that_hide_nothing_doors_and_traps():
    c = open_castle()
    wall(c, local(W, 0, 2, 1), local(W, 0, 2, 2))  # the far side of a square aside: not its near side
    wall(c, local(W, 0, 0, 3), local(W, 0, 0, 4))  # beyond the guard's reach
    wall(c, local(W, 0, 0, 2), local(W, 0, 0, 1), DOOR)
    c.traps[local(W, 0, 0, 1)] = 1
    assert set(sight(c, W, 0, 1)) == {local(W, 0, s, f) for s in (-1, 0, 1) for f in (1, 2, 3)}
    assert local(W, 0, 2, 1) in sight(c, W, 0, 2)


def test_a_long_wall_in_front_hides_everything_behind_it():
    c = open_castle()
    for s in range(-2, 3):
        wall(c, local(W, 0, s, 2), local(W, 0, s, 1))
    seen = set(sight(c, W, 0, 2))
    assert seen == {local(W, 0, s, 1) for s in range(-2, 3)}


def test_sight_stops_at_the_edge_of_the_castle():
    c = open_castle()
    assert sight(c, sq(0, 0), 0, 1) == []
    assert set(sight(c, sq(0, 5), 0, 1)) == {sq(x, y) for x in (0, 1) for y in (2, 3, 4)}


@pytest.mark.parametrize("facing,behind,not_behind", [
    (0, [(0, 1), (1, 1), (-2, 2), (3, 3)], [(0, -1), (1, 0), (2, 1), (-3, 2)]),
    (1, [(-1, 0), (-2, 1), (-3, -3)], [(1, 0), (0, 1), (-1, 2)]),
])
def test_behind_the_thief_is_the_wedge_opposite_his_facing(facing, behind, not_behind):
    t = sq(10, 10)
    for dx, dy in behind:
        assert is_behind(t, facing, sq(10 + dx, 10 + dy)), (dx, dy)
    for dx, dy in not_behind:
        assert not is_behind(t, facing, sq(10 + dx, 10 + dy)), (dx, dy)


# -- showdowns -------------------------------------------------------------------------------------

GUARD_AT = sq(5, 16)  # guard 1, facing south, sees (4..6, 17..19)


def watched_table(thief_hand, guard_hand, facing=0, thief_face=0, guard_at=GUARD_AT, thief_at=sq(5, 20),
                  **options):
    """Guard 1 on `guard_at` facing south, with `guard_hand`; the thief on `thief_at`."""
    pieces = [sq(20, 2), guard_at, sq(18, 2), sq(16, 2), sq(14, 2), sq(12, 2)]
    hands = ["2C.2 3D.2 4H.2 5S.2 6C.2 7D.2 8H.2 9S.2 10C.2 JD.2", guard_hand, "2H.2 3S.2 4C.2 5D.2 6H.2",
             "2S.2 3C.2 4D.2 5H.2 6S.2", "7C.2 8D.2 9H.2 10S.2 JC.2", "7H.2 8S.2 9C.2 10D.2 QC.2"]
    g = table(thief=(thief_at, thief_face), pieces=pieces, thief_hand=thief_hand, hands=hands, **options)
    g.facing[1] = 2
    return g


def test_stepping_into_sight_with_the_better_hand_escapes_sheds_three_and_moves_unseen():
    g = watched_table("AC AD AH AS KH 2C 3C 4D 7H 9S", "2D.2 3H.2 4S.2 5C.2 7D.2")
    events = play(g, ("go", ("9S",)), ("step", ("N",)))
    assert g.showdown["result"] == "escape" and g.phase == "shed"
    assert any("escapes" in e.text for e in events)
    assert g.hands[1] and len(g.hands[1]) == 5 and card("7D.2") in g.cdisc  # discarded and restocked
    escape = [card(c) for c in g.showdown["escape"]]
    assert set(escape) <= set(g.thand) and card("AS") in escape
    shed = [c for c in escape if c.rank != 14][:1] + [c for c in escape if c.rank == 14][:2]
    for c in shed:
        play(g, ("shed", (c.code,)))
    assert g.phase == "dash" and g.steps_left == 4 and len(g.thand) == 9 - 3 + 3
    play(g, ("step", ("N",)), ("step", ("N",)))  # deeper into the guard's sight: nothing happens
    assert g.phase == "dash" and g.showdowns == 1
    play(g, ("stop",), ("face", ("N",)))
    assert g.phase == "captain" and len(g.thand) == 10


def test_the_better_capture_hand_catches_the_thief():
    g = watched_table("2C 3D 5H 7S 9C JD 4H 6S 8C 10D", "AC.2 AD.2 AH.2 KS.2 KC.2")
    play(g, ("go", ("2C",)), ("step", ("N",)))
    assert g.outcome() is not None and g.outcome().winner == 1
    assert "catch" in g.outcome().summary


def test_equal_hands_change_nothing_and_the_move_goes_on():
    g = watched_table("AC KD QH JS 9C 2S 4H 6D 8S 7C", "AD.2 KS.2 QD.2 JC.2 9H.2")
    play(g, ("go", ("2S",)), ("step", ("N",)))
    assert g.showdown["result"] == "tie" and g.phase == "steps" and g.steps_left == 2
    assert card("AC") in g.known  # shown, and so public while it stays in the hand


def test_a_guard_that_moves_into_sight_from_behind_forces_random_cards():
    # the thief faces north on (5, 20); guard 1 comes from the south, behind him
    pieces = [sq(20, 2), sq(5, 23), sq(18, 2), sq(16, 2), sq(14, 2), sq(12, 2)]
    hands = ["2C.2 3D.2 4H.2 5S.2 6C.2 7D.2 8H.2 9S.2 10C.2 JD.2", "2D.2 3H.2 4S.2 5C.2 7D.2",
             "2H.2 3S.2 4C.2 5D.2 6H.2", "2S.2 3C.2 4D.2 5H.2 6S.2", "7C.2 8D.2 9H.2 10S.2 JC.2",
             "7H.2 8S.2 9C.2 10D.2 QC.2"]
    g = table(thief=(sq(5, 20), 0), pieces=pieces, hands=hands, thief_hand="AC AD AH AS KH 2C 3C 4D 7H 9S")
    g.phase = "captain"
    g.moved = set()
    play(g, ("guard", (1, "2D.2", 5, 21)))  # two squares north, facing north: sees (4..6, 18..20)
    sd = g.showdown
    assert sd is not None and len(sd["forced"]) == 1 and sd["forced"][0] in sd["escape"]
    # from the front: no forced cards
    g = table(thief=(sq(5, 20), 2), pieces=pieces, hands=hands, thief_hand="AC AD AH AS KH 2C 3C 4D 7H 9S")
    g.phase = "captain"
    g.moved = set()
    play(g, ("guard", (1, "2D.2", 5, 21)))
    assert g.showdown["forced"] == []


def test_behind_any_forces_cards_when_the_thief_steps_in_with_a_watcher_behind():
    g = watched_table("AC AD AH AS KH 2C 3C 4D 7H 9S", "2D.2 3H.2 4S.2 5C.2 7D.2", thief_face=2, behind="any")
    play(g, ("go", ("9S",)), ("step", ("N",)))  # facing south, the guard to the north is behind
    assert len(g.showdown["forced"]) == 1
    g = watched_table("AC AD AH AS KH 2C 3C 4D 7H 9S", "2D.2 3H.2 4S.2 5C.2 7D.2", thief_face=2)
    play(g, ("go", ("9S",)), ("step", ("N",)))
    assert g.showdown["forced"] == []


def test_the_gem_is_picked_up_and_carried_out_to_an_edge_square():
    g = table(thief=(sq(3, 21), 0))
    g.castle.gem = sq(3, 22)
    play(g, ("go", ("KH",)), ("step", ("S",)))
    assert g.carrying
    play(g, ("step", ("S",)))
    assert g.outcome() is not None and g.outcome().winner == 0 and "escapes the castle" in g.outcome().summary


def test_guards_move_two_straight_or_one_and_a_side_and_face_their_way():
    g = table()
    g.phase, g.moved = "captain", set()
    g.pos[1] = sq(10, 10)
    g.facing[1] = 0
    dests = {(m.args[2], m.args[3]) for m in g.legal_moves(1) if m.kind == "guard" and m.args[0] == 1
             and m.args[1] == "2D.2"}
    assert dests == {(10, 8), (12, 10), (10, 12), (8, 10), (9, 9), (11, 9)}
    play(g, ("guard", (1, "2D.2", 9, 9)))
    assert g.facing[1] == 3  # forward, then left (west)
    g = table(guard_straight="forward")
    g.phase, g.moved = "captain", set()
    g.pos[1], g.facing[1] = sq(10, 10), 0
    dests = {(m.args[2], m.args[3]) for m in g.legal_moves(1) if m.kind == "guard" and m.args[0] == 1
             and m.args[1] == "2D.2"}
    assert dests == {(10, 8), (9, 9), (11, 9)}


def test_a_guard_with_a_face_card_goes_three_forward_or_one_and_two_aside():
    g = table(hands=["2C.2 3D.2 4H.2 5S.2 6C.2 7D.2 8H.2 9S.2 10C.2 JD.2", "QD.2 3H.2 4S.2 5C.2 6D.2",
                     "2H.2 3S.2 4C.2 5D.2 6H.2", "2S.2 3C.2 4D.2 5H.2 6S.2", "7C.2 8D.2 9H.2 10S.2 JC.2",
                     "7H.2 8S.2 9C.2 10D.2 QC.2"])
    g.phase, g.moved = "captain", set()
    g.pos[1], g.facing[1] = sq(10, 10), 1  # facing east
    dests = {(m.args[2], m.args[3]) for m in g.legal_moves(1) if m.kind == "guard" and m.args[1] == "QD.2"}
    assert dests == {(13, 10), (11, 8), (11, 12)}


def test_every_piece_must_move_then_it_is_the_thiefs_turn():
    g = table()
    g.phase, g.moved = "captain", set()
    seat = 1
    for _ in range(6):
        m = next(m for m in g.legal_moves(seat) if m.kind in ("guard", "lead", "hold"))
        play(g, m)
        if g.phase == "cface":
            play(g, ("face", ("S",)))
    assert g.phase == "thief" and g.round == 2
    assert all(len(h) == n for h, n in zip(g.hands, [10, 5, 5, 5, 5, 5]))


# -- building and validation -----------------------------------------------------------------------


def built() -> ThiefInTheNight:
    return ThiefInTheNight(["Ada", "Bo"], 3, castle="built")


def test_building_turns_mark_edges_or_traps_and_say_what_is_missing():
    g = built()
    assert g.phase == "gem" and g.view(0)["building"]["missing"][0].startswith("the gem")
    play(g, ("gem", (11, 11)))
    for x in range(10):
        play(g, ("wall", (x, 5, "N")))
    with pytest.raises(IllegalMove, match="marked 10 edges"):
        play(g, ("wall", (10, 5, "N")))
    with pytest.raises(IllegalMove, match="edges or traps, not both"):
        play(g, ("trap", (3, 3)))
    play(g, ("done",))
    assert g.to_act() == [1]
    with pytest.raises(IllegalMove, match="Mark at least one"):
        play(g, ("done",))
    play(g, ("trap", (3, 3)))
    ok, _ = g.undo_status()
    assert ok  # within the turn
    undone = g.undone()
    assert not undone.castle.traps[sq(3, 3)]
    play(g, ("done",))
    assert not g.undo_status()[0]  # the other builder has seen that turn
    status = g.view(0)["building"]
    assert status["rooms"] == 1 and "6 more rooms" in status["missing"] and "59 more traps" in status["missing"]


def test_a_wall_that_shuts_a_room_off_is_refused_and_so_is_a_room_without_a_4_x_4_space():
    g = built()
    play(g, ("gem", (11, 11)))
    for x in range(3):
        play(g, ("wall", (x, 3, "N")))
    for y in range(2):
        play(g, ("wall", (3, y, "W")))
    with pytest.raises(IllegalMove, match="shut part of the castle off"):
        play(g, ("wall", (3, 2, "W")))
    with pytest.raises(IllegalMove, match="no 4 x 4 space"):
        play(g, ("door", (3, 2, "W")))
    g = built()
    play(g, ("gem", (11, 11)))
    for x in range(4):
        play(g, ("wall", (x, 4, "N")))
    for y in range(3):
        play(g, ("wall", (4, y, "W")))
    play(g, ("door", (4, 3, "W")))  # a room of 4 x 4 behind a door
    assert g.view(0)["building"]["rooms"] == 2


def test_the_validator_on_a_legal_castle_built_by_hand_and_on_illegal_ones():
    c = open_castle()
    # seven rooms: three columns of rooms split by walls at x = 8 and x = 16, rows at y = 12
    for y in range(N):
        c.west[sq(8, y)] = DOOR if y in (3, 15) else WALL
        c.west[sq(16, y)] = DOOR if y in (4, 20) else WALL
    for x in range(N):
        c.north[sq(x, 12)] = DOOR if x in (2, 10, 18) else WALL
    for x in range(16, N):
        c.north[sq(x, 6)] = DOOR if x == 20 else WALL
    c.gem = CENTRE[0]
    for i in range(60):
        c.traps[i * 9 % AREA if i * 9 % AREA != c.gem else 1] = 1
    c.changed()
    assert c.trap_count() >= 60 - 1
    while c.trap_count() < 60:
        c.traps[next(i for i in range(AREA) if not c.traps[i] and i != c.gem)] = 1
    assert c.problems() == []
    # too few rooms and traps
    few = open_castle()
    assert any("6 more rooms" in p for p in few.problems()) and any("60 more traps" in p for p in few.problems())
    # a room without a 4 x 4 space
    small = c.copy()
    for y in range(3):
        small.west[sq(3, y)] = WALL
    for x in range(3):
        small.north[sq(x, 3)] = WALL
    assert any("without a 4 x 4 space" in p for p in small.problems())
    # a room shut off by walls (its doors made walls)
    shut = c.copy()
    shut.west[sq(8, 3)] = WALL
    shut.north[sq(2, 12)] = WALL
    assert any("shut off" in p for p in shut.problems())
    # the gem off centre
    off = c.copy()
    off.gem = sq(0, 0)
    assert any("centre" in p for p in off.problems())


def test_generated_castles_are_legal():
    for seed in range(200):  # problems() also refuses a trap on the gem's square
        c = generate_castle(Stream(seed))
        assert c.problems() == [], (seed, c.problems())


def test_the_computer_builds_a_whole_legal_castle_by_hand():
    from tabletop_tui.bots.thief_in_the_night import ThiefInTheNightBot

    g = built()
    bots = [ThiefInTheNightBot(0, 1), ThiefInTheNightBot(1, 1)]
    for _ in range(400):
        if g.phase not in ("gem", "build"):
            break
        s = g.to_act()[0]
        g.play(s, bots[s].choose(g.view(s), g.legal_moves(s)))
    assert g.phase == "post"
    assert g.castle.problems() == []


# -- seeded games ---------------------------------------------------------------------------------


def conserved(g: ThiefInTheNight) -> bool:
    if g.thief_seat < 0 or g.tpos is None:
        return True
    thief = g.tdeck + g.tdisc + g.thand
    captain = g.cdeck + g.cdisc + [c for h in g.hands for c in h]
    return len(thief) == len(captain) == 52 and set(thief) == THIEF_SET and set(captain) == CAPTAIN_SET


THIEF_SET, CAPTAIN_SET = set(ALL_CARDS[:52]), set(ALL_CARDS[52:])


def test_random_games_conserve_the_cards_through_reshuffles_and_end_at_dawn_at_the_latest():
    ends = {"thief": 0, "captain": 0}
    reshuffles = 0
    for seed in range(30):
        rnd = random.Random(seed)
        g = ThiefInTheNight(["A", "B"], seed, dawn=12)
        for _ in range(1500):
            if g.outcome() is not None:
                break
            seat = g.to_act()[0]
            events = g.play(seat, rnd.choice(g.legal_moves(seat)))
            reshuffles += sum(e.kind == "reshuffle" for e in events)
            assert conserved(g), seed
            if g.tpos is not None:
                assert len(set(g.pos)) == 6 and g.tpos not in g.pos
        assert g.outcome() is not None and g.round <= 12, seed
        ends["thief" if g.outcome().winner == g.thief_seat else "captain"] += 1
    assert ends["captain"] > 0 and reshuffles > 0


def test_refusals_read_well():
    g = table()
    with pytest.raises(IllegalMove, match="do not hold"):
        play(g, ("go", ("8D",)))
    with pytest.raises(IllegalMove, match="no 'fly' move"):
        play(g, ("fly",))
    with pytest.raises(IllegalMove, match="not Cato's turn|It is not"):
        g.play(1, Move("hold", (1,)))


def test_the_table_of_steps_agrees_with_a_step_worked_out_alone():
    from tabletop_tui.rules.thief_in_the_night import STEPS

    for seed in range(5):
        c = generate_castle(Stream(seed))
        for i in range(AREA):
            assert list(c.steps_from(i)) == [c.step_to(i, dx, dy) for dx, dy in STEPS.values()]


# -- the entry ---------------------------------------------------------------------------------------


def entering(**options) -> ThiefInTheNight:
    """A game on an open castle whose captain has placed his pieces, the captain on e22 looking north:
    he sees the edge squares c24 to g24; the thief is to enter."""
    g = ThiefInTheNight(["Tess", "Cato"], 1, **options)
    g.castle = open_castle()
    g._sight_cache = None
    posts = [(4, 2, "N"), (20, 12, "E"), (18, 12, "E"), (16, 12, "E"), (14, 14, "E"), (12, 16, "E")]
    for x, y, f in posts:
        play(g, ("post", (x, y, f)))
    assert g.phase == "enter" and sq(4, 0) in g.sights()[0]
    return g


def test_the_thief_enters_on_any_free_edge_square_watched_or_not():
    g = entering()
    legal = {m.args[1] * N + m.args[0] for m in g.legal_moves(g.thief_seat)}
    edge = {i for i in range(AREA) if i % N in (0, N - 1) or i // N in (0, N - 1)}
    assert legal == edge  # no piece stands on the edge
    events = play(g, ("enter", (4, 0, "S")))
    # entering is placing, not moving: no showdown until he steps or a piece moves
    assert g.phase == "thief" and g.showdowns == 0 and not any(e.kind == "showdown" for e in events)
    assert g.watchers() == [0]


def test_with_entry_unseen_the_thief_enters_only_where_nobody_watches():
    g = entering(entry="unseen")
    legal = {m.args[1] * N + m.args[0] for m in g.legal_moves(g.thief_seat)}
    assert sq(4, 0) not in legal and sq(1, 0) in legal and sq(0, 12) in legal
    with pytest.raises(IllegalMove, match="enters only where nobody watches"):
        play(g, ("enter", (4, 0, "S")))
    with pytest.raises(IllegalMove, match="along the edge"):
        play(g, ("enter", (4, 4, "S")))


@pytest.mark.parametrize("entry", ["edge", "unseen"])
def test_the_computer_thief_enters_where_no_piece_watches_in_both_readings(entry):
    from tabletop_tui.bots.thief_in_the_night import ThiefInTheNightBot

    for seed in range(4):
        g = entering(entry=entry)
        t = g.thief_seat
        move = ThiefInTheNightBot(t, seed).choose(g.view(t), g.legal_moves(t))
        assert move in g.legal_moves(t)
        assert move.args[1] * N + move.args[0] not in set().union(*g.sights())


def edge_table(**options) -> ThiefInTheNight:
    """The thief with the gem on (1, 20), one step from the west edge; guard 1 on (1, 16) facing south
    sees (0..2, 17..19): the edge square (0, 19) among them."""
    g = watched_table("AC AD AH AS KH 2C 3C 4D 7H 9S", "2D.2 3H.2 4S.2 5C.2 7D.2", guard_at=sq(1, 16),
                      thief_at=sq(1, 20), **options)
    g.carrying = True
    return g


def test_not_caught_in_a_showdown_on_the_edge_with_the_gem_the_thief_escapes():
    g = edge_table()
    events = play(g, ("go", ("9S",)), ("step", ("NW",)))  # onto (0, 19), in the guard's sight
    assert g.showdown["result"] == "escape"
    out = g.outcome()
    assert out is not None and out.winner == 0 and "escapes the castle with the gem" in out.summary
    assert "escapes the castle" in events[-1].text and g.legal_moves(0) == []
    # caught there, he loses: the showdown comes first
    g = edge_table()
    g.hands[1] = sorted(cards("9D 10D JD QD KD"))  # a straight flush beats four aces
    g.tdeck = [c for c in g.tdeck if c not in g.hands[1]]
    play(g, ("go", ("9S",)), ("step", ("NW",)))
    assert g.outcome() is not None and g.outcome().winner == 1


def test_with_edge_showdown_play_on_the_escape_from_the_edge_comes_by_a_later_step():
    g = edge_table(edge_showdown="play on")
    play(g, ("go", ("9S",)), ("step", ("NW",)))
    assert g.showdown["result"] == "escape" and g.phase == "shed" and g.outcome() is None
    escape = [card(c) for c in g.showdown["escape"]][:3]
    play(g, *[("shed", (c.code,)) for c in escape])
    assert g.phase == "dash"
    play(g, ("step", ("S",)))  # along the edge, unseen: out
    assert g.outcome() is not None and g.outcome().winner == 0


def test_the_captain_may_place_a_piece_on_the_gems_square():
    g = ThiefInTheNight(["Ada", "Bo"], 9)
    assert g.phase == "post"
    gem = g.castle.gem
    move = Move("post", (gem % N, gem // N, "N"))
    assert move in g.legal_moves(g.captain_seat)
    play(g, move)
    assert gem in g.occupied()


def _version_1_record(stop_at_entry: bool):
    """A game of rules version 1 (the thief entered only where no piece saw him) played by the computer
    players, as a save of that version holds it: without the options added since (entry, edge_showdown)."""
    from tabletop_tui.bots.thief_in_the_night import ThiefInTheNightBot
    from tabletop_tui.session import next_computer_move

    g = ThiefInTheNight(["Ada", "Bo"], 9, entry="unseen")
    bots = {s: ThiefInTheNightBot(s, 9) for s in (0, 1)}
    # the captain first, looking north at the castle's edge from its third row
    at = next(i for i in range(2 * N + 2, 3 * N - 2) if any(s < N for s in sight(g.castle, i, 0, 2)))
    play(g, ("post", (at % N, at // N, "N")))
    while g.phase != "enter":
        g.play(*next_computer_move(g, bots))
    if not stop_at_entry:
        for _ in range(40):
            g.play(*next_computer_move(g, bots))
    record = g.record()
    record["rules_version"] = 1
    del record["options"]["entry"], record["options"]["edge_showdown"]
    return record, g


@pytest.mark.parametrize("stop_at_entry", [True, False])
def test_a_save_of_rules_version_1_replays_to_the_same_state_with_the_old_entry(store, stop_at_entry):
    record, played = _version_1_record(stop_at_entry)
    save_id = store.new_game(record, [], "Thief in the Night")
    migrated = store.load(save_id)["record"]
    assert migrated["rules_version"] == ThiefInTheNight.rules_version == 3
    assert migrated["options"]["entry"] == "unseen" and migrated["options"]["edge_showdown"] == "play on"
    again = ThiefInTheNight.from_record(migrated)
    for seat in (None, 0, 1):
        assert again.view(seat) == played.view(seat)
    for seat in (0, 1):
        assert again.legal_moves(seat) == played.legal_moves(seat)
    if stop_at_entry:  # the watched edge squares stay closed, as they were when the game was saved
        watched = set().union(*again.sights())
        assert not any(m.args[1] * N + m.args[0] in watched for m in again.legal_moves(again.thief_seat))
        assert any(i % N in (0, N - 1) or i // N in (0, N - 1) for i in watched)


# -- a card with nowhere to go ----------------------------------------------------------------------------


def test_a_card_that_gives_a_guard_no_square_is_not_offered_and_is_refused_with_the_reason():
    g = table(hands=["2C.2 3D.2 4H.2 5S.2 6C.2 7D.2 8H.2 9S.2 10C.2 JD.2", "QD.2 3H.2 4S.2 5C.2 6D.2",
                     "2H.2 3S.2 4C.2 5D.2 6H.2", "2S.2 3C.2 4D.2 5H.2 6S.2", "7C.2 8D.2 9H.2 10S.2 JC.2",
                     "7H.2 8S.2 9C.2 10D.2 QC.2"])
    g.phase, g.moved = "captain", set()
    g.pos[1], g.facing[1] = sq(10, 10), 0
    wall(g.castle, sq(10, 10), sq(10, 9))  # a wall in front: every face-card route starts forward
    cards_offered = {m.args[1] for m in g.legal_moves(1) if m.kind == "guard" and m.args[0] == 1}
    assert "QD.2" not in cards_offered and "3H.2" in cards_offered
    with pytest.raises(IllegalMove, match="Guard 1 has nowhere to go with the queen of diamonds"):
        play(g, ("guard", (1, "QD.2", 10, 7)))
    assert g.pos[1] == sq(10, 10) and card("QD.2") in g.hands[1]


# -- rulings ---------------------------------------------------------------------------------------------


def test_the_ace_low_straight_counts_in_a_showdown():
    # A-2-3-4-5 against three kings: the straight wins
    g = watched_table("AC 2D 3H 4S 5C 9D 9S JD 7H 8S", "KC.2 KD.2 KH.2 4S.2 2D.2")
    play(g, ("go", ("9S",)), ("step", ("N",)))
    assert g.showdown["result"] == "escape" and g.showdown["escape_name"].startswith("Straight")
    assert set(g.showdown["escape"]) == {"AC", "2D", "3H", "4S", "5C"}


def test_a_short_hand_plays_what_it_holds():
    # three cards: three aces beat the guard's pair of kings
    g = watched_table("AC AD AH 2S", "KC.2 KD.2 3H.2 4S.2 7D.2")
    play(g, ("go", ("2S",)), ("step", ("N",)))
    assert sorted(g.showdown["escape"]) == ["AC", "AD", "AH"] and g.showdown["result"] == "escape"
    assert g.phase == "shed" and g.shed_left == 3
    # two cards: a pair of 2s against the guard's ace high loses nothing, and is shown whole
    g = watched_table("2C 2D 5S", "AC.2 KD.2 3H.2 4S.2 7D.2")
    play(g, ("go", ("5S",)), ("step", ("N",)))
    assert sorted(g.showdown["escape"]) == ["2C", "2D"] and g.showdown["result"] == "escape"


def six_watchers(thief_hand: str) -> ThiefInTheNight:
    """The thief on k14 facing north; the captain and guards 1-4 see him from behind, and guard 5 comes
    up behind him with a 2 (two squares north): six watchers."""
    pieces = [sq(12, 14), sq(9, 12), sq(11, 12), sq(9, 13), sq(11, 13), sq(10, 15)]
    hands = ["2C.2 3D.2 4H.2 5S.2 6C.2 7D.2 8H.2 9S.2 10C.2 JD.2", "2D.2 3H.2 4S.2 5C.2 6D.2",
             "2H.2 3S.2 4C.2 5D.2 6H.2", "2S.2 3C.2 4D.2 5H.2 6S.2", "7C.2 8D.2 9H.2 10S.2 JC.2",
             "7H.2 8S.2 9C.2 10D.2 QC.2"]
    g = table(thief=(sq(10, 10), 0), pieces=pieces, hands=hands, thief_hand=thief_hand)
    g.phase, g.moved = "captain", set()
    return g


def test_forced_cards_are_capped_at_five_and_at_the_size_of_the_hand():
    g = six_watchers("AC AD AH AS KH 2C 3C 4D 7H 9S")
    play(g, ("guard", (5, "7H.2", 10, 13)))
    sd = g.showdown
    assert len(sd["watchers"]) == 6 and len(sd["forced"]) == 5 and sorted(sd["escape"]) == sorted(sd["forced"])
    g = six_watchers("AC KD")
    play(g, ("guard", (5, "7H.2", 10, 13)))
    assert sorted(g.showdown["forced"]) == ["AC", "KD"] and sorted(g.showdown["escape"]) == ["AC", "KD"]


def test_no_trap_may_be_laid_on_the_gem():
    g = built()
    play(g, ("gem", (11, 11)))
    assert Move("trap", (11, 11)) not in g.legal_moves(0)
    with pytest.raises(IllegalMove, match="gem's square cannot hold a trap"):
        play(g, ("trap", (11, 11)))
    c = open_castle()
    c.traps[c.gem] = 1
    assert "a trap on the gem's square" in c.problems()  # and so never in a generated castle (above)


@pytest.mark.parametrize("escape_move", [4, 2])
def test_the_escape_replaces_the_rest_of_the_move(escape_move):
    g = watched_table("AC AD AH AS KH 2C 3C 4D 7H 9S", "2D.2 3H.2 4S.2 5C.2 7D.2", escape_move=escape_move)
    play(g, ("go", ("KH",)), ("step", ("N",)))  # a king: four steps, one taken
    assert g.showdown["result"] == "escape"
    for code in g.showdown["escape"][:3]:
        play(g, ("shed", (code,)))
    assert g.phase == "dash" and g.steps_left == escape_move  # not the three steps left besides
    for _ in range(escape_move):
        play(g, ("step", ("W",)))
    assert g.phase == "face"


def test_undo_names_the_chance_of_the_castle_played():
    g = entering()  # a generated castle: no building turns
    play(g, ("enter", (1, 0, "S")))  # the cards are dealt
    ok, why = g.undo_status()
    assert not ok and why == "Not past a card dealt, drawn or picked at random from the thief's hand."
    g = built()
    play(g, ("gem", (11, 11)), ("trap", (3, 3)), ("done",))
    ok, why = g.undo_status()
    assert not ok and "a building turn ended" in why


def test_the_help_states_the_rulings_under_rulings():
    from pathlib import Path

    text = (Path(__file__).parent.parent / "tabletop_tui" / "rules_help" / "thief_in_the_night.md").read_text()
    before, rulings = text.split("## Rulings")
    for ruling in ("The entry.", "The escape replaces the rest of the move.", "Straights from the ace.",
                   "A short hand plays what it holds.", "Forced cards", "No trap on the gem.",
                   "A card with nowhere to go."):
        assert f"**{ruling}" in rulings, ruling
    assert "replaces the rest" not in before and "no piece can see" not in before
