import os

import pytest

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


@pytest.fixture(autouse=True, scope="session")
def cache_folder(tmp_path_factory):
    """The program's cache (the rules parsed from its CSS, kept between starts) is never the user's in
    tests: one folder for the session."""
    folder = tmp_path_factory.mktemp("cache")
    os.environ["TABLETOP_TUI_CACHE"] = str(folder)
    return folder


@pytest.fixture(autouse=True)
def bots_think_without_a_clock(monkeypatch):
    """No test depends on the machine's speed: a computer player searches to its own limits (positions,
    deals), not to the time it is given at the table. tests/test_bot_budget.py sets budgets itself."""
    import math

    from tabletop_tui.bots.base import Bot

    monkeypatch.setattr(Bot, "time_budget", math.inf)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A fresh save folder for each test (the program never touches the real one in tests)."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("TABLETOP_TUI_DATA", str(folder))
    return folder


@pytest.fixture
def store(data_dir):
    from tabletop_tui.store import Store

    s = Store.open(str(data_dir))
    yield s
    s.close()


@pytest.fixture
def make_app(store):
    """An app on the test's store, with computer players that answer at once."""
    from tabletop_tui.ui.app import TabletopApp

    def make(start=None, force_curtain=None):
        return TabletopApp(store=store, start=start, bot_delay=0, force_curtain=force_curtain)

    return make
