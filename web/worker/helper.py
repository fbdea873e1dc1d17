"""A helper worker (a PyScript worker the page starts, named "helper-1", "helper-2", ...):
it searches what the solver worker deals it (web/worker/team.py) and answers over the team's
channel.

The page calls ``join(channel, name)`` once it has started; from then on the helper says it
is there whenever the solver worker asks, takes one piece of work at a time, says it is busy
every ``team.BUSY_SECONDS`` (and at once when its seat of the anytime search has a new best;
the other seats' bests it hears are passed to its seat), and drops its work when told to
stop; or, told to stop and ``keep`` it (a search that goes on later: a Hint's, a round at a
time), keeps the subtree under way and goes on with it if dealt it again. A subtree dealt
again once answered (its answer came after the stop) is answered again at once: searched
again, it would meet its own boards in this helper's table and find nothing below them.
"""

import asyncio
import time
from collections import deque
from typing import Any

import pieces
import team
from protocol import Message, Note, Piece

import npuzzle

_me: list[Any] = []  # this helper, once it has joined, and its task


def join(channel: str, name: str) -> dict[str, str]:
    """Listen on the page's team ``channel`` as ``name``, and say so; and on the port to the
    solver worker that the page hands this helper then (web/worker/team.py)."""
    if not _me:
        helper = _Helper(team.Channel(str(channel)), str(name))
        _me.extend([helper, asyncio.ensure_future(helper.serve())])
    _me[0].say(kind=Note.HERE)
    return {"version": npuzzle.__version__, "name": _me[0].name}


class _Helper:
    """This helper's side of the team: what waits, what was stopped, the searches made."""

    def __init__(self, channel: team.Channel, name: str) -> None:
        self.channel, self.name = channel, name
        self.searches = pieces.Searches()
        self.waiting: deque[Message] = deque()
        self.stopped: set[int] = set()
        self.keeping: set[int] = set()  # stopped, the work kept: its search goes on later
        self.bests: dict[int, str] = {}  # the other seats' last best, by piece (a seat's)
        # The subtrees of the search (a WholeSearch's text) stopped under way and answered,
        # by (moves, threshold): of one search at a time.
        self.held: tuple[str, dict[tuple[str, int], pieces.Work], dict[tuple[str, int], Any]]
        self.held = ("", {}, {})
        self.heard = 0.0  # when this helper last said it is busy
        self.last: tuple[str, float] = ("", 0.0)  # the search of the last piece, when it ended

    def pause(self) -> float:
        """How long to yield between slices: an immediate task once the solver worker is
        heard over a port, else a timer (web/worker/team.py)."""
        return 0 if "" in self.channel.ports else team.YIELD_SECONDS

    def say(self, **message: Any) -> None:
        self.channel.say(**{"from": self.name}, **message)

    def read(self) -> None:
        while self.channel.inbox:
            m = self.channel.inbox.popleft()
            kind = m.get("kind")
            if kind == Note.ROLL:
                self.say(kind=Note.HERE)
            elif kind == Note.WORK and m.get("to") == self.name:
                self.waiting.append(m)
            elif kind == Note.BEST and m.get("to") == self.name:
                self.bests[int(m.get("id", -1))] = str(m.get("best", ""))
            elif kind == Note.STOP:
                self.stopped.add(int(m.get("id", -1)))
                if m.get("keep"):
                    self.keeping.add(int(m.get("id", -1)))

    async def serve(self) -> None:
        """Answer the solver worker's messages, forever."""
        yielded = time.monotonic()
        while True:
            # Messages (a stop for a piece waiting here) come in only while this worker
            # yields: between pieces too, but not after each short one (a yield costs time).
            if not self.waiting or time.monotonic() - yielded > team.SLICE_SECONDS:
                await asyncio.sleep(self.pause() if self.waiting else team.REST_SECONDS)
                yielded = time.monotonic()
            self.read()
            if not self.waiting:
                continue
            m = self.waiting.popleft()
            ident = int(m["id"])
            if ident not in self.stopped:
                await self.work(ident, m["work"])
            self.stopped.discard(ident)
            self.keeping.discard(ident)
            self.bests.pop(ident, None)

    async def work(self, ident: int, message: Piece) -> None:
        """Do one piece of work, saying it is busy now and then; its answer unless stopped."""

        def busy(expanded: int = 0, generated: int = 0, best: str | None = None) -> None:
            """Say this helper is alive, once a ``BUSY_SECONDS``, and a seat's new best at once."""
            if best is None and time.monotonic() - self.heard < team.BUSY_SECONDS:
                return
            self.heard = time.monotonic()
            said: dict[str, Any] = {"expanded": expanded, "generated": generated}
            if best is not None:
                said["best"] = best
            self.say(kind=Note.BUSY, id=ident, **said)

        async def load(names: list[str], page: str) -> None:
            await pieces.load_tables(names, page, busy)

        search = str(message.get("search", ""))
        # the time since the last piece of the same search ended, yielding and searching
        waited = time.monotonic() - self.last[1] if self.last[0] == search else 0.0
        yielded = worked = 0.0
        if self.held[0] != search:
            self.held = (search, {}, {})
        _, paused, answered = self.held
        subtree = message.get("kind") == "subtree"
        piece = (str(message.get("moves", "")), int(str(message.get("threshold", -1))))
        if subtree and piece in answered:
            self.say(kind=Note.DONE, id=ident, answer=answered[piece], at=time.time())
            return
        try:
            work = paused.pop(piece, None) or await pieces.work_for(message, self.searches, load)
            while True:
                began = time.monotonic()
                if self.pause():  # a timer: once a slice
                    ended = work.run(team.SLICE_SECONDS)
                else:  # a port: once a chunk
                    ended = work.run(0.0, team.HELPER_CHUNK)
                worked += time.monotonic() - began
                if ended:
                    break
                busy(*work.counts(), work.news())
                began = time.monotonic()
                await asyncio.sleep(self.pause())
                yielded += time.monotonic() - began
                self.read()
                if ident in self.bests:
                    work.hear(self.bests.pop(ident))
                if ident in self.stopped:
                    if ident in self.keeping and isinstance(work, pieces.SubtreeWork):
                        paused[piece] = work
                    return
            answer = work.answer()
            if isinstance(work, pieces.SubtreeWork):
                answered[piece] = answer
            self.say(
                kind=Note.DONE,
                id=ident,
                answer=answer,
                at=time.time(),
                waited=waited,
                yielded=yielded,
                worked=worked,
            )
            self.last = (search, time.monotonic())
        except Exception as exc:  # a bad message, tables refused, memory: the solver retries
            self.say(kind=Note.FAILED, id=ident, reason=f"{type(exc).__name__}: {exc}")


def _port(_name: str, port: Any) -> None:
    """The page's port to the solver worker, handed once this helper has joined."""
    if _me:
        _me[0].channel.attach("", port)


# PyScript hands the page's notes with a port to ``xworker.onmessage`` (web/worker/team.py)
xworker = team.PortNotes(_port)

__export__ = ["join"]
