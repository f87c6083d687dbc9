"""Kill the real program in the middle of a game, then find the game where it was left.

The program runs as a separate process in a pseudo-terminal, keys are typed into the terminal one at a
time, and the save store is read from this process while the program writes to it.
"""

from __future__ import annotations

import fcntl
import os
import re
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time

import pytest

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.pontifuse import Pontifuse
from tabletop_tui.session import Session
from tabletop_tui.store import Store

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX only")

COLUMNS, LINES = 100, 30
START_TIMEOUT = 60  # seconds for the program to paint its first screen on a slow, loaded machine
STEP_TIMEOUT = 20  # seconds for one key to become a saved move
EXIT_TIMEOUT = 20  # seconds to quit

_ESCAPES = re.compile(
    rb"\x1b\[[0-9;?<>=$ ]*[@-~]"  # CSI sequences (colours, cursor moves, modes)
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC sequences
    rb"|\x1b[()][0-9A-Za-z]"  # character set choices
    rb"|\x1b[=>78]"
)


class PtyProgram:
    """`python -m tabletop_tui ARGS` in a pseudo-terminal of COLUMNS x LINES, its output collected."""

    def __init__(self, args: list[str], data_dir):
        env = dict(os.environ)
        env.update(TERM="xterm-256color", COLUMNS=str(COLUMNS), LINES=str(LINES), TABLETOP_TUI_DATA=str(data_dir))
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        self._lock = threading.Lock()
        self._output = bytearray()
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tabletop_tui", *args],
                stdin=slave, stdout=slave, stderr=slave, env=env, cwd=str(data_dir),
                start_new_session=True, preexec_fn=_take_terminal, close_fds=True,
            )
        except BaseException:
            os.close(self.master)
            raise
        finally:
            os.close(slave)
        # Read all the time: a program whose terminal is not read blocks once the buffer is full.
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:  # EIO: the program closed the terminal
                break
            if not data:
                break
            with self._lock:
                self._output.extend(data)

    def raw(self) -> bytes:
        with self._lock:
            return bytes(self._output)

    def text(self) -> str:
        """What was written, without the escape sequences (enough to find the words drawn)."""
        return _ESCAPES.sub(b"", self.raw()).decode("utf-8", "replace")

    def wait_for_text(self, *words: str, timeout: float = START_TIMEOUT) -> None:
        wait_until(lambda: all(w in self.text() for w in words) or self.proc.poll() is not None, timeout,
                   lambda: f"{words} on the screen; the screen so far:\n{self.text()[-3000:]}")
        assert self.proc.poll() is None, f"the program ended ({self.proc.returncode}):\n{self.text()[-3000:]}"

    def press(self, key: str) -> None:
        os.write(self.master, key.encode())

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: no chance to clean up, as when the power or the terminal goes
        self.proc.wait(timeout=EXIT_TIMEOUT)

    def close(self) -> None:
        try:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait(timeout=EXIT_TIMEOUT)
        finally:
            try:
                os.close(self.master)
            except OSError:
                pass
            self._reader.join(timeout=5)


def _take_terminal() -> None:
    """In the child, after setsid: make the pseudo-terminal its controlling terminal, as a shell would."""
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass


def wait_until(predicate, timeout: float, what) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what() if callable(what) else what}")
        time.sleep(0.05)


def saved_moves(store: Store, save_id: str) -> list:
    return store.load(save_id)["record"]["moves"]


def expected_game(keys: list[str]) -> tuple[Pontifuse, list]:
    """The same game played by the rules in this process: what the keys must have done."""
    game = Pontifuse(["Ada", "Bo"], 5)
    moves = []
    for key in keys:
        seat = game.to_act()[0]
        if key == "h":
            move = Move("call", ("heads",))
        elif key == "e":
            move = Move("army", ("English",))
        else:
            move = Move("place", (int(key) - 1,))
        assert move in game.legal_moves(seat), (key, game.legal_moves(seat))
        game.play(seat, move)
        moves.append([seat, move.to_json()])
    return game, moves


def test_kill_mid_game_then_resume(data_dir):
    keys = ["h", "e", "5", "1", "9", "3", "7"]  # call heads, the English, then five of the nine territories
    last_key = "4"  # typed just before the kill: it may or may not be saved, and nothing else may suffer
    game, expected = expected_game(keys + [last_key])
    assert game.outcome() is None  # the board is not full: the game is not over at the kill

    program = PtyProgram(["play", "pontifuse", "--players", "Ada,Bo", "--seed", "5"], data_dir)
    store = None
    try:
        # the game screen is up when the coin call is offered
        program.wait_for_text("Pontifuse", "Call heads")
        wait_until(lambda: (data_dir / "store.db").exists(), START_TIMEOUT, "the store file")
        store = Store.open(str(data_dir))
        assert store.problems == []
        wait_until(lambda: len(store.unfinished()) == 1, START_TIMEOUT, "the new game in the store")
        [row] = store.unfinished()
        save_id = row["id"]
        assert row["game"] == "pontifuse" and row["players"] == ["Ada", "Bo"]
        assert saved_moves(store, save_id) == []

        for count, key in enumerate(keys, start=1):
            program.press(key)
            wait_until(lambda: len(saved_moves(store, save_id)) >= count, STEP_TIMEOUT,
                       lambda: f"move {count} (key {key!r}) in the store; saved: {saved_moves(store, save_id)}")
            assert program.proc.poll() is None, program.text()[-3000:]
        saved_before_kill = saved_moves(store, save_id)
        assert saved_before_kill == expected[: len(keys)]

        program.press(last_key)
        program.kill()
        assert program.proc.returncode == -signal.SIGKILL
    finally:
        if store is not None:
            store.close()
        program.close()

    # the store opens without problems, and the file itself checks out
    conn = sqlite3.connect(str(data_dir / "store.db"))
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        conn.close()
    store = Store.open(str(data_dir))
    try:
        assert store.problems == []
        rows = store.unfinished()
        assert [r["id"] for r in rows] == [save_id]
        assert rows[0]["broken"] is None
        moves = saved_moves(store, save_id)
        # every move saved before the kill is there; the key typed at the kill is saved whole or not at all
        assert len(moves) in (len(keys), len(keys) + 1)
        assert moves == expected[: len(moves)]
        assert rows[0]["moves"] == len(moves)

        session = Session.resume(store, save_id)
        view = session.game.view(None)
        reference, _ = expected_game((keys + [last_key])[: len(moves)])
        assert view == reference.view(None)
        assert session.game.outcome() is None
        resonade = view["resonade"]
        assert resonade == expected[2][0]  # the first mark is the Resonade's
        marked = {i for i, c in enumerate(view["cells"]) if c}
        x_cells = {4, 8, 6}
        o_cells = {0, 2} | ({3} if len(moves) > len(keys) else set())
        assert marked == x_cells | o_cells
        assert {i for i in marked if view["owners"][i] == resonade} == x_cells
        assert all(view["cells"][i] == "X" for i in x_cells)
        assert all(view["cells"][i] == "O" for i in o_cells)
        assert session.game.to_act() == ([1 - resonade] if len(moves) == len(keys) else [resonade])
    finally:
        store.close()

    # the program starts again on the same store and offers the unfinished game
    launcher = PtyProgram([], data_dir)
    try:
        launcher.wait_for_text("Unfinished games", "Pontifuse", "Ada, Bo")
        launcher.press("q")
        wait_until(lambda: launcher.proc.poll() is not None, EXIT_TIMEOUT,
                   lambda: f"the launcher to quit on q; the screen:\n{launcher.text()[-3000:]}")
        assert launcher.proc.returncode == 0
        wait_until(lambda: b"\x1b[?1049l" in launcher.raw(), 5, "the terminal to be given back")
        assert "Traceback" not in launcher.text()
    finally:
        launcher.close()

    # quitting the launcher changed nothing in the saved game
    store = Store.open(str(data_dir))
    try:
        assert store.problems == []
        assert saved_moves(store, save_id) == moves
    finally:
        store.close()
