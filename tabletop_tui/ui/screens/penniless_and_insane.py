"""Penniless and Insane: the pool of art, the bids, the hand of the person at the keyboard, and at the
end of a round every hand scored.

The table is drawn from one seat's view: that person's own cards and face-down bid, and for the others
only what everyone may see (money, who has bid, the revealed bids, the cards known to be in each hand,
the discards). Between people, behind the curtain, it shows the public table alone. A bid is laid by
its key in the action bar or by a click on a card of the hand; a piece of art is taken likewise from
the pool.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.words import listing
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import CardHand, chip_text, tight_chip
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.most_lines import MostLines

NAME_WIDTH = 8


def short(name: str, width: int = NAME_WIDTH) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


_TIGHT: dict[str, Text] = {}  # each card's chip, made once (a Text never changed once made)


def tight(code) -> Text:
    """A card on one line, as a chip ("A♣", "10♥") without the space that aligns chips in a column."""
    chip = _TIGHT.get(code)
    if chip is None:
        chip = _TIGHT[code] = tight_chip(code)
    return chip


def tights(codes) -> Text:
    """Cards on one line, a space between."""
    return Text(" ").join(tight(c) for c in codes)


def signed(n: int) -> str:
    return f"+${n}" if n > 0 else f"-${-n}" if n < 0 else "$0"


class Lines(TextLines):
    """A part of the table drawn by lines (TextLines): a line that did not change is neither drawn nor
    repainted, and a line shown before (a viewer's heading, the known cards seen from each seat as the
    keyboard goes round) is not drawn again."""

    def update(self, text: Text) -> None:
        """Show `text`, as a Drawn part is given its content."""
        self.show_text(text)


class HeldLines(MostLines, Lines):
    """As high as the most lines it has had at this size of the screen (MostLines): the trick's line and
    the known cards, which wrap to a line more or fewer from one key to the next, move nothing."""


class PennilessAndInsaneScreen(GameScreen):
    DEFAULT_CSS = """
    #pi-known, #pi-trick { height: auto; }
    """

    _trick_shown = False  # whether the trick's line (last built) has anything to show
    _summary_fits = True  # whether the scored round's summary fits the rows the pool had

    def compose_table(self) -> ComposeResult:
        yield Lines(id="pi-status")
        yield CardHand(id="pi-pool")
        yield HeldLines(id="pi-trick")
        yield Lines(id="pi-hand-label")
        yield CardHand(id="pi-hand")
        yield HeldLines(id="pi-known")

    # -- the table ---------------------------------------------------------------------------------

    def choosing(self, view: dict, phase: str) -> bool:
        """The person at the keyboard makes this kind of choice now."""
        viewer = view["viewer"]
        return (view["phase"] == phase and viewer is not None and viewer in view["to_act"]
                and viewer == self.viewer() and self.input_open())

    def show_table(self, view: dict) -> None:
        # Each part is built only when what it is drawn from changed (part_changed): most keys change
        # one or two of them (a bid: the heading and the hand of the next person at the keyboard).
        viewer = view["viewer"]
        phase = view["phase"]
        names = view["players"]
        playing = phase in ("bid", "act")
        if self.part_changed("pi-status", (view["round"], playing, view["trick"], view["tricks"], len(view["pool"]),
                                           view["gambling"], view["pot"])):
            status = Text(f"Round {view['round']}", style="bold")
            if playing:
                status.append(f" · trick {view['trick']} of {view['tricks']}", style="bold")
                status.append(f" · pool of {len(view['pool'])}")
            else:
                status.append(" scored", style="bold")
            if view["gambling"]:
                status.append(f" · pot ${view['pot']}", style="bold yellow")
            self.query_one("#pi-status", Lines).update(status)

        pool = self.query_one("#pi-pool", CardHand)
        hand = self.query_one("#pi-hand", CardHand)
        hand_label = self.query_one("#pi-hand-label", Lines)
        trick = self.query_one("#pi-trick", Lines)
        # A scored round is drawn where the pool was (the pool's part given lines of text), the trick,
        # the hand and its heading left blank at the heights they had: the round's end and the next deal
        # change what the parts show, and lay nothing out where they fit the rows they had.
        shown: dict = {}
        if playing:
            shown = {pool: bool(view["pool"]), hand: viewer is not None, hand_label: True}
            taking = self.choosing(view, "act")
            if self.part_changed("pi-pool", ("cards", tuple(view["pool"]), taking)):
                pool.set_cards(view["pool"], pick="one" if taking else "none")
            if self.part_changed("pi-trick", repr((names, phase, view["plays"], view["order"], view["bids"],
                                                   view["acting"], view["last_trick"], view["last_round"]))):
                text = self.trick_text(view)
                trick.update(text)
                self._trick_shown = bool(text.plain)
            shown[trick] = self._trick_shown
            if viewer is None:
                if self.part_changed("pi-hand", "curtain"):
                    hand.set_cards([], pick="none")
                    hand_label.update(Text("Each hand is seen by its owner alone.", style="dim italic"))
            else:
                bidding = self.choosing(view, "bid")
                if self.part_changed("pi-hand", (viewer, names[viewer], tuple(view["hand"] or ()), bidding,
                                                 view["money"][viewer], view["bid"])):
                    hand.set_cards(view["hand"] or [], pick="one" if bidding else "none")
                    head = Text(f"{names[viewer]}'s hand", style="bold")
                    head.append(f"  ${view['money'][viewer]}", style="bold yellow")
                    if view["bid"]:
                        head.append("  bid face down: ", style="dim")
                        head.append_text(chip_text(view["bid"]))
                    elif bidding:
                        head.append("  choose a bid", style="dim")
                    hand_label.update(head)
        else:
            if self.part_changed("pi-pool", ("round", repr((names, view["last_round"], view["gambling"],
                                                            view["over"], view["result"])))):
                pool.set_text(self.round_text(view))
                # a summary longer than the pool's rows lays the screen out anyway: the blank parts
                # below it give it their rows (a table of seven fits the screen)
                self._summary_fits = pool.text_fits()
            shown = {pool: True}
            if not self._summary_fits:
                shown.update({trick: False, hand: False, hand_label: False})
            if self.part_changed("pi-trick", "scored"):
                trick.update(Text())
                self._trick_shown = False
            if self.part_changed("pi-hand", "scored"):
                hand.set_text(None)  # blank, nothing of the last viewer's hand
                hand_label.update(Text())
        for widget, display in shown.items():
            if widget.display != display:
                widget.display = display
        if self.part_changed("pi-known", repr((names, playing, viewer, view["known"], view["discard"]))):
            self.query_one("#pi-known", Lines).update(self.known_text(view) if playing else Text())

    def trick_text(self, view: dict) -> Text:
        """In the bids: the last trick's plays (on the first trick, the last round's points); once
        revealed, this trick's plays in acting order."""
        names = view["players"]
        out = Text()
        if view["phase"] == "act":
            out.append("Bids, lowest first: ", style="bold")
            done = {p[0]: p for p in view["plays"]}
            for i, s in enumerate(view["order"]):
                if i:
                    out.append(" · ")
                out.append(short(names[s]) + " ", style="bold" if s == view["acting"] else "")
                out.append_text(tight(view["bids"][s]))
                play = done.get(s)
                if play:
                    self.play_text(out, play)
                elif s == view["acting"]:
                    out.append(" acting", style="bold green")
            return out
        last = view["last_trick"]
        if not last:
            scored = view["last_round"]
            if scored:  # the first trick of a round: how the last round was scored
                out.append(f"Round {scored['round']}: ", style="bold")
                out.append(", ".join(f"{short(names[s])} {scored['points'][s]}" + (" ×3" if scored["times"][s] == 3 else "")
                                     for s in range(len(names))))
            return out
        out.append(f"Trick {last['trick']}: ", style="bold")
        for i, play in enumerate(last["plays"]):
            if i:
                out.append(" · ")
            out.append(short(names[play[0]]) + " ")
            out.append_text(tight(play[1]))
            self.play_text(out, play)
        return out

    @staticmethod
    def play_text(out: Text, play: list) -> None:
        """A play, [seat, bid, took]: "→K♠" for the card taken, " back" for a bid taken back."""
        if play[2]:
            out.append("→")
            out.append_text(tight(play[2]))
        else:
            out.append(" back", style="dim")

    def known_text(self, view: dict) -> Text:
        names = view["players"]
        out = Text()
        known = [(s, codes) for s, codes in enumerate(view["known"]) if codes and s != view["viewer"]]
        if known:
            out.append("Known in hands: ", style="bold")
            for i, (s, codes) in enumerate(known):
                if i:
                    out.append(" · ")
                out.append(short(names[s]) + " ")
                out.append_text(tights(codes))
            out.append("\n")
        out.append("Discards: ", style="bold")
        if view["discard"]:
            out.append_text(tights(view["discard"]))
        else:
            out.append("none yet", style="dim")
        return out

    def round_text(self, view: dict) -> Text:
        last = view["last_round"]
        names = view["players"]
        out = Text()
        if not last:
            return out
        insane = "insane" in last["bonus"]
        for s in range(len(names)):
            mark = "bold" if s in last["winners"] else ""
            out.append(f"{short(names[s]):<{NAME_WIDTH}} ", style=mark)
            if last["hands"]:
                out.append_text(Text(" ").join(chip_text(c) for c in last["hands"][s]))
            out.append(f" {last['face'][s]:>2}")
            times = last["times"][s]
            out.append(f" ×{times}", style="bold yellow" if times == 3 else "dim")
            out.append(f" {last['points'][s]:>3}", style=mark or "")
            out.append(f"  ${last['money'][s]:<2}", style="yellow")
            bonus = last["bonus"][s]
            out.append(f" {bonus or ('with money' if insane else '')}", style="bold magenta" if bonus else "dim")
            out.append("\n")
        if view["gambling"]:
            shares = [(s, x) for s, x in enumerate(last["shares"]) if x]
            if shares:
                out.append("Pot: " + listing(f"{names[s]} +${x}" for s, x in shares))
                if last["carried"]:
                    out.append(f"; ${last['carried']} stays")
                out.append("\n")
        if view["over"] and view["result"]:
            out.append(view["result"], style="bold green")
        return out

    def scoreboard(self, view: dict):
        rows = []
        phase = view["phase"]
        for s in range(len(view["players"])):
            bid = view["bids"][s]
            if phase == "bid":
                cell = Text("✓", style="green") if bid else Text("")
            elif phase == "act" and bid:
                cell = chip_text(bid)
            else:
                cell = Text("")
            row = [Text(f"${view['money'][s]}", style="yellow"), view["scores"][s]]
            if view["gambling"]:
                row.append(signed(view["net"][s]))
            rows.append(row + [cell])
        columns = ["$", "Pts"] + (["Net"] if view["gambling"] else []) + ["Bid"]
        return columns, rows

    def status(self, view: dict) -> str:
        goal = f"goal {view['goal']}"
        if view["phase"] == "bid":
            return f"{len(view['to_act'])} to bid · {goal}"
        if view["phase"] == "act":
            return f"acting · {goal}"
        return goal

    def prompt(self, view: dict) -> str:
        seat = self.viewer()
        names = view["players"]
        phase = view["phase"]
        waiting = [names[s] for s in view["to_act"]]
        if view["over"]:
            return view["result"] or ""
        mine = seat is not None and seat in view["to_act"]
        if phase == "bid":
            if mine:
                return f"{names[seat]}, bid a card face down: the lowest acts first; you pay its value."
            return f"Waiting for {listing(waiting)} to bid."
        if phase == "act":
            acting = view["acting"]
            if mine:
                cost = card(view["bids"][acting]).rank_low
                return f"{names[seat]}, take a piece of art from the pool (you pay ${cost})."
            return f"Waiting for {names[acting]} to take a piece of art."
        if mine:
            return f"Round {view['round']} is scored. {names[seat]}, deal round {view['round'] + 1}."
        return f"Round {view['round']} is scored. Waiting for {listing(waiting)} to deal."

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        if move.kind in ("bid", "take"):
            c = card(move.args[0])
            label = self_chip(c)
            if move.kind == "bid":
                return f"Bid {label} (${c.rank_low})"
            return f"Take {label}"
        return super().action_label(seat, move, optional)

    def on_card_hand_chosen(self, message: CardHand.Chosen) -> None:
        if not message.codes or message.codes[0] is None:
            return
        seat = self.viewer()
        if seat is None:
            return
        if message.hand.id == "pi-hand":
            self.submit(seat, Move("bid", (message.codes[0],)))
        elif message.hand.id == "pi-pool":
            self.submit(seat, Move("take", (message.codes[0],)))


def self_chip(c) -> str:
    """"7♣", "10♥": a card's rank and suit symbol, for a short label."""
    return tight(c.code).plain
