"""A game at the table: the rules, who sits where (human or computer), and the save it lives in.

The screen talks to a Session, never to the store or the bots directly: it hands over a human's move,
asks for the computer's next move, undoes, and reads the view. Everything here is screen-free, so the
command line, the tests and the benchmarks drive the same path as a person does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop_tui import catalog
from tabletop_tui.catalog import GameInfo
from tabletop_tui.rules.engine import Event, Game, IllegalMove, Move, RecordError


def next_computer_move(game: Game, bots: dict) -> tuple[int, Move] | None:
    """What the computer seats (`bots`: seat -> Bot) do next: first any optional move one of them
    chooses to make (an interjection), then the move of a seat the game waits for."""
    waiting = game.to_act()
    for seat, bot in bots.items():
        if seat in waiting:
            continue
        moves = game.legal_moves(seat)
        if moves:
            move = bot.interject(game.view(seat), moves)
            if move is not None:
                return seat, move
    for seat in waiting:
        if seat in bots:
            moves = game.legal_moves(seat)
            if moves:
                return seat, bots[seat].choose(game.view(seat), moves)
    return None


@dataclass
class Session:
    info: GameInfo
    game: Game
    computer: list[int] = field(default_factory=list)
    store: object | None = None  # tabletop_tui.store.Store, or None for a game that is not saved
    save_id: str | None = None
    finished_saved: bool = False
    bots: dict = field(default_factory=dict)
    #: the last autosave that failed (disk full, store locked): the game goes on in memory
    save_problem: str = ""

    # -- making one ------------------------------------------------------------------------------

    @classmethod
    def new(cls, game_id: str, players: list[str], seed: int, options: dict | None = None,
            computer: list[int] | None = None, store=None) -> "Session":
        info = catalog.get(game_id)
        game = info.rules_class()(players, seed, **(options or {}))
        session = cls(info, game, sorted(set(computer or [])), store)
        if store is not None:
            session.save_id = store.new_game(game.record(), session.computer, info.title)
        session._make_bots()
        return session

    @classmethod
    def resume(cls, store, save_id: str) -> "Session":
        """Rebuild a saved game by replaying its record. Raises RecordError with a readable reason."""
        saved = store.load(save_id)
        record = saved["record"]
        try:
            info = catalog.get(record.get("game"))
        except KeyError as exc:
            raise RecordError(str(exc.args[0])) from None
        game = info.rules_class().from_record(record)
        session = cls(info, game, list(saved.get("computer", [])), store, save_id)
        session.finished_saved = bool(saved.get("finished"))
        session._make_bots()
        return session

    def _make_bots(self) -> None:
        bot_class = self.info.bot_class() if self.computer else None
        self.bots = {seat: bot_class(seat, self.game.seed) for seat in self.computer}

    # -- playing ----------------------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        return self.game.players

    def is_computer(self, seat: int) -> bool:
        return seat in self.computer

    def over(self) -> bool:
        return self.game.outcome() is not None

    def human_to_act(self) -> list[int]:
        return [s for s in self.game.to_act() if s not in self.computer]

    def play(self, seat: int, move: Move) -> list[Event]:
        """Apply a move (raises IllegalMove with the reason, state untouched) and autosave it."""
        events = self.game.play(seat, move)
        self._save_last_move()
        return events

    def _save_last_move(self) -> None:
        if self.store is None or self.save_id is None:
            return
        from tabletop_tui.store import StoreError

        try:
            # write every move the store is missing (after a failed autosave, the next one catches up)
            saved = (len(self.store.load(self.save_id)["record"]["moves"]) if self.save_problem
                     else len(self.game.history) - 1)
            for index in range(saved, len(self.game.history)):
                seat, move = self.game.history[index]
                self.store.add_move(self.save_id, index, seat, move.to_json())
            outcome = self.game.outcome()
            if outcome is not None and not self.finished_saved:
                self.store.finish(self.save_id, outcome.to_json())
                self.finished_saved = True
            self.save_problem = ""
        except StoreError as exc:
            self.save_problem = f"The game could not be saved ({exc}); it goes on, and saving is tried again after the next move."

    def computer_move(self) -> tuple[int, Move] | None:
        """The next move a computer seat wants to make now, if any. Optional moves come first (a
        jailed computer thief may rat before the next roll), then a seat the game waits for."""
        if self.over():
            return None
        return next_computer_move(self.game, self.bots)

    def undo_status(self) -> tuple[bool, str]:
        ok, why = self.game.undo_status()
        if not ok:
            return ok, why
        if self.over():
            return False, "The game is over."
        # Undo takes back moves until a human seat is to decide again, so a computer's reply goes too.
        return True, ""

    def undo(self) -> int:
        """Take back the last move, and computer moves before it, back to a human decision.
        Returns how many moves were taken back."""
        taken = 0
        while True:
            ok, why = self.game.undo_status()
            if not ok:
                if taken:
                    break
                raise IllegalMove(why)
            seat = self.game.history[-1][0]
            self.game = self.game.undone()
            taken += 1
            if seat not in self.computer:
                break
        if self.store is not None and self.save_id is not None:
            self.store.undo_to(self.save_id, len(self.game.history))
        return taken

    def autoplay(self, moves: int) -> None:
        """Let computer players make the next moves for every seat (for demonstrations and tests);
        the seats stay as they are."""
        bot_class = self.info.bot_class()
        bots = {s: bot_class(s, self.game.seed) for s in range(len(self.players))}
        for _ in range(moves):
            if self.over():
                break
            seat = self.game.to_act()[0]
            self.play(seat, bots[seat].choose(self.game.view(seat), self.game.legal_moves(seat)))
