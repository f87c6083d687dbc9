"""Darwinian Poker: this round's Ooze, the hand of the person at the keyboard, the last reveal.

The table is drawn from one seat's view: that person's own cards and seed, and for the others only
what everyone may see (how many cards each holds, who has planted, who is extinct). Between people,
behind the curtain, it shows the public table alone. A card is planted by its key in the action bar
or by a click on it.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import CardHand, chip_text, chips_text
from tabletop_tui.ui.widgets.common import Drawn
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.most_lines import MostLines

class LastRound(MostLines, TextLines):
    """The last round's line, which wraps to a second line or not from one round to the next: as high
    as the most lines it has had at this size of the screen (a steady part that a layout does not
    shrink), the rest blank, where each such change laid the whole screen out (and the action bar,
    given its room back by that layout, laid it out again). A new size of the screen counts anew.
    Drawn by lines (wrapped as a Static wraps it), where a Static drew and styled the whole text anew
    at every round."""

    def update(self, text: Text) -> None:
        self.show_text(text)


class DarwinianPokerScreen(GameScreen):
    DEFAULT_CSS = """
    .dp-label, #dp-hand-label { height: auto; margin: 1 0 0 0; }
    #dp-last { height: auto; margin: 1 0 0 0; }
    """

    def compose_table(self) -> ComposeResult:
        # the lines of text drawn by lines (TextLines): a line that did not change is not drawn again;
        # the last round's line, which may wrap, a Static
        yield TextLines(id="dp-status")
        yield Drawn(Text("The Ooze", style="bold"), classes="dp-label")
        yield CardHand(id="dp-ooze")
        yield TextLines(id="dp-hand-label", classes="dp-label")
        yield CardHand(id="dp-hand", pick="one")
        yield LastRound(id="dp-last")

    # -- the table ---------------------------------------------------------------------------------


    def show_table(self, view: dict) -> None:
        seat = view["viewer"]
        over = view["over"]
        if self.part_changed("status", (view["round"], view["rounds"], view["deck"], len(view["discard"]))):
            status = Text(f"Round {view['round']} of {view['rounds']}", style="bold")
            status.append(f"  ·  deck {view['deck']}  ·  discards {len(view['discard'])}", style="dim")
            self.query_one("#dp-status", TextLines).show_lines([status])
        ooze = view["ooze"]
        if self.part_changed("ooze", repr(ooze)):
            self.query_one("#dp-ooze", CardHand).set_cards(ooze)
            self.query_one("#dp-ooze", CardHand).display = bool(ooze)
        planting = seat is not None and not over and seat in view["to_act"] and seat == self.viewer() \
            and self.input_open()
        mine = (view["hand"] or []) if seat is not None else []
        if self.part_changed("hand", repr((seat, mine, planting))):
            self.query_one("#dp-hand", CardHand).set_cards(mine, pick="one" if planting else "none")
        if self.part_changed("label", repr((seat, view["players"], view["seed"], planting))):
            if seat is None:
                head = Text("Each hand is seen by its owner alone.", style="dim italic")
            else:
                head = Text(f"{view['players'][seat]}'s hand", style="bold")
                if view["seed"]:
                    head.append("  seed planted: ", style="dim")
                    head.append_text(chip_text(view["seed"]))
                elif planting:
                    head.append("  choose a seed to plant", style="dim")
            self.query_one("#dp-hand-label", TextLines).show_lines([head])
        if self.part_changed("last", repr((view["players"], view["last_round"]))):
            self.query_one("#dp-last", LastRound).update(self.last_round_text(view))

    def last_round_text(self, view: dict) -> Text:
        last = view["last_round"]
        out = Text()
        if not last:
            return out
        names = view["players"]
        out.append(f"Round {last['round']}: ", style="bold")
        for i, play in enumerate(last["plays"]):
            if i:
                out.append("; ")
            out.append(f"{names[play['seat']]} ")
            out.append_text(chip_text(play["seed"]))
            if play["taken"]:
                out.append(" took ")
                out.append_text(chips_text(play["taken"]))
            else:
                out.append(" took nothing", style="dim")
        if last["discarded"]:
            out.append("; discarded ")
            out.append_text(chips_text(last["discarded"]))
        if last["extinct"]:
            out.append(f"; extinct: {', '.join(names[s] for s in last['extinct'])}", style="bold red")
        return out

    def scoreboard(self, view: dict):
        """Each species' cards and, in play, whether its seed is planted; once the hands are laid
        down, the kind of hand each shows ("Full House"; the log and the results say it in full)."""
        rows = []
        shown = any(s["shown"] for s in view["species"])
        for s in view["species"]:
            if s["extinct"]:
                state = Text("extinct", style="dim")
            elif s["shown"]:
                state = Text(s["shown"]["hand"].split(",")[0])
            else:
                state = Text("planted" if s["planted"] else "", style="green")
            rows.append([s["cards"], state])
        return ["Cards", "Hand" if shown else "Seed"], rows

    @staticmethod
    def result_detail(game, standing) -> Text | None:
        """The results' details of a hand laid down: its best five as cards, and of how many."""
        species = game.view(None)["species"]
        shown = species[standing.seat]["shown"] if 0 <= standing.seat < len(species) else None
        if not shown:
            return None
        text = chips_text(shown["best"])
        count = len(shown["cards"])
        text.append(f" (of {count} card{'s' if count != 1 else ''})")
        return text

    def status(self, view: dict) -> str:
        return f"{len(view['to_act'])} to plant" if not view["over"] else ""

    def prompt(self, view: dict) -> str:
        seat = self.viewer()
        waiting = [view["players"][s] for s in view["to_act"]]
        if seat is not None and seat in view["to_act"]:
            return f"{view['players'][seat]}, plant a seed: the key beside a card, or click it."
        if waiting:
            return f"Waiting for {', '.join(waiting)} to plant."
        return ""

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        if move.kind == "plant":
            c = card(move.args[0])
            return f"Plant {c.name.removeprefix('the ')}"
        return super().action_label(seat, move, optional)

    def on_card_hand_chosen(self, message: CardHand.Chosen) -> None:
        if message.hand.id != "dp-hand" or not message.codes or message.codes[0] is None:
            return
        seat = self.viewer()
        if seat is not None:
            self.submit(seat, Move("plant", (message.codes[0],)))
