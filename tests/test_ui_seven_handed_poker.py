"""Seven-Handed Poker through the screens: two people play a game to its end behind the curtain, and
no screen shown to one of them ever holds the other's hidden cards; a coin chosen by a click and by its
number."""

from __future__ import annotations

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.seven_handed_poker import SevenHandedPokerScreen

from handoff_helpers import play_through_the_curtain
from ui_helpers import bar, keys, settle, shown

GAME = "seven-handed-poker"


async def test_two_people_play_a_game_to_its_end_behind_the_curtain(make_app, store):
    """From the fifth turn to the results through the screens, every screen checked to show no one a
    card hidden from them; the first four turns are played before the app opens, as the screens would
    play them below (one card each, the opponent's cards on the last free coin)."""
    session = Session.new(GAME, ["Ada", "Bo"], 4, store=store)
    game = session.game
    while sum(m.kind == "place" for _, m in game.history) < 4:
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        session.play(seat, moves[-1] if moves[0].kind == "place" else moves[0])
    assert game.outcome() is None
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


async def test_the_key_of_a_coin_is_its_number_when_coins_before_it_are_used(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 4, store=store, curtain=False)
    game = session.game
    for _ in range(200):  # on to a placing where a coin before the last free one is used
        view = game.view(None)
        if view["phase"] == "place" and len(view["free"][view["turn"]]) < 7 and view["free"][view["turn"]][0] != 0:
            break
        seat = game.to_act()[0]
        moves = game.legal_moves(seat)
        session.play(seat, moves[0])  # the first free coin: coin 1 is used first
    view = game.view(None)
    free = view["free"][view["turn"]]
    assert view["phase"] == "place" and free[0] != 0
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert keys(app) == [str(coin + 1) for coin in free]
        before = len(screen.session.game.history)
        await pilot.press(str(free[0] + 1))
        await settle(pilot, 3)
        placed = screen.session.game.history[before]
        assert placed[1].kind == "place" and placed[1].args == (free[0],)


async def test_a_move_draws_again_only_the_lines_of_the_table_that_changed(make_app, store, monkeypatch):
    """The same view builds no part again; a move repaints only the sides' lines whose look changed
    (tests/test_ui_the_syndicate.py's check)."""
    from test_ui_the_syndicate import check_only_what_changed_is_drawn

    await check_only_what_changed_is_drawn(make_app, store, monkeypatch, GAME, SevenHandedPokerScreen,
                                           ["side_line", "hand_text"])
