"""Random boards, reproducible from a seed.

>>> from npuzzle.core.solvability import is_solvable
>>> board = random_board(4, 4, seed=7)
>>> board == random_board(4, 4, seed=7), is_solvable(board, Board.goal("standard", 4, 4))
(True, True)
>>> random_board(3, 3, seed=1, moves=2).format()  # two moves from the goal, up and up
'1,2,0/4,5,3/7,8,6'
"""

from __future__ import annotations

import random as _random

from npuzzle.core.board import INVERSE, Board, PuzzleError
from npuzzle.core.solvability import is_solvable

__all__ = ["random_board", "random_walk"]


def random_board(
    width: int,
    height: int,
    *,
    seed: int | str | None = None,
    goal: Board | None = None,
    moves: int | None = None,
) -> Board:
    """A random board that can reach ``goal`` (the standard goal by default).

    Without ``moves``: uniform over all solvable boards. A uniform shuffle is made solvable by
    swapping the tiles on the first two non-blank cells when needed; that swap pairs every
    unsolvable arrangement with exactly one solvable one, so the result stays uniform.
    With ``moves=K``: K random moves from the goal, never undoing the previous move (Riggs).
    """
    goal = goal or Board.goal("standard", width, height)
    if (goal.width, goal.height) != (width, height):
        raise PuzzleError(f"the goal is {goal.width}x{goal.height}, not {width}x{height}")
    # random.Random ignores an int seed's sign: keep -3 and 3 apart
    rng = _random.Random(str(seed) if isinstance(seed, int) and seed < 0 else seed)
    if moves is not None:
        return random_walk(goal, moves, rng)
    tiles = list(goal.tiles)
    rng.shuffle(tiles)
    board = Board(width, height, tuple(tiles))
    if not is_solvable(board, goal):
        i, j = _first_two(tiles)
        tiles[i], tiles[j] = tiles[j], tiles[i]
        board = Board(width, height, tuple(tiles))
    return board


def _first_two(tiles: list[int]) -> tuple[int, int]:
    cells = [p for p, t in enumerate(tiles) if t]
    return cells[0], cells[1]


def random_walk(start: Board, moves: int, rng: _random.Random) -> Board:
    """``moves`` random blank moves from ``start`` with no immediate undo."""
    if moves < 0:
        raise PuzzleError("the number of moves cannot be negative")
    if moves > 1_000_000:
        raise PuzzleError("too many moves: at most 1,000,000")
    board, last = start, ""
    for _ in range(moves):
        options = [m for m in board.legal_moves() if m != INVERSE.get(last)]
        last = rng.choice(options)
        board = board.move(last)
    return board
