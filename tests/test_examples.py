"""The modules' ``>>>`` examples, run as tests (the documents' are in test_docs.py)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

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


@pytest.mark.parametrize("name", MODULES)
def test_module_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_modules_have_examples() -> None:
    tried = sum(
        doctest.testmod(importlib.import_module(n), report=False).attempted for n in MODULES
    )
    assert tried >= 10
