"""Saves written by an earlier version of the program replay identically: the same moves accepted, the
same log as each seat and the table read it, the same outcome, whose turn, and how far undo may go.

tests/fixtures/saves/ holds, for every game of the catalog, seeded games (to the end, and halfway)
written by tests/fixtures/make_saves.py with the program before its rules took their present shape; a
game added since has its saves written by the program that added it. A save that a change of rules
would replay otherwise needs a new rules version and its migration (`Game.migrations`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tabletop_tui import catalog
from tabletop_tui.store.versions import _apply_migrations

FIXTURES = Path(__file__).resolve().parent / "fixtures"
sys.path.insert(0, str(FIXTURES))

from make_saves import expected  # noqa: E402


@pytest.mark.parametrize("game_id", [info.id for info in catalog.GAMES])
def test_every_fixture_save_replays_identically(game_id):
    path = FIXTURES / "saves" / f"{game_id}.json"
    assert path.exists(), f"no saves of {game_id}: run tests/fixtures/make_saves.py"
    cls = catalog.get(game_id).rules_class()
    for i, save in enumerate(json.loads(path.read_text(encoding="utf-8"))):
        record = save["record"]
        game = cls.from_record(_apply_migrations(record, cls) or record)
        assert json.loads(json.dumps(expected(game))) == save["expect"], (game_id, i)
