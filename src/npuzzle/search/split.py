"""One IDA* search split among workers (``npuzzle solve --jobs N -a idastar``, and the page's
solver workers).

Each iteration keeps its threshold and is cut in two: the coordinator expands the first moves
breadth-first (the same pruning as the kernel: no move undoes the last one, nodes over the
threshold are cut off, a board met again at the same depth is kept once) until the frontier
holds enough nodes to share, then the workers search the frontier's subtrees, each one
iteration of the same IDA* kernel under what is left of the threshold
(:meth:`Subtree.search`, :meth:`~npuzzle.search.idastar.IDAStar.one_iteration`), taking the next
subtree as they finish one. The first subtree that reaches the goal in the lowest iteration
that has one ends the search and stops the others: every solution under the threshold of the
first iteration that has one is optimal, so the length is always the same, though which of
several optimal paths is returned may vary.

The next iteration need not wait for the last subtree of this one: its threshold is the
smallest f this one cut off, rounded to the solutions' parity, and no threshold can lie
between this one and this one + 2 (:meth:`~npuzzle.search.idastar.IDAStar.round_threshold`
of anything above it), so a worker with nothing left of this iteration starts the next under
that threshold. Should this iteration cut off nothing that low, the next was merely an
iteration with a threshold lower than needed: it finds no solution (none is that short) and
its own cut-off gives the one after. An iteration is made only once the one before the last
has ended, so the workers are never more than one iteration ahead.

:class:`Split` keeps that bookkeeping whoever carries the subtrees: :func:`solve_split` deals
them to processes, the page's solver worker to its helper workers. Each worker keeps its own
transposition table (:class:`Memory`) from one subtree to the next and one iteration to the
next, so boards reached in the subtrees of two workers are searched twice: the counters are
the sums of every worker's (the frontier included), and usually exceed one worker's.

That table is why small boards are not split (:func:`npuzzle.search.algorithms.splits`): on a
board of at most :data:`~npuzzle.search.algorithms.WHOLE_UP_TO` cells one worker's table, kept
from one iteration to the next, prunes more of the search than a second worker can take over.

The bookkeeping alone, with one process searching every subtree in turn:

>>> from npuzzle import make_search, random_board
>>> board = random_board(4, 4, seed=3, moves=40)
>>> search = make_search(board, algorithm="idastar", heuristic="linear-conflict")
>>> split = Split(search, workers=2, split_from=0)
>>> memory = Memory()
>>> while subtrees := split.next_iteration():
...     for subtree in subtrees:
...         one = subtree.search(search, memory).run()
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
from npuzzle.search.idastar import TABLE_ENTRIES, IDAStar
from npuzzle.search.parallel import check_jobs
from npuzzle.search.records import Result, Status

__all__ = [
    "FRONTIER_PER_JOB",
    "GROWTH",
    "SPLIT_FROM",
    "Answer",
    "Memory",
    "Split",
    "Subtree",
    "solve_split",
]

#: frontier nodes per worker: enough that the last subtrees to finish are small ones
FRONTIER_PER_JOB = 64
#: an iteration is split once it is expected to generate this many nodes (the last ended
#: iteration's count times :data:`GROWTH` for each iteration since); a smaller one takes less
#: time than handing out its parts, and is searched whole, as one subtree: its root
SPLIT_FROM = 20_000
#: how many times the nodes of an iteration exceed the one before's, about (Korf's 100 with
#: pattern databases: 4 to 8)
GROWTH = 6
_DEEPEST_FRONTIER = 16  # the frontier stops growing there even if it is still small


@dataclass(frozen=True)
class Answer:
    """What the search of one subtree tells the split: the moves from the whole search's start
    to the goal (or None), the smallest f it cut off, its counters, and the threshold of its
    iteration."""

    moves: str | None
    cut: float
    expanded: int
    generated: int
    duplicates: int
    threshold: int


class Memory:
    """One worker's transposition table for the subtrees of one whole search, kept from one
    subtree to the next and from one iteration to the next, as one worker's search keeps it:
    a board reached again in the same iteration, or reached by an earlier one with a smaller g,
    is not searched again (:meth:`~npuzzle.search.idastar.IDAStar.one_iteration`)."""

    def __init__(self) -> None:
        self.table: dict[int, int] = {}
        self.threshold = 0  # the largest threshold searched with it

    def table_for(self, threshold: int) -> dict[int, int]:
        """The table for a subtree of the iteration under ``threshold``."""
        if threshold < self.threshold:
            # an earlier iteration than one searched here (redone: another worker was lost);
            # the later one's entries would prune boards it searched under a larger
            # threshold, whose solution it reported as its own, perhaps a longer one
            return {}
        if threshold > self.threshold and len(self.table) >= TABLE_ENTRIES:
            self.table = {}  # full: this iteration's own duplicates are the ones to prune
        self.threshold = threshold
        return self.table


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

    def search(self, whole: IDAStar, memory: Memory | None = None) -> IDAStar:
        """A search of this subtree alone, with ``whole``'s heuristic: one iteration under
        what is left of the threshold, to run (and pause and resume) like any search; with
        the worker's ``memory`` if given (else a table of its own)."""
        space = whole.space
        board = Board(space.width, space.height, space.unpack(self.state))
        problem = Problem.for_boards(board, whole.goal, whole.heuristic)
        sub = IDAStar(problem, board, whole.goal)
        table = None if memory is None else memory.table_for(self.threshold)
        sub.one_iteration(
            self.threshold - len(self.moves), self.moves[-1:] or None, table, len(self.moves)
        )
        return sub

    def answer(self, sub: IDAStar) -> Answer:
        """What ``sub``, this subtree's search, tells once it has ended."""
        moves = None if sub.solution is None else self.moves + sub.solution
        cut = sub.next_threshold + len(self.moves)
        return Answer(moves, cut, sub.expanded, sub.generated, sub.duplicates, self.threshold)


@dataclass
class _Iteration:
    """One iteration made and not yet ended: its number and threshold, the subtrees not yet
    answered, the smallest f cut off so far, a solution found in it."""

    number: int
    threshold: int
    left: int
    cut: float
    solution: str | None
    generated: int = 0


class Split:
    """The bookkeeping of one IDA* search split into subtrees, whoever searches them::

        split = Split(search, workers)
        while subtrees := split.next_iteration():
            for answer in answers_as_they_come(subtrees):
                if split.take(answer):
                    break  # solved: stop the other workers
        result = split.result()

    or, with workers that start the next iteration before this one has ended: ask
    :meth:`next_iteration` whenever the subtrees made so far are all dealt (it says [] while
    the next must wait for an answer, and :attr:`ended` once the search has ended), and
    :meth:`take` each answer as it comes.

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
        once it is expected to generate ``split_from`` nodes."""
        self.search, self.wanted = search, max(1, workers) * per_worker
        self.split_from = split_from
        self.workers = workers
        self.threshold: float = search.threshold  # of the last iteration made, or the solution's
        self.iteration = 0  # iterations made
        self.expanded = self.generated = self.duplicates = 0
        self.ended = False  # solved, or nothing left under any threshold
        self._open: list[_Iteration] = []  # made and not ended, lowest first
        self._cut: float = (
            math.nan
        )  # the cut-off of the last iteration that ended, if the last made
        self._last_generated = 0  # by the last iteration that ended
        self._since = 0  # iterations made since it ended
        problem = search.problem
        self.solution: str | None = "" if problem.start == problem.goal_value else None
        self.ended = self.solution is not None
        self.started = time.perf_counter()

    def next_iteration(self) -> list[Subtree]:
        """The subtrees of the next iteration, in the kernel's order; [] once the search has
        ended (:attr:`ended`: solved, by the frontier itself or by an answer, or nothing left
        under any threshold), or while the next iteration must wait for the one before the
        last to end."""
        while not self.ended and len(self._open) < 2:
            if self.iteration:
                # the last iteration's cut-off if it has ended, else the least it can be
                cut = self._cut if not self._open else self.threshold + 1
                self.threshold = self.search.round_threshold(cut)
            wanted = self.wanted if self.splits_next else 1
            self.iteration += 1
            self._since += 1
            generated = self.generated
            level, cut, solution = self._frontier(wanted)
            made = _Iteration(self.iteration, int(self.threshold), len(level), cut, solution)
            made.generated = self.generated - generated
            self._open.append(made)
            self._settle()
            if level:
                return level
        return []

    @property
    def splits_next(self) -> bool:
        """Whether the next iteration made will be split (else it comes whole: its root)."""
        expected = self._last_generated * GROWTH ** (self._since + 1)
        return not self.split_from or (self._last_generated > 0 and expected >= self.split_from)

    @property
    def searching(self) -> float:
        """The threshold of the lowest iteration not yet ended (or of the last, once the
        search has ended): the one a search on one worker would be in."""
        return self._open[0].threshold if self._open and not self.ended else self.threshold

    def take(self, answer: Answer) -> bool:
        """Count one subtree's answer in; whether the search has ended (then the other
        subtrees are not needed)."""
        self.expanded += answer.expanded
        self.generated += answer.generated
        self.duplicates += answer.duplicates
        made = next((i for i in self._open if i.threshold == answer.threshold), None)
        if made is not None:  # else an iteration the search no longer needs
            made.left -= 1
            made.cut = min(made.cut, answer.cut)
            made.generated += answer.generated
            if answer.moves is not None and made.solution is None:
                made.solution = answer.moves
            self._settle()
        return self.ended

    def _settle(self) -> None:
        """End the lowest iterations that have: solved, or every subtree answered."""
        while self._open and not self.ended:
            lowest = self._open[0]
            if lowest.solution is not None:
                self.solution, self.threshold = lowest.solution, lowest.threshold
                self.iteration, self.ended = lowest.number, True
            elif lowest.left == 0:
                self._open.pop(0)
                self._last_generated, self._since = lowest.generated, len(self._open)
                if not self._open:
                    self._cut = lowest.cut
                if lowest.cut == math.inf:  # nothing cut off: nothing is left anywhere
                    self.iteration, self.ended = lowest.number, True
            else:
                return

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

    def _frontier(self, wanted: int) -> tuple[list[Subtree], float, str | None]:
        """At least ``wanted`` nodes to share out under the threshold (unless the tree is
        narrower), in the kernel's order (Up, Down, Left, Right), the smallest f cut off on
        the way, and a solution met on the way (counted like the kernel's expansions)."""
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
                        return [], cut, moves
                    seen.add(child)
                    nxt.append(Subtree(child, moves, threshold))
                self.expanded += 1
            level = nxt
            if not level:
                break
        return level, cut, None


# The search the children split: set in this process before the children are forked from it,
# so they inherit it (and its loaded tables) instead of receiving it in every message.
_shared: IDAStar | None = None
_memory = Memory()  # a child's table, from one subtree it searches to the next


def _search_subtree(task: Subtree) -> Answer:
    """The answer of one subtree, searched in a child process."""
    assert _shared is not None
    sub = task.search(_shared, _memory)
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
    slides = space.slides()
    for _q, _letter, sq, _sp, e in space.moves[space.blank_of(s)]:
        if e & 3 != undo:
            t = (s >> sq) & space.mask
            yield s + slides[t][e], node.moves + MOVES[e & 3]
