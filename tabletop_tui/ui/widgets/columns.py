"""Columns of text that share a width: each at least its least width, the rest to those that need it."""

from __future__ import annotations


def fit_columns(columns, rows: list[list[str]], width: int) -> list[int]:
    """Widths of columns ((heading, least width), ...) that share `width`: each at least its least
    width, then the room left handed out a column at a time to those whose heading or longest cell
    (and a space) needs more."""
    widths = [least for _, least in columns]
    wants = [max([len(name) + 1, least] + [len(r[i]) + 1 for r in rows]) for i, (name, least) in enumerate(columns)]
    spare = width - sum(widths)
    while spare > 0:
        growing = [i for i in range(len(columns)) if widths[i] < wants[i]]
        if not growing:
            break
        for i in growing:
            if spare == 0:
                break
            widths[i] += 1
            spare -= 1
    return widths


def cut(text: str, width: int) -> str:
    """`text` in `width` cells at most, its end an ellipsis where it was cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"
