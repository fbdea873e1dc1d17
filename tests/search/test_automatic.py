"""The Automatic choice (npuzzle.search.automatic): the search the project knows works best."""

from __future__ import annotations

import pytest

from npuzzle import ALGORITHMS, Algorithm, Board, Status, make_search, random_board
from npuzzle.heuristics import pdbbuild
from npuzzle.search.automatic import AUTO, OPTIMAL_UP_TO, automatic

SIZES = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (4, 4), (4, 5), (5, 4), (5, 5)]
GOALS = ["standard", "blank-first", "snail"]


@pytest.mark.parametrize(("width", "height"), [*SIZES, (2, 6), (6, 2), (3, 5), (6, 6)])
@pytest.mark.parametrize("goal_name", GOALS)
def test_a_shape_without_shipped_tables_never_picks_pdb(
    width: int, height: int, goal_name: str
) -> None:
    goal = Board.goal(goal_name, width, height)
    choice = automatic(random_board(width, height, seed="1", goal=goal), goal)
    if choice.heuristic == "pdb":
        assert pdbbuild.shipped(width, height, goal.blank)
    assert automatic(goal, goal, tables=False).heuristic != "pdb"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_optimal_up_to_the_4x4_the_anytime_search_above(width: int, height: int) -> None:
    choice = automatic(Board.goal("standard", width, height))
    if width * height <= OPTIMAL_UP_TO:
        assert choice.algorithm is Algorithm.IDASTAR
        assert ALGORITHMS[choice.algorithm].optimal
        assert ALGORITHMS[choice.algorithm].max_nodes is None  # no node limit to hit
    else:
        assert choice.algorithm is Algorithm.ANYTIME
        assert ALGORITHMS[choice.algorithm].max_seconds  # stops with its best by itself


def test_the_tables_where_the_site_ships_them() -> None:
    snail_4x4, snail_5x5 = Board.goal("snail", 4, 4), Board.goal("snail", 5, 5)
    assert automatic(snail_4x4, snail_4x4).heuristic == "pdb"  # every goal on the 4x4
    assert automatic(Board.goal("standard", 5, 5)).heuristic == "pdb"  # corner goals on 5x5
    assert automatic(snail_5x5, snail_5x5).heuristic == "linear-conflict"  # blank mid-board
    assert automatic(Board.goal("standard", 3, 4)).heuristic == "walking-distance"


def test_the_reason_names_the_search_and_the_size() -> None:
    choice = automatic(Board.goal("standard", 4, 5))
    assert choice.reason.startswith(f"{choice.title}: ")
    assert "4x5" in choice.reason and "10 s" in choice.reason
    assert choice.reason.endswith(".")


@pytest.mark.parametrize(("width", "height"), [(2, 2), (2, 3), (3, 3), (3, 4), (4, 3)])
def test_the_choice_makes_a_search_that_solves(width: int, height: int) -> None:
    board = random_board(width, height, seed="2")
    choice = automatic(board)
    search = make_search(
        board, algorithm=choice.algorithm, heuristic=choice.heuristic, weight=choice.weight
    )
    assert search.run().result().status == Status.SOLVED


def test_auto_is_no_algorithm() -> None:
    assert AUTO not in list(Algorithm)
