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
    app = make_app(start={"game_id": GAME, "players": ["Ada", "Bo", "Cy"], "seed": 5, "options": {"table": "real"},
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


async def test_a_person_against_the_computer_on_this_screen(make_app, store, monkeypatch):
    """On this screen (the default): Ada shoots by keys, the computer's shots are shown (its recorded
    stroke simulated again, skipped with `s`) and end where the record says; each shot is one move."""
    from tabletop_tui.ui.widgets.pool_table import PoolTable

    shown_shots = []
    replay = PoolTable.replay
    monkeypatch.setattr(PoolTable, "replay", lambda self, *a: (shown_shots.append(a), replay(self, *a))[1])
    app = make_app(start={"game_id": GAME, "players": ["Ada", "Bo"], "seed": 2, "options": {}, "computer": [1]})
    app.bot_delay = 0.01  # the computer waits a little: its shots are shown
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        felt = screen.query_one("#felt", PoolTable)
        await pilot.press("h")  # Ada's handicap; the computer takes its own
        mine = 0
        for _ in range(60):
            await app.workers.wait_for_complete()
            await settle(pilot)
            if game.over or (mine >= 2 and any(seat == 1 for seat, _ in game.history[2:])):
                break
            if felt.rolling:
                await pilot.press("s")
            elif game.to_act() == [0] and felt.aiming:
                await pilot.press("enter" if felt.placing is not None else "space")
                mine += felt.placing is None
            else:
                await pilot.pause(0.02)
        for _ in range(5):  # a shot being shown ends where its record says
            await app.workers.wait_for_complete()
            if felt.rolling:
                await pilot.press("s")
            await settle(pilot)
        shots = [(seat, move) for seat, move in game.history if move.kind == "shot"]
        assert {seat for seat, _ in shots} == {0, 1} and len(shots) == len(game.history) - 2
        assert shown_shots and "Rolling" not in felt.status_text()
        if not game.over:
            assert {str(b): list(p) for b, p in felt.positions.items()} == game.view(0)["balls"]
