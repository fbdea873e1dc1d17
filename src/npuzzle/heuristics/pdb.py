"""The ``pdb`` heuristic: additive pattern databases, looked up and added (Korf & Felner).

A *group* of tiles is the sub-problem "bring these tiles home, where only moves of these
tiles cost anything". Its table holds that cost for every placement of the group's tiles, so
the blank and the other tiles are forgotten. The groups of a partition share no tile and every
move moves one tile, so their costs add up to an admissible heuristic. It is not consistent: a
group's cost is its cheapest over the regions the blank may be in, and one move may leave the
cheapest region, so a value can change by more than one (IDA* does not mind; A* reopens
nodes).

On the 4x4 the heuristic takes the largest of up to eight lookups: each partition read on the
board itself and through its mirror image about a diagonal, which sees the tiles through the
other groups; on the 5x5, of four (two 5-5-5-5-4 partitions). On a 4x4 goal with the blank
in a corner, once the large table is at hand (loaded, or in the disk cache: ``npuzzle pdb
--large`` builds it), four lookups of two 7-7-1 partitions instead (:func:`.pdbbuild.plan_for`;
``h.plan`` says which: ``h.plan.summary()``, ``h.plan.names()``). A group that is a mirror image
or a turn of another is read from the other's table through that symmetry, since its costs
forget the blank. On boards of at most 9 cells the table holds the exact distance of every board:
a perfect heuristic.

**Any goal.** Tables are built for goals whose tiles are labelled by their goal cell, so a
goal is handled by *relabelling*: tile ``t`` is looked up as the tile whose home is ``t``'s
goal cell. A group table does not depend on where the goal's blank is (the blank is
forgotten), but a partition must leave out the goal's blank cell; a board symmetry (mirror or
rotation) first maps the goal's blank onto one of a few cells, one per class of cells the
symmetries exchange (on the 4x4: a corner, an edge cell, a centre cell), and each class has
its partition (:mod:`.pdbplan`). Every symmetry that maps the goal's blank onto that cell gives
one lookup: for the blank-first and the standard goal these are the board and its reflection.
The tables come from :mod:`.pdbbuild`.

On a 3x2 board one table holds every board's exact distance (720 entries, built in a moment if
it is not cached yet), so the heuristic is the length of an optimal solution:

>>> from npuzzle import Board, solve
>>> board, goal = Board.parse("5,4,3/2,1,0"), Board.goal("standard", 3, 2)
>>> h = PatternDatabase(Space(3, 2), {tile: cell for cell, tile in enumerate(goal.tiles)})
>>> h(board), solve(board, goal).length, h.info.admissible, h.info.consistent
(14, 14, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping

from npuzzle.core.board import PuzzleError
from npuzzle.core.space import Space
from npuzzle.heuristics import pdbbuild
from npuzzle.heuristics.base import VIEWS, Heuristic, HeuristicInfo, Tables
from npuzzle.heuristics.pdbplan import Plan, cell_bits, parse_name, rank, symmetries

__all__ = ["PatternDatabase"]


class PatternDatabase(Heuristic):
    info = HeuristicInfo(
        "pdb",
        "Pattern databases",
        True,
        False,  # a group forgets where the blank is: one move may change it by more than 1
        "additive pattern databases (6-6-3 on the 4x4, or 7-7-1 with the large table when it "
        "is built, 5-5-5-5-4 on the 5x5, with mirror images); exact distances on boards of "
        "up to 9 cells",
    )

    def __init__(
        self, space: Space, goal_pos: Mapping[int, int], *, tables: Plan | None = None
    ) -> None:
        """``tables``: another plan than the one :func:`.pdbbuild.plan_for` gives for this
        shape and goal (its anchor must be that plan's)."""
        super().__init__(space, goal_pos)
        n, w, h = space.n, space.width, space.height
        if len(space.cells) != n or set(self.goal_pos) != set(range(n)):
            raise PuzzleError("pattern databases need a goal for every tile (not a partial goal)")
        #: the tables read: the large plan's when they are at hand, else the default one's
        self.plan = p = pdbbuild.plan_for(w, h, self.goal_pos[0])
        if tables is not None:
            if (tables.width, tables.height, tables.anchor) != (w, h, p.anchor):
                raise PuzzleError("those tables are for another shape or goal")
            self.plan = p = tables
        names = p.names()
        self._by_name = {name: pdbbuild.load(name, progress=pdbbuild.on_progress) for name in names}
        # the shift of the tile whose cells a table compressed by pairs merges (its last)
        self._pairs: dict[str, int] = {}
        for name in names:
            _w, _h, kind, cells = parse_name(name)
            if kind == "pairs":
                self._pairs[name] = cell_bits(n) * (len(cells) - 1)
        self.maps = [m for m in symmetries(w, h) if m[self.goal_pos[0]] == p.anchor]
        self._tables: Tables | None = None

    def _exact_value(self, state: int) -> int:
        space, m = self.space, self.maps[0]
        perm = [0] * space.n
        for p, t in enumerate(space.unpack(state)):
            perm[m[p]] = m[self.goal_pos[t]]
        return self._by_name[self.plan.names()[0]][rank(perm)]

    def value(self, state: int) -> int:
        if self.plan.exact:
            return self._exact_value(state)
        return self.tables().value(state)  # type: ignore[union-attr]

    def child(self, parent: int, h: float, tile: int, frm: int, to: int, child: int) -> int:
        return self.value(child)

    def tables(self) -> Tables | None:
        if self.plan.exact:
            return None
        if self._tables is None:
            self._tables = self._make_tables()
        return self._tables

    def views(self) -> list[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
        """The (partition, symmetry) pairs read, in the order the search checks them, at
        most eight."""
        p = self.plan
        # Views that share neither partition nor symmetry disagree most, so the second one
        # checked cuts off most of what the first let through (measured on Korf's boards).
        pairs = [(i, j) for j in range(len(self.maps)) for i in range(len(p.partitions))]
        pairs.sort(key=lambda ij: ((ij[0] + ij[1]) % 2, ij[0]))
        return [(p.partitions[i], self.maps[j]) for i, j in pairs][:VIEWS]

    def _part(self, name: str, shift: int, cell: int) -> int:
        """A tile's part of the index of table ``name``: its ``cell`` in the table's frame,
        at ``shift``; for the last tile of a table compressed by pairs, the pair's number
        (still a constant change per move: the kernel's index update is unchanged)."""
        if self._pairs.get(name) == shift:
            return (cell >> 1) << shift
        return cell << shift

    def _make_tables(self) -> Tables:
        """One view per (partition, symmetry). A view's groups are its own entries of the
        table list (the same bytes object may appear in several views, and in one view as
        groups that are mirror images or turns of each other)."""
        space, n, goal_pos, p = self.space, self.space.n, self.goal_pos, self.plan
        bits = cell_bits(n)
        views = self.views()
        lookup: list[object] = []
        groups_of_view: list[tuple[int, ...]] = []
        # per view: tile -> (table entry, the tile's part of that entry's index on each cell)
        slots: list[list[tuple[int, tuple[int, ...]]]] = []
        for part, m in views:
            first = len(lookup)
            home: dict[int, tuple[int, tuple[int, ...]]] = {}
            for g, cells in enumerate(part):
                name, turn = p.table(cells)
                lookup.append(self._by_name[name])
                image = sorted(turn[c] for c in cells)
                for c in cells:
                    shift = bits * image.index(turn[c])
                    home[c] = (
                        first + g,
                        tuple(self._part(name, shift, turn[m[q]]) for q in range(n)),
                    )
            groups_of_view.append(tuple(range(first, len(lookup))))
            slots.append([home[m[goal_pos[t]]] if t else (0, (0,) * n) for t in range(n)])
        # the blank, and moves that do not exist, change no index
        still = tuple(x for gs in groups_of_view for x in (gs[0], 0))
        moves = [[still] * (4 * n) for _ in range(space.wild + 1)]
        for b in range(n):
            for q, _letter, _sq, _sp, e in space.moves[b]:
                for t in range(1, n):  # the tile on q slides to b
                    entry: tuple[int, ...] = ()
                    for slot in slots:
                        g, code = slot[t]
                        entry += (g, code[b] - code[q])
                    moves[t][e] = entry

        def index(state: int) -> list[int]:
            out = [0] * len(lookup)
            for cell, t in enumerate(space.unpack(state)):
                if t:
                    for slot in slots:
                        g, code = slot[t]
                        out[g] += code[cell]
            return out

        return Tables(lookup, groups_of_view, moves, index)
