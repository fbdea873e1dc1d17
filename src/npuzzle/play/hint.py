"""A hint for players: which tile to slide next, and how far the board is from solved.

The hint is the first move of a shortest solution wherever one can be had quickly:

- boards of at most 9 cells: the ``pdb`` heuristic's one table holds the exact distance of
  every board, so the hint is a move to a neighbour one move closer (a lookup per move);
- boards of up to 16 cells (the 4x4): IDA* with the pattern databases when their tables are
  at hand (else with linear conflict), for at most ``seconds`` (default 2 s);
- otherwise, or when IDA* runs out of time: the first move of the human-like search's
  solution, marked not optimal (its length is then an upper bound of the distance).

A game asks for hint after hint, one move apart, so :class:`Hints` remembers the shortest
solutions it has found. A board along one is answered at once; a board one move away from a
remembered one is at that board's distance plus or minus one (every move changes the
distance by exactly one: the blank changes colour on a chessboard), so IDA* needs a single
iteration, under the smaller of the two; and a search stopped by its time goes on where it
stopped when the same board is asked again (:class:`HintSearch`).

>>> from npuzzle import Board
>>> h = hint(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
>>> h.text
'Slide tile 2 up: 6 moves from solved.'
>>> h.move, h.tile, h.direction, h.distance, h.optimal
('D', 2, 'up', 6, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from npuzzle.core.board import TILE_DIRECTIONS, Board, moved_tile
from npuzzle.core.solvability import check_same_shape, solvability
from npuzzle.core.space import Space
from npuzzle.heuristics import make_heuristic, pdbbuild, pdbplan
from npuzzle.search.algorithms import Algorithm
from npuzzle.search.idastar import IDAStar
from npuzzle.search.records import Status
from npuzzle.search.solver import make_search, solve

__all__ = [
    "DEFAULT_SECONDS",
    "OPTIMAL_CELLS",
    "Hint",
    "HintSearch",
    "Hints",
    "heuristic_for",
    "hint",
]

#: how long a hint may search for a shortest solution before it settles for the human-like
#: search's move (CPython; the page's Pyodide is a few times slower)
DEFAULT_SECONDS = 2.0
#: IDA* is tried on boards up to this many cells (larger ones get the human-like move)
OPTIMAL_CELLS = 16


@dataclass(frozen=True)
class Hint:
    """The next move for a player: ``tile`` slides ``direction`` (``move`` is the blank's
    move, as the engine writes it), ``distance`` moves from solved: exact when ``optimal``,
    else the length of the solution found (``lower_bound``: the fewest moves it can take,
    when an optimal search got that far). An unsolvable board has ``solvable`` False and
    the ``reason``."""

    solvable: bool
    move: str | None
    tile: int | None
    direction: str | None
    distance: int | None
    optimal: bool
    method: str
    reason: str = ""
    lower_bound: int | None = None

    @property
    def text(self) -> str:
        """The hint in one sentence."""
        if not self.solvable:
            return f"This board cannot be solved: {self.reason}."
        if self.distance == 0:
            return "The board is solved."
        slide = f"Slide tile {self.tile} {self.direction}"
        if self.optimal:
            return f"{slide}: {self.distance} moves from solved."
        bound = f", and at least {self.lower_bound}" if self.lower_bound else ""
        return (
            f"{slide}: this way the board is solved in {self.distance} moves (not proven "
            f"to be the fewest{bound})."
        )


def hint(board: Board, goal: Board | None = None, *, seconds: float = DEFAULT_SECONDS) -> Hint:
    """The next move toward ``goal`` (default: the standard goal) for a player."""
    return Hints().hint(board, goal, seconds=seconds)


class HintSearch:
    """A shortest solution being looked for: ``run(seconds)`` until it gives a :class:`Hint`,
    or ``give_up()`` for the human-like search's move. Made by :meth:`Hints.start`.

    Its IDA* may be searched elsewhere instead, split among workers (the page's helpers):
    :meth:`split_search` is the search to split, :attr:`elsewhere` counts that time, and
    :meth:`settle` turns what that search ends with into the hint."""

    def __init__(
        self, hints: Hints, board: Board, goal: Board, search: IDAStar, known: str | None
    ) -> None:
        self.hints, self.board, self.goal, self.search = hints, board, goal, search
        self.known = known  # a path of the largest length the distance can have, if any
        self._human: str | None = None  # the human-like search's moves, found once
        self.heuristic = search.heuristic.name
        self.method = f"IDA* + {self.heuristic}"
        self.elsewhere = 0.0  # the time this IDA* was searched split among workers

    @property
    def seconds(self) -> float:
        """The time searched so far."""
        return self.search.seconds + self.elsewhere

    def run(self, seconds: float) -> Hint | None:
        """Search ``seconds`` more: the hint once it is proven, else None."""
        search = self.search
        search.run(max_seconds=max(seconds, 0.0))
        solution = search.solution if search.status == Status.SOLVED else None
        return self.settle(solution, search.status == Status.EXHAUSTED)

    def settle(self, solution: str | None, ended: bool) -> Hint | None:
        """The hint from what this IDA* (here or split) ended with: a shortest ``solution``;
        else, once it has ``ended`` (nothing under :attr:`bound`), the path known; else
        None."""
        if solution is not None:
            return self.hints.found(self.board, self.goal, solution, self.method)
        if ended and self.known is not None:
            # nothing under the bound: the path known, one move longer, is a shortest one
            return self.hints.found(self.board, self.goal, self.known, self.method)
        return None

    @property
    def bound(self) -> int | None:
        """The threshold at which this IDA* ends with nothing: the known path is shortest."""
        return self.search.bound

    def split_search(self) -> IDAStar:
        """This IDA* to split among workers: new, from the iteration it has reached (those
        below found nothing), with its bound."""
        if not self.search.seconds:
            return self.search
        search = make_search(
            self.board, self.goal, algorithm=Algorithm.IDASTAR, heuristic=self.heuristic
        )
        assert isinstance(search, IDAStar)
        search.threshold, search.bound = self.search.threshold, self.search.bound
        return search

    def give_up(self, threshold: int | None = None) -> Hint:
        """The human-like search's move, not optimal, with the fewest moves proven so far
        (``threshold``: that of the iteration a split search has reached)."""
        bound = int(self.search.counters()["threshold"]) if threshold is None else threshold
        if self.known is not None:  # a path at most two moves too long: better than a guess
            return _first(self.board, self.known, len(self.known), False, self.method, bound)
        if self._human is None:  # a search given up again and again (the page searches on)
            self._human = _human_moves(self.board, self.goal)
        return _first(self.board, self._human, len(self._human), False, "human-like search", bound)


class Hints:
    """Hints for a game: shortest solutions remembered (the boards along them, at most
    ``remember``), so that the next board's hint costs nothing or one IDA* iteration."""

    def __init__(self, remember: int = 4096) -> None:
        self.remember = remember
        self._along: dict[tuple[Board, Board], str] = {}  # a shortest solution from the board

    def hint(
        self, board: Board, goal: Board | None = None, *, seconds: float = DEFAULT_SECONDS
    ) -> Hint:
        """The next move toward ``goal`` (default: the standard goal), searching at most
        ``seconds`` for a shortest solution."""
        started = self.start(board, goal)
        if isinstance(started, Hint):
            return started
        return started.run(seconds) or started.give_up()

    def known(self, board: Board, goal: Board) -> Hint | None:
        """The hint at once if ``board`` lies along a shortest solution remembered."""
        moves = self._along.get((board, goal))
        if moves is None:
            return None
        return _first(board, moves, len(moves), True, f"IDA* + {heuristic_for(goal)}")

    def learn(self, board: Board, goal: Board, moves: str, method: str) -> None:
        """Remember ``moves``, a shortest solution found otherwise (the page's Solve), on a
        board whose hints search for one."""
        if pdbplan.EXACT_CELLS < board.size <= OPTIMAL_CELLS and moves:
            self.found(board, goal, moves, method)

    def start(self, board: Board, goal: Board | None = None) -> Hint | HintSearch:
        """The hint at once where it needs no search (or cannot have one); else the search."""
        goal = goal or Board.goal("standard", board.width, board.height)
        check_same_shape(board, goal)
        verdict = solvability(board, goal)
        if not verdict:
            return Hint(False, None, None, None, None, False, "solvability", verdict.reason)
        if board == goal:
            return Hint(True, None, None, None, 0, True, "solved")
        if board.size <= pdbplan.EXACT_CELLS:
            return _exact(board, goal)
        if board.size > OPTIMAL_CELLS:
            return _human(board, goal, None)
        heuristic = heuristic_for(goal)
        method = f"IDA* + {heuristic}"
        known = self.known(board, goal)
        if known is not None:
            return known
        low, high, path = 0, None, None
        for move in board.legal_moves():
            rest = self._along.get((board.move(move), goal))
            if rest is not None:  # this board's distance is len(rest) - 1 or len(rest) + 1
                low = max(low, len(rest) - 1)
                if high is None or len(rest) + 1 < high:
                    high, path = len(rest) + 1, move + rest
        if path is not None and low == high:
            return self.found(board, goal, path, method)
        search = make_search(board, goal, algorithm=Algorithm.IDASTAR, heuristic=heuristic)
        assert isinstance(search, IDAStar)
        if path is not None:
            # one iteration under the smaller distance; none found: the known path is shortest
            search.threshold = max(search.threshold, low)
            search.bound = high
        return HintSearch(self, board, goal, search, path)

    def found(self, board: Board, goal: Board, moves: str, method: str) -> Hint:
        """A shortest solution from ``board``: remember the boards along it; its first move."""
        if len(self._along) + len(moves) > self.remember:
            self._along.clear()  # a new game, most likely: the old paths are of no more use
        at = board
        for k, move in enumerate(moves):
            self._along.setdefault((at, goal), moves[k:])
            at = at.move(move)
        return _first(board, moves, len(moves), True, method)


def _human_moves(board: Board, goal: Board) -> str:
    return solve(board, goal, algorithm=Algorithm.HUMAN).moves or ""


def _human(board: Board, goal: Board, bound: int | None) -> Hint:
    moves = _human_moves(board, goal)
    return _first(board, moves, len(moves), False, "human-like search", bound)


def _exact(board: Board, goal: Board) -> Hint:
    space = Space(board.width, board.height)
    exact = make_heuristic("pdb", space, {t: p for p, t in enumerate(goal.tiles)})
    distance = int(exact.value(space.pack(board.tiles)))
    for move in board.legal_moves():
        if exact.value(space.pack(board.move(move).tiles)) == distance - 1:
            return _first(board, move, distance, True, "exact table")
    raise AssertionError("an exact distance has a neighbour one move closer")


def _first(
    board: Board, moves: str, distance: int, optimal: bool, method: str, bound: int | None = None
) -> Hint:
    move = moves[0]
    tile = moved_tile(board.apply(move).tiles, board.width, move)
    return Hint(True, move, tile, TILE_DIRECTIONS[move], distance, optimal, method, "", bound)


def heuristic_for(goal: Board) -> str:
    """The heuristic a hint's IDA* uses now: the pattern databases if they are at hand."""
    return "pdb" if _tables_at_hand(goal) else "linear-conflict"


def _tables_at_hand(goal: Board) -> bool:
    """Whether the pattern databases for ``goal`` are loaded or in the disk cache (building
    them takes minutes: more than a hint may wait)."""
    folder = pdbbuild.cache_dir()
    names = pdbbuild.plan_for(goal.width, goal.height, goal.blank).names()  # the large at hand
    return all(
        pdbbuild.loaded(name) or (folder is not None and (folder / name).is_file())
        for name in names
    )
