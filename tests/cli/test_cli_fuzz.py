"""The command line's argument reader on random argument lists: always one answer, never a
traceback (searches are cut short here and experiments only planned, so that each run takes
a moment)."""

from __future__ import annotations

import contextlib
import io
import sys
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from npuzzle import lab
from npuzzle.cli import commands as cli_module
from npuzzle.lab import runner

COMMANDS = ["solve", "batch", "random", "pdb", "lab", "--version", "", "-h", "sovle"]
FLAGS = [
    "--goal", "-a", "--algorithm", "-H", "--heuristic", "-w", "--weight", "--tie-break",
    "--depth-limit", "--max-nodes", "--max-seconds", "--json", "--path", "--size", "--seed",
    "--count", "--moves", "--format", "--jobs", "--out", "-q", "--", "-", "--nope",
    *(o.flag for e in lab.EXPERIMENTS.values() for o in e.options),
]  # fmt: skip
VALUES = [
    "134 8b5 726", "1,2,3/4,5,6/7,8,0", "-1,2,3/4,5,6/7,8,0", "12/3b", "1,2/3,0",
    "01 02 03 04 05 06 07 08 00", "\ufeff134 8b5 726", "2,1,3/4,5,6/7,8,0", "snail",
    "blank-first", "SNAIL", "standard", "astar", "idastar", "wastar", "human", "bfs", "dfs",
    "greedy", "manhattan", "linear-conflict", "pdb", "walking-distance", "misplaced",
    "3x3", "2x3", "-3x3", "9x9", "2x2", "x", "0", "1", "-1", "3", "1e308", "-inf", "nan",
    "1_000", "9" * 400, "7" * 5000, "\u0663", "\udce9", "", " ", "high-g", "lifo", "csv",
    "json", "markdown", "rn", "kunkle", "riggs", "compare", "nayak", "uniform",
    "manhattan,misplaced", "astar,bfs", "3x3,2x2", "\u202e", "<script>", "%00",
]  # fmt: skip
ARGS = st.lists(st.sampled_from(FLAGS + VALUES) | st.text(max_size=12), max_size=8)


def _quick(argv: list[str]) -> list[str]:
    """Cut every search short: small limits come last, so they win."""
    if argv[:1] in (["solve"], ["batch"]):
        return [*argv, "--max-nodes", "200", "--max-seconds", "0.2"]
    return argv


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(COMMANDS), args=ARGS)
def test_random_arguments_get_an_answer_never_a_traceback(command, args):
    argv = _quick([command, *args] if command else args)
    if argv[:1] == ["pdb"] and "--out" in argv:
        return  # writes files: tested on its own
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(b"134 8b5 726\n123 8b4 765\n"))
    saved = sys.stdin
    sys.stdin = stdin
    real_plan = runner.plan

    def checked_only(*args, **kwargs):  # the options are read and checked; nothing runs
        real_plan(*args, **kwargs)
        return []

    try:
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            mock.patch.object(runner, "plan", checked_only),
        ):
            try:
                code = cli_module.main(argv)
            except SystemExit as exc:  # argparse: --help, --version, usage errors
                code = exc.code
    finally:
        sys.stdin = saved
    assert code in (0, 2), (argv, code, err.getvalue())
    assert "Traceback" not in err.getvalue()
    if code == 2:
        lines = err.getvalue().splitlines()
        assert lines and all(line.startswith("npuzzle: ") for line in lines), (argv, lines)
