"""`tabletop-tui`: the launcher, and subcommands to play, simulate, list, save and export."""

from __future__ import annotations

import argparse
import json
import os
import sys

from tabletop_tui import catalog
from tabletop_tui.names import names_problem, printable, shown
from tabletop_tui.rules.words import quote, shorten


class _Parser(argparse.ArgumentParser):
    """Bad arguments get one line and exit status 2, never a traceback or a page of usage."""

    def error(self, message: str):  # noqa: D401
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _fail(message: str) -> int:
    print(f"tabletop-tui: {message}", file=sys.stderr)
    return 2


def _parse_options(items: list[str] | None) -> dict:
    options = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"--option takes KEY=VALUE, not {shorten(item)}")
        options[key.strip()] = value.strip()
    return options


def _parse_seats(text: str | None, n: int) -> list[int]:
    if not text:
        return []
    seats = []
    for part in text.split(","):
        try:
            seat = int(part)
        except ValueError:
            raise ValueError(f"seats are numbers from 1 to {n}, not {shorten(part)}") from None
        if not 1 <= seat <= n:
            raise ValueError(f"there is no seat {seat}: seats are 1 to {n}")
        seats.append(seat - 1)
    return sorted(set(seats))


def _parse_levels(items: list[str] | None, n: int) -> dict[int, str]:
    """--level SEAT=LEVEL (repeatable): seat (from 1) -> level, seats counted from 0."""
    from tabletop_tui.bots.base import level_problem

    levels: dict[int, str] = {}
    for item in items or []:
        seat_text, sep, level = item.partition("=")
        seat_text, level = seat_text.strip(), level.strip().lower()
        if not sep or not seat_text or "," in seat_text:
            raise ValueError(f"--level takes SEAT=LEVEL (2=hard), not {shorten(item)}")
        try:
            [seat] = _parse_seats(seat_text, n)
        except ValueError as exc:
            raise ValueError(f"--level {shorten(item)}: {exc}") from None
        if level_problem(level):
            raise ValueError(f"--level {shorten(item)}: the levels are easy, normal and hard")
        if seat in levels and levels[seat] != level:
            raise ValueError(f"--level: seat {seat + 1} is given two levels ({levels[seat]} and {level})")
        levels[seat] = level
    return levels


def _seed(text: str) -> int:
    """--seed: a whole number of at most 19 digits, quoted short when it is not."""
    from tabletop_tui.rules.engine import seed_problem, shorten

    digits = text.strip().lstrip("+-")
    try:
        seed = int(text) if len(digits) <= 20 else int(text.strip()[:21])  # 5,000 digits: too many to read
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed {shorten(text)} is not a whole number") from None
    if seed_problem(seed):
        raise argparse.ArgumentTypeError(seed_problem(seed))
    return seed


def _port(text: str) -> int:
    """--port: a whole number from 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the port {shorten(text)} is not a whole number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"the port is from 1 to 65535, not {port}")
    return port


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tabletop-tui", description="Table games for the terminal, for people at one computer.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("list", help="the playable games, or the options of one")
    p.add_argument("--json", action="store_true", help="a JSON list of objects")
    p.add_argument("--options", metavar="GAME", help="the options of GAME: keys, labels, defaults and ranges")

    p = sub.add_parser("play", help="straight into a game",
                       epilog="The options of a game: tabletop-tui list --options GAME")
    p.add_argument("game", help="the game id, e.g. second-story")
    p.add_argument("--players", help="names separated by commas (Ada,Bo,Cy)")
    p.add_argument("--computer", help="computer seats, numbered from 1 (2,3)")
    p.add_argument("--seed", type=_seed, help="the seed: the same seed deals the same game")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")

    p = sub.add_parser("simulate", help="computer players play whole games, no screen")
    p.add_argument("game", help="the game id, e.g. thief-dice")
    p.add_argument("--games", type=int, required=True,
                   help="how many games to play (at least 1); each game's seed is one more than the last")
    p.add_argument("--players", type=int, help="number of players (default: the least the game takes)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (the next ones count up)")
    p.add_argument("--random", help="seats (from 1) played by a random player instead of the computer player")
    p.add_argument("--search", help="seats (from 1) played by SearchBot, the searching player of any game, "
                   "instead of the game's own")
    p.add_argument("--level", action="append", metavar="SEAT=LEVEL",
                   help="how well the player in SEAT plays: easy, normal or hard (repeatable; default normal; "
                   "a player without that level plays the nearest it has)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    p.add_argument("--limit", type=int, help="stop a game after this many moves (default: the game's own)")
    p.add_argument("--json", action="store_true", help="the figures as one JSON object")

    p = sub.add_parser("saves", help="the saved games")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("export", help="write a saved game to a JSON file")
    p.add_argument("save", help="the save id (or its first characters) from `tabletop-tui saves`")
    p.add_argument("file", help="the file to write, or - for standard output")
    p.add_argument("--force", action="store_true", help="replace the file if it exists (a regular file only)")

    p = sub.add_parser("import", help="read a game from a JSON file into the saves")
    p.add_argument("file")

    p = sub.add_parser(
        "serve", help="the collection in a web browser (each tab its own copy, on the same saves)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Serve the launcher to web browsers (textual-serve) and print the address to open.\n"
        "Every browser tab runs its own copy of the program on the same saved games as the terminal:\n"
        "a game started in one can be resumed in the other.",
        epilog="Safe by default: it listens on 127.0.0.1 (this machine only) unless --host says otherwise.\n"
        "Any other host needs a secret in the address (?key=..., printed at start): without it the server\n"
        "answers 403. A browser never reads or writes a file of this machine by a path it names: export is\n"
        "a download, import is left to the terminal (tabletop-tui import FILE). A closed tab loses nothing:\n"
        "the game is saved after every move, and its claim is released for the next copy to resume it.")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1; 0.0.0.0 for every network, which needs "
                   "the secret printed at start)")
    p.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    p.add_argument("--secret", action="store_true",
                   help="ask for the secret on 127.0.0.1 too (another user of this machine could open it)")

    p = sub.add_parser(
        "join", help="take a seat of a game on several screens (without SAVE: list the games waiting for one)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="A game on several screens is started in the setup of a game, marking each other person's\n"
        "seat \"other screen\". Each of them joins it from their own terminal (or browser tab) on this\n"
        "computer: the screens meet in the same save store. Without SAVE, the games waiting for a seat\n"
        "are listed; with it, the program opens on that seat (the seat is asked for where several wait).",
        epilog="Same computer, same store. A screen that leaves or crashes loses nothing: its seat waits and\n"
        "it can rejoin with this command. No undo on several screens; the computer seats are played by the\n"
        "screen that started the game, and wait for it if it leaves.")
    p.add_argument("save", nargs="?", help="the save id (or its first characters), as listed")
    p.add_argument("seat", nargs="?", help="the seat: its number (from 1) or its player's name")

    p = sub.add_parser("screenshots", help="regenerate the screenshots (SVG)")
    p.add_argument("--out", default="screenshots", help="the folder (default: screenshots)")
    p.add_argument("--tables", action="store_true",
                   help="print the README's tables of the games and their screenshots, and write nothing")
    return parser


class _OutputFailed(Exception):
    """Standard output could not be written (a closed pipe, a full disk, /dev/full)."""


def _out(text: str = "", end: str = "\n") -> None:
    """Write to standard output; _OutputFailed if it cannot be written."""
    try:
        sys.stdout.write(text + end)
    except OSError as exc:
        raise _OutputFailed(exc) from None


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = _run(args)
        try:
            sys.stdout.flush()  # what is still buffered fails here, not at exit with a traceback
        except OSError as exc:
            raise _OutputFailed(exc) from None
        return code
    except KeyboardInterrupt:
        return 130
    except _OutputFailed as failed:
        exc = failed.args[0]
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        except (OSError, ValueError):
            pass
        if isinstance(exc, BrokenPipeError):  # `tabletop-tui list | head -1`: the reader stopped reading
            print("tabletop-tui: the output was closed before it was all written", file=sys.stderr)
        else:
            print(f"tabletop-tui: the output could not be written ({exc.strerror or exc})", file=sys.stderr)
        return 1


def _run(args) -> int:
    command = args.command
    if command is None:
        return _launch(None)
    if command == "list":
        if args.options:
            return _list_options(args.options, args.json)
        if args.json:
            _out(json.dumps([g.to_json() for g in catalog.GAMES], indent=2))
        else:
            for g in catalog.GAMES:
                _out(f"{g.id:<16} {g.title:<16} {g.family:<8} {g.players_label:<12} ~{g.minutes} min")
        return 0
    if command == "play":
        return _play(args)
    if command == "simulate":
        return _simulate(args)
    if command in ("saves", "export", "import"):
        return _saves(args)
    if command == "join":
        return _join(args)
    if command == "serve":
        from tabletop_tui.serve import serve

        return serve(args.host, args.port, require_secret=args.secret)
    if command == "screenshots":
        from tabletop_tui.screenshots import game_table, regenerate, screenshot_table

        if args.tables:
            _out(game_table())
            _out()
            _out(screenshot_table())
            return 0

        try:
            os.makedirs(args.out, exist_ok=True)
            if not os.access(args.out, os.W_OK):
                raise PermissionError(13, "Permission denied")
        except OSError as exc:
            return _fail(f"--out: {printable(args.out)} cannot be a folder for the screenshots "
                         f"({exc.strerror or exc})")
        for path in regenerate(args.out):
            _out(str(path))
        return 0
    return _fail(f"unknown command {command}")


def _list_options(game_id: str, as_json: bool) -> int:
    try:
        info = catalog.get(game_id)
    except KeyError as exc:
        return _fail(exc.args[0])
    options = info.rules_class().OPTIONS
    if as_json:
        _out(json.dumps([{"key": o.key, "label": o.label, "kind": o.kind, "default": o.default, "help": o.help,
                           "choices": [c[0] for c in o.choices], "min": o.min, "max": o.max} for o in options],
                         indent=2))
        return 0
    if not options:
        _out(f"{info.title} has no options.")
        return 0
    _out(f"{info.title}: --option KEY=VALUE")
    for o in options:
        if o.kind == "bool":
            values = "yes or no"
        elif o.kind == "choice":
            values = " | ".join(f"{value} ({label})" for value, label in o.choices)
        else:
            low = "" if o.min is None else str(o.min)
            high = "" if o.max is None else str(o.max)
            values = f"a whole number {low}..{high}" if low or high else "a whole number"
        default = {True: "yes", False: "no"}.get(o.default, o.default) if o.kind == "bool" else o.default
        _out(f"  {o.key:<16} {o.label}: {values}; default {default}")
        if o.help:
            _out(f"  {'':<16} {o.help}")
    return 0


def _play(args) -> int:
    try:
        info = catalog.get(args.game)
    except KeyError as exc:
        return _fail(exc.args[0])
    rules = info.rules_class()
    names = [n.strip() for n in args.players.split(",")] if args.players else None
    if names is None:
        from tabletop_tui.ui.screens.setup import DEFAULT_NAMES

        names = DEFAULT_NAMES[: rules.min_players]
    problem = names_problem(names)
    if problem:
        return _fail(f"--players: {problem}")
    if not rules.min_players <= len(names) <= rules.max_players:
        return _fail(f"{info.title} takes {info.players_label}, not {len(names)}")
    from tabletop_tui.seeding import new_seed

    seed = args.seed if args.seed is not None else new_seed()
    try:
        computer = _parse_seats(args.computer, len(names))
        options = _parse_options(args.option)
        rules(names, seed, **options)  # the options one by one, and together (an ante the chips cannot pay)
    except ValueError as exc:
        return _fail(str(exc))
    return _launch({"game_id": info.id, "players": names, "seed": seed, "options": options, "computer": computer})


def _simulate(args) -> int:
    from tabletop_tui.simulate import report, simulate

    try:
        info = catalog.get(args.game)
    except KeyError as exc:
        return _fail(exc.args[0])
    if args.games < 1:
        return _fail(f"--games must be at least 1, not {args.games}")
    if args.limit is not None and args.limit < 1:
        return _fail(f"--limit must be at least 1 move, not {args.limit}")
    rules = info.rules_class()
    n = rules.min_players if args.players is None else args.players
    if not rules.min_players <= n <= rules.max_players:
        return _fail(f"{info.title} takes {info.players_label}, not {n}")
    try:
        options = _parse_options(args.option)
        from tabletop_tui.rules.engine import resolve_options

        resolve_options(rules.OPTIONS, options)
        random_seats = _parse_seats(args.random, n)
        search_seats = _parse_seats(args.search, n)
        levels = _parse_levels(args.level, n)
        result = simulate(info.id, args.games, n, args.seed, options, random_seats, args.limit, levels, search_seats)
    except ValueError as exc:
        return _fail(str(exc))
    _out(json.dumps(result, indent=2) if args.json else report(result))
    return 1 if result["errors"] else 0


def _open_store():
    from tabletop_tui.store import Store

    store = Store.open()
    for problem in store.problems:  # said where the command saves: nothing played or imported now is kept
        print(f"tabletop-tui: {printable(problem)}", file=sys.stderr)
    return store


def _saves(args) -> int:
    from tabletop_tui.store import FileExists, StoreError

    store = _open_store()
    try:
        if args.command == "saves":
            rows = store.unfinished()
            if args.json:
                _out(json.dumps([_listed(r) for r in rows], indent=2, default=str))  # JSON escapes control characters
            elif not rows:
                _out("No unfinished games.")
            else:
                _print_table(["save", "game", "players", "last played", "moves", "turn"],
                             [_save_cells(r) for r in rows], right={4})
            return 0
        if args.command == "export":
            save_id = _find_save(store, args.save)
            if args.file == "-":
                _out(store.export_text(save_id), end="")
                return 0
            store.export(save_id, args.file, replace=args.force)
            _out(f"Exported {save_id} to {quote(args.file)}")
            return 0
        save_id = store.import_file(args.file)
        _out(f"Imported as {save_id}: resume it from the launcher.")
        return 0
    except FileExists as exc:
        return _fail(f"{exc} (give --force to replace it)")
    except (StoreError, OSError, ValueError) as exc:
        return _fail(quote(exc, 400))


#: What `saves --json` tells of a save: never its seed (an unfinished game's seed would tell its
#: hidden cards to whoever reads it).
_LISTED = ("id", "game", "title", "players", "computer", "moves", "created", "updated", "finished", "broken",
           "turn", "to_act")


def _listed(row: dict) -> dict:
    return {key: row[key] for key in _LISTED if key in row}


def _save_cells(row: dict) -> list[str]:
    """The cells of a save in `saves`, every one printable."""
    players = ", ".join(shown(p) for p in row.get("players", []))
    when = _when(row.get("updated"))
    if row.get("broken"):
        return [row["id"], printable(str(row["game"])), players, when, "", "damaged: " + quote(row["broken"], 120)]
    turn = row.get("turn") or "(does not replay)"
    return [row["id"], printable(str(row["game"])), players, when, str(row.get("moves", 0)), turn]


def _print_table(header: list[str], rows: list[list[str]], right: set[int] = frozenset()) -> None:
    """Columns that line up on a terminal: each as wide as its widest cell, counted in terminal
    cells (a Chinese character takes two), the last one not padded."""
    from rich.cells import cell_len

    widths = [max(cell_len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        out = []
        for i, (cell, width) in enumerate(zip(cells, widths)):
            pad = " " * (width - cell_len(cell))
            if i == len(cells) - 1:
                out.append(cell)
            else:
                out.append(pad + cell if i in right else cell + pad)
        return "  ".join(out).rstrip()

    _out(line(header))
    for row in rows:
        _out(line(row))


def _when(stamp) -> str:
    import datetime

    try:
        return datetime.datetime.fromtimestamp(float(stamp)).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError, OverflowError, OSError):
        return ""


def _find_save(store, prefix: str) -> str:
    from tabletop_tui.store import StoreError

    ids = [r["id"] for r in store.all_saves()] if hasattr(store, "all_saves") else [r["id"] for r in store.unfinished()]
    matches = [i for i in ids if i.startswith(prefix)]
    if not matches:
        raise StoreError(f"no saved game {shorten(prefix)} (see tabletop-tui saves)")
    if len(matches) > 1:
        raise StoreError(f"{shorten(prefix)} matches {len(matches)} saved games: give more characters")
    return matches[0]


def _join(args) -> int:
    """`join`: the games on several screens waiting for a seat, or the program opened on one."""
    from tabletop_tui.store import StoreError

    store = _open_store()
    rows = store.waiting()
    if args.save is None:
        if not rows:
            _out("No game on several screens is waiting for a seat. Start one from the setup of a game, "
                 "marking a seat \"other screen\".")
            return 0
        table = []
        for row in rows:
            for seat in row["seats"]:
                table.append([row["id"], printable(str(row["title"])), str(seat["seat"] + 1), shown(seat["name"]),
                              seat["state"], shown(row["players"][row["host"]])])
        _print_table(["save", "game", "seat", "player", "state", "started by"], table)
        _out("Join one with: tabletop-tui join SAVE [SEAT]")
        return 0
    matches = [r for r in rows if r["id"].startswith(args.save)]
    if not matches:
        try:
            save_id = _find_save(store, args.save)
        except StoreError as exc:
            return _fail(quote(exc, 300))
        if store.shared(save_id) is None:
            return _fail(f"{save_id} is not a game on several screens: resume it from the launcher")
        return _fail(f"no seat of {save_id} is free: each is played on a screen now (see tabletop-tui join)")
    if len(matches) > 1:
        return _fail(f"{shorten(args.save)} matches {len(matches)} games: give more characters")
    row = matches[0]
    seat = None
    if args.seat is not None:
        text = args.seat.strip()
        names = row["players"]
        if text.isdigit() and 1 <= int(text) <= len(names):
            seat = int(text) - 1
        elif text in names:
            seat = names.index(text)
        else:
            return _fail(f"there is no seat {shorten(text)} in this game: its seats are 1 to {len(names)} "
                         f"({', '.join(shown(n) for n in names)})")
        if seat not in [s["seat"] for s in row["seats"]]:
            return _fail(f"{shown(names[seat])}'s seat is not free (see tabletop-tui join)")
    store.close()
    return _launch({"join": row["id"], "seat": seat})


def _launch(start: dict | None) -> int:
    from tabletop_tui.ui.app import TabletopApp

    store = _open_store()
    TabletopApp(store=store, start=start).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
