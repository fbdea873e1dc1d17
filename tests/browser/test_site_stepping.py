"""The visualizer's long jobs (issue 13): past the recorded steps Run to end goes on to the end
and Back returns to the records (issue 33), Stop for Play and Run to end with a status that
tells the truth, no stalls (a long-task probe), steps announced to screen readers, and IDA*'s
own words for its lists."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from sitekit import RUN_MS, MainThread, PageWatch, Site, load, traced

pytestmark = pytest.mark.browser

# 31 moves from the standard goal: breadth-first search records 115,000 steps and runs on
# without records to its end, at step 181,439
LIMIT_BOARD = "8,6,7/2,5,4/3,0,1"
# 28 moves; A* with Manhattan distance ends at step 11,750 (benchmarks/site_teach.py)
ASTAR_4X4 = "1,4,3,8/7,2,6,0/5,9,11,12/10,14,13,15"
SNAIL_16 = "2,3,1/8,0,4/7,6,5&goal=1,2,3/8,0,4/7,6,5"  # 16 moves from the snail goal
STALL_MS = 150  # see test_long_jobs_never_stall

STOPPED = re.compile(r"^Stopped at step ([\d,]+)\.$")

# Records the page's long tasks (PerformanceObserver "longtask": every task over 50 ms) and
# the longest gap between animation frames, as benchmarks/site_teach.py does.
WATCH = """() => {
  const w = (window.__stalls = { tasks: [], worstFrame: 0, on: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.tasks.push(e.duration);
  }).observe({ type: "longtask" });
  let last = performance.now();
  const frame = (now) => {
    w.worstFrame = Math.max(w.worstFrame, now - last);
    last = now;
    if (w.on) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return PerformanceObserver.supportedEntryTypes.includes("longtask");
}"""
STALLS = "() => ({ ...window.__stalls, on: (window.__stalls.on = false) })"
# Every text an element showed, from now on (window.__texts[id]).
RECORD_TEXTS = """(id) => {
  const el = document.getElementById(id), texts = (window.__texts ??= {})[id] = [];
  new MutationObserver(() => texts.push(el.textContent)).observe(el, {
    childList: true, characterData: true, subtree: true,
  });
}"""
# true once a second has passed since it was first asked (the page freeing memory meanwhile)
SETTLED = "(window.__since ??= performance.now()) < performance.now() - 1000"
TREE_READY = "/^[\\d,]+ nodes?\\b/.test(document.getElementById('tree-summary').textContent)"


def wait_js(page: Page, predicate: str) -> None:
    """Wait for a JavaScript predicate, asking four times a second (cheap, unlike a role
    locator's polling, which would show up among the page's long tasks)."""
    page.wait_for_function(predicate, polling=250, timeout=RUN_MS * 2)


def step_number(page: Page) -> int:
    text = page.locator("#counters").text_content() or ""
    found = re.match(r"Step ([\d,]+) ", text)
    assert found, text
    return int(found.group(1).replace(",", ""))


def test_past_the_recorded_steps_run_to_end_goes_on_and_back_returns_to_them(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, f"{site.url}#board={LIMIT_BOARD}&algorithm=bfs&mode=step")
    page.get_by_role("button", name="Run to end").click()
    expect(page.locator("#step-status")).to_contain_text("goal reached", timeout=RUN_MS * 2)
    expect(page.locator("#step-status")).to_contain_text("a path of 31 moves")
    end = step_number(page)
    counters = page.locator("#counters")
    found = re.search(r"recorded to step ([\d,]+)", counters.text_content() or "")
    assert found, counters.text_content()
    recorded = int(found.group(1).replace(",", ""))
    assert 100_000 <= recorded < end
    expect(page.locator("#why-list")).to_contain_text("taken without a record")
    expect(page.locator("#step-limit")).to_be_hidden()
    # Back: to the last recorded step at once, and said
    page.get_by_role("button", name="Back", exact=True).click()
    expect(counters).to_contain_text(f"Step {recorded:,} ")
    expect(page.locator("#step-status")).to_contain_text("last recorded step")
    expect(counters).not_to_contain_text("recorded to step")
    page.get_by_role("button", name="Back", exact=True).click()
    expect(counters).to_contain_text(f"Step {recorded - 1:,} ")
    for _ in range(2):  # forward again, past the records
        page.get_by_role("button", name="Step", exact=True).click()
    expect(counters).to_contain_text(f"Step {recorded + 1:,} ", timeout=RUN_MS)
    expect(counters).to_contain_text(f"recorded to step {recorded:,}")
    page.get_by_label("Step number").fill("5")
    expect(counters).to_contain_text("Step 5 ", timeout=RUN_MS)
    assert watch.page_errors == [] and watch.console_errors == []


def test_stop_stops_run_to_end_and_play_and_the_status_tells_the_truth(
    page: Page, site: Site, watch: PageWatch
) -> None:
    # breadth-first search to the limit: about 18 s on a quiet machine, far more than 1.5 s
    load(page, f"{site.url}#board={LIMIT_BOARD}&algorithm=bfs&mode=step")
    page.get_by_role("button", name="Run to end").click()
    stop = page.get_by_role("button", name="Stop", exact=True)
    expect(stop).to_be_visible()
    page.wait_for_timeout(1500)
    stop.click()
    status = page.locator("#step-status")
    expect(status).to_have_text(STOPPED)
    stopped = int(STOPPED.match(status.text_content() or "").group(1).replace(",", ""))  # type: ignore[union-attr]
    assert 0 < stopped < 100_000
    expect(page.locator("#counters")).to_contain_text(f"Step {stopped:,} ")
    expect(page.locator("#current li")).to_have_count(1)  # the panel is drawn for that step
    expect(page.get_by_role("button", name="Run to end")).to_be_visible()
    page.wait_for_timeout(600)
    assert step_number(page) == stopped  # it stopped at once and stays stopped
    # Play reads Stop while it plays, and stops the same way
    page.get_by_role("button", name="Play", exact=True).click()
    expect(stop).to_be_visible()
    expect(page.locator("#counters")).to_contain_text(f"Step {stopped + 2:,} ")
    stop.click()
    expect(status).to_have_text(STOPPED)
    played = step_number(page)
    assert played > stopped and status.text_content() == f"Stopped at step {played:,}."
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_visible()
    assert watch.page_errors == [] and watch.console_errors == []


def watched(page: Page, what: str, act: Callable[[], None], done: str) -> float:
    """Do ``act`` and wait until the JavaScript ``done`` holds, watching the main thread with
    the frame-gap probe and Chromium's trace; print both, return the most CPU one task took."""
    assert page.evaluate(WATCH), "this Chromium reports no long tasks"
    browser = page.context.browser
    assert browser is not None
    with traced(browser, page) as trace:
        act()
        wait_js(page, done)
        found = page.evaluate(STALLS)
    main: MainThread = trace[0]
    print(
        f"{what}: long tasks: longest {max(found['tasks'], default=0):.0f} ms wall, "
        f"longest frame gap {found['worstFrame']:.0f} ms; trace: {main.longest()}"
    )
    return main.most_cpu


GOAL_REACHED = "document.getElementById('step-status').textContent.includes('goal reached')"


@pytest.mark.fresh_page  # routes, listeners or pages of its own
def test_long_jobs_never_stall(page: Page, site: Site) -> None:
    """Run to end on breadth-first search to its end past the records, then the Step number
    slider back to step 0, then Run to end on a 4x4 A* and another algorithm dropping that
    search, each watched by a frame-gap probe (animation frames and the page's long tasks) and
    Chromium's trace: no main-thread task may take ``STALL_MS`` (150 ms) of CPU. The
    benchmark's target is 100 ms (benchmarks/site_teach.py, jump-back and visualizer-run); the
    test allows a margin over it that still catches the stalls of issue 13 (200 ms, 420 ms and
    0.97 s). It asserts on CPU time, not wall time: on this shared 2-core machine a long task's
    wall time counts the waits for a core (a task of 5 ms of CPU was seen taking 639 ms of
    wall time
    under a load of 7)."""
    load(page, f"{site.url}#board={LIMIT_BOARD}&algorithm=bfs&mode=step")
    run = watched(
        page,
        "BFS, Run to end, past the recorded steps",
        page.locator("#run-end").click,
        f"{GOAL_REACHED} && {TREE_READY}",
    )
    limit = step_number(page)
    assert limit >= 100_000

    page.evaluate(RECORD_TEXTS, "jump-out")
    back = watched(
        page,
        "the slider back to step 0",
        lambda: page.get_by_label("Step number").fill("0"),
        f"document.getElementById('counters').textContent.startsWith('Step 0 ') && {TREE_READY}",
    )
    shown = page.evaluate("window.__texts['jump-out']")
    assert any(t.startswith("Going back to step 0: ") and f"of {limit:,}" in t for t in shown), (
        shown[:5]
    )

    page = page.context.new_page()
    load(page, f"{site.url}#board={ASTAR_4X4}&algorithm=astar&heuristic=manhattan&mode=step")
    astar = watched(
        page,
        "4x4 A*, Run to end",
        page.locator("#run-end").click,
        f"{GOAL_REACHED} && {TREE_READY}",
    )
    # another algorithm: the search of 11,750 recorded steps and its tree are dropped, and
    # the new one's step 0 drawn at once (Step through is shown)
    drop = watched(
        page,
        "4x4 A* dropped",
        lambda: page.get_by_label("Algorithm").select_option("bfs"),
        f"document.getElementById('counters').textContent.startsWith('Step 0 ') && {SETTLED}",
    )
    assert max(run, back, astar, drop) < STALL_MS


def test_steps_are_announced_but_not_while_playing(page: Page, site: Site) -> None:
    load(page, f"{site.url}#board={SNAIL_16}&algorithm=astar&heuristic=manhattan&mode=step")
    said = page.locator("#visualizer-said")
    assert said.get_attribute("aria-live") == "polite"
    page.get_by_role("button", name="Step", exact=True).click()
    expect(said).to_have_text(
        re.compile(r"^Step 1: expanded the start with f = \d+; 4 children added\.$")
    )
    page.get_by_role("button", name="Step", exact=True).click()
    expect(said).to_have_text(re.compile(r"^Step 2: expanded a node with f = \d+; .*\.$"))
    page.get_by_role("button", name="Back", exact=True).click()
    expect(said).to_have_text(re.compile(r"^Back to step 1: expanded the start with f = \d+;"))
    page.evaluate(RECORD_TEXTS, "visualizer-said")
    page.get_by_role("button", name="Play", exact=True).click()
    wait_js(page, "/^Step [4-9] /.test(document.getElementById('counters').textContent)")
    page.get_by_role("button", name="Stop", exact=True).click()  # the search ends at step 36
    expect(page.locator("#step-status")).to_have_text(STOPPED)
    n = step_number(page)
    expect(said).to_contain_text(f"Step {n}: ")
    # nothing was said while it played; once, when it stopped
    assert page.evaluate("window.__texts['visualizer-said']") == [said.text_content()]


def test_idastar_names_its_path_and_the_children_waiting(page: Page, site: Site) -> None:
    load(page, f"{site.url}#board={SNAIL_16}&algorithm=idastar&heuristic=manhattan&mode=step")
    for _ in range(3):
        page.get_by_role("button", name="Step", exact=True).click()
    expect(page.locator("#counters")).to_contain_text("Step 3 ")
    expect(page.get_by_role("region", name="Children waiting")).to_be_visible()
    expect(page.get_by_role("region", name="Current path")).to_be_visible()
    expect(page.get_by_role("region", name="Open list")).to_have_count(0)
    expect(page.get_by_role("region", name="Closed list")).to_have_count(0)
    expect(page.locator("#counters")).to_contain_text("waiting")
    legend = page.locator(".tree-legend")
    expect(legend).to_contain_text("waiting")
    expect(legend.locator("#legend-open")).to_have_text("waiting")
    # other algorithms keep the open and closed lists
    page.get_by_label("Algorithm").select_option("astar")
    page.get_by_role("button", name="Step", exact=True).click()
    expect(page.get_by_role("region", name="Open list")).to_be_visible()
    expect(page.get_by_role("region", name="Closed list")).to_be_visible()
    expect(legend.locator("#legend-open")).to_have_text("open")
