"""Larger pattern-database groups on the 4x4: IDA*'s nodes and time on Korf's boards with
7-tile groups, against today's 6-6-3 tables, in one run.

Run from the project's venv, under the heavy lock, with a cache of its own (the 7-tile table
is 256 MiB in memory; the first run builds it: 13 minutes and 2 GiB of memory in CPython, then
4 minutes of xz)::

    flock /tmp/npuzzle-heavy.lock env NPUZZLE_CACHE=/tmp/tables7-cache \\
        python benchmarks/pdb_large.py --ids 1-10,60,82,88
    ... --designs "6-6-3 x4,7-7-1 x2,7-7-1 x2 fold2"

Each design is a list of views, a view being a partition of the tiles into groups read
directly or through the diagonal mirror (which keeps the blank-first goal's blank in place);
the heuristic is the largest of the views' sums. A design's name followed by ``fold2``,
``fold4`` or ``fold16`` reads the 7-tile table compressed: its last tile's cells taken by
pairs (the package's large table, ``4x4-pairs-0.1.2.4.5.6.7``: ``npuzzle pdb --large``, or
``--from prebuilt``), by 2x2 squares or all together, each entry the least of those it stands
for (the last two kept beside the cache's tables once made, a minute each). "7-7-1 x2 fold2"
is the package's large plan (``pdbplan.large_plan``), which the pdb heuristic uses once that
table is at hand. Every board is solved by every design in turn, so that the load of the
machine weighs on all alike; the totals give the mean nodes generated, the time and the
nodes per second of each, and the ratios to the first design.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from npuzzle import Board, reference  # noqa: E402
from npuzzle.core.space import Space  # noqa: E402
from npuzzle.heuristics import base, pdb, pdbbuild, pdbplan  # noqa: E402
from npuzzle.heuristics.pdb import PatternDatabase  # noqa: E402
from npuzzle.search.engine import Problem  # noqa: E402
from npuzzle.search.idastar import IDAStar  # noqa: E402

Partition = tuple[tuple[int, ...], ...]
View = tuple[Partition, int]  # a partition, read directly (0) or through the mirror (1)

# 7-tile groups of one table (two rows but a corner, or its mirror images and turns), and
# one tile left, alone (Manhattan distance): the package's large plan; or the other rows' 8
# tiles cut 6-2
_LARGE = pdbplan.large_plan(4, 4, 0)
assert _LARGE is not None
ROWS7, ROWS7B = _LARGE.partitions
ROWS762: Partition = ((1, 2, 3, 4, 5, 6, 7), (9, 10, 11, 13, 14, 15), (8, 12))
ROWS762B: Partition = ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 12, 13, 14), (11, 15))
TODAY = pdbplan.plan(4, 4, 0).partitions


def crossed(*partitions: Partition) -> list[View]:
    """Each partition read directly and through the mirror, those that share neither
    partition nor symmetry next to each other (as the default plan orders them)."""
    pairs = [(i, m) for m in (0, 1) for i in range(len(partitions))]
    pairs.sort(key=lambda im: ((im[0] + im[1]) % 2, im[0]))
    return [(partitions[i], m) for i, m in pairs]


#: name -> the views, in the order the search checks them
DESIGNS: dict[str, list[View]] = {
    "6-6-3 x4": [],  # the default plan's own order
    "7-7-1": crossed(ROWS7),
    "7-7-1 + 6-6-3 x4": crossed(ROWS7) + crossed(*TODAY),
    "7-7-1 + 6-6-3 x3": crossed(ROWS7) + crossed(*TODAY[:3]),
    "7-7-1 x2": crossed(ROWS7, ROWS7B),
    "7-7-1 x2 + 6-6-3 x2": crossed(ROWS7, ROWS7B) + crossed(*TODAY[:2]),
    "7-7-1 x2 + 7-6-2 x2": crossed(ROWS7, ROWS7B, ROWS762, ROWS762B),
    "7-7-1 x2 + 6-6-3 x4": crossed(ROWS7, ROWS7B) + crossed(*TODAY),
}


TABLE7 = "4x4-group-0.1.2.4.5.6.7.npdb"
LAST = 24  # the shift of the 7-tile table's last tile, the one compressed
#: the cells of the last tile taken together, by how many: the table keeps the least entry
FOLDS = {
    1: list(range(16)),
    2: [c >> 1 for c in range(16)],  # pairs of side-by-side cells: the package's large table
    4: [(c >> 3) * 2 + (c & 3) // 2 for c in range(16)],  # 2x2 squares
    16: [0] * 16,  # any cell: the least over the tile's cells
}


def folded(table: bytes, fold: int) -> bytes:
    """The 7-tile table with its last tile's cells taken 4 or 16 at a time
    (:func:`npuzzle.heuristics.pdbbuild.fold`), kept beside the cache's tables."""
    folder = pdbbuild.cache_dir()
    cache = folder / f"{TABLE7}.fold{fold}" if folder is not None else None
    if cache is not None and cache.exists():
        return cache.read_bytes()
    data = pdbbuild.fold(table, 7, 4, FOLDS[fold])
    if cache is not None:
        cache.write_bytes(data)
    return data


class Design(PatternDatabase):
    """The pdb heuristic with the views of a design (today's plan without any), its 7-tile
    table compressed ``fold`` times (by pairs: the package's own large table)."""

    def __init__(
        self, space: Space, goal_pos: dict[int, int], views: list[View], fold: int = 1
    ) -> None:
        partitions = tuple(dict.fromkeys([*TODAY, *(p for p, _ in views)]))
        plan = pdbplan.Plan(4, 4, 0, partitions, False, pairs=fold == 2)
        if not views:
            plan = pdbplan.plan(4, 4, 0)  # not plan_for: the large plan's table may be cached
        names = [n for n in plan.names() if pdbbuild.large(n)]
        pdbbuild.ensure(names)  # the large tables are never built on the way
        super().__init__(space, goal_pos, tables=plan)
        self.chosen, self.fold = views, fold
        if fold in (4, 16):
            self._by_name[TABLE7] = folded(self._by_name[TABLE7], fold)

    def _part(self, name: str, shift: int, cell: int) -> int:
        if name == TABLE7 and shift == LAST:
            return FOLDS[self.fold][cell] << shift
        return super()._part(name, shift, cell)

    def views(self) -> list[tuple[Partition, tuple[int, ...]]]:
        if not self.chosen:
            return super().views()
        return [(p, self.maps[m]) for p, m in self.chosen]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", default="1-10,60,82,88", help="Korf's boards, e.g. 1-100")
    parser.add_argument(
        "--designs",
        default=",".join(DESIGNS),
        help='comma-separated names, each with " fold2", " fold4" or " fold16" to compress '
        "the 7-tile table so",
    )
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.designs.split(",")]
    for name in names:
        design, _, fold = name.partition(" fold")
        if design not in DESIGNS or fold not in ("", *map(str, FOLDS)):
            parser.error(f"unknown design {name!r}: choose among {', '.join(DESIGNS)}")
    most = max(len(DESIGNS[n.partition(" fold")[0]]) for n in names)
    base.VIEWS = pdb.VIEWS = max(base.VIEWS, most)  # a measurement: more views than shipped

    goal = Board.goal("blank-first", 4, 4)
    space = Space(4, 4)
    goal_pos = {t: p for p, t in enumerate(goal.tiles)}
    heuristics: dict[str, Design] = {}
    for name in names:
        t0 = time.perf_counter()
        design, _, fold = name.partition(" fold")
        h = heuristics[name] = Design(space, goal_pos, DESIGNS[design], int(fold or 1))
        h.tables()
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{name}: {len(h.views())} views, tables {', '.join(h.plan.names())}")
        print(f"  loaded in {time.perf_counter() - t0:.1f} s, peak memory so far {rss:.0f} MB")
    pdbbuild._loaded.clear()  # the tables live on in the heuristics

    rows: list[dict[str, Any]] = []
    print(f"{'id':>3} {'opt':>3} " + " ".join(f"{n[:22]:>22}" for n in names))
    for inst in reference.pick(reference.korf100(), args.ids):
        row: dict[str, Any] = {"id": inst.ident, "optimal": inst.optimal}
        cells = []
        for name in names:
            problem = Problem.for_boards(inst.board, goal, heuristics[name])
            search = IDAStar(problem, inst.board, goal)
            search.run()
            ok = len(search.solution or "") == inst.optimal and search.status == "solved"
            row[name] = {"generated": search.generated, "seconds": search.seconds, "ok": ok}
            flag = "" if ok else "!"
            cells.append(f"{search.generated:>12,} {search.seconds:>7.2f}s{flag}")
        rows.append(row)
        print(
            f"{inst.ident:>3} {inst.optimal:>3} " + " ".join(f"{c:>22}" for c in cells), flush=True
        )

    first = names[0]
    mean0 = statistics.mean(r[first]["generated"] for r in rows)
    time0 = sum(r[first]["seconds"] for r in rows)
    print(f"totals over {len(rows)} boards:")
    for name in names:
        gen = [r[name]["generated"] for r in rows]
        secs = sum(r[name]["seconds"] for r in rows)
        mean = statistics.mean(gen)
        print(
            f"  {name:<22} mean generated {mean:>10,.0f} ({mean / mean0:.2f}x), "
            f"{secs:7.1f} s ({secs / time0:.2f}x), {sum(gen) / secs:,.0f} nodes/s, "
            f"all optimal: {all(r[name]['ok'] for r in rows)}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(rows))
    return 0 if all(r[n]["ok"] for r in rows for n in names) else 1


if __name__ == "__main__":
    sys.exit(main())
