"""The pool table widget: the aiming keys turn the ghost line (coarse, and fine with shift), the power
keys fill the meter, a shot posts its outcome when the balls stop (the animation played frame by frame,
or skipped with a key), and a key while aiming draws one frame in which only the lines the ghost line
crosses are drawn anew. The shot is simulated in a thread: the key's own frame says "Rolling..." first,
and Python's full garbage collection waits while the balls roll."""

from __future__ import annotations

import gc
import math

from textual._compositor import CompositorUpdate
from textual.app import App, ComposeResult

from tabletop_tui.pool.physics import HEAD_STRING, aim_line, simulate_shot
from tabletop_tui.ui.widgets.pool_table import COARSE, FINE, GHOST, PoolTable

BALLS = {0: (10.0, 25.0), 1: (90.0, 25.0), 2: (80.0, 10.0), 11: (70.0, 40.0)}


class TableApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.shots: list[dict] = []
        self.placed: list[tuple[float, float]] = []
        self.frames_drawn = 0

    def compose(self) -> ComposeResult:
        yield PoolTable(BALLS, power=0.3)

    def on_mount(self) -> None:
        self.query_one(PoolTable).focus()

    def on_pool_table_shot(self, message: PoolTable.Shot) -> None:
        self.shots.append(message.outcome)

    def on_pool_table_placed(self, message: PoolTable.Placed) -> None:
        self.placed.append(message.position)

    def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
        super()._display(screen, renderable)
        if isinstance(renderable, CompositorUpdate):
            self.frames_drawn += 1


def ghost_pixels(table: PoolTable) -> set[tuple[int, int]]:
    return {(px, py) for py, row in table._pixels.items() for px, colour in row.items() if colour == GHOST}


async def test_the_aiming_keys_turn_the_ghost_line_and_the_power_keys_fill_the_meter() -> None:
    app = TableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(PoolTable)
        await pilot.pause()
        before = ghost_pixels(table)
        assert before and aim_line(table.positions, table.angle)[1] == 1  # straight at the 1
        await pilot.press("right")
        assert math.isclose(table.angle, COARSE)
        after = ghost_pixels(table)
        assert after != before
        await pilot.press("shift+left")
        assert math.isclose(table.angle, COARSE - FINE)
        await pilot.press("left", "left")
        assert math.isclose(table.angle % math.tau, (-COARSE - FINE) % math.tau)
        assert "▮▮▮▯" in table.status_text()
        await pilot.press("up")
        assert math.isclose(table.power, 0.4) and "▮▮▮▮▯" in table.status_text()
        await pilot.press("9")
        assert math.isclose(table.power, 0.9)
        await pilot.press("0")
        assert math.isclose(table.power, 1.0)


async def test_a_shot_posts_its_outcome_when_the_balls_stop() -> None:
    app = TableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(PoolTable)
        await pilot.pause()
        table.frame_period = 100.0  # the frames are advanced here, one at a time
        await pilot.press("5", "space")
        assert table.rolling and not app.shots
        await app.workers.wait_for_complete()  # the simulation, in a thread
        await pilot.pause()
        frames = len(table.frames)
        assert frames > 10
        for _ in range(frames - 1):
            table.advance()
        await pilot.pause()
        assert table.rolling and not app.shots and table.frame == frames - 1
        table.advance()
        await pilot.pause()
        assert len(app.shots) == 1
        outcome = app.shots[0]
        assert outcome["first"] == 1 and not table.rolling
        assert {str(k): [round(x, 2), round(y, 2)] for k, (x, y) in table.positions.items()} == \
            {k: v for k, v in outcome["rest"].items() if v is not None}


async def test_the_animation_can_be_skipped() -> None:
    app = TableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(PoolTable)
        await pilot.pause()
        table.frame_period = 100.0  # no frame comes by itself
        await pilot.press("0", "space")  # full power: a long shot
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert table.rolling and table.frame == 0 and len(table.frames) > 100
        await pilot.press("s")
        await pilot.pause()
        assert not table.rolling and len(app.shots) == 1 and table.frames_played == 0
        assert app.shots[0] == simulate_shot(BALLS, 0.0, 1.0)[0]
        assert table.positions[0] == tuple(app.shots[0]["rest"]["0"])


async def test_a_key_while_aiming_draws_one_frame_and_only_the_lines_it_changes() -> None:
    app = TableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(PoolTable)
        await pilot.pause()
        lines = table.size.height
        for key in ("right", "right", "shift+right", "left", "up", "down"):
            frames, drawn = app.frames_drawn, table.lines_drawn
            await pilot.press(key)
            await pilot.pause()
            assert app.frames_drawn == frames + 1, key
            if key in ("up", "down"):  # the power: the status line alone
                assert table.lines_drawn == drawn, key
            else:  # the ghost line's lines, not the whole table
                assert 0 < table.lines_drawn - drawn < lines // 2, key
        # the computer's turn: the keys aim nothing and draw nothing
        table.aiming = False
        await pilot.pause()
        frames, angle = app.frames_drawn, table.angle
        await pilot.press("right")
        await pilot.pause()
        assert table.angle == angle and app.frames_drawn == frames


async def test_the_cue_ball_in_hand_is_placed_behind_the_head_string_and_never_on_a_ball() -> None:
    app = TableApp()
    placed = app.placed
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(PoolTable)
        await pilot.pause()
        table.set_positions({**BALLS, 3: (20.0, 25.0)})
        table.place_cue(start=(16.0, 25.0))
        assert not ghost_pixels(table) and "in hand" in table.status_text()
        await pilot.press(*["right"] * 10)  # at most up to the Head String
        assert table.positions[0] == (HEAD_STRING - 0.01, 25.0)
        await pilot.press(*["left"] * 3)  # onto the 3: it cannot be put down there
        assert not table.cue_free()
        await pilot.press("enter")
        assert table.placing is not None and not placed
        await pilot.press("down", "down", "shift+down", "enter")
        await pilot.pause()
        assert table.placing is None and placed == [table.positions[0]]
        assert table.positions[0][1] == 25.0 + 4.5
        assert ghost_pixels(table)  # aiming again


async def test_the_shooting_key_says_rolling_at_once_and_the_collector_waits_for_the_balls(monkeypatch) -> None:
    import threading

    from tabletop_tui.ui.widgets import pool_table

    go = threading.Event()

    started: list[int] = []  # the frames drawn when the simulation started

    def slow_physics(*args, **kwargs):  # the simulation held until the test lets it go
        started.append(app.frames_drawn)
        go.wait(10)
        return simulate_shot(*args, **kwargs)

    monkeypatch.setattr(pool_table, "simulate_shot", slow_physics)
    app = TableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(PoolTable)
        await pilot.pause()
        table.frame_period = 100.0
        held = gc.get_threshold()
        drawn = app.frames_drawn
        await pilot.press("space")
        await pilot.pause()
        assert table.pending and table.rolling and not table.frames  # still simulating, in its thread
        assert table.status_text() == " Rolling..." and app.frames_drawn > drawn  # and said on screen
        assert started and started[0] > drawn  # the thread started once that frame was drawn, not before
        await pilot.press("left")  # no aiming while the shot is simulated
        assert table.angle == 0.0
        go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not table.pending and table.frames and table.rolling
        assert gc.get_threshold()[2] > held[2]  # no full collection in the middle of the animation
        await pilot.press("s")
        await pilot.pause()
        assert gc.get_threshold() == held and len(app.shots) == 1
