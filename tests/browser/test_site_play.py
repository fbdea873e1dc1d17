"""A player's page: the solution's playback under control, Undo, Redo, Restart, tiles in place,
the shortest length, and "Solved" said only of a solved board."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sitekit import BLOCKING, Site, axe_violations, load, show_mode, wait_worker

from npuzzle import Board, solve
from npuzzle.play.game import slides

pytestmark = pytest.mark.browser

GOAL = Board.goal("standard", 3, 3)
START = Board.parse("8,6,7/2,5,4/3,0,1")  # 31 moves from the goal
LINK = "#board=8,6,7/2,5,4/3,0,1&algorithm=astar&heuristic=manhattan"

# Every text the status lines take (the board's, and Solve's, where the playback speaks), with
# whether the grid showed its goal at that moment.
STATUS_LOG = """() => {
  window.statusLog = [];
  const grid = document.getElementById("grid");
  for (const id of ["status", "solve-status"]) {
    const status = document.getElementById(id);
    new MutationObserver(() => window.statusLog.push(
      [status.textContent, grid.classList.contains("solved"), grid.dataset.tiles]
    )).observe(status, { childList: true, characterData: true, subtree: true });
  }
}"""


def opened(page: Page, site: Site, link: str = LINK) -> None:
    load(page, site.url + link)
    wait_worker(page)


def tiles(page: Page) -> str:
    return page.locator("#grid").get_attribute("data-tiles") or ""


def solve_and_play(page: Page) -> None:
    show_mode(page, "solve")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("body")).to_have_attribute("data-playback", "running", timeout=60_000)


def test_keys_during_playback_pause_it_and_solved_is_only_said_of_a_solved_board(
    page: Page, site: Site
) -> None:
    """The issue's false "Solved": arrows pressed during the playback moved tiles under it,
    then "Solved in 31 moves." was said over an unsolved board. Now the first key pauses the
    playback and moves nothing; a key while paused takes the board over from there."""
    opened(page, site)
    page.evaluate(STATUS_LOG)
    solve_and_play(page)
    page.locator("h1").click()  # the page has the keys, not a control
    page.keyboard.press("ArrowLeft")
    shown = tiles(page)
    page.wait_for_timeout(1500)  # six moves at the default speed, had it gone on
    assert tiles(page) == shown  # paused, and the key moved no tile
    status = page.locator("#solve-status")  # the playback's messages are Solve's
    expect(status).to_contain_text(re.compile(r"Playback paused at move \d+ of 31"))
    made = int(page.locator("#moves").text_content() or "0")
    assert Board.parse(shown) == START.path(solution(page)[:made])[-1]
    page.get_by_role("button", name="Resume").click()
    page.get_by_label("Playback speed").select_option("32")
    expect(status).to_have_text("Solved in 31 moves.", timeout=20_000)
    expect(page.locator("#grid")).to_have_class(re.compile(r"\bsolved\b"))
    # Again, with keys pressed in a burst: the first pauses, the next ones play on.
    page.get_by_label("Playback speed").select_option("4")
    page.get_by_role("button", name="Play again").click()
    page.wait_for_timeout(800)
    page.locator("h1").click()
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"):
        page.keyboard.press(key)
    expect(page.locator("#playback-status")).to_contain_text("You took over after move")
    expect(page.get_by_role("button", name="Resume")).to_be_disabled()
    shown = tiles(page)
    page.wait_for_timeout(1000)
    assert tiles(page) == shown  # the playback is over: nothing moves under the player
    log = page.evaluate("window.statusLog")
    said = [(text, solved) for text, solved, _ in log if "Solved" in text or "solved" in text]
    assert said and all(solved for _, solved in said), said


def solution(page: Page) -> str:
    return page.locator("#solution-moves").get_attribute("data-moves") or ""


def test_playback_pauses_steps_skips_to_the_end_and_lists_tiles_that_slide(
    page: Page, site: Site
) -> None:
    opened(page, site)
    solve_and_play(page)
    expect(page.locator("#playback-status")).to_contain_text(re.compile(r"Move [2-9] of"))
    page.get_by_role("button", name="Pause").click()
    expect(page.locator("body")).to_have_attribute("data-playback", "paused")
    made = int(page.locator("#moves").text_content() or "0")
    moves = solution(page)
    assert len(moves) == 31 and solve(START, GOAL).length == 31
    # The list: the tiles that slide, the last move made marked.
    items = page.locator("#solution-moves li")
    words = [s.arrow for s in slides(START, moves)]
    assert items.all_text_contents() == words
    current = page.locator("#solution-moves li[aria-current=step]")
    expect(current).to_have_attribute("data-number", str(made))
    # Next and Previous move: one move each way, exactly.
    page.get_by_role("button", name="Next move").click()
    page.get_by_role("button", name="Next move").click()
    page.get_by_role("button", name="Previous move").click()
    expect(page.locator("#moves")).to_have_text(str(made + 1))
    assert Board.parse(tiles(page)) == START.path(moves[: made + 1])[-1]
    expect(current).to_have_attribute("data-number", str(made + 1))
    expect(page.locator("#playback-status")).to_have_text(f"Move {made + 1} of 31 (paused).")
    # The blank's letters, as the command line prints them, are a toggle away (the View menu).
    page.locator("#view-menu > summary").click()
    page.get_by_label("Blank's letters").check()
    expect(items.first).to_have_text(moves[0])
    assert "".join(items.all_text_contents()) == moves
    page.get_by_label("Blank's letters").uncheck()
    page.locator("#view-menu > summary").click()
    # A click on a move goes to it.
    items.nth(9).click()
    expect(page.locator("#moves")).to_have_text("10")
    assert Board.parse(tiles(page)) == START.path(moves[:10])[-1]
    # Speed: 32 moves a second plays the rest in about a second, not 5 s.
    page.get_by_label("Playback speed").select_option("32")
    page.get_by_role("button", name="Resume").click()
    expect(page.locator("#solve-status")).to_have_text("Solved in 31 moves.", timeout=4_000)
    expect(page.get_by_role("button", name="Play again")).to_be_enabled()
    # Skip to end from the start of a second playing.
    page.get_by_role("button", name="Play again").click()
    page.get_by_role("button", name="Pause").click()
    page.get_by_role("button", name="Skip to end").click()
    expect(page.locator("#grid")).to_have_class(re.compile(r"\bsolved\b"))
    expect(page.locator("#solve-status")).to_have_text("Solved in 31 moves.")
    expect(page.get_by_role("button", name="Skip to end")).to_be_disabled()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        bad = {k: v for k, v in axe_violations(page).items() if k in BLOCKING}
        assert not bad, (scheme, bad)


def test_undo_redo_restart_and_their_keys(page: Page, site: Site) -> None:
    opened(page, site)
    page.locator("h1").click()
    for key in ("ArrowLeft", "ArrowDown", "ArrowRight"):  # blank: R, U, L
        page.keyboard.press(key)
    made = START.path("RUL")
    expect(page.locator("#moves")).to_have_text("3")
    page.get_by_role("button", name="Undo").click()
    assert Board.parse(tiles(page)) == made[2]
    page.keyboard.press("Control+z")
    assert Board.parse(tiles(page)) == made[1]
    expect(page.locator("#moves")).to_have_text("1")
    page.keyboard.press("Control+Shift+z")
    assert Board.parse(tiles(page)) == made[2]
    page.get_by_role("button", name="Redo").click()
    assert Board.parse(tiles(page)) == made[3]
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()
    page.get_by_role("button", name="Restart").click()
    assert Board.parse(tiles(page)) == START
    expect(page.locator("#moves")).to_have_text("0")
    expect(page.locator("#status")).to_have_text(
        "Back to the start of this puzzle: Redo replays your 3 moves one by one."
    )
    expect(page.get_by_role("button", name="Restart")).to_be_disabled()
    # Ctrl+Z in a text field is the field's own.
    page.get_by_label("Board", exact=True).fill("123")
    page.get_by_label("Board", exact=True).press("Control+z")
    assert Board.parse(tiles(page)) == START


def test_tiles_in_place_are_marked_and_the_counter_knows_the_shortest(
    page: Page, site: Site
) -> None:
    opened(page, site, "#board=1,2,3/4,5,6/0,7,8")
    expect(page.locator(".counter")).to_have_text("Moves: 0 (shortest: 2)", timeout=30_000)
    home = page.locator("#grid .tile.home")
    expect(home).to_have_count(0)
    page.locator("#view-menu summary").click()  # the View menu holds it
    page.get_by_label("Mark tiles in place").check()
    expect(home).to_have_count(6)
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")  # 7 slides home
    expect(home).to_have_count(7)
    expect(page.locator(".counter")).to_have_text("Moves: 1 (shortest: 2)")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#status")).to_have_text("Solved in 2 moves.")


def test_edit_says_at_once_when_a_board_cannot_reach_the_goal(page: Page, site: Site) -> None:
    opened(page, site)
    page.get_by_label("Board", exact=True).fill("1,2,3/4,5,6/8,7,0")
    page.get_by_role("button", name="Edit").click()
    expect(page.locator("#status")).to_contain_text("It cannot reach the goal:")
