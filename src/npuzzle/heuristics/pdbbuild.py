"""Pattern databases: building the tables (breadth-first, in pure Python), and the tables in
memory, taken from the disk cache or built.

**Tables** are built once (:func:`build`: about 20 s for a 6-tile group of the 4x4 or a
5-tile group of the 5x5 in CPython), stored xz-compressed with a header and checksums
(:func:`encode`), and cached on disk (:mod:`.pdbcache`). ``build.py`` ships them with the site
(:func:`ensure` first builds those missing or damaged); the page hands them to :func:`provide`
before it asks for the heuristic. :func:`load` is what the heuristic (:mod:`.pdb`) calls: from
memory, else the disk, else built.

**The large table** of the 4x4 (:func:`.pdbplan.large_plan`, kind ``pairs``) is made from its
7-tile group table (13 minutes and 2 GiB of memory in CPython) by :func:`pairs`; it is never
built on the way (:func:`load` refuses): ``npuzzle pdb --large`` builds it, and the site ships
it prebuilt (``prebuilt/`` in the repository). :func:`plan_for` gives the plan the heuristic
uses: the large one when its table is at hand (:func:`at_hand`), else the default one.

A group table is indexed by the cells of its tiles, ``b`` = 4 bits each (5 past 16 cells:
:func:`.pdbplan.cell_bits`), tile ``i`` of the group in bits ``bi…bi+b-1``, so a slide changes
the index by a constant: ``(to - from) << bi``. That is
what lets IDA* update the heuristic of a child with two additions and two lookups.

>>> from npuzzle.heuristics.pdbplan import rank
>>> table = build("3x2-exact-0.npdb")  # every 3x2 board, ranked as a permutation
>>> len(table), table[rank((0, 1, 2, 3, 4, 5))]  # the goal is 0 moves away
(720, 0)
>>> reachable = [d for d in table if d != UNSEEN]  # half the permutations are unsolvable
>>> len(reachable), max(reachable)
(360, 21)
>>> decode("3x2-exact-0.npdb", encode("3x2-exact-0.npdb", table)) == table
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from npuzzle.core import processes
from npuzzle.core.board import PuzzleError
from npuzzle.heuristics import pdbcache
from npuzzle.heuristics.pdbcache import Table, cache_dir, decode, encode
from npuzzle.heuristics.pdbplan import (
    EXACT_CELLS,
    Plan,
    build_limit,
    cell_bits,
    factorial,
    group_limit,
    large_plan,
    parse_name,
    plan,
    rank,
    table_names,
)

__all__ = [
    "SHIPPED_CORNERS",
    "SHIPPED_SHAPES",
    "at_hand",
    "build",
    "cache_dir",
    "decode",
    "encode",
    "ensure",
    "fold",
    "large",
    "large_names",
    "load",
    "loaded",
    "names_for",
    "pairs",
    "plan_for",
    "provide",
    "shipped",
    "shipped_names",
]

UNSEEN = 255
MAX_REGIONS = 8  # the blank's regions a placement may cut the board into (3 bits)

Progress = Callable[[str, float], object]  # (what, fraction done)


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
    w, h, kind, cells = parse_name(name)
    if kind == "exact":
        if len(cells) != 1 or w * h > EXACT_CELLS:
            raise PuzzleError(f"exact tables are for boards of up to {EXACT_CELLS} cells")
        return _build_exact(w, h, cells[0], progress)
    if len(cells) > build_limit(w * h):
        raise PuzzleError(f"a group on a {w}x{h} board has at most {build_limit(w * h)} tiles")
    if kind == "pairs":
        group = name.replace("-pairs-", "-group-")
        source = _loaded.get(group) or _cached_table(group) or _build_group(w, h, cells, progress)
        return pairs(source, len(cells), cell_bits(w * h), progress, name)
    return _build_group(w, h, cells, progress)


def fold(
    table: Table,
    tiles: int,
    bits: int,
    merged: list[int],
    progress: Progress | None = None,
    what: str = "",
) -> bytes:
    """A group table of ``tiles`` tiles, ``bits`` a cell, with its last tile's cells merged:
    cell ``c`` becomes ``merged[c]`` (0, 1, ...), each entry the least of those merged (Felner
    et al.'s compression: the least of admissible costs is admissible). Every other tile's
    part of the index is unchanged, and so is the last one's but for the cell it is at."""
    slab = 1 << (bits * (tiles - 1))  # the entries with the last tile on one cell
    step = min(slab, 1 << 20)  # a MiB at a time, so that Ctrl+C is heard within a second
    out: list[Table] = []
    for j in range(max(merged) + 1):
        starts = [c * slab for c in range(1 << bits) if merged[c] == j]
        for i in range(0, slab, step):
            pieces = [table[s + i : s + i + step] for s in starts]
            least = pieces[0]
            for other in pieces[1:]:
                least = bytes(map(min, least, other))
            out.append(least)
        if progress is not None:
            progress(what, (j + 1) / (max(merged) + 1))
    return b"".join(out)


def pairs(
    table: Table, tiles: int, bits: int, progress: Progress | None = None, what: str = ""
) -> bytes:
    """A group table compressed by pairs (kind ``pairs``): its last tile's cells ``2k`` and
    ``2k + 1`` (side by side on a board of even width) merged, so the table is half as large
    and a tile's part of the index still changes by a constant with each move.

    >>> list(pairs(bytes([5, 3, 2, 9, 7, 7, 1, 4, 0, 6, 8, 8, 2, 2, 2, 2]), 2, 2))
    [5, 3, 1, 4, 0, 2, 2, 2]
    """
    return fold(table, tiles, bits, [c >> 1 for c in range(1 << bits)], progress, what)


def _build_group(
    width: int, height: int, cells: tuple[int, ...], progress: Progress | None
) -> bytes:
    """Breadth-first search over (placement of the group's tiles, region of the blank).

    Moves of other tiles are free, so the blank wanders its whole region of empty cells at no
    cost: a state is a placement and the region the blank is in (numbered in the order of the
    regions' smallest cells), and every step moves one group tile into the blank's region. A
    placement's value is the level at which any of its regions is first reached.
    """
    n, k = width * height, len(cells)
    bits = cell_bits(n)
    cell_mask = (1 << bits) - 1
    nb = _neighbours(width, height)

    def occupied_masks(count: int) -> list[int]:
        out = []
        for x in range(1 << (bits * count)):
            m = 0
            for s in range(count):
                m |= 1 << ((x >> (bits * s)) & cell_mask)
            out.append(m)
        return out

    lo_n = min(k, 3)
    lo_bits = bits * lo_n
    low, high = occupied_masks(lo_n), occupied_masks(k - lo_n)
    lo_mask = (1 << lo_bits) - 1
    regions: dict[int, tuple[list[int], list[int]]] = {}

    def regions_of(mask: int) -> tuple[list[int], list[int]]:
        """For the occupied cells ``mask``: each free cell's region number, each region's
        cells."""
        got = regions.get(mask)
        if got is None:
            number = [-1] * n
            inside: list[int] = []
            for s in range(n):
                if mask >> s & 1 or number[s] >= 0:
                    continue
                number[s], todo, b = len(inside), [s], 0
                while todo:
                    x = todo.pop()
                    b |= 1 << x
                    for y in nb[x]:
                        if not mask >> y & 1 and number[y] < 0:
                            number[y] = number[s]
                            todo.append(y)
                inside.append(b)
            if len(inside) > MAX_REGIONS:
                raise PuzzleError(f"a group of {k} tiles cuts this board into too many regions")
            got = regions[mask] = (number, inside)
        return got

    steps_cache: dict[int, list[tuple[tuple[int, int], ...]]] = {}

    def steps(key: int) -> list[tuple[tuple[int, int], ...]]:
        """For a placement's cells and a region: per occupied cell p, the moves of its tile
        into the region as (q - p, number of the blank's region afterwards)."""
        mask, region = key >> 3, key & 7
        inside = regions_of(mask)[1][region]
        out: list[tuple[tuple[int, int], ...]] = [()] * (cell_mask + 1)
        for p in range(n):
            if mask >> p & 1:
                out[p] = tuple(
                    (q - p, regions_of(mask ^ (1 << p) ^ (1 << q))[0][p])
                    for q in nb[p]
                    if inside >> q & 1
                )
        steps_cache[key] = out
        return out

    size = 1 << (bits * k)
    table = bytearray([UNSEEN]) * size
    seen = bytearray(size)  # per placement, bit r: the blank's region r was reached
    start = sum(c << (bits * i) for i, c in enumerate(cells))
    table[start] = 0
    frontier = []
    for region in range(len(regions_of(low[start & lo_mask] | high[start >> lo_bits])[1])):
        seen[start] |= 1 << region
        frontier.append(start << 3 | region)
    shifts = [bits * i for i in range(k)]
    total = 1
    for i in range(k):
        total *= n - i  # placements
    done, level = 1, 0
    while frontier:
        level += 1
        nxt: list[int] = []
        append = nxt.append
        for code in frontier:
            idx = code >> 3
            key = ((low[idx & lo_mask] | high[idx >> lo_bits]) << 3) | (code & 7)
            moves = steps_cache.get(key) or steps(key)
            for sh in shifts:
                for dq, region in moves[(idx >> sh) & cell_mask]:
                    ni = idx + (dq << sh)
                    was = seen[ni]
                    if not was >> region & 1:
                        seen[ni] = was | 1 << region
                        append(ni << 3 | region)
                        if not was:  # the placement's first region: its value
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
    table = bytearray([UNSEEN]) * factorial(n)
    table[rank(goal)] = 0
    frontier = [(goal, blank)]
    level = 0
    while frontier:
        level += 1
        nxt = []
        for tiles, b in frontier:
            for q in nb[b]:
                t = list(tiles)
                t[b], t[q] = t[q], t[b]
                r = rank(t)
                if table[r] == UNSEEN:
                    table[r] = level
                    nxt.append((tuple(t), q))
        frontier = nxt
        if progress is not None:
            progress(f"{width}x{height} exact", min(1.0, level / 40))
    return bytes(table)


# ----- tables in memory ------------------------------------------------------------------------
_loaded: dict[str, Table] = {}


def provide(name: str, data: bytes) -> None:
    """Hand over a table file (the page fetches them); it is checked before it is used."""
    _loaded[name] = decode(name, bytes(data))


def loaded(name: str) -> bool:
    return name in _loaded


def load(name: str, *, build_missing: bool = True, progress: Progress | None = None) -> Table:
    """The table ``name``: from memory, else the disk cache, else built (and cached), but
    for a large table (:func:`large`), which is never built on the way."""
    table = _loaded.get(name) or _cached_table(name)
    if table is None:
        if large(name):
            raise PuzzleError(
                f"pattern database {name} is not built: `npuzzle pdb --large` builds it "
                "(17 minutes in CPython)"
            )
        if not build_missing:
            raise PuzzleError(f"pattern database {name} is not loaded")
        table = _make(name, progress)
    _loaded[name] = table
    return table


def large(name: str) -> bool:
    """Whether ``name`` is a table of more tiles than a default plan's (minutes to build)."""
    w, h, kind, cells = parse_name(name)
    return kind != "exact" and len(cells) > group_limit(w * h)


def at_hand(name: str) -> bool:
    """Whether the table ``name`` is in memory or, whole, in the disk cache (its file's
    checksum read: milliseconds), so that reading it builds nothing."""
    if name in _loaded:
        return True
    try:
        return pdbcache.cached(name) is not None
    except (PuzzleError, pdbcache.CacheError):
        return False


#: whether the pdb heuristic takes the large tables when they are at hand (the unit tests
#: turn it off, so that a cache that holds them does not change what the tests count)
use_large = True


def plan_for(width: int, height: int, goal_blank: int) -> Plan:
    """The plan the ``pdb`` heuristic uses for goals of this shape with this blank cell: the
    large one (:func:`.pdbplan.large_plan`) when its large tables are at hand (its small
    ones are built in a moment if they are not), else the default one."""
    big = large_plan(width, height, goal_blank) if use_large else None
    if big is not None and all(at_hand(name) for name in big.names() if large(name)):
        return big
    return plan(width, height, goal_blank)


def large_names(width: int, height: int, goal_blank: int | None = None) -> list[str]:
    """The large tables (:func:`large`) of the large plan for goals of this shape with this
    blank cell, or with any blank: what ``npuzzle pdb --large`` builds, and what the page
    fetches to use that plan. None but on the 4x4 with the goal's blank in a corner.

    >>> large_names(4, 4, 0), large_names(4, 4, 5), large_names(3, 3)
    (['4x4-pairs-0.1.2.4.5.6.7.npdb'], [], [])
    """
    out: list[str] = []
    for blank in range(width * height) if goal_blank is None else [goal_blank]:
        big = large_plan(width, height, blank)
        for name in big.names() if big is not None else []:
            if large(name) and name not in out:
                out.append(name)
    return out


def _make(name: str, progress: Progress | None = None, *, must_keep: bool = False) -> bytes:
    """Build the table ``name`` and keep it in the disk cache, saying first whether it can be
    kept, and after if keeping it failed. With ``must_keep``, CacheError instead."""
    problem, folder = pdbcache.cache_problem(name), cache_dir()
    if problem is not None and must_keep:
        raise pdbcache.CacheError(f"pattern database {name} {_cannot_keep(problem)}")
    if problem is None:
        _notice(f"building pattern database {name}, to keep in {folder}")
    else:
        _notice(f"building pattern database {name}, which {_cannot_keep(problem, again=True)}")
    table = build(name, progress)
    if problem is None and (failed := pdbcache.keep(name, encode(name, table))) is not None:
        if must_keep:
            raise pdbcache.CacheError(f"pattern database {name} {_cannot_keep(failed)}")
        _notice(f"pattern database {name} {_cannot_keep(failed, again=True)}")
    return table


def _cannot_keep(problem: pdbcache.Problem, *, again: bool = False) -> str:
    each_run = ", so it is built again each run" if again else ""
    return f"cannot be kept ({problem.why}){each_run}; {problem.advice}"


def _cached_table(name: str) -> Table | None:
    """The table ``name`` from the disk cache, if it is there and whole."""
    data = _cached(name)
    return decode(name, data) if data is not None else None


def _cached(name: str) -> bytes | None:
    """The cached file of ``name``, checked; None if it must be built (missing, or damaged,
    which is said)."""
    try:
        data = pdbcache.cached(name)
    except pdbcache.Damaged as exc:
        where = cache_dir()
        _notice(f"pattern database {name} in {where} was damaged ({exc.reason}): building it again")
        return None
    except pdbcache.CacheError:
        return None
    if data is not None and (new := pdbcache.upgrade(data)) != data:
        data = new  # checked in full once: the file's checksum spares that from now on
        pdbcache.keep(name, data)
    return data


def _notice(text: str) -> None:
    if on_notice is not None:
        on_notice(text)


#: told, in one sentence, what a user should know of the disk cache: a table being built and
#: whether it can be kept, a damaged one built again (the CLI prints it on stderr)
on_notice: Callable[[str], object] | None = None

#: called while a missing table is being built
on_progress: Progress | None = None

#: the shapes whose tables ``npuzzle pdb`` builds by default and the site ships, every goal
SHIPPED_SHAPES = ((2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (4, 4))
#: and the shapes shipped only for goals with the blank in a corner (the standard and the
#: blank-first goal): on the 5x5, two tables (20 s to build), where every goal would need about
#: twenty more, built when a search first asks for them
SHIPPED_CORNERS = ((5, 5),)


def shipped_names() -> list[str]:
    """The tables ``npuzzle pdb`` builds by default and the site ships."""
    names = [n for shape in SHIPPED_SHAPES for n in names_for(*shape)]
    names += [n for w, h in SHIPPED_CORNERS for n in table_names(w, h, 0)]
    # the small tables of the large plans (built in a moment), so that the large table is
    # all a site or a cache needs to add to use a large plan
    for w, h in SHIPPED_SHAPES:
        big = large_plan(w, h, 0)
        names += [n for n in big.names() if not large(n)] if big is not None else []
    return list(dict.fromkeys(names))


def shipped(width: int, height: int, goal_blank: int) -> bool:
    """Whether the site ships the tables for this shape and goal's blank cell."""
    if (width, height) in SHIPPED_SHAPES:
        return True
    corners = (0, width - 1, width * (height - 1), width * height - 1)
    return (width, height) in SHIPPED_CORNERS and goal_blank in corners


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
    """Build the tables that are not in the disk cache yet, or are damaged there, ``jobs`` at a
    time (processes), and cache them. ``report(name, seconds)`` is called as each one is done.
    Every cached table is checked (its file's checksum), so that a damaged one is built again,
    never used or shipped. CacheError, before building anything, if the cache cannot keep a
    table, or as soon as one could not be kept (a full disk)."""
    todo = [n for n in names if _cached(n) is None]
    for name in todo:
        if (problem := pdbcache.cache_problem(name)) is not None:
            raise pdbcache.CacheError(f"pattern database {name} {_cannot_keep(problem)}")
    try:
        if jobs > 1 and len(todo) > 1:
            with processes.pool(min(jobs, len(todo))) as workers:
                for name, seconds in processes.answers(workers.imap_unordered(_timed_make, todo)):
                    if report is not None:
                        report(name, seconds)
            return
        for name in todo:
            name, seconds = _timed_make(name)
            if report is not None:
                report(name, seconds)
    finally:
        pdbcache.sweep()  # what children stopped while writing left


def _timed_make(name: str) -> tuple[str, float]:
    import time

    t0 = time.perf_counter()
    _loaded[name] = _make(name, on_progress, must_keep=True)
    return name, time.perf_counter() - t0
