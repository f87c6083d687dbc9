"""Break the Bank: the seed's Dave example, busts at every rung, breaking the Bank both ways, the final
split and its odd dollars, players who cannot pay, refusals, the view, undo, the computer
player, and a seeded property test over whole random games."""

import json
import random
from collections import Counter

import pytest

from tabletop_tui import catalog
from tabletop_tui.bots.break_the_bank import BreakTheBankBot, planner_for, safe_sums
from tabletop_tui.rules.break_the_bank import BreakTheBank, BreakTheBankView, split_bank, survival_percent
from tabletop_tui.rules.engine import Move

from scripted import refused, scripted_stream

ROLL, TAKE = Move("roll"), Move("take")
NAMES = ["Ada", "Bob", "Cy", "Dave", "Eve", "Fay", "Gus", "Hal"]
ADA, BOB, CY, DAVE = 0, 1, 2, 3


# --------------------------------------------------------------------------------------------
# helpers: a game whose dice are scripted


def table(n: int = 4, first: int = 0, **options) -> BreakTheBank:
    with scripted_stream(picks=[first]):  # the draw for the first player
        return BreakTheBank(NAMES[:n], 0, **options)


def roll(game: BreakTheBank, *faces: int):
    seat = game.to_act()[0]
    game.rng.faces.extend(faces)
    events = game.play(seat, ROLL)
    assert not game.rng.faces, "unused scripted dice"
    return events


def take(game: BreakTheBank):
    return game.play(game.to_act()[0], TAKE)


def total_money(game: BreakTheBank) -> int:
    return sum(game.money) + game.bank + game.kitty


def bust_everyone_else(game: BreakTheBank, until: int):
    """Players other than `until` roll a 1 at once until it is `until`'s turn."""
    while game.to_act() != [until]:
        roll(game, 1)


# --------------------------------------------------------------------------------------------
# the catalog, the help, the options and the setup


def test_catalog_entry_loads_this_game_bot_and_help():
    info = catalog.get("break-the-bank")
    assert info.rules_class() is BreakTheBank
    assert info.bot_class() is BreakTheBankBot
    text = info.help_text()
    for section in ("# Break the Bank", "## The idea", "## Setup", "## A turn", "## The end", "## Options",
                    "## Rulings", "`money`", "`turns`", "`ante`", "`cost`", "`odd_dollars`"):
        assert section in text
    assert (BreakTheBank.min_players, BreakTheBank.max_players) == (4, 8)
    with pytest.raises(ValueError):
        BreakTheBank(NAMES[:3])
    with pytest.raises(ValueError):
        BreakTheBank(NAMES + ["Ivy"])


def test_options_default_to_the_seed_and_are_checked():
    game = BreakTheBank(NAMES[:4], 1)
    assert game.options == {"money": 100, "turns": 5, "ante": 2, "cost": 5, "odd_dollars": "bank"}
    for bad in ({"money": 9}, {"turns": 0}, {"ante": 0}, {"cost": 0}, {"odd_dollars": "share"},
                {"ante": 20, "money": 20}, {"stakes": 5}):
        with pytest.raises(ValueError):
            BreakTheBank(NAMES[:4], 1, **bad)
    # a table where nobody could pay for the first roll is no game
    with pytest.raises(ValueError, match="nobody could pay \\$11 for a first roll"):
        BreakTheBank(NAMES[:4], 1, money=12, ante=2, cost=11)
    assert BreakTheBank(NAMES[:4], 1, money=12, ante=2, cost=10).money == [10] * 4
    game = BreakTheBank(NAMES[:5], 1, money="50", turns="3", ante="4", cost="10", odd_dollars="deal")
    assert game.money == [46] * 5 and game.bank == 20 and game.cost == 10
    assert game.view(None)["total_turns"] == 15


def test_setup_antes_make_the_bank_and_a_random_player_starts():
    game = table(6, first=4)
    assert game.money == [98] * 6 and game.bank == 12 and game.kitty == 0
    assert game.to_act() == [4] and game.legal_moves(4) == [ROLL]
    assert "the Bank holds $12" in game.log[0].text and "A draw picks Eve to go first" in game.log[0].text
    firsts = Counter(BreakTheBank(NAMES[:4], seed).to_act()[0] for seed in range(200))
    assert set(firsts) == {0, 1, 2, 3} and min(firsts.values()) > 30
    assert BreakTheBank(NAMES[:4], 77).view(None) == BreakTheBank(NAMES[:4], 77).view(None)


def test_turns_pass_in_seat_order_from_the_first_player():
    game = table(4, first=2)
    seen = []
    for _ in range(6):
        seen.append(game.to_act()[0])
        roll(game, 1)
    assert seen == [2, 3, 0, 1, 2, 3]
    assert game.turns_taken == [2, 1, 2, 2]  # Ada's second turn has begun


# --------------------------------------------------------------------------------------------
# the seed's example, rung by rung


def test_the_dave_example():
    game = table(4, first=DAVE)
    assert game.money[DAVE] == 98 and game.bank == 8
    events = roll(game, 3)
    assert (game.money[DAVE], game.bank, game.kitty) == (93, 10, 3)
    assert events[0].text == ("Dave pays $5 and rolls 3: $3 goes from the Bank into the Kitty ($3). Taking it now "
                              "leaves Dave $2 down this turn. Take it, or pay $5 and roll two dice?")
    assert game.legal_moves(DAVE) == [TAKE, ROLL] and game.dice == 2
    events = roll(game, 4, 3)
    assert (game.money[DAVE], game.bank, game.kitty) == (88, 8, 10)
    assert events[0].text == ("Dave pays $5 and rolls 4 and 3 = 7: $7 goes from the Bank into the Kitty ($10). "
                              "Dave has paid $10 this turn, so taking it now breaks even. Take it, or pay $5 and "
                              "roll three dice?")
    assert game.dice == 3
    events = roll(game, 5, 1, 6)
    assert (game.money[DAVE], game.bank, game.kitty) == (83, 23, 0)
    assert events[0].text == ("Dave pays $5 and rolls 5, 1 and 6: a 1, so Dave busts, and the Kitty's $10 goes "
                              "back to the Bank ($23). Dave is $15 down this turn.")
    assert game.to_act() == [ADA] and game.dice == 1 and game.paid == 0
    assert total_money(game) == 400


def test_taking_the_kitty_ends_the_turn():
    game = table(4, first=BOB)
    roll(game, 6)
    roll(game, 5, 4)
    events = take(game)
    assert game.money[BOB] == 98 - 10 + 15 and game.kitty == 0 and game.bank == 8 + 10 - 15
    assert events[0].text == "Bob takes the Kitty: $15, and is $5 up this turn ($103 in all)."
    assert game.to_act() == [CY] and game.legal_moves(CY) == [ROLL]


@pytest.mark.parametrize("rung", [1, 2, 3, 4, 5])
def test_a_bust_at_every_rung_returns_the_kitty(rung):
    game = table(4, first=ADA)
    game.bank = 200
    for dice in range(1, rung):
        roll(game, *[2] * dice)
    kitty = sum(range(1, rung)) * 2
    assert game.kitty == kitty and game.dice == rung
    roll(game, *[6] * (rung - 1), 1)
    assert game.kitty == 0 and game.bank == 200 + 5 * rung
    assert game.money[ADA] == 98 - 5 * rung
    assert game.to_act() == [BOB] and game.outcome() is None
    assert game.last_roll == {"seat": ADA, "faces": [6] * (rung - 1) + [1], "busted": True, "moved": -kitty}


def test_surviving_five_dice_breaks_the_bank_and_ends_the_game():
    game = table(4, first=CY)
    for dice in range(1, 5):
        roll(game, *[2] * dice)
    assert game.kitty == 20 and game.bank == 8 + 20 - 20 and game.dice == 5
    assert game.describe_move(ROLL) == "Pay $5, roll 5 dice: break the Bank (40% safe)"
    events = roll(game, 2, 2, 2, 2, 2)
    assert game.money[CY] == 98 - 25 + 8 + 25 and game.bank == 0 and game.kitty == 0
    assert "No 1 in five dice: Cy breaks the Bank!" in events[0].text
    assert events[1].text == "Cy takes the Kitty ($30) and the Bank ($3): $33 in all."
    out = game.outcome()
    assert out is not None and out.winners == [CY] and game.breaker == CY
    assert out.summary == "Cy broke the Bank and the game is over: Cy has the most money ($106) and wins."
    assert [s.detail for s in out.standings] == ["broke the Bank", "", "", ""]
    assert game.to_act() == [] and all(game.legal_moves(s) == [] for s in range(4))
    assert total_money(game) == 400


def test_a_roll_worth_more_than_the_bank_takes_what_is_left_and_taking_it_breaks_the_bank():
    game = table(4, first=ADA)
    roll(game, 6)  # bank 8 + 5 - 6 = 7
    events = roll(game, 6, 5)  # worth 11, the bank holds 12
    assert game.bank == 1 and game.kitty == 17
    events = roll(game, 6, 6, 6)  # worth 18, the bank holds 6
    assert game.bank == 0 and game.kitty == 23
    assert events[0].text.startswith("Ada pays $5 and rolls 6, 6 and 6 = 18, but the Bank holds only $6: all of it "
                                      "goes into the Kitty ($23) and the Bank is empty.")
    assert events[0].text.endswith("Take it to break the Bank, or pay $5 and roll four dice?")
    assert game.describe_move(TAKE) == "Take the Kitty ($23): break the Bank"
    events = take(game)
    assert events[0].text == "Ada takes the Kitty ($23) and leaves the Bank empty: Ada breaks the Bank!"
    assert game.breaker == ADA and game.outcome().winners == [ADA] and game.money[ADA] == 98 - 15 + 23
    assert total_money(game) == 400


def test_four_players_can_see_the_bank_broken_on_the_first_turn_and_the_help_says_how_often():
    game = table(4, first=CY)
    roll(game, 6)  # the Bank: 8 + 5 - 6 = 7
    roll(game, 6, 6)  # worth 12, and the Bank holds 12: empty
    take(game)
    assert game.breaker == CY and game.outcome().winners == [CY] and game.length() == 1
    assert game.turns_taken == [0, 0, 1, 0]  # nobody else has rolled
    richer = table(4, first=CY, ante=5)  # the house rule: a $20 Bank
    roll(richer, 6)
    roll(richer, 6, 6)
    assert richer.bank == 12 and richer.describe_move(TAKE) == "Take the Kitty ($18)"
    rulings = catalog.get("break-the-bank").help_text().split("## Rulings")[1]
    assert "A game over on the first turn." in rulings and "284 ended on the first turn" in rulings
    assert "raise the `ante`" in rulings


def test_after_emptying_the_bank_rolling_on_refills_it_with_the_payment():
    game = table(4, first=ADA)
    game.bank = 0
    roll(game, 6)  # the Bank holds only the $5 just paid
    assert (game.bank, game.kitty) == (0, 5)
    roll(game, 3, 3)
    assert (game.bank, game.kitty) == (0, 10) and game.outcome() is None
    roll(game, 2, 1, 2)  # a bust sends the Kitty back
    assert (game.bank, game.kitty) == (15, 0) and game.to_act() == [BOB]


# --------------------------------------------------------------------------------------------
# the end: the split, odd dollars, who wins


def one_turn_each(**options) -> BreakTheBank:
    """Ada takes a $3 Kitty; the others bust at once: the Bank ends at 8 + 5 - 3 + 15 = 25."""
    game = table(4, first=ADA, turns=1, **options)
    roll(game, 3)
    take(game)
    for _ in range(3):
        roll(game, 1)
    return game


def test_the_bank_is_split_evenly_and_the_odd_dollars_stay_in_it():
    game = one_turn_each()
    assert game.outcome() is not None and game.breaker is None
    assert game.money == [96 + 6, 93 + 6, 93 + 6, 93 + 6] and game.bank == 1
    assert game.split == {"bank": 25, "share": 6, "odd": 1, "shares": [6, 6, 6, 6], "left": 1}
    split = [e.text for e in game.log if e.kind == "split"]
    assert split == ["Every player has had 1 turn and nobody broke the Bank: its $25 is split, $6 to each of "
                     "the 4 players; the odd $1 stays in the Bank."]
    assert total_money(game) == 400
    out = game.outcome()
    assert out.winners == [ADA] and out.standings[0].score == 102
    assert out.summary == "The Bank has been split and the game is over: Ada has the most money ($102) and wins."
    assert out.tiebreaks == "Bob, Cy and Dave have $99 each and share a place."
    assert [s.place for s in out.standings] == [1, 2, 2, 2]
    assert out.standings[0].detail == "$6 of it from the split"


def test_the_deal_option_hands_out_the_odd_dollars_in_turn_order():
    game = one_turn_each(odd_dollars="deal")
    assert game.bank == 0 and game.money == [103, 99, 99, 99]
    assert "the odd $1 is dealt a dollar each to Ada." in game.log[-2].text
    assert split_bank(27, 4, 2, True) == [7, 6, 7, 7] and split_bank(27, 4, 2, False) == [6] * 4
    assert split_bank(6, 4, 3, True) == [2, 1, 1, 2]


def test_equal_money_at_the_top_is_a_draw():
    game = table(4, first=ADA, turns=1)
    for _ in range(4):
        roll(game, 1)
    out = game.outcome()
    assert game.money == [98 - 5 + 7] * 4 and game.bank == 0
    assert out.drawn == [0, 1, 2, 3] and out.winners == [] and all(s.place == 1 for s in out.standings)
    assert "Ada, Bob, Cy and Dave share the most money ($100): a draw." in out.summary
    assert out.tiebreaks == "Ada, Bob, Cy and Dave have $100 each and share a place."


def test_every_player_gets_the_set_number_of_turns():
    game = table(5, first=3, turns=2)
    order = []
    while game.outcome() is None:
        order.append(game.to_act()[0])
        roll(game, 1)
    assert order == [3, 4, 0, 1, 2] * 2 and game.turns_taken == [2] * 5


# --------------------------------------------------------------------------------------------
# no debts


def test_a_player_who_cannot_pay_loses_the_turn():
    game = table(4, first=ADA)
    game.money[BOB] = 4
    events = roll(game, 1)
    assert events[-1].kind == "lost_turn"
    assert events[-1].text == "Bob has only $4 and cannot pay $5 for a roll: Bob's turn 1 is lost."
    assert game.to_act() == [CY] and game.turns_taken[BOB] == 1 and game.money[BOB] == 4
    assert refused(game, BOB, ROLL) == "It is not Bob's turn: Cy is rolling."


def test_a_player_who_cannot_pay_mid_turn_must_take_the_kitty():
    game = table(4, first=ADA)
    game.money[ADA] = 9
    events = roll(game, 4)
    assert game.money[ADA] == 4 and game.legal_moves(ADA) == [TAKE]
    assert events[0].text.endswith("Ada cannot pay $5 for another roll: take the Kitty.")
    assert refused(game, ADA, ROLL) == "Ada has only $4 and a roll costs $5: take the Kitty."
    take(game)
    assert game.money[ADA] == 8


def test_when_nobody_can_pay_the_remaining_turns_are_lost_and_the_bank_is_split():
    game = table(4, first=ADA, turns=3)
    game.money = [5, 4, 4, 4]
    game.bank = 400 - 17
    roll(game, 1)
    assert game.outcome() is not None
    lost = [e for e in game.log if e.kind == "lost_turn"]
    assert len(lost) == 3 + 3 + 3 + 2  # Ada's two later turns too: she has nothing left
    assert game.turns_taken == [3, 3, 3, 3] and total_money(game) == 400


# --------------------------------------------------------------------------------------------
# refusals, words, the view


def test_refusals_each_say_why():
    game = table(4, first=ADA)
    assert refused(game, BOB, ROLL) == "It is not Bob's turn: Ada is rolling."
    assert refused(game, ADA, TAKE).startswith("Ada must first pay $5 and roll one die")
    assert refused(game, ADA, Move("bet", (5,))).startswith("Break the Bank has no 'bet' move")
    assert refused(game, ADA, Move("roll", (2,))) == "A roll takes no arguments."
    assert refused(game, ADA, Move("take", (2,))) == "Taking the Kitty takes no arguments."
    assert refused(game, 9, ROLL) == "There is no seat 9 at this table."
    game.bank = 1000
    for dice in range(1, 5):
        roll(game, *[3] * dice)
    roll(game, *[3] * 5)
    assert refused(game, ADA, ROLL) == "The game is over."


def test_describe_move():
    game = table(4, first=ADA)
    assert game.describe_move(ROLL) == "Pay $5, roll one die"
    roll(game, 4)
    assert game.describe_move(ROLL) == "Pay $5, roll 2 dice (69% safe)"
    assert game.describe_move(TAKE) == "Take the Kitty ($4)"
    assert [survival_percent(k) for k in range(1, 6)] == [83, 69, 58, 48, 40]


def test_the_view_is_public_complete_and_plain():
    game = table(4, first=BOB)
    roll(game, 5)
    view = game.view(ADA)
    assert json.loads(json.dumps(view)) == view
    assert view["viewer"] == ADA and dict(view, viewer=None) == game.view(None)
    assert set(view) == BreakTheBankView.__required_keys__ | BreakTheBankView.__optional_keys__  # as declared
    assert view["money"] == [98, 93, 98, 98] and view["bank"] == 8 and view["kitty"] == 5
    assert (view["current"], view["to_act"], view["dice"], view["chance"], view["cost"]) == (BOB, [BOB], 2, 69, 5)
    assert (view["paid"], view["can_pay"], view["first"]) == (5, True, BOB)
    assert view["turns_left"] == [5, 4, 5, 5] and view["turns_played"] == 1 and view["total_turns"] == 20
    assert view["last_roll"] == {"seat": BOB, "faces": [5], "busted": False, "moved": 5}
    assert view["over"] is False and view["result"] is None and view["split"] is None


# --------------------------------------------------------------------------------------------
# undo


def test_undo_goes_back_to_the_last_roll_and_no_further():
    game = BreakTheBank(NAMES[:4], 5)
    seat = game.to_act()[0]
    game.play(seat, ROLL)
    assert game.undo_status()[0] is False  # the die has spoken
    while game.legal_moves(game.to_act()[0]) == [ROLL]:  # until a good roll
        game.play(game.to_act()[0], ROLL)
    seat = game.to_act()[0]
    before = game.view(None)
    game.play(seat, TAKE)
    assert game.undo_status() == (True, "")
    back = game.undone()
    assert back.view(None) == before and back.to_act() == [seat]
    game.play(game.to_act()[0], ROLL)
    assert game.undo_status()[0] is False


# --------------------------------------------------------------------------------------------
# the computer player


def bot_choice(game: BreakTheBank) -> Move:
    seat = game.to_act()[0]
    return BreakTheBankBot(seat, 0).choose(game.view(seat), game.legal_moves(seat))


def test_the_sum_tables_of_dice_without_a_one():
    for dice in range(1, 6):
        table_ = safe_sums(dice)
        assert sum(p for _, p in table_) == pytest.approx((5 / 6) ** dice)
        assert table_[0][0] == 2 * dice and table_[-1][0] == 6 * dice
    assert dict(safe_sums(2))[7] == pytest.approx(4 / 36)  # 2+5, 3+4, 4+3, 5+2


def test_the_bot_takes_a_kitty_that_empties_the_bank_when_that_wins():
    game = table(4, first=ADA)
    roll(game, 6)
    roll(game, 6, 6)
    assert (game.kitty, game.bank) == (18, 0)
    assert bot_choice(game) == TAKE  # Ada ends the game $8 up
    game.money[BOB] = 120
    assert bot_choice(game) == ROLL  # ending it now would hand Bob the win


def test_the_bot_stops_early_when_ahead_and_pushes_when_behind():
    for others, choice in ((70, TAKE), (98, ROLL), (130, ROLL)):
        game = table(4, first=ADA)
        game.money = [98] + [others] * 3
        roll(game, 5)
        assert bot_choice(game) == choice, others
    rich = table(4, first=ADA)
    roll(rich, 2)
    rich.bank = 3000  # a Bank this rich is worth chasing all the way to five dice
    assert bot_choice(rich) == ROLL


def five_dice_to_go(bank: int, others: int) -> BreakTheBank:
    """Ada, first to play, has survived four dice with 2s: Kitty $20, $25 paid; the others hold `others`."""
    game = table(4, first=ADA)
    game.bank = bank
    game.money = [98] + [others] * 3
    for dice in range(1, 5):
        roll(game, *[2] * dice)
    assert game.dice == 5 and game.kitty == 20 and game.bank == bank
    return game


def test_the_bot_rolls_five_dice_when_breaking_the_bank_puts_it_on_top():
    assert bot_choice(five_dice_to_go(200, 98)) == ROLL  # 40% to win at once against a level game
    assert bot_choice(five_dice_to_go(8, 98)) == ROLL  # even a small Bank ends the game with Ada ahead
    assert bot_choice(five_dice_to_go(8, 150)) == TAKE  # but breaking it here would end the game lost


def last_turn_for_dave(money) -> BreakTheBank:
    game = table(4, first=ADA, turns=1)
    for _ in range(3):
        roll(game, 1)
    game.money = list(money)
    return game


def test_on_the_last_turn_the_bot_stops_when_it_has_won_and_pushes_when_it_has_not():
    game = last_turn_for_dave([98, 98, 98, 100])
    roll(game, 4)  # Kitty 4, Dave 95 + 4 = 99 against 98: taking wins
    assert bot_choice(game) == TAKE
    behind = last_turn_for_dave([110, 98, 98, 100])
    roll(behind, 4)  # taking leaves Dave at 99 + his share against Ada's 110 + hers: only rolling can win
    assert bot_choice(behind) == ROLL
    view = behind.view(DAVE)
    planner = planner_for(view, DAVE)
    assert planner.take(95, 4, view["bank"]) < 0.01


def test_the_bot_minds_the_split_of_the_odd_dollars():
    # Dave plays the last turn of the game; taking his $5 Kitty leaves him level with Ada before the
    # split of an $81 Bank: $20 each and a dollar over
    for odd_dollars, choice in (("bank", ROLL), ("deal", TAKE)):
        game = table(4, first=DAVE, turns=1, odd_dollars=odd_dollars)
        game.turns_taken = [1, 1, 1, 1]
        game.money = [100, 60, 60, 100]
        game.bank = 81
        roll(game, 5)
        assert (game.money[DAVE] + game.kitty, game.bank) == (100, 81)
        # left in the Bank, the odd dollar makes it a shared win: two dice (61% to add $6 or more) do better;
        # dealt from Dave, who went first, it makes Dave the winner
        assert bot_choice(game) == choice


# --------------------------------------------------------------------------------------------
# the property test: many whole games with random legal moves


def test_random_games_keep_the_invariants():
    rnd = random.Random(20240521)
    endings = Counter()
    for _ in range(300):
        n = rnd.randint(4, 8)
        options = {"money": rnd.choice((10, 30, 100, 100)), "turns": rnd.choice((1, 3, 5, 5)),
                   "ante": rnd.choice((1, 2, 2, 5)), "cost": rnd.choice((1, 5, 5, 10)),
                   "odd_dollars": rnd.choice(("bank", "deal"))}
        options["cost"] = min(options["cost"], options["money"] - options["ante"])  # a first roll is payable
        game = BreakTheBank(NAMES[:n], rnd.randrange(1 << 30), **options)
        total = n * options["money"]
        rolls = 0
        while game.outcome() is None:
            assert sum(game.money) + game.bank + game.kitty == total
            assert min(game.money) >= 0 and game.bank >= 0 and game.kitty >= 0
            [seat] = game.to_act()
            moves = game.legal_moves(seat)
            assert moves and all(game.legal_moves(s) == [] for s in range(n) if s != seat)
            assert game.dice <= 5 and (ROLL in moves) == (game.money[seat] >= game.cost)
            assert (TAKE in moves) == (game.dice > 1)
            move = rnd.choice(moves)
            rolls += move == ROLL
            game.play(seat, move)
            assert sum(game.turns_taken) <= n * options["turns"]
        assert rolls <= n * options["turns"] * 5
        assert sum(game.money) + game.bank + game.kitty == total and game.kitty == 0
        out = game.outcome()
        assert sorted(out.first) == [s for s in range(n) if game.money[s] == max(game.money)]
        if game.breaker is None:
            endings["split"] += 1
            assert game.turns_taken == [options["turns"]] * n
            assert game.bank == (game.split["odd"] if options["odd_dollars"] == "bank" else 0)
        else:
            endings["broken"] += 1
            assert game.bank == 0
    assert endings["split"] > 150 and endings["broken"] > 50
