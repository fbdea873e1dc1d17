"""The anytime search: a first solution at once, shorter ones as time goes on, then a proof.

Weighted IDA* (IDA* under w·h) finds a solution at most w times the shortest, and the larger
w, the sooner. The anytime search runs it with falling weights, w = 3, 2, 1.75 ... 1.1
(after Hansen & Zhou's anytime weighted search, with restarts as in Richter, Thayer & Ruml's
restarting weighted A*), keeps the shortest solution found, and ends with plain IDA* under
the heuristic itself, bounded by that solution: it either finds a shorter one, which is then
a shortest one, or exhausts every path shorter than the best, which proves it shortest.

How long weighted IDA* takes swings widely from board to board and weight to weight (on a
24-puzzle, 0.01 s at one weight and over 10 s at the next), so each phase gets a budget of
expansions and gives up when it is spent; a *round* tries the largest weights not settled
yet, and each round doubles the budget. Time thus goes to the weights that answer fast, and
a run that is given longer keeps improving. With pattern databases in memory each weight
searches two boards, the board itself and its mirror image (:data:`VIEWS`), sharing the
weight's budget: the mirror image meets its moves in another order, and how soon a
depth-first search meets a solution is much luck (on Korf & Felner's #1, w = 2 took 360,105
expansions on the board and 6,053 on its mirror image).

Each new best solution is then *shortened*: stretches of its path, ``SEGMENT_LENGTHS[0]``
moves long and overlapping by half, are solved again, each by IDA* from the stretch's first
board to its last (:mod:`.stretch`: under the pattern databases when they are in memory, else
linear conflict), bounded by its length: a shorter way takes the stretch's place, and the
sweep goes on from there. A weighted solution wanders locally, so this often shortens it by
a tenth or more. A sweep that reaches the end goes on with longer stretches (the next of
``SEGMENT_LENGTHS``), as long as the stretches have taken less than :data:`STRETCH_SHARE` of
the expansions; a new best from a weighted phase starts again with the shortest.

A best that no stretch shortens is often far from the shortest still: it is *locally* short,
and the moves it wastes are in its route as a whole. So, with the pattern databases in memory,
a share of the expansions (:data:`WINDOW_SHARE`) goes to *windows*: a long stretch (a third to
two thirds of the best, :data:`WINDOW_SPANS`) solved again by weighted IDA* (:data:`WINDOW_WEIGHTS`)
under a small budget, its way taken if it is shorter. A stretch is a smaller problem than the
board, so it affords a lower weight, and each window is a new draw of a depth-first search's
luck (a large-neighbourhood search; on Korf & Felner's #29, a 136-move best: the 76 moves
after move 60 solved again at w = 1.3 in 69,399 expansions took it to 122).

It runs under ``max_seconds`` (10 s by default, :mod:`.algorithms`); whenever it stops, its
result is the best solution so far, with the improvements (length, seconds) and a lower
bound on the shortest length.

>>> from npuzzle import solve
>>> result = solve("8,6,7/2,5,4/3,0,1", algorithm="anytime")  # 31 moves at best
>>> [found["length"] for found in result.extra["improvements"]]
[49, 47, 45, 43, 37, 35, 31]
>>> result.length, result.optimal, result.extra["lower_bound"]  # and proved shortest
(31, True, 31)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from npuzzle.core.board import Board
from npuzzle.heuristics.pdbplan import symmetries
from npuzzle.search.algorithms import Algorithm
from npuzzle.search.engine import Problem
from npuzzle.search.idastar import IDAStar
from npuzzle.search.phased import PhasedSearch
from npuzzle.search.records import Line, Result, Status, Step, lines_of
from npuzzle.search.stretch import Stretches, StretchRun, Turn

__all__ = [
    "FIRST_BUDGET",
    "SEGMENT_BUDGET",
    "SEGMENT_GROWTH",
    "SEGMENT_LENGTHS",
    "STRETCH_SHARE",
    "VIEWS",
    "WEIGHTS",
    "WINDOW_BUDGET",
    "WINDOW_PATIENCE",
    "WINDOW_SHARE",
    "WINDOW_SPANS",
    "WINDOW_WEIGHTS",
    "AnytimeSearch",
    "Improvement",
    "Phase",
]

#: the weights of the phases, largest first; 1 is the proof (plain IDA*, bounded by the best)
WEIGHTS = (3.0, 2.0, 1.75, 1.6, 1.5, 1.4, 1.3, 1.2, 1.1, 1.0)
#: the expansions a phase may take in the first round; each round doubles it
FIRST_BUDGET = 100_000
#: a round tries the largest weights not settled yet, this many (lower weights wait their turn)
WINDOW = 3
#: the stretches of the best path solved again: their length in moves in a new best's first
#: sweep, then in the sweeps after it
SEGMENT_LENGTHS = (20, 30, 40, 50, 60)
#: the expansions a stretch of the first length may take; each longer one, this many times more
SEGMENT_BUDGET = 50_000
SEGMENT_GROWTH = 1.25
#: the boards the weighted phases search (each weight's budget shared): the board itself and
#: its mirror image
VIEWS = 2
#: the share of the expansions the stretches may take, past a new best's first sweep
STRETCH_SHARE = 0.15
#: the share of the expansions the windows may take (with the pattern databases in memory)
WINDOW_SHARE = 0.45
#: a window's length, as a share of the best's; its weight; its budget of expansions (the
#: windows take these in turn: the spans vary fastest)
WINDOW_SPANS = (0.3, 0.5, 0.7)
WINDOW_WEIGHTS = (1.5, 1.4, 1.3)
WINDOW_BUDGET = 50_000
#: windows in a row that found nothing shorter, after which they wait for a new best
WINDOW_PATIENCE = 18
#: where the windows begin: the golden ratio's multiples spread them evenly along the best
_SPREAD = (5**0.5 - 1) / 2


@dataclass(frozen=True)
class Phase:
    """One run of (weighted) IDA*: its weight, its round (0 first) and budget of expansions,
    and the best solution's length when it began (the bound of the proof, w = 1); or, with
    ``segment`` (i, j), IDA* for a shorter way through moves i to j of the best (a stretch,
    w = 1, bounded by its length; a window, w > 1, unbounded)."""

    weight: float
    round: int
    budget: int
    bound: int | None
    start: int = 0  # the run's expansions when the phase began (a phase resumes a run)
    segment: tuple[int, int] | None = None
    level: int = 0  # a segment's: its sweep's stretch length, SEGMENT_LENGTHS[level]
    heuristic: str = ""  # a segment's, and whether it is searched from its end back
    backward: bool = False
    view: int = 0  # a weighted phase's: the board itself (0), or its mirror image (1)

    def describe(self) -> str:
        limit = f"(round {self.round + 1}, up to {self.budget:,} expansions)"
        if self.segment is not None:
            i, j = self.segment
            way = f"from the board after move {j} back to" if self.backward else "through"
            under = self.heuristic if self.weight == 1 else f"{self.weight:g}·{self.heuristic}"
            return (
                f"IDA* under {under} for a shorter way {way} moves {i + 1} to {j} of "
                f"the best, {j - i} moves {limit}"
            )
        rule = "IDA* under h" if self.weight == 1 else f"IDA* under {self.weight:g}·h"
        if self.view:
            rule += " on the board's mirror image"
        shorter = f", for a path shorter than {self.bound} moves" if self.bound else ""
        return f"{rule}{shorter} {limit}"


@dataclass(frozen=True)
class Improvement:
    """A solution shorter than every one before it."""

    length: int
    seconds: float
    weight: float
    expanded: int
    segment: tuple[int, int] | None = None  # moves i to j of the best, solved again shorter

    def to_json(self) -> dict[str, Any]:
        return {
            "length": self.length,
            "seconds": round(self.seconds, 6),
            "weight": self.weight,
            "expanded": self.expanded,
            "segment": None if self.segment is None else list(self.segment),
        }


def _kind(phase: Phase) -> Line:
    """The line of the phases' pseudocode an expansion of ``phase`` runs."""
    if phase.segment is not None:
        return Line.SHORTEN
    return Line.PROOF if phase.weight == 1.0 else Line.WEIGHTED


class AnytimeSearch(PhasedSearch):
    algorithm = Algorithm.ANYTIME
    chunk = 16384

    def __init__(
        self, problem: Problem, board: Board, goal: Board, seat: int = 0, seats: int = 1
    ) -> None:
        """``seat`` of ``seats``: one of the processes that run this search together
        (:mod:`.seats`), which searches its share of the weighted phases' views (each with
        its whole budget), spreads its windows from its own place, and leaves the proof to
        seat 0."""
        super().__init__(problem, board, goal)
        self.seat, self.seats = seat, seats
        self.offered: str | None = None  # a shorter best from another seat, taken in turn
        self.runs: list[tuple[Phase, IDAStar]] = []
        self.improvements: list[Improvement] = []
        # the runs whose phase ended in the step under way, with the tables they dropped (for
        # back())
        self._dropped: list[tuple[IDAStar, dict[int, int]]] = []
        self.solution_found: str | None = None  # the best so far
        # the next stretch to solve again, (level, i): SEGMENT_LENGTHS[level] moves from move
        # i of the best (None: every level swept)
        self._sweep: tuple[int, int] | None = None
        self._stretched = 0  # the expansions the stretches have taken
        self._windowed = 0  # the expansions the windows have taken, and how many began
        self._windows = 0
        self._idle = 0  # the windows since the last new best
        self.lower_bound = self.h0 = 0
        self.stretches = Stretches(self.heuristic)
        # the boards the weighted phases search: the board itself, and with the tables in
        # memory also its mirror image (in the main diagonal, or upside down on an oblong
        # board), whose moves come in another order: how soon weighted IDA* meets a solution
        # is much luck (on Korf & Felner's #1, w = 2 took 360,105 expansions on the board and
        # 6,053 on its mirror image)
        self._turns: list[Turn | None] = [None]
        if self.stretches.cells:
            w, h = self.space.width, self.space.height
            # the mirror in the main diagonal first (it changes the order of the moves most)
            maps = symmetries(w, h)
            maps = maps[1:2] + maps[3:] + maps[2:3] if w == h else maps[3:] + maps[1:3]
            self._turns += [Turn(w, m) for m in maps[: VIEWS - 1]]
        if not 0 <= seat < seats <= self.views:
            raise ValueError(f"seat {seat} of {seats}: {self.views} views to share")
        self._start()  # IDA* refuses a goal it cannot take, at once
        self.h0 = self.runs[0][1].round_threshold(self.heuristic.value(problem.start))
        self._sum()

    # ----- the schedule -----------------------------------------------------------------------
    def _next_phase(self) -> Phase | None:
        """The phase after the runs so far (None: the proof is done)."""
        weighted = [(p, run) for p, run in self.runs if p.segment is None]
        settled = {p.weight for p, run in weighted if run.status != Status.LIMIT}
        if 1.0 in settled:
            return None
        last = weighted[-1][0] if weighted else None
        last_round = last.round if last else 0
        best = len(self.solution_found) if self.solution_found is not None else None
        proved = best is not None and best <= self.lower_bound
        if best is not None and not proved and self._sweep is not None:
            level, i = self._sweep
            if level == 0 or self._stretched < STRETCH_SHARE * self.expanded:
                return self._segment(last_round, level, i)  # a new best's first sweep, or
                # longer stretches while they have had less than their share
        open_weights = [
            w
            for w in WEIGHTS
            if w not in settled and not (w > 1 and proved) and not (w == 1 and self.seat)
        ]
        # windows while the proof waits its turn (then the time goes to the proof)
        windows = (
            bool(self.stretches.cells) and best is not None and 1.0 not in open_weights[:WINDOW]
        )
        windows = windows and not proved and self._idle < WINDOW_PATIENCE
        if windows and self._windowed < WINDOW_SHARE * self.expanded:
            return self._window(last_round)
        for r in range(last.round if last else 0, 64):
            for w in open_weights[:WINDOW]:
                mine = [0] if w == 1.0 else list(range(self.seat, len(self._turns), self.seats))
                views = len(mine)
                for v in mine:
                    if w == 1.0 and best is None:
                        continue
                    if last is not None and (r, -w, v) <= (last.round, -last.weight, last.view):
                        continue  # already run in this round
                    budget = (FIRST_BUDGET << r) // views
                    return Phase(w, r, budget, best if w == 1.0 else None, view=v)
        return None

    def _segment(self, round: int, level: int, i: int) -> Phase:
        """A sweep of ``level`` in ``round``: the stretch of the best path from move ``i``."""
        assert self.solution_found is not None
        j = min(i + SEGMENT_LENGTHS[level], len(self.solution_found))
        budget = int(SEGMENT_BUDGET * SEGMENT_GROWTH**level)
        return Phase(1.0, round, budget, j - i, segment=(i, j), level=level)

    def _window(self, round: int) -> Phase:
        """The next window: its span and weight in turn, its place spread along the best."""
        assert self.solution_found is not None
        n, length = self._windows, len(self.solution_found)
        spans = len(WINDOW_SPANS)
        span = max(2, int(WINDOW_SPANS[n % spans] * length + 0.5))
        weight = WINDOW_WEIGHTS[n // spans % len(WINDOW_WEIGHTS)]
        i = int((n * _SPREAD + self.seat / self.seats) % 1.0 * (length - span + 1))
        return Phase(weight, round, WINDOW_BUDGET, None, segment=(i, i + span))

    def _start(self) -> bool:
        phase = self._next_phase()
        if phase is None:
            return False
        if phase.segment is not None:
            stretch = self._segment_run(phase.segment, phase.weight)
            if phase.weight != 1.0:
                self._windows += 1
            phase = replace(phase, heuristic=stretch.heuristic.name, backward=stretch.backward)
            self.runs.append((phase, stretch))
            return True
        before = [
            run
            for p, run in self.runs
            if p.weight == phase.weight and p.view == phase.view and not p.segment
        ]
        if before:  # go on where this weight's last phase stopped
            run = before[-1]
            run.status, run.reason, run.bound = Status.RUNNING, "", phase.bound
            phase = replace(phase, start=run.expanded)
        elif phase.view and phase.weight != 1.0:
            turn = self._turns[phase.view]
            run = self.stretches.run(
                self.board, self.goal, None, phase.weight, turn, tables_only=True
            )
        else:
            run = IDAStar(
                self.problem, self.board, self.goal, weight=phase.weight, bound=phase.bound
            )
        self.runs.append((phase, run))
        return True

    def _segment_run(self, segment: tuple[int, int], weight: float) -> StretchRun:
        """IDA* between the board before move i of the best and the board after move j: for
        a path shorter than j - i, or a window's (weighted, under the tables, unbounded)."""
        assert self.solution_found is not None
        i, j = segment
        start = self.board.apply(self.solution_found[:i])
        end = start.apply(self.solution_found[i:j])
        if weight != 1.0:
            return self.stretches.run(start, end, None, weight, tables_only=True)
        return self.stretches.run(start, end, j - i)

    def _pause(self, phase: Phase, run: IDAStar) -> None:
        """The phase spent its budget: its run waits for its weight's next round (a stretch's
        run is given up)."""
        run.status, run.reason = Status.LIMIT, f"stopped after {phase.budget:,} nodes"

    def _release(self, run: IDAStar) -> None:
        """A phase has ended: its run's transposition table goes (they would add up, to
        75 MB each; a paused run that goes on without it only prunes less). Stepping keeps it
        for back()."""
        if self.recording:
            self._dropped.append((run, run.table))
        run.table = {}

    def seated(self, seat: int, seats: int) -> AnytimeSearch:
        """This search, new, in ``seat`` of ``seats`` (:mod:`.seats`): the same problem,
        heuristic and tables."""
        return AnytimeSearch(self.problem, self.board, self.goal, seat=seat, seats=seats)

    @property
    def views(self) -> int:
        """The boards the weighted phases search: the board itself, and with the pattern
        databases in memory its mirror image (what seats share out, :mod:`.seats`)."""
        return len(self._turns)

    @property
    def current(self) -> IDAStar:
        return self.runs[-1][1]

    @property
    def phase(self) -> Phase:
        return self.runs[-1][0]

    # ----- running ----------------------------------------------------------------------------
    def _sum(self) -> None:
        runs = list({id(r): r for _p, r in self.runs}.values())  # a run may go on in phases
        self.expanded = sum(r.expanded for r in runs)
        self.generated = sum(r.generated for r in runs)
        self.duplicates = sum(r.duplicates for r in runs)
        self.max_open = max(r.max_open for r in runs)
        if not self.heuristic.info.admissible:
            self.lower_bound = 0
        elif self.optimal and self.solution is not None:
            self.lower_bound = len(self.solution)
        else:  # IDA* under h has ruled out every path shorter than its threshold
            proofs = [r.threshold for p, r in self.runs if p.weight == 1.0 and not p.segment]
            self.lower_bound = int(max([self.h0, *proofs]))

    def _settle(self, seconds: float) -> None:
        """The current phase has ended: keep its solution if it is shorter, and say whether
        the search is over."""
        phase, run = self.runs[-1]
        self._release(run)
        improvements = len(self.improvements)
        if phase.segment is not None and phase.weight != 1.0:  # a window
            self._windowed += run.expanded
            i, j = phase.segment
            assert self.solution_found is not None and isinstance(run, StretchRun)
            if run.status == Status.SOLVED and len(run.moves()) < j - i:
                shorter = self.solution_found[:i] + run.moves() + self.solution_found[j:]
                self.solution_found = shorter
                self._sweep = (0, 0)  # its ends and its way may have shorter stretches
                self.improvements.append(
                    Improvement(len(shorter), seconds, phase.weight, self.expanded, phase.segment)
                )
        elif phase.segment is not None:
            self._stretched += run.expanded
            i, j = phase.segment
            assert self.solution_found is not None
            if run.status != Status.SOLVED:  # none shorter: the next stretch, or longer ones
                if j < len(self.solution_found):
                    self._sweep = (phase.level, i + max(1, (j - i) // 2))
                elif phase.level + 1 < len(SEGMENT_LENGTHS):
                    self._sweep = (phase.level + 1, 0)
                else:
                    self._sweep = None
            elif isinstance(run, StretchRun):  # again from i
                way = run.moves()
                assert len(way) < j - i
                shorter = self.solution_found[:i] + way + self.solution_found[j:]
                self.solution_found = shorter
                self.improvements.append(
                    Improvement(len(shorter), seconds, 1.0, self.expanded, phase.segment)
                )
        elif run.status == Status.SOLVED and run.solution is not None:
            best = self.solution_found
            found = run.moves() if isinstance(run, StretchRun) else run.solution
            if best is None or len(found) < len(best):
                self.solution_found = found
                self._sweep = (0, 0)  # a new best, not swept yet
                self.improvements.append(
                    Improvement(len(found), seconds, phase.weight, self.expanded)
                )
        offered, self.offered = self.offered, None
        best = self.solution_found
        if offered is not None and (best is None or len(offered) < len(best)):
            self.solution_found = offered  # another seat's: swept and windowed here too
            self._sweep = (0, 0)
            self._idle = 0
        if len(self.improvements) > improvements:
            self._idle = 0
        elif phase.segment is not None and phase.weight != 1.0:
            self._idle += 1
        proof_ended = phase.weight == 1.0 and not phase.segment and run.status != Status.LIMIT
        if proof_ended or not self._start():
            self._finish()

    def _finish(self) -> None:
        if self.solution_found is None:
            self.status = Status.EXHAUSTED
            self.reason = "every reachable state was searched: no path to the goal"
        else:
            self.status, self.solution = Status.SOLVED, self.solution_found
        self._sum()

    def _advance(self, budget: int) -> Step | None:
        t0 = time.perf_counter()
        record = self.recording
        # what back() restores: the runs, the last one's status, the best so far
        phase, run = self.runs[-1]
        saved = (
            len(self.runs),
            run.status,
            run.reason,
            len(self.improvements),
            self.solution_found,
            self._sweep,
            self._stretched,
            self._windowed,
            self._windows,
            self._idle,
        )
        self._dropped.clear()
        lines: list[Line] = []  # the lines of the phases' pseudocode it ran (stepping)
        while not self.done and budget > 0:
            phase, run = self.runs[-1]
            left = phase.budget - (run.expanded - phase.start)
            if run.done or left <= 0:
                if not run.done:
                    self._pause(phase, run)
                    if record:
                        lines.append(Line.PAUSE)
                self._settle_said(lines, t0)
                continue
            before = run.expanded
            number = len(self.runs)
            rec = run.advance(min(budget, left), record=record)
            budget -= max(1, run.expanded - before)
            self._sum()
            if record:
                lines.append(_kind(phase))
            if run.done:
                self._settle_said(lines, t0)
            if record and rec is not None:
                if self.done:
                    lines.append(Line.DONE)
                return self._recorded(rec, number, phase, saved, lines)
        return None

    def _settle_said(self, lines: list[Line], t0: float) -> None:
        """Settle the phase that ended; stepping, say so if it found a new best."""
        found = len(self.improvements)
        self._settle(self.seconds + time.perf_counter() - t0)
        if self.recording and len(self.improvements) > found:
            lines.append(Line.IMPROVE)

    def _recorded(
        self, rec: Step, number: int, phase: Phase, saved: tuple[Any, ...], lines: list[Line]
    ) -> Step:
        self.steps += 1
        best = self.solution_found
        note = f"phase {number}: {phase.describe()}"
        if best is not None:
            note += f"; best so far {len(best)} moves"
        if rec.note:
            note += f"; {rec.note}"
        run = self.runs[number - 1][1]
        first = 1 + next(i for i, (_p, r) in enumerate(self.runs) if r is run)
        step = replace(
            rec,
            number=self.steps,
            status=self.status,
            note=note,
            phase=number,
            run=first,
            lines=lines_of(tuple(lines)),
        )
        self._history.append((step, number, *saved, tuple(self._dropped)))
        return step

    def back(self) -> bool:
        if not self._history or self.unrecorded:
            return False
        (
            _step,
            number,
            runs,
            status,
            reason,
            improvements,
            best,
            sweep,
            stretched,
            windowed,
            windows,
            idle,
            dropped,
        ) = self._history.pop()
        self.runs[number - 1][1].back()  # the run that expanded a node in the step
        for phase, run in self.runs[runs:]:  # phases begun in the step
            if phase.start:  # it went on with a run paused before: paused again
                earlier = [p for p, r in self.runs[:runs] if r is run][-1]
                run.status, run.bound = Status.LIMIT, earlier.bound
                run.reason = f"stopped after {earlier.budget:,} nodes"
        del self.runs[runs:]
        last = self.runs[-1][1]  # running before the step (a step may have ended it)
        last.status, last.reason = status, reason
        for paused, table in dropped:
            paused.table = table
        del self.improvements[improvements:]
        self.solution_found, self._sweep, self._stretched = best, sweep, stretched
        self._windowed, self._windows, self._idle = windowed, windows, idle
        self.steps -= 1
        self.status, self.reason, self.solution = Status.RUNNING, "", None
        self._sum()
        return True

    # ----- what it shows ----------------------------------------------------------------------
    @property
    def optimal(self) -> bool:
        """Proved: the last phase, plain IDA* bounded by the best, has ended."""
        return (
            self.status == Status.SOLVED
            and self.heuristic.info.admissible
            and self.runs[-1][0].weight == 1.0
            and self.runs[-1][0].segment is None
            and self.runs[-1][1].status in (Status.SOLVED, Status.EXHAUSTED)
        )

    def extra(self) -> dict[str, Any]:
        return {
            "improvements": [imp.to_json() for imp in self.improvements],
            "lower_bound": self.lower_bound,
            "phases": len(self.runs),
        }

    def counters(self) -> dict[str, Any]:
        best = self.solution_found
        return {
            **super().counters(),
            "phase": len(self.runs),
            "phase_goal": self.phase.describe(),
            "weight": self.phase.weight,
            "segment": self.phase.segment,  # (i, j) while a stretch of the best is shortened
            "best": None if best is None else len(best),
            "lower_bound": self.lower_bound,
        }

    def result(self) -> Result:
        """The best solution so far, also when a limit stopped the search (then not proved
        shortest, and ``reason`` says what stopped it)."""
        out = super().result()
        if self.status == Status.LIMIT and self.solution_found is not None:
            out.status, out.moves = Status.SOLVED, self.solution_found
            out.reason = f"the best found, not proved shortest: {self.reason}"
        return out
