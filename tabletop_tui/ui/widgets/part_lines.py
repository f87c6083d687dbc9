"""`PartLines`: a part of a table whose number of lines changes from one person's key to the next keeps the
most lines it has had while a key is handled, so that such a key lays nothing out (a screen shows such
parts through `HeldParts.show_parts`, tabletop_tui/ui/screens/game.py)."""

from __future__ import annotations

from rich.text import Text

from tabletop_tui.ui.widgets.common import _one_cell, _wrap_one_cell
from tabletop_tui.ui.widgets.grid import TextLines, text_key
from tabletop_tui.ui.widgets.most_lines import MostLines

#: no line at all (a part given no lines), where a TextLines shows one empty line
NO_LINE = Text("", overflow="ignore")
NO_LINE_KEY = text_key(NO_LINE)


class PartLines(MostLines, TextLines):
    """A part of the table whose number of lines changes from one key to the next (a status or a hint
    that wraps or not, a hint or none, a hand's second line, a pot flowing onto one more line): from one
    person's key to the next, as high as the most lines it has had at this size of the screen, so that
    such a key lays nothing out and moves nothing (the parts below it, the action bar). What it shows
    otherwise (as the screen opens, after a computer's move) is laid out at the lines it needs, and
    counts anew from there (`held=False`).

    From one person's key to the next, the lines given are followed by blank lines to the part's
    height, so that the lines no longer shown are drawn blank, and only those. No lines at all (`[]`)
    is no line, where a TextLines shows one empty line."""

    content_lines = 0  # the lines given, as drawn at the part's width (the rest of its height blank)
    #: the last lines counted (the very Text objects, held so that none is another's) and at what width
    _counted: tuple[int | None, tuple[Text, ...], int] = (None, (), 0)

    def counted(self, lines: list[Text]) -> int:
        """`count(lines)`, where the same lines at the same width are counted once: `HeldParts.show_parts`
        counts a part's lines, then `show_lines` again, and a part built once for what it shows is given
        the same lines again."""
        width = self._width
        at, last, counted = self._counted
        if at == width and len(last) == len(lines) and all(a is b for a, b in zip(last, lines)):
            return counted
        counted = self.count(lines)
        self._counted = (width, tuple(lines), counted)
        return counted

    def count(self, lines: list[Text]) -> int:
        """How many lines `lines` are drawn in at the part's width (a line wider than it wrapped)."""
        width = self._width
        if not width:
            return len(lines)
        count = 0
        for line in lines:
            plain = line.plain
            if _one_cell(plain):  # (a character to a cell: its length is its width, no line break in it)
                if len(plain) <= width:
                    count += 1
                elif line.overflow in (None, "fold") and not line.no_wrap and "\t" not in plain:
                    count += len(_wrap_one_cell(plain, width))  # (rich's wrap, a character to a cell)
                else:
                    count += len(line.wrap(self.app.console, width))
            else:
                count += 1 if line.cell_len <= width else len(line.wrap(self.app.console, width))
        return count

    def room(self) -> int:
        """The lines the part holds at its width (0 before it is laid out)."""
        width = self._width
        return self._held.height if width and self._held.width == width else 0

    def show_lines(self, lines: list[Text], held: bool = True) -> None:
        count = self.content_lines = self.counted(lines)
        if held:
            room = self.room()
            if count < room:
                lines = [*lines, *[Text("")] * (room - count)]
            super().show_lines(lines or [NO_LINE])
            return
        self.steady = False  # (fewer lines lay it out too)
        try:
            super().show_lines(lines or [NO_LINE])
        finally:
            del self.steady
        self._most = (self._most[0], count)  # (the most from here)
        if self._held.width is not None and self._held.height != count:
            self.refresh(layout=True)  # (the same lines, held higher than they need)

    def _at(self, width: int) -> tuple[list[Text], list[tuple]]:
        keys = self._keys
        if len(keys) == 1 and keys[0] == NO_LINE_KEY:
            return [], []
        return super()._at(width)
