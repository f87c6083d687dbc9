"""The grid board on its own: coordinates drawn and typed, a click on a cell (never on a line), and the
compact board without inner lines."""

from rich.text import Text
from textual.app import App

from tabletop_tui.ui.widgets.grid import GridBoard
from ui_helpers import settle


class GridApp(App):
    def __init__(self, board: GridBoard):
        super().__init__()
        self.board = board
        self.chosen: list[int] = []
        self.keys: list[str] = []

    def compose(self):
        yield self.board

    def on_mount(self):
        self.board.focus()

    def on_grid_board_chosen(self, message):
        self.chosen.append(message.index)

    def on_key(self, event):
        self.keys.append(event.key)


def lines_of(board: GridBoard) -> list[str]:
    return board.render().plain.split("\n")


async def test_typing_a_square_chooses_it_and_digits_alone_reach_the_screen():
    board = GridBoard(8, 8, cell_width=3, cell_height=1, labels=True)
    app = GridApp(board)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e", "4")
        await settle(pilot)
        assert app.chosen == [36] and board.cursor == 36 and board.name_of(36) == "e4"
        await pilot.press("7")  # no letter before it: the screen's key
        await pilot.press("h", "9", "8")  # no rank 9: the number starts again
        await settle(pilot)
        assert app.keys == ["7"] and app.chosen == [36, 7]
        await pilot.press("c", "escape", "2")
        await settle(pilot)
        assert app.chosen == [36, 7] and app.keys == ["7", "2"]
        await pilot.press("b")
        await settle(pilot)
        assert "typed: b" in lines_of(board)[-1]


async def test_a_big_board_waits_for_a_second_digit_and_enter_takes_the_first():
    board = GridBoard(12, 12, cell_width=2, cell_height=1, labels=True, lines=False)
    app = GridApp(board)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.press("a", "1")
        await settle(pilot)
        assert app.chosen == [] and board.typed == "a1"
        await pilot.press("2")
        await settle(pilot)
        assert app.chosen == [board.cols * 0 + 0]  # a12 is the top left corner
        await pilot.press("b", "1", "enter")
        await settle(pilot)
        assert app.chosen == [0, 11 * 12 + 1]


async def test_labels_put_rank_one_at_the_bottom_and_clicks_miss_the_lines():
    board = GridBoard(3, 4, cell_width=3, cell_height=1, labels=True)
    board.set_cells([[Text(str(i))] for i in range(12)])
    app = GridApp(board)
    async with app.run_test(size=(80, 24)) as pilot:
        drawn = lines_of(board)
        assert drawn[1].startswith("3 │ 0 │") and drawn[5].startswith("1 │ 8 │")
        assert drawn[-1].split() == ["a", "b", "c", "d"]
        assert len(drawn) == board.get_content_height(None, None, 0)
        await pilot.click(GridBoard, offset=(2 + 1 + 4 + 1, 3))  # b2
        await pilot.click(GridBoard, offset=(2 + 4, 3))  # the line between a2 and b2
        await settle(pilot)
        assert app.chosen == [5]


async def test_the_compact_board_draws_only_its_frame():
    board = GridBoard(2, 3, cell_width=2, cell_height=1, lines=False)
    board.set_cells([[Text("ab")] for _ in range(6)], styles={0: "on red"})
    assert lines_of(board) == ["┌──────┐", "│ababab│", "│ababab│", "└──────┘"]
    assert board.get_content_width(None, None) == 8 and board.get_content_height(None, None, 0) == 4
    assert board.cell_at(1, 1) == 0 and board.cell_at(6, 2) == 5 and board.cell_at(0, 1) is None


def test_the_room_a_board_needs_with_other_cells():
    board = GridBoard(8, 8, cell_width=3, cell_height=1, labels=True, lines=False)
    drawn = board.size_with(3, 1)
    assert drawn == (board.get_content_width(None, None), board.get_content_height(None, None, 0))
    assert board.size_with(5, 2) == (2 + 1 + 8 * 5 + 1 + len(" typed: a10"), 2 + 8 * 2 + 1)
    lined = GridBoard(3, 3, cell_width=13, cell_height=3)
    assert lined.size_with(13, 3) == (1 + 3 * 14, 2 + 3 * 4 - 1) == (len(lines_of(lined)[0]), len(lines_of(lined)))
