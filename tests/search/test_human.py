"""The human-like search: where library.md's claim holds (every board up to 8x8, few nodes, at
the default weight), and what it says where it does not (a low weight, a node limit)."""

from __future__ import annotations

import pytest

from npuzzle import Board, random_board, solve
from npuzzle.search.human import plan

GOALS = ("standard", "blank-first", "snail")
#: library.md: at most 22,022 expansions on one random board of every shape and goal
NODES = 30_000


def _board(width: int, height: int, goal_name: str) -> tuple[Board, Board]:
    goal = Board.goal(goal_name, width, height)
    return random_board(width, height, seed=f"human:{width}x{height}:{goal_name}", goal=goal), goal


def _solved_within_the_claim(width: int, height: int, goal_name: str) -> None:
    board, goal = _board(width, height, goal_name)
    r = solve(board, goal, algorithm="human")
    assert r.status == "solved" and board.apply(r.moves) == goal, r.reason
    assert r.expanded <= NODES, (width, height, goal_name, r.expanded)


@pytest.mark.parametrize("goal_name", GOALS)
def test_the_largest_boards_take_few_nodes_at_the_default_weight(goal_name):
    _solved_within_the_claim(8, 8, goal_name)


@pytest.mark.slow
@pytest.mark.parametrize("goal_name", GOALS)
@pytest.mark.parametrize("width", range(2, 9))
def test_every_shape_up_to_8x8_takes_few_nodes_at_the_default_weight(width, goal_name):
    for height in range(2, 9):
        _solved_within_the_claim(width, height, goal_name)


def test_a_node_limit_at_a_low_weight_names_the_placement_and_the_weight():
    board, goal = _board(6, 6, "snail")
    r = solve(board, goal, algorithm="human", weight=1, max_nodes=3_000)
    assert r.status == "limit"
    placing = {p.description for p in plan(goal)}
    assert r.reason.split(":")[0] + ":" + r.reason.split(":")[1] in placing
    assert "at weight 1 each placement is close to plain A*" in r.reason
    assert "at weight 3, the default, it takes far fewer nodes" in r.reason
    r = solve(board, goal, algorithm="human", max_nodes=300)  # the default weight: no advice
    assert r.status == "limit" and "weight" not in r.reason
