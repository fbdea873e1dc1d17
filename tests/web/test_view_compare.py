"""Compare in CPython: the view against web/worker/worker.py's own ``compare_*`` functions.

The stand-in worker is the page's worker module itself, run here; the 4x4 pattern databases
are served to its ``tables.load`` from the disk cache by a stand-in ``fetch``. Every figure
the view shows is checked against npuzzle's searches run here on their own.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any

import pytest

from npuzzle import Board, make_search, solvability
from npuzzle.heuristics import pdbbuild, pdbplan
from npuzzle.teach.entrants import parse_entrants

HARD = Board.parse("8,6,7/2,5,4/3,0,1")  # 31 moves: the searches take many steps
MEDIUM = Board.parse("7,2,4/5,0,6/8,3,1")  # 20 moves: A* + misplaced tiles ends at step 2,340
GOAL = Board.goal("standard", 3, 3)
# 28 moves from the 4x4 goal: A* expands 96 nodes with the pattern databases, 11,750 without
ASTAR_4X4 = Board.parse("1,4,3,8/7,2,6,0/5,9,11,12/10,14,13,15")
GOAL_4X4 = Board.goal("standard", 4, 4)


class Solver:
    """The worker's exports as the bridge calls them (web/worker/worker.py's own), each call
    recorded; ``gate`` held shut keeps the worker from answering."""

    def __init__(self, worker: Any) -> None:
        self.worker = worker
        self.calls: list[str] = []
        self.gate = asyncio.Event()
        self.gate.set()

    def __getattr__(self, name: str) -> Callable[..., Coroutine[Any, Any, Any]]:
        function = getattr(self.worker, name)

        async def call(*args: Any) -> Any:
            self.calls.append(name)
            await self.gate.wait()
            answer = function(*args)
            return await answer if inspect.isawaitable(answer) else answer

        return call

    def asked(self, prefix: str = "compare_") -> list[str]:
        return [c for c in self.calls if c.startswith(prefix)]


@pytest.fixture
def compare(web: Any, hub: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The Compare view on ``view.at`` (a 3x3 board), wired as the page wires it, unopened."""
    monkeypatch.setattr(web.compareview, "PLAY_SECONDS", 0.01)
    monkeypatch.setattr(web.bridge, "POLL_SECONDS", 0.01)  # the poller's
    bridge = web.bridge.Bridge(web.workers, web.window)
    at = SimpleNamespace(board=HARD, goal=GOAL)
    view = web.compareview.CompareView(
        web.document, lambda: (at.board, at.goal), bridge, lambda: hub.changed(push=False)
    )
    view.at = at
    web.workers["solver"] = view.solver = Solver(web.worker)
    view.enable()
    return view


def play(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


async def settle(view: Any) -> None:
    """Wait until every press has been answered and Play or Run all to end has ended."""
    while view.asked or view.task is not None:
        await asyncio.sleep(0.002)


def el(web: Any, ident: str) -> Any:
    return web.document.getElementById(ident)


def status(web: Any) -> str:
    return str(el(web, "compare-status").textContent)


def columns(web: Any) -> list[dict[str, str]]:
    """Each column's facts (Step, Expanded, ... as shown) and its open list's boards."""
    out = []
    for column in el(web, "compare-columns").querySelectorAll("section"):
        terms = [t.textContent for t in column.querySelectorAll("dt")]
        values = [v.textContent for v in column.querySelectorAll("dd")]
        facts = dict(zip(terms, values, strict=True))
        facts["heading"] = column.querySelector("h3").textContent
        facts["open list"] = column.querySelector("ul").innerHTML
        more = column.querySelector("p")
        facts["more"] = more.textContent if more is not None else ""
        out.append(facts)
    return out


def engine(board: Board, goal: Board, algorithm: str, heuristic: str, steps: int) -> Any:
    """The search on its own, ``steps`` steps in (or to its end)."""
    search = make_search(board, goal, algorithm=algorithm, heuristic=heuristic)
    while search.steps < steps and not search.done:
        search.step()
    return search


def shown_as(web: Any, search: Any, width: int) -> dict[str, str]:
    """What a column should show for ``search``, worked out from the engine itself."""
    heads = search.open_list(0, 4)
    number = web.compareview.number
    return {
        "Step": f"{search.steps:,}",
        "Expanded": f"{search.expanded:,}",
        "Generated": f"{search.generated:,}",
        "Open": f"{search.open_size:,}",
        "Status": str(search.status),
        "open list": "".join(
            f'<li>{web.stepper.mini_tiles(n.tiles, width)}<span class="vals">f={number(n.f)}'
            "</span></li>"
            for n in heads
        ),
        "more": f"and {search.open_size - len(heads):,} more" if search.open_size > 4 else "",
    }


def check_columns(web: Any, board: Board, goal: Board, entrants: str, steps: int) -> None:
    shown = columns(web)
    for facts, entrant in zip(shown, parse_entrants(entrants), strict=True):
        search = engine(board, goal, entrant.algorithm, entrant.heuristic, steps)
        assert facts["heading"] == entrant.label
        assert {k: facts[k] for k in shown_as(web, search, board.width)} == shown_as(
            web, search, board.width
        )


def test_steps_and_back_show_the_engines_figures_and_no_press_is_lost(
    web: Any, compare: Any
) -> None:
    entrants = "bfs,greedy:manhattan,astar:linear-conflict"

    async def scenario() -> None:
        compare.show(parse_entrants(entrants))
        await settle(compare)
        assert status(web) == "Step 0."
        assert el(web, "compare-back").disabled and not el(web, "compare-step").disabled
        check_columns(web, HARD, GOAL, entrants, 0)
        step, back = el(web, "compare-step"), el(web, "compare-back")
        for _ in range(5):  # pressed faster than the worker answers: each counts, in order
            step.click()
        assert el(web, "compare-back").disabled  # not yet answered
        await settle(compare)
        assert status(web) == "Step 5."
        check_columns(web, HARD, GOAL, entrants, 5)
        back.click()
        back.click()
        step.click()
        await settle(compare)
        assert status(web) == "Step 4."
        check_columns(web, HARD, GOAL, entrants, 4)
        assert compare.solver.asked() == [
            "compare_open",
            *["compare_step"] * 5,
            "compare_back",
            "compare_back",
            "compare_step",
        ]
        assert el(web, "compare-chart").innerHTML.startswith('<svg class="chart"')

    play(scenario)


def test_run_all_to_end_goes_in_slices_to_the_engines_results_table(
    web: Any, compare: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    entrants = "astar:misplaced,astar:manhattan"
    # slices short enough that this board takes several on any machine (on a fast one the
    # page's 0.04 s slices took it in two)
    monkeypatch.setattr(web.compareview, "SLICE_SECONDS", 0.002)

    async def scenario() -> None:
        compare.at.board = MEDIUM
        compare.show(parse_entrants(entrants))
        await settle(compare)
        el(web, "compare-end").click()
        assert el(web, "compare-end").textContent == "Stop"
        assert el(web, "compare-play").textContent == "Stop"
        await settle(compare)
        ends = [engine(MEDIUM, GOAL, "astar", h, 10**6) for h in ("misplaced", "manhattan")]
        last = max(s.steps for s in ends)
        assert status(web) == f"Every search has ended, the last at step {last:,}."
        check_columns(web, MEDIUM, GOAL, entrants, last)
        assert compare.solver.asked().count("compare_run") > 2  # slices, not one long call
        rows = el(web, "compare-table").querySelectorAll("tr")
        assert [c.textContent for c in rows[0].children] == [
            *("Search", "Expanded", "Generated", "Length", "EBF", "Optimal")
        ]
        for row, search in zip(rows[1:], ends, strict=True):
            result = search.result()
            assert [c.textContent for c in row.children] == [
                parse_entrants(entrants)[ends.index(search)].label,
                f"{result.expanded:,}",
                f"{result.generated:,}",
                str(result.length),
                f"{result.ebf:.3f}",
                "yes",
            ]
        for row in rows[1:]:  # each figure named, for the card a row is on a phone
            labels = [c.getAttribute("data-label") for c in row.children[1:]]
            assert labels == ["Expanded", "Generated", "Length", "EBF", "Optimal"]
        chart = el(web, "compare-chart").innerHTML
        assert "(log scale)" in chart
        legend = chart[chart.index('<ul class="chart chart-legend"') :]  # HTML, after the SVG
        assert legend.count(": expanded</span>") == 2 and legend.count(": generated</span>") == 2
        assert legend.count('"swatch dashed"') == 2
        assert el(web, "compare-end").textContent == "Run all to end"
        assert el(web, "compare-end").disabled and el(web, "compare-step").disabled
        assert not el(web, "compare-back").disabled
        # Back from the end: the table goes, the figures are the engine's one step earlier
        el(web, "compare-back").click()
        await settle(compare)
        assert status(web) == f"Step {last - 1:,}."
        assert el(web, "compare-table") is None
        check_columns(web, MEDIUM, GOAL, entrants, last - 1)

    play(scenario)


def test_stop_stops_asking_and_a_step_after_it_goes_on_from_there(web: Any, compare: Any) -> None:
    entrants = "bfs,astar:misplaced"

    async def scenario() -> None:
        compare.show(parse_entrants(entrants))
        await settle(compare)
        el(web, "compare-end").click()
        while compare.solver.asked().count("compare_run") < 3:
            await asyncio.sleep(0.002)
        el(web, "compare-end").click()  # Stop
        assert compare.task is None
        # Stop until the searches are drawn where they stopped: pressed again, still a Stop
        assert el(web, "compare-end").textContent == "Stop"
        el(web, "compare-end").click()
        el(web, "compare-play").click()
        await settle(compare)
        assert el(web, "compare-end").textContent == "Run all to end"
        assert el(web, "compare-play").textContent == "Play"
        stopped = compare.race["step"]
        assert status(web) == f"Step {stopped:,}." and stopped > 0
        runs = compare.solver.asked().count("compare_run")
        await asyncio.sleep(0.1)
        assert compare.solver.asked().count("compare_run") == runs  # it asks no more
        check_columns(web, HARD, GOAL, entrants, stopped)
        # Play, then a Step pressed while it plays: it stops, and that one step is taken
        el(web, "compare-play").click()
        assert el(web, "compare-play").textContent == "Stop"
        while compare.race["step"] < stopped + 3:
            await asyncio.sleep(0.002)
        el(web, "compare-step").click()
        assert compare.task is None and el(web, "compare-play").textContent == "Play"
        await settle(compare)
        now = compare.race["step"]
        assert status(web) == f"Step {now:,}." and now >= stopped + 4
        await asyncio.sleep(0.05)  # five steps' time while playing
        assert compare.race["step"] == now
        check_columns(web, HARD, GOAL, entrants, now)

    play(scenario)


def test_pattern_databases_are_loaded_in_the_worker_and_said_meanwhile(
    web: Any, compare: Any, monkeypatch: pytest.MonkeyPatch, tables_4x4: list[str]
) -> None:
    """pdb on a 4x4: the worker fetches the tables (served from the disk cache, slowly), the
    status line says it loads them, and the figures are the engine's with those tables."""
    monkeypatch.setattr(pdbbuild, "_loaded", {})  # this process has not loaded them yet
    fetched = serve_tables(web, monkeypatch)
    entrants = "astar:pdb,astar:manhattan"

    async def scenario() -> None:
        compare.show()  # a comparison on the 3x3 first
        await settle(compare)
        assert len(columns(web)) == 2 and el(web, "compare-chart").innerHTML
        compare.at.board, compare.at.goal = ASTAR_4X4, GOAL_4X4
        compare.show(parse_entrants(entrants))
        said = set()
        while compare.asked:
            said.add(status(web))
            if status(web).startswith("Loading"):  # the 3x3's searches are not shown meanwhile
                assert columns(web) == [] and not el(web, "compare-chart").innerHTML
            await asyncio.sleep(0.002)
        names = pdbplan.table_names(4, 4, GOAL_4X4.blank)
        assert fetched == ["index.json", *names]
        folder = pdbbuild.cache_dir()
        assert folder is not None
        total = sum((folder / name).stat().st_size for name in names)
        loading = "Loading pattern databases into the solver: "
        amounts = [t.removeprefix(loading) for t in said if t.startswith(loading)]
        assert any(a.endswith(f" of {total / 1e6:.1f} MB...") for a in amounts), said
        assert any(not a.startswith("0.0 ") for a in amounts), said  # it moves on
        assert status(web) == "Step 0."
        el(web, "compare-end").click()
        await settle(compare)
        ends = [engine(ASTAR_4X4, GOAL_4X4, "astar", h, 10**6) for h in ("pdb", "manhattan")]
        rows = el(web, "compare-table").querySelector("tbody").querySelectorAll("tr")
        for row, search in zip(rows, ends, strict=True):
            cells = [c.textContent for c in row.children]
            length = str(len(search.solution))
            assert cells[1:4] == [f"{search.expanded:,}", f"{search.generated:,}", length]
        assert ends[0].expanded < ends[1].expanded  # the tables did the work

    play(scenario)


def serve_tables(web: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A ``fetch`` for web/worker/tables.py that serves the site's pdb/ folder from the disk cache,
    in chunks with a pause between them; the names fetched are returned, as they come."""
    folder = pdbbuild.cache_dir()
    assert folder is not None
    fetched: list[str] = []

    class Response:
        def __init__(self, data: bytes) -> None:
            self.ok, self.status, self.data = True, 200, data
            self.body = SimpleNamespace(getReader=self.reader)

        async def text(self) -> str:
            return self.data.decode()

        def reader(self) -> Any:
            chunks = [self.data[i : i + 400_000] for i in range(0, len(self.data), 400_000)]

            async def read() -> Any:
                await asyncio.sleep(0.01)
                if not chunks:
                    return SimpleNamespace(done=True, value=None)
                data = chunks.pop(0)
                return SimpleNamespace(done=False, value=SimpleNamespace(to_bytes=lambda: data))

            async def cancel() -> None:
                chunks.clear()

            return SimpleNamespace(read=read, cancel=cancel)

    async def fetch(url: str) -> Response:
        name = url.rsplit("/", 1)[1]
        fetched.append(name)
        if name == "index.json":
            sizes = {n.name: n.stat().st_size for n in folder.glob("4x4-*.npdb")}
            return Response(json.dumps({"tables": sizes}).encode())
        return Response((folder / name).read_bytes())

    js = web.tables.js
    monkeypatch.setattr(js, "fetch", fetch, raising=False)
    monkeypatch.setattr(
        js, "URL", SimpleNamespace(new=lambda rel, base: SimpleNamespace(href=base + rel)), False
    )
    return fetched


def test_a_bad_search_or_board_is_said_and_nothing_runs(web: Any, compare: Any) -> None:
    async def scenario() -> None:
        compare.show(parse_entrants("astar:misplaced,wastar:manhattan:2"))
        await settle(compare)
        weight = el(web, "compare-weight-1")
        weight.value = "0"
        el(web, "compare-start").click()
        assert status(web) == "Search 2: weight '0' is not a number from 1 to 100."
        await settle(compare)
        assert compare.solver.asked() == ["compare_open"]  # Start asked nothing of it
        # a board that cannot reach the goal: the worker's reason, as the engine gives it
        loyd = Board.parse("1,2,3/4,5,6/8,7,0")
        compare.at.board = loyd
        compare.board_changed()
        await settle(compare)
        reason = solvability(loyd, GOAL).reason
        assert reason and status(web) == f"Cannot compare on this board: {reason}."
        assert compare.race is None
        for ident in ("compare-step", "compare-back", "compare-play", "compare-end"):
            assert el(web, ident).disabled

    play(scenario)


def test_closing_drops_the_comparison_and_a_late_answer(web: Any, compare: Any) -> None:
    async def scenario() -> None:
        compare.show(parse_entrants("astar:misplaced,astar:manhattan"))
        await settle(compare)
        compare.solver.gate.clear()  # the worker is slow to answer the next press
        el(web, "compare-step").click()
        await asyncio.sleep(0.01)
        compare.hide()  # a link without compared searches followed meanwhile
        assert not compare.shown and el(web, "compare").children == []
        compare.solver.gate.set()
        await settle(compare)
        assert el(web, "compare").children == []  # the step's answer drew nothing
        assert compare.solver.asked()[-2:] == ["compare_step", "compare_close"]
        assert web.compare_calls.HELD.comparison is None  # its memory is gone

    play(scenario)


def test_the_view_waits_for_a_worker_that_has_not_started(web: Any, compare: Any) -> None:
    async def scenario() -> None:
        compare.solver.gate.clear()
        compare.show()
        await asyncio.sleep(0.05)
        assert status(web) == web.compareview.WAITING
        assert el(web, "compare-step").disabled
        compare.solver.gate.set()
        await settle(compare)
        assert status(web) == "Step 0." and not el(web, "compare-step").disabled

    play(scenario)


@pytest.mark.parametrize(
    ("call", "args", "words"),
    [
        ("compare_open", (None,), "names a board and its searches"),
        ("compare_open", ({"board": "1,2,3/4,0,5/7,8,6"},), "names a board and its searches"),
        ("compare_open", ({"board": "1,2/3", "entrants": "bfs,dfs"},), "ragged"),
        ("compare_open", ({"board": "1,2,3/4,0,5/7,8,6", "entrants": "bfs"},), "2 to 4"),
        ("compare_open", ({"board": "1,2,3/4,0,5/7,8,6", "entrants": "bfs,fast"},), "fast"),
        (
            "compare_open",
            ({"board": "1,2,3/4,0,5/7,8,6", "entrants": "bfs,dfs", "width": "x"},),
            "not 'x'",
        ),
        ("compare_step", (300,), "no comparison is open"),
        ("compare_back", (300,), "no comparison is open"),
        ("compare_run", (0.04,), "no comparison is open"),
        ("compare_view", (-1,), "no comparison is open"),
    ],
)
def test_the_worker_answers_bad_requests_with_a_reason(
    web: Any, call: str, args: tuple[Any, ...], words: str
) -> None:
    answer = json.loads(asyncio.run(getattr(web.worker, call)(*args)))
    assert answer["status"] == "error" and words in answer["reason"]


@pytest.mark.parametrize("change", ["pick", "add", "remove"])
def test_a_changed_setting_applies_at_once_and_step_steps_the_new_searches(
    web: Any, compare: Any, change: str
) -> None:
    async def scenario() -> None:
        compare.show(parse_entrants("bfs,astar:misplaced,astar:manhattan"))
        await settle(compare)
        el(web, "compare-step").click()
        await settle(compare)
        assert status(web) == "Step 1."
        if change == "pick":
            el(web, "compare-heuristic-1").value = "linear-conflict"
            el(web, "compare-heuristic-1").dispatch("change")
            now = "bfs,astar:linear-conflict,astar:manhattan"
        elif change == "add":
            el(web, "compare-add").click()
            now = "bfs,astar:misplaced,astar:manhattan,astar:linear-conflict"
        else:
            removes = el(web, "compare-entrants").querySelectorAll("button")
            next(b for b in removes if b.getAttribute("data-remove") == "0").click()
            now = "astar:misplaced,astar:manhattan"
        await settle(compare)
        assert compare.solver.asked().count("compare_open") == 2  # started again at once
        assert status(web) == "Step 0."
        el(web, "compare-step").click()
        el(web, "compare-step").click()
        await settle(compare)
        check_columns(web, HARD, GOAL, now, 2)

    play(scenario)
