"""A search stepped for a learner: every step recorded, so that Back is exact, up to
:data:`~npuzzle.search.engine.MAX_RECORDED_STEPS` (the records take memory); past them the
search runs on to its end without records, and Back reaches back over the recorded steps only.

Past the records, the search shown is a second one made the same way (``make``), brought to
the last recorded step without records and stepped on from there: the recorded search stays
where its records end, so Back from past them returns there at once, then on back over the
recorded steps one at a time. Both are the engine's own search (one implementation: the
visualizer and Compare step what the command line runs).

>>> from npuzzle import Board, make_search
>>> board = Board.parse("8,6,7/2,5,4/3,0,1")
>>> recording = Recording(lambda: make_search(board, heuristic="manhattan"), limit=100)
>>> while recording.step():
...     pass
>>> recording.steps > recording.recorded_steps == 100, recording.search.solution is not None
(True, True)
>>> recording.back(), recording.steps, recording.past_records
(True, 100, False)
>>> recording.back(), recording.steps
(True, 99)
"""

from __future__ import annotations

from collections.abc import Callable

from npuzzle.search.engine import MAX_RECORDED_STEPS, Search

__all__ = ["Recording"]


class Recording:
    """``make()``'s search, each step recorded up to ``limit``, then run on without records
    until it ends or (past the records) has expanded ``max_nodes`` nodes, where it stops as a
    limit stops it (the page's limit: memory in a tab is finite)."""

    def __init__(
        self,
        make: Callable[[], Search],
        *,
        limit: int = MAX_RECORDED_STEPS,
        max_nodes: int | None = None,
    ) -> None:
        self.make = make
        self.limit = limit
        self.max_nodes = max_nodes
        self.recorded = make()  # stepped with records, to ``limit`` steps at most
        self.run_on: Search | None = None  # past the records: the same search, unrecorded
        self._catching: Search | None = None  # the next run_on, catching up (see ready())

    @property
    def search(self) -> Search:
        """The search as it stands at the step shown: its lists, counters and result."""
        return self.run_on if self.run_on is not None else self.recorded

    @property
    def steps(self) -> int:
        return self.search.steps

    @property
    def done(self) -> bool:
        return self.search.done

    @property
    def past_records(self) -> bool:
        """The step shown was taken without a record: Back returns to the last recorded one."""
        return self.run_on is not None

    @property
    def recorded_steps(self) -> int:
        """How many steps have records (Back reaches back over these)."""
        return self.recorded.steps

    def step(self) -> bool:
        """One more step, recorded while there is room; False once the search has ended."""
        if self.run_on is None:
            if self.recorded.done:
                return False
            if self.recorded.steps < self.limit:
                self.recorded.step()
                return True
            self.ready()
            self.run_on, self._catching = self._catching, None
        run_on = self.run_on
        assert run_on is not None  # made ready just above
        if run_on.done:
            return False
        run_on.step(record=False)
        if self.max_nodes is not None and not run_on.done and run_on.expanded >= self.max_nodes:
            run_on.halt(f"stopped after {self.max_nodes:,} nodes")
        return True

    def ready(self, budget: int | None = None) -> bool:
        """Whether the next step can be taken at once. The first step past the records needs
        a search caught up with the recorded one (at the CPython speed of A*, 115,000 steps
        take 3 s): this works at it for at most ``budget`` steps (None: to the end), so a
        caller bounded in time can do it in slices; True once it is done."""
        if self.run_on is not None or self.recorded.done or self.recorded.steps < self.limit:
            return True
        if self._catching is None:
            self._catching = self.make()
        search, taken = self._catching, 0
        while search.steps < self.recorded.steps and not search.done:
            if budget is not None and taken >= budget:
                return False
            search.step(record=False)
            taken += 1
        return True

    @property
    def behind(self) -> int:
        """Steps the search that runs on past the records has still to take to catch up."""
        if self.run_on is not None or self.recorded.done or self.recorded.steps < self.limit:
            return 0
        caught = self._catching.steps if self._catching is not None else 0
        return self.recorded.steps - caught

    def back(self) -> bool:
        """Back one step; from past the records, back to the last recorded step at once.
        False at the start."""
        if self.run_on is not None:
            self.run_on = None  # its memory goes
            return True
        return self.recorded.back()

    def goto(self, number: int) -> None:
        """The state after step ``number`` (0: the start), forward or back; a step past the
        records is reached from the last recorded one."""
        number = max(0, number)
        while self.steps > number and self.back():
            pass
        while self.steps < number and self.step():
            pass
