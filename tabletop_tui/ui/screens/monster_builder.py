"""Monster Builder: the four research dice, the monsters as bodies of boxes, the last fight's dice.

The monster of the seat to decide is drawn as a body (a head above two arms, a hip and two legs); the
others as one line each ("H6 A3 A0 L2 L6"). A wide, tall table draws every monster as a body; a short
one draws them all on one line each. A 6 is drawn with a double border and in yellow.

Keys: r c f for the actions; 1-4 the research dice; 1-5 the parts (head, left arm, right arm, left
leg, right leg); h p t the attacks; the seat number for the opponent; r to roll; n for nothing or stop,
x to throw a stolen part away. A key that names a move the rules refuse shows their reason.
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from rich.text import Span, Text
from textual.app import ComposeResult

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.monster_builder import ATTACKS, SLOTS
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.kept import Kept
from tabletop_tui.ui.widgets.things import die_chip, die_lines, mini_die_lines, side_by_side

ACTION_KEYS = {"research": "r", "scavenge": "c", "fight": "f", "roll": "r", "stop": "n", "spare": "n",
               "discard": "x"}
ATTACK_KEYS = {"smash": "h", "punch": "p", "trip": "t"}
SIX_STYLE, ZERO_STYLE, PART_STYLE, LINE_STYLE = "bold yellow", "dim", "bold", "#8a8aa8"
SHORT = ("H", "A", "A", "L", "L")
SHORT_SLOTS = ("head", "l.arm", "r.arm", "l.leg", "r.leg")
BODY_WIDTH, BODY_HEIGHT = 19, 8
DICE_WIDTH = 31  # four big dice side by side
# Each part's box in the body: (top row, left column, where its joint to the body is, the joint).
_BOXES = {0: (0, 7, (2, 9), "┬"), 1: (2, 1, (3, 5), "├"), 2: (2, 13, (3, 13), "┤"),
          3: (5, 4, (5, 7), "┴"), 4: (5, 10, (5, 11), "┴")}
_DOUBLE = {"┌": "╔", "┐": "╗", "└": "╚", "┘": "╝", "─": "═", "│": "║", "┬": "╤", "┴": "╧", "├": "╟", "┤": "╢"}
# The neck, shoulders and hips that join the parts.
_FRAME = {(3, 6): "─", (3, 7): "─", (3, 8): "─", (3, 9): "┼", (3, 10): "─", (3, 11): "─", (3, 12): "─",
          (4, 7): "┌", (4, 8): "─", (4, 9): "┴", (4, 10): "─", (4, 11): "┐"}


def part_style(value: int) -> str:
    return SIX_STYLE if value == 6 else ZERO_STYLE if value == 0 else PART_STYLE


def body_lines(parts: list[int], marked=()) -> list[Text]:
    """A monster as a body of boxes, 19 x 8, each part's value inside its box. Marked parts (those a
    choice is about) are drawn in reverse. (Built once for each monster and mark: copies.)"""
    return [line.copy() for line in _body_lines(tuple(parts), tuple(sorted(marked)))]


@lru_cache(maxsize=256)
def _body_lines(parts: tuple[int, ...], marked: tuple[int, ...]) -> list[Text]:
    grid = [[" "] * BODY_WIDTH for _ in range(BODY_HEIGHT)]
    styles = [[""] * BODY_WIDTH for _ in range(BODY_HEIGHT)]
    for (r, c), ch in _FRAME.items():
        grid[r][c], styles[r][c] = ch, LINE_STYLE
    for part, (top, left, (jr, jc), joint) in _BOXES.items():
        value = parts[part]
        six = value == 6
        style = part_style(value)
        rows = ["┌───┐", f"│ {value} │", "└───┘"]
        for dr, row in enumerate(rows):
            for dc, ch in enumerate(row):
                grid[top + dr][left + dc] = _DOUBLE.get(ch, ch) if six else ch
                styles[top + dr][left + dc] = style
        grid[jr][jc] = _DOUBLE[joint] if six else joint
        styles[jr][jc] = style
        if part in marked:
            styles[top + 1][left + 2] = style + " reverse"
    # each styled cell its own span, as appending the cells one by one makes them (the segments Textual
    # cuts a line into), made at once
    return [Text("".join(grid[r]), spans=[Span(c, c + 1, style) for c, style in enumerate(styles[r]) if style])
            for r in range(BODY_HEIGHT)]


def compact_line(seat: int, monster: dict, name_width: int, current: bool, marked=()) -> Text:
    """One monster on one line: its seat number (the key to attack it), name and parts (marked parts
    in reverse)."""
    line = Text()
    line.append("▶" if current else " ", style="bold green")
    line.append(f"{seat + 1} ", style="dim")
    line.append(monster["name"][:name_width].ljust(name_width) + " ", style="bold" if current else "")
    for i, value in enumerate(monster["parts"]):
        line.append(SHORT[i], style="dim")
        line.append(str(value), style=part_style(value) + (" reverse" if i in marked else ""))
        if i < 4:
            line.append(" ")
    return line


#: the cells a line's text takes (rich's cell_len), kept by the text
_cells = lru_cache(maxsize=4096)(cell_len)


@lru_cache(maxsize=64)
def _die_block(value: int, style: str, big: bool, number: int) -> list[Text]:
    """A research die and its number below it (never changed: `side_by_side` copies nothing it joins)."""
    block = die_lines(value, style=style) if big else mini_die_lines(value, style=style)
    width = block[0].cell_len
    return block + [Text(str(number).center(width), style="dim")]


def cut_to(line: Text, width: int) -> Text:
    """A copy of `line` cut to `width` cells."""
    line = line.copy()
    line.truncate(width)
    return line


class MonsterBuilderScreen(GameScreen):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._drawn_from: object = None  # what the table was last drawn from (the view, the room)
        self._blocks: Kept[list[Text]] = Kept(256)  # blocks of lines by what they are drawn from

    def compose_table(self) -> ComposeResult:
        # drawn by lines: the lines that did not change with a move (most bodies) are not drawn again
        yield TextLines(id="mb-table")

    def on_mount(self) -> None:
        # (GameScreen.on_mount runs too and draws once; the table's size is known after the first layout)
        self.call_after_refresh(self.refresh_table)

    # -- drawing ----------------------------------------------------------------------------------

    def table_size(self) -> tuple[int, int]:
        """The room the table has; 80x24's before the first layout."""
        size = self.query_one("#table").size
        return (size.width, size.height) if size.width > 10 and size.height > 4 else (46, 15)

    def show_table(self, view: dict) -> None:
        width, height = self.table_size()
        drawn_from = (width, height, repr(view))
        if drawn_from == self._drawn_from:
            return  # nothing to build again
        self._drawn_from = drawn_from
        n = len(view["players"])
        players, monsters, current = view["players"], view["monsters"], view["current"]
        big = width >= DICE_WIDTH
        dice_key = ("dice", tuple(view["research"]), view["die"], tuple(view["built"]), big)
        dice = self._blocks.built(dice_key, lambda: self.dice_block(view, big=big))
        fight_key = ("fight", repr(view["fight"]), tuple(players))
        fight = self._blocks.built(fight_key, lambda: self.fight_block(view))
        beside = bool(fight) and width >= DICE_WIDTH + 2 + max(_cells(f.plain) for f in fight)
        top = self._blocks.built(("top", dice_key, fight_key), lambda: side_by_side([dice, fight], gap=2)) if beside else dice
        below = [] if beside else fight
        focus = self.focus_seat(view)
        name_width = min(8, max(len(m) for m in players))
        marks = [tuple(sorted(self.marked(view, s))) for s in range(n)]
        compact_keys = [("compact", s, monsters[s]["name"], tuple(monsters[s]["parts"]), name_width, s == current,
                         marks[s]) for s in range(n)]
        compact = [self._blocks.built(compact_keys[s], lambda s=s: [compact_line(s, monsters[s], name_width, s == current,
                                                                         marks[s])])[0]
                   for s in range(n)]
        per_row = (width + 2) // (BODY_WIDTH + 2)
        bodies_key = ("bodies", per_row, current, tuple(players), tuple(tuple(m["parts"]) for m in monsters),
                      tuple(marks))
        bodies = self._blocks.built(bodies_key, lambda: self.all_bodies(view, per_row)) if per_row >= 3 else []
        others = [compact[s] for s in range(n) if s != focus]
        right = others + [Text("")] * (len(others) + len(below) < BODY_HEIGHT and bool(below)) + below
        if bodies and len(top) + 1 + len(bodies) + len(below) <= height:
            lines = top + [Text("")] + bodies + below
        elif (width >= BODY_WIDTH + 2 + max(_cells(line.plain) for line in right)
              and len(top) + max(BODY_HEIGHT + 1, len(right)) <= height):
            key = ("beside", focus, focus == current, players[focus], tuple(monsters[focus]["parts"]), marks[focus],
                   tuple(compact_keys[s] for s in range(n) if s != focus), fight_key, beside)
            lines = top + self._blocks.built(key, lambda: side_by_side(
                [[self.caption(view, focus)] + _body_lines(tuple(monsters[focus]["parts"]), marks[focus]), right], gap=2))
        else:
            lines = top + compact + below
        # (a line kept from an earlier table is never changed: one too wide is cut as a copy)
        self.query_one("#mb-table", TextLines).show_lines(
            [line if _cells(line.plain) <= width else cut_to(line, width) for line in lines])

    def focus_seat(self, view: dict) -> int:
        """Whose monster is drawn big: the seat deciding now, else the winner, else the last to play."""
        if view["to_act"]:
            return view["to_act"][0]
        if view["winner"] is not None:
            return view["winner"]
        return view["current"] if view["current"] is not None else 0

    def caption(self, view: dict, seat: int) -> Text:
        line = Text()
        line.append("▶" if seat == view["current"] else " ", style="bold green")
        line.append(f"{seat + 1} ", style="dim")
        line.append(view["players"][seat][:BODY_WIDTH - 3], style="bold")
        return line

    def marked(self, view: dict, seat: int) -> set[int]:
        """The parts a pending choice is about: the part being stolen, on the loser."""
        fight = view["fight"]
        if view["part"] is not None and fight:
            loser = fight["defender"] if fight["winner"] == fight["attacker"] else fight["attacker"]
            if loser == seat:
                return {view["part"]}
        return set()

    def all_bodies(self, view: dict, per_row: int) -> list[Text]:
        blocks = [[self.caption(view, s)] + _body_lines(tuple(m["parts"]), tuple(sorted(self.marked(view, s))))
                  for s, m in enumerate(view["monsters"])]
        lines: list[Text] = []
        for i in range(0, len(blocks), per_row):
            if i:
                lines.append(Text(""))
            lines += side_by_side(blocks[i:i + per_row], gap=2)
        return lines

    def dice_block(self, view: dict, big: bool) -> list[Text]:
        """The four research dice, 1s dimmed as used, the die being built highlighted."""
        chosen = view["die"]
        built = set(view["built"])
        blocks = []
        if not view["research"]:
            return [Text("Research dice", style="bold"),
                    Text("not rolled yet: nothing to scavenge until someone researches", style="dim")]
        for i, value in enumerate(view["research"]):
            style = "bold yellow" if i == chosen else "dim" if value == 1 or i in built else "bold"
            blocks.append(_die_block(value, style, big, i + 1))
        caption = Text("Research dice", style="bold")
        caption.append("  (1s are used up)", style="dim")
        return [caption] + side_by_side(blocks, gap=1)

    def fight_block(self, view: dict) -> list[Text]:
        """The last fight: the attack, each side's dice and score, and what the winner took."""
        fight = view["fight"]
        if not fight:
            return []
        names = view["players"]
        attack = ATTACKS[fight["attack"]]
        attacker, defender, winner = fight["attacker"], fight["defender"], fight["winner"]
        short = min(8, max(len(names[attacker]), len(names[defender])))
        head = Text("Last fight: ", style="bold")
        head.append(attack.name, style="bold")
        a = Text(names[attacker][:short].ljust(short) + " ", style="bold" if winner == attacker else "dim")
        a.append_text(die_chip(fight["die"]))
        a.append(" + " + " + ".join(map(str, fight["added"])) + f" = {fight['total']}")
        d = Text(names[defender][:short].ljust(short) + " ", style="bold" if winner == defender else "dim")
        if fight["defender_dice"]:
            for i, face in enumerate(fight["defender_dice"]):
                d.append(" " if i else "")
                d.append_text(die_chip(face))
            d.append(f" = {fight['defender_total']}")
        else:
            d.append(f"whole monster {fight['defender_total']}")
        lines = [head, a, d, Text(f"{names[winner]} wins", style="bold green")]
        stolen = fight["stolen"]
        if stolen is None:
            lines.append(Text("and is choosing a part", style="italic"))
        elif stolen["part"] is not None:
            where = f"→ {SHORT_SLOTS[stolen['into']]}" if stolen["into"] is not None else "thrown away"
            lines.append(Text(f"took {SHORT_SLOTS[stolen['part']]} {stolen['value']} {where}"))
        else:
            lines.append(Text("took nothing" if stolen["spared"] else "nothing to steal", style="dim"))
        return lines

    def scoreboard(self, view: dict):
        rows = []
        for m in view["monsters"]:
            parts = Text()
            for i, value in enumerate(m["parts"]):
                parts.append((" " if i else "") + str(value), style=part_style(value))
            rows.append([parts, m["sixes"], m["total"]])
        return ["Parts", "6s", "Sum"], rows

    def status(self, view: dict) -> str:
        rounds = f" of {view['rounds']}" if view["rounds"] else ""
        return f"round {view['round']}{rounds}"

    def prompt(self, view: dict) -> str:
        if view["over"]:
            return view["result"] or "The game is over."
        names = view["players"]
        seat = view["to_act"][0]
        me = names[seat]
        phase = view["phase"]
        dice = view["research"]
        if phase == "act":
            if not dice:
                return f"{me}: research (roll the dice) or fight? Nothing to scavenge yet."
            return f"{me}: research (roll the dice), scavenge (take dice as they lie) or fight?"
        if phase == "research":
            return f"{me} rolled {', '.join(map(str, dice))}: which die to build (1-4), or nothing?"
        if phase == "scavenge":
            which = "first" if not view["built"] else "second"
            return f"{me} scavenges: the {which} die to build (1-4), or stop?"
        if phase in ("research slot", "scavenge slot"):
            return f"{me}: build the {dice[view['die']]} into which part? (undo to pick another die)"
        if phase == "attack":
            return f"{me}: which attack? Head Smash, Punch or Trip."
        if phase == "target":
            return f"{me}: {ATTACKS[view['attack']].name} whom? (the chance to win is shown)"
        if phase == "roll":
            return f"{me}: roll the combat dice ({ATTACKS[view['attack']].name} on {names[view['target']]})."
        fight = view["fight"]
        loser = names[fight["defender"] if fight["winner"] == fight["attacker"] else fight["attacker"]]
        if phase == "steal":
            stake = ATTACKS[fight["attack"]].stake_only
            return f"{me} won: which of {loser}'s parts to steal ({stake} at stake)? n: none."
        part = SLOTS[view["part"]]
        return f"{me}: build {loser}'s {part} into which of your parts, or throw it away (x)?"

    # -- keys ---------------------------------------------------------------------------------------

    def action_key(self, move: Move, index: int) -> str:
        kind = move.kind
        if kind in ACTION_KEYS:
            return ACTION_KEYS[kind]
        if kind == "attack":
            return ATTACK_KEYS.get(move.args[0], "")
        return str(move.args[0] + 1) if move.args and isinstance(move.args[0], int) else ""

    def key_move(self, key: str) -> Move | None:
        """The move a key names in this phase, even one the rules will refuse (so that they can say why)."""
        phase = self.game.view(self.viewer())["phase"]
        if key.isdigit() and key != "0":
            number = int(key) - 1
            kind = {"research": "die", "scavenge": "die", "target": "target", "steal": "steal",
                    "attack": "target", "roll": "target"}.get(phase, "build")
            return Move(kind, (number,))
        if key == "r":
            return Move("research" if phase == "act" else "roll")
        if key in ("c", "f"):
            return Move({"c": "scavenge", "f": "fight"}[key])
        if key in ("h", "p", "t"):
            return Move("attack", ({"h": "smash", "p": "punch", "t": "trip"}[key],))
        if key == "n":
            return Move("spare" if phase in ("steal", "steal slot") else "stop")
        if key == "x":
            return Move("discard")
        return None

    def unlisted_key(self, key: str) -> bool:
        """A key the action bar does not show, but that names a move, goes to the rules for their reason."""
        humans = self.session.human_to_act()
        move = self.key_move(key) if humans else None
        if move is None:
            return False
        self.submit(humans[0], move)
        return True
