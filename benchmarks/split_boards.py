"""Where splitting IDA* pays: one search split between processes against one process alone.

Each board is solved by IDA* alone (``search.run()``) and split among ``--jobs`` processes
(:func:`npuzzle.search.split.solve_split`, called directly, so the small boards the CLI and the page
keep to one worker are split too). Prints the nodes expanded and the seconds of each, and
the split's time as a multiple of one process's: below 1 the split pays. The boards: the
farthest 8-puzzle with h = 0, the narrow boards of ``narrow_boards.py``'s worst cases, a
random 5x3 and 3x5, and Korf's first 15-puzzle. The split's answers are checked optimal.

    .venv/bin/python benchmarks/split_boards.py [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from npuzzle import Board, make_search, random_board  # noqa: E402
from npuzzle.core.board import parse_size  # noqa: E402
from npuzzle.search.algorithms import splits  # noqa: E402
from npuzzle.search.idastar import IDAStar  # noqa: E402
from npuzzle.search.split import solve_split  # noqa: E402

KORF_1 = "14,13,15,7/11,12,9,5/6,0,2,1/4,8,10,3"
# (board, goal, heuristic): a goal of None is the standard one of the board's shape
BOARDS = [
    ("6,4,7/8,5,0/3,2,1", None, "zero"),
    ("0,9,3,7,1/5,4,8,2,6", "1,2,3,4,5/6,7,8,9,0", "linear-conflict"),
    ("10,9/11,0/8,1/5,6/2,7/3,4", None, "walking-distance"),
    ("11,8,5,0/7,6,2,9/10,3,1,4", None, "linear-conflict"),
    ("11,8,5,0/7,6,2,9/10,3,1,4", None, "manhattan"),
    ("random 5x3", None, "linear-conflict"),
    ("random 3x5", None, "linear-conflict"),
    (KORF_1, "blank-first", "linear-conflict"),
    (KORF_1, "blank-first", "pdb"),
]


def board_of(text: str) -> Board:
    if text.startswith("random "):
        w, h = parse_size(text.removeprefix("random "))
        return random_board(w, h, seed=3, goal=Board.goal("standard", w, h))
    return Board.parse(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"{'board':<34} {'heuristic':<17} {'alone':>20} {f'{args.jobs} jobs':>20} {'x':>6}")
    wrong = 0
    for text, goal_text, heuristic in BOARDS:
        board = board_of(text)
        goal = Board.goal_or_board(goal_text or "standard", board.width, board.height)
        alone = make_search(board, goal, algorithm="idastar", heuristic=heuristic)
        t0 = time.perf_counter()
        alone.run()
        one = time.perf_counter() - t0
        search = make_search(board, goal, algorithm="idastar", heuristic=heuristic)
        assert isinstance(search, IDAStar)
        t0 = time.perf_counter()
        split = solve_split(search, args.jobs)
        many = time.perf_counter() - t0
        wrong += split.length != len(alone.solution or "")
        mark = "" if splits(board.width, board.height) else "  (kept to one worker)"
        print(
            f"{board.format():<34} {heuristic:<17} "
            f"{alone.expanded:>11,} {one:>6.2f} s {split.expanded:>11,} {many:>6.2f} s "
            f"{many / one:>5.2f}x{mark}",
            flush=True,
        )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
