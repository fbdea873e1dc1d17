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

Every step is recorded (Back is exact, Why this step and the tree are drawn from the records)
up to ``MAX_RECORDED_STEPS``; past them the search runs on to its end without records
(:class:`npuzzle.search.recording.Recording`): the lists and counters are still the search's,
the tree stays at the last recorded step, and going back from there returns to that step at
once. A run stops at ``MAX_STEPS``, the page's node limit, if the search has not ended.

IDA* has no open and closed lists: its ``open_list`` is the children still to be tried along
the current branch of its depth-first search and its ``closed_list`` that branch, so the two
lists are named in those words when IDA* (or the anytime search, made of IDA* runs) is
stepped (``PATH_WORDS``). Depth-first search's
lists are a real open list (a stack) and closed list, and keep their names.

Each step carries the lines of its algorithm's pseudocode it ran (``Step.lines``, the
engine's own record) and a sentence for each (:mod:`npuzzle.teach.pseudocode`): the page's
pseudocode panel highlights them, a line at a time with Step line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from outline import Outline

from npuzzle import ALGORITHMS, Algorithm, Node, Search
from npuzzle.core.board import moved_tile
from npuzzle.lab import PAGE_MAX_NODES
from npuzzle.search.engine import MAX_RECORDED_STEPS
from npuzzle.search.recording import Recording
from npuzzle.teach.explain import brief, explain_step, number
from npuzzle.teach.moves import MoveStyle
from npuzzle.teach.pseudocode import lines, pseudocode
from npuzzle.teach.pseudocode import said as said_by_line

VISIBLE = 40  # entries described per list (the page says how many more there are)
#: the most steps the visualizer takes: the page's node limit (a step expands one node at
#: most), as Solve's; every step up to MAX_RECORDED_STEPS is recorded, the rest are not
MAX_STEPS = PAGE_MAX_NODES
CATCH_UP = 2000  # steps of catching up past the records between looks at the clock

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
    """The search ``make()`` makes, stepped for the visualizer (recorded up to ``limit``
    steps, then run on without records), the furthest step it has reached, and its tree
    (:class:`outline.Outline`, which follows the recorded steps)."""

    def __init__(self, make: Callable[[], Search], *, limit: int | None = None) -> None:
        limit = MAX_RECORDED_STEPS if limit is None else limit
        self.recording = Recording(make, limit=limit, max_nodes=PAGE_MAX_NODES)
        self.width = self.search.board.width
        self.furthest = 0
        self.outline = Outline(self.recording.recorded)

    @property
    def search(self) -> Search:
        """The search at the step shown (past the records, the one run on)."""
        return self.recording.search

    @property
    def at_limit(self) -> bool:
        """The search has not ended but the visualizer steps it no further."""
        return not self.search.done and self.search.steps >= MAX_STEPS

    def advance(self) -> bool:
        """One step; False when the search has ended or reached the visualizer's limit."""
        if self.search.done or self.search.steps >= MAX_STEPS:
            return False
        self.recording.step()
        self.furthest = max(self.furthest, self.search.steps)
        return True

    def go(self, to: int, seconds: float) -> bool:
        """Step forward or back toward step ``to`` for at most ``seconds``; True once there
        (or as far as the search goes: its end, or the limit). Going back from past the
        records lands on the last recorded step: Back reaches back over those only."""
        recording = self.recording
        if recording.past_records and to < recording.steps:
            to = min(to, recording.recorded_steps)
        deadline = time.monotonic() + seconds
        # A single Step is one call: catching up to go on past the records is done whole for
        # it (seconds, once); a run does it in slices between its calls.
        slices = None if to == recording.steps + 1 else CATCH_UP
        while recording.steps != to:
            if recording.steps > to:
                recording.back()
            elif not recording.ready(slices):
                pass  # catching up, in slices
            elif not self.advance():
                return True
            if time.monotonic() >= deadline:
                break
        return recording.steps == to

    def unrecorded_note(self) -> str:
        """What the panel says of a step taken without a record."""
        recorded = self.recording.recorded_steps
        return (
            f"Step {self.search.steps:,} was taken without a record: the first {recorded:,} "
            "steps are recorded (records take memory), the rest run on to the end. The "
            f"counters and lists are the search's own; Back returns to step {recorded:,}."
        )

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
        if self.recording.past_records:
            parts.append(f"recorded to step {self.recording.recorded_steps:,}")
        return " · ".join(parts)

    def model(self) -> dict[str, Any]:
        """Everything the visualizer draws for the step shown."""
        search, width = self.search, self.width
        step = search.last_step
        current = children = None
        why: list[str] = []
        why_blank: list[str] = []  # the same in the blank's letters (the View menu's choice)
        said = brief(step) if step is not None else "Step 0: nothing expanded yet."
        if self.recording.past_records:
            why = why_blank = [self.unrecorded_note()]
            said = why[0]
        elif step is not None:
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
        # the lines of pseudocode the step ran, from its record (none past the records)
        code: dict[str, Any] = pseudocode(search.algorithm).to_json()
        code["lines"], code["said"] = [], []
        if not self.recording.past_records:
            code["lines"] = [str(line) for line in lines(step)]
            code["said"] = said_by_line(search, step)
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
            "brief": said,
            "recorded_steps": self.recording.recorded_steps,
            "open": [node_model(n) for n in search.open_list(0, VISIBLE)],
            "open_size": search.open_size,
            "closed": [node_model(n) for n in search.closed_list(0, VISIBLE)],
            "closed_size": search.closed_size,
            "pseudocode": code,
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
