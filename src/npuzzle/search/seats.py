"""One anytime search run by several processes together (``npuzzle solve -a anytime --jobs N``).

The anytime search (:mod:`.anytime`) keeps improving its best solution for as long as it is
given, and on the 24-puzzle more expansions buy shorter solutions: on Korf & Felner's fifty,
1.8, 3.6 and 7.2 million expansions a board gave mean lengths of 114.8, 112.0 and 110.0. A
second core gives more expansions in the same 10 s if the two processes do not repeat each
other's work. So each process takes a *seat* of the search: with the pattern databases in
memory the weighted phases search two views of the board (the board itself and its mirror
image), and each seat searches its share of them with the whole of each weight's budget (one
process splits the budget between them); each seat spreads its windows from its own place;
seat 0 alone runs the proof. Whenever a seat finds a solution shorter than every seat's so
far, it shares it (a buffer in shared memory, read between chunks of expansions), and the
others take it as their best at their next phase, to sweep and window it in their own way.

On the fifty, two seats each given 3.6 million expansions (two cores for 10 s) gave a mean
length of 110.66 where one process's 3.6 million gave 111.98 (docs/performance.md).

The seats need ``fork`` (they share memory made before they start) and the views of the
pattern databases; without either the search runs in this process alone (``jobs`` 1 in the
result's ``extra``), as it does for any board the search cannot share.

>>> from npuzzle import make_search, random_board
>>> search = make_search(random_board(2, 5, seed=6), algorithm="anytime", heuristic="pdb")
>>> result = solve_seats(search, jobs=2, max_seconds=10)  # seat 0 proves it shortest
>>> result.optimal, result.length, result.extra["jobs"]
(True, 40, 2)
"""

from __future__ import annotations

import multiprocessing
import time
from dataclasses import replace
from typing import Any

from npuzzle.core.board import PuzzleError
from npuzzle.core.processes import next_answer, pool, start_method
from npuzzle.search.anytime import AnytimeSearch
from npuzzle.search.parallel import check_jobs
from npuzzle.search.records import Result, Status

__all__ = ["MAX_MOVES", "Seat", "merged", "seats_for", "solve_seats", "timeline"]

#: the longest solution a seat shares (longer ones are kept by the seat that found them)
MAX_MOVES = 4096
# How long past the deadline the parent waits for the seats' answers: a chunk of expansions
# (the search checks the time between chunks) and the pickling of a result.
_GRACE = 5.0

# What the seats share, made by the parent before the pool forks them: the search (new, not
# started), the best solution's moves and length (0: none yet), and a proof's end.
_search: AnytimeSearch | None = None
_moves: Any = None
_length: Any = None
_proved: Any = None


def seats_for(search: AnytimeSearch, jobs: int) -> int:
    """How many seats ``search`` can take with ``jobs`` processes: one a view of the board the
    weighted phases search, and one in all where the children cannot share memory."""
    if start_method() != "fork":
        return 1
    return max(1, min(jobs, search.views))


def solve_seats(search: AnytimeSearch, jobs: int, max_seconds: float) -> Result:
    """Run ``search`` (new, not started) in seats on up to ``jobs`` processes for
    ``max_seconds``; the result is the shortest solution any seat found, with the summed
    counters, the improvements as they came, and ``jobs`` in ``extra``."""
    global _search, _moves, _length, _proved
    check_jobs(jobs)
    seats = seats_for(search, jobs)
    if seats == 1:
        search.run(max_seconds=max_seconds)
        result = search.result()
        result.extra["jobs"] = 1
        return result
    context = multiprocessing.get_context("fork")
    _search = search
    _moves = context.RawArray("B", MAX_MOVES)
    _length = context.Value("i", 0)  # its lock keeps _moves whole while one seat writes
    _proved = context.RawValue("b", 0)
    try:
        with pool(seats) as workers:
            answers = workers.imap_unordered(_sit, [(k, seats, max_seconds) for k in range(seats)])
            deadline = time.perf_counter() + max_seconds + _GRACE
            results: list[tuple[int, Result]] = []
            for _ in range(seats):
                try:
                    results.append(next_answer(answers, max(0.0, deadline - time.perf_counter())))
                except multiprocessing.TimeoutError:  # a seat lost (the others' answers stand)
                    break
    finally:
        _search = _moves = _length = _proved = None
    if not results:
        raise PuzzleError(f"no seat of the anytime search answered within {max_seconds:g} s")
    return merged(results, seats)


def _sit(task: tuple[int, int, float]) -> tuple[int, Result]:
    """A child: seat ``k`` of ``seats`` for ``max_seconds``, sharing its bests."""
    k, seats, max_seconds = task
    assert _search is not None
    search = _search.seated(k, seats)
    seat = Seat(search)

    def exchange(_: Any) -> None:
        news = seat.news()
        with _length.get_lock():
            n = _length.value
            if news is not None and (n == 0 or len(news) < n) and len(news) <= MAX_MOVES:
                _moves[: len(news)] = news.encode()
                _length.value = len(news)
            elif n and (seat.known == 0 or n < seat.known):
                seat.hear(bytes(_moves[:n]).decode())
        if search.optimal:
            _proved.value = 1
        elif _proved.value:  # another seat proved its best shortest: nothing to improve
            search.status, search.reason = Status.LIMIT, "another seat proved the shortest"

    search.run(max_seconds=max_seconds, progress=exchange)
    return k, search.result()


class Seat:
    """One seat's side of the passing of bests, however they travel (shared memory here, the
    page's messages between workers): what it has to tell the others, and what it hears.

    >>> from npuzzle import Board, make_search
    >>> board = Board.parse("8,6,7/2,5,4/3,0,1")
    >>> seat = Seat(make_search(board, algorithm="anytime", heuristic="manhattan"))
    >>> seat.news() is None  # nothing found yet
    True
    >>> seat.hear("U" * 40), seat.search.offered == "U" * 40, seat.known
    (True, True, 40)
    >>> seat.hear("U" * 50)  # longer than one heard already: not offered
    False
    """

    def __init__(self, search: AnytimeSearch) -> None:
        self.search = search
        self.known = 0  # the length of the shortest solution told or heard (0: none)

    def news(self) -> str | None:
        """This seat's best, if it is shorter than every one told or heard so far."""
        mine = self.search.solution_found
        if mine is None or (self.known and len(mine) >= self.known):
            return None
        self.known = len(mine)
        return mine

    def hear(self, moves: str) -> bool:
        """Another seat's best: offered to the search (taken at its next phase) if shorter
        than every one told or heard so far; whether it was."""
        if self.known and len(moves) >= self.known:
            return False
        self.known = len(moves)
        self.search.offered = moves
        return True


def timeline(found: list[tuple[dict[str, Any], int]]) -> list[dict[str, Any]]:
    """The improvements of several seats, (improvement, seat), as one search's: in the order
    they came, each shorter than those before it, with its ``seat``.

    >>> timeline([({"length": 90, "seconds": 2.0}, 1), ({"length": 95, "seconds": 1.0}, 0),
    ...           ({"length": 92, "seconds": 3.0}, 0)])
    [{'length': 95, 'seconds': 1.0, 'seat': 0}, {'length': 90, 'seconds': 2.0, 'seat': 1}]
    """
    out: list[dict[str, Any]] = []
    for imp, k in sorted(found, key=lambda pair: pair[0]["seconds"]):
        if not out or imp["length"] < out[-1]["length"]:
            out.append({**imp, "seat": k})
    return out


def merged(results: list[tuple[int, Result]], seats: int) -> Result:
    """One result of the seats': the shortest solution (a proof's first), the counters summed,
    the improvements of every seat in the order they came, each shorter than those before."""
    results.sort()
    solved = [r for _k, r in results if r.moves is not None]
    best = min(solved, key=lambda r: (not r.optimal, len(r.moves or "")), default=results[0][1])
    found = [(imp, k) for k, r in results for imp in r.extra.get("improvements", [])]
    return replace(
        best,
        expanded=sum(r.expanded for _k, r in results),
        generated=sum(r.generated for _k, r in results),
        duplicates=sum(r.duplicates for _k, r in results),
        max_open=max(r.max_open for _k, r in results),
        seconds=max(r.seconds for _k, r in results),
        extra={
            **best.extra,
            "improvements": timeline(found),
            "lower_bound": max(r.extra.get("lower_bound", 0) for _k, r in results),
            "jobs": seats,
        },
    )
