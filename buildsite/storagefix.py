"""PyScript made to start where the browser refuses storage: a cross-origin <iframe> with
third-party storage blocked (Chromium's setting "Block third-party cookies", its incognito
windows' default, and the headless Chromium of the tests), or a sandboxed frame.

PyScript (0.7.31, through polyscript 0.20.20 and @webreflection/idb-map) opens an IndexedDB
database before it loads Pyodide, in the page and in every worker, to cache the packages it
installs (this site installs none). Where IndexedDB is refused that open fails, and two
faults of idb-map make the failure fatal:

- the request's ``onerror`` dispatches the error event again on the request it is being
  dispatched on: an uncaught "The event is already being dispatched" in the console;
- ``IDBMapSync.sync()`` rejects with that event, and Pyodide's start awaits it: Pyodide never
  loads. In the solver worker the error is then posted to the page and cannot be cloned (an
  Event), so the page sees only an error ``MessageEvent`` and never becomes ready.

The fixes, applied to the copy in the site (node_modules is left as npm installed it): the
error is only passed on, a database that cannot be opened rejects only the calls that use it
(PyScript's own file-system module opens one at load and never uses it), and Pyodide's start
takes it as a map in memory, empty, that stores nothing. Each piece of text must be found
exactly as often as expected, so that another PyScript says at build time that this module
needs a look.
"""

from __future__ import annotations

import re
from pathlib import Path

from buildsite.layout import BuildError

# Where idb-map's code is: the core chunk holds it twice, for the page and inside the
# workers' source (a string).
CHUNK = re.compile(r"core-[\w-]+\.js")
COPIES = 2
# (what, the code, the fixed code), each found COPIES times.
FIXES = (
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
    (
        "IDBMapSync's first read, failed, leaves the map in memory alone (writes go nowhere)",
        re.compile(
            re.escape("this.#o=this.#s.entries().then(e=>{for(const[t,n]of e)super.set(t,n)})")
        ),
        "this.#o=this.#s.entries().then(e=>{for(const[t,n]of e)super.set(t,n)},"
        "()=>{this.#s={close(){},clear(){},delete(){},set(){}}})",
    ),
)


def patch_text(text: str, where: str) -> str:
    """``text`` (PyScript's core chunk) with the fixes, or a BuildError if one is not found
    exactly :data:`COPIES` times."""
    for what, code, fixed in FIXES:
        text, found = code.subn(fixed, text)
        if found != COPIES:
            raise BuildError(
                f"{where}: expected idb-map's code {COPIES} times, found {found} ({what}): "
                "another PyScript? See buildsite/storagefix.py"
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
