"""Widgets every game screen shares: the parts of the table (Drawn), the action bar, the move log and
the scoreboard."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.message import Message
from textual.visual import RichVisual, Visual
from textual.widgets import RichLog, Static

from tabletop_tui.names import shown
from tabletop_tui.rules.engine import Event, Move
from tabletop_tui.rules.words import escaped


class Drawn(Static):
    """A Static for what a game screen sets anew after every move: the parts of the table, the title
    bar, the prompt. Two things make a frame cheaper:

    - What it already shows is not drawn again: most parts do not change with a move, and an update
      costs a layout of the screen and a new drawing of the part.
    - A rich renderable that is not text (a Table) is rendered once for each width: Textual renders
      it anew to measure its height and again to draw it (RichVisual); _Rendered keeps the lines.

    A string is shown as it is, never read as markup (what a table shows holds the players' names).
    """

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)
        self._shown_key: object = None  # what is shown, as compared (None: not comparable)

    def update(self, content="", *, layout: bool = True, key: object = None) -> None:
        """Show `content`, unless it is what is shown. `key` stands for the content where it cannot be
        compared itself (a Table): equal keys, equal content."""
        key = _key(content) if key is None else key
        if key is not None and key == self._shown_key:
            return
        self._shown_key = key
        if not isinstance(content, (str, Text, Visual)):
            content = _Rendered(self, content)
        super().update(content, layout=layout)


class _Rendered(RichVisual):
    """A rich renderable whose lines are kept for each width and style: measured (its height) and
    drawn from one rendering, and drawn again from it while the widget does not change."""

    def __init__(self, widget, renderable) -> None:
        super().__init__(widget, renderable)
        self._lines: dict = {}

    def render_strips(self, width: int, height: int | None, style, options) -> list:
        lines = self._lines.get((width, style))
        if lines is None:
            lines = self._lines[(width, style)] = super().render_strips(width, None, style, options)
        return lines[:height] if height is not None else list(lines)

    def get_height(self, rules, width: int) -> int:
        return len(self.render_strips(width, None, self._widget.visual_style, None))


def _printable_text(text: Text) -> Text:
    """The text with every character a terminal would act on shown as an escape code, its styles kept."""
    plain = text.plain
    if escaped(plain, keep="\n") == plain:
        return text
    cuts = [i for i, c in enumerate(plain) for i in (i, i + 1) if escaped(c, keep="\n") != c]
    out = Text(style=text.style, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap, end=text.end)
    for part in text.divide(cuts):
        safe = escaped(part.plain, keep="\n")
        if safe != part.plain:  # one character: its escape code takes its styles
            spans = part.spans
            part = Text(safe, style=part.style)
            for span in spans:
                part.stylize(span.style, 0, len(safe))
        out.append_text(part)
    return out


def _key(content) -> object:
    """What tells two contents apart, for text and strings (None for anything else)."""
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return (content.plain, tuple(content.spans), str(content.style), content.justify, content.overflow,
                content.no_wrap, content.end)
    return None


@dataclass(frozen=True)
class Action:
    key: str  # the key that chooses it ("1", "t")
    label: str
    seat: int
    move: Move


class ActionBar(Drawn):
    """The choices open to the people at the table, each with its key. Clicking one chooses it."""

    class Chosen(Message):
        def __init__(self, action: Action):
            super().__init__()
            self.action = action

    MAX_ROWS = 6
    DEFAULT_CSS = f"""
    ActionBar {{ height: auto; max-height: {MAX_ROWS}; padding: 0 1; }}
    """

    def __init__(self, **kwargs):
        super().__init__("", **kwargs)
        self.actions: list[Action] = []
        self._layout: list[tuple[int, int, int, Action]] = []

    def set_actions(self, actions: list[Action], note: str = "") -> None:
        self.actions = actions
        self._note = note
        self.refresh_text()

    def refresh_text(self) -> None:
        if not self.actions:
            self.update(Text(getattr(self, "_note", "") or " ", style="dim italic"))
            return
        width = max(20, (self.size.width or 78) - 2)
        cells = []
        for a in self.actions:
            t = Text()
            t.append(f" {a.key} ", style="bold reverse")
            t.append(" " + a.label)
            cells.append(t)
        # in columns when they fit; otherwise each choice as wide as itself, so that more fit a row
        longest = max(c.cell_len for c in cells) + 2
        per_row = max(1, min(len(cells), width // longest))
        if -(-len(cells) // per_row) <= self.MAX_ROWS:
            widths = [longest] * len(cells)
            breaks = set(range(per_row, len(cells), per_row))
        else:
            widths = [min(c.cell_len + 2, width) for c in cells]
            breaks, x = set(), 0
            for i, w in enumerate(widths):
                if x and x + w > width:
                    breaks.add(i)
                    x = 0
                x += w
        self._layout = []
        rows = [Text()]
        x = 0
        for i, (cell, w) in enumerate(zip(cells, widths)):
            if i in breaks:
                rows.append(Text())
                x = 0
            self._layout.append((len(rows) - 1, x, x + w, self.actions[i]))
            cell = cell.copy()
            cell.truncate(w, pad=True)
            rows[-1].append_text(cell)
            x += w
        self.update(Text("\n").join(rows))

    def on_resize(self) -> None:
        self.refresh_text()
        # The new text's height is laid out at the next refresh: asked for while Textual is sending
        # the resize, the layout keeps the height the old text had (3 rows where 2 now suffice).
        self.call_after_refresh(self.refresh, layout=True)

    def action_for_key(self, key: str) -> Action | None:
        for a in self.actions:
            if a.key == key:
                return a
        return None

    def on_click(self, event) -> None:
        x = event.x - 1  # padding
        for row, start, end, action in getattr(self, "_layout", []):
            if row == event.y and start <= x < end:
                self.post_message(self.Chosen(action))
                return


class MoveLog(RichLog):
    """What happened, in sentences, newest at the bottom. Keeps its entries, so that a change of width
    (a resized terminal) wraps them anew instead of leaving them cut to the old width."""

    DEFAULT_CSS = """
    MoveLog { scrollbar-size-vertical: 1; }
    """
    MAX_ENTRIES = 400

    def __init__(self, **kwargs):
        super().__init__(wrap=True, markup=False, min_width=20, max_lines=self.MAX_ENTRIES * 4,
                         auto_scroll=True, **kwargs)
        self._entries: list[Text] = []
        self._wrapped_at = 0

    def add(self, events: list[Event], players: list[str] | None = None) -> None:
        for e in events:
            style = {"error": "bold red", "score": "bold green", "turn": "bold", "chance": ""}.get(e.kind, "")
            self.note(Text("• " + e.text, style=style))

    def note(self, text: Text) -> None:
        """Add a line that is not an event (an undo, a notice). Characters a terminal would act on
        (in a name saved by an older program) are shown as escape codes."""
        text = _printable_text(text)
        self._entries.append(text)
        del self._entries[: -self.MAX_ENTRIES]
        self.write(text)

    def clear(self):
        self._entries = []
        return super().clear()

    def on_resize(self, event) -> None:
        width = self.scrollable_content_region.width
        if self._wrapped_at and width != self._wrapped_at and self._entries:
            entries = self._entries
            super().clear()
            for text in entries:
                self.write(text)
        self._wrapped_at = width


class Scoreboard(Drawn):
    """Players as rows: a marker for whose turn it is, then the columns a game chooses."""

    def show(self, columns: list[str], rows: list[list], current: set[int] | None = None,
             names: list[str] | None = None) -> None:
        current = current or set()
        rows = [[c if isinstance(c, Text) else Text(str(c)) for c in row] for row in rows]
        key = ("scores", tuple(columns), tuple(tuple(_key(c) for c in row) for row in rows), tuple(sorted(current)),
               tuple(names or ()))
        if key == self._shown_key:
            return
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False, header_style="bold dim")
        table.add_column("", width=1, no_wrap=True)
        table.add_column("", no_wrap=True, overflow="ellipsis", ratio=1)
        for c in columns:
            table.add_column(c, justify="right", no_wrap=True)
        for seat, cells in enumerate(rows):
            name = shown(names[seat]) if names else str(seat + 1)
            marker = Text("▶", style="bold green") if seat in current else Text(" ")
            table.add_row(marker, Text(name, style="bold" if seat in current else ""), *cells)
        self.update(table, key=key)
