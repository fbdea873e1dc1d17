"""Best-first graph search with an open and a closed list: :class:`BestFirst`, behind
``bfs``, ``dfs``, ``greedy``, ``astar`` and ``wastar``. They differ only in the priority they
give a node and in whether they reopen a closed node, facts their entries in
:data:`~npuzzle.search.algorithms.ALGORITHMS` hold.

Tie-breaking is deterministic: nodes of equal priority ``f`` go by ``g`` (larger first by
default, ``tie_break="low-g"`` for smaller first), then by insertion order (first in, first
out; ``tie_break="fifo"`` ignores ``g`` and ``"lifo"`` takes the newest first).

>>> from npuzzle import Board, make_search
>>> search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
>>> isinstance(search, BestFirst), search.tie_break
(True, <TieBreak.HIGH_G: 'high-g'>)
>>> [node.f for node in search.open_list()]
[6]
>>> step = search.step()
>>> [(child.node.move, child.node.f, str(child.outcome)) for child in step.children]
[('U', 8, 'added'), ('D', 6, 'added'), ('L', 8, 'added'), ('R', 8, 'added')]
>>> search.run().solution, search.expanded
('DRUULD', 6)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from enum import StrEnum
from heapq import heappop, heappush
from itertools import islice
from typing import Any

from npuzzle.core.board import Board
from npuzzle.heuristics import Number
from npuzzle.search.algorithms import ALGORITHMS, Algorithm
from npuzzle.search.engine import Problem, Search
from npuzzle.search.records import Child, Line, Node, Outcome, Status, Step, lines_of

__all__ = ["TIES_CAP", "TIE_BREAKS", "BestFirst", "TieBreak"]


class TieBreak(StrEnum):
    """The order among open nodes of equal priority f."""

    HIGH_G = "high-g"  # larger g first (deeper, nearer the goal), then first in
    LOW_G = "low-g"  # smaller g first, then first in
    FIFO = "fifo"  # first in, first out
    LIFO = "lifo"  # the newest first


TIE_BREAKS = tuple(t.value for t in TieBreak)
#: the most ties a recorded step counts: breadth-first search keeps a whole level at one
#: priority, and counting it all on every step would cost more than the step (at 1,000,
#: counting was 95% of a breadth-first step: 4,100 steps/s on a hard 3x3 in CPython, and
#: 16,300 at 100; "more than 100 others tied" tells a student as much)
TIES_CAP = 100
_G_SLOTS = 1 << 20  # g values below this order correctly inside one f-key
_MISSING = object()
# the lines a step runs before its children's (Line): the node taken, tested and expanded;
# taken and found the goal; or none left to take
_EXPANDED = (Line.POP, Line.GOAL, Line.EXPAND)
_SOLVED = (Line.POP, Line.GOAL)
_EXHAUSTED = (Line.EXHAUSTED,)


class BestFirst(Search):
    """Best-first graph search with an open and a closed list.

    ``algorithm``: ``astar`` (f = g + h), ``wastar`` (f = g + w·h), ``greedy`` (f = h),
    ``bfs`` (f = g) or ``dfs`` (deepest first, to ``depth_limit``): its
    :class:`~npuzzle.search.algorithms.AlgorithmInfo` says which f (``priority``), whether
    the open list is one stack (``stack``) and whether a closed node found again by a
    shorter path is opened again (``reopens``: A* and depth-first search).
    """

    _saved = (*Search._saved, "open_live")

    def __init__(
        self,
        problem: Problem,
        board: Board,
        goal: Board,
        algorithm: Algorithm = Algorithm.ASTAR,
        *,
        weight: float = 1.0,
        tie_break: str = TieBreak.HIGH_G,
        depth_limit: int | None = None,
    ) -> None:
        super().__init__(problem, board, goal)
        info = ALGORITHMS[algorithm]
        self.algorithm = Algorithm(algorithm)  # a name given by a caller becomes a member
        self.weight = weight
        self.tie_break = TieBreak(tie_break)
        self.depth_limit = depth_limit
        self.order = info.priority
        self._f = info.priority.f
        self.reopen = info.reopens
        self._optimal = info.optimal
        # Depth-first search's open list is one stack: the node it expands is always the
        # deepest open one, so its children are the deepest and go on top, pushed last to first
        # so that they come off in U, D, L, R order (a bucket per depth cost a deque per level
        # of a path that a huge depth limit lets grow to millions).
        self._stack = info.stack
        self._lifo = self._stack or self.tie_break == TieBreak.LIFO
        h0 = self.heuristic.value(problem.start)
        self.best_g: dict[int, int] = {problem.start: 0}
        self.parent: dict[int, tuple[int, str] | None] = {problem.start: None}
        self.closed: dict[int, int] = {}  # state -> g at expansion, in expansion order
        # The open list: a FIFO bucket per priority key, and a heap of the keys. A key stays
        # on the heap after its bucket empties (it is skipped when it comes up), so a push
        # and a pop cost O(log n) whatever the number of keys (depth-first has one per depth).
        self.buckets: dict[Number, deque[tuple[int, int, int, Number]]] = {}
        self.keys: list[Number] = []
        self.open_live = 0
        self._push(self._key(0, h0), (problem.start, self.space.blank_of(problem.start), 0, h0))
        self.open_live = self.max_open = 1
        self.generated = 1

    def priority(self, g: int, h: Number) -> Number:
        return self._f(g, h, self.weight)

    def _key(self, g: int, h: Number) -> Number:
        if self._stack:
            return 0  # one stack (see _stack)
        f = self.priority(g, h)
        tb = self.tie_break
        if tb == TieBreak.HIGH_G:
            return f * _G_SLOTS + (_G_SLOTS - 1 - g)
        if tb == TieBreak.LOW_G:
            return f * _G_SLOTS + g
        return f

    @property
    def optimal(self) -> bool:
        # (breadth-first search's heuristic is the admissible h = 0)
        return self._optimal and self.heuristic.info.admissible

    @property
    def open_size(self) -> int:
        return self.open_live

    @property
    def closed_size(self) -> int:
        return len(self.closed)

    def _push(self, key: Number, entry: tuple[int, int, int, Number]) -> None:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = deque()
            heappush(self.keys, key)
        bucket.append(entry)

    def _advance(self, budget: int) -> Step | None:
        # Locals: this loop is the hot path of every best-first search.
        problem = self.problem
        gmask, gval = problem.goal_mask, problem.goal_value
        moves = self.space.moves
        mask = self.space.mask
        slides = self.space.slides()
        heur = self.heuristic
        delta = heur.delta
        child_h = heur.child
        best_g, parent, closed = self.best_g, self.parent, self.closed
        buckets, keys = self.buckets, self.keys
        key_of, push = self._key, self._push
        lifo = self._lifo
        reopen = self.reopen
        stack = self._stack
        later: list[tuple[Number, tuple[int, int, int, Number]]] = []  # a stack's pushes
        limit = self.depth_limit
        record = self.recording
        expanded_now = 0
        ADDED, DUPLICATE, UPDATED, REOPENED = (
            Outcome.ADDED,
            Outcome.DUPLICATE,
            Outcome.UPDATED,
            Outcome.REOPENED,
        )
        while expanded_now < budget:
            popped: list[Any] = []
            live = False
            while keys:
                key = keys[0]
                bucket = buckets.get(key)
                if not bucket:  # emptied by an undo, or a key pushed again: skip it
                    heappop(keys)
                    continue
                entry = bucket.pop() if lifo else bucket.popleft()
                if not bucket:
                    del buckets[key]
                    heappop(keys)
                if record:
                    popped.append((key, entry))
                s, b, g, h = entry
                if best_g[s] == g and closed.get(s) != g:
                    live = True
                    break
            if not live:
                snapshot = self._snapshot() if record else None
                self.status = Status.EXHAUSTED
                self.reason = (
                    "every reachable state was searched: no path to the goal"
                    if limit is None
                    else f"no path within the depth limit of {limit}"
                )
                if not record:
                    return None
                return self._finish(None, (), popped, (_MISSING, (), ()), snapshot)
            snapshot = self._snapshot() if record else None
            self.open_live -= 1
            ties = self._count_ties(g, h) if record else None
            if s & gmask == gval:
                self.status = Status.SOLVED
                self.solution = self._moves_to(s)
                if not record:
                    return None
                return self._finish((s, g, h), (), popped, (_MISSING, (), ()), snapshot, ties)
            # what stepping must undo: s's closed g before, then (child, g, parent) before for
            # each child given a g, and the keys pushed, in order (flat: see _finish)
            ops: list[Any] = []
            pushed: list[Number] = []
            children: list[Child] = []
            was_closed = closed.get(s, _MISSING) if record else None
            closed[s] = g
            self.expanded += 1
            expanded_now += 1
            g1 = g + 1
            if limit is not None and g1 > limit:
                if record:
                    for q, letter, sq, _sp, edge in moves[b]:
                        t = (s >> sq) & mask
                        c = s + slides[t][edge]
                        hc = delta[t][edge] + h if delta is not None else child_h(s, h, t, q, b, c)
                        children.append(Child(self._node(c, g1, hc, letter), Outcome.PRUNED))
                if record:
                    return self._finish(
                        (s, g, h), children, popped, (was_closed, (), ()), snapshot, ties
                    )
                continue
            for q, letter, sq, _sp, edge in moves[b]:
                t = (s >> sq) & mask
                c = s + slides[t][edge]
                og = best_g.get(c)
                if og is None:
                    outcome = ADDED
                    self.open_live += 1
                elif og <= g1:
                    outcome = DUPLICATE
                elif closed.get(c) == og:  # closed at its best g so far
                    outcome = REOPENED if reopen else DUPLICATE
                else:
                    outcome = UPDATED
                if outcome is DUPLICATE:
                    self.duplicates += 1
                    if record:
                        hc = self.heuristic.value(c)
                        children.append(Child(self._node(c, g1, hc, letter), outcome, og))
                    continue
                if outcome is REOPENED:
                    self.open_live += 1
                hc = delta[t][edge] + h if delta is not None else child_h(s, h, t, q, b, c)
                if record:
                    ops += (c, og, parent.get(c, _MISSING))
                best_g[c] = g1
                parent[c] = (s, letter)
                key = key_of(g1, hc)
                if stack:
                    later.append((key, (c, q, g1, hc)))
                else:
                    push(key, (c, q, g1, hc))
                    if record:
                        pushed.append(key)
                self.generated += 1
                if record:
                    children.append(Child(self._node(c, g1, hc, letter), outcome, og))
            if later:
                for key, entry in reversed(later):
                    push(key, entry)
                    if record:
                        pushed.append(key)
                later.clear()
            if self.open_live > self.max_open:
                self.max_open = self.open_live
            if record:
                undo = (was_closed, tuple(ops), tuple(pushed))
                return self._finish((s, g, h), children, popped, undo, snapshot, ties)
        return None

    def _finish(
        self,
        node: tuple[int, int, Number] | None,
        children: Any,
        popped: list[Any],
        undo: tuple[Any, tuple[Any, ...], tuple[Number, ...]],
        snapshot: tuple[Any, ...] | None,
        ties: tuple[int, bool] | None = None,
    ) -> Step:
        """Record the step just taken. ``undo``: the closed g of the node taken before it
        (``_MISSING``: none; the goal and an exhausted search close nothing), the flat
        (child, g, parent) before of each child given a g, and the keys pushed in order."""
        assert snapshot is not None  # stepping takes one
        shown = None
        if node is not None:
            s, g, h = node
            link = self.parent.get(s)
            shown = self._node(s, g, h, link[1] if link else None)
        self.steps += 1
        note = ""
        lines: tuple[Line, ...] = _EXPANDED
        if self.status == Status.SOLVED:
            note = f"goal reached at depth {node[1] if node else 0}"
            lines = _SOLVED
        elif self.status == Status.EXHAUSTED:
            note = self.reason
            lines = _EXHAUSTED
        rec = Step(
            self.steps,
            shown,
            tuple(children),
            self.status,
            note,
            ties=ties[0] if ties else None,
            ties_capped=ties[1] if ties else False,
            goal=self.status == Status.SOLVED,
            lines=lines_of(lines, children),
        )
        # one flat tuple: a step's record is kept for each of up to 100,000 steps
        self._history.append((rec, snapshot, tuple(popped), *undo))
        return rec

    def _count_ties(self, g: int, h: Number) -> tuple[int, bool]:
        """How many live open entries other than the one just taken (g, h) have its
        priority f, up to TIES_CAP; and whether there were more. Stepping only."""
        f = self.priority(g, h)
        best_g, closed, priority = self.best_g, self.closed, self.priority
        count = 0
        if self._stack:
            # Depth-first's one stack is sorted by depth (children of the deepest node go on
            # top), so the entries of f = g are together at its top.
            for s, _b, g2, _h in reversed(self.buckets.get(0, ())):
                if g2 < g:
                    break
                if g2 == g and best_g[s] == g2 and closed.get(s) != g2:
                    count += 1
                    if count > TIES_CAP:
                        return TIES_CAP, True
            return count, False
        if isinstance(f, int) and self.tie_break in (TieBreak.HIGH_G, TieBreak.LOW_G):
            # A whole f: the keys of f are the integers from f·_G_SLOTS on, one per g, so a
            # bucket is told by its key alone (calling priority() for each bucket was half of
            # a recorded A* step on the hardest 3x3, where hundreds of buckets are open).
            low = f * _G_SLOTS
            for key, bucket in self.buckets.items():
                if not low <= key < low + _G_SLOTS:
                    continue
                for s, _b, g2, _h in bucket:
                    if best_g[s] == g2 and closed.get(s) != g2:
                        count += 1
                        if count > TIES_CAP:
                            return TIES_CAP, True
            return count, False
        for bucket in self.buckets.values():
            if not bucket:
                continue
            # a bucket holds one key, and a key one f: its first entry says which
            first = bucket[0]
            if priority(first[2], first[3]) != f:
                continue
            for s, _b, g2, h2 in bucket:
                if best_g[s] == g2 and closed.get(s) != g2 and priority(g2, h2) == f:
                    count += 1
                    if count > TIES_CAP:
                        return TIES_CAP, True
        return count, False

    def _undo(self, entry: tuple[Any, ...]) -> None:
        step, snapshot, popped, was_closed, gs, pushed = entry
        buckets, keys = self.buckets, self.keys
        for key in reversed(pushed):
            bucket = buckets[key]
            bucket.pop()
            if not bucket:
                del buckets[key]  # its key stays on the heap, skipped when it comes up
        best_g, parent = self.best_g, self.parent
        for i in range(len(gs) - 3, -1, -3):
            c, og, was_parent = gs[i : i + 3]
            if og is None:
                del best_g[c]
            else:
                best_g[c] = og
            if was_parent is _MISSING:
                del parent[c]
            else:
                parent[c] = was_parent
        if step.node is not None and not step.goal:  # it closed the node it took
            s = popped[-1][1][0]
            if was_closed is _MISSING:
                del self.closed[s]
            else:
                self.closed[s] = was_closed
        lifo = self._lifo
        for key, entry in reversed(popped):
            if key not in buckets:
                buckets[key] = deque()
                heappush(keys, key)
            bucket = buckets[key]
            if lifo:
                bucket.append(entry)
            else:
                bucket.appendleft(entry)
        self._restore(snapshot)

    def _moves_to(self, s: int) -> str:
        letters = []
        link = self.parent[s]
        while link is not None:
            s, letter = link
            letters.append(letter)
            link = self.parent[s]
        return "".join(reversed(letters))

    def _live_entries(self) -> Iterator[tuple[int, int, int, Number]]:
        best_g, closed = self.best_g, self.closed
        lifo = self._lifo
        for key in sorted(self.buckets):
            bucket = self.buckets[key]
            for entry in reversed(bucket) if lifo else bucket:
                s, _b, g, _h = entry
                if best_g[s] == g and closed.get(s) != g:
                    yield entry

    def open_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        """Open-list entries in the order they will be expanded."""
        out = []
        for s, _b, g, h in islice(self._live_entries(), max(0, offset), max(0, offset) + count):
            link = self.parent.get(s)
            out.append(self._node(s, g, h, link[1] if link else None))
        return out

    def closed_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        """Closed-list entries, the most recently expanded first."""
        out = []
        value = self.heuristic.value
        for s in islice(reversed(self.closed), max(0, offset), max(0, offset) + count):
            g = self.closed[s]
            link = self.parent.get(s)
            out.append(self._node(s, g, value(s), link[1] if link else None))
        return out
