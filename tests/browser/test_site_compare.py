"""The Compare view: searches on one board in lockstep, their chart and results table."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect
from sitekit import RUN_MS, STALL_PROBE, PageWatch, Site, load, show_mode, traced

from npuzzle import Board, make_search, solve

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
    # the chart: expanded and generated for each search, as the legend (HTML) says
    legend = compare.locator(".chart-legend li").all_text_contents()
    assert sum("expanded" in t for t in legend) == 2 and sum("generated" in t for t in legend) == 2
    assert watch.page_errors == [] and watch.console_errors == []


def results(page: Page) -> list[dict[str, str]]:
    """The results table's rows: the search's name, then each figure by its column's name."""
    table = region(page).get_by_role("table")
    names = table.locator("thead th").all_text_contents()
    out = []
    for row in table.locator("tbody tr").all():
        cells = [row.locator("th").text_content() or "", *row.locator("td").all_text_contents()]
        out.append(dict(zip(names, cells, strict=True)))
    return out


@pytest.mark.slow
def test_the_classic_lesson_finishes_past_the_recorded_steps(
    page: Page, site: Site, watch: PageWatch
) -> None:
    """Russell & Norvig's comparison on the hardest 3x3: A* with misplaced tiles takes 121,529
    steps, past the 115,000 recorded; both searches reach length 31 with every figure."""
    load(page, f"{site.url}#board={HARD}&compare=astar:misplaced,astar:manhattan")
    compare = region(page)
    expect(compare.locator(".compare-column")).to_have_count(2)
    began = time.perf_counter()
    compare.get_by_role("button", name="Run all to end").click()
    expect(compare.get_by_role("table")).to_be_visible(timeout=10 * RUN_MS)
    seconds = time.perf_counter() - began
    rows = results(page)
    board = Board.parse(HARD)
    for row, heuristic in zip(rows, ("misplaced", "manhattan"), strict=True):
        ran = solve(board, None, algorithm="astar", heuristic=heuristic)
        assert row["Length"] == "31" == str(ran.length) and row["Optimal"] == "yes"
        assert int(row["Expanded"].replace(",", "")) == ran.expanded
        assert int(row["Generated"].replace(",", "")) == ran.generated
        assert row["EBF"] == f"{ran.ebf:.3f}"
    said = compare.get_by_role("status").text_content() or ""
    assert "Steps after 115,000 ran without records" in said
    assert "records end (step 115,000)" in (compare.locator("svg.chart").text_content() or "")
    memory = page.evaluate("() => performance.memory ? performance.memory.usedJSHeapSize : 0")
    print(f"\nthe classic lesson: Run all to end took {seconds:.1f} s in Chromium; "
          f"main thread's JS heap {memory / 1e6:.0f} MB; {rows}")  # fmt: skip
    # Back from the end: to the last recorded step at once, and said
    compare.get_by_role("button", name="Back", exact=True).click()
    expect(compare.get_by_role("status")).to_have_text("Step 115,000.")
    assert watch.page_errors == [] and watch.console_errors == []


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_results_table_and_the_legend_fit_their_box(
    page: Page, site: Site, watch: PageWatch, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    load(page, f"{site.url}#board={MEDIUM}&compare=bfs,astar:misplaced,astar:manhattan")
    compare = region(page)
    compare.get_by_role("button", name="Run all to end").click()
    table = compare.get_by_role("table")
    expect(table).to_be_visible(timeout=RUN_MS)
    box = compare.locator("#compare-results")
    fits = box.evaluate("(el) => el.scrollWidth <= el.clientWidth")
    assert fits, "the results table scrolls sideways"
    outer = box.bounding_box()
    assert outer is not None
    cells = table.locator("tbody th, tbody td").all()
    assert len(cells) == 3 * 6
    for cell in cells:  # every figure shown, inside the box
        inner = cell.bounding_box()
        assert inner is not None and inner["width"] > 0
        assert outer["x"] - 0.5 <= inner["x"] and inner["x"] + inner["width"] <= (
            outer["x"] + outer["width"] + 0.5
        ), cell.text_content()
    cards = table.locator("thead").evaluate("(el) => getComputedStyle(el).position")
    assert (cards == "absolute") == (width < 600)  # a card per search on the phone
    # the legend: every entry inside the chart's box (it wraps), none cut
    chart = compare.locator("#compare-chart").bounding_box()
    assert chart is not None
    for item in compare.locator(".chart-legend li").all():
        inner = item.bounding_box()
        assert inner is not None
        assert inner["x"] + inner["width"] <= chart["x"] + chart["width"] + 0.5
    assert watch.page_errors == [] and watch.console_errors == []


def test_the_chart_is_on_a_log_scale_where_a_small_search_is_legible(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, f"{site.url}#board={MEDIUM}&compare=astar:misplaced,astar:manhattan")
    compare = region(page)
    compare.get_by_role("button", name="Run all to end").click()
    expect(compare.get_by_role("table")).to_be_visible(timeout=RUN_MS)
    svg = compare.locator("svg.chart")
    assert "(log scale)" in (svg.text_content() or "")
    # how high each line reaches above the axis: Manhattan's (hundreds of nodes) at least half
    # as high as misplaced tiles' (thousands); on a linear axis it was a few pixels
    boxes = svg.locator("g[class^='series-'] polyline").evaluate_all(
        "(lines) => lines.map((l) => { const b = l.getBBox(); return [b.y, b.y + b.height]; })"
    )
    axis = max(bottom for _top, bottom in boxes)
    rise = [axis - top for top, _bottom in boxes]
    assert min(rise) > max(rise) / 2, rise
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
    expect(compare.get_by_role("status")).to_have_text("Step 3.")  # the columns are redrawn
    assert [f["Expanded"] for f in column_facts(page)] == expanded
    assert watch.page_errors == [] and watch.console_errors == []


def test_compare_button_opens_the_view_and_searches_can_be_added_and_removed(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, site.url)
    expect(region(page)).to_be_hidden()
    show_mode(page, "compare")
    compare = region(page)
    expect(compare).to_be_visible()
    expect(compare.locator("fieldset.compare-entrant")).to_have_count(2)
    add = compare.get_by_role("button", name="Add a search")
    add.click()
    add.click()
    expect(compare.locator("fieldset.compare-entrant")).to_have_count(4)
    expect(add).to_be_disabled()
    compare.get_by_label("Algorithm").nth(3).select_option("wastar")
    weight = compare.get_by_label("Weight", exact=True)  # not the column "Weighted A* ..."
    weight.fill("2")
    weight.dispatch_event("change")
    compare.get_by_role("button", name="Remove search 1").click()
    expect(compare.locator("fieldset.compare-entrant")).to_have_count(3)
    # each change applies at once: the comparison started again with the searches shown
    expect(compare.locator(".compare-column")).to_have_count(3)
    expect(compare.locator(".compare-column h3").last).to_have_text(
        "Weighted A* + Manhattan + linear conflict (w = 2)"
    )
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
    # A second look when the first saw a stall: on a loaded 2-core machine (the unit tests
    # run beside these) the renderer can be descheduled for a moment; a stall of the page's
    # own making shows in both.
    worst_ms = page.evaluate(STALL_PROBE, [1500, 20])
    if worst_ms >= 250:
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


# ----- the searches run in the solver worker (issue 14) --------------------------------------
ASTAR_4X4 = "1,4,3,8/7,2,6,0/5,9,11,12/10,14,13,15"  # 28 moves; A* + pdb expands 96 nodes
# Every text Compare's status line showed, from now on (window.__texts).
RECORD_TEXTS = """() => {
  const el = document.getElementById("compare-status"), texts = (window.__texts = []);
  new MutationObserver(() => texts.push(el.textContent)).observe(el, {
    childList: true, characterData: true, subtree: true,
  });
}"""
# The page's own fetches (Resource Timing lists a global's own: not its workers').
PAGE_FETCHES = "() => performance.getEntriesByType('resource').map((e) => e.name)"


def test_pattern_databases_load_in_the_worker_and_the_main_thread_fetches_none(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, f"{site.url}#board={ASTAR_4X4}")
    show_mode(page, "compare")
    compare = region(page)
    expect(compare.get_by_role("status")).to_have_text("Step 0.", timeout=60_000)
    compare.get_by_label("Heuristic").nth(1).select_option("linear-conflict")
    expect(compare.get_by_role("status")).to_have_text("Step 0.", timeout=60_000)
    page.evaluate(RECORD_TEXTS)
    # a changed setting applies at once: the comparison starts again, its tables loading
    compare.get_by_label("Heuristic").first.select_option("pdb")
    expect(page).to_have_url(re.compile(r"compare=astar:pdb,astar:linear-conflict"))
    heading = compare.get_by_role("heading", name="A* + Pattern databases")
    expect(heading).to_be_visible(timeout=60_000)
    expect(compare.get_by_role("status")).to_have_text("Step 0.")
    texts = page.evaluate("window.__texts")
    assert any("Loading pattern databases into the solver: " in t for t in texts), texts
    compare.get_by_role("button", name="Run all to end").click()
    table = compare.get_by_role("table")
    expect(table).to_be_visible(timeout=60_000)
    board = Board.parse(ASTAR_4X4)
    rows = table.locator("tbody tr").all()
    for row, heuristic in zip(rows, ("pdb", "linear-conflict"), strict=True):
        cells = row.locator("td").all_text_contents()
        alone = make_search(board, algorithm="astar", heuristic=heuristic).run()
        assert int(cells[0].replace(",", "")) == alone.expanded
        assert int(cells[2]) == len(alone.solution or "") == 28
    # the tables were fetched, by the worker: the page's own fetches hold none of them
    assert [u for u in watch.requests if "/pdb/" in u and u.endswith(".npdb")]
    assert [u for u in page.evaluate(PAGE_FETCHES) if "/pdb/" in u] == []
    assert watch.page_errors == [] and watch.console_errors == []


def test_run_all_to_end_costs_the_main_thread_little_cpu(page: Page, site: Site) -> None:
    """While the searches run to their end, the main thread only asks and draws: by Chromium's
    trace it spends a fifth of the run's time at most (stepping there took nearly all)."""
    load(page, f"{site.url}#board={MEDIUM}&compare=bfs,astar:misplaced")
    compare = region(page)
    expect(compare.get_by_role("status")).to_have_text("Step 0.", timeout=60_000)
    browser = page.context.browser
    assert browser is not None
    with traced(browser, page) as trace:
        page.evaluate("performance.mark('run-start')")
        compare.get_by_role("button", name="Run all to end").click()
        expect(compare.get_by_role("table")).to_be_visible(timeout=120_000)
        page.evaluate("performance.mark('run-end')")
    main = trace[0]
    wall = (main.marks["run-end"] - main.marks["run-start"]) / 1000
    cpu = main.cpu_between("run-start", "run-end")
    print(f"Run all to end: {wall:.0f} ms, the main thread's CPU {cpu:.0f} ms; {main.longest()}")
    assert wall > 1000  # long enough for the share to mean something
    assert cpu < wall / 5, f"the main thread worked {cpu:.0f} ms of {wall:.0f} ms"
