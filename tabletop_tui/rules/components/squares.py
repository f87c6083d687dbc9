"""Names of the squares of a rectangular board, as players type and read them: files are letters from
the left (a, b, c...), ranks are numbers from the bottom (1 is the bottom row), so a chessboard's a1 is
its lower left corner. Boards are stored row-major from the top row, as they are drawn."""

from __future__ import annotations

FILES = "abcdefghijklmnopqrstuvwxyz"


def square_name(index: int, rows: int, cols: int) -> str:
    """'a1' for the lower left square of a rows x cols board."""
    row, col = divmod(index, cols)
    return f"{FILES[col]}{rows - row}"


def square_index(name: str, rows: int, cols: int) -> int | None:
    """The index of a square named like 'e4' (any case, spaces around allowed), or None if the board
    has no such square."""
    text = name.strip().lower()
    if len(text) < 2 or text[0] not in FILES[:cols] or not text[1:].isdigit():
        return None
    rank = int(text[1:])
    if not 1 <= rank <= rows or text[1] == "0":
        return None
    return (rows - rank) * cols + FILES.index(text[0])
