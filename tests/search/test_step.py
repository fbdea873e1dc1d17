"""The step-through engine: one expansion at a time, exact back, same algorithm as run()."""

from __future__ import annotations

import random

import pytest

from npuzzle import ALGORITHMS, Board, make_search, random_board, solve
from npuzzle.search.bestfirst import TIES_CAP

CASES = [
    ("astar", "manhattan", Board.parse("231 7b8 654"), Board.parse("123 8b4 765")),
    ("astar", "misplaced-blank", Board.parse("231 8b4 765"), Board.parse("123 8b4 765")),
    ("wastar", "linear-conflict", random_board(3, 3, seed=4), None),
    ("greedy", "reversal", random_board(3, 3, seed=5), None),
    ("bfs", "zero", Board.parse("134 8b5 726"), Board.parse("123 8b4 765")),
    ("dfs", "zero", Board.parse("283 1b4 765"), Board.parse("123 8b4 765")),
    ("idastar", "manhattan", random_board(3, 3, seed=6), None),
    ("idastar", "euclidean", Board.parse("231 7b8 654"), Board.parse("123 8b4 765")),
    (
        "idastar",
        "walking-distance",
        random_board(3, 3, seed=9, goal=Board.goal("snail", 3, 3)),
        Board.goal("snail", 3, 3),
    ),
    ("idastar", "pdb", random_board(3, 3, seed=10), None),
    pytest.param(  # the 4x4 tables
        "idastar", "pdb", random_board(4, 4, seed=11, moves=30), None, marks=pytest.mark.slow
    ),
    pytest.param(
        "idastar", "linear-conflict", random_board(3, 4, seed=12), None, marks=pytest.mark.slow
    ),
    ("idastar", "linear-conflict", random_board(4, 2, seed=13), None),  # many duplicates
    ("human", "manhattan", random_board(4, 4, seed=7), None),
    pytest.param(
        "astar", "linear-conflict", random_board(3, 4, seed=8), None, marks=pytest.mark.slow
    ),
]


def _view(search):
    return (
        search.counters(),
        search.open_list(0, 30),
        search.open_list(search.open_size - 5, 10),
        search.closed_list(0, 30),
        search.last_step,
    )


def _options(algorithm: str, heuristic: str) -> dict:
    options: dict = {"algorithm": algorithm, "heuristic": heuristic}
    if algorithm == "dfs":
        options["depth_limit"] = 8  # keeps the depth-first case small
    return options


@pytest.mark.parametrize(("algorithm", "heuristic", "board", "goal"), CASES)
def test_stepping_to_the_end_equals_running(algorithm, heuristic, board, goal, request):
    if heuristic == "pdb" and board.size == 16:
        request.getfixturevalue("tables_4x4")
    kwargs = _options(algorithm, heuristic)
    ran = solve(board, goal, **kwargs)
    search = make_search(board, goal, **kwargs)
    steps = 0
    while search.step() is not None:
        steps += 1
        assert steps < 500_000
    assert search.status == ran.status == "solved"
    assert search.solution == ran.moves
    assert (search.expanded, search.generated, search.max_open) == (
        ran.expanded,
        ran.generated,
        ran.max_open,
    )
    assert search.steps == steps


@pytest.mark.parametrize(("algorithm", "heuristic", "board", "goal"), CASES)
def test_back_restores_every_earlier_view_exactly(algorithm, heuristic, board, goal):
    kwargs = _options(algorithm, heuristic)
    search = make_search(board, goal, **kwargs)
    views = [_view(search)]
    while len(views) < 400 and search.step() is not None:
        views.append(_view(search))
    rng = random.Random(algorithm)
    # walk back all the way, checking each view, then jump around
    for k in range(len(views) - 1, -1, -1):
        assert _view(search) == views[k]
        search.back()
    assert search.steps == 0 and not search.back()
    for _ in range(20):
        k = rng.randrange(len(views))
        search.goto(k)
        assert search.steps == k
        assert _view(search) == views[k]
    # after going back, going forward again gives the same steps
    search.goto(0)
    search.goto(len(views) - 1)
    assert _view(search) == views[-1]


def test_open_list_is_in_priority_order_with_f_equal_g_plus_h():
    search = make_search(random_board(4, 4, seed=11), algorithm="astar", heuristic="manhattan")
    for _ in range(300):
        search.step()
    entries = search.open_list(0, search.open_size)
    assert len(entries) == search.open_size > 100
    assert all(e.f == e.g + e.h for e in entries)
    keys = [(e.f, -e.g) for e in entries]
    assert keys == sorted(keys)  # equal f: larger g first (insertion order within)
    assert search.open_list(10, 5) == entries[10:15]
    assert search.open_list(search.open_size, 5) == []


def test_step_records_children_and_their_outcomes():
    search = make_search(
        Board.parse("231 7b8 654"),
        Board.parse("123 8b4 765"),
        algorithm="astar",
        heuristic="manhattan",
    )
    first = search.step()
    assert first.number == 1 and first.node.g == 0 and first.node.move is None
    assert {c.outcome for c in first.children} == {"added"}
    assert len(first.children) == 4  # the blank is in the centre
    seen = {"added"}
    while (step := search.step()) is not None:
        seen |= {c.outcome for c in step.children}
        for child in step.children:
            assert child.node.g == step.node.g + 1
            assert child.node.f == child.node.g + child.node.h
    assert "duplicate" in seen
    assert search.status == "solved"
    assert search.last_step.note.startswith("goal reached")


def test_weighted_and_greedy_priorities():
    board = random_board(3, 3, seed=2)
    for algorithm, f in (
        ("wastar", lambda g, h: g + 3 * h),
        ("greedy", lambda g, h: h),
        ("bfs", lambda g, h: g),
    ):
        search = make_search(board, algorithm=algorithm)
        for _ in range(20):
            search.step()
        entries = search.open_list(0, 1000)
        assert all(e.f == f(e.g, e.h) for e in entries)
        assert [e.f for e in entries] == sorted(e.f for e in entries)


def test_idastar_step_exposes_threshold_and_path():
    search = make_search(
        Board.parse("231 8b4 765"),
        Board.parse("123 8b4 765"),
        algorithm="idastar",
        heuristic="manhattan",
    )
    thresholds = set()
    while search.step() is not None:
        c = search.counters()
        thresholds.add(c["threshold"])
        path = search.closed_list(0, 100)
        assert [n.g for n in path] == list(range(len(path) - 1, -1, -1))
    assert len(thresholds) > 1 and max(thresholds) == 16


def test_every_algorithm_can_be_stepped():
    board = random_board(3, 3, seed=1)
    for algorithm in ALGORITHMS:
        search = make_search(board, algorithm=algorithm)
        assert search.step() is not None
        assert search.steps == 1


def test_a_search_stopped_by_a_limit_resumes_where_it_stopped():
    board = random_board(3, 3, seed=21)
    whole = make_search(board).run()
    search = make_search(board).run(max_nodes=50)
    assert search.status == "limit" and search.expanded == 50
    search.run(max_nodes=120)
    assert search.status == "limit" and search.expanded == 120
    search.run()
    assert search.status == "solved" and search.solution == whole.solution
    assert (search.expanded, search.generated) == (whole.expanded, whole.generated)


# ----- the facts a step records for its explanation -------------------------------------------
FACT_CASES = [
    ("astar", "manhattan", random_board(3, 3, seed=21), None, "high-g"),
    ("astar", "misplaced-blank", random_board(3, 3, seed=9), None, "high-g"),
    ("astar", "misplaced-blank", random_board(3, 3, seed=5), None, "low-g"),
    ("wastar", "linear-conflict", random_board(3, 3, seed=22), None, "fifo"),
    ("greedy", "manhattan", random_board(3, 3, seed=23), None, "lifo"),
    ("bfs", "zero", random_board(2, 3, seed=24), None, "high-g"),
    ("dfs", "zero", random_board(3, 3, seed=25), None, "high-g"),
    ("human", "manhattan", random_board(4, 4, seed=26), None, "high-g"),
]


def _known(search) -> dict[tuple[int, ...], int]:
    """The smallest g each state is known with, read from the open and closed lists."""
    known: dict[tuple[int, ...], int] = {}
    lists = search.open_list(0, 10**6) + search.closed_list(0, 10**6)
    for node in lists:
        known[node.tiles] = min(node.g, known.get(node.tiles, node.g))
    return known


@pytest.mark.parametrize(("algorithm", "heuristic", "board", "goal", "tie_break"), FACT_CASES)
def test_ties_and_known_g_agree_with_the_lists_before_the_step(
    algorithm, heuristic, board, goal, tie_break
):
    kwargs = _options(algorithm, heuristic)
    search = make_search(board, goal, tie_break=tie_break, **kwargs)
    checked = reopened = 0
    for _ in range(300):
        before = search.open_list(0, 10**6)
        known = _known(search)
        phase = search.counters().get("phase")
        step = search.step()
        if step is None:
            break
        if step.node is None:
            assert step.ties is None
            continue
        if algorithm == "human":
            assert step.phase == search.counters()["phase"]
            if step.phase != phase:
                continue  # a new phase began: its lists were not there before the step
        others = [n for n in before if n.f == step.node.f]
        tied = len(others) - 1
        assert step.ties == min(tied, TIES_CAP) and step.ties_capped == (tied > step.ties)
        assert step.goal == (step.status == "solved" or "goal reached" in step.note)
        for child in step.children:
            if child.outcome in ("duplicate", "updated", "reopened"):
                assert child.known_g == known[child.node.tiles]
                reopened += child.outcome != "duplicate"
            else:
                assert child.known_g is None
            checked += 1
    assert checked > 20
    if heuristic == "misplaced-blank" or algorithm == "dfs":
        assert reopened  # shorter paths to known states: an inconsistent h, a depth limit


def test_ties_are_counted_up_to_the_cap(monkeypatch):
    from npuzzle.search import bestfirst

    monkeypatch.setattr(bestfirst, "TIES_CAP", 5)
    search = make_search(random_board(3, 3, seed=27), algorithm="bfs")
    capped = []
    for _ in range(60):
        before = search.open_list(0, 10**6)
        step = search.step()
        if step is None:
            break
        tied = sum(n.f == step.node.f for n in before) - 1
        assert step.ties == min(tied, 5) and step.ties_capped == (tied > 5)
        capped.append(step.ties_capped)
    assert any(capped) and not all(capped)


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict"])
def test_idastar_records_its_threshold_and_what_its_table_knew(heuristic):
    board = random_board(4, 2, seed=13)  # a narrow board: many duplicates
    search = make_search(board, algorithm="idastar", heuristic=heuristic)
    iterations = set()
    dups = 0
    while (step := search.step()) is not None:
        assert step.threshold == search.counters()["threshold"]
        assert step.iteration == search.counters()["iteration"]
        iterations.add(step.iteration)
        for child in step.children:
            assert (child.outcome == "pruned") == (child.node.f > step.threshold)
            if child.outcome == "duplicate":
                dups += 1
                assert child.known_g is not None and child.known_g <= child.node.g
            else:
                assert child.known_g is None
    assert step is None and len(iterations) > 1 and dups > 0
    assert search.last_step is not None and search.last_step.goal


@pytest.mark.parametrize(("algorithm", "heuristic", "board", "goal"), CASES)
def test_a_step_without_a_record_is_the_same_step(algorithm, heuristic, board, goal, request):
    if heuristic == "pdb" and board.size == 16:
        request.getfixturevalue("tables_4x4")
    kwargs = _options(algorithm, heuristic)
    recorded, bare = make_search(board, goal, **kwargs), make_search(board, goal, **kwargs)
    while not recorded.done:
        assert recorded.step() is not None
        assert bare.step(record=False) is None
        assert bare.counters() == recorded.counters()
        assert bare.open_list(0, 5) == recorded.open_list(0, 5)
    assert bare.done and bare.solution == recorded.solution
    assert (bare.unrecorded, recorded.unrecorded) == (recorded.steps, 0)


def test_a_search_goes_back_over_its_recorded_steps_only():
    search = make_search(Board.parse("231 7b8 654"), Board.parse("123 8b4 765"))
    search.step()
    search.step()
    assert search.back() and search.steps == 1
    search.step(record=False)
    assert search.unrecorded == 1
    assert not search.back() and search.steps == 2
