"""Solvability against brute-force reachability, and spot checks on larger boards."""

from __future__ import annotations

import random
from itertools import permutations
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import distances, neighbours

from npuzzle import Board, PuzzleError, is_solvable, solvability

SMALL = [(2, 2), (2, 3), (3, 2)]
NAMED = ("standard", "blank-first", "snail")


def reachable(goal: tuple[int, ...], width: int, height: int) -> frozenset[tuple[int, ...]]:
    """Every arrangement connected to ``goal`` by blank moves (the graph is undirected)."""
    return frozenset(distances(goal, width, height))


def check_against_bfs(goal: Board) -> None:
    w, h = goal.width, goal.height
    reach = reachable(goal.tiles, w, h)
    assert len(reach) == factorial(w * h) // 2  # the state graph has exactly two components
    for tiles in permutations(range(w * h)):
        board = Board(w, h, tiles)
        verdict = solvability(board, goal)
        expected = tiles in reach
        assert verdict.solvable is expected, (board, goal, verdict.reason)
        assert bool(verdict) is expected
        assert is_solvable(board, goal) is expected
        assert verdict.reason
        if not expected:
            assert "inversion" in verdict.reason


@pytest.mark.parametrize("name", NAMED)
@pytest.mark.parametrize(("width", "height"), SMALL)
def test_named_goals_agree_with_brute_force_reachability(width, height, name):
    check_against_bfs(Board.goal(name, width, height))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(SMALL), st.randoms(use_true_random=False))
def test_random_goals_agree_with_brute_force_reachability(size, rnd):
    width, height = size
    tiles = list(range(width * height))
    rnd.shuffle(tiles)
    check_against_bfs(Board(width, height, tuple(tiles)))


@pytest.mark.parametrize(("width", "height"), SMALL)
def test_exactly_half_of_all_arrangements_are_solvable(width, height):
    goal = Board.goal("standard", width, height)
    n = width * height
    count = sum(is_solvable(Board(width, height, t), goal) for t in permutations(range(n)))
    assert count == factorial(n) // 2


@pytest.mark.parametrize("name", NAMED)
@pytest.mark.parametrize(("width", "height"), [(4, 2), (2, 4)])
def test_sampled_boards_of_eight_cells_agree_with_brute_force(width, height, name):
    """Width 4 is even and wider than 2: sample the 40,320 arrangements against BFS."""
    goal = Board.goal(name, width, height)
    reach = reachable(goal.tiles, width, height)
    assert len(reach) == factorial(width * height) // 2
    rng = random.Random(f"{width}x{height}:{name}")
    tiles = list(range(width * height))
    for _ in range(1500):
        rng.shuffle(tiles)
        board = Board(width, height, tuple(tiles))
        assert is_solvable(board, goal) is (board.tiles in reach), board


def test_examples_from_the_literature():
    snail = Board.goal("snail", 3, 3)
    for text in ("134 8b5 726", "231 7b8 654", "876 1b5 234", "283 1b4 765"):
        assert is_solvable(Board.parse(text), snail)
    standard = Board.goal("standard", 3, 3)
    assert is_solvable(Board.parse("867 254 3b1"), standard)
    # Sam Loyd's 14-15 puzzle: the 15-puzzle with 14 and 15 swapped cannot be solved
    loyd = Board.parse("1,2,3,4/5,6,7,8/9,10,11,12/13,15,14,0")
    verdict = solvability(loyd, Board.goal("standard", 4, 4))
    assert not verdict
    assert "inversion" in verdict.reason


def swap_two_tiles(board: Board, i: int, j: int) -> Board:
    t = list(board.tiles)
    t[i], t[j] = t[j], t[i]
    return Board(board.width, board.height, tuple(t))


def walk(board: Board, steps: int, rng: random.Random) -> Board:
    tiles = board.tiles
    for _ in range(steps):
        tiles = rng.choice(neighbours(tiles, board.width, board.height))
    return Board(board.width, board.height, tiles)


SIDES = st.integers(min_value=2, max_value=8)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([(4, 4)] * 3 + [(3, 3), (5, 5), (3, 4), (4, 3), (2, 7), (8, 8), (6, 5)]),
    st.sampled_from(NAMED),
    st.integers(min_value=0, max_value=200),
    st.randoms(use_true_random=False),
)
def test_random_walks_stay_solvable_and_a_tile_swap_never_is(size, name, steps, rnd):
    width, height = size
    goal = Board.goal(name, width, height)
    board = walk(goal, steps, rnd)
    assert is_solvable(board, goal)
    assert is_solvable(goal, board)  # reachability is symmetric
    cells = [p for p, t in enumerate(board.tiles) if t]
    i, j = rnd.sample(cells, 2)
    swapped = swap_two_tiles(board, i, j)
    verdict = solvability(swapped, goal)
    assert not verdict
    assert not is_solvable(goal, swapped)
    assert "inversion" in verdict.reason
    # and swapping back (or swapping any other pair) makes it solvable again
    k, m = rnd.sample(cells, 2)
    assert is_solvable(swap_two_tiles(swapped, k, m), goal)


@settings(max_examples=40, deadline=None)
@given(SIDES, SIDES, st.randoms(use_true_random=False))
def test_solvability_relative_to_a_custom_goal(width, height, rnd):
    """Two boards a walk apart are mutually solvable whatever goal they stand for."""
    tiles = list(range(width * height))
    rnd.shuffle(tiles)
    goal = Board(width, height, tuple(tiles))
    board = walk(goal, rnd.randrange(60), rnd)
    assert is_solvable(board, goal)
    cells = [p for p, t in enumerate(goal.tiles) if t]
    i, j = rnd.sample(cells, 2)
    assert not is_solvable(board, swap_two_tiles(goal, i, j))


def test_boards_of_different_shapes_are_refused():
    with pytest.raises(PuzzleError, match="3x3"):
        solvability(Board.goal("standard", 3, 3), Board.goal("standard", 4, 4))
    with pytest.raises(PuzzleError, match="2x3"):
        is_solvable(Board.goal("standard", 2, 3), Board.goal("standard", 3, 2))
