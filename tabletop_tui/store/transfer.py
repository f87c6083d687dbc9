"""Transfer: a saved game exported to a JSON file and imported from one. Import reads regular files
only, with a size limit checked while reading, and refuses names and seeds that setup would refuse;
values quoted in messages are shortened."""

from __future__ import annotations

import datetime as _dt
import json
import os
from pathlib import Path

from tabletop_tui.names import printable
from tabletop_tui.rules.words import quote, shorten
from tabletop_tui.store.codec import _check_computer, _check_record, _int
from tabletop_tui.store.database import _now
from tabletop_tui.store.errors import FileExists, StoreError
from tabletop_tui.store.versions import _apply_migrations, _version_problem

#: Marker and version of exported files.
FILE_FORMAT = "tabletop-tui save"
FILE_FORMAT_VERSION = 1
#: Files bigger than this are not read by `import_file` (a save of a long game is a few hundred kB),
#: and records with more moves than this are refused before they are replayed.
MAX_IMPORT_BYTES = 4 * 1024 * 1024
MAX_IMPORT_MOVES = 100_000


class TransferMixin:
    """`Store`'s export and import (see `Store`)."""

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
