"""A player's Hint and Moves to solved, answered in the solver worker (``npuzzle.play.hint``).

The worker keeps one :class:`~npuzzle.play.hint.Hints` for the game (shortest solutions found
are remembered, Solve's optimal ones too: the next boards along them cost nothing, a board one
move off them one IDA* iteration) and the search of the last board asked, stopped by its time,
so that asking again goes on where it stopped. A hint is refused while Solve or the Lab runs,
and gives way to them between its slices (``protocol.Busy``: the page asks again later).

When the request names the helpers' team (the page does so once helpers have started, and
starts them for a pressed Hint not proven in its first round), the hint's IDA* is split among
this worker and the helpers as Solve's is (``team.Team.run``, web/worker/team.py): in the same
time, stopped by it the same way, and gone on with from where it stopped (what the helpers
held is dealt again, and each worker's subtree under way resumes)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import tables
from job import JOB, LOADING, TEAM, helpers, page_of
from protocol import (
    Busy,
    HintAnswer,
    HintRequest,
    Phase,
    Refusal,
    Reply,
    plain,
    read_boards,
)
from team import Shared

from npuzzle import Board, PuzzleError
from npuzzle.heuristics import pdbbuild, pdbplan
from npuzzle.play.hint import Hint, Hints, HintSearch, heuristic_for
from npuzzle.search.algorithms import splits
from npuzzle.search.split import Split

# How long a hint's IDA* may look for a shortest solution before the human-like search's
# move is taken instead: Moves to solved, asked after every move, 1.5 s of the page's own
# time (Pyodide searches about 1.7x slower than CPython: as much search as 0.9 s there); a
# pressed Hint up to 3 s in all on its board, and 3 s more each time it is pressed again.
HINT_SECONDS = 1.5
PRESSED_SECONDS = 3.0  # in all on the board (Moves to solved's time counts), 3 s more a press
# The search runs in slices, between which Solve, the Lab and Cancel get in.
SLICE_SECONDS = 0.1
# Split among the helpers (team.Team.run): subtrees per worker in a split iteration, and the
# nodes an iteration must be expected to generate to be split, as Solve's (solve_calls.py).
PIECES_PER_WORKER = 4
SPLIT_FROM = 20_000


class _Kept:
    """The last board's search, stopped by its time: Hint's presses on it, and its split
    among the helpers once it has been shared."""

    def __init__(self, search: HintSearch) -> None:
        self.search, self.presses = search, 0
        self.tables = _tables_read(search.goal)  # once the large ones come, a new search
        self.shared: Shared | None = None
        self.workers = 1  # the most workers that have searched it


HINTS = Hints()
_KEPT: list[_Kept] = []  # at most one
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
        # Split among the helpers: IDA* on a board large enough to gain from it
        sharing = helpers(req.get("workers"), req.get("team"))
        sharing = sharing if splits(board.width, board.height) else 0
        pressed = bool(req.get("fetch"))
        page = page_of(req.get("page")) if sharing else ""  # where the helpers load tables
        async with _ONE_AT_A_TIME:
            answer, workers = await _search(board, goal, pressed, sharing, page)
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
            else "press Hint to fetch the pattern databases (5-10 MB) for a shortest one"
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
        "workers": workers,
    }


async def _search(
    board: Board, goal: Board, pressed: bool, sharing: int, page: str
) -> tuple[Hint | None, int]:
    """The hint, searching on (the board's kept search goes on): ``HINT_SECONDS`` more for
    Moves to solved, up to ``PRESSED_SECONDS`` in all for each press of Hint, split with
    ``sharing`` helpers if any; None if Solve or the Lab began meanwhile (the search is kept
    for the next question). With it, the most workers that searched it."""
    known = HINTS.known(board, goal)  # along a shortest solution found since (Solve's too)
    if known is not None:
        _KEPT.clear()
        return known, 1
    kept = _KEPT.pop() if _KEPT else None
    # another board, or the tables came since: a search of its own
    if (
        kept is None
        or (kept.search.board, kept.search.goal) != (board, goal)
        or kept.search.heuristic != heuristic_for(goal)
        or kept.tables != _tables_read(goal)
    ):
        started = HINTS.start(board, goal)
        if isinstance(started, Hint):
            return started, 1
        kept = _Kept(started)
    search = kept.search
    if pressed:
        kept.presses += 1
        until = max(search.seconds, kept.presses * PRESSED_SECONDS)
    else:
        until = search.seconds + HINT_SECONDS
    if sharing:
        return await _shared(kept, until, sharing, page), kept.workers
    while True:
        answer = search.run(min(SLICE_SECONDS, until - search.seconds))
        if answer is not None:
            return answer, kept.workers
        if search.seconds >= until:
            _KEPT.append(kept)
            return search.give_up(), kept.workers
        await asyncio.sleep(0)
        if JOB.running:
            _KEPT.append(kept)
            return None, kept.workers


async def _shared(kept: _Kept, until: float, sharing: int, page: str) -> Hint | None:
    """:func:`_search` split among this worker and ``sharing`` helpers, until ``until`` s of
    the hint's search in all (kept, stopped, for the next question)."""
    search = kept.search
    if kept.shared is None:
        whole = search.split_search()
        kept.shared = TEAM.shared(whole, page, sharing, PIECES_PER_WORKER, SPLIT_FROM)
    split = kept.shared.split
    bound = search.bound
    began, before = time.monotonic(), search.elsewhere

    def beyond() -> bool:  # nothing under the bound: the known path is a shortest one
        return bound is not None and not split.ended and split.searching >= bound

    def cancelled() -> bool:
        searched = before + time.monotonic() - began
        return JOB.running or search.search.seconds + searched >= until or beyond()

    def progress(_split: Split, _expanded: int, _generated: int) -> None:
        pass

    try:
        await TEAM.run(kept.shared, sharing, cancelled, progress)
    finally:
        search.elsewhere = before + time.monotonic() - began
    if TEAM.figures["pieces out"]:
        kept.workers = max(kept.workers, 1 + min(sharing, TEAM.present()))
    answer = search.settle(split.solution, split.ended or beyond())
    if answer is not None:
        return answer
    _KEPT.append(kept)
    if JOB.running:
        return None
    return search.give_up(int(split.searching))


async def _hint_tables(board: Board, goal: Board, req: HintRequest) -> bool:
    """Load the tables a hint uses, as far as it is worth it; whether they are all loaded.

    Up to 9 cells, the one exact table (70 kB at most) makes every hint exact. On a shape
    whose tables the site ships, a pressed Hint (``fetch``) fetches them (on the 4x4 with
    the goal's blank in a corner the large table, 9.5 MB; then kept in the browser's cache):
    IDA* with them gives optimal hints within the budget. Moves to solved alone uses the
    tables already loaded, so that opening a 4x4 fetches nothing unasked. A table the site
    lacks or the browser refuses is not an error here: the hint then searches without it."""
    exact = board.size <= pdbplan.EXACT_CELLS
    pressed = bool(req.get("fetch"))
    shipped = (board.width, board.height) in pdbbuild.SHIPPED_SHAPES and pressed
    if not _tables_read(goal):
        return False  # no tables for boards this large
    if exact or shipped:
        async with LOADING:
            # a pressed Hint fetches the large tables where there are (the 4x4's 9.5 MB)
            missing = tables.needed(board, goal, True, "pdb", large=pressed)
            # the hint does without (on a small board it builds the table, in seconds)
            with contextlib.suppress(Exception):
                await tables.load(missing, _loading, page_of(req.get("page")))
            if not JOB.running:
                JOB.phase = Phase.NONE
    return all(pdbbuild.loaded(name) for name in _tables_read(goal))


def _loading(got: int, total: int) -> None:
    """The bytes fetched so far, in the job's counters (the page reads them to show the
    progress) unless Solve or the Lab holds them."""
    if not JOB.running:
        JOB.phase, JOB.loaded, JOB.total = Phase.LOADING, got, total


def _tables_read(goal: Board) -> list[str]:
    """The tables a hint's pattern databases read now (the large ones once loaded); none
    for boards too large for any."""
    try:
        return pdbbuild.plan_for(goal.width, goal.height, goal.blank).names()
    except PuzzleError:
        return []
