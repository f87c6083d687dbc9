"""What one key that makes a move costs the screen, by counts: frames drawn, layouts of the whole
screen, renderings of each part of the table and of the move log's lines.

Textual's frame timer is lifted here (as in benchmarks/run.py), so that no frame is saved by two
changes falling within the same sixtieth of a second: each count is what the work asks for."""

import random
from types import SimpleNamespace

import pytest
import textual.screen
from rich.text import Text
from textual import events
from textual._compositor import Compositor
from textual.app import App
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.widget import Widget

from tabletop_tui import catalog
from tabletop_tui.rules.engine import Event
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.common import Drawn, LineStyles, MoveLog, _LogStyles


class Counts:
    """Frames drawn, full layouts of the screen, and renderings by widget, from `reset` on."""

    def __init__(self, monkeypatch) -> None:
        self.frames = self.layouts = 0
        self.renders: dict[Widget, int] = {}
        self.log_lines: list[int] = []  # the log's lines rendered, by their index in the log
        counts = self
        refresh, reflow, render = Screen._compositor_refresh, Compositor.reflow, Widget._render_content
        line = MoveLog._line_drawn

        def counted_refresh(screen) -> None:
            counts.frames += screen is screen.app.screen
            refresh(screen)

        def counted_reflow(compositor, parent, size):
            counts.layouts += 1
            return reflow(compositor, parent, size)

        def counted_render(widget) -> None:
            counts.renders[widget] = counts.renders.get(widget, 0) + 1
            render(widget)

        def counted_line(log, index: int, scroll_x: int, width: int):
            counts.log_lines.append(index)
            return line(log, index, scroll_x, width)

        monkeypatch.setattr(Screen, "_compositor_refresh", counted_refresh)
        monkeypatch.setattr(Compositor, "reflow", counted_reflow)
        monkeypatch.setattr(Widget, "_render_content", counted_render)
        monkeypatch.setattr(MoveLog, "_line_drawn", counted_line)
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


def lines_asked(monkeypatch) -> dict[str, int]:
    """The lines each widget is asked for by the compositor (by id, else class name), counted from now."""
    asked: dict[str, int] = {}
    render_lines = Widget.render_lines

    def counted_lines(widget, crop):
        name = widget.id or type(widget).__name__
        asked[name] = asked.get(name, 0) + crop.height
        return render_lines(widget, crop)

    monkeypatch.setattr(Widget, "render_lines", counted_lines)
    return asked


def scene_app(make_app, store, game_id: str):
    """The app opening the game's screenshot scene (every seat a person, no curtain)."""
    info = catalog.get(game_id)
    players, seed, options, moves = info.screenshot_scene()
    session = Session.new(game_id, players, seed, options, [], store)
    if game_id == "land-grab":  # its computer players search for seconds a move: random moves, as many
        rnd = random.Random(seed)
        for _ in range(moves):
            seat = session.game.to_act()[0]
            session.play(seat, rnd.choice(session.game.legal_moves(seat)))
    else:
        session.autoplay(moves)
    session.release()
    return make_app(start={"save": session.save_id}, force_curtain=False)


# a card game, a dice game and a board game
@pytest.mark.parametrize("game_id", ["second-story", "thief-dice", "pontifuse"])
async def test_a_move_key_costs_one_frame_and_a_layout_only_where_a_size_changed(make_app, store, monkeypatch,
                                                                                 game_id):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, game_id)
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
            # one frame, and no layout, where no size changed; one layout where one did, and still one
            # frame (the scroll bars it gave a new size drawn in it, not in a frame after it)
            assert counts.layouts <= (1 if resized else 0), f"{where}: {counts.layouts} layouts"
            assert counts.frames == 1, f"{where}: {counts.frames} frames"
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


async def test_the_table_shows_and_hides_its_scroll_bar_in_the_layout_that_needs_it(make_app, store, monkeypatch):
    # Textual finds that a scrolling container needs its scroll bar only after the layout, and lays the
    # screen out again: a second frame, the parts moved by the bar's column
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "second-story")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        table = screen.query_one("#table")
        part = next(w for w in screen.query("#table *") if isinstance(w, Drawn) and w.display)
        assert not table.show_vertical_scrollbar
        width = part.region.width
        for lines, shown in ((40, True), (1, False), (40, True)):
            counts.reset()
            part.update("\n".join(f"line {i}" for i in range(lines)))
            await quiet(pilot, counts)
            assert (counts.layouts, counts.frames) == (1, 1), lines
            assert table.show_vertical_scrollbar == shown and table.vertical_scrollbar.display == shown
            bar = table.styles.scrollbar_size_vertical if shown else 0
            assert part.region.width == width - bar  # laid out beside the bar, or in its room
            assert (table.vertical_scrollbar.region.width > 0) == shown


async def test_a_part_keeps_the_most_lines_it_had_at_this_size_of_the_screen_beside_the_scroll_bar_or_not(
        make_app, store, monkeypatch):
    # The table's scroll bar changes the parts' width by a column. A most kept by the width as well was
    # counted anew at each: The Syndicate's hand, which had needed the bar at the one width, fitted
    # without it at the other, and the bar was shown at one layout and hidden at the next, a layout at
    # every frame without end (80x24, after a hand had wrapped to a line more)
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "the-syndicate")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        hand = app.screen.query_one("#sy-hand")  # a MostLines part
        viewport, width = app.screen.size, hand.region.width
        hand.show_lines([Text(f"card {i}") for i in range(6)])
        assert hand.get_content_height(hand.region, viewport, width) == 6
        hand.show_lines([Text("card 0")])
        for at in (width - 1, width, width - 1):
            assert hand.get_content_height(hand.region, viewport, at) == 6, at
        assert hand.get_content_height(hand.region, Size(81, 24), width) == 1  # (a new size: anew)


async def test_a_width_only_looked_at_to_place_the_scroll_bar_leaves_the_parts_as_laid_out(make_app, store,
                                                                                          monkeypatch):
    # To tell whether the table needs its scroll bar, its parts are arranged at the width beside the bar
    # and at the width without it. Where the bar stays as it is, the other width was only looked at:
    # Textual keeps its arrangement at the width laid out at and does not measure the parts there again,
    # so that a part that noted the other width as its own (Drawn's, to tell whether new content needs a
    # layout) would tell it at the wrong width
    from textual.widgets import Static

    class Wider(Static):
        """Taller where wider (as no part is): shown, the bar is needed; hidden, it is not."""

        def get_content_height(self, container, viewport, width):
            return 30 if width >= wide else 1

    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "second-story")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        table = app.screen.query_one("#table")
        room = table.region.shrink(table.styles.gutter)
        wide = room.width
        assert not table.show_vertical_scrollbar
        part = next(w for w in app.screen.query("#table *") if isinstance(w, Drawn) and w.display)
        laid = (part._laid_width, part._held.width, part._held.height)
        assert laid[0] == room.width - part.styles.gutter.width
        await table.mount(Wider("x"))
        table._clear_arrangement_cache()
        part._box_model_cache.clear()
        table._decide_scroll_bar(room)  # hidden, it needs the bar; shown, not: it stays hidden
        assert not table.show_vertical_scrollbar
        assert (part._laid_width, part._held.width, part._held.height) == laid


async def test_an_action_bar_given_the_same_choices_makes_no_new_text(monkeypatch):
    from tabletop_tui.rules.engine import Move
    from tabletop_tui.ui.widgets.common import Action, ActionBar

    class BarApp(App):
        def compose(self):
            yield ActionBar(id="actions")

    def choices(seat: int, labels: list[str]) -> list[Action]:
        return [Action(str(i + 1), label, seat, Move("m", (seat, i))) for i, label in enumerate(labels)]

    made = []
    update = ActionBar.update
    monkeypatch.setattr(ActionBar, "update", lambda bar, *a, **k: made.append(1) or update(bar, *a, **k))
    app = BarApp()
    async with app.run_test(size=(60, 10)) as pilot:
        bar = app.query_one(ActionBar)
        bar.set_actions(choices(0, ["Fold", "Call", "Raise"]))
        await pilot.pause()
        made.clear()
        bar.set_actions(choices(1, ["Fold", "Call", "Raise"]))  # the next seat, the same choices
        assert made == []
        chosen = []
        bar.post_message = chosen.append
        bar.on_click(SimpleNamespace(x=3, y=0))  # a click on the first choice
        del bar.post_message
        assert [(m.action.key, m.action.seat) for m in chosen] == [("1", 1)]  # the new seat's choice
        bar.set_actions(choices(1, ["Fold", "Call", "All in"]))
        assert made == [1]
        assert "All in" in bar.visual.plain
        bar.set_actions([], "waiting")
        bar.set_actions(choices(1, ["Fold", "Call", "All in"]))
        assert "All in" in bar.visual.plain


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


async def test_a_move_log_finds_its_style_once_for_all_the_lines_it_draws(monkeypatch):
    # Textual finds a widget's style from all its ancestors, and RichLog asks for it twice a line
    from textual.dom import DOMNode

    found = []
    style = DOMNode.rich_style
    monkeypatch.setattr(DOMNode, "rich_style", property(lambda node: found.append(node) or style.fget(node)))
    app = LogApp()
    async with app.run_test(size=(30, 12)) as pilot:
        log = app.query_one(MoveLog)
        log.add(events_of(*(f"Ada plays the {i} of hearts on the pile" for i in range(20))))
        await pilot.pause()
        found.clear()
        log._styles_cache.clear()
        log.render_lines(Region(0, 0, *log.size))  # (every line kept: no style needed)
        assert found.count(log) == 0
        log._drawn.clear()
        log._line_cache.clear()
        log._styles_cache.clear()
        log._styles_cache.forget_lines()
        lines = log.render_lines(Region(0, 0, *log.size))  # every line drawn anew
        assert len(lines) == 12 and found.count(log) == 1
        width = log.scrollable_content_region.width  # (the scroll bar beside)
        assert [strip.text[:width] for strip in lines] == [log.render_line(y).text for y in range(12)]
        assert log.rich_style == style.fget(log)  # (outside a drawing: found when asked)


async def test_a_move_log_renders_its_entries_as_rich_log_renders_them(monkeypatch):
    # the log finds the width to render an entry at without rich's measure of it (every word measured):
    # the same lines as where RichLog measures it
    from rich.measure import Measurement

    measured = []
    get = Measurement.get
    monkeypatch.setattr(Measurement, "get", lambda *args, **kwargs: measured.append(1) or get(*args, **kwargs))

    class TwoLogs(App):
        CSS = "MoveLog { width: 34; height: 40; }"

        def compose(self):
            yield MoveLog(id="log")
            yield MoveLog(id="measured")

    texts = ["a", "Ada plays the 7 of hearts", "Bo\ttakes\tthe pot of\t12", "漢字 the crown of knots " * 3,
             "one more line\nand a second, longer than the first by a few words",
             "averyveryverylongwordwithoutanyspacesinitatallforthewidth and more", "", "  ", "x" * 90]
    app = TwoLogs()
    async with app.run_test(size=(80, 84)) as pilot:
        await pilot.pause()
        log, theirs = app.query_one("#log", MoveLog), app.query_one("#measured", MoveLog)
        theirs._render_width = lambda text: None  # (RichLog measures)
        for i, text in enumerate(texts):
            styled = Text(text, style="bold" if i % 2 else "")
            styled.stylize("red", 0, 3)
            log.note(styled.copy())
            theirs.note(styled.copy())
        await pilot.pause()
        assert len(log.lines) > len(texts)
        assert [list(strip) for strip in log.lines] == [list(strip) for strip in theirs.lines]
        assert log._widest_line_width == theirs._widest_line_width
        measured.clear()
        log.note(Text("Cy passes."))
        assert measured == []


async def test_a_move_log_makes_entries_of_one_cell_a_character_into_the_lines_rich_renders():
    # an entry of one style whose characters are each a cell wide is cut into lines without rich (its
    # wrapping done a character to a cell): the lines RichLog renders, at each width
    class TwoLogs(App):
        CSS = "MoveLog { height: 1fr; }"

        def compose(self):
            yield MoveLog(id="log")
            yield MoveLog(id="rich")

    rnd = random.Random(3)
    words = ["a", "Ada", "plays", "the", "7♥", "—", "café", "•", "x" * 45, "non\xa0breaking", "", " ", "end."]
    texts = [" ".join(rnd.choice(words) for _ in range(rnd.randint(1, 14))) for _ in range(60)]
    texts[:3] = ["  two leading spaces", "trailing spaces   " * 3, "y" * 130]
    app = TwoLogs()
    async with app.run_test(size=(47, 24)) as pilot:
        log, theirs = app.query_one("#log", MoveLog), app.query_one("#rich", MoveLog)
        theirs._one_cell_lines = lambda text, room: None  # (rich renders)
        made = []
        at_once = log._one_cell_lines
        log._one_cell_lines = lambda text, room: made.append(text) or at_once(text, room)
        for width in (47, 23):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            for i, text in enumerate(texts):
                log.note(Text(text, style=("", "bold red", "italic")[i % 3]))
                theirs.note(Text(text, style=("", "bold red", "italic")[i % 3]))
            await pilot.pause()
            assert [list(strip) for strip in log.lines] == [list(strip) for strip in theirs.lines], width
            assert [strip.cell_length for strip in log.lines] == [strip.cell_length for strip in theirs.lines]
            assert log._widest_line_width == theirs._widest_line_width
            assert log.virtual_size == theirs.virtual_size
        assert len(made) >= len(texts)  # (made at once, not by rich)


async def test_a_move_log_drawn_anew_for_the_next_person_renders_no_entry_it_drew_before(monkeypatch):
    app = LogApp()
    async with app.run_test(size=(30, 12)) as pilot:
        log = app.query_one(MoveLog)
        entries = events_of(*(f"Ada plays the {i} of hearts on the {i}th pile: the target is Bo's" for i in range(30)))
        log.add(entries[:-1])
        await pilot.pause()
        drawn = [(strip.text, [s.style for s in strip]) for strip in log.lines]
        log.add(entries[-1:])
        rendered = []  # the entries made into lines: by rich, or at once (one cell to a character)
        render, at_once = type(app.console).render, MoveLog._one_cell_lines
        monkeypatch.setattr(type(app.console), "render",
                            lambda console, *args, **kwargs: (isinstance(args[0], Text) and rendered.append(args[0]))
                            or render(console, *args, **kwargs))

        def made_at_once(log, text, room):
            made = at_once(log, text, room)
            if made is not None:
                rendered.append(text)
            return made

        monkeypatch.setattr(MoveLog, "_one_cell_lines", made_at_once)
        log.clear()
        log.add(entries[:-1] + events_of("Bo passes."))  # the log as the next person reads it
        await pilot.pause()
        assert [str(r) for r in rendered] == ["• Bo passes."]  # only the entry it had not drawn
        assert [(strip.text, [s.style for s in strip]) for strip in log.lines][:len(drawn)] == drawn
        assert log.lines[-1].text.strip() == "• Bo passes."
        assert log.virtual_size.height == len(log.lines) and log.scroll_offset.y == log.max_scroll_y
        rendered.clear()
        await pilot.resize_terminal(40, 12)  # another width: rendered anew
        await pilot.pause()
        assert len(rendered) == len(entries)


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


def _random_table(cls, rnd: random.Random):
    """A table of the kinds the screens draw (no box, one cell of padding), its columns fixed, fitted,
    stretched or folded, its cells styled text of one line, in random measure."""
    styles = ["", "bold", "dim", "bold green", "red on blue", "italic"]
    table = cls(box=None, padding=(0, 1), show_edge=rnd.random() < 0.5, header_style=rnd.choice(styles),
                expand=rnd.random() < 0.5, show_header=rnd.random() < 0.8)
    columns = rnd.randint(1, 5)
    for _ in range(columns):
        table.add_column(rnd.choice(["", "Steals", "Pts (of 5)", "x"]), width=rnd.choice([None, None, 1, 4]),
                         no_wrap=rnd.random() < 0.7, overflow=rnd.choice(["ellipsis", "fold", "crop"]),
                         ratio=rnd.choice([None, None, 1]), justify=rnd.choice(["left", "right"]),
                         header_style=rnd.choice(styles), vertical=rnd.choice(["top", "middle", "bottom"]))
    for _ in range(rnd.randint(0, 5)):
        cells = []
        for _ in range(columns):
            cell = Text(rnd.choice(["", "▶", "Player one", "12", "JAILED (may rat)", "a b c d e f g", "trail  ",
                                    "  lead", "漢字x", "♠ 10"]), style=rnd.choice(styles))
            if rnd.random() < 0.2:
                cell.justify = rnd.choice(["left", "right", "center"])
            if rnd.random() < 0.3:
                cell.append(" more", style=rnd.choice(styles))
            cells.append(cell if rnd.random() > 0.1 else "plain words")
        table.add_row(*cells)
    return table


def test_a_quick_table_draws_what_rich_draws_segment_for_segment():
    # the snapshots compare segments, not only what they show: the same segments, the same styles
    from rich.console import Console
    from rich.table import Table

    from tabletop_tui.ui.widgets.columns import QuickTable

    console = Console(width=100, color_system="truecolor", force_terminal=True)
    quick = 0
    for seed in range(1500):
        width = random.Random(seed).randint(1, 90)
        options = console.options.update_width(width)
        theirs = list(console.render(_random_table(Table, random.Random(seed)), options))
        table = _random_table(QuickTable, random.Random(seed))
        assert list(console.render(table, options)) == theirs, f"seed {seed}, width {width}"
        quick += table._simple() and table._quick_lines(console, options) is not None
    assert quick > 1000  # most were drawn the quick way, not handed to rich


async def test_a_quick_table_drawn_by_rows_draws_what_textual_draws():
    # a part showing a QuickTable keeps each row's lines from one table to the next (_TableRows): the
    # lines, one row kept across tables of every measure and style, are those Textual draws
    from textual.visual import RichVisual

    from tabletop_tui.ui.widgets.columns import QuickTable
    from tabletop_tui.ui.widgets.common import _TableRows

    class TableApp(App):
        def compose(self):
            yield Drawn("", id="part")

    app = TableApp()
    async with app.run_test(size=(40, 8)):
        part = app.query_one("#part", Drawn)
        style = part.visual_style
        kept: dict = {}
        quick = 0
        for seed in range(400):
            width = random.Random(seed).randint(1, 90)
            theirs = RichVisual(part, _random_table(QuickTable, random.Random(seed))).render_strips(width, None, style, None)
            table = _random_table(QuickTable, random.Random(seed))
            ours = _TableRows(part, table, kept).render_strips(width, None, style, None)
            assert [list(strip) for strip in ours] == [list(strip) for strip in theirs], f"seed {seed}, width {width}"
            quick += table._simple()
        assert quick > 300 and kept


async def test_a_scoreboard_draws_again_only_the_rows_that_changed(monkeypatch):
    from tabletop_tui.ui.widgets.columns import QuickTable
    from tabletop_tui.ui.widgets.common import Scoreboard
    from ui_helpers import shown

    drawn = []
    row = QuickTable._quick_row

    def counted(table, console, options, index, texts, widths):
        drawn.append(index)
        return row(table, console, options, index, texts, widths)

    monkeypatch.setattr(QuickTable, "_quick_row", counted)
    styled = []  # the scoreboard's lines styled for the screen (of the widget's lines drawn again)
    style_line = LineStyles.render_line

    def counted_style_line(cache, styles, y, *args):
        if cache is app.query_one(Scoreboard)._styles_cache:
            styled.append(y)
        return style_line(cache, styles, y, *args)

    monkeypatch.setattr(LineStyles, "render_line", counted_style_line)

    class ScoresApp(App):
        def compose(self):
            yield Scoreboard(id="scores")

    app = ScoresApp()
    async with app.run_test(size=(40, 8)) as pilot:
        scores = app.query_one(Scoreboard)
        names = ["Ada", "Bo", "Cy"]
        scores.show(["Pts"], [[3], [5], [0]], {0}, names)
        await pilot.pause()
        assert sorted(set(drawn)) == [0, 1, 2, 3]  # the heading and three players
        drawn.clear()
        styled.clear()
        scores.show(["Pts"], [[3], [9], [0]], {0}, names)  # Bo's points
        await pilot.pause()
        assert drawn == [2] and styled == [2]
        assert shown(scores).split("\n")[2].split() == ["Bo", "9"]
        drawn.clear()
        styled.clear()
        scores.show(["Pts"], [[3], [9], [0]], {1}, names)  # Bo's turn: Ada's row and Bo's
        await pilot.pause()
        assert drawn == [1, 2] and sorted(styled) == [1, 2]
        assert shown(scores).split("\n")[2].split() == ["▶", "Bo", "9"]
        drawn.clear()
        styled.clear()
        scores.show(["Pts"], [[3], [9], [0]], {0}, names)  # Ada's turn again: the scoreboard as it was
        await pilot.pause()
        assert drawn == [] and sorted(styled) == [1, 2]
        assert shown(scores).split("\n")[1].split() == ["▶", "Ada", "3"]
        drawn.clear()
        await pilot.resize_terminal(50, 8)  # another width: every row
        await pilot.pause()
        assert sorted(set(drawn)) == [0, 1, 2, 3]


def test_a_scoreboard_is_drawn_without_rich_table_rendering(monkeypatch):
    # rich's Table renders each cell through a Padding, and measures every cell first: none of it but
    # for the one cell cut short (the long name), which rich draws
    from rich.console import Console
    from rich.padding import Padding
    from rich.table import Table

    from tabletop_tui.ui.widgets.columns import QuickTable

    rendered = []
    monkeypatch.setattr(Table, "_render", lambda *a, **k: rendered.append("table") or iter(()))
    monkeypatch.setattr(Padding, "__rich_console__", lambda *a, **k: rendered.append("padding") or iter(()))
    table = QuickTable(box=None, padding=(0, 1), expand=True, show_edge=False, header_style="bold dim")
    table.add_column("", width=1, no_wrap=True)
    table.add_column("", no_wrap=True, overflow="ellipsis", ratio=1)
    for heading in ("Steals", "Pts", "Won"):
        table.add_column(heading, justify="right", no_wrap=True)
    for seat, name in enumerate(["Ada", "Bo", "a name longer than its room"]):
        table.add_row(Text("▶" if seat == 1 else " "), Text(name, style="bold"), Text(str(seat)), Text("10"), "0")
    console = Console(width=30)
    console.render_lines(table, console.options.update_width(30))
    assert rendered == ["padding"]
    monkeypatch.undo()
    lines = console.render_lines(table, console.options.update_width(30))
    assert ["".join(s.text for s in line) for line in lines] == [
        "             Steals  Pts  Won ",
        "    Ada           0   10    0 ",
        " ▶  Bo            1   10    0 ",
        "    a name…       2   10    0 ",
    ]


async def test_a_game_screen_shows_its_keys_in_one_widget(make_app, store):
    # Textual's Footer is a container of a widget for each key, laid out with the screen: the game
    # screens draw the same keys as one line of one widget
    from tabletop_tui.ui.widgets.keybar import KeyBar

    session = Session.new("thief-dice", ["Ada", "Bo"], 2, {}, [], store)
    session.release()
    app = make_app(start={"save": session.save_id}, force_curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not screen.query("Footer") and not screen.query("FooterKey")
        bar = screen.query_one(KeyBar)
        assert [description for _key, _shown, description, _on in bar.keys()] == [
            "Rules", "Undo", "Log", "Save & leave", "Quit"]


class ScrollLogApp(App):
    """A move log that scrolls, as on a game screen."""

    def compose(self):
        yield MoveLog(id="log")


async def test_a_move_log_that_scrolls_styles_only_its_new_lines(monkeypatch):
    # Scrolled, the log is drawn again from its first visible line: each line styled again (its
    # background, its padding) and its scroll bar rendered again, though only the new lines and the
    # thumb's place changed. The lines styled before, and the scroll bar's rows rendered before, are
    # kept by what they hold.
    from textual._styles_cache import StylesCache
    from textual.visual import RichVisual

    counts = Counts(monkeypatch)
    styled: list[int] = []
    bars: list[int] = []
    style_line = StylesCache.render_line
    render_strips = RichVisual.render_strips

    def counted_style_line(cache, styles, y, *args):
        if cache is app.query_one(MoveLog)._styles_cache:
            styled.append(y)
        return style_line(cache, styles, y, *args)

    def counted_strips(visual, *args):
        strips = render_strips(visual, *args)
        if isinstance(visual._widget, ScrollBar):
            bars.append(len(strips))  # the rows rendered through rich
        return strips

    asked: list[int] = []  # the log's lines asked of it (each looked at, to be styled or found styled)
    render_line = MoveLog.render_line
    bar_styled: list[int] = []  # the scroll bar's rows styled (each looked at, styled or found styled)
    bar_line = LineStyles.render_line

    def counted_bar_line(cache, styles, y, *args):
        if cache is app.query_one(MoveLog).vertical_scrollbar._styles_cache:
            bar_styled.append(y)
        return bar_line(cache, styles, y, *args)

    rows: list[int] = []  # the log's rows gone through one by one (each styled, filtered, cut, or found so)
    log_line = _LogStyles.render_line

    def counted_log_line(cache, styles, y, *args):
        rows.append(y)
        return log_line(cache, styles, y, *args)

    monkeypatch.setattr(StylesCache, "render_line", counted_style_line)
    monkeypatch.setattr(RichVisual, "render_strips", counted_strips)
    monkeypatch.setattr(MoveLog, "render_line", lambda log, y: asked.append(y) or render_line(log, y))
    monkeypatch.setattr(LineStyles, "render_line", counted_bar_line)
    monkeypatch.setattr(_LogStyles, "render_line", counted_log_line)
    app = ScrollLogApp()
    async with app.run_test(size=(30, 12)) as pilot:
        log = app.query_one(MoveLog)
        log.add(events_of(*(f"move {i}" for i in range(30))))
        await quiet(pilot, counts)
        for i in range(4):
            styled.clear()
            bars.clear()
            asked.clear()
            rows.clear()
            counts.reset()
            log.add(events_of(f"move {30 + i}"))
            await quiet(pilot, counts)
            assert counts.frames == 1
            assert log.scroll_offset.y == log.max_scroll_y
            assert len(styled) <= 1, f"{len(styled)} lines of the log styled again for one new line"
            # the lines it showed are taken as they were styled, by their place in the log: not asked
            assert asked == [log.scrollable_content_region.height - 1], asked
            # ...and given for their new rows as they were given, not gone through row by row
            assert rows == [log.scrollable_content_region.height - 1], rows
            # what the screen shows of the log: its last lines, each in its row
            frame = app.screen._compositor.render_strips()
            height = log.scrollable_content_region.height
            shown_rows = [strip.text[:-1].strip() for strip in frame[log.region.y:log.region.y + height]]
            assert shown_rows == [f"• move {n}" for n in range(30 + i + 1 - height, 30 + i + 1)], shown_rows
            # of the bar, only the rows not met before (the thumb's ends), not the whole bar
            assert sum(bars) <= 2, f"{sum(bars)} rows of the scroll bar rendered"
        shown = [log.render_line(y).text.strip() for y in range(log.scrollable_content_region.height)]
        assert shown[-1] == "• move 33"
        end = log.max_scroll_y
        for i, y in enumerate((end - 2, end, end - 2)):  # then the thumb at places it had: the bar as it was
            bar_styled.clear()
            counts.reset()
            log.scroll_to(y=y, animate=False, immediate=True)
            await quiet(pilot, counts)
            assert counts.frames == 1 and (not i or bar_styled == []), (y, bar_styled)


async def test_a_scroll_bar_drawn_by_rows_draws_what_textual_draws(monkeypatch):
    # the rows of the move log's scroll bar, drawn one by one from the rows met before, are the rows
    # Textual renders for the whole bar, segment for segment, at every place of the thumb
    from textual.visual import Visual

    app = ScrollLogApp()
    async with app.run_test(size=(30, 12)) as pilot:
        log = app.query_one(MoveLog)
        log.add(events_of(*(f"move {i}" for i in range(40))))
        await pilot.pause()
        bar = log.vertical_scrollbar
        assert bar.display
        for y in range(0, log.max_scroll_y + 1, 3):
            log.scroll_to(y=y, animate=False, immediate=True)
            await pilot.pause()
            bar._render_content()
            ours = bar._render_cache.lines
            theirs = Visual.to_strips(bar, bar._render(), bar.size.width, bar.size.height, bar.visual_style)
            assert [list(strip) for strip in ours] == [list(strip) for strip in theirs], f"scrolled to {y}"


async def test_a_frame_asks_no_lines_of_a_widget_that_did_not_change(make_app, store, monkeypatch):
    # a move changes the title, the table, the log and the prompt; the key bar does not change, nor
    # do the rows of the screen's containers outside the changed regions: Textual asked them all for
    # every line of the crop around the changes (most of the screen)
    from tabletop_tui.ui.widgets.keybar import KeyBar

    counts = Counts(monkeypatch)
    asked = lines_asked(monkeypatch)
    app = scene_app(make_app, store, "pontifuse")
    rnd = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        for _ in range(3):
            key = move_key(screen, rnd)
            asked.clear()
            counts.reset()
            app.post_message(events.Key(key, key))
            await quiet(pilot, counts)
            assert counts.frames == 1 and counts.layouts == 0, key
            assert asked.get(type(screen.query_one(KeyBar)).__name__, 0) == 0
            assert asked.get("log", 0) > 0  # the log did change: asked for its lines
            # the screen (under everything) only for the rows of the changes, not all 24
            assert asked.get(type(screen).__name__, 0) < 24


def test_the_first_cells_of_a_line_are_the_piece_textual_divides_it_to():
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    from tabletop_tui.ui.screens.game import _first_cells

    rnd = random.Random(3)
    texts = ["• a", "♥ ok", "日本", "abc", "  ", " ", "x\ty", "e\u0301"]
    styles = [Style(), Style(bold=True), Style(color="red")]
    for _ in range(500):
        strip = Strip([Segment(rnd.choice(texts), rnd.choice(styles)) for _ in range(rnd.randint(1, 4))])
        width = rnd.randint(0, strip.cell_length)
        piece = _first_cells(strip, width)
        last = strip._segments[-1].text
        drop = strip.cell_length - width
        if 0 < drop <= len(last) and last.isascii() and last.isprintable():
            assert piece is not None and piece.cell_length == width
            assert list(piece) == list(strip.divide([width, strip.cell_length])[0]), (list(strip), width)
        else:
            assert piece is None, (list(strip), width)


async def test_a_frame_cuts_each_widgets_lines_as_textual_does(make_app, store, monkeypatch):
    # the lines of a frame cut where widgets meet, a line that is one piece taken whole: the pieces
    # Textual's compositor cuts; the regions of a part's rows refreshed one by one taken as one; a
    # line whose last cells lie under a scroll bar (the move log's) cut without dividing it
    from tabletop_tui.ui.screens import game
    from tabletop_tui.ui.screens.game import _stacked

    assert (_stacked([Region(0, y, 10, 1) for y in (5, 3, 4, 7)] + [Region(2, 0, 3, 2), Region(0, 6, 10, 1)])
            == [(0, 3, 10, 8), (2, 0, 5, 2)])
    cut = []
    first_cells = game._first_cells
    monkeypatch.setattr(game, "_first_cells", lambda strip, width: cut.append(width) or first_cells(strip, width))
    app = scene_app(make_app, store, "king-of-the-beach")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(MoveLog)
        log.add(events_of(*(f"• move {i} ♥" for i in range(30))))  # (characters not measured by length)
        await pilot.pause()
        assert log.vertical_scrollbar.display
        compositor = app.screen._compositor
        crop = app.screen.size.region

        def pieces(chops):
            return [{cut: strip and list(strip) for cut, strip in line.items()} for line in chops]

        cut.clear()
        ours = pieces(compositor._render_chops(crop, lambda y: True))
        assert ours == pieces(Compositor._render_chops(compositor, crop, lambda y: True))
        assert sum(len(line) for line in ours) > 24  # (widgets side by side: lines of several pieces)
        assert len(cut) >= log.size.height  # (each row of the log)
