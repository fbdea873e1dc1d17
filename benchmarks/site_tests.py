"""What a browser test's page costs before the test starts: a page of a new context against
the page the tests take in turn (``SharedPage`` in tests/browser/sitekit.py).

Builds the site with build.py into a temporary folder, serves it on a free port of
127.0.0.1 and launches Chromium as the tests do, with every request routed through a guard
as theirs are. Then, ``--visits`` times each (the first of each kind is not counted: it
starts the browser's own processes):

- **new context**: a new context and page, the page opened, until the solver worker has
  answered (``data-worker-ready``); the context closed;
- **shared page**: the same, on the shared page (its context blocks service workers), after
  ``give_back()`` (about:blank, the origin's storage cleared, viewport and media set back).

For each: the median and extremes of the wall time and of the machine's CPU time
(``/proc/stat``: every process, so run it on an otherwise idle machine).

    .venv/bin/python benchmarks/site_tests.py [--visits 8] [--chromium PATH]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
from sitekit import (  # noqa: E402
    CHROMIUM,
    PageWatch,
    SharedPage,
    built_and_served,
    load,
    wait_worker,
)

LINK = "#board=8,6,7/2,5,4/3,0,1"


def cpu_seconds() -> float:
    """CPU seconds the whole machine has spent (user, nice and system)."""
    with open("/proc/stat", encoding="ascii") as stat:
        fields = stat.readline().split()[1:4]
    return sum(int(f) for f in fields) / 100  # USER_HZ


def visit(page: Page, url: str) -> None:
    load(page, url + LINK)
    wait_worker(page)


def measure(what: str, visits: int, one: Callable[[], None]) -> None:
    walls, cpus = [], []
    for n in range(visits + 1):
        cpu, wall = cpu_seconds(), time.perf_counter()
        one()
        if n:  # the first starts the browser's own processes
            walls.append(time.perf_counter() - wall)
            cpus.append(cpu_seconds() - cpu)
    print(
        f"{what:12} wall {statistics.median(walls):.2f} s ({min(walls):.2f}-{max(walls):.2f}), "
        f"CPU {statistics.median(cpus):.2f} s ({min(cpus):.2f}-{max(cpus):.2f})",
        flush=True,
    )


def new_context(browser: Browser, url: str) -> None:
    watch = PageWatch()
    context = browser.new_context()
    context.route("**/*", watch.guard)
    try:
        page = context.new_page()
        watch.watch(page)
        visit(page, url)
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=8, help="counted visits of each kind")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args()
    if args.visits < 1:
        parser.error("--visits must be at least 1")
    with built_and_served(args.chromium) as (browser, url):
        print(f"{args.visits} visits of {url}{LINK}, to the solver worker's answer", flush=True)
        measure("new context", args.visits, lambda: new_context(browser, url))
        shared = SharedPage(browser, {})

        def handed_on() -> None:
            visit(shared.take(PageWatch()), url)
            shared.give_back()

        try:
            measure("shared page", args.visits, handed_on)
        finally:
            shared.close()


if __name__ == "__main__":
    main()
