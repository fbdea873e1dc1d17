"""Several searches on one board, stepped together: the page's Compare view.

Each *entrant* is an algorithm with its heuristic (and weight, for those that take one),
written ``astar:manhattan`` or ``wastar:manhattan:3`` as in share links. A :class:`Lockstep`
holds one search per entrant and moves them all to the same step number: a search that has
ended stays where it ended. It keeps, per step, every search's expanded and generated counts,
so a chart can show them against the step number, and it goes back exactly as its searches
do. Each search is a :class:`~npuzzle.search.recording.Recording`: its steps are recorded up
to ``MAX_RECORDED_STEPS``, and past them it runs on without records, so that every comparison
reaches its end; Back from past the records returns to the last recorded step.

>>> from npuzzle.teach.entrants import parse_entrants
>>> race = Lockstep(Board.parse("1,2,3/4,0,6/7,5,8"), None, parse_entrants("bfs,astar:manhattan"))
>>> race.run_to_end()
True
>>> [(r.label, r.length) for r in race.results()]
[('Breadth-first search', 2), ('A* + Manhattan distance', 2)]
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import partial
from typing import Any

from npuzzle.core.board import Board, PuzzleError
from npuzzle.search.algorithms import ALGORITHMS
from npuzzle.search.engine import MAX_RECORDED_STEPS, Search
from npuzzle.search.recording import Recording
from npuzzle.search.records import Result
from npuzzle.search.solver import make_search
from npuzzle.teach.entrants import MAX_ENTRANTS, MIN_ENTRANTS, Entrant

__all__ = ["Lockstep", "Standing"]

#: points per series in the chart: enough for its shape, few enough to redraw at every step
CHART_POINTS = 80


@dataclass(frozen=True)
class Standing:
    """One search's figures at the end (or so far): a row of the results table."""

    label: str
    result: Result

    @property
    def length(self) -> int | None:
        return self.result.length


class Lockstep:
    """One search per entrant on the same board, moved to the same step number together.
    Each is recorded for ``limit`` steps, then runs on without records; past the records a
    search that keeps its nodes stops after ``max_nodes`` expansions (the page's limit)."""

    def __init__(
        self,
        board: Board,
        goal: Board | None,
        entrants: list[Entrant],
        *,
        limit: int = MAX_RECORDED_STEPS,
        max_nodes: int | None = None,
    ) -> None:
        if not MIN_ENTRANTS <= len(entrants) <= MAX_ENTRANTS:
            raise PuzzleError(f"a comparison takes {MIN_ENTRANTS} to {MAX_ENTRANTS} searches")
        self.entrants = list(entrants)
        self.limit = limit
        self.recordings = [
            Recording(
                partial(
                    make_search,
                    board,
                    goal,
                    algorithm=e.algorithm,
                    heuristic=e.heuristic,
                    weight=e.weight,
                    tie_break=e.tie_break,
                ),
                limit=limit,
                # a search whose memory does not grow (IDA*) has no node limit
                max_nodes=max_nodes if ALGORITHMS[e.algorithm].max_nodes is not None else None,
            )
            for e in entrants
        ]
        self.step_number = 0
        #: per search, expanded and generated at every step from 0 (flat: kept for each of
        #: up to a million steps)
        self._expanded = [array("q", [s.expanded]) for s in self.searches]
        self._generated = [array("q", [s.generated]) for s in self.searches]

    @property
    def searches(self) -> list[Search]:
        """Each search as it stands at the step shown (past its records, the one run on)."""
        return [r.search for r in self.recordings]

    @property
    def done(self) -> bool:
        """Every search has ended (solved, no path, or stopped by the page's node limit)."""
        return all(r.done for r in self.recordings)

    @property
    def past_records(self) -> bool:
        """The step shown is past the recorded steps: Back returns to the last of them."""
        return any(r.past_records for r in self.recordings)

    def step(self) -> bool:
        """Every search still going takes one step; ``False`` once all have ended."""
        if self.done:
            return False
        for recording in self.recordings:
            if not recording.done:
                recording.step()
        self.step_number += 1
        for i, search in enumerate(self.searches):
            self._expanded[i].append(search.expanded)
            self._generated[i].append(search.generated)
        return True

    def ready(self, budget: int | None = None) -> bool:
        """Whether the next step can be taken at once; the searches that must catch up to go
        on past their records work at it for ``budget`` steps each at most (see
        :meth:`Recording.ready`)."""
        return all([r.ready(budget) for r in self.recordings])

    def back(self) -> bool:
        """Undo the last step of every search that took it; from past the records, back to
        the last recorded step at once. ``False`` at the start."""
        if self.step_number == 0:
            return False
        if self.past_records:
            self.step_number = max(r.recorded_steps for r in self.recordings)
            for recording in self.recordings:
                if recording.past_records:
                    recording.back()
        else:
            self.step_number -= 1
            for recording in self.recordings:
                if recording.steps > self.step_number:
                    recording.back()
        for counts in (*self._expanded, *self._generated):
            del counts[self.step_number + 1 :]
        return True

    def goto(self, number: int) -> None:
        """The state after step ``number`` (clamped to the start and the end)."""
        while self.step_number > max(0, number) and self.back():
            pass
        while self.step_number < number and self.step():
            pass

    def run_to_end(self, max_steps: int | None = None) -> bool:
        """Step until every search has ended, or ``max_steps`` more steps; ``True`` when all
        have ended. The page calls it in chunks so that it never holds the tab for long."""
        taken = 0
        while (max_steps is None or taken < max_steps) and self.step():
            taken += 1
        return self.done

    @property
    def records_end(self) -> int | None:
        """The step after which a search ran without records (None: every step shown has
        them)."""
        return self.limit if self.step_number > self.limit else None

    def series(self) -> list[tuple[str, list[int], list[int]]]:
        """Per search: its label, expanded and generated at every step from 0."""
        return [
            (
                e.label,
                list(self._expanded[i]),
                list(self._generated[i]),
            )
            for i, e in enumerate(self.entrants)
        ]

    def chart(self, points: int = CHART_POINTS) -> dict[str, Any]:
        """Nodes expanded (solid) and generated (dashed) against the step number, at most
        ``points`` points a series (evenly spaced steps, the last one always kept), in the
        form :func:`npuzzle.lab.charts.render` draws."""
        last = self.step_number
        every = max(1, -(-last // max(1, points - 1)))
        steps = [*range(0, last, every), last]
        series = []
        for i, e in enumerate(self.entrants):
            # read at the sampled steps only: a step costs the same late on
            counted = (("expanded", self._expanded[i]), ("generated", self._generated[i]))
            for what, counts in counted:
                series.append(
                    {
                        "name": f"{e.label}: {what}",
                        "group": e.label,
                        "dashed": what == "generated",
                        "points": [[n, counts[n]] for n in steps],
                    }
                )
        # a log scale: a search of 300 nodes stays legible beside one of 100,000
        chart: dict[str, Any] = {
            "kind": "line",
            "title": "Nodes expanded and generated by step",
            "x": "step",
            "y": "nodes",
            "log_y": True,
            "series": series,
        }
        end = self.records_end
        if end is not None:
            chart["marks"] = [{"x": end, "label": f"records end (step {end:,})"}]
        return chart

    def results(self) -> list[Standing]:
        """The results table's rows, one per search, in the order given."""
        return [
            Standing(e.label, s.result()) for e, s in zip(self.entrants, self.searches, strict=True)
        ]
