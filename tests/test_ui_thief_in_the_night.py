"""Thief in the Night through the screens: two people place the last pieces with the cursor and play a
short night (dawn after one turn) behind the curtain, and no screen shown to one of them ever holds the
other's cards; the castle is built by hand for a few turns with its live validation."""

from __future__ import annotations

import random

import pytest
from rich.text import Text
from textual._compositor import Compositor
from textual.geometry import Region

from tabletop_tui import catalog
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.thief_in_the_night import N, square_name
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.thief_in_the_night import ThiefInTheNightScreen

from tabletop_tui.rules.components.cards import card
from tabletop_tui.ui.widgets.cards import chip_text
from tabletop_tui.ui.widgets.castle_map import CastleMap
from handoff_helpers import to_the_results
from test_ui_frames import Counts, move_key, quiet, scene_app
from ui_helpers import bar, screen_text, settle, shown


def twin(code: str) -> str:
    """The other deck's copy: "7S" and "7S.2" share a name and a short form."""
    return code[:-2] if code.endswith(".2") else code + ".2"


def assert_sees_only(app, session, seat) -> None:
    """As test_ui_curtain's, for two decks: a hidden card whose twin the seat may see is named alike and
    so proves nothing; every other hidden card must be absent."""
    text = screen_text(app)
    hidden = session.game.hidden_from(seat)
    for code in hidden:
        if twin(code) not in hidden:
            continue
        c = card(code)
        for spelled in (c.name.removeprefix("the "), chip_text(code).plain.strip()):
            assert spelled not in text, (seat, code, spelled)

GAME = "thief-in-the-night"


async def test_two_people_play_a_night_behind_the_curtain(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 5, {"dawn": 1}, store=store)
    captain = session.game.captain_seat
    # the captain and three guards stand away from the corners; the last two guards are placed on the screen
    for x, y, f in ((12, 20, "S"), (20, 12, "E"), (18, 12, "E"), (16, 12, "E")):
        session.play(captain, Move("post", (x, y, f)))
    session.release()
    app = make_app(start={"save": session.save_id})
    kinds = set()

    async def act(screen, viewer):
        actions = screen.query_one("#actions").actions
        if actions:
            assert all(a.seat == viewer for a in actions)
            real = [a for a in actions if a.move.kind not in ("ui",)]
            pick = real[0] if real else actions[0]
            kinds.add(pick.move.kind)
            await pilot.press(pick.key)
        else:  # placing: the cursor goes to a free square by its name (the guards to the south-east
            # corner, the thief to the north-west), where the bar offers its facings
            moves = screen.session.game.legal_moves(viewer)
            x, y = (moves[-1] if moves[0].kind == "post" else moves[0]).args[:2]
            await pilot.press(*square_name(y * N + x), "enter")

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await to_the_results(pilot, app, ThiefInTheNightScreen, act, steps=60, people=True)
        assert isinstance(app.screen, ResultsScreen)
        game = app.screen.session.game
    assert game.outcome() is not None and "Dawn" in game.outcome().summary
    assert {"post", "enter", "guard", "lead", "face"} <= kinds


async def test_building_by_hand_marks_walls_and_traps_and_says_what_is_missing(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 2, {"castle": "built"}, computer=[1], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        await pilot.press(":", "m", "1", "2", "enter")  # the gem, on a centre square typed by its name
        await settle(pilot, 2)
        assert screen.session.game.phase == "build"
        assert screen.session.game.castle.gem == 12 * 24 + 12 and any("puts the gem on m12." in e.text for e in screen.session.game.log)
        await pilot.press(":", "z", "9", "enter")  # no such square: nothing chosen, the cursor stays
        await settle(pilot, 2)
        assert screen.query_one(CastleMap).cursor == 12 * 24 + 12 and screen.query_one(CastleMap).typed is None
        # a wall in front of the cursor going up (a north edge), then going right (an east edge): a
        # letter on the map waits for the next key (it may begin a square's name); an arrow or Enter
        # makes it the key it is
        await pilot.press("up", "w", "right", "w", "enter")
        await settle(pilot, 2)
        game = screen.session.game
        assert sum(1 for ch in game.view(0)["north"] if ch == "1") == 1
        assert sum(1 for ch in game.view(0)["west"] if ch == "1") == 1
        await pilot.press("t", "enter")
        await settle(pilot, 2)
        assert "edges or traps, not both" in screen.error
        hands = " ".join(shown(screen.query_one("#tn-hands")).split())
        assert "Still missing: 6 more rooms, 60 more traps" in hands and "8 more edges" in hands
        await pilot.press("u", "enter")
        await settle(pilot, 2)
        assert sum(1 for ch in screen.session.game.view(0)["west"] if ch == "1") == 0
        await pilot.press("1")  # end the turn; the computer builds its turn
        await settle(pilot, 8)
        game = screen.session.game
        assert game.to_act() == [0] and game.phase == "build" and len(game.history) > 4


def thief_seat_of(seed: int) -> int:
    from tabletop_tui.rules.thief_in_the_night import ThiefInTheNight

    return ThiefInTheNight(["Ada", "Bo"], seed).thief_seat


async def test_a_square_typed_on_the_map_never_sets_off_the_key_of_its_letter(make_app, store):
    from tabletop_tui.rules.thief_in_the_night import parse_square
    from tabletop_tui.ui.screens.launcher import LauncherScreen
    from tabletop_tui.ui.screens.modals import LogScreen

    session = Session.new(GAME, ["Ada", "Bo"], 3, {}, computer=[thief_seat_of(3)], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        m = screen.query_one(CastleMap)
        assert screen.session.game.phase == "post"
        for name in ("s20", "l14", "m14", "q3", "u9", "v2"):
            await pilot.press(*name)
            await settle(pilot, 2)
            assert "digit: a square" not in shown(m).splitlines()[0]  # a name being typed
            await pilot.press("enter")
            await settle(pilot, 2)
            assert app.screen is screen and not isinstance(app.screen, LogScreen), name
            assert m.cursor == parse_square(name) and not m.overview and m.typed is None, name
        assert screen.session.game.phase == "post" and not screen.session.game.history
        # a letter alone says what it would do, and is that key with Enter, or with the key after it
        await pilot.press("m")
        await settle(pilot, 2)
        assert shown(m).splitlines()[0].strip() == "m  digit: a square · Enter: the whole castle"
        at = m.cursor
        await pilot.press("up")
        await settle(pilot, 2)
        assert m.overview and m.cursor == at - 24 and m.typed is None
        await pilot.press("m", "space")
        await settle(pilot, 2)
        assert not m.overview
        await pilot.press("s", "escape")  # forgotten
        await settle(pilot, 2)
        assert app.screen is screen and m.typed is None
        await pilot.press("s", "enter")  # save and leave, through the screen's own key
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)


async def captain_at_80x24(make_app, store, seed=5):
    """A person as the captain, moving his pieces, the computer the thief."""
    session = Session.new(GAME, ["Ada", "Bo"], seed, {"dawn": 30}, computer=[thief_seat_of(seed)], store=store)
    while session.game.phase != "captain":
        session.autoplay(1)
    session.release()
    return make_app(start={"save": session.save_id})


async def test_the_guards_labels_stand_apart_from_their_cards_at_80x24(make_app, store):
    import re

    app = await captain_at_80x24(make_app, store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        hands = shown(app.screen.query_one("#tn-hands")).splitlines()
        labels = []
        for line in hands[:4]:  # the captain, then the guards two to a line
            for part in line.split("│"):
                found = re.match(r"^ ?(C|G[1-5]) +\S", part)
                assert found, line
                labels.append(found.group(1))
                # nothing but cards after the label: a short card name, a space, the next
                cards = part.strip()[len(found.group(1)):].split()
                assert cards and all(re.fullmatch(r"(10|[2-9JQKA])[♠♥♦♣]", c) for c in cards), line
        assert labels == ["C", "G1", "G2", "G3", "G4", "G5"]


async def test_a_card_that_takes_a_guard_nowhere_is_not_offered(make_app, store):
    from tabletop_tui.rules.thief_in_the_night import N, WALL

    app = await captain_at_80x24(make_app, store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        p = screen.piece
        assert p and p not in game.moved
        # a wall before the guard and a face card in its hand: every face-card way starts forward
        at, facing = game.pos[p], game.facing[p]
        y, x = divmod(at, N)
        ahead = at + (-N, 1, N, -1)[facing]
        if facing == 0:
            game.castle.north[at] = WALL
        elif facing == 2:
            game.castle.north[ahead] = WALL
        elif facing == 3:
            game.castle.west[at] = WALL
        else:
            game.castle.west[ahead] = WALL
        game.castle.changed()
        face = next(c for c in game.cdeck if c.rank > 10)
        game.cdeck.remove(face)
        game.cdeck.append(game.hands[p].pop())
        game.hands[p].append(face)
        game._cache = game._sight_cache = None
        screen.refresh_table()
        await settle(pilot, 2)
        offered = [a.move.args[1] for a in screen.query_one("#actions").actions if a.move.kind == "ui"
                   and a.move.args[0] == "card"]
        assert face.code not in offered and offered
        assert set(offered) <= {c.code for c in game.hands[p]}


async def test_a_square_half_typed_never_reaches_the_next_person(make_app, store, monkeypatch):
    monkeypatch.setattr(CurtainScreen, "PAUSE", 0, raising=False)
    session = Session.new(GAME, ["Ada", "Bo"], 5, {}, store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press(getattr(app.screen, "key", "enter"))
            await settle(pilot, 2)
        screen = app.screen
        game = screen.session.game
        m = screen.query_one(CastleMap)
        captain = game.captain_seat
        for _ in range(5):
            screen.submit(captain, game.legal_moves(captain)[0])
        await settle(pilot, 2)
        await pilot.press(":", "e", "2")  # half typed when the last piece is placed, as by a click
        await settle(pilot, 2)
        assert m.typed == "e2"
        screen.submit(captain, screen.session.game.legal_moves(captain)[0])
        await settle(pilot, 2)
        assert screen.session.game.phase == "enter" and not screen.input_open()
        assert m.typed is None
        await pilot.press("enter")  # pass the keyboard: the curtain, lifted by the thief
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press(getattr(app.screen, "key", "enter"))
        await settle(pilot, 3)
        assert app.screen is screen and screen.input_open() and m.typed is None
        assert "Go to square" not in shown(m).splitlines()[0]


def test_the_map_draws_watched_squares_targets_and_doors_with_shapes_not_colours_alone():
    """Watched, chosen-sight and target squares have characters of their own; a wall on a square's south
    side underlines the whole square, a door only its west half (a broken line, like ┆ beside ┃)."""
    from tabletop_tui.ui.widgets.castle_map import CHOSEN_MARK, SEEN_MARK, TARGET_MARK

    n = 24
    north, west, sight = ["0"] * n * n, ["0"] * n * n, ["0"] * n * n
    sight[0] = sight[1] = "1"  # a24 and b24 watched
    north[n + 3] = "1"  # a wall between d24 and d23
    north[n + 4] = "2"  # a door between e24 and e23
    m = CastleMap()
    m.cursor = n - 1  # x24: the top row in view
    m.show({"north": "".join(north), "west": "".join(west), "traps": "0" * n * n, "gem": None, "pieces": [],
            "thief": None, "sight": "".join(sight)}, targets={5}, chosen_sight={1})
    text = m.render_detail()
    row = text.split("\n")[1]  # the castle's top row, 24
    assert row.plain.startswith(f"24 │{SEEN_MARK}{CHOSEN_MARK}{CHOSEN_MARK} ·") and row.plain[4 + 2 * 5] == TARGET_MARK

    def underlined(col: int) -> bool:
        return any(span.start <= col < span.end and "underline" in str(span.style) for span in row.spans)

    d_edge, d_char, e_edge, e_char = 3 + 2 * 3, 4 + 2 * 3, 3 + 2 * 4, 4 + 2 * 4
    assert underlined(d_edge) and underlined(d_char)  # the wall: a solid line
    assert underlined(e_edge) and not underlined(e_char)  # the door: a broken one


@pytest.mark.parametrize("size", [(160, 48), (80, 24)])
async def test_the_map_keeps_its_size_when_the_hands_below_change_height(make_app, store, monkeypatch, size):
    """At 160x48 the whole castle fits: the hands growing from one line to six leave the map's size
    alone, so that no line of the map is drawn again for it (a new size would repaint every line). At
    80x24 the map has the room the hands leave: once they grew to six lines, fewer (the thief's one
    line, the guards' four) keep their six (the rest blank) at this size of the screen, so that the map
    keeps its size, draws none of its lines again, and nothing is laid out."""
    players, seed, options, moves = catalog.get(GAME).screenshot_scene()
    session = Session.new(GAME, list(players), seed, options, store=store)
    session.autoplay(moves)
    session.release()
    asked = []
    render_line = CastleMap.render_line
    monkeypatch.setattr(CastleMap, "render_line", lambda self, y: asked.append(y) or render_line(self, y))
    layouts = []
    reflow = Compositor.reflow
    monkeypatch.setattr(Compositor, "reflow", lambda self, parent, room: layouts.append(room) or reflow(self, parent, room))
    app = make_app(start={"save": session.save_id}, force_curtain=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        assert isinstance(screen, ThiefInTheNightScreen)
        m, hands = screen.query_one("#tn-map", CastleMap), screen.query_one("#tn-hands")
        wide = size == (160, 48)
        if wide:
            assert m.region.height == N + 1  # the head line and every row of the castle
        hands.update("a\nb\nc\nd\ne\nf")
        await settle(pilot, 4)
        assert hands.region.y == m.region.bottom and hands.region.height == 6
        for text in ("one line", "a\nb\nc\nd\ne\nf", "two\nlines", "a\nb\nc\nd"):
            region = m.region
            asked.clear()
            layouts.clear()
            hands.update(text)
            await settle(pilot, 4)
            assert m.region == region and asked == [] and layouts == [], text
            assert hands.region.y == m.region.bottom and hands.region.height == 6
            assert [line.text.rstrip() for line in hands.render_lines(Region(0, 0, hands.size.width, 6))] == \
                (text.split("\n") + [""] * 6)[:6]
        if wide:  # a new size of the screen gives the room back: the most lines counted anew
            await pilot.resize_terminal(161, 48)
            await settle(pilot, 4)
            assert hands.region.height < 6 and m.region.height == N + 1


async def test_the_captains_choices_are_listed_from_the_view_the_table_was_drawn_from(make_app, store, monkeypatch):
    """In the captain's turn the action bar lists the cards and squares from the seat's view: the one
    the table was just drawn from (the castle's view is read once a key), and read anew once the game
    changed (a move, an undo)."""
    players, seed, options, moves = catalog.get(GAME).screenshot_scene()
    session = Session.new(GAME, list(players), seed, options, store=store)
    session.autoplay(moves)
    for _ in range(200):  # on to the captain's turn
        if session.game.phase == "captain":
            break
        seat = session.game.to_act()[0]
        session.play(seat, session.game.legal_moves(seat)[0])
    session.release()
    app = make_app(start={"save": session.save_id}, force_curtain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        game = screen.game
        assert game.phase == "captain" and screen.viewer() in game.to_act()
        views = []
        view = type(game).view
        monkeypatch.setattr(type(game), "view", lambda self, seat=None: views.append(seat) or view(self, seat))
        screen.refresh_table()
        assert views == [screen.viewer()]  # the table's view, and no other for the choices
        listed = [a.move for a in screen.current_actions()]
        assert listed and views == [screen.viewer()]
        views.clear()
        await pilot.press(bar(app).actions[0].key)  # a card chosen, or a move: listed from a view read anew
        await settle(pilot)
        assert views and all(seat == views[0] for seat in views)
        fresh = [a.move for a in screen.current_actions()]
        monkeypatch.setattr(screen, "_drawn_from", (None, -1, None, None))  # forget it: the same choices
        assert [a.move for a in screen.current_actions()] == fresh


async def test_the_hands_are_built_only_when_what_they_show_changed(make_app, store, monkeypatch):
    """The hands below the map are built again only when what they show changed: the table drawn again
    from the same view builds none; after each key of a few moves (the thief and the guards in turn)
    they show what a hands text built afresh from the viewer's view shows."""
    built = []
    hands_lines = ThiefInTheNightScreen.hands_lines

    def hands_text(screen, view):  # (the hands' lines as built afresh, not counted)
        return Text("\n").join(hands_lines(screen, view))

    monkeypatch.setattr(ThiefInTheNightScreen, "hands_lines",
                        lambda screen, view: built.append(view["viewer"]) or hands_lines(screen, view))
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    rnd = random.Random(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        hands = screen.query_one("#tn-hands")
        built.clear()
        screen.refresh_table()
        await quiet(pilot, counts)
        assert built == []
        viewers = set()
        for _ in range(12):
            if screen.session.over() or not screen.session.human_to_act():
                break
            key = move_key(screen, rnd)
            assert key
            await pilot.press(key)
            await quiet(pilot, counts)
            view = screen.game.view(screen.viewer())
            viewers.add(screen.viewer())
            fresh = hands_text(screen, view)
            assert shown(hands).split() == fresh.plain.split(), key
        assert len(viewers) > 1 and built
        # each thing the hands show, changed alone, is shown (a hand of the other side never left over)
        view = screen.game.view(screen.viewer())
        assert view["guard_hands"] is not None or view["thief_hand"] is not None
        changes = [("thief_hand", ["AS", "2H"]), ("guard_hands", [["KD"]] * 6), ("thief_count", 9),
                   ("guard_counts", [9] * 6), ("showdown", {"escape": ["3C"], "capture": ["4D"], "result": "x"}),
                   ("thief_discards", ["5S"]), ("captain_discards", ["6S"])]
        for field, value in changes:
            screen.show_table(view)
            changed = dict(view, **{field: value})
            screen.show_table(changed)
            await quiet(pilot, counts)
            assert shown(hands).split() == hands_text(screen, changed).plain.split(), field
        if view["phase"] == "captain":
            screen.piece = 3 if screen.piece != 3 else 4
            screen.show_table(view)
            await quiet(pilot, counts)
            assert shown(hands).split() == hands_text(screen, view).plain.split()
