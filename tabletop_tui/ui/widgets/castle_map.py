"""A castle of square cells with walls on their edges, drawn two terminal cells to a square so that a
24-square castle is 49 columns wide: the first cell of a square is its west edge (│ a wall, ┆ a door),
the second what stands on it; a wall on its south edge underlines both cells, a door only the first. As
many rows as there is room for are shown, the window following the cursor. `m` swaps in the whole castle
at half height (two squares to a cell, walls left out, drawn in colours only), for finding one's way.

The widget draws what it is given (`show(view-like data)`); it decides nothing. The cursor moves with
the arrow keys (and Home/End/PageUp/PageDown); Enter or a click chooses the square under it; a square's
name (e20, a1 is the south-west corner) and Enter go to that square and choose it, with or without a `:`
(or `/`) before it. Typing shows in the map's first line; Escape forgets it.

A letter a-x typed on the map is the start of a square's name, so a square typed never sets off the key
of the same letter (`s20` never saves and leaves, `l14` never opens the log): the letter waits for the
next key. A digit makes it a square's name; Enter or Space makes it the key it is, and so does any other
key, which then counts as typed after it (`w` then an arrow marks a wall, then moves). Escape or
Backspace forgets it. The key is handed on as a key press of its own, through the screen's one gate.
`describe_key`, when the screen gives it, says in a few words what a letter does, for the first line.

Shapes as well as colours: a square a piece sees shows `░` where it is empty (its west side too where no
wall or door stands there), `▒` where it is the piece asked about (`v`) that sees it; an empty square a
move may go to shows `+`; a wall is a solid line (│, or the whole square underlined for its south side)
and a door a broken one (┆, or only the west half underlined)."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from tabletop_tui.rules.components.squares import FILES, square_index

N = 24
LETTERS = FILES[:N]  # the files of the castle: a letter typed alone may start a square's name
SEEN_MARK = "░"  # an empty square a piece sees (the tint says it too, for those who tell it)
CHOSEN_MARK = "▒"  # an empty square the piece asked about (v) sees
TARGET_MARK = "+"  # an empty square the move being made may go to (green besides)
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
        self.typed: str | None = None  # a square's name being typed, or None
        self.prefixed = False  # the name was begun with ":" (else with its letter: which may yet be a key)
        self.letter = ""  # the letter typed alone, as it was typed
        self._released: list[str] = []  # letters handed on as keys, to let through when they come back
        self.describe_key = None  # the screen's words for what a key does (str -> str | None)

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
                mark = CHOSEN_MARK if i in self.chosen_sight else SEEN_MARK if seen[i] != "0" else " "
                edge_char = "│" if w == "1" else "┆" if w == "2" else mark
                edge_style = COLOURS["wall"] if w == "1" else COLOURS["door"] if w == "2" else COLOURS["floor"]
                if i == self.cursor and self.marked_edge and self.heading == 3:
                    edge_char, edge_style = "┃", "bold #00ff00"
                # what stands on it
                if i in contents:
                    char, style = contents[i]
                elif traps[i] == "1":
                    char, style = "^", COLOURS["trap"]
                elif i in self.targets:
                    char, style = TARGET_MARK, "bold #87d787"
                elif mark != " ":
                    char, style = mark, COLOURS["floor"]
                else:
                    char, style = "·", COLOURS["floor"]
                under_style = COLOURS["wall"] if south == "1" else COLOURS["door"]
                s_edge = Style.parse(edge_style)
                s_char = Style.parse(style)
                if under:
                    # a wall underlines the whole square, a door only its west half: a broken line
                    if south == "1":
                        u = Style(underline=True, color=Style.parse(under_style).color) \
                            if char in "·^+" + SEEN_MARK + CHOSEN_MARK and i not in contents else Style(underline=True)
                        s_char = s_char + u
                    bare = edge_char in (" ", SEEN_MARK, CHOSEN_MARK)
                    s_edge = Style(color=Style.parse(under_style).color, underline=True) if bare \
                        else s_edge + Style(underline=True)
                if bg:
                    s_char = s_char + Style(bgcolor=bg)
                    s_edge = s_edge + Style(bgcolor=bg)
                if i == self.cursor:
                    s_char = s_char + Style(reverse=focus, bold=True, underline=south == "1" or None)
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
        width = max(10, self.size.width or 52)
        if not self.prefixed and len(self.typed or "") == 1:  # a letter alone: a square's name, or its key
            line = Text("   ")
            line.append(self.typed, style="bold reverse")
            line.append("  digit: a square", style="bold")
            meaning = self.describe_key(self.letter) if self.describe_key else None
            line.append(f" · Enter: {meaning}" if meaning else " · Esc forgets", style="dim")
        else:
            line = Text("   Go to square: ", style="bold")
            line.append(self.typed or "", style="bold reverse")
            line.append("  (a square like e20, then Enter; Escape forgets it)", style="dim")
        line.truncate(width)
        return line

    def forget_typing(self) -> None:
        """Drop a square's name half typed (the screen calls it when the person at the keyboard changes)."""
        if self.typed is not None:
            self.typed = None
            self.refresh()

    def forget_input(self) -> None:
        """What the game screen calls on every widget at each hand-off and lift of the curtain."""
        self.forget_typing()

    def _release(self, letter: str, then: events.Key | None = None) -> None:
        """Hand a letter typed alone on as the key it is, and then the key typed after it (as typed anew:
        it may start a square's name itself)."""
        self.typed = None
        self._released.append(letter)
        self.app.post_message(events.Key(letter, letter))
        if then is not None:
            self.app.post_message(events.Key(then.key, then.character))

    def on_key(self, event) -> None:
        key, char = event.key, event.character or ""
        if self._released and char and char == self._released[0]:
            self._released.pop(0)  # a letter handed on: it goes on to the screen as a key
            return
        if self.typed is None:
            if char in (":", "/"):
                self.typed, self.prefixed = "", True
            elif len(char) == 1 and char.lower() in LETTERS:
                self.typed, self.prefixed, self.letter = char.lower(), False, char
            else:
                return
        elif not self.prefixed and len(self.typed) == 1 and not char.isdigit():
            # a letter alone, and the next key is no digit: the letter was a key
            if key in ("escape", "backspace"):
                self.typed = None
            elif key in ("enter", "space"):
                self._release(self.letter)
            else:
                self._release(self.letter, event)
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
            self.prefixed = True  # a name now: backspaced to its letter, it is no key again
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
            self.typed = None  # a click chooses: a name or a letter half typed is dropped
            self.cursor = y * N + x
            self.refresh()
            self.post_message(self.Moved(self.cursor))
            self.post_message(self.Chosen(self.cursor))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
