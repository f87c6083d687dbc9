"""Thief in the Night: the castle map (the widget CastleMap) above the cards of the seat looking.

Keys (besides the action bar's): the arrows move the map's cursor, and a square's name typed on the map
(`s20`, with or without a `:` before it) goes there; a letter typed on the map waits for the next key, so
that a name never sets off the key of its letter (see CastleMap); `v` shows what the piece under the
cursor sees; `m` swaps the detailed map for the whole castle; `c` puts the cursor on the thief; `h`
lists both discard piles. Building: `w` marks a wall and `d` a door on the edge in front of the cursor
(the side it last moved toward, in green), `t` a trap on its square. The captain's turn: `g` picks the
next piece to move, the action bar its card, then its square (a guard's from the bar, the captain's with
the cursor and Enter). Steps and facings take the number keys as on a numeric keypad (8 north, 9
north-east, 6 east ... 5 stops)."""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.thief_in_the_night import N, piece_name, square_name
from tabletop_tui.rules.words import plural
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.screens.modals import LogScreen
from tabletop_tui.ui.widgets.cards import chip_text, chips_text
from tabletop_tui.ui.widgets.castle_map import CHOSEN_MARK, SEEN_MARK, TARGET_MARK, CastleMap
from tabletop_tui.ui.widgets.common import ActionBar, KeptLines
from tabletop_tui.ui.widgets.grid import SameLines, TextLines, split_lines
from tabletop_tui.ui.widgets.most_lines import MostLines

KEYS = "123456789abefijknoprxyz"
PAD = {"N": "8", "NE": "9", "E": "6", "SE": "3", "S": "2", "SW": "1", "W": "4", "NW": "7"}
ARROW = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
UI = "ui"  # moves of the screen itself (choosing a piece or a card), never handed to the rules


class Hands(MostLines, TextLines):
    """The hands below the map, as high as the most lines they have had at this size of the screen (the
    thief's one line, the guards' four or more, a showdown's line): where the castle does not fit (80x24)
    the map has the room they leave, and so keeps its size as the thief or the captain looks, instead of
    being laid out and drawn anew at each turn. Fewer lines leave the rest blank.

    Drawn by lines (TextLines), each line kept by what it shows: a hand's line is drawn from its runs
    of cards, where a Static's Text was made into Textual's Content and rendered a span at a time (with
    every line above it rendered blank first, to give its cells their places), and a line shown again
    (the discards, the last showdown, a hand as it was) costs a look-up."""

    def update(self, content: str | Text = "") -> None:
        """Show `content` (a string is shown as it is, never read as markup)."""
        self.show_lines(split_lines(content if isinstance(content, Text) else Text(content)))


class Castle(KeptLines, CastleMap):
    """The castle map, each line also kept styled (SameLines, by the very strip the map drew: a line
    of the castle is a segment a cell, whose hashing cost as much as a line drawn anew saves): the map
    hands Textual the line it drew before when a row shows again what it showed (the thief and the
    guards look in turn, each seeing the castle as they saw it a move ago but where something moved),
    and Textual styled it and passed it through its colour filter anew each time, which cost more than
    drawing the line. Kept styled, such a line costs a look-up, and its filtered line is kept by Textual
    on the styled one; a line new to it is filled out and padded (its padding alone styles it), not
    styled by Textual."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._styles_cache = SameLines()


class ThiefInTheNightScreen(GameScreen):

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.piece: int | None = None  # the captain's piece chosen to move
        self.chosen_card: str | None = None
        self.watching: int | None = None  # the piece whose sight is shown
        self._followed = None
        self._typist = None  # (the person at the keyboard, input open) when the map last drew
        self._drawn_from: tuple = (None, -1, None, None)  # (game, its moves, viewer, view) the table shows

    def compose_table(self) -> ComposeResult:
        m = Castle(id="tn-map")
        m.describe_key = self.key_meaning
        yield m
        # drawn a line at a time, each line kept: a card played changes one hand's line
        yield Hands(id="tn-hands")

    def on_mount(self) -> None:
        self.query_one("#tn-map", CastleMap).focus()
        self.fit_side()

    def fit_side(self) -> None:
        """The castle is 52 columns wide: the move log gives up what the map needs on a narrow terminal."""
        width = self.app.size.width
        self.query_one("#side").styles.width = max(20, min(54, width - 53))
        self.query_one("#table").styles.padding = 0
        self.query_one("#tn-hands").styles.height = "auto"

    def on_resize(self, event) -> None:
        self.fit_side()

    # -- drawing ----------------------------------------------------------------------------------

    def _view_of(self, seat: int) -> dict:
        """The seat's view: the one the table was just drawn from where it is that seat's and the game
        has not changed since (the same game object, as many moves: a move adds one, an undo makes a new
        game), else read anew. The action bar's choices are listed right after the table is drawn, from
        the same view; a view of the castle costs as much as listing them."""
        game, moves, viewer, view = self._drawn_from
        if game is self.game and moves == len(game.history) and viewer == seat:
            return view
        return self.game.view(seat)

    def show_table(self, view: dict) -> None:
        self._drawn_from = (self.game, len(self.game.history), view["viewer"], view)
        m = self.query_one("#tn-map", CastleMap)
        phase = view["phase"]
        typist = (view["viewer"], self.input_open())
        if typist != self._typist:  # another person at the keyboard, or a hand-off: nothing typed goes on
            self._typist = typist
            m.forget_typing()
        mine = view["viewer"] is not None and view["viewer"] in view["to_act"] and self.input_open()
        targets: set[int] = set()
        if mine and phase == "captain":
            self._settle_piece(view)
            if self.chosen_card is not None:
                for mv in self.game.legal_moves(view["viewer"]):
                    if mv.kind == "guard" and mv.args[0] == self.piece and mv.args[1] == self.chosen_card:
                        targets.add(mv.args[3] * N + mv.args[2])
                    elif mv.kind == "lead" and self.piece == 0 and mv.args[0] == self.chosen_card:
                        targets.add(mv.args[2] * N + mv.args[1])
        elif mine and phase in ("post", "enter"):
            targets = {mv.args[1] * N + mv.args[0] for mv in self.game.legal_moves(view["viewer"])}
            if len(targets) > 200:
                targets = set()  # nearly everywhere: not worth colouring
        sight = set()
        if self.watching is not None:
            bit = 1 << self.watching
            sight = {i for i, ch in enumerate(view["sight"]) if (ord(ch) - 48) & bit}
        follow = None
        if view["thief"] is not None and phase in ("steps", "dash", "trap", "face", "shed", "thief"):
            follow = view["thief"][0]
        elif phase == "captain" and self.piece is not None and view["pieces"][self.piece] is not None:
            follow = view["pieces"][self.piece][0]
        cursor = None
        if follow is not None and (follow, phase, self.piece) != self._followed:
            self._followed = (follow, phase, self.piece)
            cursor = follow  # (the map follows it in the repaint of what it shows)
        m.show(view, targets, sight, marked_edge=phase == "build", cursor=cursor)
        hands = self.query_one("#tn-hands", Hands)
        # built again only when what the hands show changed (not for a square looked at, a card chosen)
        if self.part_changed("hands", repr((
                view["phase"], view["players"], view.get("building"), view["thief_seat"], view["thief"] is None,
                view["thief_hand"], view["guard_hands"], view["thief_count"], view["guard_counts"],
                view["showdown"], view["thief_discards"][-1:], view["captain_discards"][-1:],
                self.piece if view["phase"] == "captain" else None, hands.size.width))):
            hands.show_lines(self.hands_lines(view))

    def _settle_piece(self, view: dict) -> None:
        moved = set(view["moved"])
        if self.piece is None or self.piece in moved:
            self.piece = next((p for p in (1, 2, 3, 4, 5, 0) if p not in moved), None)
            self.chosen_card = None

    def hands_lines(self, view: dict) -> list[Text]:
        """What the hands show, a Text a line: the part draws them a line at a time, and a line made
        alone is not cut out of one Text of them all again (a span at a time, the cards' many)."""
        phase = view["phase"]
        names = view["players"]
        if phase in ("gem", "build"):
            b = view["building"]
            first = Text()
            first.append(f"Castle: {plural(b['rooms'], 'room')}, {plural(b['traps'], 'trap')}. ", style="bold")
            if b["missing"]:
                first.append("Still missing: " + ", ".join(b["missing"]) + ".", style="yellow")
            else:
                first.append("Complete once this turn ends.", style="green")
            second = Text("This turn: ")
            if b["kind"] is None:
                second.append("up to 10 edges (w wall, d door) or 6 traps (t)", style="dim")
            elif b["kind"] == "edges":
                second.append(f"{b['edges_left']} more edges", style="dim")
            else:
                second.append(f"{b['traps_left']} more traps", style="dim")
            return [first, second]
        if view["thief_seat"] < 0:
            return [Text()]
        lines = [Text()]
        out = lines[0]
        if view["thief"] is None:
            out.append("The cards are dealt when the thief enters.", style="dim")
        elif view["thief_hand"] is not None:
            out.append("Thief's hand: ", style="bold")
            out.append_text(_chips(view["thief_hand"]) if view["thief_hand"] else Text("empty", style="dim"))
        elif view["guard_hands"] is not None and view["thief"] is not None:
            lines = self.guard_hands_lines(view)
        else:
            out.append(f"{names[view['thief_seat']]} (thief) holds {plural(view['thief_count'], 'card')}; the guards "
                       f"hold {sum(view['guard_counts'])}.", style="dim")
        sd = view["showdown"]
        if sd and phase != "post":
            out = Text()
            out.append("Last showdown: ", style="bold")
            out.append_text(_chips(sd["escape"]))
            out.append(" vs ")
            out.append_text(_chips(sd["capture"]))
            out.append(f" ({sd['result']})", style="italic")
            lines.append(out)
        tops = []
        for label, pile in (("thief", view["thief_discards"]), ("guards", view["captain_discards"])):
            if pile:
                tops.append((label, pile[-1]))
        if tops:
            out = Text()
            out.append("Discards (h): ", style="dim")
            for i, (label, code) in enumerate(tops):
                if i:
                    out.append(", ", style="dim")
                out.append(f"{label} ", style="dim")
                out.append_text(chip_text(code))
            lines.append(out)
        return lines

    def guard_hands_lines(self, view: dict) -> list[Text]:
        """The captain's and the guards' hands, each after its label (C, G1 ... G5) and a space, the guards
        two to a line where the room allows, three spaces and a bar between them: a label never touches
        a card. A Text a line."""
        hands = view["guard_hands"]
        chosen = self.piece if view["phase"] == "captain" else None
        blocks = []
        for p in range(6):
            block = Text()
            label = "C" if p == 0 else f"G{p}"
            style = "bold reverse" if p == chosen else "bold #ff5fd7" if p == 0 else "bold #5fd7ff"
            block.append(f"{label:<2}", style=style)
            block.append(" ")
            block.append_text(_chips(hands[p]) if hands[p] else Text("no cards", style="dim"))
            blocks.append(block)
        width = self.query_one("#tn-hands").size.width or 53
        gap = "  │ "
        pair = max(b.cell_len for b in blocks[1:]) * 2 + len(gap)
        out = Text()
        out.append_text(blocks[0])
        lines = [out]
        for p in range(1, 6):
            if p % 2 or pair > width:
                out = Text()
                out.append_text(blocks[p])
                lines.append(out)
            else:
                room = max(b.cell_len for b in blocks[1:]) - blocks[p - 1].cell_len
                out.append(" " * room + gap, style="dim")
                out.append_text(blocks[p])
        return lines

    def scoreboard(self, view: dict):
        rows = []
        for seat in (0, 1):
            if view["thief_seat"] < 0:
                rows.append(["builder", ""])
            elif seat == view["thief_seat"]:
                rows.append(["thief" + (" ◆" if view["carrying"] else ""), view["thief_count"]])
            else:
                rows.append(["captain", sum(view["guard_counts"])])
        return ["Role", "Cards"], rows

    def status(self, view: dict) -> str:
        if view["thief_seat"] < 0:
            return "building the castle"
        if view["round"] == 0:
            return "placing the pieces"
        dawn = f" of {view['dawn']}" if view["dawn"] else ""
        return f"thief's turn {view['round']}{dawn} · decks {view['decks'][0]}/{view['decks'][1]}"

    def prompt(self, view: dict) -> str:
        names = view["players"]
        if view["over"]:
            return view["result"] or ""
        seat = view["viewer"]
        if seat not in view["to_act"]:
            return f"Waiting for {' and '.join(names[s] for s in view['to_act'])}."
        phase = view["phase"]
        who = names[seat]
        if phase == "gem":
            return f"{who}: put the gem on one of the four centre squares."
        if phase == "build":
            return f"{who}: build (w wall, d door on the green edge; t trap), then end the turn."
        if phase == "post":
            placed = sum(1 for p in view["pieces"] if p is not None)
            return f"{who}: cursor to a square for {piece_name(placed)}, then its facing (8 6 2 4)."
        if phase == "enter":
            where = "an unwatched edge square" if view.get("entry") == "unseen" else "an edge square"
            return f"{who}, the thief: cursor to {where} (green +), then a facing."
        if phase == "thief":
            return f"{who}: discard a card to stay or to move (2-10: 3 squares, J Q K A: 4)."
        if phase == "steps":
            return f"{who}: step ({plural(view['steps_left'], 'step')} left; keypad 7 8 9 4 6 1 2 3) or 5 to stop."
        if phase == "dash":
            return f"{who} escaped: up to {plural(view['steps_left'], 'step')} unseen, or 5 to stop."
        if phase == "trap":
            return f"{who}: a trap! Discard a card one rank from {card(view['last_card']).name} to go on, or stop."
        if phase == "face":
            return f"{who}: choose the thief's facing (8 6 2 4)."
        if phase == "shed":
            return f"{who}: discard {plural(view['shed_left'], 'more card')} of the escape hand."
        if phase == "cface":
            return f"{who}: choose the captain's facing (8 6 2 4)."
        if phase == "captain":
            if self.piece is None:
                return f"{who}: move the pieces."
            if self.chosen_card is None:
                return f"{who}: a card for {piece_name(self.piece)} (g: another piece)."
            if self.piece == 0:
                return f"{who}: cursor to a green square and Enter to move the captain."
            return f"{who}: where does {piece_name(self.piece)} go?"
        return ""

    # -- actions ----------------------------------------------------------------------------------

    def listed_moves(self, seat: int, moves: list[Move]) -> list[Move]:
        if not moves:
            return []
        phase = self.game.phase
        if phase == "build":
            return [m for m in moves if m.kind == "done"]
        if phase in ("post", "enter"):
            at = self.query_one("#tn-map", CastleMap).cursor
            return [m for m in moves if m.args[1] * N + m.args[0] == at]
        if phase == "captain":
            view = self._view_of(seat)
            self._settle_piece(view)
            p = self.piece
            out = []
            if p is None:
                return moves
            hold = Move("hold", (p,))
            if hold in moves:
                out.append(hold)
            elif self.chosen_card is None:  # the cards that take the piece somewhere
                playable = {m.args[0] for m in moves if m.kind == "lead"} if p == 0 else \
                    {m.args[1] for m in moves if m.kind == "guard" and m.args[0] == p}
                out += [Move(UI, ("card", c)) for c in view["guard_hands"][p] if c in playable]
            elif p != 0:
                out += [m for m in moves if m.kind == "guard" and m.args[0] == p and m.args[1] == self.chosen_card]
                out.append(Move(UI, ("back",)))
            else:  # the captain: the squares nearest the cursor (any other by the cursor and Enter)
                cy, cx = divmod(self.query_one("#tn-map", CastleMap).cursor, N)
                leads = [m for m in moves if m.kind == "lead" and m.args[0] == self.chosen_card]
                leads.sort(key=lambda m: (max(abs(m.args[1] - cx), abs(m.args[2] - cy)), m.args[2], m.args[1]))
                out += leads[:6]
                out.append(Move(UI, ("back",)))
            if len(set(range(6)) - set(view["moved"])) > 1:
                out.append(Move(UI, ("next",)))
            return out
        return moves

    def action_key(self, move: Move, index: int) -> str:
        kind = move.kind
        if kind == "step":
            return PAD[move.args[0]]
        if kind == "stop":
            return "5"
        if kind in ("face", "post", "enter"):
            return PAD[move.args[-1]]
        if kind == UI and move.args[0] == "next":
            return "g"
        if kind == UI and move.args[0] == "back":
            return "0"
        return KEYS[index] if index < len(KEYS) else ""

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        kind, a = move.kind, move.args
        if kind == UI:
            if a[0] == "card":
                return _short(a[1])
            return {"next": "next piece", "back": "another card"}[a[0]]
        if kind in ("stay", "go"):
            return f"{kind} {_short(a[0])}"
        if kind in ("chain", "shed"):
            return f"{kind} {_short(a[0])}"
        if kind == "step":
            return ARROW[a[0]]
        if kind == "stop":
            return "stop"
        if kind == "face":
            return "face " + ARROW[a[0]]
        if kind in ("post", "enter"):
            return "facing " + ARROW[a[2]]
        if kind == "guard":
            return f"to {square_name(a[3] * N + a[2])}"
        if kind == "lead":
            return f"to {square_name(a[2] * N + a[1])}"
        return super().action_label(seat, move, optional)

    def submit(self, seat: int, move: Move) -> bool:
        if move.kind == UI:
            what = move.args[0]
            if what == "card":
                self.chosen_card = move.args[1]
            elif what == "back":
                self.chosen_card = None
            elif what == "next":
                moved = set(self.game.view(seat)["moved"])
                order = [p for p in (1, 2, 3, 4, 5, 0) if p not in moved]
                if order:
                    i = order.index(self.piece) if self.piece in order else -1
                    self.piece = order[(i + 1) % len(order)]
                self.chosen_card = None
            self.error = ""
            self.refresh_table()
            return True
        ok = super().submit(seat, move)
        if ok and move.kind in ("guard", "lead", "hold"):
            self.chosen_card = None
        return ok

    # -- keys of the map ----------------------------------------------------------------------------

    def person(self) -> int | None:
        humans = self.session.human_to_act()
        if not humans or not self.input_open():
            return None
        return humans[0]

    def key_meaning(self, key: str) -> str | None:
        """What a key does now, in a few words (for the map's first line while a letter waits)."""
        reserved = {"u": "undo", "l": "the log", "s": "save and leave", "q": "quit"}
        if key in reserved:
            return reserved[key]
        action = self.query_one("#actions", ActionBar).action_for_key(key)
        if action is not None:
            return action.label
        own = {"v": "what the piece sees", "m": "the whole castle", "c": "find the thief", "h": "the discards"}
        if self.game.phase == "build":
            own.update(w="a wall", d="a door", t="a trap")
        return own.get(key)

    def unlisted_key(self, key: str) -> bool:
        m = self.query_one("#tn-map", CastleMap)
        if key == "m":
            m.overview = not m.overview  # the map repaints the lines that change
            return True
        if key == "v":
            view = self.game.view(self.viewer())
            at = m.cursor
            here = [p for p, piece in enumerate(view["pieces"]) if piece is not None and piece[0] == at]
            self.watching = here[0] if here and self.watching != here[0] else None
            if not here:
                self.error = "Put the cursor on a guard or the captain to see what it sees (v)."
            else:
                self.error = ""
            self.refresh_table()
            return True
        if key == "c":
            view = self.game.view(self.viewer())
            if view["thief"] is not None:
                m.follow(view["thief"][0])
            return True
        if key == "h":
            view = self.game.view(self.viewer())
            lines = ["The thief's discards, oldest first:",
                     " ".join(chips_text(view["thief_discards"]).plain.split()) or "none", "",
                     "The guards' discards, oldest first:",
                     " ".join(chips_text(view["captain_discards"]).plain.split()) or "none"]
            self.app.push_screen(LogScreen("Thief in the Night: the discard piles", lines))
            return True
        if key in ("w", "d", "t"):
            seat = self.person()
            if seat is None or self.game.phase != "build":
                self.error = "Walls, doors and traps are marked while the castle is built."
                self.refresh_table()
                return True
            y, x = divmod(m.cursor, N)
            if key == "t":
                move = Move("trap", (x, y))
            else:
                side = m.heading
                if side == 0:
                    ex, ey, s = x, y, "N"
                elif side == 3:
                    ex, ey, s = x, y, "W"
                elif side == 2:
                    ex, ey, s = x, y + 1, "N"
                else:
                    ex, ey, s = x + 1, y, "W"
                move = Move("wall" if key == "w" else "door", (ex, ey, s))
            self.submit(seat, move)
            return True
        return False

    def on_castle_map_moved(self, message: CastleMap.Moved) -> None:
        if self.game.phase in ("post", "enter", "captain"):
            self.refresh_table()

    def on_castle_map_chosen(self, message: CastleMap.Chosen) -> None:
        seat = self.person()
        if seat is None:
            return
        sq = message.square
        x, y = sq % N, sq // N
        phase = self.game.phase
        if phase == "captain" and self.chosen_card is not None and self.piece is not None:
            if self.piece == 0:
                self.submit(seat, Move("lead", (self.chosen_card, x, y)))
            else:
                self.submit(seat, Move("guard", (self.piece, self.chosen_card, x, y)))
        elif phase == "captain":
            view = self.game.view(seat)
            here = [p for p, piece in enumerate(view["pieces"]) if piece[0] == sq and p not in view["moved"]]
            if here:
                self.piece, self.chosen_card = here[0], None
                self.refresh_table()
        elif phase == "gem":
            self.submit(seat, Move("gem", (x, y)))
        elif phase == "build":
            self.submit(seat, Move("trap", (x, y)))
        elif phase in ("post", "enter"):
            self.refresh_table()

    def keys_help(self) -> str:
        return super().keys_help() + (
            "- The arrows move the map's cursor; a square's name (`s20`; a1 is the south-west corner) and Enter "
            "go to it and choose it (a `:` before the name is welcome, not needed); `v` shows what the piece "
            "under it sees, `m` the whole castle, `c` finds the thief, `h` lists both discard piles.\n"
            "- Letters and squares: a letter typed on the map (a to x) waits for the next key, since it may "
            "begin a square's name. A digit makes it a square (`s20` goes to s20 and never saves, `l14` never "
            "opens the log). Enter or Space makes it the key it is (`s` and Enter saves and leaves, `w` and "
            "Enter marks a wall), and so does any other key, which then counts too (`w` and an arrow marks a "
            "wall and moves on). The map's first line says what the letter would do; Escape forgets it. The "
            "number keys, `y`, `z`, `?` and the arrows act at once.\n"
            f"- The map's key: ▲▶▼◀ the thief (the scores show ◆ beside him once he holds the gem), ⇑ the captain, ↑ a guard (the "
            f"arrow is its facing), ◆ the gem, ^ a trap, · an empty square, {SEEN_MARK} an empty square a piece "
            f"sees (tinted blue besides, also on its west side where no wall stands; {CHOSEN_MARK} where the piece "
            f"`v` asked about sees it), {TARGET_MARK} an empty "
            "square the move being made can go to (tinted green). Walls are solid lines: │ on the west side of "
            "a square, the whole square underlined on its south side; doors are broken lines: ┆, or only the "
            "west half of the square underlined.\n"
            "- Building: `w` a wall, `d` a door on the green edge (the side the cursor last moved toward), "
            "`t` a trap on the cursor's square.\n"
            "- Steps and facings: the number keys as a keypad (8 north, 9 north-east, 6 east, 3 south-east, 2 "
            "south, 1 south-west, 4 west, 7 north-west); 5 stops.\n"
            "- The captain's turn: `g` the next piece, then a card from the bar, then the square (the bar, or the "
            "cursor and Enter for the captain); `0` another card.\n")


@lru_cache(maxsize=256)
def _short(code: str) -> str:
    return chip_text(code).plain.strip()


#: cards on one line (chips_text) by the cards: a hand that did not change is not made again (the hands
#: are built anew when one of them changed, the guards' six at once); never changed once made
_CHIPS: dict[tuple[str, ...], Text] = {}
CHIPS_KEPT = 256


def _chips(codes) -> Text:
    key = tuple(codes)
    text = _CHIPS.get(key)
    if text is None:
        if len(_CHIPS) >= CHIPS_KEPT:
            _CHIPS.clear()
        text = _CHIPS[key] = chips_text(key)
    return text
