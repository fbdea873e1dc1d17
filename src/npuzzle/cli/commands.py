"""The ``npuzzle`` command: :func:`main` reads the arguments (:mod:`.parser`), runs the
command asked for (:mod:`.solving`: solve, batch; :mod:`.generate`: random, pdb;
:mod:`.experiments`: lab; :mod:`.checking`: check-heuristic, solve's --heuristic-file) and
turns every failure into one line on stderr and an exit status: 0 when the command ran
(solved, unsolvable and limit are all answers), 2 for bad input (a closed standard input
included), 1 when the machine failed it (a disk cache that cannot keep the pattern
databases ``pdb`` builds, a standard output that is closed or full; ``check-heuristic``:
when the heuristic is not admissible or not consistent), 128 + N when signal N stopped it.

>>> main(["random", "--size", "2x2", "--seed", "4"])
3,1/0,2
0
>>> import contextlib, io
>>> err = io.StringIO()
>>> with contextlib.redirect_stderr(err):
...     main(["solve", "1,2,3/4,5,6/7,8"])
2
>>> err.getvalue().startswith("npuzzle: ")
True
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Sequence

from npuzzle.cli.checking import check_heuristic_command, use_heuristic_file
from npuzzle.cli.experiments import lab_command
from npuzzle.cli.generate import pdb_command, random_command
from npuzzle.cli.parser import build_parser, printable
from npuzzle.cli.solving import batch_command, solve_command
from npuzzle.core import processes
from npuzzle.core.board import PuzzleError
from npuzzle.heuristics import pdbbuild, pdbcache
from npuzzle.search.algorithms import MEMORY_BOUND_NODES

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(argv, 1):
        if any("\udc80" <= ch <= "\udcff" for ch in arg):  # bytes the locale cannot decode
            print(f"npuzzle: argument {i} is not text in this locale's encoding", file=sys.stderr)
            return 2
    if sys.stderr is None:  # closed (2>&-): print(file=None) would write the messages to stdout
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (for the rest of the process)
    parser = build_parser()
    args = parser.parse_args(argv)
    if sys.stdout is None:  # closed (>&-)
        return _fail("standard output is closed: there is nowhere to write the answer", 1)
    if args.command == "batch" and sys.stdin is None:  # closed (<&-)
        return _fail("standard input is closed: batch reads its boards from it", 2)
    pdbbuild.on_notice = _tell
    try:
        with processes.stopping_on_signals():
            status = _run(args)
            sys.stdout.flush()  # a full disk shows here, not after the exit
            return status
    except PuzzleError as exc:
        print(f"npuzzle: {printable(str(exc))}", file=sys.stderr)
        return 2
    except pdbcache.CacheError as exc:  # not the input: the machine
        print(f"npuzzle: {printable(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:  # Ctrl+C, or SIGTERM or SIGHUP: the children are stopped
        stop = exc if isinstance(exc, processes.Stopped) else processes.Stopped(signal.SIGINT)
        said = "interrupted" if stop.signum == signal.SIGINT else f"stopped by {stop.name}"
        print(f"npuzzle: {said}", file=sys.stderr)
        return 128 + stop.signum
    except MemoryError:
        print(
            "npuzzle: memory ran out: set a lower --max-nodes (the searches that keep their "
            f"nodes stop at {MEMORY_BOUND_NODES:,} by default, about 1 GB on a 4x4), or use "
            "idastar, which keeps only its path",
            file=sys.stderr,
        )
        return 2
    except BrokenPipeError:  # the reader left (| head): what it read was all it wanted
        _drop_output()
        return 0
    except OSError as exc:  # standard output on a full disk, or a device that failed
        _drop_output()
        return _fail(f"cannot write the answer: {exc.strerror or exc}", 1)


def _fail(message: str, status: int) -> int:
    with contextlib.suppress(OSError):  # stderr may be full too: the status still says it
        print(f"npuzzle: {printable(message)}", file=sys.stderr, flush=True)
    return status


def _drop_output() -> None:
    """Point standard output at nothing, so that what it still holds does not fail again, in
    a traceback, when Python flushes it on the way out."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a file: a test's stream
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _tell(text: str) -> None:
    print(f"npuzzle: {printable(text)}", file=sys.stderr, flush=True)


def _run(args: argparse.Namespace) -> int:
    if args.command == "solve":
        if args.heuristic_file:
            use_heuristic_file(args, sys.stderr)
        return solve_command(args, sys.stdout, sys.stderr)
    if args.command == "check-heuristic":
        return check_heuristic_command(args, sys.stdout)
    if args.command == "batch":
        return batch_command(args, sys.stdin.buffer, sys.stdout)
    if args.command == "pdb":
        return pdb_command(args, sys.stdout)
    if args.command == "lab":
        return lab_command(args, sys.stdout, sys.stderr)
    return random_command(args, sys.stdout)
