"""Russell & Norvig's A* table (AIMA, as quoted by Navani, Kowalyshyn & Hameed): A* on the
8-puzzle with h1 (misplaced tiles) and h2 (Manhattan), 100 boards at each even solution depth
from 2 to 24, mean nodes generated and the effective branching factor b* per depth.

Our boards at each depth are drawn uniformly, with replacement, among all boards exactly that
many moves from the goal ``b12 345 678``, found by one breadth-first search of all 181,440
states; every heuristic gets the same boards.

>>> from npuzzle.lab import resolve
>>> options = resolve("rn", {"per_depth": 10, "max_depth": 8})
>>> EXPERIMENT.searches(options)  # depths 2, 4, 6, 8, ten boards each, two heuristics
80
>>> RN[24]  # the book's nodes generated (h1, h2) and b* (h1, h2) at depth 24
(39135, 1641, 1.48, 1.26)
>>> resolve("rn", {"min_depth": 9, "max_depth": 9})  # doctest: +ELLIPSIS
Traceback (most recent call last):
npuzzle.core.board.PuzzleError: no even depth from 9 to 9: the table is by even depths, ...
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from npuzzle.core.board import Board, PuzzleError
from npuzzle.core.metrics import ebf_exact
from npuzzle.core.space import Space
from npuzzle.lab.options import (
    AIMA_GOAL,
    MAX_NODES_OPTION,
    Experiment,
    Option,
    Row,
    Spec,
    Table,
    count_option,
    heuristics_option,
    tie_break_option,
)
from npuzzle.lab.stats import chart_series, limit_note, make_chart, mean, rng_for, rounded, solved
from npuzzle.search.algorithms import Algorithm

__all__ = ["EXPERIMENT"]

#: Russell & Norvig, A* on the 8-puzzle, 100 boards per even depth (goal ``b12 345 678``):
#: depth -> (nodes generated with h1, with h2, b* with h1, b* with h2)
RN: dict[int, tuple[int, int, float, float]] = {
    2: (6, 6, 1.79, 1.79),
    4: (13, 12, 1.48, 1.45),
    6: (20, 18, 1.34, 1.30),
    8: (39, 25, 1.33, 1.24),
    10: (93, 39, 1.38, 1.22),
    12: (227, 73, 1.42, 1.24),
    14: (539, 113, 1.44, 1.23),
    16: (1301, 211, 1.45, 1.25),
    18: (3056, 363, 1.46, 1.26),
    20: (7276, 676, 1.47, 1.27),
    22: (18094, 1219, 1.48, 1.28),
    24: (39135, 1641, 1.48, 1.26),
}
#: our heuristic -> its column in :data:`RN` (h1: misplaced tiles, h2: Manhattan)
RN_HEURISTICS = {"misplaced": 0, "manhattan": 1}


@cache
def _layers(goal: Board) -> tuple[tuple[int, ...], ...]:
    """Every state reachable from ``goal`` (packed), by exact distance: a breadth-first search
    of the whole space (181,440 states on the 3x3)."""
    space = Space(goal.width, goal.height)
    mask = space.mask
    slides = space.slides()
    start = space.pack(goal.tiles)
    seen = {start}
    layer = [(start, goal.blank)]
    layers = []
    while layer:
        layers.append(tuple(s for s, _ in layer))
        nxt = []
        for s, b in layer:
            for q, _letter, sq, _sp, edge in space.moves[b]:
                t = (s >> sq) & mask
                c = s + slides[t][edge]
                if c not in seen:
                    seen.add(c)
                    nxt.append((c, q))
        layer = nxt
    return tuple(layers)


def plan(o: dict[str, Any], seed: str) -> Iterator[Spec]:
    goal = Board.parse(AIMA_GOAL)
    layers = _layers(goal)
    space = Space(3, 3)
    for depth in _rn_depths(o):
        rng = rng_for(seed, "rn", depth)
        for sample in range(o["per_depth"]):
            board = Board(3, 3, space.unpack(rng.choice(layers[depth])))
            for h in o["heuristics"]:
                yield board, goal, Algorithm.ASTAR, h, {"depth": depth, "sample": sample}


def _rn_depths(o: dict[str, Any]) -> range:
    first = o["min_depth"] + o["min_depth"] % 2
    return range(first, o["max_depth"] + 1, 2)


def summary(o: dict[str, Any], rows: list[Row]) -> Table:
    columns = [
        "depth", "heuristic", "boards", "solved", "generated", "published_generated",
        "ebf", "published_ebf", "ebf_mean", "expanded",
    ]  # fmt: skip
    out: list[Row] = []
    unsolved = 0
    for depth in _rn_depths(o):
        for h in o["heuristics"]:
            group = [r for r in rows if r["depth"] == depth and r["heuristic"] == h]
            if not group:
                continue
            done = solved(group)
            unsolved += len(group) - len(done)
            n = mean([r["generated"] for r in done])
            col = RN_HEURISTICS.get(h)
            pub = RN.get(depth) if col is not None else None
            out.append(
                {
                    "depth": depth,
                    "heuristic": h,
                    "boards": len(group),
                    "solved": len(done),
                    "generated": rounded(n, 1),
                    "published_generated": pub[col] if pub and col is not None else None,
                    "ebf": rounded(ebf_exact(n, depth), 3) if n else None,
                    "published_ebf": pub[2 + col] if pub and col is not None else None,
                    "ebf_mean": rounded(mean([r["ebf"] for r in done if r["ebf"]]), 3),
                    "expanded": rounded(mean([r["expanded"] for r in done]), 1),
                }
            )
    notes = [
        f"boards: {o['per_depth']} per even depth, drawn uniformly (with replacement) among "
        f"the boards exactly that many moves from the goal {AIMA_GOAL}, found by a "
        "breadth-first search of all 181,440 states; the same boards for every heuristic",
        "generated: nodes put on the open list, the start included, mean per depth; "
        "ebf: Russell & Norvig's b* of that mean N at depth d; ebf_mean: the mean of each "
        "board's own b*; expanded: mean nodes expanded",
        *limit_note(unsolved, len(rows), "A*", o["max_nodes"]),
    ]
    charts = []
    for key, title, y, log in (
        ("generated", "Nodes generated by A*, by solution depth", "nodes generated", True),
        ("ebf", "Effective branching factor b*, by solution depth", "b*", False),
    ):
        series = []
        for h in o["heuristics"]:
            mine = [r for r in out if r["heuristic"] == h]
            series.append(
                chart_series(f"{h} (ours)", [[r["depth"], r[key]] for r in mine], group=h)
            )
            if h in RN_HEURISTICS:
                book = [[r["depth"], r[f"published_{key}"]] for r in mine]
                series.append(chart_series(f"{h} (R&N)", book, published=True, group=h))
        charts.append(make_chart("line", title, "depth", y, log, series))
    return Table(columns, out, notes, charts)


def searches(o: dict[str, Any]) -> int:
    count: int = len(_rn_depths(o)) * o["per_depth"] * len(o["heuristics"])
    return count


def check(o: dict[str, Any]) -> None:
    if o["min_depth"] > o["max_depth"]:
        raise PuzzleError("--min-depth is larger than --max-depth")
    if not _rn_depths(o):
        raise PuzzleError(
            f"no even depth from {o['min_depth']} to {o['max_depth']}: the table is by even "
            "depths, as the book's"
        )


EXPERIMENT = Experiment(
    "rn",
    "Russell & Norvig's A* table: nodes generated and b* by solution depth",
    "A* on the 8-puzzle, boards drawn uniformly at each even depth from the goal "
    f"{AIMA_GOAL}, mean nodes generated and effective branching factor per depth, "
    "beside AIMA's figures (h1 = misplaced, h2 = manhattan).",
    (
        count_option("per_depth", 100, "boards per depth (Russell & Norvig: 100)"),
        Option("min_depth", "int", 2, "smallest depth (even depths only)", 2, 30),
        Option("max_depth", "int", 24, "largest depth (the book: 24)", 2, 30),
        heuristics_option("misplaced,manhattan"),
        tie_break_option("high-g", "the book does not say"),
        MAX_NODES_OPTION,
    ),
    plan,
    summary,
    searches,
    check,
)
