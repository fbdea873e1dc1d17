"""Share links: the address follows the page, links open exactly what was shared."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sitekit import PageWatch, Site, load, show_mode

pytestmark = pytest.mark.browser

SHARED = (
    "#board=1,3,4/8,0,5/7,2,6&goal=1,2,3/8,0,4/7,6,5"
    "&algorithm=idastar&heuristic=linear-conflict&step=3"
)


def test_a_link_opens_board_goal_settings_and_step(page: Page, site: Site) -> None:
    load(page, site.url + SHARED)
    assert page.locator("#grid").get_attribute("data-tiles") == "1,3,4/8,0,5/7,2,6"
    # A link with a step opens Step through.
    expect(page.locator("#tab-step")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#visualizer")).to_be_visible()
    expect(page.get_by_label("Goal", exact=True)).to_have_value("custom")
    expect(page.get_by_label("Goal board")).to_have_value("1,2,3/8,0,4/7,6,5")
    expect(page.get_by_label("Algorithm")).to_have_value("idastar")
    expect(page.get_by_label("Heuristic")).to_have_value("linear-conflict")
    expect(page.locator("#counters")).to_contain_text("Step 3 ")


def test_share_round_trips_in_a_fresh_browser(page: Page, site: Site, context) -> None:
    load(page, site.url)
    page.get_by_label("Size").select_option("4x4")
    page.get_by_role("button", name="Shuffle").click()
    page.get_by_label("Goal", exact=True).select_option("snail")
    show_mode(page, "step")
    page.get_by_label("Algorithm").select_option("wastar")
    page.get_by_label("Heuristic").select_option("reversal")
    page.get_by_label("Weight").fill("2.5")
    page.get_by_label("Weight").dispatch_event("change")
    for _ in range(4):
        page.get_by_role("button", name="Step", exact=True).click()
    expect(page.locator("#counters")).to_contain_text("Step 4 ")
    page.get_by_role("button", name="Share").click()
    expect(page.locator("#status")).to_contain_text("#board=")
    url = page.url
    assert "step=4" in url and "weight=2.5" in url and "goal=snail" in url
    tiles = page.locator("#grid").get_attribute("data-tiles")
    fresh = context.browser.new_context()
    other = fresh.new_page()
    try:
        load(other, url)
        assert other.locator("#grid").get_attribute("data-tiles") == tiles
        expect(other.get_by_label("Goal", exact=True)).to_have_value("snail")
        expect(other.get_by_label("Algorithm")).to_have_value("wastar")
        expect(other.get_by_label("Heuristic")).to_have_value("reversal")
        expect(other.get_by_label("Weight")).to_have_value("2.5")
        expect(other.locator("#counters")).to_contain_text("Step 4 ")
        expect(other.locator("#tab-step")).to_have_attribute("aria-selected", "true")
        assert other.locator("#counters").text_content() == page.locator("#counters").text_content()
    finally:
        fresh.close()


def test_back_and_forward_buttons_restore_the_state(page: Page, site: Site) -> None:
    load(page, site.url)
    page.get_by_role("button", name="Shuffle").click()
    first = page.locator("#grid").get_attribute("data-tiles")
    page.get_by_role("button", name="Shuffle").click()
    second = page.locator("#grid").get_attribute("data-tiles")
    assert first != second
    page.go_back()
    expect(page.locator("#grid")).to_have_attribute("data-tiles", first or "")
    page.go_forward()
    expect(page.locator("#grid")).to_have_attribute("data-tiles", second or "")


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("#board=1,2,3/4,5,6/7,8,8", "duplicate tile 8"),
        ("#board=1,2,3/4,5/6,7,0", "ragged rows"),
        ("#board=1,2,3/4,5,6/8,7,0", "cannot reach its goal"),
        ("#board=9,9,9,9,9,9,9,9,9/9", "board was not used"),
        ("#algorithm=quantum&heuristic=oracle", "unknown algorithm"),
        ("#step=123456789", "step"),
        ("#board=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "cannot read tile"),
        ("#board=%F0%9F%98%80,2/3,0", "cannot read tile"),
        ("#board=%FF", "not valid text"),
    ],
)
def test_malformed_links_show_a_message_and_a_usable_board(
    page: Page, site: Site, watch: PageWatch, fragment: str, words: str
) -> None:
    load(page, site.url + fragment)
    expect(page.locator("#status")).to_contain_text("This link had problems")
    expect(page.locator("#status")).to_contain_text(words)
    assert page.locator("#grid button.tile").count() >= 3
    assert page.locator("img").count() == 0
    assert watch.page_errors == [] and watch.console_errors == []
    show_mode(page, "play")  # the Board settings
    page.get_by_role("button", name="Shuffle").click()  # still usable
    expect(page.locator("#status")).to_contain_text("Shuffled")


@pytest.mark.parametrize(
    "fragment",
    ["#compare=" + ",".join(["x"] * 1995), "#lab=compare&lab-heuristics=" + "x" * 3000],
)
def test_a_link_full_of_bad_values_gets_a_short_message(
    page: Page, site: Site, watch: PageWatch, fragment: str
) -> None:
    """Issue 35: 1,995 bad searches to compare made a live region of 247,490 characters,
    83,448 px tall, all read aloud; now the first is said and the rest counted."""
    load(page, site.url + fragment)
    status = page.locator("#status")
    expect(status).to_contain_text("This link had problems")
    text = str(status.text_content())
    assert len(text) < 500, text
    assert "and 1,994 more" in text or "(3,000 characters)" in text
    box = status.bounding_box()
    assert box is not None and box["height"] < 400  # a few lines of the column, not 83,448 px
    assert watch.page_errors == []
