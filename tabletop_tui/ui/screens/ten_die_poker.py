"""Ten-Die Poker: every player's five red-black pairs of dice, their two hands named, the pot and stacks.

Each player takes two rows: the red dice (♦) over the black dice (♠), so that each pair stands in its
own column under its number. The first row starts with a marker (★ leads, ▶ acts, × out of the pot)
and the name, the second with the chip stack. The better hand's name is bold and marked ▸; pairs marked
for a re-roll carry ↻. A wider table names the hands in full; a taller one spaces the players out.

The table is drawn by lines (`TableLines`): a line that did not change is neither drawn again nor
repainted, and the lines are laid out for the room the table has at each layout of the screen.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.components.poker import FIVE, FOUR, FULL_HOUSE, HIGH, PAIR, STRAIGHT, THREE, TWO_PAIR
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import TextLines, text_key
from tabletop_tui.ui.widgets.kept import Kept
from tabletop_tui.ui.widgets.things import amount_stack

RED_DIE = "bold white on red3"
BLACK_DIE = "bold white on grey23"
COLOURS = (("red", "♦", "bold red", RED_DIE), ("black", "♠", "bold", BLACK_DIE))
MARKERS = {"leader": ("★", "bold yellow"), "folded": ("×", "dim"), "beaten": ("×", "dim")}
DIE_CELL = 4  # a mark (↻ or blank) and a die of three cells
PAIRS = 5
SHORT_NAMES = {HIGH: "High Die {0}", PAIR: "Pair of {0}s", TWO_PAIR: "Two Pair {0}s {1}s", THREE: "Three {0}s",
               STRAIGHT: "Straight {low}-{0}", FULL_HOUSE: "Full House {0}/{1}", FOUR: "Four {0}s", FIVE: "Five {0}s"}


def short_name(hand: dict) -> str:
    """A hand's name in at most 14 cells: "Two Pair 6s 2s", "Full House 6/2", "Straight 2-6"."""
    category, *values = hand["key"]
    return SHORT_NAMES[category].format(*values, low=values[0] - 4)


def better_hand(seat: dict) -> dict:
    return seat["black_hand"] if seat["better"] == "black" else seat["red_hand"]


class TableLines(TextLines):
    """The table's lines, laid out for a room (its width and the table's height) by `lay`. The room is
    the one the last layout gave; a layout that gives another (the action bar below grew or shrank
    with the new choices, in the same frame) lays the lines out anew for it, in that layout: the lines
    drawn for the old room would not fit it (a scroll bar, the lines wrapped) and ask for a second."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._lay: Callable[[int, int], list[Text]] | None = None
        self._drawn_for: tuple | None = None  # what the lines show: the drawing's key and the room

    def show(self, key: object, lay: Callable[[int, int], list[Text]], room: tuple[int, int]) -> None:
        """Show what `key` stands for, laid out by `lay(width, height)` for the room; nothing when that
        is shown already."""
        self._lay = lay
        self._show(key, room)

    def _show(self, key: object, room: tuple[int, int], layout: bool = False) -> None:
        if (key, room) == self._drawn_for or self._lay is None:
            return
        self._drawn_for = (key, room)
        lines = self._lay(*room)
        if layout:  # in a layout: the lines laid out anew, all repainted where the size changed
            self._texts, self._keys = lines, [text_key(line) for line in lines]
            self._sync()
        else:
            self.show_lines(lines)

    def get_content_height(self, container, viewport, width: int) -> int:
        if self._drawn_for is not None:
            self._show(self._drawn_for[0], room(width, container.height), layout=True)
        return super().get_content_height(container, viewport, width)


def room(width: int, height: int) -> tuple[int, int]:
    """The room the table is laid out for: at least 40 columns; before the first layout, 46x15."""
    return max(40, width or 46), height or 15


class TenDiePokerScreen(GameScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # a player's two rows as last built, by what they show (`_player`'s key): a pair marked or
        # rolled changes the rows of the player who acts, and the others' are not built again
        self._rows_kept: Kept[list[Text]] = Kept(64)

    def compose_table(self) -> ComposeResult:
        yield TableLines(id="tdp-table")

    # -- the table ---------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        widget = self.query_one("#tdp-table", TableLines)
        seats = view["seats"]
        key = repr((view["players"], view["active"], view["chosen"], view["pot"], seats))
        widget.show(key, lambda width, height: self.table_lines(view, width, height),
                    room(widget.size.width, self.query_one("#table").size.height))

    def table_lines(self, view: dict, width: int, height: int) -> list[Text]:
        """The table's lines in a room of width x height."""
        players = len(view["players"])
        name_width = max(7, min(8, max(len(n) for n in view["players"]) + 1))  # leaves 14 cells for a hand
        dice_at = 1 + name_width + 1  # marker, name, colour tag
        room = width - dice_at - PAIRS * DIE_CELL - 1
        full_names = room >= 23
        lines = [self._header(view, dice_at, width)]
        spaced = height >= 1 + 3 * players + 1
        kept = self._rows_kept
        for seat in range(players):
            if spaced:
                lines.append(Text(""))
            active = seat == view["active"]
            key = (repr(view["seats"][seat]), active, tuple(view["chosen"]) if active else (), name_width, room,
                   full_names, width)
            lines.extend(kept.built(key, lambda: self._player(view, seat, name_width, room, full_names)))
        if height >= len(lines) + 2:
            lines.append(Text(""))
            lines.append(Text("★ leads  ▶ acts  × out  ↻ re-roll  ▸ better",
                              style="dim", overflow="ellipsis", no_wrap=True))
        for line in lines:
            line.truncate(width)
        return lines

    def _header(self, view: dict, dice_at: int, width: int) -> Text:
        line = Text(" " * (dice_at - 4) + "pair", style="dim")
        for p in range(1, PAIRS + 1):
            line.append(f"  {p} ", style="bold" if p in view["chosen"] else "dim")
        line.append("  Pot ", style="bold")
        pot = view["pot"]
        line.append_text(amount_stack(pot, unit=5, width=max(1, width - line.cell_len - len(str(pot)) - 1)))
        return line

    def _player(self, view: dict, seat: int, name_width: int, room: int, full_names: bool) -> list[Text]:
        info = view["seats"][seat]
        status = info["status"]
        active = seat == view["active"]
        marker, marker_style = ("▶", "bold green") if active else MARKERS.get(status, (" ", ""))
        name = Text(info["name"][: name_width - 1].ljust(name_width), style="bold" if active else "")
        stack_width = name_width - len(str(info["chips"])) - 2
        stack = amount_stack(info["chips"], unit=10, width=max(1, stack_width))
        stack.pad_right(name_width - stack.cell_len)
        if status == "out":
            row = Text(marker) + name + Text(" sits this hand out (too few chips)", style="dim italic")
            return [row, Text(" ") + stack]
        dim = status in ("folded", "beaten")
        chosen = view["chosen"] if active else []
        rows = []
        for i, (colour, tag, tag_style, die_style) in enumerate(COLOURS):
            row = Text(marker, style=marker_style) + name if i == 0 else Text(" ") + stack
            row.append(tag, style=tag_style)
            for p, value in enumerate(info[colour], 1):
                row.append("↻" if p in chosen else " ", style="bold yellow")
                row.append(f" {value} ", style=die_style + (" dim" if dim else ""))
            row.append(" ")
            hand = info[f"{colour}_hand"]
            better = info["better"] in (colour, "both")
            said = hand["name"] if full_names else short_name(hand)
            row.append("▸" if better else " ", style="bold")
            row.append(said[: room - 1], style=("bold" if better else "dim") if not dim else "dim")
            rows.append(row)
        return rows

    # -- around the table -------------------------------------------------------------------------------

    def scoreboard(self, view: dict):
        return ["Chips", "Won"], [[s["chips"], s["won"]] for s in view["seats"]]

    def status(self, view: dict) -> str:
        hands = f" of {view['hands']}" if view["hands"] else ""
        return f"hand {view['hand']}{hands} · ante {view['ante']} · pot {view['pot']}"

    def prompt(self, view: dict) -> str:
        if view.get("result"):
            return view["result"]
        seat = view["active"]
        if seat is None:
            return ""
        names = view["players"]
        me = names[seat]
        chips = view["seats"][seat]["chips"]
        leaders = view["leaders"]
        target = " and ".join(names[s] for s in leaders) + "'s " + better_hand(view["seats"][leaders[0]])["name"]
        if view["phase"] == "decide":
            if chips < view["cost"]:
                return (f"{me} has {chips} chip{'' if chips == 1 else 's'}, less than the {view['cost']} a "
                        f"challenge costs: {me} must fold (f).")
            return f"{me}: fold (f), or pay {view['cost']} to challenge {target} (c)?"
        chosen = view["chosen"]
        if not chosen:
            return f"{me}: mark the pairs to re-roll with 1-5, then roll them (r). To beat: {target}."
        pairs = ", ".join(map(str, chosen[:-1])) + " and " + str(chosen[-1]) if len(chosen) > 1 else str(chosen[0])
        return f"{me}: re-roll pair{'s' if len(chosen) > 1 else ''} {pairs}? Mark more with 1-5, or roll (r)."

    def action_key(self, move: Move, index: int) -> str:
        if move.kind == "pair":
            return str(move.args[0])
        return {"fold": "f", "challenge": "c", "roll": "r"}.get(move.kind, "")
