"""A key that lays the screen out (a part growing for the first time at this size: the action bar from
one row to two, a hand, a fight's line): what it draws again, by counts. The containers of the table
(#main, #table, #side) are drawn alike on every row, so a layout that changes only their height draws
none of their lines again: the lines they showed are as they were, and one kept line is each row."""

from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget

from tabletop_tui.ui.widgets.part_lines import PartLines

from test_ui_frames import Counts, quiet, scene_app


async def test_a_layout_that_changes_the_containers_height_draws_none_of_their_lines(make_app, store, monkeypatch):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "the-syndicate")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        containers = [screen.query_one(name) for name in ("#main", "#table", "#side")]
        before = {widget: widget.region for widget in containers}
        drawn: list[Widget] = []
        render_lines = Widget.render_lines
        monkeypatch.setattr(Widget, "render_lines", lambda self, crop: drawn.append(self) or render_lines(self, crop))
        actions = screen.query_one("#actions")
        actions.styles.height = actions.region.height + 2  # (the action bar two rows higher: #main lower)
        counts.reset()
        await quiet(pilot, counts)
        assert counts.layouts == 1
        for widget in containers:  # each container two rows lower, where it was, as wide
            old, new = before[widget], widget.region
            assert (new.x, new.y, new.width, new.height) == (old.x, old.y, old.width, old.height - 2)
        assert actions in drawn
        assert not set(drawn) & set(containers)  # what showed of them still shows as it was
        # each row a container gives is the very row Textual draws for it now, every row alike
        compositor = screen._compositor
        for widget in containers:
            region = widget.region
            fresh = widget.render_lines(Region(0, 0, region.width, region.height))
            assert all(line == fresh[0] for line in fresh)
            assert compositor._held_lines(widget, region, 0, region.height) == fresh
            assert compositor._held_lines(widget, region, 3, 5) == fresh[3:5]
        # a style that changes a container's rows draws them anew
        side = containers[2]
        kept = compositor._held_lines(side, side.region, 0, 1)[0]  # (the one line kept for its rows)
        side.styles.background = "red"
        await quiet(pilot, counts)
        region = side.region
        fresh = side.render_lines(Region(0, 0, region.width, region.height))
        assert compositor._held_lines(side, region, 0, 2) == fresh[:2]
        assert fresh[0] != kept


async def test_a_part_counts_the_same_lines_at_the_same_width_once(make_app, store, monkeypatch):
    app = scene_app(make_app, store, "king-of-the-beach")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        part = app.screen.query_one("#kb-status", PartLines)
        counted: list[int] = []
        count = PartLines.count
        monkeypatch.setattr(PartLines, "count", lambda self, lines: counted.append(self._width) or count(self, lines))
        width = part._width
        lines = [Text("x" * (width + 3)), Text("a line")]
        assert part.counted(lines) == 3 and counted == [width]
        assert part.counted(list(lines)) == 3 and counted == [width]  # the same lines: counted once
        assert part.counted([Text("x" * (width + 3)), Text("a line")]) == 3 and len(counted) == 2  # others
        part._width = width - 10
        assert part.counted(lines) == 3 and counted[-1] == width - 10  # another width: counted anew
        assert part.counted(lines[:1]) == 2 and len(counted) == 4


async def test_a_container_given_a_new_height_only_is_not_arranged_anew(make_app, store, monkeypatch):
    """#main, #table and #side given a new height only (the action bar higher): each arrangement is the
    one Textual made at the last height, its parts of `1fr` (the log; #table and #side in #main) made as
    much lower, and it is what Textual's arrange gives at the new height; a part of the table given a
    new height has the parts below it stacked anew, as Textual stacks them."""
    import textual.widget
    from textual._arrange import arrange as textual_arrange

    app = scene_app(make_app, store, "the-syndicate")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        containers = [screen.query_one(name) for name in ("#main", "#table", "#side")]
        arranged: list[Widget] = []
        monkeypatch.setattr(textual.widget, "arrange", lambda widget, *args, **kwargs: arranged.append(widget)
                            or textual_arrange(widget, *args, **kwargs))
        log = screen.query_one("#log")
        before = {widget: widget.region for widget in (*containers, log)}
        actions = screen.query_one("#actions")
        actions.styles.height = actions.region.height + 2
        await pilot.pause()
        assert not set(arranged) & set(containers)
        assert log.region.height == before[log].height - 2 and log.region.y == before[log].y
        for widget in containers:
            assert widget.region.height == before[widget].height - 2
            size = widget.scrollable_content_region.size
            kept, fresh = widget.arrange(size), textual_arrange(widget, widget._nodes, size, screen.size)
            assert kept.placements == fresh.placements and kept.widgets == fresh.widgets
        # a part of the table laid out anew (a line higher): the table's parts stacked anew in whole
        # numbers (not by Textual), the parts below it a line lower, as Textual's arrange has them
        table = containers[1]
        part = screen.query_one("#sy-plot")
        below = {widget: widget.region for widget in table.children if widget.region.y > part.region.y}
        part.styles.height = part.region.height + 1
        await pilot.pause()
        assert not set(arranged) & set(containers) and below
        assert all(widget.region.y == region.y + 1 for widget, region in below.items())
        size = table.scrollable_content_region.size
        assert table.arrange(size).placements == textual_arrange(table, table._nodes, size, screen.size).placements


async def test_the_action_bar_is_as_high_as_its_lines_without_textual_wrapping_them(make_app, store, monkeypatch):
    """At a layout, a Static part (the action bar) whose every line fits its width, a character to a cell,
    is told as high as its lines, where Textual wrapped its content to measure it: the height Textual
    measures, and any other content (a line too wide, a tab, wide characters) measured by Textual."""
    from textual.content import Content

    app = scene_app(make_app, store, "king-of-the-beach")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#actions")
        for text in ["", "a", "a\n", "a\nb", "x" * 78, "x" * 81, "a b " * 30, "é" * 10, "\u4e00" * 5, "a\tb", "a\n\nb\n"]:
            for width in (1, 5, 78, 80):
                content = Content(text)
                bar.update(content)
                bar._content_height_cache = (None, 0)
                bar._measure_lines(width)
                at, height = bar._content_height_cache
                assert at != width or height == content.get_height(bar.styles, width), (text, width)
                fits = "\t" not in text and max(map(len, text.split("\n"))) <= width and "\u4e00" not in text
                assert (at == width) == fits
        wrapped: list[Content] = []
        get_height = Content.get_height
        monkeypatch.setattr(Content, "get_height", lambda self, *args: wrapped.append(self) or get_height(self, *args))
        bar.update(Content("1 one   2 two\n3 three"))
        await pilot.pause()
        assert bar.region.height == 2 and not wrapped


def test_a_part_that_fills_the_room_left_to_it_is_not_taken_as_high_at_every_height():
    """Ten-Die Poker's table reads its container's height to lay itself out: never restacked."""
    from tabletop_tui.ui.screens.game import _measures_by_width
    from tabletop_tui.ui.screens.ten_die_poker import TableLines
    from tabletop_tui.ui.widgets.common import ActionBar, Drawn

    assert not _measures_by_width(TableLines)
    assert _measures_by_width(Drawn) and _measures_by_width(ActionBar) and _measures_by_width(PartLines)


async def test_a_part_shown_or_hidden_arranges_only_the_containers_it_is_in(make_app, store, monkeypatch):
    """A part of the table hidden, then shown again: the table is arranged anew; the screen and #main
    (whose children did not change, and take the room their styles give them) keep their arrangements,
    which are what Textual's arrange gives; a style of #main's children changed arranges it anew."""
    import textual.screen
    import textual.widget
    from textual._arrange import arrange as textual_arrange

    app = scene_app(make_app, store, "the-syndicate")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        main, table = screen.query_one("#main"), screen.query_one("#table")
        arranged: list[Widget] = []

        def counted(widget, *args, **kwargs):
            arranged.append(widget)
            return textual_arrange(widget, *args, **kwargs)

        monkeypatch.setattr(textual.widget, "arrange", counted)
        monkeypatch.setattr(textual.screen, "arrange", counted)
        part = screen.query_one("#sy-plot")
        height = part.region.height
        below = {widget: widget.region.y for widget in table.children if widget.region.y > part.region.y}
        height = part.region.height
        below = {widget: widget.region.y for widget in table.children if widget.region.y > part.region.y}

        def same_as_textuals(widget, size):
            kept, fresh = widget.arrange(size), textual_arrange(widget, widget._nodes, size, app.size)
            assert kept.placements == fresh.placements and kept.widgets == fresh.widgets, widget

        for display in (False, True):
            arranged.clear()
            part.display = display
            await pilot.pause()
            assert below and all(widget.region.y == y - (0 if display else height) for widget, y in below.items())
            assert screen not in arranged and main not in arranged, arranged
            same_as_textuals(main, main.scrollable_content_region.size)
            same_as_textuals(screen, screen.size)
        side = screen.query_one("#side")
        width = side.region.width
        side.styles.width = width + 4
        await pilot.pause()
        assert main in arranged and side.region.width == width + 4
        same_as_textuals(main, main.scrollable_content_region.size)
