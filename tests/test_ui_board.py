"""The board screen base on its own: a square typed by name, clicked, or named by a key of the screen's
becomes the move the screen's hook names for it; Escape lets go of a chosen piece; and while the
screen takes no input (the keyboard being passed), no square reaches the hook, however it comes."""

from rich.text import Text

from tabletop_tui.rules.engine import Move
from tabletop_tui.session import Session
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.screens.board import BoardScreen
from tabletop_tui.ui.widgets.grid import GridBoard

from handoff_helpers import lift_curtain
from ui_helpers import settle


class ProbeScreen(BoardScreen):
    """Pontifuse's rules on a board with coordinates; a square stands for marking it, 9 for c1."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.asked: list[tuple[int, int]] = []  # (seat, square) each time the hook was asked

    def make_board(self) -> GridBoard:
        return GridBoard(3, 3, cell_width=3, cell_height=1, labels=True)

    def show_table(self, view: dict) -> None:
        self.grid.set_cells([[Text(mark or "")] for mark in view["cells"]], self.lit())

    def listed_moves(self, seat, moves):
        return []

    def key_square(self, key: str) -> int | None:
        return self.square_index("c1") if key == "9" else None

    def square_move(self, seat: int, index: int) -> Move:
        self.asked.append((seat, index))
        return Move("place", (index,))


class ProbeApp(TabletopApp):
    def game_screen(self, session, resumed=False):
        return ProbeScreen(session, resumed=resumed)


def placing(store) -> Session:
    """A game of Pontifuse between two people, its coin called and its army chosen."""
    session = Session.new("pontifuse", ["Ada", "Bo"], 3, {}, [], store)
    game = session.game
    while game.view(None)["phase"] != "place":
        seat = game.to_act()[0]
        session.play(seat, game.legal_moves(seat)[0])
    return session


def marked(screen) -> list[int]:
    return [i for i, mark in enumerate(screen.game.view(None)["cells"]) if mark]


async def test_a_square_typed_clicked_or_keyed_becomes_the_move_the_hook_names(store):
    session = placing(store)
    app = ProbeApp(store=store, start={"save": session.save_id}, bot_delay=0, force_curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, ProbeScreen) and screen.input_open()
        first = screen.chooser()
        assert screen.square_name(4) == "b2" and screen.square_index("a1") == 6
        await pilot.press("b", "2")
        await settle(pilot)
        assert screen.asked == [(first, 4)] and marked(screen) == [4]
        second = screen.chooser()
        assert second != first
        await pilot.click(GridBoard, offset=(2 + 1, 1))  # a3, the top left square
        await settle(pilot)
        assert screen.asked == [(first, 4), (second, 0)] and marked(screen) == [0, 4]
        await pilot.press("9")  # the screen's own key for c1
        await settle(pilot)
        assert screen.asked[-1] == (first, 8) and marked(screen) == [0, 4, 8]
        screen.selected = 2
        await pilot.press("escape")
        await settle(pilot)
        assert screen.selected is None and len(screen.asked) == 3


async def test_nothing_reaches_the_hook_while_the_screen_takes_no_input(store):
    session = placing(store)
    app = ProbeApp(store=store, start={"save": session.save_id}, bot_delay=0, force_curtain=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen_stack[-2]
        assert isinstance(screen, ProbeScreen) and not screen.input_open()  # behind the curtain
        screen.choose_square(4)
        assert screen.asked == []
        await lift_curtain(pilot, app)
        assert app.screen is screen and screen.input_open()
        await pilot.press("a", "1")
        await settle(pilot)
        assert len(screen.asked) == 1 and marked(screen) == [6]
        # the person who moved has yet to pass the keyboard: typed, clicked, keyed or handed straight
        # to the screen, no square is taken
        assert not screen.input_open() and screen.chooser() is None
        history = list(screen.game.history)
        await pilot.press("b", "2", "9")
        await pilot.click(GridBoard, offset=(2 + 1, 1))
        screen.choose_square(0)
        screen.post_message(GridBoard.Chosen(1))
        await settle(pilot)
        assert len(screen.asked) == 1 and screen.game.history == history and screen.error == ""
        await pilot.press("enter")  # passed: the curtain falls for the next person
        await settle(pilot)
        assert app.screen is not screen
        screen.choose_square(2)
        assert len(screen.asked) == 1 and screen.game.history == history
