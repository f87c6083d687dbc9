"""What a key costs Hotel Transylvania's board and hand, by counts: a line joined from pieces
(PiecedText) is drawn from its pieces' kept segments, the very segments its Text draws, offsets
included, and only the pieces it had not drawn before are worked out."""

import random

from tabletop_tui.ui.screens.hotel_transylvania import HotelTransylvaniaScreen
from tabletop_tui.ui.widgets.grid import TextLines, placed_strip
from test_ui_frames import Counts, quiet, scene_app


async def test_hotel_lines_drawn_from_their_pieces_are_their_texts(make_app, store, monkeypatch):
    """Over keys that move guests, play cards and pass the keyboard, each line of the board (and the
    hand's that fit) is drawn from its pieces, and what it draws is what its Text, cut by its spans and
    placed, draws, segment for segment; a key works out only the pieces no line had before (a room
    whose ghosts or marks changed, a row of guests), never the rooms it left alone."""
    counts = Counts(monkeypatch)
    worked: list[int] = []  # the pieces worked out, by id
    runs_of = TextLines._piece_runs_of
    monkeypatch.setattr(TextLines, "_piece_runs_of", lambda self, piece, base: worked.append(id(piece)) or
                        runs_of(self, piece, base))
    app = scene_app(make_app, store, "hotel-transylvania")
    rnd = random.Random(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, HotelTransylvaniaScreen)
        parts = [screen.query_one("#ht-board"), screen.query_one("#ht-hand")]
        viewers, compared, left_alone = set(), 0, 0
        for _ in range(14):
            if screen.session.over():
                break
            before = {id(got[0]) for part in parts for got in part._piece_runs.values()}  # (held there)
            worked.clear()
            actions = screen.query_one("#actions").actions
            await pilot.press(rnd.choice([a.key for a in actions]))
            await quiet(pilot, counts)
            viewers.add(screen.viewer())
            assert not set(worked) & before, "a piece worked out before was worked out again"
            board_pieces = [p for _, pieces in parts[0]._pieced.values() for p in pieces]
            left_alone += sum(id(p) in before for p in board_pieces)
            for part in parts:
                for y in range(part._line_count()):
                    key = part._line_key(y)
                    if key not in part._pieced:  # (the ranks; a hand's line wrapped, the last move)
                        assert part is parts[1] or y == 0
                        continue
                    drawn = part._pieced_strip(y, *part._pieced[key])
                    assert drawn is not None
                    assert list(drawn) == list(placed_strip(part._strip(part._line_text(y)), y)), (part.id, y)
                    assert drawn.cell_length == part._line_text(y).cell_len
                    compared += 1
        assert compared and len(viewers) > 1 and left_alone



async def test_a_hand_finds_what_it_shows_once_a_frame(monkeypatch):
    """A hand of cards drawn in a frame finds what it shows (its cards, marks, cursor) and its lines once
    for all its lines, where each line asked for them again; the lines are those drawn one by one."""
    from textual.app import App

    from tabletop_tui.ui.widgets.cards import CardHand

    class One(App):
        def compose(self):
            yield CardHand(["AS", "KH", "7C"], id="hand")

    asked: list[int] = []
    shown = CardHand._shown
    monkeypatch.setattr(CardHand, "_shown", lambda self: asked.append(1) or shown(self))
    async with One().run_test(size=(40, 10)) as pilot:
        hand = pilot.app.query_one(CardHand)
        await pilot.pause()
        frames = []
        for cards in (["2D", "3S", "QH"], ["9C", "10D", "JS"]):
            hand.set_cards(cards)
            asked.clear()
            await pilot.pause()
            frames.append(len(asked))
            lines = [hand.render_line(y) for y in range(hand.size.height)]
            assert lines == hand._draw(hand.size.width)
        assert frames == [1, 1]


async def test_a_line_that_only_moved_is_the_line_it_was(monkeypatch):
    """In a frame, a line is placed at no row, `(x, None)`: a line more above the others places only
    the new line, the others are the strips they were; a line asked for alone (where the mouse starts a
    selection) has its row in its offsets."""
    from rich.text import Text
    from textual.app import App

    class One(App):
        def compose(self):
            yield TextLines()

    placed: list[int] = []
    place = TextLines._place
    monkeypatch.setattr(TextLines, "_place", lambda self, y, key, framed=False: placed.append(y) or
                        place(self, y, key, framed))
    async with One().run_test(size=(40, 10)) as pilot:
        part = pilot.app.query_one(TextLines)
        lines = [Text(f"line {i}", style="bold") for i in range(4)]
        part.show_lines(lines)
        await pilot.pause()
        assert sorted(placed) == [0, 1, 2, 3]
        placed.clear()
        part.show_lines([Text("new", style="italic"), *lines])
        await pilot.pause()
        assert placed == [0] and part.size.height == 5
        alone = part.render_line(2)
        assert [segment.style.meta["offset"] for segment in alone] == [(0, 2)]
