"""The page's layout and its accessibility: side by side on a wide screen, no sideways
scrolling on a phone, and no serious or critical axe-core violation in either theme."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from sitekit import PageWatch, Site, load, wait_worker

pytestmark = pytest.mark.browser

BLOCKING = ("serious", "critical")


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found


def step(page: Page, times: int) -> None:
    """Set a board 16 moves from the snail goal, then step ``times``."""
    page.get_by_label("Goal", exact=True).select_option("snail")
    page.get_by_label("Board", exact=True).fill("231 8b4 765")
    page.get_by_role("button", name="Edit").click()
    button = page.get_by_role("button", name="Step", exact=True)
    for n in range(1, times + 1):
        button.click()
        expect(page.locator("#counters")).to_contain_text(f"Step {n} ")


def test_wide_screen_puts_the_grid_and_the_visualizer_side_by_side(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    load(page, site.url)
    grid, visualizer = box(page, "#grid"), box(page, "#visualizer")
    assert grid["x"] + grid["width"] <= visualizer["x"]  # left of it
    assert visualizer["y"] < grid["y"] + grid["height"]  # and beside it, not below
    assert grid["y"] < visualizer["y"] + visualizer["height"]
    for group in ("#board-group", "#search-group", "#view-group"):
        assert box(page, group)["x"] + box(page, group)["width"] <= visualizer["x"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280


def test_phone_width_never_scrolls_sideways(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    load(page, site.url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    grid, visualizer = box(page, "#grid"), box(page, "#visualizer")
    assert visualizer["y"] >= grid["y"] + grid["height"]  # one column: below the grid
    step(page, 3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def violations(page: Page) -> dict[str, list[str]]:
    """axe-core's violations by impact: rule id and how many elements break it."""
    results: Any = Axe().run(page)
    found: dict[str, list[str]] = {}
    for violation in results.response["violations"]:
        nodes = [", ".join(n["target"]) for n in violation["nodes"]]
        found.setdefault(violation["impact"] or "none", []).append(
            f"{violation['id']} ({len(nodes)}: {'; '.join(nodes[:5])})"
        )
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious(page: Page, site: Site, watch: PageWatch, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    load(page, site.url)
    wait_worker(page)  # every control enabled, as people use the page
    main_view = violations(page)
    step(page, 4)
    at_a_step = violations(page)
    print(f"\naxe, {scheme}: main view {main_view}; visualizer at step 4 {at_a_step}")
    for where, found in (("main view", main_view), ("visualizer", at_a_step)):
        blocking = {impact: found[impact] for impact in BLOCKING if impact in found}
        assert blocking == {}, f"{scheme} theme, {where}: {blocking}"
    assert watch.offsite == []  # axe-core is injected by the library, not fetched
