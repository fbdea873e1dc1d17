"""Main-thread entry point of the npuzzle page (runs in the browser under PyScript).

The views are the modules of web/page/, all on the main thread. The opening
(web/opening/opening.py, in MicroPython) has drawn the link's board and taken moves
while Pyodide loaded; it starts this script, and :meth:`Page.take_over` takes its board over.

The page is a set of views, one module each, and this module only wires them together:

- ``modes.ModesView``: the tabs (Play, Solve, Step through, Compare, Lab) over one stage;
- ``status.StatusView``: a status line and the pattern databases' progress bar (the board's,
  and one each for the Solve and Step through panels, through :class:`PanelPage`);
- ``grid.GridView``: the tiles, clicks, keys, swipes and Arrange;
- ``controls.BoardControls`` and ``controls.SearchControls``: the Board and Search groups;
- ``solvepanel.SolvePanel``: Solve, Cancel and the result's figures, and its
  ``playback.Playback`` of a solution on the grid;
- ``playerview.PlayerView``: Undo, Redo, Restart, tiles in place, the fewest moves possible,
  the player's score once solved and a challenge link;
- ``hintview.HintView``: Hint and Moves to solved, for players;
- ``visualizer.Visualizer``: the search, step by step; ``quizview.QuizView``: its quiz,
  Predict the next node;
- ``exportview.ExportView``: the step as SVG and PNG, steps and solutions as animated GIFs;
- ``labview.LabView``: the experiment lab;
- ``compareview.CompareView``: two to four searches on the board, stepped in lockstep;
- ``address.AddressView``: share links and the browser's history;
- ``viewmenu.ViewMenu``: the View menu's Large setting, for a projector;
- ``embed.EmbedView``: the stage alone in another site's frame (``embed=1``), the link's
  Play (speed, autoplay, loop) and Copy embed code;
- ``yoursview.YoursView``: your heuristic in Python, checked in the worker, then a heuristic;
- ``bridge.Bridge``: the only door to the solver worker (web/worker/), in the messages of
  web/protocol.py, and the one poller of its progress.

Its imports run in short tasks (``handover.short_imports``), so that the opening answers the
keys pressed meanwhile; then the page is made and takes over in one task, so that no move
falls between the two.

Views do not know each other: what one asks of the rest (a new board, a message, the address
to be rewritten) goes through :class:`Page`. The package (boards, moves, searches) is the same
npuzzle as the command line's, shipped as a zip that PyScript unpacks.
"""

from __future__ import annotations

import asyncio
from typing import Any

from handover import IMPORTS_MARK, short_imports
from pyscript import window  # PyScript's own start imported it already

# The rest in short tasks: the opening answers the keys pressed meanwhile (handover.py). The
# mark names where they begin in the browser's timeline (tests/browser, benchmarks).
window.performance.mark(IMPORTS_MARK)
with short_imports():
    from address import AddressView
    from bridge import Bridge
    from compareview import CompareView
    from controls import BoardControls, SearchControls, shuffled, unreachable
    from embed import EmbedView
    from exportview import ExportView
    from grid import GridView
    from hintview import HintView
    from labview import LabView
    from modes import ModesView
    from playerview import PlayerView
    from protocol import AUTO, DEFAULT_HEURISTIC, DEFAULT_WEIGHT
    from pyscript import create_named_worker, document, workers
    from quizview import QuizView
    from solvepanel import SolvePanel
    from status import StatusView
    from viewmenu import ViewMenu
    from visualizer import Visualizer
    from vocabulary import Vocabulary
    from yoursview import YoursView

    import npuzzle
    from npuzzle import Board
    from npuzzle.heuristics import YOURS
    from npuzzle.teach.link import LinkState, Mode, opens

VERSION: str = npuzzle.__version__
FIRST_BOARD = "A shuffled 3x3 board: slide the tiles until they read 1 to 8, the gap last."


class PanelPage:
    """The page as the Solve or the Step through panel sees it: its messages and loading
    bar are the panel's own (beside what they describe); the rest is the page's."""

    def __init__(self, page: Page, status: StatusView) -> None:
        self.page, self.status = page, status

    def say(self, text: str) -> None:
        self.status.say(text)

    def show_loading(self, got: int, total: int, where: str) -> None:
        self.status.show_loading(got, total, where)

    def hide_loading(self) -> None:
        self.status.hide_loading()

    def spawn(self, coroutine: Any) -> None:
        self.page.spawn(coroutine)

    def changed(self, *, push: bool) -> None:
        self.page.changed(push=push)

    def shortest_known(self, board: Board, goal: Board, length: int) -> None:
        self.page.shortest_known(board, goal, length)

    def search_changed(self) -> None:
        self.page.search_changed()


class Page:
    """The views, and what one view asks of the others."""

    def __init__(self) -> None:
        self.background: set[asyncio.Future[Any]] = set()
        self.status = StatusView(document)
        self.vocabulary = Vocabulary(document, window)  # before the views that name moves
        self.bridge = Bridge(workers, window, create_named_worker)
        self.grid = GridView(document, self)
        self.board_controls = BoardControls(document, self, self.grid)
        self.search_controls = SearchControls(document, self, window.navigator)
        self.solve_panel = SolvePanel(
            document,
            PanelPage(self, StatusView(document, "solve-status", "solve-loading")),
            self.bridge,
            self.grid,
            self.search_controls,
        )
        self.visualizer = Visualizer(
            document,
            PanelPage(self, StatusView(document, "step-status", "step-loading")),
            self.bridge,
            self.grid,
            self.search_controls,
        )
        self.quiz = QuizView(
            document,
            self,
            self.bridge,
            self.visualizer,
            self.search_controls,
            lambda: (self.grid.board, self.grid.goal),
        )
        self.export = ExportView(
            document,
            window,
            self.visualizer,
            self.solve_panel.playback,
            self.grid,
            self.search_controls,
        )
        self.hint = HintView(
            document, self, self.bridge, self.grid, self.search_controls.read_workers
        )
        self.player = PlayerView(document, self, self.grid, self.bridge)
        # Made before anything can ask for the link, which includes the Lab's settings.
        self.lab = LabView(
            document,
            window,
            self.bridge,
            lambda: self.changed(push=False),
            self.search_controls.read_workers,
        )
        self.compare = CompareView(
            document,
            lambda: (self.grid.board, self.grid.goal),
            self.bridge,
            lambda: self.changed(push=False),
        )
        self.yours = YoursView(
            document,
            self,
            self.bridge,
            self.grid,
            self.board_controls,
            [self.search_controls, self.compare],
        )
        self.address = AddressView(
            document,
            window,
            self.link_state,
            self.apply_link,
            self.follow_link,
            self.say,
            self.spawn,
        )
        self.embed = EmbedView(
            document,
            window,
            self.visualizer,
            self.address.share_box,
            self.link_state,
            self.say,
            self.spawn,
        )
        self.mode_shown: Mode | None = None  # the mode the views last followed
        self.modes = ModesView(document, self)
        self.view_menu = ViewMenu(document, window)

    # ----- what views ask of the page ------------------------------------------------------
    def say(self, text: str) -> None:
        self.status.say(text)

    def show_loading(self, got: int, total: int, where: str) -> None:
        self.status.show_loading(got, total, where)

    def hide_loading(self) -> None:
        self.status.hide_loading()

    def spawn(self, coroutine: Any) -> None:
        """Run a coroutine in the background, keeping a reference until it finishes."""
        future = asyncio.ensure_future(coroutine)
        self.background.add(future)
        future.add_done_callback(self.background.discard)

    def changed(self, *, push: bool) -> None:
        """The page's state changed: rewrite the address (a new history entry if ``push``)."""
        self.address.write(push=push)
        self.embed.address_changed()

    def grid_changed(self) -> None:
        """The grid shows another board (a move, a swap, a new board): the hint and the
        player's buttons follow."""
        self.hint.board_changed()
        self.player.board_changed(by_player=not self.solve_panel.playback.attached)

    def claim_board(self) -> bool:
        """A player's input wants the board: False while a solution plays back (the input
        paused it and must move nothing)."""
        return self.solve_panel.playback.claim()

    def shortest_known(self, board: Board, goal: Board, length: int) -> None:
        """``board`` is exactly ``length`` moves from ``goal`` (an optimal solution, an exact
        distance): the move counter says so when it is the puzzle's start."""
        self.player.learn(board, goal, length)

    def share_challenge(self, board: Board, count: int) -> None:
        """Copy (or show) a link challenging a friend to solve ``board`` in ``count`` moves."""
        self.address.share_challenge(board, count)

    def new_board(self, board: Board, goal: Board, message: str) -> None:
        """Show a new board: whatever was searching, playing back or stepping stops."""
        self.solve_panel.stop()
        self.visualizer.reset()
        self.grid.show(board, goal)
        self.compare.board_changed()
        self.solve_panel.hide_result()
        self.say(message)
        self.changed(push=True)

    def search_changed(self) -> None:
        """Algorithm, heuristic, weight or tie-break changed: the visualizer starts again."""
        self.visualizer.reset()
        self.changed(push=True)

    def mode_changed(self, mode: Mode) -> None:
        """Another mode is shown: what ran in the one left and cannot be seen stops (a
        playback pauses, Play stops), and the mode shown starts what it shows. The board's
        message was about the mode left: it goes (a tab pressed again keeps it)."""
        if mode != self.mode_shown:
            self.say("")
        self.mode_shown = mode
        if mode != Mode.SOLVE:
            self.solve_panel.playback.pause()
        self.visualizer.shown(mode == Mode.STEP)
        if mode == Mode.COMPARE:
            if not self.compare.shown:
                self.compare.show()
        else:
            self.compare.stop()

    # ----- share links ---------------------------------------------------------------------
    def link_state(self) -> LinkState:
        """What the share link carries: the board and the search, and what the mode shown
        shows (the visualizer's step, the compared searches, the experiment)."""
        controls = self.search_controls
        mode = self.modes.mode
        embed, play = self.embed.link()
        return LinkState(
            self.grid.board,
            self.grid.goal,
            self.board_controls.goal_name,
            controls.algorithm_choice(),
            str(controls.heuristic.value),
            controls.read_weight() or DEFAULT_WEIGHT,
            self.visualizer.steps if mode == Mode.STEP else 0,
            lab=self.lab.link() if mode == Mode.LAB else None,
            compare=self.compare.link() if mode == Mode.COMPARE else None,
            challenge=self.player.challenge_for(self.grid.board, self.grid.goal),
            mode=mode,
            tie_break=controls.tie_break_choice(),
            quiz=self.quiz.link() if mode == Mode.STEP else None,
            embed=embed,
            play=play,
            yours=self.yours.link(),
        )

    def apply_link(self, state: LinkState) -> None:
        self.board_controls.show_size(state.board.width, state.board.height)
        self.board_controls.show_goal(state.goal, state.goal_name)
        algorithm = AUTO if state.algorithm is None else state.algorithm
        self.yours.from_link(state.yours)  # shown, not run: its reader presses Check
        heuristic = state.heuristic if state.heuristic != YOURS or self.yours.link() else None
        self.search_controls.show(
            algorithm, heuristic or DEFAULT_HEURISTIC, state.weight, state.tie_break
        )
        self.new_board(state.board, state.goal, unreachable(state.board, state.goal).strip())
        self.player.take_challenge(state.board, state.goal, state.challenge)
        self.quiz.apply(state.quiz)

    def follow_link(self, state: LinkState, opening: bool) -> None:
        self.embed.follow(state, opening)  # the visualizer's speed and loop, before it runs
        if state.step:
            self.visualizer.step_to(state.step)
        if state.lab is not None:
            self.lab.apply(state.lab, run=opening)
        if state.compare:
            self.compare.show(state.compare)
        elif self.compare.shown:
            self.compare.hide()
        if not (opening and self.modes.asked):  # a tab chosen while loading stays
            self.modes.show(opens(state))

    # ----- start ---------------------------------------------------------------------------
    def start(self) -> None:
        self.grid.build()
        for view in (
            self.grid,
            self.board_controls,
            self.search_controls,
            self.solve_panel,
            self.visualizer,
            self.quiz,
            self.export,
            self.hint,
            self.player,
            self.compare,
            self.address,
            self.view_menu,
            self.embed,
            self.yours,
        ):
            view.enable()
        self.bridge.expose_for_scripts()
        self.say(f"npuzzle {VERSION} ready")
        self.modes.show(self.modes.mode)  # the tab shown by the opening, if one was chosen
        self.address.open(self.first_visit)
        self.take_over()
        # Set by the opening already, unless it could not read the link.
        document.body.dataset.playable = "true"
        document.body.dataset.ready = "true"
        self.do_asked()
        self.spawn(self.connect())

    def take_over(self) -> None:
        """The opening (opening.py, in MicroPython) drew the link's board while this page
        loaded, and the player may have moved tiles: the same moves are made in the game
        here, so the counter goes on and Undo takes them back. Its handlers stand aside from
        now on (``data-ready``)."""
        grid = self.grid.grid
        start = grid.getAttribute("data-opening-start")
        if not start or start != self.grid.board.format("rows"):
            return  # no opening, or the link said something else once read in full
        moves = str(grid.getAttribute("data-opening-moves") or "")
        self.grid.replay(moves)
        if grid.getAttribute("data-opening-first") == "true":
            # The link read was the opening's own scramble: not "a shared board".
            self.say(f"npuzzle {VERSION} ready. {FIRST_BOARD}")
        if moves:
            made = self.grid.count_text()
            self.say(f"npuzzle {VERSION} ready, with the {made} you made while it loaded.")

    def do_asked(self) -> None:
        """Solve or Step pressed while the opening alone ran: done now (Solve then waits
        for the worker if it has not answered yet)."""
        asked = document.body.getAttribute("data-waiting")
        document.body.removeAttribute("data-waiting")
        if asked == "solve":
            self.solve_panel.on_solve(None)
        elif asked == "step":
            self.visualizer.on_step(None)

    def first_visit(self) -> None:
        """Opened without a link: a shuffled 3x3 board, to play at once."""
        goal = Board.goal("standard", 3, 3)
        self.new_board(shuffled(goal), goal, f"npuzzle {VERSION} ready. {FIRST_BOARD}")

    async def connect(self) -> None:
        """Wait for the solver worker; Solve is enabled once ping() has answered."""
        try:
            answer = await self.bridge.ping()
        except Exception:
            self.say(f"npuzzle {VERSION} ready; the solver worker failed to start")
            self.hint.fail("the solver worker failed to start")
            document.body.dataset.workerReady = "false"
            raise
        worker_version = answer.get("version") if isinstance(answer, dict) else None
        if worker_version != VERSION:
            self.say(f"npuzzle {VERSION} ready; solver worker reports {worker_version!r}")
            self.hint.fail("the solver worker is another version")
            document.body.dataset.workerReady = "false"
            return
        self.solve_panel.solver_started()
        self.hint.connect()
        document.body.dataset.workerReady = "true"
        await keep_for_offline()


async def keep_for_offline() -> None:
    """Register the service worker that keeps this build for offline visits
    (web/service-worker.js). Only once the page and its worker have loaded what they need,
    so that its downloads never slow the start. Where the browser has none (plain http
    other than localhost) or refuses, the page works as before, online: said in the console."""
    try:
        await window.navigator.serviceWorker.register("./service-worker.js")
    except Exception as error:
        window.console.warn(f"npuzzle: not kept for offline use: {error}")


page = Page()
page.start()
