"""The keys of a screen, drawn as Textual's Footer draws them, as one widget and one line of text.

Textual's Footer is a scrolling container of one widget for each key, made again whenever the keys
may have changed; on the launcher it cost more of the first frame than the list of games. KeyBar has
its look (the key in the key's colour, then its description, the key under the mouse lit) and its
ways: a click on a key presses it; the keys follow the bindings of the screen and of what has the
focus, as the Footer's do (a binding marked not to be shown is not; a disabled one is dimmed).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.widget import Widget


class KeyBar(Widget):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-bar--item", "key-bar--hover", "key-bar--key", "key-bar--description"}
    # the rules of Footer and FooterKey's own stylesheets, for the same look
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .key-bar--item {
            background: $footer-item-background;
        }
        & > .key-bar--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        & > .key-bar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .key-bar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    _hover: reactive[int | None] = reactive(None)

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self._spans: list[tuple[int, int, str]] = []  # each key's columns and the key it presses
        self._drawn: list[tuple[str, str, str, bool]] | None = None  # the keys of the last render

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_updated)

    def _bindings_updated(self, screen) -> None:
        """Drawn again only when the keys it shows changed: the screen says its bindings may have
        changed after every change of focus (the first one comes right after the first render, with
        the keys it drew), and a render is most of the bar's cost."""
        if self._drawn is not None and self.keys() != self._drawn:
            self.refresh()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def keys(self) -> list[tuple[str, str, str, bool]]:
        """(key, shown key, description, enabled) for each binding shown, one for each action."""
        keys, actions = [], set()
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys.append((binding.key, self.app.get_key_display(binding), binding.description, enabled))
        return keys

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        self._spans = []
        self._drawn = self.keys()
        for index, (key, display, description, enabled) in enumerate(self._drawn):
            item = "key-bar--hover" if index == self._hover else "key-bar--item"
            key_style = self.get_visual_style(item, "key-bar--key").rich_style
            if description:
                label = Text.assemble((f" {display} ", key_style),
                                      (f"{description} ", self.get_visual_style(item, "key-bar--description").rich_style))
            else:
                label = Text(display, key_style)
            label.stylize_before(self.get_visual_style(item).rich_style + (Style() if enabled else Style(dim=True)))
            self._spans.append((text.cell_len, text.cell_len + label.cell_len, key))
            text.append_text(label)
        return text

    def _key_at(self, x: int) -> int | None:
        return next((i for i, (start, end, _) in enumerate(self._spans) if start <= x < end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover = self._key_at(event.x)

    def on_leave(self, event: events.Leave) -> None:
        self._hover = None

    def watch__hover(self) -> None:
        self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._key_at(event.x)
        if index is not None:
            self.app.simulate_key(self._spans[index][2])
