"""Nayak & Huang: BFS, A*, greedy and their human-like search on 3x3, 4x4 and 5x5 boards
(Manhattan for the informed ones, the human-like search with weight 3), beside ours: A* with
walking distance on 3x3 and 4x4 (IDA* with pattern databases with ``pdb``), weighted A* with
linear conflict on 5x5. Their "nodes expanded" are read as our nodes generated and their
"nodes explored" as our nodes expanded. The tie-break ``lifo`` reproduces their greedy search.

Two 3x3 boards 10 random moves from the goal (the paper's are uniform random):

>>> from npuzzle.lab import runner
>>> options = {"sizes": "3x3", "boards": 2, "moves3": 10}
>>> result = runner.run("nayak", options)
>>> [(row["algorithm"], row["generated"], row["moves"]) for row in result.rows]
... # doctest: +NORMALIZE_WHITESPACE
[('BFS', 1067.0, 10.0), ('A*', 27.5, 10.0), ('greedy', 79.5, 18.0),
 ('human-like', 27.5, 10.0), ('ours: A* + walking-distance', 21.5, 10.0)]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from npuzzle.core.board import Board
from npuzzle.core.generate import random_board
from npuzzle.lab.options import (
    MAX_MOVES,
    MAX_NODES_OPTION,
    MOVES_HELP,
    Experiment,
    Option,
    Row,
    Spec,
    Table,
    count_option,
    sides,
    tie_break_option,
)
from npuzzle.lab.stats import chart_series, limit_note, make_chart, mean, rounded, solved
from npuzzle.search.algorithms import DEFAULT_WEIGHT, MAX_WEIGHT, Algorithm

__all__ = ["EXPERIMENT"]

#: Nayak & Huang, averages over random boards (A* on the 4x4: 10 boards):
#: (size, algorithm) -> (their "nodes expanded", their "nodes explored", moves)
NAYAK: dict[tuple[str, Algorithm], tuple[int, int, int]] = {
    ("3x3", Algorithm.BFS): (137_255, 102_631, 22),
    ("3x3", Algorithm.ASTAR): (1_446, 911, 22),
    ("3x3", Algorithm.GREEDY): (420, 243, 64),
    ("3x3", Algorithm.HUMAN): (478, 288, 30),
    ("4x4", Algorithm.ASTAR): (3_523_100, 2_272_498, 47),
    ("4x4", Algorithm.GREEDY): (5_409, 2_594, 259),
    ("4x4", Algorithm.HUMAN): (40_935, 19_308, 81),
    ("5x5", Algorithm.GREEDY): (38_780, 17_043, 618),
    ("5x5", Algorithm.HUMAN): (860_126, 355_714, 189),
}


def _nayak_runs(size: str, o: dict[str, Any]) -> list[tuple[str, str, Algorithm, str, bool]]:
    """(key, label, algorithm, heuristic, on the optimal subset only) for one size: the
    paper's searches, then ours (the best optimal search under the same node limit: A* with
    walking distance, or IDA* with pattern databases; on 5x5, weighted A*)."""
    paper = {
        Algorithm.BFS: ("BFS", "zero"),
        Algorithm.ASTAR: ("A*", "manhattan"),
        Algorithm.GREEDY: ("greedy", "manhattan"),
        Algorithm.HUMAN: ("human-like", "manhattan"),
    }
    runs = [
        (str(a), paper[a][0], a, paper[a][1], size == "4x4" and a == Algorithm.ASTAR)
        for (s, a) in NAYAK
        if s == size
    ]
    ours: tuple[str, Algorithm, str]
    if size == "5x5":
        ours = ("weighted A*", Algorithm.WASTAR, "linear-conflict")
    elif o["pdb"]:
        ours = ("IDA*", Algorithm.IDASTAR, "pdb")
    else:
        ours = ("A*", Algorithm.ASTAR, "walking-distance")
    runs.append(("ours", f"ours: {ours[0]} + {ours[2]}", ours[1], ours[2], size == "4x4"))
    return runs


def plan(o: dict[str, Any], seed: str) -> Iterator[Spec]:
    for size in o["sizes"]:
        w, h = sides(size)
        goal = Board.goal("standard", w, h)
        moves = o[f"moves{w}"]
        runs = _nayak_runs(size, o)
        for sample in range(o["boards"]):
            board = random_board(w, h, seed=f"{seed}:nayak:{size}:{sample}", moves=moves)
            for key, _label, algorithm, heuristic, optimal_only in runs:
                if not optimal_only or sample < o["optimal_boards"]:
                    tags = {"size": size, "run": key, "sample": sample}
                    yield board, goal, algorithm, heuristic, tags


def summary(o: dict[str, Any], rows: list[Row]) -> Table:
    columns = [
        "size", "algorithm", "boards", "solved", "generated", "published_generated",
        "expanded", "published_expanded", "moves", "published_moves", "seconds",
    ]  # fmt: skip
    out: list[Row] = []
    notes = []
    for size in o["sizes"]:
        for key, label, algorithm, _h, _opt in _nayak_runs(size, o):
            group = [r for r in rows if r["size"] == size and r["run"] == key]
            if not group:
                continue
            done = solved(group)
            pub = None if key == "ours" else NAYAK.get((size, algorithm))
            out.append(
                {
                    "size": size,
                    "algorithm": label,
                    "boards": len(group),
                    "solved": len(done),
                    "generated": rounded(mean([r["generated"] for r in done]), 1),
                    "published_generated": pub[0] if pub else None,
                    "expanded": rounded(mean([r["expanded"] for r in done]), 1),
                    "published_expanded": pub[1] if pub else None,
                    "moves": rounded(mean([r["length"] for r in done]), 1),
                    "published_moves": pub[2] if pub else None,
                    "seconds": round(sum(r["seconds"] for r in group), 3),
                }
            )
            notes += limit_note(
                len(group) - len(done), len(group), f"{label} on {size}", o["max_nodes"]
            )
    boards = []
    for size in o["sizes"]:
        moves = o[f"moves{sides(size)[0]}"]
        how = "uniform random" if moves is None else f"{moves} random moves from the goal"
        extra = f" (A* and ours on the first {o['optimal_boards']})" if size == "4x4" else ""
        boards.append(f"{size}: {how}{extra}")
    notes[:0] = [
        f"boards: {o['boards']} per size, the same for every algorithm; " + "; ".join(boards),
        "their 'nodes expanded' is read as our generated (nodes put on the open list) and "
        "their 'nodes explored' as our expanded (nodes taken off it and expanded); "
        "human-like and greedy use Manhattan, the human-like search weight "
        f"{o['weight']:g}; tie-break {o['tie_break']}",
    ]
    charts = []
    for size in o["sizes"]:
        mine = [r for r in out if r["size"] == size]
        cats = [r["algorithm"].removeprefix("ours: ") for r in mine]
        for key, what, log in (
            ("generated", "nodes generated (their 'nodes expanded')", True),
            ("moves", "solution length", False),
        ):
            ours = [[c, r[key]] for c, r in zip(cats, mine, strict=True)]
            theirs = [[c, r[f"published_{key}"]] for c, r in zip(cats, mine, strict=True)]
            series = [
                chart_series("ours", ours),
                chart_series("Nayak & Huang", theirs, published=True),
            ]
            title = f"{size}: {what}, mean per board"
            charts.append(make_chart("bar", title, "search", what.split(" (")[0], log, series))
    return Table(columns, out, notes, charts)


def searches(o: dict[str, Any]) -> int:
    total = 0
    for size in o["sizes"]:
        for *_run, optimal_only in _nayak_runs(size, o):
            total += min(o["boards"], o["optimal_boards"]) if optimal_only else o["boards"]
    return total


EXPERIMENT = Experiment(
    "nayak",
    "Nayak & Huang: BFS, A*, greedy and human-like on 3x3, 4x4 and 5x5",
    "Each algorithm of the paper on the same random boards per size (Manhattan for "
    "the informed ones), plus ours: A* with walking distance on 3x3 and 4x4 (IDA* "
    "with pattern databases with --pdb), weighted A* with linear conflict on 5x5.",
    (
        count_option("boards", 100, "boards per size (the paper: 100)"),
        count_option("optimal_boards", 10, "4x4 boards for A* and ours (the paper: 10)"),
        Option(
            "sizes",
            "names",
            "3x3,4x4,5x5",
            "sizes to run",
            choices=("3x3", "4x4", "5x5"),
            noun="size",
        ),
        Option("moves3", "moves", "uniform", f"3x3: {MOVES_HELP}", 0, MAX_MOVES),
        Option("moves4", "moves", 100, f"4x4: {MOVES_HELP}", 0, MAX_MOVES),
        Option("moves5", "moves", "uniform", f"5x5: {MOVES_HELP}", 0, MAX_MOVES),
        Option("pdb", "flag", False, "ours uses pattern databases (built once, ~3 min)"),
        Option(
            "weight",
            "float",
            DEFAULT_WEIGHT,
            "w of the human-like search and of ours on 5x5 (the paper: 3)",
            1,
            MAX_WEIGHT,
        ),
        tie_break_option("lifo", "the newer node first: it reproduces their greedy search"),
        MAX_NODES_OPTION,
    ),
    plan,
    summary,
    searches,
)
