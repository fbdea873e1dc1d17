"""The visualizer view ("Search, step by step"): Step, Back, Play, Run to end and the Step
number slider, drawn by :class:`stepper.StepView` and :class:`treeview.TreeView`. While Play
or Run to end (or a jump) runs, its button reads Stop and stops it at once; the panel is then
drawn for the step shown and the status says where it stopped.

While the focus is in the visualizer (and "Grid follows the search" is on), the grid shows
the node each step expanded, its moved tile marked; leaving the visualizer gives the grid
back to the board being played.

The search stepped through is made by the bridge for the board and settings on the page, and
made anew when they change. Every step is recorded, so Back is exact; stepping stops at
``MAX_STEPS``, which the panel then says (``#step-limit``), with Step, Play and Run to end
disabled. Run to end and jumps, forward and back, step in slices of ``pacing.SLICE_SECONDS``,
yielding to the page between them, their progress beside the slider.

Each single Step or Back is said briefly (``npuzzle.explain.brief``) in the panel's own polite
live region, ``#visualizer-said``; Play and Run to end say nothing per step, only the step
they stopped or ended at.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from enum import StrEnum
from typing import Any, Protocol

from bridge import Bridge
from controls import SearchControls, listen
from grid import GridView
from pacing import SLICE_SECONDS, big_parts, breathe, dismantle, release
from stepper import MAX_STEPS, StepView
from treeview import TreeView

from npuzzle import PuzzleError, Search, Step, solvability
from npuzzle.board import moved_tile
from npuzzle.explain import brief

DEFAULT_SPEED = 8  # steps a second while playing


class Job(StrEnum):
    """What the visualizer's task under way does (its button reads Stop meanwhile)."""

    PLAY = "play"
    RUN = "run"  # Run to end, the slider's jump or a link's step: Run to end's button stops it
    LOAD = "load"  # pattern databases loading before a step


def limit_note() -> str:
    return (
        f"Stopped at the visualizer's limit of {MAX_STEPS:,} steps. It records every step so "
        "that Back returns to it exactly, and the records take memory, so stepping stops "
        "here. Back and the Step number slider still work; Solve runs the whole search in "
        "the background without recording its steps."
    )


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
        self.said = get("visualizer-said")  # the panel's polite live region
        self.limit_box = get("step-limit")
        self.progress = get("step-progress")
        self.view = StepView(document)
        self.tree = TreeView(document, bridge.search_tree)
        self.inside = False  # the focus is in the visualizer: the grid may follow
        self.search: Search | None = None
        self.key: tuple[Any, ...] | None = None  # what the search was made for
        self.furthest = 0
        self.task: asyncio.Future[None] | None = None  # Play, Run to end or a jump
        self.job: Job | None = None  # what the task does
        self.dropping: list[asyncio.Future[None]] = []  # dropped searches being freed
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

    @property
    def at_limit(self) -> bool:
        """The search has not ended but the visualizer steps it no further."""
        search = self.search
        return search is not None and not search.done and search.steps >= MAX_STEPS

    # ----- the search ----------------------------------------------------------------------
    def reset(self, message: str = "") -> None:
        """Forget the search (the board or the settings changed); its records are freed in
        slices (at once, 100,000 steps' took 1.4 s)."""
        self.stop()
        dropped = [x for x in (self.search, self.tree.tree) if x is not None]
        self.search, self.key, self.furthest = None, None, 0
        self.view.clear(message)
        self.tree.clear()
        parts = big_parts(*dropped)
        self.dropping = [task for task in self.dropping if not task.done()]
        if parts:
            self.dropping.append(asyncio.ensure_future(dismantle(parts)))
        else:
            release()
        self.grid.end_preview()
        self.sync()

    def stop(self) -> None:
        """End the task under way, if any, without a word (something else follows)."""
        if self.busy:
            assert self.task is not None
            self.task.cancel()
        self.task, self.job = None, None
        self.show_progress(None)
        self.sync()

    def halt(self) -> None:
        """Stop pressed: end the task at once, draw the step shown and say where it is."""
        self.stop()
        search = self.search
        if search is None:
            return
        self.draw()
        self.page.say(f"Stopped at step {search.steps:,}.")
        self.announce(search)

    def start(self, coroutine: Any, job: Job) -> None:
        """Run Play, Run to end or a jump; its button reads Stop until it ends, and the
        buttons follow when it has."""
        task = asyncio.ensure_future(coroutine)
        self.task, self.job = task, job
        task.add_done_callback(lambda _task: self.ended(task))
        self.sync()

    def ended(self, task: asyncio.Future[None]) -> None:
        if self.task is task:
            self.task, self.job = None, None
            self.show_progress(None)
        self.sync()

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
        if search.done or search.steps >= MAX_STEPS:
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
        elif self.at_limit:
            self.page.say(
                f"Stopped at the visualizer's limit of {MAX_STEPS:,} steps: Solve runs the "
                "whole search."
            )
        self.page.changed(push=False)

    def announce(self, search: Search, back: bool = False) -> None:
        """Say the step shown in the panel's live region (a Step, a Back, a run's end)."""
        step = search.last_step
        text = brief(step) if step is not None else "Step 0: nothing expanded yet."
        self.said.textContent = f"Back to {text[0].lower()}{text[1:]}" if back else text

    def show_progress(self, text: str | None, done: int = 0, total: int = 0) -> None:
        """A long job's progress beside the slider (None: no job)."""
        bar = self.progress
        if text is None:
            bar.hidden = True
            return
        bar.hidden = False
        bar.max, bar.value = max(1, total), min(done, total)
        self.view.el["jump-out"].textContent = text

    def sync(self) -> None:
        """Enable the buttons that can do something now; the one of the task under way
        reads Stop."""
        search = self.search
        self.back_button.disabled = search is None or search.steps == 0
        done = search is not None and search.done
        halted = done or self.at_limit
        self.step_button.disabled = halted
        playing, running = self.job == Job.PLAY, self.job == Job.RUN
        self.play_button.textContent = "Stop" if playing else "Play"
        self.play_button.disabled = halted and not playing
        self.run_end_button.textContent = "Stop" if running else "Run to end"
        self.run_end_button.disabled = halted and not running
        self.limit_box.hidden = not (self.at_limit and not self.busy)
        if not self.limit_box.hidden:
            self.limit_box.textContent = limit_note()

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
        self.start(self.load_then(names, action), Job.LOAD)
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
        self.task, self.job = None, None  # loaded: the action starts a task of its own
        action(None)

    # ----- handlers ------------------------------------------------------------------------
    def on_step(self, event: Any) -> None:
        self.stop()
        if self.wait_for_tables(self.on_step):
            return
        search = self.ensure_search()
        if search is not None and self.advance(search):
            self.draw()
            self.announce(search)
        elif search is not None:
            self.draw()

    def on_back(self, event: Any) -> None:
        self.stop()
        search = self.search
        if search is not None and search.back():
            self.draw()
            self.page.say(f"Back to step {search.steps}.")
            self.announce(search, back=True)

    def on_play(self, event: Any) -> None:
        if self.job == Job.PLAY:
            self.halt()
            return
        self.stop()
        if self.wait_for_tables(self.on_play):
            return
        search = self.ensure_search()
        if search is None or search.done or self.at_limit:
            return
        self.start(self.play(search), Job.PLAY)

    async def play(self, search: Search) -> None:
        while self.advance(search):
            self.draw()
            try:
                speed = max(1, min(60, int(self.speed.value or DEFAULT_SPEED)))
            except ValueError:
                speed = DEFAULT_SPEED
            await asyncio.sleep(1 / speed)
        self.announce(search)  # the end, or the limit: draw() has said which

    def on_run_end(self, event: Any) -> None:
        if self.job == Job.RUN:
            self.halt()
            return
        self.stop()
        if self.wait_for_tables(self.on_run_end):
            return
        search = self.ensure_search()
        if search is not None:
            self.start(self.go_to(search, MAX_STEPS), Job.RUN)

    def step_to(self, number: int) -> None:
        """Go to step ``number`` (a link's step, the slider)."""
        if self.wait_for_tables(lambda _event: self.step_to(number)):
            return
        search = self.ensure_search()
        if search is not None:
            self.start(self.go_to(search, number), Job.RUN)

    async def go_to(self, search: Search, number: int) -> None:
        """Step forward or back to step ``number``, in slices, yielding to the page; the
        progress beside the slider."""
        loop = asyncio.get_event_loop()
        began = search.steps
        if number > began:  # it may end before
            self.page.say("Running to the end..." if number >= MAX_STEPS else "Stepping...")
        while search.steps != number:
            deadline = loop.time() + SLICE_SECONDS
            while search.steps != number and loop.time() < deadline:
                if search.steps > number:
                    search.back()
                elif not self.advance(search):
                    number = search.steps
            if search.steps != number:
                self.show_progress(*going(began, search.steps, number))
                self.sync()  # Back, once there is a step to go back to
                await breathe()
        self.show_progress(None)
        self.draw()
        if not (search.done or self.at_limit):
            self.page.say(f"At step {search.steps:,}.")
        self.announce(search)

    def on_jump(self, event: Any) -> None:
        self.stop()
        try:
            number = int(self.jump.value)
        except ValueError:
            return
        self.step_to(number)

    def on_key(self, event: Any) -> None:
        """With the panel focused: Space plays or stops, the arrows step."""
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        tag = (event.target.tagName or "").lower()
        if tag in ("select", "input", "textarea"):
            return
        if event.target.closest("#tree-view"):  # null (falsy) outside
            return  # the tree's own keys
        if event.key == " " and tag != "button":  # Space plays, or stops what runs
            event.preventDefault()
            if self.job == Job.RUN:
                self.halt()
            else:
                self.on_play(event)
        elif event.key == "ArrowRight":
            event.preventDefault()
            self.on_step(event)
        elif event.key == "ArrowLeft":
            event.preventDefault()
            self.on_back(event)


def going(began: int, at: int, to: int) -> tuple[str, int, int]:
    """A jump's progress: what to write beside the slider, and how far it is of how far."""
    if to >= MAX_STEPS:
        return f"Running to the end: step {at:,} (stops at {MAX_STEPS:,} at most)...", at, to
    where = "back" if to < began else "on"
    return (
        f"Going {where} to step {to:,}: {abs(at - began):,} of {abs(to - began):,}...",
        abs(at - began),
        abs(to - began),
    )
