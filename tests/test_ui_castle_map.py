"""The castle map drawn by lines: a line is drawn again only when one of its squares (or the cursor, the
typing) changed, Textual is asked to repaint only the lines that changed, and the map looks exactly as
it did when it was one Text of single-cell spans (kept here, `old_map_text`, as the reference)."""

from __future__ import annotations

import random

from rich.style import Style
from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App
from textual.geometry import Region
from textual.visual import Visual, visualize

from tabletop_tui.session import Session
from tabletop_tui.ui.screens.thief_in_the_night import Castle
from tabletop_tui.ui.widgets import castle_map
from tabletop_tui.ui.widgets.castle_map import CHOSEN_MARK, COLOURS, OVERVIEW, SEEN_MARK, TARGET_MARK, CastleMap
from tabletop_tui.ui.widgets.common import LineStyles

N = 24
GAME = "thief-in-the-night"


def empty_castle(**changes) -> dict:
    data = {"north": "0" * N * N, "west": "0" * N * N, "traps": "0" * N * N, "gem": None, "pieces": [],
            "thief": None, "sight": "0" * N * N}
    data.update(changes)
    return data


def put(s: str, i: int, ch: str) -> str:
    return s[:i] + ch + s[i + 1:]


class MapApp(App):
    def compose(self):
        yield CastleMap(id="map")


def lines(m: CastleMap) -> list:
    return m.render_lines(Region(0, 0, m.size.width, m.size.height))


class Counting:
    """Counts the castle rows the map builds (its cache missed) and the lines Textual asks of it."""

    def __init__(self, m: CastleMap, monkeypatch):
        self.rows: list[int] = []
        self.asked: list[int] = []
        build, frame_row, render_line = m._castle_row, m._framed_row, m.render_line
        framing = []  # a frame's row being built (_framed_row), which may build it by _castle_row

        def counted_row(y):
            if not framing:
                self.rows.append(y)
            return build(y)

        def counted_frame_row(y):
            self.rows.append(y)
            framing.append(y)
            try:
                return frame_row(y)
            finally:
                framing.pop()

        def counted_line(y):
            self.asked.append(y)
            return render_line(y)

        monkeypatch.setattr(m, "_castle_row", counted_row)
        monkeypatch.setattr(m, "_framed_row", counted_frame_row)
        monkeypatch.setattr(m, "render_line", counted_line)

    def clear(self) -> None:
        self.rows.clear()
        self.asked.clear()


async def drawn(pilot, m: CastleMap) -> None:
    """Let the app draw its next frame (the screen's update)."""
    for _ in range(3):
        await pilot.pause()
    lines(m)  # what the compositor would ask: the lines still dirty


async def test_a_change_of_one_square_draws_its_row_again_and_no_other(monkeypatch):
    app = MapApp()
    async with app.run_test(size=(60, 30)) as pilot:
        m = app.query_one(CastleMap)
        data = empty_castle()
        m.show(data)
        await drawn(pilot, m)
        count = Counting(m, monkeypatch)
        cy = m.cursor // N
        assert m.top == 0 and m.rows_shown() == N

        # a trap on a square of row 5: row 5 alone is built, and Textual asks for its line alone
        data = dict(data, traps=put(data["traps"], 5 * N + 7, "1"))
        m.show(data)
        await drawn(pilot, m)
        assert count.rows == [5] and count.asked == [1 + 5]

        # a piece steps from row 8 to row 9: both lines repainted, no other (row 8 without the piece is
        # the row drawn first: it comes out of the cache)
        count.clear()
        m.show(dict(data, pieces=[[8 * N + 3, 2]]))
        await drawn(pilot, m)
        assert count.rows == [8] and count.asked == [1 + 8]
        count.clear()
        m.show(dict(data, pieces=[[9 * N + 3, 2]]))
        await drawn(pilot, m)
        assert count.rows == [9] and sorted(count.asked) == [1 + 8, 1 + 9]

        # a wall on the north edge of a square of row 15 is drawn under row 14: row 14 alone
        count.clear()
        data = dict(data, pieces=[[9 * N + 3, 2]], north=put(data["north"], 15 * N + 2, "1"))
        m.show(data)
        await drawn(pilot, m)
        assert count.rows == [14] and count.asked == [1 + 14]

        # the sight of a watcher over two rows, then a target: their rows
        count.clear()
        m.show(data, chosen_sight={20 * N + 1, 21 * N + 1})
        await drawn(pilot, m)
        assert sorted(count.rows) == [20, 21]
        count.clear()
        m.show(data, chosen_sight={20 * N + 1, 21 * N + 1}, targets={2 * N})
        await drawn(pilot, m)
        assert count.rows == [2]

        # the cursor one square east: its row and the letters above (the file in bold); north: two rows
        count.clear()
        await pilot.press("right")
        await drawn(pilot, m)
        assert count.rows == [cy] and sorted(count.asked) == [0, 1 + cy]
        count.clear()
        await pilot.press("up")
        await drawn(pilot, m)
        assert sorted(count.rows) == [cy - 1, cy] and sorted(count.asked) == [1 + cy - 1, 1 + cy]

        # the focus lost and found: the cursor's row (reversed only with the focus)
        count.clear()
        m.blur()
        await drawn(pilot, m)
        assert count.rows == [cy - 1]


async def test_an_unchanged_map_draws_no_row_again(monkeypatch):
    app = MapApp()
    async with app.run_test(size=(60, 20)) as pilot:
        m = app.query_one(CastleMap)
        data = empty_castle(traps=put("0" * N * N, 40, "1"), pieces=[[100, 1], [300, 0]], gem=12 * N + 12)
        m.show(data, targets={5, 6}, chosen_sight={7})
        await drawn(pilot, m)
        count = Counting(m, monkeypatch)
        m.show(dict(data), targets={5, 6}, chosen_sight={7})  # the same view again, as after any move
        await drawn(pilot, m)
        assert count.rows == [] and count.asked == []
        m.refresh()  # all of it repainted (as on a change of style): every line asked, none built
        await drawn(pilot, m)
        assert count.rows == [] and sorted(count.asked) == list(range(m.size.height))
        # scrolling back and forth: the rows come out of the cache
        count.clear()
        m.follow(23 * N)
        await drawn(pilot, m)
        m.follow(0)
        await drawn(pilot, m)
        built = list(count.rows)
        count.clear()
        m.follow(23 * N)
        await drawn(pilot, m)
        m.follow(0)
        await drawn(pilot, m)
        assert built and count.rows == [] and count.asked


async def test_a_run_of_cells_of_one_style_is_one_segment_when_runs_are_joined(monkeypatch):
    """Joined (JOIN_RUNS), the empty floor between two walls is one segment; by default a line is cut
    where the spans of the map's Text were (the snapshots' SVG draws a segment at a time)."""
    app = MapApp()
    async with app.run_test(size=(60, 30)) as pilot:
        m = app.query_one(CastleMap)
        west = put("0" * N * N, 3 * N + 10, "1")  # a wall on the west side of k21
        m.show(empty_castle(west=west))
        await drawn(pilot, m)
        row = m.render_line(1 + 3)  # the castle's row 21: a plain floor, a wall in it
        assert len(list(row)) == 1 + 2 * N + 1  # "21 ", a segment a cell, the east wall
        monkeypatch.setattr(CastleMap, "JOIN_RUNS", True)
        m._lines.clear()
        m._placed.clear()
        row = m.render_line(1 + 3)
        texts = [segment.text for segment in row]
        assert texts == ["21 ", "│", "·" + " ·" * 9, "│", "·" + " ·" * 13, "│"]
        assert "".join(texts) == m.render_detail().split("\n")[1 + 3].plain


def old_map_text(m: CastleMap) -> Text:
    """The map as it was drawn before it was drawn by lines: one Text, a span a cell."""
    d = m.data
    if d is None:
        return Text("")
    cy, cx = divmod(m.cursor, N)
    seen = d.get("sight") or "0" * (N * N)
    if m.overview:
        contents = {}
        if d.get("gem") is not None:
            contents[d["gem"]] = OVERVIEW["gem"]
        for p, piece in enumerate(d.get("pieces") or []):
            if piece is not None:
                contents[piece[0]] = OVERVIEW["captain" if p == 0 else "guard"]
        if d.get("thief") is not None:
            contents[d["thief"][0]] = OVERVIEW["thief"]

        def colour(i: int) -> str:
            if i in contents:
                return contents[i]
            if i in m.targets:
                return OVERVIEW["target"]
            if d["traps"][i] == "1":
                return OVERVIEW["trap"]
            if seen[i] != "0" or i in m.chosen_sight:
                return OVERVIEW["seen"]
            return OVERVIEW["floor"]

        lines = [m._typing_line() if m.typed is not None
                 else Text("   whole castle (m: the detailed map)", style="dim italic")]
        for r in range(N // 2):
            line = Text(f"{N - 2 * r:>2} ", style="dim")
            for x in range(N):
                top, bottom = (2 * r) * N + x, (2 * r + 1) * N + x
                if cx == x and cy in (2 * r, 2 * r + 1):
                    line.append("▀▄" if cy == 2 * r else "▄▀", Style(color="#ffffff", bgcolor=colour(bottom)))
                else:
                    line.append("▀▀", Style(color=colour(top), bgcolor=colour(bottom)))
            lines.append(line)
        return Text("\n").join(lines)
    north, west, traps = d["north"], d["west"], d["traps"]
    contents = m._contents()
    m._scroll()
    if m.typed is not None:
        head = m._typing_line()
    else:
        head = Text("   ", style="dim")
        for x in range(N):
            head.append(" " + chr(97 + x), style="bold" if x == cx else "dim")
    lines = [head]
    for y in range(m.top, m.top + m.rows_shown()):
        line = Text(f"{N - y:>2} ", style="bold" if y == cy else "dim")
        for x in range(N):
            i = y * N + x
            south = north[i + N] if y < N - 1 else "1"
            bg = TARGET_BG if i in m.targets else CHOSEN_BG if i in m.chosen_sight else \
                SEEN_BG if seen[i] != "0" else None
            w = west[i] if x else "1"
            mark = CHOSEN_MARK if i in m.chosen_sight else SEEN_MARK if seen[i] != "0" else " "
            edge_char = "│" if w == "1" else "┆" if w == "2" else mark
            edge_style = COLOURS["wall"] if w == "1" else COLOURS["door"] if w == "2" else COLOURS["floor"]
            if i == m.cursor and m.marked_edge and m.heading == 3:
                edge_char, edge_style = "┃", "bold #00ff00"
            if i in contents:
                char, style = contents[i]
            elif traps[i] == "1":
                char, style = "^", COLOURS["trap"]
            elif i in m.targets:
                char, style = TARGET_MARK, "bold #87d787"
            elif mark != " ":
                char, style = mark, COLOURS["floor"]
            else:
                char, style = "·", COLOURS["floor"]
            under_style = COLOURS["wall"] if south == "1" else COLOURS["door"]
            s_edge, s_char = Style.parse(edge_style), Style.parse(style)
            if south != "0":
                if south == "1":
                    s_char = s_char + (Style(underline=True, color=Style.parse(under_style).color)
                                       if char in "·^+" + SEEN_MARK + CHOSEN_MARK and i not in contents
                                       else Style(underline=True))
                bare = edge_char in (" ", SEEN_MARK, CHOSEN_MARK)
                s_edge = Style(color=Style.parse(under_style).color, underline=True) if bare \
                    else s_edge + Style(underline=True)
            if bg:
                s_char, s_edge = s_char + Style(bgcolor=bg), s_edge + Style(bgcolor=bg)
            if i == m.cursor:
                s_char = s_char + Style(reverse=m.has_focus, bold=True, underline=south == "1" or None)
            line.append(edge_char, s_edge)
            line.append(char, s_char)
        line.append("│", COLOURS["wall"])
        lines.append(line)
    if m.marked_edge and m.heading in (0, 1, 2):
        line, col = lines[cy - m.top + 1], 3 + 2 * cx
        if m.heading == 1:
            line.stylize("bold #00ff00", col + 2, col + 3)
        elif m.heading == 0:
            line.stylize("overline bold #00ff00", col, col + 2)
        else:
            line.stylize("underline bold #00ff00", col, col + 2)
    return Text("\n").join(lines)


TARGET_BG, CHOSEN_BG, SEEN_BG = castle_map.TARGET_BG, castle_map.CHOSEN_BG, castle_map.SEEN_BG


def segments_of(strip) -> list[tuple[str, Style, dict]]:
    return [(s.text, s.style.clear_meta_and_links() if s.style else None, s.style.meta if s.style else {})
            for s in strip]


async def test_the_map_looks_as_it_did_for_seeded_positions(store):
    """Seeded games at several points, each seen as the screen shows it (targets, a watcher's sight, the
    cursor somewhere, facing somewhere, with the focus or not, the whole castle or not, a square half
    typed): every line, segment by segment (text, style and offset), as Textual drew the old Text."""
    app = MapApp()
    rnd = random.Random(7)
    compared = 0
    async with app.run_test(size=(60, 30)) as pilot:
        m = app.query_one(CastleMap)
        for seed in (1, 2, 3):
            session = Session.new(GAME, ["Ada", "Bo"], seed, {"dawn": 30}, [], store)
            for moves in (0, 20, 40, 60):
                if moves:
                    session.autoplay(20)
                game = session.game
                for seat in (0, 1):
                    view = game.view(seat)
                    targets = set(rnd.sample(range(N * N), rnd.choice((0, 5, 40))))
                    sight = set(rnd.sample(range(N * N), rnd.choice((0, 30))))
                    m.cursor, m.heading = rnd.randrange(N * N), rnd.randrange(4)
                    m.show(view, targets, sight, marked_edge=rnd.random() < 0.5)
                    m.overview = rnd.random() < 0.25
                    m.typed = rnd.choice((None, None, None, "", "e", "e2"))
                    m.prefixed, m.letter = m.typed != "e", "e"
                    if rnd.random() < 0.5:
                        m.focus()
                    else:
                        m.blur()
                    await pilot.pause()
                    width, height = m.size
                    old = Visual.to_strips(m, visualize(m, old_map_text(m)), width, height, m.visual_style)
                    for y in range(height):
                        expected = segments_of(old[y]) if y < len(old) else \
                            [(" " * width, m.visual_style.rich_style, {})]
                        assert segments_of(m.render_line(y)) == expected, (seed, moves, seat, y)
                    compared += 1
    assert compared == 24


class CastleApp(App):
    def compose(self):
        yield Castle(id="map")


async def test_a_line_shown_again_to_a_seat_is_not_styled_again_and_no_other_line_is_given(monkeypatch):
    """Thief in the Night's map (Castle) keeps each line styled by the very line the map drew: when the
    thief and the guards look in turn, a row that shows again what it showed is not styled again, and
    looks as it did; a row that differs in one square is styled anew (nothing of another view given): its
    line filled out and padded (the map's padding alone styles it), none styled by Textual."""
    styled, padded = [], []
    render_line, pad = StylesCache.render_line, LineStyles._padded
    monkeypatch.setattr(StylesCache, "render_line", lambda self, styles, y, *a: styled.append(y) or
                        render_line(self, styles, y, *a))
    monkeypatch.setattr(LineStyles, "_padded", staticmethod(lambda content, *a: padded.append(content) or
                                                            pad(content, *a)))
    app = CastleApp()
    async with app.run_test(size=(60, 30)) as pilot:
        m = app.query_one(Castle)
        sight = "0" * N * N
        for i in range(3 * N, 6 * N):
            sight = put(sight, i, "1")
        thief = empty_castle(thief=[4 * N + 5, 1], sight=sight)  # the thief sees their own square
        guards = empty_castle(pieces=[[10 * N + 3, 0]], sight=put("0" * N * N, 10 * N + 4, "2"))
        m.show(thief)
        await drawn(pilot, m)
        first = [segments_of(strip) for strip in lines(m)]
        m.show(guards)
        await drawn(pilot, m)
        assert [segments_of(strip) for strip in lines(m)] != first
        styled.clear()
        padded.clear()
        count = Counting(m, monkeypatch)
        m.show(thief)  # the thief's turn again: the same view
        await drawn(pilot, m)
        assert sorted(count.asked) == [1 + y for y in (3, 4, 5, 10)]  # the rows that differ, asked again
        assert styled == [] and padded == [] and count.rows == []  # none built, none styled
        assert [segments_of(strip) for strip in lines(m)] == first
        count.clear()
        m.show(dict(thief, sight=put(sight, 5 * N + 9, "0")))  # one square of row 5 no longer seen
        await drawn(pilot, m)
        assert count.rows == [5] and styled == [] and len(padded) == 1
        assert [segments_of(strip) for strip in lines(m)][1 + 5] != first[1 + 5]
