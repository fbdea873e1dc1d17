"""The page's layout and its accessibility: side by side on a wide screen, no sideways
scrolling on a phone, and no serious or critical axe-core violation in either theme, on the
main view, the visualizer at a step, Compare at the end of a run and the Lab with charts."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from sitekit import (
    BLOCKING,
    PageWatch,
    Site,
    axe_violations,
    compare_at_end,
    lab_with_chart,
    load,
    step_visualizer,
    wait_worker,
)

pytestmark = pytest.mark.browser


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found


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
    step_visualizer(page, 3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious(page: Page, site: Site, watch: PageWatch, scheme: str) -> None:
    """The main view, the visualizer at a step, Compare at the end of a run and the Lab with
    its charts, in turn on one page: every view is audited before any assertion."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    load(page, site.url)
    wait_worker(page)  # every control enabled, as people use the page
    found = {"main view": axe_violations(page)}
    step_visualizer(page, 4)
    found["visualizer at step 4"] = axe_violations(page)
    compare_at_end(page)
    found["Compare at the end"] = axe_violations(page)
    lab_with_chart(page)
    found["Lab with charts"] = axe_violations(page)
    print(f"\naxe, {scheme}: {found}")
    blocking = {
        f"{where}, {impact}": rules[impact]
        for where, rules in found.items()
        for impact in BLOCKING
        if impact in rules
    }
    assert blocking == {}, f"{scheme} theme: {blocking}"
    assert watch.offsite == []  # axe-core is injected by the library, not fetched
