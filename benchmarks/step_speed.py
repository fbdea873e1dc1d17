"""Time a search stepped without records, with records, and run whole: what a step's record
(its pseudocode lines among it, ``Step.lines``) costs, and that the unrecorded path does not
pay for it.

Run from the project's venv::

    python benchmarks/step_speed.py                  # A* and IDA* on two 3x3s and a 4x4
    python benchmarks/step_speed.py --steps 20000 --repeat 5

For each search: ``run()`` to ``--steps`` expansions, ``step(record=False)`` as many times
(the visualizer's path past its records) and ``step()`` as many times (recorded, as the
visualizer steps), each timed on a fresh search, best of ``--repeat``; the figures are
microseconds of this process's CPU a step (CPU time, not wall time: the machine's other load
sways it less).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from npuzzle import Board, Search, make_search

KORF_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
#: (name, board, goal, algorithm): the two 31-move 3x3s and Korf's first 4x4, Manhattan
CASES = (
    ("A* 3x3 867 254 3b1", "8,6,7/2,5,4/3,0,1", "standard", "astar"),
    ("A* 3x3 647 85b 321", "6,4,7/8,5,0/3,2,1", "standard", "astar"),
    ("IDA* 3x3 867 254 3b1", "8,6,7/2,5,4/3,0,1", "standard", "idastar"),
    ("A* 4x4 Korf #1", KORF_1, "blank-first", "astar"),
    ("IDA* 4x4 Korf #1", KORF_1, "blank-first", "idastar"),
)


def timed(make: Callable[[], Search], go: Callable[[Search], None], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        search = make()
        gc.collect()
        start = time.process_time()
        go(search)
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    steps = args.steps
    print(f"{'search':24} {'run':>8} {'unrecorded':>11} {'recorded':>9}  (µs a step)")
    for name, text, kind, algorithm in CASES:
        board = Board.parse(text)
        goal = Board.goal(kind, board.width, board.height)

        def make(board: Board = board, goal: Board = goal, a: str = algorithm) -> Search:
            return make_search(board, goal, algorithm=a, heuristic="manhattan")

        def unrecorded(search: Search) -> None:
            for _ in range(steps):
                search.step(record=False)

        def recorded(search: Search) -> None:
            for _ in range(steps):
                search.step()

        figures = [
            timed(make, lambda s: s.run(max_nodes=steps), args.repeat),
            timed(make, unrecorded, args.repeat),
            timed(make, recorded, args.repeat),
        ]
        print(
            f"{name:24} "
            + " ".join(
                f"{t / steps * 1e6:>{w}.2f}" for t, w in zip(figures, (8, 11, 9), strict=True)
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
