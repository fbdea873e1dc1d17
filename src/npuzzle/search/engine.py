"""The engine every search shares: a :class:`Problem` (the space, the start, the goal, the
heuristic) and :class:`Search`, the base of every search: run to the end, or advance one
expansion at a time with ``step()`` and go back exactly with ``back()``.

One implementation per algorithm: each family (:mod:`.bestfirst`, :mod:`.idastar`,
:mod:`.anytime`, :mod:`.human`) implements ``_advance`` (expand up to a budget of nodes) and
``_undo``. ``run()`` and ``step()`` go through the same ``_advance``; stepping only also
records what happened (:mod:`.records`), and an undo log, so :meth:`Search.back` returns to
any earlier step exactly. ``step(record=False)`` takes the same step without a record (no
memory kept for it, and no way back past it): how a learner's search goes on past the most
steps worth recording (:mod:`.recording`).

>>> from npuzzle import Board, make_search
>>> search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
>>> search.step().number, search.steps, search.expanded
(1, 1, 1)
>>> search.back(), search.steps, search.expanded
(True, 0, 0)
>>> search.run().status is Status.SOLVED, search.solution
(True, 'DRUULD')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from npuzzle.core.board import Board
from npuzzle.core.space import Space
from npuzzle.heuristics import Heuristic, Number
from npuzzle.search.algorithms import ALGORITHMS, Algorithm
from npuzzle.search.records import Node, Result, Status, Step

__all__ = ["MAX_RECORDED_STEPS", "Problem", "Search"]

#: The most steps the page records of a search, so that back() is exact over them (the
#: visualizer, Compare, a link's step); past them a search runs on without records
#: (:class:`npuzzle.search.recording.Recording`). Measured with tracemalloc on breadth-first
#: search of a hard 3x3 (benchmarks/step_records.py): a step's record is 1.7 KB and the
#: visualizer's tree 1.1 KB more, 320 MB of CPython at this limit; before the records were
#: made flat (2.0 KB and 1.2 KB) the limit was 100,000, for the same memory.
MAX_RECORDED_STEPS = 115_000


@dataclass(frozen=True)
class Problem:
    """What a search needs to know: the space, where it starts, when it has arrived."""

    space: Space
    start: int
    goal_mask: int  # a state s is a goal when s & goal_mask == goal_value
    goal_value: int
    heuristic: Heuristic

    @classmethod
    def for_boards(cls, start: Board, goal: Board, heuristic: Heuristic) -> Problem:
        space = heuristic.space
        return cls(
            space,
            space.pack(start.tiles),
            (1 << space.bits * space.n) - 1,
            space.pack(goal.tiles),
            heuristic,
        )


class Search:
    """What every search offers: run, step, back, and views of its lists and counters."""

    algorithm: Algorithm  # each search sets its own
    status: Status = Status.RUNNING
    weight: float = 1.0  # f = g + weight·h where the algorithm takes a weight
    chunk = 2048  # expansions between progress calls when running
    #: what a step may change besides its lists, saved before it for back()
    _saved: tuple[str, ...] = (
        "expanded",
        "generated",
        "duplicates",
        "max_open",
        "status",
        "reason",
        "solution",
    )

    def __init__(self, problem: Problem, board: Board, goal: Board) -> None:
        """A search of ``problem``, which is ``board`` to solve for ``goal`` (for a phase of
        the human-like search: toward the part of ``goal`` the problem asks for)."""
        self.problem = problem
        self.board = board
        self.goal = goal
        self.space = problem.space
        self.heuristic = problem.heuristic
        self.expanded = 0
        self.generated = 0
        self.duplicates = 0
        self.max_open = 0
        self.steps = 0
        self.seconds = 0.0
        self.solution: str | None = None
        self.reason = ""
        self.recording = False
        # per step: (Step, *undo information): one flat tuple, as the visualizer keeps
        # 100,000 of them
        self._history: list[tuple[Any, ...]] = []

    # ----- subclasses implement -----------------------------------------------------------
    def _advance(self, budget: int) -> Step | None:
        """Expand up to ``budget`` nodes (one, with a record, when recording)."""
        raise NotImplementedError

    def advance(self, budget: int, *, record: bool = False) -> Step | None:
        """Expand up to ``budget`` nodes, or with ``record`` exactly one, kept for
        :meth:`back` and returned: the building block of :meth:`run` and :meth:`step`, for a
        search made of others (the human-like search's phases)."""
        self.recording = record
        return self._advance(1 if record else budget)

    def _undo(self, entry: tuple[Any, ...]) -> None:
        """Undo the step of history ``entry`` (its Step first, then what the subclass
        recorded to undo it)."""
        raise NotImplementedError

    def open_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        raise NotImplementedError

    def closed_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        raise NotImplementedError

    @property
    def open_size(self) -> int:
        raise NotImplementedError

    @property
    def closed_size(self) -> int:
        raise NotImplementedError

    @property
    def optimal(self) -> bool:
        """Whether a solution found is guaranteed to be a shortest one."""
        return False

    def extra(self) -> dict[str, Any]:
        """Figures particular to this search, added to its result."""
        return {}

    def result(self) -> Result:
        """The answer so far: solved, limit, exhausted, or still running."""
        solved = self.status == Status.SOLVED
        info = ALGORITHMS[self.algorithm]
        return Result(
            self.board,
            self.goal,
            self.algorithm,
            self.heuristic.name if info.uses_heuristic else None,
            self.status,
            moves=self.solution if solved else None,
            expanded=self.expanded,
            generated=self.generated,
            duplicates=self.duplicates,
            max_open=self.max_open,
            seconds=self.seconds,
            optimal=solved and self.optimal,
            reason="" if solved else self.reason,
            weight=self.weight if info.takes_weight else None,
            extra=self.extra(),
        )

    # ----- shared ---------------------------------------------------------------------------
    def _snapshot(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._saved)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        for name, value in zip(self._saved, snapshot, strict=True):
            setattr(self, name, value)

    @property
    def done(self) -> bool:
        return self.status != Status.RUNNING

    def step(self, *, record: bool = True) -> Step | None:
        """Advance one expansion and say what happened (``None`` once the search has ended).
        Without ``record`` the step is the same, but nothing is kept of it and ``None`` is
        returned: :meth:`back` cannot go back past it (see :attr:`unrecorded`)."""
        self._resume()
        if self.done:
            return None
        self.recording = record
        t0 = time.perf_counter()
        taken = self._advance(1)
        self.seconds += time.perf_counter() - t0
        if not record:
            self.steps += 1  # a recorded step counts itself as it records
        return taken

    @property
    def unrecorded(self) -> int:
        """Steps taken without a record (``step(record=False)``)."""
        return self.steps - len(self._history)

    def halt(self, reason: str) -> None:
        """Stop here, as a limit stops a search: ``step()`` or ``run()`` goes on from here."""
        self.status, self.reason = Status.LIMIT, reason

    def _resume(self) -> None:
        """A search stopped by a limit goes on when asked to."""
        if self.status == Status.LIMIT:
            self.status, self.reason = Status.RUNNING, ""

    def back(self) -> bool:
        """Undo the last step; ``False`` at the start, and once a step was taken without a
        record (its undo was not kept: the search goes back no more)."""
        if not self._history or self.unrecorded:
            return False
        self._undo(self._history.pop())
        self.steps -= 1
        return True

    def goto(self, number: int) -> None:
        """Go to the state after step ``number`` (0: the start), forward or back."""
        number = max(0, number)
        while self.steps > number and self.back():
            pass
        while self.steps < number and not self.done:
            self.step()

    @property
    def last_step(self) -> Step | None:
        return self._history[-1][0] if self._history else None

    def recorded(self, number: int) -> Step:
        """The record of step ``number`` (1 first) among the steps taken so far."""
        if not 1 <= number <= len(self._history):
            raise IndexError(f"step {number} has not been taken (steps: {len(self._history)})")
        step: Step = self._history[number - 1][0]
        return step

    def start_node(self) -> Node:
        """The node the search starts from (the first phase's, in the human-like search)."""
        start = self.problem.start
        return self._node(start, 0, self.heuristic.value(start), None)

    def counters(self) -> dict[str, Any]:
        return {
            "step": self.steps,
            "expanded": self.expanded,
            "generated": self.generated,
            "duplicates": self.duplicates,
            "open": self.open_size,
            "closed": self.closed_size,
            "max_open": self.max_open,
            "status": self.status,
        }

    def run(
        self,
        *,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        progress: Callable[[Search], Any] | None = None,
        chunk: int | None = None,
    ) -> Search:
        """Run to the end, or until ``max_nodes`` expansions or ``max_seconds`` have passed
        (the status is then ``limit``). ``progress`` is called between chunks of expansions."""
        self._resume()
        start = time.perf_counter()
        base = self.seconds
        while not self.done:
            budget = chunk or self.chunk
            if max_nodes is not None:
                budget = min(budget, max_nodes - self.expanded)
                if budget <= 0:
                    self.status, self.reason = Status.LIMIT, f"stopped after {max_nodes} nodes"
                    break
            self._advance(budget)
            self.seconds = base + time.perf_counter() - start
            if progress is not None:
                progress(self)
            if not self.done and max_seconds is not None and self.seconds - base >= max_seconds:
                self.status, self.reason = Status.LIMIT, f"stopped after {max_seconds:g} s"
        self.seconds = base + time.perf_counter() - start
        return self

    def _node(self, state: int, g: int, h: Number, move: str | None) -> Node:
        wild = self.space.wild
        tiles = tuple(-1 if t == wild else t for t in self.space.unpack(state))
        return Node(tiles, g, h, self.priority(g, h), move)

    def priority(self, g: int, h: Number) -> Number:
        """The ``f`` shown beside a node."""
        return g + h
