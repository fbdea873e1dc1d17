"""Child processes that stop with their parent, and the signals that stop the parent.

Below every layer that starts processes (the pattern databases' build, the searches on
several processes), so that all follow one rule: when the parent stops, for whatever reason,
its children stop at once with it. A :func:`pool`'s children are terminated, not drained (a
queue of tables or boards is not worked through first), and they die of the signal the pool
sends them rather than each printing a traceback; :func:`stopping_on_signals` turns SIGTERM
and SIGHUP into :class:`Stopped`, raised in the parent like Ctrl+C's KeyboardInterrupt, so that
the same cleanup runs whichever signal came.

>>> with pool(2) as workers:
...     sorted(workers.imap_unordered(abs, [-2, 1, -3]))
[1, 2, 3]
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.pool import TERMINATE, IMapIterator, Pool
from types import FrameType
from typing import TypeVar

__all__ = [
    "STOPPING",
    "Stopped",
    "answers",
    "next_answer",
    "pool",
    "quiet_child",
    "start_method",
    "stopping_on_signals",
]

T = TypeVar("T")

#: the signals that stop a command: Ctrl+C, ``kill``, and a terminal that closes
STOPPING = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Stopped(KeyboardInterrupt):
    """The process was asked to stop by ``signum`` (SIGINT, SIGTERM or SIGHUP)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def quiet_child() -> None:
    """A pool's initializer. Ctrl+C reaches every process of the terminal, and the parent
    stops the children itself, so they ignore it rather than each printing a traceback; the
    other stopping signals end them at once, as the system would (a child forked from a
    parent that is :func:`stopping_on_signals` inherits its handlers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOPPING:
        if signum != signal.SIGINT:
            signal.signal(signum, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # blocked by the thread that started this child
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)


def start_method() -> str | None:
    """``fork`` where the system has it (children share this process's loaded tables), else
    the system's default."""
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else None


@contextmanager
def pool(jobs: int) -> Iterator[Pool]:
    """``jobs`` child processes; on leaving, however, they are terminated (not waited for),
    and killed at once if it is left by an exception (a signal, Ctrl+C, an error)."""
    # The pool's threads block the stopping signals, so that the system gives them to the
    # main thread: one given to another thread would not wake the main thread where it waits
    # for an answer, and the command would not stop.
    blocked = hasattr(signal, "pthread_sigmask")
    if blocked:
        before = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        workers = multiprocessing.get_context(start_method()).Pool(jobs, initializer=quiet_child)
    finally:
        if blocked:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
    try:
        yield workers
    except BaseException:
        _kill(workers)
        raise
    finally:
        workers.terminate()
        workers.join()


#: how long the parent waits for an answer at a time (:func:`next_answer`)
WAIT_SLICE = 0.25


def next_answer(results: IMapIterator[T], timeout: float | None = None) -> T:
    """The next answer of a pool's ``imap`` or ``imap_unordered`` (StopIteration after the
    last; multiprocessing.TimeoutError after ``timeout`` seconds), waited for in slices: a
    stopping signal the system gave to one of the pool's threads, which does not wake the
    main thread where it waits, is then seen within one slice."""
    end = None if timeout is None else time.monotonic() + timeout
    while True:
        left = WAIT_SLICE if end is None else max(0.0, min(WAIT_SLICE, end - time.monotonic()))
        try:
            return results.next(left)
        except multiprocessing.TimeoutError:
            if end is not None and time.monotonic() >= end:
                raise


def answers(results: IMapIterator[T]) -> Iterator[T]:
    """Every answer of a pool's ``imap`` or ``imap_unordered``, each :func:`next_answer`."""
    while True:
        try:
            yield next_answer(results)
        except StopIteration:
            return


#: how long :func:`_kill` waits for a queue's lock that a thread of this process may hold
LOCK_WAIT = 0.5


def _kill(workers: Pool) -> None:
    """Kill the children now, so that Pool.terminate after finds none to wait for.

    A child that a signal to the whole group killed while it waited for a task, or sent an
    answer, holds the lock of the task queue, or of the answer queue, for good, and
    Pool.terminate takes both: it would wait forever. So the pool is kept from replacing its
    children, they are killed, and the locks dead children held are given back (the two that
    children take). Pool keeps all that in attributes of its own, the same from Python 3.8 to
    3.14; were they gone, terminate is left to do what it can."""
    try:
        handler, children = workers._worker_handler, list(workers._pool)  # type: ignore[attr-defined]
        locks = [workers._inqueue._rlock, workers._outqueue._wlock]  # type: ignore[attr-defined]
        handler._state = TERMINATE
        workers._change_notifier.put(None)  # type: ignore[attr-defined]
    except AttributeError:
        return
    handler.join()
    children += [c for c in workers._pool if c not in children]  # type: ignore[attr-defined]
    for child in children:
        child.kill()
    for child in children:
        child.join()
    for lock in locks:  # free either way: taken here, or held by a child that is dead now
        if lock is None:  # Windows' answer queue has none
            continue
        # A thread of this process may hold it for a moment (the pool's task thread puts its
        # last None on the answer queue as it ends): waiting a little lets it give it back,
        # where releasing it under that thread would make its own release fail with a
        # traceback. Only a dead child holds it longer.
        lock.acquire(timeout=LOCK_WAIT)
        lock.release()


def _stop(signum: int, _frame: FrameType | None) -> None:
    # once: a second signal must not break off the cleanup the first one started
    for other in STOPPING:
        signal.signal(other, signal.SIG_IGN)
    raise Stopped(signum)


@contextmanager
def stopping_on_signals() -> Iterator[None]:
    """Within: SIGINT, SIGTERM and SIGHUP raise :class:`Stopped` in this process (from the main
    thread only; elsewhere nothing changes), so ``finally`` blocks run and children are
    stopped; the handlers before are restored on leaving."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    # a signal ignored from the start stays ignored (``nohup`` ignores SIGHUP)
    before = {
        signum: handler
        for signum in STOPPING
        if (handler := signal.getsignal(signum)) is not signal.SIG_IGN and handler is not None
    }
    for signum in before:
        signal.signal(signum, _stop)
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
