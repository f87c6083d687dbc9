"""The launcher as a newcomer meets it: what it says of unfinished games that hide hands, how a game
is found among many (typing its name, folding families, the games last played first), and the sign
that the list goes on beyond what is in sight."""

from __future__ import annotations

from textual.geometry import Region

from tabletop_tui import catalog
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.modals import AskScreen, ConfirmScreen

from test_ui_curtain import screen_text
from ui_helpers import settle, shown

#: how many games a folded family says it holds
CARDS = sum(g.family == "Cards" for g in catalog.GAMES)
DICE = sum(g.family == "Dice" for g in catalog.GAMES)

HIDDEN_SEED = 4_242_424_242_424_242_424


async def test_an_unfinished_game_that_hides_hands_shows_no_seed_and_export_warns_first(make_app, store,
                                                                                      tmp_path):
    hidden = Session.new("darwinian-poker", ["Ada", "Bo"], HIDDEN_SEED, {}, [], store)
    hidden.autoplay(1)
    hidden.release()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        # the seed would deal every hand: nowhere on the launcher, its list or its questions
        assert str(HIDDEN_SEED) not in screen_text(app)
        await pilot.press("tab")
        await settle(pilot, 3)
        assert app.screen.selected_save() == hidden.save_id
        await pilot.press("d")
        await settle(pilot, 3)
        assert str(HIDDEN_SEED) not in screen_text(app)
        await pilot.press("n")
        await settle(pilot, 3)
        # export: before any file is named, it says the file holds every hand
        await pilot.press("x")
        await settle(pilot, 3)
        assert isinstance(app.screen, ConfirmScreen)
        said = " ".join(shown(app.screen.query_one(".dialog-title")).split())
        assert "every hand" in said
        assert str(HIDDEN_SEED) not in screen_text(app)
        await pilot.press("n")  # not now
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("x")
        await settle(pilot, 3)
        await pilot.press("y")
        await settle(pilot, 3)
        assert isinstance(app.screen, AskScreen)
        target = tmp_path / "hands.json"
        app.screen.query_one("#answer").value = str(target)
        await pilot.press("enter")
        await settle(pilot, 3)
        assert target.exists() and "darwinian-poker" in target.read_text()


async def test_a_game_that_hides_nothing_is_exported_without_the_warning(make_app, store):
    Session.new("pontifuse", ["Ada", "Bo"], 2, {}, [], store).release()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("tab", "x")
        await settle(pilot, 3)
        assert isinstance(app.screen, AskScreen)


def listed(app) -> list[str]:
    """The lines of the list of games as shown, inside its frame, stripped."""
    games = app.screen.query_one("#games")
    width, height = games.outer_size
    lines = [strip.text for strip in games.render_lines(Region(0, 0, width, height))][1:-1]
    return [line.strip().strip("│").strip() for line in lines]


def footer(app) -> list[str]:
    return [b.description for _, b, _, _ in app.screen.active_bindings.values() if b.show]


async def test_at_80x24_the_list_says_that_more_games_are_below_and_above(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        games = app.screen.query_one("#games")
        lines = listed(app)
        hidden = len(games.rows()) - (len(lines) - 1)
        assert hidden > 0 and lines[-1] == f"▼ {hidden} more"
        await pilot.press("end")
        await settle(pilot)
        lines = listed(app)
        assert lines[0].startswith("▲ ") and lines[0].endswith(" more") and "▼" not in " ".join(lines)
        # the last: the page that is not a game, after the games
        assert lines[-2:] == ["▾ Not playable", "Industrial Proletariat"]
        assert app.screen.selected_page().id == "industrial-proletariat"
        # a click on the line that says there are more shows them
        await pilot.click("#games", offset=(3, 1))
        await settle(pilot)
        assert listed(app)[-1].startswith("▼ ")
    async with make_app().run_test(size=(160, 60)) as pilot:  # room for all: no such lines
        await settle(pilot, 3)
        assert not any(line.endswith(" more") for line in listed(pilot.app))


async def test_slash_then_letters_find_a_game_by_its_name_and_no_command_runs_meanwhile(make_app):
    from tabletop_tui.ui.screens.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert "Find" in footer(app)
        await pilot.press("slash", "q", "u")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LauncherScreen) and screen.selected_game().id == "queensland"
        assert listed(app)[:2] == ["/ qu▏  1 found", "Queensland"]
        # while finding, letters are the name's: t, g, q, d, x, o, i, n and ? run no command
        assert footer(app) == ["Show all"]
        await pilot.press("backspace", "backspace", "t", "g", "o", "i", "n", "d", "x", "question_mark")
        await settle(pilot)
        assert app.screen is screen and screen.query_one("#games").finding == "tgoindx?"
        assert listed(app)[0].endswith("none found") and screen.selected_game() is None
        await pilot.press(*["backspace"] * 8, "c", "a", "s")
        await settle(pilot)
        # the title that starts with the letters comes first, then a word that does
        assert screen.selected_game().id == "putwoodys-castle"  # first of the three Castles listed
        await pilot.press("escape")
        await settle(pilot)
        assert screen.query_one("#games").finding is None and screen.selected_game().id == "putwoodys-castle"
        assert "New game" in footer(app) and "Show all" not in footer(app)
        await pilot.press("slash", "l", "a", "n", "d", "enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, SetupScreen) and app.screen.info.id == "land-grab"


async def test_families_fold_and_open_by_keys_and_clicks_and_stay_folded(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert listed(app)[:2] == ["▾ Cards", "Second Story"]
        await pilot.press("left")  # fold the family of the game highlighted: the cursor on its heading
        await settle(pilot)
        assert listed(app)[:2] == [f"▸ Cards ({CARDS})", "▾ Dice"]
        assert app.screen.selected_game() is None
        assert f"{CARDS} games, folded" in shown(app.screen.query_one("#game-details"))
        await pilot.press("down")
        await settle(pilot)
        assert app.screen.selected_game().id == "thief-dice"
        await pilot.click("#games", offset=(3, 2))  # a click on the heading "Dice" folds it
        await settle(pilot)
        assert listed(app)[:3] == [f"▸ Cards ({CARDS})", f"▸ Dice ({DICE})", "▾ Board"]
        assert "Dice" in shown(app.screen.query_one("#game-details"))  # the cursor on the folded Dice
        await pilot.press("up")
        await settle(pilot)
        await pilot.press("enter")  # on a folded heading, Enter opens it
        await settle(pilot)
        assert listed(app)[:3] == ["▾ Cards", "Second Story", "Darwinian Poker"]
        assert app.screen.selected_game().id == "second-story"
    # the folds are remembered: Dice is still folded next time
    async with make_app().run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert f"▸ Dice ({DICE})" in listed(pilot.app)


async def test_the_games_last_played_come_first(make_app, store):
    Session.new("queensland", ["Ada", "Bo"], 2, {}, [], store).release()
    Session.new("land-grab", ["Ada", "Bo"], 3, {}, [], store).release()  # the latest
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert listed(app)[:4] == ["▾ Recently played", "Land Grab", "Queensland", "▾ Cards"]
        assert app.screen.selected_game().id == "land-grab"
        assert "Land Grab" in shown(app.screen.query_one("#game-details"))
    # a game finished since: the latest played too (the finished games count, not only the saves)
    over = Session.new("pontifuse", ["Ada", "Bo"], 4, {}, [0, 1], store)
    over.autoplay(over.game.move_limit)
    assert over.over()
    async with make_app().run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert listed(pilot.app)[:4] == ["▾ Recently played", "Pontifuse", "Land Grab", "Queensland"]
    # remembered for the next launcher's first paint, before the finished games are read
    assert [r["game"] for r in store.get_setting("launcher.recent")] == ["pontifuse", "land-grab", "queensland"]


async def test_the_unfinished_games_use_the_width_there_is(make_app, store):
    names = ["Bartholomew Long", "Cornelia Winters", "Ada", "Bo"]
    Session.new("board-game-project-55", names, 3, {}, [2, 3], store).release()
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        row = shown(app.screen.query_one("#saves")).splitlines()[0]
        assert "Board Game Project #55" in row and "Bartholomew Long, Cornelia Winters, Ada*, Bo*" in row


async def test_the_key_bar_is_drawn_once_before_the_first_frame_and_again_when_its_keys_change(
        make_app, monkeypatch):
    # the screen says its bindings may have changed right after the first render (the list took the
    # focus): the bar is drawn again only when the keys it shows did change
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.widgets.keybar import KeyBar

    renders = []
    render = KeyBar.render
    monkeypatch.setattr(KeyBar, "render", lambda self: renders.append(self.keys()) or render(self))
    at_first_frame = []

    class Once(TabletopApp):
        def on_mount(self):
            super().on_mount()
            self.call_after_refresh(lambda: at_first_frame.append(len(renders)))

    app = make_app()
    app.__class__ = Once
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert at_first_frame == [1]
        assert len(renders) == 1  # nothing changed since: not drawn again
        assert "New game" in [description for _, _, description, _ in renders[0]]
        await pilot.press("slash")  # finding: the commands step aside, the bar says so
        await settle(pilot, 3)
        assert len(renders) == 2 and [description for _, _, description, _ in renders[1]] == ["Show all"]
        assert "Show all" in app.screen.query_one(KeyBar).render().plain


async def test_a_page_that_is_not_a_game_is_listed_read_and_never_set_up(make_app):
    from tabletop_tui.ui.screens.modals import RulesScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("slash", *"proletariat", "escape")
        await settle(pilot, 3)
        screen = app.screen
        assert screen.selected_game() is None and screen.selected_page().id == "industrial-proletariat"
        details = shown(screen.query_one("#game-details"))
        assert "page to read" in details and "no new game" in details and "Enter: new game" not in details
        await pilot.press("n")  # no setup: a word instead
        await settle(pilot)
        assert app.screen is screen and "not a game" in " ".join(str(n.message) for n in app._notifications)
        await pilot.press("enter")
        await settle(pilot, 3)
        assert isinstance(app.screen, RulesScreen) and "Why the collection cannot play it" in app.screen.markdown
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("question_mark")  # the rules key reads it too
        await settle(pilot, 3)
        assert isinstance(app.screen, RulesScreen) and app.screen.title_text == catalog.PAGES[0].title
