"""Second Story played through the screens with Textual's Pilot, as people at the table would:
the launcher, the setup form, the keys shown in the action bar, the results."""

from tabletop_tui.rules.components.decktet import SUITS
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.second_story import SecondStoryScreen
from tabletop_tui.ui.widgets.common import ActionBar, MoveLog

from ui_helpers import bar, click, open_setup, press_for_move, settle, shown, standings_rows, start, type_into

GAME = "second-story"


def action_of(app, kind: str):
    for action in bar(app).actions:
        if action.move.kind == kind:
            assert action.key, f"{action.label!r} has no key"
            return action
    raise AssertionError(f"no {kind!r} in the action bar: {[a.label for a in bar(app).actions]}")


def sensible_key(app) -> str:
    """What a careful burglar presses: the thorough job at even odds or better, else the quick one;
    one flat in a tenement; a reroll when there is one; the first chip offered; then home."""
    actions = bar(app).actions
    assert actions, "a human is to play but the action bar is empty"
    kinds = {a.move.kind for a in actions}
    if "thorough" in kinds:
        odds = app.screen.session.game.view(actions[0].seat)["odds"]
        return action_of(app, "thorough" if odds["thorough"] >= 0.5 else "quick").key
    for kind in ("one_flat", "quick", "excuse", "second_chance", "bust", "take", "end_night"):
        if kind in kinds:
            return action_of(app, kind).key
    raise AssertionError(f"no sensible move among {[a.label for a in actions]}")


async def new_game(pilot, app, seed: int) -> SecondStoryScreen:
    """From the launcher: a new game of Second Story for Ada and Bo with this seed."""
    await open_setup(pilot, app, GAME)
    await type_into(pilot, app, "#seed", str(seed))
    return await start(pilot, app, SecondStoryScreen)


async def play_to_the_end(pilot, app, limit=300) -> int:
    """Press the sensible key for every human decision until the results show; the computer plays
    its own seats. Returns how many keys were pressed."""
    presses = waits = 0
    while not isinstance(app.screen, ResultsScreen):
        screen = app.screen
        assert isinstance(screen, SecondStoryScreen), app.screen
        if screen.session.human_to_act():
            await press_for_move(pilot, screen, sensible_key(app), human=True)
            presses += 1
        else:
            await pilot.pause(0)  # the computer's move comes at the next refresh
            waits += 1
        assert presses + waits < limit, "the game did not end"
    await settle(pilot)
    return presses


def second_suit(lair: dict) -> int:
    return sorted((lair[s] for s in SUITS), reverse=True)[1]


async def test_two_burglars_play_a_whole_game_from_the_launcher(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot, app, 9)
        game = screen.session.game
        assert (game.players, game.seed, screen.session.computer) == (["Ada", "Bo"], 9, [])
        assert game.options == {"excuse": False, "pawns": False, "courts": False, "second_chance_miss": "drop"}
        presses = await play_to_the_end(pilot, app)
        assert presses == len(game.history)  # nobody but the two at the keyboard made a move
        assert any(e.kind == "last_night" for e in game.log)
        assert any(e.kind == "bag_lost" for e in game.log)  # a missed second chance dropped the bag

        # the standings: the second most numerous suit of each lair decides
        lairs = game.view(None)["lairs"]
        scores = [second_suit(lair) for lair in lairs]
        chains = [sorted(lair.values(), reverse=True)[1:] for lair in lairs]
        assert scores[0] == scores[1] and chains[0] != chains[1]  # this seed needs the tie-break
        winner = 0 if chains[0] > chains[1] else 1
        loser = 1 - winner
        rows = standings_rows(app, by_place=True)
        assert rows["1st"][:2] == [game.players[winner], str(scores[winner])]
        assert rows["2nd"][:2] == [game.players[loser], str(scores[loser])]
        summary = shown(app.screen.query_one("#results-summary")).strip()
        assert summary.startswith(f"{game.players[winner]} wins with {scores[winner]} chip")
        assert "tie-break" in summary
        tiebreak = shown(app.screen.query_one("#results-tiebreaks"))
        assert f"{game.players[winner]}'s" in tiebreak and "decided" in tiebreak
        assert f"{len(game.history)} moves" in shown(app.screen.query_one("#results-moves"))

        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LauncherScreen)
        assert "Records" in shown(app.screen.query_one("#game-details"))
    stats = {r["player"]: (r["played"], r["wins"]) for r in store.stats(GAME)}
    assert stats == {game.players[winner]: (1, 1), game.players[loser]: (1, 0)}
    assert store.unfinished() == []


async def test_a_refused_move_shows_its_reason_and_changes_nothing(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot, app, 23)
        game = screen.session.game
        assert game.view(None)["house"]["name"] == "the Castle"
        quick = action_of(app, "quick")
        await press_for_move(pilot, screen, quick.key, human=True)  # made it: a chip to choose
        assert game.view(None)["phase"] == "take"
        before = (list(game.history), game.view(None), len(game.log))
        saved = len(store.load(screen.session.save_id)["record"]["moves"])
        # a click on the quick job that arrives after the house was robbed (the bar was redrawn since)
        bar(app).post_message(ActionBar.Chosen(quick))
        await settle(pilot)
        assert screen.error == "The house is already robbed: choose your chips first."
        assert shown(screen.query_one("#prompt")).strip().startswith("✗ The house is already robbed")
        assert (list(game.history), game.view(None), len(game.log)) == before
        assert len(store.load(screen.session.save_id)["record"]["moves"]) == saved
        assert {a.move.kind for a in bar(app).actions} == {"take"}
        # the next good move clears the complaint
        await press_for_move(pilot, screen, action_of(app, "take").key, human=True)
        assert "✗" not in shown(screen.query_one("#prompt"))


async def test_undo_takes_back_a_chosen_chip_but_not_a_roll(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot, app, 23)
        await press_for_move(pilot, screen, action_of(app, "quick").key, human=True)
        game = screen.session.game
        assert game.view(None)["phase"] == "take"
        # right after the roll undo is dimmed, and pressing u does nothing
        assert not screen.session.undo_status()[0]
        assert "Undo: not past a roll" in shown(screen.query_one("#prompt"))
        await pilot.press("u")
        await settle(pilot, 1)
        assert len(screen.session.game.history) == 1
        takes = [a for a in bar(app).actions if a.move.kind == "take"]
        assert [a.move.args for a in takes] == [("Suns",), ("Knots",)]
        await press_for_move(pilot, screen, takes[1].key, human=True)  # a Knots chip
        view = screen.session.game.view(None)
        assert (view["phase"], view["bag"]["Knots"], view["bank"]["Knots"]) == ("continue", 1, 9)
        assert screen.session.undo_status()[0]
        await pilot.press("u")
        await settle(pilot, 1)
        view = screen.session.game.view(None)
        assert len(screen.session.game.history) == 1
        assert (view["phase"], view["bag"]["Knots"], view["bank"]["Knots"]) == ("take", 0, 10)
        assert "Undone: 1 move taken back" in "\n".join(str(line.text) for line in screen.query_one("#log", MoveLog).lines)
        assert len(store.load(screen.session.save_id)["record"]["moves"]) == 1
        assert not screen.session.undo_status()[0]  # back at the roll
        # choose the other chip this time
        await press_for_move(pilot, screen, action_of(app, "take").key, human=True)
        view = screen.session.game.view(None)
        assert (view["bag"]["Suns"], view["bag"]["Knots"]) == (1, 0)


async def test_a_human_against_the_computer_with_the_extended_deck(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app, GAME)
        for selector in ("#computer-1", "#opt-excuse", "#opt-pawns", "#opt-courts"):
            await click(pilot, app, selector)
            assert setup.query_one(selector).value is True
        await type_into(pilot, app, "#seed", "2546")
        screen = await start(pilot, app, SecondStoryScreen)
        session = screen.session
        assert session.computer == [1]
        assert session.game.options == {"excuse": True, "pawns": True, "courts": True, "second_chance_miss": "drop"}
        assert session.game.view(None)["deck_size"] == 45
        assert "(with the Excuse, the Pawns and the Courts)" in session.game.log[0].text
        presses = await play_to_the_end(pilot, app)
        game = screen.session.game
        seats = [seat for seat, _ in game.history]
        assert presses == seats.count(0) and seats.count(1) > 0  # the computer played its own nights
        assert any(move.kind in ("one_flat", "several_flats", "all_flats") for _, move in game.history)
        rows = standings_rows(app, by_place=True)
        outcome = game.outcome()
        assert sorted(rows) == ["1st", "2nd"]
        for standing in outcome.standings:
            row = rows["1st" if standing.place == 1 else "2nd"]
            assert row[0] == standing.name
            if standing.seat == 1:
                assert row[1:3] == ["(computer)", str(second_suit(game.view(None)["lairs"][1]))]
            else:
                assert row[1] == str(second_suit(game.view(None)["lairs"][0]))
        winner = outcome.winners[0]
    stats = {r["player"]: (r["played"], r["wins"]) for r in store.stats(GAME)}
    assert stats == {"Ada": (1, int(winner == 0)), "Bo": (1, int(winner == 1))}
    assert store.unfinished() == []


async def test_the_nights_row_of_cards_breaks_between_cards_never_inside_one(make_app, store):
    from tabletop_tui.session import Session

    session = Session.new("second-story", ["Ada", "Bo", "Cy"], 7, store=store)
    session.autoplay(9)
    session.release()
    app = make_app(start={"save": session.save_id})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        view = screen.session.game.view(None)
        assert view["revealed"]
        view["revealed"] = view["revealed"] * 8  # a long night
        screen.show_table(view)
        await settle(pilot, 2)
        lines = [line.rstrip() for line in shown(screen.query_one("#ss-night")).splitlines()]
        cards = [line for line in lines if "[" in line]
        assert len(cards) > 1
        for line in cards:
            assert line.count("[") == line.count("]") and line.rstrip().endswith("]"), line


async def test_a_move_draws_again_only_the_lines_of_the_table_that_changed(make_app, store, monkeypatch):
    """The same view builds no part again; a move repaints only the lines of the house, the night and
    the bank whose look changed (tests/test_ui_the_syndicate.py's check)."""
    from test_ui_the_syndicate import check_only_what_changed_is_drawn

    await check_only_what_changed_is_drawn(make_app, store, monkeypatch, GAME, SecondStoryScreen,
                                           ["show_house", "show_night", "show_bank", "show_lairs"])
