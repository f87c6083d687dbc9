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

from handoff_helpers import lift_curtain, play_through_the_curtain
from test_ui_frames import Counts, quiet, scene_app
from test_ui_frames_steady import assert_keeps_most_lines
from ui_helpers import assert_fits, screen_text, settle, shown, standings_rows

GAME = "penniless-and-insane"
PARTS = ("#pi-status", "#pi-pool", "#pi-trick", "#pi-hand-label", "#pi-hand", "#pi-known")


async def test_three_people_play_a_whole_game_behind_the_curtain(make_app, store):
    # to 60 points: two or three rounds, each phase, curtain and deal of a longer game, in fewer moves
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 4, {"goal": 60}, store=store)
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
            text = shown(screen.query_one("#pi-pool"))
            assert all(name in text for name in ("Ada", "Bo", "Cy"))
            scored_tables.append(text)
        return rnd.choice(actions)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        seen_curtains = await play_through_the_curtain(pilot, app, PennilessAndInsaneScreen, choose, steps=1500)
        assert isinstance(app.screen, ResultsScreen)
        rows = standings_rows(app)
        assert {r[1] for r in rows} == {"Ada", "Bo", "Cy"}
        game = app.screen.session.game
    assert game.outcome() is not None and max(game.scores) >= 60 and game.round >= 2
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
        await lift_curtain(pilot, app)
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
        await lift_curtain(pilot, app)
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
                assert_fits(screen, "#pi-status", "#pi-pool")
                text = shown(screen.query_one("#pi-pool"))
                assert all(name in text for name in names) and "Pot:" in text
            assert shown(screen.query_one("#scores")).count("$") >= 7
            actions = screen.query_one("#actions").actions
            assert actions
            await pilot.press(rnd.choice(actions).key)
            await settle(pilot, 2)
    assert phases == {"bid", "act", "scored"} and summaries


async def test_the_trick_and_the_known_cards_keep_the_most_lines_they_had(make_app, store, monkeypatch):
    """This trick's bids and the cards known to be in each hand wrap to a line more or fewer from one
    key to the next: each keeps the most lines it has had at this size of the screen, the rest blank,
    laying nothing out and moving nothing, even after a layout for something else; a new size counts
    anew."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        for part_id in ("#pi-trick", "#pi-known"):
            part = screen.query_one(part_id)
            assert part.display, part_id
            most = await assert_keeps_most_lines(pilot, screen, part, counts)
        await pilot.resize_terminal(81, 24)  # a new size: laid out at its lines (the table drawn anew)
        await quiet(pilot, counts)
        assert part.region.height < most
