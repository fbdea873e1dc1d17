"""The command line's heuristic of yours: check-heuristic, and solve --heuristic-file."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from handwritten import MISPLACED, TWICE_MANHATTAN
from oracles import distances

from npuzzle import Board, random_board, solve
from npuzzle.cli.commands import main
from npuzzle.heuristics.yours import BUDGET_SECONDS, uninstall

GOAL = Board.goal("standard", 3, 3)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    uninstall()
    return status, out.getvalue(), err.getvalue()


def twice_manhattan(tiles: tuple[int, ...]) -> int:
    out = 0
    for i, t in enumerate(tiles):
        if t:
            j = GOAL.tiles.index(t)
            out += abs(i % 3 - j % 3) + abs(i // 3 - j // 3)
    return 2 * out


@pytest.fixture
def write(tmp_path: Path):
    def write(source: str, name: str = "my_h.py") -> str:
        path = tmp_path / name
        path.write_text(source, encoding="utf-8")
        return str(path)

    return write


def test_check_heuristic_reports_a_real_counterexample(write):
    status, out, _ = run("check-heuristic", write(TWICE_MANHATTAN), "--json")
    assert status == 1
    verdict = json.loads(out)
    assert not verdict["admissible"] and not verdict["consistent"] and verdict["exact"]
    bad = verdict["inadmissible"]
    board = Board.parse(bad["board"])
    exact = distances(GOAL.tiles, 3, 3)
    assert bad["distance"] == exact[board.tiles] < bad["h"] == twice_manhattan(board.tiles)
    status, text, _ = run("check-heuristic", write(TWICE_MANHATTAN))
    assert status == 1 and "not admissible" in text and board.pretty() in text


def test_check_heuristic_passes_misplaced_tiles_on_every_board(write):
    # (every 3x3 board is tests/teach/test_check.py's; the 3x2's 360 check at once)
    status, out, _ = run("check-heuristic", write(MISPLACED), "--size", "3x2", "--goal", "snail")
    assert status == 0
    assert "every 3x2 board that can reach the goal (360)" in out
    assert "admissible; consistent" in out


def test_solve_with_an_admissible_heuristic_file_is_optimal(write):
    board = random_board(2, 4, seed=11)
    status, out, err = run("solve", str(board), "--heuristic-file", write(MISPLACED), "--json")
    assert status == 0, err
    result = json.loads(out)
    assert result["heuristic"] == "yours" and result["optimal"]
    assert result["length"] == solve(board, heuristic="pdb").length > 10
    assert "admissible; consistent" in err


def test_solve_with_an_inadmissible_file_says_the_length_is_not_guaranteed(write):
    board = random_board(3, 3, seed=11)
    status, out, err = run("solve", str(board), "--heuristic-file", write(TWICE_MANHATTAN))
    assert status == 0 and "(not guaranteed optimal)" in out and "not admissible" in err


@pytest.mark.parametrize(
    ("source", "words"),
    [
        (
            "def h(tiles, goal, width, height):\n    while True:\n        pass\n",
            f"line 2: h on board 1,2,3/4,5,6/7,8,0 took more than {BUDGET_SECONDS:g} s",
        ),
        (
            "def h(tiles, goal, width, height):\n    x = 1\n    return {}[x]\n",
            "line 3: KeyError: 1 in h on board",
        ),
        ("def h(tiles, goal, width, height)\n    return 0\n", "line 1: SyntaxError"),
        ("H = 1\n", "no function h: define def h(tiles, goal, width, height)"),
        ("def h(tiles, goal, width, height):\n    return 0.5\n", "h returned 0.5 (a float)"),
    ],
)
@pytest.mark.parametrize("command", ["check-heuristic", "solve"])
def test_a_heuristic_that_fails_says_where_in_one_line(write, source, words, command):
    path = write(source)
    argv = ["check-heuristic", path] if command == "check-heuristic" else [
        "solve", str(random_board(3, 3, seed=2)), "--heuristic-file", path
    ]  # fmt: skip
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.startswith("npuzzle: your heuristic") and words in err
    assert err.count("\n") == 1


def test_files_that_cannot_be_read(write, tmp_path):
    status, _, err = run("check-heuristic", str(tmp_path / "missing.py"))
    assert status == 2 and "no such file" in err
    status, _, err = run("check-heuristic", str(tmp_path))
    assert status == 2 and "a folder, not a file" in err
    path = tmp_path / "latin.py"
    path.write_bytes(b"# caf\xe9\n")
    status, _, err = run("check-heuristic", str(path))
    assert status == 2 and "not text in UTF-8" in err


def test_solve_refuses_jobs_with_a_heuristic_file(write):
    status, _, err = run(
        "solve", str(random_board(3, 3, seed=2)), "--heuristic-file", write(MISPLACED),
        "-a", "idastar", "--jobs", "2",
    )  # fmt: skip
    assert status == 2 and "no --jobs" in err
