"""Steady parts, by counts: a part that keeps its height for fewer lines (the action bar, a hand) lays
nothing out and moves nothing, and gives the room back at the next layout."""

import pytest
from rich.text import Text
from textual._compositor import Compositor
from textual.app import App
from textual.geometry import Region

from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.widgets.common import Action, ActionBar, Drawn
from tabletop_tui.ui.widgets.grid import TextLines
from test_ui_frames import Counts, quiet, scene_app
from ui_helpers import settle


class SteadyApp(App):
    def compose(self):
        yield Drawn("", id="hand", steady=True)
        yield TextLines(id="lines", steady=True)
        yield Drawn("", id="other")
        yield ActionBar(id="actions")
        yield Drawn("below", id="below")


def choices(n: int) -> list[Action]:
    return [Action("123456789"[i], f"choice {i}", 0, Move("m", (i,))) for i in range(n)]


async def assert_keeps_most_lines(pilot, screen, part, counts: Counts) -> int:
    """A MostLines part given a line more than it shows, then one line, as many, one again: it lays
    nothing out and moves nothing; a layout for something else leaves it its most lines, the rest blank.
    Returns that most."""
    most = part.region.height + 1
    part.update(Text("\n".join(f"line {i}" for i in range(most))))
    await quiet(pilot, counts)
    assert part.region.height == most, part.id
    places = {w: w.region for w in screen.query("*")}
    for n in (1, most, 1):
        counts.reset()
        part.update(Text("\n".join(f"line {i}" for i in range(n))))
        await quiet(pilot, counts)
        assert counts.layouts == 0 and {w: w.region for w in screen.query("*")} == places, (part.id, n)
    screen.refresh(layout=True)  # a layout for something else: the part keeps its lines
    await quiet(pilot, counts)
    assert {w: w.region for w in screen.query("*")} == places, part.id
    assert [s.text.strip() for s in part.render_lines(Region(0, 0, part.size.width, most))] == \
        ["line 0"] + [""] * (most - 1)
    return most


def lines_of(widget, rows: int) -> list[str]:
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, widget.size.width, rows))]


async def test_a_steady_part_keeps_its_height_for_fewer_lines_and_gives_it_back_at_the_next_layout(monkeypatch):
    layouts = []
    reflow = Compositor.reflow
    monkeypatch.setattr(Compositor, "reflow", lambda self, parent, size: layouts.append(size) or reflow(self, parent, size))
    app = SteadyApp()
    async with app.run_test(size=(40, 24)) as pilot:
        hand, lines = app.query_one("#hand", Drawn), app.query_one("#lines", TextLines)
        bar, below = app.query_one("#actions", ActionBar), app.query_one("#below")
        hand.update("a\nb\nc")
        lines.show_lines([Text("x"), Text("y"), Text("z")])
        bar.set_actions(choices(6))  # two to a row at 40 columns: three rows
        await settle(pilot)
        assert (hand.region.height, lines.region.height, bar.region.height) == (3, 3, 3)
        places = {w: w.region for w in app.query("*")}
        layouts.clear()
        hand.update("a")
        lines.show_lines([Text("x")])
        bar.set_actions(choices(1))
        await settle(pilot)
        assert layouts == []  # fewer lines: nothing laid out, nothing moved
        assert {w: w.region for w in app.query("*")} == places
        assert lines_of(hand, 3) == ["a", "", ""] and lines_of(lines, 3) == ["x", "", ""]
        assert lines_of(bar, 3)[1:] == ["", ""]
        hand.update("a\nb")  # as many lines as it holds, or fewer: still nothing laid out
        bar.set_actions(choices(4))
        await settle(pilot)
        assert layouts == [] and {w: w.region for w in app.query("*")} == places
        hand.update("a\nb\nc\nd")  # more: laid out once, at the lines each part needs now, but the
        await settle(pilot)  # action bar's: the most rows it has had, up to an eighth of the screen (3)
        assert len(layouts) == 1
        assert (hand.region.height, lines.region.height, bar.region.height) == (4, 1, 3)
        assert below.region.y == bar.region.bottom
        layouts.clear()
        for n in (1, 6, 2, 5):  # one row, three, and between: the bar keeps its three, lays nothing out
            bar.set_actions(choices(n))
            await settle(pilot)
        assert layouts == [] and bar.region.height == 3
        bar.set_actions(choices(8))  # four rows, past an eighth of the screen: laid out at them
        await settle(pilot)
        assert len(layouts) == 1 and bar.region.height == 4
        bar.set_actions(choices(1))
        app.query_one("#other", Drawn).update("a\nb")  # the next layout gives back the row past an
        await settle(pilot)  # eighth of the screen
        assert len(layouts) == 2 and bar.region.height == 3 and below.region.y == bar.region.bottom


async def test_a_part_that_is_not_steady_follows_its_lines(monkeypatch):
    layouts = []
    reflow = Compositor.reflow
    monkeypatch.setattr(Compositor, "reflow", lambda self, parent, size: layouts.append(size) or reflow(self, parent, size))
    app = SteadyApp()
    async with app.run_test(size=(40, 24)) as pilot:
        other = app.query_one("#other", Drawn)
        other.update("a\nb\nc")
        await settle(pilot)
        layouts.clear()
        other.update("a")
        await settle(pilot)
        assert len(layouts) == 1 and other.region.height == 1


def lines(n: int) -> list[Text]:
    return [Text(f"line {i}") for i in range(n)]


#: the parts of a game's table that are steady: (game, part, how it is shown n lines)
STEADY_PARTS = [
    ("seven-handed-poker", "#shp-hand", lambda part, n: part.update(Text("\n").join(lines(n)))),
    ("second-story", "#ss-night", lambda part, n: part.show_lines(lines(n))),
    ("thief-dice", "#td-thieves", lambda part, n: part.update(Text("\n").join(lines(n)))),
]


@pytest.mark.parametrize("game_id, part_id, show", STEADY_PARTS, ids=[p[0] for p in STEADY_PARTS])
async def test_a_steady_part_of_a_table_lays_nothing_out_for_fewer_lines(make_app, store, monkeypatch, game_id,
                                                                          part_id, show):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        part = app.screen.query_one(part_id)
        most = part.region.height + 1  # a line more than it has
        show(part, most)
        await quiet(pilot, counts)
        places = {w: w.region for w in app.screen.query("*")}
        assert part.region.height == most
        counts.reset()
        for n in (1, most - 1, most):
            show(part, n)
            await quiet(pilot, counts)
            assert counts.layouts == 0 and {w: w.region for w in app.screen.query("*")} == places, n
