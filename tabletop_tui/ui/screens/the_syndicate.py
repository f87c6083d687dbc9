"""The Syndicate: the plot on the table (the lead, the face-down card, the two enforcers' cards) and the
hand of the person at the keyboard.

A card of the plot is a small box: its rank and marks top left (● P personality, ■ L location, ▲ E
event: a shape and a letter, so that colour is never needed), its suits top right, its name below. A
card that counts in the plot has a green border, one that does not is dim. The hand is a list, one
card a line, with the key that plays it (a click on the line plays it too); cards that may not be
played (the enforcer must follow) are dim. Until the next lead the table shows the plot just settled. Between people, behind the curtain,
the table shows what everyone may see and no hand.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache

from rich.text import Span, Text
from textual.app import ComposeResult
from textual.message import Message
from textual.strip import Strip

from tabletop_tui.rules.components import decktet
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.words import plural
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import TextLines, runs_strip
from tabletop_tui.ui.widgets.most_lines import MostLines
from tabletop_tui.ui.widgets.things import SUIT_GLYPH, SUIT_STYLE, side_by_side

MARK_GLYPH = {"P": "●", "L": "■", "E": "▲"}
MARK_STYLE = {"P": "bold #e070e0", "L": "bold #40c8c8", "E": "bold #ff6a5a"}
CARD_WIDTH = 10  # a plot card's box; 4 of them and the gaps fit the table at 80 columns
CHIP_WIDTH = 11  # a card on one line: " 2 ■L▲E ≈♣ "
FACE = "on #26262e"


def rank_text(c: decktet.Card) -> Text:
    return Text({1: "A", 10: "♔"}.get(c.rank, str(c.rank)), style="bold")


def marks_text(c: decktet.Card) -> Text:
    """"■L", "■L▲E"; an Ace: "·" (no mark)."""
    out = Text()
    for m in c.marks:
        out.append(MARK_GLYPH[m] + m, style=MARK_STYLE[m])
    if not c.marks:
        out.append("·", style="dim")
    return out


def suits_glyphs(c: decktet.Card) -> Text:
    out = Text()
    for s in c.suits:
        out.append(SUIT_GLYPH[s], style=SUIT_STYLE[s])
    return out


def chip(c: decktet.Card) -> Text:
    """A card on one line: " 7 ■L ☼∞ " (rank, marks, suits) on a card's face."""
    out = Text(" ")
    out.append_text(rank_text(c))
    out.append(" ")
    out.append_text(marks_text(c))
    out.append(" ")
    out.append_text(suits_glyphs(c))
    out.append(" " * max(1, CHIP_WIDTH - out.cell_len))
    out.stylize(FACE)
    return out


def name_lines(title: str, width: int) -> list[str]:
    """A card's name on at most two lines of `width`: "Chance" "Meeting", "Discove-" "ry"."""
    if len(title) <= width:
        return [title]
    lines = textwrap.wrap(title, width, break_long_words=False)
    if len(lines) <= 2 and all(len(line) <= width for line in lines):
        return lines
    return [title[: width - 1] + "-", title[width - 1:][:width]]


def card_box(name: str | None, state: str = "up", counts: bool | None = None) -> list[Text]:
    """A plot card, CARD_WIDTH wide and 5 lines tall. state: "up" (the card `name`), "down" (its
    back), "wait" (not played yet), "none" (no card will come)."""
    return [line.copy() for line in _card_box(name, state, counts)]


@lru_cache(maxsize=512)
def _card_box(name: str | None, state: str, counts: bool | None) -> tuple[Text, ...]:
    """card_box's lines, made once for each card and state (never changed: card_box hands out copies,
    side_by_side copies what it joins)."""
    inner = CARD_WIDTH - 2
    border = "bold green" if counts else "dim" if counts is False or state in ("wait", "none") else "bold"
    rows: list[Text] = []
    if state == "up" and name:
        c = decktet.card(name)
        top = Text.assemble(rank_text(c), " ", marks_text(c))
        glyphs = suits_glyphs(c)
        top.append(" " * max(1, inner - top.cell_len - glyphs.cell_len))
        top.append_text(glyphs)
        rows.append(top)
        title = c.name.removeprefix("the ")
        lines = name_lines(title, inner)
        for i in range(2):
            rows.append(Text(lines[i].center(inner) if i < len(lines) else "", style="bold"))
    elif state == "down":
        rows = [Text("░" * inner, style="#7a88d8 on #2a2f6a") for _ in range(3)]
    elif state == "wait":
        rows = [Text(""), Text("?".center(inner), style="dim"), Text("")]
    else:
        rows = [Text(""), Text("none".center(inner), style="dim italic"), Text("")]
    edge = "┄" if state in ("wait", "none") else "─"
    out = [Text("╭" + edge * inner + "╮", style=border)]
    for r in rows:
        r = r.copy()
        r.truncate(inner, pad=True)
        if counts is False:
            r.stylize("dim")
        line = Text()
        line.append("│", style=border)
        line.append_text(r)
        line.append("│", style=border)
        out.append(line)
    out.append(Text("╰" + edge * inner + "╯", style=border))
    return tuple(out)


class _Row(Text):
    """A line of card boxes side by side (row_of), which knows its parts: the plot draws it from the
    lines of its boxes (PlotLines), each drawn once."""

    __slots__ = ("parts",)

    def __init__(self, *args, parts: tuple = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.parts = parts  # (the spaces before it, a box's line) for each box


def row_of(parts: list[Text], gaps: list[int]) -> Text:
    """Lines of card boxes (each as wide as the others of its box) in a row, `gaps[i]` spaces after the
    i-th: the line side_by_side makes of them (a part's own style a span over it, then its spans),
    without copying each part twice over."""
    plain: list[str] = []
    spans: list[Span] = []
    x = 0
    for i, part in enumerate(parts):
        if i and gaps[i - 1]:
            plain.append(" " * gaps[i - 1])
            x += gaps[i - 1]
        text = part.plain
        plain.append(text)
        if part.style:
            spans.append(Span(x, x + len(text), part.style))
        spans.extend(Span(span.start + x, span.end + x, span.style) for span in part.spans)
        x += len(text)
    return _Row("".join(plain), spans=spans,
                parts=tuple((gaps[i - 1] if i else 0, part) for i, part in enumerate(parts)))


@lru_cache(maxsize=256)
def hand_line(name: str, key: str, dim: bool) -> Text:
    """A card's line in the hand: its key (if it is offered), the card on one line, its name, its suits
    (all dim where it may not be played). Made once for each card, key and dimness."""
    c = decktet.card(name)
    out = Text()
    out.append(f" {key} " if key else "   ", style="bold reverse" if key else "")
    out.append(" ")
    line = chip(c)
    line.append(" " + name.removeprefix("the ").ljust(14), style="bold")
    line.append(" " + " ".join(c.suits), style="dim")
    if dim:
        line.stylize("dim")
    out.append_text(line)
    return out


class HandLines(MostLines, TextLines):
    """The hand, one card a line under a heading: a click on a card's line says which card. As high as
    the most lines it has had at this size of the screen (a steady part that a layout does not shrink):
    the hands of the seats are of different sizes and a card played leaves one fewer, so that a hand
    laid out at its lines would grow again at the next deal or the next viewer, laying the whole
    screen out each time (and the action bar after it, given its room back). Fewer lines leave the rest
    blank; a new size of the screen counts anew."""

    class Clicked(Message):
        def __init__(self, index: int):
            super().__init__()
            self.index = index  # the card's place in the hand, from 0

    def on_click(self, event) -> None:
        if event.y >= 1:
            self.post_message(self.Clicked(event.y - 1))


class PlotLines(TextLines):
    """The plot, drawn by lines (TextLines), each row of card boxes (row_of) drawn from the lines of
    its boxes: a box's line is cut into runs and styled once, and kept; a row is its boxes' segments
    joined, with the spaces between them. A card played made the whole row of four boxes (some thirty
    runs) cut and styled anew. The segments are the same either way: a row is cut where a span starts
    or ends, and each box's line starts and ends with one (its border); a part without would be drawn
    with its whole row as any line is."""

    PARTS_KEPT = 256  # boxes' lines kept drawn (a deck's worth of cards in a few states)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # id of a box's line -> (the line, held so that its id is not taken by another, its segments)
        self._parts: dict[int, tuple[Text, Strip | None]] = {}
        self._gaps: dict[int, Strip] = {}  # the spaces between boxes, by their width
        self._parts_base: object = None  # the widget's style they were drawn on

    def _strip(self, line: Text) -> Strip:
        parts = getattr(line, "parts", None)
        if not parts or line.style:
            return super()._strip(line)
        if self._parts_base is not self._base:
            self._parts_base = self._base
            self._parts.clear()
            self._gaps.clear()
        kept = self._parts
        if len(kept) > self.PARTS_KEPT:
            kept.clear()
        segments: list = []
        length = 0
        for gap, part in parts:
            if gap:
                spaces = self._gaps.get(gap)
                if spaces is None:
                    spaces = self._gaps[gap] = runs_strip(self, [(" " * gap, ())], self._finals, False)
                segments.extend(spaces._segments)
                length += spaces.cell_length
            entry = kept.get(id(part))
            if entry is None or entry[0] is not part:
                entry = kept[id(part)] = (part, self._part_strip(part))
            strip = entry[1]
            if strip is None:
                return super()._strip(line)
            segments.extend(strip._segments)
            length += strip.cell_length
        return Strip(segments, length)

    def _part_strip(self, part: Text) -> Strip | None:
        """A box's line drawn alone; None where a row is not cut at both its edges (no span there)."""
        size = len(part.plain)
        if not size:
            return None
        if not part.style:
            spans = part.spans
            if not any(span.start == 0 for span in spans) or not any(span.end == size for span in spans):
                return None
        return super()._strip(part)


def lines_of(text: Text) -> list[Text]:
    """A text's lines, as a Static shows them (for TextLines)."""
    return list(text.split("\n", allow_blank=True))


class TheSyndicateScreen(GameScreen):
    DEFAULT_CSS = """
    #sy-hand, #sy-last { height: auto; margin: 1 0 0 0; }
    """

    def compose_table(self) -> ComposeResult:
        # each part drawn by lines (TextLines): a line that did not change is neither drawn nor painted
        yield PlotLines(id="sy-plot")
        yield HandLines(id="sy-hand")
        yield TextLines(id="sy-last")

    # -- the table ---------------------------------------------------------------------------------


    def show_table(self, view: dict) -> None:
        names = view["players"]
        plot = self.query_one("#sy-plot", TextLines)
        width = plot.size.width or 46
        if self.part_changed("plot", repr((names, view["table"], view["last_plot"], view["mastermind"],
                                           view["enforcers"], view["follow"], view["plot"], width))):
            plot.show_lines(self.plot_lines(view))
        seat = view["viewer"]
        acting = seat is not None and bool(view["playable"]) and seat in view["to_act"] and self.input_open()
        keys = self.hand_keys(seat) if acting else {}
        if self.part_changed("hand", repr((names, seat, view["mastermind"], view["hand_counts"],
                                           view["hand"] if seat is not None else None, view["playable"] if acting
                                           else None, keys))):
            self.query_one("#sy-hand", TextLines).show_lines(self.hand_lines(view, acting, keys))
        if self.part_changed("last", repr((names, view["last_plot"], view["table"]["lead"] is None))):
            self.query_one("#sy-last", TextLines).show_lines(lines_of(self.last_line(view)))

    def last_line(self, view: dict) -> Text:
        """The plot before, in a line, while a new one is under way (the table shows it until then)."""
        last = view["last_plot"]
        if last is None or view["table"]["lead"] is None:
            return Text("")
        names = view["players"]
        mine, theirs = last["totals"]
        out = Text()
        out.append(f"Plot {last['plot']}: ", style="dim")
        out.append(f"{names[last['mastermind']]} {mine} against {theirs}, ", style="dim")
        word, style = {"succeeded": ("succeeded", "green"), "foiled": ("foiled", "red"),
                       "tied": ("tied", "yellow")}[last["result"]]
        out.append(word, style=style)
        gained = [f"{names[s]} +{p}" for s, p in enumerate(last["points"]) if p]
        out.append((": " + ", ".join(gained)) if gained else ": nobody scores", style="dim")
        return out

    def plot_lines(self, view: dict) -> list[Text]:
        """The plot under way, line by line (or the plot just settled)."""
        names = view["players"]
        table = view["table"]
        last = view["last_plot"]
        width = self.query_one("#sy-plot", TextLines).size.width or 46
        if table["lead"] is None and last is not None:  # the plot just settled, until the next lead
            return self.settled_lines(view, last, width)
        mm = view["mastermind"]
        left, other = view["enforcers"]
        head = Text()
        head.append(f"Plot {view['plot']}: ", style="bold")
        head.append(f"{names[mm]}'s scheme", style="bold")
        follow = view["follow"]
        counting = set(table["counting"])
        lead = table["lead"]
        boxes = [_card_box(lead, "up" if lead else "wait", (lead in counting) if lead else None)]
        seen_down = table["face_down_card"]
        if seen_down:
            boxes.append(_card_box(seen_down, "up", seen_down in counting))
        elif table["face_down"]:
            boxes.append(_card_box(None, "down", None))
        else:
            boxes.append(_card_box(None, "none" if table["declined"] else "wait", None))
        played = {s: n for s, n in table["plays"]}
        for s in (left, other):
            n = played.get(s)
            boxes.append(_card_box(n, "up" if n else "wait", (n in counting) if n else None))
        captions = ["lead", "face down", names[left][:CARD_WIDTH], names[other][:CARD_WIDTH]]
        if lead is None:
            totals = Text("")
        else:
            totals = Text()
            totals.append("Follow: ", style="dim")
            totals.append_text(self.follow_text(follow))
            totals.append("\n")
            mine, theirs = table["totals"]
            totals.append(f"{names[mm]} {mine}" + (" + ?" if table["unknown"] else ""), style="bold")
            totals.append("  against  ", style="dim")
            totals.append(f"{theirs}", style="bold")
            totals.append(f"  ({plural(2 - len(table['plays']), 'enforcer')} to play)" if len(table["plays"]) < 2
                          else "", style="dim")
        return self.compose_plot(head, boxes, captions, totals, width)

    def settled_lines(self, view: dict, last: dict, width: int) -> list[Text]:
        names = view["players"]
        mm = last["mastermind"]
        head = Text()
        head.append(f"Plot {last['plot']}: ", style="bold")
        head.append(f"{names[mm]}'s scheme ", style="bold")
        word = {"succeeded": ("succeeded", "bold green"), "foiled": ("was foiled", "bold red"),
                "tied": ("tied", "bold yellow")}[last["result"]]
        head.append(word[0], style=word[1])
        counting = set(last["counting"])
        boxes = [_card_box(last["lead"], "up", True)]
        down = last["face_down"]
        boxes.append(_card_box(down, "up", down in counting) if down else _card_box(None, "none", None))
        for s, n in last["plays"]:
            boxes.append(_card_box(n, "up", n in counting))
        captions = ["lead", "face down"] + [names[s][:CARD_WIDTH] for s, _ in last["plays"]]
        mine, theirs = last["totals"]
        totals = Text()
        totals.append(f"{names[mm]} {mine}  ", style="bold")
        totals.append("against", style="dim")
        totals.append(f"  {theirs}", style="bold")
        lead = decktet.card(last["lead"])
        follow = {"kind": "suit", "suit": lead.suits[0]} if lead.is_ace else {"kind": "marks", "marks": lead.marks}
        totals = Text.assemble(("Followed: ", "dim"), self.follow_text(follow), "\n", totals)
        gained = [f"{names[s]} +{p}" for s, p in enumerate(last["points"]) if p]
        totals.append(("   " + ", ".join(gained)) if gained else "   nobody scores", style="bold yellow")
        return self.compose_plot(head, boxes, captions, totals, width)

    def compose_plot(self, head: Text, boxes: list, captions: list[str], totals: Text, width: int) -> list[Text]:
        """The plot's lines: the heading, the four cards (the mastermind's two, a wider gap, the
        enforcers' two), their captions, the totals."""
        gap = 1 if 4 * CARD_WIDTH + 4 <= width else 0
        pair_gap = gap + (2 if 4 * CARD_WIDTH + 5 <= width else 0)
        if len(boxes) == 4:
            rows = [row_of([box[i] for box in boxes], [gap, pair_gap, gap]) for i in range(len(boxes[0]))]
        else:
            ours = side_by_side(list(boxes[:2]), gap=gap)
            theirs = side_by_side(list(boxes[2:]), gap=gap)
            rows = side_by_side([ours, theirs], gap=pair_gap)
        caption = Text()
        for i, c in enumerate(captions):
            if i:
                caption.append(" " * (gap + (pair_gap - gap if i == 2 else 0)))
            caption.append(c.center(CARD_WIDTH)[:CARD_WIDTH], style="dim" if i < 2 else "bold")
        return [head, *rows, caption, *lines_of(totals)]

    def follow_text(self, follow: dict) -> Text:
        if follow["kind"] == "suit":
            s = follow["suit"]
            out = Text()
            out.append(SUIT_GLYPH[s] + " ", style=SUIT_STYLE[s])
            out.append(s, style=SUIT_STYLE[s])
            return out
        out = Text()
        for i, m in enumerate(follow["marks"]):
            if i:
                out.append(" or ", style="dim")
            out.append(f"{MARK_GLYPH[m]}{m} {decktet.MARK_NAMES[m]}", style=MARK_STYLE[m])
        return out

    def hand_keys(self, seat: int) -> dict[str, str]:
        """The key of each card of the seat's hand among the choices offered now."""
        keys = {}
        for action in self.current_actions():
            if action.seat == seat and action.move.args:
                keys[action.move.args[0]] = action.key
        return keys

    def hand_lines(self, view: dict, acting: bool, keys: dict[str, str]) -> list[Text]:
        """The viewer's hand, line by line (`keys`: each card's key, while the viewer is `acting`)."""
        names = view["players"]
        seat = view["viewer"]
        out = Text()
        if seat is None:
            out.append("Each hand is seen by its owner alone: ", style="dim italic")
            out.append(", ".join(f"{names[s]} {plural(n, 'card')}" for s, n in enumerate(view["hand_counts"])),
                       style="dim")
            return [out]
        role = "mastermind" if seat == view["mastermind"] else "enforcer"
        out.append(f"{names[seat]}'s hand", style="bold")
        out.append(f" · {role}", style="dim")
        if not view["hand"]:
            out.append("\n   no cards", style="dim")
            return lines_of(out)
        playable = set(view["playable"])
        return [out] + [hand_line(name, keys.get(name, "") if acting else "", acting and name not in playable)
                        for name in view["hand"]]

    # -- around the table ----------------------------------------------------------------------------

    def scoreboard(self, view: dict):
        rows = []
        mm = view["mastermind"]
        left, other = view["enforcers"]
        for s in range(len(view["players"])):
            role = "master" if s == mm else "1st" if s == left else "2nd"
            rows.append([view["scores"][s], view["hand_counts"][s], Text(role, style="dim")])
        return ["Pts", "Hand", "Role"], rows

    def status(self, view: dict) -> str:
        text = f"plot {view['plot']} · draw pile {view['pile']} · discards {len(view['discard'])}"
        if view["overtime"]:
            text += " · shared twelfth point: playing on"
        return text

    def prompt(self, view: dict) -> str:
        names = view["players"]
        if view["over"]:
            return view["result"] or ""
        seat = self.viewer()
        waiting = view["to_act"]
        if seat is None or seat not in waiting:
            return f"Waiting for {' and '.join(names[s] for s in waiting)}."
        name = names[seat]
        phase = view["phase"]
        if phase == "lead":
            return f"{name}, you are the mastermind: lead a card face up."
        if phase == "face_down":
            return f"{name}: add a card face down (a success then scores 1), or none (n) for 2."
        follow = view["follow"]["words"]
        if view["can_follow"]:
            return f"{name}: follow with {follow}; it counts against the plot."
        return f"{name}: you hold no {follow.split(' ', 1)[1]}: play any card (it will not count)."

    def on_hand_lines_clicked(self, message: HandLines.Clicked) -> None:
        """A click on a card of the hand plays it, when it is one of the choices offered."""
        seat = self.viewer()
        if seat is None or not self.input_open():
            return
        hand = self.game.view(seat)["hand"]
        if not 0 <= message.index < len(hand):
            return
        for action in self.current_actions():
            if action.seat == seat and action.move.args == (hand[message.index],):
                self.submit(seat, action.move)
                return

    def action_key(self, move: Move, index: int) -> str:
        if move.kind == "no_face_down":
            return "n"
        return super().action_key(move, index)
