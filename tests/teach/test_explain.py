"""Sentences for a step: they carry the numbers the engine recorded and the lists show."""

from __future__ import annotations

import pytest

from npuzzle import Board, make_search, random_board
from npuzzle.search.bestfirst import TIES_CAP
from npuzzle.teach.explain import TIE_RULES, explain, explain_step, number

CASES = [
    ("astar", "manhattan", random_board(3, 3, seed=31), {}),
    ("astar", "misplaced-blank", random_board(3, 3, seed=9), {}),  # updates open nodes
    ("wastar", "linear-conflict", random_board(3, 3, seed=32), {"weight": 2.5}),
    ("greedy", "manhattan", random_board(3, 3, seed=33), {"tie_break": "lifo"}),
    ("bfs", "zero", random_board(2, 3, seed=34), {}),
    ("dfs", "zero", random_board(3, 3, seed=35), {"depth_limit": 6}),
    ("idastar", "manhattan", random_board(3, 3, seed=36), {}),
    ("idastar", "linear-conflict", random_board(4, 2, seed=13), {}),  # duplicates
    ("astar", "euclidean", random_board(3, 3, seed=37), {"tie_break": "low-g"}),
    ("human", "manhattan", random_board(4, 4, seed=38), {}),
]

DIRECTIONS = {1: "right", -1: "left"}


def _slid(parent: tuple[int, ...], child: tuple[int, ...], width: int) -> tuple[int, str]:
    """The tile that moved between two boards and where it went, by comparing them."""
    (tile,) = {t for t, u in zip(parent, child, strict=True) if t != u and t != 0}
    p = next(i for i, t in enumerate(parent) if t == tile and child[i] != tile)
    q = next(i for i, t in enumerate(child) if t == tile and parent[i] != tile)
    direction = {width: "down", -width: "up"}.get(q - p) or DIRECTIONS[q - p]
    return tile, direction


@pytest.mark.parametrize(("algorithm", "heuristic", "board", "options"), CASES)
def test_sentences_carry_the_steps_numbers(algorithm, heuristic, board, options):
    search = make_search(board, algorithm=algorithm, heuristic=heuristic, **options)
    width = board.width
    seen: set[str] = set()
    for _ in range(400):
        before = search.open_list(0, 10**6)
        phase = search.counters().get("phase")
        step = search.step()
        if step is None:
            break
        ex = explain_step(search, step)
        assert explain(search, step) == ex.sentences()
        text = " ".join(ex.choice)
        node = step.node
        if node is None:  # a depth-limited search ran out
            assert text.startswith(f"Step {step.number}: nothing is left to search")
            break
        assert f"Step {step.number}" in text
        assert number(node.f if algorithm != "greedy" else node.h) in text
        if node.g:
            assert f"(depth {node.g})" in text
        if algorithm in ("astar", "wastar", "human") and node.g:
            assert f"{node.g} + " in text and number(node.h) in text
        if algorithm == "wastar":
            assert f"{number(2.5)}·{number(node.h)}" in text
        if algorithm == "idastar":
            assert number(step.threshold) in text
            if node.g == 0:
                assert f"iteration {step.iteration} starts" in text
        # ties: counted again from the open list as it stood before the step
        if step.ties is not None and (algorithm != "human" or step.phase == phase):
            tied = sum(n.f == node.f for n in before) - 1
            if tied == 0:
                assert "only open node" in text
            else:
                capped = f"More than {TIES_CAP:,}"
                assert f"{min(tied, TIES_CAP):,} other open node" in text or capped in text
                if algorithm not in ("bfs", "dfs", "human"):
                    assert TIE_RULES[search.tie_break] in text
        assert len(ex.children) == len(step.children)
        for child, sentence in zip(step.children, ex.children, strict=True):
            tile, direction = _slid(node.tiles, child.node.tiles, width)
            if tile > 0:
                assert sentence.startswith(f"Tile {tile} slides {direction}: ")
            assert str(child.node.g) in sentence
            seen.add(child.outcome)
            if child.outcome in ("duplicate", "updated", "reopened"):
                assert f"g = {child.known_g}" in sentence
            if child.outcome in ("updated", "reopened"):
                assert f"from {child.known_g} to {child.node.g}" in sentence
            if child.outcome == "pruned":
                if algorithm == "idastar":
                    assert (
                        f"{number(child.node.f)} > threshold {number(step.threshold)}" in sentence
                    )
                else:
                    assert f"depth limit of {options['depth_limit']}" in sentence
            if child.outcome == "added":
                assert number(child.node.f) in sentence
        if step.goal:
            assert ex.end
            if step.status == "solved":
                assert f"solved in {len(search.solution)} moves" in ex.end[0]
                assert ("a shortest solution" in ex.end[0]) == search.optimal
    assert "added" in seen
    if algorithm == "idastar":
        assert "pruned" in seen
    if heuristic == "misplaced-blank":
        assert "updated" in seen


def test_a_search_that_runs_out_says_why():
    search = make_search(Board.parse("867 254 3b1"), algorithm="dfs", depth_limit=3)
    while search.step() is not None:
        pass
    last = search.last_step
    assert last is not None and last.node is None
    assert explain(search) == [f"Step {last.number}: nothing is left to search: {search.reason}."]
    assert "depth limit of 3" in search.reason


def test_before_any_step_the_start_is_waiting():
    search = make_search(random_board(3, 3, seed=1))
    assert explain(search) == ["No step has been taken yet: the open list holds the start."]


@pytest.mark.slow
def test_the_anytime_search_explains_its_phase_and_a_shorter_stretch():
    goal = Board.goal("standard", 5, 5)
    board = random_board(5, 5, seed=8, goal=goal)
    search = make_search(board, goal, algorithm="anytime", heuristic="linear-conflict")
    first = explain_step(search, search.step()).sentences()
    assert first[0] == f"Phase 1: {search.runs[0][0].describe()}."
    assert "f = g + w·h = 0 + 3·" in first[1]  # the first phase is IDA* under 3·h
    for _ in range(50_000):  # until a stretch of the first solution has a shorter way
        step = search.step()
        phase = search.runs[step.phase - 1][0]
        if phase.segment is not None and step.goal:
            break
    i, j = phase.segment
    sentences = explain_step(search, step).sentences()
    assert sentences[0].startswith(
        f"Phase {step.phase}: IDA* under linear-conflict for a shorter way through moves "
        f"{i + 1} to {j} of the best, {j - i} moves"
    )
    assert step.node.g < j - i and sentences[-1] == (
        f"A way of {step.node.g} moves through this stretch of the best solution, shorter "
        f"than its {j - i}: it takes the stretch's place."
    )


def test_a_window_whose_way_is_no_shorter_is_explained_so(monkeypatch, tables_4x4):
    from npuzzle.search import anytime

    for name, budget in (("FIRST_BUDGET", 40), ("WINDOW_BUDGET", 30), ("SEGMENT_BUDGET", 40)):
        monkeypatch.setattr(anytime, name, budget)
    board = random_board(4, 4, seed=6, moves=32)  # windows under the tables
    search = make_search(board, algorithm="anytime", heuristic="pdb")
    while (step := search.step()) is not None:
        phase = search.runs[step.phase - 1][0]
        if phase.segment is not None and phase.weight != 1 and step.goal:
            i, j = phase.segment
            if step.node.g >= j - i:
                break
    else:
        raise AssertionError("no window met a way as long as its stretch")
    sentences = explain_step(search, step).sentences()
    assert sentences[0].startswith(f"Phase {step.phase}: IDA* under {phase.weight:g}·pdb ")
    assert sentences[-1] == (
        f"A way of {step.node.g} moves through this stretch of the best solution, no shorter "
        f"than its {j - i}: the best keeps its own."
    )
