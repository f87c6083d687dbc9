"""King of the Beach: the pyramid of ten spaces drawn as a pyramid, the auction, the hand of the person at
the keyboard and everyone's goodies.

The table is drawn from one seat's view: that person's own hand, and for the others only what
everyone may see (the pyramid and its cards, the goodies, the cards known to be in each hand). Between
people, behind the curtain, it shows the public table alone.

The last Aggression's fights can be stepped through on the pyramid: `f` shows the first fight (its
attackers and defender marked, the cards as they stood, the result below), `f` again the next, and
after the sixth the pyramid as the fights left it; one more `f` goes back to the table as it is now.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.king_of_the_beach import ROWS, fmt
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import Canvas, chip, tight_chip
from tabletop_tui.ui.widgets.columns import cut
from tabletop_tui.ui.widgets.grid import TextLines

#: the key that steps through the fights (never a choice's key)
FIGHT_KEY = "f"
KEYS = "123456789abcdeghijkmnoprtvwxyz"

SUIT_ACTIONS = {"S": "switch places with a robot", "H": "trade a goodie, choosing both cards",
                "D": "draw a card", "C": "put the stone on a space"}
SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

ROBOT = Style(color="#c8c8c8", bgcolor="#3a3a3a")
PLAYER = Style(color="#ffffff", bgcolor="#1e4a7a", bold=True)
ME = Style(color="#101010", bgcolor="#f0c040", bold=True)
ATTACK = Style(color="#101010", bgcolor="#70c070", bold=True)
DEFEND = Style(color="#ffffff", bgcolor="#b03030", bold=True)
NEXT = Style(color="#101010", bgcolor="#80c8ff", bold=True)
STONE_STYLE = Style(color="#e0b030", bold=True)


def tight(code: str | None) -> Text:
    if code is None:
        return Text("--", style="dim")
    return tight_chip(code)


def tights(codes) -> Text:
    return Text(" ").join(tight(c) for c in codes) if codes else Text("none", style="dim")


class KingOfTheBeachScreen(GameScreen):
    DEFAULT_CSS = """
    #kb-status, #kb-pyramid, #kb-fight, #kb-hand, #kb-goodies { height: auto; }
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: the fight shown (0-5), 6 for the pyramid after the fights, None: the table as it is
        self.replay: int | None = None
        self._fights_seen: object = None
        self._pyramids: dict[tuple, list[Text]] = {}  # the pyramid's lines by what they are drawn from
        self._rows: dict[tuple, list[Text]] = {}  # a row of the pyramid's lines by what they are drawn from
        self._label_views: dict[int, dict] = {}  # the views the choices' labels read, by seat, for one moment

    def compose_table(self) -> ComposeResult:
        # every part drawn by lines: a move changes a row or two of the pyramid (the space to play, a card
        # laid), a line of the hand; a line that did not change is not drawn again, and one seen before
        # (the known cards, the goodies) is kept
        yield TextLines(id="kb-status")
        yield TextLines(id="kb-pyramid")
        yield TextLines(id="kb-fight")
        yield TextLines(id="kb-hand")
        yield TextLines(id="kb-goodies")

    # -- the pyramid ----------------------------------------------------------------------------------

    def cell_width(self) -> int:
        width = self.query_one("#kb-pyramid", TextLines).size.width or 45
        return max(9, min(16, (width - 3) // 4))

    def pyramid_lines(self, view: dict, pyramid: list[int], cards: list, values: list, marks: dict[int, Style],
                      stone: int | None) -> list[Text]:
        """The pyramid's lines, built once for what they show (the spaces' occupants, cards, values and
        marks, the stone, the names, the viewer and the width): a key that changes none of it (the
        auction, a hand) draws nothing again, and one that changes a row of spaces (a card laid, the
        space to play, the viewer's own space) builds that row's lines alone."""
        cw = self.cell_width()
        key = (cw, tuple(pyramid), tuple(cards), tuple(values), tuple(sorted((k, str(v)) for k, v in marks.items())),
               stone, tuple(view["names"]), len(view["players"]), view["viewer"])
        lines = self._pyramids.get(key)
        if lines is None:
            if len(self._pyramids) >= 16:
                self._pyramids.clear()
            lines = self._pyramids[key] = [line for r in range(len(ROWS)) for line in
                                           self.row_lines(r, view, pyramid, cards, values, marks, stone, cw)]
        return lines

    def row_lines(self, r: int, view: dict, pyramid: list[int], cards: list, values: list, marks: dict[int, Style],
                  stone: int | None, cw: int) -> list[Text]:
        """A row of the pyramid's spaces: its two lines (the names, the cards) and the blank line under
        it but the last, built once for what its spaces show."""
        names = view["names"]
        n = len(view["players"])
        viewer = view["viewer"]
        row = ROWS[r]
        key = (r, cw, tuple((names[pyramid[space - 1]], cards[space - 1], values[space - 1], str(marks.get(space)),
                             pyramid[space - 1] == viewer, pyramid[space - 1] < n, stone == space) for space in row))
        lines = self._rows.get(key)
        if lines is None:
            if len(self._rows) >= 64:
                self._rows.clear()
            lines = self._rows[key] = self.draw_row(r, view, pyramid, cards, values, marks, stone, cw)
        return lines

    def draw_row(self, r: int, view: dict, pyramid: list[int], cards: list, values: list, marks: dict[int, Style],
                 stone: int | None, cw: int) -> list[Text]:
        """A row of the pyramid's lines, drawn on a canvas as wide as the pyramid."""
        names = view["names"]
        n = len(view["players"])
        viewer = view["viewer"]
        row = ROWS[r]
        width = cw * 4 + 3
        canvas = Canvas(width, 2 if r == len(ROWS) - 1 else 3)
        left = (width - (len(row) * cw + len(row) - 1)) // 2
        for i, space in enumerate(row):
            x = left + i * (cw + 1)
            occupant = pyramid[space - 1]
            style = marks.get(space) or (ME if occupant == viewer else PLAYER if occupant < n else ROBOT)
            label = f"{space} " + cut(names[occupant], cw - len(str(space)) - 1)
            canvas.put(x, 0, label.ljust(cw), style)
            canvas.put(x, 1, " " * cw, style)
            code = cards[space - 1]
            if code is not None:
                text, cstyle = chip(code)
                canvas.put(x + 1, 1, text, cstyle)
                canvas.put(x + 6, 1, fmt(values[space - 1]), style)
            if stone == space:
                canvas.put(x + cw - 1, 1, "●", style + STONE_STYLE)
        return canvas.text().split("\n", allow_blank=True)

    # -- the table ------------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        fights = view["fights"]
        key = (view["round"], tuple(tuple(f["before"]) for f in fights))
        if key != self._fights_seen:
            self._fights_seen = key
            self.replay = None
        if self.replay is not None and not fights:
            self.replay = None
        self.show_part("#kb-status", self.status_text(view))
        fight_line = self.query_one("#kb-fight", TextLines)
        if self.replay is None:
            marks: dict[int, Style] = {}
            if view["playing"] is not None:
                marks[view["playing"]] = NEXT
            self.show_pyramid(
                self.pyramid_lines(view, view["pyramid"], view["cards"], view["values"], marks, view["stone"]))
            hint = self.hint_text(view)
            self.show_part("#kb-fight", hint)
            fight_line.display = bool(hint.plain)
        else:
            pyramid_lines, line = self.replay_frame(view)
            self.show_pyramid(pyramid_lines)
            self.show_part("#kb-fight", line)
            fight_line.display = True
        self.show_part("#kb-hand", self.hand_text(view))
        self.show_part("#kb-goodies", self.goodies_text(view))

    def show_part(self, part: str, text: Text) -> None:
        """A part of the table beside the pyramid, drawn by lines: a line wider than the part is wrapped
        at its spaces as a Static wraps it (so that the part is never drawn whole, nor laid out again
        but where its number of lines changes)."""
        widget = self.query_one(part, TextLines)
        widget.show_text(text)

    def show_pyramid(self, lines: list[Text]) -> None:
        """The pyramid's lines on the table, cut at its edge as a Static crops them."""
        widget = self.query_one("#kb-pyramid", TextLines)
        width = widget.size.width
        if width and any(line.cell_len > width for line in lines):
            lines = [line[:width] if line.cell_len > width else line for line in lines]
        widget.show_lines(lines)

    def replay_frame(self, view: dict) -> tuple[list[Text], Text]:
        fights = view["fights"]
        names = view["names"]
        step = self.replay or 0
        if step >= len(fights):  # the pyramid as the fights left it
            last = fights[-1]
            cards, values = self.after_cards(last)
            line = Text(f"After the fights ({len(fights)} of {len(fights)}): ", style="bold")
            up = [names[o] for o in view["moved_up"]]
            line.append(("moved up and kept their cards: " + ", ".join(up)) if up else "no player moved up")
            line.append(f".  {FIGHT_KEY}: back to the table", style="dim")
            return self.pyramid_lines(view, last["after"], cards, values, {}, None), line
        f = fights[step]
        a, b = f["attackers"]
        d = f["defender"]
        marks = {a: ATTACK, b: ATTACK, d: DEFEND}
        before = f["before"]
        vals = f["values"]
        line = Text(f"Fight {step + 1} of {len(fights)}: ", style="bold")
        line.append(f"{names[before[a - 1]]} {fmt(vals[a - 1])} + {names[before[b - 1]]} {fmt(vals[b - 1])} = "
                    f"{fmt(f['total'])} against {names[before[d - 1]]} {fmt(vals[d - 1])}: ")
        if f["won"]:
            line.append(f"{names[before[f['up'] - 1]]} moves up to {d}", style="bold green")
        else:
            line.append(f"{names[before[d - 1]]} holds", style="bold red")
        line.append(f".  {FIGHT_KEY}: next", style="dim")
        return self.pyramid_lines(view, before, f["cards"], vals, marks, None), line

    @staticmethod
    def after_cards(step: dict) -> tuple[list, list]:
        cards, values = list(step["cards"]), list(step["values"])
        if step["won"]:
            up, d = step["up"] - 1, step["defender"] - 1
            cards[up], cards[d] = cards[d], cards[up]
            values[up], values[d] = values[d], values[up]
        return cards, values

    def status_text(self, view: dict) -> Text:
        phase = view["phase"]
        words = {"auction": "Auction", "aggression": "Aggression", "action": "Actions", "over": "The game is over"}
        out = Text(words[phase], style="bold")
        if phase == "aggression" and view["playing"] is not None:
            out.append(f": space {view['playing']}")
        if view["stone"] is not None:
            out.append(f" · ● stone on {view['stone']}", style=STONE_STYLE)
        if view["fights"]:
            done = view["round"] if view["phase"] in ("action", "over") else view["round"] - 1
            out.append(f" · {FIGHT_KEY}: the fights of round {done}", style="dim")
        return out

    def hint_text(self, view: dict) -> Text:
        out = Text()
        if view["phase"] == "auction" and view["auction"]:
            out.append("Auction: ", style="bold")
            out.append_text(tights(view["auction"]))
        if view["phase"] == "action" and view["actor"] is not None:
            suit = view["suit"]
            out.append(f"Highest {SUIT_GLYPH[suit]}: ", style="bold")
            out.append(f"{view['players'][view['actor']]} may {SUIT_ACTIONS[suit]}")
            if view["taking"]:
                out.append(" (taking ")
                out.append_text(tight(view["taking"]))
                out.append(")")
        return out

    def hand_text(self, view: dict) -> Text:
        viewer = view["viewer"]
        names = view["players"]
        out = Text()
        if viewer is None:
            out.append("Each hand is seen by its owner alone.", style="dim italic")
        else:
            out.append(f"{cut(names[viewer], 10)}'s hand: ", style="bold")
            out.append_text(tights(view["hand"]))
        known = [(s, codes) for s, codes in enumerate(view["known"]) if codes and s != viewer]
        if known:
            out.append("\nKnown in hands: ", style="bold")
            out.append_text(Text(" · ").join(Text(cut(names[s], 8) + " ").append_text(tights(c)) for s, c in known))
        return out

    def goodies_text(self, view: dict) -> Text:
        names = view["players"]
        holders = view["holders"]
        out = Text("Goodies: ", style="bold")
        parts = []
        for s in range(len(names)):
            if not view["goodies"][s]:
                continue
            part = Text(cut(names[s], 8) + " ")
            part.append_text(tights(view["goodies"][s]))
            mine = [SUIT_GLYPH[suit] for suit, h in holders.items() if h == s]
            if mine:
                part.append(" top " + "".join(mine), style="bold yellow")
            parts.append(part)
        out.append_text(Text(" · ").join(parts) if parts else Text("none yet", style="dim"))
        return out

    def scoreboard(self, view: dict):
        rows = []
        pyramid = view["pyramid"]
        for s in range(len(view["players"])):
            rows.append([pyramid.index(s) + 1, view["hands"][s], view["points"][s]])
        return ["Space", "Cards", "Goodies"], rows

    def status(self, view: dict) -> str:
        return f"round {view['round']} of {view['rounds']} · deck {view['deck']}"

    def prompt(self, view: dict) -> str:
        seat = self.viewer()
        names = view["players"]
        if view["over"]:
            return view["result"] or ""
        waiting = view["to_act"]
        if not waiting:
            return ""
        who = waiting[0]
        mine = seat is not None and seat == who
        phase = view["phase"]
        if phase == "auction":
            return (f"{names[who]}, take an auction card into your hand." if mine
                    else f"Waiting for {names[who]} to take an auction card.")
        if phase == "aggression":
            space = view["playing"]
            return (f"{names[who]}, play a Combat card on space {space} (the lower attacker moves up)." if mine
                    else f"Waiting for {names[who]} to play on space {space}.")
        suit = view["suit"] or "S"
        if mine:
            if view["taking"]:
                return f"{names[who]}, give one of your goodies for the {tight(view['taking']).plain}."
            return f"{names[who]}, your {SUIT_GLYPH[suit]} action: {SUIT_ACTIONS[suit]}, or pass."
        return f"Waiting for {names[who]}'s {SUIT_GLYPH[suit]} action."

    # -- choices --------------------------------------------------------------------------------------

    def current_actions(self):
        self._label_views = {}  # the labels read the table as it is now
        return super().current_actions()

    def label_view(self, seat: int) -> dict:
        """The seat's view for the labels of its choices, one for all of them."""
        view = self._label_views.get(seat)
        if view is None:
            view = self._label_views[seat] = self.game.view(seat)
        return view

    def action_key(self, move: Move, index: int) -> str:
        return KEYS[index] if index < len(KEYS) else ""

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        kind = move.kind
        if kind in ("take", "play", "give"):
            return f"{kind.capitalize()} {tight(move.args[0]).plain}"
        if kind in ("trade", "swap"):
            view = self.label_view(seat)  # what the seat sees: the goodies and the pyramid are face up
            if kind == "trade":
                code = move.args[0]
                owner = next((s for s, p in enumerate(view["goodies"]) if code in p), None)
                whose = view["players"][owner] + "'s " if owner is not None else ""
                return f"Take {whose}{tight(code).plain}"
            return f"Swap {view['names'][view['pyramid'][move.args[0] - 1]]} ({move.args[0]})"
        if kind == "stone":
            return f"on {move.args[0]}"
        if kind == "draw":
            return "Draw"
        if kind == "pass":
            return "Pass"
        return super().action_label(seat, move, optional)

    def unlisted_key(self, key: str) -> bool:
        if key != FIGHT_KEY:
            return False
        fights = self.game.view(self.viewer())["fights"]
        if not fights:
            self.error = "No fights yet: they come after the first Aggression."
        else:
            self.error = ""
            step = -1 if self.replay is None else self.replay
            step += 1
            self.replay = step if step <= len(fights) else None
        self.refresh_table()
        return True

    def keys_help(self) -> str:
        return super().keys_help() + (f"- `{FIGHT_KEY}` steps through the last Aggression's fights on the pyramid, one "
                                      "at a time; after the last, once more goes back to the table.\n")
