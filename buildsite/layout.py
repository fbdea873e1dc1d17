"""Where things are: the project's folders that the build reads, the names of the site's files
that more than one step writes or reads, and the one error every step raises.

A step's own names live in its module (vendor's runtime files, offline's manifest); the names
here are shared, so that no two modules spell the same file twice.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "src" / "npuzzle"
NODE_MODULES = ROOT / "node_modules"
DEFAULT_DEST = ROOT / "dist"
#: the large pattern databases, committed prebuilt (17 minutes each to build in CPython)
TABLES_DIR = ROOT / "prebuilt"

# In the site, from its root.
PYODIDE_SUBDIR = "pyodide"
PYSCRIPT_SUBDIR = "pyscript"
MICROPYTHON_SUBDIR = "micropython"
PACKAGE_ZIP = "npuzzle.zip"
STDLIB_ZIP = "python_stdlib.zip"  # Pyodide's standard library, in PYODIDE_SUBDIR
TABLES_SUBDIR = "pdb"
TABLES_INDEX = "index.json"  # in TABLES_SUBDIR
# Written into every build; a non-empty folder without it is never deleted.
MARKER_NAME = ".npuzzle-site"


class BuildError(Exception):
    """A build failure with a one-line message for the user."""
