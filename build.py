"""Build and serve the npuzzle static web site.

    python build.py                  assemble dist/ from scratch
    python build.py build [--dest D] the same, into another folder
    python build.py serve [--port N] build, then serve dist/ on 127.0.0.1

The site is plain files: web/ (page and PyScript code), the npuzzle package from
src/npuzzle as a zip that PyScript unpacks into the browser's file system, the pattern
databases of the pdb heuristic (pdb/, built by npuzzle.heuristics.pdbbuild in this Python
and kept in its disk cache, so only the first build spends the few minutes they take), and
the Pyodide and PyScript runtimes vendored from node_modules (installed by `npm ci` from the pinned
package.json / package-lock.json). Nothing is fetched from another origin at run time: the
PyScript config names the local interpreter. The Python is also shipped compiled to bytecode
by that Pyodide under Node (bytecode.mjs; the section "bytecode" below), so that browsers
need not compile it on each visit. Last, what makes the site installable and
offline: a web app manifest, icons drawn here, and web/service-worker.js with this build's
stamp and the list of files it keeps (the section "installable and offline" below).

Standard library and this project's src/ only.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
WEB_DIR = ROOT / "web"
PACKAGE_DIR = ROOT / "src" / "npuzzle"
NODE_MODULES = ROOT / "node_modules"
DEFAULT_DEST = ROOT / "dist"

PYODIDE_SUBDIR = "pyodide"
PYSCRIPT_SUBDIR = "pyscript"
MICROPYTHON_SUBDIR = "micropython"
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
# The plain build: the ulab and settrace variants are not used.
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
PACKAGE_ZIP = "npuzzle.zip"
TABLES_SUBDIR = "pdb"
TABLES_INDEX = "index.json"
CONFIG_NAME = "pyscript.json"
OPENING_CONFIG_NAME = "opening.json"
# Written into every build; a non-empty folder without it is never deleted.
MARKER_NAME = ".npuzzle-site"

# What Pyodide loads at run time. pyodide.asm.* covers pyodide.asm.mjs (or .js in older
# releases) and pyodide.asm.wasm. Without pyodide-lock.json start-up hangs after a 404.
PYODIDE_FILES = ("pyodide.mjs", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_GLOBS = ("pyodide.asm.*",)

WEB_SUFFIXES = frozenset({".html", ".css", ".py", ".json", ".svg", ".png", ".ico", ".txt"})
PACKAGE_SUFFIXES = frozenset({".py", ".typed"})

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}


class BuildError(Exception):
    """A build failure with a one-line message for the user."""


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


# ------------------------------------------------------------------------ copying


def _copy_file(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _files_under(folder: Path, suffixes: Iterable[str] | None = None) -> list[Path]:
    wanted = frozenset(suffixes) if suffixes is not None else None
    return sorted(
        path
        for path in folder.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and (wanted is None or path.suffix in wanted)
    )


def copy_web(web_dir: Path, dest: Path) -> list[Path]:
    """Copy the page, styles and PyScript code from web/ into dest: web/'s own files and
    those of its folders (page/, worker/, opening/: where each runs) side by side at the
    site's root, where Pyodide and MicroPython import them by name."""
    if not (web_dir / "index.html").is_file():
        raise BuildError(f"{web_dir / 'index.html'} is missing")
    copied: dict[str, Path] = {}
    for src in _files_under(web_dir, WEB_SUFFIXES):
        if src.name in copied:
            raise BuildError(f"{src} and {copied[src.name]}: two files of web/ named alike")
        _copy_file(src, dest / src.name)
        copied[src.name] = src
    return [dest / name for name in copied]


def web_modules(web_dir: Path) -> list[str]:
    """The page's helper modules, as served: web/**/*.py but the entry scripts."""
    return [p.name for p in _files_under(web_dir, {".py"}) if p.name not in ENTRY_SCRIPTS]


def zip_files(folder: Path, names: Iterable[str], archive: Path) -> Path:
    """Zip the files of folder named (paths relative to it, with /), ready to unpack into a
    folder on sys.path."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(names):
            # Fixed timestamps keep the archive byte-identical between builds.
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, (folder / name).read_bytes())
    return archive


def package_files(package_dir: Path) -> list[Path]:
    """The files of the package that the site ships (its sources and data)."""
    if not (package_dir / "__init__.py").is_file():
        raise BuildError(f"{package_dir / '__init__.py'} is missing: nothing to ship")
    return _files_under(package_dir, PACKAGE_SUFFIXES)


def zip_package(package_dir: Path, archive: Path) -> Path:
    """Zip the package as <name>/..., ready to unpack into a folder on sys.path."""
    names = [
        (Path(package_dir.name) / p.relative_to(package_dir)).as_posix()
        for p in package_files(package_dir)
    ]
    return zip_files(package_dir.parent, names, archive)


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
        _copy_file(src, dst)
        copied.append(dst)
    return copied


def copy_pyscript(node_modules: Path, dest: Path) -> list[Path]:
    """Copy the whole @pyscript/core/dist folder (chunk names carry build hashes)."""
    src_dir = node_modules / "@pyscript" / "core" / "dist"
    if not (src_dir / "core.js").is_file():
        raise BuildError(f"{src_dir / 'core.js'} is missing")
    copied = []
    for src in _files_under(src_dir):
        if src.suffix == ".map":
            continue
        dst = dest / src.relative_to(src_dir)
        _copy_file(src, dst)
        copied.append(dst)
    return copied


def copy_micropython(node_modules: Path, dest: Path) -> list[Path]:
    """Copy the MicroPython runtime of the opening (web/opening.py): about 0.5 MB."""
    src_dir = node_modules / MICROPYTHON_PACKAGE
    missing = [name for name in MICROPYTHON_FILES if not (src_dir / name).is_file()]
    if missing:
        raise BuildError(f"micropython files missing from {src_dir}: {', '.join(missing)}")
    copied = []
    for name in MICROPYTHON_FILES:
        _copy_file(src_dir / name, dest / name)
        copied.append(dest / name)
    return copied


# Loaded by <script> tags, not imported: web/page/main.py on the main thread, web/worker/worker.py
# in the solver worker and helper.py in the helper workers (Pyodide; web/worker/team.py),
# web/opening/opening.py in MicroPython.
ENTRY_SCRIPTS = ("main.py", "worker.py", "helper.py", "opening.py")
# What the opening imports (MicroPython, its own config): the grid's markup, keys and swipes.
OPENING_MODULES = ("gridcommon.py",)


def copy_tables(package_dir: Path, dest: Path, *, jobs: int | None = None) -> list[Path]:
    """Build (once: npuzzle.heuristics.pdbbuild caches them) and copy the pattern databases
    the page may ask for, with an index of their sizes (the page's progress bar reads it)."""
    sys.path.insert(0, str(package_dir.parent))
    try:
        from npuzzle.heuristics import pdbbuild
    finally:
        sys.path.pop(0)
    names = pdbbuild.shipped_names()

    def report(name: str, seconds: float) -> None:
        print(f"built pattern database {name} in {seconds:.1f} s", flush=True)

    pdbbuild.ensure(names, jobs=jobs or os.cpu_count() or 1, report=report)
    folder = pdbbuild.cache_dir()
    if folder is None:
        raise BuildError("no disk cache for the pattern databases")
    dest.mkdir(parents=True, exist_ok=True)
    out = []
    for name in names:
        _copy_file(folder / name, dest / name)
        out.append(dest / name)
    index = {"tables": {p.name: p.stat().st_size for p in out}}
    (dest / TABLES_INDEX).write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return out


def pyscript_config(web_modules: Iterable[str] = ()) -> dict[str, object]:
    """The PyScript config: local interpreter, the package zip unpacked into ./, and the
    page's own helper modules (web/**/*.py other than the entry scripts) importable."""
    files: dict[str, str] = {f"./{PACKAGE_ZIP}": "./*"}
    for name in sorted(web_modules):
        files[f"./{name}"] = f"./{name}"
    return {"interpreter": f"./{PYODIDE_SUBDIR}/pyodide.mjs", "files": files}


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
    _check_dest(dest)
    node_modules = ensure_node_modules(root)
    _prepare_dest(dest)
    copy_web(root / "web", dest)
    modules = web_modules(root / "web")
    copy_tables(package_dir, dest / TABLES_SUBDIR)
    copy_pyodide(node_modules, dest / PYODIDE_SUBDIR)
    package_with_bytecode(package_dir, dest, modules, node_modules / "pyodide")
    copy_pyscript(node_modules, dest / PYSCRIPT_SUBDIR)
    copy_micropython(node_modules, dest / MICROPYTHON_SUBDIR)
    opening = {
        "interpreter": f"./{MICROPYTHON_SUBDIR}/micropython.mjs",
        "files": {f"./{name}": f"./{name}" for name in OPENING_MODULES},
    }
    (dest / OPENING_CONFIG_NAME).write_text(json.dumps(opening) + "\n", encoding="utf-8")
    config = json.dumps(pyscript_config(modules), indent=2) + "\n"
    (dest / CONFIG_NAME).write_text(config, encoding="utf-8")
    write_app_files(root / "web", dest)
    write_service_worker(root / "web", dest)  # last: it lists the finished dest
    return dest


def tree_size(folder: Path) -> int:
    """Total size in bytes of the files under folder."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# ----------------------------------------------------------------------- bytecode
# Pyodide compiles every module it imports from source, on each visit and in each interpreter
# (the page's and the solver worker's), its own standard library included: seconds of a cold
# start. bytecode.mjs, run by Node with the site's own Pyodide, compiles them at build time
# (README, "Opening at once"). Without Node, or if it fails, the site ships sources alone and
# the build says so.

BYTECODE_SCRIPT = "bytecode.mjs"
BYTECODE_TIMEOUT = 600  # seconds; about 10 s on a quiet 2-core machine
STDLIB_ZIP = "python_stdlib.zip"


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
            [node, os.fspath(ROOT / BYTECODE_SCRIPT), os.fspath(job_file)],
            capture_output=True,
            text=True,
            timeout=BYTECODE_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BytecodeError(f"could not run {BYTECODE_SCRIPT}: {exc}") from exc
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines() or ["no message"]
        raise BytecodeError(f"{BYTECODE_SCRIPT} failed (exit {proc.returncode}): {lines[-1]}")
    try:
        report: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError) as exc:
        raise BytecodeError(f"{BYTECODE_SCRIPT} printed no report") from exc
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
            name = (Path(package_dir.name) / path.relative_to(package_dir)).as_posix()
            _copy_file(path, folder / name)
            sources[name] = False
        for name in web_modules:
            _copy_file(dest / name, folder / name)
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


# -------------------------------------------------------- installable and offline
# The web app manifest, its icons (drawn here: no outside assets) and the service worker
# (web/service-worker.js) with the build's stamp and the list of files it keeps for offline
# visits, made from the finished dest/ folder. See the README's "The static site".

MANIFEST_NAME = "manifest.webmanifest"
ICONS_SUBDIR = "icons"
SERVICE_WORKER = "service-worker.js"
# The line of web/service-worker.js that the copy in dest/ gets with this build's values.
_SW_BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.MULTILINE)
# An XML namespace is a name, never fetched (the tests' offsite-URL check knows it).
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
# (file name, pixels, drawn full-bleed (maskable, apple-touch) or as a rounded board)
PNG_ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
)
# The page's light palette (style.css's first :root block) gives the icons their colours.
_PALETTE_NAMES = ("bg", "board", "tile", "hint")
TILE_ROUNDING = 0.12  # a tile's corner radius over its side


def light_palette(css: str) -> dict[str, str]:
    """The colours named in _PALETTE_NAMES (as #rrggbb) from style.css's first :root block."""
    block = re.search(r":root\s*\{(.*?)\}", css, re.DOTALL)
    found = dict(re.findall(r"--([\w-]+)\s*:\s*(#[0-9a-fA-F]{6})\s*;", block[1] if block else ""))
    missing = [name for name in _PALETTE_NAMES if name not in found]
    if missing:
        raise BuildError(f"style.css's :root has no #rrggbb {', '.join('--' + n for n in missing)}")
    return {name: found[name].lower() for name in _PALETTE_NAMES}


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@dataclass(frozen=True)
class IconLayout:
    """The icon in units of its side: a 3x3 board with the gap bottom right and the tile
    beside it in the hint's colour, as the page draws them."""

    inset: float  # the board's margin (0: full-bleed)
    radius: float  # the board's corner radius
    start: float  # the first row's top, the first column's left
    pitch: float  # from one row (or column) to the next
    side: float  # a tile's side
    cells: dict[tuple[int, int], str]  # (row, column) -> palette name; the gap has none

    @classmethod
    def of(cls, full_bleed: bool) -> IconLayout:
        """Full-bleed icons (maskable, apple-touch) keep the tiles inside the middle 62%,
        within the circle a maskable icon's mask leaves."""
        inset, radius = (0.0, 0.0) if full_bleed else (0.03, 0.16)
        box = 0.62 if full_bleed else 0.94 - 2 * inset
        gap = box * 0.035
        side = (box - 4 * gap) / 3
        cells = {(r, c): "tile" for r in range(3) for c in range(3)}
        del cells[2, 2]
        cells[2, 1] = "hint"
        return cls(inset, radius, (1 - box) / 2 + gap, side + gap, side, cells)


def _cover(qx: float, qy: float, r: float) -> float:
    """How much of a pixel a rounded square of corner radius r covers (0..1), from the
    pixel centre's offsets past the square's straight part on each axis (q = |p - centre| -
    (half side - r)): its signed distance to the edge, as an edge one pixel wide."""
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r
    return min(max(0.5 - outside, 0.0), 1.0)


def draw_icon(size: int, palette: dict[str, str], *, full_bleed: bool) -> bytes:
    """A PNG (RGBA) of the board icon, size by size pixels."""
    at = IconLayout.of(full_bleed)
    rgb = {name: _rgb(palette[name]) for name in ("board", "tile", "hint")}
    board_half, board_r = (1 - 2 * at.inset) * size / 2, at.radius * size
    tile_r = at.side * TILE_ROUNDING * size

    def axis(pixel: int) -> tuple[int, float, float]:
        """(nearest row or column, q for its tiles, q for the board) at a pixel's centre."""
        p = (pixel + 0.5) / size
        index = min(max(int((p - at.start + (at.pitch - at.side) / 2) // at.pitch), 0), 2)
        tile_q = abs(p - at.start - index * at.pitch - at.side / 2) * size
        return (
            index,
            tile_q - (at.side * size / 2 - tile_r),
            abs(p - 0.5) * size - (board_half - board_r),
        )

    columns = [axis(x) for x in range(size)]

    def row_of(row: int, tile_qy: float, board_qy: float) -> bytes:
        out = bytearray(b"\0")  # PNG filter type 0
        for column, tile_qx, board_qx in columns:
            alpha = 255 if full_bleed else round(255 * _cover(board_qx, board_qy, board_r))
            name = at.cells.get((row, column))
            colour: tuple[int, ...] = rgb["board"]
            if name is not None and (cover := _cover(tile_qx, tile_qy, tile_r)) > 0:
                colour = tuple(
                    round(b + (t - b) * cover) for b, t in zip(colour, rgb[name], strict=True)
                )
            out += bytes((*colour, alpha))
        return bytes(out)

    # Past a radius's reach (|q| clamped) rows are alike: each distinct row is drawn once.
    rows = []
    for y in range(size):
        row, tile_qy, board_qy = axis(y)
        key = (
            row,
            min(max(tile_qy, 0.0), tile_r + 0.5),
            min(max(board_qy, 0.0), board_r + 0.5),
        )
        rows.append(key)
    drawn = {key: row_of(*key) for key in set(rows)}
    return _png(size, size, b"".join(drawn[key] for key in rows))


def _png(width: int, height: int, filtered_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(filtered_rows, 9))
        + chunk(b"IEND", b"")
    )


def icon_svg(palette: dict[str, str]) -> str:
    """The same board icon as SVG (the page's favicon, any size)."""
    at = IconLayout.of(False)

    def n(value: float) -> str:
        return f"{value * 100:.2f}".rstrip("0").rstrip(".")

    board = n(1 - 2 * at.inset)
    shapes = [
        f'<rect x="{n(at.inset)}" y="{n(at.inset)}" width="{board}" height="{board}" '
        f'rx="{n(at.radius)}" fill="{palette["board"]}"/>'
    ]
    shapes += [
        f'<rect x="{n(at.start + c * at.pitch)}" y="{n(at.start + r * at.pitch)}" '
        f'width="{n(at.side)}" height="{n(at.side)}" rx="{n(at.side * TILE_ROUNDING)}" '
        f'fill="{palette[name]}"/>'
        for (r, c), name in sorted(at.cells.items())
    ]
    body = "\n  ".join(shapes)
    size = 'width="100" height="100" viewBox="0 0 100 100"'
    return f'<svg xmlns="{SVG_NAMESPACE}" {size}>\n  {body}\n</svg>\n'


def app_manifest(palette: dict[str, str]) -> dict[str, object]:
    """The web app manifest: every URL relative to it, so the site works under any path."""
    icons: list[dict[str, str]] = [
        {"src": f"{ICONS_SUBDIR}/{name}", "sizes": f"{px}x{px}", "type": "image/png"}
        for name, px, _full in PNG_ICONS
        if name.startswith(("icon-", "maskable-"))
    ]
    icons[-1]["purpose"] = "maskable"
    icons.append({"src": f"{ICONS_SUBDIR}/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    return {
        "name": "npuzzle",
        "short_name": "npuzzle",
        "description": "Play sliding-tile puzzles and watch heuristic searches solve them, "
        "step by step, in Python in the browser; works offline once visited.",
        "lang": "en",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": palette["bg"],
        "theme_color": palette["bg"],
        "icons": icons,
    }


def write_app_files(web_dir: Path, dest: Path) -> list[Path]:
    """Draw the icons and write the manifest into dest, in the page's colours."""
    palette = light_palette((web_dir / "style.css").read_text(encoding="utf-8"))
    folder = dest / ICONS_SUBDIR
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, px, full_bleed in PNG_ICONS:
        (folder / name).write_bytes(draw_icon(px, palette, full_bleed=full_bleed))
        written.append(folder / name)
    (folder / "icon.svg").write_text(icon_svg(palette), encoding="utf-8")
    manifest = json.dumps(app_manifest(palette), indent=2) + "\n"
    (dest / MANIFEST_NAME).write_text(manifest, encoding="utf-8")
    return [*written, folder / "icon.svg", dest / MANIFEST_NAME]


# The libraries behind PyScript's code editor and terminal (CodeMirror, xterm.js): its plugins
# are always loaded, and import them only for a <py-editor> or a terminal, which the page has
# not (0.8 MB).
UNUSED_PYSCRIPT = ("codemirror", "xterm")


def precached(dest: Path) -> dict[str, str]:
    """Every file of the finished site a visit may need, by its path from dest (with /), with
    its Subresource Integrity hash: everything but the pattern databases (kept on demand by
    web/tables.py in a Cache Storage of their own), PyScript's unused libraries, the service
    worker and the build marker."""
    files = {}
    for path in _files_under(dest):
        rel = path.relative_to(dest).as_posix()
        unused = rel.startswith(f"{PYSCRIPT_SUBDIR}/") and path.name.startswith(UNUSED_PYSCRIPT)
        if (
            unused
            or rel in (SERVICE_WORKER, MARKER_NAME)
            or (rel.startswith(f"{TABLES_SUBDIR}/") and rel != f"{TABLES_SUBDIR}/{TABLES_INDEX}")
        ):
            continue
        digest = hashlib.sha256(path.read_bytes()).digest()
        files[rel] = "sha256-" + base64.b64encode(digest).decode("ascii")
    return files


def write_service_worker(web_dir: Path, dest: Path) -> str:
    """Write web/service-worker.js into dest with this build's file list and stamp (a hash of
    the files' names and contents: any change is a new stamp, a new cache); return the
    stamp. Run last: it lists dest as it is."""
    template = (web_dir / SERVICE_WORKER).read_text(encoding="utf-8")
    if len(_SW_BUILD_LINE.findall(template)) != 1:
        raise BuildError(f"{web_dir / SERVICE_WORKER} needs exactly one 'const BUILD = ...;' line")
    files = precached(dest)
    stamp = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    build_line = "const BUILD = " + json.dumps({"stamp": stamp, "files": files}) + ";"
    script = _SW_BUILD_LINE.sub(lambda _match: build_line, template)
    (dest / SERVICE_WORKER).write_text(script, encoding="utf-8")
    return stamp


# ------------------------------------------------------------------------ serving


_EXTENSIONS_MAP = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}


# How long browsers may keep a file without asking again: as GitHub Pages serves a site
# (README, "Publishing it"). Chromium keeps the code it compiles (Pyodide's WebAssembly, the
# JavaScript) with a cached file; with "no-cache" every file was asked for again and its
# traces showed none of that code reused: Pyodide compiled anew on every visit, about 0.8 s
# more to a second visit on a 2-core machine (README, "Opening at once").
CACHE_SECONDS = 600


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the module/wasm MIME types, cached as a static host caches them
    (after a rebuild, a reload that bypasses the cache shows it at once)."""

    extensions_map = _EXTENSIONS_MAP
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", f"max-age={CACHE_SECONDS}")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    quiet = True


class SiteServer(http.server.ThreadingHTTPServer):
    """Threaded server that does not print a traceback when a client hangs up early."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(root: Path, port: int = 8000, *, quiet: bool = False) -> SiteServer:
    """An HTTP server for root on 127.0.0.1:port (port 0 picks a free port); not started.
    It only ever listens on the loopback address."""
    handler_class = QuietSiteHandler if quiet else SiteHandler
    handler = functools.partial(handler_class, directory=os.fspath(root))
    return SiteServer(("127.0.0.1", port), handler)


def server_url(server: http.server.HTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


def serve(root: Path, port: int = 8000) -> None:
    """Serve root on 127.0.0.1 until Ctrl-C."""
    try:
        server = make_server(root, port)
    except (OSError, OverflowError) as exc:
        detail = getattr(exc, "strerror", None) or exc
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {detail}") from exc
    with server:
        print(f"Serving {root} at {server_url(server)} (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped", flush=True)


# ---------------------------------------------------------------------------- CLI


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Build or serve the npuzzle static site.")
    sub = parser.add_subparsers(dest="command")
    build_cmd = sub.add_parser("build", help="assemble the site (the default)")
    build_cmd.add_argument("--dest", type=Path, default=DEFAULT_DEST, help="output folder")
    serve_cmd = sub.add_parser("serve", help="build, then serve on 127.0.0.1")
    serve_cmd.add_argument("--dest", type=Path, default=DEFAULT_DEST, help="output folder")
    serve_cmd.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    command = args.command or "build"
    dest: Path = getattr(args, "dest", DEFAULT_DEST)
    try:
        out = build(dest)
        print(f"built {out} ({tree_size(out) / 1e6:.1f} MB)", flush=True)
        if command == "serve":
            serve(out, args.port)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
