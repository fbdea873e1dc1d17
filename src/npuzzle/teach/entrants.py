"""What a comparison compares: an algorithm with its heuristic, weight and tie-break, as links
write it.

``astar:manhattan``, ``wastar:manhattan:3``, ``bfs``, ``astar:manhattan:fifo``: the share
link's ``compare=`` value is two to four of them, comma-separated; a tie-break other than the
default (``high-g``) ends one, for the searches that break ties. This module knows only names
and numbers (no search), so that reading a link loads no engine.

>>> [e.label for e in parse_entrants("astar:misplaced,wastar:manhattan:2.5")]
['A* + Misplaced tiles', 'Weighted A* + Manhattan distance (w = 2.5)']
>>> parse_entrants("astar:manhattan,bfs:misplaced")[1].format()
'bfs'
>>> Entrant.parse("astar:manhattan:LIFO").label
'A* + Manhattan distance (ties: lifo)'
"""

from __future__ import annotations

from dataclasses import dataclass

from npuzzle.core.board import PuzzleError, quoted
from npuzzle.core.metrics import exact_number
from npuzzle.heuristics import HEURISTICS, YOURS
from npuzzle.search.algorithms import ALGORITHMS, DEFAULT_WEIGHT, MAX_WEIGHT, Algorithm
from npuzzle.search.bestfirst import TIE_BREAKS, TieBreak

__all__ = [
    "DEFAULT_ENTRANTS",
    "MAX_ENTRANTS",
    "MIN_ENTRANTS",
    "Entrant",
    "format_entrants",
    "parse_entrants",
]

MIN_ENTRANTS, MAX_ENTRANTS = 2, 4
#: Russell & Norvig's lesson: the better heuristic expands fewer nodes
DEFAULT_ENTRANTS = "astar:misplaced,astar:manhattan"


@dataclass(frozen=True)
class Entrant:
    """One search of a comparison: an algorithm, its heuristic, weight and tie-break."""

    algorithm: Algorithm
    heuristic: str = "manhattan"
    weight: float = DEFAULT_WEIGHT
    tie_break: TieBreak = TieBreak.HIGH_G

    @classmethod
    def parse(cls, text: str) -> Entrant:
        """``algorithm[:heuristic[:weight]][:tie-break]``; a clear :class:`PuzzleError`
        otherwise."""
        parts = [p.strip().lower() for p in text.split(":")]
        tie = TieBreak.HIGH_G
        if len(parts) > 1 and parts[-1] in TIE_BREAKS:
            tie = TieBreak(parts.pop())
            if parts[-1] in TIE_BREAKS:
                raise PuzzleError(f"{quoted(text)} names two tie-breaks: one at most")
            if not ALGORITHMS[Algorithm.parse(parts[0])].breaks_ties:
                raise PuzzleError(
                    f"{ALGORITHMS[Algorithm.parse(parts[0])].title} has no ties to break"
                )
        if not 1 <= len(parts) <= 3 or not parts[0]:
            raise PuzzleError(
                f"{quoted(text)} is not algorithm:heuristic or algorithm:heuristic:weight"
            )
        algorithm = Algorithm.parse(parts[0])
        info = ALGORITHMS[algorithm]
        heuristic = parts[1] if len(parts) > 1 and parts[1] else "manhattan"
        if heuristic not in HEURISTICS and heuristic != YOURS:
            raise PuzzleError(
                f"unknown heuristic {quoted(heuristic)}: choose one of {', '.join(HEURISTICS)}"
            )
        if not info.uses_heuristic:
            heuristic = "zero"
        weight = DEFAULT_WEIGHT
        if len(parts) == 3:
            if not info.takes_weight:
                raise PuzzleError(f"{info.title} takes no weight")
            try:
                weight = float(parts[2])
            except ValueError:
                weight = float("nan")
            if not 1 <= weight <= MAX_WEIGHT:
                raise PuzzleError(
                    f"weight {quoted(parts[2])} is not a number from 1 to {MAX_WEIGHT:g}"
                )
        return cls(algorithm, heuristic, weight, tie)

    def format(self) -> str:
        """The link's form, which :meth:`parse` reads back."""
        info = ALGORITHMS[self.algorithm]
        text = str(self.algorithm)
        if info.uses_heuristic:
            text += f":{self.heuristic}"
            if info.takes_weight:
                text += f":{exact_number(self.weight)}"
        if self.tie_break != TieBreak.HIGH_G and info.breaks_ties:
            text += f":{self.tie_break}"
        return text

    @property
    def label(self) -> str:
        """How people name it: ``Weighted A* + Manhattan distance (w = 3)``."""
        info = ALGORITHMS[self.algorithm]
        text = info.title
        if info.uses_heuristic:
            title = "Yours" if self.heuristic == YOURS else HEURISTICS[self.heuristic].info.title
            text += f" + {title}"
        if info.takes_weight:
            text += f" (w = {exact_number(self.weight)})"
        if self.tie_break != TieBreak.HIGH_G and info.breaks_ties:
            text += f" (ties: {self.tie_break})"
        return text


def parse_entrants(text: str) -> list[Entrant]:
    """Comma-separated entrants, two to four of them; a :class:`PuzzleError` names the first
    one that is wrong."""
    items = [t for t in text.split(",") if t.strip()]
    if not MIN_ENTRANTS <= len(items) <= MAX_ENTRANTS:
        raise PuzzleError(
            f"a comparison takes {MIN_ENTRANTS} to {MAX_ENTRANTS} searches, not {len(items)}"
        )
    return [Entrant.parse(t) for t in items]


def format_entrants(entrants: list[Entrant]) -> str:
    return ",".join(e.format() for e in entrants)
