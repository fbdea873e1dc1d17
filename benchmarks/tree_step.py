"""Time what the page does per step with a large search tree: step the engine, bring the
tree up to date, find the current node's row and draw a window of 40 rows around it, and
explain the step. The target is well under 50 ms a step, drawing included.

Run from the project's venv::

    python benchmarks/tree_step.py                   # A* on a 4x4, BFS on a 3x3, 5,000 nodes
    python benchmarks/tree_step.py --nodes 20000 --steps 300

The tree is first grown by stepping to ``--nodes`` nodes (not timed), then ``--steps`` more
steps are timed one by one, and a Back + sync after them; the times are medians and maxima.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from npuzzle import make_search, random_board
from npuzzle.teach.explain import explain
from npuzzle.teach.tree import SearchTree

ROWS = 40


def bench(label: str, search, nodes: int, steps: int) -> None:
    tree = SearchTree(search)
    while tree.size < nodes and search.step() is not None:
        tree.sync()
    collapsed: set[int] = set()  # everything unfolded: the most rows to skip past
    parts: dict[str, list[float]] = {"step": [], "sync": [], "rows": [], "explain": []}
    for _ in range(steps):
        t0 = time.perf_counter()
        if search.step() is None:
            break
        t1 = time.perf_counter()
        tree.sync()
        t2 = time.perf_counter()
        at = tree.row_of(tree.current, collapsed) if tree.current is not None else 0
        window = tree.visible_rows(collapsed, max(0, (at or 0) - ROWS // 2), ROWS)
        t3 = time.perf_counter()
        explain(search)
        t4 = time.perf_counter()
        assert len(window.rows) <= ROWS
        for name, dt in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
            parts[name].append(dt * 1000)
    t0 = time.perf_counter()
    for _ in range(10):
        search.back()
        tree.sync()
    back = (time.perf_counter() - t0) * 100
    total = [sum(p) for p in zip(*parts.values(), strict=True)]
    print(f"{label}: tree of {tree.size:,} nodes, {window.total:,} rows shown in the outline")
    for name, times in parts.items():
        print(f"  {name:8} median {statistics.median(times):6.3f} ms   max {max(times):6.3f} ms")
    print(f"  {'total':8} median {statistics.median(total):6.3f} ms   max {max(total):6.3f} ms")
    print(f"  back + sync: {back:.3f} ms a step")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=5000, help="grow the tree to this size")
    parser.add_argument("--steps", type=int, default=200, help="steps timed")
    args = parser.parse_args()
    board = random_board(4, 4, seed=3, moves=60)
    bench("A* + Manhattan, 4x4", make_search(board), args.nodes, args.steps)
    bfs = make_search(random_board(3, 3, seed=3), algorithm="bfs")
    bench("BFS, 3x3", bfs, args.nodes, args.steps)
    ida = make_search(board, algorithm="idastar", heuristic="manhattan")
    bench("IDA* + Manhattan, 4x4", ida, args.nodes, args.steps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
