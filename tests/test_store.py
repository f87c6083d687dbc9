"""The store: autosave, undo, listings, finished games and statistics, files, settings, damage, kills."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tabletop_tui import store as store_module
from tabletop_tui.rules.engine import Game, Move, Option, Outcome, rank_standings
from tabletop_tui.store import FILE_FORMAT, FILE_FORMAT_VERSION, Store, StoreError, data_dir

HERE = Path(__file__).resolve().parent
CHILD = HERE / "helpers_store_child.py"


class Counting(Game):
    """Two players in turn add 1, 2 or 3 to a shared total, or roll a die and add that; whoever
    brings the total to the target (21) or past it wins."""

    id = "counting"
    title = "Counting"
    min_players = 2
    max_players = 2
    OPTIONS = (Option("target", "Target", "int", 21, min=2, max=10**12),)
    move_limit = 200

    def __init__(self, players, seed=0, **options):
        super().__init__(players, seed, **options)
        self.total = 0
        self.turn = 0
        self.winner = None

    def to_act(self):
        return [] if self.winner is not None else [self.turn]

    def legal_moves(self, seat):
        if self.winner is not None or seat != self.turn:
            return []
        return [Move("add", (1,)), Move("add", (2,)), Move("add", (3,)), Move("roll")]

    def _apply(self, seat, move):
        n = self.rng.die() if move.kind == "roll" else move.args[0]
        self.total += n
        if self.total >= self.options["target"]:
            self.winner = seat
        else:
            self.turn = 1 - seat
        return [self.say(f"{self.players[seat]} adds {n}: the total is {self.total}.", seat=seat)]

    def refusal(self, seat, move):
        return "You may add 1, 2 or 3, or roll a die."

    def view(self, seat):
        return {"total": self.total, "turn": self.turn, "target": self.options["target"]}

    def outcome(self):
        if self.winner is None:
            return None
        keys = [(1,) if s == self.winner else (0,) for s in range(2)]
        return Outcome(rank_standings(self.players, keys, [self.total if s == self.winner else 0 for s in range(2)]),
                       f"{self.players[self.winner]} reached {self.options['target']}.")


class CountingV2(Counting):
    rules_version = 2


def _capitals(record):  # an imaginary change: version 2 writes the names in capitals
    record["players"] = [p.upper() for p in record["players"]]
    return record


class CountingV2Capitals(CountingV2):
    """Version 2 of the rules, which says how a record of version 1 reads in it."""

    migrations = {1: _capitals}


RULES = {"counting": Counting}


def rules_of(table):
    return lambda game_id: table[game_id]


@pytest.fixture
def clock(monkeypatch):
    """A store clock that moves one second a call, so that 'newest first' does not hang on timing."""
    now = [1_700_000_000.0]

    def tick():
        now[0] += 1.0
        return now[0]

    monkeypatch.setattr(store_module, "_now", tick)
    return now


@pytest.fixture
def store(tmp_path, clock):
    s = Store.open(tmp_path, rules=rules_of(RULES))
    yield s
    s.close()


def play(game: Game, rnd: random.Random, n: int | None = None) -> list[tuple[int, Move]]:
    """Random legal moves until the game is over (or n moves were made); returns them."""
    made = []
    while game.outcome() is None and (n is None or len(made) < n):
        seat = rnd.choice(game.to_act())
        move = rnd.choice(game.legal_moves(seat))
        game.play(seat, move)
        made.append((seat, move))
    return made


def autosaved_game(store, players=("Ada", "Bo"), seed=1, n=None, computer=(), rnd=None, **options):
    """A game played with random moves, each autosaved the way the app does it."""
    game = Counting(list(players), seed, **options)
    save_id = store.new_game(game.record(), list(computer), "Counting")
    rnd = rnd or random.Random(seed)
    while game.outcome() is None and (n is None or len(game.history) < n):
        seat = game.to_act()[0]
        game.play(seat, rnd.choice(game.legal_moves(seat)))
        store.sync(save_id, len(game.history) - 1, [[seat, game.history[-1][1].to_json()]])
    if game.outcome() is not None:
        store.sync(save_id, len(game.history), [], game.outcome().to_json())
    return save_id, game


def raw(store_path: Path) -> sqlite3.Connection:
    return sqlite3.connect(str(store_path), isolation_level=None)


# -- where the store lives ---------------------------------------------------------------------


def test_the_environment_variable_chooses_the_folder_and_the_store_uses_wal(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_TUI_DATA", str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data"
    with Store.open() as s:
        assert s.path == tmp_path / "data" / "store.db"
        assert s.problems == []
        assert s._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert s._conn.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
        assert s._conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert (tmp_path / "data" / "store.db").is_file()


def test_without_the_variable_the_store_is_in_the_user_data_folder(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("TABLETOP_TUI_DATA", raising=False)
    assert data_dir() == Path(platformdirs.user_data_dir("tabletop-tui"))
    # a file name ending in .db is used as it is
    with Store.open(tmp_path / "elsewhere.db") as s:
        assert s.path == tmp_path / "elsewhere.db"
    assert (tmp_path / "elsewhere.db").is_file()


# -- autosave, load, undo ----------------------------------------------------------------------


def test_autosaved_moves_load_back_as_the_same_game(store):
    save_id, game = autosaved_game(store, n=9, computer=[1], seed=5, target=500)
    saved = store.load(save_id)
    assert saved["record"] == game.record()
    assert saved["computer"] == [1]
    assert saved["title"] == "Counting"
    assert saved["finished"] is False and saved["outcome"] is None
    assert saved["created"] < saved["updated"]
    again = Counting.from_record(saved["record"])
    assert again.view(0) == game.view(0) and again.history == game.history


def test_a_new_game_may_come_with_moves_and_options(store):
    game = Counting(["Ada", "Bo"], 3, target=30)
    play(game, random.Random(3), 6)
    save_id = store.new_game(game.record(), [], None)
    saved = store.load(save_id)
    assert saved["record"] == game.record()
    assert saved["record"]["options"] == {"target": 30}
    assert saved["title"] == "counting"  # no title given: the game id
    store.sync(save_id, 6, [[game.to_act()[0], ["add", 1]]])
    assert len(store.load(save_id)["record"]["moves"]) == 7


def test_an_undo_keeps_the_first_moves_and_play_goes_on(store):
    save_id, game = autosaved_game(store, n=8, target=1000)
    store.sync(save_id, 5, [])
    saved = store.load(save_id)["record"]
    assert saved["moves"] == game.record()["moves"][:5]
    store.sync(save_id, 5, [[Counting.from_record(saved).to_act()[0], ["add", 1]]])
    assert len(store.load(save_id)["record"]["moves"]) == 6
    store.sync(save_id, 0, [])
    assert store.load(save_id)["record"]["moves"] == []
    with pytest.raises(StoreError, match="has 0 moves, not the 10"):  # nothing kept past the end
        store.sync(save_id, 10, [])
    with pytest.raises(StoreError, match="deleted"):
        store.sync("nope", 0, [])
    with pytest.raises(StoreError, match="whole number"):
        store.sync(save_id, -2, [])


def test_undoing_the_last_move_of_a_finished_game_unfinishes_it(store):
    save_id, game = autosaved_game(store, seed=2)
    assert store.load(save_id)["finished"] and store.stats("counting")
    store.sync(save_id, len(game.history), [])  # keeps every move: still finished
    assert store.load(save_id)["finished"]
    store.sync(save_id, len(game.history) - 1, [])
    saved = store.load(save_id)
    assert not saved["finished"] and saved["outcome"] is None
    assert store.stats() == []
    assert [r["id"] for r in store.unfinished()] == [save_id]


# -- listings ----------------------------------------------------------------------------------


def test_unfinished_lists_summaries_newest_first_without_finished_games(store):
    a, game_a = autosaved_game(store, ["Ada", "Bo"], seed=1, n=3, target=1000, computer=[1])
    b, _ = autosaved_game(store, ["Cy", "Dee"], seed=2, n=2, target=1000)
    done, _ = autosaved_game(store, ["Eve", "Fay"], seed=3)
    c = store.new_game(Counting(["Gus", "Hal"], 4).record(), [0, 1], "Counting")
    store.sync(a, 3, [[game_a.to_act()[0], ["add", 1]]])  # a was played last
    rows = store.unfinished()
    assert [r["id"] for r in rows] == [a, c, b]
    first = rows[0]
    assert first["game"] == "counting" and first["title"] == "Counting"
    assert first["players"] == ["Ada", "Bo"] and first["computer"] == [1]
    assert first["moves"] == 4 and first["finished"] is False and first["broken"] is None
    assert first["updated"] > first["created"]
    assert rows[1]["moves"] == 0 and rows[1]["computer"] == [0, 1]
    everything = store.all_saves()
    assert {r["id"] for r in everything} == {a, b, c, done}
    assert next(r for r in everything if r["id"] == done)["finished"] is True
    json.dumps(rows)  # the command line prints them as JSON


def test_delete_removes_a_game_its_moves_and_standings(store, tmp_path):
    keep, _ = autosaved_game(store, seed=1, n=2, target=1000)
    gone, _ = autosaved_game(store, seed=2)
    assert store.stats()
    store.delete(gone)
    store.delete("no-such-save")
    assert [r["id"] for r in store.all_saves()] == [keep]
    assert store.stats() == []
    with pytest.raises(StoreError, match="no saved game"):
        store.load(gone)
    con = raw(store.path)
    assert con.execute("SELECT count(*) FROM moves WHERE save_id = ?", (gone,)).fetchone()[0] == 0
    con.close()


# -- finished games and statistics ---------------------------------------------------------------


def test_finish_keeps_the_record_and_stats_count_played_wins_and_best_place(store):
    rnd = random.Random(7)
    expected: dict[tuple[str, str], list[int]] = {}
    for i in range(12):
        players = rnd.sample(["Ada", "Bo", "Cy"], 2)
        save_id, game = autosaved_game(store, players, seed=i, rnd=rnd)
        saved = store.load(save_id)
        assert saved["finished"] and saved["record"] == game.record()
        assert saved["outcome"] == game.outcome().to_json()
        for s in game.outcome().standings:
            expected.setdefault(("counting", s.name), []).append(s.place)
    # a game of another id, by hand (the store does not need its rules to keep its statistics)
    other = store.new_game({"game": "other", "players": ["Ada", "Zed"], "seed": 0, "moves": []}, [1], "Other")
    store.sync(other, 0, [], {"summary": "a tie", "standings": [
        {"seat": 0, "name": "Ada", "place": 1, "score": 3}, {"seat": 1, "name": "Zed", "place": 1, "score": 3}]})
    rows = store.stats("counting")
    assert {(r["game"], r["player"]) for r in rows} == set(expected)
    for r in rows:
        places = expected[(r["game"], r["player"])]
        assert (r["played"], r["wins"], r["drawn"], r["best"]) == (len(places), places.count(1), 0, min(places))
    assert [r["wins"] for r in rows] == sorted((r["wins"] for r in rows), reverse=True)
    both = store.stats()
    assert [r for r in both if r["game"] == "other"] == [
        {"game": "other", "player": "Ada", "played": 1, "wins": 0, "drawn": 1, "best": 1},
        {"game": "other", "player": "Zed", "played": 1, "wins": 0, "drawn": 1, "best": 1},
    ]
    assert store.stats("nothing-here") == []
    assert store.unfinished() == []


def test_a_shared_first_place_counts_as_drawn_never_as_won(store):
    def finished(places):
        players = list(places)
        save_id = store.new_game({"game": "other", "players": players, "seed": 0, "moves": []}, [], "Other")
        store.sync(save_id, 0, [], {"summary": "", "standings": [
            {"seat": s, "name": name, "place": places[name], "score": 0} for s, name in enumerate(players)]})

    finished({"Ada": 1, "Bo": 1, "Cy": 3})  # Ada and Bo draw
    finished({"Ada": 1, "Bo": 2, "Cy": 2})  # Ada wins; Bo and Cy share second: no draw for them
    finished({"Ada": 2, "Bo": 1, "Cy": 2})  # Bo wins
    rows = {r["player"]: (r["played"], r["wins"], r["drawn"], r["best"]) for r in store.stats("other")}
    assert rows == {"Ada": (3, 1, 1, 1), "Bo": (3, 1, 1, 1), "Cy": (3, 0, 0, 2)}
    assert [r["player"] for r in store.stats("other")] == ["Ada", "Bo", "Cy"]


def test_finishing_again_replaces_the_standings_and_bad_outcomes_are_refused(store):
    save_id, game = autosaved_game(store, seed=4)
    moves = len(game.history)
    store.sync(save_id, moves, [], game.outcome().to_json())
    assert sum(r["played"] for r in store.stats()) == 2
    for bad in ({}, {"standings": [{"seat": 5, "name": "X", "place": 1}]}, {"standings": ["x"]},
                {"standings": [{"seat": 0, "name": "A", "place": 1}, {"seat": 0, "name": "A", "place": 2}]}):
        with pytest.raises(StoreError):
            store.sync(save_id, moves, [], bad)
    assert sum(r["played"] for r in store.stats()) == 2
    with pytest.raises(StoreError, match="deleted"):
        store.sync("nope", 0, [], game.outcome().to_json())


# -- settings ------------------------------------------------------------------------------------


def test_settings_remember_json_values_across_openings(tmp_path):
    with Store.open(tmp_path) as s:
        assert s.get_setting("force_curtain") is None
        assert s.get_setting("force_curtain", False) is False
        s.set_setting("setup.counting.names", ["Ada", "Bo"])
        s.set_setting("force_curtain", True)
        s.set_setting("force_curtain", False)
        with pytest.raises(StoreError):
            s.set_setting("x", object())
    with Store.open(tmp_path) as s:
        assert s.get_setting("setup.counting.names") == ["Ada", "Bo"]
        assert s.get_setting("force_curtain", True) is False
        s._conn.execute("UPDATE settings SET value = '{broken' WHERE key = 'force_curtain'")
        assert s.get_setting("force_curtain", "default") == "default"


# -- export and import ---------------------------------------------------------------------------


def test_export_writes_pretty_json_and_import_brings_it_back(store, tmp_path):
    save_id, game = autosaved_game(store, seed=9, n=7, computer=[0], target=500)
    path = tmp_path / "out" / "game.json"
    path.parent.mkdir()
    store.export(save_id, path)
    text = path.read_text(encoding="utf-8")
    doc = json.loads(text)
    assert doc["format"] == FILE_FORMAT and doc["format_version"] == FILE_FORMAT_VERSION
    assert doc["record"] == game.record() and doc["computer"] == [0] and doc["finished"] is False
    assert text.count("\n") > 20 and '\n  "record": {\n' in text
    assert '\n      [0, ["' in text  # one move a line
    with pytest.raises(StoreError, match=f"already saved, as {save_id}"):
        store.import_file(path)  # the same game twice
    store.delete(save_id)
    new_id = store.import_file(path)
    assert new_id != save_id
    saved = store.load(new_id)
    assert saved["record"] == game.record() and saved["computer"] == [0] and saved["title"] == "Counting"
    assert Counting.from_record(saved["record"]).view(1) == game.view(1)
    # an empty game too
    empty = store.new_game(Counting(["A", "B"], 0).record(), [], "Counting")
    store.export(empty, tmp_path / "empty.json")
    store.delete(empty)
    assert store.load(store.import_file(tmp_path / "empty.json"))["record"]["moves"] == []


def test_importing_a_finished_game_adds_it_to_the_statistics(tmp_path, clock):
    with Store.open(tmp_path / "a", rules=rules_of(RULES)) as a:
        save_id, game = autosaved_game(a, ["Ada", "Bo"], seed=11)
        a.export(save_id, tmp_path / "done.json")
    with Store.open(tmp_path / "b", rules=rules_of(RULES)) as b:
        new_id = b.import_file(tmp_path / "done.json")
        assert b.load(new_id)["finished"] and b.unfinished() == []
        winner = game.outcome().standings[0].name
        assert {r["player"]: r["wins"] for r in b.stats("counting")}[winner] == 1


def _exported(store, tmp_path) -> dict:
    save_id, _ = autosaved_game(store, seed=12, n=5, target=500)
    store.export(save_id, tmp_path / "good.json")
    return json.loads((tmp_path / "good.json").read_text())


@pytest.mark.parametrize("damage, message", [
    (lambda d: "this is not json", "not a tabletop-tui save, or it is damaged: the JSON breaks off"),
    (lambda d: json.dumps(d)[:-40], "the JSON breaks off or is wrong at line 1"),
    (lambda d: json.dumps([1, 2]), "is not a tabletop-tui save"),
    (lambda d: json.dumps({**d, "format": "something else"}), "is not a tabletop-tui save"),
    (lambda d: json.dumps({**d, "format_version": 99}), "save format 99 by a newer tabletop-tui"),
    (lambda d: json.dumps({**d, "format_version": "one"}), "format version 'one'"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "record"}), "the record is not a JSON object"),
    (lambda d: json.dumps({**d, "record": {**d["record"], "players": "Ada"}}), "no list of player names"),
    (lambda d: json.dumps({**d, "record": {**d["record"], "seed": "x"}}), "the seed 'x' is not a whole number"),
    (lambda d: json.dumps({**d, "record": {**d["record"], "moves": [[7, ["add", 1]]]}}), "seat 7, which is not at"),
    (lambda d: json.dumps({**d, "record": {**d["record"], "moves": [[0, [1, 2]]]}}), "move 1 is damaged"),
    (lambda d: json.dumps({**d, "record": {**d["record"], "game": "chess"}}), "'chess', which this program does not have"),
    (lambda d: json.dumps({**d, "record": {**d["record"], "rules_version": 2}}), "needs rules version 2 of Counting"),
    (lambda d: json.dumps({**d, "record": {**d["record"], "moves": [[1, ["add", 1]]]}}), "its moves do not replay"),
    (lambda d: json.dumps({**d, "record": {**d["record"], "players": ["Solo"], "moves": []}}), "takes exactly 2 players"),
    (lambda d: json.dumps({**d, "record": {**d["record"], "options": {"colour": 1}}}), "unknown option 'colour'"),
    (lambda d: json.dumps({**d, "computer": [4]}), "computer seats"),
])
def test_import_refuses_unknown_or_damaged_files_with_a_reason(store, tmp_path, damage, message):
    doc = _exported(store, tmp_path)
    before = len(store.all_saves())
    bad = tmp_path / "bad.json"
    bad.write_text(damage(doc), encoding="utf-8")
    with pytest.raises(StoreError) as err:
        store.import_file(bad)
    assert message in str(err.value) and err.value.reason == str(err.value)
    assert str(err.value).startswith("bad.json") or "bad.json" in str(err.value)
    assert len(store.all_saves()) == before


def test_import_and_export_report_file_problems(store, tmp_path):
    with pytest.raises(StoreError, match="cannot read"):
        store.import_file(tmp_path / "missing.json")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(StoreError, match="not text"):
        store.import_file(tmp_path / "binary.json")
    save_id, _ = autosaved_game(store, n=2, target=500)
    with pytest.raises(StoreError, match="cannot write"):
        store.export(save_id, tmp_path / "no-such-folder" / "x.json")
    with pytest.raises(StoreError, match="no saved game"):
        store.export("nope", tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def test_the_default_rules_come_from_the_catalog_lazily(tmp_path, clock):
    with Store.open(tmp_path) as s:  # no rules given
        save_id = s.new_game({"game": "no-such-game", "players": ["A", "B"], "moves": []}, [], None)
        assert s.load(save_id)["record"]["game"] == "no-such-game"  # unknown game: handed over as it is
        assert s.unfinished()[0]["broken"] is None
        s.export(save_id, tmp_path / "g.json")
        with pytest.raises(StoreError, match="which this program does not have"):
            s.import_file(tmp_path / "g.json")


# -- damaged databases and records ---------------------------------------------------------------


def _store_with_a_game(folder: Path) -> tuple[str, bytes]:
    s = Store.open(folder, rules=rules_of(RULES))
    save_id, _ = autosaved_game(s, n=30, target=10**6)
    s.close()
    return save_id, (folder / "store.db").read_bytes()


def _damage_garbage(file: Path) -> None:
    file.write_bytes(os.urandom(3000))


def _damage_truncate(file: Path) -> None:
    data = file.read_bytes()
    file.write_bytes(data[: len(data) // 2])


def _damage_drop_table(file: Path) -> None:
    con = raw(file)
    con.execute("DROP TABLE standings")
    con.close()


def _damage_header(file: Path) -> None:
    data = bytearray(file.read_bytes())
    data[0:16] = b"Not SQLite, sir\0"
    file.write_bytes(bytes(data))


def _damage_foreign(file: Path) -> None:
    file.unlink()
    con = raw(file)
    con.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    con.close()


@pytest.mark.parametrize("damage, reason", [
    (_damage_garbage, "not a database"),
    (_damage_truncate, "malformed"),
    (_damage_drop_table, "the table 'standings' is missing"),
    (_damage_header, "not a database"),
    (_damage_foreign, "not a tabletop-tui store"),
])
def test_a_damaged_database_is_reported_moved_aside_and_replaced(tmp_path, damage, reason):
    _store_with_a_game(tmp_path)
    file = tmp_path / "store.db"
    damage(file)
    damaged_bytes = file.read_bytes()
    with Store.open(tmp_path, rules=rules_of(RULES)) as s:
        assert len(s.problems) == 1
        problem = s.problems[0]
        assert "damaged" in problem and reason in problem and "moved aside" in problem
        aside = [p for p in tmp_path.iterdir() if p.name.startswith("store.db.damaged-")]
        assert len(aside) == 1 and aside[0].name in problem
        assert aside[0].read_bytes() == damaged_bytes  # kept byte for byte
        # the fresh store works
        assert s.path == file and s.unfinished() == []
        save_id, game = autosaved_game(s, n=3, target=100)
        assert s.load(save_id)["record"] == game.record()
    with Store.open(tmp_path, rules=rules_of(RULES)) as s:
        assert s.problems == [] and len(s.unfinished()) == 1


def test_a_second_damage_gets_its_own_aside_name(tmp_path, monkeypatch):
    import datetime

    monkeypatch.setattr(store_module, "_now", lambda: datetime.datetime(2030, 1, 2, 3, 4, 5).timestamp())
    for _ in range(2):
        (tmp_path / "store.db").write_bytes(b"garbage" * 500)
        Store.open(tmp_path).close()
    names = sorted(p.name for p in tmp_path.iterdir() if ".damaged-" in p.name)
    assert names == ["store.db.damaged-20300102-030405", "store.db.damaged-20300102-030405-2"]


def test_a_store_from_a_newer_program_is_left_alone(tmp_path):
    _store_with_a_game(tmp_path)
    con = raw(tmp_path / "store.db")
    con.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    con.close()
    before = (tmp_path / "store.db").read_bytes()
    with Store.open(tmp_path) as s:
        assert s.path is None and "newer tabletop-tui" in s.problems[0] and "left as it is" in s.problems[0]
        assert not s.writable
        with pytest.raises(StoreError, match="newer tabletop-tui"):  # never a save kept in memory as if saved
            s.new_game(Counting(["A", "B"], 0).record(), [], None)
        assert s.unfinished() == []
    assert (tmp_path / "store.db").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if ".damaged" in p.name] == []


def test_an_unreachable_folder_gives_a_store_that_refuses_writes_until_the_folder_can_be_made(tmp_path):
    (tmp_path / "a-file").write_text("x")
    with Store.open(tmp_path / "a-file" / "data") as s:
        assert s.path is None and "cannot be created" in s.problems[0] and not s.writable
        with pytest.raises(StoreError, match="cannot be made"):
            s.new_game(Counting(["A", "B"], 0).record(), [], None)
        assert s.unfinished() == []
        (tmp_path / "a-file").unlink()  # the way is free: the next write makes the folder and the store
        save_id = s.new_game(Counting(["A", "B"], 0).record(), [], None)
        s.sync(save_id, 0, [[0, ["add", 1]]])
        assert s.writable and s.path == tmp_path / "a-file" / "data" / "store.db"
    with Store.open(tmp_path / "a-file" / "data") as s:
        assert s.load(save_id)["record"]["moves"] == [[0, ["add", 1]]]


@pytest.mark.parametrize("sqlite_json", [True, False], ids=["sqlite-json", "python-only"])
def test_one_unreadable_save_is_reported_and_kept_while_the_others_list(store, monkeypatch, sqlite_json):
    if not sqlite_json:  # an SQLite without its JSON functions: every save is read in full
        monkeypatch.setattr(Store, "_unreadable_moves", lambda self, where: None)
    good, _ = autosaved_game(store, seed=1, n=4, target=500)
    bad_move, _ = autosaved_game(store, ["Cy", "Dee"], seed=2, n=5, target=500)
    bad_setup, _ = autosaved_game(store, seed=3, n=2, target=500)
    bad_seats, _ = autosaved_game(store, seed=4, n=2, target=500)
    con = raw(store.path)
    con.execute("UPDATE moves SET move = '[\"add\", 1' WHERE save_id = ? AND idx = 2", (bad_move,))
    con.execute("UPDATE saves SET setup = 'garbage' WHERE id = ?", (bad_setup,))
    con.execute("UPDATE saves SET computer = '[9]' WHERE id = ?", (bad_seats,))
    con.close()
    with pytest.raises(StoreError, match=r"save .* is damaged: move 3 is not readable"):
        store.load(bad_move)
    with pytest.raises(StoreError, match="players, seed and options are not readable"):
        store.load(bad_setup)
    with pytest.raises(StoreError, match="computer seats"):
        store.load(bad_seats)
    rows = {r["id"]: r for r in store.unfinished()}
    assert set(rows) == {good, bad_move, bad_setup, bad_seats}
    assert rows[good]["broken"] is None
    assert "move 3 is not readable" in rows[bad_move]["broken"]
    assert rows[bad_move]["players"] == ["Cy", "Dee"] and rows[bad_move]["moves"] == 5
    assert "not readable" in rows[bad_setup]["broken"] and rows[bad_setup]["players"] == []
    assert rows[bad_seats]["broken"]
    with pytest.raises(StoreError, match="damaged"):
        store.export(bad_move, store.path.parent / "x.json")
    assert len(store.all_saves()) == 4  # nothing deleted
    assert store.load(good)["record"]["moves"]


def test_a_move_missing_in_the_middle_is_reported(store):
    save_id, _ = autosaved_game(store, n=5, target=500)
    con = raw(store.path)
    con.execute("DELETE FROM moves WHERE save_id = ? AND idx = 1", (save_id,))
    con.close()
    with pytest.raises(StoreError, match="move 2 is missing"):
        store.load(save_id)
    assert "move 2 is missing" in store.unfinished()[0]["broken"]


# -- rules versions ------------------------------------------------------------------------------


def test_a_save_from_newer_rules_is_refused_and_kept(tmp_path, clock):
    with Store.open(tmp_path, rules=rules_of({"counting": CountingV2})) as newer:
        save_id, game = autosaved_game(newer, n=4, target=500)
        assert newer.load(save_id)["record"]["rules_version"] == 1
        con = raw(newer.path)
        con.execute("UPDATE saves SET rules_version = 2 WHERE id = ?", (save_id,))
        con.close()
    with Store.open(tmp_path, rules=rules_of(RULES)) as older:
        with pytest.raises(StoreError) as err:
            older.load(save_id)
        assert str(err.value) == ("this save needs rules version 2 of Counting and this program has version 1; "
                                  "the save is kept for a newer tabletop-tui")
        row = older.unfinished()[0]
        assert row["id"] == save_id and "needs rules version 2" in row["broken"]
        older.export(save_id, tmp_path / "newer.json")  # can still be carried to a newer program
    with Store.open(tmp_path, rules=rules_of({"counting": CountingV2})) as newer:
        assert newer.load(save_id)["record"]["moves"] == game.record()["moves"]


def test_a_save_from_older_rules_is_loaded_as_it_is_without_a_migration(tmp_path, clock):
    with Store.open(tmp_path, rules=rules_of({"counting": CountingV2})) as s:
        save_id, game = autosaved_game(s, n=6, target=500)  # record says version 1
        saved = s.load(save_id)
        assert saved["record"]["rules_version"] == 1
        assert CountingV2.from_record(saved["record"]).view(0) == game.view(0)


def test_a_migration_step_of_the_rules_class_rewrites_the_save_and_keeps_the_original(tmp_path, clock):
    with Store.open(tmp_path, rules=rules_of({"counting": CountingV2Capitals})) as s:
        save_id, game = autosaved_game(s, ["Ada", "Bo"], n=4, target=500)
        saved = s.load(save_id)
        assert saved["record"]["rules_version"] == 2 and saved["record"]["players"] == ["ADA", "BO"]
        assert saved["record"]["moves"] == game.record()["moves"]
        again = s.load(save_id)  # stored migrated: not migrated twice
        assert again["record"] == saved["record"]
        s.sync(save_id, 4, [[CountingV2.from_record(again["record"]).to_act()[0], ["add", 1]]])
        con = raw(s.path)
        original = json.loads(con.execute("SELECT original FROM saves WHERE id = ?", (save_id,)).fetchone()[0])
        con.close()
        assert original == game.record()
        assert s.unfinished()[0]["players"] == ["ADA", "BO"]


#: The games whose rules changed: the options that keep version 1's reading of a record (through every
#: later version's step).
OLD_READINGS = {
    "thief-dice": {"payment_ceiling": "none"},
    "second-story": {"second_chance_miss": "keep"},
    "pontifuse": {"replay_limit": 0},
    "ten-die-poker": {"ante_doubles_every": 0},
    "monster-builder": {"opening": "rolled"},
    "thief-in-the-night": {"entry": "unseen", "edge_showdown": "play on"},
}


@pytest.mark.parametrize("game_id", sorted(OLD_READINGS))
def test_a_game_whose_rules_changed_says_on_its_class_how_its_older_saves_read(tmp_path, clock, game_id):
    from tabletop_tui import catalog

    rules = catalog.get(game_id).rules_class()
    assert rules.rules_version >= 2 and set(rules.migrations) == set(range(1, rules.rules_version))
    record = rules([f"P{i}" for i in range(rules.min_players)], 3).record()
    old = dict(record, rules_version=1, options={})  # a record of version 1 that chose no option
    with Store.open(tmp_path) as s:
        migrated = s.load(s.new_game(old, [], None))["record"]
        assert migrated == dict(record, options=OLD_READINGS[game_id])
        # a record of version 1 that chose its own value keeps it
        chosen = dict(old, options={**{k: None for k in OLD_READINGS[game_id]}})
        assert rules.migrations[1](dict(chosen))["options"] == chosen["options"]


def test_the_migration_steps_are_rules_that_import_nothing_but_the_standard_library():
    code = ("import sys; import tabletop_tui.rules.migrations; "
            "print(sorted(m for m in sys.modules if m.startswith(('tabletop_tui.store', 'textual', 'rich'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(HERE.parent), check=True)
    assert out.stdout.strip() == "[]"


# -- concurrency and kills -----------------------------------------------------------------------


def test_two_connections_in_one_process_share_the_store(tmp_path, clock):
    a = Store.open(tmp_path, rules=rules_of(RULES))
    b = Store.open(tmp_path, rules=rules_of(RULES))
    save_id = a.new_game(Counting(["Ada", "Bo"], 0, target=10**6).record(), [], "Counting")
    for i in range(20):
        (a if i % 2 else b).sync(save_id, i, [[i % 2, ["add", 1]]])
        (b if i % 2 else a).sync(save_id, i, [[i % 2, ["add", 1]]])  # the same move again: harmless
    assert len(b.load(save_id)["record"]["moves"]) == 20
    b.set_setting("k", 1)
    assert a.get_setting("k") == 1
    a.close()
    b.close()


def test_threads_may_share_one_store(tmp_path, clock):
    s = Store.open(tmp_path, rules=rules_of(RULES))
    ids = [s.new_game(Counting(["A", "B"], i, target=10**6).record(), [], None) for i in range(4)]
    errors = []

    def worker(save_id):
        try:
            for i in range(50):
                s.sync(save_id, i, [[i % 2, ["add", 2]]])
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [r["moves"] for r in s.unfinished()] == [50] * 4
    s.close()


def _child(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(CHILD), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=str(HERE.parent))


#: The writers of a race: two children and this process.
RACERS = (1, 2, 3)


def retrying(write, timeout: float = 120.0):
    """A write of a racer, tried again while another writer has the store (a session's writes wait
    only `QUICK_BUSY_MS` for a lock); `timeout` only ends a race whose other writers died."""
    waited = 0.0
    while True:
        try:
            return write()
        except StoreError:
            if waited > timeout:
                raise
            time.sleep(0.005)
            waited += 0.005


def race_moves(store: Store, folder: Path, seed: int, n: int, timeout: float = 120.0) -> tuple[str, Counting]:
    """n moves of a new game, each autosaved as a session saves them, by one writer of a race: a move
    that finds the store locked by another writer is saved with the next one. Each writer says (by a
    file in `folder`) that its first move is saved, and saves its last move only once every writer
    has saved its first; so the writes overlap however fast or slow each process is. `timeout` only
    ends a race whose other writers died."""
    rnd = random.Random(seed)
    game = Counting(["Ada", "Bo"], seed, target=10**12)
    save_id = retrying(lambda: store.new_game(game.record(), [1], "Counting"), timeout)
    made: list[list] = []
    saved = 0
    waited = 0.0
    while saved < n:
        if len(made) < n:
            seat = game.to_act()[0]
            move = rnd.choice(game.legal_moves(seat))
            game.play(seat, move)
            made.append([seat, move.to_json()])
        if len(made) == n:
            while len(list(folder.glob("started-*"))) < len(RACERS) and waited < timeout:
                time.sleep(0.01)
                waited += 0.01
        try:
            store.sync(save_id, saved, made[saved:])
        except StoreError:  # another writer has the store: these moves are saved with the next
            time.sleep(0.001 if len(made) == n else 0)
            continue
        if not saved:
            (folder / f"started-{seed}").touch()
        saved = len(made)
    return save_id, game


def test_two_processes_writing_at_once_do_not_corrupt_the_store(tmp_path):
    n = 1500
    Store.open(tmp_path).close()
    start = time.time() + 1.0  # the children are ready by then, and all three write at once
    children = [_child("race", str(tmp_path), str(seed), str(n), str(start)) for seed in RACERS[:2]]
    with Store.open(tmp_path, rules=rules_of(RULES)) as s:  # and this process writes too
        time.sleep(max(0.0, start - time.time()))
        mine, game = race_moves(s, tmp_path, RACERS[2], n)
    outputs = [c.communicate(timeout=60) for c in children]
    for child, (out, err) in zip(children, outputs):
        assert child.returncode == 0, err
    with Store.open(tmp_path, rules=rules_of(RULES)) as s:
        assert s.problems == []
        assert s._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        ids = [out.split()[-1] for out, _ in outputs] + [mine]
        spans = []
        for save_id in ids:
            record = s.load(save_id)["record"]
            assert len(record["moves"]) == n
            Counting.from_record(record)
            spans.append(s._conn.execute("SELECT min(at), max(at) FROM moves WHERE save_id = ?", (save_id,)).fetchone())
        assert s.load(mine)["record"] == game.record()
        assert s.get_setting("race.1") == n and s.get_setting("race.2") == n
    # the writing really overlapped (each writer saved its first move before any saved its last)
    assert max(first for first, _ in spans) < min(last for _, last in spans)


def test_killing_the_process_loses_at_most_the_move_being_made(tmp_path):
    rnd = random.Random(2024)
    Store.open(tmp_path).close()
    survivors: dict[str, list] = {}
    for round_ in range(8):
        child = _child("autosave", str(tmp_path), str(round_))
        header = child.stdout.readline().split()
        assert header[:1] == ["save"], child.stderr.read()
        save_id = header[1]
        wanted = rnd.randrange(5, 120)
        printed = []
        while len(printed) < wanted:
            printed.append(json.loads(child.stdout.readline()))
        time.sleep(rnd.random() * 0.003)  # anywhere in the next move or so
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
        rest = child.stdout.read()  # what it printed before it died (a cut-off last line is not counted)
        child.stdout.close()
        child.stderr.close()
        printed += [json.loads(line) for line in rest.splitlines(keepends=True) if line.endswith("\n")]
        with Store.open(tmp_path, rules=rules_of(RULES)) as s:
            assert s.problems == []
            record = s.load(save_id)["record"]
        moves = record["moves"]
        # every move reported as saved is there, in order; at most the one in progress is beyond
        assert [m["index"] for m in printed] == list(range(len(printed)))
        assert moves[: len(printed)] == [[m["seat"], m["move"]] for m in printed]
        assert len(printed) <= len(moves) <= len(printed) + 1
        assert len(Counting.from_record(record).history) == len(moves)
        survivors[save_id] = moves
    # a kill at an arbitrary moment, maybe while the store opens or the game is created
    for delay in (0.0, 0.05, 0.15):
        child = _child("autosave", str(tmp_path), "99")
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=30)
    with Store.open(tmp_path, rules=rules_of(RULES)) as s:
        assert s.problems == []
        assert s._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        for save_id, moves in survivors.items():
            assert s.load(save_id)["record"]["moves"] == moves
        for row in s.unfinished():
            assert row["broken"] is None
            Counting.from_record(s.load(row["id"])["record"])


# -- a model of the store, driven at random --------------------------------------------------------


def test_random_operations_keep_the_store_equal_to_the_games(store):
    """Many games at once, moves, undos, finishes and deletes in a seeded random order: after each
    step every save loads as the game it mirrors, and the statistics count the finished ones."""
    rnd = random.Random(77)
    games: dict[str, Counting] = {}
    for step in range(2000):
        action = rnd.random()
        if action < 0.08 or not games:
            game = Counting(rnd.sample(["Ada", "Bo", "Cy", "Dee"], 2), rnd.randrange(1000), target=rnd.randrange(5, 40))
            games[store.new_game(game.record(), rnd.sample([0, 1], rnd.randrange(3)), "Counting")] = game
            continue
        save_id = rnd.choice(sorted(games))
        game = games[save_id]
        if action < 0.75 and game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, rnd.choice(game.legal_moves(seat)))
            store.sync(save_id, len(game.history) - 1, [[seat, game.history[-1][1].to_json()]])
            if game.outcome() is not None:
                store.sync(save_id, len(game.history), [], game.outcome().to_json())
        elif action < 0.9 and game.history:
            keep = rnd.randrange(len(game.history))
            game = games[save_id] = Counting.replay(game.players, game.seed, game.options, game.history[:keep])
            store.sync(save_id, keep, [])
        elif action < 0.93:
            store.delete(save_id)
            del games[save_id]
        if step % 100 == 0 or step == 1999:
            for sid, g in games.items():
                saved = store.load(sid)
                assert saved["record"] == g.record()
                assert saved["finished"] == (g.outcome() is not None)
            assert {r["id"] for r in store.unfinished()} == {s for s, g in games.items() if g.outcome() is None}
            wins: dict[str, int] = {}
            for g in games.values():
                if g.outcome() is not None:
                    for st in g.outcome().standings:
                        wins[st.name] = wins.get(st.name, 0) + (st.place == 1)
            assert {r["player"]: r["wins"] for r in store.stats("counting")} == wins


def test_a_save_from_before_stream_versions_resumes_exactly_as_it_was_played(store):
    old = Counting(["Ada", "Bo"], 5, stream=1)
    save_id = store.new_game(old.record(), [], "Counting")
    for _ in range(6):
        seat = old.to_act()[0]
        old.play(seat, Move("roll"))
        store.sync(save_id, len(old.history) - 1, [[seat, old.history[-1][1].to_json()]])
    # the saves table as it was written before the stream had versions: no "stream" in the setup
    con = raw(store.path)
    setup = json.loads(con.execute("SELECT setup FROM saves WHERE id = ?", (save_id,)).fetchone()[0])
    assert setup.pop("stream") == 1
    con.execute("UPDATE saves SET setup = ? WHERE id = ?", (json.dumps(setup), save_id))
    con.close()
    record = store.load(save_id)["record"]
    assert record["stream"] == 1
    again = Counting.from_record(record)
    assert again.total == old.total and again.history == old.history
    assert Counting.from_record(dict(record, stream=2)).total != old.total  # the version matters


def test_a_new_save_keeps_its_stream_version(store):
    save_id, game = autosaved_game(store, seed=4, n=5)
    assert store.load(save_id)["record"]["stream"] == game.stream == 2


def test_records_add_scores_form_and_tell_people_from_the_computer(store, monkeypatch):
    from tabletop_tui import store as store_module

    clock = iter(range(1000, 2000))
    monkeypatch.setattr(store_module, "_now", lambda: float(next(clock)))

    def finished(places, scores, computer=()):
        players = list(places)
        save_id = store.new_game({"game": "other", "players": players, "seed": 5, "moves": []}, list(computer), "Other")
        store.sync(save_id, 0, [], {"summary": "", "standings": [
            {"seat": s, "name": name, "place": places[name], "score": scores[s]} for s, name in enumerate(players)]})
        return save_id

    finished({"Ada": 1, "Bo": 2}, [10, 4])
    finished({"Ada": 1, "Bo": 1}, [7, 7])
    finished({"Ada": 2, "Bo": 1}, [3, "a flush"])
    last = finished({"Ada": 2, "Bo": 1}, [6, 9], computer=[1])  # a computer seat named Bo
    rows = {(r["player"], r["computer"]): r for r in store.records("other")}
    assert set(rows) == {("Ada", False), ("Bo", False), ("Bo", True)}
    ada = rows[("Ada", False)]
    assert (ada["played"], ada["wins"], ada["drawn"], ada["best"]) == (4, 1, 1, 1)
    assert ada["scores"] == [10, 7, 3, 6] and ada["high_score"] == 10 and ada["low_score"] == 3 and ada["average"] == 6.5
    assert ada["form"] == ["W", "D", 2, 2]
    bo = rows[("Bo", False)]
    assert bo["form"] == [2, "D", "W"] and bo["scores"] == [4, 7]  # a score in words is no number
    assert rows[("Bo", True)]["form"] == ["W"] and rows[("Bo", True)]["average"] == 9
    assert store.records("other", form=2)[0]["form"] == [2, 2]
    games = store.finished_games()
    assert games[0]["id"] == last and games[0]["seed"] == 5 and games[0]["computer"] == [1]
    assert [g["players"] for g in games] == [["Ada", "Bo"]] * 4
    assert store.records("nothing-here") == [] and store.finished_games("nothing-here") == []
    overall = {(r["player"], r["computer"]): r for r in store.records(by_game=False)}
    assert overall[("Ada", False)]["played"] == 4 and overall[("Ada", False)]["games"] == 1
    assert overall[("Ada", False)]["game"] == "" and overall[("Ada", False)]["scores"] == []


def test_a_game_nobody_won_is_played_neither_won_nor_drawn(store, monkeypatch):
    """A lost One Ball game (the game beat its one player: placed 2nd of one), beside a won one: the
    statistics count the loss played, not won and not drawn."""
    from tabletop_tui.rules.one_ball import OneBall

    clock = iter(range(1000, 2000))  # the games finish one after the other, as the form reads them
    monkeypatch.setattr(store_module, "_now", lambda: float(next(clock)))

    def played(moves):
        game = OneBall(["Solo"], 3, table="real")  # refereed: the moves by keys
        save_id = store.new_game(game.record(), [], "One Ball")
        for move in moves:
            game.play(0, move)
        store.sync(save_id, 0, [[seat, m.to_json()] for seat, m in game.history], game.outcome().to_json())
        return game

    lost = played([Move("done"), Move("call", ("foot-left",)), Move("foul", ("scratch",))])
    assert lost.outcome().nobody_won and lost.outcome().standings[0].place == 2
    rows = store.stats("one-ball")
    assert [(r["played"], r["wins"], r["drawn"], r["best"]) for r in rows] == [(1, 0, 0, 2)]
    record = store.records("one-ball")[0]
    assert (record["played"], record["wins"], record["drawn"], record["form"]) == (1, 0, 0, [2])
    won = played([Move("sink")] * 14 + [Move("done"), Move("call", ("foot-left",)), Move("made"), Move("done")])
    assert won.outcome().winner == 0
    rows = store.stats("one-ball")
    assert [(r["played"], r["wins"], r["drawn"], r["best"]) for r in rows] == [(2, 1, 0, 1)]
    record = store.records("one-ball")[0]
    assert (record["played"], record["wins"], record["drawn"], record["form"]) == (2, 1, 0, [2, "W"])


# -- values from files are quoted short and printable ---------------------------------------------


@pytest.mark.parametrize("move", [
    ["\x1b]0;owned\x07\x1b[2J" + "x" * 5000],  # a move that sets the window title, clears the screen, goes on
    ["add", "\x1b[2J" + "9" * 5000],
])
def test_an_import_refusal_quotes_the_refused_move_short_and_printable(store, tmp_path, move):
    doc = _exported(store, tmp_path)
    doc["record"]["moves"] = [[0, ["add", 1]], [1, move]]
    bad = tmp_path / "bad\x1b[2J.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(StoreError) as err:
        store.import_file(bad)
    message = str(err.value)
    assert "do not replay" in message and "move 2" in message
    assert "\x1b" not in message and "\x07" not in message and "\\x1b" in message
    assert len(message) < 400


def test_shorten_quotes_any_value_short_and_printable():
    from tabletop_tui.rules.words import quote, shorten

    nested: list = []
    for _ in range(5000):  # deeper than repr goes
        nested = [nested]
    assert len(shorten(nested)) <= 40
    assert shorten([10**5000]) and len(shorten([10**5000])) <= 40
    assert shorten("\x1b[2J" + "x" * 100) .startswith("'\\x1b[2J") and len(shorten("x" * 100)) == 40
    assert "\x1b" not in quote("move 3 (\x1b]0;title\x07) is refused") and len(quote("x" * 1000)) == 200


# -- listing saves never replays a game -----------------------------------------------------------


def _no_replay(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a listing replayed a game")

    monkeypatch.setattr(Counting, "replay", classmethod(refuse))


def test_listing_a_store_with_a_100000_move_save_does_not_replay_it(store, tmp_path, monkeypatch):
    from tabletop_tui.ui.app import TabletopApp

    record = Counting(["Ada", "Bo"], 3, target=10**6).record()
    record["moves"] = [[i % 2, ["add", 1]] for i in range(100_000)]
    doc = {"format": FILE_FORMAT, "format_version": FILE_FORMAT_VERSION, "record": record}
    (tmp_path / "long.json").write_text(json.dumps(doc), encoding="utf-8")
    save_id = store.import_file(tmp_path / "long.json")  # the import replays it, once
    _no_replay(monkeypatch)
    for rows in (store.unfinished(), store.all_saves()):
        assert [(r["id"], r["moves"], r["to_act"], r["turn"]) for r in rows] == [(save_id, 100_000, [0], "Ada")]
    assert TabletopApp(store=store).turn_label(store.unfinished()[0]) == "Ada"
    with Store.open(tmp_path, rules=rules_of(RULES)) as again:
        assert again.unfinished()[0]["turn"] == "Ada"


def test_a_save_without_a_summary_is_replayed_once_and_its_summary_kept(store, tmp_path, monkeypatch):
    """Saves written by an older program (or moves it added since) have no summary that matches them."""
    first, game = autosaved_game(store, seed=4, n=5, target=500)  # no to_act: the summary is the new game's
    replays = []
    real = Counting.replay.__func__

    def counted(cls, *args, **kwargs):
        replays.append(1)
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(Counting, "replay", classmethod(counted))
    row = store.unfinished()[0]
    assert row["to_act"] == game.to_act() and row["turn"] == game.players[game.to_act()[0]]
    assert len(replays) == 1
    store.unfinished()
    store.all_saves()
    assert len(replays) == 1
    # a store of an older program: no table of summaries at all; it is made at open, then filled once
    con = raw(store.path)
    con.execute("DROP TABLE summaries")
    con.close()
    with Store.open(tmp_path, rules=rules_of(RULES)) as older:
        assert older.unfinished()[0]["turn"] == row["turn"] and len(replays) == 2
        assert older.unfinished()[0]["turn"] == row["turn"] and len(replays) == 2
    # the older program plays on (a move, with no summary): the next listing sees it and replays once
    game.play(game.to_act()[0], Move("add", (1,)))
    store.sync(first, 5, [[game.history[-1][0], ["add", 1]]])
    assert store.unfinished()[0]["to_act"] == game.to_act() and len(replays) == 3
    assert store.unfinished()[0]["to_act"] == game.to_act() and len(replays) == 3


def test_a_session_keeps_whose_turn_it_is_with_every_save(data_dir):
    from tabletop_tui.session import Session

    s = Store.open(data_dir)
    session = Session.new("thief-dice", ["Ada", "Bo"], 5, store=s)
    session.autoplay(3)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(type(session.game), "replay", classmethod(lambda *a, **k: pytest.fail("replayed")))
        row = s.unfinished()[0]
    assert row["to_act"] == session.game.to_act()
    assert row["turn"] == ", ".join(session.players[x] for x in session.game.to_act())
    s.close()


def test_a_save_that_needs_a_migration_is_loaded_from_a_store_that_cannot_be_written(tmp_path, clock, monkeypatch):
    from test_saves_safety import _read_only_connect

    with Store.open(tmp_path, rules=rules_of(RULES)) as s:
        save_id, game = autosaved_game(s, ["Ada", "Bo"], n=4, target=500)
    _read_only_connect(monkeypatch, tmp_path, exists=True)
    with Store.open(tmp_path, rules=rules_of({"counting": CountingV2Capitals})) as s:
        assert not s.writable
        saved = s.load(save_id)  # migrated as it is read; written another time
        assert saved["record"]["players"] == ["ADA", "BO"] and saved["record"]["rules_version"] == 2
    con = raw(tmp_path / "store.db")
    assert con.execute("SELECT rules_version, original FROM saves").fetchall() == [(1, None)]
    con.close()
