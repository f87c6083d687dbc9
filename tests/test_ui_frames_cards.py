"""What one key costs the screens of the card games that hide hands (Darwinian Poker, The Syndicate,
Shipwreck!, Penniless and Insane, Seven-Handed Poker), by counts: a part of the table whose look and
place did not change is not rendered again; no layout of the screen where no size changed; and the
card widgets themselves (a hand, a row of spots) draw nothing again for the cards they already show
and lay the screen out only when their height changes.

Frames and layouts are counted as in tests/test_ui_frames.py (Textual's frame timer lifted)."""

import random

import pytest
from textual import events
from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Static

from test_ui_frames import Counts, move_key, places, quiet, scene_app
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import CardHand, CardWidget, Spot, SpotRow
from tabletop_tui.ui.widgets.things import RowsDrawn

GAMES = ["darwinian-poker", "the-syndicate", "shipwreck", "penniless-and-insane", "seven-handed-poker"]


def counted(monkeypatch) -> Counts:
    """Counts, where a card widget's drawing of its lines (it draws them itself, by the line API) counts
    as a rendering too."""
    counts = Counts(monkeypatch)
    draw = CardWidget._draw

    def counted_draw(widget, width):
        counts.renders[widget] = counts.renders.get(widget, 0) + 1
        return draw(widget, width)

    monkeypatch.setattr(CardWidget, "_draw", counted_draw)
    return counts


def table_parts(screen) -> list:
    """The parts of the table that draw something (not the containers)."""
    return [w for w in screen.query("#table *") if w.display and not w.children]


def look(widget) -> tuple:
    """What the widget shows: its lines, each as its segments (text and style)."""
    if not widget.region:
        return ()
    width, height = widget.size
    lines = widget.render_lines(Region(0, 0, width, height))
    return tuple(tuple((seg.text, seg.style) for seg in strip) for strip in lines)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_a_move_key_renders_only_the_parts_of_the_table_that_changed(make_app, store, monkeypatch, game_id,
                                                                          size):
    counts = counted(monkeypatch)
    app = scene_app(make_app, store, game_id)
    rnd = random.Random(5)
    pressed = kept_sizes = unchanged_parts = 0
    async with app.run_test(size=size) as pilot:
        await quiet(pilot, counts)
        while pressed < 10:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            if screen.session.over() or not screen.session.human_to_act():
                break
            key = move_key(screen, rnd)
            assert key, "a person is to move and no key makes a move"
            before = places(screen)
            parts = table_parts(screen)
            looks = {w: look(w) for w in parts}
            counts.reset()
            app.post_message(events.Key(key, key))
            await quiet(pilot, counts)
            if screen.session.over():
                break  # the results come next: another screen
            pressed += 1
            where = f"{game_id} at {size}, key {key!r} (press {pressed})"
            resized = places(screen) != before
            if not resized:
                kept_sizes += 1
                assert counts.layouts == 0, f"{where}: {counts.layouts} layouts, though no size changed"
                assert counts.frames == 1, f"{where}: {counts.frames} frames"
            for widget in parts:
                renders = counts.renders.get(widget, 0)
                if before.get(widget) == widget.region and looks[widget] == look(widget):
                    unchanged_parts += 1
                    assert renders == 0, f"{where}: {widget} rendered {renders} times, though it did not change"
                elif before.get(widget) == widget.region:
                    assert renders <= 1, f"{where}: {widget} rendered {renders} times"
    assert pressed >= 5
    assert kept_sizes >= 1  # the case of no layout at all was seen
    assert unchanged_parts >= 1  # and a part that did not change


class HandApp(App):
    def compose(self):
        yield CardHand(["AS", "KH", "7C"], id="hand")
        yield Static("below", id="below")


async def test_a_hand_draws_again_only_what_changed_and_lays_out_only_for_a_new_height(monkeypatch):
    counts = counted(monkeypatch)
    app = HandApp()
    async with app.run_test(size=(40, 20)) as pilot:
        hand = app.query_one(CardHand)
        below = app.query_one("#below")
        await quiet(pilot, counts)
        steps = [
            (lambda: hand.set_cards(["AS", "KH", "7C"]), 0, 0),  # the same cards: nothing
            (lambda: hand.set_cards(["2D", "3D", "4D"]), 0, 1),  # other cards, one row as before
            (lambda: hand.set_cards(["2D", "3D"]), 0, 1),  # fewer: still one row
            (lambda: hand.set_cards(["2D", "3D"], pick="many"), 1, 1),  # a row higher: marked cards rise
            (lambda: hand.set_cards(["2D", "3D"], marked=[1]), 0, 1),  # a card marked, in its place
            (lambda: hand.set_cards(["2D", "3D"], marked=[1]), 0, 0),
            (lambda: hand.set_cards([f"{r}S" for r in "23456789"] + ["10S", "JS", "QS", "KS", "AS"]), 1, 1),  # two rows
        ]
        for i, (step, layouts, renders) in enumerate(steps):
            counts.reset()
            step()
            await quiet(pilot, counts)
            assert (counts.layouts, counts.renders.get(hand, 0)) == (layouts, renders), f"step {i}"
            assert below.region.y == hand.region.bottom  # laid out where the height changed
        assert hand.marked == []  # new cards, marks cleared


class SpotApp(App):
    def compose(self):
        yield SpotRow([Spot(label=str(i + 1)) for i in range(7)], id="row")
        yield Static("below", id="below")


async def test_a_row_of_spots_draws_again_only_what_changed(monkeypatch):
    counts = counted(monkeypatch)
    app = SpotApp()
    async with app.run_test(size=(70, 20)) as pilot:
        row = app.query_one(SpotRow)
        await quiet(pilot, counts)
        empty = [Spot(label=str(i + 1)) for i in range(7)]
        one = [Spot(("AS",), ("KH",), label=str(i + 1)) for i in range(7)]
        many = [Spot(tuple(["AS"] * 6), (), label=str(i + 1)) for i in range(7)]
        steps = [
            (empty, 0, 0),  # the same: nothing
            (one, 0, 1),  # a card on each side: as high as before
            (many, 1, 1),  # more cards than fit a line: higher
            (many, 0, 0),
        ]
        for i, (spots, layouts, renders) in enumerate(steps):
            counts.reset()
            row.set_spots(spots)
            await quiet(pilot, counts)
            assert (counts.layouts, counts.renders.get(row, 0)) == (layouts, renders), f"step {i}"
            assert app.query_one("#below").region.y == row.region.bottom



TEXTS = [
    Text("one line"),
    Text.assemble(("Plot 3: ", "bold"), ("Ada's scheme", "bold green"), "\n", ("╭────╮", "dim"), " x\n\nlast"),
    Text("ends with a new line\n", style="italic"),
    Text("a line far too long to fit the part's width wraps onto the next lines as it would anyway " * 2),
    Text(""),
]


class RowsApp(App):
    CSS = "Static { width: 30; }"

    def compose(self):
        yield Static(id="plain")
        yield RowsDrawn(id="rows")


@pytest.mark.parametrize("index", range(len(TEXTS)))
async def test_a_part_drawn_a_line_at_a_time_looks_as_a_static_does(monkeypatch, index):
    counts = Counts(monkeypatch)
    app = RowsApp()
    async with app.run_test(size=(40, 20)) as pilot:
        plain, rows = app.query_one("#plain", Static), app.query_one("#rows", RowsDrawn)
        for text in (TEXTS[index], Text("something else\nentirely"), TEXTS[index]):
            plain.update(text)
            rows.update(text.copy())
            await quiet(pilot, counts)
            assert rows.size == plain.size
            assert look(rows) == look(plain)


async def test_a_part_drawn_a_line_at_a_time_draws_only_its_new_lines(monkeypatch):
    counts = Counts(monkeypatch)
    drawn = []
    render = Content.render_strips

    def counted(content, *args, **kwargs):
        drawn.append(content.plain.lstrip("\n"))  # (a line is drawn below blank lines: its place)
        return render(content, *args, **kwargs)

    monkeypatch.setattr(Content, "render_strips", counted)
    app = RowsApp()
    async with app.run_test(size=(40, 20)) as pilot:
        rows = app.query_one("#rows", RowsDrawn)
        rows.update(Text("head\ncard one\ncard two"))
        await quiet(pilot, counts)
        drawn.clear()
        rows.update(Text("head\ncard one\ncard three"))
        await quiet(pilot, counts)
        assert drawn == ["card three"]
        drawn.clear()
        rows.update(Text("head\ncard one\ncard two"))  # seen before: nothing drawn
        await quiet(pilot, counts)
        assert drawn == []
