"""The scoreboard drawn by lines (_ScoreRows): the same lines as the QuickTable it stands for, and a
scoreboard whose scores changed makes only the cells that changed."""

import random

from rich.text import Text
from textual.app import App
from textual.visual import RichVisual

from tabletop_tui.names import shown
from tabletop_tui.ui.widgets import columns as columns_module
from tabletop_tui.ui.widgets.columns import QuickTable
from tabletop_tui.ui.widgets.common import Scoreboard


def _as_quick_table(columns, rows, current, names) -> QuickTable:
    """The scoreboard as Scoreboard.show made it before: a QuickTable."""
    table = QuickTable(box=None, padding=(0, 1), expand=True, show_edge=False, header_style="bold dim")
    table.add_column("", width=1, no_wrap=True)
    table.add_column("", no_wrap=True, overflow="ellipsis", ratio=1)
    for c in columns:
        table.add_column(c, justify="right", no_wrap=True)
    for seat, cells in enumerate(rows):
        name = shown(names[seat]) if names else str(seat + 1)
        marker = Text("▶", style="bold green") if seat in current else Text(" ")
        table.add_row(marker, Text(name, style="bold" if seat in current else ""),
                      *(c if isinstance(c, Text) else Text(str(c)) for c in cells))
    return table


def _random_scores(rnd: random.Random):
    styles = ["", "bold", "yellow", "green", "bold red", "dim"]
    columns = rnd.sample(["$", "Pts", "Net", "Bid", "Steals", "Won", "Cards in hand", "x\ny"], rnd.randint(0, 4))
    if rnd.random() < 0.9:
        columns = [c for c in columns if "\n" not in c]
    players = rnd.randint(1, 6)
    rows = []
    for _ in range(players):
        row: list = []
        for _ in columns:
            kind = rnd.random()
            if kind < 0.3:
                row.append(rnd.randint(-20, 200))
            elif kind < 0.4:
                row.append(rnd.choice(["", "—", "JAILED", "漢字"]))
            else:
                cell = Text(rnd.choice(["", "$12", "✓", "+3", "a long cell of words", "♠ 10", "  lead", "trail  "]),
                            style=rnd.choice(styles))
                if rnd.random() < 0.2:
                    cell.append(" 7", style=rnd.choice(styles))
                if rnd.random() < 0.1:
                    cell.justify = rnd.choice(["left", "center"])
                if rnd.random() < 0.03:
                    cell = Text("two\nlines")
                row.append(cell)
        rows.append(row)
    names = rnd.choice([None, ["Ada", "Bo", "Cy", "Dee", "Ed", "Flo"],
                        ["A name far longer than any room", "漢字の名前", "Bo", "[bold]x", "Cy", "Dee"]])
    current = set(rnd.sample(range(players), rnd.randint(0, min(2, players))))
    return columns, rows, current, names


async def test_a_scoreboard_drawn_by_lines_draws_what_its_quick_table_draws():
    # one scoreboard shows table after table (its rows and cells kept from one to the next), at widths
    # from none to wide: every line, segment for segment, is the QuickTable's as Textual draws it
    class ScoresApp(App):
        def compose(self):
            yield Scoreboard(id="scores")

    app = ScoresApp()
    async with app.run_test(size=(40, 8)):
        scores = app.query_one(Scoreboard)
        style = scores.visual_style
        for seed in range(300):
            rnd = random.Random(seed)
            columns, rows, current, names = _random_scores(rnd)
            theirs = RichVisual(scores, _as_quick_table(columns, rows, current, names))
            scores.show(columns, rows, current, names)
            ours = scores.visual
            for width in (rnd.randint(1, 90), rnd.randint(8, 40)):
                expected = [list(strip) for strip in theirs.render_strips(width, None, style, None)]
                assert [list(strip) for strip in ours.render_strips(width, None, style, None)] == expected, (
                    f"seed {seed}, width {width}")
                assert ours.get_height(scores.styles, width) == len(expected)
        assert scores._rows_kept and any(
            head.cells_kept for head in scores._heads.values())  # (rows and cells were kept, and drawn)


async def test_a_scoreboard_makes_only_the_cells_that_changed(monkeypatch):
    made = []
    justified = columns_module._justified

    def counted(console, text, width, justify):
        made.append(text.plain)
        return justified(console, text, width, justify)

    monkeypatch.setattr(columns_module, "_justified", counted)

    class ScoresApp(App):
        def compose(self):
            yield Scoreboard(id="scores")

    app = ScoresApp()
    async with app.run_test(size=(40, 8)) as pilot:
        scores = app.query_one(Scoreboard)
        names = ["Ada", "Bo", "Cy"]
        scores.show(["$", "Pts"], [[Text("$5", style="yellow"), 3], [Text("$7", style="yellow"), 5],
                                   [Text("$9", style="yellow"), 0]], {0}, names)
        await pilot.pause()
        assert sorted(made) == sorted(["", "", "$", "Pts", "▶", "Ada", "$5", "3", " ", "Bo", "$7", "5", "Cy",
                                       "$9", "0"])  # (the blank marker made once: the same cell twice)
        made.clear()
        scores.show(["$", "Pts"], [[Text("$5", style="yellow"), 3], [Text("$7", style="yellow"), 9],
                                   [Text("$9", style="yellow"), 0]], {1}, names)  # Bo's points, and turn
        await pilot.pause()
        assert sorted(made) == ["9", "Ada", "Bo"]  # (the markers as they were in other rows)
        assert scores.render_lines(scores.region.reset_offset)[2].text.split() == ["▶", "Bo", "$7", "9"]
