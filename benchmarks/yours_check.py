"""Time the check of a heuristic of yours on every 3x3 board (181,440), in CPython.

    python benchmarks/yours_check.py             # best of 3, two heuristics written in Python
    python benchmarks/yours_check.py --repeat 5

Each heuristic is compiled as a user's (``npuzzle.heuristics.yours``: a budget check at every
loop iteration, comprehension item and call) and checked with ``npuzzle.teach.check`` to the
end (both are admissible and consistent, so every board is checked). The page's own figure,
in Pyodide, is printed by tests/browser/test_site_yours.py.
"""

from __future__ import annotations

import argparse
import time

from npuzzle import Board
from npuzzle.core.space import Space
from npuzzle.teach.check import check, compile_source

HEURISTICS = {
    "misplaced tiles": (
        "def h(tiles, goal, width, height):\n"
        "    return sum(1 for t, g in zip(tiles, goal) if t and t != g)\n"
    ),
    "Manhattan distance": (
        "def h(tiles, goal, width, height):\n"
        "    total = 0\n"
        "    for i, t in enumerate(tiles):\n"
        "        if t:\n"
        "            j = goal.index(t)\n"
        "            total += abs(i % width - j % width) + abs(i // width - j // width)\n"
        "    return total\n"
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    goal = Board.goal("standard", 3, 3)
    goal_pos = {t: p for p, t in enumerate(goal.tiles)}
    for name, source in HEURISTICS.items():
        times = []
        for _ in range(args.repeat):
            heuristic = compile_source(source)(Space(3, 3), goal_pos)
            start = time.perf_counter()
            verdict = check(heuristic)
            times.append(time.perf_counter() - start)
            assert verdict.states == 181_440 and verdict.admissible and verdict.consistent
        print(f"{name:<20} every 3x3 board checked: best of {args.repeat} {min(times):.2f} s")


if __name__ == "__main__":
    main()
