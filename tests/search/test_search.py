"""Searches: optimal lengths against exact distances, valid solutions, counters, limits."""

from __future__ import annotations

import random

import pytest
from oracles import distances

from npuzzle import ALGORITHMS, HEURISTICS, Board, ebf_exact, make_search, random_board, solve

KUNKLE_LENGTHS = [6, 14, 16, 16, 4, 28]  # Kunkle 2001, his results pages
OPTIMAL = ["bfs", "astar", "idastar"]
PROVED = [*OPTIMAL, "anytime"]  # the anytime search ends with a proof within its 10 s here


def test_kunkle_boards_are_solved_optimally_by_every_optimal_search(kunkle_pairs):
    for (start, goal), length in zip(kunkle_pairs, KUNKLE_LENGTHS, strict=True):
        for algorithm in OPTIMAL:
            heuristics = ("manhattan", "reversal", "linear-conflict")
            if algorithm == "bfs":
                heuristics = ("zero",)
            elif algorithm == "astar":
                heuristics += ("misplaced",)
            for heuristic in heuristics:
                r = solve(start, goal, algorithm=algorithm, heuristic=heuristic)
                assert r.status == "solved" and r.optimal
                assert r.length == length, (start, algorithm, heuristic)
                assert Board.parse(start).apply(r.moves) == Board.parse(goal)


@pytest.mark.parametrize(
    "goal_name",
    [
        pytest.param("standard", marks=pytest.mark.slow),
        "snail",
        pytest.param("blank-first", marks=pytest.mark.slow),
    ],
)
def test_optimal_searches_match_exact_distances_on_random_boards(goal_name):
    goal = Board.goal(goal_name, 3, 3)
    exact = distances(goal.tiles, 3, 3)
    weak = ("zero", "blind", "misplaced")  # slow on deep boards: fewer of them
    for seed in range(10):
        board = random_board(3, 3, seed=seed, goal=goal)
        for algorithm in OPTIMAL:
            heuristics = (
                ["zero"]
                if algorithm == "bfs"
                else [n for n, c in HEURISTICS.items() if c.info.admissible]
            )
            for heuristic in heuristics:
                if heuristic in weak and (seed > 1 or algorithm == "idastar"):
                    continue  # IDA* with h in {0, 1} is exponential: correct but slow
                r = solve(board, goal, algorithm=algorithm, heuristic=heuristic)
                assert r.length == exact[board.tiles], (seed, algorithm, heuristic)
                assert board.apply(r.moves) == goal


@pytest.mark.slow
def test_optimal_lengths_on_rectangular_boards():
    for w, h in ((2, 3), (3, 2), (2, 4), (4, 2)):
        goal = Board.goal("standard", w, h)
        exact = distances(goal.tiles, w, h)
        rng = random.Random(w * 10 + h)
        for tiles in rng.sample(sorted(exact), 20):
            board = Board(w, h, tiles)
            for algorithm in PROVED:
                r = solve(board, goal, algorithm=algorithm, heuristic="linear-conflict")
                assert r.length == exact[tiles]


@pytest.mark.parametrize(
    "algorithm",  # the uninformed searches take seconds
    [pytest.param(a, marks=pytest.mark.slow) if a in ("bfs", "dfs") else a for a in ALGORITHMS],
)
def test_every_algorithm_reaches_the_goal(algorithm):
    for w, h, goal_name in ((3, 3, "standard"), (3, 3, "snail"), (2, 3, "blank-first")):
        goal = Board.goal(goal_name, w, h)
        exact = distances(goal.tiles, w, h)
        for seed in range(4):
            board = random_board(w, h, seed=seed, goal=goal)
            r = solve(board, goal, algorithm=algorithm)
            assert r.status == "solved", r.reason
            assert board.apply(r.moves) == goal
            assert r.length >= exact[board.tiles]
            assert r.optimal == (algorithm in PROVED)


def test_weighted_astar_is_within_its_bound():
    goal = Board.goal("standard", 3, 3)
    exact = distances(goal.tiles, 3, 3)
    for seed in range(15):
        board = random_board(3, 3, seed=seed)
        for w in (1.5, 2, 3):
            r = solve(board, goal, algorithm="wastar", weight=w)
            assert r.length <= w * exact[board.tiles]


def test_human_solves_every_5x5_board_and_larger():
    for seed in range(6):
        for w, h, goal_name in ((5, 5, "standard"), (5, 5, "blank-first"), (6, 4, "snail")):
            goal = Board.goal(goal_name, w, h)
            board = random_board(w, h, seed=seed, goal=goal)
            r = solve(board, goal, algorithm="human")
            assert r.status == "solved", r.reason
            assert board.apply(r.moves) == goal


def test_korf_24_puzzle_by_human_and_weighted_astar():
    from npuzzle.core import reference

    goal = Board.goal("blank-first", 5, 5)
    for instance in reference.korf24()[:3]:
        board = instance.board
        r = solve(board, goal, algorithm="human")
        assert board.apply(r.moves) == goal and r.length >= instance.optimal


@pytest.mark.slow
def test_same_input_gives_the_same_answer_and_counts():
    board = random_board(3, 3, seed=99)
    for algorithm in ALGORITHMS:
        a = solve(board, algorithm=algorithm, heuristic="linear-conflict")
        b = solve(board, algorithm=algorithm, heuristic="linear-conflict")
        assert (a.moves, a.expanded, a.generated, a.max_open) == (
            b.moves,
            b.expanded,
            b.generated,
            b.max_open,
        )


@pytest.mark.slow
def test_better_heuristics_expand_fewer_nodes_on_average():
    boards = [random_board(3, 3, seed=s) for s in range(30)]
    totals = {
        h: sum(solve(b, heuristic=h).expanded for b in boards)
        for h in ("misplaced", "manhattan", "linear-conflict")
    }
    assert totals["misplaced"] > totals["manhattan"] > totals["linear-conflict"]


@pytest.mark.parametrize("tie_break", ["high-g", "low-g", "fifo", "lifo"])
def test_tie_breaks_keep_astar_optimal(tie_break):
    goal = Board.goal("standard", 3, 3)
    exact = distances(goal.tiles, 3, 3)
    for seed in range(8):
        board = random_board(3, 3, seed=seed)
        assert solve(board, algorithm="astar", tie_break=tie_break).length == exact[board.tiles]


def test_node_and_time_limits_answer_with_counts_so_far():
    board = Board.parse("876 1b5 234")
    r = solve(board, "123 8b4 765", algorithm="bfs", max_nodes=500)
    assert r.status == "limit" and r.moves is None and r.expanded == 500 and r.generated > 500
    r = solve(random_board(4, 4, seed=3), algorithm="bfs", max_seconds=0.2)
    assert r.status == "limit" and r.expanded > 0 and r.seconds < 5


def test_unsolvable_board_is_answered_without_search():
    board = Board.parse("1 2 3 4 5 6 8 7 0")
    r = solve(board)
    assert r.status == "unsolvable" and not r.solvable and r.expanded == 0
    assert "inversion" in r.reason


def test_depth_limited_dfs_respects_its_limit():
    board = Board.parse("134 8b5 726")
    goal = Board.parse("123 8b4 765")
    r = solve(board, goal, algorithm="dfs", depth_limit=10)
    assert r.status == "solved" and r.length <= 10 and board.apply(r.moves) == goal
    r = solve(board, goal, algorithm="dfs", depth_limit=4)
    assert r.status == "exhausted" and "depth limit" in r.reason


def test_result_figures_are_consistent():
    r = solve("876 1b5 234", "123 8b4 765")
    assert r.depth == r.length == 28
    assert r.ebf == pytest.approx(ebf_exact(r.generated, 28))
    # b* solves N + 1 = 1 + b* + ... + b*^d
    assert sum(r.ebf**i for i in range(1, 29)) == pytest.approx(r.generated, rel=1e-6)
    assert r.ebf_simple == pytest.approx(r.generated ** (1 / 28))
    data = r.to_json(path=True)
    assert len(data["path"]) == 29 and data["path"][-1] == "1,2,3/8,0,4/7,6,5"


def test_ebf_exact_known_value():
    # Russell & Norvig's worked example: 52 nodes at depth 5 give b* = 1.92
    assert ebf_exact(52, 5) == pytest.approx(1.92, abs=0.005)
    assert ebf_exact(10, 0) is None


def test_depth_first_keeps_one_stack_however_deep_it_goes():
    """Its open list was a bucket per depth (and each push a sorted insert): a depth limit of
    a billion made both grow with the path."""
    board = Board.parse("1,2,3,4/5,6,7,8/9,10,11,12/13,14,0,15")
    search = make_search(board, algorithm="dfs", depth_limit=1_000_000_000)
    search.run(max_nodes=20_000)
    assert search.status == "limit" and search.max_open > 10_000
    assert len(search.buckets) == 1 and len(search.keys) <= 2
