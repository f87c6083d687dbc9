"""What a key costs the board screens and the screens with much on the table, by counts: the grid
board drawn by lines from a cache of rows (a row drawn again only when one of its squares changed, and
only the changed lines repainted), the same picture as the board drawn as one Text, and per key the
frames, layouts and renderings of each part of the table.

Textual's frame timer is lifted here (as in benchmarks/run.py), so that no frame is saved by two
changes falling within the same sixtieth of a second: each count is what the work asks for."""

import random

import pytest
from rich.text import Text
from textual import events
from textual.app import App
from textual.visual import Visual

from tabletop_tui.rules.components.squares import square_name
from tabletop_tui.ui.screens.board import BoardScreen
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.common import Drawn
from tabletop_tui.ui.widgets.grid import GridBoard, TextLines, text_key

from test_ui_frames import Counts, quiet, scene_app

BOARD_GAMES = ["pontifuse", "board-game-project-55", "queensland", "putwoodys-castle", "nickies-castle",
               "hermans-castle", "land-grab"]
TABLE_GAMES = ["second-story", "monster-builder", "thief-in-the-night"]


def as_text_lines(board) -> list[list[tuple[str, object]]]:
    """The widget drawn as Textual draws a widget's Text (all of it at once): each line's segments."""
    strips = Visual.to_strips(board, board._render(), board.size.width, None, board.visual_style)
    return [[(s.text, s.style) for s in strip] for strip in strips]


def by_lines(board) -> list[list[tuple[str, object]]]:
    return [[(s.text, s.style) for s in board.render_line(y)] for y in range(board.size.height)]


class BoardApp(App):
    def __init__(self, board: GridBoard):
        super().__init__()
        self.board = board

    def compose(self):
        yield self.board

    def on_mount(self):
        self.board.focus()


def cells_of(marks: dict[int, str], n: int) -> list[list[Text]]:
    return [[Text(marks.get(i, "."), style="bold red" if i in marks else "dim"), Text(f"sq {i}{marks.get(i, '')}")]
            for i in range(n)]


def rows_lines(board: GridBoard, row: int) -> set[int]:
    """The lines of the widget that a row of squares covers."""
    first = 1 + row * (board.cell_height + (1 if board.lines else 0))
    return set(range(first, first + board.cell_height))


async def test_a_changed_square_draws_only_its_rows_lines_again(monkeypatch):
    counts = Counts(monkeypatch)
    board = GridBoard(4, 4, cell_width=6, cell_height=2, labels=True)
    app = BoardApp(board)
    async with app.run_test(size=(60, 20)) as pilot:
        board.set_cells(cells_of({}, 16))
        await quiet(pilot, counts)
        assert by_lines(board) == as_text_lines(board)
        for marks, row in (({5: "X"}, 1), ({5: "X", 15: "O"}, 3), ({5: "Z", 15: "O"}, 1), ({5: "Z", 15: "O", 0: "O"}, 0)):
            counts.reset()
            board.painted.clear()
            drawn = board.drawn
            board.set_cells(cells_of(marks, 16), styles={i: "on #202040" for i in marks})
            await quiet(pilot, counts)
            # the row of the changed square, and no other line, repainted and drawn anew
            assert set(board.painted) == rows_lines(board, row), marks
            assert board.drawn - drawn == board.cell_height, marks
            assert (counts.frames, counts.layouts) == (1, 0)
            assert by_lines(board) == as_text_lines(board)
            shown = "".join(text for line in by_lines(board) for text, _ in line)
            assert all(f"sq {i}{mark}" in shown for i, mark in marks.items())
        # the same squares again: nothing drawn, nothing repainted, no frame
        counts.reset()
        board.painted.clear()
        drawn = board.drawn
        board.set_cells(cells_of({5: "Z", 15: "O", 0: "O"}, 16), styles={i: "on #202040" for i in (0, 5, 15)})
        await quiet(pilot, counts)
        assert (counts.frames, list(board.painted), board.drawn) == (0, [], drawn)


async def test_a_row_seen_before_comes_from_the_cache(monkeypatch):
    counts = Counts(monkeypatch)
    board = GridBoard(3, 3, cell_width=5, cell_height=2)
    app = BoardApp(board)
    async with app.run_test(size=(40, 20)) as pilot:
        board.set_cells(cells_of({}, 9))
        await quiet(pilot, counts)
        board.set_cells(cells_of({7: "X"}, 9))
        await quiet(pilot, counts)
        drawn = board.drawn
        board.painted.clear()
        board.set_cells(cells_of({}, 9))  # back as it was: repainted from the lines kept
        await quiet(pilot, counts)
        assert set(board.painted) == rows_lines(board, 2)
        assert board.drawn == drawn
        assert by_lines(board) == as_text_lines(board)


async def test_the_cursor_repaints_the_lines_of_the_rows_it_leaves_and_enters(monkeypatch):
    counts = Counts(monkeypatch)
    board = GridBoard(8, 8, cell_width=3, cell_height=1, labels=True, lines=False)
    app = BoardApp(board)
    async with app.run_test(size=(60, 20)) as pilot:
        board.set_cells(cells_of({3: "K"}, 64), highlight={10, 20})
        await quiet(pilot, counts)
        board.cursor = 9
        await quiet(pilot, counts)
        board.painted.clear()
        counts.reset()
        await pilot.press("down")  # row 1 to row 2
        await quiet(pilot, counts)
        assert board.cursor == 17
        assert set(board.painted) == rows_lines(board, 1) | rows_lines(board, 2)
        assert counts.frames == 1
        assert by_lines(board) == as_text_lines(board)
        board.painted.clear()
        await pilot.press("c")  # typed: only the line of the files shows it
        await quiet(pilot, counts)
        assert set(board.painted) == {board.size.height - 1}
        assert "typed: c" in board.render().plain
        assert by_lines(board) == as_text_lines(board)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
@pytest.mark.parametrize("game_id", BOARD_GAMES + ["monster-builder"])
async def test_a_table_drawn_by_lines_looks_as_drawn_whole(make_app, store, game_id, size):
    app = scene_app(make_app, store, game_id)
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.05)
        screen = app.screen
        if isinstance(screen, BoardScreen):
            widget = screen.grid
            await pilot.press("right", "down")
            await pilot.pause(0.05)
        else:
            widget = screen.query_one("#mb-table", TextLines)
        assert by_lines(widget) == as_text_lines(widget)
        assert [line.plain for line in widget.render().split("\n")] == \
               ["".join(text for text, _ in line) for line in by_lines(widget)][: widget._line_count()]


class LinesApp(App):
    def compose(self):
        yield TextLines(id="part")
        yield Drawn("below", id="below")


async def test_text_lines_repaint_the_lines_that_changed_and_lay_out_only_when_their_number_does(monkeypatch):
    counts = Counts(monkeypatch)
    app = LinesApp()
    async with app.run_test(size=(30, 10)) as pilot:
        part = app.query_one("#part", TextLines)
        below = app.query_one("#below")

        def lines(*texts: str) -> list[Text]:
            return [Text(t, style="bold" if i == 0 else "") for i, t in enumerate(texts)]

        part.show_lines(lines("one", "two", "three"))
        await quiet(pilot, counts)
        assert below.region.y == 3
        steps = [
            (("one", "TWO", "three"), 0, {1}),
            (("one", "TWO", "three"), 0, set()),  # the same: nothing repainted
            (("uno", "TWO", "tres"), 0, {0, 2}),
            (("uno", "TWO"), 1, {0, 1}),  # one line fewer: the part below moves up
        ]
        for texts, layouts, repainted in steps:
            counts.reset()
            part.painted.clear()
            part.show_lines(lines(*texts))
            await quiet(pilot, counts)
            assert counts.layouts == layouts, texts
            assert set(part.painted) == repainted, texts
            assert below.region.y == len(texts)
            assert by_lines(part)[: len(texts)] == as_text_lines(part)


def move_keys(screen, rnd: random.Random) -> list[str] | None:
    """The keys of a move for the person to act: an action bar's key, or a square the moves name,
    typed on a board (its name, or the screen's own key for it)."""
    seat = screen.session.human_to_act()[0]
    grid = screen.grid if isinstance(screen, BoardScreen) else None
    taken = set("abcdefghijklmnopqrstuvwx"[: grid.cols]) if grid is not None and grid.labels else set()
    choices = [[a.key] for a in screen.query_one("#actions").actions
               if len(a.key) == 1 and a.key not in taken and a.key not in screen.RESERVED_KEYS]
    if grid is not None and not screen.holding():
        cells = grid.rows * grid.cols
        for move in screen.game.legal_moves(seat):
            for arg in move.args:
                if isinstance(arg, int) and not isinstance(arg, bool) and 0 <= arg < cells:
                    own = [k for k in "123456789" if screen.key_square(k) == arg]
                    choices.append(list(square_name(arg, grid.rows, grid.cols)) if grid.labels else own[:1])
                elif isinstance(arg, str) and 2 <= len(arg) <= 3 and arg[0] in taken:
                    choices.append(list(arg))
    elif grid is not None:
        choices += [list(square_name(i, grid.rows, grid.cols)) for i in sorted(screen.lit())] + [["escape"]]
    choices = [c for c in choices if c]
    return rnd.choice(choices) if choices else None


@pytest.mark.parametrize("game_id", BOARD_GAMES + TABLE_GAMES)
async def test_a_key_costs_a_frame_and_each_part_of_the_table_at_most_one_rendering(make_app, store, monkeypatch,
                                                                                     game_id):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, game_id)
    rnd = random.Random(5)
    pressed = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        while pressed < 6:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            if screen.session.over() or not screen.session.human_to_act():
                break
            keys = move_keys(screen, rnd)
            assert keys, f"{game_id}: a person is to move and no key makes a move"
            for key in keys[:-1]:
                app.post_message(events.Key(key, key))
                await quiet(pilot, counts)
            before = {w: w.region for w in screen.query("*")}
            table = [w for w in screen.query("#table *") if isinstance(w, (Drawn, GridBoard, TextLines))]
            board = screen.grid if isinstance(screen, BoardScreen) else None
            if board is not None:
                board.painted.clear()
            counts.reset()
            key = keys[-1]
            app.post_message(events.Key(key, {"escape": "\x1b"}.get(key, key)))
            await quiet(pilot, counts)
            if app.screen is not screen:
                break  # the results
            pressed += 1
            resized = {w: w.region for w in screen.query("*")} != before
            where = f"{game_id}, keys {keys} (press {pressed})"
            assert counts.layouts <= (1 if resized else 0), f"{where}: {counts.layouts} layouts"
            assert counts.frames <= (2 if resized else 1), f"{where}: {counts.frames} frames"
            for widget in table:
                assert counts.renders.get(widget, 0) <= 1, f"{where}: {widget} rendered {counts.renders[widget]} times"
            for widget in table:
                if isinstance(widget, (GridBoard, TextLines)):
                    # drawn by lines (never as one Text), each line at most once a frame
                    assert counts.renders.get(widget, 0) == 0, where
            if board is not None:
                assert len(board.painted) <= counts.frames * board.size.height, where
    assert pressed >= 3


def picture(board) -> tuple:
    """What a board's cells show: their lines, the squares lit, their own styles."""
    return (tuple(tuple(text_key(t) for t in lines) for lines in board.cells), frozenset(board.highlight),
            tuple(sorted(board.styles_of.items())))


async def test_board_game_project_55_builds_its_board_only_when_a_square_changed(make_app, store, monkeypatch):
    # a roll, a letter typed, a choice that lights nothing: the board shows what it showed, and its
    # 64 cells of Text (most of such a key's work) are not built again
    counts = Counts(monkeypatch)
    sets: list[int] = []
    set_cells = GridBoard.set_cells
    monkeypatch.setattr(GridBoard, "set_cells", lambda board, *a, **k: sets.append(1) or set_cells(board, *a, **k))
    app = scene_app(make_app, store, "board-game-project-55")
    rnd = random.Random(2)
    same = changed = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        board = screen.query_one("#board", GridBoard)
        for _ in range(14):
            if screen.session.over() or not screen.session.human_to_act():
                break
            seat = screen.session.human_to_act()[0]
            keys = [a.key for a in screen.query_one("#actions").actions if len(a.key) == 1 and a.key not in "?ulsq"]
            squares = sorted({arg for m in screen.game.legal_moves(seat) for arg in m.args if isinstance(arg, int)})
            choice = rnd.choice([[k] for k in keys] + [list(square_name(i, 8, 8)) for i in squares if i < 64])
            cells = picture(board)
            sets.clear()
            for key in choice:
                app.post_message(events.Key(key, key))
                await quiet(pilot, counts)
            if picture(board) == cells:
                same += 1
                assert sets == [], f"{choice}: the board built again though no square changed"
            else:
                changed += 1
                assert len(sets) <= len(choice)
    assert same and changed
