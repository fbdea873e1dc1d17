"""The page's imports in short tasks, while the opening's board takes moves.

main.py's imports (npuzzle's, the standard library's it needs and the views') run in one go
when Pyodide runs the script: one main-thread task of 0.4 to 1.3 s on a 2-core machine,
during which a key pressed on the opening's board (web/opening/opening.py, which answers
moves until the page takes over) waits. Inside :func:`short_imports`, an import that begins
more than ``BUDGET`` after the last pause first hands the main thread back to the browser for
a moment: the opening answers the keys pressed meanwhile, and the screen is drawn.

The pause blocks Python while JavaScript's event loop runs (``pyodide.ffi.run_sync``, on
WebAssembly's JavaScript Promise Integration, JSPI): Python's import machinery cannot await.
Where the browser has no JSPI (``can_run_sync()`` is False), the imports run in one go, as
before. docs/performance.md ("Opening the page") has the figures.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pyodide.ffi import can_run_sync, run_sync

# The performance mark main.py sets where its imports begin (the browser's timeline).
IMPORTS_MARK = "npuzzle: imports"
# Seconds of imports between two pauses: a key waits about this long, plus the one module
# being run (npuzzle's longest, npuzzle.teach.tree, about 50 ms in the browser).
BUDGET = 0.03
# A timer, not asyncio.sleep(0): Pyodide runs that as a message task, which the browser may
# run before drawing a frame; a timer lets the frame and the input events in.
PAUSE = 0.001


class Pauses:
    """A finder on ``sys.meta_path`` that finds no module: asked first for every module not
    imported yet, it pauses when ``budget`` has passed since the last pause (or since it was
    made), then leaves the finding to Python's own finders."""

    def __init__(
        self,
        pause: Callable[[], None],
        clock: Callable[[], float] = time.monotonic,
        budget: float = BUDGET,
    ) -> None:
        self.pause, self.clock, self.budget = pause, clock, budget
        self.last = clock()
        self.count = 0  # the pauses made

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if self.clock() - self.last >= self.budget:
            self.pause()
            self.count += 1
            self.last = self.clock()


def pause() -> None:
    """Let the browser run its other tasks (input, a frame) and come back."""
    run_sync(asyncio.sleep(PAUSE))


@contextmanager
def short_imports(
    pause: Callable[[], None] = pause,
    can_pause: Callable[[], bool] = can_run_sync,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[Pauses | None]:
    """The imports made inside the ``with`` pause every ``BUDGET``; the finder is gone after
    it. None inside when pausing is not possible here (no JSPI, or the call stack was not
    entered asynchronously): the imports then run in one go."""
    if not can_pause():
        yield None
        return
    pauses = Pauses(pause, clock)
    sys.meta_path.insert(0, pauses)
    try:
        yield pauses
    finally:
        sys.meta_path.remove(pauses)
    # And one after the last import, if due: what comes next starts a task of its own.
    pauses.find_spec("")
