"""Solving from the page: the search runs in the worker, with progress, Cancel and playback."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sitekit import STALL_PROBE, PageWatch, Site, load, show_mode, wait_worker

from npuzzle import ALGORITHMS, HEURISTICS, Board

pytestmark = pytest.mark.browser


def ready(page: Page, site: Site) -> None:
    load(page, site.url)
    wait_worker(page)


def set_board(page: Page, board: str, goal: str = "") -> None:
    """Type a board in Play's board settings (the page stays in Play)."""
    show_mode(page, "play")
    page.get_by_label("Board", exact=True).fill(board)
    page.get_by_label("Goal board").fill(goal)
    page.get_by_role("button", name="Edit").click()


def test_selects_offer_the_cli_names(page: Page, site: Site) -> None:
    ready(page, site)
    show_mode(page, "solve")
    algorithms = page.get_by_label("Algorithm").locator("option")
    assert algorithms.evaluate_all("os => os.map(o => o.value)") == ["auto", *ALGORITHMS]
    expect(page.get_by_label("Algorithm")).to_have_value("auto")  # Automatic, the default
    heuristics = page.get_by_label("Heuristic").locator("option")
    assert heuristics.evaluate_all("os => os.map(o => o.value)") == list(HEURISTICS)
    marked = heuristics.evaluate_all(
        "os => os.filter(o => o.textContent.includes('inadmissible')).map(o => o.value)"
    )
    assert marked == [n for n, c in HEURISTICS.items() if not c.info.admissible]


def test_kunkle_board_is_solved_in_six_moves_and_played_back(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site)
    page.get_by_label("Goal", exact=True).select_option("snail")  # 123 8b4 765 on 3x3
    set_board(page, "134 8b5 726")
    assert page.locator("#grid").get_attribute("data-tiles") == "1,3,4/8,0,5/7,2,6"
    show_mode(page, "solve")
    page.get_by_label("Algorithm").select_option("astar")
    page.get_by_label("Heuristic").select_option("manhattan")
    page.get_by_role("button", name="Solve").click()
    status = page.locator("#solve-status")
    expect(status).to_have_text("Solved in 6 moves.", timeout=30_000)
    snail = Board.goal("snail", 3, 3).format("rows")
    expect(page.locator("#grid")).to_have_attribute("data-tiles", snail)
    expect(page.locator("#moves")).to_have_text("6")
    figures = page.locator("#figures")
    expect(figures).to_contain_text("Length6")
    expect(figures).to_contain_text("Optimalyes")
    moves = page.locator("#solution-moves")
    expect(moves).to_have_attribute("data-moves", "DRUULD")
    expect(moves.locator("li")).to_have_text(["2↑", "6←", "5↓", "4↓", "3→", "2↑"])
    assert watch.page_errors == [] and watch.console_errors == []


def test_unsolvable_board_is_reported_at_once(page: Page, site: Site) -> None:
    ready(page, site)
    set_board(page, "1,2,3/4,5,6/8,7,0")
    show_mode(page, "solve")
    page.get_by_role("button", name="Solve").click()
    status = page.locator("#solve-status")
    expect(status).to_contain_text("Unsolvable")
    expect(status).to_contain_text("inversion")
    expect(page.get_by_role("button", name="Cancel")).to_be_hidden()
    assert page.locator("body").get_attribute("data-searching") in (None, "false")


def test_bad_board_text_gets_a_message_and_keeps_the_board(page: Page, site: Site) -> None:
    ready(page, site)
    before = page.locator("#grid").get_attribute("data-tiles")
    for text, words in (
        ("134 8b5 728", "duplicate tile 8"),
        ("1,2/3", "ragged rows"),
        ("<img src=x onerror=alert(1)>", "cannot read tile"),
    ):
        set_board(page, text)
        expect(page.locator("#status")).to_contain_text(words)
        assert page.locator("#grid").get_attribute("data-tiles") == before
    assert page.locator("#grid img").count() == 0


def test_long_search_runs_in_the_worker_and_cancel_stops_it(page: Page, site: Site) -> None:
    ready(page, site)
    page.get_by_label("Size").select_option("4x4")
    set_board(page, "5,12,11,14/13,4,7,1/2,0,15,6/3,9,10,8")  # far from the goal
    show_mode(page, "solve")
    page.get_by_label("Algorithm").select_option("bfs")
    page.get_by_role("button", name="Solve").click()
    status = page.locator("#solve-status")
    cancel = page.get_by_role("button", name="Cancel")
    expect(cancel).to_be_visible()
    expect(status).to_contain_text("nodes expanded", timeout=20_000)
    first = status.text_content()
    worst_ms = page.evaluate(STALL_PROBE, [2000, 50])
    print(f"\nlongest main-thread gap during a 4x4 search in the worker: {worst_ms:.0f} ms")
    assert worst_ms < 500
    expect(status).not_to_have_text(first or "")  # progress keeps coming
    # the page answers input while the worker searches, in another mode too
    show_mode(page, "play")
    page.get_by_label("Goal board").fill("responsive")
    expect(page.get_by_label("Goal board")).to_have_value("responsive")
    show_mode(page, "solve")
    cancel.click()
    expect(status).to_contain_text("Search cancelled", timeout=20_000)
    expect(cancel).to_be_hidden()
    expect(page.get_by_role("button", name="Solve")).to_be_enabled()


def test_automatic_solves_a_new_shuffled_4x4(page: Page, site: Site, watch: PageWatch) -> None:
    ready(page, site)
    page.get_by_label("Size").select_option("4x4")
    goal = Board.goal("standard", 4, 4).format("rows")
    grid = page.locator("#grid")
    expect(grid).to_have_attribute("data-tiles", re.compile(r"^(\d+,){3}\d+(/(\d+,){3}\d+){3}$"))
    assert grid.get_attribute("data-tiles") != goal  # a new size opens shuffled
    show_mode(page, "solve")
    expect(page.get_by_label("Algorithm")).to_have_value("auto")
    page.get_by_role("button", name="Solve").click()
    status = page.locator("#solve-status")
    expect(status).to_contain_text(
        "Automatic picked IDA* with pattern databases: a shortest solution of a 4x4", timeout=90_000
    )
    figures = page.locator("#figures")
    expect(figures).to_contain_text("SearchIDA* with pattern databases (Automatic)")
    expect(figures).to_contain_text("Optimalyes")
    expect(grid).to_have_attribute("data-tiles", goal, timeout=60_000)  # played back
    assert watch.page_errors == [] and watch.console_errors == []


def test_a_limit_names_the_search_that_works_as_a_button_that_runs_it(
    page: Page, site: Site
) -> None:
    ready(page, site)
    page.get_by_label("Size").select_option("4x4")
    set_board(page, "5,1,2,3/4,6,10,7/8,9,0,11/12,13,14,15")  # 40 moves: IDA* + pdb at once
    show_mode(page, "solve")
    page.get_by_label("Algorithm").select_option("bfs")
    page.get_by_role("button", name="Solve").click()
    status = page.locator("#solve-status")
    expect(status).to_contain_text("No solution within the limit", timeout=120_000)
    suggest = page.get_by_role("button", name="Solve with IDA* with pattern databases")
    expect(suggest).to_be_visible()
    expect(page.locator("#suggestion")).to_contain_text("What works on this board: IDA*")
    suggest.click()
    expect(page.locator("#figures")).to_contain_text("Length40", timeout=60_000)
    expect(page.get_by_label("Algorithm")).to_have_value("idastar")
    expect(page.get_by_label("Heuristic")).to_have_value("pdb")
    expect(page.locator("#suggestion")).to_be_hidden()
