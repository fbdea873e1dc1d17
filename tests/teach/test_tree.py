"""The search tree: built from the steps, follows step, back and goto, drawn by windows."""

from __future__ import annotations

import random

import pytest

from npuzzle import make_search, random_board
from npuzzle.teach.tree import SearchTree, TreeState

CASES = [
    ("astar", "manhattan", random_board(3, 3, seed=41), {}),
    ("astar", "misplaced-blank", random_board(3, 3, seed=9), {}),  # updated open nodes
    ("wastar", "linear-conflict", random_board(3, 3, seed=42), {}),
    ("greedy", "manhattan", random_board(3, 3, seed=43), {"tie_break": "lifo"}),
    ("bfs", "zero", random_board(2, 3, seed=44), {}),
    ("dfs", "zero", random_board(3, 3, seed=45), {"depth_limit": 7}),  # reopens, prunes
    ("idastar", "manhattan", random_board(3, 3, seed=46), {}),
    ("idastar", "linear-conflict", random_board(4, 2, seed=13), {}),
    ("human", "manhattan", random_board(4, 4, seed=47), {}),
]


def _search(algorithm, heuristic, board, options):
    return make_search(board, algorithm=algorithm, heuristic=heuristic, **options)


def _outline(tree: SearchTree, collapsed=frozenset()) -> list:
    """Every row, by a plain recursive walk of children() (not by visible_rows)."""
    out = []

    def walk(id: int) -> None:
        out.append(tree.find(id, collapsed))
        if id not in collapsed:
            for child in tree.children(id):
                walk(child)

    walk(tree.root)
    return out


def _all_rows(tree: SearchTree, collapsed=frozenset()) -> list:
    return list(tree.visible_rows(collapsed, 0, 10**7).rows)


@pytest.mark.parametrize(("algorithm", "heuristic", "board", "options"), CASES)
def test_a_tree_that_followed_step_back_and_goto_equals_one_built_from_scratch(
    algorithm, heuristic, board, options
):
    search = _search(algorithm, heuristic, board, options)
    tree = SearchTree(search)
    rng = random.Random(1)
    for _ in range(40):
        move = rng.random()
        if move < 0.6:
            for _ in range(rng.randint(1, 15)):
                search.step()
        elif move < 0.8:
            for _ in range(rng.randint(1, 6)):
                search.back()
        else:
            search.goto(rng.randint(0, search.steps + 20))
        tree.sync()
        assert _all_rows(tree) == _all_rows(SearchTree(search))
        assert tree.threshold == search.counters().get("threshold")


@pytest.mark.parametrize(("algorithm", "heuristic", "board", "options"), CASES[:3] + CASES[6:7])
def test_syncing_in_slices_reaches_the_same_tree_and_says_when_it_is_up_to_date(
    algorithm, heuristic, board, options
):
    search = _search(algorithm, heuristic, board, options)
    search.goto(40)
    tree = SearchTree(search, catch_up=False)  # made late: it starts from the root
    assert len(_all_rows(tree)) == 1
    search.goto(0)
    assert tree.sync() and tree.threshold == search.counters().get("threshold")
    before = 0
    for target in (60, 25, 90):
        search.goto(target)
        behind = tree.behind
        assert behind == abs(search.steps - before)  # goto stops early if the search ends
        slices = 0
        while not tree.sync(limit=7):
            slices += 1
            assert 0 < tree.behind <= behind - 7 * slices
        assert tree.behind == 0
        assert slices == max(0, -(-behind // 7) - 1)
        before = search.steps
        assert _all_rows(tree) == _all_rows(SearchTree(search))


@pytest.mark.parametrize(("algorithm", "heuristic", "board", "options"), CASES)
def test_each_step_hangs_its_children_under_the_node_it_took(algorithm, heuristic, board, options):
    search = _search(algorithm, heuristic, board, options)
    tree = SearchTree(search)
    for _ in range(150):
        step = search.step()
        if step is None:
            break
        tree.sync()
        if step.node is None:
            assert tree.current is None
            continue
        current = tree.find(tree.current)
        assert (current.tiles, current.g) == (step.node.tiles, step.node.g)
        assert current.move == step.node.move
        kids = [tree.find(i) for i in tree.children(tree.current)]
        assert [(k.tiles, k.g, k.h, k.f, k.move, k.outcome) for k in kids] == [
            (c.node.tiles, c.node.g, c.node.h, c.node.f, c.node.move, c.outcome)
            for c in step.children
        ]
        path = tree.path_to(tree.current)
        assert path[0] == tree.root and len(path) == step.node.g + 1
        assert all(tree.find(i).on_path for i in path)
        moves = "".join(tree.find(i).move for i in path[1:])
        assert board_after(search, moves) == step.node.tiles
        if step.goal:
            assert all(tree.find(i).state == TreeState.SOLUTION for i in path)
        else:
            assert current.state == TreeState.CURRENT


def board_after(search, moves: str) -> tuple[int, ...]:
    """The tiles after ``moves`` from the tree's root board (its start node)."""
    from npuzzle.core.board import _offsets

    tiles = list(search.start_node().tiles) if search.algorithm != "human" else None
    if tiles is None:  # the human-like search: phases start elsewhere; trust the step
        return search.last_step.node.tiles
    width = search.board.width
    for m in moves:
        b = tiles.index(0)
        q = b + _offsets(width)[m]
        tiles[b], tiles[q] = tiles[q], 0
    return tuple(tiles)


@pytest.mark.parametrize(
    ("algorithm", "heuristic", "board", "options"),
    [
        pytest.param(*c, marks=pytest.mark.slow) if c[0] in ("astar", "greedy") else c
        for c in CASES[:6]
    ],
)
def test_node_counts_match_the_engines_counters(algorithm, heuristic, board, options):
    search = _search(algorithm, heuristic, board, options)
    tree = SearchTree(search)
    for _ in range(200):
        if search.step() is None:
            break
        tree.sync()
        rows = _all_rows(tree)
        assert len(rows) == tree.size
        generated = sum(r.outcome in (None, "added", "updated", "reopened") for r in rows)
        assert generated == search.generated
        assert sum(r.outcome == "duplicate" for r in rows) == search.duplicates
        counts = tree.counts()
        taken = counts[TreeState.EXPANDED] + counts[TreeState.CURRENT] + counts[TreeState.SOLUTION]
        goal = search.last_step.goal
        solution = counts[TreeState.SOLUTION]
        expanded = taken - (1 if goal else 0) if not solution else taken - 1
        assert expanded == search.expanded
        open_rows = [r for r in rows if r.state == TreeState.OPEN]
        assert len(open_rows) == search.open_size
        listed = search.open_list(0, 10**6)
        for r in open_rows[:20]:
            position = tree.open_position(r.id)
            assert (listed[position].tiles, listed[position].g) == (r.tiles, r.g)


@pytest.mark.parametrize("case", [c for c in CASES if c[0] == "idastar"])
def test_idastar_shows_the_current_iteration_only(case):
    search = _search(*case)
    tree = SearchTree(search)
    iteration_steps: list = []
    iterations = set()
    while (step := search.step()) is not None:
        if step.node is not None and step.node.g == 0:
            iteration_steps = []
        iteration_steps.append(step)
        iterations.add(step.iteration)
        tree.sync()
        assert tree.iteration == step.iteration and tree.threshold == step.threshold
        if step.goal:
            assert tree.size == 1 + sum(len(s.children) for s in iteration_steps[:-1])
        else:
            assert tree.size == 1 + sum(len(s.children) for s in iteration_steps)
        rows = _all_rows(tree)
        assert [r.id for r in rows if r.level == 1] == [tree.root]
        assert all(r.f <= tree.threshold for r in rows if r.state != TreeState.PRUNED)
        if not search.done:  # a finished IDA* has no path, so no children waiting
            waiting = {(n.tiles, n.g) for n in search.open_list(0, 10**6)}
            assert {(r.tiles, r.g) for r in rows if r.state == TreeState.OPEN} == waiting
    assert len(iterations) > 1
    assert "".join(tree.find(i).move for i in tree.path_to(tree.current)[1:]) == search.solution


@pytest.mark.parametrize(("algorithm", "heuristic", "board", "options"), CASES)
def test_windows_are_slices_of_the_outline(algorithm, heuristic, board, options):
    search = _search(algorithm, heuristic, board, options)
    tree = SearchTree(search)
    search.goto(120)
    tree.sync()
    rng = random.Random(2)
    ids = [r.id for r in _all_rows(tree)]
    for _ in range(15):
        collapsed = set(rng.sample(ids, min(len(ids), rng.randint(0, 6))))
        collapsed.add(10**9)  # unknown ids are ignored
        outline = _outline(tree, collapsed)
        assert tree.visible_rows(collapsed, 0, 10**7).total == len(outline)
        for offset in (0, 1, len(outline) // 3, len(outline) - 2):
            window = tree.visible_rows(collapsed, offset, 7)
            assert list(window.rows) == outline[max(0, offset) : max(0, offset) + 7]
        for position, row in enumerate(outline):
            assert tree.row_of(row.id, collapsed) == position
            assert row.expanded == (row.has_children and row.id not in collapsed)
        shown = {r.id for r in outline}
        for id in rng.sample(ids, min(10, len(ids))):
            assert (tree.row_of(id, collapsed) is None) == (id not in shown)


@pytest.mark.slow
def test_the_anytime_search_tree_follows_its_runs_as_they_pause_and_go_on(monkeypatch):
    from npuzzle import Board
    from npuzzle.search import anytime

    monkeypatch.setattr(anytime, "FIRST_BUDGET", 40)  # runs pause and go on within a few steps
    goal = Board.goal("blank-first", 4, 4)
    search = make_search(
        random_board(4, 4, seed=5, goal=goal), goal, algorithm="anytime", heuristic="manhattan"
    )
    tree = SearchTree(search)
    runs_gone_on = set()
    for _ in range(1500):
        step = search.step()
        tree.sync()
        assert step is not None and step.node is not None and step.run is not None
        if step.run != step.phase:
            runs_gone_on.add(step.run)  # a paused run went on in a later phase
        path = tree.path_to(tree.current)
        assert len(path) == step.node.g + 1 and tree.find(path[-1]).tiles == step.node.tiles
        moves = "".join(tree.find(i).move for i in path[1:])
        if search.runs[step.phase - 1][0].segment is None:  # (a stretch starts elsewhere)
            assert board_after(search, moves) == step.node.tiles  # each run starts at the board
    assert len(runs_gone_on) >= 3
    rng = random.Random(2)
    for _ in range(15):
        search.goto(rng.randint(0, 1500))
        tree.sync()
        assert _all_rows(tree) == _all_rows(SearchTree(search))
        if search.steps:
            assert tree.phase == search.last_step.phase
