"""The shape every board game's screen shares: a `GameScreen` whose table is a `GridBoard`.

The base holds what the grid games have in common: the board between what is drawn above and below
it, the board focused when the screen opens and its cursor, squares named as players type them (a1 at
the lower left, through `rules/components/squares.py`), a square chosen by typing its name, by a key
of the screen's own (Pontifuse's digits), by the arrows and Enter or by a click, the piece chosen
before its destination (Escape lets go of it) and the squares it may go to, lit on the board.

A square reaches the game only through `choose_square`, and only while the shared screen takes a
person's input (`input_open`), for the seat whose move a person may make now (`may_act`). A game fills
in `make_board`, `above_board` and `below_board`, and says what a square stands for in `square_move`
(one move) or `square_chosen` (a piece picked up, then a destination), what a chosen piece may reach in
`targets`, and where the cursor starts in `first_square`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.app import ComposeResult
from textual.widget import Widget

from tabletop_tui.rules.components.squares import square_index, square_name
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import GridBoard


class BoardScreen(GameScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: the square of the piece a person chose to move (its destinations are lit), or None
        self.selected: int | None = None

    # -- what a board game fills in ---------------------------------------------------------------

    def make_board(self) -> GridBoard:
        """The board: its rows and columns, the size of its squares, coordinates or not."""
        raise NotImplementedError

    def above_board(self) -> Iterable[Widget]:
        """What the table shows above the board."""
        return ()

    def below_board(self) -> Iterable[Widget]:
        """What the table shows below the board."""
        return ()

    def first_square(self) -> int | None:
        """Where the cursor starts when the screen opens (None: the board's middle)."""
        return None

    def key_square(self, key: str) -> int | None:
        """The square a key of the screen's own stands for (Pontifuse's 1-9), or None."""
        return None

    def square_move(self, seat: int, index: int) -> Move | None:
        """The move a square chosen by `seat` stands for, handed to the rules (which say why not);
        None when there is none (the screen has said why)."""
        return None

    def square_chosen(self, seat: int, index: int) -> None:
        """A square chosen by the person who may make `seat`'s move. By default the move it stands for
        is made; a game where a piece is picked up before its destination is chosen says so here."""
        move = self.square_move(seat, index)
        if move is not None:
            self.submit(seat, move)

    def targets(self, seat: int, index: int) -> set[int]:
        """The squares the piece on `index` may go to now, as the rules say."""
        return set()

    def cursor_moved(self) -> None:
        """The cursor went to another square (a screen that tells about the square under it)."""

    def holding(self) -> bool:
        """Whether a person holds something chosen on the board (a piece, a square to create on)."""
        return self.selected is not None

    def let_go(self) -> None:
        """Nothing chosen on the board any more."""
        self.selected = None

    # -- the board --------------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        yield from self.above_board()
        board = self.make_board()
        board.id = "board"
        yield board
        yield from self.below_board()

    @property
    def grid(self) -> GridBoard:
        return self.query_one("#board", GridBoard)

    def on_mount(self) -> None:
        # (GameScreen.on_mount runs too: Textual calls the handler of every class in the chain)
        board = self.grid
        first = self.first_square()
        if first is not None:
            board.cursor = first
        board.focus()
        self.watch(board, "cursor", lambda _: self.cursor_moved(), init=False)

    def square_name(self, index: int) -> str:
        """'a1' for the lower left square."""
        board = self.grid
        return square_name(index, board.rows, board.cols)

    def square_index(self, name: str) -> int | None:
        """The square named so ('e4'), or None."""
        board = self.grid
        return square_index(name, board.rows, board.cols)

    def fit_board(self, sizes: Sequence[tuple[int, int]], spare: tuple[int, int] = (0, 0)) -> bool:
        """The biggest squares of `sizes` (width, height; largest first) with which the board and
        `spare` columns and lines beside it fit the table; the last size when none fits. True when the
        first fits (the board grows with the terminal)."""
        board = self.grid
        room = self.query_one("#table").size
        if not room.width or not room.height:  # not laid out yet
            return (board.cell_width, board.cell_height) == tuple(sizes[0])
        for size in sizes:
            width, height = board.size_with(*size)
            if (width + spare[0] <= room.width and height + spare[1] <= room.height) or size == sizes[-1]:
                if (board.cell_width, board.cell_height) != tuple(size):
                    board.cell_width, board.cell_height = size
                    board.refresh(layout=True)
                return size == sizes[0]
        return False

    # -- who chooses ------------------------------------------------------------------------------

    def chooser(self) -> int | None:
        """The seat whose move a square chosen now makes: the first person to act, when a person's
        input may make that seat's move (None while the keyboard is passed, while a computer or nobody
        is to move, on a table only to look at)."""
        humans = self.session.human_to_act()
        return humans[0] if humans and self.may_act(humans[0]) else None

    def lit(self) -> set[int]:
        """The squares the chosen piece may go to (lit on the board), for the person choosing."""
        seat = self.chooser()
        if seat is None or self.selected is None:
            return set()
        return self.targets(seat, self.selected)

    # -- input ------------------------------------------------------------------------------------

    def choose_square(self, index: int) -> None:
        """A square a person chose (typed, a key, Enter on the cursor, a click). Nothing is taken
        while the screen takes no input; with nobody to move by this keyboard, the screen says so."""
        if not self.input_open():
            return
        seat = self.chooser()
        if seat is None:
            self.error = "Not now: " + (self.waiting_note() or "nobody is to move.")
            self.refresh_table()
            return
        self.square_chosen(seat, index)

    def on_grid_board_chosen(self, message: GridBoard.Chosen) -> None:
        self.choose_square(message.index)

    def unlisted_key(self, key: str) -> bool:
        if key == "\x1b" and self.holding():  # Escape: let go of what was chosen
            self.let_go()
            self.error = ""
            self.refresh_table()
            return True
        index = self.key_square(key)
        if index is not None:
            self.choose_square(index)
            return True
        return False

    def say(self, text: str, bell: bool = False) -> None:
        """Tell the person why a square does nothing (the table is drawn again)."""
        self.error = text
        if bell:
            self.app.bell()
        self.refresh_table()

    def on_events(self, events) -> None:
        # a move made (by anyone) lets go of what was chosen for the last one
        self.let_go()

    def action_undo(self) -> None:
        self.let_go()
        super().action_undo()
