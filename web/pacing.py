"""How the page's long jobs (Run to end, jumps, the tree catching up, Compare's Run all to
end) share the main thread: they work in slices, then :func:`breathe` lets the page handle
clicks, keys, timers and drawing before the next slice.

Two things in Pyodide make a slice longer than it looks, both measured with
``benchmarks/site_teach.py``:

- ``asyncio.sleep`` of 2 ms or less is run as a message task, ahead of the page's timers:
  slices chained by it kept a 20 ms timer waiting 300-600 ms while every task was short.
  A 4 ms timer lets the timers in.
- The garbage collector's full collections walk every object alive; with a search's records
  and a tree of 100,000 nodes they took 80-130 ms, landing inside a slice. The objects a
  slice made and kept are long-lived, so :func:`breathe` moves them out of the collector's
  reach (``gc.freeze``; reference counting still frees them), and :func:`release` gives them
  back when a search is dropped, so a cycle among them can be collected then.
- Freeing is work too: dropping a search of 100,000 recorded steps and its tree at once took
  1.4 s of CPython. :func:`dismantle` empties their big lists and dicts a slice at a time.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

SLICE_SECONDS = 0.03  # of work before the page gets the thread back
YIELD_SECONDS = 0.004  # a timer, not a message task (see above)
DROP_CHUNK = 500  # items freed between looks at the clock (2,000 tree nodes took 50 ms)


async def breathe() -> None:
    """Between two slices: keep what they made out of full collections, then yield."""
    gc.freeze()
    await asyncio.sleep(YIELD_SECONDS)


def release() -> None:
    """A search was dropped: the collector may look at everything again."""
    gc.unfreeze()


def big_parts(*objects: Any) -> list[list[Any] | dict[Any, Any]]:
    """The lists and dicts of more than ``DROP_CHUNK`` items among the attributes of
    ``objects`` (a search, its tree): what :func:`dismantle` frees in slices."""
    return [
        value
        for thing in objects
        for value in vars(thing).values()
        if isinstance(value, list | dict) and len(value) > DROP_CHUNK
    ]


async def dismantle(parts: list[list[Any] | dict[Any, Any]]) -> None:
    """Empty ``parts`` (no longer used by anyone: a dropped search's) a slice at a time,
    yielding to the page between slices; then :func:`release`. One clock runs across the
    parts: small parts emptied one after another in a single task took 130 ms together."""
    loop = asyncio.get_event_loop()
    deadline = loop.time() + SLICE_SECONDS
    for part in parts:
        while part:
            if isinstance(part, list):
                del part[-DROP_CHUNK:]
            else:
                for _ in range(min(DROP_CHUNK, len(part))):
                    part.popitem()
            if loop.time() >= deadline:
                await asyncio.sleep(YIELD_SECONDS)
                deadline = loop.time() + SLICE_SECONDS
    release()
