"""The Syndicate through the screens: three people play a whole game behind the curtain and no screen
shown to one of them ever holds another's hand or the face-down card before it is revealed; the
mastermind's keys (a lead, a face-down card, n for none), the enforcer's (only cards that follow), the
plot on the table and the hand fit 80x24."""

from __future__ import annotations

import random

import pytest
from rich.text import Text
from textual import events
from textual.geometry import Region

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.the_syndicate import card
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.the_syndicate import TheSyndicateScreen, card_box, chip, name_lines, row_of
from tabletop_tui.ui.widgets.things import side_by_side

from handoff_helpers import play_through_the_curtain
from test_ui_frames import Counts, move_key, quiet, scene_app
from ui_helpers import assert_sees_only
from ui_helpers import assert_fits, bar, keys, log_text, press_for_move, settle, shown, standings_rows, words

GAME = "the-syndicate"


def pick(view, moves: list[Move], first_at_screen: int) -> Move:
    """A quick game: the highest lead, a face-down card in the first two plots played at the screens
    only, the enforcers' lowest cards."""
    rank = {m: card(m.args[0]).rank for m in moves if m.args}
    if view["phase"] == "lead":
        return max(moves, key=rank.get)
    if view["phase"] == "face_down":
        return moves[0] if view["plot"] < first_at_screen + 2 else moves[-1]
    return min(moves, key=rank.get)


async def test_three_people_play_a_whole_game_behind_the_curtain(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 16, store=store)
    assert session.curtain
    # the first six plots are played by the rules, as the same people would; the screens take the saved
    # game from the seventh plot to the end (thirteen in all), a rebuilt draw pile on the way
    game = session.game
    while game.plot <= 6:
        seat = game.to_act()[0]
        session.play(seat, pick(game.view(seat), game.legal_moves(seat), 7))
    assert game.outcome() is None
    played = len(game.log)
    session.release()
    app = make_app(start={"save": session.save_id})
    kinds = set()
    down_seen = []

    def choose(screen, actions):
        view = screen.session.game.view(screen.viewer())
        kinds.update(a.move.kind for a in actions)
        # the face-down card shows on its owner's table alone
        if view["table"]["face_down"]:
            down_seen.append(view["table"]["face_down_card"] is not None)
            assert (view["table"]["face_down_card"] is not None) == (view["viewer"] == view["mastermind"])
        by_move = {a.move: a for a in actions}
        return by_move[pick(view, list(by_move), 7)]

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        lifted = await play_through_the_curtain(pilot, app, TheSyndicateScreen, choose)
        assert isinstance(app.screen, ResultsScreen)
        rows = standings_rows(app)
        assert [r[1] for r in rows][:1] and {r[1] for r in rows} == {"Ada", "Bo", "Cy"}
        game = app.screen.session.game
    out = game.outcome()
    assert out is not None and max(game.scores) >= 12 and game.plot >= 10
    assert any(e.kind == "reshuffle" for e in game.log[played:])
    assert set(lifted) == {"Ada", "Bo", "Cy"} and len(lifted) > 15
    assert kinds == {"lead", "face_down", "no_face_down", "play"}
    assert False in down_seen  # an enforcer looked at a plot with a face-down card it could not see
    assert store.unfinished() == []


async def test_the_mastermind_leads_adds_a_card_face_down_and_the_table_fits(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 4, {"first": "seat"}, computer=[1, 2], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        assert isinstance(screen, TheSyndicateScreen) and screen.viewer() == 0
        game = screen.session.game
        hand = [c.name for c in game.hands[0]]
        assert keys(app) == ["1", "2", "3", "4", "5"]
        assert "Ada, you are the mastermind: lead a card face up." in words(screen.query_one("#prompt"))
        assert_fits(screen, "#sy-plot", "#sy-hand", "#sy-last")
        for name in hand:
            assert name.removeprefix("the ") in shown(screen.query_one("#sy-hand"))
        # the curtain's check reads Decktet names: Ada's hand on the screen is what Bo must not see
        assert_sees_only(app, screen.session, 0)
        with pytest.raises(AssertionError):
            assert_sees_only(app, screen.session, 1)
        await pilot.click("#sy-hand", offset=(20, 1))  # the first card's line
        await settle(pilot, 3)
        assert screen.session.game.history[-1] == (0, Move("lead", (hand[0],)))
        assert keys(app)[-1] == "n" and len(keys(app)) == 5
        assert "or none (n) for 2" in words(screen.query_one("#prompt"))
        await press_for_move(pilot, screen, "1")  # a card face down: the computers answer, the plot settles
        await settle(pilot, 6)
        game = screen.session.game
        assert game.history[1] == (0, Move("face_down", (hand[1],)))
        assert game.plot >= 2
        assert "Ada reveals the face-down card" in log_text(screen)
        assert_fits(screen, "#sy-plot", "#sy-hand", "#sy-last")


async def test_an_enforcer_is_offered_only_the_cards_that_follow(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 6, {"first": "seat"}, computer=[0, 1], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = app.screen
        game = screen.session.game
        assert game.to_act() == [2] and screen.viewer() == 2
        view = game.view(2)
        offered = [a.move.args[0] for a in bar(app).actions]
        assert offered == view["playable"]
        prompt = words(screen.query_one("#prompt"))
        if view["can_follow"]:
            assert f"follow with {view['follow']['words']}" in prompt
        else:
            assert "play any card (it will not count)" in prompt
        plot = shown(screen.query_one("#sy-plot"))
        assert "Follow:" in plot and "against" in plot
        lead = view["table"]["lead"].removeprefix("the ")
        assert lead.split()[0] in plot
        await press_for_move(pilot, screen, bar(app).actions[0].key)
        await settle(pilot, 4)
        # the plot settled: Cy's table shows it, with the points, until the next lead
        assert screen.session.game.last_plot is not None


async def test_a_refused_key_changes_nothing(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 4, {"first": "seat"}, computer=[1, 2], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        await pilot.press("n")  # no face-down card before a lead: not offered
        await settle(pilot, 2)
        assert screen.session.game.history == []
        assert screen.submit(0, Move("face_down", (screen.session.game.hands[0][0].name,))) is False
        assert screen.error == "Lead a card face up first; then you may add one face down."


def test_the_card_drawings():
    box = card_box("the Chance Meeting", "up", True)
    assert len(box) == 5 and all(line.cell_len == 10 for line in box)
    assert "Chance" in box[2].plain and "Meeting" in box[3].plain and "7 ▲E" in box[1].plain
    assert name_lines("Discovery", 8) == ["Discove-", "ry"]
    assert [line.plain for line in card_box(None, "down")][1] == "│░░░░░░░░│"
    assert "none" in card_box(None, "none")[2].plain
    from tabletop_tui.rules.components import decktet

    assert chip(decktet.card("the Origin")).plain == " 2 ■L▲E ≈♣ "
    assert chip(decktet.card("Ace of Moons")).plain.startswith(" A · ◐")


# -- what a key draws ------------------------------------------------------------------------------------


def look_by_line(widget) -> list[tuple]:
    """What each line of a widget shows: its segments' text and style."""
    if not widget.region:
        return []
    width, height = widget.size
    return [tuple((seg.text, seg.style) for seg in strip) for strip in widget.render_lines(Region(0, 0, width, height))]


async def check_only_what_changed_is_drawn(make_app, store, monkeypatch, game_id: str, screen_class,
                                           builders: list[str], size=(80, 24), presses: int = 8) -> None:
    """On the game's scene: the table drawn again from the same view builds none of its parts (the
    screen's `builders` are not called) and repaints no line; then after each key that makes a move, a
    part drawn by lines (TextLines) that kept its place repaints only the lines whose look changed, and
    a part whose look did not change repaints nothing."""
    built: list[str] = []
    for name in builders:
        original = getattr(screen_class, name)

        def counted(self, *args, _original=original, _name=name, **kwargs):
            built.append(_name)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(screen_class, name, counted)
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, game_id)
    rnd = random.Random(4)
    seen_changed = seen_unchanged = 0
    async with app.run_test(size=size) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, screen_class)
        parts = list(screen.query("#table TextLines"))
        assert parts
        for part in parts:
            part.painted.clear()
        built.clear()
        screen.refresh_table()
        await quiet(pilot, counts)
        assert built == [], f"the same view built {built} again"
        assert all(not part.painted for part in parts), "the same view repainted lines"
        for press in range(presses):
            if screen.session.over() or not screen.session.human_to_act():
                break
            key = move_key(screen, rnd)
            assert key
            before = {part: (part.region, look_by_line(part)) for part in parts}
            for part in parts:
                part.painted.clear()
            moves = len(screen.game.history)
            app.post_message(events.Key(key, key))
            await quiet(pilot, counts)
            assert len(screen.game.history) > moves, f"{key!r} made no move"
            if screen.session.over():
                break
            for part in parts:
                painted = set(part.painted)
                region, old = before[part]
                new = look_by_line(part)
                if part.region != region:
                    continue  # laid out anew: Textual draws it all
                changed = {y for y in range(len(new)) if y >= len(old) or old[y] != new[y]}
                where = f"{game_id}: {part.id} after {key!r} (press {press + 1})"
                assert painted <= changed, f"{where}: lines {sorted(painted - changed)} repainted, unchanged"
                seen_changed += bool(changed)
                seen_unchanged += len(new) - len(changed)
    assert seen_changed and seen_unchanged  # lines that changed were seen, and lines that did not


async def test_a_move_draws_again_only_the_lines_of_the_table_that_changed(make_app, store, monkeypatch):
    await check_only_what_changed_is_drawn(make_app, store, monkeypatch, GAME, TheSyndicateScreen,
                                           ["plot_lines", "hand_lines", "last_line"])


def test_a_card_box_is_made_once_and_handed_out_as_copies():
    first = card_box("the Origin", "up", True)
    first[0].stylize("red")
    second = card_box("the Origin", "up", True)
    assert second == card_box("the Origin", "up", True) and second[0].spans != first[0].spans
    assert second[0] is not card_box("the Origin", "up", True)[0]


def test_a_row_of_card_boxes_is_the_line_side_by_side_makes():
    from tabletop_tui.rules.components import decktet

    rnd = random.Random(1)
    names = [c.name for c in decktet.deck()]
    for _ in range(60):
        boxes = [card_box(rnd.choice(names + [None]), rnd.choice(["up", "down", "wait", "none"]),
                          rnd.choice([True, False, None])) for _ in range(4)]
        gap = rnd.choice([0, 1])
        pair_gap = gap + rnd.choice([0, 2])
        ours = side_by_side(boxes[:2], gap=gap)
        theirs = side_by_side(boxes[2:], gap=gap)
        expected = side_by_side([ours, theirs], gap=pair_gap)
        rows = [row_of([box[i] for box in boxes], [gap, pair_gap, gap]) for i in range(len(boxes[0]))]
        assert [(r.plain, r.spans, r.style) for r in rows] == [(e.plain, e.spans, e.style) for e in expected]


async def test_the_hand_keeps_the_most_lines_it_had_through_other_layouts(make_app, store, monkeypatch):
    """The hands of the seats differ in size and a card played leaves one fewer: the hand keeps the
    most lines it has had at this size of the screen, the rest blank, through a layout that comes for
    something else (where a steady part would be laid out at its lines and grow again at the next deal
    or viewer, laying the whole screen out each time); a new size of the screen counts anew."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        hand = screen.query_one("#sy-hand")
        lines = [Text(f"card {i}") for i in range(6)]
        hand.show_lines(lines)
        await quiet(pilot, counts)
        assert hand.region.height == 6
        places = {w: w.region for w in screen.query("*")}
        for n in (1, 6, 2, 4):
            counts.reset()
            hand.show_lines(lines[:n])
            await quiet(pilot, counts)
            assert counts.layouts == 0 and {w: w.region for w in screen.query("*")} == places, n
            assert [s.text.rstrip() for s in hand.render_lines(Region(0, 0, hand.size.width, 6))] == \
                [f"card {i}" for i in range(n)] + [""] * (6 - n)
        screen.refresh(layout=True)  # a layout for something else: the hand keeps its six
        await quiet(pilot, counts)
        assert hand.region.height == 6 and {w: w.region for w in screen.query("*")} == places
        counts.reset()
        hand.show_lines(lines[:5])
        await quiet(pilot, counts)
        assert counts.layouts == 0
        await pilot.resize_terminal(81, 24)  # a new size: laid out at its lines
        await quiet(pilot, counts)
        assert hand.region.height == 5
