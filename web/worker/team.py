"""The solver worker's team: helper workers that search beside it (every core of the user).

The page starts helper workers (``helper.py``) when a search can share its work (Solve with
IDA*, a Lab run) and the Workers setting is above 1. The solver worker deals them the work and
does its share itself: the subtrees of an IDA* iteration (:mod:`npuzzle.search.split`) or the Lab's
searches (:mod:`npuzzle.lab.runner`). A helper holds its own copy of the pattern databases it
needs, loaded from the browser's cache.

They talk over a ``BroadcastChannel`` named for the page (two tabs never share one), in JSON
text (``protocol.Message``, its ``kind`` a ``protocol.Note``). The solver worker says
``{kind: "roll"}`` (who is there?), ``{kind: "work", to, id, work}`` and ``{kind: "stop",
id}``; a helper says ``{kind: "here", from}``, ``{kind: "busy", from, id, expanded,
generated}`` every ``BUSY_SECONDS`` while it works (or loads tables), then ``{kind: "done",
from, id, answer}`` or ``{kind: "failed", from, id, reason}``. A helper
not heard from for ``LOST_SECONDS`` while it holds work is given up: its work is done again
by the others, so a helper that crashes (out of memory, say) costs time, never the answer.

A piece of work (:class:`Work`) is made the same way on both sides (:func:`work_for`): the
search it runs is the CLI's, run in slices so that messages, Cancel and progress get in.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, cast

import js
import tables
from protocol import JobPiece, Message, Note, Piece, SubtreePiece, WholeSearch
from pyodide.ffi import create_proxy

from npuzzle import ALGORITHMS, Algorithm, Board, PuzzleError, Search, Status, make_search
from npuzzle.lab import runner
from npuzzle.search.idastar import IDAStar
from npuzzle.search.split import Answer, Subtree

# A worker hears the team's channel only while it yields to the browser, and only through a
# timer: Pyodide runs a sleep of at most 2 ms as an immediate task, which lets the worker's
# own messages in but not the channel's (measured in Chromium: answers waited for seconds).
# So the solver worker yields by a timer once a slice (about 6% of its time) and each helper
# holds pieces ahead, enough to work on until the next look.
SLICE_SECONDS = 0.05  # a piece of work runs this long between looks at the messages
CHUNK = 1024  # expansions between looks at the clock
YIELD_SECONDS = 0.003  # a timer, not an immediate task (see above)
IDLE_SECONDS = 0.004  # between looks at the messages when waiting for answers
REST_SECONDS = 0.01  # between a helper's looks at the messages when it has no work
BUSY_SECONDS = 0.5  # a helper says it is alive this often while it works
LOST_SECONDS = 10.0  # a working helper silent this long is given up
AHEAD = 8  # pieces a helper holds at once (the one under way, the next) while many remain


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


class SubtreeWork(Work):
    """One subtree of a split IDA* iteration; the answer is a :class:`npuzzle.search.split.Answer`'s
    fields."""

    def __init__(self, whole: IDAStar, moves: str, threshold: int) -> None:
        self.subtree = Subtree.after(whole, moves, threshold)
        self.sub = self.subtree.search(whole)
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


def subtree_work(search: WholeSearch, moves: str, threshold: int) -> SubtreePiece:
    """The message of one subtree of ``search``."""
    return SubtreePiece(kind="subtree", search=search, moves=moves, threshold=threshold)


def job_work(job: runner.Job, page: str) -> JobPiece:
    return JobPiece(kind="job", job=job.to_json(), page=page)


# Loads the pattern databases named (none: nothing to do) from the page at the address given.
Load = Callable[[list[str], str], Awaitable[None]]


class Searches:
    """The whole searches a worker has made for subtree work, and the tables it loaded: the
    subtrees of one search all share them."""

    def __init__(self) -> None:
        self.held: tuple[str, IDAStar] | None = None

    async def whole(self, search: WholeSearch, load: Load) -> IDAStar:
        key = json.dumps(search, sort_keys=True)
        if self.held is not None and self.held[0] == key:
            return self.held[1]
        board = Board.parse(str(search["board"]))
        goal = Board.parse(str(search["goal"]))
        heuristic = str(search["heuristic"])
        await load(tables.needed(board, goal, True, heuristic), str(search["page"]))
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
        return SubtreeWork(whole, str(message["moves"]), int(message["threshold"]))
    if message.get("kind") == "job":
        message = cast(JobPiece, message)
        job = runner.Job.from_json(message["job"])
        goal = Board.parse(job.goal)
        uses = ALGORITHMS[job.algorithm].uses_heuristic
        await load(tables.needed(goal, goal, uses, job.heuristic), str(message["page"]))
        return JobWork(job)
    raise ValueError(f"no such work: {message.get('kind')!r}")


class Channel:
    """A BroadcastChannel carrying JSON text; what comes in waits in ``inbox``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.inbox: deque[Message] = deque()
        self.port = js.BroadcastChannel.new(name)
        self._proxy = create_proxy(self._heard)
        self.port.onmessage = self._proxy

    def _heard(self, event: Any) -> None:
        try:
            message = json.loads(str(event.data))
        except ValueError:
            return  # not ours
        if isinstance(message, dict):
            self.inbox.append(cast(Message, message))

    def say(self, **message: Any) -> None:
        self.port.postMessage(json.dumps(message))


class _Held:
    """Work out with a helper: its message number, key, message, when it was sent, and the
    counters it reported so far."""

    def __init__(self, ident: int, key: Any, work: Piece) -> None:
        self.ident, self.key, self.work = ident, key, work
        self.sent = time.monotonic()
        self.expanded = self.generated = 0


Deal = Iterator[tuple[Any, Piece]]  # (key, work message) in the order to hand out


class Team:
    """The solver worker's side: its helpers, and the dealing of work among them and itself."""

    def __init__(self) -> None:
        self.channel: Channel | None = None
        self.helpers: dict[str, float] = {}  # name -> when last heard
        self.gone: set[str] = set()  # helpers given up (failed or silent)
        self.mail: deque[Message] = deque()  # what they said besides "here"
        self.searches = Searches()  # work_for's, for work done here
        self._ident = 0

    def open(self, name: str) -> None:
        """Use the channel ``name`` (the page's); on a new one, ask who is there."""
        if not name or (self.channel is not None and self.channel.name == name):
            return
        self.channel = Channel(name)
        self.helpers.clear()
        self.channel.say(kind=Note.ROLL)

    def present(self) -> int:
        """The helpers that have said they are there and not been given up."""
        self._read()
        return len(self.helpers)

    def _read(self) -> None:
        """Take the messages in: the roster follows "here", the rest wait in ``mail``."""
        if self.channel is None:
            return
        while self.channel.inbox:
            m = self.channel.inbox.popleft()
            sender = str(m.get("from", ""))
            if not sender or sender in self.gone:
                continue
            self.helpers[sender] = time.monotonic()
            if m.get("kind") != Note.HERE:
                self.mail.append(m)

    async def deal(
        self,
        work: Deal,
        total: int,
        mine: Callable[[Piece], Awaitable[Work]],
        take: Callable[[Any, Any], bool],
        helpers: int,
        cancelled: Callable[[], bool],
        progress: Callable[[int, int], None],
    ) -> str:
        """Hand out ``work`` (``total`` pieces) to at most ``helpers`` helpers and do it here
        too (``mine`` makes it here), calling ``take(key, answer)`` for each answer, in
        whatever order they come; ``take`` returning True stops the rest. ``progress(expanded,
        generated)`` sums the pieces under way. Answers "done", "stopped" (by ``take``) or
        "cancelled".

        While many pieces remain, each helper holds up to ``AHEAD``, so that it starts the
        next at once rather than wait for this worker to read its answer; towards the end,
        one each, so that no worker waits for pieces another holds."""
        retry: deque[tuple[Any, Piece]] = deque()
        out: dict[str, deque[_Held]] = {}  # helper name -> its pieces, the one under way first
        here: tuple[Any, Work] | None = None
        dealt = 0
        yielded = time.monotonic()
        # one piece (an IDA* iteration too small to split) runs here as if alone
        sharing = total > 1 and helpers > 0
        chunk = CHUNK if sharing else None

        def next_work() -> tuple[Any, Piece] | None:
            nonlocal dealt
            if retry:
                return retry.popleft()
            item = next(work, None) if dealt < total else None
            dealt += 1
            return item

        def stop_all() -> None:
            for pieces in out.values():
                for held in pieces:
                    self._say(kind=Note.STOP, id=held.ident)

        while True:
            answers: list[tuple[Any, Any]] = []
            self._read_answers(out, retry, answers)
            for key, answer in answers:
                if take(key, answer):
                    stop_all()
                    return "stopped"
            self._give_up_silent(out, retry)
            if here is None:  # this worker first: work that comes whole stays here
                item = next_work()
                if item is not None:
                    here = (item[0], await mine(item[1]))
            for name in list(self.helpers)[: helpers if sharing else 0]:
                pieces = out.setdefault(name, deque())
                ahead = AHEAD if total - dealt > AHEAD * (helpers + 1) else 1
                while len(pieces) < ahead and (item := next_work()) is not None:
                    self._ident += 1
                    pieces.append(_Held(self._ident, *item))
                    self._say(kind=Note.WORK, to=name, id=self._ident, work=item[1])
            if here is None and not any(out.values()):
                return "done"
            if here is not None and here[1].run(SLICE_SECONDS, chunk):
                key, done = here
                here = None
                if take(key, done.answer()):
                    stop_all()
                    return "stopped"
            own = here[1].counts() if here is not None else (0, 0)
            under_way = [pieces[0] for pieces in out.values() if pieces]
            expanded = sum(h.expanded for h in under_way) + own[0]
            progress(expanded, sum(h.generated for h in under_way) + own[1])
            # Messages come in only while this worker yields (by a timer, see above): once a
            # slice, not after each of many short pieces.
            if here is None:  # waiting for the helpers alone
                await asyncio.sleep(IDLE_SECONDS)
            elif time.monotonic() - yielded >= SLICE_SECONDS:
                await asyncio.sleep(YIELD_SECONDS if sharing else 0)
            else:
                continue
            yielded = time.monotonic()
            if cancelled():
                stop_all()
                return "cancelled"

    def _say(self, **message: Any) -> None:
        if self.channel is not None:
            self.channel.say(**message)

    def _read_answers(
        self,
        out: dict[str, deque[_Held]],
        retry: deque[tuple[Any, Piece]],
        answers: list[tuple[Any, Any]],
    ) -> None:
        self._read()
        while self.mail:
            m = self.mail.popleft()
            sender = str(m.get("from"))
            pieces = out.get(sender, deque())
            held = next((h for h in pieces if h.ident == m.get("id")), None)
            if held is None:
                continue  # stale: work stopped or given up
            kind = m.get("kind")
            if kind == Note.BUSY:
                held.expanded, held.generated = int(m["expanded"]), int(m["generated"])
            elif kind == Note.DONE:
                pieces.remove(held)
                answers.append((held.key, m["answer"]))
            elif kind == Note.FAILED:  # done here or by another helper; this one gets no more
                js.console.warn(f"npuzzle: {sender} failed: {m.get('reason')}; its work is redone")
                self._give_up(sender, out, retry)

    def _give_up_silent(
        self, out: dict[str, deque[_Held]], retry: deque[tuple[Any, Piece]]
    ) -> None:
        now = time.monotonic()
        for name, pieces in list(out.items()):
            # silent since it was last heard of or given this work, whichever came later
            if pieces and now - max(self.helpers.get(name, 0.0), pieces[0].sent) > LOST_SECONDS:
                js.console.warn(f"npuzzle: {name} is silent; its work is redone")
                self._give_up(name, out, retry)

    def _give_up(
        self, name: str, out: dict[str, deque[_Held]], retry: deque[tuple[Any, Piece]]
    ) -> None:
        """No more work for helper ``name``: what it held is done by the others."""
        for held in out.pop(name, deque()):
            retry.append((held.key, held.work))
        self.gone.add(name)
        self.helpers.pop(name, None)
