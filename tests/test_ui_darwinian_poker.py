"""Darwinian Poker through the screens: two people and a computer play a game to its end behind the
curtain, and no screen shown to one person ever holds another's hidden cards; a card planted by a click;
the hands laid down in the results."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.darwinian_poker import DarwinianPokerScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.widgets.cards import chips_text

from handoff_helpers import play_through_the_curtain
from test_ui_frames import Counts, quiet, scene_app
from ui_helpers import screen_text
from ui_helpers import settle, shown, standings_rows

GAME = "darwinian-poker"


async def test_two_people_and_a_computer_play_a_game_to_its_end_behind_the_curtain(make_app, store):
    """The last four rounds of ten through the screens, to the showdown and the results: every
    screen checked to show no one a card hidden from them. The first rounds are played before the app
    opens (the curtain's handoffs at the start of a game are tests/test_handoff.py's)."""
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 4, computer=[2], store=store)
    assert session.curtain
    game = session.game
    while game.round < 7:  # the first six rounds, each seat planting its lowest card
        for seat in game.to_act():
            session.play(seat, game.legal_moves(seat)[-1])
    assert game.outcome() is None and game.to_act() == [0, 1, 2]
    session.release()
    app = make_app(start={"save": session.save_id})
    planted = []

    def choose(screen, actions):
        planted.append(actions[-1].move)
        return actions[-1]

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        seen_curtains = await play_through_the_curtain(pilot, app, DarwinianPokerScreen, choose)
        assert isinstance(app.screen, ResultsScreen)
        rows = standings_rows(app)
        assert {r[1] for r in rows} >= {"Ada", "Bo"}
        game = app.screen.session.game
    assert game.outcome() is not None
    assert set(seen_curtains) == {"Ada", "Bo"} and len(planted) >= 6
    assert store.unfinished() == []


async def test_a_card_is_planted_by_a_click_and_the_hand_fits_80x24(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 5, computer=[1], store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, DarwinianPokerScreen) and screen.viewer() == 0
        hand = screen.query_one("#dp-hand")
        assert hand.region.bottom <= screen.query_one("#table").region.bottom
        first = screen.session.game.view(0)["hand"][0]
        await pilot.click("#dp-hand", offset=(2, 2))
        await settle(pilot, 4)
        game = screen.session.game
        assert (0, Move("plant", (first,))) in game.history
        assert f"Ada plants {card(first).name} as a seed." in screen_text(app)


async def test_the_results_show_the_hands_as_cards_and_the_final_table_heads_them_hand(make_app, store):
    from tabletop_tui import catalog, screenshots

    players, seed, options, _ = catalog.get(GAME).screenshot_scene()
    session = Session.new(GAME, players, seed, options, screenshots.scene_computer(catalog.get(GAME)), store)
    session.autoplay(session.game.move_limit)
    assert session.over()
    session.release()
    species = session.game.view(None)["species"]
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, ResultsScreen)
        table = " ".join(screen_text(app).split())
        shown_hands = [s["shown"] for s in species if s["shown"]]
        assert shown_hands
        for hand in shown_hands:
            # the cards as the table draws them (10♠), never as codes (10S)
            assert " ".join(hand["best"]) not in table
            assert " ".join(chips_text(hand["best"]).plain.split()) in table
        await pilot.press("t")
        await settle(pilot, 3)
        board = app.screen.query_one("#scores")
        head = shown(board).splitlines()
        assert any("Hand" in line for line in head) and not any("Seed" in line for line in head)


async def test_a_move_draws_again_only_the_lines_of_the_table_that_changed(make_app, store, monkeypatch):
    """The same view builds no part again; a planted seed repaints only the lines of the round's line
    and the hand's heading whose look changed (tests/test_ui_the_syndicate.py's check)."""
    from test_ui_the_syndicate import check_only_what_changed_is_drawn

    await check_only_what_changed_is_drawn(make_app, store, monkeypatch, GAME, DarwinianPokerScreen,
                                           ["last_round_text"])


async def test_the_last_round_keeps_the_most_lines_it_had(make_app, store, monkeypatch):
    """The last round's line wraps to a second line or not from one round to the next: it keeps the
    most lines it has had at this size of the screen, the rest blank, laying nothing out and moving
    nothing, even after a layout for something else; a new size counts anew."""
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, GAME)
    async with app.run_test(size=(160, 48)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        part = screen.query_one("#dp-last")
        most = part.region.height + 1
        part.update(Text("\n".join(f"line {i}" for i in range(most))))
        await quiet(pilot, counts)
        assert part.region.height == most
        places = {w: w.region for w in screen.query("*")}
        for n in (1, most, 1):
            counts.reset()
            part.update(Text("\n".join(f"line {i}" for i in range(n))))
            await quiet(pilot, counts)
            assert counts.layouts == 0 and {w: w.region for w in screen.query("*")} == places, n
        screen.refresh(layout=True)  # a layout for something else: the part keeps its lines
        await quiet(pilot, counts)
        assert {w: w.region for w in screen.query("*")} == places
        assert [s.text.strip() for s in part.render_lines(Region(0, 0, part.size.width, most))] == \
            ["line 0"] + [""] * (most - 1)
        await pilot.resize_terminal(161, 48)  # a new size: laid out at its lines
        await quiet(pilot, counts)
        assert part.region.height < most
