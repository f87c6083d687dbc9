"""Monster Builder, Short Bus to Paradise and Particle Stream, by counts: the pieces of a table made once
for what they show (and the same lines as before), and the labels of a seat's choices read one view."""

import random

from rich.text import Text

from tabletop_tui.ui.screens import monster_builder as mb
from tabletop_tui.ui.screens import particle_stream as ps
from tabletop_tui.ui.screens import thief_in_the_night as tn
from tabletop_tui.ui.screens.game import GameScreen
from tabletop_tui.ui.widgets.things import side_by_side
from test_ui_frames import Counts, quiet, scene_app
from ui_helpers import side_by_side_appended


def shows(lines: list[Text]) -> list[tuple]:
    return [(line.plain, list(line.spans), line.style, line.justify, line.overflow, line.end) for line in lines]


def test_monster_builder_joins_its_blocks_as_side_by_side_does_and_draws_a_body_once():
    rnd = random.Random(5)
    mb._body_lines.cache_clear()
    mb._die_block.cache_clear()
    for _ in range(40):
        parts = tuple(rnd.randrange(7) for _ in range(5))
        marked = (rnd.randrange(5),) if rnd.random() < 0.3 else ()
        body = mb._body_lines(parts, marked)
        # each styled cell a span of its own, as appending the cells one by one made them
        line = Text()
        for i, ch in enumerate(body[1].plain):
            style = next((s.style for s in body[1].spans if s.start == i), "")
            line.append(ch, style=style)
        assert shows([line]) == shows([body[1]]) and all(s.end - s.start == 1 for s in body[1].spans)
        dice = [mb._die_block(rnd.randrange(1, 7), rnd.choice(["bold", "dim", "bold yellow"]), rnd.random() < .5, i)
                for i in range(1, 5)]
        compact = [mb.compact_line(s, {"name": "Bo" * s, "parts": list(parts)}, 4, s == 0, marked) for s in range(3)]
        for blocks, gap in (([[Text("▶1 Ann", style="bold")] + body, compact + [Text("")]], 2), (dice, 1),
                            ([body, [], dice[0]], 0)):
            before = shows(sum(blocks, []))
            assert shows(side_by_side(blocks, gap)) == shows(side_by_side_appended(blocks, gap))
            assert shows(sum(blocks, [])) == before  # (the blocks kept are never changed)
    made = mb._body_lines.cache_info()
    assert made.misses <= 40
    assert mb._die_block.cache_info().misses <= 6 * 3 * 2 * 4
    mb._body_lines((6, 6, 6, 6, 6), ())
    assert mb._body_lines.cache_info().misses <= made.misses + 1
    mb._body_lines((6, 6, 6, 6, 6), ())
    assert mb._body_lines.cache_info().hits >= 1


def test_particle_stream_makes_a_row_of_chips_once_and_hands_out_copies(monkeypatch):
    made: list[tuple] = []
    make = ps._made_chips
    monkeypatch.setattr(ps, "_made_chips", lambda codes, dim: made.append((tuple(codes), dim)) or make(codes, dim))
    ps._chips.cache_clear()
    first = ps.chips(["AH", "7C", None], dim=True)
    kept = shows([first])
    first.stylize("reverse")  # a copy: the one kept is not changed
    again = ps.chips(["AH", "7C", None], dim=True)
    assert shows([again]) == kept and made == [(("AH", "7C", None), True)]
    assert shows([ps.chips(["AH", "7C", None])]) != kept and len(made) == 2
    assert [s for s in again.spans if "dim" in str(s.style)]


async def test_short_bus_labels_read_one_view_a_seat(make_app, store, monkeypatch):
    app = scene_app(make_app, store, "short-bus-to-paradise")
    counts = Counts(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot, counts)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.game
        asked: list[object] = []
        view = type(game).view
        monkeypatch.setattr(type(game), "view", lambda g, seat=None: asked.append(seat) or view(g, seat))
        actions = screen.current_actions()
        labelled = [a for a in actions if a.move.kind in ("group", "steal", "into")]
        assert labelled and asked == [screen.viewer()]  # one view for all of the seat's labels
        asked.clear()
        assert [a.label for a in screen.current_actions()] == [a.label for a in actions]
        assert len(asked) == 1
        screen.label_view(screen.viewer())  # outside current_actions: the view as it is now
        assert len(asked) == 2
        asked.clear()
        screen.refresh_table()  # the table's view is lent to the labels: one view for both
        assert asked == [screen.viewer()] and screen._lent_view is None
        assert [a.label for a in app.screen.query_one("#actions").actions] == [a.label for a in actions]


def test_thief_in_the_night_splits_the_hands_as_rich_does():
    rnd = random.Random(2)
    texts = []
    for _ in range(300):
        text = Text(style=rnd.choice(["", "bold"]), justify=rnd.choice([None, "left"]))
        for _ in range(rnd.randrange(8)):
            text.append(rnd.choice(["", "\n", "G1 ", "\nLast showdown: ", "7♣\n", "\n\n", "C  2♥\nG2"]),
                        style=rnd.choice(["", "dim", "bold #ff5fd7"]))
        if len(text) and rnd.random() < 0.3:
            text.stylize("underline", rnd.randrange(len(text)), rnd.randrange(len(text) + 1))
        texts.append(text)
    assert sum("\n" in text.plain for text in texts) > 100
    for text in texts:
        assert shows(tn.split_lines(text)) == shows(text.split("\n", allow_blank=True))


def test_dungeon_crawl_builds_a_heros_line_only_when_it_changed(monkeypatch):
    from tabletop_tui import catalog
    from tabletop_tui.ui.screens.dungeon_crawl import DungeonCrawlScreen
    from tabletop_tui.ui.widgets.kept import Kept

    game = catalog.get("dungeon-crawl").rules_class()(["Ann", "Bob", "Cy"], seed=3)
    rnd = random.Random(3)
    for _ in range(12):
        seat = next(s for s in game.to_act() if game.legal_moves(s))
        game.play(seat, rnd.choice(game.legal_moves(seat)))
    built: list[int] = []
    line = DungeonCrawlScreen.hero_line
    monkeypatch.setattr(DungeonCrawlScreen, "hero_line", lambda self, s, h, current: built.append(s) or
                        line(self, s, h, current))
    screen = DungeonCrawlScreen.__new__(DungeonCrawlScreen)  # (the lines need no app)
    screen._heroes = Kept(64)
    view = game.view(None)
    lines = DungeonCrawlScreen.heroes_lines(screen, view)
    assert built == [0, 1, 2] and len(lines) == 4 and all(line.style == "bold dim" for line in lines)
    assert "\n" not in "".join(line.plain for line in lines)
    heroes = [dict(h) for h in view["heroes"]]
    heroes[1]["xp"] = heroes[1].get("xp", 0) + 1
    again = DungeonCrawlScreen.heroes_lines(screen, dict(view, heroes=heroes))
    assert built == [0, 1, 2, 1] and again[2] is not lines[2] and again[1] is lines[1] and again[3] is lines[3]


def test_caribbean_star_makes_a_row_of_cards_once_and_hands_out_copies(monkeypatch):
    from tabletop_tui.ui.screens import caribbean_star as cs

    made: list[str] = []
    chip = cs.tight_chip
    monkeypatch.setattr(cs, "tight_chip", lambda code: made.append(code) or chip(code))
    cs._tight.cache_clear()
    cs._tights.cache_clear()
    row = cs.tights(["AH", "?", "10C"])
    kept = shows([row])
    row.stylize("reverse")  # a copy: the one kept is not changed
    assert shows([cs.tights(["AH", "?", "10C"])]) == kept and made == ["AH", "10C"]
    assert cs.tight("AH").plain == "A♥" and made == ["AH", "10C"]
    assert "▮" in kept[0][0]
