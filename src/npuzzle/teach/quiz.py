"""Predict the next node: a question at a step of a search (which node is expanded next, and
why), a learner's pick graded with a reason, and a bank of exercises built from a seed.

The answer is the engine's own: the search takes its next step and goes back (exactly), so
the quiz cannot disagree with the search it asks about, and the reason is what Why this step
says of that step (:mod:`npuzzle.teach.explain`: the smallest f, the tie rule). The nodes to
choose among are the open list's (IDA*: the children waiting on its path), in the order they
joined it, not in the order the open list is drawn (next to expand first), which would give
the answer away; the tie rules speak of that order (first in, first out).

>>> from npuzzle import Board, make_search
>>> search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
>>> _ = search.step()
>>> q = question(search)
>>> [(c.node.f, c.joined) for c in q.candidates]  # the four children of step 1, in order
[(8, (1, 0)), (6, (1, 1)), (8, (1, 2)), (8, (1, 3))]
>>> q.answer, q.step
(1, 2)
>>> grade(q, 1).right, grade(q, 0).right
(True, False)
>>> print(grade(q, 0).reason)  # doctest: +ELLIPSIS
It has f = 8, but A* takes the open node with the smallest f, 6 here. Step 2 expands ...
>>> search.steps  # the question left the search where it was
1
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from npuzzle.core.board import MOVES, Board
from npuzzle.core.generate import random_board
from npuzzle.heuristics import Number
from npuzzle.search.algorithms import ALGORITHMS, DEFAULT_WEIGHT, Algorithm, Priority
from npuzzle.search.bestfirst import TieBreak
from npuzzle.search.engine import Search
from npuzzle.search.records import Node, Outcome
from npuzzle.search.solver import make_search
from npuzzle.teach.explain import TIE_RULES, explain_step, number
from npuzzle.teach.moves import MoveStyle

__all__ = [
    "DEFAULT_DEPTH",
    "DEPTHS",
    "MAX_CHOICES",
    "QUIZ_ALGORITHMS",
    "Bank",
    "Candidate",
    "Grade",
    "Question",
    "Sheet",
    "grade",
    "question",
    "unasked",
]

#: the searches the quiz asks about: one open list (or IDA*'s children waiting) and one rule
#: (the human-like and the anytime search change theirs from phase to phase)
QUIZ_ALGORITHMS = (
    Algorithm.BFS,
    Algorithm.DFS,
    Algorithm.GREEDY,
    Algorithm.ASTAR,
    Algorithm.WASTAR,
    Algorithm.IDASTAR,
)
#: the most nodes a question offers: past them the choice is a chore, not a lesson
MAX_CHOICES = 30
#: how far from the goal an exercise's board is: that many random moves, never undoing the
#: last (on the 3x3, a walk of up to 6 moves is exactly that far; longer ones may come back)
DEPTHS = (4, 6, 8, 10, 12, 14)
DEFAULT_DEPTH = 8
_JOINING = (Outcome.ADDED, Outcome.UPDATED, Outcome.REOPENED)  # what puts a node on the list
_NAMES = {
    Algorithm.BFS: "breadth-first search",
    Algorithm.DFS: "depth-first search",
    Algorithm.GREEDY: "greedy best-first search",
    Algorithm.ASTAR: "A*",
    Algorithm.WASTAR: "weighted A*",
    Algorithm.IDASTAR: "IDA*",
}


@dataclass(frozen=True)
class Candidate:
    """A node to choose among and when it joined the list: (the step that put it there, 0
    for the start; its place among that step's children). IDA*'s children waiting: (its
    depth, the blank's move in U, D, L, R order), the order it generates them in."""

    node: Node
    joined: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {**self.node.to_json(), "joined": list(self.joined)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Candidate:
        node = Node(tuple(data["tiles"]), data["g"], data["h"], data["f"], data["move"])
        return cls(node, (int(data["joined"][0]), int(data["joined"][1])))


@dataclass(frozen=True)
class Question:
    """Which of ``candidates`` (in the order they joined) step ``step`` expands: the one at
    ``answer``; ``why`` is what Why this step says of it (``why_blank``: in the blank's
    letters)."""

    step: int
    algorithm: Algorithm
    tie_break: TieBreak
    candidates: tuple[Candidate, ...]
    answer: int
    why: tuple[str, ...]
    why_blank: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "algorithm": str(self.algorithm),
            "tie_break": str(self.tie_break),
            "candidates": [c.to_json() for c in self.candidates],
            "answer": self.answer,
            "why": list(self.why),
            "why_blank": list(self.why_blank),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Question:
        return cls(
            int(data["step"]),
            Algorithm(data["algorithm"]),
            TieBreak(data["tie_break"]),
            tuple(Candidate.from_json(c) for c in data["candidates"]),
            int(data["answer"]),
            tuple(data["why"]),
            tuple(data.get("why_blank", ())),
        )

    @property
    def name(self) -> str:
        """The search, as the sentences name it: "A*", "breadth-first search"."""
        return _NAMES[self.algorithm]

    def rule_order(self, candidate: Candidate) -> tuple[Number, ...]:
        """The search's rule as a sort key: the smallest is expanded next. (The answer comes
        from the engine; the tests check that this rule, which the reasons explain, agrees.)"""
        node, (when, place) = candidate.node, candidate.joined
        if self.algorithm is Algorithm.IDASTAR:  # depth first, children in U, D, L, R order
            return (-node.g, place)
        if ALGORITHMS[self.algorithm].stack:  # the deepest; the newest; pushed last to first
            return (-node.g, -when, place)
        tie = self.tie_break
        if self.algorithm is Algorithm.BFS and tie != TieBreak.LIFO:
            tie = TieBreak.FIFO  # f = g: every tie has one g
        if tie == TieBreak.HIGH_G:
            return (node.f, -node.g, when, place)
        if tie == TieBreak.LOW_G:
            return (node.f, node.g, when, place)
        if tie == TieBreak.FIFO:
            return (node.f, when, place)
        return (node.f, -when, -place)


@dataclass(frozen=True)
class Grade:
    """A pick graded: ``right``, and why (a wrong pick: how it differs from the answer, then
    why the answer is taken)."""

    pick: int
    answer: int
    right: bool
    reason: str


def question(search: Search, limit: int = MAX_CHOICES) -> Question | None:
    """The question before ``search``'s next step, or None when there is none to ask: the
    search has ended, is not one the quiz asks about, has steps without records, has more
    than ``limit`` nodes to choose among, or its next node is not among them (IDA* starting
    its next iteration)."""
    algorithm = Algorithm(search.algorithm)
    if search.done or algorithm not in QUIZ_ALGORITHMS or search.unrecorded:
        return None
    nodes = search.open_list(0, limit + 1)
    if not nodes or len(nodes) > limit:
        return None
    if algorithm is Algorithm.IDASTAR:
        joined = [(n.g, MOVES.index(n.move) if n.move else 0) for n in nodes]
    else:
        joined = _joined(search, nodes)
    order = sorted(range(len(nodes)), key=lambda i: joined[i])
    candidates = tuple(Candidate(nodes[i], joined[i]) for i in order)
    step = search.step()
    try:
        if step is None or step.node is None:
            return None
        taken = step.node
        why = explain_step(search, step).choice
        why_blank = explain_step(search, step, MoveStyle.BLANK).choice
    finally:
        if step is not None:
            search.back()
    answer = next(
        (
            i
            for i, c in enumerate(candidates)
            if c.node.tiles == taken.tiles and c.node.g == taken.g
        ),
        None,
    )
    if answer is None:
        return None
    tie = TieBreak(getattr(search, "tie_break", TieBreak.HIGH_G))
    return Question(step.number, algorithm, tie, candidates, answer, why, why_blank)


def unasked(search: Search, limit: int = MAX_CHOICES) -> str:
    """Why :func:`question` asks nothing before ``search``'s next step, in a learner's words
    ("": it asks)."""
    algorithm = Algorithm(search.algorithm)
    info = ALGORITHMS[algorithm]
    if search.done:
        return "The search has ended: there is no next node to predict."
    if algorithm not in QUIZ_ALGORITHMS:
        names = ", ".join(ALGORITHMS[a].title for a in QUIZ_ALGORITHMS)
        return (
            f"The quiz asks about {names}: {info.title} changes its rule from phase to phase. "
            "Choose another algorithm."
        )
    if search.unrecorded:
        return "This step was taken without a record: the quiz asks over the recorded steps."
    waiting = len(search.open_list(0, limit + 1))
    words = "children waiting" if info.walks_paths else "nodes on the open list"
    if waiting > limit:
        return (
            f"More than {limit} {words}: too many to choose among. Step on, or try a new exercise."
        )
    if info.walks_paths and question(search, limit) is None:
        return (
            "No child is waiting under the threshold: IDA* starts its next iteration from the "
            "start, with the smallest f it cut off as the new threshold. Step on."
        )
    return ""


def _joined(search: Search, nodes: list[Node]) -> list[tuple[int, int]]:
    """When each open node joined the open list: its last push (a shorter path found later
    pushes it again, and only that entry is live)."""
    wanted = {n.tiles for n in nodes}
    when: dict[tuple[int, ...], tuple[int, int]] = {search.start_node().tiles: (0, 0)}
    for number_ in range(1, search.steps + 1):
        for place, child in enumerate(search.recorded(number_).children):
            if child.outcome in _JOINING and child.node.tiles in wanted:
                when[child.node.tiles] = (number_, place)
    return [when[n.tiles] for n in nodes]


def grade(q: Question, pick: int, style: MoveStyle = MoveStyle.TILES) -> Grade:
    """Grade picking ``q.candidates[pick]``."""
    why = " ".join(q.why_blank if style == MoveStyle.BLANK and q.why_blank else q.why)
    if pick == q.answer:
        return Grade(pick, q.answer, True, why)
    if not 0 <= pick < len(q.candidates):
        return Grade(pick, q.answer, False, f"There is no node {pick + 1} to pick. {why}")
    differs = _differs(q, q.candidates[pick], q.candidates[q.answer])
    return Grade(pick, q.answer, False, f"{differs} {why}")


def _differs(q: Question, mine: Candidate, taken: Candidate) -> str:
    """Why ``taken`` comes before ``mine``, in the words of Why this step."""
    a, b = mine.node, taken.node
    if q.algorithm is Algorithm.IDASTAR:
        if a.g != b.g:
            return (
                f"It waits at depth {a.g}, but IDA* goes depth first: it tries a child of the "
                f"deepest node on its path first, the one at depth {b.g} here."
            )
        return (
            "It waits beside the node taken, a child of the same node, but IDA* tries a node's "
            f"children in the order the blank moves, U, D, L, R: {b.move} before {a.move}."
        )
    info = ALGORITHMS[q.algorithm]
    measure = {Priority.HEURISTIC: "h", Priority.DEPTH: "depth"}.get(info.priority, "f")
    mine_f, taken_f = number(a.f), number(b.f)
    if info.stack:
        if a.g != b.g:
            return (
                f"It is at depth {a.g}, but depth-first search takes the deepest open node, at "
                f"depth {b.g} here."
            )
        return f"It is at depth {a.g} too, but " + _order(mine, taken, lifo=True, stack=True)
    if a.f != b.f:
        if info.priority is Priority.DEPTH:
            return (
                f"It is at depth {a.g}, but breadth-first search takes the shallowest open "
                f"node, at depth {b.g} here."
            )
        return (
            f"It has {measure} = {mine_f}, but {q.name} takes the open node with the smallest "
            f"{measure}, {taken_f} here."
        )
    at = f"depth {b.g}" if info.priority is Priority.DEPTH else f"{measure} = {taken_f}"
    same = f"It ties with the node taken at {at}"
    tie = q.tie_break
    if info.priority is Priority.DEPTH:
        tie = TieBreak.LIFO if tie == TieBreak.LIFO else TieBreak.FIFO
    if tie in (TieBreak.HIGH_G, TieBreak.LOW_G) and a.g != b.g:
        return f"{same}, but {TIE_RULES[tie]}: it has g = {a.g}, the node taken g = {b.g}."
    if tie in (TieBreak.HIGH_G, TieBreak.LOW_G):
        same += f" and g = {b.g}"
    return f"{same}, and {TIE_RULES[tie]}: " + _order(mine, taken, lifo=tie == TieBreak.LIFO)


def _order(mine: Candidate, taken: Candidate, *, lifo: bool, stack: bool = False) -> str:
    """Which joined the list first, and what that means under the rule."""
    mine_step, taken_step = mine.joined[0], taken.joined[0]
    if mine_step != taken_step:
        first = "last in, first out: " if stack else ""
        return (
            f"{first}it joined the open list at step {mine_step}, the node taken at step "
            f"{taken_step}."
        )
    if stack:
        return (
            "both joined at the same step, and depth-first search takes a node's children "
            f"in the order the blank moves, U, D, L, R: {taken.node.move} before "
            f"{mine.node.move}."
        )
    later = "before" if lifo else "after"
    return (
        f"both joined at step {mine_step}, and it was generated {later} the node taken "
        "(children are generated in the order the blank moves, U, D, L, R)."
    )


@dataclass(frozen=True)
class Setting:
    """What a bank's exercises are: boards of ``width`` x ``height``, ``depth`` random moves
    from the goal named ``goal``, searched by ``algorithm`` with ``heuristic``, ``weight``
    and ``tie_break``."""

    algorithm: Algorithm = Algorithm.ASTAR
    heuristic: str = "manhattan"
    tie_break: TieBreak = TieBreak.HIGH_G
    weight: float = DEFAULT_WEIGHT
    width: int = 3
    height: int = 3
    depth: int = DEFAULT_DEPTH
    goal: str = "standard"


@dataclass(frozen=True)
class Bank:
    """Exercises from a seed: the same seed and setting give the same boards, in the same
    order, wherever they are made (a teacher shares a set by a link's seed and index).

    >>> bank = Bank("class-1", Setting(depth=6))
    >>> bank.exercise(0) == Bank("class-1", Setting(depth=6)).exercise(0)
    True
    >>> len(list(bank.questions(5)))
    5
    """

    seed: str
    setting: Setting = field(default_factory=Setting)
    _boards: list[Board] = field(default_factory=list, init=False, repr=False, compare=False)
    _seen: set[Board] = field(default_factory=set, init=False, repr=False, compare=False)

    def exercise(self, index: int) -> Board:
        """Exercise ``index``'s board: the walks from the seed, from the setting's goal, each
        board taken once (a short walk on a small board repeats itself often)."""
        boards = self._boards
        s = self.setting
        goal = self.goal
        tries = len(self._seen)
        while len(boards) <= index:
            seed = f"quiz:{self.seed}:{s.goal}:{s.width}x{s.height}:{s.depth}:{tries}"
            board = random_board(s.width, s.height, seed=seed, goal=goal, moves=s.depth)
            tries += 1
            # past many repeats the walks have few boards left to give: take them again
            if (board not in self._seen and board != goal) or tries > 50 * (index + 1):
                boards.append(board)
            self._seen.add(board)
        return boards[index]

    @property
    def goal(self) -> Board:
        """The exercises' goal."""
        s = self.setting
        return Board.goal(s.goal, s.width, s.height)

    def search(self, index: int) -> Search:
        """Exercise ``index``'s search, at its start."""
        s = self.setting
        return make_search(
            self.exercise(index),
            self.goal,
            algorithm=s.algorithm,
            heuristic=s.heuristic,
            weight=s.weight,
            tie_break=s.tie_break,
        )

    def questions(
        self, count: int, *, max_steps: int = 200, max_exercises: int = 1000
    ) -> Iterator[Question]:
        """The first ``count`` distinct questions worth asking (two nodes or more to choose
        among), exercise after exercise, at most ``max_steps`` steps into each (fewer if
        ``max_exercises`` exercises hold fewer)."""
        given: set[tuple[Any, ...]] = set()
        for index in range(max_exercises):
            search = self.search(index)
            while len(given) < count and search.steps < max_steps and not search.done:
                q = question(search)
                if q is not None and len(q.candidates) > 1:
                    key = tuple((c.node.tiles, c.node.g) for c in q.candidates)
                    if key not in given:
                        given.add(key)
                        yield q
                search.step()
            if len(given) >= count:
                return


@dataclass
class Sheet:
    """A learner's answers: one grade per question (an exercise's key, a step), so that going
    back over a step answered neither grades it again nor loses it."""

    grades: dict[tuple[Any, int], Grade] = field(default_factory=dict)

    def mark(self, key: Any, step: int, given: Grade) -> bool:
        """Keep ``given`` for step ``step`` of ``key``; False (and nothing kept) if that
        question was answered already."""
        if (key, step) in self.grades:
            return False
        self.grades[(key, step)] = given
        return True

    def answered(self, key: Any, step: int) -> Grade | None:
        return self.grades.get((key, step))

    @property
    def right(self) -> int:
        return sum(g.right for g in self.grades.values())

    @property
    def asked(self) -> int:
        return len(self.grades)

    def score(self) -> str:
        """ "3 right of 4": what the page says."""
        return f"{self.right} right of {self.asked}"
