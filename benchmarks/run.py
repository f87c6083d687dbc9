"""Speed figures, printed: launcher first paint, key to frame on every game screen, random playouts and
copies per second, the computer players' decisions, one autosave, card poker hands ranked per second.

    python benchmarks/run.py [--quick] [--only PART] [--game ID] [--size WxH]

Nothing here is a test: the figures depend on the machine, so each is printed beside an anchor
measured in the same run, never against a figure from another machine. The goals they are read
against:

- key to frame: on every game screen, at 80x24 and at 160x48, the median and the 95th percentile
  from a key to its frame under 16 ms (a frame) on an idle machine, and at most 3x the floor: a bare
  Textual app rewriting one screen-sized Static per key, at the same size, the frame timer lifted
  for both;
- the launcher paints its first frame within 1.10x a bare Textual app;
- Pontifuse plays at least 10x as many random games a second as OpenSpiel's Python tic-tac-toe.
  OpenSpiel itself (`open_spiel`) cannot be installed here (the package index has none), so
  benchmarks/tictactoe.py stands in for it: the same game logic and the same pyspiel callbacks around
  legal_actions, apply_action and clone, in plain Python (without pybind11's crossings or numpy's
  cost per operation, both on OpenSpiel's side, so the anchor is at least as fast as the real thing
  and a ratio to it understates ours). copy() a second of every game is shown beside its clone();
- every computer player's worst decision under 1 s, its median under 100 ms but for the
  search-heavy boards; the generic searching player (SearchBot) is timed on every game beside it;
- one autosave under 16 ms (a frame);
- our card poker evaluator ranks at least as many five- and seven-card hands a second as treys, a
  pure-Python poker evaluator (installed with the test extra).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
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


def time_process(code: str, args: list[str], runs: int, cache: str | None = None) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of a new process running `code`, from
    its start to the first frame `code` reports. `cache`: the program's cache folder.

    The CPU time is the steadier figure on a busy machine: it does not count the time the process
    waited for a core."""
    # Bytecode is written and used, as after `pip install .` (which compiles it): a shell that sets
    # PYTHONDONTWRITEBYTECODE would otherwise make every run compile the whole project anew.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if cache is not None:
        env["TABLETOP_TUI_CACHE"] = cache
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
    """The apps run in turns, so that a machine growing busier or quieter weighs on each alike: the bare
    app, the launcher as it starts at every start but its first (with the rules parsed from its CSS
    kept by the start before: its warm-up run's), and the launcher at its first start (nothing kept: a
    new cache folder each time). Each ratio is the median of the ratios of each turn's."""
    turns = []
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as cache:
        time_process(BARE_APP, [], 1)  # warm the file cache and write the bytecode
        time_process(LAUNCHER, [data], 1, cache)  # (and keep the rules parsed from the CSS)
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as none_kept:
                turns.append((time_process(BARE_APP, [], 1), time_process(LAUNCHER, [data], 1, cache),
                              time_process(LAUNCHER, [data], 1, none_kept)))
    print(f"first paint (process start to first frame, median of {runs}; wall time, then CPU time):")
    print(f"  bare Textual app     {statistics.median(b[0] for b, _, _ in turns) * 1000:7.1f} ms "
          f"{statistics.median(b[1] for b, _, _ in turns) * 1000:7.1f} ms")
    for label, which, goal in (("tabletop launcher", 1, "   (goal: <= 1.10x)"), ("  at its first start", 2, "")):
        wall = statistics.median(turn[which][0] for turn in turns)
        cpu = statistics.median(turn[which][1] for turn in turns)
        ratio = statistics.median(turn[which][0] / turn[0][0] for turn in turns)
        ratio_cpu = statistics.median(turn[which][1] / turn[0][1] for turn in turns)
        print(f"  {label:<20} {wall * 1000:7.1f} ms {cpu * 1000:7.1f} ms   ratio {ratio:.2f}x, CPU {ratio_cpu:.2f}x{goal}")


# -- key to frame ---------------------------------------------------------------------------------

#: Textual paints a screen at most 60 times a second: a change marks widgets dirty, and the screen's
#: update timer (`Screen._update_timer`, an interval of `textual.screen.UPDATE_PERIOD` = 1 /
#: `textual.constants.MAX_FPS`, 60 unless TEXTUAL_FPS says otherwise, read when a screen first makes
#: its timer) repaints them at its next tick, up to 16.7 ms later. Here the period is set to 0.1 ms
#: before any screen exists, so that the time from a key to its frame is the work of handling the key
#: and drawing the frame, not the wait for the tick.
FRAME_PERIOD = 0.0001
#: how long a key may take to draw a frame before it counts as one that drew nothing
NO_FRAME_AFTER = 1.0


#: games whose screen, as their scene opens it, the generic driver (`_next_keys`) cannot drive, and the
#: options under which it can, with a word said beside the figures: Headless in Seattle in real time
#: gives each person a zone of keys and draws frames of its own on a clock (a countdown, the computers'
#: pace), so that no key has a frame of its own; it is measured in its "turns" mode, through its action
#: bar as every other screen; the pool games on their table are aimed and shot, not chosen from a bar:
#: they are measured refereed here, and their table by benchmarks/pool_table.py
POOL = ({"table": "real"}, "refereed (the table: benchmarks/pool_table.py)")
DRIVEN_AS: dict[str, tuple[dict, str]] = {"headless-in-seattle": ({"mode": "turns"}, "in its turns mode"),
                                          "magic-hate-ball": POOL, "wild-bill": POOL, "one-ball": POOL}


def one_line(text: str, room: int = 110) -> str:
    """The first line of a message, cut to `room` characters: one line of the table for each game."""
    first = (str(text).strip().splitlines() or [""])[0]
    return first if len(first) <= room else first[: room - 1] + "…"


def percentile(ordered: list[float], share: float) -> float:
    """The nearest-rank percentile of a sorted list."""
    return ordered[max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))]


def key_to_frame(keys: int, sizes: list[tuple[int, int]]) -> None:
    """For each game and size: a game mid-play (the screenshots' scene), every seat a person, the
    curtain off; keys a person would press, chosen at random among those the screen offers (see
    `_next_keys`), and for each the time until the screen has drawn its next frame; beside it the
    floor at the same size with as many keys, measured just before the game and again just after, the
    two taken together (the machine's pace drifts over the seconds a game takes, and a floor taken on
    one side of it alone is the pace of that moment): a bare Textual app whose one screen-sized Static
    is rewritten at each key. The frame timer is lifted for both alike. When a game ends, the
    scene starts again with the next seed.

    No computer players: with no pace (bot_delay 0) their moves are run by Textual as soon as the
    screen is idle, which can be before it has drawn the person's move, and the figure would be theirs
    too."""
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    import textual.screen

    textual.screen.UPDATE_PERIOD = FRAME_PERIOD

    for size in sizes:
        print(f"key to frame at {size[0]}x{size[1]}, frame timer lifted, {keys} keys a game; beside it the "
              f"floor (a bare app rewriting one screen-sized Static per key), measured just before and after "
              f"(goal: median and p95 < 16 ms, at most 3x the floor):")
        print(f"  {'':<22} {'median':>7} {'p95':>7}   {'floor':>6} {'p95':>6}   {'ratio':>5} {'p95':>5}   "
              f"{'drawing':>7}")
        for info in chosen_games():
            floor = asyncio.run(_floor_keys(keys, size))
            try:
                times, draws, note = asyncio.run(_keys_on(info, keys, size))
            except Exception as exc:  # a screen the generic driver cannot drive: say why in a line, go on
                times, draws, note = [], [], f"skipped, could not be driven: {type(exc).__name__}: {exc}"
            floor = sorted(floor + asyncio.run(_floor_keys(keys, size)))
            if not times:
                print(f"  {info.id:<22} {one_line(note or 'skipped: no key drew a frame')}")
                continue
            times.sort()
            draws.sort()
            med, p95 = statistics.median(times), percentile(times, 0.95)
            fmed, fp95 = statistics.median(floor), percentile(floor, 0.95)
            print(f"  {info.id:<22} {med * 1000:7.2f} {p95 * 1000:7.2f}   {fmed * 1000:6.2f} {fp95 * 1000:6.2f}   "
                  f"{med / fmed:4.1f}x {p95 / fp95:4.1f}x   {statistics.median(draws) * 1000:7.2f}"
                  f"{'   ' + one_line(note, 160) if note else ''}")
        print("  (ms; ratio: the game's median and p95 over the floor's; drawing: the median time of the "
              "frame's drawing alone)")


class _Frames:
    """The frames drawn: how many, when the last was done, how long it took."""

    count = 0
    done = 0.0
    took = 0.0


def _time_frames() -> None:
    """The screen's update timer calls `_on_timer_update`, which lays the screen out, composes the
    frame and hands it to the driver through `App._display`: noted here for every app."""
    from textual.screen import Screen

    if not getattr(Screen._on_timer_update, "timed", False):
        update = Screen._on_timer_update

        def timed(self) -> None:
            start, count = time.perf_counter(), _Frames.count
            update(self)
            if _Frames.count != count:
                _Frames.done = time.perf_counter()
                _Frames.took = _Frames.done - start

        timed.timed = True
        Screen._on_timer_update = timed


def _timed(app_class):
    """`app_class` counting its frames, and encoding each for the terminal as the driver would write
    it (in headless mode Textual skips the encoding: done here so that it counts)."""
    from textual._compositor import CompositorUpdate

    _time_frames()

    class Timed(app_class):
        def _display(self, screen, renderable) -> None:
            super()._display(screen, renderable)
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(self.console)  # what the driver would write
                _Frames.count += 1

    return Timed


async def _press(app, key: str) -> float | None:
    """Post a key as the driver would; the time until the next frame is drawn, or None when none is
    drawn (the key changed nothing on screen)."""
    from textual import events

    character = {"escape": "\x1b", "enter": "\r"}.get(key, key)
    count, start = _Frames.count, time.perf_counter()
    app.post_message(events.Key(key, character))
    while _Frames.count == count and time.perf_counter() - start < NO_FRAME_AFTER:
        await asyncio.sleep(0)
    if _Frames.count == count:
        return None
    return _Frames.done - start


async def _floor_keys(keys: int, size: tuple[int, int]) -> list[float]:
    """The floor: a bare Textual app, one Static as big as the screen, rewritten at each key."""
    from textual.app import App
    from textual.widgets import Static

    width, height = size

    class Floor(App):
        CSS = "Static { width: 100%; height: 100%; }"

        def compose(self):
            yield Static("", markup=False)

        def on_key(self, event) -> None:
            mark = event.character or "?"
            self.query_one(Static).update("\n".join(f"{mark}{row % 10}" * (width // 2) for row in range(height)))

    times: list[float] = []
    app = _timed(Floor)()
    with _textual_as_released():
        async with app.run_test(size=size) as pilot:
            await _quiet(pilot)
            for i in range(keys):
                took = await _press(app, "abcdefghijklmnopqrstuvwxyz"[i % 26])
                if took is not None:
                    times.append(took)
                await _quiet(pilot)
    return times


def _textual_as_released():
    """Textual as released while the floor is measured, once a game has been measured in this process:
    without what this program changes in Textual (tabletop_tui/ui/textual_patches.py), which would make
    the floor cheaper too (about 11% fewer opcodes a key)."""
    patches = sys.modules.get("tabletop_tui.ui.textual_patches")
    return patches.as_released() if patches is not None else contextlib.nullcontext()


async def _keys_on(info, keys: int, size: tuple[int, int]) -> tuple[list[float], list[float], str]:
    """Key-to-frame times and drawing times on the game's screen, and a note (keys that drew nothing,
    or why the game could not be driven further)."""
    from tabletop_tui.session import Session
    from tabletop_tui.store import Store
    from tabletop_tui.ui.app import TabletopApp

    app_class = _timed(TabletopApp)
    players, seed, options, moves = info.screenshot_scene()
    driven_as, said = DRIVEN_AS.get(info.id, ({}, ""))
    options = {**options, **driven_as}
    rnd = random.Random(1)
    times: list[float] = []
    draws: list[float] = []
    blank: list[str] = []  # keys that drew nothing
    stuck = ""
    presses = 0
    with tempfile.TemporaryDirectory() as data:
        store = Store.open(data)
        while len(times) < keys and not stuck and presses < keys * 5:
            session = Session.new(info.id, players, seed, options, [], store)
            session.autoplay(moves)
            session.release()
            seed += 1
            app = app_class(store=store, start={"save": session.save_id}, force_curtain=False)
            async with app.run_test(size=size) as pilot:
                while len(times) < keys and presses < keys * 5:
                    await _quiet(pilot)
                    sequence = _next_keys(app.screen, rnd)
                    if sequence is None:
                        break  # the game is over
                    if isinstance(sequence, str):
                        stuck = sequence
                        break
                    for key in sequence:
                        presses += 1
                        took = await _press(app, key)
                        if took is None:
                            blank.append(key)
                        else:
                            times.append(took)
                            draws.append(_Frames.took)
                        await _quiet(pilot)
        store.close()
    notes = [said] if said else []
    if blank:
        notes.append(f"{len(blank)} key{'s' if len(blank) > 1 else ''} drew nothing ({' '.join(blank[:6])})")
    if stuck:
        notes.append(f"stopped after {len(times)} keys: {stuck}")
    elif len(times) < keys:
        notes.append(f"only {len(times)} keys drew a frame in {presses}")
    return times, draws, "; ".join(notes)


#: how long a screen may go on drawing frames after a key before it counts as one that never stops
NEVER_QUIET_AFTER = 10.0


class NeverQuiet(Exception):
    """A screen that went on drawing frame after frame with nothing to show (a layout at every tick): a
    bug, said where the figures would be, instead of a benchmark that never ends."""


async def _quiet(pilot, still: float = 0.02) -> None:
    """Wait until no frame has been drawn for a while (what a move set going has settled)."""
    count, first, start = -1, _Frames.count, time.perf_counter()
    while count != _Frames.count:
        if time.perf_counter() - start > NEVER_QUIET_AFTER:
            raise NeverQuiet(f"{type(pilot.app.screen).__name__} drew {_Frames.count - first} frames in "
                             f"{NEVER_QUIET_AFTER:.0f} s and went on")
        count = _Frames.count
        await pilot.pause(still)


def _next_keys(screen, rnd: random.Random) -> list[str] | str | None:
    """The keys a person at the keyboard presses next, chosen at random among what the screen offers:
    the key of one of the action bar's choices (those its board does not take as a square's letter),
    or, on a board, a square typed (its letter and number, or the screen's own key for it) among those
    the legal moves name and, with a piece chosen, those it may go to (or Escape to let go of it).
    Enter when the widget with the focus holds letters typed. None when nobody is to move (the game is
    over); a string saying why when nothing can be pressed."""
    from tabletop_tui.rules.components.squares import FILES, square_index, square_name
    from tabletop_tui.ui.screens.board import BoardScreen
    from tabletop_tui.ui.screens.game import GameScreen

    if not isinstance(screen, GameScreen):
        return None if screen.__class__.__name__ == "ResultsScreen" else f"on {type(screen).__name__}"
    session = screen.session
    if session.over() or not session.human_to_act():
        return None
    if getattr(screen.focused, "typed", None):
        # the widget with the focus holds what was typed (Thief in the Night's map takes a letter
        # followed by a digit as a square's name): Enter, as a person finishes it
        return ["enter"]
    seat = session.human_to_act()[0]
    grid = screen.grid if isinstance(screen, BoardScreen) else None
    taken = set(FILES[: grid.cols]) if grid is not None and grid.labels and grid.has_focus else set()
    choices: list[list[str]] = [
        [a.key] for a in screen.query_one("#actions").actions
        if len(a.key) == 1 and a.key not in screen.RESERVED_KEYS and a.key not in taken
    ]
    if grid is not None:
        cells = grid.rows * grid.cols
        squares: set[int] = set()
        if screen.holding():
            squares |= screen.lit()
            choices.append(["escape"])
        else:
            for move in screen.game.legal_moves(seat):
                for arg in move.args:
                    if isinstance(arg, int) and not isinstance(arg, bool) and 0 <= arg < cells:
                        squares.add(arg)
                    elif isinstance(arg, str) and len(arg) <= 3:
                        index = square_index(arg, grid.rows, grid.cols)
                        if index is not None:
                            squares.add(index)
        for index in sorted(squares):
            if grid.labels:
                choices.append(list(square_name(index, grid.rows, grid.cols)))
            else:
                own = [k for k in "123456789abcdefghijklmnopqrstuvwxyz" if screen.key_square(k) == index]
                if own:
                    choices.append(own[:1])
    if not choices:
        kinds = sorted({m.kind for m in screen.game.legal_moves(seat)})
        return f"no key to press (no action key, no square named by the moves {', '.join(kinds)})"
    return rnd.choice(choices)


#: the playouts and copies are timed in CPU seconds of this process (it runs alone on its core while
#: it has one): on a shared machine, the time it waits for a core is not the games' cost
CPU = time.process_time


def _anchor_games(seconds: float, rnd: random.Random) -> float:
    """Random playouts a second of the tic-tac-toe anchor (benchmarks/tictactoe.py)."""
    from tictactoe import new_initial_state

    games = 0
    start = CPU()
    deadline = start + seconds
    while CPU() < deadline:
        for _ in range(20):
            state = new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[rnd.randrange(len(legal))])
            state.returns()
            games += 1
    return games / (CPU() - start)


def _anchor_copies(seconds: float) -> float:
    """clone() a second of the tic-tac-toe anchor, at positions four moves in."""
    from tictactoe import new_initial_state

    rnd = random.Random(1)
    positions = []
    for _ in range(20):
        state = new_initial_state()
        for _ in range(4):
            legal = state.legal_actions()
            state.apply_action(legal[rnd.randrange(len(legal))])
        positions.append(state)
    return _copies(positions, lambda s: s.clone(), seconds)


def _copies(positions: list, copy, seconds: float) -> float:
    count = 0
    start = CPU()
    deadline = start + seconds
    while CPU() < deadline:
        for position in positions:
            copy(position)
        count += len(positions)
    return count / (CPU() - start)


def playouts(seconds: float) -> None:
    """For each game: random games through the real rules, played two ways (move by move through the
    public `play_legal`, and by the engine's `rollout`, the loop a computer player's search plays
    positions out with: the same moves, tests/test_engine_fast.py), and copy() of positions met halfway
    through such games; beside them the tic-tac-toe anchor measured just before (the same loops)."""
    sys.path.insert(0, HERE)
    print(f"random playouts through the real rules ({seconds:.1f} s each way, in slices of {SLICE:g} s in turns with "
          f"the anchor's: the median of the slices' ratios)")
    print(f"and copy() of a game halfway through ({seconds / 4:.2f} s, beside the anchor's before and after), per "
          f"CPU second,")
    print("beside OpenSpiel's Python tic-tac-toe as benchmarks/tictactoe.py plays it (its logic and pyspiel's "
          "callbacks,")
    print("in plain Python: open_spiel is not installable here), measured just before "
          "(goal: Pontifuse playouts >= 10x).")
    print("Games/s move by move (play_legal in a loop of the caller's) and by `rollout` (the engine's loop, "
          "as the computer players play out):")
    print(f"  {'':<22} {'by move':>9} {'rollout':>9} {'anchor':>8} {'ratios':>13}   {'copies/s':>9} {'anchor':>9} "
          f"{'ratio':>6}   moves a game")
    for info in chosen_games():
        cls = info.rules_class()
        names = [f"P{i}" for i in range(max(cls.min_players, min(3, cls.max_players)))]
        # in turns, a slice each (the anchor, move by move, by rollout), and the median of each slice's
        # ratio: a machine whose speed drifts from second to second moves both sides of a ratio alike
        slices = max(5, round(seconds / SLICE))
        anchor_rnd, move_rnd, rollout_rnd = random.Random(1), random.Random(1), random.Random(1)
        anchors, by_move, by_rollout = [], [], []
        lengths: list[int] = []
        seeds = [0, 0]
        for _ in range(slices):
            anchors.append(_anchor_games(SLICE, anchor_rnd))
            by_move.append(_games_a_second(cls, names, SLICE, False, move_rnd, seeds, lengths))
            by_rollout.append(_games_a_second(cls, names, SLICE, True, rollout_rnd, seeds, None))
        halfway = [_halfway(cls, names, seed, n // 2) for seed, n in enumerate(lengths)]
        anchor_copies = _anchor_copies(seconds / 4)
        copies = _copies(halfway, lambda g: g.copy(), seconds / 4)
        anchor_copies = (anchor_copies + _anchor_copies(seconds / 4)) / 2  # (before and after the game's)
        median = statistics.median
        ratios = (f"{median(m / a for m, a in zip(by_move, anchors)):.3g}x "
                  f"{median(r / a for r, a in zip(by_rollout, anchors)):.3g}x")
        print(f"  {info.id:<22} {median(by_move):9.0f} {median(by_rollout):9.0f} {median(anchors):8.0f} {ratios:>13}   "
              f"{copies:9.0f} {anchor_copies:9.0f} {copies / anchor_copies:6.3g}x   "
              f"{sum(lengths) / len(lengths):.1f} ({len(names)} players)")


#: the CPU seconds of one slice of the playouts (`playouts`)
SLICE = 0.1


def _games_a_second(cls, names: list[str], seconds: float, rollout: bool, rnd: random.Random, seeds: list[int],
                    lengths: list[int] | None) -> float:
    """Random games of `cls` played for `seconds` of CPU, move by move or by rollout, the next seeds
    (`seeds`, one count each way, moved on): games a second. The lengths of the first 20 go to
    `lengths` (to copy them halfway)."""
    move_limit = cls.move_limit
    games = 0
    start = CPU()
    deadline = start + seconds
    way = 1 if rollout else 0
    while games == 0 or CPU() < deadline:
        game = cls(names, seeds[way])
        seeds[way] += 1
        if rollout:
            n = game.rollout(rnd, move_limit)
        else:
            n = 0
            while n < move_limit:
                acting = game.to_act()
                if not acting:
                    break
                seat = acting[0]
                game.play_legal(seat, rnd.randrange(len(game.legal_moves(seat))))
                n += 1
        games += 1
        if lengths is not None and len(lengths) < 20:
            lengths.append(n)
    return games / (CPU() - start)


def _halfway(cls, names: list[str], seed: int, moves: int):
    """The game of `seed` after `moves` random moves (other random moves than the playout's: a
    position as far into a game)."""
    rnd = random.Random(seed)
    game = cls(names, seed)
    for _ in range(moves):
        acting = game.to_act()
        if not acting:
            break
        legal = game.legal_moves(acting[0])
        game.play(acting[0], legal[rnd.randrange(len(legal))])
    return game


def _decision_times(times: list[float]) -> str:
    times.sort()
    return (f"{statistics.median(times) * 1000:8.2f} {percentile(times, 0.99) * 1000:8.2f} "
            f"{times[-1] * 1000:8.2f} {len(times):6}")


def computer_players(games: int, searches: int, budget: float) -> None:
    """How long a computer player takes to choose, in whole games of computer players (every bot
    through `bot.decide(Knowledge(game, seat))`, by the session's own step); and, at positions of
    those games drawn at random (where the seat has more than one move), how long the generic search
    player (SearchBot) takes to choose there, up to `searches` positions or `budget` seconds a game."""
    from tabletop_tui.bots.search import SearchBot

    print(f"computer players' decisions ({games} games each, every seat a computer player; goal: worst < 1 s, "
          f"median < 100 ms but for the search-heavy boards),")
    limit = f"{SearchBot.iterations} iterations"
    if getattr(SearchBot, "time_budget", None):
        limit += f" or {SearchBot.time_budget:g} s"
    print(f"and SearchBot's (at most {limit}) at up to {searches} positions of those games "
          f"(at most {budget:.0f} s a game), in ms:")
    print(f"  {'':<22} {'median':>8} {'p99':>8} {'worst':>8} {'count':>6}   {'search':>8} {'p99':>8} {'worst':>8} "
          f"{'count':>6}")
    for info in chosen_games():
        try:
            line = _decisions(info, games, searches, budget)
        except Exception as exc:  # a player that fails: say why, go on with the others
            line = f"failed: {type(exc).__name__}: {exc}"
        print(f"  {info.id:<22} {line}")


def _decisions(info, games: int, searches: int, budget: float) -> str:
    """One game's line of `computer_players`."""
    from tabletop_tui.bots.base import Knowledge
    from tabletop_tui.bots.search import SearchBot
    from tabletop_tui.session import next_computer_move

    cls, bot_class = info.rules_class(), info.bot_class()
    names = [f"P{i}" for i in range(max(cls.min_players, min(4, cls.max_players)))]
    rnd = random.Random(7)
    times: list[float] = []
    positions: list = []  # a reservoir of (game, seat) to search
    seen = 0
    for seed in range(games):
        game = cls(names, seed)
        bots = {s: bot_class(s, seed) for s in range(len(names))}
        moves = 0
        while game.outcome() is None and moves < min(cls.move_limit, 2_000):
            start = time.perf_counter()
            step = next_computer_move(game, bots)
            times.append(time.perf_counter() - start)
            if step is None:
                break
            seat = step[0]
            if seat in game.to_act() and len(game.legal_moves(seat)) > 1:
                seen += 1
                if len(positions) < searches:
                    positions.append((game.copy(), seat))
                elif rnd.random() < searches / seen:
                    positions[rnd.randrange(searches)] = (game.copy(), seat)
            game.play(*step)
            moves += 1
    search_times: list[float] = []
    spent = 0.0
    for i, (game, seat) in enumerate(positions):
        if spent > budget:
            break
        bot = SearchBot(seat, i)
        start = time.perf_counter()
        bot.decide(Knowledge(game, seat))
        took = time.perf_counter() - start
        search_times.append(took)
        spent += took
    search = (_decision_times(search_times) if search_times
              else "(never more than one move for a seat the game waits for)")
    return f"{_decision_times(times)}   {search}"


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
    parser.add_argument("--size", action="append", metavar="WxH",
                        help="the terminal size of key to frame (may be given more than once; 80x24 and 160x48 "
                             "unless given)")
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in s.lower().split("x")) for s in args.size or ("80x24", "160x48")]
    global GAME_IDS
    GAME_IDS = set(args.game or ())
    quick = args.quick
    runs = {
        "first-paint": lambda: first_paint(5 if quick else 15),
        "keys": lambda: key_to_frame(20 if quick else 60, sizes),
        "playouts": lambda: playouts(1.0 if quick else 3.0),
        "computer": lambda: computer_players(3 if quick else 20, 10 if quick else 40, 5.0 if quick else 30.0),
        "autosave": lambda: autosave(200 if quick else 1000),
        "card-poker": lambda: card_poker(20_000 if quick else 100_000, 3 if quick else 5),
    }
    for part in args.only or PARTS:
        runs[part]()


if __name__ == "__main__":
    main()
