"""The player's help in CPython: Undo, Redo, Restart, their keys, tiles in place, the fewest
moves possible, and the player's line once solved (moves, time, the shortest, a challenge).

The stand-in worker's ``hint`` is web/worker/worker.py's own (the shortest length asked about
the start); lengths are checked against npuzzle's A*, not against the hint module."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from npuzzle import Board, solve

START = Board.parse("1,3,4/8,0,5/7,2,6")
GOAL = Board.goal("snail", 3, 3)


class Clock:
    """The view's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Solver:
    """The worker's ``hint`` as the bridge calls it, busy while ``busy`` says so."""

    def __init__(self, worker: Any) -> None:
        self.worker, self.busy = worker, 0
        self.requests: list[dict[str, Any]] = []

    async def hint(self, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        await asyncio.sleep(0)
        if self.busy:
            self.busy -= 1
            return {"status": "busy", "kind": "solve"}
        answer: dict[str, Any] = await self.worker.hint(request)
        return answer


@pytest.fixture
def player(web: Any, hub: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(web.playerview, "RETRY_SECONDS", 0.01)
    grid = web.grid.GridView(web.document, hub)
    hub.grid = grid
    bridge = web.bridge.Bridge(web.workers, web.window)
    web.workers["solver"] = solver = Solver(web.worker)
    view = web.playerview.PlayerView(web.document, hub, grid, bridge, clock=Clock())
    view.solver = solver
    # As the page does: every board the grid shows is the view's, the playback's marked.
    hub.playing_back = False
    hub.grid_changed = lambda: view.board_changed(by_player=not hub.playing_back)
    hub.challenges = []
    hub.share_challenge = lambda board, count: hub.challenges.append((board, count))
    grid.show(START, GOAL)
    view.enable()
    return view


def play(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


async def settle(view: Any) -> None:
    """Until no question about the shortest is out."""
    while view.asking is not None:
        await asyncio.sleep(0.005)


def shortest(board: Board = START) -> int:
    length = solve(board, GOAL, algorithm="astar", heuristic="manhattan").length
    assert length is not None
    return length


def moves_to(board: Board) -> str:
    """A shortest way from ``board`` to the goal, as the blank's moves."""
    return solve(board, GOAL, algorithm="astar", heuristic="manhattan").moves


def slide(view: Any, moves: str, seconds: float = 1.0) -> None:
    """The player makes ``moves``, ``seconds`` apart."""
    for move in moves:
        view.clock.now += seconds
        assert view.grid.move(move)


def text(web: Any, name: str) -> str:
    return str(web.document.getElementById(name).textContent)


def pressed(web: Any, name: str) -> None:
    web.document.getElementById(name).click()


def key(web: Any, target: Any, k: str, **mods: bool) -> Any:
    fields = {"altKey": False, "ctrlKey": False, "metaKey": False, "shiftKey": False, **mods}
    return target.dispatch("keydown", key=k, **fields)


def test_undo_redo_and_restart_walk_the_players_moves(web: Any, player: Any, hub: Any) -> None:
    grid = player.grid
    undo, redo, restart = (web.document.getElementById(n) for n in ("undo", "redo", "restart"))
    player.sync()
    assert undo.disabled and redo.disabled and restart.disabled
    for m in "DRU":
        assert grid.move(m)
    player.sync()  # the page calls it on every board the grid shows (board_changed)
    assert not undo.disabled and redo.disabled
    pressed(web, "undo")
    player.sync()
    assert grid.board == START.path("DR")[-1] and grid.moves == 2
    assert hub.said == "Undid a move: 2 moves made."
    assert web.document.getElementById("moves").textContent == "2"
    assert not redo.disabled
    pressed(web, "redo")
    assert grid.board == START.path("DRU")[-1]
    pressed(web, "restart")
    player.sync()
    assert grid.board == START and grid.moves == 0 and restart.disabled
    assert hub.said == "Back to the start of this puzzle: Redo replays your 3 moves one by one."
    for _ in range(3):
        pressed(web, "redo")
    assert grid.board == START.path("DRU")[-1] and redo.disabled
    player.on_redo(None)  # pressed before the button was disabled
    assert hub.said == "Nothing to redo."


def test_ctrl_z_undoes_and_ctrl_shift_z_redoes_but_not_in_a_text_field(
    web: Any, player: Any
) -> None:
    grid = player.grid
    grid.move("D")
    body = web.document.body
    event = key(web, body, "z", ctrlKey=True)
    assert event.default_prevented and grid.moves == 0
    key(web, body, "Z", ctrlKey=True, shiftKey=True)
    assert grid.moves == 1
    key(web, body, "z", metaKey=True)
    assert grid.moves == 0
    key(web, body, "y", ctrlKey=True)
    assert grid.moves == 1
    field = web.document.getElementById("board-text")
    event = key(web, field, "z", ctrlKey=True)
    assert not event.default_prevented and grid.moves == 1  # the field's own undo


def test_tiles_in_their_goal_cell_are_marked_while_the_toggle_is_on(web: Any, player: Any) -> None:
    box = web.document.getElementById("mark-home")
    box.checked = True
    box.dispatch("change")
    grid = player.grid
    home = {t for cell, t in enumerate(START.tiles) if t and GOAL.tiles[cell] == t}
    assert home == {1, 8, 7}
    marked = {t for t, button in grid.tiles.items() if button.classList.contains("home")}
    assert marked == home
    grid.move("U")  # tile 3 slides down, out of its goal cell
    marked = {t for t, button in grid.tiles.items() if button.classList.contains("home")}
    assert marked == home
    box.checked = False
    box.dispatch("change")
    assert not any(b.classList.contains("home") for b in grid.tiles.values())


def test_the_fewest_moves_are_shown_for_the_puzzles_start_only(web: Any, player: Any) -> None:
    shortest = web.document.getElementById("shortest")
    player.learn(START.move("D"), GOAL, 5)  # another board: not the start
    assert shortest.textContent == ""
    player.learn(START, GOAL, 6)
    assert shortest.textContent == " (shortest: 6)"
    player.grid.move("D")
    player.sync()
    assert shortest.textContent == " (shortest: 6)"  # still this puzzle
    player.grid.show(GOAL, GOAL)
    player.sync()
    assert shortest.textContent == ""


# ----- the player's line ------------------------------------------------------------------


def test_solving_by_hand_shows_moves_time_rate_and_the_shortest_asked_of_the_worker(
    web: Any, player: Any
) -> None:
    way = moves_to(START)
    n = len(way)
    assert n == shortest() == 6

    async def scenario() -> None:
        score, button = (web.document.getElementById(name) for name in ("score", "challenge"))
        assert score.hidden and button.hidden  # nothing to say before a solve
        player.clock.now += 30  # looking before the first move is not timed
        slide(player, way, seconds=1.5)  # the first move starts the clock: 5 gaps of 1.5 s
        assert text(web, "score").startswith(f"Solved in {n} moves and 7.5 s: 0.8 moves a second.")
        await settle(player)
        assert [r["board"] for r in player.solver.requests] == [START.format("rows")]
        assert text(web, "score") == (
            f"Solved in {n} moves and 7.5 s: 0.8 moves a second. "
            f"Your {n} moves: the shortest there is."
        )
        assert not score.hidden and not button.hidden
        assert text(web, "shortest") == f" (shortest: {n})"

    play(scenario)


def test_a_longer_way_is_set_beside_the_shortest_known_before(web: Any, player: Any) -> None:
    async def scenario() -> None:
        player.learn(START, GOAL, shortest())  # a Moves to solved of the start, say
        back = {"U": "D", "D": "U", "L": "R", "R": "L"}
        detour = START.legal_moves()[0]
        way = detour + back[detour] + moves_to(START)
        slide(player, way, seconds=0.5)
        assert player.asking is None and player.solver.requests == []  # known: not asked
        n = len(way)
        assert text(web, "score") == (
            f"Solved in {n} moves and {(n - 1) * 0.5:.1f} s: {n / ((n - 1) * 0.5):.1f} moves "
            f"a second. Your {n} moves; the shortest is {shortest()}."
        )

    play(scenario)


def test_the_shortest_waits_for_a_busy_worker(web: Any, player: Any) -> None:
    async def scenario() -> None:
        player.solver.busy = 2  # Solve runs: asked again until it ends
        slide(player, moves_to(START))
        assert text(web, "score").endswith(" The shortest: working it out...")
        await settle(player)
        assert len(player.solver.requests) == 3
        assert text(web, "score").endswith("the shortest there is.")

    play(scenario)


def test_undo_from_solved_hides_the_score_and_restart_starts_a_new_attempt(
    web: Any, player: Any, hub: Any
) -> None:
    way = moves_to(START)

    async def scenario() -> None:
        player.learn(START, GOAL, len(way))
        slide(player, way, seconds=2.0)
        assert text(web, "score").startswith("Solved in 6 moves and 10.0 s")
        player.clock.now += 60  # looking at the solved board: not timed
        pressed(web, "undo")
        score = web.document.getElementById("score")
        assert score.hidden and text(web, "score") == ""
        player.clock.now += 1
        pressed(web, "redo")  # the clock ran on from the undo: 10 s, then 1 s
        assert text(web, "score").startswith("Solved in 6 moves and 11.0 s")
        pressed(web, "restart")
        assert score.hidden
        assert not web.document.getElementById("challenge").hidden  # solved once: kept
        player.clock.now += 100  # a new attempt: timed from its first move
        slide(player, way, seconds=0.5)
        assert text(web, "score").startswith("Solved in 6 moves and 2.5 s")

    play(scenario)


def test_a_solution_played_back_gets_no_score_until_restart(
    web: Any, player: Any, hub: Any
) -> None:
    way = moves_to(START)

    async def scenario() -> None:
        slide(player, way[:2])
        hub.playing_back = True  # Solve's playback makes the rest
        for move in way[2:]:
            player.grid.slide(move)
        hub.playing_back = False
        assert player.grid.solved
        assert web.document.getElementById("score").hidden
        assert web.document.getElementById("challenge").hidden and player.asking is None
        pressed(web, "restart")
        slide(player, way)
        assert text(web, "score").startswith("Solved in 6 moves and 5.0 s")

    play(scenario)


@pytest.mark.parametrize(
    ("to_beat", "said", "passed_on"),
    [
        (8, "Challenge beaten: 6 moves, 2 fewer than 8.", 6),
        (6, "Challenge met: 6 moves, as asked.", 6),
    ],
)
def test_a_challenge_is_shown_then_judged_and_passed_on(
    web: Any, player: Any, hub: Any, to_beat: int, said: str, passed_on: int
) -> None:
    async def scenario() -> None:
        player.take_challenge(START.move("D"), GOAL, to_beat)  # another board: not taken
        assert player.challenge_for(START, GOAL) is None
        player.take_challenge(START, GOAL, to_beat)
        assert text(web, "score") == f"Challenge: solve it in {to_beat} moves."
        assert player.challenge_for(START, GOAL) == to_beat  # the address keeps it
        slide(player, moves_to(START)[:1])
        assert player.challenge_for(player.grid.board, GOAL) is None  # not of this board
        assert text(web, "score") == f"Challenge: solve it in {to_beat} moves."
        slide(player, moves_to(START)[1:])
        await settle(player)
        assert text(web, "score").endswith(f"the shortest there is. {said}")
        web.document.getElementById("challenge").click()
        assert hub.challenges == [(START, passed_on)]

    play(scenario)


def test_a_challenge_missed_passes_on_the_challenges_count(web: Any, player: Any, hub: Any) -> None:
    async def scenario() -> None:
        player.take_challenge(START, GOAL, 6)
        back = {"U": "D", "D": "U", "L": "R", "R": "L"}
        detour = START.legal_moves()[0]
        slide(player, detour + back[detour] + moves_to(START))
        assert text(web, "score").endswith("Challenge missed by 2 moves: solve it in 6 moves.")
        web.document.getElementById("challenge").click()
        assert hub.challenges == [(START, 6)]
        player.grid.show(GOAL.move(GOAL.legal_moves()[0]), GOAL)  # a new puzzle: no challenge
        assert web.document.getElementById("score").hidden
        assert web.document.getElementById("challenge").hidden

    play(scenario)
