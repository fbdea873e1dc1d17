"""Independent searches on several processes, answered in the order asked (``--jobs``).

Processes, not threads: the searches are pure Python and hold the interpreter's lock. Where
the system offers ``fork`` (Linux) the children start as copies of this process, so pattern
databases it has already loaded (80 MiB for the 4x4) are shared rather than read again by
each child; elsewhere each child loads what it needs from the disk cache.

>>> list(ordered_map(abs, [-3, 2, -1], jobs=1))
[3, 2, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from npuzzle.core.processes import answers, pool

__all__ = ["MAX_JOBS", "check_jobs", "ordered_map"]

In = TypeVar("In")
Out = TypeVar("Out")

#: the most processes ``--jobs`` may ask for: each may hold its own tables and search
MAX_JOBS = 64


def check_jobs(jobs: int) -> int:
    """``jobs`` if it is a number of processes this module runs, else ValueError."""
    if not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"a number of processes from 1 to {MAX_JOBS}, not {jobs}")
    return jobs


def ordered_map(work: Callable[[In], Out], items: Iterable[In], jobs: int) -> Iterator[Out]:
    """``work(item)`` for each item, on ``jobs`` processes; each answer is yielded once it and
    every answer before it are ready, so the order is the items' whatever the timing. One job
    works in this process. ``work`` must be a module-level function (or a partial of one), and
    items and answers must pickle. Stopping early (Ctrl+C, or a signal in a command that is
    :func:`~npuzzle.core.processes.stopping_on_signals`) stops the children at once."""
    check_jobs(jobs)
    if jobs == 1:
        yield from map(work, items)
        return
    with pool(jobs) as workers:
        yield from answers(workers.imap(work, items))
