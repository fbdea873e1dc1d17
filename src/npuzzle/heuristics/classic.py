"""The literature's heuristics, computed from the tiles' places: zero, blind, misplaced tiles
(with and without the blank), Euclidean and Manhattan distance, Kunkle's reversal penalty and
linear conflict.

Additive heuristics (a sum over tiles of ``table[tile][cell]``) carry a table
``delta[tile][edge]`` so a child costs one lookup; the others implement
:meth:`~.base.Heuristic.child` and touch only the lines the moved tile affects.

Two tiles swapped in a row: each is one move from home, but one must leave the row to let the
other pass, which linear conflict counts and Manhattan does not:

>>> from npuzzle.core.board import Board
>>> goal = Board.goal("standard", 4, 4)
>>> goal_pos = {tile: cell for cell, tile in enumerate(goal.tiles)}
>>> board = Board.parse("2,1,3,4/5,6,7,8/9,10,11,12/13,14,15,0")
>>> [h(Space(4, 4), goal_pos)(board) for h in (Misplaced, Manhattan, LinearConflict)]
[2, 2, 4]
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Mapping, Sequence

from npuzzle.core.space import Space
from npuzzle.heuristics.base import Heuristic, HeuristicInfo, Number, Tables

__all__ = [
    "Blind",
    "Euclidean",
    "LinearConflict",
    "Manhattan",
    "Misplaced",
    "MisplacedBlank",
    "Reversal",
    "Zero",
]


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
            moves = [[(0, int(d)) for d in row] for row in self.delta]
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
        self._cost = self.manhattan.table  # the blank's cost is 0: a slide changes one term
        goal_tile = {p: t for t, p in self.goal_pos.items() if t}
        # partner[tile][cell]: (shift, other) when ``tile`` standing at ``cell`` makes a
        # reversed pair with ``other`` standing at the tile's home (``shift``: where that
        # home's bits are), None when no tile could: worked out once, so that a child costs
        # two lookups (IDA*'s kernel calls child() for every child).
        self._partner: list[list[tuple[int, int] | None]] = [
            [None] * space.n for _ in range(space.wild + 1)
        ]
        for t, home in self.goal_pos.items():
            for cell in range(space.n):
                other = goal_tile.get(cell)
                if t and other and _adjacent(space.width, cell, home):
                    self._partner[t][cell] = (home * space.bits, other)

    def _pairs_with(self, state: int, tile: int, cell: int) -> int:
        """1 if ``tile`` at ``cell`` forms a reversed pair, else 0."""
        partner = self._partner[tile][cell]
        return int(partner is not None and (state >> partner[0]) & self.space.mask == partner[1])

    def value(self, state: int) -> Number:
        s = self.space
        pairs = sum(self._pairs_with(state, s.tile_at(state, p), p) for p in range(s.n))
        return self.manhattan.value(state) + pairs  # each pair counted once per tile: 2 per pair

    def child(self, parent: int, h: Number, tile: int, frm: int, to: int, child: int) -> Number:
        # Only pairs with the slid tile change; counted from its side, twice.
        cost, partner, mask = self._cost[tile], self._partner[tile], self.space.mask
        h = h + cost[to] - cost[frm]
        before, after = partner[frm], partner[to]
        if before is not None and (parent >> before[0]) & mask == before[1]:
            h -= 2
        if after is not None and (child >> after[0]) & mask == after[1]:
            h += 2
        return h


_Line = tuple[int, int, dict[int, int]]  # a line's number, mask and known penalties


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
        # A line's penalty depends only on the tiles in it, and the state masked to the line's
        # cells is a key for them: no tiles to unpack, one AND and one dict lookup per line.
        self._masks = [sum(space.mask << (p * space.bits) for p in line) for line in self.lines]
        self._penalties: list[dict[int, int]] = [{} for _ in self.lines]
        self._cost = self.manhattan.table  # the blank's cost is 0: a slide changes one term
        row_of = [p // w for p in range(w * h)]  # each cell's row and column as line numbers
        col_of = [h + p % w for p in range(w * h)]
        # Per tile: its Manhattan costs; for each cell, 1 if it is in the tile's goal row plus
        # 2 if in its goal column; and what to look up for its goal row (1) and column (2)
        # (index 0 is never read: a slide that changes neither returns before). A vertical
        # slide keeps the tile's column, so its code changes in the row bit exactly when it
        # enters or leaves its goal row; a horizontal one, in the column bit.
        self._slides: list[tuple[Sequence[Number], list[int], tuple[_Line, ...]]] = []
        for t in range(space.wild + 1):
            home = self.goal_pos.get(t) if t else None
            if home is None:  # no goal cell: in no line's penalty
                self._slides.append((self._cost[t], [0] * space.n, ()))
                continue
            r, c = row_of[home], col_of[home]
            code = [(row_of[p] == r) + 2 * (col_of[p] == c) for p in range(space.n)]
            looks = tuple((i, self._masks[i], self._penalties[i]) for i in (r, r, c))
            self._slides.append((self._cost[t], code, looks))

    def _penalty(self, i: int, masked: int) -> int:
        """2 per tile that must leave line ``i`` (``masked``: the state's bits of the line)."""
        bits, mask, along = self.space.bits, self.space.mask, self.order[i]
        seq = [a for p in self.lines[i] if (a := along[(masked >> (p * bits)) & mask]) >= 0]
        penalty = self._penalties[i][masked] = 2 * (len(seq) - _lis(seq))
        return penalty

    def line_penalty(self, state: int, i: int) -> int:
        masked = state & self._masks[i]
        hit = self._penalties[i].get(masked)
        return self._penalty(i, masked) if hit is None else hit

    def value(self, state: int) -> Number:
        return self.manhattan.value(state) + sum(
            self.line_penalty(state, i) for i in range(len(self.lines))
        )

    def child(self, parent: int, h: Number, tile: int, frm: int, to: int, child: int) -> Number:
        # A line's penalty counts only the tiles whose goal is in it, so a slide changes the
        # penalty of at most one line: the tile's goal row when it enters or leaves that row,
        # its goal column likewise. Many slides change none. (IDA*'s kernel calls this for
        # every child: one XOR tells which.)
        cost, code, looks = self._slides[tile]
        h = h + cost[to] - cost[frm]
        changed = code[frm] ^ code[to]
        if not changed:
            return h
        i, m, known = looks[changed]
        try:
            return h + known[child & m] - known[parent & m]
        except KeyError:  # a line not met before: its penalty is worked out once
            return h + self.line_penalty(child, i) - self.line_penalty(parent, i)


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
