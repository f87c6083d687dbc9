"""Plain English for the move log and for messages: a list of names, a count of things, a value quoted short."""

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


def shorten(value: object, limit: int = 40) -> str:
    """A value quoted in a message (its repr), cut to `limit` characters: a 5,000-digit seed or a
    100,000-character name is not a message."""
    if type(value) is int and value.bit_length() > 4 * limit:
        return "a number too long to show"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
