"""What this program changes in Textual (pinned in pyproject.toml), each for the cost of a key or of the
start, and why. Imported by the app and by the shared widgets before anything is drawn; nothing here
changes what is drawn or which handler a message reaches (a widget whose idle check is gathered is
checked as its idle handler checks it).

- A `Strip` makes its seven caches (of its crops, its filtered copies...) when each is first used:
  Textual makes all seven with every strip, and most strips (a widget's styled line, a line cut at the
  compositor's cuts) are never cropped or divided again. A key that lays the screen out makes a hundred
  or more of them.
- The handlers a message reaches are looked up once for each class of receiver and name of handler:
  Textual walks the receiver's classes (fifteen or more for a screen or a scrolling part) for every
  message, dozens of them a key. A class with `@on` handlers (chosen by the message's sender, which a
  lookup kept cannot know) is walked as Textual walks it.
- A frame's changed lines are written out for the terminal with the cursor's moves made as the text
  they are: Textual makes an object (rich's `Control`) for each piece of a line it writes, for its
  text alone.
- After a layout, the map of every widget's place it just made is taken as the full map it is.
  Textual's layout (`Compositor.reflow`) makes that map but leaves it marked out of date where it was
  before (a scroll, a widget refreshed that was not on the screen), so the first look at a widget's
  region after the layout lays the whole screen out once more, to the same map: 14-16k Python opcodes
  on a key that moves the table's parts and scrolls the log.
- While a game screen makes a change (`idle_checks_gathered`: a move played, the table drawn again),
  the widgets it refreshes are noted, and each is checked once at the end, as its own idle handler
  checks it (what changed is drawn again, the screen told): Textual posts each a message to itself for
  that (a Prompt), to be taken by the widget's own task, a dozen or more a key on a game screen. A
  widget with idle handlers of its own, or with callbacks waiting for its idle, is sent its Prompt as
  before; one with messages queued idles after them, as in Textual.
- `StylesCache.get_inner_outer` (the backgrounds inside and outside a widget's padding) is kept by the
  two colours alone. Textual's is an lru_cache on the method, which keeps the StylesCache as well: the
  last 1,024 of them, with every line each had kept, outlived their widgets, about 17,000 objects
  (1,200 lines) left in the process for good by each game screen closed.
- The rules Textual parses from each piece of CSS are kept (`ParsedCss`): in the process, for every app
  after the first, and in a file in the user's cache folder, for the next start. Textual parses every
  piece anew in every app, its own widgets' CSS included: a third of the launcher's Python work from
  its start to its first frame.
"""

from __future__ import annotations

import functools
import os
import pickle
import sys
from contextlib import contextmanager, suppress
from pathlib import Path

from textual._compositor import ChopsUpdate, Compositor
from textual._styles_cache import StylesCache
from textual.cache import FIFOCache
from textual.color import Color
from textual.css.stylesheet import Stylesheet
from textual.message_pump import MessagePump
from textual.strip import Strip
from textual.style import Style

# -- Strip --------------------------------------------------------------------------------------------

#: Strip's caches (each made as Textual makes it, when first used) and their sizes
STRIP_CACHES = {"_divide_cache": 4, "_crop_cache": 16, "_style_cache": 16, "_filter_cache": 4,
                "_line_length_cache": 4, "_crop_extend_cache": 4, "_offsets_cache": 4}


def _strip_init(self, segments, cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _strip_cache(self, name: str):
    """A cache of the strip's, made when first asked for (its slot is empty until then)."""
    size = STRIP_CACHES.get(name)
    if size is None:
        raise AttributeError(name)
    cache: FIFOCache = FIFOCache(size)
    setattr(self, name, cache)
    return cache


_TEXTUALS = {(Strip, "__init__"): Strip.__init__}
Strip.__init__ = _strip_init  # type: ignore[method-assign]
Strip.__getattr__ = _strip_cache  # type: ignore[attr-defined]

# -- dispatch -----------------------------------------------------------------------------------------

_walk_classes = _TEXTUALS[MessagePump, "_get_dispatch_methods"] = MessagePump._get_dispatch_methods
#: (class of receiver, handler's name) -> (class, function) in the order Textual calls them, or None where
#: the receiver has `@on` handlers
_HANDLERS: dict[tuple[type, str], tuple | None] = {}


def _handlers(receiver: type, method_name: str) -> tuple | None:
    mro = receiver.__mro__
    if any(cls.__dict__.get("_decorated_handlers") for cls in mro):
        return None
    found = []
    for cls in mro:
        method = cls.__dict__.get(f"_{method_name}") or cls.__dict__.get(method_name)
        if method is not None and not getattr(method, "_textual_on", None):
            found.append((cls, method))
    return tuple(found)


def _get_dispatch_methods(self, method_name: str, message):
    """Textual's `MessagePump._get_dispatch_methods`, from the handlers found once for the receiver's
    class: each bound and handed over in turn, none after a handler has prevented the default."""
    key = (self.__class__, method_name)
    try:
        handlers = _HANDLERS[key]
    except KeyError:
        handlers = _HANDLERS[key] = _handlers(self.__class__, method_name)
    if handlers is None:
        yield from _walk_classes(self, method_name, message)
        return
    for cls, method in handlers:
        if message._no_default_action:
            break
        yield cls, method.__get__(self, cls)


MessagePump._get_dispatch_methods = _get_dispatch_methods  # type: ignore[method-assign]

# -- the frame written out ----------------------------------------------------------------------------


def _render_segments(self, console) -> str:
    """Textual's `ChopsUpdate.render_segments`, each move of the cursor written as rich's
    `Control.move_to(x, y)` writes it."""
    sequences: list[str] = []
    append = sequences.append
    chops = self.chops
    chop_ends = self.chop_ends
    last_y = self.spans[-1][0]
    for y, x1, x2 in self.spans:
        line = chops[y]
        ends = chop_ends[y]
        row = y + 1
        for end, (x, strip) in zip(ends, line.items()):
            if strip is None:
                continue
            if x > x2 or end <= x1:
                continue
            if not (x2 > x >= x1 and end <= x2):
                strip = strip.crop(0, min(end, x2) - x)
            append(f"\x1b[{row};{x + 1}H")
            append(strip.render(console))
        if y != last_y:
            append("\n")
    return "".join(sequences)


_TEXTUALS[ChopsUpdate, "render_segments"] = ChopsUpdate.render_segments
ChopsUpdate.render_segments = _render_segments  # type: ignore[method-assign]

# -- idle checks gathered -------------------------------------------------------------------------------

#: while a change is made (`idle_checks_gathered`): the widgets whose idle check waits for its end
_GATHERED: dict | None = None
_textual_check_idle = _TEXTUALS[MessagePump, "check_idle"] = MessagePump.check_idle
#: a class of widget -> whether its only idle handler is Widget's (`_idles_as_widget`)
_PLAIN_IDLE: dict[type, bool] = {}


def _idles_as_widget(cls: type) -> bool:
    """Whether what a widget of `cls` does when idle is Widget's idle handler alone (it draws again
    what changed), nothing of its own."""
    plain = _PLAIN_IDLE.get(cls)
    if plain is None:
        from textual.widget import Widget

        handlers = _handlers(cls, "on_idle")
        plain = _PLAIN_IDLE[cls] = (issubclass(cls, Widget) and handlers is not None
                                    and [method for _, method in handlers] == [Widget._on_idle])
    return plain


def _check_idle(self) -> None:
    """Textual's `MessagePump.check_idle`, but while a change is made a widget that idles as Widget
    does is noted, to be checked at the end of the change, instead of being sent a Prompt."""
    gathered = _GATHERED
    if (gathered is not None and self._running and self._message_queue.empty() and not self._next_callbacks
            and _idles_as_widget(type(self))):
        gathered[self] = None
        return
    _textual_check_idle(self)


MessagePump.check_idle = _check_idle  # type: ignore[method-assign]


@contextmanager
def idle_checks_gathered():
    """While a change is made in one go (no await in it: nothing else runs meanwhile), the widgets it
    refreshes are noted; at the end each is checked as its idle handler would check it: what changed
    drawn again, a layout asked for (Widget._check_refresh), where Textual sent each a Prompt to be
    taken by its own task. One with messages queued meanwhile idles after them, as in Textual; one
    with callbacks waiting for its idle is sent its Prompt. Within another such change, nothing more."""
    global _GATHERED
    if _GATHERED is not None:
        yield
        return
    gathered = _GATHERED = {}
    try:
        yield
    finally:
        _GATHERED = None
        for widget in gathered:
            if not widget._running or widget._closing or widget._closed or not widget._message_queue.empty():
                continue
            if widget._next_callbacks:
                _textual_check_idle(widget)
            else:
                widget._check_refresh()


# -- the layout ---------------------------------------------------------------------------------------

_textual_reflow = _TEXTUALS[Compositor, "reflow"] = Compositor.reflow


def _reflow(self, parent, size):
    """Textual's `Compositor.reflow`, after which the full map (the one it made, of every widget, not
    only those visible) is up to date, as `full_map` would mark it after making the same map again."""
    result = _textual_reflow(self, parent, size)
    self._full_map_invalidated = False
    return result


Compositor.reflow = _reflow  # type: ignore[method-assign]

# -- StylesCache --------------------------------------------------------------------------------------


@functools.lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    return (Style(background=base_background + background), Style(background=base_background))


def _get_inner_outer(self, base_background: Color, background: Color):
    return _inner_outer(base_background, background)


_TEXTUALS[StylesCache, "get_inner_outer"] = StylesCache.get_inner_outer
StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign]

# -- the stylesheet -------------------------------------------------------------------------------------


def _textual_signature() -> tuple:
    """What the rules parsed from a piece of CSS depend on besides the CSS and its variables: the
    Python and the Textual that parsed them (its parser's files as installed, an upgrade rewrites them)."""
    import textual.css.model
    import textual.css.parse
    import textual.css.styles

    files = (textual.css.parse.__file__, textual.css.model.__file__, textual.css.styles.__file__)
    stats = [os.stat(name) for name in files]
    return (ParsedCss.FORMAT, sys.version_info[:2], tuple((st.st_size, st.st_mtime_ns) for st in stats))


class ParsedCss:
    """The rules Textual parsed from each piece of CSS (a stylesheet, a widget's DEFAULT_CSS), kept
    for the app's next start in a file (`keep_in`), and shared by every app of the process.

    Textual parses the CSS of every part anew in every app (a tokenizer in Python): a third of the
    launcher's work from its start to its first frame, Textual's own widgets' CSS included, and more
    for the first game screen (screens.tcss). A piece is kept by its text, where it was read from, how
    Textual read it (default rules or not, their tie breaker and scope) and the CSS variables it was
    parsed with (the theme's): a change to any of them is parsed anew. A piece with errors is never
    kept (Textual reports it as before). The file holds each piece's rules pickled apart, each read
    when first asked for (the launcher reads its own, not the game screens'); it is in the user's own
    cache folder, read only where its Python and Textual are the ones that wrote it, and one that
    cannot be read is taken as none. A piece's older texts (the program changed since) are left out
    when it is written again."""

    FORMAT = 2

    def __init__(self) -> None:
        self.path: Path | None = None
        self._kept: dict[tuple, bytes] | None = None  # each piece's pickled rules, read when first needed
        self._read_now: dict[tuple, list] = {}  # those of them asked for in this process
        self._new: dict[tuple, list] = {}  # parsed in this process

    def keep_in(self, path: Path | None) -> None:
        """Keep the rules in the file `path` (None: in this process alone)."""
        if path != self.path:
            self.path = path
            self._kept = None
            self._read_now = {}

    def get(self, key: tuple) -> list | None:
        rules = self._new.get(key)
        if rules is None:
            rules = self._read_now.get(key)
        if rules is None:
            if self._kept is None:
                self._kept = self._read()
            pickled = self._kept.get(key)
            if pickled is not None:
                try:
                    rules = self._read_now[key] = pickle.loads(pickled)
                except Exception:  # (parsed anew)
                    del self._kept[key]
        return rules

    def add(self, key: tuple, rules: list) -> None:
        self._new[key] = rules

    def _read(self) -> dict[tuple, bytes]:
        if self.path is None:
            return {}
        try:
            kept = pickle.loads(self.path.read_bytes())
            if kept["signature"] == _textual_signature() and isinstance(kept["rules"], dict):
                return kept["rules"]
        except Exception:  # none yet, or written by another version: parsed anew and written again
            pass
        return {}

    def save(self) -> None:
        """Write what was parsed in this process, with what was read that it does not replace, if
        anything new was parsed. Written whole, in one step: a file read meanwhile is the old one."""
        if self.path is None or not self._new:
            return
        partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.part")
        try:
            kept = self._to_write()
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial.write_bytes(pickle.dumps({"signature": _textual_signature(), "rules": kept},
                                             protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(partial, self.path)
        except Exception:  # a folder that cannot be written (parsed at each start) is no reason to stop
            with suppress(OSError):
                partial.unlink(missing_ok=True)
            return
        self._kept, self._read_now, self._new = kept, {**self._read_now, **self._new}, {}

    def _to_write(self) -> dict[tuple, bytes]:
        """What would be written: each piece parsed or read in this process, and each kept that was not
        read whose source (where from, how, with which variables) no piece parsed in it has."""
        if self._kept is None:
            self._kept = self._read()
        sources = {key[1:] for key in (*self._new, *self._read_now)}
        kept = {key: pickled for key, pickled in self._kept.items()
                if key in self._read_now or key[1:] not in sources}
        for key, rules in self._new.items():
            kept[key] = pickle.dumps(rules, protocol=pickle.HIGHEST_PROTOCOL)
        return kept


#: the rules parsed in this process, and kept between its runs where the app says where
PARSED_CSS = ParsedCss()
#: id of a dict of CSS variables -> (the dict, its items in order), for the keys of PARSED_CSS (Textual
#: gives a stylesheet a new dict whenever its variables change, as the theme does)
_VARIABLES_KEYS: dict[int, tuple[dict, tuple]] = {}
_textual_parse_rules = _TEXTUALS[Stylesheet, "_parse_rules"] = Stylesheet._parse_rules


def _parse_rules(self, css: str, read_from, is_default_rules: bool = False, tie_breaker: int = 0,
                 scope: str = ""):
    """Textual's `Stylesheet._parse_rules`, the rules taken from PARSED_CSS where they were kept."""
    variables = self._variables
    found = _VARIABLES_KEYS.get(id(variables))
    if found is None or found[0] is not variables:
        if len(_VARIABLES_KEYS) > 16:
            _VARIABLES_KEYS.clear()
        found = _VARIABLES_KEYS[id(variables)] = (variables, tuple(sorted(variables.items())))
    key = (css, read_from, is_default_rules, tie_breaker, scope, found[1])
    rules = PARSED_CSS.get(key)
    if rules is None:
        rules = _textual_parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        if not any(rule.errors for rule in rules):
            PARSED_CSS.add(key, rules)
    return rules


Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
_OURS = {(owner, name): owner.__dict__[name] for owner, name in _TEXTUALS}


@contextmanager
def as_released():
    """Textual as released, meanwhile (for benchmarks/run.py's floor, a bare Textual app measured in
    the same process). Strips made meanwhile make their caches as Textual does; those made before
    still make theirs when first used (`__getattr__` stays)."""
    for (owner, name), textuals in _TEXTUALS.items():
        setattr(owner, name, textuals)
    try:
        yield
    finally:
        for (owner, name), ours in _OURS.items():
            setattr(owner, name, ours)
