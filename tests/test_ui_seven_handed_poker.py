"""Seven-Handed Poker through the screens: two people play a whole game behind the curtain, and no
screen shown to one of them ever holds the other's hidden cards."""

from __future__ import annotations

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.seven_handed_poker import SevenHandedPokerScreen

from test_ui_curtain import play_through_the_curtain
from ui_helpers import bar, settle, shown

GAME = "seven-handed-poker"


async def test_two_people_play_a_whole_game_behind_the_curtain(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 4, store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    kinds = set()

    def choose(screen, actions):
        kinds.add(actions[0].move.kind)
        return actions[-1] if actions[0].move.kind == "place" else actions[0]

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert set(await play_through_the_curtain(pilot, app, SevenHandedPokerScreen, choose)) == {"Ada", "Bo"}
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
