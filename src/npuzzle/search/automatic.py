"""Automatic: the search the project knows works best on a board, and why, in a user's words.

One rule, used by the page's "Automatic" choice (its default), share links (``algorithm=auto``),
the command line's ``-a auto`` and ``benchmarks/defaults.py``, which measures it on 30 boards
of every size from 2x2 to 5x5. What it rests on (docs/performance.md):

- IDA* with the pattern databases (``pdb``) finds a shortest solution of every 4x4 within
  seconds (Korf's 100: 35 s in all, the hardest 4.9 s) and of every shape of at most 12 cells
  the tables cover within 1.5 s (``benchmarks/narrow_boards.py``). It is taken wherever the
  site ships the tables (:func:`npuzzle.heuristics.pdbbuild.shipped`): a shape without them
  would build them first, minutes in CPython and not at all in the page.
- On the other shapes of at most 12 cells (3x4, 4x3, 2x5, 5x2, 2x6, 6x2), IDA* with walking
  distance: optimal within 2 s on all but 2x6 and 6x2 (2.6 and 4.3 s on their farthest boards).
- Above: a shortest solution can take minutes or more (the 24-puzzle's take hours), so the
  anytime search, which has a solution within a second and shortens it until its 10 s limit,
  with ``pdb`` where the tables are shipped (the 5x5 with the blank in a corner), else linear
  conflict (its shortening of stretches uses the tables too where they are in memory).

The choice is a real :class:`~npuzzle.search.algorithms.Algorithm`: "auto" is a choice of the
clients (:data:`AUTO`), never a member of the enum.

>>> from npuzzle import Board
>>> choice = automatic(Board.parse("5,1,2,3/4,0,6,7/8,9,10,11/12,13,14,15"))
>>> str(choice.algorithm), choice.heuristic
('idastar', 'pdb')
>>> choice.reason
'IDA* with pattern databases: a shortest solution of a 4x4 within seconds.'
>>> str(automatic(Board.goal("standard", 5, 5)).algorithm)
'anytime'
>>> automatic(Board.goal("standard", 4, 4), tables=False).heuristic  # no tables to load
'linear-conflict'
"""

from __future__ import annotations

from dataclasses import dataclass

from npuzzle.core.board import Board
from npuzzle.heuristics import pdbbuild
from npuzzle.search.algorithms import ALGORITHMS, DEFAULT_WEIGHT, WHOLE_UP_TO, Algorithm

__all__ = ["AUTO", "OPTIMAL_UP_TO", "Choice", "automatic"]

#: the name of the automatic choice where clients name searches (the page, links, ``-a``)
AUTO = "auto"
#: the most cells on which a shortest solution is sought (with the tables: the 4x4)
OPTIMAL_UP_TO = 16


@dataclass(frozen=True)
class Choice:
    """A search to run: the algorithm, heuristic and weight ``make_search`` takes, and why."""

    algorithm: Algorithm
    heuristic: str
    weight: float
    reason: str

    @property
    def title(self) -> str:
        """The algorithm's title and its heuristic, as a user reads them."""
        return f"{ALGORITHMS[self.algorithm].title} with {_HEURISTIC_WORDS[self.heuristic]}"


_HEURISTIC_WORDS = {
    "pdb": "pattern databases",
    "walking-distance": "walking distance",
    "linear-conflict": "linear conflict",
}


def automatic(board: Board, goal: Board | None = None, *, tables: bool = True) -> Choice:
    """The search that works best on ``board`` for ``goal`` (default: the standard goal), by
    its size and whether the pattern databases for it can be had: ``tables`` False when none
    can be loaded at all; else the tables the site ships count
    (:func:`~npuzzle.heuristics.pdbbuild.shipped`)."""
    goal = goal or Board.goal("standard", board.width, board.height)
    width, height = board.width, board.height
    cells, size = width * height, f"{width}x{height}"
    pdb = tables and pdbbuild.shipped(width, height, goal.blank)
    if cells <= OPTIMAL_UP_TO and pdb:
        how_long = "within seconds" if cells > WHOLE_UP_TO else "at once"
        return _choice(Algorithm.IDASTAR, "pdb", f"a shortest solution of a {size} {how_long}.")
    if cells <= WHOLE_UP_TO:
        return _choice(
            Algorithm.IDASTAR,
            "walking-distance",
            f"a shortest solution of a {size} within seconds (no pattern databases for it).",
        )
    seconds = ALGORITHMS[Algorithm.ANYTIME].max_seconds
    return _choice(
        Algorithm.ANYTIME,
        "pdb" if pdb else "linear-conflict",
        f"a shortest solution of a {size} can take minutes or more, so a solution at once, "
        f"made shorter for {seconds:g} s.",
    )


def _choice(algorithm: Algorithm, heuristic: str, why: str) -> Choice:
    title = Choice(algorithm, heuristic, DEFAULT_WEIGHT, "").title
    return Choice(algorithm, heuristic, DEFAULT_WEIGHT, f"{title}: {why}")
