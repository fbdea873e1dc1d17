"""IDA* on every board shape of at most 12 cells, with every admissible heuristic: all
optimal, and how long each search takes (the target: 2 s in CPython).

For each shape: its farthest boards from the goal and ``--random`` uniform random boards.
Up to 10 cells the exact distances come from one breadth-first search of the whole space
(1,814,400 states on 2x5: about half a minute), which also gives the farthest boards. The
12-cell spaces (239,500,800 states) are too big for that in Python: their boards are checked
against A* with pattern databases, an independent optimal search, and the "farthest" are the
longest of ``--candidates`` random boards. A (shape, heuristic) whose search passes
``--cap`` seconds is stopped there and its remaining boards are skipped.

    .venv/bin/python benchmarks/narrow_boards.py [--shapes 2x5,5x2] [--heuristics pdb]
        [--random 30] [--cap 5] [--seed 1]

Prints per shape and heuristic: boards, all optimal, worst seconds and its board; then the
worst cases overall. Exit status 1 if any answer is not optimal.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from npuzzle import HEURISTICS, Board, make_search, random_board  # noqa: E402

SHAPES = "2x3,3x2,2x4,4x2,3x3,2x5,5x2,2x6,6x2,3x4,4x3"
BFS_CELLS = 10  # the largest space searched breadth-first here


def exact_distances(goal: Board) -> dict[tuple[int, ...], int]:
    """Breadth-first distance of every board from ``goal`` (moves are reversible)."""
    w, h = goal.width, goal.height
    dist = {goal.tiles: 0}
    queue = deque([goal.tiles])
    while queue:
        tiles = queue.popleft()
        d = dist[tiles] + 1
        b = tiles.index(0)
        r, c = divmod(b, w)
        for q in (b - w if r else -1, b + w if r < h - 1 else -1, b - 1 if c else -1,
                  b + 1 if c < w - 1 else -1):  # fmt: skip
            if q >= 0:
                t = list(tiles)
                t[b], t[q] = t[q], t[b]
                n = tuple(t)
                if n not in dist:
                    dist[n] = d
                    queue.append(n)
    return dist


def boards_of(goal: Board, count: int, candidates: int, seed: str) -> tuple[list, str]:
    """(board, optimal length) pairs, farthest first, and how the lengths were found."""
    w, h = goal.width, goal.height
    randoms = [random_board(w, h, seed=f"{seed}:{i}", goal=goal) for i in range(count)]
    if w * h <= BFS_CELLS:
        dist = exact_distances(goal)
        far = max(dist.values())
        farthest = [Board(w, h, t) for t, d in sorted(dist.items()) if d == far][:3]
        return [(b, dist[b.tiles]) for b in farthest + randoms], "breadth-first distances"
    pool = randoms + [
        random_board(w, h, seed=f"{seed}:far{i}", goal=goal) for i in range(candidates)
    ]
    lengths = {b: oracle_length(b, goal) for b in pool}
    farthest = sorted(pool[count:], key=lambda b: -lengths[b])[:3]
    return [(b, lengths[b]) for b in farthest + randoms], "A* with pattern databases"


def oracle_length(board: Board, goal: Board) -> int:
    search = make_search(board, goal, algorithm="astar", heuristic="pdb").run()
    assert search.solution is not None
    return len(search.solution)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", default=SHAPES)
    admissible = [n for n, h in HEURISTICS.items() if h.info.admissible]
    parser.add_argument("--heuristics", default=",".join(admissible))
    parser.add_argument("--random", type=int, default=30, help="random boards per shape")
    parser.add_argument(
        "--candidates", type=int, default=60, help="12 cells: boards to pick the longest from"
    )
    parser.add_argument("--cap", type=float, default=5.0, help="seconds before a search is stopped")
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    rows, wrong = [], 0
    print(
        f"{'shape':<6} {'heuristic':<17} {'boards':>6} {'optimal':>8} {'worst s':>8}  worst board"
    )
    for shape in args.shapes.split(","):
        w, h = (int(x) for x in shape.split("x"))
        goal = Board.goal("standard", w, h)
        t0 = time.perf_counter()
        cases, source = boards_of(goal, args.random, args.candidates, args.seed)
        print(
            f"{shape}: {len(cases)} boards, lengths by {source} ({time.perf_counter() - t0:.0f} s)"
        )
        for heuristic in args.heuristics.split(","):
            done, worst, worst_board, over, bad = 0, 0.0, None, False, 0
            for board, length in cases:
                search = make_search(board, goal, algorithm="idastar", heuristic=heuristic)
                search.run(max_seconds=args.cap)
                if search.status != "solved":
                    over, worst, worst_board = True, search.seconds, board
                    break
                done += 1
                if (
                    len(search.solution or "") != length
                    or board.apply(search.solution or "") != goal
                ):
                    bad += 1
                    print(
                        f"  NOT OPTIMAL: {board.format()} {len(search.solution or '')} != {length}"
                    )
                if search.seconds > worst:
                    worst, worst_board = search.seconds, board
            shown = f">{args.cap:g}" if over else f"{worst:.2f}"
            note = f" (stopped at {done + 1} of {len(cases)})" if over else ""
            print(
                f"{shape:<6} {heuristic:<17} {done:>6} {'yes' if not bad else 'NO':>8} "
                f"{shown:>8}  {worst_board.format() if worst_board else '-'}{note}",
                flush=True,
            )
            wrong += bad
            rows.append((worst if not over else float("inf"), shape, heuristic, worst_board))
    print("\nworst cases:")
    for seconds, shape, heuristic, board in sorted(rows, key=lambda r: -r[0])[:12]:
        shown = f">{args.cap:g}" if seconds == float("inf") else f"{seconds:.2f}"
        print(f"  {shape:<6} {heuristic:<17} {shown:>7} s  {board.format() if board else '-'}")
    within = sum(1 for r in rows if r[0] <= 2.0)
    print(
        f"{within} of {len(rows)} (shape, heuristic) pairs within 2 s; answers not optimal: {wrong}"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
