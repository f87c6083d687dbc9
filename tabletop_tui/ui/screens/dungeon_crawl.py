"""Dungeon Crawl: the track drawn as five zones of ten spaces (a line of spaces and a line of pawns
each), the doors, the fights going on, every character's sheet, and the decision the game waits for.

Everything on the table is public (the deck's order is the only secret), so the whole table is drawn
for everyone. The board is drawn by lines (TextLines): a move changes a line or two of it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules import dungeon_crawl as dc
from tabletop_tui.rules.engine import Move
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.kept import Kept

SEAT_STYLES = ("bold #ff6060", "bold #60c0ff", "bold #60e060", "bold #f0c040", "bold #e070ff", "bold #ffffff")
SUIT_GLYPH = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
SUIT_STYLE = {"S": "bold", "C": "bold", "D": "bold red", "H": "bold red"}
#: a space's width on the board: 4 at 80 columns, up to 7 where the table has the room
CELL, MAX_CELL = 4, 7
KEYS = {"roll": "r", "fight": "f", "go": "g", "accept": "a", "die": "d", "eat": "e", "eat_new": "n",
        "carry": "k", "pass": "x", "suggest": "c"}
UP_KEYS = {"H": "h", "C": "p", "S": "v"}


def card_text(code: str | None) -> Text:
    if not code:
        return Text("-", style="dim")
    suit = dc.suit_of(code)
    return Text(f"{dc.rank_of(code)}{SUIT_GLYPH[suit]}", style=SUIT_STYLE[suit])


def cards_text(codes: list[str]) -> Text:
    return Text(" ").join(card_text(c) for c in codes) if codes else Text("-", style="dim")


class DungeonCrawlScreen(GameScreen):
    DEFAULT_CSS = """
    #dc-head, #dc-heroes, #dc-now { height: auto; }
    """

    cell_width = CELL

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._zones: Kept[list[Text]] = Kept(64)  # each zone's lines, by what they are drawn from
        self._heroes: Kept[Text] = Kept(64)  # each hero's line, by what it shows
        #: each part's most lines at a size of the screen and a width of the part: (the sizes, the most)
        self._most: dict[str, tuple[object, int]] = {}

    def compose_table(self) -> ComposeResult:
        # every part drawn by lines (TextLines): a line that did not change is not drawn again
        yield TextLines(id="dc-head")
        yield TextLines(id="dc-board")
        yield TextLines(id="dc-now")
        yield TextLines(id="dc-heroes")

    def show_table(self, view: dict) -> None:
        self.show_part("#dc-head", self.head_text(view))
        room = self.query_one("#table").size.width - 2
        self.cell_width = max(CELL, min(MAX_CELL, (room - 4) // dc.ZONE_SIZE))
        self.show_lines("#dc-board", self.board_lines(view))
        self.show_part("#dc-now", self.now_text(view))
        self.show_lines("#dc-heroes", self.heroes_lines(view))

    def show_part(self, part: str, text: Text) -> None:
        """A part of the table, drawn by lines: a line wider than the part is wrapped at its spaces as a
        Static wraps it (so that the part is never drawn whole, nor laid out again but where its number
        of lines changes)."""
        self.show_lines(part, list(text.split("\n", allow_blank=True)))

    def show_lines(self, part: str, lines: list[Text]) -> None:
        """A part's lines, as many as the most it has been given at this size of the screen and this
        width of the part, the rest blank: the board has a line of pawns under each zone where someone
        stands, what goes on now (a fight, a roll, a treasure) a line or three, and each change of their
        number laid the whole screen out (and the action bar, given its room back, again at a later
        key). A line that wraps still lays it out; a new size counts anew."""
        widget = self.query_one(part, TextLines)
        at = (self.app.size, widget.size.width)
        kept_at, most = self._most.get(part, (None, 0))
        if kept_at != at:
            most = 0
        if len(lines) < most:
            lines = lines + [Text("") for _ in range(most - len(lines))]
        self._most[part] = (at, len(lines))
        widget.show_lines(lines)

    # -- the parts ------------------------------------------------------------------------------------

    def head_text(self, view: dict) -> Text:
        heroes = view["heroes"]
        text = Text("Start: ", style="bold")
        here = [s for s, h in enumerate(heroes) if h["pos"] == dc.START and h["alive"]]
        text.append_text(self.pawns(here) if here else Text("-", style="dim"))
        text.append("   End: ", style="bold")
        out = [s for s, h in enumerate(heroes) if h["pos"] >= dc.END]
        text.append_text(self.pawns(out) if out else Text("-", style="dim"))
        text.append(f"   Deck {view['deck']}", style="dim")
        if view["deferred"]:
            text.append("\nDeferred Gold: ", style="bold")
            text.append_text(cards_text(view["deferred"]))
        return text

    @staticmethod
    def cell(text: Text, width: int) -> Text:
        text = text.copy()
        text.truncate(width, pad=True)
        return text

    def pawns(self, seats: list[int]) -> Text:
        return Text("").join(Text(str(s + 1), style=SEAT_STYLES[s % len(SEAT_STYLES)]) for s in seats)

    def board_lines(self, view: dict) -> list[Text]:
        """Two lines a zone (its spaces, and its pawns where someone stands in it), each zone's built
        only when what it shows changed (its spaces, fights, pawns and door, the width): a move that
        leaves a zone alone builds nothing of it."""
        heroes = view["heroes"]
        board = view["board"]
        combats = {c["space"]: c for c in view["combats"]}
        living = [h for h in heroes if h["alive"]]
        at: dict[int, list[int]] = {}  # a space -> the living pawns on it
        for s, h in enumerate(heroes):
            if h["alive"]:
                at.setdefault(h["pos"], []).append(s)
        width = self.cell_width
        cache = self._zones
        lines = []
        for z in range(1, len(dc.ZONES) + 1):
            spaces = range(dc.zone_start(z), dc.zone_start(z) + dc.ZONE_SIZE)
            opened = z < len(dc.ZONES) and all(h["pos"] >= dc.zone_start(z) for h in living)
            key = (z, width, opened, tuple(board[pos] for pos in spaces),
                   tuple((pos, c["monster"], c["health"]) for pos in spaces if (c := combats.get(pos)) is not None),
                   tuple((pos, tuple(at[pos])) for pos in spaces if pos in at))
            lines.extend(cache.built(key, lambda: self.zone_lines(z, width, opened, board, combats, at)))
        return lines

    def zone_lines(self, z: int, width: int, opened: bool, board, combats: dict, at: dict[int, list[int]]) -> list[Text]:
        """A zone's line of spaces, and its line of pawns where someone stands in it."""
        kinds = Text(f"Z{z} ", style="bold dim")
        pawns = Text("   ")
        for i in range(dc.ZONE_SIZE):
            pos = dc.zone_start(z) + i
            c = combats.get(pos)
            kind = board[pos]
            if c is not None:
                cell = Text(f" {c['monster']}{c['health']}".ljust(width), style="bold reverse red")
            elif kind == "card":
                cell = Text(" □".ljust(width), style="cyan")
            elif kind.startswith("monster"):
                cell = Text(f" m{kind.split()[1]}".ljust(width), style="yellow")
            elif kind == "false exit":
                cell = Text(" FX".ljust(width), style="magenta")
            else:
                cell = Text(" ·".ljust(width), style="dim")
            kinds.append_text(cell)
            here = at.get(pos, [])
            mark = self.pawns(here[:width - 1])
            if len(here) > width - 1:
                mark.append("+")
            mark.pad_left(1)
            mark.truncate(width, pad=True)
            pawns.append_text(mark)
        if z < len(dc.ZONES):
            kinds.append("▏" if opened else "█", style="green" if opened else "bold red")
        else:
            kinds.append("⇥", style="bold green")
        if pawns.plain.strip():  # a line of pawns only where someone stands in the zone
            return [kinds, pawns]
        return [kinds]

    def now_text(self, view: dict) -> Text:
        names = view["players"]
        text = Text()
        if view["phase"] == "build":
            b = view["build"]
            who = view["building"]
            if who is not None:
                text.append(f"{names[who]} builds: ", style="bold")
                text.append(", ".join(f"{dc.SKILLS[k]} {b[k] if k in b else '?'}" for k in "HCS"))
                text.append(f" ({dc.MAX_CHARACTER} at most, each {dc.LOW}-{dc.HIGH})", style="dim")
            return text
        for c in view["combats"]:
            text.append(f"Fight at {c['space']}: ", style="bold red")
            text.append(f"{dc.MONSTER_NAMES[c['monster']]} ")
            text.append_text(card_text(c["card"]))
            text.append(f"  Health {c['health']} Power {c['power']} vs ")
            text.append_text(self.pawns(c["fighters"]))
            text.append("\n")
        last = view["last"]
        if last:
            text.append(f"{names[last['seat']]} rolled ", style="dim")
            text.append("+".join(map(str, last["dice"])), style="bold")
            if last["kind"] == "fight":
                text.append(f"+{last['bonus']} = {last['me']} vs ", style="dim")
                text.append("+".join(map(str, last["foe_dice"])), style="bold")
                text.append(f"+{last['foe_bonus']} = {last['foe']}", style="dim")
            text.append("\n")
        p = view["pending"]
        if p and p["kind"] == "share":
            text.append("Treasure: ", style="bold yellow")
            text.append_text(Text("  ").join(Text(f"{i + 1}:").append_text(card_text(c)) for i, c in
                                             enumerate(p["pile"])))
            text.append("\n")
        elif p and p["kind"] in ("food", "trap"):
            text.append("Found: ", style="bold")
            text.append_text(card_text(p["card"]))
            text.append("\n")
        text.rstrip()
        return text

    def heroes_lines(self, view: dict) -> list[Text]:
        """A line for the head and one for each hero, on the head's style ("bold dim", as the lines of
        one Text in that style, split), each hero's line built only when what it shows changed."""
        lines = [Text("# Name      Dmg/Hp Pw Sp XP Wpn Food Gold", style="bold dim")]
        current = view["current"]
        kept = self._heroes
        for s, h in enumerate(view["heroes"]):
            lines.append(kept.built((s, s == current, repr(h)), lambda s=s, h=h: self.hero_line(s, h, s == current)))
        return lines

    def hero_line(self, s: int, h: dict, current: bool) -> Text:
        text = Text(style="bold dim")
        text.append(str(s + 1), style=SEAT_STYLES[s % len(SEAT_STYLES)])
        name = h["name"][:9].ljust(9)
        text.append(f" {name} ", style="bold" if current else "")
        if not h["built"]:
            text.append("building", style="dim")
            return text
        if not h["alive"]:
            text.append("dead", style="dim red")
            return text
        text.append(f"{h['damage']:>3}/{h['health']:<2} ", style="red" if h["damage"] else "")
        text.append(f"{h['power']:>2} {h['speed']:>2} {h['xp']:>2} ")
        text.append_text(self.cell(card_text(h["weapon"]), 4))
        text.append_text(self.cell(card_text(h["food"]), 5))
        text.append(str(sum(dc.value_of(c) for c in h["gold"])))
        return text

    # -- the frame --------------------------------------------------------------------------------------

    def scoreboard(self, view: dict):
        rows = []
        for h in view["heroes"]:
            rows.append([h["score"] if h["alive"] else "dead", h["zone"] if h["alive"] else "-"])
        return ["Pts", "Zone"], rows

    def status(self, view: dict) -> str:
        if view["phase"] == "build":
            return "building characters"
        return f"turn {max(h['turns'] for h in view['heroes'])}"

    def prompt(self, view: dict) -> str:
        if view.get("result"):
            return view["result"]
        names = view["players"]
        if view["phase"] == "build":
            b = view["build"]
            part = "Heart (Health)" if "H" not in b else "Club (Power)" if "C" not in b else "Spade (Speed)"
            return f"{names[view['building']]}, choose your {part}, or c for the computer's choice."
        to_act = view["to_act"]
        if not to_act:
            return ""
        who = names[to_act[0]]
        p = view["pending"]
        if p is None:
            space = next((c for c in view["combats"] if to_act[0] in c["fighters"]), None)
            return f"{who}, fight the {dc.MONSTER_NAMES[space['monster']]}." if space else f"{who}, roll and move."
        kind = p["kind"]
        if kind == "path":
            return f"{who}, stop to join a fight on the way, or go on to space {p['dest']}."
        if kind == "duel":
            return (f"{who} rolled {p['me']} against {p['foe']}: spend Experience on Power to win, or take "
                    "the hit.")
        if kind == "trap":
            return f"{who}: a Trap of {dc.value_of(p['card'])} against Speed. Spend Experience, or take the hit."
        if kind == "food":
            return f"{who}, eat the {dc.card_name(p['card'])} now, or carry it."
        if kind == "dying":
            return f"{who} is dying: eat, or spend Experience on Health, or die."
        if kind == "share":
            return f"{who}, take a card from the Treasure Pile."
        return f"{who} to play."

    def action_key(self, move: Move, index: int) -> str:
        k = move.kind
        if k in KEYS:
            return KEYS[k]
        if k == "up":
            return UP_KEYS[move.args[0]]
        if k in ("heart", "club", "spade"):
            return str(move.args[0] % 10)
        if k == "take":
            return str(move.args[0] + 1) if move.args[0] < 9 else ""
        if k == "stop":
            return str(index + 1) if index < 9 else ""
        return ""
