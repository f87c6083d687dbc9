"""What a view costs the engine: what its seat has not seen is worked out once a view (the game's own
`shown` borrows it), and a view that names nothing hidden is not walked, while one that names a hidden
item still reads "?" there (rules/engine.py `_with_common_fields`, rules/hidden.py `names_none`,
`redact`)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from hidden_game import Draw

from tabletop_tui.rules import engine, hidden
from tabletop_tui.rules.headless_in_seattle import HeadlessInSeattle


def _counting(monkeypatch, name: str) -> list[int]:
    calls = [0]
    real = getattr(engine, name)

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(engine, name, counted)
    return calls


class _Pair(NamedTuple):
    a: Any
    b: Any


class _Word(str):
    pass


def _old_redact(value: Any, hide: set[str]) -> Any:
    """`redact` as it was first written: the walk the faster one must match, object for object."""
    t = type(value)
    if t is str:
        return "?" if value in hide else value
    if t is dict:
        out = {k: _old_redact(v, hide) for k, v in value.items()}
        return out if any(out[k] is not v for k, v in value.items()) else value
    if t is list or t is tuple:
        items = [_old_redact(v, hide) for v in value]
        if any(x is not y for x, y in zip(items, value)):
            return items if t is list else tuple(items)
    return value


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a is b or a == b


def test_a_view_finds_its_hidden_items_once_and_walks_nothing_that_names_none(monkeypatch):
    game = HeadlessInSeattle(["Ada", "Bo", "Cy"], 3, mode="turns")
    rng = random.Random(5)
    for _ in range(6):
        seat = game.to_act()[0]
        game.play(seat, rng.choice(game.legal_moves(seat)))
    unseen = _counting(monkeypatch, "unseen")
    walks = _counting(monkeypatch, "redact")
    for seat in (0, 1, 2, None):
        before = unseen[0]
        view = game.view(seat)
        assert unseen[0] == before + 1  # the game's own `shown` borrowed the engine's
        others = [h for s, h in enumerate(view["hands"]) if s != seat]
        assert others and all(h is None for h in others)
        assert hidden.names_none(view, game.hidden_from(seat))
    assert walks[0] == 0
    # nothing is lent once the views are made: `shown` outside a view works out its seat's own
    assert not engine._VIEWING
    held = [(s, h) for s, h in enumerate(game.hands) if h is not None]
    assert game.shown(0, [h for _, h in held]) == [h.code if s == 0 else None for s, h in held]


class _Leaky(Draw):
    id = "leaky-view-test"

    def view(self, seat):
        return {"hands": [list(h) for h in self.hands], "all": {"deck": (self.deck[-1], len(self.deck))},
                "turn": self.turn}


def test_a_view_that_names_a_hidden_card_still_reads_it_as_unknown(monkeypatch):
    game = _Leaky(["Ada", "Bo"], 1)
    for _ in range(4):
        game.play(game.to_act()[0], engine.Move("draw"))
    walks = _counting(monkeypatch, "redact")
    view = game.view(0)
    assert walks[0] > 0
    assert view["hands"][0] == game.hands[0]
    assert view["hands"][1] == ["?", "?"]
    assert view["all"] == {"deck": ("?", len(game.deck))}


def test_names_none_answers_false_wherever_redact_would_change_a_value():
    rng = random.Random(21)
    tokens = ["7S", "10H", "Moons", "bid 'a'", 'say "b"', "back\\slash", "é", "\ud800", "\U0001f0a1", "", "a"]
    leaves: list[Any] = [1, 2.5, True, None, b"7S", frozenset({"7S"}), _Word("7S"), *tokens, "17S", "x7Sy"]

    def value(depth: int) -> Any:
        if depth == 0 or rng.random() < 0.3:
            return rng.choice(leaves)
        kind = rng.randrange(5)
        items = [value(depth - 1) for _ in range(rng.randrange(4))]
        if kind == 0:
            return {f"k{i}": v for i, v in enumerate(items)}
        if kind == 1:
            return tuple(items)
        if kind == 2:
            return _Pair(value(depth - 1), value(depth - 1))
        return items

    quiet = 0
    for _ in range(1500):
        v = value(4)
        hide = set(rng.sample(tokens, rng.randrange(1, 4)))
        new = hidden.redact(v, hide)
        assert _same(new, _old_redact(v, hide))
        assert (new is v) == (_old_redact(v, hide) is v)
        if hidden.names_none(v, hide):
            quiet += 1
            assert new is v
    assert quiet > 100  # the answer that saves the walk is given
    assert not hidden.names_none([_Pair("7S", 1)], {"7S"})  # what marshal cannot write is walked
    assert hidden.names_none({"a": ["7S", 1]}, set())
