from tabletop_tui.rules.components.squares import square_index, square_name


def test_a1_is_the_lower_left_corner_and_names_go_both_ways():
    assert square_name(56, 8, 8) == "a1"
    assert square_name(7, 8, 8) == "h8"
    assert square_name(0, 4, 5) == "a4"
    assert square_index("A1", 8, 8) == 56
    assert square_index(" e4 ", 8, 8) == 36
    for rows, cols in ((8, 8), (4, 5), (12, 10)):
        for i in range(rows * cols):
            assert square_index(square_name(i, rows, cols), rows, cols) == i


def test_squares_off_the_board_have_no_index():
    for name in ("i1", "a9", "a0", "a01", "", "a", "1a", "aa", "e-4"):
        assert square_index(name, 8, 8) is None, name
