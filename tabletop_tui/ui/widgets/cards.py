"""Playing cards drawn as things: a card, a face-down card, a hand to choose cards from, a pile (its top
card and a count) and a row of spots where cards lie (seven coins with cards on each side).

A card is a small box, 5 columns by 5 rows: its rank in the top corner, under it the suit's symbol and
its letter (so that the suit shows without colour: "♥H", "♠S"), the symbol again in the bottom corner.
Where there is no room for the whole box, cards overlap as a fanned hand does, each still showing its
rank, symbol and letter. In a row of spots a card is a chip on one line, "10♥" (the symbol's shape
tells the suit). A face-down card is a box of "░"; a joker is "JK" with "★1" or "★2".

Cards are given as codes ("AS", "10H", "JK1") or `components.cards.Card`s; None is a face-down card.
Colours and faces come from the stylesheet (the component classes `card--face`, `card--red`, ...).

Keys in a hand: Left and Right (or h and l) move, Home and End jump, Space marks a card (or chooses it
when the hand chooses one card), Enter chooses the marked cards (the card under the cursor if none is
marked). A click chooses (or marks) the card clicked. A row of spots: Left, Right, Enter, a click.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.cache import LRUCache
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from tabletop_tui.rules.components.cards import RANK_CODES, Card, card as _card
from tabletop_tui.ui.widgets.common import KeptLines

SUIT_GLYPH = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
JOKER_GLYPH = "★"
CARD_WIDTH, CARD_HEIGHT = 5, 5
#: the narrowest slice of an overlapped card: its left edge, the rank and the symbol with its letter
MIN_STEP = 3

ROLES = ("face", "red", "black", "back", "cursor", "marked", "dim", "empty", "coin", "label")
#: Styles for drawing outside a widget (a screenshot, a log line); widgets take theirs from the stylesheet.
PLAIN_STYLES = {
    "face": Style(color="#202020", bgcolor="#eeeee4"),
    "red": Style(color="#c41e1e", bgcolor="#eeeee4", bold=True),
    "black": Style(color="#101010", bgcolor="#eeeee4", bold=True),
    "back": Style(color="#6a78c8", bgcolor="#2a2f6a"),
    "cursor": Style(color="#ffd000", bold=True),
    "marked": Style(bgcolor="#ffe9a0"),
    "dim": Style(dim=True),
    "empty": Style(color="#707070"),
    "coin": Style(color="#e0b030", bold=True),
    "label": Style(bold=True),
}


def as_card(value) -> Card | None:
    """A card from a code or a card; None stays None (a face-down card)."""
    return None if value is None else _card(value)


def rank_label(c: Card) -> str:
    return "JK" if c.joker else RANK_CODES[c.rank]


def suit_label(c: Card) -> str:
    """The symbol and the letter: "♥H"; a joker's star and number: "★1"."""
    return f"{JOKER_GLYPH}{c.joker}" if c.joker else SUIT_GLYPH[c.suit] + c.suit


def chip(value, styles: dict | None = None) -> tuple[str, Style]:
    """A card on one line, three cells, and its style: "10♥", " A♠", "JK★"; "░░░" face down."""
    styles = styles or PLAIN_STYLES
    c = as_card(value)
    if c is None:
        return "░░░", styles["back"]
    glyph = JOKER_GLYPH if c.joker else SUIT_GLYPH[c.suit]
    return rank_label(c).rjust(2) + glyph, styles["face"] + styles["red" if c.red else "black"]


def chip_text(value, styles: dict | None = None) -> Text:
    """`chip` as Text, for a sentence or a list."""
    return Text(*chip(value, styles))


def tight_chip(value, styles: dict | None = None) -> Text:
    """A card on one line without the space that aligns chips in a column: "7♣", "10♥"."""
    text, style = chip(value, styles)
    return Text(text.strip(), style)


def chips_text(codes, styles: dict | None = None) -> Text:
    """Cards on one line, a space between: A♥ Q♣ 9♠."""
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(" ")
        out.append_text(chip_text(code, styles))
    return out


class Canvas:
    """A block of cells to draw on, later cards over earlier ones; `text()` gives the Rich Text."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style | None) -> None:
        if not 0 <= y < self.height:
            return
        row, styles = self.chars[y], self.styles[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                row[x + i] = ch
                styles[x + i] = style

    def strips(self, base: Style) -> list[Strip]:
        """The rows as strips, each run of cells of one style one segment, over the `base` style (what
        `text()` gives, drawn by a widget whose own style is `base`)."""
        out = []
        combined: dict = {}
        for chars, styles in zip(self.chars, self.styles):
            segments = []
            start = 0
            for x in range(1, self.width + 1):
                if x == self.width or styles[x] is not styles[start]:
                    style = styles[start]
                    key = id(style)
                    if key not in combined:
                        combined[key] = base if style is None else base + style
                    segments.append(Segment("".join(chars[start:x]), combined[key]))
                    start = x
            out.append(Strip(segments, self.width))
        return out

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop", end="")
        for y in range(self.height):
            if y:
                out.append("\n")
            run, run_style = "", None
            for ch, style in zip(self.chars[y], self.styles[y]):
                if style is not run_style and run:
                    out.append(run, run_style)
                    run = ""
                run_style = style
                run += ch
            if run:
                out.append(run, run_style)
        return out


def card_rows(value, styles: dict | None = None, cursor: bool = False, marked: bool = False,
              dim: bool = False) -> list[list[tuple[str, Style]]]:
    """One card's five rows, each as its runs: the text of each run of cells of one style, and that
    style (the rank, the symbol and letter, the symbol again, between the edges). The cursor's card has a
    heavy border; a marked card a tinted face (a hand also lifts it)."""
    styles = styles or PLAIN_STYLES
    c = as_card(value)
    face = styles["back"] if c is None else styles["face"]
    if marked:
        face = face + styles["marked"]
    edge = face + styles["cursor"] if cursor else face
    if dim:
        face, edge = face + styles["dim"], edge + styles["dim"]
    tl, tr, bl, br, h, v = ("┏", "┓", "┗", "┛", "━", "┃") if cursor else ("╭", "╮", "╰", "╯", "─", "│")
    inner = CARD_WIDTH - 2
    if c is None:
        rows = ["░" * inner] * 3
        ink = face
    else:
        glyph = JOKER_GLYPH if c.joker else SUIT_GLYPH[c.suit]
        rows = [rank_label(c).ljust(inner), suit_label(c).ljust(inner), glyph.rjust(inner)]
        ink = face + styles["red" if c.red else "black"]
        if marked:
            ink = ink + styles["marked"]
        if dim:
            ink = ink + styles["dim"]
    middle = [[(v + row + v, edge)] if ink is edge else [(v, edge), (row, ink), (v, edge)] for row in rows]
    return [[(tl + h * inner + tr, edge)], *middle, [(bl + h * inner + br, edge)]]


def draw_card(canvas: Canvas, x: int, y: int, value, styles: dict | None = None, cursor: bool = False,
              marked: bool = False, dim: bool = False) -> None:
    """One card, face up (a code or a Card) or face down (None), its top left corner at (x, y) (its rows:
    `card_rows`)."""
    for i, runs in enumerate(card_rows(value, styles, cursor=cursor, marked=marked, dim=dim)):
        at = x
        for text, style in runs:
            canvas.put(at, y + i, text, style)
            at += len(text)


def card_lines(value, styles: dict | None = None, **kwargs) -> Text:
    """One card on its own, as Text (5 lines)."""
    canvas = Canvas(CARD_WIDTH, CARD_HEIGHT)
    draw_card(canvas, 0, 0, value, styles, **kwargs)
    return canvas.text()


_ADDED: dict[tuple, Style] = {}  # (a widget's style, a card's run's) -> the one over the other


def _added(base: Style, style: Style) -> Style:
    """`base + style`, kept: a card's rows drawn anew look their styles up."""
    got = _ADDED.get((base, style))
    if got is None:
        if len(_ADDED) > 4096:
            _ADDED.clear()
        got = _ADDED[base, style] = base + style
    return got


class CardWidget(KeptLines, Widget):
    """The widgets of this module: their styles come from the stylesheet, one component class a role
    (`CardWidget > .card--red` ...; see ROLES).

    A widget that tells what it shows (`_shown`) keeps its lines drawn for the last few things it
    showed (KEPT: each seat's hand, as the keyboard goes round the table), by what they show, never by
    whose they are: only the same cards shown again give them back. Its lines are styled once for what
    they hold (KeptLines)."""

    COMPONENT_CLASSES = {f"card--{role}" for role in ROLES}
    #: how many drawings (what was shown, at a width) are kept
    KEPT = 8

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._styles: tuple[str, dict] | None = None  # (the theme, card_styles), until the stylesheet changes
        self._kept: LRUCache[tuple, list[Strip]] = LRUCache(self.KEPT)  # (what they show, how): the lines
        self._framing = False  # drawing a frame (render_lines)
        self._framed: list[Strip] | None = None  # the lines found for the frame being drawn

    def card_styles(self) -> dict:
        theme = self.app.theme if self.is_attached else ""
        if self._styles is None or self._styles[0] != theme:
            self._styles = (theme, {role: self.get_component_rich_style(f"card--{role}", partial=True,
                                                                        default=PLAIN_STYLES[role]) for role in ROLES})
            self._forget_drawn()
        return self._styles[1]

    def _forget_drawn(self) -> None:
        """Forget what was drawn (the styles changed)."""
        self._kept.clear()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None
        self._forget_drawn()

    def canvas(self, width: int) -> Canvas | None:
        """What the widget draws, at this width (None: `render()` says it)."""
        return None

    def _shown(self) -> object:
        """What the widget shows, as compared: equal, and it looks the same (at the same width). None
        where the widget does not tell."""
        return None

    def _height_for(self, width: int) -> int:
        """The content's height at this width."""
        return self.get_content_height(self.size, self.size, width)

    def _old_height(self) -> int | None:
        width = self.content_size.width if self.is_mounted and self.display and self.region else 0
        return self._height_for(width) if width else None

    def _redraw(self, old_shown: object, old_height: int | None) -> None:
        """Draw again after a change: nothing if what is shown did not change; the widget alone if its
        height at the width it has did not change (`old_height`, measured before the change); else a
        layout of the screen."""
        if old_shown is not None and old_shown == self._shown():
            return
        width = self.content_size.width if self.is_mounted and self.display and self.region else 0
        if width and old_height is not None and old_height == self._height_for(width) \
                and not (self.styles.width is not None and self.styles.width.is_auto):
            self.refresh()
        else:
            self.refresh(layout=True)

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        # As Drawn's (widgets/common.py): a new virtual size lays nothing out here (no scrolling, no
        # children), so it asks for no second layout of the screen after the one that gave the size.
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    def render_line(self, y: int) -> Strip:
        """A line of the widget. Where the widget tells what it shows (`_shown`), its lines are drawn
        once for that and the width, each run of cells of one style one segment, and kept (the last
        KEPT): a refresh without a change, or what was shown a while ago shown again, costs no drawing.
        In a frame (`render_lines`), what the widget shows is found once for all the lines asked."""
        framed = self._framed
        if framed is not None:
            return framed[y] if y < len(framed) else Strip.blank(self.size.width, self.visual_style.rich_style)
        shown = self._shown()
        if shown is None:
            return super().render_line(y)
        width = self.size.width
        key = (shown, width, self.visual_style, self.app.theme)
        lines = self._kept.get(key)
        if lines is None:
            lines = self._kept[key] = self._draw(width)
        if self._framing:
            self._framed = lines
        return lines[y] if y < len(lines) else Strip.blank(width, self.visual_style.rich_style)

    def render_lines(self, crop):
        self._framing, self._framed = True, None
        try:
            return super().render_lines(crop)
        finally:
            self._framing, self._framed = False, None

    def _lines(self, width: int, base: Style) -> list[Strip] | None:
        """The lines drawn some cheaper way than a canvas, the same strips (None: none)."""
        return None

    def _draw(self, width: int) -> list[Strip]:
        base = self.visual_style.rich_style
        lines = self._lines(width, base)
        if lines is not None:
            return lines
        canvas = self.canvas(width)
        if canvas is not None:
            return canvas.strips(base)
        return _strips(self, self.render(), width, base, no_wrap=True, overflow="crop")


def _strips(widget, renderable, cells: int, base: Style, **options) -> list[Strip]:
    """`renderable` as the widget's lines, `cells` wide, over the widget's style `base` (rich's rendering
    at that width, or with `options`' own)."""
    console = widget.app.console
    segments = console.render(renderable, console.options.update(**{"width": cells, **options}))
    return [Strip(line).apply_style(base).adjust_cell_length(cells, base) for line in Segment.split_lines(segments)]


class PlayingCard(CardWidget):
    """One card, face up or face down (None)."""

    DEFAULT_CSS = "PlayingCard { width: 5; height: 5; }"

    def __init__(self, value=None, **kwargs):
        super().__init__(**kwargs)
        self.value = as_card(value)

    def show(self, value) -> None:
        self.value = as_card(value)
        self.refresh()

    def render(self) -> Text:
        return card_lines(self.value, self.card_styles())


# -- a hand ----------------------------------------------------------------------------------------


NONE, ONE, MANY = "none", "one", "many"


class CardHand(CardWidget, can_focus=True):
    """A hand of cards to look at or choose from.

    `pick`: "none" (only shown), "one" (Space, Enter or a click chooses a card) or "many" (Space or a
    click marks and unmarks cards, which rise by a row; Enter chooses the marked cards, or the card
    under the cursor if none is). `limit` caps how many may be marked; `unavailable` are indices of cards
    that cannot be chosen (drawn dim). Choosing posts `CardHand.Chosen` with the cards' indices and
    codes (None for a face-down card). The hand never decides what is legal: the game does.

    Cards spread with a column between them while they fit, then touch, then overlap down to a slice
    of three columns each, then wrap onto more rows: twenty cards fit 80 columns in one row.

    A hand is drawn from its cards' rows, each card's kept as it looks (and each slice of it another
    card leaves), where a canvas would draw every cell of every card anew (`_lines`); its lines are kept
    for the last few hands it showed (CardWidget).
    """

    BINDINGS = [
        Binding("left,h", "move(-1)", "Left", show=False),
        Binding("right,l", "move(1)", "Right", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("space", "mark", "Mark", show=False),
        Binding("enter", "choose", "Choose", show=False),
    ]
    DEFAULT_CSS = "CardHand { width: 100%; height: auto; }"

    class Chosen(Message):
        def __init__(self, hand: "CardHand", indices: list[int], codes: list[str | None]):
            super().__init__()
            self.hand = hand
            self.indices = indices
            self.codes = codes

        @property
        def control(self) -> "CardHand":
            return self.hand

    class Marked(Message):
        """The marked cards changed (for a prompt that counts them)."""

        def __init__(self, hand: "CardHand", indices: list[int]):
            super().__init__()
            self.hand = hand
            self.indices = indices

        @property
        def control(self) -> "CardHand":
            return self.hand

    def __init__(self, cards=(), pick: str = NONE, limit: int | None = None, unavailable=(), **kwargs):
        super().__init__(**kwargs)
        self._slices: dict[tuple, list[tuple[list[Segment], Style, Style]]] = {}  # the cards' rows (_slice)
        self._slices_base: Style | None = None  # the style they are drawn over
        self.cards: list[Card | None] = []
        self.pick = NONE
        self.limit = limit
        self.unavailable: set[int] = set()
        self.marked: list[int] = []
        self.cursor = 0
        self._text: Text | None = None  # lines drawn in the cards' place (`set_text`), else None
        self._text_key: tuple = ()  # what they show, as compared
        self._hold = 0  # the height kept by lines drawn in the cards' place: the hand's when they came
        self._wrapped: tuple[tuple, list[Strip]] | None = None  # (what, at which width and style): its lines
        self.set_cards(cards, pick=pick, limit=limit, unavailable=unavailable)

    def set_cards(self, cards, pick: str | None = None, limit=..., unavailable=(), keep_marks: bool = False,
                  marked: list[int] | None = None) -> None:
        """Show these cards (codes, Cards or None); marks are cleared unless `keep_marks` or `marked`
        (the indices marked, the cursor on the first). `pick` and `limit` stay as they were unless given.
        The same cards as shown draw nothing again; a new hand as high as the old draws the hand alone,
        without a layout of the screen."""
        old_shown, old_height = (self._shown(), self._old_height()) if self.is_mounted else (None, None)
        self._text, self._text_key, self._hold, self._wrapped = None, (), 0, None
        if pick is not None:
            if pick not in (NONE, ONE, MANY):
                raise ValueError(f"a hand picks none, one or many cards, not {pick!r}")
            self.pick = pick
        self.cards = [as_card(c) for c in cards]
        if limit is not ...:
            self.limit = limit
        self.unavailable = set(unavailable)
        self.marked = [i for i in self.marked if i < len(self.cards)] if keep_marks else []
        self.cursor = min(self.cursor, max(0, len(self.cards) - 1))
        if marked is not None:
            self.marked = [i for i in marked if 0 <= i < len(self.cards)]
            if self.marked:
                self.cursor = self.marked[0]
        if self.is_mounted:
            self._redraw(old_shown, old_height)
        else:
            self.refresh(layout=True)

    def set_text(self, text: Text | None) -> None:
        """Draw lines of text in the cards' place (a round's summary where the pool was), or nothing
        (None: a blank hand), as high as the hand was (or as the lines, if more): the swap from cards to
        text and back changes what is drawn, not the layout of the screen. The cards are let go (none is
        drawn, chosen or clicked until `set_cards`): a blank hand holds nothing of the last viewer's."""
        old_shown, old_height = (self._shown(), self._old_height()) if self.is_mounted else (None, None)
        if self._text is None:
            self._hold = old_height or 0
        text = Text() if text is None else text
        self._text = text
        self._text_key = (text.plain, tuple(text.spans), str(text.style))
        self._wrapped = None
        self.cards, self.marked, self.unavailable, self.cursor, self.pick = [], [], set(), 0, NONE
        if self.is_mounted:
            self._redraw(old_shown, old_height)
        else:
            self.refresh(layout=True)

    @property
    def text_shown(self) -> Text | None:
        """The lines drawn in the cards' place (`set_text`; an empty Text for a blank hand), None while it
        shows cards."""
        return self._text

    def text_fits(self) -> bool:
        """Whether the lines drawn in the cards' place fit the height the hand had (at the width it
        has): False where they need more rows (a layout), or where it is not on the screen."""
        width = self.content_size.width if self.is_mounted and self.display and self.region else 0
        return self._text is not None and bool(width) and len(self._text_lines(width)) <= self._hold

    def _text_lines(self, width: int) -> list[Strip]:
        """The text's lines wrapped at `width`, as a Static wraps them, over the widget's style (kept)."""
        base = self.visual_style.rich_style
        key = (self._text_key, width, base)
        if self._wrapped is not None and self._wrapped[0] == key:
            return self._wrapped[1]
        text = self._text
        lines: list[Strip] = []
        if text is not None and text.plain.rstrip("\n"):
            text = text.copy()
            while text.plain.endswith("\n"):
                text.right_crop(1)
            lines = _strips(self, text, width, base, width=max(1, width), height=None)
        self._wrapped = (key, lines)
        return lines

    def _shown(self) -> object:
        if self._text is not None:
            return ("text", self._text_key, self._hold)
        cursor = self.cursor if self.pick != NONE and self.has_focus else None  # drawn only then
        return (tuple(self.cards), self.pick == MANY, frozenset(self.unavailable), tuple(self.marked), cursor)

    @property
    def marked_codes(self) -> list[str | None]:
        return [self._code(i) for i in self.marked]

    def _code(self, i: int) -> str | None:
        c = self.cards[i]
        return None if c is None else c.code

    # -- layout

    def _lift(self) -> int:
        return 1 if self.pick == MANY else 0

    def layout_for(self, width: int) -> tuple[int, list[list[int]]]:
        """The step between cards and the cards of each row, for this many columns."""
        n = len(self.cards)
        width = max(width, CARD_WIDTH)
        if n <= 1:
            return CARD_WIDTH + 1, [list(range(n))]
        if n * (CARD_WIDTH + 1) - 1 <= width:
            return CARD_WIDTH + 1, [list(range(n))]
        per_row = max(1, (width - CARD_WIDTH) // MIN_STEP + 1)
        rows = [list(range(i, min(n, i + per_row))) for i in range(0, n, per_row)]
        longest = len(rows[0])
        if longest * CARD_WIDTH <= width:
            step = CARD_WIDTH
        else:
            step = max(MIN_STEP, (width - CARD_WIDTH) // max(1, longest - 1))
        return min(step, CARD_WIDTH), rows

    def get_content_width(self, container, viewport) -> int:
        if self._text is not None:
            return container.width
        n = len(self.cards)
        return min(container.width, max(CARD_WIDTH, n * (CARD_WIDTH + 1) - 1))

    def get_content_height(self, container, viewport, width) -> int:
        if self._text is not None:
            return max(self._hold, len(self._text_lines(width)))
        _, rows = self.layout_for(width)
        return len(rows) * (CARD_HEIGHT + self._lift())

    def _positions(self, width: int) -> list[tuple[int, int]]:
        """Where each card's band starts: (x, top row of its band)."""
        step, rows = self.layout_for(width)
        band = CARD_HEIGHT + self._lift()
        where = [(0, 0)] * len(self.cards)
        for r, row in enumerate(rows):
            for k, i in enumerate(row):
                where[i] = (k * step, r * band)
        return where

    def render(self) -> Text:
        if self._text is not None:
            return self._text
        canvas = self.canvas(self.size.width or 80)
        return Text("(no cards)", style="dim italic") if canvas is None else canvas.text()

    def canvas(self, width: int) -> Canvas | None:
        if not self.cards:
            return None
        styles = self.card_styles()
        positions = self._positions(width)
        height = max(y for _, y in positions) + CARD_HEIGHT + self._lift()
        canvas = Canvas(width, height)
        lift = self._lift()
        show_cursor = self.pick != NONE and self.has_focus
        for i, c in enumerate(self.cards):
            x, y = positions[i]
            up = lift and i in self.marked
            draw_card(canvas, x, y + (0 if up else lift), c, styles, cursor=show_cursor and i == self.cursor,
                      marked=i in self.marked, dim=i in self.unavailable)
        return canvas

    #: how many cards' rows are kept (each card as it looks: cursor, marked, dim; each slice of it shown)
    CARDS_KEPT = 256

    def _forget_drawn(self) -> None:
        super()._forget_drawn()
        self._slices = {}
        self._slices_base = None

    def _slice(self, look: tuple, width: int, base: Style) -> list[tuple[list[Segment], Style, Style]]:
        """A card's rows as it looks (`look`: the card, the cursor's, marked, dim), its first `width`
        columns (what a card over it leaves), each its segments over the `base` style and the style of its
        first and last run (where the next card's run of the same style touches it, one run, as on the
        canvas). Kept, by how the card looks, never by whose it is (for the `base` of the last drawing)."""
        if base is not self._slices_base:
            self._slices, self._slices_base = {}, base
        key = (look, width)
        rows = self._slices.get(key)
        if rows is None:
            if len(self._slices) >= self.CARDS_KEPT:
                self._slices.clear()
            rows = []
            for runs in card_rows(look[0], self.card_styles(), cursor=look[1], marked=look[2], dim=look[3]):
                if width < CARD_WIDTH:
                    cut, left = [], width
                    for text, style in runs:
                        if left <= 0:
                            break
                        cut.append((text[:left], style))
                        left -= len(text)
                    runs = cut
                rows.append(([Segment(text, _added(base, style)) for text, style in runs], runs[0][1], runs[-1][1]))
            self._slices[key] = rows
        return rows

    def _lines(self, width: int, base: Style) -> list[Strip] | None:
        """The hand's lines made of its cards' kept rows, each card cut where the next card over it
        starts on that line, the cells no card covers blank: the strips its canvas gives, segment for
        segment, for every layout (apart, touching, overlapping, wrapped, marked cards risen by a row).
        Lines of text in the cards' place (`set_text`): those, wrapped, the rest blank."""
        if self._text is not None:
            blank = Strip.blank(width, base)
            lines = self._text_lines(width)
            return lines + [blank] * (max(self._hold, len(lines)) - len(lines))
        if not self.cards:
            return None
        step, rows = self.layout_for(width)
        if (len(rows[0]) - 1) * step + CARD_WIDTH > width:
            return None  # cards cut by the edge: drawn on the canvas
        self.card_styles()  # (the styles, and the rows kept for them, up to date)
        lift = self._lift()
        cursor = self.cursor if self.pick != NONE and self.has_focus else None
        marked, unavailable, cards = set(self.marked), self.unavailable, self.cards
        out: list[Strip] = []
        for row in rows:
            looks = [(cards[i], i == cursor, i in marked, i in unavailable) for i in row]
            tops = [0 if lift and look[2] else lift for look in looks]
            if not lift and step > CARD_WIDTH:  # a row of cards apart: each card's rows whole, a blank between
                lines: list[list[Segment]] = [[] for _ in range(CARD_HEIGHT)]
                gap = Segment(" " * (step - CARD_WIDTH), base)
                for n, look in enumerate(looks):
                    for line, (pieces, _, _) in zip(lines, self._slice(look, CARD_WIDTH, base)):
                        if n:
                            line.append(gap)
                        line.extend(pieces)
                end = (len(row) - 1) * step + CARD_WIDTH
                rest = Segment(" " * (width - end), base) if width > end else None
                for line in lines:
                    if rest is not None:
                        line.append(rest)
                    out.append(Strip(line, width))
                continue
            every = tuple(range(len(row)))
            # the cards on a line: all, but for the marked cards' risen top line and the others' bottom line
            risen = (tuple(k for k in every if not tops[k]), every, tuple(k for k in every if tops[k]))
            plans: dict[tuple, list] = {}  # the cards on a line: for each, the blank before it, its rows, its top
            for y in range(CARD_HEIGHT + lift):
                over = every if not lift else risen[0 if y == 0 else 2 if y == CARD_HEIGHT else 1]
                plan = plans.get(over)
                if plan is None:
                    plan = plans[over] = []
                    end = 0
                    for n, k in enumerate(over):
                        x = k * step
                        cut = min(CARD_WIDTH, over[n + 1] * step - x) if n + 1 < len(over) else CARD_WIDTH
                        plan.append((Segment(" " * (x - end), base) if x > end else None,
                                     self._slice(looks[k], cut, base), tops[k]))
                        end = x + cut
                    plan.append(Segment(" " * (width - end), base) if width > end else None)
                segments: list[Segment] = []
                last: Style | None = None
                for blank, kept, top in plan[:-1]:
                    pieces, first, its_last = kept[y - top]
                    if blank is not None:
                        segments.append(blank)
                        segments.extend(pieces)
                    elif last is not None and (first is last or first == last):  # one run across the cards
                        joined = segments[-1]
                        segments[-1] = Segment(joined.text + pieces[0].text, joined.style)
                        segments.extend(pieces[1:])
                    else:
                        segments.extend(pieces)
                    last = its_last
                if plan[-1] is not None:
                    segments.append(plan[-1])
                out.append(Strip(segments, width))
        return out

    def card_at(self, x: int, y: int) -> int | None:
        """The index of the card shown at (x, y) of the content, the uppermost one."""
        width = self.size.width or 80
        band = CARD_HEIGHT + self._lift()
        found = None
        for i, (cx, cy) in enumerate(self._positions(width)):
            if cy <= y < cy + band and cx <= x < cx + CARD_WIDTH:
                found = i  # later cards lie over earlier ones
        return found

    # -- keys and clicks

    def action_move(self, delta: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + delta) % len(self.cards)
            self.refresh()

    def action_jump(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)
            self.refresh()

    def action_mark(self) -> None:
        if self.pick == ONE:
            self.action_choose()
        elif self.pick == MANY:
            self.toggle(self.cursor)

    def forget_input(self) -> None:
        """The marked cards are let go (the game screen calls this when the keyboard passes)."""
        if self.marked:
            self.marked = []
            self.refresh()

    def toggle(self, index: int) -> None:
        if self.pick != MANY or not 0 <= index < len(self.cards) or index in self.unavailable:
            if self.pick == MANY:
                self.app.bell()
            return
        if index in self.marked:
            self.marked.remove(index)
        elif self.limit is not None and len(self.marked) >= self.limit:
            self.app.bell()
            return
        else:
            self.marked.append(index)
        self.refresh()
        self.post_message(self.Marked(self, list(self.marked)))

    def action_choose(self) -> None:
        if self.pick == NONE or not self.cards:
            return
        if self.pick == MANY and self.marked:
            indices = list(self.marked)
        elif self.cursor in self.unavailable:
            self.app.bell()
            return
        else:
            indices = [self.cursor]
        self.post_message(self.Chosen(self, indices, [self._code(i) for i in indices]))

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.pick == NONE:
            return
        index = self.card_at(offset.x, offset.y)
        if index is None:
            return
        self.cursor = index
        if self.pick == ONE:
            self.refresh()
            self.action_choose()
        else:
            self.toggle(index)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


# -- a pile -----------------------------------------------------------------------------------------


class CardPile(CardWidget):
    """A pile of cards: its top card (face up, or face down when `top` is None) with the edge of the
    cards under it, and a caption with the count ("Deck 31"). An empty pile is a dotted outline. A click
    posts `CardPile.Clicked`."""

    DEFAULT_CSS = "CardPile { width: auto; height: auto; margin: 0 1; }"

    class Clicked(Message):
        def __init__(self, pile: "CardPile"):
            super().__init__()
            self.pile = pile

        @property
        def control(self) -> "CardPile":
            return self.pile

    def __init__(self, count: int = 0, top=None, label: str = "", **kwargs):
        super().__init__(**kwargs)
        self.count, self.top, self.label = count, as_card(top), label

    def set_pile(self, count: int, top=None, label: str | None = None) -> None:
        self.count, self.top = count, as_card(top)
        if label is not None:
            self.label = label
        self.refresh(layout=True)

    def caption(self) -> str:
        return f"{self.label} {self.count}".strip()

    def get_content_width(self, container, viewport) -> int:
        return max(CARD_WIDTH + 1, len(self.caption()))

    def get_content_height(self, container, viewport, width) -> int:
        return CARD_HEIGHT + 2

    def render(self) -> Text:
        styles = self.card_styles()
        width = max(CARD_WIDTH + 1, len(self.caption()))
        canvas = Canvas(width, CARD_HEIGHT + 2)
        left = (width - CARD_WIDTH - 1) // 2
        if self.count <= 0:
            empty = styles["empty"]
            canvas.put(left, 0, "┌╌╌╌┐", empty)
            for y in range(1, CARD_HEIGHT - 1):
                canvas.put(left, y, "╎   ╎", empty)
            canvas.put(left, CARD_HEIGHT - 1, "└╌╌╌┘", empty)
        else:
            if self.count > 1:  # the edge of the cards beneath
                edge = styles["back"] if self.top is None else styles["face"]
                canvas.put(left + 1, CARD_HEIGHT, "╰───╯", edge)
                for y in range(1, CARD_HEIGHT):
                    canvas.put(left + CARD_WIDTH, y, "│" if y < CARD_HEIGHT - 1 else "┤", edge)
                canvas.put(left + CARD_WIDTH, 1, "╮", edge)
            draw_card(canvas, left, 0, self.top, styles)
        caption = self.caption()
        canvas.put((width - len(caption)) // 2, CARD_HEIGHT + 1, caption, styles["label"])
        return canvas.text()

    def on_click(self) -> None:
        self.post_message(self.Clicked(self))


# -- a row of spots -------------------------------------------------------------------------------------


ABOVE, BELOW, BOTH = "above", "below", "both"


@dataclass(frozen=True)
class Spot:
    """A place on the table where cards lie on either side: `above` (the far player's side) and
    `below` (the near player's), each a list of codes or None (face down). `mark` is what lies on the
    spot (a coin); `won` moves it to a side, shown by arrows: "above" ▲, "below" ▼, "both" (a tie)
    ▲▼, None (still in the middle). `label` names the spot ("1")."""

    above: tuple = ()
    below: tuple = ()
    mark: str = "●"
    won: str | None = None
    label: str = ""


class SpotRow(CardWidget, can_focus=True):
    """A row of spots, side by side (Seven-Handed Poker's seven coins). With `pick` on, Left and
    Right move between the spots and Enter or a click chooses one: `SpotRow.Chosen` with its index.
    Spots in `unavailable` cannot be chosen. The cursor's spot shows its mark in brackets, [●]."""

    BINDINGS = [
        Binding("left,h", "move(-1)", "Left", show=False),
        Binding("right,l", "move(1)", "Right", show=False),
        Binding("enter,space", "choose", "Choose", show=False),
    ]
    DEFAULT_CSS = "SpotRow { width: 100%; height: auto; }"

    class Chosen(Message):
        def __init__(self, row: "SpotRow", index: int):
            super().__init__()
            self.row = row
            self.index = index

        @property
        def control(self) -> "SpotRow":
            return self.row

    def __init__(self, spots=(), pick: bool = False, **kwargs):
        super().__init__(**kwargs)
        self.spots: list[Spot] = list(spots)
        self.pick = pick
        self.unavailable: set[int] = set()
        self.cursor = 0

    def set_spots(self, spots, pick: bool | None = None, unavailable=()) -> None:
        """Show these spots. The same as shown draw nothing again; a row as high as the old draws the
        row alone, without a layout of the screen."""
        old_shown, old_height = (self._shown(), self._old_height()) if self.is_mounted else (None, None)
        self.spots = list(spots)
        if pick is not None:
            self.pick = pick
        self.unavailable = set(unavailable)
        self.cursor = min(self.cursor, max(0, len(self.spots) - 1))
        if self.is_mounted:
            self._redraw(old_shown, old_height)
        else:
            self.refresh(layout=True)

    def _shown(self) -> object:
        cursor = self.cursor if self.pick and self.has_focus else None  # drawn only then
        return (tuple(self.spots), frozenset(self.unavailable), cursor)

    def _column(self, width: int) -> int:
        return max(4, width // max(1, len(self.spots)))

    def _per_line(self, width: int) -> int:
        return max(1, self._column(width) // 4)  # chips of three and a space, a column's edge kept free

    def _depth(self, width: int) -> int:
        """Lines for the cards of each side: as many as the fullest side needs, at least one."""
        k = self._per_line(width)
        most = max((max(len(s.above), len(s.below)) for s in self.spots), default=0)
        return max(1, -(-most // k))

    def get_content_height(self, container, viewport, width) -> int:
        return 2 * self._depth(width) + 2

    def render(self) -> Text:
        return self.canvas(self.size.width or 80).text()

    def canvas(self, width: int) -> Canvas:
        styles = self.card_styles()
        col, k, depth = self._column(width), self._per_line(width), self._depth(width)
        canvas = Canvas(width, 2 * depth + 2)
        middle = depth
        for i, spot in enumerate(self.spots):
            x0 = i * col

            def line(cards, y):
                span = len(cards) * 4 - 1
                x = x0 + max(0, (col - span) // 2)
                for c in cards:
                    canvas.put(x, y, *chip(c, styles))
                    x += 4

            above = [list(spot.above[j:j + k]) for j in range(0, len(spot.above), k)]
            for n, cards in enumerate(reversed(above)):  # the cards nearest the coin first
                line(cards, middle - 1 - n)
            below = [list(spot.below[j:j + k]) for j in range(0, len(spot.below), k)]
            for n, cards in enumerate(below):
                line(cards, middle + 1 + n)
            arrows = {ABOVE: ("▲", "▲"), BELOW: ("▼", "▼"), BOTH: ("▲", "▼")}.get(spot.won, (" ", " "))
            cursor = self.pick and self.has_focus and i == self.cursor
            mark = f"{'[' if cursor else ' '}{arrows[0]}{spot.mark}{arrows[1]}{']' if cursor else ' '}"
            coin = styles["coin"] + styles["cursor"] if cursor else styles["coin"]
            if i in self.unavailable:
                coin = coin + styles["dim"]
            canvas.put(x0 + (col - len(mark)) // 2, middle, mark, coin)
            if spot.label:
                canvas.put(x0 + (col - len(spot.label)) // 2, 2 * depth + 1, spot.label, styles["label"])
        return canvas

    def spot_at(self, x: int) -> int | None:
        index = x // self._column(self.size.width or 80)
        return index if 0 <= index < len(self.spots) else None

    def action_move(self, delta: int) -> None:
        if self.spots:
            self.cursor = (self.cursor + delta) % len(self.spots)
            self.refresh()

    def action_choose(self) -> None:
        if not self.pick or not self.spots:
            return
        if self.cursor in self.unavailable:
            self.app.bell()
            return
        self.post_message(self.Chosen(self, self.cursor))

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.pick:
            return
        index = self.spot_at(offset.x)
        if index is not None:
            self.cursor = index
            self.refresh()
            self.action_choose()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
