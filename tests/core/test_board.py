"""Boards: every text format parses and prints back, named goals, moves, and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npuzzle import Board, PuzzleError, inverse_moves
from npuzzle.core.board import ECHO_LIMIT, parse_size, quoted

SIDES = st.integers(min_value=2, max_value=8)
BLANK_MARKS = ("0", "b", "B", "_", ".")


@st.composite
def boards(draw, sides=SIDES, max_cells: int | None = None, square: bool = False) -> Board:
    width = draw(sides)
    height = width if square else draw(sides)
    if max_cells is not None:
        while width * height > max_cells:
            if width >= height:
                width -= 1
            else:
                height -= 1
    tiles = draw(st.permutations(range(width * height)))
    return Board(width, height, tuple(tiles))


def rows_of(b: Board) -> list[tuple[int, ...]]:
    return [b.tiles[r * b.width : (r + 1) * b.width] for r in range(b.height)]


# ----- the text formats, written here independently of Board.format ----------------------


def rows_text(b: Board, blank: str = "0", sep: str = ",", row_sep: str = "/") -> str:
    return row_sep.join(sep.join(str(t) if t else blank for t in row) for row in rows_of(b))


def kunkle_text(b: Board, blank: str = "b") -> str:
    return " ".join("".join(str(t) if t else blank for t in row) for row in rows_of(b))


def flat_text(b: Board, blank: str = "0") -> str:
    return " ".join(str(t) if t else blank for t in b.tiles)


@settings(max_examples=80)
@given(boards())
def test_rows_format_round_trips_on_every_size(b):
    text = b.format("rows")
    assert text == rows_text(b)
    assert str(b) == text
    assert Board.parse(text) == b


@settings(max_examples=40)
@given(boards(max_cells=10))
def test_kunkle_format_round_trips_on_boards_of_at_most_nine_tiles(b):
    text = b.format("kunkle")
    assert text == kunkle_text(b)
    assert Board.parse(text) == b


@settings(max_examples=40)
@given(boards(square=True))
def test_flat_format_round_trips_on_square_boards(b):
    text = b.format("flat")
    assert text == flat_text(b)
    assert Board.parse(text) == b


@settings(max_examples=40)
@given(boards(), st.sampled_from(BLANK_MARKS))
def test_every_blank_mark_reads_as_the_blank_in_rows(b, mark):
    assert Board.parse(rows_text(b, blank=mark)) == b


@settings(max_examples=40)
@given(boards(max_cells=10), st.sampled_from(BLANK_MARKS))
def test_every_blank_mark_reads_as_the_blank_in_kunkle_rows(b, mark):
    assert Board.parse(kunkle_text(b, blank=mark)) == b


@settings(max_examples=40)
@given(boards(square=True), st.sampled_from(BLANK_MARKS))
def test_every_blank_mark_reads_as_the_blank_in_a_flat_list(b, mark):
    assert Board.parse(flat_text(b, blank=mark)) == b


@settings(max_examples=40)
@given(boards())
def test_rows_may_be_separated_by_newlines_and_tiles_by_spaces(b):
    assert Board.parse(rows_text(b, sep=" ", row_sep="\n")) == b
    assert Board.parse(rows_text(b, sep=", ", row_sep=" / ")) == b
    assert Board.parse("\n  " + rows_text(b) + "  \n") == b


@settings(max_examples=40)
@given(boards())
def test_a_flat_list_of_a_rectangle_reads_when_the_size_is_given(b):
    assert Board.parse(flat_text(b), b.width, b.height) == b


@settings(max_examples=40)
@given(boards())
def test_pretty_grid_parses_back(b):
    assert Board.parse(b.pretty()) == b


@settings(max_examples=40)
@given(boards())
def test_formats_a_board_cannot_take_are_refused(b):
    if b.size > 10:
        with pytest.raises(PuzzleError, match="Kunkle"):
            b.format("kunkle")
    if b.width != b.height:
        with pytest.raises(PuzzleError, match="square"):
            b.format("flat")
    with pytest.raises(PuzzleError, match="unknown format"):
        b.format("csv")


def test_kunkle_and_flat_examples_from_the_issue_are_the_same_board():
    a = Board.parse("134 8b5 726")
    assert a == Board.parse("1,3,4/8,0,5/7,2,6") == Board.parse("1 3 4 8 0 5 7 2 6")
    assert a == Board.parse("134/8b5/726") == Board.parse("134\n8_5\n726")
    assert a.tiles == (1, 3, 4, 8, 0, 5, 7, 2, 6)
    assert (a.width, a.height) == (3, 3)


def test_rectangular_boards_keep_their_orientation():
    wide = Board.parse("1,2,3/4,5,0")
    tall = Board.parse("1,2/3,4/5,0")
    assert (wide.width, wide.height) == (3, 2)
    assert (tall.width, tall.height) == (2, 3)
    assert Board.parse("12345 6789b") == Board(5, 2, (1, 2, 3, 4, 5, 6, 7, 8, 9, 0))
    assert Board.parse("12 34 56 78 9b") == Board(2, 5, (1, 2, 3, 4, 5, 6, 7, 8, 9, 0))


# ----- named goals ------------------------------------------------------------------------

SIZES = [(w, h) for w in range(2, 9) for h in range(2, 9)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_standard_and_blank_first_goals(width, height):
    n = width * height
    assert Board.goal("standard", width, height).tiles == (*range(1, n), 0)
    assert Board.goal("blank-first", width, height).tiles == tuple(range(n))


def clockwise_spiral(width: int, height: int) -> list[int]:
    """Cells in the order of a walk from the top-left corner that goes right and turns
    clockwise whenever the next cell is off the board or already visited."""
    steps = [(0, 1), (1, 0), (0, -1), (-1, 0)]  # right, down, left, up: clockwise
    seen: set[tuple[int, int]] = set()
    r = c = d = 0
    order = []
    for _ in range(width * height):
        order.append(r * width + c)
        seen.add((r, c))
        for turn in range(4):
            dr, dc = steps[(d + turn) % 4]
            if 0 <= r + dr < height and 0 <= c + dc < width and (r + dr, c + dc) not in seen:
                d = (d + turn) % 4
                r, c = r + dr, c + dc
                break
    return order


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_snail_goal_is_a_clockwise_spiral_on_every_size(width, height):
    goal = Board.goal("snail", width, height)
    n = width * height
    assert sorted(goal.tiles) == list(range(n))
    order = clockwise_spiral(width, height)
    assert len(set(order)) == n
    # tile k on the k-th cell of the spiral, the blank on the last
    assert [goal.tiles[p] for p in order] == [*range(1, n), 0]
    # the first row is 1 .. width, read left to right
    assert goal.tiles[:width] == tuple(range(1, width + 1))
    # each tile is next to the one before it (the spiral never jumps)
    where = {t: divmod(p, width) for p, t in enumerate(goal.tiles)}
    for k in range(1, n):
        (r1, c1), (r2, c2) = where[k], where[(k + 1) % n]
        assert abs(r1 - r2) + abs(c1 - c2) == 1, (k, where[k], where[(k + 1) % n])


def test_snail_goals_from_the_literature():
    assert Board.goal("snail", 3, 3) == Board.parse("123 8b4 765")  # Kunkle's goal
    assert Board.goal("snail", 4, 4) == Board.parse("1,2,3,4/12,13,14,5/11,0,15,6/10,9,8,7")


def test_goal_or_board_takes_names_in_any_case_and_boards():
    assert Board.goal_or_board("snail", 3, 3) == Board.goal("snail", 3, 3)
    assert Board.goal_or_board("  Blank-First ", 2, 3) == Board.goal("blank-first", 2, 3)
    assert Board.goal_or_board("STANDARD", 4, 2) == Board.goal("standard", 4, 2)
    assert Board.goal_or_board("123 8b4 765", 3, 3) == Board.parse("1,2,3/8,0,4/7,6,5")
    assert Board.goal_or_board("1 2 3 4 5 0", 3, 2) == Board(3, 2, (1, 2, 3, 4, 5, 0))


@pytest.mark.parametrize("name", ["spiral", "goal", "standart", "blank-last"])
def test_unknown_goal_names_are_refused_with_the_choices(name):
    with pytest.raises(PuzzleError, match=f"unknown goal '{name}'") as info:
        Board.goal_or_board(name, 3, 3)
    assert "snail" in str(info.value)
    with pytest.raises(PuzzleError, match="unknown goal"):
        Board.goal(name, 3, 3)


def test_a_goal_board_of_the_wrong_size_is_refused():
    with pytest.raises(PuzzleError, match="the goal is 2x2 but the board is 3x3"):
        Board.goal_or_board("1,2/3,0", 3, 3)
    with pytest.raises(PuzzleError, match="8 tiles where 9 are needed"):
        Board.goal_or_board("1 2 3 4 5 6 7 0", 3, 3)


@given(boards(square=True, sides=st.integers(min_value=4, max_value=8)), st.integers(2, 3))
def test_zero_padded_flat_lists_read_as_numbers(b, width):
    text = " ".join(str(t).zfill(width) for t in b.tiles)
    assert Board.parse(text) == b
    assert Board.parse(",".join(str(t).zfill(4) for t in b.tiles)) == b


def test_a_byte_order_mark_before_a_board_is_ignored():
    assert Board.parse("\ufeff134 8b5 726") == Board.parse("134 8b5 726")
    assert Board.parse("\ufeff 1,3,4/8,0,5/7,2,6") == Board.parse("134 8b5 726")


def test_kunkle_rows_of_two_digits_are_still_rows():
    assert Board.parse("12 34 50") == Board(2, 3, (1, 2, 3, 4, 5, 0))
    assert Board.parse("10 23") == Board(2, 2, (1, 0, 2, 3))


def test_sizes_are_read_in_one_place():
    assert parse_size("4x3") == (4, 3) and parse_size(" 5 ") == (5, 5)
    for bad, words in (("9x9", "out of range"), ("-3x3", "not WxH"), ("3x", "not WxH")):
        with pytest.raises(PuzzleError, match=words):
            parse_size(bad)


def test_a_message_quotes_a_long_value_cut_with_its_length():
    assert quoted("snail") == "'snail'" and quoted(3) == "'3'"
    exact = "x" * ECHO_LIMIT
    assert quoted(exact) == repr(exact)
    long = "ab" * 1500
    assert quoted(long) == f"'{long[:ECHO_LIMIT]}...' (3,000 characters)"
    assert quoted("a\u0000b\n") == "'a?b?'"  # what cannot be printed, as '?'
    with pytest.raises(PuzzleError) as bad:
        parse_size("3x" + "9" * 3000)
    assert len(str(bad.value)) < 100 and "(3,002 characters)" in str(bad.value)


@given(st.text(max_size=5000))
def test_a_quoted_value_is_short_and_printable(text):
    shown = quoted(text)
    assert shown.isprintable() and len(shown) <= ECHO_LIMIT + 40


# ----- moves ------------------------------------------------------------------------------

STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def expected_legal(b: Board) -> str:
    r, c = divmod(b.tiles.index(0), b.width)
    return "".join(
        m for m, (dr, dc) in STEP.items() if 0 <= r + dr < b.height and 0 <= c + dc < b.width
    )


@settings(max_examples=80)
@given(boards())
def test_legal_moves_follow_the_blanks_position(b):
    assert b.legal_moves() == expected_legal(b)
    assert 2 <= len(b.legal_moves()) <= 4


@settings(max_examples=80)
@given(boards())
def test_each_move_slides_one_tile_into_the_blank(b):
    r, c = divmod(b.blank, b.width)
    for m in "UDLR":
        dr, dc = STEP[m]
        if m not in b.legal_moves():
            with pytest.raises(PuzzleError, match="cannot move"):
                b.move(m)
            continue
        after = b.move(m)
        q = (r + dr) * b.width + (c + dc)
        assert after.blank == q
        assert after.tiles[b.blank] == b.tiles[q]
        assert all(after.tiles[i] == b.tiles[i] for i in range(b.size) if i not in (q, b.blank))
        assert (after.width, after.height) == (b.width, b.height)
        assert after.move(inverse_moves(m)) == b


@st.composite
def walks(draw) -> tuple[Board, str]:
    """A board and a sequence of moves that are legal from it, one after another."""
    board = draw(boards())
    moves = []
    cur = board
    for _ in range(draw(st.integers(min_value=0, max_value=40))):
        m = draw(st.sampled_from(cur.legal_moves()))
        moves.append(m)
        cur = cur.move(m)
    return board, "".join(moves)


@settings(max_examples=80)
@given(walks())
def test_apply_then_inverse_moves_returns_to_the_start(walk):
    board, moves = walk
    end = board.apply(moves)
    back = inverse_moves(moves)
    assert len(back) == len(moves)
    assert inverse_moves(back) == moves
    assert end.apply(back) == board
    path = board.path(moves)
    assert len(path) == len(moves) + 1
    assert path[0] == board and path[-1] == end
    for a, m, z in zip(path[:-1], moves, path[1:], strict=True):
        assert a.move(m) == z


def test_inverse_moves_of_known_sequences():
    assert inverse_moves("") == ""
    assert inverse_moves("DRUULD") == "URDDLU"
    assert inverse_moves("UDLR") == "LRUD"


@pytest.mark.parametrize("move", ["X", "", "UP", "1", "Ü"])
def test_unknown_moves_raise_puzzle_error(move):
    b = Board.parse("134 8b5 726")
    with pytest.raises(PuzzleError, match="unknown move"):
        b.move(move)


def test_apply_with_an_illegal_move_raises_puzzle_error():
    b = Board.goal("standard", 3, 3)  # blank bottom right: D and R are illegal
    with pytest.raises(PuzzleError, match="cannot move D"):
        b.apply("UUDDD")
    with pytest.raises(PuzzleError, match="cannot move R"):
        b.apply("R")
    with pytest.raises(PuzzleError, match="unknown move"):
        b.apply("UQ")


@pytest.mark.parametrize("moves", ["X", "UDX"])
def test_inverse_moves_of_a_non_move_raises_puzzle_error(moves):
    with pytest.raises(PuzzleError):
        inverse_moves(moves)


# ----- malformed input --------------------------------------------------------------------

BAD_TEXT = [
    ("1 1 3 4 5 6 7 8 0", ["duplicate tile 1"]),
    ("1,2,3/4,5,6/7,7,0", ["duplicate tile 7"]),
    ("0 1 2 3 4 5 6 7 b", ["two blanks"]),
    ("1,2,3/4,5,6/7,8", ["ragged rows", "3, 3, 2"]),
    ("123 8b 7654", ["ragged rows"]),
    ("1 2 3 4 5 6 7 8 9", ["tile 9", "out of range"]),
    ("1,2/3,40", ["tile 40", "out of range"]),
    ("1 2 3 4 5 0", ["6 tiles", "square"]),
    ("1 2 3 4 5 6 7 0", ["8 tiles", "square"]),
    ("1/0", ["width 1", "out of range", "2 to 8"]),
    ("1,2/3,0/4,5/6,7/8,9/10,11/12,13/14,15/16,17", ["height 9", "out of range"]),
    ("/".join(",".join(str(r * 9 + c) for c in range(9)) for r in range(9)), ["width 9"]),
    ("", ["empty board"]),
    ("   \n\t ", ["empty board"]),
    ("hello world", ["cannot read tile 'h'"]),
    ("the quick brown fox", ["cannot read tile"]),
    ("1,2/3,x", ["cannot read tile 'x'"]),
    ("1 2 3 -4", ["cannot read tile"]),
    ("1,2/3,-4", ["cannot read tile '-4'"]),
    ("1,2/3,0/", ["empty row"]),
    ("1,2,/3,0", ["empty tile"]),
    ("1,,2/3,0", ["empty tile"]),
    ("\uff11\uff12\uff13 \uff18\uff42\uff14 \uff17\uff16\uff15", ["cannot read tile '\uff11'"]),
    ("½", ["cannot read tile '½'"]),
    ("1,2/3,²", ["cannot read tile '²'"]),
    ("1,2/3,\u0660", ["cannot read tile '\u0660'"]),
    ("1 " * 5000, ["too long"]),
    ("7" * 1_000_000, ["too long"]),
]


@pytest.mark.parametrize(("text", "words"), BAD_TEXT, ids=[t[:24] for t, _ in BAD_TEXT])
def test_malformed_boards_raise_puzzle_error_naming_the_problem(text, words):
    with pytest.raises(PuzzleError) as info:
        Board.parse(text)
    message = str(info.value)
    for word in words:
        assert word in message
    assert "\n" not in message
    assert len(message) < 300


def test_non_text_is_refused():
    with pytest.raises(PuzzleError, match="text"):
        Board.parse(123)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("width", "height", "tiles", "words"),
    [
        (3, 3, (1, 2, 3), ["3 tiles where 9 are needed", "3x3"]),
        (2, 2, (0, 1, 2, 3, 4), ["5 tiles where 4 are needed"]),
        (2, 2, (0, 1, 2, 2), ["duplicate tile 2"]),
        (2, 2, (0, 1, 2, 4), ["tile 4", "out of range"]),
        (2, 2, (0, 1, 2, -3), ["tile -3", "out of range"]),
        (2, 2, (0, 1, 2, True), ["not a whole number"]),
        (2, 2, (0, 1, 2, "3"), ["not a whole number"]),
        (9, 2, tuple(range(18)), ["width 9", "2 to 8"]),
        (2, 1, (0, 1), ["height 1", "2 to 8"]),
        (0, 0, (), ["width 0"]),
    ],
)
def test_board_constructor_checks_its_tiles(width, height, tiles, words):
    with pytest.raises(PuzzleError) as info:
        Board(width, height, tiles)
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize(("width", "height"), [(1, 3), (9, 9), (2, 9), (0, 4)])
def test_named_goals_outside_the_size_range_are_refused(width, height):
    for name in ("standard", "blank-first", "snail"):
        with pytest.raises(PuzzleError, match="out of range"):
            Board.goal(name, width, height)


def test_parse_with_a_size_names_the_tile_count():
    with pytest.raises(PuzzleError, match="6 tiles where 4 are needed for a 2x2 board"):
        Board.parse("1 2 3 4 5 0", 2, 2)
    with pytest.raises(PuzzleError, match="3x2 where 2x3 was expected"):
        Board.parse("1,2,3/4,5,0", 2, 3)
