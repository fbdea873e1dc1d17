"""Each algorithm's pseudocode: every line its steps run is on one row, in the lists' words,
and each line of a step is told in that step's numbers."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from npuzzle import ALGORITHMS, Algorithm, Board, make_search, random_board
from npuzzle.search.records import Line
from npuzzle.teach.pseudocode import lines, pseudocode, said

BOARD = Board.parse("8,6,7/2,5,4/3,0,1")


def stepped(algorithm: Algorithm, board: Board, count: int):  # type: ignore[no-untyped-def]
    """The search of ``algorithm`` and its first ``count`` steps (fewer if it ends)."""
    options = {"depth_limit": 5} if algorithm == Algorithm.DFS else {}
    search = make_search(board, algorithm=algorithm, **options)
    steps = []
    while len(steps) < count and (step := search.step()) is not None:
        steps.append(step)
    return search, steps


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_every_line_a_step_runs_is_on_one_row(algorithm: Algorithm) -> None:
    code = pseudocode(algorithm)
    marked = [row.line for row in code.rows if row.line is not None]
    assert len(marked) == len(set(marked))  # one row a line
    assert Line.START in marked
    board = random_board(4, 4, seed=3) if algorithm == Algorithm.HUMAN else BOARD
    _search, steps = stepped(algorithm, board, 300)
    ran = {line for step in steps for line in step.lines}
    assert ran and ran <= set(marked)
    assert 5 <= len(code.rows) <= 12  # a handful of lines


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_the_rows_name_things_as_the_lists_do(algorithm: Algorithm) -> None:
    text = " ".join(row.text for row in pseudocode(algorithm).rows)
    info = ALGORITHMS[algorithm]
    if algorithm == Algorithm.ANYTIME:
        assert "IDA*" in text and "w·h" in text and "best" in text
    elif info.walks_paths:
        for word in ("threshold", "iteration", "children waiting", "current path", "prune"):
            assert word in text
    else:
        for word in ("open list", "closed list", "expand", "generates", "duplicate"):
            assert word in text
        assert ("prune" in text) == info.stack  # the depth limit


@pytest.mark.parametrize("algorithm", ["astar", "dfs", "idastar", "anytime", "human"])
def test_each_line_of_a_step_is_said_with_its_row_and_numbers(algorithm: str) -> None:
    board = random_board(4, 4, seed=3) if algorithm == "human" else BOARD
    search, steps = stepped(Algorithm(algorithm), board, 25)
    code = pseudocode(search.algorithm)
    step = steps[-1]
    sentences = said(search, step)
    assert len(sentences) == len(step.lines) == len(lines(step))
    for sentence, line in zip(sentences, step.lines, strict=True):
        number = int(re.match(r"Line (\d+): ", sentence).group(1))  # type: ignore[union-attr]
        assert code.rows[number - 1].line == line
    generated = [s for s in sentences if "generated child" in s]
    assert len(generated) == Counter(step.lines)[Line.GENERATE]
    if algorithm == "anytime":  # its phases' lines: a node expanded in the step's phase
        assert generated == [] and f"phase {step.phase}:" in sentences[-1]
        return
    for k, (sentence, child) in enumerate(zip(generated, step.children, strict=True)):
        assert f"child {k + 1} of {len(step.children)}" in sentence
        assert f"f = {child.node.f:g}" in sentence
    if step.node is not None and Line.POP in step.lines:
        assert f"g = {step.node.g}" in sentences[step.lines.index(Line.POP)]


def test_step_zero_stands_at_the_start() -> None:
    for algorithm in ALGORITHMS:
        search = make_search(BOARD if algorithm != "human" else random_board(4, 4, seed=3))
        search = make_search(search.board, algorithm=algorithm)
        code = pseudocode(search.algorithm)
        (sentence,) = said(search, None)
        start = code.row_of(Line.START)
        assert sentence.startswith(f"Line {start + 1}: {code.rows[start].text}")
        assert lines(None) == (Line.START,)


def test_a_pruned_child_is_said_against_the_threshold() -> None:
    search, steps = stepped(Algorithm.IDASTAR, BOARD, 200)
    step = next(s for s in steps if Line.PRUNE in s.lines)
    search.goto(step.number)
    sentence = said(search, step)[step.lines.index(Line.PRUNE)]
    assert f"> threshold {step.threshold:g}: pruned" in sentence


def test_the_json_of_a_pseudocode_names_its_lines() -> None:
    made = pseudocode(Algorithm.ASTAR).to_json()
    rows = made["rows"]
    assert isinstance(rows, list)
    assert [row["line"] for row in rows].count("pop") == 1
    assert rows[1]["line"] is None  # the loop's head: no step stops there
