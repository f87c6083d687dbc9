"""Plain English for the move log and for messages: a list of names, a count of things, a value quoted
short and printable, a fraction as a table writes it (and read back as a number)."""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterable
from fractions import Fraction
from typing import Any


def listing(items: Iterable[str], last: str = "and") -> str:
    """"Ada", "Ada and Bo", "Ada, Bo and Cy" ("" for none); `last` may be "or"."""
    names = list(items)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {last} " + names[-1]


def plural(n: int, one: str, many: str | None = None) -> str:
    """"1 steal", "2 steals"; `many` where adding an s is wrong ("3 dice")."""
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"


def shorten(value: object, limit: int = 40) -> str:
    """A value quoted in a message (its repr), cut to `limit` characters: a 5,000-digit seed, a
    100,000-character name or a list nested a thousand deep is not a message. Control characters
    (an escape that would clear the screen) are shown as escape codes, as repr shows them."""
    if type(value) is int and value.bit_length() > 4 * limit:
        return "a number too long to show"
    try:
        text = _REPR.repr(value)
    except (RecursionError, MemoryError):
        return "a value nested too deeply to show"
    except ValueError:  # a number of more digits than Python turns into text
        return "a value too long to show"
    if not isinstance(value, str):  # repr escapes the control characters of strings; not every object's repr
        text = escaped(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quote(text: object, limit: int = 200) -> str:
    """Text made elsewhere (a reason that quotes a move from a file, a file name) for a message:
    control characters as escape codes, and cut to `limit` characters."""
    text = escaped(str(text))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _unsafe(c: str) -> bool:
    """Whether a terminal acts on the character or it changes how the text around it reads: C0 and C1
    controls, formatting characters (zero width, direction overrides), line and paragraph separators,
    surrogates, private use and unassigned code points (Unicode categories Cc, Cf, Cs, Co, Cn, Zl, Zp)."""
    import unicodedata

    return unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


#: Text of printable ASCII alone is safe as it is (the usual case): only other text is looked at closely.
_SUSPECT = re.compile("[^\\x20-\\x7e]")


def escaped(text: str, keep: str = "") -> str:
    """`text` with every character a terminal would act on shown as an escape code (\\x1b, \\u202e);
    the characters in `keep` (a newline, say) stay as they are."""
    if not _SUSPECT.search(text):
        return text
    out = []
    for c in text:
        if c not in keep and _unsafe(c):
            out.append(c.encode("unicode_escape", "backslashreplace").decode("ascii"))
        else:
            out.append(c)
    return "".join(out)


def _make_repr() -> reprlib.Repr:
    r = reprlib.Repr()
    r.maxlevel, r.maxtuple, r.maxlist, r.maxarray, r.maxdict = 4, 8, 8, 8, 6
    r.maxset = r.maxfrozenset = r.maxdeque = 8
    r.maxstring = r.maxother = r.maxlong = 200
    return r


_REPR = _make_repr()


def fraction_text(value: Fraction) -> str:
    """"4", "2/3", "1 1/3", "-1 1/3"."""
    if value.denominator == 1:
        return str(value.numerator)
    whole, rest = divmod(abs(value.numerator), value.denominator)
    sign = "-" if value < 0 else ""
    if whole:
        return f"{sign}{whole} {rest}/{value.denominator}"
    return f"{sign}{rest}/{value.denominator}"


_FRACTION = re.compile(r"(-?)(?:(\d+) )?(\d+)/(\d+)")


def score_number(score: Any) -> float | None:
    """A score as a number, where it is one: an int or a float as it is, a fraction's text ("1 1/3") as
    its value; None for a score in words (or a bool)."""
    if isinstance(score, (int, float)) and not isinstance(score, bool):
        return score
    if isinstance(score, str):
        if re.fullmatch(r"-?\d+", score):
            return int(score)
        m = _FRACTION.fullmatch(score)
        if m and int(m.group(4)):
            value = int(m.group(2) or 0) + Fraction(int(m.group(3)), int(m.group(4)))
            return float(-value if m.group(1) else value)
    return None
