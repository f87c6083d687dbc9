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

#: each game's picture (players, seed, options, moves), from its catalog entry


def scene_computer(info) -> list[int]:
    """The computer seats of a game's picture: in a game with hidden hands, all but the first, so that
    the table is drawn from one person's seat (several people would be shown the curtain)."""
    if not info.rules_class().hidden_information:
        return []
    return list(range(1, len(info.screenshot_scene()[0])))


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
        players, seed, options, moves = info.screenshot_scene()
        session = Session.new(info.id, players, seed, options, scene_computer(info), store)
        session.autoplay(moves, info.scene_level)
        app = TabletopApp(store=store, start={"save": session.save_id}, bot_delay=0, force_curtain=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.pause()
            paths.append(_save(app, out, info.id))
    from tabletop_tui.ui.screens.modals import RulesScreen

    for page in catalog.PAGES:  # a page to read: what the launcher opens for it
        app = TabletopApp(store=store, bot_delay=0, force_curtain=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await app.push_screen(RulesScreen(page.title, page.help_text(), back="Back to the games"))
            await pilot.pause()
            paths.append(_save(app, out, page.id))
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


# -- the README's tables, made from the catalog -------------------------------------------------------

#: the comment in README.md that stands before each table made here
GAMES_MARK, SCREENSHOTS_MARK = "<!-- games -->", "<!-- screenshots -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def game_row(info) -> str:
    """A game's row of the README's table: title, family, players, minutes and pitch."""
    low, high = info.min_players, info.max_players
    players = f"{low}" if low == high else f"{low}-{high}"
    return f"| {_cell(info.title)} | {_cell(info.family)} | {players} | {info.minutes} min | {_cell(info.pitch)} |"


def screenshot_cell(info) -> str:
    """A game's picture in the README's table of screenshots."""
    return f"![{_cell(info.title)}](screenshots/{info.id}.svg)"


def game_table() -> str:
    """The README's table of the games, in catalog order."""
    header = ["| game | family | players | time | |", "| --- | --- | --- | --- | --- |"]
    return "\n".join(header + [game_row(g) for g in catalog.GAMES])


def screenshot_table() -> str:
    """The README's screenshots, two a row, in catalog order."""
    cells = [screenshot_cell(g) for g in catalog.GAMES]
    if len(cells) % 2:
        cells.append("")
    rows = [f"| {left} | {right} |" for left, right in zip(cells[::2], cells[1::2])]
    return "\n".join(["| | |", "| --- | --- |", *rows])


def with_tables(readme: str) -> str:
    """The README's text with the tables after its marks made afresh from the catalog."""
    lines = readme.split("\n")
    for mark, table in ((GAMES_MARK, game_table()), (SCREENSHOTS_MARK, screenshot_table())):
        if mark not in lines:
            raise ValueError(f"the README has no line {mark} before its table")
        start = lines.index(mark) + 1
        while start < len(lines) and not lines[start].strip():
            start += 1
        end = start
        while end < len(lines) and lines[end].startswith("|"):
            end += 1
        lines[start:end] = table.split("\n")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """`python -m tabletop_tui.screenshots --tables`: print the README's tables; `--readme FILE`: write
    them into the README in place."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tabletop_tui.screenshots", description=main.__doc__)
    parser.add_argument("--tables", action="store_true", help="print the README's tables of the games")
    parser.add_argument("--readme", metavar="FILE", help="write the tables into this README in place")
    args = parser.parse_args(argv)
    if args.readme:
        path = Path(args.readme)
        path.write_text(with_tables(path.read_text(encoding="utf-8")), encoding="utf-8")
    if args.tables or not args.readme:
        print(game_table(), screenshot_table(), sep="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
