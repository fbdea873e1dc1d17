"""How fast IDA* could possibly be on a narrow board: the nodes any optimal search must expand.

With a consistent heuristic h, every search that proves a solution of length C* optimal must
expand each state s with g(s) + h(s) < C*, where g(s) is the state's distance from the start
(Dechter & Pearl 1985); IDA* expands every one of them in its last iteration alone. This
script counts those states exactly (one breadth-first search from the start over the whole
space), measures the rate at which IDA* expands nodes with the same heuristic on the same
board, and divides: a lower bound on IDA*'s time that no pruning of duplicates can beat.

    .venv/bin/python benchmarks/narrow_bounds.py [--board '0,9,3,7,1/5,4,8,2,6']
        [--goal '1,2,3,4,5/6,7,8,9,0'] [--farthest 2x5] [--rate-seconds 3]

Prints per heuristic: the states that must be expanded, IDA*'s expansions per second, and
the least time that implies (the target of the narrow-board benchmark is 2 s).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from narrow_boards import exact_distances  # noqa: E402

from npuzzle import HEURISTICS, Board, make_search  # noqa: E402
from npuzzle.heuristics import make_heuristic  # noqa: E402
from npuzzle.space import Space  # noqa: E402


def must_expand(board: Board, goal: Board, names: list[str]) -> tuple[int, dict[str, int]]:
    """C* and, per heuristic, the number of states with g + h < C*."""
    dist = exact_distances(board)  # moves are reversible: distance from the start
    best = dist[goal.tiles]
    space = Space(board.width, board.height)
    cells = {t: p for p, t in enumerate(goal.tiles)}
    counts = {}
    for name in names:
        h = make_heuristic(name, space, cells)
        counts[name] = sum(
            1 for tiles, g in dist.items() if g < best and g + h.value(space.pack(tiles)) < best
        )
    return best, counts


def rate(board: Board, goal: Board, name: str, seconds: float) -> float:
    search = make_search(board, goal, algorithm="idastar", heuristic=name)
    search.run(max_seconds=seconds)
    return search.expanded / max(search.seconds, 1e-9)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="0,9,3,7,1/5,4,8,2,6")
    parser.add_argument("--goal", default="1,2,3,4,5/6,7,8,9,0")
    parser.add_argument("--farthest", help="WxH: use a farthest board of this shape instead")
    parser.add_argument("--rate-seconds", type=float, default=3.0)
    admissible = [n for n, h in HEURISTICS.items() if h.info.consistent and n != "pdb"]
    parser.add_argument("--heuristics", default=",".join(admissible))
    args = parser.parse_args()
    if args.farthest:
        w, h = (int(x) for x in args.farthest.split("x"))
        goal = Board.goal("standard", w, h)
        dist = exact_distances(goal)
        far = max(dist.values())
        board = Board(w, h, min(t for t, d in dist.items() if d == far))
    else:
        board, goal = Board.parse(args.board), Board.parse(args.goal)
    t0 = time.perf_counter()
    names = args.heuristics.split(",")
    best, counts = must_expand(board, goal, names)
    print(f"board {board.format()} -> {goal.format()}: {best} moves "
          f"(counted in {time.perf_counter() - t0:.0f} s)")  # fmt: skip
    print(f"{'heuristic':<17} {'must expand':>12} {'IDA* exp/s':>11} {'at least':>9}")
    for name in names:
        r = rate(board, goal, name, args.rate_seconds)
        print(f"{name:<17} {counts[name]:>12,} {r:>11,.0f} {counts[name] / r:>8.1f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
