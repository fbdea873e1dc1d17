"""Helpers shared by the static-site tests and their conftest (not a test module)."""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Route

ROOT = Path(__file__).resolve().parents[2]
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


def load_build_module() -> ModuleType:
    """build.py, loaded by path under its own name (`import build` could find PyPI's)."""
    name = "npuzzle_site_build"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


site_build = load_build_module()

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
    server = site_build.make_server(dest, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield site_build.server_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@contextmanager
def built_and_served(chromium: str = CHROMIUM) -> Iterator[tuple[Browser, str]]:
    """For scripts: build the site into a temporary folder, serve it, launch Chromium; yield
    (browser, site URL). Everything is closed and removed afterwards."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dest = site_build.build(Path(tmp) / "dist")
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
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or parts.hostname == ALLOWED_HOST:
            route.continue_()
        else:
            self.offsite.append(url)
            route.abort("blockedbyclient")

    def watch(self, page: Page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("response", self._on_response)
        page.on("requestfailed", self._on_request_failed)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _on_response(self, response: object) -> None:
        status = getattr(response, "status", 0)
        if status >= 400:
            self.http_errors.append(f"{status} {getattr(response, 'url', '?')}")

    def _on_request_failed(self, request: Request) -> None:
        # Requests the guard aborted are reported through `offsite` instead.
        if request.url not in self.offsite:
            self.failed_requests.append(f"{request.url}: {request.failure}")


def load(page: Page, url: str, timeout_ms: int = READY_TIMEOUT_MS) -> float:
    """Open url and wait until Python marks the page ready; return the seconds taken."""
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=timeout_ms)
    return time.perf_counter() - start


def wait_worker(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the main script has had an answer from the solver worker."""
    page.wait_for_selector('body[data-worker-ready="true"]', state="attached", timeout=timeout_ms)
