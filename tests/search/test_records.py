"""The lines of pseudocode a step's record names (``Step.lines``), for every algorithm, read
against what the step did as the counters and the lists show it (what was generated, which
children were duplicates or pruned), never against a copy of the engine's own output."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from npuzzle import Board, Status, make_search, random_board
from npuzzle.search.records import Child, Line, Node, Outcome, Result, Step, lines_of

BOARD = Board.parse("8,6,7/2,5,4/3,0,1")  # 31 moves from the standard goal
NEAR = Board.parse("1,2,3/4,0,6/7,5,8")  # 2 moves
BEST_FIRST = ("bfs", "dfs", "greedy", "astar", "wastar")


def children_of(tiles: tuple[int, ...], width: int) -> list[tuple[int, ...]]:
    """The boards one slide from ``tiles``, worked out here from the tiles alone."""
    out = []
    height = len(tiles) // width
    b = tiles.index(0)
    r, c = divmod(b, width)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < height and 0 <= c + dc < width:
            q = (r + dr) * width + c + dc
            t = list(tiles)
            t[b], t[q] = t[q], 0
            out.append(tuple(t))
    return out


def each_child(step: Step) -> list[tuple[Child, Line]]:
    """Each child of the step and the line that followed its GENERATE."""
    pairs = []
    lines = step.lines
    k = 0
    for i, line in enumerate(lines):
        if line == Line.GENERATE:
            pairs.append((step.children[k], lines[i + 1]))
            k += 1
    assert k == len(step.children)
    return pairs


@pytest.mark.parametrize("algorithm", BEST_FIRST)
@pytest.mark.parametrize("board", [BOARD, random_board(3, 3, seed=21)], ids=["far", "random"])
def test_best_first_lines_follow_the_lists_before_the_step(algorithm: str, board: Board) -> None:
    options = {"depth_limit": 6} if algorithm == "dfs" else {}
    search = make_search(board, algorithm=algorithm, heuristic="manhattan", **options)
    seen: Counter[Line] = Counter()
    for _ in range(60):
        if search.done:
            break
        opened = {n.tiles: n.g for n in search.open_list(0, search.open_size)}
        closed = {n.tiles: n.g for n in search.closed_list(0, search.closed_size)}
        before = (search.expanded, search.generated, search.duplicates)
        step = search.step()
        assert step is not None
        lines = Counter(step.lines)
        seen += lines
        assert search.expanded - before[0] == lines[Line.EXPAND]
        assert search.generated - before[1] == lines[Line.PUSH]
        assert search.duplicates - before[2] == lines[Line.DUPLICATE]
        if search.status == Status.SOLVED:
            assert step.lines == (Line.POP, Line.GOAL)
            continue
        assert step.lines[:3] == (Line.POP, Line.GOAL, Line.EXPAND)
        node = step.node
        assert node is not None and node.tiles in opened
        kids = children_of(node.tiles, board.width)
        assert lines[Line.GENERATE] == len(kids)
        assert sorted(c.node.tiles for c in step.children) == sorted(kids)
        for child, line in each_child(step):
            g = node.g + 1
            if algorithm == "dfs" and g > 6:
                expected = Line.PRUNE
            elif child.node.tiles in opened:
                expected = Line.DUPLICATE if opened[child.node.tiles] <= g else Line.PUSH
            elif child.node.tiles in closed and child.node.tiles != node.tiles:
                reopens = algorithm in ("astar", "dfs") and closed[child.node.tiles] > g
                expected = Line.PUSH if reopens else Line.DUPLICATE
            else:
                expected = Line.PUSH
            assert line == expected, (child, line)
    assert seen[Line.GENERATE] > 0 and seen[Line.DUPLICATE] > 0
    if algorithm == "dfs":
        assert seen[Line.PRUNE] > 0  # the depth limit of 6 was reached


def test_the_goal_and_an_exhausted_search_end_their_lines() -> None:
    search = make_search(NEAR, algorithm="astar")
    while (step := search.step()) is not None:
        last = step
    assert search.status == Status.SOLVED
    assert last.lines == (Line.POP, Line.GOAL) and last.goal
    stuck = make_search(BOARD, algorithm="dfs", depth_limit=2)
    while (step := stuck.step()) is not None:
        last = step
    assert stuck.status == Status.EXHAUSTED and last.lines == (Line.EXHAUSTED,)


def test_idastar_lines_follow_its_threshold_and_its_path() -> None:
    search = make_search(random_board(3, 3, seed=22), algorithm="idastar", heuristic="manhattan")
    value = search.heuristic.value
    space = search.space
    seen: Counter[Line] = Counter()
    iteration = 1
    while (step := search.step()) is not None:
        lines = Counter(step.lines)
        seen += lines
        assert lines[Line.ITERATION] == (step.iteration != iteration)
        iteration = step.iteration or 0
        if search.status == Status.SOLVED:
            assert step.lines[-2:] == (Line.POP, Line.GOAL)
            break
        node = step.node
        assert node is not None
        path = search.closed_list(0, search.closed_size)  # deepest first: the node, its parent
        assert path[0].tiles == node.tiles
        kids = children_of(node.tiles, 3)
        if len(path) > 1:
            kids.remove(path[1].tiles)  # IDA* never undoes the last move
        assert lines[Line.GENERATE] == len(kids)
        over = [k for k in kids if node.g + 1 + value(space.pack(k)) > (step.threshold or 0)]
        assert lines[Line.PRUNE] == len(over)
        # what joins the children waiting is on top of them now, the next to try first
        pushed = [c.node.tiles for c, line in each_child(step) if line == Line.PUSH]
        waiting = search.open_list(0, len(pushed))
        assert [n.tiles for n in waiting] == pushed
        assert lines[Line.PUSH] + lines[Line.PRUNE] + lines[Line.DUPLICATE] == len(kids)
    assert search.status == Status.SOLVED
    assert seen[Line.ITERATION] > 0 and seen[Line.PRUNE] > 0 and seen[Line.PUSH] > 0


def test_anytime_lines_are_its_phases() -> None:
    board = random_board(3, 3, seed=23, moves=24)
    search = make_search(board, algorithm="anytime", heuristic="manhattan")
    seen: Counter[Line] = Counter()
    while True:
        best = search.counters()["best"]
        phases = len(search.runs)
        step = search.step()
        if step is None:
            break
        seen += Counter(step.lines)
        phase, _run = search.runs[(step.phase or 0) - 1]
        kinds = [line for line in step.lines if line in (Line.WEIGHTED, Line.SHORTEN, Line.PROOF)]
        if phase.segment is not None:
            assert kinds == [Line.SHORTEN]
        else:
            assert kinds == [Line.PROOF if phase.weight == 1 else Line.WEIGHTED]
        now = search.counters()["best"]
        assert (Line.IMPROVE in step.lines) == (now is not None and (best is None or now < best))
        assert (Line.DONE in step.lines) == search.done
        paused = [r for _p, r in search.runs[phases - 1 : step.phase] if r.status == Status.LIMIT]
        assert (Line.PAUSE in step.lines) == bool(paused and step.phase != phases)
    assert search.status == Status.SOLVED
    assert seen[Line.WEIGHTED] and seen[Line.IMPROVE] and seen[Line.PROOF] and seen[Line.DONE]


def test_human_lines_begin_each_phase() -> None:
    search = make_search(random_board(4, 4, seed=24), algorithm="human")
    phase = 0
    phases = 0
    while (step := search.step()) is not None and phases < 3:
        began = step.phase != phase
        phases += began
        phase = step.phase or 0
        assert (step.lines[0] == Line.PHASE) == began
        assert Counter(step.lines)[Line.GENERATE] == len(step.children)
    assert phases == 3


def test_steps_share_their_sequences_of_lines() -> None:
    node = Node((1, 2, 3, 0), 1, 1, 2, "R")
    one = lines_of((Line.POP,), (Child(node, Outcome.DUPLICATE),))
    assert one == (Line.POP, Line.GENERATE, Line.DUPLICATE)
    assert lines_of((Line.POP,), (Child(node, Outcome.DUPLICATE),)) is one
    assert lines_of((Line.POP,), (Child(node, Outcome.PRUNED),), (Line.DONE,))[-2:] == (
        Line.PRUNE,
        Line.DONE,
    )
    search = make_search(BOARD, algorithm="astar")
    step = search.step()
    assert step is not None and step.to_json()["lines"] == [str(line) for line in step.lines]


@pytest.mark.parametrize("algorithm", ["astar", "idastar", "anytime"])
def test_a_result_comes_back_from_its_json(algorithm: str) -> None:
    search = make_search(BOARD, algorithm=algorithm, heuristic="manhattan")
    search.run(max_nodes=300)  # stopped under way: the anytime search's best so far
    result = search.result()
    back = Result.from_json(json.loads(json.dumps(result.to_json())))
    assert back.to_json() == result.to_json()
    assert back.board == BOARD and back.status is result.status and back.moves == result.moves
    assert back.algorithm is result.algorithm and back.extra == json.loads(json.dumps(result.extra))
