"""The rules contract shared by every game.

A game is a pure state machine. The screen (or a bot, or a test) asks whom the game waits for
(`to_act`), what they may do (`legal_moves`), hands over a move (`play`) and redraws from what a seat
may see (`view`). Nothing here knows about a screen, a file or the clock.

A game is fully described by its *record*: game id, rules version, players, seed (with the version of
the random stream it seeds), options and the list of (seat, move). Replaying the record rebuilds the
state; saves, undo and bug reports use it.
"""

from __future__ import annotations

import abc
import copy as _copy
import functools
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, NamedTuple, Protocol, Sequence, TypedDict, TypeVar

from tabletop_tui.rules.hidden import (EVERYONE, Place, Secret, exchange_mapping, names_none, objects, redact,
                                       relabel_state, token, unseen)
from tabletop_tui.rules.words import shorten

T = TypeVar("T")

__all__ = ["EVERYONE", "Place", "Secret"]  # declared here for the games: `from engine import Place`


class IllegalMove(Exception):
    """A move the rules refuse. `reason` is a sentence a player can read."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class RecordError(ValueError):
    """A record that cannot be replayed (unknown game, newer rules, a move the rules refuse)."""


# --------------------------------------------------------------------------------------------
# Moves and events


class Move(NamedTuple):
    """A small immutable choice: a kind and a few plain arguments (ints and strings).

    `Move("place", (4,))`, `Move("quick")`, `Move("take", ("Moons",))`. A tuple underneath, so that
    comparing moves (and finding one in a list of legal moves) runs at C speed.
    """

    kind: str
    args: tuple[Any, ...] = ()

    def to_json(self) -> list[Any]:
        return [self.kind, *self.args]

    @classmethod
    def from_json(cls, data: Any) -> "Move":
        if isinstance(data, str):
            return cls(data)
        if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
            raise RecordError(f"not a move: {shorten(data)}")
        for a in data[1:]:
            if not isinstance(a, (int, str)) or isinstance(a, bool):
                raise RecordError(f"not a move argument: {shorten(a)}")
        return cls(data[0], tuple(data[1:]))

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.args)])


#: Seeds are whole numbers of at most 63 bits either side of zero (what a save, SQLite and every
#: other program reading a record can hold).
MAX_SEED = 2**63 - 1


def seed_problem(seed: Any) -> str:
    """Why this cannot be a game's seed, or "" if it can."""
    if type(seed) is not int:
        return f"the seed {shorten(seed)} is not a whole number"
    if not -MAX_SEED <= seed <= MAX_SEED:
        return f"the seed {shorten(seed)} is out of range (at most {len(str(MAX_SEED))} digits)"
    return ""


#: The longest kind or string argument a move may have (no game's is half as long), and the most
#: bits of a whole-number argument (any number of up to 48 digits has fewer): longer ones are not
#: moves, so that no refusal quotes a page of text or a number too long to print.
MAX_MOVE_WORD = 40
MAX_MOVE_BITS = 160


def is_move(value: Any) -> bool:
    """True for a Move whose kind is a string and whose arguments are a tuple of ints and strings,
    none of them longer than a move's words are (`MAX_MOVE_WORD`, `MAX_MOVE_BITS`).

    `play` asks this before anything else, so that no game sees a bool posing as an int (True == 1),
    a list posing as a Move, arguments it cannot hash or compare, or a value too long to quote."""
    if type(value) is not Move or type(value.kind) is not str or type(value.args) is not tuple:
        return False
    if len(value.kind) > MAX_MOVE_WORD:
        return False
    for a in value.args:
        kind = type(a)
        if kind is str:
            if len(a) > MAX_MOVE_WORD:
                return False
        elif kind is not int or a.bit_length() > MAX_MOVE_BITS:
            return False
    return True


#: Moves that have passed `is_move`, by id, each kept alive here (so that its id names it and no
#: other object while it is listed): a move is all ints and strings, immutable, so one that passed
#: once passes for ever. The games' interned moves are checked once, not at every move; emptied when
#: it grows past `_CHECKED_MOST` (games that make new moves at every turn).
_CHECKED: dict[int, Move] = {}
_CHECKED_MOST = 4096


def _checked_move(move: Any) -> bool:
    """`is_move(move)`, remembered for the very object when true."""
    if _CHECKED.get(id(move)) is move:
        return True
    if not is_move(move):
        return False
    if len(_CHECKED) >= _CHECKED_MOST:
        _CHECKED.clear()
    _CHECKED[id(move)] = move
    return True


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in a sentence a move log can show.

    `kind` lets a screen react (flash dice, highlight a card); `data` carries plain values for it.
    `seat` is the seat the event is about, if any.

    Who may read it: everyone, unless `to` names the seats that may (a tuple of seats). The others
    read `public` instead, or nothing where it is "": Bo's draw is
    `Event("Bo draws the 7 of spades.", to=(1,), public="Bo draws a card.")`. `data` follows `to`:
    a screen shows it only to those seats. `text_for(viewer)` gives what a viewer reads.
    """

    text: str
    kind: str = "info"
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None
    public: str = ""

    def readable_by(self, viewer: int | None) -> bool:
        """Whether `viewer` (a seat, or None for the table) may read the whole event."""
        return self.to is None or viewer in self.to

    def text_for(self, viewer: int | None) -> str:
        """What `viewer` reads of this event ("" for nothing)."""
        return self.text if self.readable_by(viewer) else self.public


def log_for(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The events as `viewer` may read them: private ones it may not read become their public text
    (with no data), or are left out where they have none."""
    out = []
    for e in events:
        if e.readable_by(viewer):
            out.append(e)
        elif e.public:
            out.append(Event(e.public, e.kind, e.seat))
    return out


# --------------------------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class Option:
    """A table option shown on the setup screen and accepted as `--option KEY=VALUE`.

    kind is "bool", "int" or "choice". For "choice", `choices` is a tuple of (value, label).
    """

    key: str
    label: str
    kind: str
    default: Any
    help: str = ""
    choices: tuple[tuple[Any, str], ...] = ()
    min: int | None = None
    max: int | None = None

    def parse(self, value: Any, name: str = "") -> Any:
        """Turn a value (from the command line, a form or JSON) into this option's type; ValueError says
        what is wrong, naming the option as `name` ("option KEY" when not given)."""
        try:
            return self._parse(value)
        except ValueError as exc:
            raise ValueError(f"{name or 'option ' + self.key} {exc}") from None

    def _parse(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on", "y"):
                return True
            if text in ("0", "false", "no", "off", "n"):
                return False
            raise ValueError(f"takes yes or no, not {shorten(value)}")
        if self.kind == "int":
            try:
                number = int(str(value).strip()) if not isinstance(value, int) or isinstance(value, bool) else value
            except ValueError:
                raise ValueError(f"takes a whole number, not {shorten(value)}") from None
            if isinstance(number, bool):
                raise ValueError(f"takes a whole number, not {shorten(value)}")
            if self.min is not None and number < self.min:
                raise ValueError(f"must be at least {self.min}")
            if self.max is not None and number > self.max:
                raise ValueError(f"must be at most {self.max}")
            return number
        if self.kind == "choice":
            values = [c[0] for c in self.choices]
            if value in values:
                return value
            text = str(value).strip().lower()
            for v in values:
                if str(v).lower() == text:
                    return v
            raise ValueError(f"takes one of {', '.join(map(str, values))}, not {shorten(value)}")
        raise ValueError(f"is of an unknown kind {self.kind}")


#: The defaults of a tuple of options (a game's `OPTIONS`), by the tuple's id: (the tuple, which the
#: entry keeps alive so that its id names it alone, and its defaults).
_DEFAULTS: dict[int, tuple[tuple[Option, ...], dict[str, Any]]] = {}


def resolve_options(declared: Iterable[Option], given: dict[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with the given values, each parsed; unknown keys are refused."""
    if not given:  # the defaults (no option named: a simulation's, a bot's, a test's games)
        if type(declared) is not tuple:
            return {o.key: o.default for o in declared}
        defaults = _DEFAULTS.get(id(declared))
        if defaults is None:  # options are frozen and a tuple holds them for good: made once
            if len(_DEFAULTS) >= 1024:
                _DEFAULTS.clear()
            defaults = _DEFAULTS[id(declared)] = (declared, {o.key: o.default for o in declared})
        return defaults[1].copy()
    declared = list(declared)
    by_key = {o.key: o for o in declared}
    for key in given:
        if key not in by_key:
            known = ", ".join(by_key) or "none"
            raise ValueError(f"unknown option {shorten(key)} (this game has: {known})")
    return {o.key: o.parse(given[o.key]) if o.key in given else o.default for o in declared}


# --------------------------------------------------------------------------------------------
# Chance


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

#: How a seed becomes a stream. Version 1 put seed n + 1 one draw behind seed n, so that games with
#: neighbouring seeds (a simulation's, a test's) replayed each other's dice shifted by one; version 2
#: scrambles the seed first. A record says its version ("stream"); records from before say nothing
#: and replay with version 1, exactly as they were played.
STREAM_VERSION = 2
STREAM_VERSIONS = (1, 2)


def _scramble(z: int) -> int:
    """SplitMix64's output function: a bijection on 64 bits that spreads every bit of z."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Stream:
    """The game's own seeded random stream (SplitMix64). Counts every draw, so that the engine knows
    when a move used chance (and so cannot be undone).

    Seeding costs nothing and a copy is two integers, which matters to a bot that copies a game
    thousands of times; Mersenne Twister costs microseconds to seed and kilobytes to copy. The
    stream passes the statistical tests a game needs (SplitMix64 passes BigCrush); the modulo bias
    for a die or a deck is below one part in 10^17."""

    __slots__ = ("_state", "draws")

    # Every draw below is `_next()` written out in place (the state's step and `_scramble`), the very
    # same arithmetic: two calls of Python functions cost more than the arithmetic itself, and a
    # random playout draws at almost every move. tests/test_engine.py compares each with `_next`.
    # The constants are written out too (_GOLDEN, _MASK): a constant is read for less than a global.

    def __init__(self, seed: int, version: int = STREAM_VERSION):
        if version not in STREAM_VERSIONS:
            raise ValueError(f"there is no random stream version {shorten(version)}")
        z = (int(seed) * _GOLDEN + 0x632BE59BD9B4E019) & _MASK
        if version >= 2:  # _scramble(z)
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
        self._state = z
        self.draws = 0

    def _next(self) -> int:
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        return _scramble(z)

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1."""
        self.draws += 1
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return (z ^ (z >> 31)) % n

    def die(self, sides: int = 6) -> int:
        self.draws += 1
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return (z ^ (z >> 31)) % sides + 1

    def dice(self, n: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(n)]

    def randint(self, a: int, b: int) -> int:
        self.draws += 1
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return a + (z ^ (z >> 31)) % (b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        self.draws += 1
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return seq[(z ^ (z >> 31)) % len(seq)]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        self.draws += 1
        z = self._state
        try:
            for i in range(len(items) - 1, 0, -1):
                z = (z + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                y = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                y = ((y ^ (y >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                j = (y ^ (y >> 31)) % (i + 1)
                items[i], items[j] = items[j], items[i]
        finally:  # as far as it went, as the draws one by one went
            self._state = z

    def coin(self) -> bool:
        self.draws += 1
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        # the top bit of z ^ (z >> 31) is z's own: bit 63 of the last product
        return ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0x8000000000000000 != 0

    def random(self) -> float:
        """A float in [0, 1)."""
        self.draws += 1
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def __deepcopy__(self, memo: Any) -> "Stream":
        other = Stream.__new__(Stream)
        other._state = self._state
        other.draws = self.draws
        return other

    def __copy__(self) -> "Stream":
        other = Stream.__new__(Stream)
        other._state = self._state
        other.draws = self.draws
        return other


# --------------------------------------------------------------------------------------------
# Outcome


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    place: int  # 1 = winner; equal places are ties
    score: Any  # what the table shows as the score
    detail: str = ""  # the numbers behind the place, e.g. the tie-break chain


@dataclass(frozen=True)
class Outcome:
    standings: list[Standing]  # best first
    summary: str  # one sentence: who won and why
    tiebreaks: str = ""  # which tie-breaks were used, in words ("" if none were needed)

    @property
    def first(self) -> list[int]:
        """The seats placed first: the winner, or every seat of a draw ([] when nobody won)."""
        return [s.seat for s in self.standings if s.place == 1]

    @property
    def winners(self) -> list[int]:
        """[the winner], or [] when the game is drawn: a first place shared is a draw, never a win."""
        first = self.first
        return first if len(first) == 1 else []

    @property
    def winner(self) -> int | None:
        first = self.first
        return first[0] if len(first) == 1 else None

    @property
    def drawn(self) -> list[int]:
        """The seats that share first place ([] when one seat won)."""
        first = self.first
        return first if len(first) > 1 else []

    @property
    def nobody_won(self) -> bool:
        """True when the game ended and nobody won (nor drew): no standing is placed first, the places
        start at 2 (a robot was on top, the game beat the one player, the last one standing is no winner).
        Neither a win nor a draw for anyone: `first`, `winners` and `drawn` are all []."""
        return bool(self.standings) and all(s.place != 1 for s in self.standings)

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary,
            "tiebreaks": self.tiebreaks,
            "standings": [
                {"seat": s.seat, "name": s.name, "place": s.place, "score": s.score, "detail": s.detail}
                for s in self.standings
            ],
        }


def rank_standings(players: list[str], keys: Sequence[tuple[Any, ...]], scores: Sequence[Any],
                   details: Sequence[str] | None = None) -> list[Standing]:
    """Standings from a sort key per seat (bigger is better); equal keys share a place."""
    order = sorted(range(len(players)), key=lambda s: keys[s], reverse=True)
    standings = []
    place = 0
    previous = None
    for i, seat in enumerate(order):
        if keys[seat] != previous:
            place = i + 1
            previous = keys[seat]
        standings.append(Standing(seat, players[seat], place, scores[seat], details[seat] if details else ""))
    return standings


# --------------------------------------------------------------------------------------------
# The game


def _no_moves_once_over(hook: Callable[["Game", int], list[Move]]) -> Callable[["Game", int], list[Move]]:
    """A game's `legal_moves` as the engine offers it: the game's own list while the game goes on,
    and [] for every seat once `outcome()` is set, whatever the game's list says."""

    @functools.wraps(hook)
    def legal_moves(self: "Game", seat: int) -> list[Move]:
        moves = hook(self, seat)
        if moves and self.outcome() is not None:
            return []
        return moves

    setattr(legal_moves, "no_moves_once_over", True)
    return legal_moves


_Listing = TypeVar("_Listing", bound=Callable[..., list[Move]])


def ends_with_the_game(hook: _Listing) -> _Listing:
    """Marks a game's own `legal_moves` as one that returns [] for every seat by itself once `outcome()`
    is set (the contract tests check it of every game). The engine then offers it as it is, without
    its wrapper (`_no_moves_once_over`), and `play` need not ask `outcome()`: a move the list holds
    is a move of a game that goes on. A subclass that defines its own `legal_moves` or `outcome`
    without the mark is wrapped again."""
    setattr(hook, "no_moves_once_over", True)
    setattr(hook, "ends_with_the_game", True)
    return hook


class View(TypedDict, total=False):
    """What every game's view holds, filled in by the engine (a game's own view declares the rest, as a
    TypedDict of its own deriving from this one):

    `players` the names by seat; `viewer` the seat looking (None: the table, everyone); `to_act` the
    seats the game waits for; `over` whether it is over; `result` the outcome's sentence (None while it
    goes on); `winners` the seat that won ([] while it goes on and for a draw)."""

    players: list[str]
    viewer: int | None
    to_act: list[int]
    over: bool
    result: str | None
    winners: list[int]


#: the fields of every view that the engine fills in
COMMON_VIEW = frozenset(View.__annotations__)


#: The views being made, by the id of their game: (the game, the seat it is made for, what that seat
#: has not seen), so that `shown`, asked by the game's own view, need not work it out again. An entry
#: lives while its view is made (the state does not change meanwhile) and is removed by that view
#: alone, so none outlives it; a miss (another view of the game made meanwhile) is always safe.
_VIEWING: dict[int, tuple["Game", int | None, set[str]]] = {}


def _with_common_fields(hook: Callable[["Game", int | None], Any]) -> Callable[["Game", int | None], Any]:
    """A game's `view` as the engine offers it: the game's own fields, the common ones (`View`) set by the
    engine whatever the game wrote, and every card hidden from the seat read as "?" (a safety net
    under the game's own care: the leak test still finds a view that would have named one).

    What the seat has not seen is worked out once a view, before the game's own fields (which a view
    does not change), and lent to `shown`; the fields are read for a hidden name at C speed first
    (`names_none`), and walked (`redact`) only where one may be."""

    @functools.wraps(hook)
    def view(self: "Game", seat: int | None = None) -> Any:
        n = len(self.players)
        viewer = seat if type(seat) is int and 0 <= seat < n else None
        if self._declares_hidden:
            hidden = self.hidden_from(viewer)
            key = id(self)
            _VIEWING[key] = entry = (self, viewer, hidden)
            try:
                fields = hook(self, seat)
            finally:  # its own entry only (a view made inside this one took it: `shown` then misses)
                if _VIEWING.get(key) is entry:
                    del _VIEWING[key]
            if hidden:
                past = self.view_past
                mine = {k: v for k, v in fields.items() if k not in past} if past else fields
                if not names_none(mine, hidden):
                    for name, value in mine.items():
                        new = redact(value, hidden)
                        if new is not value:
                            fields[name] = new
        else:
            fields = hook(self, seat)
        outcome = self.outcome()
        fields["players"] = list(self.players)
        fields["viewer"] = viewer
        fields["to_act"] = list(self.to_act())
        fields["over"] = outcome is not None
        fields["result"] = outcome.summary if outcome is not None else None
        fields["winners"] = outcome.winners if outcome is not None else []
        return fields

    setattr(view, "engine_view", True)
    return view


class Sampler(Protocol):
    """What `Game.determinized` draws its chances from: `random.Random` or the engine's `Stream`."""

    def shuffle(self, items: list[Any]) -> None: ...

    def choice(self, seq: Any) -> Any: ...

    def randint(self, a: int, b: int) -> int: ...


class Game(abc.ABC):
    """Base of every game. Subclasses set the class attributes and implement the hooks.

    Subclass contract:
      - `__init__(players, seed=0, **options)` calls `super().__init__(...)` first, then sets the table
        using only `self.rng` for chance. Setup events go to `self.log` via `self.say(...)`.
      - `to_act()`, `legal_moves(seat)`, `_apply(seat, move) -> list[Event]`, `view(seat)`, `outcome()`:
        abstract here, so that a game class that forgets one cannot be instantiated (TypeError names
        the hooks missing). The engine wraps a game's `legal_moves` when its class is created: once
        `outcome()` is set it returns [] for every seat, and so `play` refuses every move ("The game is
        over."), whatever the game's own list would say.
      - `refusal(seat, move) -> str`: why a move not in `legal_moves(seat)` is refused.
      - `describe_move(move) -> str`: a short label for a button ("Quick job: roll both dice").
      - `view(seat)` returns the game's own fields; the engine adds the common ones (`View`: players,
        viewer, to_act, over, result, winners) to every view, whatever the game wrote.
      - `places()`: where the cards (and other secrets) lie and who may see each place (rules/hidden.py).
        From it the engine derives `hidden_from(seat)`, the cards a seat has not seen; a view never
        shows one (it reads "?"); `determinized(seat, rng)` deals them anew for a computer player.
        From `hidden_from` the engine knows by itself which moves showed a seat something: a move
        after which a seat has seen a card it had not, or one that tells another seat than the mover a
        private event (`Event.to`; any seat, where the game declares no hidden cards), or one that drew
        from `self.rng`, sets the undo floor there, and no undo passes it. A game need not call
        `revealed()` for those.
      - call `self.revealed()` only for what `hidden_from` does not declare (a card turned from a deck
        shuffled earlier in a game without hidden hands): such a move cannot be undone either.
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    rules_version: ClassVar[int] = 1
    #: How a save of an older rules version becomes one of the next: `{v: step}`, where `step` takes a
    #: record of version v and returns the same game as a record of version v + 1 (the store applies
    #: the steps in turn; `rules/migrations.py` has the usual one, pinning an option to its old reading).
    migrations: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: True when a seat holds something the others must not see (a hand, a face-down bid).
    #: The screen then drops a curtain before each such seat decides, and draws the table and the
    #: log from that seat's view alone (`view(seat)`, `log_for(game.log, seat)`).
    hidden_information: ClassVar[bool] = False
    #: True when whatever the game hides, it hides from every seat alike (face-down Spirits nobody has
    #: seen, the order of a deck): nobody at the table knows more than another, so people need no
    #: curtain between them (it is off by default; a table may still turn it on).
    hidden_alike: ClassVar[bool] = False
    #: What a standing's score counts, as the results' column heading ("Points", "Dice", "Chips").
    score_label: ClassVar[str] = "Score"
    #: The chance that undo never takes back, in words: "Undo: not past a roll of the dice".
    #: (a game may say another for one table: a castle built by hand is no chance)
    chance: str = "a roll of the dice"
    #: Moves after which a game is stopped by `simulate` (for rules that can go on forever).
    move_limit: ClassVar[int] = 10_000
    #: What `length()` counts: "turns", "rounds", "hands" ...
    length_unit: ClassVar[str] = "moves"
    #: Keys of the view that record what everyone saw, not where the cards are now (the plot just
    #: settled, whose cards may be shuffled back at once): the view's safety net and the leak test
    #: leave them as they are.
    view_past: ClassVar[tuple[str, ...]] = ()
    #: Whether the game declares what is hidden (`places` or, the older way, `hidden_from`): set for
    #: each class when it is made.
    _declares_hidden: ClassVar[bool] = False
    #: Whether the class's own `legal_moves` returns [] once the game is over by itself
    #: (`ends_with_the_game`): set for each class when it is made.
    _moves_end: ClassVar[bool] = False

    def __init__(self, players: list[str], seed: int = 0, stream: int = STREAM_VERSION, **options: Any):
        named = []  # [str(p) for p in players], without the comprehension's function (Python 3.11)
        for p in players:
            named.append(str(p))
        players = named
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {len(players)}"
                if self.min_players != self.max_players
                else f"{self.title} takes exactly {self.min_players} players, not {len(players)}"
            )
        self.players = players
        self.seed = seed = int(seed)
        declared = self.OPTIONS
        defaults = None if options else _DEFAULTS.get(id(declared))  # `resolve_options`' defaults, made once
        self.options = defaults[1].copy() if defaults is not None else resolve_options(declared, options)
        self.stream = stream  # the version of the random stream (see STREAM_VERSION)
        self.rng = Stream(seed, stream)
        self.reveals = 0
        self.history: list[tuple[int, Move]] = []
        self.log: list[Event] = []
        self._undo_floor = 0  # moves before this index can no longer be undone
        # Whether play() compares what each seat has not seen before and after a move (in a game that
        # declares its hidden cards). A copy made for look-ahead does not (`copy`); it then takes no
        # move back.
        self._watching = True
        # (number of moves, what each seat had not seen then): the last comparison's "after", which is
        # the next move's "before" while nothing else was played
        self._hidden_cache: tuple[int, list[set[str]]] | None = None

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("legal_moves")
        if callable(own) and getattr(own, "ends_with_the_game", False):
            setattr(cls, "_own_legal_moves", own)  # the game's own list is [] once over: no check of the end
            cls._moves_end = True
        elif callable(own) and not getattr(own, "no_moves_once_over", False) \
                and not getattr(own, "__isabstractmethod__", False):
            setattr(cls, "legal_moves", _no_moves_once_over(own))
            setattr(cls, "_own_legal_moves", own)  # what `play` asks, checking the end itself once
            cls._moves_end = False
        elif cls._moves_end and "outcome" in cls.__dict__:
            # an outcome of its own, and the marked list of its parent: that list may no longer end with it
            setattr(cls, "legal_moves", _no_moves_once_over(cls._own_legal_moves))
            cls._moves_end = False
        own_view = cls.__dict__.get("view")
        if callable(own_view) and not getattr(own_view, "engine_view", False) \
                and not getattr(own_view, "__isabstractmethod__", False):
            setattr(cls, "view", _with_common_fields(own_view))
        cls._declares_hidden = cls.hidden_from is not Game.hidden_from or cls.places is not Game.places

    def _own_legal_moves(self, seat: int) -> list[Move]:
        """The game's own list of legal moves, before the engine's check of the end (`play` checks
        the end once itself). Set for each game class that defines `legal_moves`."""
        return self.legal_moves(seat)

    # -- the contract -----------------------------------------------------------------------

    @abc.abstractmethod
    def to_act(self) -> list[int]:
        """The seats that must decide now ([] once the game is over)."""

    @abc.abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """Every move `seat` may make now ([] for a seat that may not act). The engine makes it [] for
        everyone once the game is over (see `_no_moves_once_over`)."""

    @abc.abstractmethod
    def view(self, seat: int | None = None) -> Any:
        """All that `seat` may see (None: the table): the game's own fields, a TypedDict deriving from
        `View`; the engine adds the common ones (see `_with_common_fields`)."""

    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on; then the standings."""

    @abc.abstractmethod
    def _apply(self, seat: int, move: Move) -> list[Event]:
        """Apply a legal move (`play` has checked it) and return what happened."""

    def refusal(self, seat: int, move: Move) -> str:
        """Why the rules refuse this move (it is not in `legal_moves(seat)`). Games say more. `play`
        has already answered a seat that is not at the table, a game that is over and a value that is
        not a Move, so a game's refusal starts from a real seat, a live game and a Move."""
        return self.not_your_turn(seat) or f"{move.kind} is not a move {self.players[seat]} can make now."

    def not_your_turn(self, seat: int) -> str:
        """The refusal for a seat with nothing to do now, or "" if it has moves."""
        if self.legal_moves(seat):
            return ""
        waiting = ", ".join(self.players[s] for s in self.to_act()) or "nobody"
        return f"It is not {self.players[seat]}'s turn: waiting for {waiting}."

    def describe_move(self, move: Move) -> str:
        return str(move)

    @classmethod
    def curtain_by_default(cls) -> bool:
        """Whether people need the curtain between them: some seat may see what another may not."""
        return cls.hidden_information and not cls.hidden_alike

    def turn_order(self) -> list[int]:
        """Every seat, the one that took the first turn first, then the second ... (for measuring the
        advantage of moving first). By default the seats in the order of their first moves, then any
        seat that never moved, in seat order; a game whose first moves are not turns says better."""
        order: list[int] = []
        for seat, _ in self.history:
            if seat not in order:
                order.append(seat)
                if len(order) == len(self.players):
                    return order
        return order + [s for s in range(len(self.players)) if s not in order]

    def length(self) -> int:
        """How long the game has lasted, in `length_unit`s. By default the moves made."""
        return len(self.history)

    def play(self, seat: int, move: Move) -> list[Event]:
        """Validate and apply a move. Raises IllegalMove (state untouched) if the rules refuse it.

        `legal_moves` is the single source of truth: it returns [] for a seat that may not act, and
        the engine makes it [] for everyone once the game is over.

        Every move passes the same checks, in this order: a seat at the table, a Move (`is_move`,
        remembered for the very object by `_CHECKED`: an id listed there is that object's, as the
        list keeps it alive), one of the seat's legal moves, and a game that goes on."""
        if not (type(seat) is int and 0 <= seat < len(self.players)
                and (id(move) in _CHECKED or _checked_move(move))
                and move in self._own_legal_moves(seat) and (self._moves_end or self.outcome() is None)):
            raise IllegalMove(self._why_refused(seat, move))
        return self._make(seat, move)

    def _make(self, seat: int, move: Move) -> list[Event]:
        """Apply a move that passed the checks (`play`, `play_legal`): history, log, undo floor."""
        rng = self.rng
        before = rng.draws + self.reveals
        if self._declares_hidden:
            return self._play_watched(seat, move, rng, before)
        events = self._apply(seat, move)
        history = self.history
        history.append((seat, move))
        if rng.draws + self.reveals != before:
            self._undo_floor = len(history)
        else:
            # A private event told its seats something the others did not read.
            for event in events:
                if event.to is not None:
                    self._undo_floor = len(history)
                    break
        self.log.extend(events)
        return events

    def play_legal(self, seat: int, index: int) -> list[Event]:
        """`play(seat, legal_moves(seat)[index])`, for a caller that has just taken the move from the
        list (a random playout, a computer player's search): the same effects (history, log, undo
        floor, what each seat has seen, outcome) and the same refusal of a seat not at the table or a
        game that is over, without looking for the move in the list. An index that names no move of
        the list (not a whole number from 0 to its length - 1) is refused, the state untouched.

        The same checks as `play`, the membership test aside (tests/test_engine_fast.py plays every
        game of the catalog both ways and compares them), then the same `_make`."""
        if type(seat) is int and 0 <= seat < len(self.players):
            moves = self._own_legal_moves(seat)
            if type(index) is int and 0 <= index < len(moves):
                move = moves[index]
                if not ((id(move) in _CHECKED or _checked_move(move)) and (self._moves_end or self.outcome() is None)):
                    raise IllegalMove(self._why_refused(seat, move))
            else:
                raise IllegalMove(self._why_no_index(seat, index, len(moves)))
        else:
            raise IllegalMove(self._why_refused(seat, None))
        return self._make(seat, move)

    def rollout(self, rnd: Any, limit: int) -> int:
        """Play at most `limit` random moves, or to the end: how a computer player's search plays a
        position out. Answers the moves played.

        Each move is that of `play_legal(seat, rnd.randrange(len(legal_moves(seat))))`, the seat being
        the one the game waits for, or where it waits for several, a random one of those with a move
        (`rnd.choice`, where there are two or more); it stops at the game's end, or where no seat it
        waits for has a move. `rnd` is a `random.Random`, whose draws are those of that loop.

        The moves go into the history and the log as `play_legal`'s do, without its checks: every move
        comes from the game's own list, in a game that goes on. None of them can be taken back (`undo`
        stops before them), and a game that declares hidden cards no longer compares what each seat has
        seen (as a copy for look-ahead does not): it is a game to read the end of, not one to show
        (tests/test_engine_fast.py compares it with the loop above on every game of the catalog)."""
        to_act = self.to_act
        own_moves = self._own_legal_moves
        apply = self._apply
        history = self.history
        log = self.log
        append = history.append
        extend = log.extend
        below = getattr(rnd, "_randbelow", None) or rnd.randrange  # randrange(n)'s draw, without its checks
        ends = self._moves_end
        outcome = self.outcome
        self._watching = False
        self._hidden_cache = None
        played = 0
        while played < limit:
            if not ends and outcome() is not None:
                break
            acting = to_act()
            if len(acting) == 1:
                seat = acting[0]
                moves = own_moves(seat)
                if not moves:
                    break
            else:
                waiting = [s for s in acting if own_moves(s)]
                if not waiting:
                    break
                seat = rnd.choice(waiting) if len(waiting) > 1 else waiting[0]
                moves = own_moves(seat)
            move = moves[below(len(moves))]
            extend(apply(seat, move))
            append((seat, move))
            played += 1
        self._undo_floor = len(history)
        return played

    def _why_no_index(self, seat: int, index: Any, count: int) -> str:
        if self.outcome() is not None:
            return "The game is over."
        if not count:
            return self.not_your_turn(seat) or f"{self.players[seat]} has no move to make now."
        return (f"{shorten(index)} names none of the {count} moves {self.players[seat]} may make now "
                f"(they are numbered from 0 to {count - 1}).")

    def _play_watched(self, seat: int, move: Move, rng: Stream, before: int) -> list[Event]:
        """`play` for a game that declares its hidden cards, once the move has passed the checks."""
        unseen = None
        if self._watching:
            cache = self._hidden_cache
            unseen = cache[1] if cache is not None and cache[0] == len(self.history) else self._unseen()
        events = self._apply(seat, move)
        history = self.history
        history.append((seat, move))
        final = rng.draws + self.reveals != before
        if not final:
            # A private event told its seats something the others did not read. One told to the mover
            # alone (the echo of a card laid face down) shows nothing where the game declares its
            # hidden cards: what the mover saw is then measured below, card by card.
            for event in events:
                to = event.to
                if to is not None and to != (seat,):
                    final = True
                    break
        if unseen is None:  # a copy that does not watch: it cannot tell what the move showed
            final = True
        elif final:
            self._hidden_cache = None
        else:
            after = self._unseen()
            self._hidden_cache = (len(history), after)
            for was, now in zip(unseen, after):
                if not was <= now:  # a card this seat had not seen, it has seen now
                    final = True
                    break
        if final:
            self._undo_floor = len(history)
        self.log.extend(events)
        return events

    def _unseen(self) -> list[set[str]]:
        """What each seat has not seen, as the game stands (`hidden_from` of every seat)."""
        n = len(self.players)
        if type(self).hidden_from is Game.hidden_from:
            return unseen(self.places(), n)[:n]  # one pass over the places for every seat
        hidden_from = self.hidden_from
        return [hidden_from(seat) for seat in range(n)]

    def _why_refused(self, seat: Any, move: Any) -> str:
        if not (type(seat) is int and 0 <= seat < len(self.players)):
            return f"There is no seat {shorten(seat)} at this table."
        if self.outcome() is not None:
            return "The game is over."
        if not is_move(move):
            return f"{shorten(move)} is not a move."
        return self.refusal(seat, move)

    # -- helpers for subclasses ---------------------------------------------------------------

    def say(self, text: str, kind: str = "info", seat: int | None = None, **data: Any) -> Event:
        """Make an event; setup code appends it to the log with `self.log.append`."""
        return Event(text, kind, seat, data)

    def tell(self, seats: int | Iterable[int], text: str, *, public: str = "", kind: str = "info", seat: int | None = None,
             **data: Any) -> Event:
        """An event only `seats` (a seat or several) may read; the others read `public` (or nothing)."""
        to = (seats,) if isinstance(seats, int) else tuple(seats)
        return Event(text, kind, seat, data, to, public)

    # -- what a seat may not see -----------------------------------------------------------------

    def places(self) -> Iterable[Place]:
        """Where the game's cards and other secrets lie, and who sees each place (`Place`,
        rules/hidden.py): every hand, deck, pile and face-down card, and what everyone has seen. The
        one declaration of what is hidden; a game with nothing hidden declares none."""
        return ()

    def hidden_from(self, seat: int | None) -> set[str]:
        """The items (cards by their codes, Decktet cards by their names, Secrets by their names) that
        `seat` has not seen, as the game stands: derived from `places()`. One property test over the
        whole catalog checks that no view, log line, move, label or refusal a seat may read tells any
        of them apart, and `play` makes final every move after which a seat has seen one it had not
        (so a new set each time, never one the game goes on changing). None is the table: what
        everyone may see."""
        if type(self).places is Game.places:
            return set()
        n = len(self.players)
        sets = unseen(self.places(), n)
        return sets[seat] if type(seat) is int and 0 <= seat < n else sets[n]

    def alike(self, item: str) -> str:
        """Items hidden from a seat that it could not tell apart, wherever they lie, share this word
        (the default: all of them). A game whose card backs differ (two decks) says which is which;
        `determinized` and the leak test exchange only items that share it."""
        return ""

    def shown(self, seat: int | None, items: Iterable[Any]) -> list[str | None]:
        """The tokens of `items` (cards, codes, Secrets) as `seat` sees them: the token, or None for
        one hidden from it. A view shows a place through this, so that it cannot show too much."""
        lent = _VIEWING.get(id(self))
        if lent is not None and lent[0] is self and type(lent[1]) is type(seat) and lent[1] == seat:
            hidden = lent[2]  # the view being made for this seat worked it out
        else:
            hidden = self.hidden_from(seat)
        out: list[str | None] = []
        for item in items:
            name = token(item)
            out.append(None if name in hidden else name)
        return out

    def determinized(self, seat: int, rng: Sampler) -> "Game":
        """A copy of the game consistent with all `seat` knows, for a computer player to search: the
        items hidden from it (`places`) dealt anew at random among the places they lie in (only alike
        ones exchanged, see `alike`), each hidden Secret given one of its choices, and the random
        stream reseeded, so that no future roll or shuffle is foreseen. Its past (moves and log) is the
        real one; it watches nothing (a copy), and is not to be shown to anyone."""
        other = self.copy()
        other.rng = Stream(rng.randint(0, MAX_SEED))
        if type(self).places is Game.places:
            return other
        where = list(self.places())
        hidden = unseen(where, len(self.players))[seat]
        found = objects(where)  # in the order the places hold them
        groups: dict[str, list[str]] = {}
        secrets = []
        for name, item in found.items():
            if name not in hidden:
                continue
            if type(item) is Secret:
                if item.choices:
                    secrets.append(item)
            else:
                groups.setdefault(self.alike(name), []).append(name)
        # Each group's hidden items, sorted and shuffled, dealt to the places they lie in: the deal
        # depends on where hidden things lie and on `rng` alone, not on which lies where, so that two
        # games the seat cannot tell apart give the same sample.
        pairs: list[tuple[str, str]] = []
        for names in groups.values():
            deal = sorted(names)
            rng.shuffle(deal)
            pairs.extend(zip(names, deal))
        mapping = exchange_mapping(found, [(a, b) for a, b in pairs if a != b])
        for secret in secrets:
            mapping[secret] = secret.with_value(rng.choice(secret.choices))
        if mapping:
            relabel_state(other.__dict__, mapping, ("rng", *self.view_past))
        return other

    def revealed(self) -> None:
        """Hidden information became visible in a way `places` does not show (nor a draw from
        `self.rng`, nor a private event): the move cannot be undone. A game that declares its places
        needs this only for what they cannot say."""
        self.reveals += 1

    def chance_marker(self) -> int:
        return self.rng.draws + self.reveals

    def name(self, seat: int) -> str:
        return self.players[seat]

    # -- undo, copy, record ---------------------------------------------------------------------

    def undo_status(self) -> tuple[bool, str]:
        """(can undo, why not)."""
        if not self.history:
            return False, "Nothing to undo yet."
        if len(self.history) <= self._undo_floor:
            return False, f"Not past {self.chance}."
        return True, ""

    def undone(self) -> "Game":
        """A new game with the last move taken back (replayed from the record)."""
        ok, why = self.undo_status()
        if not ok:
            raise IllegalMove(why)
        return type(self).replay(self.players, self.seed, self.options, self.history[:-1], self.stream)

    def copy(self, watch: bool = False) -> "Game":
        """An independent game, cheap enough for a bot to look ahead thousands of times. Moves and
        events are immutable and shared; the base's lists are copied here, and `_copy_state` copies
        the game's own mutable state.

        A copy of a game that declares hidden cards does not compare what each seat has seen before
        and after its moves (that would cost a look-ahead dearly): it takes none of its own moves back.
        `watch=True` makes a copy that does, as a game rebuilt from its record (`replay`, `undone`)
        does."""
        other = object.__new__(type(self))
        state = self.__dict__.copy()
        state["players"] = list(self.players)
        state["options"] = dict(self.options)
        rng = self.rng
        if type(rng) is Stream:  # `Stream.__copy__`, without its call
            state["rng"] = stream = Stream.__new__(Stream)
            stream._state = rng._state
            stream.draws = rng.draws
        else:
            state["rng"] = _copy.copy(rng)
        state["history"] = list(self.history)
        state["log"] = list(self.log)
        state["_watching"] = watch
        state["_hidden_cache"] = None
        self._copy_state(state)
        other.__dict__ = state
        return other

    _BASE_STATE = frozenset(("players", "seed", "stream", "options", "rng", "reveals", "history", "log",
                             "_undo_floor", "_watching", "_hidden_cache"))

    def _copy_state(self, state: dict[str, Any]) -> None:
        """Replace the game's own mutable values in `state` (a shallow copy of `__dict__`) with copies.
        The default deep-copies everything that is not the base's; a game overrides it for speed."""
        for key, value in state.items():
            if key not in self._BASE_STATE:
                state[key] = _copy.deepcopy(value)

    def record(self) -> dict[str, Any]:
        return {
            "game": self.id,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "seed": self.seed,
            "stream": self.stream,
            "options": dict(self.options),
            "moves": [[seat, move.to_json()] for seat, move in self.history],
        }

    @classmethod
    def replay(cls, players: Iterable[str], seed: int, options: dict[str, Any], moves: Iterable[tuple[int, Move]],
               stream: int = STREAM_VERSION) -> "Game":
        game = cls(list(players), seed, stream=stream, **dict(options))
        for i, (seat, move) in enumerate(moves):
            try:
                game.play(seat, move)
            except IllegalMove as exc:
                raise RecordError(f"move {i + 1} ({shorten(move.to_json())}) is refused: {exc.reason}") from None
        return game

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> "Game":
        if record.get("game") != cls.id:
            raise RecordError(f"this record is for {shorten(record.get('game'))}, not {cls.id!r}")
        version = record.get("rules_version", 1)
        if not isinstance(version, int) or version > cls.rules_version:
            raise RecordError(
                f"this save needs rules version {version} of {cls.title}; this program has version {cls.rules_version}"
            )
        stream = record.get("stream", 1)  # records from before the versions were stream 1
        if type(stream) is not int or stream not in STREAM_VERSIONS:
            raise RecordError(f"this save uses random stream version {shorten(stream)}; this program knows "
                              f"versions {', '.join(map(str, STREAM_VERSIONS))}")
        try:
            moves = [(int(seat), Move.from_json(m)) for seat, m in record.get("moves", [])]
            return cls.replay(record["players"], record.get("seed", 0), record.get("options", {}), moves, stream)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"the record is damaged: {exc}") from None
