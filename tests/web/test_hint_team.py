"""web/worker/hint_calls.py with the team: a hint's IDA* split with the helpers, stopped by its
time and gone on with, giving way to Solve; and Solve's shortest solutions kept for the hints.

The helpers of web/worker/helper.py run in the same event loop (``test_team.Helpers``); the
hints use linear conflict (the pattern databases are taken for absent), so that the helpers
need no tables and a 4x4 takes long enough to be stopped. Lengths are checked against
npuzzle's own IDA*, searched alone.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from test_team import Helpers, run_with

from npuzzle import Board, random_board, solve

GOAL = Board.goal("standard", 4, 4)
PAGE = "http://127.0.0.1:8000/index.html"


@pytest.fixture
def hints(web: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Short slices, every iteration split, and no pattern databases at hand."""
    monkeypatch.setattr(web.team, "SLICE_SECONDS", 0.0005)
    monkeypatch.setattr(web.team, "CHUNK", 16)
    monkeypatch.setattr(web.hint_calls, "SPLIT_FROM", 0)
    monkeypatch.setattr(web.solve_calls, "SPLIT_FROM", 0)
    monkeypatch.setattr("npuzzle.play.hint._tables_at_hand", lambda goal: False)
    web.hint_calls.HINTS._along.clear()
    web.hint_calls._KEPT.clear()
    return web


def ask(board: Board, *, pressed: bool = True, **more: Any) -> dict[str, Any]:
    return {"board": board.format("rows"), "goal": GOAL.format("rows"), "fetch": pressed,
            "page": PAGE, **more}  # fmt: skip


def shortest(board: Board) -> int:
    return int(solve(board, GOAL, algorithm="idastar", heuristic="linear-conflict").length)


def test_a_pressed_hint_is_split_with_the_helpers_and_optimal(hints):
    web = hints
    board = random_board(4, 4, seed="hint:a60", moves=60)
    helpers = Helpers(web, "h1", ["helper-1"])
    answer = run_with(helpers, web.worker.hint(ask(board, workers=2, team="h1")))
    assert answer["status"] == "ok" and answer["optimal"]
    assert answer["distance"] == shortest(board)
    assert answer["workers"] == 2 and "done" in helpers.kinds("helper-1")
    # the shortest solution is remembered: the next board along it is answered at once
    after = board.move(answer["move"])
    again = asyncio.run(web.worker.hint(ask(after, pressed=False)))
    assert again["optimal"] and again["distance"] == answer["distance"] - 1
    assert again["workers"] == 1


def test_without_helpers_yet_the_shared_hint_searches_alone(hints):
    web = hints
    board = random_board(4, 4, seed="hint:b60", moves=60)
    answer = asyncio.run(web.worker.hint(ask(board, workers=2, team="h2")))
    assert answer["optimal"] and answer["distance"] == shortest(board)
    assert answer["workers"] == 1


def test_a_shared_hint_stopped_by_its_time_goes_on_where_it_stopped(hints, monkeypatch):
    web = hints
    board = random_board(4, 4, seed="hint:c60", moves=60)
    helpers = Helpers(web, "h3", ["helper-1"])
    made: list[Any] = []  # the shared searches, as TEAM.shared makes them
    original = web.job.TEAM.shared

    def shared(*args: Any) -> Any:
        made.append(original(*args))
        return made[-1]

    monkeypatch.setattr(web.job.TEAM, "shared", shared)

    async def presses() -> list[dict[str, Any]]:
        # at once, without a stop; then again, stopped and gone on with round after round
        whole = await web.worker.hint(ask(board, workers=2, team="h3"))
        web.hint_calls.HINTS._along.clear()
        web.hint_calls.PRESSED_SECONDS = 0.1
        answers = [whole, await web.worker.hint(ask(board, workers=2, team="h3"))]
        while not answers[-1]["optimal"]:
            assert answers[-1]["resumable"] and web.hint_calls._KEPT[0].shared is made[1]
            answers.append(await web.worker.hint(ask(board, workers=2, team="h3")))
        return answers

    whole, *answers = run_with(helpers, presses())
    first, last = answers[0], answers[-1]
    assert whole["optimal"] and len(answers) > 2, "the search was stopped and gone on with"
    assert not first["optimal"] and first["lower_bound"] <= last["distance"]
    assert first["text"].startswith(f"Slide tile {first['tile']}")
    assert last["distance"] == whole["distance"] == shortest(board) and last["workers"] == 2
    bounds = [a["lower_bound"] for a in answers[:-1]]
    assert bounds == sorted(bounds)
    assert "done" in helpers.kinds("helper-1")
    # Nothing searched again, nothing skipped: the subtrees stopped under way went on (which
    # worker searches which subtree varies, and with it what the tables prune: a margin). A
    # helper that searched its subtree again from the start would meet the boards it had
    # reached in its table and prune them (about half the nodes, and perhaps the solution).
    stopped, at_once = made[1].split.expanded, made[0].split.expanded
    print(f"nodes stopped {len(answers) - 1} times: {stopped:,}, at once: {at_once:,}")
    assert 0.8 * at_once < stopped < 1.25 * at_once


@pytest.mark.slow
def test_a_solve_pressed_meanwhile_stops_the_shared_hint_which_goes_on_after(hints):
    web = hints
    board = random_board(4, 4, seed="hint:c60", moves=60)
    other = random_board(4, 4, seed="hint:a60", moves=60)
    helpers = Helpers(web, "h4", ["helper-1"])
    solve_request = {
        "board": other.format("rows"),
        "goal": GOAL.format("rows"),
        "algorithm": "idastar",
        "heuristic": "manhattan",
        "page": PAGE,
        "workers": 2,
        "team": "h4",
    }

    async def both() -> tuple[Any, Any, Any]:
        hint = asyncio.ensure_future(web.worker.hint(ask(board, workers=2, team="h4")))
        while not any(m["kind"] == "done" for m in helpers.said):  # the hint is shared
            await asyncio.sleep(0.001)
        solved = await web.worker.solve(solve_request)
        busy = await hint
        again = await web.worker.hint(ask(board, workers=2, team="h4"))
        return busy, solved, again

    busy, solved, again = run_with(helpers, both())
    assert busy == {"status": "busy", "kind": "solve"}
    alone = solve(other, GOAL, algorithm="idastar", heuristic="manhattan")
    assert solved["status"] == "solved" and solved["length"] == alone.length
    assert again["optimal"] and again["distance"] == shortest(board)


def test_a_board_one_move_off_a_known_path_is_one_shared_iteration(hints):
    web = hints
    board = random_board(4, 4, seed="hint:a60", moves=60)
    helpers = Helpers(web, "h5", ["helper-1"])

    async def two() -> tuple[Any, Any, Board]:
        first = await web.worker.hint(ask(board, workers=2, team="h5"))
        # a move off the shortest path: one iteration, under the shorter of its two lengths
        off = next(board.move(m) for m in board.legal_moves() if m != first["move"])
        return first, await web.worker.hint(ask(off, workers=2, team="h5")), off

    first, second, off = run_with(helpers, two())
    assert second["optimal"] and second["distance"] == shortest(off)
    assert abs(second["distance"] - first["distance"]) == 1


@pytest.mark.parametrize(
    ("algorithm", "heuristic", "kept"),
    [
        ("idastar", "manhattan", True),
        ("astar", "linear-conflict", True),
        ("greedy", "manhattan", False),
    ],
)
def test_solves_shortest_solutions_answer_the_hints_at_once(hints, algorithm, heuristic, kept):
    web = hints
    board = random_board(4, 4, seed="hint:a60", moves=60)
    request = {
        "board": board.format("rows"),
        "goal": GOAL.format("rows"),
        "algorithm": algorithm,
        "heuristic": heuristic,
        "page": PAGE,
    }
    solved = asyncio.run(web.worker.solve(request))
    assert solved["status"] == "solved" and solved["optimal"] == kept
    along = board.apply(solved["moves"][:5])
    web.hint_calls.HINT_SECONDS = 0.0  # no time to search: only what is known answers
    for at, left in [(board, solved["length"]), (along, solved["length"] - 5)]:
        answer = asyncio.run(web.worker.hint(ask(at, pressed=False)))
        assert answer["optimal"] == kept
        if kept:
            assert answer["distance"] == left
            assert answer["move"] == solved["moves"][solved["length"] - left]
