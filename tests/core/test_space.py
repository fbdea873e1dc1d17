"""The state space: a move as one addition of ``slides()``, checked against the board's own move."""

import random

import pytest

from npuzzle.core.board import MOVES
from npuzzle.core.generate import random_board
from npuzzle.core.space import Space


@pytest.mark.parametrize(("width", "height"), [(3, 3), (2, 4), (5, 5), (4, 3)])
def test_a_slide_is_the_move_it_stands_for(width: int, height: int) -> None:
    space = Space(width, height)
    rng = random.Random(width * 10 + height)
    for _ in range(20):
        board = random_board(width, height, seed=rng.randrange(10**6))
        state = space.pack(board.tiles)
        moves = space.moves[board.blank]
        assert moves  # every blank has a move on a board of two rows and two columns or more
        for q, letter, _sq, _sp, edge in moves:
            tile = board.tiles[q]
            child = state + space.slides()[tile][edge]
            assert space.unpack(child) == board.apply(letter).tiles
            assert letter == MOVES[edge & 3]


def test_the_wildcard_slides_too() -> None:
    # the human-like search's spaces fold tiles into the wildcard, one more than the largest
    space = Space(3, 3)
    tiles = (space.wild, 0, space.wild, 4, 5, 6, 7, 8, space.wild)
    state = space.pack(tiles)
    (_q, _letter, _sq, _sp, edge) = next(m for m in space.moves[1] if m[1] == "L")
    assert space.unpack(state + space.slides()[space.wild][edge]) == (
        0,
        space.wild,
        space.wild,
        4,
        5,
        6,
        7,
        8,
        space.wild,
    )


def test_the_slides_are_made_once() -> None:
    space = Space(4, 4)
    assert space.slides() is space.slides()
    assert len(space.slides()) == 17 and {len(row) for row in space.slides()} == {64}
