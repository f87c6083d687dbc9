"""Settings: remembered choices (any JSON value) by key."""

from __future__ import annotations

import json
from typing import Any

from tabletop_tui.store.codec import _dumps
from tabletop_tui.store.database import QUICK_BUSY_MS
from tabletop_tui.store.errors import StoreError


class SettingsMixin:
    """`Store`'s settings (see `Store`)."""

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A remembered setting (any JSON value), or `default` if unset or unreadable."""
        with self._lock:
            row = self._conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except ValueError:
            return default

    def set_setting(self, key: str, value: Any) -> None:
        """Remember a setting (any JSON value), e.g. "setup.<game>.names" or "force_curtain"."""
        try:
            text = _dumps(value)
        except (TypeError, ValueError) as exc:
            raise StoreError(f"the setting {key} cannot be saved: {exc}") from None
        with self._lock, self._write(QUICK_BUSY_MS):
            self._conn.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                               "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, text))
