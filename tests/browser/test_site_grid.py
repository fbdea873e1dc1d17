"""The playable grid: tiles, clicks, arrow keys, Shuffle, Size and Reset."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from sitekit import PageWatch, Site, load

from npuzzle import Board, is_solvable

pytestmark = pytest.mark.browser

# 3x3 goal: 1 2 3 / 4 5 6 / 7 8 _ ; the blank is cell 8, tiles 6 (above) and 8 (left) touch it.
GOAL_3X3 = "1,2,3/4,5,6/7,8,0"


def grid_tiles(page: Page) -> str:
    return page.locator("#grid").get_attribute("data-tiles") or ""


def tile(page: Page, n: int) -> Locator:
    return page.get_by_role("button", name=f"Tile {n}", exact=True)


def test_ready_shows_tiles_and_no_blank(page: Page, site: Site, watch: PageWatch) -> None:
    load(page, site.url)
    grid = page.locator("#grid")
    expect(grid.locator("button")).to_have_count(8)
    for n in range(1, 9):
        expect(tile(page, n)).to_be_visible()
    expect(page.get_by_role("button", name="Tile 0")).to_have_count(0)
    assert grid_tiles(page) == GOAL_3X3
    expect(grid).to_have_class("grid solved")
    expect(page.locator("#moves")).to_have_text("0")
    assert watch.page_errors == []
    assert watch.console_errors == []


def test_click_adjacent_moves_and_far_does_nothing(page: Page, site: Site) -> None:
    load(page, site.url)
    status = page.locator("#status")
    # Not next to the blank: nothing happens.
    tile(page, 1).click()
    expect(page.locator("#moves")).to_have_text("0")
    assert grid_tiles(page) == GOAL_3X3
    # Tile 8 (cell 7) is left of the blank (cell 8): it slides right.
    expect(tile(page, 8)).to_have_attribute("data-cell", "7")
    tile(page, 8).click()
    expect(tile(page, 8)).to_have_attribute("data-cell", "8")
    expect(page.locator("#moves")).to_have_text("1")
    assert grid_tiles(page) == "1,2,3/4,5,6/7,0,8"
    expect(page.locator("#grid")).not_to_have_class("grid solved")
    expect(status).to_have_text("Moved tile 8 right. 1 move.")
    # Tile 6 is no longer next to the blank (cell 7).
    tile(page, 6).click()
    expect(page.locator("#moves")).to_have_text("1")
    # Sliding tile 8 back solves it again.
    tile(page, 8).click()
    expect(page.locator("#moves")).to_have_text("2")
    expect(page.locator("#grid")).to_have_class("grid solved")
    expect(status).to_contain_text("Solved in")


def test_arrow_keys_move_tiles(page: Page, site: Site) -> None:
    load(page, site.url)
    # The arrow is the direction a tile moves: ArrowDown slides tile 6 down into the gap.
    page.keyboard.press("ArrowDown")
    expect(page.locator("#moves")).to_have_text("1")
    assert grid_tiles(page) == "1,2,3/4,5,0/7,8,6"
    expect(tile(page, 6)).to_have_attribute("data-cell", "8")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#moves")).to_have_text("2")
    assert grid_tiles(page) == "1,2,3/4,0,5/7,8,6"
    # ArrowUp slides the tile below the gap (8) up.
    page.keyboard.press("ArrowUp")
    expect(page.locator("#moves")).to_have_text("3")
    assert grid_tiles(page) == "1,2,3/4,8,5/7,0,6"
    # Back to the goal: tile 8 down, tile 5 left, tile 6 up.
    page.keyboard.press("ArrowDown")
    expect(page.locator("#moves")).to_have_text("4")
    page.keyboard.press("ArrowLeft")  # tile 5 slides left
    page.keyboard.press("ArrowUp")  # tile 6 slides up
    expect(page.locator("#moves")).to_have_text("6")
    assert grid_tiles(page) == GOAL_3X3
    page.keyboard.press("ArrowUp")  # the gap is on the bottom row: no tile below it
    page.keyboard.press("ArrowLeft")  # the gap is in the last column: no tile right of it
    expect(page.locator("#moves")).to_have_text("6")
    expect(page.locator("#status")).to_have_text("No tile can move left.")
    expect(page.locator("#grid")).to_have_class("grid solved")


def test_shuffle_gives_a_solvable_board(page: Page, site: Site) -> None:
    load(page, site.url)
    goal = Board.goal("standard", 3, 3)
    seen = set()
    for _ in range(5):
        page.get_by_role("button", name="Shuffle").click()
        expect(page.locator("#moves")).to_have_text("0")
        board = Board.parse(grid_tiles(page))
        assert (board.width, board.height) == (3, 3)
        assert board != goal
        assert is_solvable(board, goal)
        seen.add(board)
        # The DOM agrees with data-tiles: every tile's cell.
        for cell, n in enumerate(board.tiles):
            if n:
                expect(tile(page, n)).to_have_attribute("data-cell", str(cell))
    assert len(seen) > 1
    expect(page.locator("#grid")).not_to_have_class("grid solved")


def test_size_and_reset(page: Page, site: Site) -> None:
    load(page, site.url)
    page.get_by_label("Size").select_option("4x4")
    expect(page.locator("#grid button")).to_have_count(15)
    expect(tile(page, 15)).to_be_visible()
    assert grid_tiles(page) == Board.goal("standard", 4, 4).format("rows")
    page.get_by_role("button", name="Shuffle").click()
    board = Board.parse(grid_tiles(page))
    goal = Board.goal("standard", 4, 4)
    assert board.size == 16 and is_solvable(board, goal)
    page.get_by_role("button", name="Reset").click()
    assert grid_tiles(page) == goal.format("rows")
    expect(page.locator("#grid")).to_have_class("grid solved")
    expect(page.locator("#status")).to_contain_text("Solved!")
    expect(page.locator("#moves")).to_have_text("0")
    # A rectangular size.
    page.get_by_label("Size").select_option("2x3")
    expect(page.locator("#grid button")).to_have_count(5)
    assert grid_tiles(page) == "1,2/3,4/5,0"


@pytest.mark.parametrize(
    ("name", "viewport", "scheme", "size"),
    [
        ("grid", (1280, 800), "light", "3x3"),
        ("grid-phone", (390, 844), "dark", "5x5"),
    ],
)
def test_screenshots(
    page: Page, site: Site, name: str, viewport: tuple[int, int], scheme: str, size: str
) -> None:
    width, height = viewport
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme="dark" if scheme == "dark" else "light")
    load(page, site.url)
    page.get_by_label("Size").select_option(size)
    page.get_by_role("button", name="Shuffle").click()
    page.get_by_role("button", name="Hint").focus()  # the last control before the grid
    page.keyboard.press("Tab")  # the first tile: its focus ring shows in the screenshot
    expect(page.locator("#grid button:focus")).to_have_count(1)
    grid = page.locator("#grid").bounding_box()
    assert grid is not None
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= width
    # Nothing scrolls sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(Path("/tmp") / f"{name}.png"), full_page=True)


def test_swipes_move_tiles_and_taps_still_click(page: Page, site: Site) -> None:
    load(page, site.url)
    box = page.locator("#grid").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag(dx: float, dy: float) -> None:
        page.mouse.move(cx, cy)
        page.mouse.down()
        page.mouse.move(cx + dx, cy + dy, steps=5)
        page.mouse.up()

    # Goal board, blank bottom right: a swipe right moves tile 8 right into the gap.
    drag(80, 0)
    expect(page.locator("#grid")).to_have_attribute("data-tiles", "1,2,3/4,5,6/7,0,8")
    expect(page.locator("#moves")).to_have_text("1")
    drag(0, 80)  # tile 5 slides down
    expect(page.locator("#grid")).to_have_attribute("data-tiles", "1,2,3/4,0,6/7,5,8")
    drag(0, -80)  # and back up
    expect(page.locator("#grid")).to_have_attribute("data-tiles", "1,2,3/4,5,6/7,0,8")
    expect(page.locator("#moves")).to_have_text("3")
    tile(page, 8).click()  # a tap is still a click
    expect(page.locator("#grid")).to_have_attribute("data-tiles", GOAL_3X3)


def test_arrange_swaps_tiles_and_reports_unsolvable_boards(page: Page, site: Site) -> None:
    load(page, site.url)
    arrange = page.get_by_role("button", name="Arrange")
    arrange.click()
    expect(arrange).to_have_attribute("aria-pressed", "true")
    tile(page, 7).click()
    tile(page, 8).click()  # 7 and 8 swap: one inversion, unsolvable
    expect(page.locator("#grid")).to_have_attribute("data-tiles", "1,2,3/4,5,6/8,7,0")
    tile(page, 1).click()
    tile(page, 2).click()  # a second swap makes it solvable again
    expect(page.locator("#grid")).to_have_attribute("data-tiles", "2,1,3/4,5,6/8,7,0")
    arrange.click()
    expect(arrange).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#status")).to_have_text("Board set to 2,1,3/4,5,6/8,7,0.")
    arrange.click()
    tile(page, 1).click()
    tile(page, 2).click()
    arrange.click()
    expect(page.locator("#status")).to_contain_text("cannot reach the goal")
    assert "board=1,2,3/4,5,6/8,7,0" in page.url
