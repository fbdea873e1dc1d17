"""The ``npuzzle`` command: :func:`main` reads the arguments (:mod:`.parser`), runs the
command asked for (:mod:`.solving`: solve, batch; :mod:`.generate`: random, pdb;
:mod:`.experiments`: lab; :mod:`.checking`: check-heuristic, solve's --heuristic-file) and
turns every failure into one line on stderr and an exit status: 0 when the command ran
(solved, unsolvable and limit are all answers), 2 for bad input (``check-heuristic``: 1 when
the heuristic is not admissible or not consistent).

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

import sys
from collections.abc import Sequence

from npuzzle.cli.checking import check_heuristic_command, use_heuristic_file
from npuzzle.cli.experiments import lab_command
from npuzzle.cli.generate import announce_building, pdb_command, random_command
from npuzzle.cli.parser import build_parser, printable
from npuzzle.cli.solving import batch_command, solve_command
from npuzzle.core.board import PuzzleError
from npuzzle.heuristics import pdbbuild
from npuzzle.search.algorithms import MEMORY_BOUND_NODES

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(argv, 1):
        if any("\udc80" <= ch <= "\udcff" for ch in arg):  # bytes the locale cannot decode
            print(f"npuzzle: argument {i} is not text in this locale's encoding", file=sys.stderr)
            return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    pdbbuild.on_progress = announce_building
    try:
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
    except PuzzleError as exc:
        print(f"npuzzle: {printable(str(exc))}", file=sys.stderr)
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
