"""The new-game form as a newcomer meets it at 80x24: errors beside their field, switches that say
on or off, labels that never run into their values, and each game's options remembered."""

from __future__ import annotations

from textual import _time, events

from tabletop_tui.ui.screens.setup import SetupScreen
from tabletop_tui.ui.screens.break_the_bank import BreakTheBankScreen

from ui_helpers import open_setup, settle, shown, start, type_into

GAME = "break-the-bank"


def in_sight(screen, widget) -> bool:
    form = screen.query_one("#setup-form")
    return form.region.contains_region(widget.region) and widget.region.height > 0


async def test_a_bad_value_is_said_beside_its_field_by_its_label(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#opt-money", "3")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        error = screen.query_one("#error-opt-money")
        assert shown(error).strip() == "✗ Starting money must be at least 10."
        assert in_sight(screen, error) and app.focused is screen.query_one("#opt-money")
        # the seed, far down the form: its message comes into sight with it
        await type_into(pilot, app, "#opt-money", "100")
        await type_into(pilot, app, "#seed", "9" * 25)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert shown(error).strip() == ""
        seed_error = screen.query_one("#error-seed")
        assert "at most 19 digits" in shown(seed_error) and in_sight(screen, seed_error)
        # a name given twice: named by its seat
        await type_into(pilot, app, "#seed", "")
        await type_into(pilot, app, "#name-2", "Ada")
        await pilot.press("ctrl+s")
        await settle(pilot)
        name_error = screen.query_one("#error-name-2")
        assert "Seat 3: Ada is the name of seat 1 too" in " ".join(shown(name_error).split())
        assert in_sight(screen, name_error)


async def test_options_that_do_not_fit_together_are_said_before_the_game_starts(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, app, "ten-die-poker")
        await type_into(pilot, app, "#opt-chips", "40")
        await type_into(pilot, app, "#opt-ante", "100")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is screen
        error = screen.query_one("#error-start")
        assert "ante (100) cannot be more than the starting chips (40)" in " ".join(shown(error).split())
        assert in_sight(screen, error)


async def test_a_switch_says_on_or_off_and_a_long_label_wraps_clear_of_its_value(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, app, GAME)
        curtain = screen.query_one("#curtain")
        assert str(curtain.label) == "off" and not curtain.value
        curtain.focus()
        await pilot.press("space")
        await settle(pilot)
        assert curtain.value and str(curtain.label) == "on"
        label = [w for w in screen.query(".field-label") if "Odd dollars" in str(w.render())][0]
        text = shown(label)
        assert "Odd dollars of the split" == " ".join(text.split())
        assert all(line.rstrip() == line.rstrip()[: label.size.width - 1] for line in text.splitlines())


async def test_each_games_options_are_remembered_for_its_next_setup(make_app, store):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot, app, GAME)
        await type_into(pilot, app, "#opt-money", "150")
        await start(pilot, app, BreakTheBankScreen)
        await pilot.press("s")
        await settle(pilot)
        screen = await open_setup(pilot, app, GAME)
        assert screen.query_one("#opt-money").value == "150"
        await pilot.press("escape")
        await settle(pilot)
        other = await open_setup(pilot, app, "ten-die-poker")
        assert other.query_one("#opt-chips").value == "40"  # another game keeps its own


async def test_the_computer_box_says_ticked_or_not_without_colour(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, app, GAME)
        box = screen.query_one("#computer-1")
        assert not box.value
        off = shown(box)
        box.focus()
        await pilot.press("space")
        await settle(pilot)
        assert box.value
        on = shown(box)
        # the same text but for the mark in the box: an X when ticked, nothing when not
        assert "X" in on and "X" not in off and on.replace("X", " ") == off
        curtain = screen.query_one("#curtain")
        assert "X" not in shown(curtain) and "off" in shown(curtain)


async def test_keys_typed_as_the_setup_opens_do_not_replace_the_first_name(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, app, GAME)
        name = screen.query_one("#name-0")
        assert app.focused is name and name.value == "Ada"
        shown_at = getattr(screen, "opened_at", None) or _time.get_time()
        # keys pressed before the form was on the screen, reaching it once it is: dropped
        for key in ("b", "o", "enter"):
            early = events.Key(key, key if len(key) == 1 else "\r")
            early.time = shown_at - 0.01
            app.post_message(early)
        await settle(pilot, 3)
        assert app.screen is screen and name.value == "Ada"
        # a key typed once the form is shown replaces the chosen name, as it should
        await pilot.press("c", "y")
        assert name.value == "cy"
