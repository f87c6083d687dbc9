"""The records: statistics, finished games, replays, play again, and import from the launcher."""

import json

import pytest

from tabletop_tui import seeding
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.modals import AskScreen
from tabletop_tui.ui.screens.records import FinishedGamesScreen, ReplayMixin, StatsScreen

from ui_helpers import settle, shown, words


@pytest.fixture
def fixed_seed(monkeypatch):
    """The operating system's randomness, made to give one known seed of 63 bits."""
    seed = 2**62 + 12345
    monkeypatch.setattr(seeding.secrets, "randbits", lambda bits: seed if bits == 63 else 0)
    return seed


def footer(app) -> list[str]:
    """What the footer of the current screen lists: the descriptions of the keys shown."""
    return [b.description for _, b, _, _ in app.screen.active_bindings.values() if b.show]


def table_text(screen) -> str:
    """What the parts of a game screen's table show (the table itself is their container)."""
    return " ¦ ".join(shown(w) for w in screen.query_one("#table").query("*") if w.display and w.size.area)


def finished(store, players, seed, computer=(), game_id="thief-dice"):
    session = Session.new(game_id, players, seed, {}, list(computer), store)
    session.autoplay(session.game.move_limit)
    assert session.over()
    return session


def stats_rows(app) -> dict:
    """The rows of the statistics table as shown: player -> the rest of the row's cells."""
    rows = {}
    for line in shown(app.screen.query_one("#stats-table")).splitlines()[1:]:
        cells = line.split()
        if cells:
            rows[cells[0]] = cells[1:]
    return rows


async def test_statistics_count_each_person_and_the_computer_apart(make_app, store):
    sessions = [finished(store, ["Ada", "Bo", "Cy"], seed, computer=[2]) for seed in range(3)]
    outcomes = [s.game.outcome() for s in sessions]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("t")
        await settle(pilot, 3)
        assert isinstance(app.screen, StatsScreen)
        if app.screen.game_id is None:  # the launcher's selected game has no records: all games first
            await pilot.press("right")
            await settle(pilot)
        assert app.screen.game_id == "thief-dice"
        assert "Thief Dice" in shown(app.screen.query_one("#title-bar"))
        rows = stats_rows(app)
        assert set(rows) == {"Ada", "Bo", "Cy*"}
        for name, label in (("Ada", "Ada"), ("Bo", "Bo"), ("Cy", "Cy*")):
            places = [next(s.place for s in o.standings if s.name == name) for o in outcomes]
            scores = [next(s.score for s in o.standings if s.name == name) for o in outcomes]
            played, won, drawn, best, high, low, average = rows[label][:7]
            assert (int(played), int(won), int(drawn)) == (3, places.count(1), 0)
            assert best.startswith(str(min(places)))
            assert (int(high), int(low)) == (max(scores), min(scores))
            assert float(average) == round(sum(scores) / 3, 1)
            form = ["W" if p == 1 else str(p) for p in places]
            assert rows[label][7:] == form
        assert app.screen.query_one("#stats-chart-box").display  # three games of numeric scores: a chart
        await pilot.press("left")  # all games
        await settle(pilot)
        assert app.screen.game_id is None
        assert stats_rows(app)["Ada"][:2] == ["1", "3"]  # one game, three times
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)


async def test_a_replay_steps_back_and_on_and_plays_again_with_a_new_deal(make_app, store, fixed_seed):
    session = finished(store, ["Ada", "Bo"], 7, computer=[1])
    n = len(session.game.history)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("g")
        await settle(pilot, 3)
        assert isinstance(app.screen, FinishedGamesScreen)
        assert "Ada, Bo*" in words(app.screen.query_one("#finished"))
        assert "seed 7" in words(app.screen.query_one("#finished-detail"))
        await pilot.press("enter")
        await settle(pilot, 3)
        replay = app.screen
        assert isinstance(replay, ReplayMixin) and isinstance(replay, GameScreen)
        assert replay.step == n and f"move {n} of {n}" in shown(replay.query_one("#title-bar"))
        at_end = table_text(replay)
        assert replay.current_actions() == []
        await pilot.press("home")
        await settle(pilot)
        assert replay.step == 0 and replay.session.game.history == []
        at_start = table_text(replay)
        assert at_start != at_end
        await pilot.press("right", "right", "n")
        await settle(pilot)
        assert replay.step == 3 and replay.session.game.history == session.game.history[:3]
        await pilot.press("left", "p")
        await settle(pilot)
        assert replay.step == 1
        await pilot.press("left")
        await settle(pilot)
        assert table_text(replay) == at_start  # back where it began
        await pilot.press("end")
        await settle(pilot)
        assert replay.step == n and table_text(replay) == at_end
        await pilot.press("r", "u")  # the game's keys make no move in a replay
        await settle(pilot)
        assert replay.step == n and len(store.finished_games()) == 1
        await pilot.press("a")
        await settle(pilot, 3)
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen) and not isinstance(game_screen, ReplayMixin)
        again = game_screen.session
        assert again.save_id != session.save_id
        # a new deal: a seed of the system's randomness, not the one shown in the replay's title
        assert (again.game.seed, again.players, again.computer) == (fixed_seed, ["Ada", "Bo"], [1])
        assert again.game.options == session.game.options


async def test_a_replay_deals_the_same_game_again_when_asked_in_so_many_words(make_app, store, fixed_seed):
    session = finished(store, ["Ada", "Bo"], 7, computer=[1])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("g")
        await settle(pilot, 3)
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, ReplayMixin)
        assert {"Play again", "Same deal"} <= set(footer(app))
        assert "same cards and dice" in app.screen.keys_help()
        await pilot.press("d")
        await settle(pilot, 3)
        again = app.screen.session
        assert not isinstance(app.screen, ReplayMixin) and again.save_id != session.save_id
        assert (again.game.seed, again.players, again.computer) == (7, ["Ada", "Bo"], [1])


async def test_play_again_from_the_list_of_finished_games(make_app, store, fixed_seed):
    session = finished(store, ["Ada", "Bo", "Cy"], 11, computer=[0, 2])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("g")
        await settle(pilot, 3)
        await pilot.press("a")  # a new deal
        await settle(pilot, 3)
        again = app.screen.session
        assert (again.game.seed, again.players, again.computer) == (fixed_seed, ["Ada", "Bo", "Cy"], [0, 2])
        assert again.save_id != session.save_id
        await pilot.press("s")
        await settle(pilot, 3)
        await pilot.press("g")
        await settle(pilot, 3)
        assert isinstance(app.screen, FinishedGamesScreen) and {"Play again", "Same deal"} <= set(footer(app))
        await pilot.press("d")  # the same deal, asked for by its own key
        await settle(pilot, 3)
        same = app.screen.session
        assert (same.game.seed, same.players, same.computer) == (11, ["Ada", "Bo", "Cy"], [0, 2])
        assert same.save_id not in (session.save_id, again.save_id)


async def test_import_from_the_launcher_a_good_file_and_a_bad_one(make_app, store, tmp_path):
    session = finished(store, ["Ada", "Bo"], 3)
    good = tmp_path / "good.json"
    store.export(session.save_id, good)
    store.delete(session.save_id)
    unfinished = Session.new("thief-dice", ["Cy", "Dee"], 4, {}, [], store)
    unfinished.autoplay(2)
    half = tmp_path / "half.json"
    store.export(unfinished.save_id, half)
    store.delete(unfinished.save_id)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "something else"}))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)

        async def import_(path):
            await pilot.press("i")
            await settle(pilot)
            assert isinstance(app.screen, AskScreen)
            app.screen.query_one("#answer").value = str(path)
            await pilot.press("enter")
            await settle(pilot, 3)
            assert isinstance(app.screen, LauncherScreen)
            return app._notifications

        notes = await import_(bad)
        assert any("Could not import" in n.message and "not a tabletop-tui save" in n.message for n in notes)
        assert store.all_saves() == []
        await import_(tmp_path / "missing.json")
        assert any("cannot read" in n.message for n in app._notifications)
        await import_(good)
        assert [g["seed"] for g in store.finished_games()] == [3]
        assert any("finished games" in n.message for n in app._notifications)
        await import_(half)
        assert [r["players"] for r in store.unfinished()] == [["Cy", "Dee"]]
        assert "Cy, Dee" in words(app.screen.query_one("#saves"))
        await import_(good)  # the same game again: refused, said
        assert any("already saved" in n.message for n in app._notifications)


async def test_the_finished_games_use_the_width_there_is_and_tell_the_highlighted_one_in_full(make_app, store):
    long_names = ["Bartholomew Long", "Cornelia Winters", "Ada"]
    session = Session.new("thief-dice", long_names, 5, {"points": 10}, [1], store)
    session.autoplay(session.game.move_limit)
    winner = next(s.name for s in session.game.outcome().standings if s.place == 1)
    players = "Bartholomew Long, Cornelia Winters*, Ada"
    for size in ((160, 48), (80, 24)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 3)
            await pilot.press("g")
            await settle(pilot, 3)
            assert isinstance(app.screen, FinishedGamesScreen)
            row = shown(app.screen.query_one("#finished")).splitlines()[0]
            detail = " ".join(shown(app.screen.query_one("#finished-detail")).split())
            if size[0] == 160:  # room for every name in the row
                assert players in row and f"{winner} won" in row and "Thief Dice" in row
            # at any width, the highlighted game in full below the list, with its seed
            assert players in detail and f"{winner} won" in detail and "seed 5" in detail
            assert "Replay" in footer(app)


async def test_the_statistics_say_what_games_and_played_count(make_app, store):
    finished(store, ["Ada", "Bo"], 3)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        app.push_screen(StatsScreen(None))
        await settle(pilot, 3)
        note = words(app.screen.query_one("#stats-note"))
        assert "Games: the different games finished" in note and "Played: the finished games in all" in note
        await pilot.press("right")
        await settle(pilot)
        assert "Played: the finished games of Thief Dice" in words(app.screen.query_one("#stats-note"))
