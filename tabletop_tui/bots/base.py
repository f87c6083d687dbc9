"""The computer player's contract. A bot sees only its seat's view and the legal moves, and, if it
searches, games consistent with them (`Knowledge.sample`): never the game itself."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from tabletop_tui.rules.engine import Move

if TYPE_CHECKING:
    from tabletop_tui.rules.engine import Game


class Knowledge:
    """What one seat knows, handed to its computer player: its view, its legal moves, and as many games
    as it likes that are consistent with them (`sample`: the cards hidden from it dealt anew, the
    random stream reseeded so that no roll to come is foreseen). A searching player plays those, never
    the real game."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: "Game", seat: int):
        self._game = game
        self.seat = seat

    def view(self) -> dict:
        return self._game.view(self.seat)

    def moves(self) -> list[Move]:
        return self._game.legal_moves(self.seat)

    def sample(self, rng: random.Random) -> "Game":
        """A game consistent with all this seat knows (`Game.determinized`), to search."""
        return self._game.determinized(self.seat, rng)


#: the seconds a searching computer player may think about one move, unless it is given others
TIME_BUDGET = 0.5

#: how well a computer player plays, weakest first (`Bot.set_level`)
LEVELS = ("easy", "normal", "hard")
#: each level's time budget as a share of the player's own (`Bot.time_budget`): 0.1 s, 0.5 s, 2 s
LEVEL_TIME = {"easy": 0.2, "normal": 1.0, "hard": 4.0}


def level_problem(level: str) -> str:
    """Why `level` is not a level ("" if it is one)."""
    return "" if level in LEVELS else f"the levels are {', '.join(LEVELS)}, not {level!r}"


class Bot:
    """Subclasses implement `choose`. A bot is made per seat with its own seed, so that a game with
    computer seats replays the same way (its choices are recorded as moves anyway).

    A player that searches thinks for at most `time_budget` seconds, read on `clock` (a function giving
    seconds; a test puts a clock of its own there): it reads the clock between steps of its search and,
    once the budget is spent, makes the best move found so far. It may also count its work (positions,
    deals) and stop at a limit of its own first, so that where that limit comes first the same view
    always gets the same move. A player that does not search reads neither.

    A player plays at one of `levels` (`set_level`): each a time budget (`LEVEL_TIME`) and the limits of
    its own search (`limits`: the attributes a level sets), so that where the time does not bind (a
    simulation) the levels still differ. A player with one level plays the same way at every level."""

    time_budget: float = TIME_BUDGET
    clock = staticmethod(time.perf_counter)
    #: the levels this player has (one: the setting does not change how it plays)
    levels: tuple[str, ...] = ("normal",)
    #: per level, the attributes it sets on the player (its search's limits)
    limits: dict[str, dict] = {}
    level = "normal"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.random = random.Random(seed * 1009 + seat)

    def set_level(self, level: str) -> str:
        """Play at `level` (one of LEVELS); a player without it plays at the nearest it has. Returns the
        level taken. The time budget becomes the level's share of the class's (`LEVEL_TIME`), so that
        a budget lifted for every player (tests, simulations) stays lifted."""
        problem = level_problem(level)
        if problem:
            raise ValueError(problem)
        want = LEVELS.index(level)
        taken = min(self.levels, key=lambda lv: (abs(LEVELS.index(lv) - want), LEVELS.index(lv)))
        self.level = taken
        self.time_budget = type(self).time_budget * LEVEL_TIME[taken]
        for name, value in self.limits.get(taken, {}).items():
            setattr(self, name, value)
        return taken

    def deadline(self) -> float:
        """The reading of `clock` at which the move must be made: the budget from now."""
        return self.clock() + self.time_budget

    def choose(self, view: dict, moves: list[Move]) -> Move:
        """The move to make when the game waits for this seat."""
        raise NotImplementedError

    def decide(self, knowledge: Knowledge) -> Move:
        """The move to make, from all the seat knows: by default `choose` from its view and moves; a
        player that searches overrides this and plays `knowledge.sample(...)` games."""
        return self.choose(knowledge.view(), knowledge.moves())

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
