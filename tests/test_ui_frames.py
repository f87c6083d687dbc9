"""What one key that makes a move costs the screen, by counts: frames drawn, layouts of the whole
screen, renderings of each part of the table and of the move log's lines.

Textual's frame timer is lifted here (as in benchmarks/run.py), so that no frame is saved by two
changes falling within the same sixtieth of a second: each count is what the work asks for."""

import random

import pytest
import textual.screen
from rich.text import Text
from textual import events
from textual._compositor import Compositor
from textual.app import App
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import RichLog

from tabletop_tui import catalog
from tabletop_tui.rules.engine import Event
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.common import Drawn, MoveLog


class Counts:
    """Frames drawn, full layouts of the screen, and renderings by widget, from `reset` on."""

    def __init__(self, monkeypatch) -> None:
        self.frames = self.layouts = 0
        self.renders: dict[Widget, int] = {}
        self.log_lines: list[int] = []  # the log's lines rendered, by their index in the log
        counts = self
        refresh, reflow, render = Screen._compositor_refresh, Compositor.reflow, Widget._render_content
        line = RichLog.render_line

        def counted_refresh(screen) -> None:
            counts.frames += screen is screen.app.screen
            refresh(screen)

        def counted_reflow(compositor, parent, size):
            counts.layouts += 1
            return reflow(compositor, parent, size)

        def counted_render(widget) -> None:
            counts.renders[widget] = counts.renders.get(widget, 0) + 1
            render(widget)

        def counted_line(log, y: int):
            counts.log_lines.append(log.scroll_offset.y + y)
            return line(log, y)

        monkeypatch.setattr(Screen, "_compositor_refresh", counted_refresh)
        monkeypatch.setattr(Compositor, "reflow", counted_reflow)
        monkeypatch.setattr(Widget, "_render_content", counted_render)
        monkeypatch.setattr(RichLog, "render_line", counted_line)
        # the screen's update timer, read when a screen makes it: lifted, so that every change that
        # asks for a frame of its own gets one
        monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", 0.0001)

    def reset(self) -> None:
        self.frames = self.layouts = 0
        self.renders.clear()
        self.log_lines.clear()


async def quiet(pilot, counts: Counts) -> None:
    """Wait until what a key set going has settled: no new frame over several pauses."""
    still = 0
    while still < 3:
        seen = counts.frames
        await pilot.pause(0.02)
        still = still + 1 if counts.frames == seen else 0


def places(screen) -> dict:
    """Where each widget of the screen is, and how big."""
    return {w: w.region for w in screen.query("*")}


def move_key(screen, rnd: random.Random) -> str | None:
    """A key that makes a move for the person to act: one of the action bar's, or a square of a board
    whose moves are typed on it."""
    seat = screen.session.human_to_act()[0]
    keys = [a.key for a in screen.query_one("#actions").actions if a.key]
    keys += [str(m.args[0] + 1) for m in screen.game.legal_moves(seat)
             if m.kind == "place" and isinstance(m.args[0], int) and m.args[0] < 9]
    return rnd.choice(keys) if keys else None


# a card game, a dice game and a board game
@pytest.mark.parametrize("game_id", ["second-story", "thief-dice", "pontifuse"])
async def test_a_move_key_costs_one_frame_and_a_layout_only_where_a_size_changed(make_app, store, monkeypatch,
                                                                                 game_id):
    counts = Counts(monkeypatch)
    info = catalog.get(game_id)
    players, seed, options, moves = info.screenshot_scene()
    session = Session.new(game_id, players, seed, options, [], store)
    session.autoplay(moves)
    session.release()
    app = make_app(start={"save": session.save_id}, force_curtain=False)
    rnd = random.Random(3)
    pressed = kept_sizes = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        while pressed < 8:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            if screen.session.over() or not screen.session.human_to_act():
                break
            key = move_key(screen, rnd)
            assert key, "a person is to move and no key makes a move"
            before, moves_before = places(screen), len(screen.game.history)
            table = [w for w in screen.query("#table *") if isinstance(w, Drawn)]
            counts.reset()
            app.post_message(events.Key(key, key))
            await quiet(pilot, counts)
            assert len(screen.game.history) > moves_before, f"{key!r} made no move"
            if screen.session.over():
                break  # the results come next: another screen
            pressed += 1
            resized = places(screen) != before
            kept_sizes += not resized
            where = f"{game_id}, key {key!r} (press {pressed})"
            # one frame, and no layout, where no size changed; one layout where one did (and the
            # scroll bars it moved drawn in a frame after it)
            assert counts.frames >= 1, where
            assert counts.layouts <= (1 if resized else 0), f"{where}: {counts.layouts} layouts"
            assert counts.frames <= (2 if resized else 1), f"{where}: {counts.frames} frames"
            # each part of the table rendered at most once for the key (so at most once a frame)
            for widget in table:
                assert counts.renders.get(widget, 0) <= 1, f"{where}: {widget} rendered {counts.renders[widget]} times"
            # the move log: its new lines only (where it grew, the old lines it now has room for too)
            log = screen.query_one("#log", MoveLog)
            assert len(counts.log_lines) == len(set(counts.log_lines)), f"{where}: a line rendered twice"
            if log.region == before[log]:
                new = len(log.lines) - len(counts.log_lines)
                assert all(i >= new for i in counts.log_lines), f"{where}: old lines rendered again"
    assert pressed >= 4
    assert kept_sizes >= 1  # the case of no layout at all was seen


class LogApp(App):
    def compose(self):
        yield MoveLog(id="log")


def events_of(*texts: str) -> list[Event]:
    return [Event(text) for text in texts]


@pytest.mark.parametrize("before", [3, 40])  # a log with room to spare, and a full one that scrolls
async def test_a_move_log_given_one_event_renders_only_its_new_lines(monkeypatch, before):
    counts = Counts(monkeypatch)
    app = LogApp()
    async with app.run_test(size=(30, 12)) as pilot:
        log = app.query_one(MoveLog)
        log.add(events_of(*(f"move {i}" for i in range(before))))
        await quiet(pilot, counts)
        lines = len(log.lines)
        counts.reset()
        log.add(events_of("Ada takes the Crown of Knots and ends her turn with nine points"))
        await quiet(pilot, counts)
        added = len(log.lines) - lines
        assert added >= 2  # the long event wrapped
        assert sorted(counts.log_lines) == list(range(lines, lines + added))
        assert counts.layouts == 0
        assert counts.frames == 1
        # and it shows: the newest line at the bottom of a full log
        shown = [log.render_line(y).text for y in range(log.scrollable_content_region.height)]
        assert "nine points" in " ".join(" ".join(shown).split())
        assert log.scroll_offset.y == log.max_scroll_y


async def test_a_drawn_part_lays_the_screen_out_only_when_its_size_changes(monkeypatch):
    counts = Counts(monkeypatch)

    class PartApp(App):
        def compose(self):
            yield Drawn("one\ntwo", id="part")
            yield Drawn("below", id="below")

    app = PartApp()
    async with app.run_test(size=(30, 10)) as pilot:
        part = app.query_one("#part", Drawn)
        await quiet(pilot, counts)
        steps = [
            ("three\nfour", 0, 1),  # as high: drawn again, no layout
            ("three\nfour", 0, 0),  # the same: nothing at all
            (Text("five\nsix", style="bold"), 0, 1),
            ("seven", 1, 1),  # lower: the part below moves up
            ("a\nb\nc", 1, 1),
        ]
        for content, layouts, renders in steps:
            counts.reset()
            part.update(content)
            await quiet(pilot, counts)
            assert (counts.layouts, counts.renders.get(part, 0)) == (layouts, renders), content
            assert app.query_one("#below").region.y == len(str(content).splitlines())
