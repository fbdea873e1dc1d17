"""Several searches on one board, stepped together: the page's Compare view.

Each *entrant* is an algorithm with its heuristic (and weight, for those that take one),
written ``astar:manhattan`` or ``wastar:manhattan:3`` as in share links. A :class:`Lockstep`
holds one search per entrant and moves them all to the same step number: a search that has
ended stays where it ended. It keeps, per step, every search's expanded and generated counts,
so a chart can show them against the step number, and it goes back exactly as its searches
do.

>>> from npuzzle.teach.entrants import parse_entrants
>>> race = Lockstep(Board.parse("1,2,3/4,0,6/7,5,8"), None, parse_entrants("bfs,astar:manhattan"))
>>> race.run_to_end()
True
>>> [(r.label, r.length) for r in race.results()]
[('Breadth-first search', 2), ('A* + Manhattan distance', 2)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from npuzzle.core.board import Board, PuzzleError
from npuzzle.search.engine import MAX_RECORDED_STEPS, Search
from npuzzle.search.records import Result
from npuzzle.search.solver import make_search
from npuzzle.teach.entrants import MAX_ENTRANTS, MIN_ENTRANTS, Entrant

__all__ = ["MAX_STEPS", "Lockstep", "Standing"]

#: Steps are kept so that Back is exact: like the visualizer, a comparison stops there.
MAX_STEPS = MAX_RECORDED_STEPS
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
    """One search per entrant on the same board, moved to the same step number together."""

    def __init__(self, board: Board, goal: Board | None, entrants: list[Entrant]) -> None:
        if not MIN_ENTRANTS <= len(entrants) <= MAX_ENTRANTS:
            raise PuzzleError(f"a comparison takes {MIN_ENTRANTS} to {MAX_ENTRANTS} searches")
        self.entrants = list(entrants)
        self.searches: list[Search] = [
            make_search(board, goal, algorithm=e.algorithm, heuristic=e.heuristic, weight=e.weight)
            for e in entrants
        ]
        self.step_number = 0
        #: per step (index 0: the start), per search: (expanded, generated)
        self.history: list[tuple[tuple[int, int], ...]] = [self._counts()]

    def _counts(self) -> tuple[tuple[int, int], ...]:
        return tuple((s.expanded, s.generated) for s in self.searches)

    @property
    def done(self) -> bool:
        """Every search has ended (solved, or no path), or the step limit is reached."""
        return self.at_limit or all(s.done for s in self.searches)

    @property
    def at_limit(self) -> bool:
        """:data:`MAX_STEPS` reached with a search still going."""
        return self.step_number >= MAX_STEPS and not all(s.done for s in self.searches)

    def step(self) -> bool:
        """Every search still going takes one step; ``False`` once all have ended."""
        if self.done:
            return False
        for search in self.searches:
            if not search.done:
                search.step()
        self.step_number += 1
        self.history.append(self._counts())
        return True

    def back(self) -> bool:
        """Undo the last step of every search that took it; ``False`` at the start."""
        if self.step_number == 0:
            return False
        self.step_number -= 1
        self.history.pop()
        for search in self.searches:
            if search.steps > self.step_number:
                search.back()
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

    def series(self) -> list[tuple[str, list[int], list[int]]]:
        """Per search: its label, expanded and generated at every step from 0."""
        return [
            (
                e.label,
                [counts[i][0] for counts in self.history],
                [counts[i][1] for counts in self.history],
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
        history = self.history  # read at the sampled steps only: a step costs the same late on
        series = []
        for i, e in enumerate(self.entrants):
            for k, what in enumerate(("expanded", "generated")):
                series.append(
                    {
                        "name": f"{e.label}: {what}",
                        "group": e.label,
                        "dashed": what == "generated",
                        "points": [[n, history[n][i][k]] for n in steps],
                    }
                )
        return {
            "kind": "line",
            "title": "Nodes expanded and generated by step",
            "x": "step",
            "y": "nodes",
            "series": series,
        }

    def results(self) -> list[Standing]:
        """The results table's rows, one per search, in the order given."""
        return [
            Standing(e.label, s.result()) for e, s in zip(self.entrants, self.searches, strict=True)
        ]
