"""The Compare view: searches on one board in lockstep, their chart and results table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sitekit import STALL_PROBE, PageWatch, Site, load

from npuzzle import Board, make_search

pytestmark = pytest.mark.browser

HARD = "8,6,7/2,5,4/3,0,1"  # 31 moves: the searches take many steps
MEDIUM = "7,2,4/5,0,6/8,3,1"  # 20 moves: A* + misplaced tiles ends at step 2,340


def region(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_role("region", name="Compare")


def column_facts(page: Page) -> list[dict[str, str]]:
    out = []
    for column in region(page).locator(".compare-column").all():
        terms = column.locator("dt").all_text_contents()
        values = column.locator("dd").all_text_contents()
        out.append(dict(zip(terms, values, strict=True)))
    return out


def test_a_compare_link_opens_its_searches_and_runs_them_to_the_results_table(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, f"{site.url}#board={MEDIUM}&compare=astar:misplaced,astar:manhattan")
    compare = region(page)
    expect(compare).to_be_visible()
    expect(compare.locator(".compare-column")).to_have_count(2)
    expect(compare.get_by_role("heading", name="A* + Misplaced tiles")).to_be_visible()
    compare.get_by_role("button", name="Run all to end").click()
    table = compare.get_by_role("table")
    expect(table).to_be_visible(timeout=60_000)
    headers = table.locator("thead th").all_text_contents()
    for name in ("Expanded", "Generated", "Length", "EBF"):
        assert name in headers
    rows = table.locator("tbody tr").all()
    assert len(rows) == 2
    board = Board.parse(MEDIUM)
    for row, heuristic in zip(rows, ("misplaced", "manhattan"), strict=True):
        cells = row.locator("td").all_text_contents()
        alone = make_search(board, algorithm="astar", heuristic=heuristic).run()
        # the page's figures are the engine's, run here independently
        assert int(cells[0].replace(",", "")) == alone.expanded
        assert int(cells[1].replace(",", "")) == alone.generated
        assert int(cells[2]) == len(alone.solution or "")
    # the chart: expanded and generated for each search, as the legend says
    legend = compare.locator("svg.chart g text").all_text_contents()
    assert sum("expanded" in t for t in legend) == 2 and sum("generated" in t for t in legend) == 2
    assert watch.page_errors == [] and watch.console_errors == []


def test_one_step_moves_every_search_and_back_undoes_it(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, f"{site.url}#board={HARD}&compare=bfs,greedy:manhattan,astar:linear-conflict")
    compare = region(page)
    step = compare.get_by_role("button", name="Step", exact=True)
    back = compare.get_by_role("button", name="Back", exact=True)
    expect(back).to_be_disabled()
    for _ in range(3):
        step.click()
    expect(compare.get_by_role("status")).to_have_text("Step 3.")
    facts = column_facts(page)
    assert [f["Step"] for f in facts] == ["3", "3", "3"]
    expanded = [f["Expanded"] for f in facts]
    back.click()
    expect(compare.get_by_role("status")).to_have_text("Step 2.")
    assert [f["Step"] for f in column_facts(page)] == ["2", "2", "2"]
    step.click()
    assert [f["Expanded"] for f in column_facts(page)] == expanded
    assert watch.page_errors == [] and watch.console_errors == []


def test_compare_button_opens_the_view_and_searches_can_be_added_and_removed(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, site.url)
    expect(region(page)).to_be_hidden()
    page.get_by_role("button", name="Compare", exact=True).click()
    compare = region(page)
    expect(compare).to_be_visible()
    expect(compare.locator("fieldset.compare-entrant")).to_have_count(2)
    add = compare.get_by_role("button", name="Add a search")
    add.click()
    add.click()
    expect(compare.locator("fieldset.compare-entrant")).to_have_count(4)
    expect(add).to_be_disabled()
    compare.get_by_label("Algorithm").nth(3).select_option("wastar")
    compare.get_by_label("Weight").fill("2")
    compare.get_by_label("Weight").dispatch_event("change")
    compare.get_by_role("button", name="Remove search 1").click()
    expect(compare.locator("fieldset.compare-entrant")).to_have_count(3)
    compare.get_by_role("button", name="Start").click()
    expect(compare.locator(".compare-column")).to_have_count(3)
    # the address carries the comparison, readable
    expect(page).to_have_url(re.compile(r"compare=astar:manhattan,astar:linear-conflict,"
                                        r"wastar:linear-conflict:2"))  # fmt: skip
    assert watch.page_errors == [] and watch.console_errors == []


def test_running_all_to_the_end_leaves_the_page_responsive_and_stop_stops_it(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, f"{site.url}#board={HARD}&compare=bfs,astar:misplaced")
    compare = region(page)
    compare.get_by_role("button", name="Run all to end").click()
    stop = compare.get_by_role("button", name="Stop").first
    expect(stop).to_be_visible()
    worst_ms = page.evaluate(STALL_PROBE, [1500, 20])
    assert worst_ms < 250, f"the page stalled {worst_ms:.0f} ms while comparing"
    stop.click()
    expect(compare.get_by_role("button", name="Run all to end")).to_be_enabled()
    status = compare.get_by_role("status").text_content() or ""
    stopped_at = int(re.fullmatch(r"Step ([\d,]+)\.", status).group(1).replace(",", ""))  # type: ignore[union-attr]
    page.wait_for_timeout(500)
    assert compare.get_by_role("status").text_content() == status  # it really stopped
    assert stopped_at > 0
    assert watch.page_errors == [] and watch.console_errors == []
