"""The worker bridge: the only door from the page's views to the solver.

Solve, the Lab, a player's Hint, the visualizer's search and Compare's run in the PyScript
worker named ``solver``; every call to it goes through :class:`Bridge`. The page's main thread
holds no search and no pattern database: it asks and draws.

When the Workers setting is above 1, the bridge also starts helper workers (``helper.py``)
for the solver worker to share Solve's IDA* and the Lab's searches with (web/worker/team.py): they
are started the first time a request may use them, and join the search under way once ready.

Values crossing to the worker are JSON-like (dicts of str, int, float); answers come back as
plain Python (``to_py``), or as JSON text read here where they are large or nested (the
visualizer's and Compare's views).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any

from pyodide.ffi import create_proxy, to_js

from npuzzle import Board, PuzzleError
from npuzzle.search.algorithms import splits
from npuzzle.teach.entrants import Entrant, format_entrants

WORKER = "solver"
HELPER_SCRIPT = "./helper.py"
NO_CHART = -1  # as a chart width: the view without its chart (web/worker/worker.py's)


def plain(value: Any) -> Any:
    """A JavaScript value as Python (dicts and lists), anything else unchanged."""
    return value.to_py() if hasattr(value, "to_py") else value


def _splits(request: dict[str, Any]) -> bool:
    """Whether the request's board is worth splitting (False if it is not a board: the solver
    worker says why)."""
    try:
        board = Board.parse(str(request.get("board", "")))
    except PuzzleError:
        return False
    return splits(board.width, board.height)


class Bridge:
    """``workers`` is PyScript's registry of named workers, ``create_worker`` its
    ``create_named_worker``; ``window`` the page's window."""

    def __init__(self, workers: Any, window: Any, create_worker: Any = None) -> None:
        self.workers, self.window = workers, window
        self.create_worker = create_worker
        self.ready = False  # the worker has answered a ping
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
        """The solver worker, once it has started (the Lab calls it through this)."""
        return await self.workers[WORKER]

    async def ping(self) -> Any:
        """The worker's version, once it has started (``ready`` from then on)."""
        answer = plain(await (await self.worker()).ping())
        self.ready = True
        return answer

    # ----- helper workers ------------------------------------------------------------------
    def team(self, workers: int) -> dict[str, Any]:
        """What a request adds so that the solver worker may share it with ``workers`` - 1
        helpers; those not started yet are started now (the request does not wait for them)."""
        while len(self.helpers) < workers - 1 and self.create_worker is not None:
            name = f"helper-{len(self.helpers) + 1}"
            self.helpers.append(name)
            task = asyncio.ensure_future(self._start_helper(name))
            self._starting.add(task)
            task.add_done_callback(self._starting.discard)
        return {"workers": workers, "team": self.team_name}

    async def _start_helper(self, name: str) -> None:
        try:
            helper = await self.create_worker(src=HELPER_SCRIPT, name=name)
            await helper.join(self.team_name, name)
        except Exception as exc:  # the search goes on without it
            self.window.console.warn(f"npuzzle: the helper worker {name} did not start: {exc}")
            return
        self.joined += 1
        self.window.document.body.dataset.helpers = str(self.joined)  # for tests and scripts

    async def solve(
        self,
        board: Board,
        goal: Board,
        *,
        algorithm: str,
        heuristic: str,
        weight: float,
        workers: int = 1,
    ) -> dict[str, Any]:
        """Run one search in the worker (IDA* shared with ``workers`` - 1 helpers); its
        figures as a dict."""
        request = self.search_request(board, goal, algorithm, heuristic, weight)
        answer: dict[str, Any] = plain(
            await (await self.worker()).solve(self.shared(request, workers))
        )
        return answer

    def shared(self, request: dict[str, Any], workers: int) -> dict[str, Any]:
        """``request`` to share with ``workers`` - 1 helpers if its search can be (IDA*) and
        gains from it (a board big enough: ``npuzzle.search.algorithms.splits``); else the
        solver worker searches alone and no helper is started for it."""
        if workers > 1 and request.get("algorithm") == "idastar" and _splits(request):
            request.update(self.team(workers))
        return request

    def search_request(
        self, board: Board, goal: Board, algorithm: str, heuristic: str, weight: float
    ) -> dict[str, Any]:
        """A search as the worker reads it (Solve's and the visualizer's)."""
        return {
            "board": board.format("rows"),
            "goal": goal.format("rows"),
            "algorithm": algorithm,
            "heuristic": heuristic,
            "weight": weight,
            "page": self.page_address(),
        }

    async def hint(self, board: Board, goal: Board, *, fetch: bool) -> dict[str, Any]:
        """A player's hint for ``board``, worked out in the worker (``npuzzle.play.hint``): the
        tile to slide, the distance, whether it is optimal; or {status: "busy"} while Solve
        or the Lab runs there. ``fetch``: the worker may fetch the pattern databases."""
        request = {
            "board": board.format("rows"),
            "goal": goal.format("rows"),
            "fetch": fetch,
            "page": self.page_address(),
        }
        answer: dict[str, Any] = plain(await (await self.worker()).hint(request))
        return answer

    async def progress(self) -> dict[str, Any]:
        answer: dict[str, Any] = plain(await (await self.worker()).progress())
        return answer

    async def cancel(self) -> None:
        await (await self.worker()).cancel()

    def expose_for_scripts(self) -> None:
        """``window.npuzzleSolve({board, goal, algorithm, heuristic, weight, workers})``: the
        worker's answer as a plain object, for scripts (the benchmarks and tests), without
        touching the page's board. Pattern databases are loaded as for Solve."""

        async def solve_for_scripts(request: Any) -> Any:
            req = plain(request)
            req.setdefault("page", self.page_address())
            req = self.shared(req, int(req.get("workers") or 1))
            answer = plain(await (await self.worker()).solve(req))
            return to_js(answer, dict_converter=self.window.Object.fromEntries)

        proxy = create_proxy(solve_for_scripts)
        self._proxies.append(proxy)
        self.window.npuzzleSolve = proxy

    async def _ask(self, name: str, *args: Any) -> dict[str, Any]:
        """Call the worker's ``name``, whose answer is JSON text."""
        answer: dict[str, Any] = json.loads(str(await getattr(await self.worker(), name)(*args)))
        return answer

    # ----- the visualizer's search, stepped in the worker (web/worker/stepping.py) ----------------
    async def steps_open(
        self, board: Board, goal: Board, *, algorithm: str, heuristic: str, weight: float
    ) -> dict[str, Any]:
        """Make the search the visualizer steps through, in the worker (which loads the
        pattern databases it needs first); the model of step 0, or {status: "error",
        message}."""
        request = self.search_request(board, goal, algorithm, heuristic, weight)
        return await self._ask("steps_open", request)

    async def steps_go(self, request: dict[str, Any]) -> dict[str, Any]:
        """Step it: {by: 1 or -1} or {to: n}, the {seconds} it may take, {draw}."""
        return await self._ask("steps_go", request)

    async def steps_tree(self, request: dict[str, Any]) -> dict[str, Any]:
        """Its tree: {action, id, key, top, seconds} (web/worker/outline.py)."""
        return await self._ask("steps_tree", request)

    async def steps_close(self) -> None:
        await (await self.worker()).steps_close()

    # ----- Compare -------------------------------------------------------------------------
    # The worker holds one comparison (web/worker/comparing.py) and answers with JSON text: the view
    # to draw, or {status: "error", reason}. ``width`` is the chart box's width in pixels, for
    # the chart drawn in the worker; NO_CHART leaves the chart out.
    async def compare_open(
        self, board: Board, goal: Board, entrants: list[Entrant], width: int
    ) -> dict[str, Any]:
        """Open a comparison of ``entrants`` on ``board`` (its pattern databases loaded in
        the worker first: ``progress()`` tells); its view at step 0."""
        request = {
            "board": board.format("rows"),
            "goal": goal.format("rows"),
            "entrants": format_entrants(entrants),
            "width": width,
            "page": self.page_address(),
        }
        return await self._ask("compare_open", request)

    async def compare_step(self, width: int) -> dict[str, Any]:
        return await self._ask("compare_step", width)

    async def compare_back(self, width: int) -> dict[str, Any]:
        return await self._ask("compare_back", width)

    async def compare_run(self, seconds: float) -> dict[str, Any]:
        """Step for at most ``seconds``: {status, step, done}, no view."""
        return await self._ask("compare_run", seconds)

    async def compare_view(self, width: int) -> dict[str, Any]:
        return await self._ask("compare_view", width)

    async def compare_close(self) -> dict[str, Any]:
        return await self._ask("compare_close")
