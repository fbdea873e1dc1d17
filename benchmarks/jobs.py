"""Every core: the CLI's ``--jobs`` against one process, in the same run (issue 15).

1. Korf's 100 by ``npuzzle batch --json -a idastar -H pdb --goal blank-first`` with
   ``--jobs 1`` and then ``--jobs N``: wall time of each and the ratio (target on a 2-core
   machine: at most 0.6x with 2 jobs), every length checked against the published one.
2. One hard board (Korf #60 by default) by ``npuzzle solve`` with ``--jobs 1`` and
   ``--jobs N``: time, nodes and the ratio (target: at most 0.7x with 2 jobs).

Each command runs as a user runs it (``python -m npuzzle`` in a child process, the tables
already in the disk cache: they are built first if missing, and that is not counted).

    .venv/bin/python benchmarks/jobs.py [--jobs 2] [--ids 1-100] [--hard 60] [--repeat 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from npuzzle import Board, reference  # noqa: E402
from npuzzle.heuristics import pdbbuild, pdbplan  # noqa: E402

SEARCH = ["-a", "idastar", "-H", "pdb", "--goal", "blank-first"]


def npuzzle(args: list[str], stdin: str = "") -> tuple[float, list[dict[str, object]]]:
    """Seconds of wall time and the JSON lines of ``python -m npuzzle ARGS``."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "npuzzle", *args, "--json"],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    seconds = time.perf_counter() - start
    return seconds, [json.loads(line) for line in done.stdout.splitlines()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="processes against one (default 2)")
    parser.add_argument("--ids", default="1-100", help="Korf's boards for batch, e.g. 1-20")
    parser.add_argument("--hard", type=int, default=60, help="Korf's board for solve (60)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each, medians printed")
    args = parser.parse_args(argv)
    pdbbuild.ensure(pdbplan.table_names(4, 4, 0), jobs=args.jobs)
    goal = Board.goal("blank-first", 4, 4)
    instances = reference.pick(reference.korf100(), args.ids)
    text = "".join(i.board.format("rows") + "\n" for i in instances)
    bad = 0

    print(f"batch, Korf's boards {args.ids} ({len(instances)}), idastar + pdb:")
    walls: dict[int, list[float]] = {1: [], args.jobs: []}
    for _ in range(args.repeat):
        for jobs in (1, args.jobs):
            seconds, rows = npuzzle(["batch", *SEARCH, "--jobs", str(jobs)], text)
            walls[jobs].append(seconds)
            for i, r in zip(instances, rows, strict=True):
                moves = str(r["moves"])
                bad += r["length"] != i.optimal or i.board.apply(moves) != goal
            nodes = sum(int(str(r["generated"])) for r in rows)
            print(f"  --jobs {jobs}: {seconds:6.1f} s wall, {nodes:,} nodes generated", flush=True)
    one, many = statistics.median(walls[1]), statistics.median(walls[args.jobs])
    print(f"  --jobs {args.jobs} / --jobs 1: {many / one:.2f}x the wall time (target <= 0.6x)")

    hard = next(i for i in reference.korf100() if i.ident == args.hard)
    print(f"solve, Korf #{hard.ident} (optimal {hard.optimal}), idastar + pdb:")
    times: dict[int, list[float]] = {1: [], args.jobs: []}
    for _ in range(args.repeat):
        for jobs in (1, args.jobs):
            board = hard.board.format("rows")
            seconds, (r,) = npuzzle(["solve", board, *SEARCH, "--jobs", str(jobs)])
            times[jobs].append(seconds)
            bad += r["length"] != hard.optimal or hard.board.apply(str(r["moves"])) != goal
            print(
                f"  --jobs {jobs}: {seconds:6.2f} s wall ({r['seconds']} s searching), "
                f"{r['generated']:,} nodes generated, length {r['length']}",
                flush=True,
            )
    one, many = statistics.median(times[1]), statistics.median(times[args.jobs])
    print(f"  --jobs {args.jobs} / --jobs 1: {many / one:.2f}x the wall time (target <= 0.7x)")
    print("all optimal" if not bad else f"{bad} WRONG")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
