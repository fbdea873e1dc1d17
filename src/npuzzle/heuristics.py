"""Heuristics: estimates of the moves left, for any goal.

Each heuristic is built for one goal (``goal_pos[tile]`` is the tile's goal cell; a tile with
no goal cell, such as the wildcard of the human-like search, costs nothing). It evaluates a
state from scratch with :meth:`Heuristic.value` and, during a search, from its parent:
additive heuristics carry a table ``delta[tile][edge]`` so a child costs one lookup; the others
implement :meth:`Heuristic.child` and touch only the lines the moved tile affects.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board, PuzzleError
from .space import Space

__all__ = [
    "HEURISTICS",
    "Heuristic",
    "HeuristicInfo",
    "Tables",
    "heuristic_info",
    "make_heuristic",
]

Number = int | float


@dataclass(frozen=True)
class HeuristicInfo:
    """What a heuristic is and what it guarantees."""

    name: str
    title: str
    admissible: bool
    consistent: bool
    description: str


VIEWS = 4  # the most views a Tables heuristic may have (IDA*'s kernel is unrolled for four)


class Tables:
    """A heuristic as sums of table lookups, the form IDA*'s kernel updates fastest.

    The value of a state is the largest of up to four sums, one per *view* (e.g. two pattern
    database partitions, each also read through the board's mirror image):
    ``sum(tables[g][index[g]] for g in view)``. Each tile belongs to one group of each view,
    so sliding tile ``t`` along edge ``e`` changes one index per view:
    ``moves[t][e] = (group, change of its index)`` for each view in turn, flattened.
    Fewer views are padded with empty ones (a group whose table is ``(0,)``), so the kernel
    always sees four.
    """

    def __init__(
        self,
        tables: list[Any],
        views: Sequence[Sequence[int]],
        moves: list[list[tuple[int, ...]]],
        index: Callable[[int], list[int]],
    ) -> None:
        if not 1 <= len(views) <= VIEWS:
            raise ValueError(f"a Tables heuristic has 1 to {VIEWS} views")
        empty = len(tables)
        self.tables: list[Any] = [*tables, (0,)]  # anything indexable by int: bytes, lists, dicts
        pad = (empty, 0) * (VIEWS - len(views))
        self.views: tuple[tuple[int, ...], ...] = tuple(tuple(v) for v in views) + ((empty,),) * (
            VIEWS - len(views)
        )
        self.moves: list[list[tuple[int, ...]]] = [[m + pad for m in row] for row in moves]
        self._index = index

    def index(self, state: int) -> list[int]:
        """The index of each group for ``state`` (the empty group's is 0)."""
        return [*self._index(state), 0]

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


class _Additive(Heuristic):
    """A sum over tiles of ``table[tile][cell]``: children cost one lookup."""

    def __init__(self, space: Space, goal_pos: Mapping[int, int]) -> None:
        super().__init__(space, goal_pos)
        n = space.n
        self.table: list[list[Number]] = [
            [self.cost(t, p) if t in self.goal_pos else 0 for p in range(n)]
            for t in range(space.wild + 1)
        ]
        blank = self.table[0]
        self.delta = [[0] * (4 * n) for _ in range(space.wild + 1)]
        for p in range(n):
            for q, _letter, _sq, _sp, edge in space.moves[p]:
                # the blank goes p -> q, so the tile goes q -> p
                for t in range(1, space.wild + 1):
                    row = self.table[t]
                    self.delta[t][edge] = row[p] - row[q] + blank[q] - blank[p]

    def cost(self, tile: int, cell: int) -> Number:
        raise NotImplementedError

    def tables(self) -> Tables | None:
        # One group whose index is the value itself: a child's index is its value.
        if self.delta is None:
            return None
        cached = getattr(self, "_tables", None)
        if cached is None:
            top = sum(max(row) for row in self.table)
            n = self.space.n
            moves = [[(0, d) for d in row] for row in self.delta]  # type: ignore[misc]
            moves += [[(0, 0)] * (4 * n)] * (self.space.wild + 1 - len(moves))
            cached = self._tables = Tables(
                [list(range(int(top) + 1))],
                ((0,),),
                moves,
                lambda state: [int(self.value(state))],
            )
        return cached

    def value(self, state: int) -> Number:
        bits, mask, table = self.space.bits, self.space.mask, self.table
        return sum(table[(state >> (p * bits)) & mask][p] for p in range(self.space.n))

    def _distance(self, tile: int, cell: int) -> tuple[int, int]:
        w = self.space.width
        g = self.goal_pos[tile]
        return abs(cell // w - g // w), abs(cell % w - g % w)


class Zero(_Additive):
    info = HeuristicInfo("zero", "Zero", True, True, "h = 0: A* becomes uniform-cost search")

    def cost(self, tile: int, cell: int) -> Number:
        return 0


class Misplaced(_Additive):
    info = HeuristicInfo(
        "misplaced", "Misplaced tiles", True, True, "tiles not on their goal cell (blank excluded)"
    )

    def cost(self, tile: int, cell: int) -> Number:
        return int(tile != 0 and cell != self.goal_pos[tile])


class MisplacedBlank(_Additive):
    info = HeuristicInfo(
        "misplaced-blank",
        "Misplaced tiles, blank counted",
        False,
        False,
        "misplaced tiles counting the blank too (as in AIMA's exercise): can overestimate by 1",
    )

    def cost(self, tile: int, cell: int) -> Number:
        return int(cell != self.goal_pos[tile])


class Manhattan(_Additive):
    info = HeuristicInfo(
        "manhattan", "Manhattan distance", True, True, "sum of each tile's row and column distance"
    )

    def cost(self, tile: int, cell: int) -> Number:
        return sum(self._distance(tile, cell)) if tile else 0


class Euclidean(_Additive):
    info = HeuristicInfo(
        "euclidean", "Euclidean distance", True, True, "sum of straight-line tile distances"
    )

    def __init__(self, space: Space, goal_pos: Mapping[int, int]) -> None:
        super().__init__(space, goal_pos)
        # Sums of irrational numbers drift when updated move by move: evaluate in full so the
        # same board always gets the same value.
        self.delta = None

    def cost(self, tile: int, cell: int) -> Number:
        return math.hypot(*self._distance(tile, cell)) if tile else 0

    def value(self, state: int) -> Number:
        return round(super().value(state), 9)


class Blind(Heuristic):
    info = HeuristicInfo(
        "blind", "Blind (0 at the goal, else 1)", True, True, "Kunkle's blind search: 0 or 1"
    )

    def __init__(self, space: Space, goal_pos: Mapping[int, int]) -> None:
        super().__init__(space, goal_pos)
        bits, mask = space.bits, space.mask
        self._mask = sum(mask << (p * bits) for p in self.goal_pos.values())
        self._value = sum(t << (p * bits) for t, p in self.goal_pos.items())

    def value(self, state: int) -> Number:
        return int(state & self._mask != self._value)

    def child(self, parent: int, h: Number, tile: int, frm: int, to: int, child: int) -> Number:
        return int(child & self._mask != self._value)


class Reversal(Heuristic):
    info = HeuristicInfo(
        "reversal",
        "Manhattan + reversal penalty",
        True,
        True,
        "Manhattan plus 2 for each pair of adjacent tiles standing on each other's goal (Kunkle)",
    )

    def __init__(self, space: Space, goal_pos: Mapping[int, int]) -> None:
        super().__init__(space, goal_pos)
        self.manhattan = Manhattan(space, goal_pos)

    def _pairs_with(self, state: int, tile: int, cell: int) -> int:
        """1 if ``tile`` at ``cell`` forms a reversed pair, else 0."""
        gp = self.goal_pos
        home = gp.get(tile)
        if home is None or tile == 0 or not _adjacent(self.space.width, cell, home):
            return 0
        other = self.space.tile_at(state, home)
        return int(other != 0 and gp.get(other) == cell)

    def value(self, state: int) -> Number:
        s = self.space
        pairs = sum(self._pairs_with(state, s.tile_at(state, p), p) for p in range(s.n))
        return self.manhattan.value(state) + pairs  # each pair counted once per tile: 2 per pair

    def child(self, parent: int, h: Number, tile: int, frm: int, to: int, child: int) -> Number:
        md_delta = self.manhattan.delta[tile][_edge(self.space, to, frm)]  # type: ignore[index]
        before = self._pairs_with(parent, tile, frm)
        after = self._pairs_with(child, tile, to)
        return h + md_delta + 2 * (after - before)


class LinearConflict(Heuristic):
    info = HeuristicInfo(
        "linear-conflict",
        "Manhattan + linear conflict",
        True,
        True,
        "Manhattan plus 2 for each tile that must leave its goal row or column so the rest "
        "can pass (the fewest such tiles per line)",
    )

    def __init__(self, space: Space, goal_pos: Mapping[int, int]) -> None:
        super().__init__(space, goal_pos)
        self.manhattan = Manhattan(space, goal_pos)
        w, h = space.width, space.height
        self.lines: list[tuple[int, ...]] = [tuple(range(r * w, (r + 1) * w)) for r in range(h)] + [
            tuple(range(c, w * h, w)) for c in range(w)
        ]
        # For each line, each tile's goal coordinate along it, or -1 if its goal is elsewhere.
        self.order: list[list[int]] = []
        for _i, line in enumerate(self.lines):
            along = [-1] * (space.wild + 1)
            for t, g in self.goal_pos.items():
                if t and g in line:
                    along[t] = line.index(g)
            self.order.append(along)
        self._cache: list[dict[tuple[int, ...], int]] = [{} for _ in self.lines]
        self._row_of = [p // w for p in range(w * h)]
        self._col_of = [h + p % w for p in range(w * h)]

    def line_penalty(self, state: int, i: int) -> int:
        s = self.space
        tiles = tuple((state >> (p * s.bits)) & s.mask for p in self.lines[i])
        cache = self._cache[i]
        hit = cache.get(tiles)
        if hit is None:
            along = self.order[i]
            seq = [along[t] for t in tiles if along[t] >= 0]
            hit = cache[tiles] = 2 * (len(seq) - _lis(seq))
        return hit

    def value(self, state: int) -> Number:
        return self.manhattan.value(state) + sum(
            self.line_penalty(state, i) for i in range(len(self.lines))
        )

    def child(self, parent: int, h: Number, tile: int, frm: int, to: int, child: int) -> Number:
        md_delta = self.manhattan.delta[tile][_edge(self.space, to, frm)]  # type: ignore[index]
        # A vertical slide changes two rows' contents; a horizontal one, two columns'.
        lines = self._row_of if abs(frm - to) != 1 else self._col_of
        a, b = lines[frm], lines[to]
        lp = self.line_penalty
        return h + md_delta + lp(child, a) + lp(child, b) - lp(parent, a) - lp(parent, b)


def _lis(seq: list[int]) -> int:
    tails: list[int] = []
    for x in seq:
        i = bisect_left(tails, x)
        if i == len(tails):
            tails.append(x)
        else:
            tails[i] = x
    return len(tails)


def _adjacent(width: int, a: int, b: int) -> bool:
    d = abs(a - b)
    return d == width or (d == 1 and a // width == b // width)


def _edge(space: Space, blank_from: int, blank_to: int) -> int:
    """The edge index of the blank's move from ``blank_from`` to ``blank_to``."""
    d = blank_to - blank_from
    k = 0 if d == -space.width else 1 if d == space.width else 2 if d == -1 else 3
    return 4 * blank_from + k


HEURISTICS: dict[str, type[Heuristic]] = {
    cls.info.name: cls
    for cls in (
        Zero,
        Blind,
        Misplaced,
        MisplacedBlank,
        Euclidean,
        Manhattan,
        Reversal,
        LinearConflict,
    )
}


def heuristic_info(name: str) -> HeuristicInfo:
    try:
        return HEURISTICS[name].info
    except KeyError:
        raise PuzzleError(
            f"unknown heuristic {name!r}: choose one of {', '.join(HEURISTICS)}"
        ) from None


def make_heuristic(name: str, space: Space, goal_pos: Mapping[int, int]) -> Heuristic:
    """The heuristic ``name`` for the goal where tile ``t`` belongs on cell ``goal_pos[t]``."""
    heuristic_info(name)
    return HEURISTICS[name](space, goal_pos)


def for_goal(name: str, goal: Board) -> Callable[[Board], Number]:
    """A heuristic as a plain function of boards, for the goal ``goal``."""
    space = Space(goal.width, goal.height)
    return make_heuristic(name, space, {t: p for p, t in enumerate(goal.tiles)})


# The table-based heuristics live in their own modules, which build on the classes above.
from .pdb import PatternDatabase  # noqa: E402
from .walking import WalkingDistance  # noqa: E402

HEURISTICS[WalkingDistance.info.name] = WalkingDistance
HEURISTICS[PatternDatabase.info.name] = PatternDatabase
