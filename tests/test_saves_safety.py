"""Saves that survive everything: one game open in two copies of the program, a store that refuses
writes, the last move and the finish written together, a save deleted while it is played."""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop_tui import catalog
from tabletop_tui.rules.engine import Game
from tabletop_tui.session import Session, next_computer_move
from tabletop_tui.store import BUSY_TIMEOUT_MS, Store, _read_only

HERE = Path(__file__).resolve().parent
CHILD = HERE / "helpers_store_child.py"
PLAYERS = ["Ada", "Bo"]


@contextlib.contextmanager
def locked(store: Store):
    """Another connection holds the store's write lock: every write of `store` fails at once, as on a
    store that another program keeps busy or a disk that refuses."""
    store._conn.execute("PRAGMA busy_timeout = 0")
    other = sqlite3.connect(str(store.path), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()
        store._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def play_some(session: Session, n: int, rnd: random.Random) -> None:
    for _ in range(n):
        seat = session.game.to_act()[0]
        session.play(seat, rnd.choice(session.game.legal_moves(seat)))


def saved_record(store: Store, save_id: str) -> dict:
    return store.load(save_id)["record"]


def assert_replays(store: Store, save_id: str, game: Game) -> None:
    """The save holds exactly this game's moves, and they replay."""
    record = saved_record(store, save_id)
    assert record["moves"] == game.record()["moves"]
    replayed = type(game).from_record(record)
    assert replayed.view(None) == game.view(None)


def whole_game(game_id: str, players: list[str], seed: int) -> list:
    """The moves of a whole game between computer players."""
    info = catalog.get(game_id)
    game = info.rules_class()(players, seed)
    bots = {s: info.bot_class()(s, seed) for s in range(len(players))}
    while game.outcome() is None:
        game.play(*next_computer_move(game, bots))
    return list(game.history)


def one_move_from_the_end(store, game_id="thief-dice", seed=4) -> tuple[Session, tuple]:
    moves = whole_game(game_id, PLAYERS, seed)
    session = Session.new(game_id, PLAYERS, seed, store=store)
    for seat, move in moves[:-1]:
        session.play(seat, move)
    assert not session.over()
    return session, moves[-1]


# -- one save, two copies ------------------------------------------------------------------------


def test_a_copy_that_opens_a_save_takes_it_and_the_other_copy_is_told(data_dir):
    rnd = random.Random(1)
    first, second = Store.open(str(data_dir)), Store.open(str(data_dir))
    a = Session.new("thief-dice", PLAYERS, 5, store=first)
    play_some(a, 2, rnd)
    b = Session.resume(second, a.save_id)  # the same game opened in another terminal
    play_some(b, 3, rnd)
    play_some(a, 1, rnd)  # the first copy goes on as if nothing happened
    assert "opened in another copy" in a.save_lost
    assert a.kept is False
    play_some(b, 2, rnd)
    assert not b.save_lost and b.kept
    assert_replays(first, a.save_id, b.game)  # the save is the second copy's game alone
    # the first copy keeps its own game as a new save when its players say so
    a.save_as_new()
    assert a.kept and a.save_id != b.save_id
    assert_replays(first, a.save_id, a.game)


def test_a_copy_whose_save_failed_does_not_write_after_the_other_copys_moves(data_dir):
    """The old way: after a refused autosave, a copy caught up from the store's count of moves, so its
    moves went in after another copy's, and the record no longer replayed."""
    rnd = random.Random(2)
    first, second = Store.open(str(data_dir)), Store.open(str(data_dir))
    a = Session.new("thief-dice", PLAYERS, 6, store=first)
    play_some(a, 1, rnd)
    with locked(first):
        play_some(a, 1, rnd)
        assert a.save_problem and not a.save_lost
    b = Session.resume(second, a.save_id)
    play_some(b, 2, rnd)
    play_some(a, 1, rnd)
    assert a.save_lost and not a.save_problem
    assert_replays(second, b.save_id, b.game)


def test_an_undo_in_one_copy_does_not_delete_the_other_copys_moves(data_dir):
    rnd = random.Random(3)
    first, second = Store.open(str(data_dir)), Store.open(str(data_dir))
    a = Session.new("pontifuse", PLAYERS, 2, store=first)
    play_some(a, 2, rnd)  # the coin, then a stone that can be taken back
    b = Session.resume(second, a.save_id)
    play_some(b, 2, rnd)
    a.undo()
    assert a.save_lost
    assert_replays(second, b.save_id, b.game)


def _child(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(CHILD), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kwargs)


def test_two_programs_playing_one_save_leave_a_record_that_replays(data_dir):
    """Two real processes: this one and a child that opens the same save, plays, and waits."""
    rnd = random.Random(4)
    store = Store.open(str(data_dir))
    a = Session.new("thief-dice", PLAYERS, 7, store=store)
    play_some(a, 2, rnd)
    child = _child("hold", str(data_dir), a.save_id, "3")
    try:
        assert child.stdout.readline().split() == ["played", "3"], child.stderr.read()
        play_some(a, 1, rnd)  # this copy no longer holds the game: told, nothing written
        assert "opened in another copy" in a.save_lost
        assert len(saved_record(store, a.save_id)["moves"]) == 5
        # a third copy opens the game while the child still runs: it is told the child has it open
        c = Session.resume(Store.open(str(data_dir)), a.save_id)
        assert "open in another copy of tabletop-tui" in c.notice
        play_some(c, 1, rnd)
        assert c.kept
        # the child plays on: it is the one that loses now, and says so
        child.stdin.write("move\n")
        child.stdin.flush()
        line = child.stdout.readline()
        assert line.startswith("lost ") and "opened in another copy" in line, line
    finally:
        child.kill()
        child.wait(timeout=30)
    assert_replays(store, a.save_id, c.game)
    assert len(c.game.history) == 6


# -- the last move and the finish ------------------------------------------------------------------


def test_the_last_move_and_the_finish_are_one_write(store, monkeypatch):
    session, last = one_move_from_the_end(store)
    n = len(session.game.history)

    def full_disk(*args, **kwargs):
        from tabletop_tui.store import StoreError

        raise StoreError("database or disk is full")

    monkeypatch.setattr(Store, "_finish", full_disk)
    session.play(*last)
    assert session.over() and "disk is full" in session.save_problem
    saved = store.load(session.save_id)
    assert len(saved["record"]["moves"]) == n and not saved["finished"]  # neither, not half
    monkeypatch.undo()
    session.retry_save()  # as the results screen does when it opens
    saved = store.load(session.save_id)
    assert saved["finished"] and len(saved["record"]["moves"]) == n + 1
    assert {r["player"] for r in store.stats("thief-dice")} == set(PLAYERS)


def test_a_resumed_game_that_is_over_records_its_finish(store):
    """A kill (or an older version) left the last move saved and the finish not: the game stayed
    unfinished forever and never reached the statistics."""
    session, last = one_move_from_the_end(store)
    store.sync(session.save_id, len(session.game.history), [[last[0], last[1].to_json()]])
    assert [r["id"] for r in store.unfinished()] == [session.save_id]
    resumed = Session.resume(store, session.save_id)
    assert resumed.over() and resumed.kept
    assert store.unfinished() == []
    assert store.load(session.save_id)["finished"]
    assert sum(r["played"] for r in store.stats("thief-dice")) == 2


def test_a_kill_between_the_last_move_and_the_finish_loses_neither(data_dir):
    """The child saves the last move and stops, killed, while the finish is being written: the
    transaction leaves the save as it was, one move from the end, and it finishes when played."""
    store = Store.open(str(data_dir))
    session, last = one_move_from_the_end(store)
    n = len(session.game.history)
    session.release()
    child = _child("finish-kill", str(data_dir), session.save_id)
    try:
        assert child.stdout.readline().strip() == "finishing", child.stderr.read()
    finally:
        child.kill()
        child.wait(timeout=30)
    saved = store.load(session.save_id)
    assert len(saved["record"]["moves"]) == n and not saved["finished"]
    resumed = Session.resume(store, session.save_id)
    resumed.play(*last)
    assert resumed.kept and store.load(session.save_id)["finished"]


# -- a store that refuses writes -----------------------------------------------------------------


def test_a_new_game_on_a_store_that_refuses_writes_is_played_and_saved_when_it_can_be(store):
    rnd = random.Random(5)
    with locked(store):
        session = Session.new("thief-dice", PLAYERS, 8, store=store)
        assert session.save_problem and session.save_id is None and not session.kept
        play_some(session, 2, rnd)
    play_some(session, 1, rnd)
    assert session.kept
    assert_replays(store, session.save_id, session.game)


def test_undo_on_a_store_that_refuses_writes_goes_on_in_memory_and_catches_up(store):
    rnd = random.Random(6)
    session = Session.new("pontifuse", PLAYERS, 3, store=store)
    play_some(session, 3, rnd)
    with locked(store):
        session.undo()
        assert session.save_problem
        assert len(session.game.history) == 2
    play_some(session, 1, rnd)
    assert session.kept
    assert_replays(store, session.save_id, session.game)


def test_a_resumed_game_on_a_store_that_refuses_writes_goes_on(store):
    rnd = random.Random(7)
    session = Session.new("thief-dice", PLAYERS, 9, store=store)
    play_some(session, 1, rnd)
    session.release()
    with locked(store):
        resumed = Session.resume(store, session.save_id)
        assert resumed.save_problem and not resumed.kept
        play_some(resumed, 1, rnd)
    play_some(resumed, 1, rnd)
    assert resumed.kept
    assert_replays(store, session.save_id, resumed.game)


def test_a_read_only_store_is_said_at_open(data_dir):
    Store.open(str(data_dir)).close()
    conn = sqlite3.connect(f"file:{data_dir / 'store.db'}?mode=ro", uri=True, isolation_level=None)
    assert "readonly" in _read_only(conn)
    conn.close()
    writable = sqlite3.connect(str(data_dir / "store.db"), isolation_level=None)
    assert _read_only(writable) == ""
    writable.close()


@pytest.mark.skipif(sys.platform != "linux", reason="chattr is Linux's")
def test_an_immutable_store_file_opens_with_a_warning_and_games_go_on(data_dir):
    """A store file that cannot be written (immutable, so that even root cannot write it)."""
    Store.open(str(data_dir)).close()
    db = data_dir / "store.db"
    for extra in ("store.db-wal", "store.db-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.remove(data_dir / extra)
    if subprocess.run(["chattr", "+i", str(db)], capture_output=True).returncode != 0:
        pytest.skip("this file system cannot make a file immutable")
    try:
        store = Store.open(str(data_dir))
        assert any("read-only" in p for p in store.problems), store.problems
        session = Session.new("thief-dice", PLAYERS, 1, store=store)
        assert session.save_problem and not session.kept
        play_some(session, 2, random.Random(8))
        assert len(session.game.history) == 2
        store.close()
    finally:
        subprocess.run(["chattr", "-i", str(db)], check=True)


# -- a save deleted while it is played -----------------------------------------------------------


def test_a_save_deleted_by_another_copy_is_said_once_and_can_be_saved_again(data_dir):
    rnd = random.Random(9)
    first, second = Store.open(str(data_dir)), Store.open(str(data_dir))
    session = Session.new("thief-dice", PLAYERS, 10, store=first)
    play_some(session, 2, rnd)
    old_id = session.save_id
    second.delete(old_id)
    play_some(session, 1, rnd)
    assert "deleted" in session.save_lost and not session.save_problem
    lost = session.save_lost
    play_some(session, 1, rnd)
    assert session.save_lost == lost  # no new attempt, no new message
    session.save_as_new()
    assert session.kept and session.save_id != old_id
    play_some(session, 1, rnd)
    assert_replays(first, session.save_id, session.game)


def test_playing_on_unsaved_after_a_lost_save_writes_nothing(data_dir):
    rnd = random.Random(10)
    first, second = Store.open(str(data_dir)), Store.open(str(data_dir))
    session = Session.new("thief-dice", PLAYERS, 11, store=first)
    second.delete(session.save_id)
    play_some(session, 1, rnd)
    session.play_unsaved()
    play_some(session, 2, rnd)
    assert not session.kept and not session.save_lost and not session.save_problem
    assert first.all_saves() == []


# -- a store that cannot be written from the start ------------------------------------------------


def _read_only_connect(monkeypatch, folder: Path, exists: bool) -> None:
    """SQLite as it meets a read-only folder (or file system): an existing store opens only for
    reading (every write: "attempt to write a readonly database"); a store that is not there cannot
    be made. Simulated at the sqlite level, since the tests run as root, whom file modes do not stop."""
    real = sqlite3.connect
    file = str(folder / "store.db")

    def connect(database, *args, **kwargs):
        if str(database) == file:
            if not exists:
                raise sqlite3.OperationalError("unable to open database file")
            return real(f"file:{file}?mode=ro", *args, **{**kwargs, "uri": True})
        return real(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)


def test_a_read_only_store_lists_its_games_saves_nothing_and_catches_up_when_writable(data_dir, monkeypatch):
    rnd = random.Random(11)
    store = Store.open(str(data_dir))
    earlier = Session.new("thief-dice", PLAYERS, 12, store=store)
    play_some(earlier, 2, rnd)
    earlier.release()
    store.close()
    _read_only_connect(monkeypatch, data_dir, exists=True)
    store = Store.open(str(data_dir))
    assert any("read-only" in p for p in store.problems) and not store.writable
    assert [r["id"] for r in store.unfinished()] == [earlier.save_id]  # the games already there
    new = Session.new("thief-dice", PLAYERS, 13, store=store)
    resumed = Session.resume(store, earlier.save_id)
    for session in (new, resumed):
        play_some(session, 1, rnd)
        assert not session.kept and "Not saved yet" in session.save_problem and "read-only" in session.save_problem
    assert len(store.load(earlier.save_id)["record"]["moves"]) == 2  # nothing claimed, nothing written
    monkeypatch.undo()  # the store can be written again: the next move saves, without a restart
    for session in (new, resumed):
        play_some(session, 1, rnd)
        assert session.kept and store.writable
        assert_replays(store, session.save_id, session.game)
    store.close()


@pytest.mark.parametrize("cause", ["read-only folder", "full disk"])
def test_a_store_that_cannot_be_made_keeps_no_game_in_memory_as_if_saved(data_dir, monkeypatch, cause):
    """It fell back to a store in memory that took every write: the game said it was saved, and was lost."""
    import tabletop_tui.store as store_module

    if cause == "read-only folder":
        _read_only_connect(monkeypatch, data_dir, exists=False)
    else:
        def full(file, probe=False):
            raise store_module._Unusable("database or disk is full")

        monkeypatch.setattr(store_module.database, "_connect_file", full)
    store = Store.open(str(data_dir))
    session = Session.new("thief-dice", PLAYERS, 14, store=store)
    play_some(session, 2, random.Random(12))
    assert not session.kept and session.save_problem.startswith("Not saved yet")
    assert store.problems and "not saved" in store.problems[0] and not store.writable
    assert store.unfinished() == []
    monkeypatch.undo()
    play_some(session, 1, random.Random(13))
    assert session.kept
    with Store.open(str(data_dir)) as again:
        assert_replays(again, session.save_id, session.game)


# -- a store another program keeps locked -----------------------------------------------------------


def test_a_move_on_a_locked_store_waits_briefly_goes_on_unsaved_and_catches_up(store):
    """Another program holds the write lock: each move waited the whole busy timeout (5 s), the
    screen frozen. A session's writes wait QUICK_BUSY_MS, and the game goes on, marked not saved."""
    from tabletop_tui.store import QUICK_BUSY_MS

    rnd = random.Random(14)
    session = Session.new("thief-dice", PLAYERS, 15, store=store)
    play_some(session, 1, rnd)
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)
    other = sqlite3.connect(str(store.path), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        play_some(session, 2, rnd)
        assert not session.kept and "Not saved yet" in session.save_problem and "locked" in session.save_problem
        begins = [i for i, s in enumerate(statements) if s == "BEGIN IMMEDIATE"]
        assert len(begins) == 2  # one try at each move
        for i in begins:  # each waited the short time, not the store's whole busy timeout
            assert statements[i - 1] == f"PRAGMA busy_timeout = {QUICK_BUSY_MS}"
        assert QUICK_BUSY_MS <= 200 < BUSY_TIMEOUT_MS
        assert len(saved_record(store, session.save_id)["moves"]) == 1
    finally:
        other.execute("ROLLBACK")
        other.close()
        store._conn.set_trace_callback(None)
    play_some(session, 1, rnd)  # released: the save catches up with every move
    assert session.kept
    assert_replays(store, session.save_id, session.game)
