"""Graveyard Shift's rules: the seed's worked examples (the two capture methods), every step of a turn,
the shift's sliding-puzzle rules, the target scores, the refusals and the rulings of the help."""

from pathlib import Path

import pytest

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.components.squares import square_index
from tabletop_tui.rules.engine import IllegalMove, Move
from tabletop_tui.rules.graveyard_shift import BOARD, HIGH, TARGETS, GraveyardShift, captures

HELP = Path(__file__).parent.parent / "tabletop_tui" / "rules_help" / "graveyard_shift.md"
NAMES = ["Ada", "Bo", "Cy", "Dee", "Eve", "Fay"]


def sq(name: str) -> int:
    return square_index(name, 3, 6)


def texts(events) -> str:
    return " ".join(e.text for e in events)


def table(players: int = 2, spirits: dict | None = None, pawns: dict | None = None, chips: dict | None = None,
          up: tuple = (), seat: int = 0, deck: list | None = None, **options) -> GraveyardShift:
    """A game set to a position: `spirits` {square name: card code} (face down unless in `up`),
    `pawns` {seat: square name}, `chips` {square name: [chips by seat]}; seat `seat` to move."""
    game = GraveyardShift(NAMES[:players], 1, **options)
    size = BOARD.rows * BOARD.cols
    game._cards = [None] * size
    game._up = [False] * size
    game._chips = [[0] * players for _ in range(size)]
    for name, code in (spirits or {}).items():
        game._cards[sq(name)] = card(code)
        game._up[sq(name)] = name in up
    for name, counts in (chips or {}).items():
        game._chips[sq(name)] = list(counts)
    for s, name in (pawns or {}).items():
        game._pawns[s] = sq(name)
    if deck is not None:
        game._deck = [card(c) for c in deck]
    game._order = list(range(players))
    game._begin_turn(seat)
    return game


# -- setting up ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_the_deal_the_pawns_and_the_target(players):
    game = GraveyardShift(NAMES[:players], 5)
    view = game.view(None)
    starts = BOARD.starts
    assert view["target"] == TARGETS[players] == {2: 40, 3: 30, 4: 20, 5: 16, 6: 14}[players]
    # a face-down 2-5 on every space but the two Starts, the draw pile the 6s-10s and aces
    assert [b for i, b in enumerate(view["backs"]) if i not in starts] == ["low"] * 16
    assert all(view["backs"][s] is None and view["cards"][s] is None for s in starts)
    assert all(c is None for c in view["cards"])
    assert sorted(c.code for c in game._cards if c) == sorted(f"{r}{s}" for r in (2, 3, 4, 5) for s in "CDHS")
    assert sorted(c.code for c in game._deck) == sorted(c.code for c in HIGH) and view["deck"] == 24
    # players 1, 3, 5 in turn order on one Start, 2, 4, 6 on the other
    order = view["order"]
    assert game.to_act() == [order[0]]
    for position, seat in enumerate(order):
        assert view["pawns"][seat] == starts[position % 2]
    assert order == [(order[0] + i) % players for i in range(players)]


def test_the_first_player_is_drawn_at_random():
    firsts = {GraveyardShift(NAMES[:4], seed).to_act()[0] for seed in range(20)}
    assert len(firsts) > 2


def test_the_board_is_ours_and_said_so():
    assert BOARD.rows == 3 and BOARD.cols == 6
    assert BOARD.starts == (sq("c2"), sq("d2")) and set(BOARD.graves) == {sq("a3"), sq("f3"), sq("a1"), sq("f1")}
    assert "**The board is ours.**" in HELP.read_text()


# -- move and reveal ----------------------------------------------------------------------------


def test_a_pawn_moves_exactly_one_space_orthogonally_onto_anything():
    game = table(spirits={"c3": "4H"}, pawns={0: "c2", 1: "d2"})
    assert sorted(m.args[0] for m in game.legal_moves(0)) == sorted(sq(s) for s in ("c3", "d2", "c1", "b2"))
    with pytest.raises(IllegalMove, match="never diagonally"):
        game.play(0, Move("move", (sq("d3"),)))
    with pytest.raises(IllegalMove, match="must move"):
        game.play(0, Move("move", (sq("c2"),)))
    said = texts(game.play(0, Move("move", (sq("d2"),))))  # onto Bo's pawn, an empty space
    assert "an empty space" in said and game.view(None)["pawns"] == [sq("d2"), sq("d2")]


def test_moving_onto_a_face_down_spirit_turns_it_up_and_cannot_be_undone():
    game = GraveyardShift(NAMES[:2], 3)
    seat = game.to_act()[0]
    here = game.view(None)["pawns"][seat]
    target = here - BOARD.cols  # north: a dealt Spirit
    hidden = game._cards[target]
    assert game.view(seat)["cards"][target] is None and hidden.code in game.hidden_from(seat)
    said = texts(game.play(seat, Move("move", (target,))))
    assert hidden.name in said and game.view(None)["cards"][target] == hidden.code
    assert game.view(None)["phase"] == "sing"
    assert not game.undo_status()[0]


def test_an_empty_space_has_no_sing_step():
    game = table(spirits={"a3": "4H"}, pawns={0: "c2", 1: "d2"})
    game.play(0, Move("move", (sq("c3"),)))
    assert game.view(None)["phase"] == "shift"
    with pytest.raises(IllegalMove, match="no Spirit on Ada's space"):
        game.play(0, Move("sing"))


# -- sing and capture: the seed's examples ------------------------------------------------------


def test_sing_puts_a_chip_and_hush_does_not():
    game = table(spirits={"c3": "5H"}, up=("c3",), pawns={0: "c2", 1: "d2"})
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("sing"))
    assert game.view(None)["chips"][sq("c3")] == [1, 0]
    game = table(spirits={"c3": "5H"}, up=("c3",), pawns={0: "c2", 1: "d2"})
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("hush"))
    assert game.view(None)["chips"][sq("c3")] == [0, 0]


def test_full_two_two_and_one_on_a_five_captures():
    """The seed: two chips of yours, two of another player's and one of a third's on a 5: you capture."""
    assert captures([2, 2, 1], 5, 0) == "full"
    game = table(3, spirits={"c3": "5H"}, up=("c3",), chips={"c3": [1, 2, 1]}, pawns={0: "c2", 1: "d2", 2: "c2"})
    game.play(0, Move("move", (sq("c3"),)))
    said = texts(game.play(0, Move("sing")))
    assert "Ada captures the 5 of hearts (it is full)" in said and "Bo 2" in said and "Cy 1" in said
    view = game.view(None)
    assert view["scores"] == [5, 0, 0] and view["won"][0] == ["5H"] and view["chips"][sq("c3")] == [0, 0, 0]
    assert view["cards"][sq("c3")] is None


def test_full_with_fewer_chips_than_another_does_not_capture():
    """The seed: one chip of yours against another's two: the Spirit stays."""
    assert captures([1, 2, 2], 5, 0) == ""
    game = table(3, spirits={"c3": "5H"}, up=("c3",), chips={"c3": [0, 2, 2]}, pawns={0: "c2", 1: "d2", 2: "d2"})
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("sing"))
    assert game.view(None)["chips"][sq("c3")] == [1, 2, 2] and game.view(None)["scores"] == [0, 0, 0]


def test_convinced_more_than_half_of_its_rank():
    """The seed: three chips, all yours, on a 5 capture it; a 6 needs four."""
    assert captures([3, 0], 5, 0) == "convinced"
    assert captures([3, 0], 6, 0) == "" and captures([4, 0], 6, 0) == "convinced"
    assert captures([1, 0], 1, 0) == "convinced"  # an ace: one chip
    game = table(spirits={"c3": "6S"}, up=("c3",), chips={"c3": [2, 0]}, pawns={0: "c2", 1: "d2"})
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("sing"))
    assert game.view(None)["scores"] == [0, 0]
    game = table(spirits={"c3": "6S"}, up=("c3",), chips={"c3": [3, 1]}, pawns={0: "c2", 1: "d2"})
    game.play(0, Move("move", (sq("c3"),)))
    assert "it is convinced" in texts(game.play(0, Move("sing")))
    assert game.view(None)["scores"] == [6, 0]


def test_a_full_spirit_is_captured_without_singing_by_one_holding_as_many():
    """Ruling: the Capture step comes after the Sing step whether one sang or not."""
    game = table(spirits={"c3": "4S"}, up=("c3",), chips={"c3": [2, 2]}, pawns={0: "c2", 1: "d2"})
    game.play(0, Move("move", (sq("c3"),)))
    assert "it is full" in texts(game.play(0, Move("hush")))
    assert "**Capture needs your space.**" in HELP.read_text()


def test_only_the_mover_captures():
    game = table(spirits={"c3": "4S"}, up=("c3",), chips={"c3": [0, 3]}, pawns={0: "c2", 1: "c3"})
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("sing"))  # full, but Ada holds fewer than Bo, who stands there too
    assert game.view(None)["scores"] == [0, 0] and game.view(None)["chips"][sq("c3")] == [1, 3]


# -- generate -----------------------------------------------------------------------------------


def test_a_capture_wakes_new_spirits_in_the_empty_open_graves_only():
    game = table(spirits={"c3": "2H", "a3": "3C"}, up=("c3",), chips={"c3": [1, 0]}, pawns={0: "c2", 1: "d2"},
                 deck=["7S", "8S", "9S", "10S", "AS"])
    game.play(0, Move("move", (sq("c3"),)))
    said = texts(game.play(0, Move("sing")))
    view = game.view(None)
    assert "3 new Spirits" in said
    assert view["backs"][sq("a3")] == "low"  # the grave that held a Spirit keeps it
    assert [view["backs"][sq(s)] for s in ("f3", "a1", "f1")] == ["high"] * 3
    assert view["deck"] == 2 and all(view["cards"][sq(s)] is None for s in ("f3", "a1", "f1"))
    assert "7S" not in said and "the 7 of spades" not in said


def test_no_capture_no_new_spirits():
    game = table(spirits={"c3": "5H"}, up=("c3",), pawns={0: "c2", 1: "d2"})
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("sing"))
    assert game.view(None)["deck"] == 24


def test_rising_order_and_an_empty_pile():
    """Ruling: the graves fill in the order a3, f3, a1, f1 while the pile lasts."""
    game = table(spirits={"c3": "2H", "e1": "5D"}, up=("c3",), chips={"c3": [1, 0]}, pawns={0: "c2", 1: "d2"},
                 deck=["9S", "AS"])  # the pile's top is its last card
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("sing"))
    assert game._cards[sq("a3")].code == "AS" and game._cards[sq("f3")].code == "9S"
    assert game._cards[sq("a1")] is None and game._cards[sq("f1")] is None


def test_a_spirit_risen_under_a_pawn_stays_face_down():
    game = table(spirits={"c3": "2H"}, up=("c3",), chips={"c3": [1, 0]}, pawns={0: "c2", 1: "a3"}, deck=["9S"])
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("sing"))
    assert game.view(None)["backs"][sq("a3")] == "high" and game.view(None)["pawns"][1] == sq("a3")


# -- shift --------------------------------------------------------------------------------------


def shifting(spirits, pawns=None, chips=None, **options):
    """A game at seat 0's Shift step (it moved onto an empty space)."""
    game = table(spirits=spirits, pawns=pawns or {0: "c2", 1: "d2"}, chips=chips, **options)
    game._phase = "shift"
    game._legal = None
    return game


def test_a_single_spirit_slides_any_way_as_far_as_the_path_is_clear():
    game = shifting({"c3": "4H"})
    moves = {m.args for m in game.legal_moves(0) if m.kind == "shift"}
    # east to f3, west to a3, south to c1 (over the empty c2 where Ada stands)
    assert moves == {(sq("c3"), 1, 1, d) for d in (1, 2, 3)} | {(sq("c3"), 1, 3, d) for d in (1, 2)} | \
        {(sq("c3"), 1, 2, d) for d in (1, 2)}


def test_a_line_slides_only_along_itself_and_may_leave_its_tail():
    game = shifting({"b3": "4H", "c3": "5H", "d3": "2C"})
    moves = {m.args for m in game.legal_moves(0) if m.kind == "shift"}
    assert (sq("d3"), 3, 1, 2) in moves  # the whole line two spaces east
    assert (sq("d3"), 2, 1, 1) in moves  # c3-d3 east, b3 left behind
    assert (sq("b3"), 3, 3, 1) in moves  # the whole line west
    assert not any(count > 1 and d in (0, 2) for _, count, d, _ in moves)  # never across its line
    with pytest.raises(IllegalMove, match="not 2 Spirits in a line"):
        game.play(0, Move("shift", (sq("c3"), 2, 2, 1)))  # c3 and (north of it) nothing
    with pytest.raises(IllegalMove, match="holds a Spirit"):
        game.play(0, Move("shift", (sq("c3"), 1, 1, 1)))
    with pytest.raises(IllegalMove, match="edge of the Graveyard"):
        game.play(0, Move("shift", (sq("d3"), 3, 1, 3)))
    said = texts(game.play(0, Move("shift", (sq("d3"), 2, 1, 2))))
    view = game.view(None)
    assert [view["backs"][sq(s)] is not None for s in ("b3", "c3", "d3", "e3", "f3")] == [True, False, False, True, True]
    assert "line of 2 Spirits led by a face-down Spirit" in said and "2C" not in said
    assert game.to_act() == [1]  # one shift a turn


def test_riders_and_picked_up_pawns_travel_with_the_spirits():
    game = table(3, spirits={"a2": "4H", "b2": "5H"}, pawns={0: "b2", 1: "d2", 2: "f2"}, chips={"b2": [1, 2, 0]})
    game._phase = "shift"
    game._legal = None
    game.play(0, Move("shift", (sq("b2"), 2, 1, 3)))  # a2-b2 three east: b2's Spirit stops on e2
    view = game.view(None)
    assert view["backs"][sq("e2")] and view["backs"][sq("d2")]  # the line is now d2-e2
    assert view["chips"][sq("e2")] == [1, 2, 0] and view["chips"][sq("b2")] == [0, 0, 0]
    # Ada rode the leading Spirit, Bo was picked up on d2 by it; Cy on f2 is beyond the path
    assert view["pawns"] == [sq("e2"), sq("e2"), sq("f2")]


def test_a_full_graveyard_cannot_shift():
    spirits = {f"{f}{r}": "2C" for f in "abcdef" for r in (1, 2, 3)}
    spirits = {name: code for name, code in zip(spirits, [c.code for c in HIGH] * 2)}
    game = table(spirits=spirits, up=tuple(spirits), pawns={0: "c2", 1: "d2"})
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("hush"))
    assert game.to_act() == [1] and game.view(None)["phase"] == "move"


def test_rest_ends_the_turn_without_a_shift():
    game = shifting({"c3": "4H"})
    assert "leaves the Graveyard" in texts(game.play(0, Move("rest")))
    assert game.to_act() == [1]


def test_the_option_of_more_shifts_a_turn():
    game = shifting({"c3": "4H"}, shifts=2)
    game.play(0, Move("shift", (sq("c3"), 1, 1, 1)))
    assert game.to_act() == [0] and game.view(None)["shifts_left"] == 1
    game.play(0, Move("shift", (sq("d3"), 1, 1, 1)))
    assert game.to_act() == [1]
    assert "**One shift a turn.**" in HELP.read_text()


# -- the end ------------------------------------------------------------------------------------


def test_reaching_the_target_wins_at_once_at_forty():
    game = table(spirits={"c3": "10H"}, up=("c3",), chips={"c3": [5, 0]}, pawns={0: "c2", 1: "d2"})
    game._won[0] = [card(c) for c in ("10S", "10C", "10D")]
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("sing"))
    out = game.outcome()
    assert out is not None and out.winner == 0 and "Ada wins with 40 points" in out.summary
    assert game.legal_moves(1) == []


def test_no_spirit_left_the_highest_score_wins():
    """Ruling: when the last Spirit is caught with the pile empty, the highest score wins."""
    game = table(spirits={"c3": "2H"}, up=("c3",), chips={"c3": [1, 0]}, pawns={0: "c2", 1: "d2"}, deck=[])
    game._won[1] = [card("9S")]
    game.play(0, Move("move", (sq("c3"),)))
    game.play(0, Move("sing"))
    out = game.outcome()
    assert out is not None and out.winner == 1 and "last Spirit is caught" in out.summary
    assert "**Nothing left.**" in HELP.read_text()


# -- what is hidden and what is refused -------------------------------------------------------


def test_face_down_spirits_are_hidden_from_everyone_and_told_apart_by_their_pile():
    game = GraveyardShift(NAMES[:3], 2)
    down = {c.code for c in game._cards if c}
    for seat in (None, 0, 1, 2):
        assert down <= game.hidden_from(seat)
        assert {c.code for c in game._deck} <= game.hidden_from(seat)
    assert game.alike("5H") == "low" and game.alike("10H") == "high" and game.alike("AS") == "high"


def test_refusals_say_why():
    game = table(spirits={"c3": "4H"}, pawns={0: "c2", 1: "d2"})
    with pytest.raises(IllegalMove, match="not Bo's turn"):
        game.play(1, Move("move", (sq("d3"),)))
    with pytest.raises(IllegalMove, match="First move"):
        game.play(0, Move("sing"))
    with pytest.raises(IllegalMove, match="shifts at the end of the turn"):
        game.play(0, Move("shift", (sq("c3"), 1, 1, 1)))
    with pytest.raises(IllegalMove, match="no 'dance' move"):
        game.play(0, Move("dance"))
    game.play(0, Move("move", (sq("c3"),)))
    with pytest.raises(IllegalMove, match="moved this turn already"):
        game.play(0, Move("move", (sq("c2"),)))
    game.play(0, Move("hush"))
    with pytest.raises(IllegalMove, match="holds no|that space holds none"):
        game.play(0, Move("shift", (sq("a1"), 1, 1, 1)))
