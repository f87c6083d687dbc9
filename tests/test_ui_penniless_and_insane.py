"""Penniless and Insane through the screens: three people play a whole game behind the curtain, and no
screen shown to one person ever holds another's hidden cards (nor a face-down bid); a bid and a piece of
art are chosen by a click; seven players fit 80x24 in every phase of a round."""

from __future__ import annotations

import random

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.penniless_and_insane import PennilessAndInsaneScreen
from tabletop_tui.ui.screens.results import ResultsScreen

from tabletop_tui.rules.engine import log_for
from tabletop_tui.ui.widgets.cards import chip_text

from test_ui_curtain import assert_sees_only, screen_text
from ui_helpers import assert_fits, log_lines, settle, shown, standings_rows

GAME = "penniless-and-insane"
PARTS = ("#pi-status", "#pi-pool", "#pi-trick", "#pi-hand-label", "#pi-hand", "#pi-known")


def _words(text: str) -> str:
    return " ".join(text.split())


def assert_sees_only_this_round(app, screen, viewer) -> None:
    """What `viewer` sees holds nothing hidden from them.

    The deck is gathered and shuffled every round, so the move log (and the title bar's last move)
    rightly names cards of earlier rounds that may now lie in another hand: history, not a leak. So
    the log and the title bar are checked against the log `viewer` may read (every line shown is one
    of its lines, in order), and everything else on screen against the cards hidden from `viewer` now."""
    game = screen.session.game
    readable = log_for(game.log, viewer)
    assert _words(" ".join(log_lines(screen))) in _words(" ".join("• " + e.text for e in readable))
    title = shown(screen.query_one("#title-bar"))
    for label in ("last move: ", "Last: "):
        if label in title:
            last = _words(title.split(label, 1)[1]).rstrip("…")
            assert last in _words(" ".join(e.text for e in readable)), (viewer, last)
    rest = " ¦ ".join(_words(shown(w)) for w in screen.query("*")
                      if w.display and w.size.area and w.id not in ("log", "title-bar"))
    for code in game.hidden_from(viewer):
        c = card(code)
        for spelled in (c.name.removeprefix("the "), chip_text(code).plain.strip()):
            assert spelled not in rest, (viewer, code, spelled)


async def play_through_the_curtain(pilot, app, choose, steps: int) -> list[str]:
    """As test_ui_curtain's helper of that name, checking each screen with assert_sees_only_this_round:
    play a game of people behind the curtain to its results; every action offered must be the
    viewer's. Returns the names the curtain was lifted for."""
    lifted = []
    for _ in range(steps):
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return lifted
        if isinstance(screen, CurtainScreen):
            assert_sees_only(app, app.screen_stack[-2].session, None)
            lifted.append(screen.player)
            await pilot.press("enter")
        elif isinstance(screen, PennilessAndInsaneScreen):
            viewer = screen.viewer()
            assert viewer is not None
            assert_sees_only_this_round(app, screen, viewer)
            actions = screen.query_one("#actions").actions
            if screen._handoff is not None:
                await pilot.press("enter")
            elif actions:
                assert all(a.seat == viewer for a in actions)
                await pilot.press(choose(screen, actions).key)
            else:
                await pilot.pause(0.01)
        await settle(pilot, 2)
    raise AssertionError(f"no results after {steps} steps")


async def test_three_people_play_a_whole_game_behind_the_curtain(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 4, store=store)
    assert session.curtain
    session.release()
    app = make_app(start={"save": session.save_id})
    rnd = random.Random(4)
    kinds = set()
    scored_tables = []

    def choose(screen, actions):
        view = screen.session.game.view(screen.viewer())
        kinds.add(actions[0].move.kind)
        if view["phase"] == "scored":
            # the scored round shows every hand to whoever looks, with its points
            text = shown(screen.query_one("#pi-round"))
            assert all(name in text for name in ("Ada", "Bo", "Cy"))
            scored_tables.append(text)
        return rnd.choice(actions)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        seen_curtains = await play_through_the_curtain(pilot, app, choose, steps=1500)
        assert isinstance(app.screen, ResultsScreen)
        rows = standings_rows(app)
        assert {r[1] for r in rows} == {"Ada", "Bo", "Cy"}
        game = app.screen.session.game
    assert game.outcome() is not None and max(game.scores) >= 150
    assert set(seen_curtains) == {"Ada", "Bo", "Cy"}
    assert kinds == {"bid", "take", "deal"}
    assert len(scored_tables) == game.round - 1  # every round but the last was dealt again by a person
    assert store.unfinished() == []


async def test_a_face_down_bid_stays_hidden_from_the_next_person(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 8, store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ada"
        await pilot.press("enter")
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        code = game.view(0)["hand"][0]
        await pilot.press("1")
        await settle(pilot, 3)
        assert game.bids[0] == card(code)
        assert "bid face down" in shown(screen.query_one("#pi-hand-label"))
        assert "Ada bids " + card(code).name in screen_text(app)
        await pilot.press("enter")  # done: pass the keyboard
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Bo"
        await pilot.press("enter")
        await settle(pilot, 3)
        text = screen_text(app)
        assert "Ada lays a bid face down." in text and card(code).name not in text
        assert "✓" in shown(screen.query_one("#scores"))


async def test_a_bid_and_a_piece_of_art_are_chosen_by_a_click(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 5, computer=[1, 2], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, PennilessAndInsaneScreen) and screen.viewer() == 0
        game = screen.session.game
        bid_by_click = taken_by_click = False
        for _ in range(80):
            moves = game.legal_moves(0)
            if moves and game.phase == "bid":
                lowest = game.view(0)["hand"][-1]  # the lowest acts first: a choice of art to come
                await pilot.click("#pi-hand", offset=(14, 2))  # the third card
                await settle(pilot, 4)
                assert (0, Move("bid", (lowest,))) in game.history
                bid_by_click = True
            elif moves and game.phase == "act":
                first = game.view(0)["pool"][0]
                await pilot.click("#pi-pool", offset=(2, 2))
                await settle(pilot, 4)
                assert (0, Move("take", (first,))) in game.history
                taken_by_click = True
                break
            elif moves:
                await pilot.press("1")  # deal
                await settle(pilot, 4)
            else:
                await settle(pilot, 2)
        assert bid_by_click and taken_by_click


async def test_seven_players_fit_80x24_in_every_phase(make_app, store):
    """Seven people at one keyboard without the curtain: each decision is drawn for the person making it."""
    names = ["Ada", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus"]
    session = Session.new(GAME, names, 3, {"gambling": True}, store=store, curtain=False)
    session.release()
    app = make_app(start={"save": session.save_id}, force_curtain=False)
    phases = set()
    summaries = 0
    rnd = random.Random(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        for _ in range(400):
            if game.outcome() is not None or len(phases) == 3 and summaries:
                break
            phase = game.phase
            phases.add(phase)
            if phase in ("bid", "act"):
                assert_fits(screen, *(p for p in PARTS if screen.query_one(p).display))
                if phase == "bid" and game.trick == 1 and game.round > 1:  # the last round's points
                    points = game.last_round["points"]
                    assert shown(screen.query_one("#pi-trick")).startswith(
                        f"Round {game.round - 1}: Ada {points[0]}")
                    summaries += 1
            else:
                assert_fits(screen, "#pi-status", "#pi-round")
                text = shown(screen.query_one("#pi-round"))
                assert all(name in text for name in names) and "Pot:" in text
            assert shown(screen.query_one("#scores")).count("$") >= 7
            actions = screen.query_one("#actions").actions
            assert actions
            await pilot.press(rnd.choice(actions).key)
            await settle(pilot, 2)
    assert phases == {"bid", "act", "scored"} and summaries
