"""web/worker/team.py and web/worker/helper.py: the solver worker shares IDA* and the Lab
with helpers.

The solver worker (web/worker/worker.py) and helpers (web/worker/helper.py) run here in one
event loop; the stand-in BroadcastChannel carries their JSON text between them in later turns,
as the browser does between workers.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from types import SimpleNamespace
from typing import Any

import pytest

from npuzzle import Board, random_board, solve


class Helpers:
    """Helpers of web/worker/helper.py serving on a channel, as join() starts them; each keeps
    what it said (``said``)."""

    def __init__(self, web: Any, channel: str, names: list[str]) -> None:
        self.web, self.channel, self.names = web, channel, names
        self.said: list[dict[str, Any]] = []
        self.made: list[Any] = []

    async def start(self) -> None:
        for name in self.names:
            helper = self.web.helper._Helper(self.web.team.Channel(self.channel), name)
            original = helper.say

            def say(original: Any = original, name: str = name, **message: Any) -> None:
                self.said.append({"from": name, **message})
                original(**message)

            helper.say = say
            helper.task = asyncio.ensure_future(helper.serve())
            helper.say(kind="here")
            self.made.append(helper)

    def stop(self) -> None:
        for helper in self.made:
            helper.task.cancel()

    def kinds(self, name: str) -> list[str]:
        return [m["kind"] for m in self.said if m["from"] == name]


def run_with(helpers: Helpers, call: Coroutine[Any, Any, Any]) -> Any:
    async def both() -> Any:
        await helpers.start()
        try:
            return await call
        finally:
            helpers.stop()

    return asyncio.run(both())


@pytest.fixture
def small_slices(web: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Short slices and every iteration split: many messages on small boards."""
    monkeypatch.setattr(web.team, "SLICE_SECONDS", 0.0005)
    monkeypatch.setattr(web.team, "CHUNK", 16)
    monkeypatch.setattr(web.solve_calls, "SPLIT_FROM", 0)
    return web


def request(board: Board, goal: Board, **more: Any) -> dict[str, Any]:
    return {
        "board": board.format("rows"),
        "goal": goal.format("rows"),
        "algorithm": "idastar",
        "heuristic": "manhattan",
        "page": "http://127.0.0.1:8000/index.html",
        **more,
    }


@pytest.mark.parametrize("seed", [pytest.param(0, marks=pytest.mark.slow), 1, 2])
def test_a_split_solve_has_the_length_of_one_worker_and_the_helpers_work(small_slices, seed):
    web = small_slices
    board, goal = random_board(4, 4, seed=f"team:{seed}", moves=36), Board.goal("standard", 4, 4)
    helpers = Helpers(web, "t1", ["helper-1", "helper-2"])
    answer = run_with(helpers, web.worker.solve(request(board, goal, workers=3, team="t1")))
    alone = solve(board, goal, algorithm="idastar", heuristic="manhattan")
    assert answer["status"] == "solved" and answer["length"] == alone.length
    assert board.apply(answer["moves"]) == goal
    assert answer["jobs"] == 3 and answer["optimal"]
    for name in helpers.names:  # both searched subtrees and answered
        assert "done" in helpers.kinds(name), helpers.said


def test_the_lab_dealt_to_helpers_gives_the_rows_of_one_worker_in_order(small_slices):
    web = small_slices
    options = '{"boards": 4, "moves": 14, "heuristics": ["misplaced", "manhattan"]}'
    lab = {"experiment": "riggs", "options": options, "seed": "team"}
    page = {"page": "http://127.0.0.1:8000/index.html"}
    alone = asyncio.run(web.worker.lab_run({**lab, **page}))
    helpers = Helpers(web, "t2", ["helper-1"])
    shared = run_with(helpers, web.worker.lab_run({**lab, **page, "workers": 2, "team": "t2"}))
    assert alone["status"] == shared["status"] == "done"

    def rows(answer: dict[str, Any]) -> list[dict[str, Any]]:
        return [{k: v for k, v in r.items() if k != "seconds"} for r in json.loads(answer["rows"])]

    assert rows(shared) == rows(alone) and len(rows(alone)) > 4
    assert "done" in helpers.kinds("helper-1")
    assert web.job.JOB.workers == 2


def test_a_failing_helper_is_left_out_and_its_work_done_by_the_others(small_slices):
    web = small_slices
    board, goal = random_board(4, 4, seed="team:fail", moves=30), Board.goal("standard", 4, 4)
    helpers = Helpers(web, "t3", ["helper-1", "helper-2"])

    async def refuse(message: Any, searches: Any, report: Any) -> Any:
        raise MemoryError("out of memory")

    async def started() -> Any:
        await helpers.start()
        helpers.made[1].searches = None  # helper-2 fails on its first piece:
        original = web.pieces.work_for

        async def work_for(message: Any, searches: Any, report: Any) -> Any:
            return await (refuse if searches is None else original)(message, searches, report)

        web.pieces.work_for = work_for
        try:
            return await web.worker.solve(request(board, goal, workers=3, team="t3"))
        finally:
            web.pieces.work_for = original
            helpers.stop()

    answer = asyncio.run(started())
    alone = solve(board, goal, algorithm="idastar", heuristic="manhattan")
    assert answer["status"] == "solved" and answer["length"] == alone.length
    assert "failed" in helpers.kinds("helper-2") and "done" not in helpers.kinds("helper-2")
    assert "helper-2" in web.job.TEAM.gone and "done" in helpers.kinds("helper-1")
    assert any("helper-2 failed: MemoryError" in w for w in web.window.warnings)


@pytest.mark.slow
def test_a_silent_helper_is_given_up(small_slices, monkeypatch):
    web = small_slices
    monkeypatch.setattr(web.team, "LOST_SECONDS", 0.05)
    board, goal = random_board(4, 4, seed="team:silent", moves=30), Board.goal("standard", 4, 4)
    mute = web.team.Channel("t4")  # says it is there, then never answers
    heard: list[dict[str, Any]] = []

    async def answer_the_roll_only() -> None:
        while True:
            while mute.inbox:
                heard.append(mute.inbox.popleft())
                if heard[-1]["kind"] == "roll":
                    mute.say(**{"from": "helper-9", "kind": "here"})
            await asyncio.sleep(0.001)

    async def started() -> Any:
        task = asyncio.ensure_future(answer_the_roll_only())
        try:
            return await web.worker.solve(request(board, goal, workers=2, team="t4"))
        finally:
            task.cancel()

    answer = asyncio.run(started())
    alone = solve(board, goal, algorithm="idastar", heuristic="manhattan")
    assert answer["status"] == "solved" and answer["length"] == alone.length
    assert any(m.get("kind") == "work" for m in heard)  # it was given work, then left
    assert "helper-9" in web.job.TEAM.gone
    assert any("helper-9 is silent" in w for w in web.window.warnings)


def test_cancel_stops_the_helpers_too(small_slices):
    web = small_slices
    board, goal = Board.parse("0,15,14,13/12,11,10,9/8,7,6,5/4,3,2,1"), Board.goal("standard", 4, 4)
    helpers = Helpers(web, "t5", ["helper-1"])

    async def cancel_soon() -> None:
        while not any(m["kind"] == "busy" for m in helpers.said):
            await asyncio.sleep(0.01)
        web.worker.cancel()

    async def both() -> Any:
        canceller = asyncio.ensure_future(cancel_soon())
        answer = await web.worker.solve(request(board, goal, workers=2, team="t5"))
        canceller.cancel()
        return answer

    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setattr(web.team, "BUSY_SECONDS", 0.0)
    try:
        answer = run_with(helpers, both())
    finally:
        monkeypatch.undo()
    assert answer["status"] == "cancelled" and answer["generated"] > 0
    assert "cancelled after" in answer["reason"]


def test_a_helper_quiet_between_searches_is_not_taken_for_lost(small_slices, monkeypatch):
    # Between two searches a helper says nothing; the second must still count on it (a
    # helper was once given up at the start of every search that came 10 s after its last).
    web = small_slices
    # 1 s, not less: on a loaded 2-core machine a helper at work was once silent for more
    # than 0.2 s between two answers, and was given up during the first search.
    monkeypatch.setattr(web.team, "LOST_SECONDS", 1.0)
    boards = [random_board(4, 4, seed=f"team:quiet{k}", moves=34) for k in range(2)]
    goal = Board.goal("standard", 4, 4)
    helpers = Helpers(web, "t6", ["helper-1"])

    async def two_searches() -> list[Any]:
        first = await web.worker.solve(request(boards[0], goal, workers=2, team="t6"))
        await asyncio.sleep(1.2)  # longer than LOST_SECONDS, and nobody speaks
        said = len(helpers.said)
        second = await web.worker.solve(request(boards[1], goal, workers=2, team="t6"))
        return [first, second, helpers.said[said:]]

    first, second, later = run_with(helpers, two_searches())
    assert first["status"] == second["status"] == "solved"
    assert "helper-1" not in web.job.TEAM.gone
    assert any(m["kind"] == "done" for m in later)
    assert not any("silent" in w for w in web.window.warnings)


class Port:
    """One end of a stand-in MessageChannel: what it posts reaches the other end's
    ``onmessage`` in a later turn of the event loop; ``posted`` counts it."""

    def __init__(self) -> None:
        self.onmessage: Any = None
        self.other: Port | None = None
        self.posted = 0

    def postMessage(self, data: Any) -> None:
        self.posted += 1
        other = self.other
        assert other is not None
        asyncio.get_running_loop().call_soon(
            lambda: other.onmessage and other.onmessage(SimpleNamespace(data=data))
        )

    def close(self) -> None:
        self.onmessage = None


def test_with_the_pages_ports_the_team_talks_over_them(small_slices):
    web = small_slices
    board, goal = random_board(4, 4, seed="team:ports", moves=36), Board.goal("standard", 4, 4)
    helpers = Helpers(web, "t7", ["helper-1"])
    solver_end, helper_end = Port(), Port()
    solver_end.other, helper_end.other = helper_end, solver_end

    async def ported() -> Any:
        await helpers.start()
        try:
            web.job.TEAM._port("helper-1", solver_end)  # as the page's note hands them
            helpers.made[0].channel.attach("", helper_end)
            return await web.worker.solve(request(board, goal, workers=2, team="t7"))
        finally:
            helpers.stop()

    answer = asyncio.run(ported())
    alone = solve(board, goal, algorithm="idastar", heuristic="manhattan")
    assert answer["status"] == "solved" and answer["length"] == alone.length
    assert "done" in helpers.kinds("helper-1")
    # the work went over the port, and the answers came back over it
    assert solver_end.posted >= 1 and helper_end.posted >= helpers.kinds("helper-1").count("done")


def test_the_helpers_read_the_tables_the_solver_worker_reads(small_slices, tmp_path, monkeypatch):
    """A Solve fetches the large 4x4 table (asked for); the helpers load what the solver
    worker's heuristic reads, not the default plan they would choose alone."""
    from pathlib import Path

    from npuzzle.heuristics import pdbbuild, pdbcache, pdbplan

    web = small_slices
    big = pdbplan.large_plan(4, 4, 15)
    assert big is not None
    [large] = pdbbuild.large_names(4, 4, 15)
    data = (Path(__file__).resolve().parents[2] / "prebuilt" / large).read_bytes()
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))  # the plan's small table: built here
    monkeypatch.setattr(pdbbuild, "_loaded", {large: pdbcache.decode(large, data)})
    monkeypatch.setattr(pdbbuild, "use_large", True)
    for name in big.names():  # as the worker would fetch them
        pdbbuild.load(name)
    board, goal = random_board(4, 4, seed="team:large", moves=40), Board.goal("standard", 4, 4)
    helpers = Helpers(web, "t9", ["helper-1"])
    req = request(board, goal, heuristic="pdb", workers=2, team="t9")
    answer = run_with(helpers, web.worker.solve(req))
    assert answer["status"] == "solved", answer
    assert answer["optimal"] and answer["jobs"] == 2
    assert board.apply(answer["moves"]) == goal
    held = helpers.made[0].searches.held
    assert held is not None, "the helper searched no subtree"
    whole, search = json.loads(held[0]), held[1]
    assert whole["tables"] == big.names() == search.heuristic.plan.names()


def _with_tables(board: Board, goal: Board, tmp_path: Any, monkeypatch: Any) -> None:
    """The pdb heuristic's tables for ``goal`` in memory, as the worker would fetch them."""
    from npuzzle.heuristics import pdbbuild

    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    for name in pdbbuild.plan_for(board.width, board.height, goal.blank).names():
        pdbbuild.load(name)


def test_a_seated_anytime_solve_proves_the_shortest_with_a_helper_in_the_other_seat(
    small_slices, tmp_path, monkeypatch
):
    web = small_slices
    board, goal = random_board(2, 5, seed=6), Board.goal("standard", 2, 5)
    _with_tables(board, goal, tmp_path, monkeypatch)
    alone = solve(board, goal, algorithm="anytime", heuristic="pdb")
    helpers = Helpers(web, "t10", ["helper-1"])
    req = request(board, goal, algorithm="anytime", heuristic="pdb", workers=2, team="t10")
    answer = run_with(helpers, web.worker.solve(req))
    assert answer["status"] == "solved" and answer["optimal"], answer
    assert answer["length"] == alone.length and board.apply(answer["moves"]) == goal
    assert answer["jobs"] == 2 and answer["lower_bound"] == answer["length"]
    assert web.job.TEAM.figures["pieces here"] == web.job.TEAM.figures["pieces out"] == 1
    lengths = [i["length"] for i in answer["improvements"]]
    assert lengths == sorted(lengths, reverse=True) and lengths[-1] == answer["length"]


def test_without_a_helper_there_the_anytime_search_runs_alone(small_slices, tmp_path, monkeypatch):
    web = small_slices
    monkeypatch.setattr(web.solve_calls, "ROLL_SECONDS", 0.01)
    board, goal = random_board(2, 5, seed=6), Board.goal("standard", 2, 5)
    _with_tables(board, goal, tmp_path, monkeypatch)
    req = request(board, goal, algorithm="anytime", heuristic="pdb", workers=2, team="t11")
    answer = asyncio.run(web.worker.solve(req))  # the helpers have not started yet
    assert answer["status"] == "solved" and answer["optimal"]
    assert "jobs" not in answer and board.apply(answer["moves"]) == goal


def test_the_seats_pass_each_new_best_to_each_other(web, tables_5x5, monkeypatch):
    """Korf & Felner's #1 for 3 s (shortened from the page's 10 s) with a helper in seat 1:
    each seat tells the other every best shorter than all it has told or heard, and the
    answer is the shortest of all."""
    from dataclasses import replace

    from npuzzle import ALGORITHMS, Algorithm, reference
    from npuzzle.heuristics import pdbbuild

    for name in tables_5x5:  # in memory, as the worker would fetch them
        pdbbuild.load(name)
    info = ALGORITHMS[Algorithm.ANYTIME]
    monkeypatch.setitem(ALGORITHMS, Algorithm.ANYTIME, replace(info, max_seconds=3.0))
    instance, goal = reference.korf24()[0], Board.goal("blank-first", 5, 5)
    helpers = Helpers(web, "t12", ["helper-1"])
    told: list[str] = []  # the solver worker's bests, to the helper

    async def run() -> Any:
        await helpers.start()
        web.job.TEAM.open("t12")
        channel = web.job.TEAM.channel
        say = channel.say

        def spy(**message: Any) -> None:
            if message.get("kind") == "best":
                told.append(message["best"])
            say(**message)

        channel.say = spy
        req = request(instance.board, goal, algorithm="anytime", heuristic="pdb")
        try:
            return await web.worker.solve({**req, "workers": 2, "team": "t12"})
        finally:
            helpers.stop()

    answer = asyncio.run(run())
    assert answer.get("jobs") == 2, answer
    assert instance.board.apply(answer["moves"]) == goal
    theirs = [m["best"] for m in helpers.said if m["kind"] == "busy" and "best" in m]
    assert told and theirs, "each seat told the other a best"
    for bests in (told, theirs):
        assert all(instance.board.apply(b) == goal for b in bests)
    # between them, each best told is shorter than every one told before it, either way
    assert [len(b) for b in told] == sorted({len(b) for b in told}, reverse=True)
    assert [len(b) for b in theirs] == sorted({len(b) for b in theirs}, reverse=True)
    assert answer["length"] <= min(len(b) for b in told + theirs)
    assert {i["seat"] for i in answer["improvements"]} <= {0, 1}
