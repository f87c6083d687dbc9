"""What a key costs Pontifuse, Second Story and Shipwreck, by counts: a new board (and its early bird)
lays nothing out; the bank's chips and the grid's rows are built once for what they show, and the parts
made at less cost (the house's block joined at once, the lairs drawn by lines) draw what they drew."""

import random

from rich.text import Text
from textual.app import App
from textual.geometry import Region

from tabletop_tui import catalog
from tabletop_tui.rules.components.decktet import SUITS
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.second_story import SecondStoryScreen
from tabletop_tui.ui.screens.shipwreck import ShipwreckScreen
from tabletop_tui.ui.widgets import things
from tabletop_tui.ui.widgets.columns import QuickTable
from tabletop_tui.ui.widgets.common import Drawn
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.kept import Kept
from tabletop_tui.ui.widgets.things import SUIT_GLYPH, SUIT_STYLE
from test_ui_frames import Counts, places, quiet, scene_app
from ui_helpers import shown, side_by_side_appended


async def test_pontifuses_next_board_and_early_bird_lay_nothing_out(make_app, store, monkeypatch):
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "pontifuse")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        game = screen.game
        view = game.view
        # the next board, its early bird: what a key that ends a board and one that flanks first show
        monkeypatch.setattr(game, "view", lambda seat: dict(view(seat), board_number=2, early_bird=1))
        where = places(screen)
        counts.reset()
        screen.refresh_table()
        await quiet(pilot, counts)
        assert counts.layouts == 0 and places(screen) == where
        assert "board 2 of at most 3 (the earlier one scoreless)" in shown(screen.query_one("#title-bar"))
        assert "Early bird: Bo." in " ".join(shown(screen.query_one("#pf-notes")).split())


def check_second_storys_bank_and_joins(store, monkeypatch):
    """The bank builds only the suits it changed; the house's blocks join span for span as before."""
    players, seed, options, moves = catalog.get("second-story").screenshot_scene()
    session = Session.new("second-story", players, seed, options, [], store)
    session.autoplay(moves)
    view = session.game.view(None)

    def screen_showing(into: list) -> SecondStoryScreen:
        screen = SecondStoryScreen.__new__(SecondStoryScreen)
        screen._blocks, screen._cells = Kept(), Kept()
        monkeypatch.setattr(screen, "query_one", lambda *_: type("Part", (), {"show_lines": staticmethod(into.append)}))
        return screen

    shown_lines: list = []
    screen = screen_showing(shown_lines)
    built = []
    bank_cell = SecondStoryScreen.bank_cell
    monkeypatch.setattr(SecondStoryScreen, "bank_cell", staticmethod(lambda s, n: built.append(s) or bank_cell(s, n)))
    screen.show_bank(view)
    assert len(built) == 6
    suit = next(s for s, n in view["bank"].items() if n)
    after = dict(view, bank=dict(view["bank"], **{suit: view["bank"][suit] - 1}))
    built.clear()
    screen.show_bank(after)
    screen.show_bank(view)
    assert built == [suit]  # one suit taken from: its chips built, the rest kept; and back, all kept
    fresh: list = []
    screen_showing(fresh).show_bank(after)
    assert [(line.plain, line.spans, line.style) for line in shown_lines[1]] == \
        [(line.plain, line.spans, line.style) for line in fresh[0]]
    # blocks are joined span for span as rich's calls, piece by piece, join them
    rnd = random.Random(5)
    styles = ["", "bold", "dim", "bold red", "#4aa3ff"]
    for _ in range(200):
        blocks = [[Text("x" * rnd.randrange(4), style=rnd.choice(styles)) + Text("ab"[: rnd.randrange(3)], style=rnd.choice(styles))
                   for _ in range(rnd.randrange(1, 5))] for _ in range(rnd.randrange(1, 4))]
        gap = rnd.randrange(3)
        assert [(line.plain, line.spans, line.style) for line in things.side_by_side(blocks, gap)] == \
            [(line.plain, line.spans, line.style) for line in side_by_side_appended(blocks, gap)]


def old_lairs_table(view: dict) -> QuickTable:
    """The lairs as Second Story drew them before: a QuickTable in a Drawn."""
    names, current = view["players"], view["current"]
    lairs = QuickTable(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    lairs.add_column("Lairs", no_wrap=True)
    for s in SUITS:
        lairs.add_column(Text(SUIT_GLYPH[s], style=SUIT_STYLE[s]), justify="right")
    lairs.add_column("", no_wrap=True)
    for seat, lair in enumerate(view["lairs"]):
        extra = "Excuse" if view.get("excuse_holder") == seat and not view.get("excuse_beside_bag") else ""
        lairs.add_row(Text(names[seat], style="bold" if seat == current else ""),
                      *[Text(str(lair[s]), style=SUIT_STYLE[s] if lair[s] else "dim") for s in SUITS],
                      Text(extra, style="italic"))
    return lairs


class TwoParts(App):
    def compose(self):
        yield Drawn(id="old")
        yield TextLines(id="new")


async def test_second_storys_lairs_bank_and_house_draw_what_they_drew_at_less_cost(store, monkeypatch):
    check_second_storys_bank_and_joins(store, monkeypatch)
    def runs(widget) -> list:
        merged: list = []  # each run of one style (as a snapshot merges them), without the offsets' meta
        for strip in widget.render_lines(Region(0, 0, widget.size.width, widget.size.height)):
            for segment in strip:
                style = segment.style.clear_meta_and_links() if segment.style else None
                if merged and merged[-1][1] == style:
                    merged[-1] = (merged[-1][0] + segment.text, style)
                else:
                    merged.append((segment.text, style))
            merged.append(("\n", None))
        return merged

    rnd = random.Random(3)
    async with TwoParts().run_test(size=(46, 20)) as pilot:
        old, new = pilot.app.query_one("#old", Drawn), pilot.app.query_one("#new", TextLines)
        screen = SecondStoryScreen.__new__(SecondStoryScreen)
        for _ in range(12):
            n = rnd.randrange(2, 6)
            view = {"players": ["".join(rnd.choice("ABCxyz") for _ in range(rnd.randrange(1, 13))) for _ in range(n)],
                    "current": rnd.randrange(n), "excuse_holder": rnd.choice([None, *range(n)]),
                    "excuse_beside_bag": rnd.random() < 0.3,
                    "lairs": [{s: rnd.choice([0, 0, 1, 3, 12]) for s in SUITS} for _ in range(n)]}
            old.update(old_lairs_table(view))
            new.show_lines(screen.lairs_lines(view, 46))
            await pilot.pause()
            assert runs(new) == runs(old)


def test_shipwrecks_grid_builds_again_only_the_seats_a_move_changed(store, monkeypatch):
    players, seed, options, moves = catalog.get("shipwreck").screenshot_scene()
    session = Session.new("shipwreck", players, seed, options, [], store)
    session.autoplay(moves)
    game = session.game
    assert not game.view(None)["showdown"]
    screen = ShipwreckScreen.__new__(ShipwreckScreen)
    screen._seat_lines = Kept()
    built = []
    seat_line = ShipwreckScreen.seat_line
    monkeypatch.setattr(ShipwreckScreen, "seat_line", lambda self, view, seat, *a: built.append(seat) or
                        seat_line(self, view, seat, *a))
    before = screen.grid_lines(game.view(None), 45)
    assert sorted(built) == list(range(len(players)))
    view = game.view(None)
    for _ in range(20):  # moves until one changes a row (a board, or who acts)
        seat = game.to_act()[0]
        session.play(seat, game.legal_moves(seat)[0])
        after = game.view(None)
        changed = {s for s in range(len(players)) if after["boards"][s] != view["boards"][s]
                   or (s in after["to_act"]) != (s in view["to_act"])}
        if changed or after["showdown"]:
            break
    assert changed and not after["showdown"]
    built.clear()
    lines = screen.grid_lines(after, 45)
    assert sorted(built) == sorted(changed) and len(changed) < len(players)
    fresh = ShipwreckScreen.__new__(ShipwreckScreen)
    fresh._seat_lines = Kept()
    assert [(line.plain, line.spans) for line in lines] == \
        [(line.plain, line.spans) for line in fresh.grid_lines(after, 45)]
    assert [(line.plain, line.spans) for line in before] != [(line.plain, line.spans) for line in lines]
