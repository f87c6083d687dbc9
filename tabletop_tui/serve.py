"""`tabletop-tui serve`: the collection in a web browser, served by textual-serve (the Textual project's
own server). Every browser tab (every websocket) runs its own copy of the program, in its own process,
on the same save store as the terminal: a game started in one can be resumed in the other.

Safe by default:

- it listens on 127.0.0.1 unless told otherwise, and there it answers only requests addressed to the
  loopback by name (a page elsewhere that renames itself to 127.0.0.1, "DNS rebinding", is refused);
- listening anywhere else needs a secret in the address (`?key=...`, printed at start): a request without
  it, or without the cookie the first page sets from it, gets a 403 page; `--secret` asks for one on the
  loopback too;
- the websocket that drives a copy of the program only answers a page of this server (its Origin), so
  that no other site open in the same browser can play or read a game;
- a served copy never reads or writes a path of the host given by the person at the browser (the
  launcher's export is a download, its import is absent: see `LauncherScreen.action_export`);
- a closed tab loses nothing: textual-serve tells the copy to quit, the game screen is left, and its
  claim on the save is released (every move is saved anyway).
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import shlex
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

#: the name of the cookie that carries the secret after the first page (one per port)
COOKIE = "tabletop_tui_key_{port}"

_LOOPBACK_NAMES = {"localhost", "localhost.", "ip6-localhost"}

FORBIDDEN_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>403: tabletop-tui</title></head>
<body style="font-family: monospace; background: #0c181f; color: #eee; padding: 2em">
<h1>403: not without the secret</h1>
<p>{reason}</p>
<p>Open the address that <code>tabletop-tui serve</code> printed when it started, secret included.</p>
</body></html>
"""


def is_loopback(host: str) -> bool:
    """Whether `host` (an address or a name) is this machine's loopback only."""
    host = host.strip().strip("[]").lower()
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _host_of(netloc: str) -> str:
    """The host of a Host header or an Origin's netloc, without its port ("[::1]:8000" -> "::1")."""
    try:
        return (urlsplit(f"//{netloc}").hostname or "").lower()
    except ValueError:
        return ""


def address(host: str, port: int, secret: str | None) -> str:
    """The address to open in a browser (a wildcard host is shown as this machine's name)."""
    shown = host
    if host in ("", "0.0.0.0", "::"):
        shown = socket.gethostname()
    if ":" in shown:
        shown = f"[{shown}]"
    url = f"http://{shown}:{port}/"
    return f"{url}?key={secret}" if secret else url


def served_command() -> str:
    """The command each browser tab runs (through a shell, which `exec` replaces): this Python, the
    launcher, watching its server (`served_copy`)."""
    return "exec " + shlex.join([sys.executable, "-m", "tabletop_tui.serve"])


def served_copy() -> int:
    """One browser tab's copy of the program: the launcher, which quits as a closed tab's copy does
    (its game saved, its claim released) if the server that started it is gone (killed, say, with no
    time to tell its copies): nothing is then left running, holding a game."""
    import os
    import signal
    import threading
    import time

    from tabletop_tui.cli import main

    server = os.getppid()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGTERM)  # Textual's web driver takes it as a request to quit

    threading.Thread(target=watch, name="server-watch", daemon=True).start()
    return main([])


def _index_template() -> str:
    """textual-serve's page, without its font from fonts.googleapis.com: the page asks nothing of any
    other host (the terminal falls back to the browser's monospace font)."""
    import textual_serve

    text = (Path(textual_serve.__file__).parent / "templates" / "app_index.html").read_text(encoding="utf-8")
    start = text.find('<link\n      rel="stylesheet"\n      href="https://fonts.googleapis.com')
    if start != -1:
        end = text.find("/>", start)
        text = text[:start] + text[end + 2:]
    return text


#: in textual-serve's script, where its terminal (xterm.js) is made
_TERMINAL_MADE = "this.terminal=new v.Terminal({allowProposedApi:!0,"


def _terminal_script() -> bytes:
    """textual-serve's script with xterm.js's screen reader mode on: besides its drawing on a canvas,
    the terminal keeps its text in the page (an accessibility tree of one element per row), for screen
    readers, and for the browser tests, which read the page's text there. (Unchanged if textual-serve's
    script is not the one this was written for.)"""
    import textual_serve

    text = (Path(textual_serve.__file__).parent / "static" / "js" / "textual.js").read_text(encoding="utf-8")
    return text.replace(_TERMINAL_MADE, _TERMINAL_MADE.replace("{", "{screenReaderMode:!0,"), 1).encode("utf-8")


def make_server(host: str = "127.0.0.1", port: int = 8000, secret: str | None = None, command: str | None = None):
    """A textual-serve `Server` for the launcher with the guards above; `secret` None on the loopback
    means none is asked."""
    import asyncio

    import aiohttp_jinja2
    import jinja2
    from aiohttp import WSCloseCode, web
    from textual_serve.server import Server, log, to_int

    loopback = is_loopback(host)

    class GuardedServer(Server):
        def __init__(self) -> None:
            super().__init__(command or served_command(), host=host, port=port, title="tabletop-tui")
            self.secret = secret
            self.cookie = COOKIE.format(port=port)
            self.script: bytes | None = None
            self.sockets: set[web.WebSocketResponse] = set()

        def refusal(self, request: web.Request) -> str | None:
            """Why a request is refused, or None."""
            if loopback and not is_loopback(_host_of(request.host)):
                return "This server answers only addresses of this machine's loopback (127.0.0.1, localhost)."
            if request.path == "/ws":
                origin = request.headers.get("Origin")
                if origin is not None and urlsplit(origin).netloc.lower() != request.host.lower():
                    return "The game's connection is only for the pages of this server."
            if self.secret is None:
                return None
            given = request.query.get("key") or request.cookies.get(self.cookie) or ""
            if not hmac.compare_digest(given.encode(), self.secret.encode()):
                return "This address needs the secret that was printed when the server started."
            return None

        @web.middleware
        async def guard(self, request: web.Request, handler):
            reason = self.refusal(request)
            if reason is not None:
                import html

                return web.Response(status=403, text=FORBIDDEN_PAGE.format(reason=html.escape(reason)),
                                    content_type="text/html")
            response = await handler(request)
            if self.secret is not None and request.query.get("key") and request.path == "/":
                response.set_cookie(self.cookie, self.secret, httponly=True, samesite="Strict", path="/")
            return response

        async def _make_app(self) -> web.Application:
            app = web.Application(middlewares=[self.guard])
            aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({"app_index.html": _index_template()}))
            app.add_routes([
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.get("/static/js/textual.js", self.handle_script),
                web.static("/static", self.statics_path, name="static"),
            ])
            app.on_startup.append(self.on_startup)
            app.on_shutdown.append(self.on_shutdown)
            return app

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            # textual-serve's, with the connection kept where `on_shutdown` finds it
            from textual_serve.app_service import AppService

            websocket = web.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            app_service = None
            self.sockets.add(websocket)
            try:
                await websocket.prepare(request)
                app_service = AppService(self.command, write_bytes=websocket.send_bytes,
                                         write_str=websocket.send_str, close=websocket.close,
                                         download_manager=self.download_manager, debug=self.debug)
                await app_service.start(width, height)
                await self._process_messages(websocket, app_service)
            except asyncio.CancelledError:
                await websocket.close()
            except Exception as error:
                log.exception(error)
            finally:
                self.sockets.discard(websocket)
                if app_service is not None:
                    await app_service.stop()  # the copy is told to quit, and waited for
            return websocket

        async def on_shutdown(self, app: web.Application) -> None:
            # Ctrl+C: every tab's connection is closed, so that each copy quits as a closed tab's does
            # (aiohttp would otherwise wait a minute for the connections to end by themselves)
            await asyncio.gather(*(ws.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")
                                   for ws in list(self.sockets)), return_exceptions=True)

        async def handle_script(self, request: web.Request) -> web.Response:
            if self.script is None:
                self.script = _terminal_script()
            return web.Response(body=self.script, content_type="application/javascript")

        @aiohttp_jinja2.template("app_index.html")
        async def handle_index(self, request: web.Request) -> dict:
            # The page's own host and port as the browser wrote them (not the address listened on, which
            # may be 0.0.0.0); the websocket carries the secret as the page's cookie.
            base = f"{request.scheme}://{request.host}"
            return {
                "font_size": to_int(request.query.get("fontsize", "16"), 16),
                "app_websocket_url": ("wss" if request.scheme == "https" else "ws") + f"://{request.host}/ws",
                "config": {"static": {"url": f"{base}/static/"}},
                "application": {"name": "tabletop-tui"},
                "ping_url": "",
            }

        async def on_startup(self, app: web.Application) -> None:
            pass  # the address is printed by `serve` before the server starts

    return GuardedServer()


def new_secret(host: str, required: bool = False) -> str | None:
    """The secret a server on `host` asks for: a new random one for any host but the loopback (or when
    `required`), else None (the loopback answers only this machine)."""
    if required or not is_loopback(host):
        return secrets.token_urlsafe(18)
    return None


def _check_listen(host: str, port: int) -> None:
    """OSError if the server could not listen on `host` and `port` (the port taken, the host not this
    machine's), tried the way aiohttp will (an address reused), so that no address is printed that will
    not answer."""
    family, kind, proto, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                       flags=socket.AI_PASSIVE)[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(where)


def serve(host: str, port: int, require_secret: bool = False, out=None) -> int:
    """Serve until interrupted; print the address first. Returns the exit status."""
    out = out or sys.stdout
    secret = new_secret(host, require_secret)
    try:
        _check_listen(host, port)
    except OSError as exc:
        print(f"tabletop-tui: cannot listen on {host} port {port} ({exc.strerror or exc})", file=sys.stderr)
        return 1
    server = make_server(host, port, secret)
    print(f"tabletop-tui in a browser: open {address(host, port, secret)}", file=out)
    if secret:
        print("The address holds a secret: whoever has it can play and read every saved game; "
              "without it the server answers 403.", file=out)
    else:
        print("Only this machine can open it (127.0.0.1). Each browser tab runs its own copy on the same saves.",
              file=out)
    print("Ctrl+C stops the server (the games are saved after every move).", file=out, flush=True)
    try:
        server.serve()
    except OSError as exc:
        print(f"tabletop-tui: cannot listen on {host} port {port} ({exc.strerror or exc})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(served_copy())
