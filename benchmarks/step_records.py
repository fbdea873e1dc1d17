"""The memory a recorded step takes, in CPython (tracemalloc): the figures behind
``npuzzle.search.engine.MAX_RECORDED_STEPS``.

Steps a search ``--steps`` times (every step recorded for ``back()``) and runs the same search
as far without recording; the difference is the records. Then builds the visualizer's search
tree from those steps (``npuzzle.teach.tree.SearchTree``) and times dropping both at once,
the page's stall before it freed them in slices (web/worker/pacing.py ``dismantle``).

    .venv/bin/python benchmarks/step_records.py [--board 8,6,7/2,5,4/3,0,1] [--algorithm bfs]
                                                [--steps 100000]

Breadth-first search on the default board takes several minutes under tracemalloc: most of a
step's time goes to counting the open nodes tied with the one taken (up to 1,000).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from npuzzle import Board, make_search
from npuzzle.teach.tree import SearchTree


def measured(make: Callable[[], Any]) -> tuple[Any, int, float]:
    """What ``make()`` returns, the bytes it left allocated, and the seconds it took."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    start = time.perf_counter()
    made = make()
    took = time.perf_counter() - start
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return made, used, took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="8,6,7/2,5,4/3,0,1")
    parser.add_argument("--algorithm", default="bfs")
    parser.add_argument("--steps", type=int, default=100_000)
    args = parser.parse_args(argv)
    board, n = Board.parse(args.board), args.steps

    def run() -> Any:
        return make_search(board, algorithm=args.algorithm).run(max_nodes=n)

    def step() -> Any:
        search = make_search(board, algorithm=args.algorithm)
        while search.steps < n and search.step() is not None:
            pass
        return search

    ran, run_bytes, _ = measured(run)
    del ran
    search, step_bytes, took = measured(step)
    steps = max(1, search.steps)
    records = step_bytes - run_bytes
    print(f"{args.algorithm} on {args.board}, {search.steps:,} steps ({took:.1f} s traced)")
    print(f"  the search run as far: {run_bytes / 1e6:.1f} MB")
    print(f"  stepped: {step_bytes / 1e6:.1f} MB; the records {records / 1e6:.1f} MB, "
          f"{records / steps:,.0f} B a step")  # fmt: skip
    tree, tree_bytes, took = measured(lambda stepped=search: SearchTree(stepped))
    print(f"  its search tree: {tree_bytes / 1e6:.1f} MB, {tree_bytes / steps:,.0f} B a step "
          f"({took:.1f} s traced)")  # fmt: skip
    gc.collect()
    start = time.perf_counter()
    del search, tree
    print(f"  both dropped at once: {(time.perf_counter() - start) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
