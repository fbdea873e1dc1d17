"""Your heuristic on the command line: ``check-heuristic FILE`` and ``solve --heuristic-file``.

``check-heuristic`` tests the file's ``h`` (:mod:`npuzzle.heuristics.yours`) with
:mod:`npuzzle.teach.check`: on every board of up to 9 cells, or a sample of larger ones. Its
exit status: 0 when ``h`` is admissible and consistent, 1 when a law fails (the first
counterexample is printed), 2 when ``h`` cannot run (its message names the line).

``solve --heuristic-file FILE`` installs the file's ``h`` as the heuristic ``yours``; on a
board of up to 9 cells it checks it first (a few seconds), so that a solution is called
optimal only when ``h`` is admissible.

>>> import io, tempfile, pathlib
>>> from npuzzle.cli.parser import build_parser
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "h.py").write_text("def h(tiles, goal, width, height):\\n    return 0\\n")
>>> out = io.StringIO()
>>> check_heuristic_command(build_parser().parse_args(
...     ["check-heuristic", str(folder / "h.py"), "--size", "2x2"]), out)
0
>>> print(out.getvalue().strip())  # doctest: +ELLIPSIS
Checked on every 2x2 board that can reach the goal (12) in ... s: admissible; consistent. ...
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from npuzzle.core.board import Board, PuzzleError
from npuzzle.core.space import Space
from npuzzle.heuristics.pdbplan import EXACT_CELLS
from npuzzle.heuristics.yours import MAX_SOURCE, NAME, install
from npuzzle.teach.check import Verdict, check, compile_source

__all__ = ["check_heuristic_command", "read_heuristic_file", "use_heuristic_file"]


def read_heuristic_file(path: str) -> str:
    """The source in ``path``, or a message that says why it cannot be read."""
    file = Path(path)
    try:
        if file.stat().st_size > 4 * MAX_SOURCE:
            raise PuzzleError(
                f"{path}: too large for a heuristic (at most {MAX_SOURCE:,} characters)"
            )
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PuzzleError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise PuzzleError(f"{path}: a folder, not a file") from None
    except UnicodeDecodeError:
        raise PuzzleError(f"{path}: not text in UTF-8") from None
    except OSError as exc:
        raise PuzzleError(f"{path}: {exc.strerror or exc}") from None


def _verdict(source: str, goal: Board, seed: int) -> Verdict:
    heuristic = compile_source(source)(
        Space(goal.width, goal.height), {t: p for p, t in enumerate(goal.tiles)}
    )
    return check(heuristic, seed=seed)


def _report(verdict: Verdict) -> str:
    lines = [verdict.summary()]
    for bad in (verdict.inadmissible, verdict.inconsistent):
        if bad is None:
            continue
        lines.append(f"\n{bad}:\n{bad.board.pretty()}")
        if bad.neighbour is not None:
            lines.append(f"one move away, h {bad.neighbour_h}:\n{bad.neighbour.pretty()}")
    return "\n".join(lines) + "\n"


def check_heuristic_command(args: argparse.Namespace, out: TextIO) -> int:
    source = read_heuristic_file(args.file)
    width, height = args.size
    goal = Board.goal_or_board(args.goal, width, height)
    verdict = _verdict(source, goal, args.seed)
    if args.json:
        out.write(json.dumps(verdict.to_json()) + "\n")
    else:
        out.write(_report(verdict))
    return 0 if verdict.admissible and verdict.consistent else 1


def use_heuristic_file(args: argparse.Namespace, err: TextIO) -> None:
    """``solve --heuristic-file``: install the file's ``h`` as ``yours``, checked first on a
    board of up to 9 cells (then marked admissible and consistent as found)."""
    if args.jobs > 1:
        raise PuzzleError("--heuristic-file: your heuristic runs in this process only (no --jobs)")
    source = read_heuristic_file(args.heuristic_file)
    board = Board.parse(args.board)
    install(source)  # compiled and its code around h run once: its errors come first
    if board.width * board.height <= EXACT_CELLS:
        goal = Board.goal_or_board(args.goal or "standard", board.width, board.height)
        verdict = _verdict(source, goal, 0)
        err.write(f"npuzzle: your heuristic: {verdict.summary()}\n")
        install(source, admissible=verdict.admissible, consistent=verdict.consistent)
    else:
        err.write(
            "npuzzle: your heuristic is not checked on boards of more than "
            f"{EXACT_CELLS} cells: the length is not guaranteed optimal (npuzzle "
            "check-heuristic FILE --size WxH tests a sample)\n"
        )
    args.heuristic = NAME
