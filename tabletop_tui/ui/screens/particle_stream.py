"""Particle Stream: the track, front first, and every player's hand, drawn from the seat at the keyboard.

The track is a list of its places, the front at the top: the place, who stands there, the pile's top
card and its rank, and the cards beneath (as many as the width allows, the latest first). The player
whose turn it is is marked ▶; once their card is down, its targets are marked →. Below the track,
this round's order with who has acted, then each player's face-up cards and how many they hold face
down; the person at the keyboard sees their own face-down cards too (between two people, behind the
curtain, nobody's). Between races the last race's places and points are shown.

A card is played, and then a swap or a stay chosen, by its key in the action bar.
"""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text
from textual.app import ComposeResult

from tabletop_tui.names import shown
from tabletop_tui.rules.components.cards import card
from tabletop_tui.rules.engine import Move
from tabletop_tui.rules.particle_stream import ordinal
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.cards import CARD_HEIGHT, CardHand, chip_text
from tabletop_tui.ui.widgets.common import Drawn
from tabletop_tui.ui.widgets.grid import TextLines

RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}


def by_rank_codes(codes: list[str]) -> list[str]:
    """Codes lowest first, the ace low."""
    return sorted(codes, key=lambda code: card(code).order_low)


def name_cell(name: str, width: int) -> str:
    name = shown(name)
    return (name if len(name) <= width else name[: width - 1] + "…").ljust(width)


def tight(code) -> Text:
    """A card on one line without the space that aligns chips in a column: "7♣", "10♥"."""
    text = chip_text(code)
    return text[1:] if text.plain.startswith(" ") else text


def chips(codes, dim: bool = False) -> Text:
    """Cards on one line as chips, a space between (dimmed: face down, or beneath the top of a pile)."""
    return _shared_chips(codes, dim).copy()


def _shared_chips(codes, dim: bool = False) -> Text:
    """`chips`, the one kept for these cards: appended (append_text copies it), never changed."""
    try:
        return _chips(tuple(codes), dim)
    except TypeError:  # (a code that is not hashable: made anew)
        return _made_chips(codes, dim)


@lru_cache(maxsize=256)
def _chips(codes: tuple, dim: bool) -> Text:
    """`chips`, kept by the cards and the dimming (never changed: `chips` hands out copies)."""
    return _made_chips(codes, dim)


def _made_chips(codes, dim: bool) -> Text:
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(" ")
        t = chip_text(code)
        if dim:
            t.stylize("dim")
        out.append_text(t)
    return out


class ParticleStreamScreen(GameScreen):
    DEFAULT_CSS = """
    #ps-track, #ps-order, #ps-hands, #ps-race, #ps-hand-label { height: auto; }
    #ps-hand-label { margin: 1 0 0 0; }
    #ps-track { margin: 0 0 1 0; }
    """

    def compose_table(self) -> ComposeResult:
        # drawn by lines: a card played changes one place of the track and one hand
        yield TextLines(id="ps-track")
        yield Drawn(id="ps-order")
        yield TextLines(id="ps-hands")
        yield Drawn(id="ps-race")
        yield Drawn(id="ps-hand-label")
        yield CardHand(id="ps-hand")

    # -- the table ---------------------------------------------------------------------------------

    def name_width(self, view: dict) -> int:
        return min(10, max(6, max(len(shown(n)) for n in view["players"])))

    def show_table(self, view: dict) -> None:
        track = self.query_one("#ps-track", TextLines)
        width = track.size.width or 45
        track.show_lines(self.cropped(self.track_lines(view, width), track.size.width))
        order = self.query_one("#ps-order", Drawn)
        order_text = self.order_text(view)
        order.update(order_text)
        order.display = view["phase"] in ("play", "move")
        hands = self.query_one("#ps-hands", TextLines)
        hands.show_lines(self.cropped(self.hands_lines(view), hands.size.width))
        race = self.query_one("#ps-race", Drawn)
        text = self.race_text(view)
        race.update(text)
        race.display = bool(text.plain)
        self.show_hand(view, self.lines(text) if race.display else 0, self.lines(order_text) if order.display else 0)

    @staticmethod
    def cropped(lines: list[Text], width: int) -> list[Text]:
        """Lines cut at the widget's edge (once its width is known), as a Static crops a line that does
        not wrap."""
        if width and any(line.cell_len > width for line in lines):
            return [line[:width] if line.cell_len > width else line for line in lines]
        return lines

    def lines(self, text: Text) -> int:
        """How many lines `text` takes on the table."""
        width = self.query_one("#ps-track", TextLines).size.width or 45
        return len(text.wrap(self.app.console, width))

    def show_hand(self, view: dict, race_lines: int, order_lines: int) -> None:
        """On a taller table, the hand of the person at the keyboard again, as cards."""
        label = self.query_one("#ps-hand-label", Drawn)
        hand = self.query_one("#ps-hand", CardHand)
        viewer = view["viewer"]
        n = len(view["players"])
        used = (n + 1) + 1 + order_lines + (n + 1) + race_lines + 1  # and a line to spare
        # the screen less its title, prompt and footer, and the most the choices may take (the
        # action bar's height changes with the phase: the hand does not come and go with it)
        room = self.size.height - 3 - 3
        mine = [] if viewer is None else by_rank_codes(view["up"][viewer] + (view["hidden"] or []))
        show = bool(mine) and room >= used + 1 + 1 + CARD_HEIGHT
        label.display = hand.display = show
        if not show:
            return
        down = set(view["hidden"] or [])
        head = Text(f"{shown(view['players'][viewer])}'s hand", style="bold")
        head.append("  (the dimmed ones face down, yours alone)" if down else "", style="dim")
        label.update(head)
        hand.set_cards(mine, pick="none", unavailable=[i for i, c in enumerate(mine) if c in down])

    def track_lines(self, view: dict, width: int) -> list[Text]:
        """The track, a line for its head and one for each place, the front first."""
        names = view["players"]
        nw = self.name_width(view)
        acting = view["acting"]
        targets = set(view["targets"])
        out = Text(no_wrap=True, overflow="crop")
        out.append(f"{'Track':<6}", style="bold")
        out.append(f"{'player':<{nw}} top rank  beneath", style="dim")
        lines = [out]
        for p, pile in enumerate(view["piles"]):
            seat = view["at"][p]
            out = Text(no_wrap=True, overflow="crop")
            lines.append(out)
            if seat == acting:
                out.append("▶ ", style="bold green")
            elif p in targets:
                out.append("→ ", style="bold yellow")
            else:
                out.append("  ")
            out.append(f"{ordinal(p):<4}", style="bold" if p == 0 else "")
            mine = seat == view["viewer"]
            style = "bold green" if seat == acting else "bold yellow" if p in targets else "bold" if mine else ""
            out.append(name_cell(names[seat], nw), style=style)
            out.append(" ")
            out.append_text(chip_text(pile[-1]))
            r = view["ranks"][p]
            out.append(f" {RANK_LABEL.get(r, str(r)):>2}{'=' + str(r) if r in RANK_LABEL else '':<4}",
                       style="bold")
            beneath = pile[-2::-1]  # the latest first
            room = width - (18 + nw)
            fit = (room + 1) // 4
            if len(beneath) > fit:
                fit = max(0, (room - 3) // 4)
            if beneath:
                out.append_text(_shared_chips(beneath[:fit], dim=True))
                if len(beneath) > fit:
                    out.append(f" +{len(beneath) - fit}", style="dim")
        return lines

    def order_text(self, view: dict) -> Text:
        """This round's order, front first: who has played what (⇄ for a swap), who acts now (▶)."""
        names = view["players"]
        out = Text()
        out.append("This round:", style="bold")
        done = {p[0]: p for p in view["plays"]}
        for s in view["order"]:
            out.append("  ")
            if s in done:
                play = done[s]
                out.append(shown(names[s]) + " ", style="dim")
                out.append_text(tight(play[1]))
                if play[3] is not None:
                    out.append("⇄", style="bold")
            elif s == view["acting"]:
                out.append("▶" + shown(names[s]), style="bold green")
                if view["played"]:
                    out.append(" ")
                    out.append_text(tight(view["played"]))
            else:
                out.append(shown(names[s]))
        return out

    def hands_lines(self, view: dict) -> list[Text]:
        """A line for the head and one for each player's hand."""
        names = view["players"]
        nw = self.name_width(view)
        viewer = view["viewer"]
        out = Text(no_wrap=True, overflow="crop")
        out.append("Hands: face up + face down", style="bold dim")
        lines = [out]
        for s in range(len(names)):
            out = Text(no_wrap=True, overflow="crop")
            lines.append(out)
            out.append("  ")
            out.append(name_cell(names[s], nw) + " ", style="bold" if s == viewer else "")
            up = view["up"][s]
            out.append_text(_shared_chips(up))
            down = view["down"][s]
            if down:
                out.append(" + " if up else "+ ", style="dim")
                if s == viewer and view["hidden"] is not None:
                    out.append_text(_shared_chips(view["hidden"]))
                    out.append(" yours alone", style="dim italic")
                else:
                    out.append_text(_shared_chips([None] * down))
            elif not up:
                out.append("no cards", style="dim")
        return lines

    def race_text(self, view: dict) -> Text:
        last = view["last_race"]
        out = Text()
        if not last or view["phase"] in ("play", "move") and view["round"] > 1:
            return out
        names = view["players"]
        out.append(f"Race {last['race']}: ", style="bold")
        out.append(", ".join(f"{shown(names[s])} {last['points'][s]}" for s in last["places"]))
        if view["phase"] == "scored" and view["dealer"] is not None:
            out.append(f"\n{shown(names[view['dealer']])}, last, deals race {view['race'] + 1}.", style="dim")
        return out

    def scoreboard(self, view: dict):
        rows = []
        live = view["phase"] in ("play", "move")
        for s in range(len(view["players"])):
            place = view["place"][s] if view["at"] else None
            rows.append([ordinal(place) if place is not None else "", view["scores"][s], view["wins"][s]])
        return (["Place" if live else "Was", "Pts", "Won"], rows)

    def status(self, view: dict) -> str:
        if view["phase"] in ("play", "move"):
            return f"race {view['race']}/{view['races']} · round {view['round']}/{view['rounds']}"
        return f"race {view['race']}/{view['races']}"

    def prompt(self, view: dict) -> str:
        seat = self.viewer()
        names = [shown(n) for n in view["players"]]
        if view["over"]:
            return view["result"] or ""
        waiting = view["to_act"]
        mine = seat is not None and seat in waiting
        phase = view["phase"]
        if phase == "scored":
            if mine:
                return f"Race {view['race']} is over. {names[seat]}, deal race {view['race'] + 1}."
            return f"Race {view['race']} is over: waiting for {names[waiting[0]]} to deal."
        acting = view["acting"]
        here = ordinal(view["place"][acting])
        if phase == "play":
            if mine:
                return f"{names[seat]} ({here}): play a card on your pile; the nearest rank above is the target."
            return f"Waiting for {names[acting]} ({here}) to play a card."
        if mine:
            return f"{names[seat]}: swap with a target (→) or stay {here}."
        return f"Waiting for {names[acting]} to swap or stay."

    def action_label(self, seat: int, move: Move, optional: bool) -> str:
        if move.kind not in ("play", "swap", "stay"):
            return super().action_label(seat, move, optional)
        view = self.label_view(seat)
        if move.kind == "play":
            code = move.args[0]
            down = code in (view["hidden"] or [])
            return f"Play {chip_text(code).plain.strip()}" + (" (face down)" if down else "")
        if move.kind == "swap":
            p = move.args[0]
            top = view["piles"][p][-1]
            return f"Swap with {shown(view['players'][view['at'][p]])} ({ordinal(p)}, {chip_text(top).plain.strip()})"
        if move.kind == "stay":
            return f"Stay {ordinal(view['place'][seat])}"
        return super().action_label(seat, move, optional)
