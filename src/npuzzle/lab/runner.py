"""Running an experiment: its plan as small jobs (one search of one board each), which a
caller runs one by one (the command line draws a progress bar, the page's worker yields
between jobs and stops on Cancel), or in chunks with :func:`start` and :func:`finish`.
The plan is made as it is consumed, so the first search starts at once however large it is.

>>> jobs = plan("kunkle", {"heuristics": "manhattan"})
>>> len(jobs), next(iter(jobs)).board
(6, '1,3,4/8,0,5/7,2,6')
>>> row = run_job(next(iter(jobs)))
>>> row["test"], row["moves"], row["expanded"], row["status"]
(1, 'DRUULD', 6, <Status.SOLVED: 'solved'>)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from npuzzle.core.board import Board
from npuzzle.lab.options import DEFAULT_SEED, Row
from npuzzle.lab.registry import experiment, resolve
from npuzzle.lab.results import LabResult, summarize
from npuzzle.search.algorithms import DEFAULT_WEIGHT, Algorithm
from npuzzle.search.bestfirst import TieBreak
from npuzzle.search.engine import Search
from npuzzle.search.solver import make_search

__all__ = ["Job", "Plan", "finish", "plan", "run", "run_job", "start"]


@dataclass(frozen=True)
class Job:
    """One search of one board: what :func:`run_job` needs, plus ``tags`` that say where its
    row belongs in the table (depth, board number, size, run)."""

    experiment: str
    number: int
    board: str  # rows format
    goal: str
    algorithm: Algorithm
    heuristic: str
    weight: float = DEFAULT_WEIGHT
    tie_break: str = TieBreak.HIGH_G
    max_nodes: int | None = None
    tags: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "experiment": self.experiment,
            "number": self.number,
            "board": self.board,
            "goal": self.goal,
            "algorithm": self.algorithm,
            "heuristic": self.heuristic,
            "weight": self.weight,
            "tie_break": self.tie_break,
            "max_nodes": self.max_nodes,
            "tags": dict(self.tags),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Job:
        algorithm = Algorithm.parse(data["algorithm"])
        return cls(**{**data, "algorithm": algorithm, "tags": dict(data.get("tags") or {})})


@dataclass(frozen=True)
class Plan:
    """An experiment's jobs, in the order to run them, made as they are taken (boards are
    drawn on the way), so a large plan starts at once; ``len()`` is known beforehand."""

    experiment: str
    options: dict[str, Any] = field(repr=False)
    seed: str
    size: int

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Job]:
        o = self.options
        specs = experiment(self.experiment).planner(o, self.seed)
        for k, (board, goal, algorithm, heuristic, tags) in enumerate(specs):
            yield Job(
                self.experiment,
                k,
                board.format("rows"),
                goal.format("rows"),
                algorithm,
                heuristic,
                weight=o.get("weight", DEFAULT_WEIGHT),
                tie_break=o["tie_break"],
                max_nodes=o["max_nodes"] or None,
                tags=tags,
            )


def plan(
    name: str, options: Mapping[str, Any] | None = None, seed: int | str = DEFAULT_SEED
) -> Plan:
    """The jobs of an experiment (options checked first, their number known at once)."""
    o = resolve(name, options)
    return Plan(name, o, str(seed), experiment(name).searches(o))


def start(job: Job) -> Search:
    """The search of a job, ready to ``run()`` (in chunks if the caller likes)."""
    board = Board.parse(job.board)
    return make_search(
        board,
        Board.parse(job.goal),
        algorithm=job.algorithm,
        heuristic=job.heuristic,
        weight=job.weight,
        tie_break=job.tie_break,
    )


def finish(job: Job, search: Search) -> Row:
    """The row of a job whose search has ended (or stopped at its limit)."""
    r = search.result()
    return {
        **job.tags,
        "job": job.number,
        "board": job.board,
        "algorithm": job.algorithm,
        "heuristic": r.heuristic,
        "status": r.status,
        "moves": r.moves,
        "length": r.length,
        "expanded": r.expanded,
        "generated": r.generated,
        "max_open": r.max_open,
        "ebf": r.ebf,
        "ebf_simple": r.ebf_simple,
        "optimal": r.optimal,
        "seconds": r.seconds,
    }


def run_job(job: Job, progress: Callable[[Search], Any] | None = None) -> Row:
    """Run one job to its end or its node limit. ``progress`` is called between chunks of
    expansions (it may raise to cancel)."""
    search = start(job)
    search.run(max_nodes=job.max_nodes, progress=progress)
    return finish(job, search)


def run(
    name: str,
    options: Mapping[str, Any] | None = None,
    seed: int | str = DEFAULT_SEED,
    progress: Callable[[int, int], Any] | None = None,
) -> LabResult:
    """Plan, run and summarize; ``progress(done, total)`` after each job."""
    jobs = plan(name, options, seed)
    rows = []
    for k, job in enumerate(jobs, start=1):
        rows.append(run_job(job))
        if progress is not None:
            progress(k, len(jobs))
    return summarize(name, rows, options, seed)
