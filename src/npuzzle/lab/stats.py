"""The statistics and chart data the experiments' summaries share.

>>> figures = describe([3, 1, 4, 1, 5])
>>> figures["mean"], figures["median"], figures["min"], figures["max"], round(figures["sd"], 3)
(2.8, 3, 1, 5, 1.789)
>>> rng_for("1", "riggs", 0).random() == rng_for("1", "riggs", 0).random()  # by the seed
True
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

from npuzzle.core.board import Board
from npuzzle.core.space import Space
from npuzzle.heuristics import make_heuristic
from npuzzle.lab.options import Row
from npuzzle.search.records import Status

__all__ = [
    "chart_series",
    "check_heuristic",
    "describe",
    "limit_note",
    "make_chart",
    "mean",
    "rng_for",
    "rounded",
    "solved",
]


def describe(values: Sequence[float]) -> dict[str, float | None]:
    """Mean, median, min, max and the sample standard deviation (``None`` where undefined)."""
    if not values:
        return dict.fromkeys(("mean", "median", "min", "max", "sd"))
    return {
        "mean": statistics.fmean(values),
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "sd": statistics.stdev(values) if len(values) > 1 else None,
    }


def mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def rounded(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


def solved(rows: Iterable[Row]) -> list[Row]:
    return [r for r in rows if r["status"] == Status.SOLVED]


def limit_note(unsolved: int, total: int, what: str, max_nodes: int) -> list[str]:
    if not unsolved:
        return []
    limit = f"{max_nodes:,} expansions" if max_nodes else "its limit"
    return [
        f"{what}: {unsolved} of {total} searches stopped at {limit} without an answer "
        "and are left out of the means"
    ]


def rng_for(seed: str, *parts: Any) -> random.Random:
    return random.Random(":".join([seed, *map(str, parts)]))


def chart_series(
    name: str, points: list[list[Any]], published: bool = False, group: str | None = None
) -> dict[str, Any]:
    """A chart's series; series of one ``group`` (ours and the paper's, for one heuristic)
    share a colour."""
    points = [p for p in points if p[1] is not None]
    return {"name": name, "points": points, "published": published, "group": group or name}


def make_chart(
    kind: str, title: str, x: str, y: str, log_y: bool, series: list[Any]
) -> dict[str, Any]:
    return {"kind": kind, "title": title, "x": x, "y": y, "log_y": log_y, "series": series}


def check_heuristic(name: str, goal: Board) -> None:
    """Refuse at once a heuristic that cannot measure boards of this shape (``pdb`` is only
    checked, not loaded: its tables may take minutes to build)."""
    if name == "pdb":
        from npuzzle.heuristics import pdbplan

        pdbplan.plan(goal.width, goal.height, goal.blank)
        return
    space = Space(goal.width, goal.height)
    make_heuristic(name, space, {t: p for p, t in enumerate(goal.tiles)})
