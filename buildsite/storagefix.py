"""PyScript made to start where the browser refuses storage: a cross-origin <iframe> with
third-party storage blocked (Chromium's setting "Block third-party cookies", its incognito
windows' default, and the headless Chromium of the tests), or a sandboxed frame.

PyScript (0.7.31, through polyscript 0.20.20 and @webreflection/idb-map) opens an IndexedDB
database before it loads Pyodide, in the page and in every worker, to cache the lock file of
the packages it installs (this site installs none), and awaits it. Where storage is refused
that start never ends: in a frame of an http(s) page the open fails, and idb-map makes the
failure fatal (``IDBMapSync.sync()`` rejects with the error event, which the solver worker
then posts to the page and cannot clone: the page sees an error ``MessageEvent`` and never
becomes ready); under a top page of an opaque origin the open is not answered at all, and
the start waits for ever. And at load PyScript opens a second database, for its ``fs`` module
(which this site never uses), whose failure is an uncaught error twice over: the request's
``onerror`` dispatches the error event again on the request it is being dispatched on ("The
event is already being dispatched"), and nothing handles the rejection.

The fixes, applied to the copy in the site (node_modules is left as npm installed it):
Pyodide's start keeps that cache in memory (empty, as it always is here) and opens no
database; the ``fs`` database's failure is only passed on, to the calls that use it (none).
Each piece of text must be found exactly as often as expected, so that another PyScript says
at build time that this module needs a look.
"""

from __future__ import annotations

import re
from pathlib import Path

from buildsite.layout import BuildError

# Where the code is: the core chunk holds it twice, for the page and inside the workers'
# source (a string).
CHUNK = re.compile(r"core-[\w-]+\.js")
COPIES = 2
# (what, the code, the fixed code), each found COPIES times.
FIXES = (
    (
        "Pyodide's start: its packages' cache, an IDBMapSync, is a map in memory",
        re.compile(r"(\w)=new \w\(`\$\{(\w)\}@\$\{(\w)\}`\)"),
        r"\1=Object.assign(new Map,{sync(){},close(){}})",
    ),
    (
        "IDBMap's open request rejects, without dispatching its event again on itself",
        re.compile(r"onerror\((\w)\)\{(\w)\(\1\),this\.dispatchEvent\(\1\)\}"),
        r"onerror(\1){\2(\1)}",
    ),
    (
        "IDBMap's database, refused, is a failure for the calls that use it alone",
        re.compile(
            r"(this\.(#\w+)=new Promise\(\(\w,\w\)=>\{\w\(indexedDB\.open\("
            r".{0,400}?return \w\}\))\}"
        ),
        r"\1,this.\2.catch(()=>{})}",
    ),
)


def patch_text(text: str, where: str) -> str:
    """``text`` (PyScript's core chunk) with the fixes, or a BuildError if one is not found
    exactly :data:`COPIES` times."""
    for what, code, fixed in FIXES:
        text, found = code.subn(fixed, text)
        if found != COPIES:
            raise BuildError(
                f"{where}: expected PyScript's storage code {COPIES} times, found {found} "
                f"({what}): another PyScript? See buildsite/storagefix.py"
            )
    return text


def patch_pyscript(folder: Path) -> Path:
    """Fix the core chunk of the PyScript copied into ``folder``; return its path."""
    chunks = [p for p in folder.iterdir() if CHUNK.fullmatch(p.name)]
    if len(chunks) != 1:
        raise BuildError(f"{folder}: expected one core-*.js, found {len(chunks)}")
    chunk = chunks[0]
    chunk.write_text(patch_text(chunk.read_text(encoding="utf-8"), str(chunk)), encoding="utf-8")
    return chunk
