"""Who may see what: the one declaration a game with hidden information makes.

A game says where its cards (and its other secrets) lie and who may see each place, in `places()`:

    def places(self):
        for s, hand in enumerate(self.hands):
            yield Place(hand, seen_by=(s,))        # a hand: its owner
        yield Place(self.deck)                      # face down: nobody
        yield Place(self.discard, EVERYONE)         # face up
        yield Place(self.known, EVERYONE)           # cards everyone saw go where they are now

From that one declaration the engine derives the rest (rules/engine.py):

- `hidden_from(seat)`: every item of every place, less those in a place the seat sees. An item in two
  places is seen where either says so (a card everyone saw dealt into a hand is in the hand and in a
  place of what everyone knows).
- the undo floor: a move after which a seat sees an item it did not is final;
- the view's safety net: a view never holds the code of a card hidden from its seat (it reads "?");
- `determinized(seat, rng)`: a game consistent with all the seat knows, the items hidden from it dealt
  anew at random (for a computer player that searches, and never peeks).

Items are cards (playing cards and Decktet cards, or their codes as strings) and `Secret`s: a hidden
value that is not a card (a bid in money, a role, a bag's mix, a standing order), kept in the game's
state as the wrapper itself, so that the leak test and the sampling can find it and try its other
values.
"""

from __future__ import annotations

import copy as _copy
import marshal
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter
from typing import Any, Callable, Iterable

from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.components.cards import Card as PlayingCard

#: `Place.seen_by` for a place everyone sees (face up on the table).
EVERYONE = "everyone"


@dataclass(frozen=True, slots=True)
class Place:
    """Items (cards, card codes, `Secret`s) and who sees them: a tuple of seats (none: face down), or
    EVERYONE. `items` is read once each time the engine asks; a list of the game's own state lets
    `determinized` deal anew into it."""

    items: Iterable[Any]
    seen_by: tuple[int, ...] | str = ()


@dataclass(frozen=True, slots=True)
class Secret:
    """A hidden value that is not a card. `name` is unique in its game (what `hidden_from` calls it);
    `value` is the value; `choices` are the values it could have (the leak test puts another in its
    place and expects no view to change; a computer's sampling picks one). A game keeps the Secret in its
    state and reads `.value`; a new value is a new Secret (`with_value`)."""

    name: str
    value: Any
    choices: tuple[Any, ...] = field(default=(), compare=False)

    def with_value(self, value: Any) -> "Secret":
        return Secret(self.name, value, self.choices)

    def __str__(self) -> str:
        return self.name


#: the types of item a place may hold, and the token (a string) that names each: what `hidden_from`
#: returns, and what a view or a log would show
_TOKENS: dict[type, Callable[[Any], str]] = {
    str: lambda x: x,
    PlayingCard: lambda x: x.code,
    decktet.Card: lambda x: x.name,
    Secret: lambda x: x.name,
}
ITEM_TYPES = tuple(_TOKENS)


def token(item: Any) -> str:
    """The string that names an item: a card's code (a Decktet card's name), a Secret's name."""
    return _TOKENS[type(item)](item)


_code = attrgetter("code")


def unseen(places: Iterable[Place], seats: int) -> list[set[str]]:
    """What each seat (0 .. seats - 1, then the table as the last) has not seen, from the places.
    (Asked before and after every move of a game people play, and for every view: kept lean. A place
    of strings alone, or of playing cards alone, is named at C speed.)"""
    every: list[str] = []
    public: list[str] = []
    seen: list[list[str]] = [[] for _ in range(seats)]
    tokens = _TOKENS
    card_type = PlayingCard
    for place in places:
        items = list(place.items)
        kinds = set(map(type, items))
        if kinds == {str} or not kinds:
            names = items
        elif kinds == {card_type}:
            names = list(map(_code, items))
        else:
            names = [i.code if type(i) is card_type else tokens[type(i)](i) for i in items]
        every += names
        by = place.seen_by
        if isinstance(by, str):  # EVERYONE
            public += names
        else:
            for s in by:
                if 0 <= s < seats:
                    seen[s] += names
    hidden = set(every)
    hidden.difference_update(public)
    return [hidden.difference(mine) for mine in seen] + [hidden]


def names_none(value: Any, hidden: set[str] | frozenset[str]) -> bool:
    """True when no string in `value` names a hidden item, so that `redact` would return it as it is;
    False when one may (then `redact` reads it). Found at C speed, without a walk: `marshal` writes
    every string held in dicts, lists, tuples (and sets) whole, as UTF-8 (lone surrogates passed
    through), so a hidden item's name that is not found in those bytes is in no string there. A
    value marshal does not write (an object of another type, a subclass of str, dict, list or tuple)
    answers False."""
    if not hidden:
        return True
    try:
        data = marshal.dumps(value)
        return not any(map(data.__contains__, map(str.encode, hidden, repeat("utf-8"), repeat("surrogatepass"))))
    except (ValueError, TypeError, OverflowError, RecursionError):
        return False


#: the types of a view's leaves that `redact` leaves as they are (a string is read against the hidden)
_PLAIN_LEAVES = frozenset((int, float, bool, type(None)))
_FLAT = _PLAIN_LEAVES | {str}


def redact(value: Any, hidden: set[str] | frozenset[str]) -> Any:
    """`value` (a view) with every string that names a hidden item replaced by "?" (copied where it
    changes; the same object where nothing is hidden in it). Strings, dicts, lists and tuples are read
    (those very types, not their subclasses); anything else is left as it is.

    Asked of every view a screen draws, so kept lean: a dict, list or tuple of plain leaves (strings,
    numbers, None) that names no hidden item is found so at C speed, by the types of its items and
    one `isdisjoint`; the others are walked item by item, leaves read in place and only containers
    asked again."""
    t = type(value)
    if t is str:
        return "?" if value in hidden else value
    if t is dict:
        items: Any = value.values()
    elif t is list or t is tuple:
        items = value
    else:
        return value
    kinds = set(map(type, items))
    if kinds <= _FLAT and (str not in kinds or hidden.isdisjoint(items)):
        return value  # no container in it, and none of its strings is hidden
    out: Any = None  # the copy, made at the first item that changes
    for k, v in (value.items() if t is dict else enumerate(value)):
        kind = type(v)
        if kind is str:
            if v not in hidden:
                continue
            new = "?"
        elif kind is dict or kind is list or kind is tuple:
            new = redact(v, hidden)
            if new is v:
                continue
        else:
            continue
        if out is None:
            out = dict(value) if t is dict else list(value)
        out[k] = new
    if out is None:
        return value
    return tuple(out) if t is tuple else out


# -- the same game with items relabelled --------------------------------------------------------------

_LEAVES = frozenset((int, float, bool, complex, type(None), bytes, bytearray, range))


def relabel(value: Any, mapping: dict[Any, Any], memo: dict[int, Any]) -> Any:
    """`value` with every item in `mapping` (a card, a code, a Secret) replaced by its image; containers
    and objects that hold none are returned as they are, the others copied (nothing is changed in
    place). Small objects are relabelled attribute by attribute."""
    key = id(value)
    if key in memo:
        return memo[key]
    t = type(value)
    out: Any
    if t in _TOKENS:
        out = mapping.get(value, value)
    elif t in _LEAVES or callable(value) or isinstance(value, type) or getattr(t, "__relabel_leaf__", False):
        out = value
    elif t is list:
        items = [relabel(v, mapping, memo) for v in value]
        out = items if any(x is not y for x, y in zip(items, value)) else value
    elif issubclass(t, tuple):
        items = [relabel(v, mapping, memo) for v in value]
        if any(x is not y for x, y in zip(items, value)):
            out = t(*items) if hasattr(t, "_fields") else t(items)
        else:
            out = value
    elif t is dict:
        pairs = [(relabel(k, mapping, memo), relabel(v, mapping, memo)) for k, v in value.items()]
        changed = any(k2 is not k or v2 is not v for (k2, v2), (k, v) in zip(pairs, value.items()))
        out = dict(pairs) if changed else value
    elif t in (set, frozenset):
        items = [relabel(v, mapping, memo) for v in value]
        out = t(items) if any(x is not y for x, y in zip(items, value)) else value
    else:
        out = _relabel_object(value, mapping, memo)
    memo[key] = out
    return out


def _relabel_object(value: Any, mapping: dict[Any, Any], memo: dict[int, Any]) -> Any:
    attrs = dict(vars(value)) if hasattr(value, "__dict__") else {}
    for cls in type(value).__mro__:
        slots = getattr(cls, "__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and hasattr(value, name):
                attrs[name] = getattr(value, name)
    new = {k: relabel(v, mapping, memo) for k, v in attrs.items()}
    if all(new[k] is attrs[k] for k in attrs):
        return value
    other = _copy.copy(value)
    for k, v in new.items():
        if v is not attrs[k]:
            object.__setattr__(other, k, v)
    return other


#: the record of the past: never relabelled (the relabelled game has the same past)
PAST_KEYS = frozenset(("history", "log"))


def relabel_state(state: dict[str, Any], mapping: dict[Any, Any], keep: Iterable[str] = ()) -> None:
    """Relabel a game's `__dict__` in place (its past, and the keys `keep`, left as they are); caches
    (attributes so named) are dropped, to be worked out anew."""
    memo: dict[int, Any] = {}
    keep = frozenset(keep) | PAST_KEYS
    for key, value in list(state.items()):
        if "cache" in key and value is not None:
            state[key] = None
        elif key not in keep:
            state[key] = relabel(value, mapping, memo)


def exchange_mapping(objects: dict[str, Any], pairs: Iterable[tuple[str, str]]) -> dict[Any, Any]:
    """The relabelling that sends token a to token b for each (a, b) in `pairs`: the tokens as strings,
    and the objects found for them (`objects`: token -> the card or Secret in the game)."""
    mapping: dict[Any, Any] = {}
    for a, b in pairs:
        mapping[a] = b
        oa, ob = objects.get(a), objects.get(b)
        if oa is not None and ob is not None and type(oa) is not str:
            mapping[oa] = ob
    return mapping


def objects(places: Iterable[Place]) -> dict[str, Any]:
    """token -> the item itself (a card object where the game holds one), from the places."""
    found: dict[str, Any] = {}
    for place in places:
        for item in place.items:
            name = token(item)
            if type(found.get(name)) in (type(None), str):
                found[name] = item
    return found
