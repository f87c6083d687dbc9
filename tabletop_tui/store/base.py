"""The opening of a store: its file, or a store that refuses writes (and tries its file again at
each write) when the file cannot be written; never raises for a damaged or unreachable file.

A store that cannot be written from the start (a read-only file, folder or file system, a folder that
cannot be made, a full disk, a newer program's store) is said in `problems` at open, and is never
replaced by a store in memory that takes writes as if they were kept: every write raises StoreError,
the games already in the file are listed (read-only), and each write first tries the file again, so
that a store that becomes writable is written without a restart. A store that refuses writes later
(read-only, locked, a full disk) raises StoreError from every write, with the reason."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from tabletop_tui.names import printable
from tabletop_tui.store import database
from tabletop_tui.store.database import DB_NAME, data_dir
from tabletop_tui.store.errors import StoreError, _Damaged, _Newer, _Unusable

if TYPE_CHECKING:
    from tabletop_tui.store import Store


def _catalog_rules(game_id: str):
    from tabletop_tui import catalog

    return catalog.get(game_id).rules_class()


class StoreBase:
    """A store's connection, its lock, its opening and whether it is written (see `Store`)."""

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
            aside = database._aside_name(file)
            try:
                database._move_aside(file, aside)
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
        conn = database._connect_file(file)
        why = database._read_only(conn)
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
        conn = database._connect_read_only(file) if file is not None and read else None
        return cls(conn or database._connect_memory(), file if conn else None, problems, rules, refusal=why,
                   retry=file if retry else None)

    def _reconnect(self) -> bool:
        """Try again to open the store file for writing (it was read-only, or could not be made); True
        if it can be written now. Called with the lock held."""
        file = self._retry
        if file is None:
            return False
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            conn = database._connect_file(file, probe=True)
        except (OSError, _Damaged, _Unusable):
            return False
        if database._read_only(conn):
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

    def _write(self, busy_ms: int | None = None) -> "database._Transaction":
        """The transaction of a write (called with the lock held); StoreError at once if the store
        cannot be written. `busy_ms`: how long to wait for another program writing (the default
        busy timeout if None)."""
        self._check_writable()
        return database._Transaction(self._conn, busy_ms)

    def _rules_for(self, game_id: str):
        if game_id not in self._rules_cache:
            try:
                self._rules_cache[game_id] = self._lookup(game_id)
            except Exception:  # unknown game, or its module cannot be loaded: no checks then
                self._rules_cache[game_id] = None
        return self._rules_cache[game_id]
