"""Putwoody's, Nickie's and Herman's Castle: the boards, scoring (the seed's example, houses, primary
colours and their ties, the diagonal option), the end, ties and series, refusals, the view's preview
of each placement, the computer player's search, and seeded property tests over random games of each
castle checked against an independent scorer. (Records, undo and the computer player's strength against
random players: the contract suite, tests/contract.)"""

import json
import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.castles import CastleBot, CastleSearch
from tabletop_tui.rules.castles import (
    COLOURS, HERMAN_BOARD, NICKIE_BOARD, PUTWOODY_BOARD, HermansCastle, NickiesCastle, Position, PutwoodysCastle,
)
from tabletop_tui.rules.engine import IllegalMove, Move

CASTLES = [PutwoodysCastle, NickiesCastle, HermansCastle]
IDS = ["putwoodys-castle", "nickies-castle", "hermans-castle"]


def place(game, colour, square):
    """Place a stone for whoever is to act; returns the events."""
    return game.play(game.to_act()[0], Move("place", (colour, square)))


def houses(game, *corners):
    for corner in corners:
        game.play(game.to_act()[0], Move("house", (corner,)))


def points(game):
    return game.view(None)["points"]


# --------------------------------------------------------------------------------------------
# the catalog and the boards


@pytest.mark.parametrize("game_id, cls", zip(IDS, CASTLES))
def test_catalog_entries_load_their_game_one_bot_and_one_screen(game_id, cls):
    info = catalog.get(game_id)
    assert info.rules_class() is cls
    assert info.family == "Board"
    assert (info.min_players, info.max_players) == (cls.min_players, cls.max_players)
    assert info.bot_class() is CastleBot
    assert info.screen_class().__name__ == "CastleScreen"
    help_text = info.help_text()
    assert "## Rulings" in help_text
    assert ("reconstructed" in help_text) == (game_id != "putwoodys-castle")


def test_player_counts_follow_the_seed():
    assert (PutwoodysCastle.min_players, PutwoodysCastle.max_players) == (2, 5)
    assert (NickiesCastle.min_players, NickiesCastle.max_players) == (2, 5)
    assert (HermansCastle.min_players, HermansCastle.max_players) == (2, 4)
    with pytest.raises(ValueError):
        HermansCastle(["A", "B", "C", "D", "E"])


def test_the_supplies_are_the_seeds_counts():
    assert PutwoodysCastle(["A", "B"]).view(None)["supply"] == {"red": 5, "blue": 8, "yellow": 11}
    assert NickiesCastle(["A", "B"]).view(None)["supply"] == {"red": 5, "blue": 7, "yellow": 13}
    assert HermansCastle(["A", "B"]).view(None)["supply"] == {"red": 10, "blue": 10, "yellow": 10}


def test_the_boards():
    assert (PUTWOODY_BOARD.cols, PUTWOODY_BOARD.rows, len(PUTWOODY_BOARD.spaces)) == (5, 4, 20)
    assert PUTWOODY_BOARD.found and not NICKIE_BOARD.found and not HERMAN_BOARD.found
    assert len(NICKIE_BOARD.spaces) == 24 and "c3" not in NICKIE_BOARD.index
    assert len(HERMAN_BOARD.spaces) == 32
    assert not {"c3", "d3", "c4", "d4"} & set(HERMAN_BOARD.index)
    assert {c: HERMAN_BOARD.house_squares(c) for c in HERMAN_BOARD.houses} == {
        "north-west": "a5 a6 b5 b6", "north-east": "e5 e6 f5 f6",
        "south-east": "e1 e2 f1 f2", "south-west": "a1 a2 b1 b2",
    }
    assert not PUTWOODY_BOARD.houses and not NICKIE_BOARD.houses


def names_near(board, square, diagonal=False):
    return sorted(board.names[i] for i in board.neighbours(diagonal)[board.index[square]])


def test_touching_is_orthogonal_and_diagonal_only_with_the_option():
    assert names_near(PUTWOODY_BOARD, "a1") == ["a2", "b1"]
    assert names_near(PUTWOODY_BOARD, "c2") == ["b2", "c1", "c3", "d2"]
    assert names_near(PUTWOODY_BOARD, "c2", diagonal=True) == ["b1", "b2", "b3", "c1", "c3", "d1", "d2", "d3"]


def test_nothing_touches_across_the_courtyard():
    assert names_near(NICKIE_BOARD, "b3") == ["a3", "b2", "b4"]
    assert names_near(NICKIE_BOARD, "b3", diagonal=True) == ["a2", "a3", "a4", "b2", "b4", "c2", "c4"]
    assert "d3" not in names_near(NICKIE_BOARD, "b3", diagonal=True)
    assert names_near(HERMAN_BOARD, "b3") == ["a3", "b2", "b4"]


# --------------------------------------------------------------------------------------------
# scoring


def test_the_seeds_example_a_red_touching_two_reds_scores_two():
    game = PutwoodysCastle(["Ada", "Bo"])
    place(game, "red", "a1")
    place(game, "red", "c1")
    events = place(game, "red", "b1")  # Ada: touches a1 and c1
    assert points(game) == [2, 0]
    assert "touching 2 red stones: 2 points" in events[0].text


def test_only_stones_of_the_same_colour_score():
    game = PutwoodysCastle(["Ada", "Bo"])
    place(game, "blue", "b1")
    place(game, "yellow", "b3")
    place(game, "red", "a2")
    events = place(game, "blue", "b2")  # Bo: touches blue b1, yellow b3, red a2
    assert points(game) == [0, 1]
    assert "1 blue stone: 1 point" in events[0].text
    events = place(game, "yellow", "c3")  # Ada: touches yellow b3 only
    assert points(game) == [1, 1]


def test_four_touching_stones_score_four_and_corners_do_not_touch():
    game = PutwoodysCastle(["Ada", "Bo"])
    for sq in ("b2", "d2", "c1", "c3"):  # nobody touches a yellow yet
        place(game, "yellow", sq)
    assert points(game) == [0, 0]
    place(game, "yellow", "b1")  # Ada: c1 and b2 (c2 is empty)
    assert points(game) == [2, 0]
    place(game, "yellow", "c2")  # Bo: b2, d2, c1, c3; b1 only meets c2 at a corner
    assert points(game) == [2, 4]


def test_diagonal_option_counts_stones_meeting_at_a_corner():
    plain = PutwoodysCastle(["Ada", "Bo"])
    diag = PutwoodysCastle(["Ada", "Bo"], diagonal=True)
    for game in (plain, diag):
        place(game, "red", "b2")
        place(game, "red", "d2")
        place(game, "red", "c3")  # Ada: b2 and d2 meet c3 at its corners
        place(game, "blue", "a1")
        place(game, "red", "c2")  # Ada: b2, d2 and c3 at its sides
        place(game, "blue", "b1")  # Bo: a1 at its side
        place(game, "blue", "a2")  # Ada: a1 at its side, b1 at its corner
    assert points(plain) == [0 + 3 + 1, 1]
    assert points(diag) == [2 + 3 + 2, 1]


# --------------------------------------------------------------------------------------------
# Herman's houses


def herman(*corners, players=("Ada", "Bo"), **options):
    game = HermansCastle(list(players), **options)
    houses(game, *corners)
    return game


def test_houses_are_claimed_first_in_turn_order_and_stones_wait_for_them():
    game = HermansCastle(["Ada", "Bo", "Cy"])
    assert game.view(None)["phase"] == "house"
    with pytest.raises(IllegalMove, match="houses come first"):
        place(game, "red", "c1")
    game.play(0, Move("house", ("south-east",)))
    with pytest.raises(IllegalMove, match="Ada's house already"):
        game.play(1, Move("house", ("south-east",)))
    with pytest.raises(IllegalMove, match="not Cy's turn"):
        game.play(2, Move("house", ("north-west",)))
    assert [m.args[0] for m in game.legal_moves(1)] == ["north-west", "north-east", "south-west"]
    game.play(1, Move("house", ("north-west",)))
    game.play(2, Move("house", ("north-east",)))
    view = game.view(None)
    assert view["phase"] == "place" and view["to_act"] == [0]
    assert view["houses"] == ["south-east", "north-west", "north-east"]
    assert view["free_corners"] == ["south-west"]


def test_a_stone_in_your_own_house_scores_nothing():
    game = herman("north-west", "south-east")
    place(game, "red", "b5")  # Ada, own house
    place(game, "blue", "e1")  # Bo, own house
    events = place(game, "red", "a5")  # Ada, own house, touches red b5
    assert points(game) == [0, 0]
    assert "own house: no points" in events[0].text


def test_in_another_players_house_you_score_as_usual():
    game = herman("north-west", "south-east")
    place(game, "red", "f1")  # Ada in Bo's house
    place(game, "blue", "c1")  # Bo
    place(game, "red", "f2")  # Ada in Bo's house, touches f1: Ada's house is empty, no primary
    assert points(game) == [1, 0]


def test_the_primary_colour_doubles_each_touching_stone():
    game = herman("north-west", "south-east")
    place(game, "yellow", "a6")  # Ada's house: yellow is her primary colour
    place(game, "red", "e1")  # Bo's house: red is his
    place(game, "yellow", "c1")
    place(game, "blue", "f6")
    place(game, "yellow", "d2")
    place(game, "blue", "e6")  # Bo: touches blue f6, blue is not his primary: 1
    events = place(game, "yellow", "d1")  # Ada: touches yellow c1 and d2: 2 x 2
    assert points(game) == [4, 1]
    assert "Ada's primary colour, twice over: 4 points" in events[0].text
    assert game.view(None)["primary"] == ["yellow", "red"]


def test_a_tie_for_the_most_common_colour_gives_no_primary_colour():
    game = herman("north-west", "south-east")
    assert game.view(None)["primary"] == [None, None]  # empty houses: a tie at nothing
    place(game, "yellow", "a6")  # Ada's house
    place(game, "blue", "a5")  # Bo puts a blue in Ada's house: yellow 1, blue 1, a tie
    assert game.view(None)["primary"] == [None, None]
    assert any("Ada has no primary colour now" in e.text for e in game.log)
    place(game, "yellow", "c1")
    place(game, "yellow", "d6")
    events = place(game, "yellow", "c2")  # Ada: touches c1, no primary: 1 point only
    assert points(game)[0] == 1
    assert "twice" not in events[0].text
    place(game, "red", "e1")  # Bo
    place(game, "yellow", "b5")  # Ada's house: yellow 2, blue 1: yellow is primary again
    assert game.view(None)["primary"] == ["yellow", "red"]


def test_the_others_can_change_your_primary_colour():
    game = herman("north-west", "south-east")
    place(game, "red", "a6")  # Ada: red primary
    place(game, "blue", "b6")  # Bo in Ada's house: tie
    place(game, "yellow", "f2")  # Ada in Bo's house: Bo's primary is yellow
    place(game, "blue", "b5")  # Bo in Ada's house: blue 2, red 1: Ada's primary is blue
    assert game.view(None)["primary"] == ["blue", "yellow"]


def test_the_primary_colour_counts_at_the_moment_of_placing():
    game = herman("north-west", "south-east")
    place(game, "red", "a6")  # Ada primary red
    place(game, "red", "c1")  # Bo
    place(game, "red", "d1")  # Ada: c1 touches, doubled: 2
    assert points(game) == [2, 0]
    place(game, "blue", "a5")  # Bo: Ada's house now tied
    place(game, "red", "d2")  # Ada: d1 touches, no primary any more: 1
    assert points(game) == [3, 0]


def test_in_your_own_house_the_primary_colour_earns_nothing_either():
    game = herman("north-west", "south-east")
    place(game, "red", "a6")
    place(game, "red", "c1")
    events = place(game, "red", "b6")  # own house, touches red a6: still nothing
    assert points(game)[0] == 0
    assert "own house" in events[0].text


def test_unclaimed_corners_are_ordinary_spaces():
    game = herman("north-west", "south-east")
    place(game, "red", "a1")  # south-west: nobody's
    place(game, "red", "a2")  # Bo: 1
    assert points(game) == [0, 1]


# --------------------------------------------------------------------------------------------
# the end, ties and series


def fill(game, chooser=lambda moves: moves[0]):
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, chooser(game.legal_moves(seat)))


def test_putwoodys_castle_ends_when_full_with_stones_left():
    game = PutwoodysCastle(["Ada", "Bo"])
    fill(game)
    view = game.view(None)
    assert all(c is not None for c in view["cells"])
    assert sum(view["supply"].values()) == 4
    assert game.length() == 20


def test_nickies_castle_ends_when_full_with_one_stone_left():
    game = NickiesCastle(["Ada", "Bo", "Cy"])
    fill(game)
    assert sum(game.view(None)["supply"].values()) == 1
    assert "The castle is full" in game.log[-1].text


def test_hermans_castle_ends_when_the_supply_is_empty_with_two_spaces_left():
    game = HermansCastle(["Ada", "Bo"])
    fill(game)
    view = game.view(None)
    assert sum(view["supply"].values()) == 0
    assert sum(1 for c in view["cells"] if c is None) == 2
    assert "No stone is left" in game.log[-1].text


def test_the_game_ends_when_the_supply_runs_out_on_any_board():
    # (no castle of the three runs out of both at once: check the rule on a position with one stone)
    pos = Position(PUTWOODY_BOARD, False, (1, 0, 0), 2)
    assert not pos.finished()
    pos.place(0, 0, 0)
    assert pos.finished() and pos.left == 19


def test_standings_order_by_points_then_by_turn_order():
    for seed in range(20):
        game = PutwoodysCastle(["Ada", "Bo", "Cy"], seed=seed)
        fill(game, random.Random(seed).choice)
        outcome = game.outcome()
        totals = {s.seat: s.score for s in outcome.standings}
        assert [s.seat for s in outcome.standings] == sorted(range(3), key=lambda s: (-totals[s], s))
        assert [s.place for s in outcome.standings] == [1, 2, 3]
        assert outcome.winner == outcome.standings[0].seat


def test_equal_scores_are_won_by_the_earlier_player_and_said_so():
    game = PutwoodysCastle(["Ada", "Bo"])
    # a board where no stone touches one of its colour: yellow on one colour of a checkerboard (10),
    # blue (8) and red (2) on the other
    others = iter(["red", "red"] + ["blue"] * 8)
    for r in range(1, 5):
        for c in range(5):
            place(game, "yellow" if (r + c) % 2 == 0 else next(others), f"{'abcde'[c]}{r}")
    outcome = game.outcome()
    assert [s.score for s in outcome.standings] == [0, 0]
    assert outcome.winner == 0
    assert "went earliest" in outcome.summary
    assert "Ada before Bo" in outcome.tiebreaks


def test_a_series_rotates_the_lead_and_keeps_a_running_total():
    game = PutwoodysCastle(["Ada", "Bo", "Cy"], series=3)
    leaders = []
    while game.outcome() is None:
        view = game.view(None)
        if not leaders or leaders[-1][0] != view["game_number"]:
            leaders.append((view["game_number"], view["order"][0], view["to_act"][0]))
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[-1])
    assert [(g, lead) for g, lead, _ in leaders] == [(1, 0), (2, 1), (3, 2)]
    assert all(lead == first for _, lead, first in leaders)
    view = game.view(None)
    assert len(view["past_games"]) == 3
    totals = [sum(p[s] for p in view["past_games"]) for s in range(3)]
    assert view["totals"] == totals
    assert sorted(s.score for s in game.outcome().standings) == sorted(totals)
    assert game.length() == 60


def test_a_series_led_by_the_winner():
    game = PutwoodysCastle(["Ada", "Bo"], series=2, lead="winner")
    fill(game, lambda moves: moves[0])
    first_game = game.view(None)["past_games"][0]
    winner = 0 if first_game[0] >= first_game[1] else 1
    game2_start = [e for e in game.log if e.text.startswith("Game 2 of 2 begins")]
    assert game2_start and game2_start[0].seat == winner


def test_houses_are_claimed_again_for_every_game_of_a_series():
    game = HermansCastle(["Ada", "Bo"], series=2)
    fill(game, lambda moves: moves[0])
    assert sum(1 for _, m in game.history if m.kind == "house") == 4
    # the second game was led by Bo, who claimed first
    claims = [seat for seat, m in game.history if m.kind == "house"]
    assert claims == [0, 1, 1, 0]


def test_a_series_tie_goes_to_the_earliest_in_the_first_game():
    game = PutwoodysCastle(["Ada", "Bo"], series=2)
    game._past = [[3, 5], [5, 3]]
    outcome = game._final_outcome()
    assert outcome.winner == 0 and "Ada before Bo" in outcome.tiebreaks
    assert outcome.standings[0].detail == "3 + 5 = 8"


# --------------------------------------------------------------------------------------------
# refusals and the view


def test_refusals_say_why():
    game = NickiesCastle(["Ada", "Bo"])
    place(game, "red", "a1")
    with pytest.raises(IllegalMove, match="already holds a red stone"):
        place(game, "blue", "a1")
    with pytest.raises(IllegalMove, match="courtyard"):
        place(game, "blue", "c3")
    with pytest.raises(IllegalMove, match="not a square"):
        place(game, "blue", "z9")
    with pytest.raises(IllegalMove, match="not Ada's turn"):
        game.play(0, Move("place", ("blue", "b1")))
    with pytest.raises(IllegalMove, match="red, blue or yellow"):
        place(game, "green", "b1")
    with pytest.raises(IllegalMove, match="no houses"):
        game.play(1, Move("house", ("north-west",)))
    for sq in ("b1", "c1", "d1", "e1"):
        place(game, "red", sq)
    with pytest.raises(IllegalMove, match="No red stone is left"):
        place(game, "red", "a2")
    assert game.view(None)["supply"]["red"] == 0


def test_a_refused_move_changes_nothing():
    game = HermansCastle(["Ada", "Bo"])
    houses(game, "north-west", "north-east")
    place(game, "red", "c1")
    before = (json.dumps(game.view(None), sort_keys=True), len(game.history), len(game.log))
    with pytest.raises(IllegalMove):
        place(game, "red", "c1")
    assert before == (json.dumps(game.view(None), sort_keys=True), len(game.history), len(game.log))


def test_the_view_previews_what_each_placement_scores_for_the_player_to_act():
    game = herman("north-west", "south-east")
    place(game, "red", "a6")  # Ada: red primary
    place(game, "red", "c1")  # Bo
    assert game.view(None)["gains"] == {} and game.view(1)["gains"] == {}  # only the seat to act
    view = game.view(0)
    gains = view["gains"]
    idx = HERMAN_BOARD.index
    assert gains["red"][idx["d1"]] == 2  # Ada's primary colour, doubled
    assert gains["blue"][idx["d1"]] == 0
    assert gains["red"][idx["b6"]] == 0  # her own house
    assert gains["red"][idx["c1"]] is None  # taken
    assert json.loads(json.dumps(view))["gains"] == gains


# --------------------------------------------------------------------------------------------
# the computer player


def position(board, stones: dict, supply) -> Position:
    pos = Position(board, False, (5, 8, 11), 2)
    for square, colour in stones.items():
        pos.put(board.index[square], COLOURS.index(colour))
    pos.supply = list(supply)
    return pos


def test_the_search_takes_the_biggest_point_when_nothing_is_lost_by_it():
    # a ring of blue around d3: a blue there scores 4, and nothing else scores at all
    pos = position(PUTWOODY_BOARD, {"c3": "blue", "e3": "blue", "d2": "blue", "d4": "blue"}, (5, 4, 11))
    cell, colour = CastleSearch(pos, 0, [0, 1], 0, [0, 0]).best()
    assert (PUTWOODY_BOARD.names[cell], COLOURS[colour]) == ("d3", "blue")


def test_the_search_sees_past_the_greedy_point():
    """One red and one yellow are left. A yellow on d1 or a red on b2 scores 2 at once, but each hands
    the opponent the other 2. A red on d1 scores only 1 and leaves the last stone, a yellow, nowhere
    to score: one point ahead instead of level. A one-move greedy player never sees it."""
    stones = {"e4": "blue", "c3": "red", "d3": "blue", "e3": "yellow", "a2": "red", "c2": "blue",
              "d2": "yellow", "e2": "blue", "a1": "yellow", "b1": "red", "c1": "yellow", "e1": "red"}
    pos = position(PUTWOODY_BOARD, stones, (1, 0, 1))
    idx = PUTWOODY_BOARD.index
    greedy = max(pos.gain(0, i, k) for i in pos.empties() for k in (0, 2))
    assert greedy == 2 and pos.gain(0, idx["d1"], 0) == 1
    cell, colour = CastleSearch(pos, 0, [0, 1], 0, [0, 0]).best()
    assert (PUTWOODY_BOARD.names[cell], COLOURS[colour]) == ("d1", "red")
    assert pos.cells == position(PUTWOODY_BOARD, stones, (1, 0, 1)).cells  # the search put everything back


# --------------------------------------------------------------------------------------------
# property tests: random games of each castle


def brute_gain(board, stones: dict, owners: dict, seat: int, square: str, colour: str, diagonal: bool) -> int:
    """The points of one placement, from the squares' names alone (not from the rules' Position)."""
    f, r = ord(square[0]), int(square[1:])
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if diagonal else [])
    same = sum(1 for df, dr in steps if stones.get(f"{chr(f + df)}{r + dr}") == colour)
    if owners.get(square) == seat:
        return 0
    mine = [sq for sq, who in owners.items() if who == seat]
    if mine:
        counts = {c: sum(1 for sq in mine if stones.get(sq) == c) for c in COLOURS}
        top = max(counts.values())
        leaders = [c for c in COLOURS if counts[c] == top]
        if top and len(leaders) == 1 and leaders[0] == colour:
            same *= 2
    return same


@pytest.mark.parametrize("cls", CASTLES, ids=IDS)
def test_random_games(cls):
    board = cls.BOARD
    rng = random.Random(cls.id)
    stone_total = sum(cls.STONES)
    for g in range(200):
        n = rng.randint(cls.min_players, cls.max_players)
        diagonal = rng.random() < 0.5
        series = 1 if g % 10 else 2
        game = cls([f"P{i}" for i in range(n)], seed=g, diagonal=diagonal, series=series)
        stones: dict = {}
        owners: dict = {}
        expected = [0] * n
        done_games = 0
        plays = 0
        while game.outcome() is None:
            plays += 1
            assert plays <= series * (len(board.spaces) + 4)
            seat = game.to_act()[0]
            assert game.to_act() == [seat]
            assert all(not game.legal_moves(s) for s in range(n) if s != seat)
            move = rng.choice(game.legal_moves(seat))
            if move.kind == "house":
                for i in board.houses[move.args[0]]:
                    owners[board.names[i]] = seat
            else:
                colour, square = move.args
                expected[seat] += brute_gain(board, stones, owners, seat, square, colour, diagonal)
                stones[square] = colour
            game.play(seat, move)
            view = game.view(None)
            if len(view["past_games"]) > done_games:  # a game of the series ended
                assert view["past_games"][-1] == expected
                left = sum(stone_total - len(stones) for _ in [0])
                assert len(stones) == len(board.spaces) or left == 0
                stones, owners, expected = {}, {}, [0] * n
                done_games += 1
            else:
                # stones are conserved: on the castle plus in the supply, colour by colour
                for k, colour in enumerate(COLOURS):
                    on_board = sum(1 for c in view["cells"] if c == colour)
                    assert on_board + view["supply"][colour] == cls.STONES[k]
                    assert on_board == sum(1 for c in stones.values() if c == colour)
                assert view["points"] == expected
                # the game goes on only while a space and a stone are left
                assert len(stones) < len(board.spaces) and len(stones) < stone_total
        outcome = game.outcome()
        assert done_games == series
        totals = [sum(p[s] for p in game.view(None)["past_games"]) for s in range(n)]
        assert sorted((s.score for s in outcome.standings), reverse=True) == [s.score for s in outcome.standings]
        assert [s.place for s in outcome.standings] == list(range(1, n + 1))  # ties broken: no shared place
        assert outcome.winner is not None and totals[outcome.winner] == max(totals)
        assert outcome.winner == min(s for s in range(n) if totals[s] == max(totals))
        assert game.legal_moves(0) == [] and game.to_act() == []


def test_the_last_turn_of_the_search_values_placements_as_if_it_made_them():
    """`frontier` values the placements of the last turn searched without making them: it must find
    exactly what making each one and looking at the next player's best would."""
    checked = 0
    for cls in CASTLES:
        for seed in range(8):
            rng = random.Random(seed)
            n = rng.choice([2, 3, 4])
            game = cls([f"P{i}" for i in range(n)], seed=seed, diagonal=seed % 2 == 1)
            empty = rng.randint(6, 12)  # spaces left empty: a search of two turns over every placement
            while game.view(None)["phase"] == "house" or game.view(None)["cells"].count(None) > empty:
                seat = game.to_act()[0]
                game.play(seat, rng.choice(game.legal_moves(seat)))
            seat = game.to_act()[0]
            view = game.view(seat)
            values = []
            for quick in (True, False):
                pos = Position.from_view(view)
                step = view["order"].index(seat)
                search = CastleSearch(pos, seat, view["order"], step, [0] * n, budget=10**9)
                search.quick = quick
                found = []
                for g, cell, colour in search.moves(seat)[::2]:
                    pos.place(seat, cell, colour)
                    found += [search.search(depth, float("-inf"), float("inf"), step + 1) for depth in (1, 2)]
                    pos.unplace(seat, cell, colour, g)
                values.append(found)
            assert values[0] == values[1] and len(values[0]) >= 4
            checked += 1
    assert checked == 24
