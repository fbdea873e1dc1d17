"""The page's views (web/**/*.py) in CPython, against the stand-in browser of fakedom.

The fake ``js``, ``pyscript`` and ``pyodide`` modules and web/ on ``sys.path`` exist only
during a test that asks for them (the ``web`` fixture): they are put into ``sys.modules``
with monkeypatch, and the web modules imported in the test are dropped afterwards, so
nothing of the stand-in reaches the other tests.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from npuzzle import Board

sys.path.insert(0, str(Path(__file__).resolve().parent))  # fakedom, beside this file
import fakedom

sys.path.pop(0)

# web/ and its folders (page/, worker/, opening/), side by side on sys.path as on the site
WEB_FOLDERS = [
    fakedom.WEB,
    *sorted(p for p in fakedom.WEB.iterdir() if p.is_dir() and p.name != "__pycache__"),
]
WEB_MODULES = frozenset(p.stem for folder in WEB_FOLDERS for p in folder.glob("*.py"))


class Web:
    """The page's browser and modules, for one test: ``web.grid`` imports web/page/grid.py."""

    def __init__(self, document: fakedom.Document, window: fakedom.Window, workers: Any):
        self.document, self.window, self.workers = document, window, workers

    @staticmethod
    async def settle(view: Any) -> None:
        """Until the visualizer and its tree have had their answers from the worker, and
        drew them."""
        tree = view.tree
        while (
            view.busy
            or view.pending
            or view.closing
            or tree.pending
            or (tree.task and not tree.task.done())
        ):
            await asyncio.sleep(0.001)

    @property
    def stepped(self) -> Any:
        """The worker's stepped search (web/worker/stepping.py's Stepping), or None."""
        sessions = self.step_calls._stepping
        return sessions[0] if sessions else None

    def whole_page(self) -> Any:
        """The page as main.py makes and starts it (in a running event loop), with
        web/worker/worker.py as its worker, answering in this thread between the events, in
        slices shortened for tests."""
        window = self.window
        window.performance = SimpleNamespace(mark=lambda *args: None)
        window.console = sys.modules["js"].console
        window.localStorage = None  # none: the View menu keeps its setting for the visit
        self.document.documentElement = self.document.root

        def no_helpers(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("no helper workers in CPython")

        sys.modules["pyscript"].create_named_worker = no_helpers  # type: ignore[attr-defined]
        self.workers["solver"] = Worker(self.worker)
        self.solve_calls.CHUNK_SECONDS = self.step_calls.CHUNK_SECONDS = 0.005
        self.team.SLICE_SECONDS = 0.005
        self.hint_calls.HINT_SECONDS = 0.02
        return self.main.page  # importing main makes the page and starts it

    def __getattr__(self, name: str) -> ModuleType:
        if name not in WEB_MODULES:
            raise AttributeError(f"web/ has no module {name!r}")
        return importlib.import_module(name)


class Workers(dict[str, Any]):
    """PyScript's ``workers``: awaiting ``workers["solver"]`` gives the worker."""

    def __getitem__(self, name: str) -> Any:
        value = super().__getitem__(name)

        async def ready() -> Any:
            return value

        return ready()


@pytest.fixture
def web(monkeypatch: pytest.MonkeyPatch) -> Iterator[Web]:
    document, window, workers = fakedom.page_document(), fakedom.Window(), Workers()
    window.document = document
    for name, module in fakedom.browser_modules(document, window, workers).items():
        monkeypatch.setitem(sys.modules, name, module)
    for name in WEB_MODULES:  # a web module imported before would hold other fakes
        monkeypatch.delitem(sys.modules, name, raising=False)
    for folder in WEB_FOLDERS:
        monkeypatch.syspath_prepend(str(folder))
    yield Web(document, window, workers)
    for name in WEB_MODULES:
        sys.modules.pop(name, None)


class Hub:
    """A stand-in for main.Page: what the views ask of the page, recorded (a board handed
    over is shown on ``grid`` when one is attached, as the page does, and ``hint`` hears of
    every board the grid shows)."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.boards: list[tuple[Any, Any, str]] = []
        self.changes: list[bool] = []
        self.search_changes = 0
        self.loading: list[tuple[int, int, str]] = []
        self.spawned: list[Any] = []
        self.grid: Any = None
        self.grid_changes = 0
        self.hint: Any = None  # a HintView told of every board the grid shows, as the page does
        self.playback: Any = None  # a Playback asked for the board, as the page does
        self.shortest: list[tuple[Any, Any, int]] = []

    @property
    def said(self) -> str:
        return self.messages[-1] if self.messages else ""

    def say(self, text: str) -> None:
        self.messages.append(text)

    def new_board(self, board: Any, goal: Any, message: str) -> None:
        self.boards.append((board, goal, message))
        if self.grid is not None:
            self.grid.show(board, goal)
        self.say(message)

    def changed(self, *, push: bool) -> None:
        self.changes.append(push)

    def grid_changed(self) -> None:
        self.grid_changes += 1
        if self.hint is not None:
            self.hint.board_changed()

    def claim_board(self) -> bool:
        return True if self.playback is None else bool(self.playback.claim())

    def shortest_known(self, board: Any, goal: Any, length: int) -> None:
        self.shortest.append((board, goal, length))

    def search_changed(self) -> None:
        self.search_changes += 1

    def show_loading(self, got: int, total: int, where: str) -> None:
        self.loading.append((got, total, where))

    def hide_loading(self) -> None:
        pass

    def spawn(self, coroutine: Any) -> None:
        self.spawned.append(coroutine)


@pytest.fixture
def hub() -> Hub:
    return Hub()


class Worker:
    """web/worker/worker.py's exports as the bridge reaches them: every call is awaited."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module

    def __getattr__(self, name: str) -> Any:
        if name not in self.module.__export__:
            raise AttributeError(f"the worker exports no {name!r}")
        function = getattr(self.module, name)

        async def call(*args: Any) -> Any:
            await asyncio.sleep(0)  # a message to a worker is answered in a later turn
            result = function(*args)
            return await result if inspect.isawaitable(result) else result

        return call


@pytest.fixture
def parts(web: Any, hub: Any) -> Any:
    """(grid, search controls, visualizer) on a 3x3 board 16 moves from the snail goal, as
    the page wires them, with web/worker/worker.py as the worker (it holds the stepped search)."""
    grid = web.grid.GridView(web.document, hub)
    hub.grid = grid
    controls = web.controls.SearchControls(web.document, hub)
    bridge = web.bridge.Bridge(web.workers, web.window)
    web.workers["solver"] = Worker(web.worker)
    bridge.ready = True  # as after the page's ping
    view = web.visualizer.Visualizer(web.document, hub, bridge, grid, controls)
    grid.show(Board.parse("2,3,1/8,0,4/7,6,5"), Board.goal("snail", 3, 3))
    controls.enable()
    # The visualizer's tests step A* with Manhattan, chosen by hand (the page's default,
    # Automatic, steps what it picks: test_view_visualizer.py tests that too).
    controls.show("astar", "manhattan", 3.0)
    view.enable()
    return grid, controls, view
