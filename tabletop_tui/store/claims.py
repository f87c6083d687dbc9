"""Claims: one copy of the program writes a game at a time. A session `claim`s its save (the
`holders` table), and a copy whose claim was taken by another (the same game resumed in a second
terminal) or whose save was deleted gets `SaveLost` instead of mixing two games in one record; it
tells its players."""

from __future__ import annotations

import os

from tabletop_tui.rules.words import shorten
from tabletop_tui.store.database import QUICK_BUSY_MS, _now
from tabletop_tui.store.errors import SaveLost


class ClaimsMixin:
    """`Store`'s claims on saves (see `Store`)."""

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
        if self._is_shared(save_id):
            raise SaveLost("this game is played on several screens, where each screen writes only its own "
                           "seat's moves: open it with tabletop-tui join")
        if self._conn.execute("SELECT 1 FROM saves WHERE id = ?", (save_id,)).fetchone() is None:
            raise SaveLost("its save was deleted (from the launcher or the command line, perhaps in another "
                           "copy of tabletop-tui)")
        if holder is None:
            return
        row = self._conn.execute("SELECT token FROM holders WHERE save_id = ?", (save_id,)).fetchone()
        if row is None or row[0] != holder:
            raise SaveLost("the game was opened in another copy of tabletop-tui, which saves it now; moves made "
                           "here would mix two games in one save")


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
