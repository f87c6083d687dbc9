"""Saves: a new game, its moves and finish kept with `sync`, loading (with the rules version checks
and migrations), deleting, and the listings with their summaries.

A session saves with `sync`: the moves since its last good save, moves undone, and the finish of a
game that just ended, in one transaction, so killing the program at any instant loses at most the
move being made and never leaves a last move saved without its finish. (A power cut may also lose the
last few commits, never the file.) A store that refuses writes raises StoreError from every write,
with the reason; the session goes on in memory, marked not saved, and saves what is missing when it
can. One unreadable save (bad JSON in a row) makes `load` raise `StoreError` with the reason and is
marked `broken` in the listings; the others are unaffected; nothing is ever deleted automatically."""

from __future__ import annotations

import json
import os
import sqlite3
from typing import Any

from tabletop_tui.rules.words import shorten
from tabletop_tui.store.codec import (_check_computer, _check_move, _check_record, _check_to_act, _decode,
                                      _dumps, _int, _setup, _turn_words)
from tabletop_tui.store.database import _SUMMARIES, QUICK_BUSY_MS, _now
from tabletop_tui.store.errors import StoreError
from tabletop_tui.store.versions import _apply_migrations, _version_problem


class SavesMixin:
    """`Store`'s saves: new games, moves, loading, listings (see `Store`)."""

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

    def delete(self, save_id: str) -> None:
        """Delete a saved game, its moves and its standings. Deleting an unknown id does nothing."""
        with self._lock, self._write():
            self._conn.execute("DELETE FROM saves WHERE id = ?", (save_id,))
            self._conn.execute("DELETE FROM settings WHERE key LIKE ?", (f"game.{save_id}.%",))

    def load(self, save_id: str) -> dict:
        """A saved game: {"id", "title", "record", "computer", "created", "updated", "finished" (bool),
        "outcome" (dict or None)}. The record is ready for `Game.from_record`.

        Raises StoreError (the save stays as it is) when there is no such save, when it is damaged,
        or when it needs a newer version of the game's rules. An older rules version is migrated by
        the steps its rules class declares (`migrations`, applied in turn up to the class's
        `rules_version`) where a step exists, else returned as it is; a migrated record is written
        back, and the record as it was kept in the `original` column."""
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
