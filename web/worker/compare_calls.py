"""Compare in the solver worker: one comparison at a time (web/worker/comparing.py), for the
page's Compare view. Each call steps it for at most comparing.SLICE_SECONDS and answers with
the view to draw, as JSON text; the chart is drawn when the call carries the chart box's
width (0: not laid out), and left out for protocol.NO_CHART."""

from __future__ import annotations

import json
from typing import Any

import comparing
import tables
from job import load, page_of
from protocol import NO_CHART, CompareRequest, Reply, View, plain, read_boards

from npuzzle import ALGORITHMS, PuzzleError
from npuzzle.teach.entrants import parse_entrants


class _Held:
    """The comparison open, and how many were opened (a newer one drops an older's answer)."""

    comparison: comparing.Comparison | None = None
    opened = 0


HELD = _Held()


def _text(value: View) -> str:
    return json.dumps(value)


def _error(reason: str) -> str:
    return _text({"status": Reply.ERROR, "reason": reason})


def _width(value: Any) -> int | None:
    """The chart's width from the page: None for NO_CHART (ValueError if not a number)."""
    try:
        width = int(plain(value))
    except (TypeError, ValueError):
        raise ValueError(f"a chart's width is a number of pixels, not {value!r}") from None
    return None if width < 0 else width


def _held() -> comparing.Comparison:
    if HELD.comparison is None:
        raise PuzzleError("no comparison is open: Start one first")
    return HELD.comparison


async def compare_open(request: Any) -> str:
    """Open a comparison (a protocol.CompareRequest); its view at step 0. The pattern
    databases it needs are loaded first (``progress()`` says so); {status: "error", reason}
    when it cannot run (an unsolvable board, a bad search)."""
    req: CompareRequest = plain(request)
    HELD.comparison = None  # the last one's memory goes at once
    HELD.opened += 1
    opened = HELD.opened
    if not isinstance(req, dict) or not req.get("board") or not req.get("entrants"):
        return _error("a comparison names a board and its searches: {board, entrants}")
    try:
        board, goal = read_boards(req)
        entrants = parse_entrants(str(req["entrants"]))
        width = _width(req.get("width", NO_CHART))
        missing: list[str] = []
        for e in entrants:
            uses = ALGORITHMS[e.algorithm].uses_heuristic
            missing += [
                n for n in tables.needed(board, goal, uses, e.heuristic) if n not in missing
            ]
        if missing and not await load(missing, page_of(req.get("page"))):
            return _error("the pattern databases' loading was cancelled")
        comparison = comparing.Comparison(board, goal, entrants)
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return _error(str(exc))
    if opened != HELD.opened:  # another was opened while the tables loaded
        return _error("another comparison was opened meanwhile")
    HELD.comparison = comparison
    return _text(comparison.view(width))


async def compare_step(width: Any) -> str:
    """One step of every search; the view, with ``moved`` false once all have ended."""
    return _move(width, forward=True)


async def compare_back(width: Any) -> str:
    """Back one step; the view, with ``moved`` false at step 0."""
    return _move(width, forward=False)


def _move(width: Any, *, forward: bool) -> str:
    try:
        held, shown = _held(), _width(width)
    except (PuzzleError, TypeError, ValueError) as exc:
        return _error(str(exc))
    try:
        moved = held.step() if forward else held.back()
    except PuzzleError as exc:  # a heuristic of yours failed
        return _error(str(exc))
    return _text({**held.view(shown), "moved": moved})


async def compare_run(seconds: Any) -> str:
    """Step for at most ``seconds`` (comparing.SLICE_SECONDS at most): {status, step, done}.
    The page calls it again until done, asking for a view now and then (``compare_view``)."""
    try:
        held, slice_ = _held(), float(plain(seconds))
    except (PuzzleError, TypeError, ValueError) as exc:
        return _error(str(exc))
    try:
        done = held.run(slice_)
    except PuzzleError as exc:  # a heuristic of yours failed
        return _error(str(exc))
    return _text({"status": Reply.OK, "step": held.race.step_number, "done": done})


async def compare_view(width: Any) -> str:
    """The comparison as it stands."""
    try:
        held, shown = _held(), _width(width)
    except (PuzzleError, TypeError, ValueError) as exc:
        return _error(str(exc))
    return _text(held.view(shown))


async def compare_close() -> str:
    """Drop the comparison (Compare was closed): its memory goes."""
    HELD.comparison = None
    HELD.opened += 1
    return _text({"status": Reply.OK})
