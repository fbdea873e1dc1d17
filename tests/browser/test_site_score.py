"""The player's line: a board solved by hand gets its moves, time, moves a second and the
shortest; a challenge link carries the start and the fewest moves, and opening it shows the
count to beat, then whether it was beaten, met or missed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from sitekit import BLOCKING, Site, axe_violations, load, wait_worker

from npuzzle import Board, solve
from npuzzle.core.board import INVERSE
from npuzzle.play.game import slides
from npuzzle.teach.link import parse_fragment

pytestmark = pytest.mark.browser

GOAL = Board.goal("standard", 3, 3)
START = GOAL.path("ULU")[-1]  # three moves from solved
KEYS = {"D": "ArrowUp", "U": "ArrowDown", "R": "ArrowLeft", "L": "ArrowRight"}  # blank -> key
SCORE = re.compile(r"Solved in (\d+) moves? and ([\d.]+) s: ([\d.]+) moves a second\.")


def shortest_way(board: Board) -> str:
    moves = solve(board, GOAL, algorithm="astar", heuristic="manhattan").moves
    assert moves is not None
    return moves


def click_tiles(page: Page, board: Board, moves: str, wait_ms: int = 0) -> None:
    """Slide the tiles ``moves`` (the blank's) moves with clicks, ``wait_ms`` apart."""
    for number, slide in enumerate(slides(board, moves)):
        if number and wait_ms:
            page.wait_for_timeout(wait_ms)
        page.locator(f'#grid button[data-tile="{slide.tile}"]').click()


def press_keys(page: Page, moves: str) -> None:
    page.locator("h1").click()  # the page has the keys, not a control
    for move in moves:
        page.keyboard.press(KEYS[move])


def test_a_board_solved_by_hand_gets_its_line_and_a_challenge_that_round_trips(
    page: Page, site: Site, browser: Browser
) -> None:
    way = shortest_way(START)
    assert len(way) == 3
    load(page, f"{site.url}#board={START.format('rows')}&challenge=5")
    wait_worker(page)
    score = page.locator("#score")
    expect(score).to_have_text("Challenge: solve it in 5 moves.")
    challenge = page.get_by_role("button", name="Challenge a friend")
    expect(challenge).to_be_hidden()
    page.wait_for_timeout(1500)  # looking before the first move is not timed
    click_tiles(page, START, way, wait_ms=1000)
    expect(page.locator("#grid")).to_have_class(re.compile(r"\bsolved\b"))
    expect(score).to_contain_text("Your 3 moves: the shortest there is.", timeout=20_000)
    expect(score).to_contain_text("Challenge beaten: 3 moves, 2 fewer than 5.")
    found = SCORE.search(score.text_content() or "")
    assert found, score.text_content()
    moves, seconds, rate = int(found[1]), float(found[2]), float(found[3])
    assert moves == 3 and 2.0 <= seconds < 3.4  # two gaps of 1 s, not the 1.5 s before
    # both are shown to a tenth: the rate is of the time before it was rounded
    assert moves / (seconds + 0.05) - 0.05 <= rate <= moves / (seconds - 0.05) + 0.05
    bad = {k: v for k, v in axe_violations(page).items() if k in BLOCKING}
    assert bad == {}

    expect(challenge).to_be_visible()
    challenge.click()
    status = page.locator("#status")
    expect(status).to_contain_text("(solve it in 3 moves)")
    url = re.search(r"(http\S+)", status.text_content() or "")
    assert url, status.text_content()
    link = parse_fragment(url[1].split("#", 1)[1])
    assert (link.board, link.goal, link.challenge, link.problems) == (START, GOAL, 3, [])

    fresh = browser.new_context()
    other = fresh.new_page()
    try:
        load(other, url[1])
        wait_worker(other)
        assert other.locator("#grid").get_attribute("data-tiles") == START.format("rows")
        line = other.locator("#score")
        expect(line).to_have_text("Challenge: solve it in 3 moves.")
        detour = START.legal_moves()[0]
        press_keys(other, detour + INVERSE[detour] + way)  # five moves: two more
        expect(line).to_contain_text("Challenge missed by 2 moves: solve it in 3 moves.")
        expect(line).to_contain_text("Your 5 moves; the shortest is 3.")
        other.get_by_role("button", name="Restart").click()
        expect(line).to_have_text("Challenge: solve it in 3 moves.")  # a new attempt
        press_keys(other, way)
        expect(line).to_contain_text("Challenge met: 3 moves, as asked.")
    finally:
        fresh.close()
