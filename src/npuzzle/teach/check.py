"""A heuristic checked against exact distances: is it admissible, is it consistent?

- **Admissible**: ``h`` never says more than the true distance (the fewest moves to the goal).
- **Consistent**: across each move, ``h`` changes by at most one: ``|h(a) - h(b)| <= 1``.

On boards of up to 9 cells (the 8-puzzle's 181,440 boards) :class:`Check` walks *every* board
that can reach the goal, nearest first (breadth-first from the goal), so it knows each board's
exact distance as it meets it: the number of the layer, the same numbers as the exact table
the site ships (:mod:`npuzzle.heuristics.pdbbuild` builds it the same way), without the cost
of a lookup. It compares ``h`` with that distance, and each
move's two ends with each other. Its counterexamples are the first it meets: the boards
nearest the goal where the law fails.

On larger boards no table of exact distances exists: it takes :data:`SAMPLES` boards a random
walk of up to :data:`SAMPLE_WALK` moves away from the goal (seeded), solves each optimally
(IDA* with pattern databases) for its exact distance, and checks ``h`` there and across each
move from there. A sample that passes proves nothing for the boards not drawn: the verdict
says ``exact=False``.

A check runs in slices (:meth:`Check.advance`), so that the page's worker answers progress
and Cancel between them.

>>> from npuzzle.core.board import Board
>>> from npuzzle.core.space import Space
>>> from npuzzle.heuristics import make_heuristic
>>> goal = Board.goal("standard", 3, 2)
>>> goal_pos = {tile: cell for cell, tile in enumerate(goal.tiles)}
>>> verdict = check(make_heuristic("manhattan", Space(3, 2), goal_pos))
>>> verdict.states, verdict.admissible, verdict.consistent
(360, True, True)
>>> twice = compile_source("def h(tiles, goal, width, height):\\n    return 2 * sum(\\n"
...     "        t != g for t, g in zip(tiles, goal) if t)\\n")
>>> print(check(twice(Space(3, 2), goal_pos)).inadmissible)
not admissible: h is 2 on 1,2,0/4,5,3, whose true distance is 1
"""

from __future__ import annotations

import random
import time
from collections import deque
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from npuzzle.core.board import Board
from npuzzle.core.generate import random_walk
from npuzzle.heuristics.base import Heuristic
from npuzzle.heuristics.pdbplan import EXACT_CELLS
from npuzzle.heuristics.yours import Yours, compile_heuristic
from npuzzle.search.solver import solve

__all__ = [
    "SAMPLES",
    "SAMPLE_WALK",
    "Check",
    "Counterexample",
    "Law",
    "Verdict",
    "check",
    "compile_source",
]

SAMPLES = 200  # boards drawn on shapes of more than 9 cells
SAMPLE_WALK = 30  # the longest random walk from the goal that draws one


class Law(StrEnum):
    ADMISSIBLE = "admissible"
    CONSISTENT = "consistent"


@dataclass(frozen=True)
class Counterexample:
    """Where a law fails: ``board`` (its true ``distance`` and ``h``), and for consistency
    the ``neighbour`` one move away and its ``neighbour_h``."""

    law: Law
    board: Board
    distance: int
    h: int
    neighbour: Board | None = None
    neighbour_h: int | None = None

    def __str__(self) -> str:
        if self.law is Law.ADMISSIBLE:
            return (
                f"not admissible: h is {self.h} on {self.board}, whose true distance is "
                f"{self.distance}"
            )
        return (
            f"not consistent: h is {self.h} on {self.board} and {self.neighbour_h} on "
            f"{self.neighbour}, one move away"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "law": str(self.law),
            "board": str(self.board),
            "distance": self.distance,
            "h": self.h,
            "neighbour": None if self.neighbour is None else str(self.neighbour),
            "neighbour_h": self.neighbour_h,
        }


@dataclass(frozen=True)
class Verdict:
    """What a check found: ``states`` boards checked of ``total``; ``exact``: every board,
    nearest first (it stops once both laws have failed), else a sample; the first
    counterexample to each law (None: none found), the mean of h and of the true distance
    over the boards checked, the seconds taken."""

    goal: Board
    states: int
    total: int
    exact: bool
    inadmissible: Counterexample | None
    inconsistent: Counterexample | None
    mean_h: float
    mean_distance: float
    seconds: float

    @property
    def admissible(self) -> bool:
        return self.inadmissible is None

    @property
    def consistent(self) -> bool:
        return self.inconsistent is None

    def summary(self) -> str:
        """The verdict in sentences."""
        shape = f"{self.goal.width}x{self.goal.height}"
        if not self.exact:
            where = (
                f"{self.states:,} {shape} boards drawn at random (a sample proves nothing "
                "for the others)"
            )
        elif self.states == self.total:
            where = f"every {shape} board that can reach the goal ({self.states:,})"
        else:
            where = (
                f"the {self.states:,} {shape} boards nearest the goal (of {self.total:,}: it "
                "stops once both laws have failed)"
            )
        laws = [
            "admissible" if self.admissible else str(self.inadmissible),
            "consistent" if self.consistent else str(self.inconsistent),
        ]
        text = f"Checked on {where} in {self.seconds:.1f} s: {'; '.join(laws)}."
        if not self.exact or self.states == self.total:  # not the nearest boards alone
            text += (
                f" On average h is {self.mean_h:.2f}, the true distance {self.mean_distance:.2f}."
            )
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "goal": str(self.goal),
            "states": self.states,
            "total": self.total,
            "exact": self.exact,
            "admissible": self.admissible,
            "consistent": self.consistent,
            "inadmissible": self.inadmissible and self.inadmissible.to_json(),
            "inconsistent": self.inconsistent and self.inconsistent.to_json(),
            "mean_h": self.mean_h,
            "mean_distance": self.mean_distance,
            "seconds": self.seconds,
            "summary": self.summary(),
        }


class Check:
    """A check of ``heuristic`` on its space and goal, advanced a slice at a time."""

    def __init__(self, heuristic: Heuristic, *, seed: int = 0) -> None:
        self.heuristic = heuristic
        space = self.space = heuristic.space
        goal = [0] * space.n
        for tile, cell in heuristic.goal_pos.items():
            goal[cell] = tile
        self.goal = Board(space.width, space.height, tuple(goal))
        self.goal_pos = dict(heuristic.goal_pos)
        self.exact = space.n <= EXACT_CELLS
        self.total = _reachable(space.n) if self.exact else SAMPLES
        self._seed = seed
        self._hs: dict[int, int] = {}  # the boards whose h is known
        # (state, blank cell, distance) to check next, nearest first
        self._queue: deque[tuple[int, int, int]] = deque()
        self._seen: set[int] = set()
        self._samples: list[Board] = []
        self.inadmissible: Counterexample | None = None
        self.inconsistent: Counterexample | None = None
        self._sum_h = self._sum_d = 0
        self._seconds = 0.0
        self._started = False

    @property
    def states(self) -> int:
        """The boards checked so far."""
        return len(self._hs) if self.exact else self._done_samples

    @property
    def done(self) -> bool:
        if self.inadmissible is not None and self.inconsistent is not None:
            return True
        if self.exact:
            return self._started and not self._queue
        return self._started and self._done_samples >= len(self._samples)

    @property
    def fraction(self) -> float:
        return 1.0 if self.done else self.states / self.total

    def advance(self, seconds: float | None = None) -> bool:
        """Check boards for about ``seconds`` (None: to the end); True when done. Raises
        what the heuristic raises (:class:`~npuzzle.heuristics.yours.YoursError` for yours)."""
        start = time.perf_counter()
        stop = None if seconds is None else start + seconds
        try:
            if not self._started:
                self._begin()
            while not self.done:
                if self.exact:
                    self._exact_batch(256)
                else:
                    self._sample()
                if stop is not None and time.perf_counter() >= stop:
                    break
        finally:
            self._seconds += time.perf_counter() - start
        return self.done

    def verdict(self) -> Verdict:
        n = max(1, self.states)
        return Verdict(
            self.goal,
            self.states,
            self.total,
            self.exact,
            self.inadmissible,
            self.inconsistent,
            self._sum_h / n,
            self._sum_d / n,
            self._seconds,
        )

    # ----- every board, breadth-first from the goal ---------------------------------------------
    def _begin(self) -> None:
        self._started = True
        space = self.space
        if self.exact:
            start = space.pack(self.goal.tiles)
            self._queue.append((start, self.goal.tiles.index(0), 0))
            self._seen.add(start)
        else:
            rng = random.Random(self._seed)
            self._samples = [
                random_walk(self.goal, rng.randint(1, SAMPLE_WALK), rng) for _ in range(SAMPLES)
            ]
            self._done_samples = 0

    def _exact_batch(self, count: int) -> None:
        space, hs, seen, queue = self.space, self._hs, self._seen, self._queue
        value, mask, slides = self.heuristic.value, space.mask, space.slides()
        while queue and count:
            count -= 1
            state, blank, d = queue.popleft()
            h = int(value(state))
            hs[state] = h
            self._sum_h += h
            self._sum_d += d
            if h > d and self.inadmissible is None:
                self.inadmissible = Counterexample(Law.ADMISSIBLE, self._board(state), d, h)
            for q, _letter, shift_q, _shift_p, edge in space.moves[blank]:
                tile = (state >> shift_q) & mask
                child = state + slides[tile][edge]
                if child in hs:
                    if abs(hs[child] - h) > 1 and self.inconsistent is None:
                        self.inconsistent = Counterexample(
                            Law.CONSISTENT, self._board(state), d, h, self._board(child), hs[child]
                        )
                elif child not in seen:
                    seen.add(child)
                    queue.append((child, q, d + 1))

    # ----- sampled boards, each solved for its distance ----------------------------------
    _done_samples = 0

    def _sample(self) -> None:
        board = self._samples[self._done_samples]
        self._done_samples += 1
        space, value = self.space, self.heuristic.value
        state = space.pack(board.tiles)
        h = int(value(state))
        d = solve(board, self.goal, algorithm="idastar", heuristic="pdb").length
        assert d is not None
        self._sum_h += h
        self._sum_d += d
        self._hs[state] = h
        if h > d and self.inadmissible is None:
            self.inadmissible = Counterexample(Law.ADMISSIBLE, board, d, h)
        for move in board.legal_moves():
            near = board.move(move)
            h2 = int(value(space.pack(near.tiles)))
            if abs(h2 - h) > 1 and self.inconsistent is None:
                self.inconsistent = Counterexample(Law.CONSISTENT, board, d, h, near, h2)

    def _board(self, state: int) -> Board:
        return Board(self.space.width, self.space.height, self.space.unpack(state))


def _reachable(cells: int) -> int:
    """The boards that can reach a goal: half the permutations."""
    out = 1
    for i in range(2, cells + 1):
        out *= i
    return out // 2


def check(heuristic: Heuristic, *, seed: int = 0) -> Verdict:
    """Check ``heuristic`` on its space and goal to the end (see :class:`Check`)."""
    run = Check(heuristic, seed=seed)
    run.advance()
    return run.verdict()


def compile_source(source: str) -> type[Heuristic]:
    """Your source as a heuristic class (not installed as ``yours``): ``cls(space, goal_pos)``."""
    function = compile_heuristic(source)
    return type("Yours", (Yours,), {"function": function})
