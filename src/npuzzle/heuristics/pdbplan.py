"""Which pattern databases a board needs and how they are read: the partitions into groups
of tiles, the board's symmetries, table names, and the ranking of exact tables.

On the 4x4 the partition is 6-6-3 (Korf & Felner's sizes), two to four partitions per class
of goal-blank cells. On boards of at most 9 cells one table holds the exact distance of every
board, indexed by the board's rank among all permutations. Boards of 10 to 16 cells use groups
of at most 6 tiles, boards of 17 to 25 cells groups of at most 5 (a group's index gives each
tile a cell of 4 or 5 bits, and 5 bits x 6 tiles would be a table of 1 GiB). On the 5x5 with
the goal's blank in a corner the partitions are pinwheels: four 5-tile groups that are one
group turned by quarter turns, so one table serves the four (:func:`group_table`), and the
four corners' tiles with the centre's. Nothing here reads or builds a table (:mod:`.pdbbuild`
does).

**The large plan** (:func:`large_plan`): on the 4x4 with the goal's blank in a corner, two
7-7-1 partitions whose 7-tile groups are all read from one table (two rows but a corner),
*compressed by pairs*: each entry the least of two, over pairs of side-by-side cells of the
group's last tile (Felner et al. 2007), 128 MiB in memory where the whole table takes 256
MiB. It is built only on request (17 minutes in CPython); the heuristic reads it when it is
at hand (:func:`.pdbbuild.plan_for`).

>>> large_plan(4, 4, 15).names()  # the standard goal's blank: a corner too
['4x4-pairs-0.1.2.4.5.6.7.npdb', '4x4-group-0.npdb']
>>> large_plan(4, 4, 5) is None  # a centre cell: 6-6-3 only
True
>>> table_names(3, 2, 5)  # the goal's blank in a corner: mapped onto corner 0
['3x2-exact-0.npdb']
>>> plan(4, 4, 0).partitions[0]  # the first 6-6-3 partition of the blank-first goal
((4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15), (1, 2, 3))

On the 5x5 four 5-tile groups, one turned by quarter turns, share the first table:

>>> table_names(5, 5, 0)
['5x5-group-1.2.5.6.7.npdb', '5x5-group-0.4.12.20.npdb', '5x5-group-1.2.3.6.7.npdb']
>>> rank((0, 1, 2)), rank((2, 1, 0))
(0, 5)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from npuzzle.core.board import PuzzleError
from npuzzle.heuristics.walking import fits

__all__ = [
    "EXACT_CELLS",
    "KINDS",
    "MAX_BUILD_GROUP",
    "MAX_CELLS",
    "MAX_GROUP",
    "Plan",
    "build_limit",
    "cell_bits",
    "factorial",
    "group_limit",
    "group_table",
    "large_plan",
    "parse_name",
    "plan",
    "rank",
    "symmetries",
    "table_names",
]

MAX_CELLS = 25  # group tables index cells with four bits up to 16 cells, then five
EXACT_CELLS = 9  # up to this many cells, one table of exact distances
MAX_GROUP = 6  # tiles per group up to 16 cells: 16**6 entries, 16 MiB
MAX_GROUP_5BITS = 5  # tiles per group past 16 cells: 32**5 entries, 32 MiB
#: the most tiles a group table may be built for up to 16 cells: 16**7 entries, 256 MiB, 13
#: minutes in CPython (only the large plan uses one, compressed by pairs)
MAX_BUILD_GROUP = 7
#: the kinds of tables, as their names say them: every board's exact distance, a group's
#: costs, and a group's costs compressed by pairs of its last tile's cells (half the size)
KINDS = ("exact", "group", "pairs")


def cell_bits(cells: int) -> int:
    """The bits a group's index gives each tile's cell on a board of ``cells`` cells."""
    return 4 if cells <= 16 else 5


def group_limit(cells: int) -> int:
    """The most tiles a group of a default plan has on a board of ``cells`` cells."""
    return MAX_GROUP if cells <= 16 else MAX_GROUP_5BITS


def build_limit(cells: int) -> int:
    """The most tiles a group table may be built for on a board of ``cells`` cells."""
    return MAX_BUILD_GROUP if cells <= 16 else MAX_GROUP_5BITS


# 4x4 partitions into 6-6-3 groups of goal cells (tiles of the blank-first goal), each read
# directly and through the diagonal mirror when that mirror keeps the goal's blank in place.
# Measured over Korf's boards (benchmarks/korf100.py): on the corner (Korf's goal), four
# partitions (eight lookups, five 6-tile tables: mirror images share one) generate 0.73x the
# nodes of the first two; the other classes of goal-blank cells keep two partitions.
_BLOCKS = ((4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15), (1, 2, 3))
_STAIRS = ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15))
_MIDDLE = ((5, 6, 9, 10, 13, 14), (1, 2, 3, 7, 11, 15), (4, 8, 12))
_HOOKS = ((2, 3, 6, 7, 11, 15), (4, 5, 8, 9, 12, 13), (1, 10, 14))
_PARTITIONS_4X4: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {
    0: (_BLOCKS, _STAIRS, _MIDDLE, _HOOKS),
    1: (
        ((4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15), (0, 2, 3)),
        ((0, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)),
    ),
    5: (
        ((0, 4, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15), (1, 2, 3)),
        ((0, 1, 4, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15)),
    ),
}


def _pinwheel(group: tuple[int, ...], side: int = 5) -> tuple[tuple[int, ...], ...]:
    """A partition of a square board but its cell 0: ``group`` and its turns by one, two and
    three quarter turns about the centre, then the cells left over."""
    turns = [group]
    for _ in range(3):  # cell (r, c) turns to (c, side - 1 - r)
        turns.append(tuple(sorted(c % side * side + side - 1 - c // side for c in turns[-1])))
    left = tuple(c for c in range(1, side * side) if not any(c in g for g in turns))
    return (*turns, left)


# 5x5, the goal's blank on corner 0: the board but its centre cut into four 2x3 blocks turning
# around the centre, each block but its corner a group (one table, turned), and the corners'
# tiles with the centre's (little more than Manhattan distance, but a small table). One more
# pinwheel of another shape (one more table): with each read also through the diagonal
# mirror, four lookups. A third pinwheel (`(1, 5, 6, 7, 10)` turned) made six: it added
# nothing to the mean value on Korf & Felner's fifty (78.22 with four lookups or six) and
# cost the search's kernel 1.23x the time per node in the page's Pyodide, so the anytime
# search made shorter solutions in its 10 s without it (docs/performance.md).
_PINWHEEL = _pinwheel((1, 2, 5, 6, 7))
_TEES = _pinwheel((1, 2, 3, 6, 7))

# The large plan of the 4x4 corner: two rows but the corner, and the other two rows but a
# corner cell, each 7-tile group a mirror image or turn of the others (one table), and the
# tile left alone. Read directly and through the diagonal mirror, four sums: on Korf's 100
# 0.65x the nodes of the four 6-6-3 partitions in 0.47x the time (benchmarks/pdb_large.py).
_ROWS7 = ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14), (15,))
_ROWS7B = ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 13, 14, 15), (12,))


# ----- geometry ---------------------------------------------------------------------------------
def symmetries(width: int, height: int) -> list[tuple[int, ...]]:
    """The cell maps that keep a ``width`` x ``height`` board's adjacency: mirrors and
    rotations (8 on a square board, 4 on another rectangle), the identity first."""
    maps: list[tuple[int, ...]] = []
    for flip_r in (False, True):
        for flip_c in (False, True):
            for transpose in (False, True) if width == height else (False,):
                cells = []
                for p in range(width * height):
                    r, c = divmod(p, width)
                    if flip_r:
                        r = height - 1 - r
                    if flip_c:
                        c = width - 1 - c
                    if transpose:
                        r, c = c, r
                    cells.append(r * width + c)
                maps.append(tuple(cells))
    return maps


@dataclass(frozen=True)
class Plan:
    """What the heuristic for one shape and one goal-blank cell needs.

    ``anchor``: the cell the symmetries map the goal's blank onto; ``partitions``: one or
    more partitions of the other cells into groups, in that frame (a single group of every
    tile when ``exact``); ``pairs``: the groups of more tiles than a default plan's
    (:func:`group_limit`) are read from their tables compressed by pairs (kind ``pairs``)."""

    width: int
    height: int
    anchor: int
    partitions: tuple[tuple[tuple[int, ...], ...], ...]
    exact: bool
    pairs: bool = False

    def names(self) -> list[str]:
        """The table files this plan needs."""
        shape = f"{self.width}x{self.height}"
        if self.exact:
            return [f"{shape}-exact-{self.anchor}.npdb"]
        out: list[str] = []
        for part in self.partitions:
            for g in part:
                name = self.table(g)[0]
                if name not in out:
                    out.append(name)
        return out

    def table(self, cells: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
        """The table the group of goal cells ``cells`` is read from, and the symmetry into
        its frame (:func:`group_table`)."""
        large = self.pairs and len(cells) > group_limit(self.width * self.height)
        return group_table(self.width, self.height, cells, "pairs" if large else "group")

    def summary(self) -> str:
        """The groups' sizes and how many partitions, e.g. ``6-6-3 x4``; ``exact``."""
        if self.exact:
            return "exact"
        sizes = "-".join(str(len(g)) for g in sorted(self.partitions[0], key=len, reverse=True))
        return sizes + (f" x{len(self.partitions)}" if len(self.partitions) > 1 else "")


def group_table(
    width: int, height: int, cells: tuple[int, ...], kind: str = "group"
) -> tuple[str, tuple[int, ...]]:
    """The table a group of goal cells is read from (of ``kind`` group or pairs), and the
    symmetry that maps the group's cells into that table's frame (cell ``c`` is the table's
    tile ``sorted image.index(m[c])``).

    A group's costs forget the blank, so a symmetry of the board that maps one group onto
    another maps their costs too: mirror images and quarter turns of a group share one table,
    the one for the smallest image among the board's symmetries."""
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    for m in symmetries(width, height):
        image = tuple(sorted(m[c] for c in cells))
        if best is None or image < best[0]:
            best = (image, m)
    assert best is not None  # the identity is always a symmetry
    image, m = best
    return f"{width}x{height}-{kind}-{'.'.join(map(str, image))}.npdb", m


def plan(width: int, height: int, blank: int) -> Plan:
    """The tables for goals of this shape whose blank is on cell ``blank``."""
    n = width * height
    if n > MAX_CELLS:
        instead = (
            "walking-distance or linear-conflict" if fits(width, height) else "linear-conflict"
        )
        raise PuzzleError(
            f"pattern databases are available for boards of up to {MAX_CELLS} cells, not "
            f"{width}x{height}: use {instead}; on a board this large wastar or human answer "
            "fast, though not always with the shortest solution"
        )
    anchor = min(m[blank] for m in symmetries(width, height))
    if n <= EXACT_CELLS:
        return Plan(width, height, anchor, ((tuple(c for c in range(n) if c != anchor),),), True)
    if (width, height) == (4, 4):
        return Plan(width, height, anchor, _PARTITIONS_4X4[anchor], False)
    if (width, height) == (5, 5) and anchor == 0:
        return Plan(width, height, anchor, (_PINWHEEL, _TEES), False)
    cells = [c for c in range(n) if c != anchor]
    parts = -(-len(cells) // group_limit(n))
    size = -(-len(cells) // parts)
    groups = tuple(tuple(cells[i : i + size]) for i in range(0, len(cells), size))
    return Plan(width, height, anchor, (groups,), False)


def large_plan(width: int, height: int, blank: int) -> Plan | None:
    """The large plan for goals of this shape whose blank is on cell ``blank``, if there is
    one: the 4x4 with the goal's blank in a corner (the standard and blank-first goals)."""
    if (width, height) != (4, 4) or min(m[blank] for m in symmetries(4, 4)) != 0:
        return None
    return Plan(4, 4, 0, (_ROWS7, _ROWS7B), False, pairs=True)


def table_names(width: int, height: int, goal_blank: int) -> list[str]:
    """The files the ``pdb`` heuristic needs for goals of this shape with this blank cell."""
    return plan(width, height, goal_blank).names()


def parse_name(name: str) -> tuple[int, int, str, tuple[int, ...]]:
    """A table's name read: width, height, kind (:data:`KINDS`) and cells."""
    try:
        stem = name.removesuffix(".npdb")
        shape, kind, rest = stem.split("-", 2)
        w, h = (int(x) for x in shape.split("x"))
        cells = tuple(int(x) for x in rest.split("."))
    except ValueError:
        raise PuzzleError(f"not a pattern database name: {name!r}") from None
    if kind not in KINDS or not 2 <= w * h <= MAX_CELLS or min(w, h) < 2:
        raise PuzzleError(f"not a pattern database name: {name!r}")
    if any(not 0 <= c < w * h for c in cells) or len(set(cells)) != len(cells):
        raise PuzzleError(f"not a pattern database name: {name!r}")
    if kind == "pairs" and len(cells) < 2:
        raise PuzzleError(f"not a pattern database name: {name!r} (pairs of one tile)")
    return w, h, kind, cells


def factorial(n: int) -> int:
    out = 1
    for i in range(2, n + 1):
        out *= i
    return out


def rank(perm: Iterable[int]) -> int:
    """The position of a permutation of 0..n-1 in lexicographic order (Lehmer code): each
    item counts the smaller items after it, that is, the smaller ones not seen yet."""
    items = list(perm)
    n = len(items)
    rank = seen = 0
    for i, x in enumerate(items):
        rank = rank * (n - i) + x - (seen & ((1 << x) - 1)).bit_count()
        seen |= 1 << x
    return rank
