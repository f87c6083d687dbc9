"""Graveyard Shift through the screens: two people play a whole game from the launcher behind the
curtain, which they turn on (it is off by default: nobody sees more than another), to a lowered target
of 5, to keep it short; every screen read for a face-down Spirit, every
shift made by keys; a shift set up by keys is drawn step by step before it is made, and refused steps
change nothing; the board fits 80x24."""

from __future__ import annotations

from tabletop_tui.bots.graveyard_shift import GraveyardShiftBot
from tabletop_tui.rules import graveyard_shift
from tabletop_tui.rules.components.squares import square_index, square_name
from tabletop_tui.rules.engine import Move
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.graveyard_shift import GraveyardShiftScreen
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets.grid import GridBoard

from handoff_helpers import lift_curtain, to_the_results
from ui_helpers import assert_fits, open_setup, press_for_move, screen_text, settle, shown, type_into

GAME = "graveyard-shift"
ARROW = ("up", "right", "down", "left")


def sq(name: str) -> int:
    return square_index(name, 3, 6)


def name(index: int) -> str:
    return square_name(index, 3, 6)


async def test_two_people_play_a_whole_game_from_the_launcher_behind_the_curtain(make_app, store, monkeypatch):
    monkeypatch.setitem(graveyard_shift.TARGETS, 2, 5)  # a short game: every kind of move in 11 turns
    app = make_app()
    kinds: set[str] = set()

    async def act(screen, viewer):
        game = screen.session.game
        moves = game.legal_moves(viewer)
        if not moves:
            await pilot.pause(0.01)
            return
        move = GraveyardShiftBot(viewer, len(game.history)).choose(game.view(viewer), moves)
        kinds.add(move.kind)
        if move.kind == "shift":
            front, count, d, dist = move.args
            back = front
            for _ in range(count - 1):
                back = graveyard_shift.step(back, (d + 2) % 4)
            await pilot.press(*name(front))
            if count > 1:
                await pilot.press(*name(back))
            await settle(pilot, 1)
            assert screen.group and len(screen.group) == count
            await pilot.press(*[ARROW[d]] * dist)
            await settle(pilot, 1)
            assert screen.distance == dist
            before = len(game.history)
            await pilot.press("enter")
            await settle(pilot, 2)
            assert game.history[before] == (viewer, move)
            return
        action = next(a for a in screen.query_one("#actions").actions if a.move == move)
        await press_for_move(pilot, screen, action.key, human=True)  # no idle waits: the loop settles

    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#seed", "2")
        # what it hides (face-down Spirits), it hides from both alike: no curtain unless the table wants it
        curtain = app.screen.query_one("#curtain")
        assert curtain.value is False
        curtain.value = True
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)
        lifted = await to_the_results(pilot, app, GraveyardShiftScreen, act, steps=1500, people=True)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
        assert game.outcome().summary in screen_text(app)
    assert max(game.scores()) >= 5 and game.seed == 2
    assert set(lifted) == {"Ada", "Bo"}
    assert {"move", "sing", "hush", "shift", "rest"} <= kinds
    assert store.unfinished() == []


async def test_a_shift_is_drawn_step_by_step_before_it_is_made(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 1, store=store)
    game = session.game
    seat = game.to_act()[0]
    here = game.view(None)["pawns"][seat]
    other = sq("d2") if here == sq("c2") else sq("c2")
    session.play(seat, Move("move", (other,)))  # onto the other Start: an empty space, so the Shift step
    assert game.view(None)["phase"] == "shift"
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        if isinstance(app.screen, CurtainScreen):
            await lift_curtain(pilot, app)
        screen = app.screen
        assert isinstance(screen, GraveyardShiftScreen)
        game = screen.session.game
        board = screen.query_one("#board", GridBoard)
        gap = here  # the Start just left is the one empty space among the Spirits
        left, right = (gap - 1, gap + 1)
        line_end = sq("a2") if gap == sq("c2") else sq("f2")
        neighbour = left if gap == sq("c2") else right
        towards = 1 if gap == sq("c2") else 3  # east or west into the gap
        before = len(game.history)
        # a line of two: the two Spirits on the row beside the gap
        await pilot.press(*name(line_end))
        await pilot.press(*name(neighbour))
        await settle(pilot, 2)
        assert sorted(screen.group) == sorted({line_end, neighbour})
        assert "line of 2 Spirits" in shown(screen.query_one("#gs-notes"))
        # across its line: refused, nothing moves
        await pilot.press("up")
        await settle(pilot, 1)
        assert "only along itself" in screen.error and screen.distance == 0
        # one step into the gap: drawn on the board, not made
        cell_before = [list(map(str, board.cells[i])) for i in range(18)]
        await pilot.press(ARROW[towards])
        await settle(pilot, 2)
        assert screen.distance == 1 and len(game.history) == before
        assert [list(map(str, board.cells[i])) for i in range(18)] != cell_before
        assert "▒2-5▒" in str(board.cells[gap][0])  # the leading Spirit drawn in the gap
        # on over the other Start (no Spirit there, the pawns are picked up), then a Spirit stops it
        await pilot.press(ARROW[towards])
        await settle(pilot, 1)
        assert screen.distance == 2 and screen.error == ""
        await pilot.press(ARROW[towards])
        await settle(pilot, 1)
        assert "holds a Spirit" in screen.error and screen.distance == 2
        # the opposite arrow takes a step back; Escape lets go
        await pilot.press(ARROW[(towards + 2) % 4])
        await settle(pilot, 1)
        assert screen.distance == 1 and screen.group and len(game.history) == before
        await pilot.press("escape")
        await settle(pilot, 1)
        assert not screen.group and [list(map(str, board.cells[i])) for i in range(18)] == cell_before
        assert_fits(screen, "#gs-players", "#board", "#gs-notes")
        # a lone Spirit, pushed and made with Enter
        above = gap - 6
        await pilot.press(*name(above))
        await pilot.press("down")
        await settle(pilot, 1)
        await pilot.press("enter")
        await settle(pilot, 2)
        assert game.history[before] == (seat, Move("shift", (above, 1, 2, 1)))
        assert game.view(None)["backs"][gap] == "low" and game.view(None)["backs"][above] is None
