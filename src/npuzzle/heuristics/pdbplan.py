"""Which pattern databases a board needs and how they are read: the partitions into groups
of tiles, the board's symmetries, table names, and the ranking of exact tables.

On the 4x4 the partition is 6-6-3 (Korf & Felner's sizes), two partitions per class of
goal-blank cells. On boards of at most 9 cells one table holds the exact distance of every
board, indexed by the board's rank among all permutations. Boards of 10 to 16 cells use groups
of at most 6 tiles. Nothing here reads or builds a table (:mod:`.pdbbuild` does).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..board import PuzzleError
from .walking import fits

__all__ = [
    "EXACT_CELLS",
    "MAX_CELLS",
    "MAX_GROUP",
    "Plan",
    "factorial",
    "parse_name",
    "plan",
    "rank",
    "symmetries",
    "table_names",
]

MAX_CELLS = 16  # group tables index cells with four bits
EXACT_CELLS = 9  # up to this many cells, one table of exact distances
MAX_GROUP = 6  # tiles per group: 16**6 entries, 16 MiB

# 4x4 partitions into 6-6-3 groups of goal cells (tiles of the blank-first goal), each read
# directly and through the diagonal mirror when that mirror keeps the goal's blank in place.
# Measured over Korf's boards (benchmarks/korf100.py, benchmarks/partitions.py): on the corner
# (Korf's goal), four partitions (eight lookups, seven 6-tile tables) generate 0.73x the
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
    tile when ``exact``)."""

    width: int
    height: int
    anchor: int
    partitions: tuple[tuple[tuple[int, ...], ...], ...]
    exact: bool

    def names(self) -> list[str]:
        """The table files this plan needs."""
        shape = f"{self.width}x{self.height}"
        if self.exact:
            return [f"{shape}-exact-{self.anchor}.npdb"]
        out: list[str] = []
        for part in self.partitions:
            for g in part:
                name = f"{shape}-group-{'.'.join(map(str, g))}.npdb"
                if name not in out:
                    out.append(name)
        return out


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
    cells = [c for c in range(n) if c != anchor]
    parts = -(-len(cells) // MAX_GROUP)
    size = -(-len(cells) // parts)
    groups = tuple(tuple(cells[i : i + size]) for i in range(0, len(cells), size))
    return Plan(width, height, anchor, (groups,), False)


def table_names(width: int, height: int, goal_blank: int) -> list[str]:
    """The files the ``pdb`` heuristic needs for goals of this shape with this blank cell."""
    return plan(width, height, goal_blank).names()


def parse_name(name: str) -> tuple[int, int, str, tuple[int, ...]]:
    try:
        stem = name.removesuffix(".npdb")
        shape, kind, rest = stem.split("-", 2)
        w, h = (int(x) for x in shape.split("x"))
        cells = tuple(int(x) for x in rest.split("."))
    except ValueError:
        raise PuzzleError(f"not a pattern database name: {name!r}") from None
    if kind not in ("exact", "group") or not 2 <= w * h <= MAX_CELLS or min(w, h) < 2:
        raise PuzzleError(f"not a pattern database name: {name!r}")
    if any(not 0 <= c < w * h for c in cells) or len(set(cells)) != len(cells):
        raise PuzzleError(f"not a pattern database name: {name!r}")
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
