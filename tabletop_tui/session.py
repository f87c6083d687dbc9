"""A game at the table: the rules, who sits where (human or computer), and the save it lives in.

The screen talks to a Session, never to the store or the bots directly: it hands over a human's move,
asks for the computer's next move, undoes, and reads the view. Everything here is screen-free, so the
command line, the tests and the benchmarks drive the same path as a person does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from tabletop_tui import catalog
from tabletop_tui.bots.base import LEVELS, Knowledge
from tabletop_tui.catalog import GameInfo
from tabletop_tui.names import shown
from tabletop_tui.rules.engine import Event, Game, IllegalMove, Move, RecordError
from tabletop_tui.store import MoveTaken, SaveLost, StoreError


#: the setting (in the store, beside the pace) of how well the computer players play: one of LEVELS
LEVEL_SETTING = "level"


def stored_level(store) -> str:
    """The level chosen in the settings ("normal" where none was, or the store cannot be read)."""
    try:
        level = store.get_setting(LEVEL_SETTING, "normal") if store is not None else "normal"
    except Exception:
        return "normal"
    return level if level in LEVELS else "normal"


def next_computer_move(game: Game, bots: dict) -> tuple[int, Move] | None:
    """What the computer seats (`bots`: seat -> Bot) do next: first any optional move one of them
    chooses to make (an interjection), then the move of a seat the game waits for."""
    waiting = game.to_act()
    for seat, bot in bots.items():
        if seat in waiting:
            continue
        moves = game.legal_moves(seat)
        if moves:
            move = bot.interject(game.view(seat), moves)
            if move is not None:
                return seat, move
    for seat in waiting:
        if seat in bots:
            moves = game.legal_moves(seat)
            if moves:
                return seat, bots[seat].decide(Knowledge(game, seat))
    return None


#: why there is no undo in a game on several screens
NO_UNDO = "A move seen on another screen cannot be taken back (no undo on several screens)."


def shared_problem(info: GameInfo, options: dict, remote: list[int], computer: list[int], players: int) -> str:
    """Why a game cannot be played on several screens with these seats ("" if it can): each screen
    plays one seat, this one among them; a pool referee (a real table) is one screen; real time is one
    keyboard."""
    if not remote:
        return ""
    if info.family == "Pool" and options.get("table") != "screen":
        return (f"{info.title} on a real table is refereed from one screen, beside the table: choose \"on this "
                "screen\" to play it on several screens")
    if options.get("mode") == "realtime":
        return (f"{info.title} in real time is played at one keyboard, everyone at once: choose \"in turns\" "
                "to play it on several screens")
    if any(s in computer for s in remote):
        return "a seat is the computer's or another screen's, not both"
    here = [s for s in range(players) if s not in computer and s not in remote]
    if len(here) != 1:
        return ("on several screens each screen plays one seat: mark every person's seat but this screen's "
                "\"other screen\"" if len(here) > 1 else "this screen plays one of the seats: leave one person's "
                "seat unmarked")
    return ""


@dataclass
class Session:
    info: GameInfo
    game: Game
    computer: list[int] = field(default_factory=list)
    store: object | None = None  # tabletop_tui.store.Store, or None for a game that is not saved
    save_id: str | None = None
    finished_saved: bool = False
    bots: dict = field(default_factory=dict)
    #: the last autosave that failed (disk full, store locked): the game goes on in memory, and the
    #: next save writes every move the store is missing
    save_problem: str = ""
    #: why the save is no longer this session's (deleted, or opened by another copy of the program):
    #: nothing more is written there; `save_as_new` starts a new save, `play_unsaved` goes on without
    save_lost: str = ""
    #: the players chose to go on without saving after the save was lost
    unsaved: bool = False
    #: a sentence for the players about the save, once (another copy had this game open)
    notice: str = ""
    #: this session's token in the store: the one copy that writes the game (see `Store.claim`)
    holder: str | None = None
    #: how many of the game's moves are saved, in order (the store's first `synced` moves are these)
    synced: int = 0
    #: drop the curtain between the people at the table: a setting of each game, saved with it (on by
    #: default where hands are hidden and two or more people play)
    curtain: bool = False
    #: the moves before this one were on the table when another person looked (the curtain was lifted
    #: for them since): undo does not take them back; `seen_by` is that person
    seen: int = 0
    seen_by: str = ""
    #: how well the computer seats play (one of LEVELS, the same for all): the settings' level when
    #: the game was made or resumed
    level: str = "normal"
    #: a game on several screens (see `new`'s `remote`, `join`): the one seat this screen plays (None:
    #: an ordinary game, every person at this keyboard), the seat of the screen that started it (which
    #: plays the computer seats), and the store's word on each person's seat (`Store.shared`)
    seat: int | None = None
    host_seat: int | None = None
    seats: dict = field(default_factory=dict)
    takeover: bool = False
    #: the other screens' moves applied here and not yet shown, as (seat, events); `reloaded`: the
    #: game was read again from the store (a move of this screen was refused): the log is drawn anew
    news: list = field(default_factory=list)
    reloaded: bool = False
    #: why this screen's last move was not taken (another screen moved first), once
    conflict: str = ""
    _version: int | None = None

    # -- making one ------------------------------------------------------------------------------

    @classmethod
    def new(cls, game_id: str, players: list[str], seed: int, options: dict | None = None,
            computer: list[int] | None = None, store=None, curtain: bool | None = None,
            level: str | None = None, remote: list[int] | None = None, takeover: bool = False) -> "Session":
        """`level`: how well the computer seats play; None takes the one chosen in the settings.
        `remote`: the seats played on other screens (a game on several screens: the one other person's
        seat is this screen's, and the game must be saved; ValueError otherwise); `takeover`: a seat
        whose screen is still open may be taken by another screen."""
        info = catalog.get(game_id)
        game = info.rules_class()(players, seed, **(options or {}))
        session = cls(info, game, sorted(set(computer or [])), store)
        session.level = stored_level(store) if level is None else level
        if remote:
            here = [s for s in range(len(players)) if s not in session.computer and s not in remote]
            problem = shared_problem(info, game.options, remote, session.computer, len(players))
            if problem:
                raise ValueError(problem)
            if store is None:
                raise ValueError("a game on several screens needs the save store, where the screens meet")
            holder = store.new_holder()
            try:
                session.save_id = store.new_shared_game(game.record(), session.computer, info.title, here[0], holder,
                                                        takeover, session.to_act())
            except StoreError as exc:
                raise ValueError(f"the game could not be saved, and a game on several screens is played through "
                                 f"its save: {exc}") from None
            session.holder, session.seat, session.host_seat, session.takeover = holder, here[0], here[0], takeover
            session.synced = len(game.history)
            session._read_seats()
            session._make_bots()
            return session
        session.curtain = session.curtain_by_default() if curtain is None else bool(curtain)
        session._save()  # a store that refuses writes: the game is played, and saved when it can be
        session._make_bots()
        return session

    @classmethod
    def join(cls, store, save_id: str, seat: int) -> "Session":
        """Take `seat` of a game on several screens (StoreError with the reason where it cannot be
        taken: SeatTaken, SaveLost) and rebuild the game by replaying its record."""
        shared = store.shared(save_id)
        if shared is None:
            raise SaveLost("this game is not played on several screens")
        holder = store.new_holder()
        notice = store.take_seat(save_id, seat, holder)
        # The data version is read before the game is: a move another screen commits while the game is
        # read changes it, and the first `poll` fetches that move. Read after, such a move went unseen
        # until the next commit, and a game waiting for this seat's move never had one.
        version = store.data_version()
        try:
            saved = store.load(save_id)
            info = catalog.get(saved["record"].get("game"))
            game = info.rules_class().from_record(saved["record"])
        except BaseException:
            store.release_seat(save_id, seat, holder)
            raise
        session = cls(info, game, list(saved.get("computer", [])), store, save_id)
        session.finished_saved = bool(saved.get("finished"))
        session.synced = len(game.history)
        session.level = stored_level(store)
        session.holder, session.seat, session.host_seat = holder, seat, shared["host"]
        session.takeover, session.notice = shared["takeover"], notice
        session._version = version
        session._read_seats()
        session._make_bots()
        return session

    @classmethod
    def resume(cls, store, save_id: str, hold: bool = True) -> "Session":
        """Rebuild a saved game by replaying its record. Raises RecordError with a readable reason.

        `hold`: this session becomes the one that saves the game (another copy of the program that
        had it open can save it no more); False only looks at it (the launcher's list does)."""
        if hold and store.shared(save_id) is not None:  # a game on several screens: a seat, not the save
            free = store.joinable(save_id)
            host = store.shared(save_id)["host"]
            if not free:
                raise SaveLost("every seat of this game on several screens is played on a screen now")
            return cls.join(store, save_id, host if host in free else free[0])
        saved = store.load(save_id)
        record = saved["record"]
        if any(shown(name) != name for name in record["players"]):
            # a name saved by an older program with characters a terminal acts on: shown with escape codes
            record = dict(record, players=[shown(name) for name in record["players"]])
        try:
            info = catalog.get(record.get("game"))
        except KeyError as exc:
            raise RecordError(str(exc.args[0])) from None
        game = info.rules_class().from_record(record)
        session = cls(info, game, list(saved.get("computer", [])), store, save_id)
        session.finished_saved = bool(saved.get("finished"))
        session.synced = len(game.history)
        session.level = stored_level(store)
        session.curtain = bool(store.get_setting(session._curtain_key(), session.curtain_by_default()))
        session._make_bots()
        if hold:
            holder = store.new_holder()
            try:
                session.notice = store.claim(save_id, holder)
                session.holder = holder
            except StoreError as exc:
                session.save_problem = (f"Not saved yet: {exc}. The game goes on, and saving is tried again "
                                        "after the next move.")
            else:
                if session.over() and not session.finished_saved:
                    session._save()  # the last move was saved but not the finish (a kill, a full disk)
        return session

    def curtain_by_default(self) -> bool:
        """On where some seat may see what another may not and two or more people play."""
        return self.game.curtain_by_default() and len(self.people) >= 2

    def _curtain_key(self) -> str:
        return f"game.{self.save_id}.curtain"

    @property
    def people(self) -> list[int]:
        """The seats played by people (not the computer) at this screen: on several screens, its own."""
        if self.seat is not None:
            return [self.seat]
        return [s for s in range(len(self.game.players)) if s not in self.computer]

    @property
    def shared(self) -> bool:
        """Whether the game is played on several screens (this one plays `seat`)."""
        return self.seat is not None

    @property
    def hosting(self) -> bool:
        """Whether this screen plays the computer seats: an ordinary game's, or on several screens the
        screen of the seat that started it (if it leaves, the computer seats wait for it)."""
        return self.seat is None or self.seat == self.host_seat

    @property
    def private(self) -> bool:
        """Whether the table is drawn for one person at a time, behind the curtain."""
        return self.curtain and len(self.people) >= 2

    def looked(self, seat: int) -> None:
        """The curtain was lifted for `seat`: what is on the table now, that person has seen."""
        if self.game.history and len(self.game.history) > self.seen:
            self.seen, self.seen_by = len(self.game.history), self.game.players[seat]

    def _make_bots(self) -> None:
        bot_class = self.info.bot_class() if self.computer and self.hosting else None
        self.bots = {seat: bot_class(seat, self.game.seed) for seat in self.computer} if bot_class else {}
        for bot in self.bots.values():
            bot.set_level(self.level)

    # -- playing ----------------------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        return self.game.players

    def is_computer(self, seat: int) -> bool:
        return seat in self.computer

    def over(self) -> bool:
        return self.game.outcome() is not None

    def human_to_act(self) -> list[int]:
        return [s for s in self.game.to_act() if s not in self.computer]

    def play(self, seat: int, move: Move) -> list[Event]:
        """Apply a move (raises IllegalMove with the reason, state untouched) and autosave it.

        On several screens: only this screen's seat (and, on the host's screen, the computer seats);
        the moves of the other screens are caught up with first, and where one came in meanwhile, or
        another screen wrote the same move first, the move is refused (IllegalMove saying so) and the
        table is as the store has it: the person chooses again."""
        if self.seat is None:
            events = self.game.play(seat, move)
            self._save()
            return events
        if seat != self.seat and not (seat in self.computer and self.hosting):
            raise IllegalMove(f"{self.game.players[seat]} plays on another screen.")
        if self.catch_up():
            raise IllegalMove(self._moved_first())
        events = self.game.play(seat, move)
        self._save()
        if self.conflict:
            self.conflict = ""
            raise IllegalMove(self._moved_first())
        return events

    def _moved_first(self) -> str:
        last = self.news[-1][0] if self.news else None
        who = self.game.players[last] if last is not None else "Another screen"
        return f"{who} moved first: the table is brought up to date, choose again."

    # -- several screens -----------------------------------------------------------------------------

    def poll(self) -> bool:
        """Whether the store changed since last asked (another copy committed: `Store.data_version`);
        if so, the moves past the ones here are applied (`news`) and the seats read again."""
        if self.seat is None or self.store is None:
            return False
        version = self.store.data_version()
        if version == self._version:
            return False
        self._version = version
        self.catch_up()
        self._read_seats()
        return True

    def catch_up(self) -> bool:
        """Apply the moves other screens wrote past the ones here (after writing this screen's own,
        where a save failed); True if any came. A move that does not apply here (never, unless the
        store was changed by hand) reads the whole game again from the store."""
        if self.seat is None or not self.saving:
            return False
        if self.synced < len(self.game.history):
            self._save()
            if self.synced < len(self.game.history):
                return False  # not written yet (the store is busy): tried again at the next look
        try:
            rows, finished = self.store.moves_after(self.save_id, len(self.game.history))
        except SaveLost as exc:
            self.save_lost = f"This game is no longer saved: {exc}."
            return False
        except StoreError:
            return False
        came = False
        for idx, seat, data in rows:
            if idx != len(self.game.history):
                self._reload()
                return True
            try:
                events = self.game.play(seat, Move.from_json(data))
            except (IllegalMove, RecordError):
                self._reload()
                return True
            self.news.append((seat, events))
            came = True
        self.synced = len(self.game.history)
        if finished and self.over():
            self.finished_saved = True  # the screen that made the last move wrote the finish with it
        return came

    def _reload(self) -> None:
        """The game as the store has it (after a move of this screen was refused)."""
        try:
            saved = self.store.load(self.save_id)
            self.game = self.info.rules_class().from_record(saved["record"])
        except (StoreError, RecordError) as exc:
            self.save_lost = f"This game can no longer be followed here: {exc}."
            return
        self.synced = len(self.game.history)
        self.finished_saved = bool(saved.get("finished"))
        self.news, self.reloaded = [], True
        self._make_bots()

    def take_news(self) -> tuple[list, bool]:
        """The other screens' moves applied since last asked, and whether the game was read anew."""
        news, reloaded = self.news, self.reloaded
        self.news, self.reloaded = [], False
        return news, reloaded

    def _read_seats(self) -> None:
        try:
            shared = self.store.shared(self.save_id) if self.store is not None and self.save_id else None
        except StoreError:
            return
        if shared is None:
            return
        self.seats = shared["seats"]
        mine = self.seats.get(self.seat, {})
        if mine.get("token") != self.holder and not self.save_lost:
            self.save_lost = (f"{self.game.players[self.seat]}'s seat was taken over by another screen: "
                              "moves can no longer be made here.")

    def refresh_seats(self) -> None:
        """Read the seats again (a screen that crashed changes nothing in the store: it is found out
        by asking)."""
        if self.seat is not None:
            self._read_seats()

    def seat_state(self, seat: int) -> str:
        """A person's seat on several screens: "here", "open" (a screen plays it), "left" (its screen
        left or crashed: it waits), "empty" (nobody joined it yet)."""
        if seat == self.seat:
            return "here"
        state = self.seats.get(seat)
        if state is None:
            return "open"
        if state["open"]:
            return "open"
        return "left" if state["joined"] else "empty"

    @property
    def saving(self) -> bool:
        """Whether moves made now are written to a save (or will be, once the store can be written)."""
        return self.store is not None and not self.unsaved and not self.save_lost

    def _save(self) -> None:
        """Bring the save in line with the game: the moves it lacks (every one since the last save
        that worked), moves undone, and the finish, in one write. A failure is kept in
        `save_problem` (tried again next time), a save that is no longer ours in `save_lost`."""
        if not self.saving:
            return
        if self.seat is not None:
            self._append()
            return
        try:
            if self.save_id is None:  # a new game, or its first save failed
                holder = self.store.new_holder()
                self.save_id = self.store.new_game(self.game.record(), self.computer, self.info.title, holder,
                                                   self.to_act())
                self.holder, self.synced, self.finished_saved = holder, len(self.game.history), False
                self.store.set_setting(self._curtain_key(), self.curtain)
            elif self.holder is None:  # the store could not be written when the game was resumed
                holder = self.store.new_holder()
                self.notice = self.store.claim(self.save_id, holder)
                self.holder = holder
            keep = self.synced
            outcome = self.game.outcome()
            self.store.sync(self.save_id, keep, [[seat, move.to_json()] for seat, move in self.game.history[keep:]],
                            outcome.to_json() if outcome is not None and not self.finished_saved else None,
                            self.holder, self.to_act())
        except StoreError as exc:
            self._not_saved(exc)
            return
        self._saved(outcome)

    def _not_saved(self, exc: StoreError) -> None:
        """A write of the game that failed: the save no longer ours (`save_lost`), or a failure tried
        again after the next move (`save_problem`)."""
        if isinstance(exc, SaveLost):
            self.save_lost = f"Moves made here are no longer saved: {exc}."
            self.save_problem = ""
        else:
            self.save_problem = (f"Not saved yet: {exc}. The game goes on, and saving is tried again after "
                                 "the next move.")

    def _saved(self, outcome) -> None:
        """Every move of the game is saved (and its finish, where it is over)."""
        self.synced = len(self.game.history)
        self.finished_saved = self.finished_saved or outcome is not None
        self.save_problem = ""

    def _append(self) -> None:
        """On several screens: write this screen's moves past the ones saved (`Store.append`); where
        another screen wrote that move first, the game is read again from the store (`conflict`)."""
        start, outcome = self.synced, self.game.outcome()
        moves = [[seat, move.to_json()] for seat, move in self.game.history[start:]]
        finish = outcome.to_json() if outcome is not None and not self.finished_saved else None
        if not moves and finish is None:
            return
        try:
            self.store.append(self.save_id, start, moves, self.holder, finish, self.to_act())
        except MoveTaken as exc:
            self.save_problem = ""
            self.conflict = str(exc)
            self._reload()
            self.catch_up()
            return
        except StoreError as exc:
            self._not_saved(exc)
            return
        self._saved(outcome)

    def to_act(self) -> list[int] | str:
        """Whose turn it is, as the store keeps it for its listings: the seats the game waits for, or
        "over"."""
        return "over" if self.over() else list(self.game.to_act())

    def retry_save(self) -> None:
        """Try again a save that failed (before leaving, or when the results show)."""
        if self.save_problem:
            self._save()

    @property
    def kept(self) -> bool:
        """Whether everything played so far is in the save."""
        return self.saving and self.save_id is not None and not self.save_problem

    def save_as_new(self) -> None:
        """After the save was lost: keep the game (every move so far) as a new save held here; what
        went wrong, if anything, is in `save_problem`."""
        self.save_id = self.holder = None
        self.save_lost = ""
        self._save()

    def play_unsaved(self) -> None:
        """After the save was lost: go on without saving (the choice is the players')."""
        self.save_id = self.holder = None
        self.save_lost = self.save_problem = ""
        self.unsaved = True

    def release(self) -> None:
        """The game's screen is left: the save is free for the next copy to take silently (on several
        screens, the seat waits for a screen to take it again)."""
        if self.seat is not None:
            if self.save_id is not None and self.holder is not None and self.store is not None:
                try:
                    self.store.release_seat(self.save_id, self.seat, self.holder)
                except StoreError:
                    pass  # its process gone, the seat is free anyway
            return
        if self.saving and self.save_id is not None and self.holder is not None:
            try:
                self.store.release(self.save_id, self.holder)
            except StoreError:
                pass  # the next copy then says this one may still have it open: harmless

    def computer_move(self) -> tuple[int, Move] | None:
        """The next move a computer seat wants to make now, if any. Optional moves come first (a
        jailed computer thief may rat before the next roll), then a seat the game waits for."""
        if self.over() or not self.hosting:
            return None
        return next_computer_move(self.game, self.bots)

    def undo_status(self) -> tuple[bool, str]:
        if self.over():
            return False, "The game is over."
        if self.seat is not None:
            return False, NO_UNDO
        # Undo takes back moves until a human seat is to decide again, so a computer's reply goes too.
        return self._can_take_back()

    def _can_take_back(self) -> tuple[bool, str]:
        """Whether the last move can be taken back: not past chance, nor past what another saw."""
        ok, why = self.game.undo_status()
        if ok and len(self.game.history) <= self.seen:
            return False, f"Not past a move {self.seen_by} has seen."
        return ok, why

    def undo(self) -> int:
        """Take back the last move, and computer moves before it, back to a human decision.
        Returns how many moves were taken back."""
        taken = 0
        while True:
            ok, why = self._can_take_back()
            if not ok:
                if taken:
                    break
                raise IllegalMove(why)
            seat = self.game.history[-1][0]
            self.game = self.game.undone()
            taken += 1
            if seat not in self.computer:
                break
        self.synced = min(self.synced, len(self.game.history))  # what is saved beyond goes with the next save
        self._save()
        return taken

    def autoplay(self, moves: int, level: str | None = None) -> None:
        """Let computer players make the next moves for every seat (for demonstrations and tests);
        the seats stay as they are. `level`: how well they play (their default where None)."""
        bot_class = self.info.bot_class()
        bots = {s: bot_class(s, self.game.seed) for s in range(len(self.players))}
        for bot in bots.values():
            bot.time_budget = math.inf  # a scene plays the same on any machine: searches stop at their own limits
            if level is not None:
                bot.set_level(level)
        for _ in range(moves):
            if self.over():
                break
            seat = self.game.to_act()[0]
            self.play(seat, bots[seat].decide(Knowledge(self.game, seat)))
