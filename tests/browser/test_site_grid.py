"""The playable grid: tiles, clicks, arrow keys, Shuffle, Size and Reset; the first visit's
shuffled board; the grid as an ARIA grid (the accessibility tree's rows and names, one tab
stop, the focus moved by keys, Enter or Space sliding a tile, the slide kept)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from sitekit import PageWatch, Site, load

from npuzzle import Board, is_solvable

pytestmark = pytest.mark.browser

# 3x3 goal: 1 2 3 / 4 5 6 / 7 8 _ ; the blank is cell 8, tiles 6 (above) and 8 (left) touch it.
GOAL_3X3 = "1,2,3/4,5,6/7,8,0"
SOLVED = f"#board={GOAL_3X3}"  # a first visit (no link) opens on a shuffled board instead


def grid_tiles(page: Page) -> str:
    return page.locator("#grid").get_attribute("data-tiles") or ""


def tile(page: Page, n: int) -> Locator:
    """Tile ``n``'s button, named with its place ("Tile 8, row 3, column 2")."""
    return page.get_by_role("button", name=re.compile(rf"^Tile {n}, row \d+, column \d+$"))


def test_ready_shows_tiles_and_no_blank(page: Page, site: Site, watch: PageWatch) -> None:
    load(page, site.url + SOLVED)
    grid = page.locator("#grid")
    expect(grid.locator("button")).to_have_count(8)
    for n in range(1, 9):
        expect(tile(page, n)).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Tile 0"))).to_have_count(0)
    assert grid_tiles(page) == GOAL_3X3
    expect(grid).to_have_class("grid solved")
    expect(page.locator("#moves")).to_have_text("0")
    assert watch.page_errors == []
    assert watch.console_errors == []


def test_a_first_visit_opens_a_shuffled_board_to_play_with_the_help_by_the_grid(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, site.url)
    goal = Board.goal("standard", 3, 3)
    board = Board.parse(grid_tiles(page))
    assert (board.width, board.height) == (3, 3)
    assert board != goal and is_solvable(board, goal)
    expect(page.locator("#grid")).not_to_have_class("grid solved")
    expect(page.locator("#status")).to_have_text(
        f"npuzzle {site.version} ready. A shuffled 3x3 board: slide the tiles until they read"
        " 1 to 8, the gap last."
    )
    expect(page.get_by_label("Size")).to_have_value("3x3")
    # The board is in the address at once (a reload keeps it), in place of the page's entry.
    assert f"board={board.format('rows')}" in page.url
    # Playable at once: a tile next to the gap slides.
    (move, *_) = board.legal_moves()
    moved = board.move(move)
    tile(page, moved.tiles[board.blank]).click()
    expect(page.locator("#moves")).to_have_text("1")
    expect(page.locator("#grid")).to_have_attribute("data-tiles", moved.format("rows"))
    page.reload()
    page.wait_for_selector('body[data-ready="true"]', state="attached")
    expect(page.locator("#grid")).to_have_attribute("data-tiles", moved.format("rows"))
    # How to move a tile is said beside the grid (on this wide screen), as the Play panel's
    # first words: level with the grid, before the Board settings.
    expect(page.locator("#tab-play")).to_have_attribute("aria-selected", "true")
    help_box = page.locator("#keys-help").bounding_box()
    grid_box = page.locator("#grid").bounding_box()
    board = page.locator("#board-group").bounding_box()
    assert help_box and grid_box and board
    assert help_box["x"] >= grid_box["x"] + grid_box["width"]
    assert help_box["y"] < grid_box["y"] + grid_box["height"]
    assert help_box["y"] + help_box["height"] < board["y"]
    expect(page.locator("#keys-help")).to_contain_text("arrow key")
    assert watch.page_errors == [] and watch.console_errors == []
    page.go_back()  # no entry of the page without its board: Back leaves the site
    assert page.url == "about:blank"


def test_click_adjacent_moves_and_far_does_nothing(page: Page, site: Site) -> None:
    load(page, site.url + SOLVED)
    status = page.locator("#status")
    # Not next to the blank: nothing happens.
    tile(page, 1).click()
    expect(page.locator("#moves")).to_have_text("0")
    expect(status).to_have_text("Tile 1 is not next to the gap.")
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
    load(page, site.url + SOLVED)
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
    goal = Board.goal("standard", 4, 4)
    opened = Board.parse(grid_tiles(page))  # a new size opens shuffled, not solved
    assert opened != goal and opened.size == 16 and is_solvable(opened, goal)
    page.get_by_role("button", name="Shuffle").click()
    board = Board.parse(grid_tiles(page))
    assert board.size == 16 and is_solvable(board, goal)
    page.get_by_role("button", name="Reset").click()
    assert grid_tiles(page) == goal.format("rows")
    expect(page.locator("#grid")).to_have_class("grid solved")
    expect(page.locator("#status")).to_contain_text("Solved!")
    expect(page.locator("#moves")).to_have_text("0")
    # A rectangular size.
    page.get_by_label("Size").select_option("2x3")
    expect(page.locator("#grid button")).to_have_count(5)
    small = Board.parse(grid_tiles(page))
    assert (small.width, small.height) == (2, 3) and small != Board.goal("standard", 2, 3)


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
    page.keyboard.press("Tab")  # the grid's first cell
    page.keyboard.press("ArrowRight")  # the next: its focus ring shows in the screenshot
    expect(page.locator("#grid :focus")).to_have_count(1)
    grid = page.locator("#grid").bounding_box()
    assert grid is not None
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= width
    # Nothing scrolls sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(Path("/tmp") / f"{name}.png"), full_page=True)


def test_swipes_move_tiles_and_taps_still_click(page: Page, site: Site) -> None:
    load(page, site.url + SOLVED)
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
    load(page, site.url + SOLVED)
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


# ----- the grid as an ARIA grid ------------------------------------------------------------
# 8 6 7 / 2 5 4 / 3 _ 1: the gap is at row 3, column 2, between tiles 3 and 1, below tile 5.
HARD = "8,6,7/2,5,4/3,0,1"


def accessibility_rows(page: Page) -> list[list[str]]:
    """The grid as Chromium's accessibility tree has it (what a screen reader is given): its
    rows in order, each the names of its gridcells in order."""
    cdp = page.context.new_cdp_session(page)
    nodes = {n["nodeId"]: n for n in cdp.send("Accessibility.getFullAXTree")["nodes"]}

    def role(node: dict[str, Any]) -> str:
        return str(node.get("role", {}).get("value", ""))

    def below(node: dict[str, Any], wanted: str) -> list[dict[str, Any]]:
        found = []
        for child in (nodes[i] for i in node.get("childIds", []) if i in nodes):
            found += [child] if role(child) == wanted else below(child, wanted)
        return found

    (grid,) = [n for n in nodes.values() if role(n) == "grid"]
    assert grid["name"]["value"] == "Puzzle"
    return [[c["name"]["value"] for c in below(row, "gridcell")] for row in below(grid, "row")]


def focused_name(page: Page) -> str:
    return str(page.evaluate("document.activeElement.getAttribute('aria-label')"))


def test_the_accessibility_tree_reads_the_grid_in_grid_order_with_each_place(
    page: Page, site: Site
) -> None:
    load(page, f"{site.url}#board={HARD}")
    assert accessibility_rows(page) == [
        ["Tile 8, row 1, column 1", "Tile 6, row 1, column 2", "Tile 7, row 1, column 3"],
        ["Tile 2, row 2, column 1", "Tile 5, row 2, column 2", "Tile 4, row 2, column 3"],
        ["Tile 3, row 3, column 1", "Gap, row 3, column 2", "Tile 1, row 3, column 3"],
    ]
    tile(page, 5).click()  # slides down: the tree follows
    assert accessibility_rows(page)[1:] == [
        ["Tile 2, row 2, column 1", "Gap, row 2, column 2", "Tile 4, row 2, column 3"],
        ["Tile 3, row 3, column 1", "Tile 5, row 3, column 2", "Tile 1, row 3, column 3"],
    ]
    expect(page.get_by_role("gridcell", name="Tile 5, row 3, column 2")).to_have_count(1)


def test_the_grid_is_one_tab_stop_whose_focus_arrows_home_and_end_move(
    page: Page, site: Site
) -> None:
    load(page, f"{site.url}#board={HARD}")
    page.get_by_role("button", name="Hint").focus()
    page.keyboard.press("Tab")
    assert focused_name(page) == "Tile 8, row 1, column 1"
    page.keyboard.press("Tab")  # one stop: the next Tab leaves the grid
    assert page.evaluate("document.activeElement.closest('#grid')") is None
    page.keyboard.press("Shift+Tab")
    assert focused_name(page) == "Tile 8, row 1, column 1"
    for key, name in [
        ("ArrowRight", "Tile 6, row 1, column 2"),
        ("ArrowDown", "Tile 5, row 2, column 2"),
        ("ArrowDown", "Gap, row 3, column 2"),
        ("ArrowDown", "Gap, row 3, column 2"),  # the edge
        ("End", "Tile 1, row 3, column 3"),
        ("Home", "Tile 3, row 3, column 1"),
        ("Control+Home", "Tile 8, row 1, column 1"),
        ("Control+End", "Tile 1, row 3, column 3"),
    ]:
        page.keyboard.press(key)
        assert focused_name(page) == name, key
    expect(page.locator("#moves")).to_have_text("0")  # the arrows moved the focus only
    assert grid_tiles(page) == HARD
    assert page.locator("#grid [tabindex='0']").count() == 1
    page.keyboard.press("Tab")  # leaves, and comes back to the cell it left
    page.keyboard.press("Shift+Tab")
    assert focused_name(page) == "Tile 1, row 3, column 3"


def test_enter_and_space_slide_the_focused_tile_which_still_slides_on_screen(
    page: Page, site: Site
) -> None:
    load(page, f"{site.url}#board={HARD}")
    page.evaluate("""() => {
        window.slid = [];
        document.querySelector("#grid").addEventListener("transitionrun", (e) => {
            if (e.propertyName === "transform") window.slid.push(e.target.dataset.tile);
        });
    }""")
    page.get_by_role("button", name="Hint").focus()
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")  # tile 2: not next to the gap
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_text("Tile 2 is not next to the gap.")
    page.keyboard.press("ArrowRight")  # tile 5, above the gap: Enter slides it down
    page.keyboard.press("Enter")
    expect(page.locator("#moves")).to_have_text("1")
    assert grid_tiles(page) == "8,6,7/2,0,4/3,5,1"
    expect(page.locator("#status")).to_have_text("Moved tile 5 down. 1 move.")
    assert focused_name(page) == "Gap, row 2, column 2"  # the focus stays on the cell
    page.keyboard.press("Enter")  # on the gap: says what to do
    expect(page.locator("#status")).to_contain_text("Row 2, column 2 is the gap")
    page.keyboard.press("ArrowLeft")  # tile 2, beside the gap now: Space slides it right
    page.keyboard.press("Space")
    expect(page.locator("#moves")).to_have_text("2")
    assert grid_tiles(page) == "8,6,7/0,2,4/3,5,1"
    assert focused_name(page) == "Gap, row 2, column 1"
    # Both moves slid (a new row for tile 5, the same row for tile 2).
    assert page.evaluate("window.slid") == ["5", "2"]
    # Outside the grid the arrow keys still slide a tile in their direction.
    page.get_by_role("button", name="Share").focus()
    page.keyboard.press("ArrowLeft")  # tile 2 slides back left into the gap
    expect(page.locator("#moves")).to_have_text("3")
    assert grid_tiles(page) == "8,6,7/2,0,4/3,5,1"
    expect(page.get_by_role("button", name="Share")).to_be_focused()
    # A click does not pull the focus into the grid: the arrow keys go on sliding tiles.
    tile(page, 2).click()  # slides right again
    expect(page.locator("#moves")).to_have_text("4")
    expect(page.get_by_role("button", name="Share")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#moves")).to_have_text("5")


def test_the_focused_cell_shows_a_ring_on_a_tile_and_on_the_gap(page: Page, site: Site) -> None:
    load(page, f"{site.url}#board={HARD}")
    page.get_by_role("button", name="Hint").focus()
    page.keyboard.press("Tab")
    ring = "(e) => getComputedStyle(e).outlineStyle + ' ' + getComputedStyle(e).outlineWidth"
    face = page.locator("#grid .tile:focus .face")
    assert face.evaluate(ring) == "solid 3px"
    page.keyboard.press("Control+End")
    page.keyboard.press("ArrowLeft")
    gap = page.locator("#grid .gap")
    expect(gap).to_be_focused()
    assert gap.evaluate(ring) == "dashed 3px"
    gap_box, grid_box = gap.bounding_box(), page.locator("#grid").bounding_box()
    assert gap_box and grid_box
    assert grid_box["x"] < gap_box["x"] < grid_box["x"] + grid_box["width"]
