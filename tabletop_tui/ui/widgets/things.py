"""Renderers that draw the table's things as Rich Text: dice with pips, Decktet cards, chip stacks.

Characters are limited to box drawing, the French suits, simple geometric shapes and letters, so that
every terminal font draws them at one cell wide.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Span, Text
from textual.cache import LRUCache
from textual.content import Content
from textual.visual import Visual

from tabletop_tui.ui.widgets.common import Drawn

# -- Decktet suits -----------------------------------------------------------------------------

SUIT_GLYPH = {"Moons": "◐", "Suns": "☼", "Waves": "≈", "Leaves": "♣", "Wyrms": "§", "Knots": "∞"}
SUIT_STYLE = {
    "Moons": "bold #b8b8c8",
    "Suns": "bold #ff9f1a",
    "Waves": "bold #4aa3ff",
    "Leaves": "bold #c08a4a",
    "Wyrms": "bold #3cc35a",
    "Knots": "bold #e8d23a",
}


def suit_text(suit: str, name: bool = True) -> Text:
    glyph = SUIT_GLYPH.get(suit, "?")
    return Text(f"{glyph} {suit}" if name else glyph, style=SUIT_STYLE.get(suit, ""))


def suits_text(suits, name: bool = False, sep: str = " ") -> Text:
    out = Text()
    for i, s in enumerate(suits):
        if i:
            out.append(sep)
        out.append_text(suit_text(s, name))
    return out


def _rank_short(rank_label: str) -> str:
    return {"Ace": "A", "Crown": "♔", "Pawn": "P", "Court": "C", "Excuse": "X"}.get(rank_label, rank_label)


def card_lines(card: dict | None, width: int = 13, dim: bool = False) -> list[Text]:
    """A Decktet card as a box, 7 lines tall: rank and suit glyphs in the corners, its name, its suits.

    `card` is a dict with `name`, `rank` (a label: "Ace", "7", "Crown", "Pawn", ...) and `suits`.
    None draws the back of a card (the deck)."""
    inner = width - 2
    border = "dim" if dim else "bold"
    top = Text("╭" + "─" * inner + "╮", style=border)
    bottom = Text("╰" + "─" * inner + "╯", style=border)
    rows: list[Text] = []
    if card is None:
        for i in range(5):
            rows.append(Text(("░" * inner), style="#5a5a8a"))
    else:
        rank = _rank_short(str(card.get("rank", "")))
        suits = list(card.get("suits", ()))
        corner = Text(rank, style="bold")
        glyphs = suits_text(suits)
        pad = inner - 1 - len(corner) - glyphs.cell_len
        rows.append(Text(" ") + corner + Text(" " * max(pad, 1)) + glyphs)
        title = str(card.get("name", "")).removeprefix("the ")
        rows.append(Text(title[:inner].center(inner), style="bold"))
        kind = str(card.get("rank", ""))
        rows.append(Text(("" if kind.isdigit() else kind)[:inner].center(inner), style="italic dim"))
        for i in range(2):
            if i < len(suits) or (i == 1 and len(suits) == 3):
                if len(suits) == 3 and i == 1:
                    t = suits_text(suits[1:], name=False, sep="  ")
                    t.append("  ")
                    t.append(" ".join(s[:3] for s in suits[1:]), style="dim")
                else:
                    t = suit_text(suits[i])
                line = Text(" ") + t
                line.pad_right(inner - line.cell_len)
                rows.append(line)
            else:
                rows.append(Text(" " * inner))
    lines = [top]
    for r in rows:
        r = r.copy()
        r.truncate(inner, pad=True)
        lines.append(Text("│", style=border) + r + Text("│", style=border))
    lines.append(bottom)
    if dim:
        for ln in lines:
            ln.stylize("dim")
    return lines


def card_chip(card: dict) -> Text:
    """A card on one line: [7 Castle ☼∞]."""
    rank = _rank_short(str(card.get("rank", "")))
    out = Text("[", style="dim")
    out.append(f"{rank} ", style="bold")
    out.append(str(card.get("name", "")).removeprefix("the "))
    if card.get("suits"):
        out.append(" ")
        out.append_text(suits_text(card["suits"], sep=""))
    out.append("]", style="dim")
    return out


# -- Dice ----------------------------------------------------------------------------------------

_PIPS = {
    1: ["     ", "  ●  ", "     "],
    2: ["●    ", "     ", "    ●"],
    3: ["●    ", "  ●  ", "    ●"],
    4: ["●   ●", "     ", "●   ●"],
    5: ["●   ●", "  ●  ", "●   ●"],
    6: ["●   ●", "●   ●", "●   ●"],
}


def die_lines(value: int | None, sides: int = 6, style: str = "", label: str | None = None) -> list[Text]:
    """A die as a 7x5 box: pips for a d6, the face's number for other dice. None: not rolled yet."""
    box = style or "bold"
    if value is None:
        face = ["     ", "  ?  ", "     "]
    elif sides == 6 and value in _PIPS:
        face = _PIPS[value]
    else:
        shown = label if label is not None else str(value)
        face = ["     ", shown.center(5), "     "]
    lines = [Text("┌─────┐", style=box)]
    for row in face:
        lines.append(Text("│", style=box) + Text(row, style=box) + Text("│", style=box))
    lines.append(Text("└─────┘", style=box))
    return lines


def mini_die_lines(value: int | None, style: str = "", label: str | None = None) -> list[Text]:
    """A small die, 3x3: its number in a box, for tables with many dice. None: not rolled yet."""
    box = style or "bold"
    shown = label if label is not None else ("?" if value is None else str(value))
    return [Text("┌─┐", style=box), Text("│", style=box) + Text(shown[:1], style=box) + Text("│", style=box),
            Text("└─┘", style=box)]


def die_chip(value: int | None, style: str = "bold", label: str | None = None) -> Text:
    """A die on one line: its number on a solid face (reverse video), for a die in a sentence or a list."""
    shown = label if label is not None else ("?" if value is None else str(value))
    return Text(f" {shown} ", style=f"{style} reverse")


def dice_row(values, big: bool = True, styles=None, labels=None, gap: int = 1) -> list[Text]:
    """Dice side by side: `die_lines` (big, 5 lines) or `mini_die_lines` (3 lines). `styles` and
    `labels` give one entry per die (or None)."""
    values = list(values)
    styles = list(styles) if styles is not None else [""] * len(values)
    labels = list(labels) if labels is not None else [None] * len(values)
    draw = die_lines if big else (lambda v, sides=6, style="", label=None: mini_die_lines(v, style, label))
    return side_by_side([draw(v, 6, style=st, label=lb) for v, st, lb in zip(values, styles, labels)], gap=gap)


def side_by_side(blocks: list[list[Text]], gap: int = 1) -> list[Text]:
    """Join blocks of lines horizontally, each block padded to its own width: every line made at once
    from its pieces' text and spans (a piece's own style a span over it and its padding, as rich's
    `append_text` gives it), new Texts that share nothing the blocks could change."""
    if not blocks:
        return []
    height = max(len(block) for block in blocks)
    widths = [max((cell_len(line.plain) for line in block), default=0) for block in blocks]
    sep = " " * gap
    out = []
    for i in range(height):
        chunks: list[str] = []
        spans: list[Span] = []
        offset = 0
        for j, block in enumerate(blocks):
            if j and gap:
                chunks.append(sep)
                offset += gap
            if i < len(block):
                part = block[i]
                plain = part.plain
                pad = widths[j] - cell_len(plain)
                if pad > 0:
                    plain += " " * pad
                length = len(plain)
                if part.style:
                    spans.append(Span(offset, offset + length, part.style))
                if offset:
                    spans.extend(Span(start + offset, stop + offset, style) for start, stop, style in part.spans)
                else:
                    spans.extend(part.spans)
            else:
                plain = " " * widths[j]
                length = len(plain)
            chunks.append(plain)
            offset += length
        out.append(Text("".join(chunks), spans=spans))
    return out


def join_lines(lines: list[Text]) -> Text:
    return Text("\n").join(lines)


# -- Chips ---------------------------------------------------------------------------------------


def chip_stack(count: int, style: str, full: int = 10, glyph: str = "●", empty: str = "·") -> Text:
    """A row of chips: one glyph per chip, dots for the empty places up to `full`."""
    out = Text(glyph * count, style=style)
    if full > count:
        out.append(empty * (full - count), style="dim")
    return out


def amount_stack(amount: int, unit: int = 10, width: int = 12, style: str = "bold yellow") -> Text:
    """Points or money as a stack of chips (one per `unit`, capped at `width`) with the amount."""
    n = min(width, (amount + unit - 1) // unit) if amount > 0 else 0
    out = Text("◉" * n, style=style)
    out.append(f" {amount}", style="bold")
    return out


# -- A part of the table drawn a line at a time ---------------------------------------------------------


def _text_key(text: Text) -> tuple:
    return (text.plain, tuple(text.spans), text.style)


class RowsVisual(Visual):
    """Text drawn as Textual draws it, but a line at a time, each line's strips kept in `cache` by its
    place, text, spans, width and style: a line shown again in its place (a card box that did not
    change, a hand seen before) costs nothing to draw. A line wraps as it does in the whole text
    (Textual wraps each line of a text alone). While text is selected with the mouse the whole text is
    drawn, as Textual does."""

    _RULES = ("text_align", "text_overflow", "text_wrap", "line_pad")

    def __init__(self, text: Text, cache: LRUCache) -> None:
        self.text = text
        self.lines = text.split("\n", allow_blank=True) if text.plain else [text]
        self.cache = cache
        self._width: int | None = None

    def _rules_key(self, rules) -> tuple:
        return tuple(rules.get(rule) for rule in self._RULES)

    def render_strips(self, width: int, height: int | None, style, options) -> list:
        if options.selection is not None:
            return Content.from_rich_text(self.text).render_strips(width, height, style, options)
        rules = self._rules_key(options.rules)
        out: list = []
        for y, line in enumerate(self.lines):
            key = (y, _text_key(line), width, style, rules)
            strips = self.cache.get(key)
            if strips is None:
                # drawn below y blank lines, so that its characters carry the positions they have in the
                # whole text (a selection reads them)
                strips = Content.from_rich_text(Text("\n" * y) + line).render_strips(width, None, style, options)
                strips = self.cache[key] = strips[y:]
            out.extend(strips)
            if height is not None and len(out) >= height:
                break
        return out[:height] if height is not None else out

    def get_optimal_width(self, rules, container_width: int) -> int:
        if self._width is None:
            self._width = max((line.cell_len for line in self.lines), default=0)
        return self._width + rules.get("line_pad", 0) * 2

    def get_minimal_width(self, rules) -> int:
        return Content(self.text.plain).get_minimal_width(rules)

    def get_height(self, rules, width: int) -> int:
        key = ("height", self.text.plain, width, self._rules_key(rules))
        height = self.cache.get(key)
        if height is None:
            height = self.cache[key] = Content(self.text.plain).get_height(rules, width)
        return height


class RowsDrawn(Drawn):
    """A part of the table (Drawn) whose text is drawn a line at a time, each line kept (RowsVisual): a
    change of one line of many draws that line alone, and a content seen before costs nothing."""

    ROWS_KEPT = 256

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._rows: LRUCache = LRUCache(self.ROWS_KEPT)

    def update(self, content="", *, layout: bool = True, key: object = None) -> None:
        if isinstance(content, Text):
            key = _text_key(content) + (content.justify, content.overflow, content.no_wrap, content.end) \
                if key is None else key
            content = RowsVisual(content, self._rows)
        super().update(content, layout=layout, key=key)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._rows.clear()
