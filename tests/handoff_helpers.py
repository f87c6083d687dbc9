"""Helpers for the Pilot tests that pass the keyboard: a clock the test moves, lifting the curtain as
a person does (once it is drawn and its pause is over, the key it shows), and a whole game played
behind the curtain.

A plain module, not a test file: pytest puts tests/ on sys.path, so the tests import it by name."""

from __future__ import annotations

from tabletop_tui.ui.screens.modals import CurtainScreen
from tabletop_tui.ui.screens.results import ResultsScreen

from ui_helpers import assert_sees_only, press_for_move, settle


class Clock:
    """A clock that moves only when told to (put it in as `CurtainScreen.clock` with monkeypatch)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def lift_curtain(pilot, app, clock: Clock | None = None) -> None:
    """Lift the curtain on screen as a person does: wait until it is drawn, let its pause pass (on the
    test's clock, or by dating the drawing back), and press the key it shows."""
    curtain = app.screen
    assert isinstance(curtain, CurtainScreen)
    for _ in range(10):
        if curtain.drawn_at is not None:
            break
        await pilot.pause()
    assert curtain.drawn_at is not None
    if clock is not None:
        clock.advance(CurtainScreen.PAUSE)
    else:
        curtain.drawn_at -= CurtainScreen.PAUSE
    await pilot.press(curtain.key)
    await settle(pilot, 2)
    assert app.screen is not curtain


async def to_the_results(pilot, app, screen_class, act, steps: int = 800, people: bool = False) -> list[str]:
    """Play a game behind the curtain to its results, checking at every step that the screen shows no
    card hidden from whoever looks: nobody on the curtain, the viewer on the table. While the person at
    the keyboard may act, `act(screen, viewer)` (a coroutine) makes their choice; once they have moved,
    Enter passes the keyboard (or waits for the computer). `people`: every seat is a person, so the
    table always has a viewer. Returns the names the curtain was lifted for."""
    lifted = []
    for _ in range(steps):
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return lifted
        if isinstance(screen, CurtainScreen):
            assert_sees_only(app, app.screen_stack[-2].session, None)
            lifted.append(screen.player)
            await lift_curtain(pilot, app)
        elif isinstance(screen, screen_class):
            viewer = screen.viewer()
            assert viewer is not None or not people
            if viewer is not None:
                assert_sees_only(app, screen.session, viewer)
            if not screen.input_open():
                await pilot.press("enter")
            else:
                await act(screen, viewer)
        await settle(pilot, 2)
    raise AssertionError(f"no results after {steps} steps")


async def play_through_the_curtain(pilot, app, screen_class, choose, steps: int = 800) -> list[str]:
    """Play a game of people behind the curtain to its results (`to_the_results`): `choose(screen,
    actions)` picks the action to press; every action offered must be the viewer's, and its key, sent
    as the terminal sends it, must make the viewer's move (`press_for_move`: waited for until it is
    made, with no idle waits; the loop settles after every step). Returns the names the curtain was
    lifted for."""

    async def act(screen, viewer):
        actions = screen.query_one("#actions").actions
        if actions:
            assert all(a.seat == viewer for a in actions)
            await press_for_move(pilot, screen, choose(screen, actions).key, human=True)
        else:
            await pilot.pause(0.01)

    return await to_the_results(pilot, app, screen_class, act, steps, people=True)
