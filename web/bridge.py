"""The worker bridge: the only door from the page's views to the solver.

Solve, the Lab, a player's Hint and the visualizer's search run in the PyScript worker named
``solver``; every call to it goes through :class:`Bridge`. For now Compare steps its searches
on the main thread, and gets them from here, never from the engine directly.

Values crossing to the worker are JSON-like (dicts of str, int, float); answers come back as
plain Python (``to_py``), or as JSON text where they are large or nested (the visualizer's).
"""

from __future__ import annotations

import json
from typing import Any

import tables
from pyodide.ffi import create_proxy, to_js

from npuzzle import ALGORITHMS, Board, PuzzleError
from npuzzle.entrants import Entrant
from npuzzle.lockstep import Lockstep

WORKER = "solver"


def plain(value: Any) -> Any:
    """A JavaScript value as Python (dicts and lists), anything else unchanged."""
    return value.to_py() if hasattr(value, "to_py") else value


class Bridge:
    """``workers`` is PyScript's registry of named workers; ``window`` the page's window."""

    def __init__(self, workers: Any, window: Any) -> None:
        self.workers, self.window = workers, window
        self.ready = False  # the worker has answered a ping
        self._proxies: list[Any] = []

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

    async def solve(
        self, board: Board, goal: Board, *, algorithm: str, heuristic: str, weight: float
    ) -> dict[str, Any]:
        """Run one search in the worker; its figures as a dict."""
        request = {
            "board": board.format("rows"),
            "goal": goal.format("rows"),
            "algorithm": algorithm,
            "heuristic": heuristic,
            "weight": weight,
            "page": self.page_address(),
        }
        answer: dict[str, Any] = plain(await (await self.worker()).solve(request))
        return answer

    async def hint(self, board: Board, goal: Board, *, fetch: bool) -> dict[str, Any]:
        """A player's hint for ``board``, worked out in the worker (``npuzzle.hint``): the
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
        """``window.npuzzleSolve({board, goal, algorithm, heuristic, weight})``: the worker's
        answer as a plain object, for scripts (the benchmarks and tests), without touching
        the page's board. Pattern databases are loaded as for Solve."""

        async def solve_for_scripts(request: Any) -> Any:
            req = plain(request)
            req.setdefault("page", self.page_address())
            answer = plain(await (await self.worker()).solve(req))
            return to_js(answer, dict_converter=self.window.Object.fromEntries)

        proxy = create_proxy(solve_for_scripts)
        self._proxies.append(proxy)
        self.window.npuzzleSolve = proxy

    # ----- the visualizer's search, stepped in the worker (web/stepping.py) ----------------
    async def _steps(self, name: str, request: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(str(await getattr(await self.worker(), name)(request)))
        return answer

    async def steps_open(
        self, board: Board, goal: Board, *, algorithm: str, heuristic: str, weight: float
    ) -> dict[str, Any]:
        """Make the search the visualizer steps through, in the worker (which loads the
        pattern databases it needs first); the model of step 0, or {status: "error",
        message}."""
        request = {
            "board": board.format("rows"),
            "goal": goal.format("rows"),
            "algorithm": algorithm,
            "heuristic": heuristic,
            "weight": weight,
            "page": self.page_address(),
        }
        return await self._steps("steps_open", request)

    async def steps_go(self, request: dict[str, Any]) -> dict[str, Any]:
        """Step it: {by: 1 or -1} or {to: n}, the {seconds} it may take, {draw}."""
        return await self._steps("steps_go", request)

    async def steps_tree(self, request: dict[str, Any]) -> dict[str, Any]:
        """Its tree: {action, id, key, top, seconds} (web/outline.py)."""
        return await self._steps("steps_tree", request)

    async def steps_close(self) -> None:
        await (await self.worker()).steps_close()

    def open_comparison(self, board: Board, goal: Board, entrants: list[Entrant]) -> Lockstep:
        """Searches to compare in lockstep; PuzzleError when one cannot run on this board."""
        for e in entrants:
            info = ALGORITHMS.get(e.algorithm)
            if tables.needed(board, goal, info is not None and info.uses_heuristic, e.heuristic):
                raise PuzzleError(
                    "the pattern databases are not loaded yet: Solve or Step once with "
                    "Pattern databases to load them"
                )
        return Lockstep(board, goal, entrants)
