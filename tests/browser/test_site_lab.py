"""The Experiment lab: npuzzle.lab's experiments run in the page's worker, drawn as a table and
charts, downloaded as CSV, carried by share links, cancelled, and refused with a message when
the settings are bad.

Nothing here is a hard-coded answer: every table, chart and file the page makes is compared
with the same experiment run here in CPython with npuzzle.lab, the very engine the page runs.
Experiments are kept small (a dozen searches or so) except where a run must last long enough
to be cancelled.
"""

from __future__ import annotations

import html
import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect
from sitekit import PageWatch, Site, load, show_mode, wait_offline_copy, wait_worker

from npuzzle import Board, lab, make_search
from npuzzle.lab import charts, runner
from npuzzle.teach.link import LabLink, parse_fragment

pytestmark = pytest.mark.browser

RUN_TIMEOUT_MS = 120_000  # a small experiment, on a slow shared 2-core machine
DONE = r"Done: {name}, {count} searches in \d+\.\d s\."
CANCELLED = re.compile(r"Cancelled after ([\d,]+) searches \(\d+\.\d s\): the table covers them\.")
LOADING = re.compile(r"Loading pattern databases: \d+\.\d of \d+\.\d MB\.\.\.")
BUSY = "the solver is busy with an experiment of the lab: cancel it first"

# Records, in the page, every text #lab-status shows (for messages that come and go fast).
RECORD = """() => {
  window.__labSeen = [];
  const status = document.getElementById("lab-status");
  new MutationObserver(() => window.__labSeen.push(status.textContent)).observe(
    status, {childList: true, characterData: true, subtree: true});
}"""

TABLE = """() => {
  const t = document.getElementById("lab-table");
  return {
    head: [...t.querySelectorAll("thead th")].map((e) => e.textContent),
    rows: [...t.querySelectorAll("tbody tr")].map((r) => [...r.cells].map((c) => c.textContent)),
    dataRows: t.dataset.rows ?? null,
    searches: t.dataset.searches ?? null,
  };
}"""

# Each chart: its legend as [name, class] pairs, the tooltips of its bars and points, how many
# polylines and bars it has, and its text.
CHARTS = """() => [...document.querySelectorAll("#lab-charts figure.chart-box")].map((f) => {
  const svg = f.querySelector(":scope > svg.chart");
  if (!svg) return null;
  const legend = [...svg.querySelectorAll("g")]
    .filter((g) => g.querySelector(":scope > line") && g.querySelector(":scope > text"))
    .map((g) => [g.querySelector(":scope > text").textContent, g.getAttribute("class")]);
  return {
    legend,
    bars: [...svg.querySelectorAll("rect > title")].map((t) => t.textContent),
    points: [...svg.querySelectorAll("circle > title")].map((t) => t.textContent),
    polylines: svg.querySelectorAll("polyline").length,
    text: svg.textContent,
  };
})"""


# Each chart's y-axis title (the rotated text) and y tick labels (anchored at their end, not
# slanted), as boxes on the screen: what the reader sees overlap or not.
AXIS_BOXES = """() => [...document.querySelectorAll("#lab-charts svg.chart")].map((svg) => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: e.textContent};
  };
  const title = svg.querySelector("text[transform*='rotate(-90)']");
  const ticks = [...svg.querySelectorAll("text[text-anchor='end']:not([transform])")];
  return {title: box(title), ticks: ticks.map(box)};
})"""


# ----- the same experiment in CPython --------------------------------------------------------
def expected(name: str, options: dict[str, Any], seed: str = "1", first: int | None = None):
    """npuzzle.lab's result for the experiment (its first ``first`` searches only, if given)."""
    jobs = list(runner.plan(name, options, seed))
    if first is not None:
        jobs = jobs[:first]
    return lab.summarize(name, [runner.run_job(j) for j in jobs], options, seed)


def searches(name: str, options: dict[str, Any], seed: str = "1") -> int:
    return len(runner.plan(name, options, seed))


def number(text: str) -> float:
    return float(text.replace(",", ""))


def tooltips(chart: dict[str, Any], tag: str) -> list[str]:
    """The <title> texts of a chart's bars (``rect``) or points (``circle``), from CPython."""
    svg = charts.render(chart)
    return [html.unescape(t) for t in re.findall(rf"<{tag}\b[^>]*><title>(.*?)</title>", svg)]


# ----- driving the page ----------------------------------------------------------------------
def ready(page: Page, site: Site, fragment: str = "") -> None:
    """Open the page (a lab= link opens the Lab by itself) and show the Lab."""
    load(page, site.url + fragment)
    wait_worker(page)
    show_mode(page, "lab")


def lab_status(page: Page) -> Locator:
    return page.locator("#lab-status")


def choose(page: Page, name: str) -> None:
    page.locator("#lab-experiment").select_option(name)
    expect(page.locator("#lab-opt-tie_break")).to_be_attached()


def set_option(page: Page, option: str, value: str) -> None:
    """Type or pick ``value`` in the option's field, as a person would (change on blur)."""
    field = page.locator(f"#lab-opt-{option}")
    if field.evaluate("e => e.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)
        field.blur()


def set_names(page: Page, option: str, names: list[str]) -> None:
    """Check exactly ``names`` among the option's checkboxes."""
    boxes = page.locator(f"#lab-opt-{option} input[type=checkbox]")
    for k in range(boxes.count()):
        box = boxes.nth(k)
        box.set_checked(box.get_attribute("value") in names)


def checked(page: Page, option: str) -> list[str]:
    boxes = page.locator(f"#lab-opt-{option} input[type=checkbox]")
    return boxes.evaluate_all("bs => bs.filter((b) => b.checked).map((b) => b.value)")


def run(page: Page, name: str, count: int) -> None:
    """Press Run and wait until the page says it is done with ``count`` searches."""
    page.locator("#lab-run").click()
    wait_done(page, name, count)


def wait_done(page: Page, name: str, count: int) -> None:
    done = re.compile(DONE.format(name=name, count=f"{count:,}"))
    expect(lab_status(page)).to_have_text(done, timeout=RUN_TIMEOUT_MS)
    expect(page.locator("body")).to_have_attribute("data-lab-running", "false")


def start_long_run(page: Page) -> int:
    """Run rn with the page's defaults (thousands of searches) until some are done; return
    how many it has in all."""
    total = searches("rn", {})
    assert total >= 1000, "rn's defaults should make a run of several seconds"
    expect(page.locator("#lab-experiment")).to_have_value("rn")
    page.locator("#lab-run").click()
    expect(page.locator("body")).to_have_attribute("data-lab-running", "true")
    running = re.compile(rf"Running: [1-9][\d,]* of {total:,} searches")
    expect(lab_status(page)).to_have_text(running, timeout=RUN_TIMEOUT_MS)
    assert_form_enabled(page, False)
    expect(page.locator("#lab-cancel")).to_be_visible()
    return total


def assert_form_enabled(page: Page, enabled: bool) -> None:
    """The lab's fieldset (and so Run and every field in it) is enabled, or disabled."""
    fieldset = page.locator("#lab-fieldset")
    if enabled:
        expect(fieldset).not_to_have_attribute("disabled", re.compile(".*"))
        expect(page.locator("#lab-run")).to_be_enabled()
        expect(page.locator("#lab-seed")).to_be_editable()
    else:
        expect(fieldset).to_have_attribute("disabled", "")
        expect(page.locator("#lab-run")).to_be_disabled()
        expect(page.locator("#lab-seed")).not_to_be_editable()


def cancel(page: Page) -> int:
    """Press Cancel; return how many searches the page says the table covers."""
    page.locator("#lab-cancel").click()
    expect(lab_status(page)).to_have_text(CANCELLED, timeout=RUN_TIMEOUT_MS)
    match = CANCELLED.fullmatch(lab_status(page).text_content() or "")
    assert match is not None
    return int(match.group(1).replace(",", ""))


def assert_table(page: Page, result: lab.LabResult, skip: tuple[str, ...] = ()) -> None:
    """The page's table shows ``result``: same columns, same rows, every cell written as the
    markdown table writes it (columns in ``skip``, timings, only need a number)."""
    table = page.evaluate(TABLE)
    assert table["head"] == [c.replace("_", " ") for c in result.columns]
    assert table["dataRows"] == str(len(result.rows))
    assert len(table["rows"]) == len(result.rows)
    for k, (cells, row) in enumerate(zip(table["rows"], result.rows, strict=True)):
        assert len(cells) == len(result.columns), f"row {k}"
        for column, text in zip(result.columns, cells, strict=True):
            if column in skip:
                assert number(text) >= 0, f"row {k}, {column}: {text!r}"
            else:
                assert text == lab.cell_text(row.get(column)), f"row {k}, {column}"


def assert_bars(page: Page, result: lab.LabResult) -> list[dict[str, Any]]:
    """The page's charts are the result's bar charts: same bars (tooltips say the series, the
    category and the value) and legend; return what the page drew."""
    drawn = page.evaluate(CHARTS)
    data = result.charts()
    assert len(drawn) == len(data) >= 1
    for chart, data_chart in zip(drawn, data, strict=True):
        assert chart is not None, "a figure without an svg.chart"
        assert data_chart["kind"] == "bar"
        bars = tooltips(data_chart, "rect")
        assert bars, "CPython's chart has no bars"
        assert chart["bars"] == bars
        names = [s["name"] for s in data_chart["series"] if s["points"]]
        assert [name for name, _cls in chart["legend"]] == names
    return drawn


def legend_class(chart: dict[str, Any], name: str) -> str:
    classes = [cls for n, cls in chart["legend"] if n == name]
    assert len(classes) == 1, f"legend entry {name!r}: {chart['legend']}"
    return classes[0]


def record(page: Page) -> None:
    page.evaluate(RECORD)


def seen(page: Page) -> list[str]:
    return list(page.evaluate("window.__labSeen"))


def assert_axis_titles_clear(page: Page) -> None:
    """On every chart drawn, the y-axis title overlaps none of the y tick labels."""
    charts_drawn = page.evaluate(AXIS_BOXES)
    assert charts_drawn, "no chart drawn"
    for chart in charts_drawn:
        title = chart["title"]
        assert chart["ticks"], "no tick labels"
        for tick in chart["ticks"]:
            apart = (
                tick["left"] >= title["right"] + 1
                or tick["right"] <= title["left"] - 1
                or tick["top"] >= title["bottom"]
                or tick["bottom"] <= title["top"]
            )
            assert apart, f"tick {tick['text']!r} overlaps {title['text']!r}: {tick} {title}"


# ----- tests ---------------------------------------------------------------------------------
def test_kunkle_run_from_the_form_gives_cpythons_table_and_bars(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site)
    expect(page.locator("#lab-csv")).to_be_disabled()
    choose(page, "kunkle")
    set_names(page, "heuristics", ["manhattan", "reversal"])
    options = {"heuristics": ["manhattan", "reversal"]}
    count = searches("kunkle", options)
    run(page, "kunkle", count)
    result = expected("kunkle", options)
    assert_table(page, result)
    assert page.locator("#lab-table").get_attribute("data-searches") == str(count)
    title = page.locator("#lab-result-title")
    expect(title).to_be_visible()
    expect(title).to_have_text(f"kunkle: {result.title} (seed 1)")
    assert page.locator("#lab-notes li").all_text_contents() == result.notes
    (chart,) = assert_bars(page, result)
    assert ("log scale" in chart["text"]) == bool(result.charts()[0]["log_y"])
    assert_axis_titles_clear(page)
    # ours and the paper's figures for one heuristic share a colour; heuristics do not
    ours = legend_class(chart, "manhattan (ours)")
    assert ours == legend_class(chart, "manhattan (Kunkle)")
    assert legend_class(chart, "reversal (ours)") != ours
    expect(page.locator("#lab-csv")).to_be_enabled()
    assert_form_enabled(page, True)
    expect(page.locator("#lab-cancel")).to_be_hidden()
    assert watch.page_errors == [] and watch.console_errors == []


def test_rn_run_draws_log_scale_line_charts_beside_the_book(page: Page, site: Site) -> None:
    ready(page, site)
    set_option(page, "per_depth", "3")
    set_option(page, "max_depth", "8")
    set_names(page, "heuristics", ["manhattan"])
    options = {"per_depth": 3, "max_depth": 8, "heuristics": ["manhattan"]}
    run(page, "rn", searches("rn", options))
    result = expected("rn", options)
    assert_table(page, result)
    drawn = page.evaluate(CHARTS)
    data = result.charts()
    assert len(drawn) == len(data) == 2
    for chart, data_chart in zip(drawn, data, strict=True):
        assert chart is not None and data_chart["kind"] == "line"
        series = [s for s in data_chart["series"] if s["points"]]
        assert {s["name"] for s in series} == {"manhattan (ours)", "manhattan (R&N)"}
        assert chart["polylines"] == len(series)
        assert chart["points"] == tooltips(data_chart, "circle")
        assert chart["points"], "no points drawn"
        assert [name for name, _cls in chart["legend"]] == [s["name"] for s in series]
        assert legend_class(chart, "manhattan (ours)") == legend_class(chart, "manhattan (R&N)")
        assert ("log scale" in chart["text"]) == bool(data_chart["log_y"])
    assert any(c["log_y"] for c in data), "the nodes-generated chart is on a log scale"
    assert_axis_titles_clear(page)


def test_kunkles_chart_keeps_its_y_title_clear_of_the_tick_labels(page: Page, site: Site) -> None:
    """The reported case: Kunkle's six boards with his three heuristics (blind search
    examines up to 100,000 states, so the log scale's labels reach 1,000,000)."""
    ready(page, site, "#lab=kunkle")
    wait_done(page, "kunkle", searches("kunkle", {}))
    drawn = page.evaluate(AXIS_BOXES)
    assert [t["text"] for t in drawn[0]["ticks"]][-1] == "1,000,000"
    assert_axis_titles_clear(page)


def test_no_chart_runs_its_tick_labels_into_the_y_title(page: Page, site: Site) -> None:
    """Every kind of chart the lab draws (lines and bars, linear and log scales, small and
    huge values, a phone's width and a wide one), drawn by CPython's npuzzle.lab.charts into the
    page's chart box with the page's fonts: the y title clears the widest tick label."""
    load(page, site.url)
    show_mode(page, "lab")
    figures = []
    for kind, log, top, width in itertools.product(
        ("line", "bar"), (False, True), (9, 73_000, 180_000, 2.5e9, 0.0123), (320, 640)
    ):
        points = (
            [[1, top / 100], [2, top / 10], [3, top]]
            if kind == "line"
            else [
                ["test 1", top / 100],
                ["test 6", top],
            ]
        )
        chart = {
            "kind": kind,
            "title": "t",
            "x": "depth",
            "y": "states examined",
            "log_y": log,
            "series": [{"name": "ours", "points": points}],
        }
        figures.append(f"<figure>{charts.render(chart, width, heading=False)}</figure>")
    page.locator("#lab-charts").evaluate(
        "(box, html) => { box.innerHTML = html; }", "".join(figures)
    )
    assert_axis_titles_clear(page)


@pytest.mark.fresh_page  # its service worker's fetches end before the download's count
def test_download_csv_equals_cpythons_csv(page: Page, site: Site, watch: PageWatch) -> None:
    ready(page, site)
    choose(page, "riggs")
    page.locator("#lab-seed").fill("csv-7")
    page.locator("#lab-seed").blur()
    set_option(page, "boards", "6")
    set_option(page, "moves", "40")
    set_names(page, "heuristics", ["misplaced", "manhattan"])
    options = {"boards": 6, "moves": 40, "heuristics": ["misplaced", "manhattan"]}
    run(page, "riggs", searches("riggs", options, "csv-7"))
    result = expected("riggs", options, "csv-7")
    assert not any("second" in c for c in result.columns), "a timing column would differ"
    assert_table(page, result)
    wait_offline_copy(page, site.dest)  # the service worker's own fetches are over
    if page.locator("#workers").input_value() != "1":  # and the helper's, started by Run
        expect(page.locator("body")).to_have_attribute("data-helpers", "1", timeout=RUN_TIMEOUT_MS)
    before = len(watch.requests)
    with page.expect_download() as info:
        page.locator("#lab-csv").click()
    download = info.value
    assert download.suggested_filename == "npuzzle-lab-riggs-seed-csv-7.csv"
    assert Path(download.path()).read_text(encoding="utf-8") == result.to_csv()
    made = [u for u in watch.requests[before:] if not u.startswith("blob:")]
    assert made == [], f"the download made requests: {made}"


def test_share_link_carries_the_lab_and_opens_running_it(
    page: Page, site: Site, context: BrowserContext, watch: PageWatch
) -> None:
    ready(page, site)
    choose(page, "riggs")
    page.locator("#lab-seed").fill("share-2")
    page.locator("#lab-seed").blur()
    set_names(page, "heuristics", ["misplaced", "manhattan"])  # unchecks linear-conflict
    set_option(page, "boards", "5")
    set_option(page, "moves", "20")
    set_option(page, "walk", "no-undo")
    options = {
        "boards": 5,
        "moves": 20,
        "walk": "no-undo",
        "heuristics": ["misplaced", "manhattan"],
    }
    want = LabLink("riggs", lab.resolve("riggs", options), "share-2")
    page.wait_for_function(
        "() => ['lab=riggs', 'lab-seed=share-2', 'lab-moves=20', 'lab-walk=no-undo']"
        ".every((part) => location.hash.includes(part))"
    )
    state = parse_fragment(page.evaluate("location.hash"))
    assert state.problems == []
    assert state.lab == want
    assert page.locator("#lab-table tbody tr").count() == 0, "changing the form runs nothing"

    other = context.new_page()
    watch.watch(other)
    load(other, page.evaluate("location.href"))
    count = searches("riggs", options, "share-2")
    wait_done(other, "riggs", count)
    expect(other.locator("#lab-experiment")).to_have_value("riggs")
    expect(other.locator("#lab-seed")).to_have_value("share-2")
    expect(other.locator("#lab-opt-boards")).to_have_value("5")
    expect(other.locator("#lab-opt-moves")).to_have_value("20")
    expect(other.locator("#lab-opt-walk")).to_have_value("no-undo")
    assert checked(other, "heuristics") == ["misplaced", "manhattan"]
    assert_table(other, expected("riggs", options, "share-2"))
    assert parse_fragment(other.evaluate("location.hash")).lab == want
    assert watch.page_errors == [] and watch.console_errors == []


def test_a_link_to_a_large_experiment_waits_for_run(page: Page, site: Site) -> None:
    fragment = "#lab=rn&lab-per-depth=200&lab-heuristics=misplaced,manhattan"
    ready(page, site, fragment)
    expect(lab_status(page)).to_have_text(
        "This link asks for 4,800 searches (links start at most 3,000 by themselves): "
        "press Run to run them."
    )
    page.wait_for_timeout(1000)
    assert page.locator("body").get_attribute("data-lab-running") != "true"  # never started
    assert page.locator("#lab-table tbody tr").count() == 0
    expect(page.locator("#lab-opt-per_depth")).to_have_value("200")


def test_back_and_forward_show_a_lab_link_without_running_it(page: Page, site: Site) -> None:
    options = {"per_depth": 2, "max_depth": 4, "heuristics": ["manhattan"]}
    fragment = "#lab=rn&lab-per-depth=2&lab-max-depth=4&lab-heuristics=manhattan"
    ready(page, site, fragment)
    wait_done(page, "rn", searches("rn", options))
    show_mode(page, "play")  # a new history entry: the Lab is left
    page.get_by_role("button", name="Shuffle").click()  # and another
    page.go_back()
    expect(page.locator("#tab-play")).to_have_attribute("aria-selected", "true")
    page.go_back()  # the lab's link: the Lab again, its form as the link says
    expect(lab_status(page)).to_have_text("Press Run to run this experiment.")
    expect(page.locator("#lab-opt-per_depth")).to_have_value("2")
    page.wait_for_timeout(1000)
    assert page.locator("body").get_attribute("data-lab-running") == "false"
    assert page.locator("#lab-table").get_attribute("data-searches") == str(searches("rn", options))


def test_cancel_keeps_the_rows_so_far_and_frees_the_worker(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site)
    total = start_long_run(page)
    done = cancel(page)
    assert 0 < done < total
    expect(page.locator("body")).to_have_attribute("data-lab-running", "false")
    assert_form_enabled(page, True)
    expect(page.locator("#lab-cancel")).to_be_hidden()
    expect(page.locator("#lab-progress")).to_be_hidden()
    assert page.locator("#lab-table").get_attribute("data-searches") == str(done)
    assert_table(page, expected("rn", {}, first=done))
    expect(page.locator("#lab-csv")).to_be_enabled()

    # the worker is free: Solve finds Kunkle's first board's solution
    board, goal = Board.parse("134 8b5 726"), Board.goal("snail", 3, 3)
    search = make_search(board, goal, algorithm="astar", heuristic="manhattan")
    search.run()
    moves = search.result().length
    show_mode(page, "play")
    page.get_by_label("Goal", exact=True).select_option("snail")
    page.get_by_label("Board", exact=True).fill("134 8b5 726")
    page.get_by_role("button", name="Edit").click()
    show_mode(page, "solve")
    page.get_by_label("Algorithm").select_option("astar")
    page.get_by_label("Heuristic").select_option("manhattan")
    page.locator("#solve").click()
    expect(page.locator("#solve-status")).to_have_text(f"Solved in {moves} moves.", timeout=60_000)
    assert watch.page_errors == [] and watch.console_errors == []


def test_solve_during_a_lab_run_says_the_solver_is_busy(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site)
    total = start_long_run(page)
    show_mode(page, "solve")
    page.locator("#solve").click()
    expect(page.locator("#solve-status")).to_contain_text(BUSY, timeout=30_000)
    show_mode(page, "lab")
    # the experiment goes on undisturbed
    expect(page.locator("body")).to_have_attribute("data-lab-running", "true")
    running = re.compile(rf"Running: [\d,]+ of {total:,} searches")
    expect(lab_status(page)).to_have_text(running)
    done = cancel(page)
    assert 0 < done < total
    assert_table(page, expected("rn", {}, first=done))
    assert watch.page_errors == [] and watch.console_errors == []


def test_bad_form_values_never_run(page: Page, site: Site) -> None:
    """Values the form can hold but the lab refuses: nothing runs, the reason is shown."""
    ready(page, site)
    record(page)
    set_option(page, "per_depth", "0")
    page.locator("#lab-run").click()
    expect(page.locator("#lab-opt-per_depth")).to_be_focused()
    set_option(page, "per_depth", "2")

    set_names(page, "heuristics", [])
    page.locator("#lab-run").click()
    expect(lab_status(page)).to_have_text("Heuristics: needs at least one heuristic.")

    set_names(page, "heuristics", ["manhattan"])
    page.locator("#lab-seed").fill("no spaces!")
    page.locator("#lab-run").click()
    expect(lab_status(page)).to_have_text("Seed: use 1 to 40 letters, digits, '.', '_' or '-'.")
    expect(page.locator("#lab-seed")).to_be_focused()
    page.locator("#lab-seed").fill("1")

    # the form takes max nodes 0 (the command line's "no limit"): the worker refuses it
    set_option(page, "max_nodes", "0")
    page.locator("#lab-run").click()
    expect(lab_status(page)).to_have_text(
        re.compile(r"Cannot run rn: the page's searches stop at 1,000,000 expansions.*\."),
        timeout=RUN_TIMEOUT_MS,
    )
    set_option(page, "max_nodes", "1000")
    set_option(page, "min_depth", "8")
    set_option(page, "max_depth", "4")
    page.locator("#lab-run").click()
    expect(lab_status(page)).to_have_text(
        "Cannot run rn: Min depth is larger than Max depth.", timeout=RUN_TIMEOUT_MS
    )

    assert page.locator("#lab-table tbody tr").count() == 0
    assert page.locator("#lab-charts figure").count() == 0
    # no search ran, and a refused run never says it is running
    ran = [t for t in seen(page) if re.match(r"Running|Done|Cancelled", t)]
    assert ran == [], ran
    assert page.locator("body").get_attribute("data-lab-running") in (None, "false")
    expect(page.locator("#lab-csv")).to_be_disabled()


def test_out_of_range_number_gets_the_pages_message(page: Page, site: Site) -> None:
    ready(page, site)
    set_option(page, "per_depth", "0")
    page.locator("#lab-run").click()
    expect(lab_status(page)).to_have_text("Per depth: must be at least 1, not 0.", timeout=2_000)
    expect(page.locator("#lab-opt-per_depth")).to_be_focused()


def test_bad_lab_link_values_get_messages_and_the_defaults(page: Page, site: Site) -> None:
    fragment = "#lab=rn&lab-per-depth=abc&lab-heuristics=manhattan,oracle&lab-max-depth=6"
    ready(page, site, fragment)
    status = page.locator("#status")
    expect(status).to_contain_text("This link had problems")
    expect(status).to_contain_text("per depth was not used")
    expect(status).to_contain_text("unknown heuristic 'oracle'")
    defaults = lab.resolve("rn")
    expect(page.locator("#lab-opt-per_depth")).to_have_value(str(defaults["per_depth"]))
    expect(page.locator("#lab-opt-max_depth")).to_have_value("6")
    assert checked(page, "heuristics") == defaults["heuristics"]
    options = {"max_depth": 6}
    wait_done(page, "rn", searches("rn", options))  # it still runs, with the defaults
    assert_table(page, expected("rn", options))


def test_unknown_experiment_in_a_link_is_named(page: Page, site: Site, watch: PageWatch) -> None:
    ready(page, site, "#lab=nosuch&lab-seed=3")
    status = page.locator("#status")
    expect(status).to_contain_text("This link had problems")
    expect(status).to_contain_text("unknown experiment 'nosuch'")
    expect(page.locator("#lab-experiment")).to_have_value("rn")
    page.wait_for_timeout(500)
    assert page.locator("body").get_attribute("data-lab-running") in (None, "false")
    assert page.locator("#lab-table tbody tr").count() == 0
    assert watch.page_errors == []


def test_compare_with_pattern_databases_loads_them_and_matches(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site)
    choose(page, "compare")
    set_option(page, "size", "3x3")
    set_option(page, "boards", "4")
    set_names(page, "algorithms", ["idastar"])
    set_names(page, "heuristics", ["pdb"])
    options = {"size": "3x3", "boards": 4, "algorithms": ["idastar"], "heuristics": ["pdb"]}
    record(page)
    run(page, "compare", searches("compare", options))
    tables = [u for u in watch.requests if "/pdb/" in u and u.endswith(".npdb")]
    assert tables, "no pattern database was fetched"
    loading = [t for t in seen(page) if t.startswith("Loading")]
    assert all(LOADING.fullmatch(t) for t in loading), loading
    result = expected("compare", options)
    assert_table(page, result, skip=("seconds",))
    (row,) = result.rows
    assert row["solved"] == row["boards"] == 4
    # optimal: the same length as A* with Manhattan distance on the same boards
    astar = expected("compare", {**options, "algorithms": ["astar"], "heuristics": ["manhattan"]})
    assert row["length_mean"] == astar.rows[0]["length_mean"]
    assert_bars(page, result)
    assert watch.page_errors == [] and watch.console_errors == []
