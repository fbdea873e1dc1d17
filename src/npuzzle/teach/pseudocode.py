"""Each search's pseudocode, a handful of lines, and a step told line by line.

The lines are those the engine's step records name (:class:`~npuzzle.search.records.Line`,
``Step.lines``: the engine says which lines a step ran, in order), written out for each
algorithm in the words of the lists and of Why this step: open list, closed list, g, h, f,
expand, generate, duplicate, prune, threshold, iteration. Nothing is searched again here: a
step's lines and the numbers said of them are the record's own.

>>> from npuzzle import Board, make_search
>>> search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
>>> for row in pseudocode(search.algorithm).rows[:5]:
...     print("    " * row.indent + row.text)
put the start on the open list (f = g + h)
while the open list is not empty:
    take the node of smallest f off the open list
    if it is the goal: return its path
    expand it: put it on the closed list
>>> step = search.step()
>>> [str(line) for line in step.lines[:5]]
['pop', 'goal', 'expand', 'generate', 'push']
>>> said(search, step)[3]
'Line 6: generated child 1 of 4 (g = 1, h = 7, f = 8).'
"""

from __future__ import annotations

from dataclasses import dataclass

from npuzzle.search.algorithms import ALGORITHMS, Algorithm, Priority
from npuzzle.search.anytime import FIRST_BUDGET, WEIGHTS
from npuzzle.search.engine import Search
from npuzzle.search.records import Child, Line, Outcome, Step
from npuzzle.teach.explain import number

__all__ = ["Pseudocode", "Row", "lines", "pseudocode", "said"]


@dataclass(frozen=True)
class Row:
    """A row of pseudocode: its text, how deep it is indented, and the line of the engine's
    records that runs it (None: a loop's head, which no step stops at)."""

    text: str
    indent: int
    line: Line | None = None


@dataclass(frozen=True)
class Pseudocode:
    """An algorithm's pseudocode: its title and rows; each :class:`Line` it runs is on one
    row."""

    title: str
    rows: tuple[Row, ...]

    def row_of(self, line: Line) -> int:
        """The index of the row that ``line`` runs (0 first)."""
        for i, row in enumerate(self.rows):
            if row.line == line:
                return i
        raise KeyError(f"{self.title} has no line {line!r}")

    def to_json(self) -> dict[str, object]:
        return {
            "title": self.title,
            "rows": [
                {
                    "text": r.text,
                    "indent": r.indent,
                    "line": None if r.line is None else str(r.line),
                }
                for r in self.rows
            ],
        }


def _best_first(algorithm: Algorithm, start: str, indent: int = 0) -> tuple[Row, ...]:
    """The rows of a best-first search (the human-like search's phases among them)."""
    info = ALGORITHMS[algorithm]
    i = indent
    rows = [
        Row(start, i, Line.START),
        Row("while the open list is not empty:", i),
        Row(
            "take the deepest node off the open list (the top of the stack)"
            if info.stack
            else "take the shallowest node (smallest f) off the open list"
            if info.priority == Priority.DEPTH
            else "take the node of smallest f off the open list",
            i + 1,
            Line.POP,
        ),
        Row("if it is the goal: return its path", i + 1, Line.GOAL),
        Row("expand it: put it on the closed list", i + 1, Line.EXPAND),
        Row("for each child it generates (g + 1):", i + 1, Line.GENERATE),
    ]
    if info.stack:
        rows.append(Row("if g is over the depth limit: prune it", i + 2, Line.PRUNE))
    rows += [
        Row(
            "if its state is known with a g as small: a duplicate, skip it"
            if info.reopens
            else "if its state is closed, or open with a g as small: a duplicate, skip it",
            i + 2,
            Line.DUPLICATE,
        ),
        Row(
            "else push it onto the open list (or update its g, or reopen it)"
            if info.reopens
            else "else push it onto the open list (or update its g)",
            i + 2,
            Line.PUSH,
        ),
        Row("the open list is empty: no path", i, Line.EXHAUSTED),
    ]
    return tuple(rows)


_IDASTAR = (
    Row("threshold ← f of the start (f = g + h)", 0, Line.START),
    Row("loop, an iteration per threshold, depth first from the start:", 0),
    Row("take the next node: the start, then the children waiting", 1, Line.POP),
    Row("if it is the goal: return the current path", 1, Line.GOAL),
    Row("expand it: the current path goes through it", 1, Line.EXPAND),
    Row("for each child it generates (g + 1; never the move back):", 1, Line.GENERATE),
    Row("if f > threshold: prune it (the smallest f pruned is kept)", 2, Line.PRUNE),
    Row("if reached before with a g as small: a duplicate, skip it", 2, Line.DUPLICATE),
    Row("else it joins the children waiting", 2, Line.PUSH),
    Row("none waiting: threshold ← the smallest f pruned; next iteration", 1, Line.ITERATION),
    Row("no f was pruned: no path", 0, Line.EXHAUSTED),
)

_ANYTIME = (
    Row(f"best ← none; a phase may take {FIRST_BUDGET:,} expansions", 0, Line.START),
    Row("each round, the budget doubled:", 0),
    # the last weight, 1, is the proof's
    Row(
        f"for the next weights w = {', '.join(f'{w:g}' for w in WEIGHTS[:3])} … {WEIGHTS[-2]:g}:", 1
    ),
    Row("a phase of IDA* under f = g + w·h: expand a node", 2, Line.WEIGHTED),
    Row("its budget spent: it waits for the next round", 2, Line.PAUSE),
    Row("a path shorter than best: best ← it", 2, Line.IMPROVE),
    Row("shorten best: IDA* over stretches of its path", 2, Line.SHORTEN),
    Row("then IDA* under h, for a path shorter than best: the proof", 1, Line.PROOF),
    Row("return best (shortest, once the proof has ended)", 0, Line.DONE),
)


def pseudocode(algorithm: Algorithm) -> Pseudocode:
    """The pseudocode of ``algorithm``.

    >>> [row.text for row in pseudocode(Algorithm.IDASTAR).rows if row.line is Line.PRUNE]
    ['if f > threshold: prune it (the smallest f pruned is kept)']
    """
    info = ALGORITHMS[algorithm]
    if algorithm == Algorithm.IDASTAR:
        return Pseudocode("IDA*", _IDASTAR)
    if algorithm == Algorithm.ANYTIME:
        return Pseudocode("Anytime search, by phases", _ANYTIME)
    if info.solves_parts:  # the human-like search: weighted A* toward each phase's tiles
        rows = (
            Row(
                "for each phase: tiles to place (a row, a column), then the last 3x3", 0, Line.PHASE
            ),
            *_best_first(
                Algorithm.WASTAR, "put the board on the open list (f = g + w·h; A* last)", 1
            ),
        )
        return Pseudocode(info.title, rows)
    formula = "" if info.stack else f" (f = {info.priority.value})"
    start = "put the start on the open list" + (" (a stack)" if info.stack else formula)
    return Pseudocode(info.title, _best_first(algorithm, start))


def lines(step: Step | None) -> tuple[Line, ...]:
    """The lines a step ran; step 0 (``None``) stands at the START line, the lists as it
    makes them.

    >>> [str(line) for line in lines(None)]
    ['start']
    """
    return (Line.START,) if step is None else step.lines


def said(search: Search, step: Step | None) -> list[str]:
    """What each line ``step`` ran did, in the step's numbers, one sentence per line of
    ``step.lines`` (step 0, ``None``: the one sentence of its START line, which
    :func:`lines` gives it)."""
    code = pseudocode(search.algorithm)
    if step is None:
        start = code.row_of(Line.START)
        return [f"Line {start + 1}: {code.rows[start].text}. No step taken yet."]
    out = []
    children = step.children
    k = -1  # the child of the lines being said
    for line in step.lines:
        if line == Line.GENERATE:
            k += 1
        child = children[k] if 0 <= k < len(children) else None
        out.append(f"Line {code.row_of(line) + 1}: {_what(search, step, line, child, k)}.")
    return out


def _what(search: Search, step: Step, line: Line, child: Child | None, k: int) -> str:
    """What ``line`` did in ``step`` (``child``: the k-th child, for the lines of a child)."""
    paths = ALGORITHMS[search.algorithm].walks_paths
    node = step.node
    figures = (
        ""
        if node is None
        else f" (g = {number(node.g)}, h = {number(node.h)}, f = {number(node.f)})"
    )
    if line == Line.POP:
        return f"took the next node{figures}" + ("" if paths else " off the open list")
    if line == Line.GOAL:
        return "it is the goal: the search returns its path" if step.goal else "not the goal"
    if line == Line.EXPAND:
        where = "the current path goes through it" if paths else "it is on the closed list"
        return f"expanded it: {where}; {len(step.children)} children to generate"
    if line == Line.ITERATION:
        return (
            f"nothing was left under the last threshold: iteration {step.iteration} begins, "
            f"threshold {number(step.threshold or 0)}"
        )
    if line in (Line.EXHAUSTED, Line.DONE):
        return step.note or "nothing is left to search: no path"
    if child is not None and line in (Line.GENERATE, Line.PRUNE, Line.DUPLICATE, Line.PUSH):
        c = child.node
        which = f"child {k + 1} of {len(step.children)}"
        if line == Line.GENERATE:
            return f"generated {which} (g = {number(c.g)}, h = {number(c.h)}, f = {number(c.f)})"
        if line == Line.PRUNE:
            if step.threshold is not None:
                return f"{which}: f = {number(c.f)} > threshold {number(step.threshold)}: pruned"
            return f"{which}: g = {c.g} is over the depth limit: pruned"
        if line == Line.DUPLICATE:
            known = "" if child.known_g is None else f" with g = {child.known_g}"
            return f"{which}: its state is known{known}: a duplicate, skipped"
        if paths:
            return f"{which} joins the children waiting"
        if child.outcome == Outcome.UPDATED:
            return f"{which}: on the open list with g = {child.known_g}, now {c.g}: updated"
        if child.outcome == Outcome.REOPENED:
            return f"{which}: closed with g = {child.known_g}, now {c.g}: reopened"
        return f"{which} pushed onto the open list"
    return _phase_said(search, step, line)


def _phase_said(search: Search, step: Step, line: Line) -> str:
    """What a line of the anytime or the human-like search's phases did (``search`` at
    ``step``)."""
    where = step.note.split(";")[0] if step.note else f"phase {step.phase}"
    if line in (Line.WEIGHTED, Line.SHORTEN, Line.PROOF):
        return f"expanded a node ({where})"
    if line == Line.PAUSE:
        return "the phase before spent its budget: it waits for the next round"
    if line == Line.IMPROVE:
        best = search.counters().get("best")
        return "a path shorter than the best: the new best" + (
            f", {best} moves" if best is not None else ""
        )
    if line == Line.PHASE:
        return f"a phase begins ({where})"
    return line.value
