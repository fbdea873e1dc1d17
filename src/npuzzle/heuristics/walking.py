"""Walking distance: Ken'ichiro Takahashi's heuristic for sliding-tile puzzles.

Takahashi's idea is to solve two relaxed puzzles exactly and add their lengths. The *vertical*
relaxation forgets which column a tile is in and keeps only its row: the board becomes ``height``
rows of ``width`` cells, and a state is how many tiles of each goal row stand in each row, plus
the row of the blank. A vertical move of the blank swaps it with any one tile of the row above or
below (the column no longer matters): that tile changes row one way, the blank the other. The
*horizontal* relaxation is the same with columns, changed only by horizontal moves. A breadth-first
search from the goal's relaxed state gives the exact distance of every relaxed state; the walking
distance of a board is the sum of its vertical and horizontal distances.

Every real move changes exactly one relaxed state by one relaxed move, so the heuristic is
admissible and consistent. It also never falls below the Manhattan distance: a relaxed move
shifts one tile by one row (or column), so a relaxed solution is at least as long as the sum of
the tiles' row (column) distances. Tiles are named by their goal cells, so any goal works (the
blank's goal may be anywhere, as in the snail goal) and so do rectangular boards.

The relaxed state is encoded as an ``int`` that changes by a constant when a given tile slides
along a given edge, which gives the heuristic the :class:`~npuzzle.heuristics.Tables` form IDA*'s
kernel updates with two additions and two lookups. For an axis of ``lines`` lines of ``length``
cells, the digit ``line * (lines - 1) + g`` in base ``length + 1`` counts the tiles whose goal
line is ``g`` standing in line ``line``, for every goal line ``g`` but the last (that count
follows from the others, because every line is full but the blank's); one more digit above them
is the blank's line. A tile's contribution to the code depends only on the tile and its cell,
so the code of a board is a sum over its cells and each move changes it by a fixed amount.

The number of relaxed states grows fast: 24,964 per axis for the 15-puzzle, but 65,650,495 for
the 24-puzzle, far beyond what pure Python can search in a moment, so larger axes are refused
(see :data:`MAX_STATES`). Distance tables are shared by every heuristic of the same shape.

>>> from npuzzle.core.board import Board
>>> goal = Board.goal("standard", 4, 4)
>>> h = WalkingDistance(Space(4, 4), {tile: cell for cell, tile in enumerate(goal.tiles)})
>>> h(Board.parse("2,1,3,4/5,6,7,8/9,10,11,12/13,14,15,0"))  # Manhattan says 2
6
>>> axis_states(4, 4), fits(4, 4), fits(5, 5)
(24964, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from npuzzle.core.board import PuzzleError
from npuzzle.core.space import Space
from npuzzle.heuristics.base import Heuristic, HeuristicInfo, Number, Tables

__all__ = ["MAX_STATES", "WalkingDistance", "axis_distances", "axis_states", "fits"]

#: The most relaxed states one axis may have: 3x5 and 2x6 boards fit (about 370,000 states,
#: a second or so of search), 5x5 (65,650,495) and every other larger board do not.
MAX_STATES = 400_000

# (lines, length, blank's goal line) -> {code: distance}: the searches done so far.
_DISTANCES: dict[tuple[int, int, int], dict[int, int]] = {}


class _Axis:
    """The encoding of one relaxation: ``lines`` lines of ``length`` cells each."""

    def __init__(self, lines: int, length: int) -> None:
        self.lines, self.length = lines, length
        self.base = base = length + 1
        self.span = lines - 1  # digits per line: one per goal line but the last
        self.top = int(base ** (lines * self.span))  # the unit of the blank's digit

    def weight(self, line: int, goal_line: int) -> int:
        """The code's change when a tile whose goal line is ``goal_line`` enters ``line``."""
        if goal_line == self.lines - 1:
            return 0
        return int(self.base ** (line * self.span + goal_line))

    def blank(self, line: int) -> int:
        """The blank's part of the code when it stands in ``line``."""
        return line * self.top


@cache
def axis_states(lines: int, length: int) -> int:
    """How many relaxed states an axis of ``lines`` lines of ``length`` cells has (the blank's
    goal line does not matter): the count of (tile-count matrix, blank line) pairs."""
    states = 0
    for blank in range(lines):
        sums = tuple(length - (r == blank) for r in range(lines))

        @cache
        def fill(row: int, left: tuple[int, ...], sums: tuple[int, ...] = sums) -> int:
            # Ways to fill rows row.. so that goal line g gets left[g] more tiles; the order of
            # ``left`` does not matter, so it is kept sorted to share the work.
            if row == lines:
                return int(not any(left))
            return sum(
                fill(row + 1, tuple(sorted(a - b for a, b in zip(left, part, strict=True))))
                for part in _parts(sums[row], left)
            )

        states += fill(0, tuple(sorted(length - (g == 0) for g in range(lines))))
    return states


def _parts(total: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every tuple of len(caps) counts, each at most its cap, that sum to ``total``."""
    if not caps:
        return [()] if total == 0 else []
    return [
        (x, *rest) for x in range(min(total, caps[0]) + 1) for rest in _parts(total - x, caps[1:])
    ]


def fits(width: int, height: int) -> bool:
    """Whether walking distance can be built for a ``width`` x ``height`` board here."""
    return not _too_big(height, width) and not _too_big(width, height)


def _too_big(lines: int, length: int) -> bool:
    # The count rises with both lines and length, so two cheap counts rule out the big axes
    # (whose exact count would itself take long) before the exact count is made.
    return (
        any(axis_states(a, b) > MAX_STATES for a, b in ((lines, 2), (min(lines, 5), length)))
        or axis_states(lines, length) > MAX_STATES
    )


def axis_distances(lines: int, length: int, blank_goal: int) -> dict[int, int]:
    """The exact relaxed distance of every relaxed state, keyed by its code, for an axis of
    ``lines`` lines of ``length`` cells whose blank belongs in line ``blank_goal``."""
    key = (lines, length, blank_goal)
    found = _DISTANCES.get(key)
    if found is not None:
        return found
    if _too_big(lines, length):
        raise PuzzleError(
            f"walking distance: {lines} lines of {length} cells have more than "
            f"{MAX_STATES:,} relaxed states, too many to search here; choose another heuristic"
        )
    axis = _Axis(lines, length)
    span, base, last = axis.span, axis.base, lines - 1
    # goal: every tile in its goal line, the blank in blank_goal
    start = axis.blank(blank_goal) + sum(
        (length - (g == blank_goal)) * axis.weight(g, g) for g in range(lines)
    )
    # The goal lines with a tile in a full line, by the line's digits (line's code // unit).
    chunk = base**span
    avail: list[tuple[int, ...]] = []
    for sub in range(chunk):
        digits = [(sub // base**g) % base for g in range(span)]
        rest = length - sum(digits)  # the tiles of the last goal line
        avail.append(tuple(g for g in range(span) if digits[g]) + ((last,) if rest > 0 else ()))
    # moves[b]: (unit of the line b2, shifts) for each line b2 next to the blank's line b;
    # shifts[g] = the code's change when the tile of goal line g in b2 swaps with the blank.
    moves: list[list[tuple[int, list[int]]]] = []
    for b in range(lines):
        out = []
        for b2 in (b - 1, b + 1):
            if 0 <= b2 < lines:
                hop = axis.blank(b2) - axis.blank(b)
                shifts = [axis.weight(b, g) - axis.weight(b2, g) + hop for g in range(lines)]
                out.append((base ** (b2 * span), shifts))
        moves.append(out)
    top = axis.top
    dist = {start: 0}
    frontier = [start]
    depth = 0
    while frontier:
        depth += 1
        nxt = []
        for code in frontier:
            for unit, shifts in moves[code // top]:
                for g in avail[(code // unit) % chunk]:
                    c = code + shifts[g]
                    if c not in dist:
                        dist[c] = depth
                        nxt.append(c)
        frontier = nxt
    _DISTANCES[key] = dist
    return dist


class WalkingDistance(Heuristic):
    info = HeuristicInfo(
        "walking-distance",
        "Walking distance",
        True,
        True,
        "Takahashi's walking distance: exact moves of the puzzles that forget the tiles' "
        "columns and rows, added; at least Manhattan",
    )

    def __init__(self, space: Space, goal_pos: Mapping[int, int]) -> None:
        super().__init__(space, goal_pos)
        w, h, n = space.width, space.height, space.n
        if len(space.cells) != n:
            raise PuzzleError("walking distance needs the whole board: this space locks cells")
        cells = {t: p for t, p in self.goal_pos.items() if t}
        if set(cells) != set(range(1, n)):
            raise PuzzleError(
                f"walking distance needs a goal cell for every tile 1 to {n - 1}, and no others"
            )
        taken = set(cells.values())
        if len(taken) != n - 1 or not taken <= set(range(n)):
            raise PuzzleError("walking distance needs a goal with one tile per cell")
        (blank,) = set(range(n)) - taken
        if self.goal_pos.get(0, blank) != blank:
            raise PuzzleError("the blank's goal cell is taken by a tile")
        cells[0] = blank
        vertical, horizontal = _Axis(h, w), _Axis(w, h)
        if _too_big(h, w) or _too_big(w, h):
            raise PuzzleError(
                f"walking distance is too big to build for a {w}x{h} board (more than "
                f"{MAX_STATES:,} relaxed states per axis; boards up to 4x4, 3x5 and 2x6 fit): "
                "choose another heuristic"
            )
        self._distances = (
            axis_distances(h, w, blank // w),
            axis_distances(w, h, blank % w),
        )

        def part(axis: _Axis, line_of: list[int], goal_line_of: dict[int, int]) -> list[list[int]]:
            # part[t][p]: what tile t on cell p adds to the code (nothing for tiles with no goal)
            table = [[0] * n for _ in range(space.wild + 1)]
            table[0] = [axis.blank(line_of[p]) for p in range(n)]
            for t in range(1, n):
                table[t] = [axis.weight(line_of[p], goal_line_of[t]) for p in range(n)]
            return table

        self._parts = (
            part(vertical, [p // w for p in range(n)], {t: c // w for t, c in cells.items()}),
            part(horizontal, [p % w for p in range(n)], {t: c % w for t, c in cells.items()}),
        )
        self._tables: Tables | None = None

    def codes(self, state: int) -> tuple[int, int]:
        """The codes of ``state``'s vertical and horizontal relaxed states."""
        bits, mask = self.space.bits, self.space.mask
        vpart, hpart = self._parts
        v = h = 0
        for p in range(self.space.n):
            t = (state >> (p * bits)) & mask
            v += vpart[t][p]
            h += hpart[t][p]
        return v, h

    def value(self, state: int) -> Number:
        v, h = self.codes(state)
        vdist, hdist = self._distances
        return vdist[v] + hdist[h]

    def child(self, parent: int, h: Number, tile: int, frm: int, to: int, child: int) -> Number:
        return self.value(child)

    def tables(self) -> Tables:
        """Group 0 is the vertical distance, group 1 the horizontal one (both in view 0); each
        index is the relaxed state's code, which a move changes by a constant."""
        if self._tables is None:
            space = self.space
            n = space.n
            empty = (0, 0)
            moves = [[empty] * (4 * n) for _ in range(space.wild + 1)]
            for t in range(1, n):  # the wildcard (never on a full board) keeps zeros
                row = moves[t]
                for p in range(n):
                    for q, _letter, _sq, _sp, edge in space.moves[p]:
                        # the blank goes p -> q, the tile q -> p; U/D are edges 0/1 mod 4
                        g = 0 if edge & 3 < 2 else 1
                        part = self._parts[g]
                        d = part[t][p] - part[t][q] + part[0][q] - part[0][p]
                        row[edge] = (g, d)
            self._tables = Tables(
                [self._distances[0], self._distances[1]],
                ((0, 1),),
                moves,
                lambda state: list(self.codes(state)),
            )
        return self._tables
