"""Queensland: scoring (the reference's worked position), queen moves, placements, the turn's two steps,
the end, the options (lowest score, the match), refusals, the computer player, and seeded property
tests over random games checked against an independent scorer. (Records, undo, copies and the computer
player's legality and strength against random players: the contract suite, tests/contract.)"""

import json
import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.queensland import QueenslandBot, all_scores, decide, lift, place
from tabletop_tui.rules.components.squares import square_index
from tabletop_tui.rules.engine import IllegalMove, Move
from tabletop_tui.rules.queensland import EMPTY, Queensland, checkers_each, line_scores, lines_of

ADA, BO = 0, 1


def sq(name: str, size: int = 8) -> int:
    return square_index(name, size, size)


def board_of(rows: list[str]) -> list[int]:
    """A board from rows drawn top first: X is seat 0, O seat 1, Z seat 2, . empty."""
    return [{"X": 0, "O": 1, "Z": 2, ".": EMPTY}[c] for row in rows for c in row.replace(" ", "")]


def placed(game: Queensland, *names: str) -> Queensland:
    """Place checkers on the named squares in turn order, no queen moves."""
    for name in names:
        game.play(game.to_act()[0], Move("place", (sq(name),)))
    return game


def brute_scores(board: list[int], players: int, size: int = 8) -> list[int]:
    """An independent scorer: every pair of one owner's checkers on a common line, with only empty
    squares strictly between them, scores those squares."""
    scores = [0] * players
    cells = [(i // size, i % size, board[i]) for i in range(size * size) if board[i] != EMPTY]
    for i, (r1, c1, o1) in enumerate(cells):
        for r2, c2, o2 in cells[i + 1:]:
            if o1 != o2:
                continue
            dr, dc = r2 - r1, c2 - c1
            if not (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
                continue
            steps = max(abs(dr), abs(dc))
            sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
            between = [board[(r1 + k * sr) * size + c1 + k * sc] for k in range(1, steps)]
            if between and all(b == EMPTY for b in between):
                scores[o1] += len(between)
    return scores


# --------------------------------------------------------------------------------------------
# scoring


def test_the_reference_position_scores_x_1_and_o_2():
    board = board_of(["XO.X", "....", "XOOO", "...X"])
    assert line_scores(board, 2, size=4) == [1, 2]
    # the lines themselves: X a4-a2 over a3; O b4-b2 over b3 and b4-d2 over c3
    lines = {(o, a, b, gap) for o, a, b, gap in lines_of(board, 4)}
    assert lines == {(0, sq("a4", 4), sq("a2", 4), 1), (1, sq("b4", 4), sq("b2", 4), 1),
                     (1, sq("b4", 4), sq("d2", 4), 1)}


def test_a_line_scores_each_empty_square_along_it_and_any_checker_breaks_it():
    # three empty squares between two X's: 3 points; four between two O's on a diagonal: 4 points
    board = board_of(["X...X...",
                      "O.......",
                      "........",
                      "........",
                      "........",
                      "........",
                      ".....O..",
                      "........"])
    assert line_scores(board, 2) == [3, 4]
    board[sq("c8")] = 1  # an O between the X's breaks their line (and scores nothing for O)
    assert line_scores(board, 2) == [0, 4]
    board[sq("c8")] = 0  # an X between them breaks it too: now two lines of 1 and 1
    assert line_scores(board, 2) == [2, 4]


def test_checkers_side_by_side_score_nothing_and_every_pair_counts():
    board = board_of(["XX.X....", *["........"] * 7])
    # a8-b8 side by side: 0; b8-d8 over c8: 1; a8-d8 is blocked by b8
    assert line_scores(board, 2) == [1, 0]


# --------------------------------------------------------------------------------------------
# the table


@pytest.mark.parametrize("players, each", [(2, 12), (3, 8), (4, 6), (5, 5), (6, 4)])
def test_checkers_per_player_keep_the_total_at_24_or_25_with_five(players, each):
    assert checkers_each(players) == each
    game = Queensland([f"P{i}" for i in range(players)])
    assert game.view(None)["hands"] == [each] * players


def test_seven_players_are_refused():
    with pytest.raises(ValueError):
        Queensland([f"P{i}" for i in range(7)])


def test_the_first_turn_has_no_move_and_goes_straight_to_the_placement():
    game = Queensland(["Ada", "Bo"])
    assert game.to_act() == [ADA]
    assert game.view(None)["phase"] == "place"
    assert {m.kind for m in game.legal_moves(ADA)} == {"place"}
    assert len(game.legal_moves(ADA)) == 64
    with pytest.raises(IllegalMove, match="no checker on the board"):
        game.play(ADA, Move("move", (0, 1)))
    with pytest.raises(IllegalMove, match="no checker that can move"):
        game.play(ADA, Move("skip"))


def test_a_turn_is_an_optional_move_then_a_placement():
    game = placed(Queensland(["Ada", "Bo"]), "d4", "e5")
    assert game.to_act() == [ADA]
    assert game.view(None)["phase"] == "move"
    kinds = {m.kind for m in game.legal_moves(ADA)}
    assert kinds == {"move", "skip", "place"}
    game.play(ADA, Move("move", (sq("d4"), sq("d1"))))
    # still Ada's turn: the placement is mandatory, and only one move a turn
    assert game.to_act() == [ADA]
    assert {m.kind for m in game.legal_moves(ADA)} == {"place"}
    with pytest.raises(IllegalMove, match="moved a checker this turn already"):
        game.play(ADA, Move("move", (sq("d1"), sq("d2"))))
    with pytest.raises(IllegalMove, match="moved a checker this turn already"):
        game.play(ADA, Move("skip"))
    game.play(ADA, Move("place", (sq("a1"),)))
    assert game.to_act() == [BO]
    board = game.view(None)["board"]
    assert board[sq("d1")] == ADA and board[sq("a1")] == ADA and board[sq("d4")] is None
    assert game.view(None)["hands"] == [10, 11]


def test_skip_then_place_and_place_at_once_are_the_same_turn():
    one = placed(Queensland(["Ada", "Bo"]), "d4", "e5")
    one.play(ADA, Move("skip"))
    assert one.to_act() == [ADA] and one.view(None)["phase"] == "place"
    one.play(ADA, Move("place", (sq("h8"),)))
    two = placed(Queensland(["Ada", "Bo"]), "d4", "e5", "h8")
    assert one.view(None)["board"] == two.view(None)["board"]
    assert one.to_act() == two.to_act() == [BO]
    assert "does not move" in one.log[-2].text


def test_queen_moves_go_along_open_lines_only_and_stop_before_any_checker():
    # Ada d4, Bo d6, Ada f4 (Bo's d6 above, Ada's own f4 to the right), Bo b2 (on d4's diagonal)
    game = placed(Queensland(["Ada", "Bo"]), "d4", "d6", "f4", "b2")
    moves = {m.args[1] for m in game.legal_moves(ADA) if m.kind == "move" and m.args[0] == sq("d4")}
    expected = {"d5", "e4", "c4", "b4", "a4", "d3", "d2", "d1", "c3", "e5", "f6", "g7", "h8",
                "c5", "b6", "a7", "e3", "f2", "g1"}
    assert moves == {sq(n) for n in expected}
    # blocked: d4 to d8 (Bo's d6), d4 to g4 (Ada's own f4), d4 to a1 (Bo's b2)
    for target, blocker in (("d8", "d6"), ("g4", "f4"), ("a1", "b2")):
        with pytest.raises(IllegalMove, match=f"blocked at {blocker}"):
            game.play(ADA, Move("move", (sq("d4"), sq(target))))
    # not a queen's line
    with pytest.raises(IllegalMove, match="not a straight line"):
        game.play(ADA, Move("move", (sq("d4"), sq("e6"))))


def test_no_capture_a_checker_never_lands_on_another():
    game = placed(Queensland(["Ada", "Bo"]), "d4", "d5", "a1")
    # Bo's d5 next to Ada's d4 and Ada's a1 are occupied: no move lands there
    legal = game.legal_moves(BO)
    assert all(game.view(None)["board"][m.args[1]] is None for m in legal if m.kind == "move")
    with pytest.raises(IllegalMove, match="nothing is captured"):
        game.play(BO, Move("move", (sq("d5"), sq("d4"))))
    with pytest.raises(IllegalMove, match="holds Ada's checker"):
        game.play(BO, Move("move", (sq("d4"), sq("d3"))))  # moving another player's checker
    before = json.dumps(game.view(None))
    assert json.dumps(game.view(None)) == before and game.to_act() == [BO]


def test_a_new_checker_goes_on_an_empty_square_only():
    game = placed(Queensland(["Ada", "Bo"]), "d4", "e5")
    with pytest.raises(IllegalMove, match="holds Bo's checker"):
        game.play(ADA, Move("place", (sq("e5"),)))
    with pytest.raises(IllegalMove, match="already holds one of Ada's"):
        game.play(ADA, Move("place", (sq("d4"),)))
    with pytest.raises(IllegalMove, match="not a square"):
        game.play(ADA, Move("place", (64,)))
    with pytest.raises(IllegalMove, match="not Bo's turn"):
        game.play(BO, Move("place", (sq("a1"),)))
    with pytest.raises(IllegalMove, match="no 'jump' move"):
        game.play(ADA, Move("jump", (1,)))
    with pytest.raises(IllegalMove, match="takes nothing more"):
        game.play(ADA, Move("skip", (1,)))
    # placing on the square just left is allowed (any empty square)
    game.play(ADA, Move("move", (sq("d4"), sq("d1"))))
    game.play(ADA, Move("place", (sq("d4"),)))
    assert game.view(None)["board"][sq("d4")] == ADA


def test_a_boxed_in_player_goes_straight_to_the_placement():
    # Ada's a8 hemmed in by Bo's a7, b7 and b8 (Ada's second checker is h1, free): only h1 moves
    game = placed(Queensland(["Ada", "Bo"]), "a8", "a7", "h1", "b7", "c3", "b8")
    froms = {m.args[0] for m in game.legal_moves(ADA) if m.kind == "move"}
    assert froms == {sq("h1"), sq("c3")}
    with pytest.raises(IllegalMove, match="has nowhere|blocked|nothing is captured"):
        game.play(ADA, Move("move", (sq("a8"), sq("a7"))))


def test_the_game_ends_when_the_last_checker_is_placed_and_scores_the_lines():
    game = Queensland(["Ada", "Bo"])
    # Ada fills rank 1 every other square, Bo rank 8 in a pattern; no moves at all
    ada = ["a1", "c1", "e1", "g1", "a3", "c3", "e3", "g3", "a5", "c5", "e5", "g5"]
    bo = ["a8", "b8", "d8", "h8", "a6", "h6", "b4", "h4", "h2", "d2", "f6", "f4"]
    for a, b in zip(ada, bo):
        placed(game, a, b)
    outcome = game.outcome()
    assert outcome is not None and game.to_act() == [] and game.legal_moves(ADA) == []
    board = game.view(None)["board"]
    expected = brute_scores([EMPTY if o is None else o for o in board], 2)
    assert game.view(None)["scores"] == expected
    scores = {s.seat: s.score for s in outcome.standings}
    assert [scores[0], scores[1]] == expected
    winner = max((0, 1), key=lambda s: expected[s])
    assert outcome.winners == [winner] and expected[0] != expected[1]
    assert "last checker is down" in game.log[-1].text
    with pytest.raises(IllegalMove, match="over"):
        game.play(ADA, Move("place", (sq("b1"),)))


def test_the_last_player_still_moves_before_the_last_placement():
    game = Queensland(["Ada", "Bo"])
    names = [f"{f}{r}" for r in (1, 3, 5, 7, 8) for f in "abcdefgh"][:23]
    placed(game, *names)
    assert game.to_act() == [BO] and game.view(None)["hands"] == [0, 1]
    assert game.view(None)["phase"] == "move"
    game.play(BO, Move("move", (sq("b1"), sq("b2"))))
    assert game.outcome() is None
    game.play(BO, Move("place", (sq("h2"),)))
    assert game.outcome() is not None


def _finish(game: Queensland, rng: random.Random) -> None:
    while game.outcome() is None:
        seat = game.to_act()[0]
        places = [m for m in game.legal_moves(seat) if m.kind == "place"]
        game.play(seat, rng.choice(places))


def test_lowest_score_wins_in_the_variant():
    for seed in range(5):
        high, low = Queensland(["Ada", "Bo"]), Queensland(["Ada", "Bo"], lowest=True)
        _finish(high, random.Random(seed))
        _finish(low, random.Random(seed))
        scores = high.view(None)["scores"]
        assert low.view(None)["scores"] == scores
        if scores[0] != scores[1]:
            assert high.outcome().winner == (0 if scores[0] > scores[1] else 1)
            assert low.outcome().winner == (0 if scores[0] < scores[1] else 1)
            assert "lowest score wins" in low.outcome().summary


def test_equal_scores_are_a_draw():
    game = Queensland(["Ada", "Bo"])
    # mirror images across the middle rows: each side's lines are the same shape
    for a, b in zip(["a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"],
                    ["a8", "c8", "e8", "g8", "b7", "d7", "f7", "h7", "a6", "c6", "e6", "g6"]):
        placed(game, a, b)
    outcome = game.outcome()
    scores = game.view(None)["scores"]
    assert scores[0] == scores[1]
    assert outcome.winners == [] and sorted(outcome.drawn) == [0, 1]
    assert "draw" in outcome.summary.lower()


def test_the_two_game_match_swaps_the_first_player_and_adds_the_points():
    game = Queensland(["Ada", "Bo"], games=2)
    rng = random.Random(4)
    assert game.to_act() == [ADA]
    for _ in range(24):
        seat = game.to_act()[0]
        game.play(seat, rng.choice([m for m in game.legal_moves(seat) if m.kind == "place"]))
    first = game.view(None)
    assert game.outcome() is None
    assert first["game_number"] == 2 and len(first["past"]) == 1
    assert first["board"] == [None] * 64 and first["hands"] == [12, 12]
    assert game.to_act() == [BO] and first["order"] == [BO, ADA]
    assert first["totals"] == first["past"][0]
    _finish(game, rng)
    view = game.view(None)
    totals = [view["past"][0][s] + view["past"][1][s] for s in (0, 1)]
    assert view["totals"] == totals
    outcome = game.outcome()
    assert {s.seat: s.score for s in outcome.standings} == {0: totals[0], 1: totals[1]}
    if totals[0] != totals[1]:
        assert outcome.winner == (0 if totals[0] > totals[1] else 1)
        assert "match" in outcome.summary
    assert "game 1:" in outcome.standings[0].detail
    assert game.length() == 48


def test_a_longer_match_passes_the_first_turn_round_the_table():
    game = Queensland(["Ada", "Bo", "Cy"], games=3)
    rng = random.Random(1)
    firsts = []
    while game.outcome() is None:
        view = game.view(None)
        if sum(view["hands"]) == 24:
            firsts.append(game.to_act()[0])
        seat = game.to_act()[0]
        game.play(seat, rng.choice([m for m in game.legal_moves(seat) if m.kind == "place"]))
    assert firsts == [0, 1, 2]


def test_options_are_checked():
    with pytest.raises(ValueError):
        Queensland(["Ada", "Bo"], games=0)
    with pytest.raises(ValueError):
        Queensland(["Ada", "Bo"], games=7)
    with pytest.raises(ValueError):
        Queensland(["Ada", "Bo"], colour="red")


# --------------------------------------------------------------------------------------------
# the catalog


def test_the_catalog_entry_and_help():
    info = catalog.get("queensland")
    assert info.rules_class() is Queensland and info.bot_class() is QueenslandBot
    text = info.help_text()
    assert "## Rulings" in text and "X scores 1" in text


# --------------------------------------------------------------------------------------------
# property tests: seeded random games


def _random_game(seed: int):
    rng = random.Random(seed)
    n = 2 + seed % 5
    options = {"games": 2 if seed % 7 == 0 else 1, "lowest": seed % 3 == 0}
    game = Queensland([f"P{i}" for i in range(n)], seed, **options)
    return game, rng, n


def test_property_checkers_are_conserved_and_every_game_ends():
    # 210 games: every table of _random_game (its choices repeat every 105 seeds) twice
    for seed in range(210):
        game, rng, n = _random_game(seed)
        each = checkers_each(n)
        bound = game.options["games"] * n * each * 2
        steps = 0
        while game.outcome() is None:
            seat = game.to_act()[0]
            assert game.to_act() == [seat] and all(not game.legal_moves(s) for s in range(n) if s != seat)
            legal = game.legal_moves(seat)
            move = rng.choice(legal)
            game.play(seat, move)
            steps += 1
            assert steps <= bound, f"seed {seed}: no end"
            board, hand = game._board, game._hand
            if game.outcome() is None and sum(hand) < n * each:  # (a new game of a match starts full)
                for s in range(n):
                    assert board.count(s) + hand[s] == each, f"seed {seed}"
        view = game.view(None)
        assert view["hands"] == [0] * n
        assert sum(1 for o in view["board"] if o is not None) == n * each
        board = [EMPTY if o is None else o for o in view["board"]]
        assert view["scores"] == brute_scores(board, n), f"seed {seed}"
        assert len(view["past"]) == game.options["games"]
        outcome = game.outcome()
        totals = view["totals"]
        best = (min if game.options["lowest"] else max)(totals)
        assert sorted(outcome.first) == [s for s in range(n) if totals[s] == best], f"seed {seed}"


def test_property_the_bot_search_keeps_its_points_right():
    """The bot's incremental points (placing, lifting) agree with the rules' scorer on random boards."""
    rng = random.Random(2)
    for _ in range(300):
        n = rng.randint(2, 4)
        board = [EMPTY] * 64
        scores = [0] * n
        for _ in range(rng.randint(1, 30)):
            s = rng.choice([i for i in range(64) if board[i] == EMPTY])
            place(board, scores, s, rng.randrange(n))
        assert scores == line_scores(board, n) == all_scores(board, n)
        s = rng.choice([i for i in range(64) if board[i] != EMPTY])
        lift(board, scores, s)
        assert scores == line_scores(board, n)


# --------------------------------------------------------------------------------------------
# the computer player


def best_last_turn(board: list[int], seat: int) -> int:
    """By brute force: the best difference (seat's points less the other's) any whole last turn reaches."""
    other = 1 - seat

    def diff(b):
        scores = brute_scores(b, 2)
        return scores[seat] - scores[other]

    best = None
    empties = [i for i in range(64) if board[i] == EMPTY]
    starts = [(None, None)]
    for s in range(64):
        if board[s] == seat:
            for t in empties:
                r1, c1, r2, c2 = s // 8, s % 8, t // 8, t % 8
                dr, dc = r2 - r1, c2 - c1
                if not (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
                    continue
                steps = max(abs(dr), abs(dc))
                sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
                if any(board[(r1 + k * sr) * 8 + c1 + k * sc] != EMPTY for k in range(1, steps)):
                    continue
                starts.append((s, t))
    for s, t in starts:
        after = list(board)
        if s is not None:
            after[s], after[t] = EMPTY, seat
        for u in range(64):
            if after[u] == EMPTY:
                after[u] = seat
                value = diff(after)
                after[u] = EMPTY
                best = value if best is None else max(best, value)
    return best


def test_the_bot_cuts_the_opponents_line_with_its_last_checker():
    # Bo's last placement, no move: Ada's a1-h8 diagonal (6) against Bo's a8-h1 diagonal (6)
    board = board_of(["O......X",
                      "........",
                      "........",
                      "........",
                      "........",
                      "........",
                      "........",
                      "X......O"])
    a, b, u = decide(board, [0, 1], [0, 1], BO, False, False)
    assert a == -1
    after = list(board)
    after[u] = BO
    assert line_scores(after, 2) == [0, 6]


@pytest.mark.parametrize("rows", [
    ["X......X", *["........"] * 6, "O......."],
    ["X..O...X", "........", "..X.....", "........", "O...X...", "........", ".O......", "X......O"],
])
def test_the_bot_takes_the_best_whole_last_turn(rows):
    board = board_of(rows)
    # Bo's last turn, a move and a placement: the bot finds the best difference there is
    a, b, u = decide(board, [0, 1], [0, 1], BO, True, False)
    after = list(board)
    if a >= 0:
        assert after[a] == BO and after[b] == EMPTY
        after[a], after[b] = EMPTY, BO
    assert after[u] == EMPTY
    after[u] = BO
    scores = line_scores(after, 2)
    assert scores[1] - scores[0] == best_last_turn(board, BO)


def test_the_bot_plays_more_players_and_the_variant():
    game = Queensland(["A", "B", "C", "D"], 3, lowest=True)
    bots = {s: QueenslandBot(s, 3) for s in range(4)}
    while game.outcome() is None:
        seat = game.to_act()[0]
        move = bots[seat].choose(game.view(seat), game.legal_moves(seat))
        game.play(seat, move)
    assert game.outcome() is not None
