"""Second Story: the house on the table, the two d10, the bag, the bank and every lair."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Span, Text
from textual.app import ComposeResult

from tabletop_tui.rules.components.decktet import SUITS
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.columns import cut
from tabletop_tui.ui.widgets.grid import LineDrawn, TextLines
from tabletop_tui.ui.widgets.kept import Kept
from tabletop_tui.ui.widgets.things import (
    SUIT_GLYPH, SUIT_STYLE, card_chip, card_lines, chip_stack, die_lines, side_by_side, suit_text,
)

KEYS = {
    "thorough": "t", "quick": "k", "one_flat": "1", "several_flats": "2", "all_flats": "3",
    "end_night": "e", "go_on": "g", "excuse": "x", "second_chance": "c", "bust": "b",
}


class SecondStoryScreen(GameScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # the house's card and dice (each die, the two side by side), by what they show
        self._blocks: Kept[list[Text]] = Kept(128)
        self._cells: Kept[Text] = Kept(128)  # the bank's chips of a suit, by what they show

    def compose_table(self) -> ComposeResult:
        # the parts of text drawn by lines (TextLines): a line that did not change is neither drawn
        # again nor painted; the lairs are a table (QuickTable: rich's Table, drawn at less cost)
        yield TextLines(id="ss-house")
        yield TextLines(id="ss-night", steady=True)  # its two lines or three: the parts below stay
        yield TextLines(id="ss-bank")
        # the lairs, a line each (and their header), each drawn by runs (LineDrawn): a night ended
        # draws again the lines of the two players it changed
        for row in range(len(self.game.players) + 1):
            yield LineDrawn(id=f"ss-lairs-{row}")

    # -- drawing ----------------------------------------------------------------------------------


    def show_table(self, view: dict) -> None:
        names = view["players"]
        current = view["current"]
        house = view["house"]
        roll = view["last_roll"]
        rolled = bool(roll and roll.get("card") == (house or {}).get("name") and roll.get("seat") == current)
        odds = view.get("odds") or {}
        shown_odds = odds if view["phase"] == "job" else None
        if self.part_changed("ss-house", repr((house, roll if rolled else None, shown_odds))):
            self.show_house(house, roll if rolled else None, shown_odds)
        width = self.query_one("#ss-night", TextLines).size.width or 60
        if self.part_changed("ss-night", repr((names[current], view["night"], view["revealed"], width, view["bag"],
                                               view.get("excuse_beside_bag")))):
            self.show_night(view, width)
        if self.part_changed("ss-bank", repr((view["bank"], view["deck_count"], view["discard_count"],
                                              view["last_night"], view["final_turns"], names))):
            self.show_bank(view)
        room = self.query_one("#ss-lairs-0", LineDrawn).size.width or 46
        if self.part_changed("ss-lairs", repr((names, current, view["lairs"], view.get("excuse_holder"),
                                               view.get("excuse_beside_bag"), room))):
            self.show_lairs(view, room)

    def show_house(self, house: dict | None, roll: dict | None, odds: dict | None) -> None:
        """The house robbed, the dice of its last roll (if they were for it), the odds of the jobs: the
        card and the dice each built only when what they show changed (a new roll leaves the card as it
        was, the next house the dice), kept from one key to the next (never changed: joined as copies)."""
        card_key, dice_key = ("card", repr(house)), ("dice", repr(roll), repr(odds))
        card = self._blocks.built(card_key, lambda: card_lines(house) if house else card_lines(None))
        right = self._blocks.built(dice_key, lambda: self.dice_lines(roll, odds))
        block = self._blocks.built((card_key, dice_key), lambda: side_by_side([card, right], gap=2))
        self.query_one("#ss-house", TextLines).show_lines(block)

    def dice_lines(self, roll: dict | None, odds: dict | None) -> list[Text]:
        """The dice of the last roll for this house (blank dice before one), what it needed, the odds."""
        right: list[Text] = []
        if roll:
            dice = []
            for face, hit in zip(roll["faces"], roll["hits"]):
                dice.append(self._blocks.built(("die", face, hit), lambda: self.die(face, hit)))
            right += self._blocks.built(("dice", tuple(roll["faces"]), tuple(roll["hits"])), lambda: side_by_side(dice))
            needs = roll.get("target")
            verdict = Text("made it" if roll["success"] else "the guard noticed",
                           style="bold green" if roll["success"] else "bold red")
            right.append(Text(f"needs {needs}+  ") + verdict)
        else:
            right += self._blocks.built(("dice", None), lambda: side_by_side([die_lines(None, 10), die_lines(None, 10)]))
            right.append(Text(""))
        if odds:
            parts = [f"{k.replace('_', ' ')} {round(v * 100)}%" for k, v in odds.items()]
            right.append(Text("odds: " + ", ".join(parts), style="dim"))
        return right

    def show_night(self, view: dict, width: int) -> None:
        """The cards of the night so far (a row breaks between cards), the bag."""
        names = view["players"]
        night = Text()
        night.append(f"{names[view['current']]}'s night {view['night']}: ", style="bold")
        lines = [night]  # (each line a Text of its own, as the night's Text split at its line breaks)
        column = night.cell_len
        for i, c in enumerate(view["revealed"]):
            chip = card_chip(c)
            if i and column + 1 + chip.cell_len > width:  # the row breaks between cards, never inside one
                night = Text()
                lines.append(night)
                column = 0
            elif i:
                night.append(" ")
                column += 1
            night.append_text(chip)
            column += chip.cell_len
        night = Text()
        lines.append(night)
        night.append("Bag: ", style="bold")
        bag = view["bag"]
        if sum(bag.values()):
            for s in SUITS:
                if bag[s]:
                    night.append(f"{SUIT_GLYPH[s]}" * bag[s], style=SUIT_STYLE[s])
                    night.append(" ")
        else:
            night.append("empty", style="dim")
        if view.get("excuse_beside_bag"):
            night.append("  + the Excuse beside the bag", style="italic")
        self.query_one("#ss-night", TextLines).show_lines(lines)

    def show_bank(self, view: dict) -> None:
        """The bank's chips of each suit, the deck, the last night."""
        names = view["players"]
        lines = []  # (each line a Text of its own, as the bank's Text split at its line breaks)
        for row in range(3):
            bank = Text()
            lines.append(bank)
            bank.append("Bank  " if row == 0 else "      ", style="bold")
            for col in range(2):
                s = SUITS[row + 3 * col]
                n = view["bank"][s]
                bank.append_text(self._cells.built((s, n), lambda: self.bank_cell(s, n)))
        bank = Text()
        lines.append(bank)
        deck = f"Deck {view['deck_count']} · discard {view['discard_count']}"
        if view["last_night"]:
            left = [names[s] for s in view["final_turns"]]
            deck += " · LAST NIGHT" + (f": still to play {', '.join(left)}" if left else "")
        bank.append(deck, style="bold yellow" if view["last_night"] else "dim")
        self.query_one("#ss-bank", TextLines).show_lines(lines)

    @staticmethod
    def die(face: int, hit: bool) -> list[Text]:
        return die_lines(face, sides=10, style="bold green" if hit else "bold red", label="0" if face in (0, 10) else str(face))

    @staticmethod
    def bank_cell(s: str, n: int) -> Text:
        """The bank's chips of one suit (kept by what they show: a move takes from a suit or two)."""
        cell = suit_text(s, name=False)
        cell.append(" ")
        cell.append_text(chip_stack(n, SUIT_STYLE[s]))
        cell.append(f" {n:>2}", style="bold" if n else "bold red")
        cell.pad_right(18 - cell.cell_len)
        return cell

    def show_lairs(self, view: dict, room: int) -> None:
        for row, line in enumerate(self.lairs_lines(view, room)):
            self.query_one(f"#ss-lairs-{row}", LineDrawn).update(line)

    def lairs_lines(self, view: dict, room: int) -> list[Text]:
        """Every player's lair, the chips of each suit and the Excuse, as a table: its lines as rich's
        Table drew them (no box, a cell padded by a space either side, the names left and the counts
        right, the header bold), each run of one style one span; a name cut where the table would not
        fit `room`. A table was laid out and drawn anew by rows at each change (a night ended)."""
        names = view["players"]
        current = view["current"]
        beside = view.get("excuse_beside_bag")
        rows = [[("Lairs", "")] + [(SUIT_GLYPH[s], SUIT_STYLE[s]) for s in SUITS] + [("", "")]]
        for seat, lair in enumerate(view["lairs"]):
            extra = "Excuse" if view.get("excuse_holder") == seat and not beside else ""
            rows.append([(names[seat], "bold" if seat == current else "")]
                        + [(str(lair[s]), SUIT_STYLE[s] if lair[s] else "dim") for s in SUITS] + [(extra, "italic")])
        widths = [max(cell_len(row[column][0]) for row in rows) + 2 for column in range(len(rows[0]))]
        over = sum(widths) - room
        if over > 0:  # (names of sixteen letters, two-digit counts and the Excuse in the narrowest table)
            widths[0] = max(3, widths[0] - over)
            rows = [[(cut(row[0][0], widths[0] - 2), row[0][1]), *row[1:]] for row in rows]
        last = len(widths) - 1
        lines = []
        for index, row in enumerate(rows):
            plain: list[str] = []
            spans: list[Span] = []
            x = 0
            for column, ((text, style), width) in enumerate(zip(row, widths)):
                if width < 3:  # a cell with no room inside its padding: its padding alone
                    plain.append(" " * width)
                    x += width
                    continue
                pad = " " * (width - 2 - cell_len(text))
                inner = text + pad if column in (0, last) else pad + text
                plain += [" ", inner, " "]
                if style:  # (the cell's style over its room, as rich justifies a cell)
                    spans.append(Span(x + 1, x + 1 + len(inner), style))
                x += 2 + len(inner)
            if index == 0:  # the header's style under its cells'
                spans.insert(0, Span(0, x, "bold"))
            lines.append(Text("".join(plain), spans=spans))
        return lines

    def scoreboard(self, view: dict):
        rows = []
        for seat, chain in enumerate(view["chains"]):
            rows.append([view["scores"][seat], Text("·".join(str(n) for n in chain[2:5]), style="dim")])
        return ["Score", "Tie-break"], rows

    def status(self, view: dict) -> str:
        return "the last night" if view["last_night"] else ""

    def prompt(self, view: dict) -> str:
        if view["result"]:
            return view["result"]
        name = view["players"][view["current"]]
        house = view["house"]["name"] if view["house"] else "the house"
        return {
            "job": f"{name}, how do you rob {house}?",
            "take": f"{name}, choose your loot.",
            "continue": f"{name}: the house is robbed. Take the bag home, or try another house?",
            "failed": f"{name}: the guard noticed! Reroll if you can, or accept the bust.",
        }.get(view["phase"], f"{name} to play.")

    def action_key(self, move: Move, index: int) -> str:
        if move.kind == "take":
            return str(index + 1) if index < 9 else ""
        return KEYS.get(move.kind, str(index + 1))
