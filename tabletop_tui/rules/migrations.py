"""Migration steps of saved records, for a game's rules class to declare in its `migrations`.

A rules class whose `rules_version` went up says how a record of each older version reads in the
newer one: `migrations = {v: step}`, where `step` takes a record of rules version v (a deep copy of
it, with its "moves") and returns the equivalent record of version v + 1. The store applies the
steps in turn up to the class's version when it loads or imports a save, writes the migrated record
back and keeps the record as it was; a version with no step is handed over as it is (and
`Game.from_record` decides whether it replays). Pure: no store, no I/O.
"""

from __future__ import annotations

from typing import Any, Callable

#: A migration step: a record of rules version v -> the same game as a record of version v + 1.
Step = Callable[[dict[str, Any]], dict[str, Any]]


def old_reading(**options: Any) -> Step:
    """A migration step for a rules change that came with an option keeping the old reading (or with a
    new default): a record of the older version that does not say otherwise gets the old value, and so
    replays exactly as it was played."""
    def step(record: dict[str, Any]) -> dict[str, Any]:
        record["options"] = {**options, **(record.get("options") or {})}
        return record
    return step
