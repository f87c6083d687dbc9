"""One Ball (Hate Ball Solitaire): clear the table of fifteen balls alone, refereed at a real table.

After the break, every shot is called (a pocket for the ball you aim at). A miss spots a sunk ball on
the Foot Spot; four misses in a row lose, so does a miss with no ball to spot, so does any foul. Balls
sunk by mistake stay down. The table cleared wins. The count of shots is the score (fewer is better).

Moves: the break: `sink` per ball sunk, then `done` or `foul KIND`. Every later shot: `call POCKET`,
then `made` (the called ball went into the called pocket), `sink` for each other ball sunk, then `done`
or `foul KIND` (see pool.FOULS).

A table in the terminal adds `rest BALL X Y` (or `rest BALL POCKET`) moves for the balls' places;
a spotted ball is then placed by the rules.
"""

from __future__ import annotations

from typing import Any, Mapping, TypedDict

from tabletop_tui.rules.engine import Event, Game, Move, Outcome, Standing
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.pool import (FOUL_SHORT, IN_HAND_AT, ONE_BALL_SPOTTING, POCKET_SHORT, POCKET_WORDS, POCKETS,
                                     REAL, REST_REFUSAL, SAME_GAME, SHOT, TABLE_OPTION, OpenMoves, PoolView, Reading,
                                     RestKeeper, TableShots, foul_words, move_outcome, outcome_rests, rack_positions,
                                     read_outcome, spot_position)
from tabletop_tui.rules.words import plural

BALLS = 15
MISSES_LOSE = 4
SINK = Move("sink")
MADE = Move("made")
DONE = Move("done")
FOUL_KINDS = ("scratch", "no-hit", "no-rail", "other")
FOUL_MOVES = {k: Move("foul", (k,)) for k in FOUL_KINDS}
CALL_MOVES = {p: Move("call", (p,)) for p in POCKETS}
#: A record's key (no option of the setup screen) that keeps the reading of rules version 1: a lost game
#: placed its player first of one (the house then had no way to say that nobody won). The migration of a
#: version-1 save pins it, so that the save replays as it was played.
LOST_PLACED_FIRST = "lost_placed_first"


class OneBallView(PoolView):
    on_table: int
    to_spot: int
    misses: int
    shots: int
    is_break: bool
    call: str | None
    made: bool
    others: int
    ending: str | None


class OneBall(TableShots, RestKeeper, Game):
    id = "one-ball"
    title = "One Ball"
    score_label = "Shots"
    min_players = 1
    max_players = 1
    #: 2: a lost game is placed 2nd of one (nobody won), no longer first of one
    #: 3: where the balls roll (option "table"), on this screen by default; a save from before was refereed
    rules_version = 3
    migrations = {1: old_reading(**{LOST_PLACED_FIRST: True}), 2: old_reading(table=REAL)}
    OPTIONS = (TABLE_OPTION,)
    same_deal_words = SAME_GAME
    hidden_information = False
    move_limit = 5000
    length_unit = "shots"

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        lost_first = bool(options.pop(LOST_PLACED_FIRST, False))
        super().__init__(players, seed, **options)
        if lost_first:  # kept in the options, so that the record says it again
            self.options[LOST_PLACED_FIRST] = True
        self.on_table = BALLS
        self.misses = 0
        self.shots = 0
        self.is_break = True
        self.call: str | None = None
        self.made = False
        self.others = 0
        self.won: bool | None = None
        self.end_words = ""
        self.balls = None
        if self.on_screen:  # the balls racked, the cue ball in hand behind the Head String
            self.balls = {0: IN_HAND_AT, **dict(zip(range(1, BALLS + 1), rack_positions(BALLS)))}
        self.shot_rest = {}
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            f"Rack the fifteen balls. {self.players[0]} breaks from anywhere behind the Head String: no call, "
            "and no penalty for sinking nothing.", "setup"))

    def to_act(self) -> list[int]:
        return [] if self.won is not None else [0]

    @property
    def left_to_sink(self) -> int:
        return self.on_table - self.others - (1 if self.made else 0)

    def legal_moves(self, seat: int) -> list[Move]:
        if self.won is not None or seat != 0:
            return []
        if self.on_screen:
            return OpenMoves(self.shot_samples(), self.accept_shot)
        fouls = [FOUL_MOVES[k] for k in FOUL_KINDS]
        if self.is_break:
            return OpenMoves([*([SINK] if self.left_to_sink else []), DONE, *fouls], self.accept_rest)
        if self.call is None:
            return [*CALL_MOVES.values(), *fouls]
        moves = []
        if self.left_to_sink:
            if not self.made:
                moves.append(MADE)
            moves.append(SINK)
        return OpenMoves([*moves, DONE, *fouls], self.accept_rest)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        me = self.players[0]
        if move.kind == "call":
            self.call = str(move.args[0])
            return [self.say(f"{me} calls {POCKET_WORDS[self.call]}.", "call", 0)]
        if move.kind == "made":
            self.made = True
            return [self.say(f"The called ball drops in {POCKET_WORDS[self.call or '']}.", "made", 0)]
        if move.kind == "sink":
            self.others += 1
            return [self.say(f"{me} sinks a ball{'' if self.is_break else ' (not the one called: it stays down)'}.",
                             "sink", 0)]
        if move.kind == "done":
            return self._legal_shot()
        if move.kind == "rest":
            self.take_rest(move)
            return []
        if move.kind == SHOT:
            outcome = move_outcome(move)
            assert outcome is not None
            on_the_break = self.is_break
            events = [e for m in shot_moves(outcome, **shot_context(self.view())) for e in self._apply(seat, m)]
            # the break's own line says how many it sank: not a line a ball as well
            return [e for e in events if e.kind != "sink"] if on_the_break else events
        return self._foul(str(move.args[0]))

    def cue_in_hand(self) -> bool:
        return self.is_break or self.balls is None or 0 not in self.balls

    def calls(self) -> bool:
        return not self.is_break

    def shot_fits(self, outcome: dict[str, Any]) -> bool:
        """After the break a shot is called (a ball on the table, a pocket); the break is not."""
        call = outcome.get("call")
        if self.is_break:
            return call is None and super().shot_fits(outcome)
        return call is not None and call[0] in (self.balls or {}) and super().shot_fits(outcome)

    def _end_shot(self) -> int:
        sunk = self.others + (1 if self.made else 0)
        self.on_table -= sunk
        self.settle()
        self.shots += 1
        self.call = None
        self.made = False
        self.others = 0
        return sunk

    def _legal_shot(self) -> list[Event]:
        me = self.players[0]
        made = self.made
        was_break = self.is_break
        sunk = self._end_shot()
        self.is_break = False
        events: list[Event] = []
        if was_break:
            events.append(self.say(f"{me} sinks {plural(sunk, 'ball')} on the break: "
                                   f"{plural(self.on_table, 'ball')} on the table.", "shot", 0))
        elif made:
            self.misses = 0
            events.append(self.say(f"Made: {plural(self.on_table, 'ball')} on the table, no misses in a row.",
                                   "shot", 0))
        else:
            self.misses += 1
            extra = f" ({plural(sunk, 'ball')} sunk by mistake stay down)" if sunk else ""
            text = f"Missed{extra}: {self.misses} in a row."
            to_spot = BALLS - self.on_table
            if self.misses >= MISSES_LOSE:
                events.append(self.say(f"{text} Four misses in a row: {me} loses.", "shot", 0))
                return self._end(False, "four misses in a row", events)
            if to_spot == 0:
                events.append(self.say(f"{text} No ball to spot: {me} loses.", "shot", 0))
                return self._end(False, "no ball left to spot", events)
            self.on_table += 1
            balls = self.balls
            if balls is not None:
                spotted = min(b for b in range(1, BALLS + 1) if b not in balls)
                balls[spotted] = spot_position(balls)
            events.append(self.say(f"{text} {ONE_BALL_SPOTTING[0].upper()}{ONE_BALL_SPOTTING[1:]}: "
                                   f"{plural(self.on_table, 'ball')} on the table.", "spot", 0))
        if self.on_table == 0:
            events.append(self.say(f"The table is clear: {me} wins in {plural(self.shots, 'shot')}.", "win", 0))
            return self._end(True, "table cleared", events)
        events.append(self.say(f"{me}: call the next shot (a pocket).", "turn", 0))
        return events

    def _foul(self, kind: str) -> list[Event]:
        me = self.players[0]
        self._end_shot()
        self.is_break = False
        events = [self.say(f"Foul: {foul_words(kind)}. {me} loses.", "foul", 0, foul=kind)]
        return self._end(False, "a foul", events)

    def _end(self, won: bool, why: str, events: list[Event]) -> list[Event]:
        self.won = won
        self.end_words = why
        name = self.players[0]
        summary = (f"{name} clears the table in {plural(self.shots, 'shot')} and wins." if won
                   else f"{name} loses ({why}) after {plural(self.shots, 'shot')}, "
                        f"{plural(self.on_table, 'ball')} left.")
        # a loss: the game beat the player, who is placed 2nd of one (nobody won); a save of rules version 1
        # placed a loss first of one, and replays so
        place = 1 if won or self.options.get(LOST_PLACED_FIRST) else 2
        self._outcome = Outcome([Standing(0, name, place, self.shots, "won: " + why if won else "lost: " + why)],
                                summary, "")
        events.append(self.say(summary, "game_over"))
        return events

    def outcome(self) -> Outcome | None:
        return self._outcome

    def length(self) -> int:
        return self.shots

    def view(self, seat: int | None = None) -> OneBallView:
        return {
            "on_table": self.on_table,
            "to_spot": BALLS - self.on_table,
            "misses": self.misses,
            "shots": self.shots,
            "is_break": self.is_break,
            "call": self.call,
            "made": self.made,
            "others": self.others,
            "ending": None if self.won is None else ("won" if self.won else f"lost: {self.end_words}"),
            "balls": self.balls_view(),
            **self.table_view(),  # type: ignore[typeddict-item]
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["shot_rest"] = dict(self.shot_rest)
        if self.balls is not None:
            state["balls"] = dict(self.balls)

    def refusal(self, seat: int, move: Move) -> str:
        if move.kind == SHOT or (self.on_screen and move.kind in ("call", "made", "sink", "done", "foul", "rest")):
            if not self.on_screen:
                return "On a real table, call the shot, then enter what it did."
            return ("On this screen the break is played on the table, uncalled: its outcome, whole and fitting the "
                    "table as it is." if self.is_break else
                    "On this screen a shot is called (a ball on the table and a pocket) and played on the table: its "
                    "outcome, whole and fitting the table as it is.")
        if move.kind == "rest":
            return "First call the shot." if self.call is None and not self.is_break else REST_REFUSAL
        if move.kind not in ("call", "made", "sink", "done", "foul"):
            return f"One Ball has no {move.kind!r} move: call a pocket, then enter what went down."
        if self.is_break and move.kind in ("call", "made"):
            return "The break is not called: enter the balls it sank."
        if move.kind == "call":
            if self.call is not None:
                return f"The shot is called already ({POCKET_WORDS[self.call]})."
            return f"The pockets are {', '.join(POCKETS)}."
        if self.call is None and move.kind in ("made", "sink", "done"):
            return "First call the shot: the pocket of the ball you aim at."
        if move.kind == "made" and self.made:
            return "The called ball is in already."
        if move.kind in ("made", "sink"):
            return f"Only {plural(self.on_table, 'ball')} {'is' if self.on_table == 1 else 'are'} on the table."
        return "That is not a shot One Ball knows: call a pocket, then m, b, d or a foul."

    def describe_move(self, move: Move) -> str:
        if move.kind == "call":
            p = str(move.args[0])
            return f"Call {POCKET_SHORT.get(p, p)}: {POCKET_WORDS.get(p, p)}"
        if move.kind == "made":
            return "Made it (the called ball)"
        if move.kind == "sink":
            return "A ball sunk" if self.is_break else "Another ball sunk"
        if move.kind == "done":
            if self.is_break:
                return "Break over"
            return "Shot over: made" if self.made else "Shot over: missed"
        if move.kind == "foul":
            return f"Foul: {FOUL_SHORT.get(str(move.args[0]), 'foul')}"
        if move.kind == SHOT:
            outcome = move_outcome(move)
            if outcome is None:
                return "A shot"
            call = outcome.get("call")
            said = f"the {call[0]} in {POCKET_SHORT[call[1]]}" if call else "the break"
            return f"Shot: {said}, sank {len(read_outcome(outcome).sunk)}"
        return str(move)


def shot_context(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the reading of a table's shot needs of the game (its view): whether it is the break."""
    return {"is_break": bool(view.get("is_break"))}


def with_call(outcome: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The outcome with its call: its own, or (after the break, none given) the first object ball it sank in
    its pocket (a shooter's trial: the shot as if that was the call), else no call that could be made."""
    if view.get("is_break") or outcome.get("call"):
        return outcome
    sunk = [(b, p) for b, p in outcome.get("sunk") or [] if int(b) != 0]
    return {**outcome, "call": list(sunk[0]) if sunk else [0, POCKETS[0]]}


#: a shot worth this much to its shooter (`shot_value`) needs no better: the called ball made
GOOD_SHOT = 3.0


def shot_value(view: dict[str, Any], outcome: dict[str, Any]) -> float:
    """What a table's shot is worth to the player, as these rules read it (the very moves `shot_moves`
    makes of it): a foul loses the game (the worst); the called ball made is good, each ball sunk besides a
    little better; a miss is bad, the worse the more misses in a row (the fourth loses); on the break, each
    ball sunk is good."""
    moves = shot_moves(with_call(outcome, view), **shot_context(view))
    if moves[-1].kind == "foul":
        return -20.0
    sunk = sum(1 for m in moves if m.kind in ("made", "sink"))
    if view.get("is_break"):
        return float(sunk)
    if MADE in moves:
        return 3.0 + 0.5 * (sunk - 1)
    misses = int(view.get("misses") or 0) + 1
    return -20.0 if misses >= MISSES_LOSE or not (view.get("to_spot") or sunk) else -1.0 - misses + 0.5 * sunk


class Call(TypedDict):
    ball: int
    pocket: str


def shot_moves(outcome: dict[str, Any], is_break: bool = False) -> list[Move]:
    """A shot's outcome (from a table in the terminal, with its "call": [ball, pocket] after the break) as
    the moves a referee enters."""
    reading: Reading = read_outcome(outcome)
    moves: list[Move] = []
    call = outcome.get("call")
    made = False
    if not is_break and call:
        moves.append(CALL_MOVES[str(call[1])])
        made = (int(call[0]), str(call[1])) in reading.sunk
        if made:
            moves.append(MADE)
    others = len(reading.sunk) - (1 if made else 0)
    moves.extend([SINK] * others)
    moves.extend(outcome_rests(outcome))
    moves.append(FOUL_MOVES[reading.foul] if reading.foul in FOUL_MOVES else DONE)
    return moves
