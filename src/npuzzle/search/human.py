"""Nayak & Huang's human-like search: solve a row, then a column, shrink the board, repeat.

The plan places one tile at a time: each phase is a weighted A* search (f = g + w·h, w = 3 as
in the paper) whose goal is "these tiles on their goal cells", with the heuristic counting only
those tiles. Tiles the phase does not care about become one wildcard, so boards that differ
only in them are one state: a phase searches positions of a few tiles and the blank, not of
all tiles, which is what lets it solve any 5x5 board. A finished row or column is locked
(the blank never enters it again) and the board shrinks. The last region of at most 3x3 is
finished with A*, optimally for that region.

For goals other than the standard one, a line holding the goal's blank is never locked: the
reduction works from the opposite side instead (bottom row, right column).

A board 3 wide and 4 high: one row, then the last 3x3.

>>> [p.description for p in plan(Board.goal("standard", 3, 4))]  # doctest: +NORMALIZE_WHITESPACE
['row 1: place tile 1', 'row 1: place tile 2', 'row 1: place tile 3',
 'finish the last 3x3 with A*']
>>> from npuzzle import random_board, solve
>>> board = random_board(5, 5, seed=1)
>>> result = solve(board, algorithm="human")
>>> result.length, result.optimal, result.extra["phases"], board.apply(result.moves) == result.goal
(224, False, 17, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from npuzzle.core.board import Board
from npuzzle.core.space import Space
from npuzzle.heuristics import make_heuristic
from npuzzle.search.algorithms import DEFAULT_WEIGHT, Algorithm
from npuzzle.search.bestfirst import BestFirst, TieBreak
from npuzzle.search.engine import Problem, Search
from npuzzle.search.phased import PhasedSearch
from npuzzle.search.records import Line, Status, Step, lines_of

__all__ = ["HumanSearch", "Phase", "plan"]


@dataclass(frozen=True)
class Phase:
    description: str
    region: frozenset[int]  # the cells the blank may use
    targets: tuple[int, ...]  # tiles that must stand on their goal cells at the end
    final: bool  # the last region: every tile and the blank in place, solved with A*


def plan(goal: Board) -> list[Phase]:
    """The phases that solve any board for ``goal``."""
    w = goal.width
    top, left, bottom, right = 0, 0, goal.height - 1, w - 1
    blank = goal.blank
    br, bc = divmod(blank, w)
    phases: list[Phase] = []
    while bottom - top + 1 > 3 or right - left + 1 > 3:
        region = frozenset(
            r * w + c for r in range(top, bottom + 1) for c in range(left, right + 1)
        )
        if bottom - top >= right - left:
            row = bottom if br == top else top
            cells = [row * w + c for c in range(left, right + 1)]
            label = f"row {row + 1}"
            if row == top:
                top += 1
            else:
                bottom -= 1
        else:
            col = right if bc == left else left
            cells = [r * w + col for r in range(top, bottom + 1)]
            label = f"column {col + 1}"
            if col == left:
                left += 1
            else:
                right -= 1
        placed: list[int] = []
        for cell in cells:
            placed.append(goal.tiles[cell])
            phases.append(Phase(f"{label}: place tile {placed[-1]}", region, tuple(placed), False))
    region = frozenset(r * w + c for r in range(top, bottom + 1) for c in range(left, right + 1))
    rows, cols = bottom - top + 1, right - left + 1
    tiles = tuple(goal.tiles[p] for p in sorted(region))
    phases.append(Phase(f"finish the last {rows}x{cols} with A*", region, tiles, True))
    return phases


class HumanSearch(PhasedSearch):
    algorithm = Algorithm.HUMAN

    def __init__(
        self,
        board: Board,
        goal: Board,
        *,
        heuristic: str = "manhattan",
        weight: float = DEFAULT_WEIGHT,
        tie_break: str = TieBreak.HIGH_G,
    ) -> None:
        self._goal_cells = {t: p for p, t in enumerate(goal.tiles)}
        self.heuristic_name, self.weight, self.tie_break = heuristic, weight, tie_break
        self.phases = plan(goal)
        self.runs: list[tuple[BestFirst, Board]] = []
        first = self._start(board, goal)
        super().__init__(first.problem, board, goal)
        self._sum()

    def _start(self, board: Board, goal: Board) -> BestFirst:
        phase = self.phases[len(self.runs)]
        space = Space(board.width, board.height, phase.region)
        goal_cells = self._goal_cells
        goal_pos = {t: goal_cells[t] for t in phase.targets}
        if phase.final:
            goal_pos[0] = goal_cells[0]
        keep = set(phase.targets) | {0}
        start = tuple(
            t if t in keep or p not in phase.region else space.wild
            for p, t in enumerate(board.tiles)
        )
        bits = space.bits
        goal_mask = sum(space.mask << (p * bits) for p in goal_pos.values())
        goal_value = sum(t << (p * bits) for t, p in goal_pos.items())
        h = make_heuristic(self.heuristic_name, space, goal_pos)
        problem = Problem(space, space.pack(start), goal_mask, goal_value, h)
        algorithm = Algorithm.ASTAR if phase.final else Algorithm.WASTAR
        search = BestFirst(
            problem, board, goal, algorithm, weight=self.weight, tie_break=self.tie_break
        )
        self.runs.append((search, board))
        return search

    def run(
        self,
        *,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        progress: Callable[[Search], Any] | None = None,
        chunk: int | None = None,
    ) -> Search:
        super().run(max_nodes=max_nodes, max_seconds=max_seconds, progress=progress, chunk=chunk)
        if self.status == Status.LIMIT and not self.reason.startswith(self.phase.description):
            self.reason = self._where(self.reason)
        return self

    def _where(self, reason: str) -> str:
        """A reason the search stopped, with the placement it stopped in, and at a weight below
        the default, what the weight does (library.md has the figures)."""
        reason = f"{self.phase.description}: {reason}"
        if self.weight < DEFAULT_WEIGHT and "stopped" in reason:
            reason += (
                f" (at weight {self.weight:g} each placement is close to plain A*: at weight "
                f"{DEFAULT_WEIGHT:g}, the default, it takes far fewer nodes)"
            )
        return reason

    @property
    def current(self) -> BestFirst:
        return self.runs[-1][0]

    @property
    def phase(self) -> Phase:
        return self.phases[len(self.runs) - 1]

    def extra(self) -> dict[str, Any]:
        return {"phases": len(self.phases)}

    def counters(self) -> dict[str, Any]:
        return {
            **super().counters(),
            "phase": len(self.runs),
            "phases": len(self.phases),
            "phase_goal": self.phase.description,
        }

    def _sum(self) -> None:
        runs = [r for r, _ in self.runs]
        self.expanded = sum(r.expanded for r in runs)
        self.generated = sum(r.generated for r in runs)
        self.duplicates = sum(r.duplicates for r in runs)
        self.max_open = max(r.max_open for r in runs)

    def _advance(self, budget: int) -> Step | None:
        record = self.recording
        while not self.done:
            cur, board = self.runs[-1]
            if cur.done:
                if cur.status != Status.SOLVED:
                    self.status, self.reason = cur.status, self._where(cur.reason)
                    break
                if len(self.runs) == len(self.phases):
                    self.status = Status.SOLVED
                    self.solution = "".join(r.solution or "" for r, _ in self.runs)
                    break
                self._start(board.apply(cur.solution or ""), self.goal)
                continue
            if budget <= 0:
                break
            before = cur.expanded
            rec = cur.advance(budget, record=record)
            budget -= max(1, cur.expanded - before)
            if cur.status == Status.SOLVED and len(self.runs) == len(self.phases):
                self.status = Status.SOLVED
                self.solution = "".join(r.solution or "" for r, _ in self.runs)
            self._sum()
            if record and rec is not None:
                self.steps += 1
                note = f"phase {len(self.runs)}/{len(self.phases)}: {self.phase.description}"
                if rec.note:
                    note += f"; {rec.note}"
                # a phase's first step begins it (its pseudocode's first line)
                lines = lines_of((Line.PHASE, *rec.lines)) if cur.steps == 1 else rec.lines
                step = replace(
                    rec,
                    number=self.steps,
                    status=self.status,
                    note=note,
                    phase=len(self.runs),
                    lines=lines,
                )
                self._history.append((step,))  # each phase undoes its own
                return step
            if budget <= 0:  # the next phase starts with the next step, recorded or not
                break
        self._sum()
        return None

    def back(self) -> bool:
        if self.steps == 0 or self.unrecorded:
            return False
        # Every phase after the first starts in the same step as its first expansion, so a
        # phase whose steps are all undone was not started yet.
        self.current.back()
        if self.current.steps == 0 and len(self.runs) > 1:
            self.runs.pop()
        self._history.pop()
        self.steps -= 1
        self.status, self.reason, self.solution = Status.RUNNING, "", None
        self._sum()
        return True
