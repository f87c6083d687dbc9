"""The computer player's contract. A bot sees only its seat's view and the legal moves."""

from __future__ import annotations

import random

from tabletop_tui.rules.engine import Move


class Bot:
    """Subclasses implement `choose`. A bot is made per seat with its own seed, so that a game with
    computer seats replays the same way (its choices are recorded as moves anyway)."""

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.random = random.Random(seed * 1009 + seat)

    def choose(self, view: dict, moves: list[Move]) -> Move:
        """The move to make when the game waits for this seat."""
        raise NotImplementedError

    def interject(self, view: dict, moves: list[Move]) -> Move | None:
        """An optional move this seat may make although the game is not waiting for it (a jailed thief
        ratting). None passes. The default never interjects."""
        return None


class RandomBot(Bot):
    """Picks uniformly among the legal moves: the yardstick for the real bots."""

    def choose(self, view: dict, moves: list[Move]) -> Move:
        return self.random.choice(moves)

    def interject(self, view: dict, moves: list[Move]) -> Move | None:
        return self.random.choice(moves) if moves and self.random.random() < 0.1 else None
