"""King of the Beach and Penniless and Insane, by counts: a part of the table is built again only when
what it is drawn from changed, and a card's chip is made once; what the parts show is what they would
be built as for the seat at the keyboard (nothing kept from another viewer)."""

import random

from rich.text import Text
from textual import events

from tabletop_tui.ui.screens import penniless_and_insane
from tabletop_tui.ui.screens.king_of_the_beach import KingOfTheBeachScreen
from tabletop_tui.ui.widgets.grid import text_key
from test_ui_frames import Counts, move_key, quiet, scene_app


def as_drawn(lines: list[Text], width: int, console) -> list[Text]:
    """Lines as a part of `width` draws them: each wider than it wrapped at its spaces (rich's wrap, each
    piece without the spaces it was broken at)."""
    out: list[Text] = []
    for line in lines:
        if line.cell_len <= width:
            out.append(line)
            continue
        pieces = list(line.wrap(console, width))
        for piece in pieces:
            piece.rstrip()
        out.extend(pieces)
    return out


async def test_king_of_the_beach_builds_a_part_again_only_when_what_it_shows_changed(make_app, store, monkeypatch):
    built: list[str] = []
    for name in ("status_text", "hand_text", "goodies_text"):
        build = getattr(KingOfTheBeachScreen, name)
        monkeypatch.setattr(KingOfTheBeachScreen, name,
                            lambda screen, view, name=name, build=build: built.append(name) or build(screen, view))
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "king-of-the-beach")
    rnd = random.Random(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, KingOfTheBeachScreen)
        rebuilt = 0
        for press in range(6):
            built.clear()
            screen.refresh_table()  # the table drawn again, nothing changed: no part built again
            assert built == [], press
            if (key := move_key(screen, rnd)) is None:
                break
            app.post_message(events.Key(key, key))
            await quiet(pilot, counts)
            rebuilt += len(built)
            # each part shows what it is built as now, for the seat at the keyboard
            view = screen.game.view(screen.viewer())
            for part, text in (("#kb-status", screen.status_text(view)), ("#kb-hand", screen.hand_text(view)),
                               ("#kb-goodies", screen.goodies_text(view))):
                widget = screen.query_one(part)
                lines = as_drawn(screen.lines(text), widget._width, app.console)
                drawn = widget._at(widget._width)[0]
                assert [text_key(t) for t in drawn[:len(lines)]] == [text_key(t) for t in lines], (press, part)
                assert all(not t.plain for t in drawn[len(lines):]), (press, part)
        assert 0 < rebuilt < 3 * press  # (some parts built again by the keys, not every part at every key)


async def test_penniless_and_insane_makes_each_cards_chip_once(make_app, store, monkeypatch):
    made: list[str] = []
    chip = penniless_and_insane.tight_chip
    monkeypatch.setattr(penniless_and_insane, "tight_chip", lambda code: made.append(code) or chip(code))
    monkeypatch.setattr(penniless_and_insane, "_TIGHT", {})
    counts = Counts(monkeypatch)
    app = scene_app(make_app, store, "penniless-and-insane")
    rnd = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        for _ in range(8):
            if (key := move_key(screen, rnd)) is None:
                break
            app.post_message(events.Key(key, key))
            await quiet(pilot, counts)
            # the known cards and discards as they are built now, for the seat at the keyboard
            view = screen.game.view(screen.viewer())
            known = screen.known_text(view) if view["phase"] in ("bid", "act") else Text()
            lines = known.split("\n", allow_blank=True)
            shown = [text_key(line) for line in screen.query_one("#pi-known")._texts]
            assert shown[:len(lines)] == [text_key(line) for line in lines]
    assert made and len(made) == len(set(made))
    assert all(penniless_and_insane.tight(code).plain == chip(code).plain for code in made)
