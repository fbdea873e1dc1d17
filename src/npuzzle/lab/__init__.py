"""Experiments: the papers' tables, run again and printed beside the published figures.

One module per paper, each holding its plan, its summary and its published figures:
:mod:`.rn` (Russell & Norvig's A* table by depth), :mod:`.kunkle` (his six boards),
:mod:`.riggs` (statistics of V, N, d, b over random boards), :mod:`.nayak` (Nayak & Huang's
comparison on 3x3, 4x4 and 5x5) and :mod:`.compare` (any algorithms x heuristics). Beside
them: :mod:`.options` (what an experiment takes, all that share links need),
:mod:`.registry`, :mod:`.stats`, :mod:`.results` (tables as markdown, CSV, JSON) and
:mod:`.runner`, which plans an experiment as small jobs, one search of one board each, so a
caller drives it job by job. Any prefix of the rows can be summarized. ::

    >>> from npuzzle import lab
    >>> from npuzzle.lab import runner
    >>> jobs = runner.plan("kunkle", {"heuristics": "manhattan"})
    >>> rows = [runner.run_job(job) for job in jobs]
    >>> result = lab.summarize("kunkle", rows, {"heuristics": "manhattan"})
    >>> [row["length"] for row in result.rows]
    [6, 14, 16, 16, 4, 28]

Everything is reproducible from the seed: each board comes from a ``random.Random`` seeded
with text made of the seed, the experiment and the board's number, and the searches are
deterministic, so the same seed gives the same numbers; only the times change.
"""

from __future__ import annotations

from npuzzle.lab.options import (
    DEFAULT_SEED,
    FORMATS,
    MAX_SEARCHES,
    PAGE_DEFAULTS,
    PAGE_MAX_NODES,
    Experiment,
    Option,
)
from npuzzle.lab.registry import EXPERIMENTS, experiment, resolve
from npuzzle.lab.results import LabResult, cell_text, summarize
from npuzzle.lab.stats import describe

__all__ = [
    "DEFAULT_SEED",
    "EXPERIMENTS",
    "FORMATS",
    "MAX_SEARCHES",
    "PAGE_DEFAULTS",
    "PAGE_MAX_NODES",
    "Experiment",
    "LabResult",
    "Option",
    "cell_text",
    "describe",
    "experiment",
    "resolve",
    "summarize",
]
