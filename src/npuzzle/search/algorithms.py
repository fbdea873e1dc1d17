"""The searches the package offers, what each takes, and the limits they run under.

One home for these facts: the command line, the page, the share links, the lab and the
searches themselves read them here (which algorithms use a heuristic or a weight, which
reopen nodes, which are optimal, the priority a best-first search orders nodes by, the
default weight, default limits). A rule that depends on the algorithm is an attribute of its
:class:`AlgorithmInfo`, never a comparison of its name.

>>> [str(a.name) for a in ALGORITHMS.values() if a.takes_weight]
['wastar', 'human']
>>> Algorithm.parse("idastar") is Algorithm.IDASTAR, Algorithm.IDASTAR == "idastar"
(True, True)
>>> Algorithm.parse("dijkstra")  # doctest: +ELLIPSIS
Traceback (most recent call last):
npuzzle.core.board.PuzzleError: unknown algorithm 'dijkstra': choose one of bfs, dfs, ...
>>> ALGORITHMS[Algorithm.IDASTAR].max_nodes is None  # IDA* keeps only its path
True
>>> ALGORITHMS[Algorithm.WASTAR].priority.f(2, 5, 3.0)  # f = g + w·h
17.0
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from npuzzle.core.board import PuzzleError, quoted

__all__ = [
    "ALGORITHMS",
    "ANYTIME_SECONDS",
    "DEFAULT_WEIGHT",
    "MAX_WEIGHT",
    "MEMORY_BOUND_NODES",
    "WHOLE_UP_TO",
    "Algorithm",
    "AlgorithmInfo",
    "Priority",
    "splits",
]

#: The default limit of the searches that keep every node they meet: about 0.5 GB of memory
#: per million expansions on a 4x4 (open and closed lists), so 2,000,000 stay near 1 GB.
MEMORY_BOUND_NODES = 2_000_000
#: The anytime search's default time limit: it improves its answer until then
ANYTIME_SECONDS = 10.0
#: The most cells of a board whose IDA* one worker searches whole, however many are offered
#: (``solve --jobs``, the page's Workers). The states under a threshold are then a few
#: million at most (``benchmarks/narrow_bounds.py``), and the narrow boards are full of short
#: cycles back to them, so one worker's transposition table, kept across iterations, prunes
#: much of the search; a split (:mod:`npuzzle.search.split`) gives that up, with a table per subtree
#: for one iteration. Two processes against one (``benchmarks/split_boards.py``): 12x the
#: time on the farthest 3x3 with h = 0, 2.5x on 5x2 with linear conflict, 1.3x on 2x6 with
#: walking distance, 0.93x on 4x3 (kept to one all the same: a split there gains little and
#: risks much); 0.87x on a 3x5, 0.79x on a 4x4.
WHOLE_UP_TO = 12


def splits(width: int, height: int) -> bool:
    """Whether IDA* on a ``width`` x ``height`` board is worth splitting among workers (more
    than :data:`WHOLE_UP_TO` cells); else one worker searches it, whatever was asked.

    >>> splits(4, 3), splits(4, 4)
    (False, True)
    """
    return width * height > WHOLE_UP_TO


class Algorithm(StrEnum):
    """The searches offered, by the names the command line, links and the page use. A
    ``StrEnum``: a member is its name (``Algorithm.ASTAR == "astar"``), so a name read from a
    command line or a link is checked once, with :meth:`parse`, and compared as a member from
    then on."""

    BFS = "bfs"
    DFS = "dfs"
    GREEDY = "greedy"
    ASTAR = "astar"
    WASTAR = "wastar"
    IDASTAR = "idastar"
    ANYTIME = "anytime"
    HUMAN = "human"

    @classmethod
    def parse(cls, name: str) -> Algorithm:
        """The algorithm called ``name``; a :class:`PuzzleError` that lists them otherwise."""
        try:
            return cls(name)
        except ValueError:
            raise PuzzleError(
                f"unknown algorithm {quoted(name)}: choose one of {', '.join(cls)}"
            ) from None


class Priority(StrEnum):
    """The f a best-first search orders its open list by (and the page shows beside a node);
    smaller first."""

    DEPTH = "g"  # shallowest first (depth-first search: one stack, deepest first)
    HEURISTIC = "h"  # nearest-looking first, whatever the path so far
    SUM = "g + h"  # the cost of the best path through the node, if h is admissible
    WEIGHTED = "g + w·h"  # h trusted w times over: at most w times optimal

    @property
    def f(self) -> Callable[[int, float, float], float]:
        """The priority as a function of a node's g and h and the search's weight w (a plain
        function: a search calls it for every node it generates)."""
        return _PRIORITIES[self]


_PRIORITIES: dict[Priority, Callable[[int, float, float], float]] = {
    Priority.DEPTH: lambda g, h, w: g,
    Priority.HEURISTIC: lambda g, h, w: h,
    Priority.SUM: lambda g, h, w: g + h,
    Priority.WEIGHTED: lambda g, h, w: g + w * h,
}


@dataclass(frozen=True)
class AlgorithmInfo:
    """What an algorithm is, what it takes, and the limit it runs under by default."""

    name: Algorithm
    title: str
    uses_heuristic: bool
    description: str
    takes_weight: bool = False
    #: default expansion limit (None: none, for searches whose memory does not grow)
    max_nodes: int | None = MEMORY_BOUND_NODES
    #: default time limit (None: none)
    max_seconds: float | None = None
    #: IDA* or made of IDA* runs: its lists are a path and the children waiting on it
    walks_paths: bool = False
    #: the f a best-first search of it orders nodes by (IDA*'s threshold bounds g + h; the
    #: anytime search's phases weight h, each with its own w)
    priority: Priority = Priority.SUM
    #: its open list is one stack: the deepest node first, to a depth limit (by default the
    #: board's diameter)
    stack: bool = False
    #: a closed node found again by a shorter path is opened again
    reopens: bool = False
    #: its solution is a shortest one (given an admissible heuristic, when it uses one)
    optimal: bool = False
    #: one search can be shared among processes (``solve --jobs``, the page's Workers)
    splittable: bool = False
    #: one search can be run by several processes, each in a seat of its own (``solve
    #: --jobs``: the anytime search, :mod:`npuzzle.search.seats`)
    seated: bool = False
    #: it finds a first solution, then shorter ones as it goes (the command line says each)
    improves: bool = False
    #: it solves the board part by part, so a heuristic must measure parts of boards
    solves_parts: bool = False

    @property
    def breaks_ties(self) -> bool:
        """Whether a tie-break orders its open list (``tie_break``): IDA* and the anytime
        search walk paths, trying children in U, D, L, R order, and depth-first search's one
        stack is last in, first out."""
        return not self.walks_paths and not self.stack


#: in the order the command line and the page list them
ALGORITHMS: dict[Algorithm, AlgorithmInfo] = {
    a.name: a
    for a in (
        AlgorithmInfo(
            Algorithm.BFS,
            "Breadth-first search",
            False,
            "shallowest first: optimal, blind",
            priority=Priority.DEPTH,
            optimal=True,
        ),
        AlgorithmInfo(
            Algorithm.DFS,
            "Depth-first search",
            False,
            "deepest first, to a depth limit: not optimal",
            priority=Priority.DEPTH,
            stack=True,
            # so that the depth limit cannot hide a shallower path
            reopens=True,
        ),
        AlgorithmInfo(
            Algorithm.GREEDY,
            "Greedy best-first",
            True,
            "smallest h first: fast, not optimal",
            priority=Priority.HEURISTIC,
        ),
        AlgorithmInfo(
            Algorithm.ASTAR,
            "A*",
            True,
            "smallest g + h first: optimal with an admissible heuristic",
            # which keeps it optimal with an admissible heuristic that is not consistent
            reopens=True,
            optimal=True,
        ),
        AlgorithmInfo(
            Algorithm.WASTAR,
            "Weighted A*",
            True,
            "smallest g + w·h first: at most w times optimal",
            takes_weight=True,
            priority=Priority.WEIGHTED,
        ),
        AlgorithmInfo(
            Algorithm.IDASTAR,
            "IDA*",
            True,
            "depth-first with a rising f threshold: optimal, little memory",
            max_nodes=None,  # it keeps only its path: time, not memory, is what it spends
            walks_paths=True,
            optimal=True,
            splittable=True,
        ),
        AlgorithmInfo(
            Algorithm.ANYTIME,
            "Anytime (weighted IDA*)",
            True,
            "a first solution at once, shorter ones until the time limit, then a proof",
            max_nodes=None,  # IDA*'s phases keep their path and a bounded table
            max_seconds=ANYTIME_SECONDS,
            walks_paths=True,
            improves=True,  # optimal only once its last phase has proved it
            seated=True,
        ),
        AlgorithmInfo(
            Algorithm.HUMAN,
            "Human-like (row and column)",
            True,
            "solve a row, then a column, shrink the board; finish the last 3x3 with A*",
            takes_weight=True,
            priority=Priority.WEIGHTED,  # its phases': the last is A*
            solves_parts=True,
        ),
    )
}

#: w of weighted A* and the human-like search (Nayak & Huang use 3)
DEFAULT_WEIGHT = 3.0
#: the largest weight taken: above it w·h dwarfs g and the search is greedy anyway, and a
#: huge w overflows w·h to infinity, which would make every node look alike
MAX_WEIGHT = 100.0
