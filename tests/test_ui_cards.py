"""The playing-card widgets: a hand chosen from by key and by click, spread or overlapped to fit, a pile,
a row of spots; and snapshots of each at 80x24."""

from pathlib import Path

import pytest
from textual.app import App
from textual.containers import Horizontal

from tabletop_tui.ui.widgets.cards import (
    CARD_WIDTH, CardHand, CardPile, PlayingCard, Spot, SpotRow, card_lines, chip_text)
from ui_helpers import settle, shown

STYLES = Path(__file__).resolve().parent.parent / "tabletop_tui" / "ui" / "styles"
SEVEN = "AS 10H QC 2D JK1 KS 7H".split()
TWENTY = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D 8D".split()


class CardsApp(App):
    """The widgets on their own, in the program's stylesheet; what they post is kept in `posted`."""

    CSS_PATH = [str(STYLES / "app.tcss"), str(STYLES / "screens.tcss")]

    def __init__(self, *widgets):
        super().__init__()
        self.widgets = widgets
        self.posted = []

    def compose(self):
        yield from self.widgets

    def on_card_hand_chosen(self, message):
        self.posted.append(("chosen", message.indices, message.codes))

    def on_card_hand_marked(self, message):
        self.posted.append(("marked", message.indices))

    def on_spot_row_chosen(self, message):
        self.posted.append(("spot", message.index))

    def on_card_pile_clicked(self, message):
        self.posted.append(("pile", message.pile.label))


async def test_choosing_one_card_by_key():
    hand = CardHand(SEVEN, pick="one")
    app = CardsApp(hand)
    async with app.run_test(size=(80, 24)) as pilot:
        hand.focus()
        await pilot.press("right", "right", "right", "enter")
        await pilot.press("left", "space")
        await pilot.press("end", "enter", "home", "left", "enter")  # the cursor wraps round
        await settle(pilot)
    assert app.posted == [("chosen", [3], ["2D"]), ("chosen", [2], ["QC"]), ("chosen", [6], ["7H"]),
                          ("chosen", [6], ["7H"])]


async def test_marking_several_cards_by_key_then_choosing_them():
    hand = CardHand(SEVEN + [None], pick="many", limit=3, unavailable={1})
    app = CardsApp(hand)
    async with app.run_test(size=(80, 24)) as pilot:
        hand.focus()
        await pilot.press("space", "right", "space")  # the 10 of hearts cannot be chosen: nothing marked
        await pilot.press("right", "space", "right", "right", "right", "right", "right", "space")
        await pilot.press("left", "space")  # a fourth is over the limit
        await pilot.press("right", "space", "left", "space")  # unmark and mark again
        await pilot.press("enter")
        await settle(pilot)
    assert hand.marked == [0, 2, 6]
    assert app.posted[-1] == ("chosen", [0, 2, 6], ["AS", "QC", "7H"])
    marks = [p[1] for p in app.posted if p[0] == "marked"]
    assert marks == [[0], [0, 2], [0, 2, 7], [0, 2], [0, 2, 6]]


async def test_enter_with_nothing_marked_chooses_the_card_under_the_cursor():
    hand = CardHand(SEVEN, pick="many")
    app = CardsApp(hand)
    async with app.run_test(size=(80, 24)) as pilot:
        hand.focus()
        await pilot.press("right", "enter")
        await settle(pilot)
    assert app.posted == [("chosen", [1], ["10H"])]


async def test_a_shown_hand_chooses_nothing():
    hand = CardHand(SEVEN)
    app = CardsApp(hand)
    async with app.run_test(size=(80, 24)) as pilot:
        hand.focus()
        await pilot.press("right", "space", "enter")
        await pilot.click(CardHand, offset=(1, 1))
        await settle(pilot)
    assert app.posted == []


async def test_choosing_by_click_spread_and_overlapped():
    spread = CardHand(SEVEN, pick="one", id="spread")
    packed = CardHand(TWENTY, pick="one", id="packed")
    app = CardsApp(spread, packed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#spread", offset=(6 * 4 + 2, 2))  # the fifth card, a column between cards
        await pilot.click("#spread", offset=(5, 2))  # the gap between two cards: nothing
        step, rows = packed.layout_for(80)
        assert step == 3 and len(rows) == 1  # twenty cards overlap in one row
        await pilot.click("#packed", offset=(3 * 8 + 1, 1))  # the ninth card's slice
        await pilot.click("#packed", offset=(3 * 19 + 4, 3))  # the last card is whole
        await settle(pilot)
    assert app.posted == [("chosen", [4], ["JK1"]), ("chosen", [8], ["10C"]), ("chosen", [19], ["8D"])]


async def test_marking_by_click():
    hand = CardHand(SEVEN, pick="many")
    app = CardsApp(hand)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click(CardHand, offset=(2, 3))
        await pilot.click(CardHand, offset=(6 * 2 + 2, 3))
        await pilot.click(CardHand, offset=(2, 2))  # a marked card rises a row: still found
        await settle(pilot)
        assert hand.marked == [2]
        hand.focus()
        await pilot.press("enter")
        await settle(pilot)
    assert app.posted[-1] == ("chosen", [2], ["QC"])


async def test_hands_fit_their_width_spread_touching_overlapped_or_wrapped():
    hands = {n: CardHand((TWENTY * 2)[:n], id=f"h{n}") for n in (13, 15, 20, 40)}
    app = CardsApp(*hands.values())
    async with app.run_test(size=(80, 30)) as pilot:
        await settle(pilot)
        assert hands[13].layout_for(80) == (CARD_WIDTH + 1, [list(range(13))])  # a column between cards
        assert hands[15].layout_for(80) == (CARD_WIDTH, [list(range(15))])  # side by side
        assert hands[20].layout_for(80)[0] == 3
        assert len(hands[40].layout_for(80)[1]) == 2  # two rows
        assert hands[15].layout_for(40)[0] == 3 and len(hands[15].layout_for(40)[1]) == 2
        for hand in hands.values():
            lines = shown(hand).splitlines()
            assert all(len(line.rstrip()) <= 80 for line in lines)
        text = shown(hands[20])
        for rank in ("2", "9", "10", "J", "Q", "K", "A"):  # every slice shows its rank, symbol and letter
            assert f"│{rank}" in text
        assert text.count("♣C") == 13 and text.count("♦D") == 7
        assert hands[40].size.height == 10


def test_a_card_face_up_and_face_down():
    assert card_lines("10H").plain.splitlines() == ["╭───╮", "│10 │", "│♥H │", "│  ♥│", "╰───╯"]
    assert card_lines("AS").plain.splitlines()[1:4] == ["│A  │", "│♠S │", "│  ♠│"]
    assert card_lines("JK2").plain.splitlines()[1:4] == ["│JK │", "│★2 │", "│  ★│"]
    assert card_lines(None).plain.splitlines()[2] == "│░░░│"
    assert card_lines("QC", cursor=True).plain.splitlines()[0] == "┏━━━┓"
    # every suit has its own symbol and letter, so that no suit is told by colour alone
    shapes = {code: card_lines(code).plain.splitlines()[2] for code in ("7C", "7D", "7H", "7S")}
    assert len(set(shapes.values())) == 4
    assert chip_text("10H").plain == "10♥" and chip_text("AS").plain == " A♠" and chip_text(None).plain == "░░░"


async def test_spots_choose_by_key_and_click():
    row = SpotRow([Spot(label=str(i + 1)) for i in range(7)], pick=True)
    row.set_spots(row.spots, unavailable={2})
    app = CardsApp(row)
    async with app.run_test(size=(80, 24)) as pilot:
        row.focus()
        await pilot.press("right", "enter", "right", "enter", "right", "space")  # spot 3 is taken
        await pilot.click(SpotRow, offset=(11 * 6 + 5, 1))
        await settle(pilot)
        assert "[ ● ]" in shown(row)
    assert app.posted == [("spot", 1), ("spot", 3), ("spot", 6)]


async def test_a_pile_shows_its_count_and_posts_a_click():
    pile = CardPile(31, None, "Deck")
    app = CardsApp(pile, CardPile(0, None, "Out"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click(CardPile)
        await settle(pilot)
        assert "Deck 31" in shown(pile) and "░░░" in shown(pile)
        pile.set_pile(1, "QH")
        await settle(pilot)
        assert "♥H" in shown(pile) and "Deck 1" in shown(pile)
    assert app.posted == [("pile", "Deck")]


# -- snapshots at 80x24 ------------------------------------------------------------------------------


async def _focus_and_mark(pilot):
    hand = pilot.app.query_one(CardHand)
    hand.focus()
    await pilot.press("right", "space", "right", "right", "space", "right")
    await settle(pilot)


def test_snapshot_hand(snap_compare):
    app = CardsApp(CardHand(SEVEN + [None], pick="many"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_focus_and_mark)


def test_snapshot_compact_hand_of_twenty(snap_compare):
    app = CardsApp(CardHand(TWENTY, pick="many"), CardHand(TWENTY[:15], id="fifteen"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_focus_and_mark)


def test_snapshot_piles(snap_compare):
    class Piles(CardsApp):
        def compose(self):
            with Horizontal():
                yield CardPile(31, None, "Deck")
                yield CardPile(5, "QH", "Discard")
                yield CardPile(1, "JK2", "Joker")
                yield CardPile(0, None, "Empty")
                yield PlayingCard("10S")
                yield PlayingCard(None)

    assert snap_compare(Piles(), terminal_size=(80, 24), run_before=settle)


@pytest.mark.parametrize("focused", [False, True])
def test_snapshot_row_of_spots(snap_compare, focused):
    spots = [
        Spot(("AS", "KD"), ("2C",), label="1"),
        Spot((None, None, None), ("QH", "QS", "QD"), won="above", label="2"),
        Spot(("10H", "10D", "10S", "JK2", "3C"), ("9C", "9D"), won="both", label="3"),
        Spot((), ("7S", "8S", "9S", "10S", "JS"), won="below", label="4"),
        Spot((None,), (), label="5"),
        Spot(label="6"),
        Spot(label="7"),
    ]

    async def focus(pilot):
        if focused:
            row = pilot.app.query_one(SpotRow)
            row.focus()
            await pilot.press("right", "right", "right", "right")
        await settle(pilot)

    assert snap_compare(CardsApp(SpotRow(spots, pick=True)), terminal_size=(80, 24), run_before=focus)
