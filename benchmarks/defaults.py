"""The defaults always work: 30 shuffled boards of each size solved with the Automatic choice.

    python benchmarks/defaults.py                         # 30 boards a size, 2x2 to 5x5 (~20 min)
    python benchmarks/defaults.py --boards 5 --sizes 3x3,4x4

For each size, uniform random boards (seeded: ``--seed``, then the board's number) for the
standard goal, each solved in CPython with exactly what :func:`npuzzle.search.automatic.automatic`
picks for it (its algorithm, heuristic, weight, with the algorithm's default limits: IDA* has
none, the anytime search stops at 10 s with its best). Every solution is checked by playing
it from the board to the goal. Per size: the choice, how many boards were solved, the time per
board (median and largest), the mean length, and for the anytime search the time to its first
solution (median and largest). The pattern databases are loaded before timing (built once
into the disk cache if missing). The page runs Python about twice as slow (Pyodide in
Chromium: Korf's 100 in 55 s against 35 s here, ``benchmarks/site_solve.py``), so its times
are about twice these; the anytime search's stop is in seconds of the page's own clock.
Exit status 1 if a board was not solved.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from npuzzle import Board, Status, random_board, solve  # noqa: E402
from npuzzle.core.board import parse_size  # noqa: E402
from npuzzle.heuristics import pdbbuild, pdbplan  # noqa: E402
from npuzzle.search.automatic import automatic  # noqa: E402

SIZES = "2x2,2x3,3x2,3x3,3x4,4x3,4x4,4x5,5x4,5x5"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=SIZES)
    parser.add_argument("--boards", type=int, default=30, help="boards per size")
    parser.add_argument("--seed", default="defaults")
    args = parser.parse_args(argv)
    print(
        f"{'size':<5} {'automatic':<48} {'solved':>7} {'median s':>9} {'max s':>7} "
        f"{'mean length':>12} {'first sol. median/max s':>24}",
        flush=True,
    )
    failed = 0
    for size in args.sizes.split(","):
        width, height = parse_size(size)
        goal = Board.goal("standard", width, height)
        boards = [
            random_board(width, height, seed=f"{args.seed}-{size}-{i}") for i in range(args.boards)
        ]
        choices = {automatic(board, goal) for board in boards}
        if len(choices) != 1:  # the rule reads the size and goal, so one choice a size
            raise SystemExit(f"{size}: several choices {choices}")
        (choice,) = choices
        if choice.heuristic == "pdb":
            for name in pdbplan.table_names(width, height, goal.blank):
                pdbbuild.load(name)
        seconds, lengths, firsts, solved = [], [], [], 0
        for board in boards:
            t0 = time.perf_counter()
            result = solve(
                board,
                goal,
                algorithm=choice.algorithm,
                heuristic=choice.heuristic,
                weight=choice.weight,
            )
            seconds.append(time.perf_counter() - t0)
            if result.status == Status.SOLVED and board.apply(result.moves or "") == goal:
                solved += 1
                lengths.append(len(result.moves or ""))
            improvements = result.extra.get("improvements") if result.extra else None
            if improvements:
                firsts.append(improvements[0]["seconds"])
        failed += args.boards - solved
        first = f"{statistics.median(firsts):.2f} / {max(firsts):.2f}" if firsts else "(optimal)"
        mean = f"{statistics.mean(lengths):.1f}" if lengths else "-"
        print(
            f"{size:<5} {choice.title:<48} {solved:>3}/{args.boards:<3} "
            f"{statistics.median(seconds):>9.2f} {max(seconds):>7.2f} {mean:>12} {first:>24}",
            flush=True,
        )
    print("CPython; the page (Pyodide) runs Python about 2x slower.")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
