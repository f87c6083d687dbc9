"""Fight the Power played through the screens with Textual's Pilot, as people at the table would: the
launcher, the setup form, recruits, fights (choosing dice to keep with the number keys, f to fight,
the winner's face key to take), undo back to the roll, a refusal, the fit at 80x24, the results."""

from rich.text import Text

from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.fight_the_power import FightThePowerScreen
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets.grid import TextLines

from test_ui_frames import Counts, quiet, scene_app
from ui_helpers import assert_fits, bar, log_text, open_setup, press_for_move, settle, shown, start, type_into, words

GAME = "fight-the-power"
SEVEN = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"]
PARTS = ("#ftp-table",)


async def test_three_factions_play_to_the_end_from_the_launcher(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#seed", "21")
        screen = await start(pilot, app, FightThePowerScreen)
        game = screen.session.game
        assert (game.players, game.seed) == (["Ada", "Bo", "Cy"], 21)

        fights = recruits = kept = 0
        while not isinstance(app.screen, ResultsScreen):
            assert len(game.history) < 400
            game = screen.session.game
            if game.outcome() is not None:
                await pilot.pause(0)
                continue
            view = game.view(None)
            names = view["players"]
            actions = {a.key: a.move for a in bar(app).actions}
            assert_fits(screen, *PARTS)
            if view["phase"] == "turn":
                me = view["current"]
                assert f"{names[me]}: recruit a die, or pick a faction to fight." in words(screen.query_one("#prompt"))
                # the number keys fight the others, in turn order; letters recruit
                assert [actions[str(k)] for k in range(1, 3)] == [Move("fight", ((me + k) % 3,)) for k in (1, 2)]
                letters = [k for k in actions if k.isalpha()]
                if letters:
                    move = actions[letters[0]]
                    await press_for_move(pilot, screen, letters[0])
                    recruits += 1
                    assert f"{names[me]} recruited a" in words(screen.query_one("#ftp-table")) or game.outcome()
                    assert f"recruits one of {names[move.args[0]]}'s {move.args[1]}s" in log_text(screen)
                else:
                    await press_for_move(pilot, screen, "1")
            elif view["phase"] == "aim":
                me, target = view["current"], view["target"]
                assert f"{names[me]} attacks {names[target]}" in words(screen.query_one("#ftp-table"))
                dice = view["dice"][me]
                if dice[0] == 6 and not kept:  # keep a 6 once: press its number, see it kept
                    await press_for_move(pilot, screen, "1")
                    kept += 1
                    assert screen.session.game.view(None)["rolling"][0] is False
                    assert "■ keep 6 ? roll" in words(screen.query_one("#ftp-table"))
                    assert "Roll the 6" in [a.label for a in bar(app).actions]
                await press_for_move(pilot, screen, "f")
                fights += 1
                fight = screen.session.game.view(None)["last_fight"]
                a = names[fight["attacker"]]
                said = f"{a}'s {' '.join(map(str, fight['attack']))}"
                assert said in log_text(screen)
                assert f"{a} attack" in words(screen.query_one("#ftp-table"))
            else:  # take: the winner presses the face to take
                taker = view["taker"]
                face = max(int(k) for k in actions)
                assert actions[str(face)] == Move("take", (face,))
                assert f"{names[taker]} won: take one of" in words(screen.query_one("#prompt"))
                await press_for_move(pilot, screen, str(face))
                assert f"{names[taker]} takes" in log_text(screen)
        await settle(pilot)
        assert fights > 3 and recruits >= 1 and kept == 1
        outcome = game.outcome()
        counts = [len(d) for d in game.dice]
        assert sum(counts) == 12 and counts[outcome.winners[0]] in (0, 8)
        assert words(app.screen.query_one("#results-summary")) == outcome.summary
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
    stats = {r["player"]: r["wins"] for r in store.stats(GAME)}
    assert stats == {name: int(seat in outcome.winners) for seat, name in enumerate(game.players)}
    assert store.unfinished() == []


async def test_undo_goes_back_to_the_roll_and_a_refusal_shows_its_reason(make_app):
    app = make_app(start={"game_id": GAME, "players": SEVEN, "seed": 4})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        game = screen.session.game
        me = game.current
        assert_fits(screen, *PARTS)
        await press_for_move(pilot, screen, "1")  # fight the next faction
        assert_fits(screen, *PARTS)
        await press_for_move(pilot, screen, "2")  # keep the second die
        assert screen.session.game.view(None)["rolling"][1] is False
        assert_fits(screen, *PARTS)
        await pilot.press("u")
        await settle(pilot)
        assert screen.session.game.view(None)["rolling"][1] is True and screen.session.game.phase == "aim"
        await pilot.press("u")
        await settle(pilot)
        assert screen.session.game.phase == "turn" and screen.session.game.history == []

        # a move the rules refuse (a stale click, say) shows why and changes nothing
        other = (me + 1) % 7
        face = next(f for f in range(1, 7) if f not in game.dice[other])
        assert not screen.submit(me, Move("recruit", (other, face)))
        assert screen.error == f"{SEVEN[other]} has no {face} to recruit."
        assert screen.error in words(screen.query_one("#prompt"))
        assert not screen.submit((me + 1) % 7, Move("fight", (me,)))
        assert screen.error == f"It is not {SEVEN[(me + 1) % 7]}'s turn: {SEVEN[me]} is playing."
        assert "✗ It is not" in shown(screen.query_one("#prompt"))
        assert screen.session.game.history == []

        await press_for_move(pilot, screen, "1")
        await press_for_move(pilot, screen, "f")
        game = screen.session.game
        assert_fits(screen, *PARTS)
        assert game.phase in ("take", "turn")
        await pilot.press("u")
        await settle(pilot)
        assert not screen.session.undo_status()[0]  # the dice have spoken, and u says so
        assert "Cannot undo: Not past a roll of the dice" in words(screen.query_one("#prompt"))
        assert len(screen.session.game.history) == 2
        if game.phase == "take":
            taker = game.taker
            face = game.legal_moves(taker)[-1].args[0]
            await press_for_move(pilot, screen, str(face))
            assert_fits(screen, *PARTS)
            await pilot.press("u")  # the choice of a die after the roll can be taken back
            await settle(pilot)
            assert screen.session.game.phase == "take" and len(screen.session.game.history) == 2


async def test_computer_factions_play_a_whole_game_by_themselves(make_app, store):
    app = make_app(start={"game_id": GAME, "players": SEVEN[:5], "seed": 8, "computer": [0, 1, 2, 3, 4],
                          "options": {"rounds": 6}})
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3000):
            if isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, FightThePowerScreen):
                assert not bar(app).actions
                assert_fits(app.screen, *PARTS)
            await pilot.pause(0)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
        assert game.outcome() is not None and len(game.history) > 5
        assert any(move.kind == "roll" for _, move in game.history)
    assert len(store.stats(GAME)) == 5 and store.unfinished() == []


async def test_the_factions_and_the_fight_trade_rows_without_a_layout(make_app, store, monkeypatch):
    """The factions and the fight below them are one steady part: a fight picked (the fight's lines
    grow, the factions' shrink) and taken back, dice kept and let roll, lay nothing out and move no
    widget; the factions are not built again while their dice and whose turn it is stay the same."""
    counts = Counts(monkeypatch)
    built = []
    faction_lines = FightThePowerScreen.faction_lines
    monkeypatch.setattr(FightThePowerScreen, "faction_lines",
                        lambda screen, view, spare: built.append(spare) or faction_lines(screen, view, spare))
    app = scene_app(make_app, store, GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        part = screen.query_one("#ftp-table", TextLines)
        assert screen.game.phase == "turn"
        for key in ("1", "u"):  # the fight's lines once, and the turn's: each size laid out once
            await pilot.press(key)
            await quiet(pilot, counts)
        assert screen.game.phase == "turn"
        history = len(screen.game.history)
        places = {w: w.region for w in screen.query("*")}
        counts.reset()
        built.clear()
        for key in ("1", "2", "3", "u", "u", "u", "1", "u"):  # fight, keep two dice, take it all back
            await pilot.press(key)
            await quiet(pilot, counts)
            assert counts.layouts == 0 and {w: w.region for w in screen.query("*")} == places, key
        assert screen.game.phase == "turn" and len(screen.game.history) == history
        # built for each fight picked and each turn back (another spare row), not for a die kept
        assert len(built) == 4
        assert "Ada" in words(part)


async def test_the_table_keeps_the_most_lines_it_had_through_other_layouts(make_app, store, monkeypatch):
    """A fight's result a line longer than the fight being set up (its last line wrapped) lays the
    screen out once: the part keeps the most lines it has had at this size of the screen through a
    layout for something else (the action bar's), so that the next result lays nothing out."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        part = screen.query_one("#ftp-table", TextLines)
        most = part.region.height + 1
        lines = [Text(f"line {i}") for i in range(most)]
        part.show_lines(lines)
        await quiet(pilot, counts)
        assert part.region.height == most
        places = {w: w.region for w in screen.query("*")}
        part.show_lines(lines[:2])
        screen.refresh(layout=True)  # a layout for something else: the part keeps its lines
        await quiet(pilot, counts)
        assert {w: w.region for w in screen.query("*")} == places
        counts.reset()
        part.show_lines(lines)
        await quiet(pilot, counts)
        assert counts.layouts == 0 and {w: w.region for w in screen.query("*")} == places
