"""How fast IDA* could possibly be on a narrow board: the nodes any optimal search must expand.

With a consistent heuristic h, every search that proves a solution of length C* optimal must
expand each state s with g(s) + h(s) < C*, where g(s) is the state's distance from the start
(Dechter & Pearl 1985); IDA* expands every one of them in its last iteration alone. This
script counts those states exactly and divides by the rate at which IDA* expands nodes with
the same heuristic on the same board: a lower bound on IDA*'s time that no pruning of
duplicates can beat.

The count is a breadth-first search from the start that keeps only states with g + h < C*.
It finds every such state at its true distance: by consistency, every state on a shortest
path to one of them has g + h < C* too. So it works on the 12-cell shapes (239,500,800
states), where a search of the whole space is out of reach in Python. A count that passes
``--cap`` states is stopped there; the bound is then "more than".

    .venv/bin/python benchmarks/narrow_bounds.py [--board '0,9,3,7,1/5,4,8,2,6']
        [--goal '1,2,3,4,5/6,7,8,9,0'] [--farthest 2x5] [--cap 5000000] [--rate-seconds 3]

The goal defaults to the standard one of the board's shape; C* comes from A* with pattern
databases. Prints per heuristic: the states that must be expanded, IDA*'s expansions per
second, and the least time that implies (the narrow-board benchmark's target is 2 s).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from narrow_boards import exact_distances, must_expand, oracle_length  # noqa: E402

from npuzzle import HEURISTICS, Board, make_search  # noqa: E402
from npuzzle.core.board import parse_size  # noqa: E402


def rate(board: Board, goal: Board, name: str, seconds: float) -> float:
    search = make_search(board, goal, algorithm="idastar", heuristic=name)
    search.run(max_seconds=seconds)
    return search.expanded / max(search.seconds, 1e-9)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="0,9,3,7,1/5,4,8,2,6")
    parser.add_argument("--goal", help="default: the standard goal of the board's shape")
    parser.add_argument("--farthest", help="WxH (at most 10 cells): a farthest board instead")
    parser.add_argument("--cap", type=int, default=5_000_000, help="states counted at most")
    parser.add_argument("--rate-seconds", type=float, default=3.0)
    consistent = [n for n, h in HEURISTICS.items() if h.info.consistent]
    parser.add_argument("--heuristics", default=",".join(consistent))
    args = parser.parse_args()
    if args.farthest:
        w, h = parse_size(args.farthest)
        goal = Board.goal("standard", w, h)
        dist = exact_distances(goal)
        far = max(dist.values())
        board = Board(w, h, min(t for t, d in dist.items() if d == far))
    else:
        board = Board.parse(args.board)
        w, h = board.width, board.height
        goal = Board.parse(args.goal) if args.goal else Board.goal("standard", w, h)
    best = oracle_length(board, goal)
    print(f"board {board.format()} -> {goal.format()}: {best} moves")
    print(f"{'heuristic':<17} {'must expand':>12} {'IDA* exp/s':>11} {'at least':>9}")
    for name in args.heuristics.split(","):
        t0 = time.perf_counter()
        count = must_expand(board, goal, name, best, args.cap)
        counted = time.perf_counter() - t0
        r = rate(board, goal, name, args.rate_seconds)
        shown, least = (f">{args.cap:,}", f">{args.cap / r:.1f}s") if count is None else (
            f"{count:,}", f"{count / r:.1f}s"
        )  # fmt: skip
        print(f"{name:<17} {shown:>12} {r:>11,.0f} {least:>9}  (counted in {counted:.0f} s)",
              flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
