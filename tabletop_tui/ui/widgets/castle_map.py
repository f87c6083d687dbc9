"""A castle of square cells with walls on their edges, drawn two terminal cells to a square so that a
24-square castle is 49 columns wide: the first cell of a square is its west edge (│ a wall, ┆ a door),
the second what stands on it, and a wall or a door on its south edge underlines both. As many rows as
there is room for are shown, the window following the cursor. `m` swaps in the whole castle at half
height (two squares to a cell, walls left out), for finding one's way.

The widget draws what it is given (`show(view-like data)`); it decides nothing. The cursor moves with
the arrow keys (and Home/End/PageUp/PageDown); Enter or a click chooses the square under it; `:` (or
`/`) and a square's name (e20) and Enter go to that square and choose it, as typed on any board of the
collection (a1 is the south-west corner). Typing shows in the map's first line; Escape forgets it."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from tabletop_tui.rules.components.squares import square_index

N = 24
ARROWS = {"thief": "▲▶▼◀", "captain": "⇑⇒⇓⇐", "guard": "↑→↓←"}
COLOURS = {"thief": "bold #ffd75f", "captain": "bold #ff5fd7", "guard": "bold #5fd7ff", "gem": "bold #ffaf00",
           "trap": "#d75f5f", "floor": "#4e4e4e", "wall": "bold #e4e4e4", "door": "#8a8a8a"}
SEEN_BG = "#1c2f4a"
CHOSEN_BG = "#2f5f8f"
TARGET_BG = "#2f5f2f"
OVERVIEW = {"floor": "#262626", "trap": "#5f2f2f", "seen": "#1c3a5f", "thief": "#ffd75f", "captain": "#ff5fd7",
            "guard": "#5fd7ff", "gem": "#ffaf00", "target": "#3f7f3f"}


class CastleMap(Widget, can_focus=True):
    BINDINGS = [
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("pageup", "move(0, -6)", show=False),
        Binding("pagedown", "move(0, 6)", show=False),
        Binding("enter", "choose", "Choose", show=False),
    ]
    DEFAULT_CSS = """
    CastleMap { width: 52; height: 1fr; min-height: 6; }
    """

    class Chosen(Message):
        def __init__(self, square: int):
            super().__init__()
            self.square = square

    class Moved(Message):
        def __init__(self, square: int):
            super().__init__()
            self.square = square

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cursor = 12 * N + 12
        self.heading = 0  # the side the cursor last moved toward (0 N, 1 E, 2 S, 3 W): the edge to mark
        self.top = 0
        self.overview = False
        self.data: dict | None = None
        self.targets: set[int] = set()
        self.chosen_sight: set[int] = set()
        self.marked_edge = True  # show the edge in front of the cursor (while building)
        self.typed: str | None = None  # a square's name being typed after ":", or None

    # -- data ------------------------------------------------------------------------------------

    def show(self, data: dict, targets=(), chosen_sight=(), marked_edge: bool = False) -> None:
        """data: north, west, traps (576-character strings), gem, pieces [[square, facing]|None]*6,
        thief [square, facing]|None, sight (576 characters: chr(48 + bits of the watchers))."""
        self.data = data
        self.targets = set(targets)
        self.chosen_sight = set(chosen_sight)
        self.marked_edge = marked_edge
        self.refresh()

    def follow(self, square: int) -> None:
        self.cursor = square
        self._scroll()
        self.refresh()

    # -- geometry --------------------------------------------------------------------------------

    def rows_shown(self) -> int:
        return max(1, min(N, (self.size.height or 14) - 1))

    def _scroll(self) -> None:
        rows = self.rows_shown()
        y = self.cursor // N
        if y < self.top:
            self.top = y
        elif y >= self.top + rows:
            self.top = y - rows + 1
        self.top = max(0, min(self.top, N - rows))

    def on_resize(self) -> None:
        self._scroll()

    # -- drawing ---------------------------------------------------------------------------------

    def render(self) -> Text:
        if self.data is None:
            return Text("")
        return self.render_overview() if self.overview else self.render_detail()

    def _contents(self) -> dict[int, tuple[str, str]]:
        d = self.data
        out = {}
        if d.get("gem") is not None:
            out[d["gem"]] = ("◆", COLOURS["gem"])
        for p, piece in enumerate(d.get("pieces") or []):
            if piece is not None:
                kind = "captain" if p == 0 else "guard"
                out[piece[0]] = (ARROWS[kind][piece[1]], COLOURS[kind])
        if d.get("thief") is not None:
            sq, f = d["thief"]
            out[sq] = (ARROWS["thief"][f], COLOURS["thief"] + (" underline2" if d.get("carrying") else ""))
        return out

    def render_detail(self) -> Text:
        d = self.data
        north, west, traps, seen = d["north"], d["west"], d["traps"], d.get("sight") or "0" * (N * N)
        contents = self._contents()
        self._scroll()
        rows = self.rows_shown()
        lines = []
        if self.typed is not None:
            head = self._typing_line()
        else:
            head = Text("   ", style="dim")
            for x in range(N):
                head.append(" " + chr(97 + x), style="bold" if x == self.cursor % N else "dim")
        lines.append(head)
        cy, cx = divmod(self.cursor, N)
        focus = self.has_focus
        for y in range(self.top, self.top + rows):
            line = Text(f"{N - y:>2} ", style="bold" if y == cy else "dim")
            for x in range(N):
                i = y * N + x
                south = north[i + N] if y < N - 1 else "1"
                under = south != "0"
                bg = None
                if i in self.targets:
                    bg = TARGET_BG
                elif i in self.chosen_sight:
                    bg = CHOSEN_BG
                elif seen[i] != "0":
                    bg = SEEN_BG
                # the west edge
                w = west[i] if x else "1"
                edge_char = "│" if w == "1" else "┆" if w == "2" else " "
                edge_style = COLOURS["wall"] if w == "1" else COLOURS["door"]
                if i == self.cursor and self.marked_edge and self.heading == 3:
                    edge_char, edge_style = "┃", "bold #00ff00"
                # what stands on it
                if i in contents:
                    char, style = contents[i]
                elif traps[i] == "1":
                    char, style = "^", COLOURS["trap"]
                else:
                    char, style = "·", COLOURS["floor"]
                under_style = COLOURS["wall"] if south == "1" else COLOURS["door"]
                s_edge = Style.parse(edge_style)
                s_char = Style.parse(style)
                if under:
                    u = Style(underline=True, color=Style.parse(under_style).color) if char in "·^" and i not in contents \
                        else Style(underline=True)
                    s_char = s_char + u
                    s_edge = Style(color=Style.parse(under_style).color, underline=True) if edge_char == " " else s_edge + Style(underline=True)
                if bg:
                    s_char = s_char + Style(bgcolor=bg)
                    s_edge = s_edge + Style(bgcolor=bg)
                if i == self.cursor:
                    s_char = s_char + Style(reverse=focus, bold=True, underline=under or None)
                line.append(edge_char, s_edge)
                line.append(char, s_char)
            line.append("│", COLOURS["wall"])
            lines.append(line)
        if self.marked_edge and self.heading in (0, 1, 2):
            self._mark_heading(lines, cy, cx)
        return Text("\n").join(lines)

    def _mark_heading(self, lines, cy, cx) -> None:
        """Show the edge in front of the cursor (the one building keys mark) in green."""
        row = cy - self.top + 1
        if not 1 <= row < len(lines):
            return
        line = lines[row]
        col = 3 + 2 * cx
        if self.heading == 1:  # east edge: the next square's west cell, or the outer wall
            line.stylize("bold #00ff00", col + 2, col + 3)
        elif self.heading == 0:
            line.stylize("overline bold #00ff00", col, col + 2)
        elif self.heading == 2:
            line.stylize("underline bold #00ff00", col, col + 2)

    def render_overview(self) -> Text:
        d = self.data
        traps, seen = d["traps"], d.get("sight") or "0" * (N * N)
        contents = {}
        if d.get("gem") is not None:
            contents[d["gem"]] = OVERVIEW["gem"]
        for p, piece in enumerate(d.get("pieces") or []):
            if piece is not None:
                contents[piece[0]] = OVERVIEW["captain" if p == 0 else "guard"]
        if d.get("thief") is not None:
            contents[d["thief"][0]] = OVERVIEW["thief"]

        def colour(i: int) -> str:
            if i in contents:
                return contents[i]
            if i in self.targets:
                return OVERVIEW["target"]
            if traps[i] == "1":
                return OVERVIEW["trap"]
            if seen[i] != "0" or i in self.chosen_sight:
                return OVERVIEW["seen"]
            return OVERVIEW["floor"]

        lines = [self._typing_line() if self.typed is not None
                 else Text("   whole castle (m: the detailed map)", style="dim italic")]
        cy, cx = divmod(self.cursor, N)
        for r in range(N // 2):
            line = Text(f"{N - 2 * r:>2} ", style="dim")
            for x in range(N):
                top, bottom = (2 * r) * N + x, (2 * r + 1) * N + x
                style = Style(color=colour(top), bgcolor=colour(bottom))
                if cx == x and cy in (2 * r, 2 * r + 1):
                    line.append("▀▄" if cy == 2 * r else "▄▀", Style(color="#ffffff", bgcolor=colour(bottom)))
                else:
                    line.append("▀▀", style)
            lines.append(line)
        return Text("\n").join(lines)

    # -- keys and mouse ------------------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        y, x = divmod(self.cursor, N)
        x, y = max(0, min(N - 1, x + dx)), max(0, min(N - 1, y + dy))
        if abs(dx) + abs(dy) == 1:
            self.heading = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}[(dx, dy)]
        self.cursor = y * N + x
        self._scroll()
        self.refresh()
        self.post_message(self.Moved(self.cursor))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cursor))

    def _typing_line(self) -> Text:
        line = Text("   Go to square: ", style="bold")
        line.append(self.typed or "", style="bold reverse")
        line.append("  (a square like e20, then Enter; Escape forgets it)", style="dim")
        return line

    def on_key(self, event) -> None:
        key, char = event.key, event.character or ""
        if self.typed is None:
            if char not in (":", "/"):
                return
            self.typed = ""
        elif key == "escape":
            self.typed = None
        elif key == "backspace":
            self.typed = self.typed[:-1]
        elif key == "enter":
            square = square_index(self.typed, N, N)
            self.typed = None
            if square is not None:
                self.follow(square)
                self.post_message(self.Moved(square))
                self.post_message(self.Chosen(square))
            else:
                self.app.bell()
        elif char.isalnum() and len(self.typed) < 3:
            self.typed += char.lower()
        else:
            self.app.bell()
        event.stop()
        event.prevent_default()
        self.refresh()

    def on_click(self, event) -> None:
        if self.overview:
            x, y = (event.x - 3) // 2, (event.y - 1) * 2
        else:
            x, y = (event.x - 3) // 2, event.y - 1 + self.top
        if 0 <= x < N and 0 <= y < N and event.y >= 1:
            self.cursor = y * N + x
            self.refresh()
            self.post_message(self.Moved(self.cursor))
            self.post_message(self.Chosen(self.cursor))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
