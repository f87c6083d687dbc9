"""The hand-off between people at one keyboard, for every game with a board and every game with hidden
hands (taken from the catalog: a new game is covered without a word here).

The person who moved passes the keyboard with Enter; the curtain then takes no key until it is drawn and
for a pause after, and lifts only for the key it shows (a digit, never Enter). Keys, typed squares,
clicks and the widgets' own messages that come before the pass never make the next person's move;
nothing of one person's screen (an error, a notification, a half-typed square) survives the curtain.
The pause is measured by a clock the tests hold: nothing here waits for real time."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Static

from tabletop_tui import catalog
from tabletop_tui.rules.engine import Move
from tabletop_tui.session import Session
from tabletop_tui.ui.screens import game as game_screen
from tabletop_tui.ui.screens.game import GameScreen, open_forced_move
from tabletop_tui.ui.screens.modals import FORCED_SETTING, CurtainScreen
from tabletop_tui.ui.widgets.common import Action, ActionBar
from tabletop_tui.ui.widgets.grid import GridBoard

from handoff_helpers import Clock, lift_curtain
from ui_helpers import assert_sees_only, settle, shown

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
SEED = 11


def handoff_games() -> list[str]:
    """Every game with a board, and every game whose rules hide something from some seat."""
    return [g.id for g in catalog.GAMES if g.family == "Board" or g.rules_class().hidden_information]


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(CurtainScreen, "clock", clock)
    return clock


def new_app(make_app, store, game_id: str, **kwargs):
    info = catalog.get(game_id)
    session = Session.new(game_id, NAMES[:max(2, info.min_players)], SEED, store=store, **kwargs)
    session.release()
    return make_app(start={"save": session.save_id}, force_curtain=True)


async def lift(pilot, app, clock) -> None:
    await lift_curtain(pilot, app, clock)
    await settle(pilot)


async def to_the_handoff(pilot, app, clock) -> GameScreen:
    """Lift the first curtain, then play the first legal move of the person at the keyboard until the
    keyboard is to be passed. Returns the game screen, the hand-off pending."""
    await settle(pilot, 3)
    await lift(pilot, app, clock)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    for _ in range(40):
        if not screen.input_open():
            break
        seat = screen.viewer()
        assert screen.submit(seat, screen.session.game.legal_moves(seat)[0])
        await settle(pilot, 2)
    assert app.screen is screen and not screen.input_open()
    assert "pass the keyboard" in shown(screen.query_one("#actions"))
    return screen


def press(app, *keys: str) -> None:
    """Keys as they come from the terminal, all at once (a doubled or held key: no pause between)."""
    for key in keys:
        char = {"space": " ", "enter": "\r"}.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))


def choices(screen, seat: int) -> list:
    """Every widget of the table with a message by which it hands the screen a person's choice, each
    made as the widget would make it (for the next person's seat where a message names one)."""
    game = screen.session.game
    made = []
    for widget in screen.query("*"):
        chosen = getattr(type(widget), "Chosen", None) or getattr(type(widget), "Clicked", None)
        if chosen is None:
            continue
        if isinstance(widget, ActionBar):
            for move in game.legal_moves(seat)[:3]:
                made.append((widget, ActionBar.Chosen(Action("1", "a move", seat, move))))
            continue
        for args in ((widget, [0], [None]), (widget, 0), (0,)):
            try:
                message = chosen(*args)
            except TypeError:
                continue
            made.append((widget, message))
            break
    return made


def clickable(screen) -> list:
    """The widgets of the table and the action bar that take clicks (a board, a hand, a row of coins)."""
    return [w for w in screen.query("*") if hasattr(w, "on_click") and w.display and w.size.area]


@pytest.mark.parametrize("game_id", handoff_games())
async def test_nothing_before_the_pass_reaches_the_next_person_and_enter_never_lifts_the_curtain(
        make_app, store, clock, game_id):
    app = new_app(make_app, store, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_the_handoff(pilot, app, clock)
        game = screen.session.game
        history = list(game.history)
        mover, nxt = screen.viewer(), screen.session.human_to_act()[0]
        # the prompt line says the hand-off, not the choice just made
        players = screen.session.players
        assert f"{players[mover]} is done: {players[nxt]} is next." in shown(screen.query_one("#prompt"))
        assert "pass the keyboard" in shown(screen.query_one("#actions"))

        # before the pass: keys a person might press (the action keys, squares typed by name, a board's
        # Space), a click on everything that takes clicks, and each widget's own message of a choice
        press(app, "1", "2", "3", "a", "1", "e", "4", "b", "2", "c", "3", "p", "n", "x", "f", "g", "h", "space",
              ":", "a", "1", "0", "6", "7", "8", "9", "m", "v")
        for widget in clickable(screen):
            await pilot.click(widget)
        for widget, message in choices(screen, nxt):
            widget.post_message(message)
        await settle(pilot, 2)
        assert app.screen is screen and game.history == history and not screen.input_open()
        # a person's move handed straight to the screen's one checked method: refused for the next seat
        for move in game.legal_moves(nxt)[:3]:
            assert not screen.submit(nxt, move)
        assert game.history == history

        # what the last person was told does not reach the next
        screen.error = "Cannot undo: not past a move Bo has seen."
        app.notify("A word for the person at the keyboard.")
        # done, and the same key again a moment later; then held down, for long
        press(app, "enter", "enter")
        await settle(pilot, 2)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.player == NAMES[nxt]
        press(app, *["enter"] * 12)
        clock.advance(5)
        press(app, *["enter"] * 12, "space")
        await settle(pilot, 2)
        assert app.screen is curtain and game.history == history
        assert_sees_only(app, screen.session, None)
        # the curtain says what to press, and it is not Enter
        assert curtain.key.isdigit() and curtain.key != "1"
        assert f"press {curtain.key} " in " ".join(shown(curtain.query_one("#curtain-lift", Static)).split())

        await lift(pilot, app, clock)
        assert app.screen is screen and screen.viewer() == nxt != mover
        assert game.history == history
        assert screen.error == "" and "Cannot undo" not in shown(screen.query_one("#prompt"))
        assert not app.screen.query("Toast")
        assert all(board.typed == "" for board in screen.query(GridBoard))
        assert_sees_only(app, screen.session, nxt)
        assert screen.input_open() and screen.may_act(nxt)


async def test_a_square_typed_or_clicked_twice_fast_makes_one_move(make_app, store, clock):
    """Queensland, behind the curtain: the second of two quick choices arrives while the first is being
    made; it must not become the next person's move."""
    app = new_app(make_app, store, "queensland")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await lift(pilot, app, clock)
        screen = app.screen
        board = screen.query_one(GridBoard)
        game = screen.session.game
        board.post_message(GridBoard.Chosen(27))
        board.post_message(GridBoard.Chosen(28))
        press(app, "a", "1", "b", "1")
        await settle(pilot, 4)
        assert len(game.history) == 1 and not screen.input_open()


async def test_keys_before_the_curtain_is_drawn_or_during_its_pause_are_dropped(make_app, store, clock):
    app = new_app(make_app, store, "darwinian-poker")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_the_handoff(pilot, app, clock)
        await pilot.press("enter")
        await settle(pilot, 3)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        assert curtain.drawn_at is not None
        clock.advance(CurtainScreen.PAUSE / 2)
        await pilot.press(curtain.key)  # too soon: a key meant for the screen before
        await pilot.click("#curtain-lift")
        await settle(pilot, 2)
        assert app.screen is curtain
        clock.advance(CurtainScreen.PAUSE)
        await pilot.click("#curtain-lift")  # after the pause, a click on its key lifts it too
        await settle(pilot, 3)
        assert app.screen is screen

        # a curtain not yet drawn takes no key, however late the clock
        late = CurtainScreen("Bo", key="5")
        clock.advance(100)
        assert not late.ready()
        late.action_lift()  # (not dismissed: it is not even on screen)


@pytest.mark.parametrize("only_key", [False, True], ids=["a free digit", "the only digit"])
async def test_the_key_that_lifted_the_curtain_pressed_again_or_held_makes_no_move(make_app, store, clock,
                                                                                   monkeypatch, only_key):
    if only_key:  # the curtain must ask for a key the table also offers: the app drops its echo
        monkeypatch.setattr(game_screen, "LIFT_KEYS", "2")
    app = new_app(make_app, store, "darwinian-poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        clock.advance(CurtainScreen.PAUSE)
        game = curtain.game_screen.session.game
        seat = game.to_act()[0]
        offered = curtain.game_screen.move_keys(seat)
        assert (curtain.key in offered) is only_key and len(offered) >= 2
        press(app, curtain.key, curtain.key, curtain.key)  # lifted, then pressed again and held
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, GameScreen) and game.history == []
        await pilot.click("#actions")  # a click at once, on the choices: dropped too
        await settle(pilot, 2)
        assert game.history == []
        clock.advance(app.LIFT_ECHO)  # a moment later the person is at the table: the key is a key again
        await pilot.press("2")
        await settle(pilot, 2)
        assert len(game.history) == 1 and game.history[0][0] == seat


async def test_each_curtain_asks_for_another_key(make_app, store, clock):
    app = new_app(make_app, store, "darwinian-poker")
    keys = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for _ in range(3):
            keys.append(app.screen.key)
            await lift(pilot, app, clock)
            screen = app.screen
            seat = screen.viewer()
            screen.submit(seat, screen.session.game.legal_moves(seat)[0])
            await settle(pilot, 2)
            await pilot.press("enter")
            await settle(pilot, 3)
    assert all(a != b for a, b in zip(keys, keys[1:])), keys


async def test_an_undo_that_ends_on_a_computers_turn_lets_the_computer_move_again(make_app, store):
    """The Syndicate with the computers first: after the plot is settled, a computer leads the next one
    and the person may take that lead back (nothing was revealed since the plot), which leaves the
    table on the computer's turn: it must lead again, not think for ever."""
    session = Session.new("the-syndicate", ["Ada", "Bo", "Cy"], 6, {"first": "seat"}, computer=[0, 1],
                          store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        assert screen.session.human_to_act() == [2]
        await pilot.press("1")  # Cy follows; the plot is settled; Bo leads the next
        await settle(pilot, 6)
        game = screen.session.game
        assert screen.session.human_to_act() == [2] and game.history[-1][0] == 1
        moves = len(game.history)
        await pilot.press("u")
        await settle(pilot, 6)
        assert screen.error == ""
        assert screen.session.human_to_act() == [2] and len(screen.session.game.history) == moves
        assert "thinking" not in shown(screen.query_one("#actions"))


# -- forced moves ----------------------------------------------------------------------------------


def fight_with(game, top: str):
    """A Shipwreck! fight in which the defender (seat 1) must answer `top`."""
    from tabletop_tui.rules.components.cards import card

    game.phase = "fight"
    game.fight = {"attacker": 0, "defender": 1, "cards": [(0, card(top))], "to": 1}
    return game


def test_a_forced_move_tells_nothing_only_where_the_game_says_so():
    from tabletop_tui.rules.shipwreck import Shipwreck
    from tabletop_tui.rules.components.cards import card

    game = Shipwreck(["Ada", "Bo"], 3)
    # a King to beat: nothing beats it, and everyone sees it
    assert open_forced_move(fight_with(game, "KS"), 1) == Move("surrender")
    # a Queen to beat by a hand without a King: surrender is Bo's only move, but only Bo knows why
    game = Shipwreck(["Ada", "Bo"], 3)
    game.hands[1] = [card(c) for c in ("2C", "3D", "4H")]
    fight_with(game, "QS")
    assert game.legal_moves(1) == [Move("surrender")]
    assert open_forced_move(game, 1) is None
    # a game that declares nothing: no move is ever played for a person
    from hidden_game import Draw

    draw = Draw(["Ada", "Bo"], 1)
    draw.hands[0] = []
    assert draw.legal_moves(0) == [Move("draw")] and open_forced_move(draw, 0) is None


async def test_with_the_setting_a_forced_deal_is_played_without_passing_the_keyboard(make_app, store, clock):
    """Penniless and Insane: once a round is scored the next dealer's deal is the only move, and everyone
    sees it. Without the setting the dealer lifts the curtain to deal; with it, the deal is played and
    the curtain falls for whoever bids first."""
    session = Session.new("penniless-and-insane", ["Ada", "Bo", "Cy"], 5, store=store)
    game = session.game
    for _ in range(200):
        if game.phase == "scored":
            break
        seat = game.to_act()[0]
        session.play(seat, game.legal_moves(seat)[0])
    assert game.phase == "scored" and game.to_act() == [game.round % 3]
    dealer = game.to_act()[0]
    before = len(game.history)
    session.release()
    async with make_app(start={"save": session.save_id}, force_curtain=True).run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        app = pilot.app
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == NAMES[dealer]
        assert len(app.screen_stack[-2].session.game.history) == before

    store.set_setting(FORCED_SETTING, True)
    async with make_app(start={"save": session.save_id}, force_curtain=True).run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        app = pilot.app
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        screen = app.screen_stack[-2]
        history = screen.session.game.history
        assert len(history) == before + 1 and history[-1] == (dealer, Move("deal"))
        assert screen.session.game.phase == "bid" and curtain.player == NAMES[screen.session.human_to_act()[0]]
        assert_sees_only(app, screen.session, None)


async def test_the_setting_is_offered_in_the_settings_and_remembered(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 2)
        await pilot.press("o")
        await settle(pilot, 2)
        assert type(app.screen).__name__ == "SettingsScreen"
        assert store.get_setting(FORCED_SETTING, False) is False
        await pilot.click("#forced")
        await settle(pilot, 2)
        assert store.get_setting(FORCED_SETTING, False) is True


async def test_a_letter_typed_before_the_move_is_forgotten_at_the_hand_off(make_app, store, clock):
    """Queensland: Ada types e, then clicks her square instead; Bo's 4 after the curtain must not
    complete Ada's e into e4."""
    app = new_app(make_app, store, "queensland")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await lift(pilot, app, clock)
        screen = app.screen
        board = screen.query_one(GridBoard)
        board.focus()
        await pilot.press("e")
        assert board.typed == "e"
        board.post_message(GridBoard.Chosen(0))  # a click on a8
        await settle(pilot, 3)
        game = screen.session.game
        assert len(game.history) == 1 and not screen.input_open()
        assert board.typed == ""
        await pilot.press("enter")
        await settle(pilot, 3)
        await lift(pilot, app, clock)
        board.focus()
        await pilot.press("4")
        await settle(pilot, 3)
        assert len(game.history) == 1 and board.typed == ""
