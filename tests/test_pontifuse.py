"""Pontifuse: names, the coin, the armies, refusals, scoring worked by hand, replays, the computer player,
and a seeded property test over whole random games checked against an independent scorer."""

import json
import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.base import RandomBot
from tabletop_tui.bots.pontifuse import PontifuseBot, solve
from tabletop_tui.rules.engine import IllegalMove, Move, RecordError, Stream
from tabletop_tui.rules.pontifuse import (
    BASQUE, ENGLISH, FLANKED, POINTS, TERRITORIES, Pontifuse, PontifuseView, _final_outcome, cells_of,
)

ADA, BOB = 0, 1

ENGLISH_NAMES = [
    "Merchant Family (Pontifuse)", "Princess (Helion)", "King (Dunwoody)",
    "Archer (Drawbow)", "Knight (Guillaume)", "Bishop (Pontifex)",
    "Cowardly Lion (Zang)", "Footman (Treadwell)", "Rectory (Majestic Holiday Destination)",
]


# --------------------------------------------------------------------------------------------
# helpers


def ready(resonade=ADA, army="English", seed=0, **options) -> Pontifuse:
    """A game past the coin and the army: `resonade` marks X, the Punchinade declared `army`."""
    game = Pontifuse(["Ada", "Bob"], seed=seed, **options)
    caller = game.to_act()[0]
    for call in ("heads", "tails"):
        trial = game.copy()
        trial.play(caller, Move("call", (call,)))
        if trial.view(None)["resonade"] == resonade:
            game = trial
            break
    else:  # pragma: no cover - one of the two calls is always right
        raise AssertionError("no call gives the wanted Resonade")
    game.play(1 - resonade, Move("army", (army,)))
    return game


def mark(game: Pontifuse, *cells: int) -> list:
    """Mark cells in turn order (whoever is to act); returns the events of the last mark."""
    events = []
    for cell in cells:
        events = game.play(game.to_act()[0], Move("place", (cell,)))
    return events


def state(game: Pontifuse):
    return json.dumps(game.view(None), sort_keys=True), game.to_act(), len(game.history), len(game.log)


# --------------------------------------------------------------------------------------------
# the independent scorer used by the property test


def brute_flanked(cells: list[str], mark_: str) -> set[int]:
    """Territories of `mark_` whose two neighbours on opposite sides (row, column, diagonal) are `mark_` too."""
    out = set()
    for r in range(3):
        for c in range(3):
            if cells[3 * r + c] != mark_:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                a, b = (r - dr, c - dc), (r + dr, c + dc)
                if all(0 <= v < 3 for v in a + b) and cells[3 * a[0] + a[1]] == mark_ == cells[3 * b[0] + b[1]]:
                    out.add(3 * r + c)
    return out


def brute_points(flanked: int) -> int:
    total, worth = 0, 100
    for _ in range(flanked):
        total += worth
        worth //= 2
    return total


# --------------------------------------------------------------------------------------------
# names


def test_catalog_entry_loads_this_game_bot_and_help():
    info = catalog.get("pontifuse")
    assert info.rules_class() is Pontifuse
    assert info.bot_class() is PontifuseBot
    text = info.help_text()
    for section in ("# Pontifuse", "## The idea", "## Setup", "## A turn", "## Winning and scoring",
                    "## Options", "## Rulings", "replay_limit"):
        assert section in text
    assert Pontifuse.id == "pontifuse" and Pontifuse.min_players == Pontifuse.max_players == 2
    with pytest.raises(ValueError):
        Pontifuse(["Ada"])


def test_english_names_read_row_by_row_from_the_north_west():
    assert list(TERRITORIES["English"]) == ENGLISH_NAMES
    assert ENGLISH[0] == ("Merchant Family", "Pontifuse")


def test_basque_names_mirror_the_english_across_the_north_east_south_west_diagonal():
    for r in range(3):
        for c in range(3):
            assert BASQUE[3 * r + c] == ENGLISH[3 * (2 - c) + (2 - r)]
    # the seed's own examples: the Basque Merchant Family is in the south-east corner ...
    assert TERRITORIES["Basque"][8] == "Merchant Family (Pontifuse)"
    # ... and the King, the Knight and the Cowardly Lion (on that diagonal) are the same for both
    for cell, name in ((2, "King (Dunwoody)"), (4, "Knight (Guillaume)"), (6, "Cowardly Lion (Zang)")):
        assert TERRITORIES["English"][cell] == TERRITORIES["Basque"][cell] == name
    for cell in (0, 1, 3, 5, 7, 8):
        assert TERRITORIES["English"][cell] != TERRITORIES["Basque"][cell]
    assert sorted(TERRITORIES["Basque"]) == sorted(ENGLISH_NAMES)


def test_events_name_the_territory_in_the_marking_army():
    game = ready(resonade=ADA, army="Basque")  # Bob declares Basque, so Ada leads the English
    assert game.view(None)["armies"] == ["English", "Basque"]
    events = mark(game, 3)
    assert events[0].text == "Ada (English) marks the Archer (Drawbow), the west territory."
    events = mark(game, 5)
    assert events[0].text == "Bob (Basque) marks the Bishop (Pontifex), the east territory."  # as the board names it
    assert game.describe_move(Move("place", (0,))) == "Mark the Merchant Family (Pontifuse), north-west"
    assert game.describe_move(Move("call", ("heads",))) == "Call heads"
    assert game.describe_move(Move("army", ("Basque",))) == "Lead the Basque army"


# --------------------------------------------------------------------------------------------
# the coin and the armies


def test_the_rng_picks_the_flipper_and_the_other_player_calls():
    flippers = set()
    for seed in range(40):
        game = Pontifuse(["Ada", "Bob"], seed=seed)
        view = game.view(None)
        expected_caller = 1 if Stream(seed).coin() else 0  # the first draw of the game's own stream
        assert view["phase"] == "call" and view["board_number"] == 1
        assert view["caller"] == expected_caller == 1 - view["flipper"]
        assert game.to_act() == [expected_caller]
        assert game.legal_moves(expected_caller) == [Move("call", ("heads",)), Move("call", ("tails",))]
        assert game.legal_moves(view["flipper"]) == []
        assert "flip the coin" in game.log[0].text and game.players[view["caller"]] + " must call" in game.log[0].text
        flippers.add(view["flipper"])
    assert flippers == {0, 1}


def test_a_right_call_goes_first_as_the_resonade_with_x():
    outcomes = set()
    for seed in range(30):
        for call in ("heads", "tails"):
            game = Pontifuse(["Ada", "Bob"], seed=seed)
            caller = game.to_act()[0]
            events = game.play(caller, Move("call", (call,)))
            view = game.view(None)
            right = view["coin"] == call
            outcomes.add(right)
            assert view["call"] == call and view["coin"] in ("heads", "tails")
            assert view["resonade"] == (caller if right else 1 - caller)
            assert view["punchinade"] == 1 - view["resonade"]
            assert view["marks"][view["resonade"]] == "X" and view["marks"][view["punchinade"]] == "O"
            assert f"it lands {view['coin']}" in events[0].text
            assert f"{game.players[view['resonade']]} goes first as the Resonade (X)" in events[0].text
            # the Punchinade chooses the army next
            assert view["phase"] == "army" and game.to_act() == [view["punchinade"]]
            assert game.legal_moves(view["resonade"]) == []
    assert outcomes == {True, False}


@pytest.mark.parametrize("army, other", [("English", "Basque"), ("Basque", "English")])
def test_the_punchinade_chooses_the_army_and_always_marks_the_hoop(army, other):
    for resonade in (ADA, BOB):
        game = ready(resonade=resonade, army=army)
        view = game.view(None)
        assert view["armies"][1 - resonade] == army and view["armies"][resonade] == other
        assert view["marks"][resonade] == "X" and view["marks"][1 - resonade] == "O"
        assert view["phase"] == "place" and game.to_act() == [resonade]  # the Resonade marks first
        assert len(game.legal_moves(resonade)) == 9
        assert "declares for the " + army in game.log[-1].text
        mark(game, 4, 0)
        assert game.view(None)["cells"][4] == "X" and game.view(None)["cells"][0] == "O"


# --------------------------------------------------------------------------------------------
# refusals


def refused(game, seat, move, text):
    before = state(game)
    with pytest.raises(IllegalMove) as exc:
        game.play(seat, move)
    assert text in exc.value.reason, exc.value.reason
    assert state(game) == before
    return exc.value.reason


def test_refusals_before_the_coin_has_landed():
    game = Pontifuse(["Ada", "Bob"], seed=1)
    caller = game.to_act()[0]
    flipper = 1 - caller
    refused(game, caller, Move("place", (4,)), "The coin is not settled yet")
    refused(game, caller, Move("army", ("English",)), "Nobody chooses an army before the coin")
    refused(game, caller, Move("call", ("edge",)), "Call heads or tails")
    refused(game, caller, Move("call"), "Call heads or tails")
    refused(game, flipper, Move("call", ("heads",)), "is the one who calls it")
    refused(game, flipper, Move("place", (4,)), "The coin is not settled yet")
    refused(game, caller, Move("fly"), "Pontifuse has no 'fly' move")
    refused(game, 2, Move("call", ("heads",)), "There is no seat 2")


def test_refusals_before_the_army_is_chosen():
    game = Pontifuse(["Ada", "Bob"], seed=1)
    game.play(game.to_act()[0], Move("call", ("heads",)))
    pun = game.to_act()[0]
    res = 1 - pun
    refused(game, pun, Move("place", (4,)), "The armies are not chosen yet")
    refused(game, pun, Move("army", ("French",)), "The armies are the English and the Basque")
    refused(game, pun, Move("call", ("tails",)), "The coin has already been called, and it landed")
    refused(game, res, Move("army", ("English",)), "The Punchinade chooses the army")


def test_refusals_while_marking():
    game = ready(resonade=ADA, army="English")  # Ada: X, Basque; Bob: O, English
    mark(game, 4, 0)
    # occupied territory, by the opponent or by oneself: say by whom
    reason = refused(game, ADA, Move("place", (0,)), "already holds Bob's mark (O)")
    assert reason.startswith("The north-west territory")
    refused(game, ADA, Move("place", (4,)), "The central territory already holds your own mark (X)")
    # not on the board
    for bad in (9, -1, "4"):
        refused(game, ADA, Move("place", (bad,)), "is not a territory on the board")
    refused(game, ADA, Move("place", (2.5,)), "is not a move")  # the engine's check of types
    refused(game, ADA, Move("place", ()), "is not a territory on the board")
    # not your turn
    refused(game, BOB, Move("place", (8,)), "It is not Bob's turn: Ada marks next.")
    refused(game, BOB, Move("place", (4,)), "already holds")
    # settled matters stay settled
    refused(game, ADA, Move("army", ("English",)), "The armies are already chosen: Ada leads the Basque")
    refused(game, ADA, Move("call", ("heads",)), "The coin has already been called")


def test_the_game_over_refuses_everything():
    game = ready(resonade=ADA)
    mark(game, 0, 3, 1, 4, 2, 5, 6, 7, 8)
    assert game.outcome() is not None
    assert game.to_act() == [] and game.legal_moves(ADA) == [] and game.legal_moves(BOB) == []
    refused(game, ADA, Move("place", (0,)), "The game is over.")
    assert game.refusal(BOB, Move("call", ("heads",))) == "The game is over."


# --------------------------------------------------------------------------------------------
# scoring, worked by hand


def test_points_halve_in_whole_numbers():
    assert POINTS[:6] == (0, 100, 150, 175, 187, 193)


def test_only_the_middle_of_a_line_can_be_flanked():
    # neighbours must be adjacent and on opposite sides: corners never qualify
    assert cells_of(FLANKED[0b111111111]) == [1, 3, 4, 5, 7]
    assert FLANKED[0b101000101] == 0  # the four corners flank nothing
    assert cells_of(FLANKED[0b100010001]) == [4]  # a diagonal flanks the centre
    assert cells_of(FLANKED[0b000000111]) == [1]


def test_equal_totals_would_be_a_draw():
    # The early bird makes equal non-zero totals impossible in play; the ruling still stands.
    outcome = _final_outcome(("Ada", "Bob"), (1, 1), -1, 1, [100, 100])
    assert [s.place for s in outcome.standings] == [1, 1]
    assert outcome.summary.startswith("A draw: Ada and Bob have 100 points each")
    assert outcome.drawn == [0, 1] and outcome.winners == []
    assert outcome.tiebreaks == "Equal totals are a draw: Pontifuse has no tie-break."


def test_one_flanked_each_and_the_early_bird_goes_to_the_first():
    # X: Ada. Ada's top row flanks the Princess (north) on her third mark; Bob's middle row
    # flanks the Knight (centre) one mark later. Final board: X X X / O O O / X O X.
    game = ready(resonade=ADA, army="English")
    mark(game, 0, 3, 1, 4)
    events = mark(game, 2)
    assert events[0].kind == "flank"
    assert events[0].text == ("Ada (Basque) marks the King (Dunwoody), the north-east territory, and the Princess "
                              "(Helion) is now flanked: Ada is the first to flank and earns the early bird.")
    assert game.view(None)["early_bird"] == ADA
    events = mark(game, 5)
    assert events[0].text.endswith("and the Knight (Guillaume) is now flanked.")
    events = mark(game, 6, 7, 8)
    view = game.view(None)
    assert view["cells"] == ["X", "X", "X", "O", "O", "O", "X", "O", "X"]
    assert view["flanked"] == [[1], [4]] and view["scores"] == [200, 100]
    outcome = game.outcome()
    assert [(s.name, s.place, s.score) for s in outcome.standings] == [("Ada", 1, 200), ("Bob", 2, 100)]
    assert outcome.summary == ("Ada wins 200 to 100: Ada flanked one territory (100) and was the first to flank, "
                               "for the 100-point early bird; Bob flanked one territory (100).")
    assert outcome.tiebreaks == ""
    assert events[-1].kind == "score" and "Ada flanked one territory (100)" in events[-1].text


def test_the_same_board_gives_the_early_bird_to_whoever_flanked_first():
    # The very same final board as above, but Bob completes his row before Ada completes hers.
    game = ready(resonade=ADA, army="English")
    mark(game, 0, 3, 1, 4, 6, 5, 2, 7, 8)
    view = game.view(None)
    assert view["cells"] == ["X", "X", "X", "O", "O", "O", "X", "O", "X"]
    assert view["early_bird"] == BOB
    assert [(s.name, s.score) for s in game.outcome().standings] == [("Bob", 200), ("Ada", 100)]
    assert game.outcome().summary.startswith("Bob wins 200 to 100:")


def test_two_flanked_territories_score_150_plus_the_early_bird():
    # X: top row (flanks the north) and west column (flanks the west). X X X / X O O / X O O.
    game = ready(resonade=BOB, army="English")  # Bob: X, Basque
    mark(game, 0, 4, 1, 5, 2, 7, 3, 8, 6)
    view = game.view(None)
    assert view["flanked"] == [[], [1, 3]]
    assert [(s.name, s.score) for s in game.outcome().standings] == [("Bob", 250), ("Ada", 0)]
    assert "flanked two territories (100 + 50) and was the first to flank" in game.outcome().summary


def test_one_mark_can_flank_two_territories_at_once():
    game = ready(resonade=ADA, army="Basque")  # Ada: X, English
    mark(game, 1, 4, 2, 5, 3, 7, 6, 8)
    events = mark(game, 0)  # completes the top row and the west column together
    assert events[0].data["flanked"] == [1, 3] and events[0].data["early_bird"] is True
    assert "the Princess (Helion) and the Archer (Drawbow) are now flanked" in events[0].text
    assert game.outcome().standings[0].score == 250


def test_a_territory_flanked_in_two_directions_counts_once():
    # X on both diagonals: the centre is flanked twice, but scores once. X O X / O X O / X O X.
    game = ready(resonade=ADA)
    mark(game, 4, 1, 0, 3)
    events = mark(game, 8)
    assert events[0].kind == "flank"
    mark(game, 5, 2, 7)
    events = mark(game, 6)  # the second diagonal: nothing new is flanked
    assert events[0].kind == "place" and events[0].data["flanked"] == []
    assert game.view(None)["flanked"] == [[4], []]
    assert [(s.name, s.score) for s in game.outcome().standings] == [("Ada", 200), ("Bob", 0)]


def test_a_scoreless_board_is_replayed_with_a_new_flip():
    # X O X / X O O / O X X: nobody flanks anything.
    game = ready(resonade=ADA, seed=3)
    first_board_log = len(game.log)
    mark(game, 0, 1, 2, 4, 3, 5, 7, 6)
    assert game.undo_status()[0] is True
    events = mark(game, 8)
    assert [e.kind for e in events] == ["place", "scoreless", "flip"]
    assert "must be replayed" in events[1].text and events[2].text.startswith("Board 2 begins.")
    assert game.outcome() is None
    view = game.view(None)
    assert view["board_number"] == 2 and view["scoreless_boards"] == 1
    assert view["past_boards"] == ["XOXXOOOXX"]
    assert view["phase"] == "call" and view["cells"] == [""] * 9 and view["armies"] == [None, None]
    assert view["resonade"] is None and view["early_bird"] is None and view["last"] is None
    assert game.to_act() == [view["caller"]]
    # the next flip came from the rng: that last mark cannot be taken back
    assert game.undo_status()[0] is False
    assert len(game.log) == first_board_log + 9 + 2
    # the second board decides the game, and only it counts
    caller = game.to_act()[0]
    game.play(caller, Move("call", ("heads",)))
    pun = game.to_act()[0]
    game.play(pun, Move("army", ("English",)))
    mark(game, 0, 3, 1, 4, 2, 5, 6, 7, 8)
    res = 1 - pun
    outcome = game.outcome()
    assert outcome.winners == [res] and outcome.standings[0].score == 200
    assert " on board 2 (the earlier 1 board was scoreless)" in outcome.summary


@pytest.mark.parametrize("limit", [1, 2])
def test_the_replay_limit_declares_a_draw(limit):
    game = ready(resonade=ADA, seed=3, replay_limit=limit)
    for board in range(1, limit + 1):
        if board > 1:
            game.play(game.to_act()[0], Move("call", ("heads",)))
            game.play(game.to_act()[0], Move("army", ("English",)))
        mark(game, 0, 1, 2, 4, 3, 5, 7, 6, 8)
    outcome = game.outcome()
    assert outcome is not None
    assert [s.place for s in outcome.standings] == [1, 1] and [s.score for s in outcome.standings] == [0, 0]
    assert outcome.summary.startswith(f"A draw: {limit} board")
    assert game.view(None)["phase"] == "over" and game.to_act() == []
    assert "replay limit is reached" in game.log[-1].text


def test_by_default_three_scoreless_boards_draw_the_game():
    game = Pontifuse(["Ada", "Bob"], seed=3)
    assert game.options == {"replay_limit": 3} and game.view(None)["replay_limit"] == 3
    for board in (1, 2, 3):
        assert game.outcome() is None and game.view(None)["board_number"] == board
        game.play(game.to_act()[0], Move("call", ("heads",)))
        game.play(game.to_act()[0], Move("army", ("English",)))
        mark(game, 0, 1, 2, 4, 3, 5, 7, 6, 8)  # X O X / X O O / O X X: nobody flanks anything
    outcome = game.outcome()
    assert outcome.drawn == [0, 1] and outcome.winners == []
    assert outcome.summary.startswith("A draw: 3 boards in a row ended with nobody flanking anything")


def test_two_computer_players_end_every_game_and_play_different_boards():
    boards = set()
    varied = 0
    for seed in range(40):
        game = Pontifuse(["Ada", "Bob"], seed=seed)
        bots = [PontifuseBot(0, seed), PontifuseBot(1, seed)]
        while game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, bots[seat].choose(game.view(seat), game.legal_moves(seat)))
        assert game.outcome().drawn == [0, 1]  # perfect play never flanks: three boards, then a draw
        past = game.view(None)["past_boards"]
        assert len(past) == 3
        boards.update(past)
        varied += len(set(past)) > 1
    # equally good marks are chosen at random, so the boards differ: of the 16 full boards without three
    # marks in a line, nearly all are seen, and a game seldom replays one board three times
    assert len(boards) >= 14 and varied >= 35


def _long_game_of_version_1() -> dict:
    """The record of a game played by the rules of version 1 (no replay limit) that took more than three
    boards: two computer players, then a random one who blunders on the fifth board."""
    game = Pontifuse(["Ada", "Bob"], seed=11, replay_limit=0)
    bots = [PontifuseBot(0, 11), PontifuseBot(1, 11)]
    blunderer = RandomBot(1, 11)
    while game.outcome() is None:
        seat = game.to_act()[0]
        bot = blunderer if seat == 1 and game.view(None)["board_number"] >= 5 else bots[seat]
        game.play(seat, bot.choose(game.view(seat), game.legal_moves(seat)))
    assert game.view(None)["board_number"] >= 5
    record = game.record()
    record["rules_version"] = 1
    del record["options"]["replay_limit"]  # as a record that relied on version 1's default
    return record, game


def test_a_record_of_rules_version_1_replays_without_a_replay_limit(store):
    record, played = _long_game_of_version_1()
    with pytest.raises(RecordError, match="is refused: The game is over"):
        Pontifuse.from_record(record)  # read as version 2 it ends after three boards
    save_id = store.new_game(record, [], "Pontifuse")
    migrated = store.load(save_id)["record"]
    assert migrated["rules_version"] == 2 and migrated["options"]["replay_limit"] == 0
    again = Pontifuse.from_record(migrated)
    assert again.view(None) == played.view(None) and again.outcome().to_json() == played.outcome().to_json()
    # a record of version 1 that chose its own limit keeps it
    chosen = dict(record, options={"replay_limit": 2}, moves=[])
    save_id = store.new_game(chosen, [], "Pontifuse")
    assert store.load(save_id)["record"]["options"] == {"replay_limit": 2}


def test_options_are_checked():
    assert Pontifuse(["A", "B"], replay_limit="3").options["replay_limit"] == 3
    with pytest.raises(ValueError):
        Pontifuse(["A", "B"], replay_limit=-1)
    with pytest.raises(ValueError):
        Pontifuse(["A", "B"], early_bird=False)


# --------------------------------------------------------------------------------------------
# view, undo, copy, record


def test_the_view_holds_the_fields_its_type_declares():
    game = ready(resonade=BOB)
    mark(game, 4, 2)
    view = game.view(ADA)
    assert view["last"] == 2 and view["owners"][4] == BOB and view["owners"][2] == ADA
    assert view["cells"][4] == "X" and view["cells"][2] == "O" and view["marks"] == ["O", "X"]
    assert view["territories"]["English"] == ENGLISH_NAMES
    assert set(view) == PontifuseView.__required_keys__ | PontifuseView.__optional_keys__


def test_the_view_before_the_call_does_not_tell_how_the_coin_will_land():
    # Find two seeds with the same flipper whose coins will land differently: their views must agree.
    by_future = {}
    for seed in range(100):
        stream = Stream(seed)
        flipper_draw, landing = stream.coin(), stream.coin()
        by_future.setdefault((flipper_draw, landing), seed)
    for flipper_draw in (True, False):
        a = Pontifuse(["Ada", "Bob"], seed=by_future[(flipper_draw, True)])
        b = Pontifuse(["Ada", "Bob"], seed=by_future[(flipper_draw, False)])
        assert a.view(None) == b.view(None)
        assert [e.text for e in a.log] == [e.text for e in b.log]


def test_undo_takes_back_marks_and_the_army_but_not_the_coin():
    game = Pontifuse(["Ada", "Bob"], seed=4)
    assert game.undo_status() == (False, "Nothing to undo yet.")
    game.play(game.to_act()[0], Move("call", ("tails",)))
    assert game.undo_status()[0] is False  # the coin has landed
    before_army = game.view(None)
    game.play(game.to_act()[0], Move("army", ("Basque",)))
    assert game.undo_status()[0] is True
    assert game.undone().view(None) == before_army
    before = game.view(None)
    mark(game, 4)
    back = game.undone()
    assert back.view(None) == before and back.view(None)["cells"] == [""] * 9


# --------------------------------------------------------------------------------------------
# the property test: many whole games with random legal moves


def test_random_games_keep_the_invariants():
    rnd = random.Random(20240611)
    games = 400
    boards_seen = decided = drawn = 0
    for g in range(games):
        limit = rnd.choice((0, 0, 0, 1, 2, 3))
        game = Pontifuse(["Ada", "Bob"], seed=rnd.randrange(1 << 30), replay_limit=limit)
        cells = [""] * 9
        marked_at: set[int] = set()
        early = None
        board = 1
        moves = 0
        while game.outcome() is None:
            assert moves < Pontifuse.move_limit, "the game did not end within the move limit"
            seats = game.to_act()
            assert len(seats) == 1
            # nobody else may act: there are no optional moves in Pontifuse
            assert game.legal_moves(1 - seats[0]) == []
            view = game.view(seats[0])
            assert view["board_number"] == board
            assert view["cells"] == cells
            x, o = cells.count("X"), cells.count("O")
            assert x - o in (0, 1)
            if view["phase"] == "place":
                expected_scores = [
                    brute_points(len(brute_flanked(cells, view["marks"][s]))) + (100 if early == s else 0)
                    for s in (0, 1)
                ]
                assert view["scores"] == expected_scores
                assert view["early_bird"] == early
            # pick among every seat with legal moves (only the one to act has any)
            options = [(s, m) for s in (0, 1) for m in game.legal_moves(s)]
            seat, move = rnd.choice(options)
            if rnd.random() < 0.03 and view["phase"] == "place" and marked_at:
                with pytest.raises(IllegalMove, match="already holds"):
                    game.play(seat, Move("place", (rnd.choice(sorted(marked_at)),)))
            if move.kind == "place":
                cell = move.args[0]
                assert cell not in marked_at and cells[cell] == ""
                marked_at.add(cell)
                placer_mark = view["marks"][seat]
                cells[cell] = placer_mark
                if early is None and brute_flanked(cells, placer_mark):
                    early = seat
            game.play(seat, move)
            moves += 1
            if move.kind == "place" and len(marked_at) == 9:
                # the board is full: score it independently
                marks = view["marks"]
                totals = [brute_points(len(brute_flanked(cells, marks[s]))) + (100 if early == s else 0)
                          for s in (0, 1)]
                boards_seen += 1
                outcome = game.outcome()
                if totals == [0, 0]:
                    if limit and board >= limit:
                        assert outcome is not None and [s.place for s in outcome.standings] == [1, 1]
                        drawn += 1
                    else:
                        assert outcome is None and game.view(None)["board_number"] == board + 1
                        board += 1
                        cells = [""] * 9
                        marked_at = set()
                        early = None
                else:
                    assert outcome is not None
                    decided += 1
                    assert {s.seat: s.score for s in outcome.standings} == {0: totals[0], 1: totals[1]}
                    best = max(totals)
                    assert sorted(outcome.first) == [s for s in (0, 1) if totals[s] == best]
                    assert str(best) in outcome.summary
        assert game.to_act() == [] and game.legal_moves(0) == [] and game.legal_moves(1) == []
        assert "seed" not in json.dumps(game.view(None))
    assert decided + drawn == games
    assert boards_seen > games and drawn > 0


# --------------------------------------------------------------------------------------------
# the computer player


def test_the_solver_says_perfect_play_draws_and_the_bot_blocks():
    assert solve(0, 0, 0) == 0
    # X holds the north-west and the north; O holds the centre and must block the north-east.
    game = ready(resonade=ADA, army="English")
    mark(game, 0, 4, 1)
    view = json.loads(json.dumps(game.view(BOB)))  # the bot sees only the view
    for seed in range(10):
        bot = PontifuseBot(BOB, seed)
        assert bot.choose(view, game.legal_moves(BOB)) == Move("place", (2,))


def test_the_bot_calls_and_chooses_armies_at_random():
    seen = set()
    for seed in range(20):
        game = Pontifuse(["Ada", "Bob"], seed=seed)
        caller = game.to_act()[0]
        move = PontifuseBot(caller, seed).choose(game.view(caller), game.legal_moves(caller))
        seen.add(move)
        game.play(caller, move)
        pun = game.to_act()[0]
        army = PontifuseBot(pun, seed).choose(game.view(pun), game.legal_moves(pun))
        seen.add(army)
    assert seen == {Move("call", ("heads",)), Move("call", ("tails",)),
                    Move("army", ("English",)), Move("army", ("Basque",))}


def test_the_bot_never_loses_to_a_random_player():
    wins = draws = 0
    for g in range(200):
        bot_seat = g % 2
        players = {bot_seat: PontifuseBot(bot_seat, g), 1 - bot_seat: RandomBot(1 - bot_seat, g)}
        game = Pontifuse(["Ada", "Bob"], seed=g)
        moves = 0
        while game.outcome() is None and moves < Pontifuse.move_limit:
            seat = game.to_act()[0]
            game.play(seat, players[seat].choose(game.view(seat), game.legal_moves(seat)))
            moves += 1
        outcome = game.outcome()
        assert outcome is not None  # three scoreless boards at most, then a draw
        if outcome.drawn:
            draws += 1
        else:
            assert outcome.winners == [bot_seat], outcome.summary
            wins += 1
    assert wins + draws == 200
    assert wins >= 190


# --------------------------------------------------------------------------------------------
# events made once and looked up


def test_events_looked_up_again_are_those_of_their_own_table():
    """Flanking placements, board results and scoreless boards are made once per pair of names and
    looked up by a number after: games of other names played in between (the tables filled in another
    order) read, in every event and outcome, their own names, cells and points."""
    rnd = random.Random(21)
    pairs = [("Ada", "Bob"), ("Bob", "Ada"), ("Cy", "Di")]
    for _ in range(40):
        seed, limit = rnd.randrange(1 << 30), rnd.choice([0, 1, 3])
        games = [Pontifuse(list(names), seed=seed, replay_limit=limit) for names in pairs]
        moves = 0
        while games[0].to_act() and moves < 200:
            seat = games[0].to_act()[0]
            move = rnd.choice(games[0].legal_moves(seat))
            for game in rnd.sample(games, len(games)):  # the tables filled in a random order
                before = [cells_of(FLANKED[m]) for m in game._m]
                events = game.play(seat, move)
                if move.kind == "place":  # the mover's mark, by the mover's name, flanking what it did
                    mark = events[0]
                    assert mark.seat == seat and mark.text.startswith(game.players[seat])
                    assert mark.data["cell"] == move.args[0]
                    if len(events) == 1 or events[1].kind == "score":
                        now = cells_of(FLANKED[game._m[seat]])
                        assert mark.data["flanked"] == [c for c in now if c not in before[seat]]
                    else:  # a scoreless board (wiped since): nothing was flanked on it
                        assert mark.data["flanked"] == []
            moves += 1
        first = games[0]
        for names, game in zip(pairs[1:], games[1:]):
            def ours(text, names=names):  # the first game's text with this game's names
                return text.replace("Ada", "\0").replace("Bob", names[1]).replace("\0", names[0])
            assert [(e.text, e.kind, e.seat, e.data) for e in game.log] == \
                [(ours(e.text), e.kind, e.seat, e.data) for e in first.log]
            if first.outcome() is not None:
                assert game.outcome().summary == ours(first.outcome().summary)
                assert [s.score for s in game.outcome().standings] == [s.score for s in first.outcome().standings]
            assert game.view(None)["past_boards"] == first.view(None)["past_boards"]


def test_every_game_keeps_one_layout_of_fewer_than_30_attributes():
    """Every Pontifuse sets the same attributes in the same order whatever happens in it (none left to
    a class default, none added later), and fewer than 30 with the engine's: the layout Python shares
    between instances and reads fastest."""
    rnd = random.Random(5)
    layout = list(vars(Pontifuse(["Ada", "Bob"])))
    assert len(layout) < 30
    for seed in range(30):
        game = Pontifuse(["Ada", "Bob"], seed=seed, replay_limit=rnd.choice([0, 1, 3]))
        while game.to_act() and len(game.history) < 100:
            seat = game.to_act()[0]
            game.play(seat, rnd.choice(game.legal_moves(seat)))
            assert list(vars(game)) == layout
