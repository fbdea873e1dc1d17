"""Standard streams that are closed or full: one ``npuzzle: ...`` line and a status that is
not 0, never a traceback (run in a shell, on real file descriptors)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

import pytest

from npuzzle.core import reference

KUNKLE_TEXT = reference.read_text("kunkle_tests.txt")
COMMANDS = {
    "solve": "solve 1,2,3/4,5,6/7,0,8",
    "batch": "batch --jobs 2",
    "lab": "lab rn --per-depth 1 --max-depth 4 -q",
    "random": "random --count 3",
}
# two commands in the fast tier, the other two with the slow tests (each run is a process)
EACH = [c if c in ("solve", "batch") else pytest.param(c, marks=pytest.mark.slow) for c in COMMANDS]


def _run(command: str, redirect: str) -> subprocess.CompletedProcess[str]:
    npuzzle = f"{shlex.quote(sys.executable)} -m npuzzle {command}"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(["sh", "-c", f"{npuzzle} {redirect}"], input=KUNKLE_TEXT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip


def _one_line(run: subprocess.CompletedProcess[str], status: int, words: str) -> None:
    assert run.returncode == status, run.stderr
    assert run.stderr.startswith("npuzzle: ") and run.stderr.count("\n") == 1, run.stderr
    assert words in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("command", EACH)
def test_a_closed_standard_output_is_one_line(command):
    _one_line(_run(COMMANDS[command], ">&-"), 1, "standard output is closed")


@pytest.mark.parametrize("command", EACH)
def test_a_full_standard_output_is_one_line(command):
    _one_line(_run(COMMANDS[command], "> /dev/full"), 1, "No space left on device")


def test_batch_on_a_closed_standard_input_is_one_line():
    _one_line(_run("batch", "<&-"), 2, "standard input is closed")


def test_a_closed_standard_error_keeps_the_answer_clean():
    run = _run("solve 1,2,3/4,5,6/7,8", "2>&-")  # bad input: its message has nowhere to go
    assert run.returncode == 2 and run.stdout == "" and run.stderr == ""


def test_a_reader_that_leaves_early_is_no_error():
    run = _run("random --count 5000", "| head -1")
    assert run.stderr == "" and run.stdout.count("\n") == 1
