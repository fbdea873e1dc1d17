"""A player's Hint and Moves to solved, answered in the solver worker (``npuzzle.play.hint``).

The worker keeps one :class:`~npuzzle.play.hint.Hints` for the game (shortest solutions found
are remembered: the next boards along them cost nothing, a board one move off them one IDA*
iteration) and the search of the last board asked, stopped by its time, so that asking again
goes on where it stopped. A hint is refused while Solve or the Lab runs, and gives way to them
between its slices (``protocol.Busy``: the page asks again later)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import tables
from job import JOB, LOADING, page_of
from protocol import Busy, HintAnswer, HintRequest, Refusal, Reply, plain, read_boards

from npuzzle import Board, PuzzleError
from npuzzle.heuristics import pdbbuild, pdbplan
from npuzzle.play.hint import Hint, Hints, HintSearch, heuristic_for

# How long a hint's IDA* may look for a shortest solution before the human-like search's
# move is taken instead: Moves to solved, asked after every move, 1.5 s of the page's own
# time (Pyodide searches about 1.7x slower than CPython: as much search as 0.9 s there); a
# pressed Hint up to 3 s in all on its board, and 3 s more each time it is pressed again.
HINT_SECONDS = 1.5
PRESSED_SECONDS = 3.0  # in all on the board (Moves to solved's time counts), 3 s more a press
# The search runs in slices, between which Solve, the Lab and Cancel get in.
SLICE_SECONDS = 0.1

HINTS = Hints()
_KEPT: list[tuple[HintSearch, int]] = []  # the last board's search, stopped; Hint's presses
_ONE_AT_A_TIME = asyncio.Lock()  # Hint and the player's line may ask at once


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
        async with _ONE_AT_A_TIME:
            answer = await _search(board, goal, pressed=bool(req.get("fetch")))
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return Refusal(status=Reply.ERROR, reason=str(exc))
    if answer is None:
        return Busy(status=Reply.BUSY, kind=JOB.kind)
    resumable = bool(_KEPT) and not answer.optimal
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
        "resumable": resumable,
        "seconds": time.monotonic() - clock,
    }


async def _search(board: Board, goal: Board, *, pressed: bool) -> Hint | None:
    """The hint, searching on (the board's kept search goes on): ``HINT_SECONDS`` more for
    Moves to solved, up to ``PRESSED_SECONDS`` in all for each press of Hint; None if Solve
    or the Lab began meanwhile (the search is kept for the next question)."""
    kept, presses = _KEPT.pop() if _KEPT else (None, 0)
    # another board, or the tables came since: a search of its own
    if (
        kept is None
        or (kept.board, kept.goal) != (board, goal)
        or kept.heuristic != heuristic_for(goal)
    ):
        started = HINTS.start(board, goal)
        if isinstance(started, Hint):
            return started
        kept, presses = started, 0
    if pressed:
        presses += 1
        until = max(kept.seconds, presses * PRESSED_SECONDS)
    else:
        until = kept.seconds + HINT_SECONDS
    while True:
        answer = kept.run(min(SLICE_SECONDS, until - kept.seconds))
        if answer is not None:
            return answer
        if kept.seconds >= until:
            _KEPT.append((kept, presses))
            return kept.give_up()
        await asyncio.sleep(0)
        if JOB.running:
            _KEPT.append((kept, presses))
            return None


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
