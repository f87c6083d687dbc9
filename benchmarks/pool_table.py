"""The pool table's speed, printed beside a bare Textual app's floor measured in the same run, as
benchmarks/run.py measures key to frame (its floor, its frame timer lifted, its way of timing frames):

- key to frame while aiming: a racked table, the aiming and power keys (← → shift+← ↑ ↓), median and
  p95 from each key to its frame, the floor's and the ratio; drawing: the frame's drawing alone;
- frame time while the balls roll: the break (full power) played frame by frame, each frame from the
  widget's step to the frame drawn (median, p95 and worst), beside the same floor;
- the shot itself: simulating the break with its frames (what Space costs before the first frame);
- the computer shooter's time to choose, at each level, on the racked table and on a table of five.

    python benchmarks/pool_table.py [--keys N] [--size WxH ...]

Goals (issue 21, goal 5; issue 25): key to frame and each animation frame under 16 ms and at most 3x
the floor, at 80x24 and 160x48."""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import run  # noqa: E402  (benchmarks/run.py: the floor and the frame timing)

KEYS = ["right", "left", "shift+right", "right", "up", "left", "down", "shift+left"]


def _app_class():
    from textual.app import App

    from tabletop_tui.pool.physics import rack
    from tabletop_tui.ui.widgets.pool_table import PoolTable

    class Table(App):
        def compose(self):
            yield PoolTable(rack(cue=(20.0, 23.0)), power=1.0)

        def on_mount(self) -> None:
            self.query_one(PoolTable).focus()

    return run._timed(Table)


async def _aiming(keys: int, size: tuple[int, int]) -> tuple[list[float], list[float]]:
    app = _app_class()()
    times, draws = [], []
    async with app.run_test(size=size) as pilot:
        await run._quiet(pilot)
        for i in range(keys):
            took = await run._press(app, KEYS[i % len(KEYS)])
            if took is not None:
                times.append(took)
                draws.append(run._Frames.took)
            await run._quiet(pilot)
    return times, draws


async def _rolling(size: tuple[int, int]) -> tuple[list[float], list[float], int]:
    from tabletop_tui.ui.widgets.pool_table import PoolTable

    app = _app_class()()
    times, draws = [], []
    async with app.run_test(size=size) as pilot:
        await run._quiet(pilot)
        table = app.query_one(PoolTable)
        table.frame_period = 1000.0  # the frames are stepped here
        table.aim(math.atan2(1.0, 55.0))
        await run._quiet(pilot)
        await run._press(app, "space")
        await run._quiet(pilot)
        frames = len(table.frames)
        while table.rolling:
            count, start = run._Frames.count, time.perf_counter()
            table.advance()
            while run._Frames.count == count and time.perf_counter() - start < run.NO_FRAME_AFTER:
                await asyncio.sleep(0)
            if run._Frames.count != count:
                times.append(run._Frames.done - start)
                draws.append(run._Frames.took)
            await run._quiet(pilot, 0.005)
    return times, draws, frames


def _line(label: str, times: list[float], floor: list[float], draws: list[float], worst: bool = False) -> str:
    times, floor, draws = sorted(times), sorted(floor), sorted(draws)
    med, p95 = statistics.median(times), run.percentile(times, 0.95)
    fmed, fp95 = statistics.median(floor), run.percentile(floor, 0.95)
    extra = f"   worst {times[-1] * 1000:6.2f}" if worst else ""
    return (f"  {label:<26} {med * 1000:7.2f} {p95 * 1000:7.2f}   {fmed * 1000:6.2f} {fp95 * 1000:6.2f}   "
            f"{med / fmed:4.1f}x {p95 / fp95:4.1f}x   {statistics.median(draws) * 1000:7.2f}{extra}")


def frames(keys: int, sizes: list[tuple[int, int]]) -> None:
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    import textual.screen

    textual.screen.UPDATE_PERIOD = run.FRAME_PERIOD
    for size in sizes:
        print(f"pool table at {size[0]}x{size[1]}, frame timer lifted; beside it the floor (a bare app "
              f"rewriting one screen-sized Static per key), measured just before (goal: < 16 ms, <= 3x):")
        print(f"  {'':<26} {'median':>7} {'p95':>7}   {'floor':>6} {'p95':>6}   {'ratio':>5} {'p95':>5}   "
              f"{'drawing':>7}")
        floor = asyncio.run(run._floor_keys(keys, size))
        times, draws = asyncio.run(_aiming(keys, size))
        print(_line(f"aiming, {len(times)} keys", times, floor, draws))
        floor = asyncio.run(run._floor_keys(keys, size))
        times, draws, count = asyncio.run(_rolling(size))
        print(_line(f"rolling, {len(times)}/{count} frames", times, floor, draws, worst=True))
        print("  (ms; rolling: from the widget's step to the frame drawn; drawing: the frame's drawing alone)")


def shots() -> None:
    from tabletop_tui.pool.physics import rack, simulate_shot
    from tabletop_tui.pool.shooter import LEVELS, choose_shot, pot_score

    balls = rack(cue=(20.0, 23.0))
    took = []
    for _ in range(5):
        start = time.perf_counter()
        simulate_shot(balls, math.atan2(1.0, 55.0), 1.0)
        took.append(time.perf_counter() - start)
    print(f"the break simulated with its frames: median {statistics.median(took) * 1000:.1f} ms")
    five = {0: (30.0, 25.0), 1: (60.0, 12.0), 2: (70.0, 38.0), 3: (85.0, 30.0), 4: (40.0, 40.0), 5: (75.0, 8.0)}
    for name, table in (("racked", balls), ("five balls", five)):
        parts = []
        for level in LEVELS:
            took = []
            for seed in range(3):
                start = time.perf_counter()
                choose_shot(table, pot_score, level, seed)
                took.append(time.perf_counter() - start)
            parts.append(f"{level} {statistics.median(took) * 1000:.0f} ms (worst {max(took) * 1000:.0f})")
        print(f"the computer shooter's choice, {name}: " + ", ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--size", action="append", help="WxH (repeatable; default 80x24 and 160x48)")
    parser.add_argument("--no-shooter", action="store_true")
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in s.split("x")) for s in (args.size or ["80x24", "160x48"])]
    frames(args.keys, sizes)  # type: ignore[arg-type]
    if not args.no_shooter:
        shots()


if __name__ == "__main__":
    main()
