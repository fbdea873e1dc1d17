"""The visualizer's search, held in the solver worker: stepped there, described to the page.

The page's visualizer (``visualizer.py``, ``stepper.py``, ``treeview.py``) only draws. The
search it steps through is npuzzle's (``make_search``, the engine the command line runs), and
lives here beside Solve's, so the pattern databases are loaded once, into the worker. Every
answer is a plain dict of numbers, strings and lists (:meth:`Stepping.model`), sent to the
page as JSON: the nodes of the lists as their tiles and figures, the step's explanation as
sentences, the counters as the line the page shows.

Stepping is bounded in time, not in steps: :meth:`Stepping.go` works toward a step number for
at most the seconds it is given and says how far it got, so a Run to end of 100,000 steps is
many short calls, and the worker answers Solve's progress, a hint or Stop in between.

IDA* has no open and closed lists: its ``open_list`` is the children still to be tried along
the current branch of its depth-first search and its ``closed_list`` that branch, so the two
lists are named in those words when IDA* (or the anytime search, made of IDA* runs) is
stepped (``PATH_WORDS``). Depth-first search's
lists are a real open list (a stack) and closed list, and keep their names.
"""

from __future__ import annotations

import time
from typing import Any

from outline import Outline

from npuzzle import ALGORITHMS, Algorithm, Node, Search
from npuzzle.core.board import moved_tile
from npuzzle.search.engine import MAX_RECORDED_STEPS
from npuzzle.teach.explain import brief, explain_step, number
from npuzzle.teach.moves import MoveStyle

VISIBLE = 40  # entries described per list (the page says how many more there are)
MAX_STEPS = MAX_RECORDED_STEPS  # every step is recorded for Back: memory stays bounded

# (title, note, counter) of the open and the closed list: most searches', and by algorithm
# the words of those that have their own
ListWords = tuple[tuple[str, str, str], tuple[str, str, str]]
OPEN_CLOSED: ListWords = (
    ("Open list", "(next to expand first)", "open"),
    ("Closed list", "(most recent first)", "closed"),
)
PATH_WORDS: ListWords = (
    ("Children waiting", "(next to try first)", "waiting"),
    ("Current path", "(deepest first)", "on the path"),
)


def list_words(algorithm: str) -> ListWords:
    return PATH_WORDS if ALGORITHMS[Algorithm(algorithm)].walks_paths else OPEN_CLOSED


def node_model(node: Node) -> dict[str, Any]:
    """A node as the page draws it in a list: its tiles, figures, and the slide that made it."""
    return {
        "tiles": list(node.tiles),
        "g": number(node.g),
        "h": number(node.h),
        "f": number(node.f),
        "move": node.move or "",
    }


class Stepping:
    """``search`` stepped for the visualizer, the furthest step it has reached, and its tree
    (:class:`outline.Outline`, which follows it)."""

    def __init__(self, search: Search) -> None:
        self.search = search
        self.width = search.board.width
        self.furthest = 0
        self.outline = Outline(search)

    @property
    def at_limit(self) -> bool:
        """The search has not ended but the visualizer steps it no further."""
        return not self.search.done and self.search.steps >= MAX_STEPS

    def advance(self) -> bool:
        """One step; False when the search has ended or reached the visualizer's limit."""
        search = self.search
        if search.done or search.steps >= MAX_STEPS:
            return False
        search.step()
        self.furthest = max(self.furthest, search.steps)
        return True

    def go(self, to: int, seconds: float) -> bool:
        """Step forward or back toward step ``to`` for at most ``seconds``; True once there
        (or as far as the search goes: its end, or the limit)."""
        search = self.search
        deadline = time.monotonic() + seconds
        while search.steps != to:
            if search.steps > to:
                search.back()
            elif not self.advance():
                return True
            if time.monotonic() >= deadline:
                break
        return search.steps == to

    def counters(self) -> str:
        """The counters' line: step, expanded, generated, the lists' sizes, the status."""
        c = self.search.counters()
        words = list_words(self.search.algorithm)
        parts = [
            f"Step {c['step']:,}",
            f"expanded {c['expanded']:,}",
            f"generated {c['generated']:,}",
            f"{words[0][2]} {c['open']:,}",
            f"{words[1][2]} {c['closed']:,}",
            f"status {c['status']}",
        ]
        for key in ("iteration", "threshold", "phase_goal"):
            if key in c:
                parts.append(f"{key.replace('_', ' ')} {c[key]}")
        return " · ".join(parts)

    def model(self) -> dict[str, Any]:
        """Everything the visualizer draws for the step shown."""
        search, width = self.search, self.width
        step = search.last_step
        current = children = None
        why: list[str] = []
        why_blank: list[str] = []  # the same in the blank's letters (the View menu's choice)
        if step is not None:
            why = explain_step(search, step).sentences()
            why_blank = explain_step(search, step, MoveStyle.BLANK).sentences()
            if step.node is not None:
                node = step.node
                # the tile the move slid, for the grid's mark when it shows this node
                moved = moved_tile(node.tiles, width, node.move) if node.move else None
                current = {**node_model(node), "note": step.note or "", "moved": moved}
                children = [
                    {**node_model(child.node), "outcome": str(child.outcome)}
                    for child in step.children
                ]
        words = list_words(search.algorithm)
        return {
            "steps": search.steps,
            "furthest": self.furthest,
            "done": search.done,
            "at_limit": self.at_limit,
            "search_status": str(search.status),
            "reason": search.reason or "",
            "length": len(search.solution) if search.solution is not None else None,
            "counters": self.counters(),
            "words": [list(w) for w in words],
            "current": current,
            "children": children or [],
            "why": why,
            "why_blank": why_blank,
            "brief": brief(step) if step is not None else "Step 0: nothing expanded yet.",
            "open": [node_model(n) for n in search.open_list(0, VISIBLE)],
            "open_size": search.open_size,
            "closed": [node_model(n) for n in search.closed_list(0, VISIBLE)],
            "closed_size": search.closed_size,
        }

    def progress(self) -> dict[str, Any]:
        """Where a long run has got: enough for the buttons and the progress beside them."""
        search = self.search
        return {
            "steps": search.steps,
            "furthest": self.furthest,
            "done": search.done,
            "at_limit": self.at_limit,
        }
