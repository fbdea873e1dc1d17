"""Cold-load time of the static site in headless Chromium.

Builds the site with build.py into a temporary folder, serves it on a free port of
127.0.0.1, then loads it N times (default 3), each in a freshly launched browser (empty
cache), and prints the time from navigation to `body[data-ready]` (Python on the main
thread ready) and to `body[data-worker-ready]` (solver worker answered).

    .venv/bin/python benchmarks/site_load.py [--runs N] [--chromium PATH]

Needs node/npm (build.py runs `npm ci` if node_modules is missing), PyPI `playwright`
and Debian's chromium.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
from sitekit import CHROMIUM_ARGS, served  # noqa: E402

from buildsite import assemble  # noqa: E402

TIMEOUT_MS = 120_000


def measure(url: str, chromium: str) -> tuple[float, float]:
    """Seconds from navigation to data-ready and to data-worker-ready, in a new browser."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            start = time.perf_counter()
            page.goto(url)
            page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=TIMEOUT_MS)
            ready = time.perf_counter() - start
            page.wait_for_selector(
                'body[data-worker-ready="true"]', state="attached", timeout=TIMEOUT_MS
            )
            worker = time.perf_counter() - start
        finally:
            browser.close()
    return ready, worker


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        dest = assemble.build(Path(tmp) / "dist")
        print(f"dist: {assemble.tree_size(dest) / 1e6:.1f} MB")
        with served(dest) as url:
            readies, workers = [], []
            for run in range(1, args.runs + 1):
                ready, worker = measure(url, args.chromium)
                readies.append(ready)
                workers.append(worker)
                print(f"run {run}: data-ready {ready:.2f} s, data-worker-ready {worker:.2f} s")
            print(
                f"median: data-ready {statistics.median(readies):.2f} s, "
                f"data-worker-ready {statistics.median(workers):.2f} s"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
