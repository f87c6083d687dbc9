"""A small game with hidden hands, for testing the machinery every hidden-hand game uses (the curtain,
private views, logs read by seat) apart from any one game. A plain module: tests import it by name.

Each player in turn draws a card from a shuffled deck into a hand the others do not see, or may show
their hand (then it is face up). After six draws, the highest card wins.

`LEAKY` holds versions of it built to leak, one way each, for the leak check's own tests."""

from __future__ import annotations

from tabletop_tui.bots.base import Bot
from tabletop_tui.catalog import GameInfo
from tabletop_tui.rules.components.cards import card, shuffled
from tabletop_tui.rules.engine import EVERYONE, Event, Game, Move, Outcome, Place, Secret, rank_standings


class Draw(Game):
    id = "draw-test"
    title = "Draw"
    min_players = 2
    max_players = 4
    hidden_information = True

    def __init__(self, players, seed=0, **options):
        super().__init__(players, seed, **options)
        self.deck = [c.code for c in shuffled(self.rng)]
        self.hands = [[] for _ in players]
        self.shown = [False] * len(players)
        self.turn = 0
        self.draws = 0

    def to_act(self):
        return [] if self.outcome() else [self.turn]

    def legal_moves(self, seat):
        if self.outcome() or seat != self.turn:
            return []
        return [Move("draw"), *([Move("show")] if self.hands[seat] and not self.shown[seat] else [])]

    def _apply(self, seat, move):
        name = self.players[seat]
        if move.kind == "show":
            self.shown[seat] = True
            return [self.say(f"{name} shows {', '.join(card(c).name for c in self.hands[seat])}.")]
        code = self.deck.pop()
        self.hands[seat].append(code)
        self.draws += 1
        self.turn = (seat + 1) % len(self.players)
        return [self.tell(seat, f"{name} draws {card(code).name}.", public=f"{name} draws a card.", seat=seat, card=code)]

    def view(self, seat):
        over = self.draws >= 6  # the hands are shown at the end
        return {"hands": [h if s == seat or self.shown[s] or over else len(h) for s, h in enumerate(self.hands)],
                "deck": len(self.deck), "turn": self.turn}

    def places(self):
        for s, hand in enumerate(self.hands):
            yield Place(hand, EVERYONE if self.shown[s] or self.draws >= 6 else (s,))
        yield Place(self.deck)

    def outcome(self):
        if self.draws < 6:
            return None
        best = [max((card(c).order for c in h), default=0) for h in self.hands]
        return Outcome(rank_standings(self.players, [(b,) for b in best], best), "The highest card wins.")


class Reshuffle(Draw):
    """Draw where a hand shown goes back into the deck, shuffled: its cards, named in the log, are
    hidden again."""

    id = "reshuffle-test"

    def _apply(self, seat, move):
        events = super()._apply(seat, move)
        if move.kind == "show":
            self.deck += self.hands[seat]
            self.hands[seat] = []
            self.shown[seat] = False
            self.rng.shuffle(self.deck)
            events.append(self.say(f"{self.players[seat]} shuffles the hand back into the deck.", "reshuffle"))
        return events


class Leaky(Draw):
    """Draw with one careless line, to show that the leak check (tests/leak_check.py) finds it. `leak`
    says which: "name", the deck's top card named in every view; "count", how many red cards each
    hand holds; "order", where in each hand (kept in the order drawn) its highest card lies; "told", a
    draw told to the others with the card's name; "log", a draw told to the others as "draws a red
    card"; "refusal", a move refused with the name of the card
    to be drawn next; "label", the draw labelled by the colour of the next card; "undo", undo allowed
    only while the next card is red. Each is a class of its own (`LEAKY[leak]`)."""

    id = "leaky-draw"
    leak = ""

    def _top(self):
        return card(self.deck[-1]) if self.deck else None

    def view(self, seat):
        view = super().view(seat)
        if self.leak == "name" and self.deck:
            view["note"] = f"Next up: {self._top().name}."
        elif self.leak == "count":
            view["red"] = [sum(card(c).red for c in h) for h in self.hands]
        elif self.leak == "order":
            view["highest"] = [max(range(len(h)), key=lambda i: card(h[i]).order) + 1 if h else 0
                               for h in self.hands]
        return view

    def _apply(self, seat, move):
        events = super()._apply(seat, move)
        if self.leak in ("told", "log") and move.kind == "draw":
            e = events[0]
            drawn = card(self.hands[seat][-1])
            told = drawn.name if self.leak == "told" else f"a {'red' if drawn.red else 'black'} card"
            events[0] = Event(e.text, e.kind, e.seat, e.data, e.to, e.public.replace("a card", told))
        return events

    def refusal(self, seat, move):
        if self.leak == "refusal" and self.deck:
            return f"It is not your turn: {self.players[self.turn]} draws {self._top().name} next."
        return super().refusal(seat, move)

    def describe_move(self, move):
        if self.leak == "label" and move.kind == "draw" and self.deck:
            return f"Draw a {'red' if self._top().red else 'black'} card"
        return super().describe_move(move)

    def undo_status(self):
        if self.leak == "undo" and self.history and self.deck and self._top().red:
            return True, ""
        return super().undo_status()


LEAKS = ("name", "count", "order", "told", "log", "refusal", "label", "undo")
LEAKY = {leak: type(f"Leaky{leak.capitalize()}", (Leaky,), {"leak": leak}) for leak in LEAKS}


class Bids(Game):
    """A game with a hidden value that is not a card: each player in turn bids 1 to 5 face down (a
    `Secret`); when all have bid the bids are shown and the highest alone wins."""

    id = "bids-test"
    title = "Bids"
    min_players = 2
    max_players = 4
    hidden_information = True

    def __init__(self, players, seed=0, **options):
        super().__init__(players, seed, **options)
        self.bids: list[Secret | None] = [None] * len(players)

    def turn(self):
        return self.bids.index(None) if None in self.bids else None

    def to_act(self):
        turn = self.turn()
        return [] if turn is None else [turn]

    def legal_moves(self, seat):
        return [Move("bid", (n,)) for n in range(1, 6)] if seat == self.turn() else []

    def _apply(self, seat, move):
        self.bids[seat] = Secret(f"bid {seat}", move.args[0], tuple(range(1, 6)))
        name = self.players[seat]
        events = [self.tell(seat, f"{name} bids {move.args[0]}.", public=f"{name} bids.", seat=seat)]
        if self.turn() is None:
            events.append(self.say("The bids: " + ", ".join(str(b.value) for b in self.bids) + "."))
        return events

    def view(self, seat):
        everyone = self.turn() is None
        return {"bids": [None if b is None else b.value if everyone or s == seat else "down"
                         for s, b in enumerate(self.bids)]}

    def places(self):
        everyone = self.turn() is None
        for s, b in enumerate(self.bids):
            if b is not None:
                yield Place((b,), EVERYONE if everyone else (s,))

    def outcome(self):
        if self.turn() is not None:
            return None
        values = [b.value for b in self.bids]
        return Outcome(rank_standings(self.players, [(v,) for v in values], values), "The highest bid wins.")


class LeakyBids(Bids):
    """Bids whose view shows the total of the bids made so far: it tells a seat the others' bids."""

    id = "leaky-bids"

    def view(self, seat):
        return dict(super().view(seat), total=sum(b.value for b in self.bids if b is not None))


class DrawBot(Bot):
    def choose(self, view, moves):
        return moves[0]


INFO = GameInfo(id="draw-test", title="Draw", family="Cards", min_players=2, max_players=4, minutes=1,
                pitch="A test game with hidden hands.", rules="hidden_game:Draw", bot="hidden_game:DrawBot",
                screen="tabletop_tui.ui.screens.game:GameScreen", help="second_story.md")

RESHUFFLE = INFO._replace(id="reshuffle-test", title="Reshuffle", rules="hidden_game:Reshuffle")
