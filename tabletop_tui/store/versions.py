"""Rules versions of saves: a save that needs a newer version of a game's rules is refused with a
clear message and kept; an older one is migrated by the steps its rules class declares (its
`migrations`, see `tabletop_tui.rules.migrations`) where a step exists, or else handed over as it is
(the rules class then decides, through `Game.from_record`, whether it can replay it)."""

from __future__ import annotations

import copy
from typing import Any, Callable


def _version_problem(record: dict, rules) -> str | None:
    version = record["rules_version"]
    have = getattr(rules, "rules_version", 1)
    if version > have:
        title = getattr(rules, "title", "") or record["game"]
        return (f"this save needs rules version {version} of {title} and this program has version {have}; "
                "the save is kept for a newer tabletop-tui")
    return None


def _migrations(rules) -> dict[int, Callable[[dict], Any]]:
    """The migration steps a rules class declares: its `migrations` (version -> step), if any."""
    return getattr(rules, "migrations", None) or {}


def _apply_migrations(record: dict, rules) -> dict | None:
    """The record brought up to the rules' version by the steps of the rules class, or None if no
    step applies. A step takes a record of rules version v (a deep copy, with its "moves") and returns
    the equivalent record of version v + 1 (the store then sets its rules_version)."""
    steps = _migrations(rules)
    target = getattr(rules, "rules_version", 1)
    version = record["rules_version"]
    if version >= target or version not in steps:
        return None
    current = copy.deepcopy(record)
    while version < target and version in steps:
        current = steps[version](copy.deepcopy(current))
        version += 1
        current["rules_version"] = version
    return current
