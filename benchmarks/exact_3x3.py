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
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from npuzzle import Board, make_search, random_board


def all_distances(goal: Board) -> dict[tuple[int, ...], int]:
    """Breadth-first distances of every board from ``goal`` (our own, not the solver's)."""
    dist = {goal.tiles: 0}
    todo = deque([goal.tiles])
    while todo:
        tiles = todo.popleft()
        b = tiles.index(0)
        r, c = divmod(b, 3)
        for q, ok in ((b - 3, r > 0), (b + 3, r < 2), (b - 1, c > 0), (b + 1, c < 2)):
            if ok:
                t = list(tiles)
                t[b], t[q] = t[q], t[b]
                key = tuple(t)
                if key not in dist:
                    dist[key] = dist[tiles] + 1
                    todo.append(key)
    return dist


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="random boards per goal")
    parser.add_argument("--algorithm", default="idastar")
    parser.add_argument("--heuristic", default="pdb")
    args = parser.parse_args(argv)
    bad = 0
    for name in ("standard", "blank-first", "snail"):
        goal = Board.goal(name, 3, 3)
        dist = all_distances(goal)
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
