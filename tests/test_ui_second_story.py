"""Second Story played through the screens with Textual's Pilot, as people at the table would:
the launcher, the setup form, the keys shown in the action bar, the results."""

import re

from textual import events
from textual.geometry import Region

from tabletop_tui.rules.components.decktet import SUITS
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.results import ResultsScreen
from tabletop_tui.ui.screens.second_story import SecondStoryScreen
from tabletop_tui.ui.screens.setup import SetupScreen
from tabletop_tui.ui.widgets.common import ActionBar, MoveLog

GAME = "second-story"


async def settle(pilot, n=2):
    for _ in range(n):
        await pilot.pause()


def shown(widget) -> str:
    """The text a widget shows on the terminal."""
    width, height = widget.size
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, width, height)))


def bar(app) -> ActionBar:
    return app.screen.query_one("#actions", ActionBar)


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


async def open_setup(pilot, app) -> SetupScreen:
    """From the launcher: move to Second Story in the list of games and press Enter."""
    await settle(pilot)
    assert isinstance(app.screen, LauncherScreen)
    for _ in range(6):
        if app.screen.selected_game().id == GAME:
            break
        await pilot.press("down")
    assert app.screen.selected_game().id == GAME
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def click(pilot, app, selector) -> None:
    widget = app.screen.query_one(selector)
    widget.scroll_visible(animate=False)
    await pilot.pause()
    await pilot.click(widget)


async def type_into(pilot, app, selector, text: str) -> None:
    await click(pilot, app, selector)
    widget = app.screen.query_one(selector)
    assert widget.has_focus
    clear = ["end", *["backspace"] * len(widget.value)] if widget.value else []
    await pilot.press(*clear, *text)
    assert widget.value == text


async def start(pilot, app) -> SecondStoryScreen:
    await pilot.press("ctrl+s")
    await settle(pilot)
    assert isinstance(app.screen, SecondStoryScreen)
    return app.screen


async def new_game(pilot, app, seed: int) -> SecondStoryScreen:
    await open_setup(pilot, app)
    await type_into(pilot, app, "#seed", str(seed))
    return await start(pilot, app)


async def press_for_move(pilot, screen, key: str) -> None:
    """Press a key that must make the human's move (no refusal); the computer may answer at once.

    The key goes to the app as a key from the terminal does (bindings, focus, the screen's keys).
    Unlike `pilot.press`, this waits for the move rather than for the process to idle after each
    key, which would make a whole game of sixty moves take ten seconds."""
    seat = screen.session.human_to_act()[0]
    before = len(screen.session.game.history)
    pilot.app.post_message(events.Key(key, key))
    for _ in range(20):
        await pilot.pause(0)
        if len(screen.session.game.history) > before:
            break
    assert screen.error == ""
    history = screen.session.game.history
    assert len(history) > before and history[before][0] == seat, f"{key!r} made no move"


async def play_to_the_end(pilot, app, limit=300) -> int:
    """Press the sensible key for every human decision until the results show; the computer plays
    its own seats. Returns how many keys were pressed."""
    presses = waits = 0
    while not isinstance(app.screen, ResultsScreen):
        screen = app.screen
        assert isinstance(screen, SecondStoryScreen), app.screen
        if screen.session.human_to_act():
            await press_for_move(pilot, screen, sensible_key(app))
            presses += 1
        else:
            await pilot.pause(0)  # the computer's move comes at the next refresh
            waits += 1
        assert presses + waits < limit, "the game did not end"
    await settle(pilot)
    return presses


def second_suit(lair: dict) -> int:
    return sorted((lair[s] for s in SUITS), reverse=True)[1]


def standings_rows(app) -> dict[str, list[str]]:
    """The rows of the results table as shown, by place ("1st", "2nd")."""
    rows = {}
    for line in shown(app.screen.query_one("#results-table")).splitlines():
        cells = line.split()
        if cells and re.fullmatch(r"\d+(st|nd|rd|th)", cells[0]):
            rows[cells[0]] = cells[1:]
    return rows


async def test_two_burglars_play_a_whole_game_from_the_launcher(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot, app, 1)
        game = screen.session.game
        assert (game.players, game.seed, screen.session.computer) == (["Ada", "Bo"], 1, [])
        assert game.options == {"excuse": False, "pawns": False, "courts": False}
        presses = await play_to_the_end(pilot, app)
        assert presses == len(game.history)  # nobody but the two at the keyboard made a move
        assert any(e.kind == "last_night" for e in game.log)

        # the standings: the second most numerous suit of each lair decides
        lairs = game.view(None)["lairs"]
        scores = [second_suit(lair) for lair in lairs]
        chains = [sorted(lair.values(), reverse=True)[1:] for lair in lairs]
        assert scores[0] == scores[1] and chains[0] != chains[1]  # this seed needs the tie-break
        winner = 0 if chains[0] > chains[1] else 1
        loser = 1 - winner
        rows = standings_rows(app)
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
        await press_for_move(pilot, screen, quick.key)  # made it: a chip to choose
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
        await press_for_move(pilot, screen, action_of(app, "take").key)
        assert "✗" not in shown(screen.query_one("#prompt"))


async def test_undo_takes_back_a_chosen_chip_but_not_a_roll(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot, app, 23)
        await press_for_move(pilot, screen, action_of(app, "quick").key)
        game = screen.session.game
        assert game.view(None)["phase"] == "take"
        # right after the roll undo is dimmed, and pressing u does nothing
        assert screen.check_action("undo", ()) is None
        assert "undo: Not past a roll" in shown(screen.query_one("#prompt"))
        await pilot.press("u")
        await settle(pilot, 1)
        assert len(screen.session.game.history) == 1
        takes = [a for a in bar(app).actions if a.move.kind == "take"]
        assert [a.move.args for a in takes] == [("Suns",), ("Knots",)]
        await press_for_move(pilot, screen, takes[1].key)  # a Knots chip
        view = screen.session.game.view(None)
        assert (view["phase"], view["bag"]["Knots"], view["bank"]["Knots"]) == ("continue", 1, 9)
        assert screen.check_action("undo", ()) is True
        await pilot.press("u")
        await settle(pilot, 1)
        view = screen.session.game.view(None)
        assert len(screen.session.game.history) == 1
        assert (view["phase"], view["bag"]["Knots"], view["bank"]["Knots"]) == ("take", 0, 10)
        assert "Undone: 1 move taken back" in "\n".join(str(line.text) for line in screen.query_one("#log", MoveLog).lines)
        assert len(store.load(screen.session.save_id)["record"]["moves"]) == 1
        assert screen.check_action("undo", ()) is None  # back at the roll
        # choose the other chip this time
        await press_for_move(pilot, screen, action_of(app, "take").key)
        view = screen.session.game.view(None)
        assert (view["bag"]["Suns"], view["bag"]["Knots"]) == (1, 0)


async def test_a_human_against_the_computer_with_the_extended_deck(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot, app)
        for selector in ("#computer-1", "#opt-excuse", "#opt-pawns", "#opt-courts"):
            await click(pilot, app, selector)
            assert setup.query_one(selector).value is True
        await type_into(pilot, app, "#seed", "2546")
        screen = await start(pilot, app)
        session = screen.session
        assert session.computer == [1]
        assert session.game.options == {"excuse": True, "pawns": True, "courts": True}
        assert session.game.view(None)["deck_size"] == 45
        assert "(with the Excuse, the Pawns and the Courts)" in session.game.log[0].text
        presses = await play_to_the_end(pilot, app)
        game = screen.session.game
        seats = [seat for seat, _ in game.history]
        assert presses == seats.count(0) and seats.count(1) > 0  # the computer played its own nights
        assert any(move.kind in ("one_flat", "several_flats", "all_flats") for _, move in game.history)
        rows = standings_rows(app)
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
