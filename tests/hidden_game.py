"""A small game with hidden hands, for testing the machinery every hidden-hand game uses (the curtain,
private views, logs read by seat) apart from any one game. A plain module: tests import it by name.

Each player in turn draws a card from a shuffled deck into a hand the others do not see, or may show
their hand (then it is face up). After six draws, the highest card wins.

`LEAKY` holds versions of it built to leak, one way each, for the leak check's own tests."""

from __future__ import annotations

from tabletop_tui.catalog import GameInfo
from tabletop_tui.rules.components.cards import card, shuffled
from tabletop_tui.rules.engine import Event, Game, Move, Outcome, rank_standings


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
            self.revealed()
            return [self.say(f"{name} shows {', '.join(card(c).name for c in self.hands[seat])}.")]
        code = self.deck.pop()
        self.revealed()
        self.hands[seat].append(code)
        self.draws += 1
        self.turn = (seat + 1) % len(self.players)
        return [self.tell(seat, f"{name} draws {card(code).name}.", public=f"{name} draws a card.", seat=seat, card=code)]

    def view(self, seat):
        return {"hands": [h if s == seat or self.shown[s] else len(h) for s, h in enumerate(self.hands)],
                "deck": len(self.deck), "turn": self.turn}

    def hidden_from(self, seat):
        return {c for s, h in enumerate(self.hands) if s != seat and not self.shown[s] for c in h} | set(self.deck)

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


class DrawBot:
    def __init__(self, seat, seed=0):
        self.seat = seat

    def choose(self, view, moves):
        return moves[0]

    def interject(self, view, moves):
        return None


INFO = GameInfo(id="draw-test", title="Draw", family="Cards", min_players=2, max_players=4, minutes=1,
                pitch="A test game with hidden hands.", rules="hidden_game:Draw", bot="hidden_game:DrawBot",
                screen="tabletop_tui.ui.screens.game:GameScreen", help="second_story.md")

RESHUFFLE = INFO._replace(id="reshuffle-test", title="Reshuffle", rules="hidden_game:Reshuffle")
