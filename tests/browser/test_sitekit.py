"""The tests' own harness: the page that tests take in turn starts as a first visit does."""

from __future__ import annotations

import pytest
from sitekit import PageWatch, SharedPage, Site, load, wait_worker

pytestmark = pytest.mark.browser

DARK = "matchMedia('(prefers-color-scheme: dark)').matches"
# What the site's origin keeps: local storage, service workers, Cache Storage.
KEPT = """async () => ({
  stored: localStorage.length,
  workers: (await navigator.serviceWorker.getRegistrations()).length,
  caches: (await caches.keys()).length,
})"""
LEAVE = """async () => {
  localStorage.setItem("left-behind", "yes");
  await (await caches.open("left-behind")).put("/left-behind", new Response("yes"));
}"""


def test_the_shared_page_is_handed_on_with_nothing_of_the_last_test(
    shared_page: SharedPage, site: Site
) -> None:
    page = shared_page.take(PageWatch())
    load(page, site.url + "#board=1,2,3/4,5,6/7,0,8")
    wait_worker(page)  # the page has registered its service worker, or tried to
    page.evaluate(LEAVE)
    kept = page.evaluate(KEPT)  # Cache Storage: ours, and the tables' if they were loaded
    # The shared context blocks service workers (see SharedPage).
    assert kept["stored"] == 1 and kept["workers"] == 0 and kept["caches"] >= 1, kept
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="dark")
    assert page.evaluate(DARK)
    shared_page.give_back()

    watch = PageWatch()
    page = shared_page.take(watch)
    try:
        # A file of the site's origin that registers nothing, to look at what the origin keeps.
        page.goto(site.url + "pyscript.json")
        assert page.evaluate(KEPT) == {"stored": 0, "workers": 0, "caches": 0}
        load(page, site.url + "#board=1,2,3/4,5,6/7,8,0")
        assert page.viewport_size == shared_page.viewport
        assert not page.evaluate(DARK)
        # The events of this visit reach this test's watch, and nothing failed.
        assert any(url.endswith("/main.py") for url in watch.requests)
        assert watch.page_errors == [] and watch.console_errors == [] and watch.http_errors == []
    finally:
        shared_page.give_back()
