"""Pattern databases: exact costs of sub-problems, looked up and added (Korf & Felner).

A *group* of tiles is the sub-problem "bring these tiles home, where only moves of these
tiles cost anything". Its table holds that cost for every placement of the group's tiles, so
the blank and the other tiles are forgotten. The groups of a partition share no tile and every
move moves one tile, so their costs add up to an admissible heuristic: ``pdb``. It is not
consistent: a group's cost is its cheapest over the regions the blank may be in, and one move
may leave the cheapest region, so a value can change by more than one (IDA* does not mind;
A* reopens nodes).

On the 4x4 the partition is 6-6-3 (Korf & Felner's sizes) and the heuristic takes the larger
of two lookups: the board itself, and its mirror image about a diagonal, which sees the tiles
through the other groups. On boards of at most 9 cells the table holds the exact distance of
every board: a perfect heuristic. Boards of 10 to 16 cells use groups of at most 6 tiles.

**Any goal.** Tables are built for goals whose tiles are labelled by their goal cell, so a
goal is handled by *relabelling*: tile ``t`` is looked up as the tile whose home is ``t``'s
goal cell. A group table does not depend on where the goal's blank is (the blank is
forgotten), but a partition must leave out the goal's blank cell; a board symmetry (mirror or
rotation) first maps the goal's blank onto one of a few cells, one per class of cells the
symmetries exchange (on the 4x4: a corner, an edge cell, a centre cell), and each class has
its partition. Every symmetry that maps the goal's blank onto that cell gives one lookup, and
the heuristic is the largest: for the blank-first and the standard goal these are the board
and its reflection.

**Tables** are built once (:func:`build`, in pure Python: about 40 s for a 6-tile group in
CPython), stored xz-compressed with a small header (:func:`encode`), and cached on disk
(:func:`cache_dir`). ``build.py`` ships them with the site; the page hands them to
:func:`provide` before it asks for the heuristic.

A group table is indexed by the cells of its tiles, four bits each (tile ``i`` of the group in
bits ``4i…4i+3``), so a slide changes the index by a constant: ``(to - from) << 4i``. That is
what lets IDA* update the heuristic of a child with two additions and two lookups.
"""

from __future__ import annotations

import json
import lzma
import os
import sys
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .board import PuzzleError
from .heuristics import VIEWS, Heuristic, HeuristicInfo, Tables
from .space import Space

__all__ = [
    "PatternDatabase",
    "build",
    "cache_dir",
    "decode",
    "encode",
    "load",
    "plan",
    "provide",
    "symmetries",
    "table_names",
]

MAX_CELLS = 16  # group tables index cells with four bits
EXACT_CELLS = 9  # up to this many cells, one table of exact distances
MAX_GROUP = 6  # tiles per group: 16**6 entries, 16 MiB
UNSEEN = 255
MAGIC = b"NPDB1\n"

Progress = Callable[[str, float], object]  # (what, fraction done)

# 4x4 partitions into 6-6-3 groups of goal cells (tiles of the blank-first goal), two per class
# of goal-blank cells, each read directly and through the diagonal mirror when that mirror keeps
# the goal's blank in place: up to four lookups. Measured over Korf's boards
# (benchmarks/korf100.py), the second partition halves the nodes of the first alone.
_BLOCKS = ((4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15), (1, 2, 3))
_STAIRS = ((1, 4, 5, 8, 9, 12), (2, 3, 6, 7, 10, 11), (13, 14, 15))
_PARTITIONS_4X4: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {
    0: (_BLOCKS, _STAIRS),
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
        raise PuzzleError(
            f"pattern databases are available for boards of up to {MAX_CELLS} cells, not "
            f"{width}x{height}: use walking-distance or linear-conflict"
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


def _parse_name(name: str) -> tuple[int, int, str, tuple[int, ...]]:
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


def _neighbours(width: int, height: int) -> list[list[int]]:
    out = []
    for p in range(width * height):
        r, c = divmod(p, width)
        out.append(
            [
                q
                for q, ok in (
                    (p - width, r > 0),
                    (p + width, r < height - 1),
                    (p - 1, c > 0),
                    (p + 1, c < width - 1),
                )
                if ok
            ]
        )
    return out


# ----- building ---------------------------------------------------------------------------------
def build(name: str, progress: Progress | None = None) -> bytes:
    """Build the table ``name`` (see :func:`table_names`) from scratch."""
    w, h, kind, cells = _parse_name(name)
    if kind == "exact":
        if len(cells) != 1 or w * h > EXACT_CELLS:
            raise PuzzleError(f"exact tables are for boards of up to {EXACT_CELLS} cells")
        return _build_exact(w, h, cells[0], progress)
    if len(cells) > MAX_GROUP:
        raise PuzzleError(f"a group has at most {MAX_GROUP} tiles")
    return _build_group(w, h, cells, progress)


def _build_group(
    width: int, height: int, cells: tuple[int, ...], progress: Progress | None
) -> bytes:
    """Breadth-first search over (placement of the group's tiles, region of the blank).

    Moves of other tiles are free, so the blank wanders its whole region of empty cells at no
    cost: a state is a placement and the region the blank is in (named by its smallest cell),
    and every step moves one group tile into the blank's region. A placement's value is the
    level at which any of its regions is first reached.
    """
    n, k = width * height, len(cells)
    nb = _neighbours(width, height)

    def nibble_masks(count: int) -> list[int]:
        out = []
        for x in range(1 << (4 * count)):
            m = 0
            for s in range(count):
                m |= 1 << ((x >> (4 * s)) & 15)
            out.append(m)
        return out

    lo_n = min(k, 3)
    low, high = nibble_masks(lo_n), nibble_masks(k - lo_n) if k > 3 else [0]
    regions: dict[int, tuple[list[int], dict[int, int]]] = {}

    def regions_of(mask: int) -> tuple[list[int], dict[int, int]]:
        """For the occupied cells ``mask``: each free cell's region name, each region's cells."""
        got = regions.get(mask)
        if got is None:
            name = [-1] * n
            bits: dict[int, int] = {}
            for s in range(n):
                if mask >> s & 1 or name[s] >= 0:
                    continue
                name[s], todo, b = s, [s], 0
                while todo:
                    x = todo.pop()
                    b |= 1 << x
                    for y in nb[x]:
                        if not mask >> y & 1 and name[y] < 0:
                            name[y] = s
                            todo.append(y)
                bits[s] = b
            got = regions[mask] = (name, bits)
        return got

    steps_cache: dict[int, list[tuple[tuple[int, int], ...]]] = {}

    def steps(key: int) -> list[tuple[tuple[int, int], ...]]:
        """For a placement's cells and a region: per occupied cell p, the moves of its tile
        into the region as (q - p, name of the blank's region afterwards)."""
        mask, region = key >> 4, key & 15
        inside = regions_of(mask)[1][region]
        out: list[tuple[tuple[int, int], ...]] = [()] * 16
        for p in range(n):
            if mask >> p & 1:
                out[p] = tuple(
                    (q - p, regions_of(mask ^ (1 << p) ^ (1 << q))[0][p])
                    for q in nb[p]
                    if inside >> q & 1
                )
        steps_cache[key] = out
        return out

    size = 1 << (4 * k)
    table = bytearray([UNSEEN]) * size
    seen = bytearray(size << 4)
    start = sum(c << (4 * i) for i, c in enumerate(cells))
    table[start] = 0
    frontier = []
    for region in regions_of(low[start & 4095] | high[start >> 12])[1]:
        seen[(start << 4) | region] = 1
        frontier.append((start << 4) | region)
    shifts = [4 * i for i in range(k)]
    total = 1
    for i in range(k):
        total *= n - i  # placements
    done, level = 1, 0
    while frontier:
        level += 1
        nxt: list[int] = []
        append = nxt.append
        for code in frontier:
            idx = code >> 4
            key = ((low[idx & 4095] | high[idx >> 12]) << 4) | (code & 15)
            moves = steps_cache.get(key) or steps(key)
            for sh in shifts:
                for dq, region in moves[(idx >> sh) & 15]:
                    ni = idx + (dq << sh)
                    nc = (ni << 4) | region
                    if not seen[nc]:
                        seen[nc] = 1
                        append(nc)
                        if table[ni] == UNSEEN:
                            table[ni] = level
                            done += 1
        frontier = nxt
        if progress is not None:
            progress(f"{width}x{height} group {'.'.join(map(str, cells))}", done / total)
    return bytes(table)


def _build_exact(width: int, height: int, blank: int, progress: Progress | None) -> bytes:
    """Breadth-first search over whole boards from the goal whose tile on cell c is c (and the
    blank on ``blank``); the table is indexed by :func:`_rank` of a board."""
    n = width * height
    nb = _neighbours(width, height)
    goal = tuple(range(n))  # cell -> goal cell of what stands there; the blank's is ``blank``
    table = bytearray([UNSEEN]) * _factorial(n)
    table[_rank(goal)] = 0
    frontier = [(goal, blank)]
    level = 0
    while frontier:
        level += 1
        nxt = []
        for tiles, b in frontier:
            for q in nb[b]:
                t = list(tiles)
                t[b], t[q] = t[q], t[b]
                r = _rank(t)
                if table[r] == UNSEEN:
                    table[r] = level
                    nxt.append((tuple(t), q))
        frontier = nxt
        if progress is not None:
            progress(f"{width}x{height} exact", min(1.0, level / 40))
    return bytes(table)


def _factorial(n: int) -> int:
    out = 1
    for i in range(2, n + 1):
        out *= i
    return out


def _rank(perm: Iterable[int]) -> int:
    """The position of a permutation of 0..n-1 in lexicographic order (Lehmer code): each
    item counts the smaller items after it, that is, the smaller ones not seen yet."""
    items = list(perm)
    n = len(items)
    rank = seen = 0
    for i, x in enumerate(items):
        rank = rank * (n - i) + x - (seen & ((1 << x) - 1)).bit_count()
        seen |= 1 << x
    return rank


# ----- files and caches ------------------------------------------------------------------------
def encode(name: str, table: bytes) -> bytes:
    """A table as a file: magic, one line of JSON (name, size, CRC-32), the xz-compressed
    table (xz: a 6-tile table of 16 MiB takes 1.0 MB, against 2.4 MB with zlib)."""
    header = {"name": name, "size": len(table), "crc32": zlib.crc32(table), "codec": "xz"}
    return MAGIC + json.dumps(header).encode() + b"\n" + lzma.compress(table)


def decode(name: str, data: bytes) -> bytes:
    """The table in a file made by :func:`encode`; a clear error if it is not that table."""
    try:
        if not data.startswith(MAGIC):
            raise ValueError("no pattern database header")
        line_end = data.index(b"\n", len(MAGIC))
        header = json.loads(data[len(MAGIC) : line_end])
        if header.get("codec") != "xz":
            raise ValueError(f"unknown codec {header.get('codec')!r}")
        table = lzma.decompress(data[line_end + 1 :])
        if header.get("name") != name:
            raise ValueError(f"it holds {header.get('name')!r}")
        if len(table) != header["size"] or zlib.crc32(table) != header["crc32"]:
            raise ValueError("its checksum does not match")
    except (ValueError, KeyError, TypeError, lzma.LZMAError) as exc:
        raise PuzzleError(f"pattern database {name} is damaged: {exc}") from None
    w, h, kind, cells = _parse_name(name)
    expected = _factorial(w * h) if kind == "exact" else 1 << (4 * len(cells))
    if len(table) != expected:
        raise PuzzleError(f"pattern database {name} is damaged: wrong size")
    return table


def cache_dir() -> Path | None:
    """Where built tables are kept: ``$NPUZZLE_CACHE``, else the user's cache directory
    (``$XDG_CACHE_HOME/npuzzle`` or ``~/.cache/npuzzle``). None in the browser."""
    if sys.platform == "emscripten":
        return None
    env = os.environ.get("NPUZZLE_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "npuzzle"


_loaded: dict[str, bytes] = {}


def provide(name: str, data: bytes) -> None:
    """Hand over a table file (the page fetches them); it is checked before it is used."""
    _loaded[name] = decode(name, bytes(data))


def loaded(name: str) -> bool:
    return name in _loaded


def load(name: str, *, build_missing: bool = True, progress: Progress | None = None) -> bytes:
    """The table ``name``: from memory, else the disk cache, else built (and cached)."""
    table = _loaded.get(name)
    if table is not None:
        return table
    folder = cache_dir()
    path = folder / name if folder is not None else None
    if path is not None and path.is_file():
        try:
            table = decode(name, path.read_bytes())
        except PuzzleError:
            table = None  # damaged: build it again
    if table is None:
        if not build_missing:
            raise PuzzleError(f"pattern database {name} is not loaded")
        table = build(name, progress)
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(f".tmp{os.getpid()}")
                tmp.write_bytes(encode(name, table))
                tmp.replace(path)
            except OSError:
                pass  # a read-only home: the table still works for this run
    _loaded[name] = table
    return table


#: called while a missing table is being built (the CLI shows it on stderr)
on_progress: Progress | None = None

#: the shapes whose tables ``npuzzle pdb`` builds by default and the site ships
SHIPPED_SHAPES = ((2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (4, 4))


def names_for(width: int, height: int) -> list[str]:
    """Every table the ``pdb`` heuristic may need on this shape, whatever the goal."""
    out: list[str] = []
    for blank in range(width * height):
        for name in table_names(width, height, blank):
            if name not in out:
                out.append(name)
    return out


def ensure(
    names: Iterable[str], *, jobs: int = 1, report: Callable[[str, float], object] | None = None
) -> None:
    """Build the tables that are not in the disk cache yet, ``jobs`` at a time (processes),
    and cache them. ``report(name, seconds)`` is called as each one is done."""
    import time
    from concurrent.futures import ProcessPoolExecutor

    folder = cache_dir()
    todo = [n for n in names if folder is None or not (folder / n).is_file()]
    if jobs > 1 and len(todo) > 1:
        with ProcessPoolExecutor(min(jobs, len(todo))) as pool:
            for name, seconds in zip(todo, pool.map(_timed_load, todo), strict=True):
                if report is not None:
                    report(name, seconds)
        return
    for name in todo:
        t0 = time.perf_counter()
        load(name)
        if report is not None:
            report(name, time.perf_counter() - t0)


def _timed_load(name: str) -> float:
    import time

    t0 = time.perf_counter()
    load(name)
    return time.perf_counter() - t0


# ----- the heuristic -----------------------------------------------------------------------------
class PatternDatabase(Heuristic):
    info = HeuristicInfo(
        "pdb",
        "Pattern databases",
        True,
        False,  # a group forgets where the blank is: one move may change it by more than 1
        "additive pattern databases (6-6-3 on the 4x4, with its mirror image); exact "
        "distances on boards of up to 9 cells",
    )

    def __init__(self, space: Space, goal_pos: Mapping[int, int]) -> None:
        super().__init__(space, goal_pos)
        n, w, h = space.n, space.width, space.height
        if len(space.cells) != n or set(self.goal_pos) != set(range(n)):
            raise PuzzleError("pattern databases need a goal for every tile (not a partial goal)")
        self.plan = p = plan(w, h, self.goal_pos[0])
        names = p.names()
        self._by_name = {name: load(name, progress=on_progress) for name in names}
        self.maps = [m for m in symmetries(w, h) if m[self.goal_pos[0]] == p.anchor]
        self._tables: Tables | None = None

    def _exact_value(self, state: int) -> int:
        space, m = self.space, self.maps[0]
        perm = [0] * space.n
        for p, t in enumerate(space.unpack(state)):
            perm[m[p]] = m[self.goal_pos[t]]
        return self._by_name[self.plan.names()[0]][_rank(perm)]

    def value(self, state: int) -> int:
        if self.plan.exact:
            return self._exact_value(state)
        return self.tables().value(state)  # type: ignore[union-attr]

    def child(self, parent: int, h: float, tile: int, frm: int, to: int, child: int) -> int:
        return self.value(child)

    def tables(self) -> Tables | None:
        if self.plan.exact:
            return None
        if self._tables is None:
            self._tables = self._make_tables()
        return self._tables

    def _make_tables(self) -> Tables:
        """One view per (partition, symmetry), at most four. A view's groups are its own
        entries of the table list (the same bytes object may appear in several views)."""
        space, n, goal_pos, p = self.space, self.space.n, self.goal_pos, self.plan
        shape = f"{p.width}x{p.height}"
        # Views that share neither partition nor symmetry disagree most, so the second one
        # checked cuts off most of what the first let through (measured on Korf's boards).
        pairs = [(i, j) for j in range(len(self.maps)) for i in range(len(p.partitions))]
        pairs.sort(key=lambda ij: ((ij[0] + ij[1]) % 2, ij[0]))
        views = [(p.partitions[i], self.maps[j]) for i, j in pairs][:VIEWS]
        lookup: list[object] = []
        groups_of_view: list[tuple[int, ...]] = []
        slots: list[list[tuple[int, int]]] = []  # per view: tile -> (table entry, shift)
        for part, m in views:
            first = len(lookup)
            home: dict[int, tuple[int, int]] = {}
            for g, cells in enumerate(part):
                lookup.append(self._by_name[f"{shape}-group-{'.'.join(map(str, cells))}.npdb"])
                for i, c in enumerate(cells):
                    home[c] = (first + g, 4 * i)
            groups_of_view.append(tuple(range(first, len(lookup))))
            slots.append([home[m[goal_pos[t]]] if t else (0, 0) for t in range(n)])
        # the blank, and moves that do not exist, change no index
        still = tuple(x for gs in groups_of_view for x in (gs[0], 0))
        moves = [[still] * (4 * n) for _ in range(space.wild + 1)]
        for b in range(n):
            for q, _letter, _sq, _sp, e in space.moves[b]:
                for t in range(1, n):  # the tile on q slides to b
                    entry: tuple[int, ...] = ()
                    for (_part, m), slot in zip(views, slots, strict=True):
                        g, shift = slot[t]
                        entry += (g, (m[b] - m[q]) << shift)
                    moves[t][e] = entry
        maps = [m for _part, m in views]

        def index(state: int) -> list[int]:
            out = [0] * len(lookup)
            for cell, t in enumerate(space.unpack(state)):
                if t:
                    for v, m in enumerate(maps):
                        g, shift = slots[v][t]
                        out[g] += m[cell] << shift
            return out

        return Tables(lookup, groups_of_view, moves, index)
