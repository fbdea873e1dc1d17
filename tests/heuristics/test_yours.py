"""Your own heuristic: compiled with its budget, its failures in words, installed as ``yours``."""

from __future__ import annotations

import time

import pytest

from npuzzle import Board, heuristic_info, random_board, solve
from npuzzle.core.board import PuzzleError
from npuzzle.core.space import Space
from npuzzle.heuristics import make_heuristic
from npuzzle.heuristics.yours import (
    BUDGET_SECONDS,
    MAX_DEPTH,
    MODULE_BUDGET_SECONDS,
    Fault,
    YoursError,
    compile_heuristic,
    install,
    uninstall,
)

GOAL = Board.goal("standard", 3, 3)
BOARD = Board.parse("134 8b5 726")

MISPLACED = """
def h(tiles, goal, width, height):
    # tiles out of place, the blank not counted
    return sum(1 for t, g in zip(tiles, goal) if t and t != g)
"""


def _fails(source: str, tiles: tuple[int, ...] = BOARD.tiles) -> YoursError:
    with pytest.raises(YoursError) as caught:
        compile_heuristic(source)(tiles, GOAL.tiles, 3, 3)
    return caught.value


def test_a_heuristic_of_yours_gives_the_values_you_wrote():
    mine = compile_heuristic(MISPLACED)
    for seed in range(50):
        tiles = random_board(3, 3, seed=seed).tiles
        assert mine(tiles, GOAL.tiles, 3, 3) == sum(
            1 for t, g in zip(tiles, GOAL.tiles, strict=True) if t and t != g
        )


def test_code_around_h_runs_once_and_h_may_call_your_helpers():
    source = (
        "HOME = {}\n"
        "def far(t, i, goal, width):\n"
        "    j = goal.index(t)\n"
        "    return abs(i % width - j % width) + abs(i // width - j // width)\n"
        "def h(tiles, goal, width, height):\n"
        "    return sum(far(t, i, goal, width) for i, t in enumerate(tiles) if t)\n"
    )
    assert compile_heuristic(source)(BOARD.tiles, GOAL.tiles, 3, 3) == 10  # its Manhattan


@pytest.mark.parametrize(
    ("source", "line", "words"),
    [
        ("def h(tiles, goal, width, height)\n    return 0\n", 1, "SyntaxError"),
        ("x = 1\ndef h(tiles, goal, width, height):\n  return (\n", 3, "SyntaxError"),
    ],
)
def test_a_syntax_error_names_its_line(source, line, words):
    with pytest.raises(YoursError) as caught:
        compile_heuristic(source)
    assert caught.value.fault is Fault.SYNTAX and caught.value.line == line
    assert f"line {line}" in str(caught.value) and words in str(caught.value)


def test_a_source_without_h_says_what_to_define():
    with pytest.raises(YoursError) as caught:
        compile_heuristic("def g(tiles, goal, width, height):\n    return 0\n")
    assert caught.value.fault is Fault.MISSING
    assert "def h(tiles, goal, width, height)" in str(caught.value)


def test_an_exception_names_its_line_its_message_and_the_board():
    error = _fails("def h(tiles, goal, width, height):\n    x = 0\n    return tiles[99]\n")
    assert error.fault is Fault.EXCEPTION and error.line == 3
    assert "IndexError: tuple index out of range" in str(error)
    assert str(BOARD) in str(error)


def test_an_exception_in_a_helper_names_the_helper_s_line():
    source = (
        "def helper():\n    return {}['x']\n"
        "def h(tiles, goal, width, height):\n    return helper()\n"
    )
    error = _fails(source)
    assert error.fault is Fault.EXCEPTION and error.line == 2 and "KeyError" in str(error)


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("    while True:\n        pass\n", 2),
        ("    n = 0\n    while n >= 0:\n        n += 1\n    return n\n", 3),
        ("    for i in iter(int, 1):\n        pass\n", 2),
        ("    return sum(1 for i in iter(int, 1))\n", 2),
        ("    return len([i for i in iter(int, 1)])\n", 2),
        # catching the budget's exception does not buy more time
        (
            "    while True:\n        try:\n            while True:\n                pass\n"
            "        except BaseException:\n            pass\n",
            None,
        ),
        (
            "    try:\n        while True:\n            pass\n    except BaseException:\n"
            "        return 0\n",
            None,
        ),
    ],
)
def test_an_endless_loop_is_stopped_by_the_budget(body, line):
    start = time.perf_counter()
    error = _fails("def h(tiles, goal, width, height):\n" + body)
    took = time.perf_counter() - start
    assert error.fault is Fault.BUDGET
    assert f"more than {BUDGET_SECONDS:g} s" in str(error) and "endless loop" in str(error)
    assert BUDGET_SECONDS <= took < BUDGET_SECONDS + 1.5
    if line is not None:
        assert error.line == line


def test_an_endless_loop_around_h_is_stopped_by_its_budget():
    start = time.perf_counter()
    with pytest.raises(YoursError) as caught:
        compile_heuristic(
            "while True:\n    pass\ndef h(tiles, goal, width, height):\n    return 0\n"
        )
    assert caught.value.fault is Fault.BUDGET and caught.value.line == 1
    assert "the code around h" in str(caught.value)
    assert MODULE_BUDGET_SECONDS <= time.perf_counter() - start < MODULE_BUDGET_SECONDS + 1.5


def test_endless_recursion_stops_at_the_depth_limit():
    error = _fails("def h(tiles, goal, width, height):\n    return h(tiles, goal, width, height)\n")
    assert error.fault is Fault.DEPTH and error.line == 2
    assert f"more than {MAX_DEPTH} deep" in str(error)


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("2.5", "a float"),
        ("True", "a bool"),
        ("-1", "an int"),
        ("None", "a NoneType"),
        ("'3'", "a str"),
    ],
)
def test_a_wrong_return_says_what_came_back_and_what_is_needed(value, kind):
    error = _fails(f"def h(tiles, goal, width, height):\n    return {value}\n")
    assert error.fault is Fault.RETURN
    assert f"({kind})" in str(error) and "a whole number 0 or more" in str(error)


def test_installed_it_is_the_heuristic_yours_and_a_search_uses_it():
    uninstall()
    with pytest.raises(PuzzleError, match="no heuristic of yours"):
        heuristic_info("yours")
    try:
        install(MISPLACED, admissible=True, consistent=True)
        info = heuristic_info("yours")
        assert info.admissible and info.consistent and info.name == "yours"
        space = Space(3, 3)
        h = make_heuristic("yours", space, {t: p for p, t in enumerate(GOAL.tiles)})
        assert h(BOARD) == 6
        board = random_board(3, 3, seed=7)
        result = solve(board, GOAL, algorithm="astar", heuristic="yours")
        assert result.optimal and result.length == solve(board, GOAL, heuristic="pdb").length
        assert result.length > 10
        with pytest.raises(PuzzleError, match="human-like"):
            solve(board, GOAL, algorithm="human", heuristic="yours")
    finally:
        uninstall()


def test_a_search_stops_with_your_heuristic_s_message():
    try:
        install("def h(tiles, goal, width, height):\n    return 0 if tiles[4] else 1 // 0\n")
        with pytest.raises(YoursError, match="line 2: ZeroDivisionError"):
            solve(random_board(3, 3, seed=7), GOAL, algorithm="astar", heuristic="yours")
    finally:
        uninstall()


def test_a_call_stalled_without_looping_is_not_taken_for_an_endless_loop():
    # one slow call of C code (as a machine's stall would be): few budget checks pass
    source = (
        "import time\ndef h(tiles, goal, width, height):\n"
        f"    time.sleep({BUDGET_SECONDS + 0.1})\n    return 0\n"
    )
    assert compile_heuristic(source)(BOARD.tiles, GOAL.tiles, 3, 3) == 0
