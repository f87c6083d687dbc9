"""Every game of the catalog ends through its own screen.

A seeded random game is played through the rules to its end; its save is then made a few moves short
of the end and opened from the store as a person resumes it, two people at the keyboard (and computer
players in the other seats). The last moves are made through the screen's one checked method
(`GameScreen.submit`), behind the curtain where the game hides something, checking at every step that
the screen shows no one more than their seat may see, until the results name the winner the rules
named. A new game takes part by being in the catalog."""

from __future__ import annotations

import random

import pytest

from tabletop_tui import catalog
from tabletop_tui.session import Session
from tabletop_tui.ui.screens.game import GameScreen

from contract_games import plan
from handoff_helpers import to_the_results
from ui_helpers import screen_text, settle

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
#: moves short of the end where the save is opened
SHORT = 6
#: options that end a game sooner where its random games run to thousands of moves (the screen's end is
#: the point here, not the length of its log): Board Game Project #55's to 11 points took 2,654 moves
SOONER = {"board-game-project-55": {"target": 3}}


def finished(cls, seed: int, options: dict):
    """The shortest of a few random games played through the rules to their end (a screen with a long
    game's log to draw is the speed benchmark's business, not this test's)."""
    games = []
    for s in range(seed, seed + 20):
        rnd = random.Random(s)
        game = cls(NAMES[:cls.min_players], s, **options)
        while game.outcome() is None and len(game.history) < cls.move_limit:
            mover = rnd.choice([x for x in range(len(game.players)) if game.legal_moves(x)])
            game.play(mover, rnd.choice(game.legal_moves(mover)))
        if game.outcome() is not None:
            games.append(game)
            if len(games) == 4:
                break
    assert games, f"{cls.id}: no random game ended"
    return min(games, key=lambda g: len(g.history))


@pytest.mark.parametrize("game_id", [g.id for g in catalog.GAMES])
async def test_a_resumed_game_ends_through_its_screen(make_app, store, game_id):
    info = catalog.get(game_id)
    cls = info.rules_class()
    options = dict(plan(game_id).options) | SOONER.get(game_id, {})
    whole = finished(cls, 3, options)
    n = len(whole.players)
    session = Session.new(game_id, NAMES[:n], whole.seed, options, computer=list(range(2, n)), store=store,
                          curtain=True)
    session.game = cls.replay(session.players, whole.seed, session.game.options,
                              whole.history[:max(0, len(whole.history) - SHORT)], whole.stream)
    session._save()  # the moves so far, in one write
    session.release()
    rest = list(whole.history[len(session.game.history):])
    rnd = random.Random(5)
    followed = n == 2  # computers' choices may differ from the recorded game's
    app = make_app(start={"save": session.save_id}, force_curtain=True)

    async def act(screen, viewer):
        """The recorded game's own move where it is this person's, else any legal one."""
        nonlocal followed
        game = screen.session.game
        if viewer is None or not game.legal_moves(viewer):
            return
        mine = [i for i, (s, _) in enumerate(rest) if s == viewer]
        move = rest[mine[0]][1] if mine and rest[mine[0]][1] in game.legal_moves(viewer) else None
        if move is not None:
            del rest[mine[0]]
        else:
            followed = False
            move = rnd.choice(game.legal_moves(viewer))
        assert screen.submit(viewer, move)

    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, 3)
        await to_the_results(pilot, app, GameScreen, act, steps=400)
        results = app.screen
        outcome = results.session.game.outcome()
        assert outcome is not None
        if followed:  # the very game the rules played (simultaneous choices perhaps in another order)
            assert outcome.standings == whole.outcome().standings
        assert outcome.standings[0].name in screen_text(app)
