"""A search made of searches run one after another: the human-like search's phases
(:mod:`.human`), the anytime search's runs (:mod:`.anytime`). Its lists are those of the
one under way.

>>> from npuzzle import Board, make_search
>>> search = make_search(Board.parse("1,2,3/4,5,6/7,0,8"), algorithm="human")
>>> isinstance(search, PhasedSearch), str(search.current.algorithm)
(True, 'astar')
>>> search.open_size == search.current.open_size
True
"""

from __future__ import annotations

from npuzzle.search.engine import Search
from npuzzle.search.records import Node

__all__ = ["PhasedSearch"]


class PhasedSearch(Search):
    """A search made of searches run one after another (the human-like search's phases, the
    anytime search's runs): its lists are those of the one under way, ``current``."""

    @property
    def current(self) -> Search:
        raise NotImplementedError

    @property
    def open_size(self) -> int:
        return self.current.open_size

    @property
    def closed_size(self) -> int:
        return self.current.closed_size

    def open_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        return self.current.open_list(offset, count)

    def closed_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        return self.current.closed_list(offset, count)
