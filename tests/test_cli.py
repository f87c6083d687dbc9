"""The command line as a user meets it: `python -m tabletop_tui ...` run as real processes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from tabletop_tui import catalog
from tabletop_tui.session import Session
from tabletop_tui.store import Store

GAME_IDS = [g.id for g in catalog.GAMES]
SUBCOMMANDS = ["list", "play", "simulate", "saves", "export", "import", "screenshots"]
TIMEOUT = 120  # seconds for one command: generous for a slow, loaded machine


@pytest.fixture
def cli(data_dir):
    """Run `tabletop-tui ARGS` in a fresh process on the test's save folder; never with a terminal."""

    def run(*args: str, cwd=None) -> subprocess.CompletedProcess:
        env = dict(os.environ, TABLETOP_TUI_DATA=str(data_dir), PYTHONUNBUFFERED="1")
        return subprocess.run(
            [sys.executable, "-m", "tabletop_tui", *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            env=env,
            cwd=cwd or data_dir,
            timeout=TIMEOUT,
        )

    return run


def assert_clean_failure(result: subprocess.CompletedProcess) -> str:
    """Exit status 2, one line on stderr, nothing on stdout, no traceback. Returns the line."""
    output = result.stdout + result.stderr
    assert "Traceback" not in output, output
    assert result.returncode == 2, (result.returncode, output)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stdout == "", result.stdout
    assert lines[0].startswith("tabletop-tui"), lines[0]
    return lines[0]


# -- list ------------------------------------------------------------------------------------------


def test_list_prints_one_line_per_game(cli):
    result = cli("list")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.strip().splitlines()
    assert len(lines) == len(GAME_IDS)
    for line, game_id in zip(lines, GAME_IDS):
        info = catalog.get(game_id)
        assert line.split()[0] == game_id
        assert info.title in line
        assert info.players_label in line


def test_list_json_describes_every_game(cli):
    result = cli("list", "--json")
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)
    assert isinstance(games, list)
    assert [g["id"] for g in games] == GAME_IDS
    for g in games:
        assert {"id", "title", "family", "min_players", "max_players"} <= set(g)
        assert isinstance(g["title"], str) and g["title"]
        assert isinstance(g["family"], str) and g["family"]
        assert isinstance(g["min_players"], int) and isinstance(g["max_players"], int)
        assert 1 <= g["min_players"] <= g["max_players"]
    by_id = {g["id"]: g for g in games}
    assert (by_id["pontifuse"]["min_players"], by_id["pontifuse"]["max_players"]) == (2, 2)
    assert (by_id["thief-dice"]["min_players"], by_id["thief-dice"]["max_players"]) == (2, 8)
    assert (by_id["second-story"]["min_players"], by_id["second-story"]["max_players"]) == (2, 5)


# -- help ------------------------------------------------------------------------------------------


def test_simulate_help_says_what_each_argument_is(cli):
    result = cli("simulate", "--help")
    assert result.returncode == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "--games GAMES how many games to play (at least 1)" in text
    assert "game the game id" in text
    assert "--option KEY=VALUE a game option" in text and "--json the figures as one JSON object" in text
    assert "--level SEAT=LEVEL how well the player in SEAT plays: easy, normal or hard (repeatable" in text


def test_simulate_plays_each_seat_at_its_level(cli):
    result = cli("simulate", "pontifuse", "--games", "30", "--seed", "2", "--level", "1=easy", "--level", "2 = Hard",
                 "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["levels"] == {"1": "easy", "2": "hard"}
    assert figures["levels_played"] == {"1": "easy", "2": "normal"}  # Pontifuse plays perfectly at normal
    assert figures["wins_by_seat"]["2"] > figures["wins_by_seat"]["1"]
    text = cli("simulate", "pontifuse", "--games", "2", "--level", "2=hard", "--search", "1").stdout
    assert "levels: seat 1 normal, seat 2 hard (plays normal, the nearest it has)" in text
    assert "SearchBot in seats 1" in text


@pytest.mark.parametrize("args", [["--help"], *[[c, "--help"] for c in SUBCOMMANDS]], ids=lambda a: " ".join(a))
def test_help_exits_zero(cli, args):
    result = cli(*args)
    assert result.returncode == 0, result.stderr
    assert "usage:" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    if len(args) == 1:
        for command in SUBCOMMANDS:
            assert command in result.stdout


# -- bad arguments ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [
        (["bogus"], "bogus"),
        (["play", "nope"], "nope"),
        (["play", "pontifuse", "--players", "Ada"], "not 1"),
        (["play", "pontifuse", "--computer", "9"], "9"),
        (["play", "pontifuse", "--option", "nope=1"], "nope"),
        (["play", "thief-dice", "--option", "points=abc"], "abc"),
        (["play", "thief-dice", "--option", "points"], "KEY=VALUE"),
        (["play", "thief-dice", "--players", "Ada,Ada"], "two seats are called Ada"),
        (["play", "thief-dice", "--players", "Ada," + "B" * 100_000], "longer than 16"),
        (["play", "thief-dice", "--players", "Ada,B\x1b[2J"], "cannot be shown"),
        (["play", "thief-dice", "--seed", "9" * 5000], "seed"),
        (["play", "ten-die-poker", "--option", "ante=100", "--option", "chips=40"], "ante (100)"),
        (["play", "thief-dice", "--seed", "x"], "x"),
        (["simulate", "x", "--games", "0"], "x"),
        (["simulate", "pontifuse", "--games", "0"], "--games"),
        (["simulate", "thief-dice", "--games", "1", "--players", "9"], "9"),
        (["simulate", "thief-dice", "--games", "1", "--random", "5"], "5"),
        (["simulate", "pontifuse"], "--games"),
        (["simulate", "thief-dice", "--games", "1", "--players", "0"], "not 0"),
        (["simulate", "thief-dice", "--games", "-2"], "--games must be at least 1"),
        (["simulate", "thief-dice", "--games", "1", "--limit", "0"], "--limit must be at least 1"),
        (["simulate", "thief-dice", "--games", "3", "--option", "nope=1"], "nope"),
        (["simulate", "thief-dice", "--games", "3", "--option", "points=abc"], "abc"),
        (["simulate", "thief-dice", "--games", "3", "--option", "points"], "KEY=VALUE"),
        (["simulate", "ten-die-poker", "--games", "3", "--option", "ante=20", "--option", "chips=10"], "ante"),
        (["simulate", "pontifuse", "--games", "1", "--level", "1=expert"], "the levels are easy, normal and hard"),
        (["simulate", "pontifuse", "--games", "1", "--level", "hard"], "--level takes SEAT=LEVEL (2=hard), not 'hard'"),
        (["simulate", "pontifuse", "--games", "1", "--level", "=hard"], "--level takes SEAT=LEVEL"),
        (["simulate", "pontifuse", "--games", "1", "--level", "1,2=hard"], "--level takes SEAT=LEVEL"),
        (["simulate", "pontifuse", "--games", "1", "--level", "3=hard"], "--level '3=hard': there is no seat 3"),
        (["simulate", "pontifuse", "--games", "1", "--level", "x=hard"], "--level 'x=hard': seats are numbers"),
        (["simulate", "pontifuse", "--games", "1", "--level", "1=hard", "--level", "1=easy"],
         "seat 1 is given two levels (hard and easy)"),
        (["simulate", "pontifuse", "--games", "1", "--search", "1", "--random", "1"], "both random and SearchBot"),
        (["export", "0123456789abcdef", "out.json"], "0123456789abcdef"),
        (["import", "missing.json"], "missing.json"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
def test_bad_arguments_fail_with_one_line(cli, args, words):
    line = assert_clean_failure(cli(*args))
    assert words in line


def test_import_of_files_that_are_not_saves_fails_with_one_line(cli, data_dir):
    (data_dir / "notes.txt").write_text("this is not JSON at all\n", encoding="utf-8")
    (data_dir / "other.json").write_text(json.dumps({"name": "a shopping list", "items": [1, 2]}), encoding="utf-8")
    (data_dir / "list.json").write_text("[1, 2, 3]", encoding="utf-8")
    (data_dir / "binary.json").write_bytes(bytes(range(256)))
    for name in ("notes.txt", "other.json", "list.json", "binary.json"):
        line = assert_clean_failure(cli("import", name))
        assert name in line
    # nothing was imported
    saves = cli("saves", "--json")
    assert saves.returncode == 0 and json.loads(saves.stdout) == []


def test_import_of_a_save_with_moves_that_do_not_replay_fails_with_one_line(cli, data_dir):
    store = Store.open(str(data_dir))
    try:
        session = Session.new("pontifuse", ["Ada", "Bo"], 5, store=store)
        seat = session.game.to_act()[0]
        session.play(seat, session.game.legal_moves(seat)[0])
        save_id = session.save_id
    finally:
        store.close()
    exported = cli("export", save_id, "good.json")
    assert exported.returncode == 0, exported.stderr
    doc = json.loads((data_dir / "good.json").read_text(encoding="utf-8"))
    doc["record"]["moves"].append([0, ["place", 99]])
    (data_dir / "bad.json").write_text(json.dumps(doc), encoding="utf-8")
    assert_clean_failure(cli("import", "bad.json"))


# -- simulate --------------------------------------------------------------------------------------

SIMULATE_KEYS = {"game", "games", "finished", "errors", "seconds", "games_per_second", "moves_per_game",
                 "wins_by_seat", "capped", "draws", "no_winner", "wins_by_position", "median_length",
                 "length_unit"}


def simulate_json(cli, *args: str) -> dict:
    result = cli("simulate", *args, "--json")
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert SIMULATE_KEYS <= set(report), set(report)
    assert report["errors"] == []
    assert report["finished"] + report["capped"] == report["games"]
    # a finished game has one winner, or is a draw (a first place shared), which is nobody's win
    assert sum(report["wins_by_seat"].values()) + report["draws"] + report["no_winner"] == report["finished"]
    assert sum(report["wins_by_position"].values()) + report["draws"] + report["no_winner"] == report["finished"]
    assert report["seconds"] >= 0
    assert report["moves_per_game"] > 0
    return report


#: options that shorten a game whose whole games are long (Wild Bill's 30 points: 150 shots, each simulated)
SHORTER = {"wild-bill": ("--option", "target=10")}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_simulate_json_plays_whole_games(cli, game_id):
    """The command's report for every game: its computer player in the first seat against random
    players (whole games of computer players only are the contract's, in process), at most four games
    (fewer where the computer player searches deeply), the computer at its easy level (how levels
    differ is tests/test_levels.py's)."""
    games = min(4, catalog.get(game_id).simulate_games)
    others = ",".join(str(s + 1) for s in range(1, catalog.get(game_id).min_players))
    report = simulate_json(cli, game_id, "--games", str(games), "--seed", "3", "--random", others,
                           "--level", "1=easy", *SHORTER.get(game_id, ()))
    assert report["game"] == game_id
    assert report["games"] == games
    info = catalog.get(game_id)
    assert set(report["wins_by_seat"]) == {str(s + 1) for s in range(info.min_players)}
    assert set(report["wins_by_position"]) == {str(s + 1) for s in range(info.min_players)}
    assert report["finished"] == report["games"]


def test_simulate_pontifuse_against_a_random_seat_finishes(cli):
    report = simulate_json(cli, "pontifuse", "--games", "12", "--random", "2")
    assert report["finished"] == report["games"] == 12
    assert report["capped"] == 0


def test_simulate_thief_dice_with_random_seats(cli):
    report = simulate_json(cli, "thief-dice", "--games", "8", "--random", "2,3", "--players", "3")
    assert report["finished"] == 8
    assert set(report["wins_by_seat"]) == {"1", "2", "3"}
    assert report.get("random_seats", [2, 3]) == [2, 3]
    text = cli("simulate", "thief-dice", "--games", "4", "--random", "2,3", "--players", "3")
    assert text.returncode == 0, text.stderr
    assert "thief-dice" in text.stdout and "Traceback" not in text.stderr


def test_simulate_is_repeatable_for_a_seed(cli):
    first = simulate_json(cli, "thief-dice", "--games", "5", "--seed", "11")
    second = simulate_json(cli, "thief-dice", "--games", "5", "--seed", "11")
    for key in ("finished", "capped", "moves_per_game", "wins_by_seat", "wins_by_position", "draws",
                "median_length"):
        assert first[key] == second[key]


# -- saves, export, import -------------------------------------------------------------------------


def make_saved_game(data_dir, game_id="second-story", moves=12, seed=21) -> tuple[str, dict]:
    store = Store.open(str(data_dir))
    try:
        assert store.problems == []
        session = Session.new(game_id, ["Ada", "Bo", "Cy"], seed, computer=[2], store=store)
        session.autoplay(moves)
        assert not session.over()
        return session.save_id, session.game.record()
    finally:
        store.close()


def test_saves_is_empty_on_a_fresh_store(cli):
    result = cli("saves")
    assert result.returncode == 0, result.stderr
    assert "No unfinished games" in result.stdout
    result = cli("saves", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []


def test_saves_lists_a_game_made_by_a_session(cli, data_dir):
    save_id, record = make_saved_game(data_dir)
    result = cli("saves", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [r["id"] for r in rows] == [save_id]
    row = rows[0]
    assert row["game"] == "second-story"
    assert row["players"] == ["Ada", "Bo", "Cy"]
    assert row["computer"] == [2]
    assert row["moves"] == len(record["moves"])
    assert row["finished"] is False and not row["broken"]
    text = cli("saves")
    assert text.returncode == 0, text.stderr
    assert save_id in text.stdout and "Ada, Bo, Cy" in text.stdout


def test_export_then_import_round_trips_a_game(cli, data_dir):
    save_id, record = make_saved_game(data_dir)
    # a unique prefix of the id is enough
    exported = cli("export", save_id[:6], "game.json")
    assert exported.returncode == 0, exported.stderr
    assert save_id in exported.stdout
    doc = json.loads((data_dir / "game.json").read_text(encoding="utf-8"))
    assert doc["record"]["moves"] == record["moves"]

    # the game is still here: importing it again would make a twin
    line = assert_clean_failure(cli("import", "game.json"))
    assert f"already saved, as {save_id}" in line
    store = Store.open(str(data_dir))
    original = Session.resume(store, save_id)
    store.delete(save_id)  # as on another machine, where the file is carried
    store.close()

    imported = cli("import", "game.json")
    assert imported.returncode == 0, imported.stderr
    new_id = imported.stdout.split("Imported as ", 1)[1].split(":", 1)[0].strip()
    assert new_id != save_id

    rows = json.loads(cli("saves", "--json").stdout)
    assert {r["id"] for r in rows} == {new_id}

    store = Store.open(str(data_dir))
    try:
        copy = Session.resume(store, new_id)
        assert store.load(new_id)["record"] == record
        assert copy.computer == original.computer == [2]
        assert copy.game.history == original.game.history
        for seat in (None, 0, 1, 2):
            assert copy.game.view(seat) == original.game.view(seat)
        assert copy.game.to_act() == original.game.to_act()
    finally:
        store.close()


def test_export_of_a_finished_game_imports_as_finished(cli, data_dir):
    store = Store.open(str(data_dir))
    try:
        session = Session.new("thief-dice", ["Ada", "Bo"], 4, store=store)
        session.autoplay(5000)
        assert session.over()
        save_id = session.save_id
        view = session.game.view(None)
    finally:
        store.close()
    assert cli("export", save_id, "done.json").returncode == 0
    with Store.open(str(data_dir)) as store:
        store.delete(save_id)
    imported = cli("import", "done.json")
    assert imported.returncode == 0, imported.stderr
    new_id = imported.stdout.split("Imported as ", 1)[1].split(":", 1)[0].strip()
    assert json.loads(cli("saves", "--json").stdout) == []  # finished games are not unfinished
    store = Store.open(str(data_dir))
    try:
        saved = store.load(new_id)
        assert saved["finished"] is True
        assert Session.resume(store, new_id).game.view(None) == view
    finally:
        store.close()


def test_export_to_a_folder_that_does_not_exist_fails_with_one_line(cli, data_dir):
    save_id, _ = make_saved_game(data_dir, moves=3)
    line = assert_clean_failure(cli("export", save_id, str(data_dir / "no" / "such" / "folder" / "x.json")))
    assert "x.json" in line


# -- files a person could hand you -------------------------------------------------------------------

MEMORY_LIMIT = 1 << 30  # bytes of address space for an import: far more than a save needs


def _limited():
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@pytest.fixture
def cli_limited(data_dir):
    """`tabletop-tui ARGS` with a ceiling on its memory and its time: an unbounded read fails the test
    instead of the machine."""

    def run(*args: str) -> subprocess.CompletedProcess:
        env = dict(os.environ, TABLETOP_TUI_DATA=str(data_dir))
        return subprocess.run([sys.executable, "-m", "tabletop_tui", *args], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, env=env, cwd=data_dir, timeout=60,
                              preexec_fn=_limited)

    return run


def _save_file(data_dir, name: str, **record_changes) -> str:
    """An exported game with parts of its record replaced."""
    store = Store.open(str(data_dir))
    try:
        session = Session.new("thief-dice", ["Ada", "Bo"], 4, store=store)
        session.autoplay(3)
        text = store.export_text(session.save_id)
        store.delete(session.save_id)
    finally:
        store.close()
    doc = json.loads(text)
    seed = record_changes.pop("seed", doc["record"]["seed"])  # written as digits: json cannot write 5,000
    doc["record"].update(record_changes, seed="SEED")
    text = json.dumps(doc).replace('"SEED"', str(seed))
    (data_dir / name).write_text(text, encoding="utf-8")
    return name


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_import_reads_only_regular_files(cli_limited, data_dir):
    line = assert_clean_failure(cli_limited("import", "/dev/zero"))
    assert "/dev/zero is not a regular file" in line
    os.mkfifo(data_dir / "pipe.json")  # nobody writes to it: a read would wait forever
    line = assert_clean_failure(cli_limited("import", "pipe.json"))
    assert "pipe.json is not a regular file" in line
    line = assert_clean_failure(cli_limited("import", str(data_dir)))
    assert "not a regular file" in line


def test_import_refuses_big_and_deep_files_early(cli_limited, data_dir):
    (data_dir / "deep.json").write_text("[" * 200_000 + "]" * 200_000)
    assert "nested too deeply" in assert_clean_failure(cli_limited("import", "deep.json"))
    moves = ",".join(['[0,["roll"]]'] * 1_300_000)  # about 17 MB
    (data_dir / "huge.json").write_text('{"format": "tabletop-tui save", "record": {"moves": [' + moves + "]}}")
    assert "too big to be a saved game" in assert_clean_failure(cli_limited("import", "huge.json"))
    many = _save_file(data_dir, "many.json", moves=[[0, ["roll"]]] * 200_000)
    assert "200,000 moves" in assert_clean_failure(cli_limited("import", many))


@pytest.mark.parametrize("changes, words", [
    ({"players": ["Ada", "\ud800"]}, "cannot be shown"),
    ({"players": ["Ada", "\x1b[2J\x1b[H"]}, "cannot be shown"),
    ({"players": ["Ada", ""]}, "blank"),
    ({"players": ["Ada", "   "]}, "blank"),
    ({"players": ["Ada", "Ada"]}, "two seats are called Ada"),
    ({"players": ["Ada", "B" * 100_000]}, "longer than 16"),
    ({"seed": "9" * 5000}, "not a tabletop-tui save"),
    ({"seed": 10**30}, "out of range"),
], ids=["surrogate", "escape", "blank", "spaces", "duplicate", "long", "5000 digits", "30 digits"])
def test_import_checks_names_and_seeds_as_setup_does(cli_limited, data_dir, changes, words):
    name = _save_file(data_dir, "bad.json", **changes)
    line = assert_clean_failure(cli_limited("import", name))
    assert "bad.json" in line and words in line
    assert len(line) < 300 and "\x1b" not in line
    assert json.loads(cli_limited("saves", "--json").stdout) == []


def test_saves_never_prints_control_characters(cli, data_dir):
    store = Store.open(str(data_dir))
    try:  # a store written by anything at all: the listing is what must be safe
        Session.new("thief-dice", ["Ada\x1b[2J", "Bo\rCy"], 4, store=store)
    finally:
        store.close()
    result = cli("saves")
    assert result.returncode == 0
    assert "\x1b" not in result.stdout and "\r" not in result.stdout
    assert "Ada\\x1b[2J" in result.stdout and "Bo\\rCy" in result.stdout


def test_export_replaces_only_regular_files_and_only_when_told(cli, data_dir, tmp_path):
    save_id, record = make_saved_game(data_dir, moves=3)
    target = tmp_path / "target.json"
    target.write_text("keep me")
    os.symlink(target, data_dir / "link.json")
    line = assert_clean_failure(cli("export", save_id, "link.json", "--force"))
    assert "not a regular file" in line
    assert (data_dir / "link.json").is_symlink() and target.read_text() == "keep me"
    os.mkfifo(data_dir / "pipe.json")
    assert "not a regular file" in assert_clean_failure(cli("export", save_id, "pipe.json", "--force"))
    (data_dir / "old.json").write_text("an older export")
    line = assert_clean_failure(cli("export", save_id, "old.json"))
    assert "already exists" in line and "--force" in line
    assert (data_dir / "old.json").read_text() == "an older export"
    assert cli("export", save_id, "old.json", "--force").returncode == 0
    assert json.loads((data_dir / "old.json").read_text())["record"]["moves"] == record["moves"]


def test_export_to_standard_output(cli, data_dir):
    save_id, record = make_saved_game(data_dir, moves=3)
    result = cli("export", save_id, "-")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["record"]["moves"] == record["moves"]


# -- the command line's own edges --------------------------------------------------------------------


def test_list_options_names_keys_labels_defaults_and_ranges(cli):
    result = cli("list", "--options", "ten-die-poker")
    assert result.returncode == 0, result.stderr
    assert "ante" in result.stdout and "a whole number 1..100; default 1" in result.stdout
    assert "carry (stay in the pot)" in result.stdout
    as_json = json.loads(cli("list", "--options", "ten-die-poker", "--json").stdout)
    ante = {o["key"]: o for o in as_json}["ante"]
    assert (ante["default"], ante["min"], ante["max"]) == (1, 1, 100)
    assert "nope" in assert_clean_failure(cli("list", "--options", "nope"))
    assert "list --options GAME" in cli("play", "--help").stdout


def test_saves_says_when_each_game_was_last_played_and_whose_turn_it_is(cli, data_dir):
    save_id, record = make_saved_game(data_dir, moves=3)
    with Store.open(str(data_dir)) as store:
        waiting = Session.resume(store, save_id, hold=False)
        turn = ", ".join(waiting.players[s] for s in waiting.game.to_act())
    line = [row for row in cli("saves").stdout.splitlines() if row.startswith(save_id)][0]
    assert turn and line.endswith(turn)
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", line)


def test_a_closed_output_ends_with_one_line_and_a_failure(data_dir):
    env = dict(os.environ, TABLETOP_TUI_DATA=str(data_dir))
    reader = subprocess.Popen([sys.executable, "-m", "tabletop_tui", "list", "--json"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=env)
    reader.stdout.close()  # like `| head -0`: nothing is read
    err = reader.stderr.read().decode()
    assert reader.wait(timeout=TIMEOUT) == 1
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and "closed" in err


def test_screenshots_to_a_path_that_cannot_be_a_folder_fails_with_one_line(cli, data_dir):
    (data_dir / "a-file").write_text("not a folder")
    line = assert_clean_failure(cli("screenshots", "--out", str(data_dir / "a-file")))
    assert "cannot be a folder" in line
    line = assert_clean_failure(cli("screenshots", "--out", str(data_dir / "a-file" / "below")))
    assert "cannot be a folder" in line


# -- saves: columns, seeds, a store that cannot be written, output that cannot be written -----------


def test_saves_lines_up_its_columns_whatever_the_names(cli, data_dir):
    from rich.cells import cell_len

    with Store.open(str(data_dir)) as store:
        Session.new("thief-dice", ["Ada", "Bo"], 1, store=store)
        Session.new("thief-dice", ["李小龍", "Maximilian Longer"], 2, store=store)  # wide characters, long names
        Session.new("second-story", ["Ç", "Dee", "Evangeline"], 3, store=store).autoplay(2)
    lines = cli("saves").stdout.splitlines()
    assert len(lines) == 4
    # where the time of the last play starts, counted in terminal cells, in the header and every row
    starts = [cell_len(line[: re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", line).start()]) for line in lines[1:]]
    assert set(starts) == {cell_len(lines[0][: lines[0].index("last played")])}
    turn = {cell_len(line[: line.rindex("  ") + 2]) for line in lines[1:]} | {cell_len(lines[0][: lines[0].index("turn")])}
    assert len(turn) == 1


def test_the_seed_of_an_unfinished_game_that_hides_hands_is_shown_nowhere(cli, data_dir):
    seed = 7_654_321_098_765_432_1
    with Store.open(str(data_dir)) as store:
        session = Session.new("shipwreck", ["Ada", "Bo"], seed, store=store)
        assert session.game.hidden_information and not session.over()
    for args in (("saves",), ("saves", "--json")):
        result = cli(*args)
        assert result.returncode == 0 and session.save_id in result.stdout
        assert str(seed) not in result.stdout + result.stderr
    assert "seed" not in json.loads(cli("saves", "--json").stdout)[0]


def test_a_store_that_cannot_be_written_is_said_on_stderr_and_nothing_is_imported_into_memory(cli, data_dir,
                                                                                               tmp_path):
    save_id, record = make_saved_game(data_dir, moves=2)
    assert cli("export", save_id, str(tmp_path / "game.json")).returncode == 0
    (tmp_path / "a-file").write_text("in the way of the save folder")
    env = dict(os.environ, TABLETOP_TUI_DATA=str(tmp_path / "a-file" / "data"))
    result = subprocess.run([sys.executable, "-m", "tabletop_tui", "import", str(tmp_path / "game.json")],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, timeout=TIMEOUT)
    assert "Traceback" not in result.stderr and result.returncode == 2 and result.stdout == ""
    said, failed = result.stderr.strip().splitlines()
    assert "cannot be created" in said and "not saved" in said
    assert "cannot be made" in failed and "Imported" not in result.stdout


def test_an_import_refusal_quotes_the_file_short_and_printable(cli, data_dir):
    record = Session.new("thief-dice", ["Ada", "Bo"], 5, {}, [], None).game.record()
    record["moves"] = [[0, ["\x1b]0;owned\x07\x1b[2J" + "x" * 5000]]]
    (data_dir / "bad.json").write_text(json.dumps({"format": "tabletop-tui save", "format_version": 1,
                                                   "record": record}))
    line = assert_clean_failure(cli("import", "bad.json"))
    assert "do not replay" in line and "\\x1b]0;owned" in line
    assert "\x1b" not in line and "\x07" not in line and len(line) < 400


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_output_that_cannot_be_written_ends_with_one_line_and_a_failure(data_dir):
    save_id, _ = make_saved_game(data_dir, moves=2)
    env = dict(os.environ, TABLETOP_TUI_DATA=str(data_dir))
    for args in (["list", "--json"], ["list"], ["list", "--options", "ten-die-poker"], ["saves"], ["saves", "--json"],
                 ["export", save_id, "-"]):
        with open("/dev/full", "w") as full:
            result = subprocess.run([sys.executable, "-m", "tabletop_tui", *args], stdin=subprocess.DEVNULL,
                                    stdout=full, stderr=subprocess.PIPE, text=True, env=env, timeout=TIMEOUT)
        assert "Traceback" not in result.stderr, (args, result.stderr)
        assert result.returncode == 1 and len(result.stderr.strip().splitlines()) == 1, (args, result.stderr)
        assert "could not be written" in result.stderr, args
