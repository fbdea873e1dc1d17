"""What makes the site installable and lets it open offline: the web app manifest (with the
icons of icons.py, in the page's colours) and the service worker, web/service-worker.js with
this build's stamp and the list of files it keeps (docs/site.md, "The static site").

The worker's list is made from the finished site, so it is written last: every file a visit
may need, with its Subresource Integrity hash, and a stamp that is a hash of them all (any
change of a file is a new stamp, a new cache; the same sources built again, the same stamp).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from buildsite import icons, page
from buildsite.files import files_under
from buildsite.layout import MARKER_NAME, PYSCRIPT_SUBDIR, TABLES_INDEX, TABLES_SUBDIR, BuildError

MANIFEST_NAME = "manifest.webmanifest"
SERVICE_WORKER = "service-worker.js"  # in the site; its template is page.SERVICE_WORKER_TEMPLATE
# The line of the template that the copy in dest/ gets with this build's values.
_SW_BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.MULTILINE)
# The libraries behind PyScript's code editor and terminal (CodeMirror, xterm.js): its plugins
# are always loaded, and import them only for a <py-editor> or a terminal, which the page has
# not (0.8 MB).
UNUSED_PYSCRIPT = ("codemirror", "xterm")


def app_manifest(palette: dict[str, str]) -> dict[str, object]:
    """The web app manifest: every URL relative to it, so the site works under any path."""
    folder = icons.ICONS_SUBDIR
    entries: list[dict[str, str]] = [
        {"src": f"{folder}/{name}", "sizes": f"{px}x{px}", "type": "image/png"}
        for name, px, _full in icons.PNG_ICONS
        if name.startswith(("icon-", "maskable-"))
    ]
    entries[-1]["purpose"] = "maskable"
    entries.append({"src": f"{folder}/{icons.SVG_ICON}", "sizes": "any", "type": "image/svg+xml"})
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
        "icons": entries,
    }


def write_app_files(web_dir: Path, dest: Path) -> list[Path]:
    """Draw the icons and write the manifest into dest, in the page's colours."""
    css = (web_dir / page.STYLESHEET).read_text(encoding="utf-8")
    palette = icons.light_palette(css)
    written = icons.write_icons(palette, dest / icons.ICONS_SUBDIR)
    manifest = json.dumps(app_manifest(palette), indent=2) + "\n"
    (dest / MANIFEST_NAME).write_text(manifest, encoding="utf-8")
    return [*written, dest / MANIFEST_NAME]


def precached(dest: Path) -> dict[str, str]:
    """Every file of the finished site a visit may need, by its path from dest (with /), with
    its Subresource Integrity hash: everything but the pattern databases (kept on demand by
    web/worker/tables.py in a Cache Storage of their own), PyScript's unused libraries, the service
    worker and the build marker."""
    files = {}
    for path in files_under(dest):
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
    source = web_dir / page.SERVICE_WORKER_TEMPLATE
    template = source.read_text(encoding="utf-8")
    if len(_SW_BUILD_LINE.findall(template)) != 1:
        raise BuildError(f"{source} needs exactly one 'const BUILD = ...;' line")
    files = precached(dest)
    stamp = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    build_line = "const BUILD = " + json.dumps({"stamp": stamp, "files": files}) + ";"
    script = _SW_BUILD_LINE.sub(lambda _match: build_line, template)
    (dest / SERVICE_WORKER).write_text(script, encoding="utf-8")
    return stamp
