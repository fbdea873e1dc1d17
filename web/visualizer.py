"""The visualizer view ("Search, step by step"): Step, Back, Play/Pause, Run to end and the
Step number slider, drawn by :class:`stepper.StepView` and :class:`treeview.TreeView`.

While the focus is in the visualizer (and "Grid follows the search" is on), the grid shows
the node each step expanded, its moved tile marked; leaving the visualizer gives the grid
back to the board being played.

The search stepped through is made by the bridge for the board and settings on the page, and
made anew when they change. Every step is recorded, so Back is exact; stepping stops at
``MAX_STEPS``. Run to end and jumps, forward and back, step in slices of
``pacing.SLICE_SECONDS``, yielding to the page between them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from bridge import Bridge
from controls import SearchControls, listen
from grid import GridView
from pacing import SLICE_SECONDS, breathe, release
from stepper import MAX_STEPS, StepView
from treeview import TreeView

from npuzzle import PuzzleError, Search, Step, solvability
from npuzzle.board import moved_tile

DEFAULT_SPEED = 8  # steps a second while playing


class Page(Protocol):
    def say(self, text: str) -> None: ...
    def changed(self, *, push: bool) -> None: ...
    def show_loading(self, got: int, total: int, where: str) -> None: ...
    def hide_loading(self) -> None: ...


class Visualizer:
    """The ``#visualizer`` section and the Speed slider."""

    def __init__(
        self,
        document: Any,
        page: Page,
        bridge: Bridge,
        grid: GridView,
        controls: SearchControls,
    ) -> None:
        self.page, self.bridge, self.grid, self.controls = page, bridge, grid, controls
        get = document.getElementById
        self.panel = get("visualizer")
        self.step_button = get("step")
        self.back_button = get("step-back")
        self.play_button = get("play")
        self.run_end_button = get("run-end")
        self.speed = get("speed")
        self.jump = get("jump")
        self.follow_box = get("follow")
        self.view = StepView(document)
        self.tree = TreeView(document, bridge.search_tree)
        self.inside = False  # the focus is in the visualizer: the grid may follow
        self.search: Search | None = None
        self.key: tuple[Any, ...] | None = None  # what the search was made for
        self.furthest = 0
        self.task: asyncio.Future[None] | None = None  # Play, Run to end or a jump
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.step_button, "click", self.on_step),
                (self.back_button, "click", self.on_back),
                (self.play_button, "click", self.on_play),
                (self.run_end_button, "click", self.on_run_end),
                (self.jump, "change", self.on_jump),
                (self.panel, "keydown", self.on_key),
                (self.panel, "focusin", self.on_focus_in),
                (self.panel, "focusout", self.on_focus_out),
                (self.follow_box, "change", self.on_follow),
            ],
        )

    def enable(self) -> None:
        self.speed.disabled = False
        self.jump.disabled = False
        self.sync()

    @property
    def steps(self) -> int:
        """The step shown (for the share link)."""
        return self.search.steps if self.search is not None else 0

    @property
    def busy(self) -> bool:
        return self.task is not None and not self.task.done()

    # ----- the search ----------------------------------------------------------------------
    def reset(self, message: str = "") -> None:
        """Forget the search (the board or the settings changed)."""
        self.stop()
        self.search, self.key, self.furthest = None, None, 0
        release()
        self.view.clear(message)
        self.tree.clear()
        self.grid.end_preview()
        self.sync()

    def stop(self) -> None:
        if self.busy:
            assert self.task is not None
            self.task.cancel()
        self.task = None
        self.play_button.textContent = "Play"

    def start(self, coroutine: Any) -> None:
        """Run Play, Run to end or a jump; the buttons follow when it ends (Play is
        disabled once the search has ended)."""
        self.task = asyncio.ensure_future(coroutine)
        self.task.add_done_callback(lambda _task: self.sync())

    def ensure_search(self) -> Search | None:
        """The search for the board and settings on the page, made anew when they change."""
        board, goal = self.grid.board, self.grid.goal
        settings = self.controls.settings()
        if settings is None:
            return None
        key = (board, goal, settings)
        if self.search is not None and self.key == key:
            return self.search
        verdict = solvability(board, goal)
        if not verdict:
            self.page.say(f"Unsolvable: {verdict.reason}.")
            return None
        try:
            search = self.bridge.make_search(board, goal, **settings.options)
        except PuzzleError as exc:
            self.page.say(f"Cannot search: {exc}.")
            return None
        self.search, self.key, self.furthest = search, key, 0
        return search

    def advance(self, search: Search) -> bool:
        """One step; False when the search has ended or reached the visualizer's limit."""
        if search.done:
            return False
        if search.steps >= MAX_STEPS:
            self.page.say(f"The visualizer stops at {MAX_STEPS:,} steps: use Solve for the rest.")
            return False
        search.step()
        self.furthest = max(self.furthest, search.steps)
        return True

    def draw(self) -> None:
        search = self.search
        if search is None:
            return
        width = self.grid.board.width
        self.view.draw(search, width, self.furthest)
        self.tree.follow(search, width)
        self.show_on_grid(search.last_step)
        self.sync()
        if search.status == "solved":
            n = len(search.solution or "")
            self.page.say(
                f"Step {search.steps}: goal reached, a path of {n} move{'' if n == 1 else 's'}."
            )
        elif search.done:
            self.page.say(f"Step {search.steps}: {search.status}: {search.reason}.")
        self.page.changed(push=False)

    def sync(self) -> None:
        """Enable the buttons that can do something now."""
        search = self.search
        self.back_button.disabled = search is None or search.steps == 0
        done = search is not None and search.done
        self.step_button.disabled = self.run_end_button.disabled = done
        self.play_button.disabled = done and not self.busy

    # ----- the grid follows the search ---------------------------------------------------
    def show_on_grid(self, step: Step | None) -> None:
        """Show the node ``step`` expanded on the grid, if the grid follows the search."""
        node = step.node if step is not None else None
        if node is None or not (self.inside and self.follow_box.checked):
            self.grid.end_preview()
            return
        width = self.grid.board.width
        moved = moved_tile(node.tiles, width, node.move) if node.move else None
        where = f"after {node.move}" if node.move else "the start"
        self.grid.preview(
            node.tiles,
            moved,
            f"Showing step {step.number:,}'s node ({where}, g = {node.g}).",
        )

    def on_focus_in(self, event: Any) -> None:
        self.inside = True

    def on_focus_out(self, event: Any) -> None:
        """Leaving the visualizer gives the grid back to the board being played."""
        to = getattr(event, "relatedTarget", None)  # null (falsy) when the focus left the page
        if to and self.panel.contains(to):
            return
        self.inside = False
        self.grid.end_preview()

    def on_follow(self, event: Any) -> None:
        """The toggle (in the View group): off gives the board back at once; on shows the
        search's node when the focus is back in the visualizer."""
        self.show_on_grid(self.search.last_step if self.search is not None else None)

    # ----- pattern databases ---------------------------------------------------------------
    def wait_for_tables(self, action: Callable[[Any], None]) -> bool:
        """True (and the loading started, ``action`` to follow) if the search must first
        load pattern databases."""
        settings = self.controls.settings()
        if settings is None:
            return False  # ensure_search says why
        names = self.bridge.tables_needed(
            self.grid.board,
            self.grid.goal,
            algorithm=settings.algorithm,
            heuristic=settings.heuristic,
        )
        if not names:
            return False
        self.stop()
        self.start(self.load_then(names, action))
        return True

    async def load_then(self, names: list[str], action: Callable[[Any], None]) -> None:
        try:
            got = await self.bridge.load_tables(
                names, lambda g, t: self.page.show_loading(g, t, "page")
            )
        except Exception as exc:  # PuzzleError, or the browser refused
            self.page.say(f"Cannot use the pattern databases: {exc}.")
            return
        finally:
            self.page.hide_loading()
        self.page.say(f"Pattern databases loaded ({got / 1e6:.1f} MB).")
        self.task = None  # loaded: Play must not take this for a run under way to pause
        action(None)

    # ----- handlers ------------------------------------------------------------------------
    def on_step(self, event: Any) -> None:
        self.stop()
        if self.wait_for_tables(self.on_step):
            return
        search = self.ensure_search()
        if search is not None:
            self.advance(search)
            self.draw()

    def on_back(self, event: Any) -> None:
        self.stop()
        search = self.search
        if search is not None and search.back():
            self.draw()
            self.page.say(f"Back to step {search.steps}.")

    def on_play(self, event: Any) -> None:
        if self.busy:
            self.stop()
            self.sync()
            return
        if self.wait_for_tables(self.on_play):
            return
        search = self.ensure_search()
        if search is None or search.done:
            return
        self.play_button.textContent = "Pause"
        self.start(self.play(search))

    async def play(self, search: Search) -> None:
        try:
            while self.advance(search):
                self.draw()
                try:
                    speed = max(1, min(60, int(self.speed.value or DEFAULT_SPEED)))
                except ValueError:
                    speed = DEFAULT_SPEED
                await asyncio.sleep(1 / speed)
        finally:
            self.play_button.textContent = "Play"
            self.sync()

    def on_run_end(self, event: Any) -> None:
        self.stop()
        if self.wait_for_tables(self.on_run_end):
            return
        search = self.ensure_search()
        if search is not None:
            self.start(self.go_to(search, MAX_STEPS))

    def step_to(self, number: int) -> None:
        """Go to step ``number`` (a link's step)."""
        if self.wait_for_tables(lambda _event: self.step_to(number)):
            return
        search = self.ensure_search()
        if search is not None:
            self.start(self.go_to(search, number))

    async def go_to(self, search: Search, number: int) -> None:
        """Step forward or back to step ``number``, in slices, yielding to the page."""
        loop = asyncio.get_event_loop()
        while search.steps != number:
            deadline = loop.time() + SLICE_SECONDS
            while search.steps != number and loop.time() < deadline:
                if search.steps > number:
                    search.back()
                elif not self.advance(search):
                    number = search.steps
            if search.steps != number:
                self.page.say(f"Stepping... step {search.steps:,}.")
                await breathe()
        self.draw()
        if not search.done:
            self.page.say(f"At step {search.steps:,}.")

    def on_jump(self, event: Any) -> None:
        self.stop()
        try:
            number = int(self.jump.value)
        except ValueError:
            return
        self.step_to(number)

    def on_key(self, event: Any) -> None:
        """With the panel focused: Space plays or pauses, the arrows step."""
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        tag = (event.target.tagName or "").lower()
        if tag in ("select", "input", "textarea"):
            return
        if event.target.closest("#tree-view"):  # null (falsy) outside
            return  # the tree's own keys
        if event.key == " " and tag != "button":
            event.preventDefault()
            self.on_play(event)
        elif event.key == "ArrowRight":
            event.preventDefault()
            self.on_step(event)
        elif event.key == "ArrowLeft":
            event.preventDefault()
            self.on_back(event)
