"""The site's Python compiled to bytecode at build time, by the site's own Pyodide under Node.

Pyodide compiles every module it imports from source, on each visit and in each interpreter
(the page's and the solver worker's), its own standard library included: seconds of a cold
start. bytecode.mjs, beside this module, run by Node with the very Pyodide the site ships
(same Python, same magic number), compiles them instead (docs/performance.md, "Opening the
page"). Without Node, or if it fails, the site ships sources alone and the build says so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from buildsite.files import copy_file, zip_files
from buildsite.layout import PACKAGE_ZIP, PYODIDE_SUBDIR, STDLIB_ZIP
from buildsite.package import package_files, zip_name, zip_package

SCRIPT = Path(__file__).resolve().with_name("bytecode.mjs")
TIMEOUT = 600  # seconds; about 10 s on a quiet 2-core machine


class BytecodeError(Exception):
    """Why the site ships no bytecode (the build goes on with sources)."""


def compile_bytecode(
    pyodide_dir: Path, folder: Path, files: dict[str, bool], stdlib: tuple[Path, Path]
) -> dict[str, Any]:
    """Run bytecode.mjs: write __pycache__/<module>.<cache tag>.pyc beside each of files
    (paths relative to folder, with /; True: the import checks the bytecode against the
    source's hash, for sources served apart from it), and stdlib's first zip, compiled, into
    its second. Return the script's report."""
    node = shutil.which("node")
    if node is None:
        raise BytecodeError("node not found on PATH")
    job = {
        "pyodide": os.fspath(pyodide_dir),
        "root": os.fspath(folder),
        "files": [[name, "checked" if checked else "unchecked"] for name, checked in files.items()],
        "stdlib": [os.fspath(stdlib[0]), os.fspath(stdlib[1])],
    }
    job_file = folder.parent / "job.json"
    job_file.write_text(json.dumps(job), encoding="utf-8")
    try:
        proc = subprocess.run(
            [node, os.fspath(SCRIPT), os.fspath(job_file)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BytecodeError(f"could not run {SCRIPT.name}: {exc}") from exc
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines() or ["no message"]
        raise BytecodeError(f"{SCRIPT.name} failed (exit {proc.returncode}): {lines[-1]}")
    try:
        report: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError) as exc:
        raise BytecodeError(f"{SCRIPT.name} printed no report") from exc
    return report


def package_with_bytecode(
    package_dir: Path, dest: Path, web_modules: Iterable[str], pyodide_dir: Path
) -> bool:
    """Write dest's package zip: the package's sources, their bytecode (unchecked: it travels
    with them), and the bytecode of the page's helper modules (dest/<module>.py, as served;
    checked); compile dest's copy of Pyodide's standard library in place. The bytecode is
    compiled from the very files zipped. Return whether there is bytecode; without it the zip
    holds the sources alone."""
    with tempfile.TemporaryDirectory(prefix="npuzzle-bytecode-") as tmp:
        folder = Path(tmp) / "site"
        sources = {}
        for path in package_files(package_dir):
            name = zip_name(package_dir, path)
            copy_file(path, folder / name)
            sources[name] = False
        for name in web_modules:
            copy_file(dest / name, folder / name)
            sources[name] = True
        python = {name: checked for name, checked in sources.items() if name.endswith(".py")}
        stdlib = dest / PYODIDE_SUBDIR / STDLIB_ZIP
        compiled_stdlib = Path(tmp) / STDLIB_ZIP
        try:
            compile_bytecode(pyodide_dir, folder, python, (stdlib, compiled_stdlib))
        except BytecodeError as exc:
            print(
                f"build.py: warning: no bytecode ({exc}); the site ships Python sources "
                "alone and starts a few seconds slower",
                file=sys.stderr,
                flush=True,
            )
            shutil.rmtree(folder)
            zip_package(package_dir, dest / PACKAGE_ZIP)
            return False
        shutil.copyfile(compiled_stdlib, stdlib)
        bytecode = [
            p.relative_to(folder).as_posix()
            for p in folder.rglob("*.pyc")
            if p.parent.name == "__pycache__"
        ]
        package = [name for name, checked in sources.items() if not checked]
        zip_files(folder, package + bytecode, dest / PACKAGE_ZIP)
    return True
