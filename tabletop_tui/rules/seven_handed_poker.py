"""Seven-Handed Poker: seven coins in a row, a poker hand on each side of every coin.

Each player is dealt a hand (seven cards; six or five by option) and a player drawn by lot goes first.
On a turn the player announces a number and lays that many cards (one to five) face down; the
opponent, who sees the count and never the cards, chooses which of the player's free coins they go to;
the player draws three.
When a coin has cards on both sides they turn face up at once and the coin goes to the better hand (a
kicker beats nothing; equal hands win the coin for both). Three adjacent coins or four in all win;
a coin that gives both players their win makes a tie game.

Moves (coins are numbered 0 to 6 in moves, 1 to 7 for people):

  announce N    the player whose turn it is says how many cards they lay, 1 to 5 and at most the hand
                (`Move("announce", (3,))`)
  lay CODE      lays one card of the hand face down (`Move("lay", ("7S",))`), once per card announced;
                the last one ends the laying, and the opponent must decide
  place COIN    the *opponent* of the player who laid chooses the coin (`Move("place", (3,))`),
                one of the coins whose side of that player is still free

So the opponent's choice is a move of the opponent: `to_act()` names whoever must decide. The choice
of cards is a sequence of small moves, as the seed has it (first the number, then the cards), so that
`legal_moves` is never more than one move per card of the hand (never every subset of it). The number
and the cards laid before the last can be taken back by undo; the last card lays the hand before the
opponent, who then decides on it, so that move is final.

The view (`view(seat)`, `SevenHandedPokerView`; None for the table), besides the engine's common
fields ("players", "viewer", "to_act", "over", "result", "winners"): "phase" ("announce", "lay",
"place", "over"), "turn" (the seat laying, whose cards are placed), "first", "hand_size",
"jokers", "deck" (a count), "hand" (the viewer's own codes, sorted; [] for the table), "hand_counts",
"pending" (while laying and placing: {"seat", "announced", "cards"}, else None), "coins" (seven of
{"sides": [seat 0's cards, seat 1's cards], "face_up", "winners": seats, "hands": the two hands' names
once face up}), "free" (each seat's free coins), "won" (each seat's coins, a tie in both), "out" (a
seat that can play no more). A card the viewer may not see is None, so a face-down side of three
cards is [None, None, None]; its owner sees the codes.

Who sees what (`places`): each hand, and each side of a coin still face down, by its owner; the cards
being laid by the player laying them; the deck by nobody; the coins turned up by everyone.

Rulings (see the rules help): the game ends at the reveal that gives a player the win; a short deck
gives what it has and is never reshuffled; a player with no card or no free coin could not play and
would be out for good, a lone hand winning its coin when neither can play (this never happens with one
deck: see `_next_turn`); the move that completes a laying is final.
"""

from __future__ import annotations

from typing import Any, Iterator, TypedDict

from tabletop_tui.rules.components.cards import Card, card, codes, deck, names
from tabletop_tui.rules.components.poker import hand_name, hand_value
from tabletop_tui.rules.engine import EVERYONE, Event, Game, Move, Option, Outcome, Place, View, rank_standings
from tabletop_tui.rules.words import listing, plural, shorten

COINS = 7
MAX_LAY = 5
DRAW = 3
IN_A_ROW = 3
IN_ALL = 4

ANNOUNCE, LAY, PLACE, OVER = "announce", "lay", "place", "over"
ANNOUNCE_MOVES = tuple(Move("announce", (n,)) for n in range(1, MAX_LAY + 1))
PLACE_MOVES = tuple(Move("place", (i,)) for i in range(COINS))
_KINDS = ("announce", "lay", "place")
_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")


#: How a seat won: ("row", the three coins), ("four", the coins held), or ("", []).
Line = tuple[str, list[int]]


class PendingView(TypedDict):
    seat: int  # the seat laying
    announced: int
    cards: list[str | None]  # the codes to the seat laying, None to the others


class CoinView(TypedDict):
    sides: list[list[str | None]]  # seat 0's cards, seat 1's: None where the viewer may not see one
    face_up: bool
    winners: list[int]
    hands: list[str | None]  # the two hands' names once face up


class SevenHandedPokerView(View):
    phase: str
    turn: int
    first: int
    hand_size: int
    jokers: bool
    deck: int
    hand: list[str]
    hand_counts: list[int]
    pending: PendingView | None
    coins: list[CoinView]
    free: list[list[int]]
    won: list[list[int]]
    out: list[bool]


def coin_label(index: int) -> str:
    """"coin 4" for index 3."""
    return f"coin {index + 1}"


def winning_line(won: list[bool]) -> Line:
    """How a player with these coins won ("row" or "four"), and which coins, or ("", [])."""
    run: list[int] = []
    for i, w in enumerate(won):
        run = run + [i] if w else []
        if len(run) == IN_A_ROW:
            return "row", run
    held = [i for i, w in enumerate(won) if w]
    if len(held) >= IN_ALL:
        return "four", held
    return "", []


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cards_words(cards: list[Card]) -> str:
    return _COUNT_WORDS[len(cards)] + (" card" if len(cards) == 1 else " cards")


class SevenHandedPoker(Game):
    id = "seven-handed-poker"
    title = "Seven-Handed Poker"
    score_label = "Coins"
    min_players = 2
    max_players = 2
    rules_version = 1
    hidden_information = True
    chance = "a card drawn or a hand laid before the opponent"
    #: the kinds of move that, when one is a seat's only move, everyone can tell was forced (the screen
    #: may play it without passing the keyboard): the coin for the opponent's cards when one is free
    open_forced_moves = frozenset({"place"})
    OPTIONS = (
        Option("hand_size", "Starting hand", "choice", 7,
               help="Cards dealt to each player at the start: seven, or six or five for a harder game.",
               choices=((7, "seven cards"), (6, "six cards"), (5, "five cards"))),
        Option("jokers", "Jokers", "bool", False,
               help="Shuffle the two jokers into the deck. A joker is wild: it stands for any card."),
    )
    #: A game has at most fourteen turns of at most seven moves each.
    move_limit = 100

    def __init__(self, players: list[str], seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        opts = self.options
        self.hand_size: int = opts["hand_size"]
        self.full_deck: tuple[Card, ...] = tuple(deck(2 if opts["jokers"] else 0))
        self.deck: list[Card] = list(self.full_deck)
        self.rng.shuffle(self.deck)  # dealt from the end
        self.hands: list[list[Card]] = [[], []]
        self.announced = 0  # the number of cards announced this turn (0: not yet)
        self.pending: list[Card] = []  # laid face down this turn, waiting for the opponent to choose the coin
        #: sides[coin][seat]: the cards on that seat's side of the coin ([] while free)
        self.sides: list[list[list[Card]]] = [[[], []] for _ in range(COINS)]
        self.face_up: list[bool] = [False] * COINS
        self.winners: list[tuple[int, ...]] = [()] * COINS  # the seats that won each coin (both for a tie)
        self.hand_names: list[list[str | None]] = [[None, None] for _ in range(COINS)]
        self.phase = ANNOUNCE
        self._outcome: Outcome | None = None
        self.first = self.turn = self.rng.below(2)
        self.passed: list[bool] = [False, False]  # a seat that could not play and so is out for good
        for _ in range(self.hand_size):
            for seat in (0, 1):
                self.hands[seat].append(self.deck.pop())
        for hand in self.hands:
            hand.sort()
        n = self.hand_size
        p = self.players
        self.log.append(self.say(
            f"Seven coins lie in a row. {p[0]} and {p[1]} are dealt {_COUNT_WORDS[n]} cards each; "
            f"{p[self.first]} is drawn by lot to go first.", "deal", self.first, first=self.first))
        for seat in (0, 1):
            self.log.append(self.tell(seat, f"You are dealt {names(self.hands[seat])}.", kind="deal", seat=seat))

    # -- helpers --------------------------------------------------------------------------------

    def free_coins(self, seat: int) -> list[int]:
        """The coins whose side of `seat` is still free."""
        return [i for i in range(COINS) if not self.sides[i][seat]]

    def coins_won(self, seat: int) -> list[bool]:
        return [seat in w for w in self.winners]

    def can_play(self, seat: int) -> bool:
        return bool(self.hands[seat]) and any(not self.sides[i][seat] for i in range(COINS))

    # -- the contract ---------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.phase == ANNOUNCE or self.phase == LAY:
            return [self.turn]
        if self.phase == PLACE:
            return [1 - self.turn]
        return []

    def legal_moves(self, seat: int) -> list[Move]:
        phase = self.phase
        if seat == self.turn:
            if phase == ANNOUNCE:
                return list(ANNOUNCE_MOVES[:min(MAX_LAY, len(self.hands[seat]))])
            if phase == LAY:
                return [Move("lay", (c.code,)) for c in self.hands[seat]]
        elif phase == PLACE and seat == 1 - self.turn:
            return [PLACE_MOVES[i] for i in self.free_coins(self.turn)]
        return []

    def outcome(self) -> Outcome | None:
        return self._outcome

    def _apply(self, seat: int, move: Move) -> list[Event]:
        kind = move.kind
        if kind == "announce":
            self.announced = n = move.args[0]
            self.phase = LAY
            return [self.say(f"{self.players[seat]} announces {_COUNT_WORDS[n]} "
                             f"{'card' if n == 1 else 'cards'}.", "announce", seat, count=n)]
        if kind == "lay":
            c = card(move.args[0])
            self.hands[seat].remove(c)
            self.pending.append(c)
            if len(self.pending) < self.announced:
                return []
            return self._laid(seat)
        return self._place(seat, move.args[0])

    def _laid(self, seat: int) -> list[Event]:
        """The last card announced is down: the opponent chooses the coin."""
        self.pending.sort()
        laid = self.pending
        self.phase = PLACE
        # The opponent decides on these cards now: laying them is final (undo cannot take it back),
        # although nobody has seen a card that they had not.
        self.revealed()
        name, other = self.players[seat], self.players[1 - seat]
        public = f"{name} lays {_cards_words(laid)} face down; {other} chooses the coin."
        return [self.tell(seat, f"You lay {names(laid)} face down; {other} chooses the coin.",
                          public=public, kind="lay", seat=seat, count=len(laid), cards=codes(laid))]

    def _place(self, chooser: int, coin: int) -> list[Event]:
        seat = 1 - chooser
        laid = self.pending
        self.pending = []
        self.announced = 0
        self.sides[coin][seat] = laid
        name = self.players[seat]
        events = [self.say(f"{self.players[chooser]} puts {name}'s {_cards_words(laid)} on {name}'s side "
                           f"of {coin_label(coin)}.", "place", seat, coin=coin, count=len(laid))]
        if self.sides[coin][1 - seat]:
            self._reveal(coin, events)
            if self._check_win(coin, events):
                return events
        self._draw(seat, events)
        self._next_turn(events)
        return events

    def _reveal(self, coin: int, events: list[Event]) -> None:
        """Both sides of `coin` hold cards: they turn face up and the better hand takes the coin."""
        self.face_up[coin] = True
        sides = self.sides[coin]
        values = [hand_value(sides[0]), hand_value(sides[1])]
        self.hand_names[coin] = [hand_name(values[0]), hand_name(values[1])]
        if values[0] == values[1]:
            self.winners[coin] = (0, 1)
        else:
            self.winners[coin] = (0,) if values[0] > values[1] else (1,)
        p = self.players
        shown = [f"{p[s]}'s {self.hand_names[coin][s]} ({names(sides[s])})" for s in (0, 1)]
        label = coin_label(coin)
        if len(self.winners[coin]) == 2:
            verdict = f"The hands are equal: {label} stays in the middle and counts for both."
        else:
            w = self.winners[coin][0]
            how = ""
            if self.hand_names[coin][0] == self.hand_names[coin][1]:
                how = " on the kickers"
            verdict = f"{p[w]} wins {label}{how}."
        events.append(self.say(f"{_capital(label)} turns up: {shown[0]} against {shown[1]}. {verdict}",
                               "reveal", None, coin=coin, winners=list(self.winners[coin]),
                               hands=list(self.hand_names[coin]),
                               sides=[codes(sides[0]), codes(sides[1])]))

    def _check_win(self, coin: int, events: list[Event]) -> bool:
        """End the game if a player has three adjacent coins or four in all (both: a tie game)."""
        lines = [winning_line(self.coins_won(s)) for s in (0, 1)]
        winners = [s for s in (0, 1) if lines[s][0]]
        if not winners:
            return False
        self._finish(winners, lines, events, exhausted=False, coin=coin)
        return True

    def _draw(self, seat: int, events: list[Event]) -> None:
        name = self.players[seat]
        n = min(DRAW, len(self.deck))
        if n == 0:
            events.append(self.say(f"The deck is empty: {name} draws nothing.", "draw", seat, count=0))
            return
        drawn = [self.deck.pop() for _ in range(n)]
        self.hands[seat].extend(drawn)
        self.hands[seat].sort()
        if n == DRAW and self.deck:
            public = f"{name} draws three cards."
            text = f"You draw {names(drawn)}."
        else:
            public = f"{name} draws the last {plural(n, 'card')}; the deck is empty."
            text = f"You draw the last {plural(n, 'card')}: {names(drawn)}. The deck is empty."
        events.append(self.tell(seat, text, public=public, kind="draw", seat=seat, count=n, cards=codes(drawn)))

    def _next_turn(self, events: list[Event]) -> None:
        """The other player's turn; one who cannot play (no card, no free coin) is out for good.

        In a real game nobody ever is: a player's turn comes two turns after the last draw of three,
        and the deck (at least 38 cards after the deal) lasts twelve draws of three, so every turn up
        to the fourteenth (the last: by then all seven coins are settled and someone has won) finds
        three cards or more in hand, and the two players alternate, so a free coin too."""
        p = self.players
        nxt = 1 - self.turn
        for seat in (nxt, self.turn):
            if self.can_play(seat):
                break
            if not self.passed[seat]:
                self.passed[seat] = True
                why = "no cards left" if not self.hands[seat] else "no free coin on that side"
                events.append(self.say(f"{p[seat]} has {why} and can play no more.", "pass", seat))
        else:
            self._exhausted(events)
            return
        self.turn = seat
        self.phase = ANNOUNCE
        if seat != nxt:
            events.append(self.say(f"{p[seat]} plays again.", "turn", seat))

    def _exhausted(self, events: list[Event]) -> None:
        """Neither player can play: each lone hand wins its coin and the game ends.

        With one deck and hands of five to seven cards this never happens (see `_next_turn`); the rule
        is here so that the game always ends."""
        p = self.players
        for coin in range(COINS):
            sides = self.sides[coin]
            if self.face_up[coin] or not (sides[0] or sides[1]):
                continue
            seat = 0 if sides[0] else 1
            label = coin_label(coin)
            self.winners[coin] = (seat,)
            events.append(self.say(f"{p[seat]}'s {_cards_words(sides[seat])} on {label} face no cards: "
                                   f"a hand beats no hand, and {p[seat]} wins {label}.",
                                   "lone", seat, coin=coin, winners=[seat]))
        lines = [winning_line(self.coins_won(s)) for s in (0, 1)]
        self._finish([s for s in (0, 1) if lines[s][0]], lines, events, exhausted=True)

    def _finish(self, winners: list[int], lines: list[Line], events: list[Event], exhausted: bool,
                coin: int = -1) -> None:
        p = self.players
        self.phase = OVER
        counts = [sum(self.coins_won(s)) for s in (0, 1)]

        def how(seat: int) -> str:
            kind, coins = lines[seat]
            numbers = listing([str(c + 1) for c in coins])
            if kind == "row":
                return f"three adjacent coins ({numbers})"
            return f"{_COUNT_WORDS[len(coins)]} coins ({numbers})"

        details = []
        for s in (0, 1):
            held = [str(i + 1) for i, w in enumerate(self.coins_won(s)) if w]
            details.append(f"won {plural(counts[s], 'coin')}" + (f" ({listing(held)})" if held else ""))
        if len(winners) == 1:
            w = winners[0]
            summary = f"{p[w]} wins with {how(w)}."
            if exhausted:
                summary = "The cards ran out. " + summary
        elif winners:
            if not exhausted:
                summary = (f"A tie game, a draw: the tie on {coin_label(coin)} counts for both, and so {p[0]} has "
                           f"{how(0)} and {p[1]} has {how(1)} at once.")
            else:
                summary = (f"A tie game, a draw: when the cards ran out, {p[0]} had {how(0)} "
                           f"and {p[1]} had {how(1)}.")
        else:
            summary = (f"A tie game, a draw: the cards ran out before either player won three adjacent coins or four "
                       f"in all ({p[0]} {counts[0]}, {p[1]} {counts[1]}).")
        keys = [(1,) if s in winners or not winners else (0,) for s in (0, 1)]
        standings = rank_standings(list(p), keys, counts, details)
        tiebreaks = "" if len(winners) == 1 else "Seven-Handed Poker has no tie-break: a tie game is a draw."
        self._outcome = outcome = Outcome(standings, summary, tiebreaks)
        events.append(self.say(summary, "over", winners[0] if len(winners) == 1 else None,
                               winners=outcome.first))

    # -- what a seat sees -----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> SevenHandedPokerView:
        phase = self.phase
        turn = self.turn

        def shown(cards: list[Card], owner: int, up: bool) -> list[str | None]:
            if up or owner == seat:
                return list(codes(cards))
            return [None] * len(cards)

        coins: list[CoinView] = []
        for i in range(COINS):
            sides = self.sides[i]
            up = self.face_up[i]
            coins.append({
                "sides": [shown(sides[0], 0, up), shown(sides[1], 1, up)],
                "face_up": up,
                "winners": list(self.winners[i]),
                "hands": list(self.hand_names[i]) if up else [None, None],
            })
        pending: PendingView | None = None
        if phase == LAY or phase == PLACE:
            pending = {"seat": turn, "announced": self.announced, "cards": shown(self.pending, turn, False)}
        hand = codes(self.hands[seat]) if seat is not None and 0 <= seat < 2 else []
        return {
            "phase": phase,
            "turn": turn,
            "first": self.first,
            "hand_size": self.hand_size,
            "jokers": len(self.full_deck) > 52,
            "deck": len(self.deck),
            "hand": hand,
            "hand_counts": [len(self.hands[0]), len(self.hands[1])],
            "pending": pending,
            "coins": coins,
            "free": [self.free_coins(0), self.free_coins(1)],
            "won": [[i for i, w in enumerate(self.coins_won(s)) if w] for s in (0, 1)],
            "out": list(self.passed),
        }

    def places(self) -> Iterator[Place]:
        for seat in (0, 1):
            yield Place(self.hands[seat], (seat,))
        yield Place(self.deck)
        yield Place(self.pending, (self.turn,))  # face down: the opponent sees the count alone
        for i in range(COINS):
            sides = self.sides[i]
            if self.face_up[i]:
                yield Place(sides[0] + sides[1], EVERYONE)
            else:
                yield Place(sides[0], (0,))
                yield Place(sides[1], (1,))

    # -- words ----------------------------------------------------------------------------------

    def refusal(self, seat: int, move: Move) -> str:
        p = self.players
        kind, args = move.kind, move.args
        if kind not in _KINDS:
            return (f"Seven-Handed Poker has no {kind!r} move: announce how many cards you lay, lay them "
                    "one by one, or choose the coin for your opponent's cards.")
        turn, phase = self.turn, self.phase
        if kind == "place":
            if phase != PLACE:
                if seat == turn:
                    return "Nothing waits for a coin: announce how many cards you lay, then lay them."
                return f"{p[turn]} has not laid the cards yet: there is nothing to place."
            if seat == turn:
                return f"{p[1 - seat]} chooses the coin your cards go to, not you."
            coin = args[0] if len(args) == 1 else None
            if type(coin) is not int or not 0 <= coin < COINS:
                return "Choose one of the seven coins, 1 to 7."
            label = coin_label(coin)
            if self.face_up[coin]:
                return f"{label.capitalize()} is settled: both its hands are face up."
            return (f"{p[turn]} already has cards on that side of {label}: "
                    "choose a coin where that side is free.")
        # announce or lay: the turn's own decisions
        if seat != turn:
            if phase == PLACE:
                return f"{p[turn]}'s cards are down and wait for you to choose their coin."
            return f"It is not {p[seat]}'s turn: {p[turn]} is laying cards."
        if phase == PLACE:
            return f"Your cards are down: {p[1 - seat]} chooses their coin, and they cannot be changed now."
        held = len(self.hands[seat])
        if kind == "announce":
            if phase == LAY:
                return (f"You announced {plural(self.announced, 'card')}: lay them "
                        f"({len(self.pending)} down so far). Undo takes the announcement back.")
            n = args[0] if len(args) == 1 else None
            if type(n) is not int or not 1 <= n <= MAX_LAY:
                return "Announce a number of cards from 1 to 5."
            return f"You hold only {plural(held, 'card')}: you cannot lay {n}."
        # lay
        if phase == ANNOUNCE:
            return "First announce how many cards you lay (1 to 5), then lay them one by one."
        code = args[0] if len(args) == 1 else None
        if not isinstance(code, str):
            return "Name the card to lay by its code (as 7S, 10H or QC)."
        try:
            c = card(code)
        except ValueError:
            return f"{shorten(code)} is not a card (a card is a rank and a suit, as 7S, 10H or QC)."
        if c in self.pending:
            return f"{_capital(c.name)} is already face down on the table."
        return f"You do not hold {c.name}."

    def describe_move(self, move: Move) -> str:
        kind, args = move.kind, move.args
        arg = args[0] if len(args) == 1 else None
        if kind == "announce" and type(arg) is int:
            return f"Announce {plural(arg, 'card')}"
        if kind == "lay" and isinstance(arg, str):
            try:
                return f"Lay {card(arg).name.removeprefix('the ')}"
            except ValueError:
                return str(move)
        if kind == "place" and type(arg) is int and 0 <= arg < COINS:
            return _capital(coin_label(arg))
        return str(move)

    # -- copy -----------------------------------------------------------------------------------

    def _copy_state(self, state: dict[str, Any]) -> None:
        state["deck"] = list(self.deck)
        state["hands"] = [list(h) for h in self.hands]
        state["pending"] = list(self.pending)
        state["sides"] = [[list(a), list(b)] for a, b in self.sides]
        state["face_up"] = list(self.face_up)
        state["winners"] = list(self.winners)
        state["hand_names"] = [list(h) for h in self.hand_names]
        state["passed"] = list(self.passed)
