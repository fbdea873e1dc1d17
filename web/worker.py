"""Solver worker (a PyScript worker named "solver"): searches run here, off the main thread.

It has no config of its own, so it inherits the page's: local interpreter and the npuzzle
package zip. Exported functions take and return JSON-like values only.

``solve`` runs the search in chunks and yields to the worker's event loop between them, so
the main thread's ``progress()`` and ``cancel()`` calls are answered while it runs.
"""

import asyncio
from typing import Any

import npuzzle
from npuzzle import Board, PuzzleError, make_search

CHUNK_SECONDS = 0.05  # run this long between answers to progress() and cancel()
MAX_NODES = 1_000_000  # the page's node limit: memory in the tab is finite

_job: dict[str, Any] = {
    "running": False,
    "cancel": False,
    "expanded": 0,
    "generated": 0,
    "open": 0,
    "seconds": 0.0,
}


def ping() -> dict[str, str]:
    """Answer the main thread's liveness check with the package version."""
    return {"version": npuzzle.__version__}


def progress() -> dict[str, Any]:
    """Counters of the search under way (or of the last one)."""
    return dict(_job)


def cancel() -> bool:
    """Ask the running search to stop at its next chunk; False if none is running."""
    if _job["running"]:
        _job["cancel"] = True
    return bool(_job["running"])


def _plain(value: Any) -> Any:
    return value.to_py() if hasattr(value, "to_py") else value


async def solve(request: Any) -> dict[str, Any]:
    """Solve ``request`` = {board, goal (rows text), algorithm, heuristic, weight}."""
    req = _plain(request)
    if _job["running"]:
        return {"status": "error", "reason": "a search is already running"}
    try:
        board = Board.parse(str(req["board"]))
        goal = Board.parse(str(req["goal"]), board.width, board.height)
        search = make_search(
            board,
            goal,
            algorithm=str(req.get("algorithm", "astar")),
            heuristic=str(req.get("heuristic", "manhattan")),
            weight=float(req.get("weight", 3)),
        )
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return {"status": "error", "reason": str(exc)}
    _job.update(running=True, cancel=False, expanded=0, generated=0, open=0, seconds=0.0)
    try:
        while True:
            # a time limit per chunk; the search resumes where the limit stopped it
            search.run(max_nodes=MAX_NODES, max_seconds=CHUNK_SECONDS, chunk=1024)
            _job.update(
                expanded=search.expanded,
                generated=search.generated,
                open=search.open_size,
                seconds=search.seconds,
            )
            if search.status != "limit" or search.expanded >= MAX_NODES:
                break
            await asyncio.sleep(0)  # let progress() and cancel() in
            if _job["cancel"]:
                return {
                    **search.result().to_json(),
                    "status": "cancelled",
                    "reason": f"cancelled after {search.expanded:,} nodes",
                }
        if search.status == "limit":
            search.reason = f"stopped after {MAX_NODES:,} nodes (the page's limit)"
        return search.result().to_json()
    finally:
        _job.update(running=False, cancel=False)


__export__ = ["ping", "progress", "cancel", "solve"]
