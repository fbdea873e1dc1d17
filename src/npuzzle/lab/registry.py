"""The experiments by name, and their options read and checked as one.

>>> list(EXPERIMENTS)
['rn', 'kunkle', 'riggs', 'nayak', 'compare']
>>> options = resolve("compare", {"boards": 5, "algorithms": "idastar,astar"})
>>> options["boards"], options["algorithms"], options["heuristics"]  # defaults filled in
(5, [<Algorithm.ASTAR: 'astar'>, <Algorithm.IDASTAR: 'idastar'>], ['manhattan', 'linear-conflict'])
>>> experiment("korf")  # doctest: +ELLIPSIS
Traceback (most recent call last):
npuzzle.core.board.PuzzleError: unknown experiment 'korf': choose one of rn, kunkle, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from npuzzle.core.board import PuzzleError
from npuzzle.lab import compare, kunkle, nayak, riggs, rn
from npuzzle.lab.options import MAX_SEARCHES, Experiment

__all__ = ["EXPERIMENTS", "experiment", "resolve"]

EXPERIMENTS: dict[str, Experiment] = {
    m.EXPERIMENT.name: m.EXPERIMENT for m in (rn, kunkle, riggs, nayak, compare)
}


def experiment(name: str) -> Experiment:
    try:
        return EXPERIMENTS[name]
    except KeyError:
        raise PuzzleError(
            f"unknown experiment {name!r}: choose one of {', '.join(EXPERIMENTS)}"
        ) from None


def resolve(name: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The experiment's options with defaults filled in, each checked, then together, and
    the number of searches they plan (``PuzzleError`` names the first problem). ``None``
    values mean the default."""
    exp = experiment(name)
    out = exp.defaults()
    for key, value in (options or {}).items():
        if value is not None:
            out[key] = exp.option(key).parse(value)
    exp.check(out)
    count = exp.searches(out)
    if count > MAX_SEARCHES:
        raise PuzzleError(
            f"{name} with these options runs {count:,} searches: at most {MAX_SEARCHES:,} "
            "(fewer boards, depths or heuristics)"
        )
    return out
