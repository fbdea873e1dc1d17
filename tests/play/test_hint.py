"""Hints: the hinted slide brings the board one move closer, by an independent count."""

from __future__ import annotations

import pytest
from oracles import distances

from npuzzle import Board, random_board, solve
from npuzzle.play.hint import Hint, hint


def _check_slide(board: Board, h: Hint) -> Board:
    """The hinted slide, checked in players' words against the boards themselves."""
    after = board.move(h.move)
    p, q = board.tiles.index(h.tile), after.tiles.index(h.tile)
    step = {"up": -board.width, "down": board.width, "left": -1, "right": 1}[h.direction]
    assert q - p == step and after.tiles[p] == 0
    return after


@pytest.mark.parametrize(("width", "height"), [(3, 3), (2, 3), (3, 2), (2, 4), (2, 2)])
@pytest.mark.parametrize("goal_name", ["standard", "snail"])
def test_small_boards_get_a_move_of_a_shortest_solution(width, height, goal_name):
    goal = Board.goal(goal_name, width, height)
    dist = distances(goal.tiles, width, height)
    for seed in range(15):
        board = random_board(width, height, seed=seed, goal=goal)
        h = hint(board, goal)
        assert h.solvable and h.optimal and h.distance == dist[board.tiles]
        if h.distance == 0:
            assert h.move is None and h.text == "The board is solved."
            continue
        after = _check_slide(board, h)
        assert dist[after.tiles] == h.distance - 1
        assert f"Slide tile {h.tile} {h.direction}: {h.distance} moves" in h.text


def test_a_solved_board_needs_no_move():
    goal = Board.goal("standard", 4, 4)
    h = hint(goal)
    assert (h.distance, h.move, h.tile, h.optimal) == (0, None, None, True)


def test_an_unsolvable_board_says_why():
    board = Board.parse("1,2,3/4,5,6/8,7,0")
    h = hint(board)
    assert not h.solvable and h.move is None and h.reason
    assert h.text.startswith("This board cannot be solved: ") and h.reason in h.text


def test_a_4x4_board_gets_a_shortest_first_move():
    board = random_board(4, 4, seed=5, moves=30)
    h = hint(board, seconds=30)
    assert h.optimal and h.method.startswith("IDA*")
    shortest = solve(board, algorithm="idastar", heuristic="linear-conflict").length
    assert h.distance == shortest
    after = _check_slide(board, h)
    assert solve(after, algorithm="idastar", heuristic="linear-conflict").length == shortest - 1


@pytest.mark.slow  # IDA* with the 4x4 tables
def test_without_time_for_ida_the_human_like_move_is_given_not_proven():
    board = random_board(4, 4, seed=6)
    h = hint(board, seconds=0)
    assert not h.optimal and h.method == "human-like search"
    human = solve(board, algorithm="human").moves
    assert h.move == human[0] and h.distance == len(human)
    _check_slide(board, h)
    assert "not proven" in h.text
    shortest = solve(board, algorithm="idastar", heuristic="pdb").length
    assert h.lower_bound is not None and h.lower_bound <= shortest <= h.distance


def test_large_boards_get_the_human_like_move():
    board = random_board(5, 5, seed=7)
    h = hint(board)
    assert not h.optimal and h.lower_bound is None
    human = solve(board, algorithm="human").moves
    assert (h.move, h.distance) == (human[0], len(human))
    _check_slide(board, h)
