"""Python opcodes from a key to its frame on every game screen, beside the floor's: the work a key sets
off, counted rather than timed, so that the figure is the same on a loaded machine as on an idle one
(benchmarks/run.py times the same keys; its wall times move with the machine's load).

    python benchmarks/opcodes.py [--game ID ...] [--size WxH ...] [--keys N]

The same scenes and keys as `run.py`'s key to frame (each game's screenshot scene, every seat a person,
keys chosen from a fixed seed), and the same floor (a bare Textual app rewriting one screen-sized Static
per key). Every Python opcode run from the moment the key is posted to the end of the frame it draws is
counted (sys.settrace's opcode events, in this thread), in thousands: the median and p95 of each screen,
and their ratios to the floor's (the goal: at most 3x). A screen the benchmark's driver cannot drive says
why in a line. Tracing makes a key about ten times slower, so a key may take seconds to draw its frame.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import run  # noqa: E402  (benchmarks/run.py)

_ops = [0]


def _tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    if event == "opcode":
        _ops[0] += 1
    return _tracer


_timed_press = run._press


async def _counted_press(app, key: str) -> float | None:
    """`run._press`, answering the opcodes run until the frame instead of the time (None: no frame)."""
    _ops[0] = 0
    sys.settrace(_tracer)
    try:
        took = await _timed_press(app, key)
    finally:
        sys.settrace(None)
    return None if took is None else _ops[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="a game's id (repeatable; default every game)")
    parser.add_argument("--size", action="append", help="WxH (repeatable; default 80x24 and 160x48)")
    parser.add_argument("--keys", type=int, default=20)
    args = parser.parse_args()
    run.GAME_IDS = set(args.game or ())
    sizes = [tuple(int(n) for n in s.split("x")) for s in (args.size or ["80x24", "160x48"])]
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    import textual.screen

    textual.screen.UPDATE_PERIOD = run.FRAME_PERIOD
    run.NO_FRAME_AFTER = 30.0  # (traced, a key is slow: a frame is waited for, not given up on)
    run._press = _counted_press
    for width, height in sizes:
        floor = sorted(asyncio.run(run._floor_keys(args.keys, (width, height))))
        fmed, fp95 = statistics.median(floor), run.percentile(floor, 0.95)
        print(f"opcodes from a key to its frame at {width}x{height}, {args.keys} keys a game, in thousands; the "
              f"floor {fmed / 1000:.0f}k median, {fp95 / 1000:.0f}k p95 (goal: at most 3x):")
        print(f"  {'':<22} {'median':>7} {'p95':>7}   {'ratio':>5} {'p95':>5}")
        for info in run.chosen_games():
            try:
                counts, _, note = asyncio.run(run._keys_on(info, args.keys, (width, height)))
            except Exception as exc:  # a screen the driver cannot drive: say why in a line, go on
                counts, note = [], f"skipped, could not be driven: {type(exc).__name__}: {exc}"
            if not counts:
                print(f"  {info.id:<22} {run.one_line(note or 'skipped: no key drew a frame')}")
                continue
            counts.sort()
            med, p95 = statistics.median(counts), run.percentile(counts, 0.95)
            print(f"  {info.id:<22} {med / 1000:7.0f} {p95 / 1000:7.0f}   {med / fmed:4.1f}x {p95 / fp95:4.1f}x"
                  f"{'   ' + run.one_line(note, 120) if note else ''}")


if __name__ == "__main__":
    main()
