"""Riggs 2018: A* on 100 boards made by random moves from ``b12 345 678`` with h1 (misplaced
tiles), h2 (Manhattan) and h3 (linear conflict); mean, median, min, max and sample standard
deviation of V (nodes expanded), N (nodes stored, read as our nodes generated), d (depth) and
b = N^(1/d). He does not say how many moves made a board: 100 plain random moves give his
depths. His node ids favour the newer node among equal f, hence the tie-break ``lifo``.

Three boards of 20 random moves (his are of 100), and V, the nodes expanded:

>>> from npuzzle.lab import runner
>>> result = runner.run("riggs", {"boards": 3, "moves": 20})
>>> [(row["riggs"], row["mean"], row["published_mean"]) for row in result.rows[:3]]
[('h1', 15.33, 4947.63), ('h2', 8.67, 411.2), ('h3', 8.67, 272.09)]
>>> [row["stat"] for row in result.rows[::3]]
['V', 'N', 'd', 'b']
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from npuzzle.core.board import Board
from npuzzle.core.generate import random_walk
from npuzzle.lab.options import (
    AIMA_GOAL,
    MAX_MOVES,
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
from npuzzle.lab.stats import (
    chart_series,
    describe,
    limit_note,
    make_chart,
    rng_for,
    rounded,
    solved,
)
from npuzzle.search.algorithms import Algorithm

__all__ = ["EXPERIMENT"]

#: Riggs's names of our heuristics
RIGGS_HEURISTICS = {"misplaced": "h1", "manhattan": "h2", "linear-conflict": "h3"}

#: Riggs, 100 boards: (statistic, his heuristic) -> (mean, median, min, max, standard deviation).
#: V = nodes expanded, N = nodes stored, d = depth, b = N^(1/d).
RIGGS: dict[tuple[str, str], tuple[float, float, float, float, float]] = {
    ("V", "h1"): (4947.63, 1588.5, 8, 40083, 7568.561),
    ("V", "h2"): (411.2, 183, 6, 2999, 570.9062),
    ("V", "h3"): (272.09, 118.5, 6, 1971, 367.7267),
    ("N", "h1"): (7753.52, 2547, 16, 59868, 11537.83),
    ("N", "h2"): (660.64, 311.5, 13, 4716, 898.8971),
    ("N", "h3"): (446.7, 199, 13, 3125, 590.1155),
    ("d", "h1"): (18.1, 18, 6, 26, 4.844032),
    ("d", "h2"): (18.1, 18, 6, 26, 4.844032),
    ("d", "h3"): (18.1, 18, 6, 26, 4.844032),
    ("b", "h1"): (1.518566, 1.51575, 1.43097, 1.70998, 0.032329),
    ("b", "h2"): (1.367008, 1.364635, 1.24679, 1.61887, 0.054951),
    ("b", "h3"): (1.345752, 1.338465, 1.23397, 1.61887, 0.057415),
}


def _walk(goal: Board, moves: int, rng: random.Random, undo: bool) -> Board:
    """``moves`` random blank moves from ``goal``; with ``undo`` each is drawn among all the
    legal moves (a plain random walk, which may step straight back)."""
    if not undo:
        return random_walk(goal, moves, rng)
    board = goal
    for _ in range(moves):
        board = board.move(rng.choice(board.legal_moves()))
    return board


def plan(o: dict[str, Any], seed: str) -> Iterator[Spec]:
    goal = Board.parse(AIMA_GOAL)
    for sample in range(o["boards"]):
        board = _walk(goal, o["moves"], rng_for(seed, "riggs", sample), o["walk"] == "any")
        for h in o["heuristics"]:
            yield board, goal, Algorithm.ASTAR, h, {"sample": sample}


_RIGGS_STATS = (
    ("V", "expanded", 2),
    ("N", "generated", 2),
    ("d", "length", 2),
    ("b", "ebf_simple", 5),
)


def summary(o: dict[str, Any], rows: list[Row]) -> Table:
    columns = ["stat", "heuristic", "riggs", "boards"]
    for k in ("mean", "median", "min", "max", "sd"):
        columns += [k, f"published_{k}"]
    out: list[Row] = []
    unsolved = 0
    for stat, key, digits in _RIGGS_STATS:
        for h in o["heuristics"]:
            group = [r for r in rows if r["heuristic"] == h]
            done = solved(group)
            if stat == "V":
                unsolved += len(group) - len(done)
            values = [r[key] for r in done if r[key] is not None]
            if not group:
                continue
            name = RIGGS_HEURISTICS.get(h)
            pub = RIGGS.get((stat, name or ""))
            row: Row = {"stat": stat, "heuristic": h, "riggs": name, "boards": len(values)}
            for i, (k, v) in enumerate(describe(values).items()):
                row[k] = rounded(v, digits)
                row[f"published_{k}"] = pub[i] if pub else None
            out.append(row)
    walk = (
        "each a random legal move (it may undo the last one)"
        if o["walk"] == "any"
        else "never undoing the last move"
    )
    notes = [
        f"boards: {o['boards']}, each {o['moves']} random moves from {AIMA_GOAL}, {walk}",
        "V: nodes expanded; N: nodes stored, read as our nodes generated (put on the open "
        "list, the start included); d: solution depth; b = N^(1/d); sd: sample standard "
        "deviation",
        f"tie-break {o['tie_break']} (Riggs: the newer node first among equal f)",
        *limit_note(unsolved, len(rows), "A*", o["max_nodes"]),
    ]
    charts = []
    for title, stats, log in (
        ("Nodes expanded (V) and stored (N), mean per board", ("V", "N"), True),
        ("Effective branching factor b = N^(1/d), mean per board", ("b",), False),
    ):
        series = []
        for stat in stats:
            mine = [r for r in out if r["stat"] == stat]
            ours = [[r["heuristic"], r["mean"]] for r in mine]
            series.append(chart_series(f"{stat} (ours)", ours, group=stat))
            his = [[r["heuristic"], r["published_mean"]] for r in mine]
            if any(p[1] is not None for p in his):
                series.append(chart_series(f"{stat} (Riggs)", his, published=True, group=stat))
        charts.append(make_chart("bar", title, "heuristic", "mean", log, series))
    return Table(columns, out, notes, charts)


def searches(o: dict[str, Any]) -> int:
    count: int = o["boards"] * len(o["heuristics"])
    return count


EXPERIMENT = Experiment(
    "riggs",
    "Riggs's statistics: V, N, d and b over random boards",
    f"A* on boards made by random moves from {AIMA_GOAL}; mean, median, min, max and "
    "standard deviation of nodes expanded (V), stored (N), depth (d) and N^(1/d).",
    (
        count_option("boards", 100, "boards (Riggs: 100)"),
        Option("moves", "int", 100, "random moves per board", 0, MAX_MOVES),
        Option(
            "walk",
            "choice",
            "any",
            "how moves are drawn: any (a plain random walk, which may undo a move) "
            "or no-undo (as npuzzle random --moves)",
            choices=("any", "no-undo"),
        ),
        heuristics_option("misplaced,manhattan,linear-conflict"),
        tie_break_option("lifo", "Riggs: the newer node first"),
        MAX_NODES_OPTION,
    ),
    plan,
    summary,
    searches,
)
