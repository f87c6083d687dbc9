"""Magic Hate Ball: a handicap series of short pocket-billiards games, refereed at a real table.

Each player's handicap is their starting score (4 for a newcomer; the store keeps it per person across
games and sessions, the screen proposes it). The break goes to the lowest handicap (a draw from the
game's stream among ties). After the break, every legal shot scores a point per ball sunk, or costs a
point when it sinks nothing (which ends the inning). Ten points or more at the end of an inning wins;
zero or fewer loses (out of the game). Any foul puts the shooter out. A loser's or a fouler's handicap
goes up by one, the winner's down by one; if every opponent drops out, the last player has not won
(nobody won: the places start at 2).
With one object ball left on the table, the other fourteen are re-racked.

Moves: `handicap h` (each seat in turn, before the break), then per shot: `sink` (one more ball went
down), and `done` (a legal shot: what was sunk counts) or `foul KIND` (see pool.FOULS).

A table in the terminal adds `rest BALL X Y` (or `rest BALL POCKET`) moves for the balls' places;
the re-rack then places the balls itself.
"""

from __future__ import annotations

from typing import Any, Mapping

from tabletop_tui.rules.engine import Event, Game, Move, Option, Outcome, Standing, rank_standings
from tabletop_tui.rules.migrations import old_reading
from tabletop_tui.rules.pool import (FOUL_SHORT, HEAD_SPOT, IN_HAND, IN_HAND_AT, REAL, REST_REFUSAL, SAME_GAME, SHOT,
                                     TABLE_OPTION, OpenMoves, PoolView, Reading, RestKeeper, TableShots, foul_words,
                                     move_outcome, outcome_rests, rack_positions, read_outcome, rerack)
from tabletop_tui.rules.words import listing, plural

START_HANDICAP = 4
HANDICAP_RANGE = range(-30, 31)
WIN_AT = 10
BALLS = 15
SINK = Move("sink")
DONE = Move("done")
FOUL_KINDS = ("scratch", "no-hit", "no-rail", "other")
FOUL_MOVES = {k: Move("foul", (k,)) for k in (*FOUL_KINDS, "behind")}
HANDICAP_MOVES = {h: Move("handicap", (h,)) for h in HANDICAP_RANGE}
RERACK = ("one ball left: re-rack the other fourteen with the top of the rack empty; leave the last ball "
          "and the cue ball where they are, unless one lies inside the rack (an object ball there goes into "
          "the rack, the cue ball to the Head Spot)")
RACK_ALL = "no ball left: rack all fifteen again"
#: A record's key (no option of the setup screen) that keeps the reading of rules version 1: the last
#: player standing was placed first though nobody won. The migration of a version-1 save pins it, so that
#: the save replays as it was played.
LAST_PLACED_FIRST = "last_placed_first"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


class MagicHateBallView(PoolView):
    phase: str  # "handicaps" or "play"
    handicaps: list[int | None]
    scores: list[int]
    out: list[str]  # "" in the game, "foul", "lost"
    current: int | None
    breaker: int | None
    is_break: bool
    inning_points: int
    shot_sunk: int
    on_table: int
    in_hand: bool
    winner: int | None
    changes: list[int]
    options: dict[str, Any]


class MagicHateBall(TableShots, RestKeeper, Game):
    id = "magic-hate-ball"
    title = "Magic Hate Ball"
    score_label = "Points"
    min_players = 2
    max_players = 6
    #: 2: when every opponent drops out, nobody won: the places start at 2 (the last one standing is no
    #: longer placed first)
    #: 3: where the balls roll (option "table"), on this screen by default; a save from before was refereed
    #: 4: a break that sinks nothing ends the breaker's inning, and is judged (option "empty_break"); a
    #: save from before passed it unjudged
    rules_version = 4
    migrations = {1: old_reading(**{LAST_PLACED_FIRST: True}), 2: old_reading(table=REAL),
                  3: old_reading(empty_break="unjudged")}
    same_deal_words = SAME_GAME + " (the same draw for the break among equal handicaps)"
    hidden_information = False
    chance = "the draw for the break"
    move_limit = 6000
    length_unit = "shots"
    OPTIONS = (
        Option("others", "Players still in when someone wins", "choice", "unchanged",
               help="The rules say that whoever ends an inning at 0 or less loses; when someone wins, the "
                    "players still in the game have not lost by that rule, so their handicaps stay. "
                    "Or count them as losers too (their handicaps go up by one).",
               choices=(("unchanged", "keep their handicaps"), ("lose", "lose: handicap +1"))),
        Option("empty_break", "A break that sinks nothing", "choice", "judged",
               help="The break scores nothing either way; when it sinks nothing the turn passes, which ends "
                    "the breaker's inning: at 0 or less (a negative handicap breaks first) they lose, at 10 "
                    "or more they win. Or let the first real inning be the one judged.",
               choices=(("judged", "ends the inning: judged"), ("unjudged", "passes the turn unjudged"))),
        TABLE_OPTION,
    )

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        last_first = bool(options.pop(LAST_PLACED_FIRST, False))
        super().__init__(players, seed, **options)
        if last_first:  # kept in the options, so that the record says it again
            self.options[LAST_PLACED_FIRST] = True
        n = len(self.players)
        self.handicaps: list[int | None] = [None] * n
        self.scores = [0] * n
        self.out = [""] * n
        self.current: int | None = None
        self.breaker: int | None = None
        self.is_break = True
        self.inning_points = 0
        self.shot_sunk = 0
        self.on_table = BALLS
        self.in_hand = False
        self.winner: int | None = None
        self.changes = [0] * n
        self.shots = 0
        self.balls = None
        if self.on_screen:  # the balls racked, the cue ball in hand behind the Head String
            self.balls = {0: IN_HAND_AT, **dict(zip(range(1, BALLS + 1), rack_positions(BALLS)))}
        self.shot_rest = {}
        self.over = False
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            "Magic Hate Ball: each player's handicap is their starting score (4 for a newcomer). Enter "
            f"{self.players[0]}'s handicap.", "setup"))

    # -- the contract ---------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return "handicaps" if None in self.handicaps else "play"

    def to_act(self) -> list[int]:
        if self.over:
            return []
        if None in self.handicaps:
            return [self.handicaps.index(None)]
        return [] if self.current is None else [self.current]

    def legal_moves(self, seat: int) -> list[Move]:
        if self.over or seat not in self.to_act():
            return []
        if self.phase == "handicaps":
            return list(HANDICAP_MOVES.values())
        if self.on_screen:
            return OpenMoves(self.shot_samples(), self.accept_shot)
        moves = [SINK] if self.shot_sunk < self.on_table else []
        moves.append(DONE)
        moves.extend(FOUL_MOVES[k] for k in FOUL_KINDS)
        if self.in_hand:
            moves.append(FOUL_MOVES["behind"])
        return OpenMoves(moves, self.accept_rest)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        if move.kind == "handicap":
            return self._handicap(seat, int(move.args[0]))
        if move.kind == "sink":
            self.shot_sunk += 1
            n = self.shot_sunk
            return [self.say(f"{self.players[seat]}'s shot: {plural(n, 'ball')} sunk so far.", "sink", seat)]
        if move.kind == "done":
            return self._legal_shot(seat)
        if move.kind == "rest":
            self.take_rest(move)
            return []
        if move.kind == SHOT:
            outcome = move_outcome(move)
            assert outcome is not None
            events = [e for m in shot_moves(outcome, **shot_context(self.view())) for e in self._apply(seat, m)]
            return [e for e in events if e.kind != "sink"]  # the shot's own line says what it sank
        return self._foul(seat, str(move.args[0]))

    def cue_in_hand(self) -> bool:
        return self.is_break or self.in_hand or self.balls is None or 0 not in self.balls

    def _handicap(self, seat: int, value: int) -> list[Event]:
        self.handicaps[seat] = value
        self.scores[seat] = value
        events = [self.say(f"{self.players[seat]}'s handicap is {value}: {self.players[seat]} starts with "
                           f"{plural(value, 'point')}.", "handicap", seat)]
        if None in self.handicaps:
            return events
        low = min(h for h in self.handicaps if h is not None)
        ties = [s for s, h in enumerate(self.handicaps) if h == low]
        breaker = ties[0] if len(ties) == 1 else self.rng.choice(ties)
        self.breaker = self.current = breaker
        why = (f"the lowest handicap ({low})" if len(ties) == 1
               else f"drawn among the lowest handicaps ({listing([self.players[s] for s in ties])}, {low})")
        events.append(self.say(
            f"Rack the fifteen balls. {self.players[breaker]} breaks, {why}: from anywhere behind the Head "
            "String; the break scores nothing and costs nothing, and a ball sunk on it lets "
            f"{self.players[breaker]} shoot again.", "break", breaker))
        return events

    def _sunk_off(self) -> str:
        """Take the shot's sunk balls off the table; the re-rack they call for, in words, or ""."""
        self.on_table -= self.shot_sunk
        self.shot_sunk = 0
        self.settle()
        balls = self.balls
        if self.on_table == 1:
            self.on_table = BALLS
            if balls is not None:
                pocketed = [b for b in range(1, BALLS + 1) if b not in balls]
                balls.update(rerack(balls, list(balls), pocketed))
            return RERACK
        if self.on_table == 0:
            self.on_table = BALLS
            if balls is not None:
                balls.update(zip(range(1, BALLS + 1), rack_positions(BALLS)))
                if 0 in balls and any(abs(balls[0][0] - p[0]) < 2.25 and abs(balls[0][1] - p[1]) < 2.25
                                      for p in rack_positions(BALLS)):
                    balls[0] = HEAD_SPOT
            return RACK_ALL
        return ""

    def _legal_shot(self, seat: int) -> list[Event]:
        me = self.players[seat]
        n = self.shot_sunk
        rack = self._sunk_off()
        self.in_hand = False
        self.shots += 1
        after = f" {rack[0].upper()}{rack[1:]}." if rack else ""
        if self.is_break:
            self.is_break = False
            if n:
                return [self.say(f"{me} sinks {plural(n, 'ball')} on the break (the break scores nothing) and "
                                 f"shoots again.{after}", "shot", seat)]
            events = [self.say(f"{me} sinks nothing on the break: no points lost.", "shot", seat)]
            if self.options["empty_break"] == "judged":
                self._end_inning(seat, events)
            else:
                self._next_inning(seat, events)
            return events
        if n:
            self.scores[seat] += n
            self.inning_points += n
            return [self.say(f"{me} sinks {plural(n, 'ball')}: {signed(n)}, {self.scores[seat]} points "
                             f"({signed(self.inning_points)} this inning). {me} shoots again.{after}", "shot", seat)]
        self.scores[seat] -= 1
        self.inning_points -= 1
        events = [self.say(f"{me} sinks nothing: -1, {self.scores[seat]} points ({signed(self.inning_points)} this "
                           "inning), and the inning is over.", "shot", seat)]
        self._end_inning(seat, events)
        return events

    def _end_inning(self, seat: int, events: list[Event]) -> None:
        """`seat`'s inning is over: 10 or more wins, 0 or less loses (out), else the next inning."""
        score = self.scores[seat]
        if score >= WIN_AT:
            self._win(seat, events)
            return
        if score <= 0:
            self._drop(seat, "lost", events)
            if not self.over:
                self._next_inning(seat, events)
            return
        self._next_inning(seat, events)

    def _foul(self, seat: int, kind: str) -> list[Event]:
        n = self.shot_sunk
        rack = self._sunk_off()
        self.is_break = False
        self.shots += 1
        sunk = f" (the {plural(n, 'ball')} sunk stay down)" if n else ""
        events = [self.say(f"Foul: {foul_words(kind)}{sunk}.", "foul", seat, foul=kind)]
        if rack:
            events.append(self.say(f"{rack[0].upper()}{rack[1:]}.", "rack"))
        self._drop(seat, "foul", events)
        if not self.over:
            self.in_hand = kind == "scratch"
            self._next_inning(seat, events)
        return events

    def _drop(self, seat: int, why: str, events: list[Event]) -> None:
        me = self.players[seat]
        self.out[seat] = why
        self.changes[seat] = 1
        handicap = self._handicap_of(seat) + 1
        text = (f"foul: {me} drops out, handicap {handicap}." if why == "foul"
                else f"{me} ends the inning with {self.scores[seat]} points and loses: {me} drops out, handicap "
                     f"{handicap}.")
        events.append(self.say(text[0].upper() + text[1:], "out", seat))
        left = [s for s in range(len(self.players)) if not self.out[s]]
        if len(left) == 1:
            last = left[0]
            events.append(self.say(
                f"Every opponent of {self.players[last]} has dropped out: the game is over, and that is no win; "
                f"{self.players[last]}'s handicap stays {self._handicap_of(last)}.", "alone", last))
            self._finish(events)

    def _win(self, seat: int, events: list[Event]) -> None:
        self.winner = seat
        self.changes[seat] = -1
        events.append(self.say(f"{self.players[seat]} ends the inning with {self.scores[seat]} points and wins: "
                               f"handicap {self._handicap_of(seat) - 1}.", "win", seat))
        if self.options["others"] == "lose":
            for s in range(len(self.players)):
                if s != seat and not self.out[s]:
                    self.changes[s] = 1
        self._finish(events)

    def _next_inning(self, seat: int, events: list[Event]) -> None:
        n = len(self.players)
        nxt = (seat + 1) % n
        while self.out[nxt]:
            nxt = (nxt + 1) % n
        self.current = nxt
        self.inning_points = 0
        hand = f" {IN_HAND[0].upper()}{IN_HAND[1:]}." if self.in_hand else ""
        events.append(self.say(f"{self.players[nxt]} shoots ({self.scores[nxt]} points).{hand}", "turn", nxt))

    def _handicap_of(self, seat: int) -> int:
        h = self.handicaps[seat]
        return START_HANDICAP if h is None else h

    def _finish(self, events: list[Event]) -> None:
        self.over = True
        self.current = None
        self._outcome = self._score()
        events.append(self.say(self._outcome.summary, "game_over"))

    def handicaps_after(self) -> list[int]:
        """Every player's handicap after this game (once it is over: the store keeps them)."""
        return [self._handicap_of(s) + self.changes[s] for s in range(len(self.players))]

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _score(self) -> Outcome:
        names = self.players
        after = self.handicaps_after()
        keys = [(s == self.winner, not self.out[s], self.scores[s]) for s in range(len(names))]
        details = []
        for s in range(len(names)):
            how = {"foul": "fouled out", "lost": "lost"}.get(self.out[s], "won" if s == self.winner else "still in")
            details.append(f"{how}; handicap {self._handicap_of(s)} -> {after[s]}")
        standings = rank_standings(names, keys, list(self.scores), details)
        if self.winner is None and not self.options.get(LAST_PLACED_FIRST):
            # nobody won: the last one standing is placed 2nd, not first (no win, no draw)
            standings = [Standing(st.seat, st.name, st.place + 1, st.score, st.detail) for st in standings]
        if self.winner is not None:
            summary = f"{names[self.winner]} wins with {self.scores[self.winner]} points."
        else:
            last = [s for s in range(len(names)) if not self.out[s]]
            summary = f"Every opponent of {listing([names[s] for s in last])} dropped out: nobody won."
        return Outcome(standings, summary, "")

    def length(self) -> int:
        return self.shots

    def turn_order(self) -> list[int]:
        n = len(self.players)
        first = self.breaker or 0
        return [(first + k) % n for k in range(n)]

    def view(self, seat: int | None = None) -> MagicHateBallView:
        return {
            "phase": self.phase,
            "handicaps": list(self.handicaps),
            "scores": list(self.scores),
            "out": list(self.out),
            "current": self.current,
            "breaker": self.breaker,
            "is_break": self.is_break,
            "inning_points": self.inning_points,
            "shot_sunk": self.shot_sunk,
            "on_table": self.on_table,
            "in_hand": self.in_hand,
            "winner": self.winner,
            "changes": list(self.changes),
            "balls": self.balls_view(),
            "options": dict(self.options),
            **self.table_view(),  # type: ignore[typeddict-item]
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        for key in ("handicaps", "scores", "out", "changes"):
            state[key] = list(state[key])
        state["shot_rest"] = dict(self.shot_rest)
        if self.balls is not None:
            state["balls"] = dict(self.balls)

    # -- words ----------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        if move.kind == SHOT or (self.on_screen and self.phase == "play" and move.kind in ("sink", "done", "foul", "rest")):
            return self.not_your_turn(seat) or (
                "The handicaps come first." if self.phase == "handicaps" else
                "On this screen a shot is played on the table: its outcome, whole and fitting the table as it is."
                if self.on_screen else "On a real table, enter what the shot did: the balls sunk, then the shot or its foul.")
        if move.kind == "rest":
            return REST_REFUSAL if self.phase == "play" and not self.not_your_turn(seat) else (
                self.not_your_turn(seat) or "A ball's resting place comes with a shot, after the handicaps.")
        if move.kind not in ("handicap", "sink", "done", "foul"):
            return f"Magic Hate Ball has no {move.kind!r} move: enter the balls sunk, then the shot or its foul."
        wait = self.not_your_turn(seat)
        if wait:
            return wait
        if self.phase == "handicaps":
            if move.kind == "handicap":
                return f"A handicap is a whole number from {HANDICAP_RANGE[0]} to {HANDICAP_RANGE[-1]}."
            return f"First enter {self.players[seat]}'s handicap."
        if move.kind == "handicap":
            return "The handicaps are set: the game is under way."
        if move.kind == "sink":
            return f"Only {plural(self.on_table, 'object ball')} {'is' if self.on_table == 1 else 'are'} on the table."
        if move.kind == "foul" and move.args == ("behind",):
            return "That foul is only for a shot with the cue ball in hand after a scratch."
        return f"That is not a shot Magic Hate Ball knows (fouls: {', '.join(FOUL_KINDS)}, behind)."

    def describe_move(self, move: Move) -> str:
        if move.kind == "handicap":
            return f"Handicap {move.args[0]}"
        if move.kind == "sink":
            return "A ball sunk"
        if move.kind == "done":
            n = self.shot_sunk
            return f"Legal shot, {plural(n, 'ball')} sunk" if n else "Legal shot, nothing sunk"
        if move.kind == "foul":
            return f"Foul: {FOUL_SHORT.get(str(move.args[0]), 'foul')}"
        if move.kind == SHOT:
            return shot_words(move)
        return str(move)


def shot_words(move: Move) -> str:
    """A shot played on the table, in a few words: what it sank, or its foul."""
    outcome = move_outcome(move)
    if outcome is None:
        return "A shot"
    reading = read_outcome(outcome)
    sunk = ", ".join(str(b) for b, _ in reading.sunk)
    return f"Shot: {f'sank {sunk}' if sunk else 'nothing sunk'}{', foul' if reading.foul else ''}"


def shot_context(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the reading of a table's shot needs of the game (its view): the cue ball in hand or not."""
    return {"in_hand": bool(view.get("in_hand"))}


#: a shot worth this much to its shooter (`shot_value`) needs no better: a ball sunk, the inning going on
GOOD_SHOT = 1.5


def shot_value(view: dict[str, Any], outcome: dict[str, Any]) -> float:
    """What a table's shot is worth to the seat that shoots, as these rules read it (the very moves
    `shot_moves` makes of it, as the game applies them): a foul puts the shooter out (the worst), each
    ball sunk is a point and lets the shooter go on, nothing sunk costs a point and ends the inning (on the
    break, nothing: the break scores nothing)."""
    moves = shot_moves(outcome, **shot_context(view))
    if moves[-1].kind == "foul":
        return -10.0
    sunk = sum(1 for m in moves if m == SINK)
    if sunk:
        return float(sunk) + 0.5
    return 0.0 if view.get("is_break") else -1.0


def shot_moves(outcome: dict[str, Any], in_hand: bool = False) -> list[Move]:
    """A shot's outcome (from a table in the terminal) as the moves a referee enters."""
    reading: Reading = read_outcome(outcome, in_hand=in_hand)
    moves = [SINK] * len(reading.sunk)
    moves.extend(outcome_rests(outcome))
    moves.append(FOUL_MOVES[reading.foul] if reading.foul and reading.foul in FOUL_MOVES else DONE)
    return moves
