"""Pattern databases in the browser: fetched from the site's pdb/ folder, kept in the
browser's Cache Storage (so the next visit reads them from disk), handed to
npuzzle.heuristics.pdbbuild.

Used by the solver worker alone, which runs Solve, hints, the Lab and the visualizer's search:
the tables are held once, loaded only when the pdb heuristic is chosen (or a hint is asked).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

import js

from npuzzle import Board, PuzzleError, __version__
from npuzzle.heuristics import pdbbuild, pdbplan
from npuzzle.heuristics.base import Heuristic
from npuzzle.heuristics.pdb import PatternDatabase

FOLDER = "pdb/"  # beside the page
CACHE_PREFIX = "npuzzle-pdb "  # then the tables' folder, a space and npuzzle's version

Report = Callable[[int, int], Any]  # (bytes read, bytes in all)


class Stopped(Exception):
    """Loading was cancelled."""


def needed(
    board: Board, goal: Board, algorithm_uses_h: bool, heuristic: str, *, large: bool = False
) -> list[str]:
    """The tables a search needs that are not loaded yet (none if it cannot use them: the
    search then reports why itself): those of the plan the heuristic will read (the large
    one once its tables are loaded), or with ``large`` those of the large plan where there is
    one (the 4x4 with the goal's blank in a corner: 9.5 MB, fetched only for what a user
    asked for, a Solve or a pressed Hint, never for a view that merely opened)."""
    if not algorithm_uses_h or heuristic != "pdb":
        return []
    w, h = board.width, board.height
    try:
        plan = pdbbuild.plan_for(w, h, goal.blank)
        big = pdbplan.large_plan(w, h, goal.blank) if large else None
        names = (big or plan).names()
    except PuzzleError:
        return []
    return [name for name in names if not pdbbuild.loaded(name)]


def read_by(heuristic: Heuristic) -> list[str]:
    """The pattern databases ``heuristic`` reads (none but for the ``pdb`` heuristic)."""
    return heuristic.plan.names() if isinstance(heuristic, PatternDatabase) else []


def cache_name(folder: str) -> str:
    """The Cache Storage bucket of the tables in ``folder`` (a URL) for this version: two
    deployments on one origin (two project sites on github.io) each keep their own."""
    return f"{CACHE_PREFIX}{folder} {__version__}"


async def _cache(folder: str) -> Any:
    """The Cache Storage bucket, or None where there is none (the files are then fetched
    every time); the buckets of other versions of the same folder are dropped."""
    name = cache_name(folder)
    try:
        caches = js.caches
        for key in (await caches.keys()).to_py():
            if key.startswith(f"{CACHE_PREFIX}{folder} ") and key != name:
                await caches.delete(key)
        return await caches.open(name)
    except Exception:
        return None


async def _sizes(folder: str) -> dict[str, int]:
    try:
        response = await js.fetch(folder + "index.json")
        if not response.ok:
            return {}
        return dict(json.loads(await response.text()).get("tables", {}))
    except Exception:
        return {}


async def _read(
    cache: Any, url: str, name: str, report: Callable[[int], Any], stop: Callable[[], bool]
) -> bytes:
    response = None
    if cache is not None:
        with contextlib.suppress(Exception):
            response = await cache.match(url)
    if response is None:
        try:
            response = await js.fetch(url)
        except Exception as exc:
            raise PuzzleError(f"pattern database {name} could not be fetched: {exc}") from None
        if not response.ok:
            raise PuzzleError(
                f"this site has no pattern database {name} (HTTP {response.status}); "
                "npuzzle pdb --size builds it for the command line"
            )
        if cache is not None:
            # full or refused: it still works, it is just fetched again next time
            with contextlib.suppress(Exception):
                await cache.put(url, response.clone())
    reader = response.body.getReader()
    parts: list[bytes] = []
    got = 0
    while True:
        if stop():
            await reader.cancel()
            raise Stopped
        chunk = await reader.read()
        if chunk.done:
            break
        data = chunk.value.to_bytes()
        parts.append(data)
        got += len(data)
        report(got)
    return b"".join(parts)


async def load(
    names: list[str], report: Report, page: str, stop: Callable[[], bool] = lambda: False
) -> int:
    """Fetch (or read from the cache) and hand over ``names``; the bytes read are returned.
    ``page`` is the page's address: the tables are beside it (a worker has an address of its
    own, so it is told). A missing or damaged file raises PuzzleError with a message (and a
    damaged one is dropped from the cache); ``stop()`` turning true raises :class:`Stopped`."""
    if not names:
        return 0
    folder = str(js.URL.new(FOLDER, page).href)
    sizes = await _sizes(folder)
    total = sum(sizes.get(name, 0) for name in names)
    cache = await _cache(folder)
    done = 0
    for name in names:
        url = folder + name

        def read(got: int, base: int = done) -> None:
            report(base + got, total)

        data = await _read(cache, url, name, read, stop)
        done += len(data)
        try:
            pdbbuild.provide(name, data)  # checks the header, the size and the checksum
        except PuzzleError:
            if cache is not None:  # never keep a bad copy: the next try fetches it again
                with contextlib.suppress(Exception):
                    await cache.delete(url)
            raise
        await asyncio.sleep(0)  # unpacking takes a moment: let the page breathe between files
    return done
