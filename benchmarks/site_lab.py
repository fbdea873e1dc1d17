"""The Lab view in headless Chromium against ``npuzzle lab`` in CPython.

Builds the site with build.py into a temporary folder, serves it on a free port of 127.0.0.1
and, for each experiment (``--experiments``, default all five), opens the page with a share
link carrying its settings (the page then runs it in the solver worker), waits for "Done",
downloads the table as CSV, and runs the same experiment with the same options and seed in
CPython. Each row: searches, seconds in the page (from the page's Python being ready, when
the link's run starts, to "Done": the worker's start and planning included), seconds in
CPython, their ratio, and whether the two tables are equal (every column but ``seconds``).
The page's defaults are used: those of ``npuzzle lab`` except ``nayak``, which the page
starts smaller (``lab.PAGE_DEFAULTS``).

    .venv/bin/python benchmarks/site_lab.py [--experiments rn,kunkle] [--chromium PATH]

Exit status 1 if a table differs.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
sys.path.insert(0, str(ROOT / "src"))
from sitekit import CHROMIUM, built_and_served, load  # noqa: E402

from npuzzle import Board, lab  # noqa: E402
from npuzzle.lab import runner  # noqa: E402
from npuzzle.teach.link import LabLink, LinkState, make_fragment  # noqa: E402

TIMEOUT_MS = 900_000


def table(text: str) -> list[dict[str, str]]:
    """CSV rows without the timing column."""
    rows = list(csv.DictReader(io.StringIO(text)))
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


def run_page(browser: Any, url: str, name: str, options: dict[str, Any]) -> tuple[float, str]:
    """Seconds from the page's start (the link's run begins) to "Done", and the CSV the page
    downloads."""
    goal = Board.goal("standard", 3, 3)
    fragment = make_fragment(LinkState(goal, goal, lab=LabLink(name, options, "1")))
    page = browser.new_page(accept_downloads=True)
    try:
        load(page, f"{url}#{fragment}")  # Python is ready: the run has just been started
        start = time.perf_counter()
        page.wait_for_function(
            "() => /^(Done|Cannot|Stopped)/.test(document.getElementById('lab-status')"
            ".textContent)",
            timeout=TIMEOUT_MS,
        )
        seconds = time.perf_counter() - start
        status = page.text_content("#lab-status") or ""
        if not status.startswith("Done"):
            raise SystemExit(f"{name}: {status}")
        with page.expect_download() as info:
            page.click("#lab-csv")
        text = Path(info.value.path()).read_text()
    finally:
        page.close()
    return seconds, text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--experiments", default=",".join(lab.EXPERIMENTS))
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", CHROMIUM))
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.experiments.split(",") if n.strip()]
    failed = False
    print("| experiment | searches | page s | CPython s | ratio | same table |")
    print("|---|---|---|---|---|---|")
    with built_and_served(args.chromium) as (browser, url):
        for name in names:
            options = lab.resolve(name, lab.PAGE_DEFAULTS.get(name))
            page_s, page_csv = run_page(browser, url, name, options)
            start = time.perf_counter()
            jobs = runner.plan(name, options, "1")
            rows = [runner.run_job(job) for job in jobs]
            ours = lab.summarize(name, rows, options, "1").to_csv()
            cpython_s = time.perf_counter() - start
            same = table(page_csv) == table(ours)
            if not same:
                for a, b in zip(table(page_csv), table(ours), strict=False):
                    if a != b:
                        print("page:   ", a, "\ncpython:", b, file=sys.stderr)
            failed |= not same
            print(
                f"| {name} | {len(jobs):,} | {page_s:.1f} | {cpython_s:.1f} | "
                f"{page_s / cpython_s:.1f} | {'yes' if same else 'NO'} |",
                flush=True,
            )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
