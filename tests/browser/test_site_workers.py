"""The page's solver workers: Workers above 1 starts helper workers (web/worker/helper.py)
that share IDA*'s subtrees and the Lab's searches with the solver worker (web/worker/team.py).

Every answer is checked against npuzzle run here in CPython: the same length, the same table.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from sitekit import PageWatch, Site, load, show_mode, wait_worker
from test_site_lab import assert_table, choose, expected, run, searches, set_names

from npuzzle import Board, random_board, solve

# Every test here gives its page an init script (three cores): each has a page of its own.
pytestmark = [pytest.mark.browser, pytest.mark.fresh_page]

SOLVE_MS = 120_000
# IDA* + linear conflict: 0.95 s and 674,969 nodes in CPython; its last iterations are split
BOARD = Board.parse("7,3,5,4/0,11,10,2/12,6,13,1/9,15,8,14")


# The page offers a worker per core: the browser says it has three, whatever the machine
# running the tests has, so that these tests always run.
THREE_CORES = "Object.defineProperty(navigator, 'hardwareConcurrency', {get: () => 3})"


def ready_with_two_workers(page: Page, site: Site) -> None:
    page.add_init_script(THREE_CORES)
    load(page, site.url)
    wait_worker(page)
    show_mode(page, "solve")  # Workers is a Search setting
    offered = page.locator("#workers option").evaluate_all("os => os.map(o => o.value)")
    assert offered == ["1", "2", "3"]
    page.locator("#workers").select_option("2")


def solve_in_page(page: Page, board: Board, algorithm: str, heuristic: str) -> dict[str, str]:
    show_mode(page, "play")  # the Board settings
    page.get_by_label("Board", exact=True).fill(board.format("rows"))
    page.get_by_label("Goal board").fill("")
    page.get_by_role("button", name="Edit").click()
    show_mode(page, "solve")
    page.get_by_label("Algorithm").select_option(algorithm)
    page.get_by_label("Heuristic").select_option(heuristic)
    page.evaluate("document.getElementById('figures').replaceChildren()")  # the last ones
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#figures dt").first).to_be_attached(timeout=SOLVE_MS)
    expect(page.locator("body")).to_have_attribute("data-searching", "false")
    terms = [t.split("?")[0] for t in page.locator("#figures dt").all_text_contents()]
    return dict(zip(terms, page.locator("#figures dd").all_text_contents(), strict=True))


def test_idastar_shared_with_a_helper_finds_the_shortest_solution(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready_with_two_workers(page, site)
    alone = solve(BOARD, algorithm="idastar", heuristic="linear-conflict")
    # The first Solve starts the helper, which joins once its Python has started.
    first = solve_in_page(page, BOARD, "idastar", "linear-conflict")
    assert first["Length"] == str(alone.length)
    expect(page.locator("body")).to_have_attribute("data-helpers", "1", timeout=SOLVE_MS)
    shared = solve_in_page(page, BOARD, "idastar", "linear-conflict")
    assert shared["Status"] == "solved" and shared["Length"] == str(alone.length)
    assert shared["Workers"] == "2" and shared["Optimal"] == "yes"
    moves = page.locator("#solution-moves").get_attribute("data-moves") or ""
    assert BOARD.apply(moves) == Board.goal("standard", 4, 4)
    # The two talked over the MessageChannel the page handed them (web/worker/team.py).
    request = {
        "board": BOARD.format("rows"),
        "goal": Board.goal("standard", 4, 4).format("rows"),
        "algorithm": "idastar",
        "heuristic": "linear-conflict",
        "workers": 2,
    }
    answer = page.evaluate("(request) => window.npuzzleSolve(request)", request)
    assert answer["length"] == alone.length and answer["team"]["pieces out"] > 0
    assert answer["team"]["over ports"] == 1
    # A search that keeps its nodes is not split: no Workers figure.
    small = random_board(3, 3, seed="workers")
    astar = solve_in_page(page, small, "astar", "manhattan")
    assert astar["Length"] == str(solve(small).length) and "Workers" not in astar
    # Nor is IDA* on a board of at most 12 cells: the solver worker's table saves more there.
    alone_small = solve_in_page(page, small, "idastar", "manhattan")
    assert alone_small["Length"] == astar["Length"] and "Workers" not in alone_small
    assert watch.page_errors == [] and watch.console_errors == []


def test_the_lab_shared_with_a_helper_gives_cpythons_table(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready_with_two_workers(page, site)
    show_mode(page, "lab")
    choose(page, "kunkle")
    set_names(page, "heuristics", ["manhattan"])
    options: dict[str, Any] = {"heuristics": ["manhattan"]}
    run(page, "kunkle", searches("kunkle", options))
    expect(page.locator("body")).to_have_attribute("data-helpers", "1", timeout=SOLVE_MS)
    run(page, "kunkle", searches("kunkle", options))  # now with the helper
    assert_table(page, expected("kunkle", options))
    assert watch.page_errors == [] and watch.console_errors == []


def test_the_anytime_search_takes_a_seat_on_a_helper(
    page: Page, site: Site, watch: PageWatch
) -> None:
    """Workers 2 on a 5x5 with the tables: the solver worker and a helper each take a seat of
    the anytime search (web/worker/solve_calls.py), as ``solve --jobs 2`` does."""
    ready_with_two_workers(page, site)
    solve_in_page(page, BOARD, "idastar", "linear-conflict")  # starts the helper
    expect(page.locator("body")).to_have_attribute("data-helpers", "1", timeout=SOLVE_MS)
    board = random_board(5, 5, seed="seats")
    result = solve_in_page(page, board, "anytime", "pdb")
    assert result["Status"] == "solved" and result["Workers"] == "2"
    assert result["Optimal"] == "not guaranteed"
    length = int(result["Length"])
    assert int(result["Lower bound"]) <= length
    steps = [int(part.split(" (")[0]) for part in result["Improvements"].split(", ")]
    assert steps == sorted(steps, reverse=True) and steps[-1] == length
    assert float(result["Time"].removesuffix(" s")) < 10.5
    expect(page.locator("#solve-status")).to_contain_text(
        f"Best found: {length} moves (stopped after 10 s)"
    )
    moves = page.locator("#solution-moves").get_attribute("data-moves") or ""
    assert board.apply(moves) == Board.goal("standard", 5, 5)
    # Cancel stops both seats and answers with the best either found so far
    other = random_board(5, 5, seed="seats:cancel")
    show_mode(page, "play")
    page.get_by_label("Board", exact=True).fill(other.format("rows"))
    page.get_by_role("button", name="Edit").click()
    show_mode(page, "solve")
    page.evaluate("document.getElementById('figures').replaceChildren()")
    page.get_by_role("button", name="Solve", exact=True).click()
    status = page.locator("#solve-status")
    expect(status).to_contain_text("Best so far", timeout=SOLVE_MS)
    page.get_by_role("button", name="Cancel").click()
    expect(status).to_contain_text("(cancelled after", timeout=SOLVE_MS)
    expect(page.locator("body")).to_have_attribute("data-searching", "false")
    terms = [t.split("?")[0] for t in page.locator("#figures dt").all_text_contents()]
    cancelled = dict(zip(terms, page.locator("#figures dd").all_text_contents(), strict=True))
    assert cancelled["Status"] == "solved" and cancelled["Workers"] == "2"
    moves = page.locator("#solution-moves").get_attribute("data-moves") or ""
    assert other.apply(moves) == Board.goal("standard", 5, 5)
    assert len(moves) == int(cancelled["Length"])
    assert watch.page_errors == [] and watch.console_errors == []
