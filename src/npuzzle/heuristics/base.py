"""What every heuristic is: an estimate of the moves left, bound to a board shape and a goal.

Each heuristic is built for one goal (``goal_pos[tile]`` is the tile's goal cell; a tile with
no goal cell, such as the wildcard of the human-like search, costs nothing). It evaluates a
state from scratch with :meth:`Heuristic.value` and, during a search, from its parent with
:meth:`Heuristic.child`. A heuristic that is a sum of table lookups also offers itself as
:class:`Tables`, the form IDA*'s kernel updates fastest.

>>> from npuzzle.core.board import Board
>>> from npuzzle.heuristics.classic import Manhattan
>>> board, goal = Board.parse("134 8b5 726"), Board.goal("standard", 3, 3)
>>> space = Space(3, 3)
>>> h = Manhattan(space, {tile: cell for cell, tile in enumerate(goal.tiles)})
>>> parent, child = space.pack(board.tiles), space.pack(board.move("U").tiles)
>>> h.value(parent), h.child(parent, 10, 3, 1, 4, child), h(board.move("U"))  # 3 slides down
(10, 11, 11)
>>> h.tables().value(parent)
10
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from npuzzle.core.board import Board
from npuzzle.core.space import Space

__all__ = ["VIEWS", "Heuristic", "HeuristicInfo", "Number", "Tables"]

Number = int | float


@dataclass(frozen=True)
class HeuristicInfo:
    """What a heuristic is and what it guarantees."""

    name: str
    title: str
    admissible: bool
    consistent: bool
    description: str


VIEWS = 8  # the most views a Tables heuristic may have: each is a lookup per child let through


class Tables:
    """A heuristic as sums of table lookups, the form IDA*'s kernel updates fastest.

    The value of a state is the largest of up to eight sums, one per *view* (e.g. four pattern
    database partitions, each also read through the board's mirror image):
    ``sum(tables[g][index[g]] for g in view)``. Each tile belongs to one group of each view,
    so sliding tile ``t`` along edge ``e`` changes one index per view:
    ``moves[t][e] = (group, change of its index)`` for each view in turn, flattened.
    """

    def __init__(
        self,
        tables: list[Any],
        views: Sequence[Sequence[int]],
        moves: Sequence[Sequence[tuple[int, ...]]],
        index: Callable[[int], list[int]],
    ) -> None:
        if not 1 <= len(views) <= VIEWS:
            raise ValueError(f"a Tables heuristic has 1 to {VIEWS} views")
        if any(len(m) != 2 * len(views) for row in moves for m in row):
            raise ValueError("each move changes one group per view")
        self.tables: list[Any] = list(tables)  # anything indexable by int: bytes, lists, dicts
        self.views: tuple[tuple[int, ...], ...] = tuple(tuple(v) for v in views)
        # per move, one (group, change of its index) pair per view, in the views' order
        self.moves: list[list[tuple[tuple[int, int], ...]]] = [
            [tuple(zip(m[::2], m[1::2], strict=True)) for m in row] for row in moves
        ]
        self._index = index

    def index(self, state: int) -> list[int]:
        """The index of each group for ``state``."""
        return self._index(state)

    def parts(self, state: int) -> list[int]:
        """The sum of each view."""
        index, tables = self.index(state), self.tables
        return [sum(tables[g][index[g]] for g in view) for view in self.views]

    def value(self, state: int) -> int:
        return max(self.parts(state))


class Heuristic:
    """Base class: a heuristic bound to a space and a goal."""

    info: HeuristicInfo
    #: delta[tile][edge]: the change when ``tile`` slides along ``edge`` (None: not additive)
    delta: list[list[Number]] | None = None

    def __init__(self, space: Space, goal_pos: Mapping[int, int]) -> None:
        self.space = space
        self.goal_pos = dict(goal_pos)

    @property
    def name(self) -> str:
        return self.info.name

    def value(self, state: int) -> Number:
        raise NotImplementedError

    def child(self, parent: int, h: Number, tile: int, frm: int, to: int, child: int) -> Number:
        """The value of ``child``, reached from ``parent`` (value ``h``) by sliding ``tile``
        from cell ``frm`` into the blank at ``to``."""
        return self.value(child)

    def __call__(self, board: Board) -> Number:
        return self.value(self.space.pack(board.tiles))

    def tables(self) -> Tables | None:
        """This heuristic as :class:`Tables`, or None if it has no such form."""
        return None
