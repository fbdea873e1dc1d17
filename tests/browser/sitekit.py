"""Helpers shared by the static-site tests and their conftest (not a test module)."""

from __future__ import annotations

import functools
import json
import os
import re
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Route, expect
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
# The build is the package buildsite/ at the project's root: importable from the tests and the
# benchmarks (which import this module) wherever they are started from.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from buildsite import assemble, offline  # noqa: E402
from buildsite.serve import QuietSiteHandler, SiteServer, make_server, server_url  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ALLOWED_HOST = "127.0.0.1"
CHROMIUM_ARGS = [
    "--no-sandbox",  # the tests run as root
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
# Cold start is 2.5-6 s on a 2-core machine; leave room for slow CI machines.
READY_TIMEOUT_MS = 60_000


# Measures the main thread: the longest gap between timer ticks over a while, in ms.
# Called as page.evaluate(STALL_PROBE, [duration_ms, tick_ms]).
STALL_PROBE = """async ([ms, tick]) => {
  let last = performance.now(), worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, tick);
  await new Promise((done) => setTimeout(done, ms));
  clearInterval(timer);
  return worst;
}"""


@contextmanager
def served(dest: Path) -> Iterator[str]:
    """Serve a built site on a free port of 127.0.0.1 from a thread; yield its URL."""
    server = make_server(dest, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield server_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


class SubpathHandler(QuietSiteHandler):
    """The site at ``prefix`` + "/" only, as GitHub Pages serves a project site at /<repo>/:
    ``prefix`` alone redirects there, any other path is a 404."""

    prefix = "/npuzzle"

    def _under_prefix(self) -> bool:
        path = self.path.split("?", 1)[0]
        if path == self.prefix:
            self.send_response(301)
            self.send_header("Location", self.prefix + "/")
            self.end_headers()
            return False
        if not path.startswith(self.prefix + "/"):
            self.send_error(404, "outside the site's folder")
            return False
        self.path = self.path[len(self.prefix) :]
        return True

    def do_GET(self) -> None:
        if self._under_prefix():
            super().do_GET()

    def do_HEAD(self) -> None:
        if self._under_prefix():
            super().do_HEAD()


@contextmanager
def served_under(dest: Path, prefix: str = SubpathHandler.prefix) -> Iterator[str]:
    """Serve a built site at ``prefix``/ on a free port of 127.0.0.1 (nothing else there);
    yield the origin, with no path."""
    handler = type("Handler", (SubpathHandler,), {"prefix": prefix})
    server = SiteServer(("127.0.0.1", 0), functools.partial(handler, directory=os.fspath(dest)))
    thread = threading.Thread(target=server.serve_forever, name="subpath-server", daemon=True)
    thread.start()
    try:
        yield server_url(server).rstrip("/")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


# ----- the service worker (web/service-worker.js) ---------------------------------------------
# What the page's origin keeps for this site: {scope, state of the active worker, its stamp's
# caches of this scope with their number of entries}. Called as page.evaluate(OFFLINE_COPY).
OFFLINE_COPY = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration || !registration.active) return null;
  const prefix = `npuzzle-site ${registration.scope} `;
  const caches_ = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith(prefix)) continue;
    caches_[name.slice(prefix.length)] = (await (await caches.open(name)).keys()).length;
  }
  return {
    scope: registration.scope,
    state: registration.active.state,
    waiting: registration.waiting ? registration.waiting.state : null,
    controlled: navigator.serviceWorker.controller !== null,
    caches: caches_,
  };
}"""


def build_stamp(dest: Path) -> dict[str, Any]:
    """The stamp and files the build wrote into dest's service worker."""
    script = (dest / offline.SERVICE_WORKER).read_text(encoding="utf-8")
    line = re.search(r"^const BUILD = (.*);$", script, re.MULTILINE)
    assert line is not None, "no BUILD line in the built service worker"
    build: dict[str, Any] = json.loads(line[1])
    return build


def wait_offline_copy(page: Page, dest: Path, timeout_ms: int = READY_TIMEOUT_MS) -> dict[str, Any]:
    """Wait until the page's service worker is activated with dest's build wholly in its cache;
    return OFFLINE_COPY's answer."""
    build = build_stamp(dest)
    expected = len(build["files"])
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        copy = page.evaluate(OFFLINE_COPY)
        if copy and copy["state"] == "activated" and copy["caches"].get(build["stamp"]) == expected:
            return dict(copy)
        if time.monotonic() > deadline:
            raise AssertionError(
                f"no whole offline copy of {build['stamp']} ({expected} files): {copy}"
            )
        page.wait_for_timeout(100)


@contextmanager
def built_and_served(chromium: str = CHROMIUM) -> Iterator[tuple[Browser, str]]:
    """For scripts: build the site into a temporary folder, serve it, launch Chromium; yield
    (browser, site URL). Everything is closed and removed afterwards."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dest = assemble.build(Path(tmp) / "dist")
        with served(dest) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                yield browser, url
            finally:
                browser.close()


@dataclass(frozen=True)
class Site:
    """The built site, being served."""

    url: str
    dest: Path
    package_dir: Path
    version: str


def is_local(url: str) -> bool:
    """Whether a request for url stays on this machine (127.0.0.1, or data and blob URLs)."""
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob") or parts.hostname == ALLOWED_HOST


@dataclass
class PageWatch:
    """What happened during one test, beyond what the page itself shows."""

    requests: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)

    def guard(self, route: Route, request: Request) -> None:
        """Route handler: let 127.0.0.1 through, abort and record anything else."""
        url = request.url
        self.requests.append(url)
        if is_local(url):
            route.continue_()
        else:
            self.offsite.append(url)
            route.abort("blockedbyclient")

    def watch(self, page: Page) -> None:
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)
        page.on("response", self.on_response)
        page.on("requestfailed", self.on_request_failed)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def on_page_error(self, error: object) -> None:
        self.page_errors.append(str(error))

    def on_response(self, response: object) -> None:
        status = getattr(response, "status", 0)
        if status >= 400:
            self.http_errors.append(f"{status} {getattr(response, 'url', '?')}")

    def on_request_failed(self, request: Request) -> None:
        # Requests the guard aborted are reported through `offsite` instead.
        if request.url not in self.offsite:
            self.failed_requests.append(f"{request.url}: {request.failure}")


class SharedPage:
    """One page that the tests take in turn, each starting where a first visit starts.

    A new page in a new context starts Pyodide in a new renderer process: about 6 s of CPU on
    a 2-core machine. Navigating the same page again reuses the process and what V8 keeps in
    it: about 2.5 s (``benchmarks/site_tests.py``), and the browser tests are bound by CPU. Between
    tests the page goes to about:blank (which ends the document and its workers) and every
    origin it visited is cleared of all it stored (local storage, Cache Storage, IndexedDB);
    its viewport and emulated media are set back. Its context blocks service workers: the
    page's offline copy is what tests with a context of their own look at
    (test_site_offline.py), and on a first visit it controls nothing, so that here
    its install (every file of the site fetched and hashed) would only add about 0.7 s of CPU
    to each test.

    A test that changes the page beyond that (routes, init scripts, listeners of its own, more
    pages) or needs the service worker asks for a fresh page: ``@pytest.mark.fresh_page``, or
    by asking for ``context``.
    """

    LEAVE_MS = 15_000  # leaving a page whose main thread is busy; past it, a new page

    def __init__(self, browser: Browser, context_args: dict[str, Any]) -> None:
        self.context = browser.new_context(**{**context_args, "service_workers": "block"})
        self.watch = PageWatch()  # the test's, while one has the page
        self.origins: set[str] = set()
        self.context.route("**/*", self._guard)
        self.page = self._new_page()
        self.viewport = self.page.viewport_size

    def _guard(self, route: Route, request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")
        self.watch.guard(route, request)

    def _new_page(self) -> Page:
        page = self.context.new_page()
        # Relayed, so that each event reaches the watch of the test that has the page.
        page.on("console", lambda message: self.watch.on_console(message))
        page.on("pageerror", lambda error: self.watch.on_page_error(error))
        page.on("response", lambda response: self.watch.on_response(response))
        page.on("requestfailed", lambda request: self.watch.on_request_failed(request))
        return page

    def take(self, watch: PageWatch) -> Page:
        """The page, for a test whose events go to ``watch``."""
        self.watch = watch
        return self.page

    def give_back(self) -> None:
        """Leave the test's document and clear what it left behind."""
        self.watch = PageWatch()  # late events of the old document go nowhere
        try:
            self.page.goto("about:blank", timeout=self.LEAVE_MS)
        except PlaywrightError:
            self.page.close()
            self.page = self._new_page()
        cdp = self.context.new_cdp_session(self.page)
        try:
            for origin in sorted(self.origins):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        finally:
            cdp.detach()
        if self.viewport is not None:
            self.page.set_viewport_size(self.viewport)
        self.page.emulate_media(
            media="null", color_scheme="light", reduced_motion="no-preference", forced_colors="none"
        )

    def close(self) -> None:
        self.context.close()


def load(page: Page, url: str, timeout_ms: int = READY_TIMEOUT_MS) -> float:
    """Open url and wait until Python marks the page ready; return the seconds taken."""
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=timeout_ms)
    return time.perf_counter() - start


def wait_worker(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the main script has had an answer from the solver worker."""
    page.wait_for_selector('body[data-worker-ready="true"]', state="attached", timeout=timeout_ms)


# ----- the page's views, driven as a person would, for audits (tests and benchmarks) --------
# By ids and labels that the page had before issue 12's views too, so that
# benchmarks/site_axe.py can drive an older build with them.
RUN_MS = 120_000  # a comparison or a small experiment run to its end, on a slow machine


BLOCKING = ("serious", "critical")  # the axe impacts no view may have


def axe_violations(page: Page) -> dict[str, list[str]]:
    """axe-core's violations on the page by impact: each rule's id and how many elements
    break it (the first five named)."""
    from axe_playwright_python.sync_playwright import Axe  # a test-only dependency

    results: Any = Axe().run(page)
    found: dict[str, list[str]] = {}
    for violation in results.response["violations"]:
        nodes = [", ".join(n["target"]) for n in violation["nodes"]]
        found.setdefault(violation["impact"] or "none", []).append(
            f"{violation['id']} ({len(nodes)}: {'; '.join(nodes[:5])})"
        )
    return found


def show_mode(page: Page, mode: str) -> None:
    """Show a mode by its tab (play, solve, step, compare, lab), as a person would."""
    page.locator(f"#tab-{mode}").click()
    expect(page.locator(f"#tab-{mode}")).to_have_attribute("aria-selected", "true")


def unfold(page: Page, fold: str) -> None:
    """Open a folded part of a panel (a <details>: ``#tree``, ``#why``, ``#how``) by a click
    on its summary, as a person would, unless it is open already."""
    if page.locator(fold).get_attribute("open") is None:
        page.locator(f"{fold} > summary").click()
    expect(page.locator(fold)).to_have_attribute("open", "")


def step_visualizer(page: Page, times: int) -> None:
    """Set a board 16 moves from the snail goal (in Play) and A* with Manhattan (chosen by
    hand: the default, Automatic, would step IDA*), then press the visualizer's Step
    ``times`` (in Step through)."""
    show_mode(page, "play")
    page.get_by_label("Goal", exact=True).select_option("snail")
    page.get_by_label("Board", exact=True).fill("231 8b4 765")
    page.get_by_role("button", name="Edit").click()
    show_mode(page, "step")
    page.get_by_label("Algorithm").select_option("astar")
    page.get_by_label("Heuristic").select_option("manhattan")
    button = page.locator("#step")
    for n in range(1, times + 1):
        button.click()
        expect(page.locator("#counters")).to_contain_text(f"Step {n} ")


def compare_at_end(page: Page) -> None:
    """Show Compare by its tab, Run all to end, wait for the results table."""
    show_mode(page, "compare")
    compare = page.locator("#compare")
    compare.get_by_role("button", name="Run all to end").click()
    expect(compare.get_by_role("table")).to_be_visible(timeout=RUN_MS)


def lab_with_chart(page: Page) -> None:
    """Run the Lab's quickest experiment that draws charts (rn: 4 searches), wait for them."""
    show_mode(page, "lab")
    page.locator("#lab-experiment").select_option("rn")
    for option, value in (("per_depth", "2"), ("max_depth", "4")):
        page.locator(f"#lab-opt-{option}").fill(value)
        page.locator(f"#lab-opt-{option}").blur()
    for box in page.locator("#lab-opt-heuristics input[type=checkbox]").all():
        box.set_checked(box.get_attribute("value") == "manhattan")
    page.locator("#lab-run").click()
    done = re.compile(r"Done: rn, 4 searches")
    expect(page.locator("#lab-status")).to_have_text(done, timeout=RUN_MS)
    expect(page.locator("#lab-charts svg.chart").first).to_be_visible()


# ----- the main thread's tasks, from Chromium's trace (tests and benchmarks) -----------------
class MainThread:
    """The page's main-thread tasks while traced, from Chromium's own trace: each task's wall
    time and its thread (CPU) time. On a shared machine the wall time of a task includes the
    time the thread waited for a core; its CPU time is what the page itself spent."""

    def __init__(self, trace: bytes) -> None:
        data = json.loads(trace)
        events = data["traceEvents"] if isinstance(data, dict) else data
        main = {
            (e["pid"], e["tid"])
            for e in events
            if e.get("ph") == "M" and e["name"] == "thread_name"
            and e["args"]["name"] == "CrRendererMain"
        }  # fmt: skip
        self.tasks = [  # (start µs, wall ms, CPU ms)
            (e["ts"], e["dur"] / 1000, e.get("tdur", 0) / 1000)
            for e in events
            if e.get("ph") == "X" and e["name"] == "ThreadControllerImpl::RunTask"
            and (e["pid"], e["tid"]) in main
        ]  # fmt: skip
        self.marks = {e["name"]: e["ts"] for e in events if "user_timing" in e.get("cat", "")}

    def cpu_between(self, start: str, end: str) -> float:
        """CPU ms of the tasks that ran between two performance.mark()s."""
        a, b = self.marks[start], self.marks[end]
        return sum(cpu for ts, wall, cpu in self.tasks if ts < b and ts + wall * 1000 > a)

    @property
    def most_cpu(self) -> float:
        """The most CPU ms one task took."""
        return max((cpu for _ts, _wall, cpu in self.tasks), default=0.0)

    def longest(self) -> str:
        by_wall = max(self.tasks, key=lambda t: t[1])
        cpus = [cpu for _ts, _wall, cpu in self.tasks]
        return (
            f"longest task {by_wall[1]:.0f} ms wall ({by_wall[2]:.0f} ms CPU); "
            f"most CPU in one task {max(cpus):.0f} ms; tasks over 50 ms of CPU: "
            f"{sum(c > 50 for c in cpus)}, over 100 ms: {sum(c > 100 for c in cpus)}"
        )


@contextmanager
def traced(browser: Browser, page: Page) -> Iterator[list[MainThread]]:
    """Trace ``page``; the list yielded holds its MainThread once the block has ended."""
    out: list[MainThread] = []
    browser.start_tracing(page=page, categories=["toplevel", "blink.user_timing"])
    try:
        yield out
    finally:
        out.append(MainThread(browser.stop_tracing()))
