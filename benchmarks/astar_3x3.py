"""Time A* + Manhattan on hard 3x3 boards: npuzzle against the PyPI package slidingpuzzle.

Run from the project's venv (slidingpuzzle is optional, ``pip install slidingpuzzle``)::

    python benchmarks/astar_3x3.py              # the two 31-move boards, best of 3
    python benchmarks/astar_3x3.py --repeat 5
    python benchmarks/astar_3x3.py "867 254 3b1" "123 456 7b8"

Boards are rows separated by spaces, ``b`` marking the blank. Both solvers search towards
the standard goal ``123 456 78b`` (slidingpuzzle cannot use any other goal). Times are wall
clock around the solve call only (board construction excluded), best of ``--repeat`` runs.
The exit status is 1 if a solver fails or the two disagree on the (optimal) length.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

DEFAULT_BOARDS: tuple[str, ...] = ("867 254 3b1", "647 85b 321")
# Known optimal lengths: both default boards are among the hardest 3x3 positions.
KNOWN_OPTIMAL: dict[str, int] = {"867 254 3b1": 31, "647 85b 321": 31}
STANDARD_GOAL: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 0)
WIDTH = HEIGHT = 3


@dataclass(frozen=True)
class Timing:
    """Outcome of timing one solver on one board."""

    best: float
    first: float
    length: int
    expanded: int | None = None


def parse_rows(text: str) -> list[list[int]]:
    """Parse ``"867 254 3b1"`` into rows of ints, 0 for the blank (own parser: no npuzzle)."""
    rows = [[0 if ch in "b0" else int(ch) for ch in row] for row in text.split()]
    if len(rows) != HEIGHT or any(len(row) != WIDTH for row in rows):
        raise ValueError(f"expected {HEIGHT} rows of {WIDTH} tiles, got {text!r}")
    if sorted(t for row in rows for t in row) != list(range(WIDTH * HEIGHT)):
        raise ValueError(f"tiles must be 1..{WIDTH * HEIGHT - 1} and one blank: {text!r}")
    return rows


def best_of(repeat: int, run: Callable[[], tuple[int, int | None]]) -> Timing:
    """Call ``run`` ``repeat`` times; it returns (length, expanded) of the last solve."""
    times: list[float] = []
    length, expanded = -1, None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        length, expanded = run()
        times.append(time.perf_counter() - start)
    return Timing(best=min(times), first=times[0], length=length, expanded=expanded)


def load_ours() -> tuple[Any, Any] | str:
    """Return (Board, solve) from npuzzle, or a reason why it is not usable.

    Falls back to this checkout's ``src/`` when npuzzle is not installed.
    """
    try:
        from npuzzle import Board, solve
    except ImportError:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
        try:
            from npuzzle import Board, solve
        except ImportError as exc:
            return f"npuzzle not importable ({exc}); install the project: pip install -e ."
    return Board, solve


def time_ours(board_cls: Any, solve: Any, text: str, repeat: int) -> Timing:
    """Time npuzzle's A* + Manhattan on one board (timing excludes parsing)."""
    board = board_cls.parse(text)
    goal = board_cls.goal("standard", WIDTH, HEIGHT)
    if tuple(goal.tiles) != STANDARD_GOAL:
        raise RuntimeError(f"npuzzle's standard goal is {goal.tiles}, expected {STANDARD_GOAL}")

    def run() -> tuple[int, int | None]:
        result = solve(board, goal=goal, algorithm="astar", heuristic="manhattan")
        if result.status != "solved":
            raise RuntimeError(f"npuzzle did not solve {text!r}: status {result.status!r}")
        return int(result.length), int(result.expanded)

    return best_of(repeat, run)


def load_slidingpuzzle() -> ModuleType | None:
    try:
        return importlib.import_module("slidingpuzzle")
    except ImportError:
        return None


def time_slidingpuzzle(sp: ModuleType, text: str, repeat: int) -> Timing:
    """Time slidingpuzzle's ``search(board, "a*", heuristic=manhattan_distance)``.

    Its goal is fixed to 1..n-1 then blank, which is our standard goal.
    ``expanded`` is left out: slidingpuzzle counts every heap pop, duplicates included,
    so it is not comparable with ours.
    """
    rows = parse_rows(text)

    def run() -> tuple[int, int | None]:
        board = sp.from_rows(*rows)
        result = sp.search(board, "a*", heuristic=sp.manhattan_distance)
        if result.solution is None:
            raise RuntimeError(f"slidingpuzzle did not solve {text!r}")
        return len(result.solution), None

    return best_of(repeat, run)


def fmt_seconds(timing: Timing | None) -> str:
    return "-" if timing is None else f"{timing.best:.3f}"


def fmt_int(value: int | None) -> str:
    return "-" if value is None else str(value)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "boards",
        nargs="*",
        default=list(DEFAULT_BOARDS),
        help='3x3 boards as "r1 r2 r3", b = blank (default: the two 31-move boards)',
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per board, best kept")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    for text in args.boards:
        try:
            parse_rows(text)
        except ValueError as exc:
            parser.error(str(exc))

    ours = load_ours()
    sp = load_slidingpuzzle()
    print(f"A* + Manhattan, 3x3, goal 123 456 78b, best of {args.repeat} (seconds)")
    if isinstance(ours, str):
        print(f"our solver: skipped, {ours}")
    if sp is None:
        print("slidingpuzzle: not installed, skipped (to compare: pip install slidingpuzzle)")
    else:
        print(f"slidingpuzzle {getattr(sp, '__version__', '?')}")

    header = ("board", "our s", "our len", "our expanded", "sp s", "sp len", "ratio sp/our")
    rows: list[tuple[str, ...]] = []
    problems: list[str] = []
    for text in args.boards:
        mine = None if isinstance(ours, str) else time_ours(*ours, text, args.repeat)
        theirs = None if sp is None else time_slidingpuzzle(sp, text, args.repeat)
        ratio = "-"
        if mine is not None and theirs is not None:
            ratio = f"{theirs.best / mine.best:.2f}" if mine.best > 0 else "inf"
        rows.append(
            (
                text,
                fmt_seconds(mine),
                fmt_int(None if mine is None else mine.length),
                fmt_int(None if mine is None else mine.expanded),
                fmt_seconds(theirs),
                fmt_int(None if theirs is None else theirs.length),
                ratio,
            )
        )
        lengths = {name: t.length for name, t in (("ours", mine), ("sp", theirs)) if t}
        expected = KNOWN_OPTIMAL.get(text)
        for name, length in lengths.items():
            if expected is not None and length != expected:
                problems.append(f"{text}: {name} length {length}, optimal is {expected}")
        if len(set(lengths.values())) > 1:
            problems.append(f"{text}: lengths differ {lengths}")

    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    for row in (header, *rows):
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))
    for problem in problems:
        print(f"MISMATCH {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
