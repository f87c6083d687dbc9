"""Particle Stream: the original's worked example (the race scored 0, 1, 2 and 4 by place), the setup
(start cards redealt on tied ranks, the track lowest at the front, hands of two face down and three
face up), the order of play front first and fixed at a round's start, the target (the nearest rank
above, piles of one rank, wrapping to the lowest), swap or stay, every ruling of the help, the match
of several races and its tie-break, refusals with their reasons, what each seat sees, undo, and the
computer player's last move. What every game owes (records, copies, random games, computer players
beating random ones, the leak check) is the catalog's contract (tests/contract)."""

from pathlib import Path

from tabletop_tui.bots.base import RandomBot
from tabletop_tui.bots.particle_stream import ParticleStreamBot
from tabletop_tui.rules.components.cards import STANDARD, card, cards
from tabletop_tui.rules.engine import Move, log_for
from tabletop_tui.rules.particle_stream import (MOVE, PLAY, SCORED, ParticleStream, ordinal, race_points,
                                                targets)

from scripted import play_out, refused

NAMES = ["Ada", "Bo", "Cy", "Dee", "Eve", "Fay"]
ADA, BO, CY, DEE = 0, 1, 2, 3
HELP = Path(__file__).parent.parent / "tabletop_tui" / "rules_help" / "particle_stream.md"
RULINGS = HELP.read_text().split("## Rulings")[1].split("\n## ")[0]

STAY = Move("stay")


def play(code: str) -> Move:
    return Move("play", (code,))


def swap(place: int) -> Move:
    return Move("swap", (place,))


def texts(events) -> list[str]:
    return [e.text for e in events]


def table(tops: str, at: list[int], hands: dict[int, tuple[str, str]], n: int = 4, **options) -> ParticleStream:
    """A game at the start of a round set by the test: the piles' top cards front first (`tops`), the seat
    at each place (`at`), and each seat's hand as (face up, face down); the cards elsewhere in the deck."""
    game = ParticleStream(NAMES[:n], 1, **options)
    used = cards(tops)
    game.piles = [[c] for c in used]
    game.at = list(at)
    for s in range(n):
        up, down = hands.get(s, ("", ""))
        game.up[s] = cards(up)
        game.down[s] = cards(down)
        used += game.up[s] + game.down[s]
    game.deck = [c for c in STANDARD if c not in used]
    game.order = list(at)
    game.acted = 0
    game.plays = []
    game.phase = PLAY
    return game


# -- the original's example and the scoring --------------------------------------------------------


def test_the_originals_example_scores_0_1_2_and_4_from_the_back():
    assert race_points(4) == [4, 2, 1, 0]  # the front first: read from the back, 0, 1, 2 and 4
    assert race_points(5) == [5, 3, 2, 1, 0]
    assert race_points(6) == [6, 4, 3, 2, 1, 0]


def test_a_race_ends_after_five_rounds_and_the_front_wins_it():
    game = ParticleStream(NAMES[:4], 3, races=1)
    rounds = set()
    while game.outcome() is None:
        seat = game.to_act()[0]
        rounds.add(game.round)
        moves = game.legal_moves(seat)
        game.play(seat, STAY if STAY in moves else moves[0])
    assert rounds == {1, 2, 3, 4, 5}
    assert all(not game.up[s] and not game.down[s] for s in range(4))  # every card of every hand played
    front, second, third, back = game.at
    assert game.outcome().winner == front
    assert [game.scores[s] for s in game.at] == [4, 2, 1, 0]
    assert game.wins[front] == 1
    assert game.outcome().summary == f"{NAMES[front]} wins the race."


# -- setup -------------------------------------------------------------------------------------------------


def _first_with_a_tie(n: int) -> ParticleStream:
    for seed in range(200):
        game = ParticleStream(NAMES[:n], seed)
        if any(e.kind == "tie" for e in game.log):
            return game
    raise AssertionError("no seed with a tie")


def test_tied_start_cards_are_set_aside_and_dealt_again_until_every_rank_differs():
    game = _first_with_a_tie(5)
    tie = next(e for e in game.log if e.kind == "tie")
    assert "have start cards of the same rank" in tie.text and "set aside and new ones dealt" in tie.text
    ranks = [pile[0].rank_low for pile in game.piles]
    assert len(set(ranks)) == 5
    # the ruling: the cards set aside go back into the deck before it is shuffled for the hands
    everything = game.deck + [c for pile in game.piles for c in pile] + [c for h in game.up + game.down for c in h]
    assert sorted(everything) == sorted(STANDARD)
    assert len(game.deck) == 52 - 5 - 25
    assert "**Tied start cards.**" in RULINGS and "**The cards set aside go back.**" in RULINGS


def test_three_start_cards_of_one_rank_are_all_set_aside():
    for seed in range(2000):
        game = ParticleStream(NAMES[:6], seed)
        start = next(e for e in game.log if e.kind == "start")
        counts: dict[int, int] = {}
        for _, r in start.data["ranks"]:
            counts[r] = counts.get(r, 0) + 1
        if 3 in counts.values():
            tie = next(e for e in game.log if e.kind == "tie")
            three = [s for s, r in start.data["ranks"] if counts[r] == 3]
            assert set(three) <= set(tie.data["seats"])
            return
    raise AssertionError("no seed with three of a rank")


def test_the_track_is_built_lowest_at_the_front_with_aces_low_and_each_player_beside_their_card():
    for seed in range(100):
        game = ParticleStream(NAMES[:4], seed)
        ranks = [pile[0].rank_low for pile in game.piles]
        assert ranks == sorted(ranks)
        if any(pile[0].rank == 14 for pile in game.piles):
            assert game.piles[0][0].rank == 14 and ranks[0] == 1  # the ace is the lowest card
            break
    else:
        raise AssertionError("no ace dealt as a start card")
    assert game.order == game.at  # the lowest card acts first
    assert "**Ace low, everywhere.**" in RULINGS


def test_hands_are_two_cards_face_down_and_three_face_up():
    game = ParticleStream(NAMES[:5], 7)
    for s in range(5):
        assert len(game.down[s]) == 2 and len(game.up[s]) == 3
    view = game.view(BO)
    assert view["hidden"] == [c.code for c in game.down[BO]]
    assert view["down"] == [2] * 5
    assert view["up"][ADA] == [c.code for c in game.up[ADA]]
    shown = str(view)
    for c in game.down[ADA] + game.down[CY]:
        assert c.code not in shown
    assert game.view(None)["hidden"] is None
    # the deal as each seat reads it
    deal = next(e for e in game.log if e.kind == "deal" and e.seat == ADA)
    assert log_for([deal], ADA)[0].text.startswith("Ada is dealt " + game.down[ADA][0].name.removeprefix("the "))
    assert "two cards face down" in log_for([deal], BO)[0].text


# -- the order of play ---------------------------------------------------------------------------------


def test_the_front_acts_first_and_the_order_is_recomputed_each_round():
    game = table("2C 5D 9H KS", [CY, ADA, DEE, BO],
                 {CY: ("3C 4C", "6C"), ADA: ("3D 4D", "6D"), DEE: ("3H 4H", "6H"), BO: ("3S 4S", "6S")})
    assert game.to_act() == [CY]
    game.play(CY, play("3C"))  # 3 on the front: the nearest above is the 5, Ada's
    assert game.targets() == [1]
    game.play(CY, swap(1))
    assert game.at == [ADA, CY, DEE, BO]
    # Ada was moved to the front before acting: she still acts second, and plays on the pile she
    # stands beside now
    assert game.to_act() == [ADA]
    events = game.play(ADA, play("4D"))
    assert game.piles[0][-1] == card("4D") and "on the 1st pile" in texts(events)[0]
    game.play(ADA, STAY)
    game.play(DEE, play("3H"))
    game.play(DEE, STAY)
    game.play(BO, play("3S"))
    game.play(BO, STAY)
    assert game.round == 2 and game.order == [ADA, CY, DEE, BO]  # from the places at the round's start
    assert "**Played where you stand.**" in RULINGS


def test_piles_of_one_rank_never_change_the_order():
    game = table("2C 9D 9H KS", [ADA, BO, CY, DEE],
                 {ADA: ("3C 4C", "6C"), BO: ("3D 4D", "6D"), CY: ("3H 4H", "6H"), DEE: ("3S 4S", "6S")})
    assert game.order == [ADA, BO, CY, DEE]  # the places, front first, whatever the ranks
    assert "**The piles never move.**" in RULINGS


# -- the target ----------------------------------------------------------------------------------------


def test_the_target_is_the_nearest_rank_above():
    # played a 6: look for 7s first, then 8s ...
    assert targets([6, 9, 7, 8], 0, 6) == [2]
    assert targets([6, 9, 10, 8], 0, 6) == [3]


def test_with_nothing_above_the_target_wraps_to_the_lowest():
    assert targets([13, 5, 2, 9], 0, 13) == [2]
    assert targets([12, 5, 2, 9], 0, 12) == [2]


def test_several_piles_of_the_target_rank_are_each_a_target():
    assert targets([3, 8, 5, 8], 0, 3) == [2]
    assert targets([4, 8, 6, 8], 0, 6) == [1, 3]
    game = table("2C 8D 6H 8S", [ADA, BO, CY, DEE], {ADA: ("6C", ""), BO: ("3D", ""), CY: ("3H", ""), DEE: ("3S", "")})
    game.play(ADA, play("6C"))
    assert game.legal_moves(ADA) == [STAY, swap(1), swap(3)]
    assert "the targets are the piles of 8s of Bo (2nd) and Dee (4th)" in game.log[-1].text
    game.play(ADA, swap(3))
    assert game.at == [DEE, BO, CY, ADA]
    assert "**Several piles of the target rank.**" in RULINGS


def test_the_own_pile_is_never_a_target_and_a_wrap_may_find_the_played_rank():
    # the player's own pile has the played card's rank: never its own target
    assert targets([7, 3, 5, 9], 0, 7) == [3]
    # a king with only kings and lower: the lowest of the others, here a king as well
    assert targets([13, 13, 13, 13], 2, 13) == [0, 1, 3]
    assert targets([13, 13, 12, 13], 0, 13) == [2]
    assert "**Your own pile is never a target.**" in RULINGS


def test_the_card_sets_the_piles_rank_by_its_top_card():
    game = table("2C 5D 9H KS", [ADA, BO, CY, DEE], {ADA: ("JC", ""), BO: ("3D", ""), CY: ("3H", ""), DEE: ("3S", "")})
    game.play(ADA, play("JC"))  # the front pile is now a jack: nearest above is the king
    assert game.ranks() == [11, 5, 9, 13]
    assert game.targets() == [3]
    assert "**A pile's rank.**" in RULINGS


def test_swap_or_stay():
    game = table("2C 5D 9H KS", [ADA, BO, CY, DEE],
                 {ADA: ("4C", ""), BO: ("3D", ""), CY: ("3H", ""), DEE: ("3S", "")})
    game.play(ADA, play("4C"))
    events = game.play(ADA, STAY)
    assert texts(events)[0] == "Ada stays 1st." and game.at == [ADA, BO, CY, DEE]
    game.play(BO, play("3D"))  # 3 at the 2nd pile: nearest above is Ada's 4
    events = game.play(BO, swap(0))
    assert texts(events)[0] == "Bo swaps with Ada: Bo is now 1st, Ada 2nd."
    assert game.at == [BO, ADA, CY, DEE]


def test_a_face_down_card_is_played_face_up_for_all_to_see():
    game = table("2C 5D 9H KS", [ADA, BO, CY, DEE], {ADA: ("4C", "QH"), BO: ("3D", "")})
    events = game.play(ADA, play("QH"))
    assert "Ada plays the queen of hearts from face down on the 1st pile" in texts(events)[0]
    assert game.view(BO)["piles"][0] == ["2C", "QH"]
    assert game.view(BO)["down"][ADA] == 0


# -- the match -----------------------------------------------------------------------------------------


def _to_the_end_of_race(game: ParticleStream) -> None:
    while game.phase in (PLAY, MOVE):
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        game.play(seat, STAY if STAY in moves else moves[0])


def test_the_last_of_a_race_deals_the_next_and_points_add_up():
    game = ParticleStream(NAMES[:5], 4)
    _to_the_end_of_race(game)
    assert game.phase == SCORED
    last = game.at[-1]
    assert game.to_act() == [last] and game.legal_moves(last) == [Move("deal")]
    other = game.at[0]
    assert "last in race 1, deals the next race" in refused(game, other, Move("deal"))
    assert "Race 1 is over" in refused(game, other, play("2C"))
    points = list(game.scores)
    assert sorted(points) == [0, 1, 2, 3, 5]
    game.play(last, Move("deal"))
    assert game.race == 2 and game.round == 1 and game.phase == PLAY
    assert all(len(game.up[s]) == 3 and len(game.down[s]) == 2 for s in range(5))
    assert all(len(p) == 1 for p in game.piles)
    _to_the_end_of_race(game)
    assert [a + b for a, b in zip(points, [r[1] for r in game.race_points])] == game.scores
    assert "**Who deals.**" in RULINGS


def test_the_number_of_races_is_an_option():
    for races in (1, 2):
        game = ParticleStream(NAMES[:4], 9, races=races)
        play_out(game, [RandomBot(s, 1) for s in range(4)])
        assert game.race == races and all(len(r) == races for r in game.race_points)
    assert "3 races" in ParticleStream(NAMES[:4], 1).log[0].text


def _ended(scores, wins, races=3):
    game = ParticleStream(NAMES[:4], 1, races=races)
    game.scores = list(scores)
    game.wins = list(wins)
    game.race_points = [[0] * races for _ in range(4)]
    return game._score()


def test_a_tie_on_points_is_broken_by_races_won_and_otherwise_shared():
    outcome = _ended([9, 9, 3, 2], [1, 2, 0, 0])
    assert outcome.winner == BO
    assert "more races won" in outcome.summary and "the most races won breaks the tie" in outcome.tiebreaks
    outcome = _ended([9, 9, 3, 2], [1, 1, 1, 0])
    assert outcome.winner is None and outcome.first == [ADA, BO]
    assert outcome.summary.startswith("A draw: Ada and Bo")
    assert "**Ties in the match.**" in RULINGS


# -- refusals ------------------------------------------------------------------------------------------


def test_refusals_say_why():
    game = table("2C 5D 9H KS", [ADA, BO, CY, DEE], {ADA: ("4C 6C", "7C"), BO: ("3D", "")})
    assert "It is Ada's turn, not Bo's" in refused(game, BO, play("3D"))
    assert "plays a card first: the card played decides the target" in refused(game, ADA, swap(1))
    assert "plays a card first" in refused(game, ADA, STAY)
    assert refused(game, ADA, play("KD")) == "The king of diamonds is not in Ada's hand."
    assert refused(game, ADA, play("KS")) == "The king of spades lies on the track: play a card of Ada's hand."
    assert "not a card" in refused(game, ADA, play("ZZ"))
    assert "no 'jump' move" in refused(game, ADA, Move("jump"))
    assert "still being run" in refused(game, ADA, Move("deal"))
    game.play(ADA, play("4C"))  # the target is Bo's 5
    assert "has played a card this round" in refused(game, ADA, play("6C"))
    assert refused(game, ADA, swap(2)) == ("The 3rd pile (Cy's, 9s) is no target: after the 4 of clubs the "
                                           "target is the pile of 5s (2nd).")
    assert "stands beside the 1st pile already" in refused(game, ADA, swap(0))
    assert "no place 7" in refused(game, ADA, swap(7))
    assert "names the place" in refused(game, ADA, Move("swap", ("x",)))


# -- undo ---------------------------------------------------------------------------------------------


def test_a_face_up_card_and_a_swap_can_be_undone_but_not_a_face_down_card():
    game = ParticleStream(NAMES[:4], 5)
    first = game.to_act()[0]
    up = game.up[first][0]
    game.play(first, play(up.code))
    assert game.undo_status()[0]
    game.play(first, STAY)
    assert game.undo_status()[0]
    back = game.undone().undone()
    assert back.to_act() == [first] and up in back.up[first]
    second = game.to_act()[0]
    game.play(second, play(game.down[second][0].code))
    assert not game.undo_status()[0]
    assert "undo cannot take it back" in RULINGS


# -- what the bot does --------------------------------------------------------------------------------


def test_in_the_last_round_the_last_to_act_jumps_to_the_front_when_it_can():
    # Dee, last to act in the last round, holds an ace (it finds the 2 at the front) and a 6 (the 9)
    game = table("2C 5D 9H KS", [ADA, BO, CY, DEE], {ADA: ("3C", ""), BO: ("3D", ""), CY: ("3H", ""),
                                                       DEE: ("AC", "6D")})
    game.round = 5
    for seat in (ADA, BO, CY):
        game.play(seat, game.legal_moves(seat)[0])
        game.play(seat, STAY)
    bot = ParticleStreamBot(DEE, 1)
    move = bot.choose(game.view(DEE), game.legal_moves(DEE))
    assert move == play("AC")
    game.play(DEE, move)
    assert bot.choose(game.view(DEE), game.legal_moves(DEE)) == swap(0)


def test_ordinals():
    assert [ordinal(i) for i in (0, 1, 2, 3, 10, 11, 20)] == ["1st", "2nd", "3rd", "4th", "11th", "12th", "21st"]
