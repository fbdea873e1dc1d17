"""Solve in the solver worker: the search runs in chunks, yielding to the worker's event loop
between them, so that the page's ``progress()`` and ``cancel()`` are answered while it runs.
IDA* is shared with the helper workers when the request names their channel
(``protocol.shared`` decided it on the page): its iterations' subtrees are dealt among them
(``npuzzle.search.split``, web/worker/team.py)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from hint_calls import HINTS
from job import CHUNK_SECONDS, JOB, MAX_NODES, TEAM, Options, helpers, load
from protocol import (
    Kind,
    Refusal,
    Reply,
    SearchRequest,
    SolveAnswer,
    automatic_choice,
    plain,
)

from npuzzle import ALGORITHMS, PuzzleError, Search, Status
from npuzzle.heuristics import YOURS
from npuzzle.search.idastar import IDAStar
from npuzzle.search.split import Split

# IDA* shared with helpers (npuzzle.search.split): subtrees per worker in a split iteration, and
# the nodes an iteration must be expected to generate to be split. Both measured on Korf's
# boards (benchmarks/site_workers.py): few pieces, each much longer than the messages about it
# (a helper's answer is read once a slice, team.SLICE_SECONDS), and neighbouring ones for each
# worker, whose boards its table shares.
PIECES_PER_WORKER = 4
SPLIT_FROM = 20_000


async def solve(request: Any) -> SolveAnswer | Refusal:
    """Solve ``request`` (a protocol.SearchRequest): the search's result."""
    req: SearchRequest = plain(request)
    if JOB.running:
        return JOB.busy()
    JOB.begin(Kind.SOLVE)
    try:
        return await _solve(req)
    except PuzzleError as exc:  # a heuristic of yours failed during the search
        return Refusal(status=Reply.ERROR, reason=str(exc))
    finally:
        JOB.end()


def said(answer: SolveAnswer, options: Options) -> SolveAnswer:
    """The answer with what Automatic picked (``automatic``), or, when a search chosen by hand
    hit a limit, the search Automatic would pick for the board (``suggestion``), unless that
    is the search that just stopped. A shortest solution is remembered for the hints."""
    _remember(answer, options)
    if options.automatic is not None:
        return {**answer, "automatic": options.automatic}
    if answer.get("status") == Status.LIMIT:
        suggestion = automatic_choice(options.board, options.goal)
        ran = (options.algorithm, options.heuristic)
        if (suggestion["algorithm"], suggestion["heuristic"]) != ran:
            return {**answer, "suggestion": suggestion}
    return answer


def _remember(answer: SolveAnswer, options: Options) -> None:
    """A solution proven shortest goes to the hints (hint_calls.HINTS): a Hint on its board,
    or on any board along it, is answered at once. Not a heuristic of yours: its
    admissibility is a check on a sample, not a proof."""
    moves = answer.get("moves")
    if (
        answer.get("status") == Status.SOLVED
        and answer.get("optimal")
        and isinstance(moves, str)
        and options.heuristic != YOURS
    ):
        method = f"{options.algorithm} + {options.heuristic}"
        HINTS.learn(options.board, options.goal, moves, method)


async def run(search: Search, limit: int | None, seconds: float | None = None) -> bool:
    """Run ``search`` to its end, ``limit`` expansions or ``seconds``, ``CHUNK_SECONDS`` at
    a time (the search resumes where the time limit stopped it), publishing its counters and
    letting progress() and cancel() in between chunks; False if it was cancelled."""
    while True:
        chunk = CHUNK_SECONDS if seconds is None else min(CHUNK_SECONDS, seconds - search.seconds)
        search.run(max_nodes=limit, max_seconds=max(chunk, 0.001))
        JOB.expanded, JOB.generated, JOB.seconds = search.expanded, search.generated, search.seconds
        if limit is None:  # IDA*: its open list is its path; the threshold says more
            JOB.threshold = getattr(search, "threshold", None)
        else:
            JOB.open = search.open_size
        counters = search.counters()
        if "best" in counters:  # the anytime search
            JOB.improvements = search.extra()["improvements"]
            JOB.best, JOB.lower_bound = counters["best"], counters["lower_bound"]
            JOB.weight = counters["weight"]
            segment = counters["segment"]
            JOB.segment = None if segment is None else list(segment)
        if search.status != Status.LIMIT or (limit is not None and search.expanded >= limit):
            return True
        if seconds is not None and search.seconds >= seconds:
            search.reason = f"stopped after {seconds:g} s"
            return True
        await asyncio.sleep(0)
        if JOB.cancel:
            return False


async def _solve(req: SearchRequest) -> SolveAnswer | Refusal:
    try:
        options = Options(req, large=True)  # asked for: the best tables the site has
        if options.missing and not await load(options.missing, options.page):
            return {"status": Reply.CANCELLED, "reason": "cancelled while loading the tables"}
        search = options.search()
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return Refusal(status=Reply.ERROR, reason=str(exc))
    # a heuristic of yours is installed in this worker alone, not in the helpers
    sharing = helpers(req.get("workers"), req.get("team")) if options.heuristic != YOURS else 0
    if sharing:
        if not isinstance(search, IDAStar):
            return Refusal(status=Reply.ERROR, reason="only IDA* is shared among workers")
        return said(await _solve_split(search, options.page, sharing), options)
    info = ALGORITHMS[options.algorithm]
    limit = None if info.max_nodes is None else MAX_NODES  # else no limit but Cancel
    if not await run(search, limit, info.max_seconds):
        search.reason = f"cancelled after {search.expanded:,} nodes"
        result = search.result().to_json()
        if result["status"] != Status.SOLVED:  # the anytime search keeps the best so far
            result["status"] = Reply.CANCELLED
        return said(result, options)
    if search.status == Status.LIMIT and limit is not None and search.expanded >= limit:
        search.reason = f"stopped after {MAX_NODES:,} nodes (the page's limit)"
    return said(search.result().to_json(), options)


async def _solve_split(search: IDAStar, page: str, sharing: int) -> SolveAnswer:
    """IDA* with its iterations' subtrees dealt to this worker and ``sharing`` helpers
    (npuzzle.search.split): the same optimal length as alone, the counters of all of them."""

    def progress(split: Split, expanded: int, generated: int) -> None:
        JOB.expanded, JOB.generated = split.expanded + expanded, split.generated + generated
        JOB.seconds, JOB.threshold = time.perf_counter() - split.started, split.searching
        JOB.count_workers(sharing)

    split, ended = await TEAM.search(
        search, page, sharing, JOB.cancelled, progress, PIECES_PER_WORKER, SPLIT_FROM
    )
    split.workers = JOB.workers
    if ended == Reply.CANCELLED:
        result = split.result(f"cancelled after {split.expanded:,} nodes").to_json()
        return {**result, "status": Reply.CANCELLED}
    return {**split.result().to_json(), "team": dict(TEAM.figures)}
