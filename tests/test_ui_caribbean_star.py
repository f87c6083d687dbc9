"""Caribbean Star through the screens: two people play a whole game from the launcher behind the
curtain, and no screen shown to one ever holds the other's hidden cards (nor a face-down card); the
question about an Ace is put on screen alike to a person without an Ace, who can only let the card be;
the setup says what the quicker option shows; a card is laid by a click."""

from __future__ import annotations

import random

from tabletop_tui.rules.components.cards import card
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.caribbean_star import CaribbeanStarScreen
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from textual.widgets import Select

from handoff_helpers import lift_curtain, play_through_the_curtain
from test_ui_frames import Counts, quiet, scene_app
from test_ui_frames_steady import assert_keeps_most_lines
from ui_helpers import assert_fits, bar, open_setup, screen_text, settle, shown, standings_rows, type_into

GAME = "caribbean-star"
PARTS = ("#cs-status", "#cs-far", "#cs-turn", "#cs-near", "#cs-hand-label", "#cs-hand")


async def test_a_game_starts_from_the_launcher_behind_the_curtain(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, GAME)
        assert "Ask to stop with an Ace" in screen_text(app)
        ask = setup.query_one("#opt-ask", Select)
        assert ("only Ace holders (shows who holds Aces)", "holders") in list(ask._options)
        assert ask.value == "everyone"
        await type_into(pilot, app, "#seed", "5")
        await pilot.press("ctrl+s")
        await settle(pilot, 4)
        assert isinstance(app.screen, CurtainScreen)
        first = app.screen.player
        await lift_curtain(pilot, app)
        screen = app.screen
        assert isinstance(screen, CaribbeanStarScreen)
        assert_fits(screen, *PARTS)
        await pilot.press(bar(app).actions[0].key)
        await settle(pilot, 3)
        assert "face down" in shown(screen.query_one("#cs-hand-label"))
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player != first


async def test_two_people_play_the_end_of_a_game_to_the_results_behind_the_curtain(make_app, store):
    """The last twenty moves of a game through the screen to the results (cards played, let and stopped
    with an Ace), every screen checked to show no one a card hidden from them (the first 116 played by
    the rules, as the screen would: the leak check covers every move of whole games; this is the
    screens' part)."""
    session = Session.new(GAME, ["Ada", "Bo"], 5, store=store)
    rnd = random.Random(5)
    game = session.game
    while len(game.history) < 116:
        seat = game.to_act()[0]
        session.play(seat, rnd.choice(game.legal_moves(seat)))
    session.release()
    app = make_app(start={"save": session.save_id})
    kinds = set()

    def choose(screen, actions):
        kinds.add(actions[0].move.kind)
        return rnd.choice(actions)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        lifted = await play_through_the_curtain(pilot, app, CaribbeanStarScreen, choose, steps=3000)
        assert isinstance(app.screen, ResultsScreen)
        assert {r[1] for r in standings_rows(app)} == {"Ada", "Bo"}
        game = app.screen.session.game
    assert game.outcome() is not None and not game.deck
    assert set(lifted) == {"Ada", "Bo"}
    assert {"play", "let"} <= kinds
    assert store.unfinished() == []


def to_a_question(seed: int, **options) -> Session:
    """A game of two people played (first cards laid) up to the first Ace question put to a person who
    holds no Ace."""
    for s in range(seed, seed + 200):
        session = Session.new(GAME, ["Ada", "Bo"], s, options)
        game = session.game
        for _ in range(60):
            if game.phase == "ask" and not game.holds_ace(game.to_act()[0]):
                return session
            seat = game.to_act()[0]
            moves = game.legal_moves(seat)
            session.play(seat, moves[-1] if game.phase == "ask" else moves[0])
    raise AssertionError("no question to a player without an Ace")


async def test_the_ace_question_is_put_alike_to_a_person_without_an_ace(make_app, store):
    found = to_a_question(1)
    moves = list(found.game.history)
    session = Session.new(GAME, ["Ada", "Bo"], found.game.seed, store=store)
    for seat, move in moves:
        session.play(seat, move)
    game = session.game
    asked = game.to_act()[0]
    assert not game.holds_ace(asked)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == game.players[asked]
        await lift_curtain(pilot, app)
        screen = app.screen
        code = screen.session.game.queue[0][1].code
        prompt = shown(screen.query_one("#prompt"))
        assert "with an Ace?" in prompt
        labels = [a.label for a in bar(app).actions]
        assert labels == [f"Let {card(code).name.removeprefix('the ')} be"]
        assert_fits(screen, *PARTS)
        await pilot.press(bar(app).actions[0].key)
        await settle(pilot, 3)
        await pilot.press("enter")  # done: the keyboard passes, as after any answer
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen)


async def test_a_card_is_laid_by_a_click_and_stays_hidden(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 4, computer=[1], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        game = screen.session.game
        hand = game.view(0)["hand"]
        first = next(c for c in hand if card(c).rank != 14)
        await pilot.click("#cs-hand", offset=(2 + 6 * hand.index(first), 2))
        await settle(pilot, 4)
        laid = [m for s, m in screen.session.game.history if s == 0]
        assert laid and laid[0].args == (first,)


async def test_the_sides_and_the_hands_heading_keep_the_most_lines_they_had(make_app, store, monkeypatch):
    """A side or the hand's heading that wraps to a line more (known cards, the hint to lay a card) and
    back keeps the most lines it has had at this size of the screen, the rest blank: nothing is laid
    out and nothing moves, even after a layout for something else; a new size counts anew."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        for part_id in ("#cs-far", "#cs-near", "#cs-hand-label"):
            await assert_keeps_most_lines(pilot, screen, screen.query_one(part_id), counts)
        await pilot.resize_terminal(81, 24)  # a new size: laid out at its lines
        await quiet(pilot, counts)
        assert screen.query_one("#cs-hand-label").region.height == 1
