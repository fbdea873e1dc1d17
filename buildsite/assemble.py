"""build(): the site assembled into an emptied folder, one step after another.

The order matters in two places: the bytecode is compiled from the files already copied
(the page's modules as served, Pyodide's standard library in place), and the service worker
is written last, since it lists the finished folder. A folder is emptied only if a build
made it (its marker file), so that a mistyped --dest never deletes someone's files.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from buildsite import page
from buildsite.bytecode import package_with_bytecode
from buildsite.layout import (
    DEFAULT_DEST,
    MARKER_NAME,
    MICROPYTHON_SUBDIR,
    PYODIDE_SUBDIR,
    PYSCRIPT_SUBDIR,
    ROOT,
    TABLES_SUBDIR,
    BuildError,
)
from buildsite.offline import write_app_files, write_service_worker
from buildsite.tables import copy_tables
from buildsite.vendor import copy_micropython, copy_pyodide, copy_pyscript, ensure_node_modules


def _check_dest(dest: Path) -> None:
    """Refuse a dest that is a file, or a non-empty folder that no build made."""
    if not dest.exists():
        return
    if not dest.is_dir():
        raise BuildError(f"{dest} exists and is not a folder")
    if any(dest.iterdir()) and not (dest / MARKER_NAME).is_file():
        raise BuildError(f"refusing to delete {dest}: not empty and not a previous build")


def _prepare_dest(dest: Path) -> None:
    _check_dest(dest)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    (dest / MARKER_NAME).write_text("built by build.py; deleted by the next build\n")


def build(
    dest: Path = DEFAULT_DEST,
    *,
    root: Path = ROOT,
    package_dir: Path | None = None,
) -> Path:
    """Assemble the site into dest (emptied first) and return dest.

    root is the project folder (web/, package.json, node_modules); package_dir defaults to
    root/src/npuzzle.
    """
    dest = Path(dest).resolve()
    root = Path(root).resolve()
    package_dir = Path(package_dir) if package_dir is not None else root / "src" / "npuzzle"
    web_dir = root / "web"
    _check_dest(dest)
    node_modules = ensure_node_modules(root)
    _prepare_dest(dest)
    page.copy_web(web_dir, dest)
    modules = page.web_modules(web_dir)
    copy_tables(package_dir, dest / TABLES_SUBDIR)
    copy_pyodide(node_modules, dest / PYODIDE_SUBDIR)
    package_with_bytecode(package_dir, dest, modules, node_modules / "pyodide")
    copy_pyscript(node_modules, dest / PYSCRIPT_SUBDIR)
    copy_micropython(node_modules, dest / MICROPYTHON_SUBDIR)
    page.write_configs(dest, modules)
    write_app_files(web_dir, dest)
    write_service_worker(web_dir, dest)  # last: it lists the finished dest
    return dest


def tree_size(folder: Path) -> int:
    """Total size in bytes of the files under folder."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
