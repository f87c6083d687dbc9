"""The grid board's lines, by counts: every line's key made once for what the board shows (not again
for each line drawn, nor for each `_sync`), a line of cells drawn from its cells' lines (each kept by
what it shows) into the very segments its Text is cut into, and after a change only the lines whose
cells changed repainted, each drawn once."""

from rich.text import Text
from textual.app import App

from tabletop_tui.ui.widgets.grid import GridBoard, placed_strip

from test_ui_frames import Counts, quiet


class BoardsApp(App):
    def compose(self):
        yield GridBoard(3, 4, cell_width=5, cell_height=2, labels=True, id="lined")
        yield GridBoard(4, 3, cell_width=3, cell_height=1, labels=False, lines=False, id="compact")

    def on_mount(self):
        self.query_one("#lined").focus()


def cells_of(board: GridBoard, marks: dict[int, str]) -> list[list[Text]]:
    """Cells of many kinds: a styled mark, an unstyled word, spans at an edge, too wide to fit, none."""
    cells = []
    for i in range(board.rows * board.cols):
        mark = marks.get(i)
        if mark:
            cells.append([Text(mark, style="bold red"), Text.assemble(("x", "green"), "y")])
        elif i % 4 == 1:
            cells.append([Text("wide word", style="italic")])  # cut to the cell's width
        elif i % 4 == 2:
            cells.append([])
        else:
            cells.append([Text("·", style="dim"), Text(str(i))])
    return cells


def segments(strip) -> list[tuple]:
    return [(segment.text, segment.style) for segment in strip]


def cells_styles(strip) -> list[tuple]:
    """A line's picture: each cell's character and style (without the offsets, which name a segment's
    first cell)."""
    return [(char, segment.style.clear_meta_and_links()) for segment in strip for char in segment.text]


async def test_a_line_of_cells_is_its_text_cut_alike_and_a_change_repaints_only_its_lines(monkeypatch):
    counts = Counts(monkeypatch)
    app = BoardsApp()
    async with app.run_test(size=(60, 24)) as pilot:
        lined, compact = app.query_one("#lined", GridBoard), app.query_one("#compact", GridBoard)
        for board in (lined, compact):
            board.set_cells(cells_of(board, {}), highlight={2, 7}, styles={0: "on #202040", 5: "on #402020"})
        await quiet(pilot, counts)
        for board in (lined, compact):
            for y in range(board._line_count()):
                key = board._line_key(y)
                # drawn from its cells: the segments `_line_text` is cut into, and joined (JOIN_RUNS)
                # the same picture in fewer segments
                by_text = placed_strip(board._strip(board._line_text(y)), y)
                drawn = board._place(y, key)
                assert segments(drawn) == segments(by_text), (board.id, y)
                assert drawn.cell_length == by_text.cell_length
                board.JOIN_RUNS = True
                board._cell_runs.clear()
                joined = board._place(y, key)
                del board.JOIN_RUNS
                board._cell_runs.clear()
                assert cells_styles(joined) == cells_styles(by_text), (board.id, y)
                assert len(list(joined)) <= len(list(by_text))
                starts = [sum(len(s.text) for s in list(joined)[:k]) for k in range(len(list(joined)))]
                assert [s.style.meta["offset"] for s in joined] == [(x, y) for x in starts]

        # one square changed, the cursor moved a row down: the keys made once, the lines of the two
        # rows repainted (no other), each drawn once, in one frame
        counts.reset()
        lined.painted.clear()
        keyed, drawn = lined.keyed, lined.drawn
        lined.set_cells(cells_of(lined, {9: "X"}), highlight={2, 7}, styles={0: "on #202040", 5: "on #402020"})
        lined.cursor = 10
        await quiet(pilot, counts)
        assert lined.keyed - keyed <= 2  # (the cells given, then the cursor: never once a line)
        moved = lined._all_keys()
        lined._keys_for = None  # (all of them made again: the same keys)
        assert lined._all_keys() == moved and lined._all_keys() is not moved
        assert (counts.frames, counts.layouts) == (1, 0)
        # rows of 2 lines under a rule: row r covers lines 3r+1, 3r+2 (the cursor was on square 6)
        assert set(lined.painted) == {4, 5, 7, 8}
        assert lined.drawn - drawn == 4
        # the same cells again: nothing repainted, the keys not made again
        counts.reset()
        lined.painted.clear()
        keyed = lined.keyed
        lined.set_cells(lined.cells, lined.highlight, lined.styles_of)
        lined._sync()
        await quiet(pilot, counts)
        assert not lined.painted and counts.frames == 0
        assert lined.keyed - keyed == 1
