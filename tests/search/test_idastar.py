"""IDA*'s transposition table: optimal on boards with many short cycles, bounded, exact back."""

from __future__ import annotations

import random

import pytest
from oracles import distances

from npuzzle import Board, make_search, solve
from npuzzle.search import idastar as idastar_module

SHAPES = [(2, 3), (3, 2), (2, 4), (4, 2)]


# h = 0 on the 8-cell shapes takes seconds: slow
NARROW = [
    pytest.param(w, h, name, marks=pytest.mark.slow)
    if name == "zero" and w * h == 8
    else (w, h, name)
    for name in ["zero", "manhattan", "linear-conflict", "misplaced", "pdb"]
    for w, h in SHAPES
]


@pytest.mark.parametrize(("width", "height", "heuristic"), NARROW)
def test_idastar_is_optimal_on_narrow_boards(width, height, heuristic):
    goal = Board.goal("standard", width, height)
    exact = distances(goal.tiles, width, height)
    farthest = max(exact.values())
    boards = [t for t, d in exact.items() if d == farthest]
    boards += random.Random(f"{width}x{height}").sample(sorted(exact), 40)
    for tiles in boards:
        board = Board(width, height, tiles)
        r = solve(board, goal, algorithm="idastar", heuristic=heuristic)
        assert r.status == "solved" and r.optimal
        assert r.length == exact[tiles] and board.apply(r.moves) == goal


def test_the_table_prunes_states_reached_again_and_says_so():
    board = Board.parse("0,9,3,7,1/5,4,8,2,6")
    goal = Board.parse("1,2,3,4,5/6,7,8,9,0")
    search = make_search(board, goal, algorithm="idastar", heuristic="pdb").run()
    assert search.solution is not None and len(search.solution) == 55
    assert search.duplicates > 0 and search.result().to_json()["duplicates"] == search.duplicates


def test_a_state_is_expanded_at_no_larger_g_than_an_earlier_iteration_reached():
    """The table is kept from one iteration to the next, so a longer path to a state an
    earlier iteration reached is pruned at once; the search stays optimal and says why."""
    goal = Board.goal("standard", 3, 2)
    exact = distances(goal.tiles, 3, 2)
    tiles = max(exact, key=exact.__getitem__)
    search = make_search(Board(3, 2, tiles), goal, algorithm="idastar", heuristic="zero")
    earlier: dict[tuple[int, ...], int] = {}  # the smallest g of each state expanded before
    current: dict[tuple[int, ...], int] = {}  # ... and in the iteration under way
    iteration, shorter_known = 1, 0
    while (step := search.step()) is not None:
        if step.iteration != iteration:
            for state, g in current.items():
                earlier[state] = min(g, earlier.get(state, g))
            current, iteration = {}, step.iteration
        if step.node is None or step.goal:
            continue
        node = step.node
        assert node.g <= earlier.get(node.tiles, node.g), (step.number, node)
        current[node.tiles] = min(node.g, current.get(node.tiles, node.g))
        shorter_known += sum(
            1
            for child in step.children
            if child.outcome == "duplicate"
            and child.known_g is not None
            and child.known_g < child.node.g
            and child.node.tiles not in current  # so known from an earlier iteration
        )
    assert search.iteration > 3 and shorter_known > 0
    assert search.solution is not None and len(search.solution) == exact[tiles]


def test_the_table_never_holds_more_than_its_bound_and_stays_optimal(monkeypatch):
    monkeypatch.setattr(idastar_module, "TABLE_ENTRIES", 50)
    goal = Board.goal("standard", 2, 4)
    exact = distances(goal.tiles, 2, 4)
    tiles = max(exact, key=exact.__getitem__)
    search = make_search(Board(2, 4, tiles), goal, algorithm="idastar", heuristic="manhattan")
    seen = 0

    def watch(s):
        nonlocal seen
        seen = max(seen, len(s.table))

    search.run(chunk=7, progress=watch)
    assert 0 < seen <= 50 and len(search.table) <= 50
    assert len(search.solution) == exact[tiles]


def test_stepping_shows_duplicates_and_back_restores_the_table():
    goal = Board.goal("standard", 2, 4)
    exact = distances(goal.tiles, 2, 4)
    tiles = max(exact, key=exact.__getitem__)
    search = make_search(Board(2, 4, tiles), goal, algorithm="idastar", heuristic="manhattan")
    tables, outcomes = [dict(search.table)], set()
    while search.steps < 400 and (step := search.step()) is not None:
        tables.append(dict(search.table))
        outcomes.update(child.outcome for child in step.children)
    assert "duplicate" in outcomes and "pruned" in outcomes
    while search.back():
        assert search.table == tables[search.steps]
    assert search.table == tables[0]
    # and the same steps again, table and all
    for expected in tables[1:60]:
        search.step()
        assert search.table == expected


def test_weighted_idastar_stays_within_w_times_the_shortest():
    goal = Board.goal("standard", 3, 3)
    exact = distances(goal.tiles, 3, 3)
    rng = random.Random(3)
    for tiles in rng.sample(sorted(exact), 30):
        board = Board(3, 3, tiles)
        problem = make_search(board, goal, algorithm="idastar").problem
        lengths = []
        for weight in (1, 1.5, 2, 3):
            search = idastar_module.IDAStar(problem, board, goal, weight=weight).run()
            assert board.apply(search.solution) == goal
            assert len(search.solution) <= weight * exact[tiles]
            lengths.append(len(search.solution))
        assert lengths[0] == exact[tiles]
    step = idastar_module.IDAStar(problem, board, goal, weight=2).step()
    assert step.node.f == step.node.g + 2 * step.node.h
    assert all(c.node.f == c.node.g + 2 * c.node.h for c in step.children)


def test_a_bound_ends_idastar_when_its_threshold_reaches_it():
    goal = Board.goal("standard", 3, 3)
    board = Board.parse("8,6,7/2,5,4/3,0,1")  # 31 moves
    problem = make_search(board, goal, algorithm="idastar").problem
    proof = idastar_module.IDAStar(problem, board, goal, bound=31).run()
    assert proof.status == "exhausted" and proof.reason == "no path shorter than 31 moves"
    assert proof.solution is None and proof.threshold == 31
    found = idastar_module.IDAStar(problem, board, goal, bound=33).run()
    assert found.status == "solved" and len(found.solution) == 31
