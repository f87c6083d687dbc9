"""Fight the Power: every faction's dice sorted and grouped by rank, and the fight being set up or
just fought, with both sides' dice lined up die against die."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.fight_the_power import ORDINALS, distance, faces
from tabletop_tui.rules.words import plural
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.grid import TextLines
from tabletop_tui.ui.widgets.kept import Kept
from tabletop_tui.ui.widgets.most_lines import MostLines
from tabletop_tui.ui.widgets.things import die_chip, mini_die_lines, side_by_side

#: one colour per rank, so that equal faces stand out as a block (the number is on every die too)
FACE_STYLE = {6: "bold #ff6b6b", 5: "bold #d98cff", 4: "bold #4aa3ff", 3: "bold #3cc35a", 2: "bold #e8d23a",
              1: "bold #b8b8c8"}
NAME_WIDTH = 8
#: keys for recruits (fights take 1-6, the toggles 1-8 and f, takes the face's number)
RECRUIT_KEYS = "abcdeghijkmnoprtvwxyz"


def grouped_chips(dice: list[int]) -> Text:
    """Sorted dice as one-line chips, a gap between ranks so that a majority shows at a glance."""
    out = Text()
    for i, face in enumerate(dice):
        if i and face != dice[i - 1]:
            out.append(" ")
        out.append_text(die_chip(face, FACE_STYLE[face]))
    return out


def grouped_minis(dice: list[int]) -> list[Text]:
    blocks = []
    for i, face in enumerate(dice):
        if i and face != dice[i - 1]:
            blocks.append([Text(" ")] * 3)
        blocks.append(mini_die_lines(face, FACE_STYLE[face]))
    return side_by_side(blocks, gap=0)


class TableLines(MostLines, TextLines):
    """The factions and the fight below them: as high as the most lines they have had at this size of
    the screen (a steady part that a layout does not shrink), the rest blank, so that a fight's result
    a line longer than the fight being set up lays the screen out once, not at every fight. A new size
    of the screen counts anew."""


class FightThePowerScreen(GameScreen):
    _factions: list[Text] = []  # the factions' lines as last built (part_changed)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._factions_kept: Kept[list[Text]] = Kept(64)  # a faction's lines, by what they show

    def compose_table(self) -> ComposeResult:
        # The factions and the fight below them, one part drawn by lines: the two trade rows within the
        # room the table has (a fight of small dice leaves the factions fewer), so that as two parts
        # each such trade changed both heights and laid the whole screen out. As one steady part, fewer
        # lines leave the rest blank and nothing moves; a line that did not change is not drawn again.
        yield TableLines(id="ftp-table")

    # -- drawing ------------------------------------------------------------------------------------

    def room(self) -> int:
        """Rows the table area has at the least: the screen less the title, the footer, a two-line
        prompt and a full action bar (14 at 80x24). Measured from the screen, not the table, whose
        height changes with the action bar after it is drawn."""
        return max(14, (self.size.height or 24) - 10)

    def show_table(self, view: dict) -> None:
        fight = self.fight_lines(view)
        spare = self.room() - len(fight) - len(view["players"])
        # the factions are built again only when what they show changed (not for a die kept or let roll)
        key = (tuple(view["players"]), view["current"], tuple(map(tuple, view["dice"])), spare)
        if self.part_changed("ftp-factions", key):
            self._factions = self.faction_lines(view, spare)
        self.query_one("#ftp-table", TableLines).show_lines(self._factions + fight)

    def faction_lines(self, view: dict, spare: int) -> list[Text]:
        """One row per faction; with two spare rows per faction all are drawn as small dice, with two
        the one whose turn it is. A faction's lines are built again only when what they show changed
        (its dice, its turn, small dice or chips): a fight or a new turn changes two factions."""
        names, current = view["players"], view["current"]
        big_all = spare >= 2 * len(names)
        kept = self._factions_kept
        lines: list[Text] = []
        for seat, dice in enumerate(view["dice"]):
            big = big_all or (seat == current and spare >= 2)
            key = (names[seat], seat == current, tuple(dice), big)
            lines.extend(kept.built(key, lambda: self.faction_block(names[seat], seat == current, dice, big)))
        return lines

    def faction_block(self, name: str, current: bool, dice: list[int], big: bool) -> list[Text]:
        """A faction's lines: its name and count, then its dice, as small dice (three lines) or chips."""
        head = Text("▶ " if current else "  ", style="bold green")
        head.append(name[:NAME_WIDTH].ljust(NAME_WIDTH), style="bold" if current else "")
        count = Text(f"{len(dice)}".rjust(2), style="bold")
        away = distance(len(dice))
        count.append("!" if away == 1 else " ", style="bold red")
        if big:
            return side_by_side([[Text(""), head, Text("")], [Text(""), count, Text("")], grouped_minis(dice)], gap=1)
        return [head + Text(" ") + count + Text(" ") + grouped_chips(dice)]

    def fight_lines(self, view: dict) -> list[Text]:
        names = view["players"]
        phase = view["phase"]
        lines = [Text("")]
        if phase == "aim":
            return lines + self.aim_lines(view)
        fight = view["last_fight"]
        recruit = view["last_recruit"]
        if recruit and (fight is None or recruit["turn"] > fight["turn"]) and phase != "take":
            said = Text(f"{names[recruit['seat']]} recruited a ", style="bold")
            said.append_text(die_chip(recruit["face"], FACE_STYLE[recruit["face"]]))
            said.append(f" from {names[recruit['from']]} ({recruit['mine']} against {recruit['theirs']}).",
                        style="bold")
            return lines + [said]
        if fight is None:
            return lines + [Text("No fight yet. Recruit where you outnumber a rank, or fight.", style="dim")]
        return self.fought_lines(view, fight)

    def aim_lines(self, view: dict) -> list[Text]:
        names = view["players"]
        me, target = view["current"], view["target"]
        dice, rolling = view["dice"][me], view["rolling"]
        head = Text(f"{names[me]} attacks {names[target]}", style="bold")
        head.append(f" ({plural(len(view['dice'][target]), 'die', 'dice')}, all rolled)", style="dim")
        styles = ["dim" if r else FACE_STYLE[f] for f, r in zip(dice, rolling)]
        keys = [Text(f" {i + 1} ", style="bold") for i in range(len(dice))]
        marks = [Text(" ? ", style="bold") if r else Text(" ■ ", style="bold green") for r in rolling]
        if self.room() - len(view["players"]) >= 8:
            blocks = [mini_die_lines(f, st) + [k, m] for f, st, k, m in zip(dice, styles, keys, marks)]
            row = side_by_side(blocks, gap=1)
        else:
            row = [Text(" ").join(die_chip(f, st) for f, st in zip(dice, styles)),
                   Text(" ").join(keys), Text(" ").join(marks)]
        kept = [f for f, r in zip(dice, rolling) if not r]
        said = Text("■ keep " + (faces(kept) if kept else "nothing"), style="bold green")
        said.append(f"   ? roll {sum(rolling)} again", style="bold")
        return [head, *row, said]

    def fought_lines(self, view: dict, fight: dict) -> list[Text]:
        names = view["players"]
        a, d = fight["attacker"], fight["defender"]
        attack, defence, at = fight["attack"], fight["defence"], fight["decided_at"]
        compared = min(len(attack), len(defence))
        width = max(len(names[a][:NAME_WIDTH]), len(names[d][:NAME_WIDTH]))

        def row(seat: int, hand: list[int], rerolled: list[bool]) -> Text:
            out = Text(names[seat][:NAME_WIDTH].ljust(width) + " ", style="bold")
            for i, face in enumerate(hand):
                style = FACE_STYLE[face] if i < compared and (at is None or i <= at) else "dim"
                out.append_text(die_chip(face, style))
                out.append("*" if rerolled[i] else " ", style="dim")
            return out

        marks = Text(" " * (width + 1))
        for i in range(compared):
            if at is not None and i > at:
                break
            if i == at:
                mark, style = ("▲", "bold green") if attack[i] > defence[i] else ("▼", "bold green")
            else:
                mark, style = "=", "dim"
            marks.append(f" {mark}  ", style=style)
        winner = fight["winner"]
        if winner is None:
            said = Text("Every die compared is tied: a draw.", style="bold")
        elif at is None:
            said = Text(f"All tied, {names[winner]} has more dice and wins.", style="bold")
        else:
            said = Text(f"{names[winner]} wins at the {ORDINALS[at]} die.", style="bold")
            if view["phase"] == "take":
                loser = d if winner == a else a
                said.append(f" {names[winner]} takes one of {names[loser]}'s dice.")
        if fight["taken"] is not None:
            loser = d if winner == a else a
            said.append(f" {names[winner]} took {names[loser]}'s {fight['taken']}.", style="")
        verb = "attacks" if view["phase"] == "take" else "attacked"
        head = Text(f"{names[a]} {verb} {names[d]}:", style="dim")
        rerolled = fight["rerolled"]
        if not any(rerolled):
            note = Text(f"{names[a]} rolled none: those dice kept their faces", style="dim")
        elif not all(rerolled):
            note = Text(f"* rolled by {names[a]}; the others kept their faces", style="dim")
        else:
            note = Text("")
        return [head, row(a, attack, rerolled if not all(rerolled) else [False] * len(attack)), marks,
                row(d, defence, [False] * len(defence)), said, note]

    # -- the frame ------------------------------------------------------------------------------------

    def scoreboard(self, view: dict):
        return ["Dice", "To win"], [[len(d), distance(len(d))] for d in view["dice"]]

    def status(self, view: dict) -> str:
        rounds = f" of {view['rounds']}" if view["rounds"] else ""
        return f"round {view['round']}{rounds}"

    def prompt(self, view: dict) -> str:
        if view["result"]:
            return view["result"]
        names = view["players"]
        phase = view["phase"]
        if phase == "turn":
            return f"{names[view['current']]}: recruit a die, or pick a faction to fight."
        if phase == "aim":
            n = len(view["rolling"])
            return (f"{names[view['current']]}: press 1-{n} to keep or roll a die, then f to fight "
                    f"{names[view['target']]} (u: pick another).")
        taker = view["taker"]
        loser = view["target"] if taker == view["current"] else view["current"]
        return f"{names[taker]} won: take one of {names[loser]}'s dice (press its face)."

    def action_key(self, move: Move, index: int) -> str:
        kind, args = move.kind, move.args
        if kind == "fight":
            return str(index + 1)
        if kind == "recruit":
            n = len(self.session.players) - 1
            return RECRUIT_KEYS[index - n] if index - n < len(RECRUIT_KEYS) else ""
        if kind == "toggle":
            return str(args[0] + 1)
        if kind == "roll":
            return "f"
        if kind == "take":
            return str(args[0])
        return ""
