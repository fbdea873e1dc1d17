"""The search tree a stepped search has built, for a view that draws it as an outline.

The tree is made from the steps the engine recorded, nothing else: the start is the root,
and each step hangs the children it generated (:attr:`Step.children`, duplicates and pruned
ones included) under the node it took (:attr:`Step.node`). A node taken from the open list
is found among the tree nodes as the most recent generation of its state with its g (an
updated or reopened state has several generations; the engine expands the newest, the one
with the smallest g). IDA* shows the current iteration only: a new iteration expands the
start again and the tree starts again from a new root; the human-like search likewise shows
its current phase.

:meth:`SearchTree.sync` follows the search wherever it went, step, back or ``goto``: steps
undone are taken off the tree in reverse, new ones put on, so each costs what it changed.
Views draw only the rows they show: :meth:`SearchTree.visible_rows` returns a window of the
outline in pre-order, skipping collapsed subtrees, in time proportional to the depth and to
the rows asked for (each node keeps the size of its subtree).

>>> from npuzzle import Board, make_search
>>> search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
>>> tree = SearchTree(search)
>>> _ = search.step(), search.step()
>>> tree.sync()  # up to date
True
>>> window = tree.visible_rows(set(), 0, 10)
>>> for row in window.rows:
...     print("  " * row.depth, row.move, row.f, row.state)
 None 6 expanded
   U 8 open
   D 6 current
     U 8 duplicate
     L 8 open
     R 6 open
   L 8 open
   R 8 open
>>> window.total, tree.path_to(window.rows[2].id) == [tree.root, window.rows[2].id]
(8, True)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from npuzzle.heuristics import Number
from npuzzle.search.algorithms import ALGORITHMS
from npuzzle.search.engine import Search
from npuzzle.search.records import Node, Outcome, Step

__all__ = ["SearchTree", "TreeRow", "TreeState", "Window"]


class TreeState(StrEnum):
    """What a tree node is at the current step."""

    EXPANDED = "expanded"  # taken from the open list and expanded
    OPEN = "open"  # waiting on the open list (IDA*: a child still to visit on the path)
    CURRENT = "current"  # the node the current step took
    DUPLICATE = "duplicate"  # a child dropped as already known (IDA*: skipped as known)
    PRUNED = "pruned"  # beyond the depth limit or IDA*'s threshold
    REPLACED = "replaced"  # left on the open list when a shorter path to its state was found
    SOLUTION = "solution"  # on the path from the root to the goal, once the goal is taken


_BORN = {
    Outcome.ADDED: TreeState.OPEN,
    Outcome.UPDATED: TreeState.OPEN,
    Outcome.REOPENED: TreeState.OPEN,
    Outcome.DUPLICATE: TreeState.DUPLICATE,
    Outcome.PRUNED: TreeState.PRUNED,
}


class _Node:
    """A tree node: one generation of a state, where the search put it."""

    __slots__ = ("children", "id", "index", "node", "outcome", "parent", "size", "state", "tree")

    def __init__(
        self,
        id: int,
        parent: int | None,
        tree: int,
        index: int,
        node: Node,
        outcome: Outcome | None,
    ) -> None:
        self.id = id
        self.parent = parent
        self.tree = tree  # the id of its root
        self.index = index  # its place among its parent's children
        self.node = node
        self.outcome = outcome  # what the step that generated it said (None: a root)
        self.state = _BORN[outcome] if outcome is not None else TreeState.OPEN
        # a list from its first child on; until then one shared empty tuple, as most nodes of
        # a tree of 100,000 steps are leaves
        self.children: list[int] | tuple[()] = ()
        self.size = 1  # nodes in its subtree, itself included


@dataclass(frozen=True, slots=True)
class TreeRow:
    """One row of the outline, with what an ARIA tree item needs: ``level`` (aria-level, the
    root is 1), ``position`` and ``siblings`` (aria-posinset, aria-setsize), ``expanded``
    (aria-expanded, meaningful when ``has_children``)."""

    id: int
    parent: int | None
    level: int
    position: int
    siblings: int
    move: str | None
    tiles: tuple[int, ...]
    g: int
    h: Number
    f: Number
    state: TreeState
    outcome: Outcome | None
    has_children: bool
    expanded: bool
    current: bool  # the node the current step took
    on_path: bool  # on the path from the root to the current node

    @property
    def depth(self) -> int:
        return self.level - 1


@dataclass(frozen=True, slots=True)
class Window:
    """Rows ``offset`` to ``offset + len(rows)`` of an outline of ``total`` rows."""

    rows: tuple[TreeRow, ...]
    total: int
    offset: int


@dataclass(slots=True)
class _Undo:
    """What applying one step changed, to take it off again."""

    nodes: int  # how many tree nodes there were before it
    states: list[tuple[int, TreeState]]
    current: int | None
    root: int
    path: list[int]
    solved: bool
    facts: tuple[Number | None, int | None, int | None]
    #: the anytime search: the run before the step and the paused runs' trees, when the step
    #: went over to another run (else None)
    runs: tuple[int | None, dict[int, tuple[int, list[int], bool]]] | None = None


class SearchTree:
    """The tree of ``search`` as its recorded steps built it; call :meth:`sync` after the
    search moved (step, back, goto). Steps taken by ``run()`` are not recorded, so the tree
    knows only stepped searches. With ``catch_up`` False the tree starts at the root and
    waits for :meth:`sync` (a view syncs a long run in slices)."""

    def __init__(self, search: Search, *, catch_up: bool = True) -> None:
        self.search = search
        self._ida = ALGORITHMS[search.algorithm].walks_paths
        # the anytime search: the IDA* run the current tree is of, and the paused runs' trees
        # (root, path, solved), taken up again when their run goes on
        self._run: int | None = None
        self._paused: dict[int, tuple[int, list[int], bool]] = {}
        self._nodes: list[_Node] = []
        # (root, tiles) -> ids of the generations of a state that went on the open list
        self._latest: dict[tuple[int, tuple[int, ...]], list[int]] = {}
        self._applied: list[Step] = []
        self._undos: list[_Undo] = []
        self.root = self._add(None, search.start_node(), None)
        self.current: int | None = None  # the node the last step took
        self.solved = False  # the current root's goal has been taken
        self._path: list[int] = [self.root]  # IDA*: the current path, by depth
        counters = search.counters()
        self.threshold: Number | None = counters.get("threshold")
        self.iteration: int | None = counters.get("iteration")
        self.phase: int | None = counters.get("phase")
        if search.steps:  # the facts at step 0 are the first step's (its iteration, phase)
            first = search.recorded(1)
            self.threshold, self.iteration, self.phase = (
                first.threshold,
                first.iteration,
                first.phase,
            )
        if catch_up:
            self.sync()

    # ----- following the search ----------------------------------------------------------------
    def sync(self, limit: int | None = None) -> bool:
        """Catch up with the search: undo the steps it took back, apply the ones it took;
        at most ``limit`` of them (a view catching up with a long run does it in slices).
        True once the tree is up to date."""
        search = self.search
        applied = self._applied
        budget = -1 if limit is None else limit
        while applied and (
            len(applied) > search.steps or search.recorded(len(applied)) is not applied[-1]
        ):
            if budget == 0:
                return False
            self._take_off()
            budget -= 1
        while len(applied) < search.steps:
            if budget == 0:
                return False
            self._apply(search.recorded(len(applied) + 1))
            budget -= 1
        return True

    @property
    def behind(self) -> int:
        """How many steps the tree must still take off or put on to be up to date (at
        most; steps taken back and forth again count twice)."""
        applied, search = self._applied, self.search
        common = min(len(applied), search.steps)
        while common and search.recorded(common) is not applied[common - 1]:
            common -= 1
        return len(applied) - common + search.steps - common

    def _add(self, parent: int | None, node: Node, outcome: Outcome | None) -> int:
        nodes = self._nodes
        id = len(nodes)
        index = len(nodes[parent].children) if parent is not None else 0
        tree = id if parent is None else nodes[parent].tree
        tree_node = _Node(id, parent, tree, index, node, outcome)
        nodes.append(tree_node)
        if parent is not None:
            above = nodes[parent]
            if isinstance(above.children, list):
                above.children.append(id)
            else:
                above.children = [id]
            p: int | None = parent
            while p is not None:
                nodes[p].size += 1
                p = nodes[p].parent
        if tree_node.state == TreeState.OPEN:
            self._latest.setdefault((tree, node.tiles), []).append(id)
        return id

    def _set(self, undo: _Undo, id: int, state: TreeState) -> None:
        node = self._nodes[id]
        undo.states.append((id, node.state))
        node.state = state

    def _apply(self, step: Step) -> None:
        nodes = self._nodes
        undo = _Undo(
            len(nodes),
            [],
            self.current,
            self.root,
            self._path,
            self.solved,
            (self.threshold, self.iteration, self.phase),
        )
        self._applied.append(step)
        self._undos.append(undo)
        self.threshold, self.iteration, self.phase = step.threshold, step.iteration, step.phase
        if step.run is not None and step.run != self._run:
            undo.runs = (self._run, dict(self._paused))
            if self._run is not None:
                self._paused[self._run] = (self.root, self._path, self.solved)
            if step.run in self._paused:  # a paused run goes on: its tree comes back
                self.root, self._path, self.solved = self._paused.pop(step.run)
            self._run = step.run
        taken = step.node
        if taken is None:  # the search ran out: nothing was taken
            self.current = None
            return
        root = nodes[self.root]
        if taken.g == 0 and (root.state != TreeState.OPEN or root.node.tiles != taken.tiles):
            # a new IDA* iteration or a new phase: a new tree
            self.root = self._add(None, taken, None)
            self._path = [self.root]
            self.solved = False
        id = self._find_taken(taken)
        if self._ida:
            self._path = [*self._path[: taken.g], id]
        self.current = id
        if step.goal:
            self.solved = True
        else:
            self._set(undo, id, TreeState.EXPANDED)
        for child in step.children:
            if child.outcome == Outcome.UPDATED:
                old = self._open_generation(child.node.tiles)
                if old is not None:
                    self._set(undo, old, TreeState.REPLACED)
            self._add(id, child.node, child.outcome)

    def _open_generation(self, tiles: tuple[int, ...], g: int | None = None) -> int | None:
        """The newest generation of a state under the current root still open (with g)."""
        nodes = self._nodes
        for id in reversed(self._latest.get((self.root, tiles), ())):
            node = nodes[id]
            if node.state == TreeState.OPEN and (g is None or node.node.g == g):
                return id
        return None

    def _find_taken(self, taken: Node) -> int:
        if taken.g == 0:
            return self.root
        if self._ida:
            # IDA* takes a child of the path node one level up: an open one, or else one it
            # had met before as a duplicate (the anytime search's paused runs go on without
            # their transposition table, which no longer knows it)
            siblings = [
                id
                for id in self._nodes[self._path[taken.g - 1]].children
                if self._nodes[id].node.tiles == taken.tiles
            ]
            for id in sorted(siblings, key=lambda id: self._nodes[id].state != TreeState.OPEN):
                if self._nodes[id].state in (TreeState.OPEN, TreeState.DUPLICATE):
                    return id
        else:
            found = self._open_generation(taken.tiles, taken.g)
            if found is not None:
                return found
        raise RuntimeError(f"the tree has no open node {taken.tiles} with g = {taken.g}")

    def _take_off(self) -> None:
        self._applied.pop()
        undo = self._undos.pop()
        nodes, latest = self._nodes, self._latest
        for id, state in reversed(undo.states):
            nodes[id].state = state
        while len(nodes) > undo.nodes:
            node = nodes.pop()
            if node.parent is not None:
                siblings = nodes[node.parent].children
                assert isinstance(siblings, list)  # it had a child: node
                siblings.pop()
                p: int | None = node.parent
                while p is not None:
                    nodes[p].size -= 1
                    p = nodes[p].parent
            if node.outcome is None or _BORN[node.outcome] == TreeState.OPEN:
                key = (node.tree, node.node.tiles)
                ids = latest[key]
                ids.pop()
                if not ids:
                    del latest[key]
        self.current, self.root, self._path = undo.current, undo.root, undo.path
        self.solved = undo.solved
        self.threshold, self.iteration, self.phase = undo.facts
        if undo.runs is not None:
            self._run, self._paused = undo.runs

    # ----- reading it --------------------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of nodes in the current tree."""
        return self._nodes[self.root].size

    def __contains__(self, id: object) -> bool:
        """Whether ``id`` is a node of the current tree (not of an earlier iteration)."""
        nodes = self._nodes
        return isinstance(id, int) and 0 <= id < len(nodes) and nodes[id].tree == self.root

    def children(self, id: int) -> list[int]:
        return list(self._nodes[id].children)

    def path_to(self, id: int) -> list[int]:
        """The ids from the root down to ``id``."""
        nodes, out = self._nodes, [id]
        while nodes[out[-1]].parent is not None:
            out.append(nodes[out[-1]].parent)  # type: ignore[arg-type]
        return out[::-1]

    def state(self, id: int) -> TreeState:
        return self._state(id, self._current_path())

    def _state(self, id: int, on_path: set[int]) -> TreeState:
        node = self._nodes[id]
        if self.current is not None:
            if self.solved and id in on_path:
                return TreeState.SOLUTION
            if id == self.current:
                return TreeState.CURRENT
        if (
            self._ida
            and node.state == TreeState.OPEN
            and node.parent is not None
            and node.parent not in on_path
        ):
            # a child to visit whose parent the path has left was skipped when its turn came:
            # the transposition table knew it by then
            return TreeState.DUPLICATE
        return node.state

    def _current_path(self) -> set[int]:
        return set(self.path_to(self.current)) if self.current is not None else {self.root}

    def find(self, id: int, collapsed: Collection[int] = ()) -> TreeRow:
        """The row of node ``id`` (``collapsed``: the ids the view has collapsed)."""
        return self._row(id, collapsed, self._current_path())

    def _row(self, id: int, collapsed: Collection[int], on_path: set[int]) -> TreeRow:
        t = self._nodes[id]
        n = t.node
        siblings = len(self._nodes[t.parent].children) if t.parent is not None else 1
        return TreeRow(
            id,
            t.parent,
            n.g + 1,
            t.index + 1,
            siblings,
            n.move,
            n.tiles,
            n.g,
            n.h,
            n.f,
            self._state(id, on_path),
            t.outcome,
            bool(t.children),
            bool(t.children) and id not in collapsed,
            id == self.current,
            id in on_path,
        )

    def _hidden_sizes(self, collapsed: Collection[int]) -> dict[int, int]:
        """Per node, how many of its descendants collapsed nodes hide (outermost only)."""
        nodes, hidden = self._nodes, dict[int, int]()
        for c in collapsed:
            if not (isinstance(c, int) and 0 <= c < len(nodes) and nodes[c].children):
                continue
            ancestors, x = [], nodes[c].parent
            while x is not None and x not in collapsed:
                ancestors.append(x)
                x = nodes[x].parent
            if x is not None or (ancestors[-1] if ancestors else c) != self.root:
                continue  # inside another collapsed node, or not in the current tree
            for a in ancestors:
                hidden[a] = hidden.get(a, 0) + nodes[c].size - 1
        return hidden

    def visible_rows(self, collapsed: Collection[int], offset: int, count: int) -> Window:
        """Rows ``offset`` to ``offset + count`` of the outline in pre-order, the subtrees of
        ``collapsed`` nodes left out, and how many rows it has in all."""
        nodes = self._nodes
        hidden = self._hidden_sizes(collapsed)

        def shown(x: int) -> int:
            return 1 if x in collapsed else nodes[x].size - hidden.get(x, 0)

        total = shown(self.root)
        offset = max(0, offset)
        skip, rows = offset, list[TreeRow]()
        on_path = self._current_path()
        stack = [self.root]
        while stack and len(rows) < count:
            x = stack.pop()
            size = shown(x)
            if skip >= size:
                skip -= size
                continue
            if skip:
                skip -= 1
            else:
                rows.append(self._row(x, collapsed, on_path))
            if x not in collapsed:
                stack.extend(reversed(nodes[x].children))
        return Window(tuple(rows), total, offset)

    def row_of(self, id: int, collapsed: Collection[int] = ()) -> int | None:
        """Where node ``id`` is in the outline (0: the root), None when a collapsed ancestor
        hides it or it is not in the current tree. Scroll there to show the current node."""
        if id not in self:
            return None
        nodes = self._nodes
        hidden = self._hidden_sizes(collapsed)
        row, x = 0, id
        while x != self.root:
            parent = nodes[x].parent
            assert parent is not None
            if parent in collapsed:
                return None
            for sibling in nodes[parent].children[: nodes[x].index]:
                row += 1 if sibling in collapsed else nodes[sibling].size - hidden.get(sibling, 0)
            row += 1
            x = parent
        return row

    def open_position(self, id: int, cap: int = 1000) -> int | None:
        """Where open node ``id`` stands in the search's open list (0: taken next), looking
        at the first ``cap`` entries; None if it is not open or further down. The tree must
        be in sync with the search."""
        if self.state(id) != TreeState.OPEN:
            return None
        node = self._nodes[id].node
        for i, entry in enumerate(self.search.open_list(0, cap)):
            if entry.tiles == node.tiles and entry.g == node.g:
                return i
        return None

    def counts(self) -> dict[TreeState, int]:
        """How many nodes of the current tree are in each state (walks the whole tree)."""
        out = dict.fromkeys(TreeState, 0)
        on_path = self._current_path()
        stack = [self.root]
        while stack:
            x = stack.pop()
            out[self._state(x, on_path)] += 1
            stack.extend(self._nodes[x].children)
        return out
