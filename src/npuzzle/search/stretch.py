"""A stretch of a solution solved again: IDA* between two boards of its path, for a shorter way.

The anytime search (:mod:`.anytime`) shortens its best solution stretch by stretch: IDA* from
the board before a stretch to the board after it, bounded by the stretch's length. Its goal is
thus any board, and a heuristic is built for one goal. So the stretch's boards are first
*relabelled*: each tile is named after its cell on a board ``B'``, which thus becomes the goal
whose tile on cell ``p`` is ``p`` (the tile on cell 0, where that goal's blank would be, is
named after ``B'``'s blank cell). One heuristic per cell of the blank serves every stretch,
built once and kept. Two serve:

- **Linear conflict**, for any goal: ``B'`` is the stretch's last board ``B``.
- **Pattern databases**, when the search's own heuristic has its tables in memory. Their
  groups cover every cell but the goal's blank cell, so ``B'`` is the board ``B`` becomes when
  its blank walks ``k`` cells to the nearest cell the tables serve (on the 5x5, a corner). No
  path from a board to ``B`` is shorter than its distance to ``B'`` less ``k``, so the tables'
  value less ``k`` is admissible; at ``B`` itself it is 0 (the ``k`` tiles the walk moved are
  each one cell from home).

Each way round is tried (from the last board back to the first, when the first one's blank is
nearer such a cell), and the search takes the heuristic that says most at its start, the
pattern databases on a tie.

>>> from npuzzle import Board
>>> from npuzzle.heuristics import make_heuristic
>>> from npuzzle.core.space import Space
>>> goal = Board.goal("standard", 3, 3)
>>> h = make_heuristic("manhattan", Space(3, 3), {t: p for p, t in enumerate(goal.tiles)})
>>> first = Board.parse("1,2,3/4,5,6/0,7,8")
>>> run = Stretches(h).run(first, first.apply("RUDR"), 4)  # 4 moves, 2 at best
>>> str(run.run().status), run.moves()
('solved', 'RR')
"""

from __future__ import annotations

from typing import Any

from npuzzle.core.board import INVERSE, Board
from npuzzle.heuristics import (
    Heuristic,
    HeuristicInfo,
    Number,
    Tables,
    make_heuristic,
    pdbbuild,
    pdbplan,
)
from npuzzle.heuristics.pdb import PatternDatabase
from npuzzle.search.engine import Problem
from npuzzle.search.idastar import IDAStar
from npuzzle.search.records import Node

__all__ = ["StretchRun", "Stretches", "Turn"]

LINEAR = "linear-conflict"
TABLES = "pdb"


class _LessTables(Tables):
    """The lookups of ``base``, each view's sum less ``k``."""

    def __init__(self, base: Tables, k: int) -> None:  # the same tables: nothing to check
        self.tables, self.views, self.moves = base.tables, base.views, base.moves
        self._index = base.index
        self.k = k

    def parts(self, state: int) -> list[int]:
        return [p - self.k for p in super().parts(state)]


class _Less(Heuristic):
    """A table heuristic toward a goal ``B'``, less ``k``: a lower bound on the distance to a
    board ``k`` moves from ``B'``."""

    def __init__(self, base: Heuristic, k: int) -> None:
        super().__init__(base.space, base.goal_pos)
        self.info = HeuristicInfo(
            base.info.name, base.info.title, base.info.admissible, False, base.info.description
        )
        tables = base.tables()
        assert tables is not None
        self._tables = _LessTables(tables, k)

    def parts(self, state: int) -> list[int]:
        return self._tables.parts(state)

    def value(self, state: int) -> Number:
        return self._tables.value(state)

    def tables(self) -> Tables:
        return self._tables


class Turn:
    """A symmetry of the board (a mirror or a turn): ``cells[p]``, where cell ``p`` goes."""

    def __init__(self, width: int, cells: tuple[int, ...]) -> None:
        self.width, self.cells = width, cells
        self.letters: dict[str, str] = {}  # each move's image
        steps = {"U": -width, "D": width, "L": -1, "R": 1}
        n = len(cells)
        for letter, step in steps.items():  # the move from a cell it can be made from
            p = next(
                p
                for p in range(n)
                if 0 <= p + step < n
                and (step in (-width, width) or (p + step) // width == p // width)
            )
            image = cells[p + step] - cells[p]
            self.letters[letter] = next(m for m, d in steps.items() if d == image)
        self._back = {image: letter for letter, image in self.letters.items()}

    def board(self, board: Board) -> Board:
        tiles = [0] * len(self.cells)
        for p, t in enumerate(board.tiles):
            tiles[self.cells[p]] = t
        return Board(board.width, board.height, tuple(tiles))

    def back(self, moves: str) -> str:
        """Moves on the turned board as moves on the board itself."""
        return "".join(self._back[m] for m in moves)


class StretchRun(IDAStar):
    """IDA* over one stretch, on relabelled boards, perhaps from its last board back to its
    first: its nodes show the tiles' own numbers, and :meth:`moves` is its solution as the
    stretch's way from its first board to its last."""

    def __init__(
        self,
        problem: Problem,
        boards: tuple[Board, Board],
        names: list[int],
        backward: bool,
        turn: Turn | None = None,
        **options: Any,
    ) -> None:
        super().__init__(problem, *boards, **options)
        self.names = names  # names[label]: the tile relabelled so
        self.backward = backward  # searched from the stretch's last board back to its first
        self.turn = turn  # and on the board turned so

    def moves(self) -> str:
        """The way found from the stretch's first board to its last."""
        assert self.solution is not None
        way = self.solution
        if self.backward:
            way = "".join(INVERSE[m] for m in reversed(way))
        return way if self.turn is None else self.turn.back(way)

    def _node(self, state: int, g: int, h: Number, move: str | None) -> Node:
        node = super()._node(state, g, h, move)
        names = self.names
        tiles = tuple(t if t < 0 else names[t] for t in node.tiles)
        if self.turn is not None:
            tiles = tuple(tiles[q] for q in self.turn.cells)
            move = None if node.move is None else self.turn.back(node.move)
        return Node(tiles, node.g, node.h, node.f, move)

    def extra(self) -> dict[str, Any]:
        return {**super().extra(), "backward": self.backward}


class Stretches:
    """How one search solves the stretches of its solutions."""

    def __init__(self, heuristic: Heuristic) -> None:
        self.space = space = heuristic.space
        w, h = space.width, space.height
        self._kept: dict[tuple[str, int], Heuristic] = {}
        # the blank cells of the goals the tables in memory serve (none without tables)
        self.cells: tuple[int, ...] = ()
        if isinstance(heuristic, PatternDatabase) and not heuristic.plan.exact:
            self.cells = tuple(
                c
                for c in range(space.n)
                if all(pdbbuild.loaded(name) for name in pdbplan.plan(w, h, c).names())
            )

    def heuristic(self, name: str, blank: int) -> Heuristic:
        """``name`` for the goal with tile ``p`` on cell ``p``, the blank on ``blank`` and
        tile ``blank`` on cell 0 (what the relabelling makes of the board it is by)."""
        key = (name, blank)
        if key not in self._kept:
            goal = list(range(self.space.n))
            goal[0], goal[blank] = blank, 0
            self._kept[key] = make_heuristic(name, self.space, {t: p for p, t in enumerate(goal)})
        return self._kept[key]

    def _walk(self, board: Board, cell: int) -> str:
        """The blank's moves to ``cell``: up or down first, then across."""
        w = self.space.width
        (r, c), (r1, c1) = divmod(board.blank, w), divmod(cell, w)
        return ("D" if r1 > r else "U") * abs(r1 - r) + ("R" if c1 > c else "L") * abs(c1 - c)

    def _label(self, board: Board, labels: list[int]) -> Board:
        return Board(board.width, board.height, tuple(labels[t] for t in board.tiles))

    def run(
        self,
        first: Board,
        last: Board,
        bound: int | None,
        weight: float = 1.0,
        turn: Turn | None = None,
        tables_only: bool = False,
    ) -> StretchRun:
        """IDA* for a way from ``first`` to ``last`` shorter than ``bound`` moves (under
        ``weight``·h, on the boards turned by ``turn``), under the heuristic that says most at
        its start (ways round, relabellings; with ``tables_only``, the pattern databases')."""
        space = self.space
        if turn is not None:
            first, last = turn.board(first), turn.board(last)
        best: tuple[tuple[Number, bool, int], Heuristic, list[int], int] | None = None
        for back, (start, end) in enumerate(((first, last), (last, first))):
            # (linear conflict is symmetric: one way round)
            options = [(end, 0, LINEAR)] if not back and not tables_only else []
            if self.cells:
                walks = [self._walk(end, c) for c in self.cells]
                k = min(len(walk) for walk in walks)
                options += [(end.apply(walk), k, TABLES) for walk in walks if len(walk) == k]
            for by, k, name in options:
                labels = [0] * space.n  # labels[t]: tile t's new name, its cell on ``by``
                for p, t in enumerate(by.tiles):
                    if t:
                        labels[t] = p or by.blank
                h = self.heuristic(name, by.blank)
                if k:
                    h = _Less(h, k)
                    if any(h.parts(self._pack(end, labels))):
                        continue  # (never: the walk's tiles are one cell from home each)
                rank = (h.value(self._pack(start, labels)), name == TABLES, -back)
                if best is None or rank > best[0]:
                    best = (rank, h, labels, back)
        assert best is not None
        _rank, h, labels, back = best
        names = [0] * space.n
        for t, label in enumerate(labels):
            names[label] = t
        ends = (first, last) if not back else (last, first)
        boards = (self._label(ends[0], labels), self._label(ends[1], labels))
        problem = Problem.for_boards(*boards, h)
        return StretchRun(problem, boards, names, bool(back), turn, bound=bound, weight=weight)

    def _pack(self, board: Board, labels: list[int]) -> int:
        return self.space.pack([labels[t] for t in board.tiles])
