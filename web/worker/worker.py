"""Solver worker (a PyScript worker named "solver"): searches run here, off the main thread.

It has no config of its own, so it inherits the page's: local interpreter and the npuzzle
package zip. Its exports take and return the JSON-like values of web/protocol.py; each is
made in a module of its own:

- ``solve`` (solve_calls.py): Solve, in chunks, so that ``progress()`` and ``cancel()`` are
  answered while it runs; IDA* shared with the helper workers (team.py) when asked;
- ``hint`` (hint_calls.py): a player's Hint and Moves to solved, refused while a job runs;
- ``lab_run``, ``lab_progress`` (lab_calls.py): the Lab;
- ``steps_*`` (step_calls.py): the visualizer's search, stepped by short calls; ``steps_quiz``
  (quiz_calls.py): the quiz's question before its next step;
- ``compare_*`` (compare_calls.py): Compare's searches;
- ``yours_check`` (heuristic_calls.py): a heuristic of yours checked, then installed as the
  heuristic ``yours`` of the searches here.

The job under way and the pattern databases, loaded here alone, are job.py's.
"""

from compare_calls import (
    compare_back,
    compare_close,
    compare_open,
    compare_run,
    compare_step,
    compare_view,
)
from heuristic_calls import yours_check
from hint_calls import hint
from job import JOB, TEAM
from lab_calls import lab_progress, lab_run
from protocol import Progress
from quiz_calls import steps_quiz
from solve_calls import solve
from step_calls import steps_close, steps_go, steps_open, steps_tree

import npuzzle

# PyScript hands the page's notes with a helper's port to ``xworker.onmessage`` (team.py)
xworker = TEAM.notes


def ping() -> dict[str, str]:
    """Answer the main thread's liveness check with the package version."""
    return {"version": npuzzle.__version__}


def progress() -> Progress:
    """Counters of the job under way (or of the last one)."""
    return JOB.progress()


def cancel() -> bool:
    """Ask the running job to stop at its next chunk; False if none is running."""
    if JOB.running:
        JOB.cancel = True
    return JOB.running


__all__ = [
    "cancel",
    "compare_back",
    "compare_close",
    "compare_open",
    "compare_run",
    "compare_step",
    "compare_view",
    "hint",
    "lab_progress",
    "lab_run",
    "ping",
    "progress",
    "solve",
    "steps_close",
    "steps_go",
    "steps_open",
    "steps_quiz",
    "steps_tree",
    "yours_check",
]
__export__ = __all__  # what PyScript lets the page call
