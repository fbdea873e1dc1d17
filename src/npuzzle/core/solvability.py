"""Whether a board can reach a goal, decided before any search, with a reason in words.

>>> board = Board.parse("134 8b5 726")
>>> verdict = solvability(board, Board.goal("standard", 3, 3))
>>> bool(verdict), verdict.reason  # doctest: +ELLIPSIS
(False, "the tiles are 9 inversions away from the goal's order, an odd number; ...")
>>> is_solvable(board, Board.goal("snail", 3, 3))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from npuzzle.core.board import Board, PuzzleError

__all__ = ["Solvability", "check_same_shape", "inversions", "is_solvable", "solvability"]


@dataclass(frozen=True)
class Solvability:
    solvable: bool
    reason: str

    def __bool__(self) -> bool:
        return self.solvable


def check_same_shape(board: Board, goal: Board) -> None:
    if (board.width, board.height) != (goal.width, goal.height):
        raise PuzzleError(
            f"the board is {board.width}x{board.height} but the goal is {goal.width}x{goal.height}"
        )


def inversions(board: Board, goal: Board) -> int:
    """Pairs of tiles (blank excluded) whose reading order differs from the goal's."""
    rank = {t: i for i, t in enumerate(t for t in goal.tiles if t)}
    seq = [rank[t] for t in board.tiles if t]
    # boards have at most 63 tiles: a quadratic count is fast enough
    return sum(1 for i in range(len(seq)) for j in range(i + 1, len(seq)) if seq[i] > seq[j])


def solvability(board: Board, goal: Board) -> Solvability:
    """Decide whether ``goal`` can be reached from ``board``.

    A horizontal move keeps the tiles' reading order. A vertical move carries one tile past
    ``width - 1`` others, changing the number of inversions by an odd amount exactly when the
    width is even, and moves the blank one row. So on odd widths the inversion parity never
    changes; on even widths the parity of inversions plus the blank's row distance never does.
    """
    check_same_shape(board, goal)
    inv = inversions(board, goal)
    if board.width % 2:
        if inv % 2 == 0:
            return Solvability(
                True, f"{_count(inv, 'inversion')} relative to the goal: an even number"
            )
        return Solvability(
            False,
            f"the tiles are {_count(inv, 'inversion')} away from the goal's order, an odd "
            f"number; on a board of odd width ({board.width}) no move changes that parity "
            "(swap two tiles to make it solvable)",
        )
    rows = abs(board.blank // board.width - goal.blank // goal.width)
    total = inv + rows
    if total % 2 == 0:
        return Solvability(
            True,
            f"{_count(inv, 'inversion')} plus a blank {_count(rows, 'row')} from its goal row: "
            "an even sum",
        )
    return Solvability(
        False,
        f"{_count(inv, 'inversion')} relative to the goal plus a blank "
        f"{_count(rows, 'row')} from its goal row make {total}, an odd number; on a "
        f"board of even width ({board.width}) every vertical move changes both by one and "
        "horizontal moves change neither, so the sum's parity never changes "
        "(swap two tiles to make it solvable)",
    )


def is_solvable(board: Board, goal: Board) -> bool:
    return solvability(board, goal).solvable


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
