"""Thief in the Night through the screens: two people place their pieces with the cursor and play a
short night (dawn after one turn) behind the curtain, and no screen shown to one of them ever holds the
other's cards; the castle is built by hand for a few turns with its live validation."""

from __future__ import annotations

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.thief_in_the_night import ThiefInTheNightScreen

from tabletop_tui.rules.components.cards import card
from tabletop_tui.ui.widgets.cards import chip_text
from tabletop_tui.ui.widgets.castle_map import CastleMap
from test_ui_curtain import screen_text
from ui_helpers import settle, shown


def twin(code: str) -> str:
    """The other deck's copy: "7S" and "7S.2" share a name and a short form."""
    return code[:-2] if code.endswith(".2") else code + ".2"


def assert_sees_only(app, session, seat) -> None:
    """As test_ui_curtain's, for two decks: a hidden card whose twin the seat may see is named alike and
    so proves nothing; every other hidden card must be absent."""
    text = screen_text(app)
    hidden = session.game.hidden_from(seat)
    for code in hidden:
        if twin(code) not in hidden:
            continue
        c = card(code)
        for spelled in (c.name.removeprefix("the "), chip_text(code).plain.strip()):
            assert spelled not in text, (seat, code, spelled)

GAME = "thief-in-the-night"


async def test_two_people_play_a_night_behind_the_curtain(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 5, {"dawn": 1}, store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    kinds = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for _ in range(400):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, CurtainScreen):
                assert_sees_only(app, app.screen_stack[-2].session, None)
                await pilot.press("enter")
            elif isinstance(screen, ThiefInTheNightScreen):
                viewer = screen.viewer()
                assert_sees_only(app, screen.session, viewer)
                actions = screen.query_one("#actions").actions
                if screen._handoff is not None:
                    await pilot.press("enter")
                elif actions:
                    assert all(a.seat == viewer for a in actions)
                    real = [a for a in actions if a.move.kind not in ("ui",)]
                    pick = real[0] if real else actions[0]
                    kinds.add(pick.move.kind)
                    await pilot.press(pick.key)
                else:  # placing: move the cursor to another square
                    await pilot.press("right", "right", "down")
            await settle(pilot, 2)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
    assert game.outcome() is not None and "Dawn" in game.outcome().summary
    assert {"post", "enter", "guard", "lead", "face"} <= kinds


async def test_building_by_hand_marks_walls_and_traps_and_says_what_is_missing(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 2, {"castle": "built"}, computer=[1], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        await pilot.press(":", "m", "1", "2", "enter")  # the gem, on a centre square typed by its name
        await settle(pilot, 2)
        assert screen.session.game.phase == "build"
        assert screen.session.game.castle.gem == 12 * 24 + 12 and any("puts the gem on m12." in e.text for e in screen.session.game.log)
        await pilot.press(":", "z", "9", "enter")  # no such square: nothing chosen, the cursor stays
        await settle(pilot, 2)
        assert screen.query_one(CastleMap).cursor == 12 * 24 + 12 and screen.query_one(CastleMap).typed is None
        # a wall in front of the cursor going up (a north edge), then going right (an east edge)
        await pilot.press("up", "w", "right", "w")
        await settle(pilot, 2)
        game = screen.session.game
        assert sum(1 for ch in game.view(0)["north"] if ch == "1") == 1
        assert sum(1 for ch in game.view(0)["west"] if ch == "1") == 1
        await pilot.press("t")
        await settle(pilot, 2)
        assert "edges or traps, not both" in screen.error
        hands = " ".join(shown(screen.query_one("#tn-hands")).split())
        assert "Still missing: 6 more rooms, 60 more traps" in hands and "8 more edges" in hands
        await pilot.press("u")
        await settle(pilot, 2)
        assert sum(1 for ch in screen.session.game.view(0)["west"] if ch == "1") == 0
        await pilot.press("1")  # end the turn; the computer builds its turn
        await settle(pilot, 8)
        game = screen.session.game
        assert game.to_act() == [0] and game.phase == "build" and len(game.history) > 4
