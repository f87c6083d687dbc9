"""Saved games, autosave, finished games, statistics and settings, in one SQLite file.

Where: `store.db` in the folder named by the environment variable `TABLETOP_TUI_DATA`, or else in
`platformdirs.user_data_dir("tabletop-tui")`.

One `Store` (open it with `Store.open()`), made of one part per concern, each of which says how it
keeps games safe:

- `errors`: `StoreError` (its `reason` is a sentence a player can read), `SaveLost`, `FileExists`.
- `database`: the file, its schema, WAL and busy timeouts, one transaction per change, and what is
  done with a damaged store (moved aside, never deleted) or a newer program's store (left alone).
- `base`: opening; a store that cannot be written is said in `problems` and refuses every write
  until its file can be written. Whatever happens, `Store.open` returns a store that can be read.
- `codec`: the checks of records, moves, computer seats and outcomes, and the JSON of the rows.
- `saves`: new games, `sync` (moves, undos and the finish in one transaction), load, the listings.
- `versions`: the rules version checks; the migrations are the rules classes' own (`migrations`).
- `claims`: one copy of the program writes a game at a time (`claim`, `release`, `SaveLost`).
- `seats`: a game on several screens: one copy writes each seat (`take_seat`, `append`, `MoveTaken`),
  and each learns of the others' moves by the data version (`data_version`, `moves_after`).
- `transfer`: export to and import from a JSON file.
- `statistics`: finished games, their standings, `stats` and `records`.
- `settings`: remembered settings.

A save id is 16 hexadecimal digits; the command line accepts any unique prefix of it.
"""

from __future__ import annotations

import time


def _now() -> float:
    """The clock of the store (Unix time); the tests and the screenshots replace it here, and every
    part of the store reads it from here."""
    return time.time()


from tabletop_tui.store.base import StoreBase  # noqa: E402  (the parts read `_now` above)
from tabletop_tui.store.claims import ClaimsMixin  # noqa: E402
from tabletop_tui.store.database import (  # noqa: E402,F401
    BUSY_TIMEOUT_MS, DB_NAME, ENV_VAR, QUICK_BUSY_MS, SCHEMA_VERSION, _connect_file, _read_only, data_dir)
from tabletop_tui.store.errors import FileExists, MoveTaken, SaveLost, SeatTaken, StoreError, _Damaged, _Newer, _Unusable  # noqa: E402,F401
from tabletop_tui.store.saves import SavesMixin  # noqa: E402
from tabletop_tui.store.seats import SeatsMixin  # noqa: E402
from tabletop_tui.store.settings import SettingsMixin  # noqa: E402
from tabletop_tui.store.statistics import StatisticsMixin  # noqa: E402
from tabletop_tui.store.transfer import (  # noqa: E402,F401
    FILE_FORMAT, FILE_FORMAT_VERSION, MAX_IMPORT_BYTES, MAX_IMPORT_MOVES, TransferMixin)


class Store(SavesMixin, SeatsMixin, ClaimsMixin, TransferMixin, StatisticsMixin, SettingsMixin, StoreBase):
    """The saves of one user. Open it with `Store.open()`; every method is safe to call from any thread.

    Attributes: `path` (the database file, or None for a store in memory), `problems`
    (sentences about what went wrong while opening, for the app to show; empty when all is well).

    A store that cannot be written (`writable` False: a read-only file or folder, a full disk, a
    folder that cannot be made, a store of a newer program) refuses every write with StoreError and
    never keeps a game in memory as if it were saved; what the file holds can still be listed and
    resumed. Where the file may become writable, each write tries it again first.
    """


__all__ = ["BUSY_TIMEOUT_MS", "DB_NAME", "ENV_VAR", "FILE_FORMAT", "FILE_FORMAT_VERSION", "MAX_IMPORT_BYTES",
           "MAX_IMPORT_MOVES", "QUICK_BUSY_MS", "SCHEMA_VERSION", "FileExists", "MoveTaken", "SaveLost", "SeatTaken", "Store", "StoreError",
           "data_dir"]
