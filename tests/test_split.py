"""One IDA* search split among processes: the same optimal length as one process."""

from __future__ import annotations

import pytest

from npuzzle import Board, PuzzleError, make_search, random_board, reference, solve
from npuzzle.idastar import IDAStar
from npuzzle.split import solve_split


@pytest.mark.parametrize("seed", range(6))
def test_split_search_finds_the_optimal_length_of_one_process(seed):
    board = random_board(3, 3, seed=f"split:{seed}")
    goal = Board.goal("standard", 3, 3)
    alone = solve(board, goal, algorithm="idastar", heuristic="manhattan")
    split = solve(board, goal, algorithm="idastar", heuristic="manhattan", jobs=2)
    assert split.status == "solved" and split.optimal
    assert split.length == alone.length
    assert board.apply(split.moves) == goal
    assert split.extra["jobs"] == 2 and split.extra["threshold"] == alone.length
    assert split.generated >= split.expanded > 0


def test_a_korf_board_split_with_tables(tables_4x4):
    goal = Board.goal("blank-first", 4, 4)
    instance = next(i for i in reference.korf100() if i.ident == 79)
    search = make_search(instance.board, goal, algorithm="idastar", heuristic="pdb")
    assert isinstance(search, IDAStar)
    r = solve_split(search, 3)
    assert r.status == "solved" and r.length == instance.optimal
    assert instance.board.apply(r.moves) == goal


def test_a_split_search_stops_at_its_time_limit():
    board = Board.parse("0,15,14,13/12,11,10,9/8,7,6,5/4,3,2,1")  # far beyond a second
    r = solve(board, algorithm="idastar", heuristic="manhattan", jobs=2, max_seconds=0.5)
    assert r.status == "limit" and "0.5 s" in r.reason and r.seconds < 3


def test_only_idastar_splits_and_node_limits_are_refused():
    board = random_board(3, 3, seed="split")
    with pytest.raises(PuzzleError, match="only idastar"):
        solve(board, algorithm="astar", jobs=2)
    with pytest.raises(PuzzleError, match="max-seconds"):
        solve(board, algorithm="idastar", jobs=2, max_nodes=1000)
