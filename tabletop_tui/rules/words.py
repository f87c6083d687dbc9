"""Plain English for the move log: a list of names, a count of things."""

from __future__ import annotations


def listing(items, last: str = "and") -> str:
    """"Ada", "Ada and Bo", "Ada, Bo and Cy" ("" for none); `last` may be "or"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def plural(n: int, one: str, many: str | None = None) -> str:
    """"1 steal", "2 steals"; `many` where adding an s is wrong ("3 dice")."""
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"
