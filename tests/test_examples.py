"""The modules' ``>>>`` examples, run as tests (the documents' are in test_docs.py)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import npuzzle

# __main__ runs the command line when imported
MODULES = [
    "npuzzle",
    *(
        m.name
        for m in pkgutil.walk_packages(npuzzle.__path__, "npuzzle.")
        if m.name != "npuzzle.__main__"
    ),
]


def _docstring_examples(module: ModuleType) -> int:
    """The ``>>>`` examples of the module's own docstring (not its functions' and classes')."""
    tests = doctest.DocTestFinder().find(module)
    return sum(len(t.examples) for t in tests if t.name == module.__name__)


@pytest.mark.parametrize("name", MODULES)
def test_module_examples(name: str) -> None:
    """Every public module shows its main entry point in its docstring, and every example in
    it (functions' and classes' too) gives the output written there."""
    module = importlib.import_module(name)
    assert _docstring_examples(module) >= 1, f"{name}'s docstring has no >>> example"
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
