"""Saved games, autosave, finished games, statistics and settings, in one SQLite file.

Where: `store.db` in the folder named by the environment variable `TABLETOP_TUI_DATA`, or else in
`platformdirs.user_data_dir("tabletop-tui")`.

How it keeps games safe:

- WAL journal, `synchronous=NORMAL`, a busy timeout, and one transaction per change. A session saves
  with `sync`: the moves since its last good save, moves undone, and the finish of a game that just
  ended, in one transaction, so killing the program at any instant loses at most the move being made
  and never leaves a last move saved without its finish. (A power cut may also lose the last few
  commits, never the file.)
- Several copies of the program may have the store open at once: SQLite serialises the writers. One
  game is written by one copy at a time: a session `claim`s its save (the `holders` table), and a
  copy whose claim was taken by another (the same game resumed in a second terminal) or whose save
  was deleted gets `SaveLost` instead of mixing two games in one record; it tells its players.
- A store that refuses writes (read-only, locked, a full disk) raises StoreError from every write,
  with the reason; the session goes on in memory, marked not saved, and saves what is missing when it
  can. The writes made while a game is played wait `QUICK_BUSY_MS` for another program's write, not
  the whole busy timeout: a locked store does not stop the game at every move.
- A store that cannot be written from the start (a read-only file, folder or file system, a folder
  that cannot be made, a full disk, a newer program's store) is said in `problems` at open, and is
  never replaced by a store in memory that takes writes as if they were kept: every write raises
  StoreError, the games already in the file are listed (read-only), and each write first tries the
  file again, so that a store that becomes writable is written without a restart.
- Import reads regular files only, with a size limit checked while reading, and refuses names and
  seeds that setup would refuse; values quoted in messages are shortened.
- A database that cannot be read (not a database, damaged pages, a table missing) is moved aside to
  `store.db.damaged-<time>` (never deleted), reported in `Store.problems`, and a fresh store is used.
  A store written by a newer version of the program is left untouched (nothing is saved then).
  Whatever happens, `Store.open` returns a store that can be read.
- One unreadable save (bad JSON in a row) makes `load` raise `StoreError` with the reason and is
  marked `broken` in the listings; the others are unaffected; nothing is ever deleted automatically.
- A save that needs a newer version of a game's rules is refused with a clear message and kept.
  An older one is migrated by `MIGRATIONS` where a step exists, or else handed over as it is (the
  rules class then decides, through `Game.from_record`, whether it can replay it).

The schema (`SCHEMA_VERSION` 1):

    meta(key PRIMARY KEY, value)              "schema_version"
    saves(id PRIMARY KEY, game, title, rules_version, setup, computer, created, updated,
          finished, outcome, original)
        setup     JSON {"players": [...], "seed": n, "stream": v, "options": {...}}: the record without its
                  moves ("stream", the version of the random stream, is missing in saves made before it
                  existed: those are version 1)
        computer  JSON list of the seats played by the computer
        created, updated, finished: Unix times (finished is NULL while the game goes on)
        outcome   JSON `Outcome.to_json()` of a finished game
        original  JSON record as it was before a rules migration rewrote it (NULL if never migrated)
    moves(save_id, idx, seat, move, at)       PRIMARY KEY (save_id, idx); move is the move's JSON
    standings(save_id, seat, game, name, place, computer)   one row per seat of a finished game
    settings(key PRIMARY KEY, value)          value is JSON
    holders(save_id PRIMARY KEY, token, at)   the copy of the program that writes a game (see `claim`);
                                              added to older stores at open, which stay version 1
    summaries(save_id PRIMARY KEY, moves, updated, to_act)
                                              whose turn it is (to_act: JSON list of seats, or "over"),
                                              written with each save, for the listings; it holds while
                                              the save has `moves` moves and its `updated` time (a save
                                              an older program changed is replayed once by the next
                                              listing). Added to older stores at open, as holders is

A save id is 16 hexadecimal digits; the command line accepts any unique prefix of it.
"""

from __future__ import annotations

import copy
import datetime as _dt
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable

from tabletop_tui.names import printable
from tabletop_tui.rules.words import quote, shorten


class _LazyJson:
    """The json module, imported at its first use: the launcher's first frame, on a store with no
    games in it, reads none (and the import costs a millisecond)."""

    def __getattr__(self, name: str):
        import json as module

        globals()["json"] = module
        return getattr(module, name)


json = _LazyJson()


#: Environment variable naming the folder that holds store.db.
ENV_VAR = "TABLETOP_TUI_DATA"
DB_NAME = "store.db"
SCHEMA_VERSION = 1
#: Marker and version of exported files.
FILE_FORMAT = "tabletop-tui save"
FILE_FORMAT_VERSION = 1
BUSY_TIMEOUT_MS = 5000
#: How long the writes made while a game is played (its moves, its claim, a setting) wait for another
#: program that is writing: a store locked by another copy must not stop the game at every move. A
#: write that does not get the store in this time fails: the game goes on, marked not saved, and
#: saves what is missing at its next move.
QUICK_BUSY_MS = 100
#: Files bigger than this are not read by `import_file` (a save of a long game is a few hundred kB),
#: and records with more moves than this are refused before they are replayed.
MAX_IMPORT_BYTES = 4 * 1024 * 1024
MAX_IMPORT_MOVES = 100_000


def _old_reading(**options: Any) -> Callable[[dict], dict]:
    """A migration step for a rules change that came with an option keeping the old reading (or with a
    new default): a record of the older version that does not say otherwise gets the old value, and so
    replays exactly as it was played."""
    def step(record: dict) -> dict:
        record["options"] = {**options, **(record.get("options") or {})}
        return record
    return step


#: Rules migrations: MIGRATIONS[game_id][v] takes a record of rules version v (a deep copy, with its
#: "moves") and returns the equivalent record for version v + 1 (the store then sets rules_version).
#: `load` applies the steps in turn up to the version of the installed rules, writes the migrated
#: record back and keeps the record as it was in the `original` column. A version with no step is
#: loaded as it is.
MIGRATIONS: dict[str, dict[int, Callable[[dict], dict]]] = {
    # 2: a loser pays at most the starting points
    "thief-dice": {1: _old_reading(payment_ceiling="none")},
    # 2: a missed second chance drops the bag at once
    "second-story": {1: _old_reading(second_chance_miss="keep")},
    # 2: three scoreless boards draw the game by default (version 1's default was 0, replaying for ever)
    "pontifuse": {1: _old_reading(replay_limit=0)},
    # 2: a session played to the end doubles its ante every ten hands
    "ten-die-poker": {1: _old_reading(ante_doubles_every=0)},
    # 2: the research dice are not rolled at setup
    "monster-builder": {1: _old_reading(opening="rolled")},
    # 2: the thief may enter on any free edge square, watched or not
    "thief-in-the-night": {1: _old_reading(entry="unseen")},
}

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS saves (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    setup TEXT NOT NULL,
    computer TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished REAL,
    outcome TEXT,
    original TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    save_id TEXT NOT NULL REFERENCES saves(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (save_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS standings (
    save_id TEXT NOT NULL REFERENCES saves(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    place INTEGER NOT NULL,
    computer INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (save_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS standings_by_game ON standings (game, name);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
#: Tables made in a store from before they existed, where the rest is as it was (the schema stays
#: version 1: an older program reads such a store and leaves these tables alone).
_HOLDERS = """CREATE TABLE IF NOT EXISTS holders (
    save_id TEXT PRIMARY KEY REFERENCES saves(id) ON DELETE CASCADE,
    token TEXT NOT NULL,
    at REAL NOT NULL
) WITHOUT ROWID"""
_SUMMARIES = """CREATE TABLE IF NOT EXISTS summaries (
    save_id TEXT PRIMARY KEY REFERENCES saves(id) ON DELETE CASCADE,
    moves INTEGER NOT NULL,
    updated REAL NOT NULL,
    to_act TEXT NOT NULL
) WITHOUT ROWID"""
_SCHEMA += _HOLDERS + ";\n" + _SUMMARIES + ";\n"

_COLUMNS = {
    "meta": {"key", "value"},
    "saves": {"id", "game", "title", "rules_version", "setup", "computer", "created", "updated",
              "finished", "outcome", "original"},
    "moves": {"save_id", "idx", "seat", "move", "at"},
    "standings": {"save_id", "seat", "game", "name", "place", "computer"},
    "settings": {"key", "value"},
}

_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_SQLITE_READONLY = 8
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6


def _now() -> float:
    """The clock of the store (Unix time); the tests replace it."""
    return time.time()


class StoreError(ValueError):
    """A store operation that cannot be done; `reason` (= str(error)) is a sentence a player can read."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class SaveLost(StoreError):
    """The save a game was written to is no longer its own: deleted, or opened by another copy of the
    program since. Writing on would mix two games into one record, so nothing more is written there."""


class FileExists(StoreError):
    """`export` was asked not to replace a file, and the file is there."""


class _Damaged(Exception):
    """The database file is not a usable store: move it aside."""


class _Unusable(Exception):
    """The store cannot be used now, but the file must be left as it is."""


class _Newer(_Unusable):
    """The store was written by a newer program: left as it is, and never written."""


def data_dir() -> Path:
    """The folder of the store: $TABLETOP_TUI_DATA, or else the platform's user data folder."""
    chosen = os.environ.get(ENV_VAR, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("tabletop-tui"))


def _catalog_rules(game_id: str):
    from tabletop_tui import catalog

    return catalog.get(game_id).rules_class()


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_record(record: Any) -> dict:
    """A clean copy of a record, or StoreError saying what is wrong with it."""
    if not isinstance(record, dict):
        raise StoreError("the record is not a JSON object")
    game = record.get("game")
    if not isinstance(game, str) or not game:
        raise StoreError("the record names no game")
    version = record.get("rules_version", 1)
    if not _int(version) or version < 1:
        raise StoreError(f"the rules version {shorten(version)} is not a whole number from 1 up")
    players = record.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        raise StoreError("the record has no list of player names")
    seed = record.get("seed", 0)
    if not _int(seed):
        raise StoreError(f"the seed {shorten(seed)} is not a whole number")
    stream = record.get("stream", 1)  # a record from before the stream had versions
    if not _int(stream) or stream < 1:
        raise StoreError(f"the random stream version {shorten(stream)} is not a whole number from 1 up")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise StoreError("the options are not a JSON object")
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise StoreError("the moves are not a list")
    clean_moves = []
    for i, item in enumerate(moves):
        clean_moves.append(_check_move(i, item, len(players)))
    try:
        _dumps(options)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"the options cannot be saved: {exc}") from None
    return {"game": game, "rules_version": version, "players": list(players), "seed": seed, "stream": stream,
            "options": copy.deepcopy(options), "moves": clean_moves}


def _setup(record: dict) -> dict:
    """What the saves table keeps of a record besides its moves."""
    return {"players": record["players"], "seed": record["seed"], "stream": record["stream"],
            "options": record["options"]}


def _check_move(i: int, item: Any, n_players: int) -> list:
    from tabletop_tui.rules.engine import Move, RecordError  # loaded when needed: startup stays fast

    if not isinstance(item, (list, tuple)) or len(item) != 2:
        raise StoreError(f"move {i + 1} is not a pair [seat, move]")
    seat, move = item
    if not _int(seat) or not 0 <= seat < n_players:
        raise StoreError(f"move {i + 1} is made by seat {shorten(seat)}, which is not at the table")
    try:
        return [seat, Move.from_json(move).to_json()]
    except RecordError as exc:
        raise StoreError(f"move {i + 1} is damaged: {exc}") from None


def _check_computer(computer: Any, n_players: int) -> list[int]:
    if computer is None:
        return []
    if not isinstance(computer, (list, tuple, set)) or not all(_int(s) for s in computer):
        raise StoreError("the computer seats are not a list of seat numbers")
    seats = sorted(set(computer))
    if any(not 0 <= s < n_players for s in seats):
        raise StoreError(f"the computer seats {seats} are not all at a table of {n_players}")
    return seats


def _check_outcome(outcome: Any, n_players: int) -> list[tuple[int, str, int]]:
    """(seat, name, place) of each standing of an `Outcome.to_json()`, or StoreError."""
    if not isinstance(outcome, dict) or not isinstance(outcome.get("standings"), list):
        raise StoreError("the outcome has no standings")
    rows = []
    for s in outcome["standings"]:
        if not isinstance(s, dict):
            raise StoreError("a standing is not a JSON object")
        seat, name, place = s.get("seat"), s.get("name"), s.get("place")
        if not _int(seat) or not 0 <= seat < n_players or not isinstance(name, str) or not _int(place):
            raise StoreError(f"the standing {shorten(s)} needs a seat at the table, a name and a place")
        rows.append((seat, name, place))
    if len({r[0] for r in rows}) != len(rows):
        raise StoreError("the outcome lists a seat twice")
    return rows


class Store:
    """The saves of one user. Open it with `Store.open()`; every method is safe to call from any thread.

    Attributes: `path` (the database file, or None for a store in memory), `problems`
    (sentences about what went wrong while opening, for the app to show; empty when all is well).

    A store that cannot be written (`writable` False: a read-only file or folder, a full disk, a
    folder that cannot be made, a store of a newer program) refuses every write with StoreError and
    never keeps a game in memory as if it were saved; what the file holds can still be listed and
    resumed. Where the file may become writable, each write tries it again first.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path | None, problems: list[str],
                 rules: Callable[[str], type] | None = None, *, refusal: str = "", retry: Path | None = None):
        self._conn = conn
        self.path = path
        self.problems = problems
        self._lookup = rules or _catalog_rules
        self._rules_cache: dict[str, Any] = {}
        self._lock = threading.RLock()
        #: why nothing is written now ("" when the store is written), and the file to try again
        self._refusal = refusal
        self._retry = retry
        self._summaries_made = False

    @property
    def writable(self) -> bool:
        """Whether the store was written at its last try (a store that refused writes is tried again
        by the next write, not by this)."""
        return not self._refusal

    # -- opening ----------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, *, rules: Callable[[str], type] | None = None) -> "Store":
        """Open (creating if needed) the store; never raises for a damaged or unreachable file.

        `path`: a folder (the store is `<folder>/store.db`) or a file name ending in ".db"; None means
        `data_dir()`. `rules`: game id -> rules class (a `Game` subclass), used for the rules version
        checks of `load`, `unfinished` and `import_file`; by default the catalog's, loaded lazily.
        """
        problems: list[str] = []
        where = data_dir() if path is None else Path(path).expanduser()
        file = where if where.suffix == ".db" and not where.is_dir() else where / DB_NAME
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            why = f"the folder {printable(str(file.parent))} cannot be made: {exc.strerror or exc}"
            problems.append(f"The save folder {printable(str(file.parent))} cannot be created ({exc.strerror or exc}): "
                            "games played now are not saved (saving is tried again at every move).")
            return cls._unwritable(file, problems, rules, why, retry=True)
        try:
            return cls._opened(file, problems, rules)
        except _Damaged as exc:
            aside = _aside_name(file)
            try:
                _move_aside(file, aside)
            except OSError as move_exc:
                problems.append(f"The save store {file} is damaged ({exc}) and could not be moved aside "
                                f"({move_exc.strerror or move_exc}); it is left as it is, and games played "
                                "now are not saved.")
                return cls._unwritable(None, problems, rules, f"the save store {file} is damaged")
            problems.append(f"The save store {file} was damaged ({exc}). It was moved aside to {aside.name} "
                            "(nothing was deleted) and a fresh store was started: earlier saves and records "
                            "are in that file.")
        except _Newer as exc:
            problems.append(f"The save store {file} cannot be used ({exc}); it is left as it is, and games "
                            "played now are not saved.")
            return cls._unwritable(None, problems, rules, f"the save store {file} belongs to a newer tabletop-tui")
        except _Unusable as exc:
            problems.append(f"The save store {file} cannot be written ({exc}): saved games can be looked at, "
                            "but games played now are not saved (saving is tried again at every move).")
            return cls._unwritable(file, problems, rules, f"the save store {file} cannot be written: {exc}",
                                   retry=True)
        try:
            return cls._opened(file, problems, rules)
        except (_Damaged, _Unusable) as exc:
            problems.append(f"A fresh save store could not be started at {file} ({exc}): games played now "
                            "are not saved (saving is tried again at every move).")
            return cls._unwritable(file, problems, rules, f"the save store {file} cannot be written: {exc}",
                                   retry=True, read=False)

    @classmethod
    def _opened(cls, file: Path, problems: list[str], rules) -> "Store":
        conn = _connect_file(file)
        why = _read_only(conn)
        if why:
            problems.append(f"The save store {file} is read-only ({why}): saved games can be looked at and "
                            "resumed, but nothing played now is kept until it can be written again (saving "
                            "is tried again at every move).")
            return cls(conn, file, problems, rules, refusal=f"the save store {file} is read-only ({why})",
                       retry=file)
        return cls(conn, file, problems, rules)

    @classmethod
    def _unwritable(cls, file: Path | None, problems: list[str], rules, why: str, retry: bool = False,
                    read: bool = True) -> "Store":
        """A store that refuses writes: the file read where it can be (its games are listed), else an
        empty store in memory; `retry`: each write tries the file again."""
        conn = _connect_read_only(file) if file is not None and read else None
        return cls(conn or _connect_memory(), file if conn else None, problems, rules, refusal=why,
                   retry=file if retry else None)

    def _reconnect(self) -> bool:
        """Try again to open the store file for writing (it was read-only, or could not be made); True
        if it can be written now. Called with the lock held."""
        file = self._retry
        if file is None:
            return False
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            conn = _connect_file(file, probe=True)
        except (OSError, _Damaged, _Unusable):
            return False
        if _read_only(conn):
            conn.close()
            return False
        old, self._conn = self._conn, conn
        self.path, self._refusal, self._retry, self._summaries_made = file, "", None, False
        old.close()
        return True

    def _check_writable(self) -> None:
        """StoreError if the store cannot be written (after one more try of its file)."""
        if self._refusal and not self._reconnect():
            raise StoreError(self._refusal)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- games ------------------------------------------------------------------------------------

    def new_game(self, record: dict, computer: list[int] | None = None, title: str | None = None,
                 holder: str | None = None, to_act: list[int] | str | None = None) -> str:
        """Save a new game from its record (`Game.record()`, with or without moves); returns its save id.

        `computer`: the seats played by the computer; `title`: the game's title for listings;
        `holder`: a `new_holder()` token that holds the new game at once (see `claim`); `to_act`:
        the seats the game waits for ("over" once it is over), kept for the listings (see `sync`)."""
        clean = _check_record(record)
        seats = _check_computer(computer, len(clean["players"]))
        with self._lock, self._write(QUICK_BUSY_MS):
            now = _now()
            save_id = self._insert(clean, seats, title or clean["game"], now)
            if holder is not None:
                self._conn.execute("INSERT INTO holders (save_id, token, at) VALUES (?, ?, ?)", (save_id, holder, now))
            self._put_summary(save_id, len(clean["moves"]), now, to_act)
            return save_id

    def add_move(self, save_id: str, index: int, seat: int, move_json: Any) -> None:
        """Autosave move number `index` (0 = the first move) of a game: one INSERT, one transaction.

        Saving a move that is already saved (same index, seat and move) does nothing; a different
        move at a saved index, or an index past the next one (a gap), raises StoreError."""
        from tabletop_tui.rules.engine import Move, RecordError  # loaded when needed: startup stays fast

        if not _int(index) or index < 0:
            raise StoreError(f"a move number must be a whole number from 0 up, not {shorten(index)}")
        if not _int(seat) or seat < 0:
            raise StoreError(f"a seat must be a whole number from 0 up, not {shorten(seat)}")
        try:
            text = _dumps(Move.from_json(move_json).to_json())
        except (RecordError, TypeError, ValueError) as exc:
            raise StoreError(f"the move {shorten(move_json)} cannot be saved: {exc}") from None
        with self._lock:
            self._check_writable()
            try:
                cur = self._conn.execute(
                    "INSERT INTO moves (save_id, idx, seat, move, at) SELECT ?1, ?2, ?3, ?4, ?5 "
                    "WHERE coalesce((SELECT max(idx) FROM moves WHERE save_id = ?1), -1) + 1 = ?2",
                    (save_id, index, seat, text, _now()),
                )
            except sqlite3.IntegrityError:
                raise StoreError(f"there is no saved game {shorten(save_id)}") from None
            except sqlite3.Error as exc:
                raise StoreError(f"the move could not be saved: {exc}") from None
            if cur.rowcount == 1:
                return
            self._explain_refused_move(save_id, index, seat, text)

    def _explain_refused_move(self, save_id: str, index: int, seat: int, text: str) -> None:
        row = self._conn.execute("SELECT seat, move FROM moves WHERE save_id = ? AND idx = ?",
                                 (save_id, index)).fetchone()
        if row is not None:
            if row[0] == seat and row[1] == text:
                return  # the same move saved twice: harmless
            raise StoreError(f"move {index + 1} of save {save_id} is already saved as a different move")
        if self._conn.execute("SELECT 1 FROM saves WHERE id = ?", (save_id,)).fetchone() is None:
            raise StoreError(f"there is no saved game {shorten(save_id)}")
        count = self._conn.execute("SELECT count(*) FROM moves WHERE save_id = ?", (save_id,)).fetchone()[0]
        raise StoreError(f"move {index + 1} cannot be saved: save {save_id} has only {count} moves")

    def undo_to(self, save_id: str, n_moves: int) -> None:
        """Keep the first `n_moves` moves of a game and drop the rest (undo). A finished game whose
        last move goes is unfinished again (its standings leave the statistics)."""
        if not _int(n_moves) or n_moves < 0:
            raise StoreError(f"the number of moves to keep must be a whole number from 0 up, not {shorten(n_moves)}")
        with self._lock, self._write():
            if self._conn.execute("SELECT 1 FROM saves WHERE id = ?", (save_id,)).fetchone() is None:
                raise StoreError(f"there is no saved game {shorten(save_id)}")
            if self._drop_moves(save_id, n_moves):
                self._conn.execute("UPDATE saves SET updated = ? WHERE id = ?", (_now(), save_id))

    def _drop_moves(self, save_id: str, n_moves: int) -> int:
        """Delete the moves from number `n_moves` on (a finished game is unfinished again); how many went."""
        gone = self._conn.execute("DELETE FROM moves WHERE save_id = ? AND idx >= ?", (save_id, n_moves)).rowcount
        if gone:
            self._conn.execute("DELETE FROM standings WHERE save_id = ?", (save_id,))
            self._conn.execute("UPDATE saves SET finished = NULL, outcome = NULL WHERE id = ?", (save_id,))
        return gone

    def sync(self, save_id: str, keep: int, moves: list, outcome_json: dict | None = None,
             holder: str | None = None, to_act: list[int] | str | None = None) -> None:
        """Make a game's saved moves its first `keep` saved moves followed by `moves` ([seat, move
        JSON] pairs), and with `outcome_json` mark it finished, all in one transaction: a kill, a full
        disk or a locked store leaves all of it or none (never a last move saved without the finish).

        This is how a session saves: after a move (`keep` = the moves saved before), after an undo
        (`keep` = the moves left, no moves) and after a failed save (`keep` = the moves known to be
        saved, `moves` = all since). `holder`: the token that must hold the game (see `claim`).
        `to_act`: the seats the game waits for now, or "over": kept with the save, so that listing
        the saves never replays a game (a save without it is replayed once, by the listing).
        Another program writing the store is waited for `QUICK_BUSY_MS` at most.
        SaveLost if the game is gone or held by another copy; StoreError for anything else."""
        if not _int(keep) or keep < 0:
            raise StoreError(f"the number of moves to keep must be a whole number from 0 up, not {shorten(keep)}")
        with self._lock, self._write(QUICK_BUSY_MS):
            self._check_holder(save_id, holder)
            players = len(json.loads(self._conn.execute("SELECT setup FROM saves WHERE id = ?",
                                                        (save_id,)).fetchone()[0])["players"])
            rows = []
            for i, item in enumerate(moves):
                seat, move = _check_move(keep + i, item, players)
                rows.append((save_id, keep + i, seat, _dumps(move)))
            count = self._conn.execute("SELECT count(*) FROM moves WHERE save_id = ?", (save_id,)).fetchone()[0]
            if count < keep:
                raise StoreError(f"save {save_id} has {count} moves, not the {keep} this game has saved")
            self._drop_moves(save_id, keep)
            now = _now()
            self._conn.executemany("INSERT INTO moves (save_id, idx, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                                   [(*row, now) for row in rows])
            if outcome_json is not None:
                self._finish(save_id, outcome_json, now)
            else:
                self._conn.execute("UPDATE saves SET updated = ? WHERE id = ?", (now, save_id))
            if holder is not None:
                self._conn.execute("UPDATE holders SET at = ? WHERE save_id = ?", (now, save_id))
            self._put_summary(save_id, keep + len(rows), now, to_act)

    # -- one copy at a time ------------------------------------------------------------------------

    @staticmethod
    def new_holder() -> str:
        """A token naming one session of one running program, for `claim`."""
        import socket

        return f"{socket.gethostname()}:{os.getpid()}:{os.urandom(6).hex()}"

    def claim(self, save_id: str, holder: str) -> str:
        """Make `holder` the one writer of a saved game from now on: a copy of the program that held it
        before can write no more (its next `sync` raises SaveLost, and it tells its players so).

        Returns a sentence for the players when that other copy is still running, else "". SaveLost
        if there is no such game; StoreError if the store cannot be written."""
        with self._lock, self._write(QUICK_BUSY_MS):
            if self._conn.execute("SELECT 1 FROM saves WHERE id = ?", (save_id,)).fetchone() is None:
                raise SaveLost(f"there is no saved game {shorten(save_id)}")
            row = self._conn.execute("SELECT token FROM holders WHERE save_id = ?", (save_id,)).fetchone()
            self._conn.execute("INSERT INTO holders (save_id, token, at) VALUES (?, ?, ?) ON CONFLICT (save_id) "
                               "DO UPDATE SET token = excluded.token, at = excluded.at", (save_id, holder, _now()))
        if row is not None and row[0] != holder and _still_running(row[0]):
            return ("This game is open in another copy of tabletop-tui too. From now on it is saved from here: "
                    "the other copy can no longer save it, and says so if a move is made there.")
        return ""

    def release(self, save_id: str, holder: str) -> None:
        """The holder is done with the game (its screen was left): the next copy takes it silently."""
        with self._lock, self._write(QUICK_BUSY_MS):
            self._conn.execute("DELETE FROM holders WHERE save_id = ? AND token = ?", (save_id, holder))

    def _check_holder(self, save_id: str, holder: str | None) -> None:
        if self._conn.execute("SELECT 1 FROM saves WHERE id = ?", (save_id,)).fetchone() is None:
            raise SaveLost("its save was deleted (from the launcher or the command line, perhaps in another "
                           "copy of tabletop-tui)")
        if holder is None:
            return
        row = self._conn.execute("SELECT token FROM holders WHERE save_id = ?", (save_id,)).fetchone()
        if row is None or row[0] != holder:
            raise SaveLost("the game was opened in another copy of tabletop-tui, which saves it now; moves made "
                           "here would mix two games in one save")

    def finish(self, save_id: str, outcome_json: dict) -> None:
        """Mark a game finished with its outcome (`Outcome.to_json()`); the record stays, and its
        standings count in `stats`. Finishing again replaces the outcome."""
        with self._lock, self._write():
            self._finish(save_id, outcome_json)

    def _finish(self, save_id: str, outcome_json: dict, now: float | None = None) -> None:
        row = self._conn.execute("SELECT game, setup, computer FROM saves WHERE id = ?", (save_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no saved game {shorten(save_id)}")
        try:
            players = json.loads(row[1])["players"]
            computer = set(json.loads(row[2]))
        except (ValueError, TypeError, KeyError) as exc:
            raise StoreError(f"save {save_id} is damaged: {exc}") from None
        rows = _check_outcome(outcome_json, len(players))
        try:
            text = _dumps(outcome_json)
        except (TypeError, ValueError) as exc:
            raise StoreError(f"the outcome cannot be saved: {exc}") from None
        now = _now() if now is None else now
        self._conn.execute("UPDATE saves SET finished = ?, outcome = ?, updated = ? WHERE id = ?",
                           (now, text, now, save_id))
        self._conn.execute("DELETE FROM standings WHERE save_id = ?", (save_id,))
        self._conn.executemany(
            "INSERT INTO standings (save_id, seat, game, name, place, computer) VALUES (?, ?, ?, ?, ?, ?)",
            [(save_id, seat, row[0], name, place, int(seat in computer)) for seat, name, place in rows],
        )

    def delete(self, save_id: str) -> None:
        """Delete a saved game, its moves and its standings. Deleting an unknown id does nothing."""
        with self._lock, self._write():
            self._conn.execute("DELETE FROM saves WHERE id = ?", (save_id,))
            self._conn.execute("DELETE FROM settings WHERE key LIKE ?", (f"game.{save_id}.%",))

    def load(self, save_id: str) -> dict:
        """A saved game: {"id", "title", "record", "computer", "created", "updated", "finished" (bool),
        "outcome" (dict or None)}. The record is ready for `Game.from_record`.

        Raises StoreError (the save stays as it is) when there is no such save, when it is damaged,
        or when it needs a newer version of the game's rules. An older rules version is migrated
        through `MIGRATIONS` where a step exists, else returned as it is."""
        with self._lock:
            saved = self._read(save_id)
            record = saved["record"]
            rules = self._rules_for(record["game"])
            if rules is not None:
                problem = _version_problem(record, rules)
                if problem:
                    raise StoreError(problem)
                migrated = self._migrate(save_id, record, rules)
                if migrated is not None:
                    saved["record"] = migrated
            return saved

    def unfinished(self) -> list[dict]:
        """Summaries of the games that are not over, the most recently played first. See `all_saves`."""
        return self._summaries(only_unfinished=True)

    def all_saves(self) -> list[dict]:
        """Summaries of every saved game, finished or not, the most recently played first.

        A summary: {"id", "game", "title", "players", "computer", "moves" (how many), "created",
        "updated" (Unix times), "finished" (bool), "broken" (None, or why it cannot be resumed)}."""
        return self._summaries(only_unfinished=False)

    # -- files --------------------------------------------------------------------------------------

    def export(self, save_id: str, path: str | os.PathLike, replace: bool = True) -> None:
        """Write a saved game to a JSON file (pretty printed, one move a line). A file already there
        is replaced only if `replace` and only if it is a regular file (never a link, a device or a
        folder); StoreError otherwise."""
        import stat

        path = Path(path)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            mode = None
        except OSError as exc:
            raise StoreError(f"cannot write {printable(str(path))}: {exc.strerror or exc}") from None
        if mode is not None and not stat.S_ISREG(mode):
            raise StoreError(f"{printable(str(path))} is not a regular file: a game is exported only to a new "
                             "file or over a regular file")
        if mode is not None and not replace:
            raise FileExists(f"{printable(str(path))} already exists")
        text = self.export_text(save_id)
        temp = path.with_name(path.name + f".tmp-{os.getpid()}")
        try:
            temp.write_text(text, encoding="utf-8")
            os.replace(temp, path)
        except OSError as exc:
            try:
                temp.unlink()
            except OSError:
                pass
            raise StoreError(f"cannot write {printable(str(path))}: {exc.strerror or exc}") from None

    def export_text(self, save_id: str) -> str:
        """A saved game as the JSON text `export` writes."""
        with self._lock:
            saved = self._read(save_id)
        doc = {
            "format": FILE_FORMAT,
            "format_version": FILE_FORMAT_VERSION,
            "exported": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "title": saved["title"],
            "computer": saved["computer"],
            "finished": saved["finished"],
            "outcome": saved["outcome"],
            "record": dict(saved["record"], moves="\0moves\0"),
        }
        text = json.dumps(doc, indent=2, ensure_ascii=False)
        moves = saved["record"]["moves"]
        listed = "[\n" + ",\n".join("      " + json.dumps(m, ensure_ascii=False) for m in moves) + "\n    ]" if moves else "[]"
        return text.replace(json.dumps("\0moves\0"), listed, 1) + "\n"

    def import_file(self, path: str | os.PathLike) -> str:
        """Read a file written by `export` into a new save and return its id.

        The game must be one this program has, in a rules version it can play, and its moves must
        replay; a finished game goes straight to the finished games. Anything else: StoreError."""
        from tabletop_tui.rules.engine import RecordError

        from tabletop_tui.names import names_problem
        from tabletop_tui.rules.engine import seed_problem

        path = Path(path)
        name = quote(path.name, 80)
        raw = _read_regular_file(path, MAX_IMPORT_BYTES)
        try:
            doc = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise StoreError(f"{name} is not a tabletop-tui save: it is not text") from None
        except json.JSONDecodeError as exc:
            raise StoreError(f"{name} is not a tabletop-tui save, or it is damaged: the JSON breaks off or is "
                             f"wrong at line {exc.lineno}, column {exc.colno} ({exc.msg})") from None
        except RecursionError:
            raise StoreError(f"{name} is not a tabletop-tui save: its JSON is nested too deeply") from None
        except ValueError as exc:  # a number of thousands of digits
            raise StoreError(f"{name} is not a tabletop-tui save: {quote(exc, 80)}") from None
        if not isinstance(doc, dict) or doc.get("format") != FILE_FORMAT:
            raise StoreError(f"{name} is not a tabletop-tui save (it has no \"format\": \"{FILE_FORMAT}\" marker)")
        version = doc.get("format_version")
        if not _int(version) or version < 1:
            raise StoreError(f"{name} is damaged: its format version {shorten(version)} is not a whole number from 1 up")
        if version > FILE_FORMAT_VERSION:
            raise StoreError(f"{name} was written in save format {version} by a newer tabletop-tui; this "
                             f"program reads format {FILE_FORMAT_VERSION}")
        moves = doc["record"].get("moves") if isinstance(doc.get("record"), dict) else None
        if isinstance(moves, list) and len(moves) > MAX_IMPORT_MOVES:
            raise StoreError(f"{name} cannot be imported: it has {len(moves):,} moves, more than any game "
                             f"here lasts ({MAX_IMPORT_MOVES:,} at most)")
        try:
            record = _check_record(doc.get("record"))
        except StoreError as exc:
            raise StoreError(f"{name} is damaged: {quote(exc)}") from None
        problem = names_problem(record["players"]) or seed_problem(record["seed"])
        if problem:
            raise StoreError(f"{name} cannot be imported: {problem}")
        rules = self._rules_for(record["game"])
        if rules is None:
            raise StoreError(f"{name} is a game of {shorten(record['game'])}, which this program does not have")
        problem = _version_problem(record, rules)
        if problem:
            raise StoreError(f"{name} cannot be imported: {problem}")
        record = _apply_migrations(record, rules) or record
        try:
            game = rules.from_record(record)
        except RecordError as exc:
            raise StoreError(f"{name} cannot be imported: its moves do not replay ({quote(exc)})") from None
        except Exception as exc:  # a rules class refusing the players or options
            raise StoreError(f"{name} cannot be imported: {quote(exc)}") from None
        try:
            computer = _check_computer(doc.get("computer", []), len(record["players"]))
        except StoreError as exc:
            raise StoreError(f"{name} is damaged: {quote(exc)}") from None
        title = getattr(rules, "title", "") or record["game"]  # the program's own, not the file's
        outcome = game.outcome()
        with self._lock, self._write():
            twin = self._same_game(record)
            if twin is not None:
                raise StoreError(f"{name} is already saved, as {twin}: it was not imported again")
            now = _now()
            save_id = self._insert(record, computer, title, now)
            if outcome is not None:
                self._finish(save_id, outcome.to_json(), now)
            self._put_summary(save_id, len(record["moves"]), now, "over" if outcome is not None else game.to_act())
        return save_id

    # -- statistics and settings ------------------------------------------------------------------

    def stats(self, game_id: str | None = None) -> list[dict]:
        """Per player name and game, from the finished games: {"game", "player", "played", "wins",
        "drawn", "best"}: wins = games placed first alone; drawn = games whose first place this player
        shared (a draw is never a win); best = best place. Sorted by game, then most wins, most draws,
        most played, best place, name. `game_id` keeps only that game."""
        sql = ("SELECT st.game, st.name, count(*), sum(st.place = 1 AND f.firsts = 1), "
               "sum(st.place = 1 AND f.firsts > 1), min(st.place) " + _FINISHED_STANDINGS)
        args: tuple = ()
        if game_id is not None:
            sql += " AND st.game = ?"
            args = (game_id,)
        sql += " GROUP BY st.game, st.name ORDER BY st.game, 4 DESC, 5 DESC, 3 DESC, 6, st.name"
        with self._lock:
            rows = self._conn.execute(sql, args).fetchall()
        return [{"game": g, "player": n, "played": p, "wins": w, "drawn": d, "best": b}
                for g, n, p, w, d, b in rows]

    def finished_games(self, game_id: str | None = None) -> list[dict]:
        """The finished games, the most recently finished first: {"id", "game", "title", "players",
        "computer", "seed", "moves" (how many), "finished" (Unix time), "outcome" (the outcome's JSON,
        or None if unreadable)}. A save whose setup cannot be read is left out (`all_saves` names it)."""
        sql = ("SELECT s.id, s.game, s.title, s.setup, s.computer, s.finished, s.outcome, "
               "(SELECT count(*) FROM moves m WHERE m.save_id = s.id) FROM saves s WHERE s.finished IS NOT NULL")
        args: tuple = ()
        if game_id is not None:
            sql += " AND s.game = ?"
            args = (game_id,)
        sql += " ORDER BY s.finished DESC, s.id"
        with self._lock:
            rows = self._conn.execute(sql, args).fetchall()
        out = []
        for save_id, game, title, setup_text, computer_text, finished, outcome_text, count in rows:
            try:
                setup = json.loads(setup_text)
                players = setup["players"]
                computer = _check_computer(json.loads(computer_text), len(players))
            except (ValueError, TypeError, KeyError, StoreError):
                continue
            try:
                outcome = json.loads(outcome_text) if outcome_text else None
            except ValueError:
                outcome = None
            out.append({"id": save_id, "game": game, "title": title, "players": list(players), "computer": computer,
                        "seed": setup.get("seed", 0), "moves": count, "finished": finished, "outcome": outcome})
        return out

    def records(self, game_id: str | None = None, form: int = 5, by_game: bool = True) -> list[dict]:
        """The statistics screen's figures, from the finished games, per game, player name and kind
        of seat (a person and the computer playing under the same name are counted apart):
        {"game", "player", "computer" (bool), "played", "wins", "drawn", "best" (best place),
        "high_score", "low_score", "average" (of the scores that are numbers; None where none is: a
        game where the lower score is better has both ends), "scores" (the
        numeric scores, oldest first, for a chart), "form" (the last `form` results, oldest first:
        "W" a win, "D" a first place shared, else the place as a number)}.
        Sorted as `stats` sorts; `game_id` keeps only that game. With `by_game` False, each name and
        kind of seat over all games ("game" is "", "games" how many games it played, no scores)."""
        sql = "SELECT st.game, st.name, st.computer, st.place, f.firsts, s.outcome, st.seat " + _FINISHED_STANDINGS
        args: tuple = ()
        if game_id is not None:
            sql += " AND st.game = ?"
            args = (game_id,)
        sql += " ORDER BY s.finished, s.id"
        with self._lock:
            rows = self._conn.execute(sql, args).fetchall()
        table: dict[tuple, dict] = {}
        outcomes: dict[str, Any] = {}
        for game, name, computer, place, firsts, outcome_text, seat in rows:
            key = (game if by_game else "", name, bool(computer))
            r = table.setdefault(key, {"game": key[0], "player": name, "computer": bool(computer), "played": 0,
                                       "wins": 0, "drawn": 0, "best": place, "scores": [], "results": [],
                                       "games": set()})
            r["played"] += 1
            r["games"].add(game)
            result: Any = place
            if place == 1:
                if firsts == 1:
                    r["wins"] += 1
                    result = "W"
                else:
                    r["drawn"] += 1
                    result = "D"
            r["results"].append(result)
            r["best"] = min(r["best"], place)
            if outcome_text not in outcomes:
                try:
                    outcomes[outcome_text] = json.loads(outcome_text) if outcome_text else None
                except ValueError:
                    outcomes[outcome_text] = None
            score = _score_of(outcomes[outcome_text], seat) if by_game else None
            if score is not None:
                r["scores"].append(score)
        out = []
        for r in table.values():
            scores = r["scores"]
            r["high_score"] = max(scores) if scores else None
            r["low_score"] = min(scores) if scores else None
            r["average"] = sum(scores) / len(scores) if scores else None
            r["form"] = r.pop("results")[-form:] if form > 0 else []
            r["games"] = len(r["games"])
            out.append(r)
        out.sort(key=lambda r: (r["game"], -r["wins"], -r["drawn"], -r["played"], r["best"], r["player"],
                                r["computer"]))
        return out

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A remembered setting (any JSON value), or `default` if unset or unreadable."""
        with self._lock:
            row = self._conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except ValueError:
            return default

    def set_setting(self, key: str, value: Any) -> None:
        """Remember a setting (any JSON value), e.g. "setup.<game>.names" or "force_curtain"."""
        try:
            text = _dumps(value)
        except (TypeError, ValueError) as exc:
            raise StoreError(f"the setting {key} cannot be saved: {exc}") from None
        with self._lock, self._write(QUICK_BUSY_MS):
            self._conn.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                               "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, text))

    # -- inside -----------------------------------------------------------------------------------

    def _write(self, busy_ms: int | None = None) -> "_Transaction":
        """The transaction of a write (called with the lock held); StoreError at once if the store
        cannot be written. `busy_ms`: how long to wait for another program writing (the default
        busy timeout if None)."""
        self._check_writable()
        return _Transaction(self._conn, busy_ms)

    def _insert(self, record: dict, computer: list[int], title: str, now: float) -> str:
        save_id = os.urandom(8).hex()
        setup = _setup(record)
        self._conn.execute(
            "INSERT INTO saves (id, game, title, rules_version, setup, computer, created, updated) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (save_id, record["game"], title, record["rules_version"], _dumps(setup), _dumps(computer), now, now),
        )
        self._conn.executemany(
            "INSERT INTO moves (save_id, idx, seat, move, at) VALUES (?, ?, ?, ?, ?)",
            [(save_id, i, seat, _dumps(move), now) for i, (seat, move) in enumerate(record["moves"])],
        )
        return save_id

    def _same_game(self, record: dict) -> str | None:
        """The id of a save of this very game (same setup, same moves), if there is one."""
        moves = [[seat, _dumps(move)] for seat, move in record["moves"]]
        for (save_id,) in self._conn.execute("SELECT id FROM saves WHERE game = ? AND setup = ?",
                                             (record["game"], _dumps(_setup(record)))).fetchall():
            saved = self._conn.execute("SELECT seat, move FROM moves WHERE save_id = ? ORDER BY idx",
                                       (save_id,)).fetchall()
            if [list(row) for row in saved] == moves:
                return save_id
        return None

    def _read(self, save_id: str) -> dict:
        """A save as stored (no rules checks); StoreError if missing or damaged."""
        row = self._conn.execute(
            "SELECT id, game, title, rules_version, setup, computer, created, updated, finished, outcome "
            "FROM saves WHERE id = ?", (save_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no saved game {shorten(save_id)}")
        moves = self._conn.execute("SELECT idx, seat, move, at FROM moves WHERE save_id = ? ORDER BY idx",
                                   (save_id,)).fetchall()
        try:
            return _decode(row, moves)
        except StoreError as exc:
            raise StoreError(f"save {save_id} is damaged: {exc}") from None

    def _summaries(self, only_unfinished: bool) -> list[dict]:
        where = " WHERE s.finished IS NULL" if only_unfinished else ""
        with self._lock:
            rows = self._conn.execute(
                "SELECT s.id, s.game, s.title, s.rules_version, s.setup, s.computer, s.created, s.updated, "
                "s.finished, count(m.idx), max(m.idx), max(m.at) FROM saves s "
                "LEFT JOIN moves m ON m.save_id = s.id" + where + " GROUP BY s.id").fetchall()
            suspect = self._unreadable_moves(where)
            kept = self._kept_summaries()
            out = [self._summary(row, suspect) for row in rows]
            for summary, row in zip(out, rows):
                self._add_turn(summary, kept.get(summary["id"]), updated=row[7])
        out.sort(key=lambda s: (s["updated"] or 0, s["created"] or 0), reverse=True)
        return out

    def _kept_summaries(self) -> dict[str, tuple]:
        """save id -> (moves, updated, to_act JSON) of the summaries kept with the saves."""
        try:
            return {r[0]: r[1:] for r in self._conn.execute("SELECT save_id, moves, updated, to_act FROM summaries")}
        except sqlite3.OperationalError:  # a store of an older program that could not be written since
            return {}

    def _add_turn(self, summary: dict, kept: tuple | None, updated: float) -> None:
        """Whose turn it is in a listed save ("to_act" and "turn"): from the summary kept with it when
        that summary is of the save as it is now (its moves and time of change); else the game is
        replayed, once, and its summary kept (an older program wrote the save, or changed it)."""
        to_act: Any = None
        if summary["finished"]:
            to_act = "over"
        elif summary["broken"] is None:
            if kept is not None and kept[0] == summary["moves"] and kept[1] == updated:
                try:
                    to_act = _check_to_act(json.loads(kept[2]), len(summary["players"]))
                except (ValueError, TypeError):
                    to_act = None
            if to_act is None:
                to_act = self._replayed_turn(summary["id"], summary["moves"], updated)
        summary["to_act"] = to_act
        summary["turn"] = _turn_words(to_act, summary["players"])

    def _replayed_turn(self, save_id: str, count: int, updated: float) -> list[int] | str | None:
        """Whose turn it is in a save, found by replaying it, and kept with it where the store can be
        written; None if it cannot be replayed."""
        try:
            record = self._read(save_id)["record"]
            rules = self._rules_for(record["game"])
            if rules is None:
                return None
            game = rules.from_record(_apply_migrations(record, rules) or record)
            to_act = "over" if game.outcome() is not None else list(game.to_act())
        except Exception:  # a save that does not replay is listed, and said when it is resumed
            return None
        if not self._refusal:
            try:
                with self._write(QUICK_BUSY_MS):
                    row = self._conn.execute("SELECT updated, (SELECT count(*) FROM moves WHERE save_id = ?1) "
                                             "FROM saves WHERE id = ?1", (save_id,)).fetchone()
                    if row is not None and row[0] == updated and row[1] == count:  # not changed meanwhile
                        self._put_summary(save_id, count, updated, to_act)
            except StoreError:
                pass  # kept another time
        return to_act

    def _put_summary(self, save_id: str, moves: int, updated: float, to_act: list[int] | str | None) -> None:
        """Keep whose turn it is in a save (inside a write). None keeps nothing: a summary kept
        before no longer matches the save, and the next listing replays it."""
        if to_act is None:
            return
        if not self._summaries_made:  # a store of an older program that was read-only or busy at open
            self._conn.execute(_SUMMARIES)
            self._summaries_made = True
        self._conn.execute("INSERT INTO summaries (save_id, moves, updated, to_act) VALUES (?, ?, ?, ?) "
                           "ON CONFLICT (save_id) DO UPDATE SET moves = excluded.moves, updated = excluded.updated, "
                           "to_act = excluded.to_act", (save_id, moves, updated, _dumps(to_act)))

    def _unreadable_moves(self, where: str) -> set[str] | None:
        """Ids of the saves with a move that is not valid JSON, found by SQLite in one pass; None where
        SQLite lacks its JSON functions (then every save is read in full)."""
        try:
            return {r[0] for r in self._conn.execute(
                "SELECT DISTINCT m.save_id FROM moves m JOIN saves s ON s.id = m.save_id"
                + (where + " AND" if where else " WHERE") + " NOT json_valid(m.move)")}
        except sqlite3.OperationalError:
            return None

    def _summary(self, row: tuple, suspect: set[str] | None) -> dict:
        save_id, game, title, version, setup_text, computer_text, created, updated, finished, count, last, at = row
        summary = {
            "id": save_id, "game": game, "title": title, "players": [], "computer": [], "moves": count,
            "created": created, "updated": max(updated, at or 0), "finished": finished is not None, "broken": None,
        }
        try:
            if suspect is None or save_id in suspect or (count and last != count - 1):
                record = self._read(save_id)["record"]  # the full reading finds the reason
            else:  # the moves are sound JSON in sequence: only the rest is checked here
                record = _decode((save_id, game, title, version, setup_text, computer_text, created, updated,
                                  finished, None), [])["record"]
            summary["computer"] = _check_computer(json.loads(computer_text), len(record["players"]))
        except (StoreError, ValueError, TypeError) as exc:
            reason = str(exc)
            summary["broken"] = reason if reason.startswith("save ") else f"save {save_id} is damaged: {reason}"
            try:  # show the names if they at least are readable
                players = json.loads(setup_text).get("players")
                if isinstance(players, list) and all(isinstance(p, str) for p in players):
                    summary["players"] = players
            except (ValueError, TypeError, AttributeError):
                pass
            return summary
        summary["players"] = record["players"]
        rules = self._rules_for(game)
        if rules is not None:
            summary["broken"] = _version_problem(record, rules)
        return summary

    def _rules_for(self, game_id: str):
        if game_id not in self._rules_cache:
            try:
                self._rules_cache[game_id] = self._lookup(game_id)
            except Exception:  # unknown game, or its module cannot be loaded: no checks then
                self._rules_cache[game_id] = None
        return self._rules_cache[game_id]

    def _migrate(self, save_id: str, record: dict, rules) -> dict | None:
        migrated = _apply_migrations(record, rules)
        if migrated is None:
            return None
        try:
            migrated = _check_record(migrated)
        except StoreError as exc:
            raise StoreError(f"save {save_id} could not be brought to rules version "
                             f"{migrated.get('rules_version')}: {exc}") from None
        try:
            with self._write(QUICK_BUSY_MS):
                times = dict(self._conn.execute("SELECT idx, at FROM moves WHERE save_id = ?", (save_id,)).fetchall())
                now = _now()
                setup = _setup(migrated)
                self._conn.execute(
                    "UPDATE saves SET rules_version = ?, setup = ?, original = coalesce(original, ?), updated = ? "
                    "WHERE id = ?",
                    (migrated["rules_version"], _dumps(setup), _dumps(record), now, save_id))
                self._conn.execute("DELETE FROM moves WHERE save_id = ?", (save_id,))
                self._conn.executemany(
                    "INSERT INTO moves (save_id, idx, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                    [(save_id, i, seat, _dumps(move), times.get(i, now))
                     for i, (seat, move) in enumerate(migrated["moves"])])
        except StoreError:
            pass  # a store that cannot be written now: the save is read migrated, and written so another time
        return migrated


#: The standings of finished games (st), their saves (s) and how many seats each game placed first
#: (f.firsts: more than one is a draw), for the statistics' queries.
_FINISHED_STANDINGS = ("FROM standings st JOIN saves s ON s.id = st.save_id "
                       "JOIN (SELECT save_id, sum(place = 1) AS firsts FROM standings GROUP BY save_id) f "
                       "ON f.save_id = st.save_id WHERE s.finished IS NOT NULL")


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (or ROLLBACK on an error); sqlite errors become StoreError.
    `busy_ms`: how long BEGIN waits for another program's write (None: the connection's timeout)."""

    def __init__(self, conn: sqlite3.Connection, busy_ms: int | None = None):
        self.conn = conn
        self.busy_ms = busy_ms

    def __enter__(self):
        try:
            if self.busy_ms is not None:
                self.conn.execute(f"PRAGMA busy_timeout = {int(self.busy_ms)}")
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            finally:
                if self.busy_ms is not None:
                    self.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        except sqlite3.Error as exc:
            if _is_busy(exc):
                raise StoreError("another program is writing to the save store (it is locked for now)") from None
            raise StoreError(f"the save store is not available: {exc}") from None
        return self

    def __exit__(self, kind, exc, tb):
        if kind is None:
            try:
                self.conn.execute("COMMIT")
                return False
            except sqlite3.Error as error:
                exc = error
        try:
            self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        if isinstance(exc, sqlite3.Error):
            if _is_busy(exc):
                raise StoreError("another program is writing to the save store (it is locked for now)") from None
            raise StoreError(f"the save store could not be written: {exc}") from None
        return False


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)
    return "locked" in str(exc).lower()


def _decode(row: tuple, moves: list[tuple]) -> dict:
    save_id, game, title, version, setup_text, computer_text, created, updated, finished, outcome_text = row
    try:
        setup = json.loads(setup_text)
    except (ValueError, TypeError) as exc:
        raise StoreError(f"its players, seed and options are not readable ({exc})") from None
    if not isinstance(setup, dict):
        raise StoreError("its players, seed and options are not readable")
    try:
        computer = json.loads(computer_text)
    except (ValueError, TypeError) as exc:
        raise StoreError(f"its computer seats are not readable ({exc})") from None
    listed = []
    last = updated
    for expected, (idx, seat, text, at) in enumerate(moves):
        if idx != expected:
            raise StoreError(f"move {expected + 1} is missing")
        try:
            listed.append([seat, json.loads(text)])
        except (ValueError, TypeError) as exc:
            raise StoreError(f"move {idx + 1} is not readable ({exc})") from None
        last = max(last, at or 0)
    record = _check_record({"game": game, "rules_version": version, "players": setup.get("players"),
                            "seed": setup.get("seed", 0), "stream": setup.get("stream", 1),
                            "options": setup.get("options", {}), "moves": listed})
    outcome = None
    if outcome_text is not None:
        try:
            outcome = json.loads(outcome_text)
        except (ValueError, TypeError) as exc:
            raise StoreError(f"its outcome is not readable ({exc})") from None
    return {"id": save_id, "title": title, "record": record,
            "computer": _check_computer(computer, len(record["players"])),
            "created": created, "updated": last, "finished": finished is not None, "outcome": outcome}


def _check_to_act(to_act: Any, n_players: int) -> list[int] | str | None:
    """A kept summary of whose turn it is, if it is one: "over", or a list of seats at the table."""
    if to_act == "over":
        return to_act
    if isinstance(to_act, list) and all(_int(s) and 0 <= s < n_players for s in to_act):
        return to_act
    return None


def _turn_words(to_act: Any, players: list) -> str | None:
    """Whose turn it is, as a listing shows it: "Bo", "Ada, Bo", "over", "-" (nobody); None if unknown."""
    from tabletop_tui.names import shown

    if to_act is None:
        return None
    if to_act == "over":
        return "over"
    return ", ".join(shown(players[s]) for s in to_act if 0 <= s < len(players)) or "-"


def _score_of(outcome: Any, seat: int) -> float | None:
    """The score of a seat in an outcome's JSON, if it is a number (some games score in words)."""
    if not isinstance(outcome, dict) or not isinstance(outcome.get("standings"), list):
        return None
    for s in outcome["standings"]:
        if isinstance(s, dict) and s.get("seat") == seat:
            score = s.get("score")
            if isinstance(score, (int, float)) and not isinstance(score, bool):
                return score
            return None
    return None


def _still_running(holder: str) -> bool:
    """Whether the program named by a holder token may still be running (on another machine, it may)."""
    import socket

    host, _, rest = holder.partition(":")
    pid_text = rest.partition(":")[0]
    if host != socket.gethostname() or not pid_text.isdigit():
        return True
    pid = int(pid_text)
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it runs, as another user
    return True


def _read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or StoreError: a device (/dev/zero), a
    folder or a named pipe is refused before a byte is read (a pipe is opened without waiting for a
    writer), and the limit is checked while reading, so a file that grows cannot fill the memory."""
    import stat

    shown = printable(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise StoreError(f"cannot read {shown}: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StoreError(f"{shown} is not a regular file, so it is not a saved game")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b"".join(chunks)
            size += len(chunk)
            if size > limit:
                raise StoreError(f"{shown} is too big to be a saved game (over {limit // (1024 * 1024)} MB)")
            chunks.append(chunk)
    except OSError as exc:
        raise StoreError(f"cannot read {shown}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _version_problem(record: dict, rules) -> str | None:
    version = record["rules_version"]
    have = getattr(rules, "rules_version", 1)
    if version > have:
        title = getattr(rules, "title", "") or record["game"]
        return (f"this save needs rules version {version} of {title} and this program has version {have}; "
                "the save is kept for a newer tabletop-tui")
    return None


def _apply_migrations(record: dict, rules) -> dict | None:
    """The record brought up to the rules' version by MIGRATIONS, or None if no step applies."""
    steps = MIGRATIONS.get(record["game"], {})
    target = getattr(rules, "rules_version", 1)
    version = record["rules_version"]
    if version >= target or version not in steps:
        return None
    current = copy.deepcopy(record)
    while version < target and version in steps:
        current = steps[version](copy.deepcopy(current))
        version += 1
        current["rules_version"] = version
    return current


# -- files of the store ------------------------------------------------------------------------------


def _connect_memory() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.executescript(_SCHEMA)
    conn.execute("INSERT INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
    return conn


def _is_damage(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text


def _connect_file(file: Path, probe: bool = False) -> sqlite3.Connection:
    """Open and check the store file; _Damaged if it must be moved aside, _Unusable if left alone.
    `probe`: only to see whether a store that could not be written can be now: a store file that
    still refuses writes is found without reading it through, and is never moved aside."""
    try:
        conn = sqlite3.connect(str(file), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                               check_same_thread=False)
    except sqlite3.Error as exc:
        raise _Unusable(str(exc)) from None
    try:
        if probe and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] and _read_only(conn):
            raise _Unusable("it is read-only")
        _prepare(conn)
        return conn
    except _Damaged:
        conn.close()
        if probe:
            raise _Unusable("it is damaged") from None
        raise
    except sqlite3.Error as exc:
        conn.close()
        if _is_damage(exc) and not probe:
            raise _Damaged(str(exc)) from None
        raise _Unusable(str(exc)) from None
    except BaseException:
        conn.close()
        raise


def _prepare(conn: sqlite3.Connection) -> None:
    """Check the file (reading only), create the tables in an empty one, then switch to WAL."""
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    check = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
    if check != ["ok"]:
        lines = [line.strip() for text in check for line in str(text).splitlines()]
        lines = [line for line in lines if line and not line.startswith("***")]
        raise _Damaged("its pages do not check out: " + "; ".join(lines[:3]))
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'meta'").fetchone():
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute("INSERT INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        tables = set(_COLUMNS)
    if "meta" not in tables:
        raise _Damaged("it has no table of its version: it is not a tabletop-tui store, or it is damaged")
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    try:
        version = int(row[0]) if row else None
    except ValueError:
        version = None
    if version is None:
        raise _Damaged("its version is not recorded")
    if version > SCHEMA_VERSION:
        raise _Newer(f"it was written by a newer tabletop-tui (store version {version}; this program knows "
                        f"version {SCHEMA_VERSION})")
    for table, columns in _COLUMNS.items():
        if table not in tables:
            raise _Damaged(f"the table {table!r} is missing")
        have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        if not columns <= have:
            raise _Damaged(f"the table {table!r} lacks the columns {', '.join(sorted(columns - have))}")
    conn.execute("PRAGMA journal_mode = WAL").fetchone()
    conn.execute("PRAGMA synchronous = NORMAL")
    for table, statement in (("holders", _HOLDERS), ("summaries", _SUMMARIES)):
        if table not in tables:
            conn.execute(f"PRAGMA busy_timeout = {QUICK_BUSY_MS}")
            try:
                conn.execute(statement)
            except sqlite3.OperationalError:
                pass  # read-only (said at open) or busy: the holders checks fail safe, a summary is made later
            finally:
                conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def _read_only(conn: sqlite3.Connection) -> str:
    """Why nothing can be written to this store ("" if it can): a write that is rolled back at once.
    A store that is only busy (another copy writing) is not read-only, and is not waited for."""
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("UPDATE meta SET value = value WHERE key = 'schema_version'")
        finally:
            conn.execute("ROLLBACK")
    except sqlite3.Error as exc:
        code = getattr(exc, "sqlite_errorcode", None)
        if (code is not None and code & 0xFF == _SQLITE_READONLY) or "readonly" in str(exc).lower():
            return str(exc)
    finally:
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        except sqlite3.Error:
            pass
    return ""


def _connect_read_only(file: Path) -> sqlite3.Connection | None:
    """The store file opened for reading only, to list and resume its games while it cannot be
    written (None if it cannot be read either). A WAL store in a folder that cannot be written has
    no shared-memory file to open: then it is read as a file nobody changes meanwhile."""
    from urllib.parse import quote

    if not file.is_file():
        return None
    for mode in ("mode=ro", "immutable=1"):
        try:
            conn = sqlite3.connect(f"file:{quote(str(file))}?{mode}", uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                                   isolation_level=None, check_same_thread=False)
        except sqlite3.Error:
            continue
        try:
            _prepare(conn)
            return conn
        except (sqlite3.Error, _Damaged, _Unusable):
            conn.close()
    return None


def _aside_name(file: Path) -> Path:
    stamp = _dt.datetime.fromtimestamp(_now()).strftime("%Y%m%d-%H%M%S")
    aside = file.with_name(f"{file.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = file.with_name(f"{file.name}.damaged-{stamp}-{n}")
    return aside


def _move_aside(file: Path, aside: Path) -> None:
    """Rename the store and its WAL and shared-memory files (which belong to it) to `aside*`."""
    os.replace(file, aside)
    for suffix in ("-wal", "-shm", "-journal"):
        extra = file.with_name(file.name + suffix)
        if extra.exists():
            try:
                os.replace(extra, aside.with_name(aside.name + suffix))
            except OSError:
                pass
