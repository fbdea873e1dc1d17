"""The page's layout and its accessibility: one stage (the grid, the step controls and both
lists in view together while stepping; on a phone, a compact grid with the step controls and
the open list, and the board in view while a solution plays back), no sideways scrolling on a
phone in any mode, and no serious or critical axe-core violation in either theme, in every
mode: Play, Solve with its playback, the visualizer at a step, Compare at the end of a run
and the Lab with charts."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sitekit import (
    BLOCKING,
    PageWatch,
    Site,
    axe_violations,
    compare_at_end,
    lab_with_chart,
    load,
    show_mode,
    step_visualizer,
    wait_worker,
)

pytestmark = pytest.mark.browser


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found


def in_view(page: Page, selector: str) -> bool:
    """The element's box is wholly inside the viewport, as it stands (no scrolling)."""
    found = box(page, selector)
    size = page.viewport_size
    assert size is not None
    return (
        found["x"] >= 0
        and found["y"] >= 0
        and found["x"] + found["width"] <= size["width"]
        and found["y"] + found["height"] <= size["height"]
    )


# What a student must see together while stepping (issue 33's one stage).
STAGE = (
    "#grid",
    "#step-back",
    "#step",
    "#play",
    "#run-end",
    "#open-list li >> nth=0",
    "#closed-list li >> nth=0",
    "#counters",
    "#why-first",
)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_stepping_keeps_the_grid_the_controls_and_both_lists_in_one_view(
    page: Page, site: Site, size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    load(page, site.url)
    step_visualizer(page, 5)
    page.evaluate("window.scrollTo(0, 0)")
    assert {s: in_view(page, s) for s in STAGE} == dict.fromkeys(STAGE, True)
    assert page.locator("#grid").get_attribute("data-showing")  # the step's node
    grid, lists = box(page, "#grid"), box(page, "#open-box")
    assert grid["x"] + grid["width"] <= lists["x"]  # beside the board, not below it
    # The tree and the rest of Why this step are one click away, folded.
    assert page.locator("#tree").get_attribute("open") is None
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]


def test_a_phone_keeps_the_step_controls_and_the_open_list_with_a_compact_grid(
    page: Page, site: Site
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    load(page, site.url)
    step_visualizer(page, 3)
    page.evaluate("window.scrollTo(0, 0)")
    for selector in ("#grid", "#step-back", "#step", "#play", "#run-end", "#open-list li >> nth=0"):
        assert in_view(page, selector), selector
    assert box(page, "#grid")["height"] <= 240  # compact
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_phone_sees_the_grid_while_a_solution_plays_back(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    load(page, site.url + "#board=8,6,7/2,5,4/3,0,1&mode=solve")
    wait_worker(page)
    page.locator("#solve").click()
    expect(page.locator("#playback-pause")).to_be_enabled(timeout=60_000)
    page.locator("#playback-pause").scroll_into_view_if_needed()
    assert in_view(page, "#grid") and in_view(page, "#playback-pause")
    page.locator("#solution-moves").scroll_into_view_if_needed()  # further down: the moves
    assert in_view(page, "#grid")  # the board stays (sticky)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("mode", ["play", "solve", "step", "compare", "lab"])
def test_no_mode_scrolls_sideways_on_a_phone(page: Page, site: Site, mode: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    load(page, site.url)
    show_mode(page, mode)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("#stage").get_attribute("data-mode") == mode


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious(page: Page, site: Site, watch: PageWatch, scheme: str) -> None:
    """The main view, the visualizer at a step, Compare at the end of a run and the Lab with
    its charts, in turn on one page: every view is audited before any assertion."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    load(page, site.url)
    wait_worker(page)  # every control enabled, as people use the page
    found = {"Play": axe_violations(page)}
    show_mode(page, "solve")
    page.locator("#solve").click()
    expect(page.locator("#playback-pause")).to_be_enabled(timeout=60_000)
    found["Solve with its playback"] = axe_violations(page)
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
