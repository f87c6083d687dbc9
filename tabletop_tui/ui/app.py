"""The Textual application: launcher -> setup -> game screen -> results."""

from __future__ import annotations

import gc
import sys
import weakref
from collections import deque
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

# Textual and the launcher's modules make a few hundred thousand objects as they load, none of them
# garbage: the collector, which would walk them again and again while they are made, waits until
# they are all there, and they are then moved out of its sight (gc.freeze, as the first frame does
# with what it made: see `_freeze_startup`).
_collecting = gc.isenabled()
gc.disable()
try:
    from textual import events
    from textual.app import App
    from textual.binding import Binding
    from textual.message import Message

    from tabletop_tui.ui import textual_patches  # noqa: F401  (what this program changes in Textual)
    from tabletop_tui.ui.screens.launcher import LauncherScreen
finally:
    if _collecting:
        gc.freeze()
        gc.enable()

if TYPE_CHECKING:
    from tabletop_tui.session import Session

# The rules, the sessions and the screens past the launcher (modals too) are imported when they are
# first needed, not before the launcher is painted.

STYLES = Path(__file__).parent / "styles"
MIN_SIZE = (80, 24)
#: the computer's pace: seconds before each of its moves
PACES = {"slow": 1.5, "normal": 0.6, "fast": 0.2, "instant": 0.0}


class TabletopApp(App):
    CSS_PATH = str(STYLES / "app.tcss")  # absolute: subclasses live elsewhere; screens.tcss: see push_screen
    TITLE = "tabletop-tui"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "ask_quit", "Quit", show=False, priority=True)]

    def __init__(self, store=None, start: dict | None = None, bot_delay: float | None = None,
                 force_curtain: bool | None = None):
        super().__init__()
        # Text that comes from people or files (names, paths, a file's values) is shown as text: a
        # string inside a rich renderable (a cell of a table) is never read as markup, so that a name
        # like "Ada[/]" is shown as it is rather than stopping the program.
        self.console._markup = False
        self.store = store
        self.start = start
        self._bot_delay = bot_delay  # None: the pace chosen in the settings
        self._force_curtain = force_curtain
        # the rules parsed from the CSS, kept for the next start (saved as the app ends: `run`)
        from tabletop_tui.store.database import cache_dir

        textual_patches.PARSED_CSS.keep_in(cache_dir() / "stylesheets.pickle")

    #: seconds during which the key that lifted a curtain, pressed again, and any click, are dropped:
    #: a doubled press or a key held down was meant for the curtain, not for the table behind it
    LIFT_ECHO = 0.6
    _lifted: tuple[str, float, object] | None = None  # the key, when, and the clock that said so

    def curtain_lifted(self, key: str, clock) -> None:
        """A curtain was just lifted with `key` (or a click): its echo must not reach the table."""
        self._lifted = (key, clock(), clock)

    def _echo_of_lift(self, event: events.Event) -> bool:
        """Whether an input event is the echo of the curtain just lifted: the same key again (held
        down, it repeats: each repeat keeps the window open) or a click, within LIFT_ECHO seconds."""
        key, at, clock = self._lifted
        now = clock()
        if now - at >= self.LIFT_ECHO:
            self._lifted = None
            return False
        if isinstance(event, events.Key):
            if event.key != key:
                self._lifted = None  # another key: the person is at the table
                return False
            self._lifted = (key, now, clock)
            return True
        return isinstance(event, (events.MouseDown, events.MouseUp, events.Click))

    # -- keys in the order they were typed ------------------------------------------------------
    #
    # Textual hands a key to the focused part, which passes on what it does not take to its container,
    # and so on up to the screen and then the app (where the bindings are run), a queue at each step;
    # what a part does with a key may reach the screen by a shorter way (a board's square goes straight
    # to the screen). So with keys typed faster than they are taken (a quick typist, a paste, keys held
    # through a slow frame) a later key could act before an earlier one: a colour's key then a square
    # placed the colour chosen before. Here a key is handed on only when nothing is left on the way the
    # last one took (the queues of its part and of every container up to the screen). Otherwise it
    # waits, with the keys typed after it, and a marker (`KeyTaken`) is sent up the same queues, behind
    # the key and behind what the key sent straight to the screen: when it reaches the app, the keys
    # waiting are handed on, in order.

    class KeyTaken(Message):
        """Sent up the way a key took: at the app, every part on it has taken what was before it."""

        def __init__(self, serial: int) -> None:
            super().__init__()
            self.serial = serial

    #: seconds after which the keys waiting go on without their marker (lost with a part removed on the
    #: way, as a game's last move replaces its screen): a backstop, never reached while parts take keys
    KEY_BACKSTOP = 0.5
    _key_part: weakref.ref | None = None  # the part the last key was handed to (the focused part, or
    # the screen), held weakly: a part of a screen since closed is not kept for it
    _keys_held: deque | None = None  # keys typed while the last one may be on its way, in order
    _key_marker: int | None = None  # the serial of the marker out, or None
    _key_markers = 0

    def _key_on_its_way(self) -> bool:
        """Whether the last key handed on, or what it set off, may still wait in a queue on its way."""
        node = self._key_part() if self._key_part is not None else None
        if node is None or not node.is_attached:
            return False
        while node is not None and node is not self:
            if not node._message_queue.empty():
                return True
            node = node._parent
        return False

    async def _take_key(self, event: events.Key) -> None:
        if self._lifted is not None and self._echo_of_lift(event):
            return
        await super().on_event(event)
        if event.is_forwarded:
            self._key_part = weakref.ref(self.focused or self.screen)

    async def _hand_on_keys(self, way_clear: bool = False) -> None:
        """The keys waiting, handed on in order while nothing is on the way (`way_clear`: the marker
        came back, so what was on the way before it has been taken); else a marker sent after it."""
        held = self._keys_held
        while held:
            if not way_clear and self._key_on_its_way():
                if self._key_marker is None:
                    self._key_markers += 1
                    self._key_marker = serial = self._key_markers
                    self._key_part().post_message(self.KeyTaken(serial))  # (on its way: alive)
                    self.set_timer(self.KEY_BACKSTOP, partial(self._key_backstop, serial))
                return
            way_clear = False
            await self._take_key(held.popleft())

    async def on_tabletop_app_key_taken(self, message: KeyTaken) -> None:
        message.stop()
        await self._key_marker_back(message.serial)

    async def _key_backstop(self, serial: int) -> None:
        await self._key_marker_back(serial)  # (the marker itself is lost, if it is still out)

    async def _key_marker_back(self, serial: int) -> None:
        if serial == self._key_marker:
            self._key_marker = None
            await self._hand_on_keys(way_clear=True)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self._keys_held or self._key_on_its_way():
                if self._keys_held is None:
                    self._keys_held = deque()
                self._keys_held.append(event)
                await self._hand_on_keys()
            else:
                await self._take_key(event)
            return
        if (self._lifted is not None and isinstance(event, events.InputEvent) and not event.is_forwarded
                and self._echo_of_lift(event)):
            return
        await super().on_event(event)

    @property
    def bot_delay(self) -> float:
        """Seconds a computer player waits before its move, so that people can follow (the pace)."""
        if self._bot_delay is not None:
            return self._bot_delay
        return PACES.get(self.setting("pace", "normal"), PACES["normal"])

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self._bot_delay = seconds

    def setting(self, key: str, default=None):
        """A remembered setting, or `default` (a store that cannot be read is no reason to stop)."""
        try:
            return self.store.get_setting(key, default) if self.store is not None else default
        except Exception:
            return default

    @property
    def force_curtain(self) -> bool | None:
        """None: each game's own curtain setting; True or False overrides it (tests, screenshots)."""
        return self._force_curtain

    def remember(self, key: str, value) -> None:
        """Keep a setting in the store; a store that refuses writes costs the setting, not the game."""
        from tabletop_tui.store import StoreError

        if self.store is None:
            return
        try:
            self.store.set_setting(key, value)
        except StoreError as exc:
            self.notify(f"A setting could not be kept ({exc}).", title="Saving", severity="warning", timeout=8)

    def notify(self, message: str, *, title: str = "", severity="information", timeout: float | None = None,
               markup: bool = False) -> None:
        """A notification, shown as text and never read as markup: messages quote names, paths and
        the values of files. (A screen's `notify` passes markup=True unless told otherwise, so the
        flag is not taken from callers: no notification here uses markup.)"""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # -- the flow -------------------------------------------------------------------------------

    def run(self, *args, **kwargs):
        """Run the app. Until the first frame is drawn the garbage collector waits: what is made
        before it (the screen, its widgets and styles) is kept, and is then moved out of the
        collector's sight at once (`_freeze_startup`), after which it collects again. As it ends,
        the rules newly parsed from the CSS are kept for the next start (`textual_patches.ParsedCss`)."""
        global _held
        if gc.isenabled() and not _frozen:
            gc.disable()
            _held = True
        try:
            return super().run(*args, **kwargs)
        finally:
            _release_collector()
            textual_patches.PARSED_CSS.save()

    def push_screen(self, screen, *args, **kwargs):
        self.load_screen_styles()
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen):
        self.load_screen_styles()
        return super().switch_screen(screen)

    def load_screen_styles(self) -> None:
        """The look of every screen past the launcher (screens.tcss), added to the stylesheet before
        the first of them opens. The launcher's first frame does not parse it; added this way (and
        not as a screen's CSS_PATH, which parses the whole stylesheet again) only the new file is
        parsed."""
        path = str(STYLES / "screens.tcss")
        if not self.stylesheet.has_source(path, ""):
            self.stylesheet.add_source((STYLES / "screens.tcss").read_text(encoding="utf-8"), read_from=(path, ""))

    def on_mount(self) -> None:
        from tabletop_tui.rules.words import quote

        for problem in getattr(self.store, "problems", []) or []:  # a store that saves nothing is said at once
            self.notify(quote(problem, 600), title="The save store", severity="warning", timeout=12)
        if self.start:
            start, self.start = self.start, None
            if "save" in start:
                self.resume_save(start["save"])
            elif "join" in start:
                self.join_game(start["join"], start.get("seat"))
            else:
                self.start_game(**start)
        self.check_size()
        self.call_after_refresh(_freeze_startup)

    def game_screen(self, session: Session, resumed: bool = False):
        return session.info.screen_class()(session, resumed=resumed)

    def open_setup(self, info) -> None:
        from tabletop_tui.ui.screens.setup import SetupScreen

        self.push_screen(SetupScreen(info))

    def start_game(self, game_id: str, players: list[str], seed: int, options: dict | None = None,
                   computer: list[int] | None = None, replace: bool = False, curtain: bool | None = None,
                   remote: list[int] | None = None, takeover: bool = False) -> None:
        """`remote`: the seats played on other screens (a game on several screens; `takeover`: a seat
        whose screen is open may be taken by another)."""
        from tabletop_tui.session import Session

        try:
            session = Session.new(game_id, players, seed, options or {}, computer or [], self.store, curtain,
                                  remote=remote, takeover=takeover)
        except (ValueError, KeyError) as exc:
            self.notify(str(exc), title="Cannot start the game", severity="error")
            return
        screen = self.game_screen(session)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def resume_save(self, save_id: str) -> None:
        from tabletop_tui.session import Session

        if self.store is not None and self.store.shared(save_id) is not None:
            self.join_game(save_id, None)
            return

        try:
            session = Session.resume(self.store, save_id)
        except Exception as exc:  # a broken save is reported, kept, and the launcher goes on
            from tabletop_tui.rules.words import quote

            reason = quote(exc.reason if hasattr(exc, "reason") else exc, 300)  # it may quote a move of the save
            self.notify(f"This save cannot be resumed: {reason}. It is kept as it is.", severity="error", timeout=12)
            return
        if session.over():
            from tabletop_tui.ui.screens.results import ResultsScreen

            self.push_screen(ResultsScreen(session))
            return
        self.push_screen(self.game_screen(session, resumed=True))

    def join_game(self, save_id: str | None, seat: int | None, replace: bool = False) -> None:
        """Take a seat of a game on several screens and play it here. Without a game, or without a seat
        where several wait, the list of the seats waiting (JoinScreen) is shown to choose from."""
        from tabletop_tui.rules.words import quote
        from tabletop_tui.session import Session
        from tabletop_tui.store import StoreError
        from tabletop_tui.ui.screens.join import JoinScreen

        if self.store is None:
            self.notify("There is no save store: games on several screens meet there.", severity="error")
            return
        if save_id is not None and seat is None:
            free = self.store.joinable(save_id)
            shared = self.store.shared(save_id)
            if shared is not None and shared["host"] in free and not shared["seats"][shared["host"]]["open"]:
                seat = shared["host"]  # the host's own seat first: it plays the computer seats
            elif len(free) == 1:
                seat = free[0]
        if save_id is None or seat is None:
            screen = JoinScreen(save_id)
            self.switch_screen(screen) if replace else self.push_screen(screen)
            return
        try:
            session = Session.join(self.store, save_id, seat)
        except Exception as exc:  # a seat taken, a game gone, a save that does not replay: said, nothing lost
            reason = quote(exc.reason if isinstance(exc, StoreError) else exc, 300)
            self.notify(f"Cannot join that seat: {reason}", title="Several screens", severity="error", timeout=10)
            return
        if session.over():
            from tabletop_tui.ui.screens.results import ResultsScreen

            screen = ResultsScreen(session)
        else:
            screen = self.game_screen(session, resumed=True)
        self.switch_screen(screen) if replace else self.push_screen(screen)

    def action_ask_quit(self) -> None:
        """ctrl+q: in a game, asked first (as q is); elsewhere at once."""
        from tabletop_tui.ui.screens.game import GameScreen

        games = [s for s in self.screen_stack if isinstance(s, GameScreen)]
        if games and not games[-1].session.over() and not _too_small(self.screen):
            games[-1].action_quit_game()
        else:
            self.exit()

    def get_default_screen(self) -> LauncherScreen:
        return LauncherScreen()

    def to_launcher(self, message: str = "") -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if not isinstance(self.screen, LauncherScreen):
            self.switch_screen(LauncherScreen())
        if message:
            self.notify(message)

    def turn_label(self, row: dict) -> str:
        """Whose turn it is in a saved game, from its listing (`Store.unfinished`), which keeps it
        with the save: listing the saves never replays a game."""
        turn = row.get("turn") or "damaged"
        try:
            waiting = self.store.joinable(row["id"]) if self.store is not None and "id" in row else []
        except Exception:
            waiting = []
        if waiting:
            names = row.get("players", [])
            seats = [str(names[s]) if 0 <= s < len(names) else str(s + 1) for s in waiting]
            turn += f"; {', '.join(seats)}'s seat free (join)"
        return turn

    # -- too small ------------------------------------------------------------------------------

    def on_resize(self, event) -> None:
        self.check_size(event.size)

    def check_size(self, size=None) -> None:
        """Cover every screen with a notice while the terminal is too small; lift it when it is not."""
        width, height = size or self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small:
            if _too_small(self.screen):
                self.screen.show_size(width, height)
            else:
                from tabletop_tui.ui.screens.modals import TooSmallScreen

                self.push_screen(TooSmallScreen(MIN_SIZE))
        else:
            while _too_small(self.screen):
                self.pop_screen()


_frozen = False


def _freeze_startup() -> None:
    """Once the first screen is drawn, what the program made to start (Textual, the modules, the
    first screen) is moved out of the garbage collector's sight (gc.freeze): a full collection walked
    all of it, a pause of 15 ms and more in the middle of a game, a frame missed. Once a process."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()
    _release_collector()


_screens_frozen = 0  # game screens open that moved what lives out of the collector's sight


def freeze_for_screen() -> None:
    """A game screen has drawn its first frame: what lives now (the program, the screen and its
    game) is moved out of the garbage collector's sight until the screen closes (`thaw_for_screen`).
    A full collection walked all of it again, every few dozen keys: a pause of 20-60 ms in the middle
    of a game (Penniless and Insane at 160x48: 58 ms, in one key of 40), where it now walks only what
    was made since. What lived at the first frame and is let go while the screen is open (little: the
    screen, its parts and its game live as long as it does) is collected once it closes."""
    global _screens_frozen
    _screens_frozen += 1
    gc.freeze()


def thaw_for_screen() -> None:
    """A game screen that froze (`freeze_for_screen`) has closed: once no game screen is open, all that
    was frozen is the collector's again (what the screen let go is collected at the next full
    collection; the next game screen freezes what lives then)."""
    global _screens_frozen
    if _screens_frozen > 0:
        _screens_frozen -= 1
        if _screens_frozen == 0:
            gc.unfreeze()


_held = False  # the collector disabled by `TabletopApp.run` until the first frame


def _release_collector() -> None:
    global _held
    if _held:
        _held = False
        gc.enable()


def _too_small(screen) -> bool:
    """Whether `screen` is the too-small notice (before its module is imported, none can be)."""
    modals = sys.modules.get("tabletop_tui.ui.screens.modals")
    return modals is not None and isinstance(screen, modals.TooSmallScreen)
