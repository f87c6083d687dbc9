"""Kept: a piece built once for its key, kept until more than its room of pieces are asked for."""

from tabletop_tui.ui.widgets.kept import Kept


def test_a_piece_is_built_once_for_its_key_and_all_are_forgotten_past_the_room():
    built: list[str] = []
    kept: Kept[list[str]] = Kept(2)

    def piece(key: str):
        return kept.built(key, lambda: built.append(key) or [key.upper()])

    first = piece("a")
    assert piece("a") is first and piece("b") == ["B"] and built == ["a", "b"]
    assert piece("c") == ["C"] and len(kept) == 1  # a third key: the two kept are forgotten
    assert piece("a") == ["A"] and built == ["a", "b", "c", "a"]
