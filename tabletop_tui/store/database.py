"""The database: where it lives, its schema, its connections and what it does about damage.

- WAL journal, `synchronous=NORMAL`, a busy timeout, and one transaction per change (`_Transaction`).
  Several copies of the program may have the store open at once: SQLite serialises the writers. The
  writes made while a game is played wait `QUICK_BUSY_MS` for another program's write, not the whole
  busy timeout: a locked store does not stop the game at every move.
- A database that cannot be read (not a database, damaged pages, a table missing) is moved aside to
  `store.db.damaged-<time>` (never deleted) and a fresh store is used (`_Damaged`). A store written by
  a newer version of the program is left untouched (`_Newer`), and so is one that cannot be written
  now (`_Unusable`); such a store is opened for reading only where it can be (`_connect_read_only`).

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
    shared(save_id PRIMARY KEY, host, takeover)
                                              a game on several screens (see `seats`): the seat of the
                                              copy that started it (which plays the computer seats),
                                              and whether a seat whose screen is open may be taken over
    seats(save_id, seat, token, joined, at)   PRIMARY KEY (save_id, seat): each seat of such a game
                                              played by a person, and the copy that plays it now (token
                                              NULL: none; joined 1: a screen played it, and left).
                                              One writer per seat. Both added to older stores at open,
                                              as holders is
    handicaps(name, game, value, at, save_id, seat)
                                              a person's handicap in a handicap series (Magic Hate
                                              Ball), one row per change: the last row is the handicap
                                              now, the rows before its history; save_id the finished
                                              game that changed it (NULL: set by hand). Added to older
                                              stores at open, as holders is
"""

from __future__ import annotations

import datetime as _dt
import os
import sqlite3
from pathlib import Path

import tabletop_tui.store as _package
from tabletop_tui.store.errors import StoreError, _Damaged, _Newer, _Unusable

#: Environment variable naming the folder that holds store.db.
ENV_VAR = "TABLETOP_TUI_DATA"
#: Environment variable naming the program's cache folder (what it can make again: the CSS it parsed).
CACHE_ENV_VAR = "TABLETOP_TUI_CACHE"
DB_NAME = "store.db"
SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 5000
#: How long the writes made while a game is played (its moves, its claim, a setting) wait for another
#: program that is writing: a store locked by another copy must not stop the game at every move. A
#: write that does not get the store in this time fails: the game goes on, marked not saved, and
#: saves what is missing at its next move.
QUICK_BUSY_MS = 100

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
_HANDICAPS = """CREATE TABLE IF NOT EXISTS handicaps (
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    value INTEGER NOT NULL,
    at REAL NOT NULL,
    save_id TEXT,
    seat INTEGER
)"""
_SHARED = """CREATE TABLE IF NOT EXISTS shared (
    save_id TEXT PRIMARY KEY REFERENCES saves(id) ON DELETE CASCADE,
    host INTEGER NOT NULL,
    takeover INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID"""
_SEATS = """CREATE TABLE IF NOT EXISTS seats (
    save_id TEXT NOT NULL REFERENCES saves(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token TEXT,
    joined INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL,
    PRIMARY KEY (save_id, seat)
) WITHOUT ROWID"""
_SCHEMA += (_HOLDERS + ";\n" + _SUMMARIES + ";\n" + _HANDICAPS + ";\n" + _SHARED + ";\n" + _SEATS + ";\n")

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
    """The clock of the store: the package's `_now`, looked up at each call (the tests and the
    screenshots replace that one)."""
    return _package._now()


def data_dir() -> Path:
    """The folder of the store: $TABLETOP_TUI_DATA, or else the platform's user data folder."""
    return _folder(ENV_VAR, "user_data_dir")


def cache_dir() -> Path:
    """The program's cache folder: $TABLETOP_TUI_CACHE, or else the platform's user cache folder."""
    return _folder(CACHE_ENV_VAR, "user_cache_dir")


def _folder(env_var: str, platform_folder: str) -> Path:
    """The folder named by the environment variable `env_var`, or else the platform's (`platformdirs`'
    function `platform_folder`) for this program."""
    chosen = os.environ.get(env_var, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(getattr(platformdirs, platform_folder)("tabletop-tui"))


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
    for table, statement in (("holders", _HOLDERS), ("summaries", _SUMMARIES), ("handicaps", _HANDICAPS),
                             ("shared", _SHARED), ("seats", _SEATS)):
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
