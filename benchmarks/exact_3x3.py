"""Optimal 3x3 solving with the exact table (``pdb`` on boards of up to 9 cells): the slowest
board of a sample, and the hardest boards of all.

    python benchmarks/exact_3x3.py                 # 2,000 random boards per goal, IDA* + pdb
    python benchmarks/exact_3x3.py --count 20000 --algorithm astar

For each of the goals standard, blank-first and snail it solves the boards farthest from that
goal (31 or 30 moves, found by a breadth-first search over all 181,440 boards) and a uniform
random sample, checks every length against the breadth-first distance, and prints the mean and
the largest time per board (the table is loaded before timing). Exit status 1 on a wrong length.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))  # the tests' breadth-first oracle, not the solver

from oracles import distances  # noqa: E402

from npuzzle import Board, make_search, random_board  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="random boards per goal")
    parser.add_argument("--algorithm", default="idastar")
    parser.add_argument("--heuristic", default="pdb")
    args = parser.parse_args(argv)
    bad = 0
    for name in ("standard", "blank-first", "snail"):
        goal = Board.goal(name, 3, 3)
        dist = distances(goal.tiles, 3, 3)
        far = max(dist.values())
        boards = [Board(3, 3, t) for t, d in dist.items() if d == far]
        boards += [random_board(3, 3, seed=f"{name}-{i}", goal=goal) for i in range(args.count)]
        make_search(boards[0], goal, algorithm=args.algorithm, heuristic=args.heuristic)  # load
        times = []
        for board in boards:
            t0 = time.perf_counter()
            search = make_search(board, goal, algorithm=args.algorithm, heuristic=args.heuristic)
            search.run()
            times.append(time.perf_counter() - t0)
            if len(search.solution or "") != dist[board.tiles]:
                bad += 1
                print(f"WRONG {board}: {search.solution!r}, distance {dist[board.tiles]}")
        print(
            f"goal {name:<11} {len(boards):>6} boards ({len(boards) - args.count} at {far} "
            f"moves): mean {statistics.mean(times) * 1e3:.2f} ms, "
            f"max {max(times) * 1e3:.2f} ms, all optimal: {bad == 0}"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
