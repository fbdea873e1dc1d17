"""What the site takes from web/: the page, its styles and its PyScript code, copied as they
are; which of its Python files are entry scripts and which are modules that they import; and
the two PyScript configs that say where the interpreters and those modules are.

Everything the build knows of web/'s layout is here, the files that other steps read
included (the stylesheet, the service worker's template), so that a change of that layout
is a change of this module alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from buildsite.files import copy_file, files_under
from buildsite.layout import MICROPYTHON_SUBDIR, PACKAGE_ZIP, PYODIDE_SUBDIR, BuildError

WEB_SUFFIXES = frozenset({".html", ".css", ".py", ".json", ".svg", ".png", ".ico", ".txt"})
# Loaded by <script> tags, not imported: web/page/main.py on the main thread,
# web/worker/worker.py in the solver worker and helper.py in the helper workers (Pyodide;
# web/worker/team.py starts them), web/opening/opening.py in MicroPython.
ENTRY_SCRIPTS = ("main.py", "worker.py", "helper.py", "opening.py")
# What the opening imports (MicroPython, its own config): the grid's markup, keys and swipes.
OPENING_MODULES = ("gridcommon.py",)
# Read by other steps: the page's colours (the icons', the manifest's) and the service worker
# that offline.py writes into the site with the build's file list.
STYLESHEET = "style.css"
SERVICE_WORKER_TEMPLATE = "service-worker.js"

CONFIG_NAME = "pyscript.json"
OPENING_CONFIG_NAME = "opening.json"


def copy_web(web_dir: Path, dest: Path) -> list[Path]:
    """Copy the page, styles and PyScript code from web/ into dest: web/'s own files and
    those of its folders (page/, worker/, opening/: where each runs) side by side at the
    site's root, where Pyodide and MicroPython import them by name."""
    if not (web_dir / "index.html").is_file():
        raise BuildError(f"{web_dir / 'index.html'} is missing")
    copied: dict[str, Path] = {}
    for src in files_under(web_dir, WEB_SUFFIXES):
        if src.name in copied:
            raise BuildError(f"{src} and {copied[src.name]}: two files of web/ named alike")
        copy_file(src, dest / src.name)
        copied[src.name] = src
    return [dest / name for name in copied]


def web_modules(web_dir: Path) -> list[str]:
    """The page's helper modules (web/**/*.py but the entry scripts) by their names in the
    site: the PyScript config makes them importable, and they are compiled to bytecode."""
    return sorted(p.name for p in files_under(web_dir, {".py"}) if p.name not in ENTRY_SCRIPTS)


def pyscript_config(web_modules: Iterable[str] = ()) -> dict[str, object]:
    """The PyScript config: local interpreter, the package zip unpacked into ./, and the
    page's own helper modules (web/**/*.py other than the entry scripts) importable."""
    files: dict[str, str] = {f"./{PACKAGE_ZIP}": "./*"}
    for name in sorted(web_modules):
        files[f"./{name}"] = f"./{name}"
    return {"interpreter": f"./{PYODIDE_SUBDIR}/pyodide.mjs", "files": files}


def opening_config() -> dict[str, object]:
    """The opening's config: the MicroPython copied into the site, and the modules it
    imports."""
    return {
        "interpreter": f"./{MICROPYTHON_SUBDIR}/micropython.mjs",
        "files": {f"./{name}": f"./{name}" for name in OPENING_MODULES},
    }


def write_configs(dest: Path, web_modules: Iterable[str]) -> list[Path]:
    """Write the opening's config and the PyScript config into dest."""
    opening = dest / OPENING_CONFIG_NAME
    opening.write_text(json.dumps(opening_config()) + "\n", encoding="utf-8")
    config = dest / CONFIG_NAME
    config.write_text(json.dumps(pyscript_config(web_modules), indent=2) + "\n", encoding="utf-8")
    return [opening, config]
