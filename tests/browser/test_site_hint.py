"""Hint and Moves to solved in the page: worked out in the worker, checked against npuzzle
run here in CPython (A* and IDA* with the pattern databases, not the hint module)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from sitekit import BLOCKING, STALL_PROBE, PageWatch, Site, axe_violations, load, wait_worker

from npuzzle import Board, random_board, reference, solve
from npuzzle.core.board import INVERSE, TILE_DIRECTIONS

pytestmark = pytest.mark.browser

GOAL_3X3 = Board.goal("standard", 3, 3)
# The engine's move (the blank's) -> the arrow key that makes it (the tile moves the other way).
ARROWS = {"D": "ArrowUp", "U": "ArrowDown", "R": "ArrowLeft", "L": "ArrowRight"}


def ready(page: Page, site: Site, fragment: str = "") -> None:
    load(page, site.url + fragment)
    wait_worker(page)


def set_board(page: Page, board: Board) -> None:
    page.get_by_label("Board", exact=True).fill(board.format("rows"))
    page.get_by_label("Goal board").fill("")
    page.get_by_role("button", name="Edit").click()


def distance(page: Page) -> Locator:
    return page.get_by_role("status", name="Moves to solved")


def shows(page: Page, text: str) -> None:
    """Moves to solved comes to say ``text``, and is no longer being worked out."""
    expect(distance(page)).to_have_text(text, timeout=30_000)
    expect(distance(page)).not_to_have_attribute("aria-busy", "true")


def optimal(board: Board, goal: Board) -> int:
    algorithm, heuristic = ("astar", "manhattan") if board.size <= 9 else ("idastar", "pdb")
    length = solve(board, goal, algorithm=algorithm, heuristic=heuristic).length
    assert length is not None
    return length


def slide_of(board: Board, tile: int) -> str:
    """The engine's move that slides ``tile`` into the gap."""
    (move,) = [m for m in board.legal_moves() if board.move(m).tiles[board.blank] == tile]
    return move


def press_hint(page: Page) -> tuple[int, str]:
    """Press Hint; the marked tile and its direction, checked against what was said."""
    page.get_by_role("button", name="Hint").click()
    marked = page.locator("#grid .tile.hint")
    expect(marked).to_have_count(1)
    tile, direction = int(marked.get_attribute("data-tile") or 0), marked.get_attribute("data-hint")
    assert direction is not None
    expect(page.locator("#status")).to_have_text(f"Hint: slide tile {tile} {direction}.")
    return tile, direction


def test_hint_starts_an_optimal_solution_and_moves_to_solved_follows(
    page: Page, site: Site, watch: PageWatch
) -> None:
    ready(page, site, "#board=1,2,3/4,5,6/7,8,0")  # a first visit shuffles: the goal by link
    expect(distance(page)).to_have_text("Solved")
    board = random_board(3, 3, seed=12)
    set_board(page, board)
    length = optimal(board, GOAL_3X3)
    shows(page, f"{length} moves from solved")
    tile, direction = press_hint(page)
    move = slide_of(board, tile)
    assert TILE_DIRECTIONS[move] == direction
    assert optimal(board.move(move), GOAL_3X3) == length - 1  # it starts a shortest solution
    # a move clears the mark, and the distance follows the board
    page.get_by_role("button", name=re.compile(rf"^Tile {tile}, ")).click()
    expect(page.locator("#grid .tile.hint")).to_have_count(0)
    shows(page, f"{length - 1} moves from solved")
    # rapid moves (arrow keys): the distance ends on the last board's, stale answers dropped
    for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
    shown = Board.parse(page.locator("#grid").get_attribute("data-tiles") or "")
    shows(page, f"{optimal(shown, GOAL_3X3)} moves from solved")
    # an unsolvable board, and Reset
    set_board(page, Board.parse("1,2,3/4,5,6/8,7,0"))
    shows(page, "Cannot be solved (Hint says why)")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#status")).to_contain_text("No hint: this board cannot be solved")
    page.get_by_role("button", name="Reset").click()
    expect(distance(page)).to_have_text("Solved")
    assert watch.page_errors == [] and watch.console_errors == []


@pytest.mark.fresh_page  # routes, listeners or pages of its own
def test_a_4x4_hint_in_the_worker_leaves_the_grid_playable(page: Page, site: Site) -> None:
    ready(page, site)
    page.get_by_label("Size").select_option("4x4")
    goal = Board.goal("standard", 4, 4)
    board = random_board(4, 4, seed=4)  # IDA* solves it well within the hint's time budget
    length = optimal(board, goal)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    set_board(page, board)
    expect(distance(page)).not_to_have_text(re.compile("working"), timeout=30_000)
    expect(distance(page)).not_to_have_attribute("aria-busy", "true")
    assert not any(url.endswith(".npdb") for url in requests)  # nothing fetched unasked
    before = distance(page).text_content() or ""
    # a pressed Hint fetches the 4x4's pattern databases if the answer was not optimal
    start = time.perf_counter()
    tile, _ = press_hint(page)
    shows(page, f"{length} moves from solved")
    print(f"\n4x4 hint ({before!r} before): {time.perf_counter() - start:.2f} s")
    fetched = any(url.endswith(".npdb") for url in requests)
    assert fetched == before.startswith("at most")
    move = slide_of(board, tile)
    nearer = board.move(move)
    assert optimal(nearer, goal) == length - 1
    # While the worker works out the next hint, the grid answers at once: a move away and
    # back (the answers for the boards in between are dropped).
    start = time.perf_counter()
    page.get_by_role("button", name=re.compile(rf"^Tile {tile}, ")).click()
    worst_ms = page.evaluate(STALL_PROBE, [300, 20])
    away = next(m for m in nearer.legal_moves() if nearer.move(m).tiles[nearer.blank] != tile)
    page.keyboard.press(ARROWS[away])
    expect(page.locator("#moves")).to_have_text("2")
    page.keyboard.press(ARROWS[INVERSE[away]])
    expect(page.locator("#moves")).to_have_text("3")
    assert page.locator("#grid").get_attribute("data-tiles") == nearer.format("rows")
    shows(page, f"{length - 1} moves from solved")
    seconds = time.perf_counter() - start
    print(f"4x4 hint after three moves: {seconds:.2f} s; longest main-thread gap {worst_ms:.0f} ms")
    assert worst_ms < 200


def test_a_hard_4x4_gets_an_optimal_hint_searched_on(page: Page, site: Site) -> None:
    """Korf's #82 (62 moves, among the hardest of his 100): a pressed Hint not proven optimal
    in its time shows its move and searches on by itself, so one press ends in a shortest
    solution's first move; then a move along it is answered at once (it is remembered)."""
    korf = next(i for i in reference.korf100() if i.ident == 82)
    goal = Board.goal("blank-first", 4, 4)
    ready(page, site, f"#board={korf.board.format('rows')}&goal=blank-first")
    start = time.perf_counter()
    page.get_by_role("button", name="Hint").click()
    status = page.locator("#status")
    expect(status).to_have_text(re.compile(r"^Hint: slide tile "), timeout=30_000)
    provisional = time.perf_counter() - start
    said = status.text_content() or ""
    # searched on for up to 30 s of the worker's time (a loaded machine's seconds are longer)
    expect(distance(page)).to_have_text(f"{korf.optimal} moves from solved", timeout=90_000)
    expect(distance(page)).not_to_have_attribute("aria-busy", "true")
    marked = page.locator("#grid .tile.hint")
    tile = int(marked.get_attribute("data-tile") or 0)
    expect(status).to_have_text(f"Hint: slide tile {tile} {marked.get_attribute('data-hint')}.")
    seconds = time.perf_counter() - start
    print(f"\nKorf #82: first move {provisional:.1f} s ({said!r}), optimal {seconds:.1f} s")
    # the pressed Hint's IDA* was shared with the helper workers the Workers setting allows
    workers = page.locator("#workers").input_value()
    expect(distance(page)).to_have_attribute("data-workers", workers)
    nearer = korf.board.move(slide_of(korf.board, tile))
    assert optimal(nearer, goal) == korf.optimal - 1
    page.get_by_role("button", name=re.compile(rf"^Tile {tile}, ")).click()
    start = time.perf_counter()
    shows(page, f"{korf.optimal - 1} moves from solved")
    assert time.perf_counter() - start < 2  # remembered: no search


@pytest.mark.parametrize(
    ("name", "viewport", "scheme"),
    [
        ("hint-wide-light", (1280, 800), "light"),
        ("hint-phone-dark", (390, 844), "dark"),
    ],
)
def test_the_hinted_tile_shows_in_both_themes(
    page: Page, site: Site, name: str, viewport: tuple[int, int], scheme: Any
) -> None:
    width, height = viewport
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=scheme)
    ready(page, site)
    board = random_board(3, 3, seed=5)
    set_board(page, board)
    shows(page, f"{optimal(board, GOAL_3X3)} moves from solved")
    press_hint(page)
    face = page.locator("#grid .tile.hint .face")
    plain = page.locator("#grid .tile:not(.hint) .face").first
    colour = "e => getComputedStyle(e).backgroundColor"
    assert face.evaluate(colour) != plain.evaluate(colour)  # it stands out from the others
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(Path("/tmp") / f"{name}.png"), full_page=True)
    found = axe_violations(page)
    assert {impact: found[impact] for impact in BLOCKING if impact in found} == {}
