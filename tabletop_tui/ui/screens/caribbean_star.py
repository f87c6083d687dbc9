"""Caribbean Star: the two Practice piles (with what each show would score now), the cards of the turn
in the order they take effect, and the hand of the person at the keyboard.

The table is drawn from one seat's view: the viewer's own hand and face-down card, and of the other
hand only its size and the cards the viewer has seen go into it. Between people, behind the curtain,
it shows what both may see. A card is laid by its key in the action bar or by a click on the hand; the
question about an Ace is asked of both people alike (the one without an Ace sees "Let it be" alone),
unless the table chose to ask only Ace holders.
"""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import CardHand, tight_chip
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.most_lines import MostLines

FUNCTION = {2: "Mistake", 3: "Mistake", 4: "Mistake", 5: "Nap", 6: "Rehearsal", 7: "Showtime", 8: "Buffet",
            9: "Showtime", 10: "Trick", 11: "Trick", 12: "Trick", 13: "Trick", 14: "Ace"}


#: what a side (side_text) and the turn's line (turn_text) are drawn from, besides the names
SIDE = ("colours", "scores", "counts", "laid", "known", "piles", "shows")
TURN = ("done", "queue", "last_show", "farewell", "asking", "buffet")


def tight(code) -> Text:
    """A card on one line ("A♣", "10♥"); a card hidden from the viewer as "▮"."""
    return _tight(code).copy()


@lru_cache(maxsize=128)
def _tight(code) -> Text:
    """`tight`, kept by the card (appended, which copies it; never changed)."""
    if code == "?":
        return Text("▮", "dim")
    return tight_chip(code)


def tights(codes) -> Text:
    return _tights(tuple(codes)).copy()


@lru_cache(maxsize=128)
def _tights(codes: tuple) -> Text:
    """Cards on one line, a space between, kept by the cards (appended, never changed)."""
    return Text(" ").join(_tight(c) for c in codes)


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


class Held(MostLines, TextLines):
    """A part of the table as high as the most lines it has had at this size of the screen (a steady
    part that a layout does not shrink): a line that wraps or not as cards are known or laid (the far
    side's known cards, the hand's heading and its hint) leaves the rest blank and moves nothing, where
    each change laid the whole screen out, and the action bar, given its room back by that layout, laid
    it out again at the next key. A new size of the screen counts anew. Drawn by lines (TextLines): the
    two sides trade places as the keyboard passes, and a line shown before is not drawn again."""

    def update(self, text: Text) -> None:
        """Show `text`, as a Drawn part is given its content."""
        self.show_text(text)


class CaribbeanStarScreen(GameScreen):
    DEFAULT_CSS = """
    #cs-turn { height: auto; }
    """

    def compose_table(self) -> ComposeResult:
        yield TextLines(id="cs-status")
        # the sides and the hand's heading keep the most lines they have had (Held)
        yield Held(id="cs-far")
        # drawn a line at a time, each line kept: a card laid adds to this turn's line, the others kept;
        # steady: a shorter turn leaves the rest blank
        yield TextLines(id="cs-turn", steady=True)
        yield Held(id="cs-near")
        yield Held(id="cs-hand-label")
        yield CardHand(id="cs-hand")

    def sides(self, view: dict) -> tuple[int, int]:
        """(near, far): the viewer below, the opponent above; red below between people."""
        near = view["viewer"] if view["viewer"] in (0, 1) else 0
        return near, 1 - near

    # -- the table ---------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        # Each part is built only when what it is drawn from changed (part_changed): a key changes a
        # side or two, the turn's line, and the hand of the next person at the keyboard.
        near, far = self.sides(view)
        names = view["players"]
        viewer = view["viewer"]
        if self.part_changed("cs-status", (view["turn"], view["aces_out"], view["ask"])):
            status = Text(f"Turn {view['turn']}", style="bold")
            status.append(f" · Aces used {view['aces_out']} of 4 · red: ♥♦ black: ♣♠", style="")
            if view["ask"] == "holders":
                status.append(" · only Ace holders asked", style="yellow")
            self.query_one("#cs-status", TextLines).show_text(status)
        for part, seat, own in (("cs-far", far, False), ("cs-near", near, viewer == near)):
            if self.part_changed(part, repr((own, names[seat], *(view[key][seat] for key in SIDE)))):
                self.query_one(f"#{part}", TextLines).show_text(self.side_text(view, seat, own))
        if self.part_changed("cs-turn", repr((names, *(view[key] for key in TURN)))):
            self.query_one("#cs-turn", TextLines).show_text(self.turn_text(view))
        hand = self.query_one("#cs-hand", CardHand)
        label = self.query_one("#cs-hand-label", TextLines)
        if viewer is None:
            if self.part_changed("cs-hand", None):
                hand.set_cards([], pick="none")
                hand.display = False
                label.show_text(Text("Each hand is seen by its owner alone.", style="dim italic"))
            return
        playing = view["phase"] == "play" and viewer in view["to_act"] and viewer == self.viewer() \
            and self.input_open()
        cards = view["hand"] or []
        laid = view["laid"][viewer]
        if not self.part_changed("cs-hand", (viewer, names[viewer], tuple(cards), playing, laid)):
            return
        hand.display = bool(cards)
        hand.set_cards(cards, pick="one" if playing else "none",
                       unavailable=[i for i, c in enumerate(cards) if card(c).rank == 14])
        head = Text(f"{names[viewer]}'s hand", style="bold")
        if laid and laid != "down":
            head.append("  laid face down: ", style="dim")
            head.append_text(_tight(laid))
        elif playing:
            head.append("  lay a card face down (Aces stay in hand)", style="dim")
        if not cards:
            head.append("  empty", style="dim")
        label.show_text(head)

    def side_text(self, view: dict, seat: int, own: bool) -> Text:
        """A player's line (colour, cards in hand, what the viewer knows of them) and Practice pile."""
        names = view["players"]
        colour = view["colours"][seat]
        # (the whole line's style: a colour named there is CSS's, red #ff0000, as a Static reads it)
        out = Text(f"{names[seat]}", style="bold #ff0000" if colour == "red" else "bold")
        out.append(f" ({colour}) {view['scores'][seat]} pts · {view['counts'][seat]} cards", style="")
        laid = view["laid"][seat]
        if laid == "down" or (laid and not own):
            out.append(" · laid ▮", style="green")
        known = view["known"][seat]
        if known and not own:
            out.append(" · known: ", style="dim")
            out.append_text(_tights(tuple(known)))
        out.append("\n  pile: ", style="dim")
        pile = view["piles"][seat]
        if pile:
            out.append_text(_tights(tuple(pile)))
            points, minutes = view["shows"][seat]
            out.append(f"  → {minutes} min, {signed(points)} now", style="yellow")
        else:
            out.append("empty", style="dim")
        return out

    def turn_text(self, view: dict) -> Text:
        """This turn's cards: those that took effect (and what became of them), then those still to."""
        names = view["players"]
        out = Text()
        done = view["done"]
        queue = view["queue"]
        if not done and not queue:
            last = view["last_show"]
            if view["farewell"]:
                for record in view["farewell"]:
                    out.append(f"Farewell: {names[record['seat']]} {signed(record['points'])} ", style="bold")
                    out.append(f"({record['how']})\n", style="dim")
            elif last:
                out.append(f"Last show: {names[last['seat']]} {signed(last['points'])} ", style="bold")
                out.append(f"({last['how']})", style="dim")
            else:
                out.append("Lay a card each; the lowest takes effect first.", style="dim")
            return out
        out.append("This turn: ", style="bold")
        first = True
        for seat, code, what in done:
            if not first:
                out.append(" · ")
            first = False
            out.append(f"{names[seat]} ")
            out.append_text(_tight(code))
            out.append(f"  {what}", style="dim")
        for i, (seat, code) in enumerate(queue):
            if not first:
                out.append(" · ")
            first = False
            out.append(f"{names[seat]} ")
            out.append_text(_tight(code))
            out.append(f"  {FUNCTION[card(code).rank]}", style="")
            if i == 0:
                if view["asking"] is not None:
                    out.append(f" next: {names[view['asking']]} asked", style="bold green")
                elif view["buffet"] is not None:
                    out.append(" (buffet)", style="bold green")
        return out

    def scoreboard(self, view: dict):
        return ["Pts", "Hand"], [[view["scores"][s], view["counts"][s]] for s in (0, 1)]

    def status(self, view: dict) -> str:
        return f"deck {view['deck']}"

    def prompt(self, view: dict) -> str:
        names = view["players"]
        seat = self.viewer()
        if view["over"]:
            return view["result"] or ""
        waiting = " and ".join(names[s] for s in view["to_act"])
        if seat is None or seat not in view["to_act"]:
            return f"Waiting for {waiting}."
        phase = view["phase"]
        if phase == "play":
            return f"{names[seat]}: lay a card face down."
        if phase == "ask":
            s, code = view["queue"][0]
            c = card(code)
            return f"{names[seat]}: stop {names[s]}'s {_tight(code).plain} ({FUNCTION[c.rank]}) with an Ace?"
        if phase == "buffet":
            return f"{names[seat]}: a Dinner Buffet: perform one Magic Trick for half its points?"
        return ""

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        """A card to lay as the turn's line names it, "Lay 5♥ Nap" (the suit tells whose colour it is),
        where the game says "Lay 5 of hearts (Afternoon Nap, red)": three to a row of the action bar at
        80 columns instead of one, so that laying a card and answering about an Ace take about as many
        rows of it."""
        if move.kind == "play" and len(move.args) == 1 and not optional:
            try:
                c = card(move.args[0])
            except ValueError:
                return super().action_label(seat, move, optional)
            return f"Lay {_tight(c.code).plain} {FUNCTION[c.rank]}"
        return super().action_label(seat, move, optional)

    def on_card_hand_chosen(self, message: CardHand.Chosen) -> None:
        if not message.codes or message.codes[0] is None:
            return
        seat = self.viewer()
        if seat is not None and message.hand.id == "cs-hand":
            self.submit(seat, Move("play", (message.codes[0],)))
