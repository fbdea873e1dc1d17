"""A hint for players: which tile to slide next, and how far the board is from solved.

The hint is the first move of a shortest solution wherever one can be had quickly:

- boards of at most 9 cells: the ``pdb`` heuristic's one table holds the exact distance of
  every board, so the hint is a move to a neighbour one move closer (a lookup per move);
- boards of up to 16 cells (the 4x4): IDA* with the pattern databases when their tables are
  at hand (else with linear conflict), for at most ``seconds`` (default 2 s);
- otherwise, or when IDA* runs out of time: the first move of the human-like search's
  solution, marked not optimal (its length is then an upper bound of the distance).

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
from npuzzle.search.records import Status
from npuzzle.search.solver import make_search, solve

__all__ = ["DEFAULT_SECONDS", "Hint", "hint"]

#: how long a hint may search for a shortest solution before it settles for the human-like
#: search's move (CPython; the page's Pyodide is a few times slower)
DEFAULT_SECONDS = 2.0
_OPTIMAL_CELLS = 16  # IDA* is tried on boards up to this many cells


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
    goal = goal or Board.goal("standard", board.width, board.height)
    check_same_shape(board, goal)
    verdict = solvability(board, goal)
    if not verdict:
        return Hint(False, None, None, None, None, False, "solvability", verdict.reason)
    if board == goal:
        return Hint(True, None, None, None, 0, True, "solved")
    if board.size <= pdbplan.EXACT_CELLS:
        return _exact(board, goal)
    bound = None
    if board.size <= _OPTIMAL_CELLS:
        heuristic = "pdb" if _tables_at_hand(goal) else "linear-conflict"
        search = make_search(board, goal, algorithm=Algorithm.IDASTAR, heuristic=heuristic)
        search.run(max_seconds=seconds)
        if search.status == Status.SOLVED and search.solution:
            return _first(board, search.solution, len(search.solution), True, f"IDA* + {heuristic}")
        bound = int(search.counters()["threshold"])
    moves = solve(board, goal, algorithm=Algorithm.HUMAN).moves or ""
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


def _tables_at_hand(goal: Board) -> bool:
    """Whether the pattern databases for ``goal`` are loaded or in the disk cache (building
    them takes minutes: more than a hint may wait)."""
    folder = pdbbuild.cache_dir()
    names = pdbplan.table_names(goal.width, goal.height, goal.blank)
    return all(
        pdbbuild.loaded(name) or (folder is not None and (folder / name).is_file())
        for name in names
    )
