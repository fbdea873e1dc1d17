"""A heuristic of yours in the solver worker: checked here, then the heuristic ``yours`` of
every search here (Solve, Step through, Compare), never run on the page's main thread.

``yours_check`` compiles the source (``npuzzle.heuristics.yours``: each call of ``h`` under
its time budget), checks it on every board of the goal's shape (``npuzzle.teach.check``), in
slices of ``CHUNK_SECONDS`` so that ``progress()`` (boards checked as ``done`` of ``jobs``)
and ``cancel()`` are answered, and installs it marked as the check found. The answer is JSON
text: the verdict (``Verdict.to_json``) with ``status: "ok"``, or ``status: "error"`` with
the message, its ``line`` and ``fault`` when the code failed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from job import CHUNK_SECONDS, JOB
from protocol import Kind, Reply, YoursRequest, plain

from npuzzle import Board, PuzzleError
from npuzzle.core.space import Space
from npuzzle.heuristics.pdbplan import EXACT_CELLS
from npuzzle.heuristics.yours import YoursError, install
from npuzzle.teach.check import Check, compile_source


def _text(value: dict[str, Any]) -> str:
    return json.dumps(value)


async def yours_check(request: Any) -> str:
    """Check the heuristic of ``request`` (a protocol.YoursRequest) and install it."""
    req: YoursRequest = plain(request)
    if JOB.running:
        return _text({"status": Reply.ERROR, "reason": JOB.busy()["reason"]})
    JOB.begin(Kind.CHECK)
    try:
        return _text(await _check(req))
    except YoursError as exc:
        return _text(
            {"status": Reply.ERROR, "reason": str(exc), "line": exc.line, "fault": exc.fault}
        )
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return _text({"status": Reply.ERROR, "reason": str(exc)})
    finally:
        JOB.end()


async def _check(req: YoursRequest) -> dict[str, Any]:
    source, goal = str(req["source"]), Board.parse(str(req["goal"]))
    if goal.size > EXACT_CELLS:
        raise PuzzleError(f"the page checks on boards of up to {EXACT_CELLS} cells")
    space = Space(goal.width, goal.height)
    run = Check(compile_source(source)(space, {t: p for p, t in enumerate(goal.tiles)}))
    JOB.jobs = run.total
    while not run.advance(CHUNK_SECONDS):
        JOB.done, JOB.seconds = run.states, run.verdict().seconds
        await asyncio.sleep(0)
        if JOB.cancel:
            return {"status": Reply.CANCELLED, "reason": f"cancelled after {run.states:,} boards"}
    verdict = run.verdict()
    install(source, admissible=verdict.admissible, consistent=verdict.consistent)
    return {"status": Reply.OK, **verdict.to_json()}
