"""What a key costs Graveyard Shift, Monster Builder, Hotel Transylvania, Dungeon Crawl, Second Story and
Break the Bank, by counts: layouts of the whole screen, and the parts of the table built again."""

from rich.text import Text

from tabletop_tui import catalog
from tabletop_tui.rules.components.squares import square_name
from tabletop_tui.session import Session
from tabletop_tui.ui.screens import second_story
from tabletop_tui.ui.screens.break_the_bank import BreakTheBankScreen
from tabletop_tui.ui.screens.dungeon_crawl import DungeonCrawlScreen
from tabletop_tui.ui.screens.graveyard_shift import GraveyardShiftScreen
from tabletop_tui.ui.screens.hotel_transylvania import HotelTransylvaniaScreen
from tabletop_tui.ui.screens.monster_builder import MonsterBuilderScreen
from tabletop_tui.ui.widgets.kept import Kept
from tabletop_tui.ui.widgets.things import side_by_side
from test_ui_frames import Counts, places, quiet, scene_app
from ui_helpers import shown


async def test_choosing_a_spirit_and_letting_go_lays_nothing_out(make_app, store, monkeypatch):
    """The shift being set up is told in the notes, in place of the legend and on as few lines: choosing
    a Spirit and letting go (Escape) each draw one frame and lay nothing out, and nothing moves."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "graveyard-shift")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, GraveyardShiftScreen)
        game = screen.session.game
        while game.view(None)["phase"] != "shift":
            await pilot.press(screen.query_one("#actions").actions[0].key)
            await quiet(pilot, counts)
        view = game.view(None)
        spirit = next(i for i in range(18) if view["cards"][i] or view["backs"][i])
        notes = screen.query_one("#gs-notes")
        legend = shown(notes)
        assert "Pile" in legend
        where = places(screen)
        counts.reset()
        await pilot.press(*square_name(spirit, 3, 6))
        await quiet(pilot, counts)
        assert screen.group == [spirit] and "Chosen: the Spirit" in shown(notes)
        assert counts.layouts == 0 and places(screen) == where
        counts.reset()
        await pilot.press("escape")
        await quiet(pilot, counts)
        assert not screen.group and shown(notes) == legend
        assert (counts.frames, counts.layouts) == (1, 0) and places(screen) == where
        assert screen.query_one("#table").max_scroll_y == 0


async def test_a_new_turn_builds_only_the_blocks_of_the_table_that_changed(make_app, store, monkeypatch):
    """Monster Builder builds the dice, the fight, each monster's line and the bodies only when what they
    are drawn from changed; what it shows after each key is what a table built afresh shows."""
    built = []
    dice_block = MonsterBuilderScreen.dice_block
    monkeypatch.setattr(MonsterBuilderScreen, "dice_block", lambda self, view, big: built.append(1) or
                        dice_block(self, view, big))
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "monster-builder")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        table = screen.query_one("#mb-table")
        game = screen.session.game
        for _ in range(4):
            dice_before = {k: v for k, v in game.view(None).items() if k in ("research", "die", "built")}
            built.clear()
            await pilot.press(screen.query_one("#actions").actions[0].key)
            await quiet(pilot, counts)
            view = game.view(screen.viewer())
            dice = {k: v for k, v in view.items() if k in ("research", "die", "built")}
            assert len(built) <= (dice != dice_before)  # the dice built again only when they changed
            keys = list(table._keys)
            screen._blocks.clear()
            screen._drawn_from = None
            screen.show_table(view)  # built afresh: the same lines
            assert table._keys == keys


async def test_parts_keep_their_most_lines_and_the_hand_is_built_when_it_changed(make_app, store, monkeypatch):
    """Dungeon Crawl's parts keep the most lines they had at this size (the rest blank): a part given
    fewer lays nothing out. Hotel Transylvania's hand is built again only when what it shows changed."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "dungeon-crawl")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, DungeonCrawlScreen)
        now = screen.query_one("#dc-now")
        lines = [Text(f"line {i}") for i in range(now.region.height + 1)]
        screen.show_lines("#dc-now", lines)
        await quiet(pilot, counts)
        assert now.region.height == len(lines)
        where = places(screen)
        counts.reset()
        screen.show_lines("#dc-now", lines[:1])
        await quiet(pilot, counts)
        assert counts.layouts == 0 and places(screen) == where
        assert [line.strip() for line in shown(now).split("\n")] == ["line 0"] + [""] * (len(lines) - 1)
        await pilot.resize_terminal(81, 24)  # a new size counts anew: the kept lines let go
        await quiet(pilot, counts)
        assert now.region.height < len(lines)

    built = []
    hand_text = HotelTransylvaniaScreen.hand_text
    monkeypatch.setattr(HotelTransylvaniaScreen, "hand_text", lambda self, view: built.append(1) or
                        hand_text(self, view))
    app = scene_app(make_app, store, "hotel-transylvania")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        hand = screen.query_one("#ht-hand")
        view = screen.game.view(screen.viewer())
        built.clear()
        screen.show_table(view)
        screen.show_table(dict(view, hand=list(view["hand"] or [])))  # the same, anew
        assert built == []
        screen.show_table(dict(view, viewer=None, hand=None, order=None))  # between people: the public table
        await quiet(pilot, counts)
        assert built == [1] and "seen by its owner alone" in " ".join(shown(hand).split())


def test_second_storys_house_card_is_built_once_for_its_rolls(store, monkeypatch):
    """The house's card is built once for a house, whatever the rolls on it; the dice once for a roll;
    what the part shows is what it showed when both were built at each key."""
    players, seed, options, moves = catalog.get("second-story").screenshot_scene()
    session = Session.new("second-story", players, seed, options, [], store)
    session.autoplay(moves)
    view = session.game.view(None)
    house = view["house"]
    assert house
    shown = []
    screen = second_story.SecondStoryScreen.__new__(second_story.SecondStoryScreen)
    screen._blocks = Kept()
    monkeypatch.setattr(screen, "query_one", lambda *_: type("Part", (), {"show_lines": staticmethod(shown.append)}))
    built = []
    card_lines = second_story.card_lines
    monkeypatch.setattr(second_story, "card_lines", lambda h: built.append(1) or card_lines(h))
    rolls = [None, {"faces": [3, 7], "hits": [False, True], "target": 6, "success": True},
             {"faces": [0, 2], "hits": [True, False], "target": 5, "success": False}]
    for roll in rolls + rolls:
        screen.show_house(house, roll, None)
        fresh = side_by_side([card_lines(house), screen.dice_lines(roll, None)], gap=2)
        assert [line.plain for line in shown[-1]] == [line.plain for line in fresh]
        assert [line.spans for line in shown[-1]] == [line.spans for line in fresh]
    assert built == [1]


def test_break_the_banks_players_are_built_when_they_change(store, monkeypatch):
    """A player's line is built only when it shows something new (their money, turns, whose turn it
    is); the lines are those built afresh."""
    players, seed, options, moves = catalog.get("break-the-bank").screenshot_scene()
    session = Session.new("break-the-bank", players, seed, options, [], store)
    session.autoplay(moves)
    view = session.game.view(None)
    screen = BreakTheBankScreen.__new__(BreakTheBankScreen)
    screen._cells = Kept()
    built = []
    player = BreakTheBankScreen._player
    monkeypatch.setattr(BreakTheBankScreen, "_player", lambda self, v, seat: built.append(seat) or player(self, v, seat))
    n = len(view["players"])
    first = screen._players(view)
    assert built == list(range(n))
    built.clear()
    money = list(view["money"])
    money[0] += 25
    after = dict(view, money=money, current=(view["current"] + 1) % n)
    lines = screen._players(after)
    assert sorted(built) == sorted({0, view["current"], after["current"]})
    assert [line.plain for line in screen._players(view)] == [line.plain for line in first]
    fresh = BreakTheBankScreen.__new__(BreakTheBankScreen)
    fresh._cells = Kept()
    assert [(line.plain, line.spans) for line in fresh._players(after)] == [(line.plain, line.spans) for line in lines]


def test_hotels_rooms_are_built_when_they_change(monkeypatch):
    """A row of rooms shown to another viewer builds only the rooms whose mark changed, a card played
    only its room; the row is the one a screen with nothing kept draws."""
    built = []
    room_cells = HotelTransylvaniaScreen.room_cells
    monkeypatch.setattr(HotelTransylvaniaScreen, "room_cells",
                        staticmethod(lambda room, w, stack, mine: built.append(room) or room_cells(room, w, stack, mine)))

    def screen():
        made = HotelTransylvaniaScreen.__new__(HotelTransylvaniaScreen)
        made._room_cells = Kept()
        return made

    kept = screen()
    stacks = [[] for _ in range(52)]
    stacks[2], stacks[5] = [0, 1], [2]
    kept.ghosts_line(0, 4, stacks, {"2C", "7C"})
    assert sorted(built) == list(range(1, 14))
    # another viewer (the 7 no longer theirs, the 8 theirs), then a card played on the 5
    for stacks_now, hand, rooms in ((stacks, {"2C", "8C"}, [7, 8]), (stacks[:4] + [[1]] + stacks[5:], {"2C", "8C"}, [5])):
        built.clear()
        line = kept.ghosts_line(0, 4, stacks_now, hand)
        assert sorted(built) == rooms
        fresh = screen().ghosts_line(0, 4, stacks_now, hand)
        assert (line.plain, line.spans) == (fresh.plain, fresh.spans)
