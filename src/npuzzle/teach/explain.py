"""Plain English for one step of a search: which node was taken and why, and what became of
each of its children, with the engine's own numbers.

Every number comes from the :class:`~npuzzle.search.records.Step` the engine recorded (its node, its
children with their outcome and ``known_g``, its ``ties``, IDA*'s ``threshold``) and from the
search's settings (algorithm, weight, tie-break, depth limit): nothing is searched again
here, so the sentences cannot disagree with the lists the page draws beside them. Moves are
written as players see them (the engine moves the blank, players slide tiles), or as the
blank's letters when the reader chose them (:class:`~npuzzle.teach.moves.MoveStyle`).

>>> from npuzzle import Board, make_search
>>> search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
>>> for sentence in explain(search, search.step()):
...     print(sentence)
Step 1 expands the start: A* takes the open node with the smallest f = g + h = 0 + 6 = 6.
It was the only open node with f = 6.
Tile 3 slides down: new, added to the open list with f = g + h = 1 + 7 = 8.
Tile 2 slides up: new, added to the open list with f = g + h = 1 + 5 = 6.
Tile 8 slides right: new, added to the open list with f = g + h = 1 + 7 = 8.
Tile 5 slides left: new, added to the open list with f = g + h = 1 + 7 = 8.
"""

from __future__ import annotations

from dataclasses import dataclass

from npuzzle.core.board import moved_tile
from npuzzle.heuristics import Number
from npuzzle.search.algorithms import ALGORITHMS, Algorithm, AlgorithmInfo, Priority
from npuzzle.search.bestfirst import TIES_CAP, TieBreak
from npuzzle.search.engine import Search
from npuzzle.search.records import Child, Node, Outcome, Status, Step
from npuzzle.teach.moves import MoveStyle, move_name

__all__ = ["Explanation", "brief", "explain", "explain_step", "number"]

#: how each tie-break orders open nodes of equal f, as a sentence ends it
TIE_RULES = {
    TieBreak.HIGH_G: "ties go to the larger g (deeper) first, then first in, first out",
    TieBreak.LOW_G: "ties go to the smaller g first, then first in, first out",
    TieBreak.FIFO: "ties go first in, first out",
    TieBreak.LIFO: "ties go last in, first out (the newest first)",
}

#: each tie-break as the page's Tie-break select names it
TIE_TITLES = {
    TieBreak.HIGH_G: "high-g: larger g first",
    TieBreak.LOW_G: "low-g: smaller g first",
    TieBreak.FIFO: "fifo: first in, first out",
    TieBreak.LIFO: "lifo: last in, first out",
}

_TITLES = {
    Algorithm.ASTAR: "A*",
    Algorithm.WASTAR: "weighted A*",
    Algorithm.GREEDY: "greedy best-first search",
    Algorithm.BFS: "breadth-first search",
    Algorithm.DFS: "depth-first search",
}


@dataclass(frozen=True)
class Explanation:
    """The sentences of one step: ``choice`` (the node taken and why), ``children`` (one per
    child, in the step's order) and ``end`` (the goal reached, or the search exhausted)."""

    choice: tuple[str, ...]
    children: tuple[str, ...]
    end: tuple[str, ...]

    def sentences(self) -> list[str]:
        return [*self.choice, *self.children, *self.end]


def number(x: Number) -> str:
    """A number as the sentences write it: whole numbers with thousands separators, others
    with at most two decimals.

    >>> number(21), number(1234), number(21.0), number(7.2361)
    ('21', '1,234', '21', '7.24')
    """
    if x == int(x):
        return f"{int(x):,}"
    return f"{x:,.2f}".rstrip("0").rstrip(".")


def explain(
    search: Search, step: Step | None = None, style: MoveStyle = MoveStyle.TILES
) -> list[str]:
    """The sentences that explain ``step`` (default: the search's last step), its moves
    named in ``style``."""
    step = step if step is not None else search.last_step
    if step is None:
        return ["No step has been taken yet: the open list holds the start."]
    return explain_step(search, step, style).sentences()


def brief(step: Step) -> str:
    """The step in one short sentence, for a screen reader to say after each Step: the node
    expanded, its f, and how many children had each outcome.

    >>> from npuzzle import Board, make_search
    >>> search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
    >>> print(brief(search.step()))
    Step 1: expanded the start with f = 6; 4 children added.
    >>> print(brief(search.step()))
    Step 2: expanded a node with f = 6; 2 children added, 1 duplicate.
    """
    head = f"Step {step.number:,}"
    node = step.node
    if node is None:
        return f"{head}: nothing is left to search."
    which = "the start" if node.move is None else "a node"
    if step.goal:
        moves = f"{node.g} move{'' if node.g == 1 else 's'}"
        return f"{head}: took {which} with f = {number(node.f)}: the goal, {moves} from the start."
    counts = [(n, o.value) for o in Outcome if (n := sum(c.outcome == o for c in step.children))]
    if not counts:
        return f"{head}: expanded {which} with f = {number(node.f)}; no children."
    (n, outcome), *rest = counts  # the first count names what it counts
    parts = [f"{n} {'child' if n == 1 else 'children'} {outcome}", *(f"{k} {o}" for k, o in rest)]
    return f"{head}: expanded {which} with f = {number(node.f)}; {', '.join(parts)}."


def explain_step(search: Search, step: Step, style: MoveStyle = MoveStyle.TILES) -> Explanation:
    """:func:`explain`, with the sentences grouped so a view can put each child's sentence
    beside that child.

    >>> from npuzzle import Board, make_search
    >>> search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
    >>> print(explain_step(search, search.step(), MoveStyle.BLANK).children[0])
    The blank moves U: new, added to the open list with f = g + h = 1 + 7 = 8.
    """
    rule = _Rule.of(search, step, style)
    if step.node is None:
        reason = step.note or search.reason or "no path to the goal"
        return Explanation((f"Step {step.number}: nothing is left to search: {reason}.",), (), ())
    choice = [*rule.intro(step), *rule.ties(step)]
    children = tuple(rule.child(step, c) for c in step.children)
    if not children and not step.goal:
        choice.append("It has no children to add.")
    return Explanation(tuple(choice), children, rule.end(search, step))


def _where(node: Node, width: int, style: MoveStyle) -> str:
    """The node as reached: 'the start', or the move that reached it."""
    if node.move is None:
        return "the start"
    tile = moved_tile(node.tiles, width, node.move)
    return f"the board where {move_name(node.move, tile, style)} (depth {node.g})"


def _slide(node: Node, width: int, style: MoveStyle) -> str:
    assert node.move is not None  # a child is always reached by a move
    words = move_name(node.move, moved_tile(node.tiles, width, node.move), style)
    return words[0].upper() + words[1:]


@dataclass(frozen=True)
class _Rule:
    """How the algorithm of a step chooses and judges nodes."""

    algorithm: Algorithm  # the rule in force (the human-like search: its phase's)
    weight: float
    tie_break: TieBreak
    width: int
    depth_limit: int | None
    phase: str  # the human-like search: "Phase 2 of 8: row 1: place tile 2."
    anytime: bool = False  # a phase of the anytime search: its goal is a better solution
    segment: int | None = None  # the anytime search shortening a stretch of this many moves
    style: MoveStyle = MoveStyle.TILES  # how moves are named

    @classmethod
    def of(cls, search: Search, step: Step, style: MoveStyle = MoveStyle.TILES) -> _Rule:
        algorithm, phase, weight = search.algorithm, "", search.weight
        if algorithm is Algorithm.HUMAN and step.phase is not None:
            phases = getattr(search, "phases", [])
            current = phases[step.phase - 1]
            algorithm = Algorithm.ASTAR if current.final else Algorithm.WASTAR
            phase = f"Phase {step.phase} of {len(phases)}: {current.description}."
        anytime, segment = algorithm is Algorithm.ANYTIME, None
        if anytime:
            algorithm = Algorithm.IDASTAR  # each phase is (weighted) IDA*
            runs = getattr(search, "runs", [])
            if step.phase is not None and step.phase <= len(runs):
                current, _run = runs[step.phase - 1]
                weight = current.weight
                phase = f"Phase {step.phase}: {current.describe()}."
                if current.segment is not None:
                    segment = current.segment[1] - current.segment[0]
        return cls(
            algorithm,
            weight,
            TieBreak(getattr(search, "tie_break", TieBreak.HIGH_G)),
            search.board.width,
            getattr(search, "depth_limit", None),
            phase,
            anytime,
            segment,
            style,
        )

    @property
    def info(self) -> AlgorithmInfo:
        return ALGORITHMS[self.algorithm]

    def formula(self, node: Node) -> str:
        """How f is made, with the node's numbers: 'f = g + h = 12 + 9 = 21'."""
        g, h, f = node.g, number(node.h), number(node.f)
        info = self.info
        if info.priority is Priority.HEURISTIC:
            return f"f = h = {h} (g = {g})"
        if info.priority is Priority.DEPTH:
            return f"f = g = {g}"
        # (IDA*'s phases of the anytime search are weighted)
        if info.priority is Priority.WEIGHTED or (info.walks_paths and self.weight != 1):
            return f"f = g + w·h = {g} + {number(self.weight)}·{h} = {f}"
        return f"f = g + h = {g} + {h} = {f}"

    def intro(self, step: Step) -> list[str]:
        node = step.node
        assert node is not None
        where = _where(node, self.width, self.style)
        out = [self.phase] if self.phase else []
        head = f"Step {step.number} expands {where}"
        if step.goal:
            head = f"Step {step.number} takes {where}"
        if self.info.walks_paths:
            threshold = number(step.threshold or 0)
            if node.g == 0:
                first = "h of the start" if step.iteration == 1 else "the smallest f cut off"
                again = " again" if step.iteration != 1 else ""
                out.append(
                    f"Step {step.number}: iteration {step.iteration} starts with threshold "
                    f"{threshold} ({first}, rounded up to the parity every solution has): IDA* "
                    f"expands the start{again}, {self.formula(node)}."
                )
            else:
                out.append(
                    f"{head}: IDA* goes depth-first along the current path to the next child "
                    f"under the threshold, {self.formula(node)} ≤ {threshold}."
                )
            return out
        why = {
            Algorithm.ASTAR: f"A* takes the open node with the smallest {self.formula(node)}",
            Algorithm.WASTAR: "weighted A* takes the open node with the smallest "
            f"{self.formula(node)}",
            Algorithm.GREEDY: "greedy best-first search takes the open node with the smallest "
            f"h = {number(node.h)} (it ignores g, the moves made so far)",
            Algorithm.BFS: "breadth-first search takes the shallowest open node (first in, "
            f"first out), at depth {node.g}",
            Algorithm.DFS: "depth-first search takes the deepest open node (last in, first "
            f"out), at depth {node.g}",
        }[self.algorithm]
        out.append(f"{head}: {why}.")
        return out

    def ties(self, step: Step) -> list[str]:
        if step.ties is None or step.node is None:
            return []
        info, node = self.info, step.node
        same = {
            Priority.HEURISTIC: f"h = {number(node.h)}",
            Priority.DEPTH: f"depth {node.g}",
        }.get(info.priority, f"f = {number(node.f)}")
        if step.ties == 0:
            return [f"It was the only open node with {same}."]
        if info.priority is Priority.DEPTH:
            lifo = info.stack or self.tie_break == TieBreak.LIFO
            rule = "last in, first out" if lifo else "first in, first out"
        else:
            rule = TIE_RULES[self.tie_break]
        if step.ties_capped:
            count = f"More than {TIES_CAP:,} other open nodes also had"
        else:
            count = f"{step.ties:,} other open node{'s' if step.ties != 1 else ''} also had"
        return [f"{count} {same}; {rule}."]

    def child(self, step: Step, child: Child) -> str:
        node, known, o = child.node, child.known_g, child.outcome
        slide = _slide(node, self.width, self.style)
        f = self.formula(node)
        if self.info.walks_paths:
            threshold = number(step.threshold or 0)
            if o == Outcome.PRUNED:
                return (
                    f"{slide}: {f} > threshold {threshold}: cut off (the smallest f cut off "
                    "becomes the next threshold)."
                )
            if o == Outcome.DUPLICATE and known is not None and known < node.g:
                return (
                    f"{slide}: already reached with g = {known} < {node.g} (the transposition "
                    "table, kept from one iteration to the next): a shorter path leads to it "
                    "under this threshold, so this one is pruned as a duplicate."
                )
            if o == Outcome.DUPLICATE:
                return (
                    f"{slide}: already reached in this iteration with g = {known} ≤ {node.g} "
                    "(the transposition table): pruned as a duplicate."
                )
            return f"{slide}: {f} ≤ threshold {threshold}: to be visited, depth first."
        if o == Outcome.ADDED:
            return f"{slide}: new, added to the open list with {f}."
        if o == Outcome.PRUNED:
            limit = self.depth_limit
            return f"{slide}: depth {node.g} is beyond the depth limit of {limit}: not added."
        if o == Outcome.UPDATED:
            return (
                f"{slide}: already on the open list with g = {known}; this path is shorter, "
                f"so g goes from {known} to {node.g}: {f}."
            )
        if o == Outcome.REOPENED:
            return (
                f"{slide}: already expanded with g = {known}; this path is shorter (g from "
                f"{known} to {node.g}), so it goes back on the open list with {f}."
            )
        if known is not None and known > node.g:
            return (
                f"{slide}: already expanded with g = {known}; this path is shorter (g = "
                f"{node.g}), but {_TITLES[self.algorithm]} does not reopen expanded nodes: "
                "dropped."
            )
        return f"{slide}: a duplicate, already known with g = {known} ≤ {node.g}: dropped."

    def end(self, search: Search, step: Step) -> tuple[str, ...]:
        node = step.node
        if node is None or not step.goal:
            return ()
        best_first = not self.info.walks_paths
        test = (
            " (the goal test is made when a node is taken from the open list, so no shorter "
            "path can be waiting)"
            if best_first and search.optimal
            else ""
        )
        if self.segment is not None and step.status != Status.SOLVED:
            if node.g >= self.segment:  # a window's way (weighted IDA*, unbounded)
                return (
                    f"A way of {node.g} moves through this stretch of the best solution, no "
                    f"shorter than its {self.segment}: the best keeps its own.",
                )
            return (
                f"A way of {node.g} moves through this stretch of the best solution, shorter "
                f"than its {self.segment}: it takes the stretch's place.",
            )
        if self.anytime and step.status != Status.SOLVED:
            return (
                f"A solution of {node.g} moves: if shorter than the best so far, it becomes the "
                "best; the next phase looks for a shorter one.",
            )
        if self.phase and step.status != Status.SOLVED:
            return (f"It meets this phase's goal in {node.g} moves: the next phase starts here.",)
        length = len(search.solution) if search.solution is not None else node.g
        proof = "a shortest solution" if search.optimal else "not proven to be the shortest"
        return (f"It is the goal: the board is solved in {length} moves, {proof}{test}.",)
