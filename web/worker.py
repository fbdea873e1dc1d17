"""Solver worker (a PyScript worker named "solver"): searches run here, off the main thread.

It has no config of its own, so it inherits the page's: local interpreter and the npuzzle
package zip. Exported functions take and return JSON-like values only.

``solve`` runs the search in chunks and yields to the worker's event loop between them, so
the main thread's ``progress()`` and ``cancel()`` calls are answered while it runs.
"""

import asyncio
from typing import Any

import js
import tables

import npuzzle
from npuzzle import ALGORITHMS, Board, PuzzleError, make_search

CHUNK_SECONDS = 0.05  # run this long between answers to progress() and cancel()
MAX_NODES = 1_000_000  # the page's node limit: memory in the tab is finite
UNLIMITED = ("idastar",)  # searches that keep only their path: no limit but Cancel

_job: dict[str, Any] = {
    "running": False,
    "cancel": False,
    "expanded": 0,
    "generated": 0,
    "open": 0,
    "seconds": 0.0,
    "phase": "",  # "loading" while pattern databases are fetched and unpacked
    "loaded": 0,
    "total": 0,
    "threshold": None,  # IDA*'s current f threshold
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
    _job.update(running=True, cancel=False, expanded=0, generated=0, open=0, seconds=0.0)
    _job.update(phase="", loaded=0, total=0, threshold=None)
    try:
        return await _solve(req)
    finally:
        _job.update(running=False, cancel=False, phase="")


async def _solve(req: dict[str, Any]) -> dict[str, Any]:
    try:
        board = Board.parse(str(req["board"]))
        goal = Board.goal_or_board(str(req.get("goal") or "standard"), board.width, board.height)
        algorithm = str(req.get("algorithm", "astar"))
        heuristic = str(req.get("heuristic", "manhattan"))
        info = ALGORITHMS.get(algorithm)
        missing = tables.needed(board, goal, info is not None and info.uses_heuristic, heuristic)
        if missing:
            _job.update(phase="loading")
            page = str(req.get("page") or js.location.href)
            try:
                await tables.load(
                    missing,
                    lambda got, n: _job.update(loaded=got, total=n),
                    page,
                    lambda: bool(_job["cancel"]),
                )
            except tables.Stopped:
                return {"status": "cancelled", "reason": "cancelled while loading the tables"}
            except PuzzleError:
                raise
            except Exception as exc:  # the browser refused: say so, do not crash
                raise PuzzleError(f"the pattern databases could not be loaded: {exc}") from None
            _job.update(phase="")
        search = make_search(
            board,
            goal,
            algorithm=algorithm,
            heuristic=heuristic,
            weight=float(req.get("weight", 3)),
        )
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return {"status": "error", "reason": str(exc)}
    limit = None if algorithm in UNLIMITED else MAX_NODES
    while True:
        # a time limit per chunk; the search resumes where the limit stopped it
        search.run(max_nodes=limit, max_seconds=CHUNK_SECONDS)
        _job.update(expanded=search.expanded, generated=search.generated, seconds=search.seconds)
        if limit is None:  # IDA*: its open list is its path; the threshold says more
            _job.update(threshold=getattr(search, "threshold", None))
        else:
            _job.update(open=search.open_size)
        if search.status != "limit" or (limit is not None and search.expanded >= limit):
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


__export__ = ["ping", "progress", "cancel", "solve"]
