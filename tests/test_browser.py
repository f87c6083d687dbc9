"""The collection in a real browser: `tabletop-tui serve` on a free loopback port, Debian's headless
Chromium driven through selenium by Debian's chromedriver. The launcher opens, a game of Queensland
starts from it, moves are made by keys and by a click, the page is reloaded (the tab's copy quits, its
claim on the save released) and the game resumed where it was. What the page shows is read from the
page itself: the terminal's text in xterm.js's accessibility tree (one element per row).

`BROWSER_SCREENSHOT=path.png` also saves a PNG of the game in the browser (screenshots/browser.png)."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import tempfile
import time

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
    pytest.skip("no browser: apt-get install chromium chromium-driver (Debian's; .ci/run installs them)",
                allow_module_level=True)

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from test_serve import running_server  # noqa: E402

#: flags that keep Chromium off the network and out of the machine's state (see the machine's notes)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1000,720"]


@pytest.fixture
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="tabletop-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def page_text(driver) -> str:
    """The terminal's rows as the page holds them (xterm.js's accessibility tree)."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.xterm-accessibility-tree > div'))"
        ".map(e => e.textContent).join('\\n')") or ""


def wait_for(driver, *wanted: str, gone: str | None = None, seconds: float = 15) -> str:
    """The page's text once it shows every one of `wanted` (and no longer `gone`). The wait is only an
    upper bound for a stuck page: nothing here asserts how fast the page is."""
    deadline = time.monotonic() + seconds
    while True:
        text = page_text(driver)
        if all(w in text for w in wanted) and (gone is None or gone not in text):
            return text
        if time.monotonic() > deadline:
            raise AssertionError(f"the page never showed {wanted} (without {gone!r}):\n{text}")
        time.sleep(0.05)


def keys(driver, *typed: str) -> None:
    """Type into the terminal (its hidden text area has the keyboard)."""
    driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
    ActionChains(driver).send_keys(*typed).perform()


def ctrl(driver, letter: str) -> None:
    driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
    ActionChains(driver).key_down(Keys.CONTROL).send_keys(letter).key_up(Keys.CONTROL).perform()


def click_cell(driver, row: int, col: int) -> None:
    """A click on the terminal's cell (row, col), counted from 0, at its middle."""
    screen = driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
    rows = len(page_text(driver).split("\n"))
    cols = driver.execute_script("return document.querySelector('.xterm-accessibility-tree > div')"
                                 ".textContent.length")
    box = screen.rect
    x = (col + 0.5) * box["width"] / cols - box["width"] / 2  # selenium's offsets are from the middle
    y = (row + 0.5) * box["height"] / rows - box["height"] / 2
    ActionChains(driver).move_to_element_with_offset(screen, int(x), int(y)).click().perform()


def square_cell(text: str, square: str) -> tuple[int, int]:
    """Where the board of the page's text shows `square` (e4): the row of its rank's label, the column
    of its file's letter under the board."""
    lines = text.split("\n")
    file, rank = square[0], square[1:]
    row = next(i for i, line in enumerate(lines) if line.startswith(f" {rank} │"))
    letters = next(line for line in lines if line.strip().startswith("a ") and f" {file} " in f"{line} ")
    col = f"{letters} ".index(f" {file} ") + 1
    return row, col


def holders(db: str) -> list:
    """The claims on saves in the store (which copy of the program writes which game)."""
    with contextlib.closing(sqlite3.connect(db)) as connection:
        return connection.execute("SELECT save_id, token FROM holders").fetchall()


def store_file(data_dir) -> str:
    names = [n for n in os.listdir(data_dir) if n.endswith((".sqlite3", ".sqlite", ".db"))]
    assert len(names) == 1, names
    return os.path.join(data_dir, names[0])


def test_a_game_in_the_browser_started_played_reloaded_and_resumed(browser, data_dir):
    with running_server() as (url, server):
        browser.get(url)
        wait_for(browser, "Games", "Unfinished games", "none yet")
        # the launcher: find Queensland by name, its setup, start (two people, Ada and Bo)
        keys(browser, "/")
        wait_for(browser, "type a name")
        keys(browser, "queensland")
        wait_for(browser, "1 found")
        keys(browser, Keys.ENTER)
        wait_for(browser, "New game: Queensland", "Start the game")
        ctrl(browser, "s")
        wait_for(browser, "Ada ●: place a new checker")
        # Ada types a square; Bo clicks one
        keys(browser, "a1")
        text = wait_for(browser, "Ada places a checker on a1", "Bo ■: place")
        click_cell(browser, *square_cell(text, "h8"))
        text = wait_for(browser, "Bo places a checker on h8", "Ada ●:")
        row, col = square_cell(text, "h8")
        assert text.split("\n")[row][col - 1:col + 2] == "[■]"  # Bo's checker, placed last
        # the game is held by the tab's copy of the program
        db = store_file(data_dir)
        [(save_id, token)] = holders(db)

        # a reload: that tab's copy quits (its claim released), a new copy shows the launcher
        browser.refresh()
        text = wait_for(browser, "Unfinished games", "Queensland")
        deadline = time.monotonic() + 15
        while holders(db):
            assert time.monotonic() < deadline, f"the closed tab's claim was never released: {holders(db)}"
            time.sleep(0.05)
        assert "none yet" not in text
        # resume it with a click on its row of the unfinished games: the board and log as they were
        lines = text.split("\n")
        below = next(i for i, line in enumerate(lines) if "Unfinished games" in line)
        row = next(i for i in range(below + 1, len(lines)) if "Queensland" in lines[i] and "Ada" in lines[i])
        click_cell(browser, row, lines[row].index("Queensland") + 2)
        text = wait_for(browser, "Ada places a checker on a1", "Bo places a checker on h8", "Ada ●:")
        assert "open in another copy" not in text  # the claim was free: taken silently
        row, col = square_cell(text, "h8")
        assert text.split("\n")[row][col] == "■"  # Bo's checker on h8
        [(resumed_id, new_token)] = holders(db)
        assert resumed_id == save_id and new_token != token
        # and play on: a key and a click
        keys(browser, "c3")
        text = wait_for(browser, "Ada places a checker on c3", "Bo ■:")
        click_cell(browser, *square_cell(text, "f6"))
        wait_for(browser, "Bo places a checker on f6", "Ada ●:")
        if os.environ.get("BROWSER_SCREENSHOT"):
            assert browser.save_screenshot(os.environ["BROWSER_SCREENSHOT"])
