"""What a catalog entry brings with it: the README's rows, a screenshot, rules help with its rulings, the
scene of its pictures and the number of games the tests simulate, all from the entry itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop_tui import catalog, screenshots

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"


def table_after(text: str, mark: str) -> list[str]:
    """The lines of the README's table that follows `mark`."""
    lines = text.split("\n")
    assert mark in lines, f"README.md has no line {mark} before its table"
    rows = lines[lines.index(mark) + 1:]
    while rows and not rows[0].strip():
        rows.pop(0)
    end = next((i for i, line in enumerate(rows) if not line.startswith("|")), len(rows))
    return rows[:end]


def lacks(info: catalog.GameInfo, readme: str, root: Path = ROOT) -> list[str]:
    """What a game lacks outside its code: its README rows, its screenshot, its rules help's rulings."""
    missing = []
    if screenshots.game_row(info) not in table_after(readme, screenshots.GAMES_MARK):
        missing.append(f"README row: {screenshots.game_row(info)}")
    if not any(screenshots.screenshot_cell(info) in row for row in table_after(readme, screenshots.SCREENSHOTS_MARK)):
        missing.append(f"README screenshot: {screenshots.screenshot_cell(info)}")
    if not (root / "screenshots" / f"{info.id}.svg").is_file():
        missing.append(f"screenshots/{info.id}.svg (tabletop-tui screenshots)")
    try:
        help_text = info.help_text()
    except FileNotFoundError:
        missing.append(f"tabletop_tui/rules_help/{info.help}")
    else:
        rulings = help_text.split("\n## Rulings\n", 1)
        if len(rulings) < 2 or not rulings[1].strip():
            missing.append(f"a '## Rulings' section in tabletop_tui/rules_help/{info.help}")
    return missing


@pytest.mark.parametrize("game_id", [g.id for g in catalog.GAMES])
def test_a_game_has_its_readme_rows_screenshot_and_rulings(game_id):
    assert lacks(catalog.get(game_id), README.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("page_id", [p.id for p in catalog.PAGES])
def test_a_page_has_its_screenshot_named_in_the_readme(page_id):
    assert (ROOT / "screenshots" / f"{page_id}.svg").is_file(), "tabletop-tui screenshots makes it"
    assert f"(screenshots/{page_id}.svg)" in README.read_text(encoding="utf-8")


def test_the_readme_tables_are_the_catalog_in_its_order():
    text = README.read_text(encoding="utf-8")
    assert screenshots.with_tables(text) == text, (
        "README.md's tables differ from the catalog: `python -m tabletop_tui.screenshots --readme README.md`")
    rows = table_after(text, screenshots.GAMES_MARK)[2:]
    assert rows == [screenshots.game_row(g) for g in catalog.GAMES]


@pytest.fixture
def new_game(monkeypatch):
    """One more game in the catalog that has nothing but its entry."""
    info = catalog.GAMES[0]._replace(id="new-game", title="New Game", family="Dice", min_players=3,
                                     max_players=3, minutes=10, pitch="A pitch | with a bar.", help="new_game.md",
                                     scene=())
    monkeypatch.setattr(catalog, "GAMES", catalog.GAMES + (info,))
    return info


def test_a_new_game_without_its_rows_screenshot_and_help_is_found_out(new_game):
    readme = README.read_text(encoding="utf-8")
    assert lacks(new_game, readme) == [
        "README row: | New Game | Dice | 3 | 10 min | A pitch \\| with a bar. |",
        "README screenshot: ![New Game](screenshots/new-game.svg)",
        "screenshots/new-game.svg (tabletop-tui screenshots)",
        "tabletop_tui/rules_help/new_game.md",
    ]
    assert screenshots.with_tables(readme) != readme
    # the tables made afresh have its rows (its picture fills the last row's empty cell, or starts a row)
    made = screenshots.with_tables(readme)
    assert [thing.split(":")[0] for thing in lacks(new_game, made)] == [
        "screenshots/new-game.svg (tabletop-tui screenshots)", "tabletop_tui/rules_help/new_game.md"]
    assert table_after(made, screenshots.GAMES_MARK)[-1] == screenshots.game_row(new_game)
    before = catalog.GAMES[-2]
    picture = "![New Game](screenshots/new-game.svg)"
    assert table_after(made, screenshots.SCREENSHOTS_MARK)[-1] == (
        f"| ![{before.title}](screenshots/{before.id}.svg) | {picture} |" if len(catalog.GAMES) % 2 == 0
        else f"| {picture} |  |")


def test_a_help_page_without_rulings_is_found_out(new_game, monkeypatch):
    monkeypatch.setattr(catalog.GameInfo, "help_text", lambda self: "# New Game\n\nRoll.\n\n## Rulings\n\n")
    readme = README.read_text(encoding="utf-8")
    assert "a '## Rulings' section in tabletop_tui/rules_help/new_game.md" in lacks(new_game, readme)


def test_the_scene_and_the_simulated_games_are_on_the_entry(new_game):
    assert catalog.get("thief-in-the-night").screenshot_scene() == (["Ada", "Bo"], 5, {"dawn": 30}, 24)
    assert catalog.get("land-grab").simulate_games == 1
    # a game that says nothing has a picture of its fewest players, before any move, and twelve games
    assert new_game.screenshot_scene() == (["Ada", "Bo", "Cy"], 1, {}, 0)
    assert new_game.simulate_games == 12
    assert catalog.get("land-grab").screenshot_scene() == (["Ada", "Bo"], 1, {}, 78)
    # the entry's options are not handed out to be changed
    scene = catalog.get("nickies-castle").screenshot_scene()
    scene[2]["series"] = 5
    assert catalog.get("nickies-castle").screenshot_scene()[2] == {"series": 2}


def test_the_tables_are_printed_and_written_by_a_command(tmp_path, capsys):
    assert screenshots.main(["--tables"]) == 0
    printed = capsys.readouterr().out
    assert printed == screenshots.game_table() + "\n\n" + screenshots.screenshot_table() + "\n"
    readme = tmp_path / "README.md"
    readme.write_text("# x\n\n<!-- games -->\n\n| old |\n\ntext\n\n<!-- screenshots -->\n| old |\n| old |\n")
    assert screenshots.main(["--readme", str(readme)]) == 0
    assert readme.read_text() == (f"# x\n\n<!-- games -->\n\n{screenshots.game_table()}\n\ntext\n\n"
                                  f"<!-- screenshots -->\n{screenshots.screenshot_table()}\n")
    readme.write_text("# no marks\n")
    with pytest.raises(ValueError, match="<!-- games -->"):
        screenshots.main(["--readme", str(readme)])


def test_screens_tcss_holds_no_style_of_one_game_alone():
    """What is one game's own look is beside its screen: screens.tcss names no widget (by id or class)
    that only a game's screen module makes."""
    import re

    shared = (ROOT / "tabletop_tui" / "ui" / "styles" / "screens.tcss").read_text(encoding="utf-8")
    shared = re.sub(r"/\*.*?\*/", "", shared, flags=re.S)
    named = set(re.findall(r"[#.]([A-Za-z][\w-]*)", shared))
    for module in sorted({info.screen.partition(":")[0] for info in catalog.GAMES}):
        source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
        made = set(re.findall(r'\bid="([\w-]+)"', source))
        made |= {name for names in re.findall(r'\bclasses="([\w -]+)"', source) for name in names.split()}
        assert not named & made, f"screens.tcss styles {sorted(named & made)} of {module} alone"
