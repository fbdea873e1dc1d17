"""The package's layers, read from the source with ``ast``: each layer imports only the layers
below it, and nothing in the package imports the browser (``js``, ``pyodide``, ``pyscript``).

The layers, lowest first (docs/architecture.md draws them):

    core < heuristics < search < play, lab < teach < cli

``play`` and ``lab`` stand side by side: neither imports the other. The package's
``__init__`` (the public API) and ``__main__`` may import any layer.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "npuzzle"
RANK = {"core": 0, "heuristics": 1, "search": 2, "play": 3, "lab": 3, "teach": 4, "cli": 5}
BROWSER = {"js", "pyodide", "pyscript"}


def imported(source: str, module: str) -> list[tuple[int, str]]:
    """Every module ``module``'s source imports, absolute, with its line: relative imports are
    resolved against ``module`` (a dotted name such as ``npuzzle.search.engine``)."""
    found = []
    package = module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            # ``from npuzzle import lab`` imports a layer by its name
            if name == "npuzzle":
                found += [(node.lineno, f"npuzzle.{a.name}") for a in node.names]
    return found


def layer_of(module: str) -> str | None:
    """The layer a dotted npuzzle module belongs to; None for the package's own entry points
    (``npuzzle``, ``npuzzle.__main__``) and for names that are not layers (the public API's
    functions, imported with ``from npuzzle import ...``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "npuzzle" and parts[1] in RANK else None


def violations(source: str, module: str) -> list[str]:
    """What ``module`` imports against the rules: a browser module anywhere, or an npuzzle
    module of a layer that is not below its own (its own layer is allowed)."""
    own = layer_of(module)
    found = []
    for line, name in imported(source, module):
        if name.split(".")[0] in BROWSER:
            found.append(f"{module}:{line} imports the browser's {name}")
        target = layer_of(name)
        if own is None or target is None or target == own:
            continue
        if RANK[target] >= RANK[own]:
            found.append(f"{module}:{line} imports {name} ({target} is not below {own})")
    return found


def modules() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found.append((".".join(parts), path))
    return found


def test_every_module_is_in_a_layer() -> None:
    loose = [
        m for m, _ in modules() if layer_of(m) is None and m not in ("npuzzle", "npuzzle.__main__")
    ]
    assert loose == []


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_imports_go_down_only(module: str, path: Path) -> None:
    # A module that is a package's __init__ resolves relative imports against itself.
    name = f"{module}.__init__" if path.name == "__init__.py" else module
    assert violations(path.read_text(encoding="utf-8"), name) == []


@pytest.mark.parametrize(
    ("module", "source", "why"),
    [
        (
            "npuzzle.core.board",
            "from npuzzle.search.engine import Search",
            "search is not below core",
        ),
        ("npuzzle.search.engine", "from ..teach import tree", "teach is not below search"),
        ("npuzzle.lab.stats", "from npuzzle.play.hint import hint", "play is not below lab"),
        ("npuzzle.play.game", "from npuzzle import lab", "lab is not below play"),
        ("npuzzle.heuristics.pdb", "import js", "the browser's js"),
        ("npuzzle.teach.link", "    import pyscript", "the browser's pyscript"),
    ],
)
def test_an_upward_import_is_found(module: str, source: str, why: str) -> None:
    found = violations(source.strip(), module)
    assert len(found) == 1 and why in found[0]


def test_imports_down_and_within_a_layer_pass() -> None:
    source = (
        "from npuzzle.core.board import Board\n"
        "from .engine import Search\n"
        "from npuzzle import solve"
    )
    assert violations(source, "npuzzle.search.idastar") == []
