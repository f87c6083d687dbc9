"""The curtain at a table of several people with hidden hands: each sees their own cards and the result
of their own move, passes the keyboard with Enter, and the next person lifts the curtain. No screen
shown to one person holds another's hidden cards."""

from __future__ import annotations

import pytest

from tabletop_tui import catalog
from tabletop_tui.rules.components.cards import card
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.screens.modals import ConfirmScreen, CurtainScreen, LogScreen, RulesScreen

from hidden_game import INFO
from handoff_helpers import lift_curtain
from ui_helpers import assert_sees_only, screen_text, settle, shown


@pytest.fixture(autouse=True)
def draw_game(monkeypatch):
    monkeypatch.setitem(catalog.BY_ID, INFO.id, INFO)


def names_of(codes) -> list[str]:
    return [card(c).name for c in codes]


async def test_two_people_pass_the_keyboard_and_never_see_each_others_cards(make_app, store):
    session = Session.new(INFO.id, ["Ada", "Bo"], 5, store=store)
    assert session.curtain  # on by default: hidden hands and two people
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ada"
        assert_sees_only(app, session, None)
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.session.game
        for turn in range(6):
            seat = game.to_act()[0]
            await pilot.press("1")  # draw
            await settle(pilot, 3)
            if game.outcome() is not None:
                break
            # the drawer sees the card drawn, in the log and on the table, and nothing of the other's
            drawn = game.hands[seat][-1]
            assert card(drawn).name in screen_text(app)
            assert_sees_only(app, screen.session, seat)
            assert "pass the keyboard to" in shown(screen.query_one("#actions"))
            await pilot.press("enter")
            await settle(pilot, 3)
            assert isinstance(app.screen, CurtainScreen)
            assert app.screen.player == game.players[1 - seat]
            assert card(drawn).name not in screen_text(app)
            await lift_curtain(pilot, app)
            await settle(pilot, 3)
            assert app.screen is screen
            assert_sees_only(app, screen.session, 1 - seat)
            assert f"{game.players[seat]} draws a card." in " ".join(shown(screen.query_one("#log")).split())
        await settle(pilot, 6)
        assert game.outcome() is not None


async def test_behind_the_curtain_the_rules_save_and_quit_work(make_app, store):
    session = Session.new(INFO.id, ["Ada", "Bo"], 6, store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("question_mark")
        await settle(pilot, 3)
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await settle(pilot, 3)
        await pilot.press("q")
        await settle(pilot, 3)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot, 3)
        await pilot.press("ctrl+q")  # asks too
        await settle(pilot, 3)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("s")
        await settle(pilot, 3)
        assert type(app.screen).__name__ == "LauncherScreen"


async def test_one_person_among_computers_always_sees_their_own_seat_and_no_curtain(make_app, store):
    session = Session.new(INFO.id, ["Ada", "Bo", "Cy"], 7, computer=[1, 2], store=store)
    assert not session.curtain
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer() == 0
        await pilot.press("1")
        await settle(pilot, 6)
        assert not isinstance(app.screen, CurtainScreen)
        assert_sees_only(app, screen.session, 0)
        assert "Bo draws a card." in " ".join(shown(screen.query_one("#log")).split())
        await pilot.press("l")
        await settle(pilot, 3)
        assert isinstance(app.screen, LogScreen)
        assert_sees_only(app, screen.session, 0)


async def test_undo_never_takes_back_a_card_or_what_another_person_saw(make_app, store):
    session = Session.new(INFO.id, ["Ada", "Bo"], 8, store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("1")
        await settle(pilot, 3)
        await pilot.press("u")
        await settle(pilot, 3)
        assert len(screen.session.game.history) == 1 and "Cannot undo" in screen.error
