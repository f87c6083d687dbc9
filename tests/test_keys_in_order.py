"""Keys typed faster than the screen takes them act in the order they were typed (TabletopApp: a key
is handed on only when nothing is left on the way the last one took). A terminal delivers a quick
typist's keys, or a paste, all at once: here they are posted to the app in one go, as the driver
posts them, with no pause between them for the parts to take each."""

from textual import events

from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.castles import CastleScreen
from tabletop_tui.ui.screens.modals import RulesScreen

from ui_helpers import settle


def type_at_once(app, keys: str) -> None:
    for ch in keys:
        app.post_message(events.Key(ch if ch.isalnum() else {"?": "question_mark"}[ch], ch))


async def test_a_colour_then_a_square_typed_at_once_places_that_colour(make_app):
    # the colour's key goes up to the screen through the board's containers; the square typed after
    # it goes from the board straight to the screen, and placed the colour chosen before
    app = make_app(start={"game_id": "putwoodys-castle", "players": ["Ada", "Bo"], "seed": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        type_at_once(app, "1a1")
        await settle(pilot, 3)
        type_at_once(app, "2b13c1")
        await settle(pilot, 4)
        game = app.screen.session.game
        assert [m for _, m in game.history] == [Move("place", ("red", "a1")), Move("place", ("blue", "b1")),
                                                Move("place", ("yellow", "c1"))]


async def test_keys_typed_after_the_rules_key_go_to_the_rules_not_to_the_table(make_app):
    # "?" is a binding, run at the app once the key has been up through the screen: the square typed
    # after it must not be played on the table behind the rules
    app = make_app(start={"game_id": "putwoodys-castle", "players": ["Ada", "Bo"], "seed": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, CastleScreen)
        type_at_once(app, "?1a1")
        await settle(pilot, 4)
        assert isinstance(app.screen, RulesScreen)
        assert screen.session.game.history == []


async def test_keys_waiting_go_on_when_their_marker_is_lost(make_app):
    # a part removed on the way (a game's last move replaces its screen) takes the marker with it:
    # the keys waiting behind it go on after the app's backstop, in order
    app = make_app(start={"game_id": "putwoodys-castle", "players": ["Ada", "Bo"], "seed": 1})
    app.KEY_BACKSTOP = 0.05
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        board = app.screen.query_one("#board")
        post = board.post_message
        dropped = []
        board.post_message = lambda m: dropped.append(m) or True if isinstance(m, app.KeyTaken) else post(m)
        type_at_once(app, "1a12b1")
        game = app.screen.session.game
        for _ in range(200):
            await pilot.pause(0.02)
            if len(game.history) == 2:
                break
        assert dropped
        assert [m for _, m in game.history] == [Move("place", ("red", "a1")), Move("place", ("blue", "b1"))]
