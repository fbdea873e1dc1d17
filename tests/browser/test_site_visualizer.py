"""The step-through visualizer: Step, Back, Play, jump, and the open and closed lists."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sitekit import PageWatch, Site, load, show_mode, unfold

pytestmark = pytest.mark.browser

VALUES = re.compile(r"g=(\d+) h=(\d+) f=(\d+)")


def open_entries(page: Page) -> list[tuple[int, int, int]]:
    texts = page.get_by_role("region", name="Open list").locator("li .vals").all_text_contents()
    return [tuple(int(x) for x in VALUES.fullmatch(t).groups()) for t in texts]  # type: ignore[union-attr]


def view(page: Page) -> tuple[str, str, str, str]:
    return (
        page.locator("#counters").text_content() or "",
        page.get_by_role("region", name="Open list").inner_html(),
        page.get_by_role("region", name="Closed list").inner_html(),
        page.locator("#current").inner_html(),
    )


def prepare(page: Page, site: Site, board: str = "231 8b4 765") -> None:
    load(page, site.url)
    show_mode(page, "play")
    page.get_by_label("Goal", exact=True).select_option("snail")
    page.get_by_label("Board", exact=True).fill(board)
    page.get_by_role("button", name="Edit").click()
    show_mode(page, "step")
    page.get_by_label("Algorithm").select_option("astar")
    page.get_by_label("Heuristic").select_option("manhattan")


def test_step_shows_open_list_with_f_equal_g_plus_h_and_back_restores(
    page: Page, site: Site, watch: PageWatch
) -> None:
    prepare(page, site)
    step = page.get_by_role("button", name="Step", exact=True)
    back = page.get_by_role("button", name="Back", exact=True)
    expect(back).to_be_disabled()
    views = []
    for n in range(1, 13):
        step.click()
        expect(page.locator("#counters")).to_contain_text(f"Step {n} ")
        views.append(view(page))
    entries = open_entries(page)
    assert len(entries) > 3
    assert all(f == g + h for g, h, f in entries)
    assert [(f, -g) for g, h, f in entries] == sorted((f, -g) for g, h, f in entries)
    closed = page.get_by_role("region", name="Closed list").locator("li")
    expect(closed).to_have_count(12)
    children = page.locator("#children li")
    assert children.count() >= 1
    assert all(
        re.search(r"(added|duplicate|updated|reopened|pruned)$", t.strip())
        for t in children.locator(".extra").all_text_contents()
    )
    # Back walks the same views in reverse
    for n in range(11, 0, -1):
        back.click()
        expect(page.locator("#counters")).to_contain_text(f"Step {n} ")
        assert view(page) == views[n - 1]
    assert watch.page_errors == [] and watch.console_errors == []


def test_keyboard_play_pause_and_run_to_the_end(page: Page, site: Site) -> None:
    prepare(page, site)
    panel = page.locator("#visualizer")
    panel.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#counters")).to_contain_text("Step 2 ")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#counters")).to_contain_text("Step 1 ")
    assert page.locator("#grid").get_attribute("data-tiles") == "2,3,1/8,0,4/7,6,5"
    page.keyboard.press(" ")
    expect(page.get_by_role("button", name="Stop")).to_be_visible()  # Play's, while it plays
    expect(page.locator("#counters")).to_contain_text("Step 3 ")
    page.keyboard.press(" ")
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    page.get_by_role("button", name="Run to end").click()
    expect(page.locator("#step-status")).to_contain_text("goal reached, a path of 16 moves")
    expect(page.locator("#counters")).to_contain_text("status solved")
    expect(page.get_by_role("button", name="Step", exact=True)).to_be_disabled()


def test_jump_slider_goes_to_a_step_and_back(page: Page, site: Site) -> None:
    prepare(page, site)
    page.get_by_role("button", name="Run to end").click()
    expect(page.locator("#counters")).to_contain_text("status solved")
    jump = page.get_by_label("Step number")
    last = int(jump.get_attribute("max") or 0)
    assert last > 20
    jump.fill("7")
    expect(page.locator("#counters")).to_contain_text("Step 7 ")
    expect(page.get_by_role("region", name="Closed list").locator("li")).to_have_count(7)
    jump.fill(str(last))
    expect(page.locator("#counters")).to_contain_text(f"Step {last} ")


def test_large_open_list_draws_only_what_is_visible(page: Page, site: Site) -> None:
    prepare(page, site, "5,12,11,14/13,4,7,1/2,0,15,6/3,9,10,8")
    show_mode(page, "play")
    page.get_by_label("Goal", exact=True).select_option("standard")
    show_mode(page, "step")
    page.get_by_label("Algorithm").select_option("bfs")
    jump = page.get_by_label("Step number")
    reached = 0
    while reached < 3000:  # the slider reaches twice as far as explored: hop to its end
        target = int(jump.get_attribute("max") or 0)
        assert target > reached
        jump.fill(str(target))
        expect(page.locator("#counters")).to_contain_text(f"Step {target:,} ", timeout=60_000)
        reached = target
    region = page.get_by_role("region", name="Open list")
    assert region.locator("li").count() <= 40
    expect(page.locator("#open-more")).to_contain_text("more")
    step = page.get_by_role("button", name="Step", exact=True)
    start = page.evaluate("performance.now()")
    step.click()
    expect(page.locator("#counters")).to_contain_text(f"Step {reached + 1:,} ")
    ms = page.evaluate("performance.now()") - start
    print(
        f"\none step with an open list of {page.locator('#counters').text_content()}: {ms:.0f} ms"
    )
    assert ms < 2000


@pytest.mark.parametrize("algorithm", ["astar", "idastar"])
def test_why_this_step_gives_the_expanded_nodes_own_numbers(
    page: Page, site: Site, watch: PageWatch, algorithm: str
) -> None:
    prepare(page, site)
    page.get_by_label("Algorithm").select_option(algorithm)
    unfold(page, "#why")  # one click away
    why = page.locator("#why")
    step = page.get_by_role("button", name="Step", exact=True)
    for n in range(1, 6):
        step.click()
        expect(page.locator("#counters")).to_contain_text(f"Step {n} ")
        g, h, f = VALUES.fullmatch(page.locator("#current .vals").text_content() or "").groups()  # type: ignore[union-attr]
        sentences = why.locator("li").all_text_contents()
        assert re.match(rf"Step {n}\b.* expands", sentences[0]), sentences[0]
        assert f"f = g + h = {g} + {h} = {f}" in sentences[0]
        # one sentence per child after the choice, each naming the tile that slides
        children = page.locator("#children li").count()
        assert sum("slides" in s for s in sentences[1:]) >= children
        if algorithm == "idastar":
            assert "threshold" in sentences[0]
    page.get_by_role("button", name="Back", exact=True).click()
    expect(why.locator("li").first).to_contain_text("Step 4 expands")
    assert watch.page_errors == [] and watch.console_errors == []
