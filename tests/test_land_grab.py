"""Land Grab: the draw for White, creation by the pieces in a file and a chess set's counts, chess moves
without captures, the King's capture, the Pawn's double step and near-miss, fences that win and fences
that fail (checked against an independent count of the land), draws, options, refusals, and a seeded
property test over 280 random games. (Records and undo: the contract suite, tests/contract.)"""

import json
import random
from collections import deque

import pytest

from tabletop_tui import catalog
from tabletop_tui.rules.engine import IllegalMove, Move
from tabletop_tui.rules.land_grab import (
    CHESS_SET, LETTERS, WHITE, BLACK, LandGrab, position_from_view, squares_of, SQ,
)
from tabletop_tui.rules.components.squares import square_index

ADA, BO = 0, 1
#: a seed where Ada is drawn to go first (and so plays White)
ADA_WHITE = next(s for s in range(100) if LandGrab(["Ada", "Bo"], s).seat_of[WHITE] == ADA)


# --------------------------------------------------------------------------------------------
# helpers


def table(diagram: str, turn: str = "W", **options) -> LandGrab:
    """A game (Ada White, Bo Black) set to the position drawn: 8 lines of 8 characters from rank 8
    down, '.' empty, PRNBQK White's pieces, prnbqk Black's. The pieces drawn come out of each hand;
    a Pawn on its own first row has not moved yet (it may step two), any other Pawn has."""
    rows = [line.strip() for line in diagram.strip().splitlines()]
    assert len(rows) == 8 and all(len(r) == 8 for r in rows), diagram
    game = LandGrab(["Ada", "Bo"], ADA_WHITE, **options)
    pos = game.pos
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == ".":
                continue
            i = 8 * r + c
            colour = WHITE if ch.isupper() else BLACK
            kind = LETTERS.index(ch.upper())
            pos.kind[i] = kind
            pos.occ[colour] |= 1 << i
            pos.hand[colour][kind] -= 1
            assert pos.hand[colour][kind] >= 0, f"more {ch} than a chess set has"
            if kind == 0 and r == (7 if colour == WHITE else 0):
                pos.fresh |= 1 << i
    pos.turn = WHITE if turn == "W" else BLACK
    game._legal = None
    game._lands = [None, None]
    game._seen = {pos.key(): 1}
    return game


def seat(game: LandGrab) -> int:
    return game.to_act()[0]


def play(game: LandGrab, *moves: str) -> list:
    """Moves in turn order, written 'e1 P' (create) or 'e1 e3' (move) or 'e7 e8 Q'."""
    events = []
    for text in moves:
        a, b, *rest = text.split()
        move = Move("create", (a, b)) if b in LETTERS else Move("move", (a, b, *rest))
        events = game.play(seat(game), move)
    return events


def destinations(game: LandGrab, square: str) -> set[str]:
    return {m.args[1] for m in game.legal_moves(seat(game)) if m.kind == "move" and m.args[0] == square}


def creatable(game: LandGrab, square: str) -> set[str]:
    return {m.args[1] for m in game.legal_moves(seat(game)) if m.kind == "create" and m.args[0] == square}


def refused(game: LandGrab, move: Move) -> str:
    before = json.dumps(game.view(None), sort_keys=True)
    with pytest.raises(IllegalMove) as info:
        game.play(seat(game), move)
    assert json.dumps(game.view(None), sort_keys=True) == before
    return info.value.reason


def brute_land(board: list[str], colour: int) -> tuple[set[int], bool]:
    """The land of `colour`, counted square by square with coordinates (no bit tricks): the squares
    the far row cannot reach through squares without `colour`'s pieces, joined to the first row side
    by side, or corner to corner between two of its pieces; and whether its first row is sealed."""
    mine = {i for i, p in enumerate(board) if p and (p.isupper() == (colour == WHITE))}
    far, home = (0, 7) if colour == WHITE else (7, 0)
    seen = {8 * far + c for c in range(8)} - mine
    todo = deque(seen)
    while todo:
        r, c = divmod(todo.popleft(), 8)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            j = 8 * rr + cc
            if 0 <= rr < 8 and 0 <= cc < 8 and j not in mine and j not in seen:
                seen.add(j)
                todo.append(j)
    fenced = set(range(64)) - seen
    start = {8 * home + c for c in range(8)} & fenced
    got, todo = set(start), deque(start)
    while todo:
        i = todo.popleft()
        r, c = divmod(i, 8)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                j = 8 * rr + cc
                if not (dr or dc) or not (0 <= rr < 8 and 0 <= cc < 8) or j in got or j not in fenced:
                    continue
                if dr and dc and not (i in mine and j in mine):
                    continue
                got.add(j)
                todo.append(j)
    return got, not ({8 * home + c for c in range(8)} - fenced)


# --------------------------------------------------------------------------------------------
# setup


def test_the_draw_decides_who_goes_first_and_that_player_is_white():
    firsts = set()
    for s in range(30):
        game = LandGrab(["Ada", "Bo"], s)
        view = game.view(None)
        first = game.to_act()[0]
        firsts.add(first)
        assert view["white"] == first and view["colours"][first] == "White"
        assert view["colours"][1 - first] == "Black"
        assert game.turn_order() == [first, 1 - first]
        assert view["board"] == [""] * 64
        assert game.log[0].text.startswith(f"The draw says {game.players[first]} goes first and takes White")
    assert firsts == {0, 1}


def test_the_first_moves_can_only_be_pawns_on_the_first_row():
    game = LandGrab(["Ada", "Bo"], ADA_WHITE)
    assert sorted(str(m) for m in game.legal_moves(ADA)) == [f"create {f}1 P" for f in "abcdefgh"]
    assert game.legal_moves(BO) == []
    play(game, "e1 P")
    assert sorted(str(m) for m in game.legal_moves(BO))[:8] == [f"create {f}8 P" for f in "abcdefgh"][:7] + [
        "create h8 P"]
    assert "Pieces enter on your first row" in refused(game, Move("create", ("e1", "P")))


# --------------------------------------------------------------------------------------------
# creating


FILE_OF_FOUR = """
....p...
....P...
....p...
........
....P...
........
........
........
"""


def test_a_piece_needs_at_least_its_value_in_pieces_in_its_file():
    game = table(FILE_OF_FOUR)  # the e-file holds four pieces, two of each colour
    assert creatable(game, "e1") == {"P", "R", "N", "B"}
    assert creatable(game, "d1") == {"P"}
    reason = refused(game, Move("create", ("e1", "Q")))
    assert reason == "A Queen (value 5) needs at least 5 pieces already in its file; the e-file holds 4 pieces."
    play(game, "e1 B")
    # Black counts the same file, White's new Bishop included: five pieces, but e8 is taken
    assert creatable(game, "e8") == set()
    assert "is taken by a Black Pawn" in refused(game, Move("create", ("e8", "Q")))


def test_the_exactly_option_wants_exactly_the_value():
    game = table(FILE_OF_FOUR, creation="exactly")
    assert creatable(game, "e1") == {"B"}
    assert creatable(game, "d1") == {"P"}  # an empty file: value 0
    assert refused(game, Move("create", ("e1", "P"))) == (
        "A Pawn (value 0) enters a file holding exactly 0 pieces; the e-file holds 4 pieces.")


def test_a_king_needs_six_pieces_in_its_file():
    game = table("""
    ....p...
    ....p...
    ....P...
    ....p...
    ....P...
    ....P...
    ........
    ........
    """)
    assert creatable(game, "e1") == {"P", "R", "N", "B", "Q", "K"}
    play(game, "e1 K")
    assert game.view(None)["hand"][ADA]["K"] == 0


def test_never_more_of_a_kind_than_a_chess_set_holds():
    game = table("""
    ........
    ........
    ........
    ........
    PPPP.PPP
    ........
    ....P...
    ........
    """)
    # eight Pawns are on the board: none is left to create, in any file
    assert all(creatable(game, f"{f}1") == set() for f in "abcdfgh")
    assert refused(game, Move("create", ("a1", "P"))) == (
        "You have no Pawn left in hand: a chess set has 8 Pawns a side (8 on the board).")
    game = table("""
    ....p...
    ....p...
    ....p...
    ....Q...
    ....P...
    ........
    ........
    ........
    """)
    assert creatable(game, "e1") == {"P", "R", "N", "B"}  # the one Queen is out already


# --------------------------------------------------------------------------------------------
# moving


BOARD = """
......k.
........
........
..p..b..
........
.N......
P.......
R..n.B..
"""


def test_pieces_move_as_in_chess_and_never_land_on_a_piece():
    game = table(BOARD)
    assert destinations(game, "a1") == {"b1", "c1"}  # the Pawn on a2 and the Knight on d1 stop it
    # the Knight jumps; a1 is its own Rook's and c5 Black's Pawn's
    assert destinations(game, "b3") == {"a5", "d4", "d2", "c1"}
    assert destinations(game, "f1") == {"e2", "d3", "c4", "b5", "a6", "g2", "h3"}
    assert destinations(game, "a2") == {"a3"}  # a Pawn off its first row has moved: one step
    play(game, "a1 c1")
    assert seat(game) == BO and game.view(None)["board"][square_index("c1", 8, 8)] == "R"


def test_no_piece_but_the_king_captures():
    game = table(BOARD)
    assert refused(game, Move("move", ("a1", "d1"))) == (
        "Only the King captures: the Rook cannot land on the Black Knight on d1.")
    assert refused(game, Move("move", ("a1", "e1"))) == "The Rook's way to e1 is blocked on d1: no piece jumps but the Knight."
    assert refused(game, Move("move", ("b3", "a1"))) == "a1 holds one of your own pieces: nobody lands on their own piece."
    assert refused(game, Move("move", ("f1", "f3"))) == "A Bishop moves diagonally."
    assert refused(game, Move("move", ("b3", "b5"))) == "A Knight jumps in an L: two squares one way and one square across."
    assert refused(game, Move("move", ("c5", "c4"))) == "The Pawn on c5 is Black's: move one of your own pieces."
    assert refused(game, Move("move", ("e5", "e4"))) == "There is no piece on e5 to move."


def test_the_queen_slides_any_way_until_something_stands_in_it():
    game = table("""
    ........
    ........
    ........
    ...p....
    ........
    ...Q.P..
    ........
    ........
    """)
    assert destinations(game, "d3") == {
        "d4", "d2", "d1", "a3", "b3", "c3", "e3",
        "c4", "b5", "a6", "e4", "f5", "g6", "h7", "c2", "b1", "e2", "f1"}


def test_the_king_captures_and_the_piece_leaves_the_game():
    game = table("""
    ........
    ........
    ........
    ....p...
    ....K...
    ....P...
    ........
    ........
    """)
    assert destinations(game, "e4") == {"d5", "e5", "f5", "d4", "f4", "d3", "f3"}  # e3 is its own Pawn
    events = play(game, "e4 e5")
    view = game.view(None)
    assert view["board"][square_index("e5", 8, 8)] == "K"
    assert view["out"][BO]["P"] == 1 and view["hand"][BO]["P"] == 7
    assert "captures Bo's Pawn, which is out of the game" in events[0].text
    # out of the game: Bo's pieces on the board, in hand and out still make a chess set
    assert sum(p == "p" for p in view["board"]) + view["hand"][BO]["P"] + view["out"][BO]["P"] == 8


def test_with_the_back_option_a_captured_piece_returns_to_hand():
    game = table("""
    ........
    ........
    ........
    ....q...
    ....K...
    ........
    ........
    ........
    """, captured="back")
    events = play(game, "e4 e5")
    view = game.view(None)
    assert view["hand"][BO]["Q"] == 1 and view["out"][BO]["Q"] == 0
    assert "goes back to its owner's hand" in events[0].text


def test_a_king_may_take_the_other_king():
    game = table("""
    ........
    ........
    ........
    ...k....
    ....K...
    ........
    ........
    ........
    """)
    play(game, "e4 d5")
    assert game.view(None)["out"][BO]["K"] == 1
    assert game.outcome() is None  # no checkmate in Land Grab: the game goes on


def test_a_pawn_steps_two_only_on_its_first_move_and_only_over_an_empty_square():
    game = table("""
    ........
    ........
    ........
    ........
    ........
    .....p..
    ........
    ...PP.P.
    """)
    assert destinations(game, "d1") == {"d2", "d3"}
    assert destinations(game, "g1") == {"g2", "g3"}
    play(game, "d1 d2", "h8 P")
    assert destinations(game, "d2") == {"d3"}
    assert refused(game, Move("move", ("d2", "d4"))) == (
        "A Pawn steps two squares only on its first move, and this one has moved.")
    game = table("""
    ........
    ........
    ........
    ........
    ........
    ....p...
    ....p...
    ....P...
    """)
    assert destinations(game, "e1") == set()
    assert refused(game, Move("move", ("e1", "e2"))) == "Only the King captures: the Pawn cannot land on the Black Pawn on e2."
    assert refused(game, Move("move", ("e1", "e3"))) == "Only the King captures: the Pawn cannot land on the Black Pawn on e3."
    game = table("""
    ........
    ........
    ........
    ........
    ........
    ....p...
    ........
    ....P...
    """)
    assert destinations(game, "e1") == {"e2"}  # e3 is taken: the double step needs both squares
    game = table("""
    ........
    ........
    ........
    ........
    ........
    ........
    ....n...
    ....P...
    """)
    assert destinations(game, "e1") == set()  # nothing jumps over e2
    assert refused(game, Move("move", ("e1", "e3"))) == "The Pawn's way to e3 is blocked: both squares ahead must be empty."


def test_black_pawns_walk_down_the_board():
    game = table("""
    ...p....
    ........
    ........
    ........
    ........
    ........
    ........
    ........
    """, turn="B")
    assert destinations(game, "d8") == {"d7", "d6"}


NEAR = """
........
........
........
....n...
...P....
........
........
........
"""


def test_the_near_miss_takes_the_square_an_enemy_piece_just_left():
    game = table(NEAR, turn="B")
    play(game, "e5 g6")  # the Knight leaves e5, diagonally ahead of the Pawn on d4
    assert game.view(None)["near_miss"] == "e5" and game.view(None)["near_miss_pawns"] == ["d4"]
    assert destinations(game, "d4") == {"d5", "e5"}
    events = play(game, "d4 e5")
    assert "near-miss" in events[0].text
    assert game.view(None)["board"][square_index("e5", 8, 8)] == "P"


def test_the_near_miss_lasts_one_turn():
    game = table(NEAR, turn="B")
    play(game, "e5 g6", "a1 P", "a8 P")
    assert destinations(game, "d4") == {"d5"}
    assert refused(game, Move("move", ("d4", "e5"))).startswith("A Pawn moves diagonally only for a near-miss")


def test_no_near_miss_after_a_creation_nor_behind_nor_onto_ones_own_vacated_square():
    game = table(NEAR, turn="B")
    play(game, "a8 P")  # a creation leaves no square
    assert destinations(game, "d4") == {"d5"}
    game = table("""
    ........
    ........
    ........
    ........
    ...P....
    ..n.....
    ........
    ........
    """, turn="B")
    play(game, "c3 a2")  # c3 is behind the Pawn: a near-miss goes forward only
    assert destinations(game, "d4") == {"d5"}


def test_a_black_pawn_near_misses_down_the_board():
    game = table("""
    ........
    ........
    ........
    ...p....
    ....N...
    ........
    ........
    ........
    """)
    play(game, "e4 f2")
    assert destinations(game, "d5") == {"d4", "e4"}


# --------------------------------------------------------------------------------------------
# fences


def land_of(game: LandGrab, who: int) -> tuple[int, bool]:
    view = game.view(None)
    return view["land_size"][who], view["sealed"][who]


def check_land(game: LandGrab) -> None:
    """The land of both sides as the game counts it is the land counted independently."""
    view = game.view(None)
    for who in (ADA, BO):
        colour = WHITE if view["white"] == who else BLACK
        squares, sealed = brute_land(view["board"], colour)
        assert set(view["land"][who]) == {SQ[i] for i in squares}
        assert view["sealed"][who] == sealed


@pytest.mark.parametrize("diagram, move, size, won", [
    # a straight fence on rank 4 is exactly half the board: not enough
    ("""
     ........
     ........
     ........
     ........
     PPPPPPP.
     .......P
     ........
     ........
     """, "h3 h4", 32, False),
    # one piece of it a square further: 33, a win
    ("""
     ........
     ........
     ........
     ...N....
     PPPPPPP.
     .......P
     ........
     ........
     """, "h3 h4", 33, True),
    # a fence may dip corner to corner (d4, e3, f4): sealed, but e4 is the far side's: 24 + 7
    ("""
     ........
     ........
     ........
     ........
     PPPP.PPP
     ........
     ......N.
     ........
     """, "g2 e3", 31, False),
    # the diagonal from a1 to h8: 36 squares
    ("""
     ........
     ......P.
     .....P..
     ....P...
     ...P....
     ..P.....
     .P......
     P......R
     """, "h1 h8", 36, True),
    # a fence that runs corner to corner through e4 on rank 5: the far side never gets behind it
    ("""
     ........
     ........
     ........
     PPPP.PPP
     ........
     ........
     ........
     ....R...
     """, "e1 e4", 39, True),
])
def test_fences_that_win_and_fences_that_do_not(diagram, move, size, won):
    game = table(diagram)
    events = play(game, move)
    assert land_of(game, ADA) == (size, True)
    check_land(game)
    if won:
        assert game.outcome() is not None and game.outcome().winners == [ADA]
        assert events[-1].kind == "win" and f"fences off {size} of the 64 squares" in events[-1].text
        assert game.outcome().standings[0].score == size
    else:
        assert game.outcome() is None


def test_a_fence_joined_corner_to_corner_counts_its_piece_beyond_rank_four():
    game = table("""
    ........
    ........
    ........
    ........
    PPPP.PPP
    ........
    ........
    ....R...
    """)
    play(game, "e1 e4")
    assert land_of(game, ADA) == (32, True) and game.outcome() is None
    # e4 empty again, but the Rook on e5 touches d4 and f4 corner to corner: 24 + 7 + e4 + e5
    play(game, "a8 P", "e4 e5")
    assert land_of(game, ADA) == (33, True)
    assert game.outcome().winners == [ADA]
    check_land(game)


def test_a_gap_lets_the_far_side_in():
    game = table("""
    ........
    ........
    ........
    PPP..PPP
    ........
    ...N....
    ........
    ........
    """)
    play(game, "d3 e5")  # d5 stays open: d5 and d4 lead the far side down to the first row
    assert land_of(game, ADA) == (0, False)
    assert game.outcome() is None
    check_land(game)


def test_a_lone_piece_beyond_the_fence_adds_nothing():
    game = table("""
    ........
    ........
    ...N....
    ........
    PPPPPPP.
    .......P
    ........
    ........
    """)
    play(game, "h3 h4")
    assert land_of(game, ADA) == (32, True)
    assert game.outcome() is None
    check_land(game)


def test_cutting_a_corner_off_the_far_row_fences_nothing():
    game = table("""
    ....P...
    .....P..
    ......P.
    ........
    ........
    ........
    ........
    .......R
    """)
    play(game, "h1 h5")
    assert land_of(game, ADA) == (0, False)
    check_land(game)


def test_more_than_half_does_not_win_while_the_first_row_is_open():
    # b1 to b6, then along rank 6: 42 squares walled off, but a1 is open to the far side
    game = table("""
    ........
    ........
    .PNNRRPP
    .P......
    .P......
    .P......
    .P......
    ........
    """)
    events = play(game, "b1 P")
    assert game.outcome() is None
    view = game.view(None)
    assert view["sealed"][ADA] is False
    assert view["land_size"][ADA] == 42
    assert events[-1].kind == "create"
    check_land(game)


def test_enemy_pieces_behind_the_fence_are_land():
    game = table("""
    ........
    ........
    ........
    PPPPPPP.
    ..p..q..
    .n......
    ......r.
    .......R
    """)
    play(game, "h1 h5")
    assert land_of(game, ADA) == (40, True)
    assert game.outcome().winners == [ADA]


def test_black_fences_from_the_top():
    game = table("""
    ........
    ........
    ........
    ........
    .ppppppp
    ........
    ........
    r.......
    """, turn="B")
    play(game, "a1 a4")
    assert land_of(game, BO) == (40, True)
    assert game.outcome().winners == [BO]
    assert game.outcome().summary == "Bo (Black) fences off 40 squares of 64 and wins."


def test_two_fences_may_cross_corner_to_corner_and_share_squares():
    # White's fence a3-d3, e4-h4 and Black's a4-d4, e3-h3 cross between d3/e4 and d4/e3
    game = table("""
    r.......
    ........
    ........
    ........
    .pppPPPP
    PPPPpppp
    ........
    ........
    """, turn="B")
    assert land_of(game, ADA) == (28, True)
    play(game, "a8 a4")
    view = game.view(None)
    check_land(game)
    assert set(view["land"][ADA]) & set(view["land"][BO]) == {f"{f}{r}" for f in "efgh" for r in "34"}
    assert land_of(game, BO) == (44, True) and land_of(game, ADA) == (28, True)
    assert game.outcome().winners == [BO]


def test_the_sealing_of_a_first_row_is_told():
    game = table("""
    ........
    ........
    ........
    ........
    ........
    PPPPPPP.
    ........
    .......R
    """)
    events = play(game, "h1 h3")
    assert events[-1].kind == "sealed" and "now seals their first row: 24 squares" in events[-1].text


# --------------------------------------------------------------------------------------------
# promotion


def test_a_pawn_on_the_far_row_stays_a_pawn_and_stops():
    game = table("""
    ........
    ....P...
    ........
    ........
    ........
    ........
    ........
    ........
    """)
    assert [str(m) for m in game.legal_moves(ADA) if m.kind == "move"] == ["move e7 e8"]
    assert refused(game, Move("move", ("e7", "e8", "Q"))) == (
        "Pawns do not promote at this table: a Pawn on the far row stays a Pawn.")
    play(game, "e7 e8", "a8 P")
    assert destinations(game, "e8") == set()
    assert game.view(None)["board"][square_index("e8", 8, 8)] == "P"


def test_with_promotion_the_pawn_becomes_a_piece_from_hand():
    game = table("""
    ........
    ....P...
    ........
    ........
    ........
    ........
    ........
    ...Q....
    """, promotion=True)
    assert sorted(str(m) for m in game.legal_moves(ADA) if m.kind == "move" and m.args[0] == "e7") == [
        "move e7 e8 B", "move e7 e8 N", "move e7 e8 R"]  # the Queen is on the board already
    assert "Choose what the Pawn becomes" in refused(game, Move("move", ("e7", "e8")))
    events = play(game, "e7 e8 R")
    view = game.view(None)
    assert view["board"][square_index("e8", 8, 8)] == "R"
    assert view["hand"][ADA]["R"] == 1 and view["hand"][ADA]["P"] == 8
    assert "becomes a Rook" in events[0].text


# --------------------------------------------------------------------------------------------
# draws, passes, refusals, the view


def test_the_third_repetition_draws():
    shuffle = ["b1 c3", "b8 c6", "c3 b1", "c6 b8"]
    game = table("""
    .n......
    ........
    ........
    ........
    ........
    ........
    ........
    .N......
    """)
    play(game, *shuffle, *shuffle)  # every position after the first move has stood twice
    assert game.outcome() is None and game.view(None)["repeats"] == 2
    events = play(game, shuffle[0])  # the Knight on c3 and Black to move, a third time
    assert game.outcome() is not None and game.outcome().winners == []
    assert game.outcome().summary.startswith("A draw by repetition")
    assert events[-1].kind == "draw"
    game = table(".n......\n" + "........\n" * 6 + ".N......", repetition=False)
    play(game, *shuffle * 4)
    assert game.outcome() is None


def test_the_move_limit_draws():
    game = LandGrab(["Ada", "Bo"], 1, max_moves=6)
    for _ in range(5):
        game.play(seat(game), game.legal_moves(seat(game))[0])
    assert game.outcome() is None
    game.play(seat(game), game.legal_moves(seat(game))[0])
    outcome = game.outcome()
    assert outcome.winners == [] and outcome.summary == "A draw: 6 moves without a winner."
    assert [s.place for s in outcome.standings] == [1, 1]


def test_a_player_with_no_move_passes_and_two_passes_draw():
    game = table("""
    P.......
    ........
    ........
    ........
    ........
    ........
    ........
    p.......
    """)
    game.pos.hand = [[0] * 6, [0] * 6]
    game._legal = None
    assert game.legal_moves(ADA) == [Move("pass")]
    events = game.play(ADA, Move("pass"))
    assert events[0].text == "Ada (White) has no legal move and passes."
    game.play(BO, Move("pass"))
    assert game.outcome().summary == "A draw: neither player could move."
    other = table(BOARD)
    assert refused(other, Move("pass")) == "You may pass only when you have no legal move, and you have one."


def test_refusals_speak_of_the_rules():
    game = table(BOARD)
    assert refused(game, Move("create", ("e4", "P"))).startswith("Pieces enter on your first row")
    assert refused(game, Move("create", ("zz", "P"))).startswith("Name a square and a piece")
    assert refused(game, Move("move", ("a1",))).startswith("Name the square a piece leaves")
    assert refused(game, Move("fly", ())).startswith("Land Grab has no 'fly' move")
    with pytest.raises(IllegalMove) as info:
        game.play(BO, Move("create", ("a8", "P")))
    assert "not Bo's turn" in info.value.reason


def test_describe_move_names_the_piece():
    game = table(NEAR)
    assert game.describe_move(Move("create", ("e1", "N"))) == "Create a Knight on e1"
    assert game.describe_move(Move("move", ("d4", "d5"))) == "Pawn d4 to d5"
    assert LandGrab(["a", "b"], 1).describe_move(Move("pass")) == "Pass (no legal move)"


def test_a_view_rebuilds_the_position():
    game = LandGrab(["Ada", "Bo"], 11)
    rnd = random.Random(11)
    for _ in range(40):
        s = seat(game)
        game.play(s, rnd.choice(game.legal_moves(s)))
        pos = position_from_view(game.view(s))
        assert pos.key() == game.pos.key()


def test_the_catalog_lists_land_grab_with_its_options():
    info = catalog.get("land-grab")
    assert info.family == "Board" and info.players_label == "2 players"
    assert {o.key for o in info.rules_class().OPTIONS} == {"creation", "captured", "promotion", "repetition",
                                                          "max_moves"}
    assert "## Rulings" in info.help_text()


# --------------------------------------------------------------------------------------------
# the property test


def test_random_games_keep_a_chess_set_and_end():
    # 280 games: every combination of the options below (they repeat every 140 seeds) twice
    ends = {"win": 0, "draw": 0}
    for s in range(280):
        options = {}
        if s % 4 == 1:
            options["captured"] = "back"
        if s % 5 == 2:
            options["promotion"] = True
        if s % 7 == 3:
            options["creation"] = "exactly"
        if s % 2:
            options["max_moves"] = 120
        game = LandGrab(["Ada", "Bo"], s, **options)
        rnd = random.Random(s)
        limit = options.get("max_moves", 200)
        while game.outcome() is None:
            who = seat(game)
            moves = game.legal_moves(who)
            assert moves and game.to_act() == [who]
            game.play(who, rnd.choice(moves))
            assert len(game.history) <= limit
            if len(game.history) % 37 == 0:
                check_set(game)
        check_set(game)
        view = game.view(None)
        outcome = game.outcome()
        if outcome.winners:
            ends["win"] += 1
            winner = outcome.winners[0]
            colour = WHITE if view["white"] == winner else BLACK
            squares, sealed = brute_land(view["board"], colour)
            assert sealed and len(squares) > 32 and view["land_size"][winner] == len(squares)
            assert game.history[-1][0] == winner  # only the mover wins
        else:
            ends["draw"] += 1
    assert ends["win"] > 20 and ends["draw"] > 20


def check_set(game: LandGrab) -> None:
    """Each side's pieces on the board, in hand and out of the game are a chess set, kind by kind;
    pieces are created only on their first row's squares; the land is counted right."""
    view = game.view(None)
    for who in (ADA, BO):
        white = view["white"] == who
        for kind, total in zip(LETTERS, CHESS_SET):
            letter = kind if white else kind.lower()
            on_board = sum(p == letter for p in view["board"])
            assert on_board + view["hand"][who][kind] + view["out"][who][kind] == total
            assert view["hand"][who][kind] >= 0
    check_land(game)
    bits = game.pos
    assert bits.occ[0] & bits.occ[1] == 0
    assert {i for i in range(64) if bits.kind[i] >= 0} == set(squares_of(bits.occ[0] | bits.occ[1]))
    for m in game.legal_moves(view["turn"]) if game.outcome() is None else ():
        if m.kind == "create":
            assert m.args[0][1] == ("1" if view["turn"] == view["white"] else "8")
