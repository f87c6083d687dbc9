"""A list to pick from, drawn as Textual's OptionList draws it, at a fraction of its cost.

The launcher's list of games is a few lines that seldom change: an OptionList (a scrolling view that
renders each option as its own visual, twice over while the screen is laid out) spent more on it
than the rest of the launcher's first frame. PickList renders the rows in sight as one text, with the
same look: the highlighted row in the cursor's colours (dimmer when the list does not have the focus),
headings dimmed, the row under the mouse lit. The keys are OptionList's: up and down (round the ends),
home, end, page up and page down, Enter; a click chooses a row.

Groups fold: a heading that names a group (`Pick(label, fold="Cards")`, its rows `group="Cards"`)
shows ▾ when open and ▸ with the count of its rows when folded. A click on a heading, or Enter on
a folded one (the cursor stops on folded headings only, so that up and down go from row to row), folds
or opens it; left folds the group of the highlighted row, right opens the folded group highlighted.

`/` starts finding: the letters typed then (the first line shows them) keep the rows whose text holds
them, the best match highlighted (a title that starts with them, then a word that does); Backspace
takes a letter back, and Escape (or Backspace on nothing) shows every row again. While finding, every
printable key is a letter of the search, never a command of the screen.

When the rows do not fit, the list shows the part around the highlighted row, with a line "▲ N more"
above it or "▼ N more" below it where rows are out of sight (a click on that line pages).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Pick:
    """One row: its text, and an id (None for a heading, which cannot be chosen). A heading with
    `fold` names the group it folds; a row with `group` belongs to that group. A plain class: a
    dataclass would cost more to define, at start, than the launcher's whole list."""

    __slots__ = ("label", "id", "fold", "group")

    def __init__(self, label: Text, id: str | None = None, fold: str | None = None, group: str | None = None):
        self.label = label
        self.id = id
        self.fold = fold
        self.group = group

    @property
    def disabled(self) -> bool:
        """A row that cannot be chosen: a heading that folds nothing."""
        return self.id is None and self.fold is None

    @property
    def heading(self) -> bool:
        return self.id is None


class PickList(Widget, can_focus=True):
    BINDINGS = [
        Binding("down", "cursor_down", "Down", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
        Binding("home", "first", "First", show=False),
        Binding("pagedown", "page_down", "Page Down", show=False),
        Binding("pageup", "page_up", "Page Up", show=False),
        Binding("up", "cursor_up", "Up", show=False),
        Binding("left", "fold", "Fold", show=False),
        Binding("right", "unfold", "Unfold", show=False),
        Binding("slash", "find", "Find", key_display="/"),
        Binding("escape", "stop_finding", "Show all"),
    ]
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"pick-list--option", "pick-list--option-disabled", "pick-list--option-highlighted",
                         "pick-list--option-hover"}
    # the rules of OptionList's own stylesheet, for the same look
    DEFAULT_CSS = """
    PickList {
        height: auto;
        max-height: 100%;
        color: $foreground;
        overflow: hidden hidden;
        border: tall $border-blurred;
        padding: 0 1;
        background: $surface;
        & > .pick-list--option-highlighted {
            color: $foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;
            & > .pick-list--option-highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
        & > .pick-list--option-disabled {
            color: $text-disabled;
        }
        & > .pick-list--option-hover {
            background: $block-hover-background;
        }
    }
    """

    highlighted: reactive[int | None] = reactive(None)
    _hover: reactive[int | None] = reactive(None)

    class Highlighted(Message):
        def __init__(self, pick_list: PickList, index: int) -> None:
            super().__init__()
            self.pick_list = pick_list
            self.index = index
            self.pick = pick_list.picks[index]

        @property
        def control(self) -> PickList:
            return self.pick_list

    class Selected(Highlighted):
        pass

    class Folded(Message):
        """A group was folded or opened (`pick_list.folded` holds the folded groups)."""

        def __init__(self, pick_list: PickList) -> None:
            super().__init__()
            self.pick_list = pick_list

        @property
        def control(self) -> PickList:
            return self.pick_list

    def __init__(self, picks: list[Pick], *, folded=(), id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.picks = list(picks)
        self.folded: set[str] = {g for g in folded if any(p.fold == g for p in self.picks)}
        self.finding: str | None = None  # the letters typed to find a row; None: not finding
        self._top = 0  # the first of the rows shown, when they do not all fit
        self._layout: tuple = ()  # the last drawing: (rows, top, room, above, below, first line)
        self.highlighted = self._first()

    def set_picks(self, picks: list[Pick]) -> None:
        """Other rows; the highlighted row stays highlighted where it is still listed (by its id)."""
        was = self.picks[self.highlighted] if self.highlighted is not None else None
        self.picks = list(picks)
        self.folded = {g for g in self.folded if any(p.fold == g for p in self.picks)}
        index = None
        if was is not None:
            same = [i for i, p in enumerate(self.picks) if (p.id, p.fold) == (was.id, was.fold)]
            index = next((i for i in same if self.picks[i].group == was.group), same[0] if same else None)
        if index is not None and index not in self._stops():
            index = None
        self.set_reactive(PickList.highlighted, None)
        self.highlighted = index if index is not None else self._first()
        self.refresh(layout=True)

    # -- what is shown ----------------------------------------------------------------------------

    @staticmethod
    def _text(pick: Pick) -> str:
        return pick.label.plain.strip()

    def rows(self) -> list[int]:
        """The indices of the picks listed now: all but the rows of folded groups; while finding,
        the rows that match (each id once)."""
        if self.finding is not None:
            wanted = self.finding.lower()
            seen, out = set(), []
            for i, p in enumerate(self.picks):
                if p.id is not None and p.id not in seen and wanted in self._text(p).lower():
                    seen.add(p.id)
                    out.append(i)
            return out
        return [i for i, p in enumerate(self.picks) if p.group is None or p.group not in self.folded]

    def _stops(self) -> list[int]:
        """The rows the cursor stops on: the rows to choose, and the folded headings."""
        return [i for i in self.rows() if self.picks[i].id is not None or self.picks[i].fold in self.folded]

    def _heading_label(self, pick: Pick) -> Text:
        folded = pick.fold in self.folded
        line = Text("▸ " if folded else "▾ ") + pick.label
        if folded:
            count = sum(1 for p in self.picks if p.group == pick.fold)
            line.append(f" ({count})")
        return line

    def _find_line(self, count: int) -> Text:
        line = Text("/ ", style="bold")
        line.append(self.finding or "", style="bold underline")
        line.append("▏")
        if self.finding:
            line.append(f"  {count} found" if count else "  none found", style="dim")
        else:
            line.append("  type a name", style="dim")
        return line

    # -- drawing ----------------------------------------------------------------------------------

    def get_content_width(self, container, viewport) -> int:
        return max((p.label.cell_len + (6 if p.fold else 0) for p in self.picks), default=0)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.rows()) + (1 if self.finding is not None else 0)

    def _window(self, n: int, position: int | None, height: int) -> tuple[int, int, bool, bool]:
        """(top, room, above, below): the first row shown, how many are shown, and whether a line
        says there are more above or below; the highlighted row (at `position`) always in sight."""
        if n <= height or height < 3:
            self._top = 0
            return 0, min(n, height), False, False
        top = max(0, min(self._top, n - 1))
        for _ in range(8):
            above = top > 0
            room = height - above
            below = top + room < n
            room -= below
            if position is not None and position < top:
                top = position
            elif position is not None and position >= top + room:
                top = position - room + 1
            else:
                break
        if not below and top + room > n:  # no empty lines at the end
            top = max(0, n - (height - 1))
            above, room = top > 0, height - (top > 0)
        self._top = top
        return top, room, above, below

    def render(self) -> Text:
        width, height = self.size
        if height <= 0:
            return Text()
        rows = self.rows()
        lines = []
        if self.finding is not None:
            lines.append(self._find_line(len(rows)))
            height -= 1
        position = rows.index(self.highlighted) if self.highlighted in rows else None
        top, room, above, below = self._window(len(rows), position, max(0, height))
        self._layout = (rows, top, room, above, below, len(lines))
        more = self.get_visual_style("pick-list--option", "pick-list--option-disabled").rich_style
        if above:
            lines.append(Text(f"▲ {top} more", style=more))
        for index in rows[top:top + room]:
            pick = self.picks[index]
            if index == self.highlighted:
                components = ("pick-list--option", "pick-list--option-highlighted")
            elif pick.disabled or (pick.heading and index != self._hover):
                components = ("pick-list--option", "pick-list--option-disabled")
            elif index == self._hover:
                components = ("pick-list--option", "pick-list--option-hover")
            else:
                components = ("pick-list--option",)
            style = self.get_visual_style(*components).rich_style
            line = self._heading_label(pick) if pick.fold else pick.label.copy()
            line.truncate(width, pad=True)
            line.stylize_before(style)
            lines.append(line)
        if below:
            lines.append(Text(f"▼ {len(rows) - top - room} more", style=more))
        for line in lines:
            line.truncate(width, pad=True)
        return Text("\n").join(lines)

    def watch_highlighted(self, index: int | None) -> None:
        self.refresh()
        if index is not None and not self.picks[index].disabled:
            self.post_message(self.Highlighted(self, index))

    def watch__hover(self) -> None:
        self.refresh()

    def _on_focus(self, event: events.Focus) -> None:
        self.refresh()

    def _on_blur(self, event: events.Blur) -> None:
        self.refresh()

    # -- moving -----------------------------------------------------------------------------------

    def _first(self) -> int | None:
        stops = self._stops()
        return stops[0] if stops else None

    def _last(self) -> int | None:
        stops = self._stops()
        return stops[-1] if stops else None

    def _step(self, direction: int) -> None:
        stops = self._stops()
        if not stops:
            return
        if self.highlighted in stops:
            self.highlighted = stops[(stops.index(self.highlighted) + direction) % len(stops)]
        elif self.highlighted is None:
            self.highlighted = stops[0] if direction > 0 else stops[-1]
        else:
            onward = [i for i in stops if (i > self.highlighted if direction > 0 else i < self.highlighted)]
            self.highlighted = (onward[0] if direction > 0 else onward[-1]) if onward else stops[0 if direction > 0 else -1]

    def action_cursor_down(self) -> None:
        self._step(1)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_first(self) -> None:
        self.highlighted = self._first()

    def action_last(self) -> None:
        self.highlighted = self._last()

    def _page(self, direction: int) -> None:
        stops = self._stops()
        if not stops:
            return
        if self.highlighted not in stops:
            self.action_first() if direction > 0 else self.action_last()
            return
        rows = self.rows()
        target = rows.index(self.highlighted) + direction * max(1, self.size.height - 2)
        target = max(0, min(len(rows) - 1, target))
        # the nearest row to stop on, onwards in the direction of the move (else back)
        onwards = range(target, len(rows)) if direction > 0 else range(target, -1, -1)
        back = range(target, -1, -1) if direction > 0 else range(target, len(rows))
        for r in (*onwards, *back):
            if rows[r] in stops:
                self.highlighted = rows[r]
                return

    def action_page_down(self) -> None:
        self._page(1)

    def action_page_up(self) -> None:
        self._page(-1)

    def action_select(self) -> None:
        index = self.highlighted
        if index is None or self.picks[index].disabled:
            return
        if self.picks[index].heading:
            self.toggle(self.picks[index].fold)
            return
        if self.finding is not None:
            self.stop_finding()
        self.post_message(self.Selected(self, index))

    # -- folding ----------------------------------------------------------------------------------

    def toggle(self, group: str) -> None:
        """Fold an open group, or open a folded one. Folding a group with the highlighted row in it
        highlights its heading; opening the highlighted heading highlights its first row."""
        heading = next(i for i, p in enumerate(self.picks) if p.fold == group)
        if group in self.folded:
            self.folded.discard(group)
            if self.highlighted == heading:
                self.highlighted = next((i for i, p in enumerate(self.picks) if p.group == group and p.id), heading)
        else:
            self.folded.add(group)
            if self.highlighted is not None and self.picks[self.highlighted].group == group:
                self.highlighted = heading
        self.refresh(layout=True)
        self.post_message(self.Folded(self))

    def action_fold(self) -> None:
        if self.finding is not None or self.highlighted is None:
            return
        group = self.picks[self.highlighted].group
        if group is not None:
            self.toggle(group)

    def action_unfold(self) -> None:
        if self.finding is not None or self.highlighted is None:
            return
        pick = self.picks[self.highlighted]
        if pick.fold in self.folded:
            self.toggle(pick.fold)

    # -- finding ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "find":
            return self.finding is None
        if action == "stop_finding":
            return self.finding is not None
        return True

    def action_find(self) -> None:
        if self.finding is None:
            self._before_finding = self.highlighted
            self.finding = ""
            self.refresh(layout=True)
            self.refresh_bindings()

    def action_stop_finding(self) -> None:
        self.stop_finding()

    def stop_finding(self) -> None:
        if self.finding is None:
            return
        self.finding = None
        if self.highlighted is None or self.highlighted not in self._stops():
            before = getattr(self, "_before_finding", None)
            self.highlighted = before if before in self._stops() else self._first()
        self.refresh(layout=True)
        self.refresh_bindings()

    def find(self, text: str) -> None:
        """Find the rows holding `text`; the best match highlighted (its text starts with it, then a
        word of it does, then any that holds it); none: nothing highlighted."""
        self.finding = text
        rows = self.rows()
        wanted = text.lower()

        def rank(index: int) -> int:
            title = self._text(self.picks[index]).lower()
            if title.startswith(wanted):
                return 0
            return 1 if any(word.startswith(wanted) for word in title.split()) else 2

        self.highlighted = min(rows, key=lambda i: (rank(i), rows.index(i))) if rows else None
        self.refresh(layout=True)

    def on_key(self, event: events.Key) -> None:
        if self.finding is None:
            return
        if event.key == "backspace":
            event.stop()
            event.prevent_default()
            if self.finding:
                self.find(self.finding[:-1])
            else:
                self.stop_finding()
        elif event.is_printable and event.character:
            event.stop()
            event.prevent_default()
            self.find(self.finding + event.character)

    # -- the mouse --------------------------------------------------------------------------------

    def _row_at(self, event: events.MouseEvent) -> int | str | None:
        """The pick under the mouse, "up" or "down" on a line that says there are more, or None."""
        offset = event.get_content_offset(self)
        if offset is None or not self._layout:
            return None
        rows, top, room, above, below, first = self._layout
        y = offset.y - first
        if y < 0:
            return None
        if above:
            if y == 0:
                return "up"
            y -= 1
        if y < room:
            return rows[top + y] if top + y < len(rows) else None
        return "down" if below and y == room else None

    def _scroll_page(self, direction: int) -> None:
        """Show the rows above (or below) those in sight, the cursor on the first of them it stops on."""
        rows, top, room, _, _, _ = self._layout
        stops = set(self._stops())
        new_top = max(0, top - room) if direction < 0 else min(len(rows) - 1, top + room)
        order = range(new_top, len(rows)) if direction > 0 else range(new_top, top)
        target = next((rows[r] for r in order if rows[r] in stops), None)
        if target is not None:
            self._top = new_top
            self.highlighted = target
            self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        row = self._row_at(event)
        self._hover = row if isinstance(row, int) else None

    def on_leave(self, event: events.Leave) -> None:
        self._hover = None

    def on_click(self, event: events.Click) -> None:
        row = self._row_at(event)
        if row in ("up", "down"):
            self._scroll_page(-1 if row == "up" else 1)
        elif isinstance(row, int):
            pick = self.picks[row]
            if pick.fold:
                self.toggle(pick.fold)
            elif not pick.disabled:
                self.highlighted = row
                self.action_select()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._step(1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._step(-1)
