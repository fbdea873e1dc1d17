"""The pattern databases of the pdb heuristic that the page may ask for, copied into the site
with an index of their sizes (the page's progress bar reads it).

They are built by npuzzle.heuristics.pdbbuild in this Python and kept in its disk cache
($NPUZZLE_CACHE or ~/.cache/npuzzle), so that only the first build spends the few minutes
they take. The large tables (pdbbuild.large_names: 17 minutes each) are not built: they are
committed in prebuilt/ and copied from there, checked, and never put into the disk cache. The
page fetches them on demand; they are not in the service worker's list.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from buildsite.layout import TABLES_DIR, TABLES_INDEX, BuildError


def copy_tables(
    package_dir: Path, dest: Path, *, jobs: int | None = None, prebuilt: Path = TABLES_DIR
) -> list[Path]:
    """Build (once: npuzzle.heuristics.pdbbuild caches them) and copy the pattern databases
    the page may ask for, and the large ones from ``prebuilt``, with an index of their sizes
    (the page's progress bar reads it)."""
    # So that `python3 build.py` needs no npuzzle installed: the shipped package's folder.
    sys.path.insert(0, str(package_dir.parent))
    try:
        from npuzzle.core.board import PuzzleError
        from npuzzle.heuristics import pdbbuild, pdbcache
    finally:
        sys.path.pop(0)
    names = pdbbuild.shipped_names()

    def report(name: str, seconds: float) -> None:
        print(f"built pattern database {name} in {seconds:.1f} s", flush=True)

    def tell(text: str) -> None:
        print(f"build.py: {text}", flush=True)

    dest.mkdir(parents=True, exist_ok=True)
    out = []
    notice, pdbbuild.on_notice = pdbbuild.on_notice, tell
    try:
        # every cached table is checked (a damaged one is built again), and checked again
        # as it is copied: the site never ships a damaged one
        pdbbuild.ensure(names, jobs=jobs or os.cpu_count() or 1, report=report)
        for name in names:
            data = pdbcache.cached(name)
            if data is None:
                raise BuildError(f"pattern database {name} is not in {pdbcache.cache_dir()}")
            (dest / name).write_bytes(data)
            out.append(dest / name)
        for w, h in pdbbuild.SHIPPED_SHAPES:
            for name in pdbbuild.large_names(w, h):
                try:
                    data = (prebuilt / name).read_bytes()
                except OSError as exc:
                    raise BuildError(f"{prebuilt / name} cannot be read ({exc.strerror})") from None
                pdbcache.check(name, data)  # the header and the whole file's checksum
                (dest / name).write_bytes(data)
                out.append(dest / name)
    except (PuzzleError, pdbcache.CacheError) as exc:
        raise BuildError(str(exc)) from None
    finally:
        pdbbuild.on_notice = notice
    index = {"tables": {p.name: p.stat().st_size for p in out}}
    (dest / TABLES_INDEX).write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return out
