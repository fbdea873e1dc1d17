"""The worker bridge: the only door from the page's views to the solver.

Solve, the Lab, a player's Hint, the visualizer's search and Compare's run in the PyScript
worker named ``solver``; every call to it goes through :class:`Bridge`. The page's main thread
holds no search and no pattern database: it asks and draws.

When the Workers setting is above 1, the bridge also starts helper workers (``helper.py``)
for the solver worker to share Solve's IDA* and the Lab's searches with (web/worker/team.py): they
are started the first time a request may use them, and join the search under way once ready.

Every request and answer is one of web/protocol.py's, which the workers import too; answers
come back as plain Python (``protocol.plain``), or as JSON text read here where they are large
or nested (the visualizer's and Compare's views, the Lab's rows). While a call runs, the views
follow its progress through :meth:`Bridge.follow`, the page's one poller.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

from protocol import (
    DEFAULT_ALGORITHM,
    DEFAULT_HEURISTIC,
    HELPER_SCRIPT,
    POLL_SECONDS,
    TEAM_PORT,
    WORKER,
    WORKER_SCRIPT,
    CompareRequest,
    HintAnswer,
    HintRequest,
    LabAnswer,
    LabProgress,
    LabRequest,
    Model,
    Progress,
    Reply,
    SearchRequest,
    SolveAnswer,
    StepRequest,
    Team,
    TreeRequest,
    View,
    YoursRequest,
    board_text,
    plain,
    read_boards,
    shared,
)
from pyodide.ffi import create_proxy, to_js

from npuzzle import Algorithm, Board, PuzzleError
from npuzzle.play.hint import OPTIMAL_CELLS
from npuzzle.teach.entrants import Entrant, format_entrants

T = TypeVar("T")

WATCHDOG_SECONDS = 15.0  # a worker silent this long while it runs your code is restarted
RESTARTED = (
    f"the solver worker did not answer for {WATCHDOG_SECONDS:g} s, stuck in one long "
    "operation of your heuristic that its time budget cannot stop (such as sum(range(10**12))): "
    "it was restarted; check your heuristic again to use it"
)
P = TypeVar("P")


class Bridge:
    """``workers`` is PyScript's registry of named workers, ``create_worker`` its
    ``create_named_worker``; ``window`` the page's window."""

    def __init__(self, workers: Any, window: Any, create_worker: Any = None) -> None:
        self.workers, self.window = workers, window
        self.create_worker = create_worker
        self.ready = False  # the worker has answered a ping
        self.worker_name = WORKER  # the solver worker's name (another once restarted)
        self.restarts = 0
        # armed once the worker holds code of the page's user (a heuristic of yours): a call
        # of it may be one long operation in C that its time budget cannot stop
        self.watchdog = False
        self.on_restart: list[Callable[[], None]] = []  # told once a new worker has started
        self._proxies: list[Any] = []
        # the helpers' channel: named for this page, so that two tabs never share one
        self.team_name = f"npuzzle-team-{secrets.token_hex(8)}"
        self.helpers: list[str] = []  # started (or starting)
        self.joined = 0  # helpers that have joined the team
        self._starting: set[asyncio.Future[None]] = set()

    def page_address(self) -> str:
        """The page's address without its fragment (the worker has an address of its own,
        so it is told where the pattern databases are)."""
        return str(self.window.location.href).split("#")[0]

    # ----- the worker ----------------------------------------------------------------------
    async def worker(self) -> Any:
        """The solver worker, once it has started."""
        return await self.workers[self.worker_name]

    async def restart(self) -> None:
        """End the solver worker, stuck in one long operation, and start another in its
        place: what it held (a heuristic of yours, a stepped search, a comparison) is gone."""
        self.restarts += 1
        self.watchdog = False
        old = self.window.document.querySelector(f'script[name="{self.worker_name}"]')
        if old:  # JsNull when absent
            xworker = getattr(old, "xworker", None)
            if xworker:
                xworker.terminate()
            old.remove()
        self.worker_name = f"{WORKER}-{self.restarts}"
        self.ready = False
        await self.create_worker(src=WORKER_SCRIPT, name=self.worker_name)
        await self.ping()
        for name in self.helpers:
            self._connect(name)
        for listener in self.on_restart:
            listener()

    async def ping(self) -> Any:
        """The worker's version, once it has started (``ready`` from then on)."""
        answer = plain(await (await self.worker()).ping())
        self.ready = True
        return answer

    async def follow(
        self,
        call: Awaitable[T],
        report: Callable[[P], None],
        ask: Callable[[], Awaitable[P]] | None = None,
        silent: Callable[[], None] | None = None,
    ) -> T:
        """Await ``call``, a worker's answer, and every ``POLL_SECONDS`` meanwhile ask the
        worker how it goes (``ask``: :meth:`progress` unless told) and hand that to
        ``report``. With ``silent``, a question not answered within ``POLL_SECONDS`` (the
        worker still starting, or too busy to answer) is waited for only after ``silent()``
        has said so."""
        pending = asyncio.ensure_future(call)
        question: Callable[[], Awaitable[Any]] = ask if ask is not None else self.progress
        while not pending.done():
            await asyncio.wait([pending], timeout=POLL_SECONDS)
            if pending.done():
                break
            asked = asyncio.ensure_future(question())
            asked.add_done_callback(lambda f: f.cancelled() or f.exception())  # never unread
            if self.watchdog:
                both = {pending, asked}
                await asyncio.wait(
                    both, timeout=WATCHDOG_SECONDS, return_when=asyncio.FIRST_COMPLETED
                )
                if not asked.done() and not pending.done():
                    pending.add_done_callback(lambda f: f.cancelled() or f.exception())
                    await self.restart()
                    stuck: Any = {"status": Reply.ERROR, "reason": RESTARTED, "message": RESTARTED}
                    return cast(T, stuck)
            if silent is not None:
                both = {pending, asked}
                await asyncio.wait(both, timeout=POLL_SECONDS, return_when=asyncio.FIRST_COMPLETED)
                if not asked.done() and not pending.done():
                    silent()
                    await asyncio.wait(both, return_when=asyncio.FIRST_COMPLETED)
                if pending.done() or asked.exception() is not None:
                    continue
            report(await asked)
        return await pending

    async def progress(self) -> Progress:
        answer: Progress = plain(await (await self.worker()).progress())
        return answer

    async def cancel(self) -> None:
        await (await self.worker()).cancel()

    # ----- helper workers ------------------------------------------------------------------
    def team(self, workers: int) -> Team:
        """What a request adds so that the solver worker may share it with ``workers`` - 1
        helpers; those not started yet are started now (the request does not wait for them)."""
        while len(self.helpers) < workers - 1 and self.create_worker is not None:
            name = f"helper-{len(self.helpers) + 1}"
            self.helpers.append(name)
            task = asyncio.ensure_future(self._start_helper(name))
            self._starting.add(task)
            task.add_done_callback(self._starting.discard)
        return Team(workers=workers, team=self.team_name)

    async def _start_helper(self, name: str) -> None:
        try:
            helper = await self.create_worker(src=HELPER_SCRIPT, name=name)
            await helper.join(self.team_name, name)
        except Exception as exc:  # the search goes on without it
            self.window.console.warn(f"npuzzle: the helper worker {name} did not start: {exc}")
            return
        self._connect(name)
        self.joined += 1
        self.window.document.body.dataset.helpers = str(self.joined)  # for tests and scripts

    def _connect(self, name: str) -> None:
        """Hand the solver worker and helper ``name`` the two ends of a MessageChannel: what
        they say over it is heard at their every yield, unlike the team's BroadcastChannel
        (web/worker/team.py). Without it (an older browser) they keep to the channel."""
        if not hasattr(self.window, "MessageChannel"):
            return
        ends = [self._xworker(self.worker_name), self._xworker(name)]
        if not all(ends):
            return
        try:
            pipe = self.window.MessageChannel.new()
            note = to_js(
                {"npuzzle": TEAM_PORT, "helper": name},
                dict_converter=self.window.Object.fromEntries,
            )
            for xworker, port in zip(ends, (pipe.port1, pipe.port2), strict=True):
                xworker.postMessage(note, to_js([port]))
        except Exception as exc:  # they keep to the channel
            self.window.console.warn(f"npuzzle: no port to the helper worker {name}: {exc}")

    def _xworker(self, name: str) -> Any:
        """The Worker object of PyScript's worker ``name``, or None."""
        script = self.window.document.querySelector(f'script[name="{name}"]')
        return getattr(script, "xworker", None) if script else None

    # ----- Solve ---------------------------------------------------------------------------
    async def solve(
        self,
        board: Board,
        goal: Board,
        *,
        algorithm: str,
        heuristic: str,
        weight: float,
        tie_break: str = "high-g",
        workers: int = 1,
    ) -> SolveAnswer:
        """Run one search in the worker (IDA* or the anytime search shared with ``workers`` - 1
        helpers when ``protocol.shared`` says so); its figures as a dict."""
        request = self.search_request(board, goal, algorithm, heuristic, weight, tie_break)
        if shared(algorithm, board, workers, goal, heuristic):
            request["workers"], request["team"] = workers, self.team(workers)["team"]
        answer: SolveAnswer = plain(await (await self.worker()).solve(request))
        return answer

    def search_request(
        self,
        board: Board,
        goal: Board,
        algorithm: str,
        heuristic: str,
        weight: float,
        tie_break: str = "high-g",
    ) -> SearchRequest:
        """A search as the worker reads it (Solve's and the visualizer's)."""
        return SearchRequest(
            board=board_text(board),
            goal=board_text(goal),
            algorithm=algorithm,
            heuristic=heuristic,
            weight=weight,
            tie_break=tie_break,
            page=self.page_address(),
        )

    def expose_for_scripts(self) -> None:
        """``window.npuzzleSolve({board, goal, algorithm, heuristic, weight, workers})``: the
        worker's answer as a plain object, for scripts (the benchmarks and tests), without
        touching the page's board. Pattern databases are loaded as for Solve."""

        async def solve_for_scripts(request: Any) -> Any:
            req = plain(request)
            req.setdefault("page", self.page_address())
            workers = int(req.get("workers") or 1)
            req.pop("team", None)
            try:
                boards: tuple[Board, Board] | None = read_boards(req)
            except PuzzleError:
                boards = None  # the worker says what is wrong with it
            algorithm = str(req.get("algorithm", DEFAULT_ALGORITHM))
            heuristic = str(req.get("heuristic", DEFAULT_HEURISTIC))
            if boards is not None and shared(algorithm, boards[0], workers, boards[1], heuristic):
                req.update(self.team(workers))
            answer = plain(await (await self.worker()).solve(req))
            return to_js(answer, dict_converter=self.window.Object.fromEntries)

        proxy = create_proxy(solve_for_scripts)
        self._proxies.append(proxy)
        self.window.npuzzleSolve = proxy

    # ----- Hint and the Lab ----------------------------------------------------------------
    async def hint(
        self, board: Board, goal: Board, *, fetch: bool, workers: int = 1, start: bool = False
    ) -> HintAnswer:
        """A player's hint for ``board``, worked out in the worker (``npuzzle.play.hint``): the
        tile to slide, the distance, whether it is optimal; or Busy while Solve or the Lab
        runs there. ``fetch``: a pressed Hint, which may fetch the pattern databases. Its
        IDA* (boards of up to ``OPTIMAL_CELLS``) is shared with the helpers started
        (``workers`` - 1 at most), as Solve's; with ``start`` (a pressed Hint), those not
        started yet are started. Moves to solved alone does not start them: a helper's start
        takes seconds of a core, more than most boards' distance needs."""
        request = HintRequest(
            board=board_text(board), goal=board_text(goal), fetch=fetch, page=self.page_address()
        )
        searched = board.size <= OPTIMAL_CELLS  # larger boards get the human-like move
        if (
            searched
            and shared(str(Algorithm.IDASTAR), board, workers, goal)
            and (start or self.helpers)
        ):
            request["workers"], request["team"] = workers, self.team(workers)["team"]
        answer: HintAnswer = plain(await (await self.worker()).hint(request))
        return answer

    def lab_request(
        self, experiment: str, options: dict[str, Any], seed: str, workers: int
    ) -> LabRequest:
        """A Lab run as the worker reads it, shared with ``workers`` - 1 helpers."""
        request = LabRequest(
            experiment=experiment, options=json.dumps(options), seed=seed, page=self.page_address()
        )
        request["workers"], request["team"] = workers, self.team(workers)["team"]
        return request

    async def lab_run(self, request: LabRequest) -> LabAnswer:
        answer: LabAnswer = plain(await (await self.worker()).lab_run(request))
        return answer

    async def lab_progress(self, since: int) -> LabProgress:
        """The run's counters, and its rows from number ``since`` on."""
        answer: LabProgress = plain(await (await self.worker()).lab_progress(since))
        return answer

    async def _ask(self, name: str, *args: Any) -> Any:
        """Call the worker's ``name``, whose answer is JSON text."""
        return json.loads(str(await getattr(await self.worker(), name)(*args)))

    # ----- a heuristic of yours (web/worker/heuristic_calls.py) ---------------------------
    async def yours_check(self, source: str, goal: Board) -> dict[str, Any]:
        """Check a heuristic of yours on every board of ``goal``'s shape, in the worker,
        which then holds it as the heuristic ``yours``; the verdict, or {status: "error",
        reason, line}."""
        request = YoursRequest(source=source, goal=board_text(goal))
        self.watchdog = True
        answer: dict[str, Any] = await self._ask("yours_check", request)
        return answer

    # ----- the visualizer's search, stepped in the worker (web/worker/step_calls.py) -------
    async def steps_open(
        self,
        board: Board,
        goal: Board,
        *,
        algorithm: str,
        heuristic: str,
        weight: float,
        tie_break: str = "high-g",
    ) -> Model:
        """Make the search the visualizer steps through, in the worker (which loads the
        pattern databases it needs first); the model of step 0, or {status: "error",
        message}."""
        request = self.search_request(board, goal, algorithm, heuristic, weight, tie_break)
        answer: Model = await self._ask("steps_open", request)
        return answer

    async def steps_go(self, request: StepRequest) -> Model:
        """Step it: {by: 1 or -1} or {to: n}, the {seconds} it may take, {draw}."""
        answer: Model = await self._ask("steps_go", request)
        return answer

    async def steps_tree(self, request: TreeRequest) -> Model:
        """Its tree: {action, id, key, top, seconds} (web/worker/outline.py)."""
        answer: Model = await self._ask("steps_tree", request)
        return answer

    async def steps_quiz(self, step: int) -> Model:
        """The quiz's question before the step after ``step`` (web/worker/quiz_calls.py)."""
        answer: Model = await self._ask("steps_quiz", {"step": step})
        return answer

    async def steps_close(self) -> None:
        await (await self.worker()).steps_close()

    # ----- Compare (web/worker/compare_calls.py) -------------------------------------------
    # The worker holds one comparison and answers with the view to draw, or {status: "error",
    # reason}. ``width`` is the chart box's width in pixels, for the chart drawn in the
    # worker; protocol.NO_CHART leaves the chart out.
    async def compare_open(
        self, board: Board, goal: Board, entrants: list[Entrant], width: int
    ) -> View:
        """Open a comparison of ``entrants`` on ``board`` (its pattern databases loaded in
        the worker first: ``progress()`` tells); its view at step 0."""
        request = CompareRequest(
            board=board_text(board),
            goal=board_text(goal),
            entrants=format_entrants(entrants),
            width=width,
            page=self.page_address(),
        )
        answer: View = await self._ask("compare_open", request)
        return answer

    async def compare_step(self, width: int) -> View:
        answer: View = await self._ask("compare_step", width)
        return answer

    async def compare_back(self, width: int) -> View:
        answer: View = await self._ask("compare_back", width)
        return answer

    async def compare_run(self, seconds: float) -> View:
        """Step for at most ``seconds``: {status, step, done}, no view."""
        answer: View = await self._ask("compare_run", seconds)
        return answer

    async def compare_view(self, width: int) -> View:
        answer: View = await self._ask("compare_view", width)
        return answer

    async def compare_close(self) -> View:
        answer: View = await self._ask("compare_close")
        return answer
