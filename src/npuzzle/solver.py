"""One entry point for every search: :func:`make_search` to step, :func:`solve` to run."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .board import Board, PuzzleError
from .heuristics import heuristic_info, make_heuristic
from .search import TIE_BREAKS, BestFirst, Problem, Result, Search
from .solvability import check_same_shape, solvability
from .space import Space

__all__ = [
    "ALGORITHMS",
    "DEFAULT_WEIGHT",
    "MEMORY_BOUND_NODES",
    "AlgorithmInfo",
    "make_search",
    "solve",
]


#: The default limit of the searches that keep every node they meet: about 0.5 GB of memory
#: per million expansions on a 4x4 (open and closed lists), so 2,000,000 stay near 1 GB.
MEMORY_BOUND_NODES = 2_000_000


@dataclass(frozen=True)
class AlgorithmInfo:
    """What an algorithm is, what it takes, and the limit it runs under by default."""

    name: str
    title: str
    uses_heuristic: bool
    description: str
    takes_weight: bool = False
    #: default expansion limit (None: none, for searches whose memory does not grow)
    max_nodes: int | None = MEMORY_BOUND_NODES


ALGORITHMS: dict[str, AlgorithmInfo] = {
    a.name: a
    for a in (
        AlgorithmInfo("bfs", "Breadth-first search", False, "shallowest first: optimal, blind"),
        AlgorithmInfo(
            "dfs", "Depth-first search", False, "deepest first, to a depth limit: not optimal"
        ),
        AlgorithmInfo("greedy", "Greedy best-first", True, "smallest h first: fast, not optimal"),
        AlgorithmInfo(
            "astar", "A*", True, "smallest g + h first: optimal with an admissible heuristic"
        ),
        AlgorithmInfo(
            "wastar",
            "Weighted A*",
            True,
            "smallest g + w·h first: at most w times optimal",
            takes_weight=True,
        ),
        AlgorithmInfo(
            "idastar",
            "IDA*",
            True,
            "depth-first with a rising f threshold: optimal, little memory",
            max_nodes=None,  # it keeps only its path: time, not memory, is what it spends
        ),
        AlgorithmInfo(
            "human",
            "Human-like (row and column)",
            True,
            "solve a row, then a column, shrink the board; finish the last 3x3 with A*",
            takes_weight=True,
        ),
    )
}

DEFAULT_WEIGHT = 3.0
#: heuristics that measure a whole board only (their tables assume every tile has a goal)
WHOLE_BOARD_HEURISTICS = ("pdb", "walking-distance")  # Nayak & Huang's c = 3


def default_depth_limit(width: int, height: int) -> int:
    """Depth-first search's default limit: the diameter where it is known, else generous."""
    known = {(2, 2): 6, (2, 3): 21, (3, 2): 21, (3, 3): 31, (4, 4): 80}
    return known.get((width, height), 4 * width * height * max(width, height))


def _check_options(
    algorithm: str, heuristic: str, weight: float, tie_break: str, depth_limit: int | None
) -> None:
    if algorithm not in ALGORITHMS:
        raise PuzzleError(f"unknown algorithm {algorithm!r}: choose one of {', '.join(ALGORITHMS)}")
    heuristic_info(heuristic)
    if algorithm == "human" and heuristic in WHOLE_BOARD_HEURISTICS:
        raise PuzzleError(
            f"the human-like search solves parts of the board, which {heuristic} cannot "
            "measure: use manhattan, linear-conflict or another heuristic"
        )
    if not isinstance(weight, int | float) or not math.isfinite(weight) or weight < 1:
        raise PuzzleError(f"weight must be a number of at least 1, not {weight!r}")
    if tie_break not in TIE_BREAKS:
        raise PuzzleError(f"unknown tie-break {tie_break!r}: choose one of {', '.join(TIE_BREAKS)}")
    if depth_limit is not None and depth_limit < 0:
        raise PuzzleError("the depth limit cannot be negative")


def make_search(
    board: Board,
    goal: Board | None = None,
    *,
    algorithm: str = "astar",
    heuristic: str = "manhattan",
    weight: float = DEFAULT_WEIGHT,
    tie_break: str = "high-g",
    depth_limit: int | None = None,
) -> Search:
    """A search ready to ``run()`` or ``step()``. The board must be solvable."""
    goal = goal or Board.goal("standard", board.width, board.height)
    _check_options(algorithm, heuristic, weight, tie_break, depth_limit)
    check_same_shape(board, goal)
    verdict = solvability(board, goal)
    if not verdict:
        raise PuzzleError(verdict.reason)
    search = _new_search(board, goal, algorithm, heuristic, weight, tie_break, depth_limit)
    search.board, search.goal = board, goal
    search.labels = (
        heuristic if ALGORITHMS[algorithm].uses_heuristic else None,
        weight if ALGORITHMS[algorithm].takes_weight else None,
    )
    return search


def _new_search(
    board: Board,
    goal: Board,
    algorithm: str,
    heuristic: str,
    weight: float,
    tie_break: str,
    depth_limit: int | None,
) -> Search:
    if not ALGORITHMS[algorithm].uses_heuristic:
        heuristic = "zero"
    if algorithm == "human":
        from .human import HumanSearch

        return HumanSearch(board, goal, heuristic=heuristic, weight=weight, tie_break=tie_break)
    space = Space(board.width, board.height)
    h = make_heuristic(heuristic, space, {t: p for p, t in enumerate(goal.tiles)})
    problem = Problem.for_boards(board, goal, h)
    if algorithm == "idastar":
        from .idastar import IDAStar

        return IDAStar(problem)
    if algorithm == "dfs" and depth_limit is None:
        depth_limit = default_depth_limit(board.width, board.height)
    return BestFirst(
        problem,
        algorithm,
        weight=weight if algorithm == "wastar" else 1.0,
        tie_break=tie_break,
        depth_limit=depth_limit,
    )


def solve(
    board: Board | str,
    goal: Board | str | None = None,
    *,
    algorithm: str = "astar",
    heuristic: str = "manhattan",
    weight: float = DEFAULT_WEIGHT,
    tie_break: str = "high-g",
    depth_limit: int | None = None,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    progress: Callable[[Search], Any] | None = None,
) -> Result:
    """Solve ``board`` for ``goal`` (default: the standard goal) and report the figures.

    Boards and goals may be given as text; a goal may be a name (``standard``,
    ``blank-first``, ``snail``). An unsolvable board is answered at once with the reason.
    ``max_nodes`` limits the expansions: None for the algorithm's default
    (``ALGORITHMS[algorithm].max_nodes``: 2,000,000 for the searches that keep their nodes in
    memory, none for IDA*), 0 for no limit.
    """
    if isinstance(board, str):
        board = Board.parse(board)
    if goal is None:
        goal = Board.goal("standard", board.width, board.height)
    elif isinstance(goal, str):
        goal = Board.goal_or_board(goal, board.width, board.height)
    _check_options(algorithm, heuristic, weight, tie_break, depth_limit)
    check_same_shape(board, goal)
    uses_h = ALGORITHMS[algorithm].uses_heuristic
    shown_h = heuristic if uses_h else None
    shown_w = weight if ALGORITHMS[algorithm].takes_weight else None
    verdict = solvability(board, goal)
    if not verdict:
        return Result(
            board,
            goal,
            algorithm,
            shown_h,
            "unsolvable",
            solvable=False,
            reason=verdict.reason,
            weight=shown_w,
        )
    search = make_search(
        board,
        goal,
        algorithm=algorithm,
        heuristic=heuristic,
        weight=weight,
        tie_break=tie_break,
        depth_limit=depth_limit,
    )
    if max_nodes is None:
        max_nodes = ALGORITHMS[algorithm].max_nodes
    search.run(max_nodes=max_nodes or None, max_seconds=max_seconds, progress=progress)
    return search.result()
