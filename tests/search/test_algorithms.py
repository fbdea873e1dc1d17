"""What each algorithm is (npuzzle.search.algorithms): names read once into Algorithm, the
priorities' laws, and the searches built from an entry doing what the entry says."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from npuzzle import ALGORITHMS, Algorithm, PuzzleError, make_search, random_board, solve
from npuzzle.search.algorithms import Priority

NAMES = [str(a) for a in Algorithm]
BEST_FIRST = [a for a in ALGORITHMS if not ALGORITHMS[a].walks_paths and a != Algorithm.HUMAN]


def test_every_algorithm_has_its_entry_under_its_own_member():
    assert list(ALGORITHMS) == list(Algorithm)
    assert all(info.name is a for a, info in ALGORITHMS.items())


@given(st.sampled_from(NAMES) | st.text(max_size=10))
def test_a_name_is_an_algorithm_or_refused_with_the_names(name):
    if name in NAMES:
        assert Algorithm.parse(name) is Algorithm(name) and Algorithm.parse(name) == name
    else:
        with pytest.raises(PuzzleError) as caught:
            Algorithm.parse(name)
        # a character that cannot be printed is quoted as '?'
        shown = "".join(c if c.isprintable() else "?" for c in name)
        assert str(caught.value) == (
            f"unknown algorithm {shown!r}: choose one of bfs, dfs, greedy, astar, wastar, "
            "idastar, anytime, human"
        )


finite = st.integers(min_value=0, max_value=10**6)


@given(g=st.integers(0, 500), h=finite, w=st.floats(1, 100))
def test_the_priorities_laws(g, h, w):
    assert Priority.DEPTH.f(g, h, w) == g
    assert Priority.HEURISTIC.f(g, h, w) == h
    assert Priority.SUM.f(g, h, w) == g + h == Priority.WEIGHTED.f(g, h, 1.0)
    assert Priority.WEIGHTED.f(g, h, w) >= Priority.SUM.f(g, h, w)


@pytest.mark.parametrize("algorithm", BEST_FIRST)
def test_a_best_first_search_orders_nodes_by_its_entrys_priority(algorithm):
    info = ALGORITHMS[algorithm]
    search = make_search(random_board(3, 3, seed=11), algorithm=algorithm, weight=2.5)
    weight = 2.5 if info.takes_weight else 1.0
    seen = 0
    for _ in range(30):
        step = search.step()
        assert step is not None and step.node is not None
        for node in [step.node, *(c.node for c in step.children)]:
            assert node.f == info.priority.f(node.g, node.h, weight)
            seen += 1
    assert seen > 60


@pytest.mark.parametrize("algorithm", list(Algorithm))
def test_optimal_and_splittable_are_what_solve_does(algorithm):
    info = ALGORITHMS[algorithm]
    board = random_board(3, 3, seed=4, moves=16)
    shortest = solve(board, algorithm=Algorithm.BFS).length
    heuristic = "manhattan" if info.uses_heuristic else "zero"
    r = solve(board, algorithm=algorithm, heuristic=heuristic, max_nodes=0, max_seconds=60)
    assert r.status == "solved" and r.algorithm is algorithm
    if info.optimal:
        assert r.optimal and r.length == shortest
    elif not info.improves:  # the anytime search is optimal once it has proved it
        assert not r.optimal
    if info.splittable or info.seated:
        assert solve(board, algorithm=algorithm, jobs=2).length == shortest
    else:
        with pytest.raises(PuzzleError, match="only idastar splits"):
            solve(board, algorithm=algorithm, jobs=2)


def test_a_search_that_solves_parts_refuses_a_whole_board_heuristic():
    for algorithm, info in ALGORITHMS.items():
        if info.solves_parts:
            with pytest.raises(PuzzleError, match="solves parts of the board"):
                make_search(random_board(3, 3, seed=1), algorithm=algorithm, heuristic="pdb")
            continue
        make_search(random_board(3, 3, seed=1), algorithm=algorithm, heuristic="pdb")
