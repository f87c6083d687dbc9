"""A pool table seen from above, drawn at twice the terminal's vertical resolution: each cell is two
pixels, its upper half the foreground of `▀` and its lower half the background. The head rail is on
the left, the foot rail on the right, the table's left rail (y = 0) at the top. Drawn: the rails with
their diamonds, the cloth, the six pockets, the Head String (a dotted line), the Head, Center and Foot
Spots, the balls in their colours (stripes with a white band) and, where a ball is at least three
pixels wide, its number on it; the ghost line of the aim, from the cue ball to the first ball it would
meet (with the ghost ball where the cue ball would touch it) or to the cushion. The last line is the
status: the aim's angle, the power meter and the keys.

Keys while aiming (`aiming` True): ← → turn the aim (coarse, 2 degrees), with shift or ctrl finely
(0.25 degrees); ↑ ↓ or + - the power by a tenth, 1-9 and 0 set it (10%..100%); Space or Enter shoots.
While the balls roll: Space, Enter, Escape or s skips to where they stop. Other keys go on to the
screen. `place_cue(behind_head_string)` gives the cue ball in hand: the arrows move it (2 inches, with
shift or ctrl a quarter of that), Enter or Space puts it down where it touches no ball and posts
`PoolTable.Placed(position)`; then the keys aim again. `shoot(angle, power)` plays a shot the caller chose
(the computer's); `replay(outcome, angle, power, cue)` a recorded one (simulated again for its frames
alone: the outcome shown at the end is the one recorded); `play(outcome, frames)` an already simulated
one. When the balls stop the widget posts `PoolTable.Shot(outcome)` (and takes the outcome's resting
places as the table's positions).

The shot's simulation runs in a thread (a Textual worker) once the widget is mounted, started after the
frame of the key that shot is drawn: the status says "Rolling..." at once, and the animation starts when
the simulation is done (`pending` meanwhile; keys wait). `stroke` keeps the last shot's cue ball place,
angle and power (the record's).

`call` (One Ball's called ball and pocket) is drawn on the table: a ring round the ball, the pocket in
the call's colour; with `calling` on and the call not fixed by the player (`call_fixed`), it follows the
aim: the ball the ghost line meets, and the pocket that ball would go straight at.

Drawn line by line (Textual's line API, `render_line`): the table without balls (cloth, rails,
pockets, string, spots) is worked out once per size as two pixel rows a line and kept as strips; a
line with something on it (a ball, the ghost line) is drawn from those pixels with its overlay and kept
in a cache under a key made of the overlay, so that after a change only the lines whose key moved are
refreshed (`refresh(Region)` of those lines alone): while aiming, the lines of the ghost line; while
the balls roll, the lines of the balls that moved."""

from __future__ import annotations

import gc
import math
from functools import lru_cache
from typing import Any, Mapping

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.worker import Worker, WorkerState

from tabletop_tui.pool.physics import (CENTER_SPOT, FOOT_SPOT, FRAME_DT, HEAD_SPOT, HEAD_STRING, LENGTH,
                                       POCKETS, WIDTH, R, aim_line, normalise, simulate_shot)

CLOTH = "#17704a"
RAIL = "#5b3a1e"
DIAMOND = "#d8c48a"
POCKET = "#000000"
STRING = "#3c9a6e"
SPOT = "#b8e8cc"
GHOST = "#9fb8ac"
GHOST_BALL = "#6f8f80"
CUE = "#f4f4f0"
STRIPE = "#f4f4f0"
COLOURS = {1: "#f2c515", 2: "#1f4fd8", 3: "#d42a2a", 4: "#6a2a9a", 5: "#f07810", 6: "#45b02a", 7: "#8a1f1f",
           8: "#101010"}
COARSE = math.radians(2.0)
FINE = math.radians(0.25)
CACHED_LINES = 600
STATUS_STYLE = Style(color="#e0e0e0", bgcolor="#202020")
METER_ON = Style(color="#f0c040", bgcolor="#202020")
METER_OFF = Style(color="#505050", bgcolor="#202020")
CALLED = "#ffd21f"


def ball_colour(number: int) -> str:
    return CUE if number == 0 else COLOURS[(number - 1) % 8 + 1 if number <= 8 else number - 8]


@lru_cache(maxsize=4096)
def _half(top: str, bottom: str) -> Style:
    return Style(color=top, bgcolor=bottom)


@lru_cache(maxsize=1024)
def _label(fg: str, bg: str) -> Style:
    return Style(color=fg, bgcolor=bg, bold=True)


class PoolTable(Widget, can_focus=True):
    DEFAULT_CSS = """
    PoolTable { width: 1fr; height: 1fr; min-height: 8; }
    """
    frame_period = FRAME_DT  # seconds between the animation's frames (the physics samples at this rate)

    class Shot(Message):
        """The balls have stopped: the shot's outcome (pool_outcome.md)."""

        def __init__(self, outcome: dict[str, Any]) -> None:
            super().__init__()
            self.outcome = outcome

    class Placed(Message):
        """The cue ball in hand was put down here (table inches)."""

        def __init__(self, position: tuple[float, float]) -> None:
            super().__init__()
            self.position = position

    def __init__(self, positions: Mapping[Any, Any] | None = None, aiming: bool = True, angle: float = 0.0,
                 power: float = 0.5, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.positions: dict[int, tuple[float, float]] = normalise(positions or {})
        self.aiming = aiming
        self.angle = angle
        self.power = power
        self.frames: list[dict[int, tuple[float, float]]] = []
        self.frame = 0
        self.frames_played = 0  # frames of the last shot shown before it ended (or was skipped)
        self.outcome: dict[str, Any] | None = None
        self._timer: Any = None
        self._drawn = (0, 0)
        self._geometry = (1.0, 0.0, 0.0)  # pixels an inch, x and y of the surface's corner in pixels
        self._base: list[tuple[list[str], list[str]]] = []  # a line's top and bottom pixel colours
        self._base_strips: list[Strip] = []
        self._keys: list[tuple[Any, ...]] = []  # each line's overlay as drawn
        self._texts: dict[int, list[tuple[int, str, Style]]] = {}
        self._pixels: dict[int, dict[int, str]] = {}
        self._cache: dict[tuple[Any, ...], Strip] = {}
        self._status: tuple[str, Strip] | None = None
        self.lines_drawn = 0  # lines drawn anew (not from the cache): for the tests
        self.placing: float | None = None  # cue ball in hand: the farthest x it may go to, else None
        self.pending = False  # a shot is being simulated (in a thread): the animation follows
        self.stroke: tuple[tuple[float, float], float, float] | None = None  # the last shot's cue place, angle, power
        self._recorded: dict[str, Any] | None = None  # the outcome to show of the shot being simulated again
        self.calling = False  # One Ball: the shot is called (drawn; follows the aim unless fixed)
        self.call: tuple[int, str] | None = None
        self.call_fixed = False
        self._gc_held: tuple[int, int, int] | None = None  # the collector's thresholds while the balls roll

    # --- state ---------------------------------------------------------------------------------

    @property
    def rolling(self) -> bool:
        return bool(self.frames) or self.pending

    def set_positions(self, positions: Mapping[Any, Any]) -> None:
        self.positions = normalise(positions)
        self.follow_aim()
        self._changed()

    def aim(self, angle: float) -> None:
        self.angle = angle % math.tau
        self.follow_aim()
        self._changed(status=True)

    def set_call(self, call: tuple[int, str] | None, fixed: bool = True) -> None:
        self.call = call
        self.call_fixed = fixed and call is not None
        self._changed(status=True)

    def follow_aim(self) -> None:
        """The call follows the aim (unless the player fixed it): the ball the ghost line meets, into the
        pocket nearest its way (from the ghost ball through the ball)."""
        if not self.calling or self.call_fixed or 0 not in self.positions:
            return
        (gx, gy), hit = aim_line(self.positions, self.angle)
        if hit is None:
            return
        bx, by = self.positions[hit]
        way = math.atan2(by - gy, bx - gx)

        def off(name: str) -> float:
            px, py = POCKETS[name]
            return abs((math.atan2(py - by, px - bx) - way + math.pi) % math.tau - math.pi)

        self.call = (hit, min(POCKETS, key=off))

    def set_power(self, power: float) -> None:
        self.power = round(min(1.0, max(0.1, power)), 2)
        self._changed(status=True)

    def place_cue(self, behind_head_string: bool = True, start: tuple[float, float] | None = None) -> None:
        """Cue ball in hand: the arrows move it (shift: finely), Enter or Space puts it down (where it
        touches no ball) and posts `Placed`; behind the Head String it stays at x < 25."""
        limit = HEAD_STRING - 0.01 if behind_head_string else LENGTH - R
        x, y = start or self.positions.get(0) or (HEAD_SPOT[0] - 5.0, HEAD_SPOT[1])
        self.positions = {**self.positions, 0: (min(max(x, R), limit), min(max(y, R), WIDTH - R))}
        self.placing = limit
        self._changed(status=True)

    def _move_cue(self, dx: float, dy: float) -> None:
        assert self.placing is not None
        x, y = self.positions[0]
        self.positions = {**self.positions, 0: (min(max(x + dx, R), self.placing), min(max(y + dy, R), WIDTH - R))}
        self._changed(status=True)

    def cue_free(self) -> bool:
        """The cue ball touches no other ball where it is."""
        cx, cy = self.positions[0]
        return all((x - cx) ** 2 + (y - cy) ** 2 >= (2 * R) ** 2 for n, (x, y) in self.positions.items() if n != 0)

    def shoot(self, angle: float | None = None, power: float | None = None, seed: int | None = None) -> None:
        """Strike the cue ball (at the aim and power shown, unless given) and animate the shot: simulated in
        a thread once mounted (the status says so at once), here and now otherwise."""
        if self.rolling or 0 not in self.positions:
            return
        angle = self.angle if angle is None else angle
        power = self.power if power is None else power
        self.stroke = (self.positions[0], angle, power)
        positions = dict(self.positions)
        if not self.is_mounted:
            outcome, frames = simulate_shot(positions, angle, power, seed)
            self.play(self._recorded or outcome, frames)
            self._recorded = None
            return
        self.pending = True
        self._changed(status=True)
        # The thread starts once the frame that says so is drawn: started at once, it holds Python's lock
        # while that frame is made (the key's frame took over 3x a bare app's)
        self.call_after_refresh(self.run_worker, lambda: simulate_shot(positions, angle, power, seed),
                                group="pool-shot", thread=True, exit_on_error=False)

    def replay(self, outcome: dict[str, Any], angle: float, power: float, cue: tuple[float, float] | None) -> None:
        """Show a recorded shot: the stroke simulated again for its frames, the recorded outcome at the end."""
        if self.rolling:
            return
        if cue is not None:
            self.positions = {**self.positions, 0: (float(cue[0]), float(cue[1]))}
        self._recorded = outcome
        self.shoot(angle, power)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "pool-shot" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                                                                     WorkerState.CANCELLED):
            return
        event.stop()
        self.pending = False
        recorded, self._recorded = self._recorded, None
        if event.state == WorkerState.SUCCESS and event.worker.result is not None:
            outcome, frames = event.worker.result
            self.play(recorded or outcome, frames)
        elif recorded is not None:  # the frames could not be had: the recorded outcome, without them
            self.play(recorded, [])
        else:
            self._changed(status=True)

    def play(self, outcome: dict[str, Any], frames: list[dict[int, tuple[float, float]]]) -> None:
        """Animate a simulated shot, one frame each `FRAME_DT`. Python's full garbage collection waits
        until the balls stop (the garbage of the simulation collected before the first frame): one falling
        in the middle of the animation made a frame of 35-55 ms at 160x48, where drawing one takes 1-2."""
        if self.is_mounted:
            gc.collect()
            if self._gc_held is None:
                self._gc_held = gc.get_threshold()
                gc.set_threshold(self._gc_held[0], self._gc_held[1], max(self._gc_held[2], 1_000_000))
        self.outcome = outcome
        self.frames = frames or [normalise(outcome.get("rest") or self.positions)]
        self.frame = 0
        self.positions = dict(self.frames[0])
        self._changed(status=True)
        if self.is_mounted:
            self._timer = self.set_interval(self.frame_period, self.advance)

    def advance(self) -> None:
        """The next frame of the shot; after the last, the shot is over."""
        if not self.frames:
            return
        self.frame += 1
        if self.frame >= len(self.frames):
            self._finish()
            return
        self.positions = dict(self.frames[self.frame])
        self._changed()

    def skip(self) -> None:
        """To where the balls stop."""
        if self.frames:
            self._finish()

    def _release_gc(self) -> None:
        if self._gc_held is not None:
            gc.set_threshold(*self._gc_held)
            self._gc_held = None

    def on_unmount(self) -> None:
        self._release_gc()

    def _finish(self) -> None:
        self._release_gc()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        outcome = self.outcome
        self.frames_played = self.frame
        self.frames = []
        self.frame = 0
        if outcome is not None and outcome.get("rest") is not None:
            self.positions = normalise(outcome["rest"])
        self._changed(status=True)
        if outcome is not None:
            self.post_message(self.Shot(outcome))

    # --- keys ----------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if self.rolling:
            if key in ("space", "enter", "escape", "s"):
                event.stop()
                self.skip()
            return
        if not self.aiming:
            return
        done = True
        if self.placing is not None:
            steps = {"left": (-2.0, 0.0), "right": (2.0, 0.0), "up": (0.0, -2.0), "down": (0.0, 2.0)}
            base = key.removeprefix("shift+").removeprefix("ctrl+")
            if base in steps:
                scale = 0.25 if base != key else 1.0
                self._move_cue(steps[base][0] * scale, steps[base][1] * scale)
            elif key in ("space", "enter"):
                if self.cue_free():
                    self.placing = None
                    self._changed(status=True)
                    self.post_message(self.Placed(self.positions[0]))
            else:
                done = False
            if done:
                event.stop()
                event.prevent_default()
            return
        if key in ("left", "right"):
            self.aim(self.angle + (COARSE if key == "right" else -COARSE))
        elif key in ("shift+left", "shift+right", "ctrl+left", "ctrl+right"):
            self.aim(self.angle + (FINE if key.endswith("right") else -FINE))
        elif key in ("up", "plus", "equals_sign"):
            self.set_power(self.power + 0.1)
        elif key in ("down", "minus", "underscore"):
            self.set_power(self.power - 0.1)
        elif len(key) == 1 and key.isdigit():
            self.set_power((int(key) or 10) / 10)
        elif key in ("space", "enter"):
            self.shoot()
        else:
            done = False
        if done:
            event.stop()
            event.prevent_default()

    # --- drawing -------------------------------------------------------------------------------

    def _layout(self) -> None:
        """The table's pixels without balls, for the widget's size."""
        width, height = self.size.width, self.size.height
        self._drawn = (width, height)
        rows = max(1, height - 1)  # the last line is the status
        pixels_high = rows * 2
        rail = 2 if width < 120 else 3
        scale = max(0.1, min((width - 2 * rail) / LENGTH, (pixels_high - 2 * rail) / WIDTH))
        table_w = LENGTH * scale + 2 * rail
        table_h = WIDTH * scale + 2 * rail
        left = (width - table_w) / 2 + rail
        top = (pixels_high - table_h) / 2 + rail
        self._geometry = (scale, left, top)
        grid = [[" "] * width for _ in range(pixels_high)]  # " ": the widget's background
        background = "#101010"
        for py in range(pixels_high):
            row = grid[py]
            for px in range(width):
                cx, cy = px + 0.5, py + 0.5
                inside_rail = left - rail <= cx < left + LENGTH * scale + rail and top - rail <= cy < top + WIDTH * scale + rail
                inside_cloth = left <= cx < left + LENGTH * scale and top <= cy < top + WIDTH * scale
                row[px] = CLOTH if inside_cloth else RAIL if inside_rail else background
        # diamonds: every 12.5 inches along the long rails, every 12.5 along the short ones
        for k in range(1, 8):
            if k == 4:
                continue
            x = left + k * 12.5 * scale
            for y in (top - rail / 2, top + WIDTH * scale + rail / 2):
                self._put(grid, x, y, DIAMOND)
        for k in (1, 2, 3):
            y = top + k * 12.5 * scale
            for x in (left - rail / 2, left + LENGTH * scale + rail / 2):
                self._put(grid, x, y, DIAMOND)
        # the Head String, dotted
        sx = left + HEAD_STRING * scale
        for py in range(pixels_high):
            if top <= py + 0.5 < top + WIDTH * scale and py % 2 == 0:
                self._put(grid, sx, py + 0.5, STRING)
        for spot in (HEAD_SPOT, CENTER_SPOT, FOOT_SPOT):
            self._put(grid, left + spot[0] * scale, top + spot[1] * scale, SPOT)
        # pockets: a disc a little bigger than a ball, centred on the pocket's point, pulled outwards
        radius = max(1.0, 1.35 * R * scale + 0.4)
        for name, (x, y) in POCKETS.items():
            px, py = left + x * scale, top + y * scale
            if name.startswith("side"):
                py += (-0.5 if y == 0 else 0.5) * rail * 0.5
            self._disc(grid, px, py, radius, POCKET)
        self._base = [(grid[2 * line], grid[2 * line + 1]) for line in range(rows)]
        self._base_strips = [self._strip(top_row, bottom_row, []) for top_row, bottom_row in self._base]
        self._cache.clear()
        self._keys = [()] * rows
        self._status = None

    @staticmethod
    def _put(grid: list[list[str]], x: float, y: float, colour: str) -> None:
        px, py = int(math.floor(x)), int(math.floor(y))
        if 0 <= py < len(grid) and 0 <= px < len(grid[py]):
            grid[py][px] = colour

    @staticmethod
    def _disc_pixels(x: float, y: float, radius: float) -> list[tuple[int, int]]:
        """The pixels of a disc centred at (x, y) (pixel units): those whose centre lies within the
        radius (and a quarter pixel), always the pixel under the centre."""
        out = [(int(math.floor(x)), int(math.floor(y)))]
        reach = radius + 0.25
        for py in range(int(math.floor(y - reach)), int(math.floor(y + reach)) + 1):
            for px in range(int(math.floor(x - reach)), int(math.floor(x + reach)) + 1):
                if (px + 0.5 - x) ** 2 + (py + 0.5 - y) ** 2 <= reach * reach and (px, py) != out[0]:
                    out.append((px, py))
        return out

    def _disc(self, grid: list[list[str]], x: float, y: float, radius: float, colour: str) -> None:
        for px, py in self._disc_pixels(x, y, radius):
            if 0 <= py < len(grid) and 0 <= px < len(grid[py]):
                grid[py][px] = colour

    def to_pixels(self, x: float, y: float) -> tuple[float, float]:
        scale, left, top = self._geometry
        return left + x * scale, top + y * scale

    def _overlays(self) -> tuple[dict[int, dict[int, str]], dict[int, list[tuple[int, str, Style]]]]:
        """What lies over the cloth: {pixel row: {pixel column: colour}} and the numbers written on
        balls, {line: [(column, text, style)]}."""
        scale = self._geometry[0]
        pixels: dict[int, dict[int, str]] = {}
        texts: dict[int, list[tuple[int, str, Style]]] = {}
        balls = self.positions
        if self.aiming and not self.rolling and self.placing is None and 0 in balls:
            (ex, ey), hit = aim_line(balls, self.angle)
            x0, y0 = self.to_pixels(*balls[0])
            x1, y1 = self.to_pixels(ex, ey)
            steps = max(1, int(math.hypot(x1 - x0, y1 - y0) * 2))
            for k in range(steps + 1):
                if k % 4 == 3:
                    continue  # dotted
                px = int(math.floor(x0 + (x1 - x0) * k / steps))
                py = int(math.floor(y0 + (y1 - y0) * k / steps))
                pixels.setdefault(py, {})[px] = GHOST
            if hit is not None:
                for px, py in self._disc_pixels(x1, y1, R * scale):
                    pixels.setdefault(py, {})[px] = GHOST_BALL
        call = self.call if self.calling else None
        if call is not None and call[1] in POCKETS and not self.rolling:
            px, py = self.to_pixels(*POCKETS[call[1]])
            for qx, qy in self._disc_pixels(px, py, max(1.0, 0.6 * R * scale)):
                pixels.setdefault(qy, {})[qx] = CALLED
            if call[0] in balls:
                bx, by = self.to_pixels(*balls[call[0]])
                for qx, qy in self._disc_pixels(bx, by, R * scale + 1.0):
                    pixels.setdefault(qy, {})[qx] = CALLED
        diameter = 2 * R * scale
        for number, (x, y) in balls.items():
            colour = ball_colour(number)
            px0, py0 = self.to_pixels(x, y)
            disc = self._disc_pixels(px0, py0, R * scale)
            top_row = min(py for _, py in disc)
            for px, py in disc:
                stripe = number > 8 and py == top_row and len(disc) > 2
                pixels.setdefault(py, {})[px] = STRIPE if stripe else colour
            if number and diameter >= 3:
                label = str(number)
                column = int(math.floor(px0)) - (len(label) - 1) // 2
                line = int(math.floor(py0)) // 2
                fg = "#000000" if number in (1, 5, 6) else "#ffffff"
                bg = colour
                if number > 8:
                    fg, bg = colour, STRIPE
                texts.setdefault(line, []).append((column, label, _label(fg, bg)))
        return pixels, texts

    def _strip(self, top_row: list[str], bottom_row: list[str], texts: list[tuple[int, str, Style]]) -> Strip:
        self.lines_drawn += 1
        width = len(top_row)
        written: dict[int, tuple[str, Style]] = {}
        for column, label, style in texts:
            for k, char in enumerate(label):
                if 0 <= column + k < width:
                    written[column + k] = (char, style)
        segments: list[Segment] = []
        start = 0
        while start < width:
            if start in written:
                char, style = written[start]
                segments.append(Segment(char, style))
                start += 1
                continue
            pair = (top_row[start], bottom_row[start])
            end = start + 1
            while end < width and end not in written and (top_row[end], bottom_row[end]) == pair:
                end += 1
            top, bottom = pair
            if top == " " and bottom == " ":
                segments.append(Segment(" " * (end - start)))
            else:
                segments.append(Segment("▀" * (end - start), _half(top, bottom)))
            start = end
        return Strip(segments, width)

    def _changed(self, status: bool = False) -> None:
        """Work out the lines' overlays and refresh the lines whose overlay moved (and the status)."""
        if not self.is_mounted or not self._base:
            return
        if (self.size.width, self.size.height) != self._drawn:
            self._layout()
            self.refresh()
            return
        pixels, texts = self._overlays()
        rows = len(self._base)
        keys: list[tuple[Any, ...]] = [()] * rows
        for py, row in pixels.items():
            line = py // 2
            if 0 <= line < rows:
                keys[line] = keys[line] + ((py % 2, tuple(sorted(row.items()))),)
        for line, written in texts.items():
            if 0 <= line < rows:
                keys[line] = keys[line] + (("text", tuple((c, t, str(s)) for c, t, s in written)),)
        self._texts = texts
        self._pixels = pixels
        regions = [Region(0, line, self._drawn[0], 1) for line in range(rows) if keys[line] != self._keys[line]]
        self._keys = keys
        if status:
            regions.append(Region(0, rows, self._drawn[0], 1))
        if regions:
            self.refresh(*regions)

    def on_resize(self, event: events.Resize) -> None:
        self._layout()
        self._changed()
        self.refresh()

    def on_mount(self) -> None:
        if self.size.width and self.size.height:
            self._layout()
            self._changed()

    def render_line(self, y: int) -> Strip:
        if (self.size.width, self.size.height) != self._drawn or not self._base:
            self._layout()
            self._changed()
        rows = len(self._base)
        if y == rows:
            return self._status_strip()
        if y > rows or y < 0:
            return Strip.blank(self.size.width)
        key = self._keys[y]
        if not key:
            return self._base_strips[y]
        cached = self._cache.get((y, key))
        if cached is not None:
            return cached
        top_row, bottom_row = (list(row) for row in self._base[y])
        for py, target in ((2 * y, top_row), (2 * y + 1, bottom_row)):
            for px, colour in self._pixels.get(py, {}).items():
                if 0 <= px < len(target):
                    target[px] = colour
        strip = self._strip(top_row, bottom_row, self._texts.get(y, []))
        if len(self._cache) >= CACHED_LINES:
            self._cache.clear()
        self._cache[(y, key)] = strip
        return strip

    def status_text(self) -> str:
        if self.pending:
            return " Rolling..."
        if self.rolling:
            return " The balls are rolling: Space, Enter or s to skip to where they stop"
        if self.placing is not None and self.aiming:
            where = "behind the Head String" if self.placing < HEAD_STRING else "anywhere"
            warn = "" if self.cue_free() else "  (on a ball: move it)"
            return f" Cue ball in hand, {where}: arrows move it (shift: finely), Enter puts it down{warn}"
        degrees = math.degrees(self.angle) % 360
        filled = round(self.power * 10)
        meter = "▮" * filled + "▯" * (10 - filled)
        if not self.aiming or self.size.width < 84:  # narrow: the keys are said elsewhere (the prompt, the help)
            return f" Aim {degrees:5.1f}°  Power {meter} {self.power * 100:3.0f}%"
        return (f" Aim {degrees:5.1f}°  Power {meter} {self.power * 100:3.0f}%   ←→ aim (shift: fine)  "
                f"↑↓ power  Space shoot")

    def _status_strip(self) -> Strip:
        text = self.status_text()
        if self._status is not None and self._status[0] == text and self._status[1].cell_length == self.size.width:
            return self._status[1]
        segments = [Segment(text, STATUS_STYLE)]
        if "▮" in text or "▯" in text:
            head, _, rest = text.partition("Power ")
            meter, tail = rest[:10], rest[10:]
            segments = [Segment(head + "Power ", STATUS_STYLE), Segment(meter.replace("▯", ""), METER_ON),
                        Segment(meter.replace("▮", ""), METER_OFF), Segment(tail, STATUS_STYLE)]
        strip = Strip(segments).crop_extend(0, self.size.width, STATUS_STYLE)
        self._status = (text, strip)
        return strip
