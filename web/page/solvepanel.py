"""The solve panel: Solve, Cancel, the live progress and the result's figures.

Solve sends the page's board and settings to the worker through the bridge, which asks for
progress every ``protocol.POLL_SECONDS`` (nodes expanded, open list size, IDA*'s threshold, or
pattern databases loading). The figures are drawn into ``#figures``; a solution is then
handed to :class:`playback.Playback`, which plays it back on the grid from the board it was
found for. With Automatic (the Algorithm select's first entry) the worker picks the search, and
the status and the figures say which and why; when a search chosen by hand hits a limit, the
search Automatic would pick is offered as a button (``#suggest``) that runs it.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from bridge import Bridge
from controls import SearchControls, listen, pass_focus
from grid import GridView
from playback import Playback
from protocol import AutomaticChoice, Phase, Progress, Reply, SolveAnswer
from vocabulary import explained, term_button

from npuzzle import Board, Status, solvability

WAITING = "Solve waits for the solver, still loading: it starts by itself once ready."
FAILURES: dict[str, str] = {
    Status.LIMIT: "No solution within the limit",
    Reply.CANCELLED: "Search cancelled",
    Status.EXHAUSTED: "No solution",
}


class Page(Protocol):
    def say(self, text: str) -> None: ...
    def show_loading(self, got: int, total: int, where: str) -> None: ...
    def hide_loading(self) -> None: ...
    def spawn(self, coroutine: Any) -> None: ...
    def shortest_known(self, board: Board, goal: Board, length: int) -> None: ...
    def search_changed(self) -> None: ...


def duration(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def figures(result: SolveAnswer) -> list[tuple[str, str]]:
    """The result's figures as (term, value) rows, as the panel shows them."""
    ebf = result.get("ebf")
    length = result.get("length")
    picked: AutomaticChoice | None = result.get("automatic")
    rows = [("Search", f"{picked['title']} (Automatic)")] if picked else []
    rows += [
        ("Status", str(result.get("status", ""))),
        ("Length", str(length) if length is not None else "-"),
        ("Expanded", f"{result.get('expanded', 0):,}"),
        ("Generated", f"{result.get('generated', 0):,}"),
        ("Largest open list", f"{result.get('max_open', 0):,}"),
        ("EBF", f"{ebf:.3f}" if isinstance(ebf, int | float) else "-"),
        ("Time", duration(float(result.get("seconds") or 0))),
        ("Optimal", "yes" if result.get("optimal") else "not guaranteed"),
    ]
    if int(result.get("jobs") or 1) > 1:  # IDA* shared among workers (web/worker/team.py)
        rows.append(("Workers", str(result["jobs"])))
    return rows + anytime_figures(result)


def anytime_figures(result: SolveAnswer) -> list[tuple[str, str]]:
    """The anytime search's: each shorter solution as it came, and the proved lower bound."""
    found = result.get("improvements")
    if not found:
        return []
    steps = ", ".join(f"{i['length']} ({duration(float(i['seconds']))})" for i in found)
    return [("Improvements", steps), ("Lower bound", str(result.get("lower_bound", "-")))]


def best_so_far(p: Progress) -> str:
    """The anytime search's progress: its best so far and how far the shortest may be."""
    if p.get("best") is None:
        return ""
    return f" Best so far {p['best']} moves (the shortest has at least {p['lower_bound']})."


class SolvePanel:
    """``#solve``, ``#cancel`` and the result section (``#result``, ``#figures``; its
    ``#playback`` is the :class:`Playback`'s)."""

    def __init__(
        self,
        document: Any,
        page: Page,
        bridge: Bridge,
        grid: GridView,
        controls: SearchControls,
    ) -> None:
        self.document, self.page, self.bridge = document, page, bridge
        self.grid, self.controls = grid, controls
        get = document.getElementById
        self.solve_button = get("solve")
        self.cancel_button = get("cancel")
        self.result = get("result")
        self.figures = get("figures")
        self.suggestion = get("suggestion")
        self.suggestion_text = get("suggestion-text")
        self.suggest = get("suggest")
        self.suggested: AutomaticChoice | None = None
        self.playback = Playback(document, page, grid)
        self.task: asyncio.Future[None] | None = None  # the search or playback under way
        self.searching = False
        self.solver_ready = False  # the worker has answered (Page.connect)
        self.cancelling = False  # Cancel was pressed: progress no longer overwrites it
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.solve_button, "click", self.on_solve),
                (self.cancel_button, "click", self.on_cancel),
                (self.suggest, "click", self.on_suggest),
            ],
        )

    def enable(self) -> None:
        """Solve can be pressed, even before the worker has answered: it then waits."""
        self.solve_button.disabled = False

    def solver_started(self) -> None:
        self.solver_ready = True

    def stop(self) -> None:
        """Whatever was searching or playing back stops (a new board)."""
        if self.searching:
            self.page.spawn(self.bridge.cancel())
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        self.playback.stop()

    def hide_result(self) -> None:
        self.show_figures(None)
        self.show_suggestion(None)
        self.playback.hide()

    # ----- handlers ------------------------------------------------------------------------
    def on_solve(self, event: Any) -> None:
        if self.searching:
            return
        board, goal = self.grid.board, self.grid.goal
        verdict = solvability(board, goal)
        if not verdict:
            self.show_figures(None)
            self.page.say(f"Unsolvable: {verdict.reason}.")
            return
        settings = self.controls.settings()
        if settings is None:
            return
        self.stop()
        if not self.solver_ready:
            self.page.say(WAITING)
        self.task = asyncio.ensure_future(self.run(board, goal, settings.options))

    def on_suggest(self, event: Any) -> None:
        """Run the search Automatic suggested, set in the controls as if chosen by hand."""
        choice = self.suggested
        if choice is None or self.searching:
            return
        self.controls.show(choice["algorithm"], choice["heuristic"], choice["weight"])
        self.page.search_changed()
        self.on_solve(event)

    def on_cancel(self, event: Any) -> None:
        if self.searching:
            self.cancelling = True
            self.page.say("Cancelling...")
            self.page.spawn(self.bridge.cancel())

    def set_searching(self, on: bool) -> None:
        """Solve is disabled and Cancel shown while a search runs. The focus follows the
        button that goes away (Solve -> Cancel -> Solve), never dropped to the page."""
        active = self.document.activeElement  # null (falsy) when none
        had = str(active.id) if active else ""
        self.searching = on
        self.cancelling = False
        self.cancel_button.hidden = not on
        self.solve_button.disabled = on
        self.document.body.dataset.searching = "true" if on else "false"
        if on and had in ("solve", "suggest"):
            pass_focus(self.document, ("cancel",))
        elif not on and had == "cancel":
            pass_focus(self.document, ("solve",))

    # ----- the search ----------------------------------------------------------------------
    async def run(self, board: Board, goal: Board, options: dict[str, Any]) -> None:
        await self.bridge.worker()
        self.set_searching(True)
        self.page.say("Searching...")
        self.result.hidden = True
        self.show_suggestion(None)
        try:
            workers = self.controls.read_workers()
            call = self.bridge.solve(board, goal, **options, workers=workers)
            result = await self.bridge.follow(call, self.report)
        finally:
            self.set_searching(False)
            self.page.hide_loading()
        self.show_figures(result)
        status = str(result.get("status"))
        picked: AutomaticChoice | None = result.get("automatic")
        why = f"Automatic picked {picked['reason']} " if picked else ""
        if status != Status.SOLVED:
            failure = FAILURES.get(status, "Search failed")
            self.page.say(f"{why}{failure}: {result.get('reason', '')}.")
            self.playback.hide()
            self.show_suggestion(result.get("suggestion"))
            return
        moves = str(result.get("moves") or "")
        if result.get("optimal"):
            self.page.shortest_known(board, goal, len(moves))
        self.playback.start(board, goal, moves)
        if result.get("improvements") and not result.get("optimal"):
            # the anytime search stopped before its proof: what stopped it ends its reason
            stopped = str(result.get("reason", "")).rpartition(": ")[2]
            self.page.say(
                f"{why}Best found: {len(moves)} moves ({stopped}); the shortest has at least "
                f"{result.get('lower_bound')}. Playing it back..."
            )
        elif picked and moves:
            n = len(moves)
            self.page.say(
                f"{why}Found a solution of {n} move{'' if n == 1 else 's'}: playing it back..."
            )

    def report(self, p: Progress) -> None:
        """Show the worker's progress (unless Cancel was pressed)."""
        if self.cancelling:
            return
        if p.get("phase") == Phase.LOADING:
            self.page.show_loading(int(p.get("loaded") or 0), int(p.get("total") or 0), "solver")
            return
        self.page.hide_loading()
        segment, weight = p.get("segment"), p.get("weight")
        if segment:  # the anytime search: shortening a stretch of its best
            where = f"shortening moves {segment[0] + 1}-{segment[1]}"
        elif weight is not None:  # or its phase's weight
            where = "proving it shortest" if weight == 1 else f"weight {weight:g}"
        elif p.get("threshold") is not None:
            where = f"threshold {p['threshold']}"
        else:
            where = f"{p.get('open', 0):,} on the open list"
        workers = int(p.get("workers") or 1)
        by = f" by {workers} workers" if workers > 1 else ""
        self.page.say(
            f"Searching... {p.get('expanded', 0):,} nodes expanded{by}, {where}.{best_so_far(p)}"
        )

    def show_suggestion(self, choice: AutomaticChoice | None) -> None:
        """Offer the search Automatic picks for the board (after a limit), or nothing."""
        self.suggested = choice
        self.suggestion.hidden = choice is None
        if choice is not None:
            self.suggestion_text.textContent = f"What works on this board: {choice['reason']}"
            self.suggest.textContent = f"Solve with {choice['title']}"

    def show_figures(self, result: SolveAnswer | None) -> None:
        self.figures.replaceChildren()
        if result is None:
            self.result.hidden = True
            return
        for term, value in figures(result):
            dt = self.document.createElement("dt")
            dt.textContent = term
            if explained(term):  # EBF, Largest open list, ...: explained a click away
                dt.append(term_button(self.document, term))
            dd = self.document.createElement("dd")
            dd.textContent = value
            self.figures.append(dt, dd)
        self.result.hidden = False
