"""Hotel Transylvania: the 52 rooms of the loop as four rows of thirteen (clubs, diamonds, hearts,
spades, each ace to king: the loop runs along a row and on to the next), the doors as ▐▌ where they
stand, each room's ghosts as the seats' numbers in their colours (the top ghost last), and under each
row the guests standing there (their letter and rank on their colour, so that they read without
colour). Below: the viewer's hand (its rooms are underlined on the board too), the viewer's secret
standing order for surprises, and the last guest's move.

The table is drawn from one seat's view: its own hand and order, never another's. Between people,
behind the curtain, it shows the public table alone. A wider table gives each room more cells (more
of its stack shown); a narrow one shows the top two ghosts and the height.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Span, Text
from textual.app import ComposeResult

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.hotel_transylvania import (DOORS_BEFORE, LETTERS, LOOP, ORDERS, ROOMS, code_room, order_short,
                                                   order_words, room_code, room_name)
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import tight_chip
from tabletop_tui.ui.widgets.columns import cut
from tabletop_tui.ui.widgets.grid import PiecedText, TextLines, pieced_line
from tabletop_tui.ui.widgets.kept import Kept
from tabletop_tui.ui.widgets.most_lines import MostLines

GUEST_STYLES = {
    "red": Style(color="#ffffff", bgcolor="#c0392b", bold=True),
    "orange": Style(color="#101010", bgcolor="#e67e22", bold=True),
    "yellow": Style(color="#101010", bgcolor="#f1c40f", bold=True),
    "green": Style(color="#ffffff", bgcolor="#1e8449", bold=True),
    "blue": Style(color="#ffffff", bgcolor="#2e5fc0", bold=True),
    "violet": Style(color="#ffffff", bgcolor="#8e44ad", bold=True),
}
#: each seat's ghosts: its number in its colour
SEAT_STYLES = (Style(color="#5fd7ff", bold=True), Style(color="#ff87d7", bold=True), Style(color="#d7d75f", bold=True),
               Style(color="#87d787", bold=True), Style(color="#ff8787", bold=True), Style(color="#afafff", bold=True))
DOOR = Style(color="#a07850")
EMPTY = Style(color="#606060")
MINE = Style(underline=True)
ME = Style(color="#f0c040", bold=True)
SUIT_GLYPHS = "♣♦♥♠"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
TURN = "▶"
SUPERSCRIPTS = " ¹²³⁴⁵⁶⁷⁸⁹"
#: each room's card, by room (1-52; 0 unused)
CODES = ("",) + tuple(room_code(room) for room in range(1, ROOMS + 1))


def dial(k: int, six: int) -> tuple[int, int]:
    """The standing order (k, six) nearest to the one asked: k 0 (never) has no 6, k 6 is a 6 alone."""
    k = max(0, min(6, k))
    return (k, 0 if k == 0 else 1 if k == 6 else six)


#: the style of each row of rooms' ghosts, and its head (its suit, the line's first piece: PiecedText);
#: the head of a row of guests
HEAD_STYLES = tuple("bold red" if suit in (1, 2) else "bold" for suit in range(4))
HEAD_PIECES = tuple(Text(glyph + " ") for glyph in SUIT_GLYPHS)
GUESTS_HEAD = Text("  ")
#: the hand's pieces: its heads, each seat's number, each card's chip (made once)
GHOSTS_PIECE = Text("Ghosts:")
PUBLIC = Text("Each hand and each standing order is seen by its owner alone.", style="dim italic")
SEAT_NUMBERS = tuple(Text(f" {s + 1}", spans=[Span(1, 2, style)]) for s, style in enumerate(SEAT_STYLES))
SPACE = Text(" ")
NO_CARDS = Text("no cards", style="dim")
ORDER_HEAD = Text("Surprise order (secret): ", style="bold")
CHIPS: dict[object, Text] = {}


class HandLines(MostLines, TextLines):
    """The names, the viewer's hand and order, the last guest's move: as high as the most lines they
    have had at this size of the screen, the rest blank. They are a line or two longer or shorter from
    one key to the next (the hand wraps or not, the last move shown or not, the public table between
    people), and each such change laid the whole screen out."""


class HotelTransylvaniaScreen(GameScreen):
    DEFAULT_CSS = """
    #ht-board, #ht-hand { height: auto; }
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: each row of rooms' lines (its ghosts, its guests), with their pieces, by what each is drawn from
        self._suit_lines: Kept[Text] = Kept(128)
        self._hand_from: tuple | None = None  # what the hand's lines were last built from
        self._room_cells: Kept[Text] = Kept(512)  # a room's cells on its row, by what they show

    def compose_table(self) -> ComposeResult:
        # drawn by lines: a move changes a row of rooms or two (a card played, a guest moved, the hand's
        # marks) and a line or two of the hand; a line that did not change is not drawn again
        yield TextLines(id="ht-board")
        yield HandLines(id="ht-hand")

    # -- the table ------------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        self.query_one("#ht-board", TextLines).show_lines(self.board_lines(view))
        # the hand's lines, built only when what they show changed (the viewer, the names, the hand,
        # the order, the last move): a key that leaves them alone builds nothing
        hand_from = (view["viewer"], tuple(view["players"]), tuple(view["hand"] or ()),
                     tuple(view["order"] or ()), repr(view["last"]))
        if hand_from != self._hand_from:
            self._hand_from = hand_from
            self.query_one("#ht-hand", TextLines).show_lines(self.hand_text(view))  # (wrapped as a Static wraps)

    def room(self) -> int:
        return max(44, self.query_one("#ht-board", TextLines).size.width or 46)

    def cell_width(self) -> int:
        """Cells per room, the one before its content included (a door's there): at least three (two
        ghosts shown), more where the table is wider (more of each stack)."""
        return max(3, min(7, (self.room() - 2) // 13))

    def board_lines(self, view: dict) -> list[Text]:
        """The board's lines, each joined from its pieces (PiecedText: drawn from its rooms' segments,
        each kept): the ranks, then two lines a row of rooms, its ghosts and its guests, each
        built only when what it shows changed (the ghosts: the row's stacks and the viewer's rooms in it;
        the guests: those on the row and its doors; both the width): a move that leaves a line alone
        (a card played leaves the guests where they stand) builds nothing of it."""
        w = self.cell_width()
        stacks = view["stacks"]
        hand = set(view["hand"] or [])
        loop = LOOP
        at: dict[int, list[dict]] = {}  # room -> guests there; -room for the door just before it
        for g in view["guests"]:
            room = loop[g["pos"]]
            key = room if room else -loop[g["pos"] + 1]  # a door stands before a room, never last
            at.setdefault(key, []).append(g)
        cache = self._suit_lines
        lines = [cache.built(("ranks", w), lambda: self.ranks_line(w))]
        shown = tuple(map(tuple, stacks))  # (each room's stack, then whether it is the viewer's)
        mine = tuple(code in hand for code in CODES[1:]) if hand else (False,) * ROOMS
        guests: list[list[tuple]] = [[], [], [], []]  # each row's guests, by room (and door), as keys
        for where, here in at.items():
            guests[(abs(where) - 1) // 13].append((where, tuple((g["letter"], g["rank"], g["colour"]) for g in here)))
        for suit in range(4):
            key = ("ghosts", suit, w, shown[suit * 13:suit * 13 + 13], mine[suit * 13:suit * 13 + 13])
            lines.append(cache.built(key, lambda: self.ghosts_line(suit, w, stacks, hand)))
            key = ("guests", suit, w, tuple(sorted(guests[suit])))
            lines.append(cache.built(key, lambda: self.guests_line(suit, w, at)))
        return lines

    @staticmethod
    def ranks_line(w: int) -> Text:
        """The ranks above the rooms' columns."""
        head = Text("  ")
        for rank in RANKS:
            head.append(" " + rank.rjust(w - 1), style="dim")
        return head

    def ghosts_line(self, suit: int, w: int, stacks: list, hand: set) -> PiecedText:
        """A row of rooms' ghosts (and doors), the viewer's rooms marked: each room's cells built once
        for what they show (its stack, whether it is the viewer's, the width), so that a new viewer's
        marks or a card played build only the rooms they change."""
        kept = self._room_cells
        cells = []
        for room in range(suit * 13 + 1, suit * 13 + 14):
            stack = stacks[room - 1]
            key = (room, tuple(stack), CODES[room] in hand, w)
            cells.append(kept.built(key, lambda: self.room_cells(room, w, stack, key[2])))
        return pieced_line(HEAD_STYLES[suit], [HEAD_PIECES[suit], *cells])

    @staticmethod
    def room_cells(room: int, w: int, stack: list, mine: bool) -> Text:
        """A room's cells on its row: the door before it (or a space), then its ghosts right-aligned."""
        piece = Text()
        piece.append("▐" if room in DOORS_BEFORE else " ", style=DOOR)
        cell = Text()
        if stack and w == 3:  # the top ghost, and the height where there are more
            top = stack[-1]
            cell.append(str(top + 1), style=SEAT_STYLES[top % len(SEAT_STYLES)])
            if len(stack) > 1:
                cell.append(SUPERSCRIPTS[min(len(stack), 9)], style="bold")
        elif stack:  # the stack, bottom to top, as much as fits
            shown = stack[-(w - 1):]
            if len(stack) > len(shown):
                cell.append("…", style="dim")
                shown = shown[1:]
            for seat in shown:
                cell.append(str(seat + 1), style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        elif mine:
            cell.append("∘", style=ME)
        else:
            cell.append("·", style=EMPTY)
        if mine:
            cell.stylize(MINE)
        piece.append(" " * (w - 1 - cell.cell_len))
        piece.append_text(cell)
        return piece

    def guests_line(self, suit: int, w: int, at: dict[int, list[dict]]) -> PiecedText:
        """The guests standing on a row of rooms and on the doors before them."""
        cells = [self.guest_cells(at.get(-room, []), at.get(room, []), w) for room in range(suit * 13 + 1, suit * 13 + 14)]
        return pieced_line("", [GUESTS_HEAD, *cells])

    @staticmethod
    def guest_cells(at_door: list[dict], here: list[dict], w: int) -> Text:
        """The guests on a room and on the door before it, in the room's `w` cells: "R3" right-aligned
        under the room; a guest on the door from the door's cell ("▐R2"); "+" where there are more than
        fit."""
        cell = Text()
        if at_door:
            cell.append("▐", style=DOOR)
        for g in at_door + here:
            piece = Text(g["letter"] + str(g["rank"]), GUEST_STYLES[g["colour"]])
            if cell.cell_len + piece.cell_len > w:
                cell = cell[: w - 1]
                cell.append("+", style="bold")
                break
            cell.append_text(piece)
        if at_door:
            return cell + Text(" " * (w - cell.cell_len))
        return Text(" " * (w - cell.cell_len)) + cell

    def hand_text(self, view: dict) -> list[Text]:
        """The names, the viewer's hand and order, the last guest's move: each line a Text of its own
        (all of them dim beneath their spans, as the lines of one dim Text split at its line breaks), with
        its pieces (PiecedText: the names, the cards' chips, each kept)."""
        viewer = view["viewer"]
        names = view["players"]
        pieces: list[Text] = [GHOSTS_PIECE]
        for s, name in enumerate(names):
            pieces.append(SEAT_NUMBERS[s])
            pieces.append(Text(" " + cut(name, 6), style=ME if s == viewer else ""))
        lines = [pieced_line("dim", pieces)]
        if viewer is None:
            lines.append(pieced_line("dim", [PUBLIC]))
        else:
            hand = view["hand"] or []
            pieces = [Text(f"{cut(names[viewer], 12)}'s hand: ", style="bold")]
            if hand:
                for i, code in enumerate(hand):
                    if i:
                        pieces.append(SPACE)
                    chip = CHIPS.get(code)
                    if chip is None:
                        chip = CHIPS[code] = tight_chip(code)
                    pieces.append(chip)
            else:
                pieces.append(NO_CARDS)
            lines.append(pieced_line("dim", pieces))
            order = tuple(view["order"])
            pieces = [ORDER_HEAD, Text(order_words((order[0], order[1])))]
            lines.append(pieced_line("dim", pieces))
        last = view["last"]
        if last is not None:
            out = Text(style="dim")
            out.append("Last: ", style="dim")
            g = last["colour"]
            out.append(f"{LETTERS[g]}{last['before']}", GUEST_STYLES[g])
            out.append(" ")
            where = room_name(last["room"]) if last["room"] else "a door"
            out.append(f"rolled {last['roll'][0]}+{last['roll'][1]} to {where}", style="dim")
            if last["room"]:
                out.append(f", now {last['after']}", style="dim")
            got = [f"{names[s]} {'+' if p > 0 else ''}{p}" for s, p in enumerate(last["points"]) if p]
            if got:
                out.append(": " + ", ".join(got), style="dim")
            lines.append(out)
        return lines

    def scoreboard(self, view: dict):
        tops = [0] * len(view["players"])
        for stack in view["stacks"]:
            if stack:
                tops[stack[-1]] += 1
        rows = []
        for s in range(len(view["players"])):
            rows.append([view["hands"][s], tops[s], view["scores"][s]])
        return ["Cards", "Tops", "Points"], rows

    def status(self, view: dict) -> str:
        return f"deck {view['deck']} · played {view['played']}/{ROOMS}"

    def prompt(self, view: dict) -> str:
        if view["over"]:
            return view["result"] or ""
        names = view["players"]
        seat = self.viewer()
        who = view["turn"]
        if seat != who:
            return f"Waiting for {names[who]}."
        if view["phase"] == "play":
            return f"{names[who]}, play a card: it haunts its room and the chain either side."
        return f"{names[who]}, move a guest: two dice, clockwise."

    # -- choices --------------------------------------------------------------------------------------

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        """The plays and the guests, then the standing order's dial: the least rank surprised one lower
        and one higher, and a 6 surprised or not."""
        orders = {(m.args[0], m.args[1]): m for m in moves if m.kind == "order"}
        out = [m for m in moves if m.kind != "order"]
        if not orders:
            return out
        k, six = next((o for o in ORDERS if o not in orders), ORDERS[0])
        for want in (dial(k - 1, six), dial(k + 1, six), dial(k, 1 - six)):
            if want in orders and orders[want] not in out:
                out.append(orders[want])
        return out

    def guests_view(self) -> dict:
        """The view the guests' labels read: the viewer's (`label_view`: the one the table was just drawn
        from, while the choices are made after it); the guests are public, the same in every seat's."""
        return self.label_view(self.viewer())

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        kind = move.kind
        if kind == "play":
            room = code_room(move.args[0])
            return f"Play {room_name(room)}"
        if kind == "move":
            c = move.args[0]
            g = next(x for x in self.guests_view()["guests"] if x["colour"] == c)
            return f"{LETTERS[c]} {c} ({g['rank']})"
        if kind == "order":
            return f"Surprise: {order_short((move.args[0], move.args[1]))}"
        return str(move)
