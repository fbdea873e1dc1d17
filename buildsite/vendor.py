"""The runtimes the site carries, from node_modules: Pyodide (the page's Python and the
workers'), PyScript (which starts it from the page) and MicroPython (the opening's).

They are installed by `npm ci` from the pinned package.json / package-lock.json, which this
module runs when node_modules is missing or holds other versions, and copied into the site so
that nothing is fetched from another origin at run time.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from buildsite.files import copy_file, files_under
from buildsite.layout import ROOT, STDLIB_ZIP, BuildError
from buildsite.storagefix import patch_pyscript

MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
# The plain build: the ulab and settrace variants are not used.
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")

# What Pyodide loads at run time. pyodide.asm.* covers pyodide.asm.mjs (or .js in older
# releases) and pyodide.asm.wasm. Without pyodide-lock.json start-up hangs after a 404.
PYODIDE_FILES = ("pyodide.mjs", STDLIB_ZIP, "pyodide-lock.json")
PYODIDE_GLOBS = ("pyodide.asm.*",)


# --------------------------------------------------------------------------- npm


def _pinned_dependencies(root: Path = ROOT) -> dict[str, str]:
    data = json.loads((root / "package.json").read_text(encoding="utf-8"))
    deps: dict[str, str] = data.get("dependencies", {})
    return deps


def _installed_version(node_modules: Path, name: str) -> str | None:
    manifest = node_modules / name / "package.json"
    try:
        version = json.loads(manifest.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return None
    return version if isinstance(version, str) else None


def node_modules_ok(root: Path = ROOT) -> bool:
    """True when node_modules holds exactly the versions pinned in package.json."""
    node_modules = root / "node_modules"
    return all(
        _installed_version(node_modules, name) == version
        for name, version in _pinned_dependencies(root).items()
    )


def _npm_error_summary(output: str) -> str:
    """The first informative line of npm's error output, prefixed by its error code."""
    code = ""
    for line in output.splitlines():
        for prefix in ("npm error", "npm ERR!"):
            if line.startswith(prefix):
                text = line[len(prefix) :].strip()
                if text.startswith("code "):
                    code = code or text[5:].strip()
                elif text:
                    return f"{code}: {text}" if code else text
    lines = [ln.strip() for ln in output.splitlines() if ln.strip()]
    return lines[-1] if lines else "no output"


def ensure_node_modules(root: Path = ROOT) -> Path:
    """Run `npm ci` unless node_modules already matches package.json; return node_modules."""
    if node_modules_ok(root):
        return root / "node_modules"
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise BuildError(
                f"{tool} not found on PATH: install Node.js and npm "
                "(Debian: apt-get install -y nodejs npm), then run the build again"
            )
    if not (root / "package-lock.json").is_file():
        raise BuildError(f"{root / 'package-lock.json'} is missing: npm ci needs it")
    print("build: node_modules missing or stale, running npm ci", file=sys.stderr)
    try:
        proc = subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as exc:
        raise BuildError(f"could not run npm ci: {exc}") from exc
    if proc.returncode != 0:
        raise BuildError(
            f"npm ci failed (exit {proc.returncode}): {_npm_error_summary(proc.stderr)}"
        )
    if not node_modules_ok(root):
        raise BuildError("npm ci finished but node_modules does not match package.json")
    return root / "node_modules"


# ---------------------------------------------------------------------- runtimes


def copy_pyodide(node_modules: Path, dest: Path) -> list[Path]:
    """Copy the Pyodide run-time files (no wheels: the standard library only)."""
    src_dir = node_modules / "pyodide"
    sources = [src_dir / name for name in PYODIDE_FILES]
    for pattern in PYODIDE_GLOBS:
        sources.extend(p for p in sorted(src_dir.glob(pattern)) if p.suffix != ".map")
    missing = [p.name for p in sources if not p.is_file()]
    if missing or not any(p.name.endswith(".wasm") for p in sources):
        raise BuildError(f"pyodide files missing from {src_dir}: {', '.join(missing) or 'wasm'}")
    copied = []
    for src in sources:
        dst = dest / src.name
        copy_file(src, dst)
        copied.append(dst)
    return copied


def copy_pyscript(node_modules: Path, dest: Path) -> list[Path]:
    """Copy the whole @pyscript/core/dist folder (chunk names carry build hashes), fixed to
    start where storage is refused (buildsite/storagefix.py)."""
    src_dir = node_modules / "@pyscript" / "core" / "dist"
    if not (src_dir / "core.js").is_file():
        raise BuildError(f"{src_dir / 'core.js'} is missing")
    copied = []
    for src in files_under(src_dir):
        if src.suffix == ".map":
            continue
        dst = dest / src.relative_to(src_dir)
        copy_file(src, dst)
        copied.append(dst)
    patch_pyscript(dest)
    return copied


def copy_micropython(node_modules: Path, dest: Path) -> list[Path]:
    """Copy the MicroPython runtime of the opening (web/opening/opening.py): about 0.5 MB."""
    src_dir = node_modules / MICROPYTHON_PACKAGE
    missing = [name for name in MICROPYTHON_FILES if not (src_dir / name).is_file()]
    if missing:
        raise BuildError(f"micropython files missing from {src_dir}: {', '.join(missing)}")
    copied = []
    for name in MICROPYTHON_FILES:
        copy_file(src_dir / name, dest / name)
        copied.append(dest / name)
    return copied
