"""The application around the games: size, damaged saves, the curtain."""

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.modals import CurtainScreen, TooSmallScreen

from ui_helpers import settle, shown, words


async def test_a_small_terminal_says_so_and_the_game_comes_back(make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        game_screen = app.screen
        await pilot.resize_terminal(60, 20)
        await settle(pilot, 3)
        assert isinstance(app.screen, TooSmallScreen)
        assert "60x20" in str(app.screen.query_one("#too-small-text").render())
        await pilot.resize_terminal(70, 20)
        await pilot.resize_terminal(100, 30)
        await settle(pilot, 3)
        assert app.screen is game_screen
        await pilot.press("r")
        await settle(pilot, 3)
        assert len(game_screen.session.game.history) == 1


async def test_a_damaged_save_is_reported_and_kept(make_app, store):
    good = Session.new("pontifuse", ["Ada", "Bo"], 2, {}, [], store)
    bad = Session.new("pontifuse", ["Cy", "Dee"], 2, {}, [], store)
    # a move the rules refuse: the record no longer replays
    store.sync(bad.save_id, 0, [[0, ["place", 4]]])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        app.resume_save(bad.save_id)
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)  # no crash, still on the launcher
        assert any("cannot be resumed" in n.message for n in app._notifications)
        assert {r["id"] for r in store.unfinished()} == {good.save_id, bad.save_id}


async def test_a_save_that_does_not_replay_is_reported_short_and_printable(make_app, store):
    bad = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    bad.release()
    store.sync(bad.save_id, 0, [[0, ["\x1b]0;owned\x07\x1b[2J" + "x" * 3000]]])  # written by anything at all
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        app.resume_save(bad.save_id)
        await settle(pilot, 3)
        said = " ".join(n.message for n in app._notifications)
        assert isinstance(app.screen, LauncherScreen) and "cannot be resumed" in said
        assert "\x1b" not in said and "\x07" not in said and "\\x1b]0;owned" in said and len(said) < 600


async def test_curtain_when_forced_between_two_humans(make_app, store, monkeypatch):
    monkeypatch.setattr(CurtainScreen, "PAUSE", 0)  # no pause before the curtain takes its key
    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    app = make_app(start={"save": session.save_id}, force_curtain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)  # resuming starts behind the curtain
        first = session.game.to_act()[0]
        assert app.screen.player == session.players[first]
        await pilot.press(app.screen.key)  # the curtain's own key lifts it (not Enter)
        await settle(pilot, 3)
        game_screen = app.screen
        await pilot.press("r")
        await settle(pilot, 3)
        following = game_screen.session.game.to_act()[0]
        assert following != first  # this seed's first roll passes the dice on
        # the roller sees the roll, and passes the keyboard when done
        assert app.screen is game_screen
        assert "press Enter, then pass the keyboard to " + session.players[following] in shown(
            game_screen.query_one("#actions")).replace("Press", "press")
        await pilot.press("r")  # no move of the next player before the hand-off
        await settle(pilot, 3)
        assert len(game_screen.session.game.history) == 1
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player == session.players[following]


async def test_no_curtain_in_open_games_by_default(make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for _ in range(4):
            await pilot.press("r")
            await settle(pilot, 3)
            assert not isinstance(app.screen, CurtainScreen)


async def test_delete_asks_first_and_export_writes_a_file(make_app, store, tmp_path):
    keep = Session.new("pontifuse", ["Ada", "Bo"], 2, {}, [], store)
    gone = Session.new("thief-dice", ["Cy", "Dee"], 2, {}, [], store)  # newest: listed first
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("tab")
        await settle(pilot, 3)
        assert app.screen.selected_save() == gone.save_id
        await pilot.press("d")
        await settle(pilot, 3)
        assert shown(app.screen.query_one(".dialog-title")).strip() == "Delete Thief Dice with Cy, Dee?"
        await pilot.press("n")  # changed my mind
        await settle(pilot, 3)
        assert len(store.unfinished()) == 2
        await pilot.press("d")
        await settle(pilot, 3)
        await pilot.press("y")
        await settle(pilot, 3)
        assert [r["id"] for r in store.unfinished()] == [keep.save_id]
        target = tmp_path / "out.json"
        await pilot.press("x")
        await settle(pilot, 3)
        field = app.screen.query_one("#answer")
        field.value = str(target)
        await pilot.press("enter")
        await settle(pilot, 3)
        assert target.exists() and "pontifuse" in target.read_text()


async def test_results_offer_play_again_with_the_same_players(make_app, store):
    from tabletop_tui.rules.engine import Move
    from tabletop_tui.ui.screens.pontifuse import PontifuseScreen
    from tabletop_tui.ui.screens.results import ResultsScreen

    session = Session.new("pontifuse", ["Ada", "Bo"], 2, {}, [1], store)
    game = session.game
    while game.view(None)["phase"] != "place":
        seat = game.to_act()[0]
        session.play(seat, game.legal_moves(seat)[0])
    for cell in (0, 3, 1, 4, 2, 6, 5, 8):
        session.play(game.to_act()[0], Move("place", (cell,)))
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        last = [i for i, c in enumerate(screen.session.game.view(None)["cells"]) if not c]
        if game.to_act() and game.to_act()[0] == 0:
            await pilot.press(str(last[0] + 1))
        await settle(pilot, 6)
        assert isinstance(app.screen, ResultsScreen)
        assert "wins" in str(app.screen.query_one("#results-summary").render())
        await pilot.press("p")
        await settle(pilot, 6)
        assert isinstance(app.screen, PontifuseScreen)
        again = app.screen.session
        assert again.players == ["Ada", "Bo"] and again.computer == [1]
        assert again.save_id != session.save_id


async def test_clicking_a_choice_makes_it(make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.click("#actions", offset=(3, 0))
        await settle(pilot, 3)
        assert len(app.screen.session.game.history) == 1


async def test_a_wide_terminal_widens_the_side_panel_and_the_log_wraps_anew(make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        side, log = app.screen.query_one("#side"), app.screen.query_one("#log")
        assert side.outer_size.width == 32
        narrow = len(log.lines)
        await pilot.resize_terminal(130, 30)
        await settle(pilot, 3)
        assert side.outer_size.width > 32
        wide = len(log.lines)
        assert wide < narrow  # the same sentences, wrapped at the new width: fewer lines
        assert max(len(line.text.rstrip()) for line in log.lines) > log.size.width - 12
        await pilot.resize_terminal(80, 24)
        await settle(pilot, 3)
        assert len(log.lines) == narrow


async def test_many_choices_share_rows_by_their_own_widths_and_all_stay_in_reach():
    from textual.app import App

    from tabletop_tui.rules.engine import Move
    from tabletop_tui.ui.widgets.common import Action, ActionBar

    labels = [f"Fight {name} (4 dice)" for name in ("Alexandra", "Bartholomew", "Cy", "Dee", "Eve", "Fay")]
    labels += [f"Recruit {name}'s {face}" for face, name in
               [(6, "Alexandra"), (5, "Bartholomew"), (3, "Cy"), (2, "Bartholomew"), (1, "Dee"), (4, "Eve"),
                (6, "Fay"), (5, "Gus"), (3, "Alexandra")]]
    actions = [Action(key, label, 0, Move("m", (i,))) for i, (key, label) in enumerate(zip("123456abcdefghi", labels))]

    class One(App):
        def compose(self):
            yield ActionBar(id="bar")

    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(ActionBar)
        bar.set_actions(actions)
        await pilot.pause()
        lines = shown(bar).splitlines()
        assert len(lines) <= ActionBar.MAX_ROWS  # in columns of the longest label these need 8 rows
        text = " ".join(" ".join(lines).split())
        assert all(label in text for label in labels)
        # every choice is clicked where it is drawn
        for row, start, end, action in bar._layout:
            assert lines[row][1 + start:1 + end].strip().endswith(action.label)


async def test_the_launchers_rules_go_back_to_the_games_and_focus_comes_back_to_the_games(make_app, store):
    from tabletop_tui.ui.screens.modals import RulesScreen

    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    session.release()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("question_mark")
        await settle(pilot, 3)
        assert isinstance(app.screen, RulesScreen)
        footer = [key.description for key in app.screen.query("FooterKey")]
        assert footer == ["Back to the games"]
        await pilot.press("escape")
        await settle(pilot, 3)
        # a game left with s: the launcher's focus is on the games again, so Enter starts a game
        await pilot.press("tab", "enter")
        await settle(pilot, 3)
        assert app.screen.session.save_id == session.save_id
        await pilot.press("s")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        assert app.focused is app.screen.query_one("#games")


async def test_the_log_screen_wraps_long_lines_under_their_text(make_app, store):
    from tabletop_tui.ui.screens.modals import LogScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        long = "Ada rolled 6 and 2: busted! " * 6
        app.push_screen(LogScreen("The log", ["Short.", long.strip()]))
        await settle(pilot, 3)
        lines = [line for line in shown(app.screen.query_one("#log-lines")).splitlines() if line.strip()]
        assert lines[0].split() == ["1.", "Short."]
        assert lines[1].lstrip().startswith("2. Ada rolled")
        indent = lines[1].index("Ada")
        assert len(lines) > 3 and all(line[:indent].strip() == "" and line[indent] != " " for line in lines[2:])


async def test_the_computers_pace_is_chosen_in_the_settings_and_remembered(store):
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.screens.modals import SettingsScreen

    app = TabletopApp(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert app.bot_delay == 0.6
        await pilot.press("o")
        await settle(pilot, 3)
        assert isinstance(app.screen, SettingsScreen)
        await pilot.click("#pace-instant")
        await settle(pilot, 3)
        assert app.bot_delay == 0
        await pilot.press("escape")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
    assert store.get_setting("pace") == "instant"
    assert TabletopApp(store=store).bot_delay == 0


async def test_a_drawn_game_says_draw_and_the_records_count_it_drawn(make_app, store):
    from tabletop_tui import catalog
    from tabletop_tui.rules.engine import Move
    from tabletop_tui.ui.screens.results import ResultsScreen

    session = Session.new("pontifuse", ["Ada", "Bo"], 2, {"replay_limit": 1}, [], store)
    game = session.game
    while game.view(None)["phase"] != "place":
        seat = game.to_act()[0]
        session.play(seat, game.legal_moves(seat)[0])
    for cell in (0, 1, 2, 4, 3, 5, 7, 6):  # X O X / X O O / O X X: nobody flanks anything
        session.play(game.to_act()[0], Move("place", (cell,)))
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("9")  # the last territory, south-east
        await settle(pilot, 6)
        assert isinstance(app.screen, ResultsScreen)
        assert "A draw: Ada and Bo share first place, and nobody wins." in words(app.screen.query_one("#results-draw"))
        rows = shown(app.screen.query_one("#results-table")).splitlines()
        assert [row.split()[0] for row in rows if "Ada" in row or "Bo" in row] == ["draw", "draw"]
        stats = {r["player"]: (r["played"], r["wins"], r["drawn"]) for r in store.stats("pontifuse")}
        assert stats == {"Ada": (1, 0, 1), "Bo": (1, 0, 1)}
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        app.screen.show_details(catalog.get("pontifuse"))
        await settle(pilot, 1)
        assert "Ada: 1 played, 0 won, 1 drawn" in words(app.screen.query_one("#game-details"))


async def test_the_results_name_the_games_score_and_show_the_final_table(make_app, store):
    from tabletop_tui.ui.screens.fight_the_power import FightThePowerScreen
    from tabletop_tui.ui.screens.results import ResultsScreen

    session = Session.new("fight-the-power", ["Ada", "Bo", "Cy"], 3, {"rounds": 4}, [], store)
    session.autoplay(5000)
    assert session.over()
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, ResultsScreen)
        header = shown(app.screen.query_one("#results-table")).splitlines()[0].split()
        assert header[:3] == ["Place", "Player", "Dice"]
        await pilot.press("t")
        await settle(pilot, 3)
        table = app.screen
        assert isinstance(table, FightThePowerScreen) and table.read_only
        assert not table.query_one("#actions").actions
        await settle(pilot, 6)
        assert app.screen is table  # it stays: no jump back to the results by itself
        await pilot.press("escape")
        await settle(pilot, 3)
        assert isinstance(app.screen, ResultsScreen)


async def test_the_result_of_your_move_stays_readable_after_the_computer_replies(make_app, store):
    session = Session.new("thief-dice", ["Ada", "Bo"], 3, {}, [1], store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        for _ in range(6):  # until Ada's roll passes the dice to the computer, which then rolls
            before = len(screen.session.game.history)
            await pilot.press("r")
            await settle(pilot, 6)
            game = screen.session.game
            if any(seat == 1 for seat, _ in game.history[before:]):
                break
        last_ada = max(i for i, (seat, _) in enumerate(game.history) if seat == 0)
        assert any(seat == 1 for seat, _ in game.history[last_ada:])  # the computer moved since
        # Ada's last roll, in words, is still in the title bar after Bo's moves
        ada_text = screen._last_moves[0][0].text
        assert ada_text.startswith("Ada rolled")
        title = " ".join(shown(screen.query_one("#title-bar")).split())
        assert ada_text[:25] in title


def test_the_store_reads_the_platform_folders_only_when_no_folder_is_given(tmp_path):
    # platformdirs costs the first paint a few milliseconds: a store opened on a folder never needs it
    import subprocess
    import sys

    code = (
        "import os, sys\n"
        "from tabletop_tui.store import Store, data_dir\n"
        "Store.open(sys.argv[1]).close()\n"
        "print('platformdirs' in sys.modules)\n"
        "os.environ.pop('TABLETOP_TUI_DATA', None)\n"
        "data_dir()\n"
        "print('platformdirs' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"]


def test_the_collector_waits_for_the_first_frame_then_collects_again(tmp_path):
    # what the launcher's start makes (Textual's modules, the screen) is no garbage: the collector
    # does not walk it while it is made, and collects again once the first frame is drawn
    import subprocess
    import sys

    code = (
        "import gc, sys\n"
        "from tabletop_tui.store import Store\n"
        "from tabletop_tui.ui.app import TabletopApp\n"
        "print('imported', gc.isenabled(), gc.get_freeze_count() > 0)\n"
        "class Once(TabletopApp):\n"
        "    def on_mount(self):\n"
        "        print('mount', gc.isenabled())\n"
        "        super().on_mount()\n"
        "        self.call_after_refresh(self.first_frame)\n"
        "    def first_frame(self):\n"
        "        print('frame', gc.isenabled())\n"
        "        self.exit()\n"
        "Once(store=Store.open(sys.argv[1])).run(headless=True, size=(80, 24))\n"
        "print('after', gc.isenabled())\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["imported", "True", "True", "mount", "False", "frame", "True", "after", "True"]


async def test_a_game_screen_keeps_what_lives_out_of_full_collections_until_it_closes(make_app, store):
    # a full collection in the middle of a game walked the whole program: what lives at the screen's
    # first frame is frozen while it is open, and the collector's again once it closes, so that the
    # screen itself, let go, is collected, with the lines its parts kept
    import gc
    import weakref

    from tabletop_tui.ui import app as app_module
    from tabletop_tui.ui.screens.game import GameScreen

    session = Session.new("queensland", ["Ada", "Bo"], 1, {}, [], store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert app_module._screens_frozen == 1
        assert screen not in gc.get_objects()  # frozen: no collection walks it
        gone = weakref.ref(screen)
        # and what its parts kept of their lines: Textual's StylesCache of each (see common.py's
        # get_inner_outer, which Textual kept by the StylesCache as well)
        styles_gone = [weakref.ref(part._styles_cache) for part in screen.query("*")]
        await pilot.press("s")  # save and leave
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        del screen
    assert app_module._screens_frozen == 0 and gc.get_freeze_count() == 0
    gc.collect()
    assert gone() is None
    assert [ref for ref in styles_gone if ref() is not None] == []
