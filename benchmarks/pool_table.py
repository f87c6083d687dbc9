"""The pool table's speed, printed beside a bare Textual app's floor measured in the same run, as
benchmarks/run.py measures key to frame (its floor, its frame timer lifted, its way of timing frames):

- key to frame while aiming: a racked table, the aiming and power keys (← → shift+← ↑ ↓), median and
  p95 from each key to its frame, the floor's and the ratio; drawing: the frame's drawing alone;
- frame time while the balls roll: the break (full power) played frame by frame, each frame from the
  widget's step to the frame drawn (median, p95 and worst), beside the same floor;
- the shot itself: simulating the break with its frames (now run in a thread: the key that shoots has its
  own frame first, "Rolling...", timed as "shoot key");
- the computer shooter's time to choose, at each level, on the racked table and on a table of five; and
  the games' computer seats (their whole choice: the trials scored by the rules, the shot played with the
  hand's waver) at each level, at the break and in the middle of a game, without their time limit.

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
        shoot = await run._press(app, "space")  # its frame: "Rolling...", the simulation in a thread
        shoot_draw = run._Frames.took
        await app.workers.wait_for_complete()
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
    return times, draws, frames, shoot, shoot_draw


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
        times, draws, count, shoot, shoot_draw = asyncio.run(_rolling(size))
        if shoot is not None:
            print(_line("shoot key (Rolling...)", [shoot], floor, [shoot_draw]))
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


def seats() -> None:
    """The games' computer seats on this screen: the whole choice of a shot at each level."""
    from tabletop_tui.bots.base import Knowledge
    from tabletop_tui.bots.magic_hate_ball import MagicHateBallBot
    from tabletop_tui.bots.one_ball import OneBallBot
    from tabletop_tui.bots.wild_bill import WildBillBot
    from tabletop_tui.rules.magic_hate_ball import MagicHateBall
    from tabletop_tui.rules.one_ball import OneBall
    from tabletop_tui.rules.wild_bill import WildBill

    def game_at(cls, players, bot_class, shots):
        game = cls(players, 7)
        bots = [bot_class(s, 7) for s in range(len(players))]
        for bot in bots:
            bot.time_budget = math.inf
        while (len([m for _, m in game.history if m.kind == "shot"]) < shots or getattr(game, "phase", "play") != "play") \
                and game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, bots[seat].decide(Knowledge(game, seat)))
        return game

    for title, cls, players, bot_class in (("Magic Hate Ball", MagicHateBall, ["A", "B"], MagicHateBallBot),
                                           ("Wild Bill", WildBill, ["A", "B"], WildBillBot),
                                           ("One Ball", OneBall, ["A"], OneBallBot)):
        for when, shots in (("the break", 0), ("mid-game", 4)):
            game = game_at(cls, players, bot_class, shots)
            if game.outcome() is not None:
                continue
            parts = []
            for level in ("easy", "normal", "hard"):
                took = []
                for seed in range(3):
                    bot = bot_class(game.to_act()[0], seed)
                    bot.set_level(level)
                    bot.time_budget = math.inf
                    start = time.perf_counter()
                    bot.decide(Knowledge(game, game.to_act()[0]))
                    took.append(time.perf_counter() - start)
                parts.append(f"{level} {statistics.median(took) * 1000:.0f} ms (worst {max(took) * 1000:.0f})")
            print(f"the computer seat's choice, {title}, {when}: " + ", ".join(parts))


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
        seats()


if __name__ == "__main__":
    main()
