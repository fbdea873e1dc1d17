"""Solve in the solver worker: the search runs in chunks, yielding to the worker's event loop
between them, so that the page's ``progress()`` and ``cancel()`` are answered while it runs.
IDA* is shared with the helper workers when the request names their channel
(``protocol.shared`` decided it on the page): its iterations' subtrees are dealt among them
(``npuzzle.search.split``, web/worker/team.py). The anytime search takes seats instead
(``npuzzle.search.seats``): seat 0 here, seat 1 on a helper, passing their bests."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any, cast

import pieces
from hint_calls import HINTS
from job import CHUNK_SECONDS, JOB, MAX_NODES, TEAM, Options, helpers, load
from protocol import (
    Kind,
    Piece,
    Refusal,
    Reply,
    SearchRequest,
    SeatPiece,
    SolveAnswer,
    automatic_choice,
    plain,
)

from npuzzle import ALGORITHMS, Algorithm, PuzzleError, Search, Status
from npuzzle.heuristics import YOURS
from npuzzle.search.anytime import AnytimeSearch
from npuzzle.search.idastar import IDAStar
from npuzzle.search.records import Result
from npuzzle.search.seats import merged as seats_merged
from npuzzle.search.seats import timeline as seats_timeline
from npuzzle.search.split import Split

# IDA* shared with helpers (npuzzle.search.split): subtrees per worker in a split iteration, and
# the nodes an iteration must be expected to generate to be split. Both measured on Korf's
# boards (benchmarks/site_workers.py): few pieces, each much longer than the messages about it
# (a helper's answer is read once a slice, team.SLICE_SECONDS), and neighbouring ones for each
# worker, whose boards its table shares.
PIECES_PER_WORKER = 4
SPLIT_FROM = 20_000
# The anytime search in seats: how long Solve waits for helpers started by an earlier request
# to answer the roll (they answer at their next yield, in milliseconds), and how long past
# the seats' end for a helper's answer (a chunk of expansions and a message) before it
# takes what the helper told.
ROLL_SECONDS = 0.2
GRACE_SECONDS = 1.0


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
        if isinstance(search, AnytimeSearch):
            _publish(search)
        if search.status != Status.LIMIT or (limit is not None and search.expanded >= limit):
            return True
        if seconds is not None and search.seconds >= seconds:
            search.reason = f"stopped after {seconds:g} s"
            return True
        await asyncio.sleep(0)
        if JOB.cancel:
            return False


def _publish(search: AnytimeSearch) -> None:
    """The anytime search's best so far, lower bound and phase, for progress(). Not from its
    ``counters()``: their open list is IDA*'s path with the children waiting along it, 3 ms
    of CPython to work out (29% of a seat's time when read once a 2,048-expansion slice)."""
    best, phase = search.solution_found, search.phase
    JOB.improvements = search.extra()["improvements"]
    JOB.best = None if best is None else len(best)
    JOB.lower_bound, JOB.weight = search.lower_bound, phase.weight
    JOB.segment = None if phase.segment is None else list(phase.segment)


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
    if sharing and isinstance(search, AnytimeSearch) and search.views > 1:
        seated = await _solve_seated(search, options.page, sharing)
        if seated is not None:
            return said(seated, options)
    elif sharing and isinstance(search, IDAStar):
        return said(await _solve_split(search, options.page, sharing), options)
    elif sharing and not isinstance(search, AnytimeSearch):
        reason = "only IDA* and the anytime search are shared among workers"
        return Refusal(status=Reply.ERROR, reason=reason)
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


async def _solve_seated(search: AnytimeSearch, page: str, sharing: int) -> SolveAnswer | None:
    """The anytime search in seats (npuzzle.search.seats): seat 0 here, the others on the
    helpers there (at most ``sharing``; one a view of the board), each new best passed to the
    others, all stopping at the search's time limit (10 s); the shortest solution of any, the
    counters of all. None if no helper is there yet (the search then runs alone: a seat
    searches only its share of the views)."""
    asked = time.monotonic()
    while not TEAM.present() and time.monotonic() - asked < ROLL_SECONDS:
        await asyncio.sleep(0.01)  # helpers started by an earlier request answer the roll
    seats = min(1 + min(sharing, TEAM.present()), search.views)
    if seats < 2:
        return None
    seconds = ALGORITHMS[Algorithm.ANYTIME].max_seconds
    assert seconds is not None  # the anytime search has a default
    seated = pieces.seat_pieces(search, page, seats, seconds)
    here = pieces.seat_work(seated[0], search)
    started, until = time.perf_counter(), seated[0]["until"]
    results: dict[int, Result] = {}
    told: dict[int, tuple[str, list[dict[str, Any]]]] = {}  # seat -> its best, improvements
    counts = [0, 0]  # every seat's expansions and nodes generated, as last said

    async def mine(piece: Piece) -> pieces.Work:
        seat = cast(SeatPiece, piece)
        return here if seat["seat"] == 0 else pieces.seat_work(seat, search)

    def take(seat: Any, answer: Any) -> bool:
        results[seat] = here.seat.search.result() if seat == 0 else Result.from_json(answer)
        return results[seat].optimal or len(results) == seats

    def heard(seat: Any, best: str) -> None:
        found = told.get(seat, (best, []))[1]
        found.append({"length": len(best), "seconds": time.perf_counter() - started})
        told[seat] = (best, found)

    def progress(expanded: int, generated: int) -> None:
        counts[:] = max(counts[0], expanded), max(counts[1], generated)
        JOB.expanded, JOB.generated = counts
        JOB.seconds = time.perf_counter() - started
        _publish(here.seat.search)
        theirs = [(imp, k) for k, (_best, found) in told.items() for imp in found]
        JOB.improvements = seats_timeline([*((i, 0) for i in JOB.improvements), *theirs])
        JOB.best = JOB.improvements[-1]["length"] if JOB.improvements else None
        JOB.count_workers(sharing)

    def ended() -> bool:  # cancelled, or a helper's answer lost past the seats' end
        return JOB.cancelled() or time.time() > until + GRACE_SECONDS

    dealt = [(piece["seat"], cast(Piece, piece)) for piece in seated]
    how = await TEAM.deal(dealt, seats, mine, take, sharing, ended, progress, heard)
    if 0 not in results:  # cancelled
        here.seat.search.reason = f"cancelled after {counts[0]:,} nodes"
        results[0] = here.seat.search.result()
    for seat, (best, found) in told.items():
        if seat not in results:  # its answer not heard: what it told, the counters left
            results[seat] = replace(
                results[0],
                moves=best,
                expanded=max(0, counts[0] - sum(r.expanded for r in results.values())),
                generated=max(0, counts[1] - sum(r.generated for r in results.values())),
                duplicates=0,
                optimal=False,
                extra={"improvements": found, "lower_bound": 0},
            )
    answer = seats_merged(list(results.items()), seats).to_json()
    if how == Reply.CANCELLED and JOB.cancelled() and answer["moves"] is None:
        return {**answer, "status": Reply.CANCELLED}
    return answer
