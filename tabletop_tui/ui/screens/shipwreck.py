"""Shipwreck!: the lifeboats and every board by suit, the fight on the table, and the hand of the person
at the keyboard.

The table is one grid: a column for each suit (spades, hearts, diamonds, clubs), the lifeboats' points
on the first row and each player's board below (face-up cards, by rank). After the ship sinks the grid
shows what every player held of each suit (hand, board and Key, the Key underlined) and who boarded
which lifeboat. The hand below is the viewer's alone; between two people, behind the curtain, it is
not drawn.

A turn takes two choices: a card (its key, or a click on it), then what to do with it: discard it to
its lifeboat (d) or pick a fight with someone (1-7); b chooses another card. In a fight, the key
beside a card plays it and x surrenders; at the showdown the key beside a card lays it as the Key.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.components.cards import RANK_CODES, card
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.shipwreck import BOATS, BETWEEN, FIGHT, KEYS, OVER, TURN, value
from tabletop_tui.rules.words import listing
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import SUIT_GLYPH, CardHand, chip_text
from tabletop_tui.ui.widgets.common import Action
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.kept import Kept

SUIT_STYLE = {"S": "bold", "C": "bold", "H": "bold #e05050", "D": "bold #e05050"}


def rank_of(code: str) -> str:
    c = card(code)
    return RANK_CODES[c.rank]


def glyph(suit: str) -> str:
    return SUIT_GLYPH[suit] + suit


class ShipwreckScreen(GameScreen):
    DEFAULT_CSS = """
    #sw-grid, #sw-info, #sw-hand-label { height: auto; }
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._picked: str | None = None  # the card chosen for this turn, before what to do with it
        self._seat_lines: Kept[Text] = Kept(64)  # a seat's row of the grid, by what it shows

    def compose_table(self) -> ComposeResult:
        # each drawn by lines (TextLines): a key draws and paints only the lines it changed (the row of
        # the seat to act, the boats' row), not the whole grid, and a line costs less than a Static's
        yield TextLines(id="sw-grid")
        yield TextLines(id="sw-info")
        yield TextLines(id="sw-hand-label")
        yield CardHand(id="sw-hand")

    # -- the table ---------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        viewer = view["viewer"]
        self._check_pick(view)
        grid = self.query_one("#sw-grid", TextLines)
        width = grid.size.width or 45
        # each built only when what it shows changed (a card picked, a new viewer change neither)
        if self.part_changed("grid", repr((view["players"], view["boards"], view["boats"], view["to_act"],
                                           view["showdown"], width))):
            grid.show_lines(self.grid_lines(view, width))
        # the fight's line (or the showdown's) has its row even when empty, so that a fight begun or
        # ended moves neither the hand nor its label: no layout of the screen, only the line drawn
        if self.part_changed("info", repr((view["players"], view["phase"], view["fight"], len(view["to_act"]),
                                           [key is not None for key in view["keys"]], view["showdown"]))):
            self.query_one("#sw-info", TextLines).show_text(self.info_text(view))
        hand = self.query_one("#sw-hand", CardHand)
        label = self.query_one("#sw-hand-label", TextLines)
        shown_down = view["phase"] in (BETWEEN, OVER)
        if viewer is None or shown_down:
            hand.set_cards([], pick="none")
            hand.display = False
            label.show_lines([Text("Each hand is seen by its owner alone." if not shown_down else "",
                                   style="dim italic")])
            label.display = not shown_down
            return
        hand.display = label.display = True
        mine = view["hand"] or []
        acting = viewer in view["to_act"] and viewer == self.viewer() and self.input_open()
        hand.set_cards(mine, pick="one" if acting else "none",
                       marked=[mine.index(self._picked)] if self._picked in mine else None)
        head = Text(f"{view['players'][viewer]}'s hand", style="bold")
        key = view["keys"][viewer]
        if key not in (None, "laid"):
            head.append("  Key laid: ", style="dim")
            head.append_text(chip_text(key))
        elif acting and view["phase"] == TURN:
            head.append("  choose a card" if self._picked is None else "  discard it or fight with it", style="dim")
        label.show_lines([head])

    def grid_lines(self, view: dict, width: int) -> list[Text]:
        """The grid, a line a row (the suits, the boats, a seat's board each), none wider than `width`."""
        names = view["players"]
        n = len(names)
        namew = min(9, max(6, max(len(x) for x in names) + 1))
        col = max(6, (width - namew) // 4)
        head = Text(" " * namew)
        for suit in BOATS:
            head.append(glyph(suit).ljust(col), style=SUIT_STYLE[suit])
        boats = Text()
        boats.append("Boats".ljust(namew), style="bold")
        sd = view["showdown"]
        won = {b["suit"]: b for b in sd["boats"]} if sd else {}
        for b in view["boats"]:
            cell = f"{b['points']} ({len(b['cards'])})" if b["cards"] else "0"
            style = "bold green" if b["suit"] in won and won[b["suit"]]["boarded"] else "bold"
            boats.append(cell.ljust(col)[:col], style=style)
        out = [head, boats]
        for s in range(n):
            acting = s in view["to_act"]
            if sd:
                out.append(self.seat_line(view, s, acting, namew, col, width))
                continue
            # a seat's line while the ship floats, kept by what it shows (a move changes a board or two
            # and who acts): the lines of the seats it leaves alone are not built again
            key = (names[s], acting, namew, col, width, tuple(view["boards"][s]))
            out.append(self._seat_lines.built(key, lambda: self.seat_line(view, s, acting, namew, col, width)))
        for line in (head, boats):  # (cropped, as the grid never wraps)
            if line.cell_len > width:
                line.truncate(width)
        return out

    def seat_line(self, view: dict, seat: int, acting: bool, namew: int, col: int, width: int) -> Text:
        """A seat's row of the grid: the name (bold while the seat acts), its cards of each suit,
        cropped to `width` (the grid never wraps)."""
        line = Text()
        line.append(view["players"][seat][: namew - 1].ljust(namew), style="bold" if acting else "")
        for suit in BOATS:
            line.append_text(self.cell(view, seat, suit, col))
        if line.cell_len > width:
            line.truncate(width)
        return line

    def cell(self, view: dict, seat: int, suit: str, col: int) -> Text:
        """One player's cards of one suit: the board's; after the ship sank, all he held, the Key
        underlined, green where he boarded and dim where he lost the race."""
        sd = view["showdown"]
        codes = [c for c in view["boards"][seat] if card(c).suit == suit]
        key = None
        style = ""
        if sd:
            key = sd["keys"][seat]
            codes = codes + [c for c in sd["hands"][seat] if card(c).suit == suit]
            if key and card(key).suit == suit:
                codes.append(key)
                race = next((b for b in sd["boats"] if b["suit"] == suit), None)
                style = "bold green" if race and seat in race["boarded"] else "dim"
        codes.sort(key=lambda c: -value(card(c)))
        text = Text()
        if not codes:
            return Text(" " * col)
        parts = [rank_of(c) for c in codes]
        plain = " ".join(parts)
        if len(plain) > col - 2:
            total = sum(value(card(c)) for c in codes)
            text.append(f"={total} ({len(codes)})", style=style)
        else:
            for i, c in enumerate(codes):
                if i:
                    text.append(" ")
                text.append(parts[i], style=(style + " underline").strip() if c == key else style)
        text.truncate(col, pad=True)
        return text

    def info_text(self, view: dict) -> Text:
        names = view["players"]
        phase = view["phase"]
        out = Text()
        fight = view["fight"]
        if phase == FIGHT and fight:
            out.append("Fight! ", style="bold red")
            out.append(f"{names[fight['attacker']]} → {names[fight['defender']]}: ")
            for i, (s, code) in enumerate(fight["cards"]):
                if i:
                    out.append(" ")
                out.append_text(chip_text(code))
            out.append(f"  {names[fight['to']]} to answer", style="dim")
        elif phase == KEYS:
            out.append("The ship sinks! ", style="bold red")
            laid = sum(1 for k in view["keys"] if k is not None)
            out.append(f"Keys laid face down: {laid} of {laid + len(view['to_act'])}", style="dim")
        elif phase in (BETWEEN, OVER) and view["showdown"]:
            sd = view["showdown"]
            out.append("Showdown: ", style="bold")
            parts = []
            for b in sd["boats"]:
                t = Text()
                t.append(glyph(b["suit"]) + " ", style=SUIT_STYLE[b["suit"]])
                if b["boarded"]:
                    t.append(" & ".join(names[s] for s in b["boarded"]) + f" +{b['gain']}", style="green")
                else:
                    t.append("nobody", style="dim")
                lost = [names[s] for s in b["seats"] if s not in b["boarded"]]
                if lost:
                    t.append(f" (lost: {', '.join(lost)})", style="dim")
                parts.append(t)
            if sd["drowned"]:
                parts.append(Text(f"drowned: {', '.join(names[s] for s in sd['drowned'])}", style="dim"))
            out.append_text(Text(" · ").join(parts))
        return out

    # -- the pick of a card ------------------------------------------------------------------------

    def _check_pick(self, view: dict) -> None:
        """The card picked stays picked only while its owner is at the keyboard on his turn."""
        viewer = view["viewer"]
        if self._picked is None:
            return
        if view["phase"] != TURN or viewer is None or viewer != view["turn"] or not self.input_open() \
                or self._picked not in (view["hand"] or []):
            self._picked = None

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        if not moves or moves[0].kind not in ("discard", "fight"):
            return moves
        if self._picked is None:
            return [Move("pick", (m.args[0],)) for m in moves if m.kind == "discard"]
        chosen = [m for m in moves if (m.kind == "discard" and m.args[0] == self._picked)
                  or (m.kind == "fight" and m.args[1] == self._picked)]
        return chosen + [Move("unpick")]

    def submit(self, seat: int, move: Move) -> bool:
        if move.kind == "pick":
            self._picked = move.args[0]
            self.error = ""
            self.refresh_table()
            return True
        if move.kind == "unpick":
            self._picked = None
            self.error = ""
            self.refresh_table()
            return True
        done = super().submit(seat, move)
        if done:
            self._picked = None
        return done

    def action_key(self, move: Move, index: int) -> str:
        kind = move.kind
        if kind == "discard":
            return "d"
        if kind == "unpick":
            return "b"
        if kind == "surrender":
            return "x"
        if kind == "fight":
            return str(self._fight_index(move))
        return str(index + 1) if index < 9 else ""

    def _fight_index(self, move: Move) -> int:
        """Fights are numbered by the seats to the attacker's left: 1 the next player, 2 the one after."""
        seat = self.game.turn
        n = len(self.game.players)
        return (move.args[0] - seat) % n

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        names = self.game.players
        kind = move.kind
        if kind == "pick":
            return chip_text(move.args[0]).plain.strip()
        if kind == "unpick":
            return "Another card"
        if kind == "discard":
            c = card(move.args[0])
            return f"Discard {chip_text(c.code).plain.strip()}"
        if kind == "fight":
            return f"Fight {names[move.args[0]]}"
        if kind == "raise":
            return f"Play {chip_text(move.args[0]).plain.strip()}"
        if kind == "key":
            c = card(move.args[0])
            return f"Key {chip_text(c.code).plain.strip()}"
        return super().action_label(seat, move, optional)

    def on_card_hand_chosen(self, message: CardHand.Chosen) -> None:
        if message.hand.id != "sw-hand" or not message.codes or message.codes[0] is None:
            return
        seat = self.viewer()
        if seat is None:
            return
        code = message.codes[0]
        phase = self.game.phase
        if phase == TURN:
            self.submit(seat, Move("pick", (code,)) if self._picked != code else Move("unpick"))
        elif phase == FIGHT:
            self.submit(seat, Move("raise", (code,)))
        elif phase == KEYS:
            self.submit(seat, Move("key", (code,)))

    # -- the computer deals when the people have seen the showdown -----------------------------------

    def _dealer_waits(self) -> int | None:
        """After a showdown, the computer seat that deals next, held until a person has looked at the
        showdown and pressed n (None when a person deals, or no person sits at the table)."""
        game = self.game
        if self.read_only or game.phase != BETWEEN or not self.session.people or not self.input_open():
            return None
        dealer = game.to_act()[0]
        return dealer if self.session.is_computer(dealer) else None

    def advance(self) -> None:
        if self._dealer_waits() is not None:
            self.refresh_table()
            return
        super().advance()

    def current_actions(self) -> list[Action]:
        dealer = self._dealer_waits()
        if dealer is not None:
            return [Action("n", f"Next hand: {self.game.players[dealer]} deals", dealer, Move("deal"))]
        return super().current_actions()

    # -- the frame ---------------------------------------------------------------------------------

    def scoreboard(self, view: dict):
        rows = []
        keys = view["phase"] == KEYS
        for s in range(len(view["players"])):
            if keys:
                last = Text("laid" if view["keys"][s] else "", style="green")
            else:
                g = view["last_gains"][s]
                last = Text("" if g is None else f"+{g}" if g else "0", style="green" if g else "dim")
            rows.append([view["scores"][s], view["hand_counts"][s], last])
        return ["Pts", "Hand", "Key" if keys else "Last"], rows

    def status(self, view: dict) -> str:
        return f"hand {view['hand_no']} · deck {view['deck']} · to {view['target']}"

    def prompt(self, view: dict) -> str:
        names = view["players"]
        seat = self.viewer()
        phase = view["phase"]
        if view["over"]:
            return view["result"] or ""
        waiting = view["to_act"]
        if seat is None or seat not in waiting:
            who = listing(names[s] for s in waiting)
            if phase == KEYS:
                return f"The ship sinks: waiting for {who} to lay a Key."
            if phase == FIGHT:
                return f"Waiting for {who} to answer the fight."
            if phase == BETWEEN:
                if self._dealer_waits() is not None:
                    return "The hand is over: look at the showdown, then press n for the next hand."
                return f"Waiting for {who} to deal the next hand."
            return f"Waiting for {who}."
        me = names[seat]
        if phase == TURN:
            if self._picked is None:
                return f"{me}: choose a card to discard or to fight with (its key, or click it)."
            c = card(self._picked)
            return f"{me}: discard {chip_text(c.code).plain.strip()} (d), or pick a fight with it (1-{len(names) - 1})."
        if phase == FIGHT:
            top = view["fight"]["cards"][-1][1]
            return f"{me}: beat {chip_text(top).plain.strip()} with a higher card, or surrender (x)."
        if phase == KEYS:
            return f"{me}: lay a Key card face down: its suit is the lifeboat you run for."
        if phase == BETWEEN:
            return f"{me}: deal the next hand."
        return ""
