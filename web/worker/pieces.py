"""The pieces of work the solver worker deals to itself and its helpers (web/worker/team.py):
a subtree of a split IDA* iteration (:class:`SubtreeWork`, :mod:`npuzzle.search.split`), a
seat of the anytime search (:class:`SeatWork`, :mod:`npuzzle.search.seats`) or one of the
Lab's searches (:class:`JobWork`, :mod:`npuzzle.lab.runner`). Each goes out as a message
(``protocol.Piece``: :func:`subtree_work`, :func:`seat_pieces`, :func:`job_work`) and is made
the same way in every worker (:func:`work_for`, once the tables it needs are loaded); its
search is the CLI's, run in slices (:meth:`Work.run`) so that messages, Cancel and progress
get in between."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any, cast

import tables
from protocol import JobPiece, Piece, SeatPiece, SubtreePiece, WholeSearch, board_text

from npuzzle import ALGORITHMS, Algorithm, Board, PuzzleError, Search, Status, make_search
from npuzzle.heuristics import pdbbuild
from npuzzle.lab import runner
from npuzzle.search.anytime import AnytimeSearch
from npuzzle.search.idastar import IDAStar
from npuzzle.search.seats import Seat
from npuzzle.search.split import Answer, Memory, Subtree

CHUNK = 1024  # expansions between looks at the clock


class Work:
    """One piece of work around its search, made ready by :func:`work_for` (tables loaded),
    run in slices: ``run(seconds)`` until it says it is done, then ``answer()`` (JSON-like)."""

    def __init__(self, search: Search) -> None:
        self.search = search

    def run(self, seconds: float, chunk: int | None = CHUNK) -> bool:
        """Search for at most ``seconds`` (looking at the clock every ``chunk`` expansions,
        None: the search's own); whether the work is done."""
        self.search.run(max_nodes=self.max_nodes(), max_seconds=seconds, chunk=chunk)
        return self.search.status != Status.LIMIT or self._at_limit()

    def max_nodes(self) -> int | None:
        return None

    def _at_limit(self) -> bool:
        limit = self.max_nodes()
        return limit is not None and self.search.expanded >= limit

    def counts(self) -> tuple[int, int]:
        return self.search.expanded, self.search.generated

    def answer(self) -> Any:
        raise NotImplementedError

    def news(self) -> str | None:
        """What to tell the workers at the other pieces, once: a seat's new best."""
        return None

    def hear(self, best: str) -> None:
        """What another piece's worker told (a seat's best)."""


class SubtreeWork(Work):
    """One subtree of a split IDA* iteration; the answer is a :class:`npuzzle.search.split.Answer`'s
    fields."""

    def __init__(
        self, whole: IDAStar, moves: str, threshold: int, memory: Memory | None = None
    ) -> None:
        self.subtree = Subtree.after(whole, moves, threshold)
        self.sub = self.subtree.search(whole, memory)
        super().__init__(self.sub)

    def answer(self) -> dict[str, Any]:
        return dataclasses.asdict(self.subtree.answer(self.sub))


def answer_of(data: dict[str, Any]) -> Answer:
    """A subtree's answer as it crossed the channel."""
    return Answer(
        data["moves"],
        float(data["cut"]),
        int(data["expanded"]),
        int(data["generated"]),
        int(data["duplicates"]),
        int(data["threshold"]),
    )


class JobWork(Work):
    """One search of the Lab; the answer is its row."""

    def __init__(self, job: runner.Job) -> None:
        self.job = job
        super().__init__(runner.start(job))

    def max_nodes(self) -> int | None:
        return self.job.max_nodes

    def answer(self) -> dict[str, Any]:
        return runner.finish(self.job, self.search)


class SeatWork(Work):
    """A seat of the anytime search (:mod:`npuzzle.search.seats`) until its piece's ``until``
    (or its proof); it tells and hears the other seats' bests. The answer is its result."""

    def __init__(self, search: AnytimeSearch, until: float, seconds: float) -> None:
        self.seat = Seat(search)
        self.until, self.seconds = until, seconds
        super().__init__(search)

    def run(self, seconds: float, chunk: int | None = CHUNK) -> bool:
        """As :meth:`Work.run`, but in the search's own chunks whatever ``chunk`` is asked
        for: the seats need hear nothing soon (a best can wait a tenth of a second), and a
        pause of the anytime search costs more than IDA*'s (it took 7% of its expansions in
        chunks of 2,048)."""
        left = self.until - time.time()
        if left > 0:
            self.search.run(max_seconds=min(seconds, left))
        if self.search.status != Status.LIMIT:  # proved (or no solution)
            return True
        if time.time() < self.until:
            return False
        self.search.reason = f"stopped after {self.seconds:g} s"
        return True

    def answer(self) -> dict[str, Any]:
        return self.search.result().to_json()

    def news(self) -> str | None:
        return self.seat.news()

    def hear(self, best: str) -> None:
        self.seat.hear(best)


def seat_pieces(search: AnytimeSearch, page: str, seats: int, seconds: float) -> list[SeatPiece]:
    """The messages of the ``seats`` seats of ``search`` (new), ``seconds`` from now."""
    until = time.time() + seconds
    return [
        SeatPiece(
            kind="seat",
            board=board_text(search.board),
            goal=board_text(search.goal),
            heuristic=search.heuristic.name,
            tables=tables.read_by(search.heuristic),
            page=page,
            seat=k,
            seats=seats,
            until=until,
            seconds=seconds,
        )
        for k in range(seats)
    ]


def seat_work(piece: SeatPiece, search: AnytimeSearch | None = None) -> SeatWork:
    """The work of a seat's message, on ``search`` (of the same board and goal) if given."""
    if search is None:
        board, goal = Board.parse(piece["board"]), Board.parse(piece["goal"])
        made = make_search(board, goal, algorithm=Algorithm.ANYTIME, heuristic=piece["heuristic"])
        search = cast(AnytimeSearch, made)
    seated = search.seated(int(piece["seat"]), int(piece["seats"]))
    return SeatWork(seated, float(piece["until"]), float(piece["seconds"]))


def subtree_work(search: WholeSearch, moves: str, threshold: int) -> SubtreePiece:
    """The message of one subtree of ``search``."""
    return SubtreePiece(kind="subtree", search=search, moves=moves, threshold=threshold)


def job_work(job: runner.Job, page: str) -> JobPiece:
    return JobPiece(kind="job", job=job.to_json(), page=page)


# Loads the pattern databases named (none: nothing to do) from the page at the address given.
Load = Callable[[list[str], str], Awaitable[None]]


class Searches:
    """The whole search a worker has made for subtree work, with its transposition table
    (``memory``) and the tables it loaded: the subtrees of one search all share them."""

    def __init__(self) -> None:
        self.held: tuple[str, IDAStar] | None = None
        self.memory = Memory()

    async def whole(self, search: WholeSearch, load: Load) -> IDAStar:
        key = json.dumps(search, sort_keys=True)
        if self.held is not None and self.held[0] == key:
            return self.held[1]
        self.memory = Memory()  # another search (ident): a table from this one on
        board = Board.parse(str(search["board"]))
        goal = Board.parse(str(search["goal"]))
        heuristic = str(search["heuristic"])
        # the solver worker's tables, not this worker's choice: the large ones if it has them
        names = [name for name in search["tables"] if not pdbbuild.loaded(name)]
        await load(names, str(search["page"]))
        made = make_search(board, goal, algorithm=Algorithm.IDASTAR, heuristic=heuristic)
        if not isinstance(made, IDAStar):
            raise PuzzleError("only IDA* splits into subtrees")
        self.held = (key, made)
        return made


async def load_tables(names: list[str], page: str, report: Callable[[], None]) -> None:
    """Load pattern databases into this worker, calling ``report`` as bytes come in (a
    helper's :data:`Load`)."""
    if names:
        await tables.load(names, lambda got, total: report(), page)


async def work_for(message: Piece, searches: Searches, load: Load) -> Work:
    """The :class:`Work` a "work" message asks for, made in this worker once ``load`` has
    loaded the tables it needs (PuzzleError, KeyError, ValueError if the message is bad)."""
    if message.get("kind") == "subtree":
        message = cast(SubtreePiece, message)
        whole = await searches.whole(message["search"], load)
        moves, threshold = str(message["moves"]), int(message["threshold"])
        return SubtreeWork(whole, moves, threshold, searches.memory)
    if message.get("kind") == "job":
        message = cast(JobPiece, message)
        job = runner.Job.from_json(message["job"])
        goal = Board.parse(job.goal)
        uses = ALGORITHMS[job.algorithm].uses_heuristic
        await load(tables.needed(goal, goal, uses, job.heuristic), str(message["page"]))
        return JobWork(job)
    if message.get("kind") == "seat":
        message = cast(SeatPiece, message)
        names = [name for name in message["tables"] if not pdbbuild.loaded(name)]
        await load(names, str(message["page"]))
        return seat_work(message)
    raise ValueError(f"no such work: {message.get('kind')!r}")
