"""King of the Beach and Short Bus to Paradise, by counts: a part of the table whose number of lines
changes from one person's key to the next keeps the most lines it has had (the rest blank), lays
nothing out and moves nothing; what the table shows outside a person's key (as the screen opens, a
computer's move) is laid out at the lines it needs."""

import random

import pytest
from textual import events
from textual.widget import Widget

from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import text_key
from test_ui_frames import Counts, move_key, places, quiet, scene_app

PARTS = {"king-of-the-beach": ("#kb-status", "#kb-fight", "#kb-hand", "#kb-goodies"),
         "short-bus-to-paradise": ("#sb-pot", "#sb-docks", "#sb-hand")}


@pytest.mark.parametrize("game_id", sorted(PARTS))
async def test_a_part_keeps_its_most_lines_from_key_to_key_and_needs_them_only_outside_a_key(
        make_app, store, monkeypatch, game_id):
    counts = Counts(monkeypatch)
    asked: list[str] = []  # the widgets that asked for a layout
    refresh = Widget.refresh

    def counted(widget, *regions, repaint=True, layout=False, recompose=False):
        if layout:
            asked.append(f"#{widget.id}")
        return refresh(widget, *regions, repaint=repaint, layout=layout, recompose=recompose)

    monkeypatch.setattr(Widget, "refresh", counted)
    app = scene_app(make_app, store, game_id)
    rnd = random.Random(4)
    held = 0  # parts shown with fewer lines than their height, by a key
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        parts = {part: screen.query_one(part) for part in PARTS[game_id]}
        # as the screen opens, each part is as high as its lines (the hint line none when it says nothing)
        assert {p: w.region.height for p, w in parts.items()} == {p: w.content_lines for p, w in parts.items()}
        most = {part: widget.region.height for part, widget in parts.items()}
        for press in range(10):
            if screen.session.over():
                break
            before = places(screen)
            counts.reset()
            asked.clear()
            app.post_message(events.Key(key := move_key(screen, rnd), key))
            await quiet(pilot, counts)
            assert counts.frames == 1
            for part, widget in parts.items():
                lines, height = widget.content_lines, widget.region.height
                where = f"{game_id}, press {press} ({key!r}), {part}: {lines} lines"
                if lines <= most[part]:  # as many lines as it has had, or fewer: nothing laid out for it
                    assert part not in asked and height == most[part], where
                    assert [t.plain for t in widget._at(widget._width)[0][lines:]] == [""] * (height - lines), where
                    held += lines < height
                most[part] = max(most[part], lines)
                assert height == most[part], where
            if not set(asked) - set(PARTS[game_id]):  # (no other widget asked for a layout)
                assert counts.layouts <= bool(asked) and (asked or places(screen) == before)
        assert held >= 2
        # outside a key (a computer's move, the screen opening): each part laid out at its lines
        for widget in parts.values():
            widget._keys = []  # (drawn anew: as after a move)
        screen.refresh_table()
        await quiet(pilot, counts)
        assert {p: w.region.height for p, w in parts.items()} == {p: w.content_lines for p, w in parts.items()}
        if game_id == "short-bus-to-paradise":  # each player's dock built once for what it shows
            built: list[int] = []
            dock_text = type(screen).dock_text
            monkeypatch.setattr(type(screen), "dock_text", lambda s, view, seat, *a: built.append(seat) or
                                dock_text(s, view, seat, *a))
            view = screen.game.view(screen.viewer())
            kept = [text_key(line) for line in screen.docks_lines(view)]
            assert built == [] and kept == [text_key(line) for line in parts["#sb-docks"]._texts]
            screen._docks.clear()
            assert [text_key(line) for line in screen.docks_lines(view)] == kept
            assert built == list(range(len(screen.game.players)))


def test_a_row_of_the_pyramid_is_painted_as_a_canvas_draws_it():
    """The pyramid's rows are painted by the columns where a text starts or ends: the same lines (text
    and spans, so the same segments) as the Canvas drew them cell by cell, over random rows."""
    from rich.style import Style

    from tabletop_tui.rules.components.cards import STANDARD
    from tabletop_tui.rules.king_of_the_beach import ROWS, fmt
    from tabletop_tui.ui.screens import king_of_the_beach as kb
    from tabletop_tui.ui.widgets.cards import Canvas, chip
    from tabletop_tui.ui.widgets.columns import cut

    def canvas_row(r, view, pyramid, cards, values, marks, stone, cw):  # the row as the Canvas drew it
        names, n, viewer, row = view["names"], len(view["players"]), view["viewer"], ROWS[r]
        width = cw * 4 + 3
        canvas = Canvas(width, 2 if r == len(ROWS) - 1 else 3)
        left = (width - (len(row) * cw + len(row) - 1)) // 2
        for i, space in enumerate(row):
            x = left + i * (cw + 1)
            occupant = pyramid[space - 1]
            style = marks.get(space) or (kb.ME if occupant == viewer else kb.PLAYER if occupant < n else kb.ROBOT)
            canvas.put(x, 0, (f"{space} " + cut(names[occupant], cw - len(str(space)) - 1)).ljust(cw), style)
            canvas.put(x, 1, " " * cw, style)
            if cards[space - 1] is not None:
                text, cstyle = chip(cards[space - 1])
                canvas.put(x + 1, 1, text, cstyle)
                canvas.put(x + 6, 1, fmt(values[space - 1]), style)
            if stone == space:
                canvas.put(x + cw - 1, 1, "●", style + kb.STONE_STYLE)
        return canvas.text().split("\n", allow_blank=True)

    rnd = random.Random(7)
    names = ["Ada", "Bo", "Cyrillaaaaaaaaaaa", "D", "Robot A", "Robot B", "Robot C", "Robot D", "Robot E", "Robot F"]
    for _ in range(150):
        players = rnd.randint(2, 6)
        view = {"names": names, "players": names[:players], "viewer": rnd.choice([None, 0, 1, players - 1])}
        pyramid = rnd.sample(range(10), 10)
        cards = [rnd.choice([None, rnd.choice(STANDARD).code]) for _ in range(10)]
        values = [rnd.choice([None, 7, 10, 12.5, 3]) for _ in range(10)]
        marks = {rnd.randint(1, 10): rnd.choice([kb.NEXT, kb.ATTACK, kb.DEFEND, Style(bold=True)])
                 for _ in range(rnd.randint(0, 3))}
        args = (view, pyramid, cards, values, marks, rnd.choice([None, *range(1, 11)]), rnd.randint(9, 16))
        for r in range(len(ROWS)):
            drawn, expected = kb.KingOfTheBeachScreen.draw_row(None, r, *args), canvas_row(r, *args)  # type: ignore[arg-type]
            assert [text_key(line) for line in drawn] == [text_key(line) for line in expected]
            assert [(line.justify, line.no_wrap) for line in drawn] == [(line.justify, line.no_wrap) for line in expected]
