"""Rulings the rules help states for Shipwreck! and Board Game Project #55, checked against what the
rules do (Thief in the Night's are in its own tests; Penniless and Insane's "everyone level" in
test_penniless_and_insane's test of the penniless bonus)."""

from __future__ import annotations

from pathlib import Path

from tabletop_tui.rules.components.cards import cards
from tabletop_tui.rules.shipwreck import contest, holding

from test_shipwreck import key, sunk, texts

HELP = Path(__file__).parent.parent / "tabletop_tui" / "rules_help"


def test_shipwreck_the_ace_is_the_lowest_card_in_the_tie_break_too():
    ace_four, five = holding(cards("AH 4H"), "H"), holding(cards("5H"), "H")
    assert ace_four[0] == five[0] == 5
    assert contest({1: ace_four, 2: five}) == [2]
    # the help's example, raced at the showdown: Bob lays the ace of hearts, Cy the 5
    game = sunk(3, ["", "AH 4H 9C", "5H 2C 3C"], boats={"H": "KH"})
    game.play(0, key("2S"))
    game.play(1, key("AH"))
    said = " ".join(texts(game.play(2, key("5H"))))
    assert "Cy boards and scores 13" in said
    assert "**The ace in the tie-break.**" in (HELP / "shipwreck.md").read_text()


def test_board_game_project_55_south_plays_first():
    from tabletop_tui.rules.board_game_project_55 import SIDES, BoardGameProject55

    game = BoardGameProject55(["Ada", "Bo", "Cy", "Dee"], 1)
    assert game.to_act() == [0] and SIDES[0] == "South"
    text = (HELP / "board_game_project_55.md").read_text()
    rulings = text.split("## Rulings")[1]
    assert "**South plays first**" in rulings and "South plays first" not in text.split("## Rulings")[0]


def test_penniless_and_insane_everyone_level_is_a_ruling():
    from tabletop_tui.rules.penniless_and_insane import round_points

    hands = [cards("KS QS 5D"), cards("10C 9C 8C"), cards("AS 2C 3C")]
    assert round_points(hands, [7, 7, 7])[1] == [3, 3, 3]
    assert "**Everyone level.**" in (HELP / "penniless_and_insane.md").read_text().split("## Rulings")[1]
