"""Targets a finger can press (WCAG 2.2, 2.5.8 Target Size): every control drawn in every
mode is at least 24 by 24 CSS px, on a laptop and on a phone; on a touch screen the main
controls are 44 px high."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from sitekit import PageWatch, Site, load, show_mode, wait_worker

pytestmark = pytest.mark.browser

# Everything a pointer presses: controls, links, folds, tabs, the tiles and the gap, the
# playback's moves, the tree's rows; and the lists' mini boards, which count too.
TARGETS = (
    "button, select, input, summary, a[href], [role=tab], .tile, .gap, "
    ".move-list li, .tree-row, .entries li"
)
SMALLEST = 24
# The main controls, 44 px high on a touch screen (by id; Compare's by name, below).
MAIN = (
    "tab-play", "tab-solve", "tab-step", "tab-compare", "tab-lab",
    "undo", "redo", "restart", "hint", "solve",
    "playback-back", "playback-pause", "playback-forward", "playback-end",
    "step-back", "step", "play", "run-end",
)  # fmt: skip
COMPARE_MAIN = ("Step", "Play", "Run all to end")
TOUCH = 44
# A board 16 moves from the snail goal: a solve of a second, a few steps with full lists.
BOARD = "#board=2,3,1/8,0,4/7,6,5&goal=snail&algorithm=astar&heuristic=manhattan"


def too_small(page: Page, smallest: int = SMALLEST) -> list[str]:
    """The targets drawn whose box is narrower or lower than ``smallest`` px, named with
    their size."""
    found: list[str] = page.evaluate(
        """([selector, smallest]) => [...document.querySelectorAll(selector)]
          .filter((e) => e.checkVisibility({visibilityProperty: true}))
          .map((e) => [e, e.getBoundingClientRect()])
          .filter(([e, r]) => r.width < smallest || r.height < smallest)
          .map(([e, r]) => `${e.id || e.className || e.tagName} ${r.width.toFixed(1)}`
                          + `x${r.height.toFixed(1)}`)""",
        [TARGETS, smallest],
    )
    return found


def drawn(page: Page) -> int:
    counted: int = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
          .filter((e) => e.checkVisibility({visibilityProperty: true})).length""",
        TARGETS,
    )
    return counted


def every_mode(page: Page) -> Iterator[str]:
    """Each mode with what it draws in use: a solution played back (and paused), a search
    stepped with its tree open, Compare stepped, the Lab's form. Yields the mode shown."""
    show_mode(page, "play")
    yield "play"
    show_mode(page, "solve")
    page.locator("#solve").click()
    expect(page.locator("#solution-moves li").first).to_be_visible(timeout=60_000)
    if page.locator("#playback-pause").is_enabled():  # not ended already
        page.locator("#playback-pause").click()
    yield "solve"
    show_mode(page, "step")
    for n in (1, 2, 3):
        page.locator("#step").click()
        expect(page.locator("#counters")).to_contain_text(f"Step {n} ")
    page.locator("#tree > summary").click()
    expect(page.locator(".tree-row").first).to_be_visible()
    page.locator("#how > summary").click()
    yield "step"
    show_mode(page, "compare")
    compare = page.locator("#compare")
    compare.get_by_role("button", name="Step", exact=True).click()
    expect(compare.get_by_role("status")).to_have_text("Step 1.", timeout=60_000)
    yield "compare"
    show_mode(page, "lab")
    yield "lab"


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_every_target_in_every_mode_is_at_least_24_px(
    page: Page, site: Site, viewport: tuple[int, int]
) -> None:
    width, height = viewport
    page.set_viewport_size({"width": width, "height": height})
    load(page, site.url + BOARD)
    wait_worker(page)
    found: dict[str, list[str]] = {}
    for mode in every_mode(page):
        assert drawn(page) > 5, mode  # the walk sees the mode's controls
        found[mode] = too_small(page)
        page.locator("#view-menu > summary").click()  # the View menu's boxes, opened
        found[f"{mode}, View menu"] = too_small(page)
        page.locator("#view-menu > summary").click()
    assert {mode: small for mode, small in found.items() if small} == {}


@pytest.fixture
def touch_page(new_context: Any, watch: PageWatch) -> Iterator[Page]:
    """A phone's page: a touch screen, whose pointer Chromium then calls coarse."""
    context: BrowserContext = new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.route("**/*", watch.guard)
    page = context.new_page()
    watch.watch(page)
    yield page
    assert watch.offsite == []


def test_the_main_controls_are_44_px_high_on_a_touch_screen(touch_page: Page, site: Site) -> None:
    page = touch_page
    load(page, site.url + BOARD)
    wait_worker(page)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    heights: dict[str, float] = {}
    for _mode in every_mode(page):
        for name in MAIN:
            box = page.locator(f"#{name}").bounding_box()  # None: not drawn in this mode
            if box is not None:
                heights[name] = min(heights.get(name, box["height"]), box["height"])
        for name in COMPARE_MAIN:
            button = page.locator("#compare").get_by_role("button", name=name, exact=True)
            box = button.bounding_box() if button.is_visible() else None
            if box is not None:
                heights[f"Compare's {name}"] = box["height"]
    assert set(heights) == {*MAIN, *(f"Compare's {n}" for n in COMPARE_MAIN)}  # all measured
    assert {name: h for name, h in heights.items() if h < TOUCH} == {}
    assert too_small(page) == []  # and nothing below 24 px on the phone either
