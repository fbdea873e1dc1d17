"""The Lab in the solver worker: an experiment of :mod:`npuzzle.lab` planned here and run
search by search, shared with the helper workers when the request names their channel; its
rows go to ``lab_progress`` as each search ends."""

from __future__ import annotations

import json
from typing import Any

import pieces
from job import JOB, MAX_NODES, TEAM, helpers, load, page_of
from protocol import Kind, LabAnswer, LabProgress, LabRequest, Phase, Refusal, Reply, plain

from npuzzle import PuzzleError, lab
from npuzzle.lab import runner

_rows: list[dict[str, Any]] = []  # the run's rows so far (lab_progress hands them on)


class _Cancelled(Exception):
    """Cancel was pressed while the tables loaded."""


def lab_progress(since: int) -> LabProgress:
    """The run's counters, and its rows from number ``since`` on (as JSON text)."""
    start = max(0, int(since))
    return {**JOB.progress(), "rows": json.dumps(_rows[start:])}


async def lab_run(request: Any) -> LabAnswer | Refusal:
    """Run an experiment: ``request`` is a protocol.LabRequest. The answer says how it ended
    (Reply.DONE, CANCELLED or ERROR) and carries every row (JSON text)."""
    req: LabRequest = plain(request)
    if JOB.running:
        return JOB.busy()
    _rows.clear()
    JOB.begin(Kind.LAB, Phase.PLANNING)
    try:
        return await _lab(req)
    finally:
        JOB.end()


def _answer(status: Reply, reason: str = "") -> LabAnswer:
    return LabAnswer(status=status, reason=reason, rows=json.dumps(_rows))


async def _lab(req: LabRequest) -> LabAnswer:
    page = page_of(req.get("page"))
    try:
        name = str(req.get("experiment"))
        options: Any = req.get("options") or {}
        if isinstance(options, str):  # the page sends JSON text: nested values cross intact
            options = json.loads(options)
        # checked at once, boards drawn as the searches run (a plan can be large)
        jobs = runner.plan(name, dict(options), str(req.get("seed") or lab.DEFAULT_SEED))
        if not 1 <= jobs.options["max_nodes"] <= MAX_NODES:  # 0, no limit, is refused too
            raise PuzzleError(
                f"the page's searches stop at {MAX_NODES:,} expansions: choose a max nodes "
                f"from 1 to {MAX_NODES:,}"
            )
        JOB.jobs, JOB.phase = len(jobs), Phase.NONE  # only now: a refused run shows no count
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return _answer(Reply.ERROR, str(exc))
    results: dict[int, dict[str, Any]] = {}  # rows that came before an earlier one's

    async def loaded(names: list[str], page: str) -> None:  # with progress and Cancel
        if names and not await load(names, page):
            raise _Cancelled

    async def mine(work: Any) -> pieces.Work:
        return await pieces.work_for(work, TEAM.searches, loaded)

    def take(number: Any, row: Any) -> bool:
        results[int(number)] = row
        while len(_rows) in results:  # the table's order is the plan's
            _rows.append(results.pop(len(_rows)))
        JOB.done = len(_rows) + len(results)
        return False

    def progress(expanded: int, generated: int) -> None:  # the searches under way
        JOB.expanded, JOB.generated = expanded, generated
        JOB.count_workers(sharing)

    sharing = helpers(req.get("workers"), req.get("team"))
    deal = ((job.number, pieces.job_work(job, page)) for job in jobs)
    try:
        ended = await TEAM.deal(deal, len(jobs), mine, take, sharing, JOB.cancelled, progress)
    except _Cancelled:
        return _answer(Reply.CANCELLED, "cancelled while loading the tables")
    except PuzzleError as exc:
        return _answer(Reply.ERROR, str(exc))
    if ended == Reply.CANCELLED:
        return _answer(Reply.CANCELLED, f"cancelled after {len(_rows):,} of {len(jobs):,}")
    return _answer(Reply.DONE)
