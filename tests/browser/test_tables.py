"""Pattern databases in the page: loaded on demand with progress, kept in Cache Storage,
clear messages when a table is missing or damaged, used by the visualizer; walking distance;
the 24-puzzle's tables and its anytime search.

Boards are Korf's (1985) 15-puzzle instances, goal blank first (0 1 2 ... 15); their published
optimal lengths are written here so the tests need nothing outside the project.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Request, Route, expect
from sitekit import PageWatch, Site, load, show_mode, wait_worker

from npuzzle import HEURISTICS, Board, make_search
from npuzzle.core import reference
from npuzzle.heuristics import pdbplan

pytestmark = pytest.mark.browser

GOAL = Board.goal("blank-first", 4, 4)
KORF_79 = Board(4, 4, (0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15))  # optimal 42
KORF_55 = Board(4, 4, (13, 8, 14, 3, 9, 1, 0, 7, 15, 5, 4, 10, 12, 2, 6, 11))  # optimal 41
TABLES = "**/pdb/*.npdb"
SOLVE_TIMEOUT_MS = 60_000
LOADING = re.compile(
    r"Loading pattern databases into the (solver|visualizer): (\d+\.\d) of (\d+\.\d) MB\.\.\."
)

# Records, in the page, every text a panel's status line shows and every state of its
# progress bar. Called as page.evaluate(RECORD, SOLVE_PANEL) or STEP_PANEL.
RECORD = """([line, progress]) => {
  window.__seen = [];
  const status = document.getElementById(line);
  const bar = document.getElementById(progress);
  const note = () => window.__seen.push({
    status: status.textContent, hidden: bar.hidden, value: bar.value, max: bar.max,
  });
  new MutationObserver(note).observe(status, {childList: true, characterData: true, subtree: true});
  new MutationObserver(note).observe(bar, {attributes: true});
}"""


# Solve's and Step through's status lines and progress bars: each says its own loading.
SOLVE_PANEL = ["solve-status", "solve-loading"]
STEP_PANEL = ["step-status", "step-loading"]


def link(board: Board, algorithm: str, heuristic: str, goal: str = "blank-first") -> str:
    return f"#board={board.format('rows')}&goal={goal}&algorithm={algorithm}&heuristic={heuristic}"


def open_link(page: Page, site: Site, fragment: str) -> None:
    load(page, site.url + fragment)
    wait_worker(page)
    expect(page.locator("#status")).to_have_text("Opened a shared board.")


def seen(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("window.__seen"))


def figures(page: Page) -> dict[str, str]:
    """The result's dl as {term: value}."""
    terms = [t.split("?")[0] for t in page.locator("#figures dt").all_text_contents()]  # no "?"
    values = page.locator("#figures dd").all_text_contents()
    return dict(zip(terms, values, strict=True))


def result_figures(page: Page) -> dict[str, str]:
    """Wait for the result of the search under way (not for the playback) and read it."""
    expect(page.locator("#figures")).to_contain_text("Status", timeout=SOLVE_TIMEOUT_MS)
    return figures(page)


def solved_figures(page: Page) -> dict[str, str]:
    """Show Solve, click Solve and wait for the result (not for the playback)."""
    press_solve(page)
    return result_figures(page)


def press_solve(page: Page) -> None:
    """Show Solve and click its button."""
    show_mode(page, "solve")
    page.get_by_role("button", name="Solve", exact=True).click()


def moves_shown(page: Page) -> str:
    return page.locator("#solution-moves").get_attribute("data-moves") or ""


def name_of(route: Route) -> str:
    return route.request.url.rsplit("/", 1)[-1]


def table_files(site: Site) -> dict[str, int]:
    """The files (and their sizes, from the site's index) the 4x4 blank-first goal needs
    where nothing asks for the large table (Step through)."""
    index = json.loads((site.dest / "pdb" / "index.json").read_text())["tables"]
    return {name: index[name] for name in pdbplan.table_names(4, 4, GOAL.blank)}


def solve_files(site: Site) -> dict[str, int]:
    """The files a Solve on the 4x4 blank-first goal fetches: the large plan's."""
    index = json.loads((site.dest / "pdb" / "index.json").read_text())["tables"]
    large = pdbplan.large_plan(4, 4, GOAL.blank)
    assert large is not None
    return {name: index[name] for name in large.names()}


def table_requests(context: BrowserContext) -> list[str]:
    """A list that fills with the names of the pdb/*.npdb files the context asks the network
    for (the page's and its worker's requests alike)."""
    names: list[str] = []

    def note(request: Request) -> None:
        if "/pdb/" in request.url and request.url.endswith(".npdb"):
            names.append(request.url.rsplit("/", 1)[-1])

    context.on("request", note)
    return names


def idle(page: Page) -> None:
    """No search under way, Solve usable, no progress bar: the tab is not stuck."""
    expect(page.locator("body")).to_have_attribute("data-searching", "false")
    expect(page.get_by_role("button", name="Solve", exact=True)).to_be_enabled()
    for bar in ("#loading", "#solve-loading", "#step-loading"):
        expect(page.locator(bar)).to_be_hidden()


def still_solves_a_3x3(page: Page) -> None:
    """Switch to Manhattan on a 3x3 board and solve it to the end of the playback."""
    show_mode(page, "solve")
    page.get_by_label("Heuristic").select_option("manhattan")
    page.get_by_label("Algorithm").select_option("astar")
    show_mode(page, "play")
    page.get_by_label("Goal", exact=True).select_option("standard")
    page.get_by_label("Board", exact=True).fill("1,2,3/4,0,6/7,5,8")
    page.get_by_label("Goal board").fill("")
    page.get_by_role("button", name="Edit").click()
    expect(page.locator("#grid")).to_have_attribute("data-tiles", "1,2,3/4,0,6/7,5,8")
    press_solve(page)
    expect(page.locator("#solve-status")).to_have_text("Solved in 2 moves.", timeout=30_000)
    assert figures(page)["Optimal"] == "yes"


def hold_second_table(page: Page) -> list[Route]:
    """Hold back the second table the page asks for (the others pass): the loading state
    stays on screen until the test releases it with ``held[1].fallback()``. The list fills
    with the routes of the requests as they come."""
    held: list[Route] = []

    def hold_second(route: Route, request: Request) -> None:
        held.append(route)
        if len(held) != 2:
            route.fallback()

    page.route(TABLES, hold_second)
    return held


def wait_for_held(page: Page, held: list[Route]) -> None:
    """Wait until the second table has been asked for (and is held)."""
    for _ in range(SOLVE_TIMEOUT_MS // 100):
        if len(held) >= 2:
            break
        page.wait_for_timeout(100)  # (lets Playwright call the route handler)
    assert len(held) == 2, f"tables requested: {[name_of(r) for r in held]}"


# The visualizer's words for IDA*'s lists -> the engine's counters' names.
IDA_WORDS = {"waiting": "open", "on the path": "closed"}


def parse_counters(text: str) -> dict[str, str]:
    """ "Step 1 · expanded 1 · ... · threshold 32" -> {"step": "1", "expanded": "1", ...}."""
    out = {}
    for part in text.split(" · "):
        key, _, value = part.rpartition(" ")
        out[key.lower()] = value.replace(",", "")
    return out


# ----- a. loading shows progress, then the published optimum ----------------------------------
@pytest.mark.fresh_page  # routes, listeners or pages of its own
def test_pdb_solve_shows_loading_progress_then_korf_79_optimally(
    page: Page, site: Site, watch: PageWatch
) -> None:
    files = solve_files(site)
    total = sum(files.values())
    held = hold_second_table(page)
    open_link(page, site, link(KORF_79, "idastar", "pdb"))
    show_mode(page, "solve")
    page.evaluate(RECORD, SOLVE_PANEL)
    page.get_by_role("button", name="Solve", exact=True).click()
    status = page.locator("#solve-status")
    bar = page.locator("#solve-loading")
    try:
        wait_for_held(page, held)
        # the first file is read, the second is held: the page shows exactly that much
        first_size = files[name_of(held[0])]
        expect(status).to_have_text(
            f"Loading pattern databases into the solver: {first_size / 1e6:.1f} of "
            f"{total / 1e6:.1f} MB..."
        )
        expect(bar).to_be_visible()
        page.wait_for_function(
            "n => document.getElementById('solve-loading').value === n", arg=first_size
        )
        assert bar.evaluate("b => b.max") == total
        assert page.get_by_role("button", name="Solve", exact=True).is_disabled()
    finally:
        for route in held[1:2]:
            route.fallback()
    result = result_figures(page)  # (a second click would solve the board played back)
    assert result["Status"] == "solved"
    assert result["Length"] == "42"
    assert result["Optimal"] == "yes"
    moves = moves_shown(page)
    assert len(moves) == 42
    assert KORF_79.apply(moves) == GOAL
    expect(bar).to_be_hidden()
    # the loading was reported as it went, the bytes read only growing
    loaded = [
        float(m[2])
        for s in seen(page)
        if (m := LOADING.fullmatch(s["status"])) is not None and m[1] == "solver"
    ]
    assert loaded and loaded == sorted(loaded)
    assert sorted(name_of(route) for route in held) == sorted(files)  # each file once
    assert watch.page_errors == [] and watch.console_errors == [] and watch.http_errors == []


@pytest.mark.fresh_page  # routes, listeners or pages of its own
def test_cancel_while_the_tables_load_stops_at_once(page: Page, site: Site) -> None:
    held = hold_second_table(page)
    open_link(page, site, link(KORF_79, "idastar", "pdb"))
    press_solve(page)
    wait_for_held(page, held)
    page.get_by_role("button", name="Cancel").click()
    status = page.locator("#solve-status")
    expect(status).to_have_text("Cancelling...")
    page.wait_for_timeout(600)  # progress polls must not write over it
    expect(status).to_have_text("Cancelling...")
    held[1].fallback()  # the file arrives: the loading stops at its next chunk
    expect(status).to_have_text(
        "Search cancelled: cancelled while loading the tables.", timeout=SOLVE_TIMEOUT_MS
    )
    idle(page)


# ----- b. the second visit reads Cache Storage --------------------------------------------------
def test_second_visit_reads_the_tables_from_cache_storage(
    context: BrowserContext, page: Page, site: Site
) -> None:
    files = solve_files(site)
    fetched = table_requests(context)
    fragment = link(KORF_79, "idastar", "pdb")
    open_link(page, site, fragment)
    first = solved_figures(page)
    assert first["Length"] == "42"
    assert sorted(fetched) == sorted(files)  # the first visit did go to the network
    bucket = f"npuzzle-pdb {site.url}pdb/ {site.version}"
    assert bucket in page.evaluate("caches.keys()")
    cached = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", bucket
    )
    assert sorted(url.rsplit("/", 1)[-1] for url in cached) == sorted(files)
    page.close()

    fetched.clear()
    again = context.new_page()  # a new page: a new worker, nothing in memory
    open_link(again, site, fragment)
    second = solved_figures(again)
    assert second["Status"] == "solved" and second["Length"] == "42"
    assert second["Expanded"] == first["Expanded"]  # the same tables were used
    assert KORF_79.apply(moves_shown(again)) == GOAL
    assert fetched == [], f"fetched again instead of read from Cache Storage: {fetched}"
    # (the site's own copy, web/service-worker.js's, is another name)
    pdb_buckets = [
        name for name in again.evaluate("caches.keys()") if name.startswith("npuzzle-pdb")
    ]
    assert pdb_buckets == [bucket]


# ----- c. a missing or damaged table --------------------------------------------------------------
@pytest.mark.fresh_page  # routes, listeners or pages of its own
def test_missing_table_gets_a_message_and_the_page_keeps_working(
    page: Page, site: Site, watch: PageWatch
) -> None:
    missing = sorted(solve_files(site))[-1]  # the large table; Step through's below
    stepped = sorted(table_files(site))[0]
    for name in (missing, stepped):
        page.route(f"**/pdb/{name}", lambda route: route.fulfill(status=404, body="not here"))
    open_link(page, site, link(KORF_79, "idastar", "pdb"))
    result = solved_figures(page)
    status = page.locator("#solve-status")
    expect(status).to_contain_text("pattern database")
    expect(status).to_contain_text(missing)
    expect(status).to_contain_text("HTTP 404")
    assert result["Status"] == "error"
    idle(page)
    # the visualizer, which loads its own copy in the page, says so too
    show_mode(page, "step")
    page.get_by_role("button", name="Step", exact=True).click()
    expect(page.locator("#step-status")).to_have_text(
        re.compile(rf"^Cannot use the pattern databases: .*{re.escape(stepped)}.*HTTP 404")
    )
    expect(page.locator("#step-loading")).to_be_hidden()
    expect(page.locator("#counters")).not_to_contain_text("Step 1")
    still_solves_a_3x3(page)
    assert watch.page_errors == []


@pytest.mark.fresh_page  # routes, listeners or pages of its own
def test_damaged_table_gets_a_message_and_the_page_keeps_working(
    page: Page, site: Site, watch: PageWatch
) -> None:
    damaged = sorted(solve_files(site))[-1]
    garbage = bytes(range(256)) * 16
    page.route(
        f"**/pdb/{damaged}",
        lambda route: route.fulfill(
            status=200, body=garbage, content_type="application/octet-stream"
        ),
    )
    open_link(page, site, link(KORF_79, "idastar", "pdb"))
    result = solved_figures(page)
    status = page.locator("#solve-status")
    expect(status).to_contain_text(f"pattern database {damaged} is damaged")
    assert result["Status"] == "error"
    idle(page)
    still_solves_a_3x3(page)
    assert watch.page_errors == []


@pytest.mark.fresh_page  # routes, listeners or pages of its own
def test_damaged_download_is_not_kept_in_the_cache(
    context: BrowserContext, page: Page, site: Site
) -> None:
    damaged = sorted(solve_files(site))[-1]
    pattern = f"**/pdb/{damaged}"
    page.route(pattern, lambda route: route.fulfill(status=200, body=b"\0" * 4096))
    open_link(page, site, link(KORF_79, "idastar", "pdb"))
    assert solved_figures(page)["Status"] == "error"
    page.close()
    later = context.new_page()  # a later visit, on a network that serves the real file
    open_link(later, site, link(KORF_79, "idastar", "pdb"))
    result = solved_figures(later)
    assert result["Status"] == "solved", later.locator("#solve-status").text_content()
    assert result["Length"] == "42"


# ----- d. the visualizer loads the tables into the worker, then steps ----------------------------
def test_visualizer_loads_tables_then_steps_idastar_and_back_works(
    context: BrowserContext, page: Page, site: Site, watch: PageWatch
) -> None:
    fetched = table_requests(context)
    native = make_search(KORF_79, GOAL, algorithm="idastar", heuristic="pdb")
    expected = []
    for _ in range(2):
        native.step()
        expected.append({k: str(v) for k, v in native.counters().items()})
    open_link(page, site, link(KORF_79, "idastar", "pdb"))
    page.evaluate(RECORD, STEP_PANEL)
    show_mode(page, "step")  # opens the search at once: its tables load, its step 0 is drawn
    step = page.get_by_role("button", name="Step", exact=True)
    back = page.get_by_role("button", name="Back", exact=True)
    counters = page.locator("#counters")
    expect(counters).to_contain_text("Step 0 ", timeout=SOLVE_TIMEOUT_MS)
    expect(page.locator("#step-status")).to_have_text(re.compile(r"^Pattern databases loaded"))
    step.click()
    expect(counters).to_contain_text("Step 1 ")
    states = seen(page)
    into = [m for s in states if (m := LOADING.fullmatch(s["status"])) is not None]
    assert into and all(m[1] == "solver" for m in into)  # one interpreter holds them
    assert any(not s["hidden"] for s in states)  # the progress bar was shown
    expect(page.locator("#step-loading")).to_be_hidden()
    # The worker fetched them: the page's own (main thread's) fetches list none.
    assert len(fetched) == len(set(fetched)) > 0
    page_fetches = page.evaluate(
        "performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/pdb/'))"
    )
    assert page_fetches == []

    first_view = counters.text_content() or ""
    first = parse_counters(first_view)
    assert {"iteration", "threshold", "waiting", "on the path"} <= first.keys()  # IDA*'s words
    first = {IDA_WORDS.get(k, k): v for k, v in first.items()}  # for the engine's counters
    assert first == {k: v for k, v in expected[0].items() if k in first}
    first_current = page.locator("#current").inner_html()
    assert "g=0 " in first_current  # the start node, expanded first

    step.click()
    expect(counters).to_contain_text("Step 2 ")
    second = {
        IDA_WORDS.get(k, k): v for k, v in parse_counters(counters.text_content() or "").items()
    }
    assert second == {k: v for k, v in expected[1].items() if k in second}

    back.click()
    expect(counters).to_have_text(first_view)
    assert page.locator("#current").inner_html() == first_current
    # Said in the panel's live region; the status line says where Back went, nothing older.
    expect(page.locator("#visualizer-said")).to_have_text(re.compile(r"^Back to step 1\b"))
    expect(page.locator("#step-status")).to_have_text("Back to step 1.")

    # Solve asks for the best tables the site has: the large plan's files alone are fetched
    loaded = list(fetched)
    show_mode(page, "solve")
    page.evaluate(RECORD, SOLVE_PANEL)
    result = solved_figures(page)
    assert result["Status"] == "solved" and result["Optimal"] == "yes"
    assert fetched == loaded + list(solve_files(site))
    assert watch.page_errors == [] and watch.console_errors == []


# ----- e. walking distance ------------------------------------------------------------------------
def test_walking_distance_is_offered_and_solves_a_4x4_optimally_in_the_worker(
    context: BrowserContext, page: Page, site: Site
) -> None:
    fetched = table_requests(context)
    native = make_search(KORF_55, GOAL, algorithm="idastar", heuristic="walking-distance")
    native.run()
    assert native.result().length == 41  # Korf's published optimum
    open_link(page, site, link(KORF_55, "idastar", "manhattan"))
    option = page.get_by_label("Heuristic").locator('option[value="walking-distance"]')
    expect(option).to_have_text(HEURISTICS["walking-distance"].info.title)
    show_mode(page, "solve")
    page.get_by_label("Heuristic").select_option("walking-distance")
    result = solved_figures(page)
    assert result["Status"] == "solved"
    assert result["Length"] == str(native.result().length)
    assert result["Optimal"] == "yes"
    assert KORF_55.apply(moves_shown(page)) == GOAL
    assert fetched == []  # walking distance needs no pattern database


# ----- f. the 24-puzzle: its tables and the anytime search -----------------------------------
def test_anytime_on_a_24_puzzle_improves_within_10_s_and_cancel_keeps_the_best(
    context: BrowserContext, page: Page, site: Site, watch: PageWatch
) -> None:
    goal = Board.goal("blank-first", 5, 5)
    first, second = reference.korf24()[:2]
    fetched = table_requests(context)
    open_link(page, site, link(first.board, "anytime", "pdb"))
    press_solve(page)
    status = page.locator("#solve-status")
    # the improvements show as they come, while the search goes on
    expect(status).to_contain_text("Best so far", timeout=SOLVE_TIMEOUT_MS)
    expect(status).to_contain_text("(stopped after 10 s)", timeout=SOLVE_TIMEOUT_MS)
    result = figures(page)
    assert sorted(fetched) == sorted(pdbplan.table_names(5, 5, goal.blank))
    assert result["Status"] == "solved" and result["Optimal"] == "not guaranteed"
    length = int(result["Length"])
    assert first.optimal <= length and int(result["Lower bound"]) <= first.optimal
    steps = [int(part.split(" (")[0]) for part in result["Improvements"].split(", ")]
    assert steps == sorted(steps, reverse=True) and steps[-1] == length
    assert float(result["Time"].removesuffix(" s")) < 10.5
    expect(status).to_contain_text(f"Best found: {length} moves (stopped after 10 s)")
    assert first.board.apply(moves_shown(page)) == goal

    # Cancel answers with the best found so far
    show_mode(page, "play")
    page.get_by_label("Board", exact=True).fill(second.board.format("rows"))
    page.get_by_role("button", name="Edit").click()
    press_solve(page)
    expect(status).to_contain_text("Best so far", timeout=SOLVE_TIMEOUT_MS)
    page.get_by_role("button", name="Cancel").click()
    expect(status).to_contain_text("(cancelled after", timeout=SOLVE_TIMEOUT_MS)
    result = figures(page)
    assert result["Status"] == "solved" and second.optimal <= int(result["Length"])
    expect(status).to_contain_text(f"Best found: {result['Length']} moves (cancelled after")
    assert second.board.apply(moves_shown(page)) == goal
    assert watch.page_errors == [] and watch.console_errors == []
