"""The ``npuzzle`` command's arguments: :func:`build_parser` reads them and checks each value
(a whole number, a size, a weight within its bounds), refusing a bad one in one line that names
it (:class:`Parser`), with no usage dump.

>>> args = build_parser().parse_args(["solve", "134 8b5 726", "-a", "idastar", "-w", "2"])
>>> args.command, args.board, args.algorithm is Algorithm.IDASTAR, args.heuristic, args.weight
('solve', '134 8b5 726', True, 'manhattan', 2.0)
>>> build_parser().parse_args(["solve", "134 8b5 726", "--weight", "0.5"])
Traceback (most recent call last):
SystemExit: 2
"""

from __future__ import annotations

import argparse
import math
import re
from typing import Any, NoReturn

from npuzzle import __version__, lab
from npuzzle.core.board import FORMATS, GOAL_NAMES, PuzzleError, parse_size
from npuzzle.heuristics import HEURISTICS
from npuzzle.search import parallel
from npuzzle.search.algorithms import (
    ALGORITHMS,
    ANYTIME_SECONDS,
    DEFAULT_WEIGHT,
    MAX_WEIGHT,
    MEMORY_BOUND_NODES,
    WHOLE_UP_TO,
    Algorithm,
)
from npuzzle.search.bestfirst import TIE_BREAKS

__all__ = ["BOARD_HELP", "Parser", "build_parser", "printable"]

BOARD_HELP = (
    "boards are written as rows '1,3,4/8,0,5/7,2,6' (any size, rectangular too), Kunkle's "
    "'134 8b5 726' (rows of single characters) or a flat list '1 3 4 8 0 5 7 2 6' (square "
    "boards); the blank is 0, b, _ or ."
)


_VALUE = re.compile(r"-[\d.,/ ]|-(inf|nan)", re.IGNORECASE)


def printable(message: str) -> str:
    """A message on one line: characters that would move the cursor, break the line or hide
    text (controls, bidi overrides, a lone surrogate) are written as escapes."""
    return "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape", "backslashreplace").decode()
        for ch in message
    )


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # one line naming the problem, no usage dump
        self.exit(2, f"npuzzle: {printable(message)}\n")

    def _parse_optional(self, arg_string: str) -> Any:
        # '-1,2,3/…', '-3x3', '-inf': values that start with a minus (every option of ours
        # is a letter after the dash), so that they reach their reader, which says what is
        # wrong with them, instead of argparse's "expected one argument"
        if _VALUE.match(arg_string):
            return None
        return super()._parse_optional(arg_string)


def _positive_int(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} cannot be negative")
    return value


def _jobs(text: str) -> int:
    try:
        return parallel.check_jobs(int(text.replace("_", "")))
    except ValueError as exc:
        message = str(exc) if "processes" in str(exc) else f"{text!r} is not a whole number"
        raise argparse.ArgumentTypeError(message) from None


JOBS_HELP = "processes that solve at once (default 1; each may use a core and its own memory)"


def _real(text: str, what: str, minimum: float | None = None) -> float:
    """A finite number of at least ``minimum`` (positive when no minimum is given)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} {text!r} is not a number") from None
    ok = value > 0 if minimum is None else value >= minimum
    if not math.isfinite(value) or not ok:
        bound = "a positive number" if minimum is None else f"at least {minimum:g}"
        raise argparse.ArgumentTypeError(f"{what} {text!r} must be {bound}")
    return value


def _seconds(text: str) -> float:
    return _real(text, "seconds")


def _weight(text: str) -> float:
    weight = _real(text, "weight", 1)
    if weight > MAX_WEIGHT:
        raise argparse.ArgumentTypeError(f"weight {text!r} must be at most {MAX_WEIGHT:g}")
    return weight


def _size(text: str) -> tuple[int, int]:
    try:
        return parse_size(text)
    except PuzzleError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _algorithm(text: str) -> Algorithm:
    """The algorithm named ``text``, checked here once (refused as argparse refuses a
    choice)."""
    if text not in ALGORITHMS:
        names = ", ".join(repr(str(a)) for a in ALGORITHMS)
        raise argparse.ArgumentTypeError(f"invalid choice: {text!r} (choose from {names})")
    return Algorithm(text)


def _weighted() -> str:
    return " and ".join(a.name for a in ALGORITHMS.values() if a.takes_weight)


def _search_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--goal",
        default=None,
        help=f"goal board or name ({', '.join(GOAL_NAMES)}; default standard); with batch, "
        "every line is then a start board for this goal",
    )
    p.add_argument(
        "-a",
        "--algorithm",
        type=_algorithm,
        default=Algorithm.ASTAR,
        metavar="A",
        help="search: "
        + ", ".join(f"{a.name} ({a.title})" for a in ALGORITHMS.values())
        + "; default astar",
    )
    p.add_argument(
        "-H",
        "--heuristic",
        default="manhattan",
        choices=list(HEURISTICS),
        metavar="H",
        help="heuristic: "
        + ", ".join(
            h.info.name + ("" if h.info.admissible else " (inadmissible)")
            for h in HEURISTICS.values()
        )
        + "; default manhattan",
    )
    p.add_argument(
        "-w",
        "--weight",
        type=_weight,
        default=DEFAULT_WEIGHT,
        help=f"weight w in f = g + w*h for {_weighted()} (default {DEFAULT_WEIGHT:g})",
    )
    p.add_argument(
        "--tie-break",
        default="high-g",
        choices=TIE_BREAKS,
        help="order among equal f: high-g (default: larger g first, then first in), "
        "low-g, fifo, lifo",
    )
    p.add_argument(
        "--depth-limit",
        type=_positive_int,
        default=None,
        help="deepest node dfs expands (default: the board's known diameter)",
    )
    p.add_argument(
        "--max-nodes",
        type=_positive_int,
        default=None,
        help=f"stop after this many expansions; 0 for no limit. Default: {MEMORY_BOUND_NODES:,} "
        "for the searches that keep every node in memory (about 1 GB on a 4x4), none for "
        "idastar, which keeps only its path (stop it with --max-seconds or Ctrl+C)",
    )
    p.add_argument(
        "--max-seconds",
        type=_seconds,
        default=None,
        help=f"stop after this many seconds (default: {ANYTIME_SECONDS:g} for anytime, which "
        "improves its answer until then and answers with the best it found; else no limit)",
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="npuzzle",
        description="Solve sliding-tile puzzles (8-, 15-, 24-puzzle, rectangular boards) with "
        "the classic searches and heuristics, and report what the papers report: moves, "
        "nodes expanded and generated, largest open list, effective branching factor, time.",
        epilog=BOARD_HELP + ". Exit status: 0 when the command ran (solved, unsolvable and "
        "limit are all answers), 2 for bad input.",
    )
    parser.add_argument("--version", action="version", version=f"npuzzle {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True

    p = sub.add_parser(
        "solve", help="solve one board", description="Solve one board.", epilog=BOARD_HELP
    )
    p.add_argument("board", help="the start board (quote it: '134 8b5 726')")
    _search_options(p)
    p.add_argument("--path", action="store_true", help="print every board along the solution")
    p.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help=JOBS_HELP + ": idastar, each iteration's subtrees shared among them (the "
        "length stays optimal, the path may be another optimal one; boards of at most "
        f"{WHOLE_UP_TO} cells are solved by one process, its transposition table saves more "
        "there: jobs 1); anytime, each process a seat (the weighted phases' views shared "
        "out, the best solution shared; up to 2, with pattern databases in memory)",
    )
    p.add_argument(
        "--heuristic-file",
        metavar="FILE",
        help="your own heuristic: a Python file defining def h(tiles, goal, width, height) "
        "(instead of -H); checked first on boards of up to 9 cells",
    )

    p = sub.add_parser(
        "batch",
        help="solve pairs of boards read from standard input",
        description="Read pairs of lines from standard input (start board, then goal board; "
        "blank lines and lines starting with # ignored) and print a report for each pair like "
        "Kunkle's: initial board, moves, number of moves, goal board, states examined. With "
        "--goal, every line is a start board for that goal. Example: npuzzle batch < "
        "src/npuzzle/core/data/kunkle_tests.txt (his six tests, shipped with the package)",
        epilog=BOARD_HELP,
    )
    _search_options(p)
    p.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help=JOBS_HELP + ": the reports still come in the order of the input",
    )

    p = sub.add_parser(
        "check-heuristic",
        help="test your own heuristic: admissible? consistent?",
        description="Test the function h(tiles, goal, width, height) of a Python file against "
        "exact distances: admissible (never above the true distance) and consistent (changes "
        "by at most 1 across each move), on every board of up to 9 cells, or a sample of "
        "larger ones. Exit status 0 when it is both, 1 when not (the first counterexample is "
        "printed), 2 when it cannot run.",
    )
    p.add_argument("file", help="the Python file that defines h")
    p.add_argument("--size", type=_size, default=(3, 3), help="WxH (default 3x3)")
    p.add_argument("--goal", default="standard", help="goal board or name (default standard)")
    p.add_argument("--seed", type=_positive_int, default=0, help="seed of the sample (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = sub.add_parser(
        "random",
        help="print a random solvable board",
        description="Print random boards that can reach the goal, reproducibly from a seed.",
    )
    p.add_argument("--size", type=_size, default=(3, 3), help="WxH, e.g. 3x3, 4x4, 3x2")
    p.add_argument("--seed", default=None, help="seed for a reproducible board")
    p.add_argument(
        "--moves",
        type=_positive_int,
        default=None,
        help="make the board by K random moves from the goal, never undoing the "
        "previous one (default: uniform over all solvable boards)",
    )
    p.add_argument("--goal", default="standard", help="goal board or name (default standard)")
    p.add_argument("--count", type=_positive_int, default=1, help="how many boards (default 1)")
    p.add_argument("--format", default="rows", choices=FORMATS, help="how to print the board")

    p = sub.add_parser(
        "pdb",
        help="build the pattern databases of the pdb heuristic",
        description="Build the tables of the pdb heuristic (once: they are cached on disk, "
        "in $NPUZZLE_CACHE or ~/.cache/npuzzle) and list them. Without --size: what the web "
        "page ships (every goal of 2x2 to 3x3 and 4x4, the 5x5's goals with the blank in a "
        "corner). A 6-tile table of the 4x4 or a 5-tile table of the 5x5 takes about 20 s to "
        "build in CPython. With --large: the 4x4's large table instead, which the pdb "
        "heuristic then uses on 4x4 goals with the blank in a corner (two 7-7-1 partitions: "
        "about half the time of 6-6-3 on Korf's 100).",
    )
    p.add_argument("--size", type=_size, action="append", help="WxH, e.g. 4x4 (repeat for more)")
    p.add_argument(
        "--large",
        action="store_true",
        help="build the large table instead (4x4 only: 17 min and 2 GiB of memory in CPython; "
        "9.5 MB on disk, 128 MiB in memory)",
    )
    p.add_argument(
        "--from",
        dest="source",
        metavar="DIR",
        help="take the tables found in this folder (checked) instead of building them, "
        "e.g. a clone's tables/ or a site's pdb/",
    )
    p.add_argument("--out", help="also copy the files into this folder (the site's pdb/)")
    p.add_argument("--jobs", type=_positive_int, default=1, help="build this many at once")

    p = sub.add_parser(
        "lab",
        help="run an experiment of the papers and print it beside their figures",
        description="Run an experiment (many searches on generated or published boards) and "
        "print its table beside the published figures. Reproducible from --seed: the same "
        "seed gives the same numbers, only the times change. A progress bar is drawn on "
        "stderr when it is a terminal. 'npuzzle lab EXPERIMENT --help' lists its options.",
    )
    experiments = p.add_subparsers(dest="experiment", metavar="EXPERIMENT", parser_class=Parser)
    experiments.required = True
    for exp in lab.EXPERIMENTS.values():
        q = experiments.add_parser(exp.name, help=exp.title, description=exp.description)
        q.add_argument(
            "--seed",
            default=str(lab.DEFAULT_SEED),
            help=f"seed of the random boards (default {lab.DEFAULT_SEED})",
        )
        q.add_argument("--format", default="markdown", choices=lab.FORMATS, help="default markdown")
        q.add_argument("-q", "--quiet", action="store_true", help="print nothing on stderr")
        q.add_argument(
            "--jobs",
            type=_jobs,
            default=1,
            metavar="N",
            help=JOBS_HELP + ": the same table, sooner",
        )
        # every option defaults to None here: lab.resolve fills in (and checks) the defaults
        for opt in exp.options:
            if opt.kind == "flag":
                q.add_argument(opt.flag, action="store_true", default=None, help=opt.help)
                continue
            default = ",".join(opt.default) if isinstance(opt.default, list) else opt.default
            shown = f"{default:,}" if isinstance(default, int) else default
            metavar = _METAVARS.get(opt.kind, "{" + ",".join(opt.choices) + "}")
            q.add_argument(
                opt.flag, default=None, metavar=metavar, help=f"{opt.help} (default {shown})"
            )
    return parser


_METAVARS = {"int": "N", "float": "W", "names": "A,B", "size": "WxH", "moves": "K|uniform"}
