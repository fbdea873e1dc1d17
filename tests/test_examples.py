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


# Modules whose docstring has no example yet: they are being split into smaller modules, which
# carry their own. The list empties when the split is merged.
WITHOUT_EXAMPLES = {"npuzzle.search.engine", "npuzzle.cli.commands"}


def _docstring_examples(module: ModuleType) -> int:
    """The ``>>>`` examples of the module's own docstring (not its functions' and classes')."""
    tests = doctest.DocTestFinder().find(module)
    return sum(len(t.examples) for t in tests if t.name == module.__name__)


@pytest.mark.parametrize("name", MODULES)
def test_module_examples(name: str) -> None:
    """Every public module shows its main entry point in its docstring, and every example in
    it (functions' and classes' too) gives the output written there."""
    module = importlib.import_module(name)
    if name not in WITHOUT_EXAMPLES:
        assert _docstring_examples(module) >= 1, f"{name}'s docstring has no >>> example"
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("name", sorted(WITHOUT_EXAMPLES))
def test_the_exceptions_are_current(name: str) -> None:
    """An exception names a module that exists and still has no example: once it has one (or
    is gone), it leaves the list."""
    assert name in MODULES
    assert _docstring_examples(importlib.import_module(name)) == 0
