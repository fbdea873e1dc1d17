"""Compare's searches, held in the solver worker: one comparison and what the page draws of it.

A :class:`Comparison` holds the searches of ``npuzzle.teach.lockstep`` on one board and moves them
(Step, Back, a run in slices); :meth:`Comparison.view` gives what the page's Compare view
(web/page/compareview.py, on the main thread) draws, as JSON-able values: per search its counters,
status, length and the head of its open list (tiles and f: the page draws the small boards),
the status sentence, the chart already rendered as SVG text at the width the page sends, and
the results table's rows once every search has ended. The page only draws them.

Pure Python: it imports npuzzle only (never ``js`` or ``pyscript``), so it is tested in CPython
as it runs in the worker (web/worker/worker.py's ``compare_*`` functions).
"""

from __future__ import annotations

import time
from typing import Any

from npuzzle import Board
from npuzzle.lab import charts
from npuzzle.teach.entrants import Entrant
from npuzzle.teach.lockstep import Lockstep

SLICE_SECONDS = 0.04  # the most one run call steps before it answers (the worker then hears
# progress(), cancel() and hints, and the page can stop calling)
OPEN_SHOWN = 4  # open-list entries shown per search
MIN_CHART_WIDTH, MAX_CHART_WIDTH = 300, 720  # pixels: drawn at the width shown, so text
# keeps its 12 px on a phone


def chart_width(shown: int) -> int:
    """The chart's width for a box ``shown`` pixels wide (0: not laid out, the widest)."""
    return max(MIN_CHART_WIDTH, min(MAX_CHART_WIDTH, int(shown) or MAX_CHART_WIDTH))


class Comparison:
    """Two to four searches on ``board``, stepped in lockstep (PuzzleError if one cannot run)."""

    def __init__(self, board: Board, goal: Board | None, entrants: list[Entrant]) -> None:
        self.race = Lockstep(board, goal, entrants)
        self.width = board.width

    def step(self) -> bool:
        """One step for every search still going; False once all have ended."""
        return self.race.step()

    def back(self) -> bool:
        """Back one step; False at step 0."""
        return self.race.back()

    def run(self, seconds: float = SLICE_SECONDS) -> bool:
        """Step for at most ``seconds`` (``SLICE_SECONDS`` at most); True once all have ended."""
        until = time.perf_counter() + min(max(0.0, seconds), SLICE_SECONDS)
        race = self.race
        while race.step() and time.perf_counter() < until:
            pass
        return race.done

    # ----- what the page draws ---------------------------------------------------------------
    def sentence(self) -> str:
        race = self.race
        if race.at_limit:
            return (
                f"Stopped at step {race.step_number:,}, the limit: every step is kept so that "
                "Back is exact. Solve runs a whole search without that limit."
            )
        if race.done:
            return f"Every search has ended, the last at step {race.step_number:,}."
        return f"Step {race.step_number:,}."

    def column(self, i: int) -> dict[str, Any]:
        search, entrant = self.race.searches[i], self.race.entrants[i]
        heads = search.open_list(0, OPEN_SHOWN)
        c = search.counters()
        return {
            "label": entrant.label,
            "step": c["step"],
            "expanded": c["expanded"],
            "generated": c["generated"],
            "open": c["open"],
            "status": str(c["status"]),
            "length": None if search.solution is None else len(search.solution),
            "heads": [{"tiles": list(n.tiles), "f": n.f} for n in heads],
            "more": max(0, search.open_size - len(heads)),
        }

    def results(self) -> list[dict[str, Any]]:
        """The results table's rows (empty until every search has ended)."""
        if not self.race.done:
            return []
        return [
            {
                "label": s.label,
                "expanded": s.result.expanded,
                "generated": s.result.generated,
                "length": s.result.length,
                "ebf": s.result.ebf,
                "optimal": s.result.optimal,
            }
            for s in self.race.results()
        ]

    def view(self, width: int | None = None) -> dict[str, Any]:
        """Everything the page draws; the chart only when ``width`` (the chart box's width in
        pixels as the page read it, 0 if not laid out) is given: a run draws it at its end."""
        race = self.race
        return {
            "status": "ok",
            "step": race.step_number,
            "done": race.done,
            "at_limit": race.at_limit,
            "sentence": self.sentence(),
            "width": self.width,
            "columns": [self.column(i) for i in range(len(race.searches))],
            "chart": None if width is None else charts.render(race.chart(), chart_width(width)),
            "results": self.results(),
        }
