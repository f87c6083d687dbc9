"""Seven-Handed Poker: the seven coins with a hand on each side, drawn from the seat at the keyboard.

The viewer's own side lies below the coins and the opponent's above, face down until a coin is
settled (▲ the coin went up to the opponent, ▼ down to the viewer, ▲▼ both on a tie). Between two
people, behind the curtain, the table shows only what both may see, with the first player below.
The number, the cards and the coin are chosen by keys in the action bar; a coin can also be clicked.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.words import plural
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import ABOVE, BELOW, BOTH, Spot, SpotRow, chips_text
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.things import RowsDrawn


class SevenHandedPokerScreen(GameScreen):
    def compose_table(self) -> ComposeResult:
        # a side's line drawn by lines (TextLines: drawn again only when it changed); the hand, whose
        # lines may wrap, a line at a time (RowsDrawn)
        yield TextLines(id="shp-far")
        yield SpotRow(id="shp-coins")
        yield TextLines(id="shp-near")
        yield RowsDrawn(id="shp-hand", steady=True)  # a line more or less: nothing moves


    def sides(self, view: dict) -> tuple[int, int]:
        """(near, far): the viewer's seat below the coins, the opponent's above."""
        near = view["viewer"] if view["viewer"] in (0, 1) else 0
        return near, 1 - near

    # -- the table ---------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        near, far = self.sides(view)
        names = view["players"]
        spots = []
        for i, coin in enumerate(view["coins"]):
            winners = set(coin["winners"])
            won = BOTH if winners == {0, 1} else BELOW if near in winners else ABOVE if far in winners else None
            spots.append(Spot(tuple(coin["sides"][far]), tuple(coin["sides"][near]), "●", won, str(i + 1)))
        placing = view["phase"] == "place" and view["viewer"] in view["to_act"] and self.input_open()
        free = set(view["free"][view["turn"]]) if placing else set()
        row = self.query_one("#shp-coins", SpotRow)
        row.set_spots(spots, pick=placing, unavailable=[i for i in range(len(spots)) if i not in free])
        for part, seat in (("#shp-far", far), ("#shp-near", near)):
            if self.part_changed(part, (names[seat], view["hand_counts"][seat], len(view["won"][seat]),
                                        view["out"][seat])):
                self.query_one(part, TextLines).show_lines([self.side_line(view, seat)])
        if self.part_changed("#shp-hand", repr((names, near, view["viewer"], view["hand"], view["pending"]))):
            self.query_one("#shp-hand", RowsDrawn).update(self.hand_text(view, near))

    def hand_text(self, view: dict, near: int) -> Text:
        """The viewer's hand, and the cards being laid face down."""
        names = view["players"]
        hand = Text()
        if view["viewer"] in (0, 1):
            hand.append(f"{names[near]}'s hand: ", style="bold")
            hand.append_text(chips_text(view["hand"]) if view["hand"] else Text("empty", style="dim"))
        else:
            hand.append("Each hand is seen by its owner alone.", style="dim italic")
        pending = view["pending"]
        if pending:
            hand.append("\n")
            laid = [c for c in pending["cards"]]
            done = len(laid) == pending["announced"]
            hand.append(f"{names[pending['seat']]} has laid {plural(len(laid), 'card')} face down" if done else
                        f"{names[pending['seat']]} lays {len(laid)} of {plural(pending['announced'], 'card')}",
                        style="bold")
            if laid and all(laid):
                hand.append(": ")
                hand.append_text(chips_text(laid))
        return hand

    def side_line(self, view: dict, seat: int) -> Text:
        names = view["players"]
        line = Text(f"{names[seat]}", style="bold")
        line.append(f"  {plural(view['hand_counts'][seat], 'card')} in hand · coins won: {len(view['won'][seat])}",
                    style="dim")
        if view["out"][seat]:
            line.append("  can play no more", style="italic")
        return line

    def scoreboard(self, view: dict):
        return ["Coins", "Cards"], [[len(view["won"][s]), view["hand_counts"][s]] for s in (0, 1)]

    def status(self, view: dict) -> str:
        return f"deck {view['deck']}"

    def prompt(self, view: dict) -> str:
        names = view["players"]
        seat = self.viewer()
        if view["over"]:
            return view["result"] or ""
        if seat not in view["to_act"]:
            return f"Waiting for {' and '.join(names[s] for s in view['to_act'])}."
        pending = view["pending"]
        if view["phase"] == "announce":
            return f"{names[seat]}: how many cards will you lay face down?"
        if view["phase"] == "lay":
            left = pending["announced"] - len(pending["cards"])
            return f"{names[seat]}: lay {plural(left, 'more card')} face down."
        if view["phase"] == "place":
            return (f"{names[seat]}: put {names[pending['seat']]}'s {plural(pending['announced'], 'card')} "
                    "by a coin (its key, or click it).")
        return ""

    def action_key(self, move: Move, index: int) -> str:
        if move.kind == "place":  # a coin's key is its number, as drawn under it, used coins or not
            return str(move.args[0] + 1)
        return super().action_key(move, index)

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        if move.kind == "lay":
            return f"Lay {card(move.args[0]).name.removeprefix('the ')}"
        return super().action_label(seat, move, optional)

    def on_spot_row_chosen(self, message: SpotRow.Chosen) -> None:
        seat = self.viewer()
        if seat is not None:
            self.submit(seat, Move("place", (message.index,)))
