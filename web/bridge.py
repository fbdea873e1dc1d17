"""The worker bridge: the only door from the page's views to the solver.

Solve, the Lab, a player's Hint and Compare's searches run in the PyScript worker named
``solver``; every call to it goes through :class:`Bridge`. For now the visualizer steps a
search on the main thread, and it too gets that search (and its pattern databases) from here,
never from the engine directly: when stepping moves into the worker, only this module changes.

Values crossing to the worker are JSON-like (dicts of str, int, float); answers come back as
plain Python (``to_py``), Compare's as JSON text read here.
"""

from __future__ import annotations

import json
from typing import Any

import tables
from pyodide.ffi import create_proxy, to_js

from npuzzle import ALGORITHMS, Board, Search, make_search
from npuzzle.entrants import Entrant, format_entrants
from npuzzle.tree import SearchTree

WORKER = "solver"
NO_CHART = -1  # as a chart width: the view without its chart (web/worker.py's)


def plain(value: Any) -> Any:
    """A JavaScript value as Python (dicts and lists), anything else unchanged."""
    return value.to_py() if hasattr(value, "to_py") else value


class Bridge:
    """``workers`` is PyScript's registry of named workers; ``window`` the page's window."""

    def __init__(self, workers: Any, window: Any) -> None:
        self.workers, self.window = workers, window
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
        return plain(await (await self.worker()).ping())

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

    # ----- Compare -------------------------------------------------------------------------
    # The worker holds one comparison (web/comparing.py) and answers with JSON text: the view
    # to draw, or {status: "error", reason}. ``width`` is the chart box's width in pixels, for
    # the chart drawn in the worker; NO_CHART leaves the chart out.
    async def _compare(self, name: str, *args: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(str(await getattr(await self.worker(), name)(*args)))
        return answer

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
        return await self._compare("compare_open", request)

    async def compare_step(self, width: int) -> dict[str, Any]:
        return await self._compare("compare_step", width)

    async def compare_back(self, width: int) -> dict[str, Any]:
        return await self._compare("compare_back", width)

    async def compare_run(self, seconds: float) -> dict[str, Any]:
        """Step for at most ``seconds``: {status, step, done}, no view."""
        return await self._compare("compare_run", seconds)

    async def compare_view(self, width: int) -> dict[str, Any]:
        return await self._compare("compare_view", width)

    async def compare_close(self) -> dict[str, Any]:
        return await self._compare("compare_close")

    # ----- stepping (on the main thread for now) -------------------------------------------
    def make_search(
        self, board: Board, goal: Board, *, algorithm: str, heuristic: str, weight: float
    ) -> Search:
        """A search to step through; PuzzleError when the options do not go together."""
        return make_search(board, goal, algorithm=algorithm, heuristic=heuristic, weight=weight)

    def search_tree(self, search: Search) -> SearchTree:
        """The tree ``search`` builds, at its root: the view syncs it (in slices)."""
        return SearchTree(search, catch_up=False)

    def tables_needed(
        self, board: Board, goal: Board, *, algorithm: str, heuristic: str
    ) -> list[str]:
        """The pattern databases a stepped search needs that the page has not loaded."""
        info = ALGORITHMS.get(algorithm)
        uses_h = info is not None and info.uses_heuristic
        return tables.needed(board, goal, uses_h, heuristic)

    async def load_tables(self, names: list[str], report: Any) -> int:
        """Load ``names`` into the page's interpreter, ``report(got, total)`` as bytes
        arrive; the bytes read are returned."""
        return await tables.load(names, report, self.page_address())
