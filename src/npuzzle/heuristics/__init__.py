"""Heuristics: estimates of the moves left, for any goal, and the registry that names them.

- :mod:`.base`: what a heuristic is (:class:`Heuristic`, :class:`HeuristicInfo`) and the table
  form IDA*'s kernel updates fastest (:class:`Tables`);
- :mod:`.classic`: the literature's heuristics from the tiles' places (misplaced tiles,
  Manhattan, linear conflict, ...);
- :mod:`.walking`: Takahashi's walking distance;
- :mod:`.pdb`: additive pattern databases, whose tables :mod:`.pdbplan` lays out and
  :mod:`.pdbbuild` builds, stores and loads.

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

__all__ = [
    "HEURISTICS",
    "VIEWS",
    "WHOLE_BOARD",
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
WHOLE_BOARD = (PatternDatabase.info.name, WalkingDistance.info.name)


def heuristic_info(name: str) -> HeuristicInfo:
    try:
        return HEURISTICS[name].info
    except KeyError:
        raise PuzzleError(
            f"unknown heuristic {name!r}: choose one of {', '.join(HEURISTICS)}"
        ) from None


def make_heuristic(name: str, space: Space, goal_pos: Mapping[int, int]) -> Heuristic:
    """The heuristic ``name`` for the goal where tile ``t`` belongs on cell ``goal_pos[t]``."""
    heuristic_info(name)
    return HEURISTICS[name](space, goal_pos)
