"""Hint and Moves to solved: a player's help, worked out in the solver worker.

Whenever the grid shows another board (a move, a swap, a new board) the view asks the worker,
through the bridge, for ``npuzzle.play.hint`` of that board: its distance goes into "Moves to
solved" (``#distance``) as soon as it comes, and its first move waits for the Hint button,
which marks that tile and says it in the page's live region.

The grid stays playable meanwhile, and moves do not pile up questions: one question is out at
a time, asked ``DEBOUNCE_SECONDS`` after the last change for the board shown then, and an
answer for a board the grid no longer shows is dropped (the board is the question's tag).
While the worker runs Solve or the Lab it answers "busy" instead (a hint there would stall
them); the view says it waits and asks again every ``RETRY_SECONDS``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bridge import Bridge
from controls import listen
from protocol import Kind, Reply

from npuzzle import Board

DEBOUNCE_SECONDS = 0.15  # moves closer together than this ask once, for the last board
RETRY_SECONDS = 1.0  # while the worker runs Solve or the Lab, ask again this often
PROGRESS_SECONDS = 0.25  # a pressed Hint fetching tables: how often the bytes are told
# A pressed Hint not proven optimal in its 3 s shows its move, then searches on by itself, 3 s
# a round (the worker's PRESSED_SECONDS), while the board stays: up to 30 s in all.
SEARCH_ON_ROUNDS = 9
BUSY: dict[str, str] = {Kind.SOLVE: "Solve", Kind.LAB: "the Lab"}

Key = tuple[Board, Board]  # (board, goal): what an answer is for
SOLVED: dict[str, Any] = {"status": Reply.OK, "solvable": True, "distance": 0, "optimal": True}


class Page(Protocol):
    def say(self, text: str) -> None: ...
    def shortest_known(self, board: Board, goal: Board, length: int) -> None: ...


class Grid(Protocol):
    tiles: dict[int, Any]

    @property
    def board(self) -> Board: ...
    @property
    def goal(self) -> Board: ...

    @property
    def solved(self) -> bool: ...


def moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


def distance_text(answer: dict[str, Any]) -> str:
    """What "Moves to solved" shows for the worker's answer."""
    if answer.get("status") != Reply.OK:
        return f"Unknown: {answer.get('reason') or 'no answer'}"
    if not answer.get("solvable"):
        return "Cannot be solved (Hint says why)"
    distance = int(answer.get("distance") or 0)
    if distance == 0:
        return "Solved"
    if answer.get("optimal"):
        return f"{moves(distance)} from solved"
    return f"at most {moves(distance)} (not proven optimal)"


def hint_text(answer: dict[str, Any]) -> str:
    """What the live region says when Hint is pressed."""
    if answer.get("status") != Reply.OK:
        return f"No hint: {answer.get('reason') or 'the solver did not answer'}."
    if not answer.get("solvable"):
        return f"No hint: this board cannot be solved: {answer.get('reason')}."
    if not answer.get("distance"):
        return "The board is solved: no hint needed."
    slide = f"Hint: slide tile {answer.get('tile')} {answer.get('direction')}"
    if answer.get("optimal"):
        return f"{slide}."
    advice = f"; {answer['advice']}" if answer.get("advice") else ""
    if answer.get("resumable"):
        bound = answer.get("lower_bound")
        advice += f"; at least {moves(int(bound))}" if bound else ""
        advice += "; searching on for the shortest"
    return (
        f"{slide} (not proven optimal: solved in "
        f"{moves(int(answer.get('distance') or 0))} this way{advice})."
    )


class HintView:
    """``#hint`` and ``#distance``; ``board_changed`` is called for every board shown."""

    def __init__(
        self,
        document: Any,
        page: Page,
        bridge: Bridge,
        grid: Grid,
        workers: Callable[[], int] = lambda: 1,
    ) -> None:
        """``workers``: the Workers setting, how many workers may share a hint's IDA*."""
        self.page, self.bridge, self.grid = page, bridge, grid
        self.workers = workers
        get = document.getElementById
        self.button = get("hint")
        self.distance = get("distance")
        self.answer: tuple[Key, dict[str, Any]] | None = None  # the last answer kept
        self.wanted = False  # Hint was pressed: say it when the answer comes
        self.connected = False  # the worker has answered the page's ping
        self.failure = ""  # why the worker cannot answer at all
        self.marked: Any = None  # the tile button marked
        self.task: asyncio.Future[None] | None = None  # the question out, if any
        self.proxies: list[Any] = []
        listen(self.proxies, [(self.button, "click", self.on_hint)])

    def enable(self) -> None:
        """Hint can be pressed (it waits for the worker if need be)."""
        self.button.disabled = False
        self.board_changed()

    def connect(self) -> None:
        """The worker has started: questions can go out."""
        self.connected = True
        self.ask()

    def fail(self, reason: str) -> None:
        """The worker cannot answer: say so instead of waiting for ever."""
        self.failure = reason
        self.answer = None
        self.board_changed()

    # ----- what the page tells the view ----------------------------------------------------
    def key(self) -> Key:
        return self.grid.board, self.grid.goal

    def known(self) -> dict[str, Any] | None:
        """The answer for the board on the grid, if it has come."""
        if self.answer is not None and self.answer[0] == self.key():
            return self.answer[1]
        return None

    def board_changed(self) -> None:
        """The grid shows another board: forget the hint, ask about the new board."""
        answer = self.known()
        if answer is not None:  # back to the board answered last (a move away and back)
            self.show(self.key(), answer)
            return
        self.unmark()
        self.wanted = False
        if self.grid.solved:  # no question needed
            self.show(self.key(), SOLVED)
            return
        if self.failure:
            self.show(self.key(), {"status": Reply.ERROR, "reason": self.failure})
            return
        last = self.answer[1] if self.answer is not None else {}
        if not (last.get("status") == Reply.OK and last.get("solvable") and last.get("distance")):
            self.distance.textContent = "working it out..."  # not "Solved", even faded
        self.distance.setAttribute("aria-busy", "true")
        self.ask()

    # ----- Hint ----------------------------------------------------------------------------
    def on_hint(self, event: Any) -> None:
        answer = self.known()
        if answer is not None and not answer.get("advice") and not answer.get("resumable"):
            self.reveal(answer)
            return
        if answer is not None:  # the tables, or more time, would make it optimal: ask again
            self.answer = None
        self.wanted = True
        self.page.say(
            "Hint: working it out..." if self.connected else "Hint: the solver is starting..."
        )
        self.ask()

    def reveal(self, answer: dict[str, Any]) -> None:
        """Mark the tile to slide and say it."""
        self.wanted = False
        self.unmark()
        tile = self.grid.tiles.get(answer.get("tile") or 0)
        if answer.get("status") == Reply.OK and answer.get("distance") and tile is not None:
            tile.classList.add("hint")
            tile.setAttribute("data-hint", str(answer.get("direction")))
            self.marked = tile
        self.page.say(hint_text(answer))

    def unmark(self) -> None:
        if self.marked is not None:
            self.marked.classList.remove("hint")
            self.marked.removeAttribute("data-hint")
        self.marked = None

    # ----- the worker ----------------------------------------------------------------------
    def ask(self) -> None:
        """Make sure a question is out for the board shown (at most one at a time)."""
        idle = self.task is None or self.task.done()
        if self.connected and idle and self.known() is None:
            self.task = asyncio.ensure_future(self.asking())

    async def asking(self) -> None:
        said = False  # that the hint waits for Solve or the Lab
        rounds = 0  # searched on by itself after a pressed Hint's move not proven optimal
        while self.known() is None:
            await asyncio.sleep(DEBOUNCE_SECONDS)  # let a burst of moves settle
            key = self.key()
            if self.known() is not None:
                return
            pressed = self.wanted or rounds > 0
            try:
                # a pressed Hint may fetch the pattern databases; Moves to solved alone not.
                # Shared with the helpers started; a pressed Hint starts them: on a 2-core
                # machine a hard 4x4 (Korf's #60) takes 1.7 s with both and over 5 s when
                # its first 3 s are searched alone while they start
                asked = self.bridge.hint(*key, fetch=pressed, workers=self.workers(), start=pressed)
                answer = dict(await self.fetching(asked) if pressed else await asked)
            except Exception as exc:  # the worker failed: say so, do not retry for ever
                answer = {"status": Reply.ERROR, "reason": f"the solver did not answer ({exc})"}
            if answer.get("status") == Reply.BUSY:
                busy = BUSY.get(str(answer.get("kind")), "a search")
                self.distance.textContent = f"waits for {busy}"
                if self.wanted and not said:
                    self.page.say(f"Hint: waits for the solver, busy with {busy}.")
                    said = True
                await asyncio.sleep(RETRY_SECONDS)
                continue
            if key != self.key():
                rounds = 0
                continue  # stale: the board changed while the worker thought
            better = answer.get("resumable") or answer.get("advice")
            if self.wanted and not pressed and better:
                # Hint was pressed while Moves to solved was worked out: its distance now, and
                # the hint from the pressed search (the tables, more time), asked at once
                self.show(key, answer, reveal=False)
                self.answer = None
                continue
            if pressed and answer.get("resumable") and rounds < SEARCH_ON_ROUNDS:
                self.show(key, answer, reveal=rounds == 0)  # the move so far, said once
                self.distance.setAttribute("aria-busy", "true")
                rounds += 1
                self.answer = None
                continue
            if rounds and answer.get("optimal"):
                self.wanted = True  # proven at last: mark and say the shortest move
            self.show(key, answer)

    async def fetching(self, asked: Awaitable[Any]) -> Any:
        """The answer of a pressed Hint, saying meanwhile how much of the pattern databases
        it fetches has come (the 4x4's large table is 9.5 MB)."""
        call = asyncio.ensure_future(asked)
        while True:
            done, _ = await asyncio.wait([call], timeout=PROGRESS_SECONDS)
            if done:
                return call.result()
            with contextlib.suppress(Exception):  # no progress is no reason to fail
                now = await self.bridge.progress()
                if now["phase"] == "loading" and now["total"] and not call.done():
                    got, total = now["loaded"], now["total"]
                    self.distance.textContent = (
                        f"fetching the pattern databases: {got / 1e6:.1f} of {total / 1e6:.1f} MB"
                    )

    def show(self, key: Key, answer: dict[str, Any], *, reveal: bool = True) -> None:
        self.answer = (key, answer)
        if answer.get("status") == Reply.OK and answer.get("solvable") and answer.get("optimal"):
            self.page.shortest_known(*key, int(answer.get("distance") or 0))
        self.distance.textContent = distance_text(answer)
        # how many workers searched it (the solver worker, helpers), for tests and scripts
        self.distance.dataset.workers = str(answer.get("workers") or 1)
        if not reveal:
            return  # still being worked out
        self.distance.removeAttribute("aria-busy")
        if self.wanted:
            self.reveal(answer)
