"""Tic-tac-toe in the style of OpenSpiel's Python games: the anchor of the playout figures.

It stands in for OpenSpiel's own `open_spiel/python/games/tic_tac_toe.py`, which cannot be run here:
`open_spiel` is not on the package index this machine installs from, so `pyspiel` is not available.
The state has OpenSpiel's calls (`current_player`, `legal_actions`, `apply_action`, `is_terminal`,
`returns`, `clone`) and plays the same game. It is plain Python, with neither OpenSpiel's numpy board
nor pyspiel's C++ layer between the caller and the game: it is likely faster than OpenSpiel's own, so
a ratio to it is, if anything, the harder goal.
"""

from __future__ import annotations

NUM_CELLS = 9
NUM_PLAYERS = 2
EMPTY = "."
MARKS = "xo"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
TERMINAL = -4  # OpenSpiel's pyspiel.PlayerId.TERMINAL


class TicTacToeState:
    """A game of tic-tac-toe: x (player 0) moves first; an action is a cell, 0 to 8 row by row."""

    def __init__(self):
        self.board = [EMPTY] * NUM_CELLS
        self._cur_player = 0
        self._winner: int | None = None
        self._is_terminal = False
        self._moves = 0

    def current_player(self) -> int:
        return TERMINAL if self._is_terminal else self._cur_player

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self._is_terminal:
            return []
        board = self.board
        return [a for a in range(NUM_CELLS) if board[a] == EMPTY]

    def apply_action(self, action: int) -> None:
        board = self.board
        if self._is_terminal or board[action] != EMPTY:
            raise ValueError(f"illegal action {action}")
        mark = MARKS[self._cur_player]
        board[action] = mark
        self._moves += 1
        if any(board[a] == board[b] == board[c] == mark for a, b, c in LINES if action in (a, b, c)):
            self._is_terminal = True
            self._winner = self._cur_player
        elif self._moves == NUM_CELLS:
            self._is_terminal = True
        self._cur_player = 1 - self._cur_player

    def is_terminal(self) -> bool:
        return self._is_terminal

    def returns(self) -> list[float]:
        if self._winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self._winner == 0 else [-1.0, 1.0]

    def clone(self) -> "TicTacToeState":
        other = TicTacToeState.__new__(TicTacToeState)
        other.board = list(self.board)
        other._cur_player = self._cur_player
        other._winner = self._winner
        other._is_terminal = self._is_terminal
        other._moves = self._moves
        return other

    def __str__(self) -> str:
        return "\n".join("".join(self.board[r * 3: r * 3 + 3]) for r in range(3))


def new_initial_state() -> TicTacToeState:
    return TicTacToeState()
