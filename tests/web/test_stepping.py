"""The visualizer's search as the worker holds it (web/worker/stepping.py,
web/worker/outline.py) and the worker's ``steps_*`` calls, in CPython: bounded in time,
described as the engine has it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from npuzzle import Board, make_search
from npuzzle.heuristics import pdbbuild, pdbplan
from npuzzle.teach.tree import SearchTree

START = Board.parse("2,3,1/8,0,4/7,6,5")  # 16 moves from the snail goal
SNAIL = Board.goal("snail", 3, 3)
MEDIUM = Board.parse("7,2,4/5,0,6/8,3,1")  # 20 moves: A* + misplaced tiles takes 2,000 steps
STANDARD = Board.goal("standard", 3, 3)


def session(
    web: Any, board: Board = START, goal: Board = SNAIL, limit: int | None = None, **options: Any
) -> Any:
    def make() -> Any:
        return make_search(board, goal, **{"algorithm": "astar", **options})

    if limit is None:
        return web.stepping.Stepping(make)
    return web.stepping.Stepping(make, limit=limit)


def test_a_call_works_for_its_seconds_and_says_whether_it_arrived(web: Any) -> None:
    stepped = session(web, MEDIUM, STANDARD, heuristic="misplaced")
    assert stepped.go(10**6, 0.0) is False  # no time: one step, then it answers
    assert stepped.search.steps == 1
    calls = 1
    while not stepped.go(10**6, 0.001):
        calls += 1
    twin = make_search(MEDIUM, STANDARD, algorithm="astar", heuristic="misplaced")
    while not twin.done:
        twin.step()
    assert calls > 2 and stepped.search.done and stepped.search.steps == twin.steps
    end = stepped.search.steps
    assert stepped.furthest == end
    assert stepped.go(3, 10.0) is True and stepped.search.steps == 3  # back, exactly
    assert stepped.furthest == end


def test_the_model_is_the_engines_step_lists_and_counters(web: Any) -> None:
    stepped = session(web)
    stepped.go(5, 10.0)
    model = json.loads(json.dumps(stepped.model()))  # as it crosses to the page
    twin = make_search(START, SNAIL, algorithm="astar")
    for _ in range(5):
        twin.step()
    assert model["steps"] == 5 and model["search_status"] == "running"
    assert [n["tiles"] for n in model["open"]] == [list(n.tiles) for n in twin.open_list(0, 40)]
    assert model["open_size"] == twin.open_size
    assert [n["f"] for n in model["closed"]] == [str(n.f) for n in twin.closed_list(0, 40)]
    step = twin.last_step
    assert step is not None and step.node is not None
    assert model["current"]["tiles"] == list(step.node.tiles)
    assert [c["outcome"] for c in model["children"]] == [str(c.outcome) for c in step.children]
    assert model["counters"].startswith(f"Step 5 · expanded {twin.expanded} · ")
    assert model["brief"].startswith("Step 5: ")
    # the tile the move slid: in the node, it stands where its parent had the gap
    tiles = step.node.tiles
    (parent,) = [
        n.tiles
        for n in twin.closed_list(0, 40)
        if sum(a != b for a, b in zip(n.tiles, tiles, strict=True)) == 2
    ]
    assert model["current"]["moved"] == tiles[parent.index(0)]


@pytest.mark.parametrize("algorithm", ["astar", "dfs", "idastar", "anytime"])
def test_the_model_carries_the_pseudocode_lines_the_step_ran(web: Any, algorithm: str) -> None:
    stepped = session(web, algorithm=algorithm)
    code = json.loads(json.dumps(stepped.model()))["pseudocode"]
    rows = [row["line"] for row in code["rows"]]
    assert code["lines"] == ["start"] and len(code["said"]) == 1  # step 0: the start
    assert code["said"][0].startswith(f"Line {rows.index('start') + 1}: ")
    twin = make_search(START, SNAIL, algorithm=algorithm)
    for number in (1, 2, 3, 2):  # on, and Back
        stepped.go(number, 10.0)
        twin.goto(number)
        code = stepped.model()["pseudocode"]
        step = twin.last_step
        assert step is not None and code["lines"] == [str(line) for line in step.lines]
        assert len(code["said"]) == len(code["lines"]) and set(code["lines"]) <= set(rows)


@pytest.mark.parametrize("algorithm", ["idastar", "anytime"])  # the anytime search: IDA* runs
def test_idastar_lists_and_counters_use_its_own_words(web: Any, algorithm: str) -> None:
    stepped = session(web, algorithm=algorithm)
    stepped.go(8, 10.0)
    model = stepped.model()
    assert [w[0] for w in model["words"]] == ["Children waiting", "Current path"]
    assert " · waiting " in model["counters"] and " · on the path " in model["counters"]
    assert "threshold" in model["counters"] or "IDA* under 3·h" in model["counters"]
    # the lists are the IDA* run's: its path, from the start, one node a depth
    path = [int(node["g"]) for node in model["closed"]]
    assert sorted(path, reverse=True) == path == list(range(len(path) - 1, -1, -1))


def test_the_limit_stops_stepping_and_is_said(web: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(web.stepping, "MAX_STEPS", 4)
    stepped = session(web)
    assert stepped.go(100, 10.0) is True  # as far as it may go
    assert stepped.search.steps == 4 and stepped.at_limit
    assert stepped.model()["at_limit"] and not stepped.model()["done"]


def test_past_the_records_it_runs_on_to_the_end_and_back_returns_to_them(web: Any) -> None:
    stepped = session(web, MEDIUM, STANDARD, limit=300, heuristic="misplaced")
    twin = make_search(MEDIUM, STANDARD, algorithm="astar", heuristic="misplaced")
    while not twin.done:
        twin.step()
    while not stepped.go(10**6, 0.01):  # Run to end
        pass
    model = stepped.model()
    assert (model["steps"], model["done"], model["length"]) == (twin.steps, True, 20)
    assert model["recorded_steps"] == 300 and "recorded to step 300" in model["counters"]
    assert model["brief"].startswith(f"Step {twin.steps:,} was taken without a record")
    assert model["why"] == [model["brief"]] and model["current"] is None
    assert model["pseudocode"]["lines"] == []  # no record: no lines to show
    assert model["open_size"] == twin.open_size  # the lists are still the search's
    stepped.outline.catch_up(10.0)
    assert stepped.outline.tree.search.steps == 300  # the tree stays at the records' end
    assert stepped.go(twin.steps - 1, 10.0) is True  # Back: to the last recorded step
    model = stepped.model()
    assert model["steps"] == 300 and model["current"] is not None
    twin.goto(300)
    assert f"expanded {twin.expanded:,} " in model["counters"]
    assert model["open_size"] == twin.open_size


def test_the_outline_grows_in_slices_and_then_selects_the_step(web: Any) -> None:
    stepped = session(web, MEDIUM, STANDARD, heuristic="misplaced")
    stepped.go(2000, 10.0)
    outline = stepped.outline
    assert outline.catch_up(0.0) > 0  # a slice, then it answers
    while outline.catch_up(0.0):
        pass
    fresh = SearchTree(stepped.search)
    assert outline.tree.size == fresh.size
    outline.act("current")
    model = outline.model()
    assert model["selected"] == fresh.current
    assert model["summary"].startswith(f"{fresh.size:,} nodes")
    assert model["scroll"] is not None  # the step's node is far down: the box must scroll
    assert outline.model()["scroll"] is None  # once


def test_the_workers_calls_refuse_bad_requests_with_a_message(web: Any) -> None:
    import asyncio

    worker = web.worker
    answer = json.loads(worker.steps_go({"by": 1}))
    assert answer == {
        "status": "error",
        "message": "Cannot step: the visualizer has no search: Step first.",
    }
    bad = asyncio.run(worker.steps_open({"board": "1,2,3/4,5,6/7,8"}))
    assert json.loads(bad)["message"].startswith("Cannot search: ")
    unsolvable = asyncio.run(worker.steps_open({"board": "1,2,3/4,5,6/8,7,0"}))
    assert json.loads(unsolvable)["message"].startswith("Unsolvable: ")
    # No algorithm: Automatic, IDA* with the 3x3's table (loaded here as the page would fetch it)
    for name in pdbplan.table_names(3, 3, SNAIL.blank):
        pdbbuild.load(name)
    good = json.loads(
        asyncio.run(
            worker.steps_open({"board": START.format("rows"), "goal": SNAIL.format("rows")})
        )
    )
    assert good["status"] == "ok" and good["steps"] == 0
    assert (good["automatic"]["algorithm"], good["automatic"]["heuristic"]) == ("idastar", "pdb")
    assert json.loads(worker.steps_go({"to": "far"}))["message"].startswith("Cannot step: ")
    tree = json.loads(worker.steps_tree({"action": "key", "key": "Home"}))
    assert tree["status"] == "ok" and tree["selected"] == 0


def test_a_single_step_past_the_records_is_taken_in_one_call(web: Any) -> None:
    limit = web.stepping.CATCH_UP + 100  # more than a run catches up in one slice
    stepped = session(web, MEDIUM, STANDARD, limit=limit, heuristic="misplaced")
    assert stepped.go(limit, 10.0)
    assert stepped.go(10**6, 0.0) is False and stepped.search.steps == limit  # a run: a slice
    assert stepped.go(limit + 1, 0.0) is True  # no time, but one step: caught up whole
    assert stepped.search.steps == limit + 1 and stepped.recording.past_records
