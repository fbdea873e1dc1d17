"""One IDA* search split among processes: the same optimal length as one process."""

from __future__ import annotations

import pytest

from npuzzle import Board, PuzzleError, make_search, random_board, solve
from npuzzle.core import reference
from npuzzle.search.algorithms import splits
from npuzzle.search.idastar import IDAStar
from npuzzle.search.split import Memory, Split, Subtree, solve_split


@pytest.mark.parametrize("seed", range(6))
def test_split_search_finds_the_optimal_length_of_one_process(seed):
    board = random_board(4, 4, seed=f"split:{seed}", moves=40)
    goal = Board.goal("standard", 4, 4)
    alone = solve(board, goal, algorithm="idastar", heuristic="manhattan")
    split = solve(board, goal, algorithm="idastar", heuristic="manhattan", jobs=2)
    assert split.status == "solved" and split.optimal
    assert split.length == alone.length
    assert board.apply(split.moves) == goal
    assert split.extra["jobs"] == 2 and split.extra["threshold"] == alone.length
    assert split.generated >= split.expanded > 0


@pytest.mark.parametrize("shape", [(3, 3), (5, 2), (4, 3)])
def test_a_board_of_at_most_12_cells_is_searched_by_one_process(shape):
    # there the one table prunes more than a second process gains (benchmarks/split_boards.py)
    w, h = shape
    board, goal = random_board(w, h, seed=f"split:small{w}x{h}"), Board.goal("standard", w, h)
    assert not splits(w, h) and splits(4, 4)
    alone = solve(board, goal, algorithm="idastar", heuristic="manhattan")
    asked = solve(board, goal, algorithm="idastar", heuristic="manhattan", jobs=2)
    assert asked.status == "solved" and asked.length == alone.length
    assert asked.moves == alone.moves and asked.expanded == alone.expanded
    assert asked.extra["jobs"] == 1 and "jobs" not in alone.extra


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


def test_one_iteration_paused_and_resumed_answers_as_in_one_go():
    board, goal = random_board(4, 4, seed="split:pause", moves=40), Board.goal("standard", 4, 4)
    whole = make_search(board, goal, algorithm="idastar", heuristic="manhattan")
    assert isinstance(whole, IDAStar)
    subtree = Subtree.after(whole, "", int(whole.threshold) + 4)
    at_once, sliced = subtree.search(whole), subtree.search(whole)
    at_once.run()
    pauses = 0
    while sliced.status not in ("solved", "exhausted"):
        sliced.run(max_nodes=sliced.expanded + 7, chunk=7)
        pauses += 1
    assert pauses > 10
    assert at_once.status == sliced.status
    assert subtree.answer(at_once) == subtree.answer(sliced)
    assert sliced.threshold == subtree.threshold  # one iteration: it never rose


@pytest.mark.slow
def test_split_dealt_by_hand_in_any_order_finds_the_optimal_length():
    board, goal = random_board(4, 4, seed="split:hand", moves=60), Board.goal("standard", 4, 4)
    alone = solve(board, goal, algorithm="idastar", heuristic="linear-conflict")
    search = make_search(board, goal, algorithm="idastar", heuristic="linear-conflict")
    assert isinstance(search, IDAStar)
    split = Split(search, 3, per_worker=4)
    sizes = []
    while subtrees := split.next_iteration():
        sizes.append(len(subtrees))
        for subtree in reversed(subtrees):  # the last first: answers come in any order
            sub = subtree.search(search)
            sub.run()
            if split.take(subtree.answer(sub)):
                break
    result = split.result()
    assert result.status == "solved" and result.length == alone.length
    assert board.apply(result.moves) == goal
    # small iterations come whole (their root); the larger ones in at least 12 pieces
    assert sizes[0] == 1 and max(sizes) >= 12
    assert result.extra["iterations"] == len(sizes) and result.extra["jobs"] == 3


def test_a_split_of_a_solved_board_or_a_stopped_one_says_so():
    goal = Board.goal("standard", 3, 3)
    solved = Split(make_search(goal, goal, algorithm="idastar"), 2)  # type: ignore[arg-type]
    assert solved.next_iteration() == [] and solved.result().moves == ""
    board = random_board(3, 3, seed="split:stop")
    stopped = Split(make_search(board, goal, algorithm="idastar"), 2)  # type: ignore[arg-type]
    assert stopped.next_iteration()
    r = stopped.result("stopped after 1 s")
    assert r.status == "limit" and r.reason == "stopped after 1 s" and r.moves is None


@pytest.mark.parametrize("seed", range(4))
def test_the_next_iteration_searched_before_this_one_ends_keeps_the_length_optimal(seed):
    # workers one iteration ahead: the next iteration's subtrees answered first, each
    # worker's table kept over both iterations
    board, goal = (
        random_board(4, 4, seed=f"split:ahead{seed}", moves=50),
        Board.goal("standard", 4, 4),
    )
    alone = solve(board, goal, algorithm="idastar", heuristic="linear-conflict")
    search = make_search(board, goal, algorithm="idastar", heuristic="linear-conflict")
    assert isinstance(search, IDAStar)
    split = Split(search, 2, per_worker=3, split_from=0)
    memories = [Memory(), Memory()]
    ahead = 0
    while not split.ended:
        this = split.next_iteration()
        following = split.next_iteration()  # made before any answer of this one
        assert split.next_iteration() == [] or split.ended  # never two iterations ahead
        ahead += bool(this and following)
        for n, subtree in enumerate(following[::-1] + this[::-1]):
            sub = subtree.search(search, memories[n % 2])
            sub.run()
            if split.take(subtree.answer(sub)):
                break
    result = split.result()
    assert ahead and result.status == "solved" and result.length == alone.length
    assert board.apply(result.moves) == goal
    assert result.extra["threshold"] == alone.length


def test_a_workers_memory_is_kept_over_iterations_but_not_lent_to_an_earlier_one():
    memory = Memory()
    table = memory.table_for(40)
    table[7] = 1
    assert memory.table_for(40) is table and memory.table_for(42) is table
    earlier = memory.table_for(40)  # redone after a later iteration: its own table
    assert earlier is not table and not earlier
    assert memory.table_for(42) is table and table[7] == 1


def test_a_shared_table_searches_fewer_nodes_than_a_table_per_subtree():
    board, goal = random_board(4, 4, seed="split:memory", moves=120), Board.goal("standard", 4, 4)
    counts = []
    for memory in (None, Memory()):
        search = make_search(board, goal, algorithm="idastar", heuristic="linear-conflict")
        assert isinstance(search, IDAStar)
        split = Split(search, 2, per_worker=8, split_from=0)
        while subtrees := split.next_iteration():
            for subtree in subtrees:
                sub = subtree.search(search, memory)
                sub.run()
                if split.take(subtree.answer(sub)):
                    break
        counts.append(split.result())
    fresh, shared = counts
    assert fresh.length == shared.length
    assert shared.generated < 0.95 * fresh.generated
