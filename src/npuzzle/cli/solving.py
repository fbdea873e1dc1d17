"""``npuzzle solve`` (one board, reported line by line or as JSON) and ``npuzzle batch``
(pairs of boards from standard input, reported as Kunkle's program does).

>>> import io
>>> from npuzzle.cli.parser import build_parser
>>> args = build_parser().parse_args(["batch", "-a", "idastar"])
>>> out = io.StringIO()
>>> batch_command(args, io.BytesIO(b"# a comment\\n12/b3\\n12/3b\\n"), out)
0
>>> print(out.getvalue(), end="")
INITIAL BOARD
12
b3
MOVES TO SOLUTION: R
NUMBER OF MOVES: 1
GOAL BOARD
12
3b
ANSWER WAS FOUND IN 1 STATE EXAMINATIONS
<BLANKLINE>
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any, BinaryIO, NamedTuple, TextIO

from npuzzle.cli.parser import printable
from npuzzle.core.board import Board, PuzzleError
from npuzzle.heuristics import pdbbuild
from npuzzle.search import parallel
from npuzzle.search.algorithms import ALGORITHMS
from npuzzle.search.engine import Search
from npuzzle.search.records import Result, Status
from npuzzle.search.solver import solve

__all__ = ["batch_command", "solve_command"]

#: the longest line batch reads: the largest board (8x8) takes under 200 characters
MAX_LINE = 10_000
#: how far batch looks for the end of an over-long line before it stops reading
MAX_SKIP = 1 << 20


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


def solve_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    board = Board.parse(args.board)
    goal = Board.goal_or_board(args.goal or "standard", board.width, board.height)
    progress = None
    if ALGORITHMS[args.algorithm].improves and err.isatty():
        progress = _improvements(err)
    result = _run(args, board, goal, args.jobs, progress)
    if args.json:
        out.write(json.dumps(result.to_json(path=args.path)) + "\n")
        return 0
    out.write(_report(result, path=args.path, tables=_tables(result, goal)))
    return 0


def _tables(r: Result, goal: Board) -> str:
    """Which pattern databases the pdb heuristic read: the plan's groups, and the large
    table's name when it was at hand ('' for another heuristic)."""
    if r.heuristic != "pdb":
        return ""
    plan = pdbbuild.plan_for(goal.width, goal.height, goal.blank)
    large = [name for name in plan.names() if pdbbuild.large(name)]
    return plan.summary() + (f", the large table {', '.join(large)}" if large else "")


def _report(r: Result, *, path: bool, tables: str = "") -> str:
    lines = [
        f"board      {r.board}",
        f"goal       {r.goal}",
        f"algorithm  {r.algorithm}"
        + (f" with {r.heuristic}" if r.heuristic else "")
        + (f", weight {r.weight:g}" if r.weight is not None else ""),
        *([f"tables     {tables}"] if tables else []),
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


_ENDING = re.compile(rb"\r\n?|\n")  # a line ends in LF, CR LF, or CR alone (old Mac files)


def _lines(stream: BinaryIO) -> Iterator[_Line]:
    """The lines of ``stream``, read in bounded pieces (bytes, so that a line that is not
    UTF-8 is reported and the others are still read); a byte-order mark is dropped."""
    number = 0
    pending = b""  # the start of a line whose end is not read yet
    while chunk := stream.readline(MAX_LINE + 1):
        *ended, pending = _ENDING.split(pending + chunk)
        for raw in ended:
            number += 1
            yield _decoded(number, raw)
        if len(pending) > MAX_LINE:
            number += 1
            skipped, rest = 0, None
            while rest is None and skipped < MAX_SKIP and (chunk := stream.readline(1 << 16)):
                skipped += len(chunk)
                if end := _ENDING.search(chunk):
                    rest = chunk[end.end() :]
            if rest is None:
                yield _Line(number, "", f"longer than {MAX_LINE:,} characters: stopped reading")
                return
            yield _Line(number, "", f"longer than {MAX_LINE:,} characters")
            pending = rest
    *ended, last = _ENDING.split(pending)  # what followed an over-long line may hold several
    for raw in [*ended, last] if last else ended:
        number += 1
        yield _decoded(number, raw)


def _decoded(number: int, raw: bytes) -> _Line:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return _Line(number, "", "not UTF-8 text")
    return _Line(number, text.removeprefix("\ufeff") if number == 1 else text)


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


def batch_command(args: argparse.Namespace, inp: BinaryIO, out: TextIO) -> int:
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
            yield f"npuzzle: line {exc.line}: {printable(str(exc))}"


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
    if r.status == Status.SOLVED:
        parts += [
            f"MOVES TO SOLUTION: {' '.join(r.moves or '') or '(none)'}",
            f"NUMBER OF MOVES: {r.length}",
        ]
    parts += ["GOAL BOARD", _kunkle_grid(r.goal)]
    if r.status == Status.SOLVED:
        parts.append(f"ANSWER WAS FOUND IN {r.expanded} STATE EXAMINATIONS")
    elif r.status == Status.UNSOLVABLE:
        parts.append(f"NO ANSWER EXISTS: {r.reason}")
    else:
        parts.append(f"NO ANSWER WAS FOUND WITHIN {r.expanded} STATE EXAMINATIONS ({r.reason})")
    return "\n".join(parts) + "\n\n"
