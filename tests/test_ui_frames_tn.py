"""What Thief in the Night's screen costs a frame, by counts: a row of the castle shown again at another
row of the map (the window scrolled, the same row for the other seat) is neither built, styled nor
filtered again, and the hands below it are drawn by lines, a line that did not change never again."""

from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual, visualize

from tabletop_tui.ui.screens.thief_in_the_night import Castle, Hands, ThiefInTheNightScreen
from tabletop_tui.ui.widgets.castle_map import N, CastleMap
from tabletop_tui.ui.widgets.common import LineStyles
from test_ui_frames import Counts, quiet, scene_app

GAME = "thief-in-the-night"


class CastleApp(App):
    def compose(self):
        yield Castle(id="map")


def frame_lines(m) -> list[Strip]:
    """The map's lines as a frame asks for them (the compositor's `render_lines`)."""
    return m.render_lines(Region(0, 0, m.size.width, m.size.height))


def without_meta(strip: Strip) -> list[tuple]:
    return [(s.text, s.style.clear_meta_and_links() if s.style else None) for s in strip]


def offsets(strip: Strip) -> list:
    return [s.style.meta.get("offset") for s in strip]


async def test_a_castle_row_shown_at_another_row_of_the_map_is_not_built_styled_or_filtered_again(monkeypatch):
    styled, filtered, padded = [], [], []
    render_line, apply_filter, pad = StylesCache.render_line, Strip.apply_filter, LineStyles._padded

    def counted_style(cache, styles, y, *args):
        styled.append(y)
        return render_line(cache, styles, y, *args)

    def counted_filter(strip, line_filter, background):
        if (line_filter, background) not in strip._filter_cache:
            filtered.append(strip)
        return apply_filter(strip, line_filter, background)

    monkeypatch.setattr(StylesCache, "render_line", counted_style)
    monkeypatch.setattr(Strip, "apply_filter", counted_filter)
    monkeypatch.setattr(LineStyles, "_padded", staticmethod(lambda content, *a: padded.append(content) or
                                                            pad(content, *a)))
    app = CastleApp()
    async with app.run_test(size=(60, 12)) as pilot:
        m = app.query_one(Castle)
        sight = "".join("1" if (i // N + i % N) % 5 == 0 else "0" for i in range(N * N))
        m.show({"north": "0" * N * N, "west": "0" * N * N, "traps": "0" * N * N, "gem": 12 * N + 12,
                "pieces": [[3 * N + 4, 1], [9 * N + 20, 2]], "thief": None, "sight": sight})
        m.follow(0)
        await pilot.pause()
        frame_lines(m)
        rows = m.rows_shown()
        assert m.top == 0 and rows < N
        built = []
        castle_row, framed_row = m._castle_row, m._framed_row
        monkeypatch.setattr(m, "_castle_row", lambda y: built.append(y) or castle_row(y))
        monkeypatch.setattr(m, "_framed_row", lambda y: built.append(y) or framed_row(y))
        styled.clear()
        filtered.clear()
        padded.clear()

        m.follow(rows * N)  # one row below the window: every row of it moves up a line
        await pilot.pause()
        lines = frame_lines(m)
        assert m.top == 1
        assert built == [rows]  # the row come into the window, and no other, built
        # its line, filled out and padded (the map's padding alone styles it: not by Textual), once a filter
        assert styled == [] and len(padded) == 1 and len(filtered) == len(app.get_line_filters())
        crop = Region(0, 0, *m.size)
        m._framing = True  # (Textual's styling of the very lines the map hands for a frame)
        try:
            theirs = StylesCache().render_widget(m, crop)
        finally:
            m._framing = False
        assert [list(line) for line in m.render_lines(crop)] == [list(line) for line in theirs]
        # the frame's lines are what the map's lines are alone, but for the rows of their cells' offsets
        # (Textual reads those from render_line(y) under the mouse, where a selection of text starts)
        background = m.background_colors[1]
        for y in range(1, rows + 1):
            alone = m.render_line(y)
            shown = alone
            for line_filter in app.get_line_filters():  # (as Textual filters a frame's lines)
                shown = shown.apply_filter(line_filter, background)
            assert without_meta(lines[y]) == without_meta(shown)
            assert offsets(alone) == [(x, y) for x, _ in offsets(lines[y])]
            assert all(row is None for _, row in offsets(lines[y]))
        # back up a row: every line comes out of the frame's lines kept, none built or styled
        built.clear()
        styled.clear()
        padded.clear()
        m.follow(0)
        await pilot.pause()
        frame_lines(m)
        assert m.top == 0 and built == [] and styled == [] and padded == []


async def test_a_row_in_which_one_square_changed_looks_the_others_up_whole(monkeypatch):
    app = CastleApp()
    async with app.run_test(size=(60, 30)) as pilot:
        m = app.query_one(Castle)
        view = {"north": "0" * N * N, "west": "0" * N * N, "traps": "0" * N * N, "gem": 12 * N + 12,
                "pieces": [[3 * N + 4, 1], [9 * N + 20, 2]], "thief": None, "sight": "0" * N * N}
        m.show(view)
        await pilot.pause()
        before = frame_lines(m)
        cells = []
        cell = m._cell
        monkeypatch.setattr(m, "_cell", lambda run, x: cells.append(x) or cell(run, x))
        m.show({**view, "pieces": [[3 * N + 5, 1], [9 * N + 20, 2]]})  # the captain one square east, on row 3
        await pilot.pause()
        after = frame_lines(m)
        assert [y for y in range(len(after)) if after[y] is not before[y]] == [1 + 3]
        # the row's number, its east wall and the square the captain came to, a cell at a time; every other
        # square a look-up, the one he left too (an empty square at its column, as the rows below show it)
        assert sorted(cells) == [0, 3 + 2 * 5, 4 + 2 * 5, 3 + 2 * N]
        # the very segments (styles and offsets) of each row made from its runs: with walls, traps, sight,
        # targets, the sight asked about, the thief and the cursor besides
        sight = "".join("1" if (i // N + i % N) % 5 == 0 else "0" for i in range(N * N))
        walls = "".join("1" if i % 7 == 0 else "2" if i % 11 == 0 else "0" for i in range(N * N))
        m.show({**view, "north": walls, "west": walls[::-1], "traps": "1" + "0" * (N * N - 1), "sight": sight,
                "thief": [N * N - 2, 3]}, targets=[5, N * N - 3, 12 * N + 11], chosen_sight=[N + 1, 12 * N + 13])
        for y in range(N):
            assert list(m._framed_row(y)) == list(m._framed_strip(m._castle_row(y)))


async def test_the_hands_are_drawn_by_lines_as_a_static_draws_them_each_changed_line_alone(make_app, store,
                                                                                        monkeypatch):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, ThiefInTheNightScreen)
        hands = screen.query_one("#tn-hands", Hands)
        view = screen.game.view(screen.viewer())
        text = Text("\n").join(screen.hands_lines(view))
        width, height = hands.size
        # the lines a Static showing the hands' text draws (a wrapped line among them), segment for segment
        # (the offsets aside: a Static gives a cell its place in the text, a line drawn alone its row)
        drawn = Visual.to_strips(hands, visualize(hands, text), width, None, hands.visual_style)
        assert len(drawn) > len(text.plain.split("\n")) and height >= len(drawn)
        assert [without_meta(hands.render_line(y)) for y in range(len(drawn))] == [without_meta(s) for s in drawn]

        before = hands.drawn
        counts.reset()
        changed = dict(view, thief_discards=view["thief_discards"] + ["2C"])  # the discards' line alone
        screen.show_table(changed)
        await quiet(pilot, counts)
        assert hands.drawn - before == 1 and (counts.frames, counts.layouts) == (1, 0)
        counts.reset()
        screen.show_table(view)  # as it was: every line kept
        await quiet(pilot, counts)
        assert hands.drawn - before == 1 and counts.layouts == 0
        assert [line.text.rstrip() for line in hands.render_lines(Region(0, 0, width, height))][:len(drawn)] == \
            [strip.text.rstrip() for strip in drawn]


async def test_the_map_follows_the_thief_and_shows_the_view_in_one_repaint_making_only_the_rows_shown(
        make_app, store, monkeypatch):
    """The table drawn for a key that moves the thief: the map's cursor follows him and the view is
    shown in one look at which lines changed (not one for each), and where the castle does not fit
    (80x24) only the rows in the window are made into lines' keys."""
    syncs, made = [], []
    sync, row = CastleMap._sync, getattr(CastleMap, "_row", None)
    monkeypatch.setattr(CastleMap, "_sync", lambda m: syncs.append(m.cursor) or sync(m))
    monkeypatch.setattr(CastleMap, "_row", lambda m, y: made.append(y) or row(m, y), raising=False)
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        m = screen.query_one("#tn-map", CastleMap)
        view = screen.game.view(screen.viewer())
        assert view["thief"] is not None
        thief = view["thief"][0]
        m.follow(N * N - 1 if thief < N * N // 2 else 0)  # the cursor elsewhere, the window with it
        await quiet(pilot, counts)
        screen._followed = None  # (as when the thief has just moved)
        syncs.clear()
        made.clear()
        counts.reset()
        screen.show_table(view)
        await quiet(pilot, counts)
        assert syncs == [thief] and m.cursor == thief  # one look, the cursor on the thief
        rows = m.rows_shown()
        assert rows < N and made and set(made) <= set(range(m.top, m.top + rows))
        assert (counts.frames, counts.layouts) == (1, 0)
