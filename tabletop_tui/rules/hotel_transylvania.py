"""Hotel Transylvania: ghosts haunt the rooms of a bed and breakfast and score for scaring its guests.

The board is ours (the seed's picture is lost): 52 numbered rooms, one per card of a standard deck,
around one closed clockwise loop in card order (clubs ace to king, then diamonds, hearts, spades), with
six doors among them (`DOORS_BEFORE`: before rooms 1, 9, 18, 27, 35 and 44). It lives in `BOARD`, data
that the real board can replace. A door is a space of the loop, not a room: it holds no ghost, breaks a
haunting chain, and a guest stopping there is neither scared nor scores.

Six guests (coloured dice, each with a letter) start at rank 2, one on each door. Everyone is dealt four
cards; who goes first is drawn. A turn: Draw (up to five cards, while the deck lasts; done by the rules
as the turn begins), Play (one card of the hand, if any: a chip of the player's on top of that room's
stack, then along the haunted rooms to either side until an unhaunted room or a door, a chip on each
where the player is not already the top ghost), Move (a guest of the player's choice moves by two dice,
clockwise). A guest stopping on a room is scared: the room's ghosts share its rank (two points to the
top ghost, one to each below, then again from the top one by one) and the rank goes up by one; a 6
freaks out instead, rolls a new rank, and the room's ghosts share that many points lost. On a room not
yet haunted, whoever holds its card may Surprise: play it there (one chip, no chain) and score.

Surprise, out of turn, leaking nothing: every player has a standing order, a `Secret` seen by its owner
alone and set on the owner's own turn ("surprise a guest of rank k or more, a 6 too or not"); when a
guest stops on an unhaunted room, the rules apply the order of whoever holds the card at once, without
a pause and without asking anyone. The table sees a surprise when it happens, or that nobody surprised.
(The orders' Secrets are named anew after every guest's move: what was learnt of an order then is
of an order that is no more, as far as anyone can tell.)

The game ends after the turn in which the last card is played; the highest score wins, a tie going to
the one who is top ghost in the highest room (K♠ highest, spades above hearts, diamonds, clubs).

Moves:
  Move("play", ("7H",))     play a card of the hand (haunt its room and the chain)
  Move("move", ("red",))    move a guest by two dice
  Move("order", (k, six))   the mover's standing order: k 0 never; 1-5 surprise ranks k to 5, and a 6 too
                            when six is 1; k 6 (six 1) a 6 only

The view (`HotelView`, besides the engine's common fields): turn, first, phase ("play", "move", "over"),
stacks (per room 1-52, index room - 1, its ghosts bottom to top as seats), guests (colour, letter, pos:
a space of `LOOP`, the board, which is data and no part of a view; rank), hand (the viewer's codes;
None for the table), hands (how many cards each holds), deck (a count), played (cards played so far),
scores, order (the viewer's standing order [k, six]; None for the table), last (the last guest's move:
colour, roll, start, end, room, before, after, surprise (a seat or None), points per seat), tiebreaks.

What is hidden (`places`): the deck from everyone, a hand and a standing order from all but their owner.
"""

from __future__ import annotations

from typing import Any, Iterator, TypedDict

from tabletop_tui.rules.engine import (EVERYONE, Event, Game, Move, Outcome, Place, Secret, View,
                                       rank_standings)
from tabletop_tui.rules.words import listing, plural, shorten

# -- the board (ours: data, so that the real one can replace it) ---------------------------------------

#: the rooms a door stands just before, going clockwise (a door also closes the loop before room 1)
DOORS_BEFORE = (1, 9, 18, 27, 35, 44)
ROOMS = 52
SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def build_loop(doors_before: tuple[int, ...] = DOORS_BEFORE, rooms: int = ROOMS) -> list[int]:
    """The loop's spaces clockwise: a room's number, or 0 for a door."""
    out: list[int] = []
    for r in range(1, rooms + 1):
        if r in doors_before:
            out.append(0)
        out.append(r)
    return out


#: the board: the loop, the doors' places on it, and which rooms neighbour (no door between)
LOOP: tuple[int, ...] = tuple(build_loop())
BOARD = {"loop": LOOP, "doors_before": DOORS_BEFORE}
DOORS = tuple(i for i, r in enumerate(LOOP) if r == 0)
SPACES = len(LOOP)

HAND = 4
DRAW_TO = 5
START_RANK = 2
COLOURS = ("red", "orange", "yellow", "green", "blue", "violet")
LETTERS = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B", "violet": "V"}

PLAY, MOVE, OVER = "play", "move", "over"

#: the standing orders, from the most cautious to the boldest: (k, six)
ORDERS: tuple[tuple[int, int], ...] = ((0, 0), (5, 0), (4, 0), (3, 0), (2, 0), (1, 0),
                                       (6, 1), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1))
DEFAULT_ORDER = (1, 0)


def room_code(room: int) -> str:
    """The card of a room: 1 the ace of clubs ... 52 the king of spades."""
    suit = SUITS[(room - 1) // 13]
    rank = (room - 1) % 13 + 1
    return RANK_CODES.get(rank, str(rank)) + suit


def code_room(code: str) -> int:
    """The room of a card's code (0 if it is none)."""
    if len(code) < 2 or code[-1] not in SUITS:
        return 0
    head = code[:-1]
    rank = next((r for r, c in RANK_CODES.items() if c == head), 0)
    if not rank and head.isdigit() and 2 <= int(head) <= 10 and head == str(int(head)):
        rank = int(head)
    if not rank:
        return 0
    return SUITS.index(code[-1]) * 13 + rank


def room_name(room: int) -> str:
    """"♥7": a room is named suit first, so that no line that names a room reads as naming its card
    (which may be in someone's hand)."""
    code = room_code(room)
    return SUIT_SYMBOLS[code[-1]] + code[:-1]


ALL_CODES = tuple(room_code(r) for r in range(1, ROOMS + 1))


def neighbour(room: int, step: int) -> int:
    """The room next to `room` going `step` (+1 clockwise, -1 back), or 0 where a door (or the end of
    the numbers) stands between."""
    other = room + step
    if not 1 <= other <= ROOMS:
        return 0
    later = max(room, other)
    return 0 if later in DOORS_BEFORE else other


def chain(stacks: list[list[int]], room: int, seat: int) -> list[int]:
    """The rooms a card played for `room` (unhaunted) haunts by the chain: the haunted rooms to either
    side, up to an unhaunted room or a door, less those where `seat` is already the top ghost (the chain
    goes on past them). Nearest first, the lower side first."""
    out = []
    for step in (-1, 1):
        r = neighbour(room, step)
        while r and stacks[r - 1]:
            if stacks[r - 1][-1] != seat:
                out.append(r)
            r = neighbour(r, step)
    return out


def split(points: int, stack: list[int]) -> list[int]:
    """The points each chip of a stack (bottom to top, as seats) gets: two to the top one, then one to
    each below it, then from the top again one at a time. Per chip, bottom to top; points may be
    negative (a freak-out), shared the same way."""
    n = len(stack)
    out = [0] * n
    if not n:
        return out
    sign = -1 if points < 0 else 1
    left = abs(points)
    first = min(2, left)
    out[n - 1] += first
    left -= first
    i = 1
    while left > 0:
        out[n - 1 - (i % n)] += 1
        left -= 1
        i += 1
    return [sign * p for p in out]


def shares(points: int, stack: list[int], seats: int) -> list[int]:
    """What each seat gets from a stack's share of `points`."""
    out = [0] * seats
    for seat, p in zip(stack, split(points, stack)):
        out[seat] += p
    return out


def covers(order: tuple[int, int], rank: int) -> bool:
    """Whether a standing order surprises a guest of `rank`."""
    k, six = order
    if k == 0:
        return False
    if rank >= 6:
        return bool(six)
    return rank >= k


def order_words(order: tuple[int, int]) -> str:
    k, six = order
    if k == 0:
        return "never surprise"
    if k == 6:
        return "surprise a 6 only"
    if six:
        return "surprise any guest" if k == 1 else f"surprise rank {k} or more, a 6 too"
    if k == 5:
        return "surprise a 5 only"
    return "surprise any guest but a 6" if k == 1 else f"surprise rank {k} to 5"


def order_short(order: tuple[int, int]) -> str:
    """"3-5", "2-6", "never"."""
    k, six = order
    if k == 0:
        return "never"
    top = 6 if six else 5
    return str(k) if k == top else f"{k}-{top}"


class GuestView(TypedDict):
    colour: str
    letter: str
    pos: int
    rank: int


class LastView(TypedDict):
    colour: str
    roll: list[int]
    start: int
    end: int
    room: int
    before: int
    after: int
    surprise: int | None
    points: list[int]


class HotelView(View, total=False):
    """The game's own fields of a view (see the module's docstring)."""

    turn: int
    first: int
    phase: str
    stacks: list[list[int]]
    guests: list[GuestView]
    hand: list[str] | None
    hands: list[int]
    deck: int
    played: int
    scores: list[int]
    order: list[int] | None
    last: LastView | None
    tiebreaks: str | None


def _hand_order(code: str) -> int:
    return code_room(code)


class HotelTransylvania(Game):
    id = "hotel-transylvania"
    title = "Hotel Transylvania"
    score_label = "Points"
    min_players = 3
    max_players = 6
    rules_version = 1
    hidden_information = True
    chance = "a roll of the dice or a card shown"
    length_unit = "turns"

    def __init__(self, players: list[str], seed: int = 0, stream: int = 2, **options: Any):
        super().__init__(players, seed, stream=stream, **options)
        n = len(self.players)
        deck = list(ALL_CODES)
        self.rng.shuffle(deck)
        self.hands: list[list[str]] = [sorted(deck[i * HAND:(i + 1) * HAND], key=_hand_order) for i in range(n)]
        self.deck: list[str] = deck[n * HAND:]
        self.stacks: list[list[int]] = [[] for _ in range(ROOMS)]
        self.guests: list[list[int]] = [[DOORS[i], START_RANK] for i in range(len(COLOURS))]
        self.scores = [0] * n
        self.moves_made = 0
        self.orders = [self._order_secret(s, DEFAULT_ORDER) for s in range(n)]
        self.played = 0
        self.turns = 0
        self.last: LastView | None = None
        self.first = self.rng.below(n)
        self.turn = self.first
        self.phase = PLAY
        self._outcome: Outcome | None = None
        self.log.append(self.say(
            f"Six guests, each a 2, stand on the six doors; everyone is dealt {HAND} cards. "
            f"{self.players[self.first]} goes first (drawn).", "setup"))
        for s in range(n):
            self.log.append(self.tell(s, f"{self.players[s]} is dealt {self._names(self.hands[s])}.",
                                      kind="deal", seat=s, cards=list(self.hands[s])))
        self._start_turn(self.log)

    # -- helpers ---------------------------------------------------------------------------------------

    def _order_secret(self, seat: int, value: tuple[int, int]) -> Secret:
        return Secret(f"order-{seat}-{self.moves_made}", value, ORDERS)

    @staticmethod
    def _names(codes: list[str]) -> str:
        return ", ".join(c[:-1] + SUIT_SYMBOLS[c[-1]] for c in codes) or "nothing"

    def _start_turn(self, events: list[Event]) -> None:
        seat = self.turn
        hand = self.hands[seat]
        got: list[str] = []
        while len(hand) + len(got) < DRAW_TO and self.deck:
            got.append(self.deck.pop())
        me = self.players[seat]
        if got:
            hand.extend(got)
            hand.sort(key=_hand_order)
            events.append(self.tell(seat, f"{me} draws {self._names(got)}.",
                                    public=f"{me} draws {plural(len(got), 'card')}.", kind="draw", seat=seat,
                                    cards=got))
        self.phase = PLAY if hand else MOVE
        if not hand:
            events.append(self.say(f"{me} has no card to play: {me} moves a guest.", "empty", seat))

    def _haunt(self, seat: int, room: int, events: list[Event]) -> None:
        """A card played on the player's turn: the room and its chain."""
        rooms = chain(self.stacks, room, seat)
        self.stacks[room - 1].append(seat)
        for r in rooms:
            self.stacks[r - 1].append(seat)
        me = self.players[seat]
        text = f"{me} plays {room_name(room)} and haunts it"
        if rooms:
            text += ", and by the chain " + listing([room_name(r) for r in sorted(rooms)])
        events.append(self.say(text + ".", "play", seat, room=room, chain=sorted(rooms)))

    def _end_turn(self, events: list[Event]) -> None:
        self.turns += 1
        if self.played == ROOMS:
            self.phase = OVER
            self._outcome = self._score()
            events.append(self.say("The last card has been played. " + self._outcome.summary, "game_over"))
            return
        self.turn = (self.turn + 1) % len(self.players)
        self._start_turn(events)

    def _move(self, seat: int, colour: str, events: list[Event]) -> None:
        n = len(self.players)
        g = COLOURS.index(colour)
        guest = self.guests[g]
        start, rank = guest
        roll = self.rng.dice(2)
        end = (start + sum(roll)) % SPACES
        guest[0] = end
        room = LOOP[end]
        me = self.players[seat]
        head = f"{me} moves the {colour} guest ({LETTERS[colour]}, a {rank}): rolls {roll[0]}+{roll[1]}"
        points = [0] * n
        surprise: int | None = None
        if room == 0:
            events.append(self.say(f"{head}, and it stops at a door: nothing happens.", "move", seat,
                                   colour=colour, roll=roll))
            after = rank
        else:
            events.append(self.say(f"{head} to {room_name(room)}.", "move", seat, colour=colour, roll=roll,
                                   room=room))
            stack = self.stacks[room - 1]
            if not stack:
                code = room_code(room)
                holder = next((s for s in range(n) if code in self.hands[s]), None)
                if holder is not None and covers(self.orders[holder].value, rank):
                    self.hands[holder].remove(code)
                    stack.append(holder)
                    self.played += 1
                    surprise = holder
                    events.append(self.say(
                        f"Surprise! {self.players[holder]} plays {room_name(room)} from hand and haunts the room "
                        "(no chain).", "surprise", holder, room=room))
                else:
                    events.append(self.say(f"{room_name(room)} is not haunted, and nobody surprises.", "no_surprise",
                                           None, room=room))
            if rank < 6:
                after = rank + 1
                if stack:
                    points = shares(rank, stack, n)
            else:
                after = self.rng.die()
                if stack:
                    points = shares(-after, stack, n)
            guest[1] = after
            if rank < 6:
                text = f"The {colour} guest is scared: now a {after}."
            else:
                text = f"The {colour} guest, a 6, freaks out and rolls a new rank: {after}."
            if stack:
                got = [f"{self.players[s]} {'+' if p > 0 else ''}{p}" for s, p in enumerate(points) if p]
                text += " " + ("Points: " + ", ".join(got) + "." if got else "Nobody scores.")
                for s in range(n):
                    self.scores[s] += points[s]
            events.append(self.say(text, "scare", None, colour=colour, rank=after, points=points))
        self.last = {"colour": colour, "roll": list(roll), "start": start, "end": end, "room": room,
                     "before": rank, "after": after, "surprise": surprise, "points": points}
        self.moves_made += 1
        self.orders = [self._order_secret(s, self.orders[s].value) for s in range(n)]

    def _score(self) -> Outcome:
        names_ = self.players
        n = len(names_)
        tops = [0] * n
        for r in range(1, ROOMS + 1):
            stack = self.stacks[r - 1]
            if stack:
                tops[stack[-1]] = r
        keys = [(self.scores[s], tops[s]) for s in range(n)]
        details = [f"top ghost of {room_name(tops[s])} at best" if tops[s] else "top ghost nowhere" for s in range(n)]
        standings = rank_standings(names_, keys, list(self.scores), details)
        best = max(self.scores)
        at_top = [s for s in range(n) if self.scores[s] == best]
        first = [st.seat for st in standings if st.place == 1]
        tiebreaks = ""
        if len(first) == 1:
            w = first[0]
            summary = f"{names_[w]} wins with {plural(best, 'point')}"
            if len(at_top) > 1:
                summary += f", tied with {listing(names_[s] for s in at_top if s != w)} but top ghost of the highest room"
                tiebreaks = (f"{listing(names_[s] for s in at_top)} tie at {best}: {names_[w]} is the top ghost of "
                             f"{room_name(tops[w])}, the highest room any of them tops.")
            summary += "."
        else:
            summary = (f"A draw: {listing(names_[s] for s in first)} tie at {plural(best, 'point')}, and none of them "
                       "is top ghost of any room (the longest howl decides, off the board).")
            tiebreaks = "None of the tied players is top ghost of any room: the tie stands."
        return Outcome(standings, summary, tiebreaks)

    # -- the contract ------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.phase == OVER else [self.turn]

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase == OVER or seat != self.turn:
            return []
        current = self.orders[seat].value
        orders = [Move("order", o) for o in ORDERS if o != current]
        if self.phase == PLAY:
            return [Move("play", (c,)) for c in self.hands[seat]] + orders
        return [Move("move", (c,)) for c in COLOURS] + orders

    def _apply(self, seat: int, move: Move) -> list[Event]:
        events: list[Event] = []
        if move.kind == "order":
            value = (move.args[0], move.args[1])
            self.orders[seat] = self.orders[seat].with_value(value)
            events.append(self.tell(seat, f"{self.players[seat]} sets a standing order: {order_words(value)} "
                                          "(on a room whose card is in hand).", kind="order", seat=seat))
        elif move.kind == "play":
            code = move.args[0]
            self.hands[seat].remove(code)
            self.played += 1
            self._haunt(seat, code_room(code), events)
            self.phase = MOVE
        else:
            self._move(seat, move.args[0], events)
            self._end_turn(events)
        return events

    def outcome(self) -> Outcome | None:
        return self._outcome

    def alike(self, item: str) -> str:
        """A card is never taken for a standing order."""
        return "order" if item.startswith("order-") else "card"

    def length(self) -> int:
        return self.turns

    def places(self) -> Iterator[Place]:
        yield Place(self.deck)
        for s, hand in enumerate(self.hands):
            yield Place(hand, (s,))
            yield Place((self.orders[s],), (s,))
        yield Place([room_code(r) for r in range(1, ROOMS + 1) if self.stacks[r - 1]], EVERYONE)

    def view(self, seat: int | None = None) -> HotelView:
        me = seat if type(seat) is int and 0 <= seat < len(self.players) else None
        last = self.last
        outcome = self._outcome
        return {
            "turn": self.turn,
            "first": self.first,
            "phase": self.phase,
            "stacks": [list(s) for s in self.stacks],
            "guests": [{"colour": c, "letter": LETTERS[c], "pos": g[0], "rank": g[1]}
                       for c, g in zip(COLOURS, self.guests)],
            "hand": None if me is None else list(self.hands[me]),
            "hands": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "played": self.played,
            "scores": list(self.scores),
            "order": None if me is None else list(self.orders[me].value),
            "last": None if last is None else {**last, "roll": list(last["roll"]),
                                               "points": list(last["points"])},
            "tiebreaks": outcome.tiebreaks if outcome else None,
        }

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["deck"] = list(self.deck)
        state["hands"] = [list(h) for h in self.hands]
        state["stacks"] = [list(s) for s in self.stacks]
        state["guests"] = [list(g) for g in self.guests]
        state["scores"] = list(self.scores)
        state["orders"] = list(self.orders)
        # last is replaced whole, never changed in place

    # -- words -------------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        names_ = self.players
        me = names_[seat]
        kind = move.kind
        if kind not in ("play", "move", "order"):
            return (f"Hotel Transylvania has no {shorten(kind)} move: on your turn you play a card, move a guest, "
                    "and may set your standing order for surprises.")
        if seat != self.turn:
            return f"It is {names_[self.turn]}'s turn, not {me}'s."
        if kind == "order":
            if len(move.args) != 2 or any(type(a) is not int for a in move.args) or tuple(move.args) not in ORDERS:
                return ("A standing order is two numbers: the least rank surprised (0 never, 1-5, or 6 for a 6 "
                        "only) and 1 to surprise a 6 too, else 0.")
            return f"That is already {me}'s standing order ({order_words(self.orders[seat].value)})."
        if kind == "play":
            if self.phase == MOVE:
                return f"{me} has played a card this turn (or has none): now move a guest."
            if len(move.args) != 1 or type(move.args[0]) is not str:
                return "A play names one card by its code (as 7H or KS)."
            room = code_room(move.args[0])
            if not room:
                return f"{shorten(move.args[0])} is not a card of the deck: name one as 7H, 10S or KC."
            if self.stacks[room - 1]:
                return f"{room_name(room)} was played already: it is in no hand."
            return f"{room_name(room)} is not in {me}'s hand."
        if self.phase == PLAY:
            return f"{me} plays a card first (playing is compulsory while the hand holds one), then moves a guest."
        if len(move.args) != 1 or move.args[0] not in COLOURS:
            return f"Name a guest by its colour: {listing(COLOURS, 'or')}."
        return f"{me} may not move that guest now."

    def describe_move(self, move: Move) -> str:
        if move.kind == "play" and len(move.args) == 1 and isinstance(move.args[0], str):
            room = code_room(move.args[0])
            return f"Play {room_name(room)}" if room else str(move)
        if move.kind == "move" and len(move.args) == 1 and move.args[0] in COLOURS:
            c = move.args[0]
            return f"Move {LETTERS[c]} {c} ({self.guests[COLOURS.index(c)][1]})"
        if move.kind == "order" and tuple(move.args) in ORDERS:
            return f"Order: {order_short((move.args[0], move.args[1]))}"
        return str(move)
