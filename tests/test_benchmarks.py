"""The benchmarks stay runnable: every name they import from npuzzle or buildsite exists.

They run outside the test suite (minutes each), so a module moved or a name renamed would
otherwise be found only by the next person who measures; reading their imports with ``ast``
costs milliseconds.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parents[1] / "benchmarks").glob("*.py"))
OURS = ("npuzzle", "buildsite")


def missing_imports(source: str) -> list[str]:
    """The ``from npuzzle... import name`` (or buildsite) of ``source`` that do not resolve,
    and the ``import npuzzle...`` of modules that do not exist."""
    missing = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module.split(".")[0] not in OURS:
                continue
            try:
                module = importlib.import_module(node.module)
            except ImportError:
                missing.append(node.module)
                continue
            for alias in node.names:
                if not hasattr(module, alias.name):
                    try:  # a submodule not imported by its package yet
                        importlib.import_module(f"{node.module}.{alias.name}")
                    except ImportError:
                        missing.append(f"{node.module}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in OURS:
                    try:
                        importlib.import_module(alias.name)
                    except ImportError:
                        missing.append(alias.name)
    return missing


@pytest.mark.parametrize("path", BENCHMARKS, ids=[p.name for p in BENCHMARKS])
def test_a_benchmark_imports_what_exists(path: Path) -> None:
    assert missing_imports(path.read_text(encoding="utf-8")) == []


def test_a_moved_name_is_found() -> None:
    source = (
        "from npuzzle import Board, reference\n"
        "from npuzzle.search import engine\n"
        "from npuzzle import no_such_name\n"
        "from npuzzle.board import Board\n"
        "import npuzzle.nowhere\n"
        "from os import path\n"
    )
    assert missing_imports(source) == ["npuzzle.no_such_name", "npuzzle.board", "npuzzle.nowhere"]
