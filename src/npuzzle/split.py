"""One IDA* search split among processes (``npuzzle solve --jobs N -a idastar``).

Each iteration keeps its threshold and is cut in two: this process expands the first moves
breadth-first (the same pruning as the kernel: no move undoes the last one, nodes over the
threshold are cut off, a board met again at the same depth is kept once) until the frontier
holds enough nodes to share, then the children search the frontier's subtrees, each one
iteration of the same IDA* kernel under what is left of the threshold
(:meth:`~npuzzle.idastar.IDAStar.iterate_once`), taking the next subtree as they finish one.
The first subtree that reaches the goal ends the iteration and stops the others: every
solution under the threshold of the first iteration that has one is optimal, so the length
is always the same, though which of several optimal paths is returned may vary. Otherwise the
next threshold is the smallest f cut off anywhere, as in the one-process search.

Each child keeps its own transposition table, so boards reached in two subtrees are searched
twice: the counters are the sums of every process's (the frontier included), and usually
exceed one process's.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Iterator
from dataclasses import dataclass

from .board import MOVES, Board
from .idastar import IDAStar
from .parallel import check_jobs, quiet_child, start_method
from .search import Problem, Result, Status

__all__ = ["FRONTIER_PER_JOB", "solve_split"]

#: frontier nodes per process: enough that the last subtrees to finish are small ones
FRONTIER_PER_JOB = 64
_DEEPEST_FRONTIER = 16  # the frontier stops growing there even if it is still small


@dataclass(frozen=True)
class _Subtree:
    state: int
    moves: str  # from the start
    threshold: float  # the iteration's


# The search the children split: set in this process before the children are forked from it,
# so they inherit it (and its loaded tables) instead of receiving it in every message.
_shared: IDAStar | None = None


def _search_subtree(task: _Subtree) -> tuple[str | None, float, int, int, int]:
    """(moves from the start to the goal or None, smallest f cut off, expanded, generated,
    duplicates) of one subtree, in a child."""
    assert _shared is not None
    whole = _shared
    space, g = whole.space, len(task.moves)
    board = Board(space.width, space.height, space.unpack(task.state))
    problem = Problem.for_boards(board, whole.goal, whole.heuristic)
    sub = IDAStar(problem, board, whole.goal)
    found, cut = sub.iterate_once(int(task.threshold) - g, task.moves[-1] if task.moves else None)
    moves = None if found is None else task.moves + found
    return moves, cut + g, sub.expanded, sub.generated, sub.duplicates


def solve_split(search: IDAStar, jobs: int, max_seconds: float | None = None) -> Result:
    """Run ``search`` (new, not started) on ``jobs`` processes; its result, with the summed
    counters, ``jobs`` and the iterations in ``extra``."""
    global _shared
    check_jobs(jobs)
    start = time.perf_counter()
    deadline = start + (max_seconds if max_seconds is not None else 10.0**9)
    totals = [0, 0, 0]  # expanded, generated, duplicates
    threshold: float = search.threshold
    iteration, solution = 0, "" if search.problem.start == search.problem.goal_value else None
    status, reason = Status.EXHAUSTED, "every reachable state was searched: no path to the goal"
    _shared = search
    pool = multiprocessing.get_context(start_method()).Pool(jobs, initializer=quiet_child)
    try:
        while solution is None and threshold < math.inf:
            iteration += 1
            frontier, cut, solution = _frontier(search, threshold, jobs * FRONTIER_PER_JOB, totals)
            if solution is not None:
                break
            answers = pool.imap_unordered(_search_subtree, frontier)
            for _ in frontier:
                try:  # the parent waits for the children's answers, at most until the deadline
                    moves, f, *counts = answers.next(max(0.0, deadline - time.perf_counter()))
                except multiprocessing.TimeoutError:
                    status = Status.LIMIT
                    break
                totals = [a + b for a, b in zip(totals, counts, strict=True)]
                cut = min(cut, f)
                if moves is not None:
                    solution = moves
                    break
            if solution is not None or status == Status.LIMIT:
                break
            threshold = search.round_threshold(cut) if cut < math.inf else math.inf
    finally:
        pool.terminate()
        pool.join()
        _shared = None
    if solution is not None:
        status, reason = Status.SOLVED, ""
    elif status == Status.LIMIT:
        reason = f"stopped after {max_seconds:g} s"
    return Result(
        search.board,
        search.goal,
        search.algorithm,
        search.heuristic.name,
        status,
        moves=solution,
        expanded=totals[0],
        generated=totals[1],
        duplicates=totals[2],
        max_open=len(solution or "") + 1,
        seconds=time.perf_counter() - start,
        optimal=solution is not None and search.optimal,
        reason=reason,
        extra={"iterations": iteration, "threshold": threshold, "jobs": jobs},
    )


def _frontier(
    search: IDAStar, threshold: float, wanted: int, totals: list[int]
) -> tuple[list[_Subtree], float, str | None]:
    """The nodes to share out under ``threshold``, in the kernel's order (Up, Down, Left,
    Right), the smallest f cut off on the way, and a solution if one was met (counted in
    ``totals`` like the kernel's expansions)."""
    problem, h = search.problem, search.heuristic
    level: list[_Subtree] = [_Subtree(problem.start, "", threshold)]
    cut: float = math.inf
    for _depth in range(_DEEPEST_FRONTIER):
        if len(level) >= wanted:
            break
        nxt: list[_Subtree] = []
        seen: set[int] = set()
        for node in level:
            for child, moves in _children(search, node):
                totals[1] += 1
                if child in seen:
                    totals[2] += 1
                    continue
                f = len(moves) + h.value(child)
                if f > threshold:
                    cut = min(cut, f)
                    continue
                if child == problem.goal_value:
                    return [], cut, moves
                seen.add(child)
                nxt.append(_Subtree(child, moves, threshold))
            totals[0] += 1
        level = nxt
        if not level:
            break
    return level, cut, None


def _children(search: IDAStar, node: _Subtree) -> Iterator[tuple[int, str]]:
    """The node's children in the kernel's order, without the one undoing its last move."""
    space, s = search.space, node.state
    undo = MOVES.index(node.moves[-1]) ^ 1 if node.moves else None
    for _q, _letter, sq, sp, e in space.moves[space.blank_of(s)]:
        if e & 3 != undo:
            t = (s >> sq) & space.mask
            yield s - (t << sq) + (t << sp), node.moves + MOVES[e & 3]
