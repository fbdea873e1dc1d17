"""A player's Hint and Moves to solved, answered in the solver worker (``npuzzle.play.hint``).

A hint runs at once (at most ``HINT_SECONDS`` of search), so it is refused while Solve or the
Lab runs (``protocol.Busy``: the page asks again later)."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import tables
from job import JOB, LOADING, page_of
from protocol import Busy, HintAnswer, HintRequest, Refusal, Reply, plain, read_boards

from npuzzle import Board, PuzzleError
from npuzzle.heuristics import pdbbuild, pdbplan
from npuzzle.play.hint import hint as player_hint

# How long a hint's IDA* may look for a shortest solution before the human-like search's
# move is taken instead: 1.5 s of the page's own time (Pyodide searches about 1.7x slower
# than CPython, so as much search as 0.9 s in CPython). With the fallback (0.1-0.2 s on a
# 4x4) and the messages, a hint comes in about 2 s, and Solve waits at most that long.
HINT_SECONDS = 1.5


async def hint(request: Any) -> HintAnswer:
    """A player's hint for ``request`` (a protocol.HintRequest): a protocol.Hint; Busy while
    Solve or the Lab runs (a hint would stall them); a Refusal for bad input."""
    req: HintRequest = plain(request)
    if not isinstance(req, dict) or not req.get("board"):
        return Refusal(status=Reply.ERROR, reason="a hint request names a board: {board: '...'}")
    if JOB.running:
        return Busy(status=Reply.BUSY, kind=JOB.kind)
    clock = time.monotonic()
    try:
        board, goal = read_boards(req)
        loaded = await _hint_tables(board, goal, req)
        if JOB.running:  # Solve or the Lab began while the tables were fetched
            return Busy(status=Reply.BUSY, kind=JOB.kind)
        answer = player_hint(board, goal, seconds=HINT_SECONDS)
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return Refusal(status=Reply.ERROR, reason=str(exc))
    advice = ""
    shipped = (board.width, board.height) in pdbbuild.SHIPPED_SHAPES
    if answer.solvable and not answer.optimal and shipped and not loaded:
        advice = (
            "the pattern databases for shortest hints could not be loaded"
            if req.get("fetch")
            else "press Hint to fetch the pattern databases (about 5 MB) for a shortest one"
        )
    return {
        "status": Reply.OK,
        "solvable": answer.solvable,
        "move": answer.move,
        "tile": answer.tile,
        "direction": answer.direction,
        "distance": answer.distance,
        "optimal": answer.optimal,
        "method": answer.method,
        "reason": answer.reason,
        "lower_bound": answer.lower_bound,
        "text": answer.text,
        "advice": advice,
        "seconds": time.monotonic() - clock,
    }


async def _hint_tables(board: Board, goal: Board, req: HintRequest) -> bool:
    """Load the tables a hint uses, as far as it is worth it; whether they are all loaded.

    Up to 9 cells, the one exact table (70 kB at most) makes every hint exact. On a shape
    whose tables the site ships, a pressed Hint (``fetch``) fetches them (the 4x4's are
    about 5 MB, then kept in the browser's cache): IDA* with them gives optimal hints within the
    budget. Moves to solved alone uses the tables already loaded, so that opening a 4x4
    fetches nothing unasked. A table the site lacks or the browser refuses is not an error
    here: the hint then searches without it."""
    exact = board.size <= pdbplan.EXACT_CELLS
    shipped = (board.width, board.height) in pdbbuild.SHIPPED_SHAPES and bool(req.get("fetch"))
    try:
        names = pdbplan.table_names(board.width, board.height, goal.blank)
    except PuzzleError:
        return False  # no tables for boards this large
    if exact or shipped:
        async with LOADING:
            missing = [name for name in names if not pdbbuild.loaded(name)]
            # the hint does without (on a small board it builds the table, in seconds)
            with contextlib.suppress(Exception):
                await tables.load(missing, lambda got, total: None, page_of(req.get("page")))
    return all(pdbbuild.loaded(name) for name in names)
