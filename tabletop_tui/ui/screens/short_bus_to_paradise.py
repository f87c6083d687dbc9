"""Short Bus to Paradise: the pot's groups as coloured chips (each with its letter and colour name, so
that it reads without colour), every player's dock of cabs (seats, colour, load) with their score pile
beside, the counts of the bag and the deck, and the hand of the person at the keyboard.

The table is drawn from one seat's view: its own hand, and for the others only what everyone may see
(the cabs, the piles, the pot, how many cards each holds and how many stones the bag still holds, never
which). Between people, behind the curtain, it shows the public table alone.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Span, Text
from textual.app import ComposeResult

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.short_bus_to_paradise import LETTERS
from tabletop_tui.ui.screens.game import GameScreen, HeldParts
from tabletop_tui.ui.widgets.cards import tight_chip
from tabletop_tui.ui.widgets.columns import cut
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.part_lines import PartLines

#: each colour's chip: its background and a text colour that reads on it
COLOUR_STYLES = {
    "red": Style(color="#ffffff", bgcolor="#c0392b", bold=True),
    "orange": Style(color="#101010", bgcolor="#e67e22", bold=True),
    "yellow": Style(color="#101010", bgcolor="#f1c40f", bold=True),
    "lime": Style(color="#101010", bgcolor="#9be15d", bold=True),
    "green": Style(color="#ffffff", bgcolor="#1e8449", bold=True),
    "teal": Style(color="#101010", bgcolor="#48c9b0", bold=True),
    "blue": Style(color="#ffffff", bgcolor="#2e5fc0", bold=True),
    "violet": Style(color="#ffffff", bgcolor="#8e44ad", bold=True),
    "pink": Style(color="#101010", bgcolor="#f5a3c7", bold=True),
    "white": Style(color="#101010", bgcolor="#ecf0f1", bold=True),
}
EMPTY = Style(color="#a0a0a0", bgcolor="#303030")
MARK = Style(underline=True, bold=True)
ME = Style(color="#f0c040", bold=True)
TURN = "▶"


def stones_chip(colour: str | None, text: str) -> Text:
    """A chip in a colour's style, its letter first: " R red 3 "."""
    if colour is None:
        return Text(f" {text} ", EMPTY)
    return Text(f" {LETTERS[colour]} {text} ", COLOUR_STYLES[colour])


def flow(head: Text, pieces: list[Text], width: int, indent: int) -> Text:
    """`head` then the pieces, a space between, each line at most `width` cells (a piece is never
    broken: the next line starts `indent` cells in)."""
    out = head.copy()
    x = out.cell_len
    for piece in pieces:
        if x > indent and x + 1 + piece.cell_len > width:
            out.append("\n" + " " * indent)
            x = indent
        elif x > 0 and x != indent:
            out.append(" ")
            x += 1
        out.append_text(piece)
        x += piece.cell_len
    return out


class ShortBusToParadiseScreen(HeldParts, GameScreen):
    DEFAULT_CSS = """
    #sb-pot, #sb-docks, #sb-hand { height: auto; }
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._docks: dict[tuple, list[Text]] = {}  # a player's dock's lines by what they show

    def compose_table(self) -> ComposeResult:
        # drawn by lines: a move changes a line or two of each part (a group taken, a cab loaded, the
        # turn's mark, the hand), and a line that did not change is not drawn again; each keeps the
        # most lines it has had (PartLines)
        yield PartLines(id="sb-pot")
        yield PartLines(id="sb-docks")
        yield PartLines(id="sb-hand")

    # -- the table ------------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        # (a line wider than its part, which only the hand's may be, wrapped at its spaces as a Static
        # wraps it: so that the part is never drawn whole, nor laid out again but where its number of
        # lines changes)
        self.show_parts([("#sb-pot", self.pot_text(view).split("\n", allow_blank=True)),
                         ("#sb-docks", self.docks_lines(view)),
                         ("#sb-hand", self.hand_text(view).split("\n", allow_blank=True))])


    def room(self, part: str) -> int:
        return max(30, self.query_one(part, TextLines).size.width or 46)

    def pot_text(self, view: dict) -> Text:
        chosen = view["chosen"]
        width = self.room("#sb-pot")
        pieces = []
        for g in view["pot"]:
            piece = stones_chip(g["colour"], f"{g['colour']} {g['count']}")
            if chosen and chosen["colour"] == g["colour"]:
                piece.stylize(MARK)
            pieces.append(piece)
        if not pieces:
            pieces.append(Text("empty", style="dim"))
        out = flow(Text("Pot", style="bold"), pieces, width, 4)
        out.append("\n")
        out.append(f"Bag {view['bag']} stones · deck {view['deck']} cards", style="bold")
        if view["roll"]:
            out.append(f" · rolled {view['roll'][0]}+{view['roll'][1]}", style="dim")
        if view["bussed"]:
            out.append(" · bussed", style="dim")
            out = flow(out, [stones_chip(c, str(k)) for c, k in view["bussed"].items()], width, 4)
        if view["last_turns"] is not None:
            why = "the bag ran out" if view["ending"] == "bag" else "the last card was drawn"
            left = view["last_turns"]
            out.append(f"\nLast turns ({why}): " + ("this is the very last" if left == 0 else f"{left} more after this"),
                       style="bold yellow")
        return out

    def docks_lines(self, view: dict) -> list[Text]:
        """The docks' lines: a head, then each player's cabs and score pile (flowed onto more lines where
        they do not fit), each player's lines built once for what they show."""
        names = view["players"]
        viewer = view["viewer"]
        chosen = view["chosen"]
        targets: set = set()
        if viewer is not None and chosen is not None and viewer == view["turn"]:
            targets = {m.args[0] for m in self.game.legal_moves(viewer) if m.kind == "into"}
        width = max(6, min(10, max(len(n) for n in names)))
        room = self.room("#sb-docks")
        indent = width + 5
        head = " " * indent + "cabs waiting ▕ full cabs = points"
        lines = [Text(head, spans=[Span(0, len(head), "dim")])]
        height = self.query_one("#table").size.height or 0
        air = height >= 2 * len(names) + 14  # a tall terminal: a line of air between the docks
        kept = self._docks
        if len(kept) > 64:
            kept.clear()
        for s, name in enumerate(names):
            key = (s, name, s == view["turn"], s == viewer, view["hands"][s], repr(view["docks"][s]),
                   chosen["card"] if chosen else None, tuple(sorted(targets)), repr(view["piles"][s]),
                   view["points"][s], width, room)
            dock = kept.get(key)
            if dock is None:
                dock = kept[key] = self.dock_text(view, s, chosen, targets, width, room).split("\n", allow_blank=True)
            if air and s:
                lines.append(Text())
            lines += dock
        if len(names) <= 4 or air:  # and air around them
            lines = [Text(), *lines, Text()]
        return lines

    def dock_text(self, view: dict, s: int, chosen: dict | None, targets: set, width: int, room: int) -> Text:
        """A player's dock: the turn's mark, the name, the cards held, the cabs, the score pile."""
        head = Text()
        head.append(TURN if s == view["turn"] else " ", style="bold green")
        head.append(cut(view["players"][s], width).ljust(width), style=ME if s == view["viewer"] else "bold")
        head.append(f" {view['hands'][s]}▯ ", style="dim")
        pieces = []
        for cab in view["docks"][s]:
            piece = tight_chip(cab["card"])
            piece.append_text(stones_chip(cab["colour"], f"{cab['load']}/{cab['seats']}"))
            if chosen and chosen["card"] == cab["card"]:
                piece.stylize(MARK)
            if cab["card"] in targets:
                piece.append("◂", style="bold yellow")
            pieces.append(piece)
        if not pieces:
            pieces.append(Text("no cab", style="dim"))
        pieces.append(Text("▕", style="dim"))
        pieces += [stones_chip(c, str(k)) for c, k in view["piles"][s].items()]
        pieces.append(Text(f"= {view['points'][s]}", style="bold"))
        return flow(head, pieces, room, width + 5)

    def hand_text(self, view: dict) -> Text:
        viewer = view["viewer"]
        out = Text()
        if viewer is None:
            out.append("Each hand is seen by its owner alone.", style="dim italic")
        else:
            out.append(f"{cut(view['players'][viewer], 12)}'s hand: ", style="bold")
            hand = view["hand"] or []
            if hand:
                out.append_text(Text(" ").join(tight_chip(c) for c in hand))
            else:
                out.append("no cards", style="dim")
        chosen = view["chosen"]
        if chosen is not None:
            out.append("\nChosen: ", style="bold")
            out.append_text(stones_chip(chosen["colour"], f"{chosen['colour']} {chosen['count']}"))
            if chosen["kind"] == "steal":
                out.append(f" (stolen from {chosen['card']} with the pot's)", style="dim")
            out.append(" → choose a cab (◂)", style="dim")
        return out

    def scoreboard(self, view: dict):
        rows = []
        for s in range(len(view["players"])):
            rows.append([view["hands"][s], len(view["docks"][s]), view["points"][s]])
        return ["Cards", "Cabs", "Points"], rows

    def status(self, view: dict) -> str:
        return "last turns" if view["last_turns"] is not None and not view["over"] else ""

    def prompt(self, view: dict) -> str:
        if view["over"]:
            return view["result"] or ""
        names = view["players"]
        seat = self.viewer()
        who = view["turn"]
        if who < 0:
            return ""
        if seat != who:
            return f"Waiting for {names[who]}."
        chosen = view["chosen"]
        if chosen is not None:
            return f"{names[who]}, put the {chosen['count']} {chosen['colour']} into one of your cabs, or cancel."
        if view["played"] is None and not view["loaded"]:
            return f"{names[who]}, play a cab, load or steal, draw a card, or end your turn."
        return f"{names[who]}, load or steal more, or end your turn."

    # -- choices --------------------------------------------------------------------------------------

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        kind = move.kind
        view = self.label_view(seat)  # what the seat sees: the pot and the docks are face up
        if kind == "play":
            return f"Play {tight_chip(move.args[0]).plain}"
        if kind == "group":
            count = next((g["count"] for g in view["pot"] if g["colour"] == move.args[0]), 0)
            return f"{LETTERS[move.args[0]]} {move.args[0]} {count}"
        if kind in ("steal", "into"):
            cab = next((c for dock in view["docks"] for c in dock if c["card"] == move.args[0]), None)
            if cab is None:
                return str(move)
            where = f"{tight_chip(cab['card']).plain}"
            if kind == "steal":
                extra = next((g["count"] for g in view["pot"] if g["colour"] == cab["colour"]), 0)
                return f"Steal {where} {cab['load']}+{extra} {cab['colour']}"
            return f"Into {where} {cab['load']}/{cab['seats']}"
        return {"draw": "Draw", "done": "Done", "cancel": "Cancel"}.get(kind, str(move))
