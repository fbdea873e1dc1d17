"""One entry point for every search: :func:`make_search` to step, :func:`solve` to run.

>>> result = solve("134 8b5 726", "snail", algorithm="idastar", heuristic="linear-conflict")
>>> result.moves, result.status, result.optimal, result.expanded
('DRUULD', <Status.SOLVED: 'solved'>, True, 6)
>>> solve("134 8b5 726").reason  # doctest: +ELLIPSIS
"the tiles are 9 inversions away from the goal's order, an odd number; ..."
>>> search = make_search(Board.parse("134 8b5 726"), Board.goal("snail", 3, 3), algorithm="bfs")
>>> search.run().result().length, search.expanded  # the same length, blind: 93 expansions
(6, 93)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from npuzzle.core.board import Board, PuzzleError
from npuzzle.core.solvability import Solvability, check_same_shape, solvability
from npuzzle.core.space import Space
from npuzzle.heuristics import WHOLE_BOARD, heuristic_info, make_heuristic
from npuzzle.search.algorithms import ALGORITHMS, DEFAULT_WEIGHT, MAX_WEIGHT, Algorithm, splits
from npuzzle.search.anytime import AnytimeSearch
from npuzzle.search.bestfirst import TIE_BREAKS, BestFirst, TieBreak
from npuzzle.search.engine import Problem, Search
from npuzzle.search.records import Result, Status

__all__ = ["make_search", "solve"]


def default_depth_limit(width: int, height: int) -> int:
    """Depth-first search's default limit: the diameter where it is known, else generous."""
    known = {(2, 2): 6, (2, 3): 21, (3, 2): 21, (3, 3): 31, (4, 4): 80}
    return known.get((width, height), 4 * width * height * max(width, height))


@dataclass(frozen=True)
class _Options:
    """How to search: checked once, whether the search is stepped or run (the algorithm's
    name is checked before, by :meth:`Algorithm.parse`)."""

    algorithm: Algorithm
    heuristic: str
    weight: float
    tie_break: str
    depth_limit: int | None

    def check(self, board: Board, goal: Board) -> Solvability:
        """Refuse a bad option or a goal of another shape; say whether ``board`` can reach
        ``goal``."""
        heuristic, weight = self.heuristic, self.weight
        heuristic_info(heuristic)
        if ALGORITHMS[self.algorithm].solves_parts and heuristic in WHOLE_BOARD:
            raise PuzzleError(
                f"the human-like search solves parts of the board, which {heuristic} cannot "
                "measure: use manhattan, linear-conflict or another heuristic"
            )
        if not isinstance(weight, int | float) or not 1 <= weight <= MAX_WEIGHT:
            raise PuzzleError(f"weight must be a number from 1 to {MAX_WEIGHT:g}, not {weight!r}")
        if self.tie_break not in TIE_BREAKS:
            raise PuzzleError(
                f"unknown tie-break {self.tie_break!r}: choose one of {', '.join(TIE_BREAKS)}"
            )
        if self.depth_limit is not None and self.depth_limit < 0:
            raise PuzzleError("the depth limit cannot be negative")
        check_same_shape(board, goal)
        return solvability(board, goal)


def make_search(
    board: Board,
    goal: Board | None = None,
    *,
    algorithm: Algorithm | str = Algorithm.ASTAR,
    heuristic: str = "manhattan",
    weight: float = DEFAULT_WEIGHT,
    tie_break: str = TieBreak.HIGH_G,
    depth_limit: int | None = None,
) -> Search:
    """A search ready to ``run()`` or ``step()``. The board must be solvable."""
    goal = goal or Board.goal("standard", board.width, board.height)
    options = _Options(Algorithm.parse(algorithm), heuristic, weight, tie_break, depth_limit)
    verdict = options.check(board, goal)
    if not verdict:
        raise PuzzleError(verdict.reason)
    return _new_search(board, goal, options)


def _new_search(board: Board, goal: Board, options: _Options) -> Search:
    algorithm, heuristic, weight = options.algorithm, options.heuristic, options.weight
    tie_break, depth_limit = options.tie_break, options.depth_limit
    info = ALGORITHMS[algorithm]
    if not info.uses_heuristic:
        heuristic = "zero"
    if algorithm is Algorithm.HUMAN:
        from npuzzle.search.human import HumanSearch

        return HumanSearch(board, goal, heuristic=heuristic, weight=weight, tie_break=tie_break)
    space = Space(board.width, board.height)
    h = make_heuristic(heuristic, space, {t: p for p, t in enumerate(goal.tiles)})
    problem = Problem.for_boards(board, goal, h)
    if algorithm is Algorithm.IDASTAR:
        from npuzzle.search.idastar import IDAStar

        return IDAStar(problem, board, goal)
    if algorithm is Algorithm.ANYTIME:
        return AnytimeSearch(problem, board, goal)
    if info.stack and depth_limit is None:
        depth_limit = default_depth_limit(board.width, board.height)
    return BestFirst(
        problem,
        board,
        goal,
        algorithm,
        weight=weight if info.takes_weight else 1.0,
        tie_break=tie_break,
        depth_limit=depth_limit,
    )


def solve(
    board: Board | str,
    goal: Board | str | None = None,
    *,
    algorithm: Algorithm | str = Algorithm.ASTAR,
    heuristic: str = "manhattan",
    weight: float = DEFAULT_WEIGHT,
    tie_break: str = TieBreak.HIGH_G,
    depth_limit: int | None = None,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    progress: Callable[[Search], Any] | None = None,
    jobs: int = 1,
) -> Result:
    """Solve ``board`` for ``goal`` (default: the standard goal) and report the figures.

    Boards and goals may be given as text; a goal may be a name (``standard``,
    ``blank-first``, ``snail``). An unsolvable board is answered at once with the reason.
    ``max_nodes`` limits the expansions: None for the algorithm's default
    (``ALGORITHMS[algorithm].max_nodes``: 2,000,000 for the searches that keep their nodes in
    memory, none for IDA*), 0 for no limit; ``max_seconds`` None for the algorithm's default
    (10 s for the anytime search, which keeps improving its answer until then, else none).
    ``jobs`` above 1 splits an IDA* search among
    that many processes (:mod:`npuzzle.search.split`; no node limit, no progress calls then), on
    boards big enough to gain from it (:func:`npuzzle.search.algorithms.splits`): smaller ones are
    searched by this one, faster so (``jobs`` 1 in the result's ``extra``).
    """
    if isinstance(board, str):
        board = Board.parse(board)
    if goal is None:
        goal = Board.goal("standard", board.width, board.height)
    elif isinstance(goal, str):
        goal = Board.goal_or_board(goal, board.width, board.height)
    options = _Options(Algorithm.parse(algorithm), heuristic, weight, tie_break, depth_limit)
    verdict = options.check(board, goal)
    info = ALGORITHMS[options.algorithm]
    if not verdict:
        return Result(
            board,
            goal,
            options.algorithm,
            heuristic if info.uses_heuristic else None,
            Status.UNSOLVABLE,
            solvable=False,
            reason=verdict.reason,
            weight=weight if info.takes_weight else None,
        )
    if jobs > 1 and not (info.splittable or info.seated):
        split = " and ".join(a for a, i in ALGORITHMS.items() if i.splittable)
        seated = " and ".join(a for a, i in ALGORITHMS.items() if i.seated)
        raise PuzzleError(
            f"--jobs {jobs}: only {split} splits one search among processes and {seated} "
            "shares one (batch and lab take --jobs to run several searches at once)"
        )
    if jobs > 1 and max_nodes:
        raise PuzzleError(f"--jobs {jobs}: give --max-seconds, not --max-nodes, to a split search")
    search = _new_search(board, goal, options)
    if jobs > 1 and isinstance(search, AnytimeSearch):
        from npuzzle.search.seats import solve_seats

        seconds = info.max_seconds if max_seconds is None else max_seconds
        assert seconds is not None  # the anytime search has a default
        return solve_seats(search, jobs, seconds)
    if jobs > 1 and splits(board.width, board.height):
        from npuzzle.search.idastar import IDAStar
        from npuzzle.search.split import solve_split

        assert isinstance(search, IDAStar)
        return solve_split(search, jobs, max_seconds)
    if max_nodes is None:
        max_nodes = info.max_nodes
    if max_seconds is None:
        max_seconds = info.max_seconds
    search.run(max_nodes=max_nodes or None, max_seconds=max_seconds, progress=progress)
    result = search.result()
    if jobs > 1:  # a board too small to split: searched here alone
        result.extra["jobs"] = 1
    return result
