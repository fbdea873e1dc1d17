"""Random boards: reproducible, always solvable, uniform, and Riggs's K-move walks."""

from __future__ import annotations

from collections import Counter, deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import distances, neighbours

from npuzzle import Board, PuzzleError, is_solvable, random_board, solve

SIDES = st.integers(min_value=2, max_value=8)
NAMED = ("standard", "blank-first", "snail")


def distance_within(
    start: tuple[int, ...], target: tuple[int, ...], width: int, height: int, limit: int
) -> int | None:
    """Exact distance from start to target by BFS, or None if it is more than ``limit``."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == target:
            return dist[s]
        if dist[s] == limit:
            continue
        for n in neighbours(s, width, height):
            if n not in dist:
                dist[n] = dist[s] + 1
                queue.append(n)
    return None


def goal_for(name_or_seed: str | int, width: int, height: int) -> Board:
    if isinstance(name_or_seed, str):
        return Board.goal(name_or_seed, width, height)
    # any arrangement can be a goal: take a uniform one from an independent generator
    import random

    tiles = list(range(width * height))
    random.Random(name_or_seed).shuffle(tiles)
    return Board(width, height, tuple(tiles))


GOALS = st.one_of(st.sampled_from(NAMED), st.integers(min_value=0, max_value=10**6))
SEEDS = st.one_of(st.integers(min_value=0, max_value=2**40), st.text(max_size=8))


# ----- reproducibility ----------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(SIDES, SIDES, GOALS, SEEDS, st.one_of(st.none(), st.integers(0, 60)))
def test_the_same_seed_gives_the_same_board(width, height, goal_spec, seed, moves):
    goal = goal_for(goal_spec, width, height)
    a = random_board(width, height, seed=seed, goal=goal, moves=moves)
    b = random_board(width, height, seed=seed, goal=goal, moves=moves)
    assert a == b
    assert (a.width, a.height) == (width, height)


@pytest.mark.parametrize(("width", "height"), [(3, 3), (4, 4), (5, 3)])
def test_different_seeds_give_different_boards(width, height):
    uniform = {random_board(width, height, seed=s) for s in range(40)}
    assert len(uniform) >= 38
    walks = {random_board(width, height, seed=s, moves=30) for s in range(40)}
    assert len(walks) >= 20


def test_the_default_goal_is_the_standard_one():
    for seed in range(20):
        board = random_board(2, 3, seed=seed)
        assert board.tiles in distances(Board.goal("standard", 2, 3).tiles, 2, 3)
    assert random_board(3, 3, seed=7, moves=0) == Board.goal("standard", 3, 3)


# ----- solvability ----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(SIDES, SIDES, GOALS, SEEDS)
def test_uniform_boards_are_always_solvable(width, height, goal_spec, seed):
    goal = goal_for(goal_spec, width, height)
    board = random_board(width, height, seed=seed, goal=goal)
    assert sorted(board.tiles) == list(range(width * height))
    assert is_solvable(board, goal)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([(2, 2), (2, 3), (3, 2)]),
    GOALS,
    SEEDS,
    st.one_of(st.none(), st.integers(0, 50)),
)
def test_small_random_boards_are_reachable_by_brute_force(size, goal_spec, seed, moves):
    width, height = size
    goal = goal_for(goal_spec, width, height)
    board = random_board(width, height, seed=seed, goal=goal, moves=moves)
    assert board.tiles in distances(goal.tiles, width, height)


@settings(max_examples=40, deadline=None)
@given(SIDES, SIDES, GOALS, SEEDS, st.integers(0, 300))
def test_walks_are_solvable_on_every_size(width, height, goal_spec, seed, moves):
    goal = goal_for(goal_spec, width, height)
    assert is_solvable(random_board(width, height, seed=seed, goal=goal, moves=moves), goal)


# ----- K-move walks ---------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(SIDES, SIDES, GOALS, SEEDS, st.integers(0, 6))
def test_walks_of_at_most_six_moves_end_exactly_k_moves_away(width, height, goal_spec, seed, k):
    """The state graph's shortest cycle has 12 moves (round a 2x2 block three times), so
    a walk of K <= 6 moves that never undoes its previous move ends exactly K moves away;
    a single undo would bring it at least two moves closer."""
    goal = goal_for(goal_spec, width, height)
    board = random_board(width, height, seed=seed, goal=goal, moves=k)
    assert distance_within(goal.tiles, board.tiles, width, height, k) == k


@pytest.mark.parametrize("name", NAMED)
def test_walks_on_2x2_go_round_the_single_cycle(name):
    """On 2x2 the blank has two moves and one is the undo: a walk without undo goes round
    the 12-board cycle in one direction, so after K moves it is min(K, 12 - K) mod 12 away."""
    goal = Board.goal(name, 2, 2)
    dist = distances(goal.tiles, 2, 2)
    assert len(dist) == 12
    for k in range(40):
        for seed in range(4):
            board = random_board(2, 2, seed=seed, goal=goal, moves=k)
            assert dist[board.tiles] == min(k % 12, 12 - k % 12), (k, seed, board)


@pytest.mark.parametrize(("width", "height"), [(2, 3), (3, 2)])
def test_small_walks_end_within_k_moves_with_the_same_parity(width, height):
    for name in NAMED:
        goal = Board.goal(name, width, height)
        dist = distances(goal.tiles, width, height)
        for k in range(0, 45, 3):
            for seed in range(5):
                board = random_board(width, height, seed=seed, goal=goal, moves=k)
                d = dist[board.tiles]
                assert d <= k and d % 2 == k % 2, (name, k, seed, d)


@pytest.mark.parametrize("k", [7, 10, 15, 20, 25, 30])
def test_3x3_walks_end_within_k_moves_with_the_same_parity(k):
    goal = Board.goal("snail", 3, 3)
    for seed in range(3):
        board = random_board(3, 3, seed=seed, goal=goal, moves=k)
        result = solve(board, goal, algorithm="astar", heuristic="manhattan")
        assert result.status == "solved"
        assert result.length <= k and result.length % 2 == k % 2, (seed, result.moves)
        assert board.apply(result.moves) == goal


# ----- uniformity -----------------------------------------------------------------------------


def chi_square(counts: Counter, cells: int, draws: int) -> float:
    expected = draws / cells
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


@pytest.mark.parametrize("name", NAMED)
def test_2x2_boards_are_uniform_over_the_twelve_solvable_ones(name):
    goal = Board.goal(name, 2, 2)
    solvable = sorted(distances(goal.tiles, 2, 2))
    index = {t: i for i, t in enumerate(solvable)}
    draws = 6000
    counts = Counter(index[random_board(2, 2, seed=s, goal=goal).tiles] for s in range(draws))
    assert len(counts) == 12
    # 11 degrees of freedom: mean 11, and 60 is far beyond any honest fluctuation
    assert chi_square(counts, 12, draws) < 60, counts


def test_3x2_boards_are_uniform_over_the_360_solvable_ones():
    goal = Board.goal("standard", 3, 2)
    solvable = sorted(distances(goal.tiles, 3, 2))
    assert len(solvable) == 360
    index = {t: i for i, t in enumerate(solvable)}
    draws = 360 * 20
    counts = Counter(index[random_board(3, 2, seed=s, goal=goal).tiles] for s in range(draws))
    assert len(counts) >= 355
    # 359 degrees of freedom: mean 359, standard deviation about 27
    assert chi_square(counts, 360, draws) < 520


# ----- bad requests ---------------------------------------------------------------------------


def test_bad_requests_raise_puzzle_error():
    with pytest.raises(PuzzleError, match="3x3"):
        random_board(4, 4, seed=1, goal=Board.goal("standard", 3, 3))
    with pytest.raises(PuzzleError, match="negative"):
        random_board(3, 3, seed=1, moves=-1)
    with pytest.raises(PuzzleError, match="too many moves"):
        random_board(3, 3, seed=1, moves=10**7)
    with pytest.raises(PuzzleError, match="out of range"):
        random_board(9, 3, seed=1)
