"""Fixtures for the static-site tests: build dist/ once, serve it, drive Chromium.

The site is built with build.py into a temporary folder and served on a free port of
127.0.0.1 from a background thread. Every browser context routes all requests through
a guard that aborts and records anything not addressed to 127.0.0.1; a test during which
such a request happened fails at teardown.

Chromium is Debian's /usr/bin/chromium (override with the CHROMIUM environment
variable): Playwright cannot download its own browsers here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from sitekit import CHROMIUM, CHROMIUM_ARGS, PageWatch, SharedPage, Site, served

from buildsite import assemble
from buildsite.layout import PACKAGE_DIR, BuildError


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the built static site in headless Chromium")
    config.addinivalue_line(
        "markers", "fresh_page: the test changes its page beyond what SharedPage sets back"
    )


def _package_version(package_dir: Path) -> str:
    """npuzzle.__version__ as native CPython sees it, from the very folder that was zipped."""
    env = {**os.environ, "PYTHONPATH": os.fspath(package_dir.parent)}
    proc = subprocess.run(
        [sys.executable, "-c", "import npuzzle; print(npuzzle.__version__)"],
        env=env,
        cwd=package_dir.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"cannot read npuzzle.__version__ from {package_dir}: {proc.stderr}")
    return proc.stdout.strip()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ built from scratch by build.py into a temporary folder."""
    dest = tmp_path_factory.mktemp("site") / "dist"
    try:
        built: Path = assemble.build(dest)
    except BuildError as exc:
        pytest.fail(f"build.py failed: {exc}")
    return built


@pytest.fixture(scope="session")
def site(built_site: Path) -> Iterator[Site]:
    """The built site served on a free port of 127.0.0.1 from a background thread."""
    package_dir = PACKAGE_DIR
    with served(built_site) as url:
        yield Site(
            url=url,
            dest=built_site,
            package_dir=package_dir,
            version=_package_version(package_dir),
        )


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, pointed at Debian's Chromium."""
    if not Path(CHROMIUM).is_file():
        # The README's test command installs it; a missing browser is a failure, not a skip.
        pytest.fail(f"{CHROMIUM} not found: apt-get install -y chromium (or set CHROMIUM)")
    args = [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


@pytest.fixture(scope="session")
def base_url() -> str | None:
    """Unused (tests navigate to site.url). Overrides pytest-playwright 0.10's fallback
    fixture, which pytest 9 warns about (a session fixture defined as a method)."""
    return None


@pytest.fixture
def watch() -> PageWatch:
    return PageWatch()


def _fail_if_offsite(watch: PageWatch) -> None:
    if watch.offsite:
        pytest.fail(
            "requests left 127.0.0.1 (aborted): " + ", ".join(sorted(set(watch.offsite))),
            pytrace=False,
        )


@pytest.fixture
def context(new_context: Any, watch: PageWatch) -> Iterator[BrowserContext]:
    """pytest-playwright's context, with every request routed through the offsite guard."""
    ctx: BrowserContext = new_context()
    ctx.route("**/*", watch.guard)
    yield ctx
    _fail_if_offsite(watch)


@pytest.fixture(scope="session")
def shared_page(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[SharedPage]:
    """The page the tests take in turn (see SharedPage: the same process, cleared between)."""
    shared = SharedPage(browser, browser_context_args)
    yield shared
    shared.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, watch: PageWatch) -> Iterator[Page]:
    """A page watched for console errors, failed loads and requests leaving 127.0.0.1: the
    shared page, or a new page of its own context for a test marked ``fresh_page`` or asking
    for ``context``."""
    if "context" in request.fixturenames or request.node.get_closest_marker("fresh_page"):
        ctx: BrowserContext = request.getfixturevalue("context")
        new_page = ctx.new_page()
        watch.watch(new_page)
        yield new_page
        return
    shared: SharedPage = request.getfixturevalue("shared_page")
    try:
        yield shared.take(watch)
    finally:
        shared.give_back()
    _fail_if_offsite(watch)
