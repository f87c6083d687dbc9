"""What a key costs Land Grab, Thief Dice, Fight the Power, Ten-Die Poker and Particle Stream, by counts:
layouts of the whole screen, and the lines of a part drawn again."""

import random

from tabletop_tui.ui.screens.fight_the_power import FightThePowerScreen
from tabletop_tui.ui.screens.land_grab import LandGrabScreen
from tabletop_tui.ui.screens.ten_die_poker import TenDiePokerScreen
from tabletop_tui.ui.widgets.grid import TextLines
from test_ui_frames import Counts, move_key, places, quiet, scene_app
from ui_helpers import shown, words


async def test_land_grabs_notes_draw_only_the_lines_a_move_changed(make_app, store, monkeypatch):
    """A move changes a line or two of the notes under the board (the side's hand): only those
    are drawn anew, nothing is laid out, and the notes show what they say afresh."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "land-grab")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, LandGrabScreen)
        info = screen.query_one("#lg-info", TextLines)
        seat = screen.session.human_to_act()[0]
        screen.submit(seat, screen.game.legal_moves(seat)[0])  # (the scene's near-miss goes)
        await quiet(pilot, counts)
        before = shown(info).splitlines()
        seat = screen.session.human_to_act()[0]
        lines = len(before)

        def notes_after(move) -> str:
            game = screen.game.copy()
            game.play(seat, move)
            return screen.info_text(game.view(None)).plain

        # a move that leaves the rule under the notes as it is (no near-miss coming or going)
        rule = screen.info_text(screen.game.view(None)).plain.split("\n")[-1]
        move = next(m for m in screen.game.legal_moves(seat) if notes_after(m).split("\n")[-1] == rule)
        drawn, where = info.drawn, places(screen)
        counts.reset()
        screen.submit(seat, move)
        await quiet(pilot, counts)
        anew = info.drawn - drawn
        after = shown(info).splitlines()
        changed = sum(a != b for a, b in zip(before, after))
        assert len(after) == lines and 0 < changed < lines
        assert anew == changed and counts.layouts == 0 and places(screen) == where
        assert words(info) == " ".join(screen.info_text(screen.game.view(None)).plain.split())



async def test_ten_die_pokers_rows_are_built_for_the_player_who_changed(make_app, store, monkeypatch):
    """A pair marked changes the rows of the player who acts: the other players' rows are not built again,
    and the table shows what one built afresh shows."""
    built: list[int] = []
    player = TenDiePokerScreen._player
    monkeypatch.setattr(TenDiePokerScreen, "_player", lambda self, view, seat, *a: built.append(seat) or
                        player(self, view, seat, *a))
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "ten-die-poker")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, TenDiePokerScreen)
        table = screen.query_one("#tdp-table", TextLines)
        view = screen.session.game.view(None)
        assert view["phase"] != "decide" and len(view["players"]) > 2
        for key in "121":
            built.clear()
            await pilot.press(key)
            await quiet(pilot, counts)
            view = screen.session.game.view(None)
            assert built == [view["active"]]
            screen._rows_kept.clear()
            fresh = screen.table_lines(view, *screen.query_one("#tdp-table")._drawn_for[1])
            assert [line.plain for line in table._texts] == [line.plain for line in fresh]


async def test_fight_the_powers_factions_are_built_when_they_change(make_app, store, monkeypatch):
    """A fight or a new turn changes two factions (their dice, whose turn it is): only the factions that
    changed are built again, and the table shows what one built afresh shows."""
    built: list[str] = []
    block = FightThePowerScreen.faction_block
    monkeypatch.setattr(FightThePowerScreen, "faction_block",
                        lambda self, name, *a: built.append(name) or block(self, name, *a))
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "fight-the-power")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, FightThePowerScreen)
        rnd = random.Random(2)
        fewer = 0
        for _ in range(24):
            before = screen._part_keys["ftp-factions"]
            key = move_key(screen, rnd)
            if key is None:
                break
            built.clear()
            await pilot.press(key)
            await quiet(pilot, counts)
            after = screen._part_keys["ftp-factions"]
            names = after[0]
            if after == before or before[3] != after[3]:
                continue  # (the spare rows changed: every faction may be drawn otherwise)
            changed = {names[s] for s in range(len(names))
                       if before[2][s] != after[2][s] or (s == before[1]) != (s == after[1])}
            assert set(built) <= changed and len(built) == len(set(built))
            fewer += len(built) < len(names)
            view = screen.session.game.view(None)
            screen._factions_kept.clear()
            assert [t.plain for t in screen.faction_lines(view, after[3])] == [t.plain for t in screen._factions]
        assert fewer
