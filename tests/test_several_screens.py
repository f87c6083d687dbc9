"""A game on several screens, through the store: one writer per seat, the move index deciding
between two screens, a screen killed and rejoined, and two processes playing one game to its end."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tabletop_tui.rules.engine import IllegalMove, Move
from tabletop_tui.session import Session
from tabletop_tui.store import MoveTaken, SaveLost, SeatTaken, Store
from tabletop_tui.store import database

CHILD = Path(__file__).with_name("helpers_screens_child.py")
POKER = "seven-handed-poker"
TIMEOUT = 60  # seconds for a child on a slow, loaded machine


def shared_game(store, game=POKER, players=("Ada", "Bo"), seed=3, remote=(1,), computer=(), takeover=False):
    return Session.new(game, list(players), seed, store=store, remote=list(remote), computer=list(computer),
                       takeover=takeover)


def play_first(session: Session) -> None:
    seat = session.seat
    session.play(seat, session.game.legal_moves(seat)[0])


def test_a_joined_screen_plays_its_seat_and_sees_the_others_moves(data_dir, store):
    host = shared_game(store)
    assert store.waiting()[0]["seats"] == [{"seat": 1, "name": "Bo", "state": "open"}]
    other = Store.open(str(data_dir))
    bo = Session.join(other, host.save_id, 1)
    assert store.waiting() == []  # Bo's seat is played now
    for _ in range(6):
        for s in (host, bo):
            s.poll()
        mover = host if host.seat in host.game.to_act() else bo
        play_first(mover)
    assert host.poll() or bo.poll()
    assert host.game.record() == bo.game.record() == Session.resume(store, host.save_id, hold=False).game.record()
    with pytest.raises(IllegalMove, match="plays on another screen"):
        host.play(1, Move("announce", (1,)))
    assert host.undo_status() == (False, "A move seen on another screen cannot be taken back (no undo on several "
                                         "screens).")
    bo.release()
    assert bo.seat_state(0) == "open" and (host.refresh_seats() or host.seat_state(1)) == "left"
    assert store.waiting()[0]["seats"] == [{"seat": 1, "name": "Bo", "state": "left"}]
    other.close()


def test_a_move_committed_while_a_screen_joins_is_fetched_at_its_first_look(data_dir, store, monkeypatch):
    """Another screen's move committed after the joining screen read the game, before it first asked the
    data version: its first poll fetches it (it waited for the next commit, which a game waiting for
    this seat never made)."""
    host = shared_game(store, seed=1)  # (Ada, the host, moves first)
    other = Store.open(str(data_dir))
    load = Store.load

    def load_then_host_moves(self, save_id):
        saved = load(self, save_id)
        if self is other:
            play_first(host)  # committed by the host's connection just after Bo's screen read the game
        return saved

    monkeypatch.setattr(Store, "load", load_then_host_moves)
    bo = Session.join(other, host.save_id, 1)
    monkeypatch.setattr(Store, "load", load)
    assert len(bo.game.history) == len(host.game.history) - 1
    assert bo.poll() and bo.game.record() == host.game.record()
    bo.release()
    other.close()


def test_the_move_index_lets_one_screen_win_and_the_other_is_told(data_dir, store):
    """Darwinian Poker's bets are made by both seats at once: both write move n; one wins, the other's
    move is refused, it catches up, chooses again, and nothing is lost or doubled."""
    host = shared_game(store, "darwinian-poker", seed=5)
    other = Store.open(str(data_dir))
    bo = Session.join(other, host.save_id, 1)
    while not (0 in host.game.to_act() and 1 in host.game.to_act()):
        host.poll(), bo.poll()
        play_first(host if host.seat in host.game.to_act() else bo)
        bo.poll(), host.poll()
    n = len(host.game.history)
    # at the store: the second write of move n is refused, whoever writes it
    with pytest.raises(MoveTaken):
        other.append(host.save_id, n + 5, [[1, ["x"]]], bo.holder)
    play_first(host)  # Ada's move n is written first
    with pytest.raises(IllegalMove, match="Ada moved first"):
        play_first(bo)  # Bo's copy had not seen it: told, and brought up to date
    assert len(bo.game.history) == n + 1 and bo.game.history[n][0] == 0
    play_first(bo)
    host.poll()
    seats = [seat for seat, _ in Session.resume(store, host.save_id, hold=False).game.history[n:]]
    assert seats == [0, 1] and host.game.record() == bo.game.record()
    other.close()


def test_a_move_refused_at_the_index_reloads_the_game_from_the_store(data_dir, store, monkeypatch):
    """The race inside the write: Bo's copy looked, found nothing new, and Ada's move came in before its
    write; the index refuses Bo's, and Bo's table is the store's."""
    host = shared_game(store, "darwinian-poker", seed=5)
    other = Store.open(str(data_dir))
    bo = Session.join(other, host.save_id, 1)
    while not (0 in host.game.to_act() and 1 in host.game.to_act()):
        host.poll(), bo.poll()
        play_first(host if host.seat in host.game.to_act() else bo)
        bo.poll(), host.poll()
    n = len(bo.game.history)
    monkeypatch.setattr(bo, "catch_up", lambda: False)  # the look before the write saw nothing
    play_first(host)
    with pytest.raises(IllegalMove, match="moved first"):
        play_first(bo)
    news, reloaded = bo.take_news()
    assert reloaded and len(bo.game.history) == n + 1 and bo.game.history[n][0] == 0
    assert Session.resume(store, host.save_id, hold=False).game.record() == bo.game.record()
    other.close()


def test_one_writer_per_seat_and_taking_over_only_where_allowed(data_dir, store):
    host = shared_game(store, "second-story", players=("Ada", "Bo", "Cy"), remote=(1, 2))
    other = Store.open(str(data_dir))
    bo = Session.join(other, host.save_id, 1)
    with pytest.raises(SeatTaken, match="host did not allow"):
        Session.join(Store.open(str(data_dir)), host.save_id, 1)
    with pytest.raises(SaveLost):  # an ordinary save's writing refuses a shared game
        store.sync(host.save_id, 0, [], holder=None)
    allowed = shared_game(store, "second-story", players=("Ada", "Bo", "Cy"), remote=(1, 2), takeover=True)
    first = Session.join(other, allowed.save_id, 2)
    third = Store.open(str(data_dir))
    second = Session.join(third, allowed.save_id, 2)
    assert "taken over" in second.notice
    first.poll()
    assert "taken over" in first.save_lost
    assert bo.seat == 1
    other.close(), third.close()


def test_the_computer_seats_are_played_by_the_host_only(data_dir, store):
    host = shared_game(store, "second-story", players=("Ada", "Bo", "Cy"), remote=(1,), computer=(2,))
    bo = Session.join(Store.open(str(data_dir)), host.save_id, 1)
    assert host.bots and not bo.bots and bo.computer_move() is None
    with pytest.raises(IllegalMove, match="another screen"):
        bo.play(2, Move("x"))


def test_old_stores_get_the_seats_tables_at_open(tmp_path):
    import sqlite3

    file = tmp_path / "store.db"
    conn = sqlite3.connect(file)
    conn.executescript(database._SCHEMA.replace(database._SHARED + ";", "").replace(database._SEATS + ";", ""))
    conn.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    conn.commit()
    conn.close()
    store = Store.open(file)
    assert store.problems == [] and store.waiting() == []
    tables = {r[0] for r in store._conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"shared", "seats"} <= tables
    store.close()


# -- two processes -------------------------------------------------------------------------------


class Child:
    """A child process (tests/helpers_screens_child.py) and the lines it prints, read by a thread so
    that a child that says nothing more fails the test at the deadline instead of holding it forever.
    Every child still running when its test ends is killed (`_children_killed`)."""

    running: list["Child"] = []

    def __init__(self, *args: str):
        self.proc = subprocess.Popen([sys.executable, str(CHILD), *args], stdout=subprocess.PIPE, text=True,
                                     env=dict(os.environ, PYTHONPATH=str(CHILD.parent.parent)))
        self.lines: list[str] = []
        self._said: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        Child.running.append(self)

    def _read(self) -> None:
        for line in self.proc.stdout:
            self._said.put(line.strip())
        self._said.put(None)  # the end of its output

    def read_until(self, prefix: str) -> str:
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                line = self._said.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            self.lines.append(line)
            if line.startswith(prefix):
                return line
        raise AssertionError(f"no {prefix!r} from the child: {self.lines}")

    def finish(self) -> None:
        self.proc.wait(TIMEOUT)


@pytest.fixture(autouse=True)
def _children_killed():
    yield
    while Child.running:
        child = Child.running.pop()
        if child.proc.poll() is None:
            child.proc.kill()
        child.proc.wait(TIMEOUT)


def saved_record(store, save_id):
    return store.load(save_id)["record"]


def test_two_processes_play_a_game_one_is_killed_and_rejoins_nothing_lost(data_dir, store):
    host = shared_game(store, seed=11)
    save_id = host.save_id
    host.release()  # the host's seat is played by a process too
    ada = Child("play", str(data_dir), save_id, "0")
    bo = Child("play", str(data_dir), save_id, "1", "3")
    ada.read_until("joined"), bo.read_until("joined")
    for _ in range(3):
        bo.read_until("moved")
    before = len(saved_record(store, save_id)["moves"])
    os.kill(bo.proc.pid, signal.SIGKILL)  # Bo's screen crashes after three moves
    bo.finish()
    # its seat waits for it (the process is gone), and the game waits for Bo
    deadline = time.monotonic() + TIMEOUT
    while store.waiting() == [] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert store.waiting()[0]["seats"] == [{"seat": 1, "name": "Bo", "state": "left"}]
    assert len(saved_record(store, save_id)["moves"]) >= before
    again = Child("play", str(data_dir), save_id, "1")  # Bo rejoins and plays on
    assert ada.read_until("over") == again.read_until("over")
    ada.finish(), again.finish()
    record = saved_record(store, save_id)
    seats = [seat for seat, _ in record["moves"]]
    assert 0 in seats and 1 in seats
    moved = [int(line.split()[1]) for child in (ada, bo, again) for line in child.lines if line.startswith("moved")]
    assert sorted(moved) == list(range(len(record["moves"])))  # each move written once, by its own seat
    finished = [r for r in store.all_saves() if r["id"] == save_id]
    assert finished[0]["finished"]
    standings = store._conn.execute("SELECT count(*) FROM standings WHERE save_id = ?", (save_id,)).fetchone()[0]
    assert standings == 2  # recorded once


def test_two_processes_make_the_same_move_at_once(data_dir, store):
    host = shared_game(store, "darwinian-poker", seed=5)
    other = Store.open(str(data_dir))
    bo = Session.join(other, host.save_id, 1)
    while not (0 in host.game.to_act() and 1 in host.game.to_act()):
        host.poll(), bo.poll()
        play_first(host if host.seat in host.game.to_act() else bo)
        bo.poll(), host.poll()
    n = len(host.game.history)
    host.release(), bo.release()
    other.close()
    at = f"{time.time() + 1.5:.3f}"
    children = [Child("race", str(data_dir), host.save_id, str(seat), at) for seat in (0, 1)]
    outcomes = []
    for child in children:
        child.read_until("joined")
    for child in children:
        outcomes.append(child.read_until("").split()[0])  # its next line
    assert sorted(outcomes) == ["told", "won"], outcomes
    loser = children[outcomes.index("told")]
    assert "moved first" in loser.lines[-1]
    loser.read_until("moved")
    for child in children:
        child.finish()
    moves = saved_record(store, host.save_id)["moves"]
    assert len(moves) == n + 2 and sorted(seat for seat, _ in moves[n:]) == [0, 1]
