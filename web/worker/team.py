"""The solver worker's team: helper workers that search beside it (every core of the user).

The page starts helper workers (``helper.py``) when a search can share its work (Solve with
IDA* or the anytime search, a Hint, a Lab run) and the Workers setting is above 1. The solver
worker deals them the work and does its share itself: the subtrees of an IDA* iteration
(:mod:`npuzzle.search.split`), the seats of the anytime search (:mod:`npuzzle.search.seats`)
or the Lab's searches (:mod:`npuzzle.lab.runner`), each a piece of work (web/worker/pieces.py).
A helper holds its own copy of the pattern databases it needs, loaded from the browser's
cache.

They talk over a ``BroadcastChannel`` named for the page (two tabs never share one), in JSON
text (``protocol.Message``, its ``kind`` a ``protocol.Note``), and, once the page has handed
them the two ends of a ``MessageChannel`` (``protocol.TEAM_PORT``, web/page/bridge.py), over
it instead: a worker hears that port whenever it yields, even to an immediate task, as it
hears the page, so the solver worker yields after every ``PORT_CHUNK`` expansions, at no cost
but the pause itself, rather than once a ``SLICE_SECONDS`` through a timer. The solver
worker says ``{kind: "roll"}`` (who is there?), ``{kind: "work", to, id, work}`` and
``{kind: "stop", id, keep}`` (``keep``: the search goes on later, see :class:`Shared`), and
to a seat ``{kind: "best", to, id, best}`` (its own seat's new best); a helper says
``{kind: "here", from}``, ``{kind: "busy", from, id, expanded, generated}`` every
``BUSY_SECONDS`` while it works (or loads tables), and at once with ``best`` when its seat
finds a new best, then ``{kind: "done", from, id, answer}``
or ``{kind: "failed", from, id, reason}``. A helper not heard from for ``LOST_SECONDS``
while it holds work is given up: its work is done again by the others, so a helper that
crashes (out of memory, say) costs time, never the answer.

A piece of work (``pieces.Work``) is made the same way on both sides (``pieces.work_for``):
the search it runs is the CLI's, run in slices so that messages, Cancel and progress get in.

IDA* is shared by :meth:`Team.search` (Solve's, and any other search that wants the helpers):
its subtrees come from :class:`npuzzle.search.split.Split` iteration after iteration, the next
iteration's before the last subtree of this one has ended; this worker takes them from the
front of the iteration, the helpers from the back, so that each searches neighbouring
subtrees, whose boards its transposition table (:class:`~npuzzle.search.split.Memory`, kept
for the whole search) has met.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol, cast

import js
import tables
from pieces import CHUNK, Searches, SubtreeWork, Work, answer_of, subtree_work
from protocol import (
    TEAM_PORT,
    Message,
    Note,
    Piece,
    WholeSearch,
    board_text,
)
from pyodide.ffi import create_proxy

from npuzzle.search.idastar import IDAStar
from npuzzle.search.split import Memory, Split, Subtree

# A worker hears the team's channel only while it yields to the browser, and only through a
# timer: Pyodide runs a sleep of at most 2 ms as an immediate task, which lets the worker's
# own messages in but not the channel's (measured in Chromium: answers waited for seconds).
# So the solver worker yields by a timer once a slice (about 6% of its time) and each helper
# holds pieces ahead, enough to work on until the next look.
SLICE_SECONDS = 0.05  # a piece of work runs this long between looks at the messages
# Over the helpers' ports, heard at an immediate task (a yield of about 0.1 ms), the pieces
# run one chunk between looks: a pause of IDA*'s kernel costs about 0.5 ms in CPython (it
# unwinds the path and walks it down again), so the chunks are longer than the answers' wait
# needs: the solver worker's about 30 ms in the page, the helpers' (who need hear only a
# stop, at the end of a search) about 120 ms.
PORT_CHUNK = 2048
HELPER_CHUNK = 8192
YIELD_SECONDS = 0.003  # a timer, not an immediate task (see above)
IDLE_SECONDS = 0.004  # between looks at the messages when waiting for answers
REST_SECONDS = 0.01  # between a helper's looks at the messages when it has no work
BUSY_SECONDS = 0.5  # a helper says it is alive this often while it works
LOST_SECONDS = 10.0  # a working helper silent this long is given up
AHEAD = 8  # pieces a helper holds at once while many remain
# pieces a helper holds at least (the one under way, the next), so that it goes on at once
# rather than wait for this worker to read its answer and send another
HOLD = 2


# Where the time of a share went (Team.figures, in Solve's answer as "team"; seconds unless a
# count): this worker's pieces, its time searching, waiting for the helpers with nothing to
# search, and yielding to hear them; the helpers' time searching, waiting for work between
# two pieces of the search, and yielding; how late their answers were read, summed; whether
# they talked over the ports (1) or the channel alone (0).
FIGURES = (
    "pieces here",
    "pieces out",
    "working",
    "idle",
    "yielding",
    "yields",
    "helpers working",
    "helpers waiting",
    "helpers yielding",
    "heard late",
    "over ports",
)


class PortNotes:
    """Hears the page's notes that hand this worker an end of a MessageChannel
    (``protocol.TEAM_PORT``) and calls ``take(helper, port)``: the solver worker gets one for
    each helper, named, a helper one to the solver worker. PyScript hands the message events
    it does not handle itself to ``xworker.onmessage`` of the worker's main script, which
    names one of these ``xworker`` (web/worker/worker.py, helper.py)."""

    def __init__(self, take: Callable[[str, Any], None]) -> None:
        self.take = take

    def onmessage(self, event: Any) -> None:
        data = event.data
        if getattr(data, "npuzzle", None) == TEAM_PORT and event.ports.length:
            self.take(str(data.helper), event.ports[0])


class Channel:
    """A BroadcastChannel carrying JSON text; what comes in waits in ``inbox``. Ports added by
    :meth:`attach` carry it too: a message ``to`` a worker with a port goes over the port
    (a helper's to the solver worker: the port of key "")."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.inbox: deque[Message] = deque()
        self.port = js.BroadcastChannel.new(name)
        self._proxy = create_proxy(self._heard)
        self.port.onmessage = self._proxy
        self.ports: dict[str, Any] = {}

    def attach(self, key: str, port: Any) -> None:
        """Hear ``port`` too, and say over it what goes to ``key``."""
        old = self.ports.get(key)
        if old is not None:
            old.close()
        port.onmessage = self._proxy
        self.ports[key] = port

    def _heard(self, event: Any) -> None:
        try:
            message = json.loads(str(event.data))
        except ValueError:
            return  # not ours
        if isinstance(message, dict):
            self.inbox.append(cast(Message, message))

    def say(self, **message: Any) -> None:
        port = self.ports.get(str(message.get("to", "")), self.port)
        port.postMessage(json.dumps(message))


class _Held:
    """Work out with a helper: its message number, key, message, when it was sent, and the
    counters it reported so far."""

    def __init__(self, ident: int, key: Any, work: Piece) -> None:
        self.ident, self.key, self.work = ident, key, work
        self.sent = time.monotonic()
        self.expanded = self.generated = 0


Deal = Iterable[tuple[Any, Piece]]  # (key, work message) in the order to hand out


class Source(Protocol):
    """Where :meth:`Team.share` takes the pieces it deals."""

    def next(self, back: bool) -> tuple[Any, Piece] | None:
        """The next piece, (key, work message): for a helper (``back``) or this worker; None
        while there is none (for now, or at all)."""

    def left(self) -> int:
        """How many pieces are ready to deal (more may come)."""

    def give_back(self, key: Any, work: Piece, back: bool) -> None:
        """A piece dealt and not answered (the sharing was stopped): to deal again, next for
        a helper (``back``) or this worker."""


class _Listed:
    """Pieces dealt in their order, to whoever asks (the Lab's searches)."""

    def __init__(self, work: Deal, total: int) -> None:
        self.work, self.total = iter(work), total
        self.returned: deque[tuple[Any, Piece]] = deque()

    def next(self, back: bool) -> tuple[Any, Piece] | None:
        if self.returned:
            return self.returned.popleft()
        item = next(self.work, None) if self.total > 0 else None
        self.total -= 1
        return item

    def left(self) -> int:
        return max(0, self.total) + len(self.returned)

    def give_back(self, key: Any, work: Piece, back: bool) -> None:
        self.returned.append((key, work))


class Subtrees:
    """The subtrees of an IDA* search split by ``split`` (:meth:`Team.search`): this worker
    takes them from the front of the iteration, helpers from the back; once the iteration is
    all dealt, the next one's (``Split.next_iteration``, which waits for the one before the
    last to end)."""

    def __init__(self, split: Split, whole: WholeSearch) -> None:
        self.split, self.whole = split, whole
        self.level: deque[Subtree] = deque()

    def next(self, back: bool) -> tuple[Any, Piece] | None:
        # an iteration too small to split comes whole, its root, and is this worker's
        if not self.level and (self.split.splits_next or not back):
            self.level.extend(self.split.next_iteration())
        if not self.level or (back and not self.level[0].moves):
            return None
        subtree = self.level.pop() if back else self.level.popleft()
        return subtree, subtree_work(self.whole, subtree.moves, subtree.threshold)

    def left(self) -> int:
        return len(self.level)

    def give_back(self, key: Any, work: Piece, back: bool) -> None:
        # helpers take from the back, this worker from the front: each gets its own again
        if back:
            self.level.append(key)
        else:
            self.level.appendleft(key)


class Shared:
    """One IDA* search shared by :meth:`Team.run`: its split, its subtrees, this worker's
    table, and its own subtree stopped under way (``paused``, resumed where it stopped).
    Stopped (cancelled), it goes on by another :meth:`Team.run`, dealing again what was out:
    a player's Hint searches so, a round at a time (web/worker/hint_calls.py)."""

    def __init__(self, search: IDAStar, whole: WholeSearch, split: Split) -> None:
        self.search, self.whole, self.split = search, whole, split
        self.source = Subtrees(split, whole)
        self.memory = Memory()  # this worker's table for the subtrees it searches
        self.paused: dict[tuple[str, int], Work] = {}  # (moves, threshold) -> its search

    async def mine(self, work: Any) -> Work:
        """This worker's search of a subtree: the one it stopped under way, else a new one."""
        moves, threshold = str(work["moves"]), int(work["threshold"])
        kept = self.paused.pop((moves, threshold), None)
        return kept or SubtreeWork(self.search, moves, threshold, self.memory)

    def keep(self, work: Work) -> None:
        """This worker's subtree, stopped under way: :meth:`mine` goes on with it."""
        if isinstance(work, SubtreeWork):
            self.paused[(work.subtree.moves, work.subtree.threshold)] = work


class Team:
    """The solver worker's side: its helpers, and the dealing of work among them and itself."""

    def __init__(self) -> None:
        self.channel: Channel | None = None
        self.helpers: dict[str, float] = {}  # name -> when last heard
        self.gone: set[str] = set()  # helpers given up (failed or silent)
        self.mail: deque[Message] = deque()  # what they said besides "here"
        self.searches = Searches()  # work_for's, for work done here
        self._ident = 0
        self._searches = 0  # IDA* searches shared so far: each helper's table is for one
        self._sharing = asyncio.Lock()  # one share at a time (share)
        self.figures = dict.fromkeys(FIGURES, 0.0)  # where the last share's time went
        self.ports: dict[str, Any] = {}  # helper -> its port, handed by the page
        self.notes = PortNotes(self._port)  # the solver worker's xworker (worker.py)

    def _port(self, helper: str, port: Any) -> None:
        self.ports[helper] = port
        if self.channel is not None:
            self.channel.attach(helper, port)

    def ported(self, names: list[str]) -> bool:
        """Whether the helpers ``names`` all have a port to this worker."""
        return self.channel is not None and all(n in self.channel.ports for n in names)

    def open(self, name: str) -> None:
        """Use the channel ``name`` (the page's); on a new one, ask who is there."""
        if not name or (self.channel is not None and self.channel.name == name):
            return
        self.channel = Channel(name)
        for helper, port in self.ports.items():
            self.channel.attach(helper, port)
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
        heard: Callable[[Any, str], None] | None = None,
    ) -> str:
        """Hand out ``work`` (``total`` pieces) to at most ``helpers`` helpers and do it here
        too: :meth:`share` of them, in their order."""
        source = _Listed(work, total)
        # one piece runs here as if alone
        alone = total <= 1 or helpers <= 0
        return await self.share(
            source, mine, take, helpers, cancelled, progress, alone, heard=heard
        )

    async def search(
        self,
        search: IDAStar,
        page: str,
        helpers: int,
        cancelled: Callable[[], bool],
        progress: Callable[[Split, int, int], None],
        per_worker: int,
        split_from: int,
    ) -> tuple[Split, str]:
        """One IDA* ``search`` (new) shared with at most ``helpers`` helpers, its subtrees
        split by :class:`npuzzle.search.split.Split` (``per_worker``, ``split_from``); the
        split, with its result, and how the sharing ended: "stopped" (the search ended),
        "done" (the same, by the frontier) or "cancelled". ``page`` is where the helpers load
        the tables; ``progress(split, expanded, generated)`` gets the counters of the
        subtrees under way."""
        shared = self.shared(search, page, helpers, per_worker, split_from)
        return shared.split, await self.run(shared, helpers, cancelled, progress)

    def shared(
        self, search: IDAStar, page: str, helpers: int, per_worker: int, split_from: int
    ) -> Shared:
        """IDA* ``search`` (new) made ready to share with at most ``helpers`` helpers
        (:meth:`search`); :meth:`run` runs it, and runs it on once cancelled."""
        split = Split(search, helpers + 1, per_worker, split_from)
        self._searches += 1
        whole = WholeSearch(
            board=board_text(search.board),
            goal=board_text(search.goal),
            heuristic=search.heuristic.name,
            tables=tables.read_by(search.heuristic),
            page=page,
            ident=self._searches,
        )
        return Shared(search, whole, split)

    async def run(
        self,
        shared: Shared,
        helpers: int,
        cancelled: Callable[[], bool],
        progress: Callable[[Split, int, int], None],
    ) -> str:
        """Run ``shared`` with at most ``helpers`` helpers until it ends ("stopped" or
        "done") or is ``cancelled`` ("cancelled": what was out is dealt again by the next
        run, this worker's subtree goes on where it stopped)."""
        split = shared.split

        def take(_key: Any, answer: Any) -> bool:
            return split.take(answer_of(answer))

        def counters(expanded: int, generated: int) -> None:
            progress(split, expanded, generated)

        if split.ended:
            return "stopped"
        return await self.share(
            shared.source, shared.mine, take, helpers, cancelled, counters, False, shared.keep
        )

    async def share(
        self,
        source: Source,
        mine: Callable[[Piece], Awaitable[Work]],
        take: Callable[[Any, Any], bool],
        helpers: int,
        cancelled: Callable[[], bool],
        progress: Callable[[int, int], None],
        alone: bool,
        keep: Callable[[Work], None] | None = None,
        heard: Callable[[Any, str], None] | None = None,
    ) -> str:
        """Hand out the pieces of ``source`` to at most ``helpers`` helpers and do them here
        too (``mine`` makes one here), calling ``take(key, answer)`` for each answer, in
        whatever order they come; ``take`` returning True stops the rest. ``progress(expanded,
        generated)`` sums the pieces under way. ``alone``: no helper, and this worker's piece
        runs as if alone. Answers "done" (nothing left to deal or answer), "stopped" (by
        ``take``) or "cancelled": then the pieces not answered go back to ``source``, and
        this worker's, under way, to ``keep`` too.

        The pieces under way talk (the seats of the anytime search): what this worker's has
        to tell (``Work.news``) goes to the helpers' pieces under way, and what a helper's
        tells is heard by this worker's (``Work.hear``) and by ``heard(key, best)``.

        One share runs at a time: a Solve pressed while a Hint's search is shared waits
        until the Hint's sees it (``cancelled``), or the two would read each other's
        answers.

        While many pieces are ready, each helper holds up to ``AHEAD``, else ``HOLD``, so
        that it starts the next at once rather than wait for this worker to read its
        answer."""
        async with self._sharing:
            return await self._share(
                source, mine, take, helpers, cancelled, progress, alone, keep, heard
            )

    async def _share(
        self,
        source: Source,
        mine: Callable[[Piece], Awaitable[Work]],
        take: Callable[[Any, Any], bool],
        helpers: int,
        cancelled: Callable[[], bool],
        progress: Callable[[int, int], None],
        alone: bool,
        keep: Callable[[Work], None] | None,
        heard: Callable[[Any, str], None] | None,
    ) -> str:
        retry: deque[tuple[Any, Piece]] = deque()
        out: dict[str, deque[_Held]] = {}  # helper name -> its pieces, the one under way first
        here: tuple[Any, Work, Piece] | None = None  # this worker's piece under way
        yielded = time.monotonic()
        sharing = not alone and helpers > 0
        figures = self.figures = dict.fromkeys(FIGURES, 0.0)

        def next_work(back: bool) -> tuple[Any, Piece] | None:
            return retry.popleft() if retry else source.next(back)

        def stop_all(going_on: bool = False) -> None:
            for name, pieces in out.items():
                for held in pieces:
                    self._say(kind=Note.STOP, to=name, id=held.ident, keep=going_on)

        def give_back() -> None:
            """What was dealt and not answered, to deal again from ``source``."""
            for pieces in out.values():
                # the piece under way comes out first again: at the back, last
                for held in reversed(pieces):
                    source.give_back(held.key, held.work, True)
            for key, work in retry:
                source.give_back(key, work, True)

        while True:
            answers: list[tuple[Any, Any]] = []
            bests: list[tuple[Any, str]] = []
            self._read_answers(out, retry, answers, bests)
            for key, best in bests:
                if here is not None:
                    here[1].hear(best)
                if heard is not None:
                    heard(key, best)
            for key, answer in answers:
                if take(key, answer):
                    stop_all()
                    return "stopped"
            self._give_up_silent(out, retry)
            if here is None:  # this worker first: work that comes whole stays here
                item = next_work(False)
                if item is not None:
                    here = (item[0], await mine(item[1]), item[1])
                    figures["pieces here"] += 1
            team = list(self.helpers)[: helpers if sharing else 0]
            for name in team:
                pieces = out.setdefault(name, deque())
                ahead = AHEAD if source.left() > AHEAD * (helpers + 1) else HOLD
                while len(pieces) < ahead and (item := next_work(True)) is not None:
                    self._ident += 1
                    pieces.append(_Held(self._ident, *item))
                    self._say(kind=Note.WORK, to=name, id=self._ident, work=item[1])
                    figures["pieces out"] += 1
            if here is None and not any(out.values()):
                return "done"
            # While no helper holds work, this worker's piece runs as if alone; else it
            # yields to hear them: often and briefly over their ports.
            chunk, slice_seconds, pause = None, SLICE_SECONDS, 0.0
            if any(out.values()):
                chunk, pause = CHUNK, YIELD_SECONDS
                if self.ported(team):
                    chunk, slice_seconds, pause = PORT_CHUNK, 0.0, 0.0
                    figures["over ports"] = 1
            ran = time.monotonic()
            if here is not None and here[1].run(slice_seconds, chunk):
                figures["working"] += time.monotonic() - ran
                key, done, _ = here
                here = None
                if take(key, done.answer()):
                    stop_all()
                    return "stopped"
            elif here is not None:
                figures["working"] += time.monotonic() - ran
                news = here[1].news()
                for name, pieces in out.items():
                    if news is not None and pieces:
                        self._say(kind=Note.BEST, to=name, id=pieces[0].ident, best=news)
            own = here[1].counts() if here is not None else (0, 0)
            under_way = [pieces[0] for pieces in out.values() if pieces]
            expanded = sum(h.expanded for h in under_way) + own[0]
            progress(expanded, sum(h.generated for h in under_way) + own[1])
            # Messages come in only while this worker yields (by a timer, see above): once a
            # slice, not after each of many short pieces.
            slept = time.monotonic()
            if here is None:  # waiting for the helpers alone
                await asyncio.sleep(IDLE_SECONDS)
                figures["idle"] += time.monotonic() - slept
            elif slept - yielded >= slice_seconds:
                await asyncio.sleep(pause)
                figures["yielding"] += time.monotonic() - slept
                figures["yields"] += 1
            else:
                continue
            yielded = time.monotonic()
            if cancelled():
                stop_all(keep is not None)
                give_back()
                if here is not None:
                    source.give_back(here[0], here[2], False)
                    if keep is not None:
                        keep(here[1])
                return "cancelled"

    def _say(self, **message: Any) -> None:
        if self.channel is not None:
            self.channel.say(**message)

    def _read_answers(
        self,
        out: dict[str, deque[_Held]],
        retry: deque[tuple[Any, Piece]],
        answers: list[tuple[Any, Any]],
        bests: list[tuple[Any, str]],
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
                if "best" in m:
                    bests.append((held.key, str(m["best"])))
            elif kind == Note.DONE:
                pieces.remove(held)
                answers.append((held.key, m["answer"]))
                figures = self.figures
                figures["heard late"] += max(0.0, time.time() - float(m.get("at", time.time())))
                figures["helpers waiting"] += float(m.get("waited", 0.0))
                figures["helpers yielding"] += float(m.get("yielded", 0.0))
                figures["helpers working"] += float(m.get("worked", 0.0))
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
