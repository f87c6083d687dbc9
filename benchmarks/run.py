"""Speed figures, printed: launcher first paint, key to frame on each game screen, random playouts per
second, one autosave, card poker hands ranked per second.

    python benchmarks/run.py [--quick] [--only PART] [--game ID]

Nothing here is a test: the figures depend on the machine. The goals they are read against:
the launcher paints within 1.15x the CPU time of a bare Textual app; a key that makes a move is
drawn within a frame (16 ms, the median on each game screen); Pontifuse plays at least ten times
as many random games per second as a pure-Python tic-tac-toe in a general game framework (about
3,900 games/s on the reference machine); a computer player decides well under a second (a tenth of
one at worst, so that nobody waits); one autosave takes under 16 ms (a frame); our card poker
evaluator ranks at least as many five- and seven-card hands a second as treys, a pure-Python poker
evaluator (installed with the test extra).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

# Each app notes, at its first frame, the clock and the CPU time it has used (user + system), and
# leaves: what comes after the first frame (closing the app, the interpreter's last collection of
# its objects) is not counted. (Counted, the process's whole life weighs what the program does on
# its way out: objects frozen out of the garbage collector make the exit cheaper, not the frame.)
AT_FIRST_FRAME = r"""
import time
def first_frame(app):
    print(time.monotonic(), time.process_time(), flush=True)
    app.exit()
"""

BARE_APP = AT_FIRST_FRAME + r"""
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(first_frame, self)
Bare().run(headless=True, size=(80, 24))
"""

LAUNCHER = AT_FIRST_FRAME + r"""
import sys
from tabletop_tui.store import Store
from tabletop_tui.ui.app import TabletopApp
class Once(TabletopApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(first_frame, self)  # at its first frame, as the bare app
Once(store=Store.open(sys.argv[1])).run(headless=True, size=(80, 24))
"""


PARTS = ("first-paint", "keys", "playouts", "computer", "autosave", "card-poker")
GAME_IDS: set[str] = set()  # the games of --game; all of them when empty


def chosen_games():
    from tabletop_tui import catalog

    return [info for info in catalog.GAMES if not GAME_IDS or info.id in GAME_IDS]


def time_process(code: str, args: list[str], runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of a new process running `code`, from
    its start to the first frame `code` reports.

    The CPU time is the steadier figure on a busy machine: it does not count the time the process
    waited for a core."""
    # Bytecode is written and used, as after `pip install .` (which compiles it): a shell that sets
    # PYTHONDONTWRITEBYTECODE would otherwise make every run compile the whole project anew.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    walls, cpus = [], []
    for _ in range(runs):
        start = time.monotonic()  # the same clock in every process
        done = subprocess.run([sys.executable, "-c", code, *args], check=True, cwd=ROOT, env=env,
                              capture_output=True, text=True)
        at, cpu = (float(x) for x in done.stdout.split()[-2:])
        walls.append(at - start)
        cpus.append(cpu)
    return statistics.median(walls), statistics.median(cpus)


def first_paint(runs: int) -> None:
    """The two apps run in turns, so that a machine growing busier or quieter weighs on both alike;
    the ratio is the median of the ratios of each pair."""
    pairs = []
    with tempfile.TemporaryDirectory() as data:
        time_process(BARE_APP, [], 1)  # warm the file cache and write the bytecode
        time_process(LAUNCHER, [data], 1)
        for _ in range(runs):
            pairs.append((time_process(BARE_APP, [], 1), time_process(LAUNCHER, [data], 1)))
    bare = statistics.median(b[0] for b, _ in pairs)
    bare_cpu = statistics.median(b[1] for b, _ in pairs)
    launcher = statistics.median(t[0] for _, t in pairs)
    launcher_cpu = statistics.median(t[1] for _, t in pairs)
    ratio = statistics.median(t[0] / b[0] for b, t in pairs)
    ratio_cpu = statistics.median(t[1] / b[1] for b, t in pairs)
    print(f"first paint (process start to first frame, median of {runs}; wall time, then CPU time):")
    print(f"  bare Textual app   {bare * 1000:7.1f} ms {bare_cpu * 1000:7.1f} ms")
    print(f"  tabletop launcher  {launcher * 1000:7.1f} ms {launcher_cpu * 1000:7.1f} ms   "
          f"ratio {ratio:.2f}x, CPU {ratio_cpu:.2f}x (goal: CPU <= 1.15x)")


# -- key to frame ---------------------------------------------------------------------------------

#: Textual paints a screen at most 60 times a second: a change marks widgets dirty, and the screen's
#: update timer (`Screen._update_timer`, an interval of `textual.screen.UPDATE_PERIOD` = 1 /
#: `textual.constants.MAX_FPS`, 60 unless TEXTUAL_FPS says otherwise, read when a screen first makes
#: its timer) repaints them at its next tick, up to 16.7 ms later. Here the period is set to 0.1 ms
#: before any screen exists, so that the time from a key to its frame is the work of handling the key
#: and drawing the frame, not the wait for the tick.
FRAME_PERIOD = 0.0001


def key_to_frame(keys: int, size: tuple[int, int]) -> None:
    """For each game: a game mid-play (the screenshots' scene), every seat a person (as the snapshot
    tests play it, no curtain); a key that makes a move for the person to act (one of the action bar's
    keys, or a square of Pontifuse's board, chosen at random), then the time until the screen has drawn
    its next frame. Drawing the frame alone (the screen's timer: layout, composing, and encoding for
    the terminal as the driver would write it; in headless mode Textual skips the encoding, done here
    so that it counts) is shown too. When a game ends, the scene starts again with the next seed.

    No computer players: with no pace (bot_delay 0) their moves are run by Textual as soon as the
    screen is idle, which can be before it has drawn the person's move, and the figure would be theirs
    too."""
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    import textual.screen

    textual.screen.UPDATE_PERIOD = FRAME_PERIOD

    print(f"key to frame at {size[0]}x{size[1]}, frame timer lifted ({keys} keys a game): key to frame "
          f"median and worst; drawing the frame alone, median and worst (goal: median < 16 ms):")
    for info in chosen_games():
        times, draws = asyncio.run(_keys_on(info, keys, size))
        times.sort()
        draws.sort()
        print(f"  {info.id:<16} {statistics.median(times) * 1000:6.2f} ms {times[-1] * 1000:7.2f} ms   "
              f"drawing {statistics.median(draws) * 1000:6.2f} ms {draws[-1] * 1000:7.2f} ms")


class _Frames:
    """The frames drawn: how many, when the last was done, how long it took."""

    count = 0
    done = 0.0
    took = 0.0


def _timed_app():
    from textual._compositor import CompositorUpdate
    from textual.screen import Screen

    from tabletop_tui.ui.app import TabletopApp

    if not getattr(Screen._on_timer_update, "timed", False):
        # The screen's update timer calls `_on_timer_update`, which lays the screen out, composes the
        # frame and hands it to the driver through `App._display`.
        update = Screen._on_timer_update

        def timed(self) -> None:
            start, count = time.perf_counter(), _Frames.count
            update(self)
            if _Frames.count != count:
                _Frames.done = time.perf_counter()
                _Frames.took = _Frames.done - start

        timed.timed = True
        Screen._on_timer_update = timed

    class Timed(TabletopApp):
        def _display(self, screen, renderable) -> None:
            super()._display(screen, renderable)
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(self.console)  # what the driver would write
                _Frames.count += 1

    return Timed


async def _keys_on(info, keys: int, size: tuple[int, int]) -> tuple[list[float], list[float]]:
    from textual import events

    from tabletop_tui.session import Session
    from tabletop_tui.store import Store

    app_class = _timed_app()
    players, seed, options, moves = info.screenshot_scene()
    rnd = random.Random(1)
    times: list[float] = []
    draws: list[float] = []
    with tempfile.TemporaryDirectory() as data:
        store = Store.open(data)
        while len(times) < keys:
            session = Session.new(info.id, players, seed, options, [], store)
            session.autoplay(moves)
            session.release()
            seed += 1
            app = app_class(store=store, start={"save": session.save_id}, force_curtain=False)
            async with app.run_test(size=size) as pilot:
                while len(times) < keys:
                    await _quiet(pilot)
                    key = _move_key(app.screen, rnd)
                    if key == "":  # a square was chosen first (a piece to move): its frame is not timed
                        await _quiet(pilot)
                        key = _move_key(app.screen, rnd)
                    if not key:
                        break  # the game is over
                    count, start = _Frames.count, time.perf_counter()
                    app.post_message(events.Key(key, key))
                    while _Frames.count == count and time.perf_counter() - start < 2:
                        await asyncio.sleep(0)
                    if _Frames.count == count:
                        raise RuntimeError(f"{info.id}: no frame after the key {key!r}")
                    times.append(_Frames.done - start)
                    draws.append(_Frames.took)
        store.close()
    return times, draws


async def _quiet(pilot, still: float = 0.02) -> None:
    """Wait until no frame has been drawn for a while (what a move set going has settled)."""
    count = -1
    while count != _Frames.count:
        count = _Frames.count
        await pilot.pause(still)


def _move_key(screen, rnd: random.Random) -> str | None:
    """A key that makes a move for the person to act, or None when nobody is to move."""
    from tabletop_tui.ui.screens.game import GameScreen

    if not isinstance(screen, GameScreen) or screen.session.over() or not screen.session.human_to_act():
        return None
    keys = [a.key for a in screen.query_one("#actions").actions if a.key]
    seat = screen.session.human_to_act()[0]
    keys += [str(m.args[0] + 1) for m in screen.game.legal_moves(seat) if m.kind == "place"]
    if not keys and hasattr(screen, "choose_any"):
        # a board whose moves start with a square (the piece to move): choose one; then its keys
        screen.choose_any(rnd)
        return ""
    return rnd.choice(keys) if keys else None


def playouts(seconds: float) -> None:

    print(f"random playouts through the real rules ({seconds:.0f} s each):")
    for info in chosen_games():
        cls = info.rules_class()
        names = [f"P{i}" for i in range(max(cls.min_players, min(3, cls.max_players)))]
        rnd = random.Random(1)
        games = moves = 0
        start = time.perf_counter()
        deadline = start + seconds
        seed = 0
        while time.perf_counter() < deadline:
            for _ in range(50):
                game = cls(names, seed)
                seed += 1
                n = 0
                while n < cls.move_limit:
                    acting = game.to_act()
                    if not acting:
                        break
                    seat = acting[0]
                    legal = game.legal_moves(seat)
                    game.play(seat, legal[rnd.randrange(len(legal))])
                    n += 1
                games += 1
                moves += n
        elapsed = time.perf_counter() - start
        print(f"  {info.id:<16} {games / elapsed:10.0f} games/s  {moves / elapsed:10.0f} moves/s  "
              f"({len(names)} players, {moves / games:.1f} moves a game)")


def computer_players(games: int) -> None:
    """How long a computer player takes to choose, in whole games of computer players."""
    from tabletop_tui.session import next_computer_move

    print(f"computer players' decisions ({games} games each, every seat a computer player):")
    for info in chosen_games():
        cls, bot_class = info.rules_class(), info.bot_class()
        names = [f"P{i}" for i in range(max(cls.min_players, min(4, cls.max_players)))]
        times = []
        for seed in range(games):
            game = cls(names, seed)
            bots = {s: bot_class(s, seed) for s in range(len(names))}
            moves = 0
            while game.outcome() is None and moves < min(cls.move_limit, 2_000):
                start = time.perf_counter()
                step = next_computer_move(game, bots)
                times.append(time.perf_counter() - start)
                game.play(*step)
                moves += 1
        times.sort()
        print(f"  {info.id:<16} median {statistics.median(times) * 1000:7.2f} ms, 99th percentile "
              f"{times[int(len(times) * 0.99)] * 1000:7.2f} ms, worst {times[-1] * 1000:7.2f} ms "
              f"({len(times)} decisions)")


def autosave(count: int) -> None:
    from tabletop_tui.store import Store

    with tempfile.TemporaryDirectory() as data:
        store = Store.open(data)
        record = {"game": "pontifuse", "rules_version": 1, "players": ["A", "B"], "seed": 1, "options": {}, "moves": []}
        save = store.new_game(record, [], "bench")
        times = []
        for i in range(count):
            start = time.perf_counter()
            store.sync(save, i, [[i % 2, ["place", i % 9]]])
            times.append(time.perf_counter() - start)
    times.sort()
    print(f"autosave of one move ({count} moves, one transaction each):")
    print(f"  median {statistics.median(times) * 1000:.2f} ms, 99th percentile {times[int(len(times) * 0.99)] * 1000:.2f} ms,"
          f" worst {times[-1] * 1000:.2f} ms (goal < 16 ms)")


def card_poker(count: int, rounds: int) -> None:
    """Ours and treys on the same seeded hands, in turns, each through its public call; the best of
    `rounds` rounds. Both have built their tables first: treys when its Evaluator is made, ours as it
    meets each count of ranks (its first round, shown apart)."""
    from tabletop_tui.rules.components.cards import STANDARD
    from tabletop_tui.rules.components.poker import hand_value

    try:
        from treys import Card as TreysCard, Evaluator
    except ImportError:
        print("card poker hands: treys is not installed (pip install -e '.[test]')")
        return
    evaluator = Evaluator()
    evaluate = evaluator.evaluate
    theirs_of = {c: TreysCard.new(("T" if c.rank == 10 else c.code[0]) + c.suit.lower()) for c in STANDARD}
    print(f"card poker hands ranked ({count:,} random hands, best of {rounds} rounds in turns):")
    for size in (5, 7):
        rnd = random.Random(size)
        hands = [rnd.sample(STANDARD, size) for _ in range(count)]
        theirs = [[theirs_of[c] for c in hand] for hand in hands]
        start = time.perf_counter()
        for hand in hands:
            hand_value(hand)
        first = time.perf_counter() - start
        ours_best = theirs_best = float("inf")
        empty: list = []
        for _ in range(rounds):
            start = time.perf_counter()
            for hand in hands:
                hand_value(hand)
            ours_best = min(ours_best, time.perf_counter() - start)
            start = time.perf_counter()
            for hand in theirs:
                evaluate(hand, empty)
            theirs_best = min(theirs_best, time.perf_counter() - start)
        print(f"  {size} cards  ours {count / ours_best:10,.0f} hands/s  treys {count / theirs_best:10,.0f} hands/s"
              f"  ratio {theirs_best / ours_best:5.2f}x (goal >= 1x)")
        print(f"           ours' first round, while it learns the counts: {count / first:10,.0f} hands/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, for a quick look")
    parser.add_argument("--only", choices=PARTS, action="append",
                        help="run only this part (may be given more than once)")
    parser.add_argument("--game", action="append", help="only this game (an id) in the parts per game")
    args = parser.parse_args()
    global GAME_IDS
    GAME_IDS = set(args.game or ())
    quick = args.quick
    runs = {
        "first-paint": lambda: first_paint(3 if quick else 7),
        "keys": lambda: key_to_frame(10 if quick else 40, (80, 24)),
        "playouts": lambda: playouts(1.0 if quick else 3.0),
        "computer": lambda: computer_players(3 if quick else 20),
        "autosave": lambda: autosave(200 if quick else 1000),
        "card-poker": lambda: card_poker(20_000 if quick else 100_000, 3 if quick else 5),
    }
    for part in args.only or PARTS:
        runs[part]()


if __name__ == "__main__":
    main()
