"""Seven-Handed Poker through the screens: two people play a whole game behind the curtain, and no
screen shown to one of them ever holds the other's hidden cards."""

from __future__ import annotations

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.seven_handed_poker import SevenHandedPokerScreen

from test_ui_curtain import assert_sees_only
from ui_helpers import bar, settle, shown

GAME = "seven-handed-poker"


async def test_two_people_play_a_whole_game_behind_the_curtain(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 4, store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    kinds = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for _ in range(800):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, CurtainScreen):
                assert_sees_only(app, app.screen_stack[-2].session, None)
                await pilot.press("enter")
            elif isinstance(screen, SevenHandedPokerScreen):
                viewer = screen.viewer()
                assert viewer in (0, 1)
                assert_sees_only(app, screen.session, viewer)
                if screen._handoff is not None:
                    await pilot.press("enter")
                else:
                    actions = bar(app).actions
                    assert actions and all(a.seat == viewer for a in actions)
                    kinds.add(actions[0].move.kind)
                    await pilot.press(actions[-1].key if actions[0].move.kind == "place" else actions[0].key)
            await settle(pilot, 2)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
    assert game.outcome() is not None and kinds == {"announce", "lay", "place"}
    assert store.unfinished() == []


async def test_a_coin_is_chosen_by_a_click_and_only_a_free_one(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 4, computer=[1], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        game = screen.session.game
        for _ in range(20):  # until Ada must place the computer's cards
            if game.view(0)["phase"] == "place" and game.to_act() == [0]:
                break
            await pilot.press(bar(app).actions[0].key)
            await settle(pilot, 3)
            game = screen.session.game
        assert game.to_act() == [0] and game.view(0)["phase"] == "place"
        free = game.view(0)["free"][1]
        row = screen.query_one("#shp-coins")
        column = row.size.width // 7
        before = len(game.history)
        await pilot.click("#shp-coins", offset=(free[-1] * column + column // 2, 1))
        await settle(pilot, 4)
        placed = [m for s, m in screen.session.game.history[before:] if m.kind == "place"]
        assert placed and placed[0].args == (free[-1],)
        assert "Bo's" not in shown(screen.query_one("#shp-hand"))
