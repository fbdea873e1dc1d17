"""The solve panel in CPython, against a stand-in solver worker that runs npuzzle here."""

from __future__ import annotations

import asyncio
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from npuzzle import Board, solve
from npuzzle.core.generate import random_board


class Solver:
    """The worker's exported functions, as the bridge calls them."""

    def __init__(
        self, answer: dict[str, Any] | None = None, progress: dict[str, Any] | None = None
    ) -> None:
        self.requests: list[dict[str, Any]] = []
        self.answer = answer
        self.progress_calls = 0
        self.progress_answer = progress or {"expanded": 1234, "open": 56, "threshold": None}

    async def solve(self, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        await asyncio.sleep(0.25)  # long enough for a question about progress
        if self.answer is not None:
            return self.answer
        protocol = sys.modules["protocol"]  # the page's, as the web fixture installed it
        options, picked = dict(request), None
        if request["algorithm"] == protocol.AUTO:  # resolved as web/worker/job.py does
            board, goal = protocol.read_boards(request)
            picked = protocol.automatic_choice(board, goal)
            options.update(picked)
        result = solve(
            request["board"],
            request["goal"],
            algorithm=options["algorithm"],
            heuristic=options["heuristic"],
            weight=options["weight"],
        )
        answer = dict(result.to_json())
        return answer if picked is None else {**answer, "automatic": picked}

    async def progress(self) -> dict[str, Any]:
        self.progress_calls += 1
        return self.progress_answer

    async def cancel(self) -> bool:
        return True


@pytest.fixture
def panel(web: Any, hub: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    grid = web.grid.GridView(web.document, hub)
    hub.grid = grid
    controls = web.controls.SearchControls(web.document, hub)
    bridge = web.bridge.Bridge(web.workers, web.window)
    view = web.solvepanel.SolvePanel(web.document, hub, bridge, grid, controls)
    hub.playback = view.playback
    view.playback.speed.value = "32"
    view.enable()
    grid.show(Board.parse("1,3,4/8,0,5/7,2,6"), Board.goal("snail", 3, 3))
    return view


def solve_now(web: Any, panel: Any) -> None:
    async def press() -> None:
        web.document.getElementById("solve").click()
        if panel.task is not None:
            await panel.task
        if panel.playback.task is not None:
            await panel.playback.task

    asyncio.run(press())


def figures(web: Any) -> dict[str, str]:
    """The figures shown, by term (an explained term is followed by its "?" and its note)."""
    items = [c.textContent.split("?")[0] for c in web.document.getElementById("figures").children]
    return dict(zip(items[::2], items[1::2], strict=True))


def test_solve_asks_the_worker_shows_the_figures_and_plays_the_solution(
    web: Any, panel: Any, hub: Any
) -> None:
    solver = Solver()
    web.workers["solver"] = solver
    web.window.history.replaceState(None, "", "#board=1,3,4/8,0,5/7,2,6")
    solve_now(web, panel)
    (request,) = solver.requests
    assert request == {
        "board": "1,3,4/8,0,5/7,2,6",
        "goal": "1,2,3/8,0,4/7,6,5",
        "algorithm": "auto",  # the page's default: the worker picks the search
        "heuristic": "manhattan",
        "weight": 3.0,
        "tie_break": "high-g",
        "page": "http://127.0.0.1:8000/index.html",  # without the fragment
    }
    picked = "Automatic picked IDA* with pattern databases: a shortest solution of a 3x3 at once."
    assert f"{picked} Found a solution of 6 moves: playing it back..." in hub.messages
    assert solver.progress_calls >= 1
    assert "Searching... 1,234 nodes expanded, 56 on the open list." in hub.messages
    shown = figures(web)
    assert shown["Search"] == "IDA* with pattern databases (Automatic)"
    assert shown["Status"] == "solved" and shown["Length"] == "6"
    assert shown["Optimal"] == "yes"
    moves = web.document.getElementById("solution-moves")
    assert moves.dataset.moves == "DRUULD"
    assert [item.textContent for item in moves.children] == ["2↑", "6←", "5↓", "4↓", "3→", "2↑"]
    assert moves.children[-1].getAttribute("aria-current") == "step"
    assert web.document.getElementById("result").hidden is False
    assert web.document.getElementById("cancel").hidden is True
    assert web.document.getElementById("solve").disabled is False
    assert web.document.body.dataset.searching == "false"
    assert panel.grid.board == Board.goal("snail", 3, 3) and panel.grid.moves == 6
    assert hub.said == "Solved in 6 moves."
    assert hub.shortest == [(Board.parse("1,3,4/8,0,5/7,2,6"), Board.goal("snail", 3, 3), 6)]


def test_a_search_that_stops_says_why(web: Any, panel: Any, hub: Any) -> None:
    web.workers["solver"] = Solver({"status": "limit", "reason": "1,000,000 nodes expanded"})
    solve_now(web, panel)
    assert hub.said == "No solution within the limit: 1,000,000 nodes expanded."
    assert figures(web)["Length"] == "-"
    assert panel.grid.moves == 0
    assert web.document.getElementById("suggestion").hidden  # the worker suggested nothing


def test_a_limit_offers_the_search_automatic_picks_as_a_button_that_runs_it(
    web: Any, panel: Any, hub: Any
) -> None:
    protocol = sys.modules["protocol"]
    board, goal = panel.grid.board, panel.grid.goal
    suggestion = protocol.automatic_choice(board, goal)
    limit = {"status": "limit", "reason": "stopped after 1,000,000 nodes (the page's limit)"}
    solver = Solver({**limit, "suggestion": suggestion})
    web.workers["solver"] = solver
    web.document.getElementById("algorithm").value = "bfs"  # chosen by hand
    solve_now(web, panel)
    assert hub.said.startswith("No solution within the limit: stopped after 1,000,000 nodes")
    box = web.document.getElementById("suggestion")
    button = web.document.getElementById("suggest")
    assert box.hidden is False
    assert button.textContent == "Solve with IDA* with pattern databases"
    text = web.document.getElementById("suggestion-text").textContent
    assert text == f"What works on this board: {suggestion['reason']}"
    solver.answer = None  # the search it names runs, and solves
    changes = hub.search_changes

    async def press() -> None:
        button.click()
        await panel.task
        if panel.playback.task is not None:
            await panel.playback.task

    asyncio.run(press())
    assert solver.requests[-1]["algorithm"] == "idastar"
    assert solver.requests[-1]["heuristic"] == "pdb"
    assert web.document.getElementById("algorithm").value == "idastar"  # the controls say so
    assert hub.search_changes == changes + 1
    assert box.hidden is True
    assert figures(web)["Status"] == "solved" and panel.grid.board == goal


def test_nothing_is_sent_for_an_unsolvable_board_or_a_bad_weight(
    web: Any, panel: Any, hub: Any
) -> None:
    solver = Solver()
    web.workers["solver"] = solver
    panel.grid.show(Board.parse("1,2,3/4,5,6/8,7,0"), Board.goal("standard", 3, 3))
    solve_now(web, panel)
    assert hub.said.startswith("Unsolvable: ")
    assert web.document.getElementById("result").hidden is True
    panel.grid.show(Board.parse("1,2,3/4,5,6/7,0,8"), Board.goal("standard", 3, 3))
    web.document.getElementById("weight").value = "200"
    solve_now(web, panel)
    assert hub.said == "Weight must be a number from 1 to 100."
    assert solver.requests == []


def test_cancel_shows_while_searching(web: Any, panel: Any, hub: Any) -> None:
    web.workers["solver"] = Solver()

    async def press() -> None:
        web.document.getElementById("solve").click()
        await asyncio.sleep(0.05)
        assert web.document.getElementById("cancel").hidden is False
        assert web.document.getElementById("solve").disabled is True
        web.document.getElementById("cancel").click()
        assert hub.said == "Cancelling..."
        await panel.task

    asyncio.run(press())
    assert "Cancelling..." in hub.messages
    assert not any(m.startswith("Searching... 1,234") for m in hub.messages)
    assert len(hub.spawned) == 1  # the bridge's cancel, handed to the page to run
    hub.spawned[0].close()


def test_solve_before_the_worker_has_answered_says_it_waits_then_solves(
    web: Any, panel: Any, hub: Any
) -> None:
    web.workers["solver"] = Solver()
    solve_now(web, panel)  # the page has not heard from the worker yet
    assert web.solvepanel.WAITING in hub.messages
    assert figures(web)["Status"] == "solved"
    hub.messages.clear()
    panel.solver_started()
    solve_now(web, panel)
    assert web.solvepanel.WAITING not in hub.messages


def test_the_anytime_search_shows_its_best_so_far_and_each_improvement(
    web: Any, panel: Any, hub: Any
) -> None:
    goal = Board.goal("blank-first", 5, 5)
    board = random_board(5, 5, seed=3, goal=goal)
    # stopped long before its proof: the best it found, not proved shortest
    result = solve(board, goal, algorithm="anytime", heuristic="linear-conflict", max_seconds=0.3)
    answer = dict(result.to_json())
    found = answer["improvements"]
    assert answer["status"] == "solved" and not answer["optimal"] and found
    progress = {"expanded": 5000, "threshold": 90, "best": 180, "lower_bound": 70, "weight": 2}
    web.workers["solver"] = Solver(answer, progress)
    panel.grid.show(board, goal)
    web.document.getElementById("algorithm").value = "anytime"
    web.document.getElementById("heuristic").value = "linear-conflict"

    async def press() -> None:
        web.document.getElementById("solve").click()
        await panel.task

    asyncio.run(press())
    assert (
        "Searching... 5,000 nodes expanded, weight 2. Best so far 180 moves (the shortest has "
        "at least 70)."
    ) in hub.messages
    shown = figures(web)
    assert shown["Status"] == "solved" and shown["Optimal"] == "not guaranteed"
    assert shown["Length"] == str(found[-1]["length"]) == str(result.length)
    assert shown["Improvements"].startswith(f"{found[0]['length']} (")
    assert shown["Improvements"].count("(") == len(found)
    assert shown["Lower bound"] == str(answer["lower_bound"])
    assert (
        f"Best found: {result.length} moves (stopped after 0.3 s); the shortest has at least "
        f"{answer['lower_bound']}. Playing it back..."
    ) in hub.messages
    panel.playback.stop()
    # the other stages of its progress: shortening a stretch of the best, the proof
    panel.report({**progress, "expanded": 7000, "weight": 1, "segment": [20, 40]})
    assert hub.said == (
        "Searching... 7,000 nodes expanded, shortening moves 21-40. Best so far 180 moves (the "
        "shortest has at least 70)."
    )
    panel.report({**progress, "weight": 1, "segment": None})
    assert hub.said.startswith("Searching... 5,000 nodes expanded, proving it shortest.")


@pytest.mark.slow
def test_idastar_with_two_workers_starts_a_helper_and_shows_the_workers(web: Any, hub: Any) -> None:
    started: list[tuple[str, str]] = []

    class Helper:
        def __init__(self, name: str) -> None:
            self.name = name

        async def join(self, channel: str, name: str) -> dict[str, str]:
            started.append((channel, name))
            return {"name": name}

    async def create_worker(*, src: str, name: str) -> Helper:
        assert src == "./helper.py"
        return Helper(name)

    grid = web.grid.GridView(web.document, hub)
    hub.grid = grid
    navigator = SimpleNamespace(hardwareConcurrency=2, deviceMemory=8)
    controls = web.controls.SearchControls(web.document, hub, navigator)
    bridge = web.bridge.Bridge(web.workers, web.window, create_worker)
    panel = web.solvepanel.SolvePanel(web.document, hub, bridge, grid, controls)
    hub.playback = panel.playback
    panel.enable()
    controls.enable()
    grid.show(Board.parse("1,2,3,4/5,0,6,8/9,10,7,11/13,14,15,12"), Board.goal("standard", 4, 4))
    web.document.getElementById("algorithm").value = "idastar"
    answer = {"status": "solved", "moves": "RDRD", "length": 4, "jobs": 2, "optimal": True}
    progress = {"expanded": 99, "threshold": 6, "workers": 2}
    web.workers["solver"] = solver = Solver(answer, progress)
    solve_now(web, panel)
    (request,) = solver.requests
    assert request["workers"] == 2 and request["team"] == bridge.team_name
    assert started == [(bridge.team_name, "helper-1")]
    assert web.document.body.dataset.helpers == "1"
    assert "Searching... 99 nodes expanded by 2 workers, threshold 6." in hub.messages
    assert figures(web).get("Workers") == "2", figures(web)
    # a board of at most 12 cells is searched by the solver worker alone: no team for it
    grid.show(Board.parse("1,3,4/8,0,5/7,2,6"), Board.goal("snail", 3, 3))
    solver.answer = {**answer, "moves": "DRUULD", "length": 6, "jobs": 1}
    solve_now(web, panel)
    assert "team" not in solver.requests[-1] and "Workers" not in figures(web)
    assert len(started) == 1
    grid.show(Board.parse("1,2,3,4/5,0,6,8/9,10,7,11/13,14,15,12"), Board.goal("standard", 4, 4))
    # one worker: no helper, no team, no Workers figure
    web.document.getElementById("workers").value = "1"
    solver.answer = {**answer, "jobs": 1}
    solve_now(web, panel)
    assert "team" not in solver.requests[-1] and "Workers" not in figures(web)
    assert len(started) == 1
