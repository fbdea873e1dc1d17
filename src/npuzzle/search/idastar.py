"""IDA*: depth-first search under an f threshold that rises to the smallest f it cut off.

It keeps only the current path, so it needs almost no memory; the price is that states are
expanded again in every iteration. Children never include the move that undoes the last one.

One engine serves ``run()`` and ``step()``: a recursive kernel that allocates one short list
per node it enters. The state is one int, the heuristic is updated from the parent (a table
heuristic, :class:`~npuzzle.heuristics.Tables`, costs two lookups per view a child is checked
against, and a child is checked against the next view only if the last let it through; any
other heuristic goes through its ``child()``), and the kernel stops after a budget of
expansions by unwinding with the *trail*, the moves from the start to the node it has just
expanded. The next call walks the trail down again and carries on from there, so a search
can pause anywhere: after one expansion when stepping, after thousands when running.

An expansion counts all the node's children as generated (Korf's count); they are then
visited one by one, the first in UDLR order first. In the visualizer the *open list* is the
children still to visit along the current path (deepest first) and the *closed list* is the
path itself.

>>> from npuzzle import Board, make_search
>>> board = Board.parse("8,6,7/2,5,4/3,0,1")  # one of the two 8-puzzles farthest from the goal
>>> step = make_search(board, algorithm="idastar").step()  # stepped: kept for back()
>>> step.iteration, step.threshold, step.node.h  # the first threshold is h(start)
(1, 21, 21)
>>> result = make_search(board, algorithm="idastar").run().result()  # run: nothing kept
>>> result.length, result.optimal, result.extra["iterations"], result.extra["threshold"]
(31, True, 6, 31)
"""

from __future__ import annotations

import math
from typing import Any

from npuzzle.core.board import MOVES, Board, PuzzleError
from npuzzle.heuristics import Number, Tables
from npuzzle.search.algorithms import Algorithm
from npuzzle.search.engine import Problem, Search
from npuzzle.search.records import Child, Line, Node, Outcome, Status, Step, lines_of

__all__ = ["IDAStar"]

_NONE = 4  # "no previous move": the root may move in any direction
#: The most states the transposition table holds: about 75 MB in CPython (74 bytes an entry,
#: measured: a dict slot and an int key). Past it, states already in it are still updated and
#: pruned, new ones are not added: the search stays correct and only prunes less.
TABLE_ENTRIES = 1_000_000
#: The table's values are key(g, iteration) = g · _SCALE - iteration. In iteration i a child
#: at depth g is a duplicate exactly when its entry is at most key(g, i): reached in this
#: iteration with no larger g, or in an earlier one with a smaller g (iterations stay below
#: _SCALE). So the kernel makes one comparison per child, as with plain g.
_SCALE = 1 << 20


def _key(g: int, iteration: int) -> int:
    return g * _SCALE - iteration


def _g_of(key: int) -> int:
    return -(-key // _SCALE)


class _Pause(Exception):
    """Unwinds the kernel when its budget of expansions is spent; carries the trail."""

    def __init__(self) -> None:
        super().__init__()
        self.trail: list[int] = []  # directions, deepest first while unwinding


class IDAStar(Search):
    algorithm = Algorithm.IDASTAR
    chunk = 16384  # expansions per call of the kernel when running
    _saved = (
        *Search._saved,
        "threshold",
        "next_threshold",
        "iteration",
        "trail",
        "max_depth",
        "table",
    )

    def __init__(
        self,
        problem: Problem,
        board: Board,
        goal: Board,
        *,
        weight: float = 1.0,
        bound: int | None = None,
    ) -> None:
        """``weight``: weighted IDA*, f = g + w·h (the anytime search's phases: a solution at
        most w times the shortest, found sooner). ``bound``: stop, exhausted, once the
        threshold reaches it (the anytime search proves its best solution shortest so)."""
        super().__init__(problem, board, goal)
        self.weight, self.bound = weight, bound
        if problem.goal_mask != (1 << self.space.bits * self.space.n) - 1:
            raise PuzzleError("IDA* needs a goal that fixes every cell")
        self.h0 = self.heuristic.value(problem.start)
        # Every move takes the blank to a cell of the other colour of a chessboard, so all
        # solutions have the parity of the blank's distance to its goal cell: a threshold of
        # the other parity cannot be a solution's length and is raised by one.
        space = problem.space
        b0, b1 = space.blank_of(problem.start), space.blank_of(problem.goal_value)
        w = space.width
        self.parity = (abs(b0 // w - b1 // w) + abs(b0 % w - b1 % w)) % 2
        self.threshold: Number = self.round_threshold(self.priority(0, self.h0))
        self.next_threshold: Number = math.inf
        self.iteration = 1
        # None: the iteration has not begun; else the directions (0-3 = UDLR) from the start
        # to the node expanded last, whose children are visited next.
        self.trail: tuple[int, ...] | None = None
        self.max_depth = 0
        self.max_open = 1
        self._root_previous = _NONE  # a direction the root may not take (one_iteration)
        self._depth = 0  # the start's depth in a bigger search (one_iteration)
        self._single = False  # one iteration only (one_iteration)
        # The transposition table: state -> the smallest g it was reached with, and in which
        # iteration. A state reached again in the same iteration with no smaller g has
        # nothing new below it (its subtree was searched with at least this much of the
        # threshold left), so it is pruned as a duplicate. Without it, boards with many short
        # cycles (2x5, 5x2) are searched again exponentially often. The table is kept from
        # one iteration to the next: a state an earlier iteration reached with a smaller g
        # is reached so again in this one (that path's f is under the lower threshold), so a
        # longer path to it is pruned at once, not searched first and again once the shorter
        # path comes (on the 8-puzzle with h = 0 that was most of the work). Stepping logs
        # what each step wrote, so back() undoes it.
        self.table: dict[int, int] = {problem.start: _key(0, 1)}
        self._writes: list[tuple[dict[int, int], int, int | None]] = []
        self._frames_cache: tuple[Any, list[tuple[int, int, int, Number]]] | None = None
        # kids[b][prev]: (q, edge, direction) of the blank's moves from b
        # except direction prev (the one that would undo the last move), in UDLR order
        self._kids = [
            [
                tuple((q, e, e & 3) for q, _l, _sq, _sp, e in self.space.moves[b] if e & 3 != prev)
                for prev in range(5)
            ]
            for b in range(self.space.n)
        ]

    def one_iteration(
        self,
        threshold: int,
        previous: str | None = None,
        table: dict[int, int] | None = None,
        depth: int = 0,
    ) -> None:
        """Make this search one iteration from its start under ``threshold``, never undoing
        ``previous`` (the move that led here when the start is a node of a bigger search:
        see :mod:`npuzzle.search.split`). ``run()`` and ``step()`` then go through it, pausing and
        resuming as ever; it ends solved, or exhausted with ``next_threshold`` the smallest
        f it cut off. Call it before the search has begun.

        ``table``: a transposition table shared with the searches of other nodes of the
        bigger search, in its iteration and later ones; its entries are keyed by the depth in
        the bigger search (this start is at ``depth``) and by the bigger search's threshold
        (``threshold + depth``) in place of the iteration: both only grow."""
        self.threshold, self.next_threshold = threshold, math.inf
        if table is None:
            table = {}
        else:
            self.iteration = threshold + depth
        self._depth = depth
        key = _key(depth, self.iteration)
        if table.get(self.problem.start, key + 1) > key:
            table[self.problem.start] = key
        self.trail, self.table = None, table
        self._root_previous = _NONE if previous is None else MOVES.index(previous) ^ 1
        self._single = True

    @property
    def optimal(self) -> bool:
        return self.heuristic.info.admissible

    def priority(self, g: int, h: Number) -> Number:
        return g + h if self.weight == 1 else g + self.weight * h

    def round_threshold(self, f: Number) -> int:
        """The next threshold for a smallest cut-off ``f``: paths have whole-number lengths of
        one parity, so a fractional f (Euclidean) rounds up, then to that parity."""
        t = math.ceil(f - 1e-9)
        return t + (t - self.parity) % 2

    def extra(self) -> dict[str, Any]:
        return {"iterations": self.iteration, "threshold": self.threshold}

    def counters(self) -> dict[str, Any]:
        return {**super().counters(), "iteration": self.iteration, "threshold": self.threshold}

    # ----- the kernel -------------------------------------------------------------------------
    def _advance(self, budget: int) -> Step | None:
        problem = self.problem
        start, goal = problem.start, problem.goal_value
        before = self._snapshot() if self.recording else None
        if self.recording:
            budget = 1
        limit = self.expanded + budget
        while True:
            if self.trail is None and start == goal:
                self.status, self.solution = Status.SOLVED, ""
                return self._record(before, None)
            if self.trail is None and self.bound is not None and self.threshold >= self.bound:
                self.status = Status.EXHAUSTED
                self.reason = f"no path shorter than {self.bound} moves"
                return self._record(before, None)
            try:
                found = self._iterate(limit)
            except _Pause as pause:
                self.trail = tuple(reversed(pause.trail))
                return self._record(before, self.trail)
            if found is not None:
                self.status, self.solution = Status.SOLVED, found
                self.trail = None
                return self._record(before, None)
            if self._single or self.next_threshold == math.inf:
                self.status = Status.EXHAUSTED
                self.reason = (
                    f"no path within the threshold {self.threshold:g}"
                    if self._single
                    else "every reachable state was searched: no path to the goal"
                )
                self.trail = None
                return self._record(before, None)
            self.threshold = self.round_threshold(self.next_threshold)
            self.next_threshold = math.inf
            self.iteration += 1
            self.trail = None
            # a new threshold: the start's entry is of this iteration, the others of earlier
            # ones; a full table starts afresh instead, or it would have no room for this
            # iteration's states (on the 4x4 and 5x5, its own duplicates are the ones to prune)
            if len(self.table) >= TABLE_ENTRIES:
                self.table = {start: _key(0, self.iteration)}
            else:
                if self.recording:
                    self._writes.append((self.table, start, self.table.get(start)))
                self.table[start] = _key(0, self.iteration)

    def _iterate(self, limit: int) -> str | None:
        """Run the current iteration from the trail (or its start) until it ends, finds the
        goal (the moves are returned) or has expanded up to ``limit`` nodes (raises
        :class:`_Pause`). Counters and the next threshold are stored on the way out."""
        space = self.space
        start = self.problem.start
        tiles = list(space.unpack(start))  # the board, changed in place along the path
        goal_tiles = list(space.unpack(self.problem.goal_value))
        kids = self._kids
        slides = space.slides()
        bound = self.threshold
        weight = 1 if self.weight == 1 else self.weight  # an int 1 keeps f whole
        tables: Tables | None = self.heuristic.tables()
        child_h = self.heuristic.child
        parts: list[Number]
        if tables is not None:
            lookup, tmoves = tables.tables, tables.moves
            index = tables.index(start)
            parts = list(tables.parts(start))
        else:
            lookup = tmoves = index = []  # type: ignore[assignment]
            parts = [self.h0]
        views = len(parts)
        later = range(1, views)
        expanded, generated, duplicates = self.expanded, self.generated, self.duplicates
        table, room_left = self.table, TABLE_ENTRIES
        # keys by the depth in the bigger search, of which this start may be a node
        iteration, scale = self.iteration - self._depth * _SCALE, _SCALE
        writes = self._writes if self.recording else None
        # The smallest f cut off is kept as the least excess of a child's h over the room
        # left: f = bound + weight·(h - room), one subtraction per child cut off.
        over = (
            (self.next_threshold - bound) / weight if weight != 1 else self.next_threshold - bound
        )
        deepest = self.max_depth
        path: list[str] = []

        def dfs(
            s: int,
            b: int,
            g: int,
            prev: int,
            hs: list[Any],
            after: int,
            tiles: list[int] = tiles,
            slides: list[list[int]] = slides,
            index: list[int] = index,
            lookup: list[Any] = lookup,
            tmoves: list[Any] = tmoves,
        ) -> bool:
            """Visit the children of the node with the blank at ``b``, at depth ``g``, reached
            by the reverse of ``prev``, whose heuristic is the largest of ``hs`` (the views'
            sums; the value itself, and the packed state ``s``, when the heuristic has no
            tables), in directions above ``after``. ``after`` is -1 when the node is being
            expanded now (its children are counted), -2 to visit all its children after a
            pause."""
            nonlocal expanded, generated, duplicates, over, deepest
            if after == -1:
                todo = kids[b][prev]
                expanded += 1
                generated += len(todo)
                if expanded >= limit:
                    raise _Pause
            else:
                todo = tuple(m for m in kids[b][prev] if m[2] > after)
            g1 = g + 1
            room = (bound - g1) / weight if weight != 1 else bound - g1  # the largest h allowed
            key = g1 * scale - iteration  # _key(g1, iteration): the children's table entry
            for q, e, k in todo:
                t = tiles[q]
                if tables is None:
                    c = s + slides[t][e]
                    a = child_h(s, hs[0], t, q, b, c)
                    if a > room:
                        if a - room < over:
                            over = a - room
                        continue
                    kid = [a]
                else:
                    # One view at a time, from the parent's sum of that view. Most children
                    # are cut off by the first, so it is written out (a loop over every view
                    # made Korf's boards about 20% slower): this is where the search spends
                    # its time.
                    entry = tmoves[t][e]
                    x, d = entry[0]
                    o = index[x]
                    tb = lookup[x]
                    a = hs[0] + tb[o + d] - tb[o]
                    if a > room:
                        if a - room < over:
                            over = a - room
                        continue
                    kid = [a]
                    for v in later:
                        x, d = entry[v]
                        o = index[x]
                        tb = lookup[x]
                        a = hs[v] + tb[o + d] - tb[o]
                        if a > room:
                            if a - room < over:
                                over = a - room
                            break
                        kid.append(a)
                    if len(kid) < views:
                        continue
                    c = s + slides[t][e]  # (only for the children the heuristic keeps)
                seen = table.get(c)
                if seen is not None and seen <= key:
                    duplicates += 1
                    continue
                if seen is not None or len(table) < room_left:
                    table[c] = key
                    if writes is not None:
                        writes.append((table, c, seen))
                tiles[b] = t
                tiles[q] = 0
                if kid[0] == 0 and tiles == goal_tiles:
                    path.append(MOVES[k])
                    return True
                if g1 > deepest:
                    deepest = g1
                if tables is not None:
                    for x, d in entry:
                        index[x] += d
                try:
                    found = dfs(c, q, g1, k ^ 1, kid, -1)
                except _Pause as pause:
                    pause.trail.append(k)
                    raise
                if found:
                    path.append(MOVES[k])
                    return True
                if tables is not None:
                    for x, d in entry:
                        index[x] -= d
                tiles[q] = t
                tiles[b] = 0
            return False

        def resume(s: int, b: int, g: int, prev: int, hs: list[Any], depth: int) -> bool:
            """Walk the trail down from depth ``depth`` and carry on from its end."""
            if depth == len(trail):
                # expanded already: visit its children
                return dfs(s, b, g, prev, hs, -2)
            k = trail[depth]
            q, e, _k = next(m for m in kids[b][prev] if m[2] == k)
            t = tiles[q]
            c = s + slides[t][e]
            if tables is None:
                child = [child_h(s, hs[0], t, q, b, c)]
            else:
                entry = tmoves[t][e]
                child = []
                for (x, d), h in zip(entry, hs, strict=True):
                    child.append(h + lookup[x][index[x] + d] - lookup[x][index[x]])
                    index[x] += d
            tiles[b], tiles[q] = t, 0
            try:
                found = resume(c, q, g + 1, k ^ 1, child, depth + 1)
            except _Pause as pause:
                pause.trail.append(k)
                raise
            if found:
                path.append(MOVES[k])
                return True
            tiles[b], tiles[q] = 0, t
            if tables is not None:
                for x, d in entry:
                    index[x] -= d
            return dfs(s, b, g, prev, hs, k)

        trail = self.trail or ()
        root_blank = space.blank_of(start)
        try:
            if self.trail is None:
                found = dfs(start, root_blank, 0, self._root_previous, parts, -1)
            else:
                found = resume(start, root_blank, 0, self._root_previous, parts, 0)
        finally:
            self.expanded, self.generated, self.duplicates = expanded, generated, duplicates
            self.next_threshold = bound + over * weight
            self.max_depth = deepest
            self.max_open = max(self.max_open, deepest + 1)
        return "".join(reversed(path)) if found else None

    # ----- stepping ---------------------------------------------------------------------------
    def _record(self, before: tuple[Any, ...] | None, trail: tuple[int, ...] | None) -> Step | None:
        if before is None:
            return None
        self.steps += 1
        frames = self._frames()
        node = None
        children: list[Child] = []
        if self.status == Status.SOLVED:
            moves = self.solution or ""
            goal = self.problem.goal_value
            node = self._node(goal, len(moves), self.heuristic.value(goal), moves[-1:] or None)
        elif trail is not None:
            s, _b, g, h = frames[-1]
            node = self._node(s, g, h, MOVES[trail[-1]] if trail else None)
            for c, letter, hc in self._children(frames[-1], trail[-1] ^ 1 if trail else _NONE):
                outcome, known = Outcome.ADDED, None
                if self.priority(g + 1, hc) > self.threshold:
                    outcome = Outcome.PRUNED
                elif self._known(c, g + 1):
                    outcome, known = Outcome.DUPLICATE, _g_of(self.table[c])
                children.append(Child(self._node(c, g + 1, hc, letter), outcome, known))
        note = f"iteration {self.iteration}, threshold {self.threshold:g}"
        # the lines it ran: a new iteration begun (the threshold raised) first, then the node
        # taken, tested and expanded, or the goal, or nothing left under any threshold
        head: tuple[Line, ...] = (Line.POP, Line.GOAL, Line.EXPAND)
        if self.status == Status.SOLVED:
            note = f"goal reached at depth {len(self.solution or '')} ({note})"
            head = (Line.POP, Line.GOAL)
        elif self.status == Status.EXHAUSTED:
            note = self.reason
            head = (Line.EXHAUSTED,)
        if self.iteration != before[self._saved.index("iteration")]:
            head = (Line.ITERATION, *head)
        rec = Step(
            self.steps,
            node,
            tuple(children),
            self.status,
            note,
            goal=self.status == Status.SOLVED,
            threshold=self.threshold,
            iteration=self.iteration,
            lines=lines_of(head, tuple(children)),
        )
        self._history.append((rec, before, self._writes))
        self._writes = []
        return rec

    def _known(self, state: int, g: int) -> bool:
        """Whether the kernel prunes ``state`` reached with ``g`` as a duplicate: this
        iteration has reached it with a g of at most ``g``, or an earlier one with less."""
        seen = self.table.get(state)
        return seen is not None and seen <= _key(g, self.iteration)

    def _undo(self, entry: tuple[Any, ...]) -> None:
        _step, before, writes = entry
        for table, state, old in reversed(writes):
            if old is None:
                del table[state]
            else:
                table[state] = old
        self._restore(before)

    def _children(
        self, frame: tuple[int, int, int, Number], prev: int
    ) -> list[tuple[int, str, Number]]:
        s, b, _g, h = frame
        mask = self.space.mask
        out = []
        slides = self.space.slides()
        for q, letter, sq, _sp, e in self.space.moves[b]:
            if e & 3 == prev:
                continue
            t = (s >> sq) & mask
            c = s + slides[t][e]
            out.append((c, letter, self.heuristic.child(s, h, t, q, b, c)))
        return out

    def _frames(self) -> list[tuple[int, int, int, Number]]:
        """(state, blank, g, h) of each node on the trail, the start first."""
        key = (self.trail, self.iteration)
        if self._frames_cache is not None and self._frames_cache[0] == key:
            return self._frames_cache[1]
        s = self.problem.start
        b = self.space.blank_of(s)
        frames = [(s, b, 0, self.h0)]
        mask, slides = self.space.mask, self.space.slides()
        for k in self.trail or ():
            q, _letter, sq, _sp, e = next(m for m in self.space.moves[b] if m[4] & 3 == k)
            t = (s >> sq) & mask
            s += slides[t][e]
            b = q
            frames.append((s, b, len(frames), self.heuristic.value(s)))
        self._frames_cache = (key, frames)
        return frames

    def _waiting(self) -> list[tuple[int, int, Number, str]]:
        """Children still to visit along the trail, the next to be visited first:
        (state, g, h, move)."""
        if self.trail is None or self.done:
            return []
        frames = self._frames()
        trail = self.trail
        out: list[tuple[int, int, Number, str]] = []
        for depth in range(len(frames) - 1, -1, -1):
            prev = trail[depth - 1] ^ 1 if depth else _NONE
            after = trail[depth] if depth < len(trail) else -1
            g = frames[depth][2] + 1
            for c, letter, hc in self._children(frames[depth], prev):
                visible = MOVES.index(letter) > after and self.priority(g, hc) <= self.threshold
                if visible and not self._known(c, g):
                    out.append((c, g, hc, letter))
        return out

    @property
    def open_size(self) -> int:
        return len(self._waiting())

    @property
    def closed_size(self) -> int:
        return 0 if self.trail is None or self.done else len(self.trail) + 1

    def open_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        """Children waiting along the current path, the next to be visited first."""
        waiting = self._waiting()[max(0, offset) : max(0, offset) + count]
        return [self._node(c, g, h, letter) for c, g, h, letter in waiting]

    def closed_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        """The current path, deepest first."""
        if self.trail is None or self.done:
            return []
        frames = self._frames()
        trail = self.trail
        out = [
            self._node(s, g, h, MOVES[trail[g - 1]] if g else None)
            for s, _b, g, h in reversed(frames)
        ]
        return out[max(0, offset) : max(0, offset) + count]
