"""Heuristics: estimates of the moves left, for any goal, and the registry that names them.

- :mod:`.base`: what a heuristic is (:class:`Heuristic`, :class:`HeuristicInfo`) and the table
  form IDA*'s kernel updates fastest (:class:`Tables`);
- :mod:`.classic`: the literature's heuristics from the tiles' places (misplaced tiles,
  Manhattan, linear conflict, ...);
- :mod:`.walking`: Takahashi's walking distance;
- :mod:`.pdb`: additive pattern databases, whose tables :mod:`.pdbplan` lays out and
  :mod:`.pdbbuild` builds, stores and loads;
- :mod:`.yours`: your own heuristic, a Python function run under a time budget, named
  ``yours`` once installed (not in :data:`HEURISTICS`, which holds the built-in ones), and
  :mod:`.check`, which tests a heuristic against exact distances.

>>> from npuzzle import Board
>>> from npuzzle.heuristics import make_heuristic
>>> from npuzzle.core.space import Space
>>> goal = Board.goal("standard", 3, 3)
>>> h = make_heuristic("manhattan", Space(3, 3), {t: p for p, t in enumerate(goal.tiles)})
>>> h(Board.parse("134 8b5 726"))
10
"""

from __future__ import annotations

from collections.abc import Mapping

from npuzzle.core.board import PuzzleError
from npuzzle.core.space import Space
from npuzzle.heuristics.base import VIEWS, Heuristic, HeuristicInfo, Number, Tables
from npuzzle.heuristics.classic import (
    Blind,
    Euclidean,
    LinearConflict,
    Manhattan,
    Misplaced,
    MisplacedBlank,
    Reversal,
    Zero,
)
from npuzzle.heuristics.pdb import PatternDatabase
from npuzzle.heuristics.walking import WalkingDistance
from npuzzle.heuristics.yours import NAME as YOURS
from npuzzle.heuristics.yours import installed

__all__ = [
    "HEURISTICS",
    "VIEWS",
    "WHOLE_BOARD",
    "YOURS",
    "Heuristic",
    "HeuristicInfo",
    "Number",
    "Tables",
    "heuristic_info",
    "make_heuristic",
]

HEURISTICS: dict[str, type[Heuristic]] = {
    cls.info.name: cls
    for cls in (
        Zero,
        Blind,
        Misplaced,
        MisplacedBlank,
        Euclidean,
        Manhattan,
        Reversal,
        LinearConflict,
        WalkingDistance,
        PatternDatabase,
    )
}


#: heuristics that measure whole boards only (their tables give every tile a goal), so the
#: human-like search, which places a few tiles at a time, cannot use them
WHOLE_BOARD = (PatternDatabase.info.name, WalkingDistance.info.name, YOURS)


def _heuristic_class(name: str) -> type[Heuristic]:
    if name == YOURS:
        yours = installed()
        if yours is None:
            raise PuzzleError(
                "no heuristic of yours yet: give its file (--heuristic-file), or write it in "
                "the page's Your heuristic"
            )
        return yours
    try:
        return HEURISTICS[name]
    except KeyError:
        raise PuzzleError(
            f"unknown heuristic {name!r}: choose one of {', '.join(HEURISTICS)}"
        ) from None


def heuristic_info(name: str) -> HeuristicInfo:
    return _heuristic_class(name).info


def make_heuristic(name: str, space: Space, goal_pos: Mapping[int, int]) -> Heuristic:
    """The heuristic ``name`` for the goal where tile ``t`` belongs on cell ``goal_pos[t]``."""
    return _heuristic_class(name)(space, goal_pos)
