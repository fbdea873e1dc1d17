"""The teaching views in headless Chromium: the figures of issue 12's closing note.

- ``compare-step``: Compare with four searches on a 4x4 board, the time from a Step click to
  the page redrawn (the click handler, the solver worker's answer, then the next frame), over
  ``--steps`` steps from step 0 and again from about step ``--deep`` (target: 60 ms);
- ``compare-run``: the longest main-thread stall while Compare runs those four to the end
  (target: 100 ms);
- ``visualizer-run``: the same while the visualizer runs a 4x4 A* to the end and the search
  tree catches up with it, then for a second after another algorithm drops that search;
- ``tree-step``: the visualizer's Step with a search tree of more than ``--tree-nodes`` nodes
  (a 4x4 A* opened at a step deep enough), click to redrawn, the tree included (target:
  50 ms);
- ``jump-back``: the longest stall while the visualizer runs breadth-first search on a hard 3x3
  (``LIMIT_BOARD``) to its end (past the 115,000 recorded steps, since issue 33) and the tree
  catches up, then while the Step number slider takes it back to step 0 (target: 100 ms each);
- ``drop-limit``: the same while another algorithm drops a search of as many recorded steps as
  the visualizer records (depth-first search on ``LIMIT_BOARD``) and its tree.

Stalls are the page's own long tasks (PerformanceObserver "longtask": every task over 50 ms)
and the longest gap between animation frames; Chromium's trace of the main thread adds each
task's CPU time, which on a shared machine says what the page spent when the wall time also
counts waiting for a core (the step's CPU is that of the tasks from click to redrawn). Each
figure is one function taking the browser, the site's URL and the Options, listed in
MEASUREMENTS: a new view's (the search tree's step) is one more.

    .venv/bin/python benchmarks/site_teach.py [--only compare-step,compare-run] [--steps 50]
                                               [--deep 3000] [--tree-nodes 5000]
                                               [--dist DIR] [--chromium PATH]

Builds the site into a temporary folder unless ``--dist`` names a built one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402
from sitekit import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    built_and_served,
    load,
    served,
    traced,
)

# 24 moves; A* with misplaced tiles, the slowest of the four, ends at step 10,085
COMPARE_BOARD = "6,11,0,2/1,5,10,3/9,8,15,4/13,14,12,7"
COMPARE = "astar:misplaced,astar:manhattan,astar:linear-conflict,idastar:manhattan"
# 28 moves; A* with Manhattan distance ends at step 11,750 (the visualizer stops at 100,000)
VISUALIZER_BOARD = "1,4,3,8/7,2,6,0/5,9,11,12/10,14,13,15"
# 31 moves; breadth-first search records 115,000 steps, then runs on to the goal without records
LIMIT_BOARD = "8,6,7/2,5,4/3,0,1"
RUN_TIMEOUT_MS = 600_000
# Stops Compare's Run all to end (its button reads Stop) once past step ``deep`` (the status is
# redrawn every 0.25 s while running), in the page, so that the run cannot end in between.
STOP_DEEP = """(deep) => {
  const step = +document.getElementById("compare-status").textContent.replace(/\\D/g, "");
  const end = document.getElementById("compare-end");
  if (step < deep) return false;
  if (end.textContent === "Stop") end.click();
  return true;
}"""

# In the page: click, note when the handler has returned, wait until the watched text has
# changed (at once when the handler draws; once the worker has answered when it asks the
# solver worker), then for the next frame to be drawn. [handler ms, to-redrawn ms, the watched
# text after]. Marks its start and end for the trace (MainThread.cpu_between).
TIMED_CLICK = """async ([button, watched, n]) => {
  const el = document.getElementById(watched), before = el.textContent;
  const changed = new Promise((done, fail) => {
    const seen = new MutationObserver(() => {
      if (el.textContent !== before) { seen.disconnect(); done(); }
    });
    seen.observe(el, { childList: true, characterData: true, subtree: true });
    const late = () => { seen.disconnect(); fail(new Error(`#${watched} kept: ${before}`)); };
    setTimeout(late, 10000);
  });
  const start = performance.now();
  performance.mark(`click-${n}`);
  document.getElementById(button).click();
  const handled = performance.now();
  await changed;
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  performance.mark(`redrawn-${n}`);
  return [handled - start, performance.now() - start, el.textContent];
}"""

# Starts recording long tasks and the gaps between animation frames; STALLS reads them.
# A 20 ms timer as well: a page can starve timers with short tasks alone (STALL_PROBE's way).
WATCH_STALLS = """() => {
  const w = (window.__stalls = { tasks: [], worstFrame: 0, worstTimer: 0, on: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.tasks.push(e.duration);
  }).observe({ type: "longtask" });
  let last = performance.now(), ticked = last;
  const frame = (now) => {
    w.worstFrame = Math.max(w.worstFrame, now - last);
    last = now;
    if (w.on) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const timer = setInterval(() => {
    const now = performance.now();
    w.worstTimer = Math.max(w.worstTimer, now - ticked);
    ticked = now;
    if (!w.on) clearInterval(timer);
  }, 20);
  return PerformanceObserver.supportedEntryTypes.includes("longtask");
}"""
STALLS = "() => ({ ...window.__stalls, on: (window.__stalls.on = false), now: performance.now() })"


@dataclass(frozen=True)
class Options:
    steps: int  # Step clicks timed per series
    deep: int  # Compare's second series of Step clicks starts about here (the run ends at
    # 10,085, and stops some hundreds of steps past it)
    tree_nodes: int = 5000  # the search tree's size before its Step clicks are timed


def wait_for(page: Page, predicate: str, arg: Any = None) -> None:
    """Wait until the JavaScript ``predicate`` holds, asking four times a second: cheap, unlike
    Playwright's role locators, whose polling would show up among the page's long tasks."""
    page.wait_for_function(predicate, arg=arg, polling=250, timeout=RUN_TIMEOUT_MS)


def spread(label: str, values: list[float]) -> str:
    return (
        f"{label}: median {statistics.median(values):.1f} ms, min {min(values):.1f},"
        f" max {max(values):.1f} (n = {len(values)})"
    )


def timed_clicks(browser: Browser, page: Page, button: str, watched: str, times: int) -> None:
    """Click ``#button`` ``times`` times; print the times from click to redrawn (wall and
    main-thread CPU) and of the click handler alone."""
    handled, redrawn, last = [], [], ""
    with traced(browser, page) as trace:
        for n in range(times):
            h, r, last = page.evaluate(TIMED_CLICK, [button, watched, n])
            handled.append(h)
            redrawn.append(r)
    cpu = [trace[0].cpu_between(f"click-{n}", f"redrawn-{n}") for n in range(times)]
    print(f"    {spread('click to redrawn', redrawn)}")
    print(f"    {spread('  its main-thread CPU', cpu)}")
    print(f"    {spread('handler alone', handled)}; last: {last}")


def stalls_while(
    browser: Browser, page: Page, start: Callable[[], None], done: str
) -> tuple[float, str]:
    """Watch the main thread from ``start()`` until the JavaScript ``done`` holds; return the
    seconds taken and lines on its stalls: long tasks as the page saw them, and from the trace."""
    assert page.evaluate(WATCH_STALLS), "this Chromium reports no long tasks"
    began = page.evaluate("performance.now()")
    with traced(browser, page) as trace:
        start()
        wait_for(page, done)
        stalls = page.evaluate(STALLS)  # before anything else runs in the page
    tasks = stalls["tasks"]
    longest = f"{max(tasks):.0f} ms" if tasks else "none over 50 ms"
    median = f", median {statistics.median(tasks):.0f} ms" if tasks else ""
    lines = (
        f"  long tasks: longest {longest} ({len(tasks)} over 50 ms{median}); "
        f"longest gap between frames {stalls['worstFrame']:.0f} ms, "
        f"between ticks of a 20 ms timer {stalls['worstTimer']:.0f} ms\n"
        f"  trace: {trace[0].longest()}"
    )
    return (stalls["now"] - began) / 1000, lines


def open_compare(browser: Browser, url: str) -> tuple[Page, Any]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    load(page, f"{url}#board={COMPARE_BOARD}&compare={COMPARE}")
    compare = page.get_by_role("region", name="Compare")
    expect(compare.locator(".compare-column")).to_have_count(4)
    return page, compare


# ----- the measurements ------------------------------------------------------------------------
def compare_step(browser: Browser, url: str, options: Options) -> None:
    page, compare = open_compare(browser, url)
    print(f"Compare, Step with four searches on a 4x4 ({COMPARE}):")
    print("  from step 0:")
    timed_clicks(browser, page, "compare-step", "compare-status", options.steps)
    compare.get_by_role("button", name="Run all to end").click()
    wait_for(page, STOP_DEEP, options.deep)
    if page.locator("#compare-step").is_disabled():
        print(f"  the run ended before it could be stopped past {options.deep:,}: try less")
        page.close()
        return
    # Stop is answered once the worker has drawn where the searches stopped
    expect(compare.get_by_role("button", name="Run all to end")).to_be_visible()
    print(f"  from {compare.get_by_role('status').text_content()}")
    timed_clicks(browser, page, "compare-step", "compare-status", options.steps)
    page.close()


def compare_run(browser: Browser, url: str, options: Options) -> None:
    page, compare = open_compare(browser, url)
    took, stalls = stalls_while(
        browser,
        page,
        compare.get_by_role("button", name="Run all to end").click,
        "document.getElementById('compare-table') !== null",
    )
    print(f"Compare, Run all to end ({took:.1f} s; {compare.get_by_role('status').text_content()})")
    print(stalls)
    page.close()


def visualizer_run(browser: Browser, url: str, options: Options) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    load(page, f"{url}#board={VISUALIZER_BOARD}&algorithm=astar&heuristic=manhattan")
    took, stalls = stalls_while(
        browser,
        page,
        page.locator("#run-end").click,
        "document.getElementById('status').textContent.includes('goal reached')"
        " && /^[\\d,]+ nodes/.test(document.getElementById('tree-summary').textContent)",
    )
    print(f"Visualizer, Run to end, A* + Manhattan on a 4x4, the tree caught up ({took:.1f} s)")
    print(f"  {page.locator('#counters').text_content()}")
    print(stalls)
    took, stalls = stalls_while(
        browser,
        page,
        lambda: page.get_by_label("Algorithm").select_option("bfs"),
        # a second for the page to free the search dropped
        "(window.__since ??= performance.now()) < performance.now() - 1000",
    )
    print("Visualizer, another algorithm: that search and its tree dropped (1 s watched)")
    print(stalls)
    page.close()


def tree_step(browser: Browser, url: str, options: Options) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    # A* on this board grows the tree by about 2.3 nodes a step
    at = options.tree_nodes * 10 // 23 + 1
    load(page, f"{url}#board={VISUALIZER_BOARD}&algorithm=astar&heuristic=manhattan&step={at}")
    wait_for(page, "/^[\\d,]+ nodes/.test(document.getElementById('tree-summary').textContent)")
    page.locator("#step").focus()  # as a click on Step leaves it: the grid follows too
    print(f"Search tree, Step at step {at:,}: {page.locator('#tree-summary').text_content()}")
    timed_clicks(browser, page, "step", "counters", options.steps)
    print(f"  after: {page.locator('#tree-summary').text_content()}")
    page.close()


def jump_back(browser: Browser, url: str, options: Options) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    load(page, f"{url}#board={LIMIT_BOARD}&algorithm=bfs")
    # the tree has caught up: "1 node" at step 0, "272,001 nodes · ..." further on
    tree_ready = "/^[\\d,]+ nodes?\\b/.test(document.getElementById('tree-summary').textContent)"
    took, stalls = stalls_while(
        browser,
        page,
        page.locator("#run-end").click,
        # Run to end is disabled at the end (at the limit before issue 33); before issue 13 it
        # was not, and the status said "At step 100,000."
        "(document.getElementById('run-end').disabled"
        " || document.getElementById('status').textContent.startsWith('At step'))"
        " && document.getElementById('counters').textContent.startsWith('Step 1')"
        f" && {tree_ready}",
    )
    counters = page.locator("#counters").text_content() or ""
    print(f"Visualizer, Run to end, BFS on {LIMIT_BOARD} to the end ({took:.1f} s)")
    print(f"  {counters}")
    print(stalls)
    jump = page.locator("#jump")
    took, stalls = stalls_while(
        browser,
        page,
        lambda: jump.fill("0"),
        f"document.getElementById('counters').textContent.startsWith('Step 0 ') && {tree_ready}",
    )
    print(f"Visualizer, the Step number slider back to 0, the tree caught up ({took:.1f} s)")
    print(stalls)
    page.close()


def drop_limit(browser: Browser, url: str, options: Options) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    load(page, f"{url}#board={LIMIT_BOARD}&algorithm=dfs")
    page.locator("#run-end").click()
    wait_for(
        page,
        "(document.getElementById('run-end').disabled"
        " || document.getElementById('status').textContent.startsWith('At step'))"
        " && document.getElementById('counters').textContent.startsWith('Step 1')"
        " && /^[\\d,]+ nodes?\\b/.test(document.getElementById('tree-summary').textContent)",
    )
    counters = page.locator("#counters").text_content()
    print(f"Visualizer, DFS on {LIMIT_BOARD} at the end: {counters}")
    _took, stalls = stalls_while(
        browser,
        page,
        lambda: page.get_by_label("Algorithm").select_option("bfs"),
        "(window.__since ??= performance.now()) < performance.now() - 5000",
    )
    print("  another algorithm drops it and its tree (5 s watched)")
    print(stalls)
    page.close()


# name -> function(browser, site URL, options)
MEASUREMENTS: dict[str, Callable[[Browser, str, Options], None]] = {
    "compare-step": compare_step,
    "compare-run": compare_run,
    "visualizer-run": visualizer_run,
    "tree-step": tree_step,
    "jump-back": jump_back,
    "drop-limit": drop_limit,
}


@contextmanager
def site(dist: str | None, chromium: str) -> Iterator[tuple[Browser, str]]:
    """(browser, URL) of ``dist`` served, or of a fresh build."""
    if dist is None:
        with built_and_served(chromium) as pair:
            yield pair
        return
    with served(Path(dist)) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield browser, url
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(MEASUREMENTS), help="measurements to run")
    parser.add_argument("--steps", type=int, default=50, help="Step clicks timed per series")
    parser.add_argument("--deep", type=int, default=3_000, help="the deep series starts here")
    parser.add_argument(
        "--tree-nodes", type=int, default=5_000, help="the tree's size before tree-step"
    )
    parser.add_argument("--dist", help="a built site to serve instead of building one")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in MEASUREMENTS]
    if unknown:
        parser.error(f"unknown measurement {unknown}: choose from {', '.join(MEASUREMENTS)}")
    with site(args.dist, args.chromium) as (browser, url):
        for name in names:
            MEASUREMENTS[name](browser, url, Options(args.steps, args.deep, args.tree_nodes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
