"""Compare's searches, held in the solver worker: one comparison and what the page draws of it.

A :class:`Comparison` holds the searches of ``npuzzle.teach.lockstep`` on one board and moves them
(Step, Back, a run in slices); :meth:`Comparison.view` gives what the page's Compare view
(web/page/compareview.py, on the main thread) draws, as JSON-able values: per search its counters,
status, length and the head of its open list (tiles and f: the page draws the small boards),
the status sentence, the chart already rendered as SVG text at the width the page sends (its
legend as entries the page writes in HTML, which wraps on a phone), and the results table's
rows once every search has ended. The page only draws them.

Every comparison reaches its end: past ``MAX_RECORDED_STEPS`` a search runs on without
records (``npuzzle.search.recording``), up to the page's node limit for the searches that keep
their nodes, and Back from there returns to the last recorded step.

Pure Python: it imports npuzzle only (never ``js`` or ``pyscript``), so it is tested in CPython
as it runs in the worker (web/worker/worker.py's ``compare_*`` functions).
"""

from __future__ import annotations

import time
from typing import Any

from npuzzle import Board
from npuzzle.lab import PAGE_MAX_NODES, charts
from npuzzle.search.engine import MAX_RECORDED_STEPS
from npuzzle.teach.entrants import Entrant
from npuzzle.teach.lockstep import Lockstep

CATCH_UP = 2000  # steps of catching up past the records between looks at the clock
SLICE_SECONDS = 0.04  # the most one run call steps before it answers (the worker then hears
# progress(), cancel() and hints, and the page can stop calling)
OPEN_SHOWN = 4  # open-list entries shown per search
MIN_CHART_WIDTH, MAX_CHART_WIDTH = 300, 720  # pixels: drawn at the width shown, so text
# keeps its 12 px on a phone


def chart_width(shown: int) -> int:
    """The chart's width for a box ``shown`` pixels wide (0: not laid out, the widest)."""
    return max(MIN_CHART_WIDTH, min(MAX_CHART_WIDTH, int(shown) or MAX_CHART_WIDTH))


class Comparison:
    """Two to four searches on ``board``, stepped in lockstep (PuzzleError if one cannot run),
    each recorded for ``limit`` steps."""

    def __init__(
        self,
        board: Board,
        goal: Board | None,
        entrants: list[Entrant],
        *,
        limit: int = MAX_RECORDED_STEPS,
    ) -> None:
        self.race = Lockstep(board, goal, entrants, limit=limit, max_nodes=PAGE_MAX_NODES)
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
        while time.perf_counter() < until:
            # the first step past the records catches up in slices (seconds in all)
            if race.ready(CATCH_UP) and not race.step():
                break
        return race.done

    # ----- what the page draws ---------------------------------------------------------------
    def sentence(self) -> str:
        race = self.race
        said = f"Step {race.step_number:,}."
        if race.done:
            said = f"Every search has ended, the last at step {race.step_number:,}."
        end = race.records_end
        if end is not None:
            said += (
                f" Steps after {end:,} ran without records (they take memory): Back returns "
                f"to step {end:,}, then back one step at a time."
            )
        return said

    def column(self, i: int) -> dict[str, Any]:
        recording, entrant = self.race.recordings[i], self.race.entrants[i]
        search = recording.search
        heads = search.open_list(0, OPEN_SHOWN)
        c = search.counters()
        return {
            "label": entrant.label,
            "step": c["step"],
            "expanded": c["expanded"],
            "generated": c["generated"],
            "open": c["open"],
            "status": str(c["status"]),
            "recorded": not recording.past_records,
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
        chart = None if width is None else race.chart()
        return {
            "status": "ok",
            "step": race.step_number,
            "done": race.done,
            "records_end": race.records_end,
            "sentence": self.sentence(),
            "width": self.width,
            "columns": [self.column(i) for i in range(len(race.recordings))],
            "chart": None
            if chart is None
            else charts.render(chart, chart_width(width or 0), legend=False),
            "legend": None if chart is None else charts.legend(chart),
            "results": self.results(),
        }
