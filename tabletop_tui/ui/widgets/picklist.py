"""A short list to pick from, drawn as Textual's OptionList draws it, at a fraction of its cost.

The launcher's list of games is a few lines that never change: an OptionList (a scrolling view that
renders each option as its own visual, twice over while the screen is laid out) spent more on it
than the rest of the launcher's first frame. PickList renders the whole list as one text, with the
same look: the highlighted row in the cursor's colours (dimmer when the list does not have the focus),
headings that cannot be chosen dimmed, the row under the mouse lit. The keys are OptionList's: up and
down (round the ends), home, end, page up and page down, Enter; a click chooses a row.

When the rows do not fit, the list shows the part around the highlighted row (there is no scroll bar).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Pick:
    """One row: its text, and an id (None for a heading, which cannot be chosen). A plain class: a
    dataclass would cost more to define, at start, than the launcher's whole list."""

    __slots__ = ("label", "id")

    def __init__(self, label: Text, id: str | None = None):
        self.label = label
        self.id = id

    @property
    def disabled(self) -> bool:
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

    def __init__(self, picks: list[Pick], *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.picks = list(picks)
        self._top = 0  # the first row shown, when they do not all fit
        self.highlighted = self._first()

    # -- drawing ----------------------------------------------------------------------------------

    def get_content_width(self, container, viewport) -> int:
        return max((p.label.cell_len for p in self.picks), default=0)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.picks)

    def render(self) -> Text:
        width, height = self.size
        if height <= 0:
            return Text()
        self._scroll_to(self.highlighted, height)
        lines = []
        for index in range(self._top, min(len(self.picks), self._top + height)):
            pick = self.picks[index]
            if pick.disabled:
                components = ("pick-list--option", "pick-list--option-disabled")
            elif index == self.highlighted:
                components = ("pick-list--option", "pick-list--option-highlighted")
            elif index == self._hover:
                components = ("pick-list--option", "pick-list--option-hover")
            else:
                components = ("pick-list--option",)
            style = self.get_visual_style(*components).rich_style
            line = pick.label.copy()
            line.truncate(width, pad=True)
            line.stylize_before(style)
            lines.append(line)
        return Text("\n").join(lines)

    def _scroll_to(self, index: int | None, height: int) -> None:
        if index is None:
            return
        if index < self._top:
            self._top = index
        elif index >= self._top + height:
            self._top = index - height + 1
        self._top = max(0, min(self._top, max(0, len(self.picks) - height)))

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
        return next((i for i, p in enumerate(self.picks) if not p.disabled), None)

    def _last(self) -> int | None:
        return next((i for i in reversed(range(len(self.picks))) if not self.picks[i].disabled), None)

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            self.highlighted = self._first() if direction > 0 else self._last()
            return
        count = len(self.picks)
        for step in range(1, count + 1):
            index = (self.highlighted + direction * step) % count
            if not self.picks[index].disabled:
                self.highlighted = index
                return

    def action_cursor_down(self) -> None:
        self._step(1)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_first(self) -> None:
        self.highlighted = self._first()

    def action_last(self) -> None:
        self.highlighted = self._last()

    def _page(self, direction: int) -> None:
        if self.highlighted is None:
            self.action_first() if direction > 0 else self.action_last()
            return
        index = max(0, min(len(self.picks) - 1, self.highlighted + direction * max(1, self.size.height)))
        # the nearest row that can be chosen, onwards in the direction of the move (else back)
        onwards = range(index, len(self.picks)) if direction > 0 else range(index, -1, -1)
        back = range(index, -1, -1) if direction > 0 else range(index, len(self.picks))
        for i in (*onwards, *back):
            if not self.picks[i].disabled:
                self.highlighted = i
                return

    def action_page_down(self) -> None:
        self._page(1)

    def action_page_up(self) -> None:
        self._page(-1)

    def action_select(self) -> None:
        if self.highlighted is not None and not self.picks[self.highlighted].disabled:
            self.post_message(self.Selected(self, self.highlighted))

    # -- the mouse --------------------------------------------------------------------------------

    def _row_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        index = self._top + offset.y
        return index if 0 <= index < len(self.picks) else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover = self._row_at(event)

    def on_leave(self, event: events.Leave) -> None:
        self._hover = None

    def on_click(self, event: events.Click) -> None:
        index = self._row_at(event)
        if index is not None and not self.picks[index].disabled:
            self.highlighted = index
            self.action_select()
