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

from collections.abc import Callable

from rich.style import Style
from rich.text import Span, Text
from textual.app import ComposeResult

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.king_of_the_beach import ROWS, fmt
from tabletop_tui.ui.screens.game import GameScreen, HeldParts
from tabletop_tui.ui.widgets.cards import chip, tight_chip
from tabletop_tui.ui.widgets.columns import cut
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.kept import Kept
from tabletop_tui.ui.widgets.part_lines import PartLines

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


def painted(width: int, puts: list[tuple[int, str, Style]]) -> Text:
    """A line `width` cells wide, each text put at its column in its style over what was put before (a
    Canvas's line, found by the columns where a put starts or ends rather than cell by cell): the same
    text and spans as the Canvas's `text()` split into lines (a span to each run of one style)."""
    chars = [" "] * width
    styles: list[Style | None] = [None] * width
    cuts = {0, width}
    for x, text, style in puts:
        start, end = max(0, x), min(width, x + len(text))
        if start < end:
            chars[start:end] = text[start - x:end - x]
            styles[start:end] = [style] * (end - start)
            cuts.update((start, end))
    spans = []
    bounds = sorted(cuts)
    run, run_style = 0, styles[0]
    for at in bounds[1:]:
        style = styles[at] if at < width else None
        if at == width or style is not run_style:
            if run_style:
                spans.append(Span(run, at, run_style))
            run, run_style = at, style
    return Text("".join(chars), overflow="crop", spans=spans)


_TIGHT: dict[str | None, Text] = {}  # each card's chip, made once (a Text never changed once made)


def tight(code: str | None) -> Text:
    chip_text = _TIGHT.get(code)
    if chip_text is None:
        chip_text = _TIGHT[code] = Text("--", style="dim") if code is None else tight_chip(code)
    return chip_text


def tights(codes) -> Text:
    return Text(" ").join(tight(c) for c in codes) if codes else Text("none", style="dim")


class KingOfTheBeachScreen(HeldParts, GameScreen):
    DEFAULT_CSS = """
    #kb-status, #kb-pyramid, #kb-fight, #kb-hand, #kb-goodies { height: auto; }
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: the fight shown (0-5), 6 for the pyramid after the fights, None: the table as it is
        self.replay: int | None = None
        self._fights_seen: object = None
        self._pyramids: Kept[list[Text]] = Kept(16)  # the pyramid's lines by what they are drawn from
        self._rows: Kept[list[Text]] = Kept(64)  # a row of the pyramid's lines by what they are drawn from
        self._pyramid_shown: list[Text] | None = None  # the pyramid's lines last shown, at this width
        self._parts: Kept[list[Text]] = Kept(64)  # the other parts' lines by what they are drawn from
        self._part_widgets: dict[str, PartLines] = {}
        self._pyramid_width = 0

    def compose_table(self) -> ComposeResult:
        # every part drawn by lines: a move changes a row or two of the pyramid (the space to play, a card
        # laid), a line of the hand; a line that did not change is not drawn again, and one seen before
        # (the known cards, the goodies) is kept. The pyramid has as many lines at every key; the parts
        # whose number of lines changes keep their most (PartLines).
        yield PartLines(id="kb-status")
        yield TextLines(id="kb-pyramid")
        yield PartLines(id="kb-fight")
        yield PartLines(id="kb-hand")
        yield PartLines(id="kb-goodies")

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
        return self._pyramids.built(key, lambda: [line for r in range(len(ROWS)) for line in
                                                  self.row_lines(r, view, pyramid, cards, values, marks, stone, cw)])

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
        return self._rows.built(key, lambda: self.draw_row(r, view, pyramid, cards, values, marks, stone, cw))

    def draw_row(self, r: int, view: dict, pyramid: list[int], cards: list, values: list, marks: dict[int, Style],
                 stone: int | None, cw: int) -> list[Text]:
        """A row of the pyramid's lines, as wide as the pyramid: each space's name, then its card, value
        and the stone on a line in the space's colour, each drawn over the last (`painted`)."""
        names = view["names"]
        n = len(view["players"])
        viewer = view["viewer"]
        row = ROWS[r]
        width = cw * 4 + 3
        left = (width - (len(row) * cw + len(row) - 1)) // 2
        top: list[tuple[int, str, Style]] = []
        below: list[tuple[int, str, Style]] = []
        for i, space in enumerate(row):
            x = left + i * (cw + 1)
            occupant = pyramid[space - 1]
            style = marks.get(space) or (ME if occupant == viewer else PLAYER if occupant < n else ROBOT)
            label = f"{space} " + cut(names[occupant], cw - len(str(space)) - 1)
            top.append((x, label.ljust(cw), style))
            below.append((x, " " * cw, style))
            code = cards[space - 1]
            if code is not None:
                text, cstyle = chip(code)
                below.append((x + 1, text, cstyle))
                below.append((x + 6, fmt(values[space - 1]), style))
            if stone == space:
                below.append((x + cw - 1, "●", style + STONE_STYLE))
        lines = [painted(width, top), painted(width, below)]
        if r < len(ROWS) - 1:
            lines.append(painted(width, []))
        return lines

    # -- the table ------------------------------------------------------------------------------------

    def show_table(self, view: dict) -> None:
        fights = view["fights"]
        key = (view["round"], tuple(tuple(f["before"]) for f in fights))
        if key != self._fights_seen:
            self._fights_seen = key
            self.replay = None
        if self.replay is not None and not fights:
            self.replay = None
        if self.replay is None:
            marks: dict[int, Style] = {}
            if view["playing"] is not None:
                marks[view["playing"]] = NEXT
            self.show_pyramid(
                self.pyramid_lines(view, view["pyramid"], view["cards"], view["values"], marks, view["stone"]))
            hint = self.hint_text(view)
        else:
            pyramid_lines, hint = self.replay_frame(view)
            self.show_pyramid(pyramid_lines)
        # (a line wider than its part wrapped at its spaces as a Static wraps it: so that the part is
        # never drawn whole, nor laid out again but where its number of lines changes; no hint: no line).
        # Each part's lines are built once for what they are drawn from (kept, the same list): a key
        # changes one part or two of them (the hand, the auction), and a part shown before (a viewer's
        # hand, the known cards, as the keyboard goes round) is not built again.
        # Each is given wrapped at its part's width as the part wraps it (`fitted`): a line wider than
        # its part was wrapped again at every key, to count the part's lines and to draw them.
        names = tuple(view["players"])
        viewer = view["viewer"]
        status = self.fitted("#kb-status", ("status", view["phase"], view["playing"], view["stone"],
                                            bool(view["fights"]), view["round"]), lambda: self.status_text(view))
        hand = self.fitted("#kb-hand", ("hand", names, viewer, tuple(view["hand"] or ()) if viewer is not None
                                        else None, tuple(map(tuple, view["known"]))), lambda: self.hand_text(view))
        goodies = self.fitted("#kb-goodies", ("goodies", names, tuple(map(tuple, view["goodies"])),
                                              tuple(sorted(view["holders"].items()))),
                              lambda: self.goodies_text(view))
        self.show_parts([("#kb-status", status),
                         ("#kb-fight", self.lines(hint) if hint.plain else []),
                         ("#kb-hand", hand),
                         ("#kb-goodies", goodies)])


    @staticmethod
    def lines(text: Text) -> list[Text]:
        return text.split("\n", allow_blank=True)

    def fitted(self, part: str, key: tuple, build: Callable[[], Text]) -> list[Text]:
        """The lines of the Text `build` makes, each wider than the part wrapped at its spaces as the part
        wraps it (TextLines: rich's wrap, each piece without the spaces it was broken at), built once for
        what they are drawn from (`key`) and the part's width (kept, the same list)."""
        widget = self._part_widgets.get(part)
        if widget is None:
            widget = self._part_widgets[part] = self.query_one(part, PartLines)
        width = widget._width  # (the width it wraps its lines at, as last laid out)

        def build_lines() -> list[Text]:
            lines = self.lines(build())
            if not width or all(line.cell_len <= width for line in lines):
                return lines
            out: list[Text] = []
            for line in lines:
                if line.cell_len <= width:
                    out.append(line)
                    continue
                pieces = list(line.wrap(self.app.console, width))
                for piece in pieces:
                    piece.rstrip()
                out.extend(pieces)
            return out

        return self._parts.built((key, width), build_lines)

    def show_pyramid(self, lines: list[Text]) -> None:
        """The pyramid's lines on the table, cut at its edge as a Static crops them."""
        widget = self.query_one("#kb-pyramid", TextLines)
        width = widget.size.width
        if lines is self._pyramid_shown and width == self._pyramid_width:  # (the same lines, kept: shown)
            return
        self._pyramid_shown, self._pyramid_width = lines, width
        # (every line is as wide as the pyramid, cw * 4 + 3 cells, of single-cell characters)
        if width and self.cell_width() * 4 + 3 > width and any(line.cell_len > width for line in lines):
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
