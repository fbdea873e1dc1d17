"""Printing and the projector: the Step through mode printed on one A4 page (the board, the
step's counters, both lists and Why this step, in colour, without controls), and the View
menu's Large setting (scaled up, remembered, the step still in one view at 1920x1080)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sitekit import Site, load, step_visualizer

pytestmark = pytest.mark.browser

# Controls that print media must not draw: every one the page has (the tiles are the board).
CONTROLS = "button:not(.tile), select, input, progress, [role=tab]"
# A step whose lists are both full (the worker sends 40 entries of each): the longest print.
FULL_LISTS = {
    "3x3": "#board=8,6,7/2,5,4/3,0,1&algorithm=astar&heuristic=manhattan&step=150",
    "4x4": "#board=5,1,3,4/2,0,7,8/9,6,11,12/13,10,14,15&algorithm=bfs&heuristic=manhattan"
    "&step=150",
}


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF written by Chromium (its page tree's /Count)."""
    counts = [int(n) for n in re.findall(rb"/Count (\d+)", pdf)]
    assert counts, "no page tree in the PDF"
    return max(counts)


def visible(page: Page, selector: str) -> list[str]:
    """The elements matching ``selector`` that are drawn, each named by id or tag."""
    names: list[str] = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter((e) => e.checkVisibility())
            .map((e) => e.id || e.tagName.toLowerCase())""",
        selector,
    )
    return names


def test_print_media_draws_the_step_in_colour_and_no_control(page: Page, site: Site) -> None:
    page.emulate_media(color_scheme="dark")  # paper is white whatever the screen's theme
    load(page, site.url)
    step_visualizer(page, 4)
    expect(page.locator("#why")).not_to_have_attribute("open", "")  # folded on the screen
    assert visible(page, CONTROLS) != []
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.emulate_media(media="print")
    assert visible(page, CONTROLS) == []
    for shown in ("#grid", "#counters", "#open-list", "#closed-list", "#current", "#why-list"):
        expect(page.locator(shown)).to_be_visible()
    assert page.locator("#open-list li").count() > 0
    assert page.locator("#why-list li").nth(1).is_visible()  # the folded sentences printed
    colours = page.evaluate(
        """() => {
          const face = getComputedStyle(document.querySelector('#grid .tile .face'));
          const mini = getComputedStyle(document.querySelector('#open-list .mini span'));
          const text = getComputedStyle(document.querySelector('#counters'));
          return [face.printColorAdjust, face.backgroundColor, mini.printColorAdjust,
                  mini.backgroundColor, text.color];
        }"""
    )
    assert colours == ["exact", "rgb(31, 78, 121)", "exact", "rgb(31, 78, 121)", "rgb(0, 0, 0)"]


@pytest.mark.parametrize("size", sorted(FULL_LISTS))
def test_a_step_with_full_lists_prints_on_one_a4_page(page: Page, site: Site, size: str) -> None:
    load(page, site.url + FULL_LISTS[size])
    expect(page.locator("#counters")).to_contain_text("Step 150 ", timeout=60_000)
    for name in ("open", "closed"):
        assert page.locator(f"#{name}-list li").count() == 40  # as many as a step shows
    assert pdf_pages(page.pdf(prefer_css_page_size=True)) == 1


def test_large_scales_the_page_up_and_keeps_the_step_in_view(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    load(page, site.url)
    step_visualizer(page, 4)
    sizes = """() => [
      parseFloat(getComputedStyle(document.documentElement).fontSize),
      document.querySelector('#grid .tile').getBoundingClientRect().height,
      document.querySelector('#open-list .mini span').getBoundingClientRect().height,
      parseFloat(getComputedStyle(document.querySelector('#open-list li')).fontSize),
    ]"""
    before = page.evaluate(sizes)
    page.locator("#view-menu > summary").click()
    page.get_by_label("Large, for a projector").check()
    after = page.evaluate(sizes)
    assert after[0] >= 1.5 * before[0]  # the root font size, and every rem with it
    assert after[2] >= 1.5 * before[2] and after[3] >= 1.5 * before[3]  # mini boards, lists
    assert after[1] >= before[1]  # tiles: as large as the screen's height allows
    page.locator("#view-menu > summary").click()  # the menu closed again
    for shown in ("#step", "#step-back", "#run-end", "#grid", "#open-list li", "#counters"):
        box = page.locator(shown).first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1080, shown
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1920, shown
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    # Remembered: the next visit opens large, before anything is pressed.
    load(page, site.url)
    expect(page.locator("html")).to_have_class(re.compile(r"\blarge\b"))
    expect(page.get_by_label("Large, for a projector")).to_be_checked()
