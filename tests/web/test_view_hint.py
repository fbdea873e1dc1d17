"""Hint and Moves to solved in CPython: the view against web/worker/worker.py's own ``hint``.

The stand-in worker is the page's worker module itself, run here (its tables come from the
disk cache), behind a gate a test can hold shut to move tiles while the worker "thinks".
Distances and first moves are checked against npuzzle's A*, not against the hint module.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from npuzzle import Board, random_board, solvability, solve
from npuzzle.core.board import INVERSE, TILE_DIRECTIONS

SNAIL = Board.goal("snail", 3, 3)
START = Board.parse("1,3,4/8,0,5/7,2,6")  # 6 moves from the snail goal


class Solver:
    """The worker's exports as the bridge calls them; ``hint`` is web/worker/worker.py's."""

    def __init__(self, worker: Any) -> None:
        self.worker = worker
        self.requests: list[dict[str, Any]] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.fail = False

    async def hint(self, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        await self.gate.wait()
        if self.fail:
            raise RuntimeError("the worker was terminated")
        answer: dict[str, Any] = await self.worker.hint(request)
        return answer

    async def progress(self) -> dict[str, Any]:
        answer: dict[str, Any] = self.worker.progress()
        return {**answer, **self.loading}

    loading: dict[str, Any] = {}  # noqa: RUF012 (a test sets its own)

    def boards(self) -> list[str]:
        return [r["board"] for r in self.requests]


@pytest.fixture
def player(web: Any, hub: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(web.hintview, "DEBOUNCE_SECONDS", 0.01)
    monkeypatch.setattr(web.hintview, "RETRY_SECONDS", 0.01)
    grid = web.grid.GridView(web.document, hub)
    hub.grid = grid
    bridge = web.bridge.Bridge(web.workers, web.window)
    view = web.hintview.HintView(web.document, hub, bridge, grid)
    hub.hint = view
    web.workers["solver"] = view.solver = Solver(web.worker)
    grid.build()
    view.enable()
    view.connect()
    return view


def play(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


async def settle(view: Any) -> None:
    """Wait until no question is out."""
    while view.task is not None and not view.task.done():
        await asyncio.sleep(0.005)


def distance(web: Any) -> str:
    return str(web.document.getElementById("distance").textContent)


def marked(web: Any) -> list[Any]:
    tiles = web.document.getElementById("grid").querySelectorAll("button.tile")
    return [t for t in tiles if t.classList.contains("hint")]


def optimal(board: Board, goal: Board) -> int:
    length = solve(board, goal, algorithm="astar", heuristic="manhattan").length
    assert length is not None
    return length


def test_moves_to_solved_is_the_optimal_distance_and_hint_marks_a_first_move(
    web: Any, player: Any, hub: Any
) -> None:
    async def scenario() -> None:
        player.grid.show(START, SNAIL)
        assert web.document.getElementById("distance").getAttribute("aria-busy") == "true"
        await settle(player)
        assert distance(web) == f"{optimal(START, SNAIL)} moves from solved"
        assert web.document.getElementById("distance").getAttribute("aria-busy") is None
        assert marked(web) == []  # the tile waits for the button
        web.document.getElementById("hint").click()
        (tile,) = marked(web)
        number, direction = int(tile.dataset.tile), tile.getAttribute("data-hint")
        assert hub.said == f"Hint: slide tile {number} {direction}."
        # that tile's slide is a legal move one step closer, by A*
        (move,) = [m for m in START.legal_moves() if START.move(m).tiles[START.blank] == number]
        assert TILE_DIRECTIONS[move] == direction
        assert optimal(START.move(move), SNAIL) == optimal(START, SNAIL) - 1
        # the next move clears the mark and the distance follows
        other = next(m for m in START.legal_moves() if m != move)
        player.grid.move(other)
        assert marked(web) == []
        await settle(player)
        assert distance(web) == f"{optimal(START.move(other), SNAIL)} moves from solved"

    play(scenario)
    assert web.document.getElementById("hint").disabled is False


def test_hint_before_the_answer_says_it_when_it_comes(web: Any, player: Any, hub: Any) -> None:
    async def scenario() -> None:
        player.solver.gate.clear()
        player.grid.show(START, SNAIL)
        web.document.getElementById("hint").click()
        assert hub.said == "Hint: working it out..."
        await asyncio.sleep(0.05)
        player.solver.gate.set()
        await settle(player)
        (tile,) = marked(web)
        assert hub.said == f"Hint: slide tile {tile.dataset.tile} {tile.getAttribute('data-hint')}."

    play(scenario)


def test_a_stale_answer_is_dropped_and_rapid_moves_ask_once(
    web: Any, player: Any, hub: Any
) -> None:
    async def scenario() -> None:
        solver = player.solver
        solver.gate.clear()  # the worker thinks about the first board...
        player.grid.show(START, SNAIL)
        await asyncio.sleep(0.05)
        assert solver.boards() == [START.format("rows")]
        web.document.getElementById("hint").click()
        board = START
        for _ in range(5):  # ...while the player makes five moves
            move = board.legal_moves()[0]
            player.grid.move(move)
            board = board.move(move)
        solver.gate.set()
        await settle(player)
        # the first board's answer was dropped, the boards in between never asked about
        assert solver.boards() == [START.format("rows"), board.format("rows")]
        assert distance(web) == f"{optimal(board, SNAIL)} moves from solved"
        assert marked(web) == []  # Hint was for a board no longer shown
        assert not any(m.startswith("Hint: slide") for m in hub.messages)

    play(scenario)


def test_a_move_away_and_back_shows_the_answer_kept(web: Any, player: Any) -> None:
    async def scenario() -> None:
        player.grid.show(START, SNAIL)
        await settle(player)
        shown = distance(web)
        player.solver.gate.clear()  # the worker is slow to answer about the next board
        move = START.legal_moves()[0]
        player.grid.move(move)
        assert web.document.getElementById("distance").getAttribute("aria-busy") == "true"
        await asyncio.sleep(0.05)
        player.grid.move(INVERSE[move])
        assert distance(web) == shown
        assert web.document.getElementById("distance").getAttribute("aria-busy") is None
        player.solver.gate.set()
        await settle(player)
        assert distance(web) == shown
        assert len(player.solver.requests) == 2  # the first board's answer was kept

    play(scenario)


def test_while_solve_runs_the_hint_waits_then_comes(
    web: Any, player: Any, hub: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    job = web.job.JOB
    monkeypatch.setattr(job, "running", True)
    monkeypatch.setattr(job, "kind", web.protocol.Kind.SOLVE)

    async def scenario() -> None:
        player.grid.show(START, SNAIL)
        web.document.getElementById("hint").click()
        await asyncio.sleep(0.1)
        assert distance(web) == "waits for Solve"
        assert hub.said == "Hint: waits for the solver, busy with Solve."
        asked = len(player.solver.requests)
        assert asked >= 2  # asked again while it waited
        job.running = False  # Solve ended
        await settle(player)
        assert distance(web) == f"{optimal(START, SNAIL)} moves from solved"
        assert hub.said.startswith("Hint: slide tile ")

    play(scenario)


def test_solved_unsolvable_and_not_optimal_boards(web: Any, player: Any, hub: Any) -> None:
    async def scenario() -> None:
        hint = web.document.getElementById("hint")
        player.grid.show(SNAIL, SNAIL)
        assert distance(web) == "Solved"
        hint.click()
        assert hub.said == "The board is solved: no hint needed."
        assert player.solver.requests == []  # the grid knows a solved board
        loyd = Board.parse("1,2,3/4,5,6/8,7,0")
        player.grid.show(loyd, Board.goal("standard", 3, 3))
        await settle(player)
        assert distance(web) == "Cannot be solved (Hint says why)"
        hint.click()
        reason = solvability(loyd, Board.goal("standard", 3, 3)).reason
        assert hub.said == f"No hint: this board cannot be solved: {reason}."
        assert marked(web) == []
        # 5x5: no optimal search in time, the human-like search's move
        big = Board.parse("1,2,3,4,5/6,7,8,9,10/11,12,13,14,15/16,17,18,19,20/21,22,23,0,24")
        big = big.move("U").move("L").move("U").move("L")
        goal = Board.goal("standard", 5, 5)
        player.grid.show(big, goal)
        await settle(player)
        human = solve(big, goal, algorithm="human").moves or ""
        assert distance(web) == f"at most {len(human)} moves (not proven optimal)"
        hint.click()
        (tile,) = marked(web)
        assert int(tile.dataset.tile) == big.move(human[0]).tiles[big.blank]
        assert hub.said.startswith(f"Hint: slide tile {tile.dataset.tile} ")
        assert "not proven optimal" in hub.said

    play(scenario)


def test_errors_are_said_not_raised(web: Any, player: Any, hub: Any) -> None:
    async def scenario() -> None:
        player.solver.fail = True
        player.grid.show(START, SNAIL)
        await settle(player)
        assert distance(web) == "Unknown: the solver did not answer (the worker was terminated)"
        web.document.getElementById("hint").click()
        assert hub.said == "No hint: the solver did not answer (the worker was terminated)."
        player.fail("the solver worker failed to start")
        assert distance(web) == "Unknown: the solver worker failed to start"

    play(scenario)


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({"board": "1,2/3"}, "ragged"),
        ({"board": "1,3,4/8,0,5/7,2,6", "goal": "1,2/3,0"}, "the goal is 2x2 but the board"),
        ({"board": "1,3,4/8,0,5/7,2,6", "goal": "sideways"}, "sideways"),
        ({"goal": "standard"}, "names a board"),
        (None, "names a board"),
        ("1,3,4/8,0,5/7,2,6", "names a board"),
    ],
)
def test_the_worker_answers_bad_requests_with_a_reason(web: Any, request_: Any, words: str) -> None:
    answer = asyncio.run(web.worker.hint(request_))
    assert answer["status"] == "error"
    assert words in answer["reason"]


def test_the_worker_refuses_while_busy_and_answers_json_like_values(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    request = {"board": START.format("rows"), "goal": SNAIL.format("rows")}
    monkeypatch.setattr(web.job.JOB, "running", True)
    monkeypatch.setattr(web.job.JOB, "kind", web.protocol.Kind.LAB)
    assert asyncio.run(web.worker.hint(request)) == {"status": "busy", "kind": "lab"}
    web.job.JOB.running = False
    answer = asyncio.run(web.worker.hint(request))
    assert answer["status"] == "ok" and answer["optimal"] is True
    assert answer["distance"] == optimal(START, SNAIL)
    assert answer["method"] == "exact table"
    assert all(isinstance(v, str | int | float | bool | type(None)) for v in answer.values())


def test_only_a_pressed_hint_may_fetch_the_pattern_databases(web: Any, player: Any) -> None:
    async def scenario() -> None:
        player.grid.show(START, SNAIL)
        await settle(player)
        assert [r["fetch"] for r in player.solver.requests] == [False]  # Moves to solved
        key, answer = player.answer
        # an answer the tables would make optimal (as on a 4x4 before they are loaded)
        player.answer = (key, {**answer, "optimal": False, "advice": "press Hint to fetch"})
        web.document.getElementById("hint").click()
        await settle(player)
        assert [r["fetch"] for r in player.solver.requests] == [False, True]
        assert marked(web) and distance(web) == f"{optimal(START, SNAIL)} moves from solved"
        web.document.getElementById("hint").click()  # answered already: nothing asked
        await settle(player)
        assert len(player.solver.requests) == 2

    play(scenario)


def test_a_pressed_hint_says_how_much_of_the_tables_has_come(
    web: Any, player: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web.hintview, "PROGRESS_SECONDS", 0.01)

    async def scenario() -> None:
        player.grid.show(START, SNAIL)
        await settle(player)
        key, answer = player.answer
        player.answer = (key, {**answer, "optimal": False, "advice": "press Hint to fetch"})
        player.solver.gate.clear()  # the worker fetches: 3.2 of 9.5 MB so far
        player.solver.loading = {"phase": "loading", "loaded": 3_200_000, "total": 9_500_000}
        web.document.getElementById("hint").click()
        await asyncio.sleep(0.1)
        assert distance(web) == "fetching the pattern databases: 3.2 of 9.5 MB"
        player.solver.loading = {}
        player.solver.gate.set()
        await settle(player)
        assert distance(web) == f"{optimal(START, SNAIL)} moves from solved"

    play(scenario)


def test_a_pressed_hint_starts_the_helpers_moves_to_solved_does_not(web: Any, player: Any) -> None:
    started: list[str] = []

    async def create_worker(src: str, name: str) -> Any:
        started.append(name)
        await asyncio.Event().wait()  # still starting when the test ends

    class Alone:  # the worker's hint as if no helper ever joined: it searches alone
        async def hint(self, request: dict[str, Any]) -> Any:
            return await web.worker.hint({k: v for k, v in request.items() if k != "team"})

    player.bridge.create_worker = create_worker
    player.workers = lambda: 2  # the Workers setting
    player.solver.worker = Alone()

    async def press(board: Board) -> dict[str, Any]:
        player.grid.show(board, Board.goal("standard", board.width, board.height))
        await settle(player)
        key, answer = player.answer
        # not proven yet (a hard board): the press asks again
        player.answer = (key, {**answer, "optimal": False, "resumable": True})
        web.document.getElementById("hint").click()
        await settle(player)
        return player.solver.requests[-1]

    async def scenario() -> None:
        # a 5x5's hint is the human-like search's move: nothing to share
        assert "team" not in await press(random_board(5, 5, seed=3, moves=30))
        assert not started
        # a 4x4: Moves to solved alone (no helper yet), the pressed Hint with them
        asked = await press(random_board(4, 4, seed=3, moves=30))
        moves_to_solved = player.solver.requests[-2]
        assert "team" not in moves_to_solved and not moves_to_solved["fetch"]
        assert asked["fetch"] and asked["team"] and asked["workers"] == 2
        assert started == ["helper-1"]
        assert marked(web)

    play(scenario)
