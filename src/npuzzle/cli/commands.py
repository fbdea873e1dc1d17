"""The ``npuzzle`` command line: solve, batch (Kunkle's input), random boards, pattern
databases, and the papers' experiments (lab)."""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple, NoReturn, TextIO

from npuzzle import __version__, lab
from npuzzle.core.board import FORMATS, GOAL_NAMES, Board, PuzzleError, parse_size
from npuzzle.core.generate import random_board
from npuzzle.heuristics import HEURISTICS, pdbbuild
from npuzzle.lab import runner
from npuzzle.search import parallel
from npuzzle.search.algorithms import (
    ALGORITHMS,
    ANYTIME_SECONDS,
    DEFAULT_WEIGHT,
    MAX_WEIGHT,
    MEMORY_BOUND_NODES,
    WHOLE_UP_TO,
)
from npuzzle.search.bestfirst import TIE_BREAKS
from npuzzle.search.engine import Search
from npuzzle.search.records import Result
from npuzzle.search.solver import solve

__all__ = ["main"]

BOARD_HELP = (
    "boards are written as rows '1,3,4/8,0,5/7,2,6' (any size, rectangular too), Kunkle's "
    "'134 8b5 726' (rows of single characters) or a flat list '1 3 4 8 0 5 7 2 6' (square "
    "boards); the blank is 0, b, _ or ."
)


#: the longest line batch reads: the largest board (8x8) takes under 200 characters
MAX_LINE = 10_000
#: how far batch looks for the end of an over-long line before it stops reading
MAX_SKIP = 1 << 20
_VALUE = re.compile(r"-[\d.,/ ]|-(inf|nan)", re.IGNORECASE)


def _printable(message: str) -> str:
    """A message on one line: characters that would move the cursor, break the line or hide
    text (controls, bidi overrides, a lone surrogate) are written as escapes."""
    return "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape", "backslashreplace").decode()
        for ch in message
    )


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # one line naming the problem, no usage dump
        self.exit(2, f"npuzzle: {_printable(message)}\n")

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
        default="astar",
        choices=list(ALGORITHMS),
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
    parser = _Parser(
        prog="npuzzle",
        description="Solve sliding-tile puzzles (8-, 15-, 24-puzzle, rectangular boards) with "
        "the classic searches and heuristics, and report what the papers report: moves, "
        "nodes expanded and generated, largest open list, effective branching factor, time.",
        epilog=BOARD_HELP + ". Exit status: 0 when the command ran (solved, unsolvable and "
        "limit are all answers), 2 for bad input.",
    )
    parser.add_argument("--version", action="version", version=f"npuzzle {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
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
        help=JOBS_HELP + ": idastar only, each iteration's subtrees shared among them; the "
        "length stays optimal, the path may be another optimal one. Boards of at most "
        f"{WHOLE_UP_TO} cells are solved by one process (its transposition table saves more "
        "there): jobs 1",
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
        "build in CPython.",
    )
    p.add_argument("--size", type=_size, action="append", help="WxH, e.g. 4x4 (repeat for more)")
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
    experiments = p.add_subparsers(dest="experiment", metavar="EXPERIMENT", parser_class=_Parser)
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


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(argv, 1):
        if any("\udc80" <= ch <= "\udcff" for ch in arg):  # bytes the locale cannot decode
            print(f"npuzzle: argument {i} is not text in this locale's encoding", file=sys.stderr)
            return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    pdbbuild.on_progress = _building
    try:
        if args.command == "solve":
            return _solve(args, sys.stdout, sys.stderr)
        if args.command == "batch":
            return _batch(args, sys.stdin.buffer, sys.stdout)
        if args.command == "pdb":
            return _pdb(args, sys.stdout)
        if args.command == "lab":
            return _lab(args, sys.stdout, sys.stderr)
        return _random(args, sys.stdout)
    except PuzzleError as exc:
        print(f"npuzzle: {_printable(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("npuzzle: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        print(
            "npuzzle: memory ran out: set a lower --max-nodes (the searches that keep their "
            f"nodes stop at {MEMORY_BOUND_NODES:,} by default, about 1 GB on a 4x4), or use "
            "idastar, which keeps only its path",
            file=sys.stderr,
        )
        return 2
    except BrokenPipeError:
        return 0


def _run(
    args: argparse.Namespace,
    board: Board,
    goal: Board,
    jobs: int = 1,
    progress: Callable[[Search], Any] | None = None,
) -> Result:
    return solve(
        board,
        goal,
        algorithm=args.algorithm,
        heuristic=args.heuristic,
        weight=args.weight,
        tie_break=args.tie_break,
        depth_limit=args.depth_limit,
        max_nodes=args.max_nodes,
        max_seconds=args.max_seconds,
        jobs=jobs,
        progress=progress,
    )


def _improvements(err: TextIO) -> Callable[[Search], Any]:
    """For the anytime search on a terminal: say each shorter solution as it is found."""
    said = 0

    def show(search: Search) -> None:
        nonlocal said
        found = search.extra().get("improvements", [])
        for imp in found[said:]:
            how = f"weight {imp['weight']:g}"
            if imp["segment"] is not None:
                i, j = imp["segment"]
                how = f"moves {i + 1}-{j} shortened"
            print(
                f"npuzzle: {imp['length']} moves after {imp['seconds']:.2f} s ({how})",
                file=err,
                flush=True,
            )
        said = len(found)

    return show


def _solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    board = Board.parse(args.board)
    goal = Board.goal_or_board(args.goal or "standard", board.width, board.height)
    progress = None
    if args.algorithm == "anytime" and err.isatty():
        progress = _improvements(err)
    result = _run(args, board, goal, args.jobs, progress)
    if args.json:
        out.write(json.dumps(result.to_json(path=args.path)) + "\n")
        return 0
    out.write(_report(result, path=args.path))
    return 0


def _report(r: Result, *, path: bool) -> str:
    lines = [
        f"board      {r.board}",
        f"goal       {r.goal}",
        f"algorithm  {r.algorithm}"
        + (f" with {r.heuristic}" if r.heuristic else "")
        + (f", weight {r.weight:g}" if r.weight is not None else ""),
        f"status     {r.status}" + (f": {r.reason}" if r.reason else ""),
    ]
    if r.moves is not None:
        lines.append(f"moves      {r.moves or '(none: already at the goal)'}")
        lines.append(
            f"length     {r.length}" + (" (optimal)" if r.optimal else " (not guaranteed optimal)")
        )
    if r.solvable:
        lines += [
            f"expanded   {r.expanded}",
            f"generated  {r.generated}",
            f"max open   {r.max_open}",
        ]
        if r.ebf is not None:
            lines.append(f"ebf        {r.ebf:.4f} (N^(1/d) = {r.ebf_simple:.4f})")
        for key, value in r.extra.items():
            if key == "improvements":  # the anytime search's
                value = ", ".join(f"{i['length']} ({i['seconds']:.2f} s)" for i in value)
            lines.append(f"{key:<10} {value}")
        lines.append(f"seconds    {r.seconds:.4f}")
    text = "\n".join(lines) + "\n"
    if path and r.moves is not None:
        boards = r.path()
        text += (
            "\n"
            + "\n\n".join(
                (f"{i}. {r.moves[i - 1]}\n" if i else "start\n") + b.pretty()
                for i, b in enumerate(boards)
            )
            + "\n"
        )
    return text


class _Line(NamedTuple):
    number: int
    text: str
    problem: str = ""  # why the line cannot be read, or ""


def _lines(stream: BinaryIO) -> Iterator[_Line]:
    """The lines of ``stream``, read in bounded pieces (bytes, so that a line that is not
    UTF-8 is reported and the others are still read); a byte-order mark is dropped."""
    number = 0
    while raw := stream.readline(MAX_LINE + 1):
        number += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            skipped = 0
            while raw and not raw.endswith(b"\n") and skipped < MAX_SKIP:
                raw = stream.readline(1 << 16)
                skipped += len(raw)
            if raw.endswith(b"\n"):
                yield _Line(number, "", f"longer than {MAX_LINE:,} characters")
                continue
            yield _Line(number, "", f"longer than {MAX_LINE:,} characters: stopped reading")
            return
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            yield _Line(number, "", "not UTF-8 text")
            continue
        yield _Line(number, text.removeprefix("\ufeff") if number == 1 else text)


def _pairs(lines: Iterator[_Line], goal: str | None) -> Iterator[tuple[_Line, _Line | None]]:
    """(start, goal) line pairs; goal None if missing. With ``goal`` given, every line is a
    start board and the goal is ``goal``. Blank lines and comments are skipped."""
    pending: _Line | None = None
    for line in lines:
        line = line._replace(text=line.text.strip())
        if not line.problem and (not line.text or line.text.startswith("#")):
            continue
        if goal is not None:
            yield line, _Line(line.number, goal)
        elif pending is None:
            pending = line
        else:
            yield pending, line
            pending = None
    if pending is not None:
        yield pending, None


def _kunkle_grid(board: Board) -> str:
    if board.size <= 10:
        return "\n".join(board.format("kunkle").split())
    return board.pretty()


def _batch(args: argparse.Namespace, inp: BinaryIO, out: TextIO) -> int:
    status = 0
    tasks = _batch_tasks(_pairs(_lines(inp), args.goal))
    for answer in parallel.ordered_map(partial(_batch_answer, args), tasks, args.jobs):
        if isinstance(answer, str):
            print(answer, file=sys.stderr)
            status = 2
            continue
        if args.json:
            out.write(json.dumps(answer.to_json()) + "\n")
        else:
            out.write(_kunkle_report(answer))
        out.flush()
    return status


def _batch_tasks(
    pairs: Iterable[tuple[_Line, _Line | None]],
) -> Iterator[tuple[Board, Board] | str]:
    """The boards of each pair, or what is wrong with it (a message for stderr)."""
    for start, goal_line in pairs:
        try:
            board = _read(start, Board.parse)
            if goal_line is None:
                raise _LineError(start.number, "a start board without a goal board after it")
            yield board, _read(goal_line, Board.goal_or_board, board.width, board.height)
        except _LineError as exc:
            yield f"npuzzle: line {exc.line}: {_printable(str(exc))}"


def _batch_answer(args: argparse.Namespace, task: tuple[Board, Board] | str) -> Result | str:
    """A pair solved (in a child process with --jobs), or its message passed on."""
    return task if isinstance(task, str) else _run(args, *task)


class _LineError(PuzzleError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def _read(line: _Line, parse: Callable[..., Board], *args: Any) -> Board:
    try:
        if line.problem:
            raise PuzzleError(line.problem)
        return parse(line.text, *args)
    except PuzzleError as exc:
        raise _LineError(line.number, str(exc)) from None


def _kunkle_report(r: Result) -> str:
    parts = ["INITIAL BOARD", _kunkle_grid(r.board)]
    if r.status == "solved":
        parts += [
            f"MOVES TO SOLUTION: {' '.join(r.moves or '') or '(none)'}",
            f"NUMBER OF MOVES: {r.length}",
        ]
    parts += ["GOAL BOARD", _kunkle_grid(r.goal)]
    if r.status == "solved":
        parts.append(f"ANSWER WAS FOUND IN {r.expanded} STATE EXAMINATIONS")
    elif r.status == "unsolvable":
        parts.append(f"NO ANSWER EXISTS: {r.reason}")
    else:
        parts.append(f"NO ANSWER WAS FOUND WITHIN {r.expanded} STATE EXAMINATIONS ({r.reason})")
    return "\n".join(parts) + "\n\n"


def _random(args: argparse.Namespace, out: TextIO) -> int:
    width, height = args.size
    goal = Board.goal_or_board(args.goal, width, height)
    if args.count > 10_000:
        raise PuzzleError("--count is at most 10,000")
    seed: int | str | None = args.seed
    if isinstance(seed, str) and seed.lstrip("-").isdigit() and len(seed) <= 100:
        seed = int(seed)  # a longer number stays text: the same text, the same boards
    for i in range(args.count):
        board_seed = seed if args.count == 1 or seed is None else f"{seed}:{i}"
        board = random_board(width, height, seed=board_seed, goal=goal, moves=args.moves)
        out.write(board.format(args.format) + "\n")
    return 0


_announced: set[str] = set()


def _building(what: str, done: float) -> None:
    """Say, on stderr, that a pattern database is being built (only the first time)."""
    if what not in _announced:
        _announced.add(what)
        folder = pdbbuild.cache_dir()
        kept = (
            f"once: it is kept in {folder}"
            if pdbbuild.cache_writable()
            else f"{folder} cannot be written, so it is built again each run: set NPUZZLE_CACHE"
        )
        print(f"npuzzle: building pattern database {what} ({kept})", file=sys.stderr)


def _pdb(args: argparse.Namespace, out: TextIO) -> int:
    import shutil

    if args.size:
        names = [n for w, h in args.size for n in pdbbuild.names_for(w, h)]
    else:
        names = pdbbuild.shipped_names()
    folder = pdbbuild.cache_dir()
    assert folder is not None
    dest = Path(args.out) if args.out else None
    if dest is not None:  # refuse a folder that cannot be written before minutes of building
        try:
            dest.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise PuzzleError(f"--out {dest}: cannot make that folder ({exc.strerror})") from None
        if not os.access(dest, os.W_OK):
            raise PuzzleError(f"--out {dest}: that folder cannot be written")

    def report(name: str, seconds: float) -> None:
        out.write(f"built  {name}  {seconds:.1f} s\n")
        out.flush()

    pdbbuild.ensure(names, jobs=max(1, args.jobs), report=report)
    total = 0
    for name in names:
        size = (folder / name).stat().st_size
        total += size
        out.write(f"{size:>10,}  {folder / name}\n")
        if dest is not None:
            try:
                shutil.copyfile(folder / name, dest / name)
            except OSError as exc:
                raise PuzzleError(f"--out {dest}: cannot write {name} ({exc.strerror})") from None
    out.write(f"{total:>10,}  bytes in {len(names)} files\n")
    return 0


_METAVARS = {"int": "N", "float": "W", "names": "A,B", "size": "WxH", "moves": "K|uniform"}


def _lab(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    name = args.experiment
    given = {o.name: getattr(args, o.name) for o in lab.EXPERIMENTS[name].options}
    options = lab.resolve(name, given)
    jobs = runner.plan(name, options, args.seed)
    bar = _Bar(err, f"npuzzle lab {name}", len(jobs), enabled=not args.quiet)
    rows = []
    for row in parallel.ordered_map(runner.run_job, jobs, args.jobs):
        rows.append(row)
        bar.update(len(rows))
    bar.close()
    result = lab.summarize(name, rows, options, args.seed)
    if args.format == "csv":
        out.write(result.to_csv())
    elif args.format == "json":
        out.write(result.to_json() + "\n")
    else:
        out.write(result.to_markdown())
    return 0


class _Bar:
    """A progress bar on a terminal; elsewhere only the final line."""

    width = 30

    def __init__(self, stream: TextIO, label: str, total: int, *, enabled: bool) -> None:
        self.stream, self.label, self.total, self.enabled = stream, label, total, enabled
        self.tty = enabled and stream.isatty()
        self.t0 = self.shown = time.perf_counter()
        self.done = 0

    def update(self, done: int) -> None:
        self.done = done
        now = time.perf_counter()
        if not self.tty or (now - self.shown < 0.1 and done < self.total):
            return
        self.shown = now
        full = self.width * done // max(1, self.total)
        bar = "#" * full + "." * (self.width - full)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{self.total}  {now - self.t0:.0f} s")
        self.stream.flush()

    def close(self) -> None:
        if not self.enabled:
            return
        seconds = time.perf_counter() - self.t0
        line = f"{self.label}: {self.done} searches in {seconds:.1f} s"
        self.stream.write(("\r\x1b[K" if self.tty else "") + line + "\n")
        self.stream.flush()
