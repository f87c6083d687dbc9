"""Player names: what setup, `play` and `import` accept, and how a name is printed safely.

A name is data that came from a person or a file. It is checked the same way wherever a game is made,
and whatever reaches a terminal is printable (a name from a file must not clear the screen).
"""

from __future__ import annotations

import unicodedata

from tabletop_tui.rules.words import escaped

#: The longest name a seat may have (the scoreboards and logs are laid out for it).
MAX_NAME = 16


def name_problem(name: object) -> str:
    """Why this cannot be a player's name, or "" if it can. Names are compared as given: strip first."""
    if not isinstance(name, str):
        return f"a name must be text, not {type(name).__name__}"
    if not name.strip():
        return "a name is blank"
    if len(name) > MAX_NAME:
        return f"the name {printable(name[:MAX_NAME])}… is longer than {MAX_NAME} characters"
    if name != name.strip():
        return f"the name '{printable(name)}' starts or ends with a space"
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for c in name):
        return f"the name '{printable(name)}' holds characters that cannot be shown"
    return ""


def names_problem(names: object) -> str:
    """Why these cannot be the names at a table, or "" if they can (each name, then no name twice)."""
    if not isinstance(names, (list, tuple)):
        return "the players are not a list of names"
    for name in names:
        problem = name_problem(name)
        if problem:
            return problem
    seen = set()
    for name in names:
        if name in seen:
            return f"two seats are called {printable(name)}: each player needs a different name"
        seen.add(name)
    return ""


def printable(text: str) -> str:
    """The text with every character a terminal would act on (escape, carriage return, a lone
    surrogate...) shown as an escape code instead: safe to print."""
    return escaped(text)


def shown(name: object) -> str:
    """A player's name as it is shown, on a screen or a terminal: what setup and import accept is
    shown as it is; a name saved by an older program with control characters in it is shown with
    escape codes in their place (it never moves the cursor or clears the screen). Used wherever a
    name from a save is shown."""
    return escaped(name if isinstance(name, str) else str(name))
