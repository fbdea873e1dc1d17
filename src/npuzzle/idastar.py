"""IDA*: depth-first search under an f threshold that rises to the smallest f it cut off.

It keeps only the current path, so it needs almost no memory; the price is that states are
expanded again in every iteration. Children never include the move that undoes the last one.
Like every search here it runs to the end or one expansion at a time, with an exact ``back``.
In the visualizer the *open list* is the children still waiting along the current path
(deepest first) and the *closed list* is the current path itself.
"""

from __future__ import annotations

import math
from typing import Any

from .board import INVERSE
from .heuristics import Number
from .search import Child, Node, Problem, Search, Step

__all__ = ["IDAStar"]

# A frame of the path: [state, blank, g, h, move, children or None, index of the next child]
_STATE, _BLANK, _G, _H, _MOVE, _KIDS, _NEXT = range(7)


class IDAStar(Search):
    algorithm = "idastar"
    _saved = (*Search._saved, "next_threshold")

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        h0 = self.heuristic.value(problem.start)
        self.threshold: Number = math.ceil(h0 - 1e-9)
        self.next_threshold: Number = math.inf
        self.iteration = 1
        self.stack: list[list[Any]] = [self._root()]
        self.generated = 1
        self.max_open = 1

    def _root(self) -> list[Any]:
        p = self.problem
        return [
            p.start,
            self.space.blank_of(p.start),
            0,
            self.heuristic.value(p.start),
            None,
            None,
            0,
        ]

    @property
    def optimal(self) -> bool:
        return self.heuristic.info.admissible

    def extra(self) -> dict[str, Any]:
        return {"iterations": self.iteration, "threshold": self.threshold}

    def counters(self) -> dict[str, Any]:
        return {**super().counters(), "iteration": self.iteration, "threshold": self.threshold}

    def _advance(self, budget: int) -> Step | None:
        problem = self.problem
        gmask, gval = problem.goal_mask, problem.goal_value
        moves, mask = self.space.moves, self.space.mask
        delta, child_h = self.heuristic.delta, self.heuristic.child
        stack = self.stack
        record = self.recording
        ops: list[tuple[Any, ...]] = []
        snapshot = self._snapshot() if record else None
        done = 0
        while done < budget:
            if not stack:
                if self.next_threshold == math.inf:
                    self.status = "exhausted"
                    self.reason = "every reachable state was searched: no path to the goal"
                    return self._finish(record, None, [], ops, snapshot)
                if record:
                    ops.append(("iter", self.threshold, self.next_threshold, self.iteration))
                    ops.append(("push",))
                # Paths have whole-number lengths, so a fractional f (Euclidean) can round up:
                # otherwise every tiny rise in f would cost a whole iteration.
                self.threshold = math.ceil(self.next_threshold - 1e-9)
                self.next_threshold = math.inf
                self.iteration += 1
                stack.append(self._root())
                continue
            top = stack[-1]
            kids = top[_KIDS]
            if kids is None:
                s, b, g, h = top[_STATE], top[_BLANK], top[_G], top[_H]
                if s & gmask == gval:
                    self.status = "solved"
                    self.solution = "".join(f[_MOVE] for f in stack[1:])
                    return self._finish(record, top, [], ops, snapshot)
                back = INVERSE.get(top[_MOVE] or "")
                g1 = g + 1
                threshold = self.threshold
                kids = []
                shown: list[Child] = []
                for q, letter, sq, sp, edge in moves[b]:
                    if letter == back:
                        continue
                    t = (s >> sq) & mask
                    c = s - (t << sq) + (t << sp)
                    hc = delta[t][edge] + h if delta is not None else child_h(s, h, t, q, b, c)
                    self.generated += 1
                    f = g1 + hc
                    if f > threshold:
                        if f < self.next_threshold:
                            self.next_threshold = f
                        if record:
                            shown.append(Child(self._node(c, g1, hc, letter), "pruned"))
                    else:
                        kids.append((c, q, hc, letter))
                        if record:
                            shown.append(Child(self._node(c, g1, hc, letter), "added"))
                if record:
                    ops.append(("kids", top))
                top[_KIDS] = kids
                self.expanded += 1
                done += 1
                if record:
                    return self._finish(record, top, shown, ops, snapshot)
                continue
            i = top[_NEXT]
            if i < len(kids):
                c, q, hc, letter = kids[i]
                top[_NEXT] = i + 1
                stack.append([c, q, top[_G] + 1, hc, letter, None, 0])
                if len(stack) > self.max_open:
                    self.max_open = len(stack)
                if record:
                    ops.append(("next", top, i))
                    ops.append(("push",))
            else:
                stack.pop()
                if record:
                    ops.append(("pop", top))
        return None

    def _finish(
        self,
        record: bool,
        frame: list[Any] | None,
        children: list[Child],
        ops: list[Any],
        snapshot: tuple[Any, ...] | None,
    ) -> Step | None:
        if not record:
            return None
        node = None
        if frame is not None:
            node = self._node(frame[_STATE], frame[_G], frame[_H], frame[_MOVE])
        self.steps += 1
        note = f"iteration {self.iteration}, threshold {self.threshold:g}"
        if self.status == "solved":
            note = f"goal reached at depth {frame[_G] if frame else 0} ({note})"
        elif self.status == "exhausted":
            note = self.reason
        rec = Step(self.steps, node, tuple(children), self.status, note)
        self._history.append((rec, (snapshot, ops)))
        return rec

    def _undo(self, undo: Any) -> None:
        snapshot, ops = undo
        stack = self.stack
        for op in reversed(ops):
            kind = op[0]
            if kind == "push":
                stack.pop()
            elif kind == "pop":
                stack.append(op[1])
            elif kind == "next":
                op[1][_NEXT] = op[2]
            elif kind == "kids":
                op[1][_KIDS] = None
                op[1][_NEXT] = 0
            elif kind == "iter":
                self.threshold, self.next_threshold, self.iteration = op[1], op[2], op[3]
        self._restore(snapshot)

    @property
    def open_size(self) -> int:
        return sum(len(f[_KIDS]) - f[_NEXT] for f in self.stack if f[_KIDS] is not None)

    @property
    def closed_size(self) -> int:
        return sum(1 for f in self.stack if f[_KIDS] is not None)

    def open_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        """Children waiting along the current path, the next to be visited first."""
        out: list[Node] = []
        skip = max(0, offset)
        for f in reversed(self.stack):
            kids = f[_KIDS]
            if kids is None:
                continue
            for c, _q, hc, letter in kids[f[_NEXT] :]:
                if skip:
                    skip -= 1
                    continue
                out.append(self._node(c, f[_G] + 1, hc, letter))
                if len(out) >= count:
                    return out
        return out

    def closed_list(self, offset: int = 0, count: int = 50) -> list[Node]:
        """The current path, deepest first."""
        path = [f for f in reversed(self.stack) if f[_KIDS] is not None]
        return [
            self._node(f[_STATE], f[_G], f[_H], f[_MOVE])
            for f in path[max(0, offset) : max(0, offset) + count]
        ]
