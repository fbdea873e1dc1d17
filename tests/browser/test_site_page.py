"""The built site in headless Chromium: Python boots, the worker answers, nothing leaves."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect
from sitekit import PageWatch, Site, load, wait_worker

pytestmark = pytest.mark.browser


def test_python_ready_shows_version(page: Page, site: Site) -> None:
    seconds = load(page, site.url)
    print(f"\ncold load to data-ready: {seconds:.2f} s")
    # A first visit (no link) also says what to do with its shuffled board.
    expect(page.locator("#status")).to_contain_text(f"npuzzle {site.version} ready. A shuffled")
    expect(page.get_by_role("heading", name="npuzzle")).to_be_visible()


def test_worker_answers(page: Page, site: Site) -> None:
    start = time.perf_counter()
    load(page, site.url)
    wait_worker(page)
    print(f"\ncold load to data-worker-ready: {time.perf_counter() - start:.2f} s")


def test_no_offsite_requests_and_no_errors(page: Page, site: Site, watch: PageWatch) -> None:
    load(page, site.url)
    wait_worker(page)
    # The guard saw the page's own traffic, including the interpreter it was told to use.
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in watch.requests)
    assert any(url.endswith("/npuzzle.zip") for url in watch.requests)
    assert watch.offsite == []
    assert watch.http_errors == []
    assert watch.failed_requests == []
    assert watch.console_errors == []
    assert watch.page_errors == []


def test_playable_marks_a_grid_that_takes_moves(page: Page, site: Site) -> None:
    """``data-playable`` (benchmarks/site_open.py times it) is set once the grid takes moves."""
    page.goto(f"{site.url}#board=1,2,3/4,5,6/7,0,8")
    page.wait_for_selector('body[data-playable="true"]', state="attached", timeout=120_000)
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#grid")).to_have_attribute("data-tiles", "1,2,3/4,5,6/7,8,0")
