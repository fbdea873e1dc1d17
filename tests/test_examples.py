"""The modules' ``>>>`` examples and the README's Python examples, run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import npuzzle

README = Path(__file__).resolve().parents[1] / "README.md"
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


def test_readme_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8 and result.failed == 0
