"""Kunkle 2001: A* on his six test boards (goal ``123 8b4 765``, reversed in test 4) with his
three heuristics: blind (0 at the goal, else 1), Manhattan, and Manhattan + reversal penalty.
His "states examined" are our nodes expanded; his open list, sorted by f, keeps equal nodes in
arrival order, hence the tie-break ``fifo``.

>>> from npuzzle.lab import runner
>>> result = runner.run("kunkle", {"heuristics": "manhattan"})
>>> [(row["expanded"], row["published_expanded"]) for row in result.rows]
[(6, 6), (70, 70), (292, 292), (292, 292), (4, 4), (10708, 10804)]
>>> result.notes[1]
"5 of 6 state counts equal Kunkle's and 5 of 6 solutions are his move for move (tie-break fifo)"
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from npuzzle.core.board import Board
from npuzzle.lab.options import (
    MAX_NODES_OPTION,
    Experiment,
    Row,
    Spec,
    Table,
    heuristics_option,
    tie_break_option,
)
from npuzzle.lab.stats import chart_series, make_chart
from npuzzle.search.algorithms import Algorithm

__all__ = ["EXPERIMENT"]

#: Kunkle's examinations stopped here: his blind search never solved test 6
KUNKLE_CAP = 100_000

#: Kunkle's tests.txt: (start, goal, optimal length, {heuristic: (states examined, moves)});
#: ``None`` where his search gave up at the cap
KUNKLE_TESTS: tuple[tuple[str, str, int, dict[str, tuple[int | None, str | None]]], ...] = (
    (
        "134 8b5 726",
        "123 8b4 765",
        6,
        {"blind": (69, "DRUULD"), "manhattan": (6, "DRUULD"), "reversal": (6, "DRUULD")},
    ),
    (
        "231 7b8 654",
        "123 8b4 765",
        14,
        {
            "blind": (3685, "RULDRDLLURULDR"),
            "manhattan": (70, "RULDRDLLURULDR"),
            "reversal": (61, "RULDRDLLURULDR"),
        },
    ),
    (
        "231 8b4 765",
        "123 8b4 765",
        16,
        {
            "blind": (9137, "ULDRURDLLURDRULD"),
            "manhattan": (292, "RULLDRRULDLURRDL"),
            "reversal": (257, "RULLDRRULDLURRDL"),
        },
    ),
    (
        "123 8b4 765",
        "231 8b4 765",
        16,
        {
            "blind": (9137, "URDLULDRRULDLURD"),
            "manhattan": (292, "LURRDLLURDRULLDR"),
            "reversal": (257, "LURRDLLURDRULLDR"),
        },
    ),
    (
        "283 1b4 765",
        "123 8b4 765",
        4,
        {"blind": (21, "ULDR"), "manhattan": (4, "ULDR"), "reversal": (4, "ULDR")},
    ),
    (
        "876 1b5 234",
        "123 8b4 765",
        28,
        {
            "blind": (None, None),
            "manhattan": (10804, "DLURRDLUURDDLUULDDRUULDRRULD"),
            "reversal": (9176, "DLURRDLUURDDLUULDDRUULDRRULD"),
        },
    ),
)


def plan(o: dict[str, Any], seed: str) -> Iterator[Spec]:
    for test, (start_text, goal_text, _length, _pub) in enumerate(KUNKLE_TESTS, 1):
        for h in o["heuristics"]:
            board, goal = Board.parse(start_text), Board.parse(goal_text)
            yield board, goal, Algorithm.ASTAR, h, {"test": test}


def summary(o: dict[str, Any], rows: list[Row]) -> Table:
    columns = [
        "test", "start", "goal", "heuristic", "length", "published_length", "expanded",
        "published_expanded", "generated", "moves", "published_moves", "same_moves",
    ]  # fmt: skip
    out: list[Row] = []
    for test, (start_text, goal_text, length, published) in enumerate(KUNKLE_TESTS, 1):
        for h in o["heuristics"]:
            for r in rows:
                if r["test"] != test or r["heuristic"] != h:
                    continue
                examined, moves = published.get(h, (None, None))
                out.append(
                    {
                        "test": test,
                        "start": start_text,
                        "goal": goal_text,
                        "heuristic": h,
                        "length": r["length"],
                        "published_length": length,
                        "expanded": r["expanded"],
                        "published_expanded": examined,
                        "generated": r["generated"],
                        "moves": r["moves"],
                        "published_moves": moves,
                        "same_moves": None if moves is None else r["moves"] == moves,
                    }
                )
    compared = [r for r in out if r["published_expanded"] is not None]
    equal = sum(r["expanded"] == r["published_expanded"] for r in compared)
    same = sum(bool(r["same_moves"]) for r in compared)
    notes = [
        "expanded: states examined (nodes taken from the open list and expanded, the goal "
        "not counted), Kunkle's measure; generated: nodes put on the open list",
        f"{equal} of {len(compared)} state counts equal Kunkle's and {same} of "
        f"{len(compared)} solutions are his move for move (tie-break {o['tie_break']})",
    ]
    if "blind" in o["heuristics"]:
        notes.append(
            f"Kunkle's blind search gave up on test 6 after {KUNKLE_CAP:,} "
            "examinations (published_expanded empty)"
        )
    series = []
    for h in o["heuristics"]:
        mine = [r for r in out if r["heuristic"] == h]
        ours = [[f"test {r['test']}", r["expanded"]] for r in mine]
        series.append(chart_series(f"{h} (ours)", ours, group=h))
        if any(r["published_expanded"] is not None for r in mine):
            pub = [[f"test {r['test']}", r["published_expanded"]] for r in mine]
            series.append(chart_series(f"{h} (Kunkle)", pub, published=True, group=h))
    chart = make_chart(
        "bar", "States examined by A*, per test board", "test", "states examined", True, series
    )
    return Table(columns, out, notes, [chart])


def searches(o: dict[str, Any]) -> int:
    return len(KUNKLE_TESTS) * len(o["heuristics"])


EXPERIMENT = Experiment(
    "kunkle",
    "Kunkle's six boards: states examined and moves",
    "A* on Kunkle's test boards (goal 123 8b4 765 but for test 4) with his three "
    "heuristics: blind (0 at the goal, else 1), manhattan, and manhattan + reversal.",
    (
        heuristics_option("blind,manhattan,reversal"),
        tie_break_option("fifo", "Kunkle: his sorted open list, first in first out"),
        MAX_NODES_OPTION,
    ),
    plan,
    summary,
    searches,
)
