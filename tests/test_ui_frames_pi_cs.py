"""What passing the keyboard costs the tables of Penniless and Insane and Caribbean Star, by counts: the
table drawn again for a person it was drawn for before (each seat in turn, as the keyboard goes round)
lays nothing out and draws none of its lines and none of its cards again, and shows that person's own
hand; a hand drawn from its cards' kept rows looks as the hand draws itself, segment for segment."""

import pytest
from textual.app import App
from textual.geometry import Region

from tabletop_tui.ui.widgets import cards
from tabletop_tui.ui.widgets.cards import CardHand, CardWidget, KeptHand
from tabletop_tui.ui.widgets.grid import ByLines
from test_ui_frames import Counts, quiet, scene_app


def look(widget) -> tuple:
    """What the widget shows: its lines, each as its segments (text and style)."""
    width, height = widget.size
    return tuple(tuple((seg.text, seg.style) for seg in strip)
                 for strip in widget.render_lines(Region(0, 0, width, height)))


@pytest.mark.parametrize("game_id, hand_id", [("penniless-and-insane", "#pi-hand"), ("caribbean-star", "#cs-hand")])
async def test_the_table_drawn_again_for_a_person_it_was_drawn_for_draws_nothing_again(make_app, store, monkeypatch,
                                                                                       game_id, hand_id):
    counts = Counts(monkeypatch)
    cards_drawn: list = []  # a card drawn (its value), a hand made of its rows, or drawn as CardHand draws it
    draw_card, draw, kept_draw = cards.draw_card, CardWidget._draw, KeptHand._draw
    monkeypatch.setattr(cards, "draw_card",
                        lambda *args, **kwargs: cards_drawn.append(args[3]) or draw_card(*args, **kwargs))
    monkeypatch.setattr(CardWidget, "_draw", lambda widget, width: cards_drawn.append(widget) or draw(widget, width))
    monkeypatch.setattr(KeptHand, "_draw", lambda hand, width: cards_drawn.append(hand) or kept_draw(hand, width))
    app = scene_app(make_app, store, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        game = screen.game
        views = [game.view(seat) for seat in range(len(game.players))]
        hand = screen.query_one(hand_id, KeptHand)
        parts = [w for w in screen.query("#table *") if isinstance(w, ByLines)]
        for view in views:  # the keyboard round the table once: each person's table drawn
            screen.show_table(view)
            await quiet(pilot, counts)
        assert cards_drawn and sum(part.drawn for part in parts)  # (what is counted is drawn here)
        counts.reset()
        for view in views:  # and round once more: nothing drawn again, nothing laid out
            drawn = [part.drawn for part in parts]
            cards_drawn.clear()
            screen.show_table(view)
            await quiet(pilot, counts)
            assert [part.drawn for part in parts] == drawn and cards_drawn == [], view["viewer"]
            assert [c.code for c in hand.cards] == view["hand"]
        assert counts.layouts == 0
        shown = look(hand)
        hand._kept.clear()  # the last person's hand drawn anew: as it was shown from what was kept
        hand._cards.clear()
        hand.refresh()
        await quiet(pilot, counts)
        assert cards_drawn and look(hand) == shown


class HandsApp(App):
    CSS = "CardHand { width: 44; }"

    def compose(self):
        yield KeptHand(id="kept")
        yield CardHand(id="plain")


@pytest.mark.parametrize("cards, unavailable", [
    (["AS", "10H", "7C"], []),  # apart, one row: drawn from the cards' kept rows
    (["2D", None, "QH", "JK1", "KC"], [0, 3]),  # face down, a joker, some dim
    ([f"{r}S" for r in "23456789"], [2]),  # touching, then overlapping: drawn as the hand draws them
])
async def test_a_hand_drawn_from_its_cards_rows_looks_as_the_hand_draws_itself(cards, unavailable):
    app = HandsApp()
    async with app.run_test(size=(60, 20)) as pilot:
        kept, plain = app.query_one("#kept", KeptHand), app.query_one("#plain", CardHand)
        for width in (44, 30):
            kept.styles.width = plain.styles.width = width
            for hand in (kept, plain):
                hand.set_cards(cards, pick="none", unavailable=unavailable)
            await pilot.pause()
            assert kept.size == plain.size
            assert look(kept) == look(plain)
            looks = []
            for hand in (kept, plain):  # the cursor's card, drawn while the hand has the focus
                hand.set_cards(cards, pick="one", unavailable=unavailable)
                hand.cursor = 1
                hand.focus()
                await pilot.pause()
                looks.append(look(hand))
            assert looks[0] == looks[1]
