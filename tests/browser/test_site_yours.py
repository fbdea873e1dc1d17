"""Your heuristic in the page: checked in the worker, the counterexample opened, "Yours" in
the Heuristic menu solving optimally, failures that leave the page usable, a link's code not
run before its reader agrees."""

from __future__ import annotations

import time

import pytest
from handwritten import MISPLACED, TWICE_MANHATTAN
from oracles import distances
from playwright.sync_api import Page, expect
from sitekit import BLOCKING, PageWatch, Site, axe_violations, load, show_mode, wait_worker

from npuzzle import Board, random_board
from npuzzle.heuristics.yours import BUDGET_SECONDS
from npuzzle.teach.link import encode_source

pytestmark = pytest.mark.browser

GOAL = Board.goal("standard", 3, 3)
CHECK_TIMEOUT_MS = 180_000  # every 3x3 board, in Pyodide on a shared machine


def manhattan(tiles: tuple[int, ...]) -> int:
    out = 0
    for i, t in enumerate(tiles):
        if t:
            j = GOAL.tiles.index(t)
            out += abs(i % 3 - j % 3) + abs(i // 3 - j // 3)
    return out


def ready(page: Page, site: Site, fragment: str = "") -> None:
    load(page, site.url + fragment)
    wait_worker(page)
    show_mode(page, "solve")


def write(page: Page, source: str) -> None:
    box = page.locator("#yours")
    if box.get_attribute("open") is None:
        page.get_by_text("Your heuristic", exact=True).click()
    page.get_by_label("Code of h, in Python").fill(source)


def check(page: Page, done: str) -> float:
    """Press Check; the seconds until the status says ``done``."""
    start = time.perf_counter()
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("#yours-status")).to_contain_text(done, timeout=CHECK_TIMEOUT_MS)
    return time.perf_counter() - start


def test_an_inadmissible_heuristic_is_reported_with_its_board(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site)
    write(page, TWICE_MANHATTAN)
    check(page, "not admissible")
    status = page.locator("#yours-status").inner_text()
    page.get_by_role("button", name="Open this board").click()
    tiles = page.locator("#grid").get_attribute("data-tiles")
    assert tiles is not None and tiles in status
    board = Board.parse(tiles)
    exact = distances(GOAL.tiles, 3, 3)[board.tiles]
    assert 2 * manhattan(board.tiles) > exact
    expect(page.locator("#status")).to_contain_text(
        f"says {2 * manhattan(board.tiles)} here; the true distance is {exact} moves"
    )
    menu = page.get_by_label("Heuristic", exact=True)
    expect(menu.locator("option[value=yours]")).to_have_text("Yours (inadmissible)")
    assert watch.page_errors == []


def test_an_admissible_heuristic_joins_the_menu_and_solves_optimally(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site)
    write(page, MISPLACED)
    seconds = check(page, "admissible; consistent")
    print(f"\nCheck of misplaced tiles on the 181,440 3x3 boards in the page: {seconds:.1f} s")
    expect(page.locator("#yours-status")).to_contain_text("(181,440)")
    board = random_board(3, 3, seed=5)
    show_mode(page, "play")
    page.get_by_label("Board", exact=True).fill(str(board))
    page.get_by_role("button", name="Edit").click()
    show_mode(page, "solve")
    page.get_by_label("Algorithm").select_option("astar")
    page.get_by_label("Heuristic", exact=True).select_option("yours")
    page.get_by_role("button", name="Solve").click()
    length = distances(GOAL.tiles, 3, 3)[board.tiles]
    expect(page.locator("#solve-status")).to_have_text(f"Solved in {length} moves.", timeout=60_000)
    expect(page.locator("#figures")).to_contain_text("Optimalyes")
    show_mode(page, "step")  # the same search, stepped in the worker
    page.get_by_role("button", name="Step", exact=True).click()
    expect(page.locator("#step-status")).not_to_contain_text("Cannot", timeout=30_000)
    assert watch.page_errors == []


def test_an_endless_loop_and_an_exception_give_their_messages(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site)
    write(page, "def h(tiles, goal, width, height):\n    while True:\n        pass\n")
    seconds = check(page, "endless loop")
    assert seconds < BUDGET_SECONDS + 20
    expect(page.locator("#yours-status")).to_contain_text(
        f"line 2: h on board 1,2,3/4,5,6/7,8,0 took more than {BUDGET_SECONDS:g} s"
    )
    write(page, "def h(tiles, goal, width, height):\n    return tiles[99]\n")
    check(page, "line 2: IndexError: tuple index out of range")
    expect(page.get_by_label("Heuristic", exact=True).locator("option[value=yours]")).to_have_count(
        0
    )
    # the page still solves
    page.get_by_label("Algorithm").select_option("astar")
    page.get_by_label("Heuristic", exact=True).select_option("manhattan")
    page.get_by_role("button", name="Solve").click()
    expect(page.locator("#solve-status")).to_contain_text("Solved in", timeout=60_000)
    assert watch.page_errors == []


def test_a_heuristic_from_a_link_runs_only_once_its_reader_agrees(page: Page, site: Site) -> None:
    source = "def h(tiles, goal, width, height):\n    return 0  # from a link\n"
    ready(page, site, f"#board=1,2,3/4,5,6/7,0,8&heuristic=yours&yours={encode_source(source)}")
    expect(page.get_by_label("Code of h, in Python")).to_have_value(source)
    expect(page.locator("#yours-status")).to_contain_text("runs only when you press Check")
    menu = page.get_by_label("Heuristic", exact=True)
    expect(menu.locator("option[value=yours]")).to_have_count(0)
    answer = page.evaluate(
        "window.npuzzleSolve({board: '1,2,3/4,5,6/7,0,8', algorithm: 'astar', heuristic: 'yours'})"
    )
    assert answer["status"] == "error" and "no heuristic of yours" in answer["reason"]
    check(page, "admissible; consistent")
    expect(menu.locator("option[value=yours]")).to_have_text("Yours")


def test_a_call_the_budget_cannot_stop_restarts_the_worker(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site)
    write(page, "def h(tiles, goal, width, height):\n    return sum(range(10**13)) * 0\n")
    check(page, "it was restarted")
    expect(page.locator("#yours-status")).to_contain_text("did not answer for")
    # the new worker solves
    page.get_by_label("Algorithm").select_option("astar")
    page.get_by_label("Heuristic", exact=True).select_option("manhattan")
    page.get_by_role("button", name="Solve").click()
    expect(page.locator("#solve-status")).to_contain_text("Solved in", timeout=90_000)
    assert watch.page_errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_in_your_heuristic(page: Page, site: Site, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    ready(page, site)
    write(page, TWICE_MANHATTAN)
    check(page, "not admissible")
    found = axe_violations(page)
    print(f"\naxe, Your heuristic, {scheme}: {found}")
    assert {impact: found[impact] for impact in BLOCKING if impact in found} == {}
