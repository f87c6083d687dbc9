"""Games on several screens: one table, each person at their own terminal (or browser tab) on the
same host and the same store, each screen playing one seat.

The store is the meeting point. A shared game (`shared`: its host seat and whether seats may be taken
over) has one row per person's seat in `seats`, naming the copy of the program that plays it now
(`take_seat`, `release_seat`): one writer per seat, where an ordinary game has one writer per save
(`claim`; `sync` refuses a shared game). A copy writes only its own seat's moves (and, on the host's
screen, the computer seats' moves) with `append`, at the index it expects: the move index (PRIMARY KEY
(save_id, idx) of `moves`) lets one copy win when two write at once, and the other gets `MoveTaken`,
nothing of its move kept. A copy learns that something changed from `data_version` (SQLite's
`PRAGMA data_version`: a number that changes when another connection commits; one cheap statement,
asked every few milliseconds) and then reads only the moves past the ones it has (`moves_after`).

A seat whose screen left (or crashed: its process is gone) waits for a screen to take it again;
a seat whose screen is still open is taken only where the host allowed seats to be taken over.
Same host only: whether a screen is still open is told by its process id."""

from __future__ import annotations

import json
import os
import sqlite3

from tabletop_tui.rules.words import shorten
from tabletop_tui.store.codec import _check_computer, _check_move, _check_record, _dumps
from tabletop_tui.store.database import QUICK_BUSY_MS, _now
from tabletop_tui.store.errors import MoveTaken, SaveLost, SeatTaken, StoreError

#: the seat tokens held by this process (two screens of one test, or of one program, tell each other
#: apart by these: a process id alone cannot)
_HELD: set[str] = set()


def _alive(token: str | None) -> bool:
    """Whether the copy named by a seat token is still open."""
    from tabletop_tui.store.claims import _still_running

    if not token:
        return False
    pid = token.split(":")[1] if token.count(":") >= 2 else ""
    if pid == str(os.getpid()):
        return token in _HELD
    return _still_running(token)


class SeatsMixin:
    """`Store`'s games on several screens (see the module)."""

    def new_shared_game(self, record: dict, computer: list[int], title: str, host: int, holder: str,
                        takeover: bool = False, to_act: list[int] | str | None = None) -> str:
        """Save a new game on several screens: `host` is the seat of this screen (held by `holder`),
        every other seat not in `computer` waits for a screen to join it. Returns its save id."""
        clean = _check_record(record)
        seats = _check_computer(computer, len(clean["players"]))
        people = [s for s in range(len(clean["players"])) if s not in seats]
        if host not in people:
            raise StoreError("the screen that starts a game on several screens plays one of its seats")
        with self._lock, self._write(QUICK_BUSY_MS):
            now = _now()
            save_id = self._insert(clean, seats, title or clean["game"], now)
            self._conn.execute("INSERT INTO shared (save_id, host, takeover) VALUES (?, ?, ?)",
                               (save_id, host, int(bool(takeover))))
            self._conn.executemany("INSERT INTO seats (save_id, seat, token, joined, at) VALUES (?, ?, ?, ?, ?)",
                                   [(save_id, s, holder if s == host else None, int(s == host), now) for s in people])
            self._put_summary(save_id, len(clean["moves"]), now, to_act)
        _HELD.add(holder)
        return save_id

    def _is_shared(self, save_id: str) -> bool:
        try:
            return self._conn.execute("SELECT 1 FROM shared WHERE save_id = ?", (save_id,)).fetchone() is not None
        except sqlite3.OperationalError:  # an older store that could not be written since: none is
            return False

    def shared(self, save_id: str) -> dict | None:
        """A game on several screens: {"host": seat, "takeover": bool, "seats": {seat: {"token",
        "open" (a screen plays it now), "joined" (a screen played it)}}}; None for an ordinary game."""
        with self._lock:
            try:
                row = self._conn.execute("SELECT host, takeover FROM shared WHERE save_id = ?", (save_id,)).fetchone()
                if row is None:
                    return None
                rows = self._conn.execute("SELECT seat, token, joined FROM seats WHERE save_id = ?",
                                          (save_id,)).fetchall()
            except sqlite3.OperationalError:
                return None
        return {"host": row[0], "takeover": bool(row[1]),
                "seats": {seat: {"token": token, "open": _alive(token), "joined": bool(joined)}
                          for seat, token, joined in rows}}

    def joinable(self, save_id: str) -> list[int]:
        """The seats of a game on several screens a screen may take now: those no screen plays (never
        joined, or left), and those played where the host allowed seats to be taken over."""
        info = self.shared(save_id)
        if info is None:
            return []
        return sorted(s for s, seat in info["seats"].items() if not seat["open"] or info["takeover"])

    def waiting(self) -> list[dict]:
        """The unfinished games on several screens with a seat to take: {"id", "title", "game",
        "players", "computer", "host", "seats": [{"seat", "name", "state": "open" (nobody joined it),
        "left" (its screen left), "taken over" (played now; the host allows it)}]}, most recent first."""
        with self._lock:
            try:
                rows = self._conn.execute(
                    "SELECT s.id, s.game, s.title, s.setup, s.computer, sh.host, s.updated FROM saves s "
                    "JOIN shared sh ON sh.save_id = s.id WHERE s.finished IS NULL ORDER BY s.updated DESC").fetchall()
            except sqlite3.OperationalError:
                return []
        out = []
        for save_id, game, title, setup, computer, host, _updated in rows:
            info = self.shared(save_id)
            try:
                players = json.loads(setup)["players"]
                comp = json.loads(computer)
            except (ValueError, TypeError, KeyError):
                continue
            if info is None:
                continue
            seats = []
            for seat, state in sorted(info["seats"].items()):
                if not state["open"]:
                    word = "left" if state["joined"] else "open"
                elif info["takeover"]:
                    word = "taken over"
                else:
                    continue
                if 0 <= seat < len(players):
                    seats.append({"seat": seat, "name": players[seat], "state": word})
            if seats:
                out.append({"id": save_id, "game": game, "title": title, "players": players, "computer": comp,
                            "host": host, "seats": seats})
        return out

    def take_seat(self, save_id: str, seat: int, holder: str) -> str:
        """Make `holder` the one copy that plays `seat` of a game on several screens. A seat no screen
        plays is taken at once (its screen left, or crashed); one whose screen is open only where the
        host allowed it (SeatTaken otherwise), and that screen can write no more. Returns a sentence
        for the player ("" if none); SaveLost if there is no such game or seat."""
        with self._lock, self._write(QUICK_BUSY_MS):
            row = self._conn.execute("SELECT sh.takeover, s.setup FROM shared sh JOIN saves s ON s.id = sh.save_id "
                                     "WHERE sh.save_id = ?", (save_id,)).fetchone()
            if row is None:
                raise SaveLost(f"there is no game {shorten(save_id)} on several screens")
            players = json.loads(row[1])["players"]
            seat_row = self._conn.execute("SELECT token FROM seats WHERE save_id = ? AND seat = ?",
                                          (save_id, seat)).fetchone()
            name = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else f"seat {shorten(seat)}"
            if seat_row is None:
                raise SaveLost(f"{name} is not a seat a screen can take in this game (it is the computer's, or "
                               "there is no such seat)")
            token = seat_row[0]
            notice = ""
            if token and token != holder and _alive(token):
                if not row[0]:
                    raise SeatTaken(f"{name}'s seat is played on another screen, which is still open (the game's "
                                    "host did not allow seats to be taken over): close that screen first")
                notice = f"{name}'s seat was taken over from another screen, which can no longer play it."
            self._conn.execute("UPDATE seats SET token = ?, joined = 1, at = ? WHERE save_id = ? AND seat = ?",
                               (holder, _now(), save_id, seat))
        _HELD.add(holder)
        return notice

    def release_seat(self, save_id: str, seat: int, holder: str) -> None:
        """The screen playing `seat` left: the seat waits for a screen to take it again."""
        _HELD.discard(holder)
        with self._lock, self._write(QUICK_BUSY_MS):
            self._conn.execute("UPDATE seats SET token = NULL, at = ? WHERE save_id = ? AND seat = ? AND token = ?",
                               (_now(), save_id, seat, holder))

    def append(self, save_id: str, start: int, moves: list, holder: str, outcome_json: dict | None = None,
               to_act: list[int] | str | None = None) -> None:
        """Write moves of a game on several screens as moves number `start`, `start` + 1...: each
        of a seat `holder` plays (or of a computer seat, by the copy that plays the host's seat),
        with the finish of a game they end, in one transaction. MoveTaken if another copy wrote move
        `start` (or one after) first: nothing is written; SaveLost if the game is gone or this copy's
        seat was taken over; StoreError for anything else."""
        with self._lock, self._write(QUICK_BUSY_MS):
            row = self._conn.execute("SELECT s.setup, s.computer, s.finished, sh.host FROM saves s JOIN shared sh "
                                     "ON sh.save_id = s.id WHERE s.id = ?", (save_id,)).fetchone()
            if row is None:
                raise SaveLost("the game was deleted, or is not a game on several screens")
            players = len(json.loads(row[0])["players"])
            computer = set(json.loads(row[1]))
            tokens = dict(self._conn.execute("SELECT seat, token FROM seats WHERE save_id = ?", (save_id,)).fetchall())
            if holder not in tokens.values():
                raise SaveLost("this screen's seat was taken over by another screen")
            count = self._conn.execute("SELECT count(*) FROM moves WHERE save_id = ?", (save_id,)).fetchone()[0]
            if count != start or row[2] is not None:
                raise MoveTaken(f"another screen moved first (move {start + 1} is written already)")
            rows = []
            for i, item in enumerate(moves):
                seat, move = _check_move(start + i, item, players)
                if tokens.get(seat) != holder and not (seat in computer and tokens.get(row[3]) == holder):
                    raise StoreError(f"seat {seat + 1} is not played on this screen")
                rows.append((save_id, start + i, seat, _dumps(move)))
            now = _now()
            try:
                self._conn.executemany("INSERT INTO moves (save_id, idx, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                                       [(*r, now) for r in rows])
            except sqlite3.IntegrityError:
                raise MoveTaken(f"another screen moved first (move {start + 1} is written already)") from None
            if outcome_json is not None:
                self._finish(save_id, outcome_json, now)
            else:
                self._conn.execute("UPDATE saves SET updated = ? WHERE id = ?", (now, save_id))
            self._conn.execute("UPDATE seats SET at = ? WHERE save_id = ? AND token = ?", (now, save_id, holder))
            self._put_summary(save_id, start + len(rows), now, to_act)

    def moves_after(self, save_id: str, start: int) -> tuple[list[tuple[int, int, object]], bool]:
        """The moves of a saved game from number `start` on, as (index, seat, move JSON), and whether
        the game is finished: what a copy that has the first `start` moves lacks."""
        with self._lock:
            rows = self._conn.execute("SELECT idx, seat, move FROM moves WHERE save_id = ? AND idx >= ? ORDER BY idx",
                                      (save_id, start)).fetchall()
            done = self._conn.execute("SELECT finished FROM saves WHERE id = ?", (save_id,)).fetchone()
        out = []
        for idx, seat, text in rows:
            try:
                out.append((idx, seat, json.loads(text)))
            except ValueError:
                raise StoreError(f"save {save_id} is damaged: move {idx + 1} is not JSON") from None
        if done is None:
            raise SaveLost("the game was deleted")
        return out, done[0] is not None

    def data_version(self) -> int:
        """SQLite's data version of this store's connection: it changes when another connection (another
        copy of the program) commits a change, and only then. One cheap statement."""
        with self._lock:
            try:
                return self._conn.execute("PRAGMA data_version").fetchone()[0]
            except sqlite3.Error:
                return -1
