"""Board Game Project #55: the board, deploying, walking on one colour with pawns wild, restocking,
stealing (buried chips first), scoring a round and the race to eleven; and random games to the end."""

import random

import pytest
from scripted import Scripted, refused

from tabletop_tui.rules.board_game_project_55 import (COLOURS, INTERIOR, LINKS, STARTS, TARGETS, TOTAL_CHIPS,
                                                     BoardGameProject55, BoardGameProject55View, name_of, reach, sq)
from tabletop_tui.rules.engine import Move

R, O, Y, G, B, P = range(6)  # the colours; die face = colour + 1
NAMES = ["Ada", "Bo", "Cy", "Dee"]
S, W, N, E = range(4)  # seats by side


def game_with(piles=None, pawns=None, stock=None, faces=(), **options):
    """A game whose board is set by hand: `piles` {name: [colours bottom first]} (every other stone a
    single Purple chip), pawns {seat: name} (others at their starts), stock {seat: six counts} (others
    empty). The chips need not add up to 42 here; the rules do not count them."""
    game = BoardGameProject55(NAMES, 0, **options)
    game.piles = {s: [P] for s in INTERIOR}
    for name, pile in (piles or {}).items():
        game.piles[sq(name)] = list(pile)
    game.pawns = list(STARTS)
    for seat, name in (pawns or {}).items():
        game.pawns[seat] = sq(name)
    game.stock = [[0] * 6 for _ in range(4)]
    for seat, counts in (stock or {}).items():
        game.stock[seat] = list(counts)
    game.rng = Scripted(list(faces))
    return game


def roll(game, colour):
    game.rng.faces.append(colour + 1)
    seat = game.to_act()[0]
    return game.play(seat, Move("roll"))


def chips_in(game):
    return sum(len(p) for p in game.piles.values()) + sum(map(sum, game.stock))


def m(kind, *args):
    return Move(kind, tuple(sq(a) if isinstance(a, str) else a for a in args))


# -- the board --------------------------------------------------------------------------------


def test_the_board_is_the_eighteen_inner_dark_squares_linked_diagonally():
    names = [name_of(s) for s in INTERIOR]
    assert len(names) == 18
    for name in names:
        file, rank = "abcdefgh".index(name[0]) + 1, int(name[1])
        assert 2 <= file <= 7 and 2 <= rank <= 7 and (file + rank) % 2 == 0  # a1 is dark
    assert sorted(name_of(s) for s in LINKS[sq("d4")]) == ["c3", "c5", "e3", "e5"]
    assert sorted(name_of(s) for s in LINKS[sq("b2")]) == ["c3"]
    assert [sorted(name_of(s) for s in LINKS[s]) for s in STARTS] == [["d2", "f2"], ["b4", "b6"], ["c7", "e7"],
                                                                       ["g3", "g5"]]
    assert [sorted(name_of(s) for s in t) for t in TARGETS] == [["c7", "e7", "g7"], ["g3", "g5", "g7"],
                                                                ["b2", "d2", "f2"], ["b2", "b4", "b6"]]
    # nothing leads back to the outer ring
    assert all(n in INTERIOR for links in LINKS.values() for n in links)


def test_setting_up():
    game = BoardGameProject55(NAMES, 7)
    assert all(len(game.piles[s]) == 1 for s in INTERIOR)
    tops = sorted(game.piles[s][0] for s in INTERIOR)
    assert tops == sorted(list(range(6)) * 3)  # three of each colour, one per stone
    assert game.stock == [[1] * 6] * 4
    assert game.pawns == list(STARTS)
    assert chips_in(game) == TOTAL_CHIPS == 42
    assert game.to_act() == [S] and game.legal_moves(S) == [Move("roll")]
    view = game.view(S)
    assert view["viewer"] == S and dict(view, viewer=None) == game.view(None)
    assert set(view) == BoardGameProject55View.__required_keys__ | BoardGameProject55View.__optional_keys__
    assert "Roll the die first" in refused(game, S, m("move", "d2"))
    # the seed deals the stones
    again = BoardGameProject55(NAMES, 7)
    assert again.piles == game.piles
    assert any(BoardGameProject55(NAMES, seed).piles != game.piles for seed in range(8, 12))


def test_exactly_four_players():
    with pytest.raises(ValueError, match="exactly 4"):
        BoardGameProject55(NAMES[:3], 1)


# -- walking ----------------------------------------------------------------------------------


def test_walking_as_far_as_you_like_on_the_rolled_colour_only():
    game = game_with(piles={"d2": [R], "c3": [R], "d4": [R], "e5": [B], "f2": [G]}, stock={S: [0] * 6})
    events = roll(game, R)
    assert "Ada rolls Red" in events[0].text
    moves = game.legal_moves(S)
    assert {name_of(mv.args[0]) for mv in moves if mv.kind == "move"} == {"d2", "c3", "d4"}
    assert "Green on top" in refused(game, S, m("move", "f2"))
    assert "No path of Red" in refused(game, S, m("move", "e5")) or "Blue on top" in refused(game, S, m("move", "e5"))
    assert "start" in refused(game, S, m("move", "e1"))
    assert "not a stepping stone" in refused(game, S, m("move", "a1"))
    events = game.play(S, m("move", "d4"))
    assert game.pawns[S] == sq("d4")
    assert "walks the Red stones from e1 to d4 (by d2, c3)" in events[0].text
    assert game.to_act() == [W]  # the turn passes to the left


def test_pawns_are_wild_to_walk_over_but_never_a_place_to_stop():
    # Bo's pawn on d4 (a Blue pile) bridges c3 to e5
    game = game_with(piles={"d2": [R], "c3": [R], "d4": [B], "e5": [R], "f6": [R]}, pawns={W: "d4"})
    roll(game, R)
    dests = {name_of(mv.args[0]) for mv in game.legal_moves(S) if mv.kind == "move"}
    assert dests == {"d2", "c3", "e5", "f6"}
    assert "never stopped on" in refused(game, S, m("move", "d4"))
    game.play(S, m("move", "f6"))
    assert game.pawns[S] == sq("f6")


def test_two_pawns_in_a_row_are_both_wild():
    game = game_with(piles={"d2": [R], "f4": [R]}, pawns={W: "e3", N: "f2"})
    roll(game, R)
    # e1 -> f2 (Cy) -> e3 (Bo) -> f4; e1 -> d2 directly
    assert {name_of(mv.args[0]) for mv in game.legal_moves(S) if mv.kind == "move"} == {"d2", "f4"}


def test_reach_counts_the_chips_a_path_needs():
    game = game_with(piles={"d2": [R], "c3": [G], "d4": [R], "e5": [G]})
    found = reach(game.piles, game.pawns, S, R, chips=2)
    assert found[sq("d4")][0] == 1 and found[sq("e5")][0] == 2
    assert sq("e5") not in reach(game.piles, game.pawns, S, R, chips=1)


# -- deploying --------------------------------------------------------------------------------


def test_deploying_chips_of_the_rolled_colour_opens_a_way():
    game = game_with(piles={"d2": [R], "c3": [G], "d4": [Y, B]}, stock={S: [2, 0, 0, 1, 0, 0]}, pawns={N: "e3"})
    roll(game, R)
    deploys = {name_of(mv.args[0]) for mv in game.legal_moves(S) if mv.kind == "deploy"}
    assert "d2" not in deploys  # already Red on top
    assert "e3" not in deploys  # Cy's pawn stands there
    assert {"c3", "d4", "b2", "g7"} <= deploys
    assert "already has Red on top" in refused(game, S, m("deploy", "d2"))
    assert "Cy's pawn stands on e3" in refused(game, S, m("deploy", "e3"))
    assert "not a stepping stone" in refused(game, S, m("deploy", "e2"))
    events = game.play(S, m("deploy", "c3"))
    assert "Ada stacks a Red chip on c3 (2 chips high now)" in events[0].text
    assert game.piles[sq("c3")] == [G, R] and game.stock[S][R] == 1
    assert "already has Red on top" in refused(game, S, m("deploy", "c3"))  # one chip a pile a turn
    game.play(S, m("deploy", "d4"))
    assert game.piles[sq("d4")] == [Y, B, R] and game.stock[S][R] == 0
    assert "no Red chip left" in refused(game, S, m("deploy", "b2"))
    assert game.to_act() == [S]  # deploying is not the end of the turn
    game.play(S, m("move", "d4"))
    assert game.pawns[S] == sq("d4") and game.to_act() == [W]


def test_a_chip_may_go_on_your_own_pile():
    game = game_with(piles={"d4": [B]}, pawns={S: "d4"}, stock={S: [1, 0, 0, 0, 0, 0]})
    roll(game, R)
    game.play(S, m("deploy", "d4"))
    assert game.piles[sq("d4")] == [B, R]


# -- restocking -------------------------------------------------------------------------------


def test_restocking_takes_the_chips_beneath_the_top_one():
    # the seed's example: standing on a pile of three, you take the bottom two
    game = game_with(piles={"d4": [G, B, Y]}, pawns={S: "d4"}, stock={S: [0, 0, 0, 0, 0, 0]})
    before = chips_in(game)
    roll(game, R)
    assert Move("restock") in game.legal_moves(S)
    events = game.play(S, Move("restock"))
    assert game.piles[sq("d4")] == [Y]
    assert game.stock[S] == [0, 0, 0, 1, 1, 0]
    assert "2 chips from under the Yellow top" in events[0].text
    assert game.pawns[S] == sq("d4") and game.to_act() == [W]  # restocking is the whole turn
    assert chips_in(game) == before


def test_no_restock_on_a_single_chip_or_at_the_start():
    game = game_with(piles={"d4": [G]}, pawns={S: "d4"}, stock={S: [1] * 6, W: [1] * 6})
    roll(game, R)
    assert "single chip" in refused(game, S, Move("restock"))
    game.play(S, Move("end"))
    roll(game, R)
    assert "start" in refused(game, W, Move("restock"))


def test_restock_comes_instead_of_deploying_unless_the_option_says_otherwise():
    for allowed in (False, True):
        game = game_with(piles={"d4": [G, B]}, pawns={S: "d4"}, stock={S: [1, 0, 0, 0, 0, 0]},
                         restock_after_deploy=allowed)
        roll(game, R)
        game.play(S, m("deploy", "b2"))
        if allowed:
            game.play(S, Move("restock"))
            assert game.stock[S][G] == 1 and game.piles[sq("d4")] == [B]
        else:
            assert Move("restock") not in game.legal_moves(S)
            assert "before any chip is deployed" in refused(game, S, Move("restock"))


# -- stealing ---------------------------------------------------------------------------------


def stuck_south(**kw):
    """South on its start, no Red in hand, no Red stone beside it: a steal is allowed on Red."""
    piles = {"d2": [G], "f2": [G]}
    piles.update(kw.pop("piles", {}))
    return game_with(piles=piles, **kw)


def test_a_steal_takes_a_buried_chip_first():
    game = stuck_south(piles={"d4": [R, B, R, G], "g5": [R, Y]}, stock={S: [0, 1, 1, 1, 1, 1], W: [3, 0, 0, 0, 0, 0]})
    events = roll(game, R)
    assert "may steal a Red chip" in events[0].text
    moves = game.legal_moves(S)
    steals = [mv for mv in moves if mv.kind == "steal"]
    assert set(steals) == {m("steal", "d4", 0), m("steal", "d4", 2), m("steal", "g5", 0)}
    assert not [mv for mv in moves if mv.kind in ("take", "move", "deploy", "restock")]
    assert "lies buried on the board" in refused(game, S, m("take", W))
    assert "not on top" in refused(game, S, m("steal", "d4", 3))
    before = chips_in(game)
    events = game.play(S, m("steal", "d4", 2))
    assert game.piles[sq("d4")] == [R, B, G] and game.stock[S][R] == 1
    assert "steals a buried Red chip from d4" in events[0].text
    assert chips_in(game) == before and game.to_act() == [W]


def test_with_nothing_buried_a_steal_comes_from_another_stockpile():
    game = stuck_south(piles={"d4": [R]}, stock={S: [0, 1, 0, 0, 0, 0], W: [0] * 6, N: [2, 0, 0, 0, 0, 0],
                                                E: [1, 0, 0, 0, 0, 0]})
    roll(game, R)
    takes = [mv for mv in game.legal_moves(S) if mv.kind == "take"]
    assert takes == [m("take", N), m("take", E)]  # Bo holds no Red
    events = game.play(S, m("take", N))
    assert game.stock[N][R] == 1 and game.stock[S][R] == 1
    assert "steals one from Cy's stockpile" in events[0].text


def test_with_no_red_anywhere_the_steal_is_nothing():
    game = stuck_south(stock={S: [0, 1, 0, 0, 0, 0]})
    roll(game, R)
    assert game.legal_moves(S) == [Move("end")]
    events = game.play(S, Move("end"))
    assert "finds no Red chip to steal" in events[0].text


def test_no_steal_when_a_chip_in_hand_or_a_restock_would_do():
    # one Red in hand: it could be deployed on d2 and walked to
    game = stuck_south(piles={"d4": [B, R]}, stock={S: [1, 0, 0, 0, 0, 0]})
    roll(game, R)
    assert not [mv for mv in game.legal_moves(S) if mv.kind in ("steal", "take")]
    assert "can move on Red" in refused(game, S, m("steal", "d4", 0))
    # on a pile of two with no way on: restock, not steal
    game = game_with(piles={"d4": [G, B], "c3": [G], "e3": [G], "c5": [G], "e5": [G], "b6": [R, Y]},
                     pawns={S: "d4"})
    roll(game, R)
    moves = game.legal_moves(S)
    assert Move("restock") in moves and not [mv for mv in moves if mv.kind in ("steal", "take")]
    assert "may restock" in refused(game, S, m("steal", "b6", 0))


def test_a_pawn_on_a_single_chip_boxed_in_may_steal():
    game = game_with(piles={"d4": [G], "c3": [G], "e3": [G], "c5": [G], "e5": [G], "b6": [R, Y]},
                     pawns={S: "d4"})
    roll(game, R)
    assert m("steal", "b6", 0) in game.legal_moves(S)


# -- ending a round ---------------------------------------------------------------------------


def test_reaching_a_target_scores_the_stockpile_and_sends_everyone_home():
    game = game_with(piles={"d6": [B], "e7": [B]}, pawns={S: "d6", W: "c5", N: "c7"},
                     stock={S: [2, 1, 0, 0, 0, 1], N: [1] * 6})
    roll(game, B)
    events = game.play(S, m("move", "e7"))
    assert game.scores == [4, 0, 0, 0]
    assert "reaches e7, a target, and ends round 1: 4 points" in events[1].text
    assert game.pawns == list(STARTS)
    assert game.stock[S] == [2, 1, 0, 0, 0, 1]  # the chips stay
    assert game.piles[sq("e7")] == [B]
    assert game.round == 2 and game.to_act() == [W]  # on to the left of the player who ended it


def test_passing_over_a_target_does_not_end_the_round():
    game = game_with(piles={"d6": [R], "c7": [R], "b6": [R]}, pawns={S: "d6"}, stock={S: [1] * 6})
    roll(game, R)
    assert {name_of(mv.args[0]) for mv in game.legal_moves(S) if mv.kind == "move"} == {"c7", "b6"}
    events = game.play(S, m("move", "b6"))
    assert "(by c7)" in events[0].text and len(events) == 1
    assert game.pawns[S] == sq("b6") and game.round == 1 and game.scores == [0] * 4


def test_stopping_on_an_enemy_pawn_in_a_target_ends_the_round_for_nothing():
    game = game_with(piles={"d6": [R], "c7": [B]}, pawns={S: "d6", N: "c7"}, stock={S: [3] * 6})
    roll(game, R)
    assert m("move", "c7") in game.legal_moves(S)  # Cy's pawn is wild: its Blue pile does not matter
    events = game.play(S, m("move", "c7"))
    assert game.scores == [0, 0, 0, 0]
    assert "stops on Cy's pawn on c7" in events[1].text and "nobody scores" in events[1].text
    assert game.pawns == list(STARTS) and game.round == 2 and game.to_act() == [W]


def test_an_enemy_pawn_outside_your_targets_is_never_a_stop():
    game = game_with(piles={"d6": [R]}, pawns={S: "d6", W: "e5"}, stock={S: [0] * 6})
    roll(game, R)
    assert m("move", "e5") not in game.legal_moves(S)


def test_the_first_to_eleven_wins():
    game = game_with(piles={"g5": [G]}, pawns={W: "f4"}, stock={W: [2, 2, 2, 2, 1, 1]})
    game.scores = [9, 1, 0, 0]
    game.turn = W
    roll(game, G)
    events = game.play(W, m("move", "g5"))
    assert "Bo has 11 points and wins" in events[-1].text
    outcome = game.outcome()
    assert outcome.winners == [W]
    assert [s.seat for s in outcome.standings][:2] == [W, S]
    assert [s.place for s in outcome.standings] == [1, 2, 3, 3]  # Cy and Dee: no points, no chips
    assert game.to_act() == [] and game.legal_moves(W) == []


def test_points_to_win_is_an_option():
    game = game_with(piles={"g5": [G]}, pawns={W: "f4"}, stock={W: [1, 0, 0, 0, 0, 0]}, target=1)
    game.turn = W
    roll(game, G)
    game.play(W, m("move", "g5"))
    assert game.outcome().winners == [W]


# -- turns, refusals, undo, records -----------------------------------------------------------


def test_ending_the_turn_without_walking():
    game = game_with(piles={"d2": [R]}, stock={S: [1] * 6})
    roll(game, R)
    game.play(S, m("deploy", "b6"))
    events = game.play(S, Move("end"))
    assert "Ada stays on e1" in events[0].text
    assert game.to_act() == [W] and game.pawns[S] == STARTS[S]


def test_refusals_say_why_and_change_nothing():
    game = BoardGameProject55(NAMES, 3)
    assert "Bo" in refused(game, W, Move("roll")) or "turn" in refused(game, W, Move("roll"))
    game.play(S, Move("roll"))
    assert "rolled" in refused(game, S, Move("roll"))
    assert "no 'fly' move" in refused(game, S, Move("fly"))
    assert "a1 to h8" in refused(game, S, Move("move", (99,)))


def test_undo_takes_back_deploys_and_walks_but_never_the_roll():
    game = BoardGameProject55(NAMES, 5)
    game.play(S, Move("roll"))
    assert not game.undo_status()[0]
    deploy = next(mv for mv in game.legal_moves(S) if mv.kind == "deploy")
    game.play(S, deploy)
    assert game.undo_status()[0]
    back = game.undone()
    assert back.piles == BoardGameProject55.replay(NAMES, 5, {}, game.history[:1]).piles
    assert back.stock[S] == [1] * 6


def test_describe_moves():
    game = game_with(piles={"d4": [R, B, G]}, stock={S: [1] * 6})
    roll(game, R)
    assert game.describe_move(m("deploy", "c3")) == "Stack a Red chip on c3"
    assert game.describe_move(m("move", "d2")) == "Walk to d2"
    assert game.describe_move(m("steal", "d4", 0)) == "Steal from d4 (3rd from the top)"
    assert game.describe_move(m("take", W)) == "Steal from Bo's stock"
    assert COLOURS[R] == "Red"


# -- random games -----------------------------------------------------------------------------


def random_game(seed: int, target: int, limit: int = 20_000):
    """A game of random players who choose a kind of move first, then one of that kind (so that the
    many deploys do not crowd out the rest)."""
    game = BoardGameProject55(NAMES, seed, target=target, restock_after_deploy=seed % 2 == 1)
    rnd = random.Random(seed)
    moves = 0
    while game.outcome() is None and moves < limit:
        seat = game.to_act()[0]
        legal = game.legal_moves(seat)
        kinds = sorted({mv.kind for mv in legal})
        kind = rnd.choice(kinds)
        game.play(seat, rnd.choice([mv for mv in legal if mv.kind == kind]))
        moves += 1
        if moves % 50 == 0:
            check(game)
    check(game)
    return game


def check(game):
    assert chips_in(game) == TOTAL_CHIPS
    assert all(game.piles[s] for s in INTERIOR)  # a stone is never bare
    assert all(0 <= n for stock in game.stock for n in stock)
    assert all(sum(1 for p in game.pawns if p == s) <= 1 for s in INTERIOR) or game.outcome() is not None
    assert all(sum(stock[c] for stock in game.stock) + sum(p.count(c) for p in game.piles.values()) == 7
               for c in range(6))


def test_random_games_keep_every_chip_and_end():
    lengths = []
    for seed in range(200):
        game = random_game(seed, target=1 + seed % 3)
        assert game.outcome() is not None, f"seed {seed} did not end"
        winner = game.outcome().winners[0]
        assert game.scores[winner] >= game.target
        assert sum(1 for s in game.scores if s >= game.target) == 1
        lengths.append(len(game.history))
    assert max(lengths) < 20_000


def test_full_length_random_games_end():
    for seed in range(5):
        game = random_game(seed, target=11)
        assert game.outcome() is not None
        assert max(game.scores) >= 11
