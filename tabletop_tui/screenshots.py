"""`tabletop-tui screenshots`: the launcher and each game mid-play, as SVG files for the README."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

from tabletop_tui import catalog

SIZE = (100, 30)
#: when the games in the pictures were last played (a fixed Unix time: 1 Nov 2026, mid-day)
SHOT_AT = 1_793_620_800.0

#: for each game: players, seed, options and how many moves the computer makes before the picture
SCENES = {
    "second-story": (["Ada", "Bo", "Cy"], 7, {}, 9),
    "thief-dice": (["Ada", "Bo", "Cy", "Dee"], 3, {}, 14),
    "pontifuse": (["Ada", "Bo"], 5, {}, 6),
    "fight-the-power": (["Ada", "Bo", "Cy", "Dee", "Eve"], 1, {}, 6),
    "ten-die-poker": (["Ada", "Bo", "Cy", "Dee", "Eve"], 1, {}, 16),
    "break-the-bank": (["Ada", "Bo", "Cy", "Dee", "Eve"], 1, {}, 7),
    "monster-builder": (["Ada", "Bo", "Cy", "Dee"], 1, {}, 34),
    "darwinian-poker": (["Ada", "Bo", "Cy", "Dee"], 2, {}, 9),
    "seven-handed-poker": (["Ada", "Bo"], 4, {}, 14),
    "thief-in-the-night": (["Ada", "Bo"], 5, {"dawn": 30}, 24),
    "the-syndicate": (["Ada", "Bo", "Cy"], 4, {}, 27),
    "shipwreck": (["Ada", "Bo", "Cy", "Dee"], 5, {}, 65),
    "penniless-and-insane": (["Ada", "Bo", "Cy", "Dee"], 6, {}, 29),
    "board-game-project-55": (["Ada", "Bo", "Cy", "Dee"], 4, {}, 56),
    "queensland": (["Ada", "Bo"], 3, {}, 21),
    "putwoodys-castle": (["Ada", "Bo", "Cy"], 3, {}, 9),
    "nickies-castle": (["Ada", "Bo"], 2, {"series": 2}, 11),
    "hermans-castle": (["Ada", "Bo", "Cy"], 1, {}, 14),
    "land-grab": (["Ada", "Bo"], 1, {}, 78),
}


def scene_computer(info) -> list[int]:
    """The computer seats of a game's picture: in a game with hidden hands, all but the first, so that
    the table is drawn from one person's seat (several people would be shown the curtain)."""
    if not info.rules_class().hidden_information:
        return []
    return list(range(1, len(SCENES[info.id][0])))


async def _shoot(out: Path) -> list[Path]:
    from tabletop_tui import store as store_module

    # the store's clock stands still, so that the launcher's "last played" is the same in every picture
    clock, store_module._now = store_module._now, lambda: SHOT_AT
    try:
        with tempfile.TemporaryDirectory() as data:
            return await _shoot_in(out, data)
    finally:
        store_module._now = clock


async def _shoot_in(out: Path, data: str) -> list[Path]:
    from tabletop_tui.session import Session
    from tabletop_tui.store import Store
    from tabletop_tui.ui.app import TabletopApp

    paths: list[Path] = []
    store = Store.open(data)
    # one unfinished game so the launcher shows its list
    demo = Session.new("pontifuse", ["Ada", "Bo"], 11, {}, [], store)
    demo.autoplay(3)
    app = TabletopApp(store=store, bot_delay=0, force_curtain=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        paths.append(_save(app, out, "launcher"))
    for info in catalog.GAMES:
        players, seed, options, moves = SCENES[info.id]
        session = Session.new(info.id, players, seed, options, scene_computer(info), store)
        session.autoplay(moves)
        app = TabletopApp(store=store, start={"save": session.save_id}, bot_delay=0, force_curtain=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.pause()
            paths.append(_save(app, out, info.id))
    store.close()
    return paths


def _save(app, out: Path, name: str) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.svg"
    app.save_screenshot(filename=path.name, path=str(out))
    return path


def regenerate(out: str = "screenshots") -> list[Path]:
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    return asyncio.run(_shoot(Path(out)))
