"""Tic-tac-toe as OpenSpiel plays it from Python: the anchor of the playout figures.

What it stands in for. OpenSpiel's `open_spiel/python/games/tic_tac_toe.py` cannot be run here:
`open_spiel` is not on the package index this machine installs from, so neither `pyspiel` (its C++
core) nor that file is available. There, `TicTacToeState` subclasses `pyspiel.State`, and a caller's
`state.legal_actions()`, `state.apply_action(a)` and `state.clone()` are C++ methods that call back
into the Python game through pybind11:

- `legal_actions()` asks `current_player()`, `is_terminal()`, `current_player()` again (is it a
  chance node?) and again (is it the player's turn?), then the game's `_legal_actions(player)`, whose
  list is converted to a C++ vector and back to a new Python list;
- `apply_action(a)` asks `current_player()`, calls the game's `_apply_action(a)` and appends
  (player, action) to the C++ history;
- `clone()` makes a new initial state through the game (`new_initial_state()`, which builds a fresh
  board) and sets on it a `copy.deepcopy` of each attribute of the state's `__dict__`, then copies
  the C++ history;
- `is_terminal()` and `returns()` are the Python methods themselves.

The game itself keeps its board as a 3x3 numpy array of "." / "x" / "o"; `_legal_actions` looks at
each of the nine cells; `_apply_action` marks the cell and then looks for a full line of "x" over all
eight lines, then for one of "o" (each line compared as a whole), then whether any cell is still
empty.

What this file is. The same game doing the same work in the same order (every line checked for both
marks after each move, every cell looked at for the legal actions, the same callbacks in the same
sequence, a clone that builds a new state and deep-copies its attributes), in plain Python: the
pyspiel layer is modelled by `_SpielState` below, and the board is a list of three rows instead of a
numpy array. Two costs of the real thing are left out, both of them on OpenSpiel's side: pybind11's
crossing from C++ back into Python on every callback (five of them for a `legal_actions()`, two for an
`apply_action`), and numpy's cost per operation on a nine-cell array (the same file with OpenSpiel's
numpy board, run once beside this one where numpy was installed, played about 1.2x fewer games a
second and cloned about as fast: the clone here deep-copies the board in one step, as numpy does). So
this anchor is at least as fast as OpenSpiel's Python tic-tac-toe: a game's ratio to it understates
its ratio to OpenSpiel's. (An earlier anchor here checked only the lines through the cell just marked
and skipped the callbacks: less work than OpenSpiel does, so not an honest stand-in.)

Written from a reading of OpenSpiel's file and of `pyspiel`'s `PyState` (python_games.cc); it runs
on no part of either.
"""

from __future__ import annotations

import copy

NUM_PLAYERS = 2
NUM_ROWS = 3
NUM_COLS = 3
NUM_CELLS = NUM_ROWS * NUM_COLS
TERMINAL = -4  # pyspiel.PlayerId.TERMINAL
CHANCE = -1  # pyspiel.PlayerId.CHANCE
INVALID_ACTION = -1  # pyspiel.INVALID_ACTION


class _SpielState:
    """What `pyspiel.State` does around a Python game's methods (its C++ side, here in Python)."""

    def __init__(self, game: "TicTacToeGame") -> None:
        # C++ members in pyspiel: not in the state's __dict__ that clone() deep-copies
        object.__setattr__(self, "_spiel", [game, [], 0])  # the game, the history, the move number

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is None:
            player = self.current_player()
        if self.is_terminal():
            return []
        if self.current_player() == CHANCE:  # IsChanceNode()
            return []
        if player == self.current_player():
            return list(self._legal_actions(player))  # vector<Action> back to a new Python list
        return []

    def apply_action(self, action: int) -> None:
        if action == INVALID_ACTION:
            raise ValueError("invalid action")
        player = self.current_player()
        self._apply_action(action)
        spiel = self._spiel
        spiel[1].append((player, action))
        spiel[2] += 1

    def history(self) -> list[int]:
        return [action for _, action in self._spiel[1]]

    def clone(self) -> "_SpielState":
        game, history, moves = self._spiel
        other = game.new_initial_state()
        for key, value in self.__dict__.items():
            if key != "_spiel":
                setattr(other, key, copy.deepcopy(value))
        other._spiel[1] = list(history)
        other._spiel[2] = moves
        return other

    # the game's own methods
    def current_player(self) -> int:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def _legal_actions(self, player: int) -> list[int]:
        raise NotImplementedError

    def _apply_action(self, action: int) -> None:
        raise NotImplementedError


class TicTacToeState(_SpielState):
    """A game of tic-tac-toe: x (player 0) moves first; an action is a cell, 0 to 8 row by row."""

    def __init__(self, game: "TicTacToeGame") -> None:
        super().__init__(game)
        self._cur_player = 0
        self._player0_score = 0.0
        self._is_terminal = False
        self.board = _Board(["."] * NUM_COLS for _ in range(NUM_ROWS))

    def current_player(self) -> int:
        return TERMINAL if self._is_terminal else self._cur_player

    def _legal_actions(self, player: int) -> list[int]:
        board = self.board
        out = []
        for action in range(NUM_CELLS):
            row, col = _coord(action)
            if board[row][col] == ".":
                out.append(action)
        return out

    def _apply_action(self, action: int) -> None:
        row, col = _coord(action)
        self.board[row][col] = "x" if self._cur_player == 0 else "o"
        if _line_exists(self.board):
            self._is_terminal = True
            self._player0_score = 1.0 if self._cur_player == 0 else -1.0
        elif all(cell != "." for cell in _ravel(self.board)):
            self._is_terminal = True
        else:
            self._cur_player = 1 - self._cur_player

    def is_terminal(self) -> bool:
        return self._is_terminal

    def returns(self) -> list[float]:
        return [self._player0_score, -self._player0_score]

    def __str__(self) -> str:
        return "\n".join("".join(row) for row in self.board)


class _Board(list):
    """Three rows of three cells. Deep-copied in one step, as a numpy array is (its `__deepcopy__`
    copies the buffer in C), not cell by cell as `copy.deepcopy` copies nested lists."""

    def __deepcopy__(self, memo: dict) -> "_Board":
        return _Board([row[:] for row in self])


class TicTacToeGame:
    def new_initial_state(self) -> TicTacToeState:
        return TicTacToeState(self)


def _ravel(board: list[list[str]]) -> list[str]:
    return [cell for row in board for cell in row]


def _has_line(board: list[list[str]], mark: str) -> bool:
    """Whether `mark` fills a row, a column or a diagonal: each line taken whole, in OpenSpiel's order."""
    return (
        _filled(board[0], mark)
        or _filled(board[1], mark)
        or _filled(board[2], mark)
        or _filled([row[0] for row in board], mark)
        or _filled([row[1] for row in board], mark)
        or _filled([row[2] for row in board], mark)
        or _filled([board[i][i] for i in range(NUM_ROWS)], mark)
        or _filled([board[i][NUM_COLS - 1 - i] for i in range(NUM_ROWS)], mark)
    )


def _filled(line: list[str], mark: str) -> bool:
    return all(cell == mark for cell in line)


def _line_exists(board: list[list[str]]) -> str | None:
    if _has_line(board, "x"):
        return "x"
    if _has_line(board, "o"):
        return "o"
    return None


def _coord(action: int) -> tuple[int, int]:
    return (action // NUM_COLS, action % NUM_COLS)


_GAME = TicTacToeGame()


def new_initial_state() -> TicTacToeState:
    return _GAME.new_initial_state()
