"""The codec of records: the checks of a record, its moves, its computer seats and an outcome
(a record from a file or a caller is checked before anything of it is written), the JSON the rows
hold, and the reading of a row back into a save."""

from __future__ import annotations

import copy
import json
from typing import Any

from tabletop_tui.rules.words import score_number, shorten
from tabletop_tui.store.errors import StoreError


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_record(record: Any) -> dict:
    """A clean copy of a record, or StoreError saying what is wrong with it."""
    if not isinstance(record, dict):
        raise StoreError("the record is not a JSON object")
    game = record.get("game")
    if not isinstance(game, str) or not game:
        raise StoreError("the record names no game")
    version = record.get("rules_version", 1)
    if not _int(version) or version < 1:
        raise StoreError(f"the rules version {shorten(version)} is not a whole number from 1 up")
    players = record.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        raise StoreError("the record has no list of player names")
    seed = record.get("seed", 0)
    if not _int(seed):
        raise StoreError(f"the seed {shorten(seed)} is not a whole number")
    stream = record.get("stream", 1)  # a record from before the stream had versions
    if not _int(stream) or stream < 1:
        raise StoreError(f"the random stream version {shorten(stream)} is not a whole number from 1 up")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise StoreError("the options are not a JSON object")
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise StoreError("the moves are not a list")
    clean_moves = []
    for i, item in enumerate(moves):
        clean_moves.append(_check_move(i, item, len(players)))
    try:
        _dumps(options)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"the options cannot be saved: {exc}") from None
    return {"game": game, "rules_version": version, "players": list(players), "seed": seed, "stream": stream,
            "options": copy.deepcopy(options), "moves": clean_moves}


def _setup(record: dict) -> dict:
    """What the saves table keeps of a record besides its moves."""
    return {"players": record["players"], "seed": record["seed"], "stream": record["stream"],
            "options": record["options"]}


def _check_move(i: int, item: Any, n_players: int) -> list:
    from tabletop_tui.rules.engine import Move, RecordError  # loaded when needed: startup stays fast

    if not isinstance(item, (list, tuple)) or len(item) != 2:
        raise StoreError(f"move {i + 1} is not a pair [seat, move]")
    seat, move = item
    if not _int(seat) or not 0 <= seat < n_players:
        raise StoreError(f"move {i + 1} is made by seat {shorten(seat)}, which is not at the table")
    try:
        return [seat, Move.from_json(move).to_json()]
    except RecordError as exc:
        raise StoreError(f"move {i + 1} is damaged: {exc}") from None


def _check_computer(computer: Any, n_players: int) -> list[int]:
    if computer is None:
        return []
    if not isinstance(computer, (list, tuple, set)) or not all(_int(s) for s in computer):
        raise StoreError("the computer seats are not a list of seat numbers")
    seats = sorted(set(computer))
    if any(not 0 <= s < n_players for s in seats):
        raise StoreError(f"the computer seats {seats} are not all at a table of {n_players}")
    return seats


def _check_outcome(outcome: Any, n_players: int) -> list[tuple[int, str, int]]:
    """(seat, name, place) of each standing of an `Outcome.to_json()`, or StoreError."""
    if not isinstance(outcome, dict) or not isinstance(outcome.get("standings"), list):
        raise StoreError("the outcome has no standings")
    rows = []
    for s in outcome["standings"]:
        if not isinstance(s, dict):
            raise StoreError("a standing is not a JSON object")
        seat, name, place = s.get("seat"), s.get("name"), s.get("place")
        if not _int(seat) or not 0 <= seat < n_players or not isinstance(name, str) or not _int(place):
            raise StoreError(f"the standing {shorten(s)} needs a seat at the table, a name and a place")
        rows.append((seat, name, place))
    if len({r[0] for r in rows}) != len(rows):
        raise StoreError("the outcome lists a seat twice")
    return rows


def _decode(row: tuple, moves: list[tuple]) -> dict:
    save_id, game, title, version, setup_text, computer_text, created, updated, finished, outcome_text = row
    try:
        setup = json.loads(setup_text)
    except (ValueError, TypeError) as exc:
        raise StoreError(f"its players, seed and options are not readable ({exc})") from None
    if not isinstance(setup, dict):
        raise StoreError("its players, seed and options are not readable")
    try:
        computer = json.loads(computer_text)
    except (ValueError, TypeError) as exc:
        raise StoreError(f"its computer seats are not readable ({exc})") from None
    listed = []
    last = updated
    for expected, (idx, seat, text, at) in enumerate(moves):
        if idx != expected:
            raise StoreError(f"move {expected + 1} is missing")
        try:
            listed.append([seat, json.loads(text)])
        except (ValueError, TypeError) as exc:
            raise StoreError(f"move {idx + 1} is not readable ({exc})") from None
        last = max(last, at or 0)
    record = _check_record({"game": game, "rules_version": version, "players": setup.get("players"),
                            "seed": setup.get("seed", 0), "stream": setup.get("stream", 1),
                            "options": setup.get("options", {}), "moves": listed})
    outcome = None
    if outcome_text is not None:
        try:
            outcome = json.loads(outcome_text)
        except (ValueError, TypeError) as exc:
            raise StoreError(f"its outcome is not readable ({exc})") from None
    return {"id": save_id, "title": title, "record": record,
            "computer": _check_computer(computer, len(record["players"])),
            "created": created, "updated": last, "finished": finished is not None, "outcome": outcome}


def _check_to_act(to_act: Any, n_players: int) -> list[int] | str | None:
    """A kept summary of whose turn it is, if it is one: "over", or a list of seats at the table."""
    if to_act == "over":
        return to_act
    if isinstance(to_act, list) and all(_int(s) and 0 <= s < n_players for s in to_act):
        return to_act
    return None


def _turn_words(to_act: Any, players: list) -> str | None:
    """Whose turn it is, as a listing shows it: "Bo", "Ada, Bo", "over", "-" (nobody); None if unknown."""
    from tabletop_tui.names import shown

    if to_act is None:
        return None
    if to_act == "over":
        return "over"
    return ", ".join(shown(players[s]) for s in to_act if 0 <= s < len(players)) or "-"


def _score_of(outcome: Any, seat: int) -> float | None:
    """The score of a seat in an outcome's JSON, if it is a number or a fraction (some games score in words)."""
    if not isinstance(outcome, dict) or not isinstance(outcome.get("standings"), list):
        return None
    for s in outcome["standings"]:
        if isinstance(s, dict) and s.get("seat") == seat:
            return score_number(s.get("score"))
    return None
