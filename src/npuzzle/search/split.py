"""One IDA* search split among workers (``npuzzle solve --jobs N -a idastar``, and the page's
solver workers).

Each iteration keeps its threshold and is cut in two: the coordinator expands the first moves
breadth-first (the same pruning as the kernel: no move undoes the last one, nodes over the
threshold are cut off, a board met again at the same depth is kept once) until the frontier
holds enough nodes to share, then the workers search the frontier's subtrees, each one
iteration of the same IDA* kernel under what is left of the threshold
(:meth:`Subtree.search`, :meth:`~npuzzle.search.idastar.IDAStar.one_iteration`), taking the next
subtree as they finish one. The first subtree that reaches the goal ends the iteration and
stops the others: every solution under the threshold of the first iteration that has one is
optimal, so the length is always the same, though which of several optimal paths is returned
may vary. Otherwise the next threshold is the smallest f cut off anywhere, as in the search
on one worker.

:class:`Split` keeps that bookkeeping whoever carries the subtrees: :func:`solve_split` deals
them to processes, the page's solver worker to its helper workers. Each worker keeps its own
transposition table, so boards reached in two subtrees are searched twice: the counters are
the sums of every worker's (the frontier included), and usually exceed one worker's.

That table is why small boards are not split (:func:`npuzzle.search.algorithms.splits`): on a
board of at most :data:`~npuzzle.search.algorithms.WHOLE_UP_TO` cells one worker's table, kept
from one iteration to the next, prunes more of the search than a second worker can take over.

The bookkeeping alone, with one process searching every subtree in turn:

>>> from npuzzle import make_search, random_board
>>> board = random_board(4, 4, seed=3, moves=40)
>>> search = make_search(board, algorithm="idastar", heuristic="linear-conflict")
>>> split = Split(search, workers=2, split_from=0)
>>> while subtrees := split.next_iteration():
...     for subtree in subtrees:
...         one = subtree.search(search).run()
...         if split.take(subtree.answer(one)):
...             break
>>> result = split.result()
>>> result.length, result.optimal, result.extra["iterations"]
(34, True, 3)
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Iterator
from dataclasses import dataclass

from npuzzle.core.board import MOVES, Board
from npuzzle.core.processes import next_answer, pool
from npuzzle.search.engine import Problem
from npuzzle.search.idastar import IDAStar
from npuzzle.search.parallel import check_jobs
from npuzzle.search.records import Result, Status

__all__ = ["FRONTIER_PER_JOB", "SPLIT_FROM", "Answer", "Split", "Subtree", "solve_split"]

#: frontier nodes per worker: enough that the last subtrees to finish are small ones
FRONTIER_PER_JOB = 64
#: an iteration is split only once the one before it generated this many nodes; a smaller
#: one (the next is about five times larger) takes less time than handing out its parts,
#: and is searched whole, as one subtree: its root
SPLIT_FROM = 20_000
_DEEPEST_FRONTIER = 16  # the frontier stops growing there even if it is still small


@dataclass(frozen=True)
class Answer:
    """What the search of one subtree tells the split: the moves from the whole search's start
    to the goal (or None), the smallest f it cut off, and its counters."""

    moves: str | None
    cut: float
    expanded: int
    generated: int
    duplicates: int


@dataclass(frozen=True)
class Subtree:
    """A node of an iteration's frontier: its packed board, the moves to it from the whole
    search's start, and the iteration's threshold."""

    state: int
    moves: str
    threshold: int

    @classmethod
    def after(cls, whole: IDAStar, moves: str, threshold: int) -> Subtree:
        """The subtree at the end of ``moves`` from ``whole``'s start (how a worker that got
        only the moves finds its board; PuzzleError if they are not legal)."""
        board = whole.board.apply(moves)
        return cls(whole.space.pack(board.tiles), moves, threshold)

    def search(self, whole: IDAStar) -> IDAStar:
        """A search of this subtree alone, with ``whole``'s heuristic: one iteration under
        what is left of the threshold, to run (and pause and resume) like any search."""
        space = whole.space
        board = Board(space.width, space.height, space.unpack(self.state))
        problem = Problem.for_boards(board, whole.goal, whole.heuristic)
        sub = IDAStar(problem, board, whole.goal)
        sub.one_iteration(self.threshold - len(self.moves), self.moves[-1:] or None)
        return sub

    def answer(self, sub: IDAStar) -> Answer:
        """What ``sub``, this subtree's search, tells once it has ended."""
        moves = None if sub.solution is None else self.moves + sub.solution
        cut = sub.next_threshold + len(self.moves)
        return Answer(moves, cut, sub.expanded, sub.generated, sub.duplicates)


class Split:
    """The bookkeeping of one IDA* search split into subtrees, whoever searches them::

        split = Split(search, workers)
        while subtrees := split.next_iteration():
            for answer in answers_as_they_come(subtrees):
                if split.take(answer):
                    break  # solved: stop the other workers
        result = split.result()

    ``search`` is new, not started: it gives the board, goal, heuristic and first threshold.
    """

    def __init__(
        self,
        search: IDAStar,
        workers: int,
        per_worker: int = FRONTIER_PER_JOB,
        split_from: int = SPLIT_FROM,
    ) -> None:
        """``per_worker`` subtrees per worker in a split iteration; an iteration is split
        once the one before generated ``split_from`` nodes."""
        self.search, self.wanted = search, max(1, workers) * per_worker
        self.split_from = split_from
        self.workers = workers
        self.threshold: float = search.threshold
        self.iteration = 0
        self.cut: float = math.inf  # the smallest f cut off in this iteration so far
        self.expanded = self.generated = self.duplicates = 0
        self._generated_before = 0  # by the iterations before the last
        problem = search.problem
        self.solution: str | None = "" if problem.start == problem.goal_value else None
        self.started = time.perf_counter()

    def next_iteration(self) -> list[Subtree]:
        """The subtrees of the next iteration, in the kernel's order; [] once the search has
        ended: solved (by the frontier itself, or by an answer), or nothing left under any
        threshold."""
        while self.solution is None:
            last = self.generated - self._generated_before  # by the last iteration
            if self.iteration:
                if self.cut == math.inf:
                    return []
                self.threshold = self.search.round_threshold(self.cut)
            self.iteration += 1
            self._generated_before = self.generated
            level, self.cut = self._frontier(self.wanted if last >= self.split_from else 1)
            if level:
                return level
        return []

    def take(self, answer: Answer) -> bool:
        """Count one subtree's answer in; whether it solved the search (then the iteration's
        other subtrees are not needed)."""
        self.expanded += answer.expanded
        self.generated += answer.generated
        self.duplicates += answer.duplicates
        self.cut = min(self.cut, answer.cut)
        if answer.moves is not None and self.solution is None:
            self.solution = answer.moves
        return self.solution is not None

    def result(self, stopped: str = "") -> Result:
        """The search's result: solved, exhausted, or ``stopped`` (the reason it was stopped
        before either, e.g. "stopped after 10 s": status limit)."""
        search, solution = self.search, self.solution
        if solution is not None:
            status, reason = Status.SOLVED, ""
        elif stopped:
            status, reason = Status.LIMIT, stopped
        else:
            status = Status.EXHAUSTED
            reason = "every reachable state was searched: no path to the goal"
        return Result(
            search.board,
            search.goal,
            search.algorithm,
            search.heuristic.name,
            status,
            moves=solution,
            expanded=self.expanded,
            generated=self.generated,
            duplicates=self.duplicates,
            max_open=len(solution or "") + 1,
            seconds=time.perf_counter() - self.started,
            optimal=solution is not None and search.optimal,
            reason=reason,
            extra={
                "iterations": self.iteration,
                "threshold": self.threshold,
                "jobs": self.workers,
            },
        )

    def _frontier(self, wanted: int) -> tuple[list[Subtree], float]:
        """At least ``wanted`` nodes to share out under the threshold (unless the tree is
        narrower), in the kernel's order (Up, Down, Left, Right), and the smallest f cut off
        on the way; a solution met on the way is kept in ``solution`` (counted like the
        kernel's expansions)."""
        search, threshold = self.search, int(self.threshold)
        problem, h = search.problem, search.heuristic
        level: list[Subtree] = [Subtree(problem.start, "", threshold)]
        cut: float = math.inf
        for _depth in range(_DEEPEST_FRONTIER):
            if len(level) >= wanted:
                break
            nxt: list[Subtree] = []
            seen: set[int] = set()
            for node in level:
                for child, moves in _children(search, node):
                    self.generated += 1
                    if child in seen:
                        self.duplicates += 1
                        continue
                    f = len(moves) + h.value(child)
                    if f > threshold:
                        cut = min(cut, f)
                        continue
                    if child == problem.goal_value:
                        self.solution = moves
                        return [], cut
                    seen.add(child)
                    nxt.append(Subtree(child, moves, threshold))
                self.expanded += 1
            level = nxt
            if not level:
                break
        return level, cut


# The search the children split: set in this process before the children are forked from it,
# so they inherit it (and its loaded tables) instead of receiving it in every message.
_shared: IDAStar | None = None


def _search_subtree(task: Subtree) -> Answer:
    """The answer of one subtree, searched in a child process."""
    assert _shared is not None
    sub = task.search(_shared)
    sub.run()
    return task.answer(sub)


def solve_split(search: IDAStar, jobs: int, max_seconds: float | None = None) -> Result:
    """Run ``search`` (new, not started) on ``jobs`` processes; its result, with the summed
    counters, ``jobs`` and the iterations in ``extra``."""
    global _shared
    check_jobs(jobs)
    split = Split(search, jobs)
    deadline = split.started + (max_seconds if max_seconds is not None else 10.0**9)
    stopped = ""
    _shared = search
    try:
        with pool(jobs) as workers:
            while not stopped and (subtrees := split.next_iteration()):
                answers = workers.imap_unordered(_search_subtree, subtrees)
                for _ in subtrees:
                    try:  # the parent waits for the answers, at most until the deadline
                        answer = next_answer(answers, max(0.0, deadline - time.perf_counter()))
                    except multiprocessing.TimeoutError:
                        stopped = f"stopped after {max_seconds:g} s"
                        break
                    if split.take(answer):
                        break
    finally:
        _shared = None
    return split.result(stopped)


def _children(search: IDAStar, node: Subtree) -> Iterator[tuple[int, str]]:
    """The node's children in the kernel's order, without the one undoing its last move."""
    space, s = search.space, node.state
    undo = MOVES.index(node.moves[-1]) ^ 1 if node.moves else None
    for _q, _letter, sq, sp, e in space.moves[space.blank_of(s)]:
        if e & 3 != undo:
            t = (s >> sq) & space.mask
            yield s - (t << sq) + (t << sp), node.moves + MOVES[e & 3]
