"""The worker bridge: the only door from the page's views to the solver.

Solve, the Lab and a player's Hint run in the PyScript worker named ``solver``; every call
to it goes through :class:`Bridge`. For now the visualizer steps a search on the main
thread, and it too gets that search (and its pattern databases) from here, never from the
engine directly: when stepping moves into the worker, only this module changes.

Values crossing to the worker are JSON-like (dicts of str, int, float); answers come back as
plain Python (``to_py``).
"""

from __future__ import annotations

from typing import Any

import tables
from pyodide.ffi import create_proxy, to_js

from npuzzle import ALGORITHMS, Board, PuzzleError, Search, make_search
from npuzzle.entrants import Entrant
from npuzzle.lockstep import Lockstep
from npuzzle.tree import SearchTree

WORKER = "solver"


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

    # ----- stepping (on the main thread for now) -------------------------------------------
    def make_search(
        self, board: Board, goal: Board, *, algorithm: str, heuristic: str, weight: float
    ) -> Search:
        """A search to step through; PuzzleError when the options do not go together."""
        return make_search(board, goal, algorithm=algorithm, heuristic=heuristic, weight=weight)

    def search_tree(self, search: Search) -> SearchTree:
        """The tree ``search`` builds, at its root: the view syncs it (in slices)."""
        return SearchTree(search, catch_up=False)

    def open_comparison(self, board: Board, goal: Board, entrants: list[Entrant]) -> Lockstep:
        """Searches to compare in lockstep; PuzzleError when one cannot run on this board."""
        for e in entrants:
            if self.tables_needed(board, goal, algorithm=e.algorithm, heuristic=e.heuristic):
                raise PuzzleError(
                    "the pattern databases are not loaded yet: Solve or Step once with "
                    "Pattern databases to load them"
                )
        return Lockstep(board, goal, entrants)

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
