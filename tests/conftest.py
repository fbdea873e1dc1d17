"""Fixtures shared by the unit tests."""

from __future__ import annotations

import io
import sys

import pytest

#: fixtures that build the 4x4 or 5x5 pattern databases (minutes on a fresh machine)
TABLE_FIXTURES = frozenset({"tables_4x4", "tables_5x5"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for the 4x4 or 5x5 tables is slow, marked or not: the fast tier
    builds none of them."""
    for item in items:
        if TABLE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _default_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pdb heuristic's default plans, whatever the disk cache holds: the large 4x4
    table, once built there (``npuzzle pdb --large``), would change what the tests count.
    The tests of the large plan turn it back on."""
    from npuzzle.heuristics import pdbbuild

    monkeypatch.setattr(pdbbuild, "use_large", False)


@pytest.fixture(scope="session")
def kunkle_pairs() -> list[tuple[str, str]]:
    from npuzzle.core import reference

    return reference.kunkle_pairs()


@pytest.fixture(scope="session")
def tables_4x4() -> list[str]:
    """The 4x4 pattern databases, for the tests that search with them: built two at a time
    (minutes, once per machine: they stay in the disk cache, ~/.cache/npuzzle). Smaller
    shapes' tables take a second or two and are built when a search first asks for them."""
    from npuzzle.heuristics import pdbbuild

    names = pdbbuild.names_for(4, 4)
    pdbbuild.ensure(names, jobs=2)
    return names


@pytest.fixture(scope="session")
def tables_5x5() -> list[str]:
    """The 5x5's tables for goals with the blank in a corner (two of 5 tiles, about 20 s
    each to build once, and a small one)."""
    from npuzzle.heuristics import pdbbuild, pdbplan

    names = pdbplan.table_names(5, 5, 0)
    pdbbuild.ensure(names, jobs=2)
    return names


@pytest.fixture
def cli(capsys, monkeypatch):
    """Run ``npuzzle ARGV`` in this process: (exit status, stdout, stderr)."""
    from npuzzle.cli import main

    def run(*argv: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            data = stdin.encode() if isinstance(stdin, str) else stdin
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse leaves through SystemExit
            code = exc.code
        out, err = capsys.readouterr()
        return code, out, err

    return run
