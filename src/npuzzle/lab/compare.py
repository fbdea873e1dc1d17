"""Compare searches: any algorithms x heuristics on the same random boards (uniform, or made
by random moves), with boards solved, mean and median nodes expanded and generated, mean
length and b*, and the total time of each search.

>>> from npuzzle.lab import runner
>>> options = {"boards": 2, "algorithms": "astar,idastar", "heuristics": "manhattan"}
>>> result = runner.run("compare", options)
>>> [(str(row["algorithm"]), row["expanded_mean"], row["length_mean"]) for row in result.rows]
[('astar', 607.0, 19.5), ('idastar', 1467.0, 19.5)]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from npuzzle.core.board import GOAL_NAMES, Board, PuzzleError
from npuzzle.core.generate import random_board
from npuzzle.heuristics import WHOLE_BOARD
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
    heuristics_option,
    sides,
    tie_break_option,
)
from npuzzle.lab.stats import (
    chart_series,
    check_heuristic,
    describe,
    limit_note,
    make_chart,
    mean,
    rounded,
    solved,
)
from npuzzle.search.algorithms import ALGORITHMS, DEFAULT_WEIGHT, MAX_WEIGHT, Algorithm

__all__ = ["EXPERIMENT"]


def _combos(o: dict[str, Any]) -> tuple[list[tuple[Algorithm, str | None]], list[str]]:
    """(algorithm, heuristic) pairs to run, and what was left out and why. The algorithms
    are members: the option's choices are, and it gives back its choices."""
    combos: list[tuple[Algorithm, str | None]] = []
    skipped = []
    a: Algorithm
    for a in o["algorithms"]:
        info = ALGORITHMS[a]
        if not info.uses_heuristic:
            combos.append((a, None))
            continue
        for h in o["heuristics"]:
            if info.solves_parts and h in WHOLE_BOARD:
                skipped.append(f"human with {h} (it measures whole boards only)")
            else:
                combos.append((a, h))
    return combos, skipped


def plan(o: dict[str, Any], seed: str) -> Iterator[Spec]:
    w, h = sides(o["size"])
    goal = Board.goal(o["goal"], w, h)
    combos, _skipped = _combos(o)
    for name in {hh for _a, hh in combos if hh}:
        check_heuristic(name, goal)
    for sample in range(o["boards"]):
        board = random_board(w, h, seed=f"{seed}:compare:{sample}", goal=goal, moves=o["moves"])
        for k, (algorithm, heuristic) in enumerate(combos):
            yield board, goal, algorithm, heuristic or "zero", {"sample": sample, "run": k}


def summary(o: dict[str, Any], rows: list[Row]) -> Table:
    columns = [
        "algorithm", "heuristic", "weight", "boards", "solved", "expanded_mean",
        "expanded_median", "generated_mean", "generated_median", "length_mean", "ebf_mean",
        "seconds",
    ]  # fmt: skip
    combos, skipped = _combos(o)
    out: list[Row] = []
    limits: list[str] = []
    for k, (algorithm, heuristic) in enumerate(combos):
        group = [r for r in rows if r["run"] == k]
        if not group:
            continue
        done = solved(group)
        what = f"{algorithm} with {heuristic}" if heuristic else algorithm
        limits += limit_note(len(group) - len(done), len(group), what, o["max_nodes"])
        expanded = describe([r["expanded"] for r in done])
        generated = describe([r["generated"] for r in done])
        out.append(
            {
                "algorithm": algorithm,
                "heuristic": heuristic,
                "weight": o["weight"] if ALGORITHMS[algorithm].takes_weight else None,
                "boards": len(group),
                "solved": len(done),
                "expanded_mean": rounded(expanded["mean"], 1),
                "expanded_median": expanded["median"],
                "generated_mean": rounded(generated["mean"], 1),
                "generated_median": generated["median"],
                "length_mean": rounded(mean([r["length"] for r in done]), 2),
                "ebf_mean": rounded(mean([r["ebf"] for r in done if r["ebf"]]), 4),
                "seconds": round(sum(r["seconds"] for r in group), 3),
            }
        )
    how = "uniform random" if o["moves"] is None else f"{o['moves']} random moves from the goal"
    notes = [
        f"boards: {o['boards']} on {o['size']}, {how}, goal {o['goal']}; the same boards "
        "for every search",
        "means and medians over the boards solved; ebf_mean: the mean of each board's b* "
        "(Russell & Norvig's, from nodes generated)",
        *limits,
    ]
    if skipped:
        notes.append("left out: " + "; ".join(skipped))
    # bars grouped by algorithm, one series per heuristic
    charts = []
    for key, title, y, log in (
        ("expanded_mean", "Nodes expanded, mean per board", "nodes expanded", True),
        ("length_mean", "Solution length, mean per board", "moves", False),
    ):
        names = list(dict.fromkeys(r["heuristic"] for r in out))
        series = [
            chart_series(
                h or "no heuristic", [[r["algorithm"], r[key]] for r in out if r["heuristic"] == h]
            )
            for h in names
        ]
        charts.append(make_chart("bar", title, "algorithm", y, log, series))
    return Table(columns, out, notes, charts)


def searches(o: dict[str, Any]) -> int:
    count: int = o["boards"] * len(_combos(o)[0])
    return count


def check(o: dict[str, Any]) -> None:
    if not _combos(o)[0]:
        raise PuzzleError(
            "nothing to compare: the human-like search cannot use " + " or ".join(o["heuristics"])
        )


EXPERIMENT = Experiment(
    "compare",
    "Compare searches: algorithms x heuristics on random boards",
    "Any algorithms and heuristics on the same random boards: boards solved, mean "
    "and median nodes expanded and generated, mean length and b*, total time.",
    (
        Option("size", "size", "3x3", "board size WxH"),
        count_option("boards", 20, "boards"),
        Option("moves", "moves", "uniform", MOVES_HELP, 0, MAX_MOVES),
        Option(
            "algorithms",
            "names",
            "greedy,astar,wastar,idastar",
            "algorithms, comma-separated",
            choices=tuple(ALGORITHMS),
            noun="algorithm",
        ),
        heuristics_option("manhattan,linear-conflict"),
        Option("weight", "float", DEFAULT_WEIGHT, "w of wastar and human", 1, MAX_WEIGHT),
        Option("goal", "choice", "standard", "goal", choices=GOAL_NAMES),
        tie_break_option("high-g", "the project's default"),
        MAX_NODES_OPTION,
    ),
    plan,
    summary,
    searches,
    check,
)
