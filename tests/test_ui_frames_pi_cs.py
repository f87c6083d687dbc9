"""What passing the keyboard costs the tables of Penniless and Insane and Caribbean Star, by counts: the
table drawn again for a person it was drawn for before (each seat in turn, as the keyboard goes round)
lays nothing out and draws none of its lines and none of its cards again, and shows that person's own
hand; a hand drawn from its cards' kept rows looks as its canvas draws it, segment for segment, in every
layout (apart, touching, overlapping, wrapped, marked cards risen)."""

import random

import pytest
from textual.app import App
from textual.geometry import Region

from tabletop_tui.ui.widgets import cards
from tabletop_tui.rules.components.cards import card, deck
from tabletop_tui.ui.widgets.cards import CardHand, CardWidget
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
    cards_drawn: list = []  # a card drawn (its value), or a card widget's lines drawn
    card_rows, draw = cards.card_rows, CardWidget._draw
    monkeypatch.setattr(cards, "card_rows",
                        lambda *args, **kwargs: cards_drawn.append(args[0]) or card_rows(*args, **kwargs))
    monkeypatch.setattr(CardWidget, "_draw", lambda widget, width: cards_drawn.append(widget) or draw(widget, width))
    app = scene_app(make_app, store, game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        game = screen.game
        views = [game.view(seat) for seat in range(len(game.players))]
        hand = screen.query_one(hand_id, CardHand)
        parts = [w for w in screen.query("#table *") if isinstance(w, ByLines)]
        shown_to = {}  # each person's hand, as it was drawn for them
        for view in views:  # the keyboard round the table once: each person's table drawn
            screen.show_table(view)
            await quiet(pilot, counts)
            shown_to[view["viewer"]] = look(hand)
        assert cards_drawn and sum(part.drawn for part in parts)  # (what is counted is drawn here)
        counts.reset()
        for view in views:  # and round once more: nothing drawn again, nothing laid out
            drawn = [part.drawn for part in parts]
            cards_drawn.clear()
            screen.show_table(view)
            await quiet(pilot, counts)
            assert [part.drawn for part in parts] == drawn and cards_drawn == [], view["viewer"]
            assert [c.code for c in hand.cards] == view["hand"]
            assert look(hand) == shown_to[view["viewer"]]  # their own hand, never the last person's
        assert counts.layouts == 0
        shown = look(hand)
        hand._forget_drawn()  # the last person's hand drawn anew: as it was shown from what was kept
        hand.refresh()
        await quiet(pilot, counts)
        assert cards_drawn and look(hand) == shown


def segments(strips) -> list:
    return [[(seg.text, seg.style) for seg in strip] for strip in strips]


class HandApp(App):
    def compose(self):
        yield CardHand(id="hand")


async def test_a_hand_drawn_from_its_cards_rows_looks_as_its_canvas_draws_it():
    """Random hands (face down cards, jokers, dim, marked and risen, the cursor's) at random widths, from
    cards apart to several rows of overlapping cards: the same strips as the canvas's, segment for segment
    (where two cards' runs of one style touch, one segment, as the canvas cuts it)."""
    rng = random.Random(21)
    pool = deck(jokers=2) + [None] * 4
    app = HandApp()
    async with app.run_test(size=(100, 12)) as pilot:
        hand = app.query_one(CardHand)
        hand.focus()
        layouts = set()
        for _ in range(60):
            n = rng.randint(1, 24)
            pick = rng.choice(["none", "one", "many"])
            hand.set_cards([rng.choice(pool) for _ in range(n)], pick=pick,
                           unavailable=rng.sample(range(n), rng.randint(0, n // 2)),
                           marked=rng.sample(range(n), rng.randint(0, n)) if pick == "many" else None)
            hand.cursor = rng.randrange(n)
            base = hand.visual_style.rich_style
            for width in (rng.randint(5, 100), rng.randint(5, 30)):
                lines = hand._lines(width, base)
                assert lines is not None
                assert segments(lines) == segments(hand.canvas(width).strips(base))
                step, rows = hand.layout_for(width)
                layouts.add(({6: "apart", 5: "touching"}.get(step, "overlapping"), len(rows) > 1,
                             bool(hand._lift() and hand.marked)))
        await pilot.pause()
        # every layout met: apart, touching, overlapping; in one row or wrapped; marked cards risen or not
        assert {(kind, wrapped, risen) for kind in ("apart", "touching", "overlapping") for wrapped in (False, True)
                for risen in (False, True) if not (kind == "apart" and wrapped)} <= layouts


class CanvasHand(CardHand):
    """A hand that draws every cell of every card on its canvas."""

    def _lines(self, width, base):
        return None


class HandsApp(App):
    CSS = "CardHand { width: 44; }"

    def compose(self):
        yield CardHand(id="kept")
        yield CanvasHand(id="plain")


@pytest.mark.parametrize("cards, unavailable", [
    (["AS", "10H", "7C"], []),  # apart, one row
    (["2D", None, "QH", "JK1", "KC"], [0, 3]),  # face down, a joker, some dim
    ([f"{r}S" for r in "23456789"], [2]),  # touching, then overlapping
])
async def test_a_hand_shown_from_its_cards_rows_looks_as_its_canvas_shows_it(cards, unavailable):
    """On the screen, styled (the widget's lines as the screen takes them)."""
    app = HandsApp()
    async with app.run_test(size=(60, 20)) as pilot:
        kept, plain = app.query_one("#kept", CardHand), app.query_one("#plain", CardHand)
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


async def test_the_round_s_end_and_the_next_deal_lay_nothing_out_and_show_no_last_hand(make_app, store, monkeypatch):
    """Penniless and Insane: at the round's end the summary is drawn where the pool was and the hand is
    left blank at its height (no layout; its lines hold no card of the last person's hand, nor does the
    pool's text hold the pool's cards); at the deal the pool and the new hand come back, still without a
    layout."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "penniless-and-insane")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        game = screen.game
        pool, hand = screen.query_one("#pi-pool", CardHand), screen.query_one("#pi-hand", CardHand)
        last_hand = last_pool = None
        for _ in range(40):  # the scene's round played to its end
            if game.phase == "scored":
                break
            last_hand, last_pool = list(hand.cards), list(pool.cards)
            heights = (pool.region.height, hand.region.height)
            counts.reset()
            await pilot.press(screen.query_one("#actions").actions[0].key)
            await quiet(pilot, counts)
        assert game.phase == "scored" and last_hand and last_pool
        assert counts.layouts == 0 and (pool.region.height, hand.region.height) == heights
        hand_lines = look(hand)
        assert len(hand_lines) == heights[1] and hand.cards == [] and hand.text_shown is not None
        assert all(not text.strip() for line in hand_lines for text, _ in line)  # blank: no card at all
        summary = "\n".join("".join(text for text, _ in line) for line in look(pool))
        assert all(name in summary for name in game.players) and pool.cards == []
        assert not any(card(c).code in hand.render().plain for c in last_hand if c is not None)
        assert "╭" not in summary  # lines of text, no card drawn
        counts.reset()
        await pilot.press(screen.query_one("#actions").actions[0].key)  # the deal
        await quiet(pilot, counts)
        assert game.phase == "bid" and counts.layouts == 0
        assert [c.code for c in hand.cards] == game.view(screen.viewer())["hand"] and hand.text_shown is None
        assert [c.code for c in pool.cards] == [c.code for c in game.pool] and len(look(hand)) == heights[1]
