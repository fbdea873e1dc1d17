"""Each algorithm at its default limit on a 4x4 and a 5x5 board: time and peak memory.

The searches that keep every node in memory stop at ``MEMORY_BOUND_NODES`` expansions by
default; IDA* keeps only its path and has no limit. Each run is a fresh process (so its peak
memory is its own) through the command line with default options, on a uniform random board:
of the memory-bound searches only greedy, weighted A* and the human-like search finish those,
so the others show the cost of reaching the limit. IDA* gets boards it can finish: the 4x4
with pattern databases, on the 5x5 a board 40 random moves from the goal with linear
conflict. Last, the depth-first search of issue 11 (one move from the goal, with
``--depth-limit 1000000000``), whose time used to grow quadratically with its open list.

    .venv/bin/python benchmarks/default_limits.py [--sizes 4x4,5x5] [--algorithms bfs,dfs]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from npuzzle import ALGORITHMS, random_board  # noqa: E402

RUNNER = """
import json, resource, sys, time
from npuzzle.cli import main
t0 = time.perf_counter()
code = main(sys.argv[1:])
seconds = time.perf_counter() - t0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"code": code, "wall": seconds, "peak_mb": peak}), file=sys.stderr)
"""


def run(argv: list[str]) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, *argv],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    figures = json.loads(done.stderr.strip().splitlines()[-1])
    answer = json.loads(done.stdout)
    return {**answer, **figures}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4x4,5x5")
    parser.add_argument("--algorithms", default=",".join(ALGORITHMS))
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    print(f"{'board':<28} {'algorithm':<9} {'status':<8} {'expanded':>10} {'s':>7} {'MB':>7}")
    cases: list[tuple[str, str, list[str]]] = []
    for size in args.sizes.split(","):
        w, h = (int(x) for x in size.split("x"))
        uniform = random_board(w, h, seed=args.seed)
        near = random_board(w, h, seed=args.seed, moves=40)
        for algorithm in args.algorithms.split(","):
            argv = ["-a", algorithm]
            board = uniform
            if algorithm == "idastar":  # no limit: a board and a heuristic it can finish
                board = near if w * h > 16 else uniform
                argv += ["-H", "linear-conflict" if w * h > 16 else "pdb"]
            label = f"{size} {'40 moves' if board is near else 'uniform'}"
            cases.append((label, algorithm, [board.format("rows"), *argv]))
    one_move = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,0,15"
    cases.append(
        ("4x4 one move, depth 10^9", "dfs", [one_move, "-a", "dfs", "--depth-limit", "1000000000"])
    )
    for label, algorithm, argv in cases:
        r = run(["solve", *argv, "--json"])
        print(
            f"{label:<28} {algorithm:<9} {r['status']:<8} {r['expanded']:>10,} "
            f"{r['wall']:>7.1f} {r['peak_mb']:>7.0f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
