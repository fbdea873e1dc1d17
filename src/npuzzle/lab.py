"""Experiments: the papers' tables, run again and printed beside the published figures.

An experiment is planned as a list of small :class:`Job` s, one search of one board each, so
a caller drives it job by job: the command line draws a progress bar, the web page's worker
yields between jobs (or between chunks of one job, with :func:`start` and :func:`finish`)
and stops on Cancel. Any prefix of the rows can be summarized. ::

    >>> from npuzzle import lab
    >>> jobs = lab.plan("kunkle", {"heuristics": "manhattan"})
    >>> rows = [lab.run_job(job) for job in jobs]
    >>> result = lab.summarize("kunkle", rows, {"heuristics": "manhattan"})
    >>> [row["length"] for row in result.rows]
    [6, 14, 16, 16, 4, 28]

Everything is reproducible from the seed: each board comes from a ``random.Random`` seeded
with text made of the seed, the experiment and the board's number, and the searches are
deterministic, so the same seed gives the same numbers; only the times change.

The experiments: ``rn`` (Russell & Norvig's A* table by depth), ``kunkle`` (his six boards),
``riggs`` (100 boards of random moves, statistics of V, N, d, b), ``nayak`` (Nayak & Huang's
comparison on 3x3, 4x4 and 5x5) and ``compare`` (any algorithms x heuristics).
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import re
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from . import labdata
from .algorithms import ALGORITHMS, DEFAULT_WEIGHT
from .board import GOAL_NAMES, Board, PuzzleError
from .generate import random_board, random_walk
from .heuristics import HEURISTICS, make_heuristic
from .metrics import ebf_exact
from .search import TIE_BREAKS, Search
from .solver import WHOLE_BOARD_HEURISTICS, make_search
from .space import Space

__all__ = [
    "DEFAULT_SEED",
    "EXPERIMENTS",
    "FORMATS",
    "PAGE_DEFAULTS",
    "PAGE_MAX_NODES",
    "Experiment",
    "Job",
    "LabResult",
    "Option",
    "cell_text",
    "describe",
    "finish",
    "plan",
    "resolve",
    "run",
    "run_job",
    "start",
    "summarize",
]

DEFAULT_SEED = 1
FORMATS = ("markdown", "csv", "json")
AIMA_GOAL = "b12 345 678"  # the blank first, as in AIMA and Riggs
MAX_COUNT = 10_000  # boards per experiment (or per depth)
MAX_NODES = 100_000_000
DEFAULT_MAX_NODES = 1_000_000  # expansions per search: about 5 s and 0.5 GB on the 4x4
# The web page's searches stop at this many expansions (memory in a tab is finite), and its
# starting values where the command line's take minutes in a browser tab.
PAGE_MAX_NODES = 1_000_000
PAGE_DEFAULTS: dict[str, dict[str, Any]] = {"nayak": {"boards": 20, "optimal_boards": 3}}
Row = dict[str, Any]
_Spec = tuple[Board, Board, str, str, dict[str, Any]]  # board, goal, algorithm, heuristic, tags


# ----- options -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """One setting of an experiment: ``kind`` says how text is read (``int``, ``float``,
    ``names`` (comma-separated, from ``choices``, returned in the choices' order), ``choice``,
    ``size`` (WxH), ``moves`` (a count, or ``uniform``) or ``flag``); numbers are checked
    against the bounds."""

    name: str
    kind: str
    default: Any
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    noun: str = ""  # what one of the names is, for messages ("heuristic")

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def parse(self, value: Any) -> Any:
        """The option's value from text (the command line) or a plain value (the page)."""
        kind = self.kind
        if kind in ("int", "float"):
            return self._number(value)
        if kind == "names":
            items = value.split(",") if isinstance(value, str) else list(value)
            names = list(dict.fromkeys(str(i).strip() for i in items if str(i).strip()))
            if not names:
                raise PuzzleError(f"{self.flag} needs at least one {self.noun}")
            for n in names:
                if n not in self.choices:
                    raise PuzzleError(
                        f"unknown {self.noun} {n!r}: choose from {', '.join(self.choices)}"
                    )
            # in the order of the choices, whatever the order given: the same table (and the
            # same link) from the command line and from the page's checkboxes
            return [c for c in self.choices if c in names]
        if kind == "choice":
            text = str(value).strip()
            if text not in self.choices:
                raise PuzzleError(f"{self.flag} {text!r}: choose one of {', '.join(self.choices)}")
            return text
        if kind == "size":
            return _size(value)
        if kind == "moves":
            if value is None or str(value).strip().lower() in ("uniform", "none", ""):
                return None
            return self._number(value)
        if kind == "flag":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise PuzzleError(f"{self.flag} {value!r} is not yes or no")
        raise PuzzleError(f"option {self.name} has an unknown kind {kind!r}")

    def _number(self, value: Any) -> int | float:
        whole = self.kind in ("int", "moves")
        if isinstance(value, bool) or (isinstance(value, str) and not value.isascii()):
            raise PuzzleError(f"{self.flag} {value!r} is not a number")
        try:
            number: int | float = (
                (int(value.replace("_", "").replace(",", "")) if whole else float(value))
                if isinstance(value, str)
                else (int(value) if whole and float(value).is_integer() else float(value))
            )
        except (TypeError, ValueError, OverflowError):
            what = "a whole number" if whole else "a number"
            raise PuzzleError(f"{self.flag} {value!r} is not {what}") from None
        if whole and not isinstance(number, int):
            raise PuzzleError(f"{self.flag} {value!r} is not a whole number")
        if not math.isfinite(number):
            raise PuzzleError(f"{self.flag} {value!r} is not a finite number")
        if self.minimum is not None and number < self.minimum:
            raise PuzzleError(f"{self.flag} must be at least {self.minimum:g}, not {value}")
        if self.maximum is not None and number > self.maximum:
            raise PuzzleError(f"{self.flag} must be at most {self.maximum:,g}, not {value}")
        return number

    def format(self, value: Any) -> str:
        """``value`` (as :meth:`parse` returns it) written as text that :meth:`parse` reads
        back: the form share links and the page's fields use."""
        if self.kind == "names":
            return ",".join(value)
        if self.kind == "moves" and value is None:
            return "uniform"
        if self.kind == "flag":
            return "yes" if value else "no"
        if self.kind == "float":
            return f"{value:.15g}"
        return str(value)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "flag": self.flag,
            "kind": self.kind,
            "default": self.default,
            "help": self.help,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": list(self.choices),
        }


def _size(value: Any) -> str:
    """``WxH`` with sides 2 to 8, written back the same way."""
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(\d{1,3})\s*(?:[xX\u00d7]\s*(\d{1,3}))?\s*", value)
        if not m:
            raise PuzzleError(f"size {value!r} is not WxH, e.g. 4x4 or 3x2")
        w, h = int(m.group(1)), int(m.group(2) or m.group(1))
    else:
        try:
            w, h = (int(v) for v in value)
        except (TypeError, ValueError):
            raise PuzzleError(f"size {value!r} is not WxH, e.g. 4x4 or 3x2") from None
    if not (2 <= w <= 8 and 2 <= h <= 8):
        raise PuzzleError(f"size {w}x{h} is out of range: sides go from 2 to 8")
    return f"{w}x{h}"


def _sides(size: str) -> tuple[int, int]:
    w, h = size.split("x")
    return int(w), int(h)


def _count(name: str, default: int, what: str, maximum: int = MAX_COUNT) -> Option:
    return Option(name, "int", default, what, 1, maximum)


def _heuristics(default: str) -> Option:
    return Option(
        "heuristics",
        "names",
        default,
        "heuristics, comma-separated",
        choices=tuple(HEURISTICS),
        noun="heuristic",
    )


def _tie_break(default: str, why: str) -> Option:
    return Option(
        "tie_break", "choice", default, f"order among equal f ({why})", choices=TIE_BREAKS
    )


_MAX_NODES = Option(
    "max_nodes",
    "int",
    DEFAULT_MAX_NODES,
    "expansions per search before it counts as unsolved (0: no limit)",
    0,
    MAX_NODES,
)
_MOVES_HELP = "random moves from the goal that make a board, or 'uniform' (all solvable boards)"


# ----- experiments -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Experiment:
    """What the page and the command line show of an experiment, and how it is run."""

    name: str
    title: str
    description: str
    options: tuple[Option, ...]
    planner: Callable[[dict[str, Any], str], Iterator[_Spec]] = field(repr=False, compare=False)
    summary: Callable[[dict[str, Any], list[Row]], _Table] = field(repr=False, compare=False)

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.parse(o.default) for o in self.options}

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise PuzzleError(
            f"{self.name} has no option {name!r}: it takes "
            + ", ".join(o.name for o in self.options)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "options": [o.to_json() for o in self.options],
        }


@dataclass(frozen=True)
class Job:
    """One search of one board: what :func:`run_job` needs, plus ``tags`` that say where its
    row belongs in the table (depth, board number, size, run)."""

    experiment: str
    number: int
    board: str  # rows format
    goal: str
    algorithm: str
    heuristic: str
    weight: float = DEFAULT_WEIGHT
    tie_break: str = "high-g"
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
        return cls(**{**data, "tags": dict(data.get("tags") or {})})


def experiment(name: str) -> Experiment:
    try:
        return EXPERIMENTS[name]
    except KeyError:
        raise PuzzleError(
            f"unknown experiment {name!r}: choose one of {', '.join(EXPERIMENTS)}"
        ) from None


def resolve(name: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The experiment's options with defaults filled in, each checked (``PuzzleError``
    names the first bad one). ``None`` values mean the default."""
    exp = experiment(name)
    out = exp.defaults()
    for key, value in (options or {}).items():
        if value is not None:
            out[key] = exp.option(key).parse(value)
    return out


def plan(
    name: str, options: Mapping[str, Any] | None = None, seed: int | str = DEFAULT_SEED
) -> list[Job]:
    """The jobs of an experiment, in the order to run them."""
    o = resolve(name, options)
    return [
        Job(name, k, board.format("rows"), goal.format("rows"), algorithm, heuristic,
            weight=o.get("weight", DEFAULT_WEIGHT), tie_break=o["tie_break"],
            max_nodes=o["max_nodes"] or None, tags=tags)
        for k, (board, goal, algorithm, heuristic, tags) in enumerate(
            experiment(name).planner(o, str(seed))
        )
    ]  # fmt: skip


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


def summarize(
    name: str,
    rows: Iterable[Row],
    options: Mapping[str, Any] | None = None,
    seed: int | str = DEFAULT_SEED,
) -> LabResult:
    """The experiment's table from the rows of its jobs (all of them, or the first few)."""
    exp = experiment(name)
    opts = resolve(name, options)
    table = exp.summary(opts, list(rows))
    return LabResult(
        exp.name,
        exp.title,
        seed,
        opts,
        table.columns,
        table.rows,
        [*table.notes, f"seed {seed}"],
        table.charts,
    )


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


# ----- results -----------------------------------------------------------------------------------
@dataclass
class _Table:
    columns: list[str]
    rows: list[Row]
    notes: list[str]
    charts: list[dict[str, Any]]


@dataclass
class LabResult:
    """An experiment's table: ``rows`` are plain dicts keyed by ``columns`` (``published_*``
    columns hold the paper's figure beside ours; ``None`` where it has none)."""

    experiment: str
    title: str
    seed: int | str
    options: dict[str, Any]
    columns: list[str]
    rows: list[Row]
    notes: list[str]
    chart_data: list[dict[str, Any]]

    def charts(self) -> list[dict[str, Any]]:
        """Plain data for charts: ``kind`` (``line`` or ``bar``), ``title``, axis names ``x``
        and ``y``, ``log_y``, and ``series`` of ``{"name", "points": [[x, y], ...],
        "published"}`` (published: the paper's figures)."""
        return self.chart_data

    def to_markdown(self) -> str:
        head = f"### {self.experiment}: {self.title}\n\n"
        lines = [
            "| " + " | ".join(self.columns) + " |",
            "|" + "|".join("---" for _ in self.columns) + "|",
        ]
        for row in self.rows:
            cells = (cell_text(row.get(c)).replace("|", "\\|") for c in self.columns)
            lines.append("| " + " | ".join(cells) + " |")
        notes = "".join(f"- {n}\n" for n in self.notes)
        return head + "\n".join(lines) + "\n" + (f"\n{notes}" if notes else "")

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.columns)
        for row in self.rows:
            writer.writerow(["" if row.get(c) is None else row.get(c) for c in self.columns])
        return out.getvalue()

    def to_json(self) -> str:
        """The rows, as a JSON list of objects."""
        return json.dumps([{c: row.get(c) for c in self.columns} for row in self.rows])


def cell_text(value: Any) -> str:
    """A table cell as the markdown table and the page write it: 20,040.3; yes; empty for
    none (the summaries have rounded the numbers already)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return f"{value:,}"
    return str(value)


# ----- statistics --------------------------------------------------------------------------------
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


def _mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


def _solved(rows: Iterable[Row]) -> list[Row]:
    return [r for r in rows if r["status"] == "solved"]


def _limit_note(unsolved: int, total: int, what: str, max_nodes: int) -> list[str]:
    if not unsolved:
        return []
    limit = f"{max_nodes:,} expansions" if max_nodes else "its limit"
    return [
        f"{what}: {unsolved} of {total} searches stopped at {limit} without an answer "
        "and are left out of the means"
    ]


def _rng(seed: str, *parts: Any) -> random.Random:
    return random.Random(":".join([seed, *map(str, parts)]))


def _series(
    name: str, points: list[list[Any]], published: bool = False, group: str | None = None
) -> dict[str, Any]:
    """A chart's series; series of one ``group`` (ours and the paper's, for one heuristic)
    share a colour."""
    points = [p for p in points if p[1] is not None]
    return {"name": name, "points": points, "published": published, "group": group or name}


def _chart(kind: str, title: str, x: str, y: str, log_y: bool, series: list[Any]) -> dict[str, Any]:
    return {"kind": kind, "title": title, "x": x, "y": y, "log_y": log_y, "series": series}


def _check_heuristic(name: str, goal: Board) -> None:
    """Refuse at once a heuristic that cannot measure boards of this shape (``pdb`` is only
    checked, not loaded: its tables may take minutes to build)."""
    if name == "pdb":
        from .heuristics import pdbplan

        pdbplan.plan(goal.width, goal.height, goal.blank)
        return
    space = Space(goal.width, goal.height)
    make_heuristic(name, space, {t: p for p, t in enumerate(goal.tiles)})


# ----- rn: Russell & Norvig ---------------------------------------------------------------------
@cache
def _layers(goal: Board) -> tuple[tuple[int, ...], ...]:
    """Every state reachable from ``goal`` (packed), by exact distance: a breadth-first search
    of the whole space (181,440 states on the 3x3)."""
    space = Space(goal.width, goal.height)
    mask = space.mask
    start = space.pack(goal.tiles)
    seen = {start}
    layer = [(start, goal.blank)]
    layers = []
    while layer:
        layers.append(tuple(s for s, _ in layer))
        nxt = []
        for s, b in layer:
            for q, _letter, sq, sp, _edge in space.moves[b]:
                t = (s >> sq) & mask
                c = s - (t << sq) + (t << sp)
                if c not in seen:
                    seen.add(c)
                    nxt.append((c, q))
        layer = nxt
    return tuple(layers)


def _plan_rn(o: dict[str, Any], seed: str) -> Iterator[_Spec]:
    if o["min_depth"] > o["max_depth"]:
        raise PuzzleError("--min-depth is larger than --max-depth")
    goal = Board.parse(AIMA_GOAL)
    layers = _layers(goal)
    space = Space(3, 3)
    for depth in _rn_depths(o):
        rng = _rng(seed, "rn", depth)
        for sample in range(o["per_depth"]):
            board = Board(3, 3, space.unpack(rng.choice(layers[depth])))
            for h in o["heuristics"]:
                yield board, goal, "astar", h, {"depth": depth, "sample": sample}


def _rn_depths(o: dict[str, Any]) -> range:
    first = o["min_depth"] + o["min_depth"] % 2
    return range(first, o["max_depth"] + 1, 2)


def _summary_rn(o: dict[str, Any], rows: list[Row]) -> _Table:
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
            done = _solved(group)
            unsolved += len(group) - len(done)
            n = _mean([r["generated"] for r in done])
            col = labdata.RN_HEURISTICS.get(h)
            pub = labdata.RN.get(depth) if col is not None else None
            out.append(
                {
                    "depth": depth,
                    "heuristic": h,
                    "boards": len(group),
                    "solved": len(done),
                    "generated": _round(n, 1),
                    "published_generated": pub[col] if pub and col is not None else None,
                    "ebf": _round(ebf_exact(n, depth), 3) if n else None,
                    "published_ebf": pub[2 + col] if pub and col is not None else None,
                    "ebf_mean": _round(_mean([r["ebf"] for r in done if r["ebf"]]), 3),
                    "expanded": _round(_mean([r["expanded"] for r in done]), 1),
                }
            )
    notes = [
        f"boards: {o['per_depth']} per even depth, drawn uniformly (with replacement) among "
        f"the boards exactly that many moves from the goal {AIMA_GOAL}, found by a "
        "breadth-first search of all 181,440 states; the same boards for every heuristic",
        "generated: nodes put on the open list, the start included, mean per depth; "
        "ebf: Russell & Norvig's b* of that mean N at depth d; ebf_mean: the mean of each "
        "board's own b*; expanded: mean nodes expanded",
        *_limit_note(unsolved, len(rows), "A*", o["max_nodes"]),
    ]
    charts = []
    for key, title, y, log in (
        ("generated", "Nodes generated by A*, by solution depth", "nodes generated", True),
        ("ebf", "Effective branching factor b*, by solution depth", "b*", False),
    ):
        series = []
        for h in o["heuristics"]:
            mine = [r for r in out if r["heuristic"] == h]
            series.append(_series(f"{h} (ours)", [[r["depth"], r[key]] for r in mine], group=h))
            if h in labdata.RN_HEURISTICS:
                book = [[r["depth"], r[f"published_{key}"]] for r in mine]
                series.append(_series(f"{h} (R&N)", book, published=True, group=h))
        charts.append(_chart("line", title, "depth", y, log, series))
    return _Table(columns, out, notes, charts)


# ----- kunkle ------------------------------------------------------------------------------------
def _plan_kunkle(o: dict[str, Any], seed: str) -> Iterator[_Spec]:
    for test, (start_text, goal_text, _length, _pub) in enumerate(labdata.KUNKLE_TESTS, 1):
        for h in o["heuristics"]:
            yield Board.parse(start_text), Board.parse(goal_text), "astar", h, {"test": test}


def _summary_kunkle(o: dict[str, Any], rows: list[Row]) -> _Table:
    columns = [
        "test", "start", "goal", "heuristic", "length", "published_length", "expanded",
        "published_expanded", "generated", "moves", "published_moves", "same_moves",
    ]  # fmt: skip
    out: list[Row] = []
    for test, (start_text, goal_text, length, published) in enumerate(labdata.KUNKLE_TESTS, 1):
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
            f"Kunkle's blind search gave up on test 6 after {labdata.KUNKLE_CAP:,} "
            "examinations (published_expanded empty)"
        )
    series = []
    for h in o["heuristics"]:
        mine = [r for r in out if r["heuristic"] == h]
        ours = [[f"test {r['test']}", r["expanded"]] for r in mine]
        series.append(_series(f"{h} (ours)", ours, group=h))
        if any(r["published_expanded"] is not None for r in mine):
            pub = [[f"test {r['test']}", r["published_expanded"]] for r in mine]
            series.append(_series(f"{h} (Kunkle)", pub, published=True, group=h))
    chart = _chart(
        "bar", "States examined by A*, per test board", "test", "states examined", True, series
    )
    return _Table(columns, out, notes, [chart])


# ----- riggs -------------------------------------------------------------------------------------
def _walk(goal: Board, moves: int, rng: random.Random, undo: bool) -> Board:
    """``moves`` random blank moves from ``goal``; with ``undo`` each is drawn among all the
    legal moves (a plain random walk, which may step straight back)."""
    if not undo:
        return random_walk(goal, moves, rng)
    board = goal
    for _ in range(moves):
        board = board.move(rng.choice(board.legal_moves()))
    return board


def _plan_riggs(o: dict[str, Any], seed: str) -> Iterator[_Spec]:
    goal = Board.parse(AIMA_GOAL)
    for sample in range(o["boards"]):
        board = _walk(goal, o["moves"], _rng(seed, "riggs", sample), o["walk"] == "any")
        for h in o["heuristics"]:
            yield board, goal, "astar", h, {"sample": sample}


_RIGGS_STATS = (
    ("V", "expanded", 2),
    ("N", "generated", 2),
    ("d", "length", 2),
    ("b", "ebf_simple", 5),
)


def _summary_riggs(o: dict[str, Any], rows: list[Row]) -> _Table:
    columns = ["stat", "heuristic", "riggs", "boards"]
    for k in ("mean", "median", "min", "max", "sd"):
        columns += [k, f"published_{k}"]
    out: list[Row] = []
    unsolved = 0
    for stat, key, digits in _RIGGS_STATS:
        for h in o["heuristics"]:
            group = [r for r in rows if r["heuristic"] == h]
            done = _solved(group)
            if stat == "V":
                unsolved += len(group) - len(done)
            values = [r[key] for r in done if r[key] is not None]
            if not group:
                continue
            name = labdata.RIGGS_HEURISTICS.get(h)
            pub = labdata.RIGGS.get((stat, name or ""))
            row: Row = {"stat": stat, "heuristic": h, "riggs": name, "boards": len(values)}
            for i, (k, v) in enumerate(describe(values).items()):
                row[k] = _round(v, digits)
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
        *_limit_note(unsolved, len(rows), "A*", o["max_nodes"]),
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
            series.append(_series(f"{stat} (ours)", ours, group=stat))
            his = [[r["heuristic"], r["published_mean"]] for r in mine]
            if any(p[1] is not None for p in his):
                series.append(_series(f"{stat} (Riggs)", his, published=True, group=stat))
        charts.append(_chart("bar", title, "heuristic", "mean", log, series))
    return _Table(columns, out, notes, charts)


# ----- nayak -------------------------------------------------------------------------------------
def _nayak_runs(size: str, o: dict[str, Any]) -> list[tuple[str, str, str, str, bool]]:
    """(key, label, algorithm, heuristic, on the optimal subset only) for one size: the
    paper's searches, then ours (the best optimal search under the same node limit: A* with
    walking distance, or IDA* with pattern databases; on 5x5, weighted A*)."""
    paper = {
        "bfs": ("BFS", "bfs", "zero"),
        "astar": ("A*", "astar", "manhattan"),
        "greedy": ("greedy", "greedy", "manhattan"),
        "human": ("human-like", "human", "manhattan"),
    }
    keys = [k for (s, k) in labdata.NAYAK if s == size]
    runs = [(k, *paper[k], size == "4x4" and k == "astar") for k in keys]
    if size == "5x5":
        ours = ("weighted A*", "wastar", "linear-conflict")
    elif o["pdb"]:
        ours = ("IDA*", "idastar", "pdb")
    else:
        ours = ("A*", "astar", "walking-distance")
    runs.append(("ours", f"ours: {ours[0]} + {ours[2]}", ours[1], ours[2], size == "4x4"))
    return runs


def _plan_nayak(o: dict[str, Any], seed: str) -> Iterator[_Spec]:
    for size in o["sizes"]:
        w, h = _sides(size)
        goal = Board.goal("standard", w, h)
        moves = o[f"moves{w}"]
        runs = _nayak_runs(size, o)
        for sample in range(o["boards"]):
            board = random_board(w, h, seed=f"{seed}:nayak:{size}:{sample}", moves=moves)
            for key, _label, algorithm, heuristic, optimal_only in runs:
                if not optimal_only or sample < o["optimal_boards"]:
                    tags = {"size": size, "run": key, "sample": sample}
                    yield board, goal, algorithm, heuristic, tags


def _summary_nayak(o: dict[str, Any], rows: list[Row]) -> _Table:
    columns = [
        "size", "algorithm", "boards", "solved", "generated", "published_generated",
        "expanded", "published_expanded", "moves", "published_moves", "seconds",
    ]  # fmt: skip
    out: list[Row] = []
    notes = []
    for size in o["sizes"]:
        for key, label, _a, _h, _opt in _nayak_runs(size, o):
            group = [r for r in rows if r["size"] == size and r["run"] == key]
            if not group:
                continue
            done = _solved(group)
            pub = labdata.NAYAK.get((size, key))
            out.append(
                {
                    "size": size,
                    "algorithm": label,
                    "boards": len(group),
                    "solved": len(done),
                    "generated": _round(_mean([r["generated"] for r in done]), 1),
                    "published_generated": pub[0] if pub else None,
                    "expanded": _round(_mean([r["expanded"] for r in done]), 1),
                    "published_expanded": pub[1] if pub else None,
                    "moves": _round(_mean([r["length"] for r in done]), 1),
                    "published_moves": pub[2] if pub else None,
                    "seconds": round(sum(r["seconds"] for r in group), 3),
                }
            )
            notes += _limit_note(
                len(group) - len(done), len(group), f"{label} on {size}", o["max_nodes"]
            )
    boards = []
    for size in o["sizes"]:
        moves = o[f"moves{_sides(size)[0]}"]
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
            series = [_series("ours", ours), _series("Nayak & Huang", theirs, published=True)]
            title = f"{size}: {what}, mean per board"
            charts.append(_chart("bar", title, "search", what.split(" (")[0], log, series))
    return _Table(columns, out, notes, charts)


# ----- compare -----------------------------------------------------------------------------------
def _combos(o: dict[str, Any]) -> tuple[list[tuple[str, str | None]], list[str]]:
    """(algorithm, heuristic) pairs to run, and what was left out and why."""
    combos: list[tuple[str, str | None]] = []
    skipped = []
    for a in o["algorithms"]:
        if not ALGORITHMS[a].uses_heuristic:
            combos.append((a, None))
            continue
        for h in o["heuristics"]:
            if a == "human" and h in WHOLE_BOARD_HEURISTICS:
                skipped.append(f"human with {h} (it measures whole boards only)")
            else:
                combos.append((a, h))
    return combos, skipped


def _plan_compare(o: dict[str, Any], seed: str) -> Iterator[_Spec]:
    w, h = _sides(o["size"])
    goal = Board.goal(o["goal"], w, h)
    combos, _skipped = _combos(o)
    if not combos:
        raise PuzzleError(
            "nothing to compare: the human-like search cannot use " + " or ".join(o["heuristics"])
        )
    for name in {hh for _a, hh in combos if hh}:
        _check_heuristic(name, goal)
    for sample in range(o["boards"]):
        board = random_board(w, h, seed=f"{seed}:compare:{sample}", goal=goal, moves=o["moves"])
        for k, (algorithm, heuristic) in enumerate(combos):
            yield board, goal, algorithm, heuristic or "zero", {"sample": sample, "run": k}


def _summary_compare(o: dict[str, Any], rows: list[Row]) -> _Table:
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
        done = _solved(group)
        what = f"{algorithm} with {heuristic}" if heuristic else algorithm
        limits += _limit_note(len(group) - len(done), len(group), what, o["max_nodes"])
        expanded = describe([r["expanded"] for r in done])
        generated = describe([r["generated"] for r in done])
        out.append(
            {
                "algorithm": algorithm,
                "heuristic": heuristic,
                "weight": o["weight"] if algorithm in ("wastar", "human") else None,
                "boards": len(group),
                "solved": len(done),
                "expanded_mean": _round(expanded["mean"], 1),
                "expanded_median": expanded["median"],
                "generated_mean": _round(generated["mean"], 1),
                "generated_median": generated["median"],
                "length_mean": _round(_mean([r["length"] for r in done]), 2),
                "ebf_mean": _round(_mean([r["ebf"] for r in done if r["ebf"]]), 4),
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
            _series(
                h or "no heuristic", [[r["algorithm"], r[key]] for r in out if r["heuristic"] == h]
            )
            for h in names
        ]
        charts.append(_chart("bar", title, "algorithm", y, log, series))
    return _Table(columns, out, notes, charts)


EXPERIMENTS: dict[str, Experiment] = {
    e.name: e
    for e in (
        Experiment(
            "rn",
            "Russell & Norvig's A* table: nodes generated and b* by solution depth",
            "A* on the 8-puzzle, boards drawn uniformly at each even depth from the goal "
            f"{AIMA_GOAL}, mean nodes generated and effective branching factor per depth, "
            "beside AIMA's figures (h1 = misplaced, h2 = manhattan).",
            (
                _count("per_depth", 100, "boards per depth (Russell & Norvig: 100)"),
                Option("min_depth", "int", 2, "smallest depth (even depths only)", 2, 30),
                Option("max_depth", "int", 24, "largest depth (the book: 24)", 2, 30),
                _heuristics("misplaced,manhattan"),
                _tie_break("high-g", "the book does not say"),
                _MAX_NODES,
            ),
            _plan_rn,
            _summary_rn,
        ),
        Experiment(
            "kunkle",
            "Kunkle's six boards: states examined and moves",
            "A* on Kunkle's test boards (goal 123 8b4 765 but for test 4) with his three "
            "heuristics: blind (0 at the goal, else 1), manhattan, and manhattan + reversal.",
            (
                _heuristics("blind,manhattan,reversal"),
                _tie_break("fifo", "Kunkle: his sorted open list, first in first out"),
                _MAX_NODES,
            ),
            _plan_kunkle,
            _summary_kunkle,
        ),
        Experiment(
            "riggs",
            "Riggs's statistics: V, N, d and b over random boards",
            f"A* on boards made by random moves from {AIMA_GOAL}; mean, median, min, max and "
            "standard deviation of nodes expanded (V), stored (N), depth (d) and N^(1/d).",
            (
                _count("boards", 100, "boards (Riggs: 100)"),
                Option("moves", "int", 100, "random moves per board", 0, 1_000_000),
                Option(
                    "walk",
                    "choice",
                    "any",
                    "how moves are drawn: any (a plain random walk, which may undo a move) "
                    "or no-undo (as npuzzle random --moves)",
                    choices=("any", "no-undo"),
                ),
                _heuristics("misplaced,manhattan,linear-conflict"),
                _tie_break("lifo", "Riggs: the newer node first"),
                _MAX_NODES,
            ),
            _plan_riggs,
            _summary_riggs,
        ),
        Experiment(
            "nayak",
            "Nayak & Huang: BFS, A*, greedy and human-like on 3x3, 4x4 and 5x5",
            "Each algorithm of the paper on the same random boards per size (Manhattan for "
            "the informed ones), plus ours: A* with walking distance on 3x3 and 4x4 (IDA* "
            "with pattern databases with --pdb), weighted A* with linear conflict on 5x5.",
            (
                _count("boards", 100, "boards per size (the paper: 100)"),
                _count("optimal_boards", 10, "4x4 boards for A* and ours (the paper: 10)"),
                Option(
                    "sizes",
                    "names",
                    "3x3,4x4,5x5",
                    "sizes to run",
                    choices=("3x3", "4x4", "5x5"),
                    noun="size",
                ),
                Option("moves3", "moves", "uniform", f"3x3: {_MOVES_HELP}", 0, 1_000_000),
                Option("moves4", "moves", 100, f"4x4: {_MOVES_HELP}", 0, 1_000_000),
                Option("moves5", "moves", "uniform", f"5x5: {_MOVES_HELP}", 0, 1_000_000),
                Option("pdb", "flag", False, "ours uses pattern databases (built once, ~3 min)"),
                Option(
                    "weight",
                    "float",
                    DEFAULT_WEIGHT,
                    "w of the human-like search and of ours on 5x5 (the paper: 3)",
                    1,
                    100,
                ),
                _tie_break("lifo", "the newer node first: it reproduces their greedy search"),
                _MAX_NODES,
            ),
            _plan_nayak,
            _summary_nayak,
        ),
        Experiment(
            "compare",
            "Compare searches: algorithms x heuristics on random boards",
            "Any algorithms and heuristics on the same random boards: boards solved, mean "
            "and median nodes expanded and generated, mean length and b*, total time.",
            (
                Option("size", "size", "3x3", "board size WxH"),
                _count("boards", 20, "boards"),
                Option("moves", "moves", "uniform", _MOVES_HELP, 0, 1_000_000),
                Option(
                    "algorithms",
                    "names",
                    "greedy,astar,wastar,idastar",
                    "algorithms, comma-separated",
                    choices=tuple(ALGORITHMS),
                    noun="algorithm",
                ),
                _heuristics("manhattan,linear-conflict"),
                Option("weight", "float", DEFAULT_WEIGHT, "w of wastar and human", 1, 100),
                Option("goal", "choice", "standard", "goal", choices=GOAL_NAMES),
                _tie_break("high-g", "the project's default"),
                _MAX_NODES,
            ),
            _plan_compare,
            _summary_compare,
        ),
    )
}
