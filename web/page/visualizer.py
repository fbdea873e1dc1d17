"""The visualizer view ("Search, step by step"): Step, Back, Play, Run to end and the Step
number slider, drawn by :class:`stepper.StepView` and :class:`treeview.TreeView`. While Play
or Run to end (or a jump) runs, its button reads Stop and stops it at once; the panel is then
drawn for the step shown and the status says where it stopped.

The search is npuzzle's, held and stepped in the solver worker (``stepping.py``, through the
bridge), made there for the board and settings on the page and made anew when they change;
the pattern databases it needs are loaded there, once for Solve and the visualizer. This view
asks for one thing at a time, in the order pressed (no Step is lost or taken twice), and draws
the answers. Steps are recorded, so Back is exact, up to ``MAX_RECORDED_STEPS``; past them the
search runs on without records, and Back returns to the last recorded step (the worker says
so). Stepping stops at ``MAX_STEPS``, the page's node limit, which the panel then says
(``#step-limit``), with Step, Play and Run to end disabled. Run to end and
jumps, forward and back, are many short calls (``SLICE_SECONDS`` of work each in the worker),
their progress beside the slider, so Stop is answered at once.

While the Step through mode is shown (and "Grid follows the search" is on), the grid shows
the node each step expanded, its moved tile marked; another mode gives the grid back to the
board being played. Shown, the visualizer opens its search at once and draws step 0, the open
list holding the start.

Every message is the panel's own (``#step-status``) and describes the step drawn: each draw
replaces it. When the button pressed disables itself (Run to end at the end, Back at step 0),
the focus goes to the one a keyboard user wants next (``NEXT_FOCUS``), never to the page.

Each single Step or Back is said briefly (``npuzzle.teach.explain.brief``, in the worker) in the
panel's own polite live region, ``#visualizer-said``; Play and Run to end say nothing per
step, only the step they stopped or ended at.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from enum import StrEnum
from typing import Any, Protocol

import treeview
from bridge import Bridge
from controls import SearchControls, listen, pass_focus
from grid import GridView
from protocol import Phase, Progress, Reply, StepRequest
from pseudocodeview import PseudocodeView
from stepper import MAX_STEPS, Model, StepView
from treeview import TreeView
from vocabulary import style

from npuzzle import Status
from npuzzle.teach.moves import after

DEFAULT_SPEED = 8  # steps a second while playing
SLICE_SECONDS = 0.05  # of stepping in the worker per call of a long run
WAITING = "Step waits for the solver, still loading: it starts by itself once ready."
START = "Step 0: the open list holds only the start node; Step expands it."
# Where the focus goes when the button holding it disables itself: in order, the first
# one enabled (Run to end, Play or Step at the end -> Back; Back at step 0 -> Step).
NEXT_FOCUS = {
    "step": ("step-back", "visualizer"),
    "play": ("step-back", "visualizer"),
    "run-end": ("step-back", "visualizer"),
    "step-back": ("step", "visualizer"),
}


class Job(StrEnum):
    """What the visualizer's task under way does (its button reads Stop meanwhile)."""

    PLAY = "play"
    RUN = "run"  # Run to end, the slider's jump or a link's step: Run to end's button stops it


def limit_note() -> str:
    return (
        f"Stopped at the visualizer's limit of {MAX_STEPS:,} steps, the page's node limit "
        "(memory in the tab is finite). Back and the Step number slider still work, over the "
        "recorded steps; Automatic's search may solve this board."
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
        self.tree = TreeView(document, bridge.steps_tree)
        # Step line takes a step as Step does, when the one drawn has no line left
        self.pseudocode = PseudocodeView(
            document, lambda: self.on_step(None), lambda: not self.step_button.disabled
        )
        self.document = document
        self.inside = False  # the Step through mode is shown: the grid may follow
        self.about = ""  # what opening the search said (the search Automatic picked)
        self.fresh = False  # the search was just opened: its first message says ``about``
        self.key: tuple[Any, ...] | None = None  # what the worker's search was made for
        self.model: Model | None = None  # the step drawn, as the worker described it
        self.position: Model | None = None  # where the search is: steps, furthest, done
        self.lock = asyncio.Lock()  # one request to the worker's search at a time, in order
        self.task: asyncio.Future[None] | None = None  # Play, Run to end or a jump
        self.job: Job | None = None  # what the task does
        self.loop: tuple[int, int] | None = None  # Play repeats these steps (a link's loop=)
        self.pending: set[asyncio.Future[None]] = set()  # Steps, Backs, redraws on their way
        self.closing: set[asyncio.Future[None]] = set()  # the worker told to drop a search
        self.watchers: list[Callable[[Model], None]] = []  # told of each step drawn (the quiz)
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
        return int(self.position["steps"]) if self.position is not None else 0

    @property
    def busy(self) -> bool:
        return self.task is not None and not self.task.done()

    @property
    def done(self) -> bool:
        return self.position is not None and bool(self.position["done"])

    @property
    def at_limit(self) -> bool:
        """The search has not ended but the visualizer steps it no further."""
        return self.position is not None and bool(self.position["at_limit"])

    # ----- the search ----------------------------------------------------------------------
    def reset(self, message: str = "") -> None:
        """Forget the search (the board or the settings changed); the worker drops it."""
        self.stop()
        for task in self.pending:  # Steps meant for the search that goes
            task.cancel()
        had = self.key is not None
        self.key, self.model, self.position = None, None, None
        self.view.clear(message)
        self.tree.clear()
        self.pseudocode.clear()
        self.grid.end_preview()
        self.page.say("")
        self.sync()
        if had:  # not among the pending: a reset must never cancel it
            closing = asyncio.ensure_future(self.close())
            self.closing.add(closing)
            closing.add_done_callback(self.closing.discard)
        if self.inside:  # shown: the new search's step 0 at once
            self.queue(self.step_by(0))

    def shown(self, shown: bool) -> None:
        """The Step through mode is shown (or left): the grid follows the search while it
        is, and the search is opened at once, its step 0 drawn; left, Play stops."""
        if shown == self.inside:
            return
        self.inside = shown
        if not shown:
            self.stop()
            self.grid.end_preview()
        elif self.model is None:
            self.queue(self.step_by(0))
        else:
            self.show_on_grid(self.model)

    async def close(self) -> None:
        async with self.lock:
            await self.bridge.steps_close()

    def queue(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run a request in the background (in its turn: each takes the lock)."""
        task = asyncio.ensure_future(coroutine)
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

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
        if self.position is not None:
            self.queue(self.redraw())

    async def redraw(self) -> None:
        async with self.lock:
            answer = await self.go({"by": 0})
            if answer is not None:
                self.draw(answer)
                more = self.describe(answer)  # the end, the limit, or nothing more
                self.page.say(f"Stopped at step {answer['steps']:,}. {more}".strip())
                self.announce(answer)

    def start(self, coroutine: Coroutine[Any, Any, None], job: Job) -> None:
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

    async def ensure_search(self) -> bool:
        """The worker holds the search for the board and settings on the page (made anew,
        its tables loaded, when they change); False, and said why, when there can be none.
        Called with the lock held."""
        board, goal = self.grid.board, self.grid.goal
        settings = self.controls.settings()
        if settings is None:
            return False  # the controls say why
        key = (board, goal, settings)
        if self.key == key and self.position is not None:
            return True
        if not self.bridge.ready:
            self.page.say(WAITING)
        opening = self.bridge.steps_open(board, goal, **settings.options)
        try:
            model = await self.bridge.follow(opening, self.show_loading)
        finally:
            self.page.hide_loading()
        if model.get("status") != Reply.OK:
            self.page.say(str(model.get("message")))
            return False
        loaded = f"Pattern databases loaded ({model['tables'] / 1e6:.1f} MB). "
        picked = model.get("automatic")  # the search Automatic picked is the one stepped
        self.about = loaded if model.get("tables") else ""
        if picked:
            self.about += f"Stepping {picked['reason']} "
        self.fresh = True
        self.key, self.model, self.position = key, model, model
        return True

    def show_loading(self, progress: Progress) -> None:
        if progress.get("phase") == Phase.LOADING:
            got, total = int(progress.get("loaded") or 0), int(progress.get("total") or 0)
            self.page.show_loading(got, total, "solver")

    async def go(self, request: StepRequest) -> Model | None:
        """One request to step the worker's search; None, and said why, if it failed."""
        answer = await self.bridge.steps_go(
            {"seconds": SLICE_SECONDS, "tree_seconds": treeview.SLICE_SECONDS, **request}
        )
        if answer.get("status") != Reply.OK:
            self.page.say(str(answer.get("message")))
            return None
        self.position = answer
        return answer

    def draw(self, model: Model, back: bool = False) -> None:
        """Draw a step, and say what it is (a step taken with Back says so)."""
        self.model = self.position = model
        self.view.draw(model, self.grid.board.width)
        self.pseudocode.draw(model)
        self.tree.follow(model.get("tree"))
        self.show_on_grid(model)
        self.sync()
        self.page.say(self.describe(model, back))
        self.page.changed(push=False)
        for watch in self.watchers:
            watch(model)

    def describe(self, model: Model, back: bool = False) -> str:
        """The status line for the step drawn: where the search stands now."""
        steps = model["steps"]
        if model["search_status"] == Status.SOLVED:
            n = int(model["length"] or 0)
            return f"Step {steps:,}: goal reached, a path of {n} move{'' if n == 1 else 's'}."
        if model["done"]:
            return f"Step {steps:,}: {model['search_status']}: {model['reason']}."
        if model["at_limit"]:
            return f"Stopped at the visualizer's limit of {MAX_STEPS:,} steps."
        # A plain step is told by the counters and Why this step beside it (and said in
        # the live region): the line is cleared, so that no older word stays (a Back says
        # where it went back to).
        fresh, self.fresh = self.fresh, False
        if steps == 0:
            return f"Back to step 0{START[len('Step 0') :]}" if back else f"{self.about}{START}"
        if back:
            return f"Back to step {steps:,}."
        return f"{self.about}{model['brief']}" if fresh else ""

    def announce(self, model: Model, back: bool = False) -> None:
        """Say the step shown in the panel's live region (a Step, a Back, a run's end)."""
        text = str(model["brief"])
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
        reads Stop. A button that held the focus and is now disabled hands it on."""
        focused = self.document.activeElement
        self.back_button.disabled = self.steps == 0
        halted = self.done or self.at_limit
        self.step_button.disabled = halted
        playing, running = self.job == Job.PLAY, self.job == Job.RUN
        self.play_button.textContent = "Stop" if playing else "Play"
        self.play_button.disabled = halted and not playing
        self.run_end_button.textContent = "Stop" if running else "Run to end"
        self.run_end_button.disabled = halted and not running
        if focused and str(focused.id) in NEXT_FOCUS and focused.disabled:  # null: none
            pass_focus(self.document, NEXT_FOCUS[str(focused.id)])
        self.limit_box.hidden = not self.at_limit
        if not self.limit_box.hidden:
            self.limit_box.textContent = limit_note()
        self.pseudocode.sync()

    # ----- the grid follows the search ---------------------------------------------------
    def show_on_grid(self, model: Model | None) -> None:
        """Show the node the step expanded on the grid, if the grid follows the search (the
        goal node, once the search has reached it)."""
        node = model["current"] if model is not None else None
        if model is None or node is None or not (self.inside and self.follow_box.checked):
            self.grid.end_preview()
            return
        where = after(node["move"], node["moved"] or 0, style(self.document))
        self.grid.preview(
            tuple(node["tiles"]),
            node["moved"],
            f"Showing step {model['steps']:,}'s node ({where}, g = {node['g']}).",
        )

    def on_follow(self, event: Any) -> None:
        """The toggle (under How it works): off gives the board back at once; on shows the
        search's node."""
        self.show_on_grid(self.model)

    # ----- handlers ------------------------------------------------------------------------
    def on_step(self, event: Any) -> None:
        self.stop()
        self.queue(self.step_by(1))

    def on_back(self, event: Any) -> None:
        self.stop()
        if self.position is not None:
            self.queue(self.step_by(-1))

    async def step_by(self, by: int) -> None:
        """Step (1), Back (-1) or draw the step shown (0), said in the status line and (a
        step or back taken) the panel's live region."""
        async with self.lock:
            if by < 0 and self.position is None:
                return
            if not await self.ensure_search():
                return
            was = self.steps
            answer = await self.go({"by": by})
            if answer is None:
                return
            self.draw(answer, back=by < 0 and bool(answer["moved"]))
            if not answer["moved"]:
                return
            if by < 0 and was - int(answer["steps"]) > 1:  # from past the records
                self.page.say(back_said(answer, was))
            self.announce(answer, back=by < 0)

    def on_play(self, event: Any) -> None:
        if self.job == Job.PLAY:
            self.halt()
            return
        self.stop()
        if not (self.done or self.at_limit):
            self.start(self.play(), Job.PLAY)

    async def play(self) -> None:
        async with self.lock:
            if not await self.ensure_search():
                return
            self.page.say(f"Playing from step {self.steps:,}...")
        last: Model | None = None
        while True:
            async with self.lock:
                loop = self.loop
                if loop is not None and (
                    self.done or self.at_limit or not loop[0] <= self.steps < loop[1]
                ):
                    last = await self.rewind(loop[0])  # the loop's first step, again
                    if last is None or self.steps != loop[0]:
                        return  # the search ends before the loop begins
                elif self.done or self.at_limit:
                    break
                else:
                    last = await self.go({"by": 1})
                    if last is None:
                        return
                    self.draw(last)
            try:
                speed = max(1, min(60, int(self.speed.value or DEFAULT_SPEED)))
            except ValueError:
                speed = DEFAULT_SPEED
            await asyncio.sleep(1 / speed)
        if last is not None:
            self.announce(last)  # the end, or the limit: draw() has said which

    async def rewind(self, number: int) -> Model | None:
        """Go to step ``number`` and draw it (a loop's first step); called with the lock."""
        while True:
            answer = await self.go({"to": number, "draw": False})
            if answer is None:
                return None
            if answer["arrived"]:
                break
        final = await self.go({"by": 0})
        if final is not None:
            self.draw(final)
        return final

    def on_run_end(self, event: Any) -> None:
        if self.job == Job.RUN:
            self.halt()
            return
        self.stop()
        self.start(self.go_to(MAX_STEPS), Job.RUN)

    def step_to(self, number: int) -> None:
        """Go to step ``number`` (a link's step, the slider)."""
        self.start(self.go_to(number), Job.RUN)

    async def go_to(self, number: int) -> None:
        """Step forward or back to step ``number``, many short calls to the worker; the
        progress beside the slider."""
        async with self.lock:
            if not await self.ensure_search():
                return
            began = self.steps
            if number > began:  # it may end before
                self.page.say("Running to the end..." if number >= MAX_STEPS else "Stepping...")
            while True:
                answer = await self.go({"to": number, "draw": False})
                if answer is None:
                    return
                if answer["arrived"]:
                    break
                self.show_progress(*going(began, answer["steps"], number))
                self.sync()  # Back, once there is a step to go back to
            final = await self.go({"by": 0})
            if final is None:
                return
            self.show_progress(None)
            self.draw(final)
            self.announce(final)

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


def back_said(model: Model, was: int) -> str:
    """Back's status: from a step taken without a record, Back lands on the last recorded
    step, and says so."""
    steps = int(model["steps"])
    if was - steps > 1:
        return (
            f"Back to step {steps:,}, the last recorded step: Back reaches back over the "
            f"recorded steps only (steps {steps + 1:,} to {was:,} ran without records)."
        )
    return f"Back to step {steps}."


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
