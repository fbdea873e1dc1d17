"""Fixtures shared by the unit tests."""

from __future__ import annotations

import io
import sys

import pytest


@pytest.fixture(scope="session")
def kunkle_pairs() -> list[tuple[str, str]]:
    from npuzzle import reference

    return reference.kunkle_pairs()


@pytest.fixture(scope="session", autouse=True)
def pattern_databases() -> None:
    """Build the pattern databases the tests use, two at a time, before any test needs one
    (once per machine: they stay in the disk cache, ~/.cache/npuzzle)."""
    from npuzzle import pdb

    pdb.ensure([n for shape in pdb.SHIPPED_SHAPES for n in pdb.names_for(*shape)], jobs=2)


@pytest.fixture
def cli(capsys, monkeypatch):
    """Run ``npuzzle ARGV`` in this process: (exit status, stdout, stderr)."""
    from npuzzle.cli import main

    def run(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse leaves through SystemExit
            code = exc.code
        out, err = capsys.readouterr()
        return code, out, err

    return run
