"""Searching in the static site, in headless Chromium: the figures of the site issue.

- time per visualizer Step (and Back) once a 4x4 A* search has an open list of 10,000+;
- the longest main-thread stall while the worker runs a long 4x4 search.

    .venv/bin/python benchmarks/site_search.py [--open 10000] [--chromium PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

from playwright.sync_api import Page
from site_load import TIMEOUT_MS
from sitekit import STALL_PROBE, built_and_served

BOARD_4X4 = "5,12,11,14/13,4,7,1/2,0,15,6/3,9,10,8"

# In the page: click a button, wait until the counters line changes, return the milliseconds.
TIMED_CLICK = """async (id) => {
  const counters = document.getElementById("counters");
  const before = counters.textContent;
  const start = performance.now();
  document.getElementById(id).click();
  while (counters.textContent === before) {
    await new Promise((r) => requestAnimationFrame(r));
  }
  return performance.now() - start;
}"""


def open_size(page: Page) -> int:
    text = page.locator("#counters").text_content() or ""
    part = next(p for p in text.split(" · ") if p.startswith("open "))
    return int(part.removeprefix("open ").replace(",", ""))


def step_figures(page: Page, url: str, wanted_open: int) -> None:
    page.goto(url + f"#board={BOARD_4X4}&goal=standard&algorithm=astar&heuristic=manhattan")
    page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=TIMEOUT_MS)
    jump = page.get_by_label("Step number")
    while True:  # the slider reaches twice as far as explored: hop until the list is big
        target = jump.get_attribute("max") or "0"
        jump.fill(target)
        page.wait_for_function(
            f"document.getElementById('counters').textContent.startsWith('Step {int(target):,} ')",
            timeout=TIMEOUT_MS * 5,
        )
        if open_size(page) >= wanted_open:
            break
    print(f"visualizer at: {page.locator('#counters').text_content()}")
    steps = [page.evaluate(TIMED_CLICK, "step") for _ in range(30)]
    backs = [page.evaluate(TIMED_CLICK, "step-back") for _ in range(30)]
    print(
        f"Step with an open list of {open_size(page):,}: median {statistics.median(steps):.1f} ms,"
        f" max {max(steps):.1f} ms; Back: median {statistics.median(backs):.1f} ms,"
        f" max {max(backs):.1f} ms (click to redrawn counters, in the page)"
    )


def worker_figures(page: Page, url: str) -> None:
    page.goto(url + f"#board={BOARD_4X4}&goal=standard&algorithm=bfs")
    page.wait_for_selector('body[data-worker-ready="true"]', state="attached", timeout=TIMEOUT_MS)
    page.get_by_role("button", name="Solve").click()
    page.wait_for_function(
        "document.getElementById('status').textContent.includes('nodes expanded')",
        timeout=TIMEOUT_MS,
    )
    worst = page.evaluate(STALL_PROBE, [5000, 20])
    print(
        f"longest main-thread gap (20 ms timer) over 5 s of a 4x4 bfs in the worker: {worst:.0f} ms"
    )
    print(f"progress then: {page.get_by_role('status').text_content()}")
    page.get_by_role("button", name="Cancel").click()
    page.wait_for_function(
        "document.getElementById('status').textContent.startsWith('Search cancelled')",
        timeout=TIMEOUT_MS,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--open", type=int, default=10_000, help="open-list size to reach")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    with built_and_served(args.chromium) as (browser, url):
        page = browser.new_page()
        worker_figures(page, url)
        step_figures(page, url, args.open)
    return 0


if __name__ == "__main__":
    sys.exit(main())
