"""Magic Hate Ball through the screens: the handicaps proposed from the store (a newcomer's 4), changed
with + and -, the break, shots entered by keys, a foul putting a player out, the results, the new
handicaps kept in the store across a restart of the program, and the statistics screen showing them
with their history."""

from tabletop_tui.store import Store
from tabletop_tui.ui.screens.magic_hate_ball import MagicHateBallScreen
from tabletop_tui.ui.screens.records import StatsScreen
from tabletop_tui.ui.screens.results import ResultsScreen

from ui_helpers import keys, log_text, settle, shown

GAME = "magic-hate-ball"


async def test_a_series_game_with_handicaps_from_the_store(make_app, store, data_dir):
    store.set_handicap("Ada", 6)
    app = make_app(start={"game_id": GAME, "players": ["Ada", "Bo", "Cy"], "seed": 5, "options": {},
                          "computer": []})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, MagicHateBallScreen)
        game = screen.session.game
        names = game.players
        assert "Ada" in names[0]
        prompt = shown(screen.query_one("#prompt"))
        assert "handicap: 6 (kept from earlier games)" in prompt and keys(app) == ["h"]
        await pilot.press("minus", "h")
        await settle(pilot)
        assert game.handicaps[0] == 5
        for _ in names[1:]:
            assert "a newcomer's" in shown(screen.query_one("#prompt"))
            await pilot.press("h")
            await settle(pilot)
        breaker = game.to_act()[0]
        assert game.handicaps[breaker] == min(game.handicaps)
        assert "breaks" in shown(screen.query_one("#prompt"))
        await pilot.press("b", "d")  # a ball on the break: the breaker shoots again
        await settle(pilot)
        assert game.to_act() == [breaker] and "sinks 1 ball on the break" in log_text(screen)
        await pilot.press("x")  # a scratch: the breaker drops out
        await settle(pilot)
        assert game.out[breaker] == "foul" and "drops out, handicap" in log_text(screen)
        assert "h" in keys(app)  # the next player has the cue ball in hand
        while not game.over:
            await pilot.press("x")
            await settle(pilot)
        await settle(pilot, 4)
        assert isinstance(app.screen, ResultsScreen)
        after = game.handicaps_after()
    kept = Store.open()  # the program started again: the handicaps are still there
    try:
        assert kept.handicaps() == dict(zip(names, after))
        assert [c["value"] for c in kept.handicap_history()["Ada"]] == [6, after[0]]
    finally:
        kept.close()
    app = make_app(start=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("t")
        await settle(pilot, 3)
        assert isinstance(app.screen, StatsScreen)
        while app.screen.game_id != GAME:
            await pilot.press("right")
            await settle(pilot)
        table = shown(app.screen.query_one("#stats-table"))
        assert "Handicaps" in table and f"6 → {after[0]}" in table
