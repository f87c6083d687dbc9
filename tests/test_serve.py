"""`tabletop-tui serve`: its options and help; a real server on a loopback port refusing what comes
without the secret (a 403 page) and taking what comes with it; no file of the host reachable from the
browser (no path in the addresses served, no path asked by the launcher's import and export)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from tabletop_tui import cli
from tabletop_tui.serve import address, is_loopback, new_secret
from tabletop_tui.session import Session
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.screens.launcher import LauncherScreen
from tabletop_tui.ui.screens.modals import AskScreen

from ui_helpers import settle


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_server(*extra: str, env: dict | None = None):
    """`tabletop-tui serve` in its own process on a free loopback port, until the block ends: yields
    (the address it printed, the process)."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "tabletop_tui", "serve", "--port", str(port), *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=env or dict(os.environ))
    try:
        first = process.stdout.readline()
        match = re.search(r"open (http://\S+)", first)
        assert match, f"the server printed {first!r}"
        deadline = time.monotonic() + 20
        while True:  # until it listens (no timing asserted: a slow machine waits longer)
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert process.poll() is None, process.stdout.read()
            assert time.monotonic() < deadline, "the server never listened"
            time.sleep(0.05)
        yield match.group(1), process
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()


def get(url: str, headers: dict | None = None) -> tuple[int, dict, str]:
    """(status, headers, body) of a GET, errors included."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode("utf-8", "replace")


# -- the command ----------------------------------------------------------------------------------


def test_the_options_and_their_defaults():
    args = cli.build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.secret) == ("127.0.0.1", 8000, False)
    args = cli.build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "9001", "--secret"])
    assert (args.host, args.port, args.secret) == ("0.0.0.0", 9001, True)


@pytest.mark.parametrize("port", ["0", "65536", "eighty"])
def test_a_bad_port_is_one_line_and_status_2(port, capsys):
    with pytest.raises(SystemExit) as exit:
        cli.main(["serve", "--port", port])
    assert exit.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "port" in error


def test_help_says_where_it_listens_the_secret_and_the_files(capsys):
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for said in ("127.0.0.1", "secret", "403", "every browser tab runs its own copy", "download",
                 "tabletop-tui import FILE", "claim is released"):
        assert said.lower() in text.lower(), said


def test_only_the_loopback_goes_without_a_secret():
    for host in ("127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"):
        assert is_loopback(host) and new_secret(host) is None, host
    for host in ("0.0.0.0", "::", "192.168.1.20", "example.org", ""):
        assert not is_loopback(host), host
        secret = new_secret(host)
        assert secret and len(secret) >= 20 and secret != new_secret(host)
        assert address(host, 8000, secret).endswith(f":8000/?key={secret}")
    assert new_secret("127.0.0.1", required=True)
    assert address("127.0.0.1", 8000, None) == "http://127.0.0.1:8000/"
    assert address("::1", 8000, None) == "http://[::1]:8000/"


# -- a real server on the loopback -----------------------------------------------------------------


def test_the_secret_is_refused_without_it_and_taken_with_it(data_dir):
    with running_server("--secret") as (url, process):
        key = re.search(r"\?key=([\w-]+)$", url).group(1)
        base = url.split("?")[0]
        # without the secret, or with another: a 403 page that says why, and no page of the app
        for wrong in (base, base + "?key=", base + "?key=" + key[:-1] + ("A" if key[-1] != "A" else "B")):
            status, _, body = get(wrong)
            assert status == 403 and "secret" in body and "ws" not in body.split("<body")[1].lower(), wrong
        for path in ("ws?width=80&height=24", "static/js/textual.js", "static/css/xterm.css", "download/x"):
            assert get(base + path)[0] == 403, path
        # with it: the page, and a cookie that carries the secret to the page's script and websocket
        status, headers, body = get(url)
        assert status == 200 and 'data-session-websocket-url="ws://' in body
        cookie = headers["Set-Cookie"]
        assert key in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
        jar = {"Cookie": cookie.split(";")[0]}
        status, _, script = get(base + "static/js/textual.js", jar)
        assert status == 200 and "screenReaderMode:!0" in script
        assert get(base + "static/js/textual.js", {"Cookie": cookie.split(";")[0][:-1]})[0] == 403
        assert "googleapis" not in body  # the page asks no other host for anything


def test_the_loopback_answers_only_loopback_names_and_its_own_pages(data_dir):
    with running_server() as (url, process):
        assert url.endswith("/") and "key=" not in url
        assert get(url)[0] == 200
        assert get(url.replace("127.0.0.1", "localhost"))[0] == 200
        # a page of another site renamed to 127.0.0.1 (DNS rebinding) is refused
        status, _, body = get(url, {"Host": "attacker.example:80"})
        assert status == 403 and "loopback" in body
        # the websocket that drives a copy of the program: only for this server's pages
        ws = url + "ws?width=80&height=24"
        upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                   "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
        assert get(ws, {**upgrade, "Origin": "http://attacker.example"})[0] == 403
        assert get(ws, {**upgrade, "Origin": url.rstrip("/").replace("127.0.0.1", "localhost")})[0] == 403
        status, _, _ = _upgrade_status(ws, {**upgrade, "Origin": url.rstrip("/")})
        assert status == 101


def _upgrade_status(url: str, headers: dict) -> tuple[int, str, str]:
    """The status line of a websocket upgrade, read off the socket (urllib cannot take a 101)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as s:
        lines = [f"GET {parts.path}?{parts.query} HTTP/1.1", f"Host: {parts.netloc}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = s.recv(4096).decode("latin-1")
    status_line = head.split("\r\n")[0]
    return int(status_line.split()[1]), status_line, head


def test_no_file_of_the_host_is_served(data_dir):
    secret_file = data_dir.parent / "secret.txt"
    secret_file.write_text("nobody reads this")
    with running_server() as (url, process):
        for path in ("static/", "static/../../../../../../etc/passwd", "static/%2e%2e/%2e%2e/server.py",
                     f"static/..%2f..%2f..%2f..%2f..%2f..%2f..%2f{secret_file}", "download/..%2fsecret.txt",
                     f"?path={secret_file}"):
            status, _, body = get(url + path)
            assert "nobody reads this" not in body and "root:" not in body, path
            assert status in (403, 404) or path.startswith("?"), (path, status)


# -- the launcher in a browser: no path of the host --------------------------------------------------


class BrowserApp(TabletopApp):
    """The app as `serve` runs it (Textual's web driver), with the browser's downloads kept."""

    @property
    def is_web(self) -> bool:
        return True

    def deliver_text(self, path_or_file, **kwargs):
        assert not isinstance(path_or_file, (str, os.PathLike)), "a path of the host was delivered"
        self.delivered.append((path_or_file.read(), kwargs))
        return "key"


async def test_in_a_browser_export_is_a_download_and_import_is_absent(store, data_dir):
    session = Session.new("darwinian-poker", ["Ada", "Bo"], 7, {}, [], store)
    session.autoplay(1)
    session.release()
    app = BrowserApp(store=store, bot_delay=0)
    app.delivered = []
    before = sorted(os.listdir(data_dir))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("tab")
        await settle(pilot, 3)
        assert app.screen.selected_save() == session.save_id
        await pilot.press("x")  # the game hides hands: the warning first, as in a terminal
        await settle(pilot, 3)
        assert not isinstance(app.screen, AskScreen)
        await pilot.press("y")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)  # no path asked
        [(text, options)] = app.delivered
        delivered, expected = json.loads(text), json.loads(store.export_text(session.save_id))
        assert delivered.pop("exported") and expected.pop("exported")  # the time of the export
        assert delivered == expected and delivered["record"]["moves"]
        assert options["save_filename"] == f"tabletop-tui-{session.save_id[:8]}.json"
        assert "save_directory" not in options
        # import: nothing asked, and it says why
        await pilot.press("i")
        await settle(pilot, 3)
        assert isinstance(app.screen, LauncherScreen)
        said = " ".join(n.message for n in app._notifications)
        assert "not offered in a browser" in said and "tabletop-tui import FILE" in said
    assert sorted(os.listdir(data_dir)) == before  # nothing written beside the store


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
                    reason="needs Linux's /proc to find the server's child processes")
@pytest.mark.parametrize("stop", ["interrupted", "killed"])
def test_no_copy_outlives_its_server(data_dir, stop):
    """A tab's copy of the program quits when the server stops (Ctrl+C), and even when it is killed
    with no time to tell it: nothing is left running, holding a game."""
    import signal

    with running_server() as (url, process):
        upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                   "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": url.rstrip("/")}
        from urllib.parse import urlsplit

        parts = urlsplit(url)
        with socket.create_connection((parts.hostname, parts.port), timeout=10) as tab:
            lines = ["GET /ws?width=80&height=24 HTTP/1.1", f"Host: {parts.netloc}",
                     *(f"{k}: {v}" for k, v in upgrade.items())]
            tab.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
            assert b" 101 " in tab.recv(4096).split(b"\r\n")[0]
            deadline = time.monotonic() + 20
            while not (copies := _children(process.pid)):
                assert time.monotonic() < deadline, "no copy of the program was started"
                time.sleep(0.05)
            [copy] = copies
            received = 0
            while received < 2000:  # the launcher's first frame: the copy is up and running
                chunk = tab.recv(65536)
                assert chunk, "the server closed the tab's connection"
                received += len(chunk)
            process.send_signal(signal.SIGINT if stop == "interrupted" else signal.SIGKILL)
            process.wait(30)
            deadline = time.monotonic() + 20
            while os.path.exists(f"/proc/{copy}") and _state(copy) != "Z":
                assert time.monotonic() < deadline, f"the tab's copy outlived its {stop} server"
                time.sleep(0.05)


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def test_a_taken_port_is_said_before_any_address(capsys):
    """A port another program listens on: `serve` says so and prints no address that would not answer."""
    import io

    from tabletop_tui.serve import serve

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        out = io.StringIO()
        assert serve("127.0.0.1", taken.getsockname()[1], out=out) == 1
    assert out.getvalue() == ""
    assert "cannot listen on 127.0.0.1 port" in capsys.readouterr().err
