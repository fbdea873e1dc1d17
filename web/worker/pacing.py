"""Freeing a dropped search without holding up the solver worker.

The visualizer's search lives in the worker (``stepping.py``); when the board or the settings
change, the worker drops it. Freeing is work: dropping a search of 100,000 recorded steps and
its tree at once took 1.4 s of CPython, during which the worker would answer nothing (Solve's
progress, a hint, the next Step). :func:`dismantle` empties their big lists and dicts a slice
at a time instead, yielding between slices with a short timer (``asyncio.sleep`` of 2 ms or
less runs as a message task in Pyodide, ahead of everything else).
"""

from __future__ import annotations

import asyncio
from typing import Any

SLICE_SECONDS = 0.03  # of freeing before the worker gets its event loop back
YIELD_SECONDS = 0.004  # a timer, not a message task (see above)
DROP_CHUNK = 500  # items freed between looks at the clock (2,000 tree nodes took 50 ms)


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
    yielding between slices. One clock runs across the parts: small parts emptied one after
    another in a single task took 130 ms together."""
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
