"""Wild Bill: three object balls on the Head, Center and Foot Spots, points for balls sunk and caroms,
refereed at a real table.

A ball sunk is a point, a carom (the cue ball touches two object balls) two, a double carom (all three)
five. A shot worth 2 or more continues the inning; a legal shot worth less ends it; a foul ends it and
loses the inning's points. A ball sunk goes back at once on the empty spot nearest its pocket (a side
pocket's ball on the Head Spot when only the Center Spot is covered). The first to make a shot worth 2
or more with 30 points or more wins.

Moves, per shot: `touched K` (how many object balls the cue ball touched, 1-3), then `sink POCKET` for
each ball sunk, then `done` (a legal shot) or, at any point, `foul KIND` (see pool.FOULS).

A table in the terminal adds `rest BALL X Y` (or `rest BALL POCKET`) moves for the balls' places;
a sunk ball then goes on the empty spot nearest its pocket, placed by the rules.
"""

from __future__ import annotations

from typing import Any, Mapping, TypedDict

from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, rank_standings
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.pool import (BALL, FOUL_SHORT, FOOT_SPOT, POCKET_WORDS, POCKETS, REAL, REST_REFUSAL, SAME_GAME,
                                     SHOT, SPOT_WORDS, SPOTS, TABLE_OPTION, OpenMoves, PoolView, Reading, RestKeeper,
                                     TableShots, distance, foul_words, move_outcome, outcome_move, outcome_rests, read_outcome,
                                     respot_spot, respot_words, spot_order, spot_position)
from tabletop_tui.rules.words import listing, plural

BALLS = 3
CONTINUE_AT = 2
DONE = Move("done")
FOUL_KINDS = ("scratch", "no-hit", "no-rail", "other")
FOUL_MOVES = {k: Move("foul", (k,)) for k in (*FOUL_KINDS, "behind", "break")}
TOUCH_MOVES = {k: Move("touched", (k,)) for k in range(1, BALLS + 1)}
SINK_MOVES = {p: Move("sink", (p,)) for p in POCKETS}
CAROM_POINTS = {0: 0, 1: 0, 2: 2, 3: 5}
BREAK_WORDS = ("Put a ball on each of the Head Spot, the Center Spot and the Foot Spot. The break is from "
               "anywhere behind the Head String, and its first contact must be the ball on the Foot Spot.")


class Shot(TypedDict):
    touched: int | None
    sunk: list[str]  # the pockets of the balls sunk, in order


class WildBillView(PoolView):
    target: int
    scores: list[int]
    current: int | None
    is_break: bool
    in_hand: bool
    inning_points: int
    shot: Shot
    shot_points: int
    winner: int | None
    last_spots: list[str]
    options: dict[str, Any]


#: on this screen: the balls on the spots at the start (the Foot Spot's first, the break's first contact)
START = {0: (15.0, 12.5), 1: FOOT_SPOT, 2: SPOTS["center"], 3: SPOTS["head"]}


class WildBill(TableShots, RestKeeper, Game):
    id = "wild-bill"
    title = "Wild Bill"
    score_label = "Points"
    min_players = 2
    max_players = 5
    #: 2: where the balls roll (option "table"), on this screen by default; a save from before was refereed
    rules_version = 2
    migrations = {1: old_reading(table=REAL)}
    same_deal_words = SAME_GAME
    hidden_information = False
    move_limit = 20000
    length_unit = "shots"
    OPTIONS = (
        Option("target", "Points to win", "int", 30, help="The score a winning shot (worth 2 or more) must reach.",
               min=5, max=100),
        TABLE_OPTION,
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        n = len(self.players)
        self.scores = [0] * n
        self.current: int | None = 0
        self.is_break = True
        self.in_hand = False
        self.inning_points = 0
        self.touched: int | None = None
        self.sunk: list[str] = []
        self.winner: int | None = None
        self.last_spots: list[str] = []
        self.shots = 0
        self.balls = None
        self.shot_rest = {}
        self.ball_count = BALLS
        if self.on_screen:
            self.balls = dict(START)
        self.over = False
        self._outcome: Outcome | None = None
        self.log.append(self.say(f"{BREAK_WORDS} {self.players[0]} breaks.", "setup"))

    @property
    def target(self) -> int:
        target: int = self.options["target"]
        return target

    def to_act(self) -> list[int]:
        return [] if self.over or self.current is None else [self.current]

    def legal_moves(self, seat: int) -> list[Move]:
        if self.over or seat != self.current:
            return []
        if self.on_screen:
            return OpenMoves(self.shot_samples(), self.accept_shot)
        if self.touched is None:
            moves = list(TOUCH_MOVES.values())
        else:
            moves = list(SINK_MOVES.values()) if len(self.sunk) < BALLS else []
            moves.append(DONE)
        moves.extend(FOUL_MOVES[k] for k in FOUL_KINDS)
        if self.is_break:
            moves.append(FOUL_MOVES["break"])
        elif self.in_hand:
            moves.append(FOUL_MOVES["behind"])
        return OpenMoves(moves, self.accept_rest)

    def shot_points(self) -> int:
        return len(self.sunk) + CAROM_POINTS[self.touched or 0]

    def _apply(self, seat: int, move: Move) -> list[Event]:
        me = self.players[seat]
        if move.kind == "touched":
            self.touched = int(move.args[0])
            what = {1: "one ball", 2: "two balls: a carom (2 points)", 3: "all three balls: a double carom "
                    "(5 points)"}[self.touched]
            return [self.say(f"{me}'s cue ball touched {what}.", "touched", seat)]
        if move.kind == "sink":
            self.sunk.append(str(move.args[0]))
            return [self.say(f"{me} sinks a ball in {POCKET_WORDS[str(move.args[0])]}.", "sink", seat)]
        if move.kind == "done":
            return self._legal_shot(seat)
        if move.kind == "rest":
            self.take_rest(move)
            return []
        if move.kind == SHOT:
            outcome = move_outcome(move, BALLS)
            assert outcome is not None
            return [e for m in shot_moves(outcome, **shot_context(self.view())) for e in self._apply(seat, m)]
        return self._foul(seat, str(move.args[0]))

    def cue_in_hand(self) -> bool:
        return self.is_break or self.in_hand or self.balls is None or 0 not in self.balls

    def shot_samples(self) -> list[Move]:
        """The representative shots, and a carom (two balls touched, worth 2: the inning goes on)."""
        samples = super().shot_samples()
        balls = self.balls or {}
        target = self.shot_target()
        other = min(b for b in balls if b not in (0, target))
        carom = move_outcome(samples[1], BALLS)
        assert carom is not None
        carom["contacts"] = [target, other]
        return [*samples, outcome_move(carom, cue=carom.get("cue"))]

    def shot_target(self) -> int:
        foot = foot_ball(self.balls) if self.is_break else None
        return foot if foot is not None else super().shot_target()

    def _respot(self) -> list[str]:
        """The respotting of the shot's sunk balls, in words, one sentence per ball; where the balls'
        places are known, each goes on the empty spot nearest its pocket."""
        placed = [(ball, pocket) for ball, pocket in self.settle() if ball != 0]  # a scratch is no ball to spot
        balls = self.balls
        if balls is not None and placed:
            self.last_spots = []
            said = []
            for ball, pocket in placed:
                spot = respot_spot(pocket, balls)
                balls[ball] = SPOTS[spot] if spot is not None else spot_position(balls)
                self.last_spots.append(spot or "foot")
                where = SPOT_WORDS[spot] if spot is not None else "as near the Foot Spot as it goes (every spot covered)"
                said.append(f"Spot the ball from {POCKET_WORDS[pocket]} on {where}.")
            return said
        self.last_spots = [spot_order(p)[0] for p in self.sunk]
        return [f"Spot the ball from {POCKET_WORDS[p]} on {respot_words(p)}." for p in self.sunk]

    def _end_shot(self) -> None:
        self.touched = None
        self.sunk = []
        self.shots += 1

    def _legal_shot(self, seat: int) -> list[Event]:
        me = self.players[seat]
        points = self.shot_points()
        parts = []
        if self.sunk:
            parts.append(plural(len(self.sunk), "ball") + " sunk")
        if self.touched and self.touched >= 2:
            parts.append("a double carom" if self.touched == 3 else "a carom")
        what = listing(parts) if parts else "nothing"
        spots = self._respot()
        self.scores[seat] += points
        self.inning_points += points
        was_break = self.is_break
        self.is_break = False
        self.in_hand = False
        self._end_shot()
        score = self.scores[seat]
        text = (f"{me}{' breaks' if was_break else ''}: {what}, {plural(points, 'point')}; {score} in all "
                f"({self.inning_points} this inning).")
        events = [self.say(" ".join([text, *spots]), "shot", seat, points=points)]
        if points >= CONTINUE_AT and score >= self.target:
            self.winner = seat
            events.append(self.say(f"A shot worth {points} with {score} points: {me} wins.", "win", seat))
            self._finish(events)
            return events
        if points >= CONTINUE_AT:
            events.append(self.say(f"{me} shoots again.", "again", seat))
            return events
        why = (f" ({score} points, but the winning shot must be worth 2 or more)" if score >= self.target else "")
        events.append(self.say(f"Less than 2 points: {me}'s inning is over{why}.", "inning", seat))
        self._next(seat, events)
        return events

    def _foul(self, seat: int, kind: str) -> list[Event]:
        me = self.players[seat]
        spots = self._respot()
        lost = self.inning_points
        self.scores[seat] -= lost
        self.is_break = False
        self._end_shot()
        text = f"Foul: {foul_words(kind)}. {me} loses the inning's {plural(lost, 'point')} ({self.scores[seat]} in all)."
        events = [self.say(" ".join([text, *spots]), "foul", seat, foul=kind)]
        self.in_hand = kind == "scratch"
        self._next(seat, events)
        return events

    def _next(self, seat: int, events: list[Event]) -> None:
        nxt = (seat + 1) % len(self.players)
        self.current = nxt
        self.inning_points = 0
        hand = (" Cue ball in hand: place it behind the Head String and shoot below it (the first contact "
                "an object ball below the Head String or the Foot Rail).") if self.in_hand else ""
        events.append(self.say(f"{self.players[nxt]} shoots ({self.scores[nxt]} points).{hand}", "turn", nxt))

    def _finish(self, events: list[Event]) -> None:
        self.over = True
        self.current = None
        self._outcome = self._score()
        events.append(self.say(self._outcome.summary, "game_over"))

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _score(self) -> Outcome:
        names = self.players
        keys = [(s == self.winner, self.scores[s]) for s in range(len(names))]
        standings = rank_standings(names, keys, list(self.scores))
        assert self.winner is not None
        return Outcome(standings, f"{names[self.winner]} wins with {self.scores[self.winner]} points.", "")

    def length(self) -> int:
        return self.shots

    def turn_order(self) -> list[int]:
        return list(range(len(self.players)))

    def view(self, seat: int | None = None) -> WildBillView:
        return {
            "target": self.target,
            "scores": list(self.scores),
            "current": self.current,
            "is_break": self.is_break,
            "in_hand": self.in_hand,
            "inning_points": self.inning_points,
            "shot": {"touched": self.touched, "sunk": list(self.sunk)},
            "shot_points": self.shot_points(),
            "winner": self.winner,
            "last_spots": list(self.last_spots),
            "balls": self.balls_view(),
            "options": dict(self.options),
            **self.table_view(),  # type: ignore[typeddict-item]
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        for key in ("scores", "sunk", "last_spots"):
            state[key] = list(state[key])
        state["shot_rest"] = dict(self.shot_rest)
        if self.balls is not None:
            state["balls"] = dict(self.balls)

    def refusal(self, seat: int, move: Move) -> str:
        if move.kind == SHOT or (self.on_screen and move.kind in ("touched", "sink", "done", "foul", "rest")):
            return self.not_your_turn(seat) or (
                "On this screen a shot is played on the table: its outcome, whole and fitting the table as it is."
                if self.on_screen else "On a real table, enter what the shot did: the balls touched, sunk, then "
                "the shot or its foul.")
        if move.kind == "rest":
            return self.not_your_turn(seat) or REST_REFUSAL
        if move.kind not in ("touched", "sink", "done", "foul"):
            return (f"Wild Bill has no {move.kind!r} move: enter how many balls the cue ball touched, the "
                    "pockets of the balls sunk, then the shot or its foul.")
        wait = self.not_your_turn(seat)
        if wait:
            return wait
        if move.kind == "touched":
            if self.touched is not None:
                return "The balls the cue ball touched are entered: now the balls sunk, then the shot."
            return "The cue ball touches one, two or three object balls (none is a foul: it hit nothing)."
        if self.touched is None and move.kind in ("sink", "done"):
            return "First enter how many object balls the cue ball touched."
        if move.kind == "sink":
            if len(self.sunk) >= BALLS:
                return "There are only three object balls."
            return f"The pockets are {', '.join(POCKETS)}."
        if move.args == ("break",):
            return "That foul is the break's alone (its first contact must be the ball on the Foot Spot)."
        if move.args == ("behind",):
            return "That foul is only for a shot with the cue ball in hand after a scratch."
        return f"That is not a shot Wild Bill knows (fouls: {', '.join(FOUL_KINDS)}, behind, break)."

    def describe_move(self, move: Move) -> str:
        if move.kind == "touched":
            k = int(move.args[0])
            return {1: "Touched 1 ball", 2: "Touched 2: carom", 3: "Touched 3: double carom"}.get(k, str(move))
        if move.kind == "sink":
            return f"Sunk in {POCKET_WORDS.get(str(move.args[0]), str(move.args[0]))}"
        if move.kind == "done":
            return f"Legal shot: {plural(self.shot_points(), 'point')}"
        if move.kind == "foul":
            return f"Foul: {FOUL_SHORT.get(str(move.args[0]), 'foul')}"
        if move.kind == SHOT:
            outcome = move_outcome(move, BALLS)
            if outcome is None:
                return "A shot"
            reading = read_outcome(outcome)
            return f"Shot: touched {len(reading.contacts)}, sank {len(reading.sunk)}{', foul' if reading.foul else ''}"
        return str(move)


def foot_ball(balls: Any) -> int | None:
    """The object ball on the Foot Spot (the break's first contact), if one lies there."""
    for ball, where in (balls or {}).items():
        if int(ball) != 0 and distance((float(where[0]), float(where[1])), FOOT_SPOT) < BALL / 2:
            return int(ball)
    return None


def shot_context(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the reading of a table's shot needs of the game (its view): the break and its Foot Spot ball,
    the cue ball in hand."""
    return {"is_break": bool(view.get("is_break")), "in_hand": bool(view.get("in_hand")),
            "foot_ball": foot_ball(view.get("balls")) if view.get("is_break") else None}


#: a shot worth this much to its shooter (`shot_value`) needs no better: a shot worth 2, the inning going on
GOOD_SHOT = 2.5


def shot_value(view: dict[str, Any], outcome: dict[str, Any]) -> float:
    """What a table's shot is worth to the seat that shoots, as these rules read it (the very moves
    `shot_moves` makes of it): a foul loses the inning's points (and a point's worth more); a legal shot
    scores its balls and caroms, and one worth 2 or more goes on (a little more than its points)."""
    moves = shot_moves(outcome, **shot_context(view))
    if moves[-1].kind == "foul":
        return -float(view.get("inning_points") or 0) - 2.0
    touched = next((int(m.args[0]) for m in moves if m.kind == "touched"), 0)
    points = sum(1 for m in moves if m.kind == "sink") + CAROM_POINTS[touched]
    return points + (0.5 if points >= CONTINUE_AT else 0.0)


def shot_moves(outcome: dict[str, Any], is_break: bool = False, in_hand: bool = False,
               foot_ball: int | None = None) -> list[Move]:
    """A shot's outcome (from a table in the terminal) as the moves a referee enters; `foot_ball`: the
    ball on the Foot Spot at the break."""
    reading: Reading = read_outcome(outcome, in_hand=in_hand, must_first=foot_ball if is_break else None)
    if reading.foul == "no-hit" or not reading.contacts:  # a scratch that hit nothing is a scratch still
        return [*outcome_rests(outcome), FOUL_MOVES["scratch" if reading.foul == "scratch" else "no-hit"]]
    moves = [TOUCH_MOVES[min(BALLS, len(reading.contacts))]]
    moves.extend(SINK_MOVES[p] for _, p in reading.sunk[:BALLS])
    moves.extend(outcome_rests(outcome))
    moves.append(FOUL_MOVES[reading.foul] if reading.foul else DONE)
    return moves


__all__ = ["SPOT_WORDS", "WildBill", "shot_moves"]
