"""Shipwreck! through the screens: people play whole hands behind the curtain (turns, fights answered
one person at a time, Keys laid in secret) and no screen shown to one person ever holds a card hidden
from them; a card is picked and then discarded or fought with; the showdown waits for the people when
the computer deals next; eight players fit 80x24."""

from __future__ import annotations

from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.shipwreck import BETWEEN, FIGHT, KEYS, TURN
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.shipwreck import ShipwreckScreen

from handoff_helpers import lift_curtain, to_the_results
from ui_helpers import assert_fits, assert_sees_only, bar, press_for_move, screen_text, settle, shown, standings_rows

GAME = "shipwreck"
PARTS = ("#sw-grid", "#sw-hand")


def by_kind(actions, kind):
    return [a for a in actions if a.move.kind == kind]


async def test_two_people_and_a_computer_play_a_whole_game_behind_the_curtain(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 3, {"target": 25, "final_tie": "draw"}, computer=[2],
                          store=store)
    assert session.curtain
    session.release()
    app = make_app(start={"save": session.save_id})
    seen = {"fight": 0, "answer": 0, "key": 0, "discard": 0}

    def choose(screen, actions):
        """Pick a card, then fight the other person every other turn (else discard); answer with the
        lowest card that beats, or surrender; lay the first Key."""
        picks = by_kind(actions, "pick")
        if picks:
            return picks[len(screen.game.history) % len(picks)]
        people = [a for a in by_kind(actions, "fight") if a.move.args[0] in (0, 1)]
        if people and len(screen.game.history) % 2:
            seen["fight"] += 1
            return people[0]
        if by_kind(actions, "discard"):
            seen["discard"] += 1
            return by_kind(actions, "discard")[0]
        raises = by_kind(actions, "raise")
        if raises or by_kind(actions, "surrender"):
            seen["answer"] += 1
            return min(raises, key=lambda a: card(a.move.args[0]).rank_low) if raises else by_kind(actions, "surrender")[0]
        if by_kind(actions, "key"):
            seen["key"] += 1
        return actions[0]

    async def act(screen, viewer):
        """The person at the keyboard presses the action chosen, one of their own: a card picked is no
        move yet; a move's key is sent as the terminal sends it and waited for until the move is made
        (press_for_move: no idle waits, the loop settles after every step)."""
        actions = screen.query_one("#actions").actions
        if not actions:
            await pilot.pause(0.01)
            return
        assert all(a.seat == viewer for a in actions)
        action = choose(screen, actions)
        if action.move.kind == "pick":
            await pilot.press(action.key)
            return
        before = len(screen.game.history)
        await press_for_move(pilot, screen, action.key)
        assert screen.game.history[before][0] == viewer

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        lifted = await to_the_results(pilot, app, ShipwreckScreen, act, steps=1500, people=True)
        assert isinstance(app.screen, ResultsScreen)
        rows = standings_rows(app)
        assert {r[1] for r in rows} == {"Ada", "Bo", "Cy"}
        game = app.screen.session.game
    assert game.outcome() is not None and game.hand_no == 1
    assert set(lifted) == {"Ada", "Bo"}
    assert seen["fight"] >= 2 and seen["answer"] >= 2 and seen["key"] == 2 and seen["discard"] >= 4
    assert store.unfinished() == []


async def test_a_fight_between_two_people_is_answered_behind_the_curtain(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo"], 11, store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Ada"
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        ada, bo = [c.code for c in game.hands[0]], [c.code for c in game.hands[1]]
        assert_sees_only(app, screen.session, 0)
        low = min(ada, key=lambda c: card(c).rank_low)
        key = next(a.key for a in bar(app).actions if a.move == Move("pick", (low,)))
        await pilot.press(key)
        await settle(pilot, 2)
        assert {a.key for a in bar(app).actions} == {"d", "1", "b"}
        await press_for_move(pilot, screen, "1")  # fight Bo
        assert game.phase == FIGHT
        await settle(pilot, 2)
        # Ada sees her move's result, then passes: the curtain falls before Bo answers
        assert "pass the keyboard to Bo" in shown(screen.query_one("#actions"))
        assert_sees_only(app, screen.session, 0)
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Bo"
        assert_sees_only(app, screen.session, None)
        await lift_curtain(pilot, app)
        await settle(pilot, 3)
        assert app.screen is screen and screen.viewer() == 1
        text = screen_text(app)
        assert "Fight!" in text
        assert_sees_only(app, screen.session, 1)
        for code in set(ada) - {low}:
            assert card(code).name.removeprefix("the ") not in text
        # Bo's choices are his own: raises of his cards and surrender
        actions = bar(app).actions
        assert all(a.seat == 1 for a in actions) and by_kind(actions, "surrender")
        assert {a.move.args[0] for a in by_kind(actions, "raise")} <= set(bo)
        await press_for_move(pilot, screen, "x")
        assert game.phase == TURN and len(game.boards[0]) == 1
        taken = game.boards[0][0].code
        assert card(taken).name in screen_text(app)  # the card taken is face up for everyone


async def test_a_card_is_picked_then_discarded_or_another_picked_and_eight_players_fit(make_app, store):
    names = ["Ada", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    session = Session.new(GAME, names, 5, computer=list(range(1, 8)), store=store)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, ShipwreckScreen) and screen.viewer() == 0
        game = screen.session.game
        assert_fits(screen, *PARTS)
        assert [a.key for a in bar(app).actions] == ["1", "2", "3", "4", "5"]
        await pilot.press("2")
        await settle(pilot, 2)
        picked = screen._picked
        assert picked == game.view(0)["hand"][1]
        keys = [a.key for a in bar(app).actions]
        assert keys == ["d", "1", "2", "3", "4", "5", "6", "7", "b"]
        assert_fits(screen, *PARTS)
        await pilot.press("b")
        await settle(pilot, 2)
        assert screen._picked is None and len(bar(app).actions) == 5
        first = game.view(0)["hand"][0]
        await pilot.click("#sw-hand", offset=(2, 2))
        await settle(pilot, 2)
        assert screen._picked == first
        await press_for_move(pilot, screen, "d")
        assert game.history[0] == (0, Move("discard", (first,)))
        await settle(pilot, 6)
        assert first in game.view(0)["boats"][["S", "H", "D", "C"].index(card(first).suit)]["cards"]
        assert "Ada discards" in screen_text(app)
        assert_fits(screen, *PARTS)


async def test_the_showdown_waits_for_a_person_before_the_computer_deals(make_app, store):
    session = Session.new(GAME, ["Ada", "Bo", "Cy"], 2, computer=[1, 2], store=store)
    game = session.game
    bots = session.bots
    # the computer plays every seat to the showdown, Ada's Key last
    while not (game.phase == KEYS and game.to_act() == [0]):
        seat = game.to_act()[-1]  # at the showdown, the computer's Keys first
        move = bots[seat].choose(game.view(seat), game.legal_moves(seat)) if seat in bots else \
            sorted(game.legal_moves(seat), key=lambda m: (m.kind != "discard", str(m)))[0]
        session.play(seat, move)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        game = screen.session.game
        assert "The ship sinks!" in screen_text(app)
        await press_for_move(pilot, screen, "1")
        await settle(pilot, 6)
        assert game.phase == BETWEEN and game.to_act() == [1]  # Bo (computer) deals next, and waits
        assert [a.key for a in bar(app).actions] == ["n"]
        text = screen_text(app)
        assert "Showdown:" in text and "press n for the next hand" in text
        hands = game.view(None)["showdown"]["hands"]
        assert all(len(h) <= 5 for h in hands)
        await press_for_move(pilot, screen, "n")
        await settle(pilot, 4)
        assert game.hand_no == 2 and game.phase in (TURN, FIGHT)
        assert_sees_only(app, screen.session, 0)  # the last hand's cards, named in the log, are history
        assert "Hand 2: Bo deals" in screen_text(app)


async def test_a_fight_begun_or_ended_lays_nothing_out_and_leaves_the_hand_in_its_place(make_app, store,
                                                                                        monkeypatch):
    """The fight's line keeps its row when there is no fight: the surrender that ends one, and the fight
    picked next, draw that line again and move neither the hand's label nor the hand (no part of the
    table asks for a layout of the screen)."""
    from textual.widget import Widget

    from test_ui_frames import scene_app

    asked: list[str] = []
    refresh = Widget.refresh

    def counted(widget, *regions, layout=False, **kwargs):
        if layout and widget.id in ("sw-grid", "sw-info", "sw-hand-label", "sw-hand"):
            asked.append(widget.id)
        return refresh(widget, *regions, layout=layout, **kwargs)

    app = scene_app(make_app, store, GAME)  # a fight under way, every seat a person, no curtain
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert isinstance(screen, ShipwreckScreen) and screen.game.phase == FIGHT
        info, label = screen.query_one("#sw-info"), screen.query_one("#sw-hand-label")
        assert "Fight!" in shown(info)
        places = (info.region, label.region, screen.query_one("#sw-hand").region)
        monkeypatch.setattr(Widget, "refresh", counted)
        seen_empty = False
        for _ in range(12):  # surrender each fight; pick a card and fight the next player
            actions = bar(app).actions
            keys = [a.key for a in actions]
            key = "x" if "x" in keys else "1" if screen._picked is not None and "1" in keys else keys[0]
            await pilot.press(key)
            await settle(pilot, 3)
            seen_empty = seen_empty or not shown(info).strip()
            assert (info.region, label.region, screen.query_one("#sw-hand").region) == places
        assert seen_empty and screen.game.phase in (TURN, FIGHT)
        assert asked == []
