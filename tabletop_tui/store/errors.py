"""The errors of the store: `StoreError` (a sentence a player can read) and its kinds, and the
reasons, inside the store, why a database file is moved aside or left alone."""

from __future__ import annotations


class StoreError(ValueError):
    """A store operation that cannot be done; `reason` (= str(error)) is a sentence a player can read."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class SaveLost(StoreError):
    """The save a game was written to is no longer its own: deleted, or opened by another copy of the
    program since. Writing on would mix two games into one record, so nothing more is written there."""


class MoveTaken(StoreError):
    """A game on several screens: another screen wrote the move at this index first (the move index,
    PRIMARY KEY (save_id, idx) of `moves`, lets one copy win). Nothing of the refused move is kept;
    the copy catches up with the moves it missed and its player chooses again."""


class SeatTaken(StoreError):
    """A seat of a game on several screens is played on another screen, which is still open (and the
    host did not allow taking seats over)."""


class FileExists(StoreError):
    """`export` was asked not to replace a file, and the file is there."""


class _Damaged(Exception):
    """The database file is not a usable store: move it aside."""


class _Unusable(Exception):
    """The store cannot be used now, but the file must be left as it is."""


class _Newer(_Unusable):
    """The store was written by a newer program: left as it is, and never written."""
