"""Moves named one way: as the tile that slides, or as the blank's letter."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from npuzzle import Board, random_board
from npuzzle.core.board import INVERSE
from npuzzle.teach.moves import MoveStyle, after, move_name, move_short, moved_tile


@given(st.integers(0, 2**32 - 1))
def test_a_tile_move_names_the_tile_the_move_slid_and_where(seed: int) -> None:
    board = random_board(3, 3, seed=seed)
    for move in board.legal_moves():
        child = board.move(move)
        tile = moved_tile(child.tiles, child.width, move)
        # the tile named stood where the blank now is, and now stands where the blank was
        assert board.tiles[child.blank] == tile == child.tiles[board.blank]
        name = move_name(move, tile, MoveStyle.TILES)
        assert name.startswith(f"tile {tile} slides ")
        # the tile goes the other way from the blank: sliding it back is the inverse move
        back = child.move(INVERSE[move])
        assert back == board
        arrow = move_short(move, tile, MoveStyle.TILES)
        assert arrow.startswith(str(tile)) and len(arrow) == len(str(tile)) + 1


def test_each_direction_has_its_own_word_and_arrow() -> None:
    board = Board.parse("123 4b5 678")  # the blank in the middle: every move is legal
    names, arrows = set(), set()
    for move in "UDLR":
        tile = moved_tile(board.move(move).tiles, 3, move)
        names.add(move_name(move, tile, MoveStyle.TILES).split()[-1])
        arrows.add(move_short(move, tile, MoveStyle.TILES)[-1])
    assert names == {"up", "down", "left", "right"}
    assert len(arrows) == 4


def test_the_blank_style_names_the_blank_s_letter() -> None:
    assert move_short("L", 4, MoveStyle.BLANK) == "L"
    assert move_name("L", 4, MoveStyle.BLANK) == "the blank moves L"
    assert after("L", 4, MoveStyle.BLANK) == "after the blank moves L"


def test_the_blank_going_up_slides_the_tile_above_it_down() -> None:
    board = Board.parse("123 4b5 678").move("U")
    tile = moved_tile(board.tiles, 3, "U")
    assert tile == 2
    assert move_name("U", tile, MoveStyle.TILES) == "tile 2 slides down"
    assert after("U", tile, MoveStyle.TILES) == "after tile 2 slides down"


def test_the_start_has_no_move_and_a_tile_the_goal_ignores_has_no_number() -> None:
    for style in MoveStyle:
        assert after(None, 0, style) == after("", 0, style) == "the start"
    assert "ignores" in move_name("D", -1, MoveStyle.TILES)
    assert not move_short("D", -1, MoveStyle.TILES)[0].isdigit()


@pytest.mark.parametrize("move", ["", "X", "u", "UD"])
def test_an_unknown_move_is_refused(move: str) -> None:
    with pytest.raises(ValueError, match="unknown move"):
        move_name(move, 1, MoveStyle.TILES)
